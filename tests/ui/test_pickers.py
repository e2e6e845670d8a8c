"""The app's measure pickers name registered measures (metrics.measures.registry declares each measure once)."""

from __future__ import annotations

import pytest

from metrics.measures.names import parse_measure
from metrics.measures.registry import REGISTRY, names
from metrics.teaching.handout import MEASURES as HANDOUT_MEASURES
from ui.classroom.live_quiz import BOARD_MEASURES
from ui.data.dataset import DEFAULT_MEASURES
from ui.topics.conventions import MEASURES as CONVENTION_MEASURES
from ui.topics.more_measures import CHOICES, GROUPS, ON_THEIR_OWN_PAGES

#: measures the explainer pages show (pages/ndcg.py, ap.py, rr.py, cutoff.py)
EXPLAINER_PAGES = {"nDCG", "AP", "RR", "P", "R", "F1", "Success", "Rprec", "IPrec"}


def test_every_more_measures_choice_is_a_registered_measure_with_a_step_table():
    for name in CHOICES:
        assert name in REGISTRY, name
        assert REGISTRY[name].steps is not None, name


def test_every_measure_with_a_step_table_is_offered_by_a_page():
    assert set(ON_THEIR_OWN_PAGES) <= EXPLAINER_PAGES
    assert EXPLAINER_PAGES | set(CHOICES) == set(names(steps=True))


def test_every_grouped_measure_is_registered_once():
    grouped = [name for members in GROUPS.values() for name in members]
    assert len(grouped) == len(set(grouped))
    assert set(grouped) <= set(names(steps=True))


@pytest.mark.parametrize("name", [*DEFAULT_MEASURES, *(m.replace("@K", "@5") for m in BOARD_MEASURES if m != "DCG@K"),
                                  *(m.replace("@K", "@5") for m in HANDOUT_MEASURES), *CONVENTION_MEASURES])
def test_every_picker_name_parses_as_a_registered_measure(name):
    measure = parse_measure(name if name not in ("P", "R") else f"{name}@5")
    assert measure.name in REGISTRY
