"""中文 on the ROC/AUC, beyond-accuracy, two-rankings and library-conventions pages, beyond the
default board: every string these pages take from ``metrics`` at run time has a catalogue entry
(convention choices, library notes, table columns), and the pages show no English of their own in
other states (another preset, a moved threshold, one class only, libraries that disagree or agree)."""

from __future__ import annotations

import re

import pandas as pd
import pytest

import ui.i18n
from metrics import roc_auc_explanation
from metrics.conventions import CHOICE_LABELS, CHOICES, TIES, describe_choice
from metrics.conventions import PRESETS as CONVENTIONS
from metrics.measures.beyond import coverage_explanation, similarity_explanation
from metrics.measures.roc import ARTICLE_NOTES
from metrics.measures.summary import COMPARE_COLUMNS
from tests.apptest_helpers import open_page
from tests.visible_text import english_left, item_names, visible_strings
from ui.locale import catalog
from ui.model.board import Board
from ui.model.presets import PRESETS
from ui.session import state
from ui.topics.choices import SETTING_TEXT, choice_label, choice_text, kind

ZH = catalog("zh")  # English -> 中文: the catalogue's plain entries

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

# ----------------------------------------------------------------------------- strings from metrics


@pytest.fixture
def chinese(monkeypatch):
    monkeypatch.setattr(ui.i18n, "language", lambda: "zh")


@pytest.fixture
def english(monkeypatch):
    monkeypatch.setattr(ui.i18n, "language", lambda: "en")


#: values of every setting beyond CHOICES: the presets' and a few more
SETTING_VALUES = {
    "threshold": [1.0, 2.0, 2.5, 0.5],
    "rr_cutoff": [True, False], "ap_cutoff": [True, False], "truncate_grades": [True, False],
    "nonpositive_scores_irrelevant": [True, False], "recall_pool": [True, False],
    "nan_when_no_relevant": [(), ("R",), ("AP", "R")],
    "decimals": [None, 4, 2],
}


def test_every_choice_label_has_an_entry():
    for label in CHOICE_LABELS.values():
        assert ZH.get(label), label


def test_every_setting_template_has_an_entry_and_matches_describe_choice(english):
    assert set(SETTING_VALUES) == set(CHOICE_LABELS) - set(CHOICES)
    for template in SETTING_TEXT.values():
        assert ZH.get(template), template
    used = set()
    for setting, values in SETTING_VALUES.items():
        for value in [*values, *(getattr(c, setting) for c in CONVENTIONS.values())]:
            used.add((setting, kind(setting, value)))
            assert choice_text(setting, value) == describe_choice(setting, value), (setting, value)
    assert used == set(SETTING_TEXT)


def test_choices_in_chinese(chinese):
    for setting, values in SETTING_VALUES.items():
        for value in values:
            text = choice_text(setting, value)
            assert re.search(r"[\u4e00-\u9fff]", text), (setting, value, text)
    assert choice_text("threshold", 2.5) == "等级 ≥ 2.5 即为相关"
    assert choice_text("decimals", 4) == "结果保留 4 位小数"
    assert choice_text("nan_when_no_relevant", ("R",)) == "没有相关条目时 R 为 NaN"
    assert choice_label("recall_pool") == "R 包含候选池"


def test_tie_rules_as_described_have_entries():
    """describe_choice drops "equal scores: " from the tie rules (the CHOICES texts are the
    explainers' part); the shortened texts are this part's."""
    for ties in TIES:
        assert ZH.get(describe_choice("ties", ties)), ties


def test_library_notes_and_article_notes_have_entries():
    for convention in CONVENTIONS.values():
        assert ZH.get(convention.notes), convention.name
    for note in ARTICLE_NOTES.values():
        assert ZH.get(note), note


def test_table_columns_have_entries():
    roc = roc_auc_explanation([1, 0, 1, 0], [0.9, 0.8, 0.4, 0.4])
    coverage = coverage_explanation({"u1": ["a", "b"], "u2": ["b", "c"]}, ["a", "b", "c", "d"], k=2)
    similarity = similarity_explanation(["a", "b", "c"], {"a": [1, 0], "b": [0, 1], "c": [3, 4]})
    columns = [*roc.table.columns, *coverage.table.columns, *similarity.table[
        ["item_i", "item_j", "similarity", "running_sum", "ILS"]].columns,
        *COMPARE_COLUMNS, "rank", "item", "rel", "gain", "discounted_gain",  # the nDCG steps of compare.py
        "rank", "item", "grade", "label", "score",  # ui.topics.scores.score_frame
        "rank", "item", "title", "genres", "held_out",  # ui.topics.recsys.user_list
        "user", "ILS", "diversity",  # ui.topics.recsys.per_user (precision@k, hit rate@k: templates)
        "equal scores", "libraries", "order read", "measure", "choice"]  # pages/conventions.py
    missing = [c for c in columns if c not in ("DCG",) and not ZH.get(c)]
    assert not missing, missing


