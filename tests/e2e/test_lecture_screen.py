"""Lecture-ready, read off the page's boxes in Chromium (issue 8).

* One screen: at 1280×720 (a classroom projector), in English and 中文, every explainer page shows
  without scrolling what a lecturer points at — the ranking you drag (or the page's input table),
  the headline numbers, the worked formula and the current row of the step table.
* Nothing cut off: on every page, at 1280×720 and 1920×1080, in both languages, no visible text ends
  in an ellipsis, no formula is wider than its box, no tab label is scrolled out of its bar, no
  table is wider than its frame.
* Every page opens through the navigation bar without an exception box, under a title of its own (in
  Chinese for a Chinese reader).

One session per (screen, language) walks every page through the navigation bar, as a lecturer moves.

Screenshots of every page at both sizes and in both languages land in artifacts/screenshots/
(lecture_<page>_<size>_<language>.png).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.navigation import go_to
from ui.shell.routes import NAMES

pytestmark = pytest.mark.e2e

PROJECTOR = {"width": 1280, "height": 720}
FULL_HD = {"width": 1920, "height": 1080}
LOCALES = {"en": "en-US", "zh": "zh-CN"}

#: what must be on the first screen of each explainer page: name -> CSS selector (the first match)
RANKING = ".st-key-builder .lane[data-lane='ranking']"
HEADLINE = '[data-testid="stMain"] [data-testid="stMetric"]'
FORMULA = ".st-key-lecture_formula .katex-display"
CURRENT_ROW = '.st-key-lecture_table [aria-current="step"]'  #: the step window's current row
ONE_SCREEN = {
    "ndcg": {"ranking": RANKING, "headline": HEADLINE, "formula": FORMULA, "current row": CURRENT_ROW},
    "ap": {"ranking": RANKING, "headline": HEADLINE, "formula": FORMULA, "current row": CURRENT_ROW},
    "rr": {"ranking": RANKING, "headline": HEADLINE, "formula": FORMULA, "current row": CURRENT_ROW},
    "cutoff": {"ranking": RANKING, "headline": HEADLINE, "formula": ".st-key-lecture_formula .katex",
               "current row": CURRENT_ROW},
    "roc": {"ranking": RANKING, "headline": HEADLINE, "formula": FORMULA, "current row": CURRENT_ROW,
            "curve": ".st-key-lecture_beside .main-svg"},
    "beyond": {"user's list": ".st-key-beyond_list table.beyond-list", "headline": HEADLINE,
               "formula": '[data-testid="stMain"] .katex-display'},
    "compare": {"ranking": RANKING, "list 2": "[class*='st-key-compare_list2_lanes'] .lane[data-lane='ranking']",
                "headline": HEADLINE},
    "more_measures": {"ranking": RANKING, "headline": HEADLINE, "formula": FORMULA, "current row": CURRENT_ROW},
    "reader": {"ranking": RANKING, "headline": HEADLINE, "formula": FORMULA, "current row": CURRENT_ROW},
}
#: every other page of the app (ui.shell.routes: a new page is walked without editing this file), home's path ""
OTHER_PAGES = ["" if name == "home" else name for name in NAMES if name not in ONE_SCREEN]

#: JavaScript: every visible piece of text (or formula, tab bar, table) wider than its box
CUT_OFF = """
() => {
  const found = [];
  const main = document.querySelector('[data-testid="stMain"]') || document.body;
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
  };
  const describe = (el, why) => `${why}: <${el.tagName.toLowerCase()} class="${el.className}">`
      + ` ${(el.innerText || el.textContent || '').trim().slice(0, 60)}`
      + ` (content ${el.scrollWidth}px, box ${el.clientWidth}px)`;
  for (const el of main.querySelectorAll('*')) {
    if (!visible(el)) continue;
    const style = getComputedStyle(el);
    const text = (el.innerText || '').trim();
    if (el.clientWidth <= 2) continue;  // a 1 px box: text for screen readers only
    if (style.textOverflow === 'ellipsis' && text && el.scrollWidth > el.clientWidth) {
      found.push(describe(el, 'ends in …'));  // (one pixel too wide is already an ellipsis)
      continue;
    }
    if (el.scrollWidth <= el.clientWidth + 1) continue;
    if (el.classList.contains('katex-display')) found.push(describe(el, 'formula wider than its box'));
    else if (el.getAttribute('role') === 'tablist') found.push(describe(el, 'tab labels scrolled out'));
    else if (el.classList.contains('dvn-scroller')) found.push(describe(el, 'table wider than its frame'));
    else if (el.matches('[data-testid="stTable"], [data-testid="stTable"] > div')) found.push(describe(el, 'table wider than its frame'));
    else if ((style.overflowX === 'hidden' || style.overflowX === 'clip') && text && el.children.length === 0)
      found.push(describe(el, 'text clipped'));
  }
  // plotly: titles, axis titles and legend entries inside their chart
  for (const svg of main.querySelectorAll('svg.main-svg')) {
    const frame = svg.getBoundingClientRect();
    if (!frame.width) continue;
    for (const text of svg.parentElement.querySelectorAll('.gtitle, .g-xtitle text, .g-ytitle text, .legendtext, .annotation-text')) {
      const box = text.getBoundingClientRect();
      if (!box.width) continue;
      if (box.left < frame.left - 1 || box.right > frame.right + 1 || box.top < frame.top - 1 || box.bottom > frame.bottom + 1)
        found.push(`chart text outside its chart: ${text.textContent.slice(0, 60)} (${Math.round(box.left)}-${Math.round(box.right)} in ${Math.round(frame.left)}-${Math.round(frame.right)})`);
    }
  }
  return found;
}
"""


#: JavaScript: whether what the script sent is drawn and at rest: no loading skeleton (a widget whose code is still
#: loading), every plotly chart drawn, every custom component's frame showing its content, the fonts loaded, and the
#: main area's layout (its size, its number of elements, the sizes of its blocks, charts and formulas) unchanged for
#: ``quiet`` ms of animation frames (LaTeX, a chart's resize, the last layout pass). ``token``: a new one per wait,
#: so that a layout seen before the wait does not count as at rest.
DRAWN = """
([quiet, token]) => {
  const main = document.querySelector('[data-testid="stMain"]');
  if (!main || document.querySelector('[data-testid="stSkeleton"]') || document.fonts.status !== 'loaded') return false;
  if ([...main.querySelectorAll('[data-testid="stPlotlyChart"]')].some((chart) => !chart.querySelector('.main-svg')))
    return false;
  if ([...main.querySelectorAll('iframe')].some((frame) => !frame.contentDocument?.querySelector('#root > *')))
    return false;
  const sizes = [...main.querySelectorAll('[data-testid="stElementContainer"], svg.main-svg, .katex-display')]
    .map((node) => `${node.scrollWidth}x${node.scrollHeight}`).join();
  const layout = [main.scrollWidth, main.scrollHeight, document.scrollingElement.scrollWidth,
                  main.getElementsByTagName('*').length, sizes].join('|');
  const now = performance.now(), last = window.__rmlDrawn;
  if (!last || last.token !== token || last.layout !== layout) {
    window.__rmlDrawn = {token, layout, since: now};
    return false;
  }
  return now - last.since >= quiet;
}
"""
QUIET_MS = 200  #: how long the layout must hold still (it is looked at every animation frame)
_waits = iter(range(1, 10**9))


def drawn(page: Page, timeout_ms: float = 90_000) -> None:
    """Wait until the app's output is drawn and its layout at rest (:data:`DRAWN`), in one wait in the page: call it
    after ``wait_for_app``, before reading boxes or taking a screenshot."""
    page.wait_for_function(DRAWN, arg=[QUIET_MS, next(_waits)], polling="raf", timeout=timeout_ms)


def open_page(new_session, name: str, viewport: dict, language: str) -> Page:
    """A new session on page ``name`` at ``viewport`` in ``language``, its fonts loaded."""
    page = new_session(name, viewport, LOCALES[language])
    expect(page.locator('[data-testid="stMain"] h1').first).to_be_visible()
    drawn(page)
    return page


def in_viewport(locator: Locator, viewport: dict) -> str | None:
    """None if the element's box lies inside the viewport, else what sticks out."""
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    assert box is not None
    if box["x"] < 0 or box["y"] < 0 or box["x"] + box["width"] > viewport["width"] + 1 \
            or box["y"] + box["height"] > viewport["height"] + 1:
        return f"box {box} outside {viewport['width']}×{viewport['height']}"
    return None


