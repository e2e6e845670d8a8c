"""The app's stylesheets: ui/shell/style/lecture.css (a page that fits a 1280×720 projector) and ui/shell/style/phone.css
(a student's phone, 390 px wide)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import streamlit as st

CSS_FILES = tuple(Path(__file__).with_name("style") / name for name in ("lecture.css", "phone.css"))


@cache
def _css() -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in CSS_FILES)


def inject() -> None:
    """Add the stylesheet to the page (a style-only st.html takes no room on the page)."""
    st.html(f"<style>{_css()}</style>")
