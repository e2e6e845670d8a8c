"""The command line: evaluate (text, json, csv; trec_eval's golden output) and explain."""

import io
import json
import math
import re
import subprocess
import sys

import pytest

from metrics.cli import main
from tests.conftest import REPO_ROOT
from tests.metrics.batch.test_conformance import (
    GOLDEN,
    QRELS,
    RESULTS,
    golden_for_us,
    mismatches,
    needs_collection,
    parse_trec_eval_lines,
)

TREC = REPO_ROOT / "sample_data" / "trec"


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    status = main([str(a) for a in argv], out, err)
    return status, out.getvalue(), err.getvalue()


@needs_collection
def test_text_output_reproduces_trec_eval_golden_file():
    measures = sorted({name for name, _ in golden_for_us(GOLDEN)})
    argv = ["evaluate", QRELS, RESULTS, "--per-query"]
    for measure in measures:
        argv += ["-m", measure]
    status, out, err = run(*argv)
    assert status == 0 and err == ""
    assert mismatches(parse_trec_eval_lines(out)) == []


def test_json_output_has_aggregate_and_per_query():
    status, out, _ = run("evaluate", TREC / "qrels.txt", TREC / "run_a.txt", "-m", "nDCG@10", "-m", "AP",
                         "--per-query", "--output", "json")
    data = json.loads(out)
    assert status == 0 and set(data) == {"aggregate", "per_query"}
    assert set(data["aggregate"]) == {"nDCG@10", "AP"}
    values = [row["AP"] for row in data["per_query"].values()]
    assert data["aggregate"]["AP"] == pytest.approx(sum(values) / len(values))


def test_csv_output_and_count_missing():
    status, out, _ = run("evaluate", TREC / "qrels.txt", TREC / "run_a.txt", "-m", "P@5", "--per-query",
                         "--output", "csv", "-c")
    lines = out.strip().splitlines()
    assert status == 0 and lines[0] == "query,P@5" and lines[-1].startswith("all,")
    assert any(line.startswith("108,0.000000") for line in lines)  # only in the qrels: counted as 0 with -c


def test_text_output_is_three_columns():
    status, out, _ = run("evaluate", TREC / "qrels.txt", TREC / "run_a.txt", "-m", "RR")
    assert status == 0
    measure, query, value = out.strip().split("\t")
    assert (measure.strip(), query) == ("RR", "all") and len(value.split(".")[1]) == 4


