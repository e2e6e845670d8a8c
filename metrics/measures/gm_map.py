"""GM_MAP: the geometric mean of average precision over queries (trec_eval's ``gm_map``), which
rewards a system that does no query very badly; an AP of 0 is floored at 0.00001 before the log; and
trec_eval's ``gm_bpref``, the same mean of bpref.  Source: trec_eval's ``m_gm_map.c`` and ``m_gm_bpref.c``;
Robertson, "On GMAP: and other transformations", CIKM 2006."""

from __future__ import annotations

from functools import partial

import numpy as np

from .._lazy import pandas as pd  # (on first use: batch evaluation imports this module)
from .._validate import as_grades, as_items
from ..errors import input_error
from ..explanation import Explanation, Line, num, with_formula

#: trec_eval's MIN_GEO_MEAN: the AP a query of AP 0 counts with, so that its log is finite
MIN_GEO_MEAN = 0.00001
GM_MAP_FORMULA = r"\mathrm{GM\_MAP} = \exp\Bigl(\frac{1}{n} \sum_{q=1}^{n} \ln \max(\mathrm{AP}_q, 10^{-5})\Bigr)"
GM_BPREF_FORMULA = (r"\mathrm{GM\_BPREF} = \exp\Bigl(\frac{1}{n} \sum_{q=1}^{n} \ln \max(\mathrm{bpref}_q, "
                    r"10^{-5})\Bigr)")


def gm_map_steps(ap_values, query_ids=None) -> Explanation:
    """Explain GM_MAP over per-query APs: columns query, AP_q (its AP), floored (max(AP, 10⁻⁵)), log_AP
    (its natural log), mean_log (the mean of the logs so far) and GM_MAP (exp of that mean)."""
    values = as_grades(ap_values, "ap_values")
    if values.size == 0:
        raise input_error("{name} must hold at least one query's AP", name="ap_values")
    outside = np.flatnonzero((values < 0) | (values > 1))
    if outside.size:
        raise input_error("{name} at position {position} = {value} is not an AP (between 0 and 1)", name="ap_values",
                          position=int(outside[0]) + 1, value=num(values[outside[0]]))
    return _geometric_steps(values, query_ids, GEOMETRIC["GMAP"])


def gm_bpref_steps(bpref_values, query_ids=None) -> Explanation:
    """Explain trec_eval's ``gm_bpref`` (GMBpref) over per-query bprefs, as :func:`gm_map_steps` does APs:
    columns query, bpref_q, floored, log_bpref, mean_log, GM_BPREF."""
    values = as_grades(bpref_values, "bpref_values")
    if values.size == 0:
        raise input_error("{name} must hold at least one query's bpref", name="bpref_values")
    outside = np.flatnonzero((values < 0) | (values > 1))
    if outside.size:
        raise input_error("{name} at position {position} = {value} is not a bpref (between 0 and 1)",
                          name="bpref_values", position=int(outside[0]) + 1, value=num(values[outside[0]]))
    return _geometric_steps(values, query_ids, GEOMETRIC["GMBpref"])


#: measure -> (per-query column, log column, mean column as trec_eval names it, formula)
GEOMETRIC = {"GMAP": ("GMAP", "AP_q", "log_AP", "GM_MAP", GM_MAP_FORMULA),
             "GMBpref": ("GMBpref", "bpref_q", "log_bpref", "GM_BPREF", GM_BPREF_FORMULA)}


def _geometric_steps(values: np.ndarray, query_ids, kind: tuple) -> Explanation:
    """The geometric mean of per-query ``values`` floored at 10⁻⁵, one row per query."""
    measure, column, log_column, label, formula = kind
    queries = as_items(query_ids, values.size, "query_ids") if query_ids is not None else [
        f"q{i}" for i in range(1, values.size + 1)]
    floored = np.maximum(values, MIN_GEO_MEAN)
    logs = np.log(floored)
    mean_log = np.cumsum(logs) / np.arange(1, values.size + 1)
    table = pd.DataFrame({"query": queries, column: values, "floored": floored, log_column: logs,
                          "mean_log": mean_log, label: np.exp(mean_log)})
    return Explanation.written(
        writer=partial(_gm_lines, table, label), measure=measure, value=float(table[label].iloc[-1]), table=table,
        formula=formula, column=label, running={measure: label},
        details={"MAP" if measure == "GMAP" else "mean": float(values.mean()),  # the arithmetic mean
                 "floored_queries": int((values < MIN_GEO_MEAN).sum())})


def _ap(value: float) -> str:
    """An AP as written in the sum: the floor 10⁻⁵ (and any AP that small) in full, not as 0."""
    return num(value, 8) if value < 1e-4 else num(value)


def _gm_lines(table: pd.DataFrame, label: str, step: int, text: bool) -> tuple[Line, ...]:
    """The mean of the logs of the first ``step`` queries, then its exp."""
    shown = table.iloc[:step]
    logs = tuple((f"ln {_ap(a)}" if text else rf"\ln {_ap(a)}") for a in shown["floored"])
    mean = num(shown["mean_log"].iloc[-1])
    lhs = label if text else r"\mathrm{" + label.replace("_", r"\_") + "}"
    if step < len(table):
        lhs += f" [1..{step}]" if text else rf"_{{1..{step}}}"
    head = "exp((" if text else rf"\exp\Bigl(\tfrac{{1}}{{{step}}}\bigl("
    tail = f") / {step})" if text else r"\bigr)\Bigr)"
    return (Line(lhs, logs, head=head, tail=tail),
            Line("", head=f"exp({mean})" if text else rf"e^{{{mean}}}", result=num(shown[label].iloc[-1])))


@with_formula(GM_MAP_FORMULA)
def gm_map(ap_values) -> float:
    """The geometric mean of per-query APs, an AP of 0 counted as 10⁻⁵ (trec_eval's ``gm_map``).

    .. math:: <formula>

    >>> round(gm_map([0.5, 0.125]), 4)   # exp((ln 0.5 + ln 0.125) / 2) = sqrt(0.0625)
    0.25
    >>> round(gm_map([0.5, 0.0]), 4)     # exp((ln 0.5 + ln 0.00001) / 2)
    0.0022
    """
    return gm_map_steps(ap_values).value
