"""nDCG: G → CG → DCG → IDCG → nDCG, for the ranking and for the ideal ordering."""

import streamlit as st

from metrics import ndcg_under_discounts
from ui import charts
from ui.classroom.lessons.links import lesson_links
from ui.i18n import t
from ui.ranking.builder import ranking_builder, title_text
from ui.session import state
from ui.teaching import explainer, lecture, pacing, presenter
from ui.topics import paced

PAGE = "ndcg"

st.title(t("nDCG — normalised discounted cumulative gain"))
ranking, numbers = lecture.stage()
with ranking:
    controls = lecture.controls()
    board = ranking_builder()
lecture.require_ranking(board, numbers)  # nothing ranked: say so (the builder is still drawn)
explanation, k = paced.ndcg(board)
presenter.present(PAGE, explanation, title_text(board.title) if board.title else "")  # full screen: the page ends
with numbers:
    pace = pacing.begin(PAGE, len(explanation.table))
    # the numbers first, then the controls that change them (callbacks): after a drag, the new value
    # reaches the browser before anything else of the page
    lecture.walk_through(PAGE, explanation, pace, board, *paced.ndcg_headline(explanation, k), hit_column=None)
st.session_state[state.BUILDER_IDEAL] = True  # the ideal ordering beside the ranking, rank by rank
with controls:
    explainer.k_slider(PAGE, paced.ndcg_depth(board))
    with lecture.conventions():
        explainer.convention_radio(PAGE, "gain", t("Gain"))
        explainer.convention_radio(PAGE, "ideal", t("Ideal ordering"))

step = pace.step
tables, gains, running, compared, discount = explainer.lazy_tabs(PAGE, "charts", [
    t("The whole tables"), t("Gain and discounted gain"), t("Running DCG vs IDCG"), t("Linear vs exponential gain"),
    t("Why log₂(i+1)?")])
if tables:
    with tables:
        st.markdown(t("**Your ranking**"))
        explainer.step_table(explanation.table, step, hit_column=None)
        st.markdown(t("**The ideal ordering**"))
        explainer.step_table(explanation.details["ideal_table"], step, hit_column=None)
if gains:
    gains.plotly_chart(charts.gain_bars(explanation.table, step), width="stretch")
if running:
    running.plotly_chart(charts.running_dcg(explanation.table, step), width="stretch")
if compared:  # the other gain's steps, computed only for this tab; both drawn up to the step
    other = "exponential" if board.gain == "linear" else "linear"
    counterpart, _ = paced.ndcg(board, gain=other)
    linear, exponential = (explanation, counterpart) if board.gain == "linear" else (counterpart, explanation)
    compared.plotly_chart(charts.gain_comparison(linear.table, exponential.table, step), width="stretch")
    if pace.complete:
        compared.caption(t("nDCG@{k}: linear gain {linear} · exponential gain {exponential}").format(
            k=k, linear=f"{linear.value:.4f}", exponential=f"{exponential.value:.4f}"))
    else:  # the values so far, as the headline gives them
        compared.caption(t("nDCG so far (step {i}): linear gain {linear} · exponential gain {exponential}").format(
            i=step, linear=f"{linear.running_at(step)['nDCG']:.4f}",
            exponential=f"{exponential.running_at(step)['nDCG']:.4f}"))
if discount:  # the same ranking under other discounts: final values only
    if pace.complete:
        frame = ndcg_under_discounts(board.rels(), k=k, ideal=board.ideal_grades(), gain=board.gain)
        discount.plotly_chart(charts.discount_choices(frame, len(explanation.table)), width="stretch")
        discount.caption(t(charts.DISCOUNT_NOTE))
    else:
        discount.info(t(charts.AFTER_LAST_STEP), icon=charts.AFTER_LAST_STEP_ICON)

explainer.about(
    rewards=t("Highly relevant items near the top. Grades count, not just hit or miss; each rank's gain is "
              "divided by log2(rank + 1), and the total is divided by the best possible total."),
    use=t("Graded relevance (0-3 stars, click/purchase levels) and a user who looks at the top of the list."),
    pitfalls=t("Linear and exponential gain give different numbers; so does an ideal ordering built from the "
               "list instead of all judged items. A query with no relevant item has IDCG = 0 (nDCG defined as 0). "
               "nDCG@k is not comparable across different k."))

lesson_links("ndcg")  # the lessons that walk through this page
