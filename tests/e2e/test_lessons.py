"""Lessons in Chromium: a teacher walks every built-in lesson with a presentation clicker, and a student's answer
survives a reload, Back and a shared link.

* The clicker's walk: for every built-in lesson × {English, 中文}, one session opens
  ``/lesson?lesson=ID&scene=1&mode=teach`` and presses → until the summary; every state is checked on a 1280×720
  projector and on a 390×844 phone (the viewport resized in place: the layout is the browser's, not a run). At every
  state it reaches (each scene up to its question's step, the reveal, then every step after it) there is no exception
  box; on the projector the headline, the worked formula, the step window's current row and the question lie on the
  first screen; on the phone nothing is cut off (tests/e2e/test_phone.py's check: no element past the screen's edge,
  no text clipped); a value question's exact answer (4 decimals, other than 0.0000 and 1.0000) is nowhere on the page
  before the reveal and on it after; a rank or a choice is said by the reveal.
* A student's walk (learning, 1280×720, English, the first lesson): a wrong answer named by its mistake; a reload, the
  browser's Back after another page, and the link opened in a new browser show the same scene and the same verdict.

Every expected value comes from the core (``metrics.teaching.lessons``); the walk adapts to the lessons there are.
Screenshots: artifacts/screenshots/lesson_<lesson>_<language>_<size>_<state>.png.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from metrics.teaching.lessons import Lesson, Scene, answer, builtin_lessons, steps
from tests.e2e.navigation import go_to
from tests.e2e.test_lecture_screen import LOCALES, PROJECTOR, TO_TOP, drawn
from tests.e2e.test_phone import CUT_OFF, PHONE
from tests.ui.pages.test_page_lesson import wrong_answer

pytestmark = pytest.mark.e2e

LESSONS = {lesson.id: lesson for lesson in builtin_lessons()}
SIZES = {"1280x720": PROJECTOR, "390x844": PHONE}
LOADED_MS = 90_000  #: a run of the page on a machine that runs other tests too
#: what a teacher points at: on a 1280×720 projector, on the first screen at every state of a scene
ONE_SCREEN = {
    "headline": ".st-key-lecture_headline",
    "formula": ".st-key-lecture_formula",
    "current row": '.st-key-lecture_table [aria-current="step"]',
    "question": ".st-key-lesson_question",
}

#: JavaScript: where the lesson page is — its scene (the link's; ``shown``: the header's "scene i of n"), the step
#: line's "step n of total" (the first bold text of the stage with two numbers: "Step 2 of 6", "第 2 步，共 6 步"),
#: whether the question box shows its answer (no Reveal button in it any more) or still asks (the Reveal button), and
#: whether the summary is drawn
STATE = """() => {
  const scene = Number(new URL(location.href).searchParams.get('scene') || 0);
  let step = null, total = null;
  for (const strong of document.querySelectorAll('.st-key-lecture_stage [data-testid="stMarkdownContainer"] strong')) {
    if (strong.closest('.st-key-lesson_question')) continue;
    const numbers = (strong.innerText.match(/\\d+/g) || []).map(Number);
    if (numbers.length >= 2) { [step, total] = numbers; break; }
  }
  const header = document.querySelector('.st-key-lesson_header [data-testid="stMarkdownContainer"]');
  const title = header && header.querySelector('strong');
  const said = header ? header.innerText.replace(title ? title.innerText : '', '').match(/\\d+/) : null;
  const box = document.querySelector('.st-key-lesson_question');
  return {
    scene, shown: said ? Number(said[0]) : null, step, total,
    revealed: !!(box && !box.querySelector('.st-key-lesson__reveal button')),  // the answer instead of Reveal
    asking: !!document.querySelector('.st-key-lesson__reveal button'),
    summary: !!document.querySelector('.st-key-lesson_summary') && !document.querySelector('.st-key-lecture_stage'),
  };
}"""


#: JavaScript: the boxes (x, y, right, bottom; null: none drawn) of the first visible match of each selector
BOXES = """(selectors) => Object.fromEntries(Object.entries(selectors).map(([what, selector]) => {
  const node = [...document.querySelectorAll(selector)].find((el) => el.getBoundingClientRect().height > 0);
  if (!node) return [what, null];
  const box = node.getBoundingClientRect();
  return [what, {x: Math.round(box.x), y: Math.round(box.y), right: Math.round(box.right),
                 bottom: Math.round(box.bottom)}];
}))"""


def settled(page: Page, wait_for_app, changed: bool = False) -> dict:
    """The page's run finished and drawn; its state (:data:`STATE`). ``changed``: the page was seen to change."""
    wait_for_app(page, LOADED_MS, changed=changed)
    drawn(page, LOADED_MS)
    return page.evaluate(STATE)


