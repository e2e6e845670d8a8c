"""AppTest: the lessons page (pages/lesson.py) — the list of lessons, a student's walk (a wrong answer named by its
mistake in words that fit its kind: a number, a rank, an option; a right one; the summary), progress kept in the link and resumed from it, the teacher's reveal, a teacher's
own lesson file refused with its problems named, and every scene's headline equal to its explainer page's.

Every lesson is walked (``builtin_lessons()``: a new lesson is tested without editing this file) and every expected
number comes from the core (``metrics.teaching.lessons``: ``answer``, ``check``, ``explanation``), none is written
here."""

from __future__ import annotations

import json

import pytest

from metrics.teaching import quiz
from metrics.teaching.lessons import (
    Lesson,
    Scene,
    answer,
    builtin_lesson,
    builtin_lessons,
    check,
    check_text,
    compute,
    explanation,
    mistakes,
    option_values,
    steps,
)
from tests.apptest_helpers import shown
from ui.classroom.lessons import progress, scene_view, walk
from ui.session import state

pytestmark = pytest.mark.slow  # AppTest walks of every lesson: the full run's tier

PAGE = "pages/lesson.py"
LESSONS = builtin_lessons()
IDS = [lesson.id for lesson in LESSONS]


# --------------------------------------------------------------------------- helpers


def ok(at):
    """``at`` after a run without an exception."""
    assert not at.exception, [e.message for e in at.exception]
    return at


def open_list(app_test, language: str = "en"):
    """A new session on the lessons page, in ``language``."""
    at = app_test()
    ok(at.run())
    if language != "en":
        ok(at.radio(key="sidebar_language").set_value(language).run())
    return ok(at.switch_page(PAGE).run())


def start(app_test, lesson: Lesson, mode: str, language: str = "en"):
    """A new session that opens ``lesson`` from the list (its Learn alone / Teach a class button)."""
    at = open_list(app_test, language)
    number = IDS.index(lesson.id) + 1
    return ok(at.button(key=f"lesson__{mode}_{number}").click().run())


def place(at) -> progress.Progress:
    return at.session_state[progress.PROGRESS]


def texts(at) -> str:
    """Everything the main area writes (alerts, Markdown, captions, formulas, tables' cells)."""
    parts = [shown(e) for kind in (at.main.warning, at.main.info, at.main.success, at.main.error, at.main.markdown,
                                   at.main.caption, at.main.latex, at.main.metric) for e in kind
             if isinstance(getattr(e, "value", None), str)]
    parts += [m.label for m in at.main.metric]
    parts += [e.proto.body for e in at.main.html]
    return "\n".join(parts)


def bare(element) -> str:
    """An element's text as the reader sees it, without Markdown's bold."""
    return shown(element).replace("**", "")


REVEALED = ":green-background[:material/visibility: "  #: how the projector's question box says the answer



def revealed_answer(at) -> str | None:
    """What a teacher's question box says of the answer once revealed (highlighted text beside the question), bare;
    None before the reveal."""
    said = [m.value for m in at.main.get_by_key("lesson_question").markdown if m.value.startswith(REVEALED)]
    return said[0][len(REVEALED):-1].replace("**", "") if said else None


def headline(at) -> list[tuple[str, str]]:
    """The headline's metrics (label, value) of the page's stage, in order."""
    return [(m.label, m.value) for m in at.main.get_by_key("lecture_headline").metric]


def exact_text(lesson: Lesson, scene: Scene, language: str = "en") -> str:
    """The exact answer as a reveal writes it: 4 decimals, a rank, or the right option's label."""
    exact = answer(lesson, scene)
    q = scene.question
    if q.kind == "choice":
        return next(o.label.in_language(language) for o in q.options if o.id == exact)
    return str(exact) if q.kind == "rank" else f"{exact:.4f}"


