"""The last change of the board in one line under a page's headline: "d6: rank 3 → 2 · nDCG@3 +0.0069"."""

from __future__ import annotations

from typing import Sequence

import streamlit as st

from metrics.changes import SEPARATOR, describe_change, signed_delta

from . import state
from .i18n import t
from .safe import plain


def show_change(page: str, measure: str, value: float, ranking: Sequence[str]) -> None:
    """Say what changed since this page's previous run: the items that moved (item names escaped:
    user data, shown as text) and the change of ``measure``; when only the value changed (another K
    or convention), say so. Nothing on the page's first run or when nothing changed."""
    key = state.page_key(page, "last_change")
    now = (tuple(str(item) for item in ranking), measure, float(value))
    previous = st.session_state.get(key)
    st.session_state[key] = now
    if previous is None or previous == now:
        return
    change = describe_change(previous[0], now[0])
    words = change.describe(t, plain) if change.changed else t("Same ranking, another setting")
    st.caption(words + SEPARATOR + f"{plain(measure)} {signed_delta(value - previous[2])}")
