"""AppTest tests of the ROC / AUC page: it renders for every preset, the numbers on screen are
the core's (metrics.measures.roc), typed scores change the AUC, and one class gives a message, not an
exception."""

from __future__ import annotations

import pytest

from metrics import confusion_at, roc_auc
from metrics.explanation import COLUMN_LABELS, num
from metrics.measures.roc import roc_auc_explanation
from tests.apptest_helpers import lanes_data, metric, open_page, show_all, step_windows
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
    # K = 3: ranks 1-3 score 3, 2, 1; d4 (the only negative) and d5 below K tie at 0: 3 pairs won, 1 tied
    assert metric(at, "AUC") == f"{roc_auc(labels, scores):.4f}" == "0.8750"
    assert metric(at, "Positives P") == "4" and metric(at, "Negatives N") == "1"
    assert at.title[0].value == "ROC curve and AUC"
    assert not at.info
    # the formula with numbers and the Mann-Whitney reading
    latex = " ".join(l.value for l in at.latex)
    assert r"\frac{3.5}{4}" in latex and "0.875" in latex
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
    at.session_state[_editor_key(at)] = {"edited_rows": {3: {"score": 3.0}}, "added_rows": [], "deleted_rows": []}
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
    assert metric(at, "AUC") == "0.8750"


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
    at = open_page(app_test, PAGE)  # K = 3: scores 3 2 1 0 0, four thresholds, four trapezoids
    assert any("Step 4 of 4" in m.value for m in at.markdown)
    at.button(key="roc__step_back").click().run()
    assert any("Step 3 of 4" in m.value for m in at.markdown)
    assert metric(at, "AUC so far (step 3)") == step_windows(at)[0][COLUMN_LABELS["running_area"]].iloc[-1]
    assert not at.exception


#: a 12-item board d1 … d12 ranked in order (the browser walks' grades), relevant when grade ≥ 1
TWELVE = Board(grades={f"d{i}": g for i, g in enumerate((3, 2, 0, 1, 0, 2, 1, 0, 3, 0, 1, 2), start=1)},
               ranking=tuple(f"d{i}" for i in range(1, 13)), k=12)


def _core(board: Board, k: int):
    """The AUC the page must show with K = ``k``, from the core alone: rank i ≤ K scores K − i + 1, the rest 0."""
    labels = [1 if board.grades[item] >= 1 else 0 for item in board.items]
    values = [float(k - board.ranking.index(item)) if board.ranking.index(item) < k else 0.0 for item in board.items]
    return roc_auc_explanation(labels, values, items=board.items)


def test_every_step_is_the_cores_and_k_is_the_depth_evaluated(app_test):
    """Step by step with K = 12 and then K = 5: the headline, the step window's current row, the worked formula's
    value and the lanes' outline (the rank whose score the step lowers the threshold to) are the core's."""
    at = open_page(app_test, PAGE, TWELVE, all_steps=False)
    for k in (12, 5):
        if k != 12:
            at.slider(key=f"roc_k_{at.session_state[state.REVISION]}").set_value(k).run()
            assert at.session_state[state.BOARD].k == k
            at.button(key="roc__step_start").click().run()
        core = _core(at.session_state[state.BOARD], k)
        steps = len(core.table)
        assert steps == (12 if k == 12 else k + 1)  # below K: the rest tie at score 0, one last segment
        for step in range(1, steps + 1):
            if step > 1:
                at.button(key="roc__step_next").click().run()
            assert not at.exception
            label = "AUC" if step == steps else f"AUC so far (step {step})"
            assert metric(at, label) == f"{core.running_at(step)['AUC']:.4f}"
            [window] = step_windows(at)
            assert window[COLUMN_LABELS["step"]].iloc[-1] == str(step)
            assert window[COLUMN_LABELS["running_area"]].iloc[-1] == f"{core.running_at(step)['AUC']:.4f}"
            assert list(window.columns) == [COLUMN_LABELS[c] for c in
                                            ("step", "threshold", "width", "tpr_left", "tpr_right", "area",
                                             "running_area")]
            assert lanes_data(at)["step"] == (step if step < steps else None)  # rank i is step i's item
            assert num(core.running_at(step)["AUC"]) in " ".join(latex.value for latex in at.latex)
        assert core.value == roc_auc(*board_scores(at.session_state[state.BOARD])[1:])


