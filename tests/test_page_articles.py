"""The articles page (AppTest): every example shows the article's number beside the exact one and
loads into the builder; the explainer pages then show the example's exact values."""

from __future__ import annotations

import doctest
from types import SimpleNamespace

import pytest

import ui.articles
from metrics import ndcg_steps
from metrics.teaching.articles import examples, findings
from tests.apptest_helpers import metric, open_page, show_all
from ui import articles, state
from ui.presets import PRESETS

PAGE = "pages/articles.py"
ALL_KEYS = [(example_id, key) for example_id in examples() for key in articles.board_keys(example_id)]


ELEMENTS = ("dataframe", "markdown", "caption", "info", "expander", "header", "subheader", "button", "tabs")


def every_tab(at) -> SimpleNamespace:
    """The page's elements over all its article tabs (only the open tab is built): each tab is
    opened in turn, as a reader would click it, and its elements are collected in tab order."""
    seen = {name: [] for name in ELEMENTS}
    for tab in [tab.label for tab in at.tabs]:
        at.session_state[state.page_key("articles", "article")] = tab
        at.run()
        assert not at.exception, [e.message for e in at.exception]
        for name in ELEMENTS:
            seen[name] += [e for e in getattr(at, name) if name != "tabs" or not seen["tabs"]]
    return SimpleNamespace(**seen)


def open_card(app_test, example_id: str):
    """The articles page with the tab of the article that holds ``example_id`` open."""
    at = open_page(app_test, PAGE)
    [article] = [a for a in articles.ARTICLES if example_id in [ex["id"] for ex in articles.article_examples(a)]]
    at.session_state[state.page_key("articles", "article")] = article.tab_label
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


@pytest.fixture
def articles_page(app_test):
    return every_tab(open_page(app_test, PAGE))


def tables_by_example(at):
    """The findings table of each example card, keyed by example id (cards are in file order)."""
    ids = [ex["id"] for article in articles.ARTICLES for ex in articles.article_examples(article)]
    frames = [frame.value for frame in at.dataframe]
    assert len(frames) == len(ids)
    return dict(zip(ids, frames))


def page_text(at) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption] + [i.value for i in at.info]
    parts += [e.label for e in at.expander] + [h.value for h in at.header] + [s.value for s in at.subheader]
    return "\n".join(parts)


def test_the_catalogue_covers_every_example_and_board():
    assert set(ui.articles._BOARDS_OF) == set(examples())
    for example_id, key in ALL_KEYS:
        board = articles.board(key)
        assert board.ranking and board.title.startswith("Article " + example_id[:3])
        assert articles.pages(example_id)
    assert [a.number for a in articles.ARTICLES] == ["000", "001", "002", "003", "004"]
    assert articles.article_examples(articles.ARTICLES[2]) == []
    assert doctest.testmod(ui.articles).failed == 0


def test_page_renders_every_article_and_example(articles_page):
    assert [tab.label for tab in articles_page.tabs] == [a.tab_label for a in articles.ARTICLES]
    tables = tables_by_example(articles_page)
    assert set(tables) == set(examples())
    text = page_text(articles_page)
    for ex in examples().values():
        assert ex["section"] in text
    assert articles.NO_EXAMPLE_EN in text  # article 002
    loads = [b for b in articles_page.button if b.key.startswith("articles__load_")]
    assert len(loads) == len(ALL_KEYS)
    assert all(b.label.startswith("Load") and b.label.endswith("into the builder") for b in loads)


def test_every_number_sits_beside_the_exact_one(articles_page):
    tables = tables_by_example(articles_page)
    for f in findings():
        table = tables[f.example]
        row = table[table["quantity"] == f.quantity]
        assert len(row) == 1, (f.example, f.quantity)
        assert row["exact"].iloc[0] == f"{f.correct:.4f}"
        assert row["the article says"].iloc[0] == articles.printed(f.claimed, f.quantity)
        assert row["verdict"].iloc[0] == f.verdict
    ndcg003 = tables["003_ndcg"].set_index("quantity")
    assert ndcg003.loc["nDCG@5", "the article says"] == "0.861"
    assert ndcg003.loc["nDCG@5", "exact"] == "0.8645"
    assert ndcg003.loc["DCG@5", "the article says"] == "38.23"
    p003 = tables["003_precision"].set_index("quantity")
    assert (p003.loc["P@5", "the article says"], p003.loc["P@5", "exact"]) == ("0.8", "0.6000")
    lists000 = tables["000_ndcg_lists"].set_index("quantity")
    assert (lists000.loc["DCG (list_1)", "the article says"], lists000.loc["DCG (list_1)", "exact"]) == ("1.52", "1.5149")


