"""The shared-state store of live classes: one small interface, SQLite (one host) and Redis (several hosts).

Three kinds of item, each under a text key and each with an absolute expiry time ``expires_at`` (seconds on
the store's clock; an item whose ``expires_at`` has passed is absent, and its data is deleted):

* records: a JSON value with a version that increases on every write (``create``, ``get``, ``version``, ``put``);
* entries: a map member -> JSON value where the first value of a member stays (``add_entry``, ``entries``):
  one answer per student per question; a second answer is refused (``add_entry`` returns False);
* counters: ``incr`` (fixed-window rate limits, sequence numbers).

``check`` makes one round trip to the store; ``check_writable`` writes to it (a write probe, with a short time-out
of its own): a store that reads but cannot write (an SQLite file made unwritable, a full disk, a lock held by another
program; a Redis server whose writes are paused) fails the second and not the first.

A map of entries can be closed (``close_entries``, atomic: it returns the entries at that moment): from then on
``add_entry`` raises :class:`EntriesClosed`, so that an entry is either in what ``close_entries`` returned or refused.
Every call that cannot reach its store raises :class:`live.errors.ClassServerUnavailable`.

``delete_prefix`` deletes every item whose key starts with a prefix (a whole class), ``purge_expired`` deletes
what has expired.  Both stores take a ``clock`` (default ``time.time``) so that tests move time without sleeping.
"""

from __future__ import annotations

import errno
import fcntl
import functools
import json
import logging
import os
import queue
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple, Protocol
from urllib.parse import unquote, urlparse

from live.errors import ClassServerUnavailable, StoreFileDeleted, StoreMisconfigured

logger = logging.getLogger(__name__)

#: The environment variable that names the store: ``sqlite:///path``, ``redis://host:6379/0`` or unset.
STORE_ENV = "RML_LIVE_STORE"
#: The SQLite file when nothing is configured: under the app's folder.
DEFAULT_SQLITE_PATH = Path(__file__).resolve().parent.parent / ".live" / "classes.sqlite3"
#: How long a Redis connection may stay idle before it is checked (PING) when next used.
HEALTH_CHECK_SECONDS = 30
#: How long a write probe (``check_writable``) waits for the store: a lock or a hung server fails it after this long.
PROBE_TIMEOUT = 1.0
#: The key the write probes write (an expiring counter; no class's key starts with NUL).
PROBE_KEY = "\0probe"


class Record(NamedTuple):
    version: int
    value: Any


class VersionConflict(Exception):
    """``put(..., if_version=v)`` found another version: someone wrote in between (read again and retry)."""


class EntriesClosed(Exception):
    """``add_entry`` on a map that ``close_entries`` closed: the entry is refused."""


class Store(Protocol):
    """What a live class needs of its store (the module docstring says it whole); :class:`SQLiteStore` and
    :class:`RedisStore` implement it (tests/live/test_store_protocol.py checks every method's signature).

    Every method raises :class:`live.errors.ClassServerUnavailable` when it cannot reach the store.  ``expires_at``
    is an absolute time on the store's clock; an item past it is absent.
    """

    def describe(self) -> str:
        """The store's address for people (``sqlite:///path``, ``redis://host:port/db``), without a password."""
        ...

    def check(self) -> None:
        """One round trip to the store: ClassServerUnavailable when it cannot be used."""
        ...

    def check_writable(self) -> None:
        """A write probe with a short time-out of its own: ClassServerUnavailable when the store cannot be written
        now (it may still read)."""
        ...

    def create(self, key: str, value: Any, expires_at: float, version: int = 1) -> bool:
        """Write a record only if none is live at ``key``: True if this call created it; ``version`` its first
        version (a record brought back goes on past the versions its readers saw)."""
        ...

    def get(self, key: str) -> Record | None:
        """The live record at ``key`` (its version and value), or None."""
        ...

    def version(self, key: str) -> int | None:
        """The record's version, or None when absent: the cheap poll."""
        ...

    def put(self, key: str, value: Any, *, if_version: int | None = None) -> int | None:
        """Replace a live record's value (its expiry stays): the new version, or None when absent; with
        ``if_version``, only if the record is still at that version, else :class:`VersionConflict`."""
        ...

    def add_entry(self, key: str, member: str, value: Any, expires_at: float) -> bool:
        """Add ``member``'s value to the map at ``key``: False (nothing written) if the member already has one;
        :class:`EntriesClosed` when the map was closed."""
        ...

    def close_entries(self, key: str, expires_at: float) -> dict[str, Any]:
        """Close the map at ``key`` (no entry is added from now on) and return its entries, atomically."""
        ...

    def entries(self, key: str) -> dict[str, Any]:
        """The map at ``key``: member -> its first value."""
        ...

    def incr(self, key: str, expires_at: float, amount: int = 1) -> int:
        """Add ``amount`` to the counter at ``key`` (created at ``amount`` with this expiry when absent): the new
        count."""
        ...

    def delete_prefix(self, prefix: str) -> int:
        """Delete every item whose key starts with ``prefix`` (a whole class): how many were deleted."""
        ...

    def purge_expired(self) -> int:
        """Delete what has expired: how many items."""
        ...

    def close(self) -> None:
        """Release the store's connections."""
        ...


