"""English and 中文: every string the UI passes to t() or N_() has a translation, every page shows
no English sentence when 中文 is chosen, and switching works."""

import ast
from pathlib import Path

import pytest

from metrics.teaching.articles import VERDICT_MEANING
from tests.apptest_helpers import open_builder_tools
from tests.visible_text import ascii_punctuation, item_names, untranslated
from ui.locale import catalog, pairs

ZH = catalog("zh")  # English -> 中文: the catalogue's plain entries
ENTRIES = pairs("zh")  # every (English, 中文) of the catalogue, with the entries in a context and the plural forms

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

ROOT = Path(__file__).resolve().parents[3]
PAGES = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "pages").glob("*.py"))
SOURCES = [ROOT / "app.py", *sorted((ROOT / "pages").glob("*.py")), *sorted((ROOT / "ui").rglob("*.py"))]


def translated_literals():
    """Every t("...") / N_("...") call with a literal string in the app's source, with its place."""
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("t", "N_") and node.args \
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                yield node.args[0].value, f"{path.relative_to(ROOT)}:{node.lineno}"


def test_every_translated_string_has_a_chinese_entry():
    missing = [f"{place}: {text!r}" for text, place in translated_literals() if not ZH.get(text)]
    assert not missing, "missing in ui/locale/zh/LC_MESSAGES/messages.po:\n" + "\n".join(missing)


def test_strings_translated_at_run_time_have_entries():
    for text in [*VERDICT_MEANING, *VERDICT_MEANING.values()]:
        assert ZH.get(text), text


def test_placeholders_survive_translation():
    import string

    for english, chinese in ENTRIES:
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
    assert [s.value for s in at.subheader] == [shown("Who are you?"), shown("Where to start"),
                                                shown("The source articles, checked")]
    text = " ".join(m.value for m in at.markdown)
    assert ("See **how** ranking metrics are computed" in text) == (language == "en")
    assert ("一步步看清排序指标" in text) == (language == "zh")


@pytest.mark.parametrize("page", PAGES)
def test_every_page_shows_no_english_sentence_in_chinese(app_test, page):
    """With 中文 chosen, every visible string of the page (labels, help, captions, tables, charts)
    is Chinese or made of language-neutral tokens (measure names, numbers, item names)."""
    at = app_test()
    at.run()
    at.radio(key="sidebar_language").set_value("zh").run()
    open_builder_tools(at.switch_page(page))  # the builder's popovers too, on the pages that have it
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    left = untranslated(at, item_names(at))
    assert not left, f"{page} still shows English:\n" + "\n".join(left)


def test_chinese_text_uses_chinese_punctuation():
    """，：；（） in Chinese sentences, not the ASCII marks (calls such as log2(i + 1), log2(名次 + 1),
    AP(rel=2), min(k, R) keep theirs, as do code, formulas and placeholders; a Chinese gloss after a
    name does not: NDCG（归一化折损累计增益）)."""
    wrong = [f"{english!r}: {chinese!r} {ascii_punctuation(chinese)}" for english, chinese in ENTRIES
             if ascii_punctuation(chinese)
             or english.strip() in ",;:" and chinese.strip() in ",;:"]  # a separator between Chinese phrases
    assert not wrong, "run python scripts/zh_punctuation.py:\n" + "\n".join(wrong[:20])


#: one term per concept: English (a regular expression) -> the Chinese term its translation must use
TERMS = {r"\bunjudged\b": "未标注", r"\bbinary relevance\b": "二值相关性", r"(?<!average )\bprecision\b": "精确率"}
#: Chinese words that mean another concept than the one the catalogue needs
WRONG_WORDS = {"二元": "binary is 二值", "评定": "judged / unjudged is 已标注 / 未标注"}


def test_one_term_per_concept():
    """精确率 for precision (准确率 is accuracy), 二值相关性 for binary relevance, 未标注 for unjudged."""
    import re

    wrong = []
    for english, chinese in ENTRIES:
        for pattern, term in TERMS.items():
            if re.search(pattern, english, re.I) and term not in chinese and "full precision" not in english:
                wrong.append(f"{english!r} -> {chinese!r}: use {term}")
        if "准确率" in chinese and not re.search(r"accura", english, re.I):
            wrong.append(f"{english!r} -> {chinese!r}: 准确率 means accuracy; precision is 精确率")
        wrong += [f"{english!r} -> {chinese!r}: {why}" for word, why in WRONG_WORDS.items() if word in chinese]
    assert not wrong, "\n".join(wrong)


def test_the_term_test_catches_the_wrong_words(monkeypatch):
    for english, chinese in {"precision at 10": "前 10 个的准确率", "unjudged": "未评定",
                             "binary relevance": "二元相关性"}.items():
        monkeypatch.setitem(globals(), "ENTRIES", [(english, chinese)])
        with pytest.raises(AssertionError):
            test_one_term_per_concept()


#: quotations that keep their words: the source article 003's own title (and its tab)
QUOTED = ("排序模型评估：准确率@K和NDCG", "准确率@K和NDCG")


def chinese_texts():
    """Chinese text shown besides the catalogue: string literals of the app and of metrics (the
    articles' explanations), and the *_zh fields of sample_data/article_examples.json."""
    import json

    for path in [*SOURCES, *sorted((ROOT / "metrics").glob("*.py"))]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and CHINESE.search(node.value):
                yield node.value, f"{path.relative_to(ROOT)}:{node.lineno}"

    def walk(value, where):
        if isinstance(value, dict):
            for key, item in value.items():
                yield from walk(item, f"{where}/{key}")
        elif isinstance(value, list):
            for i, item in enumerate(value):
                yield from walk(item, f"{where}[{i}]")
        elif isinstance(value, str) and where.endswith("_zh"):
            yield value, where

    yield from walk(json.loads((ROOT / "sample_data" / "article_examples.json").read_text(encoding="utf-8")),
                    "article_examples.json")


CHINESE = __import__("re").compile(r"[\u4e00-\u9fff]")


def test_one_term_per_concept_outside_the_catalogue_too():
    wrong = [f"{where}: {text[:80]!r} uses {word}" for text, where in chinese_texts()
             for word in ("二元", "准确率", "评定")
             if word in text and not any(word in quote and quote in text for quote in QUOTED)]
    assert not wrong, "\n".join(wrong)
