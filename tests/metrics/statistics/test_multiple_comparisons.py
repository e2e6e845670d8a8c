"""metrics.statistics.{multiple, anova, corrections, bootstrap}: many systems compared, against independent
references — scipy (ttest_rel, wilcoxon, false_discovery_control, bootstrap, studentized_range), statsmodels
(multipletests, the two-way ANOVA by OLS), ranx's compare where its method is the same — and the randomised
tests against plain-loop enumeration of every assignment."""

from __future__ import annotations

import itertools
import json
import math
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from metrics import MetricsInputError
from metrics.statistics import bootstrap as boot
from metrics.statistics.anova import two_way_anova
from metrics.statistics.corrections import adjust
from metrics.statistics.multiple import EXACT_LIMIT, align_scores, compare_systems, randomized_tukey_null
from metrics.statistics.significance import exact_randomization_test
from tests.metrics.statistics.test_significance import brute_force_sign_flip_p

SCORE = st.one_of(st.sampled_from([0.0, 0.1, 0.25, 1 / 3, 0.5, 2 / 3, 0.75, 1.0]), st.floats(0, 1, allow_nan=False))


def _table(seed: int, queries: int = 8, runs: int = 4) -> dict[str, dict[str, float]]:
    """Per-query scores of ``runs`` systems with different means and a topic effect, some ties."""
    rng = np.random.default_rng(seed)
    topic = rng.random(queries)
    out = {}
    for r in range(runs):
        values = np.clip(topic + 0.08 * r + rng.normal(0, 0.15, queries), 0, 1)
        out[f"run{r}"] = {f"q{q}": float(np.round(v, 2)) for q, v in enumerate(values)}
    return out


def _matrix(scores) -> np.ndarray:
    return align_scores(scores).values


# ------------------------------------------------------------------------------------------ corrections

P_LISTS = st.lists(st.floats(0, 1, allow_nan=False), min_size=1, max_size=25)


def _p_lists():
    """A few p-value lists: random, with ties, with 0 and 1, one alone."""
    rng = np.random.default_rng(0)
    yield from (rng.random(size).tolist() for size in (3, 10, 45))
    yield [0.01, 0.04, 0.03, 0.2, 0.04, 0.04, 1.0, 0.0]
    yield [0.5]
    yield (rng.random(20) ** 4).round(3).tolist()  # small, many ties


def test_corrections_equal_statsmodels():
    # statsmodels' multipletests runs gc.collect() on every call (0.3 s each here): a few lists only
    from statsmodels.stats.multitest import multipletests

    for p in _p_lists():
        for ours, theirs in (("bonferroni", "bonferroni"), ("holm", "holm"), ("bh", "fdr_bh")):
            np.testing.assert_allclose(adjust(p, ours), multipletests(p, method=theirs)[1], rtol=1e-12, atol=1e-15)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(P_LISTS)
def test_benjamini_hochberg_equals_scipy(p):
    np.testing.assert_allclose(adjust(p, "bh"), stats.false_discovery_control(p), rtol=1e-12, atol=1e-15)
    assert adjust(p, "none") == list(p)


@settings(max_examples=80, deadline=None, derandomize=True)
@given(P_LISTS)
def test_correction_invariants(p):
    bonferroni, holm, bh = (np.array(adjust(p, m)) for m in ("bonferroni", "holm", "bh"))
    raw = np.array(p)
    for adjusted in (bonferroni, holm, bh):
        assert (adjusted >= raw - 1e-15).all() and (adjusted <= 1).all()
        # the order of the p-values is kept (ties may merge, never swap)
        for i, j in itertools.combinations(range(len(p)), 2):
            if raw[i] < raw[j]:
                assert adjusted[i] <= adjusted[j] + 1e-15
    assert (holm <= bonferroni + 1e-15).all()
    assert (bh <= holm + 1e-15).all()


def test_correction_refuses_bad_input():
    with pytest.raises(MetricsInputError, match="between 0 and 1"):
        adjust([0.5, 1.5], "holm")
    with pytest.raises(MetricsInputError, match="unknown correction 'sidak'"):
        adjust([0.5], "sidak")


