"""The live class page (AppTest): a teacher starts a class, students join with its code and follow the teacher's
board; detach and re-follow; hostile nicknames stay text; a bad code is one error; students cannot publish."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from live.classes import NICKNAME_MAX, NotTeacher
from ui.classroom import live
from ui.model.presets import PRESETS
from ui.session import state

pytestmark = [pytest.mark.slow,  # AppTest runs, real binaries or many random cases: the full run's tier
              pytest.mark.usefixtures("page_store")]  # tests/live/conftest.py

PAGE = "pages/live.py"
XSS = '<img src=x onerror="alert(1)">'


def ok(at):
    """``at`` after a run without an exception."""
    assert not at.exception, [e.message for e in at.exception]
    return at


def open_live(app_test, language: str = "en", join: str | None = None):
    at = app_test()
    if join is not None:
        at.query_params[live.JOIN_PARAM] = join
    ok(at.run())
    if language != "en":
        at.radio(key="sidebar_language").set_value(language).run()
    return ok(at.switch_page(PAGE).run())


def start_class(app_test):
    teacher = open_live(app_test)
    ok(teacher.button(key="live__start").click().run())
    code = teacher.session_state[state.LIVE_TEACHER][0]
    return teacher, code


def join(app_test, code: str, nickname: str = "", **kwargs):
    student = open_live(app_test, **kwargs)
    student.text_input(key="live__code").set_value(code)
    student.text_input(key="live__nickname").set_value(nickname)
    return ok(next(b for b in student.button if b.label in ("Join", "加入")).click().run())


def set_teacher_board(teacher, name: str):
    teacher.session_state[state.BOARD] = PRESETS[name]
    teacher.session_state[state.REVISION] += 1
    return ok(teacher.run())


def board(at):
    return at.session_state[state.BOARD]


def test_start_a_class_shows_the_code_and_a_qr_code(app_test):
    teacher, code = start_class(app_test)
    assert len(code) == 6 and [title.value for title in teacher.title] == ["Live class", code]
    assert teacher.get("image"), "the join link's QR code"
    published = live.classes().current(code).board
    assert published["board"] == board(teacher).to_dict()


def test_a_student_follows_detaches_and_follows_again(app_test):
    teacher, code = start_class(app_test)
    student = join(app_test, code, "Ada")
    assert student.session_state[state.LIVE_STUDENT][0] == code
    assert board(student) == board(teacher)  # joined: the teacher's board at once
    names = list(PRESETS)
    set_teacher_board(teacher, names[1])
    assert board(student) != PRESETS[names[1]]
    ok(student.run())  # the fragment's poll runs with the app: the new version, the teacher's board
    assert board(student) == PRESETS[names[1]]
    ok(student.button(key="live__detach").click().run())
    set_teacher_board(teacher, names[2])
    ok(student.run())
    ok(student.run())
    assert board(student) == PRESETS[names[1]]  # detached: a private copy, not the teacher's new board
    ok(student.button(key="live__follow").click().run())
    assert board(student) == PRESETS[names[2]]  # re-followed: caught up


def test_five_students_follow_on_other_pages(app_test):
    teacher, code = start_class(app_test)
    students = [join(app_test, code, f"s{n}") for n in range(5)]
    for student in students:
        ok(student.switch_page("pages/ndcg.py").run())
    name = list(PRESETS)[3]
    set_teacher_board(teacher, name)
    for student in students:
        ok(student.run())
        assert board(student) == PRESETS[name]


def test_the_poll_alone_picks_up_a_new_board(app_test):
    teacher, code = start_class(app_test)
    student = join(app_test, code)
    name = list(PRESETS)[1]
    set_teacher_board(teacher, name)
    version = live.classes().version(code)
    assert student.session_state[state.LIVE_SEEN] < version
    ok(student.run())
    assert student.session_state[state.LIVE_SEEN] == version and board(student) == PRESETS[name]
    ok(student.run())  # nothing changed: no reload
    assert student.session_state[state.LIVE_SEEN] == version


def test_a_hostile_nickname_stays_text(app_test):
    teacher, code = start_class(app_test)
    student = join(app_test, code, XSS)
    assert not student.error
    assert live.classes().nicknames(code, teacher.session_state[state.LIVE_TEACHER][1]) == [XSS[:NICKNAME_MAX]]
    assert [element.value for element in student.text] == [XSS[:NICKNAME_MAX]]  # st.text: never markup
    assert all("<img" not in element.value for element in student.markdown)


@pytest.mark.parametrize("language, words", [("en", "There is no class"), ("zh", "没有代码为")])
def test_a_bad_code_is_one_error_in_the_readers_language(app_test, language, words):
    start_class(app_test)
    student = join(app_test, "ZZZZZZ", language=language)
    assert len(student.error) == 1 and words in student.error[0].value and "ZZZZZZ" in student.error[0].value
    assert state.LIVE_STUDENT not in student.session_state


def test_an_expired_class_is_an_error_for_its_students(app_test):
    teacher, code = start_class(app_test)
    student = join(app_test, code)
    ok(teacher.switch_page(PAGE).run())
    ok(teacher.button(key="live__close").click().run())
    assert state.LIVE_TEACHER not in teacher.session_state
    ok(student.run())
    assert len(student.error) == 1 and f"The teacher closed class {code}" in student.error[0].value
    assert state.LIVE_STUDENT not in student.session_state
    assert not student.success and student.text_input(key="live__code")  # no stale class: the join form
    ok(student.run())
    assert not student.error  # said once


def test_a_student_cannot_publish(app_test):
    teacher, code = start_class(app_test)
    student = join(app_test, code)
    assert state.LIVE_TEACHER not in student.session_state
    before = live.classes().version(code)
    student.session_state[state.BOARD] = PRESETS[list(PRESETS)[2]]
    student.session_state[state.REVISION] += 1
    ok(student.run())
    assert live.classes().version(code) == before
    with pytest.raises(NotTeacher):
        live.classes().publish(code, student.session_state[state.LIVE_STUDENT][1], {"board": None})


def test_the_join_link_fills_the_code(app_test):
    _, code = start_class(app_test)
    student = open_live(app_test, join=code)
    assert student.text_input(key="live__code").value == code


def test_a_student_follows_the_teachers_step(app_test):
    teacher, code = start_class(app_test)
    ok(teacher.switch_page("pages/ndcg.py").run())
    student = join(app_test, code)
    ok(student.switch_page("pages/ndcg.py").run())
    teacher.session_state[state.page_key("ndcg", "step")] = 3
    ok(teacher.run())
    assert live.classes().current(code).board["steps"]["ndcg"] == 3
    ok(student.run())
    assert student.session_state[state.page_key("ndcg", "step")] == 3


def test_a_student_follows_the_teacher_to_another_page(app_test):
    teacher, code = start_class(app_test)
    student = join(app_test, code)
    ok(teacher.switch_page("pages/ap.py").run())
    assert live.classes().current(code).board["page"] == "ap"
    ok(student.run())  # the poll sees the teacher's page and the next run opens it (AppTest's next run() goes
    assert student.session_state[state.LIVE_PAGE] == "ap"  # back to the page it switched to itself; a browser stays)
    ok(student.switch_page("pages/rr.py").run())  # a student may look elsewhere until the teacher moves again
    ok(student.run())
    assert student.session_state[state.LIVE_PAGE] == "rr"


def test_a_student_follows_the_step_the_teacher_presents(app_test):
    teacher, code = start_class(app_test)
    ok(teacher.switch_page("pages/ndcg.py").run())
    student = join(app_test, code)
    ok(student.switch_page("pages/ndcg.py").run())
    teacher.session_state[state.page_key("ndcg", "presenting")] = True
    teacher.session_state[state.page_key("ndcg", "presenter_step")] = 2
    ok(teacher.run())
    assert live.classes().current(code).board["steps"]["ndcg"] == 2
    ok(student.run())
    assert student.session_state[state.page_key("ndcg", "step")] == 2  # the student's page, at the presented step


def test_a_code_typed_with_spaces_and_dashes_joins_as_the_class_writes_it(app_test):
    _, code = start_class(app_test)
    student = join(app_test, f" {code[:3].lower()}-{code[3:]} ")
    assert student.session_state[state.LIVE_STUDENT][0] == code
    assert code in student.success[0].value


def test_a_student_follows_the_handout_the_teacher_presents(app_test):
    teacher, code = start_class(app_test)
    student = join(app_test, code)
    ok(teacher.switch_page("pages/handout.py").run())
    ok(student.run())
    assert student.session_state[state.LIVE_PAGE] == "handout"
    ok(student.switch_page("pages/handout.py").run())  # AppTest's next run() would go back to the page it opened
    ok(teacher.segmented_control(key=state.page_key("handout", "metric")).set_value("AP").run())
    teacher.session_state[state.page_key("handout", "presenting")] = True
    teacher.session_state[state.page_key("handout", "presenter_step")] = 2
    ok(teacher.run())
    assert live.classes().current(code).board["handout"] == {"measure": "AP", "presented": 2}
    ok(student.run())
    ok(student.run())  # the poll loads the view; the run it asks for draws it
    assert student.session_state[state.page_key("handout", "metric")] == "AP"
    assert student.session_state[state.page_key("handout", "presenter_step")] == 2
    assert student.button(key=state.page_key("handout", "presenter_next"))  # the step, full screen
    teacher.session_state[state.page_key("handout", "presenting")] = False
    ok(teacher.run())
    ok(student.run())
    ok(student.run())
    assert not student.session_state[state.page_key("handout", "presenting")]
    assert not [b for b in student.button if b.key == state.page_key("handout", "presenter_next")]


def test_every_complete_run_in_a_class_ends_with_its_number(app_test):
    teacher, code = start_class(app_test)
    student = join(app_test, code)
    first = student.session_state[state.LIVE_DRAWN_AT][0]
    assert student.text_input(key=live.DRAWN).value == str(first)  # the hidden box the browser reports back
    ok(student.run())
    assert student.session_state[state.LIVE_DRAWN_AT][0] == first + 1
    assert student.text_input(key=live.DRAWN).value == str(first + 1)
    number = teacher.session_state[state.LIVE_DRAWN_AT][0]
    ok(teacher.run())  # the teacher's live results poll too
    assert teacher.text_input(key=live.DRAWN).value == str(number + 1)
    outsider = app_test()
    ok(outsider.run())
    assert not [box for box in outsider.text_input if box.key == live.DRAWN]  # no class: no timer, no box


def _lost(shown, number, age, whole_run):
    import time

    import streamlit as st

    from ui.classroom import live
    from ui.session import state

    st.session_state[state.LIVE_DRAWN_AT] = (number, time.monotonic() - age)
    st.session_state[live.DRAWN] = shown
    st.session_state[state.LIVE_WHOLE_RUN] = whole_run
    st.write(f"lost: {live.lost_its_end()}")


@pytest.mark.parametrize("shown, age, whole_run, lost", [
    ("6", live.REDRAW_AFTER + 1, False, True),  # the browser still shows run 6 long after run 7 ended: redraw
    ("7", live.REDRAW_AFTER + 1, False, False),  # it shows run 7
    ("6", live.REDRAW_AFTER / 3, False, False),  # run 7 may still be on its way
    ("6", live.REDRAW_AFTER + 1, True, False),  # a poll inside a whole run: that run draws everything
])
def test_a_browser_that_lost_the_end_of_a_run_is_drawn_again(shown, age, whole_run, lost):
    at = AppTest.from_function(_lost, args=(shown, 7, age, whole_run)).run()
    assert at.markdown[0].value == f"lost: {lost}"
