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
    "large": "{what} {text} is too large",
    "nan": "{what} is NaN ({text}); expected a finite number",
    "inf": "{what} is infinite ({text}); expected a finite number",
    "text": "{what} must be a number, got {text}",
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


#: the range of a rank: numpy's int64
RANK_RANGE = (-2 ** 63, 2 ** 63 - 1)

#: why a token is not a rank: parse_rank's messages
NOT_A_RANK = {
    "text": "rank must be an integer, got {value}",
    "range": "rank {value} is out of range (a 64-bit integer)",
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
