"""The reader behind the metric: a measure as a person reading the board's ranking (C/W/L, ui.topics.reader)."""

import streamlit as st

from metrics import MetricsInputError
from ui import charts
from ui.i18n import t
from ui.ranking.builder import ranking_builder, title_text
from ui.session import state
from ui.shell.page import end_page
from ui.shell.safe import plain
from ui.teaching import explainer, lecture, pacing, presenter
from ui.topics import reader

PAGE = "reader"
CHOICE, PERSISTENCE, TARGET = (state.page_key(PAGE, name) for name in ("model", "p", "T"))

st.title(t("The reader behind the metric"))
ranking, numbers = lecture.stage()
with ranking:
    controls = lecture.controls()
    board = ranking_builder()
choice = reader.picker(numbers, CHOICE)
lecture.require_ranking(board, numbers)  # nothing ranked: say so (the builder is still drawn)
p = round(float(st.session_state.get(PERSISTENCE, reader.DEFAULT_P)), 2)
T = int(st.session_state.get(TARGET, reader.DEFAULT_T))
try:
    explanation, top = reader.explain(board, choice, p, T)
except (MetricsInputError, ValueError) as error:  # (the gains are scaled into [0, 1]: not expected)
    with numbers:
        st.error(t("Not applied: {error}.").format(error=plain(state.message(error))), icon=":material/error:")
    end_page()
presenter.present(PAGE, explanation, title_text(board.title) if board.title else "")  # full screen: the page ends
total = len(explanation.table)
with numbers:
    pace = pacing.begin(PAGE, total)
    depth = explanation.details["ED"]
    shown_depth = lecture.value_text(depth) if pace.complete else t("after step {n}").format(n=total)
    lecture.walk_through(PAGE, explanation, pace, board, {"EU": explanation.measure},
                         {t("expected depth ED"): shown_depth}, hit_column=None, columns=reader.WINDOW_COLUMNS)
if pace.complete:  # ED on the builder's ranking, only once every step is shown (no spoilers)
    st.session_state[state.BUILDER_MARKER] = reader.depth_marker(depth)
with controls:
    explainer.k_slider(PAGE, max(len(board.ranking), 1))
    if choice == "RBP":
        st.slider(t("Persistence p"), 0.05, 0.95, reader.DEFAULT_P, step=0.05, key=PERSISTENCE,
                  help=t("The chance of going on after each rank: 0.5 an impatient reader, 0.95 a patient one."))
    elif choice == "INST":
        st.slider(t("Target T"), *reader.T_RANGE, reader.DEFAULT_T, step=1, key=TARGET,
                  help=t("How many relevant items' worth of gain the reader wants before she stops."))

st.caption(t(reader.READERS[choice]))
st.caption(t("Gains: grade / {top:g}, the largest grade on the board (unjudged items and grades below 0: 0); every "
             "item costs 1; the reader reads at most K = {k} ranks.").format(top=top, k=total)
           if top > 0 else t("No grade on the board is above 0: every gain is 0."))
unjudged = reader.unjudged_ranges(board, choice, p, T) if pace.complete else None  # final values: after the last step
kind, note = reader.unjudged_note(board, unjudged, explanation.value, pace.complete)
if note:  # the range the unjudged items leave EU in: a final value, shown after the last step
    (st.info if kind == "info" else st.caption)(note)
chart, whole = explainer.lazy_tabs(PAGE, "below", [t("C, W and L over the ranks"), t("The whole table")])
if chart:  # only the ranks walked so far; the expected depth once every step is shown (no spoilers)
    with chart:
        step = None if pace.complete else pace.step
        st.plotly_chart(charts.reader_curves(
            reader.shown_curves(explanation, step), total, depth if pace.complete else None,
            *((unjudged.shares, (explanation.value, unjudged.low, unjudged.high)) if unjudged else ())),
            width="stretch")
        if not pace.complete:
            st.caption(t("The expected depth ED is marked once every step is shown."))
        elif unjudged:
            st.caption(t("Purple: what each unjudged item can add, W(i)·g(i), whatever grade from 0 to {top:g} the "
                         "unjudged items get; in the column EU, the range of EU (green: EU with them as 0).").format(
                top=top))
if whole:
    with whole:
        explainer.step_table(explanation.table[reader.TABLE_COLUMNS], pace.step, hit_column=None)

explainer.about(
    rewards=t("Every measure is a model of a person reading the ranking from the top: after rank i she goes on "
              "with the chance C(i); rank i gets the share W(i) of her attention and is the last one she reads with "
              "the chance L(i). The measure is the gain she expects per item read, EU = Σ W(i)·g(i); the expected "
              "depth ED = 1/W(1) is how many ranks she reads on average. RBP, INST, nDCG, ERR, P@K and RR differ "
              "only in C(i)."),
    use=t("To see why two measures disagree on the same ranking (one reader stops early, another reads on), to "
          "choose a measure whose reader behaves like your users, and to set its parameter (RBP's p, INST's T) "
          "from how deep they read."),
    pitfalls=t("The reader is a model, not your users: fit p or T to logs before trusting it. Gains here are grades "
               "divided by the largest grade; other gain mappings give other numbers. Within the depth K the weights "
               "are scaled to sum to 1 (as cwl_eval does), so RBP here differs from RBP without a depth. Sources: "
               "Moffat, Bailey, Scholer, Thomas, ACM TOIS 35(3), 2017 (C/W/L); Azzopardi, Thomas, Moffat, SIGIR 2019 "
               "(the cwl_eval tool)."))
