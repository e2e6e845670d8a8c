"""Questions in a live class: the teacher asks about the board (any measure the quiz knows, at the board's K and
gain) or the quiz's next question; students answer on their own screens (the first answer counts); the teacher
watches the answers come in (histogram, how many are right, the diagnosed mistakes added up) and reveals the answer,
its steps and where each mistake happens on every screen. The pages call :func:`teacher_panel` and
:func:`student_panel`."""

from __future__ import annotations

import math
from dataclasses import replace

import pandas as pd
import streamlit as st

from live.classes import Classes, LiveError
from live.errors import ClassServerUnavailable
from metrics.errors import MetricsInputError
from metrics.teaching import quiz
from ui import charts
from ui.classroom import live
from ui.i18n import N_, header, headers, relabel_choice, t
from ui.i18n.sentences import localize
from ui.model import explain
from ui.model.board import Board
from ui.session import state
from ui.shell.page import end_page
from ui.topics import quiz_view

PAGE = "live"  #: the step control's page name (its key is ``live__step``)
ASK_MEASURE = "live__ask_measure"
SHOW_EXACT = "live__show_exact"
ANSWER_FORM = "live__answer_form"
SEND = "live__send"
REVEAL = "live__reveal"
NEXT_QUIZ = "quiz"  #: the ask option "the quiz's next question"
BOARD_MEASURES = ("nDCG@K", "DCG@K", "AP", "RR", "P@K")
REVEAL_SEEN = "live_reveal_seen"  #: the question whose reveal set this student's step control
LAST_SEEN = "live_last_seen"  #: (code, the public question, this student's answer) as the student panel last read them
QUIZ_SEED, QUIZ_CHOSEN = state.page_key("quiz", "seed"), state.page_key("quiz", "chosen")  # the Quiz page's keys

# why the board cannot be asked about as it is: the quiz's questions and diagnoses use trec_eval's conventions
EMPTY = N_("The board ranks no item: rank some items to ask about them.")
NOT_WHOLE = N_("The quiz's questions use whole grades 0, 1, 2, …; the board gives {item} the grade {grade}.")
IDEAL_LIST = N_("The quiz's nDCG takes its ideal ordering from all judged items; the board takes it from the list. "
                "Set the board's ideal ordering back to all judged items to ask about nDCG.")
AP_DENOMINATOR = N_("The quiz's AP divides by R, all relevant judged items; the board divides by another number. "
                    "Set the board's AP denominator back to R to ask about AP.")
# where a mistake happens, before the reveal: the table, column and row, none of the computation's numbers
WHERE_RANKING = N_("step table, column \u201c{column}\u201d, rank {rank}")
WHERE_IDEAL = N_("ideal ordering, column \u201c{column}\u201d, rank {rank}")
WHERE_COLUMN = N_("step table, column \u201c{column}\u201d")
SHORT = N_("Give {decimals} decimals: {answer} has fewer, so it was not sent. Type it again with {decimals} decimals.")
THRESHOLD = N_("The quiz counts an item as relevant when its grade is at least 1; the board's threshold is "
               "{threshold}. Set it back to 1 to ask about {measure}.")
# a teacher's action kept while the class server cannot be reached (ui.classroom.live.act)
ASK_WAITS = N_("{label}: not asked yet. It is asked as soon as the class server takes it.")
REVEAL_WAITS = N_("Not revealed yet: the answer is revealed to the class as soon as the class server takes it.")
NOT_READ = N_("The class's question and answers are shown as soon as the class server answers again.")


class CannotAsk(Exception):
    """Why the board cannot be asked about: an English template and its fields (shown with :func:`reason`)."""

    def __init__(self, template: str, **fields):
        self.template, self.fields = template, fields
        super().__init__(template.format(**fields))


def reason(error: CannotAsk) -> str:
    return t(error.template).format(**error.fields)


