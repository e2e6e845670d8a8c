"""English and 简体中文: every UI string goes through :func:`t`.

Strings are written in English in the code (the gettext convention) and looked up in the
Chinese catalogue ``ui/zh.py`` when the reader chose 中文. ``tests/test_i18n.py`` scans the
source for ``t("...")`` calls and fails when a string has no translation, so a page cannot
ship half-translated. Placeholders use ``str.format``: ``t("Step {n} of {total}").format(...)``.
The terminology follows the source articles (归一化折损累计增益, 平均精度均值, 平均倒数排名).
"""

from __future__ import annotations

import streamlit as st

from .zh import ZH

LANGUAGE = "language"  #: session-state key: "en" or "zh"
LANGUAGES = {"en": "English", "zh": "中文"}


def browser_language() -> str:
    """'zh' when the browser asks for Chinese (``st.context.locale``), else 'en'."""
    try:
        locale = st.context.locale or ""
    except Exception:  # outside a browser session (bare mode, some tests)
        locale = ""
    return "zh" if str(locale).lower().startswith("zh") else "en"


def language() -> str:
    if LANGUAGE not in st.session_state:
        st.session_state[LANGUAGE] = browser_language()
    return st.session_state[LANGUAGE]


def t(text: str) -> str:
    """``text`` in the reader's language (English is the source)."""
    if language() == "zh":
        return ZH.get(text, text)
    return text


def language_switch() -> None:
    """The sidebar control (the entry script shows it on every page)."""
    current = language()
    chosen = st.sidebar.radio("Language · 语言", list(LANGUAGES), index=list(LANGUAGES).index(current),
                              format_func=LANGUAGES.get, horizontal=True, key="sidebar_language")
    if chosen != current:
        st.session_state[LANGUAGE] = chosen
        st.rerun()
