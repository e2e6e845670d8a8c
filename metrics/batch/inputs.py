"""What :func:`metrics.batch.evaluate` accepts as qrels and run, turned into :class:`TrecColumns`.

Inputs
------
- a pandas DataFrame; its column names (and the names of a named index) are matched like a CSV header
  (:func:`metrics.readers.tables.match_columns`): ours (``query``, ``item``, ``rel``, ``score``, ``rank``),
  ranx's (``q_id``, ``doc_id``, ``score``; in qrels ranx's ``score`` is the grade) and ir_measures'
  (``query_id``, ``doc_id``, ``relevance``, ``score``, ``iteration``).  Without a query column the rows are
  one query ``"q1"`` -- only when every other column is known; an unknown column is refused, since it may
  be the query id under another name;
- an iterable of namedtuples (ir_measures' ``Qrel(query_id, doc_id, relevance, iteration)`` and
  ``ScoredDoc(query_id, doc_id, score)``) or of dicts, with the same field names;
- a pytrec_eval / ir_measures style ``{query: {item: grade_or_score}}`` dict (keys may be ints), and ranx's
  ``Qrels`` and ``Run`` (read through their ``to_dict()``);
- a :class:`~metrics.readers.tables.Dataset`, :class:`TrecColumns`, a path, an open binary file or the bytes
  of a TREC file (gzip-compressed too: see :func:`metrics.readers.sources.load_bytes`).

Ids
---
Ids are matched as text.  Integers are written in decimal (``1`` -> ``"1"``) and so are floats that hold an
integer (``1.0`` -> ``"1"``, the float a pandas column with a missing value makes of integer ids), so float
query ids in the qrels match the string ids of a TREC run; a float id that is not an integer (``1.5``) is
refused: no text spelling of it is sure to match the other input's.
"""

from __future__ import annotations

import math
import numbers
import os

import numpy as np

from ..errors import input_error
from ..messages import N_
from ..readers.columns import StrColumn, TrecColumns
from ..readers.fields import DEFAULT_QUERY
from ..readers.tables import Dataset, match_columns
from ..readers.trec import read_qrels_columns, read_run_columns


def as_columns(obj, kind: str) -> TrecColumns:
    """``obj`` (any input of the module docstring) as :class:`TrecColumns` of ``kind`` ("qrels" or "run")."""
    if isinstance(obj, Dataset):
        obj = obj.qrels if kind == "qrels" else obj.run
        if obj is None:
            raise input_error(N_("the dataset has no {kind}"), words=("kind",), kind=kind)
    if isinstance(obj, TrecColumns):
        if obj.kind != kind:
            raise input_error(N_("expected {kind}, got {got} ({source})"), words=("kind", "got"), kind=kind,
                              got=obj.kind,
                              source=obj.source)
        return obj
    if isinstance(obj, (str, os.PathLike, bytes, bytearray, memoryview)) or hasattr(obj, "read"):
        reader = read_qrels_columns if kind == "qrels" else read_run_columns
        return reader(obj, check_duplicates=False)
    if _is_ranx(obj):  # ranx.Qrels / ranx.Run: their {query: {item: grade_or_score}} dict
        obj = obj.to_dict()
    if isinstance(obj, dict):
        return _dict_columns(obj, kind)
    if hasattr(obj, "columns") and hasattr(obj, "__len__"):
        return _frame_columns(obj, kind)
    if hasattr(obj, "__iter__") and not isinstance(obj, (str, bytes)):
        return _record_columns(obj, kind)
    raise TypeError(f"{kind}: expected a DataFrame, Dataset, TrecColumns, path, bytes, dict or an iterable of "
                    f"namedtuples, got {type(obj).__name__}")


def _is_ranx(obj) -> bool:
    """Whether ``obj`` is a ranx ``Qrels`` or ``Run`` (checked by type, without importing ranx)."""
    kind = type(obj)
    return kind.__module__.split(".")[0] == "ranx" and kind.__name__ in ("Qrels", "Run") and hasattr(obj, "to_dict")


def id_text(value, label: str, kind: str, where: str) -> str:
    """One query or item id as text (the rule of the module docstring); ``where`` places it in a message.

    >>> id_text(101.0, "query", "qrels", "row 0"), id_text(7, "item", "run", "row 0")
    ('101', '7')
    """
    if isinstance(value, str):
        return value
    if isinstance(value, (bool, np.bool_)):
        raise input_error(N_("{kind}: {label} id {value} in {where} is a bool; give ids as text or integers"),
                          words=("kind", "label"), kind=kind, label=label, value=repr(value), where=where)
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        number = float(value)
        if math.isfinite(number) and number.is_integer():
            return str(int(number))
        raise input_error(N_("{kind}: {label} id {value} in {where} is a float that is not a whole number; ids are "
                             "matched as text, so give them as text (or as integers)"), words=("kind", "label"),
                          kind=kind, label=label, value=repr(value), where=where)
    return str(value)


def _dict_columns(obj: dict, kind: str) -> TrecColumns:
    queries, items, values = [], [], []
    for query, inner in obj.items():
        if not isinstance(inner, dict):
            raise input_error(N_("{kind}: query {query} must map items to numbers"), words=("kind",), kind=kind,
                              query=repr(query))
        query_text = id_text(query, "query", kind, f"key {query!r}")
        for item, value in inner.items():
            queries.append(query_text)
            items.append(id_text(item, "item", kind, f"query {query!r}"))
            values.append(value)
    try:
        array = np.asarray(values, dtype=np.float64)
    except (TypeError, ValueError):
        raise input_error(N_("{kind}: every grade or score must be a number"), words=("kind",), kind=kind) from None
    if kind == "run" and not np.isfinite(array).all():
        raise input_error(N_("run: every score must be a finite number"))
    return TrecColumns(kind, kind, StrColumn.from_strings(queries), StrColumn.from_strings(items),
                       array, None, False, None)


