"""Set measures at a cut-off k: Precision, Recall, F1, Hit rate @k, R-precision and relative precision.

P@k = hits in the top k / k; R@k = hits in the top k / R; F1@k = 2·P·R / (P + R); Success@k = [hits ≥ 1];
Rprec = P@R; Rprec_mult = P@⌊m·R + 0.9⌋; relative_P@k = hits in the top k / min(k, R).  Sources: trec_eval's
``m_P.c``, ``m_recall.c``, ``m_success.c``, ``m_Rprec.c``, ``m_Rprec_mult.c``, ``m_rel_P.c``; the F-measure: van Rijsbergen, *Information Retrieval*, 2nd ed., 1979, ch. 7.
"""

from __future__ import annotations

from functools import partial

import numpy as np

from .._binary import THRESHOLD, padded, relevant_flags, total_relevant
from .._lazy import pandas as pd  # (on first use: batch evaluation imports this module)
from .._validate import as_count, as_fraction, as_k
from ..errors import MetricsInputError
from ..explanation import Explanation, Line, latex_name, num, with_formula
from ..messages import N_, counted, message
from .spelling import measure_name
from .wording import NO_RELEVANT, relevant_in_top

P_FORMULA = r"P@k = \frac{" + relevant_in_top("k") + "}{k}"
R_FORMULA = r"R@k = \frac{" + relevant_in_top("k") + "}{R}"
F1_FORMULA = r"F_1@k = \frac{2 \cdot P@k \cdot R@k}{P@k + R@k}"
HIT_FORMULA = r"\mathrm{Success@}k = \mathbb{1}\left[\," + relevant_in_top("k") + r" \ge 1\,\right]"
RPREC_FORMULA = r"\mathrm{Rprec} = P@R = \frac{" + relevant_in_top("R") + "}{R}"
RELP_FORMULA = r"\mathrm{RelP@}k = \frac{" + relevant_in_top("k") + r"}{\min(k, R)}"


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


#: the measure each cut-off column explains (canonical names: Hit rate is ir_measures' Success)
MEASURE_OF = {"P": "P", "R": "R", "F1": "F1", "Hit": "Success"}
RUNNING = {"P": "P", "R": "R", "F1": "F1", "Hit": "Hit"}


def _cutoff_lines(table: pd.DataFrame, column: str, R: int, params: dict, rprec: bool, step: int,
                  text: bool) -> tuple[Line, ...]:
    """The measure at cut-off K = ``step`` (R-precision: named Rprec at K = R)."""
    if step == 0:  # R-precision without a relevant item
        name = measure_name("Rprec", **params)
        return (Line(name if text else latex_name(name), head="0", note=message(NO_RELEVANT)),)
    row = table.iloc[step - 1]
    K, found, value = int(row["rank"]), int(row["hits"]), num(row[column])
    name = measure_name(MEASURE_OF[column], K, **params)
    lhs = name if text else latex_name(name)
    if column == "Hit":
        note = (counted("({found} relevant item in the top {k})", "({found} relevant items in the top {k})",
                        "found", found=found, k=K) if text
                else message(N_("({found} relevant in the top {k})"), found=found, k=K))
        return (Line(lhs, head=value, note=note),)
    if column == "F1":
        p, r = num(row["P"]), num(row["R"])
        head = f"2 * {p} * {r} / ({p} + {r})" if text else rf"\frac{{2 \cdot {p} \cdot {r}}}{{{p} + {r}}}"
    else:
        below = K if column == "P" else R
        head = f"{found}/{below}" if text else rf"\frac{{{found}}}{{{below}}}"
    if rprec and step == len(table):
        rprec_name = measure_name("Rprec", **params)
        head, lhs = f"{lhs} = {head}", rprec_name if text else latex_name(rprec_name)
    return (Line(lhs, head=head, result=value),)


