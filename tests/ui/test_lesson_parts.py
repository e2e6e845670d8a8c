"""The lesson page's parts that must agree with the core and the routes, and the verdict's words for each kind of
question in English and 中文 (no Streamlit run)."""

from __future__ import annotations

import re

import pytest
import streamlit as st
from babel.messages.pofile import read_po

from metrics.teaching.lessons import builtin_lesson, builtin_lessons, check, mistakes, option_values, parse_lesson
from metrics.teaching.lessons.compute import CONVENTION_MISTAKES, answer
from metrics.teaching.lessons.reading import PAGES
from ui.classroom.lessons import live_lesson, question, walk
from ui.i18n import LANGUAGE
from ui.locale import TEMPLATE, catalog
from ui.shell.routes import NAMES


def test_the_conventions_mistakes_are_the_cores_marked_and_translated():
    """The lesson page names a convention mistake by the core's own title (declared once, marked there)."""
    assert question.CONVENTION_TITLES is CONVENTION_MISTAKES
    with TEMPLATE.open("rb") as source:
        extracted = {m.id for m in read_po(source) if m.id}
    for title in CONVENTION_MISTAKES.values():
        assert title in extracted and ZH.get(title), title


def test_a_lesson_reads_on_to_the_apps_pages_each_with_its_title():
    assert set(PAGES) == set(NAMES) - {"lesson"}
    assert set(PAGES) <= set(walk.READ_ON_TITLES)


def test_every_answer_travels_to_a_live_class_as_a_number_and_back():
    for lesson in builtin_lessons():
        for scene in lesson.scenes:
            if scene.question is None:
                continue
            exact = question.answer(lesson, scene)
            number = live_lesson.as_number(lesson, scene, exact)
            low, high = live_lesson.answer_range(lesson, scene)
            assert low <= number <= high, (lesson.id, scene.id)
            back = live_lesson.from_number(scene, number)
            assert back == exact or abs(back - exact) < 1e-12, (lesson.id, scene.id)



# --------------------------------------------------------------------------- the verdict's words (issue 31)


ZH = catalog("zh")


@pytest.fixture
def chinese():
    """The reader's language set to 中文 (bare mode: the session state is a plain mapping)."""
    st.session_state[LANGUAGE] = "zh"
    yield
    del st.session_state[LANGUAGE]


def _scene(lesson_id: str, scene_id: str):
    lesson = builtin_lesson(lesson_id)
    return lesson, lesson.scene(scene_id)


def test_every_lesson_mistake_is_in_the_catalogue_and_translated():
    """Each title, explanation and where-to-look of metrics.teaching.lessons.mistakes is in the template (marked in
    the code) and has its 中文 with the same placeholders."""
    with TEMPLATE.open("rb") as source:
        runtime = {m.id for m in read_po(source) if m.id}
    strings = [text for said in mistakes.TEXTS.values() for text in said if text]
    strings += list(mistakes.RANK_LOOKS.values()) + [mistakes.CHOICE_UNDER]
    fields = re.compile(r"\{\w+\}")
    for text in strings:
        assert text in runtime, text
        assert text in ZH, text
        assert sorted(fields.findall(ZH[text])) == sorted(fields.findall(text)), (text, ZH[text])


def test_a_wrong_value_on_many_queries_is_named_with_its_explanation_and_row():
    lesson, scene = _scene("many-queries", "every-judged-query")
    wrong = next(m for m in mistakes.many_query_mistakes(lesson, scene, answer(lesson, scene))
                 if m.name == "mean_over_run")
    verdict = check(lesson, scene, round(wrong.value, 4))
    text = question.wrong_text(lesson, scene, verdict)
    assert text.startswith("**Not quite.** The exact answer is")
    assert "**Likely mistake — The mean over the run's queries only, not every judged query.**" in text
    assert f"That method gives {wrong.value:.4f}." in text
    assert question.look_text(verdict) == ("**Where to look:** Look at row 4, query q4: the run does not answer it, "
                                           "so it counts 0 and stays in the mean.")
    assert question.mistake_name(verdict.mistake) == "The mean over the run's queries only, not every judged query"


def test_a_wrong_rank_is_said_as_a_rank_not_a_number():
    lesson, scene = _scene("hits-to-positions", "first-hit")
    text = question.wrong_text(lesson, scene, check(lesson, scene, 1))
    assert text.startswith("**Not quite.** The exact rank is 2 (yours: 1).")
    assert "**Likely mistake — Ranks counted from 0.**" in text and "That gives rank 1." in text
    assert "number" not in text
    assert question.look_text(check(lesson, scene, 1)) == ("**Where to look:** Look at rank 2: item d2 (grade 1) is "
                                                           "the first relevant item.")
    text = question.wrong_text(lesson, scene, check(lesson, scene, 6))
    assert text.endswith("No known mistake gives this rank: read the ranking from the top, rank 1 first.")
    lesson, scene = _scene("graded-relevance", "gain-and-cg")  # 3: three slips give it
    text = question.wrong_text(lesson, scene, check(lesson, scene, 3))
    assert "The same rank also comes from: Another grade taken as the threshold of relevance; The number of hits, " \
           "not a rank." in text


