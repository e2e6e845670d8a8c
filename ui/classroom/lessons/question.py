"""A scene's question: the learner answers first (a number, a rank or an option), then sees the exact answer and,
when wrong, the named mistake and the step where it goes wrong; on a projector the teacher asks the class and
reveals. Every answer and mistake comes from ``metrics.teaching.lessons`` (``check``, ``answer``)."""

from __future__ import annotations

import streamlit as st

from metrics.errors import MetricsInputError
from metrics.explanation import num
from metrics.teaching.lessons import Lesson, Mistake, Scene, Verdict, answer, check, option_values
from ui.i18n import N_, language, t
from ui.i18n.sentences import localize
from ui.topics.quiz_view import mistake_title

#: the names of the conventions' mistakes (metrics.teaching.lessons.compute.CONVENTION_MISTAKES), for translation
CONVENTION_TITLES = {
    ("gain", "linear"): N_("Linear gain instead of exponential gain (2^rel − 1)"),
    ("gain", "exponential"): N_("Exponential gain (2^rel − 1) instead of linear gain"),
    ("ideal", "list"): N_("The ideal ordering built from the list only, not from every judged item"),
    ("ideal", "judged"): N_("The ideal ordering built from every judged item, not from the list"),
    ("ap_denominator", "relevant"): N_("AP divided by R, every relevant judged item"),
    ("ap_denominator", "found"): N_("AP divided by the hits found instead of R"),
    ("ap_denominator", "min_k_relevant"): N_("AP divided by min(K, R)"),
    ("rr_cut", True): N_("RR cut at rank K"),
    ("rr_cut", False): N_("RR without a cut-off"),
}
YOUR_ANSWER = N_("Your answer")
CHECK = N_("Check")
REVEAL = N_("Reveal the answer")
GIVE_UP = N_("Show the answer")


def said(text) -> str:
    """A lesson's text (metrics.teaching.lessons.Text) in the reader's language (English when it lacks one)."""
    return text.in_language(language())


def exact_text(lesson: Lesson, scene: Scene, exact) -> str:
    """The exact answer as the reveal says it: a number with 4 decimals, a rank, or an option's label."""
    q = scene.question
    if q.kind == "choice":
        label = next(said(o.label) for o in q.options if o.id == exact)
        return f"**{label}**"
    return str(exact) if q.kind == "rank" else f"{exact:.4f}"


def answer_input(lesson: Lesson, scene: Scene, key: str, disabled: bool = False):
    """The input of the scene's question (None until something is given)."""
    q = scene.question
    if q.kind == "choice":
        labels = {o.id: said(o.label) for o in q.options}
        return st.radio(t(YOUR_ANSWER), list(labels), format_func=labels.get, index=None, key=key,
                        disabled=disabled)
    if q.kind == "rank":
        return st.number_input(t(YOUR_ANSWER), min_value=1, max_value=1000, value=None, step=1, key=key,
                               placeholder=t("a rank: 1, 2, 3, …"), disabled=disabled)
    return st.number_input(t(YOUR_ANSWER), value=None, step=0.001, format="%.4f", key=key,
                           placeholder=t("{n} decimals, e.g. 0.631").format(n=q.decimals), disabled=disabled)


def verdict_of(lesson: Lesson, scene: Scene, given) -> Verdict | None:
    """The check of a stored answer (None when it is not an answer to this question)."""
    try:
        return check(lesson, scene, given)
    except MetricsInputError:
        return None


def given_text(lesson: Lesson, scene: Scene, verdict: Verdict) -> str:
    """The learner's answer as the page says it back."""
    q = scene.question
    if q.kind == "choice":
        return exact_text(lesson, scene, verdict.given).strip("*")
    return str(int(verdict.given)) if q.kind == "rank" else num(float(verdict.given), 4)


def _convention_key(mistake: Mistake) -> tuple:
    setting, value = mistake.name.split("=", 1)
    return setting, value == "True" if setting == "rr_cut" else value


def mistake_name(mistake: Mistake) -> str:
    """A mistake's title in the reader's language: the quiz's, or another convention's."""
    if mistake.diagnosis is not None:
        return mistake_title(mistake.diagnosis.name)
    return t(CONVENTION_TITLES[_convention_key(mistake)])


def show_verdict(lesson: Lesson, scene: Scene, verdict: Verdict) -> None:
    """Right, or not with the named mistake and where it goes wrong; the exact answer either way."""
    q = scene.question
    exact = exact_text(lesson, scene, verdict.exact)
    given = given_text(lesson, scene, verdict)
    if verdict.correct:
        st.success(t("**Right!** The exact answer is {exact} (yours: {given}).").format(exact=exact, given=given),
                   icon=":material/check_circle:")
    elif verdict.short:
        st.warning(t("**Close, but give {n} decimals.** The exact answer is {exact} (yours: {given}).").format(
            n=q.decimals, exact=exact, given=given))
    else:
        head = t("**Not quite.** The exact answer is {exact} (yours: {given}).").format(exact=exact, given=given)
        mistake = verdict.mistake
        if mistake is None:
            st.warning(head + "\n\n" + t("No known mistake gives your number: compare your steps with the table."))
        elif mistake.diagnosis is not None:
            d = mistake.diagnosis
            st.warning(head + "\n\n" + t("**Likely mistake — {title}.** {explanation} That method gives {value}.").format(
                title=mistake_title(d.name), explanation=localize(d.explanation), value=f"{d.value:.4f}"))
            st.info(t("**Where to look:** {step}").format(step=localize(d.step.text)), icon=":material/arrow_downward:")
        else:
            st.warning(head + "\n\n" + t("**Likely mistake — {title}.** That method gives {value}.").format(
                title=mistake_name(mistake), value=f"{mistake.value:.4f}"))
            st.info(t("**Where to look:** the conventions this scene computes with (the page's Conventions)."),
                    icon=":material/tune:")
    show_options(lesson, scene)


def show_options(lesson: Lesson, scene: Scene) -> None:
    """A computed choice's options, each with its value (after the reveal only)."""
    values = option_values(lesson, scene)
    if values:
        st.caption(" · ".join(f"{said(o.label)}: {values[o.id]:.4f}" for o in scene.question.options))


def reveal(lesson: Lesson, scene: Scene, compact: bool = False) -> None:
    """The exact answer, as the teacher reveals it to the class (a computed choice's values: :func:`show_options`);
    ``compact``: a one-line badge beside the question (the projector's scene holds one screen)."""
    text = t("The exact answer is {exact}.").format(exact=exact_text(lesson, scene, answer(lesson, scene)))
    if compact:  # highlighted text, which wraps on a phone (a badge would end in "…")
        st.markdown(f":green-background[:material/visibility: {text}]")
    else:
        st.success(text, icon=":material/visibility:")
