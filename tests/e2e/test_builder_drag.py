"""The ranking builder in a real browser (Chromium): drag and drop with the mouse, the keyboard
controls, the grade table, and item names that look like HTML. Every number shown is checked
against metrics.ndcg for the order on screen."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from metrics import ndcg
from metrics.explanation import COLUMN_LABELS
from tests.e2e.lanes import (
    BUILDER,
    EDIT,
    KEYS,
    ORDER,
    drag_after,
    drag_before,
    lane_items,
    lane_names,
    point,
    toolbar_popover,
    wait_for_lane_names,
    wait_for_lanes,
)
from tests.e2e.lanes import drag as mouse_drag
from tests.e2e.navigation import go_to, show_all_steps
from ui.model.board import Board
from ui.model.presets import DEFAULT_PRESET, PRESETS

pytestmark = pytest.mark.e2e

XSS = "<img src=x onerror=alert(1)>"


# --------------------------------------------------------------------------- helpers


def open_ndcg(page: Page, wait_for_app) -> None:
    """Go to the nDCG page through the navigation bar (same session, as a person would)."""
    go_to(page, "nDCG")
    expect(page.get_by_role("heading", level=1, name=re.compile("^nDCG"))).to_be_visible()
    wait_for_app(page)
    wait_for_lanes(page)


def ndcg_metric(page: Page) -> tuple[int, str]:
    """(k, the value as shown) of the nDCG@k metric, every step shown (its final value)."""
    show_all_steps(page)
    for text in page.get_by_test_id("stMetric").all_inner_texts():
        label, _, value = text.strip().partition("\n")
        if label.startswith("nDCG"):
            return int(label.rsplit("@", 1)[1]), value.strip()
    raise AssertionError("no nDCG metric on the page")


def step_table(page: Page) -> list[dict[str, str]]:
    """The step table's rows (the first table on the page), read from the grid's accessible cells."""
    grid = page.get_by_test_id("stMain").get_by_test_id("stDataFrame").first
    column_of = {label: column for column, label in COLUMN_LABELS.items()}  # the grid shows human headers
    headers = [column_of.get(h.strip(), h.strip()) for h in grid.locator('[role="columnheader"]').all_inner_texts()]
    rows = []
    for row in grid.locator('[role="row"]').all():
        cells = [c.strip() for c in row.locator('[role="gridcell"]').all_inner_texts()]
        if cells:
            rows.append(dict(zip(headers, cells)))
    return rows


def check_against_core(page: Page, board: Board) -> float:
    """The nDCG shown and the step table equal metrics.ndcg for ``board`` (the order on screen)."""
    k, shown = ndcg_metric(page)  # (a new example starts at step 1: "Show all" first)
    expected = ndcg(board.rels(), k, board.gain, ideal=board.ideal_grades())
    assert shown == f"{expected:.4f}", (board.ranking, k)
    # the grid draws its new rows a moment after the run ends (it sits in a tab): wait for them
    for _ in range(50):
        rows = step_table(page)
        # (a grid read while it is redrawn may miss its headers: then it is read again)
        if [r.get("item") for r in rows] == list(board.ranking[:k]) and (
                not rows or float(rows[-1]["nDCG"]) == pytest.approx(expected, abs=1e-9)):
            break
        page.wait_for_timeout(100)
    assert [r["item"] for r in rows] == list(board.ranking[:k])
    assert [float(r["rel"]) for r in rows] == board.rels()[:k]
    if rows:
        assert float(rows[-1]["nDCG"]) == pytest.approx(expected, abs=1e-9)
    return expected


def shows_after_move(page: Page, board: Board, order: list[str], shown_before: str, wait_for_app) -> None:
    """After a drop: the nDCG changed, and the lanes and the numbers show ``board`` in ``order``."""
    wait_for_metric_change(page, shown_before)
    wait_for_app(page)
    assert lane_names(page) == order
    check_against_core(page, board.with_ranking(order))


def wait_for_metric_change(page: Page, before: str) -> None:
    metric = page.get_by_test_id("stMetric").filter(has=page.get_by_text(re.compile(r"^nDCG")))
    expect(metric.get_by_test_id("stMetricValue")).not_to_have_text(before)


# --------------------------------------------------------------------------- tests


def test_drag_within_the_ranking(app_page: Page, wait_for_app, screenshot):
    page = app_page
    open_ndcg(page, wait_for_app)
    board = PRESETS[DEFAULT_PRESET]
    assert lane_names(page) == list(board.ranking)
    before = check_against_core(page, board)
    screenshot(page, "ndcg_before")

    # drag the 4th item onto the upper half of the 1st: it becomes the top item
    _, shown_before = ndcg_metric(page)
    order = list(board.ranking)
    order.insert(0, order.pop(3))
    drag_before(page, lane_items(page).nth(3), lane_items(page).nth(0))
    wait_for_metric_change(page, shown_before)
    wait_for_app(page)
    assert lane_names(page) == order
    after = check_against_core(page, board.with_ranking(order))
    assert after != pytest.approx(before)
    screenshot(page, "ndcg_after")

    # and downwards: the new top item goes to the bottom (the lower half of the last item)
    _, shown_before = ndcg_metric(page)
    order.append(order.pop(0))
    drag_after(page, lane_items(page).nth(0), lane_items(page).last)
    shows_after_move(page, board, order, shown_before, wait_for_app)


def test_drag_to_the_pool_and_back(app_page: Page, wait_for_app):
    page = app_page
    open_ndcg(page, wait_for_app)
    board = PRESETS[DEFAULT_PRESET]
    assert lane_names(page, "pool") == board.pool == []

    # the top item (grade 3) goes to the empty pool
    top = board.ranking[0]
    _, shown_before = ndcg_metric(page)
    mouse_drag(page, lane_items(page).nth(0), point(page.locator(f"{BUILDER} [data-lane='pool']")))
    wait_for_metric_change(page, shown_before)
    wait_for_app(page)
    ranking = [i for i in board.ranking if i != top]
    assert lane_names(page) == ranking
    assert lane_names(page, "pool") == [top]
    check_against_core(page, board.with_ranking(ranking))

    # and back, onto the second rank
    _, shown_before = ndcg_metric(page)
    drag_before(page, lane_items(page, "pool").nth(0), lane_items(page).nth(1))
    wait_for_metric_change(page, shown_before)
    wait_for_app(page)
    ranking.insert(1, top)
    assert lane_names(page) == ranking
    assert lane_names(page, "pool") == []
    check_against_core(page, board.with_ranking(ranking))


def test_keyboard_drag(app_page: Page, wait_for_app):
    """The lanes' own keyboard moves: Space picks up, arrows move, Space drops."""
    page = app_page
    open_ndcg(page, wait_for_app)
    board = PRESETS[DEFAULT_PRESET]
    _, shown_before = ndcg_metric(page)
    lane_items(page).nth(2).focus()
    page.keyboard.press("Space")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Space")
    order = list(board.ranking)
    order.insert(0, order.pop(2))
    shows_after_move(page, board, order, shown_before, wait_for_app)
    # ArrowRight: to the pool
    lane_items(page).nth(0).focus()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    wait_for_app(page)
    expect(lane_items(page, "pool")).to_have_count(1)
    check_against_core(page, board.with_ranking(order[1:]))


