"""Drag speed against an earlier commit, measured in the same run.

Checks the earlier commit out into a temporary git worktree and runs this checkout's
``benchmarks/bench_pages.py --app DIR`` on each version's app in turn (the same measuring code for
both: an earlier commit's own script may not run today, e.g. its 5 s waits on a loaded machine),
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
MISSED = re.compile(r"^presses that did not pick the top item up \(pressed again\): (\d+)$", re.MULTILINE)


def median_drag(app: Path, drags: int) -> tuple[float, int]:
    """One run of the browser benchmark on ``app``'s app.py: its median seconds from release to new value, and
    how many of its presses missed the item (pressed again: no drag, nothing measured)."""
    run = subprocess.run([sys.executable, "benchmarks/bench_pages.py", "--browser-only", "--drags", str(drags),
                          "--app", str(app)], cwd=REPO, capture_output=True, text=True)
    output = run.stdout
    if run.returncode:
        raise RuntimeError(f"the benchmark stopped on {app} (exit {run.returncode}):\n{run.stderr[-3000:]}")
    found = MEDIAN.findall(output)
    if not found:
        raise RuntimeError(f"no median in the output for {app}:\n{output[-2000:]}")
    missed = MISSED.findall(output)
    return float(found[-1][0]), int(missed[-1]) if missed else 0


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
                (earlier, missed_then), (today, missed_now) = median_drag(before, args.drags), median_drag(REPO, args.drags)
                then.append(earlier)
                now.append(today)
                again = f" (presses that missed the item, pressed again: {missed_then} · {missed_now})" \
                    if missed_then or missed_now else ""
                print(f"round {round_}: {args.rev} {earlier:.3f} s · now {today:.3f} s{again}", flush=True)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(before)], cwd=REPO, check=True)
    print(f"median drag → new nDCG: {args.rev} {statistics.median(then):.3f} s, now {statistics.median(now):.3f} s, "
          f"ratio now / before {statistics.median(now) / statistics.median(then):.2f}")


if __name__ == "__main__":
    main()
