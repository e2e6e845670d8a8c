"""Streamlit's DOM as ui/shell/dom.py declares it: one browser session walks the states where the app's
stylesheets and scripts rely on Streamlit's selectors (ui.shell.dom.STATES) and fails, naming each selector that
no element matches, when a Streamlit release draws its elements differently."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from ui.shell import dom

pytestmark = pytest.mark.e2e

DESK = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}
SHOWN_MS = 30_000  #: how long a drawn page may take to show a selector's element (a chart's code loads late)


def missing(page: Page, state: str) -> list[str]:
    """What no element of ``page`` matches of the selectors seen in ``state``, after waiting for all of them."""
    declared = [selector for selector in dom.SELECTORS.values() if state in selector.where]
    try:
        page.wait_for_function("selectors => selectors.every(s => document.querySelector(s))",
                               arg=[selector.css for selector in declared], timeout=SHOWN_MS)
    except PlaywrightTimeoutError:
        pass  # named below
    return [f"Streamlit's DOM changed: `{selector.name}` ({selector.css}) not found on {dom.STATES[state]}"
            for selector in declared if not page.locator(selector.css).count()]


def test_every_declared_selector_matches_where_it_is_declared(new_session, app_url, wait_for_app):
    page = new_session("ndcg", viewport=DESK)
    problems, walked = [], []

    def check(state: str) -> None:
        walked.append(state)
        problems.extend(missing(page, state))

    def open_page(path: str) -> None:
        page.goto(f"{app_url}/{path}")
        wait_for_app(page)

    expect(page.locator(".st-key-lecture_stage")).to_be_visible()
    check("explainer")
    page.set_viewport_size(PHONE)  # the same page, narrow: the navigation moves to the sidebar
    check("phone")
    page.set_viewport_size(DESK)
    page.locator(".st-key-ndcg__present button").filter(visible=True).click()
    wait_for_app(page)
    expect(page.locator(".st-key-ndcg__presenter")).to_be_visible()
    check("presenter")
    open_page("")
    check("home")
    open_page("upload")
    page.locator(".st-key-upload__pasted textarea").fill("A 3\nB 0")  # a text box being typed into
    check("upload")
    open_page("rr")
    check("rr")

    assert sorted(walked) == sorted(dom.STATES), f"the walk ({walked}) and ui.shell.dom.STATES ({list(dom.STATES)}) differ"
    assert not problems, "\n".join(problems)
