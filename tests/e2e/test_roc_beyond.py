"""The ROC / AUC and Beyond-accuracy pages in a real browser: reached from the sidebar, no
exception box, the key numbers on screen, screenshots roc.png and beyond.png; lecture-ready (issue 32): every step
on one 1280×720 screen with the ranking (the user's list) beside the numbers, in English and 中文, and nothing cut
off on a 390×844 phone."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.navigation import go_to, show_all_steps
from tests.e2e.test_lecture_screen import CUT_OFF as PROJECTOR_CUT_OFF
from tests.e2e.test_lecture_screen import LOCALES, PROJECTOR, drawn
from tests.e2e.test_lecture_steps import SIZES, STEP_BAR, assert_one_screen, board_link, step_of
from tests.e2e.test_no_spoilers import VISIBLE_TEXT
from tests.e2e.test_phone import CUT_OFF as PHONE_CUT_OFF
from tests.e2e.test_phone import PHONE, first_screen
from tests.spoilers import beyond_later_values, four_decimals, later_values

pytestmark = pytest.mark.e2e


def _open(page: Page, title: str, wait_for_app) -> None:
    go_to(page, title)
    wait_for_app(page)


def _metric(page: Page, label: str):
    return page.get_by_test_id("stMetric").filter(has_text=label).first.get_by_test_id("stMetricValue")


def test_roc_page(app_page: Page, wait_for_app, screenshot):
    _open(app_page, "ROC / AUC", wait_for_app)
    assert urlsplit(app_page.url).path.rstrip("/").endswith("/roc")
    expect(app_page.get_by_role("heading", name="ROC curve and AUC", level=1)).to_be_visible()
    # the walk-through starts at the first trapezoid: the area so far, not the answer
    expect(app_page.get_by_text("Step 1 of 4")).to_be_visible()
    expect(_metric(app_page, "AUC so far (step 1)")).to_have_text("0.0000")
    app_page.get_by_role("button", name="Next ▶").click()
    wait_for_app(app_page)
    expect(app_page.get_by_text("Step 2 of 4")).to_be_visible()
    # default board: grades [3, 2, 3, 0, 1], relevant when ≥ 1, K = 3: scores 3 2 1 from the ranking, d4 and d5 below
    # K tie at 0: 3 of 4 pairs won, 1 tied
    app_page.get_by_role("button", name="Show all").click()
    wait_for_app(app_page)
    expect(_metric(app_page, "AUC")).to_have_text("0.8750")
    expect(app_page.locator(".js-plotly-plot")).to_have_count(4)  # trapezoids, ROC, scores, pairs
    expect(app_page.get_by_test_id("stException")).to_have_count(0)
    app_page.get_by_role("button", name="◀ Back").click()
    wait_for_app(app_page)
    expect(app_page.get_by_text("Step 3 of 4")).to_be_visible()
    path = screenshot(app_page, "roc")
    assert path.stat().st_size > 50_000


def test_beyond_page(app_page: Page, wait_for_app, screenshot):
    _open(app_page, "Beyond accuracy", wait_for_app)
    assert urlsplit(app_page.url).path.rstrip("/").endswith("/beyond")
    expect(app_page.get_by_role("heading", name="Beyond accuracy — coverage and diversity", level=1)).to_be_visible()
    show_all_steps(app_page, wait_for_app)  # each tab steps through its lists: the final numbers at the last step
    expect(_metric(app_page, "ILS (similarity)")).to_have_text("0.3111")  # the first tab: one user's list
    path = screenshot(app_page, "beyond")
    assert path.stat().st_size > 50_000
    app_page.get_by_role("tab", name="Catalog coverage").click()
    wait_for_app(app_page)
    show_all_steps(app_page, wait_for_app)
    expect(_metric(app_page, "Coverage@10")).to_have_text("0.8250")
    app_page.get_by_role("tab", name="Every user: diversity against accuracy").click()
    wait_for_app(app_page)
    show_all_steps(app_page, wait_for_app)
    expect(_metric(app_page, "mean diversity")).to_have_text("0.6485")
    expect(app_page.get_by_test_id("stException")).to_have_count(0)
    app_page.get_by_role("tab", name="One user's list: intra-list similarity").click()
    wait_for_app(app_page)
    # the user's list goes to the shared board and the nDCG page shows it
    app_page.get_by_role("button", name="Explain this list on the other pages").click()
    wait_for_app(app_page)
    expect(app_page.get_by_text("u01's list is now the example")).to_be_visible()
    _open(app_page, "nDCG", wait_for_app)
    expect(app_page.get_by_text("Recommender sample: user u01's top-10 list").first).to_be_visible()


# --------------------------------------------------------------------------- lecture-ready (issue 32)
# One browser session per walk (language × screen): at 1280×720 the ROC page on boards of 5, 7 and 12 items, every
# step and after End, then every part of the Beyond page, every step; at 390×844 the same pages' first, middle and
# last states. Screenshots: artifacts/screenshots/walk_<page>_<items or part>_<language>_<state>.png.


WALK_MS = 90_000  #: a run on a busy machine
#: the visible text of the main area, but not the ROC page's threshold section (the rates at a threshold the reader
#: picks, not a step's; FPR 0.5 is no AUC) nor what a closed expander holds ("about": chance is AUC 0.5)
STEP_TEXT_JS = VISIBLE_TEXT.replace(
    ".st-key-map__section, .st-key-mrr__section",
    ".st-key-map__section, .st-key-mrr__section, .st-key-roc_threshold, details:not([open]) > :not(summary)")
CURVE = ".st-key-lecture_beside .main-svg"
LIST = ".st-key-beyond_list table.beyond-list"
BEYOND_K = "[data-testid='stSlider']"
TAB_STEP_BAR = "[class*='beyond_{part}__step_bar']"
PARTS = ("ils", "coverage", "users")  #: the Beyond page's parts (its tabs), by their step keys


def _settled(page: Page, wait_for_app) -> None:
    wait_for_app(page, WALK_MS)
    drawn(page, WALK_MS)


def _press(page: Page, wait_for_app, key: str, bar: str, step: int, total: int, language: str) -> None:
    """A clicker key, then the page at ``step`` of ``total`` (its step bar says so)."""
    page.keyboard.press(key)
    expect(page.locator(bar)).to_contain_text(
        f"Step {step} of {total}" if language == "en" else f"第 {step} 步，共 {total} 步", timeout=WALK_MS)
    wait_for_app(page, WALK_MS, changed=True)


def _inside(page: Page, selector: str) -> str | None:
    """What sticks out of the viewport of the first ``selector`` (None: all of it on screen)."""
    box = page.locator(selector).first.bounding_box()
    viewport = page.viewport_size
    if box is None:
        return f"{selector}: not drawn"
    if box["y"] < 0 or box["x"] < 0 or box["y"] + box["height"] > viewport["height"] + 1 \
            or box["x"] + box["width"] > viewport["width"] + 1:
        return f"{selector}: {box} outside {viewport}"
    return None


def _roc_core(items: int):
    """The ROC page's explanation of a board of ``items`` items d1 … dn (K = n), from the core."""
    from tests.e2e.test_lecture_steps import GRADES
    from ui.model.board import Board
    from ui.topics import paced

    grades = {f"d{i}": GRADES[i - 1] for i in range(1, items + 1)}
    return paced.roc(Board(grades=grades, ranking=tuple(grades), k=items)).explanation


