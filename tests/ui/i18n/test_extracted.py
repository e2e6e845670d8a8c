"""The catalogue's template is made by extraction only, and what the app translates at run time is in it.

Fast and static (no page is opened): every entry of ``ui/locale/messages.pot`` has a place in the code or the sample
data (nothing is listed by hand); no ``t()`` is given English built at run time (an f-string, a concatenation, a
piece of a sentence cut out with ``split``), which no extractor can see; every ``t(NAME)``, ``t(NAME[key])`` or
``t(module.NAME.get(key))`` of the app whose ``NAME`` is a module-level literal (a string, or a dict, tuple or list of
them) names only strings of the template; and the vocabularies ``metrics`` gives the app to translate word by word
(verdicts, tie rules, limits, JSON problems, subtitle words, sample sections) are in it. The slow 中文 test
(tests/ui/i18n/test_i18n.py, tests/e2e/test_zh_complete.py) opens every page for what this cannot see.
"""

from __future__ import annotations

import ast
import json
from functools import lru_cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from ui.locale import LOCALE_DIR, TEMPLATE

ROOT = Path(__file__).resolve().parents[3]
APP_SOURCES = [ROOT / "app.py", *sorted((ROOT / "pages").glob("*.py")), *sorted((ROOT / "ui").rglob("*.py"))]
#: the functions that look their argument up in the catalogue (ui.i18n, ui.i18n.sentences)
TRANSLATORS = {"t", "localize", "header"}
#: str methods that cut or build English out of other English
BUILDING = {"format", "split", "rsplit", "partition", "rpartition", "replace", "strip", "lstrip", "rstrip",
            "removeprefix", "removesuffix", "join", "lower", "upper", "title", "capitalize"}


@lru_cache(maxsize=1)
def template_ids() -> frozenset[str]:
    with TEMPLATE.open("rb") as source:
        return frozenset(m.id if isinstance(m.id, str) else m.id[0] for m in read_po(source) if m.id)


def test_every_entry_of_the_template_has_its_place():
    """No entry is listed by hand: each has the file (code or sample data) it was extracted from."""
    with TEMPLATE.open("rb") as source:
        placeless = [m.id for m in read_po(source) if m.id and not m.locations]
    assert not placeless, placeless[:20]
    assert not (LOCALE_DIR / "runtime.pot").exists()


# --------------------------------------------------------------------------------------------
# English built at run time


def _calls(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") in TRANSLATORS and node.args:
            yield node


def built_english(source: str, where: str = "") -> list[str]:
    """The translator calls of ``source`` whose argument is English built at run time."""
    found = []
    for call in _calls(ast.parse(source)):
        for node in ast.walk(call.args[0]):
            built = (isinstance(node, ast.JoinedStr)
                     or isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod))
                     and any(isinstance(side, (ast.Constant, ast.JoinedStr)) and isinstance(
                         getattr(side, "value", ""), str) for side in (node.left, node.right))
                     or isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                     and node.func.attr in BUILDING)
            if built:
                found.append(f"{where}:{call.lineno}: {ast.unparse(call)[:100]}")
                break
    return found


def test_no_translation_of_english_built_at_run_time():
    found = [line for path in APP_SOURCES
             for line in built_english(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))]
    assert not found, "translate a marked template with fields instead:\n" + "\n".join(found)


@pytest.mark.parametrize("source", ['t(f"{name} table")', 't(reason.split(": ")[0])', 't("equal " + words)',
                                    't(NAMES.get(key, f"{key}"))', 'localize(text.strip())'])
def test_built_english_is_found(source):
    assert built_english(source)


@pytest.mark.parametrize("source", ['t("{name} table").format(name=n)', 't(NAMES[key])', 't(a if b else c)',
                                    't(label) + " " + t(other)'])
def test_a_literal_or_a_look_up_is_not_built_english(source):
    assert not built_english(source)


# --------------------------------------------------------------------------------------------
# t(variable): the module-level literals the app translates


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _module_path(name: str) -> Path | None:
    base = ROOT.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


