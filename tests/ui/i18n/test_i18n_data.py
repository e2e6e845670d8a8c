"""中文 on the data pages (pages/upload.py, pages/systems.py, ui/data/dataset.py, ui/data/many_queries.py) in
the states that matter: after a sample or an upload, after a malformed upload (the whole message is
Chinese, the parser's problem too, and names file and line), with two runs compared."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from metrics.measures import MEASURES
from metrics.statistics import significance as sig
from tests.apptest_helpers import shown
from tests.visible_text import item_names, untranslated, visible_strings
from ui.data import dataset as ds
from ui.locale import catalog

ZH = catalog("zh")  # English -> 中文: the catalogue's plain entries

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

ROOT = Path(__file__).resolve().parents[3]
TREC = ROOT / "sample_data" / "trec"
UPLOAD, SYSTEMS = "pages/upload.py", "pages/systems.py"
#: file names and query ids of the samples (user data, never translated)
DATA_WORDS = {"run_a", "run_b", "txt", "qrels", "json", "csv", "list_", "bad_run", "judged", "two", "three",
              "doc", "sys", "ndcg_lists", "run", "article"}


def _file(path: Path, name: str | None = None) -> tuple[str, bytes, str]:
    return (name or path.name, path.read_bytes(), "text/plain")


def _text(name: str, text: str) -> tuple[str, bytes, str]:
    return (name, text.encode("utf-8"), "text/plain")


def _ok(at):
    assert not at.exception, [e.message for e in at.exception]
    return at


def _chinese_page(app_test, page: str):
    at = app_test()
    at.run()
    at.radio(key="sidebar_language").set_value("zh").run()
    at.switch_page(page)
    at.run()
    return _ok(at)


#: axis titles that ui/charts.py (another part of the app) sets itself: translated there
CHART_AXES = ("'value': ", "'query': ")


def _english_left(at, keep: tuple[str, ...] = ()) -> list[str]:
    """The page's untranslated strings, except those holding one of ``keep`` (the core's English
    problem text, quoted on purpose) and ui/charts.py's own axis titles."""
    neutral = item_names(at) | DATA_WORDS
    return [line for line in untranslated(at, neutral)
            if not any(k in line for k in keep) and not line.startswith(CHART_AXES)]


def _sample_button(at, label: str):
    return at.button(key=f"upload__sample_{label}")


# --------------------------------------------------------------------------------------------
# dynamic strings: every one the pages can show has a translation


def test_measure_help_and_shown_table_headers_have_entries():
    for info in MEASURES.values():  # every measure's description (ds.measure_help), in 中文
        assert ZH.get(info.description), info.description
    assert ZH.get("{description} (k = {k})")
    for kind in ("qrels", "run", "both"):
        assert ZH.get(ds._describe(kind)), kind
    # the preview tables' and the per-query table's headers (query, item, rel, score, rank)
    data = ds.read_files([(p.name, p.read_bytes()) for p in (TREC / "qrels.txt", TREC / "run_a.txt")])
    for column in [*data.qrels.columns, *data.run.columns, "query"]:
        assert ZH.get(column), column
    # the winners of metrics.statistics.significance: only "tie" is a word ("A" and "B" are the systems)
    a, b = pd.Series([0.5, 0.2], index=["q1", "q2"]), pd.Series([0.5, 0.4], index=["q1", "q2"])
    assert set(sig.paired_differences(a, b)["winner"]) == {"tie", "B"}
    assert ZH.get("tie")


# --------------------------------------------------------------------------------------------
# the upload page


@pytest.mark.parametrize("label", ["TREC: qrels.txt + run_a.txt (7 queries)", "CSV: article 003 (one query, graded)",
                                   "JSON: article 000 (two lists, real grades)"])
def test_upload_page_after_a_sample_is_chinese(app_test, label):
    at = _chinese_page(app_test, UPLOAD)
    _sample_button(at, label).click().run()
    _ok(at)
    assert not at.error
    assert at.button(key=f"upload__sample_{label}").label == ZH[label]
    assert [h.value for h in at.header][0].startswith("已载入：")
    assert _english_left(at) == []
    # the per-query table: measure names stay, its index is named in Chinese, the mean row is trec_eval's "all"
    table = next(d.value for d in at.dataframe if len(d.value) and d.value.index[-1] == "all")
    assert table.index.name == "查询"
    assert [m.label for m in at.metric][:3] == ["查询数", "相关性标注（qrels 行数）", "检索结果（run 行数）"]


