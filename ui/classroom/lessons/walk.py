"""Walking a lesson: the lessons to choose from (and a teacher's own file), one scene at a time with its step bar and
the clicker, and the summary at the end (what was right, what was missed, where to read on)."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from metrics.teaching.lessons import Lesson, Scene, check_text
from ui.classroom.lessons import live_lesson, progress, question, scene_view
from ui.classroom.lessons.problems import problems_text
from ui.classroom.lessons.progress import Progress
from ui.i18n import N_, t
from ui.session import state
from ui.shell.routes import SECTIONS, page_file
from ui.shell.safe import plain
from ui.teaching import lecture
from ui.teaching.keys import clicker_keys
from ui.teaching.pacing import Pace

PAGE = "lesson"
MODE_NAMES = {"learn": N_("Learn alone"), "teach": N_("Teach a class")}
#: every page's title in the navigation (a lesson reads on to them)
READ_ON_TITLES = {route.name: route.title for routes in SECTIONS.values() for route in routes}
MAX_UPLOAD = 256 * 1024  #: bytes of a lesson file


# --------------------------------------------------------------------------- choosing a lesson


def choose(lessons: dict[str, Lesson]) -> None:
    """Every lesson, each with its title, summary, length and two ways in: alone or in front of a class."""
    st.title(t("Lessons"))
    st.markdown(t("A lesson walks you through scenes: at each one you **predict first** — a value, a rank or a "
                  "choice — then see the exact answer and, when yours differs, the mistake that gives your number "
                  "and the step where it happens. Teachers run the same lesson on a projector, scene by scene."))
    for number, lesson in enumerate(lessons.values(), start=1):
        with st.container(border=True, key=f"lesson_card_{number}"):
            st.markdown(f"**{number}. {plain(question.said(lesson.title))}**")
            st.caption(t("{minutes} min · {scenes} scenes").format(minutes=lesson.minutes, scenes=len(lesson.scenes))
                       + " · " + plain(question.said(lesson.summary)))
            with st.container(horizontal=True, gap="small"):
                st.button(t(MODE_NAMES["learn"]), key=f"lesson__learn_{number}", icon=":material/school:",
                          type="primary", on_click=progress.go,
                          kwargs={"lesson": lesson.id, "scene": 1, "mode": "learn", "answers": {}})
                st.button(t(MODE_NAMES["teach"]), key=f"lesson__teach_{number}", icon=":material/co_present:",
                          on_click=progress.go, kwargs={"lesson": lesson.id, "scene": 1, "mode": "teach", "answers": {}})
    upload()


def upload() -> None:
    """A teacher's own lesson file: checked as ``python -m metrics lesson check`` checks it; refused with every
    problem named in the reader's language, nothing else lost."""
    st.subheader(t("Your own lesson"))
    st.caption(t("Write a lesson as a TOML file (see the documentation's “Write a lesson”), check it with "
                 "`python -m metrics lesson check FILE`, and open it here."))
    uploaded = st.file_uploader(t("A lesson file (TOML)"), type=["toml"], key="lesson__upload")
    if uploaded is None:
        return
    data = uploaded.getvalue()
    name = uploaded.name
    if len(data) > MAX_UPLOAD:
        st.error(t("{file}: the file is larger than {limit} KB; a lesson file is a few KB.").format(
            file=plain(name), limit=MAX_UPLOAD // 1024))
        return
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        st.error(t("{file}: not UTF-8 text.").format(file=plain(name)))
        return
    lesson, problems = check_text(text, name)
    if problems:
        st.error(t("This lesson file cannot be used; {n} problem(s), each naming the scene and the field:").format(
            n=len(problems)) + "\n\n" + problems_text(problems))
        return
    known = progress.lessons()
    if lesson.id in known and lesson.id not in st.session_state.get(progress.UPLOADED, {}):
        st.error(t("{file}: a built-in lesson already has the id {id}; give yours another id.").format(
            file=plain(name), id=plain(lesson.id)))
        return
    progress.add_uploaded(lesson, text)
    st.success(t("{file}: the lesson “{title}” is ready ({n} scenes).").format(
        file=plain(name), title=plain(question.said(lesson.title)), n=len(lesson.scenes)))
    with st.container(horizontal=True, gap="small"):
        st.button(t(MODE_NAMES["learn"]), key="lesson__learn_uploaded", on_click=progress.go,
                  kwargs={"lesson": lesson.id, "scene": 1, "mode": "learn", "answers": {}})
        st.button(t(MODE_NAMES["teach"]), key="lesson__teach_uploaded", on_click=progress.go,
                  kwargs={"lesson": lesson.id, "scene": 1, "mode": "teach", "answers": {}})


# --------------------------------------------------------------------------- one scene


def _step_key(lesson: Lesson, scene: Scene) -> str:
    return progress.step_key(lesson.id, scene.id)


def _revealed_key(lesson: Lesson, scene: Scene) -> str:
    return progress.revealed_key(lesson.id, scene.id)


def revealed(lesson: Lesson, scene: Scene, place: Progress) -> bool:
    """Whether the scene's answer may be seen: no question, the student answered, or the teacher revealed it."""
    if scene.question is None:
        return True
    if place.mode == "learn":
        return scene.id in place.answers or bool(st.session_state.get(_revealed_key(lesson, scene)))
    return bool(st.session_state.get(_revealed_key(lesson, scene)))  # the teacher's (followed: the teacher's too)


def limit(lesson: Lesson, scene: Scene, place: Progress, total: int) -> int:
    """The last step that may be shown now: the scene's step until its answer is seen, then every step."""
    if revealed(lesson, scene, place) or scene.step is None:
        return total
    return min(scene.step, total)


def pace_of(lesson: Lesson, scene: Scene, place: Progress) -> Pace:
    total = scene_view.total_steps(lesson, scene)
    stored = st.session_state.get(_step_key(lesson, scene))
    if stored is None and revealed(lesson, scene, place):  # answered before (a reload, a shared link)
        stored = _mistake_rank(lesson, scene, place.answers.get(scene.id), total)
    step = (scene.step or total) if stored is None else stored
    return Pace(step=max(1, min(step, limit(lesson, scene, place, total))), total=total)


def set_step(lesson: Lesson, scene: Scene, step: int) -> None:
    st.session_state[_step_key(lesson, scene)] = step


def do_reveal(lesson: Lesson, scene: Scene) -> None:
    """The answer seen. A teacher stays at the step they asked at, so that Next walks the class through the steps
    after it one by one; a student who gives up sees every step at once."""
    place = progress.current()
    step = pace_of(lesson, scene, place).step
    st.session_state[_revealed_key(lesson, scene)] = True
    set_step(lesson, scene, step if place.mode != "learn" else scene_view.total_steps(lesson, scene))


def move(lesson: Lesson, scene: Scene, action: str) -> None:
    """A step bar button or a clicker key: "next" past the last step allowed reveals the answer (teaching) or goes
    to the next scene; "back" at step 1 goes to the previous scene."""
    place = progress.current()
    pace = pace_of(lesson, scene, place)
    allowed = limit(lesson, scene, place, pace.total)
    if action == "next":
        if pace.step < allowed:
            set_step(lesson, scene, pace.step + 1)
        elif not revealed(lesson, scene, place) and place.mode == "teach":
            do_reveal(lesson, scene)
        elif revealed(lesson, scene, place):
            progress.go(scene=place.scene + 1)
    elif action == "back":
        if pace.step > 1:
            set_step(lesson, scene, pace.step - 1)
        elif place.scene > 1:
            progress.go(scene=place.scene - 1)
    elif action == "start":
        set_step(lesson, scene, 1)
    elif action == "end":
        set_step(lesson, scene, allowed)


def answer_given(lesson: Lesson, scene: Scene, key: str) -> None:
    """The Check button: the first answer is kept (in the link too) and the exact answer is shown."""
    given = st.session_state.get(key)
    if given is None:
        st.session_state[state.page_key(PAGE, "empty")] = scene.id
        return
    place = progress.current()
    answers = dict(place.answers)
    answers.setdefault(scene.id, given)
    progress.go(answers=answers)
    set_step(lesson, scene, _mistake_rank(lesson, scene, answers[scene.id], scene_view.total_steps(lesson, scene)))


def _mistake_rank(lesson: Lesson, scene: Scene, given, total: int) -> int:
    """The step to show after an answer: the rank where its mistake happens, else the last step."""
    verdict = question.verdict_of(lesson, scene, given) if given is not None else None
    rank = verdict.mistake.rank if verdict and verdict.mistake else None
    return rank if rank and rank <= total else total


def header(lesson: Lesson, scene: Scene, place: Progress, pace: Pace) -> None:
    """One row: the lesson's title and where we are, the scenes' menu, the steps' buttons, the teacher's notes and
    the way back to every lesson (a following student: where the teacher is, no buttons)."""
    count = len(lesson.scenes)
    with st.container(horizontal=True, vertical_alignment="center", gap="small", key="lesson_header"):
        st.markdown(t("**{lesson}** · scene {i} of {n}").format(lesson=plain(question.said(lesson.title)), i=place.scene,
                                                               n=count))
        if place.mode == "follow":
            st.caption(t("You follow the teacher: the scene and the step change with theirs."))
            return
        scenes_menu(lesson, place)
        step_bar(lesson, scene, pace, place)
        if place.mode == "teach":
            with st.popover(t("Teacher's notes"), icon=":material/sticky_note_2:", key="lesson_notes"):
                st.toggle(t("Notes on this screen"), key=NOTES_SHOWN, help=t(NOTES_HELP))
                notes(scene)
        st.button(t("All lessons"), key="lesson__all", type="tertiary", on_click=progress.go,
                  kwargs={"lesson": None, "scene": 1, "answers": {}})


def scenes_menu(lesson: Lesson, place: Progress) -> None:
    """One button for the scenes: the previous and the next one, and every scene by its title (a teacher goes back
    to a scene a student asks about; a student skips one they know)."""
    # its open state kept (on_change="rerun"), so that a choice closes it
    with st.popover(t("Scenes"), icon=":material/list:", key=SCENES_MENU, on_change="rerun"):
        with st.container(horizontal=True, gap="small"):
            st.button(t("◀ Scene"), key="lesson__previous_scene", disabled=place.scene <= 1, on_click=go_to_scene,
                      args=(place.scene - 1,), help=t("The previous scene"))
            st.button(t("Scene ▶"), key="lesson__next_scene", on_click=go_to_scene, args=(place.scene + 1,),
                      help=t("The next scene (the summary after the last)"))
        for number, other in enumerate(lesson.scenes, start=1):
            st.button(f"{number}. {plain(question.said(other.title))}", key=f"lesson__scene_{number}",
                      type="tertiary", disabled=number == place.scene, on_click=go_to_scene, args=(number,))


SCENES_MENU = "lesson_scenes"


def go_to_scene(number: int) -> None:
    """A choice in the scenes' menu: that scene, the menu closed."""
    st.session_state[SCENES_MENU] = False
    progress.go(scene=number)


NOTES_SHOWN = "lesson__notes_shown"  #: the teacher's own screen shows the notes under the scene (presenter view)
NOTES_HELP = N_("Presenter view: your notes under the scene, on this screen only. Project the class's view instead: "
                "start a live class and open its join link in the projector's window, which follows your scene "
                "and step without the notes.")


def notes(scene: Scene) -> None:
    """The teacher's notes of a scene: what to say, the mistake students make here (and where it bit someone),
    the hint students get."""
    for label, text in ((N_("What to say"), scene.notes), (N_("The mistake students make here"), scene.mistake),
                        (N_("Hint"), scene.hint)):
        if question.said(text):
            st.markdown(f"**{t(label)}**  \n{plain(question.said(text))}")


def step_bar(lesson: Lesson, scene: Scene, pace: Pace, place: Progress) -> None:
    """◀ Back · Next ▶ of the scene's steps, in the header's row (the step itself is said above the formula)."""
    allowed = limit(lesson, scene, place, pace.total)
    st.button(t("◀ Back"), key="lesson__step_back", disabled=pace.step <= 1, on_click=move,
              args=(lesson, scene, "back"), help=t("Previous step (← or PageUp)"))
    st.button(t("Next ▶"), key="lesson__step_next", disabled=pace.step >= allowed and place.mode == "learn"
              and not revealed(lesson, scene, place), on_click=move, args=(lesson, scene, "next"),
              type="primary", help=t("Next step (→, PageDown or Space)"))


def options_line(scene: Scene, place: Progress, lesson: Lesson) -> str:
    """A choice's options on one line under its question, for a class reading the projector (after the reveal each
    comes with its value instead); nothing where a radio lists them."""
    q = scene.question
    if q.kind != "choice" or place.mode == "learn" or revealed(lesson, scene, place):
        return ""
    return "  \n:small[" + " · ".join(f"({chr(97 + n)}) {plain(question.said(option.label))}"
                                      for n, option in enumerate(q.options)) + "]"


def ask(lesson: Lesson, scene: Scene, place: Progress) -> None:
    """The question: the input and Check (learning) or Reveal (teaching); after it, the verdict or the answer."""
    q = scene.question
    if q is None:
        return
    # framed for a student; on the projector unframed, which keeps a three-line nDCG formula's scene on one screen
    with st.container(border=place.mode != "teach", key="lesson_question"):
        if place.mode == "teach" and live_lesson.teacher() is None:  # one row: the question, then Reveal or the answer
            with st.container(horizontal=True, vertical_alignment="center", gap="small"):
                st.markdown(f"**{plain(question.said(q.prompt))}**" + options_line(scene, place, lesson))
                if revealed(lesson, scene, place):
                    question.reveal(lesson, scene, compact=True)
                else:
                    st.button(t(question.REVEAL), key="lesson__reveal", icon=":material/visibility:", type="primary",
                              on_click=do_reveal, args=(lesson, scene))
            if revealed(lesson, scene, place):
                question.show_options(lesson, scene)
            return
        st.markdown(f"**{plain(question.said(q.prompt))}**" + options_line(scene, place, lesson))
        if place.mode == "follow":
            live_lesson.student_box(lesson, scene)
            return
        if place.mode == "teach":
            live_lesson.teacher_box(lesson, scene, revealed(lesson, scene, place), do_reveal)
            return
        given = place.answers.get(scene.id)
        verdict = question.verdict_of(lesson, scene, given) if given is not None else None
        if verdict is not None:
            question.show_verdict(lesson, scene, verdict)
            if question.said(scene.mistake):
                with st.expander(t("The mistake students make here")):
                    st.markdown(plain(question.said(scene.mistake)))
            return
        key = state.page_key(PAGE, f"answer_{lesson.id}_{scene.id}")
        gave_up = revealed(lesson, scene, place)
        with st.container(horizontal=True, vertical_alignment="bottom", gap="small"):
            question.answer_input(lesson, scene, key)
            st.button(t(question.CHECK), key="lesson__check", icon=":material/task_alt:", type="primary",
                      on_click=answer_given, args=(lesson, scene, key))
            if question.said(scene.hint):
                with st.popover(t("Hint"), icon=":material/lightbulb:"):
                    st.markdown(plain(question.said(scene.hint)))
            if not gave_up:
                st.button(t(question.GIVE_UP), key="lesson__give_up", type="tertiary", on_click=do_reveal,
                          args=(lesson, scene))
        if st.session_state.get(state.page_key(PAGE, "empty")) == scene.id:
            st.warning(t("Give an answer first, then Check."))
            st.session_state[state.page_key(PAGE, "empty")] = None
        if gave_up:
            question.reveal(lesson, scene)
            question.show_options(lesson, scene)


def clicked(lesson: Lesson, place: Progress) -> Progress:
    """The clicker on a scene (not when following a class, not on the summary): its key acts first, and the place
    it leads to is returned, so that the run draws that step, scene or the summary at once (one run per key)."""
    if place.mode == "follow" or place.scene > len(lesson.scenes):
        return place
    action = clicker_keys("lesson_keys")
    if action not in ("next", "back", "start", "end"):
        return place
    move(lesson, lesson.scenes[place.scene - 1], action)
    return progress.current()


def scene_screen(lesson: Lesson, place: Progress) -> None:
    """One scene: the header, what to look at and the ranking on the left, the numbers and the question on the
    right, at the step allowed now (the clicker has acted before: :func:`clicked`)."""
    scene = lesson.scenes[place.scene - 1]
    scene_view.put_on_board(lesson, scene)
    pace = pace_of(lesson, scene, place)
    header(lesson, scene, place, pace)
    left, right = lecture.stage()
    with left:
        st.markdown(f"#### {plain(question.said(scene.title))}")
        st.markdown(plain(question.said(scene.say)))
        scene_view.draw_ranking(lesson, scene, pace)
    with right:
        scene_view.draw_numbers(lesson, scene, pace)
        ask(lesson, scene, place)
    if place.mode == "teach" and st.session_state.get(NOTES_SHOWN):
        with st.container(border=True, key="lesson_presenter_notes"):
            notes(scene)
    if scene.view in scene_view.PAGES:
        st.page_link(page_file(scene_view.PAGES[scene.view]), label=t("Try this board yourself on its page"),
                     icon=":material/arrow_forward:")


# --------------------------------------------------------------------------- the end


def summary(lesson: Lesson, place: Progress) -> None:
    """What was right, what was missed (with the mistake), and where to read on."""
    st.title(plain(question.said(lesson.title)))
    asked = [scene for scene in lesson.scenes if scene.question is not None]
    rows, right = [], 0
    for number, scene in enumerate(lesson.scenes, start=1):
        if scene.question is None:
            continue
        given = place.answers.get(scene.id)
        verdict = question.verdict_of(lesson, scene, given) if given is not None else None
        right += bool(verdict and verdict.correct)
        if verdict is None:
            result = t("not answered")
        elif verdict.correct:
            result = t("right")
        elif verdict.mistake is not None:
            result = t("missed: {mistake}").format(mistake=question.mistake_name(verdict.mistake))
        else:
            result = t("missed")
        rows.append({t("scene"): f"{number}. {question.said(scene.title)}",
                     t("your answer"): "—" if verdict is None else question.given_text(lesson, scene, verdict),
                     t("exact"): question.exact_text(lesson, scene, question.answer(lesson, scene)).strip("*"),
                     t("result"): result})
    if place.mode == "learn":
        st.subheader(t("You got {right} of {n} right").format(right=right, n=len(asked)))
    with st.container(key="lesson_summary"):
        st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")  # scrolls in its own frame on a phone
    st.subheader(t("Read on"))
    with st.container(horizontal=True, gap="small"):
        for page in lesson.read_on:
            st.page_link(page_file(page), label=t(READ_ON_TITLES[page]), icon=":material/arrow_forward:")
    with st.container(horizontal=True, gap="small"):
        st.button(t("Start again"), key="lesson__again", on_click=progress.go, kwargs={"scene": 1, "answers": {}})
        st.button(t("All lessons"), key="lesson__all_end", on_click=progress.go,
                  kwargs={"lesson": None, "scene": 1, "answers": {}})
        st.button(t("◀ Scene"), key="lesson__previous_scene", on_click=progress.go,
                  kwargs={"scene": len(lesson.scenes)})


def missing(lesson_id: str) -> None:
    """A link to a lesson this session does not have (an uploaded one, in a new session): said, then the list."""
    st.warning(t("This link opens the lesson “{id}”, which this session does not have: it was uploaded in another "
                 "session. Upload its file again below, or choose a built-in lesson.").format(id=plain(lesson_id)))
