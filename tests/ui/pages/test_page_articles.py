"""The articles page (AppTest): every example shows the article's number beside the exact one and
loads into the builder; the explainer pages then show the example's exact values."""

from __future__ import annotations

import doctest
from types import SimpleNamespace

import pytest

import ui.topics.articles
from metrics import ndcg_steps
from metrics.teaching.articles import article_divisors, concept_errors, examples, findings
from tests.apptest_helpers import metric, open_page, show_all
from tests.visible_text import ascii_punctuation, item_names, untranslated, visible_strings
from ui.locale import catalog
from ui.model.presets import PRESETS
from ui.session import state
from ui.topics import articles

ZH = catalog("zh")  # English -> 中文: the catalogue's plain entries

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

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
    frames = [frame.value for frame in at.dataframe if "quantity" in frame.value.columns]  # not 003's divisors
    assert len(frames) == len(ids)
    return dict(zip(ids, frames))


def page_text(at) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption] + [i.value for i in at.info]
    parts += [e.label for e in at.expander] + [h.value for h in at.header] + [s.value for s in at.subheader]
    return "\n".join(parts)


def test_the_catalogue_covers_every_example_and_board():
    assert set(ui.topics.articles._BOARDS_OF) == set(examples())
    for example_id, key in ALL_KEYS:
        board = articles.board(key)
        assert board.ranking and board.title.startswith("Article " + example_id[:3])
        assert articles.pages(example_id)
    assert [a.number for a in articles.ARTICLES] == ["000", "001", "002", "003", "004"]
    assert articles.article_examples(articles.ARTICLES[2]) == []
    assert doctest.testmod(ui.topics.articles).failed == 0


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
                   "that is recall, not a hit rate", "getDCG does not sum", "Wrong logarithms", "0.861", "0.8645"):
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
        divisors = article_divisors("003_ndcg")
        for row in divisors[divisors["wrong"]].itertuples():  # the logarithms, as computed
            assert f"{row.printed} = log2({row.n})" in text
    precision = by[("003_precision", "P@5")]
    assert f"{precision.correct:g}" in articles.ARTICLES[3].problems_en[1]
    assert by[("001_hit_ap_mrr", "hit() = HR@5")].article_method == 3 / 8


# ------------------------------------------------------------------------------------------------
# conceptual errors and 003's divisors

def open_tab(app_test, number: int, language: str):
    """The articles page in ``language`` with the tab of article ``number`` (0-4) open."""
    at = open_page(app_test, PAGE, language=language)
    article = articles.ARTICLES[number]
    tab = article.tab or article.title_zh
    label = ZH.get(tab, tab) if language == "zh" else tab
    at.session_state[state.page_key("articles", "article")] = f"{article.number} · {label}"
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    assert at.header[0].value.startswith(("文章 " if language == "zh" else "Article ") + article.number)
    return at


@pytest.mark.parametrize("language", ["en", "zh"])
def test_every_concept_error_is_shown_in_the_overview_and_its_tab(app_test, language):
    at = every_tab(open_page(app_test, PAGE, language=language))
    text = page_text(at)
    zh = language == "zh"
    for error in concept_errors():
        where, wrong, right = ((error.where_zh, error.wrong_zh, error.correction_zh) if zh
                               else (error.where_en, error.wrong_en, error.correction_en))
        assert f"`{error.quote_zh}`" in text, error.key  # the article's words, verbatim
        for part in (where, wrong, right):
            assert articles.markdown_text(part) in text, (error.key, part)
        if not zh:  # the Chinese explanation too, in its expander
            assert articles.markdown_text(error.wrong_zh) in text
            assert articles.markdown_text(error.correction_zh) in text
        # the overview's line names the article, the place, the words and what is wrong
        article = error.article[:3]
        line = (f"- **{article}** · {articles.markdown_text(where)}{'：' if zh else ': '}`{error.quote_zh}`"
                f"{'——' if zh else ' — '}{articles.markdown_text(wrong)}")
        assert line in text, line
    assert ("概念错误：文章中说错的地方" if zh else "Conceptual errors: what the articles say that is not so") in text
    # the numbers, as computed, in the reader's language
    assert "0.6667" in text and "1 / 2 = 0.5" in text  # MRR vs the reciprocal of the mean rank
    assert "0.3867" in text and "0.5333" in text  # mean of every P@k vs AP, article 000's q1


@pytest.mark.parametrize("language", ["en", "zh"])
def test_article_002_tab_shows_its_errors(app_test, language):
    at = open_tab(app_test, 2, language)
    zh = language == "zh"
    [subheader] = [s.value for s in at.subheader]
    assert subheader == ("本文的概念错误" if zh else "Conceptual errors in this article")
    errors = articles.article_concept_errors(articles.ARTICLES[2])
    assert [e.key for e in errors] == ["002_mrr_name", "002_mrr_first_item"]
    for error in errors:
        texts = [m.value for m in at.markdown]
        assert any(f"`{error.quote_zh}`" in m for m in texts)
        assert any(articles.markdown_text(error.correction_zh if zh else error.correction_en) in m for m in texts)
    assert "平均排名的倒数" in page_text(at) and "它只关注列表中的第一个项目" in page_text(at)
    assert not [d for d in at.dataframe]  # still no numeric example
    assert (articles.NO_EXAMPLE_ZH if zh else articles.NO_EXAMPLE_EN) in page_text(at)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_article_003_card_shows_the_divisors_it_used(app_test, language):
    at = open_tab(app_test, 3, language)
    zh = language == "zh"
    [table] = [d.value for d in at.dataframe if ("文章的分母" if zh else "the article divides by") in d.value.columns]
    columns = (["名次", "增益 2^rel − 1", "文章的分母", "即", "正确的分母 log2(i+1)", "按文章分母的项", "按 log2(i+1) 的项"]
               if zh else ["rank", "gain 2^rel − 1", "the article divides by", "which is", "right divisor log2(i+1)",
                           "term with the article's divisor", "term with log2(i+1)"])
    assert list(table.columns) == columns
    divisor, which, right, term_article, term = (table[c].tolist()[:5] for c in columns[2:])
    assert divisor == ["1", "1.585", "2.585", "3.17", "3.459"]  # as printed
    assert which == ["log2(2)", "log2(3)", "log2(6)", "log2(9)", "log2(11)"]
    assert right == ["log2(2) = 1.000", "log2(3) = 1.585", "log2(4) = 2.000", "log2(5) = 2.322", "log2(6) = 2.585"]
    assert term_article == ["15.0000", "19.5584", "1.1605", "2.2082", "0.2891"]
    assert term == ["15.0000", "19.5588", "1.5000", "3.0147", "0.3869"]
    assert table.iloc[-1].tolist()[-2:] == ["38.2162", "39.4604"]  # DCG@5 both ways; the exact one is 39.4604
    assert DIVISOR_CAPTION[language] in [c.value for c in at.caption]


DIVISOR_CAPTION = {
    "en": "The divisors the article used at each rank, beside log2(i+1): red where it used another logarithm.",
    "zh": "文章在每个名次上用的分母，与 log2(i+1) 对照：红色行是文章用了别的对数。"}


def test_every_tab_in_chinese_has_no_english_sentence_and_chinese_punctuation(app_test):
    """The language tests open the first tab only; the conceptual errors are in every tab."""
    for number in range(len(articles.ARTICLES)):
        at = open_tab(app_test, number, "zh")
        left = untranslated(at, item_names(at))
        marks = [f"{text[:100]!r}: {ascii_punctuation(text)}" for text in visible_strings(at) if ascii_punctuation(text)]
        assert not left and not marks, (number, left, marks)
