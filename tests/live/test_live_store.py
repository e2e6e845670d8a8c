"""The live store's interface, the same on SQLite and on Redis (tests/conftest.py: live_store)."""

from __future__ import annotations

import multiprocessing
import threading

import pytest

from live.errors import StoreMisconfigured
from live.store import DEFAULT_SQLITE_PATH, EntriesClosed, RedisStore, SQLiteStore, VersionConflict, open_store
from tests.live_servers import run_children

HOUR = 3600.0


def test_create_if_absent_then_get_and_version(live_store, live_clock):
    expires = live_clock() + HOUR
    assert live_store.create("c/board", {"k": 5}, expires)
    assert not live_store.create("c/board", {"k": 9}, expires)
    assert live_store.get("c/board") == (1, {"k": 5})
    assert live_store.version("c/board") == 1
    assert live_store.get("nothing") is None and live_store.version("nothing") is None


def test_every_put_increases_the_version(live_store, live_clock):
    live_store.create("c/board", {"step": 0}, live_clock() + HOUR)
    versions = [live_store.put("c/board", {"step": step}) for step in range(1, 4)]
    assert versions == [2, 3, 4]
    assert live_store.get("c/board") == (4, {"step": 3})
    assert live_store.put("absent", {}) is None


def test_put_with_an_old_version_is_a_conflict(live_store, live_clock):
    live_store.create("c/board", {"step": 0}, live_clock() + HOUR)
    assert live_store.put("c/board", {"step": 1}, if_version=1) == 2
    with pytest.raises(VersionConflict):
        live_store.put("c/board", {"step": 2}, if_version=1)
    assert live_store.get("c/board") == (2, {"step": 1})


def test_a_closed_map_takes_no_entry_and_closing_returns_its_entries(live_store, live_clock):
    expires = live_clock() + HOUR
    live_store.add_entry("c/answers/1", "ada", {"value": 0.5}, expires)
    assert live_store.close_entries("c/answers/1", expires) == {"ada": {"value": 0.5}}
    with pytest.raises(EntriesClosed):
        live_store.add_entry("c/answers/1", "bob", {"value": 0.7}, expires)
    assert live_store.close_entries("c/answers/1", expires) == {"ada": {"value": 0.5}}  # closing again: the same
    assert live_store.entries("c/answers/1") == {"ada": {"value": 0.5}}
    assert live_store.close_entries("c/answers/2", expires) == {}  # a map closed before any entry
    with pytest.raises(EntriesClosed):
        live_store.add_entry("c/answers/2", "ada", {"value": 0.5}, expires)
    assert live_store.delete_prefix("c/") >= 2
    assert live_store.add_entry("c/answers/1", "bob", {"value": 0.7}, expires)  # a new class's map is open


def test_the_first_entry_of_a_member_stays(live_store, live_clock):
    expires = live_clock() + HOUR
    assert live_store.add_entry("c/answers/1", "ada", {"value": 0.5}, expires)
    assert not live_store.add_entry("c/answers/1", "ada", {"value": 0.9}, expires)
    assert live_store.add_entry("c/answers/1", "bob", {"value": 0.7}, expires)
    assert live_store.entries("c/answers/1") == {"ada": {"value": 0.5}, "bob": {"value": 0.7}}
    assert live_store.entries("c/answers/2") == {}


def test_counters_count_until_they_expire(live_store, live_clock):
    expires = live_clock() + 60
    assert [live_store.incr("c/rate", expires) for _ in range(3)] == [1, 2, 3]
    live_clock.advance(61)
    assert live_store.incr("c/rate", live_clock() + 60) == 1


def test_expired_items_are_absent_and_purged(live_store, live_clock):
    soon, later = live_clock() + 10, live_clock() + HOUR
    live_store.create("a/board", {"x": 1}, soon)
    live_store.add_entry("a/students", "s", {"n": None}, soon)
    live_store.incr("a/questions", soon)
    live_store.create("b/board", {"x": 2}, later)
    live_clock.advance(11)
    assert live_store.get("a/board") is None and live_store.version("a/board") is None
    assert live_store.entries("a/students") == {}
    assert live_store.put("a/board", {}) is None
    assert live_store.purge_expired() >= 2
    assert live_store.get("b/board") == (1, {"x": 2})
    assert live_store.create("a/board", {"x": 3}, later)  # the code is free again


