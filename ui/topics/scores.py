"""Inputs of the ROC page, built from the shared board, and the ROC page's own figures.

Labels are "grade ≥ the board's threshold" for every item of the board (ranked and pool);
scores are the board's typed ``scores`` when there are any, otherwise they are derived from
the ranking's top K (:func:`depth`, the board's K: the ranking's depth evaluated): rank 1 gets K, rank 2 gets
K − 1, ..., rank K gets 1, and every other item (ranked below K or in the pool) gets 0 (one tie, below everything
evaluated). Nothing here computes a metric.
"""

from __future__ import annotations

import html
import math

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from metrics import MetricsInputError
from metrics.explanation import num
from ui.charts import HIT, MISS, SECOND, figure
from ui.i18n import N_, language, t
from ui.model import limits
from ui.model.board import Board, InputError

#: what the label column of the score table holds
POSITIVE, NEGATIVE = 1, 0
#: the two classes as the score strip names its rows
CLASS_NAMES = {POSITIVE: N_("positive (relevant)"), NEGATIVE: N_("negative")}


def depth(board: Board) -> int:
    """How deep the ranking is evaluated: the board's K, clipped to the ranking (0: nothing ranked).

    >>> depth(Board(grades={"a": 1, "b": 0, "c": 1}, ranking=("a", "b"), k=5)), depth(Board(grades={"a": 1}, ranking=("a",), k=1))
    (2, 1)
    """
    return min(board.k, len(board.ranking))


def ranking_scores(board: Board) -> dict[str, float]:
    """Scores that say the whole ranking's order (what a library that reads a run must see to rank as the board
    does, whatever K): rank 1 of n gets n, ..., rank n gets 1; pool items 0.

    >>> ranking_scores(Board(grades={"a": 1, "b": 0, "c": 1, "d": 0}, ranking=("a", "b", "c"), k=2))
    {'a': 3.0, 'b': 2.0, 'c': 1.0, 'd': 0.0}
    """
    return _scores_down(board, len(board.ranking))


def default_scores(board: Board) -> dict[str, float]:
    """Scores derived from the ranking's top K (:func:`depth`): rank 1 gets K, ..., rank K gets 1; every other item
    (ranked below K, or in the pool) 0.

    >>> default_scores(Board(grades={"a": 1, "b": 0, "c": 1, "d": 0}, ranking=("a", "b", "c"), k=2))
    {'a': 2.0, 'b': 1.0, 'c': 0.0, 'd': 0.0}
    """
    return _scores_down(board, depth(board))


def _scores_down(board: Board, n: int) -> dict[str, float]:
    """Every item's score: the ranking's first ``n`` items n, n − 1, ..., 1; every other item 0."""
    ranked = {item: float(n - position) for position, item in enumerate(board.ranking[:n])}
    return {item: ranked.get(item, 0.0) for item in board.items}


def typed(board: Board) -> bool:
    """True when the scores come from the board (typed), not from the ranking."""
    return bool(board.scores)


def board_scores(board: Board) -> tuple[list[str], list[int], list[float]]:
    """``(items, labels, scores)`` for every item of the board, in pool order.

    Typed scores win (an uploaded run brings its own). An item without a score - judged but not
    retrieved, or added after the scores were typed - gets one less than the lowest score, so it
    sits below everything scored, as the pool items do with scores from the ranking; at the bottom of the
    board's range (a lowest score within 1 of -ui.model.limits.MAX_ABS_SCORE) it gets the limit itself, a tie.
    """
    source = board.scores if typed(board) else default_scores(board)
    items = board.items
    labels = [POSITIVE if board.grade(item) >= board.threshold else NEGATIVE for item in items]
    below = max(min(source.values()) - 1.0, -limits.MAX_ABS_SCORE) if source else 0.0
    scores = [float(source.get(item, below)) for item in items]
    return items, labels, scores


