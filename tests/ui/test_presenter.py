"""Presenter mode (ui.teaching.presenter) on the handout page, in AppTest: Present / Exit, the clicker keys
(ui.teaching.keys, simulated through the component's session-state value), the Previous / Next buttons, the
shown step, the QR code of the share link, and the style that hides the rest only while presenting."""

from __future__ import annotations

import base64

import pytest
from pyzbar.pyzbar import decode
from streamlit.testing.v1 import AppTest

from metrics.explanation import num
from metrics.teaching.handout import presenter_steps
from tests.apptest_helpers import open_page
from tests.ui.pages.test_page_handout import HOSTILE, METRICS, choose, expected
from tests.ui.test_qr import image, modules
from ui.data.share import encode_board
from ui.model.board import Board
from ui.model.presets import PRESETS
from ui.teaching import presenter

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

PAGE = "pages/handout.py"
KEYS = presenter.keys_key("handout")
BOARD = Board.from_ranking([3, 2, 3, 0, 1, 2], items=list("ABCDEF"), k=6)


def present(at: AppTest) -> AppTest:
    at.button(key="handout__present").click().run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def press(at: AppTest, action: str) -> AppTest:
    """What the browser sends for one clicker key; then back to no key (the browser sends a trigger
    for one run only, AppTest would keep it)."""
    at.session_state[KEYS] = {"action": action}
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    at.session_state[KEYS] = {}
    return at


def counter(at: AppTest) -> str:
    """The progress indicator, "3 / 6"."""
    return next(m.value for m in at.markdown if " / " in m.value and m.value.replace(" / ", "").isdigit())


def heading(at: AppTest) -> str:
    return next(m.value for m in at.markdown if m.value.startswith("# "))


def styled(at: AppTest) -> bool:
    """Whether the style that hides everything but the presenter was sent."""
    return any("stSidebar" in h.proto.body for h in at.get("html"))


def shows(at: AppTest, board: Board, metric: str, n: int) -> None:
    """Step ``n`` (from 1) is on the page: counter, rank and item, the formula, the metric so far."""
    steps = presenter_steps(expected(board, metric))
    step = steps[n - 1]
    assert counter(at) == f"{n} / {len(steps)}"
    assert heading(at).startswith(f"# rank {step.rank} · {step.item}")
    assert presenter.formula(step.term) in [m.value for m in at.markdown]
    for i, (label, value) in enumerate(step.running):
        assert [m.value for m in at.metric if m.label == label] == [f"{value:.4f}" if i == 0 else
                                                                    num(value, 4)]


def page_components(at) -> list[str]:
    """The components the page draws (the app draws ui.session.browser_history and ui.classroom.live_resume on every page)."""
    return [c.proto.component_name for c in at.get("bidi_component")
            if c.proto.component_name not in ("ranking_metrics_lab.browser_history", "ranking_metrics_lab.live_resume")]


def test_present_hides_the_handout_and_exit_brings_it_back(app_test):
    at = open_page(app_test, PAGE, BOARD)
    assert at.get("download_button") and not styled(at) and not page_components(at)
    present(at)
    assert not at.get("download_button") and styled(at)  # the page ends after the step
    assert page_components(at) == ["ranking_metrics_lab.clicker_keys"]
    shows(at, BOARD, "nDCG", 1)
    at.button(key="handout__presenter_exit").click().run()
    assert not at.exception
    assert at.get("download_button") and not styled(at) and not page_components(at)
    assert at.button(key="handout__present").label == "Present"


@pytest.mark.parametrize("metric", METRICS)
def test_clicker_keys_move_through_the_steps(app_test, metric):
    at = present(choose(open_page(app_test, PAGE, BOARD), metric))
    total = len(expected(BOARD, metric).table)
    shows(at, BOARD, metric, 1)
    for action, step in (("next", 2), ("next", 3), ("back", 2), ("end", total), ("next", total), ("start", 1),
                         ("back", 1)):
        press(at, action)
        shows(at, BOARD, metric, step)
    at.run()  # a run without a key (a rerun for any other reason) stays where it is
    shows(at, BOARD, metric, 1)


def test_escape_leaves_and_a_new_presentation_starts_at_the_first_step(app_test):
    at = present(open_page(app_test, PAGE, BOARD))
    press(at, "end")
    press(at, "exit")
    assert at.get("download_button") and not styled(at)
    present(at)
    shows(at, BOARD, "nDCG", 1)


