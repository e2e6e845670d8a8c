"""``python -m metrics cwl_eval`` against the installed cwl-eval 1.0.12 on random cases: graded gains in [0, 1]
with ties, unjudged and repeated items, topics missing from the gains or met twice, cost files, every default
and every metrics-file model, -n, -r and every bound flag. stdout and the exit status are byte for byte
cwl-eval's; on a failure stderr is one line naming the file and line (or topic) and then the last lines of
cwl-eval's traceback."""

from __future__ import annotations

import io
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from metrics.batch.cwl_eval import main

pytestmark = pytest.mark.skipif(shutil.which("cwl-eval") is None, reason="cwl-eval (pip install cwl-eval) not found")
REFERENCE = Path(__file__).with_name("reference.py")
TYPES = ("snip", "doc", "img", "ad")


def _number(rng: random.Random, choices) -> str:
    return str(rng.choice(choices))


def model_line(rng: random.Random) -> str:
    """One line of a metrics file: any of cwl-eval's models with random parameters."""
    t = _number(rng, (1, 2, 0.5, 1.0, 2.5, 3))
    k = _number(rng, (1, 2, 3, 5, 10))
    lines = [
        f"PrecisionCWLMetric({k})", f"RBPCWLMetric({_number(rng, (0.2, 0.5, 0.8, 0.95))})",
        f"NPVCWLMetric({_number(rng, (0.1, 0.5))})", "RRCWLMetric()", "APCWLMetric()", "TrAPCWLMetric()",
        f"INSTCWLMetric({t})", f"INSQCWLMetric({t})", f"NDCGCWLMetric({k})",
        f"SETCWLMetric({_number(rng, (0.5, 0.2, 1.0))},{k})", f"TBGCWLMetric({_number(rng, (2, 224, 3.5))})",
        f"UMeasureCWLMetric({_number(rng, (3, 5, 1000, 2.5))})", f"BPMCWLMetric({t},{k})",
        f"BPMDCWLMetric({t},{k},{_number(rng, (1.0, 0.5))},{_number(rng, (1.0, 2.0))},{_number(rng, (0.5, 0.3))})",
        f"IFTGoalCWLMetric({t},{_number(rng, (0.9, 1.5))},{_number(rng, (10, 1.0))})",
        f"IFTRateCWLMetric({_number(rng, (0.2, 0.5))},{_number(rng, (0.9, 1.5))},{_number(rng, (10, 1.0))})",
        f"IFTGoalRateCWLMetric({t},0.9,10,{_number(rng, (0.2, 0.5))},0.9,{_number(rng, (10, 1.0))})",
        f"NERReq8CWLMetric({k})", f"NERReq9CWLMetric({k})", f"NERReq10CWLMetric({_number(rng, (0.5, 0.9))})",
        f"NERReq11CWLMetric({t})", "CWLMetric()",
    ]
    return rng.choice(lines)


def make_case(rng: random.Random, directory: Path) -> list[str]:
    """Write a random case's files into ``directory``; its argv."""
    directory.mkdir(parents=True, exist_ok=True)
    topics = [str(t) for t in rng.sample(range(1, 9), rng.randint(1, 4))]
    grades = (0, 0, 0.25, 0.5, 1, 1.0, round(rng.random(), 2), round(rng.random(), 3))
    qrels, run = [], []
    for topic in topics:
        docs = [f"d{i}" for i in range(rng.randint(1, 14))]
        if rng.random() < 0.85:  # some topics are not judged at all
            qrels += [f"{topic} 0 {doc} {rng.choice(grades)}" for doc in docs if rng.random() < 0.7]
        ranked = rng.sample(docs, len(docs)) + [f"u{i}" for i in range(rng.randint(0, 3))]
        if rng.random() < 0.2:
            ranked.append(ranked[0])  # an item twice
        run += [f"{topic} {rng.choice(TYPES)} {doc} {r} {20 - r} run" for r, doc in enumerate(ranked, 1)]
    if len(topics) > 1 and rng.random() < 0.15:
        run += [run[0]]  # the first topic again, after the others: evaluated twice
    if rng.random() < 0.08:  # a malformed line somewhere: cwl-eval's error, located
        bad = rng.choice(("qrels", "run"))
        lines = qrels if bad == "qrels" else run
        lines.insert(rng.randint(0, len(lines)), rng.choice(("", "1 0 d1", "1 Q0 d1 1 2 run extra", "1 0 d1 x")))
    (directory / "gains.txt").write_text("".join(f"{line}\n" for line in qrels))
    (directory / "results.txt").write_text("".join(f"{line}\n" for line in run))
    argv = ["gains.txt", "results.txt"]
    if rng.random() < 0.5:
        kinds = rng.sample(TYPES, rng.randint(1, len(TYPES)))
        (directory / "costs.txt").write_text("".join(f"{k}\t{rng.choice((0.5, 1, 2, 3.5))}\n" for k in kinds))
        argv += ["-c", "costs.txt"]
    if rng.random() < 0.6:
        lines = [model_line(rng) for _ in range(rng.randint(1, 8))]
        if rng.random() < 0.1:  # what cwl-eval's grammar refuses: a comment, a blank line, a wrong argument
            lines.insert(rng.randint(0, len(lines)), rng.choice((
                "# a comment", "", "RBPCWLMetric(0.5,2)", "RRCWLMetric(1)", "IFTGoalCWLMetric(1)", "RBP(0.5)",
                "RBPCWLMetric(1e-3)", "PrecisionCWLMetric(2.0)", "INSTCWLMetric(x)")))
        (directory / "metrics.txt").write_text("".join(f"{line}\n" for line in lines))
        argv += ["-m", "metrics.txt"]
    argv += [flag for flag in ("-n", "-r") if rng.random() < 0.5]
    bounds = {"--max_gain": ("1.0", "2", "1.5", "0.9"), "--min_gain": ("0.0", "0.1", "-1"),
              "--max_cost": ("1.0", "2", "3.5", "0.5", "x"), "--min_cost": ("1.0", "0.5", "1", "0.25"),
              "--max_depth": ("1000", "10", "12", "20", "5", "3")}
    for flag, values in bounds.items():
        if rng.random() < 0.3:
            argv += [flag, rng.choice(values)]
    return argv