class Module:
    """A module's top-level assignments and imports, as written (nothing is run)."""

    def __init__(self, path: Path):
        self.name = _module_name(path)
        self.package = self.name if path.name == "__init__.py" else self.name.rpartition(".")[0]
        self.values: dict[str, ast.AST] = {}
        self.imported: dict[str, tuple[str, str | None]] = {}  # local name -> (module, name in it or None)
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
                for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                    if isinstance(target, ast.Name):
                        self.values[target.id] = node.value
                    elif isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                        self.values.update((t.id, v) for t, v in zip(target.elts, node.value.elts)
                                           if isinstance(t, ast.Name))
            elif isinstance(node, ast.ImportFrom):
                origin = self._absolute(node)
                for alias in node.names:
                    local = alias.asname or alias.name
                    if _module_path(f"{origin}.{alias.name}"):
                        self.imported[local] = (f"{origin}.{alias.name}", None)
                    else:
                        self.imported[local] = (origin, alias.name)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    self.imported[alias.asname or alias.name] = (alias.name, None)

    def _absolute(self, node: ast.ImportFrom) -> str:
        if not node.level:
            return node.module or ""
        base = self.package.split(".")
        base = base[:len(base) - node.level + 1]
        return ".".join([*base, *([node.module] if node.module else [])])


@lru_cache(maxsize=None)
def module(name: str) -> Module | None:
    path = _module_path(name)
    return Module(path) if path else None


def _bound(where: Module, name: str, depth: int = 0) -> tuple[Module, ast.AST] | None:
    """The literal a name of ``where`` is bound to, following imports (None when it is not a module-level one)."""
    if depth > 8:
        return None
    if name in where.values:
        return where, where.values[name]
    if name in where.imported:
        origin, inner = where.imported[name]
        other = module(origin)
        if other is not None and inner is not None:
            return _bound(other, inner, depth + 1)
    return None


def _strings(where: Module, node: ast.AST, whole: bool, depth: int = 0) -> list[str] | None:
    """The strings ``node`` holds: itself (``whole``) or its elements and values, nested ones too (a look-up);
    None when it is not made of literals."""
    if depth > 8:
        return None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "N_" and isinstance(node.args[0], ast.Constant):
        return [node.args[0].value]
    if isinstance(node, ast.Name):
        bound = _bound(where, node.id)
        return _strings(*bound, whole, depth + 1) if bound else None
    if whole:
        return None
    elements = node.values if isinstance(node, ast.Dict) else getattr(node, "elts", None) \
        if isinstance(node, (ast.Tuple, ast.List)) else None
    if elements is None:
        return None
    found = []
    for element in elements:
        inner = _strings(where, element, isinstance(element, (ast.Constant, ast.Call)), depth + 1)
        if inner is None:
            return None
        found += inner
    return found


def _named(where: Module, node: ast.AST) -> tuple[Module, ast.AST] | None:
    """A ``NAME`` or ``module.NAME`` expression bound to a module-level literal."""
    if isinstance(node, ast.Name):
        return _bound(where, node.id)
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in where.imported:
        origin, inner = where.imported[node.value.id]
        other = module(origin if inner is None else f"{origin}.{inner}")
        return _bound(other, node.attr) if other else None
    return None


def translated_literals(path: Path):
    """(place, string) for every string a ``t(variable)`` of ``path`` can be given, as far as literals tell."""
    where = module(_module_name(path))
    for call in _calls(ast.parse(path.read_text(encoding="utf-8"))):
        if getattr(call.func, "id", "") != "t":
            continue
        argument, whole = call.args[0], True
        if isinstance(argument, ast.Call) and isinstance(argument.func, ast.Attribute) \
                and argument.func.attr == "get" and len(argument.args) == 2:  # NAMES.get(key, DEFAULT)
            default = _named(where, argument.args[1])
            for text in (_strings(*default, True) if default else None) or ():
                yield f"{path.relative_to(ROOT)}:{call.lineno}", text
        while isinstance(argument, ast.Subscript) or isinstance(argument, ast.Call) and isinstance(
                argument.func, ast.Attribute) and argument.func.attr == "get":
            argument, whole = (argument.value if isinstance(argument, ast.Subscript) else argument.func.value), False
        if isinstance(argument, ast.Constant):
            continue  # t("..."): Babel's own
        bound = _named(where, argument)
        strings = _strings(*bound, whole) if bound else None
        for text in strings or ():
            yield f"{path.relative_to(ROOT)}:{call.lineno}", text


