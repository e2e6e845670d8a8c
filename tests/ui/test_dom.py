"""Streamlit's DOM is named in one file, ui/shell/dom.py: no other file of ui/ names a data-testid, a BaseWeb
attribute or an ``st``-prefixed test id or class; every declared selector is used, where it can be seen is a
state the browser test walks (tests/e2e/test_streamlit_dom.py), and every stylesheet fills in."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ui.shell import dom, style

UI = Path(__file__).resolve().parents[2] / "ui"
DOM = UI / "shell" / "dom.py"
#: every file of ui/ that may hold CSS or a script (Python strings, stylesheets, components' code)
FILES = sorted(p for ext in ("py", "css", "js", "html") for p in UI.rglob(f"*.{ext}") if p != DOM)
#: Streamlit's DOM written out: its test ids and attributes, and its st-prefixed ids and classes (stMetricValue,
#: .stButton); Streamlit's documented keyed-container classes (.st-key-<key>) are allowed
STREAMLIT_DOM = re.compile(r"data-testid|data-baseweb|\bst[A-Z]\w*")


def test_ui_names_no_streamlit_dom_outside_dom_py():
    found = [f"{path.relative_to(UI.parent)}:{number}: {line.strip()}"
             for path in FILES
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if STREAMLIT_DOM.search(line)]
    assert not found, "Streamlit's DOM is named in ui/shell/dom.py only; name it there and use $name:\n" + "\n".join(
        found)


def test_the_pattern_finds_streamlit_dom():
    """The check above can fail: what it must find, and what it must leave alone."""
    for text in ('[data-testid="stMain"]', ".stButton button", "'stDataFrame'", "[data-baseweb=\"select\"]"):
        assert STREAMLIT_DOM.search(text), text
    for text in (".st-key-lecture_stage", "st.html(css)", "$metric_value p", "stats = {}"):
        assert not STREAMLIT_DOM.search(text), text


@pytest.mark.parametrize("name", sorted(dom.SELECTORS))
def test_every_declared_selector_is_used_and_seen(name):
    selector = dom.SELECTORS[name]
    used = re.compile(rf"\${name}(?![A-Za-z0-9_])")
    users = [path.name for path in FILES if used.search(path.read_text(encoding="utf-8"))]
    assert users, f"{name} ({selector.css}) is declared in ui/shell/dom.py but no file of ui/ uses ${name}"
    assert selector.where and set(selector.where) <= dom.STATES.keys(), f"{name}: where {selector.where}?"
    assert selector.name == name and selector.what


def test_every_state_shows_a_selector():
    seen = {state for selector in dom.SELECTORS.values() for state in selector.where}
    assert seen == dom.STATES.keys(), f"states no selector is seen in: {dom.STATES.keys() - seen}"


def test_the_stylesheets_fill_in():
    """Every $name of a stylesheet is declared (a typo fails here, not silently in the browser)."""
    sheets = {path.name for path in style.STYLE_DIR.glob("*.css")}
    values = {"presenter.css": dict.fromkeys(("root", "bar", "count", "code", "step", "qr", "hint"), "x"),
              "uploader_words.css": {"button_words": '"x"', "limit_words": '"y"'}}
    for name in sorted(sheets):
        filled = style.css(name, **values.get(name, {}))
        assert "$" not in filled and "data-testid" in filled, name
    with pytest.raises(KeyError, match="metric_valeu"):
        dom.fill("$metric_valeu p")
    with pytest.raises(AssertionError, match="main"):
        dom.fill("$main", main="x")
