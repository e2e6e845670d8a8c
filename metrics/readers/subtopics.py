"""Subtopic qrels, ndeval's format: ``topic subtopic docid grade``, fields separated by spaces or tabs.

The TREC Web track's diversity judgments (2009-2014): one line per (topic, subtopic, document), the grade an
integer, above 0 when the document is relevant to that subtopic (ndeval reads every grade above 0 as 1).
Bad input is refused with one message naming the file, the line and the problem.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import input_error
from ..limits import Limits, check_lines, resolve
from ..messages import N_
from .fields import INT_RE, parse_number, quote
from .sources import check_utf8, load_bytes

SUBTOPIC_FIELDS = "topic subtopic docid grade"

#: a 6-field line: a TREC run given where subtopic qrels were expected
SUBTOPIC_PROBLEMS = {
    "count": N_("expected {want} fields ({spec}), got {got}"),
    "run": N_("expected {want} fields ({spec}), got {got}; this looks like a TREC run, not qrels"),
    "integer": "grade must be an integer (ndeval reads grades 0, 1, 2, ...), got {text}",
    "twice": "grade of document {item} for subtopic {subtopic} listed twice for query {query} "
             "(lines {earlier} and {lineno})",
}


@dataclass
class SubtopicQrels:
    """Subtopic judgments: ``judgments[query][docid][subtopic]`` is the grade (an int), ``source`` the file's name.

    ``lines`` keeps each (query, subtopic, docid, grade) in file order (pyndeval's ``SubtopicQrel`` tuples)."""

    judgments: dict[str, dict[str, dict[str, int]]]
    source: str
    lines: list[tuple[str, str, str, int]] = field(default_factory=list, repr=False)

    @property
    def queries(self) -> list[str]:
        return list(self.judgments)


def read_subtopic_qrels(source, name: str | None = None, *, max_bytes: int | None = None,
                        limits: Limits | None = None) -> SubtopicQrels:
    """Read subtopic qrels (``topic subtopic docid grade``, ndeval's format).

    Raises
    ------
    MetricsInputError
        Empty input, a line without 4 fields (a TREC run said so), a grade that is not an integer, a
        (topic, subtopic, docid) listed twice (both lines named), invalid UTF-8, input over ``max_bytes`` or
        over ``limits`` (:mod:`metrics.limits`).

    >>> read_subtopic_qrels(b"1 1 d1 1\\n1 2 d1 0\\n1 2 d2 2\\n").judgments
    {'1': {'d1': {'1': 1, '2': 0}, 'd2': {'2': 2}}}
    """
    limits = resolve(limits, max_bytes)
    data, name = load_bytes(source, name, limits.bytes, "subtopic qrels", limits.lines)
    check_utf8(data, name)
    check_lines(data, name, limits)
    judgments: dict[str, dict[str, dict[str, int]]] = {}
    lines: list[tuple[str, str, str, int]] = []
    seen: dict[tuple[str, str, str], int] = {}
    for lineno, raw in enumerate(data.split(b"\n"), 1):
        parts = raw.split()
        if not parts:
            continue
        if len(parts) != 4:
            why = "run" if len(parts) == 6 else "count"
            raise input_error(SUBTOPIC_PROBLEMS[why], name, lineno, want=4, spec=SUBTOPIC_FIELDS, got=len(parts))
        query, subtopic, item = (part.decode("utf-8") for part in parts[:3])
        grade = parse_number(parts[3], "grade", name, lineno)
        if not INT_RE.fullmatch(parts[3]):
            raise input_error(SUBTOPIC_PROBLEMS["integer"], name, lineno, text=quote(parts[3].decode("utf-8")))
        earlier = seen.setdefault((query, subtopic, item), lineno)
        if earlier != lineno:
            raise input_error(SUBTOPIC_PROBLEMS["twice"], name, lineno, item=quote(item), subtopic=quote(subtopic),
                              query=quote(query), earlier=earlier, lineno=lineno)
        judgments.setdefault(query, {}).setdefault(item, {})[subtopic] = int(grade)
        lines.append((query, subtopic, item, int(grade)))
    if not lines:
        raise input_error(N_("empty file: no {label} lines ('{spec}')"), name, label="subtopic qrels",
                          spec=SUBTOPIC_FIELDS)
    return SubtopicQrels(judgments, name, lines)
