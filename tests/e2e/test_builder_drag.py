"""The ranking builder in a real browser (Chromium): drag and drop with the mouse, the keyboard
controls, the grade table, and item names that look like HTML. Every number shown is checked
against metrics.ndcg for the order on screen."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import FrameLocator, Page, expect

from metrics import ndcg
from metrics.explanation import COLUMN_LABELS
from ui.board import Board
from ui.presets import DEFAULT_PRESET, PRESETS

pytestmark = pytest.mark.e2e

SORTABLE = 'iframe[title="streamlit_sortables.sortable_items"]'
XSS = "<img src=x onerror=alert(1)>"


# --------------------------------------------------------------------------- helpers


def open_ndcg(page: Page, wait_for_app) -> None:
    """Go to the nDCG page through the sidebar (same session, as a person would)."""
    page.get_by_test_id("stSidebarNav").get_by_role("link", name="nDCG").click()
    expect(page.get_by_role("heading", level=1, name=re.compile("^nDCG"))).to_be_visible()
    wait_for_app(page)
    sortable(page)


def sortable(page: Page) -> FrameLocator:
    """The drag-and-drop list, once exactly one instance of it is on the page and it has drawn its items.

    Right after the board changes, the old and the new component can both exist for a moment."""
    expect(page.locator(SORTABLE)).to_have_count(1)
    frame = page.frame_locator(SORTABLE).last  # the newest, should another rerun remount it meanwhile
    expect(frame.locator(".sortable-container")).to_have_count(2)
    return frame


def container(frame: FrameLocator, which: int):
    return frame.locator(".sortable-container").nth(which).locator(".sortable-item")


def names(frame: FrameLocator, which: int) -> list[str]:
    """Item names in the ranking (0) or the pool (1). Labels are 'name · grade'."""
    return [text.rsplit("·", 1)[0].strip() for text in container(frame, which).all_inner_texts()]


def ndcg_metric(page: Page) -> tuple[int, str]:
    """(k, the value as shown) of the nDCG@k metric."""
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
    k, shown = ndcg_metric(page)
    expected = ndcg(board.rels(), k, board.gain, ideal=board.ideal_grades())
    assert shown == f"{expected:.4f}", (board.ranking, k)
    # the grid draws its new rows a moment after the run ends (it sits in a tab): wait for them
    for _ in range(50):
        rows = step_table(page)
        if [r["item"] for r in rows] == list(board.ranking[:k]):
            break
        page.wait_for_timeout(100)
    assert [r["item"] for r in rows] == list(board.ranking[:k])
    assert [float(r["rel"]) for r in rows] == board.rels()[:k]
    if rows:
        assert float(rows[-1]["nDCG"]) == pytest.approx(expected, abs=1e-9)
    return expected


def wait_for_metric_change(page: Page, before: str) -> None:
    metric = page.get_by_test_id("stMetric").filter(has=page.get_by_text(re.compile(r"^nDCG")))
    expect(metric.get_by_test_id("stMetricValue")).not_to_have_text(before)


def drag(page: Page, source, target, wait_for_app) -> None:
    """Drag with the mouse in small steps (dnd-kit starts a drag after a few pixels of movement)."""
    source.drag_to(target, steps=20)
    wait_for_app(page)


# --------------------------------------------------------------------------- tests


def test_drag_within_the_ranking(app_page: Page, wait_for_app, screenshot):
    page = app_page
    open_ndcg(page, wait_for_app)
    board = PRESETS[DEFAULT_PRESET]
    frame = sortable(page)
    assert names(frame, 0) == list(board.ranking)
    before = check_against_core(page, board)
    screenshot(page, "ndcg_before")

    # drag the 4th item onto the 1st: it becomes the top item
    _, shown_before = ndcg_metric(page)
    order = list(board.ranking)
    moved = order.pop(3)
    order.insert(0, moved)
    drag(page, container(frame, 0).nth(3), container(frame, 0).nth(0), wait_for_app)
    wait_for_metric_change(page, shown_before)
    wait_for_app(page)
    frame = sortable(page)
    assert names(frame, 0) == order
    after = check_against_core(page, board.with_ranking(order))
    assert after != pytest.approx(before)
    screenshot(page, "ndcg_after")

    # and downwards: the new top item goes to the bottom
    _, shown_before = ndcg_metric(page)
    order.append(order.pop(0))
    drag(page, container(frame, 0).nth(0), container(frame, 0).last, wait_for_app)
    frame = sortable(page)
    assert names(frame, 0) == order
    check_against_core(page, board.with_ranking(order))


def test_drag_to_the_pool_and_back(app_page: Page, wait_for_app):
    page = app_page
    open_ndcg(page, wait_for_app)
    board = PRESETS[DEFAULT_PRESET]
    frame = sortable(page)
    assert names(frame, 1) == board.pool == []

    # the top item (grade 3) goes to the pool
    top = board.ranking[0]
    _, shown_before = ndcg_metric(page)
    drag(page, container(frame, 0).nth(0), frame.locator(".sortable-container").nth(1), wait_for_app)
    wait_for_metric_change(page, shown_before)
    frame = sortable(page)
    ranking = [i for i in board.ranking if i != top]
    assert names(frame, 0) == ranking
    assert names(frame, 1) == [top]
    check_against_core(page, board.with_ranking(ranking))

    # and back, onto the second rank
    _, shown_before = ndcg_metric(page)
    drag(page, container(frame, 1).nth(0), container(frame, 0).nth(1), wait_for_app)
    wait_for_metric_change(page, shown_before)
    frame = sortable(page)
    ranking.insert(1, top)
    assert names(frame, 0) == ranking
    assert names(frame, 1) == []
    check_against_core(page, board.with_ranking(ranking))


def test_keyboard_controls(app_page: Page, wait_for_app):
    """The non-drag path: pick an item, then buttons."""
    page = app_page
    open_ndcg(page, wait_for_app)
    board = PRESETS[DEFAULT_PRESET]
    page.get_by_role("button", name="Keyboard controls").click()
    popover = page.get_by_test_id("stPopoverBody")
    expect(popover).to_be_visible()

    # pick the 3rd item and press Up twice: it reaches the top
    popover.get_by_test_id("stSelectbox").first.click()
    third = board.ranking[2]
    page.get_by_role("option", name=re.compile(rf"^3\. {re.escape(third)}\b")).click()
    wait_for_app(page)
    order = list(board.ranking)
    for _ in range(2):
        _, shown_before = ndcg_metric(page)
        popover.get_by_role("button", name="Up", exact=True).click()
        wait_for_app(page)
        position = order.index(third)
        order.insert(position - 1, order.pop(position))
        frame = sortable(page)  # a new list (new key) after a button: wait for exactly one
        assert names(frame, 0) == order
    check_against_core(page, board.with_ranking(order))
    assert order[0] == third

    # Unrank sends it to the pool; "Add to the end" brings it back last
    popover.get_by_role("button", name="Unrank").click()
    wait_for_app(page)
    order.remove(third)
    frame = sortable(page)
    assert names(frame, 0) == order and names(frame, 1) == [third]
    check_against_core(page, board.with_ranking(order))
    popover.get_by_role("button", name="Add to the end of the ranking").click()
    wait_for_app(page)
    order.append(third)
    frame = sortable(page)
    assert names(frame, 0) == order and names(frame, 1) == []
    check_against_core(page, board.with_ranking(order))


def test_buttons_ideal_order(app_page: Page, wait_for_app):
    page = app_page
    open_ndcg(page, wait_for_app)
    page.get_by_role("button", name="Worst order", exact=True).click()
    wait_for_app(page)
    board = PRESETS[DEFAULT_PRESET]
    assert names(sortable(page), 0) == list(board.worst_order().ranking)
    check_against_core(page, board.worst_order())
    page.get_by_role("button", name="Ideal order", exact=True).click()
    wait_for_app(page)
    assert names(sortable(page), 0) == list(board.ideal_order().ranking)
    assert ndcg_metric(page)[1] == "1.0000"
    page.get_by_role("button", name="Reset", exact=True).click()
    wait_for_app(page)
    assert names(sortable(page), 0) == list(board.ranking)
    check_against_core(page, board)


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
    page.get_by_role("button", name="Edit items and grades").click()
    editor = page.get_by_test_id("stPopoverBody").get_by_test_id("stDataFrame")
    expect(editor).to_be_visible()
    box = editor.bounding_box()
    page.mouse.dblclick(box["x"] + 60, box["y"] + 35 + 17)  # header row ~35 px, then row 1, column "Item"
    cell = page.get_by_test_id("portal").locator("textarea, input").first
    expect(cell).to_be_visible()
    cell.fill(XSS)
    cell.press("Enter")
    wait_for_app(page)

    renamed = board.renamed(board.ranking[0], XSS)
    frame = sortable(page)
    expect(container(frame, 0).first).to_contain_text(XSS)
    assert names(frame, 0) == list(renamed.ranking)
    check_against_core(page, renamed)  # the step table shows the name as written
    page.keyboard.press("Escape")  # close the popover
    wait_for_app(page)

    # the same after a drag (the label travels back from the browser)
    _, shown_before = ndcg_metric(page)
    drag(page, container(frame, 0).nth(0), container(frame, 0).nth(3), wait_for_app)
    wait_for_metric_change(page, shown_before)
    order = list(renamed.ranking)
    order.insert(3, order.pop(0))
    frame = sortable(page)
    assert names(frame, 0) == order
    check_against_core(page, renamed.with_ranking(order))
    screenshot(page, "ndcg_html_name")

    # nowhere an <img src=x>, in the page or in the component, and no alert
    page.wait_for_timeout(500)
    assert page.locator('img[src="x"]').count() == 0
    assert frame.locator("img").count() == 0
    assert page.get_by_text(XSS).count() + frame.get_by_text(XSS).count() >= 1
    assert dialogs == []
