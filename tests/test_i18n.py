"""English and 中文: every string the UI passes to t() has a translation, and switching works."""

import ast
from pathlib import Path

import pytest

from metrics.articles import VERDICT_MEANING
from ui.zh import ZH

ROOT = Path(__file__).resolve().parents[1]
SOURCES = [ROOT / "app.py", *sorted((ROOT / "pages").glob("*.py")), *sorted((ROOT / "ui").glob("*.py"))]


def translated_literals():
    """Every t("...") call with a literal string in the app's source, with its place."""
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "t" and node.args \
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                yield node.args[0].value, f"{path.relative_to(ROOT)}:{node.lineno}"


def test_every_translated_string_has_a_chinese_entry():
    missing = [f"{place}: {text!r}" for text, place in translated_literals() if not ZH.get(text)]
    assert not missing, "missing in ui/zh.py:\n" + "\n".join(missing)


def test_strings_translated_at_run_time_have_entries():
    for text in [*VERDICT_MEANING, *VERDICT_MEANING.values()]:
        assert ZH.get(text), text


def test_placeholders_survive_translation():
    import string

    for english, chinese in ZH.items():
        fields = {f for _, f, _, _ in string.Formatter().parse(english) if f}
        assert fields == {f for _, f, _, _ in string.Formatter().parse(chinese) if f}, english


@pytest.mark.parametrize("language", ["en", "zh"])
def test_switching_language_changes_the_visible_strings(app_test, language):
    at = app_test()
    at.run()
    at.radio(key="sidebar_language").set_value(language).run()
    assert not at.exception
    def shown(english):
        return ZH[english] if language == "zh" else english

    assert [t.value for t in at.title] == [shown("Ranking Metrics Lab")]
    assert [s.value for s in at.subheader] == [shown("Where to start"), shown("The source articles, checked")]
    text = " ".join(m.value for m in at.markdown)
    assert ("See **how** ranking metrics are computed" in text) == (language == "en")
    assert ("一步步看清排序指标" in text) == (language == "zh")
