"""TREC qrels and run files: the readers.

``qid iter docid rel`` (qrels) and ``qid Q0 docid rank score tag`` (run), fields separated by
spaces or tabs.  A run is read as trec_eval reads it: fields after the sixth are ignored, and so
is the rank field's value (evaluation ranks by score): a rank that is not a decimal integer within
int64 reads as 0.  A score must be a plain finite number, unless the reader is given
``scores=AtofScores()`` (:mod:`metrics.readers.fields`; the command line's trec_eval reading: C's atof,
``-inf``, ``nan``, ``0x1p3``, ``12abc`` accepted, the first such score kept for a warning).  Large
inputs are parsed with pyarrow's CSV reader when it is installed (imported lazily), after collapsing
tabs and runs of spaces, and checked with numpy; small inputs, inputs the fast path does not
accept, and inputs with a problem are read line by line (:func:`parse_trec_slow`, the reference
behaviour), which names the first bad line.  The formats and frames are described in
:mod:`metrics.readers.io`.
"""

from __future__ import annotations

import csv
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ..errors import MetricsInputError, input_error
from ..limits import Limits, check_count, check_lines, check_queries, resolve
from ..messages import N_
from .columns import DictColumn, StrColumn, TrecColumns, column_codes, optional_pyarrow
from .fields import (
    QRELS_FIELDS,
    RUN_FIELDS,
    AtofScores,
    atof,
    looks_like_csv_header,
    parse_number,
    plain_score,
    quote,
    rank_or_zero,
    strict_score,
)
from .sources import BOM, _looks_like_path, check_utf8, load_bytes

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

#: Below this size the TREC readers parse line by line unless pyarrow is already imported
#: (importing it costs more than it saves on small inputs).
SMALL_INPUT = 256 * 1024


