"""Back and Forward in the browser (issue 19): one history entry per page move, none per run or drag;
Back goes to the page before, Forward to the page after, each with the board still on it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.navigation import go_to

pytestmark = pytest.mark.e2e

TITLES = {"ndcg": "nDCG — normalised", "ap": "AP / MAP — average precision", "rr": "RR / MRR — reciprocal rank"}


def on(page: Page, name: str, wait_for_app) -> None:
    """The page ``name`` is drawn, its run finished, and the board's link is in the address bar."""
    expect(page.locator('[data-testid="stMain"] h1').first).to_contain_text(TITLES[name])
    wait_for_app(page)
    page.wait_for_function(f"() => location.pathname.endsWith('/{name}') && location.search.includes('b=')")


def test_one_history_entry_per_page_move(new_session, wait_for_app):
    page = new_session("ndcg", {"width": 1280, "height": 720}, "en-US")
    on(page, "ndcg", wait_for_app)
    start = page.evaluate("history.length")
    page.keyboard.press("End")  # a run that changes the step: no entry
    expect(page.locator('[class*="ndcg__step_all"] button').first).to_be_disabled()
    wait_for_app(page)
    assert page.evaluate("history.length") == start
    go_to(page, "AP / MAP")
    on(page, "ap", wait_for_app)
    go_to(page, "RR / MRR")
    on(page, "rr", wait_for_app)
    assert page.evaluate("history.length") == start + 2
    page.go_back()
    on(page, "ap", wait_for_app)
    page.go_back()
    on(page, "ndcg", wait_for_app)
    page.go_forward()
    on(page, "ap", wait_for_app)
    expect(page.locator('[data-testid="stException"]')).to_have_count(0)
