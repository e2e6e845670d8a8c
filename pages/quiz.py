"""Quiz: compute a metric by hand on a random ranking; a wrong answer gets a diagnosis and the
step of the exact computation where that mistake goes wrong."""

import streamlit as st

from metrics.teaching import quiz
from ui.i18n import N_, t
from ui.i18n.sentences import localize
from ui.model.board import Board
from ui.session import state
from ui.shell.routes import page_file
from ui.topics import quiz_view

PAGE = "quiz"
SEED = state.page_key(PAGE, "seed")  # the question counter (plain key: survives page switches)
SCORE = state.page_key(PAGE, "score")  # {"answered", "correct", "streak"}
LAST = state.page_key(PAGE, "last")  # (question id, verdict) of the last check
SCORED = state.page_key(PAGE, "scored")  # ids of the questions already scored (first answer counts)
GAVE_UP = state.page_key(PAGE, "gave_up")  # ids of the questions whose answer the student asked to see
CHOSEN = state.page_key(PAGE, "chosen")  # the difficulty and metric picked, kept across page switches
STEP = quiz_view.step_key(PAGE)  # explainer.step_control's key: the row the diagnosis points at
DIFFICULTY = state.page_key(PAGE, "difficulty")
METRIC = state.page_key(PAGE, "metric")

TITLE = N_("Quiz — compute it by hand")
INTRO = N_("Compute the metric on paper, type your answer, and check it. A wrong answer is diagnosed: "
           "the app recomputes the metric under common wrong methods and shows the step where yours went wrong.")
METRIC_LABELS = {"DCG@K": "DCG@K", "nDCG@K": "nDCG@K", "AP": "AP@K", "RR": "RR", "P@K": "P@K", "R@K": "R@K",
                 "F1@K": "F1@K"}
DIFFICULTY_HELP = N_("easy: 4-5 items, K = all of them. medium: 6-8 items, grades 0-3, K shorter than the list. "
                     "hard: 8-10 items, relevant items the system did not retrieve, sometimes exponential gain.")
#: the names of metrics.teaching.quiz.DIFFICULTIES
DIFFICULTY_NAMES = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}
PAGES = {"DCG@K": page_file("ndcg"), "nDCG@K": page_file("ndcg"), "AP": page_file("ap"), "RR": page_file("rr"),
         "P@K": page_file("cutoff"), "R@K": page_file("cutoff"), "F1@K": page_file("cutoff")}
SCORE_NOTE = N_("Each question is scored on its first answer; try again as often as you like.")


def reset_score() -> None:
    st.session_state[SCORE] = {"answered": 0, "correct": 0, "streak": 0}
    st.session_state[SCORED] = []


def record(question_id: tuple, verdict: quiz.Verdict) -> None:
    """Keep the verdict to show it, score the question's first answer (an answer with too few decimals is
    not an answer yet), point the steps at the mistake."""
    st.session_state[LAST] = (question_id, verdict)
    if question_id not in st.session_state[SCORED] and not verdict.short:
        st.session_state[SCORED].append(question_id)
        score = st.session_state[SCORE]
        score["answered"] += 1
        score["correct"] += verdict.correct
        score["streak"] = score["streak"] + 1 if verdict.correct else 0
    if verdict.diagnosis is not None:
        st.session_state[STEP] = verdict.diagnosis.step.rank


# --------------------------------------------------------------------------- state
st.session_state.setdefault(SEED, 1)
st.session_state.setdefault(CHOSEN, {"difficulty": "easy", "metric": "nDCG@K"})
if SCORE not in st.session_state:
    reset_score()
for key, name in ((DIFFICULTY, "difficulty"), (METRIC, "metric")):
    if key not in st.session_state:  # widget state is dropped when a person leaves the page
        st.session_state[key] = st.session_state[CHOSEN][name]

st.title(t(TITLE))
st.caption(t(INTRO))

# --------------------------------------------------------------------------- controls and score
controls, score_area = st.columns([3, 2])
with controls:
    difficulty = st.radio(t("Difficulty"), quiz.DIFFICULTIES, key=DIFFICULTY, horizontal=True, help=t(DIFFICULTY_HELP),
                          format_func={name: t(label) for name, label in DIFFICULTY_NAMES.items()}.get)
    metric = st.radio(t("Metric"), quiz.QUIZ_METRICS, key=METRIC, horizontal=True,
                      format_func=METRIC_LABELS.get)
    st.session_state[CHOSEN] = {"difficulty": difficulty, "metric": metric}
    if st.button(t("New question"), key=state.page_key(PAGE, "new"), icon=":material/casino:", type="primary"):
        st.session_state[SEED] += 1
with score_area:
    score = st.session_state[SCORE]
    answered, correct, streak = st.columns(3)
    answered.metric(t("Answered"), score["answered"])
    correct.metric(t("Correct"), score["correct"])
    streak.metric(t("Streak"), score["streak"])
    st.button(t("Reset score"), key=state.page_key(PAGE, "reset"), on_click=reset_score, icon=":material/restart_alt:")
    st.caption(t(SCORE_NOTE))

seed = st.session_state[SEED]
question = quiz.make_question(seed, difficulty, metric)
question_id = (seed, difficulty, metric)

# --------------------------------------------------------------------------- the question
ranking_area, question_area = st.columns([2, 3])
with ranking_area:
    st.subheader(t("The ranking"))
    quiz_view.question_tables(question)
with question_area:
    st.subheader(t("Question {seed} · {difficulty}: {label}").format(
        seed=seed, difficulty=t(DIFFICULTY_NAMES.get(difficulty, difficulty)), label=question.label))
    st.markdown(f"#### {localize(question.prompt)}")
    figures = st.columns(3)
    if question.uses_k:
        figures[0].metric("K", question.k)
    figures[1].metric(t("Items ranked"), len(question.rels))
    if question.pool:
        figures[2].metric(t("Not retrieved"), len(question.pool))
    answer = st.number_input(t("Your answer: {label} =").format(label=question.label), value=None, step=0.001,
                             format="%.4f", placeholder=t("e.g. 0.631"),
                             key=state.page_key(PAGE, f"answer_{seed}_{difficulty}_{metric}"))
    check, board_button = st.columns(2)
    if check.button(t("Check"), key=state.page_key(PAGE, "check"), icon=":material/task_alt:", type="primary",
                    width="stretch"):
        if answer is None:
            st.warning(t("Type a number first."))
        else:
            record(question_id, quiz.check(question, answer, decimals=quiz.DECIMALS))
            st.rerun()  # the score above shows the new count
    if board_button.button(t("Put this ranking on the board"), key=state.page_key(PAGE, "board"),
                           icon=":material/dashboard:", width="stretch"):
        state.set_board(Board(grades=question.grades, ranking=question.items, k=question.k, gain=question.gain,
                              title=t("Quiz question {seed} ({difficulty})").format(
                                  seed=seed, difficulty=t(DIFFICULTY_NAMES[difficulty])),
                              note=localize(question.prompt)), origin=True)
        st.success(t("The ranking is on the board: every explainer page now shows it."))
        st.page_link(PAGES[metric], label=t("Explain {label} step by step").format(label=question.label),
                     icon=":material/arrow_forward:")

# --------------------------------------------------------------------------- the verdict
last = st.session_state.get(LAST)
if last is not None and last[0] == question_id:
    gave_up = st.session_state.setdefault(GAVE_UP, [])
    quiz_view.show_verdict(PAGE, question, last[1], revealed=question_id in gave_up,
                           reveal=lambda: gave_up.append(question_id))  # the exact value once the student gives up
