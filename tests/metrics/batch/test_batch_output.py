"""metrics.batch.output: trec_eval's text lines written in bulk, as ``python -m metrics evaluate`` prints them."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from metrics.batch.evaluation import Evaluation, evaluate
from metrics.batch.output import CHUNK, format_per_query, measure_lines, name_width, write_csv, write_json
from metrics.cli import main

ROOT = Path(__file__).resolve().parents[3]
QRELS, RUN = ROOT / "sample_data" / "trec" / "qrels.txt", ROOT / "sample_data" / "trec" / "run_a.txt"
MEASURES = ["nDCG@10", "AP", "RR", "P@5", "R@100", "nDCG(gain=exp)@10"]


def written(evaluation, names=None, **options) -> str:
    buffer = io.StringIO()
    format_per_query(evaluation, buffer, names, **options)
    return buffer.getvalue()


def test_the_lines_are_the_command_lines_text_output():
    for per_query in (True, False):
        flags = [*(["-q"] if per_query else []), *(a for m in MEASURES for a in ("-m", m))]
        argv = ["evaluate", *flags, str(QRELS), str(RUN)]
        out = io.StringIO()
        assert main(argv, out) == 0
        assert written(evaluate(QRELS, RUN, MEASURES), MEASURES, per_query=per_query) == out.getvalue()


def test_trec_eval_layout_width_and_values():
    ev = Evaluation(("q1", "q10"), {"P@1": np.array([1.0, 0.0]), "a" * 30: np.array([0.12345, np.nan])},
                    {"P@1": 0.5, "a" * 30: float("nan")})
    assert name_width(["P@1"]) == 22 and name_width(["P@1", "a" * 30]) == 30
    lines = written(ev).splitlines()
    assert lines[0] == "P@1" + " " * 27 + "\tq1\t1.0000"
    assert lines[2] == "P@1" + " " * 27 + "\tall\t0.5000"
    assert lines[3:] == ["a" * 30 + "\tq1\t0.1235", "a" * 30 + "\tq10\tnan", "a" * 30 + "\tall\tnan"]
    assert written(ev, ["P@1"]).splitlines()[0] == "P@1" + " " * 19 + "\tq1\t1.0000"
    assert measure_lines("RR", [], np.zeros(0)) == "" and written(ev, []) == ""


def test_formatting_imports_no_pandas():
    code = ("import io, sys; from metrics.batch import evaluate; from metrics.batch.output import format_per_query; "
            "format_per_query(evaluate(b'q 0 a 1\\n', b'q Q0 a 1 1 t\\n', ['AP']), io.StringIO()); "
            "print('pandas' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True).stdout
    assert out.strip() == "False"


# -- JSON and CSV: byte for byte what the previous implementation (json.dump and pandas' to_csv) wrote

def reference_json(evaluation, names, per_query: bool) -> str:
    """The previous ``--output json``: json.dump of dicts built from ``per_query.iterrows()``, indent 2."""
    def number(value):
        value = float(value)
        return None if value != value else value

    rows = {str(q): {n: number(row[n]) for n in names} for q, row in evaluation.per_query.iterrows()}
    out = io.StringIO()
    json.dump({"aggregate": {n: number(evaluation.aggregate[n]) for n in names},
               "per_query": rows if per_query else {}}, out, indent=2)
    return out.getvalue() + "\n"


def reference_csv(evaluation, names, per_query: bool) -> str:
    """The previous ``--output csv``: pandas' to_csv of the per-query frame and an ``all`` row."""
    frame = evaluation.per_query[names] if per_query else evaluation.per_query[names].iloc[0:0]
    frame = frame.copy()
    frame.loc["all"] = [evaluation.aggregate[n] for n in names]
    frame.index.name = "query"
    out = io.StringIO()
    frame.to_csv(out, float_format="%.6f")
    return out.getvalue()


