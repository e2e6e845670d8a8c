"""Real browser: answer a quiz question wrongly, see the diagnosis; give up and see the exact value and the
step the diagnosis points at; then answer right and see the score."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from metrics.teaching import quiz
from tests.e2e.navigation import go_to

pytestmark = pytest.mark.e2e


def answer(page: Page, wait_for_app, value: float) -> None:
    box = page.get_by_test_id("stNumberInput").locator("input")
    box.fill(f"{value:.4f}")
    box.press("Enter")
    wait_for_app(page)
    page.get_by_role("button", name="Check").click()
    wait_for_app(page)


def score(page: Page, label: str):
    return page.get_by_test_id("stMetric").filter(has_text=label).get_by_test_id("stMetricValue")


def test_wrong_answer_is_diagnosed(app_page: Page, wait_for_app, screenshot):
    page = app_page
    go_to(page, "Quiz")
    wait_for_app(page)
    expect(page.get_by_role("heading", name="Quiz — compute it by hand")).to_be_visible()
    question = quiz.make_question(1, "easy", "nDCG@K")  # the page's first question
    expect(page.get_by_text(question.prompt)).to_be_visible()
    expect(page.get_by_test_id("stDataFrame").first).to_be_visible()

    answer(page, wait_for_app, quiz.mistake_values(question)["shifted_discount"])
    warning = page.get_by_test_id("stAlertContentWarning")
    expect(warning).to_contain_text("Likely mistake — Discount log2(rank + 2)")
    expect(warning).not_to_contain_text(f"{question.answer:.4f}")  # the exact value once the student gives up
    expect(page.get_by_test_id("stAlertContentInfo")).to_contain_text("“divisor log₂(i+1)” column, rank 1")
    page.get_by_role("button", name="Show the answer").click()
    wait_for_app(page)
    expect(warning).to_contain_text(f"The exact value is {question.answer:.4f}.")
    expect(page.get_by_text("Step 1 of 5")).to_be_visible()
    expect(score(page, "Answered")).to_have_text("1")
    expect(score(page, "Streak")).to_have_text("0")
    page.wait_for_timeout(500)  # LaTeX and the table's last layout pass
    path = screenshot(page, "quiz")
    assert path.stat().st_size > 10_000

    answer(page, wait_for_app, question.answer)  # right now, but only the first answer is scored
    expect(page.get_by_test_id("stAlertContentSuccess")).to_contain_text("Right!")
    expect(score(page, "Correct")).to_have_text("0")
    page.get_by_role("button", name="New question").click()
    wait_for_app(page)
    expect(page.get_by_text("Question 2 · easy")).to_be_visible()
    second = quiz.make_question(2, "easy", "nDCG@K")
    answer(page, wait_for_app, second.answer)
    expect(score(page, "Correct")).to_have_text("1")
    expect(score(page, "Streak")).to_have_text("1")
    screenshot(page, "quiz-right")


def test_hard_question_points_at_the_ideal_ordering(app_page: Page, wait_for_app, screenshot):
    page = app_page
    go_to(page, "Quiz")
    wait_for_app(page)
    page.get_by_test_id("stRadio").filter(has_text="Difficulty").get_by_text("hard").click()
    wait_for_app(page)
    question = quiz.make_question(1, "hard", "nDCG@K")
    expect(page.get_by_text("Judged, but not retrieved")).to_be_visible()
    answer(page, wait_for_app, quiz.mistake_values(question)["ideal_from_list"])
    expect(page.get_by_test_id("stAlertContentWarning")).to_contain_text("Ideal ordering from the list only")
    expect(page.get_by_test_id("stAlertContentInfo")).to_contain_text("Look at the ideal ordering")
    page.wait_for_timeout(500)
    screenshot(page, "quiz-hard")