# ------------------------------------------------------------------------------------------ pairwise tests


@pytest.mark.parametrize("seed", range(2))
def test_t_and_wilcoxon_pairs_equal_scipy(seed):
    scores = _table(seed)
    x = _matrix(scores)
    for test, reference in (("t", stats.ttest_rel), ("wilcoxon", None)):
        c = compare_systems(scores, test=test, correction="none", trials=200)
        for pair in c.pairs:
            i, k = c.runs.index(pair.a), c.runs.index(pair.b)
            d = x[:, k] - x[:, i]
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                expected = stats.ttest_rel(x[:, k], x[:, i]) if reference else stats.wilcoxon(d)
            assert pair.p == pytest.approx(float(expected.pvalue), rel=1e-12)
            assert pair.statistic == pytest.approx(float(expected.statistic), rel=1e-12)
            assert pair.p_adjusted == pair.p
            # d_z and t: t = d̄ / (s / √n), so d_z = t / √n
            assert pair.details["d_z"] == pytest.approx(stats.ttest_rel(x[:, k], x[:, i]).statistic / math.sqrt(len(d)))


@pytest.mark.parametrize("zeros", [0, 1, 3])
def test_wilcoxon_with_zero_differences_equals_scipy(zeros):
    """scipy chooses its method from the differences with their zeros (exact without ties and zeros, the
    normal approximation past 13 with them): the same p here."""
    rng = np.random.default_rng(zeros)
    a = rng.random(20)
    b = a + rng.normal(0.05, 0.1, 20)
    b[:zeros] = a[:zeros]
    pair = compare_systems(pd.DataFrame({"a": a, "b": b}), test="wilcoxon", trials=100).pairs[0]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = stats.wilcoxon(b - a)
    assert pair.p == pytest.approx(float(expected.pvalue), rel=1e-12)
    assert pair.details["method"] == ("exact" if zeros == 0 else "normal approximation")


@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.integers(3, 8).flatmap(lambda n: st.lists(st.lists(SCORE, min_size=n, max_size=n), min_size=3, max_size=3)))
def test_randomization_pairs_exact_equal_plain_enumeration(columns):
    scores = {f"r{i}": {f"q{j}": v for j, v in enumerate(col)} for i, col in enumerate(columns)}
    c = compare_systems(scores, test="randomization", correction="none", trials=100)
    for pair in c.pairs:
        d = [scores[pair.b][q] - scores[pair.a][q] for q in c.scores.queries]
        assert pair.details["exact"] and pair.p == pytest.approx(brute_force_sign_flip_p(d), abs=1e-12)
        assert len(pair.null) == 2 ** len(d)


def test_randomization_sampled_agrees_with_exact_within_monte_carlo_error():
    scores = _table(5, queries=12, runs=3)
    exact = compare_systems(scores, test="randomization", correction="none", exact=True)
    sampled = compare_systems(scores, test="randomization", correction="none", exact=False, trials=20_000, seed=3)
    for e, s in zip(exact.pairs, sampled.pairs):
        assert not s.details["exact"] and len(s.null) == 20_000
        assert abs(s.p - e.p) <= 4.5 * math.sqrt(e.p * (1 - e.p) / 20_000) + 1 / 20_000
    # the same seed, the same p; a sampled p is never 0
    again = compare_systems(scores, test="randomization", correction="none", exact=False, trials=20_000, seed=3)
    assert [p.p for p in again.pairs] == [p.p for p in sampled.pairs] and min(p.p for p in sampled.pairs) > 0


def test_exact_is_chosen_when_small():
    small = compare_systems(_table(1, queries=8, runs=3), test="randomization")
    assert all(pair.details["exact"] for pair in small.pairs) and 2 ** 8 <= EXACT_LIMIT
    large = compare_systems(_table(1, queries=20, runs=3), test="randomization", trials=500)
    assert not any(pair.details["exact"] for pair in large.pairs)


