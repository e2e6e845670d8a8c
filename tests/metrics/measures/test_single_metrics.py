"""Single-ranking metrics against slow references, pytrec_eval and scikit-learn."""

import math

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import metrics
from metrics import MetricsInputError
from tests import reference as ref

grades = st.lists(st.integers(min_value=0, max_value=4), min_size=1, max_size=25)
#: real grades; no subnormal ones: the slow reference divides them by log2(i + 1) into underflow (a grade of 5e-324
#: after a 0 gives it nDCG 1.0, where the exact value and ours are 1 / log2(3))
real_grades = st.lists(st.floats(min_value=-1, max_value=5, allow_nan=False, allow_subnormal=False), min_size=1,
                       max_size=25)
cutoffs = st.one_of(st.none(), st.integers(min_value=1, max_value=30))
SETTINGS = settings(max_examples=300, deadline=None)


@pytest.mark.slow  # many random cases: the full run's tier
@SETTINGS
@given(real_grades, cutoffs, st.booleans())
def test_dcg_and_ndcg_match_reference(rels, k, exponential):
    gain = "exponential" if exponential else "linear"
    assert metrics.dcg(rels, k, gain) == pytest.approx(ref.ref_dcg(rels, k, exponential), abs=1e-9)
    assert metrics.ndcg(rels, k, gain) == pytest.approx(ref.ref_ndcg(rels, k, exponential), abs=1e-9)


@SETTINGS
@given(grades, st.lists(st.integers(0, 4), max_size=10), cutoffs)
def test_ndcg_with_judged_pool_matches_reference(rels, unretrieved, k):
    pool = rels + unretrieved
    assert metrics.ndcg(rels, k, ideal=pool) == pytest.approx(ref.ref_ndcg(rels, k, ideal=pool), abs=1e-9)


@pytest.mark.slow  # many random cases: the full run's tier
@SETTINGS
@given(grades, cutoffs, st.integers(0, 10), st.sampled_from([None, "relevant", "found", "min_k_relevant"]),
       st.sampled_from([1, 2]))
def test_binary_measures_match_reference(hits, k, extra, denominator, threshold):
    found = sum(h >= threshold for h in hits)
    R = found + extra
    assert metrics.average_precision(hits, k, R, denominator, threshold=threshold) == pytest.approx(
        ref.ref_ap(hits, k, R, denominator, threshold))
    assert metrics.reciprocal_rank(hits, k, threshold) == pytest.approx(ref.ref_rr(hits, k, threshold))
    kk = k or len(hits)
    assert metrics.precision_at_k(hits, kk, threshold) == pytest.approx(ref.ref_precision(hits, kk, threshold))
    assert metrics.recall_at_k(hits, kk, R, threshold) == pytest.approx(ref.ref_recall(hits, kk, R, threshold))
    assert metrics.r_precision(hits, R, threshold) == pytest.approx(ref.ref_rprec(hits, R, threshold))
    assert metrics.hit_rate_at_k(hits, kk, threshold) == float(any(h >= threshold for h in hits[:kk]))


# --- pytrec_eval: one query, integer grades, unretrieved judged documents -----------------

pytrec_eval = pytest.importorskip("pytrec_eval")


def _trec(rels, unretrieved, measures):
    qrels = {"q": {f"d{i:03d}": int(g) for i, g in enumerate(rels)}}
    qrels["q"].update({f"u{i:03d}": int(g) for i, g in enumerate(unretrieved)})
    run = {"q": {f"d{i:03d}": float(len(rels) - i) for i in range(len(rels))}}
    return pytrec_eval.RelevanceEvaluator(qrels, measures).evaluate(run)["q"]


