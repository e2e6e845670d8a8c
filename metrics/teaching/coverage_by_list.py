"""Catalog coverage list by list: the union of the top-k lists grows one user's list at a time, as a
teacher builds it on the board (:func:`metrics.measures.beyond.coverage_explanation` goes item by item
through the catalog instead; both end at the same value)."""

from __future__ import annotations

from functools import partial

import numpy as np
import pandas as pd

from ..errors import input_error
from ..explanation import Explanation, Line, latex_name, num, so_far
from ..measures.beyond import COVERAGE_FORMULA, coverage_explanation


def _lines(table: pd.DataFrame, label: str, size: int, step: int, text: bool) -> tuple[Line, ...]:
    """The union of the first ``step`` lists over the catalog, in symbols, then in numbers."""
    covered = int(table["covered_so_far"].iloc[step - 1])
    lhs = so_far(label if text else latex_name(label), step, len(table), text)
    lists = [f"L{u}" if text else f"L_{{{u}}}" for u in range(1, step + 1)]
    if len(lists) > 3:
        lists = [lists[0], "..." if text else r"\cdots", lists[-1]]
    union = (" ∪ " if text else r" \cup ").join(lists)
    head = f"|{union}| / |I|" if text else rf"\bigl|{union}\bigr| \,/\, |I|"
    numbers = f"{covered} / {size}" if text else rf"\frac{{{covered}}}{{{size}}}"
    return (Line(lhs, head=head), Line("", head=numbers, result=num(table["coverage"].iloc[step - 1])))


def coverage_by_list_steps(recommendations, catalog, k=None) -> Explanation:
    """Explain catalog coverage one user's list at a time: columns user, top_k (the list's first k items),
    new_items (those no earlier list showed), n_new, covered_so_far and coverage (covered so far / |I|);
    the last row is :func:`~metrics.measures.beyond.coverage_explanation`'s value. Input as there.

    >>> e = coverage_by_list_steps({"u1": ["a", "b"], "u2": ["b", "c"]}, ["a", "b", "c", "d"])
    >>> list(e.table["new_items"]), list(e.table["coverage"])
    (['a, b', 'c'], [0.5, 0.75])
    >>> print(e.worked_text_at(1))
    Coverage [1..1] = |L1| / |I|
        = 2 / 4 = 0.5
    """
    whole = coverage_explanation(recommendations, catalog, k=k)  # checks the input as catalog_coverage does
    if not recommendations:
        raise input_error("{name} is empty: there is no list to go through", name="recommendations")
    k = whole.details["k"]
    seen: set = set()
    rows = []
    for user, recommended in recommendations.items():
        top = list(recommended) if k is None else list(recommended)[:k]
        new = [item for item in top if item not in seen]
        seen.update(new)
        rows.append((str(user), ", ".join(map(str, top)), ", ".join(map(str, new)), len(new), len(seen)))
    table = pd.DataFrame(rows, columns=["user", "top_k", "new_items", "n_new", "covered_so_far"])
    size = whole.details["catalog_size"]
    table["coverage"] = table["covered_so_far"].to_numpy(dtype=np.int64) / size
    return Explanation.written(
        writer=partial(_lines, table, whole.measure, size), measure=whole.measure,
        value=float(table["coverage"].iloc[-1]), table=table, formula=COVERAGE_FORMULA, column="coverage",
        running={whole.measure: "coverage"}, details={**whole.details, "by_item": whole})
