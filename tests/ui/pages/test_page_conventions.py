"""AppTest: the conventions page (pages/conventions.py) shows what metrics.conventions.score_under says
for each library, and its trec_eval column equals metrics.evaluate on the same one-query data."""

from __future__ import annotations

import html
import json
import math
import re
from pathlib import Path

import pandas as pd
import pytest

import metrics
from metrics.conventions import PRESETS as LIBRARIES
from metrics.conventions import group_name, group_presets, score_under
from tests.apptest_helpers import load_preset, open_page
from ui.model.board import Board
from ui.session import state

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

PAGE = "pages/conventions.py"
TREC_COLUMN = "trec_eval"
TREC = Path(__file__).resolve().parents[3] / "sample_data" / "trec"
PRESET_SAMPLE = ["000_list_1", "000_code_q1", "001_hit_ap_mrr", "001_ndcg", "003_ndcg", "ties", "no_relevant",
                 "unjudged", "relevant_at_bottom"]


@pytest.fixture
def page(app_test):
    return open_page(app_test, PAGE)


def k_of(board: Board) -> int:
    return min(board.k, max(len(board.ranking), len(board.judged()), 1))


def ranked_scores(board: Board) -> list[float]:
    if board.scores:
        return [float(board.scores.get(i, 0.0)) for i in board.ranking]
    return [float(len(board.ranking) - p) for p in range(len(board.ranking))]


def judgments(board: Board) -> dict:
    return {item: grade for item, grade in board.grades.items() if grade is not None}


def results(at) -> pd.DataFrame:
    tables = [d.value for d in at.dataframe if d.value.index.name == "measure"]
    assert len(tables) == 1
    return tables[0]


def text(value) -> str:
    if isinstance(value, tuple):  # a range: the library leaves the order of tied items undefined
        return f"{value[0]:.4f} to {value[1]:.4f}"
    return "—" if value is None else ("NaN" if value != value else f"{value:.4f}")


def library_input(board: Board) -> tuple[list[str], list[float]]:
    """What the libraries read: a run's query in the file's order with its scores, else the board's ranking."""
    return board.read_input() or (list(board.ranking), ranked_scores(board))


def assert_shows_score_under(at) -> dict:
    board = at.session_state[state.BOARD]
    k, (items, scores) = k_of(board), library_input(board)
    shown = results(at)
    groups = group_presets()
    assert list(shown.columns) == [group_name(group) for group in groups]
    expected = {}
    for group in groups:
        for key in group:  # every library of a column gives its numbers
            values = score_under(LIBRARIES[key], items, judgments(board), k, scores)
            # the table's rows are trec_eval's five measures; RBP (ir_measures, ranx only) is not a row
            assert list(shown[group_name(group)]) == [text(v) for label, v in values.items() if label != "RBP"], key
        expected[group_name(group)] = values
    trec = expected[TREC_COLUMN]
    assert list(shown.index)[0] == f"nDCG@{k}" and list(trec) == [f"nDCG@{k}", f"AP@{k}", "RR", f"P@{k}", f"R@{k}"]
    return trec


def assert_trec_column_equals_evaluate(at):
    """The strong cross-check: the trec_eval column is what metrics.evaluate says for the same query."""
    board = at.session_state[state.BOARD]
    trec = assert_shows_score_under(at)
    qrels = pd.DataFrame({"query": "q", "item": list(judgments(board)), "rel": list(judgments(board).values())})
    run = pd.DataFrame({"query": "q", "item": list(board.ranking), "score": ranked_scores(board)})
    evaluation = metrics.evaluate(qrels, run, list(trec))
    shown = results(at)[TREC_COLUMN]
    for (name, value), cell in zip(evaluation.aggregate.items(), shown):
        assert trec[name] == pytest.approx(value, abs=1e-12), name
        assert cell == f"{value:.4f}", name


@pytest.mark.parametrize("preset", PRESET_SAMPLE)
def test_presets_render_and_match_score_under_and_evaluate(page, preset):
    at = load_preset(page, preset)
    assert_trec_column_equals_evaluate(at)


def test_k_slider_changes_every_column(page):
    at = load_preset(page, "relevant_at_bottom")
    revision = at.session_state[state.REVISION]
    at.slider(key=f"conventions_k_{revision}").set_value(3).run()
    assert at.session_state[state.BOARD].k == 3
    assert list(results(at).index)[0] == "nDCG@3"
    assert_trec_column_equals_evaluate(at)


