"""Interpolated precision at recall levels and its 11-point average (trec_eval's ``iprec_at_recall``
and ``11pt_avg``): the precision-recall points at each rank, then at each recall level r the largest
precision from the rank where r·R relevant items are found.

r·R is turned into a number of relevant items as trec_eval 9 does (and pytrec_eval, ir_measures with
it): ⌊r·R + 0.9⌋; trec_eval 10 rounds to the nearest (``rounding="nearest"``, C's lround).
Source: trec_eval's ``m_iprec_at_recall.c`` and ``m_11pt_avg.c``; Salton & McGill, *Introduction to Modern
Information Retrieval*, 1983.
"""

from __future__ import annotations

import math
from functools import partial

import numpy as np

from .._binary import THRESHOLD, relevant_flags, total_relevant
from .._lazy import pandas as pd  # (on first use: batch evaluation imports this module)
from .._validate import as_choice, as_count, as_fraction, as_items
from ..explanation import Explanation, Line, latex_name, num, with_formula
from .spelling import measure_name

#: how r·R becomes a number of relevant items: trec_eval 9 (pytrec_eval) and trec_eval 10
ROUNDINGS = ("up", "nearest")
#: trec_eval's recall levels (its double literals 0.0, 0.1, ..., 1.0)
RECALL_LEVELS = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)

IPREC_FORMULA = r"\mathrm{IPrec@}r = \max_{i \,:\, R@i \ge r} P@i"
ELEVEN_FORMULA = r"\mathrm{11pt\_avg} = \frac{1}{11} \sum_{r \in \{0, 0.1, \ldots, 1\}} \mathrm{IPrec@}r"


def rounded_half_up(value: float) -> int:
    """C's ``lround`` of a non-negative number (halves away from zero), as trec_eval 10 turns r·R into hits.

    >>> rounded_half_up(0.5), rounded_half_up(1.4999), rounded_half_up(2.5)
    (1, 1, 3)
    """
    whole = math.floor(value)
    return whole + (value - whole >= 0.5)


def precision_recall_points(rels, n_relevant: int | None = None, items=None,
                            threshold: float = THRESHOLD) -> pd.DataFrame:
    """The precision-recall point at every rank: rank, item, rel, relevant, hits, precision, recall."""
    grades, flags = relevant_flags(rels, threshold)
    R = total_relevant(flags, as_count(n_relevant, "n_relevant"))
    rank = np.arange(1, grades.size + 1)
    hits = np.cumsum(flags)
    return pd.DataFrame({"rank": rank, "item": as_items(items, grades.size), "rel": grades, "relevant": flags,
                         "hits": hits, "precision": hits / np.maximum(rank, 1),
                         "recall": hits / R if R else np.zeros(grades.size)})


def hits_needed(level: float, R: int, rounding: str = "up") -> int:
    """The relevant items recall ``level`` asks for: ⌊r·R + 0.9⌋ (``"up"``) or r·R rounded (``"nearest"``).

    >>> hits_needed(0.6, 2), hits_needed(0.6, 2, "nearest"), hits_needed(0.5, 3), hits_needed(0.5, 3, "nearest")
    (2, 1, 2, 2)
    """
    return int(level * R + 0.9) if rounding == "up" else rounded_half_up(level * R)


