"""A step table that another session already drew is replayed, not styled again (ui.teaching.explainer.styled_table): what
lets one process carry a class of 40 students who follow the same board (benchmarks/bench_live_class.py measures
it). The tables stay each session's own: another board, step or language is styled anew."""

from __future__ import annotations

import pytest

from tests.apptest_helpers import open_page, step_windows
from ui.model.board import Board
from ui.teaching import explainer

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

#: a board no other test shows (the cache is the process's)
BOARD = Board(grades={"q1": 3, "q7": 0, "q3": 2, "q9": 1, "q5": 2, "q2": 0, "q8": 3},
              ranking=("q7", "q3", "q1", "q9", "q2", "q5", "q8"), k=7, title="shared tables")


@pytest.fixture
def styled(monkeypatch) -> list[int]:
    """The row counts of every table styled from now on (ui.teaching.explainer.last_row_styles runs once per styling)."""
    calls = []
    real = explainer.last_row_styles

    def counting(frame, hits):
        calls.append(len(frame))
        return real(frame, hits)

    monkeypatch.setattr(explainer, "last_row_styles", counting)
    explainer.styled_table.clear()
    return calls


def tables(at) -> list[dict]:
    """The page's step tables as the reader sees them (the static one, then the scrolling ones)."""
    return [table.to_dict("split") for table in step_windows(at)] + [
        frame.value.to_dict("split") for frame in at.dataframe]


def test_a_second_session_on_the_same_board_styles_no_table_again(app_test, styled):
    first = open_page(app_test, "pages/ndcg.py", BOARD)
    drawn = len(styled)
    assert drawn >= 3, styled  # the step window and the two whole tables (ranking, ideal ordering)
    shown = tables(first)
    assert len(shown) >= 3
    second = open_page(app_test, "pages/ndcg.py", BOARD)  # another session: another student following
    assert len(styled) == drawn  # every table replayed
    assert tables(second) == shown  # the same tables, not an empty or stale copy
    assert [metric.value for metric in second.metric] == [metric.value for metric in first.metric]


def test_another_board_step_or_language_is_styled_anew(app_test, styled):
    open_page(app_test, "pages/ndcg.py", BOARD)
    drawn = len(styled)
    swapped = Board(**{**BOARD.__dict__, "ranking": ("q3", "q7", *BOARD.ranking[2:])})
    other = open_page(app_test, "pages/ndcg.py", swapped)
    assert len(styled) > drawn  # another board: its own tables
    first_values = tables(other)
    assert first_values != tables(open_page(app_test, "pages/ndcg.py", BOARD))
    english = [table["columns"] for table in tables(open_page(app_test, "pages/ndcg.py", BOARD))]
    drawn = len(styled)
    chinese = open_page(app_test, "pages/ndcg.py", BOARD, language="zh")
    assert len(styled) > drawn  # translated headers: its own tables
    assert [table["columns"] for table in tables(chinese)] != english
    drawn = len(styled)
    open_page(app_test, "pages/ndcg.py", BOARD, all_steps=False)  # a newly loaded board starts at step 1
    assert 1 in styled[drawn:]  # the step window of one row, styled anew
