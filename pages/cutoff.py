"""Precision, recall, F1 and hit rate at K, and R-precision."""

import streamlit as st

from metrics import cutoff_steps, f1_steps, hit_rate_steps, precision_steps, r_precision_steps, recall_steps
from ui import charts, explainer, state
from ui.builder import ranking_builder
from ui.i18n import N_, t

PAGE = "cutoff"

st.title(t("Precision, recall, F1 and hit rate @K · R-precision"))
board = ranking_builder()

controls = st.columns(2)
with controls[0]:
    k = explainer.k_slider(PAGE, max(len(board.ranking), 1))
with controls[1]:
    threshold = explainer.threshold_input(PAGE)
board = state.board()
R = board.n_relevant(threshold)
rels, items = board.rels(), board.ranking
explanations = {
    "P": precision_steps(rels, k, items=items, threshold=threshold),
    "R": recall_steps(rels, k, n_relevant=R, items=items, threshold=threshold),
    "F1": f1_steps(rels, k, n_relevant=R, items=items, threshold=threshold),
    "Hit": hit_rate_steps(rels, k, items=items, threshold=threshold),
    "Rprec": r_precision_steps(rels, n_relevant=R, items=items, threshold=threshold),
}
for column, explanation in zip(st.columns(len(explanations)), explanations.values()):
    column.metric(explanation.measure, f"{explanation.value:.4f}")
explainer.let_the_numbers_show(PAGE, *(e.value for e in explanations.values()))
st.caption(t("R = {R} relevant item(s) among all judged items (grade ≥ {threshold}).").format(
    R=R, threshold=f"{threshold:g}"))
for column, explanation in zip(st.columns(2) * 3, explanations.values()):
    column.latex(explainer.tex(explanation.worked))

st.subheader(t("Every cut-off K = 1 … N"))
table = cutoff_steps(rels, max(len(rels), k), n_relevant=R, items=items, threshold=threshold)
step = explainer.step_control(PAGE, len(table), unit=N_("cut-off K ="))
explainer.step_table(table, step)
left, right = st.columns(2)
left.plotly_chart(charts.cutoff_curves(table), width="stretch")
right.plotly_chart(charts.precision_recall_curve(table), width="stretch")
with st.expander(t("Formulas")):
    for explanation in explanations.values():
        st.latex(explainer.tex(explanation.formula))

explainer.about(
    rewards=t("P@K: how much of the top K is relevant. R@K: how much of everything relevant is in the top K. "
              "F1@K balances the two. Hit@K: whether the top K holds anything relevant at all. R-precision: "
              "precision at the depth R where a perfect ranking would have found everything."),
    use=t("A fixed-size result page or recommendation slate (K = what the user sees)."),
    pitfalls=t("Order inside the top K does not matter. P@K divides by K even when fewer items were "
               "retrieved (trec_eval); R@K needs R, all relevant items, not only those retrieved. A 'hit "
               "ratio' computed as hits / |relevant| (article 001) is recall, not a hit rate."))
