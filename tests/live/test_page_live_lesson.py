"""A lesson in a live class (AppTest): the students' screens follow the teacher's scene and step, the teacher asks the
scene's question to the class, the students answer on their own screens (the first answer counts, a wrong one with
its named mistake), the teacher sees the count and reveals, and every student sees the answer and the class."""

from __future__ import annotations

import pytest

from metrics.teaching.lessons import answer, builtin_lesson, check
from tests.live.test_page_live import join, ok, start_class
from ui.classroom import live
from ui.classroom.lessons import live_lesson, progress
from ui.session import state

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("page_store")]

LESSON = builtin_lesson("hits-to-positions")


def teach(teacher, scene: int):
    """The teacher opens the lesson in teach mode at ``scene``."""
    ok(teacher.switch_page("pages/lesson.py").run())
    progress_now = progress.Progress(LESSON.id, scene, "teach", {})
    teacher.session_state[progress.PROGRESS] = progress_now
    return ok(teacher.run())


def scene_number(scene_id: str) -> int:
    return LESSON.index(scene_id) + 1


def test_the_class_follows_the_scene_answers_and_sees_the_reveal(app_test):
    teacher, code = start_class(app_test)
    students = [join(app_test, code, f"s{n}") for n in range(3)]
    scene = LESSON.scene("average-precision")
    teach(teacher, scene_number(scene.id))
    for student in students:
        ok(student.run())  # the poll reads the teacher's place and sends the student to the lesson page
        assert student.session_state[state.LIVE_PAGE] == "lesson"
        ok(student.switch_page("pages/lesson.py").run())  # AppTest's next runs start there too, as the browser's
        place = student.session_state[progress.PROGRESS]
        assert (place.lesson, place.scene, place.mode) == (LESSON.id, scene_number(scene.id), "follow")
        assert student.session_state[state.LIVE_PAGE] == "lesson"
        text = " ".join(m.value for m in student.markdown)
        assert scene.title["en"] in text
        assert f"{answer(LESSON, scene):.4f}" not in text, "nothing given away before the question"
        assert any("teacher will ask" in c.value for c in student.caption)
    ok(teacher.button(key="lesson__ask_class").click().run())
    exact = answer(LESSON, scene)
    found = (0.5 + 0.5 + 0.6) / 3  # divided by the hits found instead of R: a named mistake
    assert check(LESSON, scene, round(found, 3)).mistake.name == "ap_over_found"
    for student, value in zip(students, (round(exact, 3), round(found, 3), round(found, 3))):
        ok(student.run())
        next(box for box in student.number_input if box.key.startswith("lesson__class_answer_")).set_value(value)
        ok(student.button(key="lesson__send").click().run())
        assert any("is in" in i.value for i in student.info)
    ok(teacher.run())
    metrics = {m.label: m.value for m in teacher.metric}
    assert metrics["Answered"] == "3 / 3" and metrics["Right"] == "1"
    assert f"{exact:.4f}" not in " ".join(s.value for s in teacher.success), "not revealed yet"
    ok(teacher.button(key="lesson__reveal").click().run())
    assert any(f"{exact:.4f}" in s.value for s in teacher.success)
    for number, student in enumerate(students):
        ok(student.run())
        shown = " ".join(w.value for w in student.warning) + " ".join(s.value for s in student.success)
        assert f"{exact:.4f}" in shown
        if number:  # the wrong ones: the named mistake
            assert "AP divided by the hits found" in shown
        assert {m.label: m.value for m in student.metric}["Right"] == "1"
    ok(teacher.button(key="lesson__next_scene").click().run())
    ok(students[0].run())
    assert students[0].session_state[progress.PROGRESS].scene == scene_number(scene.id) + 1


def test_a_choice_question_counts_options(app_test):
    teacher, code = start_class(app_test)
    student = join(app_test, code, "s")
    scene = LESSON.scene("rank-matters")
    teach(teacher, scene_number(scene.id))
    ok(teacher.button(key="lesson__ask_class").click().run())
    ok(student.run())
    ok(student.switch_page("pages/lesson.py").run())
    next(box for box in student.radio if box.key.startswith("lesson__class_answer_")).set_value("late")
    ok(student.button(key="lesson__send").click().run())
    results = live.classes().results(code, teacher.session_state[state.LIVE_TEACHER][1], 1)
    assert results.values == [live_lesson.as_number(LESSON, scene, "late")] and results.right == 0
    ok(teacher.button(key="lesson__reveal").click().run())
    ok(student.run())
    assert any("Not quite" in w.value for w in student.warning)
