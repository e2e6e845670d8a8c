"""AppTest tests of the ROC / AUC page: it renders for every preset, the numbers on screen are
the core's (metrics.measures.roc), typed scores change the AUC, and one class gives a message, not an
exception."""

from __future__ import annotations

import pytest

from metrics import confusion_at, roc_auc
from metrics.explanation import COLUMN_LABELS, num
from tests.apptest_helpers import metric, open_page, step_windows
from ui.model.board import Board
from ui.model.presets import PRESETS
from ui.session import state
from ui.topics.scores import board_scores, default_scores

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

PAGE = "pages/roc.py"


def _editor_key(at) -> str:
    return f"roc_scores_{at.session_state[state.REVISION]}"


def test_default_board(app_test):
    at = open_page(app_test, PAGE)
    board = at.session_state[state.BOARD]
    items, labels, scores = board_scores(board)
    assert metric(at, "AUC") == f"{roc_auc(labels, scores):.4f}" == "0.7500"
    assert metric(at, "Positives P") == "4" and metric(at, "Negatives N") == "1"
    assert at.title[0].value == "ROC curve and AUC"
    assert not at.info
    # the formula with numbers and the Mann-Whitney reading
    latex = " ".join(l.value for l in at.latex)
    assert r"\frac{3}{4}" in latex and "0.75" in latex
    # the about expander names the article's confusion-matrix bug
    assert any("confusion_marix" in m.value for m in at.markdown)


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset(app_test, name):
    board = PRESETS[name]
    at = open_page(app_test, PAGE, board)
    _, labels, scores = board_scores(board)
    if 0 < sum(labels) < len(labels):
        assert metric(at, "AUC") == f"{roc_auc(labels, scores):.4f}"
        assert not at.info
    else:
        assert at.info and "both classes" in at.info[0].value
        assert not [m for m in at.metric if m.label == "AUC"]


def test_one_class_is_a_message(app_test):
    at = open_page(app_test, PAGE, PRESETS["no_relevant"])
    assert len(at.info) == 1
    assert "one positive and one negative" in at.info[0].value
    assert not at.error
    # raising the threshold above every grade makes everything negative on any board too
    at = open_page(app_test, PAGE, PRESETS["003_ndcg"].with_settings(threshold=9.0))
    assert at.info and not at.exception


def test_threshold_input_relabels(app_test):
    at = open_page(app_test, PAGE, PRESETS["003_ndcg"])  # grades A5 B4 C3 D2 E1
    at.number_input[0].set_value(4.0).run()
    board = at.session_state[state.BOARD]
    assert board.threshold == 4.0
    _, labels, scores = board_scores(board)
    assert sum(labels) == 2
    assert metric(at, "AUC") == f"{roc_auc(labels, scores):.4f}"


def test_typed_scores_change_the_auc(app_test):
    at = open_page(app_test, PAGE)
    before = metric(at, "AUC")
    # d4 (grade 0, the only negative) gets the top score: every positive now loses to it
    at.session_state[_editor_key(at)] = {"edited_rows": {3: {"score": 10.0}}, "added_rows": [], "deleted_rows": []}
    at.run()
    assert not at.exception
    board = at.session_state[state.BOARD]
    assert board.scores == {**default_scores(board), "d4": 10.0}
    _, labels, scores = board_scores(board)
    assert metric(at, "AUC") == f"{roc_auc(labels, scores):.4f}" == "0.0000" != before
    # d4 ties d1 (half a win) and beats d2, d3, d5: 0.5 / 4
    at.session_state[_editor_key(at)] = {"edited_rows": {3: {"score": 5.0}}, "added_rows": [], "deleted_rows": []}
    at.run()
    _, labels, scores = board_scores(at.session_state[state.BOARD])
    assert metric(at, "AUC") == f"{roc_auc(labels, scores):.4f}" == "0.1250"
    # back to the ranking's scores
    at.button(key="roc_reset_scores").click().run()
    assert at.session_state[state.BOARD].scores == {}
    assert metric(at, "AUC") == before


def test_empty_score_is_an_error_not_an_exception(app_test):
    at = open_page(app_test, PAGE)
    at.session_state[_editor_key(at)] = {"edited_rows": {0: {"score": None}}, "added_rows": [], "deleted_rows": []}
    at.run()
    assert not at.exception
    assert at.error and "d1" in at.error[0].value
    assert at.session_state[state.BOARD].scores == {}
    assert metric(at, "AUC") == "0.7500"


def test_threshold_slider_gives_the_confusion_matrix(app_test):
    board = PRESETS["ties"]  # grades 2 2 1 1 0 2: all but one relevant
    at = open_page(app_test, PAGE, board)
    _, labels, scores = board_scores(board)
    slider = at.select_slider[0]
    assert list(slider.options) == [num(s) for s in sorted(set(scores))]
    for cut in sorted(set(scores)):
        at.select_slider[0].set_value(cut).run()
        expected = confusion_at(labels, scores, cut)
        assert metric(at, "TPR (recall)") == f"{expected['tpr']:.4f}"
        assert metric(at, "FPR") == f"{expected['fpr']:.4f}"
        assert metric(at, "Precision") == f"{expected['precision']:.4f}"
        assert metric(at, "F1") == f"{expected['f1']:.4f}"
        assert metric(at, "Accuracy") == f"{expected['accuracy']:.4f}"
        table = next(t.value for t in at.table if "predicted positive" in t.value.index)
        assert table.loc["predicted positive", "actually positive"] == f"TP = {expected['tp']}"
        assert table.loc["predicted negative", "actually negative"] == f"TN = {expected['tn']}"


def test_step_control(app_test):
    at = open_page(app_test, PAGE)  # scores 5 4 3 2 1: five thresholds, five trapezoids
    assert any("Step 5 of 5" in m.value for m in at.markdown)
    at.button(key="roc__step_back").click().run()
    assert any("Step 4 of 5" in m.value for m in at.markdown)
    assert metric(at, "AUC so far (step 4)") == step_windows(at)[0][COLUMN_LABELS["running_area"]].iloc[-1]
    assert not at.exception


# ----------------------------------------------------------------------------- ui.topics.scores (plain Python)


def test_board_scores_from_the_ranking_and_typed():
    board = Board(grades={"a": 2, "b": 0, "c": None, "d": 1}, ranking=("b", "a"), threshold=1.0)
    items, labels, scores = board_scores(board)
    assert items == ["a", "b", "c", "d"]
    assert labels == [1, 0, 0, 1]  # unjudged c counts as negative
    assert scores == [1.0, 2.0, 0.0, 0.0]  # rank 1 of 2 scores 2, pool items 0
    run = Board(grades=board.grades, ranking=("b", "a"), scores={"a": -3.5, "b": -1.0})
    assert board_scores(run)[2] == [-3.5, -1.0, -4.5, -4.5]  # not retrieved: below every score
