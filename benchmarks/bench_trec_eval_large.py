"""trec_eval at real sizes: time and peak memory of the C binary, a lean pytrec_eval script, this commit's
``python -m metrics trec_eval`` and ``python -m metrics evaluate`` (trec_eval's official measures, ``--output``
text, JSON or CSV) and an earlier commit's, on the same generated run, in one run.

The run is generated (:func:`write_collection`, a fixed seed): MS MARCO-like, 1,000 documents a query,
each query's lines together but the queries in a shuffled order (trec_eval sorts them), ~36 bytes a line.
Each program is a subprocess; its peak memory is its own peak resident set (``os.wait4``'s ``ru_maxrss``).
The earlier commit (REV, default ``HEAD~1``) runs from a temporary ``git worktree``.  Prints seconds and
peak MiB of each, and the ratios to the C binary's.

Usage: ``python benchmarks/bench_trec_eval_large.py [REV] [--mib 300] [--rounds 1] [-q] [--output json]``
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]

#: documents a query in the generated run (an MS MARCO run's depth)
DEPTH = 1000

#: the lean pytrec_eval script: read both files, evaluate trec_eval's official measures, print the means
PYTREC_EVAL_SCRIPT = """
import sys, pytrec_eval
def read(path, run):
    out = {}
    with open(path) as handle:
        for line in handle:
            f = line.split()
            out.setdefault(f[0], {})[f[2]] = float(f[4]) if run else int(f[3])
    return out
qrels, run = read(sys.argv[1], False), read(sys.argv[2], True)
measures = {"map", "Rprec", "bpref", "recip_rank", "P", "recall", "iprec_at_recall", "num_ret", "num_rel",
            "num_rel_ret"}
result = pytrec_eval.RelevanceEvaluator(qrels, measures).evaluate(run)
names = sorted({name for values in result.values() for name in values})
for name in names:
    values = [values[name] for values in result.values()]
    print(f"{name:<22}\\tall\\t{sum(values) / len(values):.4f}")
