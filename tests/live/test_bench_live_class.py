"""The live-class load benchmark's machinery works: a tiny run (2 students, 2 drags) against real servers.

It starts two ``streamlit run`` processes (the single-user reference, then the class) and takes about 25 s. Timeouts
are generous (20 s for an update) so that a busy machine slows it down without failing it; no timing is asserted,
only that every student saw every update and that every answer sent was counted."""

from __future__ import annotations

import importlib.util
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_live_class.py"


def load_bench():
    spec = importlib.util.spec_from_file_location("bench_live_class", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_two_students_see_every_drag_and_every_answer_counts(capsys):
    bench = load_bench()
    arguments = ["--students", "2", "--drags", "2", "--interval", "3", "--idle", "1", "--timeout", "20"]
    with ThreadPoolExecutor(1) as thread:  # its own thread: in a whole run, Playwright's sync API holds this one's loop
        results, single = thread.submit(bench.main, arguments).result()
    printed = capsys.readouterr().out
    assert "action→screen p50" in printed and "single user" in printed and "goal (40 students" in printed
    assert "teacher p95" in printed and "the teacher's own screen p95 <= 0.3 s" in printed  # beside the students'
    assert len(single) == 2 and all(latency is not None for latency in single), single
    (result,) = results
    assert result.errors == []
    assert result.pairs == 4 and result.missed == 0 and len(result.latencies) == 4, result
    assert all(latency >= 0 for latency in result.latencies)
    assert len(result.teacher_screen) == 2 and all(0 <= own < float("inf") for own in result.teacher_screen)
    assert result.sent == 2 and result.counted == result.sent, (result.sent, result.counted, result.answers_by)
    assert result.peak_rss > 0 and set(result.cpu) == {"idle", "drags", "answers"}


def test_a_class_on_two_processes_behind_nginx_on_redis(capsys):
    """``--nginx``: every client goes through Debian's nginx (deploy/nginx.conf, a route cookie each) in front of two
    processes on a Redis store of their own; the teacher gave the class's size; every update seen, every answer
    counted, nobody told to wait."""
    import os
    import shutil

    bench = load_bench()
    if not os.access(bench.servers.NGINX, os.X_OK) or shutil.which("redis-server") is None:
        pytest.skip("nginx or redis-server is not installed (scripts/test.sh installs them)")
    arguments = ["--students", "2", "--drags", "2", "--interval", "3", "--idle", "1", "--timeout", "20",
                 "--processes", "2", "--nginx"]
    with ThreadPoolExecutor(1) as thread:
        results, _ = thread.submit(bench.main, arguments).result()
    printed = capsys.readouterr().out
    assert "2 app processes per class, running deploy/serve.py behind nginx on Redis" in printed
    assert "2 students: 2 joined in" in printed and "told to wait 0, refused 0" in printed
    (result,) = results
    assert result.errors == [] and result.processes == 2
    assert result.pairs == 4 and result.missed == 0, result
    assert result.sent == 2 and result.counted == 2, (result.sent, result.counted, result.answers_by)
