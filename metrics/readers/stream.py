"""A TREC run of any size in bounded memory: an index of byte offsets, then a batch of queries at a time.

trec_eval reads the whole run, sorts it by query and evaluates the queries in that order; a run is
usually grouped by query (each query's lines together) but in any query order.  Two passes over a
seekable file give the same answer without holding the run:

1. :func:`index_run` reads the run in blocks of whole lines (:data:`BLOCK` bytes), parses and checks
   each block in full with the TREC reader (the same messages as :func:`~metrics.readers.trec.read_run`,
   lines numbered in the file: every problem is found before anything is printed, as trec_eval does),
   and keeps only an index: each *segment* (consecutive lines of one query) as its query, first byte and
   end byte, and each query's row count.  A grouped run has one segment a query; an ungrouped one up to
   one a line, 20 bytes each (at most ``limits.segments``; ``limits.items`` rows for one query).
2. :meth:`RunIndex.batches` takes the queries in the order asked, reads their segments back (seek and
   read, file order within a query), and parses them in batches of about :data:`BATCH` bytes of whole
   queries.

A run that cannot be read twice (stdin, a pipe, a device) or that must be transformed first (gzip;
trec_eval 10.0's comment lines) is copied, transformed, into a temporary file during the first pass (on
disk: ``tempfile``'s folder) and read back from there.  Memory: one block, one batch, the index.  A
NUL byte in a stream (``/dev/zero``, ``/dev/urandom``) stops the reading at once: binary data, not text.
"""

from __future__ import annotations

import gzip
import io
import os
import re
import stat
import tempfile
import zlib
from dataclasses import dataclass, replace

import numpy as np

from ..errors import MetricsInputError, input_error
from ..limits import Limits, check_count
from ..messages import N_
from .chunks import GZIP_MAGIC, read_chunks, refuse_binary
from .columns import TrecColumns
from .fields import RUN_FIELDS
from .sources import BOM, MAX_BYTES, _check_size
from .trec import _read_trec, parse_checked_run

#: bytes read at a time by the first pass (whole lines: a block ends at its last newline)
BLOCK = 4 << 20
#: bytes of run lines parsed and evaluated together in the second pass (whole queries)
BATCH = 4 << 20
#: ASCII whitespace as bytes.split() splits on it (a line of only these is skipped)
_SPACE = b" \t\r\x0b\x0c"
#: a byte that is not whitespace: a block with one holds data
_DATA = re.compile(rb"[^ \t\r\n\x0b\x0c]")


def read_stream(handle, name: str, limits: Limits) -> bytes:
    """:func:`read_chunks` within ``limits`` (bytes and lines), the size checked."""
    limit = MAX_BYTES if limits.bytes is None else limits.bytes
    data = read_chunks(handle, name, limit, limits.lines)
    _check_size(len(data), limit, name)
    return data


