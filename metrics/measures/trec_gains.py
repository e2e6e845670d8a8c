r"""trec_eval's other gain-based measures of one ranking: ``G`` (normalised gain), ``ndcg_rel`` (nDCG averaged over
the relevant items) and ``Rndcg`` (nDCG averaged at the ends of the ideal ordering's relevance levels).

A grade's gain is the grade (0 for a negative grade or an item outside the qrels); the ideal ordering
:math:`g^*_1 \ge g^*_2 \ge \dots` is every judged item's gain, sorted; :math:`R^+` the judged items of positive gain;
DCG@r and IDCG@r discount rank r by :math:`\log_2(r + 1)`, and the ranking's DCG stops at its last item:

.. math::

    G = \frac{1}{\sum_j g^*_j} \sum_{i:\,g_i > 0} \frac{g_i}{\log_2(2 + C_i - \Gamma_i)}, \quad
        C_i = \sum_{j \le i} \max(g^*_j, 1),\ \Gamma_i = \sum_{j \le i} g_j

    \mathrm{nDCGRel} = \frac{1}{R^+}\Bigl(\sum_{i \le n:\,g_i > 0} \frac{\mathrm{DCG@}i}{\mathrm{IDCG@}i}
        + (R^+ - \mathrm{found}) \frac{\mathrm{DCG@}n}{\mathrm{IDCG}}\Bigr)

    \mathrm{RnDCG} = \text{the mean of } \frac{\mathrm{DCG@}\min(r, n)}{\mathrm{IDCG@}r}
        \text{ at each } r \le R^+ \text{ with } g^*_r \ne g^*_{r+1}
        \ (\text{and of } \mathrm{DCG@}n / \mathrm{IDCG} \text{ when } n > R^+ + 1)

Source: trec_eval 9's ``m_G.c``, ``m_ndcg_rel.c`` and ``m_Rndcg.c`` (Järvelin & Kekäläinen, "Cumulated gain-based
evaluation of IR techniques", ACM TOIS 20(4), 2002, for DCG).  RnDCG is 0 for a query without a judged grade
reaching ``rel`` (``threshold``), as trec_eval skips it.
"""

from __future__ import annotations

from functools import partial

import numpy as np

from .._binary import THRESHOLD, _threshold
from .._lazy import pandas as pd  # (on first use: batch evaluation imports this module)
from .._validate import as_grades, as_items, as_judged_grades
from ..explanation import Explanation, Line, latex_name, num, so_far, sum_over
from ..messages import N_, message
from .spelling import measure_name

G_FORMULA = (r"G = \frac{1}{\sum_j g^*_j} \sum_{i:\,g_i > 0} \frac{g_i}{\log_2(2 + C_i - \Gamma_i)}, \quad "
             r"C_i = \sum_{j \le i} \max(g^*_j, 1),\ \Gamma_i = \sum_{j \le i} g_j")
NDCG_REL_FORMULA = (r"\mathrm{nDCGRel} = \frac{1}{R^+}\Bigl(\sum_{i:\,g_i > 0} \mathrm{nDCG@}i"
                    r" + (R^+ - \mathrm{found})\,\frac{\mathrm{DCG@}n}{\mathrm{IDCG}}\Bigr)")
RNDCG_FORMULA = (r"\mathrm{RnDCG} = \operatorname{mean}_{r:\,g^*_r \ne g^*_{r+1}} "
                 r"\frac{\mathrm{DCG@}\min(r, n)}{\mathrm{IDCG@}r}")


def _gains_and_ideal(rels, judged, depth_past: int = 0):
    """(ranked grades, their gains, the ideal gains padded with zeros to the table's depth, R+, labels depth)."""
    grades, _ = as_judged_grades(rels)
    gains = np.where(grades > 0, grades, 0.0)
    ideal = np.sort(np.clip(as_grades([g for g in judged if g is not None], "judged"), 0, None))[::-1]
    positive = int((ideal > 0).sum())
    depth = max(grades.size, positive + depth_past)
    padded = np.zeros(depth)
    padded[:min(depth, ideal.size)] = ideal[:depth]
    return grades, gains, padded, positive, depth, float(ideal[ideal > 0].sum())


