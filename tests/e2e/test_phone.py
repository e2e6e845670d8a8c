"""Students' phones (390×844, issue 18): nothing cut off on any page, in English and 中文, and a following
student sees the headline and the current step on the first screen, not only the ranking.

One phone's browser per language visits every page and walks its states: the page as it opens (step 1), after "Show all" (every
step bar of the page), and — on an explainer page of the ranking builder — a 7-item board opened from its share
link, after a drag of its last item to the top at step 1 (as a teacher's drag reaches a following student) and
after "Show all" again. In every state nothing is cut off (:data:`CUT_OFF`): no text clipped or ending in "…", no
element past the screen's right edge (no sideways scrolling of the page), no display formula wider than its
column, no chart title or legend outside its chart, no tab label scrolled out of its bar, and no step table
(``table.step-window``) wider than its column — a student reads the current row without scrolling sideways
(Streamlit's data grids, which scroll in their own frame, are not step tables). On an explainer page of the board
(``ui.teaching.lecture.stage`` with the ranking builder) the headline, the step bar and the current row
(``aria-current="step"``) lie on the first screen (above y = 844, the page scrolled to its top) in every state.
Screenshots: artifacts/screenshots/phone_<page>_<language>_<state>.png.
"""

from __future__ import annotations

import re
from typing import Callable, Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.lanes import BUILDER, drag_before, lane_items, wait_for_lanes
from tests.e2e.test_all_pages import PAGES
from tests.e2e.test_lecture_screen import LOCALES, drawn
from tests.e2e.test_lecture_steps import board_link

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
ITEMS = 7  #: the board opened from a share link
LOADED_MS = 90_000  #: a page's run on a machine that runs other tests too

STAGE = ".st-key-lecture_stage"
#: what a following student must see on the first screen of an explainer page
FIRST_SCREEN = {
    "headline": f"{STAGE} [data-testid='stMetric']",
    "step bar": f"{STAGE} [class*='__step_bar']",
    "current row": ".st-key-lecture_table [aria-current='step']",
}

