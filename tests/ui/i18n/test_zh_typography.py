"""中文 typography of the whole catalogue (ui/locale/zh/) and of the sentences the quiz composes from it: no space
next to full-width punctuation (also across Markdown's ** markers: "**不太对：** 你的"), none between two
Chinese characters ("除以 找到的"), one word for one thing (精确值, not 准确值). The check is
scripts/zh_punctuation.py's :func:`spacing_problems`."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from metrics.teaching import quiz
from ui.i18n.sentences import _localize
from ui.locale import catalog, pairs

ZH = catalog("zh")  # English -> 中文: the catalogue's plain entries

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "zh_punctuation.py"


def _script():
    spec = importlib.util.spec_from_file_location("zh_punctuation", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


spacing_problems = _script().spacing_problems


@pytest.mark.parametrize("text, problems", [
    ("**不太对：** 你的答案是 0.5", ["：** "]), ("不是除以 找到的 3 个命中", ["以 找"]), ("显示准确值", ["准确值 (精确值)"]),
    ("**不太对**：你的答案是 0.5。", []), ("除以 R = 4，不是除以 K = 5。", []), ("应为 '条目 等级'", []),
])
def test_the_check_finds_what_it_should(text, problems):
    assert spacing_problems(text) == problems


def test_the_whole_catalogue():
    wrong = [f"{english!r}: {chinese!r} {spacing_problems(chinese)}" for english, chinese in pairs("zh")
             if spacing_problems(chinese)]
    assert not wrong, "\n".join(wrong[:20])


def _zh(text: str) -> str:
    return ZH.get(text, text)


@pytest.mark.slow  # many random cases: the full run's tier
def test_the_quiz_sentences_composed_in_chinese():
    """Every prompt, mistake explanation and "where to look" of many questions, composed from the catalogue's
    templates with Chinese phrases in their fields (e.g. AP's "不是除以{wrong}" with 找到的 3 个命中)."""
    checked = 0
    for seed in range(1, 30):
        for difficulty in quiz.DIFFICULTIES:
            for metric in quiz.QUIZ_METRICS:
                q = quiz.make_question(seed, difficulty, metric)
                texts = {q.prompt}
                for mistake in quiz.MISTAKES:
                    if metric in mistake.metrics and mistake.value(q) is not None:
                        texts |= {mistake.explain(q), mistake.step(q).text}
                for text in texts:
                    chinese = _localize(text, _zh)
                    assert not spacing_problems(chinese), (text, chinese)
                    checked += 1
    assert checked > 1000