@dataclass
class RunIndex:
    """Where each query's lines are in a run file (see the module docstring)."""

    path: str               #: the file read back (the run itself, or the temporary copy)
    name: str               #: the run's name in messages
    names: list[str]        #: query ids, by code
    segment_query: np.ndarray  #: int32 query code of each segment
    segment_start: np.ndarray  #: int64 first byte of each segment
    segment_end: np.ndarray    #: int64 end byte of each segment
    rows: np.ndarray        #: int64 rows of each query
    limits: Limits
    temporary: bool = False
    scores: object = None   #: how a score token is read (see :func:`~metrics.readers.trec.read_run_columns`)

    def close(self) -> None:
        """Remove the temporary copy, if any."""
        if self.temporary:
            try:
                os.unlink(self.path)
            except OSError:
                pass
            self.temporary = False

    def item_lines(self, query: str, item: str) -> list[int]:
        """The lines (1-based, in the file read back: the run's own lines) where ``query``'s lines list
        ``item``, in file order: to name both lines of a duplicate found in a batch (an error's path: the
        query's segments are read again and the newlines before them counted, a block at a time)."""
        code = self.names.index(query)
        wanted, offsets = (query.encode("utf-8"), item.encode("utf-8")), []
        with open(self.path, "rb") as handle:
            for start, end in zip(self.segment_start[self.segment_query == code].tolist(),
                                  self.segment_end[self.segment_query == code].tolist()):
                handle.seek(start)
                at = start
                for raw in handle.read(end - start).split(b"\n"):
                    parts = (raw[len(BOM):] if at == 0 and raw.startswith(BOM) else raw).split()
                    if len(parts) >= 3 and (parts[0], parts[2]) == wanted:
                        offsets.append(at)
                    at += len(raw) + 1
            handle.seek(0)
            lines, line, position = [], 1, 0
            for offset in offsets:
                while position < offset:
                    block = handle.read(min(BLOCK, offset - position))
                    if not block:
                        break
                    line += block.count(b"\n")
                    position += len(block)
                lines.append(line)
        return lines

    def batches(self, names: list[str], batch_bytes: int | None = None):
        """(query names, :class:`TrecColumns` of their rows) for ``names`` (known to the run) in that
        order, in batches of whole queries of about ``batch_bytes`` (default :data:`BATCH`) bytes of lines."""
        batch_bytes = BATCH if batch_bytes is None else batch_bytes
        code_of = {name: code for code, name in enumerate(self.names)}
        position = np.full(len(self.names), -1, np.int64)
        position[[code_of[name] for name in names]] = np.arange(len(names))
        wanted = np.flatnonzero(position[self.segment_query] >= 0)
        if not len(wanted):
            return
        order = wanted[np.lexsort((self.segment_start[wanted], position[self.segment_query[wanted]]))]
        starts, ends = self.segment_start[order], self.segment_end[order]
        query_position = position[self.segment_query[order]]
        # the batches: cut where a query ends and the bytes so far reach batch_bytes
        last_of_query = np.append(query_position[1:] != query_position[:-1], True)
        cumulative = np.cumsum(ends - starts)
        cuts, done = [], 0
        for at in np.flatnonzero(last_of_query).tolist():
            if cumulative[at] - done >= batch_bytes:
                cuts.append(at + 1)
                done = int(cumulative[at])
        if not cuts or cuts[-1] != len(order):
            cuts.append(len(order))
        with open(self.path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            whole_lines = size > 0 and _last_byte(handle, size) == b"\n"
            first = 0
            for cut in cuts:
                if whole_lines and cut - first > SCATTERED:
                    data = _gather(handle, starts[first:cut], ends[first:cut])  # many short segments
                else:
                    data = _read_segments(handle, starts[first:cut], ends[first:cut])
                batch_names = names[int(query_position[first]):int(query_position[cut - 1]) + 1]
                columns = parse_checked_run(data, self.name, self.scores)
                del data
                first = cut
                yield batch_names, columns


def whole_source(path: str, name: str, limits: Limits, stdin=None):
    """A file named on a command line, to be read whole (the qrels): the path itself when it is a regular
    file (its reader keeps the path, not a copy of the bytes), else its bytes read once -- ``-`` (``stdin``,
    default ``sys.stdin.buffer``), a pipe, a device -- within ``limits`` (a NUL byte refused at once).
    Raises OSError when the file cannot be opened."""
    if path == "-":
        return read_stream(stdin if stdin is not None else _stdin(), name, limits)
    with open(path, "rb") as handle:
        return path if stat.S_ISREG(os.fstat(handle.fileno()).st_mode) else read_stream(handle, name, limits)


def index_path(path: str, name: str, limits: Limits, stdin=None, *, comments: bool = False,
               bom: bool = False, scores=None) -> RunIndex:
    """:func:`index_run` of the run a command line names (``-``: ``stdin``, default ``sys.stdin.buffer``),
    read once whatever it is (a file, a pipe, a device).  Raises OSError when it cannot be opened."""
    if path == "-":
        return index_run(stdin if stdin is not None else _stdin(), name, limits, comments=comments, bom=bom,
                         scores=scores)
    with open(path, "rb") as handle:
        return index_run(handle, name, limits, path=path, comments=comments, bom=bom, scores=scores)


def _stdin():
    import sys

    return sys.stdin.buffer


#: segments in a batch above which they are gathered from a memory map (an ungrouped run: a segment a line or
#: so) rather than read one by one
SCATTERED = 2000


def _last_byte(handle, size: int) -> bytes:
    handle.seek(size - 1)
    return handle.read(1)


def _read_segments(handle, starts: np.ndarray, ends: np.ndarray) -> bytes:
    """The bytes of the segments ``starts``/``ends`` in that order, each read (adjacent ones at once), each
    ending with a newline."""
    pieces, at, cut = [], 0, len(starts)
    while at < cut:
        stop = at + 1
        while stop < cut and starts[stop] == ends[stop - 1]:
            stop += 1
        handle.seek(int(starts[at]))
        piece = handle.read(int(ends[stop - 1] - starts[at]))
        pieces.append(piece if piece.endswith(b"\n") else piece + b"\n")
        at = stop
    return b"".join(pieces)


def _gather(handle, starts: np.ndarray, ends: np.ndarray) -> bytes:
    """:func:`_read_segments` of a file that ends with a newline, gathered with numpy from a read-only memory
    map (its pages dropped afterwards: the resident set does not keep them)."""
    import mmap

    pieces, index = [], None
    with mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) as mapped:
        buffer = np.frombuffer(mapped, np.uint8)
        lengths = ends - starts
        offsets = np.concatenate(([0], np.cumsum(lengths)))
        # a group of segments at a time (about 256 KiB): the byte index (8 bytes a byte) stays small
        bounds = np.unique(np.concatenate((np.searchsorted(offsets, np.arange(0, offsets[-1], 1 << 18)),
                                           [len(starts)])))
        for low, high in zip(bounds[:-1].tolist(), bounds[1:].tolist()):
            if low == high:
                continue
            base = offsets[low:high + 1] - offsets[low]
            index = np.repeat(starts[low:high] - base[:-1], lengths[low:high]) + np.arange(int(base[-1]))
            pieces.append(buffer[index].tobytes())
        del buffer, index
        if hasattr(mapped, "madvise") and hasattr(mmap, "MADV_DONTNEED"):
            mapped.madvise(mmap.MADV_DONTNEED)
    return b"".join(pieces)