def read_qrels(source, name: str | None = None, *, max_bytes: int | None = None,
              limits: Limits | None = None) -> pd.DataFrame:
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
        ``max_bytes`` or over ``limits`` (:mod:`metrics.limits`).

    >>> read_qrels(b"q1 0 d1 2\\nq1 0 d2 0\\n").to_dict("list")
    {'query': ['q1', 'q1'], 'item': ['d1', 'd2'], 'rel': [2.0, 0.0]}
    """
    return read_qrels_columns(source, name, max_bytes=max_bytes, limits=limits).to_frame()


def read_run(source, name: str | None = None, *, max_bytes: int | None = None,
             limits: Limits | None = None) -> pd.DataFrame:
    """Read a TREC run (``qid Q0 docid rank score tag``).

    Returns
    -------
    pandas.DataFrame
        Columns ``query`` (str), ``item`` (str), ``score`` (float64), ``rank`` (int64), in file
        order.  Like trec_eval, fields after the sixth are ignored and any token is a rank: one
        that is not a decimal integer within int64 reads as 0.

    Raises
    ------
    MetricsInputError
        Empty input, a line with fewer than 6 fields, a score that is not a finite number, a
        document listed twice for one query (both lines named), invalid UTF-8, a CSV file, input
        over ``max_bytes`` or over ``limits`` (:mod:`metrics.limits`).

    >>> read_run(b"q1 Q0 d1 1 2.5 bm25\\n").to_dict("list")
    {'query': ['q1'], 'item': ['d1'], 'score': [2.5], 'rank': [1]}
    """
    return read_run_columns(source, name, max_bytes=max_bytes, limits=limits).to_frame()


def read_qrels_columns(source, name: str | None = None, *, max_bytes: int | None = None,
                       check_duplicates: bool = True, limits: Limits | None = None) -> TrecColumns:
    """:func:`read_qrels` as numpy columns (:class:`TrecColumns`), without importing pandas."""
    limits = resolve(limits, max_bytes)
    data, name = load_bytes(source, name, limits.bytes, "qrels", limits.lines)
    return _read_trec(data, name, "qrels", check_duplicates, limits, _path_of(source))


def read_run_columns(source, name: str | None = None, *, max_bytes: int | None = None,
                     check_duplicates: bool = True, limits: Limits | None = None, scores=None) -> TrecColumns:
    """:func:`read_run` as numpy columns (:class:`TrecColumns`), without importing pandas.  ``scores``: how a
    score token is read, ``(token, name, line) -> float`` (default :func:`~metrics.readers.fields.strict_score`;
    :class:`~metrics.readers.fields.AtofScores` reads as trec_eval)."""
    limits = resolve(limits, max_bytes)
    data, name = load_bytes(source, name, limits.bytes, "run", limits.lines)
    return _read_trec(data, name, "run", check_duplicates, limits, _path_of(source), scores)


def _path_of(source) -> Path | None:
    """The file ``source`` names, when it is a path (see :func:`~metrics.readers.sources.load_bytes`)."""
    if isinstance(source, os.PathLike) or (isinstance(source, str) and _looks_like_path(source)):
        return Path(source)
    return None


def reparse(raw: bytes | Path, kind: str, name: str) -> None:
    """Parse ``raw`` (bytes, or the file to read them from again) line by line: raises the first
    problem, naming its line (e.g. both lines of a duplicate).  Returns if there is none (or the
    file can no longer be read)."""
    if isinstance(raw, Path):
        try:
            raw, _ = load_bytes(raw, name, sys.maxsize, kind)
        except MetricsInputError:
            return
    parse_trec_slow(raw, kind, name)


def reraise_duplicate(columns: TrecColumns) -> None:
    """Re-read ``columns.raw`` (the columns came from a file) line by line: raises the precise duplicate (or
    other) error; nothing when the columns keep no raw input."""
    if columns.raw is not None:
        reparse(columns.raw, columns.kind, columns.source)


def _read_trec(data: bytes, name: str, kind: str, check_duplicates: bool, limits: Limits,
               path: Path | None = None, scores=None) -> TrecColumns:
    """Parse ``data`` (the fast path when it is worth it); ``path``, the file it came from, is kept
    instead of the bytes to name a duplicate's lines later (``raw``), so the bytes can be freed."""
    check_utf8(data, name)
    check_lines(data, name, limits)
    if len(data) < SMALL_INPUT and "pyarrow" not in sys.modules:
        return parse_trec_slow(data, kind, name, limits, check_duplicates, scores)
    columns = _parse_trec_fast(data, name, kind, scores)
    if columns is None:
        return parse_trec_slow(data, kind, name, limits, check_duplicates, scores)
    if check_duplicates:
        (qcodes,), _ = column_codes(columns.query)
        dcodes, nd = StrColumn.dense_codes(columns.item)
        keys = np.sort(qcodes * max(nd, 1) + dcodes)
        if len(keys) > 1 and bool((keys[1:] == keys[:-1]).any()):
            return parse_trec_slow(data, kind, name, limits, scores=scores)  # raises, naming both lines
    longest = max(columns.query.values.max_len(), columns.item.max_len())
    if longest > limits.id_bytes:
        return parse_trec_slow(data, kind, name, limits, scores=scores)  # raises, naming the line
    check_queries(columns.query.indices, name, limits)
    return TrecColumns(kind, name, columns.query, columns.item, columns.value, columns.rank,
                       check_duplicates, data if path is None else path)


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
    """A chunked pyarrow column of numbers as one numpy array (None if it has nulls)."""
    if column.null_count:
        return None
    parts = [np.frombuffer(arr.buffers()[1], dtype=dtype, count=len(arr), offset=arr.offset * np.dtype(dtype).itemsize)
             for arr in column.chunks]
    return parts[0] if len(parts) == 1 else np.concatenate(parts) if parts else np.zeros(0, dtype)


