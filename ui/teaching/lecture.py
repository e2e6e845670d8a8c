"""The one-screen layout of an explainer page: on the left a toolbar of the page's controls (K, then the
conventions in a popover) above the ranking; on the right the headline numbers, the last change in
words, the step bar, the worked formula and a window of the step table ending at the current step
(ui.teaching.pacing). At 1280×720 all of it is on screen without scrolling at every step, for boards of up to
12 items (the lanes' rows shrink with the number of items); charts and the rest of the page come
below. On a phone the numbers come first (ui/shell/style/phone.css)."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pandas as pd
import streamlit as st

from metrics import MetricsInputError
from metrics.explanation import Column, Explanation, em_for_px, width_em
from metrics.measures.names import subtitle
from metrics.messages import joined
from ui.i18n import N_, header, headers, t
from ui.model.board import Board
from ui.session import state
from ui.shell.page import end_page
from ui.shell.safe import plain
from ui.teaching.explainer import number_formats, styled_table, tex
from ui.teaching.pacing import TEXT_SIZE, TEXT_SIZES, Pace, resize, step_bar, text_size  # noqa: F401 (the step bar's)

DIGITS = 4  #: decimals of every number the pages show (the metrics package formats its formulas alike)
WINDOW = 3  #: rows of the step table on screen: the current row and the ones just before it
#: the width a worked line may take at 1280 px (a projector): the right column's box is 766 px, and the width
#: estimate of metrics.explanation errs wide (a folded 12-item nDCG line it puts at 759 px is drawn in about
#: 600 px), so a sum of 20 terms still folds onto one line
FORMULA_PX = 780
FORMULA_SCALE = 1.12  #: the formulas' size on these pages (ui/shell/style/lecture.css: .st-key-lecture_formula .katex)
FORMULA_WIDTH = em_for_px(FORMULA_PX, base_font_px=18 * FORMULA_SCALE)  #: that width in the units of Explanation.worked_lines


#: the share of the numbers' column the worked formula and the step window take when something is drawn beside them
#: (:func:`walk_through`'s ``beside``: ROC's curve so far)
WORK_SHARE = 0.68
#: rows of the step window at each text size level: fewer at the larger sizes, so that the current row stays on
#: a 1280×720 screen under a three-line formula (tests/e2e/test_lecture_more_steps.py)
WINDOWS = {-1: WINDOW, 0: WINDOW, 1: WINDOW, 2: 2}


def stage(widths: tuple[float, ...] = (0.36, 0.64), gap: str = "medium") -> tuple:
    """The left column (the ranking you drag) and the right one (what it does to the numbers), in a frame
    whose key lets a phone show the numbers first (ui/shell/style/phone.css); ``widths``: the columns' shares
    and ``gap`` the space between them (Two rankings has three, closer: list 1, list 2, the numbers)."""
    with st.container(key="lecture_stage"):
        return st.columns(list(widths), gap=gap)


def controls():
    """The page's control toolbar, drawn above the ranking (call it in the left column before the builder):
    a row the page fills after its numbers (K, then :func:`conventions`)."""
    return st.container(horizontal=True, vertical_alignment="bottom", gap="small", key="lecture_controls")


def conventions():
    """The popover of the page's conventions (gain, ideal ordering, denominator, threshold...), in the toolbar."""
    return st.popover(t("Conventions"), icon=":material/tune:", help=t("The conventions this page computes with"))


def sized():
    """A frame whose text (formulas, step table) has the session's size: its key names the level, which
    ui/shell/style/lecture.css turns into a font size."""
    return st.container(key=f"lecture_size_{text_size() - min(TEXT_SIZES)}")


def window_rows() -> int:
    """Rows of the step window at the session's text size (:data:`WINDOWS`)."""
    return WINDOWS[text_size()]


def formula_width(share: float = 1.0) -> float:
    """The width a worked line may take, in the units of ``Explanation.worked_lines``, at this text size."""
    return em_for_px(FORMULA_PX * share, base_font_px=18 * FORMULA_SCALE * TEXT_SIZES[text_size()])


#: what a page says when the board gives it nothing to compute (ui.teaching.lecture.require_ranking)
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


def headline_columns(count: int) -> list:
    """The headline's columns, in a frame that keeps them side by side on a phone (ui/shell/style/phone.css)."""
    with st.container(key="lecture_headline"):
        return st.columns(count)


def value_text(value) -> str:
    """A number as the pages show it: counts as integers, every other number with 4 decimals.

    >>> value_text(3), value_text(3.0), value_text(0.97777)
    ('3', '3.0000', '0.9778')
    """
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    return f"{float(value):.{DIGITS}f}"


class Metric(NamedTuple):
    """One headline number as a page shows it (``st.metric``): its label, its value as text and its tooltip (plain
    text; None: none)."""

    label: str
    value: str
    help: str | None = None


def draw_metrics(metrics: list[Metric]) -> None:
    """The headline's numbers side by side (:func:`headline_columns`)."""
    for column, metric in zip(headline_columns(len(metrics)), metrics):
        column.metric(metric.label, metric.value, help=plain(metric.help) if metric.help else None)


