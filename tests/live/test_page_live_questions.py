"""Questions in a live class (AppTest): the teacher asks about the board, students answer on their own screens
(the first answer counts), the teacher sees the answers, how many are right and the diagnoses added up, and the
reveal shows every student the answer with the step where their mistake happens."""

from __future__ import annotations

from dataclasses import replace

import pytest

from live.classes import AlreadyAnswered, AnswersClosed, NotTeacher
from metrics.teaching import quiz
from tests.live.test_page_live import join, ok, set_teacher_board, start_class
from ui.classroom import live, live_quiz
from ui.model.presets import PRESETS
from ui.session import state
from ui.topics import quiz_view

pytestmark = [pytest.mark.slow,  # AppTest runs, real binaries or many random cases: the full run's tier
              pytest.mark.usefixtures("page_store")]  # tests/live/conftest.py

PAGE = "pages/live.py"
BOARD = "000_code_q1"  # grades 3, 2, 3, 0, 1 in ranked order, K = 3: DCG@3 = 5.7619


def ask(teacher, option: str = "DCG@K"):
    ok(teacher.switch_page(PAGE).run())
    ok(teacher.selectbox(key=live_quiz.ASK_MEASURE).set_value(option).run())
    return ok(teacher.button(key="live__ask").click().run())


def send(student, value):
    question_id = live.classes().current(student.session_state[state.LIVE_STUDENT][0]).question["id"]
    student.number_input(key=f"live__answer_{question_id}").set_value(value)
    return ok(student.button(key=live_quiz.SEND).click().run())


def metric(at, label: str) -> str:
    return next(m.value for m in at.metric if m.label == label)


@pytest.fixture
def lesson(app_test):
    """A teacher with the article's board and five students who joined."""
    teacher, code = start_class(app_test)
    set_teacher_board(teacher, BOARD)
    students = [join(app_test, code, f"s{n}") for n in range(5)]
    return teacher, code, students


def test_five_students_answer_and_the_teacher_sees_the_class(lesson):
    teacher, code, students = lesson
    ask(teacher, "DCG@K")
    question = live_quiz.board_question(PRESETS[BOARD], "DCG@K")
    wrong = quiz.mistake_values(question)
    answers = [question.answer, question.answer + 0.003, wrong["natural_log"], wrong["natural_log"], wrong["log10"]]
    for student, value in zip(students, answers):
        ok(student.run())  # the poll sees the question
        assert student.session_state[state.LIVE_PAGE] == "live"
        assert not student.get("plotly_chart"), "no answers are shown before the reveal"
        send(student, round(value, 3))
        assert "is in" in student.info[0].value and not student.number_input
    ok(teacher.run())
    assert metric(teacher, "Answered") == "5 / 5" and metric(teacher, "Right") == "2"
    assert metric(teacher, "Exact value") == "?", "the projector does not give the answer away"
    assert teacher.get("plotly_chart")
    mistakes = teacher.table[0].value
    assert dict(zip(mistakes["mistake"], mistakes["students"])) == {
        quiz.BY_NAME["natural_log"].title: 2, quiz.BY_NAME["log10"].title: 1}
    # before the reveal, the projected screen says where to look without a number of the computation (issue 18)
    assert list(mistakes["where to look"]) == ["step table, column \u201cdivisor log\u2082(i+1)\u201d, rank 1"] * 2
    ok(teacher.toggle(key=live_quiz.SHOW_EXACT).set_value(True).run())
    assert metric(teacher, "Exact value") == f"{question.answer:.4f}"
    results = live.classes().results(code, teacher.session_state[state.LIVE_TEACHER][1], 1)
    assert sorted(results.values) == sorted(round(v, 3) for v in answers)


