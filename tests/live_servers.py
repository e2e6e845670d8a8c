"""A private redis-server for the live-class tests, and a clock the tests move by hand."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time


class ManualClock:
    """A clock that stands still until ``advance`` moves it (starts at the real time, so Redis TTLs stay sane)."""

    def __init__(self, start: float | None = None):
        self.now = time.time() if start is None else start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_redis_server(timeout: float = 10.0, port: int | None = None,
                       extra: list[str] | None = None) -> tuple[subprocess.Popen, str] | None:
    """Start ``redis-server`` on ``port`` (default: a free one), in memory only (``extra``: more options, e.g. a dump
    to load at start); (process, URL) once it answers PING, or None when redis-server is not installed."""
    binary = shutil.which("redis-server")
    if binary is None:
        return None
    import redis

    port = port or free_port()
    process = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly",
                                "no", *(extra or [])], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    client = redis.Redis.from_url(url)
    deadline = time.monotonic() + timeout
    while True:
        try:
            client.ping()
            break
        except redis.ConnectionError:
            if process.poll() is not None or time.monotonic() > deadline:
                stop_redis_server(process)
                raise RuntimeError(f"redis-server did not answer PING on port {port}")
            time.sleep(0.05)
        finally:
            client.close()
    return process, url


def stop_redis_server(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def report_to(results, target, *args) -> None:
    """Run ``target(*args)`` in a child process and put ("ok", its result) or ("error", the traceback) on
    ``results``: the parent test shows the child's error instead of an exit code."""
    import traceback

    try:
        results.put(("ok", target(*args)))
    except BaseException:
        results.put(("error", traceback.format_exc()))
        raise


def run_children(context, target, argument_lists, timeout: float = 120) -> list:
    """Start one child per argument list (``report_to`` around ``target``), wait for them, return their results;
    a child's error fails with its traceback."""
    results = context.Queue()
    children = [context.Process(target=report_to, args=(results, target, *args)) for args in argument_lists]
    for child in children:
        child.start()
    outcomes = [results.get(timeout=timeout) for _ in children]
    for child in children:
        child.join(timeout=10)
    errors = [detail for kind, detail in outcomes if kind == "error"]
    assert not errors, "a child process failed:\n" + "\n".join(errors)
    return [detail for _, detail in outcomes]
