"""AP / MAP: the precision at each hit, averaged; MAP across the uploaded queries."""

import streamlit as st

from ui import charts
from ui.classroom.lessons.links import lesson_links
from ui.data import many_queries
from ui.i18n import t
from ui.ranking.builder import ranking_builder, title_text
from ui.teaching import explainer, lecture, pacing, presenter
from ui.teaching.mean_steps import mean_section
from ui.topics import paced

PAGE = "ap"

st.title(t("AP / MAP — average precision"))
ranking, numbers = lecture.stage()
with ranking:
    controls = lecture.controls()
    board = ranking_builder()
lecture.require_ranking(board, numbers)  # nothing ranked: say so (the builder is still drawn)
explanation, k = paced.ap(board)
presenter.present(PAGE, explanation, title_text(board.title) if board.title else "")  # full screen: the page ends
with numbers:
    pace = pacing.begin(PAGE, len(explanation.table))
    lecture.walk_through(PAGE, explanation, pace, board, *paced.ap_headline(board, explanation))
with controls:
    explainer.k_slider(PAGE, paced.ap_depth(board))
    with lecture.conventions():
        explainer.convention_radio(PAGE, "ap_denominator", t("Divide by"))
        explainer.threshold_input(PAGE)

st.caption(t("Only the ranks with a hit add their precision; misses add nothing but push later hits down."))
chart, whole = explainer.lazy_tabs(PAGE, "below", [t("Precision at each rank"), t("The whole table")])
if chart:
    chart.plotly_chart(charts.precision_at_ranks(explanation.table, pace.step), width="stretch")
if whole:
    with whole:
        explainer.step_table(explanation.table, pace.step)

mean_section("MAP")  # MAP worked out over the built-in example, query by query
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

lesson_links("ap")  # the lessons that walk through this page
