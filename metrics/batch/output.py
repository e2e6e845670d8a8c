"""The outputs of ``python -m metrics evaluate`` (text, JSON, CSV), written in bulk from the per-query
numpy arrays (no pandas, no Python object per query and measure beyond its printed number).

Text: for each measure, one line per query (with ``-q``) and then the mean: ``name<TAB>query<TAB>value``,
the name left-aligned in 22 characters (wider when a name is longer), the value with 4 decimals --
trec_eval's ``%-22s\\t%s\\t%6.4f`` for values in [0, 1].  JSON: ``{"aggregate": {name: mean},
"per_query": {query: {name: value}}}`` as ``json.dump(..., indent=2)`` writes it (NaN as null).  CSV: a
``query`` column and one column per measure (6 decimals, NaN empty), each query's row (with ``-q``) and
then the ``all`` row, as ``pandas.DataFrame.to_csv(float_format="%.6f")`` writes it.
"""

from __future__ import annotations

import csv
import json
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:  # pragma: no cover
    from typing import TextIO

    from .evaluation import Evaluation

#: trec_eval's width of the measure name column
NAME_WIDTH = 22


def name_width(names) -> int:
    """The width of the name column: 22, or the longest name's length when longer."""
    return max(NAME_WIDTH, *(len(name) for name in names))


def measure_lines(name: str, queries, values, width: int = NAME_WIDTH) -> str:
    """One line per query of one measure, ``name<TAB>query<TAB>value`` (4 decimals), as one string.

    >>> measure_lines("P@1", ["q1", "q2"], [1.0, 0.25], width=4)
    'P@1 \\tq1\\t1.0000\\nP@1 \\tq2\\t0.2500\\n'
    """
    head = f"{name:<{width}}\t"
    values = values.tolist() if hasattr(values, "tolist") else list(values)
    return "".join([f"{head}{query}\t{value:.4f}\n" for query, value in zip(queries, values)])


def format_per_query(evaluation: Evaluation, out: TextIO, names=None, *, per_query: bool = True) -> None:
    """Write ``evaluation`` to ``out`` as ``python -m metrics evaluate`` prints it in text form.

    Parameters
    ----------
    evaluation : Evaluation
        The result of :func:`metrics.batch.evaluate`.
    out : file-like
        Where the lines go (one ``write`` per measure).
    names : list of str, optional
        The measures to write, in order (default: all of ``evaluation.values``).
    per_query : bool
        Write each query's line before the measure's ``all`` line (``-q``); else only ``all``.

    >>> import io, numpy as np
    >>> from metrics.batch.evaluation import Evaluation
    >>> ev = Evaluation(("q1", "q2"), {"RR": np.array([1.0, 0.5])}, {"RR": 0.75})
    >>> buffer = io.StringIO(); format_per_query(ev, buffer)
    >>> buffer.getvalue().replace(" " * 20, " ... ").splitlines()
    ['RR ... \\tq1\\t1.0000', 'RR ... \\tq2\\t0.5000', 'RR ... \\tall\\t0.7500']
    """
    names = list(evaluation.values) if names is None else list(names)
    if not names:
        return
    width = name_width(names)
    for name in names:
        lines = measure_lines(name, evaluation.queries, evaluation.values[name], width) if per_query else ""
        out.write(lines + f"{name:<{width}}\tall\t{evaluation.aggregate[name]:.4f}\n")


#: queries written per ``write`` call by the JSON and CSV writers (bounded memory for the output text)
CHUNK = 4096


def _json_numbers(values) -> list[str]:
    """Each value as ``json.dump`` writes it: ``repr`` of the float, NaN as ``null``, infinities as
    ``Infinity``/``-Infinity``."""
    values = np.asarray(values, dtype=np.float64)
    texts = list(map(float.__repr__, values.tolist()))
    if not np.isfinite(values).all():
        for at in np.flatnonzero(~np.isfinite(values)).tolist():
            value = values[at]
            texts[at] = "null" if value != value else ("Infinity" if value > 0 else "-Infinity")
    return texts


