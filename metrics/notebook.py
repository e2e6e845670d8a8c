"""How an :class:`~metrics.explanation.Explanation` and an :class:`~metrics.batch.Evaluation` show in a notebook
and a terminal: a one-line ``repr`` (no numpy arrays), and IPython's rich displays ``_repr_html_`` and
``_repr_markdown_`` -- what the app shows, in a cell: for an explanation the headline, the worked formula with the
user's numbers and the step table; for an evaluation the means and the per-query table (long tables cut in the
middle, saying how many rows are hidden).  Every text from the data is escaped: names are text, never HTML.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from .batch.evaluation import Evaluation
    from .explanation import Explanation

DIGITS = 4  #: decimals shown, as trec_eval prints them
ROWS_SHOWN = 20  #: a longer table shows its first and last 10 rows


def number(value, whole: bool = False) -> str:
    """A value as the tables show it: with :data:`DIGITS` decimals, or as an integer in a column of ``whole``
    numbers (ranks, grades, counts); text as it is."""
    if isinstance(value, bool) or value is None:
        return str(value)
    try:
        value = float(value)
    except (TypeError, ValueError):
        return str(value)
    if value != value:
        return "nan"
    return str(int(value)) if whole else f"{value:.{DIGITS}f}"


def _whole_columns(frame: pd.DataFrame) -> list[bool]:
    """For each column: whether every value is a whole number (then shown without decimals)."""
    import numpy as np
    import pandas as pd

    whole = []
    for _, column in frame.items():
        values = pd.to_numeric(column, errors="coerce").to_numpy(dtype=float)
        finite = values[np.isfinite(values)]
        whole.append(bool(len(finite)) and bool(np.all(finite == np.round(finite))) and bool(np.all(abs(finite) < 1e15)))
    return whole


def _cut(frame: pd.DataFrame) -> tuple[pd.DataFrame, int]:
    """``frame``, or its first and last rows when it is longer than :data:`ROWS_SHOWN`, and the rows left out."""
    if len(frame) <= ROWS_SHOWN:
        return frame, 0
    import pandas as pd

    half = ROWS_SHOWN // 2
    return pd.concat([frame.head(half), frame.tail(half)]), len(frame) - ROWS_SHOWN


def _html_table(frame: pd.DataFrame, index_name: str | None = None) -> str:
    shown, hidden = _cut(frame)
    whole = _whole_columns(frame)
    columns = ([index_name] if index_name else []) + [str(c) for c in shown.columns]
    head = "".join(f"<th>{html.escape(c)}</th>" for c in columns)
    rows = []
    for position, (label, row) in enumerate(shown.iterrows()):
        if hidden and position == ROWS_SHOWN // 2:
            rows.append(f'<tr><td colspan="{len(columns)}">… {hidden:,} more rows …</td></tr>')
        cells = ([f"<th>{html.escape(str(label))}</th>"] if index_name else []) + [
            f"<td>{html.escape(number(value, w))}</td>" for value, w in zip(row, whole)]
        rows.append(f"<tr>{''.join(cells)}</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def _markdown_cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _markdown_table(frame: pd.DataFrame, index_name: str | None = None) -> str:
    shown, hidden = _cut(frame)
    whole = _whole_columns(frame)
    columns = ([index_name] if index_name else []) + [str(c) for c in shown.columns]
    lines = ["| " + " | ".join(_markdown_cell(c) for c in columns) + " |", "|" + "---|" * len(columns)]
    for position, (label, row) in enumerate(shown.iterrows()):
        if hidden and position == ROWS_SHOWN // 2:
            lines.append(f"| … {hidden:,} more rows … |" + " |" * (len(columns) - 1))
        cells = ([str(label)] if index_name else []) + [number(value, w) for value, w in zip(row, whole)]
        lines.append("| " + " | ".join(_markdown_cell(c) for c in cells) + " |")
    return "\n".join(lines)


# ------------------------------------------------------------------------------------------------ Explanation


def explanation_repr(explanation: Explanation) -> str:
    """``Explanation(nDCG(ideal=list)@3 = 0.9778, 3 steps: rank, item, rel, …)``."""
    columns = ", ".join(str(c) for c in explanation.table.columns)
    return (f"Explanation({explanation.measure} = {number(explanation.value)}, {len(explanation.table)} steps: "
            f"{columns})")


def explanation_html(explanation: Explanation) -> str:
    name = html.escape(explanation.measure)
    return (f"<div><p><b>{name} = {html.escape(number(explanation.value))}</b></p>"
            f"<pre>{html.escape(explanation.worked_text)}</pre>"
            f"{_html_table(explanation.table)}</div>")


def explanation_markdown(explanation: Explanation) -> str:
    worked = explanation.worked.replace(r" \\ ", "\n$$\n\n$$\n")
    return (f"**{_markdown_cell(explanation.measure)} = {number(explanation.value)}**\n\n$$\n{worked}\n$$\n\n"
            f"{_markdown_table(explanation.table)}\n")


# ------------------------------------------------------------------------------------------------ Evaluation


def evaluation_repr(evaluation: Evaluation) -> str:
    """``Evaluation(3 queries; P@1 = 0.0000, RR = 0.5000, AP = 0.5000)``."""
    count = len(evaluation.queries)
    means = ", ".join(f"{name} = {value:.{DIGITS}f}" for name, value in evaluation.aggregate.items())
    return f"Evaluation({count:,} {'query' if count == 1 else 'queries'}; {means})"


def _with_means(evaluation: Evaluation) -> pd.DataFrame:
    frame = evaluation.per_query.copy()
    frame.loc["all (mean)"] = [evaluation.aggregate[name] for name in frame.columns]
    return frame


def evaluation_html(evaluation: Evaluation) -> str:
    means = ", ".join(f"{html.escape(name)} = {value:.{DIGITS}f}" for name, value in evaluation.aggregate.items())
    return (f"<div><p><b>{len(evaluation.queries):,} queries</b>: {means}</p>"
            f"{_html_table(_with_means(evaluation), 'query')}</div>")


def evaluation_markdown(evaluation: Evaluation) -> str:
    return f"**{len(evaluation.queries):,} queries**\n\n{_markdown_table(_with_means(evaluation), 'query')}\n"
