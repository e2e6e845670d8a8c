"""The shared-state store of live classes: one small interface, SQLite (one host) and Redis (several hosts).

Three kinds of item, each under a text key and each with an absolute expiry time ``expires_at`` (seconds on
the store's clock; an item whose ``expires_at`` has passed is absent, and its data is deleted):

* records: a JSON value with a version that increases on every write (``create``, ``get``, ``version``, ``put``);
* entries: a map member -> JSON value where the first value of a member stays (``add_entry``, ``entries``):
  one answer per student per question; a second answer is refused (``add_entry`` returns False);
* counters: ``incr`` (fixed-window rate limits, sequence numbers).

``delete_prefix`` deletes every item whose key starts with a prefix (a whole class), ``purge_expired`` deletes
what has expired.  Both stores take a ``clock`` (default ``time.time``) so that tests move time without sleeping.
"""

from __future__ import annotations

import json
import os
import queue
import sqlite3
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, NamedTuple
from urllib.parse import unquote, urlparse

#: The environment variable that names the store: ``sqlite:///path``, ``redis://host:6379/0`` or unset.
STORE_ENV = "RML_LIVE_STORE"
#: The SQLite file when nothing is configured: under the app's folder.
DEFAULT_SQLITE_PATH = Path(__file__).resolve().parent.parent / ".live" / "classes.sqlite3"


class Record(NamedTuple):
    version: int
    value: Any


class VersionConflict(Exception):
    """``put(..., if_version=v)`` found another version: someone wrote in between (read again and retry)."""


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), allow_nan=False)


