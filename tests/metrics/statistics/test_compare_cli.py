"""python -m metrics compare: JSON, Markdown, LaTeX, CSV and text on three sample runs, the numbers against
evaluate's per-query values and scipy, bad input as one line, unequal query sets."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
import subprocess
import sys

import pytest
from scipy import stats

from metrics import evaluate
from metrics.cli import main
from tests.conftest import REPO_ROOT

TREC = REPO_ROOT / "sample_data" / "trec"
QRELS = TREC / "qrels.txt"
RUNS = [TREC / "run_a.txt", TREC / "run_b.txt", TREC / "run_c.txt"]
MEASURES = ["AP", "nDCG@10"]


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    status = main([str(a) for a in argv], out, err)
    return status, out.getvalue(), err.getvalue()


def compare(*options, runs=RUNS):
    argv = ["compare", QRELS, *runs]
    for measure in MEASURES:
        argv += ["-m", measure]
    return run(*argv, "--trials", 2000, *options)


@pytest.fixture(scope="module")
def per_query():
    return {path.stem: evaluate(QRELS, path, MEASURES).to_dict() for path in RUNS}


def test_json_has_the_issue_shape_and_the_right_numbers(per_query):
    status, out, err = compare("--output", "json")
    assert status == 0 and err == ""
    data = json.loads(out)
    assert list(data) == ["measures"] and list(data["measures"]) == MEASURES
    for measure, result in data["measures"].items():
        assert list(result) == ["means", "ci", "pairs"]
        assert list(result["means"]) == ["run_a", "run_b", "run_c"]  # named by file stem, the baseline first
        assert [(p["a"], p["b"]) for p in result["pairs"]] == [("run_a", "run_b"), ("run_a", "run_c"),
                                                               ("run_b", "run_c")]
        for run_name, mean in result["means"].items():
            values = list(per_query[run_name][measure].values())
            assert mean == pytest.approx(sum(values) / len(values), rel=1e-12)
            low, high = result["ci"][run_name]
            assert low <= mean <= high
        raw = []
        for pair in result["pairs"]:
            assert set(pair) == {"a", "b", "diff", "p", "p_adjusted", "effect_size", "ci", "significant"}
            a, b = per_query[pair["a"]][measure], per_query[pair["b"]][measure]
            queries = sorted(a)
            assert pair["diff"] == pytest.approx(result["means"][pair["b"]] - result["means"][pair["a"]])
            assert pair["p"] == pytest.approx(stats.ttest_rel([b[q] for q in queries], [a[q] for q in queries]).pvalue)
            assert pair["significant"] == (pair["p_adjusted"] <= 0.05)
            raw.append(pair["p"])
        # Holm by default: the smallest p times 3
        smallest = min(range(3), key=raw.__getitem__)
        assert result["pairs"][smallest]["p_adjusted"] == pytest.approx(min(1, 3 * raw[smallest]))


def _marks(data: dict, measure: str) -> dict[str, str]:
    """From the JSON: each run's letters of the runs it is significantly better than."""
    letter = {run: "abc"[i] for i, run in enumerate(data["measures"][measure]["means"])}
    marks = {run: "" for run in letter}
    for pair in data["measures"][measure]["pairs"]:
        if pair["significant"]:
            winner, loser = (pair["b"], pair["a"]) if pair["diff"] > 0 else (pair["a"], pair["b"])
            marks[winner] += letter[loser]
    return {run: "".join(sorted(m)) for run, m in marks.items()}


@pytest.mark.parametrize("options", [("--alpha", "0.2", "--correction", "none"), ("--test", "tukey", "--alpha", "0.5")])
def test_markdown_table_bold_best_and_marks_as_the_json_says(options):
    _, out, _ = compare("--output", "markdown", *options)
    data = json.loads(compare("--output", "json", *options)[1])
    lines = out.splitlines()
    assert lines[0] == "| | run | AP | nDCG@10 |" and lines[1] == "|---|---|---:|---:|"
    rows = [line.split(" | ") for line in lines[2:5]]
    assert [row[1] for row in rows] == ["run\\_a", "run\\_b", "run\\_c"]
    for column, measure in enumerate(MEASURES, start=2):
        means = data["measures"][measure]["means"]
        best = max(means, key=means.get)
        marks = _marks(data, measure)
        for row, run_name in zip(rows, means):
            cell = row[column].rstrip(" |")
            assert cell.startswith(f"**{means[run_name]:.4f}**" if run_name == best else f"{means[run_name]:.4f}")
            found = re.search(r"<sup>(\w+)</sup>", cell)
            assert (found.group(1) if found else "") == marks[run_name]
    assert any(_marks(data, m)[r] for m in MEASURES for r in _marks(data, m)), "no mark shown: pick another alpha"
    footnote = lines[-1]
    assert footnote.startswith("Means over 7 queries.") and "superscript letter" in footnote
    assert ("Tukey's HSD" in footnote) == ("tukey" in options)


