"""Streamlit-side helpers shared by the pages: the board in session state, the ranking
builder, charts built from step tables, and the page layout pieces. ``ui.model.board`` and
``ui.model.presets`` are plain Python (no Streamlit) so they can be tested alone."""

from __future__ import annotations

import inspect
from pathlib import Path


def _importing_script() -> Path | None:
    """The app script (app.py or a page) whose import of ``ui`` is running, if any (None: a test, a tool)."""
    from ui.shell.routes import ENTRY_SCRIPT, PAGES_DIR

    frame = inspect.currentframe()
    while frame is not None:
        name = frame.f_globals.get("__file__")
        if name:
            path = Path(name).resolve()
            if path == ENTRY_SCRIPT or path.parent == PAGES_DIR:
                return path
        frame = frame.f_back
    return None


def _route_through_entry_script() -> None:
    """Send a link straight to a page, as a fresh server's first request, through app.py.

    Until some run calls ``st.navigation``, Streamlit treats an app with a ``pages/`` folder as a
    legacy multipage app and runs the page file of ``/ndcg`` alone (no page config, no shared
    state, the legacy sidebar). Pages import ``ui`` first, so when a page rather than app.py is
    importing it, this calls ``st.navigation`` (documented to leave the ``pages/`` folder alone from
    then on) with that page and reruns: the rerun goes through app.py, on the same page.
    """
    script = _importing_script()
    if script is None or script.name == "app.py":
        return
    import streamlit as st

    from ui.shell.routes import ENTRY_SCRIPT

    # the entry script is the default page (URL ""), so the page keeps its own URL path
    st.navigation([st.Page(ENTRY_SCRIPT, default=True), st.Page(script)], position="hidden")
    st.rerun()


_route_through_entry_script()
