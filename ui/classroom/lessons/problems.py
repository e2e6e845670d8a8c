"""A lesson file's problems in the reader's language: one Markdown line each, "file: scene 'id': field: problem",
as ``python -m metrics lesson check`` prints them in English. The names and the input the problem quotes are the
author's text, shown literally; the field is a path of the file (``question.measure``), shown as code."""

from __future__ import annotations

from metrics.teaching.lessons.model import Problem
from ui.i18n import t
from ui.locale import known
from ui.session import state
from ui.shell.safe import code, plain


def problem_text(problem: Problem) -> str:
    """What is wrong, as Markdown: a template the catalogue knows translated, its input escaped; else the English
    message escaped."""
    if not known(problem.template):
        return plain(problem.message)
    return state.message(problem, escape=plain)


def problem_line(problem: Problem) -> str:
    """One problem as one Markdown line: the file, the scene (when the problem is in one), the field, what is wrong."""
    where = {"source": plain(problem.source), "field": code(problem.field), "problem": problem_text(problem)}
    if problem.scene is None:
        return t("{source}: {field}: {problem}").format(**where)
    return t("{source}: scene {scene}: {field}: {problem}").format(scene=plain(repr(problem.scene)), **where)


def problems_text(problems: list[Problem]) -> str:
    """Every problem, a Markdown list of one line each."""
    return "\n".join(f"- {problem_line(problem)}" for problem in problems)
