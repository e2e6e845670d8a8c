"""A live class survives its teacher's browser, the app and the store (AppTest, issue 19): a fresh session gets the
class back from its tab's URL or the resume code; store trouble is one message in the reader's language, the page
drawn, the class kept; a class that ended or was lost is said to teacher and students."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager

import pytest

from tests.live.test_page_live import PAGE, join, ok, open_live, set_teacher_board, start_class
from tests.live.test_page_live_questions import BOARD, ask, metric, send
from tests.live_servers import free_port
from ui.classroom import live, live_quiz
from ui.model.presets import PRESETS
from ui.session import state

OTHER_BOARD = "003_ndcg"

pytestmark = [pytest.mark.slow,  # AppTest runs, real binaries or many random cases: the full run's tier
              pytest.mark.usefixtures("page_store")]  # tests/live/conftest.py


def on_store(monkeypatch, url: str) -> None:
    monkeypatch.setenv("RML_LIVE_STORE", url)
    live.classes.clear()


def fresh(app_test, **params):
    """A new session (a reload, another browser, the app restarted) on the Live class page with ``params``."""
    at = app_test()
    for name, value in params.items():
        at.query_params[name] = value
    return ok(at.switch_page(PAGE).run())


def test_the_teacher_gets_the_class_back_in_a_fresh_session(app_test):
    teacher, code = start_class(app_test)
    student = join(app_test, code, "ada")
    ask(teacher)
    ok(student.run())
    send(student, 5.762)
    token = live.resume_token(teacher.session_state[state.LIVE_TEACHER])
    assert live.TEACH_PARAM not in teacher.query_params  # never in the address, which the projector shows: the tab
    assert not any(token.split(".")[1] in str(value) for value in teacher.query_params.values())  # keeps it instead
    assert student.query_params[live.STUDENT_PARAM] == live.resume_token(student.session_state[state.LIVE_STUDENT])
    assert token in [c.value for c in teacher.code]  # and the teacher's page shows it, to take elsewhere

    back = fresh(app_test, **{live.TEACH_PARAM: token})  # the teacher's private link
    assert back.session_state[state.LIVE_TEACHER][0] == code and live.TEACH_PARAM not in back.query_params
    assert f"You are back in class {code}" in back.success[0].value
    assert metric(back, "Answered") == "1 / 1"  # its answers with it
    assert back.title[1].value == code

    other = fresh(app_test)  # another browser: the resume form
    other.text_input(key=live.RESUME_INPUT).set_value(token)
    ok(next(b for b in other.button if b.label == "Resume").click().run())
    assert other.session_state[state.LIVE_TEACHER][0] == code and metric(other, "Answered") == "1 / 1"


def test_a_student_is_back_in_the_class_after_a_reload(app_test):
    teacher, code = start_class(app_test)
    student = join(app_test, code, "ada")
    ask(teacher)
    ok(student.run())
    send(student, 5.762)
    again = fresh(app_test, **{live.STUDENT_PARAM: student.query_params[live.STUDENT_PARAM]})
    assert again.session_state[state.LIVE_STUDENT][0] == code and again.session_state[state.LIVE_NICKNAME] == "ada"
    assert "is in" in again.info[0].value  # the answer already sent, not a second answer box


def test_a_wrong_resume_code_is_one_message(app_test):
    at = fresh(app_test)
    at.text_input(key=live.RESUME_INPUT).set_value("ABCDEF.not-a-key")
    ok(next(b for b in at.button if b.label == "Resume").click().run())
    assert len(at.error) == 1 and "not the resume code" in at.error[0].value
    assert state.LIVE_TEACHER not in at.session_state


def test_a_url_of_a_class_that_ended_says_so_and_leaves_the_url(app_test):
    teacher, code = start_class(app_test)
    token = live.resume_token(teacher.session_state[state.LIVE_TEACHER])
    student = join(app_test, code)
    student_token = student.query_params[live.STUDENT_PARAM]
    ok(teacher.button(key="live__close").click().run())
    assert live.TEACH_PARAM not in teacher.query_params
    late_teacher = fresh(app_test, **{live.TEACH_PARAM: token})
    assert f"Class {code} has ended" in late_teacher.error[0].value and "start a new class" in late_teacher.error[0].value
    assert state.LIVE_TEACHER not in late_teacher.session_state and live.TEACH_PARAM not in late_teacher.query_params
    late_student = fresh(app_test, **{live.STUDENT_PARAM: student_token})
    assert f"The teacher closed class {code}" in late_student.error[0].value


@pytest.mark.parametrize(("url", "words"), [("mysql://host/db", "RML_LIVE_STORE"),
                                            ("redis://127.0.0.1:{port}/0", "cannot be reached")])
def test_an_unusable_store_is_said_on_the_live_page_and_nothing_breaks(app_test, monkeypatch, url, words):
    on_store(monkeypatch, url.format(port=free_port()))
    at = open_live(app_test)
    assert len(at.error) == 1 and words in at.error[0].value
    ok(at.button(key="live__start").click().run())  # retryable: the same message, no traceback
    assert words in at.error[0].value and state.LIVE_TEACHER not in at.session_state
    at.text_input(key="live__code").set_value("ABCDEF")
    ok(next(b for b in at.button if b.label == "Join").click().run())
    assert words in at.error[0].value and state.LIVE_STUDENT not in at.session_state


def errors(at) -> list[str]:
    return [e.value for e in at.error]


def said(at, words: str) -> bool:
    return any(words in text for text in errors(at))


TEACHER_OUT, STUDENT_OUT = "class server cannot be reached", "teacher's board cannot be reached"


def until_writable(writable: bool = True, timeout: float = 30.0) -> None:
    """The store, once the fault is cleared, takes writes again (``writable`` False: refuses them once the fault is
    injected), as a fresh write probe of the app's process sees it (the watch's probe does this every second)."""
    deadline = time.monotonic() + timeout
    while live.classes().writable(max_age=0) is not writable:
        assert time.monotonic() < deadline, f"the store's write probe never said {writable}"
        time.sleep(0.05)


def answered(at, student) -> dict | None:
    code, student_id = student.session_state[state.LIVE_STUDENT]
    question = live.classes().current(code).question
    return live.classes().my_answer(code, student_id, question["id"])


def test_redis_restarted_empty_mid_question_the_class_comes_back_with_every_accepted_answer(app_test, monkeypatch,
                                                                                            own_redis):
    """Redis stops mid-question and comes back empty (issue 32): the class is not lost. The teacher's screen brings it
    back from what it last read (its board, question, students and answers); a student who joined and answered after
    that read puts their own place and answer back; an answer sent during the outage was refused (said, box kept).
    The teacher's Reveal, pressed during the outage, waits :data:`live.SETTLE_SECONDS` after the class is back, so
    that the answers put back count."""
    from tests import store_faults

    on_store(monkeypatch, own_redis["url"])
    teacher, code = start_class(app_test)
    ada = join(app_test, code, "ada")
    ask(teacher)
    ok(ada.run())
    send(ada, 5.762)
    ok(teacher.run())  # the teacher's screen reads the answers (its live results)
    assert metric(teacher, "Answered") == "1 / 1"
    bo, cy = join(app_test, code, "bo"), join(app_test, code, "cy")  # joined after the teacher's last read
    ok(bo.run())
    send(bo, 1.234)
    ok(cy.run())
    with store_faults.redis_stopped(own_redis, empty=True):
        cy.number_input(key="live__answer_1").set_value(5.762)  # sent while the class server is down: refused,
        ok(cy.button(key=live_quiz.SEND).click().run())  # said, the box kept
        assert said(cy, "cannot be reached") and cy.number_input
        ok(teacher.button(key=live_quiz.REVEAL).click().run())  # kept, said
        assert said(teacher, TEACHER_OUT) and said(teacher, "the reveal of question 1")
        assert teacher.session_state[state.LIVE_TEACHER][0] == code
        ok(ada.run())
        assert said(ada, STUDENT_OUT) and state.LIVE_STUDENT in ada.session_state
    until_writable()
    ok(ada.run())  # before the teacher's screen brought it back: the class is missing, for now
    assert said(ada, STUDENT_OUT) and state.LIVE_STUDENT in ada.session_state
    ok(teacher.run())  # the teacher's screen brings it back; its reveal waits for the students' screens
    assert not said(teacher, TEACHER_OUT)
    assert any(f"lost class {code}" in s.value and "brought it back" in s.value for s in teacher.success)
    assert not live.classes().current(code).question["revealed"] and teacher.session_state[state.LIVE_UNSENT]
    for student in (ada, bo, cy):
        ok(student.run())
        assert not said(student, STUDENT_OUT) and state.LIVE_STUDENT in student.session_state
    assert answered(teacher, ada)["value"] == 5.762 and answered(teacher, bo)["value"] == 1.234
    assert answered(teacher, cy) is None and cy.number_input  # refused during the outage: to send again
    send(cy, 5.762)
    ok(teacher.run())
    assert not live.classes().current(code).question["revealed"]  # still waiting (a few seconds)
    # (the wait's end, as the teacher's watch sees it)
    teacher.session_state[state.LIVE_RESTORED_AT] -= live.SETTLE_SECONDS
    ok(teacher.run())
    revealed = live.classes().current(code).question
    assert revealed["revealed"] and sorted(revealed["values"]) == [1.234, 5.762, 5.762]
    assert not teacher.exception


def test_a_class_closed_while_its_store_is_down_ends_for_its_students_when_it_is_back_empty(app_test, monkeypatch,
                                                                                          own_redis):
    """Close pressed while Redis is down, Redis back empty: the class is brought back and closed, and its students
    are told at once that the teacher closed it."""
    from tests import store_faults

    on_store(monkeypatch, own_redis["url"])
    teacher, code = start_class(app_test)
    ada = join(app_test, code, "ada")
    with store_faults.redis_stopped(own_redis, empty=True):
        ok(teacher.button(key="live__close").click().run())
        assert said(teacher, "closing the class") and teacher.session_state[state.LIVE_TEACHER][0] == code
    until_writable()
    ok(teacher.run())
    assert state.LIVE_TEACHER not in teacher.session_state and not said(teacher, TEACHER_OUT)
    ok(ada.run())
    assert said(ada, f"The teacher closed class {code}") and state.LIVE_STUDENT not in ada.session_state


def test_a_student_whose_class_is_lost_for_good_is_told_after_a_while(app_test):
    """The store lost the class and no teacher's screen brings it back (the teacher's browser is gone): the student is
    told the teacher's board cannot be reached, and after :data:`live.LOST_GRACE` that the class has ended."""
    _, code = start_class(app_test)
    ada = join(app_test, code, "ada")
    live.classes().store.delete_prefix(f"{code}/")  # lost, and the teacher's screen is never run again
    ok(ada.run())
    assert said(ada, STUDENT_OUT) and state.LIVE_STUDENT in ada.session_state
    ok(ada.run())
    assert said(ada, STUDENT_OUT) and state.LIVE_STUDENT in ada.session_state
    ada.session_state[state.LIVE_LOST_SINCE] -= live.LOST_GRACE  # (the grace's end: the student's watch reruns it then)
    ok(ada.run())
    assert said(ada, f"Class {code} has ended") and state.LIVE_STUDENT not in ada.session_state