def score_frame(board: Board) -> pd.DataFrame:
    """The editable table: item, rank (empty in the pool), grade, label, score."""
    items, labels, scores = board_scores(board)
    rank = {item: position for position, item in enumerate(board.ranking, start=1)}
    return pd.DataFrame({
        "item": items,
        "rank": pd.array([rank.get(i) for i in items], dtype="Int64"),
        "grade": [math.nan if board.grades[i] is None else float(board.grades[i]) for i in items],
        "label": labels,
        "score": scores,
    })


def checked_score(value, item=None) -> float:
    """A typed score as a float, or InputError: empty, not a number, not finite, or larger than
    :data:`ui.model.limits.MAX_ABS_SCORE` in size (``item`` names the row in the message).

    >>> checked_score("2.5"), checked_score(3)
    (2.5, 3.0)
    >>> checked_score("1e400", "a")
    Traceback (most recent call last):
    ...
    ui.model.board.InputError: the score of 'a' is not a finite number: '1e400'
    """
    name = repr(str(item)) if item is not None else "?"
    shown = _short(value)
    if value is None or (isinstance(value, str) and not value.strip()) or (isinstance(value, float) and math.isnan(value)):
        raise InputError(N_("the score of {item} is empty: type a number"), item=name)
    if isinstance(value, bool):
        raise InputError(N_("the score of {item} is not a number: {value}"), item=name, value=shown)
    try:
        number = float(value.strip() if isinstance(value, str) else value)
    except OverflowError:  # an integer beyond float
        number = math.inf
    except (TypeError, ValueError):
        raise InputError(N_("the score of {item} is not a number: {value}"), item=name, value=shown) from None
    if math.isnan(number):
        raise InputError(N_("the score of {item} is not a finite number: {value}"), item=name, value=shown)
    if abs(number) > limits.MAX_ABS_SCORE:
        if math.isinf(number) and not isinstance(value, int):
            raise InputError(N_("the score of {item} is not a finite number: {value}"), item=name, value=shown)
        raise InputError(N_("the score of {item} is too large: {value} (at most {limit:g} in size)"), item=name,
                         value=shown, limit=limits.MAX_ABS_SCORE)
    return number


def _short(value, limit: int = 40) -> str:
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def check_raw_scores(raw, column: str, items: list[str]) -> None:
    """Check a score editor's raw widget state (its ``edited_rows``) before the editor applies it:
    the editor would turn "abc" into an empty cell and "1e400" into infinity. ``column``: the score
    column's shown name; ``items``: the rows' items, for the message. Raises InputError."""
    if not isinstance(raw, dict) or not isinstance(raw.get("edited_rows"), dict):
        return
    for row, changes in raw["edited_rows"].items():
        if isinstance(changes, dict) and column in changes:
            index = int(row) if str(row).lstrip("-").isdigit() else -1
            checked_score(changes[column], items[index] if 0 <= index < len(items) else None)


def scores_from_frame(frame: pd.DataFrame) -> dict[str, float]:
    """Read the score column back; an empty, non-finite or too large cell raises MetricsInputError."""
    return {str(item): checked_score(value, item) for item, value in zip(frame["item"], frame["score"])}


def threshold_options(scores: list[float]) -> list[float]:
    """The distinct scores, lowest first: the thresholds at which the prediction changes."""
    return sorted(set(scores))


