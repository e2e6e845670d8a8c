"""Where a reader is in a lesson, kept in the session and in the link: the lesson's id, the scene (from 1; one past
the last is the summary), learning or teaching, and the student's answers so far (scene id -> the answer given). A
reload, Back to the page or a shared link resume at the same scene with the same answers.

Lessons uploaded by a teacher live in the session only (their id is in the link; a new session asks for the file
again)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace

import streamlit as st

from metrics.teaching.lessons import Lesson, builtin_lessons

LESSON, SCENE, MODE, ANSWERS = "lesson", "scene", "mode", "answers"  #: the link's parameters
MODES = ("learn", "teach")
PROGRESS = "lesson__progress"  #: the session's Progress
UPLOADED = "lesson__uploaded"  #: the session's uploaded lessons: id -> Lesson
MAX_ANSWER_TEXT = 64  #: an answer longer than this in a link is not an answer


@dataclass(frozen=True)
class Progress:
    """A reader's place in a lesson: ``lesson`` (its id; None: none chosen), ``scene`` (1-based; one past the last:
    the summary), ``mode`` and the ``answers`` given (scene id -> number or option id)."""

    lesson: str | None = None
    scene: int = 1
    mode: str = "learn"
    answers: dict = field(default_factory=dict)

    def params(self) -> dict[str, str]:
        """The link's parameters for this place."""
        if self.lesson is None:
            return {}
        params = {LESSON: self.lesson, SCENE: str(self.scene), MODE: self.mode}
        if self.answers:
            params[ANSWERS] = json.dumps(self.answers, ensure_ascii=False, separators=(",", ":"))
        return params


def lessons() -> dict[str, Lesson]:
    """Every lesson this session can open: the built-in ones, then those it uploaded."""
    return {**{lesson.id: lesson for lesson in builtin_lessons()}, **st.session_state.get(UPLOADED, {})}


def _answers(text: str | None) -> dict:
    """The answers a link holds (malformed or odd entries are dropped, never trusted)."""
    try:
        data = json.loads(text) if text else {}
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(key)[:MAX_ANSWER_TEXT]: value for key, value in data.items()
            if (isinstance(value, (int, float)) and not isinstance(value, bool))
            or (isinstance(value, str) and len(value) <= MAX_ANSWER_TEXT)}


def from_link() -> Progress | None:
    """The place the link names, or None when it names no lesson."""
    lesson = st.query_params.get(LESSON)
    if not lesson:
        return None
    try:
        scene = max(1, int(st.query_params.get(SCENE, "1")))
    except ValueError:
        scene = 1
    mode = st.query_params.get(MODE, "learn")
    return Progress(lesson[:MAX_ANSWER_TEXT], scene, mode if mode in MODES else "learn",
                    _answers(st.query_params.get(ANSWERS)))


def current() -> Progress:
    """This reader's place: the link's when it names a lesson (a reload, a shared link), else the session's."""
    linked = from_link()
    if linked is not None and linked != st.session_state.get(PROGRESS):
        st.session_state[PROGRESS] = linked
    return st.session_state.get(PROGRESS) or Progress()


def save(progress: Progress) -> None:
    """Keep ``progress`` in the session and in the link (the page's own parameters only)."""
    st.session_state[PROGRESS] = progress
    wanted = progress.params()
    for name in (LESSON, SCENE, MODE, ANSWERS):
        if name not in wanted and name in st.query_params:
            del st.query_params[name]
    for name, value in wanted.items():
        if st.query_params.get(name) != value:
            st.query_params[name] = value


def go(**changes) -> None:
    """Move this reader (a callback): another lesson, scene, mode or answers."""
    save(replace(current(), **changes))
