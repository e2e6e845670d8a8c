"""A lesson in a live class: the teacher asks a scene's question to the class, watches the answers come in and reveals
them; the following students answer on their own phones (the first answer counts) and, after the reveal, see their
own verdict with its named mistake and what the class answered. The class's store (``live.classes``) holds the
question, its exact answer as a number (a value; a rank; a choice's option number), the answers and the mistakes'
names, as for every live question."""

from __future__ import annotations

import math

import pandas as pd
import streamlit as st

from live.classes import Classes, ClassNotFound, LiveError
from live.errors import ClassServerUnavailable
from metrics.errors import MetricsInputError
from metrics.teaching.lessons import Lesson, Scene, answer, check
from metrics.teaching.lessons.compute import TOLERANCE, parse_measure
from ui import charts
from ui.classroom import live
from ui.classroom.lessons import question
from ui.classroom.live_quiz import ASK_WAITS, REVEAL_WAITS
from ui.i18n import N_, headers, t

ASK = N_("Ask the class")
WAITING = N_("The teacher will ask the class this question: your answer then goes to the class.")
SENT = N_("Your answer, {value}, is in: the teacher will reveal the answer.")
SEND = N_("Send the answer")


def as_number(lesson: Lesson, scene: Scene, given) -> float:
    """An answer as the class's store counts it: a value or a rank as it is, a choice as its option's number."""
    if scene.question.kind == "choice":
        return float([o.id for o in scene.question.options].index(given))
    return float(given)


def from_number(scene: Scene, value: float):
    """The answer a stored number stands for (a choice's option id)."""
    if scene.question.kind == "choice":
        options = scene.question.options
        return options[int(value)].id if 0 <= int(value) < len(options) else None
    return int(value) if scene.question.kind == "rank" else value


def answer_range(lesson: Lesson, scene: Scene) -> tuple[float, float]:
    """What an answer can be: a choice's option numbers, a rank from 1 to the ranking's length, a value from 0 to a
    whole number above the exact one and the mistakes' values (the bound gives nothing away)."""
    q = scene.question
    if q.kind == "choice":
        return 0.0, float(len(q.options) - 1)
    exact = float(as_number(lesson, scene, answer(lesson, scene)))
    if q.kind == "rank":
        return 1.0, float(max(exact, 1000))
    name, _ = parse_measure(q.measure)
    low = -1.0 if name == "mean_difference" else 0.0
    return low, float(math.ceil(max(1.0, abs(exact))))


def question_data(lesson: Lesson, scene: Scene) -> dict:
    """The question as the class's store keeps it (no answer in it)."""
    return {"lesson": {"id": lesson.id, "scene": scene.id, "kind": scene.question.kind}}


def class_question(lesson: Lesson, scene: Scene) -> dict | None:
    """The class's current question when it is this scene's (its public record), else None; the teacher's as last
    read while the class server cannot be reached (ui.classroom.live.class_now)."""
    if live.teacher() is not None:
        kept = live.class_now() or {}
        public = kept.get("value", {}).get("question")
    elif live.student() is not None:
        public = live.classes().current(live.student()[0]).question
    else:
        return None
    data = (public or {}).get("question", {}).get("lesson") if isinstance(public, dict) else None
    if isinstance(data, dict) and data.get("id") == lesson.id and data.get("scene") == scene.id:
        return public
    return None


def _ask_op(lesson: Lesson, scene: Scene) -> dict:
    """Asking the scene's question, as the teacher's session keeps it until sent (ui.classroom.live.act)."""
    exact = as_number(lesson, scene, answer(lesson, scene))
    tolerance = TOLERANCE if scene.question.kind == "value" else 0.0
    return {"op": "ask", "question": question_data(lesson, scene), "exact": exact, "tolerance": tolerance,
            "range": list(answer_range(lesson, scene)), "label": question.said(scene.title)}