#: the board measure (ui.model.explain) behind each question about the board
BOARD_MEASURE = {"DCG@K": "nDCG", "nDCG@K": "nDCG", "AP": "AP", "RR": "RR", "P@K": "P", "R@K": "R", "F1@K": "F1"}


def board_value(board: Board, metric: str, k: int) -> float:
    """``metric`` on ``board`` at ``k`` as its page computes it, under the board's own conventions; RR without a
    cut-off, as the quiz asks it (trec_eval's recip_rank); a metric not in :data:`BOARD_MEASURE` is read as P@K."""
    explanation = explain.explain(board, BOARD_MEASURE.get(metric, "P"), k, cut=False)
    if metric == "DCG@K":
        return explanation.details["DCG"]
    return explanation.value


def board_question(board: Board, metric: str, k: int | None = None) -> quiz.Question:
    """The quiz's ``metric`` on ``board``: its ranking (an unjudged ranked item counts as grade 0, as in trec_eval),
    the judged items it does not rank, its K (as its page caps it; ``k`` instead of the board's) and its gain. The
    quiz's questions and diagnoses use trec_eval's conventions; where the board's conventions give another number,
    CannotAsk says which one to set back (a plausible number under other conventions is never asked)."""
    if not board.ranking:
        raise CannotAsk(EMPTY)
    for item, grade in board.grades.items():
        if grade is not None and not (math.isfinite(grade) and grade == int(grade) and grade >= 0):
            raise CannotAsk(NOT_WHOLE, item=item, grade=f"{grade:g}")
    pool_items = [item for item, grade in board.grades.items() if item not in board.ranking and grade is not None]
    deepest = len(board.ranking) + (len(pool_items) if metric in ("DCG@K", "nDCG@K") else 0)  # the pages' K slider
    k = min(board.k if k is None else k, deepest)
    question = quiz.build_question([int(board.grade(item)) for item in board.ranking], k, metric,
                                   pool=[int(board.grades[item]) for item in pool_items], gain=board.gain,
                                   items=board.ranking, pool_items=pool_items)
    if abs(question.answer - board_value(board, metric, k)) > 1e-12:
        measure = question.label
        if metric == "nDCG@K" and board.ideal != "judged":
            raise CannotAsk(IDEAL_LIST)
        if metric == "AP" and board.ap_denominator != "relevant":
            raise CannotAsk(AP_DENOMINATOR)
        raise CannotAsk(THRESHOLD, threshold=f"{board.threshold:g}", measure=measure)
    return question
def next_quiz_question() -> quiz.Question:
    """The teacher's Quiz page's next question (its difficulty and metric); the Quiz page moves on to it too."""
    chosen = st.session_state.get(QUIZ_CHOSEN) or {"difficulty": "easy", "metric": "nDCG@K"}
    seed = st.session_state.get(QUIZ_SEED, 1) + 1
    return quiz.make_question(seed, chosen["difficulty"], chosen["metric"])


#: the ask options' labels (fixed: a label that changed with the board would make a new widget)
OPTION_LABELS = {"nDCG@K": N_("nDCG@K on the board"), "DCG@K": N_("DCG@K on the board"), "AP": N_("AP@K on the board"),
                 "RR": N_("RR on the board"), "P@K": N_("P@K on the board"), "R@K": N_("R@K on the board"),
                 "F1@K": N_("F1@K on the board"), NEXT_QUIZ: N_("The quiz's next question")}


def _public(question) -> tuple[int, quiz.Question, dict] | None:
    """(id, question, the public record) of the class's current question; None without one (or an unreadable one)."""
    if not question:
        return None
    try:
        return int(question["id"]), quiz.question_from_data(question["question"]["quiz"]), question
    except (KeyError, TypeError, ValueError, MetricsInputError):
        return None


# --------------------------------------------------------------------------- the teacher