def test_what_the_app_translates_by_name_is_in_the_template():
    ids = template_ids()
    missing = [f"{place}: {text!r}" for path in APP_SOURCES for place, text in translated_literals(path)
               if text and text not in ids]
    assert not missing, "mark these N_() where they are declared, then python scripts/i18n.py extract:\n" + \
        "\n".join(missing)


def test_the_look_up_resolves_names_across_modules():
    """The check above sees through imports (``t(charts.AFTER_LAST_STEP)``), look-ups (``t(CSV_FILES[name])``) and
    a look-up's default (``t(core.TIE_ORDER_CAUSE.get(key, UNDEFINED_ORDER))``)."""
    seen = {text for path in APP_SOURCES for _, text in translated_literals(path)}
    from ui.charts import AFTER_LAST_STEP

    assert {AFTER_LAST_STEP, "steps table (.csv)", "the order of tied items is not defined"} <= seen
    assert len(seen) > 200


def test_an_unmarked_label_is_found(tmp_path, monkeypatch):
    """A label declared without N_ in one module and translated by name in another: its text is not in the
    template, and the check names it."""
    package = tmp_path / "fakeapp"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "labels.py").write_text('LABELS = {"a": "A label nobody marked", "b": "rank"}\n')
    (package / "page.py").write_text("from fakeapp.labels import LABELS\nfrom ui.i18n import t\nt(LABELS[key])\n")
    monkeypatch.setitem(globals(), "ROOT", tmp_path)
    module.cache_clear()
    try:
        found = {text for _, text in translated_literals(package / "page.py")}
    finally:
        module.cache_clear()
    assert found == {"A label nobody marked", "rank"}
    assert "A label nobody marked" not in template_ids() and "rank" in template_ids()


# --------------------------------------------------------------------------------------------
# the vocabularies metrics gives the app to translate word by word


def vocabularies() -> dict[str, list[str]]:
    from metrics.conventions import GAINS, TIE_ORDER_CAUSE, TIE_RULES
    from metrics.limits import FIELD_OF
    from metrics.measures.names import MEASURES
    from metrics.readers.tables import JSON_PROBLEMS
    from metrics.teaching.articles import VERDICT_MEANING, VERDICTS, findings
    from metrics.teaching.lessons.compute import CONVENTION_MISTAKES

    sections = [e["section"] for e in json.loads((ROOT / "sample_data" / "article_examples.json").read_text("utf-8"))
                if e.get("section") and not any("\u3400" <= c <= "\u9fff" for c in e["section"])]
    return {
        "verdicts": [*VERDICTS, *VERDICT_MEANING.values()], "gains": list(GAINS),
        "tie rules": list(TIE_RULES.values()), "tie causes": list(TIE_ORDER_CAUSE.values()),
        "limits": list(FIELD_OF), "JSON problems": list(JSON_PROBLEMS.values()),
        # a measure named by its own name ("INST", "NERR8") is shown as it is
        "subtitle words": [w for name, m in MEASURES.items() if m.words for w in m.words if w and w != name],
        "sample sections": sections, "convention mistakes": list(CONVENTION_MISTAKES.values()),
        "findings' quantities with words": [f.quantity.template for f in findings() if hasattr(f.quantity, "template")],
    }


@pytest.mark.parametrize("name", list(vocabularies()))
def test_each_vocabulary_is_in_the_template(name):
    words = vocabularies()[name]
    assert words
    assert [w for w in words if w not in template_ids()] == []


def test_the_sample_sections_extractor_sees_every_section():
    from ui.locale.extract import sections

    with (ROOT / "sample_data" / "article_examples.json").open("rb") as source:
        extracted = [message for _, _, message, _ in sections(source, {}, [], {})]
    assert extracted == vocabularies()["sample sections"]
