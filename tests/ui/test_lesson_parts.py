"""The lesson page's parts that must agree with the core and the routes (no Streamlit run)."""

from __future__ import annotations

from metrics.teaching.lessons import builtin_lessons
from metrics.teaching.lessons.compute import CONVENTION_MISTAKES
from metrics.teaching.lessons.reading import PAGES
from ui.classroom.lessons import live_lesson, question, walk
from ui.shell.routes import NAMES


def test_the_conventions_mistakes_are_the_cores_said_once_more_for_translation():
    assert question.CONVENTION_TITLES == CONVENTION_MISTAKES


def test_a_lesson_reads_on_to_the_apps_pages_each_with_its_title():
    assert set(PAGES) == set(NAMES) - {"lesson"}
    assert set(PAGES) <= set(walk.READ_ON_TITLES)


def test_every_answer_travels_to_a_live_class_as_a_number_and_back():
    for lesson in builtin_lessons():
        for scene in lesson.scenes:
            if scene.question is None:
                continue
            exact = question.answer(lesson, scene)
            number = live_lesson.as_number(lesson, scene, exact)
            low, high = live_lesson.answer_range(lesson, scene)
            assert low <= number <= high, (lesson.id, scene.id)
            back = live_lesson.from_number(scene, number)
            assert back == exact or abs(back - exact) < 1e-12, (lesson.id, scene.id)


def test_a_step_window_promises_the_whole_table_below_only_where_the_page_gives_it():
    """An explainer page gives the whole table under its step window; a lesson's scene and a follower's view do not,
    and their window says only how many rows are above."""
    import pandas as pd

    from ui.teaching import lecture

    table = pd.DataFrame({"rank": range(1, 13), "relevant": [True] * 12, "gain": [1.0] * 12})
    first = 12 - lecture.window_rows()
    assert lecture.window(table, 12)[-1] == f"⋯ ranks 1–{first} above (the whole table is below)"
    assert lecture.window(table, 12, whole_below=False)[-1] == f"⋯ ranks 1–{first} above"
    assert lecture.window(table, lecture.window_rows() + 1, unit="query", whole_below=False)[-1] == "⋯ row 1 above"
    assert lecture.window(table, lecture.window_rows())[-1] == ""