def test_ties_split_trec_eval_and_scikit_learn(page):
    """One big tie: trec_eval breaks it by item id descending, scikit-learn averages over the tie group."""
    at = page
    at.session_state[state.BOARD] = Board.from_ranking([3, 0, 0, 1], items=["a", "b", "c", "d"], k=2)
    at.session_state[state.REVISION] += 1
    at.run()
    at.button(key="conventions_tie").click().run()
    assert not at.exception
    board = at.session_state[state.BOARD]
    assert board.scores == {"a": 1.0, "b": 1.0, "c": 1.0, "d": 1.0}
    assert_trec_column_equals_evaluate(at)
    shown = results(at)
    # trec_eval reads d, c, b, a: nDCG@2 = 1 / (3 + 1/log2 3)
    assert shown.loc["nDCG@2", TREC_COLUMN] == f"{1 / (3 + 1 / math.log2(3)):.4f}"
    # scikit-learn: every rank gets the mean gain 1, ideal from the list
    assert shown.loc["nDCG@2", "scikit-learn"] == f"{(1 + 1 / math.log2(3)) / (3 + 1 / math.log2(3)):.4f}"
    orders = next(d.value for d in at.table if "order read" in d.value.columns)
    assert "d → c → b → a" in list(orders["order read"])
    assert "{a, b, c, d}" in list(orders["order read"])
    assert any(m.value.startswith("**scikit-learn** — differs on:") for m in at.markdown)
    # back to scores from the ranking
    at.button(key="conventions_clear").click().run()
    assert at.session_state[state.BOARD].scores == {}
    assert_trec_column_equals_evaluate(at)


def test_editing_a_score(page):
    at = page
    at.session_state[state.BOARD] = Board.from_ranking([1, 0, 2], items=["x", "y", "z"], k=3)
    at.session_state[state.REVISION] += 1
    at.run()
    key = next(e.key for e in at.dataframe if e.key and e.key.startswith("conventions_scores_"))
    at.session_state[key] = {"edited_rows": {"2": {"score": 3.0}}, "added_rows": [], "deleted_rows": []}
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    assert at.session_state[state.BOARD].scores == {"x": 3.0, "y": 2.0, "z": 3.0}
    assert_trec_column_equals_evaluate(at)   # x and z tie: trec_eval puts z (id descending) first
    assert results(at).loc["RR · RR@3", TREC_COLUMN] == "1.0000"


def test_an_empty_score_is_not_applied(page):
    at = page
    at.session_state[state.BOARD] = Board.from_ranking([1, 0], items=["x", "y"], k=2)
    at.session_state[state.REVISION] += 1
    at.run()
    key = next(e.key for e in at.dataframe if e.key and e.key.startswith("conventions_scores_"))
    at.session_state[key] = {"edited_rows": {"0": {"score": None}}, "added_rows": [], "deleted_rows": []}
    at.run()
    assert not at.exception
    assert any("empty" in e.value for e in at.error)
    assert at.session_state[state.BOARD].scores == {}


def test_real_grades_show_ranx_truncation(page):
    at = load_preset(page, "000_list_1")   # grades 0.5, 0.9, ...: ranx truncates them all to 0
    shown = results(at)
    assert shown.loc["nDCG@5", "ranx"] == "0.0000"
    assert shown.loc["nDCG@5", TREC_COLUMN] != "0.0000"
    assert any("truncated" in m.value for m in at.markdown)


def test_choices_table_is_rendered_from_the_presets(page):
    at = page
    table = next(d.value for d in at.dataframe if d.value.index.name == "choice")
    assert list(table.columns) == [group_name(group) for group in group_presets()]
    firsts = [LIBRARIES[group[0]] for group in group_presets()]
    assert list(table.loc["nDCG gain"]) == [c.gain for c in firsts]
    assert list(table.loc["AP divided by"]) == [c.ap_denominator for c in firsts]
    assert list(table.loc["ties in the scores"]) == [c.ties for c in firsts]


def test_empty_ranking(page):
    at = page
    at.session_state[state.BOARD] = Board(grades={"a": 1, "b": 0}, ranking=(), k=2)
    at.session_state[state.REVISION] += 1
    at.run()
    assert not at.exception
    assert any("Rank at least one item" in i.value for i in at.info)


