"""Counts in English sentences: ``metrics`` writes the singular for one and the plural otherwise (never "item(s)"),
and ``ui.i18n.sentences`` translates both forms with gettext's ngettext by the message's count (a quiz sentence, a
worked example's note)."""

from __future__ import annotations

import ast
import re
from collections import namedtuple
from pathlib import Path

import pytest
import streamlit as st

import metrics
from metrics.messages import Message
from metrics.teaching import quiz
from ui.i18n import LANGUAGE
from ui.i18n.sentences import _localize, localized
from ui.locale import catalog, translation

ROOT = Path(__file__).resolve().parents[3]
ZH = catalog("zh")
FAKED = re.compile(r"[a-z]\((?:s|es|ies)\)")  #: "item(s)", "query(ies)"


def sentences_of(path: Path) -> list[str]:
    """The string literals of a module (f-strings' literal parts too), its docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]


def test_metrics_writes_no_faked_plural():
    faked = [f"{path.relative_to(ROOT)}: {text!r}" for path in sorted((ROOT / "metrics").rglob("*.py"))
             for text in sentences_of(path) if FAKED.search(text)]
    assert not faked, "\n".join(faked)


Plural = namedtuple("Plural", "singular plural count")  #: a count-aware message's two templates and its count


def plural_of(text: Message) -> Plural:
    return Plural(text.template, text.plural, text.count)


#: the count-aware messages of metrics.teaching.quiz and of the worked notes (extracted with metrics.messages.counted)
PLURALS = (Plural(quiz._pool_relevant_text(quiz.build_question([1, 0], 2, "AP", pool=[1])).template,
                  quiz._pool_relevant_text(quiz.build_question([1, 0], 2, "AP", pool=[1])).plural, "missing"),
           plural_of(metrics.hit_rate_steps([0, 1, 0], 3).lines_at(3, text=True)[-1].note))


@pytest.mark.parametrize("entry", PLURALS)
def test_both_forms_have_a_chinese_entry_with_the_same_fields(entry):
    zh = translation("zh")
    fields = set(re.findall(r"\{(\w+)\}", entry.singular))
    assert fields == set(re.findall(r"\{(\w+)\}", entry.plural)) and entry.count in fields
    for n in (1, 2):
        chinese = zh.ngettext(entry.singular, entry.plural, n)
        assert chinese not in (entry.singular, entry.plural), entry
        assert set(re.findall(r"\{(\w+)\}", chinese)) == fields


def _question(missing: int):
    """An AP question whose ranked list lacks ``missing`` relevant judged items."""
    for seed in range(1, 400):
        for difficulty in quiz.DIFFICULTIES:
            q = quiz.make_question(seed, difficulty, "AP")
            hits = sum(1 for grade in q.rels if grade >= 1)
            if hits and q.n_relevant - hits == missing:
                return q
    raise AssertionError(f"no AP question misses {missing} relevant items")


@pytest.mark.parametrize(("missing", "words"), [(1, "item that was not"), (2, "items that were not")])
def test_the_quiz_says_one_item_or_items_and_both_translate(missing, words):
    q = _question(missing)
    text = quiz.BY_NAME["ap_over_list_relevant"].explain(q)
    assert f"the {missing} relevant judged {words} retrieved." in text
    assert isinstance(text, Message) and text.fields[text.count] == missing
    chinese = _localize(text, lambda english: ZH.get(english, english), plural=translation("zh").ngettext)
    assert f"未被检索到的 {missing} 个已标注相关条目" in chinese and "retrieved" not in chinese, chinese


@pytest.mark.parametrize(("ranked", "note", "chinese"), [
    ([0, 1, 0], "(1 relevant item in the top 3)", "（前 3 名中有 1 个相关条目）"),
    ([1, 1, 0], "(2 relevant items in the top 3)", "（前 3 名中有 2 个相关条目）"),
    ([0, 0, 0], "(0 relevant items in the top 3)", "（前 3 名中有 0 个相关条目）"),
])
def test_the_worked_note_counts_and_translates(ranked, note, chinese):
    explanation = metrics.hit_rate_steps(ranked, 3)
    assert explanation.worked_text.endswith(note)
    st.session_state[LANGUAGE] = "zh"  # bare mode: the session state is a plain mapping
    try:
        assert localized(explanation).worked_text.endswith(chinese)
    finally:
        del st.session_state[LANGUAGE]
