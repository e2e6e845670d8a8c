"""Real browser: the compare and conventions pages render, react, and look right on a projector."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.lanes import BUILDER, LIST2, drag_after, lane_items, reorder_list2, wait_for_lanes
from tests.e2e.navigation import go_to, load_example, show_all_steps

pytestmark = pytest.mark.e2e


def open_page(page: Page, wait_for_app, link: str) -> None:
    go_to(page, link)
    wait_for_app(page)


def metric(page: Page, label: str):
    return page.get_by_test_id("stMetric").filter(has_text=label).get_by_test_id("stMetricValue")


def test_compare_page(app_page: Page, wait_for_app, screenshot):
    page = app_page
    open_page(page, wait_for_app, "Two rankings")
    expect(page.get_by_role("heading", name="Compare two rankings")).to_be_visible()
    # two drag-and-drop lanes: the builder's (list 1, with its pool) and list 2 (one lane)
    wait_for_lanes(page, BUILDER)
    wait_for_lanes(page, LIST2)
    expect(page.locator(f"{LIST2} [data-lane]")).to_have_count(1)
    show_all_steps(page, wait_for_app)  # the final numbers (a new session starts at step 1)
    before = metric(page, "list 2").first.inner_text()
    reorder_list2(page, "Copy list 1", wait_for_app)
    expect(metric(page, "list 2").first).to_have_text(metric(page, "list 1").first.inner_text())
    assert before != metric(page, "list 2").first.inner_text()
    # drag list 2's top item to the bottom: its nDCG drops
    reorder_list2(page, "Copy list 1", wait_for_app)
    wait_for_lanes(page, LIST2)
    items = lane_items(page, scope=LIST2)
    expect(items).to_have_count(5)
    drag_after(page, items.first, items.last)
    wait_for_app(page)
    expect(metric(page, "list 2").first).not_to_have_text(metric(page, "list 1").first.inner_text())
    reorder_list2(page, "Reverse", wait_for_app)
    expect(page.locator(".js-plotly-plot")).to_have_count(1)  # the swap heatmap (every step is shown)
    path = screenshot(page, "compare")
    assert path.stat().st_size > 10_000
    page.get_by_role("heading", name="What if two items of list 1 traded places?").scroll_into_view_if_needed()
    screenshot(page, "compare-swaps")


def test_compare_page_article_lists(app_page: Page, wait_for_app, screenshot):
    page = app_page
    open_page(page, wait_for_app, "Two rankings")
    load_example(page, "Article 000: list_1 = [A, B, C, D, E]", wait_for_app)
    reorder_list2(page, "Use the article's list_2", wait_for_app)
    show_all_steps(page, wait_for_app)  # the page steps through the ranks: the final numbers at the last step
    expect(page.get_by_test_id("stMetricLabel").filter(has_text="List 1 · nDCG@5")).to_be_visible()
    expect(metric(page, "list 1").first).to_have_text("0.8930")
    expect(metric(page, "list 2").first).to_have_text("0.8505")
    screenshot(page, "compare-article")


def test_conventions_page(app_page: Page, wait_for_app, screenshot):
    page = app_page
    open_page(page, wait_for_app, "Library conventions")
    expect(page.get_by_role("heading", name="Why does my library give another number?")).to_be_visible()
    expect(page.get_by_text("Why they differ")).to_be_visible()
    page.get_by_role("button", name="One big tie (all scores 1)").click()
    wait_for_app(page)
    expect(page.get_by_text("differs on:").first).to_be_visible()
    path = screenshot(page, "conventions")
    assert path.stat().st_size > 10_000
    page.get_by_role("heading", name="The choices, library by library").scroll_into_view_if_needed()
    screenshot(page, "conventions-choices")
