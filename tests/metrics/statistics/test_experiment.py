"""metrics.experiment (issue 35, item 4): the table against scipy (ttest_rel, wilcoxon), statsmodels
(multipletests) and ranx's compare on random cases; wins/ties/losses worked by hand; every input kind and
Evaluation objects give the same table; the query rule; bad input refused in one clear sentence."""

from __future__ import annotations

import json
import math

import numpy as np
import pandas as pd
import pytest
from scipy import stats
from statsmodels.stats.multitest import multipletests

from metrics import Evaluation, MetricsInputError, evaluate, experiment, to_ranx
from metrics.statistics.experiment import COLUMNS, Experiment
from tests.conftest import REPO_ROOT

TREC = REPO_ROOT / "sample_data" / "trec"
MEASURES = ["AP", "nDCG@10", "P@5"]


def random_case(seed: int, queries: int = 12, systems: int = 3, docs: int = 10):
    """Qrels with grades 0-2 and runs with distinct continuous scores (no tie for any library to break)."""
    rng = np.random.default_rng(seed)
    qrels = {f"q{i}": {f"d{j}": int(rng.integers(0, 3)) for j in range(docs - 2)} for i in range(queries)}
    for judged in qrels.values():
        judged["d0"] = 1  # every query has a relevant document
    runs = [{q: {f"d{j}": float(rng.random()) for j in range(docs)} for q in qrels} for _ in range(systems)]
    return qrels, runs


def per_query(qrels, run, measure):
    return evaluate(qrels, run, [measure]).per_query[measure]


def row(result: Experiment, system: str, measure: str) -> dict:
    return next(r for r in result.rows if r["system"] == system and r["measure"] == measure)


