"""Set measures over the whole retrieved list (trec_eval's ``set_P``, ``set_recall``, ``set_F``, ``set_map``,
``set_relative_P``, ``utility``): the ranking read as a set, order ignored.  Source: trec_eval's ``m_set_P.c``,
``m_set_recall.c``, ``m_set_F.c``, ``m_set_map.c``, ``m_set_rel_P.c``, ``m_utility.c`` (F: van Rijsbergen,
*Information Retrieval*, 2nd ed., 1979)."""

from __future__ import annotations

from functools import partial

import numpy as np

from .._binary import THRESHOLD, total_relevant
from .._lazy import pandas as pd  # (on first use: batch evaluation imports this module)
from .._validate import as_choice, as_fraction
from ..explanation import Explanation, Line, num, with_formula
from ..messages import message
from .counts import counts_table
from .spelling import measure_name
from .wording import NOTHING_RETRIEVED

SET_P_FORMULA = r"\mathrm{set\_P} = \frac{\mathrm{num\_rel\_ret}}{\mathrm{num\_ret}}"
SET_R_FORMULA = r"\mathrm{set\_recall} = \frac{\mathrm{num\_rel\_ret}}{R}"
SET_F_FORMULA = r"\mathrm{set\_F} = \frac{(1 + \beta) \cdot P \cdot R_{ec}}{\beta \cdot P + R_{ec}}"
SET_MAP_FORMULA = r"\mathrm{set\_map} = \frac{\mathrm{num\_rel\_ret}^2}{\mathrm{num\_ret} \cdot R}"
SET_REL_P_FORMULA = r"\mathrm{set\_relative\_P} = \frac{\mathrm{num\_rel\_ret}}{\min(\mathrm{num\_ret}, R)}"
UTILITY_FORMULA = r"\mathrm{utility} = \mathrm{num\_rel\_ret} - (\mathrm{num\_ret} - \mathrm{num\_rel\_ret})"
SET_MEASURES = ("set_P", "set_recall", "set_F", "set_map", "set_relative_P", "utility")
#: trec_eval's name -> the canonical (ir_measures) name, :mod:`metrics.measures.names`
CANONICAL = {"set_P": "SetP", "set_recall": "SetR", "set_F": "SetF", "set_map": "SetAP", "set_relative_P": "SetRelP",
             "utility": "Utility"}
#: the step table's columns: those of every set measure, then each one's own
SHARED_COLUMNS = ("rank", "item", "rel", "relevant", "ret_so_far", "rel_ret_so_far")
COLUMNS_OF = {"set_P": ("set_P",), "set_recall": ("num_rel", "set_recall"),
              "set_F": ("num_rel", "set_P", "set_recall", "set_F"), "set_map": ("num_rel", "set_map"),
              "set_relative_P": ("num_rel", "set_relative_P"), "utility": ("utility",)}
FORMULAS = {"set_P": SET_P_FORMULA, "set_recall": SET_R_FORMULA, "set_F": SET_F_FORMULA, "set_map": SET_MAP_FORMULA,
            "set_relative_P": SET_REL_P_FORMULA, "utility": UTILITY_FORMULA}


def set_steps(measure: str, rels, n_relevant: int | None = None, items=None, threshold: float = THRESHOLD,
              beta: float = 1.0) -> Explanation:
    """Explain ``set_P``, ``set_recall``, ``set_F`` (trec_eval's F: (1+β)·P·R / (β·P + R), β = 1 is F1),
    ``set_map`` (set_P · set_recall), ``set_relative_P`` (num_rel_ret / min(num_ret, R)) or ``utility``
    (num_rel_ret − the non-relevant retrieved).

    The table holds the counts of :func:`metrics.measures.counts.counts_table` the measure needs and its
    value after each rank as if the list ended there (:data:`COLUMNS_OF`); the last row is the value.
    0 when nothing relevant is retrieved.
    """
    measure = as_choice(measure, SET_MEASURES, "measure")
    beta = as_fraction(beta, "beta", 0.0, 1e6, open_low=True)
    table = counts_table(rels, n_relevant, items, threshold)
    rel_ret, ret, R = table["rel_ret_so_far"], table["ret_so_far"], table["num_rel"]
    precision = rel_ret / ret
    recall = (rel_ret / R.where(R > 0, 1)).where(R > 0, 0.0)
    below = beta * precision + recall
    table["set_P"] = precision
    table["set_recall"] = recall
    table["set_F"] = ((1 + beta) * precision * recall / below.where(below > 0, 1)).where(below > 0, 0.0)
    table["set_map"] = (rel_ret * rel_ret / (ret * R).where(R > 0, 1)).where(R > 0, 0.0)  # as trec_eval: F²/(n·R)
    fewest = np.minimum(ret, R)
    table["set_relative_P"] = (rel_ret / fewest.where(fewest > 0, 1)).where(fewest > 0, 0.0)
    table["utility"] = (rel_ret - (ret - rel_ret)).astype(float)
    total = int(R.iloc[0]) if len(R) else total_relevant(np.zeros(0, dtype=bool), n_relevant)
    table = table[[*SHARED_COLUMNS, *COLUMNS_OF[measure]]]
    label = measure if beta == 1.0 or measure != "set_F" else f"set_F({num(beta)})"  # trec_eval's name
    name = measure_name(CANONICAL[measure], rel=threshold) if beta == 1.0 else f"SetF(beta={num(beta)})"
    return Explanation.written(
        writer=partial(_set_lines, table, measure, beta, label, total), measure=name,
        value=float(table[measure].iloc[-1]) if len(table) else 0.0, table=table,
        formula=FORMULAS[measure],
        column=measure, running={label: measure}, details={"R": total, "beta": beta})


