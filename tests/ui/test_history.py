"""Undo and redo of a board change: the pure history (ui.model.board.History) as a state machine against a
plain timeline, then the builder's Undo and Redo buttons after a drag, a grade edit and an example load."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

import metrics
from tests.apptest_helpers import drop, lane_names, load_preset, open_builder_tools, open_page
from ui.model.board import HISTORY_DEPTH, Board, History
from ui.model.presets import DEFAULT_PRESET, PRESETS
from ui.session import state

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier


class HistoryMachine(RuleBasedStateMachine):
    """Changes, undos and redos in any order; the model is a list of states and the current position."""

    def __init__(self):
        super().__init__()
        self.depth = 4  # small, so that forgetting the oldest change happens often
        self.history = History(depth=self.depth)
        self.current = 0
        self.timeline = [0]  # every state from the oldest still undoable to the newest redoable
        self.at = 0  # where the current state sits on the timeline

    @rule(new=st.integers(1, 50))
    def change(self, new):
        self.history = self.history.record(self.current)
        self.current = new
        self.timeline = (self.timeline[:self.at + 1] + [new])[-(self.depth + 1):]  # a change clears redo
        self.at = len(self.timeline) - 1

    @precondition(lambda self: self.history.can_undo)
    @rule()
    def undo(self):
        undone = self.current
        self.history, self.current = self.history.undo(self.current)
        self.at -= 1
        assert self.current == self.timeline[self.at]  # the previous board
        assert self.history.future[-1] == undone

    @precondition(lambda self: self.history.can_redo)
    @rule()
    def redo(self):
        self.history, self.current = self.history.redo(self.current)
        self.at += 1
        assert self.current == self.timeline[self.at]  # the undone board again

    @invariant()
    def matches_the_timeline(self):
        assert self.current == self.timeline[self.at]
        assert self.history.can_undo == (self.at > 0)
        assert self.history.can_redo == (self.at < len(self.timeline) - 1)
        assert len(self.history.past) <= self.depth


TestHistoryMachine = HistoryMachine.TestCase
TestHistoryMachine.settings = settings(max_examples=200, stateful_step_count=40, deadline=None)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.permutations(list("abcde")), min_size=1, max_size=8))
def test_undoing_every_board_change_returns_to_the_first_board_and_redo_replays_them(orders):
    boards = [Board.from_ranking([3, 2, 1, 0, 0], list("abcde"))]
    history = History()
    for order in orders:
        history = history.record(boards[-1])
        boards.append(boards[-1].with_ranking(order))
    current = boards[-1]
    for expected in reversed(boards[:-1]):
        history, current = history.undo(current)
        assert current == expected
    assert not history.can_undo
    for expected in boards[1:]:
        history, current = history.redo(current)
        assert current == expected
    assert not history.can_redo


def test_the_depth_is_bounded_and_nothing_left_is_an_error():
    history = History()
    for value in range(HISTORY_DEPTH + 10):
        history = history.record(value)
    assert len(history.past) == HISTORY_DEPTH and history.past[0] == 10  # the oldest are forgotten
    with pytest.raises(ValueError):
        History().undo(1)
    with pytest.raises(ValueError):
        History().redo(1)


# ----------------------------------------------------------------------------- the builder's buttons

def ndcg_headline(at) -> str:
    """The nDCG headline (every step shown), checked against the core for the board on screen."""
    board = at.session_state[state.BOARD]
    [value] = [m.value for m in at.metric if m.label.startswith("nDCG")]
    expected = metrics.ndcg_steps(board.rels(), k=board.k, ideal=board.ideal_grades(), ideal_from=board.ideal)
    assert float(value) == pytest.approx(expected.value, abs=5e-5)
    return value


def click(at, key: str):
    at.button(key=key).click().run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def test_undo_a_drag_then_redo_it_and_a_new_change_clears_redo(app_test):
    at = open_page(app_test, "pages/ndcg.py")
    assert at.button(key="builder_undo").disabled and at.button(key="builder_redo").disabled
    first = at.session_state[state.BOARD]
    first_value = ndcg_headline(at)
    dragged = list(first.ranking[::-1])
    drop(at, dragged, first.pool)
    assert lane_names(at) == dragged and ndcg_headline(at) != first_value
    dragged_value = ndcg_headline(at)
    assert not at.button(key="builder_undo").disabled

    click(at, "builder_undo")  # the previous ranking and its numbers
    assert at.session_state[state.BOARD] == first
    assert lane_names(at) == list(first.ranking) and ndcg_headline(at) == first_value
    assert at.button(key="builder_undo").disabled and not at.button(key="builder_redo").disabled

    click(at, "builder_redo")  # the drag again
    assert lane_names(at) == dragged and ndcg_headline(at) == dragged_value
    assert at.button(key="builder_redo").disabled

    click(at, "builder_undo")
    other = [first.ranking[1], first.ranking[0], *first.ranking[2:]]
    drop(at, other, first.pool)  # a new change after an undo: nothing to redo any more
    assert lane_names(at) == other
    assert at.button(key="builder_redo").disabled and not at.button(key="builder_undo").disabled
    click(at, "builder_undo")
    assert at.session_state[state.BOARD] == first


def test_undo_an_example_load_brings_back_the_board_and_its_reset_target(app_test):
    at = open_page(app_test, "pages/ap.py")
    before = at.session_state[state.BOARD]
    assert before == PRESETS[DEFAULT_PRESET]
    load_preset(at, "003_ndcg")
    assert at.session_state[state.BOARD] == PRESETS["003_ndcg"] == at.session_state[state.ORIGIN]
    click(at, "builder_undo")
    assert at.session_state[state.BOARD] == before and at.session_state[state.ORIGIN] == before
    assert lane_names(at) == list(before.ranking)
    click(at, "builder_redo")
    assert at.session_state[state.BOARD] == PRESETS["003_ndcg"] == at.session_state[state.ORIGIN]


def test_undo_a_grade_edit(app_test):
    at = open_builder_tools(open_page(app_test, "pages/ndcg.py"))
    at.run()
    board, value = at.session_state[state.BOARD], ndcg_headline(at)
    at.session_state[f"builder_grades_{at.session_state[state.REVISION]}"] = {  # as the browser sends an edit
        "edited_rows": {0: {"grade": 0}}, "added_rows": [], "deleted_rows": []}
    at.run()
    edited = at.session_state[state.BOARD]
    assert edited.grades[board.items[0]] == 0 and ndcg_headline(at) != value
    click(at, "builder_undo")
    assert at.session_state[state.BOARD] == board and ndcg_headline(at) == value
    click(at, "builder_redo")
    assert at.session_state[state.BOARD] == edited


def test_the_buttons_have_tooltips_in_both_languages(app_test):
    at = open_page(app_test, "pages/ndcg.py", language="zh")
    assert at.button(key="builder_undo").help == "撤销对看板的上一次改动"
    assert at.button(key="builder_redo").help == "重做刚撤销的改动"
