"""Where a reader is in a lesson, kept in the session and in the link: the lesson's id, the scene (from 1; one past
the last is the summary), learning or teaching, and the student's answers so far (scene id -> the answer given). A
reload, Back to the page or a shared link resume at the same scene with the same answers.

Lessons uploaded by a teacher live in the session only (their id is in the link; a new session asks for the file
again)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace

import streamlit as st

from metrics.errors import MetricsInputError
from metrics.teaching.lessons import Lesson, builtin_lessons, parse_lesson

LESSON, SCENE, MODE, ANSWERS = "lesson", "scene", "mode", "answers"  #: the link's parameters
MODES = ("learn", "teach", "follow")  #: alone, in front of a class, following the teacher in a live class
PROGRESS = "lesson__progress"  #: the session's Progress
UPLOADED = "lesson__uploaded"  #: the session's uploaded lessons: id -> Lesson
UPLOADED_TEXT = "lesson__uploaded_text"  #: their files' text: id -> TOML (a live class sends it to its students)
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


def step_key(lesson_id: str, scene_id: str) -> str:
    """The session-state key of a scene's step (None: the scene's own step)."""
    return f"lesson__step_{lesson_id}_{scene_id}"


def revealed_key(lesson_id: str, scene_id: str) -> str:
    """The session-state key of whether a scene's answer was revealed (or given up on)."""
    return f"lesson__revealed_{lesson_id}_{scene_id}"


def add_uploaded(lesson: Lesson, text: str) -> None:
    st.session_state.setdefault(UPLOADED, {})[lesson.id] = lesson
    st.session_state.setdefault(UPLOADED_TEXT, {})[lesson.id] = text


def published() -> dict | None:
    """Where this teacher is in a lesson, for a live class's students: the lesson (and, for an uploaded one, its
    file's text), the scene, the step and whether the answer was revealed; None outside a lesson."""
    place = st.session_state.get(PROGRESS)
    if place is None or place.lesson is None or place.lesson not in lessons():
        return None
    lesson = lessons()[place.lesson]
    if place.scene > len(lesson.scenes):
        return {"id": lesson.id, "scene": place.scene, "source": st.session_state.get(UPLOADED_TEXT, {}).get(lesson.id)}
    scene = lesson.scenes[place.scene - 1]
    return {"id": lesson.id, "scene": place.scene, "step": st.session_state.get(step_key(lesson.id, scene.id)),
            "revealed": bool(st.session_state.get(revealed_key(lesson.id, scene.id))),
            "source": st.session_state.get(UPLOADED_TEXT, {}).get(lesson.id)}


def follow(data) -> bool:
    """Show a following student the teacher's place in a lesson (:func:`published`): True when it changed. A lesson
    the student's session lacks (uploaded by the teacher) is read from the text sent, with every check."""
    if not isinstance(data, dict) or not isinstance(data.get("id"), str) or not isinstance(data.get("scene"), int):
        return False
    if data["id"] not in lessons():
        if not isinstance(data.get("source"), str):
            return False
        try:
            lesson = parse_lesson(data["source"], "the teacher's lesson")
        except MetricsInputError:
            return False
        if lesson.id != data["id"]:
            return False
        add_uploaded(lesson, data["source"])
    lesson = lessons()[data["id"]]
    wanted = Progress(lesson.id, max(1, data["scene"]), "follow", {})
    changed = st.session_state.get(PROGRESS) != wanted
    if data["scene"] <= len(lesson.scenes):
        scene = lesson.scenes[data["scene"] - 1]
        step = data.get("step") if isinstance(data.get("step"), int) else None
        revealed = bool(data.get("revealed"))
        keys = step_key(lesson.id, scene.id), revealed_key(lesson.id, scene.id)
        if (st.session_state.get(keys[0]), bool(st.session_state.get(keys[1]))) != (step, revealed):
            st.session_state[keys[0]], st.session_state[keys[1]] = step, revealed
            changed = True
    if changed:
        save(wanted)
    return changed
