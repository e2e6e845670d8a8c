"""One projector screen at every step, beyond tests/e2e/test_lecture_steps.py (issue 18), read off the boxes in
Chromium at 1280×720, walking every step from 1 to "Show all" (→ and End, as a presentation clicker sends):

* More measures, English and 中文: bpref (its first measure, no K) on a 7-item board, ERR@k (a measure with K) on 5,
  7 and 12 items, one browser session a language. Checked as on nDCG (tests.e2e.test_lecture_steps.assert_one_screen):
  the ranking, every headline number, the step bar, the worked formula, the step window's current row
  (``aria-current="step"``, its first cell the step's rank), K where the measure has one, and the lanes outline the
  step's rank.
* ROC is walked in tests/e2e/test_roc_beyond.py (5, 7 and 12 items, both languages): the boxes above, K, the outline
  and the curve beside the ranking, and no later value at step 1. Its walk here (7 and 12 items) asked for the score
  table on screen instead of the ranking; since issue 32 the ranking stands beside the curve and the score table
  below the stage, so that walk is gone.
* 20-item boards on nDCG (English and 中文) and AP (English): every box above, the whole ranking included (its
  rows are lower: ui.ranking.lanes.row_height).
* nDCG on 12 items with the text at its largest (A+ until it is disabled, two sizes up): every box above at every
  step (the step window has two rows at that size, ui.teaching.lecture.WINDOWS).
* A convention changed mid-walk in the toolbar's Conventions popover: nDCG's gain (linear → exponential) at
  step 3 of 7 and AP's relevance threshold (1 → 2, 中文) at step 4 of 7; the step stays, the headline
  changes, every box holds before and after, and the walk goes on to "Show all".

One browser session per walk (More measures': per language); screenshots at the first, a middle and the last step
(artifacts/screenshots/more_steps_<page>_<n>_<language>[_<variant>]_<moment>.png).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import APP_TIMEOUT_MS
from tests.e2e.lanes import wait_for_lanes
from tests.e2e.test_lecture_screen import LOCALES, PROJECTOR
from tests.e2e.test_lecture_steps import (
    GRADES,
    HEADLINE,
    SIZES,
    STEP_BAR,
    assert_one_screen,
    board_link,
    go,
    open_board,
    step_of,
)

pytestmark = pytest.mark.e2e

CONVENTIONS = {"en": "Conventions", "zh": "约定"}  #: the toolbar's popover of the page's conventions
MEASURE = ".st-key-more__measure"  #: More measures' choice of measure


def walk(page: Page, wait_for_app, screenshot, language: str, shot: str, check, start: int = 1) -> None:
    """From step ``start`` to "Show all": → for each step, End for the last; ``check(step, total)`` at each;
    screenshots at the first, the middle and the last step."""
    step, total = step_of(page, language)
    assert step == start, (step, start)
    check(step, total)
    if start == 1:
        screenshot(page, f"{shot}_step1")
    for step in range(start + 1, total):
        go(page, wait_for_app, language, "ArrowRight", step, total)
        check(step, total)
        if step == (total + 1) // 2:
            screenshot(page, f"{shot}_step{step}")
    go(page, wait_for_app, language, "End", total, total)
    check(total, total)
    screenshot(page, f"{shot}_all")


def clicker_ready(page: Page) -> None:
    page.wait_for_function("() => window.__rankingMetricsLabClickerKeys !== undefined")


def choose_measure(page: Page, wait_for_app, start: str) -> None:
    """More measures: the measure whose label starts with ``start`` (the same in both languages), typed into the
    select box as a user finds one in a long list (its list draws only the options in view)."""
    page.locator(MEASURE).get_by_test_id("stSelectbox").click()
    page.keyboard.type(start)
    page.get_by_role("option", name=re.compile(f"^{re.escape(start)}")).click()
    wait_for_app(page)
    expect(page.locator(MEASURE).get_by_role("combobox")).to_have_value(re.compile(f"^{re.escape(start)}"))
    page.evaluate("document.activeElement.blur()")  # the select box keeps the arrow keys while it has the focus


#: More measures' walks: (items, measure) — bpref (its first measure, no cut-off) on 7 items, ERR@k (a measure with K)
#: on 5, 7 and 12
MORE_WALKS = ((7, None), *((items, "ERR@k") for items in SIZES))


@pytest.mark.parametrize("language", list(LOCALES))
def test_more_measures_every_step(browser, app_url, wait_for_app, screenshot, language):
    """One session (a browser context) a language walks the boards of :data:`MORE_WALKS` in turn, each opened from its
    share link at step 1."""
    context = browser.new_context(viewport=PROJECTOR, locale=LOCALES[language])
    try:
        page = context.new_page()
        page.set_default_timeout(APP_TIMEOUT_MS)
        for items, measure in MORE_WALKS:
            page.goto(f"{app_url}/{board_link('more_measures', items, language)}")
            wait_for_app(page)
            expect(page.locator(STEP_BAR)).to_be_visible()
            wait_for_lanes(page)
            page.evaluate("document.fonts.ready")
            if measure:
                choose_measure(page, wait_for_app, measure)
            clicker_ready(page)
            with_k = measure is not None  # bpref has no cut-off
            walk(page, wait_for_app, screenshot, language, f"more_steps_more_{measure or 'bpref'}_{items}_{language}",
                 lambda step, total, with_k=with_k: assert_one_screen(page, language, step, total, with_k))
    finally:
        context.close()


@pytest.mark.parametrize(("name", "language"), [("ndcg", "en"), ("ndcg", "zh"), ("ap", "en")])
def test_twenty_items_every_step(new_session, wait_for_app, screenshot, name, language):
    assert len(GRADES) == 20
    page = open_board(new_session, name, 20, language, PROJECTOR)
    clicker_ready(page)
    walk(page, wait_for_app, screenshot, language, f"more_steps_{name}_20_{language}",
         lambda step, total: assert_one_screen(page, language, step, total))


def test_larger_text_every_step(new_session, wait_for_app, screenshot):
    page = open_board(new_session, "ndcg", 12, "en", PROJECTOR)
    for level in (2, 3):  # A+ twice: the largest size (ui.teaching.lecture.TEXT_SIZES; level 1 is the default)
        page.get_by_role("button", name="A+").click()
        wait_for_app(page)
        expect(page.locator(f".st-key-lecture_size_{level}")).to_be_visible()
    expect(page.get_by_role("button", name="A+")).to_be_disabled()
    page.evaluate("document.activeElement.blur()")
    clicker_ready(page)
    walk(page, wait_for_app, screenshot, "en", "more_steps_ndcg_12_en_larger",
         lambda step, total: assert_one_screen(page, "en", step, total))


@pytest.mark.parametrize(("name", "language", "at"), [("ndcg", "en", 3), ("ap", "zh", 4)])
def test_a_convention_changed_mid_walk(new_session, wait_for_app, screenshot, name, language, at):
    page = open_board(new_session, name, 7, language, PROJECTOR)
    clicker_ready(page)
    total = step_of(page, language)[1]
    for step in range(2, at + 1):
        go(page, wait_for_app, language, "ArrowRight", step, total)
    assert_one_screen(page, language, at, total)
    before = page.locator(HEADLINE).last.inner_text()
    page.locator(".st-key-lecture_controls").get_by_role("button", name=CONVENTIONS[language]).click()
    body = page.get_by_test_id("stPopoverBody")
    if name == "ndcg":  # gain: linear -> exponential (the first radio's second option)
        body.get_by_test_id("stRadio").first.get_by_role("radio").nth(1).check(force=True)
    else:  # relevant from grade 2 on
        threshold = body.get_by_role("spinbutton")
        threshold.fill("2")
        threshold.press("Enter")
    expect(page.locator(HEADLINE).last).not_to_have_text(before)
    wait_for_app(page)
    page.keyboard.press("Escape")
    expect(body).to_have_count(0)
    page.evaluate("document.activeElement.blur()")
    screenshot(page, f"more_steps_{name}_7_{language}_convention_step{at}")
    walk(page, wait_for_app, screenshot, language, f"more_steps_{name}_7_{language}_convention",
         lambda step, total: assert_one_screen(page, language, step, total), start=at)