@pytest.mark.slow  # many random cases: the full run's tier
@SETTINGS
@given(grades, st.lists(st.integers(0, 3), max_size=8), st.integers(1, 30))
def test_single_ranking_matches_pytrec_eval(rels, unretrieved, k):
    measures = {"ndcg", f"ndcg_cut.{k}", "map", f"map_cut.{k}", "recip_rank", f"P.{k}", f"recall.{k}",
                "Rprec", f"success.{k}"}
    got = _trec(rels, unretrieved, measures)
    pool = rels + unretrieved
    R = sum(g >= 1 for g in pool)
    assert metrics.ndcg(rels, ideal=pool) == pytest.approx(got["ndcg"], abs=1e-9)
    assert metrics.ndcg(rels, k, ideal=pool) == pytest.approx(got[f"ndcg_cut_{k}"], abs=1e-9)
    assert metrics.average_precision(rels, n_relevant=R) == pytest.approx(got["map"], abs=1e-9)
    assert metrics.average_precision(rels, k, n_relevant=R) == pytest.approx(got[f"map_cut_{k}"], abs=1e-9)
    assert metrics.reciprocal_rank(rels) == pytest.approx(got["recip_rank"], abs=1e-9)
    assert metrics.precision_at_k(rels, k) == pytest.approx(got[f"P_{k}"], abs=1e-9)
    if R:
        assert metrics.recall_at_k(rels, k, R) == pytest.approx(got[f"recall_{k}"], abs=1e-9)
    assert metrics.r_precision(rels, R) == pytest.approx(got["Rprec"], abs=1e-9)
    assert metrics.hit_rate_at_k(rels, k) == pytest.approx(got[f"success_{k}"], abs=1e-9)


# --- scikit-learn: list-only ideal, tie averaging ------------------------------------------

sk = pytest.importorskip("sklearn.metrics")


@pytest.mark.slow  # many random cases: the full run's tier
@SETTINGS
@given(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)), min_size=2, max_size=20), cutoffs)
def test_ndcg_with_tied_scores_matches_sklearn(pairs, k):
    rels = [g for g, _ in pairs]
    scores = [float(s) for _, s in pairs]
    expected = sk.ndcg_score([rels], [scores], k=k)
    assert metrics.ndcg(rels, k, scores=scores) == pytest.approx(expected, abs=1e-9)
    expected_dcg = sk.dcg_score([rels], [scores], k=k)
    assert metrics.ndcg_steps(rels, k, scores=scores).details["DCG"] == pytest.approx(expected_dcg, abs=1e-9)


@pytest.mark.slow  # many random cases: the full run's tier
@SETTINGS
@given(st.lists(st.integers(0, 4), min_size=2, max_size=20), cutoffs)
def test_ndcg_without_ties_matches_sklearn_ignore_ties(rels, k):
    scores = list(range(len(rels), 0, -1))
    assert metrics.ndcg(rels, k) == pytest.approx(sk.ndcg_score([rels], [scores], k=k, ignore_ties=True), abs=1e-9)
    assert metrics.dcg(rels, k) == pytest.approx(sk.dcg_score([rels], [scores], k=k, ignore_ties=True), abs=1e-9)


@pytest.mark.slow  # many random cases: the full run's tier
@SETTINGS
@given(st.lists(st.integers(0, 1), min_size=2, max_size=25))
def test_full_list_ap_matches_sklearn_average_precision(labels):
    assume(any(labels))
    scores = list(range(len(labels), 0, -1))  # distinct scores: no tie groups
    assert metrics.average_precision(labels, denominator="found") == pytest.approx(
        sk.average_precision_score(labels, scores), abs=1e-9)


# --- hand-worked examples -------------------------------------------------------------------

def test_first_article_code_examples():
    # 000: ndcg_at_k([3, 2, 3, 0, 1], 3) and ([2, 1, 2, 3, 2], 3), ideal from the list
    assert metrics.dcg([3, 2, 3, 0, 1], 3) == pytest.approx(3 + 2 / math.log2(3) + 3 / 2)
    assert metrics.ndcg([3, 2, 3, 0, 1], 3) == pytest.approx(0.97778, abs=1e-5)
    assert metrics.ndcg([2, 1, 2, 3, 2], 3) == pytest.approx((2 + 1 / math.log2(3) + 1) / (3 + 2 / math.log2(3) + 1))
    assert metrics.mean_average_precision([[0, 1, 0, 1, 1], [1, 0, 0, 1, 0]]) == pytest.approx(
        ((1 / 2 + 2 / 4 + 3 / 5) / 3 + (1 + 2 / 4) / 2) / 2)


