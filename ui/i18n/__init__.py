"""English and 简体中文: every UI string goes through :func:`t`.

Strings are written in English in the code (the gettext convention) and looked up in the
Chinese catalogue ``ui/zh/`` when the reader chose 中文. ``tests/ui/i18n/test_i18n.py`` scans the
source for ``t("...")`` and ``N_("...")`` calls and fails when a string has no translation, and
opens every page in 中文 to check that no English sentence is left. Placeholders use
``str.format``: ``t("Step {n} of {total}").format(...)``. Text defined at import time (presets,
tables of labels) is marked with :func:`N_` and translated where it is shown, with ``t(label)``.
Text that comes from ``metrics`` (convention names, table headers, LaTeX ``\\text{}``) is
translated here too; the tests list those strings. The terminology follows the source articles
(归一化折损累计增益, 平均精度均值, 平均倒数排名).
"""

from __future__ import annotations

import re

import pandas as pd
import streamlit as st

from metrics.explanation import COLUMN_LABELS
from ui.zh import N_, ZH

__all__ = ["LANGUAGE", "LANGUAGES", "N_", "SWITCH", "browser_language", "header", "headers", "language",
           "language_switch", "latex", "t"]

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
    """The reader's language, "en" or "zh" (the browser's until the reader picks one)."""
    chosen = st.session_state.get(LANGUAGE)  # one look-up: t() asks for every string
    if chosen is None:
        chosen = st.session_state[LANGUAGE] = browser_language()
    return chosen


def t(text: str) -> str:
    """``text`` in the reader's language (English is the source)."""
    if language() == "zh":
        return ZH.get(text, text)
    return text


def header(column):
    """A table column as the reader sees it: a step-table column by its human label
    (:data:`metrics.explanation.COLUMN_LABELS`, "discounted_gain" -> "discounted gain"), in the
    reader's language; other columns translated as they are."""
    if not isinstance(column, str):
        return column
    label = COLUMN_LABELS.get(column)
    if label is None:
        return ZH.get(column, column) if language() == "zh" else column
    return t(label)


def headers(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with its column names as :func:`header` shows them (the data is left as it is)."""
    return frame.rename(columns=header)


_TEXT = re.compile(r"\\text\{([^{}]*)\}")


def latex(formula: str) -> str:
    """A LaTeX formula from ``metrics`` with the words inside ``\\text{...}`` translated."""
    if language() != "zh":
        return formula
    return _TEXT.sub(lambda m: r"\text{" + ZH.get(m.group(1), m.group(1)) + "}", formula)


def relabel_choice(key: str) -> None:
    """Call before a selectbox whose option labels are translated. Streamlit's selectbox keeps, in the browser, the
    label of the chosen option as it was last shown; after a language switch that label (in the other language) would
    stay on screen. The first run in a new language hands the same choice back to the widget, which redraws its label.
    """
    seen = f"{key}__language"
    if st.session_state.get(seen) != language():
        if key in st.session_state:
            st.session_state[key] = st.session_state[key]
        st.session_state[seen] = language()


SWITCH = "sidebar_language"  #: the sidebar radio's key


def _switched() -> None:
    st.session_state[LANGUAGE] = st.session_state[SWITCH]


def language_switch() -> None:
    """The language control, in the header bar (the entry script shows it after every page; a callback, so the run
    that follows a click is already in the chosen language)."""
    with st.container(key="language_switch"):  # placed in the header bar by ui/shell/style/lecture.css
        st.radio("Language · 语言", list(LANGUAGES), index=list(LANGUAGES).index(language()),
                 format_func=LANGUAGES.get, horizontal=True, key=SWITCH, on_change=_switched,
                 label_visibility="collapsed")
