"""The handout page's downloads in Chromium: the files the browser saves (Playwright's download event) hold the
board's values, its conventions and its item names escaped, and in 中文 they are Chinese.

The page is opened with the board in its link (ui.data.share: an example's comes back with its title), or, for a
query of an upload, by uploading the sample and picking the query, as a reader does. The page itself (the preview,
the caption, the buttons) is tested without a browser in tests/ui/pages/test_page_handout.py.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pandas as pd
import pytest
from playwright.sync_api import Page, expect

from metrics.teaching.handout import csv_tables, latex_handout, markdown_handout
from tests.e2e.navigation import go_to
from tests.ui.i18n.test_i18n_complete import FILE_WORDS, _english_words
from tests.ui.pages.test_page_handout import HOSTILE, METRICS, expected
from tests.visible_text import WORD, english_left
from ui.data.share import LANGUAGE_PARAM, PARAM, decode_board, encode_board
from ui.model.board import Board
from ui.model.presets import PRESETS

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
TREC = ROOT / "sample_data" / "trec"
FILES = ("md", "tex", "csv_steps", "csv_ideal")  #: the download buttons' keys (after the page's "handout__")


def shared(board: Board) -> Board:
    """The board as its link gives it back: an unchanged example with its title (ui.data.share.restore_from_url),
    any other board without one."""
    back = decode_board(encode_board(board))
    return next((example for example in PRESETS.values() if example.to_dict() | {"title": "", "note": ""}
                 == back.to_dict()), back)


def open_handout(new_session, board: Board, language: str | None = None) -> Page:
    query = f"{PARAM}={encode_board(board)}" + (f"&{LANGUAGE_PARAM}={language}" if language else "")
    return new_session(f"handout?{query}")


def choose(page: Page, metric: str, wait_for_app) -> None:
    choice = page.locator(".st-key-handout__metric").get_by_role("radio", name=metric, exact=True)
    choice.click()
    wait_for_app(page)
    expect(choice).to_be_checked()


def downloads(page: Page) -> dict[str, str]:
    """The text of each file the page offers, as the browser saves it, by the button's key."""
    files = {}
    for key in FILES:
        button = page.locator(f".st-key-handout__{key}").get_by_role("button")
        if not button.count():
            continue
        with page.expect_download() as download:
            button.click()
        files[key] = Path(download.value.path()).read_text(encoding="utf-8")
    return files


@pytest.mark.parametrize("key", ["003_ndcg", "000_list_1", "001_hit_ap_mrr", "unjudged", "no_relevant", "ties"])
def test_downloads_hold_the_boards_values(new_session, wait_for_app, key):
    board = shared(PRESETS[key])
    page = open_handout(new_session, board)
    for metric in METRICS:
        choose(page, metric, wait_for_app)
        explanation = expected(board, metric)
        files = downloads(page)
        assert set(files) == {"md", "tex", "csv_steps"} | ({"csv_ideal"} if metric == "nDCG" else set()), metric
        assert files["md"] == markdown_handout(explanation, board.title)
        assert files["tex"] == latex_handout(explanation, board.title)
        for value in explanation.table[explanation.column]:
            assert f"{value:.4f}" in files["md"] and f"{value:.4f}" in files["tex"]
        steps = pd.read_csv(io.StringIO(files["csv_steps"]))
        assert steps[explanation.column].tolist() == pytest.approx(explanation.table[explanation.column].tolist())
        assert files["csv_steps"] == csv_tables(explanation)["steps"]


def test_the_article_003_handout_holds_the_exact_ndcg(new_session, wait_for_app):
    files = downloads(open_handout(new_session, shared(PRESETS["003_ndcg"])))
    assert "**nDCG(gain=exp)@5 = 0.8645**" in files["md"]
    assert r"\textbf{nDCG(gain=exp)@5} = 0.8645" in files["tex"]
    ideal = pd.read_csv(io.StringIO(files["csv_ideal"]))
    assert ideal["DCG"].iloc[-1] == pytest.approx(45.642829, abs=1e-6)


def test_hostile_names_are_escaped_in_the_files(new_session, wait_for_app):
    page = open_handout(new_session, shared(HOSTILE))
    for metric in METRICS:
        choose(page, metric, wait_for_app)
        files = downloads(page)
        assert "<img" not in files["md"] and r"50\%\_\&\_\$x\$" in files["tex"], metric
        assert "'=1+1" in files["csv_steps"], metric