def test_uploaded_query_with_run_scores(page):
    """A query of an uploaded run (its own scores): the trec_eval column equals evaluate on the files."""
    at = page
    at.switch_page("pages/upload.py").run()
    files = [TREC / "qrels.txt", TREC / "run_a.txt"]
    at.file_uploader[0].set_value([(p.name, p.read_bytes(), "text/plain") for p in files]).run()
    assert not at.exception, [e.message for e in at.exception]
    at.switch_page(PAGE).run()
    assert not at.exception, [e.message for e in at.exception]
    board = at.session_state[state.BOARD]
    assert board.scores and board.title.startswith("query")
    assert_trec_column_equals_evaluate(at)
    query = at.session_state[state.QUERY]
    k = k_of(board)
    on_files = metrics.evaluate(str(files[0]), str(files[1]), [f"nDCG@{k}", f"AP@{k}", "RR", f"P@{k}", f"R@{k}"])
    shown = results(at)[TREC_COLUMN]
    assert list(shown) == [f"{v:.4f}" for v in on_files.per_query.loc[query]]


def test_pytrec_eval_has_its_own_column_equal_to_trec_eval_without_near_ties(page):
    """pytrec_eval (trec_eval 9.0.7: 32-bit scores) differs from trec_eval 10.0 only where two scores are
    closer than a float32 can tell: its own column, the same numbers here, not highlighted, no card; the
    choices table names the one choice that differs."""
    at = page
    assert LIBRARIES["pytrec_eval"].differences(LIBRARIES["trec_eval"]) == ["score_type"]
    shown = results(at)
    assert list(shown["pytrec_eval"]) == list(shown[TREC_COLUMN])
    choices = next(d.value for d in at.dataframe if d.value.index.name == "choice")
    assert len(set(map(tuple, choices.T.values.tolist()))) == len(choices.columns)  # no two identical libraries
    assert not any("pytrec_eval** — differs" in m.value for m in at.markdown)

def load_run_query(at, query: str):
    """Upload sample_data/trec's qrels + run_a, put ``query`` on the board, open this page."""
    at.switch_page("pages/upload.py").run()
    files = [TREC / "qrels.txt", TREC / "run_a.txt"]
    at.file_uploader[0].set_value([(p.name, p.read_bytes(), "text/plain") for p in files]).run()
    at.selectbox(key="upload__query_" + str(at.session_state[state.REVISION])).set_value(query).run()
    at.switch_page(PAGE).run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def test_input_order_libraries_read_the_run_files_order(page):
    """Query 102 of run_a: doc-102-05 (grade 2) and doc-102-11 (grade 0) tie at rank 5-6; the file lists 05 first.
    trec_eval puts 11 first (docno descending): P@5 = 0.8; ranx keeps the file's order: P@5 = 1.0
    (sample_data/README.md)."""
    at = load_run_query(page, "102")
    board = at.session_state[state.BOARD]
    assert board.run_order and board.ranking != board.run_order
    at.slider(key=f"conventions_k_{at.session_state[state.REVISION]}").set_value(5).run()
    assert not at.exception, [e.message for e in at.exception]
    shown = results(at)
    assert shown.loc["P@5", "ranx"] == "1.0000"
    assert shown.loc["P@5", TREC_COLUMN] == "0.8000"
    assert shown.loc["nDCG@5", TREC_COLUMN] == "0.7903"
    assert_trec_column_equals_evaluate(at)
    orders = next(d.value for d in at.table if "order read" in d.value.columns)
    as_given = orders.loc[orders["libraries"].str.contains("ranx"), "order read"].iloc[0]
    assert as_given.index("doc-102-05") < as_given.index("doc-102-11")


# ------------------------------------------------------------------ issue 9: the cause, not just the difference


def put(at, board: Board):
    at.session_state[state.BOARD] = board
    at.session_state[state.REVISION] += 1
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def waterfalls(at) -> list[dict]:
    """The cause charts: each one's waterfall trace (the library named by its last hover text) and its title."""
    found = []
    for chart in at.get("plotly_chart"):
        spec = json.loads(chart.proto.spec)
        traces = [trace for trace in spec["data"] if trace.get("type") == "waterfall"]
        if traces:
            found.append({**traces[0], "title": spec["layout"]["title"]["text"], "traces": spec["data"]})
    return found