# ------------------------------------------------------------------------------------------ ANOVA and Tukey


def _long(x: np.ndarray) -> pd.DataFrame:
    n, m = x.shape
    return pd.DataFrame({"y": x.ravel(), "topic": np.repeat(np.arange(n), m).astype(str),
                         "system": np.tile(np.arange(m), n).astype(str)})


@pytest.mark.parametrize("seed", range(3))
def test_two_way_anova_equals_statsmodels(seed):
    import statsmodels.api as sm
    import statsmodels.formula.api as smf

    x = _matrix(_table(seed, queries=9, runs=4))
    ours = two_way_anova(x).table
    theirs = sm.stats.anova_lm(smf.ols("y ~ C(system) + C(topic)", data=_long(x)).fit(), typ=2)
    for our_row, their_row in (("systems", "C(system)"), ("topics", "C(topic)"), ("residual", "Residual")):
        assert ours.loc[our_row, "SS"] == pytest.approx(theirs.loc[their_row, "sum_sq"], rel=1e-9)
        assert ours.loc[our_row, "df"] == theirs.loc[their_row, "df"]
    for our_row, their_row in (("systems", "C(system)"), ("topics", "C(topic)")):
        assert ours.loc[our_row, "F"] == pytest.approx(theirs.loc[their_row, "F"], rel=1e-9)
        assert ours.loc[our_row, "p"] == pytest.approx(theirs.loc[their_row, "PR(>F)"], rel=1e-9)


# Sakai, 情報アクセス評価方法論 (2015), Table 5.1: three systems on 20 topics; the book's ANOVA and effect sizes
# (4 decimals; the same numbers are in elinor's tests of its TwoWayAnovaWithoutReplication and TukeyHsdTest)
SAKAI_TABLE_5_1 = {
    "A": [0.70, 0.30, 0.20, 0.60, 0.40, 0.40, 0.00, 0.70, 0.10, 0.30, 0.50, 0.40, 0.00, 0.60, 0.50, 0.30, 0.10, 0.50,
          0.20, 0.10],
    "B": [0.50, 0.10, 0.00, 0.20, 0.40, 0.30, 0.00, 0.50, 0.30, 0.30, 0.40, 0.40, 0.10, 0.40, 0.20, 0.10, 0.10, 0.60,
          0.30, 0.20],
    "C": [0.00, 0.00, 0.20, 0.10, 0.30, 0.30, 0.10, 0.20, 0.40, 0.40, 0.40, 0.30, 0.30, 0.20, 0.20, 0.20, 0.10, 0.50,
          0.40, 0.30],
}


def test_anova_and_effect_sizes_equal_sakais_book():
    frame = pd.DataFrame(SAKAI_TABLE_5_1)
    anova = two_way_anova(frame.to_numpy())
    table = anova.table
    assert table.loc["systems", "SS"] == pytest.approx(0.1083, abs=1e-4)
    assert table.loc["topics", "SS"] == pytest.approx(1.0293, abs=1e-4)
    assert table.loc["residual", "SS"] == pytest.approx(0.8317, abs=1e-4)
    assert table.loc["systems", "MS"] == pytest.approx(0.0542, abs=1e-4)
    assert anova.ms_residual == pytest.approx(0.0219, abs=1e-4)
    c = compare_systems(frame, test="tukey", trials=100)
    # the book's ES_E of A − B, A − C, B − C; a pair here is b − a, so the signs turn
    for (a, b), book in {("A", "B"): 0.5070, ("A", "C"): 0.6760, ("B", "C"): 0.1690}.items():
        assert -c.pair(a, b).effect_size == pytest.approx(book, abs=1e-4)