def press_next(page: Page, before: dict, wait_for_app, scenes: int) -> dict:
    """→ as a clicker sends it, then the state it leads to, waited for: another state than ``before`` that is whole
    (the link's scene is the one the header shows: the link changes as the run begins, before the scene is drawn;
    past the last of ``scenes`` the link names the summary's scene before the summary is drawn: a summary that
    never comes fails here)."""
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"""([before, scenes]) => {{
      const now = ({STATE})();
      const whole = now.summary || (now.scene <= scenes && now.shown === now.scene);
      return JSON.stringify(now) !== JSON.stringify(before) && whole;
    }}""", arg=[before, scenes], timeout=LOADED_MS)
    return settled(page, wait_for_app, changed=True)


def exact_shown(lesson: Lesson, scene: Scene, language: str) -> str:
    """The exact answer as the reveal writes it: 4 decimals, a rank, the right option's label."""
    exact = answer(lesson, scene)
    q = scene.question
    if q.kind == "choice":
        return next(o.label.in_language(language) for o in q.options if o.id == exact)
    return str(exact) if q.kind == "rank" else f"{exact:.4f}"


def revealed_by(page: Page, exact: str) -> None:
    """Wait (generously) until the question box says ``exact``; a box that never does is reported by the caller."""
    try:
        page.locator(".st-key-lesson_question").filter(has_text=exact).first.wait_for(timeout=LOADED_MS)
    except PlaywrightTimeout:
        pass


def problems_at(page: Page, lesson: Lesson, state: dict, size: str, language: str) -> list[str]:
    """What is wrong at this state: a spoiler or a missing answer, something off the projector's first screen,
    something cut off on the phone."""
    found = []
    scene = lesson.scenes[state["scene"] - 1] if not state["summary"] else None
    where = f"scene {state['scene']} step {state['step']}/{state['total']}" + (
        " revealed" if state["revealed"] else "")
    if scene is not None and scene.question is not None:
        exact = exact_shown(lesson, scene, language)
        if state["revealed"]:  # the Reveal button goes first: wait until the answer is drawn in its place
            revealed_by(page, exact)
        text = page.get_by_test_id("stMain").inner_text()
        if scene.question.kind == "value" and exact not in ("0.0000", "1.0000"):
            if not state["revealed"] and exact in text:
                found.append(f"{where}: the answer {exact} is on the page before the reveal")
            if state["revealed"] and exact not in text:
                found.append(f"{where}: the answer {exact} is not on the page after the reveal")
        if state["revealed"] and exact not in page.locator(".st-key-lesson_question").inner_text():
            found.append(f"{where}: the reveal does not say {exact!r}")
    if size == "1280x720" and scene is not None:
        page.evaluate(TO_TOP)
        wanted = {what: selector for what, selector in ONE_SCREEN.items()
                  if what != "question" or scene.question is not None}
        for what, box in page.evaluate(BOXES, wanted).items():
            if box is None:
                found.append(f"{where}: no {what} on the page")
            elif box["x"] < 0 or box["y"] < 0 or box["right"] > PROJECTOR["width"] + 1 \
                    or box["bottom"] > PROJECTOR["height"] + 1:
                found.append(f"{where}: {what} not on the first screen: {box} outside 1280×720")
    if size == "390x844":
        found += [f"{where}: {problem}" for problem in page.evaluate(CUT_OFF)]
    return found


def problems_in_both_sizes(page: Page, lesson: Lesson, state: dict, language: str, shoot) -> list[str]:
    """:func:`problems_at` at both sizes, the viewport's present one first (one resize per state, no new run: the
    layout is the browser's alone). ``shoot(size, found)``: photograph this state at that size if it wants to."""
    found = []
    present = next(size for size, viewport in SIZES.items() if page.viewport_size == viewport)
    for size in sorted(SIZES, key=lambda size: size != present):
        if size != present:
            page.set_viewport_size(SIZES[size])
            drawn(page, LOADED_MS)
        here = problems_at(page, lesson, state, size, language)
        shoot(size, here)
        found += here
    return found


