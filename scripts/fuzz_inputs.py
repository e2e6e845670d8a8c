"""The long fuzz run: seeded mutations of the sample inputs of every format through the readers, both
TREC parse paths and the command line (``metrics.cli.main`` in a worker process, a timeout per input).

Prints, per format, how many inputs were read, refused and wrong (a traceback, an exception other than
MetricsInputError, parse paths that disagree, a hang); exits 1 when any input went wrong. The mutation
code is tests/fuzzing.py (the bounded CI set is tests/metrics/readers/test_fuzz_inputs.py).

Usage: ``python scripts/fuzz_inputs.py [--count 10000] [--big 200] [--seed 12] [--timeout 30] [--formats run csv]``
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests import fuzzing  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10_000, help="inputs per format (small mutations)")
    parser.add_argument("--big", type=int, default=200, help="inputs per format that may be large")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per input")
    parser.add_argument("--formats", nargs="+", default=list(fuzzing.FORMATS), choices=fuzzing.FORMATS)
    args = parser.parse_args()
    worker = fuzzing.Worker(args.timeout)
    failures = 0
    try:
        for fmt in args.formats:
            start, counts, slowest = time.perf_counter(), collections.Counter(), 0.0
            for big, count in ((False, args.count), (True, args.big)):
                for data in fuzzing.mutants(fmt, count, seed=args.seed, big=big):
                    began = time.perf_counter()
                    outcome = worker.check(fmt, data)
                    slowest = max(slowest, time.perf_counter() - began)
                    problems = fuzzing.bad(outcome)
                    counts["wrong" if problems else outcome["reader"]] += 1
                    if outcome.get("cli") in ("0", "2"):
                        counts[f"cli exit {outcome['cli']}"] += 1
                    for problem in problems:
                        failures += 1
                        print(f"  {fmt}: {problem} <- {data[:100]!r}", flush=True)
            total = sum(counts[k] for k in ("ok", "refused", "wrong"))
            print(f"{fmt:7} {total:6,} inputs: {counts['ok']:6,} read, {counts['refused']:6,} refused, "
                  f"{counts['wrong']} wrong; command line: {counts['cli exit 0']:,} exit 0, "
                  f"{counts['cli exit 2']:,} exit 2; slowest input {slowest:.2f} s; "
                  f"{time.perf_counter() - start:.0f} s", flush=True)
    finally:
        worker.close()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
