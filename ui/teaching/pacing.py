"""Lecture pacing: the step a page shows, one thing for the whole page.

A step i reveals row i of the step table, bar i of the chart, term i of the worked sum and the
running headline (the value after i ranks), together. A newly loaded example starts at step 1;
"Show all" (End) is one click or key away. The step is stored per page as a number, or as ``None``
for "everything shown", so that a drag, a new K or a new convention never leaves it stale: it is
clamped to the rows there are now, and "everything" stays everything when K grows.

Keys a presentation clicker sends (ui.teaching.keys): → / PageDown / Space next, ← / PageUp back, Home the
first step, End everything.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from contextvars import ContextVar
from dataclasses import dataclass

import streamlit as st

from ui.i18n import forced, t
from ui.session import state
from ui.teaching import hooks

ALL = None  #: the stored step when every row is shown
#: the text sizes of the worked formula and the step window (A− / A+ in the step bar): level -> scale. The largest is
#: the largest that keeps a 12-item board's formula and current row on a 1280×720 screen at every step (at 1.5 nDCG's
#: step table runs off the right edge and its three-line formula pushes the row below the fold)
TEXT_SIZES = {-1: 0.88, 0: 1.0, 1: 1.15, 2: 1.3}
TEXT_SIZE = "lecture_text_size"  #: the session's text size level (a key of TEXT_SIZES)


@dataclass(frozen=True)
class Pace:
    """What a page reveals: the first ``step`` of ``total`` rows."""

    step: int
    total: int

    @property
    def complete(self) -> bool:
        return self.step >= self.total


def _key(page: str) -> str:
    return state.page_key(page, "step")


def _stored(page: str) -> int | None:
    """The page's stored step; a newly loaded example (or a new session) starts at step 1."""
    seen = state.page_key(page, "step_origin")
    if st.session_state.get(seen) != state.origin_revision():
        st.session_state[seen] = state.origin_revision()
        st.session_state[_key(page)] = 1
    return st.session_state.get(_key(page), 1)


def current(page: str, total: int) -> Pace:
    """The step the page shows now, clamped to its ``total`` rows."""
    stored = _stored(page)
    step = total if stored is ALL else min(max(int(stored), 1), total)
    return Pace(step=max(step, 0) if total else 0, total=total)


def move(page: str, action: str, total: int) -> None:
    """Apply "next", "back", "start" or "end" to the page's step."""
    step = current(page, total).step
    wanted = {"next": step + 1, "back": step - 1, "start": 1, "end": total}.get(action, step)
    st.session_state[_key(page)] = ALL if wanted >= total else max(wanted, 1)


def begin(page: str, total: int) -> Pace:
    """The page's step for this run, after the clicker key pressed since the last run (if any).
    Call it once, before the headline: everything the page shows uses the same step."""
    from ui.teaching.keys import clicker_keys  # the presentation clicker's keys, for this page

    action = clicker_keys(f"{page}_keys") if total else None  # (components v2 keys may not hold "__")
    if action:
        move(page, action, total)
    hooks.step_question(page)  # a live class asked about this step: the question, or its answers
    return current(page, total)


def step_bar(page: str, pace: Pace, unit: str = "rank", presentable: bool = False, text_size: bool = True) -> None:
    """◀ back · next ▶ · show all, and "Step i of n" (the keys: :func:`begin`).

    The buttons act through callbacks, so the run that follows is drawn with the new step.
    ``unit`` names a row ("rank", "cut-off K =", "trapezoid"), in English: translated here.
    ``presentable``: the page can present its steps full screen (ui.teaching.presenter): a "Present" button.
    ``text_size``: the page's A− / A+ (:func:`text_size_buttons`; one pair a page: a second step bar has none)."""
    total = pace.total
    if not total:
        return
    with st.container(horizontal=True, vertical_alignment="center", gap="small", key=state.page_key(page, "step_bar")):
        st.button("", icon=":material/first_page:", key=state.page_key(page, "step_start"),  # its tooltip says it
                  help=t("First step (Home)"), disabled=pace.step <= 1, on_click=move, args=(page, "start", total))
        st.button(t("◀ Back"), key=state.page_key(page, "step_back"), help=t("Previous step (← or PageUp)"),
                  disabled=pace.step <= 1, on_click=move, args=(page, "back", total))
        st.button(t("Next ▶"), key=state.page_key(page, "step_next"), help=t("Next step (→, PageDown or Space)"),
                  disabled=pace.complete, on_click=move, args=(page, "next", total), type="primary")
        st.button(t("Show all"), key=state.page_key(page, "step_all"), help=t("Every step (End)"),
                  disabled=pace.complete, on_click=move, args=(page, "end", total))
        st.markdown(step_text(pace, unit))
        if presentable:
            from ui.teaching.presenter import present_button

            present_button(page)
        if text_size:
            text_size_buttons(page)
        hooks.ask_about_step(page, pace)  # the teacher of a live class: "Ask the class about this"


_SIZE: ContextVar[int | None] = ContextVar("text_size", default=None)


def sized_as(level: int) -> AbstractContextManager[None]:
    """Draw at text size ``level`` (a key of :data:`TEXT_SIZES`) in this thread or task, whatever the session says,
    also without a Streamlit session (the live class's view route). ValueError for another level."""
    if level not in TEXT_SIZES:
        raise ValueError(f"not a text size: {level!r}")
    return forced(_SIZE, level)


def text_size() -> int:
    """The session's text size level for formulas and step tables (:data:`TEXT_SIZES`; :func:`sized_as`'s inside
    it)."""
    forced = _SIZE.get()
    if forced is not None:
        return forced
    level = st.session_state.get(TEXT_SIZE, 0)
    return level if level in TEXT_SIZES else 0


def resize(change: int) -> None:
    """A− / A+: one text size smaller or larger, within :data:`TEXT_SIZES`."""
    st.session_state[TEXT_SIZE] = min(max(text_size() + change, min(TEXT_SIZES)), max(TEXT_SIZES))


def step_text(pace: Pace, unit: str = "rank") -> str:
    """"Step i of n · rank i" (``unit``, in English, names a row: translated here), as the step bar says it."""
    return t("**Step {n} of {total}** · {unit} {n}").format(n=pace.step, total=pace.total, unit=t(unit))


def text_size_buttons(page: str) -> None:
    """A− / A+: the formulas' and step tables' text size on every explainer page (:data:`TEXT_SIZES`), a pair
    that wraps as one."""
    level = text_size()
    with st.container(horizontal=True, gap=None, width="content", key="lecture_text_size"):
        st.button("A−", key=state.page_key(page, "text_smaller"), help=t("Smaller formulas and tables"),
                  type="tertiary", disabled=level <= min(TEXT_SIZES), on_click=resize, args=(-1,))
        st.button("A+", key=state.page_key(page, "text_larger"), help=t("Larger formulas and tables"),
                  type="tertiary", disabled=level >= max(TEXT_SIZES), on_click=resize, args=(1,))