def _ask(lesson: Lesson, scene: Scene) -> None:
    live.act(_ask_op(lesson, scene))


def _asking(lesson: Lesson, scene: Scene) -> bool:
    """Whether this scene's question waits for the class server to be asked."""
    data = question_data(lesson, scene)
    return any(op["question"] == data for op in live.unsent("ask"))


def _revealing(question_id: int) -> bool:
    return any(op["id"] == question_id for op in live.unsent("reveal"))


def _reveal(lesson: Lesson, scene: Scene, question_id: int, reveal_here) -> None:
    live.act({"op": "reveal", "id": int(question_id)})
    if not _revealing(question_id):  # this screen reveals with the class (else once the class server answers)
        reveal_here(lesson, scene)


def results(lesson: Lesson, scene: Scene, answered: int, right: int, values: list, diagnoses: dict,
            exact: float | None, joined: int | None = None, key: str = "lesson_class_answers") -> None:
    """How many answered and are right, the answers (a histogram; a choice's options counted) and the mistakes."""
    counts = st.columns(2)
    counts[0].metric(t("Answered"), f"{answered} / {joined}" if joined is not None else answered)
    counts[1].metric(t("Right"), right)
    q = scene.question
    if q.kind == "choice":
        labels = [question.said(o.label) for o in q.options]
        tally = [sum(1 for v in values if int(v) == number) for number in range(len(labels))]
        st.dataframe(headers(pd.DataFrame({"option": labels, "students": tally})), hide_index=True,
                     key=key + "_choices")
    else:
        st.plotly_chart(charts.answers_histogram(list(values), exact, TOLERANCE if q.kind == "value" else 0.5),
                        key=key, config={"displayModeBar": False})
    if diagnoses:
        rows = [{"students": count, "mistake": _mistake_title(name)} for name, count in diagnoses.items()]
        st.table(headers(pd.DataFrame(rows)), hide_index=True, border="horizontal")


def _mistake_title(name: str) -> str:
    return question.title_of(name)


@st.fragment(run_every=2)
def _live_results(lesson: Lesson, scene: Scene, question_id: int) -> None:
    """The class's answers so far, read every 2 s until the reveal."""
    was_out = live.out_of_reach()
    kept = live.class_now()  # as last read while the class server cannot be reached
    if kept is None or live.out_of_reach() != was_out:  # the class ended, or its server went: said above the page
        st.rerun(scope="app")
    found = Classes.snapshot_results(kept)
    if found is None or (kept["value"].get("question") or {}).get("id") != question_id:
        st.rerun(scope="app")  # another question now
    results(lesson, scene, found.answered, found.right, found.values, found.diagnoses, None, found.joined)


def teacher() -> tuple[str, str] | None:
    """This session's class as its teacher (code, key), or None."""
    return live.teacher()


def teacher_box(lesson: Lesson, scene: Scene, revealed: bool, reveal_here) -> bool:
    """The teacher's part of a scene's question in a live class: Ask the class, the answers coming in and Reveal
    (the class and this screen together), then the class's answers. False when no class runs (the page's own
    Reveal then)."""
    if live.teacher() is None:
        return False
    public = class_question(lesson, scene)  # never a LiveError for the teacher: said above the page
    if live.teacher() is None:  # the class ended: the app says so
        st.rerun(scope="app")
    if public is None:
        if _asking(lesson, scene):
            st.info(t(ASK_WAITS).format(label=question.said(scene.title)), icon=":material/schedule_send:")
        with st.container(horizontal=True, gap="small"):
            st.button(t(ASK), key="lesson__ask_class", icon=":material/help:", type="primary",
                      disabled=bool(live.unsent("ask")), on_click=live.refusing(_ask), args=(lesson, scene))
            if not revealed:
                st.button(t(question.REVEAL), key="lesson__reveal", icon=":material/visibility:",
                          on_click=reveal_here, args=(lesson, scene))
        if revealed:
            question.reveal(lesson, scene)
            question.show_options(lesson, scene)
        return True
    question_id = int(public["id"])
    if public.get("revealed"):
        if not revealed:  # revealed from the Live class page: this screen follows
            reveal_here(lesson, scene)
        question.reveal(lesson, scene)
        question.show_options(lesson, scene)
        results(lesson, scene, int(public.get("answered", 0)), int(public.get("right", 0)),
                list(public.get("values", [])), dict(public.get("diagnoses", {})), float(public["exact"]))
        return True
    if _revealing(question_id):
        st.info(t(REVEAL_WAITS), icon=":material/schedule_send:")
    st.button(t(question.REVEAL), key="lesson__reveal", icon=":material/visibility:", type="primary",
              disabled=_revealing(question_id), on_click=live.refusing(_reveal),
              args=(lesson, scene, question_id, reveal_here))
    _live_results(lesson, scene, question_id)
    return True


