"""Output formats' speed, end to end: text, JSON and CSV against a lean pytrec_eval script and an earlier commit.

Generates (seeded, in a temporary folder, with ``bench_evaluate.py``'s generator) a run of ``--queries`` x
``--docs`` lines, shuffled (``--form unsorted``, the default) or grouped by query with scores descending (``--form
sorted``: pytrec_eval's best case), and its qrels, then times as whole child processes, alternating in
every round (the order rotating) so all see the same load on this shared machine:

* ``pytrec_eval``: a lean script -- ``parse_qrel``/``parse_run``, ``RelevanceEvaluator(...).evaluate``,
  ``json.dump`` of the per-query dict to a file;
* ``trec_eval -q``: ``python -m metrics trec_eval -q`` with the same measures;
* ``evaluate text|json|csv``: ``python -m metrics evaluate --per-query --output FORMAT``;

each of ours on this checkout and on REV's (checked out into a temporary git worktree). Prints the
median wall time of each, its ratio to pytrec_eval's (the goal: at most 0.8) and to REV's, and whether
each output is byte for byte REV's (an output format must not change by being made faster).

Usage: ``python benchmarks/bench_output_formats.py [REV (default: HEAD~1)] [--queries 10000] [--docs 100]
[--rounds 3] [--form sorted|unsorted]``
"""

from __future__ import annotations

import argparse
import filecmp
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_evaluate import generate_in_child  # this script's folder is on sys.path

REPO = Path(__file__).resolve().parents[1]
TREC = ["ndcg_cut_10", "map", "recip_rank", "P_10", "recall_100"]
DROP_IN = ["ndcg_cut.10", "map", "recip_rank", "P.10", "recall.100"]
GOAL = 0.8

PYTREC = """
import json, sys
import pytrec_eval
with open(sys.argv[1]) as f:
    qrel = pytrec_eval.parse_qrel(f)
with open(sys.argv[2]) as f:
    run = pytrec_eval.parse_run(f)
result = pytrec_eval.RelevanceEvaluator(qrel, {measures!r}).evaluate(run)
json.dump(result, sys.stdout)
"""


def commands() -> dict[str, list[str]]:
    """Each timed program's arguments after the interpreter (qrels and run appended)."""
    measures = [arg for m in TREC for arg in ("-m", m)]
    out = {"pytrec_eval": ["-c", PYTREC.format(measures=set(TREC))],
           "trec_eval -q": ["-m", "metrics", "trec_eval", "-q", *(arg for m in DROP_IN for arg in ("-m", m))]}
    for form in ("text", "json", "csv"):
        out[f"evaluate {form}"] = ["-m", "metrics", "evaluate", "--per-query", "--output", form, *measures]
    return out


def timed(argv: list[str], cwd: Path, qrels: Path, run: Path, output: Path) -> float:
    """Wall seconds of one child (``python ARGV QRELS RUN`` in ``cwd``), its stdout sent to ``output``."""
    with open(output, "wb") as sink:
        start = time.perf_counter()
        done = subprocess.run([sys.executable, *argv, str(qrels), str(run)], cwd=cwd, stdout=sink,
                              stderr=subprocess.PIPE)
        seconds = time.perf_counter() - start
    if done.returncode:
        raise SystemExit(f"{argv[:4]} in {cwd} failed ({done.returncode}):\n{done.stderr.decode()[-2000:]}")
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", nargs="?", default="HEAD~1", help="the earlier commit (default HEAD~1)")
    parser.add_argument("--queries", type=int, default=10_000)
    parser.add_argument("--docs", type=int, default=100)
    parser.add_argument("--judged", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--form", choices=("unsorted", "sorted"), default="unsorted",
                        help="the run's lines shuffled (default) or grouped by query, scores descending")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench_output_") as tmp:
        folder = Path(tmp)
        qrels, sorted_run, unsorted_run = generate_in_child(folder, args.queries, args.docs, args.judged, args.seed)
        run = sorted_run if args.form == "sorted" else unsorted_run
        before = folder / "before"
        subprocess.run(["git", "worktree", "add", "--detach", str(before), args.rev], cwd=REPO, check=True,
                       capture_output=True)
        try:
            progs = commands()
            jobs = [("pytrec_eval", REPO)] + [(name, where) for name in progs if name != "pytrec_eval"
                                              for where in (REPO, before)]
            times: dict = {job: [] for job in jobs}
            for round_ in range(args.rounds):
                shift = round_ * len(jobs) // max(args.rounds, 1)
                for name, where in jobs[shift:] + jobs[:shift]:
                    tag = "now" if where == REPO else "rev"
                    out = folder / f"{name.replace(' ', '_')}.{tag}.out"
                    times[name, where].append(timed(progs[name], where, qrels, run, out))
            load = os.getloadavg()
            print(f"{args.queries:,} queries x {args.docs} documents ({args.form}), {args.rounds} rounds; "
                  f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} CPUs")
            reference = statistics.median(times["pytrec_eval", REPO])
            print(f"  {'pytrec_eval (lean, json.dump)':32s} {reference:7.3f} s")
            worst = 0.0
            for name in progs:
                if name == "pytrec_eval":
                    continue
                now, then = statistics.median(times[name, REPO]), statistics.median(times[name, before])
                stem = folder / name.replace(" ", "_")
                same = filecmp.cmp(f"{stem}.now.out", f"{stem}.rev.out", shallow=False)
                worst = max(worst, now / reference)
                print(f"  {name:32s} {now:7.3f} s = {now / reference:.2f}x pytrec_eval; {args.rev}: {then:.3f} s "
                      f"= {then / reference:.2f}x; now / {args.rev} {now / then:.2f}; "
                      f"output {'identical to' if same else 'DIFFERS from'} {args.rev}'s")
            print(f"slowest format: {worst:.2f}x pytrec_eval (goal <= {GOAL})")
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(before)], cwd=REPO, check=True)


if __name__ == "__main__":
    main()
