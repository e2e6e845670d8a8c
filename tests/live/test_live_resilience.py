"""A live class loses nothing (issue 19): answers racing the reveal, a store that stops, comes back empty or not, a
store file deleted, an unusable store, answers out of range -- on SQLite and Redis, every call raises LiveError only."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import pytest

from live import store as store_module
from live.classes import AlreadyAnswered, AnswersClosed, ClassClosed, Classes, ClassNotFound, OutOfRange, UnknownStudent
from live.errors import ClassServerUnavailable, LiveError, StoreFileDeleted, StoreMisconfigured
from live.store import RedisStore, SQLiteStore, open_store
from tests.live_servers import free_port, start_redis_server, stop_redis_server

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

QUESTION = {"measure": "nDCG@5"}
TRIALS, STUDENTS = 20, 30


@pytest.fixture
def classes(live_store):
    return Classes(live_store)


def _answer_during_the_reveal(classes, trial: int) -> tuple[list, list, dict]:
    """STUDENTS threads answer at once while the teacher reveals: (accepted values, refused values, the reveal)."""
    code, key = classes.start_class()
    students = [classes.join(code) for _ in range(STUDENTS)]
    question = classes.ask(code, key, QUESTION, exact=0.5)
    start = threading.Barrier(STUDENTS + 1)
    accepted, refused = [], []

    def send(n: int, student: str) -> None:
        start.wait()
        try:
            classes.answer(code, student, question, n / 1000)
            accepted.append(n / 1000)
        except AnswersClosed:
            refused.append(n / 1000)

    threads = [threading.Thread(target=send, args=(n, s)) for n, s in enumerate(students)]
    for thread in threads:
        thread.start()
    start.wait()
    threading.Event().wait(random.Random(trial).uniform(0, 0.01))  # the reveal lands among the answers
    classes.reveal(code, key, question)
    for thread in threads:
        thread.join()
    revealed = classes.current(code).question
    assert revealed["answered"] == classes.results(code, key, question).answered
    return accepted, refused, revealed


def test_every_accepted_answer_is_in_the_revealed_tally(classes):
    """Students answer while the teacher reveals: an answer is either in the reveal's tally or refused (closed)."""
    raced = 0
    for trial in range(TRIALS):
        accepted, refused, revealed = _answer_during_the_reveal(classes, trial)
        assert len(accepted) + len(refused) == STUDENTS
        assert Counter(revealed["values"]) == Counter(accepted)  # nothing accepted is missing, nothing refused is in
        assert revealed["answered"] == len(accepted)
        raced += bool(accepted and refused)
    assert raced, "the reveal never landed among the answers: the test did not race"


def test_an_answer_after_the_reveal_is_refused_with_its_reason(classes):
    code, key = classes.start_class()
    student = classes.join(code)
    question = classes.ask(code, key, QUESTION, exact=0.5)
    classes.reveal(code, key, question)
    with pytest.raises(AnswersClosed, match="revealed"):
        classes.answer(code, student, question, 0.5)
    classes.reveal(code, key, question)  # a second reveal (another tab) shows the same tally
    assert classes.current(code).question["answered"] == 0


@pytest.mark.parametrize("value", [1e308, -1e308, 1.02, -0.5, 7])
def test_an_answer_out_of_the_questions_range_is_refused(classes, value):
    code, key = classes.start_class()
    student = classes.join(code)
    question = classes.ask(code, key, QUESTION, exact=0.5, tolerance=0.005)
    with pytest.raises(OutOfRange, match="from 0 to 1"):
        classes.answer(code, student, question, value)
    assert classes.results(code, key, question).answered == 0
    classes.answer(code, student, question, 1.004)  # within the tolerance of the range
    counts = classes.ask(code, key, {"measure": "a rank"}, exact=3, answer_range=(0, 12))
    classes.answer(code, student, counts, 7)


def test_a_closed_class_says_so_to_its_students(classes):
    code, key = classes.start_class()
    classes.join(code)
    classes.close(code, key)
    with pytest.raises(ClassClosed, match="closed"):
        classes.version(code)
    with pytest.raises(ClassNotFound):  # a ClassNotFound: the pages that handle one handle this one
        classes.current(code)


