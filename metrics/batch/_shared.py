"""What the batch modules share (internal): rows taken from columns, a query column's strings,
the run's queries in batches with the qrels rows of each.

:mod:`~metrics.batch.evaluation`, :mod:`~metrics.batch.dask`, :mod:`~metrics.batch.trec_eval` and
:mod:`~metrics.batch.streaming` import these from here, so that none of them imports another only for a helper.
"""

from __future__ import annotations

import numpy as np

from ..readers.columns import DictColumn, StrColumn, TrecColumns, column_codes


def take_rows(columns: TrecColumns, rows: np.ndarray) -> TrecColumns:
    """The rows ``rows`` of ``columns`` (numpy only: no Python object per row)."""
    rank = columns.rank[rows] if columns.rank is not None else None
    return TrecColumns(columns.kind, columns.source, take_column(columns.query, rows), take_column(columns.item, rows),
                       columns.value[rows], rank, columns.duplicates_checked, None)


def take_column(column, rows: np.ndarray):
    """The rows ``rows`` of one string column."""
    if isinstance(column, DictColumn):
        return DictColumn(column.indices[rows], column.values)
    starts = column.offsets[:-1][rows]
    lengths = column.offsets[1:][rows] - starts
    offsets = np.concatenate(([0], np.cumsum(lengths))).astype(column.offsets.dtype)
    index = np.repeat(starts - offsets[:-1], lengths) + np.arange(int(offsets[-1]))
    return StrColumn(column.data[index], offsets)


def strings(column) -> list[str]:
    """A query column's strings, row by row."""
    if isinstance(column, DictColumn):
        values = column.values.to_list()
        return [values[i] for i in column.indices.tolist()]
    return column.to_list()


def distinct(column) -> set[str]:
    """The distinct strings of a query column."""
    if isinstance(column, DictColumn):
        used = np.unique(column.indices)
        values = column.values.to_list()
        return {values[i] for i in used.tolist()}
    return set(column.to_list())


def batches(names: list[str], missing: set, index):
    """(names, run columns or None) in the order of ``names``: the run's queries in batches
    (:meth:`~metrics.readers.stream.RunIndex.batches`), each with the queries missing from the run
    (10.0 ``-c``) that come before its last one; the missing ones after the last batch without a run."""
    in_run = [name for name in names if name not in missing]
    at = 0
    for batch_names, run in index.batches(in_run):
        end = names.index(batch_names[-1], at) + 1
        yield names[at:end], run
        at = end
    if at < len(names):
        yield names[at:], None


def rows_by_query(qrels: TrecColumns):
    """A function: query names -> the qrels rows of those queries."""
    (codes,), nq = column_codes(qrels.query)
    order = np.argsort(codes, kind="stable")
    bounds = np.concatenate(([0], np.cumsum(np.bincount(codes, minlength=nq))))
    first = order[bounds[:-1]]
    names = take_column(qrels.query, first)
    names = strings(names)
    code_of = dict(zip(names, range(nq)))

    def rows(wanted: list[str]) -> np.ndarray:
        spans = [order[bounds[code_of[name]]:bounds[code_of[name] + 1]] for name in wanted if name in code_of]
        return np.concatenate(spans) if spans else np.zeros(0, np.int64)

    return rows


def judged_rows(run: TrecColumns, qrels: TrecColumns) -> np.ndarray:
    """Mask of run rows whose item is judged (grade >= 0) for their query: what trec_eval's ``-J`` keeps."""
    (rq, jq), _ = column_codes(run.query, qrels.query)
    codes, nd = StrColumn.dense_codes(run.item, qrels.item)
    nd = max(nd, 1)
    judged = qrels.value >= 0
    return np.isin(rq * nd + codes[:len(run)], (jq * nd + codes[len(run):])[judged])
