"""One browser-history entry per page move (issue 19): Back and Forward go from page to page.

Streamlit pushes a history entry for a page move (the new path) and another one whenever the script
changes the query string (``st.query_params``): the board's link (ui.data.share.write_to_url) follows every
run, so each page move made two entries and Back stayed on the page. This components v2 component (no
iframe, nothing visible) makes a push that keeps the path a replacement of the current entry: the
address bar still holds the board's link, and only a move to another path adds an entry.
"""

from __future__ import annotations

import streamlit as st

_JS = r"""
const SLOT = "__rankingMetricsLabHistory";
export default function () {
  if (window[SLOT]) return;  // once per document: every run mounts this again
  const history = window.history;
  const push = history.pushState.bind(history);
  window[SLOT] = {push};
  history.pushState = function (state, title, url) {
    const target = url === undefined || url === null ? null : new URL(String(url), window.location.href);
    if (target && target.pathname === window.location.pathname) return history.replaceState(state, title, url);
    return push(state, title, url);
  };
}
"""

_COMPONENT = st.components.v2.component("ranking_metrics_lab.browser_history", js=_JS)
_KEY = "browser_history"


def one_entry_per_page() -> None:
    """Mount the component (call it once per run, from the entry script)."""
    st.html(f"<style>.st-key-{_KEY} {{ display: none; }}</style>")
    _COMPONENT(key=_KEY, width="content", height="content")
