"""metrics.measures.rr.rr_curve (RR for each rank of the first hit) and its chart, ui.charts.rr_by_first_hit."""

from __future__ import annotations

import pytest

from metrics import MetricsInputError, reciprocal_rank, rr_curve
from ui import charts


def test_values_without_a_cut_off():
    curve = rr_curve(4)
    assert curve["rank"].tolist() == [1, 2, 3, 4]
    assert curve["RR"].tolist() == pytest.approx([1, 1 / 2, 1 / 3, 1 / 4])
    assert curve["RR (no cut-off)"].tolist() == curve["RR"].tolist()


def test_ranks_beyond_k_score_zero():
    curve = rr_curve(5, k=3)
    assert curve["RR"].tolist() == pytest.approx([1, 1 / 2, 1 / 3, 0, 0])
    assert curve["RR (no cut-off)"].tolist() == pytest.approx([1, 1 / 2, 1 / 3, 1 / 4, 1 / 5])
    assert rr_curve(0).empty


@pytest.mark.parametrize("k", [None, 1, 3, 9])
def test_each_row_is_reciprocal_rank_of_a_list_with_its_first_hit_there(k):
    for row in rr_curve(6, k=k).itertuples():
        hits = [0] * (row.rank - 1) + [1] + [0] * (6 - row.rank)
        assert row.RR == reciprocal_rank(hits, k=k)


@pytest.mark.parametrize("n, k", [(-1, None), (None, None), (3, 0), (2.5, None)])
def test_bad_input_is_refused(n, k):
    with pytest.raises(MetricsInputError):
        rr_curve(n, k=k)


def test_chart_marks_the_first_hit_and_the_cut_off():
    figure = charts.rr_by_first_hit(rr_curve(8, k=5), first_hit=3, k=5)
    bars = figure.data[0]
    assert list(bars.text) == ["1", "1/2", "1/3", "1/4", "1/5", "0", "0", "0"]
    assert bars.marker.color[2] == charts.SECOND and bars.name == "RR@5"
    uncut = figure.data[1]
    assert list(uncut.x) == [6, 7, 8] and list(uncut.text) == ["1/6", "1/7", "1/8"]
    notes = [a.text for a in figure.layout.annotations]
    assert "beyond rank 5: RR@5 = 0" in notes
    assert "your first hit: rank 3, RR = 0.3333" in notes
    assert figure.layout.shapes[0].x0 == 5.5
    assert figure.layout.font.size >= 16


def test_chart_first_hit_below_the_cut_off_scores_zero():
    figure = charts.rr_by_first_hit(rr_curve(6, k=2), first_hit=4, k=2)
    star = [trace for trace in figure.data if trace.type == "scatter" and trace.mode == "markers"]
    assert len(star) == 1 and list(star[0].x) == [4] and list(star[0].y) == [0]
    assert "your first hit: rank 4, RR = 0.0000" in [a.text for a in figure.layout.annotations]


def test_chart_without_cut_off_or_hit():
    figure = charts.rr_by_first_hit(rr_curve(3))
    assert len(figure.data) == 1 and not figure.layout.shapes and not figure.layout.annotations
    assert figure.data[0].name == "RR"
