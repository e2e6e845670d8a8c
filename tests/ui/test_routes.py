"""The pages, declared once in ui/shell/routes.py, are the page scripts, and each sends a first request through app.py.

A link straight to a page, as a fresh server's first request, runs the page script alone until ``ui`` is imported
(ui/__init__.py then reruns it through app.py; tests/e2e/test_first_request.py shows it in a browser). So every page
script imports ``ui`` before it draws anything.
"""

from __future__ import annotations

import ast

import pytest

from ui.shell.routes import NAMES, PAGES_DIR, SECTIONS, page_file


def test_every_page_script_is_declared_once_and_exists():
    assert sorted(NAMES) == sorted(p.stem for p in PAGES_DIR.glob("*.py"))
    assert len(NAMES) == len(set(NAMES))
    assert [routes[0].name for routes in SECTIONS.values()][0] == "home"  # the default page


@pytest.mark.parametrize("name", NAMES)
def test_every_page_imports_ui_before_it_draws(name):
    tree = ast.parse(page_file(name).read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue  # the docstring
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "ui":
            return
        if isinstance(node, ast.Import) and any(alias.name.split(".")[0] == "ui" for alias in node.names):
            return
        assert isinstance(node, (ast.Import, ast.ImportFrom)), f"pages/{name}.py line {node.lineno} runs before ui"
    pytest.fail(f"pages/{name}.py never imports ui")