def test_the_reveal_shows_every_student_the_answer_and_their_step(lesson):
    teacher, code, students = lesson
    ask(teacher, "DCG@K")
    question = live_quiz.board_question(PRESETS[BOARD], "DCG@K")
    natural = round(quiz.mistake_values(question)["natural_log"], 3)
    unmatched = 0.123
    assert quiz.check(question, unmatched).diagnosis is None
    for student, value in zip(students[:3], (question.answer, natural, unmatched)):
        ok(student.run())
        send(student, value)
    ok(teacher.button(key=live_quiz.REVEAL).click().run())
    assert metric(teacher, "Exact value") == f"{question.answer:.4f}" and live_quiz.REVEAL not in [b.key for b in teacher.button]
    right, diagnosed, unknown, silent = (ok(student.run()) for student in students[:4])
    assert "Right!" in right.success[-1].value
    assert "Likely mistake" in diagnosed.warning[0].value and "natural log" in diagnosed.warning[0].value.lower()
    step = quiz.diagnose(question, natural).step
    assert diagnosed.session_state[quiz_view.step_key("live")] == step.rank  # the table stops at the mistake
    assert "Where to look" in diagnosed.info[0].value
    assert quiz.NO_MATCH in unknown.warning[0].value
    assert "You did not answer" in silent.info[0].value
    for student in (right, diagnosed, unknown, silent):  # the class's answers with the exact value, on every screen
        assert metric(student, "Answered") == "3" and metric(student, "Right") == "1"
        assert metric(student, "Exact value") == f"{question.answer:.4f}"
        assert student.get("plotly_chart")
    with pytest.raises(AnswersClosed):
        live.classes().answer(code, students[4].session_state[state.LIVE_STUDENT][1], 1, 5.0)
    where = teacher.table[0].value["where to look"].iloc[0]  # once revealed, with its numbers
    assert "\u201cdivisor log\u2082(i+1)\u201d column" in where and "0.693" in where


@pytest.mark.parametrize("value", [1e308, -1e308])
def test_an_answer_out_of_range_is_refused_in_words_and_the_histogram_draws(lesson, value):
    teacher, _, students = lesson
    ask(teacher, "DCG@K")
    question = live_quiz.board_question(PRESETS[BOARD], "DCG@K")
    low, high = live_quiz.answer_range(question)
    assert low == 0 and question.answer <= high == int(high)
    assert high >= max(quiz.mistake_values(question).values())  # every diagnosed mistake can still be sent
    ok(students[0].run())
    send(students[0], value)
    assert f"must be a number from 0 to {high:g}" in students[0].error[0].value
    assert students[0].number_input  # the answer box is still there: the student can send another
    send(students[0], question.answer)
    ok(teacher.run())
    assert metric(teacher, "Answered") == "1 / 5"
    figure = teacher.get("plotly_chart")[0].proto.spec
    assert "Infinity" not in figure and "1e+308" not in figure


def test_the_first_answer_counts_and_students_cannot_touch_questions(lesson):
    teacher, code, students = lesson
    ask(teacher, "RR")
    student = ok(students[0].run())
    send(student, 0.5)
    student_id = student.session_state[state.LIVE_STUDENT][1]
    with pytest.raises(AlreadyAnswered):
        live.classes().answer(code, student_id, 1, 1.0)
    for act in (lambda: live.classes().ask(code, student_id, {"quiz": {}}, 1.0),
                lambda: live.classes().reveal(code, student_id, 1),
                lambda: live.classes().results(code, student_id, 1)):
        with pytest.raises(NotTeacher):
            act()
    results = live.classes().results(code, teacher.session_state[state.LIVE_TEACHER][1], 1)
    assert results.values == [0.5] and results.diagnoses == {"rr_second_hit": 1}  # RR = 1/2: the second hit's rank


def test_a_student_on_another_page_is_brought_to_the_question(lesson):
    teacher, _, students = lesson
    ok(students[0].button(key="live__detach").click().run())  # a student working alone gets the question too
    student = ok(students[0].switch_page("pages/ap.py").run())
    ask(teacher, "P@K")
    ok(student.run())
    assert student.session_state[state.LIVE_PAGE] == "live"
    assert student.number_input(key="live__answer_1")


