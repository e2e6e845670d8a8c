"""Issue 12 in the app: no input crashes a page, hangs it, or changes the board without a word.

Every case gives hostile input through the app (AppTest, no browser) and checks that there is no
exception box, that a message says what is wrong (st.error / st.warning / st.info) or what was
loaded (st.success), and that the board — and the loaded dataset — are what they were before.
"""

from __future__ import annotations

import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest

from tests.apptest_helpers import open_builder_tools, show_all
from ui.model import limits
from ui.model.board import Board
from ui.session import state
from ui.shell.routes import NAMES

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

ROOT = Path(__file__).resolve().parents[2]
TREC = ROOT / "sample_data" / "trec"
#: every page of the app, as app.py registers them (a new page is tested without editing this file)
PAGES = [f"pages/{name}.py" for name in NAMES]
#: tiny boards: no item at all, one item, two items, every item in the pool
BOARDS = {
    "empty": Board(grades={}, ranking=()),
    "one": Board(grades={"x": 2.0}, ranking=("x",)),
    "two": Board(grades={"a": 2.0, "b": 0.0}, ranking=("a", "b"), k=2),
    "pool": Board(grades={"a": 2.0, "b": 0.0, "c": 1.0}, ranking=()),
}
#: the pages that explain the board's ranking: with nothing ranked they say so
RANKING_PAGES = {"pages/ndcg.py", "pages/ap.py", "pages/rr.py", "pages/cutoff.py", "pages/compare.py",
                 "pages/conventions.py", "pages/handout.py", "pages/more_measures.py", "pages/reader.py"}


def ok(at):
    assert not at.exception, [e.message for e in at.exception]
    return at


def messages(at) -> list[str]:
    return [e.value for kind in (at.error, at.warning, at.info) for e in kind]


def errors(at) -> list[str]:
    return [e.value for e in at.error]


def put(at, board: Board) -> None:
    at.session_state[state.BOARD] = board
    at.session_state[state.ORIGIN] = board
    at.session_state[state.REVISION] += 1


# --------------------------------------------------------------------------- tiny boards, every page


def test_the_pages_are_all_found():
    """Every page file of pages/ is a route (and so walked below), and every route has its file."""
    files = sorted(f"pages/{path.name}" for path in (Path(__file__).resolve().parents[2] / "pages").glob("*.py"))
    assert files == sorted(PAGES) and "pages/home.py" in PAGES and "pages/systems.py" in PAGES


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("name", list(BOARDS))
def test_every_page_works_or_says_what_is_missing(app_test, name, language):
    at = ok(app_test().run())
    if language == "zh":
        ok(at.radio(key="sidebar_language").set_value("zh").run())
    for page in PAGES:
        put(at, BOARDS[name])
        at.switch_page(page)
        show_all(at, run=False)
        at.run()
        assert not at.exception, (page, name, language, [e.message for e in at.exception])
        if page in RANKING_PAGES and not BOARDS[name].ranking:
            assert messages(at), (page, name, language)  # "Rank at least one item ..." or "no items"
        if page == "pages/ndcg.py" and BOARDS[name].ranking:
            assert [m for m in at.metric if m.label.startswith("nDCG")]  # a page that works
        assert at.session_state[state.BOARD] == BOARDS[name], (page, name)


def test_an_empty_ranking_says_how_to_fix_it(app_test):
    at = ok(app_test().run())
    put(at, BOARDS["pool"])
    ok(at.switch_page("pages/ap.py").run())
    assert any("Rank at least one item: drag one from the pool" in m for m in messages(at))
    put(at, BOARDS["empty"])
    ok(at.run())
    assert any("The board has no items" in m for m in messages(at))


def test_one_item_shows_k_as_text_not_a_slider(app_test):
    at = ok(app_test().run())
    put(at, BOARDS["one"])
    ok(at.switch_page("pages/cutoff.py").run())
    assert not at.slider
    assert any("K (cut-off) = 1" in c.value for c in at.caption)


# --------------------------------------------------------------------------- the grade editor


def open_editor(app_test):
    at = ok(app_test().run())
    return ok(open_builder_tools(at.switch_page("pages/ndcg.py")).run())


