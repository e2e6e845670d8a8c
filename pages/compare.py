"""Two rankings of the same items: both lists' nDCG step by step side by side on one screen (one step per rank, each
list's value so far), then every measure with the difference, and what swapping two items of list 1 would do — the
final values only once every step is shown (ui.topics.compare)."""

import streamlit as st

from ui.i18n import t
from ui.ranking.builder import ranking_builder
from ui.session import state
from ui.teaching import explainer, lecture, pacing
from ui.topics import compare, paced

PAGE = compare.PAGE

st.title(t("Compare two rankings"),
         help=t("List 1 is the ranking on the board (the builder); list 2 is another order of the same items."))
first_list, second_list, numbers = lecture.stage(compare.STAGE, gap="small")
with first_list:
    controls = lecture.controls()
    board = ranking_builder()
with second_list:
    second, list2_frame = compare.list2(board)
board2 = board.with_ranking(second)
(first, k), (other, _) = paced.ndcg(board), paced.ndcg(board2)  # K: the board's, clipped to the depth
explanations = [first, other]
table = compare.compared(board, board2, k)
with numbers:
    pace = pacing.begin(PAGE, len(explanations[0].table))
    compare.walk_through(explanations, pace)
compare.list2_lanes(list2_frame, board, second, pace)
st.session_state[state.BUILDER_STEP] = None if pace.complete else pace.step  # outlined in list 1's lanes
with controls:
    explainer.k_slider(PAGE, paced.ndcg_depth(board))
    with lecture.conventions():
        explainer.convention_radio(PAGE, "gain", t("Gain"))
        explainer.convention_radio(PAGE, "ideal", t("Ideal ordering"))
        explainer.convention_radio(PAGE, "ap_denominator", t("AP divided by"))
        explainer.threshold_input(PAGE)

compare.every_measure(table, pace)
compare.step_tables(explanations, pace)
compare.discounts(board, board2, k, pace)
compare.swaps(board, table, k, pace)

explainer.about(
    rewards=t("Comparing two orders of the same items isolates what ordering does: the grades are the same, "
              "only the positions differ, so every difference comes from where the relevant items sit."),
    use=t("To see which measures agree that one ranking is better, how much a single swap matters, and which "
          "swaps near the top matter more than swaps further down."),
    pitfalls=t("Measures can disagree: a set measure (P@K, R@K) ignores order inside the top K, RR looks at the "
               "first hit only, and nDCG also rewards grades. A swap below K changes no @K measure at all."))
