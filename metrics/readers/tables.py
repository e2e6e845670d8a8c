"""Datasets from CSV, JSON and pasted text: the readers that give qrels and a run together.

:class:`Dataset` holds qrels (possibly empty), a run (or None) and the source's name;
:func:`read_csv`, :func:`read_json` and :func:`parse_pasted` read the formats described in
:mod:`metrics.readers.io`, whose :func:`~metrics.readers.io.load` picks the reader for an uploaded file.
"""

from __future__ import annotations

import csv
import io as _stdio
import json
import math
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ..errors import input_error
from ..limits import Limits, check_count, check_id, check_json_depth, check_lines, check_number, check_queries, resolve
from ..messages import N_
from .fields import CSV_ALIAS, CSV_COLUMNS, DEFAULT_QUERY, LOOSE_NUMBER_RE, parse_number, parse_rank, quote
from .sources import decode_utf8, load_bytes

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd


@dataclass(frozen=True, eq=False)
class Dataset:
    """What a file holds: qrels (possibly empty), a run (or None) and the source's name.

    ``qrels`` has columns ``query``, ``item``, ``rel``; ``run`` has ``query``, ``item``,
    ``score``, ``rank`` (see :mod:`metrics.readers.io`).
    """

    qrels: pd.DataFrame
    run: pd.DataFrame | None
    source: str


def qrels_frame(queries, items, rels) -> pd.DataFrame:
    """The readers' qrels frame (``query``, ``item``, ``rel``) from three sequences."""
    import pandas as pd  # lazy: the TREC fast path and batch evaluation never need pandas

    return pd.DataFrame({"query": pd.array(list(queries), dtype="str"),
                         "item": pd.array(list(items), dtype="str"),
                         "rel": np.asarray(rels, dtype=np.float64)})


def run_frame(queries, items, scores, ranks) -> pd.DataFrame:
    """The readers' run frame (``query``, ``item``, ``score``, ``rank``) from four sequences."""
    import pandas as pd

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


#: columns a table may hold that no measure reads: TREC's iteration and Q0, a run's tag (ir_measures'
#: Qrel has ``iteration``); compared like the aliases of :data:`~metrics.readers.fields.CSV_ALIAS`
IGNORED_COLUMNS = ("iteration", "iter", "q0", "tag", "run", "run_id")


def column_key(column) -> str:
    """A column name as the aliases are written: lower-cased, spaces and hyphens as ``_``, e.g. BEIR's
    ``query-id`` -> ``query_id``."""
    return re.sub(r"[\s\-]+", "_", str(column).strip().lower())


def match_columns(header, source: str | None = None, line: int | None = None) -> dict[str, int]:
    """The canonical column (``query``, ``item``, ``score``, ``rank``, ``relevance``) -> its index in ``header``.

    Names are matched by :data:`~metrics.readers.fields.CSV_ALIAS` (ranx's ``q_id``/``doc_id``/``score`` and
    ir_measures' ``query_id``/``doc_id``/``relevance``/``score`` included) after :func:`column_key`;
    :data:`IGNORED_COLUMNS` and columns without a name are skipped.  Without a query column the rows are one query
    (:data:`~metrics.readers.fields.DEFAULT_QUERY`) -- but only when every column is known: an unknown column
    may be the query id under another name, and reading its queries as one would give a plausible wrong number.

    Raises
    ------
    MetricsInputError
        Two columns with one meaning; no query column and a column that is not known (the message names
        the columns found and the accepted query names).

    >>> match_columns(["q_id", "doc_id", "score"])
    {'query': 0, 'item': 1, 'score': 2}
    >>> match_columns(["doc_id", "score"])
    {'item': 0, 'score': 1}
    """
    header = [str(column) for column in header]
    mapping: dict[str, int] = {}
    unknown = []
    for index, column in enumerate(header):
        canon = CSV_ALIAS.get(column_key(column))
        if canon is None:
            if column_key(column) not in IGNORED_COLUMNS and column.strip():  # a blank name: an index, a trailing ","
                unknown.append(column)
            continue
        if canon in mapping:
            raise input_error(N_("two columns mean {canon}: {first} and {second}"), source, line,
                              canon=canon, first=repr(header[mapping[canon]]), second=repr(column))
        mapping[canon] = index
    if "query" not in mapping and "item" in mapping and unknown:  # (no item column: the caller says so)
        raise input_error(N_("no query column, and {unknown} is not a known column (it may be the query id under "
                             "another name): name the query column one of {aliases}, or drop the unknown columns to "
                             "read all rows as one query; found columns: {found}"), source, line,
                          unknown=", ".join(map(repr, unknown)), aliases=", ".join(CSV_COLUMNS["query"]),
                          found=", ".join(map(repr, header)))
    return mapping


