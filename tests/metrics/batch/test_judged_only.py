"""``evaluate``'s judged-only lists, trec_eval's ``-J`` (issue 35): in Python (``judged_only=True``) and on the
command line (``-J``), each query's values equal the real trec_eval's ``-J`` on random collections with unjudged
documents; a query whose documents are all unjudged still counts (nothing retrieved), and a document listed twice is
refused even when unjudged, as trec_eval checks before ``-J``."""

from __future__ import annotations

import io
import json
import random
import warnings

import pytest

from metrics import MetricsInputError, evaluate
from metrics.cli import main
from tests.trec_eval_binaries import binary_values

#: our measure -> trec_eval's -m argument and printed name
MEASURES = {"AP": ("map", "map"), "P@5": ("P.5", "P_5"), "nDCG@10": ("ndcg_cut.10", "ndcg_cut_10"),
            "RR": ("recip_rank", "recip_rank"), "Rprec": ("Rprec", "Rprec"), "Bpref": ("bpref", "bpref"),
            "NumRet": ("num_ret", "num_ret"), "R@10": ("recall.10", "recall_10")}


def collection(rng: random.Random) -> tuple[str, str]:
    qrels, run = [], []
    for q in range(rng.randint(1, 5)):
        judged = rng.sample(range(30), rng.randint(1, 10))
        qrels += [f"q{q} 0 d{doc} {rng.choice([0, 0, 1, 2])}" for doc in judged]
        listed = rng.sample(range(30) if rng.random() < 0.9 else range(30, 40), rng.randint(1, 15))
        run += [f"q{q} Q0 d{doc} {rank} {rng.randint(1, 50) / 10} t" for rank, doc in enumerate(listed)]
    return "\n".join(qrels) + "\n", "\n".join(run) + "\n"


@pytest.mark.parametrize("seed", range(8))
def test_judged_only_equals_trec_eval_J(seed, tmp_path, trec_eval_binary):
    qrels_text, run_text = collection(random.Random(seed))
    qrels, run = tmp_path / "qrels", tmp_path / "run"
    qrels.write_text(qrels_text)
    run.write_text(run_text)
    theirs = binary_values(trec_eval_binary("9.0.7"), qrels, run, MEASURES, "-J")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ours = evaluate(qrels, run, list(MEASURES), judged_only=True, float32=True).to_dict()
    out = io.StringIO()
    assert main(["evaluate", "-J", "-q", "--output", "json", *sum((["-m", m] for m in MEASURES), []), str(qrels),
                 str(run)], out, io.StringIO()) == 0
    command = json.loads(out.getvalue())["per_query"]
    for ours_name, (_, printed) in MEASURES.items():
        for query, value in ours[ours_name].items():
            assert round(value, 4) == theirs[(printed, query)], (ours_name, query)
            assert command[query][ours_name] == value
        assert {q for (name, q) in theirs if name == printed and q != "all"} == set(ours[ours_name])


def test_a_query_with_nothing_judged_still_counts():
    qrels = {"q1": {"a": 1, "b": 0}, "q2": {"x": 1}}
    run = {"q1": {"u": 3.0, "a": 2.0, "b": 1.0}, "q2": {"zz": 1.0}}
    condensed = evaluate(qrels, run, ["RR", "NumRet"], judged_only=True)
    assert condensed.to_dict() == {"RR": {"q1": 1.0, "q2": 0.0}, "NumRet": {"q1": 2.0, "q2": 0.0}}
    assert evaluate(qrels, run, ["RR"]).to_dict() == {"RR": {"q1": 0.5, "q2": 0.0}}


def test_a_document_listed_twice_is_refused_even_unjudged():
    import pandas as pd

    run = pd.DataFrame({"query": ["q1"] * 3, "item": ["u", "a", "u"], "score": [3.0, 2.0, 1.0]})
    with pytest.raises(MetricsInputError, match="'u' listed twice"):
        evaluate({"q1": {"a": 1}}, run, ["AP"], judged_only=True)
