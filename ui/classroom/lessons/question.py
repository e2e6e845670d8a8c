"""A scene's question: the learner answers first (a number, a rank or an option), then sees the exact answer and,
when wrong, the named mistake and the step where it goes wrong; on a projector the teacher asks the class and
reveals. Every answer and mistake comes from ``metrics.teaching.lessons`` (``check``, ``answer``)."""

from __future__ import annotations

import streamlit as st

from metrics.errors import MetricsInputError
from metrics.explanation import num
from metrics.teaching import quiz
from metrics.teaching.lessons import Lesson, Mistake, Scene, Text, Verdict, answer, check, mistakes, option_values
from metrics.teaching.lessons.compute import CONVENTION_MISTAKES
from ui.i18n import N_, language, t
from ui.i18n.sentences import localize
from ui.topics.quiz_view import mistake_title

#: the names of the conventions' mistakes (marked for translation where the core declares them)
CONVENTION_TITLES = CONVENTION_MISTAKES
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


def title_of(name: str) -> str:
    """A mistake's title by its name, in the reader's language: the quiz's, another convention's or a lesson's
    (metrics.teaching.lessons.mistakes); an unknown name as it is."""
    if name in quiz.BY_NAME:
        return mistake_title(name)
    title = mistakes.title(name)
    return t(title) if title else name


def mistake_name(mistake: Mistake) -> str:
    """A mistake's title in the reader's language: the quiz's, another convention's, or a lesson's."""
    if mistake.diagnosis is not None:
        return mistake_title(mistake.diagnosis.name)
    return title_of(mistake.name)


def _fields(mistake: Mistake) -> dict:
    """A mistake's fields as the reader reads them (an option's label in the reader's language)."""
    return {key: said(value) if isinstance(value, Text) else value for key, value in mistake.fields.items()}


def _explained(mistake: Mistake) -> str:
    """What went wrong, in the reader's language ("" for a convention's, which names it in its title)."""
    if mistake.diagnosis is not None:
        return localize(mistake.diagnosis.explanation)
    return t(mistake.template).format(**_fields(mistake)) if mistake.template else ""


def _likely(mistake: Mistake, kind: str) -> str:
    """**Likely mistake — title.** What went wrong, and what it gives (a number, a rank; a choice: nothing more)."""
    title, explanation = mistake_name(mistake), _explained(mistake)
    if kind == "choice":
        return t("**Likely mistake — {title}.** {explanation}").format(title=title, explanation=explanation).strip()
    if kind == "rank":
        return t("**Likely mistake — {title}.** {explanation} That gives rank {value}.").format(
            title=title, explanation=explanation, value=int(mistake.value))
    if not explanation:
        return t("**Likely mistake — {title}.** That method gives {value}.").format(title=title,
                                                                                   value=f"{mistake.value:.4f}")
    return t("**Likely mistake — {title}.** {explanation} That method gives {value}.").format(
        title=title, explanation=explanation, value=f"{mistake.value:.4f}")


def _also(mistake: Mistake, kind: str) -> str:
    """The other mistakes that give the same answer, when there are."""
    names = mistake.diagnosis.also if mistake.diagnosis is not None else mistake.also
    if not names:
        return ""
    text = t("The same rank also comes from: {mistakes}.") if kind == "rank" else \
        t("The same number also comes from: {mistakes}.")
    return "\n\n" + text.format(mistakes=t("; ").join(title_of(name) for name in names))


def wrong_text(lesson: Lesson, scene: Scene, verdict: Verdict) -> str:
    """What a wrong answer is told, in words that fit its kind: the exact answer (the right option) and yours, then
    the likely mistake, or a literal option's why, or that no known mistake gives it."""
    q = scene.question
    exact, given = exact_text(lesson, scene, verdict.exact), given_text(lesson, scene, verdict)
    if q.kind == "choice":
        parts = [t("**Not quite.** The right option is {exact} (yours: {given}).").format(exact=exact, given=given)]
        if verdict.values and verdict.given in verdict.values:
            parts.append(t("Your option gives {given}; the right one gives {exact}.").format(
                given=f"{verdict.values[verdict.given]:.4f}", exact=f"{verdict.values[verdict.exact]:.4f}"))
        if verdict.mistake is not None:
            parts.append(_likely(verdict.mistake, q.kind))
        elif verdict.why:
            parts.append(t("**Why not this option:** {why}").format(why=said(verdict.why)))
        return "\n\n".join(parts)
    if q.kind == "rank":
        head = t("**Not quite.** The exact rank is {exact} (yours: {given}).").format(exact=exact, given=given)
        none = t("No known mistake gives this rank: read the ranking from the top, rank 1 first.")
    else:
        head = t("**Not quite.** The exact answer is {exact} (yours: {given}).").format(exact=exact, given=given)
        none = t("No known mistake gives your number: compare your steps with the table.")
    if verdict.mistake is None:
        return head + "\n\n" + none
    return head + "\n\n" + _likely(verdict.mistake, q.kind) + _also(verdict.mistake, q.kind)


def look_text(verdict: Verdict) -> str | None:
    """Where to look after a named mistake, in the reader's language (None: nowhere in particular)."""
    mistake = verdict.mistake
    if mistake is None:
        return None
    if mistake.diagnosis is not None:
        return t("**Where to look:** {step}").format(step=localize(mistake.diagnosis.step.text))
    if mistake.look:
        return t("**Where to look:** {step}").format(step=t(mistake.look).format(**_fields(mistake)))
    if "=" in mistake.name:
        return t("**Where to look:** the conventions this scene computes with (the page's Conventions).")
    return None


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
        st.warning(wrong_text(lesson, scene, verdict))
        look = look_text(verdict)
        if look:
            icon = ":material/tune:" if "=" in verdict.mistake.name else ":material/arrow_downward:"
            st.info(look, icon=icon)
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
