"""Readers for relevance judgements (qrels) and rankings (runs).

Every reader takes a path (``os.PathLike``, or a ``str`` that names an existing file or is a
single token without whitespace or commas), an open binary file (anything with ``.read()``, e.g. a
Streamlit upload), or the content itself as ``bytes`` or ``str``; ``name=`` is the source name
used in messages (default: the file's name).  Every problem
raises :class:`~metrics.errors.MetricsInputError` naming the source, the line and the problem::

    run.txt line 7: expected 6 fields (qid Q0 docid rank score tag), got 4

Formats
-------
TREC qrels (:func:`read_qrels`)
    ``qid iter docid rel`` -- four fields separated by spaces or tabs (runs of them allowed).
    ``iter`` is ignored; ``rel`` is a number (real grades allowed).  A (qid, docid) pair may
    appear once.
TREC run (:func:`read_run`)
    ``qid Q0 docid rank score tag`` -- six fields.  ``Q0`` and ``tag`` are ignored; ``rank`` must
    be an integer and ``score`` a finite number.  Like trec_eval, evaluation orders documents by
    score (descending), not by the rank field.  A document may appear once per query.
CSV (:func:`read_csv`)
    A header row, then one row per (query, item).  Column names are matched case-insensitively,
    with these aliases:

    ===========  ==========================================================  ===========
    column       accepted names                                              required
    ===========  ==========================================================  ===========
    query        query, qid, query_id, user, user_id, topic                  no ("q1")
    item         item, docid, doc_id, doc, item_id, docno, document          yes
    score        score, sim, prediction, pred                                no
    rank         rank, position, pos                                         no
    relevance    relevance, rel, grade, label, judgment, rating              no
    ===========  ==========================================================  ===========

    At least one of score, rank or relevance is needed.  An empty relevance cell means
    "unjudged" (the row is in the ranking but not in the qrels).  With a score the ranking is by
    score; with only a rank, by rank; with neither, the row order within each query is the
    ranking.  The delimiter is a comma, or a tab or semicolon when the header has one and no
    comma.  Without a score, the run's score is ``-rank`` (so "higher is better" still holds).
JSON (:func:`read_json`)
    ``{"q1": ["d3", "d1", ...]}`` a run (items in ranked order); ``{"q1": {"d3": 2, "d1": 0}}``
    qrels (item -> grade); ``{"run": ..., "qrels": ...}`` both (under ``"run"`` a query may also
    map items to scores, and under ``"qrels"`` a list names relevant items, grade 1); a bare
    list ``["d3", "d1"]`` is a run for the one query ``"q1"``.  A run given as lists gets scores
    ``n, n-1, ..., 1`` (descending by position).
Pasted text (:func:`parse_pasted`)
    One query by hand: one item per line in ranked order, ``item grade`` (or ``item,grade`` or
    ``item<TAB>grade``; an item without a grade is unjudged), or one line of grades
    ``3 2 3 0 1`` for items named ``d1 .. dn``.

Every reader refuses input larger than :data:`MAX_BYTES` (overridable with ``max_bytes=``).

Frames
------
qrels: columns ``query`` (str), ``item`` (str), ``rel`` (float64).
run: columns ``query`` (str), ``item`` (str), ``score`` (float64), ``rank`` (int64).

Speed
-----
The TREC readers parse with pyarrow's CSV reader when it is installed (it comes with pandas'
usual companions and Streamlit; imported lazily, and everything also works without it), after
collapsing tabs and runs of spaces; they validate cheaply with numpy, and only when something is
wrong re-read the input line by line to name the first bad line.  :func:`read_run_columns` / :func:`read_qrels_columns`
return numpy columns (:class:`TrecColumns`) without importing pandas; :func:`metrics.batch.evaluate`
uses them directly.
"""

from __future__ import annotations

import csv
import io as _stdio
import json
import math
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from .errors import MetricsInputError

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

#: Largest input accepted by the readers, in bytes (256 MiB); override with ``max_bytes=``.
MAX_BYTES = 256 * 1024 * 1024

#: Query id given to inputs that name no query (CSV without a query column, pasted text, lists).
DEFAULT_QUERY = "q1"

QRELS_FIELDS = "qid iter docid rel"
RUN_FIELDS = "qid Q0 docid rank score tag"

#: canonical CSV column -> accepted header names (compared lower-cased, spaces/hyphens as "_")
CSV_COLUMNS: dict[str, tuple[str, ...]] = {
    "query": ("query", "qid", "query_id", "user", "user_id", "topic"),
    "item": ("item", "docid", "doc_id", "doc", "item_id", "docno", "document"),
    "score": ("score", "sim", "prediction", "pred"),
    "rank": ("rank", "position", "pos"),
    "relevance": ("relevance", "rel", "grade", "label", "judgment", "rating"),
}
_CSV_ALIAS = {alias: canon for canon, aliases in CSV_COLUMNS.items() for alias in aliases}

