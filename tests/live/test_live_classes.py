"""Live classes on each store (tests/conftest.py: live_store): join, follow, ask, answer, reveal, safety, expiry."""

from __future__ import annotations

import multiprocessing
import threading

import pytest

from live.classes import (
    CODE_ALPHABET,
    AlreadyAnswered,
    AnswersClosed,
    Classes,
    ClassNotFound,
    InvalidInput,
    Limits,
    LiveError,
    NotTeacher,
    TooManyAnswers,
    TooManyJoins,
    UnknownQuestion,
    UnknownStudent,
)
from live.store import open_store
from tests.live_servers import run_children

BOARD = {"page": "learn", "step": 2, "k": 5, "ranking": ["d3", "d1", "d7"], "grades": {"d1": 2, "d3": 0},
         "conventions": {"log": "log2"}}
QUESTION = {"measure": "nDCG@5", "k": 5}


@pytest.fixture
def classes(live_store):
    return Classes(live_store)


def test_a_class_code_is_short_and_unambiguous(classes):
    codes = [classes.start_class().code for _ in range(20)]
    assert all(len(code) == 6 and set(code) <= set(CODE_ALPHABET) for code in codes)
    assert not set("01OI") & set(CODE_ALPHABET)
    assert len(set(codes)) == 20


def test_students_follow_the_board_by_polling_the_version(classes):
    code, key = classes.start_class()
    student = classes.join(code.lower(), "Ada")  # typed codes are forgiving: case, spaces, dashes
    first = classes.version(code)
    assert classes.current(f" {code[:3]}-{code[3:]} ") == (first, None, None)
    version = classes.publish(code, key, BOARD)
    assert version > first and classes.version(code) == version
    assert classes.current(code) == (version, BOARD, None)
    moved = classes.publish(code, key, {**BOARD, "step": 3})
    assert moved > version and classes.current(code).board["step"] == 3
    assert classes.my_answer(code, student, 1) is None


def test_ask_answer_results_and_reveal(classes):
    code, key = classes.start_class()
    classes.publish(code, key, BOARD)
    students = [classes.join(code) for _ in range(6)]
    question = classes.ask(code, key, QUESTION, exact=0.6131, tolerance=0.005)
    seen = classes.current(code)
    assert seen.board == BOARD  # asking keeps the board
    assert seen.question == {"id": question, "question": QUESTION, "revealed": False}  # no exact value yet
    answers = [(0.6131, None), (0.615, None), (0.55, "natural log"), (0.54, "natural log"), (0.7, "AP over hits")]
    for student, (value, diagnosis) in zip(students, answers):
        classes.answer(code, student, question, value, diagnosis)
    results = classes.results(code, key, question)
    assert (results.joined, results.answered, results.right) == (6, 5, 2)
    assert classes.joined(code, key) == 6
    assert sorted(results.values) == sorted(value for value, _ in answers)
    assert results.diagnoses == {"natural log": 2, "AP over hits": 1}
    assert not results.revealed
    version = classes.reveal(code, key, question)
    assert classes.version(code) == version > seen.version
    revealed = classes.current(code).question
    assert revealed["revealed"] and revealed["exact"] == 0.6131 and revealed["tolerance"] == 0.005
    # every student sees what the class answered (no names): counts, values, diagnoses added up
    assert (revealed["answered"], revealed["right"], revealed["diagnoses"]) == (5, 2, results.diagnoses)
    assert sorted(revealed["values"]) == sorted(results.values)
    assert classes.results(code, key, question).revealed
    with pytest.raises(AnswersClosed):
        classes.answer(code, students[5], question, 0.6)
    assert classes.my_answer(code, students[2], question) == {"value": 0.55, "diagnosis": "natural log"}


def test_one_answer_per_student_per_question_counts(classes):
    code, key = classes.start_class()
    student = classes.join(code)
    first = classes.ask(code, key, QUESTION, exact=0.5)
    classes.answer(code, student, first, 0.4)
    with pytest.raises(AlreadyAnswered, match="your first answer counts"):
        classes.answer(code, student, first, 0.5)
    assert classes.results(code, key, first).values == [0.4]
    second = classes.ask(code, key, {"measure": "AP"}, exact=0.3)
    assert second != first and classes.current(code).question["id"] == second
    classes.answer(code, student, second, 0.3)  # a new question takes a new answer
    assert classes.results(code, key, second).right == 1


