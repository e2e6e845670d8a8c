"""metrics.teaching.changes.describe_change (a change of the board in words) and ui.session.changes.show_change."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from metrics import MetricsInputError, describe_change, signed_delta
from metrics.teaching.changes import MANY, SHIFT, SHIFT_BY_ONE, TEMPLATES, Move
from ui.locale import catalog

ZH = catalog("zh")  # English -> 中文: the catalogue's plain entries

BOARD = ["d1", "d2", "d3", "d4", "d5"]


def test_swap_names_both_items():
    change = describe_change(BOARD, ["d1", "d5", "d3", "d4", "d2"])
    assert change.moves == (Move("d2", 2, 5), Move("d5", 5, 2)) and change.shifted == ()
    assert str(change) == "d2: rank 2 → 5 · d5: rank 5 → 2"


def test_swap_of_neighbours_names_both_items():
    assert str(describe_change(BOARD, ["d1", "d3", "d2", "d4", "d5"])) == "d2: rank 2 → 3 · d3: rank 3 → 2"


def test_move_to_the_top_names_the_dragged_item_and_the_others_shift():
    change = describe_change(BOARD, ["d4", "d1", "d2", "d3", "d5"])
    assert change.moves == (Move("d4", 4, 1),)
    assert [move.item for move in change.shifted] == ["d1", "d2", "d3"] and change.shift_by_one
    assert str(change) == "d4: rank 4 → 1 · the others shift by one"


def test_entry_from_the_pool_and_exit_to_the_pool():
    assert str(describe_change(BOARD, ["d1", "d2", "d3", "d7", "d4", "d5"])) == \
        "d7: pool → rank 4 · the others shift by one"
    assert str(describe_change(BOARD, BOARD + ["d7"])) == "d7: pool → rank 6"
    assert str(describe_change(BOARD, ["d1", "d3", "d4", "d5"])) == "d2: rank 2 → pool · the others shift by one"
    assert str(describe_change(BOARD, ["d1", "d2", "d3", "d4"])) == "d5: rank 5 → pool"


def test_unchanged_board():
    change = describe_change(BOARD, list(BOARD))
    assert not change.changed and change.moves == change.shifted == () and str(change) == ""


def test_many_moves_are_counted_and_uneven_shifts_said_plainly():
    assert str(describe_change(BOARD, ["x1", "x2", "x3", "x4"])) == "9 items moved"
    two_out = describe_change(BOARD, ["d3", "d4", "d5"])  # d1, d2 leave: the others move up by two
    assert str(two_out) == "d1: rank 1 → pool · d2: rank 2 → pool · the others shift"


def test_translated_and_escaped():
    change = describe_change(["*a*", "b", "c"], ["b", "c", "*a*"])
    assert change.describe(translate=ZH.get, escape=lambda s: s.replace("*", r"\*")) == \
        r"\*a\*：第 1 名 → 第 3 名 · 其余条目顺移一位"


def test_names_given_twice_are_refused():
    with pytest.raises(MetricsInputError, match="twice"):
        describe_change(["a", "a"], ["a"])


@pytest.mark.parametrize("delta, text", [(0.00694, "+0.0069"), (-0.125, "-0.1250"), (0, "±0.0000"),
                                         (-0.00004, "±0.0000"), (1, "+1.0000")])
def test_signed_delta(delta, text):
    assert signed_delta(delta) == text


def test_every_template_has_a_chinese_entry():
    for english in [*TEMPLATES.values(), SHIFT, SHIFT_BY_ONE, MANY]:
        assert ZH.get(english), english


def _apply(before, change):
    """Take the named items out of ``before`` and put them back at their new ranks, top first."""
    named = {move.item for move in change.moves}
    ranking = [item for item in before if item not in named]
    for move in sorted((m for m in change.moves if m.after is not None), key=lambda m: m.after):
        ranking.insert(move.after - 1, move.item)
    return ranking


@st.composite
def single_moves(draw):
    """A ranking and one drag: within the ranking, in from the pool, or out to the pool."""
    n = draw(st.integers(1, 9))
    before = [f"d{i}" for i in range(1, n + 1)]
    kind = draw(st.sampled_from(["move", "enter", "leave"]))
    after = list(before)
    if kind == "move":
        item = after.pop(draw(st.integers(0, n - 1)))
        after.insert(draw(st.integers(0, n - 1)), item)
    elif kind == "enter":
        item = "new"
        after.insert(draw(st.integers(0, n)), item)
    else:
        item = after.pop(draw(st.integers(0, n - 1)))
    return before, after, item


@settings(max_examples=300, deadline=None)
@given(single_moves())
def test_a_single_drag_is_described_minimally_and_exactly(case):
    before, after, item = case
    change = describe_change(before, after)
    assert _apply(before, change) == after
    assert change.changed == (before != after)
    if before == after:
        return
    named = [move.item for move in change.moves]
    assert item in named and len(named) <= 2  # the dragged item, and a neighbour only in a swap
    assert change.shift_by_one
    for move in change.moves + change.shifted:
        assert move.before == (before.index(move.item) + 1 if move.item in before else None)
        assert move.after == (after.index(move.item) + 1 if move.item in after else None)
    if len(named) == 2:
        assert change.shifted == ()
    else:
        assert len(change.shifted) != 1  # one item making room is named: a swap


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([f"d{i}" for i in range(8)]), unique=True, max_size=8),
       st.lists(st.sampled_from([f"d{i}" for i in range(8)]), unique=True, max_size=8))
def test_any_change_is_described_exactly(before, after):
    assert _apply(before, describe_change(before, after)) == after


# ui.session.changes.show_change in a tiny app: the state is seeded, then the app runs as after a drag
def _app():
    import streamlit as st

    from ui.session.changes import show_change

    show_change("demo", st.session_state.measure, st.session_state.value, st.session_state.ranking)


def _run(at, ranking, value, measure="nDCG@3"):
    at.session_state.ranking, at.session_state.value, at.session_state.measure = ranking, value, measure
    at.run()
    assert not at.exception
    return [caption.value for caption in at.caption if caption.value.strip()]


@pytest.mark.parametrize("language", ["en", "zh"])
def test_show_change_says_what_moved_and_the_delta(language):
    at = AppTest.from_function(_app, default_timeout=30)
    at.session_state["language"] = language
    en = language == "en"
    assert _run(at, ["d1", "d2", "d3", "d6"], 0.5) == []  # first run: nothing to compare with
    assert _run(at, ["d1", "d2", "d3", "d6"], 0.5) == []  # nothing changed yet
    assert _run(at, ["d1", "d6", "d2", "d3"], 0.5069) == [
        "d6: rank 4 → 2 · the others shift by one · nDCG@3 +0.0069" if en
        else "d6：第 4 名 → 第 2 名 · 其余条目顺移一位 · nDCG@3 +0.0069"]
    assert _run(at, ["d1", "d6", "d2", "d3", "d7"], 0.5069) == [
        "d7: pool → rank 5 · nDCG@3 ±0.0000" if en else "d7：候选池 → 第 5 名 · nDCG@3 ±0.0000"]
    assert _run(at, ["d1", "d6", "d2", "d3", "d7"], 0.25, "nDCG@3") == [
        "Same ranking, another setting · nDCG@3 -0.2569" if en else "排序未变，设置变了 · nDCG@3 -0.2569"]
    # the line stays until the next change (a click elsewhere does not make it jump)
    assert _run(at, ["d1", "d6", "d2", "d3", "d7"], 0.25, "nDCG@3") == [
        "Same ranking, another setting · nDCG@3 -0.2569" if en else "排序未变，设置变了 · nDCG@3 -0.2569"]
    # another measure name (K changed): no delta between different measures
    assert _run(at, ["d1", "d6", "d2", "d3", "d7"], 0.3, "nDCG@5") == [
        "Same ranking, another setting" if en else "排序未变，设置变了"]
    # steps still hidden: the move is told, not the final value's change
    assert _run(at, ["d6", "d1", "d2", "d3", "d7"], None, "nDCG@5") == [
        "d1: rank 1 → 2 · d6: rank 2 → 1" if en else "d1：第 1 名 → 第 2 名 · d6：第 2 名 → 第 1 名"]


def test_show_change_shows_item_names_as_text():
    at = AppTest.from_function(_app, default_timeout=30)
    at.session_state["language"] = "en"
    _run(at, ["**b**", "$x$"], 1.0, "AP")
    assert _run(at, ["$x$", "**b**"], 0.5, "AP") == [r"\*\*b\*\*: rank 1 → 2 · \$x\$: rank 2 → 1 · AP -0.5000"]


def test_loading_another_board_is_not_told_as_moves():
    """A load replaces the board: the line is emptied (no "d6: pool → rank 6"); the next drag is told again."""
    from ui.session.state import ORIGIN_REVISION

    at = AppTest.from_function(_app, default_timeout=30)
    at.session_state["language"] = "en"
    _run(at, ["d1", "d2", "d3"], 0.5)
    assert _run(at, ["d2", "d1", "d3"], 0.6) == ["d1: rank 1 → 2 · d2: rank 2 → 1 · nDCG@3 +0.1000"]
    at.session_state[ORIGIN_REVISION] = 1  # an example loaded (ui.session.state.set_board(..., origin=True))
    assert _run(at, ["d4", "d5", "d6", "d7", "d8", "d9"], 0.7) == []
    assert _run(at, ["d5", "d4", "d6", "d7", "d8", "d9"], 0.7) == [
        "d4: rank 1 → 2 · d5: rank 2 → 1 · nDCG@3 ±0.0000"]


def test_loading_an_example_in_the_app_writes_no_moves(app_test):
    """In the app: the builder's example picker loads a board; the change line stays empty."""
    from tests.apptest_helpers import open_page
    from ui.session import state

    at = open_page(app_test, "pages/ndcg.py", all_steps=False)
    at.radio(key="builder_preset").set_value("relevant_at_bottom").run()  # d1…d5 -> d1…d7
    assert not at.exception
    board = at.session_state[state.BOARD]
    assert board.ranking and not [c.value for c in at.caption if "pool → rank" in c.value or "→ rank" in c.value]
