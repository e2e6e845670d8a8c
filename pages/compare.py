"""Two rankings of the same items: every measure side by side with the difference, the nDCG steps of
both (one step per rank, both lists' values so far side by side: the final values and the table of
every measure only at the last step), and what swapping two items of list 1 would do."""

import random

import streamlit as st

from metrics import MetricsInputError, ndcg_steps, ndcg_under_discounts
from metrics.explanation import em_for_px
from metrics.measures.summary import COMPARE_COLUMNS, compare_summaries
from ui import charts
from ui.i18n import N_, headers, t
from ui.model.presets import PRESETS
from ui.ranking.builder import ranking_builder
from ui.ranking.lanes import dropped_order, lanes
from ui.session import state
from ui.session.cached import summarize, swap_effects
from ui.shell.page import end_page
from ui.shell.safe import plain
from ui.teaching import explainer, pacing
from ui.teaching.lecture import FORMULA_PX, value_text

PAGE = "compare"
LIST2_REVISION = state.page_key(PAGE, "list2_revision")  #: bumped when list 2 changes other than by dragging
LIST2_ORIGIN = state.page_key(PAGE, "list2_origin")  #: the example (Reset target) list 2 was made for
ARTICLE_LISTS = ("000_list_1", "000_list_2")  #: the article's two orders of the same five items
SWAP_DEPTH = 15  #: the heatmap shows swaps among the top ranks only (the rest of the list still counts)
POSITIVE, NEGATIVE = "color: #1B6E33; font-weight: 700", "color: #B42318; font-weight: 700"
NDCG_COLUMNS = ["rank", "item", "rel", "gain", "discounted_gain", "DCG"]  #: IDCG is the same for both lists
LIST_NAMES = (N_("List 1"), N_("List 2"))
#: a worked formula's width in the numbers column (about half the page at 1280 px)
FORMULA_WIDTH = em_for_px(FORMULA_PX * 0.75)
#: what stands where a value of a later step would be
AFTER_THE_LAST_STEP = N_("Shown after the last step (Show all, or the End key).")


def list2_revision() -> int:
    return st.session_state.get(LIST2_REVISION, 0)


def set_list2(ranking, *, external: bool = True) -> None:
    """Store list 2; ``external``: rebuild its drag-and-drop list (the order came from a button)."""
    st.session_state[state.SECOND] = tuple(ranking)
    if external:
        st.session_state[LIST2_REVISION] = list2_revision() + 1


def current_list2(board) -> tuple[str, ...]:
    """List 2, kept to the board's ranked items: their old order, new ones at the end. A new example
    (a preset, an upload, another query: a new Reset target) starts again from the ranking reversed."""
    stored = st.session_state.get(state.SECOND)
    ranked = board.ranking
    if stored is None or st.session_state.get(LIST2_ORIGIN) != state.origin():
        wanted = tuple(reversed(ranked))
        st.session_state[LIST2_ORIGIN] = state.origin()
    else:
        kept = [item for item in stored if item in ranked]
        wanted = tuple(kept + [item for item in ranked if item not in kept])
    if wanted != stored:
        set_list2(wanted)
    return wanted


def list2_buttons(board, second) -> None:
    actions = {
        N_("Copy list 1"): lambda: board.ranking,
        N_("Reverse"): lambda: tuple(reversed(second)),
        N_("Shuffle"): lambda: random.sample(second, len(second)),
        N_("Ideal order"): lambda: sorted(second, key=lambda item: -board.grade(item)),
    }
    for column, (label, action) in zip(st.columns(2) * 2, actions.items()):
        if column.button(t(label), key=f"{PAGE}_list2_{label}", width="stretch"):
            set_list2(action())
    for name in ARTICLE_LISTS:
        if name in PRESETS and PRESETS[name].grades == board.grades:  # (absent without the sample data)
            chosen = PRESETS[name].ranking
            label = t("Use the article's {name}").format(name=name.removeprefix("000_"))
            if st.button(label, key=f"{PAGE}_{name}", width="stretch",
                         help=t("Article 000: {items}").format(items=", ".join(chosen))):
                set_list2([item for item in chosen if item in board.ranking]
                          + [item for item in board.ranking if item not in chosen])