def test_students_cannot_drive_the_class(classes):
    code, key = classes.start_class()
    student = classes.join(code)
    classes.publish(code, key, BOARD)
    question = classes.ask(code, key, QUESTION, exact=0.5)
    before = classes.current(code)
    other_code, other_key = classes.start_class()
    for forged in (student, "", "x" * 40, other_key, key[:-1], key + "x", None):
        with pytest.raises(NotTeacher):
            classes.publish(code, forged, {"page": "hacked"})
        with pytest.raises(NotTeacher):
            classes.ask(code, forged, {"measure": "hacked"}, exact=0)
        with pytest.raises(NotTeacher):
            classes.reveal(code, forged, question)
        with pytest.raises(NotTeacher):
            classes.results(code, forged, question)
        with pytest.raises(NotTeacher):
            classes.close(code, forged)
        with pytest.raises(NotTeacher):
            classes.nicknames(code, forged)
        with pytest.raises(NotTeacher):
            classes.joined(code, forged)
    assert classes.current(code) == before
    for forged in (key, "made-up", "", None):  # a teacher key, or a guess, is no student id
        with pytest.raises(UnknownStudent):
            classes.answer(code, forged, question, 0.5)
    with pytest.raises(UnknownStudent):  # a student of one class is nobody in another
        classes.answer(other_code, student, question, 0.5)
    with pytest.raises(UnknownQuestion):
        classes.answer(code, student, 99, 0.5)
    with pytest.raises(UnknownQuestion):
        classes.answer(code, student, "1 OR 1=1", 0.5)
    for value in (float("nan"), float("inf"), "zero", None):
        with pytest.raises(InvalidInput):
            classes.answer(code, student, question, value)
    assert classes.results(code, key, question).answered == 0


def test_a_hostile_nickname_is_kept_as_plain_text(classes):
    code, key = classes.start_class()
    classes.join(code, "<b onclick=x>Ada</b>\x00\x1b[31m\u202e")
    classes.join(code, "  Ada \n Lovelace  ")
    classes.join(code, "\x07 \t")
    classes.join(code)
    classes.join(code, "x" * 500)
    names = classes.nicknames(code, key)
    assert "<b onclick=x>Ada</b>[31m" in names  # text, control characters dropped, never interpreted
    assert "Ada Lovelace" in names and "x" * 24 in names
    assert names.count(None) == 2


def test_a_bad_or_ended_code_gets_a_clear_error(classes):
    for bad in ("", "ZZZZZZ", "0O1I", "' OR 1=1 --", "x" * 1000, "AB/CD"):
        for call in (classes.join, classes.version, classes.current):
            with pytest.raises(ClassNotFound, match="There is no class") as caught:
                call(bad)
            assert len(str(caught.value)) < 120
    error = ClassNotFound(code="ABC234")
    assert isinstance(error, LiveError) and error.template.format(**error.fields) == str(error)


def test_the_teacher_closes_the_class_and_its_data_goes(classes, live_store):
    code, key = classes.start_class()
    student = classes.join(code, "Ada")
    question = classes.ask(code, key, QUESTION, exact=0.5)
    classes.answer(code, student, question, 0.5, "natural log")
    other, _ = classes.start_class()
    classes.close(code, key)
    for call in (lambda: classes.version(code), lambda: classes.join(code), lambda: classes.publish(code, key, {}),
                 lambda: classes.answer(code, student, question, 0.5)):
        with pytest.raises(ClassNotFound):
            call()
    for key_suffix in ("class", "board", f"question/{question}"):
        assert live_store.get(f"{code}/{key_suffix}") is None
    assert live_store.entries(f"{code}/students") == {} == live_store.entries(f"{code}/answers/{question}")
    assert classes.version(other) == 1  # another class is untouched


