"""A quiz question's verdict and its exact computation, as the Quiz page and a live class's students see them."""

from __future__ import annotations

from typing import Callable

import streamlit as st

from metrics.explanation import num
from metrics.teaching import quiz
from ui.i18n import N_, headers, t
from ui.i18n.sentences import localize
from ui.session import state
from ui.teaching import explainer

STEPS_NOTE = N_("The tables stop at the step to look at (highlighted): press Next ▶ or Show all for the rest.")


def step_key(page: str) -> str:
    """The session-state key of ``page``'s step control (set it to a diagnosis's rank to start there)."""
    return state.page_key(page, "step")


def question_tables(question: quiz.Question) -> None:
    """The ranking a question asks about and, when there are any, the judged items it did not retrieve."""
    table = quiz.ranking_table(question)
    st.dataframe(headers(table), hide_index=True, width="stretch", height=explainer.table_height(len(table)))
    if question.pool:
        st.markdown(t("**Judged, but not retrieved**"))
        pool = quiz.pool_table(question)
        st.dataframe(headers(pool), hide_index=True, width="stretch", height=explainer.table_height(len(pool)))


def show_steps(page: str, question: quiz.Question, diagnosis: quiz.Diagnosis | None = None) -> None:
    """The exact computation: formula with the numbers, then the step table(s); with a diagnosis,
    classroom pacing starts at the row it points at, and the table it points at comes first."""
    explanation = quiz.steps(question)
    explainer.formula(explanation)
    step = None
    if diagnosis is not None:
        step = explainer.step_control(page, len(explanation.table))
        st.caption(t(STEPS_NOTE))
    tables = [(t("Step table: {measure}").format(measure=explanation.measure), explanation.table,
               None if question.metric in ("DCG@K", "nDCG@K") else "relevant")]
    if question.metric == "nDCG@K":
        ideal = (t("The ideal ordering (all judged items)"), explanation.details["ideal_table"], None)
        tables = [ideal, tables[0]] if diagnosis is not None and diagnosis.step.table == "ideal" else [tables[0], ideal]
    for heading, table, hit_column in tables:
        st.markdown(f"**{heading}**")
        explainer.step_table(table, step, hit_column=hit_column)


def mistake_title(name: str) -> str:
    """A diagnosed mistake's title in the reader's language (a name the quiz does not know stays as it is)."""
    mistake = quiz.BY_NAME.get(name)
    return t(mistake.title) if mistake else name


#: the button that gives up on a question: the exact value and its computation follow
SHOW_ANSWER = N_("Show the answer")


def show_verdict(page: str, question: quiz.Question, verdict: quiz.Verdict, revealed: bool = True,
                 reveal: Callable[[], None] | None = None) -> None:
    """Right, or not quite with the likely mistake and where to look; then the exact computation.

    ``revealed`` False (the student may try again): a wrong answer gets its diagnosis but not the exact
    value, nor its computation; ``reveal`` is the "Show the answer" button's callback (giving up).
    ``verdict.short``: the answer lacks the decimals the question asks for: only that is said."""
    if verdict.correct:
        st.success(t("**Right!** {label} = {exact} (your answer: {answer})").format(
            label=question.label, exact=f"{verdict.exact:.4f}", answer=num(verdict.answer, 4)))
        with st.expander(t("See the steps"), expanded=False):
            show_steps(page, question)
        return
    diagnosis = verdict.diagnosis
    exact = t("The exact value is {exact}.").format(exact=f"{verdict.exact:.4f}")
    if verdict.short:  # close, with too few decimals: not diagnosed
        st.warning(t("**Give {n} decimals.** Your answer {answer} has {d}: the question asks for {n}.").format(
            n=quiz.DECIMALS, answer=num(verdict.answer, 4), d=quiz.decimals_of(verdict.answer))
            + (f"\n\n{exact}" if revealed else ""))
    else:
        head = t("**Not quite:** you answered {answer}.").format(answer=num(verdict.answer, 4)) + (
            f" {exact}" if revealed else "")
        if diagnosis is None:
            st.warning(f"{head}\n\n{localize(quiz.NO_MATCH)}")
        else:
            same = [mistake_title(name) for name in diagnosis.also]
            also = ("\n\n" + t("The same number also comes from: {mistakes}.").format(
                mistakes=t("; ").join(same)) if same else "")
            likely = t("**Likely mistake — {title}.** {explanation} That method gives {value}.").format(
                title=t(diagnosis.title), explanation=localize(diagnosis.explanation),
                value=f"{diagnosis.value:.4f}")
            st.warning(f"{head}\n\n{likely}{also}")
            st.info(t("**Where to look:** {step}").format(step=localize(diagnosis.step.text)),
                    icon=":material/arrow_downward:")
    if not revealed:
        _reveal_button(page, reveal)
        return
    st.subheader(t("The exact computation"))
    show_steps(page, question, diagnosis)


def _reveal_button(page: str, reveal: Callable[[], None] | None) -> None:
    """Try again, or give up: the "Show the answer" button."""
    st.caption(t("Try again: change your answer and press Check. Or give up and see the exact value and its "
                 "computation."))
    st.button(t(SHOW_ANSWER), key=state.page_key(page, "show_answer"), icon=":material/visibility:",
              on_click=reveal)
