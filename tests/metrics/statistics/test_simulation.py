"""metrics.statistics.simulation: the multiple-comparisons problem simulated. The pairwise t-tests are scipy's, Tukey's
decisions compare_systems'; the error rates keep their bounds within Monte Carlo error."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from metrics import MetricsInputError
from metrics.statistics import simulation as sim
from metrics.statistics.multiple import compare_systems

ALPHA = 0.05


def test_pair_tests_are_scipys_ttest_rel():
    x = sim.scores(6, 12, seed=3, families=2)
    mean, p = sim.pair_tests(x)
    for f in range(2):
        for column, (a, b) in enumerate(sim.pairs(6)):
            expected = stats.ttest_rel(x[f, :, b], x[f, :, a])
            assert p[f, column] == pytest.approx(expected.pvalue, rel=1e-9)
            assert mean[f, column] == pytest.approx((x[f, :, b] - x[f, :, a]).mean())


def test_rejections_are_compare_systems_decisions():
    x = sim.scores(5, 10, seed=7, better=2, effect=0.2)[0]
    found = sim.rejections(x, ALPHA)
    table = {f"s{j}": dict(enumerate(x[:, j])) for j in range(5)}
    for method in ("none", "bonferroni", "holm", "bh"):
        c = compare_systems(table, test="t", correction=method, alpha=ALPHA)
        assert found[method][0].tolist() == [pair.significant for pair in c.pairs]
    tukey = compare_systems(table, test="tukey", alpha=ALPHA)
    assert found["tukey"][0].tolist() == [pair.significant for pair in tukey.pairs]


def test_identical_systems_error_rates_keep_their_bounds():
    r = sim.simulate(k=10, n=20, families=1500, alpha=ALPHA, seed=11)
    assert r.pairs == 45
    margin = lambda rate: 4 * r.standard_error(rate)  # noqa: E731
    # uncorrected: far above alpha, below the independent tests' 1 − (1 − α)^m
    assert r.fwer["none"] > 0.3
    assert r.fwer["none"] <= 1 - (1 - ALPHA) ** r.pairs + margin(r.fwer["none"])
    # corrected: the family-wise error rate at most alpha (Tukey's at about alpha)
    for method in ("bonferroni", "holm", "bh", "tukey"):
        assert r.fwer[method] <= ALPHA + margin(ALPHA), method
    assert abs(r.fwer["tukey"] - ALPHA) <= margin(ALPHA)
    # every system equal: every discovery is false, so FDR = FWER
    assert r.fdr == r.fwer
    # each test alone errs at about alpha
    assert r.false_discoveries["none"] / r.pairs == pytest.approx(ALPHA, abs=0.01)


def test_real_differences_separate_holm_and_bh():
    r = sim.simulate(k=8, n=30, families=600, alpha=ALPHA, seed=5, better=4, effect=0.08)
    assert r.discoveries["holm"] >= r.discoveries["bonferroni"]
    assert r.discoveries["bh"] >= r.discoveries["holm"]
    margin = 4 * r.standard_error(ALPHA)
    assert r.fdr["bh"] <= ALPHA + margin
    assert r.fwer["holm"] <= ALPHA + margin


def test_holm_never_finds_fewer_than_bonferroni_per_family():
    found = sim.rejections(sim.scores(12, 15, seed=2, better=5, effect=0.1, families=100))
    assert np.all(found["holm"].sum(axis=1) >= found["bonferroni"].sum(axis=1))
    assert np.all(found["none"] >= found["bh"]) and np.all(found["bh"] >= found["holm"])


@pytest.mark.parametrize("kwargs", [dict(k=1), dict(k=31), dict(n=2), dict(families=0), dict(k=5, better=5),
                                    dict(k=True)])
def test_bad_sizes_are_refused(kwargs):
    with pytest.raises(MetricsInputError):
        sim.simulate(**{"k": 5, "n": 10, "families": 10, **kwargs})


def test_seeded():
    assert sim.simulate(k=5, n=10, families=50, seed=4) == sim.simulate(k=5, n=10, families=50, seed=4)
