"""The drag-and-drop lanes (ui/ranking/lanes.py) in Chromium, in the builder's place on a lecture screen:
a left column 36 % wide at 1280×720 (tests/e2e/lanes_app.py). Mouse and keyboard moves, where a
drop lands, that the dragged item is never clipped, colours and legend, unjudged items, the current
step, the ideal lane, item names that look like HTML; screenshots in English and 中文."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.lanes import BUILDER, drag, drag_after, lane_items, lane_names, point, wait_for_lanes
from ui.data.share import encode_board
from ui.model.board import Board

pytestmark = pytest.mark.e2e

LECTURE = {"width": 1280, "height": 720}
XSS = "<img src=x onerror=alert(1)>"
TEN = Board.from_ranking([3, 0, 2, 1, 3, 0, 0, 2, 1, 0], k=10)
WITH_POOL = Board(grades={"a": 3, "b": 2, "c": 0, "p": 1, "q": 3}, ranking=("a", "b", "c"))


def open_board(page: Page, url: str, board: Board, wait_for_app, language: str | None = None) -> None:
    page.set_viewport_size(LECTURE)
    page.goto(f"{url}/?b={encode_board(board)}" + (f"&lang={language}" if language else ""))
    wait_for_app(page)
    wait_for_lanes(page)


def server_order(page: Page) -> dict[str, list[str]]:
    """The board's ranking and pool as the server has them (the harness prints them)."""
    return json.loads(page.get_by_test_id("stCode").inner_text())


def wait_for_order(page: Page, ranking: list[str], wait_for_app) -> None:
    """Wait until the server has the ranking (the drop went through), then until the app is idle."""
    expect(page.get_by_test_id("stCode")).to_contain_text(json.dumps({"ranking": ranking}, ensure_ascii=False)[1:-1])
    wait_for_app(page)
    assert server_order(page)["ranking"] == ranking
    assert lane_names(page) == ranking


def test_drop_on_the_lower_half_of_the_last_item_puts_it_last(page: Page, lanes_url, wait_for_app):
    open_board(page, lanes_url, WITH_POOL, wait_for_app)
    assert lane_names(page) == ["a", "b", "c"] and lane_names(page, "pool") == ["p", "q"]
    drag_after(page, lane_items(page, "pool").nth(0), lane_items(page).last)
    wait_for_order(page, ["a", "b", "c", "p"], wait_for_app)
    assert lane_names(page, "pool") == ["q"]
    # below the last item, in the lane's empty end: last again
    box = lane_items(page).last.bounding_box()
    drag(page, lane_items(page, "pool").nth(0), (box["x"] + 40, box["y"] + box["height"] + 3))
    wait_for_order(page, ["a", "b", "c", "p", "q"], wait_for_app)
    # into the empty pool, and on the upper half of the first item: first
    drag(page, lane_items(page).nth(0), point(page.locator(f"{BUILDER} [data-lane='pool']")))
    wait_for_order(page, ["b", "c", "p", "q"], wait_for_app)
    assert lane_names(page, "pool") == ["a"]
    drag(page, lane_items(page, "pool").nth(0), point(lane_items(page).nth(0), 0.2))
    wait_for_order(page, ["a", "b", "c", "p", "q"], wait_for_app)


def test_long_drag_is_never_clipped(page: Page, lanes_url, wait_for_app, screenshot):
    """The first of 10 items to the end, at 1280×720: the dragged copy stays whole on screen."""
    open_board(page, lanes_url, TEN, wait_for_app)
    items = lane_items(page)
    expect(items).to_have_count(10)
    lanes = page.locator(f"{BUILDER} .lanes")
    assert lanes.evaluate("node => node.scrollHeight <= node.clientHeight + 1")  # no scrolling frame
    height = items.first.bounding_box()["height"]
    boxes = []

    def check(step):
        floating = page.locator(f"{BUILDER} .item.floating")
        if step > 2:  # past the 6 px threshold
            expect(floating).to_have_count(1)
            box = floating.bounding_box()
            boxes.append(box)
            assert box["y"] >= 0 and box["y"] + box["height"] <= LECTURE["height"], box
            assert box["x"] >= 0 and box["x"] + box["width"] <= LECTURE["width"], box
            assert box["height"] == pytest.approx(height, abs=1)
            # nothing clips it: the middle of each edge is the floating copy, not what lies under it
            visible = floating.evaluate("""node => {
                const r = node.getBoundingClientRect();
                const root = node.getRootNode();
                node.style.pointerEvents = 'auto';
                const points = [[r.left + 2, r.top + r.height / 2], [r.right - 2, r.top + r.height / 2],
                                [r.left + r.width / 2, r.top + 2], [r.left + r.width / 2, r.bottom - 2]];
                const hits = points.map(([x, y]) => { const hit = root.elementFromPoint(x, y);
                                                     return hit === node || node.contains(hit); });
                node.style.pointerEvents = '';
                return hits.every(Boolean);
            }""")
            assert visible, box
        if step == 10:
            screenshot(page, "lanes_dragging_1280x720")

    last = items.last.bounding_box()
    drag(page, items.first, (last["x"] + last["width"] / 2, last["y"] + last["height"] + 4), steps=20, during=check)
    assert boxes and boxes[-1]["y"] > last["y"]  # it followed the pointer all the way
    expected = list(TEN.ranking[1:]) + [TEN.ranking[0]]
    wait_for_order(page, expected, wait_for_app)


