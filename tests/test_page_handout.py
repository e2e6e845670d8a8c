"""The handout page (AppTest): the preview and the downloads hold the board's values; the presenter
view steps through the ranks with Previous / Next."""

from __future__ import annotations

import io

import pandas as pd
import pytest
from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage

from metrics import ap_steps, ndcg_steps, precision_steps, rr_steps
from metrics.handout import csv_tables, latex_handout, markdown_handout, presenter_steps
from tests.apptest_helpers import open_page
from ui.board import Board
from ui.presets import PRESETS

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


def heading(at) -> str:
    return next(m.value for m in at.markdown if m.value.startswith("# rank "))


@pytest.mark.parametrize("metric", METRICS)
def test_presenter_next_and_previous(app_test, metric):
    board = PRESETS["003_ndcg"]
    at = choose(open_page(app_test, PAGE, board), metric)
    at.toggle(key="handout__presenter_on").set_value(True).run()
    assert not at.exception
    steps = presenter_steps(expected(board, metric))
    assert not at.get("download_button")  # the presenter view shows one step, no downloads
    previous, following = at.button(key="handout__previous"), at.button(key="handout__next")
    assert previous.disabled and not following.disabled
    assert heading(at) == f"# {steps[0].sentence}"
    assert at.latex[0].value.strip("$\n") == steps[0].term
    label, value = steps[0].running[0]
    assert [m.value for m in at.metric if m.label == label] == [f"{value:.4f}"]
    for i in range(1, len(steps)):
        at.button(key="handout__next").click().run()
        assert heading(at) == f"# {steps[i].sentence}"
        label, value = steps[i].running[0]
        assert [m.value for m in at.metric if m.label == label] == [f"{value:.4f}"]
    assert at.button(key="handout__next").disabled
    at.button(key="handout__previous").click().run()
    assert heading(at) == f"# {steps[-2].sentence}"


def test_presenter_sentence_of_the_ndcg_example(app_test):
    board = Board.from_ranking([3, 2, 3, 0, 1], items=list("ABCDE"), k=3)
    at = open_page(app_test, PAGE, board)
    at.toggle(key="handout__presenter_on").set_value(True).run()
    for _ in range(2):
        at.button(key="handout__next").click().run()
    assert heading(at) == "# rank 3 · C: gain 3, discount log2(4) = 2, adds 1.5 → DCG 5.7619"
    assert at.progress[0].value == 100 or at.progress[0].value == 1.0


def test_presenter_step_is_clamped_when_the_board_shrinks(app_test):
    at = open_page(app_test, PAGE, PRESETS["003_ndcg"])
    at.toggle(key="handout__presenter_on").set_value(True).run()
    for _ in range(4):
        at.button(key="handout__next").click().run()
    at.session_state["board"] = Board.from_ranking([1, 0], k=2)
    at.run()
    assert not at.exception
    assert heading(at).startswith("# rank 2 · d2:")


def test_an_empty_ranking_is_a_warning_not_an_error(app_test):
    at = open_page(app_test, PAGE, Board(grades={"a": 1, "b": 0}, ranking=(), k=2))
    assert at.warning and "no ranked item" in at.warning[0].value