def ask_controls(code: str, teacher_key: str) -> None:
    """Pick a measure on the board (or the quiz's next question) and ask it."""
    with st.container(horizontal=True, vertical_alignment="bottom"):
        labels = {name: t(label) for name, label in OPTION_LABELS.items()}  # now: AppTest formats outside the run
        relabel_choice(ASK_MEASURE)
        option = st.selectbox(t("Question"), list(labels), key=ASK_MEASURE, format_func=labels.get)
        try:
            question = next_quiz_question() if option == NEXT_QUIZ else board_question(state.board(), option)
        except CannotAsk as error:
            question, refusal = None, reason(error)
        else:
            refusal = None
        st.button(t("Ask"), key="live__ask", type="primary", icon=":material/help:",
                  disabled=question is None or bool(live.unsent("ask")),  # one question waiting at a time
                  on_click=live.refusing(_ask), args=(code, teacher_key, question, option == NEXT_QUIZ))
    if refusal:
        st.warning(refusal)
    else:
        st.caption(t("{label}: {prompt}").format(label=question.label, prompt=localize(question.prompt)))


def answer_range(question: quiz.Question) -> tuple[float, float]:
    """What an answer to ``question`` can be: from 0 to the largest of 1, the exact value and what each known mistake
    gives (a rank, an unnormalised DCG...), rounded up to a whole number so that the bound gives nothing away."""
    highest = max([1.0, question.answer, *quiz.mistake_values(question).values()])
    return 0.0, float(math.ceil(highest))


def _ask(code: str, teacher_key: str, question: quiz.Question, from_quiz: bool, page: str | None = None,
         step: int | None = None) -> None:
    """Ask ``question`` (now, or as soon as the class server answers: :func:`ui.classroom.live.act`); with ``page``
    and ``step``, a question about that step of that explainer page, which waits at it, its value hidden, until the
    reveal (:func:`step_question`)."""
    if from_quiz:  # the Quiz page moves on to the question asked
        st.session_state[QUIZ_SEED] = st.session_state.get(QUIZ_SEED, 1) + 1
    data = {"quiz": quiz.question_data(question), "label": question.label}
    op = {"op": "ask", "question": data, "exact": question.answer, "tolerance": quiz.TOLERANCE,
          "range": list(answer_range(question)), "label": question.label}
    st.session_state.pop(state.LIVE_STEP_QUESTION, None)
    if page is not None:  # the page's step as stored (a number, or None for "Show all"), to keep it there
        data["step"] = {"page": page, "step": step}
        op["step"] = {"page": page}
        stored = st.session_state.get(state.page_key(page, "step"), 1)
        st.session_state[state.LIVE_STEP_QUESTION] = {"code": code, "id": None, "page": page, "stored": stored,
                                                "label": question.label}  # its id once asked (live._send)
    live.act(op)


def _reveal(code: str, teacher_key: str, question_id: int) -> None:
    live.act({"op": "reveal", "id": int(question_id)})


def revealing(question_id: int) -> bool:
    """Whether this teacher's reveal of ``question_id`` waits for the class server."""
    return any(op["id"] == int(question_id) for op in live.unsent("reveal"))


def _send(code: str, student_id: str, question_id: int, question: quiz.Question) -> None:
    value = st.session_state.get(f"live__answer_{question_id}")
    if value is None:
        st.session_state[live.NOTICE] = t("Type a number first.")
        return
    verdict = quiz.check(question, value, decimals=quiz.DECIMALS)
    if verdict.short:  # close, but with fewer decimals than the question asks for: not counted as right
        st.session_state[live.NOTICE] = t(SHORT).format(decimals=quiz.DECIMALS, answer=f"{value:g}")
        return
    diagnosis = verdict.diagnosis.name if verdict.diagnosis else None
    live.classes().answer(code, student_id, question_id, value, diagnosis)
    live.accepted(question_id, value, diagnosis)