"""


def _digits(values: np.ndarray, width: int) -> np.ndarray:
    """Non-negative integers as zero-padded ASCII digits: a (len(values), width) uint8 array."""
    powers = 10 ** np.arange(width - 1, -1, -1, dtype=np.int64)
    return (values[:, None] // powers % 10 + 48).astype(np.uint8)


def _lines(queries: np.ndarray, docs: np.ndarray, ranks: np.ndarray, scores: np.ndarray) -> bytes:
    """``qqqqqqq Q0 ddddddd rrrr ss.ssss bm25`` lines (fixed width, zero-padded), built with numpy."""
    pieces = [_digits(queries, 7), b" Q0 ", _digits(docs, 7), b" ", _digits(ranks, 4), b" ",
              _digits(scores // 10_000, 2), b".", _digits(scores % 10_000, 4), b" bm25\n"]
    width = sum(p.shape[1] if isinstance(p, np.ndarray) else len(p) for p in pieces)
    out = np.empty((len(queries), width), np.uint8)
    at = 0
    for piece in pieces:
        if isinstance(piece, bytes):
            out[:, at:at + len(piece)] = np.frombuffer(piece, np.uint8)
            at += len(piece)
        else:
            out[:, at:at + piece.shape[1]] = piece
            at += piece.shape[1]
    return out.tobytes()


def write_collection(folder: Path, run_bytes: int, seed: int = 20, grouped: bool = True) -> tuple[Path, Path]:
    """Write ``qrels.txt`` and ``run.txt`` (about ``run_bytes`` bytes, :data:`DEPTH` documents a query) into
    ``folder``; the same files for the same arguments.  Queries appear in a shuffled order; with
    ``grouped=False`` the lines of each block of 8 queries are interleaved (no query's lines together).
    Each query has 1-4 judged documents, mostly among its retrieved ones, grades 0-3."""
    rng = np.random.default_rng(seed)
    line_bytes = len(_lines(np.zeros(1, np.int64), np.zeros(1, np.int64), np.ones(1, np.int64), np.zeros(1, np.int64)))
    n_queries = max(1, run_bytes // (line_bytes * DEPTH))
    query_ids = rng.choice(9_000_000, n_queries, replace=False) + 1_000_000
    order = rng.permutation(n_queries)
    qrels_lines = []
    folder.mkdir(parents=True, exist_ok=True)
    run_path, qrels_path = folder / "run.txt", folder / "qrels.txt"
    with open(run_path, "wb") as run:
        block = 8
        for start in range(0, n_queries, block):
            ids = query_ids[order[start:start + block]]
            parts = []
            for qid in ids.tolist():
                docs = rng.choice(8_800_000, DEPTH, replace=False)
                scores = np.sort(rng.integers(0, 999_999, DEPTH))[::-1]  # ties happen
                parts.append((np.full(DEPTH, qid), docs, np.arange(1, DEPTH + 1), scores))
                judged = rng.integers(1, 5)
                picks = np.where(rng.random(judged) < 0.8, docs[rng.integers(0, DEPTH, judged)],
                                 rng.integers(0, 8_800_000, judged))
                for doc, grade in zip(np.unique(picks).tolist(), rng.integers(0, 4, judged).tolist()):
                    qrels_lines.append(f"{qid:07d} 0 {doc:07d} {grade}\n")
            columns = [np.concatenate(column) for column in zip(*parts)]
            if not grouped:
                mix = rng.permutation(len(columns[0]))
                columns = [column[mix] for column in columns]
            run.write(_lines(*columns))
    qrels_path.write_text("".join(qrels_lines))
    return qrels_path, run_path


#: runs the measured command as its child and reports the child's figures: a process started from a large one
#: (pytest) reports that one's resident set as its own peak (Linux keeps the high-water mark across fork and
#: exec), so the command is started from this small interpreter instead
LAUNCHER = """
import os, subprocess, sys, time
start = time.perf_counter()
process = subprocess.Popen(sys.argv[1:], stderr=subprocess.DEVNULL)
_, status, usage = os.wait4(process.pid, 0)
sys.stderr.write(f"{time.perf_counter() - start!r} {usage.ru_maxrss * 1024} {os.waitstatus_to_exitcode(status)} "
                 f"{usage.ru_utime + usage.ru_stime!r}")
"""


def measure(command: list[str], output: Path, cwd: Path = REPO, stdin=None) -> tuple[float, int, int, float]:
    """Run ``command`` with its standard output to ``output``: (seconds, peak resident bytes, exit status,
    CPU seconds -- user and system, which a loaded machine changes less than the elapsed time), started from a
    small launcher (:data:`LAUNCHER`) so that the peak is the command's own whatever process calls this."""
    with open(output, "wb") as out:
        done = subprocess.run([sys.executable, "-c", LAUNCHER, *command], stdout=out, stderr=subprocess.PIPE,
                              stdin=stdin, cwd=cwd, check=True)
    seconds, peak, status, cpu = done.stderr.decode().split()
    return float(seconds), int(peak), int(status), float(cpu)


def ours(repo: Path, qrels: Path, run: Path, flags: list[str]) -> list[str]:
    return [sys.executable, "-m", "metrics", "trec_eval", *flags, str(qrels), str(run)]


#: ``evaluate``'s measures in the benchmark: trec_eval's official ones by their names here
EVALUATE_MEASURES = ("NumRet", "NumRel", "NumRelRet", "AP", "GMAP", "Rprec", "Bpref", "RR", "P@5", "P@10", "P@30",
                     "P@100", "P@1000")


def ours_evaluate(qrels: Path, run: Path, per_query: bool, output: str) -> list[str]:
    """``python -m metrics evaluate`` on the same files (``--per-query`` for ``-q``, ``--output``)."""
    measures = [part for name in EVALUATE_MEASURES for part in ("-m", name)]
    return [sys.executable, "-m", "metrics", "evaluate", *measures, *(["--per-query"] if per_query else []),
            "--output", output, str(qrels), str(run)]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", nargs="?", default="HEAD~1", help="the earlier commit (default HEAD~1)")
    parser.add_argument("--mib", type=float, default=300, help="size of the generated run in MiB (default 300)")
    parser.add_argument("--rounds", type=int, default=1, help="rounds, each program once a round (best kept)")
    parser.add_argument("-q", action="store_true", help="per-query output (trec_eval -q)")
    parser.add_argument("--no-before", action="store_true", help="leave out the earlier commit")
    parser.add_argument("--output", choices=("text", "json", "csv"), default="text",
                        help="the output format of 'metrics evaluate' (timed beside trec_eval; default text)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(REPO))
    from tests import trec_eval_binaries

    flags = ["-q"] if args.q else []
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        qrels, run = write_collection(folder / "data", int(args.mib * 1024 * 1024))
        print(f"run: {run.stat().st_size / 2**20:.0f} MiB, {run.stat().st_size // 36:,} lines; "
              f"load average {os.getloadavg()[0]:.1f}")
        programs = {"trec_eval 9.0.7 (C)": ([str(trec_eval_binaries.build("9.0.7")), *flags, str(qrels), str(run)], REPO),
                    "pytrec_eval script": ([sys.executable, "-c", PYTREC_EVAL_SCRIPT, str(qrels), str(run)], REPO),
                    "metrics (this commit)": (ours(REPO, qrels, run, flags), REPO),
                    "evaluate (this commit)": (ours_evaluate(qrels, run, args.q, args.output), REPO)}
        before = folder / "before"
        if not args.no_before:
            subprocess.run(["git", "worktree", "add", "--detach", str(before), args.rev], cwd=REPO, check=True,
                           capture_output=True)
            programs[f"metrics ({args.rev})"] = (ours(before, qrels, run, flags), before)
            programs[f"evaluate ({args.rev})"] = (ours_evaluate(qrels, run, args.q, args.output), before)
        try:
            best: dict[str, tuple[float, float, int]] = {}
            for _ in range(args.rounds):
                for label, (command, cwd) in programs.items():
                    seconds, peak, status, cpu = measure(command, folder / "out.txt", cwd)
                    if status:
                        print(f"{label}: exit status {status}")
                    old = best.get(label, (float("inf"), float("inf"), 0))
                    best[label] = (min(old[0], seconds), min(old[1], cpu), max(old[2], peak))
        finally:
            if not args.no_before:
                subprocess.run(["git", "worktree", "remove", "--force", str(before)], cwd=REPO, check=True)
    c_seconds, c_cpu, c_peak = best["trec_eval 9.0.7 (C)"]
    print(f"{'program':<26}{'seconds':>9}{'× C':>7}{'CPU s':>9}{'× C':>7}{'peak MiB':>10}{'× C':>7}")
    for label, (seconds, cpu, peak) in best.items():
        print(f"{label:<26}{seconds:9.2f}{seconds / c_seconds:7.2f}{cpu:9.2f}{cpu / c_cpu:7.2f}"
              f"{peak / 2**20:10.0f}{peak / c_peak:7.2f}")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
