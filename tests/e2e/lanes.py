"""Browser-test helpers for the ranking builder: the drag-and-drop lanes (ui/ranking/lanes.py) — find
items, read the order on screen, drag with the mouse in small steps — and its toolbar's popovers. Playwright's CSS locators reach into the
component's (open) shadow root."""

from __future__ import annotations

import time

from playwright.sync_api import Locator, Page, expect

BUILDER = ".st-key-builder"  #: the ranking builder's frame
LIST2 = "[class*='st-key-compare_list2_lanes_']"  #: the compare page's list 2


def lane_items(page: Page, lane: str = "ranking", scope: str = BUILDER) -> Locator:
    """The movable items of a lane ("ranking" or "pool")."""
    return page.locator(f"{scope} .lanes [data-lane='{lane}'] .item.movable")


def lane_names(page: Page, lane: str = "ranking", scope: str = BUILDER) -> list[str]:
    """Item names in a lane, top first, as the component holds them."""
    return lane_items(page, lane, scope).evaluate_all("nodes => nodes.map(node => node.dataset.name)")


def wait_for_lanes(page: Page, scope: str = BUILDER) -> Locator:
    """The lanes, once exactly one instance is drawn (a rebuilt one replaces the old)."""
    lanes = page.locator(f"{scope} .lanes")
    expect(lanes).to_have_count(1)
    expect(lanes.locator("[data-lane='ranking']")).to_have_count(1)
    return lanes


def wait_for_lane_names(page: Page, names: list[str], lane: str = "ranking", scope: str = BUILDER,
                        timeout_ms: float = 30_000) -> None:
    """Wait until exactly one instance of the lanes is drawn and ``lane`` shows ``names``, top first: on a busy machine
    an action's rerun may begin after :func:`wait_for_streamlit` took it to ask for none. The lanes are read as
    :func:`lane_names` reads them (Playwright's locators reach into the component's shadow root), every 50 ms until
    they show ``names`` or ``timeout_ms`` has passed; then the assertion names what the lane shows."""
    wait_for_lanes(page, scope)
    deadline = time.monotonic() + timeout_ms / 1000
    while lane_names(page, lane, scope) != list(names) and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert lane_names(page, lane, scope) == list(names), lane


def point(target: Locator, height_share: float = 0.5) -> tuple[float, float]:
    """A point of ``target``: its middle across, ``height_share`` of the way down."""
    box = target.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] * height_share


def drag(page: Page, source: Locator, to, steps: int = 20, during=None) -> None:
    """Press on ``source``, move to ``to`` (a point, or a function giving it) in ``steps`` small moves (calling
    ``during(step)`` after each), release. First the pointer rests on ``source`` (Playwright's hover waits until it
    is visible, stable for two frames and receives events: a lanes component still being redrawn on a busy machine
    would lose the drag); hovering may scroll the page, so a point given as a function is read after it."""
    source.hover()
    if callable(to):
        to = to()
    x, y = point(source)
    page.mouse.move(x, y)
    page.mouse.down()
    for step in range(1, steps + 1):
        page.mouse.move(x + (to[0] - x) * step / steps, y + (to[1] - y) * step / steps)
        if during:
            during(step)
    page.mouse.up()


def drag_before(page: Page, source: Locator, target: Locator) -> None:
    """Drop ``source`` on the upper half of ``target``: it lands just before it."""
    drag(page, source, lambda: point(target, 0.25))


def drag_after(page: Page, source: Locator, target: Locator) -> None:
    """Drop ``source`` on the lower half of ``target``: it lands just after it."""
    drag(page, source, lambda: point(target, 0.75))


#: the builder toolbar's popovers, left to right (icons; their tooltips say what they hold)
EXAMPLES, ORDER, EDIT, KEYS, SHARE = range(5)


def toolbar_popover(page: Page, which: int) -> Locator:
    """Open one of the builder toolbar's popovers (EXAMPLES, ORDER, EDIT, KEYS, SHARE); its body."""
    popover = page.locator(".st-key-builder_toolbar").get_by_test_id("stPopover").nth(which)
    popover.locator("[data-testid='stPopoverButton']:visible").click()
    body = page.get_by_test_id("stPopoverBody")
    expect(body).to_be_visible()
    return body


def reorder_list2(page: Page, button: str, wait_for_app) -> None:
    """The compare page: press ``button`` (its label) in list 2's Reorder popover, wait for the run, close the popover."""
    page.locator(".st-key-compare_list2_order [data-testid='stPopoverButton']:visible").click()
    body = page.get_by_test_id("stPopoverBody")
    expect(body).to_be_visible()
    body.get_by_role("button", name=button).click()
    wait_for_app(page)
    page.keyboard.press("Escape")
    expect(body).to_have_count(0)