def headline_metrics(explanation: Explanation, pace: Pace, labels: dict[str, str], extra: dict[str, object] = (),
                     names: dict[str, str] | None = None) -> tuple[dict, list[Metric]]:
    """What :func:`headline` shows, without drawing it: (the running values, the :class:`Metric` s)."""
    running = explanation.running_at(None if pace.complete else pace.step)
    whole = explanation.details.get("integer", False)  # a count (num_ret, ...): shown as an integer
    try:  # the measure's name in plain words, the headline's tooltip (a measure the grammar does not know has none)
        words = t("{name}: {words}").format(name=explanation.measure, words=subtitle(explanation.measure, t))
    except MetricsInputError:
        words = None
    metrics = []
    for quantity, label in labels.items():
        shown = label if pace.complete else t("{name} so far (step {i})").format(name=(names or {}).get(
            quantity, quantity), i=pace.step)
        metrics.append(Metric(shown, value_text(int(running[quantity]) if whole else running[quantity]),
                              words if label == explanation.measure else None))
    for label, value in dict(extra).items():
        metrics.append(Metric(label, value if isinstance(value, str) else value_text(value)))
    return running, metrics


def headline(explanation: Explanation, pace: Pace, labels: dict[str, str], extra: dict[str, object] = (),
             names: dict[str, str] | None = None) -> dict:
    """The headline numbers after ``pace.step`` rows: the final ones only once every step is shown.

    ``labels``: quantity of ``explanation.running_at`` -> its name when complete (e.g. "nDCG@3").
    ``extra``: label -> value shown as they are (R, D, ...). ``names``: quantity -> its name while it runs, in the
    reader's language ("mean d" -> "d 的均值"; the quantity as it is by default). Returns the running values."""
    running, metrics = headline_metrics(explanation, pace, labels, extra, names)
    draw_metrics(metrics)
    return running


def walk_through(page: str, explanation: Explanation, pace: Pace, board, labels: dict[str, str],
                 extra: dict[str, object] = (), hit_column: str | None = Column.RELEVANT, unit: str = "rank",
                 columns: list[str] | None = None, beside=None) -> None:
    """The right side of a paced page, in this order: the headline at the step (:func:`headline`),
    the pause that lets the browser draw it, the last change in words (one line, kept even when empty),
    the step bar (``unit`` names a row) with the Present button and the text size, the worked formula, the
    step window (``columns`` of the step table, or all) and, under it, the general formula and the whole sum one
    click away; the lanes outline the step when a row is a rank.

    ``board`` None: a page whose rows are not the ranking's ranks (ROC's trapezoids): no change in
    words, no Present button, no outline in the lanes (the page outlines what it can).
    ``beside``: a function that draws what the step does (ROC's curve so far) in a column right of the formula and
    the step window, which then take :data:`WORK_SHARE` of the width (on a phone: below them)."""
    from ui.session.changes import show_change
    from ui.teaching.explainer import let_the_numbers_show

    values = headline(explanation, pace, labels, extra)
    let_the_numbers_show(page, *values.values(), *dict(extra).values())
    if board is not None:
        show_change(page, explanation.measure, explanation.value if pace.complete else None, board.ranking)
    step_bar(page, pace, unit=unit, presentable=board is not None)
    work, aside = st.columns([WORK_SHARE, 1 - WORK_SHARE], gap="small") if beside is not None else (st.container(), None)
    with work, sized():
        folded = worked(explanation, pace, popovers=False, share=WORK_SHARE if beside is not None else 1.0)
        step_window(explanation.table, pace, hit_column=hit_column, columns=columns, unit=unit)
        formula_popovers(explanation, pace, folded)
    if aside is not None:
        with aside, st.container(key="lecture_beside"):
            beside()
    if board is not None:
        st.session_state[state.BUILDER_STEP] = None if pace.complete or unit != "rank" else pace.step


#: a definition narrower than this (em) is kept on one line when a phone's screen breaks a formula
PHONE_LINE_EM = 16.0


def definitions_apart(formula: str) -> str:
    r"""A general formula of several definitions side by side (``DCG@k = … \qquad nDCG@k = …``) that a narrow screen
    breaks between the definitions, not inside a short one ("nDCG@k =" on one line, its fraction on the next): each
    short definition a group, a break allowed after each ``\qquad`` (a wide screen shows the same line)."""
    parts = formula.split(r"\qquad")
    if len(parts) == 1:
        return formula
    return joined(r"\qquad\allowbreak ", ("{" + part.strip() + "}" if width_em(part) <= PHONE_LINE_EM else part
                                         for part in parts))


def worked(explanation: Explanation, pace: Pace, popovers: bool = True, share: float = 1.0) -> list[str]:
    """The general formula (at step 1; from step 2 on, one click away), then the same with this ranking's
    numbers up to the current step; a long sum is folded ("+ ⋯ +") and given whole, line by line, one
    click away too (``popovers``: those clicks right under it; else the caller draws :func:`formula_popovers`
    where it wants them). ``share``: the part of the numbers' column the formula has (:func:`formula_width`).
    Returns the worked lines drawn."""
    step = None if pace.complete else pace.step
    folded = explanation.worked_lines(step, fold=True, width=formula_width(share))
    with st.container(key="lecture_formula"):
        if pace.step <= 1 and not pace.complete:
            st.latex(tex(definitions_apart(explanation.formula)))
        for line in folded:
            st.latex(tex(line))
    if popovers:
        formula_popovers(explanation, pace, folded)
    return folded