# ------------------------------------------------------------------------------ against scipy and statsmodels


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("correction, method", [("holm", "holm"), ("bonferroni", "bonferroni"), ("bh", "fdr_bh")])
def test_t_test_p_and_adjusted_p_are_scipys_and_statsmodels(seed, correction, method):
    qrels, runs = random_case(seed, systems=4)
    names = ["base", "s1", "s2", "s3"]
    result = experiment(qrels, runs, MEASURES, names=names, baseline="base", correction=correction, trials=200)
    everything = []
    for measure in MEASURES:
        base = per_query(qrels, runs[0], measure)
        raw = []
        for name, run in zip(names[1:], runs[1:]):
            values = per_query(qrels, run, measure)
            expected = stats.ttest_rel(values, base).pvalue
            r = row(result, name, measure)
            assert r["p"] == pytest.approx(expected, rel=1e-12, abs=1e-15)
            assert r["mean"] == pytest.approx(values.mean(), rel=1e-12)
            assert r["diff"] == pytest.approx(values.mean() - base.mean(), rel=1e-9, abs=1e-15)
            d = values - base
            assert r["effect_size"] == pytest.approx(d.mean() / d.std(ddof=1), rel=1e-9)
            raw.append(expected)
        adjusted = multipletests(raw, method=method)[1]  # the default family: one measure's comparisons
        for name, p in zip(names[1:], adjusted):
            assert row(result, name, measure)["p_adjusted"] == pytest.approx(p, rel=1e-12, abs=1e-15)
        everything += raw
    whole = experiment(qrels, runs, MEASURES, names=names, baseline=0, correction=correction, family="all",
                       trials=200)
    adjusted = iter(multipletests(everything, method=method)[1])
    for measure in MEASURES:
        for name in names[1:]:
            assert row(whole, name, measure)["p_adjusted"] == pytest.approx(next(adjusted), rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("seed", range(3))
def test_wilcoxon_p_is_scipys(seed):
    qrels, runs = random_case(seed, queries=20)
    result = experiment(qrels, runs, ["AP", "nDCG@10"], baseline=0, test="wilcoxon", trials=200)
    for measure in ("AP", "nDCG@10"):
        base = per_query(qrels, runs[0], measure)
        for i in (1, 2):
            expected = stats.wilcoxon(per_query(qrels, runs[i], measure) - base).pvalue
            assert row(result, f"run_{i + 1}", measure)["p"] == pytest.approx(expected, rel=1e-12)


def test_randomization_p_is_exact_on_few_queries():
    qrels, runs = random_case(7, queries=10)
    result = experiment(qrels, runs, ["AP"], baseline=0, test="randomization", trials=200)
    d = (per_query(qrels, runs[1], "AP") - per_query(qrels, runs[0], "AP")).to_numpy()
    signs = np.array(np.meshgrid(*[[1, -1]] * len(d))).reshape(len(d), -1).T  # every sign flip, 2^10
    flipped = np.abs(signs @ d)
    expected = np.mean(flipped >= abs(d.sum()) - 1e-12)
    assert row(result, "run_2", "AP")["p"] == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("ci", ["t", "bca", "percentile"])
def test_intervals_hold_the_mean_and_t_is_scipys(ci):
    qrels, runs = random_case(3)
    result = experiment(qrels, runs, ["AP"], ci=ci, trials=2000)
    for i, run in enumerate(runs):
        r = row(result, f"run_{i + 1}", "AP")
        assert r["ci_low"] <= r["mean"] <= r["ci_high"]
        if ci == "t":
            values = per_query(qrels, run, "AP")
            low, high = stats.t.interval(0.95, len(values) - 1, loc=values.mean(), scale=stats.sem(values))
            assert (r["ci_low"], r["ci_high"]) == pytest.approx((low, high), rel=1e-12)


# ------------------------------------------------------------------------------ against ranx's compare


RANX_NAMES = {"AP": "map", "nDCG@10": "ndcg@10", "P@5": "precision@5"}


@pytest.mark.slow  # ranx compiles its measures with numba on first use
@pytest.mark.parametrize("seed", range(3))
def test_means_t_test_and_wins_are_ranx_compares(seed):
    ranx = pytest.importorskip("ranx")
    qrels, runs = random_case(seed)
    names = ["s0", "s1", "s2"]
    report = ranx.compare(to_ranx(qrels=qrels), [to_ranx(run=r, name=n) for r, n in zip(runs, names)],
                          list(RANX_NAMES.values()), stat_test="student")
    result = experiment(qrels, runs, MEASURES, names=names, baseline="s0", correction="none", trials=200)
    for measure, theirs in RANX_NAMES.items():
        for name in names:
            r = row(result, name, measure)
            assert r["mean"] == pytest.approx(report.results[name][theirs], rel=1e-12)
            if name == "s0":
                continue
            assert r["p"] == pytest.approx(report.comparisons[frozenset({"s0", name})][theirs]["p_value"], rel=1e-12)
            # ranx's W/T/L are from the first model's side: the system against the baseline is (system, baseline)
            counts = report.win_tie_loss[(name, "s0")][theirs]
            assert (r["wins"], r["ties"], r["losses"]) == (counts["W"], counts["T"], counts["L"])


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2))
def test_randomization_p_is_within_monte_carlo_error_of_ranxs_fisher_test(seed):
    """ranx's Fisher test draws 20,000 within-query swaps (= sign flips); ours is exact on 12 queries. On a
    continuous measure (AP, nDCG) both count the same assignments, so ranx's p is within 4.5 standard errors.
    (On a discrete one, P@5, ranx compares float means without a rounding tolerance and misses equal ones.)"""
    ranx = pytest.importorskip("ranx")
    qrels, runs = random_case(seed)
    trials = 20_000
    report = ranx.compare(to_ranx(qrels=qrels), [to_ranx(run=r, name=f"s{i}") for i, r in enumerate(runs)],
                          ["map", "ndcg@10"], stat_test="fisher", n_permutations=trials)
    result = experiment(qrels, runs, ["AP", "nDCG@10"], names=["s0", "s1", "s2"], baseline=0,
                        test="randomization", correction="none")
    for measure, theirs in (("AP", "map"), ("nDCG@10", "ndcg@10")):
        for name in ("s1", "s2"):
            exact = row(result, name, measure)["p"]
            sampled = report.comparisons[frozenset({"s0", name})][theirs]["p_value"]
            assert abs(sampled - exact) <= 4.5 * math.sqrt(exact * (1 - exact) / trials) + 1e-9


