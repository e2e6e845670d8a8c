"""What the readers' fields hold: field and column names, and numbers in text.

Shared by the TREC readers (:mod:`metrics.readers.trec`), the CSV, JSON and pasted-text readers
(:mod:`metrics.readers.tables`) and format sniffing (:func:`metrics.readers.io.load`): the TREC field lists, the
CSV column aliases, the number patterns and :func:`parse_number`, whose errors say why a token is
not a finite number.
"""

from __future__ import annotations

import math
import re

from .._validate import _short as quote
from ..errors import input_error
from ..messages import N_

#: Query id given to inputs that name no query (CSV without a query column, pasted text, lists).
DEFAULT_QUERY = "q1"

QRELS_FIELDS = "qid iter docid rel"
RUN_FIELDS = "qid Q0 docid rank score tag"

#: canonical CSV column -> accepted header names (compared lower-cased, spaces/hyphens as "_")
CSV_COLUMNS: dict[str, tuple[str, ...]] = {
    "query": ("query", "qid", "query_id", "q_id", "user", "user_id", "topic"),  # q_id: ranx; query_id: ir_measures
    "item": ("item", "docid", "doc_id", "doc", "item_id", "docno", "document", "corpus_id"),  # corpus_id: BEIR
    "score": ("score", "sim", "prediction", "pred"),
    "rank": ("rank", "position", "pos"),
    "relevance": ("relevance", "rel", "grade", "label", "judgment", "rating"),
}
#: accepted header name -> canonical CSV column
CSV_ALIAS = {alias: canon for canon, aliases in CSV_COLUMNS.items() for alias in aliases}

