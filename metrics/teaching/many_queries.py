"""From one query to many: MAP and MRR worked out query by query, as a teacher writes them.

One row per query: its AP (or the rank of its first relevant item and its RR), the running sum and
the running mean; the worked formula ``MAP = (AP₁ + AP₂ + …) / n`` is written with the numbers of the
queries so far, and the mean of all of them only at the last step. Each query's own value comes from
:func:`metrics.measures.ap.ap_steps` / :func:`metrics.measures.rr.rr_steps`, so the two agree.

The built-in examples (:func:`example_queries`) are the articles' own: article 000's code example
(queries q1 and q2) for MAP, article 001's three searches (cat, torus, virus) for MRR.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial

import numpy as np
import pandas as pd

from .._binary import THRESHOLD
from ..errors import input_error
from ..explanation import Explanation, Line, num, so_far, with_formula
from ..measures.ap import ap_steps
from ..measures.rr import rr_steps
from ..messages import N_

MAP_FORMULA = r"\mathrm{MAP} = \frac{1}{n} \sum_{q=1}^{n} \mathrm{AP}_q"
MRR_FORMULA = r"\mathrm{MRR} = \frac{1}{n} \sum_{q=1}^{n} \frac{1}{\mathrm{rank}_q}"
#: the articles' examples behind :func:`example_queries`: measure -> id in sample_data/article_examples.json
EXAMPLES = {"MAP": "000_code_map", "MRR": "001_mrr_queries"}


def _queries(queries) -> tuple[list[str], list[list[float]]]:
    """Query ids and their grades in ranked order, from a mapping id -> grades or a sequence of them."""
    if isinstance(queries, Mapping):
        ids, lists = [str(q) for q in queries], list(queries.values())
    elif isinstance(queries, (str, bytes)) or not hasattr(queries, "__iter__"):
        raise input_error("{name} must be a mapping of query -> grades in ranked order, or a list of such lists",
                          name="queries")
    else:
        lists = list(queries)
        ids = [f"q{i}" for i in range(1, len(lists) + 1)]
    if not lists:
        raise input_error("{name} must hold at least one query", name="queries")
    return ids, lists


def _per_query(option, ids: list[str], name: str) -> list:
    """A per-query option (a mapping id -> value, a sequence in query order, or one value for all)."""
    if option is None or np.isscalar(option):
        return [option] * len(ids)
    if isinstance(option, Mapping):
        missing = [q for q in ids if q not in option]
        if missing:
            raise input_error("{name} has no value for query {query}", name=name, query=missing[0])
        return [option[q] for q in ids]
    values = list(option)
    if len(values) != len(ids):
        raise input_error("{name} has {given} values for {n} queries", name=name, given=len(values), n=len(ids))
    return values


def _grades_text(explanation: Explanation) -> str:
    """A query's ranking as its grades, e.g. ``0 1 0 1 1`` (what the step table's ranking column shows)."""
    return " ".join(num(grade) for grade in explanation.table["rel"])


def _sum_text(explanation: Explanation) -> str:
    """A query's AP as its sum over D in plain text, e.g. ``(1/2 + 2/4 + 3/5) / 3``."""
    line = explanation.lines_at(text=True)[0]
    return f"{line.head}{' + '.join(line.terms or ('0',))}{line.tail}"


def _mean_lines(table: pd.DataFrame, name: str, symbols: tuple[str, str], term, step: int,
                text: bool) -> tuple[Line, ...]:
    """``name = (X₁ + … + X_step) / step`` in symbols, then with the numbers and their mean."""
    shown = table.iloc[:step]
    lhs = so_far(name if text else rf"\mathrm{{{name}}}", step, len(table), text)
    head, tail = ("(", f") / {step}") if text else (rf"\frac{{1}}{{{step}}}\bigl(", r"\bigr)")
    symbol = symbols[0] if text else symbols[1]
    named = tuple(symbol.format(q=q) for q in range(1, step + 1))
    numbers = tuple(term(row, text) for row in shown.itertuples())
    result = num(shown[f"{name}_so_far"].iloc[-1]) if step else "0"
    return (Line(lhs, named, head=head, tail=tail), Line("", numbers, head=head, tail=tail, result=result))


def _ap_term(row, text: bool) -> str:
    return num(row.AP_q)


def _rr_term(row, text: bool) -> str:
    if pd.isna(row.first_rel_rank):
        return "0"
    return f"1/{row.first_rel_rank}" if text else rf"\tfrac{{1}}{{{row.first_rel_rank}}}"


