"""The lessons that use a page, linked from it: an explainer page stays free exploration, one click from the guided
path through it."""

from __future__ import annotations

import streamlit as st

from metrics.teaching.lessons import builtin_lessons
from ui.i18n import language, t
from ui.shell.routes import page_file


def lessons_using(page: str) -> list:
    """The built-in lessons with a scene on ``page``'s view, or that send the reader on to it."""
    return [lesson for lesson in builtin_lessons()
            if any(scene.view == page for scene in lesson.scenes) or page in lesson.read_on]


def lesson_links(page: str) -> None:
    """A line of links to the lessons that use ``page`` (nothing when none does)."""
    found = lessons_using(page)
    if not found:
        return
    with st.container(horizontal=True, gap="small", key="lesson_links"):
        st.caption(t("Learn it in a lesson:"))
        for lesson in found:
            st.page_link(page_file("lesson"), label=lesson.title.in_language(language()), icon=":material/school:",
                         query_params={"lesson": lesson.id, "scene": "1", "mode": "learn"})
