"""The reader behind the metric (pages/reader.py): every C/W/L reader on the board, its headline equal to
metrics.measures.cwl on the board's scaled gains, its sliders, the step walk to the end, the chart that reveals
only the ranks walked (the expected depth at the end, on the chart and on the builder's ranking; the ranges the
unjudged items leave), no later value at step 1, and 中文."""

from __future__ import annotations

import json

import pytest

from metrics.explanation import Column
from metrics.measures.cwl import INSTCWLMetric, RBPCWLMetric, cwl_steps
from tests.apptest_helpers import lanes_data, open_page, show_all, step_windows
from tests.spoilers import BOARD, first_values, later_values
from tests.ui.test_no_spoilers import shown_numbers
from tests.visible_text import item_names, untranslated
from ui.model.board import Board
from ui.session import state
from ui.topics import reader

pytestmark = pytest.mark.slow  # AppTest runs: the full run's tier

PAGE = "pages/reader.py"
CHOICE, NEXT = state.page_key("reader", "model"), state.page_key("reader", "step_next")
#: the models' names as cwl_eval prints them: the same in every language
NEUTRAL = {"eu", "etu", "ec", "etc", "ed", "rbp", "inst", "nerr", "eq", "ndcg", "k", "rr", "t", "p", "cwl_eval",
           "c", "w", "l", "g", "err", "dcg", "icti", "ictir", "sigir", "tois", "acm", "adcs"}


def choose(at, choice: str, all_steps: bool = True):
    at.selectbox(key=CHOICE).set_value(choice).run()
    if all_steps:
        show_all(at)
    assert not at.exception, [e.message for e in at.exception]
    return at


def expected(choice: str, board: Board = BOARD, p: float = reader.DEFAULT_P, T: float = reader.DEFAULT_T):
    k = reader.depth(board)
    scaled, _ = reader.gains(board, k)
    return cwl_steps(scaled, reader.model(choice, k, p, T))


@pytest.fixture
def english(app_test):
    return open_page(app_test, PAGE, BOARD)


def test_the_gains_are_grades_over_the_largest_grade():
    scaled, top = reader.gains(BOARD, 6)
    assert top == 3.0 and [round(g, 4) for g in scaled] == [0.0, 0.0, 1.0, 0.6667, 0.0, 0.3333]


@pytest.mark.parametrize("choice", list(reader.CHOICES))
def test_every_reader_shows_its_expected_utility_and_depth(english, choice):
    at = choose(english, choice)
    explanation = expected(choice)
    assert [(m.label, m.value) for m in at.metric] == [
        (explanation.measure, f"{explanation.value:.4f}"), ("expected depth ED", f"{explanation.details['ED']:.4f}")]
    assert at.latex and step_windows(at)
    [window] = step_windows(at)
    assert list(window.columns) == ["rank", "item", "gain", "go on C(i)", "attention W(i)", "stop here L(i)",
                                    "EU so far Σ W·g"]
    assert not at.error


def test_the_readers_are_the_measures_they_model(english):
    """P@K's reader gives P@K of the scaled gains, RR's 1/(the first rank with gain), ERR's cascade stops at a
    gain of 1."""
    at = choose(english, "P")
    assert at.metric[0].value == f"{sum(reader.gains(BOARD, 6)[0]) / 6:.4f}"
    at = choose(at, "RR")
    assert (at.metric[0].label, at.metric[0].value) == ("RR", f"{1 / 3:.4f}")  # the first gain at rank 3
    at = choose(at, "ERR")
    assert at.metric[1].value == "3.0000"  # a grade-3 item at rank 3 satisfies her: she stops there


def test_the_sliders_move_the_reader(english):
    at = choose(english, "RBP")
    at.slider(key=state.page_key("reader", "p")).set_value(0.5).run()
    show_all(at)
    gains = reader.gains(BOARD, 6)[0]
    assert at.metric[0].label == "RBP@0.5"
    assert at.metric[0].value == f"{cwl_steps(gains, RBPCWLMetric(0.5)).value:.4f}"
    at = choose(at, "INST")
    at.slider(key=state.page_key("reader", "T")).set_value(3).run()
    show_all(at)
    assert at.metric[0].label == "INST-T=3.0"
    assert at.metric[0].value == f"{cwl_steps(gains, INSTCWLMetric(3.0)).value:.4f}"
    at.slider(key=f"reader_k_{at.session_state[state.REVISION]}").set_value(4).run()  # K: the reader's depth
    show_all(at)
    assert at.metric[0].value == f"{cwl_steps(gains[:4], INSTCWLMetric(3.0)).value:.4f}"
    assert len(step_windows(at)[0]) <= 4


