"""trec_eval's ``binG``: each relevant item counts 1 / log2(2 + the non-relevant items ranked above it), summed
and divided by R — a gain that only the non-relevant items in front of a hit discount (unjudged items count as
non-relevant).  Source: trec_eval's ``m_binG.c``."""

from __future__ import annotations

from functools import partial

import numpy as np

from .._binary import THRESHOLD, relevant_flags, total_relevant
from .._lazy import pandas as pd  # (on first use: batch evaluation imports this module)
from .._validate import as_count, as_items
from ..explanation import Explanation, Line, latex_name, num, so_far, sum_over, with_formula
from ..messages import N_, message, phrase
from .spelling import measure_name
from .wording import NO_RELEVANT

BING_FORMULA = (r"\mathrm{binG} = \frac{1}{R} \sum_{i:\,rel_i} \frac{1}{\log_2(2 + n_i)}, \quad n_i = i - "
                + phrase(N_("hits")) + "_i")


def bing_steps(hits, n_relevant: int | None = None, items=None, threshold: float = THRESHOLD) -> Explanation:
    """Explain binG: columns rank, item, rel, relevant, hits (relevant items at ranks 1..i), nonrel_before
    (i − hits: the others up to rank i), term (1 / log2(2 + nonrel_before) at a relevant item, else 0),
    running_sum and BinG (running_sum / R; 0 when R = 0)."""
    grades, flags = relevant_flags(hits, threshold)
    R = total_relevant(flags, as_count(n_relevant, "n_relevant"))
    rank = np.arange(1, grades.size + 1)
    found = np.cumsum(flags)
    before = rank - found
    term = np.where(flags, 1.0 / np.log2(2.0 + before), 0.0)
    running = np.cumsum(term)
    table = pd.DataFrame({"rank": rank, "item": as_items(items, grades.size), "rel": grades, "relevant": flags,
                          "hits": found, "nonrel_before": before, "term": term, "running_sum": running,
                          "BinG": running / R if R else np.zeros(grades.size)})
    params = {"rel": threshold}
    return Explanation.written(
        writer=partial(_bing_lines, table, R, params), measure=measure_name("BinG", **params),
        value=float(table["BinG"].iloc[-1]) if len(table) else 0.0, table=table, formula=BING_FORMULA,
        column="BinG", running={"BinG": "BinG"}, details={"R": R})


def _bing_lines(table: pd.DataFrame, R: int, params: dict, step: int, text: bool) -> tuple[Line, ...]:
    """binG after ``step`` ranks: one term per relevant item so far, over R."""
    name = measure_name("BinG", **params)
    lhs = name if text else latex_name(name)
    lhs = so_far(lhs, step, len(table), text)
    if R == 0:
        return (Line(lhs, head="0", note=message(NO_RELEVANT)),)
    shown = table.iloc[:step]
    terms = tuple((f"1/log2(2 + {n})" if text else rf"\tfrac{{1}}{{\log_2(2 + {n})}}")
                  for n in shown.loc[shown["relevant"], "nonrel_before"].astype(int)) or ("0",)
    value = num(shown["BinG"].iloc[-1]) if step else "0"
    return (sum_over(lhs, terms, R, value, text),)


@with_formula(BING_FORMULA)
def bing(hits, n_relevant: int | None = None, threshold: float = THRESHOLD) -> float:
    """trec_eval's ``binG`` of one ranking.

    .. math:: <formula>

    >>> round(bing([1, 0, 1], n_relevant=3), 4)   # (1/log2(2) + 1/log2(3)) / 3
    0.5436
    """
    return bing_steps(hits, n_relevant, threshold=threshold).value
