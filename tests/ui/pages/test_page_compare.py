"""AppTest: the compare page (pages/compare.py) shows exactly what metrics.measures.summary, metrics.teaching.swaps and
metrics.teaching.two_rankings compute, step by step: both lists' values so far at each step, nothing of a later step at
step 1."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import numpy as np
import pytest

import metrics
from metrics.explanation import COLUMN_LABELS
from metrics.measures.summary import compare_summaries, summarize
from metrics.teaching.swaps import swap_effects
from metrics.teaching.two_rankings import worked_pair
from tests.apptest_helpers import drop, lane_names, lanes_data, load_preset, open_page, show_all, step_windows
from tests.spoilers import BOARD, two_rankings_later
from tests.ui.test_no_spoilers import shown_numbers
from ui.model.board import Board
from ui.model.presets import PRESETS
from ui.session import state
from ui.topics.compare import TABLES

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

PAGE = "pages/compare.py"
TREC = Path(__file__).resolve().parents[3] / "sample_data" / "trec"
PRESET_SAMPLE = ["000_list_1", "000_code_q1", "001_hit_ap_mrr", "003_ndcg", "004_rel_a", "ties", "no_relevant",
                 "unjudged"]


def with_tables(at):
    """Both lists' whole step tables shown (their expander open, as a click on it does)."""
    at.session_state[TABLES] = True
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


@pytest.fixture
def page(app_test):
    return with_tables(open_page(app_test, PAGE))


def load(at, preset: str):
    load_preset(at, preset)
    assert at.session_state[state.BOARD] == PRESETS[preset]
    return at


def k_of(board: Board) -> int:
    return min(board.k, max(len(board.ranking), len(board.judged()), 1))


def summary_of(board: Board, k: int) -> dict[str, float]:
    return summarize(board.rels(), k, judged=board.judged(), gain=board.gain, ideal=board.ideal,
                     ap_denominator=board.ap_denominator, threshold=board.threshold)


def shown_table(at):
    tables = [d.value for d in at.dataframe if "list 2 − list 1" in d.value.columns]
    assert len(tables) == 1
    return tables[0]


def assert_shows(at, second: tuple[str, ...]):
    board = at.session_state[state.BOARD]
    assert at.session_state[state.SECOND] == second
    k = k_of(board)
    expected = compare_summaries(summary_of(board, k), summary_of(board.with_ranking(second), k))
    shown = shown_table(at)
    assert list(shown["measure"]) == list(expected["measure"])
    for column in ("list 1", "list 2", "list 2 − list 1"):
        np.testing.assert_allclose(shown[column].to_numpy(float), expected[column].to_numpy(float), atol=1e-12)
    # the headline: nDCG of list 1 and list 2, named with K and the conventions
    ndcg = expected["measure"].iloc[0]
    assert [(m.label, m.value) for m in at.metric] == [
        (f"{name} · {ndcg}", f"{expected[label].iloc[0]:.4f}") for name, label in (("List 1", "list 1"),
                                                                                    ("List 2", "list 2"))]
    # the nDCG step tables, one per list, end in the nDCG shown
    steps = [d.value.rename(columns={label: column for column, label in COLUMN_LABELS.items()})
             for d in at.dataframe if COLUMN_LABELS["discounted_gain"] in d.value.columns]  # human headers
    assert len(steps) == 2
    for table, ranking in zip(steps, (board.ranking, second)):
        explanation = metrics.ndcg_steps(board.with_ranking(ranking).rels(), k, gain=board.gain,
                                         ideal=board.ideal_grades())
        assert table["DCG"].iloc[-1] == pytest.approx(explanation.details["DCG"], abs=1e-12)
        assert list(table["rel"]) == list(explanation.table["rel"])
    return expected


def typed_array(value) -> np.ndarray:
    """A plotly JSON array: a list, or a typed array {"dtype", "bdata" (base64), "shape"}."""
    if isinstance(value, dict):
        shape = tuple(int(n) for n in str(value.get("shape", "-1")).split(","))
        return np.frombuffer(base64.b64decode(value["bdata"]), dtype=value["dtype"]).reshape(shape).astype(float)
    return np.asarray(value, dtype=float)


def heatmap_z(at):
    for chart in at.get("plotly_chart"):
        spec = json.loads(chart.proto.spec)
        for trace in spec["data"]:
            if trace["type"] == "heatmap":
                return typed_array(trace["z"]), list(trace["x"]), spec["layout"]["title"]["text"]
    raise AssertionError("no heatmap on the page")