def _set_lines(table: pd.DataFrame, measure: str, beta: float, name: str, R: int, step: int,
               text: bool) -> tuple[Line, ...]:
    """The measure of the first ``step`` items read as a set."""
    if step == 0:
        return (Line(name if text else r"\mathrm{" + name.replace("_", r"\_") + "}", head="0",
                     note=message(NOTHING_RETRIEVED)),)
    row = table.iloc[step - 1]
    lhs = name if text else r"\mathrm{" + name.replace("_", r"\_") + "}"
    if step < len(table):
        lhs += f" [1..{step}]" if text else rf"_{{1..{step}}}"
    rel_ret, ret = int(row["rel_ret_so_far"]), int(row["ret_so_far"])
    value = num(row[measure])
    if measure == "set_P":
        head = f"{rel_ret}/{ret}" if text else rf"\frac{{{rel_ret}}}{{{ret}}}"
    elif measure == "set_recall":
        head = f"{rel_ret}/{R}" if text else rf"\frac{{{rel_ret}}}{{{R}}}"
    elif measure == "set_map":
        head = f"{rel_ret}^2/({ret} * {R})" if text else rf"\frac{{{rel_ret}^2}}{{{ret} \cdot {R}}}"
    elif measure == "set_relative_P":
        head = f"{rel_ret}/min({ret}, {R})" if text else rf"\frac{{{rel_ret}}}{{\min({ret}, {R})}}"
    elif measure == "utility":
        head = f"{rel_ret} - ({ret} - {rel_ret})"
    else:
        p, r, b = num(row["set_P"]), num(row["set_recall"]), num(beta)
        head = (f"(1 + {b}) * {p} * {r} / ({b} * {p} + {r})" if text
                else rf"\frac{{(1 + {b}) \cdot {p} \cdot {r}}}{{{b} \cdot {p} + {r}}}")
    return (Line(lhs, head=head, result=value),)


@with_formula(SET_P_FORMULA)
def set_precision(rels, threshold: float = THRESHOLD) -> float:
    """Precision of the whole retrieved list (trec_eval's ``set_P``).

    .. math:: <formula>

    >>> set_precision([1, 0, 1, None])   # 2 relevant of 4 retrieved
    0.5
    """
    return set_steps("set_P", rels, threshold=threshold).value


@with_formula(SET_R_FORMULA)
def set_recall(rels, n_relevant: int | None = None, threshold: float = THRESHOLD) -> float:
    """Recall of the whole retrieved list (trec_eval's ``set_recall``).

    .. math:: <formula>

    >>> set_recall([1, 0, 1, None], n_relevant=5)   # 2 of 5
    0.4
    """
    return set_steps("set_recall", rels, n_relevant, threshold=threshold).value


@with_formula(SET_F_FORMULA)
def set_f(rels, n_relevant: int | None = None, threshold: float = THRESHOLD, beta: float = 1.0) -> float:
    """trec_eval's ``set_F``: (1+β)·P·R / (β·P + R) of the whole retrieved list (β = 1: the harmonic mean).

    .. math:: <formula>

    >>> round(set_f([1, 0, 1, None], n_relevant=5), 4)   # 2 · 0.5 · 0.4 / 0.9
    0.4444
    """
    return set_steps("set_F", rels, n_relevant, threshold=threshold, beta=beta).value
