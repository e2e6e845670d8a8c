"""Links and editors agree (issue 19): one set of limits (ui/model/limits.py) for what a link may carry, what
the board holds and what an editor accepts, so that every value a link can give a control lies in that
control's range, and a link at any extreme the link check accepts opens every page without an exception."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from metrics import MetricsInputError
from tests.ui.test_share import boards
from ui.data.share import MAX_K, PARAM, decode_board, encode_board
from ui.model import limits
from ui.model.board import Board
from ui.topics.scores import score_frame, scores_from_frame

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

PAGES = ["pages/home.py", "pages/upload.py", "pages/ndcg.py", "pages/ap.py", "pages/rr.py", "pages/cutoff.py",
         "pages/roc.py", "pages/beyond.py", "pages/more_measures.py", "pages/compare.py", "pages/conventions.py",
         "pages/systems.py", "pages/quiz.py", "pages/articles.py", "pages/handout.py", "pages/live.py"]

ITEMS = [f"d{i}" for i in range(1, 8)]
#: boards at the edges of every range a link may carry
EXTREMES = {
    "smallest threshold, largest scores": Board(
        grades=dict(zip(ITEMS, [limits.MAX_ABS_GRADE, 0.5, -limits.MAX_ABS_GRADE, 0.001, None, 1, 2])),
        ranking=tuple(ITEMS[:6]), k=MAX_K, threshold=limits.MIN_THRESHOLD, gain="exponential",
        scores={item: score for item, score in zip(ITEMS[:6], [limits.MAX_ABS_SCORE, -limits.MAX_ABS_SCORE,
                                                               0.0, 5e-324, -5e-324, limits.MAX_ABS_SCORE / 3])}),
    "largest threshold": Board(grades=dict(zip(ITEMS, [limits.MAX_THRESHOLD, 3, 2, 1, 0, 0, 1])), ranking=tuple(ITEMS),
                               k=1, threshold=limits.MAX_THRESHOLD, ideal="list", ap_denominator="min_k_relevant"),
    "every item unjudged, none ranked": Board(grades=dict.fromkeys(ITEMS), ranking=(), k=MAX_K),
    "most items": Board(grades={f"item {i}": i % 4 for i in range(limits.MAX_BOARD_ITEMS)},
                        ranking=tuple(f"item {i}" for i in range(0, limits.MAX_BOARD_ITEMS, 2)), k=MAX_K,
                        threshold=0.002),
}


@pytest.mark.parametrize("name", list(EXTREMES))
def test_a_link_at_every_extreme_opens_every_page(app_test, name):
    text = encode_board(EXTREMES[name])
    assert decode_board(text) == EXTREMES[name]  # the link check accepts it
    at = app_test()
    at.query_params[PARAM] = text
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    for page in PAGES:
        at.switch_page(page).run()
        assert not at.exception, (page, [e.message for e in at.exception])
        assert not at.error or page == "pages/live.py", (page, [e.value for e in at.error])
    threshold_inputs = [n for n in at.number_input if n.label == "Relevant when grade ≥"]
    for number_input in threshold_inputs:  # (the threshold's own control, where a page draws it)
        assert number_input.min <= EXTREMES[name].threshold <= number_input.max


@pytest.mark.parametrize("page", ["pages/ap.py", "pages/rr.py", "pages/cutoff.py"])
def test_the_threshold_input_holds_the_smallest_threshold_a_link_gives(app_test, page):
    board = EXTREMES["smallest threshold, largest scores"]
    at = app_test()
    at.query_params[PARAM] = encode_board(board)
    at.run()
    at.switch_page(page).run()
    assert not at.exception, [e.message for e in at.exception]
    [threshold] = [n for n in at.number_input if n.label == "Relevant when grade ≥"]
    assert threshold.value == pytest.approx(limits.MIN_THRESHOLD)
    assert threshold.min == pytest.approx(limits.MIN_THRESHOLD) and threshold.max == limits.MAX_THRESHOLD


@settings(max_examples=60, deadline=None)
@given(boards())
def test_every_board_a_link_carries_is_one_the_editors_accept(board):
    """A link's board, read back, passes the score editor's checks unchanged (no 'too large') and its
    threshold lies in the threshold input's range."""
    back = decode_board(encode_board(board))
    scores = scores_from_frame(score_frame(back))
    assert all(math.isfinite(s) and abs(s) <= limits.MAX_ABS_SCORE for s in scores.values())
    assert {item: scores[item] for item in back.scores} == back.scores
    assert limits.MIN_THRESHOLD <= back.threshold <= limits.MAX_THRESHOLD


@settings(max_examples=100, deadline=None)
@given(st.floats(allow_nan=False) | st.integers(-10**20, 10**20))
def test_the_board_and_the_link_check_refuse_the_same_scores(score):
    """A score the board holds is one a link carries, and the other way round."""
    try:
        board = Board(grades={"a": 1}, ranking=("a",), scores={"a": score})
    except MetricsInputError:
        held = False
    else:
        held = True
        assert decode_board(encode_board(board)).scores == {"a": score}
    assert held == (math.isfinite(score) and abs(score) <= limits.MAX_ABS_SCORE)


@pytest.mark.parametrize("threshold", [0, limits.MIN_THRESHOLD / 2, limits.MAX_THRESHOLD * 1.5, math.inf])
def test_the_board_refuses_a_threshold_outside_the_inputs_range(threshold):
    with pytest.raises(MetricsInputError, match="threshold"):
        Board(grades={"a": 1}, ranking=("a",), threshold=threshold)


def test_a_run_query_beyond_the_boards_limits_is_said_and_leaves_the_board(app_test):
    """A run whose second query has a score beyond the board's limit: picking it is one st.error naming
    the query and the limit; the board stays as it was."""
    from tests.apptest_helpers import shown
    from ui.data import dataset
    from ui.session import state

    qrels = b"q1 0 a 1\nq1 0 b 0\nq2 0 a 1\n"
    run = b"q1 Q0 a 1 2.0 sys\nq1 Q0 b 2 1.0 sys\nq2 Q0 a 1 1e15 sys\n"
    at = app_test()
    at.run()
    at.switch_page("pages/upload.py").run()
    data = dataset.read_files([("qrels.txt", qrels), ("run.txt", run)])  # (what an upload of the two files reads)
    at.session_state[state.DATASET] = data
    at.session_state[state.DATASET_NAME] = data.source
    at.session_state[state.DATASET_DIGEST] = "extreme"
    at.run()
    before = at.session_state[state.BOARD]
    [picker] = [s for s in at.selectbox if "q2" in s.options]
    picker.set_value("q2").run()
    assert not at.exception, [e.message for e in at.exception]
    assert at.session_state[state.BOARD] == before
    [message] = [shown(e) for e in at.error]
    assert "q2" in message and "1e+15" in message and "1e+12" in message
