"""The ranking builder, its presets and the shareable link in 中文 (AppTest): no English left in
the builder (popovers included), after loading presets, in the grade editor, in the notices of bad
links; and the reader's language travels in the link (``lang=zh``)."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from tests.apptest_helpers import (
    builder_frame,
    builder_title,
    drop,
    lane_items,
    lanes_data,
    load_preset,
    open_builder_tools,
)
from tests.ui.test_share import XSS, pack
from tests.visible_text import CJK, english_left, item_names, untranslated
from ui.data.share import LANGUAGE_PARAM, PARAM, RESTORE_FAILED, encode_board
from ui.locale import catalog
from ui.model.board import Board
from ui.model.presets import DEFAULT_PRESET, PRESETS, TITLES
from ui.ranking.lanes import POOL_TITLE, RANKING_TITLE
from ui.session import state

ZH = catalog("zh")  # English -> 中文: the catalogue's plain entries

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

NDCG = "pages/ndcg.py"


def ok(at):
    assert not at.exception, [e.message for e in at.exception]
    return at


def chinese(app_test, page: str = NDCG, link: dict | None = None):
    """A new session (opened with the query parameters ``link``)，中文 chosen, on ``page``."""
    at = app_test()
    for name, value in (link or {}).items():
        at.query_params[name] = value
    ok(at.run())
    if at.radio(key="sidebar_language").value != "zh":
        ok(at.radio(key="sidebar_language").set_value("zh").run())
    return ok(open_builder_tools(at.switch_page(page)).run())


def english_in(at, *roots) -> list[str]:
    """The strings of ``roots`` (elements or blocks) that are still English."""
    return untranslated(SimpleNamespace(main=[node for root in roots for node in root], sidebar=[]), item_names(at))


def language_of(at) -> str:
    return at.session_state["language"]


# --------------------------------------------------------------------------- the builder in 中文


@pytest.mark.parametrize("page", [NDCG, "pages/ap.py"])
def test_builder_shows_no_english(app_test, page):
    at = chinese(app_test, page)
    assert not english_in(at, builder_frame(at))
    assert builder_title(at) == "文章 000 代码：ndcg_at_k([3, 2, 3, 0, 1], 3)"
    helps = [p.proto.popover.help for p in at.get("popover")]
    assert {"重置、打乱、理想排序或最差排序", "编辑条目与等级", "键盘操作",
            ZH["A link that opens this page with this exact board: items, grades, ranking, K and conventions."]} <= set(helps)
    # the caption under the builder is the preset's note, translated
    assert "文章的代码用列表本身构建理想排序。" in [c.value for c in builder_frame(at).caption]


@pytest.mark.parametrize("preset", ["000_list_1", "001_hit_ap_mrr", "001_map_order_list_2", "003_precision",
                                    "001_mrr_torus", "001_ap_narrative", "unjudged", "no_relevant"])
def test_builder_after_loading_a_preset(app_test, preset):
    at = load_preset(chinese(app_test), preset)
    assert at.session_state[state.BOARD] == PRESETS[preset]
    assert not english_in(at, builder_frame(at))
    assert at.radio(key="builder_preset").value == preset  # options stay the English keys


def test_article_titles_read_in_chinese(app_test):
    at = load_preset(chinese(app_test), "000_list_1")
    assert builder_title(at) == "文章 000：list_1 = [A, B, C, D, E]"
    picker = at.radio(key="builder_preset")
    assert picker.label == "例子"
    assert "文章 000：list_2 = [D, A, E, C, B]" in picker.options
    assert "文章 001：查询“cat”，第一个命中在第 3 位" in picker.options


def test_every_preset_title_and_note_has_a_translation():
    for key, board in PRESETS.items():
        template, fields = TITLES[board.title]
        shown = ZH[template].format(**fields)
        assert CJK.search(shown), key
        names = {w for item in board.grades for w in re.findall(r"[A-Za-z][A-Za-z_]*", item)}
        assert not english_left(shown, names | {"pred_items", "gt_items", "list_", "rel_a", "rel_b", "ndcg_at_k",
                                                "average_precision", "cat", "torus", "virus"}), key
        assert not board.note or ZH.get(board.note), key


def test_lanes_and_unjudged_grades_in_chinese(app_test):
    at = load_preset(chinese(app_test), "unjudged")
    at.session_state[state.BUILDER_IDEAL] = True
    data = lanes_data(ok(at.run()))
    assert [lane["title"] for lane in data["lanes"]] == [ZH[RANKING_TITLE], ZH[POOL_TITLE]]
    assert data["ideal"]["title"] == "理想排序"
    assert {"name": "d2", "grade": "未标注"}.items() <= lane_items(at, 0)[1].items()
    assert data["legend"][-1]["label"] == "未标注"
    # every word the browser shows or announces is Chinese ({item}, {before}, {after} are filled in there)
    for name, text in data["text"].items():
        assert CJK.search(text) and not english_left(re.sub(r"\{\w+\}", "", text), {"Esc", "P"}), name
    # a drop moves the items (the order is sent as item names, in any language)
    pool = [item for item in at.session_state[state.BOARD].items if item not in ("d6", "d2")]
    drop(at, ["d6", "d2"], pool)
    assert at.session_state[state.BOARD].ranking == ("d6", "d2")


def test_grade_editor_in_chinese(app_test):
    at = chinese(app_test)
    frame = at.dataframe[0].value
    assert list(frame.columns) == ["条目", "等级", "名次", "原名"]
    before = at.session_state[state.BOARD]
    first = before.items[0]
    key = f"builder_grades_{at.session_state[state.REVISION]}"
    at.session_state[key] = {"edited_rows": {0: {"等级": 0}}, "added_rows": [], "deleted_rows": []}
    ok(at.run())
    assert at.session_state[state.BOARD].grades[first] == 0
    # a refused edit says why, in Chinese
    key = f"builder_grades_{at.session_state[state.REVISION]}"
    at.session_state[key] = {"edited_rows": {1: {"条目": first}}, "added_rows": [], "deleted_rows": []}
    ok(at.run())
    [error] = at.error
    assert error.value.startswith("未应用：有两个条目都叫") and error.value.endswith("排序没有改变。")
    assert not english_in(at, at.error)


def test_keyboard_controls_work_in_chinese(app_test):
    at = chinese(app_test)
    board = at.session_state[state.BOARD]
    assert at.button(key="builder_kbd_Down").label == "下移"
    ok(at.button(key="builder_kbd_Down").click().run())
    assert at.session_state[state.BOARD] == board.moved(board.ranking[0], 1)
    ok(at.button(key="builder_Ideal order").click().run())
    assert at.session_state[state.BOARD] == board.ideal_order()


def test_board_too_large_for_a_link_says_why_in_chinese(app_test):
    at = chinese(app_test)
    items = [f"item-{i:04d}-{'x' * 60}" for i in range(250)]
    at.session_state[state.BOARD] = Board.from_ranking([i % 3 for i in range(250)], items=items)
    at.session_state[state.REVISION] += 1
    ok(at.run())
    [warning] = [w for w in at.warning if w.value.startswith("这个排序无法用链接分享")]
    assert "条目太多，无法放进链接（250 个；上限 200）" in warning.value
    assert not english_in(at, [warning])


@pytest.mark.parametrize("text, reason", [
    ("garbage", "不是排序链接"),
    ("2.abc", "未知的链接版本 '2'"),
    (pack({"grades": {XSS: 1}, "ranking": ["[click me](https://example.com)"]}), "不在条目之中"),
    (pack({"grades": {"a": 1}, "ranking": ["a"], "k": 0}), "K 超出范围（0；应为 1 到 200）"),
    (pack('{"grades": {"a": NaN}, "ranking": []}'), "数字必须是有限值，链接中含有 NaN"),
], ids=["garbage", "version", "hostile-name", "k", "nan"])
def test_bad_link_notice_in_chinese(app_test, text, reason):
    at = app_test()
    at.query_params[PARAM] = text
    at.query_params[LANGUAGE_PARAM] = "zh"
    ok(at.run())
    assert at.session_state[state.BOARD] == PRESETS[DEFAULT_PRESET]
    [warning] = at.warning
    # the reason stays a code span (no link, tag or formatting from a hostile name)
    match = re.fullmatch(r"无法读取链接中的排序：(`+) (.*) \1；现在显示默认例子。", warning.value)
    assert match, warning.value
    assert reason in match[2]
    assert not english_in(at, [warning])


def test_bad_link_notice_in_english_is_unchanged(app_test):
    at = app_test()
    at.query_params[PARAM] = "2.abc"
    ok(at.run())
    assert at.warning[0].value == RESTORE_FAILED.format(
        reason="` unknown link version '2' (this app reads version 1) `")


# --------------------------------------------------------------------------- the language in the link


def test_link_made_in_chinese_carries_the_language(app_test):
    at = chinese(app_test)
    assert at.query_params[LANGUAGE_PARAM] == "zh"
    [code] = [c for c in at.code if f"?{PARAM}=" in c.value]
    assert code.value == f"?{PARAM}={at.query_params[PARAM]}&{LANGUAGE_PARAM}=zh"
    # back to English: the link and the URL are as they were before the app spoke Chinese
    ok(at.radio(key="sidebar_language").set_value("en").run())
    assert LANGUAGE_PARAM not in at.query_params
    [code] = [c for c in at.code if f"?{PARAM}=" in c.value]
    assert code.value == f"?{PARAM}={at.query_params[PARAM]}"


def test_link_made_in_chinese_opens_in_chinese(app_test):
    board = PRESETS["003_ndcg"].ideal_order()
    at = app_test()
    at.query_params[PARAM] = encode_board(board)
    at.query_params[LANGUAGE_PARAM] = "zh"
    ok(at.run())
    ok(at.switch_page(NDCG).run())
    assert language_of(at) == "zh"
    assert at.radio(key="sidebar_language").value == "zh"
    assert at.session_state[state.BOARD] == board.with_settings(title="", note="")
    assert builder_title(at) == "你的排序"
    assert not english_in(at, builder_frame(at))
    assert at.query_params[LANGUAGE_PARAM] == "zh"  # and it stays in the URL


@pytest.mark.parametrize("value", ["fr", "", "ZH-cn", "<script>alert(1)</script>", "zh" * 5000])
def test_unknown_language_in_a_link_is_ignored(app_test, value):
    at = app_test()
    at.query_params[PARAM] = encode_board(PRESETS["ties"])
    at.query_params[LANGUAGE_PARAM] = value
    ok(at.run())
    assert language_of(at) == "en"  # the browser's language (AppTest's is not Chinese)
    assert not at.warning
    assert at.session_state[state.BOARD] == PRESETS["ties"]  # the board is read all the same
    assert LANGUAGE_PARAM not in at.query_params


def test_language_param_is_case_and_space_tolerant(app_test):
    at = app_test()
    at.query_params[LANGUAGE_PARAM] = " ZH "
    ok(at.run())
    assert language_of(at) == "zh"
    assert at.title[0].value == ZH["Ranking Metrics Lab"]


def test_the_sessions_choice_wins_over_a_later_link(app_test):
    at = app_test()
    ok(at.run())
    assert language_of(at) == "en"
    at.query_params[LANGUAGE_PARAM] = "zh"
    ok(at.run())
    assert language_of(at) == "en"
