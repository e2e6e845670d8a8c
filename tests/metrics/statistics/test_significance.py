"""metrics.statistics.significance: paired differences, the CI of the mean difference, the paired t-test and
the paired randomization test (Monte Carlo against exact enumeration of all sign flips)."""

from __future__ import annotations

import itertools
import math
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from metrics import MetricsInputError
from metrics.statistics.significance import (
    MAX_EXACT,
    difference_summary,
    exact_randomization_test,
    mean_difference_ci,
    paired_differences,
    paired_t_test,
    randomization_test,
    wins_losses_ties,
)

# Scores like a measure's: many ties and repeated magnitudes (multiples of 1/2, 1/3, 1/4, 0.1),
# which stress the "at least as extreme" comparison, plus arbitrary floats in [0, 1].
SCORE = st.one_of(st.sampled_from([0.0, 0.1, 0.25, 1 / 3, 0.5, 0.6, 2 / 3, 0.75, 0.9, 1.0]),
                  st.floats(0, 1, allow_nan=False))


@st.composite
def paired_samples(draw, low: int = 2, high: int = 12):
    n = draw(st.integers(low, high))
    return draw(st.lists(SCORE, min_size=n, max_size=n)), draw(st.lists(SCORE, min_size=n, max_size=n))


def _brute_force_p(a, b) -> float:
    """The exact p by a plain loop over all sign vectors (no numpy tricks)."""
    return brute_force_sign_flip_p([y - x for x, y in zip(a, b)])


def brute_force_sign_flip_p(d) -> float:
    """The exact two-sided p of the paired differences ``d`` by a plain loop over all 2^n sign vectors."""
    observed = abs(sum(d))
    tolerance = 1e-10 * sum(abs(x) for x in d)
    hits = sum(abs(sum(s * x for s, x in zip(signs, d))) >= observed - tolerance
               for signs in itertools.product((1, -1), repeat=len(d)))
    return hits / 2 ** len(d)


# ------------------------------------------------------------------------- randomization test


@settings(max_examples=60, deadline=None, derandomize=True)
@given(paired_samples(), st.integers(0, 2**32 - 1))
def test_randomization_agrees_with_the_exact_enumeration_within_monte_carlo_error(sample, seed):
    a, b = sample
    trials = 20_000
    exact = exact_randomization_test(a, b)
    estimate = randomization_test(a, b, trials=trials, seed=seed)
    standard_error = math.sqrt(exact * (1 - exact) / trials)
    # 4 binomial standard errors, plus the bias of the +1/+1 correction (at most 1/(trials+1))
    assert abs(estimate - exact) <= 4 * standard_error + 1 / (trials + 1), (exact, estimate)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(paired_samples(2, 10))
def test_exact_enumeration_equals_a_plain_loop_and_scipy(sample):
    a, b = sample
    exact = exact_randomization_test(a, b)
    assert exact == _brute_force_p(a, b)
    d = np.subtract(b, a)
    if np.all(d == 0):
        assert exact == 1.0
        return
    scipy_p = stats.permutation_test((d,), np.mean, permutation_type="samples", n_resamples=np.inf,
                                     alternative="two-sided").pvalue
    # scipy counts both tails separately and doubles the smaller; for the symmetric sign-flip
    # distribution that is the same count as |mean| >= |observed|
    assert exact == pytest.approx(scipy_p, abs=1e-12)


def test_exact_p_of_small_hand_examples():
    # d = 0.1, 0.2, 0, 0.3, 0.3: only all-positive or all-negative (with either sign of 0) reach 0.9
    assert exact_randomization_test([0.2, 0.4, 0.6, 0.5, 0.1], [0.3, 0.6, 0.6, 0.8, 0.4]) == 4 / 32
    assert exact_randomization_test([0.5, 0.5], [0.5, 0.5]) == 1.0  # all differences 0
    # d = 1, 1, 1: 2 of 8 flips give |sum| = 3
    assert exact_randomization_test([0, 0, 0], [1, 1, 1]) == 0.25
    # equal magnitudes that cancel: d = 0.1, -0.1, 0.2 -> |0.2|; flips reaching |sum| >= 0.2: 6 of 8
    assert exact_randomization_test([0.3, 0.4, 0.1], [0.4, 0.3, 0.3]) == 6 / 8