def _csv_number(cell: str, what: str, name: str, line: int) -> float:
    return parse_number(cell.strip().encode("utf-8"), what, name, line)


def read_csv(source, name: str | None = None, *, max_bytes: int | None = None,
             limits: Limits | None = None) -> Dataset:
    """Read a CSV with a header, one row per (query, item) (columns: see :mod:`metrics.readers.io`).

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
        item listed twice for one query (both lines named); empty input; invalid UTF-8; input over
        ``limits`` (:mod:`metrics.limits`).

    >>> ds = read_csv(b"qid,docid,score,grade\\nq1,d1,0.9,2\\nq1,d2,0.1,\\n")
    >>> ds.run["item"].tolist(), ds.qrels["item"].tolist()
    (['d1', 'd2'], ['d1'])
    """
    limits = resolve(limits, max_bytes)
    data, name = load_bytes(source, name, limits.bytes, "csv")
    text = decode_utf8(data, name)
    check_lines(data, name, limits)
    lines = text.splitlines()
    header_line = next((i for i, line in enumerate(lines) if line.strip()), None)
    if header_line is None:
        raise input_error(N_("empty file: expected a CSV header row and data rows"), name)
    head = lines[header_line]
    delimiter = "," if "," in head else "\t" if "\t" in head else ";" if ";" in head else ","
    header: list[str] | None = None
    mapping: dict[str, int] = {}
    rows: list[tuple[int, list[str]]] = []
    for line_num, cells in _csv_rows(text, delimiter, name):
        if not any(cell.strip() for cell in cells):
            continue
        if header is None:
            header = [cell.strip() for cell in cells]
            mapping = _table_columns(header, name, line_num)
            continue
        if len(cells) != len(header):
            raise input_error(N_("expected {want} cells ({header}), got {got}"), name, line_num,
                              want=len(header), header=", ".join(header), got=len(cells))
        rows.append((line_num, cells))
    if not rows:
        raise input_error(N_("no data rows after the header"), name)
    return _rows_dataset(mapping, rows, name, limits)


def _table_columns(header: list[str], name: str, line: int | None) -> dict[str, int]:
    """:func:`match_columns` of a table's header, with an item column and a score, rank or relevance."""
    mapping = match_columns(header, name, line)
    found = ", ".join(repr(c) for c in header)
    if "item" not in mapping:
        raise input_error(N_("missing column 'item' (or one of {aliases}); found columns: {found}"), name,
                          line, aliases=", ".join(CSV_COLUMNS["item"][1:]), found=found)
    if not {"score", "rank", "relevance"} & mapping.keys():
        raise input_error(N_("missing column: need at least one of score, rank or relevance (or an alias such "
                             "as rel, grade, sim, position); found columns: {found}"), name, line,
                          found=found)
    return mapping


def _rows_dataset(mapping: dict[str, int], rows: list[tuple[int, list[str]]], name: str, limits: Limits) -> Dataset:
    """The dataset of a table's rows ``(line, cells as text)`` whose columns are ``mapping``."""
    queries, items, scores, rank_values = [], [], [], []
    seen: dict[tuple[str, str], int] = {}
    judged_q, judged_i, judged_r = [], [], []
    for lineno, cells in rows:
        query = cells[mapping["query"]].strip() if "query" in mapping else DEFAULT_QUERY
        item = cells[mapping["item"]].strip()
        if not item:
            raise input_error(N_("empty item cell"), name, lineno)
        if "query" in mapping and not query:
            raise input_error(N_("empty query cell"), name, lineno)
        check_id(item, name, lineno, limits)
        check_id(query, name, lineno, limits)
        earlier = seen.setdefault((query, item), lineno)
        if earlier != lineno:
            raise input_error(N_("item {item} listed twice for query {query} (lines {earlier} and {lineno})"), name,
                              lineno, item=quote(item), query=quote(query), earlier=earlier, lineno=lineno)
        if "score" in mapping:
            scores.append(_csv_number(cells[mapping["score"]], "score", name, lineno))
        if "rank" in mapping:
            rank_values.append(parse_rank(cells[mapping["rank"]].strip().encode("utf-8"), name, lineno))
        if "relevance" in mapping:
            cell = cells[mapping["relevance"]].strip()
            if cell:
                judged_q.append(query)
                judged_i.append(item)
                judged_r.append(_csv_number(cell, N_("relevance"), name, lineno))
        queries.append(query)
        items.append(item)
    check_queries(queries, name, limits)
    qrels = qrels_frame(judged_q, judged_i, judged_r)
    if "score" in mapping:
        ranks = rank_values if "rank" in mapping else _trec_ranks(queries, items, scores)
    else:
        if "rank" not in mapping:  # the row order is the ranking
            counter: dict[str, int] = {}
            rank_values = [counter.__setitem__(q, counter.get(q, 0) + 1) or counter[q] for q in queries]
        ranks = rank_values
        scores = [-float(r) for r in rank_values]
    run = run_frame(queries, items, scores, ranks)
    return Dataset(qrels, run, name)