def test_a_deleted_sqlite_file_is_said_and_the_class_comes_back(app_test, tmp_path):
    teacher, code = start_class(app_test)
    student = join(app_test, code, "ada")
    ask(teacher)
    ok(student.run())
    send(student, 5.762)
    path = tmp_path / "live.sqlite"
    for suffix in ("", "-wal", "-shm"):
        path.with_name(path.name + suffix).unlink(missing_ok=True)
    ok(student.run())
    assert said(student, STUDENT_OUT) and state.LIVE_STUDENT in student.session_state
    ok(teacher.run())
    ok(teacher.run())
    assert teacher.session_state[state.LIVE_TEACHER][0] == code and not said(teacher, TEACHER_OUT)
    ok(student.run())
    assert not said(student, STUDENT_OUT) and answered(teacher, student)["value"] == 5.762


FAULTS = ["sqlite unwritable", "sqlite wal unwritable", "sqlite full disk", "sqlite locked", "redis stopped",
          "redis hung", "redis writes paused"]


@contextmanager
def store_for(fault: str, monkeypatch, tmp_path, request) -> Iterator[Callable[[], AbstractContextManager]]:
    """A store of this test for ``fault`` (set as the app's), and the fault to inject on it."""
    from tests import store_faults

    if fault.startswith("sqlite"):
        if fault == "sqlite full disk":
            with store_faults.small_disk() as folder:
                path = folder / "classes.sqlite3"
                on_store(monkeypatch, f"sqlite://{path}")
                yield lambda: store_faults.full(folder)
                live.classes().store.close()
            return
        path = tmp_path / "faulty" / "classes.sqlite3"
        on_store(monkeypatch, f"sqlite://{path}")
        yield {"sqlite unwritable": lambda: store_faults.unwritable(path),
               "sqlite wal unwritable": lambda: store_faults.unwritable(path, only=("-wal",)),
               "sqlite locked": lambda: store_faults.locked(path)}[fault]
        return
    server = request.getfixturevalue("own_redis")
    on_store(monkeypatch, server["url"])
    yield {"redis stopped": lambda: store_faults.redis_stopped(server),
           "redis hung": lambda: store_faults.redis_hung(server["process"]),
           "redis writes paused": lambda: store_faults.redis_writes_paused(server["url"])}[fault]


