"""AppTest: one step for the whole page. While steps remain, no tab, caption, chart or legend of the
paced explainer pages shows a value that belongs to a later step; after "Show all" the final values
are there (issue 18)."""

from __future__ import annotations

import json

import pandas as pd
import pytest

import metrics
from metrics.measures.roc import roc_auc_explanation
from tests.apptest_helpers import open_page, show_all
from tests.spoilers import BOARD, four_decimals, later_values
from tests.ui.test_pacing import blocks
from tests.visible_text import _strings
from ui.model.board import Board
from ui.session import state
from ui.topics import scores

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

#: the page file, the key of its tabs (ui.teaching.explainer.lazy_tabs) and their English labels
TABS = {
    "ndcg": ("pages/ndcg.py", "charts", ["The whole tables", "Gain and discounted gain", "Running DCG vs IDCG",
                                         "Linear vs exponential gain", "Why log₂(i+1)?"]),
    "ap": ("pages/ap.py", "below", ["Precision at each rank", "The whole table"]),
    "rr": ("pages/rr.py", "below", ["RR by the rank of the first hit", "The whole table"]),
    "cutoff": ("pages/cutoff.py", "below", ["Every cut-off K = 1 … N", "11-point interpolated precision",
                                            "The whole table", "Formulas"]),
}


#: the keys of sections that work out their own example, not the board (their numbers are not the board's)
OTHER_EXAMPLES = {state.page_key("map", "section"), state.page_key("mrr", "section")}


def _figure_numbers(spec: str, data: bool = True) -> set[str]:
    """The numbers of a plotly figure (data, titles, legend, annotations; not its axes' scales or its template);
    ``data`` False: the numbers it writes (texts, names, titles, annotations), not its points' coordinates."""
    figure = json.loads(spec)
    layout = figure.get("layout", {})  # its words, not its scales (axis ranges, shapes) nor its template
    figure["layout"] = {"title": layout.get("title"), "annotations": [note.get("text") for note in
                                                                     layout.get("annotations", [])],
                        "axes": [axis.get("title") for name, axis in layout.items() if name[1:5] == "axis"]}
    if not data:
        figure["data"] = [{key: trace[key] for key in ("name", "text") if key in trace} for trace in figure["data"]]
    return four_decimals(json.dumps(figure))


def _frame_numbers(frame) -> set[str]:
    if not isinstance(frame, pd.DataFrame):
        return set()
    return {f"{value:.4f}" for column in frame for value in frame[column] if isinstance(value, float) and value == value}


def shown_numbers(at, data: bool = True) -> set[str]:
    """Every number the main area shows, with 4 decimals: text, metrics, formulas, tables and charts
    (``data``: :func:`_figure_numbers`)."""
    found: set[str] = set()
    # the AP / RR pages' "From AP to MAP" / "From RR to MRR" sections work out another example (ui.teaching.mean_steps)
    other_example = {id(node) for block in blocks(at.main) if getattr(block, "key", None) in OTHER_EXAMPLES
                     for node in blocks(block)}
    for node in at.main:
        if id(node) in other_example:
            continue
        proto = getattr(node, "proto", None)
        if proto is None:
            continue
        for text in _strings(proto):
            found |= four_decimals(text)
        spec = getattr(proto, "spec", None)
        if isinstance(spec, str) and spec:
            found |= _figure_numbers(spec, data)
        if type(node).__name__ in ("Dataframe", "Table"):
            try:
                found |= _frame_numbers(node.value)
            except Exception:  # noqa: BLE001 - a table proto AppTest cannot decode has no numbers to read
                pass
    return found


def finals(page: str, board: Board) -> tuple[set[str], list]:
    """The final values of a page on ``board`` and its explanations (from the metrics package)."""
    rels, k, R = board.rels(), board.k, board.n_relevant(board.threshold)
    if page == "ndcg":
        both = [metrics.ndcg_steps(rels, k, gain, ideal=board.ideal_grades()) for gain in ("linear", "exponential")]
        return {f"{e.value:.4f}" for e in both} | {f"{both[0].details[q]:.4f}" for q in ("DCG", "IDCG")}, both
    if page == "ap":
        e = metrics.ap_steps(rels, k, n_relevant=R)
        return {f"{e.value:.4f}"}, [e]
    if page == "rr":
        e = metrics.rr_steps(rels)
        return {f"{e.value:.4f}"}, [e]
    explanations = [metrics.precision_steps(rels, k), metrics.recall_steps(rels, k, n_relevant=R),
                    metrics.f1_steps(rels, k, n_relevant=R)]
    values = {f"{e.value:.4f}" for e in explanations} | {f"{metrics.r_precision(rels, R):.4f}"}
    return values, explanations


def open_tab(at, page: str, label: str):
    _, key, _ = TABS[page]
    at.session_state[state.page_key(page, key)] = label  # a click on the tab
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


