"""The "Many systems" and "Multiple comparisons" pages in one real browser session at 1280×720: the example loads with
one click, the heatmap and the paper table are drawn; the teaching page steps through its five stages; both in
English and 中文, with screenshots."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.navigation import go_to, language_switch

pytestmark = pytest.mark.e2e

WORDS = {"en": {"load": "Load the example", "heading": "Many systems", "next": "Next ▶", "teach": "Multiple comparisons"},
         "zh": {"load": "载入示例", "heading": "多个系统", "next": "下一步", "teach": "多重比较"}}


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

    go_to(page, url_path="multiple_comparisons")
    wait_for_app(page)
    expect(page.get_by_role("heading", level=1)).to_contain_text(words["teach"])
    first = page.locator('.st-key-multiple_comparisons__step_start button').first
    if first.is_enabled():  # the session keeps the page's step: back to the first stage
        first.click()
        wait_for_app(page)
    for stage in range(1, 6):
        expect(page.get_by_test_id("stPlotlyChart")).to_have_count(1)
        expect(page.get_by_test_id("stPlotlyChart").locator(".main-svg").first).to_be_visible()
        screenshot(page, f"multiple-comparisons-{language}-{stage}")
        if stage < 5:
            page.get_by_role("button", name=words["next"]).click()
            wait_for_app(page)


def test_both_pages_in_both_languages(app_page: Page, wait_for_app, screenshot):
    page = app_page
    page.set_viewport_size({"width": 1280, "height": 720})
    _walk(page, "en", wait_for_app, screenshot)
    language_switch(page).get_by_text("中文", exact=True).click()
    wait_for_app(page)
    _walk(page, "zh", wait_for_app, screenshot)