def reference(cases: list[tuple[Path, list[str]]]) -> list:
    """cwl-eval's [stdout, stderr, status] of every case, in one process (tests/metrics/measures/cwl/reference.py)."""
    request = json.dumps([[str(directory), argv] for directory, argv in cases])
    done = subprocess.run([sys.executable, str(REFERENCE)], input=request, capture_output=True, text=True,
                          check=True)
    return json.loads(done.stdout)


def ours(directory: Path, argv: list[str], monkeypatch) -> tuple[str, str, int]:
    monkeypatch.chdir(directory)
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, out, err)
    return out.getvalue(), err.getvalue(), status


def check_same(case, theirs, mine) -> None:
    (directory, argv), (their_out, their_err, their_status), (my_out, my_err, my_status) = case, theirs, mine
    where = f"{directory}: cwl-eval {' '.join(argv)}"
    assert my_out == their_out, where
    assert my_status == their_status, where
    if my_status == 1 and their_err:
        located, _, last = my_err.partition("\n")
        assert located.startswith("cwl_eval: ") and len(located.splitlines()) == 1, where
        assert their_err.endswith(last), f"{where}\n{their_err}\n---\n{my_err}"


def sweep(tmp_path: Path, monkeypatch, seed: int, count: int) -> None:
    rng = random.Random(seed)
    cases = [(tmp_path / f"case{i}", None) for i in range(count)]
    cases = [(directory, make_case(rng, directory)) for directory, _ in cases]
    for case, theirs in zip(cases, reference(cases)):
        check_same(case, theirs, ours(*case, monkeypatch))


def test_thirty_random_cases_print_what_cwl_eval_prints(tmp_path, monkeypatch):
    sweep(tmp_path, monkeypatch, seed=34, count=30)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
def test_a_larger_sweep_prints_what_cwl_eval_prints(tmp_path, monkeypatch, seed):
    sweep(tmp_path, monkeypatch, seed=1000 + seed, count=80)


def test_the_reference_runner_is_the_cwl_eval_command(tmp_path, monkeypatch):
    """The one-process runner prints what the command prints (a normal case and a failing one)."""
    rng = random.Random(7)
    cases = [(tmp_path / "ok", make_case(rng, tmp_path / "ok")), (tmp_path / "bad", ["gains.txt", "results.txt"])]
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "gains.txt").write_text("1 0 d1\n")
    (tmp_path / "bad" / "results.txt").write_text("1 Q0 d1 1 1 r\n")
    for (directory, argv), (out, err, status) in zip(cases, reference(cases)):
        done = subprocess.run(["cwl-eval", *argv], cwd=directory, capture_output=True, text=True)
        assert (done.stdout, done.returncode) == (out, status)
        assert done.stderr.endswith(err)
        assert ours(directory, argv, monkeypatch)[::2] == (out, status)


def test_the_help_is_cwl_eval_s(monkeypatch):
    """``-h`` through ``python -m metrics`` is cwl-eval's help (the --fixed-bpm-dynamic flag is not in it)."""
    env = {**os.environ, "COLUMNS": "100"}
    theirs = subprocess.run(["cwl-eval", "-h"], capture_output=True, text=True, env=env)
    mine = subprocess.run([sys.executable, "-m", "metrics", "cwl_eval", "-h"], capture_output=True, text=True,
                          env=env, cwd=Path(__file__).parents[4])
    assert (mine.stdout, mine.returncode) == (theirs.stdout, theirs.returncode) and theirs.stdout.startswith("usage")

