"""RBP under the presets against the real libraries, on rankings with tied scores and graded qrels.

What the libraries do (measured, ir_measures 0.4.3 with cwl_eval 1.0.12, ranx 0.3.21):

* ir_measures ``RBP(p, rel=1)`` goes to the cwl_eval provider (no provider answers ``RBP`` without ``rel`` unless
  trectools is installed). r_i is binary (grade ≥ rel). The run is sorted by Python's stable ``sorted`` on the
  score alone: equal scores keep the run's input order (the file's, a dict's, a DataFrame's), scores compared as
  64-bit floats (1 and 1 + 1e-9 do not tie). cwl_eval reads the first 1000 ranks and scales the weights to sum to
  1 there: (1 − p)/(1 − p^1000).
* ranx ``rbp.8`` (``rbp.95``, ``rbp@8``; ``-l2`` sets the relevance level): r_i is the grade of an item with
  grade ≥ the level (int64 qrels: 1.7 counts 1), so RBP can pass 1; the whole list, no cut-off; ties as its
  other measures (numba's quicksort: input order up to 15 items, not beyond).
* trec_eval 9.x, pytrec_eval: no RBP.
"""

from __future__ import annotations

import random
from dataclasses import replace

import ir_measures  # a test requirement: the real library, never skipped
import pytest

from metrics.conventions import PRESETS, Convention, Interval, compare_runs, score_under, tie_rule
from metrics.measures.rbp import rank_biased_precision

ranx = pytest.importorskip("ranx")

IRM, RANX = PRESETS["ir_measures"], PRESETS["ranx"]
N_QUERIES = 200


def tied_query(rng: random.Random, most: int = 15):
    """A ranking of 2..``most`` items whose scores take a few values (and a 1e-9 gap, a tie in 32 bits only),
    graded qrels with unjudged items and relevant items outside the list."""
    n = rng.randint(2, most)
    ranking = [f"d{i:03d}" for i in rng.sample(range(300), n)]
    scores = [rng.choice([0.5, 1.0, 1.0, 1.0 + 1e-9, 2.0, 2.0, 3.0]) for _ in ranking]
    grades = {item: rng.choice([0, 0, 1, 2, 3]) for item in ranking if rng.random() < 0.8}
    grades |= {f"p{i}": rng.choice([0, 1, 2]) for i in range(rng.randint(0, 2))}
    return ranking, grades, scores


def queries(seed: int, n: int = N_QUERIES, most: int = 15) -> dict[str, tuple]:
    rng = random.Random(seed)
    return {f"q{i:03d}": tied_query(rng, most) for i in range(n)}


def ir_measures_rbp(cases: dict, p: float = 0.8, rel: int = 1) -> tuple[dict[str, float], float]:
    """ir_measures' RBP(p, rel) per query (the run listed query by query, each in its input order) and its mean."""
    qrels = [ir_measures.Qrel(q, item, grade) for q, (_, grades, _) in cases.items() for item, grade in grades.items()]
    run = [ir_measures.ScoredDoc(q, item, score) for q, (ranking, _, scores) in cases.items()
           for item, score in zip(ranking, scores)]
    measure = ir_measures.RBP(p=p, rel=rel)
    per_query = {m.query_id: m.value for m in ir_measures.iter_calc([measure], qrels, run)}
    return per_query, ir_measures.calc_aggregate([measure], qrels, run)[measure]


def ranx_rbp(cases: dict, name: str = "rbp.8") -> tuple[dict[str, float], float]:
    """ranx's ``name`` per query and its mean (Qrels and Run objects: ranx's evaluate refuses plain dicts)."""
    qrels = ranx.Qrels({q: {item: grade for item, grade in grades.items()} for q, (_, grades, _) in cases.items()})
    run = ranx.Run({q: dict(zip(ranking, scores)) for q, (ranking, _, scores) in cases.items()})
    mean = ranx.evaluate(qrels, run, name)
    return {q: float(v) for q, v in run.scores[name].items()}, float(mean)