#: the pages in the order the walks visit them (the home page first: the sessions open on it)
WALK = OTHER_PAGES + list(ONE_SCREEN)
#: JavaScript: scroll every scrolling frame of the app back to its top (a page drawn after a move keeps none)
TO_TOP = """() => { for (const el of [document.scrollingElement, ...document.querySelectorAll(
  '[data-testid="stAppViewContainer"], [data-testid="stMain"]')]) if (el) el.scrollTo(0, 0); }"""
CJK = re.compile(r"[\u4e00-\u9fff]")


def walk(page: Page, wait_for_app, names=WALK):
    """Visit each page of ``names`` in turn through the navigation bar, in this one session (a run of the app
    each, not a new session: as a lecturer moves), yielding its name once it is drawn, at its top, fonts loaded."""
    for name in names:
        if name:  # (the session opened on the home page)
            go_to(page, url_path=name)
            expect(page).to_have_url(re.compile(rf"/{name}(\?|$)"))
        wait_for_app(page)
        expect(page.locator('[data-testid="stMain"] h1').first).to_be_visible()
        drawn(page)
        page.evaluate(TO_TOP)
        yield name


def title(page: Page) -> str:
    return page.get_by_test_id("stMain").get_by_role("heading", level=1).first.inner_text().strip()


@pytest.mark.parametrize("language", ["en", "zh"])
def test_every_page_at_1280x720(new_session, wait_for_app, screenshot, language):
    """One session walks every page on a 1280×720 projector: on the explainer pages the ranking (or input table),
    the headline, the formula and the current row lie on the first screen; on every page nothing is cut off.
    Every page's problems are gathered, then reported together."""
    page = open_page(new_session, "", PROJECTOR, language)
    problems = {}
    for name in walk(page, wait_for_app):
        screenshot(page, f"lecture_{name or 'home'}_1280x720_{language}")
        outside = {what: in_viewport(page.locator(selector).first, PROJECTOR)
                   for what, selector in ONE_SCREEN.get(name, {}).items()}
        found = [f"{what}: {why}" for what, why in outside.items() if why] + page.evaluate(CUT_OFF)
        if found:
            problems[name or "home"] = found
    assert not problems, problems


