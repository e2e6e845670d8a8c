"""python -m metrics experiment: text, JSON and CSV on the sample runs, the same numbers as metrics.experiment,
the baseline by name or index, bad input as one line with exit status 2 (never a traceback)."""

from __future__ import annotations

import csv
import io
import json

import pytest

from metrics import experiment
from metrics.cli import main
from tests.conftest import REPO_ROOT

TREC = REPO_ROOT / "sample_data" / "trec"
QRELS = TREC / "qrels.txt"
RUNS = [TREC / "run_a.txt", TREC / "run_b.txt", TREC / "run_c.txt"]


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    status = main([str(a) for a in argv], out, err)
    return status, out.getvalue(), err.getvalue()


def cli(*options, runs=RUNS):
    return run("experiment", QRELS, *runs, "-m", "AP", "-m", "nDCG@10", "--trials", 500, *options)


def test_json_is_the_api_s_table():
    status, out, err = cli("--baseline", "run_b", "--output", "json")
    assert status == 0 and err == ""
    data = json.loads(out)
    expected = experiment(QRELS, RUNS, ["AP", "nDCG@10"], baseline="run_b", trials=500).to_dict()
    assert data == json.loads(json.dumps(expected))
    assert data["systems"] == ["run_a", "run_b", "run_c"] and data["test"] == "paired t-test"


def test_baseline_by_index_counts_from_zero():
    by_index = cli("--baseline", "1", "--output", "json")
    by_name = cli("--baseline", "run_b", "--output", "json")
    assert by_index == by_name and by_index[0] == 0


def test_text_names_the_baseline_test_correction_and_queries():
    status, out, err = cli("--baseline", "run_a", "--test", "randomization", "--correction", "bh", "--family", "all")
    assert status == 0 and err == ""
    assert out.splitlines()[0].split()[:5] == ["system", "measure", "n", "mean", "95%"]
    assert "run_a (baseline)" in out and "paired randomization test against run_a" in out
    assert "Benjamini–Hochberg over every comparison of the table" in out
    assert "queries: those every run has" in out


def test_csv_has_a_row_per_system_and_measure():
    status, out, err = cli("--output", "csv")
    assert status == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(r["system"], r["measure"]) for r in rows] == [(s, m) for s in ("run_a", "run_b", "run_c")
                                                          for m in ("AP", "nDCG@10")]
    assert all(r["p"] == "" for r in rows)  # no baseline: means and intervals only


def test_a_query_not_in_every_run_is_a_note_on_stderr(tmp_path):
    short = tmp_path / "short.txt"
    short.write_text("".join(line + "\n" for line in RUNS[0].read_text().splitlines() if not line.startswith("107")))
    status, out, err = cli("--baseline", "0", runs=[RUNS[0], short])
    assert status == 0 and err == "python -m metrics: note: 1 query left out, not in every run: 107 (not in short)\n"
    status, out, err = cli("--baseline", "0", "-c", runs=[RUNS[0], short])
    assert status == 0 and err == "" and "every query of the qrels, 0 where a run lacks it" in out


@pytest.mark.parametrize("argv, message", [
    (["--baseline", "bm25"],
     "python -m metrics: error: unknown baseline 'bm25': the systems are run_a, run_b, run_c\n"),
    (["--baseline", "7"], "python -m metrics: error: baseline index 7 is out of range: 3 runs, indexed from 0\n"),
    (["--test", "anova"], "python -m metrics: error: argument --test: invalid choice: 'anova'"),
])
def test_bad_options_are_one_line(argv, message):
    status, out, err = cli(*argv)
    assert status == 2 and out == "" and err.startswith(message) and err.count("\n") == 1


def test_bad_input_is_one_line_naming_the_file_and_line(tmp_path):
    status, out, err = run("experiment", QRELS, RUNS[0], "-m", "AP", "--baseline", "0")
    assert (status, err) == (2, "python -m metrics: error: a baseline needs another run to compare with: only "
                                "'run_a' was given\n")
    status, out, err = run("experiment", QRELS, RUNS[0])
    assert status == 2 and "the following arguments are required: -m/--measure" in err
    bad = tmp_path / "bad.txt"
    bad.write_text("101 Q0 a 1 1.5 t\n101 Q0 b 2 x t\n")
    status, out, err = run("experiment", QRELS, RUNS[0], bad, "-m", "AP")
    assert status == 2 and err == "python -m metrics: error: bad.txt line 2: score must be a number, got 'x'\n"
    dup = tmp_path / "dup.txt"
    dup.write_text("101 Q0 a 1 1.5 t\n101 Q0 a 2 1 t\n")
    status, out, err = run("experiment", QRELS, RUNS[0], dup, "-m", "AP")
    assert status == 2 and err.startswith(f"python -m metrics: error: {dup}: dup.txt line 2: document 'a' listed twice")
    status, out, err = run("experiment", QRELS, RUNS[0], tmp_path / "nothere.txt", "-m", "AP")
    assert status == 2 and err.count("\n") == 1 and "nothere.txt" in err and "Traceback" not in err