class SQLiteStore:
    """The embedded store: one SQLite file, shared safely by the threads and processes of one host.

    WAL mode (readers never wait for the writer), a busy timeout, and writes as single statements or
    ``BEGIN IMMEDIATE`` transactions.  Expired rows are invisible at once and deleted by ``purge_expired``,
    which every write also runs when ``purge_every`` seconds have passed since the last purge (of this object).
    """

    def __init__(self, path: str | os.PathLike = DEFAULT_SQLITE_PATH, *, clock: Callable[[], float] = time.time,
                 busy_timeout: float = 10.0, purge_every: float = 60.0):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.clock = clock
        self._busy_timeout = busy_timeout
        self._purge_every = purge_every
        self._last_purge = float("-inf")
        self._idle: queue.SimpleQueue[sqlite3.Connection] = queue.SimpleQueue()
        deadline = time.monotonic() + busy_timeout
        while True:  # several processes may open a new file at once: switching to WAL can be refused while busy
            try:
                self._create_tables()
                break
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) or time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def _create_tables(self) -> None:
        with self._connection() as db:
            if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                db.execute("PRAGMA journal_mode = WAL")  # persistent: once per file
            db.executescript("""
                CREATE TABLE IF NOT EXISTS records (key TEXT PRIMARY KEY, version INTEGER NOT NULL,
                                                    value TEXT NOT NULL, expires_at REAL NOT NULL);
                CREATE TABLE IF NOT EXISTS entries (key TEXT NOT NULL, member TEXT NOT NULL, value TEXT NOT NULL,
                                                    expires_at REAL NOT NULL, PRIMARY KEY (key, member));
                CREATE TABLE IF NOT EXISTS counters (key TEXT PRIMARY KEY, count INTEGER NOT NULL,
                                                     expires_at REAL NOT NULL);
                CREATE INDEX IF NOT EXISTS records_expiry ON records (expires_at);
                CREATE INDEX IF NOT EXISTS entries_expiry ON entries (expires_at);
                CREATE INDEX IF NOT EXISTS counters_expiry ON counters (expires_at);
            """)

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        """A connection of the pool (threads come and go with Streamlit's reruns; connections are reused)."""
        try:
            db = self._idle.get_nowait()
        except queue.Empty:
            db = sqlite3.connect(self.path, timeout=self._busy_timeout, isolation_level=None,
                                 check_same_thread=False)
            db.execute(f"PRAGMA busy_timeout = {int(self._busy_timeout * 1000)}")
            db.execute("PRAGMA synchronous = NORMAL")
        try:
            yield db
        finally:
            if db.in_transaction:  # a failed COMMIT: never hand on a connection inside a transaction
                db.execute("ROLLBACK")
            self._idle.put(db)

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """A write transaction that takes the write lock at once (``BEGIN IMMEDIATE``): no deadlock on upgrade."""
        with self._connection() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    def _execute(self, sql: str, parameters: tuple = ()) -> tuple[int, list]:
        """One statement (atomic on its own): the rows it changed and the rows it returned."""
        with self._connection() as db:
            cursor = db.execute(sql, parameters)
            rows = cursor.fetchall()
            return cursor.rowcount, rows

    def _purge_now_and_then(self, now: float) -> None:
        if now - self._last_purge >= self._purge_every:
            self._last_purge = now
            self.purge_expired()

    def create(self, key: str, value: Any, expires_at: float) -> bool:
        """Write a record only if none is live at ``key``: True if this call created it."""
        now = self.clock()
        self._purge_now_and_then(now)
        changed, _ = self._execute(
            "INSERT INTO records (key, version, value, expires_at) VALUES (?, 1, ?, ?) "
            "ON CONFLICT (key) DO UPDATE SET version = records.version + 1, value = excluded.value, "
            "expires_at = excluded.expires_at WHERE records.expires_at <= ?", (key, _dumps(value), expires_at, now))
        return changed == 1

    def get(self, key: str) -> Record | None:
        _, rows = self._execute("SELECT version, value FROM records WHERE key = ? AND expires_at > ?",
                                (key, self.clock()))
        return Record(rows[0][0], json.loads(rows[0][1])) if rows else None

    def version(self, key: str) -> int | None:
        """The record's version, or None when absent: the cheap poll."""
        _, rows = self._execute("SELECT version FROM records WHERE key = ? AND expires_at > ?", (key, self.clock()))
        return rows[0][0] if rows else None

    def put(self, key: str, value: Any, *, if_version: int | None = None) -> int | None:
        """Replace a live record's value (its expiry stays): the new version, or None when absent.

        With ``if_version``, only if the record is still at that version, else :class:`VersionConflict`.
        """
        now = self.clock()
        self._purge_now_and_then(now)
        with self._transaction() as db:
            row = db.execute("SELECT version FROM records WHERE key = ? AND expires_at > ?", (key, now)).fetchone()
            if row is None:
                return None
            if if_version is not None and row[0] != if_version:
                raise VersionConflict(key)
            db.execute("UPDATE records SET version = version + 1, value = ? WHERE key = ?", (_dumps(value), key))
            return row[0] + 1

    def add_entry(self, key: str, member: str, value: Any, expires_at: float) -> bool:
        """Add ``member``'s value to the map at ``key``: False (nothing written) if the member already has one."""
        now = self.clock()
        self._purge_now_and_then(now)
        changed, _ = self._execute(
            "INSERT INTO entries (key, member, value, expires_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (key, member) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at "
            "WHERE entries.expires_at <= ?", (key, member, _dumps(value), expires_at, now))
        return changed == 1

    def entries(self, key: str) -> dict[str, Any]:
        _, rows = self._execute("SELECT member, value FROM entries WHERE key = ? AND expires_at > ?",
                                (key, self.clock()))
        return {member: json.loads(value) for member, value in rows}

    def incr(self, key: str, expires_at: float) -> int:
        """Add one to the counter at ``key`` (created at 1 with this expiry when absent); the new count."""
        now = self.clock()
        self._purge_now_and_then(now)
        _, rows = self._execute(
            "INSERT INTO counters (key, count, expires_at) VALUES (?, 1, ?) ON CONFLICT (key) DO UPDATE SET "
            "count = CASE WHEN counters.expires_at <= ? THEN 1 ELSE counters.count + 1 END, "
            "expires_at = CASE WHEN counters.expires_at <= ? THEN excluded.expires_at ELSE counters.expires_at END "
            "RETURNING count", (key, expires_at, now, now))
        return rows[0][0]

    def delete_prefix(self, prefix: str) -> int:
        """Delete every item whose key starts with ``prefix``; how many rows went."""
        end = prefix + "\U0010ffff"
        with self._transaction() as db:
            return sum(db.execute(f"DELETE FROM {table} WHERE key >= ? AND key < ?", (prefix, end)).rowcount
                       for table in ("records", "entries", "counters"))

    def purge_expired(self) -> int:
        """Delete every expired row; how many went."""
        now = self.clock()
        with self._transaction() as db:
            return sum(db.execute(f"DELETE FROM {table} WHERE expires_at <= ?", (now,)).rowcount
                       for table in ("records", "entries", "counters"))

    def close(self) -> None:
        """Close the idle connections (a connection in use is closed when its thread returns it and ends)."""
        while True:
            try:
                self._idle.get_nowait().close()
            except queue.Empty:
                return