@pytest.mark.parametrize("preset", PRESET_SAMPLE)
def test_renders_and_shows_summaries_for_presets(page, preset):
    at = load(page, preset)
    board = at.session_state[state.BOARD]
    assert_shows(at, tuple(reversed(board.ranking)))   # default list 2: the board's ranking reversed


def test_default_page_and_the_swap_heatmap(page):
    at = page
    board = at.session_state[state.BOARD]
    assert_shows(at, tuple(reversed(board.ranking)))
    k = k_of(board)
    z, labels, title = heatmap_z(at)
    expected = swap_effects(board.rels(), k, gain=board.gain, ideal=board.ideal_grades(), items=board.ranking)
    np.testing.assert_allclose(z, expected.to_numpy(), atol=1e-12)
    assert labels == list(board.ranking)
    assert "nDCG" in title
    assert any("Cell (i, j)" in m.value for m in at.markdown)
    at.radio(key="compare_swap_measure").set_value("AP").run()
    z, _, title = heatmap_z(at)
    expected = swap_effects(board.rels(), k, measure="AP", items=board.ranking, n_relevant=board.n_relevant(),
                            denominator=board.ap_denominator)
    np.testing.assert_allclose(z, expected.to_numpy(), atol=1e-12)
    assert title.startswith("Change in AP")


def test_buttons_change_list_2(page):
    at = load(page, "relevant_at_bottom")
    board = at.session_state[state.BOARD]
    at.button(key="compare_list2_Copy list 1").click().run()
    expected = assert_shows(at, board.ranking)
    assert (expected["list 2 − list 1"] == 0).all()
    at.button(key="compare_list2_Ideal order").click().run()
    ideal = tuple(sorted(board.ranking, key=lambda i: -board.grade(i)))
    expected = assert_shows(at, ideal)
    assert (expected["list 2 − list 1"] >= 0).all()
    assert expected.set_index("measure").loc[f"nDCG@{board.k}", "list 2"] == pytest.approx(1.0)
    at.button(key="compare_list2_Reverse").click().run()
    assert_shows(at, tuple(reversed(ideal)))
    at.button(key="compare_list2_Shuffle").click().run()
    shuffled = at.session_state[state.SECOND]
    assert sorted(shuffled) == sorted(board.ranking)
    assert_shows(at, shuffled)


def test_article_list_2_button(page):
    at = load(page, "000_list_1")
    assert not at.button(key="compare_000_list_1").disabled
    at.button(key="compare_000_list_2").click().run()
    expected = assert_shows(at, PRESETS["000_list_2"].ranking)
    # the article's numbers: nDCG@5 of list_1 and list_2 (linear gain, real grades)
    values = expected.set_index("measure")
    assert values.loc["nDCG@5", "list 1"] == pytest.approx(metrics.ndcg([0.5, 0.9, 0.3, 0.6, 0.1], 5))
    assert values.loc["nDCG@5", "list 2"] == pytest.approx(metrics.ndcg([0.6, 0.5, 0.1, 0.3, 0.9], 5))
    # the article buttons are offered only for the article's items
    at = load(at, "ties")
    assert not [b for b in at.button if b.key and b.key.startswith("compare_000")]


def test_dragging_list_2(page):
    at = load(page, "one_relevant")
    board = at.session_state[state.BOARD]
    new_order = ("d3",) + tuple(i for i in board.ranking if i != "d3")
    drop(at, new_order, prefix="compare_list2_lanes_")
    expected = assert_shows(at, new_order)
    assert expected.set_index("measure").loc["RR", "list 2"] == 1.0
    data = lanes_data(at, "compare_list2_lanes_")
    assert [lane["id"] for lane in data["lanes"]] == ["ranking"]  # one lane: no pool
    assert lane_names(at, 0, "compare_list2_lanes_") == list(new_order)
    # an order of other items (stale) is ignored
    drop(at, ("x", "y"), prefix="compare_list2_lanes_")
    assert_shows(at, new_order)