def test_tukey_uses_the_residual_mean_square_of_the_blocked_anova():
    import statsmodels.formula.api as smf

    scores = _table(2, queries=10, runs=4)
    x = _matrix(scores)
    fit = smf.ols("y ~ C(system) + C(topic)", data=_long(x)).fit()
    ms_e, df_e, n, m = fit.mse_resid, fit.df_resid, x.shape[0], x.shape[1]
    c = compare_systems(scores, test="tukey", trials=200)
    hsd = stats.studentized_range.isf(0.05, m, df_e) * math.sqrt(ms_e / n)
    for pair in c.pairs:
        i, k = c.runs.index(pair.a), c.runs.index(pair.b)
        diff = x[:, k].mean() - x[:, i].mean()
        q = abs(diff) / math.sqrt(ms_e / n)
        assert pair.statistic == pytest.approx(q, rel=1e-9)
        assert pair.p == pytest.approx(stats.studentized_range.sf(q, m, df_e), rel=1e-7)
        assert pair.p_adjusted == pair.p and pair.correction == "none"
        assert pair.effect_size == pytest.approx(diff / math.sqrt(ms_e), rel=1e-9)  # Sakai's ES_E
        if abs(abs(diff) - hsd) > 1e-6:
            assert pair.significant == (abs(diff) > hsd)
    assert c.anova.hsd(0.05) == pytest.approx(hsd, rel=1e-6)


def test_family_tests_refuse_a_correction():
    with pytest.raises(MetricsInputError, match="already hold for all pairs"):
        compare_systems(_table(0), test="tukey", correction="holm")


# ------------------------------------------------------------------------------------------ randomised Tukey


def _brute_randomized_tukey(x: np.ndarray) -> np.ndarray:
    """max − min of the system means for every way of permuting each topic's scores (plain loops)."""
    n, m = x.shape
    ranges = []
    for choice in itertools.product(list(itertools.permutations(range(m))), repeat=n):
        means = [sum(x[j][choice[j][i]] for j in range(n)) / n for i in range(m)]
        ranges.append(max(means) - min(means))
    return np.sort(ranges)


def test_randomized_tukey_exact_equals_plain_enumeration():
    x = _matrix(_table(4, queries=4, runs=3))
    ranges, exact = randomized_tukey_null(x)
    assert exact
    np.testing.assert_allclose(np.sort(ranges), _brute_randomized_tukey(x), atol=1e-12)
    c = compare_systems(pd.DataFrame(x, columns=["a", "b", "c"]), test="randomized-tukey")
    brute = _brute_randomized_tukey(x)
    for pair in c.pairs:
        i, k = c.runs.index(pair.a), c.runs.index(pair.b)
        observed = abs(x[:, k].mean() - x[:, i].mean())
        assert pair.p == pytest.approx(np.mean(brute >= observed - 1e-10), abs=1e-12)


def test_randomized_tukey_on_two_systems_is_the_exact_randomization_test():
    x = _matrix(_table(6, queries=9, runs=2))
    c = compare_systems(pd.DataFrame(x, columns=["a", "b"]), test="randomized-tukey")
    assert c.pairs[0].details["exact"]
    assert c.pairs[0].p == pytest.approx(exact_randomization_test(x[:, 0], x[:, 1]), abs=1e-12)


def test_randomized_tukey_sampled_agrees_with_exact():
    x = _matrix(_table(8, queries=6, runs=3))
    frame = pd.DataFrame(x, columns=["a", "b", "c"])
    exact = compare_systems(frame, test="randomized-tukey", exact=True)
    sampled = compare_systems(frame, test="randomized-tukey", exact=False, trials=20_000, seed=11)
    for e, s in zip(exact.pairs, sampled.pairs):
        assert abs(s.p - e.p) <= 4.5 * math.sqrt(e.p * (1 - e.p) / 20_000) + 1 / 20_000
    # one null distribution for the whole family: the largest difference has the smallest p
    biggest = max(sampled.pairs, key=lambda pair: abs(pair.diff))
    assert biggest.p == min(pair.p for pair in sampled.pairs)


# ------------------------------------------------------------------------------------------ bootstrap