def _guarded(method):
    """A store method whose store errors (``self._errors``: cannot connect, time-out, file unwritable...) become
    :class:`ClassServerUnavailable`; the project's own errors pass through."""
    @functools.wraps(method)
    def guarded(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except ClassServerUnavailable:
            raise
        except self._errors as error:
            logger.warning("live store %s: %s: %s", self.describe(), type(error).__name__, error)
            raise ClassServerUnavailable() from error
    return guarded


_SQLITE_ERRORS = (sqlite3.Error, OSError)


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), allow_nan=False)


class SQLiteStore:
    """The embedded store: one SQLite file, shared safely by the threads and processes of one host.

    WAL mode (readers never wait for the writer), a busy timeout, and writes as single statements or
    ``BEGIN IMMEDIATE`` transactions.  Expired rows are invisible at once and deleted by ``purge_expired``,
    which every write also runs when ``purge_every`` seconds have passed since the last purge (of this object).

    Every call first checks that the path still names the file this store opened (device and inode): when the file
    was deleted or replaced while classes ran, the call raises :class:`StoreFileDeleted` once and the store goes on
    with a new file at the path, instead of writing on, unseen, to a file that the next restart would lose.
    """

    def __init__(self, path: str | os.PathLike = DEFAULT_SQLITE_PATH, *, clock: Callable[[], float] = time.time,
                 busy_timeout: float = 10.0, purge_every: float = 60.0):
        self.path = Path(path)
        self.clock = clock
        self._busy_timeout = busy_timeout
        self._purge_every = purge_every
        self._last_purge = float("-inf")
        self._idle: queue.SimpleQueue[tuple[int, sqlite3.Connection]] = queue.SimpleQueue()
        self._generation = 0  #: how many times the file was found deleted (a connection of an older one is dropped)
        self._abandoned: list[sqlite3.Connection] = []  #: never closed: closing one could unlink the new file's WAL
        self._reopen_lock = threading.Lock()
        self._errors = _SQLITE_ERRORS
        try:
            self._open_file()
        except _SQLITE_ERRORS as error:
            raise StoreMisconfigured(store=f"sqlite://{self.path}") from error

    def describe(self) -> str:
        return f"sqlite://{self.path}"

    def _identity(self) -> tuple[int, int] | None:
        try:
            found = os.stat(self.path)
        except FileNotFoundError:
            return None
        return found.st_dev, found.st_ino

    def _open_file(self) -> None:
        """Create the folder, the file and its tables (under a lock file, as several processes may do it at once)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.path.with_name(self.path.name + ".lock"), "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not self.path.exists():  # a WAL left by a deleted file would be replayed into the new one
                for suffix in ("-wal", "-shm"):
                    self.path.with_name(self.path.name + suffix).unlink(missing_ok=True)
            deadline = time.monotonic() + self._busy_timeout
            while True:  # several processes may open a new file at once: switching to WAL can be refused while busy
                try:
                    self._create_tables()
                    break
                except sqlite3.OperationalError as error:
                    if "locked" not in str(error) or time.monotonic() > deadline:
                        raise
                    time.sleep(0.05)
            self._opened = self._identity()

    def _create_tables(self) -> None:
        with self._connection(check=False) as db:
            if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                db.execute("PRAGMA journal_mode = WAL")  # persistent: once per file
            db.executescript("""
                CREATE TABLE IF NOT EXISTS records (key TEXT PRIMARY KEY, version INTEGER NOT NULL,
                                                    value TEXT NOT NULL, expires_at REAL NOT NULL);
                CREATE TABLE IF NOT EXISTS entries (key TEXT NOT NULL, member TEXT NOT NULL, value TEXT NOT NULL,
                                                    expires_at REAL NOT NULL, PRIMARY KEY (key, member));
                CREATE TABLE IF NOT EXISTS counters (key TEXT PRIMARY KEY, count INTEGER NOT NULL,
                                                     expires_at REAL NOT NULL);
                CREATE TABLE IF NOT EXISTS closed (key TEXT PRIMARY KEY, expires_at REAL NOT NULL);
                CREATE INDEX IF NOT EXISTS records_expiry ON records (expires_at);
                CREATE INDEX IF NOT EXISTS entries_expiry ON entries (expires_at);
                CREATE INDEX IF NOT EXISTS counters_expiry ON counters (expires_at);
                CREATE INDEX IF NOT EXISTS closed_expiry ON closed (expires_at);
            """)

    def _check_file(self) -> None:
        """StoreFileDeleted (once) when the path no longer names the opened file; a new file is then opened.
        PermissionError (:class:`ClassServerUnavailable`) when its shared-memory file cannot be written."""
        self._check_writable_files()
        if self._identity() == self._opened:
            return
        with self._reopen_lock:
            if self._identity() == self._opened and self._opened is not None:
                return  # another thread of this process reopened it
            self._generation += 1
            while True:
                try:
                    self._abandoned.append(self._idle.get_nowait()[1])
                except queue.Empty:
                    break
            logger.error("the live store's file %s was deleted or replaced while classes ran: their data is lost; "
                         "a new file is used", self.path)
            self._open_file()
        raise StoreFileDeleted()

    def _check_writable_files(self) -> None:
        """Every connection maps the shared-memory file (``-shm``) and writes to it, even to read: when that file is
        made unwritable under it (``chattr +i``), the next access kills the whole server process (SIGBUS, no Python
        error). So that file is checked before each call (one ``access``, microseconds) and a call is refused as the
        store out of reach while it cannot be written. (The database and WAL files are not mapped: SQLite refuses a
        write to them with an error of its own.)"""
        shared = self.path.with_name(self.path.name + "-shm")
        if not os.access(shared, os.W_OK) and shared.exists():
            raise PermissionError(errno.EPERM, "the live store's shared-memory file cannot be written", str(shared))

    @contextmanager
    def _connection(self, check: bool = True) -> Iterator[sqlite3.Connection]:
        """A connection of the pool (threads come and go with Streamlit's reruns; connections are reused)."""
        if check:
            self._check_file()
        generation = self._generation
        try:
            generation, db = self._idle.get_nowait()
        except queue.Empty:
            db = sqlite3.connect(self.path, timeout=self._busy_timeout, isolation_level=None,
                                 check_same_thread=False)
            db.execute(f"PRAGMA busy_timeout = {int(self._busy_timeout * 1000)}")
            db.execute("PRAGMA synchronous = NORMAL")
        try:
            yield db
        finally:
            if db.in_transaction:  # a failed COMMIT: never hand on a connection inside a transaction
                try:
                    db.execute("ROLLBACK")
                except sqlite3.Error:
                    generation = -1  # not reused
            if generation == self._generation:
                self._idle.put((generation, db))
            else:
                self._abandoned.append(db)

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

    @_guarded
    def check(self) -> None:
        """One round trip to the store: ClassServerUnavailable when it cannot be used."""
        self._execute("SELECT count(*) FROM records")

    @_guarded
    def check_writable(self, timeout: float = PROBE_TIMEOUT) -> None:
        """Write to the store (an expiring counter), waiting at most ``timeout`` seconds for a lock held by another
        connection: ClassServerUnavailable when it cannot be written now."""
        now = self.clock()
        with self._connection() as db:
            db.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
            try:
                db.execute("INSERT INTO counters (key, count, expires_at) VALUES (?, 1, ?) ON CONFLICT (key) DO "
                           "UPDATE SET count = counters.count + 1, expires_at = excluded.expires_at",
                           (PROBE_KEY, now + 60))
            finally:
                db.execute(f"PRAGMA busy_timeout = {int(self._busy_timeout * 1000)}")

    @_guarded
    def create(self, key: str, value: Any, expires_at: float, version: int = 1) -> bool:
        """Write a record only if none is live at ``key``: True if this call created it.  ``version``: its first
        version (a record brought back after its store lost it goes on past the versions its readers saw)."""
        now = self.clock()
        self._purge_now_and_then(now)
        changed, _ = self._execute(
            "INSERT INTO records (key, version, value, expires_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (key) DO UPDATE SET version = max(records.version + 1, excluded.version), "
            "value = excluded.value, expires_at = excluded.expires_at WHERE records.expires_at <= ?",
            (key, int(version), _dumps(value), expires_at, now))
        return changed == 1

    @_guarded
    def get(self, key: str) -> Record | None:
        _, rows = self._execute("SELECT version, value FROM records WHERE key = ? AND expires_at > ?",
                                (key, self.clock()))
        return Record(rows[0][0], json.loads(rows[0][1])) if rows else None

    @_guarded
    def version(self, key: str) -> int | None:
        """The record's version, or None when absent: the cheap poll."""
        _, rows = self._execute("SELECT version FROM records WHERE key = ? AND expires_at > ?", (key, self.clock()))
        return rows[0][0] if rows else None

    @_guarded
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

    @_guarded
    def add_entry(self, key: str, member: str, value: Any, expires_at: float) -> bool:
        """Add ``member``'s value to the map at ``key``: False (nothing written) if the member already has one;
        :class:`EntriesClosed` when the map was closed."""
        now = self.clock()
        self._purge_now_and_then(now)
        with self._transaction() as db:
            if db.execute("SELECT 1 FROM closed WHERE key = ? AND expires_at > ?", (key, now)).fetchone():
                raise EntriesClosed(key)
            changed = db.execute(
                "INSERT INTO entries (key, member, value, expires_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (key, member) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at "
                "WHERE entries.expires_at <= ?", (key, member, _dumps(value), expires_at, now)).rowcount
        return changed == 1

    @_guarded
    def close_entries(self, key: str, expires_at: float) -> dict[str, Any]:
        """Close the map at ``key`` (no entry is added from now on) and return its entries, in one transaction."""
        now = self.clock()
        with self._transaction() as db:
            db.execute("INSERT INTO closed (key, expires_at) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET "
                       "expires_at = excluded.expires_at WHERE closed.expires_at <= ?", (key, expires_at, now))
            rows = db.execute("SELECT member, value FROM entries WHERE key = ? AND expires_at > ?",
                              (key, now)).fetchall()
        return {member: json.loads(value) for member, value in rows}

    @_guarded
    def entries(self, key: str) -> dict[str, Any]:
        _, rows = self._execute("SELECT member, value FROM entries WHERE key = ? AND expires_at > ?",
                                (key, self.clock()))
        return {member: json.loads(value) for member, value in rows}

    @_guarded
    def incr(self, key: str, expires_at: float, amount: int = 1) -> int:
        """Add ``amount`` to the counter at ``key`` (created at ``amount`` with this expiry when absent); the new
        count."""
        now = self.clock()
        self._purge_now_and_then(now)
        _, rows = self._execute(
            "INSERT INTO counters (key, count, expires_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET "
            "count = CASE WHEN counters.expires_at <= ? THEN excluded.count ELSE counters.count + excluded.count END, "
            "expires_at = CASE WHEN counters.expires_at <= ? THEN excluded.expires_at ELSE counters.expires_at END "
            "RETURNING count", (key, int(amount), expires_at, now, now))
        return rows[0][0]

    @_guarded
    def delete_prefix(self, prefix: str) -> int:
        """Delete every item whose key starts with ``prefix``; how many rows went."""
        end = prefix + "\U0010ffff"
        with self._transaction() as db:
            return sum(db.execute(f"DELETE FROM {table} WHERE key >= ? AND key < ?", (prefix, end)).rowcount
                       for table in ("records", "entries", "counters", "closed"))

    @_guarded
    def purge_expired(self) -> int:
        """Delete every expired row; how many went."""
        now = self.clock()
        with self._transaction() as db:
            return sum(db.execute(f"DELETE FROM {table} WHERE expires_at <= ?", (now,)).rowcount
                       for table in ("records", "entries", "counters", "closed"))

    def close(self) -> None:
        """Close the idle connections (a connection in use is closed when its thread returns it and ends)."""
        while True:
            try:
                self._idle.get_nowait()[1].close()
            except queue.Empty:
                return


# Redis: every item is a hash whose reserved fields start with NUL ("\0x" the expiry on the store's clock,
# "\0v"/"\0d" a record's version/value, "\0n" a counter, "\0c" a closed map) -- entries' members never start with NUL.  Each key
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
redis.call('HSET', KEYS[1], '\\0v', math.max((tonumber(old) or 0) + 1, tonumber(ARGV[5])), '\\0d', ARGV[1],
           '\\0x', ARGV[2])
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
if had and redis.call('HEXISTS', KEYS[1], '\\0c') == 1 then return -1 end
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 0 then return 0 end
if not had then
    redis.call('HSET', KEYS[1], '\\0x', ARGV[4])
    redis.call('PEXPIRE', KEYS[1], ARGV[5])
end
return 1
"""
_LUA_CLOSE_ENTRIES = _LUA_LIVE + """
local had = live(KEYS[1], tonumber(ARGV[1]))
redis.call('HSET', KEYS[1], '\\0c', '1')
if not had then
    redis.call('HSET', KEYS[1], '\\0x', ARGV[2])
    redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
return redis.call('HGETALL', KEYS[1])
"""
_LUA_INCR = _LUA_LIVE + """
local had = live(KEYS[1], tonumber(ARGV[1]))
local count = redis.call('HINCRBY', KEYS[1], '\\0n', tonumber(ARGV[4]))
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
    """The store for several hosts: a Redis server, keys under ``prefix``, atomic writes as Lua scripts.

    Connections time out (``timeout`` seconds to connect or for an answer), are checked when idle for
    :data:`HEALTH_CHECK_SECONDS`, and a call whose connection broke is retried on a new one (twice, after 50 then
    100 ms); a call that still fails raises :class:`ClassServerUnavailable`.  When the server comes back empty, the
    scripts are loaded again and the classes it lost are not found.
    """

    def __init__(self, url: str = "redis://localhost:6379/0", *, prefix: str = "rml:live:",
                 clock: Callable[[], float] = time.time, timeout: float = 2.0):
        import redis
        from redis.backoff import ExponentialBackoff, NoBackoff
        from redis.retry import Retry

        self.url = url
        self._errors = (redis.RedisError, OSError)
        try:
            self.client = redis.Redis.from_url(
                url, socket_timeout=timeout, socket_connect_timeout=timeout,
                health_check_interval=HEALTH_CHECK_SECONDS,
                retry=Retry(ExponentialBackoff(cap=0.5, base=0.05), retries=2),
                retry_on_error=[redis.ConnectionError, redis.TimeoutError])
        except (ValueError, redis.RedisError) as error:
            raise StoreMisconfigured(store=self.describe()) from error
        self.prefix = prefix
        self.clock = clock
        #: the quick client: the write probe and the version poll (PROBE_TIMEOUT, one new connection on a broken one,
        #: never a retry after a time-out): a hung server is told within a second, not after three 2 s time-outs
        self._quick = redis.Redis.from_url(
            url, socket_timeout=min(timeout, PROBE_TIMEOUT), socket_connect_timeout=min(timeout, PROBE_TIMEOUT),
            health_check_interval=HEALTH_CHECK_SECONDS,
            retry=Retry(NoBackoff(), 1, supported_errors=(redis.ConnectionError,)))
        self._create, self._put, self._add_entry, self._close_entries, self._incr, self._purge = (
            self.client.register_script(script)
            for script in (_LUA_CREATE, _LUA_PUT, _LUA_ADD_ENTRY, _LUA_CLOSE_ENTRIES, _LUA_INCR, _LUA_PURGE))

    def describe(self) -> str:
        """The URL without its password."""
        parts = urlparse(self.url)
        if parts.password:
            return parts._replace(netloc=parts.netloc.replace(f":{parts.password}@", ":***@")).geturl()
        return self.url

    def _ttl_ms(self, expires_at: float, now: float) -> int:
        return max(1, int((expires_at - now) * 1000))

    @_guarded
    def check(self) -> None:
        """One round trip to the server: ClassServerUnavailable when it cannot be reached."""
        self.client.ping()

    @_guarded
    def check_writable(self) -> None:
        """Write to the server (an expiring key) on the quick client (:data:`PROBE_TIMEOUT`, no retry after a
        time-out): ClassServerUnavailable when it cannot be written now (stopped, hung, its writes paused)."""
        self._quick.set(self.prefix + PROBE_KEY, repr(self.clock()), px=60_000)

    @_guarded
    def create(self, key: str, value: Any, expires_at: float, version: int = 1) -> bool:
        now = self.clock()
        return self._create(keys=[self.prefix + key],
                            args=[_dumps(value), repr(expires_at), repr(now), self._ttl_ms(expires_at, now),
                                  int(version)]) == 1

    def _live_fields(self, key: str, *names: str, client=None) -> list | None:
        """The fields of a live hash (one HMGET, no script: the cheap poll), None when absent or expired."""
        *fields, expiry = (client or self.client).hmget(self.prefix + key, *names, "\0x")
        return None if expiry is None or float(expiry) <= self.clock() else fields

    @_guarded
    def get(self, key: str) -> Record | None:
        fields = self._live_fields(key, "\0v", "\0d")
        return None if fields is None else Record(int(fields[0]), json.loads(fields[1]))

    @_guarded
    def version(self, key: str) -> int | None:
        """The cheap poll, on the quick client (a hung server: ClassServerUnavailable within PROBE_TIMEOUT)."""
        fields = self._live_fields(key, "\0v", client=self._quick)
        return None if fields is None else int(fields[0])

    @_guarded
    def put(self, key: str, value: Any, *, if_version: int | None = None) -> int | None:
        result = self._put(keys=[self.prefix + key],
                           args=[_dumps(value), repr(self.clock()), "" if if_version is None else if_version])
        if result == -2:
            raise VersionConflict(key)
        return None if result == -1 else int(result)

    @_guarded
    def add_entry(self, key: str, member: str, value: Any, expires_at: float) -> bool:
        if not member or member.startswith("\0"):
            raise ValueError("an entry's member is non-empty text not starting with NUL")
        now = self.clock()
        result = self._add_entry(keys=[self.prefix + key], args=[member, _dumps(value), repr(now), repr(expires_at),
                                                                 self._ttl_ms(expires_at, now)])
        if result == -1:
            raise EntriesClosed(key)
        return result == 1

    @staticmethod
    def _members(fields: dict) -> dict[str, Any]:
        return {member.decode(): json.loads(value) for member, value in fields.items() if not member.startswith(b"\0")}

    @_guarded
    def close_entries(self, key: str, expires_at: float) -> dict[str, Any]:
        now = self.clock()
        flat = self._close_entries(keys=[self.prefix + key], args=[repr(now), repr(expires_at),
                                                                   self._ttl_ms(expires_at, now)])
        return self._members(dict(zip(flat[::2], flat[1::2])))

    @_guarded
    def entries(self, key: str) -> dict[str, Any]:
        full = self.prefix + key
        with self.client.pipeline() as pipe:  # MULTI: the map and its expiry read together
            expiry, fields = pipe.hget(full, "\0x").hgetall(full).execute()
        if expiry is None or float(expiry) <= self.clock():
            return {}
        return self._members(fields)

    @_guarded
    def incr(self, key: str, expires_at: float, amount: int = 1) -> int:
        now = self.clock()
        return int(self._incr(keys=[self.prefix + key],
                              args=[repr(now), repr(expires_at), self._ttl_ms(expires_at, now), int(amount)]))

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

    @_guarded
    def delete_prefix(self, prefix: str) -> int:
        return sum(self.client.delete(*batch) for batch in self._keys(prefix))

    @_guarded
    def purge_expired(self) -> int:
        """Delete what has expired on the store's clock (Redis's own TTLs delete it on the real clock anyway)."""
        now = repr(self.clock())
        return sum(int(self._purge(keys=batch, args=[now])) for batch in self._keys(""))

    def close(self) -> None:
        self.client.close()
        self._quick.close()


def open_store(url: str | None = None, *, clock: Callable[[], float] = time.time) -> Store:
    """The store a URL names: None or ``sqlite:///path`` -> SQLite (the default file when no path),
    ``redis://`` or ``rediss://`` -> Redis.  The caller reads the URL (e.g. from ``RML_LIVE_STORE``).
    :class:`StoreMisconfigured` for a URL that names no usable store."""
    if not url:
        return SQLiteStore(clock=clock)
    scheme = urlparse(url).scheme
    if scheme == "sqlite":
        path = unquote(url[len("sqlite://"):])  # sqlite:///abs/path -> /abs/path, sqlite://rel/path -> rel/path
        return SQLiteStore(path or DEFAULT_SQLITE_PATH, clock=clock)
    if scheme in ("redis", "rediss", "unix"):
        return RedisStore(url, clock=clock)
    logger.error("unknown live store %r: expected sqlite:///path or redis://host:port/db", url)
    raise StoreMisconfigured(store=url.split("@")[-1][:80])


def store_from_environment(clock: Callable[[], float] = time.time) -> Store:
    """``open_store`` of ``$RML_LIVE_STORE`` (unset: the default SQLite file)."""
    return open_store(os.environ.get(STORE_ENV), clock=clock)