# Redis: every item is a hash whose reserved fields start with NUL ("\0x" the expiry on the store's clock,
# "\0v"/"\0d" a record's version/value, "\0n" a counter) -- entries' members never start with NUL.  Each key
# also gets a PEXPIRE from its expiry, so that Redis itself deletes it on time; the scripts make writes atomic.
_LUA_LIVE = """
local function live(key, now)
    local x = redis.call('HGET', key, '\\0x')
    if x and tonumber(x) <= now then redis.call('DEL', key); return false end
    return x ~= false
end
"""
_LUA_CREATE = _LUA_LIVE + """
local now = tonumber(ARGV[3])
local old = redis.call('HGET', KEYS[1], '\\0v')
if live(KEYS[1], now) then return 0 end
redis.call('HSET', KEYS[1], '\\0v', (tonumber(old) or 0) + 1, '\\0d', ARGV[1], '\\0x', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1
"""
_LUA_PUT = _LUA_LIVE + """
if not live(KEYS[1], tonumber(ARGV[2])) then return -1 end
local version = tonumber(redis.call('HGET', KEYS[1], '\\0v'))
if ARGV[3] ~= '' and version ~= tonumber(ARGV[3]) then return -2 end
redis.call('HSET', KEYS[1], '\\0v', version + 1, '\\0d', ARGV[1])
return version + 1
"""
_LUA_ADD_ENTRY = _LUA_LIVE + """
local had = live(KEYS[1], tonumber(ARGV[3]))
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 0 then return 0 end
if not had then
    redis.call('HSET', KEYS[1], '\\0x', ARGV[4])
    redis.call('PEXPIRE', KEYS[1], ARGV[5])
end
return 1
"""
_LUA_INCR = _LUA_LIVE + """
local had = live(KEYS[1], tonumber(ARGV[1]))
local count = redis.call('HINCRBY', KEYS[1], '\\0n', 1)
if not had then
    redis.call('HSET', KEYS[1], '\\0x', ARGV[2])
    redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
return count
"""
_LUA_PURGE = _LUA_LIVE + """
local gone = 0
for _, key in ipairs(KEYS) do
    if redis.call('EXISTS', key) == 1 and not live(key, tonumber(ARGV[1])) then gone = gone + 1 end
end
return gone
"""


