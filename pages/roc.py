"""ROC curve and AUC: labels from the board's grades, scores typed here or derived from the ranking."""

import hashlib

import streamlit as st

from metrics import MetricsInputError, confusion_at
from metrics.explanation import num
from metrics.measures.roc import ARTICLE_NOTES
from ui import charts
from ui.i18n import N_, headers, t
from ui.ranking import lanes
from ui.ranking.builder import ranking_builder
from ui.session import state
from ui.shell.safe import plain
from ui.teaching import explainer, lecture, pacing
from ui.topics import paced, scores

PAGE = "roc"

st.title(t("ROC curve and AUC"))
st.caption(t("Each item is a positive when its grade reaches the threshold, a negative otherwise. "
             "A good scorer puts positives above negatives; AUC says how often it does."))
inputs, result = lecture.stage()
with inputs:
    controls = lecture.controls()
    score_table = st.container()  # the page's input table comes first; the ranking builder below it
    board = ranking_builder()
with score_table:
    if scores.typed(board) and st.button(
            t("Scores from the ranking"), key=f"{PAGE}_reset_scores", width="stretch",
            help=t("Forget the typed scores: rank 1 of n gets n, rank n gets 1, pool items 0.")):
        state.set_board(board.with_scores({}))
        board = state.board()
    if scores.typed(board):
        st.caption(t("Scores typed here (or the uploaded run's). Equal scores make a tie; an item without a score "
                     "gets one less than the lowest."))
    else:
        st.caption(t("Scores from the ranking: rank 1 of n scores n, the last rank 1, pool items 0. "
                     "Type your own scores in the table."))
    frame = scores.score_frame(board)
    # the editor shows translated column names (its widget identity follows them, so switching the
    # language starts a fresh editor); its result is read back under the English names
    if scores.refused(f"{PAGE}_scores_{state.revision()}", t("score"), list(frame["item"])):
        board = state.board()
    edited = st.data_editor(
        headers(frame), key=f"{PAGE}_scores_{state.revision()}", num_rows="fixed", hide_index=True,
        width="stretch", height=explainer.table_height(len(frame)),
        row_height=lanes.row_height(len(frame)),  # lower rows for a longer board, as in the lanes: 12 fit a projector
        disabled=[t("item"), t("rank"), t("grade"), t("label")],
        column_config={
            t("item"): st.column_config.TextColumn(t("Item"), width="small"),
            t("rank"): st.column_config.NumberColumn(t("Rank"), width="small",
                                                     help=t("Position in the ranking (empty: in the pool)")),
            t("grade"): st.column_config.NumberColumn(t("Grade"), format="%g", width="small",
                                                      help=t("Empty: unjudged (counts as 0)")),
            t("label"): st.column_config.NumberColumn(
                t("Label"), width="small",
                help=t("1 = positive (grade ≥ the threshold), 0 = negative. Change grades in the builder.")),
            t("score"): st.column_config.NumberColumn(t("Score"), format="%g", required=True, width="small",
                                                      help=t("The system's score: higher = more likely positive")),
        })
    edited.columns = frame.columns
    if not edited["score"].equals(frame["score"]):
        try:
            board = board.with_scores(scores.scores_from_frame(edited))
            state.set_board(board, external=False)
        except MetricsInputError as error:
            st.error(t("Not applied: {error}.").format(error=plain(state.message(error))))

computed = paced.roc(board)
items, labels, values, explanation = computed.items, computed.labels, computed.values, computed.explanation
if explanation is None:
    with result:
        st.info(paced.roc_unavailable(computed), icon=":material/info:")

pace = None
if explanation is not None:
    details = explanation.details
    with result:
        pace = pacing.begin(PAGE, len(explanation.table))
        lecture.walk_through(PAGE, explanation, pace, None, *paced.roc_headline(explanation), hit_column=None,
                             unit=N_("trapezoid"))
with controls, lecture.conventions():
    explainer.threshold_input(PAGE)

if explanation is not None:
    curve = details["curve"] if pace.complete else details["curve"].iloc[:pace.step + 1]  # its points so far
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

    st.subheader(t("Pick a threshold"))
    options = scores.threshold_options(values)
    signature = hashlib.sha1(repr(options).encode()).hexdigest()[:8]
    cut = st.select_slider(t("Predict positive when score ≥"), options=options, value=scores.default_threshold(options),
                           format_func=num, key=f"{PAGE}_cut_{state.revision()}_{signature}")
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

    st.subheader(t("Step by step: the area as trapezoids"))
    st.caption(t("Lower the threshold one distinct score at a time: each step moves the curve right (a negative), "
                 "up (a positive) or diagonally (a tie), and adds the trapezoid under that segment."))
    trapezoids, pairs = st.columns(2)
    trapezoids.plotly_chart(scores.trapezoid_chart(curve, explanation.table, pace.step), width="stretch")
    if details["pairs"] is not None and max(details["pairs"].shape) <= 20:
        with pairs:
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
