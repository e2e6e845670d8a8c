"""Lecture pacing, as a lecturer uses it (issue 8): a step reveals row i of the table, term i of the
worked sum and the running headline together; a new example starts at step 1; a drag, a new K or a
new convention never leaves a stale step; the clicker's keys move the step.

After every action, on every paced page: the headline's running value, the highlighted (last shown)
row of the step window and the number the worked formula ends with agree, and they equal what
``metrics`` computes on the first i ranks.
"""

from __future__ import annotations

import re

import pytest

import metrics
from metrics.explanation import COLUMN_LABELS
from tests.apptest_helpers import lanes_data, load_preset, open_page, step_windows
from ui.session import state

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

#: page -> (its file, the running quantity the formula ends with, that quantity's step-table column)
PAGES = {
    "ndcg": ("pages/ndcg.py", "nDCG", "nDCG"),
    "ap": ("pages/ap.py", "AP", "AP"),
    "rr": ("pages/rr.py", "RR", "RR"),
    "roc": ("pages/roc.py", "AUC", "running_area"),
}
NUMBER = re.compile(r"=\s*(-?\d+(?:\.\d+)?)\s*$")


def step_of(at) -> tuple[int, int]:
    """"Step i of n" as the step bar says it."""
    for markdown in at.markdown:
        found = re.match(r"\*\*Step (\d+) of (\d+)\*\*", markdown.value)
        if found:
            return int(found.group(1)), int(found.group(2))
    raise AssertionError("no step bar")


def headline(at, quantity: str, step: int, total: int) -> float:
    """The headline's running value of ``quantity`` (its final label once every step is shown)."""
    if step < total:
        [value] = [m.value for m in at.metric if m.label == f"{quantity} so far (step {step})"]
    else:
        [value] = [m.value for m in at.metric if m.label.startswith(quantity) and "so far" not in m.label]
    return float(value)


def blocks(node):
    for child in getattr(node, "children", {}).values():
        yield child
        yield from blocks(child)


def formula_result(at) -> float:
    """The number the worked formula's last line ends with (``... = 0.9778``)."""
    [box] = [block for block in blocks(at.main) if getattr(block, "key", None) == "lecture_formula"]
    lines = [node.value for node in blocks(box) if type(node).__name__ == "Latex"]
    results = [float(found.group(1)) for line in lines if (found := NUMBER.search(line.strip("$ \n")))]
    assert results, lines
    return results[-1]


def current_row(at, column: str):
    """The step window's last (highlighted) row: its rank and the running value."""
    window = step_windows(at)[0]
    row = window.iloc[-1]
    rank = row.iloc[0]  # rank (the ROC table: the segment)
    return int(float(str(rank))), float(str(row[COLUMN_LABELS.get(column, column)]).replace("–", "nan"))


def assert_agree(at, page: str) -> tuple[int, int]:
    """Headline, highlighted row and formula agree (4 decimals), at the step the bar shows."""
    _, quantity, column = PAGES[page]
    step, total = step_of(at)
    rank, value = current_row(at, column)
    assert rank == step, (rank, step)
    shown = headline(at, quantity, step, total)
    assert shown == pytest.approx(value, abs=5e-5)
    assert formula_result(at) == pytest.approx(value, abs=5e-5)
    if page != "roc":  # the lanes outline the same rank (none once every step is shown)
        assert lanes_data(at)["step"] == (None if step == total else step)
    return step, total


def press(at, page: str, action: str):
    """A presentation clicker's key (ui.teaching.keys sends it as the component's trigger value)."""
    at.session_state[f"{page}_keys"] = {"action": action}
    at.run()
    at.session_state[f"{page}_keys"] = {}  # a browser sends a trigger for one run only
    assert not at.exception, [e.message for e in at.exception]
    return at


@pytest.mark.parametrize("page", list(PAGES))
def test_a_new_example_starts_at_step_1_and_every_step_agrees(app_test, page):
    at = open_page(app_test, PAGES[page][0], all_steps=False)
    if page != "roc":
        load_preset_at_step_1 = at.radio(key="builder_preset").set_value("003_ndcg").run()
        assert not load_preset_at_step_1.exception
    step, total = assert_agree(at, page)
    assert step == 1 and total > 1
    for expected in range(2, total + 1):
        at.button(key=state.page_key(page, "step_next")).click().run()
        assert assert_agree(at, page) == (expected, total)
    assert at.button(key=state.page_key(page, "step_next")).disabled  # every step shown: the final value
    at.button(key=state.page_key(page, "step_back")).click().run()
    assert assert_agree(at, page) == (total - 1, total)
    at.button(key=state.page_key(page, "step_start")).click().run()
    assert assert_agree(at, page) == (1, total)
    at.button(key=state.page_key(page, "step_all")).click().run()
    assert assert_agree(at, page) == (total, total)