def wrong_answer(lesson: Lesson, scene: Scene):
    """A wrong answer to the scene's question and the mistake ``check`` names for it (None when no wrong answer of
    this question is diagnosed): for a number, the value of a mistake the core knows (another convention's, the
    quiz's, a slip over many queries), written with 4 decimals; else a number no mistake gives. For a rank, a slip's
    rank; for a choice, an option named by a mistake when one is, else another option."""
    q = scene.question
    exact = answer(lesson, scene)
    if q.kind == "choice":
        wrong = [o.id for o in q.options if o.id != exact]
        named = [(given, check(lesson, scene, given).mistake) for given in wrong]
        return next(((given, m) for given, m in named if m is not None), (wrong[0], None))
    if q.kind == "rank":
        for slip in mistakes.rank_mistakes(lesson, scene, exact):
            verdict = check(lesson, scene, int(slip.value))
            if int(slip.value) >= 1 and verdict.mistake is not None:
                return int(slip.value), verdict.mistake
        return exact + 1, check(lesson, scene, exact + 1).mistake
    candidates = [m.value for m in compute.convention_mistakes(lesson, scene, exact)]
    if scene.queries is not None and q.measure in ("MAP", "MRR"):
        candidates += [m.value for m in mistakes.many_query_mistakes(lesson, scene, exact)]
    quizzed = compute.quiz_question(lesson, scene)
    if quizzed is not None:
        candidates += list(quiz.mistake_values(quizzed).values())
    for value in candidates:
        given = round(value, 4)
        verdict = check(lesson, scene, given)
        if not verdict.correct and not verdict.short and verdict.mistake is not None:
            return given, verdict.mistake
    for offset in (0.3, -0.3, 0.77, 1.9, 7.3):
        given = round(exact + offset, 4)
        verdict = check(lesson, scene, given)
        if not verdict.correct and not verdict.short and verdict.mistake is None:
            return given, None
    raise AssertionError(f"no wrong answer found for scene {scene.id}")


def head_of(lesson: Lesson, scene: Scene, language: str = "en") -> str:
    """How a wrong answer's verdict begins, bare: the exact answer, said as its kind is (a number, a rank, an
    option)."""
    exact = exact_text(lesson, scene, language)
    return {"choice": f"The right option is {exact}", "rank": f"The exact rank is {exact}"}.get(
        scene.question.kind, f"The exact answer is {exact}")


def right_answer(lesson: Lesson, scene: Scene):
    """The right answer as a student writes it: the value with the decimals asked for, the rank, the option."""
    exact = answer(lesson, scene)
    if scene.question.kind == "value":
        return round(exact, scene.question.decimals)
    return exact


def answer_key(lesson: Lesson, scene: Scene) -> str:
    return state.page_key("lesson", f"answer_{lesson.id}_{scene.id}")


def give(at, lesson: Lesson, scene: Scene, given):
    """Type (or choose) ``given`` in the scene's answer box and press Check."""
    key = answer_key(lesson, scene)
    if scene.question.kind == "choice":
        at.radio(key=key).set_value(given)
    else:
        at.number_input(key=key).set_value(given)
    return ok(at.button(key="lesson__check").click().run())


def in_scene(at, lesson: Lesson, number: int, language: str = "en") -> None:
    """The page shows scene ``number`` of ``lesson``: the header says so, its title is drawn."""
    scene = lesson.scenes[number - 1]
    assert place(at).scene == number
    header = at.main.get_by_key("lesson_header").markdown[0].value
    if language == "en":
        assert f"scene {number} of {len(lesson.scenes)}" in header, header
    else:
        assert str(number) in header and str(len(lesson.scenes)) in header, header
    assert any(scene.title.in_language(language) in shown(m) for m in at.main.markdown), scene.title


def link_answers(at) -> dict:
    return json.loads(at.query_params["answers"]) if "answers" in at.query_params else {}


