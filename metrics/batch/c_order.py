"""trec_eval's ranking of a query whose scores include a NaN: glibc's ``qsort`` with trec_eval's comparator.

trec_eval (``form_res_rels.c``) sorts a query's documents with ``qsort`` and ``comp_sim_docno``: a higher
score first, and when neither score is higher, the larger document id (``strcmp``) first.  A NaN is neither
higher nor lower than any score, so against a NaN the document ids decide: the comparator is then no longer
an order (NaN "ties" 1 and 3, which do not tie), and the result is whatever the sorting algorithm makes of
it.  The documents reach ``qsort`` in document id order (``get_trec_results.c`` sorts the lines by query and
document id first).  glibc's ``qsort`` (2.36 here, and every release that keeps ``msort.c``) is a top-down
merge sort: the first ``n // 2`` elements and the rest are sorted, then merged, taking from the left run
while ``cmp(left, right) <= 0``.  :func:`c_order` replays exactly that, so the ranking (and so every
measure) is the binary's, NaN included.  A query without a NaN is a plain sort (the comparator is then an
order); only the queries with one are replayed, in Python.

:func:`c_ranked` gives each NaN query's rows scores that rank them in that order under the usual sort
(score descending, ties by document id descending), so the evaluators need no change.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..readers.columns import StrColumn, TrecColumns, column_codes
from .trec_measures import _merge_sort as glibc_merge_sort  # glibc's msort, as for gain levels


def _compare(a: tuple[float, int], b: tuple[float, int]) -> int:
    """trec_eval's ``comp_sim_docno`` on (score, document id code): the codes are in ``strcmp`` order."""
    if a[0] > b[0]:
        return -1
    if a[0] < b[0]:
        return 1
    return (b[1] > a[1]) - (b[1] < a[1])  # strcmp(p2->docno, p1->docno)


def c_order(scores: list[float], codes: list[int]) -> list[int]:
    """The positions of one query's rows in the order trec_eval ranks them: the rows in document id order
    (``codes``: ``strcmp`` order; equal codes keep their order), then glibc's merge sort with trec_eval's
    comparator.

    >>> nan = float("nan")
    >>> c_order([1.0, nan, 3.0], [0, 1, 2])  # a, b (NaN), c: a; [b, c] -> c, b (ids decide); then c, b, a
    [2, 1, 0]
    """
    start = sorted(range(len(codes)), key=codes.__getitem__)
    ordered = glibc_merge_sort([(scores[row], codes[row], row) for row in start], _compare)
    return [row for _, _, row in ordered]


def c_ranked(run: TrecColumns) -> TrecColumns:
    """``run`` with the scores of each query that has a NaN replaced by ``0, -1, -2, ...`` in trec_eval's
    order (:func:`c_order`); the other queries' scores unchanged.  The same ``run`` when it has no NaN."""
    nan = np.isnan(run.value)
    if not nan.any():
        return run
    (query,), _ = column_codes(run.query)
    items, _ = StrColumn.dense_codes(run.item)
    value = run.value.copy()
    rows_of_nan_queries = np.flatnonzero(np.isin(query, np.unique(query[nan])))
    rows_of_nan_queries = rows_of_nan_queries[np.argsort(query[rows_of_nan_queries], kind="stable")]
    for rows in np.split(rows_of_nan_queries, np.flatnonzero(np.diff(query[rows_of_nan_queries])) + 1):
        order = c_order(run.value[rows].tolist(), items[rows].tolist())
        value[rows[order]] = -np.arange(len(rows), dtype=np.float64)
    return replace(run, value=value)


def as_float32(run: TrecColumns) -> TrecColumns:
    """``run`` with its scores rounded to 32-bit floats, as trec_eval 9.0.x stores them (beyond their range: +-inf,
    as C's conversion)."""
    with np.errstate(over="ignore"):
        return replace(run, value=run.value.astype(np.float32).astype(np.float64))


def as_ranked(run: TrecColumns, float32: bool) -> TrecColumns:
    """``run`` with the scores that rank it as trec_eval does: :func:`as_float32` with ``float32``, then
    :func:`c_ranked`."""
    return c_ranked(as_float32(run) if float32 else run)