def edit_grades(at, **raw):
    at.session_state[f"builder_grades_{at.session_state[state.REVISION]}"] = {
        "edited_rows": {}, "added_rows": [], "deleted_rows": [], **raw}
    return ok(at.run())


@pytest.mark.parametrize("grade, problem", [
    ("abc", "is not a number"), ("inf", "is not a finite number"), (float("inf"), "is not a finite number"),
    ("NaN", "is not a finite number"), ("1e400", "is not a finite number"), (10 ** 400, "is too large"),
    (1e9, "is too large"), (True, "is not a number")])
def test_a_bad_grade_is_refused_and_the_board_kept(app_test, grade, problem):
    at = open_editor(app_test)
    before = at.session_state[state.BOARD]
    edit_grades(at, edited_rows={0: {"grade": grade}})
    assert at.session_state[state.BOARD] == before
    assert any(problem in e and "The ranking is unchanged" in e for e in errors(at)), errors(at)
    ok(at.run())  # the editor starts again from the board: the message does not stick
    assert at.session_state[state.BOARD] == before and not errors(at)


def test_a_good_grade_is_still_taken(app_test):
    at = open_editor(app_test)
    edit_grades(at, edited_rows={0: {"grade": 1.5}})
    assert at.session_state[state.BOARD].grades[at.session_state[state.BOARD].items[0]] == 1.5


def test_a_bad_grade_is_refused_in_chinese(app_test):
    at = ok(app_test().run())
    ok(at.radio(key="sidebar_language").set_value("zh").run())
    ok(open_builder_tools(at.switch_page("pages/ndcg.py")).run())
    before = at.session_state[state.BOARD]
    from ui.locale import catalog

    ZH = catalog("zh")

    at.session_state[f"builder_grades_{at.session_state[state.REVISION]}"] = {  # the editor's columns in 中文
        "edited_rows": {0: {ZH["grade"]: "abc"}}, "added_rows": [], "deleted_rows": []}
    ok(at.run())
    assert at.session_state[state.BOARD] == before
    assert any("不是数字" in e for e in errors(at)), errors(at)


def test_a_long_name_is_refused(app_test):
    at = open_editor(app_test)
    before = at.session_state[state.BOARD]
    edit_grades(at, edited_rows={0: {"item": "x" * 3_000_000}})
    assert at.session_state[state.BOARD] == before
    assert any("an item name is too long (3,000,000 characters" in e for e in errors(at))


def test_deleting_every_row_leaves_an_empty_board_that_every_page_explains(app_test):
    at = open_editor(app_test)
    edit_grades(at, deleted_rows=list(range(len(at.session_state[state.BOARD].items))))
    assert at.session_state[state.BOARD].grades == {}
    ok(open_builder_tools(at).run())  # the editor of an empty board (a text column without rows)
    assert any("The board has no items" in m for m in messages(at))


def test_ten_thousand_new_items_are_refused_quickly(app_test):
    at = open_editor(app_test)
    before = at.session_state[state.BOARD]
    started = time.perf_counter()
    edit_grades(at, added_rows=[{"item": f"n{i}", "grade": 1} for i in range(10_000)])
    assert time.perf_counter() - started < 10  # was more than 120 s
    assert at.session_state[state.BOARD] == before
    assert any(f"a board holds at most {limits.MAX_BOARD_ITEMS}" in e and "command line" in e for e in errors(at))


# --------------------------------------------------------------------------- the score editors


def score_key(at, page: str) -> str:
    revision = at.session_state[state.REVISION]
    if page == "roc":
        return f"roc_scores_{revision}"
    ranking = at.session_state[state.BOARD].ranking
    return f"conventions_scores_{revision}_{zlib.crc32(chr(31).join(ranking).encode())}"


@pytest.mark.parametrize("page", ["roc", "conventions"])
@pytest.mark.parametrize("score, problem", [
    ("abc", "is not a number"), ("inf", "is not a finite number"), (float("-inf"), "is not a finite number"),
    ("1e400", "is not a finite number"), (1e300, "is too large"), (10 ** 400, "is too large"),
    (None, "is empty")])
