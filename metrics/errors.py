"""The one exception type for bad input."""

from __future__ import annotations


class MetricsInputError(ValueError):
    """Bad input: the message names the source, the line (when known) and the problem.

    ``template`` and ``fields`` (when given) say the problem again for a translator:
    ``problem == template.format(**fields)``; the fields hold display text (quoted input, counts),
    and those named in ``words`` are English words to translate with the template.
    :func:`input_error` builds such an error.

    >>> str(MetricsInputError("expected 6 fields, got 4", source="run.txt", line=7))
    'run.txt line 7: expected 6 fields, got 4'
    """

    def __init__(self, problem: str, source: str | None = None, line: int | None = None, *,
                 template: str | None = None, fields: dict | None = None, words: tuple[str, ...] = ()):
        self.problem = problem
        self.source = source
        self.line = line
        self.template = template
        self.fields = dict(fields or {})
        self.words = tuple(words)
        where = source or ""
        if line is not None:
            where = f"{where} line {line}".strip()
        super().__init__(f"{where}: {problem}" if where else problem)


class GradesBelowLevelWarning(UserWarning):
    """Judged grades above 0 but below a measure's relevance level (``AP(rel=2)`` and grade 1) count as not
    relevant for that measure -- while gain-based measures (nDCG) still use them: said, never silent."""


def input_error(template: str, source: str | None = None, line: int | None = None, *,
                words: tuple[str, ...] = (), **fields) -> MetricsInputError:
    """A :class:`MetricsInputError` whose problem is ``template`` filled with ``fields``.

    ``template`` is a literal ``str.format`` template (tests/ui/i18n/test_i18n_errors.py lists every one
    and checks the UI translates it); quote input in a field with ``repr`` at the call.

    >>> error = input_error("expected {want} fields, got {got}", "run.txt", 7, want=6, got=4)
    >>> str(error), error.template, error.fields
    ('run.txt line 7: expected 6 fields, got 4', 'expected {want} fields, got {got}', {'want': 6, 'got': 4})
    """
    return MetricsInputError(template.format(**fields), source, line, template=template, fields=fields,
                             words=words)
