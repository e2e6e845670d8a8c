"""Hand-worked diversity examples, the step tables against the value functions, bad input and the CLI."""

from __future__ import annotations

import json
import math
import random

import pytest

from metrics import MetricsInputError
from metrics.cli import main
from metrics.explanation import COLUMN_LABELS
from metrics.measures.diversity import (
    alpha_ndcg,
    diversity_steps,
    diversity_value,
    err_ia,
    ideal_ranking,
    nrbp,
    parse_diversity_measure,
    subtopic_recall,
)
from metrics.readers.subtopics import read_subtopic_qrels

# Query with subtopics 1, 2, 3: a covers 1 and 2, b covers 1, c covers 3 (c's grade 2 counts as 1), z unjudged.
J = {"a": {"1": 1, "2": 1}, "b": {"1": 1, "2": 0}, "c": {"3": 2}}
RUN = ["b", "z", "a", "c"]


def test_alpha_ndcg_by_hand():
    # run gains (alpha 0.5): b: 1; z: 0; a: s1 seen once -> 0.5, s2 new -> 1: 1.5; c: 1
    # DCG@4 = 1/1 + 0 + 1.5/log2(4) + 1/log2(5) = 1 + 0.75 + 0.43068 = 2.18068
    # greedy ideal: a (2), c (1; b has 0.5), b (0.5): 2/1 + 1/log2(3) + 0.5/2 = 2 + 0.63093 + 0.25 = 2.88093
    assert ideal_ranking({"a": ("1", "2"), "b": ("1",), "c": ("3",)}, ("1", "2", "3"), 0.5) == ["a", "c", "b"]
    dcg = 1 + 1.5 / 2 + 1 / math.log2(5)
    assert alpha_ndcg(RUN, J, k=4) == pytest.approx(dcg / (2 + 1 / math.log2(3) + 0.25), abs=1e-12)


def test_err_ia_by_hand():
    # sum G_i / i = 1 + 0 + 1.5/3 + 1/4 = 1.75; ideal ideal = 3 (1 + 0.5/2 + 0.25/3 + 0.125/4) = 4.09375
    assert err_ia(RUN, J, k=4) == pytest.approx(1.75 / 4.09375, abs=1e-12)
    assert err_ia(RUN, J, k=1) == 1.0  # ndeval: ERR-IA@1 is G_1, not divided by |S| = 3


def test_nrbp_and_s_recall_by_hand():
    # NRBP = (1 - 0.5*0.5)/3 * (1 + 0 + 1.5*0.25 + 1*0.125) = 0.25 * 1.5 = 0.375
    assert nrbp(RUN, J) == pytest.approx(0.375, abs=1e-15)
    assert [subtopic_recall(RUN, J, k=k) for k in (1, 2, 3, 4)] == [1 / 3, 1 / 3, 2 / 3, 1.0]


def test_no_relevant_subtopic_scores_zero():
    for name in ("alpha-nDCG@5", "ERR-IA@5", "NRBP", "S-recall@5"):
        assert diversity_value(name, ["a"], {"a": {"1": 0}}) == 0.0


@pytest.mark.parametrize("seed", range(25))
def test_the_step_tables_end_at_the_values(seed):
    rng = random.Random(seed)
    docs = [f"d{i}" for i in range(rng.randint(1, 12))]
    judgments = {d: {str(s): rng.choice([0, 1, 2]) for s in rng.sample(range(4), rng.randint(1, 4))} for d in docs}
    ranking = rng.sample(docs + ["u1", "u2"], rng.randint(1, len(docs) + 2))
    for name in ("alpha-nDCG@1", "alpha-nDCG@7", "ERR-IA@3", "ERR-IA(alpha=0.3)@20", "NRBP(beta=0.8)", "S-recall@4"):
        steps = diversity_steps(name, ranking, judgments)
        assert steps.value == pytest.approx(diversity_value(name, ranking, judgments), abs=1e-12), name
        assert set(steps.table.columns) <= set(COLUMN_LABELS), name
        assert steps.worked_text and steps.worked


@pytest.mark.parametrize("name", ["nDCG@5", "alpha-nDCG", "NRBP@5", "S-recall(alpha=0.2)@5", "ERR-IA@x", "ERR-IA(@5"])
def test_unknown_measures_are_refused(name):
    with pytest.raises(MetricsInputError, match="unknown diversity measure"):
        parse_diversity_measure(name)


@pytest.mark.parametrize("data, problem", [
    (b"", "qrels.txt: empty file"),
    (b"1 1 d1 1\n1 1 d2\n", r"qrels.txt line 2: expected 4 fields \(topic subtopic docid grade\), got 3"),
    (b"1 Q0 d1 1 2.5 run\n", "qrels.txt line 1: .*looks like a TREC run"),
    (b"1 1 d1 0.5\n", "qrels.txt line 1: grade must be an integer"),
    (b"1 1 d1 high\n", "qrels.txt line 1: grade must be a number, got 'high'"),
    (b"1 1 d1 1\n1 2 d1 1\n1 1 d1 0\n", r"qrels.txt line 3: grade of document 'd1' for subtopic '1' listed twice "
                                        r"for query '1' \(lines 1 and 3\)"),
])
def test_bad_subtopic_qrels_are_refused_naming_file_and_line(data, problem):
    with pytest.raises(MetricsInputError, match=problem):
        read_subtopic_qrels(data, "qrels.txt")


def test_the_cli(tmp_path, capsys):
    qrels = tmp_path / "qrels.txt"
    qrels.write_text("1 1 a 1\n1 2 a 1\n1 1 b 1\n1 3 c 2\n")
    run = tmp_path / "run.txt"
    run.write_text("1 Q0 b 1 4 r\n1 Q0 z 2 3 r\n1 Q0 a 3 2 r\n1 Q0 c 4 1 r\n9 Q0 a 1 1 r\n")
    assert main(["diversity", str(qrels), str(run), "-m", "NRBP", "-m", "StRecall@2", "-q"]) == 0
    assert capsys.readouterr().out.split("\n")[:3] == ["NRBP                  \t1\t0.3750",
                                                       "StRecall@2            \t1\t0.3333",
                                                       "NRBP                  \tall\t0.3750"]
    assert main(["diversity", str(qrels), str(run), "--output", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["aggregate"]["NRBP"] == 0.375
    qrels.write_text("1 1 a x\n")
    assert main(["diversity", str(qrels), str(run)]) == 2
    assert "qrels.txt line 1: grade must be a number" in capsys.readouterr().err
