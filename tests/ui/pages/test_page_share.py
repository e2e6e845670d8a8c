"""Shareable boards in the app (AppTest): a link's ``b`` parameter puts its board on in a new
session, a bad one is ignored with a notice, and the URL follows every change of the board."""

from __future__ import annotations

import re

import pytest

from metrics import ndcg
from tests.apptest_helpers import builder_frame, builder_title, show_all
from tests.ui.test_share import XSS, pack
from ui.data.share import PARAM, SHARE_HELP, decode_board, encode_board
from ui.model.board import Board
from ui.model.presets import DEFAULT_PRESET, PRESETS
from ui.session import state

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

NDCG = "pages/ndcg.py"


def ok(at):
    assert not at.exception, [e.message for e in at.exception]
    return at


def open_link(app_test, text: str | None, page: str | None = None):
    """A new session opened with ``?b=text`` (on ``page``, if given, as the link's path would)."""
    at = app_test()
    if text is not None:
        at.query_params[PARAM] = text
    ok(at.run())
    if page:
        ok(at.switch_page(page).run())
    return at


def board_of(at) -> Board:
    return at.session_state[state.BOARD]


def ndcg_shown(at) -> tuple[int, float]:
    """K and nDCG@K on the nDCG page, every step shown (a link's board opens at step 1)."""
    show_all(at)
    [metric] = [m for m in at.metric if m.label.startswith("nDCG")]
    return int(metric.label.rsplit("@", 1)[1]), float(metric.value)


def link_shown(at) -> str:
    """The link in the builder's share control."""
    [code] = [c for c in at.code if f"?{PARAM}=" in c.value]
    return code.value


SHARED = Board(grades={"q": 0, XSS: 3, "文档": 2, "d4": None, "d5": 1}, ranking=("文档", "q", XSS, "d4"), k=3,
               gain="exponential", ideal="list", ap_denominator="found", threshold=2)


def test_link_board_is_put_on(app_test):
    text = encode_board(SHARED)
    at = open_link(app_test, text, NDCG)
    assert board_of(at) == SHARED
    assert at.session_state[state.ORIGIN] == SHARED  # Reset goes back to the link's board
    assert not at.warning
    k, value = ndcg_shown(at)
    assert k == 3
    assert value == pytest.approx(ndcg(SHARED.rels(), 3, "exponential", ideal=SHARED.ideal_grades()), abs=5e-5)
    assert at.query_params[PARAM] == text  # the URL keeps the same link
    assert link_shown(at) == f"?{PARAM}={text}"
    gain = next(r for r in at.radio if (r.key or "").startswith("ndcg_gain"))
    assert gain.value == "exponential"  # the page's controls show the link's conventions


def test_link_board_wins_over_the_default(app_test):
    board = PRESETS["relevant_at_bottom"].with_k(2)
    at = open_link(app_test, encode_board(board), NDCG)
    assert board_of(at) == board.with_settings(title="", note="")
    assert board_of(at) != PRESETS[DEFAULT_PRESET]
    assert ndcg_shown(at)[0] == 2


def test_link_to_an_unchanged_example_gets_its_title_back(app_test):
    at = open_link(app_test, encode_board(PRESETS["003_ndcg"]), NDCG)
    assert board_of(at) == PRESETS["003_ndcg"]
    assert at.session_state[state.PRESET] == "003_ndcg"
    assert builder_title(at) == PRESETS["003_ndcg"].title


def test_link_is_read_once_per_session(app_test):
    at = open_link(app_test, encode_board(SHARED), NDCG)
    at.button(key="builder_Ideal order").click()
    ok(at.run())
    assert board_of(at) == SHARED.ideal_order()  # the old link did not come back
    assert decode_board(at.query_params[PARAM]) == SHARED.ideal_order()


@pytest.mark.parametrize("text, reason", [
    ("garbage", "not a board link"),
    ("2.abc", "unknown link version"),
    ("1.%%%", "not base64url"),
    ("1." + "A" * 9000, "too long"),
    (pack('{"grades": {"a": NaN}, "ranking": []}'), "contains NaN"),
    (pack({"grades": {XSS: 1}, "ranking": ["[click me](https://example.com)"]}), "is not among the items"),
    (pack({"grades": {"a": 1}, "ranking": ["a"], "k": 0}), "K is out of range"),
    (pack({"grades": {"a": 1}, "ranking": ["`x` ``y`` https://evil.example"]}), "https://evil.example"),
    (pack("[" * 50_000), "not valid JSON"),
], ids=["garbage", "version", "characters", "too-long", "nan", "hostile-name", "k", "backticks", "nesting"])
def test_bad_link_is_ignored_with_a_notice(app_test, text, reason):
    at = open_link(app_test, text)
    assert board_of(at) == PRESETS[DEFAULT_PRESET]
    [warning] = at.warning
    # the reason is shown as a code span: a hostile name makes no link, tag or formatting
    match = re.fullmatch(r"The link's board could not be read: (`+) (.*) \1; showing the default example\.",
                         warning.value)
    assert match, warning.value
    assert reason in match[2] and match[1] not in match[2]
    assert decode_board(at.query_params[PARAM]) == PRESETS[DEFAULT_PRESET].with_settings(title="", note="")
    ok(at.switch_page(NDCG).run())  # and the pages work on the default board
    assert not at.warning  # the notice was for the first run