def test_ir_measures_preset_is_ir_measures_rbp_with_ties():
    """200 random tied queries: the preset's RBP is cwl_eval's (input order among ties, binary, 64-bit scores), per
    query and in the mean."""
    cases = queries(0)
    want, mean = ir_measures_rbp(cases)
    got = {q: score_under(IRM, ranking, grades, 5, scores)["RBP"] for q, (ranking, grades, scores) in cases.items()}
    assert set(got) == set(want)
    for q in cases:
        assert got[q] == pytest.approx(want[q], abs=1e-12), q
    assert sum(got.values()) / len(got) == pytest.approx(mean, abs=1e-12)
    # ties decide: read by item id descending (trec_eval's rule), most queries would differ
    trec = replace(IRM, ties="trec")
    moved = sum(abs(score_under(trec, r, g, 5, s)["RBP"] - want[q]) > 1e-12 for q, (r, g, s) in cases.items())
    assert moved > len(cases) // 3


def test_ranx_preset_is_ranx_rbp_with_ties():
    """200 random tied queries of at most 15 items (numba's insertion sort keeps the input order): the preset's RBP
    is ranx's graded rbp.8, per query and in the mean."""
    cases = queries(1)
    want, mean = ranx_rbp(cases)
    got = {q: score_under(RANX, ranking, grades, 5, scores)["RBP"] for q, (ranking, grades, scores) in cases.items()}
    for q in cases:
        assert got[q] == pytest.approx(want[q], abs=1e-12), q
    assert sum(got.values()) / len(got) == pytest.approx(mean, abs=1e-12)
    binary = replace(RANX, rbp_gain="binary")  # graded: r_i is the grade, up to 3
    assert sum(abs(score_under(binary, r, g, 5, s)["RBP"] - want[q]) > 1e-12 for q, (r, g, s) in cases.items()) > 50


@pytest.mark.parametrize(("p", "name"), [(0.5, "rbp.5"), (0.95, "rbp.95")])
def test_other_persistence(p, name):
    cases = queries(2, n=60)
    irm, _ = ir_measures_rbp(cases, p=p)
    rx, _ = ranx_rbp(cases, name)
    for q, (ranking, grades, scores) in cases.items():
        assert score_under(replace(IRM, rbp_p=p), ranking, grades, 3, scores)["RBP"] == pytest.approx(irm[q], abs=1e-12)
        assert score_under(replace(RANX, rbp_p=p), ranking, grades, 3, scores)["RBP"] == pytest.approx(rx[q], abs=1e-12)


def test_relevance_level_two():
    """ir_measures RBP(rel=2) and ranx rbp.8-l2: the preset with threshold 2."""
    cases = queries(3, n=60)
    irm, _ = ir_measures_rbp(cases, rel=2)
    rx, _ = ranx_rbp(cases, "rbp.8-l2")
    for q, (ranking, grades, scores) in cases.items():
        assert score_under(replace(IRM, threshold=2), ranking, grades, 3, scores)["RBP"] == pytest.approx(irm[q],
                                                                                                           abs=1e-12)
        assert score_under(replace(RANX, threshold=2), ranking, grades, 3, scores)["RBP"] == pytest.approx(rx[q],
                                                                                                            abs=1e-12)


def test_ranx_beyond_15_items_is_within_the_interval():
    """Beyond 15 items numba's quicksort moves tied items: the preset gives the exact range, and ranx's number lies
    in it."""
    cases = queries(4, n=40, most=40)
    want, _ = ranx_rbp(cases)
    ranges = 0
    for q, (ranking, grades, scores) in cases.items():
        got = score_under(RANX, ranking, grades, 5, scores)["RBP"]
        assert tie_rule(RANX, len(ranking), "RBP") == ("as_given" if len(ranking) <= 15 else "undefined")
        if isinstance(got, Interval):
            ranges += 1
            assert got.contains(want[q], 1e-12), (q, got, want[q])
        else:
            assert got == pytest.approx(want[q], abs=1e-12), q
    assert ranges > 10


