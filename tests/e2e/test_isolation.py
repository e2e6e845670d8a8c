"""Sessions keep their own board: several browser contexts (each a Streamlit session of its own) open
the app on different boards — one of them a single item, one with nothing ranked — and, after all of
them are open, each still shows its own ranking and numbers on another page. No exception box
anywhere (issue 12)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from metrics import ap_steps
from tests.e2e.lanes import lane_names, wait_for_lanes
from tests.e2e.navigation import go_to, show_all_steps
from ui.data.share import encode_board
from ui.model.board import Board

pytestmark = pytest.mark.e2e

SESSIONS = 4  #: browser contexts open at once: one item, nothing ranked, two ordinary boards (2 cores, CI time)
VIEWPORT = {"width": 1400, "height": 1600}


def board(session: int) -> Board:
    """Session ``session``'s board: its own item names and grades. Session 0: one item; session 1:
    nothing ranked (every item in the pool)."""
    if session == 0:
        return Board(grades={"s0-only": 2.0}, ranking=("s0-only",), k=1)
    items = [f"s{session}-d{j}" for j in range(1, 2 + session % 5 + 2)]
    grades = {item: float((session + j) % 4) for j, item in enumerate(items)}
    if session == 1:
        return Board(grades=grades, ranking=(), k=3)
    return Board(grades=grades, ranking=tuple(items), k=min(3, len(items)))


def metric_value(page: Page, prefix: str) -> str:
    metric = page.get_by_test_id("stMetric").filter(has=page.get_by_text(re.compile("^" + re.escape(prefix))))
    expect(metric).to_have_count(1)
    return metric.get_by_test_id("stMetricValue").inner_text().strip()


def expected_ap(example: Board) -> str:
    k = min(example.k, max(len(example.ranking), 1))
    value = ap_steps(example.rels(), k=k, n_relevant=example.n_relevant(example.threshold),
                     denominator=example.ap_denominator, items=example.ranking, threshold=example.threshold).value
    return f"{value:.4f}"


def test_sessions_keep_their_own_boards(app_url: str, browser: Browser, wait_for_app):
    pages = []
    try:
        # every session opens its board from a link, on the nDCG page: the first, then the others all at once (two
        # first runs at once on a fresh server race: a page run alone, outside app.py)
        for session in range(SESSIONS):
            context = browser.new_context(viewport=VIEWPORT)
            page = context.new_page()
            page.set_default_timeout(90_000)
            page.goto(f"{app_url}/ndcg?b={encode_board(board(session))}", wait_until="commit")
            if not session:
                wait_for_app(page)
            pages.append(page)
        for page in pages:
            wait_for_app(page)
            expect(page.get_by_test_id("stMain").get_by_role("heading", level=1).first).to_have_text(re.compile("^nDCG"))

        for page in pages:  # then each moves to the AP page, the moves running together
            go_to(page, url_path="ap")
        for session, page in enumerate(pages):
            example = board(session)
            expect(page).to_have_url(re.compile(r"/ap(\?|$)"))
            wait_for_app(page)
            wait_for_lanes(page)
            assert lane_names(page) == list(example.ranking), session
            assert lane_names(page, "pool") == example.pool, session
            if not example.ranking:  # nothing ranked: the page says what is missing
                expect(page.get_by_text("Rank at least one item")).to_be_visible()
                continue
            show_all_steps(page, wait_for_app)
            assert metric_value(page, "AP") == expected_ap(example), session
    finally:
        for page in pages:
            page.context.close()
