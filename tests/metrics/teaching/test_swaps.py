"""metrics.teaching.swaps.swap_effects: the change in a measure when two ranks trade items."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from metrics import MetricsInputError, average_precision, ndcg
from metrics.teaching.swaps import swap_effects

SETTINGS = settings(max_examples=100, deadline=None)
grades = st.lists(st.integers(0, 3), min_size=1, max_size=9)
measures = st.sampled_from(["nDCG", "AP", "RR", "P", "R"])
ks = st.none() | st.integers(1, 10)


def _kwargs(measure, k):
    return dict(measure=measure, k=k if (k is not None or measure in ("nDCG", "AP", "RR")) else 3)


@SETTINGS
@given(grades, measures, ks)
def test_symmetric_with_zero_diagonal(rels, measure, k):
    m = swap_effects(rels, **_kwargs(measure, k))
    assert m.shape == (len(rels), len(rels))
    assert (np.diag(m.to_numpy()) == 0).all()
    assert np.array_equal(m.to_numpy(), m.to_numpy().T)
    assert list(m.index) == list(m.columns) == list(range(1, len(rels) + 1))


@pytest.mark.slow  # many random cases: the full run's tier
@SETTINGS
@given(grades, measures, ks, st.sampled_from(["linear", "exponential"]))
def test_moving_the_better_item_up_never_hurts(rels, measure, k, gain):
    """Swapping towards the ideal order (the higher grade moves up) gives a change >= 0 — for AP
    with the R denominator (trec_eval); divided by the hits found, it can drop (next test)."""
    R = {"n_relevant": sum(g >= 1 for g in rels)} if measure == "AP" else {}
    m = swap_effects(rels, gain=gain, **_kwargs(measure, k), **R).to_numpy()
    for i in range(len(rels)):
        for j in range(i + 1, len(rels)):
            if rels[j] > rels[i]:
                assert m[i, j] >= -1e-12


def test_ap_over_hits_found_can_drop_when_a_hit_moves_up():
    """AP@3 divided by the hits found (no R given): [1, 0, 0, 1] scores 1/1 = 1; bring the hit at
    rank 4 up to rank 3 and it scores (1 + 2/3) / 2 = 0.8333 — the convention rewards finding fewer."""
    m = swap_effects([1, 0, 0, 1], k=3, measure="AP")
    assert m.loc[3, 4] == pytest.approx(5 / 6 - 1)
    assert swap_effects([1, 0, 0, 1], k=3, measure="AP", n_relevant=2).loc[3, 4] == pytest.approx(5 / 6 - 1 / 2)


@pytest.mark.slow  # many random cases: the full run's tier
@SETTINGS
@given(grades, st.lists(st.integers(0, 3), max_size=4), st.integers(1, 10), st.data())
def test_cells_equal_the_measure_of_the_swapped_list(rels, unretrieved, k, data):
    judged = rels + unretrieved
    R = sum(g >= 1 for g in judged)
    i = data.draw(st.integers(0, len(rels) - 1))
    j = data.draw(st.integers(0, len(rels) - 1))
    swapped = list(rels)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    n = swap_effects(rels, k, ideal=judged)
    assert n.iat[i, j] == pytest.approx(ndcg(swapped, k, ideal=judged) - ndcg(rels, k, ideal=judged), abs=1e-12)
    a = swap_effects(rels, k, measure="AP", n_relevant=R, denominator="relevant")
    expected = average_precision(swapped, k, n_relevant=R) - average_precision(rels, k, n_relevant=R)
    assert a.iat[i, j] == pytest.approx(expected, abs=1e-12)


def test_hand_example_ndcg():
    # [2, 0, 1]: DCG = 2 + 1/2 = 2.5, IDCG = 2 + 1/log2(3) = 2.6309
    m = swap_effects([2, 0, 1], items=["A", "B", "C"])
    idcg = 2 + 1 / np.log2(3)
    base = 2.5 / idcg
    assert m.loc["B", "C"] == pytest.approx(1.0 - base)                         # -> [2, 1, 0], the ideal
    assert m.loc["A", "B"] == pytest.approx((2 / np.log2(3) + 0.5) / idcg - base)  # -> [0, 2, 1]
    assert m.loc["A", "C"] == pytest.approx((1 + 2 / 2) / idcg - base)           # -> [1, 0, 2]
    assert list(m.index) == ["A", "B", "C"]


def test_swaps_below_the_cutoff_change_nothing():
    m = swap_effects([0, 1, 0, 2, 3], k=2)
    assert (m.iloc[2:, 2:].to_numpy() == 0).all()
    assert m.iat[0, 4] > 0   # bringing the grade-3 item into the top 2 helps


def test_depth_keeps_the_whole_list():
    full = swap_effects([0, 1, 0, 2, 3])
    top = swap_effects([0, 1, 0, 2, 3], depth=3)
    assert top.shape == (3, 3)
    assert np.array_equal(top.to_numpy(), full.iloc[:3, :3].to_numpy())


@pytest.mark.parametrize("kwargs, problem", [
    (dict(measure="MAP"), "measure"), (dict(measure="P"), "cut-off"), (dict(items=["a", "a"]), "unique"),
    (dict(items=["a"]), "labels"), (dict(k=0), "k"),
])
def test_bad_input(kwargs, problem):
    with pytest.raises(MetricsInputError, match=problem):
        swap_effects([1, 0], **kwargs)
