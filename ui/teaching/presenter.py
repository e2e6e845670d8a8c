"""Presenter mode: a worked example one step at a time, full screen, for a projector.

While a page is presenting, everything else is hidden (sidebar, header, toolbar, the page's
controls); the step fills a 1280×720 screen in large type: the rank, the item and its grade, what
this rank adds (in words and as a formula), the metric so far, a progress indicator "3 / 6" and a
QR code of the board's share link in a corner, so that students open the same board on their
phones. A clicker drives it (ui.teaching.keys: → / PageDown / Space next, ← / PageUp back, Home first step,
End last step); Escape or the small Exit button leaves.

A page calls :func:`present_button` among its controls and :func:`present` once its Explanation is
computed (before its step control and heavy content: in presenter mode ``present`` draws the step
and ends the page)::

    presenter.present_button(PAGE)
    ...
    explanation = ndcg_steps(...)
    presenter.present(PAGE, explanation, title)
"""

from __future__ import annotations

import math

import streamlit as st

from metrics.explanation import Column, Explanation, num
from metrics.teaching.handout import PresenterStep, escape_markdown, presenter_steps
from ui.data import share
from ui.data.qr import qr_svg
from ui.i18n import N_, language, t
from ui.i18n.sentences import localize
from ui.session import state
from ui.shell import style
from ui.shell.page import end_page
from ui.teaching import hooks
from ui.teaching.keys import clicker_keys

# --------------------------------------------------------------------------- words

PRESENT = N_("Present")
PRESENT_HELP = N_("Full screen for a projector, one step at a time in large type, with a QR code of this board. "
                  "Clicker keys: → / PageDown / Space next, ← / PageUp back, Home first step, End last step, "
                  "Esc exit.")
EXIT = N_("Exit")
EXIT_HELP = N_("Leave presenter mode (Esc)")
PREVIOUS, NEXT = N_("◀ Previous"), N_("Next ▶")
PROGRESS = N_("{current} / {total}")
GRADE, UNJUDGED = N_("grade {grade}"), N_("unjudged")
SCAN = N_("Scan for this board")
SCAN_TO_JOIN = N_("Scan to join class {code}")
KEYS_HINT = N_("→ Space PageDown: next · ← PageUp: back · Home: first · End: last · Esc: exit")

#: where a presenter step is (its sentences are messages of metrics.teaching.handout.presenter_steps)
WHERE = (N_("rank {rank} · {item}"), N_("rank {rank}"), N_("step {rank} · {item}"), N_("step {rank}"))

# --------------------------------------------------------------------------- style

def _css_class(page: str, name: str) -> str:
    return "st-key-" + state.page_key(page, name)


def _style(page: str) -> None:
    """While presenting: ui/shell/style/presenter.css for ``page``'s presenter (its parts' CSS classes)."""
    parts = {name: _css_class(page, f"presenter_{name}") for name in ("bar", "count", "code", "step", "qr", "hint")}
    style.inject_sheet("presenter.css", root=_css_class(page, "presenter"), **parts)


# --------------------------------------------------------------------------- state


def keys_key(page: str) -> str:
    """The session-state key of the presenter's clicker keys (ui.teaching.keys) on ``page``."""
    return f"{page}_presenter_keys"


def presenting(page: str) -> bool:
    """Whether ``page`` is in presenter mode."""
    return bool(st.session_state.get(state.presenting_keys(page)[0]))


def _start(page: str) -> None:
    on, step = state.presenting_keys(page)
    st.session_state[on], st.session_state[step] = True, 1


def _stop(page: str) -> None:
    st.session_state[state.presenting_keys(page)[0]] = False


def _move(page: str, offset: int) -> None:
    step = state.presenting_keys(page)[1]
    st.session_state[step] = max(st.session_state.get(step, 1) + offset, 1)  # clamped to the last step on use


def present_button(page: str) -> None:
    """The "Present" button: presenter mode for ``page`` from its first step (see :func:`present`)."""
    st.button(t(PRESENT), key=state.page_key(page, "present"), help=t(PRESENT_HELP), icon=":material/slideshow:",
              on_click=_start, args=(page,), type="primary")


def step_after(action: str | None, current: int, total: int) -> int:
    """The step a clicker key leads to (steps count from 1; ``total`` is the last).

    >>> [step_after(action, 3, 6) for action in ("next", "back", "start", "end", None)]
    [4, 2, 1, 6, 3]
    >>> step_after("next", 6, 6), step_after("back", 1, 6)
    (6, 1)
    """
    target = {"next": current + 1, "back": current - 1, "start": 1, "end": total}.get(action, current)
    return min(max(target, 1), total)