def test_delete_prefix_deletes_one_class_only(live_store, live_clock):
    expires = live_clock() + HOUR
    for code in ("AAA", "AAB"):
        live_store.create(f"{code}/board", {}, expires)
        live_store.add_entry(f"{code}/students", "s", {}, expires)
        live_store.incr(f"{code}/questions", expires)
    assert live_store.delete_prefix("AAA/") == 3
    assert live_store.get("AAA/board") is None and live_store.entries("AAA/students") == {}
    assert live_store.incr("AAA/questions", expires) == 1
    assert live_store.get("AAB/board") == (1, {}) and live_store.incr("AAB/questions", expires) == 2


def test_redis_gives_every_key_a_ttl(redis_url, live_clock):
    store = RedisStore(redis_url, prefix="ttl-test:", clock=live_clock)
    try:
        store.create("c/board", {}, live_clock() + HOUR)
        store.add_entry("c/students", "s", {}, live_clock() + HOUR)
        store.incr("c/rate", live_clock() + 60)
        ttls = {key: store.client.pttl(key) for key in store.client.scan_iter(match="ttl-test:*")}
        assert len(ttls) == 3
        assert all(0 < ttl <= HOUR * 1000 for ttl in ttls.values()), ttls
        assert 0 < store.client.pttl("ttl-test:c/rate") <= 60_000
    finally:
        store.delete_prefix("")
        store.close()


def test_open_store_picks_the_store_from_the_url(tmp_path, monkeypatch):
    store = open_store(f"sqlite://{tmp_path / 'x' / 'c.sqlite3'}")
    assert isinstance(store, SQLiteStore) and store.path == tmp_path / "x" / "c.sqlite3"
    assert store.path.exists()
    store.close()
    assert isinstance(open_store("redis://127.0.0.1:1/0"), RedisStore)  # connects lazily
    assert DEFAULT_SQLITE_PATH.parts[-2:] == (".live", "classes.sqlite3")
    with pytest.raises(StoreMisconfigured, match="RML_LIVE_STORE"):
        open_store("mysql://host/db")


def test_sqlite_uses_wal(tmp_path):
    store = SQLiteStore(tmp_path / "c.sqlite3")
    assert store._execute("PRAGMA journal_mode")[1][0][0] == "wal"
    store.close()


def test_threads_share_one_store(live_store, live_clock):
    """Streamlit serves sessions on threads that come and go: one store object serves them all."""
    expires = live_clock() + HOUR
    live_store.create("c/board", {"n": 0}, expires)

    def work(worker: int) -> None:
        for n in range(50):
            live_store.incr("c/count", expires)
            live_store.add_entry("c/answers", f"{worker}-{n}", {"n": n}, expires)
            live_store.put("c/board", {"n": n})
            live_store.version("c/board")

    threads = [threading.Thread(target=work, args=(worker,)) for worker in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert live_store.incr("c/count", expires) == 401
    assert len(live_store.entries("c/answers")) == 400
    assert live_store.version("c/board") == 401


ROUNDS = 150


def _write_at_once(url: str, worker: int, start) -> int:
    """One process of the two: creates, puts, entries and counters on the same keys as the other."""
    store = open_store(url)
    start.wait()
    created = sum(store.create(f"race/{n}", {"by": worker}, store.clock() + HOUR) for n in range(ROUNDS))
    for n in range(ROUNDS):
        store.put("race/0", {"by": worker, "n": n})
        store.add_entry("race/answers", f"{worker}-{n}", {"n": n}, store.clock() + HOUR)
        store.add_entry("race/answers", "shared", {"by": worker}, store.clock() + HOUR)
        store.incr("race/count", store.clock() + HOUR)
    store.close()
    return created


def test_two_processes_write_at_once(live_store_url):
    """Two processes (two app processes on one SQLite file, or two hosts on one Redis) never lose a write."""
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(2, timeout=60)
    created = run_children(context, _write_at_once, [(live_store_url, worker, start) for worker in (1, 2)])
    assert sum(created) == ROUNDS  # each key created once
    store = open_store(live_store_url)
    assert store.get("race/0").version == 1 + 2 * ROUNDS
    assert len(store.entries("race/answers")) == 2 * ROUNDS + 1
    assert store.incr("race/count", store.clock() + HOUR) == 2 * ROUNDS + 1
    store.close()


def test_sqlite_purges_expired_rows_on_access(tmp_path, live_clock):
    store = SQLiteStore(tmp_path / "c.sqlite3", clock=live_clock, purge_every=60)
    store.create("a/board", {}, live_clock() + 10)
    store.add_entry("a/students", "s", {}, live_clock() + 10)
    live_clock.advance(61)
    store.incr("b/rate", live_clock() + 60)  # any write, a minute after the last purge, purges
    rows = [store._execute(f"SELECT count(*) FROM {table} WHERE key LIKE 'a/%'")[1][0][0]
            for table in ("records", "entries")]
    assert rows == [0, 0]
    store.close()
