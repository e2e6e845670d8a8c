"""中文 complete: every page opened in 中文 after an upload with a query picked (the board's title),
after a malformed upload (the parser's problem) and with the handout exported shows no English
sentence, and no Chinese sentence assembled at run time uses ASCII punctuation."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.apptest_helpers import builder_title, open_builder_tools, shown
from tests.ui.pages.test_page_handout import download_keys, preview
from tests.visible_text import ascii_punctuation, english_left, item_names, untranslated, visible_strings
from ui.locale import catalog, translation

ZH = catalog("zh")  # English -> 中文: the catalogue's plain entries

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

ROOT = Path(__file__).resolve().parents[3]
PAGES = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "pages").glob("*.py"))
TREC = ROOT / "sample_data" / "trec"
UPLOAD = "pages/upload.py"
#: file names of the sample upload (user data, never translated)
FILE_WORDS = {"run_a", "txt", "qrels", "bad_run"}


def _file(path: Path, name: str | None = None) -> tuple[str, bytes, str]:
    return (name or path.name, path.read_bytes(), "text/plain")


def _chinese(app_test):
    at = app_test()
    at.run()
    at.radio(key="sidebar_language").set_value("zh").run()
    return at


def _uploaded(app_test, query: str = "103"):
    """中文, sample_data's run_a.txt + qrels.txt uploaded and ``query`` picked."""
    at = _chinese(app_test)
    at.switch_page(UPLOAD).run()
    at.file_uploader[0].set_value([_file(TREC / "qrels.txt"), _file(TREC / "run_a.txt")]).run()
    picker = next(s for s in at.selectbox if s.options and s.options[0] == "101")
    picker.set_value(query).run()
    assert not at.exception, [e.message for e in at.exception]
    assert at.session_state["board"].title == f"query {query} of run_a.txt + qrels.txt"  # stored in English
    return at


def _problems(at) -> list[str]:
    """English left and ASCII punctuation next to Chinese, in every string the page shows."""
    left = untranslated(at, item_names(at) | FILE_WORDS)
    marks = [f"{text[:100]!r}: {ascii_punctuation(text)}" for text in visible_strings(at) if ascii_punctuation(text)]
    return left + marks


def _open(at, page: str):
    open_builder_tools(at.switch_page(page))
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


@pytest.mark.parametrize("page", PAGES)
def test_every_page_is_chinese_with_an_uploaded_query_on_the_board(app_test, page):
    at = _open(_uploaded(app_test), page)
    problems = _problems(at)
    assert not problems, f"{page} after an upload:\n" + "\n".join(problems)


def test_the_board_title_of_a_query_is_chinese_in_the_builder_and_the_handout(app_test):
    at = _open(_uploaded(app_test), "pages/ndcg.py")
    title = "run_a.txt + qrels.txt 的查询 103"
    assert builder_title(at) == title
    at = _open(at, "pages/handout.py")
    texts = [m.value for m in at.markdown]
    assert any(text.startswith("**面板上**：run\\_a.txt + qrels.txt 的查询 103") for text in texts)
    assert any(text.startswith("# run\\_a.txt + qrels.txt 的查询 103") for text in texts)  # the handout's title


@pytest.mark.parametrize("page", [UPLOAD, "pages/ndcg.py", "pages/handout.py", "pages/systems.py"])
def test_pages_after_a_malformed_upload_are_chinese(app_test, page):
    at = _chinese(app_test)
    at.switch_page(UPLOAD).run()
    bad = b"101 Q0 doc-101-01 1 2.5 sys\n101 Q0 doc-101-02 2 nan sys\n"
    at.file_uploader[0].set_value([_file(TREC / "qrels.txt"), ("bad_run.txt", bad, "text/plain")]).run()
    assert [shown(e) for e in at.error] == ["bad_run.txt 第 2 行：得分是 NaN（'nan'）；需要有限数"]
    at = _open(at, page)
    problems = _problems(at)
    assert not problems, f"{page} after a malformed upload:\n" + "\n".join(problems)


@pytest.mark.parametrize("page", PAGES)
def test_every_page_builds_its_chinese_sentences_with_chinese_punctuation(app_test, page):
    at = _open(_chinese(app_test), page)
    marks = [f"{text[:100]!r}: {ascii_punctuation(text)}" for text in visible_strings(at) if ascii_punctuation(text)]
    assert not marks, f"{page}:\n" + "\n".join(marks)


# --------------------------------------------------------------------------------------------
# the handout's exports


def _english_words(text: str, neutral: set[str]) -> list[str]:
    """English left in an exported text: in its lines, and in its plain-text code block (which the
    page check skips as code)."""
    words = []
    for line in text.splitlines():
        if line.startswith(("\\", "%", "$$", "```", "|", "---")) or not line.strip():
            continue  # LaTeX commands, formulas, fences, tables (their headers are checked below)
        words += english_left(line, neutral)
    return words


#: boards that bring out every note of the worked examples: a query of the upload, no relevant item
BOARDS = {"upload": None, "no relevant": {"grades": {"a": 0, "b": 0, "c": None}, "ranking": ["a", "b", "c"]}}


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("metric", ["nDCG", "AP", "RR", "P@K"])
def test_the_handout_is_chinese(app_test, metric, board):
    """The page and its preview (the .md file's text) in 中文; the files as a browser saves them, LaTeX and CSV
    too: tests/e2e/test_handout_downloads.py::test_the_exported_handout_is_chinese."""
    from ui.model.board import Board

    at = _uploaded(app_test) if BOARDS[board] is None else _chinese(app_test)
    if BOARDS[board] is not None:
        at.session_state["board"] = Board(grades=BOARDS[board]["grades"], ranking=tuple(BOARDS[board]["ranking"]), k=3)
        at.session_state["board_revision"] += 1
    at = _open(at, "pages/handout.py")
    if metric == "AP" and board == "no relevant":
        at.session_state["board"] = at.session_state["board"].with_settings(ap_denominator="found")
    at.segmented_control(key="handout__metric").set_value(metric).run()
    assert not at.exception, [e.message for e in at.exception]
    problems = _problems(at)
    assert not problems, "\n".join(problems)
    neutral = item_names(at) | FILE_WORDS | {"rank"}  # \mathrm{rank}_1 in RR's formula
    assert {"md", "tex", "csv_steps"} <= download_keys(at)
    markdown = preview(at)
    assert "## 公式" in markdown
    assert not _english_words(markdown, neutral), _english_words(markdown, neutral)
    assert "| yes |" not in markdown and "| no |" not in markdown
    assert "\\text{hits" not in markdown and "relevant item" not in markdown
    if board == "no relevant" and metric in ("AP", "RR"):  # the worked example's note, in the code block too
        assert markdown.count("没有相关条目") + markdown.count("个相关") >= 2, markdown


def test_the_quiz_sentences_built_at_run_time_use_chinese_punctuation():
    """The quiz's prompts, diagnoses and where-to-look texts, assembled from templates and fields."""
    from tests.ui.i18n.test_i18n_learn import quiz_sentences
    from ui.i18n.sentences import _localize

    wrong = [(text, chinese) for text in quiz_sentences()
             for chinese in [_localize(text, lambda english: ZH.get(english, english), plural=translation("zh").ngettext)]
             if ascii_punctuation(chinese)]
    assert not wrong, "\n".join(f"{text!r} -> {chinese!r}" for text, chinese in wrong[:10])
