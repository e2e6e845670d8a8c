"""What the Two rankings page (pages/compare.py) shows: list 2, another order of the board's ranked items, beside the
board's ranking (list 1), and both lists' nDCG step by step on one 1280×720 screen — the lecture's stage
(ui.teaching.lecture) with a column more: list 1's builder under K and the conventions, list 2's lanes, then the
numbers: each list's nDCG so far, the step bar, the worked formulas (IDCG once, both lists share it:
metrics.teaching.two_rankings) and each list's step window, side by side. Both lists' lanes outline the current rank.

No spoilers: while steps remain, only values of the steps shown are on the page; every measure, the swap heatmap
and the discount chart (final values) wait for the last step.
"""

from __future__ import annotations

import random

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from metrics import MetricsInputError, ndcg_under_discounts
from metrics.explanation import Column, Explanation
from metrics.measures.summary import COMPARE_COLUMNS, compare_summaries
from metrics.teaching.two_rankings import worked_pair
from ui import charts
from ui.i18n import N_, headers, t
from ui.i18n.sentences import tex
from ui.model.board import Board
from ui.model.presets import PRESETS
from ui.ranking.lanes import dropped_order, lanes
from ui.session import state
from ui.session.cached import summarize, swap_effects
from ui.shell.page import end_page
from ui.shell.safe import plain
from ui.teaching import explainer, lecture
from ui.teaching.pacing import Pace, step_bar

PAGE = "compare"
STAGE = (0.31, 0.15, 0.54)  #: the stage's columns: list 1 (the builder: its toolbar needs ~360 px), list 2, the numbers
#: the worked lines' widths at 1280 px, as shares of ui.teaching.lecture.FORMULA_PX: the shared IDCG line across the
#: numbers column, each list's lines in half of it, where they are drawn OWN_SCALE as large (ui/shell/style/lecture.css)
SHARED_WIDTH, OWN_WIDTH, OWN_SCALE = 1.0, 0.47, 0.9
LIST2_REVISION = state.page_key(PAGE, "list2_revision")  #: bumped when list 2 changes other than by dragging
LIST2_ORIGIN = state.page_key(PAGE, "list2_origin")  #: the example (Reset target) list 2 was made for
ARTICLE_LISTS = ("000_list_1", "000_list_2")  #: the article's two orders of the same five items
SWAP_DEPTH = 15  #: the heatmap shows swaps among the top ranks only (the rest of the list still counts)
POSITIVE, NEGATIVE = "color: #1B6E33; font-weight: 700", "color: #B42318; font-weight: 700"
#: IDCG is the same for both lists
NDCG_COLUMNS = [Column.RANK, Column.ITEM, Column.REL, Column.GAIN, Column.DISCOUNTED_GAIN, Column.DCG]
#: a step window's columns: no gain (the worked sums write it; the whole tables below give it under exponential gain)
WINDOW_COLUMNS = [Column.RANK, Column.ITEM, Column.REL, Column.DISCOUNTED_GAIN, Column.DCG]
LIST_NAMES = (N_("List 1"), N_("List 2"))
#: what stands where a value of a later step would be
AFTER_THE_LAST_STEP = N_("Shown after the last step (Show all, or the End key).")
RUNNING = N_("{list} · {name} so far (step {i})")  #: a headline label while steps remain
FINAL = N_("{list} · {measure}")  #: a headline label once every step is shown


# --------------------------------------------------------------------------- list 2


def list2_revision() -> int:
    return st.session_state.get(LIST2_REVISION, 0)


def set_list2(ranking, *, external: bool = True) -> None:
    """Store list 2; ``external``: rebuild its drag-and-drop list (the order came from a button)."""
    st.session_state[state.SECOND] = tuple(ranking)
    if external:
        st.session_state[LIST2_REVISION] = list2_revision() + 1


def current_list2(board: Board) -> tuple[str, ...]:
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


def list2_buttons(board: Board, second) -> None:
    """Copy list 1, reverse, shuffle, the ideal order and (for the article's items) the article's lists, in a
    popover: list 2's lanes start about where list 1's do."""
    actions = {
        N_("Copy list 1"): lambda: board.ranking,
        N_("Reverse"): lambda: tuple(reversed(second)),
        N_("Shuffle"): lambda: random.sample(second, len(second)),
        N_("Ideal order"): lambda: sorted(second, key=lambda item: -board.grade(item)),
    }
    with st.popover(t("Reorder"), icon=":material/swap_vert:", width="stretch", key=f"{PAGE}_list2_order",
                    help=t("Copy list 1, reverse, shuffle or put list 2 in the ideal order")):
        for label, action in actions.items():
            if st.button(t(label), key=f"{PAGE}_list2_{label}", width="stretch"):
                set_list2(action())
        for name in ARTICLE_LISTS:
            if name in PRESETS and PRESETS[name].grades == board.grades:  # (absent without the sample data)
                chosen = PRESETS[name].ranking
                label = t("Use the article's {name}").format(name=name.removeprefix("000_"))
                if st.button(label, key=f"{PAGE}_{name}", width="stretch",
                             help=t("Article 000: {items}").format(items=", ".join(chosen))):
                    set_list2([item for item in chosen if item in board.ranking]
                              + [item for item in board.ranking if item not in chosen])


