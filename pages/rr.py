"""RR / MRR: the rank of the first hit; MRR across the uploaded queries."""

import streamlit as st

from metrics import rr_steps
from ui import charts, explainer, many_queries, state
from ui.builder import ranking_builder
from ui.i18n import t

PAGE = "rr"

st.title(t("RR / MRR — reciprocal rank"))
board = ranking_builder()

controls, result = st.columns([1, 2])
with controls:
    cut = st.toggle(t("Stop at rank K (RR@K)"), value=False, key=f"{PAGE}_cut",
                    help=t("trec_eval's recip_rank has no cut-off; ir_measures' RR@10, ranx mrr@k, RecBole "
                           "MRR@k and torchmetrics score 0 when the first hit is below rank K."))
    k = explainer.k_slider(PAGE, max(len(board.ranking), 1)) if cut else None
    threshold = explainer.threshold_input(PAGE)
board = state.board()
explanation = rr_steps(board.rels(), k=k, items=board.ranking, threshold=threshold)
with result:
    first, second = st.columns(2)
    first.metric(explanation.measure, f"{explanation.value:.4f}")
    rank = explanation.details["first_hit_rank"]
    second.metric(t("First relevant item at rank"), rank if rank is not None else t("none"))
    explainer.let_the_numbers_show(PAGE, explanation.value)
    explainer.formula(explanation)

st.subheader(t("Step by step"))
step = explainer.step_control(PAGE, len(explanation.table))
explainer.step_table(explanation.table, step)
st.plotly_chart(charts.first_hit(explanation.table), width="stretch")

st.subheader(t("MRR: the mean over queries"))
many_queries.mean_over_queries(PAGE, "RR", k, board, "MRR")

explainer.about(
    rewards=t("Only the first relevant item: 1 at rank 1, 1/2 at rank 2, 1/3 at rank 3, ... Everything after "
              "the first hit is ignored."),
    use=t("Known-item search, question answering, navigational queries: the user needs one good answer."),
    pitfalls=t("Blind to the rest of the list; the steep drop (1 → 0.5 → 0.33) makes the mean sensitive to a few "
               "queries; with a cut-off, a first hit below K scores 0."))
