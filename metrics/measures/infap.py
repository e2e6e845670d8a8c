r"""Inferred average precision (trec_eval's ``infAP``): AP estimated from a judged sample of the pool. At a
relevant item at rank i the precision is inferred from the judged items above it:

    term_i = 1/i + ((i − 1)/i) · ((F + n + u)/(i − 1)) · ((F + ε)/(F + n + 2ε))   (term_1 = 1)

with F the relevant, n the judged non-relevant and u the pooled-but-unjudged items (a negative grade) above
rank i, ε = 10⁻⁵; infAP = Σ term_i / R.  Items outside the qrels (None) count only in i.  Source: Yilmaz & Aslam,
"Estimating average precision with incomplete and imperfect judgments", CIKM 2006; trec_eval's ``m_infap.c``.
"""

from __future__ import annotations

from functools import partial

import numpy as np

from .._binary import THRESHOLD, total_relevant
from .._lazy import pandas as pd  # (on first use: batch evaluation imports this module)
from .._validate import as_count, as_items
from ..explanation import Explanation, Line, latex_name, num, so_far, sum_over, with_formula
from ..messages import message
from .counts import trec_judged_flags
from .spelling import measure_name
from .wording import NO_RELEVANT

#: trec_eval's INFAP_EPSILON
EPSILON = 0.00001
INFAP_FORMULA = (r"\mathrm{infAP} = \frac{1}{R} \sum_{i:\,rel_i} \Bigl(\frac{1}{i} + \frac{i-1}{i} \cdot "
                 r"\frac{F_i + n_i + u_i}{i-1} \cdot \frac{F_i + \epsilon}{F_i + n_i + 2\epsilon}\Bigr)")


def infap_steps(rels, n_relevant: int | None = None, items=None, threshold: float = THRESHOLD) -> Explanation:
    """Explain infAP: columns rank, item, rel, relevant, rel_above (F), nonrel_above (n), unjudged_above (u,
    pooled items with a negative grade), term (at a relevant item, else 0), running_sum, infAP (running_sum / R).
    ``None`` marks an item outside the qrels."""
    grades, judged, relevant, nonrelevant = trec_judged_flags(rels, threshold)
    pooled_unjudged = (grades < 0) & ~judged
    R = total_relevant(relevant, as_count(n_relevant, "n_relevant"))
    rank = np.arange(1, grades.size + 1)
    above_rel = np.cumsum(relevant) - relevant
    above_nonrel = np.cumsum(nonrelevant) - nonrelevant
    above_unjudged = np.cumsum(pooled_unjudged) - pooled_unjudged
    above = (rank - 1).astype(np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        inferred = (1.0 / rank + (above / rank) * ((above_rel + above_nonrel + above_unjudged) / np.where(above > 0, above, 1))
                    * ((above_rel + EPSILON) / (above_rel + above_nonrel + 2 * EPSILON)))
    term = np.where(relevant, np.where(rank == 1, 1.0, inferred), 0.0)
    running = np.cumsum(term)
    table = pd.DataFrame({"rank": rank, "item": as_items(items, grades.size), "rel": grades, "relevant": relevant,
                          "rel_above": above_rel, "nonrel_above": above_nonrel, "unjudged_above": above_unjudged,
                          "term": term, "running_sum": running, "infAP": running / R if R else np.zeros(grades.size)})
    params = {"rel": threshold}
    return Explanation.written(
        writer=partial(_infap_lines, table, R, params), measure=measure_name("infAP", **params),
        value=float(table["infAP"].iloc[-1]) if len(table) else 0.0, table=table, formula=INFAP_FORMULA,
        column="infAP", running={"infAP": "infAP"}, details={"R": R})


def _infap_lines(table: pd.DataFrame, R: int, params: dict, step: int, text: bool) -> tuple[Line, ...]:
    """infAP after ``step`` ranks: each relevant item's inferred precision so far, over R."""
    name = measure_name("infAP", **params)
    lhs = name if text else latex_name(name)
    lhs = so_far(lhs, step, len(table), text)
    if R == 0:
        return (Line(lhs, head="0", note=message(NO_RELEVANT)),)
    shown = table.iloc[:step]
    terms = tuple(num(term) for term in shown.loc[shown["relevant"], "term"]) or ("0",)
    value = num(shown["infAP"].iloc[-1]) if step else "0"
    return (sum_over(lhs, terms, R, value, text),)


@with_formula(INFAP_FORMULA)
def infap(rels, n_relevant: int | None = None, threshold: float = THRESHOLD) -> float:
    """trec_eval's ``infAP`` of one ranking (None: an item outside the qrels; a negative grade: pooled, unjudged).

    .. math:: <formula>

    >>> infap([1, 0, 1], n_relevant=2)   # all judged: AP, (1 + 2/3) / 2
    0.8333333333333333
    """
    return infap_steps(rels, n_relevant, threshold=threshold).value
