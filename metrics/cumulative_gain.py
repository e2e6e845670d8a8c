"""Gain, CG, DCG, IDCG and nDCG of one ranking, with the step table behind each number.

Rank i (counting from 1) is discounted by log2(i + 1). A grade's gain is ``rel`` (linear, as
trec_eval, scikit-learn and ranx's ``ndcg``) or ``2^rel - 1`` (exponential, Burges et al.; ranx
``ndcg_burges``, gdeval). Negative grades give gain 0, as in trec_eval.
"""

from __future__ import annotations

from functools import partial

import numpy as np
import pandas as pd

from ._validate import as_choice, as_grades, as_items, as_k
from .errors import MetricsInputError
from .explanation import Explanation, Line, latex_name, num, with_formula
from .measures import measure_name

GAINS = ("linear", "exponential")
GAIN_PARAM = {"linear": "lin", "exponential": "exp"}  #: ``gain`` argument -> the measure's gain parameter
IDEAL_FROM = ("judged", "list")  #: where the ideal ordering comes from (the measure's ideal parameter)

CG_FORMULA = r"\mathrm{CG@}k = \sum_{i=1}^{k} rel_i"
DCG_FORMULA = {
    "linear": r"\mathrm{DCG@}k = \sum_{i=1}^{k} \frac{rel_i}{\log_2(i+1)}",
    "exponential": r"\mathrm{DCG@}k = \sum_{i=1}^{k} \frac{2^{rel_i}-1}{\log_2(i+1)}",
}
NDCG_FORMULA = r"\mathrm{nDCG@}k = \frac{\mathrm{DCG@}k}{\mathrm{IDCG@}k}"

#: column names of the NDCG step table, in order
COLUMNS = ("rank", "item", "rel", "gain", "discount", "discounted_gain", "CG", "DCG")


def gains(rels, gain: str = "linear") -> np.ndarray:
    """Gain of each grade: ``max(rel, 0)`` (linear) or ``2^max(rel, 0) - 1`` (exponential)."""
    as_choice(gain, GAINS, "gain")
    rels = np.maximum(np.asarray(rels, dtype=float), 0.0)
    return rels if gain == "linear" else np.exp2(rels) - 1.0


def discounts(n: int) -> np.ndarray:
    """log2(i + 1) for ranks i = 1..n."""
    return np.log2(np.arange(2, n + 2, dtype=float))


def _depth(n_ranked: int, n_ideal: int, k: int | None) -> int:
    """Rows of the step tables: the cut-off, or every rank that can carry gain."""
    full = max(n_ranked, n_ideal)
    return full if k is None else min(k, full)


def _table(rels: np.ndarray, items: list[str], depth: int, gain: str, ties=None) -> pd.DataFrame:
    """Step table for the first ``depth`` ranks; ranks past the list get grade 0 and no item."""
    padded = np.zeros(depth)
    shown = min(depth, rels.size)
    padded[:shown] = rels[:shown]
    labels = items[:shown] + [""] * (depth - shown)
    gain_values = gains(padded, gain)
    if ties is not None:
        gain_values = _tie_averaged(gains(rels, gain), ties)[:depth]
        gain_values = np.concatenate([gain_values, np.zeros(depth - gain_values.size)])
    discount = discounts(depth)
    discounted = gain_values / discount
    return pd.DataFrame({
        "rank": np.arange(1, depth + 1),
        "item": labels,
        "rel": padded,
        "gain": gain_values,
        "discount": discount,
        "discounted_gain": discounted,
        "CG": np.cumsum(gain_values),
        "DCG": np.cumsum(discounted),
    })


def _tie_averaged(gain_values: np.ndarray, scores: np.ndarray) -> np.ndarray:
    """Replace each gain by the mean gain of its tie group (items with equal scores).

    The expected DCG over all orders of the tied items (McSherry & Najork 2008), as
    scikit-learn's ``ndcg_score`` computes by default; ``scores`` are in ranked order.
    """
    out = gain_values.copy()
    if out.size == 0:
        return out
    starts = np.flatnonzero(np.r_[True, scores[1:] != scores[:-1]])
    sums = np.add.reduceat(out, starts)
    sizes = np.diff(np.r_[starts, out.size])
    return np.repeat(sums / sizes, sizes)