def _lanes_key() -> str:
    return f"{PAGE}_list2_lanes_{list2_revision()}_{state.revision()}"


def list2(board: Board) -> tuple[tuple[str, ...], DeltaGenerator]:
    """List 2's title and buttons, and a frame for its lanes (:func:`list2_lanes` draws them once the step is known):
    list 2 after this run's clicks and drop, and that frame."""
    title = t("**List 2 (top first)**")
    st.markdown(f":small[{title}]")
    second = current_list2(board)
    list2_buttons(board, second)
    second = st.session_state[state.SECOND]
    dropped = dropped_order(_lanes_key(), second)
    if dropped is not None and dropped[0] != second:
        set_list2(dropped[0], external=False)
        second = dropped[0]
    return second, st.container()


def list2_lanes(frame: DeltaGenerator, board: Board, second, pace: Pace) -> None:
    """List 2's lanes in ``frame``: drag to reorder; the current rank outlined while steps remain."""
    with frame:
        lanes(board.grades, second, key=_lanes_key(), ranking_title=None, step=None if pace.complete else pace.step)


# --------------------------------------------------------------------------- the numbers


def every_measure_table(board: Board, board2: Board, k: int):
    """Every measure at ``k`` of list 1 (``board``) and list 2 (``board2``) and the change (metrics.measures.summary)."""
    return compare_summaries(*[summarize(b.rels(), k, judged=b.judged(), gain=b.gain, ideal=b.ideal,
                                         ap_denominator=b.ap_denominator, threshold=b.threshold)
                               for b in (board, board2)])


def compared(board: Board, board2: Board, k: int):
    """:func:`every_measure_table`, or the page ends with the reason it cannot be computed."""
    try:
        return every_measure_table(board, board2, k)
    except MetricsInputError as error:
        st.error(t("Cannot compute the measures: {error}").format(error=plain(error)))
        end_page()


def measure_names(table) -> tuple[str, str]:
    """The names of nDCG and AP in the table of every measure (with K and the conventions)."""
    names = table[COMPARE_COLUMNS[0]]
    return names.iloc[0], names.iloc[2]


def change_metric(column, label: str, value: str, change: float) -> None:
    """List 2's value, with its change from list 1 (or "same")."""
    same = abs(change) < 1e-12
    column.metric(label, value, delta=t("same") if same else f"{change:+.4f}", delta_color="off" if same else "normal",
                  delta_arrow="off" if same else "auto")


def headline(explanations: list[Explanation], pace: Pace) -> list[float]:
    """Each list's nDCG after the step's ranks ("so far" until the last step), side by side, list 2's with the change
    from list 1; returns them."""
    step = None if pace.complete else pace.step
    values = [explanation.running_at(step)["nDCG"] for explanation in explanations]
    if pace.complete:
        labels = [t(FINAL).format(list=t(name), measure=explanations[0].measure) for name in LIST_NAMES]
    else:
        labels = [t(RUNNING).format(list=t(name), name="nDCG", i=step) for name in LIST_NAMES]
    first, second = lecture.headline_columns(2)
    first.metric(labels[0], lecture.value_text(values[0]))
    change_metric(second, labels[1], lecture.value_text(values[1]), values[1] - values[0])
    return values


def table_columns(explanation: Explanation) -> list[str]:
    """The step table's columns for ``explanation``: no gain column under linear gain (it is the grade)."""
    return [c for c in NDCG_COLUMNS if c != Column.GAIN or explanation.details["gain"] != "linear"]


def window_rows() -> int:
    """Rows of each list's step window: one fewer than a page of one list shows (ui.teaching.lecture.WINDOWS), as
    two lists' formulas stand above them."""
    return max(1, lecture.window_rows() - 1)


def worked_and_windows(explanations: list[Explanation], pace: Pace) -> None:
    """The general formula (at step 1), IDCG worked once (both lists share it), then each list's DCG and nDCG worked
    and its step window, side by side; the formula and the whole sums one click away below."""
    step = None if pace.complete else pace.step
    widths = lecture.formula_width(SHARED_WIDTH), lecture.formula_width(OWN_WIDTH) / OWN_SCALE
    shared, *own = worked_pair(*explanations, step, *widths)
    with lecture.sized():
        with st.container(key="lecture_formula"):
            if pace.step <= 1 and not pace.complete:
                st.latex(tex(explanations[0].formula))
            for line in shared:
                st.latex(tex(line))
            for number, (column, name, lines) in enumerate(zip(st.columns(2), LIST_NAMES, own), start=1):
                with column.container(key=f"{PAGE}_formula_{number}"):
                    st.markdown(f":small[**{t(name)}**]")
                    for line in lines:
                        st.latex(tex(line))
        with st.container(key="lecture_table"):
            for number, (column, name, explanation) in enumerate(zip(st.columns(2), LIST_NAMES, explanations), 1):
                with column:
                    lecture.step_window(explanation.table, pace, hit_column=None, columns=WINDOW_COLUMNS,
                                        key=f"{PAGE}_window_{number}", rows=window_rows(), title=t(name))
        whole = worked_pair(*explanations, step, *widths, fold=False)
        lecture.more_formula(explanations[0].formula, pace, [
            ("", whole[0], shared), *((t(name), *lines) for name, lines in zip(LIST_NAMES, zip(whole[1:], own)))])


