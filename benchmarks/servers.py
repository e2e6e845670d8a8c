"""A `streamlit run app.py` (or another entry, e.g. deploy/serve.py) of its own for a benchmark: started on a free port of 127.0.0.1, ready once
/_stcore/health answers, stopped with everything it started (it leads its own process group)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


LOG_ENV = "RML_BENCH_SERVER_LOGS"  #: a folder for the servers' output (default: discarded)


def start_server(app: Path = REPO, env: dict[str, str] | None = None,
                 timeout: float = 60.0, entry: str = "app.py") -> tuple[subprocess.Popen, str]:
    """Run ``app``'s ``entry`` (with ``env`` added to the environment): (the process, its URL)."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    logs = os.environ.get(LOG_ENV)  # a folder: each server's output in a file of its own, to read after a run
    output = open(Path(logs) / f"server-{port}.log", "wb") if logs else subprocess.DEVNULL
    process = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", entry, "--server.headless", "true", "--server.port", str(port),
         "--server.address", "127.0.0.1", "--server.fileWatcherType", "none", "--browser.gatherUsageStats", "false"],
        cwd=app, stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT if logs else subprocess.DEVNULL,
        env={**os.environ, **(env or {})}, start_new_session=True)
    if logs:
        output.close()  # the server holds its own copy
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
                if response.read().strip() == b"ok":
                    return process, url
        except OSError:
            time.sleep(0.2)
    stop_server(process)
    raise RuntimeError("the Streamlit server did not start")


def stop_server(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
