"""How long compare_runs takes per query over every preset, beside metrics.evaluate on the same run.

    python benchmarks/bench_presets.py [--queries 500] [--items 30] [--ties many|few] [--repeat 3] [--baseline REV]
        [--profile]

The run is synthetic: ``--queries`` queries of ``--items`` items, graded judgements (0, 0.5, 1, 2, 3, some
unretrieved judged items in the pool), ties and near-ties (1e-9 apart) in the scores, so that every tie rule
and the intervals of undefined tie orders are exercised (about three quarters of the items are tied);
``--ties few``: scores drawn from [0, 3) and rounded to 4 decimals, a tenth of them to 1 decimal, so that a few
items tie, as in a real run. Prints the median ms per query of
``compare_runs(qrels, run, 10)`` (all presets), of ``compare_runs(qrels, run, (5, 10, 20))`` (three cut-offs in
one call) and of ``metrics.evaluate`` with nDCG@10, AP@10, RR, P@10 and R@10 (the reference, measured in the
same process), and the ratios. ``--baseline REV`` also times ``compare_runs(k=10)`` as the commit REV has it
(its ``metrics`` package exported to a temporary directory and run in a child process on the same run).
``--profile`` prints cProfile's top functions for one compare_runs call.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pandas as pd  # noqa: E402
from bench_find_conventions import median_time  # noqa: E402

from metrics import evaluate  # noqa: E402
from metrics.conventions import compare_runs  # noqa: E402


def synthetic_run(queries: int = 500, items: int = 30, seed: int = 7, ties: str = "many") \
        -> tuple[pd.DataFrame, pd.DataFrame]:
    """A qrels and a run (DataFrames with query, item, and rel or score) with graded judgements and tied scores
    (``ties="few"``: scores that seldom tie)."""
    rng = random.Random(seed)
    qrels, run = [], []
    for q in range(queries):
        query = f"q{q:04d}"
        docs = [f"d{i:03d}" for i in rng.sample(range(items * 3), items)]
        for doc in docs:
            if rng.random() < 0.5:
                qrels.append((query, doc, rng.choice([0, 0, 0.5, 1, 2, 3])))
            if ties == "few":
                run.append((query, doc, round(rng.random() * 3, 1 if rng.random() < 0.1 else 4)))
                continue
            base = rng.choice([0.1, 0.2, 0.5, 1.0, 1.5, 2.0, 3.0])
            run.append((query, doc, base + rng.choice([0.0, 0.0, 1e-9, rng.random()])))
        qrels += [(query, f"pool{i}", rng.choice([1, 2])) for i in range(2)]
    return (pd.DataFrame(qrels, columns=["query", "item", "rel"]),
            pd.DataFrame(run, columns=["query", "item", "score"]))


def baseline_time(revision: str, queries: int, items: int, repeat: int, ties: str = "many") -> float:
    """Seconds of ``compare_runs(qrels, run, 10)`` on the same run with the ``metrics`` package of ``revision``."""
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(["git", "-C", str(root), "archive", revision, "metrics"], check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
        code = (f"import sys; sys.path[:0] = [{folder!r}, {str(root / 'benchmarks')!r}]\n"
                "import metrics\n"  # REV's, imported before bench_presets puts this checkout on the path
                f"assert metrics.__file__.startswith({folder!r}), metrics.__file__\n"
                "from metrics.conventions import compare_runs\n"
                "from bench_presets import synthetic_run, median_time\n"
                f"qrels, run = synthetic_run({queries}, {items}, ties={ties!r})\n"
                f"print(median_time(lambda: compare_runs(qrels, run, 10), {repeat}))\n")
        out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True, cwd=folder)
    return float(out.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=500)
    parser.add_argument("--items", type=int, default=30)
    parser.add_argument("--ties", choices=("many", "few"), default="many",
                        help="many: three quarters of the items tied (the default); few: a few ties, as a real run")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--baseline", metavar="REV", help="also time compare_runs as this commit has it")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    qrels, run = synthetic_run(args.queries, args.items, ties=args.ties)
    n = args.queries
    reference = median_time(lambda: evaluate(qrels, run, ["nDCG@10", "AP@10", "RR", "P@10", "R@10"]),
                            args.repeat)
    one = median_time(lambda: compare_runs(qrels, run, 10), args.repeat)
    print(f"{n} queries of {args.items} items" + (", few ties" if args.ties == "few" else ""))
    print(f"metrics.evaluate, 5 measures (reference): {reference / n * 1e3:8.3f} ms per query")
    print(f"compare_runs(k=10), all presets:          {one / n * 1e3:8.3f} ms per query "
          f"({one / reference:.1f}x the reference)")
    if args.baseline:
        before = baseline_time(args.baseline, args.queries, args.items, args.repeat, args.ties)
        print(f"compare_runs(k=10) at {args.baseline}:       {before / n * 1e3:8.3f} ms per query "
              f"({before / reference:.1f}x the reference; now {one / before:.2f}x its time)")
    try:
        many = median_time(lambda: compare_runs(qrels, run, (5, 10, 20)), args.repeat)
    except Exception as error:  # the code path before several cut-offs per call
        print(f"compare_runs(k=(5, 10, 20)): not available ({error.__class__.__name__})")
    else:
        print(f"compare_runs(k=(5, 10, 20)), all presets: {many / n * 1e3:8.3f} ms per query "
              f"({many / reference:.1f}x the reference, {many / one:.2f}x one cut-off)")
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(compare_runs, qrels, run, 10)
        pstats.Stats(profile).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
