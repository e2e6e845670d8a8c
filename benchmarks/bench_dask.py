"""Dask: ``python -m metrics trec_eval -q`` in one process against 1 and 2 Dask workers, end to end.

Generates (seeded, in a temporary folder, with ``bench_evaluate.py``'s generator) a shuffled run of
``--queries`` x ``--docs`` lines and its qrels, starts two LocalClusters (1 and 2 single-threaded worker
processes) and times as whole child processes, in rotating order every round:

* ``one process``: ``python -m metrics trec_eval -q -m ...``;
* ``1 worker`` / ``2 workers``: the same with ``--scheduler`` pointed at the running cluster (the cluster's
  start-up not counted, as on a real cluster);
* ``--workers 2``: the same starting its own LocalCluster of 2 (start-up counted).

Prints the machine's load average and CPU count, each median wall time, its ratio to one process and to
1 worker, and whether every output is byte for byte the one process's.  On this 2-core machine shared with
other work a second worker can help only with the evaluation, not with reading or printing (done once on
the client): read the figures with the load beside them.

Usage: ``python benchmarks/bench_dask.py [--queries 10000] [--docs 100] [--rounds 3]``
"""

from __future__ import annotations

import argparse
import filecmp
import logging
import os
import statistics
import sys
import tempfile
from pathlib import Path

from bench_evaluate import generate_in_child  # this script's folder is on sys.path
from bench_output_formats import timed

REPO = Path(__file__).resolve().parents[1]
MEASURES = ["-m", "ndcg_cut.10", "-m", "map", "-m", "recip_rank", "-m", "P.10", "-m", "recall.100"]
TREC_EVAL = ["-m", "metrics", "trec_eval", "-q", *MEASURES]  #: the command timed, after the interpreter


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--queries", type=int, default=10_000)
    parser.add_argument("--docs", type=int, default=100)
    parser.add_argument("--judged", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    from distributed import LocalCluster

    sys.path.insert(0, str(REPO))  # the workers (spawned with this path) import metrics

    with tempfile.TemporaryDirectory(prefix="bench_dask_") as tmp:
        folder = Path(tmp)
        qrels, _, run = generate_in_child(folder, args.queries, args.docs, args.judged, args.seed)
        options = {"threads_per_worker": 1, "processes": True, "dashboard_address": None,
                   "silence_logs": logging.ERROR}
        with LocalCluster(n_workers=1, **options) as one, LocalCluster(n_workers=2, **options) as two:
            jobs = {"one process": [], "1 worker": ["--scheduler", one.scheduler_address],
                    "2 workers": ["--scheduler", two.scheduler_address], "--workers 2": ["--workers", "2"]}
            times: dict[str, list[float]] = {name: [] for name in jobs}
            names = list(jobs)
            for round_ in range(args.rounds):
                shift = round_ % len(names)
                for name in names[shift:] + names[:shift]:
                    times[name].append(timed([*TREC_EVAL, *jobs[name]], REPO, qrels, run,
                                             folder / f"{names.index(name)}.out"))
        load = os.getloadavg()
        print(f"{args.queries:,} queries x {args.docs} documents (unsorted), trec_eval -q, {args.rounds} rounds; "
              f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} CPUs")
        median = {name: statistics.median(values) for name, values in times.items()}
        for name in names:
            same = filecmp.cmp(folder / "0.out", folder / f"{names.index(name)}.out", shallow=False)
            runs = ", ".join(f"{t:.2f}" for t in times[name])
            print(f"  {name:12s} median {median[name]:7.3f} s (runs {runs}) = {median[name] / median['one process']:.2f}"
                  f"x one process, {median[name] / median['1 worker']:.2f}x 1 worker; output "
                  f"{'identical to' if same else 'DIFFERS from'} one process's")


if __name__ == "__main__":
    main()