def test_upload_page_after_a_trec_pair_upload_is_chinese(app_test):
    at = _chinese_page(app_test, UPLOAD)
    at.file_uploader[0].set_value([_file(TREC / "qrels.txt"), _file(TREC / "run_a.txt")]).run()
    _ok(at)
    assert not at.error
    assert _english_left(at) == []
    picker = next(s for s in at.selectbox if s.options and s.options[0] == "101")
    assert picker.label == "run_a.txt + qrels.txt 中的查询（共 7 个）"
    assert any(shown(c).startswith("当前排序：run_a.txt + qrels.txt 的查询 101") for c in at.caption), \
        [c.value for c in at.caption]
    # another measure and another query: still Chinese
    at.selectbox(key="upload__measure").set_value("AP").run()
    picker = next(s for s in at.selectbox if s.options and s.options[0] == "101")
    picker.set_value("103").run()
    _ok(at)
    assert _english_left(at) == []
    assert any("的查询 103" in c.value for c in at.caption)


def test_upload_page_with_a_pasted_list_is_chinese(app_test):
    at = _chinese_page(app_test, UPLOAD)
    at.text_area(key="upload__pasted").input("B 4\nA 5\nD 2\nX\nC 3").run()
    at.button(key="upload__use_pasted").click().run()
    _ok(at)
    assert not at.error
    assert at.header[0].value == "已载入：粘贴的文本"
    assert at.session_state["board"].title == "query q1 of pasted text"  # stored in English
    assert _english_left(at) == []


def test_qrels_only_upload_is_chinese(app_test):
    at = _chinese_page(app_test, UPLOAD)
    at.file_uploader[0].set_value(_file(TREC / "qrels.txt")).run()
    _ok(at)
    assert any(i.value.startswith("只有 qrels 文件") for i in at.info)
    assert _english_left(at) == []


CORE_PROBLEM = "expected 6 fields (qid Q0 docid rank score tag), got 4"
CORE_PROBLEM_ZH = "应有 6 个字段（`qid Q0 docid rank score tag`），实际有 4 个"


def test_malformed_upload_error_is_chinese_and_names_file_and_line(app_test):
    at = _chinese_page(app_test, UPLOAD)
    at.file_uploader[0].set_value([_file(TREC / "qrels.txt"), _file(TREC / "run_a.txt")]).run()
    before = at.session_state["board"]
    bad = b"101 Q0 doc-101-01 1 2.5 sys\n101 Q0 doc-101-02 2\n"
    at.file_uploader[0].set_value([_file(TREC / "qrels.txt"), ("bad_run.txt", bad, "text/plain")]).run()
    _ok(at)
    assert [shown(e) for e in at.error] == [f"bad_run.txt 第 2 行：{CORE_PROBLEM_ZH}"]
    assert at.session_state["board"] == before
    assert _english_left(at) == []
    at.run()  # shown again from the session: still Chinese
    assert [shown(e) for e in at.error] == [f"bad_run.txt 第 2 行：{CORE_PROBLEM_ZH}"]
    # switching back to English words the same error in English
    at.radio(key="sidebar_language").set_value("en").run()
    at.switch_page(UPLOAD).run()
    assert [shown(e) for e in at.error] == [f"bad_run.txt line 2: {CORE_PROBLEM}"]


def test_bad_pasted_text_and_ui_problems_are_chinese(app_test):
    at = _chinese_page(app_test, UPLOAD)
    at.text_area(key="upload__pasted").input("A 1\nB 2 3").run()
    at.button(key="upload__use_pasted").click().run()
    _ok(at)
    assert [shown(e) for e in at.error] == ["粘贴的文本 第 2 行：应为 '条目 等级'，实际有 3 个字段"]
    # problems found by the UI itself are Chinese whole: two runs, or three files
    at.file_uploader[0].set_value([_file(TREC / "run_a.txt"), _file(TREC / "run_b.txt")]).run()
    _ok(at)
    assert [shown(e) for e in at.error] == [
        "两个文件应当是一个 qrels 文件和一个 run 文件，但 run_a.txt 中是只有排序（run），run_b.txt 中是只有排序（run）"]
    at.file_uploader[0].set_value([_file(TREC / "qrels.txt"), _file(TREC / "run_a.txt"),
                                   _file(TREC / "run_b.txt")]).run()
    _ok(at)
    assert [shown(e) for e in at.error] == [
        "提供了 3 个文件（qrels.txt, run_a.txt, run_b.txt）：请上传一个文件，或者一个 qrels 文件加一个 run 文件"]
    assert _english_left(at) == []


