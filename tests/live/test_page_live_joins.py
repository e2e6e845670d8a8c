"""Joining on the live class page (AppTest, issue 36): the teacher says how many students to expect; a student told to
wait sees a countdown and is let in by themselves, without typing the code again; a full class is one clear error."""

from __future__ import annotations

import pytest

from live.classes import EXPECTED_DEFAULT, EXPECTED_MAX, EXPECTED_MIN, ClassFull, TooManyJoins
from live.errors import ClassServerUnavailable
from tests.live.test_page_live import board, join, ok, open_live
from tests.live_servers import ManualClock
from ui.classroom import live
from ui.session import state

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("page_store")]  # tests/live/conftest.py


@pytest.fixture
def clock():
    """The page's store on a clock the test moves, at 40 s before the end of a minute (a join window)."""
    moved = ManualClock()
    moved.now = (moved.now // 60) * 60 + 20
    live.classes().store.clock = moved
    return moved


def start_for(app_test, expected: int | None):
    teacher = open_live(app_test)
    box = teacher.number_input(key=live.EXPECTED_INPUT)
    assert (box.min, box.max, box.value) == (EXPECTED_MIN, EXPECTED_MAX, EXPECTED_DEFAULT)
    if expected is not None:
        box.set_value(expected)
    ok(teacher.button(key="live__start").click().run())
    return teacher, teacher.session_state[state.LIVE_TEACHER][0]


def in_class(at) -> bool:
    return state.LIVE_STUDENT in at.session_state and at.session_state[state.LIVE_STUDENT] is not None


def fill_window(code: str) -> int:
    """Join through the API until the class's joins of this window are used up: how many joined."""
    for joined in range(100_000):
        try:
            live.classes().join(code, f"api {joined}")
        except TooManyJoins:
            return joined
    raise AssertionError("never refused")


def test_the_teacher_says_how_many_students_to_expect(app_test):
    _, code = start_for(app_test, 420)
    assert live.classes().store.get(f"{code}/class").value["expected"] == 420
    _, default = start_for(app_test, None)
    assert live.classes().store.get(f"{default}/class").value["expected"] == EXPECTED_DEFAULT


def test_a_student_told_to_wait_is_let_in_by_themselves(app_test, clock):
    teacher, code = start_for(app_test, 1)  # the smallest class: the floor of joins per minute
    fill_window(code)
    student = join(app_test, code, "Ada")
    assert not in_class(student)
    assert not student.error, [e.value for e in student.error]
    line = [info.value for info in student.info if "let in by yourself" in info.value]
    assert line == [f"Many students are joining class {code} right now: you are let in by yourself in 40 s. "
                    "Keep this page open: there is no need to type the code again."]
    clock.advance(25)
    ok(student.run())  # the line's own run (every second in a browser): the countdown goes on
    assert any("let in by yourself in 15 s" in info.value for info in student.info)
    assert not in_class(student)
    clock.advance(15)  # the next minute
    ok(student.run())  # nothing typed, nothing pressed
    assert student.session_state[state.LIVE_STUDENT][0] == code
    assert student.session_state[state.LIVE_NICKNAME] == "Ada"
    assert board(student) == board(teacher)
    assert not any("let in by yourself" in info.value for info in student.info)
    assert live.JOIN_WAIT not in student.session_state


def test_a_student_may_stop_waiting(app_test, clock):
    _, code = start_for(app_test, 1)
    fill_window(code)
    student = join(app_test, code, "Ada")
    ok(student.button(key="live__stop_waiting").click().run())
    assert live.JOIN_WAIT not in student.session_state
    clock.advance(60)
    ok(student.run())
    assert not in_class(student)
    assert not any("let in by yourself" in info.value for info in student.info)


def test_a_full_class_is_one_error_and_no_wait(app_test, clock):
    teacher, code = start_for(app_test, 1)
    for _ in range(100):  # window after window until the class is full
        try:
            fill_window(code)
        except ClassFull:
            break
        clock.advance(60)
    joined = live.classes().joined(*teacher.session_state[state.LIVE_TEACHER])
    student = join(app_test, code, "Ada")
    assert [e.value for e in student.error] == [f"Class {code} is full: it takes at most {joined} students. The "
                                                "teacher can start a class for more students."]
    assert live.JOIN_WAIT not in student.session_state


def test_a_wait_outlives_the_class_server_being_out_of_reach(app_test, clock, monkeypatch):
    teacher, code = start_for(app_test, 1)
    fill_window(code)
    student = join(app_test, code, "Ada")
    clock.advance(40)
    store = live.classes().store
    writes = store.incr

    def out_of_reach(*args, **kwargs):
        raise ClassServerUnavailable()

    monkeypatch.setattr(store, "incr", out_of_reach)  # the join's first write
    ok(student.run())
    assert [e.value for e in student.error] == [str(ClassServerUnavailable())]
    assert not in_class(student) and live.JOIN_WAIT in student.session_state  # still waiting, tried again
    monkeypatch.setattr(store, "incr", writes)  # back
    ok(student.run())
    assert student.session_state[state.LIVE_STUDENT][0] == code and board(student) == board(teacher)