def test_every_genre_of_the_sample_has_an_entry():
    from ui.topics.recsys import DATA, GENRES

    assert tuple(pd.read_csv(DATA / "item_features.csv", nrows=0).columns[1:]) == GENRES
    assert all(ZH.get(genre) for genre in GENRES)


def test_recsys_column_names(chinese):
    from ui.topics.recsys import column_name

    assert column_name("precision@5", 5) == "精确率@5"
    assert column_name("hit rate@5", 5) == "命中率@5"
    assert column_name("diversity", 5) == "多样性"


def test_confusion_frame_in_chinese(chinese):
    from ui.topics.scores import confusion_frame

    frame = confusion_frame({"tp": 1, "fp": 2, "tn": 3, "fn": 4})
    assert list(frame.columns) == ["实际为正例", "实际为负例"]
    assert list(frame.index) == ["预测为正例", "预测为负例"]


def test_confusion_frame_in_english(english):
    from ui.topics.scores import confusion_frame

    frame = confusion_frame({"tp": 1, "fp": 2, "tn": 3, "fn": 4})
    assert list(frame.columns) == ["actually positive", "actually negative"]


# ----------------------------------------------------------------------------- pages in other states

#: strings of OTHER parts of the app that these pages show (the ranking builder, the step controls,
#: the convention radios, the about box, the step tables' headers, the ROC chart of ui/charts.py):
#: their helpers translate them; here only this part's strings are checked
FOREIGN_PREFIXES = (
    "What it rewards", "**Rewards.**", "Relevant when grade ≥", "trec_eval counts grade", "Linear: trec_eval",
    "All judged items:", "R: trec_eval", "K (cut-off)", "◀ Previous", "Next ▶", "Show all", "**Step ",
    "Pick an example", "Reset, shuffle, ideal or worst order", "Drag to reorder", "Point at the box", "A link that opens",
    "Ranked item", "Pool item", "Add to the end of the ranking", "Move this item", "Edit items and grades", "Keyboard controls", "Worst order", "Unrank",
    *CHOICES["gain"].values(), *CHOICES["ideal"].values(), *CHOICES["ap_denominator"].values(),
    "chance", "chosen threshold", "ROC curve", "false positive rate", "true positive rate",
    *(board.title for board in PRESETS.values()), *(board.note for board in PRESETS.values() if board.note),
)
FOREIGN_EXACT = {"Reset", "Shuffle", "Ideal order", "Up", "Down", "Top", "Example", "was", "Gain", "Ideal ordering",
                 # step-table headers: renamed by ui.teaching.explainer.step_table (entries checked above)
                 "rank", "item", "grade", "rel", "gain", "discounted_gain", "step", "threshold", "from_fpr", "to_fpr",
                 "width", "tpr_left", "tpr_right", "area", "running_area", "item_i", "item_j", "similarity",
                 "running_sum"}
#: a measure name in ir_measures syntax alone in bold ("nDCG(ideal=list)@3"): language-neutral
MEASURE = re.compile(r"^\*\*[A-Za-z0-9]+(\([a-z]+=[^)]*\))?(@\d+)?\*\*$")


#: the texts of metrics.conventions.CHOICES (the explainers' part), which this part's sentences embed
FOREIGN_PHRASES = sorted({text for options in CHOICES.values() for text in options.values()}, key=len, reverse=True)


def english_of_this_part(at) -> list[str]:
    neutral = item_names(at) | {"u"}  # and the user ids u01..u10 of the recommender sample
    left = []
    for text in visible_strings(at):
        if text in FOREIGN_EXACT or text.startswith(FOREIGN_PREFIXES) or MEASURE.match(text) \
                or text.endswith("·  unjudged"):  # the builder's item labels (ui.ranking.builder.item_label)
            continue
        for phrase in FOREIGN_PHRASES:
            text = text.replace(phrase, "……")
        words = english_left(text, neutral)
        if words:
            left.append(f"{text[:120]!r}: {sorted(set(map(str, words)))[:8]}")
    return left


def open_zh(app_test, page: str, board=None):
    """``page`` in 中文, optionally with ``board`` on it."""
    return open_page(app_test, page, board, language="zh")


def assert_chinese(at):
    assert not at.exception, [e.message for e in at.exception]
    left = english_of_this_part(at)
    assert not left, "still English:\n" + "\n".join(left)


@pytest.mark.parametrize("page", ["pages/roc.py", "pages/beyond.py", "pages/compare.py", "pages/conventions.py"])
def test_default_board(app_test, page):
    assert_chinese(open_zh(app_test, page))


@pytest.mark.parametrize("preset", ["003_ndcg", "000_list_1", "unjudged", "001_ap_narrative"])
@pytest.mark.parametrize("page", ["pages/roc.py", "pages/compare.py", "pages/conventions.py"])
def test_other_presets(app_test, page, preset):
    assert_chinese(open_zh(app_test, page, PRESETS[preset]))


