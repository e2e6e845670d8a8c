"""Judged@k (ir_measures): the share of the top k that has a relevance judgment at all — how far the
other measures can be trusted on this ranking.  Source: ir_measures' ``Judged`` (MacAvaney, Macdonald &
Ounis, "Streamlining evaluation with ir-measures", ECIR 2022)."""

from __future__ import annotations

from functools import partial

import numpy as np

from .._binary import judged_flags
from .._lazy import pandas as pd  # (on first use: batch evaluation imports this module)
from .._validate import as_items, as_k
from ..explanation import Explanation, Line, latex_name, num, with_formula
from ..messages import N_, message, phrase
from .spelling import measure_name
from .wording import NOTHING_RETRIEVED, top

JUDGED_FORMULA = (r"\mathrm{Judged@}k = \frac{|" + phrase(N_("judged")) + r" \cap " + top("k") + r"|}{\min(k, |"
                  + phrase(N_("list")) + "|)}")


def judged_steps(rels, k: int | None = None, items=None) -> Explanation:
    """Explain Judged@k: columns rank, item, rel, judged, judged_so_far, Judged (judged_so_far / rank).

    ``None`` marks an unjudged item. Like ir_measures, the top k of a shorter list is the whole list
    (it divides by min(k, length)); an empty list gives 0.
    """
    grades, judged, _, _ = judged_flags(rels)
    k = as_k(k)
    depth = grades.size if k is None else min(k, grades.size)
    labels = as_items(items, grades.size)[:depth]
    rank = np.arange(1, depth + 1)
    so_far = np.cumsum(judged[:depth])
    table = pd.DataFrame({"rank": rank, "item": labels, "rel": grades[:depth], "judged": judged[:depth],
                          "judged_so_far": so_far, "Judged": so_far / rank})
    return Explanation.written(
        writer=partial(_judged_lines, table, k), measure=measure_name("Judged", k),
        value=float(table["Judged"].iloc[-1]) if depth else 0.0, table=table, formula=JUDGED_FORMULA,
        column="Judged", running={"Judged": "Judged"}, details={"k": depth})


def _judged_lines(table: pd.DataFrame, k: int | None, step: int, text: bool) -> tuple[Line, ...]:
    name = measure_name("Judged", k if step == len(table) else step)
    lhs = name if text else latex_name(name)
    if step == 0:
        return (Line(lhs, head="0", note=message(NOTHING_RETRIEVED)),)
    row = table.iloc[step - 1]
    found = int(row["judged_so_far"])
    head = f"{found}/{step}" if text else rf"\frac{{{found}}}{{{step}}}"
    note = (message(N_("(top {k} of a list of {n}: divided by {n})"), k=k, n=len(table))
            if k and k > len(table) and step == len(table) and text else "")
    return (Line(lhs, head=head, result=num(row["Judged"]), note=note),)


@with_formula(JUDGED_FORMULA)
def judged_at_k(rels, k: int | None = None) -> float:
    """The fraction of the top k that is judged (ir_measures' ``Judged@k``); ``None`` is unjudged.

    .. math:: <formula>

    >>> judged_at_k([1, None, 0, None], 4), judged_at_k([1, None], 10)
    (0.5, 0.5)
    """
    return judged_steps(rels, k).value
