"""The app's pages as the browser tests list them (read from ui.shell.routes, which app.py's
st.navigation reads, so pages added there are covered without editing the tests), and a wait for a
page's charts and widgets to be drawn. Every page opening through the navigation bar, without an
exception box and with a title of its own, is walked by tests/e2e/test_lecture_screen.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

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
