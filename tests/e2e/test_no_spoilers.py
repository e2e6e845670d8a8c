"""One step for the whole page, in a browser (issue 18): at step 1 of nDCG, AP, RR, P/R/F1 and the reader, every tab
below the walk-through is opened, and no value of a later step is in the page's visible text, chart
text included (titles, legends, bar labels, annotations; not the axes' tick labels, which are the scale).
After "Show all" the final values are there (and, on the reader page, the line at the expected depth ED across the
builder's ranking, absent at step 1)."""

from __future__ import annotations

from typing import Iterator

import pytest
from playwright.sync_api import Page, expect

import metrics
from tests.e2e.navigation import show_all_steps
from tests.spoilers import BOARD, four_decimals, later_values
from ui.data.share import PARAM, encode_board

pytestmark = pytest.mark.e2e

LOCALES = {"en": "en-US", "zh": "zh-CN"}
VIEWPORT = {"width": 1400, "height": 2400}
LOADED_MS = 90_000  #: a page's run, on a machine that runs other tests too
MAIN = '[data-testid="stMain"]'
DEPTH_MARKER = ".st-key-builder .lanes .marker"  #: the reader page's line at ED across the builder's ranking

#: JavaScript: the visible text of the main area, and the text of its charts (without tick labels)
VISIBLE_TEXT = """
() => {
  const main = document.querySelector('[data-testid="stMain"]');
  const shown = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const texts = [];
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const parent = walker.currentNode.parentElement;
    if (!parent || !shown(parent)) continue;
    // the AP / RR pages' MAP / MRR sections work out another example (ui/teaching/mean_steps.py), not the board
    if (parent.closest('.st-key-map__section, .st-key-mrr__section')) continue;
    const chart = parent.closest('svg');
    // a chart's text, but not its axes' tick labels (the scale, not values)
    if (chart && parent.closest('[class*="axislayer"], [class*="tick"]')) continue;
    texts.push(walker.currentNode.textContent);
  }
  return texts.join('\\n');
}
"""


def explanations(name: str) -> list:
    """The page's explanations on BOARD (as the page computes them: linear gain, all relevant items R)."""
    rels, k, R = BOARD.rels(), BOARD.k, BOARD.n_relevant(BOARD.threshold)
    if name == "ndcg":
        return [metrics.ndcg_steps(rels, k, gain, ideal=BOARD.ideal_grades()) for gain in ("linear", "exponential")]
    if name == "ap":
        return [metrics.ap_steps(rels, k, n_relevant=R)]
    if name == "rr":
        return [metrics.rr_steps(rels)]
    if name == "reader":  # the page's first reader, RBP(0.8), over the board's first K items (ui.topics.reader)
        from ui.topics import reader

        return [reader.explain(BOARD, "RBP")[0]]
    return [metrics.precision_steps(rels, k), metrics.recall_steps(rels, k, n_relevant=R),
            metrics.f1_steps(rels, k, n_relevant=R), metrics.hit_rate_steps(rels, k)]


@pytest.fixture
def sessions() -> Iterator[list]:
    """The browser contexts a test opens, closed after it."""
    contexts: list = []
    yield contexts
    for context in contexts:
        context.close()


def open_board(browser, app_url: str, name: str, language: str, contexts: list, wait) -> Page:
    """A new session on page ``name`` with BOARD (a shared link: it opens at step 1), in ``language``; waits
    for it longer than usual (a first load of a page with charts on a busy machine)."""
    context = browser.new_context(viewport=VIEWPORT, locale=LOCALES[language])
    contexts.append(context)
    page = context.new_page()
    page.set_default_timeout(LOADED_MS)
    page.goto(f"{app_url}/{name}?{PARAM}={encode_board(BOARD)}")
    wait(page, LOADED_MS)
    return page


def shown_text(page: Page) -> str:
    return page.evaluate(VISIBLE_TEXT)


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("name", ["ndcg", "ap", "rr", "cutoff", "reader"])
def test_no_tab_shows_a_later_step_at_step_1(sessions, browser, app_url, wait_for_app, screenshot, name, language):
    later = set().union(*(later_values(e) for e in explanations(name)))
    assert later, "the board has values that only later steps show"
    page = open_board(browser, app_url, name, language, sessions, wait_for_app)
    marker = page.locator(DEPTH_MARKER)  # the reader's expected depth on the ranking (in a shadow root: a locator)
    if name == "reader":
        expect(page.locator(".st-key-builder .lanes")).to_have_count(1)
        expect(marker).to_have_count(0)
    tabs = page.locator(f'{MAIN} [role="tab"]')
    expect(tabs.first).to_be_visible()
    for position in range(tabs.count()):
        tab = tabs.nth(position)
        tab.click()
        wait_for_app(page, LOADED_MS)
        expect(tab).to_have_attribute("aria-selected", "true")
        text = shown_text(page)
        leaked = later & four_decimals(text)
        if leaked:
            screenshot(page, f"spoiler_{name}_{language}_{position}")
        assert not leaked, (tab.inner_text(), sorted(leaked))
    # every step shown: the final values are on the page (the headline, and the tabs that held them back)
    show_all_steps(page, lambda page: wait_for_app(page, LOADED_MS))
    finals = {f"{e.value:.4f}" for e in explanations(name)[:1]}
    assert finals <= four_decimals(shown_text(page))
    if name == "reader":
        expect(marker).to_have_count(1)
        expect(marker).to_contain_text(f"= {explanations(name)[0].details['ED']:.4f}")
