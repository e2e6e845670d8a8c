"""Benchmark: read + evaluate a 1 M-line TREC run, ours against pytrec_eval, whole processes.

Generates (seeded, into a temporary folder) a run of ``--queries`` x ``--docs`` lines and qrels
with ``--judged`` graded (0-3) judgements per query, in two forms: sorted (query by query, scores
descending, as most systems write runs) and unsorted (the same lines shuffled: each query's lines
out of order and the queries interleaved).  On each form it times, as separate child processes
(end to end: process start, reading, evaluating, printing):

* library: ``metrics.batch.evaluate(qrels_path, run_path, [nDCG@10, AP, RR, P@10, R@100])``
  printing the means, beside pytrec_eval's ``parse_qrel`` / ``parse_run`` on open files,
  ``RelevanceEvaluator`` with ``ndcg_cut_10, map, recip_rank, P_10, recall_100`` and the means;
* library+frame: ours, also building ``per_query`` (imports pandas) -- for information;
* command line: ``python -m metrics evaluate -q -m ndcg_cut_10 -m map ...`` and the drop-in
  ``python -m metrics trec_eval -q -m ndcg_cut.10 -m map ...``, each with its output sent to a file, beside a pytrec_eval script that writes the same per-query and ``all`` lines
  (trec_eval's ``%-22s\\t%s\\t%6.4f`` layout) to a file.

With ``--baseline DIR`` (a checkout of another commit, e.g. from ``git worktree add``; repeatable)
the library and command-line children also run on DIR's code, named after DIR, in the same rounds:
before and after a change, measured together.  Each child runs ``--repeats`` times, interleaved (the order rotating
every round).  The script prints, for each child, the median and best wall time, the CPU time
(user + sys) and the peak memory (``ru_maxrss`` from
``os.wait4``), each ratio ours / pytrec_eval of median wall and CPU times and of peak memory (on
a busy machine the CPU times are the steadier figure), and a sanity
check that the means agree (library: to 1e-9; command line: to the printed 4 decimals).  The data
is generated in a child process too, so that this process stays small (a child's ``ru_maxrss``
counts what it inherited).

Usage: ``python benchmarks/bench_evaluate.py [--queries 10000] [--docs 100] [--repeats 3]
[--baseline DIR]``
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
OURS = ["nDCG@10", "AP", "RR", "P@10", "R@100"]
TREC = {"nDCG@10": "ndcg_cut_10", "AP": "map", "RR": "recip_rank", "P@10": "P_10", "R@100": "recall_100"}
FORMS = ("sorted", "unsorted")

CHILD_OURS = """
import json, sys
from metrics.batch.evaluation import evaluate
ev = evaluate(sys.argv[1], sys.argv[2], {measures!r})
{extra}
print(json.dumps(ev.aggregate))
"""

CHILD_PYTREC = """
import json, sys
import pytrec_eval
with open(sys.argv[1]) as f:
    qrel = pytrec_eval.parse_qrel(f)
with open(sys.argv[2]) as f:
    run = pytrec_eval.parse_run(f)
result = pytrec_eval.RelevanceEvaluator(qrel, {measures!r}).evaluate(run)
means = {{m: sum(v[m] for v in result.values()) / len(result) for m in {measures!r}}}
print(json.dumps(means))
"""

#: pytrec_eval's counterpart of ``python -m metrics evaluate -q``: per-query lines, then the means
CHILD_PYTREC_Q = """
import sys
import pytrec_eval
with open(sys.argv[1]) as f:
    qrel = pytrec_eval.parse_qrel(f)
with open(sys.argv[2]) as f:
    run = pytrec_eval.parse_run(f)
measures = {measures!r}
result = pytrec_eval.RelevanceEvaluator(qrel, set(measures)).evaluate(run)
out = sys.stdout
for m in measures:
    out.writelines("%-22s\\t%s\\t%6.4f\\n" % (m, q, result[q][m]) for q in sorted(result))
    out.write("%-22s\\tall\\t%6.4f\\n" % (m, sum(v[m] for v in result.values()) / len(result)))
