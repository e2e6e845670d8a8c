"""The articles' examples: every worked example of the five source articles, the article's number
beside the exact one, why they differ, and one click to load the example into the builder; and the
articles' conceptual errors (a wrong definition, name or formula), each with the article's words and
the correction."""

import streamlit as st

from metrics.teaching.articles import VERDICT_MEANING
from ui.i18n import N_, headers, language, t
from ui.i18n.sentences import localize
from ui.session import state
from ui.shell.page import end_page
from ui.teaching import explainer
from ui.topics import articles

PAGE = "articles"

TITLE = N_("The articles' examples — checked")
INTRO = N_("Five Chinese blog posts on ranking metrics, and every number they compute: what the article says, "
           "the exact value, and why the two differ. **Load** an example to put it on the shared board, then "
           "open the page that explains it step by step.")
INTRO_ZH = ("五篇讲排序指标的中文博客，逐一核对其中算出的每个数：文章的数、精确值，以及二者为何不同。"
            "点击“载入”把例子放到排序面板上，再打开对应页面逐步查看。")
PROBLEMS = N_("What the articles get wrong")
LEGEND = N_("What the verdicts and colours mean")
LEGEND_COLOURS = N_("Red rows: the article is wrong (a wrong number, a wrong method, or code that fails). "
                    "Amber: only rounded.")
SOURCE = N_("Source file: `shared/seeds/{file}`")
HEADER = N_("Article {number}: {title}")
CARD = N_("{example} · {section}")  #: an example's heading
DESCRIPTION_ZH = "中文"
WHY = N_("Why")
WHY_ZH = "为什么不同 · 中文说明"
PROBLEMS_ZH = "问题 · 中文"  #: in English mode: the article's problems in Chinese
PROBLEMS_OF = N_("What this article gets wrong")  #: the same expander in 中文
NO_WHY = N_("Every number the article prints here is right.")
NUMBERS = N_("Wrong numbers and failing code")  #: the overview's first list
CONCEPTS = N_("Conceptual errors: what the articles say that is not so")  #: the overview's second list
CONCEPTS_OF = N_("Conceptual errors in this article")  #: an article tab's section
CONCEPT_LINE = N_("- **{number}** · {where}: {quote} — {wrong}")
SAYS = N_("**The article says:** {quote}")
WRONG = N_("**What is wrong:** {text}")
RIGHT = N_("**Correct:** {text}")
CONCEPT_ZH = "错在哪里 · 中文说明"  #: in English mode: the error and its correction in Chinese
DIVISORS = N_("The divisors the article used at each rank, beside log2(i+1): red where it used another logarithm.")
LOAD = N_("Load into the builder")
LOAD_ONE = N_("Load {label} into the builder")
LOADED = N_("On the board now: “{title}”. Open an explainer page to see it step by step.")
TOAST = N_("Loaded “{title}” into the builder")


def _load(key: str) -> None:
    """Put an example's board on the shared board (and make it the Reset target)."""
    state.set_board(articles.board(key), origin=True)
    st.session_state[state.PRESET] = key
    st.session_state[state.page_key(PAGE, "loaded")] = key


def _bullets(reasons: list[tuple[str, str]]) -> str:
    return "\n".join(t("- **{quantity}:** {text}").format(quantity=articles.markdown_text(quantities),
                                                         text=articles.markdown_text(text))
                      for quantities, text in reasons)


def findings_table(example_id: str):
    """The claimed-vs-exact table, coloured by verdict, in the reader's language."""
    table = articles.findings_table(example_id)
    if language() != "zh":
        return table.style.apply(articles.row_style, axis=1)
    styles = table.apply(articles.row_style, axis=1, result_type="expand")  # from the English verdicts
    shown = table.copy()
    for column in ("verdict", "the article says"):
        shown[column] = shown[column].map(t)
    # a quantity with words is a message (its template and fields), which the table's strings no longer are
    shown["quantity"] = [localize(f.quantity) for f in articles.example_findings(example_id)]
    shown = headers(shown)
    styles.index, styles.columns = shown.index, shown.columns
    return shown.style.apply(lambda _frame: styles, axis=None)


def divisors_table(example_id: str) -> None:
    """The divisors the article used at each rank beside log2(i+1), and the term with each (article 003)."""
    st.caption(t(DIVISORS))
    table = articles.divisors_table(example_id)
    styles = articles.divisor_styles(example_id)
    shown = table.rename(columns=t)
    st.dataframe(shown.style.apply(lambda row: [styles[row.name]] * len(row), axis=1), hide_index=True,
                 width="stretch", height=explainer.table_height(len(shown)),
                 key=state.page_key(PAGE, f"divisors_{example_id}"))


def concept_error(error) -> None:
    """One conceptual error of an article: where, the article's words, what is wrong, the correction."""
    zh = language() == "zh"
    with st.container(border=True, key=state.page_key(PAGE, f"concept_{error.key}")):
        st.markdown(f"**{articles.markdown_text(error.where_zh if zh else error.where_en)}**")
        st.markdown(t(SAYS).format(quote=articles.quote(error)))
        st.markdown(t(WRONG).format(text=articles.markdown_text(error.wrong_zh if zh else error.wrong_en)))
        st.markdown(t(RIGHT).format(text=articles.markdown_text(error.correction_zh if zh else error.correction_en)))
        if not zh:
            with st.expander(CONCEPT_ZH):
                st.markdown(articles.markdown_text(error.wrong_zh) + "\n\n"
                            + articles.markdown_text(error.correction_zh))