def test_an_unusable_store_url_is_one_error(tmp_path):
    with pytest.raises(StoreMisconfigured, match="RML_LIVE_STORE"):
        open_store("mysql://host/db")
    blocked = tmp_path / "blocked"
    blocked.write_text("a file, not a folder")
    with pytest.raises(StoreMisconfigured):
        open_store(f"sqlite://{blocked / 'classes.sqlite3'}")
    store = open_store(f"redis://127.0.0.1:{free_port()}/0")  # nothing listens there
    with pytest.raises(ClassServerUnavailable):
        store.check()
    with pytest.raises(ClassServerUnavailable):
        Classes(store).start_class()
    assert issubclass(StoreMisconfigured, ClassServerUnavailable) and issubclass(ClassServerUnavailable, LiveError)


def test_a_deleted_sqlite_file_is_said_once_and_a_new_one_is_used(tmp_path):
    path = tmp_path / "classes.sqlite3"
    store = SQLiteStore(path)
    classes = Classes(store)
    code, key = classes.start_class()
    student = classes.join(code)
    question = classes.ask(code, key, QUESTION, exact=0.5)
    for suffix in ("", "-wal", "-shm"):
        path.with_name(path.name + suffix).unlink(missing_ok=True)
    with pytest.raises(StoreFileDeleted):
        classes.answer(code, student, question, 0.5)
    with pytest.raises(ClassNotFound):  # the class is gone with its file, and said so
        classes.version(code)
    new_code, _ = classes.start_class()  # the store works again, on a new file at the same path
    assert path.exists() and classes.version(new_code) == 1
    other = SQLiteStore(path)  # another process sees the new file
    assert Classes(other).version(new_code) == 1
    other.close()
    store.close()


def test_a_replaced_sqlite_file_is_noticed_too(tmp_path):
    path = tmp_path / "classes.sqlite3"
    store = SQLiteStore(path)
    code, _ = Classes(store).start_class()
    path.rename(tmp_path / "moved.sqlite3")
    path.write_bytes(b"")
    with pytest.raises(StoreFileDeleted):
        Classes(store).version(code)
    with pytest.raises(ClassNotFound):
        Classes(store).version(code)
    store.close()


def _every_call(classes, code, key, student, question):
    return [lambda: classes.version(code), lambda: classes.current(code), lambda: classes.join(code),
            lambda: classes.answer(code, student, question, 0.5), lambda: classes.results(code, key, question),
            lambda: classes.reveal(code, key, question), lambda: classes.publish(code, key, {"b": 1}),
            lambda: classes.start_class(), lambda: classes.close(code, key)]


def test_redis_stopped_then_back_empty(own_redis):
    classes = Classes(RedisStore(own_redis["url"], timeout=0.5))
    code, key = classes.start_class()
    student = classes.join(code)
    question = classes.ask(code, key, QUESTION, exact=0.5)
    stop_redis_server(own_redis["process"])
    for call in _every_call(classes, code, key, student, question):
        with pytest.raises(ClassServerUnavailable):
            call()
    own_redis["process"] = start_redis_server(port=own_redis["port"])[0]
    for call in _every_call(classes, code, key, student, question)[:7]:  # back, empty: the class is gone
        with pytest.raises(ClassNotFound):
            call()
    new_code, _ = classes.start_class()  # the scripts are loaded again
    assert classes.version(new_code) == 1


def test_redis_paused_then_back_with_its_data(own_redis):
    classes = Classes(RedisStore(own_redis["url"], timeout=0.3))
    code, key = classes.start_class()
    student = classes.join(code)
    question = classes.ask(code, key, QUESTION, exact=0.5)
    os.kill(own_redis["process"].pid, signal.SIGSTOP)  # the server hangs: every call times out
    try:
        with pytest.raises(ClassServerUnavailable):
            classes.answer(code, student, question, 0.5)
        with pytest.raises(ClassServerUnavailable):
            classes.version(code)
    finally:
        os.kill(own_redis["process"].pid, signal.SIGCONT)
    try:  # an answer whose reply was lost may have counted: then it is refused as a second answer
        classes.answer(code, student, question, 0.5)
    except LiveError as error:
        assert "already answered" in str(error)
    classes.reveal(code, key, question)
    assert classes.current(code).question["answered"] == 1