def list2_lanes(board) -> tuple[str, ...]:
    """Drag to reorder list 2; returns list 2 after this run's changes."""
    second = current_list2(board)
    list2_buttons(board, second)
    second = st.session_state[state.SECOND]
    key = f"{PAGE}_list2_lanes_{list2_revision()}_{state.revision()}"
    dropped = dropped_order(key, second)
    if dropped is not None and dropped[0] != second:
        set_list2(dropped[0], external=False)
        second = dropped[0]
    lanes(board.grades, second, key=key, ranking_title=None)
    return second


def metric_row(table, names) -> None:
    """Big numbers: each measure for list 1 and list 2, with the change."""
    rows = table.set_index(COMPARE_COLUMNS[0])
    for column, name in zip(st.columns(len(names)), names):
        row = rows.loc[name]
        change = row[COMPARE_COLUMNS[3]]
        same = abs(change) < 1e-12
        column.markdown(f"**{name}**")
        first, second = column.columns(2)
        first.metric(t(COMPARE_COLUMNS[1]), f"{row[COMPARE_COLUMNS[1]]:.4f}")
        second.metric(t(COMPARE_COLUMNS[2]), f"{row[COMPARE_COLUMNS[2]]:.4f}",
                      delta=t("same") if same else f"{change:+.4f}", delta_color="off" if same else "normal",
                      delta_arrow="off" if same else "auto")


def running_row(explanations, step: int) -> None:
    """While steps remain: each list's nDCG after ``step`` ranks, side by side, with the change."""
    values = [e.running_at(step)["nDCG"] for e in explanations]
    change = values[1] - values[0]
    same = abs(change) < 1e-12
    label = t("{name} so far (step {i})").format(name="nDCG", i=step)
    st.markdown(f"**{label}**")
    first, second = st.columns(2)
    first.metric(t(COMPARE_COLUMNS[1]), value_text(values[0]))
    second.metric(t(COMPARE_COLUMNS[2]), value_text(values[1]), delta=t("same") if same else f"{change:+.4f}",
                  delta_color="off" if same else "normal", delta_arrow="off" if same else "auto")


def worked_side_by_side(explanations, pace) -> None:
    """Both lists' worked nDCG after the step's ranks (long sums folded)."""
    step = None if pace.complete else pace.step
    st.latex(explainer.tex(explanations[0].formula))
    for name, explanation in zip(LIST_NAMES, explanations):
        st.markdown(f"**{t(name)}**")
        for line in explanation.worked_lines(step, fold=True, width=FORMULA_WIDTH):
            st.latex(explainer.tex(line))


def signed(value: float) -> str:
    return "0" if abs(value) < 1e-12 else f"{value:+.4f}"


def comparison_table(table) -> None:
    def sign_colour(value):
        return POSITIVE if value > 1e-12 else NEGATIVE if value < -1e-12 else ""

    shown = headers(table)  # renamed first, then styled: the styles name the shown columns
    first, second, change = (t(c) for c in COMPARE_COLUMNS[1:])
    formats = {first: "{:.4f}", second: "{:.4f}", change: signed}
    styler = shown.style.map(sign_colour, subset=[change]).format(formats)
    st.dataframe(styler, hide_index=True, width="stretch", height=explainer.table_height(len(table)))


st.title(t("Compare two rankings"))
st.caption(t("List 1 is the ranking on the board (the builder); list 2 is another order of the same items."))
first_list, second_list, numbers = st.columns([0.32, 0.2, 0.48], gap="medium")
with first_list:
    board = ranking_builder()
with second_list:
    st.markdown(t("**List 2 (top first)**"))
    second = list2_lanes(board)
k = explainer.current_k(max(len(board.ranking), len(board.judged())))
board2 = board.with_ranking(second)

try:
    summaries = [summarize(b.rels(), k, judged=b.judged(), gain=b.gain, ideal=b.ideal,
                           ap_denominator=b.ap_denominator, threshold=b.threshold) for b in (board, board2)]
except MetricsInputError as error:
    st.error(t("Cannot compute the measures: {error}").format(error=plain(error)))
    end_page()
table = compare_summaries(*summaries)
ndcg_name, ap_name = table[COMPARE_COLUMNS[0]].iloc[0], table[COMPARE_COLUMNS[0]].iloc[2]
explanations = [ndcg_steps(b.rels(), k=k, gain=b.gain, ideal=b.ideal_grades(), items=b.ranking,
                           ideal_items=b.ideal_items(), ideal_from=b.ideal) for b in (board, board2)]