def test_the_conventions_of_the_board_are_used(new_session, wait_for_app):
    board = shared(PRESETS["000_map_q1"])  # AP divided by the hits found, as in the article's code
    page = open_handout(new_session, board)
    choose(page, "AP", wait_for_app)
    explanation = expected(board, "AP")
    assert f"**{explanation.measure} = {explanation.value:.4f}**" in downloads(page)["md"]


# --------------------------------------------------------------------------------------------
# 中文


def uploaded_query(new_session, wait_for_app, query: str = "103") -> Page:
    """中文, sample_data's run_a.txt + qrels.txt uploaded on the upload page and ``query`` picked, then the handout."""
    page = new_session(f"upload?{LANGUAGE_PARAM}=zh")
    page.get_by_test_id("stFileUploaderDropzoneInput").set_input_files([str(TREC / "qrels.txt"),
                                                                        str(TREC / "run_a.txt")])
    wait_for_app(page)
    page.locator('[class*="st-key-upload__query_"]').get_by_test_id("stSelectbox").click()
    page.get_by_role("option", name=query, exact=True).click()
    wait_for_app(page)
    go_to(page, url_path="handout")
    wait_for_app(page)
    expect(page.locator(".st-key-handout_preview")).to_contain_text(f"的查询 {query}")  # the handout's title
    return page


def _item_words(files: dict[str, str]) -> set[str]:
    """Words of the item names in the files' tables (user data, never translated)."""
    words = set()
    for key in ("csv_steps", "csv_ideal"):
        for row in list(csv.reader(io.StringIO(files.get(key, ""))))[1:]:
            words |= set(WORD.findall(row[1]))
    return words


#: boards that bring out every note of the worked examples: a query of the upload, no relevant item
BOARDS = {"upload": None, "no relevant": Board(grades={"a": 0, "b": 0, "c": None}, ranking=("a", "b", "c"), k=3)}


@pytest.mark.parametrize("board", BOARDS)
def test_the_exported_handout_is_chinese(new_session, wait_for_app, board):
    page = uploaded_query(new_session, wait_for_app) if BOARDS[board] is None else \
        open_handout(new_session, BOARDS[board], "zh")
    for metric in METRICS:
        if metric == "AP" and board == "no relevant":
            page = open_handout(new_session, BOARDS[board].with_settings(ap_denominator="found"), "zh")
        choose(page, metric, wait_for_app)
        files = downloads(page)
        markdown, latex = files["md"], files["tex"]
        csvs = [text for key, text in files.items() if key.startswith("csv_")]
        neutral = _item_words(files) | FILE_WORDS | {"rank"}  # \mathrm{rank}_1 in RR's formula
        assert csvs
        assert "## 公式" in markdown and "\\subsection*{逐步计算}" in latex
        assert not _english_words(markdown, neutral), _english_words(markdown, neutral)
        assert not _english_words(latex.split("\\begin{document}")[1], neutral)
        assert "| yes |" not in markdown and " yes \\\\" not in latex and "| no |" not in markdown
        for text in csvs:  # the headers in Chinese (measure names stay), the numbers as they are
            assert not english_left(text.splitlines()[0].replace(",", " "), neutral), text.splitlines()[0]
            assert text.splitlines()[0].startswith("名次,条目,")
        for text in (markdown, latex):
            assert "\\text{hits" not in text and "relevant item" not in text
        if board == "no relevant" and metric in ("AP", "RR"):  # the worked example's note, in the code block too
            assert markdown.count("没有相关条目") + markdown.count("个相关") >= 2, markdown


def test_the_default_boards_handout_is_chinese(new_session, wait_for_app):
    """The board a new session starts with, exported in 中文: every heading, the notes and the tables' headers."""
    page = new_session(f"handout?{LANGUAGE_PARAM}=zh")
    files = downloads(page)
    md, tex = files["md"], files["tex"]
    for heading in ("## 公式", "## 代入数字", "## 逐步计算", "## 理想排序", "## 结果"):
        assert heading in md, heading
    assert "列的最后一行" in md and "the last row" not in md
    assert r"\subsection*{公式}" in tex and "the last row" not in tex
    assert "| 名次 | 条目 |" in md  # the tables' headers too