@pytest.mark.parametrize("fault", FAULTS)
def test_every_teacher_action_that_cannot_reach_the_store_is_said_at_once_and_sent_when_it_is_back(
        app_test, monkeypatch, tmp_path, request, fault):
    """Issue 32, with real faults: while the store cannot be written, the teacher's step, board, reveal, ask and close
    are each said in the very run of the action (above the page, with what waits), kept in the teacher's session;
    the students are told the teacher's board cannot be reached; once the store takes writes again, everything is
    sent in order (the reveal's tally holds the answer accepted before the fault), the messages go, and the students
    catch up. (AppTest has no watch: the next runs stand in for it; tests/e2e/test_live_store_faults.py has none.)"""
    with store_for(fault, monkeypatch, tmp_path, request) as inject:
        teacher, code = start_class(app_test)
        set_teacher_board(teacher, BOARD)
        ada, bo = join(app_test, code, "ada"), join(app_test, code, "bo")
        ask(teacher)
        ok(ada.run())
        send(ada, 5.762)
        ok(teacher.switch_page("pages/ndcg.py").run())
        with inject():
            teacher.session_state[state.page_key("ndcg", "step")] = 3  # the step: said in this run
            ok(teacher.run())
            assert said(teacher, TEACHER_OUT) and said(teacher, "your board, page and step"), errors(teacher)
            set_teacher_board(teacher, OTHER_BOARD)  # a change of board
            assert said(teacher, "your board, page and step")
            ok(teacher.switch_page(PAGE).run())
            ok(teacher.button(key=live_quiz.REVEAL).click().run())  # reveal: said at once, kept
            assert said(teacher, "the reveal of question 1") and teacher.button(key=live_quiz.REVEAL).disabled
            ok(teacher.selectbox(key=live_quiz.ASK_MEASURE).set_value("AP").run())
            ok(teacher.button(key="live__ask").click().run())  # ask: said at once, kept
            assert said(teacher, "the question AP"), errors(teacher)
            assert teacher.session_state[state.LIVE_TEACHER][0] == code
            until_writable(False)  # as the watch's write probe notices it: students' whole runs stand in for it here
            for student in (ada, bo):
                ok(student.run())
                assert said(student, STUDENT_OUT) and state.LIVE_STUDENT in student.session_state
        until_writable()
        before = live.classes().current(code)
        assert before.question == {**before.question, "id": 1, "revealed": False}  # nothing reached the store
        assert before.board["steps"]["ndcg"] != 3
        ok(teacher.run())  # sent, in order
        current = live.classes().current(code)
        assert current.question["id"] == 2 and current.board["steps"]["ndcg"] == 3
        assert not said(teacher, TEACHER_OUT), errors(teacher)
        for student in (ada, bo):
            ok(student.run())
            assert not said(student, STUDENT_OUT), errors(student)
            assert student.session_state[state.BOARD] == PRESETS[OTHER_BOARD]
        code_, key = teacher.session_state[state.LIVE_TEACHER]
        assert live.classes().snapshot(code_, key)["students"]  # the class is whole
        ok(teacher.run())
        revealed = live.classes().store.get(f"{code}/question/1").value
        assert revealed["revealed"] and live.classes().results(code, key, 1).values == [5.762]
        with inject():
            ok(teacher.button(key="live__close").click().run())  # close: said at once, kept
            assert said(teacher, "closing the class") and teacher.session_state[state.LIVE_TEACHER][0] == code
        until_writable()
        ok(teacher.run())
        assert state.LIVE_TEACHER not in teacher.session_state and not said(teacher, TEACHER_OUT)
        ok(ada.run())
        assert said(ada, f"The teacher closed class {code}")


def test_leaving_or_closing_stays_done(app_test):
    """The resume code leaves the tab's URL with the class: the next run does not take the class back."""
    teacher, code = start_class(app_test)
    student = join(app_test, code)
    ok(student.button(key="live__leave").click().run())
    assert state.LIVE_STUDENT not in student.session_state and live.STUDENT_PARAM not in student.query_params
    ok(student.run())
    assert state.LIVE_STUDENT not in student.session_state and not student.error
    ok(teacher.button(key="live__close").click().run())
    assert state.LIVE_TEACHER not in teacher.session_state and live.TEACH_PARAM not in teacher.query_params
    ok(teacher.run())
    assert state.LIVE_TEACHER not in teacher.session_state and not teacher.error  # closed on purpose: no "has ended"
