"""AppTest checks of the "Upload & many queries" page (pages/upload.py) and ui.data.dataset."""

from __future__ import annotations

from pathlib import Path

import pytest

import metrics
from tests.apptest_helpers import open_page, show_all, shown
from ui.data import dataset as ds
from ui.model.presets import PRESETS

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

ROOT = Path(__file__).resolve().parents[3]
TREC = ROOT / "sample_data" / "trec"
PAGE = "pages/upload.py"


def _file(path: Path, name: str | None = None) -> tuple[str, bytes, str]:
    return (name or path.name, path.read_bytes(), "text/plain")


@pytest.fixture
def upload_page(app_test):
    return open_page(app_test, PAGE)


def _results(at):
    """The per-query table (the dataframe whose last row is "all")."""
    tables = [d.value for d in at.dataframe if len(d.value) and d.value.index[-1] == "all"]
    assert len(tables) == 1, "expected one per-query table"
    return tables[0]


def _upload_trec(at):
    at.file_uploader[0].set_value([_file(TREC / "qrels.txt"), _file(TREC / "run_a.txt")]).run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def _button(at, label_start: str):
    return next(b for b in at.button if b.label.startswith(label_start))


def test_renders_empty_with_several_presets(upload_page):
    at = upload_page
    for preset in list(PRESETS)[:4]:
        at.session_state["board"] = PRESETS[preset]
        at.run()
        assert not at.exception
        assert any("Nothing loaded yet" in i.value for i in at.info)
        assert at.session_state["board"] == PRESETS[preset]


def test_trec_pair_upload_shows_the_core_numbers(upload_page):
    at = _upload_trec(upload_page)
    assert not at.error
    qrels, run = metrics.read_qrels(TREC / "qrels.txt"), metrics.read_run(TREC / "run_a.txt")
    expected = metrics.evaluate(qrels, run, list(ds.DEFAULT_MEASURES))
    table = _results(at)
    assert list(table.index[:-1]) == list(expected.per_query.index)
    for measure in ds.DEFAULT_MEASURES:
        assert table[measure].iloc[:-1].tolist() == pytest.approx(expected.per_query[measure].tolist())
        assert table.at["all", measure] == pytest.approx(expected.aggregate[measure])
    shown = {m.label: m.value for m in at.metric}
    assert shown["Queries"] == "7" and shown["Judgements (qrels rows)"] == "163"
    assert shown["Retrieved (run rows)"] == "93"
    assert shown["mean nDCG@10"] == f"{expected.aggregate['nDCG@10']:.4f}"
    board = at.session_state["board"]
    assert board.title == "query 101 of run_a.txt + qrels.txt"
    assert at.session_state["board_origin"] == board
    assert at.session_state["query"] == "101"


def test_board_of_the_upload_gives_the_same_ndcg_on_the_ndcg_page(upload_page):
    at = _upload_trec(upload_page)
    nd = _results(at).at["101", "nDCG@10"]
    show_all(at.switch_page("pages/ndcg.py").run())
    values = {m.label: m.value for m in at.metric}
    assert values["nDCG@10"] == f"{nd:.4f}"


def test_query_picker_puts_a_query_on_the_board_and_it_stays(upload_page):
    at = _upload_trec(upload_page)
    picker = next(s for s in at.selectbox if s.label.startswith("Query of"))
    assert picker.options == ["101", "102", "103", "104", "105", "106", "107"]
    assert picker.value == "101"
    picker.set_value("103").run()
    assert not at.exception
    board = at.session_state["board"]
    expected = ds.board_for_query(at.session_state["dataset"], "103")
    assert board.ranking == expected.ranking and board.grades == expected.grades
    assert at.session_state["query"] == "103"
    at.run()  # the files are still in the uploader: they must not be loaded again
    assert at.session_state["board"].title.startswith("query 103")


def test_malformed_run_shows_file_and_line_and_keeps_the_board(upload_page, tmp_path):
    at = _upload_trec(upload_page)
    at.selectbox(key="upload__query_" + str(at.session_state["board_revision"])).set_value("102").run()
    before_board, before_data = at.session_state["board"], at.session_state["dataset"]
    bad = b"101 Q0 doc-101-01 1 2.5 sys\n101 Q0 doc-101-02 2\n"
    at.file_uploader[0].set_value([_file(TREC / "qrels.txt"), ("bad_run.txt", bad, "text/plain")]).run()
    assert not at.exception, [e.message for e in at.exception]
    assert len(at.error) == 1
    assert shown(at.error[0]).startswith("bad_run.txt line 2: expected 6 fields (qid Q0 docid rank score tag), got 4")
    assert at.session_state["board"] == before_board
    assert at.session_state["dataset"] is before_data
    at.run()  # the error stays while the bad file is in the uploader; still nothing changes
    assert len(at.error) == 1 and at.session_state["board"] == before_board


