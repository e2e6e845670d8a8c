"""The ir_measures preset against the real ir_measures (its providers: pytrec_eval, msmarco for RR@k, cwl_eval for
RBP), the solver naming ir_measures for ir_measures' own numbers, and the mean over every judged query (ir_measures,
ranx)."""

from __future__ import annotations

import random

import ir_measures  # a test requirement (pyproject.toml's test extra): the real library, never skipped
import pandas as pd
import pytest

from metrics.conventions import PRESETS, compare_runs, find_conventions, score_under

IRM = PRESETS["ir_measures"]


def tied_board(rng: random.Random):
    """A random ranking with many tied (and 32-bit tied) scores and integer grades (pytrec_eval refuses real ones);
    item ids not in score order, so every tie rule reads a different list."""
    n = rng.randint(2, 12)
    ranking = [f"d{i:02d}" for i in rng.sample(range(40), n)]
    scores = [rng.choice([0.5, 1.0, 1.0 + 1e-9, 2.0, 2.0, 3.0]) for _ in ranking]
    grades = {item: rng.choice([0, 0, 1, 2, 3]) for item in ranking if rng.random() < 0.8}
    grades |= {f"p{i}": rng.choice([0, 1, 2]) for i in range(rng.randint(0, 2))}
    if not any(grades.values()):
        grades[ranking[-1]] = 1
    return ranking, grades, rng.randint(1, n), scores


def ir_measures_numbers(ranking, grades, k, scores) -> dict[str, float]:
    """ir_measures' own numbers for one query, keyed as ``score_under`` labels them."""
    from ir_measures import AP, RBP, RR, P, R, nDCG

    qrels = [ir_measures.Qrel("q", item, int(grade)) for item, grade in grades.items()]
    run = [ir_measures.ScoredDoc("q", item, score) for item, score in zip(ranking, scores)]
    measures = {f"nDCG@{k}": nDCG @ k, f"AP@{k}": AP @ k, f"RR@{k}": RR @ k, f"P@{k}": P @ k, f"R@{k}": R @ k,
                "RR": RR, "RBP": RBP(rel=1)}  # RBP: cwl_eval
    got = {str(m.measure): m.value for m in ir_measures.iter_calc(list(measures.values()), qrels, run)}
    return {label: got.get(str(measure), 0.0) for label, measure in measures.items()}


@pytest.mark.parametrize("seed", range(12))
def test_ir_measures_preset_is_ir_measures(seed):
    ranking, grades, k, scores = tied_board(random.Random(seed))
    want = ir_measures_numbers(ranking, grades, k, scores)
    got = score_under(IRM, ranking, grades, k, scores)
    for label, value in got.items():
        assert value == pytest.approx(want[label], abs=1e-9), label
    # RR without a cut-off is pytrec_eval's recip_rank
    rr = score_under(PRESETS["pytrec_eval"], ranking, grades, k, scores)["RR"]
    assert rr == pytest.approx(want["RR"], abs=1e-9)


def test_rr_at_k_breaks_ties_by_item_id_ascending():
    """msmarco's provider sorts by (-score, doc id): of three tied items the smallest id comes first."""
    ranking, scores, grades = ["c", "b", "a"], [1.0, 1.0, 1.0], {"a": 1}
    assert ir_measures_numbers(ranking, grades, 2, scores)["RR@2"] == 1.0
    assert score_under(IRM, ranking, grades, 2, scores)["RR@2"] == 1.0
    assert score_under(PRESETS["pytrec_eval"], ranking, grades, 2, scores)["RR"] == pytest.approx(1 / 3)


@pytest.mark.parametrize("seed", range(12))
def test_the_solver_names_ir_measures_for_its_own_numbers(seed):
    ranking, grades, k, scores = tied_board(random.Random(100 + seed))
    want = ir_measures_numbers(ranking, grades, k, scores)
    for measure in ("nDCG", "AP", "RR", "P", "R"):
        value = want[f"{measure}@{k}"]
        names = [c.name for c in find_conventions(measure, value, ranking, grades, k, scores)]
        assert "ir_measures" in names, (measure, value, names)


def run_with_missing_queries():
    """Six judged queries, q0 and q3 missing from the run: qrels and run DataFrames and their dicts."""
    rng = random.Random(5)
    judged, ranked = {}, {}
    for q in range(6):
        ranking, grades, _, scores = tied_board(rng)
        judged[f"q{q}"] = grades
        if q % 3:  # q0 and q3 are judged but missing from the run
            ranked[f"q{q}"] = dict(zip(ranking, scores))
    qrels = pd.DataFrame([(q, item, g) for q, grades in judged.items() for item, g in grades.items()],
                         columns=["query", "item", "rel"])
    run = pd.DataFrame([(q, item, s) for q, items in ranked.items() for item, s in items.items()],
                       columns=["query", "item", "score"])
    return qrels, run, judged, ranked


def test_ir_measures_averages_over_every_judged_query():
    """A query in the qrels but not in the run scores 0 in ir_measures' mean; trec_eval leaves it out."""
    qrels, run, judged, ranked = run_with_missing_queries()
    k = 3
    result = compare_runs(qrels, run, k)
    assert result.missing == ("q0", "q3")
    assert IRM.queries == PRESETS["ranx"].queries == "judged" and PRESETS["trec_eval"].queries == "run"
    from ir_measures import RR, P, nDCG

    irm = ir_measures.calc_aggregate([nDCG @ k, P @ k, RR @ k], [
        ir_measures.Qrel(q, item, int(g)) for q, grades in judged.items() for item, g in grades.items()], [
        ir_measures.ScoredDoc(q, item, s) for q, items in ranked.items() for item, s in items.items()])
    assert result.means["ir_measures"]["nDCG"] == pytest.approx(irm[nDCG @ k], abs=1e-9)
    assert result.means["ir_measures"]["P"] == pytest.approx(irm[P @ k], abs=1e-9)
    assert result.means["ir_measures"]["RR"] == pytest.approx(irm[RR @ k], abs=1e-9)
    # trec_eval: the four queries of both files only
    per_query = [result.per_query[q]["trec_eval"]["P"] for q in result.queries]
    assert result.queries == ("q1", "q2", "q4", "q5")
    assert result.means["trec_eval"]["P"] == pytest.approx(sum(per_query) / 4)


@pytest.mark.slow  # ranx compiles its numba kernels on first use (about 40 s)
def test_ranx_averages_over_every_judged_query():
    import ranx
    qrels, run, judged, ranked = run_with_missing_queries()
    k = 3
    result = compare_runs(qrels, run, k)
    want = ranx.evaluate(ranx.Qrels({q: {i: int(g) for i, g in grades.items()} for q, grades in judged.items()}),
                         ranx.Run(ranked), [f"precision@{k}", f"recall@{k}"], make_comparable=True)
    assert result.means["ranx"]["P"] == pytest.approx(want[f"precision@{k}"], abs=1e-9)
    assert result.means["ranx"]["R"] == pytest.approx(want[f"recall@{k}"], abs=1e-9)
    assert result.means["ranx"]["P"] == pytest.approx(sum(result.per_query[q]["ranx"]["P"]
                                                          for q in result.queries) / 6)
