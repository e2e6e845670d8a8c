""""Ask the class about this" in a real browser (issue 18): the teacher (1280×720) on nDCG at step 2 asks about the
step; the page hides that step's value while the question is open; a student (390×844) answers on the Live class
page with the ranking shown; the teacher sees the answer come in, reveals, and the step bar moves on. Every value is
read from the pages: the value of step 2 from the teacher's headline before the question."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.test_live_class import (
    FOLLOW_TIMEOUT_S,
    STUDENT_SIZE,
    TEACHER_SIZE,
    join,
    key,
    metric_value,
    open_page,
    start_class,
)
from ui.model.presets import DEFAULT_PRESET, PRESETS

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("live class")]  # one class at a time (scripts/test.sh)

SLOW_MS = FOLLOW_TIMEOUT_S * 1000


def test_the_teacher_asks_about_the_step_a_student_answers_the_teacher_reveals(new_session, wait_for_app, screenshot):
    teacher, code = start_class(new_session, wait_for_app, viewport=TEACHER_SIZE)
    student = join(new_session, wait_for_app, code, "ada", viewport=STUDENT_SIZE)
    open_page(teacher, "ndcg", re.compile("nDCG"), wait_for_app)
    teacher.locator(key("ndcg__step_next")).get_by_role("button").click()
    wait_for_app(teacher)
    so_far = metric_value(teacher, "DCG so far (step 2)")
    expect(so_far).to_have_text(re.compile(r"^\d+\.\d{4}$"))
    value = so_far.inner_text().strip()  # the value of step 2, as the page gives it

    teacher.locator(key("ndcg__ask_step")).get_by_role("button").first.click()
    teacher.locator(key("ndcg__ask_dcg")).get_by_role("button").click()
    wait_for_app(teacher)
    panel = teacher.locator(key("live_step_question"))
    expect(panel.get_by_role("heading", level=3)).to_have_text("Question 1: DCG@2")
    expect(metric_value(teacher, "Exact value")).to_have_text("?")
    main = teacher.get_by_test_id("stMain")
    assert value not in main.inner_text() and value[:-1] not in main.inner_text(), "the step's value is hidden"
    expect(teacher.locator(key("ndcg__step_next"))).to_have_count(0)  # the page waits at the step
    screenshot(teacher, "live-step-question-open-1280x720")

    answer = student.locator(".st-key-live__answer_1 input")
    expect(answer).to_have_count(1, timeout=SLOW_MS)  # the poll brings the student to the question
    wait_for_app(student)
    table = student.get_by_test_id("stDataFrame").first  # the ranking the question is about
    expect(table).to_be_visible()
    expect(student.get_by_test_id("stMain")).to_contain_text("DCG@2")
    answer.fill(f"{float(value):.3f}")
    student.locator(key("live__send")).get_by_role("button").click()
    wait_for_app(student)
    expect(student.get_by_test_id("stAlertContentInfo")).to_contain_text("is in")

    expect(metric_value(teacher, "Answered")).to_have_text("1 / 1", timeout=SLOW_MS)
    expect(metric_value(teacher, "Right")).to_have_text("1")
    teacher.locator(key("live__reveal")).get_by_role("button").click()
    wait_for_app(teacher)
    expect(metric_value(teacher, "Exact value")).to_have_text(value)
    expect(panel.get_by_test_id("stPlotlyChart")).to_have_count(1)  # the class's answers
    expect(metric_value(teacher, "DCG so far (step 2)")).to_have_text(value)  # the page at its step again
    screenshot(teacher, "live-step-question-revealed-1280x720")
    expect(student.get_by_test_id("stAlertContentSuccess").last).to_contain_text("Right", timeout=SLOW_MS)

    teacher.locator(key("ndcg__step_next")).get_by_role("button").click()  # the step bar moves on
    wait_for_app(teacher)
    expect(panel).to_have_count(0)
    total = min(PRESETS[DEFAULT_PRESET].k, len(PRESETS[DEFAULT_PRESET].ranking))
    expect(teacher.get_by_test_id("stMain")).to_contain_text(f"Step 3 of {total}")
    for page in (teacher, student):
        expect(page.get_by_test_id("stException")).to_have_count(0)