def _csv_rows(text: str, delimiter: str, name: str):
    """(line, cells) of each CSV row; a cell may be as long as the input; errors name the line."""
    reader = csv.reader(_stdio.StringIO(text, newline=""), delimiter=delimiter)
    old = csv.field_size_limit(max(csv.field_size_limit(), len(text) + 1))  # restored below
    try:
        for cells in reader:
            yield reader.line_num, cells
    except csv.Error as error:
        raise input_error(N_("malformed CSV: {reason}"), name, reader.line_num, reason=str(error)) from None
    finally:
        csv.field_size_limit(old)


def _records_dataset(records: list[dict], text: str, name: str, limits: Limits) -> Dataset:
    """A JSON list of objects, one a row (``[{"query_id": "1", "doc_id": "d1", "score": 2.5}, ...]``, pandas'
    ``to_json(orient="records")``): a table whose columns are the keys, read like a CSV."""
    header = list(dict.fromkeys(key for record in records for key in record))
    mapping = _table_columns(header, name, 1)
    lines = _object_lines(text, len(records))
    rows = [(line, [_json_cell(record.get(key)) for key in header]) for line, record in zip(lines, records)]
    return _rows_dataset(mapping, rows, name, limits)


def _json_cell(value) -> str:
    """A JSON value as a table cell: null is empty, a whole float an integer (``1.0`` -> ``"1"``, so that ids
    written as floats match), other numbers as Python writes them."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return str(int(value))
    if isinstance(value, (int, float)):
        return repr(value)
    return json.dumps(value)


def _object_lines(text: str, count: int) -> list[int]:
    """The line of each of the ``count`` objects of a top-level JSON list (vectorised: strings removed,
    newlines cannot be inside them)."""
    bare = re.sub(r'"(?:[^"\\]|\\.)*"', '""', text).encode("utf-8")
    codes = np.frombuffer(bare, np.uint8)
    depth = np.cumsum(np.isin(codes, (91, 123)).astype(np.int64) - np.isin(codes, (93, 125)))
    starts = np.flatnonzero((codes == 123) & (depth == 2))
    lines = (np.cumsum(codes == 10)[starts] + 1).tolist()
    return lines if len(lines) == count else list(range(1, count + 1))  # (never: the same document)


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



#: Python's JSON problems (``json.JSONDecodeError.msg``) as our own words, which the app translates: its text is
#: the same, but a sentence shown to people is one of ours, not whatever the json module says (any other is shown
#: as it comes)
JSON_PROBLEMS = {
    "Expecting value": N_("Expecting value"),
    "Expecting ':' delimiter": N_("Expecting ':' delimiter"),
    "Expecting ',' delimiter": N_("Expecting ',' delimiter"),
    "Expecting property name enclosed in double quotes": N_("Expecting property name enclosed in double quotes"),
    "Extra data": N_("Extra data"),
    "Unterminated string starting at": N_("Unterminated string starting at"),
    "Invalid \\uXXXX escape": N_("Invalid \\uXXXX escape"),
}

def read_json(source, name: str | None = None, *, max_bytes: int | None = None,
              limits: Limits | None = None) -> Dataset:
    """Read JSON: ``{query: [items]}`` (run), ``{query: {item: grade}}`` (qrels),
    ``{"run": ..., "qrels": ...}``, a bare list of items (a run for query ``"q1"``) or a list of objects,
    one a row (pandas' ``to_json(orient="records")``), whose keys are columns read like a CSV header.

    Raises
    ------
    MetricsInputError
        Malformed JSON (its line), a duplicate key or item (its line), a grade or score that is
        not a finite number, a shape that is none of the above, empty input, input over ``limits``
        (:mod:`metrics.limits`: nesting, the characters of a number, ids, queries, items).

    >>> ds = read_json(b'{"run": {"q1": ["d2", "d1"]}, "qrels": {"q1": {"d1": 1}}}')
    >>> ds.run[["item", "score", "rank"]].values.tolist(), ds.qrels["rel"].tolist()
    ([['d2', 2.0, 1], ['d1', 1.0, 2]], [1.0])
    """
    limits = resolve(limits, max_bytes)
    data, name = load_bytes(source, name, limits.bytes, "json")
    text = decode_utf8(data, name)
    if not text.strip():
        raise input_error(N_("empty file: expected JSON"), name)
    check_json_depth(text, name, limits)
    numbers = {}
    if re.search(r"[-+.eE0-9]{%d}" % (limits.digits + 1), text):  # then check each number's length
        numbers = {"parse_int": lambda t: int(check_number(t, name, text, limits)),
                   "parse_float": lambda t: float(check_number(t, name, text, limits))}

    def pairs_hook(pairs):
        result = {}
        for key, value in pairs:
            if key in result:
                raise _DuplicateKey(key)
            result[key] = value
        return result

    try:
        document = json.loads(text, object_pairs_hook=pairs_hook, **numbers)
    except json.JSONDecodeError as exc:
        raise input_error(N_("malformed JSON: {reason} (column {column})"), name, exc.lineno, words=("reason",),
                          reason=JSON_PROBLEMS.get(exc.msg, exc.msg), column=exc.colno) from None
    except _DuplicateKey as exc:
        key = exc.args[0]
        first = text.find(json.dumps(key))
        second = text.find(json.dumps(key), first + 1)
        raise input_error(N_("key {key} appears twice in one object"), name, text.count("\n", 0, max(second, 0)) + 1,
                          key=quote(key)) from None

    run_part = qrels_part = None
    if isinstance(document, list) and document and all(isinstance(row, dict) for row in document):
        return _records_dataset(document, text, name, limits)
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
            raise input_error(N_("expected {{query: [items in ranked order]}} (a run) or {{query: {{item: grade}}}} "
                                 "(qrels), not a mix"), name, 1)
    else:
        raise input_error(N_("expected {{query: [items]}}, {{query: {{item: grade}}}}, "
                             "{{\"run\": ..., \"qrels\": ...}} or a list of items"), name, 1)

    run = None
    if run_part is not None:
        if not isinstance(run_part, dict):
            raise input_error(N_('"run" must map queries to lists of items'), name, _json_line(text, "run"))
        rq, ri, rs, rr = [], [], [], []
        for query, ranking in run_part.items():
            check_id(str(query), name, None, limits)
            if isinstance(ranking, list):
                seen: set[str] = set()
                for position, item in enumerate(ranking, 1):
                    if not isinstance(item, (str, int)) or isinstance(item, bool):
                        raise input_error(N_("items must be strings, got {item} in query {query}"), name,
                                          _json_line(text, query), item=quote(item), query=quote(query))
                    item = str(item)
                    check_id(item, name, None, limits)
                    if item in seen:
                        raise input_error(N_("item {item} listed twice for query {query}"), name,
                                          _json_line(text, query, item, item), item=quote(item), query=quote(query))
                    seen.add(item)
                    rq.append(str(query)), ri.append(item), rr.append(position)
                    rs.append(float(len(ranking) - position + 1))
            elif isinstance(ranking, dict):
                start = len(ri)
                for item, score in ranking.items():
                    check_id(item, name, None, limits)
                    rq.append(str(query)), ri.append(str(item))
                    rs.append(_json_number(score, "score", text, name, query, item))
                rr.extend(_trec_ranks(rq[start:], ri[start:], rs[start:]))
            else:
                raise input_error(N_("query {query}: expected a list of items or {{item: score}}"), name,
                                  _json_line(text, query), query=quote(query))
        check_queries(rq, name, limits)
        run = run_frame(rq, ri, rs, rr)

    jq, ji, jr = [], [], []
    if qrels_part is not None:
        if not isinstance(qrels_part, dict):
            raise input_error(N_('"qrels" must map queries to {{item: grade}}'), name, _json_line(text, "qrels"))
        for query, grades in qrels_part.items():
            if isinstance(grades, list):  # a list of relevant items: grade 1 each
                grades = {str(item): 1 for item in grades}
            if not isinstance(grades, dict):
                raise input_error(N_("query {query}: expected {{item: grade}}"), name, _json_line(text, query),
                                  query=quote(query))
            check_id(str(query), name, None, limits)
            for item, grade in grades.items():
                check_id(str(item), name, None, limits)
                jq.append(str(query)), ji.append(str(item))
                jr.append(_json_number(grade, "grade", text, name, query, item))
    check_queries(jq, name, limits)
    return Dataset(qrels_frame(jq, ji, jr), run, name)


class _DuplicateKey(Exception):
    pass


def _json_number(value: Any, what: str, text: str, name: str, query: str, item: str) -> float:
    line = None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        line = _json_line(text, query, item)
        raise input_error(N_("{what} of item {item} in query {query} must be a number, got {value}"), name, line,
                          words=("what",), what=what, item=quote(item), query=quote(query), value=quote(value))
    try:
        value = float(value)
    except OverflowError:  # an integer beyond float64
        value = math.inf
    if not math.isfinite(value):
        raise input_error(N_("{what} of item {item} in query {query} is not finite"), name,
                          _json_line(text, query, item), words=("what",), what=what, item=quote(item),
                          query=quote(query))
    return value


_PASTE_SPLIT = re.compile(r"\s*[,;\t]\s*|\s+")


def parse_pasted(text: str, name: str = "pasted text", *, limits: Limits | None = None) -> Dataset:
    """One query typed by hand: ``item grade`` per line in ranked order, or one line of grades.

    Lines are ``item grade``, ``item,grade`` or ``item<TAB>grade`` (an item alone is unjudged);
    blank lines and lines starting with ``#`` are skipped.  A single line of numbers
    ``3 2 3 0 1`` (or one number per line) gives items ``d1 .. dn`` with those grades.
    The run has rank = position and score = n - position + 1.  At most ``limits.items`` items
    (:mod:`metrics.limits`).

    >>> ds = parse_pasted("3 2 0")
    >>> ds.run["item"].tolist(), ds.qrels["rel"].tolist()
    (['d1', 'd2', 'd3'], [3.0, 2.0, 0.0])
    """
    limits = resolve(limits)
    data, name = load_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"), name,
                            limits.bytes, "pasted text")
    text = decode_utf8(data, name)
    check_lines(data, name, limits)
    entries = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)
               if line.strip() and not line.strip().startswith("#")]
    check_count(len(entries), limits.items, "rows for one query", name, limits=limits)
    split = [(n, tokens) for n, tokens in ((n, [t for t in _PASTE_SPLIT.split(line) if t]) for n, line in entries)
             if tokens]  # a line of separators alone (",") is blank
    if not split:
        raise input_error(N_("nothing to read: type one item per line ('item grade') or a line of grades"), name)
    all_numbers = all(LOOSE_NUMBER_RE.fullmatch(t.encode()) for _, toks in split for t in toks)
    grades_only = all_numbers and (len(split) == 1 or all(len(toks) == 1 for _, toks in split))
    items: list[str] = []
    grades: list[float | None] = []
    if grades_only:
        for lineno, toks in split:
            for token in toks:
                grades.append(parse_number(token.encode(), "grade", name, lineno))
        check_count(len(grades), limits.items, "rows for one query", name, limits=limits)
        items = [f"d{i}" for i in range(1, len(grades) + 1)]
    else:
        seen: dict[str, int] = {}
        for lineno, toks in split:
            if len(toks) > 2:
                raise input_error(N_("expected 'item grade', got {got} fields"), name, lineno, got=len(toks))
            item = toks[0]
            check_id(item, name, lineno, limits)
            earlier = seen.setdefault(item, lineno)
            if earlier != lineno:
                raise input_error(N_("item {item} listed twice (lines {earlier} and {lineno})"), name, lineno,
                                  item=quote(item), earlier=earlier, lineno=lineno)
            items.append(item)
            grades.append(parse_number(toks[1].encode(), "grade", name, lineno) if len(toks) == 2 else None)
    n = len(items)
    run = run_frame([DEFAULT_QUERY] * n, items, [float(n - i) for i in range(n)], range(1, n + 1))
    judged = [(item, g) for item, g in zip(items, grades) if g is not None]
    qrels = qrels_frame([DEFAULT_QUERY] * len(judged), [i for i, _ in judged], [g for _, g in judged])
    return Dataset(qrels, run, name)