def _send(lesson: Lesson, scene: Scene, question_id: int, key: str) -> None:
    given = st.session_state.get(key)
    if given is None:
        st.session_state[live.NOTICE] = t("Give an answer first, then Check.")
        return
    try:
        verdict = check(lesson, scene, given)
    except MetricsInputError as error:
        st.session_state[live.NOTICE] = str(error)
        return
    if verdict.short:
        st.session_state[live.NOTICE] = t("Give {decimals} decimals: {answer} has fewer, so it was not sent. Type it "
                                          "again with {decimals} decimals.").format(
            decimals=scene.question.decimals, answer=f"{given:g}")
        return
    code, student_id = live.student()
    value, mistake = as_number(lesson, scene, given), verdict.mistake.name if verdict.mistake else None
    live.classes().answer(code, student_id, question_id, value, mistake)
    live.accepted(question_id, value, mistake)


def student_box(lesson: Lesson, scene: Scene) -> None:
    """A following student's part: the answer box while the class's question is open, then the answer is in; after
    the reveal, this student's verdict (its named mistake) and the class's answers."""
    live.show_notice()
    if live.out_of_reach():  # said above the page; no store call (a hung server would hold this screen)
        return
    try:
        public = class_question(lesson, scene)
        code, student_id = live.student()
        mine = live.classes().my_answer(code, student_id, int(public["id"])) if public else None
        if mine is not None:  # kept, to put back if the store loses it
            live.accepted(int(public["id"]), mine["value"], mine.get("diagnosis"))
    except ClassServerUnavailable as error:
        live.say_trouble(error)
        return
    except ClassNotFound:  # gone, or missing for now: said above the page by the student's poll
        return
    except LiveError as error:
        st.error(live.message(error))
        return
    if public is None:
        st.caption(t(WAITING))
        return
    question_id = int(public["id"])
    if public.get("revealed"):
        if mine is None:
            question.reveal(lesson, scene)
            question.show_options(lesson, scene)
        else:
            verdict = question.verdict_of(lesson, scene, from_number(scene, mine["value"]))
            if verdict is not None:
                question.show_verdict(lesson, scene, verdict)
        st.markdown(t("**The class**"))
        results(lesson, scene, int(public.get("answered", 0)), int(public.get("right", 0)),
                list(public.get("values", [])), dict(public.get("diagnoses", {})), float(public["exact"]),
                key="lesson_class_revealed")
        return
    if mine is not None:
        given = from_number(scene, mine["value"])
        shown = question.exact_text(lesson, scene, given).strip("*") if scene.question.kind == "choice" else f"{given:g}"
        st.info(t(SENT).format(value=shown))
        return
    key = f"lesson__class_answer_{question_id}"
    with st.container(horizontal=True, vertical_alignment="bottom", gap="small"):
        question.answer_input(lesson, scene, key)
        st.button(t(SEND), key="lesson__send", type="primary", icon=":material/send:",
                  on_click=live.refusing(_send), args=(lesson, scene, question_id, key))
