"""Where trec_eval stops, the drop-in stops with the same bytes (issue 35): a document listed twice in a run
(``trec_eval.form_res_qrels: duplicate docs a``, without a newline, as its fprintf), judged twice in the qrels
(``trec_eval.form_res_rels: duplicate docs a``), then ``trec_eval: Can't calculate measure 'map'`` naming the first
measure that forms the ranked list, exit 4; and 10.0's ``result qid 'q1' not found in qrels``. Random collections
with duplicates, measures and flags, against the real binaries of every version: exit code, stdout and stderr
identical."""

from __future__ import annotations

import io
import random
import subprocess

import pytest

from metrics.batch import trec_eval
from metrics.batch.trec_eval import VERSIONS

#: measures in the order a user may name them (trec_eval names the first one in its own table's order)
MEASURES = ("map", "P.5", "ndcg", "recip_rank", "num_rel_ret", "bpref", "runid", "num_q", "Rprec")


def stopping_case(rng: random.Random) -> tuple[str, str, list[str]]:
    """Qrels and a run over a few queries where some query lists or judges a document twice (or the run lacks a
    judged query, where 10.0 stops), and random flags."""
    queries = [f"q{i}" for i in range(rng.randint(1, 4))]
    docs = [f"d{i}" for i in range(8)] + ["D1", "a", "z"]
    qrels, run = [], []
    for query in queries:
        judged = rng.sample(docs, rng.randint(1, 5))
        judged += rng.sample(judged, 1) if rng.random() < 0.25 else []  # judged twice
        qrels += [f"{query} 0 {doc} {rng.choice([0, 1, 2])}" for doc in judged]
        if rng.random() < 0.15 and query != queries[0]:
            continue  # not in the run (10.0 stops there unless -c)
        listed = rng.sample(docs, rng.randint(1, 6))
        listed += rng.sample(listed, min(len(listed), rng.randint(1, 2))) if rng.random() < 0.4 else []  # twice
        run += [f"{query} Q0 {doc} {rank} {rng.choice([1.0, 2.0, 2.5, 3.0])} t" for rank, doc in enumerate(listed)]
    flags = sum((["-m", measure] for measure in rng.sample(MEASURES, rng.randint(1, 4))), [])
    flags += ["-q"] if rng.random() < 0.5 else []
    flags += ["-c"] if rng.random() < 0.3 else []
    flags += ["-M", str(rng.randint(1, 4))] if rng.random() < 0.3 else []
    return "\n".join(qrels) + "\n", "\n".join(run) + "\n", flags


def both(binary, version: str, folder, qrels: str, run: str, flags: list[str]):
    (folder / "qrels").write_text(qrels)
    (folder / "run").write_text(run)
    paths = [str(folder / "qrels"), str(folder / "run")]
    done = subprocess.run([str(binary), *flags, *paths], capture_output=True, timeout=60)
    theirs = (done.returncode, done.stdout.decode(), done.stderr.decode())
    out, err = io.StringIO(), io.StringIO()
    status = trec_eval.main([*flags, f"--version-compat={version}", *paths], out=out, err=err)
    return theirs, (status, out.getvalue(), err.getvalue())


@pytest.mark.parametrize("version", VERSIONS)
def test_where_trec_eval_stops_the_drop_in_says_the_same_bytes(version, trec_eval_binary, tmp_path):
    binary = trec_eval_binary(version)
    rng = random.Random(f"stops {version}")
    stopped = 0
    for _ in range(150):
        qrels, run, flags = stopping_case(rng)
        theirs, ours = both(binary, version, tmp_path, qrels, run, flags)
        if theirs[0] < 0:  # the binary crashed (a documented case of tests/trec_eval_binaries.py)
            continue
        assert ours == theirs, (flags, qrels, run)
        stopped += theirs[0] == 4
    assert stopped >= 40, stopped  # (the cases do reach the stops)


def test_a_document_listed_twice_is_named_as_trec_eval_names_it(tmp_path, trec_eval_binary):
    qrels, run = "q1 0 a 1\nq1 0 b 0\n", "q1 Q0 b 1 1.5 t\nq1 Q0 a 2 1.0 t\nq1 Q0 b 3 0.5 t\n"
    theirs, ours = both(trec_eval_binary("9.0.7"), "9.0.7", tmp_path, qrels, run, ["-m", "P.5", "-m", "map"])
    assert ours == theirs == (4, "", "trec_eval.form_res_qrels: duplicate docs btrec_eval: Can't calculate "
                                     "measure 'map'\n")