def test_a_file_over_the_limit_is_refused_in_chinese(app_test):
    at = _chinese_page(app_test, UPLOAD)
    big = b"q1 0 d1 1\n" * (ds.MAX_UPLOAD_BYTES // 10 + 1)
    at.file_uploader[0].set_value(("huge.qrels", big, "text/plain")).run()
    _ok(at)
    assert [shown(e) for e in at.error] == ["huge.qrels：文件太大：20.0 MiB（20,971,530 字节），超过了上限 20.0 MiB"
                                            "（20,971,520 字节）（MAX_BYTES；可用 max_bytes= 修改）"]
    assert _english_left(at) == []


# --------------------------------------------------------------------------------------------
# MAP / MRR over the uploaded queries (ui/data/many_queries.py) on the AP and RR pages


@pytest.mark.parametrize("page, label", [("pages/ap.py", "MAP"), ("pages/rr.py", "MRR")])
def test_mean_over_queries_is_chinese(app_test, page, label):
    at = _chinese_page(app_test, page)
    assert any(i.value.startswith(f"{label} 是 ") and "上传 TREC 的 run" in i.value for i in at.info)
    at.switch_page(UPLOAD).run()
    _sample_button(at, "TREC: qrels.txt + run_a.txt (7 queries)").click().run()
    at.switch_page(page).run()
    _ok(at)
    captions = [shown(c) for c in at.caption if "个查询的平均值" in c.value]
    assert captions == ["run_a.txt + qrels.txt 中 7 个查询的平均值。"]
    titles = [s for s in visible_strings(at) if s.startswith("每个查询的 ")]
    assert titles, "the per-query chart's title is Chinese"


# --------------------------------------------------------------------------------------------
# the systems page


def _load_sample(at):
    at.button(key="systems__sample").click().run()
    return _ok(at)


def test_systems_page_with_two_runs_compared_is_chinese(app_test):
    at = _load_sample(_chinese_page(app_test, SYSTEMS))
    assert not at.error
    left = _english_left(at)
    assert left == [], "\n".join(left)
    labels = [m.label for m in at.metric]
    assert "A：nDCG@10 均值" in labels and "差值的 95% 置信区间" in labels
    assert "p 值：精确检验（全部 128 种符号翻转）" in labels
    texts = " ".join(m.value for m in at.markdown)
    assert "不是 B 更好的概率" in texts and "多重比较" in texts and "1/10,001" in texts
    assert any(e.label == "p 值能说明什么——又不能说明什么" for e in at.expander)
    table = next(d.value for d in at.dataframe)
    assert list(table.columns) == ["查询", "A: run_a.txt", "B: run_b.txt", "B − A", "更好的一方"]
    assert set(table["更好的一方"]) <= {"A", "B", "持平"}
    # another measure and more trials
    at.radio(key="systems__measure").set_value("RR").run()
    at.slider(key="systems__trials").set_value(20_000).run()
    _ok(at)
    assert _english_left(at) == []
    assert any("20,000 次" in m.value for m in at.markdown)


def test_systems_uploads_and_their_errors_are_chinese(app_test):
    at = _chinese_page(app_test, SYSTEMS)
    assert any(i.value.startswith("还没有可比较的内容") for i in at.info)
    at.file_uploader[0].set_value(_file(TREC / "qrels.txt")).run()
    assert any(i.value.startswith("请上传全部三个文件") for i in at.info)
    assert _english_left(at) == []
    # a malformed run: the sentence is Chinese, the core's problem too
    bad_run = "101 Q0 doc-101-01 1 22.5 sys\n101 Q0 doc-101-11 2\n"
    for uploader, value in zip(at.file_uploader, (_file(TREC / "qrels.txt"), _file(TREC / "run_a.txt"),
                                                  _text("bad_run.txt", bad_run))):
        uploader.set_value(value)
    at.run()
    _ok(at)
    assert [shown(e) for e in at.error] == [f"bad_run.txt 第 2 行：{CORE_PROBLEM_ZH}"]
    # a run in the qrels slot: the UI's own problem, Chinese whole
    at.file_uploader[0].set_value(_file(TREC / "run_a.txt"))
    at.file_uploader[2].set_value(_file(TREC / "run_b.txt"))
    at.run()
    _ok(at)
    assert [shown(e) for e in at.error] == [
        "run_a.txt：没有相关性标注：这里需要 qrels 文件（每行 4 个字段：qid iter docid rel）"]
    assert _english_left(at) == []


def test_systems_runs_on_different_queries_are_chinese(app_test):
    run_a = (TREC / "run_a.txt").read_text()
    only_101_102 = "".join(line + "\n" for line in run_a.splitlines() if line.split()[0] in ("101", "102"))
    only_103 = "".join(line + "\n" for line in run_a.splitlines() if line.split()[0] == "103")
    at = _chinese_page(app_test, SYSTEMS)
    for uploader, value in zip(at.file_uploader, (_file(TREC / "qrels.txt"), _file(TREC / "run_b.txt"),
                                                  _text("two.txt", only_101_102))):
        uploader.set_value(value)
    at.run()
    _ok(at)
    assert any(w.value.startswith("只在两个 run 都有结果的 2 个查询上比较") for w in at.warning)
    assert _english_left(at) == []
    at.file_uploader[1].set_value(_text("three.txt", only_103))
    at.run()
    _ok(at)
    message = shown(at.error[0])
    assert message.startswith("three.txt 与 two.txt 对比：") and "no query in common" in message
    assert _english_left(at, keep=("no query in common",)) == []
