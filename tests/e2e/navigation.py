"""Moving between pages in the browser as a person does: through the top navigation bar (its sections
open a menu of links), in the same session. Plain functions, used by the browser tests and the
benchmarks."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from ui.shell.routes import SECTIONS


def _listed_in(url_path: str | None) -> int | None:
    """The index of the navigation section that lists the page at ``url_path`` (ui.shell.routes, which app.py's
    navigation reads; home's path is ""), or None."""
    for index, routes in enumerate(SECTIONS.values()):
        if any(url_path == ("" if route.name == "home" else route.name) for route in routes):
            return index
    return None


def nav_link(page: Page, name: str | None = None, url_path: str | None = None) -> Locator:
    """Open the navigation section that holds the page's link (by its visible ``name`` or its
    ``url_path``) and return the link. Given a ``url_path``, the section the app's routes list it in is
    opened first (one menu opened instead of one after another); the others are looked in after it."""
    sections = page.get_by_test_id("stTopNavSection")
    expect(sections.first).to_be_visible()
    count, first = sections.count(), _listed_in(url_path)
    order = ([first] if first is not None and first < count else []) + [i for i in range(count) if i != first]
    for index in order:
        sections.nth(index).click()
        menu = page.get_by_test_id("stTopNavPopover")
        expect(menu).to_be_visible()
        links = menu.get_by_test_id("stTopNavDropdownLink")
        if url_path is not None:
            link = links.and_(page.locator(f'a[href$="/{url_path}"]'))
        else:
            link = links.filter(has_text=name)
        if link.count() == 1:
            return link
        page.keyboard.press("Escape")
        expect(menu).to_be_hidden()
    raise AssertionError(f"no navigation link {name or url_path!r}")


def go_to(page: Page, name: str | None = None, url_path: str | None = None) -> None:
    """Click the page's link in the navigation bar (the caller waits for the app)."""
    nav_link(page, name, url_path).click()


def language_switch(page: Page) -> Locator:
    """The English / 中文 switch in the header bar."""
    return page.locator(".st-key-language_switch")


def show_all_steps(page: Page, wait_for_app=None) -> None:
    """Click the page's "Show all" (every step of a paced page revealed: its final numbers), as a
    lecturer does at the end of a walk-through; nothing if every step is shown already."""
    button = page.locator('[class*="__step_all"] button')
    expect(button.first).to_be_attached()  # (a paced page: its step bar is drawn)
    if not button.first.is_enabled():
        return
    if page.get_by_test_id("stPopoverBody").count():  # an open popover covers the page: close it first
        page.keyboard.press("Escape")
        expect(page.get_by_test_id("stPopoverBody")).to_have_count(0)
        page.wait_for_timeout(150)  # its closing may rerun the page
        expect(page.get_by_test_id("stApp")).to_have_attribute("data-test-script-state", "notRunning")
    if button.first.is_enabled():
        button.first.click()
        expect(button.first).to_be_disabled()  # the run that shows every step has drawn its step bar
        expect(page.get_by_test_id("stApp")).to_have_attribute("data-test-script-state", "notRunning")
        expect(page.locator('[data-stale="true"]')).to_have_count(0)
        if wait_for_app is not None:
            wait_for_app(page)


def load_example(page: Page, title: str, wait_for_app) -> None:
    """Load an example from the builder's "Examples" popover (by its whole title), then close it."""
    page.locator(".st-key-builder_examples button").first.click()
    body = page.get_by_test_id("stPopoverBody")
    expect(body).to_be_visible()
    body.get_by_text(title, exact=True).click()
    wait_for_app(page)
    if body.count():
        page.keyboard.press("Escape")
        expect(page.get_by_test_id("stPopoverBody")).to_have_count(0)
    wait_for_app(page)