def iprec_steps(rels, n_relevant: int | None = None, items=None, threshold: float = THRESHOLD,
                levels=RECALL_LEVELS, rounding: str = "up") -> Explanation:
    """Explain the interpolated precision at each recall level and their mean (11pt_avg by default).

    One row per level: recall_level r, hits_needed (r·R as ``rounding`` says), from_rank (the
    rank where that many hits are found; 0 for r·R = 0 → the top), iprec (the largest precision from
    that rank to the end of the list; 0 when the list never reaches recall r) and running_mean. The
    precision-recall points at every rank are ``details["points"]``.
    """
    levels = tuple(as_fraction(level, "recall level") for level in levels)
    rounding = as_choice(rounding, ROUNDINGS, "rounding")
    points = precision_recall_points(rels, n_relevant, items, threshold)
    flags = points["relevant"].to_numpy(dtype=bool)
    R = total_relevant(flags, as_count(n_relevant, "n_relevant"))
    found = int(flags.sum())
    hit_ranks = points["rank"].to_numpy()[flags]
    precision = points["precision"].to_numpy()
    best_from = np.maximum.accumulate(precision[::-1])[::-1] if precision.size else precision  # max P@j, j ≥ i
    needed, start, iprec = [], [], []
    for level in levels:
        hits = hits_needed(level, R, rounding)
        reached = hits <= found and precision.size > 0
        rank = (int(hit_ranks[hits - 1]) if hits else 1) if reached else 0
        needed.append(hits)
        start.append(rank)
        iprec.append(float(best_from[rank - 1]) if reached else 0.0)
    iprec = np.array(iprec)
    table = pd.DataFrame({"recall_level": levels, "hits_needed": needed, "from_rank": start, "iprec": iprec,
                          "running_mean": np.cumsum(iprec) / np.arange(1, len(levels) + 1)})
    params = {"rel": threshold}
    if levels == RECALL_LEVELS:  # ir_measures' names: IPrec11 (trec_eval's 11pt_avg), IPrec@r for one level
        name, label = measure_name("IPrec11", **params), "11pt_avg"
    else:
        name = label = measure_name("IPrec", num(levels[0]) if len(levels) == 1 else None, **params)
    return Explanation.written(
        writer=partial(_iprec_lines, table, R, found, len(points), label), measure=name,
        value=float(table["running_mean"].iloc[-1]) if len(table) else 0.0, table=table,
        formula=r" \qquad ".join([IPREC_FORMULA, ELEVEN_FORMULA]), column="running_mean",
        running={label: "running_mean"}, details={"points": points, "R": R, "found": found})


def _iprec_lines(table: pd.DataFrame, R: int, found: int, n_ranked: int, name: str, step: int,
                 text: bool) -> tuple[Line, ...]:
    """The level of row ``step`` (the largest precision from the rank where its hits are found) and
    the mean of the levels so far."""
    row = table.iloc[step - 1]
    level, rank, hits = num(row["recall_level"]), int(row["from_rank"]), int(row["hits_needed"])
    at = f"IPrec@{level}"
    if rank == 0:
        head = (f"0   (needs {hits} of R = {R} relevant; the list finds {found})" if text
                else rf"0 \quad (R@{n_ranked} = \tfrac{{{found}}}{{{R}}} < {level})")
    else:
        head = (f"max(P@i, i ≥ {rank}) = {num(row['iprec'])}   ({hits} of R = {R} relevant found by rank {rank})"
                if text else rf"\max_{{i \ge {rank}}} P@i = {num(row['iprec'])}")
    terms = tuple(num(v) for v in table["iprec"].iloc[:step])
    final = step == len(table)
    mean = num(row["running_mean"])
    if len(table) == 1:  # one recall level: its interpolated precision is the measure
        return (Line(at if text else latex_name(at), head=head),)
    if text:
        lhs = name if final else f"mean [1..{step}]"
        return (Line(at, head=head), Line(lhs, terms, head="(", tail=f") / {step}", result=mean))
    lhs = latex_name(name) if final else rf"\mathrm{{mean}}_{{1..{step}}}"
    return (Line(latex_name(at), head=head),
            Line(lhs, terms, head=rf"\frac{{1}}{{{step}}}\bigl(", tail=r"\bigr)", result=mean))


@with_formula(IPREC_FORMULA)
def iprec_at_recall(rels, recall: float, n_relevant: int | None = None, threshold: float = THRESHOLD) -> float:
    """Interpolated precision at recall level ``recall``: the largest precision at any rank whose recall
    is at least ``recall`` (trec_eval's ``iprec_at_recall_<r>``; 0 if the list never gets there).

    .. math:: <formula>

    >>> iprec_at_recall([1, 0, 1, 0, 0, 1], 0.5, n_relevant=4)   # ⌊0.5·4 + 0.9⌋ = 2 found at rank 3: max(2/3, 3/6)
    0.6666666666666666
    >>> iprec_at_recall([1, 0, 1, 0, 0, 1], 1.0, n_relevant=4)   # the 4th relevant item is never found
    0.0
    """
    return iprec_steps(rels, n_relevant, threshold=threshold, levels=(recall,)).value


@with_formula(ELEVEN_FORMULA)
def eleven_point_average(rels, n_relevant: int | None = None, threshold: float = THRESHOLD) -> float:
    """The 11-point interpolated average precision (trec_eval's ``11pt_avg``).

    .. math:: <formula>

    >>> round(eleven_point_average([1, 0, 1, 0, 0, 1], n_relevant=4), 4)   # (4·1 + 3·2/3 + 2·1/2 + 2·0) / 11
    0.5455
    """
    return iprec_steps(rels, n_relevant, threshold=threshold).value
