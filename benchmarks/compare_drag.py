"""Drag speed against an earlier commit, measured in the same run.

Checks the earlier commit out into a temporary git worktree and runs each version's own
``benchmarks/bench_pages.py`` (each knows its own builder; ``--browser-only`` where it has it) in turn,
``--rounds`` times, alternating, so both see the same load on this shared machine. Prints each round's
median drag-release → new-nDCG time and the ratio now / before.

Usage: ``python benchmarks/compare_drag.py [REV (default: HEAD~1)] [--rounds 2] [--drags 10]``
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
MEDIAN = re.compile(r"^\s*(\d+\.\d+)\s+\d+\.\d+\s+\d+\.\d+\s+(yes|NO)", re.MULTILINE)


def median_drag(repo: Path, drags: int) -> float:
    """One run of a version's browser benchmark: its median seconds from release to new value."""
    output = subprocess.run([sys.executable, "benchmarks/bench_pages.py", "--runs", "1", "--drags", str(drags),
                             *(["--browser-only"] if "--browser-only" in (repo / "benchmarks/bench_pages.py").read_text()
                               else [])],
                            cwd=repo, capture_output=True, text=True, check=True).stdout
    found = MEDIAN.findall(output)
    if not found:
        raise RuntimeError(f"no median in the output of {repo}:\n{output[-2000:]}")
    return float(found[-1][0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", nargs="?", default="HEAD~1")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--drags", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        before = Path(folder) / "before"
        subprocess.run(["git", "worktree", "add", "--detach", str(before), args.rev], cwd=REPO, check=True,
                       capture_output=True)
        try:
            now, then = [], []
            for round_ in range(1, args.rounds + 1):
                then.append(median_drag(before, args.drags))
                now.append(median_drag(REPO, args.drags))
                print(f"round {round_}: {args.rev} {then[-1]:.3f} s · now {now[-1]:.3f} s")
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(before)], cwd=REPO, check=True)
    print(f"median drag → new nDCG: {args.rev} {statistics.median(then):.3f} s, now {statistics.median(now):.3f} s, "
          f"ratio now / before {statistics.median(now) / statistics.median(then):.2f}")


if __name__ == "__main__":
    main()