NUMBER_RE = re.compile(rb"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
INT_RE = re.compile(rb"[+-]?\d+")
LOOSE_NUMBER_RE = re.compile(rb"[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|nan|inf|infinity)", re.IGNORECASE)


def looks_like_csv_header(line: bytes) -> bool:
    """Whether ``line`` names at least two known CSV columns (separated by ``,;`` tabs or spaces)."""
    lowered = {t.decode("utf-8", "replace").strip().lower() for t in re.split(rb"[,;\t ]+", line) if t}
    return len(lowered & set(CSV_ALIAS)) >= 2


#: why a token is not a finite number: parse_number's messages ({what}: grade, score or relevance)
NOT_A_NUMBER = {
    "large": N_("{what} {text} is too large"),
    "nan": N_("{what} is NaN ({text}); expected a finite number"),
    "inf": N_("{what} is infinite ({text}); expected a finite number"),
    "text": N_("{what} must be a number, got {text}"),
}


def parse_number(token: bytes, what: str, name: str, line: int) -> float:
    """``token`` as a finite float; else an error naming ``what`` (e.g. "score"), source and line.

    >>> parse_number(b"-1.5e2", "score", "run.txt", 3)
    -150.0
    """
    if NUMBER_RE.fullmatch(token):
        value = float(token)
        if math.isfinite(value):
            return value
        why = "large"
    else:
        low = token.lower().lstrip(b"+-")
        why = "nan" if low == b"nan" else "inf" if low in (b"inf", b"infinity") else "text"
    raise input_error(NOT_A_NUMBER[why], name, line, words=("what",), what=what,
                      text=quote(token.decode("utf-8", "replace")))


#: C's strtod: the longest prefix it reads (after leading whitespace): a decimal or hexadecimal float, an
#: infinity or a NaN (with its optional ``(chars)``)
_STRTOD_RE = re.compile(
    rb"[ \t\n\x0b\x0c\r]*(?P<sign>[+-]?)(?:"
    rb"(?P<hex>0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?[0-9]+)?)"
    rb"|(?P<dec>(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)"
    rb"|(?P<inf>inf(?:inity)?)|(?P<nan>nan(?:\([0-9A-Za-z_]*\))?))", re.IGNORECASE)


def atof(token: bytes) -> float:
    """C's ``atof`` (``strtod`` without the end pointer) as glibc reads a TREC run's score: the longest
    numeric prefix -- leading whitespace, a sign, a decimal or hexadecimal float (``0x1p3``), ``inf``,
    ``infinity``, ``nan``, ``nan(...)`` in any case -- correctly rounded, too large: +-inf, too small: 0 or
    a subnormal; what follows is ignored (``12abc`` is 12); no numeric prefix: 0.0.

    >>> atof(b"12abc"), atof(b"0x1p3"), atof(b"-INF"), atof(b"1e400"), atof(b"abc"), atof(b"0x")
    (12.0, 8.0, -inf, inf, 0.0, 0.0)
    """
    match = _STRTOD_RE.match(token)
    if match is None:
        return 0.0
    sign = -1.0 if match["sign"] == b"-" else 1.0
    if match["hex"] is not None:
        try:
            return sign * float.fromhex(match["hex"].decode("ascii"))
        except OverflowError:
            return sign * math.inf
    if match["dec"] is not None:
        return sign * float(match["dec"])
    return sign * (math.inf if match["inf"] is not None else math.nan)


def plain_score(token: bytes) -> float | None:
    """``token`` as a finite float when it is a plain decimal number (what ``--scores strict`` accepts), else None."""
    if NUMBER_RE.fullmatch(token):
        value = float(token)
        if math.isfinite(value):
            return value
    return None


class AtofScores:
    """Scores read as trec_eval reads them (:func:`atof`), for the TREC run reader's ``scores`` argument;
    :attr:`first_odd` keeps the first score that is not a plain finite decimal number (``-inf``, ``nan``,
    ``0x1p3``, ``1e400``, ``12abc``): (file name, line, token) -- the line counted from :attr:`line_offset`
    (a stream's block)."""

    def __init__(self) -> None:
        self.first_odd: tuple[str, int | None, str] | None = None
        self.line_offset = 0

    def __call__(self, token: bytes, name: str, line: int | None) -> float:
        value = plain_score(token)
        if value is not None:
            return value
        if self.first_odd is None:
            line = None if line is None else line + self.line_offset
            self.first_odd = (name, line, token.decode("utf-8", "replace"))
        return atof(token)

    def warning(self, program: str) -> str | None:
        """The one-line warning naming the first odd score (None when every score was plain)."""
        if self.first_odd is None:
            return None
        name, line, token = self.first_odd
        where = name if line is None else f"{name} line {line}"
        return (f"{program}: warning: {where}: score {quote(token)} is not a plain finite number; read as C's atof "
                f"reads it ({atof(token.encode('utf-8'))!r}), as trec_eval does")


def strict_score(token: bytes, name: str, line: int | None) -> float:
    """A TREC run's score under ``--scores strict``: :func:`parse_number` (a plain finite number, else an error)."""
    return parse_number(token, "score", name, line)


#: the range of a rank: numpy's int64
RANK_RANGE = (-2 ** 63, 2 ** 63 - 1)

#: why a token is not a rank: parse_rank's messages
NOT_A_RANK = {
    "text": N_("rank must be an integer, got {value}"),
    "range": N_("rank {value} is out of range (a 64-bit integer)"),
}


def parse_rank(token: bytes, name: str, line: int | None) -> int:
    """``token`` as a decimal integer within int64 (``0x10`` and ``1e3`` are not ranks).

    >>> parse_rank(b"007", "run.txt", 3)
    7
    """
    value = _decimal_rank(token)
    if value is not None:
        return value
    why = "range" if INT_RE.fullmatch(token) else "text"
    raise input_error(NOT_A_RANK[why], name, line, value=quote(token.decode("utf-8", "replace")))


def rank_or_zero(token: bytes) -> int:
    """A TREC run's rank field: its decimal integer within int64, else 0.  trec_eval skips the
    field whatever it holds (it ranks by score), so any token is accepted.

    >>> rank_or_zero(b"007"), rank_or_zero(b"1.5"), rank_or_zero(b"9" * 30)
    (7, 0, 0)
    """
    value = _decimal_rank(token)
    return 0 if value is None else value


def _decimal_rank(token: bytes) -> int | None:
    """``token`` as a decimal integer within int64, or None."""
    if not INT_RE.fullmatch(token):
        return None
    digits = token.lstrip(b"+-").lstrip(b"0") or b"0"
    if len(digits) > 19:  # int() of many digits is slow; int64 has 19
        return None
    value = -int(digits) if token.startswith(b"-") else int(digits)
    return value if RANK_RANGE[0] <= value <= RANK_RANGE[1] else None
