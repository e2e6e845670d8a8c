"""中文 beyond the default view of the quiz, the articles and the handouts: a wrong quiz answer's
diagnosis, every tab and expander of the articles page, the presenter view and the exported
Markdown; and every sentence these pages take from ``metrics`` has a Chinese entry."""

from __future__ import annotations

import re
import string

import pytest

from metrics import ap_steps, ndcg_steps, precision_steps, rr_steps
from metrics.messages import Message
from metrics.teaching import quiz
from metrics.teaching.articles import examples, findings
from metrics.teaching.handout import LABELS, presenter_steps
from tests.apptest_helpers import open_page
from tests.ui.pages.test_page_handout import preview
from tests.visible_text import english_left, item_names, untranslated
from ui.i18n.sentences import _localize
from ui.locale import catalog, translation
from ui.session import state
from ui.topics import articles

ZH = catalog("zh")  # English -> 中文: the catalogue's plain entries

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

CJK = re.compile(r"[\u3400-\u9fff]")


def zh(text: str) -> str:
    return ZH.get(text, text)


def quiz_sentences():
    """Every prompt, explanation and step text metrics.teaching.quiz builds, over many questions (every template is
    met by seed 4; twelve seeds give each one several sets of numbers, singular and plural)."""
    texts = set()
    for seed in range(1, 13):
        for difficulty in quiz.DIFFICULTIES:
            for metric in quiz.QUIZ_METRICS:
                q = quiz.make_question(seed, difficulty, metric)
                texts.add(q.prompt)
                for mistake in quiz.BY_NAME.values():
                    if metric in mistake.metrics and mistake.value(q) is not None:
                        texts |= {mistake.explain(q), mistake.step(q).text}
    return texts


# --------------------------------------------------------------------------- catalogue coverage


def test_every_quiz_title_and_difficulty_has_chinese():
    for text in [*(m.title for m in quiz.BY_NAME.values()), *quiz.DIFFICULTIES, quiz.NO_MATCH]:
        assert ZH.get(text) and (CJK.search(ZH[text]) or not english_left(ZH[text])), text


def test_every_quiz_sentence_is_a_message_and_composes_chinese():
    """Every sentence of metrics.teaching.quiz is a message (its Chinese is built from the catalogue's template) and
    the result is Chinese."""
    for text in quiz_sentences():
        assert isinstance(text, Message), text
        chinese = _localize(text, zh, plural=translation("zh").ngettext)
        assert CJK.search(chinese) and not english_left(chinese, {"first_hit", "counted"}), (text, chinese)


def test_article_quantities_sections_and_tabs_have_chinese():
    for f in findings():
        assert not english_left(_localize(f.quantity, zh)), f.quantity  # a message by its template
        if f.verdict:
            assert ZH.get(f.verdict), f.verdict
    for example in examples().values():
        assert not english_left(zh(example["section"])), example["section"]
    for article in articles.ARTICLES:
        assert not english_left(zh(article.tab or article.title_zh)) or CJK.search(zh(article.tab)), article.tab
    for column in articles.findings_table("003_ndcg").columns:
        assert ZH.get(column), column
    assert ZH.get(articles.NOT_PRINTED)


@pytest.fixture(scope="module")
def handout_page():
    import importlib.util
    from pathlib import Path

    import streamlit  # noqa: F401

    spec = importlib.util.spec_from_file_location("handout_constants", Path("pages/handout.py"))
    source = Path(spec.origin).read_text(encoding="utf-8")
    # the page runs Streamlit at import: read its constants only (everything before the functions)
    namespace: dict = {}
    exec(source.split("\ndef ")[0], namespace)  # noqa: S102 (our own file)
    return namespace


def test_every_label_of_the_handout_has_chinese(handout_page):
    for key, text in LABELS.items():
        assert ZH.get(text), key
        fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
        assert fields == {f for _, f, _, _ in string.Formatter().parse(ZH[text]) if f}


@pytest.mark.parametrize("explanation", [
    ndcg_steps([3, 2, 3, 0, 1], k=4, gain="exponential", items="ABCDE"),
    ap_steps([0, 1, 0, 1, 1], n_relevant=4, items="ABCDE"),
    ap_steps([0, 0], n_relevant=0, items="AB"),
    rr_steps([0, 0, 1, 1], items="ABCD"),
    precision_steps([1, 0, 1], 3, items="ABC"),
], ids=["nDCG", "AP", "AP-none", "RR", "P"])
def test_every_presenter_sentence_is_chinese(explanation):
    from ui.teaching import presenter

    for text in presenter.WHERE:
        assert ZH.get(text), text
    for step in presenter_steps(explanation):
        text = step.what
        assert str(step.sentence).endswith(": " + text)
        assert isinstance(text, Message) and ZH.get(text.template) or not english_left(text), text
        chinese = _localize(text, zh)
        assert CJK.search(chinese) or not english_left(chinese), (text, chinese)
        for label, _value in step.running:
            assert not english_left(zh(label)), label


# --------------------------------------------------------------------------- pages in 中文


def chinese(app_test, page: str, board=None):
    """``page`` in 中文, optionally with ``board`` on it."""
    return open_page(app_test, page, board, language="zh")


#: the step controls of ui/teaching/explainer.py (the quiz's diagnosis uses them; translated by another part)
STEP_CONTROL = ("'◀ Previous'", "'Next ▶'")
#: the step tables' headers: ui/explainer.step_table belongs to another part (translated there)
STEP_COLUMNS = {str(c) for e in (ndcg_steps([1, 0], k=2), ap_steps([1, 0]), rr_steps([0, 1]), precision_steps([1, 0], 2))
                for c in e.table.columns}