def test_a_bad_score_is_refused_and_the_board_kept(app_test, page, score, problem):
    at = ok(app_test().run())
    ok(at.switch_page(f"pages/{page}.py").run())
    before = at.session_state[state.BOARD]
    at.session_state[score_key(at, page)] = {"edited_rows": {0: {"score": score}}, "added_rows": [],
                                             "deleted_rows": []}
    ok(at.run())
    assert at.session_state[state.BOARD] == before
    assert any(problem in e and "unchanged" in e for e in errors(at)), errors(at)


@pytest.mark.parametrize("page", ["roc", "conventions"])
def test_a_good_score_is_still_taken(app_test, page):
    at = ok(app_test().run())
    ok(at.switch_page(f"pages/{page}.py").run())
    at.session_state[score_key(at, page)] = {"edited_rows": {0: {"score": 7.5}}, "added_rows": [], "deleted_rows": []}
    ok(at.run())
    assert 7.5 in at.session_state[state.BOARD].scores.values()


# --------------------------------------------------------------------------- uploads

RUN = b"1 Q0 a 1 2.0 t\n1 Q0 b 2 1.0 t\n"
QRELS = b"1 0 a 1\n1 0 b 0\n"
#: files the readers or the app must refuse: (name, bytes) lists, and a word of the message
REFUSED = {
    "csv huge field": ([("x.csv", b"query,item,relevance\nq1," + b"x" * 3_000_000 + b",1\n")], "x.csv"),
    "csv huge rank": ([("x.csv", b"query,item,rank\nq1,a,999999999999999999999999999\n")], "x.csv"),
    "json infinite grade": ([("x.json", b'{"qrels": {"q": {"a": 1e400, "b": 1}}}')], "x.json"),
    "json huge grade": ([("x.json", b'{"qrels": {"q": {"a": 1e300, "b": 1}}}')], "x.json"),
    "json 5000 digits": ([("x.json", b'{"qrels": {"q": {"a": ' + b"9" * 5000 + b"}}}")], "x.json"),
    "json huge score": ([("x.json", b'{"run": {"q": {"a": ' + b"9" * 400 + b"}}}")], "x.json"),
    "json deeply nested": ([("x.json", b"[" * 100_000 + b"]" * 100_000)], "x.json"),
    "3 MB document id": ([("run.txt", b"1 Q0 " + b"d" * 3_000_000 + b" 1 1.0 t\n")], "run.txt"),
}


def upload(at, files):
    at.file_uploader[0].set_value([(name, data, "text/plain") for name, data in files])
    return ok(at.run())


def loaded_sample(app_test):
    """The upload page with the TREC sample loaded (a dataset to keep)."""
    at = ok(app_test().run())
    ok(at.switch_page("pages/upload.py").run())
    upload(at, [(p.name, p.read_bytes()) for p in (TREC / "qrels.txt", TREC / "run_a.txt")])
    assert at.session_state[state.DATASET].source == "run_a.txt + qrels.txt"
    return at


@pytest.mark.parametrize("case", list(REFUSED))
def test_a_bad_upload_is_one_message_and_keeps_board_and_dataset(app_test, case):
    files, name = REFUSED[case]
    at = loaded_sample(app_test)
    board, data = at.session_state[state.BOARD], at.session_state[state.DATASET]
    upload(at, files)
    assert len(errors(at)) == 1 and name in errors(at)[0].replace("\\", ""), errors(at)
    assert at.session_state[state.BOARD] == board and at.session_state[state.DATASET] is data


def test_an_unexpected_reading_error_is_named_not_raised(app_test, monkeypatch):
    import metrics

    def broken(*args, **kwargs):
        raise RecursionError("maximum recursion depth exceeded")

    at = loaded_sample(app_test)
    board = at.session_state[state.BOARD]
    monkeypatch.setattr(metrics, "load", broken)
    upload(at, [("odd.txt", b"1 0 a 1\n")])
    assert errors(at) == ["could not read odd.txt: RecursionError"]
    assert at.session_state[state.BOARD] == board


def test_a_run_whose_rank_field_is_beyond_int64_is_read_as_trec_eval_reads_it(app_test):
    """trec_eval never reads the rank field (the score orders the run): a rank beyond int64 is no error."""
    at = ok(app_test().run())
    ok(at.switch_page("pages/upload.py").run())
    upload(at, [("run.txt", b"1 Q0 a 99999999999999999999999 1.0 tag\n1 Q0 b 2 0.5 tag\n"), ("qrels.txt", QRELS)])
    assert errors(at) == []
    assert list(at.session_state[state.BOARD].ranking) == ["a", "b"]


