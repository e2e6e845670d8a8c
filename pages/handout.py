"""Handout & presenter view: the current board's worked example as Markdown, LaTeX and CSV, and
presenter mode (ui.teaching.presenter): one step at a time, full screen, for the projector."""

import streamlit as st

from metrics import MetricsInputError
from metrics.teaching import handout as handouts
from metrics.teaching.handout import LABELS, csv_tables, escape_markdown, file_stem, latex_handout, markdown_handout
from ui.data.dataset import shown_title
from ui.i18n import N_, t
from ui.i18n.sentences import localized
from ui.model.explain import explain as explained
from ui.session import state
from ui.shell.page import end_page
from ui.shell.routes import page_file
from ui.teaching import presenter

PAGE = "handout"

TITLE = N_("Handout & presenter view")
INTRO = N_("The worked example of the board, ready to hand out: the formula with your numbers and the step "
           "table, as Markdown, LaTeX or CSV. **Present** shows it one step at a time, full screen, for a "
           "projector, with a QR code of the board for the students' phones.")
BOARD_LINE = N_("**On the board:** {title} · ranking {ranking} · K = {k}")
UNTITLED = N_("(untitled)")
EDIT_LINK = N_("Change the ranking, K or the conventions on the nDCG page")
METRIC = N_("Metric")
CONVENTIONS = {
    "nDCG": N_("Gain: {gain}; ideal ordering from {ideal} (as on the nDCG page)."),
    "AP": N_("Divided by {denominator}; relevant when grade ≥ {threshold:g} (as on the AP page)."),
    "RR": N_("Reciprocal rank with cut-off K; relevant when grade ≥ {threshold:g}."),
    "P@K": N_("Precision at K; relevant when grade ≥ {threshold:g} (as on the P / R / F1 page)."),
}
IDEAL_NAMES = {"judged": N_("all judged items"), "list": N_("the list only")}
DENOMINATOR_NAMES = {"relevant": N_("all relevant items R"), "found": N_("the hits found"),
                     "min_k_relevant": N_("min(K, R)")}
DOWNLOADS = N_("Download")
PREVIEW = N_("Preview of the handout")
NOTHING = N_("The board has no ranked item: put some items into the ranking first.")
MARKDOWN_FILE, LATEX_FILE = N_("Markdown (.md)"), N_("LaTeX (.tex)")
#: the board measure (ui.model.explain) of each handout metric: RR with the cut-off K
HANDOUT_MEASURES = {"nDCG": "nDCG", "AP": "AP", "RR": "RR", "P@K": "P"}
#: the download label of each CSV table of metrics.teaching.handout.csv_tables, by key
#: the label of each table csv_tables writes (its keys: the steps, the ideal ordering)
CSV_FILES = {"steps": N_("steps table (.csv)"), "ideal": N_("ideal table (.csv)")}


def explain(board, metric: str):
    """The same call the metric's explainer page makes (ui.model.explain), with the board's K and conventions."""
    return explained(board, HANDOUT_MEASURES[metric])


def handout(explanation, title: str) -> None:
    """The downloads and the preview, written in the reader's language (headings, sentences, headers,
    the words of the formulas and tables)."""
    explanation = localized(explanation)
    labels = {key: t(text) for key, text in LABELS.items()}
    ideal = (explanation.details or {}).get("ideal_table")
    names = [*explanation.table.columns, *(ideal.columns if ideal is not None else [])]
    headers = {name: t(name) for name in names if isinstance(name, str)}
    markdown = markdown_handout(explanation, title, labels=labels, columns=headers)
    stem = file_stem(explanation)
    st.markdown(f"**{t(DOWNLOADS)}**")
    tables = csv_tables(explanation, columns=headers)
    columns = st.columns(2 + len(tables))
    columns[0].download_button(t(MARKDOWN_FILE), markdown, file_name=f"{stem}.md", mime="text/markdown",
                               key=state.page_key(PAGE, "md"), on_click="ignore", icon=":material/description:",
                               width="stretch")
    columns[1].download_button(t(LATEX_FILE), latex_handout(explanation, title, labels=labels, columns=headers),
                               file_name=f"{stem}.tex", mime="application/x-tex", key=state.page_key(PAGE, "tex"),
                               on_click="ignore",
                               icon=":material/functions:", width="stretch")
    for column, (name, text) in zip(columns[2:], tables.items()):
        column.download_button(t(CSV_FILES[name]), text, file_name=f"{stem}-{name}.csv",
                               mime="text/csv",
                               key=state.page_key(PAGE, f"csv_{name}"), on_click="ignore",
                               icon=":material/table:", width="stretch")
    st.subheader(t(PREVIEW))
    with st.container(border=True, key="handout_preview"):  # a wide table scrolls inside it on a phone (phone.css)
        st.markdown(markdown)


st.title(t(TITLE))
st.markdown(t(INTRO))
board = state.board()
title = shown_title(board.title) if board.title else ""  # a preset's title is translated with its template
st.markdown(t(BOARD_LINE).format(title=escape_markdown(title or t(UNTITLED)),
                                 ranking=escape_markdown(", ".join(board.ranking) or "—"), k=board.k))
st.page_link(page_file("ndcg"), label=t(EDIT_LINK), icon=":material/edit:")

left, right = st.columns([3, 1], vertical_alignment="bottom")
metric = left.segmented_control(t(METRIC), handouts.MEASURES, default=handouts.MEASURES[0], required=True,
                                key=state.page_key(PAGE, "metric"))
with right:
    presenter.present_button(PAGE)
st.caption(t(CONVENTIONS[metric]).format(gain=t(board.gain), ideal=t(IDEAL_NAMES.get(board.ideal, board.ideal)),
                                         denominator=t(DENOMINATOR_NAMES.get(board.ap_denominator,
                                                                             board.ap_denominator)),
                                         threshold=board.threshold))

if not board.ranking:
    st.warning(t(NOTHING))
    end_page()
try:
    explanation = explain(board, metric)
except MetricsInputError as error:
    st.error(str(error))
    end_page()

presenter.present(PAGE, explanation, title)  # in presenter mode: the current step full screen, and the page ends
handout(explanation, title)