@pytest.mark.parametrize("page", sorted(TABS))
def test_no_tab_shows_a_later_value_at_step_1_and_every_tab_after_show_all(app_test, page):
    path, _, labels = TABS[page]
    values, explanations = finals(page, BOARD)
    later = set().union(*(later_values(e) for e in explanations))
    at = open_page(app_test, path, BOARD, all_steps=False)
    for label in labels:
        # RR's chart draws 1/r for a first hit at every rank r: the measure's rule, not this ranking's value
        shown = shown_numbers(open_tab(at, page, label), data=page != "rr")
        assert not (values | later) & shown, (label, sorted((values | later) & shown))
    show_all(at)
    seen = set()
    for label in labels:
        seen |= shown_numbers(open_tab(at, page, label))
    assert values <= seen, sorted(values - seen)


def test_ndcg_held_back_tabs_say_so_then_show_the_final_values(app_test):
    values, (linear, exponential) = finals("ndcg", BOARD)
    at = open_page(app_test, "pages/ndcg.py", BOARD, all_steps=False)
    open_tab(at, "ndcg", "Linear vs exponential gain")
    assert [c.value for c in at.caption if "so far (step 1)" in c.value] == [
        f"nDCG so far (step 1): linear gain {linear.running_at(1)['nDCG']:.4f} · "
        f"exponential gain {exponential.running_at(1)['nDCG']:.4f}"]
    open_tab(at, "ndcg", "Why log₂(i+1)?")
    assert any(i.value.startswith("Shown after the last step") for i in at.info) and not at.get("plotly_chart")
    show_all(at)
    assert f"{linear.value:.4f}" in _figure_numbers(at.get("plotly_chart")[0].proto.spec)
    open_tab(at, "ndcg", "Linear vs exponential gain")
    k = BOARD.k
    assert f"nDCG@{k}: linear gain {linear.value:.4f} · exponential gain {exponential.value:.4f}" in [
        c.value for c in at.caption]


def test_cutoff_curves_follow_the_step(app_test):
    at = open_page(app_test, "pages/cutoff.py", BOARD, all_steps=False)
    at.button(key=state.page_key("cutoff", "step_next")).click().run()  # step 2
    open_tab(at, "cutoff", "Every cut-off K = 1 … N")
    curves = json.loads(at.get("plotly_chart")[0].proto.spec)
    assert [len(trace["x"]) for trace in curves["data"]] == [2, 2, 2]  # P, R and F1 at K = 1 and 2
    show_all(at)
    curves = json.loads(at.get("plotly_chart")[0].proto.spec)
    assert [len(trace["x"]) for trace in curves["data"]] == [len(BOARD.ranking)] * 3


@pytest.mark.parametrize("language", ["en", "zh"])
def test_roc_names_its_auc_only_after_the_last_step(app_test, language):
    items, labels, values = scores.board_scores(BOARD)
    explanation = roc_auc_explanation(labels, values, items=items)
    auc = f"{explanation.value:.4f}"
    later = later_values(explanation)
    at = open_page(app_test, "pages/roc.py", BOARD, language=language, all_steps=False)
    for expander in at.expander:  # the pairs: wins and ties over P × N is the AUC
        assert not [m for m in expander.markdown if "P × N" in m.value]
    shown = shown_numbers(at)
    assert auc not in shown and not later & shown, sorted(later & shown)
    legends = [trace.get("name", "") for chart in at.get("plotly_chart")
               for trace in json.loads(chart.proto.spec)["data"]]
    assert "ROC" in legends and not [name for name in legends if "AUC" in name]
    show_all(at)
    legends = [trace.get("name", "") for chart in at.get("plotly_chart")
               for trace in json.loads(chart.proto.spec)["data"]]
    assert f"ROC (AUC = {auc})" in legends


#: a board whose 11-point running mean changes from level to level (on BOARD, every level's iprec is the same)
IPREC_BOARD = Board(grades={"a": 1.0, "b": 0.0, "c": 0.0, "d": 0.0, "e": 1.0, "f": 1.0}, ranking=tuple("abcdef"), k=6)


@pytest.mark.parametrize("choice", ["IPrec11", "ERR", "RBP", "Bpref", "nDCG", "infAP", "G", "RnDCG"])
def test_more_measures_show_no_later_value_at_step_1(app_test, choice):
    from ui.topics import more_measures

    board = IPREC_BOARD if choice == "IPrec11" else BOARD
    at = open_page(app_test, "pages/more_measures.py", board, all_steps=False)
    at.selectbox(key=state.page_key("more", "measure")).set_value(choice).run()
    assert not at.exception
    explanation = more_measures.explain(choice, board, board.k)
    later = later_values(explanation)
    later -= {f"{value:.4f}" for value in more_measures.extra_numbers(explanation).values()
              if isinstance(value, float)}  # shown beside the headline at every step (R, the residual, …)
    if choice == "IPrec11":  # every level looks at the precision of the ranks below it: the chart's grey points
        points = explanation.details["points"]
        later -= {f"{value:.4f}" for value in [*points["precision"], *points["recall"]]}
    later -= four_decimals(more_measures.about(choice))  # the caption's fixed numbers (trec_eval's "+ 0.9")
    assert f"{explanation.value:.4f}" in later  # the final value is checked too
    shown = shown_numbers(at)
    assert not later & shown, sorted(later & shown)