def walk_answering(at, lesson: Lesson, answers: dict, check_verdict) -> None:
    """Walk every scene from the first: answer its question (``answers``: scene id -> the answer), check what the page
    says (``check_verdict(at, scene, given)``) and the link, then go on with "Scene ▶" until the summary."""
    given_so_far = {}
    for number, scene in enumerate(lesson.scenes, start=1):
        in_scene(at, lesson, number)
        if scene.question is not None:
            exact = exact_text(lesson, scene)
            if scene.question.kind == "value" and exact not in ("0.0000", "1.0000"):
                assert exact not in texts(at), f"scene {scene.id}: the answer {exact} is shown before the question"
            give(at, lesson, scene, answers[scene.id])
            given_so_far[scene.id] = answers[scene.id]
            check_verdict(at, scene, answers[scene.id])
            assert at.query_params["lesson"] == lesson.id and at.query_params["scene"] == str(number)
            assert link_answers(at) == given_so_far
        ok(at.button(key="lesson__next_scene").click().run())
    assert place(at).scene == len(lesson.scenes) + 1  # the summary
    assert at.query_params["scene"] == str(len(lesson.scenes) + 1)


def summary_rows(at) -> list[dict]:
    [table] = [d for d in at.main.dataframe if d.key == "lesson_summary"] or [at.main.dataframe[-1]]
    return table.value.to_dict("records")


# --------------------------------------------------------------------------- the list


def test_the_list_shows_every_built_in_lesson(app_test):
    at = open_list(app_test)
    assert at.title[0].value == "Lessons"
    text = "\n".join(shown(m) for m in at.main.markdown) + "\n".join(shown(c) for c in at.main.caption)
    for number, lesson in enumerate(LESSONS, start=1):
        assert lesson.title["en"] in text
        assert f"{lesson.minutes} min · {len(lesson.scenes)} scenes" in text
        assert at.button(key=f"lesson__learn_{number}").label == "Learn alone"
        assert at.button(key=f"lesson__teach_{number}").label == "Teach a class"
    assert not [b for b in at.button if b.key == f"lesson__learn_{len(LESSONS) + 1}"]
    assert at.main.file_uploader(key="lesson__upload") is not None
    assert "lesson" not in at.query_params  # no lesson chosen: nothing in the link


# --------------------------------------------------------------------------- a student's walk


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_a_student_answers_every_question_wrong_and_sees_the_named_mistake(app_test, lesson):
    """Every question answered wrong, by a mistake the core names where it can: the page names that mistake (its
    title), says where to look and gives the exact answer; the link holds every answer; the summary lists each
    scene as missed, with the mistake; a new session opened on the link resumes at the same scene, same answers."""
    wrong = {scene.id: wrong_answer(lesson, scene) for scene in lesson.scenes if scene.question is not None}
    at = start(app_test, lesson, "learn")
    assert at.query_params["mode"] == "learn"
    middle = None

    def verdict_is_named(at, scene, given):
        nonlocal middle
        mistake = wrong[scene.id][1]
        assert not at.main.success, f"scene {scene.id}: {given!r} is wrong, the page says it is right"
        warning = bare(at.main.get_by_key("lesson_question").warning[0])
        assert warning.startswith("Not quite.")
        assert head_of(lesson, scene) in warning, (scene.id, warning)
        looks = [shown(i) for i in at.main.get_by_key("lesson_question").info if "Where to look" in shown(i)]
        if mistake is not None:
            assert f"Likely mistake — {mistake.title}" in warning, (scene.id, given, warning)
            assert bool(looks) == bool(mistake.diagnosis or mistake.look or "=" in mistake.name), (scene.id, looks)
        elif scene.question.kind == "choice":
            assert "Likely mistake" not in warning and "No known mistake" not in warning, (scene.id, warning)
        else:
            none = "this rank" if scene.question.kind == "rank" else "your number"
            assert f"No known mistake gives {none}" in warning, (scene.id, given, warning)
        if middle is None and lesson.index(scene.id) >= len(lesson.scenes) // 2:
            middle = dict(at.query_params), [shown(w) for w in at.main.warning], lesson.index(scene.id) + 1

    walk_answering(at, lesson, {key: given for key, (given, _) in wrong.items()}, verdict_is_named)
    asked = [scene for scene in lesson.scenes if scene.question is not None]
    assert any(f"You got 0 of {len(asked)} right" in s.value for s in at.main.subheader)
    rows = summary_rows(at)
    assert len(rows) == len(asked)
    for row, scene in zip(rows, asked):
        mistake = wrong[scene.id][1]
        assert row["result"] == (f"missed: {mistake.title}" if mistake else "missed"), row
        assert row["exact"] == exact_text(lesson, scene), row

    # a shared link (or a reload): a new session opened with the link's parameters resumes there
    params, warnings, number = middle
    resumed = app_test()
    for name, value in params.items():
        if name in (progress.LESSON, progress.SCENE, progress.MODE, progress.ANSWERS):
            resumed.query_params[name] = value
    ok(resumed.run())
    ok(resumed.switch_page(PAGE).run())
    in_scene(resumed, lesson, number)
    assert place(resumed).answers == json.loads(params["answers"])
    assert [shown(w) for w in resumed.main.warning] == warnings  # the same verdict, the same mistake
    assert link_answers(resumed) == json.loads(params["answers"])


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_a_student_answers_every_question_right(app_test, lesson):
    at = start(app_test, lesson, "learn")
    right = {scene.id: right_answer(lesson, scene) for scene in lesson.scenes if scene.question is not None}

    def verdict_is_right(at, scene, given):
        assert not at.main.warning, (scene.id, given, [w.value for w in at.main.warning])
        success = bare(at.main.get_by_key("lesson_question").success[0])
        assert success.startswith("Right!") and f"The exact answer is {exact_text(lesson, scene)}" in success

    walk_answering(at, lesson, right, verdict_is_right)
    assert any(f"You got {len(right)} of {len(right)} right" in s.value for s in at.main.subheader)
    assert {row["result"] for row in summary_rows(at)} == {"right"}
    ok(at.button(key="lesson__again").click().run())  # start again: scene 1, no answers
    in_scene(at, lesson, 1)
    assert "answers" not in at.query_params and not place(at).answers


