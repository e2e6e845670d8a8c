"""What :func:`metrics.batch.evaluate` accepts as qrels and run, turned into :class:`TrecColumns`:
a DataFrame, a :class:`~metrics.readers.tables.Dataset`, TREC columns, a path or the bytes of a TREC
file, or a pytrec_eval-style ``{query: {item: value}}`` dict."""

from __future__ import annotations

import os

import numpy as np

from ..errors import MetricsInputError
from ..readers.columns import StrColumn, TrecColumns
from ..readers.fields import CSV_ALIAS, DEFAULT_QUERY
from ..readers.tables import Dataset
from ..readers.trec import read_qrels_columns, read_run_columns


def as_columns(obj, kind: str) -> TrecColumns:
    if isinstance(obj, Dataset):
        obj = obj.qrels if kind == "qrels" else obj.run
        if obj is None:
            raise MetricsInputError(f"the dataset has no {kind}")
    if isinstance(obj, TrecColumns):
        if obj.kind != kind:
            raise MetricsInputError(f"expected {kind}, got {obj.kind} ({obj.source})")
        return obj
    if isinstance(obj, (str, os.PathLike, bytes, bytearray, memoryview)) or hasattr(obj, "read"):
        reader = read_qrels_columns if kind == "qrels" else read_run_columns
        return reader(obj, check_duplicates=False)
    if isinstance(obj, dict):
        return _dict_columns(obj, kind)
    if hasattr(obj, "columns") and hasattr(obj, "__len__"):
        return _frame_columns(obj, kind)
    raise TypeError(f"{kind}: expected a DataFrame, Dataset, TrecColumns, path, bytes or dict, "
                    f"got {type(obj).__name__}")


def _dict_columns(obj: dict, kind: str) -> TrecColumns:
    queries, items, values = [], [], []
    for query, inner in obj.items():
        if not isinstance(inner, dict):
            raise MetricsInputError(f"{kind}: query {query!r} must map items to numbers")
        for item, value in inner.items():
            queries.append(str(query))
            items.append(str(item))
            values.append(value)
    try:
        array = np.asarray(values, dtype=np.float64)
    except (TypeError, ValueError):
        raise MetricsInputError(f"{kind}: every grade or score must be a number") from None
    if kind == "run" and not np.isfinite(array).all():
        raise MetricsInputError("run: every score must be a finite number")
    return TrecColumns(kind, kind, StrColumn.from_strings(queries), StrColumn.from_strings(items),
                       array, None, False, None)


def _frame_columns(frame, kind: str) -> TrecColumns:
    names = {}
    for column in frame.columns:
        canon = CSV_ALIAS.get(str(column).strip().lower())
        canon = "rel" if canon == "relevance" else canon
        if canon is not None and canon not in names:
            names[canon] = column
    found = ", ".join(repr(str(c)) for c in frame.columns)
    if "item" not in names:
        raise MetricsInputError(f"{kind}: missing column 'item'; found columns: {found}")
    if kind == "qrels" and "rel" not in names:
        raise MetricsInputError(f"qrels: missing column 'rel'; found columns: {found}")
    if kind == "run" and "score" not in names and "rank" not in names:
        raise MetricsInputError(f"run: missing column 'score' (or 'rank'); found columns: {found}")
    n = len(frame)
    if kind == "qrels":
        values = np.asarray(frame[names["rel"]], dtype=np.float64)
        keep = ~np.isnan(values)
    else:
        if "score" in names:
            values = np.asarray(frame[names["score"]], dtype=np.float64)
        else:
            values = -np.asarray(frame[names["rank"]], dtype=np.float64)
        bad = ~np.isfinite(values)
        if bad.any():
            row = int(np.flatnonzero(bad)[0])
            raise MetricsInputError(f"run: score in row {row} is not a finite number ({values[row]!r})")
        keep = None
    items = frame[names["item"]]
    queries = frame[names["query"]] if "query" in names else None
    for label, column in (("item", items), ("query", queries)):
        missing = np.asarray(column.isna()) if column is not None else None
        if missing is not None and missing.any():
            raise MetricsInputError(f"{kind}: missing {label} in row {int(np.flatnonzero(missing)[0])}")
    if keep is not None and not keep.all():
        items, values = items[keep], values[keep]
        queries = queries[keep] if queries is not None else None
        n = int(keep.sum())
    query_col = StrColumn.from_strings(_as_str(queries)) if queries is not None \
        else StrColumn.from_strings([DEFAULT_QUERY] * n)
    return TrecColumns(kind, kind, query_col, StrColumn.from_strings(_as_str(items)),
                       np.ascontiguousarray(values), None, False, None)


def _as_str(series):
    dtype = getattr(series, "dtype", None)
    if dtype is not None and getattr(dtype, "kind", "O") not in ("O", "U", "S", "T") \
            and str(dtype) not in ("str", "string"):
        return series.astype(str)
    return series
