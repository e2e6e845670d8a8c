"""English and 中文 in a real browser: a Chinese browser gets the Chinese app without asking, the
sidebar switch changes the language in place. (Every page opening in Chinese is walked by
tests/e2e/test_lecture_screen.py.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.navigation import language_switch

pytestmark = pytest.mark.e2e



@pytest.fixture
def chinese_page(new_session) -> Page:
    """A new session in a browser whose language is zh-CN, on the home page."""
    return new_session("", locale="zh-CN")


def heading(page: Page) -> str:
    return page.get_by_test_id("stMain").get_by_role("heading", level=1).first.inner_text()


def test_a_chinese_browser_gets_the_chinese_app(chinese_page: Page):
    assert "排序指标实验室" in heading(chinese_page)
    nav = chinese_page.get_by_test_id("stTopNav")
    expect(nav).to_contain_text("讲解一个排序")
    expect(language_switch(chinese_page).get_by_role("radio", name="中文")).to_be_checked()


def test_the_sidebar_switch_changes_the_language(app_page: Page, wait_for_app):
    assert heading(app_page).startswith("Ranking Metrics Lab")
    language_switch(app_page).get_by_text("中文", exact=True).click()
    wait_for_app(app_page)
    expect(app_page.get_by_test_id("stMain").get_by_role("heading", level=1).first).to_contain_text("排序指标实验室")
    expect(app_page.get_by_test_id("stTopNav")).to_contain_text("讲解一个排序")
    language_switch(app_page).get_by_text("English", exact=True).click()
    wait_for_app(app_page)
    expect(app_page.get_by_test_id("stMain").get_by_role("heading", level=1).first).to_contain_text(
        "Ranking Metrics Lab")
