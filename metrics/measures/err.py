"""Expected reciprocal rank (Chapelle et al. 2009): a user reads down the list and stops at rank i
with probability R_i = (2^g − 1) / 2^g_max; ERR is the expected 1/(rank where the user stops):
ERR@k = Σ_{i≤k} (1/i) R_i Π_{j<i} (1 − R_j).  Source: Chapelle, Metzler, Zhang & Grinspan, "Expected
reciprocal rank for graded relevance", CIKM 2009; gdeval.pl (TREC Web track), behind ir_measures' ERR."""

from __future__ import annotations

from functools import partial

import numpy as np

from .._lazy import pandas as pd  # (on first use: batch evaluation imports this module)
from .._validate import _short, as_fraction, as_grades, as_items, as_k
from ..errors import input_error
from ..explanation import Explanation, Line, latex_name, num, with_formula
from .params import MAX_ERR_GRADE
from .spelling import measure_name

#: the largest grade (and g_max): 2^g is a float only below 2^1024 (the parser's bound, :mod:`.registry`)
MAX_GRADE = float(MAX_ERR_GRADE)
ERR_FORMULA = (r"\mathrm{ERR@}k = \sum_{i=1}^{k} \frac{1}{i} \, R_i \prod_{j<i} (1 - R_j), \quad "
               r"R_i = \frac{2^{g_i} - 1}{2^{g_{\max}}}")


#: g_max when none is given: the TREC Web track's 0-4 scale, as gdeval (ir_measures' ERR) fixes it
DEFAULT_MAX_GRADE = 4

def err_steps(rels, k: int | None = None, max_grade: float = DEFAULT_MAX_GRADE, items=None) -> Explanation:
    """Explain ERR@k: columns rank, item, rel, stop (R_i), reach (the probability of reading rank i:
    ∏ (1 − R_j) over the ranks above), contribution (reach · R_i / i) and ERR (the running sum).

    ``max_grade`` is g_max, the top of the grade scale (default 4: the TREC Web track's 0-4 scale, as
    gdeval and ir_measures); a grade above it is refused. Negative grades count as 0. Ranks past the
    list's end add nothing.
    """
    grades = np.maximum(as_grades(rels), 0.0)
    k = as_k(k)
    too_large = np.flatnonzero(grades > MAX_GRADE)
    if too_large.size:
        raise input_error("{name} at rank {position} = {value} is too large for ERR: 2^{value} overflows a float, so grades "
                          "must be at most {limit}", name="rels", position=int(too_large[0]) + 1,
                          value=_short(float(grades[too_large[0]])), limit=int(MAX_GRADE))
    top = as_fraction(max_grade, "max_grade", 0.0, MAX_GRADE, open_low=True)
    if grades.size and grades.max() > top:
        raise input_error("{name}={value} is below the largest grade, {largest}", name="max_grade", value=num(top),
                          largest=num(grades.max()))
    named_max = top  # part of the measure's name unless it is the default, 4
    depth = grades.size if k is None else min(k, grades.size)
    grades = grades[:depth]
    stop = (np.exp2(grades) - 1) / np.exp2(top)
    reach = np.cumprod(np.r_[1.0, 1 - stop])[:depth]
    rank = np.arange(1, depth + 1)
    contribution = reach * stop / rank
    table = pd.DataFrame({"rank": rank, "item": as_items(items, as_grades(rels).size)[:depth], "rel": grades,
                          "stop": stop, "reach": reach, "contribution": contribution,
                          "ERR": np.cumsum(contribution)})
    return Explanation.written(
        writer=partial(_err_lines, table, k, top, named_max), measure=measure_name("ERR", k, max_grade=named_max),
        value=float(table["ERR"].iloc[-1]) if depth else 0.0, table=table, formula=ERR_FORMULA, column="ERR",
        running={"ERR": "ERR"}, details={"max_grade": top})


def _err_lines(table: pd.DataFrame, k: int | None, top: float, given_max: float | None, step: int,
               text: bool) -> tuple[Line, ...]:
    """ERR after ``step`` ranks: one term reach · R_i / i per rank; then the current rank's R_i."""
    name = measure_name("ERR", k if step == len(table) else step, max_grade=given_max)
    lhs = name if text else latex_name(name)
    shown = table.iloc[:step]
    terms = tuple((f"{num(r)}*{num(s)}/{i}" if text else rf"\tfrac{{{num(r)} \cdot {num(s)}}}{{{i}}}")
                  for r, s, i in zip(shown["reach"], shown["stop"], shown["rank"]) if s > 0)
    value = num(shown["ERR"].iloc[-1]) if step else "0"
    lines = [Line(lhs, terms, result=value)]
    if step:
        row = table.iloc[step - 1]
        g = num(row["rel"])
        ratio = f"(2^{g} - 1) / 2^{num(top)}" if text else rf"\frac{{2^{{{g}}} - 1}}{{2^{{{num(top)}}}}}"
        lines.append(Line(f"R_{step}" if text else f"R_{{{step}}}", head=ratio, result=num(row["stop"])))
    return tuple(lines)


@with_formula(ERR_FORMULA)
def expected_reciprocal_rank(rels, k: int | None = None, max_grade: float = DEFAULT_MAX_GRADE) -> float:
    """Expected reciprocal rank (cascade model) of graded relevance ``rels``.

    .. math:: <formula>

    >>> round(expected_reciprocal_rank([2, 0, 1], max_grade=2), 4)   # 3/4 + 0 + (1/4)·(1/4)/3
    0.7708
    """
    return err_steps(rels, k, max_grade).value