def test_the_walk_reaches_the_end_and_the_chart_follows_it(app_test):
    at = open_page(app_test, PAGE, BOARD, all_steps=False)
    at = choose(at, "RBP", all_steps=False)
    explanation = expected("RBP")
    total = len(explanation.table)
    for step in range(1, total + 1):
        [window] = step_windows(at)
        assert window.iloc[-1, 0] == str(step)  # the current row is the step's rank
        [chart] = at.get("plotly_chart")
        spec = json.loads(chart.proto.spec)
        assert [len(trace["x"]) for trace in spec["data"]] == [step] * 3  # W, L, C: the ranks walked so far
        annotations = [note["text"] for note in spec["layout"].get("annotations", [])]
        if step < total:
            assert at.metric[0].label == f"EU so far (step {step})" and not annotations
            assert at.metric[1].value == f"after step {total}"
            at.button(key=NEXT).click().run()
            assert not at.exception
        else:
            assert at.metric[0].label == explanation.measure
            assert annotations == [f"expected depth ED = {explanation.details['ED']:.4f}"]
    assert at.button(key=NEXT).disabled


@pytest.mark.parametrize("choice", list(reader.CHOICES))
def test_no_later_value_at_step_1(app_test, choice):
    at = open_page(app_test, PAGE, BOARD, all_steps=False)
    at = choose(at, choice, all_steps=False)
    explanation = expected(choice)
    later = later_values(explanation) | ({f"{explanation.details['ED']:.4f}"} - first_values(explanation))
    shown = shown_numbers(at)
    assert not later & shown, sorted(later & shown)
    at.session_state[state.page_key("reader", "below")] = "The whole table"  # the other tab, at step 1
    at.run()
    assert not later & shown_numbers(at), sorted(later & shown_numbers(at))


@pytest.mark.parametrize("choice", list(reader.CHOICES))
def test_every_reader_reads_in_chinese(app_test, choice):
    at = open_page(app_test, PAGE, BOARD, language="zh")
    at = choose(at, choice)
    left = untranslated(at, item_names(at) | NEUTRAL)
    assert not left, f"{choice} still shows English:\n" + "\n".join(left)
    assert at.title[0].value == "指标背后的读者"


def test_a_board_without_gain_says_so(app_test):
    board = Board(grades={"a": 0.0, "b": None, "c": -1.0}, ranking=("a", "b", "c"), k=3)
    at = open_page(app_test, PAGE, board)
    for choice in reader.CHOICES:
        at = choose(at, choice)
        assert at.metric[0].value == "0.0000" and not at.error
        assert any("every gain is 0" in caption.value for caption in at.caption)


#: two unjudged items in the first K ranks (None), grades 0..3
UNJUDGED = Board(grades={"a": None, "b": 1, "c": 3, "d": None, "e": 0}, ranking=("a", "b", "c", "d", "e"), k=5)


@pytest.mark.parametrize("choice", list(reader.CHOICES))
def test_unjudged_items_give_a_range_after_the_last_step(app_test, choice):
    low, high, items = reader.unjudged_interval(UNJUDGED, choice)
    assert items == ["a", "d"] and low <= expected(choice, UNJUDGED).value <= high
    at = open_page(app_test, PAGE, UNJUDGED, all_steps=False)
    at = choose(at, choice, all_steps=False)
    assert any("shown after the last step" in caption.value for caption in at.caption)
    first = {f"{v:.4f}" for v in expected(choice, UNJUDGED).table.iloc[0] if isinstance(v, float)}
    assert not ({f"{low:.4f}", f"{high:.4f}"} - first) & shown_numbers(at)
    show_all(at)
    [info] = at.info
    assert f"between {low:.4f} and {high:.4f}" in info.value and "a, d" in info.value


def test_rr_s_range_is_below_its_value_when_an_unjudged_item_comes_first():
    """A reader who stops at the first gain scores less when an unjudged item above the first hit gains a little:
    every filling is tried, not only the extremes."""
    board = Board(grades={"a": None, "b": 3, "c": 1}, ranking=("a", "b", "c"), k=3)
    low, high, _ = reader.unjudged_interval(board, "RR")
    assert (round(low, 4), high) == (round(1 / 3, 4), 1.0)  # a: grade 1 → she stops at a, gain 1/3


def test_the_unjudged_range_reads_in_chinese(app_test):
    at = open_page(app_test, PAGE, UNJUDGED, language="zh", all_steps=False)
    assert any("最后一步之后" in caption.value for caption in at.caption)
    show_all(at)
    low, high, _ = reader.unjudged_interval(UNJUDGED, "RBP")
    assert f"EU 都在 {low:.4f} 和 {high:.4f} 之间" in at.info[0].value
    assert not untranslated(at, item_names(at) | NEUTRAL)


def test_the_reader_presents_full_screen(app_test):
    at = open_page(app_test, PAGE, BOARD, all_steps=False)
    at.session_state[state.presenting_keys("reader")[0]] = True  # the Present button
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    assert any("1 / 6" in m.value for m in at.markdown)
    assert [m.label for m in at.metric] == ["EU"]  # the presenter's running value


# --- the expected depth on the lanes, and the ranges the unjudged items leave, in the chart -----------------------


def chart_spec(at) -> dict:
    [chart] = at.get("plotly_chart")
    return json.loads(chart.proto.spec)