def _running_dcg(gains: np.ndarray, depth: int) -> np.ndarray:
    """DCG@1..depth of ``gains`` (constant past their end)."""
    padded = np.zeros(depth)
    padded[:gains.size] = gains[:depth]
    return np.cumsum(padded / np.log2(np.arange(2, depth + 2)))


def g_steps(rels, judged, items=None) -> Explanation:
    """Explain trec_eval's ``G``: columns rank, item, rel, gain, ideal_gain (g*_i), cost (C_i), gained (Γ_i), term
    (g_i / log2(2 + C_i − Γ_i) at a positive gain), running_sum, G (running_sum / Σ g*). ``judged``: every judged
    grade of the query (the ideal ordering); ``rels``: the ranking's grades, None outside the qrels."""
    grades, gains, ideal, _, depth, ideal_total = _gains_and_ideal(rels, judged)
    n = grades.size
    ideal = ideal[:n]
    cost = np.cumsum(np.maximum(ideal, 1.0))
    gained = np.cumsum(gains)
    with np.errstate(divide="ignore", invalid="ignore"):
        term = np.where(gains > 0, gains / np.log2(2.0 + cost - gained), 0.0)
    running = np.cumsum(term)
    table = pd.DataFrame({"rank": np.arange(1, n + 1), "item": as_items(items, n), "rel": grades, "gain": gains,
                          "ideal_gain": ideal, "cost": cost, "gained": gained, "term": term, "running_sum": running,
                          "G": running / ideal_total if ideal_total > 0 else np.zeros(n)})
    return Explanation.written(
        writer=partial(_sum_lines, table, "G", "term", num(ideal_total), ideal_total > 0), measure="G",
        value=float(table["G"].iloc[-1]) if n else 0.0, table=table, formula=G_FORMULA, column="G",
        running={"G": "G"}, details={"ideal_total": ideal_total})


def ndcg_rel_steps(rels, judged, items=None) -> Explanation:
    """Explain trec_eval's ``ndcg_rel`` (nDCGRel): columns rank, item, rel, gain, DCG, IDCG, nDCG, counted (nDCG@i at
    a positive gain), running_sum, nDCGRel (running_sum / R+; the last row adds (R+ − found) · DCG@n / IDCG for the
    relevant items never retrieved)."""
    grades, gains, ideal, positive, depth, _ = _gains_and_ideal(rels, judged)
    n = grades.size
    dcg, idcg = _running_dcg(gains, depth), _running_dcg(ideal, depth)
    with np.errstate(divide="ignore", invalid="ignore"):
        ndcg = np.where(idcg > 0, dcg / np.where(idcg > 0, idcg, 1.0), 0.0)
    counted = np.where(gains > 0, ndcg[:n], 0.0)
    running = np.cumsum(counted)
    found = int((gains > 0).sum())
    missed = (positive - found) * (dcg[-1] / idcg[-1]) if positive and depth else 0.0
    value = (running[-1] + missed) / positive if positive and n and running[-1] + missed > 0 else 0.0
    table = pd.DataFrame({"rank": np.arange(1, n + 1), "item": as_items(items, n), "rel": grades, "gain": gains,
                          "DCG": dcg[:n], "IDCG": idcg[:n], "nDCG": ndcg[:n], "counted": counted, "running_sum": running,
                          "nDCGRel": running / positive if positive else np.zeros(n)})
    if n:
        table.loc[n - 1, "nDCGRel"] = value
    return Explanation.written(
        writer=partial(_ndcg_rel_lines, table, positive, found, missed), measure="nDCGRel", value=value, table=table,
        formula=NDCG_REL_FORMULA, column="nDCGRel", running={"nDCGRel": "nDCGRel"},
        details={"R": positive, "found": found, "missed_term": missed})


