"""ROC curve and AUC: labels from the board's grades, scores typed here or derived from the ranking's top K; the
ranking, the numbers of the step and the curve so far on one screen (ui.teaching.lecture)."""

import hashlib

import streamlit as st

from metrics import confusion_at
from metrics.explanation import num
from metrics.measures.roc import ARTICLE_NOTES
from ui import charts
from ui.i18n import N_, t
from ui.ranking.builder import ranking_builder
from ui.session import state
from ui.teaching import explainer, lecture, pacing
from ui.topics import paced, scores

PAGE = "roc"
CURVE_PX = 320  #: the curve beside the formula: square in its column at 1280 px, under the fold nowhere

st.title(t("ROC curve and AUC"))
ranking, numbers = lecture.stage()
with ranking:
    controls = lecture.controls()
    board = ranking_builder()
below = st.container()  # the score table, under the stage: read before the numbers, so that they follow a typed score
with below:
    st.caption(t("Each item is a positive when its grade reaches the threshold, a negative otherwise. "
                 "A good scorer puts positives above negatives; AUC says how often it does."))
    st.subheader(t("The scores"))
    board = scores.score_editor(PAGE, board)

computed = paced.roc(board)
items, labels, values, explanation = computed.items, computed.labels, computed.values, computed.explanation
pace = None
with numbers:
    if explanation is None:
        st.info(paced.roc_unavailable(computed), icon=":material/info:")
    else:
        details = explanation.details
        pace = pacing.begin(PAGE, len(explanation.table))
        so_far = details["curve"] if pace.complete else details["curve"].iloc[:pace.step + 1]  # its points so far
        lecture.walk_through(
            PAGE, explanation, pace, None, *paced.roc_headline(explanation), hit_column=None, unit=N_("trapezoid"),
            columns=paced.ROC_WINDOW, beside=lambda: st.plotly_chart(
                scores.trapezoid_chart(so_far, explanation.table, pace.step, height=CURVE_PX,
                                       margin={"l": 50, "r": 10, "t": 50, "b": 45}), width="stretch",
                config={"displayModeBar": False}))
        st.session_state[state.BUILDER_STEP] = paced.roc_rank(board, computed, pace)  # the rank the step counts
with controls:
    if scores.typed(board):  # typed scores rank every item: no depth to choose
        st.caption(t("K: every item (typed scores)"))
    else:
        explainer.k_slider(PAGE, paced.roc_depth(board))
    with lecture.conventions():
        explainer.threshold_input(PAGE)

if explanation is not None:
    curve = so_far
    with st.expander(t("The same number, read as pairs"), expanded=False):
        st.markdown(t("**The same number, read as pairs.** Take a random positive and a random negative: AUC is "
                      "the chance that the positive scores higher, a tie counting one half."))
        if not pace.complete:  # the pairs won and tied over P × N: the AUC in one division
            st.info(t(charts.AFTER_LAST_STEP), icon=charts.AFTER_LAST_STEP_ICON)
        else:
            for line in details["mann_whitney"].split(r" \\ "):
                st.latex(line)
            st.caption(t("{wins} pairs won · {ties} tied · {losses} lost, out of P × N = {P} × {N} pairs.").format(
                wins=details["wins"], ties=details["ties"], losses=details["losses"], P=details["P"],
                N=details["N"]))

    with st.container(key=f"{PAGE}_threshold"):  # a threshold the reader picks, not a step's
        st.subheader(t("Pick a threshold"))
        options = scores.threshold_options(values)
        signature = hashlib.sha1(repr(options).encode()).hexdigest()[:8]
        cut = st.select_slider(t("Predict positive when score ≥"), options=options,
                               value=scores.default_threshold(options), format_func=num,
                               key=f"{PAGE}_cut_{state.revision()}_{signature}")
        confusion = confusion_at(labels, values, cut)
        matrix, rates = st.columns([2, 3])
        matrix.table(scores.confusion_frame(confusion))
        first, second, third = rates.columns(3)
        first.metric(t("TPR (recall)"), lecture.value_text(confusion["tpr"]), help="TP / (TP + FN)")
        second.metric("FPR", lecture.value_text(confusion["fpr"]), help="FP / (FP + TN)")
        third.metric(t("Precision"), lecture.value_text(confusion["precision"]),
                     help=t("TP / (TP + FP); 0 when nothing is predicted"))
        first.metric(t("Accuracy"), lecture.value_text(confusion["accuracy"]), help=t("(TP + TN) / all"))
        second.metric(t("F1"), lecture.value_text(confusion["f1"]), help="2TP / (2TP + FP + FN)")

        chart_left, chart_right = st.columns(2)
        chart_left.plotly_chart(charts.roc(curve, explanation.value if pace.complete else None,
                                           (confusion["fpr"], confusion["tpr"])),
                                width="stretch")
        chart_right.plotly_chart(scores.score_strip(items, labels, values, cut), width="stretch")

    if details["pairs"] is not None and max(details["pairs"].shape) <= 20:
        st.markdown(t("**Every positive–negative pair:** 1 = the positive scores higher, ½ = tie, 0 = lower. "
                      "AUC is the mean of this table."))
        if pace.complete:  # its mean is the AUC
            st.plotly_chart(scores.pair_heatmap(details["pairs"]), width="stretch")
        else:
            st.info(t(charts.AFTER_LAST_STEP), icon=charts.AFTER_LAST_STEP_ICON)

explainer.about(
    rewards=t("Positives ranked above negatives, anywhere in the list: every positive–negative pair counts the same, "
              "whether it sits at the top or at the bottom."),
    use=t("A scorer or classifier whose threshold is not fixed yet; comparing scorers over all thresholds at once."),
    pitfalls=t("AUC is not top-heavy: swapping ranks 1 and 2 weighs as much as swapping ranks 99 and 100, so it "
               "says little about the first page of results (use nDCG or AP for that). With few positives among many "
               "negatives, a high AUC can still mean poor precision. Ties in the scores earn half credit.\n\n"
               "**In the articles.** {confusion} {axes}").format(
        confusion=t(ARTICLE_NOTES["001_confusion_matrix"]), axes=t(ARTICLE_NOTES["001_roc_axes"])))
