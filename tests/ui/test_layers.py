"""The import rules (docs/src/layout.md, "Layers"): each part of ui/ imports only the parts below it; across the
project, metrics/ < live/ < ui/ < pages/, and inside metrics/ its layers (the core < measures < readers < batch <
statistics < conventions < teaching < cli), over the import graph of tests/test_import_graph.py.

An import, at module level or inside a function, goes down the layers or stays in its own part. A part never
reaches up: where a lower part shows what a higher one adds (a live class's extras on a teaching page), the higher
part registers a callback with it (ui/teaching/hooks.py, filled by ui/classroom/__init__.py).
"""

from __future__ import annotations

import ast
import subprocess
import sys
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


# -- the whole project: metrics/'s layers, live/ and pages/ (the graph of tests/test_import_graph.py) -----------

#: the project's parts, lowest first: a part imports only parts before it
PROJECT = (
    "metrics",  # the pure core: no Streamlit
    "live",  # a live class's shared state: no Streamlit
    "ui",  # the Streamlit parts the pages share (their own layers above)
    "pages",  # one file a page; a page never imports another
)
#: metrics/'s layers, lowest first; "core" is metrics/'s top-level modules (errors, limits, explanation, notebook,
#: the package itself...), the others its subpackages; cli and __main__ sit on top
METRICS_LAYERS = ("core", "measures", "readers", "batch", "statistics", "conventions", "teaching", "cli", "__main__")
#: packages whose code may not import Streamlit at all
NO_STREAMLIT = ("metrics", "live")


def _project_part(module: str) -> str:
    return module.split(".")[0]


def _metrics_layer(module: str) -> str:
    parts = module.split(".")
    if len(parts) > 1 and parts[1] in METRICS_LAYERS:
        return parts[1]
    return "core"


def _project_graph():
    from tests.test_import_graph import import_graph

    return import_graph()


def test_every_metrics_layer_is_declared():
    graph, _ = _project_graph()
    found = {_metrics_layer(m) for m in graph if _project_part(m) == "metrics"}
    assert found == set(METRICS_LAYERS), f"undeclared: {found - set(METRICS_LAYERS)}; gone: {set(METRICS_LAYERS) - found}"


def test_the_project_s_parts_import_down():
    """metrics imports nothing of live, ui, pages; live nothing of ui, pages; ui nothing of pages; a page no other
    page; inside metrics, a layer only the layers below it (at module level or inside a function alike)."""
    graph, modules = _project_graph()
    problems = []
    for module, targets in sorted(graph.items()):
        own = _project_part(module)
        for target, line in sorted(targets.items()):
            other = _project_part(target)
            where = f"{modules[module].relative_to(UI.parent)}:{line}: {module} imports {target}"
            if own == other == "pages":
                problems.append(f"{where} (a page imports no other page)")
            elif PROJECT.index(other) > PROJECT.index(own):
                problems.append(f"{where} ({other} is above {own})")
            elif own == other == "metrics":
                mine, theirs = _metrics_layer(module), _metrics_layer(target)
                if METRICS_LAYERS.index(theirs) > METRICS_LAYERS.index(mine):
                    problems.append(f"{where} (metrics.{theirs} is above metrics.{mine})")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("package", NO_STREAMLIT)
def test_the_core_and_live_import_no_streamlit(package):
    problems = []
    for path in sorted((UI.parent / package).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
            problems += [f"{path.relative_to(UI.parent)}:{node.lineno}: {name}" for name in names
                         if name.split(".")[0] == "streamlit"]
    assert not problems, "\n".join(problems)


def test_session_keys_are_declared_in_session_state_only():
    """ui/session/state.py says every session key lives there: no other module of ui/ assigns a ``live_…`` key name
    that is not a widget's or a container's (those hold ``__`` or name what they draw) to a module constant."""
    state_keys = {node.targets[0].id for node in ast.parse((UI / "session" / "state.py").read_text()).body
                  if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)}
    live = ast.parse((UI / "classroom" / "live.py").read_text())
    declared = {node.targets[0].id: node.value.value for node in live.body
                if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
                and node.value.value.startswith("live_") and "__" not in node.value.value}  # (a widget's: live__…)
    containers = {"POLL", "DRAWN", "DRAWN_BOX", "TEACHER_WATCH"}  #: the boxes the poll and the watch draw into
    assert set(declared) <= containers, sorted(set(declared) - containers)
    assert {"LIVE_TEACHER", "LIVE_STUDENT", "LIVE_OUTAGE", "LIVE_KEPT"} <= state_keys


def test_importing_the_live_class_starts_no_thread():
    """The store's start-up check runs from the first run of the app (ui.classroom.live.before_page), not at import."""
    code = ("import threading, ui.classroom.live, ui.classroom.follower; "
            "print(sorted(t.name for t in threading.enumerate()))")
    shown = subprocess.run([sys.executable, "-c", code], cwd=UI.parent, capture_output=True, text=True, check=True)
    assert "live-store-check" not in shown.stdout, shown.stdout
