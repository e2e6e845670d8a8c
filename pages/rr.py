"""RR / MRR: the rank of the first hit; MRR across the uploaded queries."""

import streamlit as st

from metrics import rr_curve
from ui import charts
from ui.classroom.lessons.links import lesson_links
from ui.data import many_queries
from ui.i18n import t
from ui.ranking.builder import ranking_builder, title_text
from ui.teaching import explainer, lecture, pacing, presenter
from ui.teaching.mean_steps import mean_section
from ui.topics import paced

PAGE = "rr"
CUT = paced.RR_CUT  #: the RR@K toggle's key

st.title(t("RR / MRR — reciprocal rank"))
ranking, numbers = lecture.stage()
with ranking:
    controls = lecture.controls()
    board = ranking_builder()
lecture.require_ranking(board, numbers)  # nothing ranked: say so (the builder is still drawn)
cut = st.session_state.get(CUT, False)
explanation, k = paced.rr(board, cut)
presenter.present(PAGE, explanation, title_text(board.title) if board.title else "")  # full screen: the page ends
with numbers:
    pace = pacing.begin(PAGE, len(explanation.table))
    rank = explanation.details["first_hit_rank"]
    lecture.walk_through(PAGE, explanation, pace, board, *paced.rr_headline(board, explanation, pace, k))
with controls:
    st.toggle(t("Stop at rank K (RR@K)"), key=CUT,
              help=t("trec_eval's recip_rank has no cut-off; ir_measures' RR@10, ranx mrr@k, RecBole "
                     "MRR@k and torchmetrics score 0 when the first hit is below rank K."))
    explainer.k_slider(PAGE, max(len(board.ranking), 1))  # RR uses it with the toggle on; the other pages always
    with lecture.conventions():
        explainer.threshold_input(PAGE)

chart, whole = explainer.lazy_tabs(PAGE, "below", [t("RR by the rank of the first hit"), t("The whole table")])
if chart:  # what RR would be for a first hit at every rank; this ranking's marked once its step is shown
    revealed = rank if pace.complete or (rank is not None and rank <= pace.step) else None
    chart.plotly_chart(charts.rr_by_first_hit(rr_curve(max(len(board.ranking), 1), k=k), first_hit=revealed, k=k),
                       width="stretch")
if whole:
    with whole:
        explainer.step_table(explanation.table, pace.step)

mean_section("MRR")  # MRR worked out over the built-in example, query by query
st.subheader(t("MRR: the mean over queries"))
many_queries.mean_over_queries(PAGE, "RR", k, board, "MRR")

explainer.about(
    rewards=t("Only the first relevant item: 1 at rank 1, 1/2 at rank 2, 1/3 at rank 3, ... Everything after "
              "the first hit is ignored."),
    use=t("Known-item search, question answering, navigational queries: the user needs one good answer."),
    pitfalls=t("Blind to the rest of the list; the steep drop (1 → 0.5 → 0.33) makes the mean sensitive to a few "
               "queries; with a cut-off, a first hit below K scores 0."))

lesson_links("rr")  # the lessons that walk through this page