def test_list_2_follows_the_board(page):
    at = load(page, "000_list_1")
    at.button(key="compare_000_list_2").click().run()
    assert_shows(at, PRESETS["000_list_2"].ranking)
    # list 1 changes (a drag in the builder, same example): list 2 is kept
    board = at.session_state[state.BOARD]
    at.session_state[state.BOARD] = board.with_ranking(("E", "D", "C", "B", "A"))
    at.run()
    assert_shows(at, PRESETS["000_list_2"].ranking)
    # an item leaves the ranking: list 2 keeps the order of the others
    board = at.session_state[state.BOARD]
    at.session_state[state.BOARD] = board.with_ranking(("D", "A", "E", "C"))
    at.session_state[state.REVISION] += 1
    at.run()
    assert_shows(at, ("D", "A", "E", "C"))
    # another example: back to the board's ranking reversed
    at = load(at, "000_list_2")
    assert_shows(at, tuple(reversed(PRESETS["000_list_2"].ranking)))
    at = load(at, "ties")
    assert_shows(at, tuple(reversed(PRESETS["ties"].ranking)))


def test_conventions_change_both_lists(page):
    at = load(page, "003_ndcg")
    revision = at.session_state[state.REVISION]
    at.radio(key=f"compare_gain_{revision}").set_value("linear").run()
    at.radio(key=f"compare_ap_denominator_{revision}").set_value("found").run()
    board = at.session_state[state.BOARD]
    assert board.gain == "linear" and board.ap_denominator == "found"
    expected = assert_shows(at, tuple(reversed(board.ranking)))
    assert "AP(denom=found)@5" in list(expected["measure"])


def test_empty_and_single_item_rankings(page):
    at = page
    for ranking in ((), ("a",)):
        at.session_state[state.BOARD] = Board(grades={"a": 1, "b": 0}, ranking=ranking, k=2)
        at.session_state[state.REVISION] += 1
        at.run()
        assert not at.exception, [e.message for e in at.exception]
        assert any("at least two" in i.value for i in at.info)
        assert_shows(at, ranking)


def test_long_uploaded_ranking(page):
    """A query of an uploaded run: the heatmap shows the top 15 ranks, the table the whole list."""
    at = page
    at.switch_page("pages/upload.py").run()
    at.file_uploader[0].set_value([(p.name, p.read_bytes(), "text/plain")
                                   for p in (TREC / "qrels.txt", TREC / "run_a.txt")]).run()
    assert not at.exception, [e.message for e in at.exception]
    at.switch_page(PAGE).run()
    assert not at.exception, [e.message for e in at.exception]
    show_all(with_tables(at))  # a new example (the upload's query) starts at step 1
    board = at.session_state[state.BOARD]
    assert board.title.startswith("query")
    assert_shows(at, tuple(reversed(board.ranking)))
    z, _, _ = heatmap_z(at)
    assert z.shape == (min(15, len(board.ranking)),) * 2
    if len(board.ranking) > 15:
        assert any("top 15" in c.value for c in at.caption)


def test_list_ideal_is_named_and_equal_to_the_ideal_grades(page):
    at = page   # the default example builds the ideal ordering from the list
    board = at.session_state[state.BOARD]
    assert board.ideal == "list"
    shown = shown_table(at).set_index("measure")
    k = k_of(board)
    assert shown.loc[f"nDCG(ideal=list)@{k}", "list 1"] == pytest.approx(
        metrics.ndcg(board.rels(), k, ideal=board.ideal_grades()), abs=1e-12)


# --------------------------------------------------------------------------- one step per rank

def explanations_of(board: Board, second) -> list:
    """Both lists' nDCG as the core computes them (list 1: the board's ranking, list 2: ``second``)."""
    k = k_of(board)
    return [metrics.ndcg_steps(board.with_ranking(r).rels(), k, gain=board.gain, ideal=board.ideal_grades(), items=r,
                               ideal_from=board.ideal) for r in (board.ranking, second)]


def worked_lines(explanations, step: int | None) -> list[str]:
    """The worked lines the page draws at ``step`` at the default text size: the core's (metrics.teaching.two_rankings)."""
    from metrics.explanation import em_for_px
    from ui.teaching.lecture import FORMULA_PX, FORMULA_SCALE
    from ui.topics.compare import OWN_SCALE, OWN_WIDTH, SHARED_WIDTH

    def width(share: float) -> float:
        return em_for_px(FORMULA_PX * share, base_font_px=18 * FORMULA_SCALE)

    shared, first, second = worked_pair(*explanations, step, width(SHARED_WIDTH), width(OWN_WIDTH) / OWN_SCALE)
    return shared + first + second