def test_no_value_of_a_later_step_at_step_1(app_test):
    """At step 1, in every part of the page (expanders, charts' titles and legends, captions): no running AUC of a
    later step, no final AUC; after Show all the final one is there."""
    import json

    from tests.spoilers import four_decimals, later_values

    at = open_page(app_test, PAGE, TWELVE, all_steps=False)
    core = _core(TWELVE, 12)
    threshold_rates = {"TPR (recall)", "FPR", "Precision", "Accuracy", "F1"}  # at a threshold the reader picks
    texts = [e.value for kind in ("markdown", "caption", "latex", "info") for e in at.get(kind)
             if isinstance(getattr(e, "value", None), str) and not e.value.startswith("**Rewards.**")]  # (AUC 0.5: chance)
    texts += [m.value for m in at.metric if m.label not in threshold_rates]
    for chart in at.get("plotly_chart"):  # titles, legends, hover names, annotations (not the points' coordinates)
        spec = json.loads(chart.proto.spec)
        texts += [json.dumps(spec["layout"].get("title")), json.dumps(spec["layout"].get("annotations"))]
        texts += [json.dumps([trace.get("name"), trace.get("text"), trace.get("hovertext")]) for trace in spec["data"]]
    texts += [str(window.to_numpy().tolist()) for window in step_windows(at)]
    shown = set().union(*(four_decimals(text) for text in texts))
    later = later_values(core)
    assert not later & shown, sorted(later & shown)
    show_all(at)
    assert metric(at, "AUC") == f"{core.value:.4f}"


def test_typed_scores_have_no_depth(app_test):
    """Typed scores rank every item at its score: no K slider, the caption says so; the ranking's scores bring it back."""
    at = open_page(app_test, PAGE, TWELVE.with_k(3))
    assert at.slider(key=f"roc_k_{at.session_state[state.REVISION]}").value == 3
    at.session_state[_editor_key(at)] = {"edited_rows": {0: {"score": 20.0}}, "added_rows": [], "deleted_rows": []}
    at.run()
    assert not [s for s in at.slider if s.key.startswith("roc_k_")]
    assert any(c.value == "K: every item (typed scores)" for c in at.caption)
    _, labels, values = board_scores(at.session_state[state.BOARD])
    assert values[0] == 20.0 and metric(at, "AUC") == f"{roc_auc(labels, values):.4f}"


# ----------------------------------------------------------------------------- ui.topics.scores (plain Python)


def test_board_scores_from_the_ranking_and_typed():
    board = Board(grades={"a": 2, "b": 0, "c": None, "d": 1}, ranking=("b", "a"), threshold=1.0)
    items, labels, scores = board_scores(board)
    assert items == ["a", "b", "c", "d"]
    assert labels == [1, 0, 0, 1]  # unjudged c counts as negative
    assert scores == [1.0, 2.0, 0.0, 0.0]  # rank 1 of 2 scores 2, pool items 0
    run = Board(grades=board.grades, ranking=("b", "a"), scores={"a": -3.5, "b": -1.0})
    assert board_scores(run)[2] == [-3.5, -1.0, -4.5, -4.5]  # not retrieved: below every score


def test_scores_from_the_ranking_stop_at_k():
    board = Board(grades={"a": 2, "b": 0, "c": 1, "d": 1}, ranking=("a", "b", "c"), k=2)
    assert board_scores(board)[2] == [2.0, 1.0, 0.0, 0.0]  # c below K joins the pool's tie
    assert board_scores(board.with_k(5))[2] == [3.0, 2.0, 1.0, 0.0]  # K clipped to the ranking