# -- issue 32: a store that fails mid-class, with real faults ------------------------------------------------------


def _sqlite_class(tmp_path, **options):
    path = tmp_path / "live" / "classes.sqlite3"
    store = SQLiteStore(path, **options)
    return path, store, Classes(store)


def _reads_and_cannot_write(classes, code, key) -> None:
    assert classes.version(code) >= 1  # the students' reads still work: only the write probe tells the fault
    with pytest.raises(ClassServerUnavailable):
        classes.store.check_writable()
    with pytest.raises(ClassServerUnavailable):
        classes.publish(code, key, {"b": "refused"})
    assert not classes.writable(max_age=0)


def _writes_again(classes, code, key) -> None:
    classes.store.check_writable()
    assert classes.writable(max_age=0)
    version = classes.publish(code, key, {"b": "back"})
    assert classes.current(code) == (version, {"b": "back"}, None)


@pytest.mark.parametrize("fault", ["wal unwritable", "locked", "full disk"])
def test_an_sqlite_store_that_reads_but_cannot_write_fails_the_write_probe(tmp_path, fault):
    from tests import store_faults

    if fault == "full disk":
        with store_faults.small_disk() as folder:
            path, store, classes = _sqlite_class(folder)
            code, key = classes.start_class()
            with store_faults.full(folder):
                _reads_and_cannot_write(classes, code, key)
            _writes_again(classes, code, key)
            store.close()
        return
    path, store, classes = _sqlite_class(tmp_path, busy_timeout=2.0)
    code, key = classes.start_class()
    injected = store_faults.unwritable(path, only=("-wal",)) if fault == "wal unwritable" else store_faults.locked(path)
    with injected:
        began = time.monotonic()
        _reads_and_cannot_write(classes, code, key)
        if fault == "locked":  # the probe waits its own short time, not the writes' busy timeout
            assert time.monotonic() - began < 3 * store_module.PROBE_TIMEOUT + store._busy_timeout
    _writes_again(classes, code, key)
    store.close()


def test_a_redis_server_whose_writes_are_paused_fails_the_write_probe_at_once(own_redis):
    from tests import store_faults

    classes = Classes(RedisStore(own_redis["url"], timeout=0.5))
    code, key = classes.start_class()
    with store_faults.redis_writes_paused(own_redis["url"]):
        began = time.monotonic()
        with pytest.raises(ClassServerUnavailable):
            classes.store.check_writable()
        assert time.monotonic() - began < 3 * store_module.PROBE_TIMEOUT
        assert classes.version(code) == 1  # reads go on
    _writes_again(classes, code, key)
    classes.store.close()


_SHM_CHILD = """
import sys
from pathlib import Path
from live.classes import Classes
from live.errors import ClassServerUnavailable
from live.store import SQLiteStore
from tests import store_faults

path = Path(sys.argv[1])
store = SQLiteStore(path)
classes = Classes(store)
code, key = classes.start_class()
with store_faults.unwritable(path):
    for call in (lambda: classes.version(code), lambda: classes.publish(code, key, {"b": 1}), classes.start_class):
        try:
            call()
            print("answered")
        except ClassServerUnavailable:
            print("unavailable")
print("back", classes.publish(code, key, {"b": 2}))
"""


