"""The handout page (AppTest): the preview and the downloads hold the board's values (presenter mode:
tests/ui/test_presenter.py)."""

from __future__ import annotations

import io

import pandas as pd
import pytest
from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage

from metrics import ap_steps, ndcg_steps, precision_steps, rr_steps
from metrics.teaching.handout import csv_tables, latex_handout, markdown_handout
from tests.apptest_helpers import open_page
from ui.model.board import Board
from ui.model.presets import PRESETS

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

PAGE = "pages/handout.py"
METRICS = ("nDCG", "AP", "RR", "P@K")
HOSTILE = Board.from_ranking([2, 0, 1, 3], items=["<img src=x onerror=alert(1)>", "50%_&_$x$", "a|b", "=1+1"],
                             k=4, title="<script>alert(1)</script>")


def expected(board: Board, metric: str):
    """What the explainer pages compute for this board (the handout must show the same)."""
    rels, items, t = board.rels(), board.ranking, board.threshold
    k = min(board.k, len(items))
    if metric == "nDCG":
        return ndcg_steps(rels, k=min(board.k, max(len(items), len(board.judged()))), gain=board.gain,
                          ideal=board.ideal_grades(), items=items, ideal_items=board.ideal_items())
    if metric == "AP":
        return ap_steps(rels, k=k, n_relevant=board.n_relevant(t), denominator=board.ap_denominator, items=items,
                        threshold=t)
    if metric == "RR":
        return rr_steps(rels, k=k, items=items, threshold=t)
    return precision_steps(rels, k, items=items, threshold=t)


@pytest.fixture
def media(monkeypatch):
    """The bytes of every file the app hands to the media manager (download buttons), by file id."""
    files: dict[str, bytes] = {}
    original = MemoryMediaFileStorage.load_and_get_id

    def recording(self, path_or_data, mimetype, kind, filename=None):
        file_id = original(self, path_or_data, mimetype, kind, filename)
        files[file_id] = path_or_data if isinstance(path_or_data, bytes) else str(path_or_data).encode()
        return file_id

    monkeypatch.setattr(MemoryMediaFileStorage, "load_and_get_id", recording)
    return files


def downloads(at, media) -> dict[str, str]:
    """The text of each download button, by its key (without the page prefix)."""
    out = {}
    for button in at.get("download_button"):
        file_id = button.proto.url.rsplit("/", 1)[1].split(".")[0]
        out[button.key.removeprefix("handout__")] = media[file_id].decode("utf-8")
    return out


def choose(at, metric: str):
    at.button_group(key="handout__metric").set_value(metric).run()
    assert not at.exception, [e.message for e in at.exception]
    return at


@pytest.mark.parametrize("key", ["003_ndcg", "000_list_1", "001_hit_ap_mrr", "unjudged", "no_relevant", "ties"])
@pytest.mark.parametrize("metric", METRICS)
def test_downloads_hold_the_boards_values(app_test, media, key, metric):
    board = PRESETS[key]
    at = choose(open_page(app_test, PAGE, board), metric)
    explanation = expected(board, metric)
    files = downloads(at, media)
    assert set(files) == {"md", "tex", "csv_steps"} | ({"csv_ideal"} if metric == "nDCG" else set())
    assert files["md"] == markdown_handout(explanation, board.title)
    assert files["tex"] == latex_handout(explanation, board.title)
    for value in explanation.table[explanation.column]:
        assert f"{value:.4f}" in files["md"] and f"{value:.4f}" in files["tex"]
    steps = pd.read_csv(io.StringIO(files["csv_steps"]))
    assert steps[explanation.column].tolist() == pytest.approx(explanation.table[explanation.column].tolist())
    assert files["csv_steps"] == csv_tables(explanation)["steps"]
    # the preview shows the same Markdown
    assert markdown_handout(explanation, board.title).strip() in [m.value.strip() for m in at.markdown]


def test_the_article_003_handout_shows_the_exact_ndcg(app_test, media):
    at = open_page(app_test, PAGE, PRESETS["003_ndcg"])
    files = downloads(at, media)
    assert "**nDCG(gain=exp)@5 = 0.8645**" in files["md"]
    assert r"\textbf{nDCG(gain=exp)@5} = 0.8645" in files["tex"]
    ideal = pd.read_csv(io.StringIO(files["csv_ideal"]))
    assert ideal["DCG"].iloc[-1] == pytest.approx(45.642829, abs=1e-6)


def test_hostile_names_are_escaped_on_the_page_and_in_the_files(app_test, media):
    at = open_page(app_test, PAGE, HOSTILE)
    for metric in METRICS:
        choose(at, metric)
        shown = "\n".join(m.value for m in at.markdown)
        assert "<img" not in shown and "<script>" not in shown
        assert "&lt;img src=x onerror=alert(1)&gt;" in shown
        files = downloads(at, media)
        assert "<img" not in files["md"] and r"50\%\_\&\_\$x\$" in files["tex"]
        assert "'=1+1" in files["csv_steps"]


def test_the_conventions_of_the_board_are_used(app_test, media):
    board = PRESETS["000_map_q1"]  # AP divided by the hits found, as in the article's code
    at = choose(open_page(app_test, PAGE, board), "AP")
    assert "hits found" in at.caption[0].value
    assert expected(board, "AP").measure in downloads(at, media)["md"]
    assert f"**{expected(board, 'AP').measure} = {expected(board, 'AP').value:.4f}**" in downloads(at, media)["md"]


def test_an_empty_ranking_is_a_warning_not_an_error(app_test):
    at = open_page(app_test, PAGE, Board(grades={"a": 1, "b": 0}, ranking=(), k=2))
    assert at.warning and "no ranked item" in at.warning[0].value
