"""Handout & presenter view: the current board's worked example as Markdown, LaTeX and CSV, and
one rank at a time in large type for the projector."""

import streamlit as st

from metrics import MetricsInputError, ap_steps, ndcg_steps, precision_steps, rr_steps
from metrics.explanation import num
from metrics.handout import csv_tables, escape_markdown, file_stem, latex_handout, markdown_handout, presenter_steps
from ui import explainer, state

PAGE = "handout"

TITLE = "Handout & presenter view"
INTRO = ("The worked example of the board, ready to hand out: the formula with your numbers and the step "
         "table, as Markdown, LaTeX or CSV. The presenter view shows one rank at a time in large type.")
BOARD_LINE = "**On the board:** {title} · ranking {ranking} · K = {k}"
EDIT_LINK = "Change the ranking, K or the conventions on the nDCG page"
METRIC = "Metric"
CONVENTIONS = {
    "nDCG": "Gain: {gain}; ideal ordering from {ideal} (as on the nDCG page).",
    "AP": "Divided by {denominator}; relevant when grade ≥ {threshold:g} (as on the AP page).",
    "RR": "Reciprocal rank with cut-off K; relevant when grade ≥ {threshold:g}.",
    "P@K": "Precision at K; relevant when grade ≥ {threshold:g} (as on the P / R / F1 page).",
}
IDEAL_NAMES = {"judged": "all judged items", "list": "the list only"}
DENOMINATOR_NAMES = {"relevant": "all relevant items R", "found": "the hits found", "min_k_relevant": "min(K, R)"}
PRESENTER = "Presenter view"
PRESENTER_HELP = "One rank at a time in large type, with Previous / Next."
DOWNLOADS = "Download"
PREVIEW = "Preview of the handout"
PREVIOUS, NEXT = "◀ Previous", "Next ▶"
STEP = "Step {current} of {total}"
NOTHING = "The board has no ranked item: put some items into the ranking first."

#: static style for the presenter view only (no user text here)
PRESENTER_STYLE = """<style>
.st-key-handout__presenter h1 { font-size: 3rem; line-height: 1.3; }
.st-key-handout__presenter [data-testid="stMetricValue"] { font-size: 3.4rem; }
.st-key-handout__presenter [data-testid="stMetricLabel"] p { font-size: 1.5rem; }
.st-key-handout__presenter .katex { font-size: 2em; }
</style>"""


def _k(board, maximum: int) -> int:
    """The board's K, clipped as the explainer pages' K slider clips it."""
    return min(board.k, max(1, maximum))


def explain(board, metric: str):
    """The same core call the metric's explainer page makes, with the board's K and conventions."""
    rels, items, threshold = board.rels(), board.ranking, board.threshold
    if metric == "nDCG":
        return ndcg_steps(rels, k=_k(board, max(len(items), len(board.judged()))), gain=board.gain,
                          ideal=board.ideal_grades(), items=items, ideal_items=board.ideal_items())
    k = _k(board, len(items))
    if metric == "AP":
        return ap_steps(rels, k=k, n_relevant=board.n_relevant(threshold), denominator=board.ap_denominator,
                        items=items, threshold=threshold)
    if metric == "RR":
        return rr_steps(rels, k=k, items=items, threshold=threshold)
    return precision_steps(rels, k, items=items, threshold=threshold)


def _move(key: str, offset: int, total: int) -> None:
    st.session_state[key] = min(max(st.session_state.get(key, 1) + offset, 1), total)


def presenter(explanation, metric: str) -> None:
    steps = presenter_steps(explanation)
    total = len(steps)
    key = state.page_key(PAGE, "presenter_step")
    st.session_state[key] = current = min(max(st.session_state.get(key, 1), 1), total)
    back, where, forward = st.columns([1, 2, 1], vertical_alignment="center")
    back.button(PREVIOUS, key=state.page_key(PAGE, "previous"), on_click=_move, args=(key, -1, total),
                disabled=current <= 1, width="stretch")
    forward.button(NEXT, key=state.page_key(PAGE, "next"), on_click=_move, args=(key, 1, total),
                   disabled=current >= total, width="stretch", type="primary")
    where.progress(current / total, text=STEP.format(current=current, total=total))
    step = steps[current - 1]
    st.markdown(PRESENTER_STYLE, unsafe_allow_html=True)  # static CSS written here, no user text
    with st.container(key=state.page_key(PAGE, "presenter"), border=True):
        st.markdown(f"# {escape_markdown(step.sentence)}")
        st.latex(step.term)
        for i, (column, (label, value)) in enumerate(zip(st.columns(len(step.running)), step.running)):
            column.metric(label, f"{value:.4f}" if i == 0 else num(value, 4))  # the headline to 4 decimals
    explainer.step_table(explanation.table, current, hit_column=None if metric == "nDCG" else "relevant")


def handout(explanation, title: str) -> None:
    markdown = markdown_handout(explanation, title)
    stem = file_stem(explanation)
    st.markdown(f"**{DOWNLOADS}**")
    tables = csv_tables(explanation)
    columns = st.columns(2 + len(tables))
    columns[0].download_button("Markdown (.md)", markdown, file_name=f"{stem}.md", mime="text/markdown",
                               key=state.page_key(PAGE, "md"), on_click="ignore", icon=":material/description:",
                               width="stretch")
    columns[1].download_button("LaTeX (.tex)", latex_handout(explanation, title), file_name=f"{stem}.tex",
                               mime="application/x-tex", key=state.page_key(PAGE, "tex"), on_click="ignore",
                               icon=":material/functions:", width="stretch")
    for column, (name, text) in zip(columns[2:], tables.items()):
        column.download_button(f"{name} table (.csv)", text, file_name=f"{stem}-{name}.csv", mime="text/csv",
                               key=state.page_key(PAGE, f"csv_{name}"), on_click="ignore",
                               icon=":material/table:", width="stretch")
    st.subheader(PREVIEW)
    with st.container(border=True):
        st.markdown(markdown)


st.title(TITLE)
st.markdown(INTRO)
board = state.board()
st.markdown(BOARD_LINE.format(title=escape_markdown(board.title or "(untitled)"),
                              ranking=escape_markdown(", ".join(board.ranking) or "—"), k=board.k))
st.page_link("pages/ndcg.py", label=EDIT_LINK, icon=":material/edit:")

left, right = st.columns([3, 1], vertical_alignment="bottom")
metric = left.segmented_control(METRIC, list(CONVENTIONS), default="nDCG", required=True,
                                key=state.page_key(PAGE, "metric"))
show_presenter = right.toggle(PRESENTER, key=state.page_key(PAGE, "presenter_on"), help=PRESENTER_HELP)
st.caption(CONVENTIONS[metric].format(gain=board.gain, ideal=IDEAL_NAMES.get(board.ideal, board.ideal),
                                      denominator=DENOMINATOR_NAMES.get(board.ap_denominator, board.ap_denominator),
                                      threshold=board.threshold))

if not board.ranking:
    st.warning(NOTHING)
    st.stop()
try:
    explanation = explain(board, metric)
except MetricsInputError as error:
    st.error(str(error))
    st.stop()

if show_presenter:
    presenter(explanation, metric)
else:
    handout(explanation, board.title)