def test_the_lanes_mark_the_expected_depth_only_after_the_last_step(app_test):
    """No spoiler: the builder's ranking has no ED line while steps remain; then a line at ED, labelled."""
    at = open_page(app_test, PAGE, BOARD, all_steps=False)
    at = choose(at, "RBP", all_steps=False)
    depth = expected("RBP").details["ED"]
    total = len(expected("RBP").table)
    for _ in range(1, total):
        assert lanes_data(at)["marker"] is None
        at.button(key=NEXT).click().run()
    assert lanes_data(at)["marker"] == {"rank": pytest.approx(depth), "label": f"ED = {depth:.4f}"}
    assert 1 < depth < total
    at = choose(at, "P")  # P@K's reader reads exactly K ranks: ED = K, the last rank
    assert lanes_data(at)["marker"]["rank"] == pytest.approx(reader.depth(BOARD))
    at.button(key=state.page_key("reader", "step_start")).click().run()  # back to step 1: the line goes
    assert lanes_data(at)["marker"] is None


def test_the_depth_marker_reads_in_chinese(app_test):
    at = choose(open_page(app_test, PAGE, BOARD, language="zh"), "RBP")
    assert lanes_data(at)["marker"]["label"].endswith(f"= {expected('RBP').details['ED']:.4f}")


@pytest.mark.parametrize("page", ["pages/ndcg.py", "pages/cutoff.py"])
def test_other_pages_lanes_have_no_marker(app_test, page):
    at = open_page(app_test, page, BOARD)
    assert lanes_data(at)["marker"] is None


def test_the_ranges_of_the_unjudged_items_are_drawn_after_the_last_step(app_test):
    """Before the last step the chart has its three traces (W, L, C) on the ranks walked; then each unjudged rank's
    range of W(i)·g(i) (drawn twice: a white halo under it) and, in a column "EU" after the last rank, EU's range
    and EU with them as 0."""
    ranges = reader.unjudged_ranges(UNJUDGED, "RBP")
    explanation = expected("RBP", UNJUDGED)
    at = open_page(app_test, PAGE, UNJUDGED, all_steps=False)
    at = choose(at, "RBP", all_steps=False)
    for step in range(1, len(explanation.table)):
        spec = chart_spec(at)
        assert [len(trace["x"]) for trace in spec["data"]] == [step] * 3
        assert "ticktext" not in spec["layout"]["xaxis"]
        assert not any(caption.value.startswith("Purple") for caption in at.caption)
        at.button(key=NEXT).click().run()
    assert any(caption.value.startswith("Purple: what each unjudged item can add") for caption in at.caption)
    spec = chart_spec(at)
    names = [trace.get("name") for trace in spec["data"]]
    assert names == ["attention W(i)", "stop here L(i)", None, "range of the unjudged items: W(i)·g(i), and EU",
                     "go on C(i)", "EU with unjudged items as 0"]
    drawn = spec["data"][3]
    assert drawn["x"] == [1, 1, None, 4, 4, None, 6, 6, None]  # ranks of a and d, then the EU column
    w = explanation.table["W"].tolist()
    assert drawn["y"][:2] == pytest.approx([0, w[0]]) and drawn["y"][3:5] == pytest.approx([0, w[3]])  # RBP: W fixed
    assert drawn["y"][6:8] == pytest.approx([ranges.low, ranges.high])
    assert spec["data"][5]["y"] == pytest.approx([explanation.value])
    assert spec["layout"]["xaxis"]["ticktext"] == ["1", "2", "3", "4", "5", "EU"]
    notes = [note["text"] for note in spec["layout"]["annotations"]]
    assert f"{ranges.low:.4f} – {ranges.high:.4f}" in notes


def test_a_board_without_unjudged_items_draws_no_range(app_test):
    at = choose(open_page(app_test, PAGE, BOARD), "INST")
    spec = chart_spec(at)
    assert [trace["name"] for trace in spec["data"]] == ["attention W(i)", "stop here L(i)", "go on C(i)"]
    assert reader.unjudged_ranges(BOARD, "INST") is None and not at.info
    assert not any(caption.value.startswith("Purple") for caption in at.caption)


@pytest.mark.parametrize("choice", list(reader.CHOICES))
def test_each_unjudged_rank_s_range_holds_what_it_adds(choice):
    """unjudged_ranges: EU's range as unjudged_interval's, and each unjudged rank's W(i)·g(i) range holding what it
    adds with the unjudged items as 0 (nothing: its gain is 0) and as the largest grade."""
    ranges = reader.unjudged_ranges(UNJUDGED, choice)
    assert (ranges.low, ranges.high, ranges.items) == reader.unjudged_interval(UNJUDGED, choice)
    assert set(ranges.shares) == {1, 4}
    top = Board(grades={**UNJUDGED.grades, "a": 3, "d": 3}, ranking=UNJUDGED.ranking, k=5)
    table = expected(choice, top).table
    for rank, (low, high) in ranges.shares.items():
        assert low == 0.0 <= high <= 1.0
        added = table["W"].iloc[rank - 1] * table[Column.GAIN].iloc[rank - 1]
        assert low <= added + 1e-12 and added <= high + 1e-12, (rank, added, low, high)