def rndcg_steps(rels, judged, items=None, threshold: float = THRESHOLD) -> Explanation:
    """Explain trec_eval's ``Rndcg`` (RnDCG): one row per rank of the list or of the ideal ordering's relevant items:
    rank, item, rel, gain, ideal_gain, DCG (of the list, constant past its end), IDCG, boundary (the ideal gain
    changes after this rank, or the list runs on past R+ + 1), counted (DCG/IDCG there), RnDCG (mean so far)."""
    threshold = _threshold(threshold)
    grades, gains, ideal, positive, depth, _ = _gains_and_ideal(rels, judged, depth_past=1)
    n = grades.size
    dcg, idcg = _running_dcg(gains, depth), _running_dcg(ideal, depth)
    rank = np.arange(1, depth + 1)
    boundary = (rank <= positive) & (ideal != np.append(ideal[1:], 0.0))
    extra = n > positive + 1  # trec_eval adds DCG@n / IDCG once more when the list runs past R+ + 1
    if extra:
        boundary[n - 1] = True
    reaches = any(g is not None and g >= threshold for g in judged)
    if not reaches:
        boundary[:] = False
    counted = np.where(boundary, dcg / np.where(idcg > 0, idcg, 1.0), 0.0)
    changes = np.cumsum(boundary)
    mean = np.where(changes > 0, np.cumsum(counted) / np.maximum(changes, 1), 0.0)
    labels = as_items(items, n) + [""] * (depth - n)
    shown = np.concatenate((grades, np.full(depth - n, np.nan)))
    table = pd.DataFrame({"rank": rank, "item": labels, "rel": shown, "gain": np.append(gains, np.zeros(depth - n)),
                          "ideal_gain": ideal, "DCG": dcg, "IDCG": idcg, "boundary": boundary, "counted": counted,
                          "RnDCG": mean})
    last = int(np.flatnonzero(boundary)[-1]) + 1 if boundary.any() else 0
    table = table.iloc[:max(n, last)]
    value = float(mean[last - 1]) if last else 0.0
    return Explanation.written(
        writer=partial(_sum_lines, table, measure_name("RnDCG", rel=threshold), "counted",
                       str(int(boundary.sum())), bool(boundary.any())),
        measure=measure_name("RnDCG", rel=threshold), value=value, table=table, formula=RNDCG_FORMULA, column="RnDCG",
        running={"RnDCG": "RnDCG"}, details={"R": positive, "levels": int(boundary.sum())})


def _sum_lines(table: pd.DataFrame, name: str, column: str, below: str, any_: bool, step: int,
               text: bool) -> tuple[Line, ...]:
    """``name`` after ``step`` rows: the counted terms so far over ``below``."""
    lhs = name if text else latex_name(name)
    lhs = so_far(lhs, step, len(table), text)
    shown = table.iloc[:step]
    terms = tuple(num(term) for term in shown[column] if term != 0) or ("0",)
    if not any_:
        return (Line(lhs, head="0", note=message(N_("(nothing to count)"))),)
    value = num(shown[table.columns[-1]].iloc[-1]) if step else "0"
    return (sum_over(lhs, terms, below, value, text),)


def _ndcg_rel_lines(table: pd.DataFrame, positive: int, found: int, missed: float, step: int,
                    text: bool) -> tuple[Line, ...]:
    """nDCGRel: the nDCG at each relevant item so far, and at the end the relevant items never retrieved."""
    lhs = "nDCGRel" if text else latex_name("nDCGRel")
    if positive == 0 or step == 0:
        return (Line(lhs, head="0", note=message(N_("(no relevant item)"))),)
    shown = table.iloc[:step]
    terms = tuple(num(term) for term in shown["counted"] if term != 0)
    if step == len(table) and positive > found:
        terms += (f"{positive - found} * {num(missed / (positive - found))}" if text
                  else rf"{positive - found} \cdot {num(missed / (positive - found))}",)
    else:
        lhs = f"{lhs} [1..{step}]" if text else rf"{lhs}_{{1..{step}}}"
    value = num(shown["nDCGRel"].iloc[-1])
    return (sum_over(lhs, terms or ("0",), positive, value, text),)