@pytest.mark.slow
def test_on_a_discrete_measure_ranxs_fisher_p_misses_equal_differences():
    """The documented difference: P@5 moves in steps of 0.2, so many sign flips give a mean difference equal
    to the observed one; ours counts them (relative tolerance 1e-10), ranx compares float means exactly and
    misses those that rounding puts below: its p is far below the exact one, beyond Monte Carlo error."""
    ranx = pytest.importorskip("ranx")
    rng = np.random.default_rng(1)
    qrels = {f"q{i}": {f"d{j}": int(rng.integers(0, 3)) for j in range(8)} for i in range(12)}
    runs = [{q: {f"d{j}": float(rng.random()) for j in range(10)} for q in qrels} for _ in range(2)]
    trials = 20_000
    report = ranx.compare(to_ranx(qrels=qrels), [to_ranx(run=r, name=f"s{i}") for i, r in enumerate(runs)],
                          ["precision@5"], stat_test="fisher", n_permutations=trials)
    ours = row(experiment(qrels, runs, ["P@5"], names=["s0", "s1"], baseline=0, test="randomization"), "s1", "P@5")
    assert ours["p"] == 0.765625  # 3136 of the 4096 sign flips
    theirs = report.comparisons[frozenset({"s0", "s1"})]["precision@5"]["p_value"]
    assert theirs < ours["p"] - 10 * math.sqrt(ours["p"] * (1 - ours["p"]) / trials)


@pytest.mark.slow
def test_to_ranx_gives_objects_ranx_evaluates_to_our_numbers():
    ranx = pytest.importorskip("ranx")
    qrels, (run, _, _) = random_case(5)
    del run["q3"]  # judged, not retrieved: ranx scores it 0 (make_comparable), as trec_eval -c
    ranx_qrels, ranx_run = to_ranx(frame(qrels, "rel"), frame(run, "score"), name="a")
    assert isinstance(ranx_qrels, ranx.Qrels) and isinstance(ranx_run, ranx.Run) and ranx_run.name == "a"
    ours = evaluate(qrels, run, ["nDCG@10", "AP"], count_missing=True).aggregate
    theirs = ranx.evaluate(ranx_qrels, ranx_run, ["ndcg@10", "map"], make_comparable=True)
    assert theirs["ndcg@10"] == pytest.approx(ours["nDCG@10"], rel=1e-12)
    assert theirs["map"] == pytest.approx(ours["AP"], rel=1e-12)


def test_to_ranx_refuses_fractional_grades_and_nothing():
    pytest.importorskip("ranx")
    with pytest.raises(MetricsInputError, match="fractional"):
        to_ranx(qrels={"q1": {"a": 0.5}})
    with pytest.raises(MetricsInputError, match="give qrels, a run or both"):
        to_ranx()


# ------------------------------------------------------------------------------ wins, ties, losses by hand


def test_wins_ties_losses_worked_by_hand():
    """RR: the baseline finds the relevant document at rank 1, 2, 1, 2; the system at 1, 1, 2, 1.
    q1 1 vs 1 tie; q2 1 vs 0.5 win; q3 0.5 vs 1 loss; q4 1 vs 0.5 win -> 2/1/1, diff = 0.875 - 0.75."""
    qrels = {f"q{i}": {"r": 1} for i in range(1, 5)}
    first, second = {"r": 2.0, "x": 1.0}, {"x": 2.0, "r": 1.0}
    base = {"q1": first, "q2": second, "q3": first, "q4": second}
    system = {"q1": first, "q2": first, "q3": second, "q4": first}
    result = experiment(qrels, {"base": base, "new": system}, ["RR"], baseline="base")
    r = row(result, "new", "RR")
    assert (r["wins"], r["ties"], r["losses"]) == (2, 1, 1)
    assert r["diff"] == pytest.approx(0.125) and r["mean"] == pytest.approx(0.875)
    assert row(result, "base", "RR")["wins"] is None  # the baseline's own row has no comparison


# ------------------------------------------------------------------------------ input kinds


def frame(nested, value):
    return pd.DataFrame([{"query": q, "item": d, value: v} for q, inner in nested.items() for d, v in inner.items()])


