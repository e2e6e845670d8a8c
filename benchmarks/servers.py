"""A `streamlit run app.py` (or another entry, e.g. deploy/serve.py) of its own for a benchmark: started on a free
port of 127.0.0.1, ready once /_stcore/health answers, stopped with everything it started (it leads its own process
group); and Debian's nginx with deploy/nginx.conf in front of several of them (:func:`start_nginx`)."""

from __future__ import annotations

import os
import re
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
    if healthy(url, process, timeout):
        return process, url
    stop_server(process)
    raise RuntimeError("the Streamlit server did not start")


def healthy(url: str, process: subprocess.Popen, timeout: float) -> bool:
    """Whether ``url``/_stcore/health answers "ok" within ``timeout`` s (False at once when ``process`` ended)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and process.poll() is None:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
                if response.read().strip() == b"ok":
                    return True
        except OSError:
            time.sleep(0.2)
    return False


def stop_server(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


# --------------------------------------------------------------------------- several app processes behind nginx

NGINX = os.environ.get("NGINX_PATH", "/usr/sbin/nginx")  #: Debian's nginx
NGINX_CONF = REPO / "deploy" / "nginx.conf"


def nginx_site(upstreams: list[str], port: int, conf: Path = NGINX_CONF) -> str:
    """deploy/nginx.conf for local processes: its ``server appN:8501 ...;`` lines become one line per address of
    ``upstreams`` (host:port, with the same options), its ``listen 80;`` listens on 127.0.0.1:``port``; nothing
    else changes (as tests/e2e/test_replicas.py runs it)."""
    lines, servers, replaced = [], re.compile(r"^(\s*server )app\d+:8501\b(.*)$"), False
    for line in conf.read_text().splitlines():
        found = servers.match(line)
        if found is None:
            lines.append(line)
        elif not replaced:  # the first one stands for them all
            lines.extend(f"{found[1]}{address}{found[2]}" for address in upstreams)
            replaced = True
    text, listens = re.subn(r"^(\s*)listen 80;$", f"\\1listen 127.0.0.1:{port};", "\n".join(lines) + "\n",
                            flags=re.MULTILINE)
    if listens != 1 or not all(f"server {address} " in text for address in upstreams):
        raise RuntimeError(f"{conf} no longer has one `listen 80;` line and `server appN:8501` lines")
    return text


def start_nginx(upstreams: list[str], folder: Path, timeout: float = 30.0) -> tuple[subprocess.Popen, str]:
    """nginx (foreground, everything under ``folder``) in front of ``upstreams`` with deploy/nginx.conf: (the
    process, its URL). Its access log (the conf logs to stdout) is discarded; its errors are in folder/error.log."""
    port = free_port()
    (folder / "site.conf").write_text(nginx_site(upstreams, port))
    temp = "".join(f"    {name}_temp_path {folder / name};\n" for name in ("client_body", "proxy", "fastcgi", "uwsgi",
                                                                          "scgi"))
    user = "user root;\n" if os.geteuid() == 0 else ""  # workers must reach the temp folders of a root tmp dir
    # a class of 1,000: each student holds a websocket and a waiting request, each proxied (two connections)
    (folder / "nginx.conf").write_text(
        f"daemon off;\n{user}worker_processes 1;\nworker_rlimit_nofile 16384;\npid {folder / 'nginx.pid'};\n"
        f"error_log {folder / 'error.log'} warn;\nevents {{ worker_connections 8192; }}\n"
        f"http {{\n{temp}    include {folder / 'site.conf'};\n}}\n")
    process = subprocess.Popen([NGINX, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-e",
                                str(folder / "error.log")], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    if healthy(url, process, timeout):
        return process, url
    stop_server(process)
    log = folder / "error.log"
    raise RuntimeError(f"nginx did not start: {log.read_text()[-2000:] if log.exists() else ''}")
