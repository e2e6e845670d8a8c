"""ranx's measure names in ``evaluate`` (issue 35): ``hit_rate@5``, ``ndcg_burges@10``, ``precision@5-l2`` name the
measure here that gives ranx's number, checked against ranx itself on random collections; the names ranx has and this
package lacks (``hits``, ``rbp.95``) are refused with the reason, never read as something close."""

from __future__ import annotations

import random

import pytest

from metrics import MetricsInputError, evaluate
from metrics.cli import main
from metrics.measures.names import MEASURES, RANX_NAMES, RANX_REFUSED, parse_measure

ranx = pytest.importorskip("ranx", reason="ranx is in the test extras (pyproject.toml); install it")


def collection(rng: random.Random) -> tuple[dict, dict]:
    """Qrels (integer grades 0-3, every query with a judged non-relevant item and a relevant one at every level:
    ranx's bpref divides by the minimum of their counts, and a query with none relevant at the level makes that a
    division by zero that zeroes the bpref of the queries ranx computes after it, measured with ranx 0.3.21) and a run
    over the same queries, its scores all different (ranx and trec_eval order ties differently:
    :mod:`metrics.conventions` covers that)."""
    qrels, run = {}, {}
    for q in range(rng.randint(1, 6)):
        docs = [f"d{i}" for i in rng.sample(range(30), rng.randint(3, 15))]
        grades = {doc: rng.choice([0, 0, 1, 2, 3]) for doc in docs if rng.random() < 0.7}
        grades[f"p{q}"] = 3  # relevant at every level, possibly unretrieved (see below)
        grades[f"n{q}"] = 0
        qrels[f"q{q}"] = grades
        retrieved = docs + ([f"n{q}"] if rng.random() < 0.5 else [])
        scores = rng.sample(range(1, 1000), len(retrieved))
        run[f"q{q}"] = {doc: float(score) for doc, score in zip(retrieved, scores)}
    return qrels, run


def ranx_spellings(rng: random.Random) -> list[str]:
    """Every ranx name known here, with a random cut-off where ranx takes one and a random relevance level."""
    names = []
    for name, (canonical, _) in sorted(RANX_NAMES.items()):
        k = f"@{rng.randint(1, 12)}" if name not in ("r-precision", "bpref") else ""
        level = rng.choice(["", "-l1", "-l2", "-l3"]) if "rel" in MEASURES[canonical].param_names else ""
        names.append(f"{name}{k}{level}")
    return names


@pytest.mark.slow  # ranx compiles its measures with numba on first use
@pytest.mark.parametrize("seed", range(20))
def test_ranx_names_give_ranx_numbers(seed):
    rng = random.Random(seed)
    qrels, run = collection(rng)
    names = ranx_spellings(rng)
    ours = evaluate(qrels, run, names).aggregate
    theirs = ranx.evaluate(ranx.Qrels(qrels), ranx.Run(run), names)
    for name in names:
        assert ours[str(parse_measure(name))] == pytest.approx(theirs[name], abs=1e-12), (name, qrels, run)


@pytest.mark.parametrize(("text", "meant"), [
    ("hit_rate@5", "Success@5"), ("ndcg_burges@10", "nDCG(gain=exp)@10"), ("precision@5-l2", "P(rel=2)@5"),
    ("r-precision", "Rprec"), ("map@5-l3", "AP(rel=3)@5"), ("ndcg@3-l1", "nDCG@3"), ("mrr@10", "RR@10"),
    ("f1@4-l2", "F1(rel=2)@4"), ("recall@7", "R@7"), ("bpref-l2", "Bpref(rel=2)"), ("dcg@5", "DCG@5"),
    ("dcg_burges@3", "DCG(gain=exp)@3"), ("dcg", "DCG")])
def test_a_ranx_name_is_the_measure_that_gives_ranx_s_number(text, meant):
    assert str(parse_measure(text)) == meant


@pytest.mark.parametrize(("text", "reason"), [
    ("hits@5", "k × P@k"), ("rbp.95", "weighing each rank by its grade"), ("rbp@95", "RBP@10 a cut-off"),
    ("dcg_burges@5-l2", "DCG here has no relevance level"), ("ndcg@5-l2", "no relevance level"),
    ("hit_rate", "Success needs a cut-off"), ("precision.5", "ranx's names known here")])
def test_ranx_names_without_an_equal_here_are_refused_with_the_reason(text, reason):
    with pytest.raises(MetricsInputError, match=rf"^bad measure {text!r}: .*") as refused:
        parse_measure(text)
    assert reason in str(refused.value)


def test_every_refused_ranx_name_is_one_ranx_has():
    known = {"hits", "hit_rate", "precision", "recall", "f1", "r-precision", "mrr", "map", "ndcg", "ndcg_burges",
             "dcg", "dcg_burges", "bpref", "rbp"}  # ranx.metrics.metric_switch's names
    for name in known:
        assert callable(ranx.metrics.metric_switch(name)), name
    assert set(RANX_REFUSED) | set(RANX_NAMES) == known


def test_the_command_line_takes_ranx_names(tmp_path, capsys):
    qrels, run = tmp_path / "qrels", tmp_path / "run"
    qrels.write_text("q1 0 a 1\nq1 0 b 0\n")
    run.write_text("q1 Q0 b 1 2.0 t\nq1 Q0 a 2 1.0 t\n")
    assert main(["evaluate", str(qrels), str(run), "-m", "hit_rate@1", "-m", "hit_rate@2"]) == 0
    out = capsys.readouterr().out
    assert "Success@1" in out and "Success@2" in out
    assert [line.split()[-1] for line in out.splitlines()] == ["0.0000", "1.0000"]
    assert main(["evaluate", str(qrels), str(run), "-m", "hits@2"]) == 2
    assert "k × P@k" in capsys.readouterr().err