#: JavaScript: how many lines a button's label takes (its text's line boxes)
LABEL_LINES = """(button) => { const range = document.createRange(); range.selectNodeContents(button.querySelector('p') || button);
  return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size; }"""


def test_keyboard_controls(app_page: Page, wait_for_app):
    """The non-drag path: pick an item, then buttons; on a 1280×720 projector each button's label on one line
    (issue 32: "Unrank" wrapped as "Unran/k")."""
    page = app_page
    page.set_viewport_size({"width": 1280, "height": 720})
    open_ndcg(page, wait_for_app)
    show_all_steps(page, wait_for_app)  # the final numbers, before the popover covers the step bar
    board = PRESETS[DEFAULT_PRESET]
    popover = toolbar_popover(page, KEYS)

    # pick the 3rd item and press Up twice: it reaches the top
    popover.get_by_test_id("stSelectbox").first.click()
    third = board.ranking[2]
    page.get_by_role("option", name=re.compile(rf"^3\. {re.escape(third)}\b")).click()
    wait_for_app(page)
    order = list(board.ranking)
    for _ in range(2):
        popover.get_by_role("button", name="Up", exact=True).click()
        wait_for_app(page)
        position = order.index(third)
        order.insert(position - 1, order.pop(position))
        wait_for_lane_names(page, order)  # new lanes (new key) after a button: exactly one, in the new order
    check_against_core(page, board.with_ranking(order))
    assert order[0] == third

    for name in ("Up", "Down", "Top", "Unrank"):
        button = popover.get_by_role("button", name=name, exact=True)
        assert button.evaluate(LABEL_LINES) == 1, f"{name!r} wraps at 1280 px"
    # Unrank sends it to the pool; "Add to the end" brings it back last
    popover.get_by_role("button", name="Unrank").click()
    wait_for_app(page)
    order.remove(third)
    wait_for_lane_names(page, order)
    wait_for_lane_names(page, [third], "pool")
    check_against_core(page, board.with_ranking(order))
    popover.get_by_role("button", name="Add to the end of the ranking").click()
    wait_for_app(page)
    order.append(third)
    wait_for_lane_names(page, order)
    wait_for_lane_names(page, [], "pool")
    check_against_core(page, board.with_ranking(order))


