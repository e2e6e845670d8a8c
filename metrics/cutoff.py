"""Set measures at a cut-off k: Precision, Recall, F1, Hit rate @k and R-precision."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ._binary import THRESHOLD, padded, relevant_flags, total_relevant
from ._validate import as_count, as_k
from .errors import MetricsInputError
from .explanation import Explanation, num, with_formula

P_FORMULA = r"P@k = \frac{|\text{relevant} \cap \text{top } k|}{k}"
R_FORMULA = r"R@k = \frac{|\text{relevant} \cap \text{top } k|}{R}"
F1_FORMULA = r"F_1@k = \frac{2 \cdot P@k \cdot R@k}{P@k + R@k}"
HIT_FORMULA = r"\mathrm{Hit@}k = \mathbb{1}\left[\,|\text{relevant} \cap \text{top } k| \ge 1\,\right]"
RPREC_FORMULA = r"\mathrm{Rprec} = P@R = \frac{|\text{relevant} \cap \text{top } R|}{R}"


def cutoff_steps(hits, k: int | None = None, n_relevant: int | None = None, items=None,
                 threshold: float = THRESHOLD) -> pd.DataFrame:
    """P, R, F1 and Hit rate at every cut-off K = 1..k (default: the list's length).

    Columns: rank (= K), item, rel, relevant, hits, P, R, F1, Hit. P divides by K even past
    the end of the list (trec_eval); R divides by ``n_relevant`` (default: the hits in the list).
    """
    grades, flags = relevant_flags(hits, threshold)
    k = as_k(k)
    R = total_relevant(flags, as_count(n_relevant, "n_relevant"))
    depth = grades.size if k is None else k
    grades, flags, labels = padded(grades, flags, items, depth)
    K = np.arange(1, depth + 1)
    found = np.cumsum(flags)
    precision = found / K
    recall = found / R if R else np.zeros(depth)
    total = precision + recall
    with np.errstate(divide="ignore", invalid="ignore"):
        f1 = np.where(total > 0, 2 * precision * recall / total, 0.0)
    return pd.DataFrame({"rank": K, "item": labels, "rel": grades, "relevant": flags, "hits": found,
                         "P": precision, "R": recall, "F1": f1, "Hit": (found > 0).astype(float)})


def _explain(column: str, formula: str, hits, k, n_relevant, items, threshold, measure) -> Explanation:
    table = cutoff_steps(hits, k, n_relevant, items, threshold)
    row = table.iloc[-1]
    K, found = int(row["rank"]), int(row["hits"])
    R = total_relevant(relevant_flags(hits, threshold)[1], n_relevant)
    value = float(row[column])
    name = f"{measure}@{K}"
    if column == "P":
        text, latex = f"{name} = {found}/{K} = {num(value)}", rf"{name} = \frac{{{found}}}{{{K}}} = {num(value)}"
    elif column == "R":
        text, latex = f"{name} = {found}/{R} = {num(value)}", rf"{name} = \frac{{{found}}}{{{R}}} = {num(value)}"
    elif column == "F1":
        p, r = num(row["P"]), num(row["R"])
        text = f"{name} = 2 * {p} * {r} / ({p} + {r}) = {num(value)}"
        latex = rf"F_1@{K} = \frac{{2 \cdot {p} \cdot {r}}}{{{p} + {r}}} = {num(value)}"
    else:
        text = f"{name} = {num(value)}   ({found} relevant item(s) in the top {K})"
        latex = rf"\mathrm{{{name}}} = {num(value)} \quad \text{{({found} relevant in the top {K})}}"
    return Explanation(measure=name, value=value, table=table, formula=formula, worked=latex,
                       worked_text=text, column=column, details={"R": R, "hits": found, "k": K})


def precision_steps(hits, k, items=None, threshold=THRESHOLD) -> Explanation:
    """Explain P@k (the table's last row is K = k)."""
    return _explain("P", P_FORMULA, hits, as_k(k, required=True), None, items, threshold, "P")


def recall_steps(hits, k, n_relevant=None, items=None, threshold=THRESHOLD) -> Explanation:
    """Explain R@k."""
    return _explain("R", R_FORMULA, hits, as_k(k, required=True), n_relevant, items, threshold, "R")


def f1_steps(hits, k, n_relevant=None, items=None, threshold=THRESHOLD) -> Explanation:
    """Explain F1@k."""
    return _explain("F1", F1_FORMULA, hits, as_k(k, required=True), n_relevant, items, threshold, "F1")


def hit_rate_steps(hits, k, items=None, threshold=THRESHOLD) -> Explanation:
    """Explain Hit@k (ir_measures ``Success@k``)."""
    return _explain("Hit", HIT_FORMULA, hits, as_k(k, required=True), None, items, threshold, "Hit")


def r_precision_steps(hits, n_relevant=None, items=None, threshold=THRESHOLD) -> Explanation:
    """Explain R-precision: P@R with R the number of relevant items."""
    R = total_relevant(relevant_flags(hits, threshold)[1], as_count(n_relevant, "n_relevant"))
    if R == 0:
        table = cutoff_steps(hits, None, n_relevant, items, threshold).iloc[0:0]
        return Explanation(measure="Rprec", value=0.0, table=table, formula=RPREC_FORMULA,
                           worked=r"\mathrm{Rprec} = 0 \quad \text{(no relevant item: R = 0)}",
                           worked_text="Rprec = 0   (no relevant item: R = 0)", column="P", details={"R": 0, "hits": 0, "k": 0})
    explanation = _explain("P", RPREC_FORMULA, hits, R, n_relevant, items, threshold, "P")
    return Explanation(measure="Rprec", value=explanation.value, table=explanation.table, formula=RPREC_FORMULA,
                       worked=explanation.worked.replace(f"P@{R} =", rf"\mathrm{{Rprec}} = P@{R} =", 1),
                       worked_text=explanation.worked_text.replace(f"P@{R} =", f"Rprec = P@{R} =", 1),
                       column="P",
                       details=explanation.details)


@with_formula(P_FORMULA)
def precision_at_k(hits, k: int, threshold: float = THRESHOLD) -> float:
    """Precision at k: relevant items in the top k over k, even when fewer were retrieved.

    .. math:: <formula>

    >>> round(precision_at_k([1, 1, 0, 1, 0], 3), 4)   # 2/3
    0.6667
    >>> precision_at_k([1, 0], 4)   # 1/4: trec_eval divides by k
    0.25
    """
    return precision_steps(hits, k, threshold=threshold).value


@with_formula(R_FORMULA)
def recall_at_k(hits, k: int, n_relevant: int, threshold: float = THRESHOLD) -> float:
    """Recall at k: relevant items in the top k over R, the number of relevant items.

    .. math:: <formula>

    >>> recall_at_k([1, 0, 1, 0, 0], 5, n_relevant=4)   # 2/4
    0.5
    """
    if n_relevant is None:
        raise MetricsInputError("recall_at_k needs n_relevant (R, the number of relevant items)")
    return recall_steps(hits, k, n_relevant, threshold=threshold).value


@with_formula(F1_FORMULA)
def f1_at_k(hits, k: int, n_relevant: int | None = None, threshold: float = THRESHOLD) -> float:
    """F1 at k: the harmonic mean of P@k and R@k (0 when both are 0).

    .. math:: <formula>

    >>> round(f1_at_k([1, 0, 1, 0, 0], 5, n_relevant=4), 4)   # 2 * 0.4 * 0.5 / 0.9
    0.4444
    """
    return f1_steps(hits, k, n_relevant, threshold=threshold).value


@with_formula(HIT_FORMULA)
def hit_rate_at_k(hits, k: int, threshold: float = THRESHOLD) -> float:
    """Hit rate at k: 1 when any relevant item is in the top k, else 0 (ir_measures ``Success@k``).

    .. math:: <formula>

    >>> hit_rate_at_k([0, 0, 1], 2), hit_rate_at_k([0, 0, 1], 3)
    (0.0, 1.0)
    """
    return hit_rate_steps(hits, k, threshold=threshold).value


@with_formula(RPREC_FORMULA)
def r_precision(hits, n_relevant: int | None = None, threshold: float = THRESHOLD) -> float:
    """R-precision: precision at rank R, R the number of relevant items (0 when R = 0).

    .. math:: <formula>

    >>> r_precision([1, 0, 1, 0, 0], n_relevant=3)   # 2 of the top 3
    0.6666666666666666
    """
    return r_precision_steps(hits, n_relevant, threshold=threshold).value