def present(page: str, explanation: Explanation, title: str = "") -> None:
    """In presenter mode: the current step of ``explanation`` full screen, driven by the clicker
    keys, then the page ends (:func:`ui.shell.page.end_page`). Otherwise it does nothing.

    ``title``: shown beside the measure in the top bar (the board's title, in the reader's language).
    """
    if not presenting(page):
        return
    _, step_key = state.presenting_keys(page)
    total = len(explanation.table)
    action = clicker_keys(keys_key(page), escape=True)
    if action == "exit":
        _stop(page)
        st.rerun()  # a run without the keys component: the browser drops its key listener
    current = step_after(action, st.session_state.get(step_key, 1), total) if total else 0
    st.session_state[step_key] = current
    _style(page)  # static CSS with our own class names: no user text
    with st.container(key=state.page_key(page, "presenter")):
        with st.container(key=state.page_key(page, "presenter_bar"), horizontal=True):
            heading = f"**{escape_markdown(explanation.measure)}**"
            st.markdown(heading + (f" · {escape_markdown(title)}" if title else ""), width="stretch")
            held = hooks.teacher()  # the presenter view of a live class's teacher
            if held:  # a live class: its code, large, for the students who join late
                with st.container(key=state.page_key(page, "presenter_code"), width="content"):
                    st.markdown(held[0])  # letters and digits only
            with st.container(key=state.page_key(page, "presenter_count"), width="content"):
                st.markdown(t(PROGRESS).format(current=current, total=total))
            st.button(t(PREVIOUS), key=state.page_key(page, "presenter_previous"), type="tertiary",
                      on_click=_move, args=(page, -1), disabled=current <= 1)
            st.button(t(NEXT), key=state.page_key(page, "presenter_next"), type="tertiary",
                      on_click=_move, args=(page, 1), disabled=current >= total)
            st.button(t(EXIT), key=state.page_key(page, "presenter_exit"), icon=":material/close:",
                      help=t(EXIT_HELP), on_click=_stop, args=(page,))
        st.progress(current / total if total else 0.0)
        with st.container(key=state.page_key(page, "presenter_step")):
            if total:
                presenter_view(explanation, current)
        link = hooks.join_link(held[0]) if held else share.board_link()  # in a class: the join link
        if link:
            with st.container(key=state.page_key(page, "presenter_qr")):
                caption = t(SCAN_TO_JOIN).format(code=held[0]) if held else t(SCAN)
                st.image(qr_svg(link), caption=caption, width="stretch")
        with st.container(key=state.page_key(page, "presenter_hint")):
            st.markdown(t(KEYS_HINT))
    end_page()


# --------------------------------------------------------------------------- one step


def split_sentence(step: PresenterStep) -> tuple[str, str]:
    """A presenter step's sentence as (where, what), in the reader's language: "rank 3 · C" and what
    this rank adds (item names are left as they are)."""
    for unit, (with_item, without) in (("rank", WHERE[:2]), ("step", WHERE[2:])):
        where = f"{unit} {step.rank} · {step.item}" if step.item else f"{unit} {step.rank}"
        if step.sentence.startswith(where + ": "):
            text = step.sentence[len(where) + 2:]
            if language() == "en":
                return where, text
            shown = t(with_item if step.item else without).format(rank=step.rank, item=step.item)
            return shown, localize(step.what or text)
    return "", step.sentence


def grade_text(grade) -> str:
    """"grade 3", or "unjudged" for a missing grade."""
    if grade is None or (isinstance(grade, float) and math.isnan(grade)):
        return t(UNJUDGED)
    return t(GRADE).format(grade=num(grade))


def formula(term: str) -> str:
    r"""A step's LaTeX as Markdown math in display style, one unbreakable formula per side of "⇒": a
    narrow screen puts the running total on a line of its own instead of cutting the line off.

    >>> print(formula(r"\frac{1}{2} = 0.5 \quad\Rightarrow\quad \mathrm{RR} = 0.5"))
    ${\displaystyle \frac{1}{2} = 0.5}$ ${\displaystyle \quad\Rightarrow\quad \mathrm{RR} = 0.5}$
    """
    first, *rest = (part.strip() for part in term.split(r"\quad\Rightarrow\quad"))
    return " ".join([rf"${{\displaystyle {first}}}$", *(rf"${{\displaystyle \quad\Rightarrow\quad {part}}}$" for part in rest)])


def presenter_view(explanation: Explanation, step: int) -> None:
    """Step ``step`` (from 1) of ``explanation`` in large type: the rank and item with its grade, what
    this rank adds in words and as a formula with the running total, and the metric so far (the
    headline to 4 decimals). Any step table with ``rank`` and ``item`` columns works (nDCG, AP, RR,
    P/R/F1/Hit@K); :func:`present` lays it out for a projector."""
    steps = presenter_steps(explanation)
    index = min(max(step, 1), len(steps)) - 1
    current, row = steps[index], explanation.table.iloc[index]
    where, text = split_sentence(current)
    heading = escape_markdown(where or t(PROGRESS).format(current=step, total=len(steps)))
    if Column.REL in row:
        grade = row[Column.REL]
        judged = state.board().grades.get(str(row[Column.ITEM]), grade)  # None: unjudged on the board (rel 0)
        heading += f" :gray-badge[{escape_markdown(grade_text(None if judged is None else grade))}]"
    st.markdown(f"# {heading}")
    st.markdown(escape_markdown(text))
    st.markdown(formula(current.term))
    for i, (column, (label, value)) in enumerate(zip(st.columns(len(current.running)), current.running)):
        column.metric(t(label), f"{value:.4f}" if i == 0 else num(value, 4))  # the headline to 4 decimals