def test_randomization_is_reproducible_and_has_the_plus_one_floor():
    a, b = [0.0] * 10, [1.0] * 10  # exact p = 2/1024
    assert randomization_test(a, b, trials=500, seed=3) == randomization_test(a, b, trials=500, seed=3)
    assert randomization_test(a, b, trials=1, seed=0) in (1.0, 0.5)  # (1 + 0 or 1) / 2
    assert randomization_test([0.2] * 4, [0.2] * 4, trials=100) == 1.0  # every flip ties with 0
    assert randomization_test(a, b, trials=50_000, seed=1) >= 1 / 50_001


def test_randomization_with_many_queries_is_blocked_and_close_to_the_t_test():
    rng = np.random.default_rng(7)
    a = rng.random(3000)
    b = np.clip(a + rng.normal(0.005, 0.1, 3000), 0, 1)
    p = randomization_test(a, b, trials=2000, seed=0)  # 3000 × 2000 signs: several blocks
    _, t_p = paired_t_test(a, b)
    assert abs(p - t_p) < 0.05  # many queries: the two tests agree closely


# ------------------------------------------------------------------------- t-test and CI


@settings(max_examples=60, deadline=None)
@given(paired_samples(2, 30))
def test_t_test_equals_scipy(sample):
    a, b = sample
    t, p = paired_t_test(a, b)
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        expected = stats.ttest_rel(b, a)
    if np.isnan(expected.statistic):
        assert np.isnan(t) and np.isnan(p)
    elif np.ptp(np.subtract(b, a)) == 0 or not np.isfinite(expected.statistic):
        return  # no spread: scipy's ±inf vs a huge t depends on rounding; checked by hand below
    else:
        assert t == pytest.approx(float(expected.statistic), rel=1e-9, abs=1e-9)
        assert p == pytest.approx(float(expected.pvalue), rel=1e-9, abs=1e-12)


def test_t_test_by_hand_and_sign():
    a, b = [0.2, 0.4, 0.6, 0.5], [0.3, 0.6, 0.6, 0.8]  # d = 0.1, 0.2, 0, 0.3
    mean, sd = 0.15, math.sqrt(0.05 / 3)
    t, p = paired_t_test(a, b)
    assert t == pytest.approx(mean / (sd / 2))
    assert p == pytest.approx(2 * stats.t.sf(t, 3))
    t_reversed, p_reversed = paired_t_test(b, a)
    assert t_reversed == pytest.approx(-t) and p_reversed == pytest.approx(p)
    assert paired_t_test([0.25, 0.5, 0.75], [0.5, 0.75, 1.0]) == (np.inf, 0.0)  # no spread, not zero
    assert all(np.isnan(paired_t_test([0.1, 0.2], [0.1, 0.2])))  # all differences 0


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(-1, 1, allow_nan=False), min_size=2, max_size=40), st.sampled_from([0.8, 0.9, 0.95, 0.99]))
def test_ci_contains_the_mean_and_matches_the_t_formula(d, confidence):
    mean, low, high = mean_difference_ci(d, confidence)
    n = len(d)
    expected_mean = sum(d) / n
    sd = math.sqrt(sum((x - expected_mean) ** 2 for x in d) / (n - 1))
    half = stats.t.ppf((1 + confidence) / 2, n - 1) * sd / math.sqrt(n)
    assert mean == pytest.approx(expected_mean, abs=1e-12)
    assert low == pytest.approx(expected_mean - half, abs=1e-9)
    assert high == pytest.approx(expected_mean + half, abs=1e-9)
    assert low <= mean <= high


def test_ci_by_hand():
    # d = 0.1, 0.2, 0.3: mean 0.2, s = 0.1, t(0.975, 2) = 4.302653, half width 4.302653 · 0.1/√3
    mean, low, high = mean_difference_ci([0.1, 0.2, 0.3])
    assert mean == pytest.approx(0.2)
    assert high - mean == pytest.approx(4.302652729911275 * 0.1 / math.sqrt(3))
    assert mean - low == pytest.approx(high - mean)
    summary = difference_summary([0.1, 0.2, 0.3], 0.9)
    assert summary["t_critical"] == pytest.approx(2.919985580355516)
    assert summary["df"] == 2 and summary["n"] == 3
    narrower = mean_difference_ci([0.1, 0.2, 0.3], 0.5)
    assert low < narrower[1] < narrower[2] < high
    pairs = paired_differences(pd.Series({"x": 0.0, "y": 0.1, "z": 0.2}), pd.Series({"x": 0.1, "y": 0.3, "z": 0.5}))
    assert mean_difference_ci(pairs) == pytest.approx((mean, low, high))  # the pairs' table works too


