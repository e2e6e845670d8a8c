"""The teacher's resume code kept in the teacher's own tab, out of its address (issue 19).

A ``?teach=`` parameter in the address got a class back after a reload, but the address is on the projector: any
student could read it and take the class over. This components v2 piece (no iframe, nothing visible) keeps the code
in the tab's ``sessionStorage`` instead (that tab alone, for as long as it is open; a reload keeps it): while the
session teaches, the piece stores the code; in a fresh session (a reload, or the tab reconnecting to a restarted
server) it gives the stored code back to the app once, which resumes the class; once the class is closed or lost, it
forgets it.
"""

from __future__ import annotations

import secrets

import streamlit as st

_JS = r"""
const STORE = "ranking-metrics-lab-teacher";
const ASKED = "__rankingMetricsLabTeacherAsked";

export default function (component) {
  const { data, setTriggerValue } = component;
  const keep = data && data.keep;
  try {
    if (keep) {
      window.sessionStorage.setItem(STORE, keep);
    } else if (data && data.forget) {
      window.sessionStorage.removeItem(STORE);
    } else if (data && window[ASKED] !== data.session) {  // once per server session: a reload, a reconnection
      window[ASKED] = data.session;  // after a restart (a new session, the same document) ask again
      const held = window.sessionStorage.getItem(STORE);
      if (held) setTriggerValue("token", held);
    }
  } catch (error) { /* storage refused (private mode): the resume code and the private link still work */ }
}
"""

_COMPONENT = st.components.v2.component("ranking_metrics_lab.live_resume", js=_JS)
KEY = "live_resume_tab"  #: the piece's key (components v2 keys may not hold "__")
SESSION = "live_resume_session"  #: a random id of this server session: the piece gives the code back once per session


def tab_token(keep: str | None, forget: bool = False) -> str | None:
    """Mount the piece: with ``keep``, this tab stores it; with ``forget``, the tab's stored code goes; otherwise the
    code this tab stored, given back once after a reload (None when there is none, and in every other run)."""
    st.html(f"<style>.st-key-{KEY} {{ display: none; }}</style>")
    session = st.session_state.setdefault(SESSION, secrets.token_hex(8))
    result = _COMPONENT(key=KEY, data={"keep": keep, "forget": bool(forget), "session": session},
                        on_token_change=lambda: None,
                        width="content", height="content")
    token = result.get("token") if result else None
    return token if isinstance(token, str) and token else None