def _parse_trec_fast(data: bytes, name: str, kind: str, scores=None) -> TrecColumns | None:
    """pyarrow-based parse; None when anything looks wrong (the slow path then names the line).

    pyarrow splits on single spaces only: files with tabs or carriage returns are normalised
    first; runs of spaces or spaces at line ends show up as empty fields (or a field-count
    error), and then the input is normalised and parsed once more.  pyarrow wants as many fields
    on every line: a run whose lines have fields after the sixth is parsed once more with each
    line cut after its sixth field (trec_eval ignores the rest).
    """
    pa = optional_pyarrow()
    if pa is None or b"\x0b" in data or b"\x0c" in data:
        return None
    normalised = False
    if b"\t" in data or b"\r" in data:
        data, normalised = _normalise_whitespace(data), True
    while True:
        columns = _parse_arrow(pa, data, name, kind, scores) if data else None
        if columns is not None or normalised:
            break
        data, normalised = _normalise_whitespace(data), True
    if columns is None and kind == "run" and data:
        cut = _drop_extra_fields(data, 6)
        columns = _parse_arrow(pa, cut, name, kind, scores) if cut is not None else None
    return columns


def _drop_extra_fields(data: bytes, fields: int) -> bytes | None:
    """``data`` (fields separated by one space, none at line ends) with every line cut after its
    ``fields``-th field; None when no line has more.  In blocks of whole lines, so that the
    temporaries (a few bytes for each byte of a block) stay small."""
    pieces, changed, start = [], False, 0
    while start < len(data):
        newline = data.rfind(b"\n", start, start + _CUT_BLOCK)  # blocks of whole lines
        if newline < 0:  # a line longer than a block
            newline = data.find(b"\n", start + _CUT_BLOCK)
        end = newline + 1 if newline >= 0 else len(data)
        piece = _cut_lines(data[start:end], fields)
        changed |= piece is not None
        pieces.append(data[start:end] if piece is None else piece)
        start = end
    return b"".join(pieces) if changed else None


#: bytes per block of :func:`_drop_extra_fields`
_CUT_BLOCK = 1 << 22


def _cut_lines(block: bytes, fields: int) -> bytes | None:
    """:func:`_drop_extra_fields` on whole lines (None: no line has more than ``fields`` fields)."""
    codes = np.frombuffer(block, np.uint8)
    spaces = np.flatnonzero(codes == 32)
    ends = np.flatnonzero(codes == 10)
    if not len(ends) or ends[-1] != len(codes) - 1:
        ends = np.append(ends, len(codes))  # the last line, without a newline
    first = np.searchsorted(spaces, np.concatenate(([0], ends[:-1] + 1)))  # each line's first space
    long = np.flatnonzero(np.searchsorted(spaces, ends) - first >= fields)  # `fields` spaces or more
    if not len(long):
        return None
    inside = np.zeros(len(codes) + 1, np.int8)  # +1 from where a line's extra fields start to its end
    inside[spaces[first[long] + fields - 1]] = 1
    inside[ends[long]] = -1
    np.cumsum(inside, out=inside)
    return codes[inside[:-1] == 0].tobytes()


def _arrow_ranks(pa, column) -> np.ndarray | None:
    """The rank column as int64; read as text, each distinct text through :func:`rank_or_zero`
    (None if one is empty)."""
    if not pa.types.is_dictionary(column.type):
        return _arrow_numbers(column, np.int64)
    ranks = DictColumn.from_arrow(column)
    if _has_empty(ranks.values):
        return None  # an empty field: two spaces in a row
    lookup = np.array([rank_or_zero(text.encode("utf-8")) for text in ranks.values.to_list()], dtype=np.int64)
    return lookup[ranks.indices]