@pytest.mark.parametrize("language", list(LOCALES))
@pytest.mark.parametrize("lesson_id", list(LESSONS))
def test_a_clicker_walks_the_lesson(new_session, wait_for_app, screenshot, lesson_id, language):
    """One session, → until the summary; every state checked on the projector and on the phone (the viewport
    resized in place), every problem gathered, then reported together."""
    lesson = LESSONS[lesson_id]
    path = f"lesson?lesson={lesson.id}&scene=1&mode=teach" + ("&lang=zh" if language == "zh" else "")
    page = new_session(path, PROJECTOR, LOCALES[language])
    page.wait_for_function("() => window.__rankingMetricsLabClickerKeys !== undefined")  # the listener is in
    state = settled(page, wait_for_app)
    problems, seen = [], []
    shots = {1, (len(lesson.scenes) + 1) // 2}  #: the scenes photographed, asked and revealed
    limit = sum(steps(lesson, scene) + 2 for scene in lesson.scenes) + 1  #: more presses than a walk takes

    def shoot(size: str, found: list[str]) -> None:
        name = f"lesson_{lesson.id}_{language}_{size}"
        if state["summary"]:
            screenshot(page, f"{name}_summary")
        elif found or state["scene"] in shots:  # (every state with a problem, to look at)
            screenshot(page, f"{name}_scene{state['scene']}_{'revealed' if state['revealed'] else 'asked'}"
                             f"_step{state['step']}")

    for _press in range(limit):
        seen.append(state)
        if state["summary"]:
            for size in SIZES:
                page.set_viewport_size(SIZES[size])
                drawn(page, LOADED_MS)
                shoot(size, [])
                problems += [f"summary ({size}): {problem}" for problem in page.evaluate(CUT_OFF)] \
                    if size == "390x844" else []
            break
        scene = lesson.scenes[state["scene"] - 1]
        assert state["step"] is not None, f"scene {state['scene']}: no step line"
        if scene.question is not None and not state["revealed"]:
            assert state["asking"], f"scene {scene.id}: neither the answer nor the Reveal button"
            if scene.step is not None:
                assert state["step"] <= scene.step, f"scene {scene.id}: step {state['step']} before the reveal"
        problems += problems_in_both_sizes(page, lesson, state, language, shoot)
        state = press_next(page, state, wait_for_app, len(lesson.scenes))
        previous = seen[-1]
        if state["scene"] != previous["scene"]:  # a scene is left only once its answer was seen
            assert state["scene"] == previous["scene"] + 1, (previous, state)
            assert previous["revealed"] or lesson.scenes[previous["scene"] - 1].question is None, (previous, state)
    else:
        raise AssertionError(f"no summary after {limit} presses: {seen[-3:]}")
    visited = {s["scene"] for s in seen if not s["summary"]}
    assert visited == set(range(1, len(lesson.scenes) + 1)), visited
    revealed = {s["scene"] for s in seen if s["revealed"]}
    assert revealed >= {n for n, scene in enumerate(lesson.scenes, start=1) if scene.question is not None}
    assert not problems, f"{lesson.id} ({language}):\n" + "\n".join(problems)


# --------------------------------------------------------------------------- a student's answer kept


def verdict(page: Page) -> str:
    return page.locator(".st-key-lesson_question [data-testid='stAlert']").first.inner_text()


def test_a_student_s_answer_survives_a_reload_back_and_a_shared_link(new_session, wait_for_app, screenshot):
    lesson = next(iter(LESSONS.values()))
    number, scene, given, mistake = next(
        (n, scene, *wrong_answer(lesson, scene)) for n, scene in enumerate(lesson.scenes, start=1)
        if scene.question is not None and scene.question.kind == "value" and wrong_answer(lesson, scene)[1])
    page = new_session(f"lesson?lesson={lesson.id}&scene={number}&mode=learn", PROJECTOR, LOCALES["en"])
    settled(page, wait_for_app)
    header = page.locator(".st-key-lesson_header")
    expect(header).to_contain_text(f"scene {number} of {len(lesson.scenes)}")
    box = page.locator(f".st-key-lesson__answer_{lesson.id}_{scene.id} input")
    box.fill(str(given))
    box.press("Enter")
    settled(page, wait_for_app)
    page.locator(".st-key-lesson__check button").click()
    expect(page.locator(".st-key-lesson_question [data-testid='stAlert']").first).to_contain_text(
        f"Likely mistake — {mistake.title}")
    settled(page, wait_for_app)
    said = verdict(page)
    assert f"The exact answer is {answer(lesson, scene):.4f}" in said
    expect(page).to_have_url(re.compile(rf"[?&]scene={number}(&|$)"))
    expect(page).to_have_url(re.compile(r"[?&]answers="))
    screenshot(page, f"lesson_{lesson.id}_en_1280x720_learn_wrong")
    link = page.url

    page.reload()
    settled(page, wait_for_app)
    expect(header).to_contain_text(f"scene {number} of {len(lesson.scenes)}")
    assert verdict(page) == said, "the reload lost the verdict"

    go_to(page, url_path="ndcg")
    expect(page).to_have_url(re.compile(r"/ndcg(\?|$)"))
    settled(page, wait_for_app)
    page.go_back()
    expect(page).to_have_url(re.compile(r"/lesson\?"))
    settled(page, wait_for_app)
    expect(header).to_contain_text(f"scene {number} of {len(lesson.scenes)}")
    expect(page.locator(".st-key-lesson_question [data-testid='stAlert']").first).to_have_text(said)

    shared = new_session(link, PROJECTOR, LOCALES["en"])  # a new browser: the shared link
    settled(shared, wait_for_app)
    expect(shared.locator(".st-key-lesson_header")).to_contain_text(f"scene {number} of {len(lesson.scenes)}")
    assert verdict(shared) == said, "the shared link lost the verdict"
