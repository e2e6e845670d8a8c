"""Seeded mutations of the sample inputs, and what the readers and the command line make of them.

Shared by tests/metrics/readers/test_fuzz_inputs.py (a bounded set) and scripts/fuzz_inputs.py (the long run).
:func:`mutants` yields mutated inputs of one format; :func:`check_readers` reads one through the
readers the app uses (only a result or :class:`~metrics.MetricsInputError` is allowed) and, for
TREC files, through both parse paths (they must agree); :func:`check_cli` runs ``metrics.cli.main``
on it (exit status 0 or 2, one line on stderr when 2, nothing escaping).  ``python -m
tests.fuzzing worker`` serves :func:`check` over stdin/stdout for :class:`Worker`, which gives each
input a timeout (a hang kills and restarts the worker).
"""

from __future__ import annotations

import io
import json
import os
import random
import select
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "sample_data"
PASTED = ["3 2 3 0 1", "A 2\nB 0\nC 1\nD\n", "doc1,3\ndoc2,0\n# a comment\ndoc3,2\n", "1\n0\n2\n", "x\ty\tz"]
FORMATS = ("qrels", "run", "csv", "json", "pasted")

#: what a mutation may put in: separators, line ends, NUL, byte order marks, odd numbers
SPECIAL = [b" ", b"\t", b"\n", b"\r\n", b"\r", b"\x0b", b"\x0c", b"\x00", b",", b";", b'"', b"{", b"[", b"]",
           b"}", b":", b"#", b"\xef\xbb\xbf", b"\xff", b"\xc3", b"0x10", b"-0", b"+1", b"1e999", b"nan", b"-inf",
           b"1_0", b"\xd9\xa1", b"99999999999999999999", b"9" * 400, b"9" * 5000, b"0" * 3000 + b"1", b"1e-400"]


def seeds(fmt: str) -> list[bytes]:
    """The sample files of one format (pasted text: a few typed lists)."""
    if fmt == "pasted":
        return [text.encode() for text in PASTED]
    pattern = {"qrels": "**/*qrels.txt", "run": "**/run_*.txt", "csv": "**/*.csv", "json": "**/*.json"}[fmt]
    found = sorted(SAMPLES.glob(pattern))
    if fmt == "run":
        found += sorted(SAMPLES.glob("**/*.run.txt"))
    return [path.read_bytes()[:20_000] for path in found]


def _tokens(data: bytes, rng: random.Random) -> tuple[int, int]:
    """The span of a random whitespace-separated token."""
    starts = [i for i in range(len(data)) if data[i:i + 1].strip() and (i == 0 or not data[i - 1:i].strip())]
    if not starts:
        return 0, 0
    start = rng.choice(starts)
    end = start
    while end < len(data) and data[end:end + 1].strip():
        end += 1
    return start, end