@pytest.mark.parametrize("argv, message", [
    (["evaluate", TREC / "qrels.txt", TREC / "run_a.txt", "-m", "nDCG@x"], "bad measure 'nDCG@x'"),
    (["evaluate", TREC / "qrels.txt", TREC / "run_a.txt", "-m", "MAP@5(rel=2)"], "bad measure"),
    (["evaluate", TREC / "run_a.txt", TREC / "qrels.txt", "-m", "AP"], "run_a.txt line 1: expected 4 fields"),
    (["evaluate", TREC / "qrels.txt", TREC / "missing.txt", "-m", "AP"], "missing.txt"),
    (["evaluate", TREC / "qrels.txt"], "required"),
    (["explain", "ndcg", "--rels", "3", "x"], "expected numbers, got 'x'"),
    (["explain", "p", "--rels", "1", "0"], "p needs a cut-off k"),
    (["explain", "ndcg", "--rels", "1", "-k", "0"], "k must be a positive integer"),
    (["explain", "Foo@3", "--rels", "1", "0"], "unknown metric 'Foo@3'"),
    (["explain", "AP(denom=nonsense)@5", "--rels", "1", "0"], "denom must be one of R, found, minKR, got 'nonsense'"),
    (["explain", "AP(p=0.5)", "--rels", "1", "0"], "AP accepts no parameter 'p'"),
    (["explain", "F1", "--rels", "1", "0"], "F1 needs a cut-off"),
    (["explain", "AP@3", "--rels", "1", "0", "--n-relevant", "3"], "AP@3 takes no option n_relevant"),
    (["explain", "nDCG@3", "--rels", "1", "0", "-k", "3"], "has its cut-off already"),
    (["explain", "GMAP", "--rels", "1", "0"], "GMAP has no step table of one query"),
    (["nonsense"], "invalid choice"),
])
def test_bad_input_exits_2_with_one_line(argv, message):
    status, out, err = run(*argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_explain_prints_step_table_and_worked_formula():
    status, out, _ = run("explain", "ndcg", "--rels", "3", "2", "3", "0", "1", "-k", "3")
    assert status == 0
    assert "DCG@3 = 3/log2(2) + 2/log2(3) + 3/log2(4) = 5.7619" in out
    assert "ideal ordering:" in out and "nDCG(ideal=list)@3 = 0.9778" in out
    status, out, _ = run("explain", "ap", "--rels", "0", "1", "0", "1", "1", "--n-relevant", "4")
    assert "AP = (1/2 + 2/4 + 3/5) / 4 = 0.4" in out


def test_explain_stops_at_a_step():
    status, out, _ = run("explain", "ndcg", "--rels", "3", "2", "3", "0", "1", "-k", "3", "--items", *"ABCDE",
                         "--step", "2")
    assert status == 0
    assert out.splitlines()[0] == ("nDCG: G, CG, DCG, IDCG, nDCG — nDCG(ideal=list)@3: nDCG at cut-off 3; "
                                   "ideal ordering from the list itself")
    assert "DCG@2 = 3/log2(2) + 2/log2(3) = 4.2619" in out and "nDCG(ideal=list)@2 = 4.2619 / 4.8928 = 0.8710" in out
    assert "after step 2 of 3: DCG = 4.2619, IDCG = 4.8928, nDCG = 0.8710" in out
    assert not re.search(r"^\s*3\s", out, re.M)  # no rank 3 row yet, in either table
    status, out, _ = run("explain", "ap", "--rels", *"0101100111", "--n-relevant", "6", "--step", "9")
    assert "AP@9 = (1/2 + 2/4 + 3/5 + 4/8 + 5/9) / 6 = 0.4426" in out  # every term: not folded
    status, out, err = run("explain", "rr", "--rels", "0", "1", "--step", "3")
    assert status == 2 and "--step must be between 1 and 2" in err


def test_explain_takes_the_measure_grammar():
    """A measure as the grammar writes it, parameters and cut-off in its name, judged grades for R and the ideal."""
    status, out, _ = run("explain", "AP(denom=R)@5", "--rels", "1", "0", "1", "0", "1", "--judged", "1", "1", "1", "1")
    assert status == 0
    assert out.splitlines()[0] == "AP: average precision (mean over queries: MAP) — AP@5: AP over the top 5"
    assert "AP@5 = (1/1 + 2/3 + 3/5) / 4 = 0.5667   [D = R = 4]" in out
    status, out, _ = run("explain", "AP(denom=found,rel=2)", "--rels", "2", "0", "1", "2", "-k", "3")
    assert status == 0 and "AP(denom=found,rel=2)@3 = (1/1) / 1 = 1   [D = hits found = 1]" in out
    status, grammar, _ = run("explain", "nDCG@3", "--rels", "3", "2", "3", "0", "1", "--judged", "3", "3", "2")
    status_old, old, _ = run("explain", "ndcg", "--rels", "3", "2", "3", "0", "1", "-k", "3", "--ideal", "3", "3", "2")
    assert status == status_old == 0
    assert "nDCG@3 = 5.7619 / 5.8928 = 0.9778" in grammar and grammar.split("\n", 1)[1] == old.split("\n", 1)[1]
    status, out, _ = run("explain", "ndcg_cut_3", "--rels", "1", "0", "2")  # trec_eval's name
    assert status == 0 and "nDCG@3" in out.splitlines()[0]
    status, out, _ = run("explain", "infAP", "--rels", "1", "u", "0", "1", "--judged", "1", "0", "1", "1")
    assert status == 0 and out.startswith("infAP: inferred average precision")
    status, out, _ = run("explain", "AP", "--rels", "0", "1", "0", "1", "1", "--n-relevant", "4")  # an old option:
    assert status == 0 and "AP = (1/2 + 2/4 + 3/5) / 4 = 0.4" in out  # the old short name ap


def test_explain_names_the_ideal_convention():
    status, out, _ = run("explain", "ndcg", "--rels", "3", "2", "-k", "2", "--ideal", "3", "2", "--ideal-from", "list")
    assert status == 0 and "nDCG(ideal=list)@2 = 1" in out


def test_module_entry_point_runs_as_a_process():
    done = subprocess.run([sys.executable, "-m", "metrics", "explain", "rr", "--rels", "0", "0", "1"],
                          cwd=REPO_ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "RR = 1/3 = 0.3333" in done.stdout
    done = subprocess.run([sys.executable, "-m", "metrics", "evaluate", "x", "y", "-m", "AP"],
                          cwd=REPO_ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stderr.startswith("python -m metrics: error:")
    assert "Traceback" not in done.stderr


def test_evaluate_takes_ir_measures_names_judged_rbp_err_and_a_gain_map(tmp_path):
    qrels, run_file = tmp_path / "qrels", tmp_path / "run"
    qrels.write_text("1 0 a 2\n1 0 b 0\n1 0 c 1\n1 0 x 3\n2 0 a 0\n")
    run_file.write_text("1 Q0 a 1 3 r\n1 Q0 b 2 2 r\n1 Q0 c 3 1 r\n1 Q0 u 4 0.5 r\n2 Q0 z 1 1 r\n")
    names = ["RBP(p=0.5)", "ERR@10", "Judged@3", "nDCG(gains={0:0,1:1,2:3})@10"]
    argv = ["evaluate", qrels, run_file, "--per-query", "--output", "json"]
    for name in names:
        argv += ["-m", name]
    status, out, err = run(*argv)
    assert status == 0 and err == ""
    result = json.loads(out)
    assert result["per_query"]["1"]["RBP(p=0.5)"] == pytest.approx(0.625)
    # g_max = 4 (as gdeval): grades 2, 0, 1 stop with 3/16, 0, 1/16
    assert result["per_query"]["1"]["ERR@10"] == pytest.approx(3 / 16 + (13 / 16) * (1 / 16) / 3)
    assert result["per_query"]["1"]["Judged@3"] == 1 and result["per_query"]["2"]["Judged@3"] == 0
    # x's grade 3 is not in the map: gain 3; query 2 has no gain at all and scores 0
    ideal = 3 + 3 / math.log2(3) + 1 / 2
    assert result["aggregate"]["nDCG(gains={0:0,1:1,2:3})@10"] == pytest.approx((3 + 1 / 2) / ideal / 2, rel=1e-12)
    status, out, err = run("evaluate", qrels, run_file, "-m", "RBP(p=0.5)", "-m", "ERR@10")
    assert status == 0 and "RBP(p=0.5)" in out and "ERR@10" in out
    status, _, err = run("evaluate", qrels, run_file, "-m", "nDCG(gains={0:0,1})")
    assert status == 2 and "expected grade:gain pairs" in err
