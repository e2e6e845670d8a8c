"""Smoke test in a real browser: the app starts, renders its landing page, raises nothing."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e


def test_home_page_renders(app_page: Page, wait_for_app, screenshot):
    # `app_page` has already waited for the first script run and checked for exception boxes.
    expect(app_page).to_have_title("Ranking Metrics Lab")
    expect(app_page.get_by_role("heading", name="Ranking Metrics Lab", level=1, exact=True)).to_be_visible()
    expect(app_page.get_by_text("The source articles, checked")).to_be_visible()
    expect(app_page.get_by_test_id("stException")).to_have_count(0)
    path = screenshot(app_page, "home")
    assert path.stat().st_size > 10_000  # a real picture, not an empty page
