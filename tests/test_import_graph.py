"""No import circles: the graph of the project's own imports has no cycle (docs/src/layout.md, "Layers").

Every ``.py`` under metrics/, live/, ui/ and pages/ is parsed with :mod:`ast`; every ``import`` and ``from ...
import`` of a project module counts, at module level and inside functions alike (a function-level import that
closes a circle is still a circle: it only moves the failure to the first call), relative imports resolved.
Imports under ``if TYPE_CHECKING:`` do not count: they never run.

An edge goes to the module an import names: ``from metrics.batch import evaluation`` is an edge to
``metrics.batch.evaluation`` (a submodule), ``from metrics.batch import evaluate`` one to ``metrics.batch``
(a name its ``__init__`` defines). The parent packages Python initialises on the way are not edges, so a
package's ``__init__`` may import its own submodules, as long as no submodule imports a name from the
package back (that is a cycle here, and a half-initialised package at run time).

A strongly connected component of more than one module is a circle; the test names its modules and the
imports that close it.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("metrics", "live", "ui", "pages")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    """Every project module by its dotted name."""
    return {_module_name(p): p for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py"))}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_nodes(tree: ast.AST):
    """Every import node that can run (not under ``if TYPE_CHECKING:``)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                yield from _import_nodes_of(child)
            continue
        yield from _import_nodes_of(node)


def _import_nodes_of(node: ast.AST):
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        yield node
    else:
        yield from _import_nodes(node)


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    if node.level > 1:
        base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _target(name: str, modules: dict[str, Path]) -> str | None:
    """The project module ``name`` is, or the closest package holding it (``metrics.batch.evaluate``: a name)."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def imports_of(module: str, path: Path, modules: dict[str, Path]):
    """(imported project module, line) of every import in ``module``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    for node in _import_nodes(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            base = _resolve(module, is_package, node)
            names = [f"{base}.{alias.name}" if base else alias.name for alias in node.names]
        for name in names:
            target = _target(name, modules)
            if target is not None and target != module:
                yield target, node.lineno


def import_graph() -> tuple[dict[str, dict[str, int]], dict[str, Path]]:
    """module -> {imported module: first line}, over every project module."""
    modules = project_modules()
    graph: dict[str, dict[str, int]] = {}
    for module, path in modules.items():
        edges = graph.setdefault(module, {})
        for target, line in imports_of(module, path, modules):
            edges.setdefault(target, line)
    return graph, modules


def strongly_connected(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """Tarjan's strongly connected components (iterative), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                components.append(sorted(component))
    return components


def describe(component: list[str], graph: dict[str, dict[str, int]], modules: dict[str, Path]) -> str:
    members = set(component)
    lines = [f"a circle of {len(component)} modules:"]
    for module in component:
        path = modules[module].relative_to(ROOT)
        for target, line in sorted(graph[module].items()):
            if target in members:
                lines.append(f"  {path}:{line}: {module} imports {target}")
    return "\n".join(lines)


def circles() -> list[str]:
    graph, modules = import_graph()
    return [describe(c, graph, modules) for c in strongly_connected(graph) if len(c) > 1]


def test_the_project_has_no_import_circle():
    found = circles()
    assert not found, "\n\n".join(found)


def test_the_graph_sees_every_kind_of_import(tmp_path):
    """The checker itself: a circle closed by a function-level relative import is found; TYPE_CHECKING is not."""
    graph = {"a": {"b": 1}, "b": {"c": 2}, "c": {"a": 3}, "d": {"a": 4}}
    assert [c for c in strongly_connected(graph) if len(c) > 1] == [["a", "b", "c"]]
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("from .one import f\n")
    (package / "one.py").write_text("def f():\n    from . import two\n    from ..pkg.two import g\n")
    (package / "two.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .one import f\n"
                                    "from pkg import f as h\n")
    modules = {"pkg": package / "__init__.py", "pkg.one": package / "one.py", "pkg.two": package / "two.py"}
    assert list(imports_of("pkg", modules["pkg"], modules)) == [("pkg.one", 1)]
    assert list(imports_of("pkg.one", modules["pkg.one"], modules)) == [("pkg.two", 2), ("pkg.two", 3)]
    assert list(imports_of("pkg.two", modules["pkg.two"], modules)) == [("pkg", 4)]
