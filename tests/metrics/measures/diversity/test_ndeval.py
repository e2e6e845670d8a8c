"""The diversity measures equal ndeval's (pyndeval, and ir_measures' pyndeval provider) on random diversity cases:
several graded subtopics, documents relevant to several, runs with tied scores, unjudged documents and queries
missing from one side."""

from __future__ import annotations

import random

import pytest

from metrics.batch.diversity import evaluate_diversity

pyndeval = pytest.importorskip("pyndeval")
ir_measures = pytest.importorskip("ir_measures")

CUTS = (1, 2, 3, 5, 10, 20)
OURS = [f"alpha-nDCG@{k}" for k in CUTS] + [f"ERR-IA@{k}" for k in CUTS] + [f"S-recall@{k}" for k in CUTS] + ["NRBP"]
THEIRS = {f"alpha-nDCG@{k}": f"alpha-nDCG@{k}" for k in CUTS} | {f"ERR-IA@{k}": f"ERR-IA@{k}" for k in CUTS} \
    | {f"S-recall@{k}": f"strec@{k}" for k in CUTS} | {"NRBP": "NRBP"}


def random_case(rng: random.Random):
    """Subtopic qrels and a run over a few queries; docids with a shared prefix and a non-ASCII one, so that tie
    orders matter."""
    qrels, run = [], []
    for q in range(rng.randint(1, 4)):
        query = str(q + 1)
        docs = [f"d{i}" for i in range(rng.randint(1, 25))] + (["é1"] if rng.random() < 0.3 else [])
        subtopics = [str(s) for s in rng.sample(range(1, 9), rng.randint(1, 6))]
        if rng.random() < 0.85:  # else: a query only in the run
            for doc in docs:
                if rng.random() < 0.7:
                    for s in rng.sample(subtopics, rng.randint(1, len(subtopics))):
                        qrels.append((query, s, doc, rng.choice([0, 0, 1, 1, 2, 3])))
        if rng.random() < 0.85:  # else: a query only in the qrels
            pool = docs + [f"u{i}" for i in range(rng.randint(0, 6))]  # unjudged
            scores = [1.0, 2.0, 3.0]  # many ties
            for doc in rng.sample(pool, rng.randint(1, len(pool))):
                run.append((query, doc, rng.choice(scores) if rng.random() < 0.6 else round(rng.random(), 3)))
    if not qrels:
        qrels.append(("1", "1", "d0", 1))
    return qrels, run


def judgments_of(qrels):
    out: dict = {}
    for query, subtopic, doc, grade in qrels:
        out.setdefault(query, {}).setdefault(doc, {})[subtopic] = grade
    return out


def run_of(run):
    out: dict = {}
    for query, doc, score in run:
        out.setdefault(query, {})[doc] = score
    return out


def reference(qrels, run, alpha=0.5, beta=0.5):
    evaluator = pyndeval.RelevanceEvaluator(qrels, list(dict.fromkeys(THEIRS.values())), alpha=alpha, beta=beta)
    return evaluator.evaluate(sorted(run))


def check(seed: int, alpha: float = 0.5, beta: float = 0.5) -> None:
    rng = random.Random(seed)
    qrels, run = random_case(rng)
    measures = [m if (alpha, beta) == (0.5, 0.5) or m.startswith("S-recall") else
                m.replace("@", f"(alpha={alpha})@") if "@" in m else f"NRBP(alpha={alpha},beta={beta})" for m in OURS]
    ours = evaluate_diversity(judgments_of(qrels), run_of(run), measures)
    theirs = reference(qrels, run, alpha, beta)
    assert set(ours.per_query) == set(theirs), seed
    for query, values in theirs.items():
        for mine, name in zip(measures, OURS):
            assert ours.per_query[query][mine] == pytest.approx(values[THEIRS[name]], abs=1e-9), (seed, query, name)


@pytest.mark.parametrize("seed", range(150))
def test_equal_to_pyndeval(seed):
    check(seed)


@pytest.mark.parametrize("seed", range(20))
@pytest.mark.parametrize("alpha, beta", [(0.3, 0.9), (1.0, 0.5), (0.0, 0.2)])
def test_equal_to_pyndeval_at_other_alpha_and_beta(seed, alpha, beta):
    check(1000 + seed, alpha, beta)


@pytest.mark.slow
def test_a_larger_sweep():
    for seed in range(2000, 3000):
        check(seed)


def test_equal_to_ir_measures_names_and_means():
    rng = random.Random(7)
    qrels, run = random_case(rng)
    while len({q for q, *_ in qrels} & {q for q, *_ in run}) < 2 or not {q for q, *_ in qrels} - {q for q, *_ in run}:
        qrels, run = random_case(rng)
    names = {"alpha-nDCG@20": "alpha_nDCG@20", "ERR-IA@20": "ERR_IA@20", "NRBP": "NRBP", "S-recall@20": "StRecall@20"}
    records = [ir_measures.Qrel(q, d, g, s)
               for q, s, d, g in qrels]
    measures = [ir_measures.parse_measure(n) for n in names.values()]
    runs = [ir_measures.ScoredDoc(q, d, s) for q, d, s in run]
    provider = ir_measures.providers.registry["pyndeval"]
    theirs = {(m.query_id, str(m.measure)): m.value for m in provider.iter_calc(measures, records, runs)}
    aggregate = provider.calc_aggregate(measures, records, runs)
    # ir_measures scores a query of the qrels missing from the run 0 and counts it: ndeval -c, complete=True
    ours = evaluate_diversity(judgments_of(qrels), run_of(run), complete=True)
    for (query, measure), value in theirs.items():
        mine = {v: k for k, v in names.items()}[measure]
        assert ours.per_query.get(query, {}).get(mine, 0.0) == pytest.approx(value, abs=1e-9)
    assert set(theirs) > {(q, m) for q in ours.per_query for m in names.values()}  # a query missing from the run
    for measure, value in aggregate.items():
        assert ours.mean[{v: k for k, v in names.items()}[str(measure)]] == pytest.approx(value, abs=1e-9)