def _record_columns(records, kind: str) -> TrecColumns:
    """An iterable of namedtuples (or dicts) with the field names a DataFrame may use, as a DataFrame."""
    import pandas as pd

    rows = list(records)
    if rows and all(hasattr(row, "_asdict") for row in rows):
        rows = [row._asdict() for row in rows]
    if not all(isinstance(row, dict) for row in rows):
        bad = next(row for row in rows if not isinstance(row, dict))
        raise input_error(N_("{kind}: expected namedtuples with fields such as query_id, doc_id and {value} "
                             "(ir_measures' Qrel and ScoredDoc) or dicts, got {got}"), words=("kind",), kind=kind,
                          value="relevance" if kind == "qrels" else "score", got=type(bad).__name__)
    if not rows:
        rows_frame = pd.DataFrame({"query": [], "item": [], "rel" if kind == "qrels" else "score": []})
    else:
        rows_frame = pd.DataFrame.from_records(rows)
    return _frame_columns(rows_frame, kind)


def _frame_columns(frame, kind: str) -> TrecColumns:
    names_ = [name for name in getattr(frame.index, "names", [None]) if name is not None]
    if names_ and not set(map(str, names_)) & set(map(str, frame.columns)):
        frame = frame.reset_index(level=names_)  # df.set_index("q_id"): the ids are in a named index
    mapping = match_columns(list(frame.columns), kind)
    names = {canon: frame.columns[index] for canon, index in mapping.items()}
    if kind == "qrels" and "relevance" not in names and "score" in names:
        names["relevance"] = names.pop("score")  # ranx's qrels frame: q_id, doc_id, score (the grade)
    found = ", ".join(repr(str(c)) for c in frame.columns)
    if "item" not in names:
        raise input_error(N_("{kind}: missing column 'item'; found columns: {found}"), words=("kind",), kind=kind,
                          found=found)
    if kind == "qrels" and "relevance" not in names:
        raise input_error(N_("qrels: missing column 'rel'; found columns: {found}"), found=found)
    if kind == "run" and "score" not in names and "rank" not in names:
        raise input_error(N_("run: missing column 'score' (or 'rank'); found columns: {found}"), found=found)
    if kind == "qrels":
        values = np.asarray(frame[names["relevance"]], dtype=np.float64)
        keep = ~np.isnan(values)
    else:
        if "score" in names:
            values = np.asarray(frame[names["score"]], dtype=np.float64)
        else:
            values = -np.asarray(frame[names["rank"]], dtype=np.float64)
        bad = ~np.isfinite(values)
        if bad.any():
            row = int(np.flatnonzero(bad)[0])
            raise input_error(N_("run: score in row {row} is not a finite number ({value})"), row=frame.index[row],
                              value=repr(values[row]))
        keep = None
    items = frame[names["item"]]
    queries = frame[names["query"]] if "query" in names else None
    for label, column in (("item", items), ("query", queries)):
        missing = np.asarray(column.isna()) if column is not None else None
        if missing is not None and missing.any():
            raise input_error(N_("{kind}: missing {label} in row {row}"), words=("kind", "label"), kind=kind,
                              label=label,
                              row=frame.index[int(np.flatnonzero(missing)[0])])
    item_text = _id_column(items, "item", kind, frame.index)
    query_text = _id_column(queries, "query", kind, frame.index) if queries is not None else None
    if keep is not None and not keep.all():
        item_text, values = _rows(item_text, keep), values[keep]
        query_text = _rows(query_text, keep) if query_text is not None else None
    query_col = StrColumn.from_strings(query_text) if query_text is not None \
        else StrColumn.from_strings([DEFAULT_QUERY] * len(values))
    return TrecColumns(kind, kind, query_col, StrColumn.from_strings(item_text),
                       np.ascontiguousarray(values), None, False, None)


def _id_column(series, label: str, kind: str, index):
    """A column of ids as text, by :func:`id_text`'s rule: a text column as it is, numbers vectorised, an
    object column value by value (only when it holds something other than text)."""
    dtype = getattr(series, "dtype", None)
    code = getattr(dtype, "kind", "O")
    if str(dtype) in ("str", "string") or code in ("U", "S", "T"):  # text dtypes hold only text
        return series
    if code in ("i", "u"):
        return series.astype(str)
    if code == "f":
        numbers_ = np.asarray(series, dtype=np.float64)
        whole = np.isfinite(numbers_) & (numbers_ == np.round(numbers_))
        if not whole.all():
            row = int(np.flatnonzero(~whole)[0])
            id_text(float(numbers_[row]), label, kind, f"row {index[row]}")  # raises
        if len(numbers_) and np.abs(numbers_).max() < 2 ** 53:
            return numbers_.astype(np.int64).astype(str)
        return np.asarray([str(int(v)) for v in numbers_], dtype=object)
    if _all_text(series):
        return series
    values = np.asarray(series, dtype=object)
    return np.asarray([id_text(v, label, kind, f"row {index[i]}") for i, v in enumerate(values)], dtype=object)


def _rows(column, keep: np.ndarray):
    """The rows of a Series or an array where ``keep`` is true."""
    return column[keep] if isinstance(column, np.ndarray) else column.iloc[np.flatnonzero(keep)]


def _all_text(series) -> bool:
    """Whether every value of an object column is a ``str`` (pandas' C loop when it is a Series)."""
    try:
        from pandas.api.types import infer_dtype
    except ImportError:  # pragma: no cover
        return all(isinstance(v, str) for v in series)
    return infer_dtype(series, skipna=False) in ("string", "empty")