@pytest.mark.parametrize("language", ["en", "zh"])
def test_every_page_at_1920x1080(new_session, wait_for_app, screenshot, language):
    """One session walks every page on a 1920×1080 screen through the navigation bar: each opens without an
    exception box (``wait_for_app``) under a title of its own — in Chinese for a Chinese reader — and nothing is
    cut off."""
    page = open_page(new_session, "", FULL_HD, language)
    problems, titles = {}, {}
    for name in walk(page, wait_for_app):
        screenshot(page, f"lecture_{name or 'home'}_1920x1080_{language}")
        titles[name] = title(page)
        found = page.evaluate(CUT_OFF)
        if not titles[name]:
            found.append("no title")
        elif language == "zh" and not CJK.search(titles[name]):
            found.append(f"the title is not Chinese: {titles[name]!r}")
        if found:
            problems[name or "home"] = found
    assert len(set(titles.values())) == len(titles), titles  # each page its own title
    assert not problems, problems


def test_a_presentation_clicker_walks_the_steps(new_session, wait_for_app):
    """→ / PageDown / Space next, ← / PageUp back, Home the first step, End everything — sent to the page
    as a clicker sends them, with the running headline, the highlighted row and the lanes' outline moving
    together."""
    page = open_page(new_session, "ndcg", PROJECTOR, "en")
    page.wait_for_function("() => window.__rankingMetricsLabClickerKeys !== undefined")  # the listener is in
    bar = page.locator('[class*="ndcg__step_bar"]')
    expect(bar).to_contain_text("Step 1 of 3")

    def press(key: str, step: int) -> None:
        page.keyboard.press(key)
        expect(bar).to_contain_text(f"Step {step} of 3")
        wait_for_app(page)
        expect(page.locator(CURRENT_ROW).locator("td").first).to_have_text(str(step))
        if step < 3:
            expect(page.get_by_test_id("stMetricLabel").filter(has_text=f"nDCG so far (step {step})")).to_be_visible()
            expect(page.locator(".st-key-builder .lane[data-lane='ranking'] .item.current")).to_contain_text(f"d{step}")

    press("ArrowRight", 2)
    press("ArrowLeft", 1)
    press("PageDown", 2)
    press("PageUp", 1)
    press("Space", 2)
    press("End", 3)
    expect(page.get_by_test_id("stMetricLabel").filter(has_text="nDCG(ideal=list)@3")).to_be_visible()
    press("Home", 1)
