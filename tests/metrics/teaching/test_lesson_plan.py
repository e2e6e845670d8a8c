"""Lesson plans: every built-in lesson's plan, in English and Chinese, holds every scene's title and the exact answer
the core computes (a choice: the right option and each option's value); the minutes add up; ``python -m metrics
lesson plan`` prints the same for a built-in lesson's id or a lesson file, and refuses what it cannot print."""

from __future__ import annotations

import io
import re
from itertools import pairwise

import pytest

from metrics.cli import main
from metrics.teaching.lessons import builtin_lesson, builtin_lessons, lesson_plan, parse_lesson
from metrics.teaching.lessons.compute import answer, option_values
from metrics.teaching.lessons.plan import DECIMALS, PAGE_TITLES, WORDS, timing

LESSON_IDS = [lesson.id for lesson in builtin_lessons()]


def run(*argv) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main([str(a) for a in argv], out, err)
    return status, out.getvalue(), err.getvalue()


def _shown(value) -> str:
    return value if isinstance(value, str) else str(value) if isinstance(value, int) else f"{value:.{DECIMALS}f}"


def _scene_section(plan: str, number: int) -> str:
    """The text of scene ``number`` (1-based) in a plan: from its heading to the next level-2 heading."""
    sections = re.split(r"^## ", plan, flags=re.MULTILINE)
    return sections[number]


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_the_plan_holds_every_scene_s_title_and_computed_answer(lesson_id, language):
    lesson = builtin_lesson(lesson_id)
    plan = lesson_plan(lesson, language)
    w = WORDS[language]
    assert plan.startswith(f"# {lesson.title[language]}\n")
    assert lesson.summary[language] in plan
    assert w["minutes"].format(minutes=lesson.minutes) in plan
    for number, scene in enumerate(lesson.scenes, start=1):
        section = _scene_section(plan, number)
        assert section.startswith(w["scene"].format(i=number, n=len(lesson.scenes), title=scene.title[language]))
        for text in (scene.say, scene.mistake, scene.hint, scene.notes, scene.question.prompt):
            assert text[language] in section, scene.id
        exact = answer(lesson, scene)
        answer_line = next(line for line in section.splitlines() if line.startswith(f"**{w['answer']}**"))
        q = scene.question
        if q.kind == "value":
            assert answer_line == f"**{w['answer']}**{w['colon']}{_shown(exact)}"
        elif q.kind == "rank":
            assert answer_line == f"**{w['answer']}**{w['colon']}{w['rank_answer'].format(rank=exact)}"
        else:
            right = next(option for option in q.options if option.id == exact)
            assert right.label[language] in answer_line and f"`{exact}`" in answer_line
            values = option_values(lesson, scene)
            for option in q.options:
                row = next(line for line in section.splitlines()
                           if line.startswith("| ") and f"`{option.id}`" in line)
                if values:
                    assert f"| {_shown(values[option.id])} |" in row, (scene.id, option.id)
                assert row.rstrip().endswith("✔ |") == (option.id == exact)
    for page in lesson.read_on:
        assert f"{PAGE_TITLES[language][page]}" in plan.split(f"## {w['read_on']}")[1]


@pytest.mark.parametrize("minutes, scenes", [(20, 7), (25, 8), (15, 6), (5, 7), (1, 1), (180, 40)])
def test_the_lesson_s_minutes_are_split_across_its_scenes(minutes, scenes):
    spans = timing(minutes, scenes)
    assert len(spans) == scenes and spans[0][0] == 0 and spans[-1][1] == minutes
    assert all(a[1] == b[0] for a, b in pairwise(spans))
    lengths = [end - start for start, end in spans]
    assert max(lengths) - min(lengths) <= 1


def test_a_paired_scene_s_plan_names_both_query_sets_and_each_query_s_ap():
    lesson = builtin_lesson("is-b-better")
    section = _scene_section(lesson_plan(lesson), 3)  # steady-gains: A against C
    assert "| query | system A (a) | system B (c) | R |" in section
    assert "over its whole ranking (trec_eval's map)" in section


def test_a_board_with_scores_and_unreturned_items_is_shown_whole():
    lesson = builtin_lesson("libraries-disagree")
    section = _scene_section(lesson_plan(lesson), 1)
    assert "| rank | item | grade | score |" in section
    assert "| 3 | d4 | 1 | 0.7 |" in section
    assert "Judged, not returned: d6 (grade 1)." in section