def _order_by_score(rels, items, scores):
    """Sort by score descending, keeping the given order among ties (a stable sort)."""
    scores = as_grades(scores, "scores")
    if scores.size != rels.size:
        raise MetricsInputError(f"scores has {scores.size} values for {rels.size} grades")
    order = np.argsort(-scores, kind="stable")
    return rels[order], [items[i] for i in order], scores[order]


def _dcg_terms(rels, gain: str, text: bool) -> tuple[str, ...]:
    """One term per rank: ``3/log2(2)`` or ``\\frac{3}{\\log_2(2)}`` (exponential: ``2^3-1`` on top)."""
    terms = []
    for rank, rel in enumerate(rels, start=1):
        top = num(rel) if gain == "linear" else (f"(2^{num(rel)}-1)" if text else f"2^{{{num(rel)}}}-1")
        terms.append(f"{top}/log2({rank + 1})" if text else rf"\frac{{{top}}}{{\log_2({rank + 1})}}")
    return tuple(terms)


IDCG_ZERO = "(IDCG is 0 (no item carries gain), so nDCG is defined as 0.)"


def _ndcg_lines(table: pd.DataFrame, ideal_table: pd.DataFrame, gain: str, k: int | None, params: dict,
                step: int, text: bool) -> tuple[Line, ...]:
    """The worked nDCG after ``step`` ranks: DCG@i and IDCG@i as sums, then their ratio."""
    final = step == len(table)
    at = (str(k) if k is not None else str(step)) if final else str(step)
    name = measure_name("nDCG", k if final else step, **params)
    dcg_value, idcg_value, value = (float(table[c].iloc[step - 1]) if step else 0.0 for c in ("DCG", "IDCG", "nDCG"))

    def symbol(label: str) -> str:
        return label if text else latex_name(label)

    ratio = f"{num(dcg_value)} / {num(idcg_value)}" if text else rf"\frac{{{num(dcg_value)}}}{{{num(idcg_value)}}}"
    return (Line(symbol(f"DCG@{at}"), _dcg_terms(table["rel"].iloc[:step], gain, text), result=num(dcg_value)),
            Line(symbol(f"IDCG@{at}"), _dcg_terms(ideal_table["rel"].iloc[:step], gain, text), result=num(idcg_value)),
            Line(symbol(name), head=ratio, result=num(value), note=IDCG_ZERO if idcg_value == 0 else ""))


def ndcg_steps(rels, k: int | None = None, gain: str = "linear", ideal=None, items=None,
               scores=None, ideal_items=None, ideal_from: str | None = None) -> Explanation:
    """Explain nDCG@k: step tables for the ranking and for the ideal ordering.

    Parameters
    ----------
    rels : grades in ranked order.
    k : cut-off (None: every rank that can carry gain).
    gain : ``"linear"`` or ``"exponential"``.
    ideal : grades of all judged items for the ideal ordering (default: ``rels``).
    items : labels of the ranked items (default d1, d2, ...).
    scores : optional scores in the same order as ``rels``; the list is then ordered by
        score and tied items share their mean gain (scikit-learn's tie averaging).
    ideal_items : labels of the ``ideal`` grades, for the ideal table.
    ideal_from : the convention ``ideal`` follows, ``"judged"`` or ``"list"``, for the measure's
        name (default: ``"list"`` without ``ideal``, ``"judged"`` with it).

    The main table has columns rank, item, rel, gain, discount (the divisor log2(i+1)),
    discounted_gain, CG, DCG, IDCG (the ideal ordering's running DCG) and nDCG (DCG@i / IDCG@i);
    its last row is nDCG@k. The measure is named ``nDCG(ideal=list)@k``, ``nDCG(gain=exp)@k``, ...
    """
    rels = as_grades(rels)
    k = as_k(k)
    as_choice(gain, GAINS, "gain")
    ideal_from = as_choice(ideal_from or ("list" if ideal is None else "judged"), IDEAL_FROM, "ideal_from")
    items = as_items(items, rels.size)
    ideal_rels = rels if ideal is None else as_grades(ideal, "ideal")
    if ideal is None:
        ideal_labels = items
    elif ideal_items is not None:
        ideal_labels = as_items(ideal_items, ideal_rels.size, "ideal_items")
    else:
        ideal_labels = [""] * ideal_rels.size
    ties = None
    if scores is not None:
        rels, items, ties = _order_by_score(rels, items, scores)
    ideal_order = np.argsort(-ideal_rels, kind="stable")
    ideal_sorted = ideal_rels[ideal_order]
    ideal_items = [ideal_labels[i] for i in ideal_order]
    depth = _depth(rels.size, ideal_sorted.size, k)
    table = _table(rels, items, depth, gain, ties)
    ideal_table = _table(ideal_sorted, ideal_items, depth, gain)
    table["IDCG"] = ideal_table["DCG"].to_numpy()
    with np.errstate(divide="ignore", invalid="ignore"):
        table["nDCG"] = np.where(table["IDCG"] > 0, table["DCG"] / table["IDCG"], 0.0)
    dcg_value = float(table["DCG"].iloc[-1]) if depth else 0.0
    idcg_value = float(ideal_table["DCG"].iloc[-1]) if depth else 0.0
    value = float(table["nDCG"].iloc[-1]) if depth else 0.0
    params = {"gain": GAIN_PARAM[gain], "ideal": ideal_from}
    return Explanation.written(
        writer=partial(_ndcg_lines, table, ideal_table, gain, k, params),
        measure=measure_name("nDCG", k, **params),
        value=value,
        table=table,
        formula=r" \qquad ".join([DCG_FORMULA[gain], NDCG_FORMULA]),
        column="nDCG",
        running={"DCG": "DCG", "IDCG": "IDCG", "nDCG": "nDCG"},
        details={"ideal_table": ideal_table, "DCG": dcg_value, "IDCG": idcg_value,
                 "CG": float(table["CG"].iloc[-1]) if depth else 0.0, "k": depth, "gain": gain,
                 "ideal_from": ideal_from},
    )