def test_a_class_expires_after_its_hours(live_store, live_clock):
    classes = Classes(live_store, Limits(class_seconds=12 * 3600))
    code, key = classes.start_class()
    student = classes.join(code)
    question = classes.ask(code, key, QUESTION, exact=0.5)
    live_clock.advance(12 * 3600 - 1)
    classes.answer(code, student, question, 0.5)  # still on
    live_clock.advance(2)
    with pytest.raises(ClassNotFound):
        classes.version(code)
    with pytest.raises(ClassNotFound):
        classes.results(code, key, question)
    assert classes.purge_expired() >= 4
    assert live_store.entries(f"{code}/answers/{question}") == {}


def test_joins_are_rate_limited_per_class(live_store, live_clock):
    classes = Classes(live_store, Limits(joins_per_minute=3))
    code, _ = classes.start_class()
    other, _ = classes.start_class()
    live_clock.now = (live_clock.now // 60) * 60 + 10  # 50 s left in this minute
    for _ in range(3):
        classes.join(code)
    with pytest.raises(TooManyJoins, match=r"try again in 50 s"):
        classes.join(code)
    classes.join(other)  # another class has its own limit
    live_clock.advance(50)
    classes.join(code)


def test_answers_are_rate_limited_per_student(live_store, live_clock):
    classes = Classes(live_store, Limits(answers_per_minute=2))
    code, key = classes.start_class()
    student, other = classes.join(code), classes.join(code)
    questions = [classes.ask(code, key, QUESTION, exact=0.5) for _ in range(4)]
    live_clock.now = (live_clock.now // 60) * 60
    classes.answer(code, student, questions[0], 0.5)
    with pytest.raises(AlreadyAnswered):  # refused attempts count too
        classes.answer(code, student, questions[0], 0.5)
    with pytest.raises(TooManyAnswers, match="try again in 60 s"):
        classes.answer(code, student, questions[1], 0.5)
    classes.answer(code, other, questions[1], 0.5)
    live_clock.advance(60)
    classes.answer(code, student, questions[1], 0.5)


def test_boards_and_questions_must_be_json_and_bounded(classes):
    code, key = classes.start_class()
    for bad in ({"x": float("nan")}, {"x": object()}, ["not", "a", "dict"], {"x": "y" * 300_000}):
        with pytest.raises(InvalidInput):
            classes.publish(code, key, bad)
        with pytest.raises(InvalidInput):
            classes.ask(code, key, bad, exact=0.5)
    deep: dict = {}
    for _ in range(5000):
        deep = {"x": deep}
    with pytest.raises(InvalidInput):
        classes.publish(code, key, deep)
    for exact, tolerance in ((float("nan"), 0.01), ("high", 0.01), (0.5, -1), (0.5, None)):
        with pytest.raises(InvalidInput):
            classes.ask(code, key, QUESTION, exact=exact, tolerance=tolerance)
    assert classes.current(code) == (1, None, None)


def _follow_and_answer(url: str, code: str, question: int, start) -> int:
    """One app process: its students join, answer and read the board while the other process does the same."""
    classes = Classes(open_store(url))
    students = [classes.join(code) for _ in range(20)]
    start.wait()
    for n, student in enumerate(students):
        classes.answer(code, student, question, n / 20, "natural log" if n % 2 else None)
        classes.version(code)
    return len(students)


def test_two_processes_serve_one_class(live_store_url):
    """Students behind two app processes (or two hosts on one Redis) answer at once: no answer is lost."""
    classes = Classes(open_store(live_store_url))
    code, key = classes.start_class()
    question = classes.ask(code, key, QUESTION, exact=0.5)
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(3, timeout=60)
    versions = []

    def teacher() -> None:
        start.wait()
        versions.extend(classes.publish(code, key, {**BOARD, "step": step}) for step in range(30))

    thread = threading.Thread(target=teacher)
    thread.start()
    assert run_children(context, _follow_and_answer, [(live_store_url, code, question, start)] * 2) == [20, 20]
    thread.join()
    assert len(versions) == 30 and versions == sorted(set(versions))  # every publish a new, higher version
    result = classes.results(code, key, question)
    assert (result.joined, result.answered) == (40, 40)
    assert result.diagnoses == {"natural log": 20}