def test_a_wrong_option_says_both_values_and_names_the_other_extreme():
    lesson, scene = _scene("libraries-disagree", "three-denominators")
    values = option_values(lesson, scene)
    text = question.wrong_text(lesson, scene, check(lesson, scene, "trec_eval"))
    assert text.startswith("**Not quite.** The right option is **torchmetrics (RetrievalMAP, top_k=5): divided by the "
                           "hits found** (yours: trec_eval (map_cut_5): divided by R).")
    assert f"Your option gives {values['trec_eval']:.4f}; the right one gives {values['torchmetrics']:.4f}." in text
    assert "**Likely mistake — The smallest value picked, not the largest.**" in text
    assert "number" not in text and question.look_text(check(lesson, scene, "trec_eval")) is None
    text = question.wrong_text(lesson, scene, check(lesson, scene, "recommenders"))  # neither extreme: no name
    assert "Likely mistake" not in text and "No known mistake" not in text


def test_a_literal_option_says_its_why(chinese):
    lesson = parse_lesson(LITERAL)
    scene = lesson.scenes[0]
    text = question.wrong_text(lesson, scene, check(lesson, scene, "list"))
    assert text == "**不太对**。正确的选项是 **全部已标注条目**（你的选择：列表）。\n\n**为什么不是这个选项**：列表漏掉了没有返回的条目。"
    text = question.wrong_text(lesson, scene, check(lesson, scene, "top"))
    assert text == "**不太对**。正确的选项是 **全部已标注条目**（你的选择：前 K 个）。"


def test_the_verdicts_in_chinese(chinese):
    lesson, scene = _scene("hits-to-positions", "first-hit")
    verdict = check(lesson, scene, 1)
    assert question.wrong_text(lesson, scene, verdict) == (
        "**不太对**。正确的名次是 2（你的答案：1）。\n\n**可能的错误——名次从 0 开始数**。你像 Python 的列表下标那样从 0 开始数了。"
        "名次从 1 开始：最上面的条目在第 1 位。这样得到的是第 1 位。")
    assert question.look_text(verdict) == "**该看哪里**：看第 2 位：条目 d2（等级 1）是第一个相关条目。"
    lesson, scene = _scene("many-queries", "reciprocal-ranks")
    wrong = next(m for m in mistakes.many_query_mistakes(lesson, scene, answer(lesson, scene))
                 if m.name == "mrr_of_mean_rank")
    text = question.wrong_text(lesson, scene, check(lesson, scene, round(wrong.value, 4)))
    assert "**可能的错误——取平均名次的倒数，而不是各个 1 / 名次的平均**。" in text and "平均名次 2" in text
    lesson, scene = _scene("libraries-disagree", "three-gains")
    text = question.wrong_text(lesson, scene, check(lesson, scene, "binary"))
    assert "**可能的错误——选了最大的值，而不是最小的**。你选的选项在所有选项中值最大；题目问的是最小的。" in text
    assert "你选的选项得到 0.9829；正确的选项得到 0.6405。" in text
    assert question.title_of("rank_from_zero") == "名次从 0 开始数"
    assert question.title_of("gain=exponential") == ZH["Exponential gain (2^rel − 1) instead of linear gain"]


LITERAL = """
id = "literal"
minutes = 5
languages = ["en", "zh"]
title = { en = "l", zh = "l" }
summary = { en = "l", zh = "l" }
[boards.b]
grades = { a = 1, b = 0 }
ranking = ["a", "b"]
[[scenes]]
id = "where-from"
view = "ndcg"
board = "b"
title = { en = "t", zh = "t" }
say = { en = "s", zh = "s" }
[scenes.question]
kind = "choice"
answer = "judged"
prompt = { en = "Where does trec_eval's ideal ordering come from?", zh = "trec_eval 的理想排序从哪里来？" }
[[scenes.question.options]]
id = "judged"
label = { en = "every judged item", zh = "全部已标注条目" }
[[scenes.question.options]]
id = "list"
label = { en = "the list", zh = "列表" }
why = { en = "The list leaves out the unreturned items.", zh = "列表漏掉了没有返回的条目。" }
[[scenes.question.options]]
id = "top"
label = { en = "the top K", zh = "前 K 个" }
"""
