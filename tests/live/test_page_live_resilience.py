"""A live class survives its teacher's browser, the app and the store (AppTest, issue 19): a fresh session gets the
class back from its tab's URL or the resume code; store trouble is one message in the reader's language, the page
drawn, the class kept; a class that ended or was lost is said to teacher and students."""

from __future__ import annotations

import pytest

from tests.live.test_page_live import PAGE, join, ok, open_live, start_class
from tests.live.test_page_live_questions import ask, metric, send
from tests.live_servers import free_port, start_redis_server, stop_redis_server
from ui.classroom import live, live_quiz

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
    token = live.resume_token(teacher.session_state[live.TEACHER])
    assert live.TEACH_PARAM not in teacher.query_params  # never in the address, which the projector shows: the tab
    assert not any(token.split(".")[1] in str(value) for value in teacher.query_params.values())  # keeps it instead
    assert student.query_params[live.STUDENT_PARAM] == live.resume_token(student.session_state[live.STUDENT])
    assert token in [c.value for c in teacher.code]  # and the teacher's page shows it, to take elsewhere

    back = fresh(app_test, **{live.TEACH_PARAM: token})  # the teacher's private link
    assert back.session_state[live.TEACHER][0] == code and live.TEACH_PARAM not in back.query_params
    assert f"You are back in class {code}" in back.success[0].value
    assert metric(back, "Answered") == "1 / 1"  # its answers with it
    assert back.title[1].value == code

    other = fresh(app_test)  # another browser: the resume form
    other.text_input(key=live.RESUME_INPUT).set_value(token)
    ok(next(b for b in other.button if b.label == "Resume").click().run())
    assert other.session_state[live.TEACHER][0] == code and metric(other, "Answered") == "1 / 1"


def test_a_student_is_back_in_the_class_after_a_reload(app_test):
    teacher, code = start_class(app_test)
    student = join(app_test, code, "ada")
    ask(teacher)
    ok(student.run())
    send(student, 5.762)
    again = fresh(app_test, **{live.STUDENT_PARAM: student.query_params[live.STUDENT_PARAM]})
    assert again.session_state[live.STUDENT][0] == code and again.session_state[live.NICKNAME] == "ada"
    assert "is in" in again.info[0].value  # the answer already sent, not a second answer box


def test_a_wrong_resume_code_is_one_message(app_test):
    at = fresh(app_test)
    at.text_input(key=live.RESUME_INPUT).set_value("ABCDEF.not-a-key")
    ok(next(b for b in at.button if b.label == "Resume").click().run())
    assert len(at.error) == 1 and "not the resume code" in at.error[0].value
    assert live.TEACHER not in at.session_state


def test_a_url_of_a_class_that_ended_says_so_and_leaves_the_url(app_test):
    teacher, code = start_class(app_test)
    token = live.resume_token(teacher.session_state[live.TEACHER])
    student = join(app_test, code)
    student_token = student.query_params[live.STUDENT_PARAM]
    ok(teacher.button(key="live__close").click().run())
    assert live.TEACH_PARAM not in teacher.query_params
    late_teacher = fresh(app_test, **{live.TEACH_PARAM: token})
    assert f"Class {code} has ended" in late_teacher.error[0].value and "start a new class" in late_teacher.error[0].value
    assert live.TEACHER not in late_teacher.session_state and live.TEACH_PARAM not in late_teacher.query_params
    late_student = fresh(app_test, **{live.STUDENT_PARAM: student_token})
    assert f"The teacher closed class {code}" in late_student.error[0].value


@pytest.mark.parametrize(("url", "words"), [("mysql://host/db", "RML_LIVE_STORE"),
                                            ("redis://127.0.0.1:{port}/0", "cannot be reached")])
def test_an_unusable_store_is_said_on_the_live_page_and_nothing_breaks(app_test, monkeypatch, url, words):
    on_store(monkeypatch, url.format(port=free_port()))
    at = open_live(app_test)
    assert len(at.error) == 1 and words in at.error[0].value
    ok(at.button(key="live__start").click().run())  # retryable: the same message, no traceback
    assert words in at.error[0].value and live.TEACHER not in at.session_state
    at.text_input(key="live__code").set_value("ABCDEF")
    ok(next(b for b in at.button if b.label == "Join").click().run())
    assert words in at.error[0].value and live.STUDENT not in at.session_state


def test_redis_stopped_mid_question_then_back_empty(app_test, monkeypatch, own_redis):
    on_store(monkeypatch, own_redis["url"])
    teacher, code = start_class(app_test)
    student = join(app_test, code, "ada")
    ask(teacher)
    ok(student.run())
    stop_redis_server(own_redis["process"])
    student.number_input(key="live__answer_1").set_value(5.762)
    ok(student.button(key=live_quiz.SEND).click().run())  # sent while the class server is down: a message
    assert any("cannot be reached" in e.value for e in student.error)
    assert live.STUDENT in student.session_state and student.number_input
    ok(teacher.run())  # the teacher keeps the class and the board
    assert any("cannot be reached" in e.value for e in teacher.error)
    assert teacher.session_state[live.TEACHER][0] == code

    own_redis["process"] = start_redis_server(port=own_redis["port"])[0]  # back, empty
    ok(student.run())
    assert any(f"Class {code} has ended" in e.value for e in student.error)
    assert live.STUDENT not in student.session_state and student.text_input(key="live__code")
    ok(teacher.run())
    ok(teacher.run())
    assert live.TEACHER not in teacher.session_state
    assert not teacher.exception


def test_a_deleted_sqlite_file_is_said_to_the_teacher_and_the_students(app_test, tmp_path):
    teacher, code = start_class(app_test)
    student = join(app_test, code)
    path = tmp_path / "live.sqlite"
    for suffix in ("", "-wal", "-shm"):
        path.with_name(path.name + suffix).unlink(missing_ok=True)
    ok(student.run())
    ok(teacher.run())
    said = [e.value for at in (student, teacher) for e in at.error]
    assert any("file was deleted" in text for text in said), said
    assert any(f"Class {code} has ended" in text for text in said), said
    assert live.STUDENT not in student.session_state or live.TEACHER not in teacher.session_state


def test_leaving_or_closing_stays_done(app_test):
    """The resume code leaves the tab's URL with the class: the next run does not take the class back."""
    teacher, code = start_class(app_test)
    student = join(app_test, code)
    ok(student.button(key="live__leave").click().run())
    assert live.STUDENT not in student.session_state and live.STUDENT_PARAM not in student.query_params
    ok(student.run())
    assert live.STUDENT not in student.session_state and not student.error
    ok(teacher.button(key="live__close").click().run())
    assert live.TEACHER not in teacher.session_state and live.TEACH_PARAM not in teacher.query_params
    ok(teacher.run())
    assert live.TEACHER not in teacher.session_state and not teacher.error  # closed on purpose: no "has ended"
