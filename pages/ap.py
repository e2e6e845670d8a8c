"""AP / MAP: the precision at each hit, averaged; MAP across the uploaded queries."""

import streamlit as st

from metrics import ap_steps
from ui import charts, explainer, many_queries, state
from ui.builder import ranking_builder
from ui.i18n import N_, t

PAGE = "ap"
#: the metric label of the denominator, one whole label per choice (word order differs in Chinese)
DENOMINATOR_LABELS = {"relevant": N_("Denominator D (relevant)"), "found": N_("Denominator D (found)"),
                      "min_k_relevant": N_("Denominator D (min k relevant)")}

st.title(t("AP / MAP — average precision"))
board = ranking_builder()

controls, result = st.columns([1, 2])
with controls:
    k = explainer.k_slider(PAGE, max(len(board.ranking), 1))
    explainer.convention_radio(PAGE, "ap_denominator", t("Divide by"))
    threshold = explainer.threshold_input(PAGE)
board = state.board()
R = board.n_relevant(threshold)
explanation = ap_steps(board.rels(), k=k, n_relevant=R, denominator=board.ap_denominator,
                       items=board.ranking, threshold=threshold)
with result:
    first, second, third = st.columns(3)
    first.metric(explanation.measure, f"{explanation.value:.4f}")
    second.metric(t("Relevant items R"), R)
    third.metric(t(DENOMINATOR_LABELS[board.ap_denominator]), explanation.details["D"])
    explainer.let_the_numbers_show(PAGE, explanation.value, R, explanation.details["D"])
    explainer.formula(explanation)
    st.caption(t("Only the ranks with a hit add their precision; misses add nothing but push later hits down."))

st.subheader(t("Step by step"))
step = explainer.step_control(PAGE, len(explanation.table))
explainer.step_table(explanation.table, step)
st.plotly_chart(charts.precision_at_ranks(explanation.table, step), width="stretch")

st.subheader(t("MAP: the mean over queries"))
many_queries.mean_over_queries(PAGE, "AP", k, board, "MAP")

explainer.about(
    rewards=t("Relevant items early in the list: each hit contributes the precision at its rank, so a hit at "
              "rank 1 counts fully and later hits count less when misses come before them."),
    use=t("Binary relevance, a user who wants many of the relevant items (search, retrieval evaluation); MAP "
          "is the mean of AP over queries."),
    pitfalls=t("The denominator decides the number: dividing by the hits found forgives relevant items that "
               "were never retrieved; trec_eval divides by all relevant items R. Graded relevance is reduced "
               "to relevant / not relevant by a threshold."))