def test_an_undefined_tie_order_is_a_range_with_its_reason(page):
    """One big tie: torchmetrics (torch.topk) leaves the order of the tied items undefined: its AP is a range, and
    the page says why, under the table and in its card."""
    at = put(page, Board.from_ranking([3, 0, 0, 1], items=["a", "b", "c", "d"], k=2))
    at.button(key="conventions_tie").click().run()
    assert not at.exception, [e.message for e in at.exception]
    assert_shows_score_under(at)
    cell = results(at).loc["AP@2 · AP", "torchmetrics"]
    low, high = score_under(LIBRARIES["torchmetrics"], ["a", "b", "c", "d"], {"a": 3, "b": 0, "c": 0, "d": 1}, 2,
                            [1.0] * 4)["AP@2"]
    assert cell == f"{low:.4f} to {high:.4f}" and low < high
    reason = "torchmetrics: the order of tied items is not defined (torch.topk): "
    assert any(c.value.startswith(reason) and f"{low:.4f} to {high:.4f}" in c.value for c in at.caption)
    assert any(m.value.startswith(reason) for m in at.markdown)  # in the card, above the AP tab's chart


def test_each_differing_library_gets_a_waterfall_from_trec_eval_to_its_number(page):
    """Every library whose cell differs from trec_eval's has a waterfall for that measure: its first bar is
    trec_eval's number, its last (the total) the library's; a choice that changes nothing is not a step."""
    at = load_preset(page, "unjudged")
    shown = results(at)
    charts = waterfalls(at)
    names = {group_name(group): group for group in group_presets()}
    expected = {(name, measure) for name in shown.columns if name != TREC_COLUMN
                for measure, cell in shown[name].items() if cell not in ("—", shown.loc[measure, TREC_COLUMN])
                and " to " not in cell}
    assert expected, "the preset should make some library differ"
    seen = set()
    for chart in charts:
        library = html.unescape(chart["hovertext"][-1])
        assert chart["title"].endswith(f": trec_eval → {library}")
        measure = chart["title"].removesuffix(f": trec_eval → {library}")
        row = next(label for label in shown.index if measure in (label, *label.split(" · ")))
        assert chart["measure"][0] == "absolute" and chart["measure"][-1] == "total"
        assert f"{chart['y'][0]:.4f}" == shown.loc[row, TREC_COLUMN], (library, row)
        assert f"{chart['y'][-1]:.4f}" == shown.loc[row, library], (library, row)
        # the steps add up: no step is zero (a choice that changes nothing is not blamed)
        assert all(abs(change) > 0 for change in chart["y"][1:-1])
        assert chart["y"][0] + sum(chart["y"][1:-1]) == pytest.approx(chart["y"][-1], abs=1e-12)
        seen.add((library, row))
        assert library in names
    assert expected <= seen


def test_a_difference_due_only_to_rounding_is_labelled_as_rounding(page):
    """P@3 = 2/3: RecBole reports 0.6667 (4 decimals). Its card says "rounding only", and the step is rounding."""
    at = put(page, Board.from_ranking([1, 0, 1], items=["x", "y", "z"], k=3))
    shown = results(at)
    assert shown.loc["P@3", "RecBole"] == shown.loc["P@3", TREC_COLUMN] == "0.6667"
    assert any(m.value.startswith("**RecBole** — differs by rounding only: ") and "P@3" in m.value for m in at.markdown)
    charts = [c for c in waterfalls(at) if c["title"] == "P@3: trec_eval → RecBole"]
    assert len(charts) == 1
    assert "rounding" in charts[0]["hovertext"][1]
    steps = [d.value for d in at.table if list(d.value.columns) == ["cause"]]
    assert any("rounding: 0.666667 → 0.6667" in list(frame["cause"]) for frame in steps)


def test_a_pasted_number_names_the_library_that_prints_it(page):
    """scikit-learn's nDCG (ideal from the list) is found from its 4-decimal value; a number no convention gives
    is said to be none, with the closest."""
    at = load_preset(page, "unjudged")
    board = at.session_state[state.BOARD]
    items, scores = library_input(board)
    value = score_under(LIBRARIES["sklearn"], items, judgments(board), k_of(board), scores)[f"nDCG@{k_of(board)}"]
    assert results(at).loc[f"nDCG@{k_of(board)}", TREC_COLUMN] != f"{value:.4f}"
    at.selectbox(key="conventions__pasted_measure").set_value("nDCG")
    at.text_input(key="conventions__pasted_value").set_value(f"{value:.4f}").run()
    assert not at.exception, [e.message for e in at.exception]
    assert any(f"{value:.4f} is scikit-learn's convention" in s.value for s in at.success), at.success
    at.text_input(key="conventions__pasted_value").set_value("0.0123").run()
    assert any(w.value.startswith("no known convention gives 0.0123; the closest is") for w in at.warning)