@pytest.mark.parametrize("name, data", [
    ("nul.csv", b"query,item,relevance\nq1,a\x00b,1\nq1,c,0\n"),
    ("bom.csv", b"\xef\xbb\xbf\xef\xbb\xbfquery,item,relevance\nq1,a,1\n"),
])
def test_an_accepted_upload_says_what_it_loaded(app_test, name, data):
    at = ok(app_test().run())
    ok(at.switch_page("pages/upload.py").run())
    before = at.session_state[state.BOARD]
    upload(at, [(name, data)])
    if at.session_state[state.BOARD] != before:  # accepted: a success line names the file
        assert [s.value for s in at.success if s.value.replace("\\", "").startswith(f"Loaded {name}: 1 query")], \
            [s.value for s in at.success]
    else:  # refused (the readers may refuse such bytes): one message says why
        assert len(errors(at)) == 1 and name in errors(at)[0].replace("\\", "")


def test_a_query_longer_than_a_board_is_cut_and_says_so(app_test):
    at = ok(app_test().run())
    ok(at.switch_page("pages/upload.py").run())
    run = b"".join(b"1 Q0 d%d %d %d.0 t\n" % (i, i + 1, 1000 - i) for i in range(1000))
    upload(at, [("run.txt", run), ("qrels.txt", QRELS)])
    board = at.session_state[state.BOARD]
    assert len(board.items) == limits.MAX_BOARD_ITEMS
    assert any(f"Only the first {limits.MAX_BOARD_ITEMS} of its 1,002 items" in s.value for s in at.success)


def test_pasting_200000_lines_is_refused(app_test):
    at = ok(app_test().run())
    ok(at.switch_page("pages/upload.py").run())
    before = at.session_state[state.BOARD]
    at.text_area[0].set_value("1\n" * 200_000)  # the box keeps its first 200,000 characters: 100,000 lines
    ok(at.button(key="upload__use_pasted").click().run())
    assert at.session_state[state.BOARD] == before
    assert any("the pasted list has 100,000 lines" in e and "command line" in e for e in errors(at)), errors(at)


def test_a_pasted_list_says_what_it_loaded(app_test):
    at = ok(app_test().run())
    ok(at.switch_page("pages/upload.py").run())
    at.text_area[0].set_value("B 4\nA 5\nD 2")
    ok(at.button(key="upload__use_pasted").click().run())
    assert at.session_state[state.BOARD].ranking == ("B", "A", "D")
    assert any(s.value.startswith("Loaded pasted text: 1 query") for s in at.success)


def test_removing_one_file_of_a_pair_keeps_the_judgements(app_test):
    at = loaded_sample(app_test)
    board, data = at.session_state[state.BOARD], at.session_state[state.DATASET]
    upload(at, [("run_a.txt", (TREC / "run_a.txt").read_bytes())])
    assert at.session_state[state.DATASET] is data and at.session_state[state.BOARD] == board
    assert any("qrels.txt is no longer in the upload box" in i.value.replace("\\", "") for i in at.info)
    assert not [w for w in at.warning if "nothing to score" in w.value]
    assert at.dataframe  # the per-query table is still there


# Uploads lost by a server restart (the box still lists files the server no longer has) are named: a real server
# restart in a browser, tests/e2e/test_upload.py::test_uploads_lost_by_a_server_restart_are_named (AppTest's
# public interface cannot make the server lose a file the box lists).


# --------------------------------------------------------------------------- two systems

def systems_page(app_test):
    at = ok(app_test().run())
    ok(at.switch_page("pages/systems.py").run())
    ok(at.button(key="systems__sample").click().run())
    assert at.session_state["systems__systems"] is not None
    return at


@pytest.mark.parametrize("case", ["json deeply nested", "json 5000 digits", "csv huge rank"])
def test_a_bad_upload_on_two_systems_is_a_message_and_keeps_the_comparison(app_test, case):
    files, _ = REFUSED[case]
    at = systems_page(app_test)
    kept, board = at.session_state["systems__systems"], at.session_state[state.BOARD]
    name, data = files[0]
    for uploader, (n, d) in zip(at.file_uploader, [("qrels.txt", (TREC / "qrels.txt").read_bytes()), (name, data),
                                                   ("run_b.txt", (TREC / "run_b.txt").read_bytes())]):
        uploader.set_value((n, d, "text/plain"))
    ok(at.run())
    assert len(errors(at)) == 1, errors(at)
    assert at.session_state["systems__systems"] is kept and at.session_state[state.BOARD] == board


