"""Two rankings (/compare) lecture-ready, read off the page's boxes in Chromium (issue 32).

* One projector screen at every step: at 1280×720, on boards of 5, 7 and 12 items (d1 … dn ranked in that order, list
  2 the ranking reversed; the 12 under exponential gain and the list's ideal ordering), in English and 中文, a lecturer walks the steps with the clicker (→, then End). At every
  step and after "Show all": the headline (both lists' nDCG), the step bar, the worked formulas (IDCG once, each
  list's DCG and nDCG), both lists' current rows of their step windows (``aria-current="step"``: the step's rank and
  each list's item at it), K and both lists' lanes lie inside the viewport; both lists' lanes outline the step's rank
  (none after the last step); at the first, a middle and the last step nothing is cut off
  (tests/e2e/test_lecture_screen.py's check). At step 1 the visible text holds no value of a later step of either
  list and no final value of the table of every measure (tests/spoilers.py).
* A student's phone (390×844), 5 items, each language, every step: both current rows and outlines as above, the
  numbers first (headline, step bar, both current rows), then list 1's lanes, then list 2's; nothing cut off and the
  first screen as tests/e2e/test_phone.py checks them.

One browser session per walk (a board, a language, a screen), its steps walked inside it. Screenshots:
artifacts/screenshots/compare_<n>_<language>_<screen>_<moment>.png at the first, a middle and the last step.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e import test_lecture_steps as steps
from tests.e2e.lanes import BUILDER, LIST2, wait_for_lanes
from tests.e2e.test_lecture_screen import CUT_OFF, LOCALES, PROJECTOR
from tests.e2e.test_no_spoilers import shown_text
from tests.e2e.test_phone import CUT_OFF as PHONE_CUT_OFF
from tests.e2e.test_phone import FIRST_SCREEN_BOXES, first_screen
from tests.spoilers import four_decimals, two_rankings_later
from ui.data.share import PARAM, encode_board
from ui.model.board import Board

pytestmark = pytest.mark.e2e

SIZES = (5, 7, 12)
PHONE_ITEMS = 5  #: the phone's board
#: what must lie on the projector's screen besides the lanes: name -> CSS selector (every match)
ON_SCREEN = {"headline": steps.HEADLINE, "step bar": steps.STEP_BAR, "formulas": steps.FORMULA,
             "list 1's formula": ".st-key-compare_formula_1", "list 2's formula": ".st-key-compare_formula_2",
             "current row": steps.CURRENT_ROW, "K": steps.K_SLIDER}
RANKING = ".lane[data-lane='ranking']"
OUTLINED = f"{RANKING} .item.current"  #: the lanes' item at the step's rank


def board(items: int) -> Board:
    """A board of d1 … dn ranked in that order (grades: tests.e2e.test_lecture_steps.GRADES), K = n; the 12-item one
    with exponential gain and the ideal ordering of the list, the widest worked lines ("nDCG(gain=exp,ideal=list)@i",
    numerators 2^rel − 1)."""
    grades = {f"d{i}": steps.GRADES[i - 1] for i in range(1, items + 1)}
    widest = items == max(SIZES)
    return Board(grades=grades, ranking=tuple(grades), k=items, gain="exponential" if widest else "linear",
                 ideal="list" if widest else "judged")


def open_compare(new_session, items: int, language: str, viewport: dict) -> Page:
    """A new session on /compare with :func:`board` (a shared link: it opens at step 1), its lanes drawn, fonts
    loaded, the clicker listening."""
    page = new_session(f"compare?{PARAM}={encode_board(board(items))}&lang={language}", viewport, LOCALES[language])
    expect(page.locator(steps.STEP_BAR)).to_be_visible()
    for scope in (BUILDER, LIST2):
        wait_for_lanes(page, scope)
    page.evaluate("document.fonts.ready")
    page.wait_for_function("() => window.__rankingMetricsLabClickerKeys !== undefined")
    return page


#: JavaScript: the cells of the step windows' current rows
CURRENT_CELLS = f"""() => [...document.querySelectorAll("{steps.CURRENT_ROW}")]
  .map((row) => [...row.querySelectorAll('td')].map((td) => td.innerText))"""


def seen(page: Page, selectors: dict, step: int, total: int) -> dict:
    """The boxes of ``selectors`` and of both lists' lanes and outlined items (tests.e2e.test_lecture_steps.BOXES), after
    checking that both step windows end at the step's rank, each list's item at it, marked ``aria-current="step"``,
    and that both lanes outline that rank while steps remain (list 2: list 1 reversed)."""
    one = page.evaluate(steps.BOXES, [selectors, RANKING, OUTLINED])
    two = page.evaluate(steps.BOXES, [{}, RANKING, OUTLINED, LIST2])
    assert two["names"] == one["names"][::-1], (one["names"], two["names"])
    rows = page.evaluate(CURRENT_CELLS)
    assert [row[:2] for row in rows] == [[str(step), lane[step - 1]] for lane in (one["names"], two["names"])], rows
    assert [one["outlined"], two["outlined"]] == (
        [one["names"][step - 1], two["names"][step - 1]] if step < total else [None, None]), (step, total)
    boxes = one["found"] | {f"list 2{name.removeprefix('ranking')}": box for name, box in two["found"].items()}
    return {("list 1" if name == "ranking" else name): box for name, box in boxes.items()}


def assert_one_screen(page: Page, step: int, total: int, moment: bool) -> None:
    """Every box of :data:`ON_SCREEN` (both current rows), both lanes and their outlined items inside the 1280×720
    viewport; at a ``moment`` (the first, a middle, the last step) also nothing cut off."""
    boxes = seen(page, ON_SCREEN, step, total)
    missing = {"list 1", "list 2", *ON_SCREEN, "current row 2"} - set(boxes)
    assert not missing, f"step {step} of {total}: not on the page: {missing}"
    outside = {what: [round(v) for v in box] for what, box in boxes.items()
               if box[0] < 0 or box[1] < 0 or box[2] > PROJECTOR["width"] + 1 or box[3] > PROJECTOR["height"] + 1}
    assert not outside, f"step {step} of {total}: outside the 1280×720 screen: {outside}"
    cut = page.evaluate(CUT_OFF) if moment else []
    assert not cut, f"step {step} of {total}: cut off: {cut}"


def walk(page: Page, wait_for_app, screenshot, language: str, shot: str, check) -> None:
    """Step 1, → to each step, End for the last: ``check(step, total, moment)`` at each, ``moment`` at the first, the
    middle and the last step, where the screenshots are taken."""
    step, total = steps.step_of(page, language)
    assert step == 1
    middle = (total + 1) // 2
    check(1, total, True)
    screenshot(page, f"{shot}_step1")
    for step in range(2, total):
        steps.go(page, wait_for_app, language, "ArrowRight", step, total)
        check(step, total, step == middle)
        if step == middle:
            screenshot(page, f"{shot}_step{step}")
    steps.go(page, wait_for_app, language, "End", total, total)
    check(total, total, True)
    screenshot(page, f"{shot}_all")


@pytest.mark.parametrize("language", list(LOCALES))
@pytest.mark.parametrize("items", SIZES)
def test_every_step_fits_one_projector_screen(new_session, wait_for_app, screenshot, items, language):
    page = open_compare(new_session, items, language, PROJECTOR)
    later, finals = two_rankings_later(board(items))
    leaked = later & four_decimals(shown_text(page))
    assert not leaked, f"step 1 shows values of later steps: {sorted(leaked)}"
    walk(page, wait_for_app, screenshot, language, f"compare_{items}_{language}_1280x720",
         lambda step, total, moment: assert_one_screen(page, step, total, moment))
    assert finals <= four_decimals(shown_text(page))  # after the last step: both lists' nDCG


#: what a phone shows in this order: the numbers (any order among them), then list 1's lanes, then list 2's
NUMBERS = {"headline": steps.HEADLINE, "step bar": steps.STEP_BAR,
           "list 1's current row": ".st-key-compare_window_1 [aria-current='step']",
           "list 2's current row": ".st-key-compare_window_2 [aria-current='step']"}
LANES = {"list 1's lanes": BUILDER, "list 2's lanes": LIST2}


@pytest.mark.parametrize("language", list(LOCALES))
def test_a_phone_shows_the_numbers_then_the_lanes(new_session, wait_for_app, screenshot, language):
    page = open_compare(new_session, PHONE_ITEMS, language, steps.PHONE)

    def check(step: int, total: int, moment: bool) -> None:
        seen(page, {}, step, total)
        boxes = page.evaluate(FIRST_SCREEN_BOXES, [steps.STEP_BAR, NUMBERS | LANES])  # (scrolled to the top)
        lanes = [boxes[name][0] for name in LANES]
        assert max(boxes[name][1] for name in NUMBERS) < lanes[0] < lanes[1], (step, boxes)
        problems = page.evaluate(PHONE_CUT_OFF) + first_screen(page)
        assert not problems, f"step {step} of {total} on a 390×844 phone: {problems}"

    walk(page, wait_for_app, screenshot, language, f"compare_{PHONE_ITEMS}_{language}_phone", check)