def _walk_roc(page: Page, app_url: str, wait_for_app, screenshot, language: str, items: int) -> None:
    """Every step of ROC on a board of ``items`` items, then End: ranking, K, headline, step bar, formula, current row
    and the curve on one screen, the lanes outlining step i's rank (the item whose score the step lowers to); at step 1
    no value of a later step anywhere on the page."""
    page.goto(f"{app_url}/{board_link('roc', items, language)}")
    _settled(page, wait_for_app)
    page.wait_for_function("() => window.__rankingMetricsLabClickerKeys !== undefined")
    core = _roc_core(items)
    step, total = step_of(page, language)
    assert (step, total) == (1, len(core.table)) == (1, items)
    shot = f"walk_roc_{items}_{language}"
    for step in range(1, total + 1):
        if step > 1:
            _press(page, wait_for_app, "ArrowRight" if step < total else "End", STEP_BAR, step, total, language)
        assert_one_screen(page, language, step, total)
        assert _inside(page, CURVE) is None, (items, step, _inside(page, CURVE))
        if step == 1:
            leaked = later_values(core) & four_decimals(page.evaluate(STEP_TEXT_JS))
            assert not leaked, (items, sorted(leaked))
        if step in (1, (total + 1) // 2, total):
            drawn(page, WALK_MS)
            screenshot(page, f"{shot}_{'all' if step == total else f'step{step}'}")
    problems = page.evaluate(PROJECTOR_CUT_OFF)
    assert not problems, problems


def _beyond_later() -> set[str]:
    """Every value a later step of a Beyond part shows (tests.spoilers.beyond_later_values), on the sample."""
    from ui.topics import recsys

    return beyond_later_values(recsys.recommendations(), recsys.features(), recsys.catalog()["item"])


def _open_part(page: Page, wait_for_app, position: int) -> None:
    tab = page.locator('[data-testid="stMain"] [role="tab"]').nth(position)
    tab.click()
    expect(tab).to_have_attribute("aria-selected", "true")
    _settled(page, wait_for_app)
    page.evaluate("document.activeElement.blur()")  # (a focused tab takes the arrow keys)


#: JavaScript: the coverage chart's title and legend boxes (they must not overlap)
TITLE_AND_LEGEND = """() => {
  const chart = [...document.querySelectorAll('[data-testid="stPlotlyChart"]')].find((c) => c.querySelector('.legend'));
  const box = (node) => { const r = node.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return chart ? [box(chart.querySelector('.gtitle')), box(chart.querySelector('.legend'))] : null;
}"""


def _walk_beyond(page: Page, app_url: str, wait_for_app, screenshot, language: str) -> None:
    """Every part of Beyond, every step: the user's list (the step's item outlined), K, headline, step bar, formula and
    the current row on one screen; at step 1 of every part no value of a later step in any part; the coverage chart's
    title clear of its legend."""
    page.goto(f"{app_url}/beyond?lang={language}")
    _settled(page, wait_for_app)
    later = _beyond_later()
    for position in range(3):  # every part at its step 1: nothing of a later step
        _open_part(page, wait_for_app, position)
        leaked = later & four_decimals(page.evaluate(STEP_TEXT_JS))
        assert not leaked, (PARTS[position], sorted(leaked))
    for position, part in enumerate(PARTS):
        _open_part(page, wait_for_app, position)
        bar = TAB_STEP_BAR.format(part=part)
        page.wait_for_function("() => window.__rankingMetricsLabClickerKeys !== undefined")
        if part == "users":  # the first part's list walked to its end (above): the users' part may start
            expect(page.locator(bar)).to_be_visible()
        step, total = _bar_step(page, bar, language)
        assert (step, total) == (1, 10)
        for step in range(1, total + 1):
            if step > 1:
                _press(page, wait_for_app, "ArrowRight" if step < total else "End", bar, step, total, language)
            problems = [_inside(page, selector) for selector in (
                bar, '.st-key-lecture_headline [data-testid="stMetric"]', BEYOND_K,
                ".st-key-lecture_formula .katex-display")]
            if part == "ils":
                problems.append(_inside(page, LIST))
                outlined = page.locator(f"{LIST} tr.current")
                assert outlined.count() == (1 if step < total else 0), (step, outlined.count())
                if step < total:
                    assert outlined.get_attribute("data-rank") == str(step)
                    assert outlined.get_attribute("aria-current") == "true"
            if part != "ils" or step > 1:  # (step 1 of the first part: one item, no pair yet)
                row = page.locator(".st-key-lecture_table [aria-current='step']")
                expect(row).to_have_count(1)
                problems.append(_inside(page, ".st-key-lecture_table [aria-current='step']"))
            problems = [problem for problem in problems if problem]
            assert not problems, (part, step, problems)
            if step in (1, 5, total):
                drawn(page, WALK_MS)
                screenshot(page, f"walk_beyond_{part}_{language}_{'all' if step == total else f'step{step}'}")
        if part == "coverage":
            title, legend = page.evaluate(TITLE_AND_LEGEND)
            apart = title[3] <= legend[1] + 1 or legend[3] <= title[1] + 1 or title[2] <= legend[0] or legend[2] <= title[0]
            assert apart, ("the coverage chart's title runs into its legend", title, legend)
        problems = page.evaluate(PROJECTOR_CUT_OFF)
        assert not problems, (part, problems)


def _bar_step(page: Page, bar: str, language: str) -> tuple[int, int]:
    """The step and the number of steps a step bar says."""
    import re

    pattern = r"Step (\d+) of (\d+)" if language == "en" else r"第 (\d+) 步，共 (\d+) 步"
    found = re.search(pattern, page.locator(bar).inner_text())
    assert found, page.locator(bar).inner_text()
    return int(found.group(1)), int(found.group(2))


@pytest.mark.parametrize("language", list(LOCALES))
@pytest.mark.parametrize("walked", ["roc", "beyond"])
def test_every_step_of_roc_and_beyond_holds_one_projector_screen(browser, app_url, wait_for_app, screenshot, walked,
                                                                 language):
    """One session (a browser context) at 1280×720 walks ROC with 5, 7 and 12 items, or every part of Beyond (two
    tests, so that two workers share the walks)."""
    context = browser.new_context(viewport=PROJECTOR, locale=LOCALES[language])
    try:
        page = context.new_page()
        page.set_default_timeout(WALK_MS)
        if walked == "roc":
            for items in SIZES:
                _walk_roc(page, app_url, wait_for_app, screenshot, language, items)
        else:
            _walk_beyond(page, app_url, wait_for_app, screenshot, language)
    finally:
        context.close()


@pytest.mark.parametrize("language", list(LOCALES))
def test_roc_and_beyond_on_a_phone(browser, app_url, wait_for_app, screenshot, language):
    """One phone's session (390×844): ROC with 7 items at its first, middle and last step, every part of Beyond at its
    first and last step; nothing cut off (no text clipped or past the screen's edge, tables fit or scroll in their
    box) and, on ROC, the headline, the step bar and the current row on the first screen."""
    context = browser.new_context(viewport=PHONE, locale=LOCALES[language])
    problems = []

    def check(page: Page, name: str) -> None:
        drawn(page, WALK_MS)
        problems.extend(f"{name}: {problem}" for problem in page.evaluate(PHONE_CUT_OFF) + first_screen(page))
        screenshot(page, f"walk_phone_{name}_{language}")

    try:
        page = context.new_page()
        page.set_default_timeout(WALK_MS)
        page.goto(f"{app_url}/{board_link('roc', 7, language)}")
        _settled(page, wait_for_app)
        page.wait_for_function("() => window.__rankingMetricsLabClickerKeys !== undefined")
        check(page, "roc_7_step1")
        for step in range(2, 5):
            _press(page, wait_for_app, "ArrowRight", STEP_BAR, step, 7, language)
        check(page, "roc_7_step4")
        _press(page, wait_for_app, "End", STEP_BAR, 7, 7, language)
        check(page, "roc_7_all")
        page.goto(f"{app_url}/beyond?lang={language}")
        _settled(page, wait_for_app)
        for position, part in enumerate(PARTS):
            _open_part(page, wait_for_app, position)
            check(page, f"beyond_{part}_step1")
            bar = TAB_STEP_BAR.format(part=part)
            page.locator(f"{bar} [class*='__step_all'] button:visible").click()
            expect(page.locator(f"{bar} [class*='__step_all'] button:visible")).to_be_disabled(timeout=WALK_MS)
            _settled(page, wait_for_app)
            check(page, f"beyond_{part}_all")
    finally:
        context.close()
    assert not problems, "cut off on a 390×844 phone:\n" + "\n".join(problems)
