"""The last change of the board in one line under a page's headline: "d6: rank 3 → 2 · nDCG@3 +0.0069"."""

from __future__ import annotations

from typing import Sequence

import streamlit as st

from metrics.teaching.changes import SEPARATOR, describe_change, signed_delta
from ui.i18n import t
from ui.session import state
from ui.shell.safe import plain


def show_change(page: str, measure: str, value: float | None, ranking: Sequence[str]) -> None:
    """Say what changed last on this page: the items that moved (item names escaped: user data,
    shown as text) and the change of ``measure``; when only the value changed (another K or
    convention), say so. ``value`` None: the final value is not shown yet (steps remain hidden), so
    only the moves are told. A newly loaded board (an example, an upload's query, a shared link:
    :func:`ui.session.state.origin_revision`) was not dragged there: the line is emptied, not filled with moves.
    The line keeps its place on every run (empty until the first change), so that nothing below it jumps."""
    key, told = state.page_key(page, "last_change"), state.page_key(page, "last_change_text")
    now = (tuple(str(item) for item in ranking), measure, None if value is None else float(value),
           state.origin_revision())
    previous = st.session_state.get(key)
    st.session_state[key] = now
    if previous is not None and (len(previous) < len(now) or previous[3] != now[3]):  # another board loaded
        st.session_state[told] = ""
    elif previous is not None and previous != now:
        change = describe_change(previous[0], now[0])
        words = [change.describe(t, plain)] if change.changed else []
        if now[2] is not None and previous[2] is not None and previous[1] == measure:
            if not change.changed and now[2] == previous[2]:
                words = []
            else:
                words += ([] if change.changed else [t("Same ranking, another setting")]) + \
                    [f"{plain(measure)} {signed_delta(now[2] - previous[2])}"]
        elif not change.changed and previous[1] != measure:
            words = [t("Same ranking, another setting")]
        if words:
            st.session_state[told] = SEPARATOR.join(words)
    with st.container(key="lecture_change"):  # one line (ui/shell/style/lecture.css): a long change never pushes the page down
        st.caption(st.session_state.get(told, "") or "\u00a0")
