"""The ROC / AUC and Beyond-accuracy pages in a real browser: reached from the sidebar, no
exception box, the key numbers on screen, screenshots roc.png and beyond.png."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.navigation import go_to, show_all_steps

pytestmark = pytest.mark.e2e


def _open(page: Page, title: str, wait_for_app) -> None:
    go_to(page, title)
    wait_for_app(page)


def _metric(page: Page, label: str):
    return page.get_by_test_id("stMetric").filter(has_text=label).first.get_by_test_id("stMetricValue")


def test_roc_page(app_page: Page, wait_for_app, screenshot):
    _open(app_page, "ROC / AUC", wait_for_app)
    assert urlsplit(app_page.url).path.rstrip("/").endswith("/roc")
    expect(app_page.get_by_role("heading", name="ROC curve and AUC", level=1)).to_be_visible()
    # the walk-through starts at the first trapezoid: the area so far, not the answer
    expect(app_page.get_by_text("Step 1 of 5")).to_be_visible()
    expect(_metric(app_page, "AUC so far (step 1)")).to_have_text("0.0000")
    app_page.get_by_role("button", name="Next ▶").click()
    wait_for_app(app_page)
    expect(app_page.get_by_text("Step 2 of 5")).to_be_visible()
    # default board: grades [3, 2, 3, 0, 1], relevant when ≥ 1, scores from the ranking: 3 of 4 pairs won
    app_page.get_by_role("button", name="Show all").click()
    wait_for_app(app_page)
    expect(_metric(app_page, "AUC")).to_have_text("0.7500")
    expect(app_page.locator(".js-plotly-plot")).to_have_count(4)  # ROC, scores, trapezoids, pairs
    expect(app_page.get_by_test_id("stException")).to_have_count(0)
    app_page.get_by_role("button", name="◀ Back").click()
    wait_for_app(app_page)
    expect(app_page.get_by_text("Step 4 of 5")).to_be_visible()
    path = screenshot(app_page, "roc")
    assert path.stat().st_size > 50_000


def test_beyond_page(app_page: Page, wait_for_app, screenshot):
    _open(app_page, "Beyond accuracy", wait_for_app)
    assert urlsplit(app_page.url).path.rstrip("/").endswith("/beyond")
    expect(app_page.get_by_role("heading", name="Beyond accuracy — coverage and diversity", level=1)).to_be_visible()
    show_all_steps(app_page, wait_for_app)  # each tab steps through its lists: the final numbers at the last step
    expect(_metric(app_page, "ILS (similarity)")).to_have_text("0.3111")  # the first tab: one user's list
    path = screenshot(app_page, "beyond")
    assert path.stat().st_size > 50_000
    app_page.get_by_role("tab", name="Catalog coverage").click()
    wait_for_app(app_page)
    show_all_steps(app_page, wait_for_app)
    expect(_metric(app_page, "Coverage@10")).to_have_text("0.8250")
    app_page.get_by_role("tab", name="Every user: diversity against accuracy").click()
    wait_for_app(app_page)
    show_all_steps(app_page, wait_for_app)
    expect(_metric(app_page, "mean diversity")).to_have_text("0.6485")
    expect(app_page.get_by_test_id("stException")).to_have_count(0)
    app_page.get_by_role("tab", name="One user's list: intra-list similarity").click()
    wait_for_app(app_page)
    # the user's list goes to the shared board and the nDCG page shows it
    app_page.get_by_role("button", name="Explain this user's list on the other pages").click()
    wait_for_app(app_page)
    expect(app_page.get_by_text("u01's list is now the example")).to_be_visible()
    _open(app_page, "nDCG", wait_for_app)
    expect(app_page.get_by_text("Recommender sample: user u01's top-10 list").first).to_be_visible()