"""


@dataclass(frozen=True, eq=False)
class Child:
    """One program to time: its command (``{qrels}``/``{run}`` filled in) and where its code lives."""

    name: str
    argv: tuple[str, ...]
    cwd: Path
    to_file: bool  # stdout is the per-query output (sent to a file) rather than JSON means
    reference: str  # the pytrec_eval child it is compared with

    def command(self, qrels: Path, run: Path) -> list[str]:
        return [sys.executable, *self.argv, str(qrels), str(run)]


def children(baselines: list[Path]) -> list[Child]:
    """The programs to time: pytrec_eval's first, then ours (and each baseline's)."""
    cli = ("-m", "metrics", "evaluate", "-q", *(arg for m in TREC.values() for arg in ("-m", m)))
    trec_syntax = [m.replace("_cut_", "_cut.").replace("P_", "P.").replace("recall_", "recall.") for m in TREC.values()]
    drop_in = ("-m", "metrics", "trec_eval", "-q", *(arg for m in trec_syntax for arg in ("-m", m)))
    out = [Child("pytrec_eval", ("-c", CHILD_PYTREC.format(measures=set(TREC.values()))), REPO, False, ""),
           Child("pytrec_eval -q", ("-c", CHILD_PYTREC_Q.format(measures=list(TREC.values()))), REPO, True, ""),
           Child("ours", ("-c", CHILD_OURS.format(measures=OURS, extra="")), REPO, False, "pytrec_eval"),
           Child("ours+frame", ("-c", CHILD_OURS.format(measures=OURS, extra="ev.per_query")), REPO, False,
                 "pytrec_eval"),
           Child("ours cli -q", cli, REPO, True, "pytrec_eval -q"),
           Child("ours trec_eval -q", drop_in, REPO, True, "pytrec_eval -q")]
    for folder in baselines:
        out += [Child(folder.name, out[2].argv, folder, False, "pytrec_eval"),
                Child(f"{folder.name} cli -q", cli, folder, True, "pytrec_eval -q")]
    return out


def generate(folder: Path, queries: int, docs: int, judged: int, seed: int) -> tuple[Path, Path]:
    """Write run.txt, run_unsorted.txt and qrels.txt: docs per query with scores descending (4
    decimals), the same lines shuffled, and ``judged`` judgements per query, two thirds among the
    retrieved (biased to the top)."""
    import numpy as np

    rng = np.random.default_rng(seed)
    qids = np.array([str(301 + q) for q in range(queries)], dtype=object)
    pool = docs + judged  # candidates per query: unique doc numbers
    numbers = rng.integers(0, 10_000_000, size=(queries, pool))
    # make the numbers unique within each query: add a per-query permutation offset
    numbers = (numbers // pool) * pool + rng.permuted(np.tile(np.arange(pool), (queries, 1)), axis=1)
    names = np.char.add("D", numbers.astype(str))
    scores = np.sort(np.round(rng.normal(10.0, 3.0, size=(queries, docs)), 4), axis=1)[:, ::-1]
    ranks = np.tile(np.arange(1, docs + 1), queries)
    run_lines = [f"{q} Q0 {d} {r} {s:.4f} bench\n" for q, d, r, s in
                 zip(np.repeat(qids, docs), names[:, :docs].ravel(), ranks, scores.ravel())]
    retrieved = judged * 2 // 3
    weights = 1.0 / np.arange(1, docs + 1)
    weights /= weights.sum()
    qrel_lines = []
    for q in range(queries):
        picked = rng.choice(docs, size=retrieved, replace=False, p=weights)
        extra = docs + np.arange(judged - retrieved)
        columns = np.concatenate((picked, extra))
        grades = rng.choice(4, size=judged, p=[0.45, 0.3, 0.15, 0.1])
        qrel_lines.extend(f"{qids[q]} 0 {names[q, c]} {g}\n" for c, g in zip(columns, grades))
    run_path, qrels_path = folder / "run.txt", folder / "qrels.txt"
    run_path.write_text("".join(run_lines))
    (folder / "run_unsorted.txt").write_text("".join(run_lines[i] for i in rng.permutation(len(run_lines))))
    qrels_path.write_text("".join(qrel_lines))
    return qrels_path, run_path


def generate_in_child(folder: Path, queries: int, docs: int, judged: int, seed: int) -> tuple[Path, Path, Path]:
    """:func:`generate` in a child process (its memory stays out of this process's peak); the paths of the
    qrels, the run and the shuffled run."""
    subprocess.run([sys.executable, __file__, "--generate-into", str(folder), "--queries", str(queries),
                    "--docs", str(docs), "--judged", str(judged), "--seed", str(seed)], check=True)
    return folder / "qrels.txt", folder / "run.txt", folder / "run_unsorted.txt"


def run_child(child: Child, qrels: Path, run: Path, output: Path) -> tuple[float, float, int, dict]:
    """Wall seconds, CPU seconds, peak RSS in bytes and the means of one child's run."""
    with open(output, "wb") as sink:
        start = time.perf_counter()
        process = subprocess.Popen(child.command(qrels, run), cwd=child.cwd, stdout=sink, stderr=subprocess.PIPE)
        err = process.stderr.read()
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status):
        raise SystemExit(f"{child.name} failed ({os.waitstatus_to_exitcode(status)}):\n{err.decode()}")
    text = output.read_text()
    means = _all_lines(text) if child.to_file else json.loads(text)
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024, means


