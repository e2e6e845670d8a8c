"""Library presets: checked against the libraries installed here, and against the behaviour
recorded in shared/notes/library-conventions.md for those that are not."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from metrics import MetricsInputError
from metrics.conventions import PRESETS, Convention, order_ranking, score_under

pytrec_eval = pytest.importorskip("pytrec_eval")
sk = pytest.importorskip("sklearn.metrics")

SETTINGS = settings(max_examples=200, deadline=None)


@SETTINGS
@given(st.lists(st.integers(0, 3), min_size=2, max_size=15), st.lists(st.integers(0, 3), max_size=5),
       st.lists(st.integers(0, 3), min_size=15, max_size=15), st.integers(1, 12))
def test_trec_eval_preset_matches_pytrec_eval(grades, pool, raw_scores, k):
    ranking = [f"d{i:02d}" for i in range(len(grades))]
    scores = [float(s) for s in raw_scores[:len(grades)]]  # few distinct values: many ties
    judgments = dict(zip(ranking, grades)) | {f"u{i}": g for i, g in enumerate(pool)}
    got = score_under(PRESETS["trec_eval"], ranking, judgments, k, scores)
    trec = pytrec_eval.RelevanceEvaluator(
        {"q": {d: int(g) for d, g in judgments.items()}},
        {f"ndcg_cut.{k}", f"map_cut.{k}", "recip_rank", f"P.{k}", f"recall.{k}"},
    ).evaluate({"q": dict(zip(ranking, scores))})["q"]
    assert got[f"nDCG@{k}"] == pytest.approx(trec[f"ndcg_cut_{k}"], abs=1e-9)
    assert got[f"AP@{k}"] == pytest.approx(trec[f"map_cut_{k}"], abs=1e-9)
    assert got["RR"] == pytest.approx(trec["recip_rank"], abs=1e-9)
    assert got[f"P@{k}"] == pytest.approx(trec[f"P_{k}"], abs=1e-9)
    assert got[f"R@{k}"] == pytest.approx(trec[f"recall_{k}"], abs=1e-9)


@SETTINGS
@given(st.lists(st.integers(0, 3), min_size=2, max_size=15), st.lists(st.integers(0, 3), min_size=15, max_size=15),
       st.integers(1, 12))
def test_sklearn_preset_matches_ndcg_score_with_ties(grades, raw_scores, k):
    ranking = [f"d{i:02d}" for i in range(len(grades))]
    scores = [float(s) for s in raw_scores[:len(grades)]]
    got = score_under(PRESETS["sklearn"], ranking, dict(zip(ranking, grades)), k, scores)
    assert got[f"nDCG@{k}"] == pytest.approx(sk.ndcg_score([grades], [scores], k=k), abs=1e-9)


@SETTINGS
@given(st.lists(st.integers(0, 1), min_size=2, max_size=15))
def test_sklearn_preset_ap_matches_average_precision_score(labels):
    if not any(labels):
        return
    ranking = [f"d{i:02d}" for i in range(len(labels))]
    got = score_under(PRESETS["sklearn"], ranking, dict(zip(ranking, labels)), 3)
    assert got["AP"] == pytest.approx(sk.average_precision_score(labels, list(range(len(labels), 0, -1))))


def _six_relevant_top_one():
    ranking = [f"d{i}" for i in range(6)]
    return ranking, {d: 1 for d in ranking}


@pytest.mark.parametrize("preset, expected", [
    ("trec_eval", 1 / 6), ("ranx", 1 / 6), ("torchmetrics", 1.0), ("recbole", 1.0), ("recommenders", 1.0),
])
def test_ap_at_1_with_six_relevant_items_as_recorded(preset, expected):
    # library-conventions.md: "AP@1 side by side (6 relevant items, the top item relevant)"
    ranking, judgments = _six_relevant_top_one()
    got = score_under(PRESETS[preset], ranking, judgments, 1)
    assert got["AP@1"] == pytest.approx(expected, abs=1e-4)


def test_torchmetrics_ignores_items_scored_at_most_zero():
    ranking = ["a", "b", "c", "d", "e"]
    judgments = {"a": 1, "b": 1, "c": 1, "d": 1, "e": 0}
    scores = [0.9, -0.1, -0.2, -0.3, -0.4]
    assert score_under(PRESETS["torchmetrics"], ranking, judgments, 5, scores)["P@5"] == pytest.approx(0.2)
    assert score_under(PRESETS["trec_eval"], ranking, judgments, 5, scores)["P@5"] == pytest.approx(0.8)


def test_ranx_truncates_real_grades():
    ranking, judgments = ["a", "b"], {"a": 0.6, "b": 2.7}
    ranx = score_under(PRESETS["ranx"], ranking, judgments, 2)
    trec = score_under(Convention("exact", threshold=1.0), ranking, judgments, 2)
    assert ranx["P@2"] == 0.5 and ranx["nDCG@2"] == pytest.approx(2 / math.log2(3) / 2)  # grades 0 and 2
    assert trec["nDCG@2"] == pytest.approx((0.6 + 2.7 / math.log2(3)) / (2.7 + 0.6 / math.log2(3)))


def test_recbole_recall_is_nan_without_positives_and_rounds_to_four_decimals():
    got = score_under(PRESETS["recbole"], ["a", "b", "c"], {"a": 0}, 2)
    assert math.isnan(got["R@2"]) and got["P@2"] == 0.0
    got = score_under(PRESETS["recbole"], ["a", "b", "c"], {"c": 1}, 3)
    assert got["nDCG@3"] == round(1 / math.log2(4), 4) == 0.5


def test_binary_gain_ignores_grade_size_and_ideal_is_min_r_k_ones():
    got = score_under(PRESETS["recommenders"], ["a", "b"], {"a": 1, "b": 3, "c": 2}, 2)
    assert got["nDCG@2"] == pytest.approx(1.0)
    assert got["RR@2"] is None  # recommenders has no MRR


def test_trec_ties_break_by_item_id_descending():
    assert order_ranking(["d1", "d2", "d3"], [1, 1, 1]) == [2, 1, 0]
    got = score_under(PRESETS["trec_eval"], ["d1", "d2"], {"d1": 1}, 1, scores=[5, 5])
    assert got["P@1"] == 0.0  # d2 comes first


def test_differences_name_the_choices():
    assert PRESETS["trec_eval"].differences(PRESETS["sklearn"]) == [
        "ideal", "ap_denominator", "ties", "ap_cutoff", "recall_pool"]
    with pytest.raises(MetricsInputError, match="gain must be one of"):
        Convention("bad", gain="log")
    with pytest.raises(MetricsInputError, match="lists an item twice"):
        score_under(PRESETS["trec_eval"], ["a", "a"], {}, 1)


def test_pytrec_eval_is_trec_eval_with_32_bit_scores():
    """pytrec_eval is trec_eval 9.0.7, which keeps a score in a C float (trec_format.h: ``float sim``): a gap
    of 1e-9 between two scores is a tie, broken by docno descending. trec_eval 10.0 reads doubles (the
    conformance notes), as metrics.evaluate does: there the higher score wins."""
    assert PRESETS["pytrec_eval"].differences(PRESETS["trec_eval"]) == ["score_type"]
    assert (PRESETS["pytrec_eval"].score_type, PRESETS["trec_eval"].score_type) == ("float32", "float64")
    scores = [1.0 + 1e-9, 1.0]
    trec = pytrec_eval.RelevanceEvaluator({"q": {"a": 1}}, {"recip_rank"}).evaluate({"q": dict(zip("ab", scores))})
    assert score_under(PRESETS["pytrec_eval"], ["a", "b"], {"a": 1}, 2, scores)["RR"] == trec["q"]["recip_rank"] == 0.5
    assert score_under(PRESETS["trec_eval"], ["a", "b"], {"a": 1}, 2, scores)["RR"] == 1.0
    from metrics import evaluate
    assert evaluate({"q": {"a": 1}}, {"q": dict(zip("ab", scores))}, ["RR"]).aggregate["RR"] == 1.0


def test_a_convention_takes_the_measure_syntax_words():
    assert Convention("x", gain="exp", ap_denominator="minKR") == Convention(
        "x", gain="exponential", ap_denominator="min_k_relevant")
    assert Convention("x", gain="lin", ap_denominator="R").gain == "linear"
    with pytest.raises(MetricsInputError, match="score_type must be one of"):
        Convention("bad", score_type="float16")