def _explain(column: str, formula: str, hits, k, n_relevant, items, threshold, rprec: bool = False) -> Explanation:
    table = cutoff_steps(hits, k, n_relevant, items, threshold)
    R = total_relevant(relevant_flags(hits, threshold)[1], n_relevant)
    K = len(table)
    params = {"rel": threshold}
    return Explanation.written(
        writer=partial(_cutoff_lines, table, column, R, params, rprec),
        measure=measure_name("Rprec", **params) if rprec else measure_name(MEASURE_OF[column], K, **params),
        value=float(table[column].iloc[-1]) if K else 0.0, table=table, formula=formula, column=column,
        running=RUNNING, details={"R": R, "hits": int(table["hits"].iloc[-1]) if K else 0, "k": K})


def precision_steps(hits, k, items=None, threshold=THRESHOLD) -> Explanation:
    """Explain P@k (the table's last row is K = k)."""
    return _explain("P", P_FORMULA, hits, as_k(k, required=True), None, items, threshold)


def recall_steps(hits, k, n_relevant=None, items=None, threshold=THRESHOLD) -> Explanation:
    """Explain R@k."""
    return _explain("R", R_FORMULA, hits, as_k(k, required=True), n_relevant, items, threshold)


def f1_steps(hits, k, n_relevant=None, items=None, threshold=THRESHOLD) -> Explanation:
    """Explain F1@k."""
    return _explain("F1", F1_FORMULA, hits, as_k(k, required=True), n_relevant, items, threshold)


def hit_rate_steps(hits, k, items=None, threshold=THRESHOLD) -> Explanation:
    """Explain hit rate @k, ir_measures' ``Success@k`` (the measure's name)."""
    return _explain("Hit", HIT_FORMULA, hits, as_k(k, required=True), None, items, threshold)


def r_precision_steps(hits, n_relevant=None, items=None, threshold=THRESHOLD) -> Explanation:
    """Explain R-precision: P@R with R the number of relevant items (an empty table when R = 0)."""
    R = total_relevant(relevant_flags(hits, threshold)[1], as_count(n_relevant, "n_relevant"))
    if R == 0:
        table = cutoff_steps(hits, None, n_relevant, items, threshold).iloc[0:0]
        return Explanation.written(
            writer=partial(_cutoff_lines, table, "P", 0, {"rel": threshold}, True),
            measure=measure_name("Rprec", rel=threshold), value=0.0, table=table, formula=RPREC_FORMULA,
            column="P", running=RUNNING, details={"R": 0, "hits": 0, "k": 0})
    return _explain("P", RPREC_FORMULA, hits, R, n_relevant, items, threshold, rprec=True)


def relative_precision_steps(hits, k, n_relevant=None, items=None, threshold=THRESHOLD) -> Explanation:
    """Explain trec_eval's ``relative_P_k`` (RelP@k): the hits in the top K over min(K, R), K = 1..k; 0 when
    R = 0.  Columns rank (= K), item, rel, relevant, hits, RelP."""
    k = as_k(k, required=True)
    table = cutoff_steps(hits, k, n_relevant, items, threshold)
    R = total_relevant(relevant_flags(hits, threshold)[1], as_count(n_relevant, "n_relevant"))
    below = np.minimum(table["rank"].to_numpy(), R)
    table = table[["rank", "item", "rel", "relevant", "hits"]].assign(
        RelP=np.where(below > 0, table["hits"].to_numpy() / np.maximum(below, 1), 0.0))
    params = {"rel": threshold}
    return Explanation.written(
        writer=partial(_relp_lines, table, R, params), measure=measure_name("RelP", k, **params),
        value=float(table["RelP"].iloc[-1]), table=table, formula=RELP_FORMULA, column="RelP",
        running={"RelP": "RelP"}, details={"R": R, "k": k})


def _relp_lines(table: pd.DataFrame, R: int, params: dict, step: int, text: bool) -> tuple[Line, ...]:
    """RelP at cut-off K = ``step``: hits / min(K, R)."""
    row = table.iloc[step - 1]
    K, found = int(row["rank"]), int(row["hits"])
    name = measure_name("RelP", K, **params)
    head = f"{found}/min({K}, {R})" if text else rf"\frac{{{found}}}{{\min({K}, {R})}}"
    return (Line(name if text else latex_name(name), head=head, result=num(row["RelP"])),)


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