def test_buttons_ideal_order(app_page: Page, wait_for_app):
    page = app_page
    open_ndcg(page, wait_for_app)
    board = PRESETS[DEFAULT_PRESET]
    for name, expected in (("Worst order", board.worst_order()), ("Ideal order", board.ideal_order()),
                           ("Reset", board)):
        toolbar_popover(page, ORDER).get_by_role("button", name=name, exact=True).click()
        wait_for_app(page)
        wait_for_lane_names(page, list(expected.ranking))
        check_against_core(page, expected)
        page.keyboard.press("Escape")  # close the popover
    toolbar_popover(page, ORDER).get_by_role("button", name="Ideal order").click()
    wait_for_app(page)
    assert ndcg_metric(page)[1] == "1.0000"


def test_html_item_name_is_text(app_page: Page, wait_for_app, screenshot):
    page = app_page
    dialogs: list[str] = []

    def on_dialog(dialog):
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    open_ndcg(page, wait_for_app)
    board = PRESETS[DEFAULT_PRESET]

    # rename the top item in the grade table (a canvas: double-click the cell, type in the overlay)
    editor = toolbar_popover(page, EDIT).get_by_test_id("stDataFrame")
    expect(editor).to_be_visible()
    box = editor.bounding_box()
    page.mouse.dblclick(box["x"] + 60, box["y"] + 35 + 17)  # header row ~35 px, then row 1, column "Item"
    cell = page.get_by_test_id("portal").locator("textarea, input").first
    expect(cell).to_be_visible()
    cell.fill(XSS)
    cell.press("Enter")
    wait_for_app(page)

    renamed = board.renamed(board.ranking[0], XSS)
    wait_for_lanes(page)
    expect(lane_items(page).first.locator(".name")).to_have_text(XSS)
    assert lane_names(page) == list(renamed.ranking)
    check_against_core(page, renamed)  # the step table shows the name as written
    page.keyboard.press("Escape")  # close the popover
    wait_for_app(page)

    # the same after a drag (the name travels back from the browser)
    _, shown_before = ndcg_metric(page)
    drag_after(page, lane_items(page).nth(0), lane_items(page).nth(3))
    order = list(renamed.ranking)
    order.insert(3, order.pop(0))
    shows_after_move(page, renamed, order, shown_before, wait_for_app)
    screenshot(page, "ndcg_html_name")

    # nowhere an <img src=x>, in the page or in the component, and no alert
    page.wait_for_timeout(500)
    assert page.locator('img[src="x"]').count() == 0
    assert page.locator(f"{BUILDER} .lanes img").count() == 0
    assert page.get_by_text(XSS).count() >= 1
    assert dialogs == []
