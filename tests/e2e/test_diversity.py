"""Diversity: subtopics (pages/diversity.py) in Chromium: one projector screen a step, one browser session a walk.

At 1280×720 the lecturer walks α-nDCG@5 and then NRBP (the whole ranking: 8 steps) with the clicker (→), in English
and 中文: at every step the rank × subtopic grid, the headline, the step bar, the worked formula and the current row
(``aria-current="step"``, the step's own rank) lie inside the viewport; a reload (the address bar's link) opens the
same board and measure. On a 390×844 phone the numbers come first:
headline, step bar and current row on the first screen, the grid below them, nothing wider than the screen.
Screenshots: artifacts/screenshots/diversity_<language>_<measure>_<step>.png and diversity_phone_<step>.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_lecture_screen import LOCALES, PROJECTOR
from tests.e2e.test_lecture_steps import BOXES, CURRENT_ROW, FORMULA, HEADLINE, PHONE, STEP_BAR, go, step_of

pytestmark = pytest.mark.e2e

GRID = ".st-key-diversity_grid .js-plotly-plot"
PICKER = ".st-key-lecture_controls [data-testid='stSelectbox']"
#: the measure picker's NRBP option in each language (ui/locale's translation of the page's label)
NRBP = {"en": "NRBP: novelty- and rank-biased precision", "zh": "NRBP：新颖性与排名偏置的精确率"}


def open_diversity(new_session, language: str, viewport: dict) -> Page:
    page = new_session(f"diversity?lang={language}", viewport, LOCALES[language])
    expect(page.locator(STEP_BAR)).to_be_visible()
    expect(page.locator(GRID)).to_be_visible()
    page.evaluate("document.fonts.ready")
    return page


def boxes(page: Page, selectors: dict[str, str]) -> dict[str, list[float]]:
    """The boxes of ``selectors`` (each match; the grid's as "ranking" too)."""
    return page.evaluate(BOXES, [selectors, ".js-plotly-plot", ".none", ".st-key-diversity_grid"])["found"]


def assert_on_screen(page: Page, step: int, total: int, selectors: dict[str, str]) -> None:
    viewport = page.viewport_size
    expect(page.locator(CURRENT_ROW)).to_have_count(1)
    expect(page.locator(CURRENT_ROW).locator("td").first).to_have_text(str(step))
    found = {what: box for what, box in boxes(page, selectors).items() if what in selectors}
    missing = set(selectors) - set(found)
    assert not missing, f"step {step} of {total}: not on the page: {missing}"
    outside = {what: [round(v) for v in box] for what, box in found.items()
               if box[0] < 0 or box[1] < 0 or box[2] > viewport["width"] + 1 or box[3] > viewport["height"] + 1}
    assert not outside, f"step {step} of {total} at {viewport}: outside the screen: {outside}"


def walk(page: Page, wait_for_app, screenshot, language: str, measure: str, selectors: dict[str, str]) -> None:
    """Every step from the first, pressing →, each one on screen."""
    step, total = step_of(page, language)
    assert step == 1
    for step in range(1, total + 1):
        if step > 1:
            go(page, wait_for_app, language, "ArrowRight", step, total)
        assert_on_screen(page, step, total, selectors)
        screenshot(page, f"diversity_{language}_{measure}_{step}")


@pytest.mark.parametrize("language", list(LOCALES))
def test_every_step_fits_one_projector_screen(new_session, wait_for_app, screenshot, language):
    page = open_diversity(new_session, language, PROJECTOR)
    selectors = {"step bar": STEP_BAR, "formula": FORMULA, "current row": CURRENT_ROW, "headline": HEADLINE,
                 "picker": PICKER}
    assert step_of(page, language) == (1, 5)
    walk(page, wait_for_app, screenshot, language, "alpha-nDCG", selectors | {"ranking": GRID})
    page.locator(PICKER).click()
    page.get_by_role("option", name=NRBP[language]).click()
    expect(page.locator(STEP_BAR)).to_contain_text("8")  # every step was shown: every step still is
    wait_for_app(page, changed=True)
    assert step_of(page, language) == (8, 8)
    page.locator(STEP_BAR).get_by_role("button").first.click()  # the first step (the picker has the keys' focus)
    expect(page.locator(STEP_BAR)).to_contain_text("Step 1 of 8" if language == "en" else "第 1 步，共 8 步")
    wait_for_app(page, changed=True)
    page.locator("h1").first.click()  # the clicker's keys to the page again
    walk(page, wait_for_app, screenshot, language, "NRBP", selectors)  # (8 ranks: the grid runs below the fold)
    page.reload()  # a new session on the address bar's link: the same board and measure (its ``d``), from step 1
    expect(page.locator(PICKER).get_by_role("combobox")).to_have_value(NRBP[language])
    expect(page.locator(STEP_BAR)).to_contain_text("Step 1 of 8" if language == "en" else "第 1 步，共 8 步")
    assert "d=1." in page.url


def test_a_phone_shows_the_numbers_first(new_session, wait_for_app, screenshot):
    page = open_diversity(new_session, "en", PHONE)
    for step in (1, 2, 5):
        if step > 1:
            for _ in range(step - step_of(page, "en")[0]):
                go(page, wait_for_app, "en", "ArrowRight", step_of(page, "en")[0] + 1, 5)
        assert_on_screen(page, step, 5, {"step bar": STEP_BAR, "current row": CURRENT_ROW, "headline": HEADLINE})
        screenshot(page, f"diversity_phone_{step}")
    widest = page.evaluate("() => document.scrollingElement.scrollWidth")
    assert widest <= PHONE["width"] + 1, widest
    grid = page.locator(GRID).bounding_box()
    assert grid and grid["x"] >= 0 and grid["x"] + grid["width"] <= PHONE["width"] + 1, grid
