"""Helpers shared by the AppTest page tests."""

from __future__ import annotations

import html
import json
import os
import re
from pathlib import Path

from streamlit.testing.v1 import AppTest

from ui.model.board import Board
from ui.session import state

REPO_ROOT = Path(__file__).resolve().parent.parent
ENTRY_SCRIPT = Path(__file__).resolve().parent / "entry" / "app.py"  #: runs app.py (see its docstring)


class AppThroughEntry(AppTest):
    """AppTest of the whole app, run through :data:`ENTRY_SCRIPT`; pages are named as everywhere in the
    tests, relative to the repository (``"pages/ndcg.py"``)."""

    def switch_page(self, page_path: str) -> AppTest:
        return super().switch_page(os.path.relpath(REPO_ROOT / page_path, ENTRY_SCRIPT.parent))


def app_test(default_timeout: float = 30) -> AppTest:
    """An AppTest of app.py and its st.navigation pages (not run yet)."""
    return AppThroughEntry(ENTRY_SCRIPT, default_timeout=default_timeout)


PACED_PAGES = ("ndcg", "ap", "rr", "cutoff", "roc", "more", "reader", "compare", "beyond_ils", "beyond_coverage",
               "beyond_users")  #: pages that reveal their steps one at a time (ui.teaching.pacing)


def show_all(at: AppTest, run: bool = True) -> AppTest:
    """Every step of every paced page shown, as the End key or "Show all" would (a newly loaded
    example starts at step 1; these tests read the final numbers)."""
    for page in PACED_PAGES:
        at.session_state[state.page_key(page, "step")] = None
        at.session_state[state.page_key(page, "step_origin")] = (
            at.session_state[state.ORIGIN_REVISION] if state.ORIGIN_REVISION in at.session_state else 0)
    if run:
        at.run()
        assert not at.exception, [e.message for e in at.exception]
    return at


def open_page(app_test, page: str, board: Board | None = None, language: str = "en",
              all_steps: bool = True) -> AppTest:
    """Run the app, choose ``language`` ("zh": 中文), optionally put ``board`` on it (as a preset
    would), switch to ``page``; ``all_steps``: every step shown (:func:`show_all`)."""
    at = app_test()
    at.run()
    if language != "en":
        at.radio(key="sidebar_language").set_value(language).run()
    if board is not None:
        at.session_state[state.BOARD] = board
        at.session_state[state.ORIGIN] = board
        at.session_state[state.REVISION] += 1
    at.switch_page(page)
    if all_steps:
        show_all(at, run=False)
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def open_builder_tools(at: AppTest) -> AppTest:
    """Open the builder's grade editor and keyboard popovers (built only while open) for the next
    run, as a click on each would."""
    from ui.ranking.builder import GRADES_OPEN, KEYS_OPEN

    at.session_state[GRADES_OPEN] = True
    at.session_state[KEYS_OPEN] = True
    return at


def metric(at: AppTest, label: str) -> str:
    """The value of the one st.metric with this label."""
    values = [m.value for m in at.metric if m.label == label]
    assert len(values) == 1, [m.label for m in at.metric]
    return values[0]


def shown(element) -> str:
    """An element's text as the reader sees it (Markdown escapes of ui.shell.safe.plain removed)."""
    return html.unescape(re.sub(r"\\(.)", r"\1", element.value))


def load_preset(at: AppTest, key: str) -> AppTest:
    """Choose a preset in the ranking builder's example picker."""
    at.radio(key="builder_preset").set_value(key).run()
    assert not at.exception, [e.message for e in at.exception]
    return show_all(at)


def lanes_data(at: AppTest, prefix: str = "builder_lanes_") -> dict:
    """What the drag-and-drop lanes (ui/ranking/lanes.py) whose key starts with ``prefix`` were given."""
    [component] = [c for c in at.get("bidi_component") if c.key.startswith(prefix)]
    return json.loads(component.proto.json)


def lane_items(at: AppTest, lane: int = 0, prefix: str = "builder_lanes_") -> list[dict]:
    """The items of a lane (0: the ranking, 1: the pool): name, grade text, fill, ink, unjudged."""
    return lanes_data(at, prefix)["lanes"][lane]["items"]


def lane_names(at: AppTest, lane: int = 0, prefix: str = "builder_lanes_") -> list[str]:
    return [item["name"] for item in lane_items(at, lane, prefix)]


def drop(at: AppTest, ranking, pool=(), prefix: str = "builder_lanes_") -> AppTest:
    """Do what the browser does after a drop in the lanes: send the new order."""
    [component] = [c for c in at.get("bidi_component") if c.key.startswith(prefix)]
    at.session_state[component.key] = {"order": {"ranking": list(ranking), "pool": list(pool)}}
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def builder_frame(at: AppTest):
    """The ranking builder's frame (ui.ranking.builder.FRAME_KEY): its title line first, then its widgets."""
    from ui.ranking.builder import FRAME_KEY

    def blocks(node):
        for child in getattr(node, "children", {}).values():
            yield child
            yield from blocks(child)

    [frame] = [block for block in blocks(at.main) if getattr(block, "key", None) == FRAME_KEY]
    return frame


def builder_title(at: AppTest) -> str:
    """The builder's title line, as the reader sees it."""
    line = shown(next(iter(builder_frame(at).children.values())))
    assert line.startswith(":small[**") and line.endswith("**]"), line
    return line.removeprefix(":small[**").removesuffix("**]")


def step_windows(at) -> list:
    """The step windows on the page (ui.teaching.explainer.table_html, drawn with st.html) as frames of their shown texts,
    the current row (``aria-current="step"``) last. ``at``: an AppTest, or a list of its elements (a block's)."""
    return html_tables(at, "step-window")


def html_tables(at, css_class: str) -> list:
    """The static HTML tables of class ``css_class`` on the page (drawn with st.html) as frames of their shown texts.
    ``at``: an AppTest, or a list of its elements (a block's)."""
    from html.parser import HTMLParser

    import pandas as pd

    class Rows(HTMLParser):
        def __init__(self):
            super().__init__()
            self.rows, self.cell = [], None

        def handle_starttag(self, tag, attrs):
            if tag == "tr":
                self.rows.append([])
            elif tag in ("td", "th"):
                self.cell = ""

        def handle_endtag(self, tag):
            if tag in ("td", "th") and self.cell is not None:
                self.rows[-1].append(self.cell)
                self.cell = None

        def handle_data(self, data):
            if self.cell is not None:
                self.cell += data

    frames = []
    elements = at.html if hasattr(at, "html") else [e for e in at if type(e).__name__ == "Html"]
    for element in elements:
        if f'class="{css_class}"' in element.proto.body:
            parser = Rows()
            parser.feed(element.proto.body)
            header, *rows = parser.rows
            frames.append(pd.DataFrame(rows, columns=header))
    return frames
