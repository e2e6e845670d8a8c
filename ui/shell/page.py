"""Ending a page early.

``st.stop()`` also stops what the entry script draws after the page (the ranking builder's widgets,
:func:`ui.ranking.builder.finish`): every Streamlit call after it raises again. A page that has nothing more
to show calls :func:`end_page` instead; the entry script catches :class:`PageEnd` and goes on.
"""

from __future__ import annotations

from typing import NoReturn


class PageEnd(Exception):
    """Raised by :func:`end_page`; caught by the entry script."""


def end_page() -> NoReturn:
    """Stop drawing this page (a message saying why should come first), like ``st.stop()``,
    but let the entry script finish the run."""
    raise PageEnd