def _all_lines(text: str) -> dict[str, float]:
    """The means of a trec_eval-style output (its ``all`` lines), keyed by trec_eval's names;
    also checks that there is one line per query and measure."""
    means, lines = {}, text.splitlines()
    for line in lines:
        name, query, value = line.split("\t")
        if query == "all":
            means[TREC.get(name.strip(), name.strip())] = float(value)
    means["lines"] = len(lines)
    return means


def check(means: dict[str, dict], name: str, reference: str, to_file: bool) -> str:
    """Whether ``name``'s means agree with ``reference``'s: to 1e-9 (JSON means) or to the printed
    4 decimals with as many lines (per-query output)."""
    if to_file:
        worst = max(abs(means[name][m] - means[reference][m]) for m in TREC.values())
        same = worst <= 1.5e-4 and means[name]["lines"] == means[reference]["lines"]
        return f"{'agree' if same else 'DISAGREE'} to 4 decimals ({means[name]['lines']:,} lines)"
    worst = max(abs(means[name][ours] - means[reference][trec]) for ours, trec in TREC.items())
    return f"{'agree' if worst <= 1e-9 else 'DISAGREE'} to 1e-9 (largest difference {worst:.1e})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--queries", type=int, default=10_000)
    parser.add_argument("--docs", type=int, default=100)
    parser.add_argument("--judged", type=int, default=30)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--baseline", type=Path, action="append", default=[],
                        help="a checkout of another commit, timed as another 'ours' (repeatable)")
    parser.add_argument("--generate-into", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.generate_into:
        generate(Path(args.generate_into), args.queries, args.docs, args.judged, args.seed)
        return

    with tempfile.TemporaryDirectory(prefix="bench_evaluate_") as tmp:
        started = time.perf_counter()
        qrels, sorted_run, unsorted_run = generate_in_child(Path(tmp), args.queries, args.docs, args.judged,
                                                            args.seed)
        runs = {"sorted": sorted_run, "unsorted": unsorted_run}
        print(f"generated {args.queries * args.docs:,} run lines ({runs['sorted'].stat().st_size / 2**20:.1f} MiB, "
              f"sorted and shuffled) and {args.queries * args.judged:,} qrels lines "
              f"in {time.perf_counter() - started:.1f} s")
        kids = children(args.baseline)
        jobs = [(form, child) for form in FORMS for child in kids]
        times = {job: [] for job in jobs}
        cpu = {job: [] for job in jobs}
        memory = {job: 0 for job in jobs}
        means = {form: {} for form in FORMS}
        for repeat in range(args.repeats):
            shift = repeat * len(jobs) // max(args.repeats, 1)
            for form, child in jobs[shift:] + jobs[:shift]:  # rotate: no order advantage
                seconds, cpu_seconds, rss, result = run_child(child, qrels, runs[form], Path(tmp) / "out.txt")
                times[form, child].append(seconds)
                cpu[form, child].append(cpu_seconds)
                memory[form, child] = max(memory[form, child], rss)
                means[form][child.name] = result
        failed = report(kids, times, cpu, memory, means)
        if failed:
            raise SystemExit(1)


def report(kids: list[Child], times: dict, cpu: dict, memory: dict, means: dict) -> bool:
    """Print every figure, and ours beside pytrec_eval's; True when some means disagree."""
    median = {job: statistics.median(values) for job, values in times.items()}
    failed = False
    for form in FORMS:
        print(f"\n{form} run:")
        for child in kids:
            job = (form, child)
            runs = ", ".join(f"{t:.3f}" for t in times[job])
            print(f"  {child.name:16s} median {median[job]:.3f} s, best {min(times[job]):.3f} s (runs: {runs}); "
                  f"CPU median {statistics.median(cpu[job]):.3f} s; peak memory {memory[job] / 2**20:.0f} MiB")
        for child in kids:
            if not child.reference:
                continue
            reference = next(k for k in kids if k.name == child.reference)
            job, ref = (form, child), (form, reference)
            verdict = check(means[form], child.name, reference.name, child.to_file)
            failed |= "DISAGREE" in verdict
            mine, theirs = statistics.median(cpu[job]), statistics.median(cpu[ref])
            print(f"  {child.name + ' / ' + reference.name:34s} time {median[job]:.3f} / {median[ref]:.3f} s = "
                  f"{median[job] / median[ref]:.2f}; CPU {mine:.3f} / {theirs:.3f} s = {mine / theirs:.2f}; "
                  f"peak memory {memory[job] / 2**20:.0f} / {memory[ref] / 2**20:.0f} MiB = "
                  f"{memory[job] / memory[ref]:.2f}; means {verdict}")
    return failed


if __name__ == "__main__":
    main()
