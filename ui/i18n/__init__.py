"""English and 简体中文: every UI string goes through :func:`t`.

Strings are written in English in the code and looked up, with Python's ``gettext``, in the reader's
language's catalogue ``ui/locale/<language>/LC_MESSAGES/messages.po`` (``ui.locale``; a language is a folder
there). :func:`pt` translates a text in a context (one English text, two meanings), :func:`nt` a count's
singular or plural. ``tests/ui/i18n/test_i18n.py`` scans the
source for ``t("...")`` and ``N_("...")`` calls and fails when a string has no translation, and
opens every page in 中文 to check that no English sentence is left. Placeholders use
``str.format``: ``t("Step {n} of {total}").format(...)``. Text defined at import time (presets,
tables of labels) is marked with :func:`N_` and translated where it is shown, with ``t(label)``.
Text that comes from ``metrics`` (convention names, table headers) is translated here too; the tests
list those strings. Its sentences, formulas and worked examples are messages, translated by their templates
(``ui.i18n.sentences``). The terminology follows the source articles
(归一化折损累计增益, 平均精度均值, 平均倒数排名).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar

import pandas as pd
import streamlit as st

from metrics.explanation import COLUMN_LABELS
from ui.locale import N_, SOURCE, known, languages, translation

__all__ = ["LANGUAGE", "LANGUAGES", "N_", "SWITCH", "browser_language", "header", "headers", "known", "language",
           "forced", "language_switch", "nt", "pt", "reading", "t"]

#: words the app shows as they come from data, named nowhere else as a literal: "items" and "hit" (shared terms of
#: the tables), "mistake" (the column of the live quiz's answers, ui/classroom); marked here for the catalogue
SHARED_TERMS = (N_("items"), N_("hit"), N_("mistake"))
LANGUAGE = "language"  #: session-state key: a key of LANGUAGES
LANGUAGES: dict[str, str] = languages()  #: code -> the language's own name: English and every ui/locale/ folder


def browser_language() -> str:
    """The language the browser asks for (``st.context.locale``, "zh-CN" -> "zh") when the app speaks it, else English."""
    try:
        locale = str(st.context.locale or "").lower().replace("-", "_")
    except Exception:  # outside a browser session (bare mode, some tests)
        locale = ""
    for code in (locale, locale.split("_")[0]):
        if code in LANGUAGES:
            return code
    return SOURCE


_READER: ContextVar[str | None] = ContextVar("reader", default=None)


@contextmanager
def forced(variable: ContextVar, value) -> Iterator[None]:
    """``variable`` set to ``value`` in this thread or task for the ``with`` block (then as it was): what a drawing
    made once for many readers, without a Streamlit session, takes instead of a session's choice (:func:`reading`)."""
    token = variable.set(value)
    try:
        yield
    finally:
        variable.reset(token)


def reading(code: str) -> AbstractContextManager[None]:
    """Translate for a reader of language ``code`` (a key of :data:`LANGUAGES`) in this thread or task, whatever the
    session says, also without a Streamlit session: what the live class's view route draws once for every student of
    one language (ui.classroom.view_route). ValueError for a language the app does not speak."""
    if code not in LANGUAGES:
        raise ValueError(f"not a language of the app: {code!r}")
    return forced(_READER, code)


def language() -> str:
    """The reader's language, a key of :data:`LANGUAGES` (the browser's until the reader picks one; :func:`reading`'s
    inside it)."""
    forced = _READER.get()
    if forced is not None:
        return forced
    chosen = st.session_state.get(LANGUAGE)  # one look-up: t() asks for every string
    if chosen is None:
        chosen = st.session_state[LANGUAGE] = browser_language()
    return chosen


def t(text: str) -> str:
    """``text`` in the reader's language (English is the source)."""
    if not text:  # gettext("") is the catalogue's header
        return text
    return translation(language()).gettext(text)


def pt(context: str, text: str) -> str:
    """``text`` in the reader's language, as meant in ``context`` (gettext's ``pgettext``): for an English text
    that needs two translations."""
    return translation(language()).pgettext(context, text)


def nt(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for the count ``n`` in the reader's language (gettext's ``ngettext``);
    format it with ``n`` yourself: ``nt("{n} file", "{n} files", n).format(n=n)``."""
    return translation(language()).ngettext(singular, plural, n)


def header(column):
    """A table column as the reader sees it: a step-table column by its human label
    (:data:`metrics.explanation.COLUMN_LABELS`, "discounted_gain" -> "discounted gain"), in the
    reader's language; other columns translated as they are."""
    if not isinstance(column, str):
        return column
    label = COLUMN_LABELS.get(column)
    if label is None:
        return t(column)
    return t(label)


def headers(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with its column names as :func:`header` shows them (the data is left as it is)."""
    return frame.rename(columns=header)


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
        st.radio(N_("Language · 语言"), list(LANGUAGES), index=list(LANGUAGES).index(language()),
                 format_func=LANGUAGES.get, horizontal=True, key=SWITCH, on_change=_switched,
                 label_visibility="collapsed")
