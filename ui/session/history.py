"""Undo and Redo of a board change (a drag, a grade edit, an example loaded, ...): two icon buttons for
the builder's toolbar. The history itself is :class:`ui.model.board.History`, kept by :mod:`ui.session.state`."""

from __future__ import annotations

import streamlit as st

from ui.i18n import t
from ui.session import state


def undo_redo_buttons() -> None:
    """Undo and Redo, each disabled when there is nothing to undo or redo. Callbacks: the page runs with
    the board they put back."""
    history = state.history()
    st.button("", icon=":material/undo:", key="builder_undo", type="tertiary", on_click=state.undo,
              help=t("Undo the last change to the board"), disabled=not history.can_undo)
    st.button("", icon=":material/redo:", key="builder_redo", type="tertiary", on_click=state.redo,
              help=t("Redo the change just undone"), disabled=not history.can_redo)