def index_run(handle, name: str, limits: Limits, *, path: str | None = None, comments: bool = False,
              bom: bool = False, scores=None) -> RunIndex:
    """Pass 1 over the run open as ``handle`` (binary; ``path``: the file it is, read back in pass 2 when
    it is a regular one): see the module docstring.  ``comments``: trec_eval 10.0's comment lines are
    dropped (:func:`drop_comment_lines`).  ``bom``: a byte order mark at the start is dropped and a second one
    refused, as :func:`~metrics.readers.sources.load_bytes` does (trec_eval keeps it in the first query id).
    ``scores``: how a score token is read (see :func:`~metrics.readers.trec.read_run_columns`)."""
    regular = path is not None and stat.S_ISREG(os.fstat(handle.fileno()).st_mode)
    spool = None
    gzipped = False
    try:
        handle = _peekable(handle)
        gzipped = handle.peek(2)[:2] == GZIP_MAGIC
        if gzipped:
            handle = gzip.GzipFile(fileobj=handle)
        if comments and regular and not gzipped:
            comments = _has_comment_lines(path)
        if not regular or gzipped or comments:
            spool = tempfile.NamedTemporaryFile(prefix="metrics-run-", suffix=".txt", delete=False)
        index = _index(handle, name, limits, spool, comments, not regular and not gzipped, bom, scores)
    except (OSError, EOFError, zlib.error) as error:
        _discard(spool)
        if gzipped:
            raise input_error(N_("not a valid gzip file: {reason}"), name, reason=str(error)) from None
        raise input_error(N_("cannot read file: {reason}"), name,
                          reason=getattr(error, "strerror", None) or error) from None
    except BaseException:
        _discard(spool)
        raise
    if spool is not None:
        spool.close()
        return RunIndex(spool.name, name, *index, limits, temporary=True, scores=scores)
    return RunIndex(path, name, *index, limits, scores=scores)


def _discard(spool) -> None:
    if spool is not None:
        spool.close()
        os.unlink(spool.name)


def _peekable(handle):
    """``handle``, or a buffered reader over it: the first bytes can then be looked at and read again."""
    return handle if hasattr(handle, "peek") else io.BufferedReader(handle)


def _has_comment_lines(path: str) -> bool:
    with open(path, "rb") as handle:
        previous = b"\n"
        while block := handle.read(BLOCK):
            if (previous == b"\n" and block.startswith(b"#")) or b"\n#" in block:
                return True
            previous = block[-1:]
    return False


def drop_comment_lines(block: bytes, skipped: bool) -> tuple[bytes, bool]:
    """trec_eval 10.0's comment lines dropped from whole lines ``block``: a line starting with ``#`` is
    skipped, but the line right after a skipped one is data whatever it starts with (10.0 skips one line,
    then parses).  ``skipped``: whether the line before the block was skipped; returns the new state."""
    if not (block.startswith(b"#") or b"\n#" in block):
        return block, False if block.strip(b"\n") or not skipped else skipped
    kept = []
    lines = block.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    for line in lines:
        skipped = line.startswith(b"#") and not skipped
        if not skipped:
            kept.append(line)
    return b"".join(line + b"\n" for line in kept), skipped