def test_every_input_kind_gives_the_same_table(tmp_path):
    import ir_measures

    qrels, runs = random_case(11, queries=6, systems=2)
    paths = []
    for i, run in enumerate(runs):
        path = tmp_path / f"sys{i}.txt"
        path.write_text("".join(f"{q} Q0 {d} 0 {s!r} t\n" for q, inner in run.items() for d, s in inner.items()))
        paths.append(path)
    qrels_path = tmp_path / "qrels.txt"
    qrels_path.write_text("".join(f"{q} 0 {d} {g}\n" for q, inner in qrels.items() for d, g in inner.items()))
    kinds = {
        "dict": (qrels, runs),
        "path": (qrels_path, paths),
        "text path": (str(qrels_path), [str(p) for p in paths]),
        "bytes": (qrels_path.read_bytes(), [p.read_bytes() for p in paths]),
        "DataFrame": (frame(qrels, "rel"), [frame(r, "score") for r in runs]),
        "ir_measures": ([ir_measures.Qrel(q, d, g) for q, inner in qrels.items() for d, g in inner.items()],
                        [[ir_measures.ScoredDoc(q, d, s) for q, inner in r.items() for d, s in inner.items()]
                         for r in runs]),
        "Evaluation": (None, [evaluate(qrels, r, MEASURES) for r in runs]),
    }
    try:
        import ranx  # noqa: F401

        kinds["ranx"] = (to_ranx(qrels=qrels), [to_ranx(run=r) for r in runs])
    except ImportError:  # pragma: no cover
        pass
    tables = {}
    for kind, (q, rs) in kinds.items():
        result = experiment(q, rs, MEASURES, names=["a", "b"], baseline="a", trials=500)
        tables[kind] = result.to_dataframe()
    reference = tables.pop("dict")
    for kind, table in tables.items():
        pd.testing.assert_frame_equal(table, reference, check_exact=False, rtol=1e-12, obj=kind)


def test_default_names_come_from_files_and_ranx_runs():
    result = experiment(TREC / "qrels.txt", [TREC / "run_a.txt", str(TREC / "run_b.txt")], ["AP"])
    assert result.systems == ("run_a", "run_b")
    assert experiment({"q1": {"a": 1}, "q2": {"a": 1}}, [{"q1": {"a": 1}, "q2": {"a": 1}}], ["AP"],
                      ci="t").systems == ("run_1",)


def test_measures_as_ir_measures_objects_or_one_string():
    import ir_measures

    runs = [TREC / "run_a.txt", TREC / "run_b.txt"]
    assert experiment(TREC / "qrels.txt", runs, [ir_measures.nDCG @ 10, ir_measures.AP]).measures == ("nDCG@10", "AP")
    assert experiment(TREC / "qrels.txt", runs, "AP,P@5").measures == ("AP", "P@5")


def test_evaluation_objects_and_their_measures():
    evaluations = {name: evaluate(TREC / "qrels.txt", TREC / f"{name}.txt", ["AP", "nDCG@10", "P@5"])
                   for name in ("run_a", "run_b")}
    whole = experiment(None, evaluations, baseline="run_a")  # measures: those every Evaluation has
    assert whole.measures == ("AP", "nDCG@10", "P@5")
    one = experiment(None, evaluations, ["ndcg_cut_10"], baseline="run_a")  # trec_eval's name: nDCG@10
    assert one.measures == ("nDCG@10",)
    assert row(one, "run_b", "nDCG@10")["p"] == row(whole, "run_b", "nDCG@10")["p"]
    mixed = experiment(TREC / "qrels.txt", {"run_a": evaluations["run_a"], "run_b": TREC / "run_b.txt"}, ["AP"],
                       baseline=0)
    assert row(mixed, "run_b", "AP")["p"] == row(whole, "run_b", "AP")["p"]
    with pytest.raises(MetricsInputError, match=r"run 'run_a' is an Evaluation without RR \(it has AP, nDCG@10"):
        experiment(None, evaluations, ["AP", "RR"])
    with pytest.raises(MetricsInputError, match="qrels: needed"):
        experiment(None, {"a": evaluations["run_a"], "b": TREC / "run_b.txt"}, ["AP"])
    assert isinstance(evaluations["run_a"], Evaluation)


# ------------------------------------------------------------------------------ the query rule