def test_a_run_that_arrives_while_an_item_is_pressed_does_not_lose_the_drag(page: Page, lanes_url, wait_for_app):
    """New data for the lanes while the button is down on an item that has not moved yet (the run of the
    previous drop arriving as the next item is picked up): the drag still moves that item, and the new data is
    drawn after the release, also when the press was a click."""
    open_board(page, lanes_url, WITH_POOL, wait_for_app)
    step = page.get_by_label("step")
    first = lane_items(page).nth(0)
    first.hover()
    page.mouse.move(*point(first))
    page.mouse.down()
    step.fill("2")
    step.press("Enter")
    wait_for_app(page)  # the run drew the lanes with step 2 while the button is down
    to = point(lane_items(page).nth(1), 0.75)
    x, y = point(first)
    for move in range(1, 11):
        page.mouse.move(x + (to[0] - x) * move / 10, y + (to[1] - y) * move / 10)
    page.mouse.up()
    wait_for_order(page, ["b", "a", "c"], wait_for_app)
    expect(lane_items(page).nth(1)).to_have_class(re.compile(r"\bcurrent\b"))
    # a click: the data of the run during it is drawn on the release
    lane_items(page).nth(0).hover()
    page.mouse.down()
    step.fill("3")
    step.press("Enter")
    wait_for_app(page)
    page.mouse.up()
    expect(lane_items(page).nth(2)).to_have_class(re.compile(r"\bcurrent\b"))
    assert lane_names(page) == ["b", "a", "c"] and server_order(page)["ranking"] == ["b", "a", "c"]


def test_keyboard_moves(page: Page, lanes_url, wait_for_app):
    open_board(page, lanes_url, WITH_POOL, wait_for_app)
    page.evaluate("""() => { window.__prevented = [];
        document.addEventListener('keydown', e => window.__prevented.push([e.key, e.defaultPrevented])); }""")
    first = lane_items(page).nth(0)
    first.focus()
    page.keyboard.press("ArrowDown")  # nothing picked: the key is the page's
    assert page.evaluate("window.__prevented") == [["ArrowDown", False]]
    page.keyboard.press("Space")
    expect(page.locator(f"{BUILDER} .item.picked")).to_have_count(1)
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    assert lane_names(page) == ["b", "c", "a"]  # moved on screen, not sent yet
    page.keyboard.press("Space")
    wait_for_order(page, ["b", "c", "a"], wait_for_app)
    expect(page.locator(f"{BUILDER} [aria-live]")).to_have_text("a: rank 1 → 3")
    assert all(prevented for key, prevented in page.evaluate("window.__prevented")[1:]), "keys handled are the lanes'"
    # to the pool and back with ArrowRight / P; Escape puts it back where it was
    item = lane_items(page).nth(0)
    item.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    assert lane_names(page, "pool")[0] == "b"
    page.keyboard.press("Escape")
    assert lane_names(page) == ["b", "c", "a"]
    lane_items(page, "pool").nth(1).focus()  # q
    page.keyboard.press("Space")
    page.keyboard.press("p")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    wait_for_order(page, ["b", "c", "q", "a"], wait_for_app)
    expect(page.locator(f"{BUILDER} [aria-live]")).to_have_text("q: rank pool → 3")
    expect(lane_items(page).nth(2)).to_be_focused()  # focus stays on the moved item after the rerun


def test_colours_legend_and_unjudged(page: Page, lanes_url, wait_for_app, screenshot):
    board = Board(grades={"d1": 3, "d2": None, "d3": 2, "d4": 0, "d5": 1, "d6": 3}, ranking=("d1", "d2", "d3", "d4", "d5"))
    open_board(page, lanes_url, board, wait_for_app)
    colours = {name: lane_items(page).nth(i).evaluate("n => getComputedStyle(n).backgroundColor")
               for i, name in enumerate(board.ranking)}
    assert len(set(colours.values())) == 5  # grades 3, unjudged, 2, 0, 1: five colours
    unjudged = lane_items(page).nth(1)
    expect(unjudged).to_have_text(re.compile(r"^d2\s*unjudged$"))
    assert unjudged.evaluate("n => getComputedStyle(n).borderTopStyle") == "dashed"
    expect(page.locator(f"{BUILDER} .lanes")).not_to_contain_text("None")
    legend = page.locator(f"{BUILDER} .legend .swatch")
    expect(legend).to_have_text(["0", "1", "2", "3", "unjudged"])
    expect(page.locator(f"{BUILDER} .legend")).to_be_visible()
    # the same grade, the same colour, in the legend and on the items
    swatch = legend.nth(3).evaluate("n => getComputedStyle(n).backgroundColor")
    assert swatch == colours["d1"]
    screenshot(page, "lanes_colours_en")


