"""How precise a randomised p is (issue 35, item 7): the (1 + b)/(1 + N) estimator, its Monte Carlo standard
error and Clopper–Pearson interval against the exact p of a plain enumeration, ``trials="auto"``, the warning
when the interval holds alpha, and the text tables' columns whatever p prints as."""

from __future__ import annotations

import dataclasses
import io
import math
import re

import numpy as np
import pytest

from metrics.cli import main
from metrics.statistics import significance
from metrics.statistics.experiment import experiment
from metrics.statistics.multiple import compare_systems
from metrics.statistics.report import write_text
from tests.conftest import REPO_ROOT
from tests.metrics.statistics.test_significance import brute_force_sign_flip_p

TREC = REPO_ROOT / "sample_data" / "trec"
RUNS = [TREC / f"run_{x}.txt" for x in "abcde"]
#: 12 differences whose exact p is 51/1024 = 0.0498: a sampled p near alpha = 0.05
NEAR_ALPHA = np.array([0.19, 0.03, 0.23, 0.27, 0.37, 0.01, 0.05, 0.11, -0.17, 0.23, 0.13, -0.16])


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    status = main([str(a) for a in argv], out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_the_interval_covers_the_exact_p_in_at_least_95_percent_of_seeds():
    rng = np.random.default_rng(5)
    covered = total = 0
    for _ in range(20):
        d = np.round(rng.normal(0.05, 0.2, int(rng.integers(6, 15))), 2)
        exact = brute_force_sign_flip_p(list(d))  # all 2^n sign flips, n ≤ 14
        for seed in range(50):
            found = significance.sampled_randomization(d, 200, seed)
            covered += found["low"] <= exact <= found["high"]
            total += 1
            assert found["se"] == pytest.approx(math.sqrt(found["p"] * (1 - found["p"]) / 200))
    assert covered / total >= 0.95


def test_the_estimator_is_never_zero():
    d = np.linspace(0.1, 1.0, 30)  # every flip but the observed one is less extreme: exact p = 2 / 2^30
    for trials in (1, 10, 1000):
        found = significance.sampled_randomization(d, trials, 0)
        assert found["extreme"] == 0 and found["p"] == 1 / (1 + trials) > 0
        assert found["low"] == 0.0 and 0 < found["high"] < 1
        assert significance.randomization_test(d, np.zeros(30), trials=trials) == 1 / (1 + trials)


def test_p_precision_is_clopper_pearson():
    from scipy.stats import binomtest

    for extreme, trials in [(0, 100), (3, 100), (480, 10_000), (100, 100)]:
        found = significance.p_precision(extreme, trials)
        interval = binomtest(extreme, trials).proportion_ci(0.95, method="exact")
        assert (found["low"], found["high"]) == pytest.approx((interval.low, interval.high), abs=1e-12)
        assert found["p"] == (1 + extreme) / (1 + trials)


@pytest.mark.parametrize("d", [NEAR_ALPHA, NEAR_ALPHA[:10]])
def test_auto_stops_on_one_side_of_alpha_or_at_the_cap(monkeypatch, d):
    monkeypatch.setattr(significance, "AUTO_CAP", 80_000)
    sizes = [10_000, 20_000, 40_000, 80_000]
    found = significance.sampled_randomization(d, "auto", 3, 0.05)
    assert found["trials"] in sizes
    if found["warning"] is None:
        assert not found["low"] <= 0.05 <= found["high"]
    else:
        assert found["trials"] == 80_000 and found["low"] <= 0.05 <= found["high"]
        assert found["warning"].endswith("straddles α = 0.05: raise --trials")
    again = significance.sampled_randomization(d, "auto", 3, 0.05)
    assert (again["p"], again["trials"]) == (found["p"], found["trials"])  # deterministic given the seed


def test_auto_at_the_default_cap_on_a_p_at_alpha():
    # exact p 0.0498: 10,000 … 640,000 trials cannot tell it from 0.05, so auto reaches the cap
    found = significance.sampled_randomization(NEAR_ALPHA, "auto", 0, 0.05)
    assert found["trials"] == significance.AUTO_CAP == 1_000_000
    assert found["low"] <= brute_force_sign_flip_p(list(NEAR_ALPHA)) <= found["high"]
    far = significance.sampled_randomization(NEAR_ALPHA, "auto", 0, 0.2)  # far from 0.2: the first draw decides
    assert far["trials"] == 10_000 and far["warning"] is None


def test_compare_systems_auto_and_exact_precision():
    rng = np.random.default_rng(2)
    scores = {"a": rng.random(20), "b": rng.random(20) + 0.1}
    scores = {run: dict(zip([f"q{i}" for i in range(20)], values)) for run, values in scores.items()}
    c = compare_systems(scores, test="randomization", trials="auto", exact=False)
    pair = c.pairs[0]
    low, high = pair.details["p_interval"]
    assert pair.details["trials"] == significance.AUTO_CAP or not low <= 0.05 <= high
    assert pair.p_se == pytest.approx(math.sqrt(pair.p * (1 - pair.p) / pair.details["trials"]))
    exact = compare_systems(scores, test="randomization", exact=True).pairs[0]
    assert exact.p_se == 0.0 and exact.details["p_interval"] == (exact.p, exact.p) and "(exact)" in exact.worked_text
    with pytest.raises(Exception, match="auto"):
        compare_systems(scores, test="t", trials="auto")


def test_the_issues_pairs_against_a_million_trials():
    """The compare command on the sample runs at seed 0 and the default 10,000 draws (the randomised Tukey test:
    the randomization test is exact on their 7 queries). nDCG's run_e − run_b is the pair furthest from its
    1M-trial p (0.3698 against 0.3836: 2.9 standard errors; no pair of the sample measures reached the issue's
    3.5): a 95% interval misses such a pair by design (0.3602–0.3792), but every verdict at α equals the 1M
    one or is flagged, and most intervals hold the 1M p."""
    import json

    from metrics.batch.evaluation import evaluate

    status, out, err = run("compare", TREC / "qrels.txt", *RUNS, "-m", "nDCG", "-m", "AP", "--test",
                           "randomized-tukey", "--output", "json")
    assert status == 0
    inside = total = 0
    for measure in ("nDCG", "AP"):
        pairs = json.loads(out)["measures"][measure]["pairs"]
        per_run = {path.stem: evaluate(TREC / "qrels.txt", path, [measure]).to_dict()[measure] for path in RUNS}
        reference = compare_systems(per_run, test="randomized-tukey", trials=1_000_000, seed=0)
        for pair, ref in zip(pairs, reference.pairs):
            low, high = pair["p_interval"]
            assert pair["trials"] == 10_000
            assert pair["p_se"] == pytest.approx(math.sqrt(pair["p"] * (1 - pair["p"]) / 10_000))
            assert (pair["p"] <= 0.05) == (ref.p <= 0.05) or pair["warning"], (measure, pair, ref.p)
            inside += low <= ref.p <= high
            total += 1
            if (measure, pair["a"], pair["b"]) == ("nDCG", "run_b", "run_e"):
                assert (pair["p"], ref.p) == pytest.approx((0.3698, 0.3836), abs=1e-4)
                assert abs(pair["p"] - ref.p) / pair["p_se"] == pytest.approx(2.86, abs=0.01)
                assert not low <= ref.p <= high and pair["warning"] is None  # far from α: no verdict at stake
    assert inside >= 0.9 * total


def _starts(line: str) -> list[int]:
    """Where each cell of a text-table line ends (cells apart by two or more spaces; right-aligned columns)."""
    return [m.end() for m in re.finditer(r"\S+(?: \S+)*", line)]


P_FORMS = [0.0, 3e-05, 0.00004, 0.0123, 1.0, math.nan]


def test_compare_text_columns_line_up_whatever_p_prints_as():
    rng = np.random.default_rng(0)
    scores = {run: {f"q{i}": float(x) for i, x in enumerate(rng.random(20))} for run in ("base", "x", "y", "z")}
    for test in ("randomization", "t"):
        c = compare_systems(scores, test=test, trials=2000, exact=False, measure="AP")
        pairs = tuple(dataclasses.replace(pair, p=p, p_adjusted=p) for pair, p in zip(c.pairs, P_FORMS))
        out = io.StringIO()
        write_text([dataclasses.replace(c, pairs=pairs)], out)
        lines = out.getvalue().splitlines()
        header = next(i for i, line in enumerate(lines) if line.lstrip().startswith("b − a"))
        rows = [line.removesuffix("  *") for line in lines[header + 1:header + 1 + len(pairs)]]
        assert {"<0.0001", "0.0123", "1.0000", "NaN"} <= set(" ".join(rows).split())
        ends = _starts(lines[header])[-4 if test == "randomization" else -3:]  # p, (±SE,) p adj., d_z
        for row in rows:
            assert _starts(row)[-len(ends):] == ends, (row, lines[header])


def test_experiment_text_columns_line_up_whatever_p_prints_as():
    rng = np.random.default_rng(1)
    runs = {run: {f"q{i}": float(x) for i, x in enumerate(rng.random(20))} for run in ("base", "x", "y", "z")}
    qrels = {f"q{i}": {"d1": 1} for i in range(20)}
    ranked = {run: {q: {"d1": v, "d2": 1 - v} for q, v in values.items()} for run, values in runs.items()}
    result = experiment(qrels, ranked, ["RR"], baseline="base", test="randomization", exact=False, trials=2000)
    rows, forms = [], iter(P_FORMS)
    for row in result.rows:
        rows.append(row if row["system"] == "base" else {**row, "p": next(forms), "p_adjusted": next(forms)})
    lines = dataclasses.replace(result, rows=tuple(rows)).to_text().splitlines()
    assert "±SE" in lines[0]
    ends = _starts(lines[0])[5:]  # diff, p, ±SE, p adj, W/T/L, d_z
    for line in lines[1:len(rows) + 1]:
        if "(baseline)" in line:
            continue
        assert _starts(line.removesuffix("  *"))[5:5 + len(ends)] == ends, (line, lines[0])