def test_latex_table(tmp_path):
    status, out, _ = compare("--output", "latex", "--alpha", "0.2", "--correction", "bh")
    assert status == 0
    assert out.startswith("\\begin{table}") and out.rstrip().endswith("\\end{table}")
    assert "\\begin{tabular}{llrr}" in out and "run\\_a" in out and "nDCG@10" in out
    assert out.count("\\textbf{") == 2 and "$^{\\mathrm{" in out
    assert "Benjamini--Hochberg-adjusted p $\\le$ 0.2" in out
    if shutil.which("pdflatex") is None:
        pytest.skip("pdflatex is not installed: the LaTeX is checked by its structure only")
    document = tmp_path / "table.tex"
    document.write_text("\\documentclass{article}\n\\usepackage[utf8]{inputenc}\n\\begin{document}\n" + out
                        + "\\end{document}\n", encoding="utf-8")
    result = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", document.name], cwd=tmp_path,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-2000:]
    assert (tmp_path / "table.pdf").exists()


def test_csv_rows_equal_the_json():
    data = json.loads(compare("--output", "json", "--test", "wilcoxon")[1])
    status, out, _ = compare("--output", "csv", "--test", "wilcoxon")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert status == 0 and len(rows) == 6
    assert list(rows[0]) == ["measure", "a", "b", "mean_a", "mean_b", "diff", "ci_low", "ci_high", "p", "p_adjusted",
                             "effect_size", "significant"]
    for row in rows:
        pair = next(p for p in data["measures"][row["measure"]]["pairs"] if (p["a"], p["b"]) == (row["a"], row["b"]))
        assert float(row["p_adjusted"]) == pytest.approx(pair["p_adjusted"], abs=1e-6)
        assert float(row["ci_low"]) == pytest.approx(pair["ci"][0], abs=1e-6)
        assert row["significant"] == str(pair["significant"]).lower()


def test_text_output_and_seeds():
    status, out, err = compare("--test", "randomized-tukey", "--seed", "7")
    # seed 7's 10,000 permutations cannot tell run_b − run_a's p from 0.05: said on stderr and under the table
    warning = "run_b − run_a: p = 0.0485 ± 0.0096 straddles α = 0.05: raise --trials"
    assert status == 0 and err == f"python -m metrics: warning: AP: {warning}\n"
    assert f"  warning: {warning}" in out
    assert out.startswith("AP: randomised Tukey HSD test, alpha 0.05, 7 queries, 95% BCa bootstrap CIs")
    assert "run_a   0.6840" in out and "(baseline)" in out and "ES_E" in out
    assert compare("--test", "randomized-tukey", "--seed", "7")[1] == out
    assert compare("--test", "randomization", "--seed", "7", "--output", "json")[1] == \
        compare("--test", "randomization", "--seed", "7", "--output", "json")[1]


def test_unequal_query_sets_are_said(tmp_path):
    short = tmp_path / "short.txt"
    short.write_text("".join(line for line in (TREC / "run_b.txt").read_text().splitlines(keepends=True)
                             if not line.startswith("107 ")))
    status, out, err = compare("--output", "json", runs=[RUNS[0], short])
    assert status == 0
    assert err == "python -m metrics: note: 1 query left out, not in every run: 107 (not in short)\n"
    assert len(json.loads(out)["measures"]["AP"]["pairs"]) == 1
    status, out, err = compare("--output", "markdown", "-c", runs=[RUNS[0], short])
    # with -c every run is scored on all 8 judged queries (108 and the missing 107 count 0)
    assert status == 0 and err == "" and "Means over 8 queries." in out


@pytest.mark.parametrize("make, message", [
    (lambda tmp: ["compare", QRELS, RUNS[0], "-m", "AP"], "compare needs at least 2 runs, got 1"),
    (lambda tmp: ["compare", QRELS, RUNS[0], tmp / "x" / "run_a.txt", "-m", "AP"], "two runs are named 'run_a'"),
    (lambda tmp: ["compare", QRELS, RUNS[0], tmp / "bad.txt", "-m", "AP"], "bad.txt line 2: expected 6 fields"),
    (lambda tmp: ["compare", QRELS, RUNS[0], tmp / "none.txt", "-m", "AP"], "none.txt"),
    (lambda tmp: ["compare", QRELS, RUNS[0], RUNS[1], "-m", "AP", "--test", "tukey", "--correction", "holm"],
     "already hold for all pairs"),
    (lambda tmp: ["compare", QRELS, RUNS[0], RUNS[1], "-m", "AP", "--alpha", "2"], "alpha must be between 0 and 1"),
    (lambda tmp: ["compare", QRELS, RUNS[0], RUNS[1], "-m", "nDCG@ten"], "nDCG@ten"),
    (lambda tmp: ["compare", QRELS, RUNS[0], RUNS[1], "-m", "AP", "--test", "anova"], "invalid choice: 'anova'"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, make, message):
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "run_a.txt").write_text((TREC / "run_b.txt").read_text())
    (tmp_path / "bad.txt").write_text("101 Q0 d1 1 2.0 t\n101 Q0 d2 1\n")
    status, out, err = run(*make(tmp_path))
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("python -m metrics: error: ") and message in err


def test_sample_runs_are_what_the_script_writes():
    result = subprocess.run([sys.executable, str(REPO_ROOT / "scripts" / "make_sample_runs.py"), "--check"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr


def test_the_documentations_table_is_what_the_command_prints():
    runs = [TREC / f"run_{name}.txt" for name in "abcde"]
    status, out, _ = run("compare", QRELS, *runs, "-m", "AP", "-m", "nDCG@10", "--test", "randomized-tukey",
                         "--output", "markdown")
    page = (REPO_ROOT / "docs" / "src" / "compare.md").read_text(encoding="utf-8")
    table, footnote = out.split("\n\n")
    assert status == 0 and table in page
    assert " ".join(footnote.split()) in " ".join(page.split())
