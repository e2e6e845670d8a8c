"""The articles page and the handout page in Chromium: load article 003's example, see its exact
nDCG on the nDCG page, export it and present it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import VIEWPORT
from tests.e2e.navigation import go_to, show_all_steps
from tests.e2e.test_lecture_screen import drawn
from tests.e2e.test_phone import PHONE

pytestmark = pytest.mark.e2e

#: JavaScript: each table's right edge, whether it fits its box, and whether it scrolls sideways there (scrolled to its
#: end: it moves)
TABLES_ON_A_PHONE = """(tables) => tables.map((table) => {
  const fits = table.scrollWidth <= table.clientWidth + 1;
  table.scrollLeft = table.scrollWidth;
  const scrolls = table.scrollLeft > 0;
  table.scrollLeft = 0;
  return [Math.round(table.getBoundingClientRect().right), fits, scrolls];
})"""


def open_from_sidebar(page: Page, title: str, wait_for_app) -> None:
    go_to(page, title)
    wait_for_app(page)


def metric_value(page: Page, label: str):
    return page.get_by_test_id("stMetric").filter(has=page.get_by_test_id("stMetricLabel").get_by_text(
        label, exact=True)).get_by_test_id("stMetricValue")


def test_load_article_003_and_see_the_exact_ndcg(app_page: Page, wait_for_app, screenshot):
    page = app_page
    open_from_sidebar(page, "The articles' examples", wait_for_app)
    expect(page.get_by_role("heading", name="The articles' examples — checked")).to_be_visible()
    expect(page.get_by_text("Wrong logarithms")).to_be_visible()
    screenshot(page, "articles")

    page.get_by_role("tab", name="003").click()
    card = page.locator(".st-key-articles__card_003_ndcg")
    # the table is drawn on a canvas; its cells are also in an accessible grid
    cells = card.locator('td[role="gridcell"]')
    claimed = cells.filter(has_text=re.compile(r"^0\.861$"))  # the article's number ...
    exact = cells.filter(has_text=re.compile(r"^0\.8645$"))  # ... beside the exact one
    expect(claimed).to_be_attached()
    expect(exact.first).to_be_attached()
    assert claimed.get_attribute("id").split("-")[-1] == exact.first.get_attribute("id").split("-")[-1]  # same row
    card.locator(".st-key-articles__load_003_ndcg").get_by_role("button", name="Load into the builder").click()
    wait_for_app(page)
    expect(card.get_by_text("On the board now")).to_be_visible()
    screenshot(page, "articles-003-loaded")

    card.get_by_role("link", name="nDCG explained").click()
    wait_for_app(page)
    expect(page.get_by_role("heading", name="nDCG — normalised discounted cumulative gain")).to_be_visible()
    expect(metric_value(page, "nDCG so far (step 1)")).to_be_visible()  # a new example starts at step 1
    show_all_steps(page, wait_for_app)
    expect(metric_value(page, "nDCG(gain=exp)@5")).to_have_text("0.8645")
    expect(metric_value(page, "DCG@5")).to_have_text("39.4604")


def test_handout_and_presenter_view(app_page: Page, wait_for_app, screenshot):
    page = app_page
    open_from_sidebar(page, "The articles' examples", wait_for_app)
    page.get_by_role("tab", name="003").click()
    page.locator(".st-key-articles__load_003_ndcg").get_by_role("button").click()
    wait_for_app(page)

    open_from_sidebar(page, "Handout & presenter view", wait_for_app)
    expect(page.get_by_text("nDCG(gain=exp)@5 = 0.8645").first).to_be_visible()
    expect(page.get_by_role("button", name="LaTeX (.tex)")).to_be_visible()
    # the preview's LaTeX is drawn by KaTeX, and the step table is a real table
    expect(page.locator(".katex").first).to_be_visible()
    expect(page.get_by_role("cell", name="0.8645").first).to_be_visible()
    with page.expect_download() as download:
        page.get_by_role("button", name="Markdown (.md)").click()
    text = download.value.path().read_text(encoding="utf-8")
    assert "0.8645" in text and "| 5 | E | 1 |" in text
    screenshot(page, "handout")

    # on a phone (issue 32, item 6) the preview's tables fit the screen and one wider than its box scrolls inside it
    page.set_viewport_size(PHONE)
    drawn(page)
    tables = page.locator(".st-key-handout_preview table").evaluate_all(TABLES_ON_A_PHONE)
    assert tables and all(right <= PHONE["width"] and (fits or scrolls) for right, fits, scrolls in tables), tables
    screenshot(page, "handout_phone")
    page.set_viewport_size(VIEWPORT)
    drawn(page)

    page.locator(".st-key-handout__present button").filter(visible=True).click()
    wait_for_app(page)
    expect(page.get_by_role("heading", name="rank 1 · B")).to_be_visible()
    page.wait_for_function("() => window.__rankingMetricsLabClickerKeys")  # the keys' listener is there
    page.keyboard.press("ArrowRight")  # a clicker's keys (tests/e2e/test_presenter.py: all of them)
    wait_for_app(page)
    page.keyboard.press("ArrowRight")
    wait_for_app(page)
    expect(page.get_by_role("heading", name="rank 3 · D")).to_be_visible()
    expect(page.get_by_text("gain 2^2−1 = 3, discount log2(4) = 2")).to_be_visible()
    expect(metric_value(page, "nDCG@3")).to_have_text("0.8202")
    screenshot(page, "presenter")