@pytest.mark.parametrize("method", ["percentile", "bca"])
@pytest.mark.parametrize("ties", [False, True])
def test_bootstrap_intervals_equal_scipy(method, ties):
    """The same resamples as scipy's (one seeded draw): the same intervals. With ties, on quarters over 8
    queries, where every resampled mean is exact (scipy counts a tie only when it is exact)."""
    rng = np.random.default_rng(3)
    x = rng.integers(0, 5, (8, 3)) / 4 if ties else rng.random((11, 3))
    scores = pd.DataFrame(x, columns=["a", "b", "c"])
    c = compare_systems(scores, test="t", ci=method, trials=3000, seed=5, alpha=0.1)
    reference = "BCa" if method == "bca" else method
    for i, run in enumerate(c.runs):
        theirs = stats.bootstrap((x[:, i],), np.mean, confidence_level=0.9, n_resamples=3000, method=reference,
                                 rng=np.random.default_rng(5)).confidence_interval
        np.testing.assert_allclose(c.ci[run], theirs, rtol=1e-12)
    for pair in c.pairs:
        d = x[:, c.runs.index(pair.b)] - x[:, c.runs.index(pair.a)]
        theirs = stats.bootstrap((d,), np.mean, confidence_level=0.9, n_resamples=3000, method=reference,
                                 rng=np.random.default_rng(5)).confidence_interval
        np.testing.assert_allclose(pair.ci, theirs, rtol=1e-12)


def test_bootstrap_of_constant_values_has_no_width():
    assert boot.bootstrap_ci([0.3, 0.3, 0.3, 0.3], method="bca") == (0.3, 0.3)


# ------------------------------------------------------------------------------------------ whole comparisons


@settings(max_examples=8, deadline=None, derandomize=True)
@given(st.integers(3, 7).flatmap(lambda n: st.lists(st.lists(SCORE, min_size=n, max_size=n), min_size=3,
                                                    max_size=5)),
       st.sampled_from(["t", "wilcoxon", "randomization"]))
def test_adjusted_p_at_least_p_and_holm_at_most_bonferroni(columns, test):
    frame = pd.DataFrame({f"r{i}": col for i, col in enumerate(columns)})
    results = {m: compare_systems(frame, test=test, correction=m, trials=300) for m in
               ("none", "bonferroni", "holm", "bh")}
    for pairs in zip(*(r.pairs for r in results.values())):
        none, bonferroni, holm, bh = pairs
        assert none.p == bonferroni.p == holm.p == bh.p == none.p_adjusted
        assert bh.p_adjusted <= holm.p_adjusted <= bonferroni.p_adjusted
        assert holm.p_adjusted >= holm.p
        # a significant pair stays significant under a weaker correction
        assert not bonferroni.significant or holm.significant


def test_unequal_query_sets_are_said_and_count_missing_fills_zeros():
    scores = {"a": {"q1": 0.5, "q2": 0.25, "q3": 1.0}, "b": {"q1": 0.75, "q2": 0.5}, "c": {"q2": 0.5, "q1": 0.0,
                                                                                          "q4": 1.0}}
    shared = compare_systems(scores, trials=100)
    assert shared.scores.queries == ("q1", "q2") and shared.dropped == {"q3": ("b", "c"), "q4": ("a", "b")}
    filled = compare_systems(scores, count_missing=True, trials=100)
    assert filled.scores.queries == ("q1", "q2", "q3", "q4")
    assert filled.means["b"] == pytest.approx((0.75 + 0.5) / 4)


def test_results_read_well_and_serialise():
    c = compare_systems(_table(0), test="randomized-tukey", trials=500, measure="AP")
    for text in [repr(c), *(repr(pair) for pair in c.pairs), *(pair.worked_text for pair in c.pairs)]:
        assert "array(" not in text and "\n" not in text.split("\n")[0]
    assert repr(c).startswith("Comparison(AP: 4 runs on 8 queries")
    data = json.loads(json.dumps(c.to_dict()))
    assert set(data) == {"means", "ci", "pairs"} and len(data["pairs"]) == 6
    # a randomised test's p carries its Monte Carlo precision (p_se, its 95% interval, the trials, a warning)
    assert set(data["pairs"][0]) == {"a", "b", "diff", "p", "p_adjusted", "effect_size", "ci", "significant",
                                     "p_se", "p_interval", "trials", "warning"}
    assert data["pairs"][0]["a"] == "run0"  # the baseline first
    matrix = c.matrix("diff")
    assert matrix.loc["run1", "run0"] == pytest.approx(c.pair("run0", "run1").diff) == -matrix.loc["run0", "run1"]
    assert list(c.pairs[0].table.columns) == ["query", "a", "b", "difference", "winner"]