_NUMBER_RE = re.compile(rb"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_INT_RE = re.compile(rb"[+-]?\d+")
_LOOSE_NUMBER_RE = re.compile(rb"[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|nan|inf|infinity)", re.I)


def _pd():
    import pandas as pd  # lazy: the TREC fast path and batch evaluation never need pandas

    return pd


def _pyarrow():
    try:
        import pyarrow
        import pyarrow.csv  # noqa: F401
    except ImportError:  # pragma: no cover - pyarrow ships with streamlit
        return None
    return pyarrow


# --------------------------------------------------------------------------------------------
# strings as numpy buffers


class StrColumn:
    """Strings stored as UTF-8 bytes plus offsets (Arrow's layout): no Python object per row.

    ``data[offsets[i]:offsets[i + 1]]`` is string *i*.  :meth:`dense_codes` turns one or more
    columns into integer codes whose order is the strings' byte order (= ``strcmp``, = Python's
    ``str`` order), which is all that evaluation needs: equality for joins, order for ties.
    """

    __slots__ = ("data", "offsets", "_arrow", "_lengths")

    def __init__(self, data: np.ndarray, offsets: np.ndarray, arrow=None):
        self.data = data
        self.offsets = offsets
        self._arrow = arrow
        self._lengths = None

    def lengths(self) -> np.ndarray:
        """Byte length of each string."""
        if self._lengths is None:
            self._lengths = np.diff(self.offsets)
        return self._lengths

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def __repr__(self) -> str:
        head = ", ".join(repr(self[i]) for i in range(min(len(self), 3)))
        return f"StrColumn([{head}{', ...' if len(self) > 3 else ''}], n={len(self)})"

    def __getitem__(self, i: int) -> str:
        return self.data[self.offsets[i]:self.offsets[i + 1]].tobytes().decode("utf-8")

    @classmethod
    def from_arrow(cls, arr) -> StrColumn:
        """Wrap a pyarrow string / large_string array (or chunked array) without copying data."""
        pa = _pyarrow()
        if isinstance(arr, pa.ChunkedArray):
            arr = arr.combine_chunks() if arr.num_chunks != 1 else arr.chunk(0)
        if arr.null_count:
            raise ValueError("null strings")
        wide = pa.types.is_large_string(arr.type)
        bufs = arr.buffers()
        n = len(arr)
        itemsize = 8 if wide else 4
        offsets = np.frombuffer(bufs[1], dtype=np.int64 if wide else np.int32, count=n + 1,
                                offset=arr.offset * itemsize).astype(np.int64)
        data = np.frombuffer(bufs[2], dtype=np.uint8) if bufs[2] is not None and bufs[2].size \
            else np.zeros(0, np.uint8)
        return cls(data, offsets, arr)

    @classmethod
    def from_tokens(cls, tokens: list[bytes]) -> StrColumn:
        """From a list of UTF-8 encoded tokens."""
        lengths = np.fromiter(map(len, tokens), dtype=np.int64, count=len(tokens))
        offsets = np.zeros(len(tokens) + 1, np.int64)
        np.cumsum(lengths, out=offsets[1:])
        return cls(np.frombuffer(b"".join(tokens), dtype=np.uint8), offsets)

    @classmethod
    def from_strings(cls, values) -> StrColumn:
        """From any sequence of strings (a list, a numpy array or a pandas Series)."""
        pa = _pyarrow()
        if pa is not None:
            try:
                arr = pa.array(values, type=pa.large_string())
                if not arr.null_count:
                    return cls.from_arrow(arr)
            except (pa.ArrowException, TypeError, ValueError):
                pass
        return cls.from_tokens([str(v).encode("utf-8") for v in values])

    def to_list(self) -> list[str]:
        """The strings as Python ``str`` objects."""
        data = self.data.tobytes()
        off = self.offsets.tolist()
        return [data[a:b].decode("utf-8") for a, b in zip(off[:-1], off[1:])]

    def to_pandas(self):
        """A pandas ``str`` array of the strings."""
        pd = _pd()
        if self._arrow is not None:
            return self._arrow.to_pandas().array
        return pd.array(self.to_list(), dtype="str")

    def _words(self, m: int) -> np.ndarray:
        """(n, m) uint64 whose row-wise lexicographic order is the strings' byte order: each
        string's bytes, zero-padded to 8*m, read as big-endian 64-bit words."""
        n = len(self)
        if n == 0:
            return np.zeros((0, m), np.uint64)
        off, lens = self.offsets, self.lengths()
        lo, hi = int(off[0]), int(off[-1])
        longest = int(lens.max())
        if int(lens.min()) == longest:  # all the same length: a reshape of the bytes
            buf = np.zeros((n, 8 * m), np.uint8)
            if longest:
                buf[:, :longest] = self.data[lo:hi].reshape(n, longest)
            return buf.view(">u8").astype(np.uint64)
        # every string's first 8*m bytes (a sliding-window view), then zero what is past its end
        width = 8 * m
        padded = np.zeros(hi - lo + width, np.uint8)
        padded[:hi - lo] = self.data[lo:hi]
        buf = np.lib.stride_tricks.sliding_window_view(padded, width)[off[:-1] - lo]
        buf *= np.arange(width, dtype=np.int64) < lens[:, None]
        return buf.view(">u8").astype(np.uint64)

    def max_len(self) -> int:
        return int(self.lengths().max()) if len(self) else 0

    @staticmethod
    def dense_codes(*columns: StrColumn) -> tuple[np.ndarray, int]:
        """Codes 0..k-1 for the concatenated columns; equal strings share a code and the codes'
        order is the strings' (byte-wise, ``strcmp``) order.  Vectorised: strings are packed
        into big-endian 64-bit words and dense-ranked word by word (a word that is the same for
        every string is skipped, and ranking stops once every string has its own code)."""
        m = max(1, -(-max(c.max_len() for c in columns) // 8))
        words = np.concatenate([c._words(m) for c in columns]) if len(columns) > 1 \
            else columns[0]._words(m)
        keys = [words[:, j] for j in range(m)]
        if any(c.has_nul() for c in columns):  # "a" and "a\0" pack alike: length decides
            keys.append(np.concatenate([c.lengths() for c in columns]).astype(np.uint64))
        codes, k = None, 1
        for column in keys:
            if codes is not None and k == len(codes):
                break  # all distinct already
            if len(column) and column.min() == column.max():
                continue
            sub, k2 = _dense(column)
            codes, k = (sub, k2) if codes is None else _dense(codes * k2 + sub)
        if codes is None:  # every string equal
            n = len(words)
            return np.zeros(n, np.int64), int(n > 0)
        return codes, k

    def has_nul(self) -> bool:
        """Whether any string contains a NUL byte."""
        used = self.data[self.offsets[0]:self.offsets[-1]] if len(self) else self.data[:0]
        return bool(len(used)) and not used.all()

def _dense(keys: np.ndarray) -> tuple[np.ndarray, int]:
    """Dense ranks of ``keys`` (0 = smallest) and the number of distinct values."""
    n = len(keys)
    if n == 0:
        return np.zeros(0, np.int64), 0
    order = np.argsort(keys)
    ordered = keys[order]
    new = np.empty(n, np.bool_)
    new[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=new[1:])
    ranks = np.cumsum(new, dtype=np.int64)
    ranks -= 1
    codes = np.empty(n, np.int64)
    codes[order] = ranks
    return codes, int(ranks[-1]) + 1


class DictColumn:
    """Strings stored as integer ``indices`` into a small :class:`StrColumn` of distinct
    ``values`` (query ids: few distinct values, many rows)."""

    __slots__ = ("indices", "values", "_arrow")

    def __init__(self, indices: np.ndarray, values: StrColumn, arrow=None):
        self.indices = indices
        self.values = values
        self._arrow = arrow

    def __len__(self) -> int:
        return len(self.indices)

    def __repr__(self) -> str:
        return f"DictColumn(n={len(self)}, distinct={len(self.values)})"

    def __getitem__(self, i: int) -> str:
        return self.values[int(self.indices[i])]

    @classmethod
    def from_arrow(cls, arr) -> DictColumn:
        """Wrap a pyarrow dictionary array (or chunked array) of strings."""
        pa = _pyarrow()
        if isinstance(arr, pa.ChunkedArray):
            arr = arr.unify_dictionaries()
            arr = arr.combine_chunks() if arr.num_chunks != 1 else arr.chunk(0)
        if arr.null_count:
            raise ValueError("null strings")
        indices = arr.indices
        itemsize = indices.type.bit_width // 8
        idx = np.frombuffer(indices.buffers()[1], dtype=f"<i{itemsize}", count=len(indices),
                            offset=indices.offset * itemsize).astype(np.int64)
        return cls(idx, StrColumn.from_arrow(arr.dictionary), arr)

    @classmethod
    def from_tokens(cls, tokens: list[bytes]) -> DictColumn:
        """From a list of UTF-8 encoded tokens."""
        lookup: dict[bytes, int] = {}
        indices = np.fromiter((lookup.setdefault(t, len(lookup)) for t in tokens), dtype=np.int64,
                              count=len(tokens))
        return cls(indices, StrColumn.from_tokens(list(lookup)))

    def to_list(self) -> list[str]:
        values = np.array(self.values.to_list(), dtype=object)
        return values[self.indices].tolist()

    def to_pandas(self):
        """A pandas ``str`` array of the strings."""
        if self._arrow is not None:
            return self._arrow.dictionary_decode().to_pandas().array
        return _pd().array(self.to_list(), dtype="str")


def column_codes(*columns) -> tuple[list[np.ndarray], int]:
    """Dense order-preserving codes (see :meth:`StrColumn.dense_codes`) for several columns of
    either kind; a :class:`DictColumn` only ranks its distinct values."""
    bases = [c.values if isinstance(c, DictColumn) else c for c in columns]
    codes, k = StrColumn.dense_codes(*bases)
    out, start = [], 0
    for column, base in zip(columns, bases):
        part = codes[start:start + len(base)]
        start += len(base)
        out.append(part[column.indices] if isinstance(column, DictColumn) else part)
    return out, k


@dataclass(frozen=True, eq=False)
class TrecColumns:
    """A qrels or run file as numpy columns (no pandas): the fast form used by batch evaluation.

    ``value`` holds the grade (qrels) or the score (run); ``rank`` is the run's rank field.
    ``duplicates_checked`` says whether (query, item) pairs are known to be unique;
    :func:`metrics.batch.evaluate` checks them itself and, if ``raw`` holds the original bytes,
    re-reads them to name the offending lines.
    """

    kind: str
    source: str
    query: StrColumn | DictColumn
    item: StrColumn
    value: np.ndarray
    rank: np.ndarray | None = None
    duplicates_checked: bool = False
    raw: bytes | None = None

    def __len__(self) -> int:
        return len(self.value)

    def to_frame(self) -> pd.DataFrame:
        """The columns as the readers' DataFrame (see the module docstring)."""
        pd = _pd()
        columns = {"query": self.query.to_pandas(), "item": self.item.to_pandas()}
        if self.kind == "qrels":
            columns["rel"] = self.value
        else:
            columns["score"] = self.value
            columns["rank"] = self.rank
        return pd.DataFrame(columns)

    def reraise_duplicate(self) -> None:
        """Re-read ``raw`` line by line; raises the precise duplicate (or other) error."""
        if self.raw is not None:
            _parse_trec_slow(self.raw, self.kind, self.source)


# --------------------------------------------------------------------------------------------
# getting the bytes


def _load_bytes(source, name: str | None, max_bytes: int | None, default_name: str) -> tuple[bytes, str]:
    limit = MAX_BYTES if max_bytes is None else int(max_bytes)
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
        name = name or default_name
    elif isinstance(source, str) and not _looks_like_path(source):
        data = source.encode("utf-8")
        name = name or default_name
    elif isinstance(source, (str, os.PathLike)):
        path = Path(source)
        name = name or path.name
        try:
            size = path.stat().st_size
        except OSError as exc:
            raise MetricsInputError(f"cannot read file: {exc.strerror or exc}", name) from None
        _check_size(size, limit, name)
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise MetricsInputError(f"cannot read file: {exc.strerror or exc}", name) from None
    elif hasattr(source, "read"):
        name = name or Path(str(getattr(source, "name", "") or default_name)).name
        data = source.read(limit + 1)
        if isinstance(data, str):
            data = data.encode("utf-8")
    else:
        raise TypeError(f"expected a path, bytes, str or a binary file, got {type(source).__name__}")
    _check_size(len(data), limit, name)
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    return data, name


def _looks_like_path(text: str) -> bool:
    """A str is a path if it names an existing file, or is one token that cannot be content
    (no whitespace, comma or newline; not JSON); otherwise it is the content itself."""
    if "\n" in text or len(text) > 4096:
        return False
    try:
        if os.path.isfile(text):
            return True
    except (OSError, ValueError):
        return False
    stripped = text.strip()
    return bool(stripped) and not any(c.isspace() or c == "," for c in stripped) \
        and stripped[0] not in "{["


def _fmt_size(n: int) -> str:
    if n >= 1024 * 1024:
        return f"{n / (1024 * 1024):.1f} MiB"
    if n >= 1024:
        return f"{n / 1024:.1f} KiB"
    return f"{n} bytes"


def _check_size(size: int, limit: int, name: str) -> None:
    if size > limit:
        exact = lambda n: _fmt_size(n) + (f" ({n:,} bytes)" if n >= 1024 else "")  # noqa: E731
        raise MetricsInputError(
            f"file is too large: {exact(size)}, over the limit of {exact(limit)} "
            "(MAX_BYTES; pass max_bytes= to change it)", name)


def _check_utf8(data: bytes, name: str) -> None:
    if data.isascii():
        return
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise MetricsInputError(
            f"invalid UTF-8 (byte 0x{data[exc.start]:02x} at column {column}); "
            "save the file as UTF-8", name, line) from None


def _decode(data: bytes, name: str) -> str:
    _check_utf8(data, name)
    return data.decode("utf-8")


# --------------------------------------------------------------------------------------------
# TREC readers


def read_qrels(source, name: str | None = None, *, max_bytes: int | None = None) -> pd.DataFrame:
    """Read TREC qrels (``qid iter docid rel``).

    Returns
    -------
    pandas.DataFrame
        Columns ``query`` (str), ``item`` (str), ``rel`` (float64), in file order.

    Raises
    ------
    MetricsInputError
        Empty input, a line without 4 fields, a grade that is not a finite number, a (qid,
        docid) pair listed twice (both lines named), invalid UTF-8, a CSV file, input over
        ``max_bytes``.

    >>> read_qrels(b"q1 0 d1 2\\nq1 0 d2 0\\n").to_dict("list")
    {'query': ['q1', 'q1'], 'item': ['d1', 'd2'], 'rel': [2.0, 0.0]}
    """
    return read_qrels_columns(source, name, max_bytes=max_bytes).to_frame()


def read_run(source, name: str | None = None, *, max_bytes: int | None = None) -> pd.DataFrame:
    """Read a TREC run (``qid Q0 docid rank score tag``).

    Returns
    -------
    pandas.DataFrame
        Columns ``query`` (str), ``item`` (str), ``score`` (float64), ``rank`` (int64), in file
        order.

    Raises
    ------
    MetricsInputError
        Empty input, a line without 6 fields, a score that is not a finite number, a rank that
        is not an integer, a document listed twice for one query (both lines named), invalid
        UTF-8, a CSV file, input over ``max_bytes``.

    >>> read_run(b"q1 Q0 d1 1 2.5 bm25\\n").to_dict("list")
    {'query': ['q1'], 'item': ['d1'], 'score': [2.5], 'rank': [1]}
    """
    return read_run_columns(source, name, max_bytes=max_bytes).to_frame()


def read_qrels_columns(source, name: str | None = None, *, max_bytes: int | None = None,
                       check_duplicates: bool = True) -> TrecColumns:
    """:func:`read_qrels` as numpy columns (:class:`TrecColumns`), without importing pandas."""
    data, name = _load_bytes(source, name, max_bytes, "qrels")
    return _read_trec(data, name, "qrels", check_duplicates)


def read_run_columns(source, name: str | None = None, *, max_bytes: int | None = None,
                     check_duplicates: bool = True) -> TrecColumns:
    """:func:`read_run` as numpy columns (:class:`TrecColumns`), without importing pandas."""
    data, name = _load_bytes(source, name, max_bytes, "run")
    return _read_trec(data, name, "run", check_duplicates)


#: Below this size the TREC readers parse line by line unless pyarrow is already imported
#: (importing it costs more than it saves on small inputs).
SMALL_INPUT = 256 * 1024


def _read_trec(data: bytes, name: str, kind: str, check_duplicates: bool) -> TrecColumns:
    _check_utf8(data, name)
    if len(data) < SMALL_INPUT and "pyarrow" not in sys.modules:
        return _parse_trec_slow(data, kind, name)
    columns = _parse_trec_fast(data, name, kind)
    if columns is None:
        return _parse_trec_slow(data, kind, name)
    if check_duplicates:
        (qcodes,), _ = column_codes(columns.query)
        dcodes, nd = StrColumn.dense_codes(columns.item)
        keys = np.sort(qcodes * max(nd, 1) + dcodes)
        if len(keys) > 1 and bool((keys[1:] == keys[:-1]).any()):
            return _parse_trec_slow(data, kind, name)  # raises, naming both lines
    return TrecColumns(kind, name, columns.query, columns.item, columns.value, columns.rank,
                       check_duplicates, data)


def _normalise_whitespace(data: bytes) -> bytes:
    """Make every field separator one space and drop spaces at line ends (line count kept)."""
    if b"\r" in data:
        data = data.replace(b"\r", b" ")
    if b"\t" in data:
        data = data.replace(b"\t", b" ")
    while b"  " in data:
        data = data.replace(b"  ", b" ")
    if b"\n " in data:
        data = data.replace(b"\n ", b"\n")
    if b" \n" in data:
        data = data.replace(b" \n", b"\n")
    return data.strip(b" ")


def _arrow_numbers(column, dtype) -> np.ndarray | None:
    arr = column.combine_chunks() if column.num_chunks != 1 else column.chunk(0)
    if arr.null_count:
        return None
    return np.frombuffer(arr.buffers()[1], dtype=dtype, count=len(arr),
                         offset=arr.offset * np.dtype(dtype).itemsize)


def _parse_trec_fast(data: bytes, name: str, kind: str) -> TrecColumns | None:
    """pyarrow-based parse; None when anything looks wrong (the slow path then names the line).

    pyarrow splits on single spaces only: files with tabs or carriage returns are normalised
    first; runs of spaces or spaces at line ends show up as empty fields (or a field-count
    error), and then the input is normalised and parsed once more.
    """
    pa = _pyarrow()
    if pa is None or b"\x0b" in data or b"\x0c" in data:
        return None
    normalised = False
    if b"\t" in data or b"\r" in data:
        data, normalised = _normalise_whitespace(data), True
    while True:
        columns = _parse_arrow(pa, data, name, kind) if data else None
        if columns is not None or normalised:
            return columns
        data, normalised = _normalise_whitespace(data), True


def _parse_arrow(pa, data: bytes, name: str, kind: str) -> TrecColumns | None:
    import pyarrow.csv as pacsv

    string, coded = pa.string(), pa.dictionary(pa.int32(), pa.string())
    if kind == "run":
        types = {"q": coded, "x": coded, "d": string, "r": pa.int64(), "v": pa.float64(), "t": coded}
    else:
        types = {"q": coded, "x": coded, "d": string, "v": pa.float64()}
    try:
        table = pacsv.read_csv(
            pa.BufferReader(data),
            read_options=pacsv.ReadOptions(column_names=list(types), block_size=1 << 22),
            parse_options=pacsv.ParseOptions(delimiter=" ", quote_char=False, escape_char=False,
                                              double_quote=False, ignore_empty_lines=True),
            convert_options=pacsv.ConvertOptions(column_types=types, null_values=[],
                                                 strings_can_be_null=False, check_utf8=True))
    except (pa.ArrowException, ValueError):
        return None
    values = _arrow_numbers(table.column("v"), np.float64)
    if values is None or not np.isfinite(values).all():
        return None
    rank = None
    if kind == "run":
        rank = _arrow_numbers(table.column("r"), np.int64)
        if rank is None:
            return None
    try:
        query = DictColumn.from_arrow(table.column("q"))
        item = StrColumn.from_arrow(table.column("d"))
        if not len(item) or int(item.lengths().min()) == 0:
            return None  # an empty field: two spaces in a row or a space at a line's end
        for key in types:
            if types[key] == coded:
                values_of = query.values if key == "q" else StrColumn.from_arrow(
                    table.column(key).unify_dictionaries().chunk(0).dictionary)
                if int(values_of.lengths().min()) == 0:
                    return None
    except (ValueError, pa.ArrowException):
        return None
    return TrecColumns(kind, name, query, item, values, rank, False, None)


def _number(token: bytes, what: str, name: str, line: int) -> float:
    if _NUMBER_RE.fullmatch(token):
        value = float(token)
        if math.isfinite(value):
            return value
        raise MetricsInputError(f"{what} {token.decode('utf-8', 'replace')!r} is too large", name, line)
    low = token.lower().lstrip(b"+-")
    text = token.decode("utf-8", "replace")
    if low == b"nan":
        raise MetricsInputError(f"{what} is NaN ({text!r}); expected a finite number", name, line)
    if low in (b"inf", b"infinity"):
        raise MetricsInputError(f"{what} is infinite ({text!r}); expected a finite number", name, line)
    raise MetricsInputError(f"{what} must be a number, got {text!r}", name, line)


def _field_problem(parts: list[bytes], raw: bytes, kind: str, first: bool) -> str:
    want, spec = (6, RUN_FIELDS) if kind == "run" else (4, QRELS_FIELDS)
    label = "TREC run" if kind == "run" else "TREC qrels"
    got = len(parts)
    lowered = {p.decode("utf-8", "replace").strip().lower() for p in re.split(rb"[,;\t ]+", raw) if p}
    expected = f"expected {label} lines '{spec}' ({want} fields separated by spaces or tabs)"
    if b"," in raw:
        cells = len(next(csv.reader([raw.decode("utf-8", "replace")])))
        return f"looks like CSV ({cells} comma-separated cells); {expected}; use read_csv for CSV"
    if first and len(lowered & set(_CSV_ALIAS)) >= 2:
        header = ", ".join(p.decode("utf-8", "replace") for p in parts)
        return f"looks like a CSV header ({header}); {expected}; use read_csv for CSV"
    problem = f"expected {want} fields ({spec}), got {got}"
    if kind == "qrels" and got == 6:
        problem += "; this looks like a TREC run, not qrels"
    elif kind == "run" and got == 4 and parts[1].upper() != b"Q0":
        problem += "; this looks like TREC qrels, not a run"
    return problem


def _parse_trec_line(parts: list[bytes], raw: bytes, kind: str, name: str, lineno: int,
                     first: bool) -> tuple[float, int]:
    """(grade or score, rank) of one non-empty line, or MetricsInputError naming the line."""
    want = 6 if kind == "run" else 4
    if len(parts) != want:
        raise MetricsInputError(_field_problem(parts, raw, kind, first), name, lineno)
    if kind == "qrels":
        return _number(parts[3], "grade", name, lineno), 0
    value = _number(parts[4], "score", name, lineno)
    if not _INT_RE.fullmatch(parts[3]):
        raise MetricsInputError(
            f"rank must be an integer, got {parts[3].decode('utf-8', 'replace')!r}", name, lineno)
    return value, int(parts[3])


def _parse_trec_slow(data: bytes, kind: str, name: str) -> TrecColumns:
    """Line-by-line parse: the reference behaviour, used to find and name the first bad line."""
    _check_utf8(data, name)
    queries: list[bytes] = []
    items: list[bytes] = []
    values: list[float] = []
    ranks: list[int] = []
    seen: dict[tuple[bytes, bytes], int] = {}
    first = True
    for lineno, raw in enumerate(data.split(b"\n"), 1):
        parts = raw.split()
        if not parts:
            continue
        try:
            value, rank = _parse_trec_line(parts, raw, kind, name, lineno, first)
        except MetricsInputError:
            if first and b"," in raw:  # a CSV, perhaps with spaces after the commas
                raise MetricsInputError(_field_problem(parts, raw, kind, True), name, lineno) from None
            raise
        first = False
        query, item = parts[0], parts[2]
        earlier = seen.setdefault((query, item), lineno)
        if earlier != lineno:
            label = "document" if kind == "run" else "judgement for document"
            raise MetricsInputError(
                f"{label} {item.decode()!r} listed twice for query {query.decode()!r} "
                f"(lines {earlier} and {lineno})", name, lineno)
        queries.append(query)
        items.append(item)
        values.append(value)
        ranks.append(rank)
    if not queries:
        label = "run" if kind == "run" else "qrels"
        spec = RUN_FIELDS if kind == "run" else QRELS_FIELDS
        raise MetricsInputError(f"empty file: no {label} lines ('{spec}')", name)
    return TrecColumns(kind, name, DictColumn.from_tokens(queries), StrColumn.from_tokens(items),
                       np.array(values, dtype=np.float64),
                       np.array(ranks, dtype=np.int64) if kind == "run" else None, True, data)


# --------------------------------------------------------------------------------------------
# Dataset, CSV, JSON, pasted text


@dataclass(frozen=True, eq=False)
class Dataset:
    """What a file holds: qrels (possibly empty), a run (or None) and the source's name.

    ``qrels`` has columns ``query``, ``item``, ``rel``; ``run`` has ``query``, ``item``,
    ``score``, ``rank`` (see the module docstring).
    """

    qrels: pd.DataFrame
    run: pd.DataFrame | None
    source: str


def _qrels_frame(queries, items, rels) -> pd.DataFrame:
    pd = _pd()
    return pd.DataFrame({"query": pd.array(list(queries), dtype="str"),
                         "item": pd.array(list(items), dtype="str"),
                         "rel": np.asarray(rels, dtype=np.float64)})


def _run_frame(queries, items, scores, ranks) -> pd.DataFrame:
    pd = _pd()
    return pd.DataFrame({"query": pd.array(list(queries), dtype="str"),
                         "item": pd.array(list(items), dtype="str"),
                         "score": np.asarray(scores, dtype=np.float64),
                         "rank": np.asarray(ranks, dtype=np.int64)})


def _trec_ranks(queries: list[str], items: list[str], scores: list[float]) -> list[int]:
    """trec_eval's rank of each row: by score descending, then item descending, per query."""
    # ties in score: item descending (string order) -- a stable two-pass sort
    order = sorted(range(len(items)), key=lambda i: items[i], reverse=True)
    order.sort(key=lambda i: (queries[i], -scores[i]))
    ranks = [0] * len(items)
    last, position = None, 0
    for i in order:
        position = position + 1 if queries[i] == last else 1
        last = queries[i]
        ranks[i] = position
    return ranks


def _csv_number(cell: str, what: str, name: str, line: int) -> float:
    return _number(cell.strip().encode("utf-8"), what, name, line)


def read_csv(source, name: str | None = None, *, max_bytes: int | None = None) -> Dataset:
    """Read a CSV with a header, one row per (query, item) (columns: see the module docstring).

    Returns
    -------
    Dataset
        qrels from the rows with a relevance value; a run when there is a score or rank column
        (or, with neither, the row order).

    Raises
    ------
    MetricsInputError
        No item column, or none of score/rank/relevance (the message lists the columns found);
        a row with the wrong number of cells; a score, grade or rank that is not a number; an
        item listed twice for one query (both lines named); empty input; invalid UTF-8.

    >>> ds = read_csv(b"qid,docid,score,grade\\nq1,d1,0.9,2\\nq1,d2,0.1,\\n")
    >>> ds.run["item"].tolist(), ds.qrels["item"].tolist()
    (['d1', 'd2'], ['d1'])
    """
    data, name = _load_bytes(source, name, max_bytes, "csv")
    text = _decode(data, name)
    lines = text.splitlines()
    header_line = next((i for i, line in enumerate(lines) if line.strip()), None)
    if header_line is None:
        raise MetricsInputError("empty file: expected a CSV header row and data rows", name)
    head = lines[header_line]
    delimiter = "," if "," in head else "\t" if "\t" in head else ";" if ";" in head else ","
    reader = csv.reader(_stdio.StringIO(text, newline=""), delimiter=delimiter)
    header: list[str] | None = None
    mapping: dict[str, int] = {}
    rows: list[tuple[int, list[str]]] = []
    for cells in reader:
        if not any(cell.strip() for cell in cells):
            continue
        if header is None:
            header = [cell.strip() for cell in cells]
            header_lineno = reader.line_num
            for index, column in enumerate(header):
                canon = _CSV_ALIAS.get(re.sub(r"[\s\-]+", "_", column.lower()))
                if canon is None:
                    continue
                if canon in mapping:
                    raise MetricsInputError(
                        f"two columns mean {canon}: {header[mapping[canon]]!r} and {column!r}",
                        name, header_lineno)
                mapping[canon] = index
            found = ", ".join(repr(c) for c in header)
            if "item" not in mapping:
                raise MetricsInputError(
                    f"missing column 'item' (or one of {', '.join(CSV_COLUMNS['item'][1:])}); "
                    f"found columns: {found}", name, header_lineno)
            if not {"score", "rank", "relevance"} & mapping.keys():
                raise MetricsInputError(
                    "missing column: need at least one of score, rank or relevance "
                    f"(or an alias such as rel, grade, sim, position); found columns: {found}",
                    name, header_lineno)
            continue
        if len(cells) != len(header):
            raise MetricsInputError(
                f"expected {len(header)} cells ({', '.join(header)}), got {len(cells)}",
                name, reader.line_num)
        rows.append((reader.line_num, cells))
    if not rows:
        raise MetricsInputError("no data rows after the header", name)

    queries, items, scores, rank_values = [], [], [], []
    seen: dict[tuple[str, str], int] = {}
    judged_q, judged_i, judged_r = [], [], []
    for lineno, cells in rows:
        query = cells[mapping["query"]].strip() if "query" in mapping else DEFAULT_QUERY
        item = cells[mapping["item"]].strip()
        if not item:
            raise MetricsInputError("empty item cell", name, lineno)
        if "query" in mapping and not query:
            raise MetricsInputError("empty query cell", name, lineno)
        earlier = seen.setdefault((query, item), lineno)
        if earlier != lineno:
            raise MetricsInputError(
                f"item {item!r} listed twice for query {query!r} (lines {earlier} and {lineno})",
                name, lineno)
        if "score" in mapping:
            scores.append(_csv_number(cells[mapping["score"]], "score", name, lineno))
        if "rank" in mapping:
            cell = cells[mapping["rank"]].strip()
            if not _INT_RE.fullmatch(cell.encode("utf-8")):
                raise MetricsInputError(f"rank must be an integer, got {cell!r}", name, lineno)
            rank_values.append(int(cell))
        if "relevance" in mapping:
            cell = cells[mapping["relevance"]].strip()
            if cell:
                judged_q.append(query)
                judged_i.append(item)
                judged_r.append(_csv_number(cell, "relevance", name, lineno))
        queries.append(query)
        items.append(item)
    qrels = _qrels_frame(judged_q, judged_i, judged_r)
    if "score" in mapping:
        ranks = rank_values if "rank" in mapping else _trec_ranks(queries, items, scores)
    else:
        if "rank" not in mapping:  # the row order is the ranking
            counter: dict[str, int] = {}
            rank_values = [counter.__setitem__(q, counter.get(q, 0) + 1) or counter[q] for q in queries]
        ranks = rank_values
        scores = [-float(r) for r in rank_values]
    run = _run_frame(queries, items, scores, ranks)
    return Dataset(qrels, run, name)


def _json_line(text: str, *keys) -> int | None:
    """Best-effort line of a nested key: find each key's JSON spelling after the previous one."""
    position, start = 0, 0
    for key in keys:
        found = text.find(json.dumps(key, ensure_ascii=False), start)
        if found < 0:
            found = text.find(json.dumps(key), start)
        if found < 0:
            break
        position, start = found, found + 1
    return text.count("\n", 0, position) + 1


def read_json(source, name: str | None = None, *, max_bytes: int | None = None) -> Dataset:
    """Read JSON: ``{query: [items]}`` (run), ``{query: {item: grade}}`` (qrels),
    ``{"run": ..., "qrels": ...}`` or a bare list of items (a run for query ``"q1"``).

    Raises
    ------
    MetricsInputError
        Malformed JSON (its line), a duplicate key or item (its line), a grade or score that is
        not a finite number, a shape that is none of the above, empty input.

    >>> ds = read_json(b'{"run": {"q1": ["d2", "d1"]}, "qrels": {"q1": {"d1": 1}}}')
    >>> ds.run[["item", "score", "rank"]].values.tolist(), ds.qrels["rel"].tolist()
    ([['d2', 2.0, 1], ['d1', 1.0, 2]], [1.0])
    """
    data, name = _load_bytes(source, name, max_bytes, "json")
    text = _decode(data, name)
    if not text.strip():
        raise MetricsInputError("empty file: expected JSON", name)

    def pairs_hook(pairs):
        result = {}
        for key, value in pairs:
            if key in result:
                raise _DuplicateKey(key)
            result[key] = value
        return result

    try:
        document = json.loads(text, object_pairs_hook=pairs_hook)
    except json.JSONDecodeError as exc:
        raise MetricsInputError(f"malformed JSON: {exc.msg} (column {exc.colno})", name, exc.lineno) from None
    except _DuplicateKey as exc:
        key = exc.args[0]
        first = text.find(json.dumps(key))
        second = text.find(json.dumps(key), first + 1)
        raise MetricsInputError(f"key {key!r} appears twice in one object", name,
                                text.count("\n", 0, max(second, 0)) + 1) from None

    run_part = qrels_part = None
    if isinstance(document, list):
        run_part = {DEFAULT_QUERY: document}
    elif isinstance(document, dict) and document and set(document) <= {"run", "qrels"}:
        run_part, qrels_part = document.get("run"), document.get("qrels")
        if isinstance(run_part, list):
            run_part = {DEFAULT_QUERY: run_part}
    elif isinstance(document, dict) and document:
        kinds = {type(v) for v in document.values()}
        if kinds <= {list}:
            run_part = document
        elif kinds <= {dict}:
            qrels_part = document
        else:
            raise MetricsInputError(
                "expected {query: [items in ranked order]} (a run) or {query: {item: grade}} "
                "(qrels), not a mix", name, 1)
    else:
        raise MetricsInputError(
            "expected {query: [items]}, {query: {item: grade}}, {\"run\": ..., \"qrels\": ...} "
            "or a list of items", name, 1)

    run = None
    if run_part is not None:
        if not isinstance(run_part, dict):
            raise MetricsInputError('"run" must map queries to lists of items', name, _json_line(text, "run"))
        rq, ri, rs, rr = [], [], [], []
        for query, ranking in run_part.items():
            if isinstance(ranking, list):
                seen: set[str] = set()
                for position, item in enumerate(ranking, 1):
                    if not isinstance(item, (str, int)) or isinstance(item, bool):
                        raise MetricsInputError(f"items must be strings, got {item!r} in query {query!r}",
                                                name, _json_line(text, query))
                    item = str(item)
                    if item in seen:
                        raise MetricsInputError(f"item {item!r} listed twice for query {query!r}",
                                                name, _json_line(text, query, item, item))
                    seen.add(item)
                    rq.append(str(query)), ri.append(item), rr.append(position)
                    rs.append(float(len(ranking) - position + 1))
            elif isinstance(ranking, dict):
                start = len(ri)
                for item, score in ranking.items():
                    rq.append(str(query)), ri.append(str(item))
                    rs.append(_json_number(score, "score", text, name, query, item))
                rr.extend(_trec_ranks(rq[start:], ri[start:], rs[start:]))
            else:
                raise MetricsInputError(f"query {query!r}: expected a list of items or {{item: score}}",
                                        name, _json_line(text, query))
        run = _run_frame(rq, ri, rs, rr)

    jq, ji, jr = [], [], []
    if qrels_part is not None:
        if not isinstance(qrels_part, dict):
            raise MetricsInputError('"qrels" must map queries to {item: grade}', name, _json_line(text, "qrels"))
        for query, grades in qrels_part.items():
            if isinstance(grades, list):  # a list of relevant items: grade 1 each
                grades = {str(item): 1 for item in grades}
            if not isinstance(grades, dict):
                raise MetricsInputError(f"query {query!r}: expected {{item: grade}}", name, _json_line(text, query))
            for item, grade in grades.items():
                jq.append(str(query)), ji.append(str(item))
                jr.append(_json_number(grade, "grade", text, name, query, item))
    return Dataset(_qrels_frame(jq, ji, jr), run, name)


class _DuplicateKey(Exception):
    pass


def _json_number(value: Any, what: str, text: str, name: str, query: str, item: str) -> float:
    line = None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        line = _json_line(text, query, item)
        raise MetricsInputError(f"{what} of item {item!r} in query {query!r} must be a number, got {value!r}",
                                name, line)
    value = float(value)
    if not math.isfinite(value):
        raise MetricsInputError(f"{what} of item {item!r} in query {query!r} is not finite",
                                name, _json_line(text, query, item))
    return value


_PASTE_SPLIT = re.compile(r"\s*[,;\t]\s*|\s+")


def parse_pasted(text: str, name: str = "pasted text") -> Dataset:
    """One query typed by hand: ``item grade`` per line in ranked order, or one line of grades.

    Lines are ``item grade``, ``item,grade`` or ``item<TAB>grade`` (an item alone is unjudged);
    blank lines and lines starting with ``#`` are skipped.  A single line of numbers
    ``3 2 3 0 1`` (or one number per line) gives items ``d1 .. dn`` with those grades.
    The run has rank = position and score = n - position + 1.

    >>> ds = parse_pasted("3 2 0")
    >>> ds.run["item"].tolist(), ds.qrels["rel"].tolist()
    (['d1', 'd2', 'd3'], [3.0, 2.0, 0.0])
    """
    if isinstance(text, bytes):
        text = _decode(text, name)
    entries = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)
               if line.strip() and not line.strip().startswith("#")]
    if not entries:
        raise MetricsInputError("nothing to read: type one item per line ('item grade') or a line of grades", name)
    split = [(n, [t for t in _PASTE_SPLIT.split(line) if t]) for n, line in entries]
    all_numbers = all(_LOOSE_NUMBER_RE.fullmatch(t.encode()) for _, toks in split for t in toks)
    grades_only = all_numbers and (len(split) == 1 or all(len(toks) == 1 for _, toks in split))
    items: list[str] = []
    grades: list[float | None] = []
    if grades_only:
        for lineno, toks in split:
            for token in toks:
                grades.append(_number(token.encode(), "grade", name, lineno))
        items = [f"d{i}" for i in range(1, len(grades) + 1)]
    else:
        seen: dict[str, int] = {}
        for lineno, toks in split:
            if len(toks) > 2:
                raise MetricsInputError(f"expected 'item grade', got {len(toks)} fields", name, lineno)
            item = toks[0]
            earlier = seen.setdefault(item, lineno)
            if earlier != lineno:
                raise MetricsInputError(f"item {item!r} listed twice (lines {earlier} and {lineno})", name, lineno)
            items.append(item)
            grades.append(_number(toks[1].encode(), "grade", name, lineno) if len(toks) == 2 else None)
    n = len(items)
    run = _run_frame([DEFAULT_QUERY] * n, items, [float(n - i) for i in range(n)], range(1, n + 1))
    judged = [(item, g) for item, g in zip(items, grades) if g is not None]
    qrels = _qrels_frame([DEFAULT_QUERY] * len(judged), [i for i, _ in judged], [g for _, g in judged])
    return Dataset(qrels, run, name)


def load(name: str, data: bytes, *, max_bytes: int | None = None) -> Dataset:
    """Read an uploaded file of any supported format, sniffed from its extension and content.

    ``.json`` (or content starting with ``{``/``[``) -> :func:`read_json`; ``.csv``/``.tsv`` (or
    a header of known column names) -> :func:`read_csv`; a single line of numbers -> grades for
    :func:`parse_pasted`; a first line with commas -> :func:`read_csv`; 4 fields a line -> TREC
    qrels; 6 -> TREC run; 1-2 -> :func:`parse_pasted`.

    >>> load("qrels.txt", b"q1 0 d1 1\\n").run is None
    True
    """
    if isinstance(data, str):
        data = data.encode("utf-8")
    data, name = _load_bytes(bytes(data), name, max_bytes, "upload")
    suffix = Path(name).suffix.lower()
    if suffix == ".json":
        return read_json(data, name)
    if suffix in (".csv", ".tsv"):
        return read_csv(data, name)
    _check_utf8(data, name)
    first = next((line for line in data.split(b"\n") if line.strip()), b"").strip()
    if not first:
        raise MetricsInputError("empty file", name)
    if first[:1] in (b"{", b"["):
        return read_json(data, name)
    tokens = first.split()
    lowered = {t.decode("utf-8", "replace").strip().lower() for t in re.split(rb"[,;\t ]+", first) if t}
    if len(lowered & set(_CSV_ALIAS)) >= 2:
        return read_csv(data, name)
    lines = [line for line in data.split(b"\n") if line.strip()]
    if len(lines) == 1 and all(_LOOSE_NUMBER_RE.fullmatch(t) for t in re.split(rb"[\s,;]+", first) if t):
        return parse_pasted(data.decode("utf-8"), name)  # one line of grades, "3 2 3 0 1"
    if b"," in first:
        return read_csv(data, name)
    if len(tokens) == 4:
        return Dataset(read_qrels(data, name), None, name)
    if len(tokens) == 6:
        return Dataset(_qrels_frame([], [], []), read_run(data, name), name)
    if len(tokens) <= 2 or all(_NUMBER_RE.fullmatch(t) for t in tokens):
        return parse_pasted(data.decode("utf-8"), name)
    raise MetricsInputError(
        f"cannot tell the format: the first line has {len(tokens)} fields (TREC qrels have 4, "
        "TREC runs 6; CSV needs a header row; JSON starts with { or [)", name, 1)
