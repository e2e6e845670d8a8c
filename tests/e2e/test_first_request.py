"""A link straight to any page, as a fresh server's very first request, runs through app.py.

Until some run calls ``st.navigation``, Streamlit treats an app with a ``pages/`` folder as a legacy
multipage app and would run the page file alone (ui/__init__.py sends such a run through app.py, with
public Streamlit calls only). A page of each navigation section gets a server of its own, so that its request is
the first one (a server start costs seconds; the guard runs the same way for every page, and
tests/ui/test_routes.py checks that every page script imports ui before it draws anything).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from playwright.sync_api import expect

from ui.shell.routes import SECTIONS

pytestmark = pytest.mark.e2e


def test_a_first_request_straight_to_each_page_runs_through_the_entry_script(fresh_server, browser, wait_for_app):
    names = [routes[-1].name for routes in SECTIONS.values()]  # the last page of each section (home is the app's root)
    with ThreadPoolExecutor(max_workers=len(names)) as pool:
        servers = dict(zip(names, pool.map(fresh_server, names)))
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


def test_first_requests_at_once_on_a_hosted_server_all_run_through_the_entry_script(fresh_server, browser,
                                                                                    wait_for_app):
    """Students opening a just-started server together: the first run of a fresh server takes seconds (its imports),
    and a second session whose first run started before the first one's reached ``st.navigation`` ran its page
    file alone (Streamlit's legacy multipage mode), e.g. /upload ending in an exception box. deploy/serve.py (what a
    class is hosted with) leaves that mode before any session."""
    base_url = fresh_server("at-once", script="deploy/serve.py")
    paths = ["upload", "ndcg", "roc", ""]
    contexts = [browser.new_context(viewport={"width": 1280, "height": 720}) for _ in paths]
    try:
        pages = [context.new_page() for context in contexts]
        for page, path in zip(pages, paths):  # all opened before any has run
            page.goto(f"{base_url}/{path}", wait_until="commit")
        for page, path in zip(pages, paths):
            wait_for_app(page)
            expect(page).to_have_title("Ranking Metrics Lab")
            expect(page.get_by_role("radio", name="中文")).to_have_count(1)
            expect(page.get_by_test_id("stSidebarNav")).to_have_count(0)
            expect(page.get_by_test_id("stException")).to_have_count(0)
            assert page.url.split("?")[0].rstrip("/") == f"{base_url}/{path}".rstrip("/"), (path, page.url)
    finally:
        for context in contexts:
            context.close()