def test_the_named_problems_are_explained(articles_page):
    text = page_text(articles_page)
    for phrase in ("Rounded logarithms", "np.asfarray", "NumPy 2.0", "`pred_item in pred_items`", "adds ranks",
                   "that is recall, not a hit rate", "getDCG does not sum", "A shifted discount", "0.861", "0.8645"):
        assert phrase in text, phrase
    # the why of each example, in English on the page and in Chinese in its expander
    for f in findings():
        if f.why_en:
            assert articles.markdown_text(f.why_en) in text
            assert articles.markdown_text(f.why_zh) in text


def test_descriptions_are_shown_literally(articles_page):
    # 003_precision's Chinese description holds "[1, 1, 0, 1, 0](来自代码注释)": not a link
    text = page_text(articles_page)
    assert r"\[1, 1, 0, 1, 0\](来自代码注释)" in text
    assert "[1, 1, 0, 1, 0](来自代码注释)" not in text


@pytest.mark.parametrize(("example_id", "key"), ALL_KEYS)
def test_every_example_loads_into_the_builder(app_test, example_id, key):
    at = open_card(app_test, example_id)
    at.button(key=state.page_key("articles", f"load_{key}")).click().run()
    assert not at.exception, [e.message for e in at.exception]
    board = articles.board(key)
    assert at.session_state[state.BOARD] == board
    assert at.session_state[state.ORIGIN] == board
    assert at.session_state[state.PRESET] == key
    assert any(board.title in s.value for s in at.success)
    # the page that explains it shows this board, with no exception
    path = articles.pages(example_id)[0][0]
    at.switch_page(path).run()
    assert not at.exception, [e.message for e in at.exception]
    assert at.session_state[state.BOARD].ranking == board.ranking


def test_article_003_loads_and_the_ndcg_page_shows_the_exact_value(app_test):
    at = open_card(app_test, "003_ndcg")
    at.button(key="articles__load_003_ndcg").click().run()
    show_all(at.switch_page("pages/ndcg.py").run())
    board = PRESETS["003_ndcg"]
    exact = ndcg_steps(board.rels(), k=5, gain="exponential", ideal=board.ideal_grades())
    assert metric(at, exact.measure) == "0.8645" == f"{exact.value:.4f}"
    assert metric(at, "DCG@5") == "39.4604"  # the article says 38.23


def test_loading_one_example_marks_only_its_card(app_test):
    at = open_card(app_test, "001_mrr_queries")
    at.button(key="articles__load_001_mrr_torus").click().run()
    successes = [s.value for s in at.success]
    assert len(successes) == 1 and "torus" in successes[0]
    assert at.toast and "torus" in at.toast[0].value


def test_the_problem_lines_quote_the_computed_numbers():
    by = {(f.example, f.quantity): f for f in findings()}
    rounded = by[("000_ndcg_lists", "DCG (list_1)")]
    for text in (articles.ARTICLES[0].problems_en[0], articles.ARTICLES[0].problems_zh[0]):
        assert f"{rounded.claimed:g}" in text and f"{rounded.correct:.4f}" in text
    shifted = by[("003_ndcg", "nDCG@5")]
    for text in (articles.ARTICLES[3].problems_en[0], articles.ARTICLES[3].problems_zh[0]):
        assert f"{shifted.claimed:g}" in text and f"{shifted.correct:.4f}" in text
        assert all(divisor in text for divisor in ("2.585", "3.17", "3.459"))
    precision = by[("003_precision", "P@5")]
    assert f"{precision.correct:g}" in articles.ARTICLES[3].problems_en[1]
    assert by[("001_hit_ap_mrr", "hit() = HR@5")].article_method == 3 / 8