def test_exponential_gain_example_of_article_003():
    # B, A, D, C, E with grades 4, 5, 2, 3, 1; the article prints 0.861, its code 0.8608
    assert metrics.ndcg([4, 5, 2, 3, 1], 5, gain="exponential") == pytest.approx(0.8645, abs=5e-5)


def test_worked_formula_strings():
    e = metrics.ndcg_steps([3, 2, 3, 0, 1], k=3)
    assert e.worked_text.splitlines()[0] == "DCG@3 = 3/log2(2) + 2/log2(3) + 3/log2(4) = 5.7619"
    assert r"\frac{3}{\log_2(2)}" in e.worked
    assert metrics.ap_steps([0, 1, 0, 1, 1]).worked_text.startswith("AP(denom=found) = (1/2 + 2/4 + 3/5) / 3 = 0.5333")
    assert metrics.rr_steps([0, 0, 1]).worked_text == "RR = 1/3 = 0.3333"


def test_no_relevant_item_scores_zero():
    for explanation in (metrics.ndcg_steps([0, 0, 0]), metrics.ap_steps([0, 0]), metrics.rr_steps([0, 0]),
                        metrics.r_precision_steps([0, 0])):
        assert explanation.value == 0.0


@pytest.mark.parametrize("call, message", [
    (lambda: metrics.ndcg("321"), "rels must be a sequence of numbers, got '321'"),
    (lambda: metrics.ndcg([1, "a"]), "rels at rank 2 must be a number, got 'a'"),
    (lambda: metrics.ndcg([1, float("nan")]), "rels at rank 2 must be a finite number"),
    (lambda: metrics.ndcg([1, 2], k=0), "k must be a positive integer or None, got 0"),
    (lambda: metrics.ndcg([1, 2], gain="log"), "gain must be one of 'linear', 'exponential', got 'log'"),
    (lambda: metrics.average_precision([1, 1, 1], n_relevant=2), "n_relevant=2 is smaller than the 3"),
    (lambda: metrics.average_precision([1], denominator="all"), "denominator must be one of"),
    (lambda: metrics.recall_at_k([1], 1, None), "needs n_relevant"),
    (lambda: metrics.precision_at_k([1], None), "k is required"),
    (lambda: metrics.ndcg_steps([1, 2], items=["a"]), "items has 1 labels for 2 grades"),
])
def test_bad_arguments_raise_one_error_type_quoting_the_input(call, message):
    with pytest.raises(MetricsInputError, match=None) as info:
        call()
    assert message in str(info.value)
    assert isinstance(info.value, ValueError)


def test_the_api_takes_the_words_of_the_measure_syntax():
    """nDCG(gain=exp)@k and AP(denom=R|found|minKR)@k: the same words work in the Python API."""
    rels = [3, 2, 3, 0, 1]
    assert metrics.ndcg(rels, 3, gain="exp") == metrics.ndcg(rels, 3, gain="exponential")
    assert metrics.dcg(rels, 3, gain="lin") == metrics.dcg(rels, 3, gain="linear")
    assert metrics.ndcg_steps(rels, 3, gain="exp").measure == metrics.ndcg_steps(rels, 3, gain="exponential").measure
    hits = [0, 1, 0, 1, 1]
    for word, long_name in (("R", "relevant"), ("found", "found"), ("minKR", "min_k_relevant")):
        assert metrics.average_precision(hits, k=4, n_relevant=4, denominator=word) == \
            metrics.average_precision(hits, k=4, n_relevant=4, denominator=long_name)
    with pytest.raises(metrics.MetricsInputError, match="gain must be one of"):
        metrics.ndcg(rels, 3, gain="exponent")


def test_numpy_bool_arrays_are_hits():
    flags = np.array([False, True, False, True, True])
    assert metrics.average_precision(flags, n_relevant=4) == metrics.average_precision([0, 1, 0, 1, 1], n_relevant=4)
    assert metrics.reciprocal_rank(flags) == 0.5
    assert metrics.precision_at_k(flags, 5) == 0.6