def walk_through(explanations: list[Explanation], pace: Pace) -> None:
    """The numbers column: the headline at the step, the step bar, the worked formulas and the step windows."""
    explainer.let_the_numbers_show(PAGE, *headline(explanations, pace))
    step_bar(PAGE, pace)
    worked_and_windows(explanations, pace)


# --------------------------------------------------------------------------- below the stage


def signed(value: float) -> str:
    return "0" if abs(value) < 1e-12 else f"{value:+.4f}"


def every_measure(table, pace: Pace) -> None:
    """The table of every measure for both lists and the change, once every step is shown."""
    st.markdown(t("**Every measure** — green: list 2 is better, red: list 1 is better"))
    if not pace.complete:
        st.caption(t(AFTER_THE_LAST_STEP))
        return

    def sign_colour(value):
        return POSITIVE if value > 1e-12 else NEGATIVE if value < -1e-12 else ""

    shown = headers(table)  # renamed first, then styled: the styles name the shown columns
    first, second, change = (t(c) for c in COMPARE_COLUMNS[1:])
    formats = {first: "{:.4f}", second: "{:.4f}", change: signed}
    styler = shown.style.map(sign_colour, subset=[change]).format(formats)
    st.dataframe(styler, hide_index=True, width="stretch", height=explainer.table_height(len(table)))


TABLES = state.page_key(PAGE, "tables")  #: the expander of both lists' whole step tables is open


def step_tables(explanations: list[Explanation], pace: Pace) -> None:
    """Both lists' whole nDCG step tables up to the step, with the IDCG so far (the same for both), one click away:
    built only while open (the stage's step windows show the current rows; a step redraws no data grid)."""
    tables = st.expander(t("The whole tables"), key=TABLES, on_change="rerun")  # (a label of its own keeps it open)
    if not tables.open:
        return
    step = None if pace.complete else pace.step
    for column, name, explanation in zip(tables.columns(2, gap="large"), LIST_NAMES, explanations):
        with column:
            at = explanation.details["k"] if pace.complete else pace.step
            st.markdown(t("**{name}** — IDCG@{k} = {idcg} for both").format(
                name=t(name), k=at, idcg=f"{explanation.running_at(step)['IDCG']:.4f}"))
            explainer.step_table(explanation.table[table_columns(explanation)], pace.step, hit_column=None)


def discounts(board: Board, board2: Board, k: int, pace: Pace) -> None:
    """Whether another discount would change which list wins (final values: after the last step)."""
    flips = st.expander(t("Does the discount decide which list wins?"), key=state.page_key(PAGE, "discounts"),
                        on_change="rerun")
    if flips.open and not pace.complete:
        flips.info(t(charts.AFTER_LAST_STEP), icon=charts.AFTER_LAST_STEP_ICON)
    elif flips.open:  # built only while open
        frame = ndcg_under_discounts(board.rels(), k=k, ideal=board.ideal_grades(), gain=board.gain,
                                     second=board2.rels())
        flips.plotly_chart(charts.discount_choices(frame, len(board.ranking)), width="stretch")
        flips.caption(t(charts.DISCOUNT_NOTE))


def swaps(board: Board, table, k: int, pace: Pace) -> None:
    """What swapping two items of list 1 would do to nDCG or AP, as a heatmap (final values: after the last step)."""
    st.subheader(t("What if two items of list 1 traded places?"))
    chart, reading = st.columns([3, 2], gap="large")
    ndcg_name, ap_name = measure_names(table)
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
        elif not pace.complete:  # every cell is a change of the final value
            st.info(t(charts.AFTER_LAST_STEP), icon=charts.AFTER_LAST_STEP_ICON)
        else:
            matrix = swap_effects(board.rels(), k, gain=board.gain, ideal=board.ideal_grades(), measure=measure,
                                  items=board.ranking, n_relevant=board.n_relevant(board.threshold),
                                  denominator=board.ap_denominator, threshold=board.threshold, depth=SWAP_DEPTH)
            st.plotly_chart(charts.heatmap(
                matrix, t("Change in {measure} when ranks i and j swap (list 1)").format(measure=measure_name),
                t("item at rank j"), t("item at rank i")), width="stretch")