TINY = """\
id = "tiny-plan"
minutes = 10
languages = ["en"]
title = "A tiny plan"
summary = "Two scenes."
read_on = ["ap"]

[boards.a]
grades = { x = 1, y = 0, z = 1, w = "?" }
ranking = ["y", "x", "w"]
k = 3

[[scenes]]
id = "ap"
view = "ap"
board = "a"
title = "AP"
say = "Compute AP."
[scenes.question]
kind = "value"
measure = "AP"
prompt = "What is AP?"

[[scenes]]
id = "pick"
view = "rr"
board = "a"
title = "Pick"
say = "Which?"
[scenes.question]
kind = "choice"
answer = "one"
prompt = "Pick one."
options = [{ id = "one", label = "the first" }, { id = "two", label = "the second" }]
"""


def test_a_choice_without_measures_shows_its_right_option_and_no_values():
    lesson = parse_lesson(TINY)
    plan = lesson_plan(lesson)
    pick = _scene_section(plan, 2)
    assert "**Exact answer**: the first (`one`)" in pick
    assert "| option | right |" in pick and "| the first (`one`) | ✔ |" in pick
    ap = _scene_section(plan, 1)
    assert f"**Exact answer**: {answer(lesson, lesson.scene('ap')):.4f}" in ap
    assert "| 3 | w | unjudged |" in ap
    assert "*Timing*: minute 0 to 5 (5 min)" in ap
    assert "- AP / MAP (`ap`)" in plan.split("## Read on")[1]


def test_a_plan_is_printed_only_in_one_of_the_lesson_s_languages():
    with pytest.raises(Exception, match="written in en"):
        lesson_plan(parse_lesson(TINY), "zh")


def test_the_page_titles_are_the_app_s():
    from ui.shell.routes import SECTIONS

    titles = {route.name: route.title for routes in SECTIONS.values() for route in routes}
    for page, title in PAGE_TITLES["en"].items():
        assert titles[page] == title, page
    from metrics.teaching.lessons.reading import PAGES

    assert set(PAGE_TITLES["en"]) == set(PAGE_TITLES["zh"]) == set(PAGES)


# --------------------------------------------------------------------------- the command line


@pytest.mark.parametrize("language", ["en", "zh"])
def test_lesson_plan_prints_a_built_in_lesson_s_plan(language):
    args = ["lesson", "plan", "is-b-better"] + (["--language", language] if language != "en" else [])
    status, out, err = run(*args)
    assert (status, err) == (0, "")
    assert out == lesson_plan(builtin_lesson("is-b-better"), language)


def test_lesson_plan_prints_a_lesson_file_s_plan(tmp_path):
    path = tmp_path / "tiny.toml"
    path.write_text(TINY, encoding="utf-8")
    assert run("lesson", "plan", path) == (0, lesson_plan(parse_lesson(TINY)), "")


def test_lesson_plan_refuses_an_unknown_lesson_a_language_and_a_broken_file(tmp_path):
    status, out, err = run("lesson", "plan", "no-such-lesson")
    assert status == 2 and out == "" and len(err.splitlines()) == 1
    assert "no lesson 'no-such-lesson'" in err and "hits-to-positions" in err
    status, out, err = run("lesson", "plan", "hits-to-positions", "--language", "fr")
    assert status == 2 and out == "" and "written in en, zh, not 'fr'" in err
    path = tmp_path / "bad.toml"
    path.write_text(TINY.replace('measure = "AP"', 'measure = "AP"\nexpect = 0.9'), encoding="utf-8")
    status, out, err = run("lesson", "plan", path)
    checked = run("lesson", "check", path)
    assert status == 2 and out == "" and err == checked[2] and len(err.splitlines()) == 1
    assert "question.expect" in err


def test_a_literal_option_s_why_is_in_the_plan():
    """A literal choice's options each with what a learner who picks it is told (its ``why``), in both languages."""
    from tests.metrics.teaching.test_lesson_mistakes import CHOICE, WHY

    lesson = parse_lesson(CHOICE.format(why=WHY))
    for language, row in (("en", "| the list (`list`) |  | The list leaves out the unreturned items. |"),
                          ("zh", "| 列表（`list`） |  | 列表漏掉了没有返回的条目。 |")):
        section = _scene_section(lesson_plan(lesson, language), 2)
        assert f"| {WORDS[language]['option']} | {WORDS[language]['right']} | {WORDS[language]['why']} |" in section
        assert row in section, section
    assert WORDS["en"]["why"] not in _scene_section(lesson_plan(lesson, "en"), 1)  # a computed choice: no such column
