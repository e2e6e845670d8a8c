"""bpref (binary preference, Buckley & Voorhees 2004): how many judged non-relevant items each relevant
item is ranked below, as trec_eval's ``bpref`` counts them. Unjudged items are skipped.  Source: Buckley &
Voorhees, "Retrieval evaluation with incomplete information", SIGIR 2004; trec_eval's ``m_bpref.c``."""

from __future__ import annotations

from functools import partial

import numpy as np

from .._binary import MAX_RELEVANT, THRESHOLD, total_relevant
from .._lazy import pandas as pd  # (on first use: batch evaluation imports this module)
from .._validate import _short, as_count, as_items
from ..errors import input_error
from ..explanation import Explanation, Line, latex_name, num, with_formula
from ..messages import N_, message, phrase
from .counts import trec_judged_flags
from .spelling import measure_name

BPREF_FORMULA = (r"\mathrm{bpref} = \frac{1}{R} \sum_{r " + phrase(N_(" relevant, retrieved")) + "} "
                 r"\left(1 - \frac{\min(n_r, R)}{\min(R, N)}\right)")


def judged_nonrelevant(nonrelevant: np.ndarray, n_nonrelevant) -> int:
    """N: the given number of judged non-relevant items, checked against those in the list."""
    found = int(nonrelevant.sum())
    n_nonrelevant = as_count(n_nonrelevant, "n_nonrelevant")
    if n_nonrelevant is None:
        return found
    if n_nonrelevant > MAX_RELEVANT:
        raise input_error(N_("{name}={value} is more than {limit} (2^53, the largest count a float holds exactly)"),
                          name="n_nonrelevant", value=_short(n_nonrelevant), limit=MAX_RELEVANT)
    if n_nonrelevant < found:
        raise input_error("{name}={value} is smaller than the {found} judged non-relevant items already in the "
                          "ranking", name="n_nonrelevant", value=n_nonrelevant, found=found)
    return n_nonrelevant


def bpref_steps(rels, n_relevant: int | None = None, n_nonrelevant: int | None = None, items=None,
                threshold: float = THRESHOLD) -> Explanation:
    """Explain bpref: one row per rank with the judged non-relevant items above it.

    ``rels`` are grades in ranked order, ``None`` for an unjudged item (skipped, as trec_eval skips
    documents missing from the qrels; a negative grade, pooled but unjudged, too). R = ``n_relevant`` and N = ``n_nonrelevant`` count every judged
    item, retrieved or not (default: those in the list). Columns: rank, item, rel, judged, relevant,
    nonrel_above (judged non-relevant items ranked above), term (at a relevant item
    1 − min(n, R)/min(R, N), else 0), running_sum, bpref (running_sum / R).
    """
    grades, judged, relevant, nonrelevant = trec_judged_flags(rels, threshold)
    R = total_relevant(relevant, as_count(n_relevant, "n_relevant"))
    N = judged_nonrelevant(nonrelevant, n_nonrelevant)
    labels = as_items(items, grades.size)
    above = np.cumsum(nonrelevant) - nonrelevant
    with np.errstate(divide="ignore", invalid="ignore"):
        penalty = np.where(above > 0, np.minimum(above, R) / max(min(R, N), 1), 0.0)
    term = np.where(relevant, 1.0 - penalty, 0.0)
    running = np.cumsum(term)
    table = pd.DataFrame({"rank": np.arange(1, grades.size + 1), "item": labels, "rel": grades, "judged": judged,
                          "relevant": relevant, "nonrel_above": above, "term": term, "running_sum": running,
                          "bpref": running / R if R else np.zeros(grades.size)})
    params = {"rel": threshold}
    return Explanation.written(
        writer=partial(_bpref_lines, table, R, N, params), measure=measure_name("Bpref", **params),
        value=float(table["bpref"].iloc[-1]) if len(table) else 0.0, table=table, formula=BPREF_FORMULA,
        column="bpref", running={"bpref": "bpref"}, details={"R": R, "N": N})


def _bpref_lines(table: pd.DataFrame, R: int, N: int, params: dict, step: int, text: bool) -> tuple[Line, ...]:
    """bpref after ``step`` ranks: one term per relevant item so far, over R."""
    shown = table.iloc[:step]
    hits = shown[shown["relevant"]]
    name = measure_name("Bpref", **params)
    lhs = name if text else latex_name(name)
    lhs = lhs if step == len(table) else (f"{lhs} [1..{step}]" if text else rf"{lhs}_{{1..{step}}}")
    below = min(R, N)
    terms = tuple(("1" if n == 0 else (f"(1 - {min(n, R)}/{below})" if text else
                                       rf"\left(1 - \tfrac{{{min(n, R)}}}{{{below}}}\right)"))
                  for n in hits["nonrel_above"].astype(int))
    value = num(shown["bpref"].iloc[-1]) if step else "0"
    note = message(N_("[R = {R}, N = {N} judged non-relevant]"), R=R, N=N)
    if R == 0:
        return (Line(lhs, head="0", note=message(N_("(no relevant item: bpref is 0)"))),)
    if text:
        return (Line(lhs, terms, head="(", tail=f") / {R}", result=value, note=note),)
    return (Line(lhs, terms, head=rf"\frac{{1}}{{{R}}}\bigl(", tail=r"\bigr)", result=value),)


@with_formula(BPREF_FORMULA)
def bpref(rels, n_relevant: int | None = None, n_nonrelevant: int | None = None,
          threshold: float = THRESHOLD) -> float:
    """bpref: for each relevant item retrieved, the share of judged non-relevant items it beats, over R.

    .. math:: <formula>

    n_r is the number of judged non-relevant items ranked above relevant item r, R the relevant items
    and N the judged non-relevant ones (all judged, retrieved or not). ``None`` marks an unjudged item,
    which counts neither way (trec_eval's ``bpref``).

    >>> bpref([1, 0, None, 1, 0, 1])   # (1 + (1 - 1/2) + (1 - 2/2)) / 3
    0.5
    >>> bpref([0, 1], n_relevant=2, n_nonrelevant=5)   # (1 - 1/2) / 2
    0.25
    """
    return bpref_steps(rels, n_relevant, n_nonrelevant, threshold=threshold).value
