"""The readers' limits: how much one input may hold, checked before any expensive work.

:data:`DEFAULT` holds the limits of the command line and the Python API; :data:`APP` the
stricter ones the Streamlit app passes to the readers (``limits=APP``).  Every reader takes
``limits=`` (a :class:`Limits`); each check raises :class:`~metrics.errors.MetricsInputError`
saying what the limit is and where a larger job belongs.

>>> from metrics import MetricsInputError
>>> try:
...     check_count(12, 10, "queries in one input", "run.txt", limits=APP)
... except MetricsInputError as error:
...     print(error)
run.txt: 12 queries in one input, over the limit of 10 (limits.queries); larger inputs belong on the command line: python -m metrics evaluate QRELS RUN
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace

import numpy as np

from .errors import input_error
from .messages import N_

#: Largest cut-off ``k`` of the single-list functions (``as_k``): a step table has one row per
#: rank up to k (P@k divides by k past the list), so k bounds the work.
MAX_K = 100_000

#: Largest magnitude of a measure's numeric parameter (a gain, a utility coefficient, a multiple of R):
#: a query's value multiplies it by counts below 2**63 and the mean sums a value a query, so values
#: up to 1e100 stay far from a double's overflow (1.8e308), where nan and inf would come out instead.
MAX_PARAMETER = 1e100

#: Where a larger job belongs, by the limits in force (a word of the templates below).
TO_THE_CLI = N_("larger inputs belong on the command line: python -m metrics evaluate QRELS RUN")
TO_LIMITS = N_("pass limits=metrics.limits.Limits(...) with a larger value to go further")
TO_THE_API = "a larger job: the Python API with limits=metrics.limits.Limits(...)"


@dataclass(frozen=True)
class Limits:
    """How much one input may hold (each field: the largest accepted value)."""

    bytes: int | None = None        #: input size (None: metrics.readers.sources.MAX_BYTES, 256 MiB); held in memory
    lines: int = 20_000_000         #: lines of one input held in memory (TREC, CSV, pasted text)
    segments: int = 20_000_000      #: a streamed run's runs of one query's lines (its index: 20 bytes each)
    queries: int = 1_000_000        #: distinct queries of one input
    items: int = 1_000_000          #: rows of one query (one ranking or its judgements)
    line_bytes: int = 4 * 1024 * 1024  #: one line (TREC, CSV, pasted text); JSON may be one line
    id_bytes: int = 1024 * 1024     #: one query or item id (UTF-8 bytes)
    json_depth: int = 32            #: nesting of JSON arrays and objects (the formats need 3)
    digits: int = 1000              #: characters of one JSON number (Python's int() is quadratic)
    hint: str = TO_LIMITS           #: where a larger job belongs (a word of the messages)

    def with_bytes(self, max_bytes: int | None) -> Limits:
        """These limits, with ``bytes`` replaced when ``max_bytes`` is given."""
        return self if max_bytes is None else replace(self, bytes=int(max_bytes))


#: The command line and the Python API.
DEFAULT = Limits()
#: No limit (the command line's input size).
UNLIMITED = 1 << 62
#: The command line: any input size.  ``python -m metrics trec_eval`` streams the run
#: (:mod:`metrics.readers.stream`: no limit on its lines; one query at most ``items`` rows, the index at
#: most ``segments``); qrels, and ``evaluate``'s inputs, are held in memory, at most ``lines`` lines.
CLI = Limits(bytes=UNLIMITED, hint=TO_THE_API)
#: The app: an upload of 20 MiB, a ranking the board can show, ids a person can read.
APP = Limits(bytes=20 * 1024 * 1024, lines=2_000_000, queries=20_000, items=10_000, line_bytes=64 * 1024,
             id_bytes=4 * 1024, hint=TO_THE_CLI)


def resolve(limits: Limits | None, max_bytes: int | None = None) -> Limits:
    """``limits`` (default :data:`DEFAULT`) with ``max_bytes`` applied."""
    return (DEFAULT if limits is None else limits).with_bytes(max_bytes)


def check_count(count: int, limit: int, what: str, source: str | None, line: int | None = None, *,
                limits: Limits = DEFAULT) -> None:
    """Raise when ``count`` of ``what`` (a key of :data:`FIELD_OF`) is over ``limit``."""
    if count > limit:
        raise input_error(N_("{count:,} {what}, over the limit of {limit:,} ({field}); {hint}"), source, line,
                          words=("what", "hint"), count=count, what=what, limit=limit, field=f"limits.{FIELD_OF[what]}", hint=limits.hint)


#: the words of :data:`OVER` ({what}) and the Limits field each one checks
FIELD_OF = {N_("lines"): "lines", N_("bytes in one line"): "line_bytes", N_("queries in one input"): "queries",
            N_("rows for one query"): "items", N_("bytes in one id"): "id_bytes",
            N_("levels of JSON nesting"): "json_depth", N_("characters in one number"): "digits",
            N_("runs of one query's lines"): "segments"}


def check_lines(data: bytes, source: str, limits: Limits) -> None:
    """The line count and the longest line of a line-based input (no copy of the lines)."""
    newlines = data.count(b"\n")
    check_count(newlines + 1 if data and not data.endswith(b"\n") else newlines, limits.lines, "lines", source,
                limits=limits)
    start, width = 0, limits.line_bytes
    while len(data) - start > width:  # the last newline within reach of the line that starts here
        last = data.rfind(b"\n", start, start + width + 1)
        if last < 0:
            end = data.find(b"\n", start)
            check_count((len(data) if end < 0 else end) - start, width, "bytes in one line", source,
                        data.count(b"\n", 0, start) + 1, limits=limits)
        start = last + 1


def check_id(text: str, source: str, line: int | None, limits: Limits) -> None:
    """One query or item id's length in UTF-8 bytes."""
    if len(text) * 4 > limits.id_bytes:  # UTF-8 takes at most 4 bytes a character
        check_count(len(text.encode("utf-8", "surrogatepass")), limits.id_bytes, "bytes in one id", source, line,
                    limits=limits)