@with_formula(CG_FORMULA)
def cg(rels, k: int | None = None) -> float:
    """Cumulative gain of the top k: the sum of the grades, order ignored.

    .. math:: <formula>

    >>> round(cg([0.5, 0.9, 0.3, 0.6, 0.1]), 6)   # 0.5 + 0.9 + 0.3 + 0.6 + 0.1
    2.4
    """
    rels = as_grades(rels)
    k = as_k(k)
    return float(np.sum(gains(rels[:k])))


@with_formula(DCG_FORMULA["linear"] + r" \quad\text{or, exponential: }\ " + DCG_FORMULA["exponential"])
def dcg(rels, k: int | None = None, gain: str = "linear") -> float:
    """Discounted cumulative gain of the top k ranks.

    .. math:: <formula>

    >>> round(dcg([3, 2, 3, 0, 1], k=3), 3)   # 3/log2(2) + 2/log2(3) + 3/log2(4)
    5.762
    >>> round(dcg([3, 2, 3, 0, 1], k=3, gain="exponential"), 3)   # 7/1 + 3/1.585 + 7/2
    12.393
    """
    rels = as_grades(rels)
    k = as_k(k)
    depth = _depth(rels.size, 0, k)
    return float(_table(rels, [""] * rels.size, depth, gain)["DCG"].iloc[-1]) if depth else 0.0


def idcg(rels, k: int | None = None, gain: str = "linear") -> float:
    """Ideal DCG: the DCG of ``rels`` sorted by grade, highest first, cut at k.

    >>> round(idcg([3, 2, 3, 0, 1], k=3), 3)   # 3/log2(2) + 3/log2(3) + 2/log2(4)
    5.893
    """
    rels = as_grades(rels)
    return dcg(np.sort(rels)[::-1], k, gain)


@with_formula(NDCG_FORMULA)
def ndcg(rels, k: int | None = None, gain: str = "linear", ideal=None, scores=None) -> float:
    """Normalised DCG: DCG@k divided by the DCG@k of the ideal ordering (0 when that is 0).

    .. math:: <formula>

    ``ideal`` holds the grades of all judged items (trec_eval, ranx); by default the ideal
    ordering is built from ``rels`` alone (scikit-learn). With ``scores``, tied items share
    their mean gain (scikit-learn's tie averaging). See :func:`ndcg_steps` for the steps.

    >>> round(ndcg([3, 2, 3, 0, 1], k=3), 4)   # 5.762 / 5.893
    0.9778
    >>> round(ndcg([3, 2, 3, 0, 1], k=3, ideal=[3, 3, 3, 2, 1, 0]), 4)   # 5.762 / (3 + 3/log2(3) + 3/2)
    0.9013
    """
    return ndcg_steps(rels, k=k, gain=gain, ideal=ideal, scores=scores).value