def parse_checked_run(data: bytes, name: str, scores=None) -> TrecColumns:
    """A run already read once without a problem (:mod:`metrics.readers.stream`'s second pass): only
    the query, item and score columns are converted (no rank, no checks); the full reader when the
    fast path does not take it."""
    pa = optional_pyarrow()
    if pa is not None and b"\x0b" not in data and b"\x0c" not in data and not data.startswith(BOM):
        if b"\t" in data or b"\r" in data or b"  " in data or b" \n" in data or b"\n " in data:
            data = _normalise_whitespace(data)
        types = {"q": pa.dictionary(pa.int32(), pa.string()), "x": pa.string(), "d": pa.large_string(),
                 "r": pa.string(), "v": pa.float64(), "t": pa.string()}
        try:
            table = _arrow_table(pa, data, types, include=["q", "d", "v"])
        except (pa.ArrowException, ValueError):
            table = None
        if table is not None:
            column, table = _pop(table, "d")
            item = StrColumn.from_arrow(column)
            column, table = _pop(table, "v")
            values = _arrow_numbers(column, np.float64)
            del column
            if values is not None:
                return TrecColumns("run", name, DictColumn.from_arrow(table.column("q")), item, values, None,
                                   False, None)
    columns = _read_trec(data, name, "run", False, resolve(None, 1 << 62), scores=scores)
    return replace(columns, raw=None)  # (a batch's lines: the stream names a duplicate's lines in the file)


def _arrow_table(pa, data: bytes, types: dict, include: list[str] | None = None):
    """``data`` read by pyarrow's CSV reader, one column per key of ``types`` (raises on a line with
    another number of fields or a field that does not convert).  For peak memory: one thread
    (each thread's allocations stay in its own arena, which the main thread's numpy arrays cannot
    reuse; a second thread saves little on a few hundred MB), and buffers from the system allocator
    (pyarrow's default pool keeps what it frees)."""
    import pyarrow.csv as pacsv

    return pacsv.read_csv(
        pa.BufferReader(data),
        read_options=pacsv.ReadOptions(column_names=list(types), block_size=1 << 22, use_threads=False),
        parse_options=pacsv.ParseOptions(delimiter=" ", quote_char=False, escape_char=False,
                                         double_quote=False, ignore_empty_lines=True),
        convert_options=pacsv.ConvertOptions(column_types=types, null_values=[], strings_can_be_null=False,
                                             check_utf8=True, include_columns=include),
        memory_pool=pa.system_memory_pool())


def _parse_arrow(pa, data: bytes, name: str, kind: str, scores=None) -> TrecColumns | None:
    if data.startswith(BOM):
        return None  # pyarrow drops a byte order mark here; the line-by-line parse keeps it in the qid
    string, coded = pa.large_string(), pa.dictionary(pa.int32(), pa.string())  # "x" and "t": pa.string()
    if kind == "run":
        # pyarrow reads 0x10 as the integer 16: with an 0x anywhere, ranks are read as text
        hexadecimal = (b"x" in data or b"X" in data) and (b"0x" in data or b"0X" in data)  # one byte is found faster
        rank_type = coded if hexadecimal else pa.int64()
        types = {"q": coded, "x": pa.string(), "d": string, "r": rank_type, "v": pa.float64(), "t": pa.string()}
    else:
        types = {"q": coded, "x": pa.string(), "d": string, "v": pa.float64()}
    read_atof = isinstance(scores, (AtofScores, _TextScores))
    if isinstance(scores, _TextScores) and kind == "run":
        types["v"] = coded
    table = None
    while table is None:
        try:
            table = _arrow_table(pa, data, types)
        except (pa.ArrowException, ValueError) as error:
            # a rank that is not an integer (trec_eval accepts any), a score atof reads: read as text
            key = "r" if "column #3:" in str(error) else "v" if "column #4:" in str(error) and read_atof else None
            if kind != "run" or key is None or types[key] == coded:
                return None
            types[key] = coded
    try:
        for key in ("x", "t"):  # an empty field (two spaces in a row, a space at a line's end): refused
            column, table = _pop(table, key) if key in types else (None, table)
            if column is not None and any(_has_empty(StrColumn.from_arrow(chunk)) for chunk in column.chunks):
                return None
        # each column is taken out of the table as it is converted, so that its buffers go then
        # (the conversion of a column read in several blocks is a copy: peak memory)
        column, table = _pop(table, "d")
        item = StrColumn.from_arrow(column)
        if not len(item) or _has_empty(item):
            return None
        column, table = _pop(table, "v")
        if read_atof and types["v"] == coded:
            values = _atof_column(column, data, name, scores)
        else:
            values = _arrow_numbers(column, np.float64)
            if values is not None and read_atof and not np.isfinite(values).all():
                return _parse_arrow(pa, data, name, kind, _TextScores(scores))  # the tokens, to name the first
        if values is None or not np.isfinite(values).all() and not read_atof:
            return None
        rank = None
        if kind == "run":
            column, table = _pop(table, "r")
            rank = _arrow_ranks(pa, column)
            if rank is None:
                return None
        del column
        query = DictColumn.from_arrow(table.column("q"))
        if _has_empty(query.values):
            return None
    except (ValueError, pa.ArrowException):
        return None
    return TrecColumns(kind, name, query, item, values, rank, False, None)