def where_to_look(question: quiz.Question, step: quiz.Step, revealed: bool) -> str:
    """Where a mistake happens: once revealed, the step's sentence with its numbers; before, only the table, the
    column and the row (for RR not even the row: the first hit's rank is the answer's denominator)."""
    if revealed:
        return localize(step.text)
    if question.metric == "RR":
        return t(WHERE_COLUMN).format(column=header(step.column))
    return (t(WHERE_IDEAL) if step.table == "ideal" else t(WHERE_RANKING)).format(column=header(step.column), rank=step.rank)


def results_view(question: quiz.Question, answered: int, right: int, values: list[float], diagnoses: dict,
                 exact: float | None, tolerance: float, joined: int | None = None, key: str = "live__answers",
                 revealed: bool = True, compact: bool = False) -> None:
    """How many answered and are right, the answers' histogram (the exact value marked when given), and the
    diagnosed mistakes added up with the step where each one happens (its numbers only once ``revealed``).
    ``compact``: the counts beside the histogram and the mistakes folded (above an explainer page's steps)."""
    if compact:
        side, main = st.columns([1, 3], vertical_alignment="center")
        counts = [side.container(), side.container(), side.container()]
    else:
        counts, main = st.columns(3), st.container()
    counts[0].metric(t("Answered"), f"{answered} / {joined}" if joined is not None else answered)
    counts[1].metric(t("Right"), right)
    counts[2].metric(t("Exact value"), f"{exact:.4f}" if exact is not None else "?")
    low, high = answer_range(question)  # what the class accepts: every bin is finite
    shown = [value for value in values if isinstance(value, (int, float)) and low - 1 <= value <= high + 1]
    main.plotly_chart(charts.answers_histogram(shown, exact, tolerance), key=key,
                      config={"displayModeBar": False})
    if diagnoses:
        rows = [{"students": count, "mistake": quiz_view.mistake_title(name),
                 N_("where to look"): where_to_look(question, quiz.BY_NAME[name].step(question), revealed)
                 if name in quiz.BY_NAME else ""}
                for name, count in diagnoses.items()]
        folded = st.expander(t("The mistakes the quiz recognised")) if compact else st.container()
        if not compact:
            folded.markdown(t("**The mistakes the quiz recognised**"))
        folded.table(headers(pd.DataFrame(rows)), hide_index=True, border="horizontal")  # static: long text wraps


@st.fragment(run_every=2)
def _live_results(code: str, teacher_key: str, question_id: int, question: quiz.Question,
                  compact: bool = False) -> None:
    """The answers so far, read again every 2 s while the question is open (and the teacher's screen drawn again when
    the browser lost the end of the last run: :func:`ui.classroom.live.lost_its_end`)."""
    if live.lost_its_end():
        st.rerun(scope="app")
    was_out = live.out_of_reach()
    kept = live.class_now()  # as last read while the class server cannot be reached
    if kept is None or live.out_of_reach() != was_out:  # the class ended, or its server went: said above the page
        st.rerun(scope="app")
    public = kept.get("value", {}).get("question") or {}
    results = Classes.snapshot_results(kept)
    if results is None or public.get("id") != question_id:  # another question now (asked from another tab)
        st.rerun(scope="app")
    shown = results.exact if st.session_state.get(SHOW_EXACT) else None
    results_view(question, results.answered, results.right, results.values, results.diagnoses, shown,
                 results.tolerance, joined=results.joined, revealed=False, compact=compact)


