"""Readers for relevance judgements (qrels) and rankings (runs): every reader in one place, and
:func:`load`, which tells an uploaded file's format.

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

    ===========  ===================================================================  ===========
    column       accepted names                                                       required
    ===========  ===================================================================  ===========
    query        query, qid, query_id, q_id, user, user_id, topic                     no ("q1")
    item         item, docid, doc_id, doc, item_id, docno, document, corpus_id        yes
    score        score, sim, prediction, pred                                         no
    rank         rank, position, pos                                                  no
    relevance    relevance, rel, grade, label, judgment, rating                       no
    ===========  ===================================================================  ===========

    ranx names its columns ``q_id``, ``doc_id``, ``score`` and ir_measures ``query_id``, ``doc_id``,
    ``relevance``, ``score`` (BEIR's ``query-id``, ``corpus-id``: spaces and hyphens read as ``_``);
    ``iteration``, ``iter``, ``Q0``, ``tag``, ``run`` and ``run_id`` are read and ignored.  Without a
    query column all rows are one query ``"q1"`` -- but only when every column is known: an unknown
    column may be the query id under another name, so it is an error naming the columns found
    (:func:`~metrics.readers.tables.match_columns`).

    At least one of score, rank or relevance is needed.  An empty relevance cell means
    "unjudged" (the row is in the ranking but not in the qrels).  With a score the ranking is by
    score; with only a rank, by rank; with neither, the row order within each query is the
    ranking.  The delimiter is a comma, or a tab or semicolon when the header has one and no
    comma.  Without a score, the run's score is ``-rank`` (so "higher is better" still holds).
JSON (:func:`read_json`)
    ``{"q1": ["d3", "d1", ...]}`` a run (items in ranked order); ``{"q1": {"d3": 2, "d1": 0}}``
    qrels (item -> grade); ``{"run": ..., "qrels": ...}`` both (under ``"run"`` a query may also
    map items to scores, and under ``"qrels"`` a list names relevant items, grade 1); a bare
    list ``["d3", "d1"]`` is a run for the one query ``"q1"``; a list of objects
    ``[{"query_id": "1", "doc_id": "d3", "score": 2.5}, ...]`` is a table, one object a row, its keys
    the columns (as CSV; ``null`` is an empty cell).  A run given as lists gets scores
    ``n, n-1, ..., 1`` (descending by position).
Pasted text (:func:`parse_pasted`)
    One query by hand: one item per line in ranked order, ``item grade`` (or ``item,grade`` or
    ``item<TAB>grade``; an item without a grade is unjudged), or one line of grades
    ``3 2 3 0 1`` for items named ``d1 .. dn``.

Every reader reads gzip-compressed input (a ``.gz`` file, gzip bytes or upload: told by the magic
number, not the name) and refuses one that inflates past the size limit without inflating it all.
Every reader refuses input larger than :data:`MAX_BYTES` (overridable with ``max_bytes=``), and
input over its ``limits=`` (:class:`~metrics.limits.Limits`: lines, line length, id length,
queries, rows of one query, JSON nesting, the characters of a JSON number; default
:data:`~metrics.limits.DEFAULT`, the app passes the stricter :data:`~metrics.limits.APP`).

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
return numpy columns (:class:`TrecColumns`) without importing pandas; :func:`metrics.batch.evaluation.evaluate`
uses them directly.

Modules
-------
The readers live in modules with one job each; this module re-exports their public names.
:mod:`metrics.readers.sources` gets the bytes (paths, files, size limit, UTF-8), :mod:`metrics.readers.trec` reads
TREC files, :mod:`metrics.readers.tables` reads CSV, JSON and pasted text into a :class:`Dataset`,
:mod:`metrics.readers.columns` holds strings as numpy buffers, and :mod:`metrics.readers.fields` the field names
and number parsing they share.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import input_error
from ..limits import APP, DEFAULT, Limits, resolve
from ..messages import N_
from .columns import DictColumn, StrColumn, TrecColumns, column_codes
from .fields import (
    CSV_COLUMNS,
    DEFAULT_QUERY,
    LOOSE_NUMBER_RE,
    NUMBER_RE,
    QRELS_FIELDS,
    RUN_FIELDS,
    looks_like_csv_header,
)
from .sources import MAX_BYTES, check_utf8, load_bytes
from .tables import Dataset, parse_pasted, qrels_frame, read_csv, read_json
from .trec import SMALL_INPUT, read_qrels, read_qrels_columns, read_run, read_run_columns

__all__ = [
    "APP",
    "CSV_COLUMNS",
    "DEFAULT",
    "DEFAULT_QUERY",
    "MAX_BYTES",
    "QRELS_FIELDS",
    "RUN_FIELDS",
    "SMALL_INPUT",
    "Dataset",
    "DictColumn",
    "Limits",
    "StrColumn",
    "TrecColumns",
    "column_codes",
    "load",
    "parse_pasted",
    "read_csv",
    "read_json",
    "read_qrels",
    "read_qrels_columns",
    "read_run",
    "read_run_columns",
]


def load(name: str, data: bytes, *, max_bytes: int | None = None, limits: Limits | None = None) -> Dataset:
    """Read an uploaded file of any supported format, sniffed from its extension and content.

    ``.json`` (or content starting with ``{``/``[``) -> :func:`read_json`; ``.csv``/``.tsv`` (or
    a header of known column names) -> :func:`read_csv`; a single line of numbers -> grades for
    :func:`parse_pasted`; a first line with commas -> :func:`read_csv`; 4 fields a line -> TREC
    qrels; 6 -> TREC run; 1-2 -> :func:`parse_pasted`.  ``limits`` (:mod:`metrics.limits`;
    the app passes :data:`metrics.limits.APP`) go to the reader.  Gzip content is decompressed first
    (within the limits) and a ``.gz`` ending is skipped: ``run.csv.gz`` is a CSV.

    >>> load("qrels.txt", b"q1 0 d1 1\\n").run is None
    True
    """
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    limits = resolve(limits, max_bytes)
    data, name = load_bytes(bytes(data), name, limits.bytes, "upload")
    suffix = Path(name.removesuffix(".gz").removesuffix(".GZ")).suffix.lower()  # run.csv.gz: a CSV, gzipped
    if suffix == ".json":
        return read_json(data, name, limits=limits)
    if suffix in (".csv", ".tsv"):
        return read_csv(data, name, limits=limits)
    check_utf8(data, name)
    stripped = data.strip()
    first = stripped.split(b"\n", 1)[0].strip()
    if not first:
        raise input_error(N_("empty file"), name)
    if first[:1] in (b"{", b"["):
        return read_json(data, name, limits=limits)
    tokens = first.split()
    if looks_like_csv_header(first):
        return read_csv(data, name, limits=limits)
    if b"\n" not in stripped and all(LOOSE_NUMBER_RE.fullmatch(t) for t in re.split(rb"[\s,;]+", first) if t):
        return parse_pasted(data, name, limits=limits)  # one line of grades, "3 2 3 0 1"
    if b"," in first:
        return read_csv(data, name, limits=limits)
    if len(tokens) == 4:
        return Dataset(read_qrels(data, name, limits=limits), None, name)
    if len(tokens) == 6:
        return Dataset(qrels_frame([], [], []), read_run(data, name, limits=limits), name)
    if len(tokens) <= 2 or all(NUMBER_RE.fullmatch(t) for t in tokens):
        return parse_pasted(data, name, limits=limits)
    raise input_error(N_("cannot tell the format: the first line has {got} fields (TREC qrels have 4, TREC runs 6; "
                         "CSV needs a header row; JSON starts with {{ or [)"), name, 1, got=len(tokens))