def test_cwl_eval_reads_1000_ranks_with_weights_summing_to_one():
    """p = 0.99 on 1200 relevant items: cwl_eval's 1.0 (weights scaled over 1000 ranks), ranx's 1 − p^1200."""
    ranking = [f"d{i:04d}" for i in range(1200)]
    grades = dict.fromkeys(ranking, 1)
    scores = [float(1200 - i) for i in range(1200)]
    cases = {"q": (ranking, grades, scores)}
    irm, _ = ir_measures_rbp(cases, p=0.99)
    got = score_under(replace(IRM, rbp_p=0.99), ranking, grades, 10, scores)["RBP"]
    assert got == pytest.approx(irm["q"], abs=1e-12) and got == pytest.approx(1.0, abs=1e-12)
    assert score_under(replace(RANX, rbp_p=0.99), ranking, grades, 10, scores)["RBP"] == pytest.approx(
        1 - 0.99 ** 1200, abs=1e-12)


def test_a_tie_changes_rbp_by_hand():
    """Four items tied at 1.0 in the file order a, b, c, d; a has grade 1, c grade 2.

    ir_measures (cwl_eval) reads a, b, c, d: 0.2·(1 + 0.8²) = 0.328. trec_eval's rule (item id descending) reads
    d, c, b, a: 0.2·(0.8 + 0.8³) = 0.2624. ranx reads a, b, c, d with r_i the grade: 0.2·(1 + 2·0.8²) = 0.456."""
    ranking, grades, scores = ["a", "b", "c", "d"], {"a": 1, "b": 0, "c": 2, "d": 0}, [1.0] * 4
    assert score_under(IRM, ranking, grades, 2, scores)["RBP"] == pytest.approx(0.328, abs=1e-15)
    trec = Convention("trec-ish", offers=("nDCG", "AP", "RR", "P", "R", "RBP"))
    assert score_under(trec, ranking, grades, 2, scores)["RBP"] == pytest.approx(0.2624, abs=1e-15)
    assert score_under(RANX, ranking, grades, 2, scores)["RBP"] == pytest.approx(0.456, abs=1e-15)
    assert ir_measures_rbp({"q": (ranking, grades, scores)})[0]["q"] == pytest.approx(0.328, abs=1e-15)
    assert ranx_rbp({"q": (ranking, grades, scores)})[0]["q"] == pytest.approx(0.456, abs=1e-15)
    # the same file with the tied items listed d, c, b, a: ir_measures follows the file
    assert score_under(IRM, ranking[::-1], grades, 2, scores)["RBP"] == pytest.approx(0.2624, abs=1e-15)


@pytest.mark.parametrize("seed", range(20))
def test_trec_rule_keeps_item_id_descending(seed):
    """A convention with trec_eval's tie rule reads RBP by score, then item id descending: metrics' own RBP on that
    order (binary, as ``RBP(rel=1)``), whatever the input order."""
    ranking, grades, scores = tied_query(random.Random(seed))
    trec = Convention("trec-ish", offers=("nDCG", "AP", "RR", "P", "R", "RBP"))
    assert tie_rule(trec, len(ranking), "RBP") == "trec"
    order = sorted(range(len(ranking)), key=lambda i: (scores[i], ranking[i]), reverse=True)
    want = rank_biased_precision([grades.get(ranking[i], 0) for i in order], p=0.8)
    shuffled = list(range(len(ranking)))
    random.Random(seed).shuffle(shuffled)
    for positions in (range(len(ranking)), shuffled):
        got = score_under(trec, [ranking[i] for i in positions], grades, 3, [scores[i] for i in positions])["RBP"]
        assert got == pytest.approx(want, abs=1e-12)


def test_presets_without_rbp_do_not_report_it():
    ranking, grades, scores = ["a", "b"], {"a": 1}, [1.0, 1.0]
    for key, convention in PRESETS.items():
        result = score_under(convention, ranking, grades, 2, scores)
        assert ("RBP" in result) == (key in ("ir_measures", "ranx")), key
    assert tie_rule(IRM, 2, "RBP") == "as_given" and tie_rule(IRM, 2, "nDCG") == "trec"