def go_to(at, lesson: Lesson, scene_id: str):
    """From scene 1, "Scene ▶" until the scene ``scene_id``."""
    for _ in range(lesson.index(scene_id)):
        ok(at.button(key="lesson__next_scene").click().run())
    in_scene(at, lesson, lesson.index(scene_id) + 1)
    return at


def test_a_student_s_wrong_rank_is_named_as_a_rank_with_where_to_look(app_test):
    """Issue 31: lesson 1's first hit is at rank 2; a student who counts from 0 answers 1 and is told so, in a rank's
    words, and where the first relevant item is; the summary names the mistake."""
    lesson = builtin_lesson("hits-to-positions")
    scene = lesson.scene("first-hit")
    at = go_to(start(app_test, lesson, "learn"), lesson, scene.id)
    give(at, lesson, scene, 1)
    box = at.main.get_by_key("lesson_question")
    warning = bare(box.warning[0])
    assert warning.startswith("Not quite. The exact rank is 2 (yours: 1).")
    assert "Likely mistake — Ranks counted from 0. You counted from 0, as Python indexes lists." in warning
    assert "That gives rank 1." in warning and "your number" not in warning
    look = "Where to look: Look at rank 2: item d2 (grade 1) is the first relevant item."
    assert [bare(i) for i in box.info] == [look]
    assert at.session_state[progress.PROGRESS].answers == {scene.id: 1}


def test_a_student_s_wrong_choice_says_both_values_and_the_named_mistake(app_test):
    """Issue 31: lesson 4's three gains, the smallest nDCG asked; a student who picks binary gain picks the largest:
    the verdict names the option picked, both values and that mistake."""
    lesson = builtin_lesson("libraries-disagree")
    scene = lesson.scene("three-gains")
    values = option_values(lesson, scene)
    labels = {o.id: o.label["en"] for o in scene.question.options}
    at = go_to(start(app_test, lesson, "learn"), lesson, scene.id)
    give(at, lesson, scene, "binary")
    warning = bare(at.main.get_by_key("lesson_question").warning[0])
    assert warning.startswith(f"Not quite. The right option is {labels['exponential']} (yours: {labels['binary']}).")
    assert f"Your option gives {values['binary']:.4f}; the right one gives {values['exponential']:.4f}." in warning
    assert "Likely mistake — The largest value picked, not the smallest." in warning
    assert "your number" not in warning