@pytest.mark.parametrize("page", ["ndcg", "ap"])
def test_k_and_conventions_changed_mid_way_never_leave_a_stale_step(app_test, page):
    at = open_page(app_test, PAGES[page][0], all_steps=False)
    load_preset(at, "003_ndcg")  # (load_preset shows every step: go back to step 2)
    at.button(key=state.page_key(page, "step_start")).click().run()
    at.button(key=state.page_key(page, "step_next")).click().run()
    assert assert_agree(at, page)[0] == 2
    revision = at.session_state[state.REVISION]
    at.slider(key=f"{page}_k_{revision}").set_value(4).run()  # K down from 5: still step 2, of 4
    assert assert_agree(at, page) == (2, 4)
    at.slider(key=f"{page}_k_{revision}").set_value(1).run()  # below the step: clamped to K
    assert assert_agree(at, page) == (1, 1)
    at.slider(key=f"{page}_k_{revision}").set_value(5).run()  # K back up: the step it was at
    assert assert_agree(at, page) == (2, 5)
    setting, other = ("gain", "linear") if page == "ndcg" else ("ap_denominator", "found")
    at.radio(key=f"{page}_{setting}_{revision}").set_value(other).run()
    assert assert_agree(at, page) == (2, 5)  # the same step, the new convention's numbers
    at.button(key=state.page_key(page, "step_all")).click().run()
    at.slider(key=f"{page}_k_{revision}").set_value(3).run()
    at.slider(key=f"{page}_k_{revision}").set_value(5).run()  # "everything shown" stays everything
    assert assert_agree(at, page) == (5, 5)


def test_a_drag_keeps_the_step_and_shows_the_new_numbers(app_test):
    at = open_page(app_test, "pages/ndcg.py", all_steps=False)
    at.button(key=state.page_key("ndcg", "step_next")).click().run()
    step, total = assert_agree(at, "ndcg")
    board = at.session_state[state.BOARD]
    at.session_state[state.BOARD] = board.with_ranking(board.ranking[::-1])  # what a drop does
    at.run()
    assert assert_agree(at, "ndcg") == (step, total)
    expected = metrics.ndcg_steps(at.session_state[state.BOARD].rels(), k=total,
                                  ideal=at.session_state[state.BOARD].ideal_grades())
    assert headline(at, "nDCG", step, total) == pytest.approx(expected.table["nDCG"].iloc[step - 1], abs=5e-5)
    # the change in words under the headline: the moves, not the final value (steps remain hidden)
    assert any("rank" in caption.value and "nDCG" not in caption.value for caption in at.caption)


@pytest.mark.parametrize("page", ["ndcg", "rr", "roc"])
def test_clicker_keys_move_the_step(app_test, page):
    at = open_page(app_test, PAGES[page][0], all_steps=False)
    step, total = assert_agree(at, page)
    assert step == 1
    assert assert_agree(press(at, page, "next"), page)[0] == 2
    assert assert_agree(press(at, page, "next"), page)[0] == min(3, total)
    assert assert_agree(press(at, page, "back"), page)[0] == 2
    assert assert_agree(press(at, page, "end"), page) == (total, total)
    assert assert_agree(press(at, page, "next"), page) == (total, total)  # nothing after the last step
    assert assert_agree(press(at, page, "start"), page)[0] == 1
    assert assert_agree(press(at, page, "back"), page)[0] == 1


def test_the_headline_never_shows_the_final_answer_while_steps_remain(app_test):
    at = open_page(app_test, "pages/ndcg.py", all_steps=False)
    board = at.session_state[state.BOARD]
    final = metrics.ndcg_steps(board.rels(), k=board.k, ideal=board.ideal_grades(), ideal_from=board.ideal)
    step, total = step_of(at)
    while step < total:
        assert not [m for m in at.metric if m.label == final.measure]
        assert "so far" in " ".join(m.label for m in at.metric)
        at.button(key=state.page_key("ndcg", "step_next")).click().run()
        step, total = step_of(at)
    assert [m.value for m in at.metric if m.label == final.measure] == [f"{final.value:.4f}"]


def test_cutoff_steps_through_the_cut_offs(app_test):
    at = open_page(app_test, "pages/cutoff.py", all_steps=False)
    board = at.session_state[state.BOARD]
    rels, R = board.rels(), board.n_relevant(board.threshold)
    step, total = step_of(at)
    while True:
        values = {m.label: float(m.value) for m in at.metric if m.value != "?"}
        if step < total:
            assert values[f"P@{step}"] == pytest.approx(metrics.precision_at_k(rels, step), abs=5e-5)
            assert values[f"R@{step}"] == pytest.approx(metrics.recall_at_k(rels, step, R), abs=5e-5)
            assert values[f"Success@{step}"] == metrics.hit_rate_at_k(rels, step)
            assert "?" in [m.value for m in at.metric]  # R-precision waits for the last step
        else:
            assert values[f"P@{total}"] == pytest.approx(metrics.precision_at_k(rels, total), abs=5e-5)
            break
        at.button(key=state.page_key("cutoff", "step_next")).click().run()
        step, total = step_of(at)
