"""Handout & presenter view: the current board's worked example as Markdown, LaTeX and CSV, and
one rank at a time in large type for the projector."""

import streamlit as st

from metrics import MetricsInputError, ap_steps, ndcg_steps, precision_steps, rr_steps
from metrics.explanation import num
from metrics.handout import (LABELS, csv_tables, escape_markdown, file_stem, latex_handout, markdown_handout,
                             presenter_steps)
from ui import explainer, state
from ui.dataset import shown_title
from ui.i18n import N_, language, t
from ui.page import end_page
from ui.quiz_text import localize, localized

PAGE = "handout"

TITLE = N_("Handout & presenter view")
INTRO = N_("The worked example of the board, ready to hand out: the formula with your numbers and the step "
           "table, as Markdown, LaTeX or CSV. The presenter view shows one rank at a time in large type.")
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
                     "min_k_relevant": "min(K, R)"}
PRESENTER = N_("Presenter view")
PRESENTER_HELP = N_("One rank at a time in large type, with Previous / Next.")
DOWNLOADS = N_("Download")
PREVIEW = N_("Preview of the handout")
PREVIOUS, NEXT = N_("◀ Previous"), N_("Next ▶")
STEP = N_("Step {current} of {total}")
NOTHING = N_("The board has no ranked item: put some items into the ranking first.")
MARKDOWN_FILE, LATEX_FILE = N_("Markdown (.md)"), N_("LaTeX (.tex)")
#: the download label of each CSV table of metrics.handout.csv_tables, by key
CSV_FILES = {"steps": N_("steps table (.csv)"), "ideal": N_("ideal table (.csv)")}

#: the presenter's sentences (metrics.handout.presenter_steps), as templates for ui.quiz_text.localize
SENTENCE = N_("{where}: {text}")
WHERE = (N_("rank {rank} · {item}"), N_("rank {rank}"), N_("step {rank} · {item}"), N_("step {rank}"))
PRESENTER_TEMPLATES = (
    N_("gain {gain}, discount log2({next}) = {discount}, adds {added} → DCG {dcg}"),
    N_("relevant, {hits} hits in the top {rank}: precision {h}/{r} = {precision}, adds {counted} → sum {sum}, "
       "{so_far}"),
    N_("relevant, {hits} hit in the top {rank}: precision {h}/{r} = {precision}, adds {counted} → sum {sum}, "
       "{so_far}"),
    N_("not relevant: adds nothing, the sum stays {sum}, {so_far}"),
    N_("the first relevant item → RR = 1/{rank} = {value}"),
    N_("after the first hit: RR ignores it, stays 1/{first} = {value}"),
    N_("relevant, {hits} hits → {value}"),
    N_("relevant, {hits} hit → {value}"),
    N_("not relevant, {hits} hits → {value}"),
    N_("not relevant, {hits} hit → {value}"),
)
#: the presenter's words without numbers
PRESENTER_WORDS = (N_("AP = 0 (no relevant item)"), N_("not relevant: no hit yet, RR so far 0"),
                   N_("AP so far"), N_("sum of precisions"), N_("RR so far"))

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


def sentence(step) -> str:
    """A presenter step's sentence in the reader's language (item names are left as they are)."""
    if language() == "en":
        return step.sentence
    for unit, (with_item, without) in (("rank", WHERE[:2]), ("step", WHERE[2:])):
        where = f"{unit} {step.rank} · {step.item}" if step.item else f"{unit} {step.rank}"
        if step.sentence.startswith(where + ": "):
            text = step.sentence[len(where) + 2:]
            shown = t(with_item if step.item else without).format(rank=step.rank, item=step.item)
            return t(SENTENCE).format(where=shown, text=localize(text, templates=PRESENTER_TEMPLATES))
    return step.sentence


def presenter(explanation, metric: str) -> None:
    steps = presenter_steps(explanation)
    total = len(steps)
    key = state.page_key(PAGE, "presenter_step")
    st.session_state[key] = current = min(max(st.session_state.get(key, 1), 1), total)
    back, where, forward = st.columns([1, 2, 1], vertical_alignment="center")
    back.button(t(PREVIOUS), key=state.page_key(PAGE, "previous"), on_click=_move, args=(key, -1, total),
                disabled=current <= 1, width="stretch")
    forward.button(t(NEXT), key=state.page_key(PAGE, "next"), on_click=_move, args=(key, 1, total),
                   disabled=current >= total, width="stretch", type="primary")
    where.progress(current / total, text=t(STEP).format(current=current, total=total))
    step = steps[current - 1]
    st.markdown(PRESENTER_STYLE, unsafe_allow_html=True)  # static CSS written here, no user text
    with st.container(key=state.page_key(PAGE, "presenter"), border=True):
        st.markdown(f"# {escape_markdown(sentence(step))}")
        st.latex(step.term)
        for i, (column, (label, value)) in enumerate(zip(st.columns(len(step.running)), step.running)):
            column.metric(t(label), f"{value:.4f}" if i == 0 else num(value, 4))  # the headline to 4 decimals
    explainer.step_table(explanation.table, current, hit_column=None if metric == "nDCG" else "relevant")


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
        column.download_button(t(CSV_FILES.get(name, f"{name} table (.csv)")), text, file_name=f"{stem}-{name}.csv",
                               mime="text/csv",
                               key=state.page_key(PAGE, f"csv_{name}"), on_click="ignore",
                               icon=":material/table:", width="stretch")
    st.subheader(t(PREVIEW))
    with st.container(border=True):
        st.markdown(markdown)


st.title(t(TITLE))
st.markdown(t(INTRO))
board = state.board()
st.markdown(t(BOARD_LINE).format(title=escape_markdown(shown_title(board.title) or t(UNTITLED)),
                                 ranking=escape_markdown(", ".join(board.ranking) or "—"), k=board.k))
st.page_link("pages/ndcg.py", label=t(EDIT_LINK), icon=":material/edit:")

left, right = st.columns([3, 1], vertical_alignment="bottom")
metric = left.segmented_control(t(METRIC), list(CONVENTIONS), default="nDCG", required=True,
                                key=state.page_key(PAGE, "metric"))
show_presenter = right.toggle(t(PRESENTER), key=state.page_key(PAGE, "presenter_on"), help=t(PRESENTER_HELP))
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

if show_presenter:
    presenter(explanation, metric)
else:
    handout(explanation, shown_title(board.title))
