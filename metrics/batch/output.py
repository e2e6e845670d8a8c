"""trec_eval's text output of a batch evaluation, written in bulk (no pandas).

``python -m metrics evaluate`` prints, for each measure, one line per query (with ``-q``) and then
the mean: ``name<TAB>query<TAB>value``, the name left-aligned in 22 characters (wider when a name
is longer), the value with 4 decimals -- trec_eval's ``%-22s\\t%s\\t%6.4f`` for values in [0, 1].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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