RPREC_MULT_FORMULA = r"\mathrm{Rprec\_mult}(m) = P@\lfloor m \cdot R + 0.9 \rfloor"


def rprec_mult_cutoff(mult: float, R: int) -> int:
    """The rank trec_eval's ``Rprec_mult_<m>`` measures precision at: m·R + 0.9, truncated (so m·R
    rounded up unless its fraction is below 0.1).

    >>> rprec_mult_cutoff(0.2, 3), rprec_mult_cutoff(1.5, 3), rprec_mult_cutoff(2.0, 0)
    (1, 5, 0)
    """
    return int(mult * R + 0.9)


def rprec_mult_steps(hits, mult: float = 1.0, n_relevant=None, items=None, threshold=THRESHOLD) -> Explanation:
    """Explain ``Rprec_mult_<m>``: precision at rank ⌊m·R + 0.9⌋ (past the list's end, still divided by
    that rank, as trec_eval does); 0 when that rank is 0 (R = 0)."""
    mult = as_fraction(mult, "mult", 0.0, 1e6, open_low=True)
    R = total_relevant(relevant_flags(hits, threshold)[1], as_count(n_relevant, "n_relevant"))
    cutoff = rprec_mult_cutoff(mult, R)
    params = {"rel": threshold}
    name = f"Rprec_mult({num(mult)})"  # in the formula; the measure: ir_measures-style RprecMult@m
    if cutoff == 0:
        table = cutoff_steps(hits, None, n_relevant, items, threshold).iloc[0:0]
    else:
        table = cutoff_steps(hits, cutoff, n_relevant, items, threshold)
    return Explanation.written(
        writer=partial(_rprec_mult_lines, table, R, mult, name, params),
        measure=measure_name("RprecMult", num(mult), **params),
        value=float(table["P"].iloc[-1]) if len(table) else 0.0, table=table, formula=RPREC_MULT_FORMULA,
        column="P", running={"P": "P"}, details={"R": R, "cutoff": cutoff, "mult": mult})


def _rprec_mult_lines(table: pd.DataFrame, R: int, mult: float, name: str, params: dict, step: int,
                      text: bool) -> tuple[Line, ...]:
    """P at cut-off ``step``; at the last row named Rprec_mult(m), with the rank worked out."""
    lhs = name if text else r"\mathrm{" + name.replace("_", r"\_") + "}"
    rank = int(mult * R + 0.9)
    where = (message(N_("{mult}·{R} + 0.9 = {sum} → rank {rank}"), mult=num(mult), R=R, sum=num(mult * R + 0.9),
                     rank=rank) if text
             else rf"\lfloor {num(mult)} \cdot {R} + 0.9 \rfloor = {rank}")
    if step == 0:
        return (Line(lhs, head="0", note=message(NO_RELEVANT)),)
    line = _cutoff_lines(table, "P", R, params, False, step, text)[0]
    if step < len(table):
        return (line,)
    return (Line(lhs, head=f"P@{rank}" if text else rf"P@{rank},\ {where}", note=where if text else ""),
            Line("", head=line.head, result=line.result))


@with_formula(RPREC_MULT_FORMULA)
def rprec_mult(hits, mult: float = 1.0, n_relevant: int | None = None, threshold: float = THRESHOLD) -> float:
    """Precision at a multiple of R (trec_eval's ``Rprec_mult_<m>``; m = 1 is R-precision).

    .. math:: <formula>

    >>> rprec_mult([1, 0, 1, 0, 0], 2.0, n_relevant=2)   # P@4 = 2/4
    0.5
    >>> rprec_mult([1, 0, 1], 0.4, n_relevant=2)   # 0.4·2 + 0.9 = 1.7 → P@1
    1.0
    """
    return rprec_mult_steps(hits, mult, n_relevant, threshold=threshold).value