def test_a_literal_option_s_why_is_said_when_it_is_picked(app_test):
    """A teacher's lesson whose literal choice gives its wrong option a why: the student who picks it reads it."""
    from tests.ui.test_lesson_parts import LITERAL

    at = upload(open_list(app_test), "literal.toml", LITERAL)
    ok(at.button(key="lesson__learn_uploaded").click().run())
    lesson, _ = check_text(LITERAL, "literal.toml")
    give(at, lesson, lesson.scenes[0], "list")
    warning = bare(at.main.get_by_key("lesson_question").warning[0])
    assert warning == ("Not quite. The right option is every judged item (yours: the list).\n\nWhy not this option: "
                       "The list leaves out the unreturned items.")


# --------------------------------------------------------------------------- a teacher's walk


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_teach_mode_next_reveals_the_exact_answer_then_goes_on(app_test, lesson):
    """A teacher's "Next ▶" (what the clicker's → does): the scene's step, then the reveal — the exact answer the
    core computes, never shown before it —, then the steps after it one by one, then the next scene; the summary
    after the last. The first question is revealed with its Reveal button instead."""
    at = start(app_test, lesson, "teach")
    assert at.query_params["mode"] == "teach"
    used_button = False
    for number, scene in enumerate(lesson.scenes, start=1):
        in_scene(at, lesson, number)
        assert not at.main.number_input and not at.main.get_by_key("lesson_header").button(
            key="lesson__step_next").disabled
        total = steps(lesson, scene)
        if scene.question is not None:
            exact = exact_text(lesson, scene)
            if scene.question.kind == "value" and exact not in ("0.0000", "1.0000"):
                assert exact not in texts(at), f"scene {scene.id}: {exact} shown before the reveal"
            assert revealed_answer(at) is None
            key = progress.revealed_key(lesson.id, scene.id)
            for _press in range(total + 1):  # up to the scene's step, then the reveal
                if at.session_state.get(key):
                    break
                if not used_button:
                    ok(at.button(key="lesson__reveal").click().run())
                    used_button = True
                else:
                    ok(at.button(key="lesson__step_next").click().run())
                assert place(at).scene == number, "the scene changed before its answer was revealed"
            success = revealed_answer(at)
            assert success == f"The exact answer is {exact}.", success
            if scene.question.kind == "value":
                assert exact in texts(at)
            step_line = next(m.value for m in at.main.markdown if m.value.startswith("**Step "))
            asked_at = min(scene.step or total, total)  # the teacher stays at the step they asked at
            assert step_line.startswith(f"**Step {asked_at} of {total}**"), step_line
            for step in range(asked_at + 1, total + 1):  # then Next walks the steps after it, one by one
                ok(at.button(key="lesson__step_next").click().run())
                assert place(at).scene == number
                step_line = next(m.value for m in at.main.markdown if m.value.startswith("**Step "))
                assert step_line.startswith(f"**Step {step} of {total}**"), step_line
        for _press in range(total + 1):  # (a scene without a question: its steps, then the next scene)
            ok(at.button(key="lesson__step_next").click().run())
            if place(at).scene != number:
                break
        assert place(at).scene == number + 1
    rows = summary_rows(at)
    assert {row["result"] for row in rows} == {"not answered"}
    assert not [s for s in at.main.subheader if s.value.startswith("You got")]  # a teacher is not scored
    ok(at.button(key="lesson__previous_scene").click().run())
    in_scene(at, lesson, len(lesson.scenes))


# --------------------------------------------------------------------------- the headline = the explainer page's