def test_step_highlight_and_ideal_lane(page: Page, lanes_url, wait_for_app, screenshot):
    board = Board(grades={"d1": 0, "d2": 3, "d3": 1, "d4": 2, "d5": 0, "d6": 1}, ranking=("d1", "d2", "d3", "d4", "d5", "d6"))
    open_board(page, lanes_url, board, wait_for_app)
    expect(page.locator(f"{BUILDER} .current")).to_have_count(0)
    step = page.get_by_label("step")
    for rank in (2, 4):
        step.fill(str(rank))
        step.press("Enter")
        wait_for_app(page)
        expect(lane_items(page).nth(rank - 1)).to_have_class(re.compile(r"\bcurrent\b"))
        expect(page.locator(f"{BUILDER} [data-lane='ranking'] .current")).to_have_count(1)
        for later in range(rank, 6):
            expect(lane_items(page).nth(later)).to_have_class(re.compile(r"\blater\b"))
            assert float(lane_items(page).nth(later).evaluate("n => getComputedStyle(n).opacity")) == pytest.approx(0.45)
        for earlier in range(rank - 1):
            expect(lane_items(page).nth(earlier)).not_to_have_class(re.compile(r"\blater\b"))
    # the ideal lane beside the ranking, row by row
    page.get_by_text("ideal lane").click()
    wait_for_app(page)
    ideal = page.locator(f"{BUILDER} .lane.ideal .item")
    expect(ideal).to_have_count(6)
    assert ideal.evaluate_all("nodes => nodes.map(n => n.querySelector('.name').textContent)") == [
        "d2", "d4", "d3", "d6", "d1", "d5"]
    for row in range(6):
        assert ideal.nth(row).bounding_box()["y"] == pytest.approx(lane_items(page).nth(row).bounding_box()["y"], abs=1)
    expect(ideal.nth(3)).to_have_class(re.compile(r"\bcurrent\b"))
    expect(page.locator(f"{BUILDER} .gutter .num")).to_have_text(["1", "2", "3", "4", "5", "6"])
    lanes = page.locator(f"{BUILDER} .lanes").bounding_box()
    assert lanes["height"] <= 330 and lanes["width"] <= 430, lanes  # 6 ranked, empty pool, legend
    screenshot(page, "lanes_step_ideal_en")


def test_html_item_name_is_text(page: Page, lanes_url, wait_for_app):
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    board = Board(grades={XSS: 3, "b": 1, "<b>bold</b>": 0}, ranking=(XSS, "b"))
    open_board(page, lanes_url, board, wait_for_app)
    expect(lane_items(page).nth(0).locator(".name")).to_have_text(XSS)
    expect(lane_items(page, "pool").nth(0).locator(".name")).to_have_text("<b>bold</b>")
    drag_after(page, lane_items(page).nth(0), lane_items(page).nth(1))
    wait_for_order(page, ["b", XSS], wait_for_app)
    page.wait_for_timeout(300)
    assert page.locator(f"{BUILDER} .lanes img, {BUILDER} .lanes b").count() == 0
    assert page.locator("img[src='x']").count() == 0
    assert dialogs == []


@pytest.mark.parametrize("language", ["en", "zh"])
def test_builder_on_a_lecture_screen(page: Page, lanes_url, wait_for_app, screenshot, language):
    """At 1280×720 the builder fits its column: the toolbar in one row, the lanes without scrolling."""
    board = Board(grades={"d1": 3, "d2": 2, "d3": None, "d4": 0, "d5": 1, "d6": 2, "d7": 1},
                  ranking=("d1", "d2", "d3", "d4", "d5", "d6"), title="")
    open_board(page, lanes_url, board, wait_for_app, language=None if language == "en" else language)
    page.get_by_label("step").fill("3")
    page.get_by_label("step").press("Enter")
    wait_for_app(page)
    toolbar = page.locator(".st-key-builder_toolbar > *")
    tops = {round(box["y"]) for box in (node.bounding_box() for node in toolbar.all()) if box}
    assert len(tops) == 1, tops  # one row
    frame = page.locator(BUILDER).bounding_box()
    assert frame["y"] + frame["height"] <= LECTURE["height"], frame  # all of it on the first screen
    if language == "zh":
        expect(lane_items(page).nth(2)).to_contain_text("未标注")
        expect(page.locator(f"{BUILDER} .lanes")).to_contain_text("排序（靠前的在上）")
    screenshot(page, f"builder_1280x720_{language}")