def test_a_whole_run_under_every_preset_and_its_widest_queries(page):
    """The sample upload: the mean of each measure per library (trec_eval's equals metrics.evaluate's), and the
    queries where the libraries differ most, each a button that puts the query on the board in the file's order."""
    at = page
    at.switch_page("pages/upload.py").run()
    at.button(key="upload__sample_TREC: qrels.txt + run_a.txt (7 queries)").click().run()
    at.switch_page(PAGE).run()
    assert not at.exception, [e.message for e in at.exception]
    k = k_of(at.session_state[state.BOARD])
    means = next(d.value for d in at.dataframe if d.value.index.name == "mean")
    assert list(means.columns) == [group_name(group) for group in group_presets()]
    on_files = metrics.evaluate(str(TREC / "qrels.txt"), str(TREC / "run_a.txt"), [f"nDCG@{k}", f"P@{k}"])
    assert means.loc[f"nDCG@{k}", TREC_COLUMN] == f"{on_files.aggregate[f'nDCG@{k}']:.4f}"
    assert means.loc[f"P@{k}", TREC_COLUMN] == f"{on_files.aggregate[f'P@{k}']:.4f}"
    buttons = [b for b in at.button if b.key and b.key.startswith("conventions__explain_")]
    assert buttons and all(b.label.startswith("Query ") for b in buttons)
    query = buttons[-1].key.removeprefix("conventions__explain_")
    buttons[-1].click().run()
    assert not at.exception, [e.message for e in at.exception]
    board = at.session_state[state.BOARD]
    assert at.session_state[state.QUERY] == query and board.title.startswith(f"query {query} ")
    assert board.run_order  # the file's order, so the page explains what each library read
    assert_shows_score_under(at)


def test_every_sentence_of_the_core_has_its_chinese():
    """The page translates explain_value's English templates (metrics.conventions.search.TEMPLATES) as they are."""
    from metrics.conventions import search
    from ui.locale import catalog

    ZH = catalog("zh")

    missing = [template for template in search.TEMPLATES.values() if template not in ZH]
    assert not missing
    for template in search.TEMPLATES.values():  # the same fields in both languages
        assert sorted(re.findall(r"{(\w+)}", ZH[template])) == sorted(re.findall(r"{(\w+)}", template))


def test_a_pasted_number_is_read_with_its_decimals_as_written(page):
    """"1" is exactly 1: a library whose RR on the board is 0.5 is not named (a 0-decimal reading would take
    anything within ±0.5); "0.5" is read to 1 decimal; text that is no number from 0 to 1 gets one error."""
    at = load_preset(page, "004_rel_b")
    board = at.session_state[state.BOARD]
    items, scores = library_input(board)
    rr = {key: score_under(LIBRARIES[key], items, judgments(board), k_of(board), scores)
          for key in ("trec_eval", "ranx")}
    rr = {key: next(v for label, v in values.items() if label.startswith("RR")) for key, values in rr.items()}
    assert rr["ranx"] == 0.5 and rr["trec_eval"] == 0.5, rr
    at.selectbox(key="conventions__pasted_measure").set_value("RR")
    at.text_input(key="conventions__pasted_value").set_value("1").run()
    assert not at.exception, [e.message for e in at.exception]
    said = [s.value.replace("\\_", "_") for s in [*at.success, *at.warning]]  # markdown escapes the underscore
    assert said and not any("ranx" in s or s.startswith("1 is trec_eval's convention") for s in said), said
    assert any(c.value == "Read as exactly 1." for c in at.caption)
    at.text_input(key="conventions__pasted_value").set_value("0.5").run()
    said = [s.value.replace("\\_", "_") for s in at.success]
    assert any(s.startswith("0.5 is trec_eval's convention") for s in said), said
    assert any(c.value.startswith("Read as printed to 1 decimals: any number from 0.45 to 0.55") for c in at.caption)
    at.text_input(key="conventions__pasted_value").set_value("1.5").run()
    assert [e.value for e in at.error] == ["“1.5” is not a number from 0 to 1: type it as your library printed it, "
                                           "e.g. 0.9262 or 1."]
