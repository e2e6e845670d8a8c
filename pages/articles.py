"""The articles' examples: every worked example of the five source articles, the article's number
beside the exact one, why they differ, and one click to load the example into the builder."""

import streamlit as st

from metrics.articles import VERDICT_MEANING
from ui import articles, explainer, state

PAGE = "articles"

TITLE = "The articles' examples — checked"
INTRO = ("Five Chinese blog posts on ranking metrics, and every number they compute: what the article says, "
         "the exact value, and why the two differ. **Load** an example to put it on the shared board, then "
         "open the page that explains it step by step.")
INTRO_ZH = ("五篇讲排序指标的中文博客,逐一核对其中算出的每个数:文章的数、精确值,以及二者为何不同。"
            "点击“载入”把例子放到排序面板上,再打开对应页面逐步查看。")
PROBLEMS = "What the articles get wrong"
LEGEND = "What the verdicts and colours mean"
LEGEND_COLOURS = "Red rows: the article is wrong (a wrong number, a wrong method, or code that fails). Amber: only rounded."
SOURCE = "Source file: `shared/seeds/{file}`"
DESCRIPTION_ZH = "中文"
WHY = "Why"
WHY_ZH = "为什么不同 · 中文说明"
NO_WHY = "Every number the article prints here is right."
LOAD = "Load into the builder"
LOAD_ONE = "Load {label} into the builder"
LOADED = "On the board now: “{title}”. Open an explainer page to see it step by step."
TOAST = "Loaded “{title}” into the builder"


def _load(key: str) -> None:
    """Put an example's board on the shared board (and make it the Reset target)."""
    state.set_board(articles.board(key), origin=True)
    st.session_state[state.PRESET] = key
    st.session_state[state.page_key(PAGE, "loaded")] = key


def _bullets(reasons: list[tuple[str, str]]) -> str:
    return "\n".join(f"- **{articles.markdown_text(quantities)}:** {articles.markdown_text(text)}"
                     for quantities, text in reasons)


def example_card(example: dict) -> None:
    example_id = example["id"]
    with st.container(border=True, key=state.page_key(PAGE, f"card_{example_id}")):
        st.subheader(f"{example_id} · {example['section']}")
        english, chinese = st.columns(2)
        english.markdown(articles.markdown_text(example["description_en"]))
        chinese.markdown(f"**{DESCRIPTION_ZH}.** {articles.markdown_text(example['description_zh'])}")

        table = articles.findings_table(example_id)
        st.dataframe(table.style.apply(articles.row_style, axis=1), hide_index=True, width="stretch",
                     height=explainer.table_height(len(table)))

        reasons = articles.whys(example_id, "en")
        if reasons:
            st.markdown(f"**{WHY}**\n\n" + _bullets(reasons))
            with st.expander(WHY_ZH):
                st.markdown(_bullets(articles.whys(example_id, "zh")))
        else:
            st.caption(NO_WHY)

        keys = articles.board_keys(example_id)
        links = articles.pages(example_id)
        columns = st.columns(max(len(keys) + len(links), 3))
        for column, key in zip(columns, keys):
            label = articles.board_label(example_id, key)
            column.button(LOAD_ONE.format(label=label) if label else LOAD, key=state.page_key(PAGE, f"load_{key}"),
                          on_click=_load, args=(key,), icon=":material/upload:", type="primary", width="stretch")
        for column, (path, label, icon) in zip(columns[len(keys):], links):
            column.page_link(path, label=label, icon=icon)
        on_board = [key for key in keys if articles.board(key) == state.board()]
        if on_board:
            st.success(LOADED.format(title=articles.board(on_board[0]).title), icon=":material/check_circle:")


st.title(TITLE)
st.markdown(INTRO)
st.caption(INTRO_ZH)

loaded = st.session_state.pop(state.page_key(PAGE, "loaded"), None)
if loaded is not None:
    st.toast(TOAST.format(title=articles.board(loaded).title), icon=":material/check_circle:")

with st.expander(PROBLEMS, expanded=True):
    st.markdown("\n".join(f"- **{article.number}** · {articles.markdown_text(problem)}"
                          for article in articles.ARTICLES for problem in article.problems_en))
with st.expander(LEGEND):
    st.caption(LEGEND_COLOURS)
    st.markdown("\n".join(f"- **{verdict}** — {meaning}" for verdict, meaning in VERDICT_MEANING.items()))

tabs = st.tabs([article.tab_label for article in articles.ARTICLES])
for tab, article in zip(tabs, articles.ARTICLES):
    with tab:
        st.header(f"Article {article.number}: {article.title_en}")
        st.markdown(f"{articles.markdown_text(article.summary_en)}  \n{articles.markdown_text(article.summary_zh)}")
        st.caption(SOURCE.format(file=article.file))
        if article.problems_zh:
            with st.expander("问题 · 中文"):
                st.markdown("\n".join(f"- {articles.markdown_text(problem)}" for problem in article.problems_zh))
        found = articles.article_examples(article)
        if not found:
            st.info(f"{articles.NO_EXAMPLE_EN}\n\n{articles.NO_EXAMPLE_ZH}", icon=":material/info:")
        for example in found:
            example_card(example)
