"""What a live class adds to a teaching page, as callbacks the classroom registers (a small hook registry).

ui/teaching sits below ui/classroom and never imports it; ui/classroom/__init__.py registers its callbacks here
when it is imported (app.py imports it before any page runs). A teaching part tested alone, without the
classroom, meets hooks that do nothing.

* ``step_question(page)``: in :func:`ui.teaching.pacing.begin`, a live class's question about this page's step
  (it may end the page there, so that the projected screen does not give the answer away);
* ``ask_about_step(page, pace)``: in the step bar, the live class's teacher's "Ask the class about this";
* ``teacher()``: ``(code, key)`` of the live class this session teaches, else None (the presenter view shows the
  code, large);
* ``join_link(code)``: the link that joins that class (the presenter view's QR code), else None.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: the hooks there are: name -> what it returns when the classroom has not registered it
NAMES = {"step_question": None, "ask_about_step": None, "teacher": None, "join_link": None}
_HOOKS: dict[str, Callable[..., Any]] = {}


def register(**hooks: Callable[..., Any]) -> None:
    """The classroom's callbacks, by hook name (a name not in :data:`NAMES` is a TypeError: a typo would
    otherwise leave a hook silently doing nothing)."""
    unknown = sorted(set(hooks) - set(NAMES))
    if unknown:
        raise TypeError(f"no such teaching hook: {', '.join(unknown)} (the hooks: {', '.join(NAMES)})")
    _HOOKS.update(hooks)


def _call(name: str, *args):
    hook = _HOOKS.get(name)
    return NAMES[name] if hook is None else hook(*args)


def step_question(page: str) -> None:
    """A live class asked about this page's step: its question, or its answers (see the module docstring)."""
    _call("step_question", page)


def ask_about_step(page: str, pace) -> None:
    """The teacher of a live class: "Ask the class about this" for the current step (``pace``)."""
    _call("ask_about_step", page, pace)


def teacher() -> tuple[str, str] | None:
    """(code, key) of the live class this session teaches, else None."""
    return _call("teacher")


def join_link(code: str) -> str | None:
    """The link that joins live class ``code`` (None without the classroom)."""
    return _call("join_link", code)
