"""Fixtures shared by all tests."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.apptest_helpers import app_test as whole_app_test

#: The repository root (the folder holding app.py).
REPO_ROOT = Path(__file__).resolve().parent.parent
APP_PATH = REPO_ROOT / "app.py"


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO_ROOT


@pytest.fixture
def app_test(monkeypatch: pytest.MonkeyPatch) -> Callable[..., AppTest]:
    """A factory of AppTest objects for the whole app (app.py and its st.navigation pages).

    The working directory is the repo root, as with `streamlit run app.py`, so the app's relative
    paths (pages/..., sample_data/...) resolve. The returned AppTest has not run yet: call
    `.run()` (and, for instance, `.switch_page("pages/x.py")` then `.run()` again).
    """
    monkeypatch.chdir(REPO_ROOT)
    return whole_app_test


# -- live classes: a private redis-server, and a store of each kind on a clock the test moves ---------------------

@pytest.fixture(scope="session")
def redis_url():
    """The URL of a redis-server started for this test session (skips when Debian's redis-server is missing)."""
    from tests.live_servers import start_redis_server, stop_redis_server

    started = start_redis_server()
    if started is None:
        pytest.skip("redis-server is not installed (apt-get install redis-server; scripts/test.sh installs it)")
    process, url = started
    yield url
    stop_redis_server(process)


@pytest.fixture
def live_clock():
    from tests.live_servers import ManualClock

    return ManualClock()


@pytest.fixture(params=["sqlite", "redis"])
def live_store_url(request, tmp_path):
    """A store URL of each kind: a fresh SQLite file, or the session's Redis with a fresh database."""
    if request.param == "sqlite":
        return f"sqlite://{tmp_path / 'live' / 'classes.sqlite3'}"
    import redis

    url = request.getfixturevalue("redis_url")
    with redis.Redis.from_url(url) as client:
        client.flushdb()
    return url


@pytest.fixture
def live_store(live_store_url, live_clock):
    from live.store import open_store

    store = open_store(live_store_url, clock=live_clock)
    yield store
    store.close()


@pytest.fixture
def own_redis():
    """A redis-server of this test alone, to stop, pause (SIGSTOP) or start again on its port: a dict with its
    ``process``, ``url`` and ``port`` (put a restarted server's process back in it, to be stopped at the end)."""
    import os
    import signal

    from tests.live_servers import free_port, start_redis_server, stop_redis_server

    port = free_port()
    started = start_redis_server(port=port)
    if started is None:
        pytest.skip("redis-server is not installed")
    server = {"process": started[0], "url": started[1], "port": port}
    yield server
    if server["process"].poll() is None:
        os.kill(server["process"].pid, signal.SIGCONT)
        stop_redis_server(server["process"])


@pytest.fixture(scope="session")
def trec_eval_binary():
    """``trec_eval_binary(version)``: the path of the real trec_eval ``version`` built from the shared
    sources (tests/trec_eval_binaries.py; cached in artifacts/trec_eval_bin), or a skip naming why not."""
    from tests import trec_eval_binaries

    built = {}

    def get(version: str):
        if version not in built:
            reason = trec_eval_binaries.why_not_buildable(version)
            if reason and not (trec_eval_binaries.CACHE / version / "trec_eval").is_file():
                pytest.skip(reason)
            built[version] = trec_eval_binaries.build(version)
        return built[version]

    return get