def explainer_headline(at, lesson: Lesson, scene: Scene, step: int | None) -> list[tuple[str, str]]:
    """The headline the scene's explainer page shows for the scene's board at ``step`` (None: every step)."""
    view = scene_view.PAGES[scene.view]
    board = scene_view.ui_board(compute.board_of(lesson, scene))
    at.session_state[state.BOARD] = board
    at.session_state[state.ORIGIN] = board
    at.session_state[state.REVISION] += 1
    if scene.view == "rr":
        from ui.topics import paced

        at.session_state[paced.RR_CUT] = bool(compute.board_of(lesson, scene).setting("rr_cut"))
    at.switch_page(f"pages/{view}.py")
    ok(at.run())  # (the new board: the page starts at step 1)
    at.session_state[state.page_key(view, "step")] = step
    ok(at.run())
    return headline(at)


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_every_scene_s_headline_equals_its_explainer_page(app_test, lesson):
    """At every step of every scene (the answer revealed, so that every step may be shown), the lesson's headline
    is the one the scene's explainer page shows for the same board at the same step (ui.topics.paced); a view of
    several queries shows the core's running values (metrics.teaching.lessons.explanation)."""
    at = start(app_test, lesson, "teach")
    found = {}
    for number, scene in enumerate(lesson.scenes, start=1):
        if number > 1:
            ok(at.button(key="lesson__next_scene").click().run())
        in_scene(at, lesson, number)
        total = steps(lesson, scene)
        if scene.question is not None:
            ok(at.button(key="lesson__reveal").click().run())
        e = explanation(lesson, scene)
        for step in range(1, total + 1):
            at.session_state[progress.step_key(lesson.id, scene.id)] = step
            ok(at.run())
            shown_now = headline(at)
            found[(scene.id, step)] = shown_now
            if scene.view not in scene_view.PAGES:  # MAP, MRR, a paired comparison: the core's running values
                running = e.running_at(None if step == total else step)
                values = [value for _, value in shown_now]
                for quantity in scene_view.MANY_LABELS[scene.view]:
                    assert f"{running[quantity]:.4f}" in values, (scene.id, step, quantity, shown_now)
            elif step == total:  # the final value is the core's
                assert f"{e.value:.4f}" in [value for _, value in shown_now], (scene.id, shown_now, e.value)
    for scene in lesson.scenes:
        if scene.view not in scene_view.PAGES:
            continue
        total = steps(lesson, scene)
        for step in range(1, total + 1):
            page = explainer_headline(at, lesson, scene, None if step == total else step)
            assert found[(scene.id, step)] == page, (scene.id, step, found[(scene.id, step)], page)


# --------------------------------------------------------------------------- a teacher's own lesson file

GOOD = """
id = "my-lesson"
minutes = 5
languages = ["en", "zh"]
read_on = ["ap"]
title = { en = "My lesson", zh = "我的课" }
summary = { en = "One scene.", zh = "一幕。" }

[boards.b]
grades = { a = 0, b = 1, c = 1, d = 0 }
ranking = ["a", "b", "c", "d"]
k = 4

[[scenes]]
id = "ap"
view = "ap"
board = "b"
step = 1
title = { en = "AP of four", zh = "四个的 AP" }
say = { en = "Two hits.", zh = "两个命中。" }
[scenes.question]
kind = "value"
measure = "AP"
prompt = { en = "What is AP?", zh = "AP 是多少？" }
"""

BAD = {
    "bad TOML": (GOOD.replace('minutes = 5', 'minutes = '), "TOML"),
    "unknown measure": (GOOD.replace('measure = "AP"', 'measure = "XP@3"'), "unknown measure"),
    "wrong expect": (GOOD.replace('measure = "AP"', 'measure = "AP"\nexpect = 0.9'), "question.expect"),
    "grade out of range": (GOOD.replace("b = 1, c = 1", "b = 1, c = 101"), "grade out of range"),
    "missing zh": (GOOD.replace('title = { en = "AP of four", zh = "四个的 AP" }', 'title = { en = "AP of four" }'),
                   "title.zh"),
}


def upload(at, name: str, text: str):
    at.file_uploader(key="lesson__upload").set_value((name, text.encode("utf-8"), "application/toml"))
    return ok(at.run())