def write_json(evaluation: Evaluation, out: TextIO, names=None, *, per_query: bool = True) -> None:
    """Write ``evaluation`` as ``python -m metrics evaluate --output json`` prints it: byte for byte
    ``json.dump({"aggregate": ..., "per_query": ...}, out, indent=2)`` and a newline, with NaN as null
    and ``per_query`` empty unless asked for.

    >>> import io, numpy as np
    >>> from metrics.batch.evaluation import Evaluation
    >>> ev = Evaluation(("q1", "q2"), {"RR": np.array([1.0, np.nan])}, {"RR": 1.0})
    >>> buffer = io.StringIO(); write_json(ev, buffer)
    >>> json.loads(buffer.getvalue())
    {'aggregate': {'RR': 1.0}, 'per_query': {'q1': {'RR': 1.0}, 'q2': {'RR': None}}}
    """
    names = list(evaluation.values if names is None else names)
    writer = JsonWriter(out, names, per_query, evaluation.aggregate)
    writer.add(evaluation.queries, evaluation.values)
    writer.end()


class JsonWriter:
    """:func:`write_json` fed a batch of queries at a time (:meth:`add`), the means last (:meth:`end`).  The
    means come first in the output: unless given at the start (``aggregate``), the per-query part is written to
    a temporary file as it comes and copied after them."""

    def __init__(self, out: TextIO, names, per_query: bool = True, aggregate: dict | None = None):
        self.out, self.names, self.per_query = out, list(dict.fromkeys(names)), per_query
        keys = [json.dumps(name) for name in self.names]
        self.keys, self.started = keys, False
        # one query's block: '    "q": {\n      "name": value,\n ...\n    }' as a %-template
        self.template = ("    %s: {" + ",".join(f"\n      {key.replace('%', '%%')}: %s" for key in keys)
                         + ("\n    }" if keys else "}"))
        self.spool = None
        if aggregate is not None:
            self._head(aggregate)
        elif per_query:
            self.spool = _spool()

    def _head(self, aggregate: dict) -> None:
        means = _json_numbers([aggregate[name] for name in self.names])
        self.out.write('{\n  "aggregate": {' + ",".join(f"\n    {key}: {mean}" for key, mean in zip(self.keys, means))
                       + ("\n  }" if self.names else "}") + ',\n  "per_query": ')

    def add(self, queries, values: dict) -> None:
        if not (self.per_query and len(queries)):
            return
        target = self.spool or self.out
        for start in range(0, len(queries), CHUNK):
            stop = min(start + CHUNK, len(queries))
            columns = [_json_numbers(values[name][start:stop]) for name in self.names]
            rows = zip(map(json.dumps, queries[start:stop]), *columns)
            target.write((",\n" if self.started else "{\n") + ",\n".join([self.template % row for row in rows]))
            self.started = True

    def end(self, aggregate: dict | None = None) -> None:
        if aggregate is not None:
            self._head(aggregate)
            if self.started:
                _copy(self.spool, self.out)
        if self.spool is not None:
            self.spool.close()
        self.out.write("\n  }\n}\n" if self.started else "{}\n}\n")


def _spool():
    """A temporary text file (on disk, removed when closed) for output that must wait for the means."""
    import tempfile

    return tempfile.TemporaryFile("w+", encoding="utf-8", newline="")


def _copy(spool, out) -> None:
    """The spool's text to ``out``, a block at a time."""
    spool.seek(0)
    while block := spool.read(1 << 20):
        out.write(block)


def _csv_numbers(values) -> list[str]:
    """Each value as ``to_csv(float_format="%.6f")`` writes it: 6 decimals, NaN empty."""
    values = np.asarray(values, dtype=np.float64)
    texts = list(map("%.6f".__mod__, values.tolist()))
    if np.isnan(values).any():
        for at in np.flatnonzero(np.isnan(values)).tolist():
            texts[at] = ""
    return texts