def test_compare_runs_means_are_the_libraries_means():
    """A whole run with ties, one judged query missing from it: compare_runs' RBP means are ir_measures' and ranx's
    (both average over every judged query, a missing one counting 0)."""
    import pandas as pd

    cases = queries(5, n=50)
    qrels = pd.DataFrame([(q, item, grade) for q, (_, grades, _) in cases.items() for item, grade in grades.items()]
                         + [("q_missing", "x", 1)], columns=["query_id", "doc_id", "relevance"])
    run = pd.DataFrame([(q, item, score) for q, (ranking, _, scores) in cases.items()
                        for item, score in zip(ranking, scores)], columns=["query_id", "doc_id", "score"])
    comparison = compare_runs(qrels, run, 5)
    per_query, _ = ir_measures_rbp(cases)
    measure = ir_measures.RBP(rel=1)
    mean = ir_measures.calc_aggregate([measure], qrels, run)[measure]
    assert comparison.means["ir_measures"]["RBP"] == pytest.approx(mean, abs=1e-12)
    assert comparison.means["ir_measures"]["RBP"] == pytest.approx(sum(per_query.values()) / 51, abs=1e-12)
    ranx_per_query, _ = ranx_rbp(cases)
    assert comparison.means["ranx"]["RBP"] == pytest.approx(sum(ranx_per_query.values()) / 51, abs=1e-12)
    assert "RBP" not in comparison.means["trec_eval"]
    assert [q for q, _ in comparison.spread["RBP"]][:1] and len(comparison.spread["RBP"]) == 50


def test_evaluate_keeps_trec_eval_s_order_and_the_preset_names_the_gap():
    """metrics.evaluate's RBP (issue 35: "we sort by docid descending") is the trec rule's; ir_measures' differs on
    tied queries, and its preset says by how much."""
    import pandas as pd

    import metrics

    cases = queries(6, n=50)
    qrels = pd.DataFrame([(q, item, grade) for q, (_, grades, _) in cases.items() for item, grade in grades.items()],
                         columns=["query_id", "doc_id", "relevance"])
    run = pd.DataFrame([(q, item, score) for q, (ranking, _, scores) in cases.items()
                        for item, score in zip(ranking, scores)], columns=["query_id", "doc_id", "score"])
    ours = metrics.evaluate(qrels, run, ["RBP"]).per_query["RBP"]
    trec = Convention("trec-ish", offers=("nDCG", "AP", "RR", "P", "R", "RBP"))
    irm, _ = ir_measures_rbp(cases)
    for q, (ranking, grades, scores) in cases.items():
        assert float(ours[q]) == pytest.approx(score_under(trec, ranking, grades, 5, scores)["RBP"], abs=1e-12), q
    assert sum(abs(float(ours[q]) - irm[q]) > 1e-12 for q in cases) > len(cases) // 3


@pytest.mark.parametrize("gain", ["binary", "linear"])
def test_other_tie_rules_for_rbp_against_every_order(gain):
    """RBP under the rules no RBP library uses yet: ``"average"`` is the mean over every order of the tied items,
    ``"undefined"`` the exact range over them (and ``attained`` every value)."""
    import itertools

    from metrics.conventions.scoring import Board, attained

    offers = ("nDCG", "AP", "RR", "P", "R", "RBP")
    rng = random.Random(7)
    for _ in range(30):
        n = rng.randint(2, 6)
        ranking = [f"d{i}" for i in range(n)]
        grades = {d: rng.choice([0, 1, 2, 3]) for d in ranking}
        scores = [float(rng.randint(0, 2)) for _ in ranking]
        given = Convention("given", ties="as_given", offers=offers, rbp_gain=gain)
        values = [score_under(given, [ranking[i] for i in order], grades, 2, [scores[i] for i in order])["RBP"]
                  for order in itertools.permutations(range(n))]
        average = score_under(Convention("avg", ties="average", offers=offers, rbp_gain=gain), ranking, grades, 2,
                              scores)["RBP"]
        assert average == pytest.approx(sum(values) / len(values), abs=1e-12)
        undefined = Convention("any", ties="undefined", offers=offers, rbp_gain=gain)
        got = score_under(undefined, ranking, grades, 2, scores)["RBP"]
        low, high = (got, got) if not isinstance(got, Interval) else got
        assert (low, high) == pytest.approx((min(values), max(values)), abs=1e-12)
        reached = attained(undefined, Board.of(ranking, grades, 2, scores), "RBP")
        assert (min(reached), max(reached)) == pytest.approx((min(values), max(values)), abs=1e-12)
        assert all(any(abs(v - w) <= 1e-12 for w in values) for v in reached)
