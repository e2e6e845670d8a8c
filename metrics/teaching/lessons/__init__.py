"""Lessons: scenes over boards, each a step of an explainer to look at and a question to predict before the reveal,
with the teacher's notes, the mistake students make there and a hint. Written as TOML files (:mod:`.reading`);
every value is computed by the core (:mod:`.compute`), none is written in the file.

>>> [lesson.id for lesson in builtin_lessons()][:2]
['hits-to-positions', 'graded-relevance']
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .compute import Mistake, Verdict, answer, explanation, option_values, steps
from .mistakes import check
from .model import LANGUAGES, VIEWS, Lesson, Option, Problem, QuerySet, Question, Scene, SceneBoard, Text
from .plan import lesson_plan
from .reading import LessonError, check_lesson, check_text, parse_lesson, read_lesson

#: the built-in lessons' folder: one TOML file a lesson, in the order a course takes them (their names sort so)
BUILTIN = Path(__file__).resolve().parent / "builtin"


@lru_cache(maxsize=1)
def builtin_lessons() -> tuple[Lesson, ...]:
    """The built-in lessons, in course order (read once; a problem in one is a LessonError)."""
    return tuple(read_lesson(path) for path in sorted(BUILTIN.glob("*.toml")))


def builtin_lesson(lesson_id: str) -> Lesson:
    """The built-in lesson ``lesson_id``; KeyError when there is none."""
    for lesson in builtin_lessons():
        if lesson.id == lesson_id:
            return lesson
    raise KeyError(lesson_id)


__all__ = [
    "BUILTIN",
    "LANGUAGES",
    "VIEWS",
    "Lesson",
    "LessonError",
    "Mistake",
    "Option",
    "Problem",
    "QuerySet",
    "Question",
    "Scene",
    "SceneBoard",
    "Text",
    "Verdict",
    "answer",
    "builtin_lesson",
    "builtin_lessons",
    "check",
    "check_lesson",
    "check_text",
    "explanation",
    "lesson_plan",
    "option_values",
    "parse_lesson",
    "read_lesson",
    "steps",
]