#: JavaScript: everything cut off on the page, one line each (what, where, its text, its widths)
CUT_OFF = """
() => {
  const W = window.innerWidth;
  const found = [];
  const main = document.querySelector('[data-testid="stMain"]') || document.body;
  const shown = (el) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
  };
  // a CSS path up to the nearest keyed frame (st-key-*), with Streamlit's test ids
  const where = (el) => {
    const parts = [];
    for (let node = el; node && node !== document.body && parts.length < 4; node = node.parentElement) {
      const key = [...node.classList].find((c) => c.startsWith('st-key-'));
      const id = node.getAttribute('data-testid');
      parts.unshift(node.tagName.toLowerCase() + (key ? '.' + key : '') + (id ? `[data-testid="${id}"]` : ''));
      if (key) break;
    }
    return parts.join(' > ');
  };
  const text = (el) => (el.innerText || el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 50);
  const px = Math.round;
  const report = (el, why, content, box) =>
    found.push(`${why}: ${where(el)} "${text(el)}" (content ${px(content)} px, box ${px(box)} px)`);

  for (const scroller of [document.scrollingElement, main])
    if (scroller.scrollWidth > scroller.clientWidth + 1)
      report(scroller, 'the page scrolls sideways', scroller.scrollWidth, scroller.clientWidth);
  for (const el of main.querySelectorAll('*')) {
    if (el.closest('svg') || !shown(el)) continue;
    const style = getComputedStyle(el);
    const own = (el.innerText || '').trim();
    const box = el.getBoundingClientRect();
    if (box.right > W + 1) {  // past the screen's edge, unless a frame inside the screen clips or scrolls it
      let inside = false;
      for (let up = el.parentElement; up && up !== main; up = up.parentElement)
        if (getComputedStyle(up).overflowX !== 'visible' && up.getBoundingClientRect().right <= W + 1) { inside = true; break; }
      if (!inside && !(el.parentElement && el.parentElement.getBoundingClientRect().right > W + 1))
        report(el, 'past the right edge of the screen', box.right, W);
    }
    if (el.matches('table.step-window') && el.parentElement.clientWidth && box.width > el.parentElement.clientWidth + 1) {
      report(el, 'step table wider than its column', box.width, el.parentElement.clientWidth);
      continue;
    }
    if (el.clientWidth <= 2) continue;  // a 1 px box: text for screen readers only
    if (style.textOverflow === 'ellipsis' && own && el.scrollWidth > el.clientWidth) {
      report(el, 'ends in …', el.scrollWidth, el.clientWidth);
      continue;
    }
    if (el.scrollWidth <= el.clientWidth + 1) continue;
    if (el.classList.contains('katex-display')) report(el, 'formula wider than its column', el.scrollWidth, el.clientWidth);
    else if (el.getAttribute('role') === 'tablist') report(el, 'tab labels scrolled out', el.scrollWidth, el.clientWidth);
    else if (el.querySelector(':scope > table.step-window')) report(el, 'step table scrolls sideways', el.scrollWidth, el.clientWidth);
    else if (el.matches('[data-testid="stTable"], [data-testid="stTable"] > div')) report(el, 'table wider than its frame', el.scrollWidth, el.clientWidth);
    else if (el.closest('button') && style.overflowX !== 'visible') report(el, 'button label cut', el.scrollWidth, el.clientWidth);
    else if ((style.overflowX === 'hidden' || style.overflowX === 'clip') && own && el.children.length === 0)
      report(el, 'text clipped', el.scrollWidth, el.clientWidth);
  }
  // plotly: titles, axis titles, legend entries and annotations inside their chart
  for (const svg of main.querySelectorAll('svg.main-svg')) {
    const frame = svg.getBoundingClientRect();
    if (!frame.width) continue;
    for (const label of svg.parentElement.querySelectorAll('.gtitle, .g-xtitle text, .g-ytitle text, .legendtext, .annotation-text')) {
      const box = label.getBoundingClientRect();
      if (!box.width) continue;
      if (box.left < frame.left - 1 || box.right > frame.right + 1 || box.top < frame.top - 1 || box.bottom > frame.bottom + 1)
        found.push(`chart text outside its chart: ${where(svg.closest('[data-testid="stPlotlyChart"]') || svg)} `
          + `"${label.textContent.slice(0, 50)}" (${px(box.left)}–${px(box.right)} px in ${px(frame.left)}–${px(frame.right)} px)`);
    }
  }
  return [...new Set(found)];
}
"""

#: JavaScript: on an explainer page of the board, the page scrolled to its top (Streamlit scrolls its own container),
#: then the boxes' tops and bottoms; null on any other page
FIRST_SCREEN_BOXES = """
([board, selectors]) => {
  if (!document.querySelector(board)) return null;
  for (const el of [document.scrollingElement, ...document.querySelectorAll('[data-testid="stMain"], [data-testid="stAppViewContainer"], [data-testid="stAppScrollToBottomContainer"]')])
    el.scrollTop = 0;
  const found = {};
  for (const [name, selector] of Object.entries(selectors)) {
    const node = document.querySelector(selector);
    if (node) { const box = node.getBoundingClientRect(); found[name] = [Math.round(box.top), Math.round(box.bottom)]; }
  }
  return found;
}
"""


def wait(page: Page, wait_for_app) -> None:
    """The app's run finished and drawn: charts, components, fonts, formulas."""
    wait_for_app(page, LOADED_MS)
    drawn(page, LOADED_MS)


def show_all(page: Page, wait_for_app) -> bool:
    """Press every "Show all" of the page (its own step bar, then MAP's / MRR's); False when it has none. A phone
    draws the button without its tooltip frame: the visible one is pressed."""
    buttons = page.locator('[class*="__step_all"] button:visible')
    if not buttons.count():
        return False
    for index in range(buttons.count()):
        button = buttons.nth(index)
        if button.is_enabled():
            button.click()
            expect(button).to_be_disabled(timeout=LOADED_MS)
            wait(page, wait_for_app)
    return True


