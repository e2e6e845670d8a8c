"""The app's stylesheets, templates in ui/shell/style/ that name Streamlit's DOM through ui/shell/dom.py:
lecture.css (a page that fits a 1280×720 projector) and phone.css (a student's phone, 390 px wide) on every
page; presenter.css and uploader_words.css for ui.teaching.presenter and ui.data.dataset."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import streamlit as st

from ui.shell import dom

STYLE_DIR = Path(__file__).with_name("style")
CSS_FILES = tuple(STYLE_DIR / name for name in ("lecture.css", "phone.css"))  #: every page's stylesheets


@cache
def css(name: str, **values: str) -> str:
    """The stylesheet ui/shell/style/``name`` with Streamlit's selectors and ``values`` filled in (once per
    set of values: a run pays a dictionary look-up)."""
    return dom.fill((STYLE_DIR / name).read_text(encoding="utf-8"), **values)


@cache
def _css() -> str:
    return "\n".join(css(path.name) for path in CSS_FILES)


def inject() -> None:
    """Add the stylesheet to the page (a style-only st.html takes no room on the page)."""
    st.html(f"<style>{_css()}</style>")


def inject_sheet(name: str, **values: str) -> None:
    """Add the stylesheet ui/shell/style/``name`` (see :func:`css`) to the page."""
    st.html(f"<style>{css(name, **values)}</style>")