# --------------------------------------------------------------------------- share links


def test_a_board_too_large_for_a_link_offers_the_handout(app_test):
    at = ok(app_test().run())
    import hashlib

    names = [hashlib.sha512(str(i).encode()).hexdigest()[:limits.MAX_NAME_CHARS] for i in range(limits.MAX_BOARD_ITEMS)]
    put(at, Board.from_ranking([i % 4 for i in range(len(names))], items=names, k=10))
    ok(at.switch_page("pages/ndcg.py").run())
    assert any("cannot be shared as a link" in w.value for w in at.warning)
    assert any("handout page" in c.value for c in at.caption)
    assert "b" not in at.query_params


# --------------------------------------------------------------------------- missing sample data

MISSING_SAMPLE = """
import sys
from pathlib import Path
sys.path.insert(0, {root!r})
import metrics.teaching.articles
metrics.teaching.articles.EXAMPLES_FILE = Path({root!r}) / "no-such-dir" / "article_examples.json"
from tests.apptest_helpers import app_test
for page in {pages!r}:
    at = app_test(default_timeout=60)
    at.run()
    at.switch_page(page).run()
    assert not at.exception, (page, [e.message for e in at.exception])
    missing = [e.value for e in at.error if "article_examples.json" in e.value]
    print(page, len(missing))
"""


def test_missing_sample_data_is_one_message_on_the_pages_that_need_it():
    script = MISSING_SAMPLE.format(root=str(ROOT), pages=PAGES)
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-3000:]
    counts = dict(line.split() for line in done.stdout.splitlines())
    assert counts.pop("pages/home.py") == "1" and counts.pop("pages/articles.py") == "1"
    assert set(counts.values()) == {"0"}, counts  # the other pages keep working, without the message


# --------------------------------------------------------------------------- one item, as the tester made it


def test_pasting_one_item_then_every_explainer_page(app_test):
    at = ok(app_test().run())
    ok(at.switch_page("pages/upload.py").run())
    at.text_area[0].set_value("x 2")
    ok(at.button(key="upload__use_pasted").click().run())
    assert at.session_state[state.BOARD].ranking == ("x",)
    for page in ("ndcg", "ap", "cutoff", "compare", "conventions"):
        at.switch_page(f"pages/{page}.py")
        show_all(at, run=False)
        ok(at.run())
    assert at.session_state[state.BOARD].ranking == ("x",)


def test_a_one_item_share_link_opens_every_explainer_page(app_test):
    from ui.data.share import PARAM, encode_board

    at = app_test()
    at.query_params[PARAM] = encode_board(BOARDS["one"])
    ok(at.run())
    assert at.session_state[state.BOARD].ranking == ("x",)
    for page in ("ndcg", "ap", "cutoff", "compare", "conventions"):
        at.switch_page(f"pages/{page}.py")
        show_all(at, run=False)
        ok(at.run())


def test_an_upload_with_a_1_mb_id_costs_memory_like_the_file(app_test):
    """A run whose one document id is 1 MB, uploaded on the upload page: refused with one message
    (ids are at most metrics.limits.APP.id_bytes long), the board kept, and the server's memory for the
    whole run stays within a small multiple of the file's size (ids are never padded to the longest)."""
    import tracemalloc

    data = b"".join(b"1 Q0 d%d %d 1.0 t\n" % (i, i) for i in range(1, 1500)) + b"1 Q0 " + b"x" * 1_000_000 + b" 1500 1.0 t\n"
    at = loaded_sample(app_test)
    board = at.session_state[state.BOARD]
    tracemalloc.start()
    try:
        upload(at, [("long_id.txt", data)])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(errors(at)) == 1 and "long_id.txt" in errors(at)[0].replace("\\", ""), errors(at)
    assert at.session_state[state.BOARD] == board
    assert peak < 20 * len(data), (peak, len(data))
