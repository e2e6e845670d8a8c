"""Streamlit-side helpers shared by the pages: the board in session state, the ranking
builder, charts built from step tables, and the page layout pieces. ``ui.board`` and
``ui.presets`` are plain Python (no Streamlit) so they can be tested alone."""

import streamlit as _st


def _route_through_entry_script() -> None:
    """Make the first request of a fresh server honour ``st.navigation``.

    Streamlit decides at start-up that an app with a ``pages/`` folder uses the legacy
    folder-based navigation until some run calls ``st.navigation``; a link straight to a page
    (``/ndcg``) as the server's first request would then run that page without ``app.py``
    (no page config, no shared state, the legacy sidebar). Pages import ``ui``, so this runs
    first: it switches the legacy mode off and reruns, now through ``app.py``.
    """
    from streamlit.runtime.pages_manager import PagesManager

    if PagesManager.uses_pages_directory:
        PagesManager.uses_pages_directory = False
        _st.rerun()


_route_through_entry_script()
