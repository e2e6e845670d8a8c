"""The app's stylesheet (ui/style/lecture.css): a page that fits a 1280×720 projector."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import streamlit as st

CSS_FILE = Path(__file__).with_name("style") / "lecture.css"


@cache
def _css() -> str:
    return CSS_FILE.read_text(encoding="utf-8")


def inject() -> None:
    """Add the stylesheet to the page (a style-only st.html takes no room on the page)."""
    st.html(f"<style>{_css()}</style>")
