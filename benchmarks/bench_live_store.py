"""Micro-benchmark of the live-class store: 40 students polling the version every second, each answering once.

For each store (SQLite in a temporary file; Redis: ``--redis URL``, else a private ``redis-server`` when Debian's
is installed), one process runs a class as one app process would: ``--students`` threads join, then poll
``Classes.version`` every second (reading ``Classes.current`` when it changed); a teacher thread publishes a
board every 3 seconds and asks a question a quarter of the way in; each student answers it once, a random time
(up to 3 s) after seeing it.  Bounded: ``--seconds`` of following per store.

Printed per store: the median and 95th percentile of a poll, a read of the board and an answer, beside two
references measured in the same threads during the same run: a dict lookup, and the store's trivial round trip
(``SELECT 1`` on the thread's SQLite connection, ``PING`` to Redis), called in a shuffled order with the poll;
and answers sent vs counted.  Figures only,
no timed assertion.

Usage: ``python benchmarks/bench_live_store.py [--students 40] [--seconds 10] [--redis redis://host:6379/0]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from live.classes import Classes  # noqa: E402
from live.store import RedisStore, SQLiteStore  # noqa: E402


class Timings:
    """Seconds per operation name, from many threads."""

    def __init__(self):
        self.seconds: dict[str, list[float]] = defaultdict(list)
        self._lock = threading.Lock()

    def time(self, name: str, call, *args):
        start = time.perf_counter()
        result = call(*args)
        elapsed = time.perf_counter() - start
        with self._lock:
            self.seconds[name].append(elapsed)
        return result


def trivial_round_trip(store):
    if isinstance(store, SQLiteStore):
        return lambda: store._execute("SELECT 1")
    return store.client.ping


def run_class(store, students: int, seconds: float) -> tuple[Timings, int, int]:
    """One class on ``store`` for ``seconds``: the timings, answers sent and answers counted."""
    classes = Classes(store)
    code, key = classes.start_class()
    board = {"page": "learn", "k": 5, "ranking": [f"d{n}" for n in range(10)], "step": 0}
    classes.publish(code, key, board)
    ids = [classes.join(code, f"student {n}") for n in range(students)]
    timings, sent, sent_lock = Timings(), [0], threading.Lock()
    reference = {f"k{n}": n for n in range(1000)}
    round_trip = trivial_round_trip(store)
    question_box: dict = {}
    deadline = time.monotonic() + seconds
    start = threading.Barrier(students + 1)

    def student(student_id: str, rng: random.Random) -> None:
        start.wait()
        time.sleep(rng.random())  # students do not poll in step
        seen, answer_at = -1, None
        while time.monotonic() < deadline:
            tick = time.monotonic()
            calls = [("poll: version()", classes.version, code), ("reference: dict lookup", reference.get, "k500"),
                     ("reference: store round trip", round_trip)]
            rng.shuffle(calls)  # the first call after a sleep is the slowest: each goes first as often
            version = {name: timings.time(name, call, *args) for name, call, *args in calls}["poll: version()"]
            if version != seen:
                seen = version
                question = timings.time("read: current()", classes.current, code).question
                if question and answer_at is None:
                    answer_at = time.monotonic() + rng.uniform(0, min(3.0, seconds / 4))
                    question_box.setdefault("id", question["id"])
            if answer_at is not None and time.monotonic() >= answer_at:
                answer_at = float("inf")
                timings.time("answer: answer()", classes.answer, code, student_id, question_box["id"],
                             rng.uniform(0.5, 0.7), rng.choice([None, "natural log", "AP over hits"]))
                with sent_lock:
                    sent[0] += 1
            time.sleep(max(0.0, 1.0 - (time.monotonic() - tick)))

    threads = [threading.Thread(target=student, args=(sid, random.Random(n))) for n, sid in enumerate(ids)]
    for thread in threads:
        thread.start()
    start.wait()
    began, next_publish, asked = time.monotonic(), 0.0, False
    while time.monotonic() < deadline:
        if time.monotonic() - began >= next_publish:
            board["step"] += 1
            timings.time("teacher: publish()", classes.publish, code, key, board)
            next_publish += 3.0
        if not asked and time.monotonic() - began >= seconds / 4:
            timings.time("teacher: ask()", classes.ask, code, key, {"measure": "nDCG@5"}, 0.6131)
            asked = True
        time.sleep(0.05)
    for thread in threads:
        thread.join()
    counted = classes.results(code, key, question_box["id"]).answered if question_box else 0
    classes.close(code, key)
    return timings, sent[0], counted


def report(name: str, timings: Timings, sent: int, counted: int) -> None:
    print(f"\n{name}: answers sent {sent}, counted {counted}")
    print(f"  {'operation':32} {'n':>6} {'median ms':>10} {'p95 ms':>10}")
    for operation in sorted(timings.seconds):
        values = sorted(timings.seconds[operation])
        p95 = float(np.percentile(values, 95, method="inverted_cdf"))  # nearest rank
        print(f"  {operation:32} {len(values):6d} {statistics.median(values) * 1e3:10.3f} {p95 * 1e3:10.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--redis", help="a Redis URL (default: start a private redis-server when installed)")
    args = parser.parse_args()
    print(f"{args.students} students, {args.seconds:g} s of following per store, one process")
    with tempfile.TemporaryDirectory() as folder:
        store = SQLiteStore(Path(folder) / "classes.sqlite3")
        report("SQLite", *run_class(store, args.students, args.seconds))
        store.close()
    started = None
    url = args.redis
    if url is None:
        from tests.live_servers import start_redis_server, stop_redis_server

        started = start_redis_server()
        if started is None:
            print("\nRedis: skipped (redis-server is not installed; or pass --redis URL)")
            return
        url = started[1]
    try:
        store = RedisStore(url, prefix="rml:bench:")
        report(f"Redis ({url})", *run_class(store, args.students, args.seconds))
        store.close()
    finally:
        if started is not None:
            stop_redis_server(started[0])


if __name__ == "__main__":
    main()