def write_csv(evaluation: Evaluation, out: TextIO, names=None, *, per_query: bool = True) -> None:
    """Write ``evaluation`` as ``python -m metrics evaluate --output csv`` prints it: a header
    ``query,<names>``, one row per query (with ``per_query``) and the ``all`` row of means; fields quoted
    where they hold a comma or a quote (``csv.QUOTE_MINIMAL``), values with 6 decimals, NaN empty.

    >>> import io, numpy as np
    >>> from metrics.batch.evaluation import Evaluation
    >>> ev = Evaluation(("q1", "q2"), {"P@1": np.array([1.0, np.nan])}, {"P@1": 1.0})
    >>> buffer = io.StringIO(); write_csv(ev, buffer); print(buffer.getvalue(), end="")
    query,P@1
    q1,1.000000
    q2,
    all,1.000000
    """
    writer = CsvWriter(out, list(evaluation.values if names is None else names), per_query)
    writer.add(evaluation.queries, evaluation.values)
    writer.end(evaluation.aggregate)


class CsvWriter:
    """:func:`write_csv` fed a batch of queries at a time (:meth:`add`: their rows are written at once), the
    means last (:meth:`end`)."""

    def __init__(self, out: TextIO, names, per_query: bool = True):
        self.out, self.names, self.per_query = out, list(names), per_query
        self.text = _CsvText()
        self.text.writer.writerow(["query", *self.names])
        out.write(self.text.take())

    def add(self, queries, values: dict) -> None:
        if not self.per_query:
            return
        for start in range(0, len(queries), CHUNK):
            stop = min(start + CHUNK, len(queries))
            columns = [_csv_numbers(values[name][start:stop]) for name in self.names]
            self.text.writer.writerows(zip(queries[start:stop], *columns))
            self.out.write(self.text.take())

    def end(self, aggregate: dict) -> None:
        self.text.writer.writerow(["all", *_csv_numbers([aggregate[name] for name in self.names])])
        self.out.write(self.text.take())


class TextWriter:
    """:func:`format_per_query` fed a batch of queries at a time (:meth:`add`), the means last (:meth:`end`):
    the lines are measure after measure, so each measure's per-query lines go to a temporary file as they
    come, copied before its ``all`` line."""

    def __init__(self, out: TextIO, names, per_query: bool = True):
        self.out, self.names = out, list(names)
        self.width = name_width(self.names) if self.names else NAME_WIDTH
        self.spools = {name: _spool() for name in dict.fromkeys(self.names)} if per_query else {}

    def add(self, queries, values: dict) -> None:
        for name, spool in self.spools.items():
            spool.write(measure_lines(name, queries, values[name], self.width))

    def end(self, aggregate: dict) -> None:
        for name in self.names:
            if name in self.spools:
                _copy(self.spools[name], self.out)
            self.out.write(f"{name:<{self.width}}\tall\t{aggregate[name]:.4f}\n")
        for spool in self.spools.values():
            spool.close()


def streaming_writer(output: str, out: TextIO, names, per_query: bool):
    """The writer of ``--output`` (``text``, ``json`` or ``csv``) for an evaluation computed a batch at a time."""
    kind = {"json": JsonWriter, "csv": CsvWriter}.get(output, TextWriter)
    return kind(out, names, per_query)


class _CsvText:
    """A ``csv.writer`` (the dialect pandas' ``to_csv`` uses) into a list of strings taken in chunks."""

    def __init__(self):
        self.parts: list[str] = []
        self.writer = csv.writer(self, lineterminator="\n", quoting=csv.QUOTE_MINIMAL)

    def write(self, text: str) -> None:
        self.parts.append(text)

    def take(self) -> str:
        text, self.parts = "".join(self.parts), []
        return text