def english_shown(at, *also: str) -> list[str]:
    """English left on the page, except what other parts translate: the step controls and step
    tables of ui/teaching/explainer.py (and ``also``), and the presenter's CSS (a <style> block, not text)."""
    others = ("Show all", "highlighted", "Step ", "'<style>", *also)
    return [line for line in untranslated(at, item_names(at))
            if not any(line.startswith(o) or o in line.split(":")[0] for o in others)
            and line.split("': ")[0].strip("'") not in STEP_COLUMNS]


@pytest.mark.parametrize("difficulty, metric, mistake", [
    ("easy", "nDCG@K", "shifted_discount"), ("hard", "nDCG@K", "ideal_from_list"), ("medium", "AP", "ap_over_k"),
    ("medium", "RR", "rr_last_hit"), ("medium", "P@K", "p_over_retrieved"), ("hard", "DCG@K", "natural_log"),
])
def test_quiz_diagnosis_in_chinese(app_test, difficulty, metric, mistake):
    at = chinese(app_test, "pages/quiz.py")
    at.radio(key=state.page_key("quiz", "difficulty")).set_value(difficulty).run()
    at.radio(key=state.page_key("quiz", "metric")).set_value(metric).run()
    q = quiz.make_question(at.session_state[state.page_key("quiz", "seed")], difficulty, metric)
    values = quiz.mistake_values(q)
    diagnosis = quiz.check(q, values[mistake]).diagnosis
    at.number_input[0].set_value(values[mistake])
    at.button(key=state.page_key("quiz", "check")).click().run()
    assert not at.exception, [e.message for e in at.exception]
    warning, info = at.warning[0].value, at.info[0].value
    assert ZH[diagnosis.title] in warning and "可能的错误" in warning
    assert "该看哪里" in info and diagnosis.step.text not in info
    assert not english_shown(at, *STEP_CONTROL), english_shown(at, *STEP_CONTROL)


def test_quiz_right_answer_and_no_match_in_chinese(app_test):
    at = chinese(app_test, "pages/quiz.py")
    q = quiz.make_question(1, "easy", "nDCG@K")
    at.number_input[0].set_value(0.987654)
    at.button(key=state.page_key("quiz", "check")).click().run()
    assert ZH[quiz.NO_MATCH] in at.warning[0].value
    assert not english_shown(at, *STEP_CONTROL), english_shown(at, *STEP_CONTROL)
    at.number_input[0].set_value(round(q.answer, 3))
    at.button(key=state.page_key("quiz", "check")).click().run()
    assert "答对了" in at.success[0].value
    assert [m.label for m in at.metric][:3] == ["已答", "答对", "连对"]
    at.button(key=state.page_key("quiz", "board")).click().run()
    assert not at.exception
    assert not english_shown(at), english_shown(at)


def test_articles_tabs_and_expanders_in_chinese(app_test):
    at = chinese(app_test, "pages/articles.py")
    assert [tab.label for tab in at.tabs][2] == "002 · MRR、MAP、NDCG（无数值例子）"
    assert {e.label for e in at.expander} >= {"文章中的问题", "各判定与颜色的含义", "本文的问题"}
    text = "\n".join(m.value for m in at.markdown)
    assert "为什么不同" in text and "Why" not in text
    table = at.dataframe[0].value
    assert list(table.columns)[:3] == ["指标", "文章给出", "精确值"]
    assert "列表 list_1 的 DCG" in list(table["指标"])
    at.session_state[state.page_key("articles", "article")] = at.tabs[3].label  # article 003's tab
    at.run()
    at.button(key=state.page_key("articles", "load_003_ndcg")).click().run()
    assert not at.exception
    assert any("面板上现在是" in s.value for s in at.success)
    assert not english_shown(at), english_shown(at)


@pytest.mark.parametrize("metric", ["nDCG", "AP", "RR", "P@K"])
def test_handout_presenter_view_in_chinese(app_test, metric):
    at = chinese(app_test, "pages/handout.py")
    at.button_group(key="handout__metric").set_value(metric).run()
    at.button(key="handout__present").click().run()
    assert not at.exception, [e.message for e in at.exception]
    heading = [m.value for m in at.markdown if m.value.startswith("# ")][0]
    assert heading.startswith("# 第 1 位"), heading
    at.button(key="handout__presenter_next").click().run()
    texts = [m.value for m in at.markdown]
    heading = next(text for text in texts if text.startswith("# "))
    sentence = texts[texts.index(heading) + 1]  # what this rank adds
    assert heading.startswith("# 第 2 位") and CJK.search(sentence), (heading, sentence)
    assert (at.button(key="handout__presenter_previous").label, at.button(key="handout__presenter_next").label,
            at.button(key="handout__presenter_exit").label) == ("◀ 上一步", "下一步 ▶", "退出")
    assert not english_shown(at), english_shown(at)


def test_handout_preview_in_chinese(app_test):
    """The preview (the .md file's text) in 中文; the files as a browser saves them, LaTeX too:
    tests/e2e/test_handout_downloads.py::test_the_default_boards_handout_is_chinese."""
    at = chinese(app_test, "pages/handout.py")
    md = preview(at)
    for heading in ("## 公式", "## 代入数字", "## 逐步计算", "## 理想排序", "## 结果"):
        assert heading in md, heading
    assert "列的最后一行" in md and "the last row" not in md
    assert "| 名次 | 条目 |" in md  # the tables' headers too
    assert not english_shown(at), english_shown(at)
