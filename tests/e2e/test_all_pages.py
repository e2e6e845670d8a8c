"""Every page that app.py routes opens in Chromium, through the sidebar, without an exception box
and with its title; a screenshot of each lands in artifacts/screenshots/page_<name>.png.

The page list is read from app.py's st.navigation (its st.Page(...) calls), so pages added there
are covered without editing this file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.navigation import nav_link
from ui.shell.routes import SECTIONS

pytestmark = pytest.mark.e2e

APP = Path(__file__).resolve().parents[2] / "app.py"



def app_pages() -> list[dict]:
    """The app's pages (ui.shell.routes, which app.py's navigation reads): script path, name, title, url path."""
    return [{"script": f"pages/{route.name}.py", "name": route.name, "title": route.title,
             "url_path": "" if route.name == "home" else route.name}
            for routes in SECTIONS.values() for route in routes]


PAGES = app_pages()


def settle(page: Page) -> None:
    """Wait until what the script sent is drawn: no loading skeletons (widgets whose code is still
    loading), every plotly chart drawn, every custom component (iframe) showing its content."""
    expect(page.get_by_test_id("stSkeleton")).to_have_count(0)
    charts = page.get_by_test_id("stPlotlyChart")
    for i in range(charts.count()):
        expect(charts.nth(i).locator(".main-svg").first).to_be_attached()
    frames = page.get_by_test_id("stMain").locator("iframe")
    for i in range(frames.count()):
        expect(frames.nth(i).content_frame.locator("#root > *").first).to_be_attached()
    page.wait_for_timeout(500)  # fonts, LaTeX and the last layout pass


def test_app_lists_pages():
    assert len(PAGES) >= 2
    assert sum(1 for p in PAGES if p["url_path"] == "") == 1  # one default page
    for p in PAGES:
        assert (APP.parent / p["script"]).is_file(), p["script"]


@pytest.mark.parametrize("info", PAGES, ids=[p["name"] for p in PAGES])
def test_page_opens(app_page: Page, app_url: str, wait_for_app, screenshot, info):
    page = app_page  # the default page, loaded: now move with the sidebar as a person would
    link = nav_link(page, url_path=info["url_path"])
    expect(link).to_have_count(1)
    expect(link).to_contain_text(info["title"])
    link.click()
    # the path names the page; the query holds the shared board (ui/data/share.py)
    expect(page).to_have_url(re.compile(rf"^{re.escape(app_url)}/{info['url_path']}(\?b=[\w.-]+)?$"))
    wait_for_app(page)  # fails on any exception box
    heading = page.get_by_test_id("stMain").get_by_role("heading", level=1).first
    expect(heading).to_be_visible()
    assert heading.inner_text().strip(), f"{info['script']}: empty title"
    expect(page.get_by_test_id("stException")).to_have_count(0)
    settle(page)
    path = screenshot(page, f"page_{info['name']}")
    assert path.stat().st_size > 10_000