class _TextScores:
    """:func:`_parse_arrow`'s marker: read the scores as text (then :func:`_atof_column`), for ``scores``."""

    def __init__(self, scores: AtofScores):
        self.scores = scores


def _atof_column(column, data: bytes, name: str, scores) -> np.ndarray | None:
    """A score column read as text, each distinct token through :func:`~metrics.readers.fields.atof`; the
    first token that is not a plain finite number is given to ``scores`` with its line in ``data``."""
    scores = scores.scores if isinstance(scores, _TextScores) else scores
    tokens = DictColumn.from_arrow(column)
    texts = [text.encode("utf-8") for text in tokens.values.to_list()]
    plain = [plain_score(text) for text in texts]
    lookup = np.array([atof(text) if value is None else value for text, value in zip(texts, plain)], np.float64)
    odd = np.array([value is None for value in plain], bool)[tokens.indices]
    if odd.any():
        row = int(np.argmax(odd))
        codes = np.frombuffer(data, np.uint8)
        ends = np.flatnonzero(codes == 10)
        starts = np.concatenate(([0], ends + 1))
        ends = np.append(ends, len(codes))
        line = int(np.flatnonzero(ends > starts)[row])  # the row-th non-empty line (whitespace is normalised)
        if row == 0 and b"," in data[starts[line]:ends[line]]:
            return None  # a CSV header: the line-by-line reader refuses it
        scores(texts[int(tokens.indices[row])], name, line + 1)
    return lookup[tokens.indices]


def _pop(table, name: str):
    """The column ``name`` of a pyarrow table, and the table without it."""
    return table.column(name), table.drop_columns([name])


def _has_empty(strings: StrColumn) -> bool:
    """Whether a column holds an empty string."""
    return bool(len(strings)) and int(strings.lengths().min()) == 0


#: a line without the right number of fields: the messages (see _field_error)
FIELD_PROBLEMS = {
    "csv": N_("looks like CSV ({cells} comma-separated cells); expected {label} lines '{spec}' ({want} fields "
              "separated by spaces or tabs); use read_csv for CSV"),
    "csv_header": N_("looks like a CSV header ({header}); expected {label} lines '{spec}' ({want} fields separated "
                     "by spaces or tabs); use read_csv for CSV"),
    "count": N_("expected {want} fields ({spec}), got {got}"),
    "run_not_qrels": N_("expected {want} fields ({spec}), got {got}; this looks like a TREC run, not qrels"),
    "qrels_not_run": N_("expected {want} fields ({spec}), got {got}; this looks like TREC qrels, not a run"),
}


#: a (query, document) pair on two lines, by kind of file
LISTED_TWICE = {
    "run": N_("document {item} listed twice for query {query} (lines {earlier} and {lineno})"),
    "qrels": N_("judgement for document {item} listed twice for query {query} (lines {earlier} and {lineno})"),
}


def _csv_cells(raw: bytes) -> int:
    """The cells of a comma-separated line (quotes respected when the csv module reads the line)."""
    try:
        return len(next(csv.reader([raw.decode("utf-8", "replace")])))
    except csv.Error:  # a carriage return inside the line, a cell over csv's field limit
        return raw.count(b",") + 1


