"""Screens that wait for their class to change, instead of asking the app every second (issue 19).

A student's screen used to rerun a Streamlit fragment every second to read its class's version: 40 students
cost 40 script runs a second (19 ms of server CPU each) before anyone dragged, and those runs slowed the teacher's
own screen. Now the screen asks :data:`live.routes` over plain HTTP and the answer comes only when the class has
changed (a long poll): :class:`ClassWatch` is one thread per server process that reads, every :data:`READ_EVERY`
seconds, the version of each class someone is waiting on (one store read per class, however many students wait)
and answers the waiting requests whose class moved on. Only then does the screen rerun its fragment.

A class's state, as a screen and this module speak of it, is a string: its version (``"12"``), :data:`GONE`
(closed, expired or lost) or :data:`UNAVAILABLE` (the class server cannot be reached now, or cannot be written: every
:data:`PROBE_EVERY` seconds the watch writes to the store, and while that fails every class it watches is
unavailable, as the teacher's changes cannot reach it; a store that still reads, e.g. an SQLite file made unwritable,
a full disk or a lock held by another program, would otherwise leave the students on the old board, unaware). A screen that shows
:data:`RUNNING` (the teacher's: its own changes are no news to it) waits only for the class to end or its server
to go away. No Streamlit here.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from dataclasses import dataclass, field

from live.classes import Classes
from live.errors import ClassServerUnavailable, LiveError

logger = logging.getLogger(__name__)

GONE = "gone"  #: the class ended: closed, expired, or lost with its store
UNAVAILABLE = "unavailable"  #: the class server (the store) cannot be reached right now
RUNNING = "running"  #: what a teacher's screen shows: any version of a class that still runs
WAIT_SECONDS = 25.0  #: a wait is answered after this long at most (proxies close idle requests after 60 s)
READ_EVERY = 0.1  #: how often the watched classes are read from the store (the delay it adds to a change, at most)
TEACHER_FIRST = 0.2  #: a new version is told to the class this long after it is first read (:class:`ClassWatch`)
MAX_WAITING = 5000  #: waits held at once by one process; more are refused (:class:`Busy`), never queued
MAX_CLASSES = 500  #: classes watched at once by one process (a store read each per round); a wait on another: Busy
PROBE_EVERY = 1.0  #: how often the watch checks that the store can be written (one write per process, however many classes)


class Busy(Exception):
    """This process holds :data:`MAX_WAITING` waits already: the screen falls back to asking its fragment."""


def class_state(classes: Classes, code: str) -> str:
    """The state of class ``code`` (its version, :data:`GONE` or :data:`UNAVAILABLE`); never raises a LiveError."""
    try:
        return str(classes.version(code))
    except ClassServerUnavailable:
        return UNAVAILABLE
    except LiveError:
        return GONE


def is_news(state: str, seen: str) -> bool:
    """Whether a screen that shows ``seen`` must be drawn again for ``state``: a newer version (versions of one
    class only grow: an older one is a read made before the screen's own), or another kind of state."""
    if seen == RUNNING:
        return not state.isdigit()
    if state.isdigit() and seen.isdigit():
        return int(state) > int(seen)
    return state != seen


@dataclass
class _Waiter:
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future
    seen: str


@dataclass
class _Watched:
    waiters: list[_Waiter] = field(default_factory=list)
    state: str | None = None  #: the last state read (None: not read since the first wait)
    since: float = 0.0  #: when the hold of a new version began (time.monotonic; only while ``held``)
    held: bool = False  #: a new version, not told yet (the teacher's own screen first)


class ClassWatch:
    """The classes this process's screens wait on, read from the store by one thread while anyone waits.

    The teacher's own screen first: a new version (the teacher's change) is told to the waiting screens
    ``teacher_first`` seconds after it is first read. The teacher's run publishes its board as it ends, while its
    messages are still being sent; Streamlit sends every session's messages from one loop, so 40 students' updates
    started at once delayed the teacher's last messages by up to 1 s in 2 drags of 20 (``bench_live_class.py``,
    quiet: teacher p95 0.84-0.90 s; held 0.3 s: 0.17 s, the students' p95 unchanged). Since a following student's
    view is drawn once for the class (ui.classroom.view_route, issue 36) a student costs the server about 1-3 ms per
    change instead of 12-25 ms, so the hold is 0.2 s (40 students p95 0.52 s with 0.3 s, 0.45 s with 0.2 s; the
    teacher's own screen p95 0.09 s either way; 300 students 0.89 and 0.74 s). Gone and unavailable are told at
    once."""

    def __init__(self, classes: Classes, read_every: float = READ_EVERY, max_waiting: int = MAX_WAITING,
                 max_classes: int = MAX_CLASSES, teacher_first: float = TEACHER_FIRST, probe_every: float = PROBE_EVERY):
        self.classes = classes
        self.read_every = read_every
        self.probe_every = probe_every
        self.teacher_first = teacher_first
        self.max_waiting = max_waiting
        self.max_classes = max_classes
        self.reads = 0  #: store reads made (one per watched class per round)
        self._watched: dict[str, _Watched] = {}
        self._waiting = 0
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None

    async def wait(self, code: str, seen: str, timeout: float = WAIT_SECONDS) -> str:
        """The state of class ``code`` as soon as it is news to a screen showing ``seen`` (:func:`is_news`), or
        after ``timeout`` seconds whatever it is. Busy when too many waits are held."""
        loop = asyncio.get_running_loop()
        waiter = _Waiter(loop, loop.create_future(), seen)
        with self._lock:
            watched = self._watched.get(code)
            if (watched is not None and watched.state is not None and not watched.held
                    and is_news(watched.state, seen)):
                return watched.state
            if self._waiting >= self.max_waiting or (watched is None and len(self._watched) >= self.max_classes):
                raise Busy()
            watched = self._watched.setdefault(code, _Watched())
            watched.waiters.append(waiter)
            self._waiting += 1
            self._start()
        self._wake.set()
        try:
            return await asyncio.wait_for(waiter.future, timeout)
        except TimeoutError:
            return watched.state if watched.state is not None else seen
        finally:
            with self._lock:
                if waiter in watched.waiters:
                    watched.waiters.remove(waiter)
                    self._waiting -= 1
                if not watched.waiters and self._watched.get(code) is watched:
                    del self._watched[code]  # unwatched: its state goes stale, forget it

    def waiting(self) -> int:
        """How many waits are held now."""
        return self._waiting

    def _start(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name="live-class-watch", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while True:
            with self._lock:
                codes = list(self._watched)
            if not codes:
                self._wake.wait()
                self._wake.clear()
                continue
            started = time.monotonic()
            try:
                writable = self.classes.writable(max_age=self.probe_every)
            except Exception:  # a bug: logged, the classes still read
                logger.exception("live class watch: probing the store")
                writable = True
            for code in codes:
                try:
                    self._read(code, writable)
                except Exception:  # a bug, not the store (class_state says that): logged, the others still read
                    logger.exception("live class watch: reading class %r", code)
            time.sleep(max(0.0, self.read_every - (time.monotonic() - started)))

    def _read(self, code: str, writable: bool = True) -> None:
        if writable:
            state = class_state(self.classes, code)  # outside the lock: the store may be slow
            self.reads += 1
        else:  # the teacher's changes cannot reach the store: no read (which may hang as long as the probe did)
            state = UNAVAILABLE
        with self._lock:
            watched = self._watched.get(code)
            if watched is None:
                return
            now = time.monotonic()
            if state != watched.state:
                if not state.isdigit():  # gone or unavailable: told at once
                    watched.held = False
                elif not watched.held and watched.state is not None and self.teacher_first > 0:
                    watched.held, watched.since = True, now  # the teacher's change: told teacher_first later
                watched.state = state  # a still newer one while held: told at the same time (no later)
            if watched.held and now - watched.since < self.teacher_first:
                return
            watched.held = False
            for waiter in [w for w in watched.waiters if is_news(state, w.seen)]:
                watched.waiters.remove(waiter)
                self._waiting -= 1
                waiter.loop.call_soon_threadsafe(_answer, waiter.future, state)


def _answer(future: asyncio.Future, state: str) -> None:
    if not future.done():
        future.set_result(state)
