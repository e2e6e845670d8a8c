"""More measures: bpref, interpolated precision, the counts, set measures, Rprec_mult, Judged@k, RBP,
ERR and nDCG with a gain map, explained on the board; GM_MAP over the uploaded queries' APs."""

import streamlit as st

from metrics import MetricsInputError, gm_map_steps
from ui import charts
from ui.i18n import relabel_choice, t
from ui.ranking.builder import ranking_builder, title_text
from ui.session import state
from ui.shell.page import end_page
from ui.shell.routes import page_file
from ui.shell.safe import plain
from ui.teaching import explainer, lecture, pacing, presenter
from ui.topics import more_measures

PAGE = "more"
CHOICE, P, MULT, GAINS = (state.page_key(PAGE, name) for name in ("measure", "p", "mult", "gains"))

st.title(t("More measures"))
ranking, numbers = lecture.stage()
with ranking:
    controls = lecture.controls()
    board = ranking_builder()
with numbers:
    # the labels translated now: AppTest calls format_func outside the run, where the language is unknown
    labels = {key: t(label) for key, label in more_measures.CHOICES.items()}
    relabel_choice(CHOICE)
    choice = st.selectbox(t("Measure"), list(labels), key=CHOICE, label_visibility="collapsed", format_func=labels.get)
if choice == "GM_MAP":
    with numbers:
        aps = more_measures.per_query_ap()
        if aps is None:
            st.info(t("GM_MAP is the geometric mean of AP over queries: upload a run and qrels (or load a sample) "
                      "to see it computed from each query's AP."), icon=":material/info:")
            st.page_link(page_file("upload"), label=t("Upload lists or load a sample"), icon=":material/upload_file:")
            end_page()
        explanation = gm_map_steps(aps.to_numpy(), list(aps.index))
        pace = pacing.begin(PAGE, len(explanation.table))
        lecture.headline(explanation, pace, {"GMAP": explanation.measure}, {t("MAP (arithmetic mean)"):
                                                                    explanation.details["MAP"]})
        pacing.step_bar(PAGE, pace, unit=more_measures.UNITS["GM_MAP"])
        with lecture.sized():  # as ui.teaching.lecture.walk_through: the formula, the step window, then the popovers
            folded = lecture.worked(explanation, pace, popovers=False)
            lecture.step_window(explanation.table, pace, hit_column=None, unit=more_measures.UNITS["GM_MAP"])
            lecture.formula_popovers(explanation, pace, folded)
    end_page()
lecture.require_ranking(board, numbers)  # nothing ranked: say so (the builder is still drawn)
k = explainer.current_k(max(len(board.ranking), 1))
try:
    gains = more_measures.parse_gains(st.session_state.get(GAINS, more_measures.DEFAULT_GAINS))
except MetricsInputError as error:
    gains = None
    with numbers:
        st.error(t("Not applied: {error}.").format(error=plain(state.message(error))), icon=":material/error:")
explanation = more_measures.explain(choice, board, k, p=st.session_state.get(P, 0.8),
                                    mult=st.session_state.get(MULT, 1.0), gains=gains)
presenter.present(PAGE, explanation, title_text(board.title) if board.title else "")  # full screen: the page ends
with numbers:
    pace = pacing.begin(PAGE, len(explanation.table))
    own = next(quantity for quantity, column in explanation.running.items() if column == explanation.column)
    marked = next((column for column in ("relevant", "judged") if column in explanation.table), None)
    lecture.walk_through(PAGE, explanation, pace, board, {own: explanation.measure},
                         more_measures.extra_numbers(choice, explanation, board), hit_column=marked,
                         unit=more_measures.UNITS.get(choice, "rank"))
with controls:
    if choice in more_measures.WITH_K:
        explainer.k_slider(PAGE, max(len(board.ranking), 1))
    if choice == "RBP":
        st.select_slider(t("Persistence p (the chance of reading on)"), options=more_measures.PERSISTENCES,
                         value=0.8, key=P)
    if choice == "Rprec_mult":
        st.select_slider(t("Multiple m of R"), options=more_measures.MULTIPLES, value=1.0, key=MULT)
    if choice == "nDCG_gains":
        st.text_input(t("Gain of each grade (grade:gain)"), value=more_measures.DEFAULT_GAINS, key=GAINS,
                      help=t("ir_measures writes nDCG(gains={0:0,1:1,2:3}); a grade left out keeps its grade as gain."))
    if choice not in more_measures.GRADED:
        with lecture.conventions():
            explainer.threshold_input(PAGE)

st.caption(t(more_measures.ABOUT[choice]))
if choice == "iprec":
    levels = explanation.table if pace.complete else explanation.table.iloc[:pace.step]  # the levels shown so far
    st.plotly_chart(charts.interpolated_precision(levels, explanation.details["points"]), width="stretch")
with st.expander(t("The whole table")):
    explainer.step_table(explanation.table, pace.step, hit_column=marked)