def _index(handle, name: str, limits: Limits, spool, comments: bool, check_binary: bool, bom: bool = False,
           scores=None):
    block_limits = replace(limits, lines=1 << 62, queries=1 << 62, items=1 << 62)
    code_of: dict[str, int] = {}
    names: list[str] = []
    rows = np.zeros(0, np.int64)
    seg_query, seg_start, seg_end = [], [], []  # lists of arrays, one per block
    last_query, offset, line, skipped = -1, 0, 1, False
    carry = b""
    total_segments = 0
    eof = False
    while not eof:
        chunk = handle.read(BLOCK)
        eof = not chunk
        if check_binary and chunk:
            refuse_binary(chunk, name, line + carry.count(b"\n"))
        data = carry + chunk
        if bom and data.startswith(BOM):  # (the first block: offsets in the file count the mark, a copy's do not)
            data = data[len(BOM):]
            offset = 0 if spool is not None else len(BOM)
            if data.startswith(BOM):
                raise input_error(N_("two byte order marks at the start; save the file as UTF-8 with at most one"), name, 1)
        bom = False
        cut = len(data) if eof else data.rfind(b"\n") + 1
        if cut == 0:
            if len(data) > limits.line_bytes:
                check_count(len(data), limits.line_bytes, "bytes in one line", name, line, limits=limits)
            carry = data
            continue
        block, carry = data[:cut], data[cut:]
        del data
        if comments:
            block, skipped = drop_comment_lines(block, skipped)
        if spool is not None:
            spool.write(block)
        newlines = np.flatnonzero(np.frombuffer(block, np.uint8) == 10)
        if _DATA.search(block):
            if hasattr(scores, "line_offset"):
                scores.line_offset = line - 1  # (lines of a block counted from the file's start)
            try:
                columns = _read_trec(block, name, "run", False, block_limits, scores=scores)
            except MetricsInputError as error:
                raise _shifted(error, line - 1) from None
            starts = _row_starts(block, newlines, len(columns))
            codes = _global_codes(columns, code_of, names)
            del columns
            if len(rows) < len(names):
                rows = np.concatenate((rows, np.zeros(len(names) - len(rows), np.int64)))
            rows += np.bincount(codes, minlength=len(names))
            check_count(int(rows.max()), limits.items, "rows for one query", name, limits=limits)
            check_count(len(names), limits.queries, "queries in one input", name, limits=limits)
            new = np.flatnonzero(np.concatenate(([codes[0] != last_query], codes[1:] != codes[:-1])))
            begins = starts[new] + offset
            if seg_end:  # the last segment so far ends where this block's first one begins
                seg_end[-1][-1] = begins[0] if len(new) else offset + len(block)
            if len(new):
                seg_query.append(codes[new].astype(np.int32))
                seg_start.append(begins.astype(np.int64))
                seg_end.append(np.append(begins[1:], offset + len(block)).astype(np.int64))
                total_segments += len(new)
                check_count(total_segments, limits.segments, "runs of one query's lines", name, limits=limits)
            last_query = int(codes[-1])
        elif seg_end:
            seg_end[-1][-1] = offset + len(block)
        line += len(newlines)
        offset += len(block)
    if not names:
        raise input_error(N_("empty file: no {label} lines ('{spec}')"), name, label="run", spec=RUN_FIELDS)
    return names, np.concatenate(seg_query), np.concatenate(seg_start), np.concatenate(seg_end), rows


def _shifted(error: MetricsInputError, lines: int) -> MetricsInputError:
    """``error`` with its line number counted from the file's start (the block started after ``lines``)."""
    if error.line is None or not lines:
        return error
    return MetricsInputError(error.problem, error.source, error.line + lines, template=error.template,
                             fields=error.fields, words=error.words)


def _row_starts(block: bytes, newlines: np.ndarray, count: int) -> np.ndarray:
    """The first byte of each of the ``count`` data lines of ``block`` (whole lines, its newlines at
    ``newlines``; a line of only whitespace is not data)."""
    codes = np.frombuffer(block, np.uint8)
    starts = np.concatenate(([0], newlines[:-1] + 1)) if len(newlines) else np.zeros(1, np.int64)
    if len(newlines) and newlines[-1] != len(codes) - 1:
        starts = np.append(starts, newlines[-1] + 1)
    if len(starts) == count:
        return starts
    ends = np.append(newlines, len(codes))[:len(starts)]
    filled = np.flatnonzero(ends > starts)
    if len(filled) == count and all(block[s:e].strip(_SPACE) for s, e in _pairs(starts, ends, filled)):
        return starts[filled]
    keep = [i for i in filled.tolist() if block[starts[i]:ends[i]].strip(_SPACE)]
    if len(keep) != count:  # pragma: no cover - the reader's rows are the non-blank lines
        raise RuntimeError(f"{count} rows parsed from {len(keep)} lines")
    return starts[keep]


def _pairs(starts, ends, rows):
    return zip(starts[rows].tolist(), ends[rows].tolist())


def _global_codes(columns: TrecColumns, code_of: dict, names: list) -> np.ndarray:
    """The block's query codes as codes over the whole run (new query ids appended to ``names``)."""
    query = columns.query
    values = query.values.to_list()
    lookup = np.empty(len(values), np.int64)
    for local, value in enumerate(values):
        code = code_of.get(value)
        if code is None:
            code = code_of[value] = len(names)
            names.append(value)
        lookup[local] = code
    return lookup[query.indices]
