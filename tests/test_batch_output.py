"""metrics.batch.output: trec_eval's text lines written in bulk, as ``python -m metrics evaluate`` prints them."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import numpy as np

from metrics.batch.evaluation import Evaluation, evaluate
from metrics.batch.output import format_per_query, measure_lines, name_width
from metrics.cli import main

ROOT = Path(__file__).resolve().parents[1]
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