def formula_popovers(explanation: Explanation, pace: Pace, folded: list[str]) -> None:
    """What :func:`worked` leaves out, one click away: the general formula (from step 2 on) and the whole
    sum, line by line, when the worked lines ``folded`` are folded."""
    step = None if pace.complete else pace.step
    more_formula(explanation.formula, pace, [("", explanation.worked_lines(step, width=formula_width()), folded)])


def more_formula(formula: str, pace: Pace, parts: list[tuple[str, list[str], list[str]]]) -> None:
    """The general ``formula`` (from step 2 on) and the whole sums one click away: ``parts`` are (a heading or "",
    the whole lines, the folded lines drawn) — one for a page of one list, a heading each for two lists side by
    side; the whole sums are offered when some lines were folded."""
    general = pace.step <= 1 and not pace.complete
    unfolded = all(whole == folded for _, whole, folded in parts)
    if general and unfolded:
        return
    with st.container(horizontal=True, gap="small", key="lecture_more_formula"):
        if not general:
            with st.popover(t("The formula"), icon=":material/function:", key="lecture_general"):
                st.latex(tex(formula))
        if not unfolded:
            with st.popover(t("The whole sum"), key="lecture_whole_sum"):
                for heading, whole, _ in parts:
                    if heading:
                        st.markdown(f"**{heading}**")
                    for line in whole:
                        st.latex(tex(line))


def step_window(table: pd.DataFrame, pace: Pace, hit_column: str | None = Column.RELEVANT,
                columns: list[str] | None = None, unit: str = "rank", key: str = "lecture_table",
                rows: int | None = None, title: str = "", whole_below: bool = True) -> None:
    """The step table up to the current row, which is highlighted, marked ``aria-current="step"`` and always
    on screen: at most ``rows`` rows (None: :func:`window_rows`), ending at the current one (the earlier rows are
    counted above it, after ``title``; ``whole_below``: that line says the whole table is further down the page).
    Two lists' windows side by side: a ``key`` and a ``title`` each (the list's name), inside one frame keyed
    "lecture_table"."""
    frame, hits, formats, checks, above = window(table, pace.step, hit_column, columns, unit, whole_below, rows=rows)
    with st.container(key=key):
        styled_table(frame, hits, formats, checks, above=" · ".join(part for part in (title, above) if part))


#: the line above a step window whose first rows are left out: (one row, several rows) × (a rank, a row) × whether
#: the page gives the whole table below (an explainer page does; a lesson's scene and a follower's view do not)
ABOVE = {
    (True, "rank"): (N_("⋯ rank 1 above (the whole table is below)"),
                     N_("⋯ ranks 1–{last} above (the whole table is below)")),
    (True, "row"): (N_("⋯ row 1 above (the whole table is below)"), N_("⋯ rows 1–{last} above (the whole table is below)")),
    (False, "rank"): (N_("⋯ rank 1 above"), N_("⋯ ranks 1–{last} above")),
    (False, "row"): (N_("⋯ row 1 above"), N_("⋯ rows 1–{last} above")),
}


def window(table: pd.DataFrame, step: int, hit_column: str | None = Column.RELEVANT,
           columns: list[str] | None = None,
           unit: str = "rank", whole_below: bool = True, rows: int | None = None) -> tuple:
    """What :func:`step_window` draws at ``step``, as the arguments of ``ui.teaching.explainer.table_html``: the rows
    shown (at most ``rows``; None: :func:`window_rows`, the session's text size's), translated headers, their hits,
    number formats, check columns and the line above them (``whole_below``: it says the whole table is further down
    the page), in the session's language (a live class's follower view draws the same)."""
    shown = table.iloc[:step]
    first = max(0, len(shown) - (rows or window_rows()))
    one, several = ABOVE[whole_below, "rank" if unit == "rank" else "row"]
    above = "" if not first else t(one) if first == 1 else t(several).format(last=first)  # "rank 1", not "ranks 1–1"
    shown = shown.iloc[first:]
    hits = shown[hit_column].to_numpy(dtype=bool) if hit_column and hit_column in shown else None
    if columns is not None:
        shown = shown[columns]
    checks = tuple(header(c) for c in shown.columns if shown[c].dtype.kind == "b")
    return headers(shown), hits, number_formats(shown, DIGITS), checks, above


def running_value(explanation: Explanation, step: int | None, quantity: str) -> float:
    """One running headline quantity after ``step`` rows (``None``: all)."""
    return explanation.running_at(step)[quantity]


def worked_line(explanation: Explanation, step: int | None) -> str:
    """The worked formula at ``step`` on one line (the cut-off page shows four side by side)."""
    return explanation.worked_at(step, width=formula_width(0.5))
