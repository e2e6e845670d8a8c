"""The suite's time, read from the JUnit reports ``scripts/test.sh`` writes (artifacts/junit-fast.xml,
artifacts/junit-e2e.xml): each part's wall time, its tests' summed time, and the slowest tests and files.

Usage: python scripts/test_times.py [REPORT.xml ...] [--top N]
"""

from __future__ import annotations

import argparse
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

REPORTS = [Path("artifacts/junit-fast.xml"), Path("artifacts/junit-e2e.xml")]


def report(path: Path, top: int) -> list[str]:
    """Lines about one JUnit report: wall time, summed test time, the ``top`` slowest tests and files."""
    suite = ET.parse(path).getroot()
    suite = suite if suite.tag == "testsuite" else suite.find("testsuite")
    cases = [(float(case.get("time", 0)), f"{case.get('classname')}::{case.get('name')}")
             for case in suite.iter("testcase")]
    by_file: dict[str, float] = defaultdict(float)
    for seconds, name in cases:
        by_file[name.split("::")[0]] += seconds
    lines = [(f"{path}: {len(cases)} tests, wall {float(suite.get('time', 0)) / 60:.1f} min, "
             f"summed {sum(s for s, _ in cases) / 60:.1f} min"),
             f"  slowest {top} tests:"]
    lines += [f"    {seconds:7.1f} s  {name}" for seconds, name in sorted(cases, reverse=True)[:top]]
    lines.append(f"  slowest {top} files (summed):")
    lines += [f"    {seconds:7.1f} s  {name}" for name, seconds in
              sorted(by_file.items(), key=lambda item: -item[1])[:top]]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reports", nargs="*", type=Path, default=REPORTS)
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args(argv)
    missing = [str(path) for path in args.reports if not path.is_file()]
    if missing:
        print(f"test_times: no report {', '.join(missing)} (run bash scripts/test.sh first)", file=sys.stderr)
        return 2
    for path in args.reports:
        print("\n".join(report(path, args.top)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