with numbers:
    pace = pacing.begin(PAGE, len(explanations[0].table))
    if pace.complete:
        metric_row(table, [ndcg_name, ap_name])
    else:
        running_row(explanations, pace.step)
    pacing.step_bar(PAGE, pace)
    st.session_state[state.BUILDER_STEP] = None if pace.complete else pace.step  # outlined in list 1's lanes
    worked_side_by_side(explanations, pace)
    st.markdown(t("**Every measure** — green: list 2 is better, red: list 1 is better"))
    if pace.complete:
        comparison_table(table)
    else:
        st.caption(t(AFTER_THE_LAST_STEP))
with second_list:
    explainer.k_slider(PAGE, max(len(board.ranking), len(board.judged())))
    with st.popover(t("Conventions"), width="stretch"):
        explainer.convention_radio(PAGE, "gain", t("Gain"))
        explainer.convention_radio(PAGE, "ideal", t("Ideal ordering"))
        explainer.convention_radio(PAGE, "ap_denominator", t("AP divided by"))
        explainer.threshold_input(PAGE)

st.subheader(t("{measure} step by step").format(measure=explanations[0].measure))
for column, name, explanation in zip(st.columns(2, gap="large"), LIST_NAMES, explanations):
    with column:
        st.markdown(t("**{name}** — IDCG@{k} = {idcg} for both").format(
            name=t(name), k=explanation.details["k"], idcg=f"{explanation.details['IDCG']:.4f}"))
        shown = [c for c in NDCG_COLUMNS if c != "gain" or explanation.details["gain"] != "linear"]  # gain = rel
        explainer.step_table(explanation.table[shown], pace.step, hit_column=None)

flips = st.expander(t("Does the discount decide which list wins?"), key=state.page_key(PAGE, "discounts"),
                    on_change="rerun")
if flips.open and not pace.complete:  # the chart's values are the final ones
    flips.caption(t(AFTER_THE_LAST_STEP))
elif flips.open:  # built only while open
    frame = ndcg_under_discounts(board.rels(), k=k, ideal=board.ideal_grades(), gain=board.gain, second=board2.rels())
    flips.plotly_chart(charts.discount_choices(frame, len(board.ranking)), width="stretch")
    flips.caption(t(charts.DISCOUNT_NOTE))

st.subheader(t("What if two items of list 1 traded places?"))
chart, reading = st.columns([3, 2], gap="large")
with reading:
    measure = st.radio(t("Measure"), ["nDCG", "AP"], horizontal=True, key=f"{PAGE}_swap_measure")
    measure_name = ndcg_name if measure == "nDCG" else ap_name
    st.markdown(t("Cell (i, j): how **{measure}** changes if the items at ranks i and j trade places.").format(
        measure=measure_name))
    st.markdown(t("Blue: the swap helps · red: it hurts · 0: the two items have the same grade, or both lie "
                  "below K. The matrix is symmetric: swapping i and j is swapping j and i."))
    if len(board.ranking) > SWAP_DEPTH:
        st.caption(t("Showing the top {depth} ranks; the rest of the list still counts.").format(depth=SWAP_DEPTH))
with chart:
    if len(board.ranking) < 2:
        st.info(t("Rank at least two items to see what a swap does."))
    else:
        matrix = swap_effects(board.rels(), k, gain=board.gain, ideal=board.ideal_grades(), measure=measure,
                              items=board.ranking, n_relevant=board.n_relevant(board.threshold),
                              denominator=board.ap_denominator, threshold=board.threshold, depth=SWAP_DEPTH)
        st.plotly_chart(charts.heatmap(
            matrix, t("Change in {measure} when ranks i and j swap (list 1)").format(measure=measure_name),
            t("item at rank j"), t("item at rank i")), width="stretch")

explainer.about(
    rewards=t("Comparing two orders of the same items isolates what ordering does: the grades are the same, "
              "only the positions differ, so every difference comes from where the relevant items sit."),
    use=t("To see which measures agree that one ranking is better, how much a single swap matters, and which "
          "swaps near the top matter more than swaps further down."),
    pitfalls=t("Measures can disagree: a set measure (P@K, R@K) ignores order inside the top K, RR looks at the "
               "first hit only, and nDCG also rewards grades. A swap below K changes no @K measure at all."))