@with_formula(MAP_FORMULA)
def map_steps(queries, k: int | None = None, n_relevant=None, denominator: str | None = None,
              threshold: float = THRESHOLD) -> Explanation:
    """Explain MAP query by query: columns query, query_grades (its grades in ranked order), AP_q (its AP, as
    :func:`~metrics.measures.ap.ap_steps` computes it), AP_worked (that AP's sum), running_sum and
    MAP_so_far (the mean of the APs so far); the last row's is the value.

    .. math:: <formula>

    ``queries``: a mapping query id -> grades in ranked order, or a list of such lists (ids q1, q2, …).
    ``n_relevant`` (R of each query: a mapping, a list, or one number) and ``denominator`` as for AP.

    >>> e = map_steps({"q1": [0, 1, 0, 1, 1], "q2": [1, 0, 0, 1, 0]})
    >>> print(e.worked_text)
    MAP = (AP1 + AP2) / 2
        = (0.5333 + 0.75) / 2 = 0.6417
    >>> print(e.worked_text_at(1))
    MAP [1..1] = (AP1) / 1
        = (0.5333) / 1 = 0.5333
    >>> list(e.table["running_sum"].round(4))
    [0.5333, 1.2833]
    """
    ids, lists = _queries(queries)
    rs = _per_query(n_relevant, ids, "n_relevant")
    each = [ap_steps(hits, k=k, n_relevant=r, denominator=denominator, threshold=threshold)
            for hits, r in zip(lists, rs)]
    ap = np.array([e.value for e in each], dtype=float)
    running = np.cumsum(ap)
    table = pd.DataFrame({"query": ids, "query_grades": [_grades_text(e) for e in each], "AP_q": ap,
                          "AP_worked": [_sum_text(e) for e in each],
                          "running_sum": running, "MAP_so_far": running / np.arange(1, len(ids) + 1)})
    return Explanation.written(
        writer=partial(_mean_lines, table, "MAP", ("AP{q}", r"\mathrm{{AP}}_{{{q}}}"), _ap_term),
        measure="MAP", value=float(table["MAP_so_far"].iloc[-1]), table=table, formula=MAP_FORMULA, column="MAP_so_far",
        running={"MAP": "MAP_so_far"},
        details={"n": len(ids), "per_query": each, "denominator": each[0].details["denominator"]})


@with_formula(MRR_FORMULA)
def mrr_steps(queries, k: int | None = None, threshold: float = THRESHOLD) -> Explanation:
    """Explain MRR query by query: columns query, query_grades, first_rel_rank (the rank of its first
    relevant item in the top k, missing when there is none), RR_q (1/first_rel_rank, or 0), running_sum and
    MRR_so_far (the mean of the RRs so far); the last row's is the value.

    .. math:: <formula>

    >>> e = mrr_steps({"cat": [0, 0, 1], "torus": [0, 1, 0], "virus": [1, 0, 0]})
    >>> print(e.worked_text)
    MRR = (1/rank1 + 1/rank2 + 1/rank3) / 3
        = (1/3 + 1/2 + 1/1) / 3 = 0.6111
    >>> print(e.worked_text_at(2))
    MRR [1..2] = (1/rank1 + 1/rank2) / 2
        = (1/3 + 1/2) / 2 = 0.4167
    >>> mrr_steps([[0, 0, 1]], k=2).value   # the first hit is below the cut-off
    0.0
    """
    ids, lists = _queries(queries)
    each = [rr_steps(hits, k=k, threshold=threshold) for hits in lists]
    rr = np.array([e.value for e in each], dtype=float)
    first = pd.array([e.details["first_hit_rank"] for e in each], dtype="Int64")
    running = np.cumsum(rr)
    table = pd.DataFrame({"query": ids, "query_grades": [_grades_text(e) for e in each], "first_rel_rank": first,
                          "RR_q": rr, "running_sum": running, "MRR_so_far": running / np.arange(1, len(ids) + 1)})
    return Explanation.written(
        writer=partial(_mean_lines, table, "MRR", ("1/rank{q}", r"\tfrac{{1}}{{\mathrm{{rank}}_{{{q}}}}}"), _rr_term),
        measure="MRR", value=float(table["MRR_so_far"].iloc[-1]), table=table, formula=MRR_FORMULA, column="MRR_so_far",
        running={"MRR": "MRR_so_far"}, details={"n": len(ids), "per_query": each})


def example_queries(measure: str) -> dict[str, list[float]]:
    """The built-in example of ``measure`` ("MAP" or "MRR"): query id -> grades in ranked order, as the
    article gives them (article 001 gives only the rank of each query's one relevant result).

    >>> example_queries("MAP")
    {'q1': [0, 1, 0, 1, 1], 'q2': [1, 0, 0, 1, 0]}
    >>> example_queries("MRR")
    {'cat': [0, 0, 1], 'torus': [0, 1, 0], 'virus': [1, 0, 0]}
    """
    from .articles import examples

    if measure not in EXAMPLES:
        raise input_error(N_("{name} must be one of {choices}, got {value}"), name="measure",
                          choices=", ".join(EXAMPLES), value=repr(measure))
    given = examples()[EXAMPLES[measure]]["input"]
    if "relevance_in_ranked_order" in given:
        return {q: list(grades) for q, grades in given["relevance_in_ranked_order"].items()}
    ranks = given["first_relevant_rank"]
    depth = max(ranks.values())
    return {q: [int(i == rank) for i in range(1, depth + 1)] for q, rank in ranks.items()}
