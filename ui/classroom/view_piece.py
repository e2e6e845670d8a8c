"""A following student's view kept current by the browser (issue 36), where the app is served with
:mod:`ui.classroom.view_route` (``deploy/serve.py``): a components-v2 piece in the student's poll fragment, instead
of the Streamlit-drawn view (:func:`ui.classroom.follower.draw`). Its script (ui/classroom/static/view.js, served
once with the lanes' and KaTeX's and kept by the browser) waits on the class's version (:data:`live.routes.PATH`),
fetches the view the route drew once for the whole class and swaps it in, without a run of the app; the fragment
runs only when the session must act (the class ended or is out of reach, the teacher went to another page, a
question), or when the student drags in the view's lanes: that order is then the student's own board, as with the
Streamlit-drawn view, until the teacher's next change. The view's elements carry Streamlit's own test ids (named in
ui/shell/dom.py) and the app's key classes, so that its stylesheets (lecture.css, phone.css) lay it out as the
Streamlit-drawn one.

Without the route (``streamlit run app.py``) :func:`served` is False and the Streamlit-drawn view stays."""

from __future__ import annotations

import re
from collections.abc import Mapping

import streamlit as st

from live.routes import PATH as VERSION_PATH
from ui.classroom import follower, view_route
from ui.i18n import language
from ui.ranking.lanes import valid_order
from ui.session import state
from ui.shell import dom
from ui.teaching import pacing

KEY = "live_follow_view"  #: the piece's key (its element: .st-key-live_follow_view)

_LOADER = r"""
export default async function (component) {
  if (!component.data) return;
  const url = new URL(component.data.urls.module, window.location.origin).href;
  const view = await import(url);
  view.default(component);
}
"""

_COMPONENT = st.components.v2.component("ranking_metrics_lab.live_view", html='<div class="rml-view"></div>',
                                        js=_LOADER, isolate_styles=False)


def served() -> bool:
    """Whether this process serves the view route (``deploy/serve.py``)."""
    return view_route.mounted


def urls() -> dict[str, str]:
    """The routes and the assets the piece uses."""
    return {"version": VERSION_PATH, "view": view_route.PATH, "module": view_route.asset("view.js"),
            "css": view_route.asset("view.css"), "katex": view_route.asset("katex.min.js"),
            "lanes_js": view_route.asset("lanes.js"), "lanes_css": view_route.asset("lanes.css")}


#: the Streamlit elements the piece draws as Streamlit does (names of ui/shell/dom.py), so that the app's stylesheets
#: lay them out alike
DRAWN_AS_STREAMLIT = ("markdown", "horizontal_block", "column", "metric", "metric_value", "metric_label", "html",
                      "caption")


def test_ids() -> dict[str, list[str]]:
    """Those elements' Streamlit test ids by name: [attribute, value] (ui/shell/dom.py: ``[attribute="value"]``)."""
    return {name: list(re.fullmatch(r'\[([\w-]+)="(\w+)"\]', dom.SELECTORS[name].css).groups())
            for name in DRAWN_AS_STREAMLIT}


def draw(page: str, code: str, seen: str, question) -> bool:
    """Mount the piece showing the view of ``page`` for this session's board (the teacher's, as last loaded) at the
    session's step, waiting on class ``code`` from version ``seen`` (what the session loaded last; the outage it shows
    otherwise) with ``question`` (the (id, revealed) the session has seen). False when the student dropped in the
    view's lanes: that order is now this session's board, for the caller to draw by a run of the whole app (as
    :func:`ui.classroom.follower.draw`)."""
    board = state.board()
    sent = st.session_state.get(KEY)
    dropped = valid_order(sent.get("dropped") if isinstance(sent, Mapping) else None, board.items)
    if dropped is not None and dropped[0] != board.ranking:
        state.set_board(board.with_ranking(dropped[0]), external=False)
        return False
    view = follower.view_data(page, {"board": board.to_dict(), "choices": st.session_state}, language(),
                              pacing.text_size(), pace=lambda total: pacing.current(page, total))
    _COMPONENT(key=KEY, data={"view": view, "page": page, "code": code, "seen": seen,
                              "question": list(question) if question else None, "lang": language(),
                              "size": pacing.text_size(), "urls": urls(), "dom": test_ids()},
               on_changed_change=lambda: None, on_dropped_change=lambda: None, width="stretch", height="content")
    return True