def test_an_unwritable_sqlite_store_is_unavailable_and_never_kills_the_server(tmp_path):
    """chattr +i on the store's folder and files (issue 32's fault): the shared-memory file that every connection maps
    becomes unwritable, and the next read used to kill the process (SIGBUS). Now every call is refused as the store out
    of reach, and works again once the files are writable. In a child process, so that a crash is a failure."""
    from tests import store_faults

    reason = store_faults.why_no_chattr(tmp_path)
    if reason:
        pytest.skip(reason)
    done = subprocess.run([sys.executable, "-c", _SHM_CHILD, str(tmp_path / "live" / "classes.sqlite3")],
                          check=False, capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    assert done.stdout.split() == ["unavailable"] * 3 + ["back", "2"], done.stdout


def _class_with_answers(classes):
    """A class with two students who answered the current question (one more joined after the snapshot, and
    answered): (code, key, students, question, the snapshot taken before the last one joined)."""
    code, key = classes.start_class()
    classes.publish(code, key, {"board": "kept"})
    first, second = classes.join(code, "ada"), classes.join(code, "bo")
    question = classes.ask(code, key, QUESTION, exact=0.5)
    classes.answer(code, first, question, 0.5)
    classes.answer(code, second, question, 0.25, "a mistake")
    kept = classes.snapshot(code, key)
    late = classes.join(code, "cy")
    classes.answer(code, late, question, 0.75)
    return code, key, (first, second, late), question, kept


def _brought_back(classes, code, key, students, question, kept, seen):
    version = classes.restore(code, key, kept)
    assert version > seen  # every screen takes it as news
    assert classes.current(code).board == {"board": "kept"}
    assert classes.results(code, key, question).answered == 2  # the answers the teacher's screen had read
    first, second, late = students
    assert classes.rejoin(code, first) == "ada"
    with pytest.raises(UnknownStudent):  # not in the snapshot: its own screen puts it back
        classes.rejoin(code, late)
    assert classes.come_back(code, late, "cy") == "cy"
    classes.answer(code, late, question, 0.75)  # and its accepted answer
    with pytest.raises(AlreadyAnswered):  # the first answer still counts
        classes.answer(code, second, question, 0.5)
    assert classes.restore(code, key, kept) == classes.version(code)  # twice (another tab): nothing changes
    classes.reveal(code, key, question)
    revealed = classes.current(code).question
    assert sorted(revealed["values"]) == [0.25, 0.5, 0.75] and revealed["diagnoses"] == {"a mistake": 1}
    assert classes.ask(code, key, QUESTION, exact=0.1) == question + 1  # the question numbers go on


def test_a_class_lost_with_a_redis_restarted_empty_is_brought_back_by_its_teacher(own_redis):
    from tests import store_faults

    classes = Classes(RedisStore(own_redis["url"], timeout=0.5))
    code, key, students, question, kept = _class_with_answers(classes)
    seen = classes.version(code)
    with store_faults.redis_stopped(own_redis, empty=True), pytest.raises(ClassServerUnavailable):
        classes.snapshot(code, key)
    with pytest.raises(ClassNotFound):
        classes.version(code)
    _brought_back(classes, code, key, students, question, kept, seen)


def test_a_class_lost_with_its_sqlite_file_is_brought_back_by_its_teacher(tmp_path):
    path, store, classes = _sqlite_class(tmp_path)
    code, key, students, question, kept = _class_with_answers(classes)
    seen = classes.version(code)
    for suffix in ("", "-wal", "-shm"):
        path.with_name(path.name + suffix).unlink(missing_ok=True)
    with pytest.raises(StoreFileDeleted):
        classes.version(code)
    _brought_back(classes, code, key, students, question, kept, seen)
    store.close()


def test_a_closed_or_expired_class_is_not_brought_back(tmp_path, live_clock):
    store = SQLiteStore(tmp_path / "classes.sqlite3", clock=live_clock)
    classes = Classes(store)
    code, key = classes.start_class()
    kept = classes.snapshot(code, key)
    classes.close(code, key)
    with pytest.raises(ClassClosed):
        classes.restore(code, key, kept)
    other, other_key = classes.start_class()
    kept = classes.snapshot(other, other_key)
    store.delete_prefix(f"{other}/")
    live_clock.advance(classes.limits.class_seconds + 1)
    with pytest.raises(ClassNotFound):
        classes.restore(other, other_key, kept)
    with pytest.raises(UnknownStudent):  # come_back adds student ids only
        new, new_key = classes.start_class()
        classes.come_back(new, new_key + "!")
    store.close()
