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
    names = list(dict.fromkeys(evaluation.values if names is None else names))
    keys = [json.dumps(name) for name in names]
    means = _json_numbers([evaluation.aggregate[name] for name in names])
    out.write('{\n  "aggregate": {' + ",".join(f"\n    {key}: {mean}" for key, mean in zip(keys, means))
              + ("\n  }" if names else "}") + ',\n  "per_query": ')
    queries = evaluation.queries
    if not (per_query and len(queries)):
        out.write("{}\n}\n")
        return
    # one query's block: '    "q": {\n      "name": value,\n ...\n    }' as a %-template
    template = ("    %s: {" + ",".join(f"\n      {key.replace('%', '%%')}: %s" for key in keys)
                + ("\n    }" if keys else "}"))
    out.write("{\n")
    for start in range(0, len(queries), CHUNK):
        stop = min(start + CHUNK, len(queries))
        columns = [_json_numbers(evaluation.values[name][start:stop]) for name in names]
        rows = zip(map(json.dumps, queries[start:stop]), *columns)
        out.write(("" if start == 0 else ",\n") + ",\n".join([template % row for row in rows]))
    out.write("\n  }\n}\n")


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
    names = list(evaluation.values if names is None else names)
    text = _CsvText()
    text.writer.writerow(["query", *names])
    queries = evaluation.queries if per_query else ()
    for start in range(0, len(queries), CHUNK):
        stop = min(start + CHUNK, len(queries))
        columns = [_csv_numbers(evaluation.values[name][start:stop]) for name in names]
        text.writer.writerows(zip(queries[start:stop], *columns))
        out.write(text.take())
    text.writer.writerow(["all", *_csv_numbers([evaluation.aggregate[name] for name in names])])
    out.write(text.take())


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
