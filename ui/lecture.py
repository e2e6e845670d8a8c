"""The one-screen layout of an explainer page: the ranking on the left; on the right the headline
numbers, the worked formula and the step table at the current step (ui.pacing). At 1280×720 all of
it is on screen without scrolling; charts and the rest of the page come below."""

from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st

from metrics import MetricsInputError
from metrics.explanation import Explanation, em_for_px
from metrics.measures.names import subtitle

from . import state
from .board import Board
from .explainer import number_formats, styled_table, tex
from .i18n import N_, header, headers, t
from .pacing import Pace, step_bar
from .page import end_page
from .safe import plain

DIGITS = 4  #: decimals of every number the pages show (the metrics package formats its formulas alike)
WINDOW = 6  #: rows of the step table on screen: the current row and the ones just before it
FORMULA_PX = 740  #: the width of the right column's formula box at 1280 px (a projector)
FORMULA_SCALE = 1.12  #: the formulas' size on these pages (ui/style/lecture.css: .st-key-lecture_formula .katex)
FORMULA_WIDTH = em_for_px(FORMULA_PX, base_font_px=18 * FORMULA_SCALE)  #: that width in the units of Explanation.worked_lines


def stage() -> tuple:
    """The left column (the ranking you drag) and the right one (what it does to the numbers)."""
    return st.columns([0.36, 0.64], gap="medium")


#: what a page says when the board gives it nothing to compute (ui.lecture.require_ranking)
NO_ITEMS = N_("The board has no items: pick an example in the builder's toolbar, or add items with its "
              "grade editor (the pencil icon).")
NO_RANKED = N_("Rank at least one item: drag one from the pool into the ranking (or use the builder's "
               "keyboard controls).")


def missing(board: Board, minimum: int = 1) -> str | None:
    """What the board lacks for a page that needs ``minimum`` ranked items (a message), or None.

    >>> missing(Board(grades={}, ranking=()))
    "The board has no items: pick an example in the builder's toolbar, or add items with its grade editor (the pencil icon)."
    >>> missing(Board(grades={"a": 1}, ranking=("a",))) is None
    True
    """
    if not board.grades:
        return t(NO_ITEMS)
    if len(board.ranking) < minimum:
        return t(NO_RANKED)
    return None


def require_ranking(board: Board, where=None, minimum: int = 1) -> None:
    """End the page with one plain message (in ``where``, a column, say) when the board has no item
    or fewer than ``minimum`` ranked items; the builder is still drawn, so the reader can fix it."""
    message = missing(board, minimum)
    if message is not None:
        (where or st).info(message, icon=":material/info:")
        end_page()


def value_text(value) -> str:
    """A number as the pages show it: counts as integers, every other number with 4 decimals.

    >>> value_text(3), value_text(3.0), value_text(0.97777)
    ('3', '3.0000', '0.9778')
    """
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    return f"{float(value):.{DIGITS}f}"


def headline(explanation: Explanation, pace: Pace, labels: dict[str, str], extra: dict[str, object] = ()) -> dict:
    """The headline numbers after ``pace.step`` rows: the final ones only once every step is shown.

    ``labels``: quantity of ``explanation.running_at`` -> its name when complete (e.g. "nDCG@3").
    ``extra``: label -> value shown as they are (R, D, ...). Returns the running values."""
    running = explanation.running_at(None if pace.complete else pace.step)
    columns = st.columns(len(labels) + len(dict(extra)))
    whole = explanation.details.get("integer", False)  # a count (num_ret, ...): shown as an integer
    for column, (quantity, label) in zip(columns, labels.items()):
        shown = label if pace.complete else t("{name} so far (step {i})").format(name=quantity, i=pace.step)
        column.metric(shown, value_text(int(running[quantity]) if whole else running[quantity]))
    for column, (label, value) in zip(columns[len(labels):], dict(extra).items()):
        column.metric(label, value if isinstance(value, str) else value_text(value))
    try:  # the measure's name in plain words (a measure the grammar does not know, e.g. AUC, has none)
        st.caption(plain(t("{name}: {words}").format(name=explanation.measure,
                                                     words=subtitle(explanation.measure, t))))
    except MetricsInputError:
        pass
    return running


def walk_through(page: str, explanation: Explanation, pace: Pace, board, labels: dict[str, str],
                 extra: dict[str, object] = (), hit_column: str | None = "relevant", unit: str = "rank") -> None:
    """The right side of a paced page, in this order: the headline at the step (:func:`headline`),
    the pause that lets the browser draw it, the last change in words, the step bar (``unit`` names a
    row) with the Present button, the worked formula and the step window; the lanes outline the step
    when a row is a rank.

    ``board`` None: a page whose rows are not the ranking's ranks (ROC's trapezoids): no change in
    words, no Present button, no outline in the lanes."""
    from .changes import show_change
    from .explainer import let_the_numbers_show

    values = headline(explanation, pace, labels, extra)
    let_the_numbers_show(page, *values.values(), *dict(extra).values())
    if board is not None:
        show_change(page, explanation.measure, explanation.value if pace.complete else None, board.ranking)
    step_bar(page, pace, unit=unit, presentable=board is not None)
    worked(explanation, pace)
    step_window(explanation.table, pace, hit_column=hit_column, unit=unit)
    if board is not None:
        st.session_state[state.BUILDER_STEP] = None if pace.complete or unit != "rank" else pace.step


def worked(explanation: Explanation, pace: Pace) -> None:
    """The general formula, then the same with this ranking's numbers up to the current step; a long
    sum is folded ("+ ⋯ +") and given whole, line by line, one click away."""
    with st.container(key="lecture_formula"):
        st.latex(tex(explanation.formula))
        step = None if pace.complete else pace.step
        folded = explanation.worked_lines(step, fold=True, width=FORMULA_WIDTH)
        for line in folded:
            st.latex(tex(line))
        whole = explanation.worked_lines(step, width=FORMULA_WIDTH)
        if whole != folded:
            with st.popover(t("The whole sum"), key="lecture_whole_sum"):
                for line in whole:
                    st.latex(tex(line))


def step_window(table: pd.DataFrame, pace: Pace, hit_column: str | None = "relevant",
                columns: list[str] | None = None, unit: str = "rank") -> None:
    """The step table up to the current row, which is highlighted and always on screen: at most
    :data:`WINDOW` rows, ending at the current one (the earlier rows are counted above it)."""
    shown = table.iloc[:pace.step]
    first = max(0, len(shown) - WINDOW)
    if first:
        above = N_("⋯ ranks 1–{last} above (the whole table is below)") if unit == "rank" else N_(
            "⋯ rows 1–{last} above (the whole table is below)")
        st.caption(t(above).format(last=first))
    shown = shown.iloc[first:]
    hits = shown[hit_column].to_numpy(dtype=bool) if hit_column and hit_column in shown else None
    if columns is not None:
        shown = shown[columns]
    checks = tuple(header(c) for c in shown.columns if shown[c].dtype.kind == "b")
    with st.container(key="lecture_table"):
        styled_table(headers(shown), hits, number_formats(shown, DIGITS), checks)


def running_value(explanation: Explanation, step: int | None, quantity: str) -> float:
    """One running headline quantity after ``step`` rows (``None``: all)."""
    return explanation.running_at(step)[quantity]


def worked_line(explanation: Explanation, step: int | None) -> str:
    """The worked formula at ``step`` on one line (the cut-off page shows four side by side)."""
    return explanation.worked_at(step, width=em_for_px(FORMULA_PX / 2, base_font_px=18 * FORMULA_SCALE))