def mutate(data: bytes, rng: random.Random, big: bool) -> bytes:
    """One or more random mutations of ``data``; ``big`` allows the large ones (MBs, deep nesting)."""
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        op = rng.randrange(14)
        at = rng.randrange(len(data) + 1)
        if op == 0:  # flip a byte
            if data:
                at = min(at, len(data) - 1)
                data = data[:at] + bytes([rng.randrange(256)]) + data[at + 1:]
        elif op == 1:  # insert something special
            data = data[:at] + rng.choice(SPECIAL) + data[at:]
        elif op == 2:  # truncate
            data = data[:at]
        elif op == 3:  # duplicate a span (lines, hence duplicates)
            end = min(len(data), at + rng.randrange(1, 200))
            data = data[:end] + data[at:end] + data[end:]
        elif op == 4:  # replace a token by a number from the edge
            start, end = _tokens(data, rng)
            data = data[:start] + rng.choice(SPECIAL[20:]) + data[end:]
        elif op == 5:  # a long id
            start, end = _tokens(data, rng)
            length = rng.choice((300, 5000, 70_000) + ((1_100_000,) if big else ()))
            data = data[:start] + b"d" * length + data[end:]
        elif op == 6:  # byte order marks
            data = b"\xef\xbb\xbf" * rng.choice((1, 2, 3)) + data
        elif op == 7:  # deep nesting
            depth = rng.choice((33, 200, 3000) + ((200_000,) if big else ()))
            data = b"[" * depth + data + b"]" * depth if rng.random() < 0.5 else data[:at] + b"{\"a\":" * depth + data[at:]
        elif op == 8:  # line ends and separators
            data = rng.choice((lambda d: d.replace(b"\n", b"\r\n"), lambda d: d.replace(b" ", b"\t"),
                               lambda d: d.replace(b"\n", b"\n\x0c\n"), lambda d: d.replace(b",", b" , "),
                               lambda d: d.replace(b"\n", b"\r")))(data)
        elif op == 9:  # many lines
            times = rng.choice((50, 2000) + ((200_000,) if big else ()))
            line = (data.split(b"\n") or [b""])[0][:60] + b"\n"
            data = data + line * times if rng.random() < 0.5 else data + b"".join(
                b"d%d %d\n" % (i, i % 3) for i in range(times))
        elif op == 10:  # NUL bytes
            data = data[:at] + b"\x00" * rng.choice((1, 3)) + data[at:]
        elif op == 11:  # delete a token
            start, end = _tokens(data, rng)
            data = data[:start] + data[end:]
        elif op == 12:  # a huge integer grade or score
            start, end = _tokens(data, rng)
            data = data[:start] + b"1" + b"0" * rng.choice((20, 310, 4400)) + data[end:]
        else:  # swap two lines
            lines = data.split(b"\n")
            if len(lines) > 2:
                i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
                lines[i], lines[j] = lines[j], lines[i]
            data = b"\n".join(lines)
    return data


def mutants(fmt: str, count: int, seed: int = 12, big: bool = False):
    """``count`` mutated inputs of ``fmt`` (fixed ``seed``)."""
    rng = random.Random(f"{seed}-{fmt}")
    pool = seeds(fmt)
    for _ in range(count):
        yield mutate(rng.choice(pool), rng, big)


FILE_NAME = {"qrels": "qrels.txt", "run": "run.txt", "csv": "data.csv", "json": "data.json", "pasted": "pasted.txt"}


def _outcome(call) -> str:
    """"ok", "refused" (MetricsInputError) or "crash: <the exception>"."""
    from metrics import MetricsInputError

    try:
        call()
    except MetricsInputError:
        return "refused"
    except Exception as error:  # noqa: BLE001 - that is what we look for
        return f"crash: {type(error).__name__}: {str(error)[:200]}"
    return "ok"


def _trec_paths_agree(kind: str, data: bytes) -> str:
    """"" when the pyarrow path and the line-by-line path give the same columns or the same error."""
    from metrics import MetricsInputError, limits
    from metrics.readers import trec
    from metrics.readers.sources import load_bytes

    def slow():
        raw, name = load_bytes(data, "f", None, kind)
        trec.check_utf8(raw, name)
        limits.check_lines(raw, name, limits.DEFAULT)
        return trec.parse_trec_slow(raw, kind, name)

    def fast():
        saved, trec.SMALL_INPUT = trec.SMALL_INPUT, 0
        try:
            return (trec.read_qrels_columns if kind == "qrels" else trec.read_run_columns)(data, "f")
        finally:
            trec.SMALL_INPUT = saved

    results = []
    for path in (slow, fast):
        try:
            c = path()
            results.append((c.query.to_list(), c.item.to_list(), c.value.tobytes(),
                            None if c.rank is None else c.rank.tolist()))
        except MetricsInputError as error:
            results.append(str(error))
    if results[0] == results[1]:
        return ""
    if isinstance(results[0], str) and isinstance(results[1], str):
        return ""  # both refuse (the first problem found may differ: counts come after lines)
    return f"paths disagree: slow {str(results[0])[:150]} / fast {str(results[1])[:150]}"