def test_a_query_missing_from_a_run_is_left_out_by_default_and_zero_with_count_missing():
    qrels = {"q1": {"a": 1}, "q2": {"a": 1}, "q3": {"a": 1}}
    full = {q: {"a": 2.0, "b": 1.0} for q in qrels}  # RR 1 everywhere
    partial = {"q1": {"b": 2.0, "a": 1.0}, "q2": {"b": 2.0, "a": 1.0}}  # RR 0.5 on q1, q2; q3 missing
    common = experiment(qrels, {"full": full, "partial": partial}, ["RR"], baseline="full")
    assert row(common, "full", "RR")["n"] == 2 and row(common, "partial", "RR")["mean"] == 0.5
    assert common.dropped == {"RR": {"q3": ("partial",)}}
    assert "1 left out (not in every run): q3" in common.to_text()
    every = experiment(qrels, {"full": full, "partial": partial}, ["RR"], baseline="full", count_missing=True)
    r = row(every, "partial", "RR")
    assert r["n"] == 3 and r["mean"] == pytest.approx(1 / 3) and (r["wins"], r["ties"], r["losses"]) == (0, 0, 3)
    assert r["mean"] == pytest.approx(evaluate(qrels, partial, ["RR"], count_missing=True).aggregate["RR"])
    assert every.per_query().loc["RR"].to_dict("index") == {"q1": {"full": 1.0, "partial": 0.5},
                                                           "q2": {"full": 1.0, "partial": 0.5},
                                                           "q3": {"full": 1.0, "partial": 0.0}}
    assert list(common.per_query().loc["RR"].index) == ["q1", "q2"]
    import ir_measures  # PyTerrier's evaluator: a qrels query missing from the run is 0, as count_missing=True

    judged = [ir_measures.Qrel(q, "a", 1) for q in qrels]
    retrieved = [ir_measures.ScoredDoc(q, d, s) for q, inner in partial.items() for d, s in inner.items()]
    assert ir_measures.calc_aggregate([ir_measures.RR], judged, retrieved)[ir_measures.RR] == pytest.approx(r["mean"])


# ------------------------------------------------------------------------------ the outputs


def test_outputs_dataframe_wide_text_dict_json_csv():
    result = experiment(TREC / "qrels.txt", [TREC / "run_a.txt", TREC / "run_b.txt", TREC / "run_c.txt"],
                        ["AP", "nDCG@10"], baseline="run_b", trials=500)
    table = result.to_dataframe()
    assert list(table.columns) == list(COLUMNS) and len(table) == 6
    wide = result.to_dataframe(wide=True)
    assert list(wide["system"]) == ["run_a", "run_b", "run_c"]
    assert {"AP", "AP p", "AP p_adjusted", "AP +", "AP -", "AP d_z", "nDCG@10 +"} <= set(wide.columns)
    text = str(result)
    assert text == result.to_text() and "run_b (baseline)" in text and "Holm over each measure's comparisons" in text
    lines = text.splitlines()
    header = lines[0]
    assert all(len(line) <= len(header) for line in lines[1:7])  # aligned under one header
    data = json.loads(result.to_json())
    assert data["baseline"] == "run_b" and data["family"] == "measure" and len(data["rows"]) == 6
    baseline_row = next(r for r in data["rows"] if r["system"] == "run_b")
    assert baseline_row["p"] is None and baseline_row["wins"] is None
    assert result.to_csv().splitlines()[0] == ",".join(COLUMNS)
    assert "Experiment(3 systems × 2 measures, baseline run_b" in repr(result)


def test_a_tiny_p_prints_in_its_own_width_never_as_zero():
    """Run 2 finds the relevant document at rank 1 on every query, run 1 at ranks 2 to 5: every difference
    positive, t large, p below 0.0001 -> written 1e-05 style, not 0.0000 (a p of exactly 0 is written 0)."""
    qrels = {f"q{i}": {"r": 1} for i in range(20)}
    late = {f"q{i}": {**{f"x{j}": 10.0 - j for j in range(1 + i % 4)}, "r": 1.0} for i in range(20)}
    first = {f"q{i}": {"r": 2.0, "x0": 1.0} for i in range(20)}
    result = experiment(qrels, [late, first], ["RR"], baseline=0, ci="t")
    p = row(result, "run_2", "RR")["p"]
    assert 0 < p < 1e-4
    assert f"{p:.0e}" in result.to_text() and "0.0000" not in result.to_text()
    same = experiment(qrels, [late, {f"q{i}": {"r": 2.0} for i in range(20)}], ["P@1"], baseline=0, ci="t")
    assert row(same, "run_2", "P@1")["p"] == 0.0  # every difference 1: no spread, t infinite
    assert " 0  " in same.to_text().splitlines()[2] and same.to_text().splitlines()[2].endswith("+inf  *")