def _field_error(parts: list[bytes], raw: bytes, kind: str, first: bool, name: str, lineno: int) -> MetricsInputError:
    want, spec = (6, RUN_FIELDS) if kind == "run" else (4, QRELS_FIELDS)
    label = "TREC run" if kind == "run" else "TREC qrels"
    got = len(parts)
    fields = {"want": want, "spec": spec, "label": label}
    if b"," in raw:
        return input_error(FIELD_PROBLEMS["csv"], name, lineno, cells=_csv_cells(raw), **fields)
    if first and looks_like_csv_header(raw):
        header = ", ".join(p.decode("utf-8", "replace") for p in parts)
        return input_error(FIELD_PROBLEMS["csv_header"], name, lineno, header=header, **fields)
    why = "count"
    if kind == "qrels" and got == 6:
        why = "run_not_qrels"
    elif kind == "run" and got == 4 and parts[1].upper() != b"Q0":
        why = "qrels_not_run"
    return input_error(FIELD_PROBLEMS[why], name, lineno, got=got, want=want, spec=spec)


def _parse_trec_line(parts: list[bytes], raw: bytes, kind: str, name: str, lineno: int,
                     first: bool, scores=strict_score) -> tuple[float, int]:
    """(grade or score, rank) of one non-empty line, or MetricsInputError naming the line.  A run
    line may have fields after the sixth (trec_eval ignores them), a qrels line may not (trec_eval
    refuses it)."""
    want = 6 if kind == "run" else 4
    if len(parts) != want and not (kind == "run" and len(parts) > want):
        raise _field_error(parts, raw, kind, first, name, lineno)
    if kind == "qrels":
        return parse_number(parts[3], "grade", name, lineno), 0
    return scores(parts[4], name, lineno), rank_or_zero(parts[3])


def parse_trec_slow(data: bytes, kind: str, name: str, limits: Limits | None = None,
                    check_duplicates: bool = True, scores=None) -> TrecColumns:
    """Line-by-line parse: the reference behaviour, used to find and name the first bad line.  An
    item listed twice for one query is refused unless ``check_duplicates`` is False (the same answer
    as the fast path, whichever of the two is taken)."""
    check_utf8(data, name)
    limits = resolve(limits)
    scores = scores or strict_score
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
            value, rank = _parse_trec_line(parts, raw, kind, name, lineno, first, scores)
        except MetricsInputError:
            if first and b"," in raw:  # a CSV, perhaps with spaces after the commas
                raise _field_error(parts, raw, kind, True, name, lineno) from None
            raise
        if first and kind == "run" and b"," in raw and plain_score(parts[4]) is None:
            raise _field_error(parts, raw, kind, True, name, lineno)  # a CSV header, even where atof reads it
        first = False
        query, item = parts[0], parts[2]
        if len(query) > limits.id_bytes or len(item) > limits.id_bytes:
            check_count(max(len(query), len(item)), limits.id_bytes, "bytes in one id", name, lineno, limits=limits)
        earlier = seen.setdefault((query, item), lineno) if check_duplicates else lineno
        if earlier != lineno:
            raise input_error(LISTED_TWICE[kind], name, lineno, item=quote(item.decode()), query=quote(query.decode()),
                              earlier=earlier, lineno=lineno)
        queries.append(query)
        items.append(item)
        values.append(value)
        ranks.append(rank)
    if not queries:
        label = "run" if kind == "run" else "qrels"
        spec = RUN_FIELDS if kind == "run" else QRELS_FIELDS
        raise input_error(N_("empty file: no {label} lines ('{spec}')"), name, label=label, spec=spec)
    columns = TrecColumns(kind, name, DictColumn.from_tokens(queries), StrColumn.from_tokens(items),
                          np.array(values, dtype=np.float64),
                          np.array(ranks, dtype=np.int64) if kind == "run" else None, check_duplicates, data)
    check_queries(columns.query.indices, name, limits)
    return columns