def check_readers(fmt: str, data: bytes) -> dict:
    """Outcomes of the readers the app uses (with the app's limits and the default ones)."""
    import metrics
    from metrics.limits import APP
    from metrics.readers.io import parse_pasted, read_csv, read_json, read_qrels, read_run

    name = FILE_NAME[fmt]
    direct = {"qrels": lambda: read_qrels(data, name), "run": lambda: read_run(data, name),
              "csv": lambda: read_csv(data, name), "json": lambda: read_json(data, name),
              "pasted": lambda: parse_pasted(data.decode("utf-8", "surrogateescape"), name)}[fmt]
    out = {"reader": _outcome(direct), "load": _outcome(lambda: metrics.load(name, data)),
           "load_app": _outcome(lambda: metrics.load(name, data, limits=APP))}
    if fmt in ("qrels", "run"):
        out["paths"] = _trec_paths_agree(fmt, data) or "agree"
    return out


def check_cli(fmt: str, data: bytes, folder: str) -> str:
    """``metrics.cli.main`` on the input (as the run, or as the qrels for a qrels file): "0", "2"
    or what went wrong."""
    from metrics.cli import main

    path = os.path.join(folder, FILE_NAME[fmt])
    with open(path, "wb") as f:
        f.write(data)
    qrels, run = str(SAMPLES / "trec" / "qrels.txt"), str(SAMPLES / "trec" / "run_a.txt")
    qrels, run = (path, run) if fmt == "qrels" else (qrels, path)
    out, err = io.StringIO(), io.StringIO()
    try:
        status = main(["evaluate", qrels, run, "-m", "nDCG@10", "-m", "AP", "-q"], out, err)
    except BaseException as error:  # noqa: BLE001
        return f"traceback: {type(error).__name__}: {str(error)[:200]}"
    lines = [line for line in err.getvalue().splitlines() if not line.startswith("python -m metrics: warning: ")]
    if status == 2 and len(lines) != 1:
        return f"exit 2 with {len(lines)} lines on stderr"
    if status not in (0, 2) or (status == 0 and lines):
        return f"exit {status}, stderr {err.getvalue()[:200]!r}"
    return str(status)


def check(fmt: str, data: bytes, folder: str) -> dict:
    """Every outcome of one input: readers, parse paths, command line."""
    return {**check_readers(fmt, data), "cli": check_cli(fmt, data, folder)}


def bad(outcome: dict) -> list[str]:
    """The problems in an outcome (empty when it is fine)."""
    problems = []
    for key, value in outcome.items():
        if value.startswith(("crash", "traceback", "paths disagree", "hang", "exit")):
            problems.append(f"{key}: {value}")
    return problems


def _serve() -> None:
    """The worker: one JSON request a line on stdin ({"format", "path"}), one JSON outcome a line."""
    with tempfile.TemporaryDirectory() as folder:
        for line in sys.stdin:
            request = json.loads(line)
            data = Path(request["path"]).read_bytes()
            print(json.dumps(check(request["format"], data, folder)), flush=True)


class Worker:
    """A ``python -m tests.fuzzing worker`` process; :meth:`check` gives each input ``timeout`` s."""

    def __init__(self, timeout: float):
        self.timeout = timeout
        self.folder = tempfile.mkdtemp(prefix="fuzz-")
        self.process = None

    def _start(self):
        self.process = subprocess.Popen([sys.executable, "-m", "tests.fuzzing", "worker"], cwd=REPO,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def check(self, fmt: str, data: bytes) -> dict:
        if self.process is None or self.process.poll() is not None:
            self._start()
        path = os.path.join(self.folder, "input")
        with open(path, "wb") as f:
            f.write(data)
        self.process.stdin.write(json.dumps({"format": fmt, "path": path}) + "\n")
        self.process.stdin.flush()
        ready, _, _ = select.select([self.process.stdout], [], [], self.timeout)
        line = self.process.stdout.readline() if ready else ""
        if not line:
            self.close()
            return {"worker": f"hang or death (no answer within {self.timeout:g} s)"}
        return json.loads(line)

    def close(self):
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None


def peak_rss_of(code: str) -> tuple[float, int]:
    """(seconds, peak RSS in bytes) of ``python -c code`` run from the repository root."""
    import time

    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-c", code], cwd=REPO)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    assert process.returncode == 0, f"exit {process.returncode}"
    return time.perf_counter() - start, usage.ru_maxrss * 1024  # Linux: KiB


if __name__ == "__main__" and sys.argv[1:] == ["worker"]:
    np.seterr(all="ignore")
    _serve()
