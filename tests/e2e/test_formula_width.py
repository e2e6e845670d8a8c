"""Real browser: the worked formulas of a K = 20 board fit an ~800 px box at the app's 18 px font
(long sums are folded to their first and last two terms; metrics.explanation.LINE_WIDTH_EM)."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from metrics import ap_steps, ndcg_steps
from tests.e2e.navigation import show_all_steps
from ui.data.share import PARAM, encode_board
from ui.model.board import Board

pytestmark = pytest.mark.e2e

RELS = [3, 2, 1, 0, 1, 2, 3, 1, 2, 0, 1, 1, 2, 3, 0, 1, 2, 1, 0, 2]
BOX_PX = 800


def formula_widths(page) -> list[float]:
    """The drawn width of every display formula on the page, in CSS pixels (its content, however wide
    the column that holds it)."""
    return page.locator(".katex-display .katex-html").evaluate_all("nodes => nodes.map(node => node.scrollWidth)")


@pytest.mark.parametrize(("path", "expected"), [
    ("ndcg", ndcg_steps(RELS, 20, gain="exponential", ideal=RELS)),
    ("ap", ap_steps(RELS, 20, n_relevant=sum(g >= 1 for g in RELS))),
])
def test_a_k20_formula_fits_the_box(new_session, wait_for_app, screenshot, path, expected):
    board = Board.from_ranking(RELS, [f"d{i}" for i in range(1, 21)], k=20, gain="exponential")
    page = new_session(f"{path}?{PARAM}={quote(encode_board(board))}", {"width": 1280, "height": 720})
    show_all_steps(page, wait_for_app)  # a shared board opens at step 1
    expect(page.get_by_test_id("stMetricValue").filter(has_text=f"{expected.value:.4f}").first).to_be_visible()
    lines = len(expected.worked.split(r" \\ "))
    expect(page.locator(".katex-display")).not_to_have_count(0)
    widths = formula_widths(page)
    assert len(widths) >= lines  # the worked lines (after step 1 the general formula is one click away)
    screenshot(page, f"formula-width-{path}")
    assert max(widths) <= BOX_PX, widths