def teacher_panel(code: str, teacher_key: str) -> None:
    """The current question (its answers live and "Reveal", or once revealed the answer and the class's mistakes),
    then the controls to ask the next one."""
    kept = live.class_now()  # as last read while the class server cannot be reached
    if kept is None:
        if live.teacher() is None:  # the class ended: the app says so
            st.rerun(scope="app")
        st.caption(t(NOT_READ))
        return
    current = _public(kept["value"].get("question"))
    joined = len(kept.get("students") or {})
    for op in live.unsent("ask"):
        st.info(t(ASK_WAITS).format(label=op.get("label", "")), icon=":material/schedule_send:")
    if current is None:
        st.subheader(t("Ask the class"))
        ask_controls(code, teacher_key)
        return
    question_id, question, public = current
    revealed = public.get("revealed")
    with st.container(horizontal=True, vertical_alignment="center"):
        st.subheader(t("Question {number}: {label}").format(number=question_id, label=question.label), width="content")
        if not revealed:
            st.button(t("Reveal the answer"), key=REVEAL, icon=":material/visibility:", type="primary",
                      disabled=revealing(question_id), on_click=live.refusing(_reveal),
                      args=(code, teacher_key, question_id))
            st.toggle(t("Show the exact value"), key=SHOW_EXACT,
                      help=t("Only you should see it before the reveal: the projector shows your screen."))
    if not revealed and revealing(question_id):
        st.info(t(REVEAL_WAITS), icon=":material/schedule_send:")
    st.caption(localize(question.prompt))
    if revealed:
        _revealed(question, public, joined)
    else:
        _live_results(code, teacher_key, question_id, question)
    with st.expander(t("Ask the next question"), expanded=bool(revealed)):
        ask_controls(code, teacher_key)


def _revealed(question: quiz.Question, public: dict, joined: int | None = None, compact: bool = False) -> None:
    results_view(question, int(public.get("answered", 0)), int(public.get("right", 0)), list(public.get("values", [])),
                 dict(public.get("diagnoses", {})), float(public["exact"]), float(public["tolerance"]), joined,
                 key="live__revealed_answers", compact=compact)


# --------------------------------------------------------------------------- a question about an explainer's step

#: what "Ask the class about this" asks on each explainer page at step i: the quiz's metrics with K = i, the values of
#: the step table's row i (DCG@i and nDCG@i; the precision at rank i and the running AP@i; P@i, R@i and F1@i; RR of
#: ranks 1..i)
STEP_QUESTIONS = {"ndcg": ("DCG@K", "nDCG@K"), "ap": ("P@K", "AP"), "rr": ("RR",), "cutoff": ("P@K", "R@K", "F1@K")}
STEP_PANEL = "live_step_question"  #: the container of a step question on its page (above the page's numbers)
ASK_STEP = N_("Ask the class about this")
STEP_WAITS = N_("This page waits at step {step}, its values hidden, until you reveal the answer; the class answers on "
                "the Live class page. The ranking is the one beside this.")
STEP_TOP = N_("The question is about ranks 1\u2013{step} only, the ranks this step has shown.")


def step_board_question(board: Board, metric: str, step: int) -> quiz.Question:
    """The quiz's ``metric`` about step ``step`` of an explainer page on ``board``: the value of the step table's row
    ``step`` under the board's conventions (CannotAsk otherwise, as :func:`board_question`): K = ``step`` for DCG,
    nDCG, AP and P; RR, which has no cut-off, on the top ``step`` ranks alone (RR so far = 1/rank of the first hit
    in ranks 1..i, 0 when there is none)."""
    if metric == "RR":
        top = board.ranking[:step]
        board = replace(board, ranking=top, grades={item: board.grades[item] for item in top})
    return board_question(board, metric, k=step)


def _step_key(metric: str) -> str:
    return metric.split("@")[0].lower()  # DCG@K -> dcg: a key a CSS class can hold


