"""One projector screen at every step (issue 18), read off the page's boxes in Chromium.

A lecturer walks nDCG, AP, RR and P/R/F1 at 1280×720 with a presentation clicker (→ and End), on boards
of 5, 7 and 12 items, in English and 中文, then drags an item, goes back to the first steps and changes K.
At every one of those moments the ranking, the headline numbers, the step bar, the worked formula, the
current row of the step table (``aria-current="step"``, the step's own rank) and the K control lie inside
the viewport, and the lanes outline the same rank (the reader page's lanes mark its expected depth ED once every
step is shown, never before). One browser session per (page, board, language), its
steps walked inside it. Screenshots land in artifacts/screenshots/steps_<page>_<n>_<language>_<moment>.png (every step of
the 7-item boards; the first, a middle and the last step, after the drag and after K for the others).

The drag and the new K are tried on the 7- and 12-item boards. On a student's phone (390×844) the numbers come first: headline, step bar and current row on the first
screen. A− / A+ change the formula's and the step table's text size.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.lanes import drag_before, lane_items, wait_for_lanes
from tests.e2e.test_lecture_screen import LOCALES, PROJECTOR
from ui.data.share import encode_board
from ui.model.board import Board

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
GRADES = (3, 2, 0, 1, 0, 2, 1, 0, 3, 0, 1, 2, 0, 1, 0, 0, 2, 1, 0, 1)  #: grades of d1, d2, ... (12 use the first 12)
SIZES = (5, 7, 12)
PAGES = ("ndcg", "ap", "rr", "cutoff", "reader")

STAGE = ".st-key-lecture_stage"
RANKING = ".st-key-builder .lane[data-lane='ranking']"
HEADLINE = f"{STAGE} [data-testid='stMetric']"
FORMULA = ".st-key-lecture_formula"
CURRENT_ROW = ".st-key-lecture_table [aria-current='step']"
K_SLIDER = ".st-key-lecture_controls [data-testid='stSlider']"
K_INPUT = f"{K_SLIDER} input[type='range']"
STEP_BAR = f"{STAGE} [class*='__step_bar']"  # the page's own (the AP and RR pages have a second one, MAP's / MRR's)
#: "Step i of n" in each language
STEP_TEXT = {"en": re.compile(r"Step (\d+) of (\d+)"), "zh": re.compile(r"第 (\d+) 步，共 (\d+) 步")}


def board_link(name: str, items: int, language: str) -> str:
    """A share link of a board of ``items`` items d1 … dn, ranked in that order, K = n."""
    grades = {f"d{i}": GRADES[i - 1] for i in range(1, items + 1)}
    return f"{name}?b={encode_board(Board(grades=grades, ranking=tuple(grades), k=items))}&lang={language}"


def open_board(new_session, name: str, items: int, language: str, viewport: dict) -> Page:
    page = new_session(board_link(name, items, language), viewport, LOCALES[language])
    expect(page.locator(STEP_BAR)).to_be_visible()
    wait_for_lanes(page)
    page.evaluate("document.fonts.ready")
    return page


def step_of(page: Page, language: str) -> tuple[int, int]:
    """The step and the number of steps the step bar shows."""
    found = STEP_TEXT[language].search(page.locator(STEP_BAR).inner_text())
    assert found, page.locator(STEP_BAR).inner_text()
    return int(found.group(1)), int(found.group(2))


#: JavaScript: the boxes of what must be on screen, in one call (the lanes live in a shadow root), and the
#: lanes' outlined item with its place in the ranking; ``scope``: the lanes' frame (the builder's unless given)
BOXES = """
([selectors, ranking, current, scope = '.st-key-builder']) => {
  const box = (node) => { const r = node.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const found = {};
  for (const [name, selector] of Object.entries(selectors))
    document.querySelectorAll(selector).forEach((node, i) => { found[i ? `${name} ${i + 1}` : name] = box(node); });
  const lanes = [...document.querySelectorAll(`${scope} *`)].find((node) => node.shadowRoot)?.shadowRoot
    || document.querySelector(scope);
  const lane = lanes.querySelector(ranking);
  if (lane) found.ranking = box(lane);
  const outlined = lanes.querySelector(current);
  const names = lane ? [...lane.querySelectorAll('.item.movable')].map((node) => node.dataset.name) : [];
  if (outlined) found['outlined item'] = box(outlined);
  return {found, names, outlined: outlined ? outlined.dataset.name : null};
}
"""


def assert_one_screen(page: Page, language: str, step: int, total: int, k_control: bool = True) -> None:
    """Ranking, every headline number, step bar, formula, current row and K inside the viewport; the current
    row is the step's rank, and the lanes outline that rank (none once every step is shown)."""
    viewport = page.viewport_size
    expect(page.locator(CURRENT_ROW)).to_have_count(1)
    expect(page.locator(CURRENT_ROW).locator("td").first).to_have_text(str(step))
    selectors = {"step bar": STEP_BAR, "formula": FORMULA, "current row": CURRENT_ROW, "headline": HEADLINE}
    if k_control:
        selectors["K"] = K_SLIDER
    seen = page.evaluate(BOXES, [selectors, ".lane[data-lane='ranking']", ".lane[data-lane='ranking'] .item.current"])
    boxes = seen["found"]
    missing = {"ranking", *selectors} - set(boxes)
    assert not missing, f"step {step} of {total}: not on the page: {missing}"
    outside = {what: [round(v) for v in box] for what, box in boxes.items()
               if box[0] < 0 or box[1] < 0 or box[2] > viewport["width"] + 1 or box[3] > viewport["height"] + 1}
    assert not outside, f"step {step} of {total} at {viewport}: outside the screen: {outside}"
    assert seen["outlined"] == (seen["names"][step - 1] if step < total else None), (step, total, seen)


MARKER = ".st-key-builder .lanes .marker"  #: the reader page's expected depth ED across the builder's ranking


def assert_depth_marker(page: Page, shown: bool) -> None:
    """The reader page's expected depth on the builder's ranking: no line while steps remain (no spoiler); once every
    step is shown one line, labelled "ED = x" (its number the same in every language), across the ranking lane
    x's share of the way between the middles of ranks ⌊x⌋ and ⌊x⌋ + 1, its label inside the lane and the screen."""
    marker = page.locator(MARKER)
    if not shown:
        expect(marker).to_have_count(0)
        return
    expect(marker).to_have_count(1)
    label = marker.locator(".marker-label")
    expect(label).to_contain_text("ED = ")
    depth = float(re.search(r"=\s*(\d+(?:\.\d+)?)", label.inner_text()).group(1))
    middles = [box["y"] + box["height"] / 2 for box in (item.bounding_box() for item in lane_items(page).all())]
    whole = int(depth)
    expected = middles[-1] if whole >= len(middles) else middles[whole - 1] + (depth - whole) * (
        middles[whole] - middles[whole - 1])
    line, lane = marker.locator(".marker-line").bounding_box(), page.locator(RANKING).bounding_box()
    assert abs(line["y"] + line["height"] / 2 - expected) <= 2, (depth, line, middles)
    box, viewport = label.bounding_box(), page.viewport_size
    assert lane["x"] <= box["x"] and box["x"] + box["width"] <= lane["x"] + lane["width"], (box, lane)
    assert 0 <= box["y"] and box["y"] + box["height"] <= viewport["height"], (box, viewport)


def go(page: Page, wait_for_app, language: str, key: str, step: int, total: int) -> None:
    """Press a clicker key and wait for the page at ``step``."""
    page.keyboard.press(key)
    expect(page.locator(STEP_BAR)).to_contain_text(
        f"Step {step} of {total}" if language == "en" else f"第 {step} 步，共 {total} 步")
    wait_for_app(page, changed=True)


@pytest.mark.parametrize("language", list(LOCALES))
@pytest.mark.parametrize("items", SIZES)
@pytest.mark.parametrize("name", PAGES)
def test_every_step_fits_one_projector_screen(new_session, wait_for_app, screenshot, name, items, language):
    page = open_board(new_session, name, items, language, PROJECTOR)
    if name == "rr":  # RR has a cut-off only when asked: ask, so that K is on screen as on the other pages
        page.locator(".st-key-lecture_controls [data-testid='stCheckbox']").click()
        wait_for_app(page)
        expect(page.locator(K_SLIDER)).to_be_visible()
        page.evaluate("document.activeElement.blur()")  # the switch keeps the arrow keys while it has the focus
    page.wait_for_function("() => window.__rankingMetricsLabClickerKeys !== undefined")
    shot = f"steps_{name}_{items}_{language}"
    step, total = step_of(page, language)
    assert (step, total) == (1, items)
    assert_one_screen(page, language, 1, total)
    reader = name == "reader"  # (its expected depth on the ranking only once every step is shown)
    if reader:
        assert_depth_marker(page, shown=False)
    screenshot(page, f"{shot}_step1")
    for step in range(2, total):
        go(page, wait_for_app, language, "ArrowRight", step, total)
        assert_one_screen(page, language, step, total)
        if reader:
            assert_depth_marker(page, shown=False)
        if items == 7 or step == total // 2:
            screenshot(page, f"{shot}_step{step}")
    go(page, wait_for_app, language, "End", total, total)
    assert_one_screen(page, language, total, total)
    if reader:
        assert_depth_marker(page, shown=True)
    screenshot(page, f"{shot}_all")

    if items < 7:
        return  # (a drag and a new K on the longer boards, where the screen is fullest)

    # a drag: the last item to the top; every step is still shown, the change is told in one line
    items_now = lane_items(page)
    drag_before(page, items_now.last, items_now.first)
    expect(lane_items(page).first).to_have_attribute("data-name", f"d{items}")
    expect(page.locator(".st-key-lecture_change")).to_contain_text(f"d{items}")
    wait_for_app(page)
    assert_one_screen(page, language, total, total)
    if reader:
        assert_depth_marker(page, shown=True)  # (the new ranking's ED)
    screenshot(page, f"{shot}_dragged")

    # K one lower (the slider's own arrow key): every step of the shorter table is shown
    page.locator(K_INPUT).first.focus()  # (the first slider of the toolbar: K; the reader page has p after it)
    page.keyboard.press("ArrowLeft")
    expect(page.locator(K_INPUT).first).to_have_value(str(total - 1))
    shorter = total - 1  # the rerun the slider starts may begin after wait_for_app's first look: wait for its table
    expect(page.locator(STEP_BAR)).to_contain_text(
        f"Step {shorter} of {shorter}" if language == "en" else f"第 {shorter} 步，共 {shorter} 步")
    wait_for_app(page)
    assert step_of(page, language) == (total - 1, total - 1)
    assert_one_screen(page, language, total - 1, total - 1)
    if reader:
        assert_depth_marker(page, shown=True)
    screenshot(page, f"{shot}_k{total - 1}")
    page.evaluate("document.activeElement.blur()")
    go(page, wait_for_app, language, "Home", 1, total - 1)  # the clicker still works after the drag and the slider
    assert_one_screen(page, language, 1, total - 1)
    if reader:
        assert_depth_marker(page, shown=False)


@pytest.mark.parametrize(("name", "language"), [("ndcg", "en"), ("ap", "zh"), ("reader", "zh"), ("reader", "en")])
def test_a_phone_shows_the_numbers_first(new_session, wait_for_app, screenshot, name, language):
    """A following student's phone: headline, step bar, formula and current row on the first screen, the
    ranking below them — at the first step and with every step shown (as after the teacher's drag)."""
    page = open_board(new_session, name, 7, language, PHONE)
    for moment in ("step1", "all"):
        if moment == "all":
            page.locator(STEP_BAR).get_by_role("button").nth(3).click()  # Show all
            wait_for_app(page)
        boxes = {what: page.locator(selector).first.bounding_box()
                 for what, selector in {"headline": HEADLINE, "step bar": STEP_BAR, "current row": CURRENT_ROW}.items()}
        below = {what: box for what, box in boxes.items() if box["y"] < 0 or box["y"] + box["height"] > PHONE["height"]}
        assert not below, (moment, below)  # (a table wider than the phone scrolls sideways in its box)
        assert page.locator(HEADLINE).first.bounding_box()["y"] < page.locator(RANKING).bounding_box()["y"]
        if name == "reader":
            page.locator(RANKING).scroll_into_view_if_needed()
            assert_depth_marker(page, shown=moment == "all")
        screenshot(page, f"steps_{name}_7_{language}_phone_{moment}")


def test_a_minus_and_a_plus_size_the_formula_and_the_table(new_session, wait_for_app, screenshot):
    page = open_board(new_session, "ap", 7, "en", PROJECTOR)
    formula, row = page.locator(f"{FORMULA} .katex").first, page.locator(CURRENT_ROW)

    def sizes() -> tuple[float, float]:
        return tuple(float(locator.evaluate("node => getComputedStyle(node).fontSize").removesuffix("px"))
                     for locator in (formula, row))

    before = sizes()
    page.get_by_role("button", name="A+").click()
    wait_for_app(page)
    expect(page.locator(".st-key-lecture_size_2")).to_be_visible()
    larger = sizes()
    assert larger[0] > before[0] and larger[1] > before[1], (before, larger)
    screenshot(page, "steps_ap_7_en_larger_text")
    page.get_by_role("button", name="A−").click()
    wait_for_app(page)
    page.get_by_role("button", name="A−").click()
    wait_for_app(page)
    expect(page.locator(".st-key-lecture_size_0")).to_be_visible()
    smaller = sizes()
    assert smaller[0] < before[0] and smaller[1] < before[1], (before, smaller)
    expect(page.get_by_role("button", name="A−")).to_be_disabled()  # the smallest size
    page.keyboard.press("End")  # the size holds on the next run
    expect(page.locator(STEP_BAR)).to_contain_text("Step 7 of 7")
    wait_for_app(page)
    expect(page.locator(".st-key-lecture_size_0")).to_be_visible()
    screenshot(page, "steps_ap_7_en_smaller_text")
