"""Every scene and step of every built-in lesson, in a real browser, as a teacher walks it with the clicker: in English
and 中文, on a 1280×720 projector and a 390×844 phone. One session per (lesson, language, screen): the lesson opened
in teach mode from its link, then → (the clicker's next) until the summary: each press shows the next step, reveals
the scene's answer at the scene's step, then steps to the end and goes to the next scene.

In every state: no exception; on the projector the headline, the worked formula, the current row of the step window
(``aria-current="step"``) and the question lie on the screen without scrolling; on the phone nothing is cut off
(tests/e2e/test_phone.py's check); before the reveal the page shows no number equal to the question's exact answer
(4 decimals), after it the answer is there. Screenshots of each scene's first state and of its reveal:
artifacts/screenshots/lesson-<lesson>-<scene>-<screen>-<language>[-revealed].png."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from metrics.teaching.lessons import answer, builtin_lessons
from tests.e2e.conftest import assert_no_exception
from tests.e2e.test_lecture_screen import LOCALES, TO_TOP, drawn, in_viewport
from tests.e2e.test_phone import CUT_OFF

pytestmark = pytest.mark.e2e

PROJECTOR = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}
LOADED_MS = 90_000  #: a run on a machine that runs other tests too
ONE_SCREEN = {  # what the projector shows at every step, inside 1280×720
    "headline": ".st-key-lecture_headline",
    "formula": ".st-key-lecture_formula",
    "current row": '.st-key-lecture_table [aria-current="step"]',
    "question": ".st-key-lesson_question",
}
#: JavaScript: where the walk is (the header, the step window, the question box): a change means the press was taken
PLACE = """() => ['.st-key-lesson_header', '.st-key-lecture_table', '.st-key-lesson_question', '.st-key-lesson_summary']
  .map((s) => { const n = document.querySelector(s); return n ? n.innerText : ''; }).join('|')"""
NUMBER = re.compile(r"-?\d+\.\d{4}\b")


def shown_numbers(page: Page) -> set[str]:
    return set(NUMBER.findall(page.get_by_test_id("stMain").inner_text()))


def exact_text(lesson, scene) -> str | None:
    """The answer as a page writes a number (4 decimals), for a value question whose answer is not 0 or 1."""
    if scene.question is None or scene.question.kind != "value":
        return None
    text = f"{answer(lesson, scene):.4f}"
    return None if text in ("0.0000", "1.0000", "-0.0000") else text


def settle(page: Page, wait_for_app) -> None:
    wait_for_app(page, LOADED_MS)
    drawn(page, LOADED_MS)
    assert_no_exception(page)


CASES = [pytest.param(lesson.id, language, name, id=f"{lesson.id}-{language}-{name}")
         for lesson in builtin_lessons() for language in LOCALES for name in ("projector", "phone")]


@pytest.mark.parametrize(("lesson_id", "language", "screen"), CASES)
def test_every_scene_and_step(new_session, wait_for_app, screenshot, lesson_id, language, screen):
    lesson = next(lesson for lesson in builtin_lessons() if lesson.id == lesson_id)
    viewport = PROJECTOR if screen == "projector" else PHONE
    page = new_session(f"lesson?lesson={lesson.id}&scene=1&mode=teach&lang={language}", viewport, LOCALES[language])
    problems: list[str] = []
    seen_scenes: set[str] = set()
    for _ in range(60 * len(lesson.scenes)):  # a bound: no scene has 60 states
        settle(page, wait_for_app)
        if page.locator(".st-key-lesson_summary").count():
            break
        header = page.locator(".st-key-lesson_header").inner_text()
        number = int(re.search(r"(\d+)\D+\d+", header.split("·")[-1]).group(1))
        scene = lesson.scenes[number - 1]
        revealed = scene.question is None or not page.locator(".st-key-lesson__reveal").count()
        state = f"{lesson.id}/{scene.id} {language} {screen} {'revealed' if revealed else 'before the reveal'}"
        exact = exact_text(lesson, scene)
        if exact is not None:
            if not revealed and exact in shown_numbers(page):
                problems.append(f"{state}: the answer {exact} is on the page before the reveal")
            if revealed and exact not in shown_numbers(page):
                problems.append(f"{state}: the answer {exact} is not on the page after the reveal")
        if screen == "projector":
            page.evaluate(TO_TOP)
            for what, selector in ONE_SCREEN.items():
                if what == "question" and scene.question is None:
                    continue
                box = page.locator(selector).first
                if not box.count():
                    problems.append(f"{state}: no {what}")
                    continue
                outside = in_viewport(box, viewport)
                if outside:
                    problems.append(f"{state}: {what} {outside}")
        else:
            problems.extend(f"{state}: {found}" for found in page.evaluate(CUT_OFF))
        if scene.id not in seen_scenes or (revealed and f"{scene.id}+" not in seen_scenes):
            seen_scenes.add(scene.id if scene.id not in seen_scenes else f"{scene.id}+")
            screenshot(page, f"lesson-{lesson.id}-{scene.id}-{screen}-{language}" + ("-revealed" if revealed else ""))
        place = page.evaluate(PLACE)
        page.locator("body").press("ArrowRight")  # the clicker's next
        page.wait_for_function(f"(before) => ({PLACE})() !== before", arg=place, timeout=LOADED_MS)
    else:
        pytest.fail(f"{lesson.id}: the walk did not reach the summary")
    expect(page.locator(".st-key-lesson_summary")).to_be_visible()
    assert {s for s in seen_scenes if not s.endswith("+")} == {scene.id for scene in lesson.scenes}
    assert not problems, "\n".join(problems)
