"""Real faults of a live class's store, to inject in tests (issue 32): an SQLite store made unwritable (``chattr +i``
on its folder and files, as an administrator would), on a full disk (a small tmpfs filled up), locked by another
program (a connection holding ``BEGIN EXCLUSIVE``); a Redis server stopped, hung (SIGSTOP), with its writes paused
(``CLIENT PAUSE … WRITE``) or restarted empty.  Each is a context manager whose exit clears the fault; a fault that
this machine cannot inject (no ``chattr``, no right to mount) skips the test with the reason."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def _chattr(flag: str, paths: list[Path]) -> subprocess.CompletedProcess:
    return subprocess.run(["chattr", flag, *map(str, paths)], check=False, capture_output=True, text=True)


def why_no_chattr(folder: Path) -> str | None:
    """Why ``chattr +i`` cannot make files in ``folder`` unwritable here (None: it can)."""
    if shutil.which("chattr") is None:
        return "chattr is not installed"
    probe = Path(tempfile.mkstemp(dir=folder)[1])
    try:
        done = _chattr("+i", [probe])
        if done.returncode != 0:
            return f"chattr +i is refused here: {done.stderr.strip()}"
        writable = os.access(probe, os.W_OK)
        _chattr("-i", [probe])
        return "chattr +i does not stop writes here" if writable else None
    finally:
        _chattr("-i", [probe])
        probe.unlink(missing_ok=True)


def store_files(path: Path) -> list[Path]:
    """The SQLite store's folder and the files in it (the database, its WAL, shared memory and lock file)."""
    return [path.parent, *sorted(path.parent.iterdir())]


@contextmanager
def unwritable(path: Path, only: tuple[str, ...] | None = None) -> Iterator[None]:
    """The SQLite store at ``path`` made unwritable: ``chattr +i`` on its folder and every file in it (``only``: on
    the files with those suffixes alone, e.g. ``("-wal",)``: it still reads, and cannot write)."""
    reason = why_no_chattr(path.parent)
    if reason:
        pytest.skip(reason)
    files = store_files(path) if only is None else [path.with_name(path.name + suffix) for suffix in only]
    done = _chattr("+i", files)
    assert done.returncode == 0, done.stderr
    try:
        yield
    finally:
        done = _chattr("-i", files)
        assert done.returncode == 0, done.stderr


@contextmanager
def small_disk(size_kib: int = 4096) -> Iterator[Path]:
    """A folder on a disk of its own (tmpfs of ``size_kib`` KiB), unmounted at the end; skips when mounting is not
    allowed here."""
    folder = Path(tempfile.mkdtemp(prefix="rml-small-disk-"))
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_kib}k", "tmpfs", str(folder)],
                          check=False, capture_output=True, text=True)
    if done.returncode != 0:
        folder.rmdir()
        pytest.skip(f"a small disk cannot be mounted here: {done.stderr.strip() or done.returncode}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)
        folder.rmdir()


@contextmanager
def full(folder: Path) -> Iterator[None]:
    """The disk of ``folder`` filled up (by a file written until the disk refuses), freed at the end."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        while True:
            os.write(fd, b"\0" * 65536)
    except OSError:
        pass
    try:
        while True:  # the last few bytes
            os.write(fd, b"\0" * 512)
    except OSError:
        pass
    finally:
        os.close(fd)
    try:
        yield
    finally:
        filler.unlink()


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Another program holds the SQLite store's write lock (``BEGIN EXCLUSIVE``) until the end."""
    holder = sqlite3.connect(path, isolation_level=None, timeout=30)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        holder.execute("ROLLBACK")
        holder.close()


@contextmanager
def redis_writes_paused(url: str, seconds: float = 600) -> Iterator[None]:
    """The Redis server at ``url`` serves reads and holds every write (``CLIENT PAUSE … WRITE``) until the end."""
    import redis

    with redis.Redis.from_url(url) as client:
        client.execute_command("CLIENT", "PAUSE", int(seconds * 1000), "WRITE")
        try:
            yield
        finally:
            client.execute_command("CLIENT", "UNPAUSE")


@contextmanager
def redis_hung(process: subprocess.Popen) -> Iterator[None]:
    """The Redis server hangs (SIGSTOP: connections open, no answer) until the end (SIGCONT)."""
    os.kill(process.pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(process.pid, signal.SIGCONT)


@contextmanager
def redis_stopped(server: dict, empty: bool = False) -> Iterator[None]:
    """The Redis server of ``own_redis`` (tests/conftest.py) stopped until the end, then started again on its port:
    ``empty`` (it kept nothing: a server without persistence), or by default with its data, as a server that
    persists it would be (every key dumped before it stops and restored, with its time to live, once it is back)."""
    import redis

    from tests.live_servers import start_redis_server, stop_redis_server

    kept = []
    if not empty:
        with redis.Redis.from_url(server["url"]) as client:
            kept = [(key, client.dump(key), client.pttl(key)) for key in client.scan_iter(count=1000)]
    stop_redis_server(server["process"])
    try:
        yield
    finally:
        server["process"] = start_redis_server(port=server["port"])[0]
        with redis.Redis.from_url(server["url"]) as client:
            for key, value, ttl in kept:
                if value is not None:
                    client.restore(key, max(ttl, 0), value, replace=True)