def default_threshold(options: list[float]) -> float:
    """A threshold in the middle of the distinct scores."""
    return options[(len(options) - 1) // 2]


def one_class_reason(labels: list[int], error: Exception) -> str:
    """Why ROC cannot be drawn, in the reader's language: ``error`` (from ``metrics``) in English,
    the same reason in words of the catalogue otherwise."""
    if language() == "en":
        return str(error)
    if not labels:
        return t("there is no item")
    positives = sum(labels)
    if positives in (0, len(labels)):
        return t("ROC needs both classes, but all {n} labels are {label}: TPR or FPR would divide by zero").format(
            n=len(labels), label=t("1 (positive)") if positives else t("0 (negative)"))
    return str(error)


def confusion_frame(confusion: dict) -> pd.DataFrame:
    """The 2×2 confusion matrix of :func:`metrics.confusion_at`, predicted × actual, as text
    (row and column names in the reader's language)."""
    return pd.DataFrame(
        {t("actually positive"): [f"TP = {confusion['tp']}", f"FN = {confusion['fn']}"],
         t("actually negative"): [f"FP = {confusion['fp']}", f"TN = {confusion['tn']}"]},
        index=[t("predicted positive"), t("predicted negative")])


# ----------------------------------------------------------------------------- figures


def _label(text) -> str:
    text = str(text)
    return html.escape(text if len(text) <= 12 else text[:11] + "…")


def label_anchor(fraction: float) -> str:
    """Where a label at ``fraction`` (0–1) of a chart's x axis is anchored so that it stays inside the chart on a
    phone too (a plotting area of about 200 px, a label of about 125): by its left end in the left third, by its
    right end in the right third, by its middle between (it juts half its width each side).

    >>> label_anchor(0.2), label_anchor(0.5), label_anchor(0.9)
    ('left', 'center', 'right')
    """
    return "left" if fraction < 1 / 3 else "right" if fraction > 2 / 3 else "center"


def score_strip(items: list[str], labels: list[int], scores: list[float], threshold: float) -> go.Figure:
    """Every item's score on one axis, positives and negatives on two rows, and the threshold."""
    traces = []
    names = {value: t(name) for value, name in CLASS_NAMES.items()}
    for value, colour in ((POSITIVE, HIT), (NEGATIVE, MISS)):
        name = names[value]
        chosen = [i for i, label in enumerate(labels) if label == value]
        traces.append(dict(
            type="scatter", x=[scores[i] for i in chosen], y=[name] * len(chosen), mode="markers+text", name=name,
            text=[_label(items[i]) for i in chosen], textposition="top center",
            marker=dict(size=18, color=colour, line=dict(color="#333", width=1)),
            hovertext=[t("{item}: score {score}").format(item=_label(items[i]), score=num(scores[i]))
                       for i in chosen], hoverinfo="text"))
    low, high = min(scores), max(scores)
    pad = (high - low) * 0.08 or 0.5
    right_half = threshold >= (low + high) / 2  # the label says the side with more room
    line = dict(type="line", x0=threshold, x1=threshold, yref="paper", y0=0, y1=1,
                line=dict(color=SECOND, width=3, dash="dash"))
    label = dict(x=threshold, yref="paper", y=0, showarrow=False, font=dict(color=SECOND, size=15),
                 text=t("← predicted negative") if right_half else t("predicted positive →"),
                 xanchor=label_anchor((threshold - low + pad) / (high - low + 2 * pad)), yanchor="bottom")
    return figure(traces, t("Scores by class · threshold {threshold} (dashed)").format(threshold=num(threshold)),
                   t("score"), "", 500,
                   xaxis=dict(range=[low - pad, high + pad]),
                   yaxis=dict(categoryorder="array", categoryarray=[names[NEGATIVE], names[POSITIVE]],
                              range=[-0.8, 1.6]),
                   showlegend=False, shapes=[line], annotations=[label])


def pair_heatmap(pairs: pd.DataFrame) -> go.Figure:
    """Every (positive, negative) pair: 1 when the positive scores higher, ½ for a tie, 0 otherwise."""
    values = pairs.to_numpy()
    text = np.where(values == 1, "1", np.where(values == 0.5, "½", "0"))
    trace = dict(type="heatmap", z=values, x=[_label(c) for c in pairs.columns], y=[_label(r) for r in pairs.index],
                 zmin=0, zmax=1, colorscale=[[0, "#F4C7B8"], [0.5, "#F7E7A6"], [1, "#9FD3AE"]], showscale=False,
                 text=text, texttemplate="%{text}", textfont=dict(size=18), xgap=2, ygap=2)
    height = max(220, 60 + 44 * len(pairs.index))
    return figure([trace], "", t("negative items"), t("positive items"), height, xaxis=dict(side="top"),
                   yaxis=dict(autorange="reversed"))


def trapezoid_chart(curve: pd.DataFrame, steps: pd.DataFrame, step: int | None = None, height: int = 460,
                    **layout) -> go.Figure:
    """The ROC curve with the trapezoids of ``metrics.roc_auc_steps`` up to ``step`` shaded,
    the current one highlighted (``layout``: more of the figure's layout, its margins say)."""
    shown = steps if step is None else steps.iloc[:step]
    traces = []
    for position, row in enumerate(shown.itertuples(index=False)):
        current = position == len(shown) - 1
        traces.append(dict(
            type="scatter", x=[row.from_fpr, row.to_fpr, row.to_fpr, row.from_fpr, row.from_fpr],
            y=[0, 0, row.tpr_right, row.tpr_left, 0], fill="toself", mode="lines",
            line=dict(color=SECOND if current else "rgba(11,79,156,0.5)", width=2 if current else 1),
            fillcolor="rgba(217,72,15,0.35)" if current else "rgba(11,79,156,0.15)",
            name=t("step {step}: area {area}").format(step=row.step, area=num(row.area, 4)), showlegend=False,
            hoverinfo="name"))
    traces.append(dict(type="scatter", x=list(curve["fpr"]), y=list(curve["tpr"]), mode="lines+markers",
                       name=t("ROC curve"), line=dict(color="#0B4F9C", width=3), showlegend=False))
    title = t("Trapezoids") if shown.empty else t("Step {step}: area {area} (orange)").format(
        step=shown["step"].iloc[-1], area=num(shown["area"].iloc[-1], 4))
    return figure(traces, title, t("false positive rate"), t("true positive rate"), height, xaxis=dict(range=[0, 1.02]),
                   yaxis=dict(range=[0, 1.02], scaleanchor="x"), **layout)


def score_editor(page: str, board: Board) -> Board:
    """The ROC page's table of every item's rank, grade, label and score, its scores typed in place (one message for a
    refused cell), with the button that goes back to the ranking's scores; returns the board after this run's edits.
    The editor shows translated column names (its widget identity follows them, so switching the language starts a
    fresh editor); its result is read back under the English names."""
    import streamlit as st

    from ui.i18n import headers
    from ui.ranking import lanes
    from ui.session import state
    from ui.shell.safe import plain
    from ui.teaching import explainer

    if typed(board) and st.button(
            t("Scores from the ranking"), key=f"{page}_reset_scores",
            help=t("Forget the typed scores: rank 1 of the top K gets K, rank K gets 1, every other item 0.")):
        state.set_board(board.with_scores({}))
        board = state.board()
    if typed(board):
        st.caption(t("Scores typed here (or the uploaded run's): every item counts at its score, whatever K. Equal "
                     "scores make a tie; an item without a score gets one less than the lowest."))
    else:
        st.caption(t("Scores from the ranking's top K: rank 1 scores K, rank K scores 1; the items below rank K and "
                     "in the pool score 0 (one tie). Type your own scores in the table."))
    frame = score_frame(board)
    key = f"{page}_scores_{state.revision()}"
    if refused(key, t("score"), list(frame["item"])):
        board = state.board()
        key = f"{page}_scores_{state.revision()}"
    edited = st.data_editor(
        headers(frame), key=key, num_rows="fixed", hide_index=True,
        width="stretch", height=explainer.table_height(len(frame)),
        row_height=lanes.row_height(len(frame)),  # lower rows for a longer board, as in the lanes
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
            board = board.with_scores(scores_from_frame(edited))
            state.set_board(board, external=False)
        except MetricsInputError as error:
            st.error(t("Not applied: {error}.").format(error=plain(state.message(error))))
    return board


def refused(key: str, column: str, items: list[str]) -> bool:
    """Before a score editor is drawn: refuse its raw edits (:func:`check_raw_scores`) with one
    message; the board is kept and the editor, under the board's next revision, starts again
    from it. True when the edits were refused (the caller makes its key again)."""
    import streamlit as st

    from ui.session import state
    from ui.shell.safe import plain

    try:
        check_raw_scores(st.session_state.get(key), column, items)
    except MetricsInputError as error:
        state.set_board(state.board())  # the same board, a new revision: a fresh editor
        st.error(t("Not applied: {error}. The board is unchanged.").format(error=plain(state.message(error))),
                 icon=":material/error:")
        return True
    return False