def test_the_quizs_next_question(lesson):
    teacher, code, students = lesson
    ask(teacher, live_quiz.NEXT_QUIZ)
    public = live.classes().current(code).question
    asked = quiz.question_from_data(public["question"]["quiz"])
    assert asked == quiz.make_question(2, "easy", "nDCG@K") and "exact" not in public
    assert teacher.session_state[live_quiz.QUIZ_SEED] == 2  # the Quiz page moves on to the next question too
    ok(students[0].run())
    assert students[0].dataframe[0].value["item"].tolist() == list(asked.items)


def test_a_board_under_other_conventions_is_not_asked(app_test):
    teacher, code = start_class(app_test)
    board = replace(PRESETS["003_precision"], ideal="list", grades={**PRESETS["003_precision"].grades, "extra": 3})
    teacher.session_state[state.BOARD] = board
    teacher.session_state[state.REVISION] += 1
    ok(teacher.run())
    ok(teacher.switch_page(PAGE).run())
    ok(teacher.selectbox(key=live_quiz.ASK_MEASURE).set_value("nDCG@K").run())
    assert "ideal ordering" in teacher.warning[0].value and teacher.button(key="live__ask").disabled
    ok(teacher.selectbox(key=live_quiz.ASK_MEASURE).set_value("AP").run())
    assert not teacher.warning and not teacher.button(key="live__ask").disabled


@pytest.mark.parametrize("change, words", [
    (dict(grades={"A": 0.5, "B": 1}, ranking=("A", "B")), "whole grades"),
    (dict(ap_denominator="found", grades={"A": 1, "B": 0, "C": 1}, ranking=("A", "B"), k=2), "AP denominator"),
    (dict(threshold=2.0, grades={"A": 1, "B": 2}, ranking=("A", "B")), "threshold is 2"),
    (dict(ranking=()), "ranks no item"),
])
def test_board_question_refuses_what_the_quiz_cannot_diagnose(change, words):
    board = replace(PRESETS[BOARD], **change)
    metric = "AP" if "ap_denominator" in change or "threshold" in change else "nDCG@K"
    with pytest.raises(live_quiz.CannotAsk, match=words):
        live_quiz.board_question(board, metric)


def test_board_question_takes_the_boards_items_k_gain_and_unranked_judged_items():
    board = replace(PRESETS[BOARD], grades={"x": 0, "y": 2, "z": None, "w": 3}, ranking=("x", "y", "z"), k=9,
                    gain="exponential", ideal="judged")
    question = live_quiz.board_question(board, "nDCG@K")
    assert question.items == ("x", "y", "z") and question.rels == (0, 2, 0)  # unjudged counts as 0
    assert question.pool_items == ("w",) and question.pool == (3,) and question.k == 4 and question.gain == "exponential"
    assert question.answer == pytest.approx(live_quiz.board_value(board, "nDCG@K", 4), abs=1e-15)


def test_the_chinese_student_sees_the_question_in_chinese(app_test):
    teacher, code = start_class(app_test)
    set_teacher_board(teacher, BOARD)
    ask(teacher, "AP")
    student = join(app_test, code, language="zh")
    assert student.session_state[state.LIVE_PAGE] == "live"
    assert any("第 1 题" in header.value for header in student.subheader)
    assert student.button(key=live_quiz.SEND).label == "提交答案"
    assert any("计算" in m.value for m in student.markdown)  # the prompt, localized


def test_an_answer_sent_after_the_reveal_is_refused_in_words(lesson):
    teacher, _, students = lesson
    ask(teacher, "RR")
    student = ok(students[0].run())  # the answer box is on this student's screen
    ok(teacher.button(key=live_quiz.REVEAL).click().run())
    send(student, 1.0)  # sent from the screen drawn before the reveal
    assert [error.value for error in student.error] == ["Question 1 has been revealed: answers are closed."]
    assert live.classes().current(student.session_state[state.LIVE_STUDENT][0]).question["answered"] == 0
