"""Benchmark: read + evaluate a 1 M-line TREC run, ours against pytrec_eval, whole processes.

Generates (seeded, into a temporary folder) a run of ``--queries`` x ``--docs`` lines and qrels
with ``--judged`` graded (0-3) judgements per query, then times, as separate child processes:

* ours: ``metrics.batch.evaluation.evaluate(qrels_path, run_path, [nDCG@10, AP, RR, P@10, R@100])``
  (reading included) and printing the means;
* ours+frame: the same, also building ``per_query`` (imports pandas) -- for information;
* pytrec_eval: ``parse_qrel`` / ``parse_run`` on open files, then ``RelevanceEvaluator`` with
  ``map, recip_rank, ndcg_cut_10, P_10, recall_100`` and the means.

Each is run ``--repeats`` times (interleaved, the order rotating).  The script prints the median
and best wall time of each, its CPU time (user + sys; pyarrow reads with two threads), the ratio
ours / pytrec_eval of the medians, each child's peak memory (``ru_maxrss`` from ``os.wait4``)
and a sanity check that both give the same means to 1e-9.  The data is generated in a child
process too, so that this process stays small (a child's ``ru_maxrss`` counts what it inherited).

Usage: ``python benchmarks/bench_evaluate.py [--queries 10000] [--docs 100] [--repeats 3]``
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
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
OURS = ["nDCG@10", "AP", "RR", "P@10", "R@100"]
TREC = {"nDCG@10": "ndcg_cut_10", "AP": "map", "RR": "recip_rank", "P@10": "P_10", "R@100": "recall_100"}

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


def generate(folder: Path, queries: int, docs: int, judged: int, seed: int) -> tuple[Path, Path]:
    """Write run.txt and qrels.txt: docs per query with scores descending (4 decimals), and
    ``judged`` judgements per query, two thirds among the retrieved (biased to the top)."""
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
    qrels_path.write_text("".join(qrel_lines))
    return qrels_path, run_path


def run_child(code: str, qrels: Path, run: Path) -> tuple[float, float, int, dict]:
    """Wall seconds, CPU seconds, peak RSS in bytes and the printed means of one child."""
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-c", code, str(qrels), str(run)], cwd=REPO,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = child.stdout.read()
    err = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(f"child failed ({child.returncode}):\n{err.decode()}")
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024, json.loads(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--queries", type=int, default=10_000)
    parser.add_argument("--docs", type=int, default=100)
    parser.add_argument("--judged", type=int, default=30)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--generate-into", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.generate_into:
        generate(Path(args.generate_into), args.queries, args.docs, args.judged, args.seed)
        return

    with tempfile.TemporaryDirectory(prefix="bench_evaluate_") as tmp:
        started = time.perf_counter()
        subprocess.run([sys.executable, __file__, "--generate-into", tmp, "--queries", str(args.queries),
                        "--docs", str(args.docs), "--judged", str(args.judged), "--seed", str(args.seed)],
                       check=True)
        qrels, run = Path(tmp) / "qrels.txt", Path(tmp) / "run.txt"
        print(f"generated {args.queries * args.docs:,} run lines ({run.stat().st_size / 2**20:.1f} MiB) "
              f"and {args.queries * args.judged:,} qrels lines in {time.perf_counter() - started:.1f} s")
        children = {
            "ours": CHILD_OURS.format(measures=OURS, extra=""),
            "ours+frame": CHILD_OURS.format(measures=OURS, extra="ev.per_query"),
            "pytrec_eval": CHILD_PYTREC.format(measures=set(TREC.values())),
        }
        times: dict[str, list[float]] = {name: [] for name in children}
        cpu: dict[str, list[float]] = {name: [] for name in children}
        memory: dict[str, int] = {name: 0 for name in children}
        means: dict[str, dict] = {}
        names = list(children)
        for repeat in range(args.repeats):
            for name in names[repeat % 3:] + names[:repeat % 3]:  # rotate: no order advantage
                code = children[name]
                seconds, cpu_seconds, rss, result = run_child(code, qrels, run)
                times[name].append(seconds)
                cpu[name].append(cpu_seconds)
                memory[name] = max(memory[name], rss)
                means[name] = result
        median = {name: statistics.median(values) for name, values in times.items()}
        for name in children:
            runs = ", ".join(f"{t:.3f}" for t in times[name])
            print(f"{name:12s} median {median[name]:.3f} s, best {min(times[name]):.3f} s (runs: {runs}); "
                  f"CPU median {statistics.median(cpu[name]):.3f} s; peak memory {memory[name] / 2**20:.0f} MiB")
        print(f"ratio ours / pytrec_eval: {median['ours'] / median['pytrec_eval']:.2f}   "
              f"(with the per-query DataFrame: {median['ours+frame'] / median['pytrec_eval']:.2f})")
        worst = max(abs(means["ours"][ours] - means["pytrec_eval"][trec]) for ours, trec in TREC.items())
        verdict = "agree" if worst <= 1e-9 else "DISAGREE"
        print(f"sanity: means {verdict} to 1e-9 (largest difference {worst:.1e}): "
              + ", ".join(f"{m} {means['ours'][m]:.6f}" for m in OURS))
        if worst > 1e-9:
            raise SystemExit(1)


if __name__ == "__main__":
    main()
