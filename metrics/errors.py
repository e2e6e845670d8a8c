"""The one exception type for bad input."""

from __future__ import annotations


class MetricsInputError(ValueError):
    """Bad input: the message names the source, the line (when known) and the problem.

    >>> str(MetricsInputError("expected 6 fields, got 4", source="run.txt", line=7))
    'run.txt line 7: expected 6 fields, got 4'
    """

    def __init__(self, problem: str, source: str | None = None, line: int | None = None):
        self.problem = problem
        self.source = source
        self.line = line
        where = source or ""
        if line is not None:
            where = f"{where} line {line}".strip()
        super().__init__(f"{where}: {problem}" if where else problem)