def test_pasted_list_goes_on_the_board(upload_page):
    at = upload_page
    at.text_area[0].input("B 4\nA 5\nD 2\nX\nC 3").run()
    _button(at, "Use pasted list").click().run()
    assert not at.exception and not at.error
    board = at.session_state["board"]
    assert board.ranking == ("B", "A", "D", "X", "C")
    assert board.grades["X"] is None and board.grades["A"] == 5.0
    assert board.title == "query q1 of pasted text"
    expected = metrics.evaluate(*_frames(metrics.parse_pasted("B 4\nA 5\nD 2\nX\nC 3")), list(ds.DEFAULT_MEASURES))
    assert _results(at).at["q1", "nDCG@10"] == pytest.approx(expected.aggregate["nDCG@10"])


def _frames(data):
    return data.qrels, data.run


def test_bad_pasted_text_errors_and_changes_nothing(upload_page):
    at = upload_page
    before = at.session_state["board"]
    at.text_area[0].input("A 1\nB 2 3").run()
    _button(at, "Use pasted list").click().run()
    assert not at.exception
    assert [shown(e) for e in at.error] == ["pasted text line 2: expected 'item grade', got 3 fields"]
    assert at.session_state["board"] == before
    assert "dataset" not in at.session_state


@pytest.mark.parametrize("label, query, n_queries", [
    ("TREC", "101", 7), ("CSV", "q1", 1), ("JSON", "list_1", 2)])
def test_sample_buttons_load_the_bundled_files(upload_page, label, query, n_queries):
    at = upload_page
    _button(at, label).click().run()
    assert not at.exception and not at.error
    assert at.session_state["query"] == query
    assert len(_results(at)) == n_queries + 1
    assert not any("Nothing loaded yet" in i.value for i in at.info)


def test_qrels_only_upload_has_a_board_but_no_table(upload_page):
    at = upload_page
    at.file_uploader[0].set_value(_file(TREC / "qrels.txt")).run()
    assert not at.exception and not at.error
    board = at.session_state["board"]
    assert board.title == "query 101 of qrels.txt" and not board.pool
    assert any("qrels file alone" in i.value for i in at.info)


def test_a_file_over_the_limit_is_refused_with_its_name(upload_page):
    at = upload_page
    before = at.session_state["board"]
    big = b"q1 0 d1 1\n" * (ds.MAX_UPLOAD_BYTES // 10 + 1)
    at.file_uploader[0].set_value(("huge.qrels", big, "text/plain")).run()
    assert not at.exception
    assert len(at.error) == 1 and shown(at.error[0]).startswith("huge.qrels: file is too large")
    assert at.session_state["board"] == before


def test_load_upload_directly_and_the_cached_evaluation(upload_page):
    """load_upload with (name, bytes) pairs, as the sample buttons call it."""
    at = upload_page
    at.session_state["board"] = PRESETS[next(iter(PRESETS))]
    _button(at, "TREC").click().run()
    first = _results(at)
    at.run()  # a rerun is served from the cache: the same table
    assert _results(at).equals(first)
    # another upload with other bytes gives another evaluation
    at.file_uploader[0].set_value([_file(TREC / "qrels.txt"), _file(TREC / "run_b.txt")]).run()
    expected = metrics.evaluate(metrics.read_qrels(TREC / "qrels.txt"), metrics.read_run(TREC / "run_b.txt"),
                                ["AP"])
    assert _results(at).at["all", "AP"] == pytest.approx(expected.aggregate["AP"])
    assert at.session_state["dataset_name"] == "run_b.txt + qrels.txt"


def test_picker_is_empty_while_a_preset_is_on_the_board_and_keeps_settings(upload_page):
    at = _upload_trec(upload_page)
    preset = PRESETS[next(iter(PRESETS))].with_settings(gain="exponential", k=3)
    at.session_state["board"] = preset
    at.session_state["board_revision"] += 1
    at.run()
    picker = next(s for s in at.selectbox if s.label.startswith("Query of"))
    assert picker.value is None
    picker.set_value("104").run()
    assert not at.exception
    board = at.session_state["board"]
    assert board.title == "query 104 of run_a.txt + qrels.txt"
    assert board.gain == "exponential" and board.k == 3
    assert at.session_state["board_origin"] == board


def test_a_loaded_query_remembers_the_run_files_order(upload_page):
    """Query 102 of run_a: doc-102-05 and doc-102-11 tie; the board ranks them the trec_eval way (11 first)
    and keeps the file's order (05 first) with the scores, for libraries that read the input order."""
    at = _upload_trec(upload_page)
    at.selectbox(key="upload__query_" + str(at.session_state["board_revision"])).set_value("102").run()
    board = at.session_state["board"]
    assert board.ranking[4:6] == ("doc-102-11", "doc-102-05")
    assert board.run_order[4:6] == ("doc-102-05", "doc-102-11")
    items, scores = board.read_input()
    assert items == [line.split()[2] for line in (TREC / "run_a.txt").read_text().splitlines()
                     if line.startswith("102 ")]
    assert scores[4] == scores[5] == 14.993