def test_no_link_writes_the_default_board(app_test):
    at = open_link(app_test, None)
    assert not at.warning
    assert decode_board(at.query_params[PARAM]) == PRESETS[DEFAULT_PRESET].with_settings(title="", note="")


def test_url_follows_the_board(app_test):
    at = open_link(app_test, None, NDCG)
    before = at.query_params[PARAM]
    at.radio(key="builder_preset").set_value("003_ndcg")
    ok(at.run())
    assert decode_board(at.query_params[PARAM]) == PRESETS["003_ndcg"].with_settings(title="", note="")
    assert at.query_params[PARAM] != before
    assert link_shown(at).endswith(at.query_params[PARAM])

    at.button(key="builder_Ideal order").click()
    ok(at.run())
    assert decode_board(at.query_params[PARAM]) == PRESETS["003_ndcg"].ideal_order().with_settings(title="", note="")

    # a change made by the page's own controls, below the builder, is in the URL and the share box too
    at.slider[0].set_value(2)
    ok(at.run())
    assert decode_board(at.query_params[PARAM]).k == 2
    assert link_shown(at) == f"?{PARAM}={at.query_params[PARAM]}"
    gain = next(r for r in at.radio if (r.key or "").startswith("ndcg_gain"))
    gain.set_value("linear" if gain.value == "exponential" else "exponential")
    ok(at.run())
    assert decode_board(at.query_params[PARAM]).gain == board_of(at).gain
    assert link_shown(at) == f"?{PARAM}={at.query_params[PARAM]}"


def test_round_trip_through_the_app(app_test):
    """Change the board in one session, open its URL in another: the same board and value."""
    first = open_link(app_test, None, NDCG)
    first.radio(key="builder_preset").set_value("001_hit_ap_mrr")
    ok(first.run())
    first.slider[0].set_value(4)
    ok(first.run())
    second = open_link(app_test, first.query_params[PARAM], NDCG)
    assert board_of(second) == board_of(first).with_settings(title="", note="")
    assert ndcg_shown(second) == ndcg_shown(first)


def test_board_too_large_for_a_link(app_test):
    at = open_link(app_test, None, NDCG)
    items = [f"item-{i:04d}-{'x' * 60}" for i in range(250)]
    at.session_state[state.BOARD] = Board.from_ranking([i % 3 for i in range(250)], items=items)
    at.session_state[state.REVISION] += 1
    ok(at.run())
    assert PARAM not in at.query_params  # no link that would not open
    assert any("cannot be shared as a link" in w.value for w in at.warning)


def test_share_control_is_in_the_builder(app_test):
    at = open_link(app_test, None, NDCG)
    [toolbar] = [block for block in builder_frame(at).children.values() if block.key == "builder_toolbar"]
    popovers = [node for node in toolbar.children.values() if node.type == "popover"]
    assert popovers[-1].proto.popover.help == SHARE_HELP  # the toolbar's last control
    assert link_shown(at) == f"?{PARAM}={at.query_params[PARAM]}"


def test_a_page_keeps_its_own_state_in_its_links_for_one_run():
    """``share.keep_in_link``: the page's parameter joins the link (the presenter's QR code, the share box) and the
    address bar in the run that keeps it, and leaves both in a run that does not; an unknown name is a bug."""
    from streamlit.testing.v1 import AppTest

    def script():
        import streamlit as st

        from ui.data import share

        if st.session_state.get("keep", True):
            share.keep_in_link("d", "1.abc")
        st.text(share.link("X"))
        try:
            share.keep_in_link("zz", "1")
        except ValueError as error:
            st.text(str(error))
        share.write_to_url()

    at = ok(AppTest.from_function(script).run())
    assert at.text[0].value == "?b=X&d=1.abc" and "PAGE_PARAMS" in at.text[1].value
    assert at.query_params["d"] in ("1.abc", ["1.abc"])
    at.session_state["keep"] = False
    ok(at.run())
    assert at.text[0].value == "?b=X" and "d" not in at.query_params