def test_previous_and_next_buttons(app_test):
    at = present(open_page(app_test, PAGE, BOARD))
    assert at.button(key="handout__presenter_previous").disabled
    at.button(key="handout__presenter_next").click().run()
    shows(at, BOARD, "nDCG", 2)
    press(at, "end")
    assert at.button(key="handout__presenter_next").disabled
    at.button(key="handout__presenter_previous").click().run()
    shows(at, BOARD, "nDCG", 5)


def test_the_step_is_clamped_when_the_board_shrinks(app_test):
    at = present(open_page(app_test, PAGE, BOARD))
    press(at, "end")
    smaller = Board.from_ranking([1, 0], items=["x", "y"], k=2)
    at.session_state["board"] = smaller
    at.run()
    assert not at.exception
    shows(at, smaller, "nDCG", 2)


def test_the_qr_code_is_the_share_link_of_the_board(app_test):
    at = present(open_page(app_test, PAGE, BOARD))
    (picture,) = at.get("image")
    url = picture.proto.imgs[0].url
    assert url.startswith("data:image/svg+xml;base64,")
    svg = base64.b64decode(url.split(",", 1)[1]).decode()
    (found,) = decode(image(modules(svg)))
    assert found.data.decode() == f"?b={encode_board(BOARD)}"  # AppTest has no URL: the link is relative
    assert picture.proto.imgs[0].caption == "Scan for this board"


def test_the_grade_and_unjudged_items(app_test):
    board = Board(grades={"a": 2, "b": None, "c": 0}, ranking=("b", "a", "c"), k=3)
    at = present(open_page(app_test, PAGE, board))
    assert heading(at).endswith(":gray-badge[unjudged]")
    press(at, "next")
    assert heading(at).endswith(":gray-badge[grade 2]")


def test_hostile_names_are_shown_as_text(app_test):
    at = present(open_page(app_test, PAGE, HOSTILE))
    headings = []
    for _ in HOSTILE.ranking:
        shown = "\n".join(m.value for m in at.markdown)
        assert "<img" not in shown and "<script>" not in shown and "$x$" not in shown
        headings.append(heading(at))
        press(at, "next")
    assert "&lt;img src=x onerror=alert(1)&gt;" in headings[0] and r"50%\_&amp;\_\$x\$" in headings[1], headings
    assert any("&lt;script&gt;" in m.value for m in at.markdown)  # the board's title, in the top bar


def test_the_sentence_of_the_ndcg_example(app_test):
    at = present(open_page(app_test, PAGE, Board.from_ranking([3, 2, 3, 0, 1], items=list("ABCDE"), k=3)))
    press(at, "end")
    assert heading(at) == "# rank 3 · C :gray-badge[grade 3]"
    assert "gain 3, discount log2(4) = 2, adds 1.5 → DCG 5.7619" in [m.value for m in at.markdown]
    assert at.progress[0].value in (100, 1.0)


def test_an_article_example_in_chinese(app_test):
    at = present(open_page(app_test, PAGE, PRESETS["003_ndcg"], language="zh"))
    assert heading(at).startswith("# 第 1 位 · ") and "相关性等级" in heading(at)
    assert at.button(key="handout__presenter_exit").label == "退出"
    press(at, "next")
    assert counter(at) == "2 / 5"
    text = [m.value for m in at.markdown]
    assert any(value.startswith("增益 ") for value in text), text


# --------------------------------------------------------------------------- ui.teaching.keys alone


def keys_app():
    import streamlit as st

    from ui.teaching.keys import clicker_keys

    st.write(f"plain: {clicker_keys('plain')}")
    st.write(f"with escape: {clicker_keys('escaping', escape=True)}")


@pytest.mark.parametrize("sent, plain, escaping", [
    ({"action": "next"}, "next", "next"), ({"action": "exit"}, "None", "exit"), ({"action": "jump"}, "None", "None"),
    ({}, "None", "None"),
])
def test_clicker_keys_returns_known_actions_only(sent, plain, escaping):
    at = AppTest.from_function(keys_app)
    at.run()
    assert [m.value for m in at.markdown] == ["plain: None", "with escape: None"]
    at.session_state["plain"] = sent
    at.session_state["escaping"] = sent
    at.run()
    assert [m.value for m in at.markdown] == [f"plain: {plain}", f"with escape: {escaping}"]


def test_clicker_keys_refuses_a_key_components_cannot_take():
    from ui.teaching.keys import clicker_keys

    with pytest.raises(ValueError, match="must not contain '__'"):
        clicker_keys("handout__keys")  # ui.session.state.page_key's form: components v2 reserve "__"