class RedisStore:
    """The store for several hosts: a Redis server, keys under ``prefix``, atomic writes as Lua scripts."""

    def __init__(self, url: str = "redis://localhost:6379/0", *, prefix: str = "rml:live:",
                 clock: Callable[[], float] = time.time):
        import redis  # only the Redis store needs the package

        self.client = redis.Redis.from_url(url)
        self.prefix = prefix
        self.clock = clock
        self._create, self._put, self._add_entry, self._incr, self._purge = (
            self.client.register_script(script)
            for script in (_LUA_CREATE, _LUA_PUT, _LUA_ADD_ENTRY, _LUA_INCR, _LUA_PURGE))

    def _ttl_ms(self, expires_at: float, now: float) -> int:
        return max(1, int((expires_at - now) * 1000))

    def create(self, key: str, value: Any, expires_at: float) -> bool:
        now = self.clock()
        return self._create(keys=[self.prefix + key],
                            args=[_dumps(value), repr(expires_at), repr(now), self._ttl_ms(expires_at, now)]) == 1

    def _live_fields(self, key: str, *names: str) -> list | None:
        """The fields of a live hash (one HMGET, no script: the cheap poll), None when absent or expired."""
        *fields, expiry = self.client.hmget(self.prefix + key, *names, "\0x")
        return None if expiry is None or float(expiry) <= self.clock() else fields

    def get(self, key: str) -> Record | None:
        fields = self._live_fields(key, "\0v", "\0d")
        return None if fields is None else Record(int(fields[0]), json.loads(fields[1]))

    def version(self, key: str) -> int | None:
        fields = self._live_fields(key, "\0v")
        return None if fields is None else int(fields[0])

    def put(self, key: str, value: Any, *, if_version: int | None = None) -> int | None:
        result = self._put(keys=[self.prefix + key],
                           args=[_dumps(value), repr(self.clock()), "" if if_version is None else if_version])
        if result == -2:
            raise VersionConflict(key)
        return None if result == -1 else int(result)

    def add_entry(self, key: str, member: str, value: Any, expires_at: float) -> bool:
        if not member or member.startswith("\0"):
            raise ValueError("an entry's member is non-empty text not starting with NUL")
        now = self.clock()
        return self._add_entry(keys=[self.prefix + key], args=[member, _dumps(value), repr(now), repr(expires_at),
                                                               self._ttl_ms(expires_at, now)]) == 1

    def entries(self, key: str) -> dict[str, Any]:
        full = self.prefix + key
        with self.client.pipeline() as pipe:  # MULTI: the map and its expiry read together
            expiry, fields = pipe.hget(full, "\0x").hgetall(full).execute()
        if expiry is None or float(expiry) <= self.clock():
            return {}
        return {member.decode(): json.loads(value) for member, value in fields.items() if not member.startswith(b"\0")}

    def incr(self, key: str, expires_at: float) -> int:
        now = self.clock()
        return int(self._incr(keys=[self.prefix + key],
                              args=[repr(now), repr(expires_at), self._ttl_ms(expires_at, now)]))

    def _keys(self, prefix: str):
        pattern = "".join("\\" + c if c in "*?[]\\" else c for c in self.prefix + prefix) + "*"
        batch = []
        for key in self.client.scan_iter(match=pattern, count=500):
            batch.append(key)
            if len(batch) == 500:
                yield batch
                batch = []
        if batch:
            yield batch

    def delete_prefix(self, prefix: str) -> int:
        return sum(self.client.delete(*batch) for batch in self._keys(prefix))

    def purge_expired(self) -> int:
        """Delete what has expired on the store's clock (Redis's own TTLs delete it on the real clock anyway)."""
        now = repr(self.clock())
        return sum(int(self._purge(keys=batch, args=[now])) for batch in self._keys(""))

    def close(self) -> None:
        self.client.close()


def open_store(url: str | None = None, *, clock: Callable[[], float] = time.time) -> SQLiteStore | RedisStore:
    """The store a URL names: None or ``sqlite:///path`` -> SQLite (the default file when no path),
    ``redis://`` or ``rediss://`` -> Redis.  The caller reads the URL (e.g. from ``RML_LIVE_STORE``)."""
    if not url:
        return SQLiteStore(clock=clock)
    scheme = urlparse(url).scheme
    if scheme == "sqlite":
        path = unquote(url[len("sqlite://"):])  # sqlite:///abs/path -> /abs/path, sqlite://rel/path -> rel/path
        return SQLiteStore(path or DEFAULT_SQLITE_PATH, clock=clock)
    if scheme in ("redis", "rediss", "unix"):
        return RedisStore(url, clock=clock)
    raise ValueError(f"unknown live store {url!r}: expected sqlite:///path or redis://host:port/db")


def store_from_environment(clock: Callable[[], float] = time.time) -> SQLiteStore | RedisStore:
    """``open_store`` of ``$RML_LIVE_STORE`` (unset: the default SQLite file)."""
    return open_store(os.environ.get(STORE_ENV), clock=clock)