def ask_about_step(page: str, pace) -> None:
    """In an explainer page's step bar (ui.teaching.pacing.step_bar), for the teacher of a live class only: "Ask the class about
    this", a popover with a question on each value of the current row (or why the board cannot be asked about)."""
    held = live.teacher()
    metrics = STEP_QUESTIONS.get(page)
    if held is None or not metrics or not pace.total:
        return
    board = state.board()
    with st.popover(t(ASK_STEP), icon=":material/help:", key=state.page_key(page, "ask_step")):
        st.caption(t(STEP_WAITS).format(step=pace.step))
        for metric in metrics:
            try:
                question = step_board_question(board, metric, pace.step)
            except CannotAsk as error:
                st.caption(reason(error))
                continue
            st.button(t("{label} = ?").format(label=question.label), key=state.page_key(page, f"ask_{_step_key(metric)}"),
                      type="primary", on_click=live.refusing(_ask), args=(*held, question, False, page, pace.step))


def _step_back(page: str) -> None:
    """"Back to the steps" before the reveal: the page shows its step again (the question stays asked)."""
    st.session_state.pop(state.LIVE_STEP_QUESTION, None)


def step_question(page: str) -> None:
    """Called by ui.teaching.pacing.begin, in the page's numbers column: when this teacher asked the class about a step of this
    page, before the reveal the question (its answers coming in, Reveal) stands in for the page's numbers and the page
    ends there (its step kept: the clicker cannot move it), so that nothing on the projected screen gives the answer
    away; once revealed, the answers and the exact value are drawn above the page at that step, until the step moves
    on or another question is asked."""
    asked = st.session_state.get(state.LIVE_STEP_QUESTION)
    if not asked or asked.get("page") != page:
        return
    held = live.teacher()
    if held is None or held[0] != asked.get("code"):
        st.session_state.pop(state.LIVE_STEP_QUESTION, None)
        return
    step_key = state.page_key(page, "step")
    if asked.get("id") is None:  # not asked yet: the class server cannot be reached (said above the page)
        if not live.unsent("ask"):  # refused meanwhile (said above the page): the page goes on
            st.session_state.pop(state.LIVE_STEP_QUESTION, None)
            return
        st.session_state[step_key] = asked["stored"]  # the page waits at its step, its values hidden
        with st.container(key=STEP_PANEL):
            st.info(t(ASK_WAITS).format(label=asked.get("label", "")), icon=":material/schedule_send:")
            st.button(t("Back to the steps"), key=state.page_key(page, "step_question_back"), type="tertiary",
                      on_click=_step_back, args=(page,), help=t(STEP_BACK_HELP))
        end_page()
    kept = live.class_now()  # as last read while the class server cannot be reached
    if kept is None:
        if live.teacher() is None:
            st.rerun(scope="app")
        st.session_state[step_key] = asked["stored"]
        end_page()
    current = _public(kept["value"].get("question"))
    revealed = current is not None and current[0] == asked["id"] and current[2].get("revealed")
    joined = len(kept.get("students") or {}) if revealed else None
    if current is None or current[0] != asked["id"] or (revealed and st.session_state.get(step_key) != asked["stored"]):
        st.session_state.pop(state.LIVE_STEP_QUESTION, None)  # another question, or the step moved on after the reveal
        return
    question_id, question, public = current
    with st.container(key=STEP_PANEL):
        st.subheader(t("Question {number}: {label}").format(number=question_id, label=question.label))
        if revealed:
            _revealed(question, public, joined, compact=True)
            return
        st.session_state[step_key] = asked["stored"]  # a clicker key pressed meanwhile does not show the answer
        st.caption(localize(question.prompt))
        step = (public.get("question") or {}).get("step", {}).get("step")
        if question.metric == "RR" and step:
            st.caption(t(STEP_TOP).format(step=step))
        st.caption(t(STEP_WAITS).format(step=step))
        if revealing(question_id):
            st.info(t(REVEAL_WAITS), icon=":material/schedule_send:")
        with st.container(horizontal=True, vertical_alignment="center"):
            st.button(t("Reveal the answer"), key=REVEAL, icon=":material/visibility:", type="primary",
                      disabled=revealing(question_id), on_click=live.refusing(_reveal), args=(*held, question_id))
            st.toggle(t("Show the exact value"), key=SHOW_EXACT,
                      help=t("Only you should see it before the reveal: the projector shows your screen."))
            st.button(t("Back to the steps"), key=state.page_key(page, "step_question_back"), type="tertiary",
                      on_click=_step_back, args=(page,), help=t(STEP_BACK_HELP))
        _live_results(*held, question_id, question, compact=True)
    end_page()