# ------------------------------------------------------------------------------ bad input


@pytest.mark.parametrize("kwargs, message", [
    ({"baseline": "bm25"}, r"unknown baseline 'bm25': the systems are run_a, run_b"),
    ({"baseline": 5}, r"baseline index 5 is out of range: 2 runs"),
    ({"test": "anova"}, r"unknown test 'anova'"),
    ({"correction": "sidak"}, r"unknown correction 'sidak'"),
    ({"family": "system"}, r"family must be 'measure' or 'all'"),
    ({"ci": "normal"}, r"unknown interval 'normal'"),
    ({"alpha": 1.5}, r"alpha must be between 0 and 1"),
    ({"names": ["x"]}, r"names: 1 names for 2 runs"),
    ({"names": ["x", "x"]}, r"two systems are named 'x'"),
])
def test_bad_arguments_are_refused_in_one_sentence(kwargs, message):
    with pytest.raises(MetricsInputError, match=message):
        experiment(TREC / "qrels.txt", [TREC / "run_a.txt", TREC / "run_b.txt"], ["AP"], **kwargs)


def test_bad_inputs_are_refused():
    with pytest.raises(MetricsInputError, match="a baseline needs another run to compare with: only 'run_a'"):
        experiment(TREC / "qrels.txt", [TREC / "run_a.txt"], ["AP"], baseline=0)
    with pytest.raises(MetricsInputError, match="measures: give at least one measure"):
        experiment(TREC / "qrels.txt", [TREC / "run_a.txt"])
    with pytest.raises(MetricsInputError, match="unknown measure 'XYZ'"):
        experiment(TREC / "qrels.txt", [TREC / "run_a.txt"], ["XYZ"])
    with pytest.raises(MetricsInputError, match="one run\\? put it in a list"):
        experiment(TREC / "qrels.txt", TREC / "run_a.txt", ["AP"])
    with pytest.raises(MetricsInputError, match="one run\\? put it in a list"):
        experiment({"q1": {"a": 1}}, {"q1": {"a": 1.0}}, ["AP"])
    with pytest.raises(MetricsInputError, match="runs: no run given"):
        experiment(TREC / "qrels.txt", [], ["AP"])
    with pytest.raises(MetricsInputError, match="run 'b': .*No queries with both results and relevance info"):
        experiment({"q1": {"a": 1}, "q2": {"a": 1}}, {"a": {"q1": {"a": 1.0}, "q2": {"a": 1.0}},
                                                      "b": {"q9": {"a": 1.0}}}, ["AP"])


# ------------------------------------------------------------------------------ compare_systems on Evaluations


def test_compare_systems_takes_evaluations():
    from metrics.statistics.multiple import compare_systems

    evaluations = {name: evaluate(TREC / "qrels.txt", TREC / f"{name}.txt", ["AP", "nDCG@10"])
                   for name in ("run_a", "run_b", "run_c")}
    by_evaluation = compare_systems(evaluations, measure="ndcg_cut_10")  # trec_eval's name of nDCG@10
    by_dict = compare_systems({name: ev.to_dict()["nDCG@10"] for name, ev in evaluations.items()})
    assert by_evaluation.measure == "nDCG@10"
    assert [p.p for p in by_evaluation.pairs] == [p.p for p in by_dict.pairs]
    one = {name: evaluate(TREC / "qrels.txt", TREC / f"{name}.txt", ["AP"]) for name in ("run_a", "run_b")}
    assert compare_systems(one).measure == "AP"  # the only measure
    with pytest.raises(MetricsInputError, match="several measures: say which with measure="):
        compare_systems(evaluations)
    with pytest.raises(MetricsInputError, match=r"run 'run_a' is an Evaluation without RR \(it has AP, nDCG@10\)"):
        compare_systems(evaluations, measure="RR")
    with pytest.raises(MetricsInputError, match="every run as an Evaluation, or none"):
        compare_systems({"a": evaluations["run_a"], "b": {"101": 0.5, "102": 0.25}}, measure="AP")
