"""Precision, recall, F1 and hit rate at K, and R-precision."""

import streamlit as st

from metrics import cutoff_steps
from metrics.explanation import Column, render_latex
from metrics.measures.interpolated import iprec_steps
from ui import charts
from ui.classroom.lessons.links import lesson_links
from ui.i18n import N_, sentences, t
from ui.ranking.builder import ranking_builder
from ui.session import state
from ui.session.changes import show_change
from ui.teaching import explainer, lecture, pacing
from ui.topics import paced

PAGE = "cutoff"

st.title(t("Precision, recall, F1 and hit rate @K · R-precision"))
ranking, numbers = lecture.stage()
with ranking:
    controls = lecture.controls()
    board = ranking_builder()
lecture.require_ranking(board, numbers)  # nothing ranked: say so (the builder is still drawn)
measures = paced.cutoffs(board)
k, threshold, R, explanations = measures.k, board.threshold, measures.relevant, measures.explanations
rels, items = board.rels(), board.ranking
with numbers:
    pace = pacing.begin(PAGE, len(explanations["P"].table))
    explainer.let_the_numbers_show(PAGE, *paced.cutoff_headline(measures, pace))
    show_change(PAGE, explanations["P"].measure, explanations["P"].value if pace.complete else None, board.ranking)
    pacing.step_bar(PAGE, pace, unit=N_("cut-off K ="))
    st.caption(paced.cutoff_caption(board, R))
    with lecture.sized():
        with st.container(key="lecture_formula"):
            worked = paced.cutoff_worked(measures, pace)
            for pair in zip(worked[::2], worked[1::2]):
                for column, line in zip(st.columns(2), pair):
                    column.latex(sentences.tex(line))
        lecture.step_window(explanations["P"].table, pace)
st.session_state[state.BUILDER_STEP] = None if pace.complete else pace.step
with controls:
    explainer.k_slider(PAGE, max(len(board.ranking), 1))
    with lecture.conventions():
        explainer.threshold_input(PAGE)

curves, interpolated, whole, formulas = explainer.lazy_tabs(PAGE, "below", [
    t("Every cut-off K = 1 … N"), t("11-point interpolated precision"), t("The whole table"), t("Formulas")])
table = cutoff_steps(rels, max(len(rels), k), n_relevant=R, items=items, threshold=threshold)
so_far = table if pace.complete else table.iloc[:pace.step]  # every K once every step is shown
if curves:
    left, right = curves.columns(2)
    left.plotly_chart(charts.cutoff_curves(so_far, len(table)), width="stretch")
    right.plotly_chart(charts.precision_recall_curve(so_far), width="stretch")
if interpolated and not pace.complete:  # built from the precision at every rank
    interpolated.info(t(charts.AFTER_LAST_STEP), icon=charts.AFTER_LAST_STEP_ICON)
elif interpolated:  # trec_eval's iprec_at_recall: the staircase over the P-R points, and its 11 levels
    levels = iprec_steps(rels, n_relevant=R, items=items, threshold=threshold)
    left, right = interpolated.columns(2)
    left.plotly_chart(charts.interpolated_precision(levels.table, levels.details["points"]), width="stretch")
    with right:
        shown = levels.table[[Column.RECALL_LEVEL, Column.HITS_NEEDED, Column.FROM_RANK, Column.IPREC]]
        levels_shown = shown[Column.RECALL_LEVEL].map("{:g}".format)
        explainer.step_table(shown.assign(**{Column.RECALL_LEVEL: levels_shown}), None, hit_column=None)
        for line in render_latex(levels.lines_at()[-1:], width=lecture.FORMULA_WIDTH * 0.8):  # the mean of the 11
            st.latex(sentences.tex(line))
if whole:
    with whole:
        explainer.step_table(table, None if pace.complete else pace.step)
if formulas:
    for explanation in [*explanations.values(), measures.r_precision]:
        formulas.latex(sentences.tex(explanation.formula))
    if pace.complete:  # R-precision with its numbers: the headline shows it only then
        formulas.latex(sentences.tex(measures.r_precision.worked))

explainer.about(
    rewards=t("P@K: how much of the top K is relevant. R@K: how much of everything relevant is in the top K. "
              "F1@K balances the two. Hit@K: whether the top K holds anything relevant at all. R-precision: "
              "precision at the depth R where a perfect ranking would have found everything."),
    use=t("A fixed-size result page or recommendation slate (K = what the user sees)."),
    pitfalls=t("Order inside the top K does not matter. P@K divides by K even when fewer items were "
               "retrieved (trec_eval); R@K needs R, all relevant items, not only those retrieved. A 'hit "
               "ratio' computed as hits / |relevant| (article 001) is recall, not a hit rate."))

lesson_links("cutoff")  # the lessons that walk through this page