def concept_lines(language_code: str) -> str:
    """The overview's list of conceptual errors: article, where, the article's words, what is wrong."""
    zh = language_code == "zh"
    return "\n".join(t(CONCEPT_LINE).format(number=article.number, quote=articles.quote(error),
                                            where=articles.markdown_text(error.where_zh if zh else error.where_en),
                                            wrong=articles.markdown_text(error.wrong_zh if zh else error.wrong_en))
                     for article in articles.ARTICLES for error in articles.article_concept_errors(article))


def example_card(example: dict) -> None:
    example_id = example["id"]
    zh = language() == "zh"
    with st.container(border=True, key=state.page_key(PAGE, f"card_{example_id}")):
        st.subheader(t(CARD).format(example=example_id, section=t(example["section"])))
        if zh:
            st.markdown(articles.markdown_text(example["description_zh"]))
        else:
            english, chinese = st.columns(2)
            english.markdown(articles.markdown_text(example["description_en"]))
            chinese.markdown(f"**{DESCRIPTION_ZH}.** {articles.markdown_text(example['description_zh'])}")

        table = findings_table(example_id)
        st.dataframe(table, hide_index=True, width="stretch", height=explainer.table_height(len(table.data)))
        if articles.has_divisors(example_id):
            divisors_table(example_id)

        if zh:
            reasons = articles.whys(example_id, "zh", name=t, sep="、")
            if reasons:
                st.markdown(f"**{t(WHY)}**\n\n" + _bullets(reasons))
        else:
            reasons = articles.whys(example_id, "en")
            if reasons:
                st.markdown(f"**{WHY}**\n\n" + _bullets(reasons))
                with st.expander(WHY_ZH):
                    st.markdown(_bullets(articles.whys(example_id, "zh")))
        if not reasons:
            st.caption(t(NO_WHY))

        keys = articles.board_keys(example_id)
        links = articles.pages(example_id)
        columns = st.columns(max(len(keys) + len(links), 3))
        for column, key in zip(columns, keys):
            label = articles.board_label(example_id, key)
            column.button(t(LOAD_ONE).format(label=label) if label else t(LOAD),
                          key=state.page_key(PAGE, f"load_{key}"), on_click=_load, args=(key,),
                          icon=":material/upload:", type="primary", width="stretch")
        for column, (path, label, icon) in zip(columns[len(keys):], links):
            column.page_link(path, label=t(label), icon=icon)
        on_board = [key for key in keys if articles.board(key) == state.board()]
        if on_board:
            st.success(t(LOADED).format(title=t(articles.board(on_board[0]).title)), icon=":material/check_circle:")


zh = language() == "zh"
st.title(t(TITLE))
if zh:
    st.markdown(INTRO_ZH)
else:
    st.markdown(INTRO)
    st.caption(INTRO_ZH)

if articles.examples_missing():  # sample_data/article_examples.json could not be read at start-up
    end_page()

loaded = st.session_state.pop(state.page_key(PAGE, "loaded"), None)
if loaded is not None:
    st.toast(t(TOAST).format(title=t(articles.board(loaded).title)), icon=":material/check_circle:")

with st.expander(t(PROBLEMS), expanded=True):
    st.markdown(f"**{t(NUMBERS)}**\n\n" + "\n".join(
        f"- **{article.number}** · {articles.markdown_text(problem)}"
        for article in articles.ARTICLES for problem in (article.problems_zh if zh else article.problems_en)))
    st.markdown(f"**{t(CONCEPTS)}**\n\n" + concept_lines(language()))
with st.expander(t(LEGEND)):
    st.caption(t(LEGEND_COLOURS))
    st.markdown("\n".join(f"- **{t(verdict)}** — {t(meaning)}" for verdict, meaning in VERDICT_MEANING.items()))

# one article at a time (tabs built only while open): 13 example cards at once are slow to draw
tabs = explainer.lazy_tabs(PAGE, "article", [f"{article.number} · {t(article.tab or article.title_zh)}"
                                             for article in articles.ARTICLES])
for tab, article in zip(tabs, articles.ARTICLES):
    if tab is None:
        continue
    with tab:
        st.header(t(HEADER).format(number=article.number, title=article.title_zh if zh else article.title_en))
        if zh:
            st.markdown(articles.markdown_text(article.summary_zh))
        else:
            st.markdown(f"{articles.markdown_text(article.summary_en)}  \n{articles.markdown_text(article.summary_zh)}")
        st.caption(t(SOURCE).format(file=article.file))
        if article.problems_zh:
            with st.expander(t(PROBLEMS_OF) if zh else PROBLEMS_ZH):
                st.markdown("\n".join(f"- {articles.markdown_text(problem)}" for problem in article.problems_zh))
        concepts = articles.article_concept_errors(article)
        if concepts:
            st.subheader(t(CONCEPTS_OF))
            for error in concepts:
                concept_error(error)
        found = articles.article_examples(article)
        if not found:
            if zh:
                st.info(articles.NO_EXAMPLE_ZH, icon=":material/info:")
            else:
                st.info(f"{articles.NO_EXAMPLE_EN}\n\n{articles.NO_EXAMPLE_ZH}", icon=":material/info:")
        for example in found:
            example_card(example)
