"""The counts trec_eval prints for a ranking: num_ret (items retrieved), num_rel (relevant items, all
judged), num_rel_ret (relevant items retrieved) and num_nonrel_judged_ret (judged non-relevant items
retrieved); the table shows what each counts, rank by rank.  Source: trec_eval's ``m_num_ret.c``,
``m_num_rel.c``, ``m_num_rel_ret.c``, ``m_num_nonrel_judged_ret.c``."""

from __future__ import annotations

from functools import partial

import numpy as np

from .._binary import THRESHOLD, judged_flags, total_relevant
from .._lazy import pandas as pd  # (on first use: batch evaluation imports this module)
from .._validate import as_choice, as_count, as_items
from ..explanation import Explanation, Line, with_formula
from ..messages import N_, message, phrase
from .spelling import measure_name
from .wording import RELEVANT

#: each count's name (trec_eval) -> the step table column it is read from and what it counts
COUNTS = {
    "num_ret": ("ret_so_far", "items retrieved"),
    "num_rel": ("num_rel", "relevant items among all judged ones, retrieved or not"),
    "num_rel_ret": ("rel_ret_so_far", "relevant items retrieved"),
    "num_nonrel_judged_ret": ("nonrel_ret_so_far", "judged non-relevant items retrieved"),
}
#: trec_eval's name -> the canonical (ir_measures) name, :mod:`metrics.measures.names`
CANONICAL = {"num_ret": "NumRet", "num_rel": "NumRel", "num_rel_ret": "NumRelRet",
             "num_nonrel_judged_ret": "NumNonRelJudgedRet"}
RETRIEVED = phrase(N_("retrieved"))  #: ``\text{retrieved}``
COUNT_FORMULA = {
    "num_ret": r"\mathrm{num\_ret} = |" + RETRIEVED + "|",
    "num_rel": r"\mathrm{num\_rel} = R = |" + RELEVANT + "|",
    "num_rel_ret": r"\mathrm{num\_rel\_ret} = |" + RELEVANT + r" \cap " + RETRIEVED + "|",
    "num_nonrel_judged_ret": (r"\mathrm{num\_nonrel\_judged\_ret} = |" + phrase(N_("judged non-relevant")) + r" \cap "
                              + RETRIEVED + "|"),
}


def trec_judged_flags(rels, threshold: float = THRESHOLD):
    """As :func:`metrics._binary.judged_flags`, the way trec_eval reads a negative grade: pooled but unjudged
    (not judged, neither relevant nor judged non-relevant; ``m_bpref.c``, ``m_num_nonrel_judged_ret.c``)."""
    grades, judged, relevant, nonrelevant = judged_flags(rels, threshold)
    judged = judged & (grades >= 0)
    return grades, judged, relevant & judged, nonrelevant & judged


def counts_table(rels, n_relevant: int | None = None, items=None, threshold: float = THRESHOLD) -> pd.DataFrame:
    """One row per rank: rank, item, rel, judged, relevant, nonrel_judged, ret_so_far, rel_ret_so_far,
    nonrel_ret_so_far and num_rel (R, the same on every row). ``None`` grades are unjudged, negative ones pooled but
    unjudged (:func:`trec_judged_flags`)."""
    grades, judged, relevant, nonrelevant = trec_judged_flags(rels, threshold)
    R = total_relevant(relevant, as_count(n_relevant, "n_relevant"))
    return pd.DataFrame({"rank": np.arange(1, grades.size + 1), "item": as_items(items, grades.size),
                         "rel": grades, "judged": judged, "relevant": relevant, "nonrel_judged": nonrelevant,
                         "ret_so_far": np.arange(1, grades.size + 1), "rel_ret_so_far": np.cumsum(relevant),
                         "nonrel_ret_so_far": np.cumsum(nonrelevant), "num_rel": np.full(grades.size, R)})


