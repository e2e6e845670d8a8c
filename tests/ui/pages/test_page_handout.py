"""The handout page (AppTest): the preview holds the board's values and the page offers its files (what the
files hold, as a browser saves them: tests/e2e/test_handout_downloads.py; presenter mode: tests/ui/test_presenter.py).
"""

from __future__ import annotations

import pytest

from metrics import ap_steps, ndcg_steps, precision_steps, rr_steps
from metrics.teaching.handout import markdown_handout
from tests.apptest_helpers import open_page
from ui.model.board import Board
from ui.model.presets import PRESETS

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

PAGE = "pages/handout.py"
METRICS = ("nDCG", "AP", "RR", "P@K")
HOSTILE = Board.from_ranking([2, 0, 1, 3], items=["<img src=x onerror=alert(1)>", "50%_&_$x$", "a|b", "=1+1"],
                             k=4, title="<script>alert(1)</script>")


def expected(board: Board, metric: str):
    """What the explainer pages compute for this board (the handout must show the same)."""
    rels, items, t = board.rels(), board.ranking, board.threshold
    k = min(board.k, len(items))
    if metric == "nDCG":
        return ndcg_steps(rels, k=min(board.k, max(len(items), len(board.judged()))), gain=board.gain,
                          ideal=board.ideal_grades(), items=items, ideal_items=board.ideal_items())
    if metric == "AP":
        return ap_steps(rels, k=k, n_relevant=board.n_relevant(t), denominator=board.ap_denominator, items=items,
                        threshold=t)
    if metric == "RR":
        return rr_steps(rels, k=k, items=items, threshold=t)
    return precision_steps(rels, k, items=items, threshold=t)


def download_keys(at) -> set[str]:
    """The keys of the page's download buttons (without the page prefix): the files it offers."""
    return {button.key.removeprefix("handout__") for button in at.get("download_button")}


def preview(at) -> str:
    """The handout's Markdown as the preview shows it (the same text as the .md file)."""
    return next(m.value for m in at.markdown if m.value.startswith("# "))


def choose(at, metric: str):
    at.button_group(key="handout__metric").set_value(metric).run()
    assert not at.exception, [e.message for e in at.exception]
    return at


@pytest.mark.parametrize("key", ["003_ndcg", "000_list_1", "001_hit_ap_mrr", "unjudged", "no_relevant", "ties"])
@pytest.mark.parametrize("metric", METRICS)
def test_the_page_previews_the_boards_handout_and_offers_its_files(app_test, key, metric):
    board = PRESETS[key]
    at = choose(open_page(app_test, PAGE, board), metric)
    explanation = expected(board, metric)
    assert download_keys(at) == {"md", "tex", "csv_steps"} | ({"csv_ideal"} if metric == "nDCG" else set())
    # the preview shows the Markdown handout of what the explainer pages compute
    assert markdown_handout(explanation, board.title).strip() in [m.value.strip() for m in at.markdown]
    for value in explanation.table[explanation.column]:
        assert f"{value:.4f}" in preview(at)


def test_the_article_003_handout_shows_the_exact_ndcg(app_test):
    at = open_page(app_test, PAGE, PRESETS["003_ndcg"])
    assert "**nDCG(gain=exp)@5 = 0.8645**" in preview(at)


def test_hostile_names_are_escaped_on_the_page(app_test):
    at = open_page(app_test, PAGE, HOSTILE)
    for metric in METRICS:
        choose(at, metric)
        shown = "\n".join(m.value for m in at.markdown)
        assert "<img" not in shown and "<script>" not in shown
        assert "&lt;img src=x onerror=alert(1)&gt;" in shown


def test_the_conventions_of_the_board_are_used(app_test):
    board = PRESETS["000_map_q1"]  # AP divided by the hits found, as in the article's code
    at = choose(open_page(app_test, PAGE, board), "AP")
    assert "hits found" in at.caption[0].value
    assert f"**{expected(board, 'AP').measure} = {expected(board, 'AP').value:.4f}**" in preview(at)


def test_an_empty_ranking_is_a_warning_not_an_error(app_test):
    at = open_page(app_test, PAGE, Board(grades={"a": 1, "b": 0}, ranking=(), k=2))
    assert at.warning and "no ranked item" in at.warning[0].value