def first_screen(page: Page) -> list[str]:
    """What a following student does not see on the first screen of an explainer page of the board (empty elsewhere:
    Beyond accuracy's stage starts with its user's list, which its numbers are about)."""
    boxes = page.evaluate(FIRST_SCREEN_BOXES, [f"{STAGE} {BUILDER}", FIRST_SCREEN])
    if boxes is None:
        return []
    problems = [f"no {what} on the page" for what in FIRST_SCREEN if what not in boxes]
    problems += [f"{what} not on the first screen: y {top}–{bottom} px, the screen ends at {PHONE['height']} px"
                 for what, (top, bottom) in boxes.items() if top < 0 or bottom > PHONE["height"] + 1]
    return problems


@pytest.fixture
def phone(browser) -> Iterator[Callable[[str, str], Page]]:
    """``phone(language)``: a new browser context of a 390×844 phone in ``language``, its page waiting as long as a
    busy machine needs (:data:`LOADED_MS`); closed after the test."""
    contexts = []

    def open_phone(language: str) -> Page:
        contexts.append(browser.new_context(viewport=PHONE, locale=LOCALES[language]))
        page = contexts[-1].new_page()
        page.set_default_timeout(LOADED_MS)
        return page

    yield open_phone
    for context in contexts:
        context.close()


#: the pages in two halves, each walked by a test of its own (two workers share the walk of every page): every other
#: page, so that each half has its share of the explainers (their boards are walked too) and of the other pages
HALVES = {"odd pages": PAGES[::2], "even pages": PAGES[1::2]}


@pytest.mark.parametrize("language", list(LOCALES))
@pytest.mark.parametrize("half", list(HALVES))
def test_nothing_is_cut_off_on_a_phone(phone, app_url, wait_for_app, screenshot, half, language):
    """Every page in turn (of one half of :data:`HALVES`), in one phone's browser (each page a new session opened from
    its link, as a student opens one); every page's problems gathered, then reported together. The browser has two
    tabs: while one tab's page is walked, the next page opens in the other (its first run overlaps the walk), once this
    one is drawn; the tab walked is in front."""
    pages = HALVES[half]
    first = phone(language)
    tabs, problems = [first, first.context.new_page()], []
    tabs[1].set_default_timeout(LOADED_MS)

    def open_in(tab: Page, url_path: str) -> None:
        tab.goto(f"{app_url}/{url_path}?lang={language}", wait_until="commit")

    def check(page: Page, name: str, state: str) -> None:
        found = page.evaluate(CUT_OFF) + first_screen(page)
        problems.extend(f"{name} ({language}, {state}): {what}" for what in found)
        screenshot(page, f"phone_{name}_{language}_{state}")

    open_in(tabs[0], pages[0]["url_path"])
    for index, info in enumerate(pages):
        name, page = info["name"], tabs[index % 2]
        page.bring_to_front()
        wait(page, wait_for_app)
        expect(page).to_have_url(re.compile(rf"/{re.escape(info['url_path'])}(\?|$)"))  # (this tab's page)
        if index + 1 < len(pages):  # (after a run has drawn a page: two first runs at once on a fresh server race)
            open_in(tabs[(index + 1) % 2], pages[index + 1]["url_path"])
        check(page, name, "step1")
        if show_all(page, wait_for_app):
            check(page, name, "all")
        if not page.locator(f"{STAGE} {BUILDER}").count():
            continue
        # an explainer page of the board: a longer board from a share link (a new session in the same browser), and
        # the teacher's drag: its last item to the top, as it reaches a following student; then every step
        page.goto(f"{app_url}/{board_link(info['url_path'], ITEMS, language)}")
        wait(page, wait_for_app)
        wait_for_lanes(page).evaluate("lanes => lanes.scrollIntoView({block: 'center'})")
        items = lane_items(page)
        drag_before(page, items.last, items.first)
        expect(lane_items(page).first).to_have_attribute("data-name", f"d{ITEMS}")
        wait(page, wait_for_app)
        check(page, name, f"{ITEMS}items_dragged")
        show_all(page, wait_for_app)
        check(page, name, f"{ITEMS}items_all")
    assert not problems, "cut off on a 390×844 phone:\n" + "\n".join(problems)