def test_baseline_pairs_make_a_smaller_family():
    scores = _table(1, runs=5)
    every = compare_systems(scores, correction="bonferroni", trials=100)
    baseline = compare_systems(scores, correction="bonferroni", trials=100, pairs="baseline")
    assert len(every.pairs) == 10 and len(baseline.pairs) == 4 and all(p.a == "run0" for p in baseline.pairs)
    for pair in baseline.pairs:
        assert pair.p_adjusted == pytest.approx(min(1, 4 * pair.p))


@pytest.mark.parametrize("scores, message", [
    ({"a": {"q1": 0.5, "q2": 0.1}}, "at least 2 runs"),
    ({"a": {"q1": 0.5}, "b": {"q2": 0.5}}, "at least 2 queries that every run has"),
    ({"a": {"q1": 0.5, "q2": float("nan")}, "b": {"q1": 0.5, "q2": 0.1}}, "run 'a', query 'q2'"),
    ({"a": {"q1": 0.5, "q2": "x"}, "b": {"q1": 0.5, "q2": 0.1}}, "'x' is not a finite number"),
    ([0.1, 0.2], "expected a mapping"),
])
def test_bad_input_is_one_clear_error(scores, message):
    with pytest.raises(MetricsInputError, match=message):
        compare_systems(scores)


# ------------------------------------------------------------------------------------------ ranx


@pytest.mark.slow  # importing ranx compiles its numba functions (about 15 s here)
def test_ranx_compare_student_and_fisher():
    """ranx's "student" is scipy's paired t-test on every pair, no correction: the same p on ranx's own
    per-query scores; its "fisher" estimates the randomization test's p. (Its "tukey" is scipy's one-way
    tukey_hsd, topics ignored: not one of these methods.)"""
    from ranx import Qrels, Run, compare

    rng = np.random.default_rng(0)
    qrels = Qrels({f"q{q}": {f"d{d}": int(rng.integers(0, 3)) for d in range(12)} for q in range(10)})
    runs = []
    for r in range(3):
        run = Run({f"q{q}": {f"d{d}": float(rng.random() + 0.1 * r * (d % 3 == 0)) for d in range(12)}
                   for q in range(10)}, name=f"sys{r}")
        runs.append(run)
    report = compare(qrels, runs, ["ndcg@5"], stat_test="student", max_p=0.05)
    scores = {run.name: dict(run.scores["ndcg@5"]) for run in runs}
    c = compare_systems(scores, test="t", correction="none", trials=100)
    for pair in c.pairs:
        theirs = report.comparisons[pair.a, pair.b]["ndcg@5"]["p_value"]
        assert pair.p == pytest.approx(theirs, rel=1e-9)
    # ranx's "fisher" swaps the two runs' scores query by query (a sign flip of the difference) at random:
    # the exact randomization test's p within Monte Carlo error (ranx divides by the permutations, no +1)
    permutations = 4000
    fisher = compare(qrels, runs, ["ndcg@5"], stat_test="fisher", n_permutations=permutations, random_seed=1)
    exact = compare_systems(scores, test="randomization", correction="none", trials=100)
    for pair in exact.pairs:
        assert pair.details["exact"]
        theirs = fisher.comparisons[pair.a, pair.b]["ndcg@5"]["p_value"]
        assert abs(theirs - pair.p) <= 4.5 * math.sqrt(pair.p * (1 - pair.p) / permutations) + 2 / permutations