def count_steps(count: str, rels, n_relevant: int | None = None, items=None,
                threshold: float = THRESHOLD) -> Explanation:
    """Explain one of :data:`COUNTS` (``"num_ret"``, ``"num_rel"``, ``"num_rel_ret"``,
    ``"num_nonrel_judged_ret"``) on grades in ranked order (``None``: unjudged). The formula says
    trec_eval's name; the measure is named as ir_measures names it (:data:`CANONICAL`)."""
    count = as_choice(count, tuple(COUNTS), "count")
    table = counts_table(rels, n_relevant, items, threshold)
    R = int(total_relevant(trec_judged_flags(rels, threshold)[2], n_relevant))
    column = COUNTS[count][0]
    value = float(R if count == "num_rel" else (table[column].iloc[-1] if len(table) else 0))
    name = measure_name(CANONICAL[count], **({} if count == "num_ret" else {"rel": threshold}))
    return Explanation.written(writer=partial(_count_lines, table, count, R), measure=name, value=value,
                               table=table, formula=COUNT_FORMULA[count], column=column, running={count: column},
                               details={"R": R, "integer": True})


#: the table column that marks the rows each count counts
_MARKED = {"num_ret": None, "num_rel": "relevant", "num_rel_ret": "relevant", "num_nonrel_judged_ret": "nonrel_judged"}


def _count_lines(table: pd.DataFrame, count: str, R: int, step: int, text: bool) -> tuple[Line, ...]:
    """The count after ``step`` ranks, as a sum of ones (one per counted rank)."""
    shown = table.iloc[:step]
    lhs = count if text else r"\mathrm{" + count.replace("_", r"\_") + "}"
    if count == "num_rel":
        return (Line(lhs, head=str(R), note=message(N_("(every judged relevant item, retrieved or not)")) if text
                     else ""),)
    marked = shown if _MARKED[count] is None else shown[shown[_MARKED[count]]]
    ranks = ", ".join(str(r) for r in marked["rank"]) or message(N_("none"))
    note = message(N_("(ranks {ranks})"), ranks=ranks) if text else ""
    return (Line(lhs, tuple("1" for _ in range(len(marked))), result=str(len(marked)), note=note),)


def _count(count: str, rels, n_relevant=None, threshold=THRESHOLD) -> int:
    return int(count_steps(count, rels, n_relevant, threshold=threshold).value)


@with_formula(COUNT_FORMULA["num_ret"])
def num_ret(rels) -> int:
    """The number of items retrieved (trec_eval's ``num_ret``).

    .. math:: <formula>

    >>> num_ret([1, None, 0])
    3
    """
    return _count("num_ret", rels)


@with_formula(COUNT_FORMULA["num_rel"])
def num_rel(rels, n_relevant: int | None = None, threshold: float = THRESHOLD) -> int:
    """R: the relevant items among all judged ones (``n_relevant``; default those in the list).

    .. math:: <formula>

    >>> num_rel([1, None, 0], n_relevant=4)
    4
    """
    return _count("num_rel", rels, n_relevant, threshold)


@with_formula(COUNT_FORMULA["num_rel_ret"])
def num_rel_ret(rels, threshold: float = THRESHOLD) -> int:
    """The relevant items retrieved (trec_eval's ``num_rel_ret``).

    .. math:: <formula>

    >>> num_rel_ret([2, None, 0, 1])
    2
    """
    return _count("num_rel_ret", rels, None, threshold)


@with_formula(COUNT_FORMULA["num_nonrel_judged_ret"])
def num_nonrel_judged_ret(rels, threshold: float = THRESHOLD) -> int:
    """The judged non-relevant items retrieved; unjudged items (``None``) are not counted.

    .. math:: <formula>

    >>> num_nonrel_judged_ret([2, None, 0, 1, 0])
    2
    """
    return _count("num_nonrel_judged_ret", rels, None, threshold)


def num_q(rels=None) -> int:
    """One for each query evaluated (trec_eval's ``num_q``, summed over the queries): its value on one query.

    >>> num_q([0, 1])
    1
    """
    return 1
