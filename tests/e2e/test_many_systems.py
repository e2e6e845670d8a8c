"""The "Many systems" and "Multiple comparisons" pages in one real browser session at 1280×720: the example loads with
one click, the heatmap and the paper table are drawn; both in English and 中文, with screenshots.

The teaching page is walked as a lecturer walks it (issue 32), with 10 and then 20 systems: every stage with the
clicker's → and the last with End ("Show all"). At each stage the step bar, the controls (systems, queries), the
stage's name, its text (captions included), every headline number and its chart lie on the 1280×720 screen, and
nothing is cut off; at stage 1 no value of a later stage is anywhere on the page (tests.spoilers). The page has no
ranking, so no lanes to outline. Screenshots: multiple-comparisons-<language>-<systems>-<stage>.png."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.navigation import go_to, language_switch
from tests.e2e.test_lecture_screen import CUT_OFF, PROJECTOR, drawn
from tests.e2e.test_lecture_steps import BOXES
from tests.e2e.test_no_spoilers import VISIBLE_TEXT
from tests.spoilers import four_decimals, multiple_comparisons_later

pytestmark = pytest.mark.e2e

WALK_MS = 90_000  #: a run on a busy machine
MC = "multiple_comparisons"
STAGE = f".st-key-{MC}_stage"
#: what must be on the screen at every stage (every match of each)
ONE_SCREEN = {"step bar": f".st-key-{MC}__step_bar", "systems": f".st-key-{MC}__k", "queries": f".st-key-{MC}__n",
              "stage": f"{STAGE} [data-testid='stHeading']", "text": f"{STAGE} [data-testid='stMarkdown']",
              "headline": f"{STAGE} [data-testid='stMetric']", "chart": f"{STAGE} [data-testid='stPlotlyChart']"}
STAGES = 5

WORDS = {"en": {"load": "Load the example", "heading": "Many systems", "teach": "Multiple comparisons"},
         "zh": {"load": "载入示例", "heading": "多个系统", "teach": "多重比较"}}


def _walk(page: Page, language: str, wait_for_app, screenshot) -> None:
    words = WORDS[language]
    go_to(page, url_path="many_systems")
    wait_for_app(page)
    expect(page.get_by_role("heading", level=1)).to_contain_text(words["heading"])
    page.get_by_role("button", name=re.compile(words["load"])).click()
    wait_for_app(page)
    charts = page.get_by_test_id("stPlotlyChart")
    expect(charts).to_have_count(3)
    expect(charts.nth(1).locator(".heatmaplayer")).to_have_count(1)  # plotly drew the matrix
    expect(page.get_by_test_id("stCode").first).to_contain_text("run\\_a")
    screenshot(page, f"many-systems-{language}")
    charts.nth(1).scroll_into_view_if_needed()
    screenshot(page, f"many-systems-matrix-{language}")

    go_to(page, url_path=MC)
    wait_for_app(page)
    expect(page.get_by_role("heading", level=1)).to_contain_text(words["teach"])
    page.wait_for_function("() => window.__rankingMetricsLabClickerKeys !== undefined")
    for systems in (10, 20):
        _walk_stages(page, language, wait_for_app, screenshot, systems)


def _stage_is(page: Page, language: str, stage: int) -> None:
    expect(page.locator(ONE_SCREEN["step bar"])).to_contain_text(
        f"Step {stage} of {STAGES}" if language == "en" else f"第 {stage} 步，共 {STAGES} 步", timeout=WALK_MS)


def _walk_stages(page: Page, language: str, wait_for_app, screenshot, systems: int) -> None:
    """Multiple comparisons with ``systems`` systems (25 queries, seed 0: the page's defaults), from stage 1 to "Show
    all" (End), as a presentation clicker sends the keys; every stage on one screen, nothing of a later one at 1."""
    page.keyboard.press("Home")  # (the session keeps the page's stage)
    _stage_is(page, language, 1)
    choice = page.locator(ONE_SCREEN["systems"]).get_by_role("radio", name=str(systems))
    if choice.get_attribute("aria-checked") != "true":
        choice.click()
        expect(choice).to_have_attribute("aria-checked", "true")
    wait_for_app(page, WALK_MS)
    page.evaluate("document.activeElement.blur()")  # (a focused control keeps the arrow keys)
    later = multiple_comparisons_later(systems, 25, 0)
    for stage in range(1, STAGES + 1):
        if stage > 1:
            page.keyboard.press("ArrowRight" if stage < STAGES else "End")
            _stage_is(page, language, stage)
            wait_for_app(page, WALK_MS, changed=True)
        drawn(page, WALK_MS)
        expect(page.locator(ONE_SCREEN["chart"])).to_have_count(1)
        boxes = page.evaluate(BOXES, [ONE_SCREEN, ".lane", ".lane .item.current", STAGE])["found"]  # (no lanes here)
        missing = {"step bar", "systems", "queries", "stage", "text", "chart"} - set(boxes)
        outside = {what: [round(v) for v in box] for what, box in boxes.items()
                   if box[0] < 0 or box[1] < 0 or box[2] > PROJECTOR["width"] + 1 or box[3] > PROJECTOR["height"] + 1}
        assert not missing and not outside, (language, systems, stage, missing, outside)
        problems = page.evaluate(CUT_OFF)
        assert not problems, (language, systems, stage, problems)
        if stage == 1:
            leaked = {value for value in later if "/" in value and value in page.evaluate(VISIBLE_TEXT)}
            leaked |= later & four_decimals(page.evaluate(VISIBLE_TEXT))
            assert not leaked, (language, systems, sorted(leaked))
        screenshot(page, f"multiple-comparisons-{language}-{systems}-{stage}")


def test_both_pages_in_both_languages(app_page: Page, wait_for_app, screenshot):
    page = app_page
    page.set_viewport_size(PROJECTOR)
    _walk(page, "en", wait_for_app, screenshot)
    language_switch(page).get_by_text("中文", exact=True).click()
    wait_for_app(page)
    _walk(page, "zh", wait_for_app, screenshot)
