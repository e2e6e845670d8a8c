"""The long differential run: ``python -m metrics trec_eval`` against the real trec_eval binaries.

    python scripts/trec_eval_differential.py SEED COUNT [--version 9.0.7 --version 10.0 ...]

Builds each version from the shared sources (tests/trec_eval_binaries.py, cached in
artifacts/trec_eval_bin), runs COUNT random (collection, flags) pairs from SEED through the binary and
through ours, and prints the pairs tried, identical, where the binary crashed (ours exits 4), and the
differing ones by cause, each cause with its first case minimised.  Exit status 1 when any differ.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests import trec_eval_binaries


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("seed", type=int)
    parser.add_argument("count", type=int, help="pairs per version")
    parser.add_argument("--version", action="append", choices=trec_eval_binaries.VERSIONS,
                        help="a version to compare with (default: all)")
    args = parser.parse_args(argv)
    differing = 0
    for version in args.version or trec_eval_binaries.VERSIONS:
        binary = trec_eval_binaries.build(version)
        with tempfile.TemporaryDirectory() as folder:
            summary = trec_eval_binaries.compare_many(binary, version, args.seed, args.count, Path(folder))
            causes = summary["differing"]
            count = sum(len(cases) for cases in causes.values())
            differing += count
            print(f"trec_eval {version}: {summary['tried']} pairs tried, {summary['identical']} identical, "
                  f"{summary['binary_crashed']} where the binary crashed (ours exits 4), "
                  f"{summary['documented_rbp']} differing only in 10.0's rbp (uninitialised in its source), "
                  f"{count} differing")
            for cause, cases in sorted(causes.items(), key=lambda item: -len(item[1])):
                qrels, run, flags = trec_eval_binaries.minimise(binary, Path(folder), *cases[0], version)
                print(f"  {len(cases)} × {cause}; first minimised: flags {flags}")
                print("    qrels: " + " | ".join(qrels.splitlines()))
                print("    run:   " + " | ".join(run.splitlines()))
        sys.stdout.flush()
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
