"""One projector screen at every step, beyond tests/e2e/test_lecture_steps.py (issue 18), read off the boxes in
Chromium at 1280×720, walking every step from 1 to "Show all" (→ and End, as a presentation clicker sends):

* More measures on 7- and 12-item boards, English and 中文: bpref (its first measure) on 7 items, ERR@k (a measure
  with K) on 12. Checked as on nDCG: the ranking, every headline number, the step bar, the worked formula, the
  step window's current row (``aria-current="step"``, its first cell the step's rank), K where the measure has
  one, and the lanes outline the step's rank.
* ROC on 7- and 12-item boards, both languages. Its rows are trapezoids, not ranks: the current row's first cell
  is the step number, there is no K and no outline in the lanes; its input is the score table (item, rank,
  grade, label, score: the ranking as ROC reads it), which must be wholly on screen instead of the ranking
  builder under it.
* 20-item boards on nDCG (English and 中文) and AP (English): every box above, the whole ranking included (its
  rows are lower: ui.ranking.lanes.row_height).
* nDCG on 12 items with the text at its largest (A+ until it is disabled, two sizes up): every box above at every
  step (the step window has two rows at that size, ui.teaching.lecture.WINDOWS).
* A convention changed mid-walk in the toolbar's Conventions popover: nDCG's gain (linear → exponential) at
  step 3 of 7 and AP's relevance threshold (1 → 2, 中文) at step 4 of 7; the step stays, the headline
  changes, every box holds before and after, and the walk goes on to "Show all".

One browser session per walk; screenshots at the first, a middle and the last step
(artifacts/screenshots/more_steps_<page>_<n>_<language>[_<variant>]_<moment>.png).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_lecture_screen import PROJECTOR
from tests.e2e.test_lecture_steps import (
    BOXES,
    CURRENT_ROW,
    FORMULA,
    GRADES,
    HEADLINE,
    K_SLIDER,
    STEP_BAR,
    go,
    open_board,
    step_of,
)

pytestmark = pytest.mark.e2e

SCORE_TABLE = ".st-key-lecture_stage [data-testid='stDataFrame']"  #: ROC's input: the items' scores
CONVENTIONS = {"en": "Conventions", "zh": "约定"}  #: the toolbar's popover of the page's conventions
MEASURE = ".st-key-more__measure"  #: More measures' choice of measure


def assert_on_screen(page: Page, step: int, total: int, k: bool = True, ranking: bool = True,
                     score_table: bool = False, outline: bool = True) -> None:
    """Every named box inside the viewport at ``step`` of ``total``; the current row is the step's
    (its first cell: the rank, or ROC's step number); with ``outline``, the lanes outline the step's rank
    (none once every step is shown)."""
    viewport = page.viewport_size
    expect(page.locator(CURRENT_ROW)).to_have_count(1)
    expect(page.locator(CURRENT_ROW).locator("td").first).to_have_text(str(step))
    selectors = {"step bar": STEP_BAR, "formula": FORMULA, "current row": CURRENT_ROW, "headline": HEADLINE}
    if k:
        selectors["K"] = K_SLIDER
    if score_table:
        selectors["score table"] = SCORE_TABLE
    seen = page.evaluate(BOXES, [selectors, ".lane[data-lane='ranking']", ".lane[data-lane='ranking'] .item.current"])
    boxes = seen["found"]
    if not ranking:
        boxes.pop("ranking", None)
    missing = ({"ranking"} if ranking else set()) | set(selectors)
    missing -= set(boxes)
    assert not missing, f"step {step} of {total}: not on the page: {missing}"
    outside = {what: [round(v) for v in box] for what, box in boxes.items()
               if box[0] < 0 or box[1] < 0 or box[2] > viewport["width"] + 1 or box[3] > viewport["height"] + 1}
    assert not outside, f"step {step} of {total} at {viewport}: outside the screen: {outside}"
    if outline:
        assert seen["outlined"] == (seen["names"][step - 1] if step < total else None), (step, total, seen)


def walk(page: Page, wait_for_app, screenshot, language: str, shot: str, check, start: int = 1) -> None:
    """From step ``start`` to "Show all": → for each step, End for the last; ``check(step, total)`` at each;
    screenshots at the first, the middle and the last step."""
    step, total = step_of(page, language)
    assert step == start, (step, start)
    check(step, total)
    if start == 1:
        screenshot(page, f"{shot}_step1")
    for step in range(start + 1, total):
        go(page, wait_for_app, language, "ArrowRight", step, total)
        check(step, total)
        if step == (total + 1) // 2:
            screenshot(page, f"{shot}_step{step}")
    go(page, wait_for_app, language, "End", total, total)
    check(total, total)
    screenshot(page, f"{shot}_all")


def clicker_ready(page: Page) -> None:
    page.wait_for_function("() => window.__rankingMetricsLabClickerKeys !== undefined")


def choose_measure(page: Page, wait_for_app, start: str) -> None:
    """More measures: the measure whose label starts with ``start`` (the same in both languages)."""
    page.locator(MEASURE).get_by_test_id("stSelectbox").click()
    page.get_by_role("option", name=re.compile(f"^{re.escape(start)}")).click()
    wait_for_app(page)
    expect(page.locator(MEASURE).get_by_role("combobox")).to_have_value(re.compile(f"^{re.escape(start)}"))
    page.evaluate("document.activeElement.blur()")  # the select box keeps the arrow keys while it has the focus


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize(("items", "measure"), [(7, None), (12, "ERR@k")])
def test_more_measures_every_step(new_session, wait_for_app, screenshot, items, measure, language):
    page = open_board(new_session, "more_measures", items, language, PROJECTOR)
    if measure:
        choose_measure(page, wait_for_app, measure)
    clicker_ready(page)
    with_k = measure is not None  # bpref has no cut-off
    walk(page, wait_for_app, screenshot, language, f"more_steps_more_{items}_{language}",
         lambda step, total: assert_on_screen(page, step, total, k=with_k))


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("items", [7, 12])
def test_roc_every_step(new_session, wait_for_app, screenshot, items, language):
    page = open_board(new_session, "roc", items, language, PROJECTOR)
    clicker_ready(page)
    walk(page, wait_for_app, screenshot, language, f"more_steps_roc_{items}_{language}",
         lambda step, total: assert_on_screen(page, step, total, k=False, ranking=False, score_table=True,
                                              outline=False))


@pytest.mark.parametrize(("name", "language"), [("ndcg", "en"), ("ndcg", "zh"), ("ap", "en")])
def test_twenty_items_every_step(new_session, wait_for_app, screenshot, name, language):
    assert len(GRADES) == 20
    page = open_board(new_session, name, 20, language, PROJECTOR)
    clicker_ready(page)
    walk(page, wait_for_app, screenshot, language, f"more_steps_{name}_20_{language}",
         lambda step, total: assert_on_screen(page, step, total))


def test_larger_text_every_step(new_session, wait_for_app, screenshot):
    page = open_board(new_session, "ndcg", 12, "en", PROJECTOR)
    for level in (2, 3):  # A+ twice: the largest size (ui.teaching.lecture.TEXT_SIZES; level 1 is the default)
        page.get_by_role("button", name="A+").click()
        wait_for_app(page)
        expect(page.locator(f".st-key-lecture_size_{level}")).to_be_visible()
    expect(page.get_by_role("button", name="A+")).to_be_disabled()
    page.evaluate("document.activeElement.blur()")
    clicker_ready(page)
    walk(page, wait_for_app, screenshot, "en", "more_steps_ndcg_12_en_larger",
         lambda step, total: assert_on_screen(page, step, total))


@pytest.mark.parametrize(("name", "language", "at"), [("ndcg", "en", 3), ("ap", "zh", 4)])
def test_a_convention_changed_mid_walk(new_session, wait_for_app, screenshot, name, language, at):
    page = open_board(new_session, name, 7, language, PROJECTOR)
    clicker_ready(page)
    total = step_of(page, language)[1]
    for step in range(2, at + 1):
        go(page, wait_for_app, language, "ArrowRight", step, total)
    assert_on_screen(page, at, total)
    before = page.locator(HEADLINE).last.inner_text()
    page.locator(".st-key-lecture_controls").get_by_role("button", name=CONVENTIONS[language]).click()
    body = page.get_by_test_id("stPopoverBody")
    if name == "ndcg":  # gain: linear -> exponential (the first radio's second option)
        body.get_by_test_id("stRadio").first.get_by_role("radio").nth(1).check(force=True)
    else:  # relevant from grade 2 on
        threshold = body.get_by_role("spinbutton")
        threshold.fill("2")
        threshold.press("Enter")
    expect(page.locator(HEADLINE).last).not_to_have_text(before)
    wait_for_app(page)
    page.keyboard.press("Escape")
    expect(body).to_have_count(0)
    page.evaluate("document.activeElement.blur()")
    screenshot(page, f"more_steps_{name}_7_{language}_convention_step{at}")
    walk(page, wait_for_app, screenshot, language, f"more_steps_{name}_7_{language}_convention",
         lambda step, total: assert_on_screen(page, step, total), start=at)