@pytest.mark.parametrize("case", list(BAD))
def test_a_bad_lesson_file_is_refused_with_its_problem_named(app_test, case):
    text, named = BAD[case]
    _, problems = check_text(text, f"{case}.toml")
    assert problems and named in "\n".join(map(str, problems))  # (the file is bad as meant)
    at = upload(open_list(app_test), f"{case}.toml".replace(" ", "_"), text)
    [error] = at.main.error
    message = shown(error)
    assert named in message, message
    assert f"{len(problems)} problem" in message
    for problem in problems:  # lesson check's line, its field as code
        line = str(problem).replace(f": {problem.field}: ", f": `{problem.field}`: ", 1)
        assert line.replace(f"{case}.toml", f"{case}.toml".replace(" ", "_")) in message, message
    assert not [b for b in at.button if b.key == "lesson__learn_uploaded"]
    # the page still works: choose a built-in lesson
    ok(at.button(key="lesson__learn_1").click().run())
    in_scene(at, LESSONS[0], 1)


def test_a_bad_lesson_file_s_problems_are_said_in_chinese(app_test):
    """In 中文 every problem is one Chinese line of the one error: the file, the scene and the field (as code) named,
    the author's names shown literally (a board "$x_1$", a measure "<b>*XP*</b>@3": text, not math, Markdown or
    HTML); the page then works as before."""
    text = (GOOD.replace('measure = "AP"', 'measure = "<b>*XP*</b>@3"')
            .replace('title = { en = "AP of four", zh = "四个的 AP" }', 'title = { en = "AP of four" }')
            .replace("[[scenes]]", '[boards."$x_1$"]\ngrades = { a = 101 }\nranking = ["a"]\n\n[[scenes]]'))
    at = upload(open_list(app_test, "zh"), "my_lesson.toml", text)
    [error] = at.main.error
    heading, *lines = error.value.split("\n")
    assert heading == "这个课程文件无法使用；共 3 个问题，每个都指明了幕和字段："
    assert lines == [
        "",
        "- my\\_lesson.toml：`boards.$x_1$.grades.a`：等级超出范围：101（应是 0 到 100 之间的数，未标注写 `\"?\"`）",
        "- my\\_lesson.toml：幕 'ap'：`title.zh`：缺少翻译：没有 zh 文本",
        ("- my\\_lesson.toml：幕 'ap'：`question.measure`：未知的指标 '&lt;b&gt;\\*XP\\*&lt;/b&gt;@3'；课程认识的指标有 P, R, "
         "F1, Success, AP, RR, nDCG, DCG, Rprec, MAP, MRR, mean\\_difference, t\\_test\\_p, randomization\\_p, wins, "
         "losses, familywise\\_error, bonferroni\\_alpha（P@3、nDCG@5……）")], error.value
    assert not [b for b in at.button if b.key == "lesson__learn_uploaded"]
    ok(at.button(key="lesson__learn_1").click().run())
    in_scene(at, LESSONS[0], 1, "zh")


def test_a_good_lesson_file_opens(app_test):
    at = upload(open_list(app_test), "mine.toml", GOOD)
    assert not at.main.error and "the lesson “My lesson” is ready (1 scenes)" in at.main.success[0].value
    ok(at.button(key="lesson__learn_uploaded").click().run())
    assert place(at).lesson == "my-lesson"
    assert any("AP of four" in m.value for m in at.main.markdown)


# --------------------------------------------------------------------------- in Chinese


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_the_same_walks_in_chinese(app_test, lesson):
    """The student's walk (wrong answers) and the teacher's (reveals) in 中文: no exception, the scenes' own texts in
    Chinese, the exact answers the core's (untranslated catalogue strings are not failed on)."""
    at = start(app_test, lesson, "learn", "zh")
    for number, scene in enumerate(lesson.scenes, start=1):
        in_scene(at, lesson, number, "zh")
        if scene.question is not None:
            given, _ = wrong_answer(lesson, scene)
            give(at, lesson, scene, given)
            warning = bare(at.main.get_by_key("lesson_question").warning[0])
            assert exact_text(lesson, scene, "zh") in warning and "Likely mistake" not in warning
        ok(at.button(key="lesson__next_scene").click().run())
    assert len(summary_rows(at)) == sum(scene.question is not None for scene in lesson.scenes)
    at = start(app_test, lesson, "teach", "zh")
    for number, scene in enumerate(lesson.scenes, start=1):
        in_scene(at, lesson, number, "zh")
        if scene.question is not None:
            ok(at.button(key="lesson__reveal").click().run())
            assert exact_text(lesson, scene, "zh") in revealed_answer(at)
        ok(at.button(key="lesson__next_scene").click().run())
    assert place(at).scene == len(lesson.scenes) + 1
    assert len(summary_rows(at)) == sum(scene.question is not None for scene in lesson.scenes)


