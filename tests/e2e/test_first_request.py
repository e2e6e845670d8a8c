"""A link straight to any page, as a fresh server's very first request, runs through app.py.

Until some run calls ``st.navigation``, Streamlit treats an app with a ``pages/`` folder as a legacy
multipage app and would run the page file alone (ui/__init__.py sends such a run through app.py, with
public Streamlit calls only). Every page gets a server of its own, so that its request is the first one.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from playwright.sync_api import expect

from ui.shell.routes import NAMES

pytestmark = pytest.mark.e2e


def test_a_first_request_straight_to_each_page_runs_through_the_entry_script(fresh_server, browser, wait_for_app):
    with ThreadPoolExecutor(max_workers=4) as pool:  # a few at a time: the machine may have two cores
        servers = dict(zip(NAMES, pool.map(fresh_server, NAMES)))
    for name, base_url in servers.items():
        path = "" if name == "home" else name
        context = browser.new_context(viewport={"width": 1280, "height": 720})
        try:
            page = context.new_page()
            page.goto(f"{base_url}/{path}")
            wait_for_app(page)
            # app.py ran: its page config (the tab's title), its top navigation and its language switch are there
            expect(page).to_have_title("Ranking Metrics Lab")
            expect(page.get_by_role("radio", name="中文")).to_have_count(1)
            expect(page.get_by_text("Explain one ranking", exact=True).first).to_be_visible()
            # ... and the requested page, not the legacy sidebar navigation nor a "Page not found" dialog
            assert page.url.split("?")[0].rstrip("/") == f"{base_url}/{path}".rstrip("/"), (name, page.url)
            expect(page.get_by_test_id("stSidebarNav")).to_have_count(0)
            expect(page.get_by_role("dialog")).to_have_count(0)
            expect(page.locator("h1").first).to_be_visible()
        finally:
            context.close()