# ------------------------------------------------------------------------- pairing


def test_paired_differences_pairs_on_common_queries_and_sorts():
    a = pd.Series({"101": 0.5, "102": 0.2, "103": 0.9, "only_a": 1.0}, name="nDCG@10")
    b = pd.Series({"103": 0.4, "101": 0.5, "102": 0.7, "only_b": 0.0})
    pairs = paired_differences(a, b)
    assert list(pairs.columns) == ["query", "a", "b", "difference", "winner"]
    assert pairs["query"].tolist() == ["103", "101", "102"]
    assert pairs["difference"].tolist() == pytest.approx([-0.5, 0.0, 0.5])
    assert pairs["winner"].tolist() == ["A", "tie", "B"]
    assert wins_losses_ties(pairs) == {"B": 1, "A": 1, "tie": 1}
    # Series paired by query: the statistics ignore the queries only one system has
    assert paired_t_test(a, b) == pytest.approx(paired_t_test([0.5, 0.2, 0.9], [0.5, 0.7, 0.4]))
    assert exact_randomization_test(a, b) == 1.0


def test_numeric_query_ids_pair_with_text_ids():
    a = pd.Series([0.1, 0.2], index=[101, 102])
    b = pd.Series([0.3, 0.2], index=pd.Index(["101", "102"], dtype="str"))
    assert paired_differences(a, b)["query"].tolist() == ["102", "101"]


def test_rounding_noise_is_a_tie():
    pairs = paired_differences(pd.Series({"q": 0.1 + 0.2}), pd.Series({"q": 0.3}))
    assert pairs["winner"].tolist() == ["tie"]


@pytest.mark.parametrize("call, message", [
    (lambda: paired_differences(pd.Series({"q1": 0.1}), pd.Series({"q2": 0.2})), "no query in common"),
    (lambda: paired_differences(pd.Series({"q1": np.nan, "q2": 0.1}), pd.Series({"q1": 0.2, "q2": 0.1})),
     "query 'q1'"),
    (lambda: paired_differences(pd.Series([0.1, 0.2], index=["q", "q"]), pd.Series({"q": 0.2})), "twice"),
    (lambda: paired_differences([0.1], pd.Series({"q": 0.2})), "pandas Series"),
    (lambda: paired_t_test([0.1], [0.2]), "at least 2 queries"),
    (lambda: paired_t_test(pd.Series({"q1": 0.1, "q2": 0.3}), pd.Series({"q1": 0.2, "q3": 0.1})),
     "at least 2 queries"),
    (lambda: paired_t_test([0.1, 0.2], [0.2, 0.3, 0.4]), "same number"),
    (lambda: randomization_test([0.1, float("nan")], [0.2, 0.3]), "NaN"),
    (lambda: randomization_test([0.1, 0.2], [0.2, 0.3], trials=0), "trials"),
    (lambda: randomization_test([0.1, 0.2], [0.2, 0.3], trials=2.5), "trials"),
    (lambda: exact_randomization_test([0.0] * (MAX_EXACT + 1), [1.0] * (MAX_EXACT + 1)), "at most 20"),
    (lambda: mean_difference_ci([0.1]), "at least 2"),
    (lambda: mean_difference_ci([0.1, np.inf]), "NaN or infinite"),
    (lambda: mean_difference_ci([0.1, 0.2], confidence=95), "between 0 and 1"),
    (lambda: paired_t_test([[0.1, 0.2]], [[0.2, 0.3]]), "flat list"),
    (lambda: paired_t_test(["x", "y"], [0.2, 0.3]), "not numbers"),
])
def test_bad_input_is_a_metrics_input_error(call, message):
    with pytest.raises(MetricsInputError, match=message):
        call()
