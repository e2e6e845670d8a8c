"""Write sample_data/trec/run_c.txt, run_d.txt and run_e.txt: three more systems for the sample qrels,
so that "compare" and the many-systems page have five runs (A and B were written by hand).

Each run ranks, for every query of runs A and B (101–107), a sample of the query's judged documents plus a
few unjudged ones (``doc-<q>-9x``) by ``skill · grade + noise``: a higher skill puts relevant documents
higher. The noise comes from ``numpy.random.default_rng(seed)``, so the files are the same on every run of
this script (``python scripts/make_sample_runs.py``; ``--check`` only compares them with the files).

    run  tag   skill  seed   what it is
    C    sysC  1.6    3      about as good as A
    D    sysD  1.0    4      between A and B
    E    sysE  0.3    5      weak: little better than chance
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
TREC = ROOT / "sample_data" / "trec"
RUNS = (("run_c", "sysC", 1.6, 3), ("run_d", "sysD", 1.0, 4), ("run_e", "sysE", 0.3, 5))
QUERIES = ("101", "102", "103", "104", "105", "106", "107")


def read_qrels(path: Path) -> dict[str, dict[str, int]]:
    qrels: dict[str, dict[str, int]] = {}
    for line in path.read_text().splitlines():
        query, _, doc, grade = line.split()
        qrels.setdefault(query, {})[doc] = int(grade)
    return qrels


def make_run(qrels: dict[str, dict[str, int]], tag: str, skill: float, seed: int) -> str:
    rng = np.random.default_rng(seed)
    lines = []
    for query in QUERIES:
        judged = sorted(qrels[query])
        size = int(rng.integers(10, 16))
        unjudged = [f"doc-{query}-9{i}" for i in range(int(rng.integers(0, 3)))]
        pool = list(rng.choice(judged, size=min(len(judged), size - len(unjudged) + 4), replace=False)) + unjudged
        grades = np.array([qrels[query].get(doc, 0) for doc in pool], dtype=float)
        scores = skill * grades + rng.normal(0, 1.0, len(pool))
        order = np.argsort(-scores, kind="stable")[:size]
        top = 10 + 2 * float(rng.random())
        for rank, i in enumerate(order, start=1):
            # scores fall from `top` by about one per rank, as in runs A and B
            lines.append(f"{query} Q0 {pool[i]} {rank} {top - rank + 1 + 0.5 * float(scores[i]) / 10:.4f} {tag}")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that the files are what this script writes")
    args = parser.parse_args(argv)
    qrels = read_qrels(TREC / "qrels.txt")
    stale = []
    for name, tag, skill, seed in RUNS:
        text = make_run(qrels, tag, skill, seed)
        path = TREC / f"{name}.txt"
        if args.check:
            if not path.exists() or path.read_text() != text:
                stale.append(path.name)
        else:
            path.write_text(text)
    if stale:
        print("not what scripts/make_sample_runs.py writes: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