# --------------------------------------------------------------------------- a board's own conventions

#: a lesson file whose board (not its scene) sets a convention, with a question the convention changes
BOARD_CONVENTION = """
id = "board-conventions"
minutes = 5
languages = ["en"]
title = "Board conventions"
summary = "A board that sets its own convention."
[boards.b]
grades = {{ a = 0, b = 2, c = 0, d = 1, e = 3 }}
ranking = ["a", "d", "c", "b"]
k = 3
conventions = {{ {convention} }}
[[scenes]]
id = "s"
view = "{view}"
board = "b"
k = {k}
step = 1
title = "One scene"
say = "The board's convention."
[scenes.question]
kind = "value"
measure = "{measure}"
prompt = "What is it?"
"""
CONVENTIONS = {"rr_cut": ("rr", "RR", 1, "rr_cut = true"), "ap_denominator": ("ap", "AP", 3, 'ap_denominator = "found"'),
               "gain": ("ndcg", "nDCG", 3, 'gain = "exponential"'), "ideal": ("ndcg", "nDCG", 3, 'ideal = "list"')}


@pytest.mark.parametrize("convention", list(CONVENTIONS))
def test_a_board_s_own_convention_is_the_page_s(app_test, convention):
    """A convention set on a lesson's board (reading.py allows it there as on a scene): once revealed and stepped to
    the end, the headline shows the value the core computes under it, the value the reveal says."""
    view, measure, k, setting = CONVENTIONS[convention]
    text = BOARD_CONVENTION.format(view=view, measure=measure, k=k, convention=setting)
    lesson, problems = check_text(text, "mine.toml")
    assert not problems, problems
    scene = lesson.scenes[0]
    exact = f"{answer(lesson, scene):.4f}"
    other = compute.value(lesson, scene, measure, conventions={convention: compute.DEFAULTS[convention]})
    assert f"{other:.4f}" != exact  # (the convention changes the number)
    at = upload(open_list(app_test), "mine.toml", text)
    ok(at.button(key="lesson__teach_uploaded").click().run())
    ok(at.button(key="lesson__reveal").click().run())
    assert revealed_answer(at) == f"The exact answer is {exact}."
    for _step in range(steps(lesson, scene) - 1):  # the reveal stays at the scene's step: Next to the last one
        ok(at.button(key="lesson__step_next").click().run())
    assert exact in [value for _, value in headline(at)], (convention, exact, headline(at))


def test_the_scenes_menu_goes_to_any_scene_and_closes(app_test):
    """The header's Scenes menu: every scene by its title (the current one not a button to press), a choice opens
    that scene and closes the menu; ◀ Scene and Scene ▶ in it too."""
    lesson = LESSONS[0]
    at = start(app_test, lesson, "learn")
    labels = [at.button(key=f"lesson__scene_{n}").label for n in range(1, len(lesson.scenes) + 1)]
    assert labels == [f"{n}. {scene.title.in_language('en')}" for n, scene in enumerate(lesson.scenes, start=1)]
    assert at.button(key="lesson__scene_1").disabled and at.button(key="lesson__previous_scene").disabled
    at.session_state[walk.SCENES_MENU] = True  # (the menu open, as a click on it leaves it)
    last = len(lesson.scenes)
    ok(at.button(key=f"lesson__scene_{last}").click().run())
    in_scene(at, lesson, last)
    assert at.session_state[walk.SCENES_MENU] is False
    ok(at.button(key="lesson__previous_scene").click().run())
    in_scene(at, lesson, last - 1)
