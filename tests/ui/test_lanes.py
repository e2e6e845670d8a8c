"""The lanes' colours (ui/ranking/lanes.py): a sequential scale by grade, readable text on every fill, grey
for unjudged items, the legend, and the data of a marker across the ranking."""

from __future__ import annotations

import pytest

from ui.ranking.lanes import DARK_INK, LIGHT_INK, RAMP, UNJUDGED_FILL, _luminance, contrast, grade_colour, legend


@pytest.mark.parametrize("highest", [1, 2, 3, 4, 5, 10, 0.5])
def test_every_grade_has_readable_text(highest):
    for step in range(101):
        grade = highest * step / 100
        fill, ink = grade_colour(grade, 0, highest)
        assert contrast(fill, ink) >= 4.5, (grade, fill, ink)


def test_higher_grades_are_darker():
    fills = [grade_colour(g, 0, 3)[0] for g in (0, 1, 2, 3)]
    assert len(set(fills)) == 4
    darkness = [_luminance(f) for f in fills]
    assert darkness == sorted(darkness, reverse=True)
    assert fills[0] == RAMP[0] and fills[-1] == RAMP[-1]
    assert grade_colour(0, 0, 3)[1] == DARK_INK and grade_colour(3, 0, 3)[1] == LIGHT_INK


def test_edge_cases():
    assert grade_colour(None, 0, 3) == (UNJUDGED_FILL, DARK_INK)
    assert grade_colour(1, 1, 1)[0] == RAMP[-1]  # all grades equal and relevant: darkest
    assert grade_colour(0, 0, 0)[0] == RAMP[0]  # nothing relevant: lightest
    assert grade_colour(7, 0, 3)[0] == RAMP[-1]  # clipped to the ramp


def test_legend_lists_each_grade_then_unjudged():
    entries = legend({"a": 3, "b": 0, "c": None, "d": 3.0, "e": 1.5})
    assert [e["label"] for e in entries] == ["0", "1.5", "3", "unjudged"]
    assert entries[-1]["unjudged"] and entries[-1]["fill"] == UNJUDGED_FILL
    many = legend({f"d{i}": i / 10 for i in range(20)})
    assert [e["label"] for e in many] == ["0", "1.9"]  # many distinct grades: lowest and highest only
    assert legend({}) == []


def test_a_marker_is_kept_on_the_ranking_and_dropped_when_it_has_no_place():
    """The marker's data (ui.ranking.lanes.marker_data): a fractional rank kept within the first and the last
    rank, its label as given; nothing when there is no marker, no ranked item or no finite rank."""
    from ui.ranking.lanes import Marker, marker_data
    assert marker_data(Marker(3.4, "ED = 3.4000"), 5) == {"rank": 3.4, "label": "ED = 3.4000"}
    assert marker_data(Marker(1, "top"), 5) == {"rank": 1.0, "label": "top"}
    assert marker_data((5, "last"), 5) == {"rank": 5.0, "label": "last"}  # a plain pair is a marker too
    assert marker_data(Marker(7.5, "below"), 5)["rank"] == 5.0  # past the last rank: on the last one
    assert marker_data(Marker(0.3, "above"), 5)["rank"] == 1.0
    assert marker_data(Marker(2.5, "<b>x</b>"), 5)["label"] == "<b>x</b>"  # text: the browser sets textContent
    for nothing in (marker_data(None, 5), marker_data(Marker(2, "x"), 0), marker_data(Marker(float("nan"), "x"), 5),
                    marker_data(Marker(float("inf"), "x"), 5), marker_data(Marker("deep", "x"), 5)):
        assert nothing is None