STEP_BACK_HELP = N_("The page shows its step again, values and all; the question stays asked: reveal it on the Live "
                    "class page.")


# --------------------------------------------------------------------------- a student


def student_panel(code: str, student_id: str) -> None:
    """The current question: its ranking and an answer box; once answered, a wait; once revealed, this student's
    verdict with the step where their mistake happens, the exact computation and the class's answers."""
    try:
        if live.out_of_reach():  # no store call (a hung server would hold this screen): as last seen
            raise ClassServerUnavailable()
        public = live.classes().current(code).question
        current = _public(public)
        mine = live.classes().my_answer(code, student_id, current[0]) if current else None
        st.session_state[LAST_SEEN] = (code, public, mine)
        if mine is not None:  # kept, to put back if the store loses it
            live.accepted(current[0], mine["value"], mine.get("diagnosis"))
    except LiveError as error:
        if isinstance(error, ClassServerUnavailable):  # the class is kept: said above the page, the question drawn
            live.say_trouble(error)  # as last seen (the answer box keeps what was typed), again by the poll when back
        else:  # the class ended: the page is drawn again without it (or it is missing for now: as an outage)
            live.class_ended(error)
        last_code, public, mine = st.session_state.get(LAST_SEEN) or (None, None, None)
        current = _public(public) if last_code == code else None
    if current is None:
        st.caption(t("No question yet: when the teacher asks one, it appears here."))
        return
    question_id, question, public = current
    st.subheader(t("Question {number}: {label}").format(number=question_id, label=question.label))
    if public.get("revealed"):  # the verdict first; the question itself folded away
        if mine is None:
            st.info(t("You did not answer. The exact value: {label} = {exact}").format(
                label=question.label, exact=f"{question.answer:.4f}"))
        else:
            verdict = quiz.check(question, mine["value"])
            if st.session_state.get(REVEAL_SEEN) != (code, question_id):  # first look: the steps start at the mistake
                st.session_state[REVEAL_SEEN] = (code, question_id)
                if verdict.diagnosis is not None:
                    st.session_state[quiz_view.step_key(PAGE)] = verdict.diagnosis.step.rank
            quiz_view.show_verdict(PAGE, question, verdict)
        with st.expander(t("The question"), expanded=False):
            st.markdown(f"**{localize(question.prompt)}**")
            quiz_view.question_tables(question)
        if mine is None:
            quiz_view.show_steps(PAGE, question)
        st.subheader(t("The class"))
        _revealed(question, public)
        return
    st.markdown(f"**{localize(question.prompt)}**")
    ranking, answer = st.columns([2, 3], gap="large")  # side by side on a laptop, one above the other on a phone
    with ranking:
        quiz_view.question_tables(question)
    with answer:
        _answer_box(code, student_id, question_id, question, mine)


def _answer_box(code: str, student_id: str, question_id: int, question: quiz.Question, mine: dict | None) -> None:
    """The answer box; once answered, that the answer is in."""
    if mine is not None:
        st.info(t("Your answer, {value}, is in: the teacher will reveal the answer.").format(
            value=f"{mine['value']:g}"))
    else:
        with st.form(ANSWER_FORM, border=False):
            st.number_input(t("Your answer: {label} =").format(label=question.label), value=None, step=0.001,
                            format="%.4f", placeholder=t("e.g. 0.631"), key=f"live__answer_{question_id}")
            st.form_submit_button(t("Send the answer"), key=SEND, type="primary", icon=":material/send:",
                                  on_click=live.refusing(_send), args=(code, student_id, question_id, question))
