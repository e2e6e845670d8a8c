"""Why does my library give another number? The board's ranking scored under each library's conventions, the
cause of each difference step by step, the number a reader pasted, and a whole uploaded run."""

import streamlit as st

from metrics import MetricsInputError
from metrics.conventions import CHOICES
from ui.classroom.lessons.links import lesson_links
from ui.i18n import headers, t
from ui.ranking.builder import ranking_builder
from ui.session import state
from ui.shell.page import end_page
from ui.shell.safe import plain
from ui.teaching import explainer, lecture
from ui.topics import conventions as lib
from ui.topics.choices import choice_label, options_text

PAGE = lib.PAGE
REFERENCE = lib.REFERENCE
GROUPS = lib.GROUPS

st.title(t("Why does my library give another number?"))
lesson_links("conventions")  # the lessons that walk through this page
st.caption(t("One ranking, scored the way each library scores it with its default settings."))
board = ranking_builder(expanded=False)

slider, legend = st.columns([1, 2], gap="large")
with slider:
    k = explainer.k_slider(PAGE, max(len(board.ranking), len(board.judged())))
legend.markdown(t("**Highlighted:** a number that differs from trec_eval's (grey: by rounding only); a range: the "
                  "library leaves the order of tied items undefined. **—** : the library has no such measure. Rows "
                  "name each measure as the libraries do (RR has no cut-off in trec_eval)."))
table_area = st.container()
editor, ordering = st.columns([1, 2], gap="large")
with editor:
    st.markdown(t("**Scores** — give two items the same score to create a tie"))
    lib.score_editor(board)
board = state.board()

if not board.ranking:
    table_area.info(lecture.missing(board) if not board.grades
                    else t("Rank at least one item (in the builder above) to compare the libraries."))
    end_page()

try:
    values = lib.scored(board, k)
    text, mask = lib.results_table(board, k, values)
except MetricsInputError as error:
    table_area.error(t("Cannot score this board: {error}").format(error=error))
    end_page()

text.index.name = mask.index.name = t(text.index.name)
table_area.dataframe(lib.styled(text, mask), width="stretch")
for line in lib.ranges(values):
    table_area.caption(plain(line))
with ordering:
    st.markdown(t("**The order each library reads** — by score, highest first; {…}: a tie group whose gain "
                  "is averaged, or whose order the library leaves undefined"))
    if board.run_order:
        st.caption(t("A query of a run: every library reads the run file's list, so those that keep the input "
                     "order break ties as the file lists them."))
    # a static table: its cells wrap, so a long order is never cut
    st.table(headers(lib.orders(*lib.library_input(board))).style.hide(axis="index"))

st.subheader(t("Why they differ"))
different = [key for key in GROUPS if REFERENCE not in GROUPS[key] and mask[lib.group_name(GROUPS[key])].any()]
if not different:
    st.success(t("On this ranking every library agrees with trec_eval. Try real grades, ties in the scores, "
                 "a relevant item left in the pool, or K smaller than the list."))
for column, key in zip(st.columns(2, gap="large") * len(different), different):
    with column.container(border=True):
        lib.library_card(board, k, key, mask[lib.group_name(GROUPS[key])], values[key])

lib.paste_section(board, k)
lib.run_section(k)

st.subheader(t("The choices, library by library"))
choice_text, choice_mask = lib.choices_table()
st.dataframe(lib.styled(choice_text, choice_mask), width="stretch", height=explainer.table_height(len(choice_text)))
with st.expander(t("What the options mean")):
    st.markdown("\n".join(f"- **{choice_label(setting)}** — " + options_text(setting) for setting in CHOICES))

explainer.about(
    rewards=t("Knowing which convention produced a number: the same ranking gives different nDCG, AP or RR "
              "depending on the gain, the ideal ordering, the AP denominator, cut-offs and how ties are broken."),
    use=t("Before comparing your number with a paper's or another library's: name the library and its "
          "settings, or compute both ways."),
    pitfalls=t("Ties in the scores are broken differently (item id, input order, or averaged), so a model "
               "that outputs many equal scores gets different numbers in different libraries. Real-valued grades "
               "are truncated by some libraries, and binary libraries ignore the grade levels altogether."))