def generated(queries: int, seed: int) -> tuple[bytes, bytes]:
    """A random collection with odd query ids (commas, quotes, non-ASCII, a percent sign), queries
    without relevant documents and queries only in the qrels."""
    rng = np.random.default_rng(seed)
    odd = ["a,b", 'say"x"', "café", "100%", "q\\t"]
    ids = [odd[i] if i < len(odd) else f"q{i}" for i in range(queries)]
    qrels, run = [], []
    for i, query in enumerate(ids):
        for d in range(8):
            qrels.append(f"{query} 0 d{d} {0 if i % 7 == 3 else rng.integers(0, 3)}\n")
        if i % 11 != 5:
            for d in rng.permutation(12)[:10].tolist():
                run.append(f"{query} Q0 d{d} 0 {rng.normal():.3f} r\n")
    return "".join(qrels).encode(), "".join(run).encode()


CASES = [(QRELS, RUN, MEASURES, {}),
         (QRELS, RUN, ["AP", "nDCG(gains={0:0,1:1})@10", "P@5"], {"count_missing": True}),
         (QRELS, RUN, ["AP", "RR"], {"no_relevant": "nan"}),
         (*generated(60, 1), ["nDCG@10", "AP", "RR", "P@5", "R@100", "Rprec", "nDCG(gain=exp)@10"], {}),
         (*generated(2 * CHUNK + 17, 2), ["AP", "nDCG@10"], {"no_relevant": "skip", "count_missing": True}),
         (*generated(50, 3), ["AP", "Success@1"], {"no_relevant": "nan", "count_missing": True})]


@pytest.mark.parametrize("case", range(len(CASES)))
@pytest.mark.parametrize("per_query", [True, False])
def test_json_and_csv_are_the_previous_implementations_bytes(case, per_query):
    qrels, run, measures, options = CASES[case]
    evaluation = evaluate(qrels, run, measures, **options)
    names = list(evaluation.values)
    for write, reference in ((write_json, reference_json), (write_csv, reference_csv)):
        out = io.StringIO()
        write(evaluation, out, names, per_query=per_query)
        assert out.getvalue() == reference(evaluation, names, per_query), write.__name__


def test_json_and_csv_of_infinities_names_with_percent_and_commas():
    names = ["a%s,b", 'q"x', "nDCG(gains={0:0,1:1})@10"]
    evaluation = Evaluation(("1", "2", "3"), {names[0]: np.array([np.inf, -np.inf, 0.5]),
                                              names[1]: np.array([np.nan, -0.0, 1e-300]),
                                              names[2]: np.array([1 / 3, 2 / 3, 1.0])},
                            {names[0]: float("nan"), names[1]: -0.0, names[2]: 2 / 3})
    for per_query in (True, False):
        for write, reference in ((write_json, reference_json), (write_csv, reference_csv)):
            out = io.StringIO()
            write(evaluation, out, names, per_query=per_query)
            assert out.getvalue() == reference(evaluation, names, per_query), write.__name__


def test_a_query_named_all_keeps_its_row_in_the_csv():
    """pandas' ``frame.loc["all"] = means`` overwrote a query named ``all`` (its row lost, the means in
    its place): the CSV now has the query's row and then the means' row, as the text output does."""
    evaluation = Evaluation(("all", "b"), {"P@1": np.array([1.0, 0.0])}, {"P@1": 0.5})
    out = io.StringIO()
    write_csv(evaluation, out, ["P@1"])
    assert out.getvalue() == "query,P@1\nall,1.000000\nb,0.000000\nall,0.500000\n"
    assert reference_csv(evaluation, ["P@1"], True) == "query,P@1\nall,0.500000\nb,0.000000\n"


def test_the_command_line_writes_json_and_csv_without_pandas():
    code = ("import io, sys; from metrics.cli import main; "
            f"[main(['evaluate', {str(QRELS)!r}, {str(RUN)!r}, '-m', 'AP', '-q', '--output', form], io.StringIO()) "
            "for form in ('json', 'csv')]; print('pandas' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True).stdout
    assert out.strip() == "False"
