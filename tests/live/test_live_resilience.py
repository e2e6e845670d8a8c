"""A live class loses nothing (issue 19): answers racing the reveal, a store that stops, comes back empty or not, a
store file deleted, an unusable store, answers out of range -- on SQLite and Redis, every call raises LiveError only."""

from __future__ import annotations

import os
import random
import signal
import threading
from collections import Counter

import pytest

from live.classes import AnswersClosed, ClassClosed, Classes, ClassNotFound, OutOfRange
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
