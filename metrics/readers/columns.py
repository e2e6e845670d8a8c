"""Strings as numpy buffers: the columns the TREC readers and batch evaluation work on.

:class:`StrColumn` keeps strings as UTF-8 bytes plus offsets (Arrow's layout), :class:`DictColumn`
as indices into a few distinct values; :func:`column_codes` turns columns of either kind into dense
integer codes in the strings' byte order; :class:`TrecColumns` is a qrels or run file held as such
columns.  No Python object per row and no pandas unless asked for (:meth:`StrColumn.to_pandas`);
pyarrow is used when installed, imported lazily (:func:`optional_pyarrow`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:  # pragma: no cover
    from pathlib import Path

    import pandas as pd


def _pd():
    import pandas as pd  # lazy: the TREC fast path and batch evaluation never need pandas

    return pd


def optional_pyarrow():
    """The ``pyarrow`` module (with ``pyarrow.csv`` loaded), or None when it is not installed."""
    try:
        import pyarrow
        import pyarrow.csv
    except ImportError:  # pragma: no cover - pyarrow ships with streamlit
        return None
    return pyarrow


def single_array(arr):
    """A pyarrow array from an array or a chunked array (dictionaries unified), any new buffers
    allocated by the system allocator: pyarrow's default pool keeps the memory it frees, which
    numpy can then not reuse (peak memory)."""
    pa = optional_pyarrow()
    if not isinstance(arr, pa.ChunkedArray):
        return arr
    if arr.num_chunks == 1:
        return arr.chunk(0)
    pool = pa.system_memory_pool()
    if pa.types.is_dictionary(arr.type):
        arr = arr.unify_dictionaries(memory_pool=pool)
    return arr.combine_chunks(memory_pool=pool)


#: rows per block of the temporaries of :meth:`StrColumn._fill_words`
_BLOCK = 1 << 16


class StrColumn:
    """Strings stored as UTF-8 bytes plus offsets (Arrow's layout): no Python object per row.

    ``data[offsets[i]:offsets[i + 1]]`` is string *i*.  :meth:`dense_codes` turns one or more
    columns into integer codes whose order is the strings' byte order (= ``strcmp``, = Python's
    ``str`` order), which is all that evaluation needs: equality for joins, order for ties.
    """

    __slots__ = ("_arrow", "data", "offsets")

    def __init__(self, data: np.ndarray, offsets: np.ndarray, arrow=None):
        self.data = data
        self.offsets = offsets
        self._arrow = arrow

    def lengths(self) -> np.ndarray:
        """Byte length of each string (computed on each call: it is cheap, and kept it would cost
        8 bytes a string for as long as the column lives)."""
        return np.diff(self.offsets)

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
        pa = optional_pyarrow()
        arr = single_array(arr)
        if arr.null_count:
            raise ValueError("null strings")
        wide = pa.types.is_large_string(arr.type)
        bufs = arr.buffers()
        n = len(arr)
        itemsize = 8 if wide else 4
        offsets = np.frombuffer(bufs[1], dtype=np.int64 if wide else np.int32, count=n + 1,
                                offset=arr.offset * itemsize).astype(np.int64, copy=False)
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
        pa = optional_pyarrow()
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

    def _fill_words(self, out: np.ndarray) -> None:
        """Write into ``out`` ((n, 8*m) uint8) each string's first 8*m bytes, zero-padded: read
        as big-endian 64-bit words, their row-wise lexicographic order is the strings' order."""
        n, width = out.shape
        if n == 0:
            return
        off, lens = self.offsets, self.lengths()
        lo, hi = int(off[0]), int(off[-1])
        longest = int(lens.max())
        if int(lens.min()) == longest:  # all the same length: a reshape of the bytes
            out[:] = 0
            kept = min(longest, width)
            if kept:
                out[:, :kept] = self.data[lo:hi].reshape(n, longest)[:, :kept]
            return
        # each string's first 8*m bytes: windows over the bytes (the last rows', which would run
        # past the end, over a zero-padded copy of the end), then zero what is past its end; in
        # blocks of rows, so that the temporaries stay small
        starts = off[:-1]
        near_end = int(np.searchsorted(starts, hi - width, side="right"))
        if near_end < n:  # the rows starting in the last `width` bytes: a few
            tail_from = int(starts[near_end])
            tail = np.zeros(hi - tail_from + width, np.uint8)
            tail[:hi - tail_from] = self.data[tail_from:hi]
            out[near_end:] = np.lib.stride_tricks.sliding_window_view(tail, width)[starts[near_end:] - tail_from]
        if near_end:
            windows = np.lib.stride_tricks.sliding_window_view(self.data[:hi], width)
            for a in range(0, near_end, _BLOCK):
                out[a:min(a + _BLOCK, near_end)] = windows[starts[a:min(a + _BLOCK, near_end)]]
        positions = np.arange(width)
        for a in range(0, n, _BLOCK):
            out[a:a + _BLOCK] *= positions < lens[a:a + _BLOCK, None]

    def _tails(self, start: int, rows: np.ndarray) -> list[bytes]:
        """The bytes of strings ``rows`` from byte ``start`` on."""
        data, off = self.data, self.offsets
        return [data[off[i] + start:off[i + 1]].tobytes() for i in rows.tolist()]

    def max_len(self) -> int:
        return int(self.lengths().max()) if len(self) else 0

    @staticmethod
    def dense_codes(*columns: StrColumn) -> tuple[np.ndarray, int]:
        """Codes 0..k-1 for the concatenated columns; equal strings share a code and the codes'
        order is the strings' (byte-wise, ``strcmp``) order.  Vectorised: strings are packed
        into big-endian 64-bit words and dense-ranked word by word (a word that is the same for
        every string is skipped, and ranking stops once every string has its own code).

        Memory grows with the input, not with its longest string: at most :func:`packed_width`
        bytes of each string are packed; the few strings longer than that are then ordered by
        the rest of their bytes."""
        longest = max((c.max_len() for c in columns), default=0)
        width = packed_width(columns, longest)
        m = max(1, -(-width // 8))
        total = sum(len(c) for c in columns)
        packed = np.empty((total, 8 * m), np.uint8)
        for column, start in _spans(columns):
            column._fill_words(packed[start:start + len(column)])
        words = packed.view(np.uint64)
        words.byteswap(inplace=True)  # big-endian words as native integers, in place
        keys = [words[:, j] for j in range(m)]
        del packed, words
        nul = any(c.has_nul() for c in columns)
        longer_than_packed = longest > 8 * m
        lengths = np.concatenate([c.lengths() for c in columns]) if nul or longer_than_packed else None
        if nul:  # "a" and "a\0" pack alike: length decides
            keys.append(np.minimum(lengths, 8 * m).astype(np.uint64))
        codes, k = None, 1
        for column in keys:
            if codes is not None and k == len(codes):
                break  # all distinct already
            if len(column) and column.min() == column.max():
                continue
            sub, k2 = dense_ranks(column)
            codes, k = (sub, k2) if codes is None else dense_ranks(codes * k2 + sub)
        del keys
        if codes is None:  # every string's first 8*m bytes equal
            codes, k = np.zeros(total, np.int64), int(total > 0)
        longer = np.flatnonzero(lengths > 8 * m) if longer_than_packed else ()
        if len(longer) and k < len(codes):  # same first 8*m bytes: the rest of the bytes decide
            longer = longer[np.bincount(codes)[codes[longer]] > 1]
            tails = [tail for column, start in _spans(columns)
                     for tail in column._tails(8 * m, longer[(longer >= start) & (longer < start + len(column))] - start)]
            rank_of = {tail: rank for rank, tail in enumerate(sorted(set(tails)), 1)}
            sub = np.zeros(len(codes), np.int64)
            sub[longer] = [rank_of[tail] for tail in tails]
            codes, k = dense_ranks(codes * (len(rank_of) + 1) + sub)
        return codes, k

    def has_nul(self) -> bool:
        """Whether any string contains a NUL byte."""
        used = self.data[self.offsets[0]:self.offsets[-1]] if len(self) else self.data[:0]
        return bool(len(used)) and not used.all()

def _spans(columns) -> list[tuple[StrColumn, int]]:
    """Each column with the row where it starts in the concatenation."""
    starts = np.cumsum([0] + [len(c) for c in columns[:-1]]).tolist()
    return list(zip(columns, starts))


def packed_width(columns, longest: int | None = None) -> int:
    """Bytes of each string that :meth:`StrColumn.dense_codes` packs: the longest string's length,
    at most max(32, twice the mean length) (so n strings cost at most 32n + twice their bytes).
    ``longest``, the longest string's length, is computed when not given."""
    n = sum(len(c) for c in columns)
    if longest is None:
        longest = max((c.max_len() for c in columns), default=0)
    total = sum(int(c.offsets[-1] - c.offsets[0]) for c in columns)
    cap = max(32, 2 * -(-total // max(n, 1)))
    return min(longest, cap)


def dense_ranks(keys: np.ndarray) -> tuple[np.ndarray, int]:
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
    del new
    ranks -= 1
    # the codes go where the sorted keys were, when those are 8-byte numbers (peak memory)
    codes = ordered.view(np.int64) if ordered.dtype.itemsize == 8 else np.empty(n, np.int64)
    codes[order] = ranks
    return codes, int(ranks[-1]) + 1


class DictColumn:
    """Strings stored as integer ``indices`` into a small :class:`StrColumn` of distinct
    ``values`` (query ids: few distinct values, many rows)."""

    __slots__ = ("_arrow", "indices", "values")

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
        """Wrap a pyarrow dictionary array (or chunked array) of strings; the indices keep their
        width (int32 from the readers), without a copy."""
        arr = single_array(arr)
        if arr.null_count:
            raise ValueError("null strings")
        indices = arr.indices
        itemsize = indices.type.bit_width // 8
        idx = np.frombuffer(indices.buffers()[1], dtype=f"<i{itemsize}", count=len(indices),
                            offset=indices.offset * itemsize)
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
    :func:`metrics.batch.evaluation.evaluate` checks them itself and, if ``raw`` holds the original bytes
    (or the path of the file they came from), re-reads them to name the offending lines.
    """

    kind: str
    source: str
    query: StrColumn | DictColumn
    item: StrColumn
    value: np.ndarray
    rank: np.ndarray | None = None
    duplicates_checked: bool = False
    raw: bytes | Path | None = None

    def __len__(self) -> int:
        return len(self.value)

    def to_frame(self) -> pd.DataFrame:
        """The columns as the readers' DataFrame (see :mod:`metrics.readers.io`)."""
        pd = _pd()
        columns = {"query": self.query.to_pandas(), "item": self.item.to_pandas()}
        if self.kind == "qrels":
            columns["rel"] = self.value
        else:
            columns["score"] = self.value
            columns["rank"] = self.rank
        return pd.DataFrame(columns)