@pytest.mark.parametrize("preset", [None, "003_ndcg"])  # the default example (ideal: the list), exponential gain
def test_stepping_shows_both_lists_so_far_side_by_side(app_test, preset):
    at = with_tables(open_page(app_test, PAGE, PRESETS[preset] if preset else None, all_steps=False))  # step 1
    board = at.session_state[state.BOARD]
    second = at.session_state[state.SECOND]
    explanations = explanations_of(board, second)
    total = len(explanations[0].table)
    assert total > 1
    for step in range(1, total + 1):
        assert next(m.value for m in at.markdown if m.value.startswith("**Step ")).startswith(
            f"**Step {step} of {total}**")
        running = [e.running_at(step) for e in explanations]
        names = [f"nDCG so far (step {step})"] * 2 if step < total else [explanations[0].measure] * 2
        assert [(m.label, m.value) for m in at.metric] == [
            (f"List {n} · {name}", f"{values['nDCG']:.4f}") for n, name, values in zip((1, 2), names, running)]
        # each list's step window ends at the step's rank, with the core's numbers
        windows = step_windows(at)
        assert len(windows) == 2
        for window, e in zip(windows, explanations):
            row = e.table.iloc[step - 1]
            assert window.iloc[-1][COLUMN_LABELS["rank"]] == str(step)
            assert window.iloc[-1][COLUMN_LABELS["item"]] == row["item"]
            assert window.iloc[-1][COLUMN_LABELS["DCG"]] == f"{row['DCG']:.4f}"
        # the worked formulas are the core's, IDCG once
        latex = [x.value.removeprefix("$$\n").removesuffix("\n$$") for x in at.get("latex")]
        assert set(worked_lines(explanations, None if step == total else step)) <= set(latex)
        # both lists' step tables below, up to the step, under the IDCG so far
        steps = [d.value for d in at.dataframe if COLUMN_LABELS["discounted_gain"] in d.value.columns]
        assert [len(s) for s in steps] == [step, step]
        idcg = f"{running[0]['IDCG']:.4f}"
        assert [m.value for m in at.markdown if "for both" in m.value] == [
            f"**List {n}** — IDCG@{explanations[0].details['k'] if step == total else step} = {idcg} for both"
            for n in (1, 2)]
        # both lanes outline the rank, until every step is shown
        outline = step if step < total else None
        assert lanes_data(at)["step"] == outline and lanes_data(at, "compare_list2_lanes_")["step"] == outline
        if step < total:  # every measure and the swap heatmap: at the end
            assert not [d for d in at.dataframe if "list 2 − list 1" in d.value.columns]
            assert any("Shown after the last step" in c.value for c in at.caption)
            assert not at.get("plotly_chart") and any(i.value.startswith("Shown after the last step") for i in at.info)
            at.button(key=state.page_key("compare", "step_next")).click().run()
            assert not at.exception
    assert at.button(key=state.page_key("compare", "step_next")).disabled
    assert_shows(at, second)  # the last step: the final numbers and every measure
    assert heatmap_z(at)[0].shape == (len(board.ranking),) * 2


@pytest.mark.parametrize("language", ["en", "zh"])
def test_nothing_of_a_later_step_at_step_1(app_test, language):
    """At step 1 no number on the page (text, metrics, formulas, tables, charts) is a value of a later step of either
    list, nor a final value of the table of every measure (tests/spoilers.py); after the last step they are there."""
    at = with_tables(open_page(app_test, PAGE, BOARD, language=language, all_steps=False))
    later, finals = two_rankings_later(at.session_state[state.BOARD], at.session_state[state.SECOND])
    assert finals <= later
    shown = shown_numbers(at)
    assert not later & shown, sorted(later & shown)
    show_all(at)
    assert finals <= shown_numbers(at)


def test_the_clicker_keys_step_both_lists(app_test):
    at = open_page(app_test, PAGE, all_steps=False)
    for action, expected in (("next", 2), ("next", 3), ("back", 2), ("start", 1)):
        at.session_state["compare_keys"] = {"action": action}
        at.run()
        at.session_state["compare_keys"] = {}
        assert any(m.value.startswith(f"**Step {expected} of") for m in at.markdown)
    at.session_state["compare_keys"] = {"action": "end"}
    at.run()
    at.session_state["compare_keys"] = {}
    assert [d for d in at.dataframe if "list 2 − list 1" in d.value.columns]
