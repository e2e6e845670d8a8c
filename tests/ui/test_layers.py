"""ui/'s import rules: each part of ui/ imports only the parts below it (README, "Layout").

An import, at module level or inside a function, goes down the layers or stays in its own part. A part never
reaches up: where a lower part shows what a higher one adds (a live class's extras on a teaching page), the higher
part registers a callback with it (ui/teaching/hooks.py, filled by ui/classroom/__init__.py).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

UI = Path(__file__).resolve().parents[2] / "ui"

#: the parts of ui/, lowest first; a part imports only parts before it (and the standard library, metrics, live)
LAYERS = (
    "locale",  # the translation catalogues (gettext .po files) and reading them
    "i18n",  # the reader's language, and metrics' sentences and formulas in it
    "shell",  # where the pages are, the stylesheets, ending a page early, user text shown as text
    "model",  # the board and its examples, plain Python
    "session",  # the board in session state, undo and redo, the last change
    "charts",  # figures drawn from step tables
    "data",  # uploads, shared links, QR codes, many queries
    "ranking",  # the ranking builder and its lanes
    "teaching",  # lecture layout, pacing, presenter, clicker keys
    "topics",  # what particular pages show
    "classroom",  # the live class
)
#: parts and modules that must not import Streamlit at all (plain Python, tested alone)
PURE = {"model", "locale", "shell/routes.py", "shell/safe.py", "shell/page.py"}


def _part(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "ui":
        return None
    return parts[1] if len(parts) > 1 else "ui"


def _imports(path: Path):
    """(imported module, whether at module level, line) of every import in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {id(node) for node in tree.body}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            assert node.level == 0, f"{path}:{node.lineno}: ui/ imports absolutely (from ui.part import module)"
            names = [f"{node.module}.{alias.name}" for alias in node.names] if node.module == "ui" else [node.module]
            for name in names:
                yield name, id(node) in top, node.lineno
        elif isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, id(node) in top, node.lineno


MODULES = sorted(p for p in UI.rglob("*.py"))


def _part_of(path: Path) -> str:
    relative = path.relative_to(UI)
    return relative.parts[0].removesuffix(".py") if relative.parts[0] != "__init__.py" else "ui"


def test_every_part_is_declared():
    parts = {_part_of(p) for p in MODULES} - {"ui"}
    assert parts == set(LAYERS), f"undeclared parts: {parts - set(LAYERS)}; gone: {set(LAYERS) - parts}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(UI)))
def test_imports_go_down_the_layers(path):
    own = _part_of(path)
    if own == "ui":
        return  # ui/__init__.py: the routing guard
    problems = []
    for module, at_top, line in _imports(path):
        pure = own in PURE or path.relative_to(UI).as_posix() in PURE
        if pure and module.split(".")[0] == "streamlit":
            problems.append(f"line {line}: {own} is plain Python, imports {module}")
        target = _part(module)
        if target is None or target == own:
            continue
        if target == "ui":
            problems.append(f"line {line}: imports the ui package itself")
            continue
        if LAYERS.index(target) < LAYERS.index(own):
            continue
        where = "at module level" if at_top else "inside a function"
        problems.append(f"line {line}: {own} imports {module} {where} ({target} is above {own})")
    assert not problems, f"{path.relative_to(UI.parent)}:\n" + "\n".join(problems)


def test_the_top_level_stays_small():
    top = sorted(p.name for p in UI.iterdir() if p.suffix == ".py" or (p.is_dir() and (p / "__init__.py").is_file()))
    assert len(top) <= 12, top


def test_each_part_says_what_it_is_for():
    for part in LAYERS:
        init = UI / part / "__init__.py"
        module = UI / f"{part}.py"
        source = init if init.is_file() else module
        assert ast.get_docstring(ast.parse(source.read_text(encoding="utf-8"))), f"{source}: a one-line purpose"