def test_roc_threshold_moved(app_test):
    at = open_zh(app_test, "pages/roc.py", PRESETS["003_ndcg"])  # grades A5 B4 C3 D2 E1
    at.number_input[0].set_value(4.0).run()
    assert at.session_state[state.BOARD].threshold == 4.0
    slider = next(s for s in at.select_slider if s.key.startswith("roc_cut_"))
    slider.set_value(slider.options[0] if isinstance(slider.options[0], (int, float)) else float(slider.options[0]))
    at.run()
    assert_chinese(at)
    assert any(m.label == "真阳性率" or m.label == "TPR（召回率）" for m in at.metric)


def test_roc_one_class_and_typed_scores(app_test):
    at = open_zh(app_test, "pages/roc.py", PRESETS["no_relevant"])
    assert at.info and "ROC 需要两类样本" in at.info[0].value
    assert_chinese(at)
    at = open_zh(app_test, "pages/roc.py")
    key = f"roc_scores_{at.session_state[state.REVISION]}"
    at.session_state[key] = {"edited_rows": {3: {"得分": 10.0}}, "added_rows": [], "deleted_rows": []}
    at.run()
    assert at.session_state[state.BOARD].scores["d4"] == 10.0  # edited under the Chinese column name
    at.run()  # the button to forget typed scores shows from the next run on, as in English
    assert at.button(key="roc_reset_scores").label == "由排序生成得分"
    assert_chinese(at)
    at.session_state[key] = {"edited_rows": {3: {"得分": None}}, "added_rows": [], "deleted_rows": []}
    at.run()
    assert at.error and at.error[0].value.startswith("未应用：")
    assert_chinese(at)


def test_beyond_other_states(app_test):
    at = open_zh(app_test, "pages/beyond.py")
    at.selectbox(key="beyond_user").set_value("u07")
    at.radio(key="beyond_metric").set_value("jaccard")
    at.run()
    assert_chinese(at)
    at.slider(key="beyond_k").set_value(1).run()
    assert len(at.info) == 1  # the open tab (one user's list) says what is missing
    assert_chinese(at)
    at.slider(key="beyond_k").set_value(5).run()
    at.button(key="beyond_to_board").click().run()
    assert at.success and "u07" in at.success[0].value
    assert at.session_state[state.BOARD].title == "推荐系统样例：用户 u07 的前 10 推荐列表"
    assert_chinese(at)


def test_beyond_keeps_the_user_when_switching_language(app_test):
    at = app_test()
    at.run()
    at.switch_page("pages/beyond.py")
    at.run()
    at.selectbox(key="beyond_user").set_value("u07").run()
    at.radio(key="sidebar_language").set_value("zh").run()
    assert at.selectbox(key="beyond_user").value == "u07"
    assert "用户 u07" in at.selectbox(key="beyond_user").options


def test_compare_swap_measure_and_article_lists(app_test):
    at = open_zh(app_test, "pages/compare.py", PRESETS["000_list_1"])
    assert any(b.label.startswith("使用文章中的") for b in at.button)
    at.radio(key="compare_swap_measure").set_value("AP").run()
    assert_chinese(at)
    long = Board.from_ranking(list(range(20, 0, -1)), items=[f"d{i}" for i in range(1, 21)], k=10)
    at = open_zh(app_test, "pages/compare.py", long)
    assert any("只显示前 15 名" in c.value for c in at.caption)
    assert_chinese(at)


def test_conventions_libraries_disagree(app_test):
    at = open_zh(app_test, "pages/conventions.py", PRESETS["000_list_1"])  # real grades: ranx truncates
    text = " ".join(m.value for m in at.markdown)
    assert "—— 不同之处：" in text and "实数等级被截断为整数（0.9 → 0）" in text
    assert_chinese(at)
    at.button(key="conventions_tie").click().run()  # one big tie: the tie rules differ
    orders = next(d.value for d in at.table if "读取顺序" in d.value.columns)
    assert set(orders["得分相同时"]) <= {"按条目 id 降序（trec_eval）", "增益在并列组内取平均（scikit-learn）", "保持输入顺序",
                                      "任意顺序（torch.topk 没有定义顺序）",
                                      "按条目 id 升序，得分按 64 位浮点数比较（ir_measures 的 msmarco 提供者）"}
    assert_chinese(at)


def test_conventions_libraries_agree(app_test):
    board = Board.from_ranking([1, 0, 0], items=["x", "y", "z"], k=3)
    at = open_zh(app_test, "pages/conventions.py", board)
    if at.success:
        assert at.success[0].value.startswith("在这个排序上，所有库都与 trec_eval 一致")
    assert_chinese(at)
    choices = next(d.value for d in at.dataframe if d.value.index.name == "选择")
    assert "R 包含候选池" in choices.index
