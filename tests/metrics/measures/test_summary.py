"""metrics.measures.summary: every single-ranking measure in one call, equal to the individual functions."""

from __future__ import annotations

import math

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from metrics import (
    MetricsInputError,
    average_precision,
    dcg,
    evaluate,
    f1_at_k,
    hit_rate_at_k,
    ndcg,
    precision_at_k,
    r_precision,
    recall_at_k,
    reciprocal_rank,
)
from metrics.measures.summary import compare_summaries, summarize

SETTINGS = settings(max_examples=150, deadline=None)
grades = st.lists(st.integers(0, 3), min_size=1, max_size=12)


@pytest.mark.slow  # many random cases: the full run's tier
@SETTINGS
@given(grades, st.lists(st.integers(0, 3), max_size=6), st.integers(1, 15),
       st.sampled_from(["linear", "exponential"]), st.sampled_from(["relevant", "found", "min_k_relevant"]),
       st.sampled_from([1, 2]), st.sampled_from(["judged", "list"]))
def test_values_equal_the_individual_functions(rels, unretrieved, k, gain, denominator, threshold, ideal):
    judged = rels + unretrieved
    R = sum(g >= threshold for g in judged)
    got = list(summarize(rels, k, judged=judged, gain=gain, ideal=ideal, ap_denominator=denominator,
                         threshold=threshold).values())
    expected = [
        ndcg(rels, k, gain=gain, ideal=judged if ideal == "judged" else rels),
        dcg(rels, k, gain=gain),
        average_precision(rels, k=k, n_relevant=R, denominator=denominator, threshold=threshold),
        reciprocal_rank(rels, threshold=threshold),
        reciprocal_rank(rels, k=k, threshold=threshold),
        precision_at_k(rels, k, threshold=threshold),
        recall_at_k(rels, k, R, threshold=threshold),
        f1_at_k(rels, k, R, threshold=threshold),
        hit_rate_at_k(rels, k, threshold=threshold),
        r_precision(rels, R, threshold=threshold),
    ]
    assert got == expected  # the very same functions: exactly equal


@pytest.mark.slow  # many random cases: the full run's tier
@SETTINGS
@given(grades, st.lists(st.integers(0, 3), max_size=6), st.integers(1, 15),
       st.sampled_from(["linear", "exponential"]), st.sampled_from(["relevant", "found", "min_k_relevant"]),
       st.sampled_from([1, 2]), st.sampled_from(["judged", "list"]))
def test_names_are_measures_that_evaluate_computes_identically(rels, unretrieved, k, gain, denominator,
                                                                threshold, ideal):
    """The names are ir_measures names: evaluate() on the same one-query data gives the same numbers."""
    items = [f"d{i:02d}" for i in range(len(rels))]
    summary = summarize(rels, k, judged=rels + unretrieved, gain=gain, ideal=ideal, ap_denominator=denominator,
                        threshold=threshold)
    qrels = pd.DataFrame({"query": "q", "item": items + [f"u{i}" for i in range(len(unretrieved))],
                          "rel": rels + unretrieved})
    run = pd.DataFrame({"query": "q", "item": items, "score": range(len(rels), 0, -1)})
    names = [name for name in summary if not name.startswith("DCG")]
    result = evaluate(qrels, run, names).aggregate
    for name in names:
        assert summary[name] == pytest.approx(result[name], abs=1e-12), name


def test_hand_example():
    # ranked grades 0, 2, 0, 1; one more relevant item (grade 1) was not retrieved: R = 3
    s = summarize([0, 2, 0, 1], k=3, judged=[2, 1, 0, 0, 1])
    dcg3 = 2 / math.log2(3)
    idcg3 = 2 + 1 / math.log2(3) + 1 / 2
    assert list(s) == ["nDCG@3", "DCG@3", "AP@3", "RR", "RR@3", "P@3", "R@3", "F1@3", "Success@3", "Rprec"]
    assert s["DCG@3"] == pytest.approx(dcg3)
    assert s["nDCG@3"] == pytest.approx(dcg3 / idcg3)
    assert s["AP@3"] == pytest.approx((1 / 2) / 3)
    assert s["RR"] == s["RR@3"] == 0.5
    assert s["P@3"] == pytest.approx(1 / 3)
    assert s["R@3"] == pytest.approx(1 / 3)
    assert s["F1@3"] == pytest.approx(1 / 3)
    assert s["Success@3"] == 1.0
    assert s["Rprec"] == pytest.approx(1 / 3)   # P@R, R = 3


def test_rr_without_cutoff_differs_from_rr_at_k():
    s = summarize([0, 0, 1], k=2)
    assert s["RR"] == pytest.approx(1 / 3) and s["RR@2"] == 0.0 and s["Success@2"] == 0.0


def test_names_carry_non_default_parameters():
    s = summarize([3, 0, 1], k=2, gain="exponential", ideal="list", ap_denominator="min_k_relevant", threshold=2)
    assert list(s) == ["nDCG(gain=exp,ideal=list)@2", "DCG(gain=exp)@2", "AP(denom=minKR,rel=2)@2", "RR(rel=2)",
                       "RR(rel=2)@2", "P(rel=2)@2", "R(rel=2)@2", "F1(rel=2)@2", "Success(rel=2)@2", "Rprec(rel=2)"]


def test_ideal_grades_given_explicitly():
    assert summarize([1, 0], 2, ideal=[3, 1])["nDCG@2"] == ndcg([1, 0], 2, ideal=[3, 1])


def test_no_relevant_item_scores_zero():
    assert set(summarize([0, 0, 0], 3).values()) == {0.0}


@pytest.mark.parametrize("kwargs, problem", [
    (dict(k=0), "k"), (dict(k=2, gain="binary"), "gain"), (dict(k=2, ap_denominator="x"), "ap_denominator"),
    (dict(k=2, ideal="best"), "ideal"), (dict(k=2, judged=[0]), "n_relevant"), (dict(k=2, threshold=0), "threshold"),
])
def test_bad_input_raises_metrics_input_error(kwargs, problem):
    with pytest.raises(MetricsInputError, match=problem):
        summarize([1, 0], **kwargs)


def test_compare_summaries_difference_and_mismatch():
    table = compare_summaries(summarize([1, 0], 2), summarize([0, 1], 2))
    assert list(table.columns) == ["measure", "list 1", "list 2", "list 2 − list 1"]
    row = table.set_index("measure").loc["RR"]
    assert row["list 2 − list 1"] == pytest.approx(0.5 - 1.0)
    with pytest.raises(MetricsInputError, match="different measures"):
        compare_summaries(summarize([1, 0], 2), summarize([1, 0], 3))