def check_queries(query_codes, source: str, limits: Limits) -> None:
    """Distinct queries and the rows of the largest query, from integer query codes (or ids)."""
    if not len(query_codes):
        return
    if isinstance(query_codes, np.ndarray):
        sizes = np.bincount(query_codes)
        sizes = sizes[sizes > 0]
    else:
        sizes = np.fromiter(Counter(query_codes).values(), np.int64)
    check_count(len(sizes), limits.queries, "queries in one input", source, limits=limits)
    check_count(int(sizes.max()), limits.items, "rows for one query", source, limits=limits)


def check_number(text: str, source: str, whole: str, limits: Limits) -> str:
    """A JSON number's length (``whole``: the document, to find its line); returns ``text``."""
    if len(text) > limits.digits:
        line = whole.count("\n", 0, max(whole.find(text), 0)) + 1
        check_count(len(text), limits.digits, "characters in one number", source, line, limits=limits)
    return text


def check_json_depth(text: str, source: str, limits: Limits) -> None:
    """The nesting of ``[`` and ``{`` outside strings, before the JSON is parsed."""
    if text.count("[") + text.count("{") <= limits.json_depth:
        return
    bare = re.sub(r'"(?:[^"\\]|\\.)*"', "", text)
    codes = np.frombuffer(bare.encode("utf-8"), np.uint8)
    steps = np.isin(codes, (91, 123)).astype(np.int64) - np.isin(codes, (93, 125))
    depth = np.cumsum(steps)
    if len(depth) and int(depth.max()) > limits.json_depth:
        at = int(depth.argmax())
        line = bare.encode("utf-8").count(b"\n", 0, at) + 1
        check_count(int(depth.max()), limits.json_depth, "levels of JSON nesting", source, line, limits=limits)
