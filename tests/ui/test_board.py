"""ui.model.board.Board (plain Python): invariants, operations, round trips, and the presets."""

from __future__ import annotations

import json
import math
from dataclasses import replace

import pytest

from metrics import MetricsInputError, ndcg
from tests.conftest import REPO_ROOT
from ui.model.board import Board
from ui.model.presets import DEFAULT_PRESET, PRESETS

EXAMPLES = {e["id"]: e for e in json.loads((REPO_ROOT / "sample_data" / "article_examples.json").read_text())}


@pytest.fixture
def board() -> Board:
    return Board(grades={"a": 3, "b": 0, "c": None, "d": 2, "e": 1}, ranking=("b", "a", "c", "d"), k=3,
                 scores={"a": 0.9, "b": 0.8, "e": 0.1}, title="t", note="n")


def check_invariants(b: Board) -> None:
    assert len(set(b.ranking)) == len(b.ranking)
    assert set(b.ranking) <= set(b.grades)
    assert set(b.ranking) | set(b.pool) == set(b.grades)
    assert not set(b.ranking) & set(b.pool)
    assert len(b.rels()) == len(b.ranking)


# --------------------------------------------------------------------------- what the metrics read


def test_views(board):
    check_invariants(board)
    assert board.items == ["a", "b", "c", "d", "e"]
    assert board.pool == ["e"]
    assert board.rels() == [0.0, 3.0, 0.0, 2.0]  # unjudged c counts 0
    assert board.judged() == [3.0, 0.0, 2.0, 1.0]  # c left out
    assert board.n_relevant() == 3 and board.n_relevant(2) == 2
    assert board.ideal_grades() == board.judged()
    assert board.ideal_items() == ["a", "b", "d", "e"]
    listed = board.with_settings(ideal="list")
    assert listed.ideal_grades() == listed.rels() and listed.ideal_items() == list(board.ranking)


def test_effective_k():
    assert Board.from_ranking([1, 0], k=10).effective_k() == 2
    assert Board(grades={"a": 1, "b": 2, "c": 0}, ranking=("a",), k=10).effective_k() == 3
    assert Board(grades={}, ranking=(), k=4).effective_k() == 1


# --------------------------------------------------------------------------- operations


def test_moved(board):
    assert board.moved("a", -1).ranking == ("a", "b", "c", "d")
    assert board.moved("a", 1).ranking == ("b", "c", "a", "d")
    assert board.moved("a", -10).ranking == ("a", "b", "c", "d")  # clipped at the top
    assert board.moved("a", 10).ranking == ("b", "c", "d", "a")  # clipped at the bottom
    assert board.moved("b", 0) == board
    with pytest.raises(ValueError):
        board.moved("e", 1)  # a pool item is not in the ranking
    assert board.ranking == ("b", "a", "c", "d")  # immutable: the original is untouched


def test_ideal_and_worst_order(board):
    ideal = board.ideal_order()
    check_invariants(ideal)
    assert ideal.ranking == ("a", "d", "e", "b", "c")  # every item, ties (b 0, c unjudged) keep pool order
    assert ideal.pool == []
    assert ndcg(ideal.rels(), ideal.k, ideal.gain, ideal=ideal.ideal_grades()) == pytest.approx(1.0)
    worst = board.worst_order()
    check_invariants(worst)
    assert worst.ranking == ("b", "c", "e", "d", "a")
    assert worst.rels() == sorted(worst.rels())


@pytest.mark.parametrize("seed", [0, 1, 2, 42])
def test_shuffled_keeps_the_item_set(board, seed):
    shuffled = board.shuffled(seed)
    check_invariants(shuffled)
    assert sorted(shuffled.ranking) == sorted(board.ranking)
    assert shuffled.pool == board.pool and shuffled.grades == board.grades
    assert board.shuffled(seed) == shuffled  # reproducible with a seed


def test_shuffled_empty_ranking_ranks_everything():
    b = Board(grades={"x": 1, "y": 0, "z": 2}, ranking=())
    assert sorted(b.shuffled(3).ranking) == ["x", "y", "z"]


def test_renamed(board):
    r = board.renamed("a", "  alpha ")
    check_invariants(r)
    assert r.ranking == ("b", "alpha", "c", "d")
    assert r.items == ["alpha", "b", "c", "d", "e"]  # position kept
    assert r.grades["alpha"] == 3 and "a" not in r.grades
    assert r.scores == {"alpha": 0.9, "b": 0.8, "e": 0.1}
    assert r.rels() == board.rels()
    assert board.renamed("a", "a") == board
    with pytest.raises(MetricsInputError, match="already exists"):
        board.renamed("a", "b")


def test_renamed_pool_item(board):
    r = board.renamed("e", "echo")
    assert r.pool == ["echo"] and r.scores["echo"] == 0.1 and r.ranking == board.ranking


def test_with_grades_drops_vanished_items(board):
    g = board.with_grades({"a": 1, "d": 0, "new": 2})
    check_invariants(g)
    assert g.ranking == ("a", "d")
    assert g.pool == ["new"]
    assert g.scores == {"a": 0.9}
    assert g.rels() == [1.0, 0.0]


def test_with_k_and_ranking(board):
    assert board.with_k(7).k == 7
    assert board.with_ranking(["e"]).ranking == ("e",)
    assert board.with_ranking([]).pool == board.items


def test_round_trip(board):
    for b in [board, board.with_settings(gain="exponential", ideal="list", ap_denominator="found", threshold=2.0),
              *PRESETS.values()]:
        again = Board.from_dict(json.loads(json.dumps(b.to_dict())))
        assert again == b


def test_from_dict_defaults():
    b = Board.from_dict({"grades": {"a": 1}, "ranking": ["a"]})
    assert (b.k, b.gain, b.ideal, b.ap_denominator, b.threshold) == (5, "linear", "judged", "relevant", 1.0)


def test_from_ranking():
    b = Board.from_ranking([2, 0, 1], items="xyz", k=2)
    assert b.ranking == ("x", "y", "z") and b.rels() == [2.0, 0.0, 1.0] and b.pool == []
    assert Board.from_ranking([1, 0]).ranking == ("d1", "d2")
    with pytest.raises(MetricsInputError, match="2 item names for 3 grades"):
        Board.from_ranking([1, 0, 1], items=["a", "b"])


# --------------------------------------------------------------------------- validation


@pytest.mark.parametrize("kwargs, message", [
    ({"grades": {"": 1}, "ranking": ()}, "non-empty"),
    ({"grades": {"  ": 1}, "ranking": ()}, "non-empty"),
    ({"grades": {"a": 1}, "ranking": ("b",)}, "not among the items"),
    ({"grades": {"a": 1}, "ranking": ("a", "a")}, "twice"),
    ({"grades": {"a": 1}, "ranking": (), "k": 0}, "positive integer"),
    ({"grades": {"a": 1}, "ranking": (), "k": 2.5}, "positive integer"),
    ({"grades": {"a": 1}, "ranking": (), "k": True}, "positive integer"),
    ({"grades": {"a": 1}, "ranking": (), "gain": "binary"}, "gain must be"),
    ({"grades": {"a": 1}, "ranking": (), "ideal": "best"}, "ideal must be"),
    ({"grades": {"a": 1}, "ranking": (), "ap_denominator": "k"}, "ap_denominator must be"),
    ({"grades": {"a": 1}, "ranking": (), "threshold": 0}, "threshold"),
    ({"grades": {"a": 1}, "ranking": (), "threshold": "1"}, "threshold"),
])
def test_validation(kwargs, message):
    with pytest.raises(MetricsInputError, match=message):
        Board(**kwargs)


def test_invalid_changes_raise(board):
    with pytest.raises(MetricsInputError):
        board.with_ranking(["a", "zzz"])
    with pytest.raises(MetricsInputError):
        board.with_k(0)
    with pytest.raises(MetricsInputError):
        board.with_settings(gain="square")
    with pytest.raises(MetricsInputError):
        board.renamed("a", "   ")
    with pytest.raises(MetricsInputError):
        Board.from_dict({"grades": {"a": 1}, "ranking": ["a"], "k": -1})


# --------------------------------------------------------------------------- presets


def test_default_preset_exists():
    assert DEFAULT_PRESET in PRESETS


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_is_valid(name):
    b = PRESETS[name]
    check_invariants(b)
    assert b.ranking, "a preset shows a ranking"
    assert b.title
    assert 1 <= b.k
    Board(**{f: getattr(b, f) for f in b.__dataclass_fields__})  # passes validation again
    value = ndcg(b.rels(), b.effective_k(), b.gain, ideal=b.ideal_grades())
    assert 0.0 <= value <= 1.0 + 1e-12 and not math.isnan(value)


def test_titles_are_unique():
    titles = [b.title for b in PRESETS.values()]
    assert len(set(titles)) == len(titles)  # the picker shows titles


def test_article_000_lists():
    ex = EXAMPLES["000_ndcg_lists"]["input"]
    for name, expected in ex["grades_in_ranked_order"].items():
        b = PRESETS[f"000_{name}"]
        assert b.rels() == expected
        assert list(b.ranking) == ex["rankings"][name]
        assert b.gain == "linear" and b.ideal == "judged"


def test_article_000_code_ndcg():
    ex = EXAMPLES["000_code_ndcg"]
    for query, expected in ex["input"]["grades_in_ranked_order"].items():
        b = PRESETS[f"000_code_{query}"]
        assert b.rels() == expected
        assert b.k == ex["k"] == 3
        assert b.ideal == "list"  # the article's code sorts the query's own grades


def test_article_000_code_map():
    for query, expected in EXAMPLES["000_code_map"]["input"]["relevance_in_ranked_order"].items():
        b = PRESETS[f"000_map_{query}"]
        assert b.rels() == expected and b.ap_denominator == "found"


def test_article_001_hit_ap_mrr():
    ex = EXAMPLES["001_hit_ap_mrr"]["input"]
    b = PRESETS["001_hit_ap_mrr"]
    assert list(b.ranking) == [str(i) for i in ex["pred_items"]]
    assert b.rels() == [1.0 if i in ex["gt_items"] else 0.0 for i in ex["pred_items"]]
    assert b.n_relevant() == len(ex["gt_items"])  # held-out items not recommended stay in the pool
    assert sorted(b.pool, key=int) == [str(i) for i in ex["gt_items"] if i not in ex["pred_items"]]


def test_article_001_ndcg():
    ex = EXAMPLES["001_ndcg"]["input"]
    assert PRESETS["001_ndcg"].rels() == ex["grades_in_ranked_order"]


def test_article_003_ndcg():
    ex = EXAMPLES["003_ndcg"]
    b = PRESETS["003_ndcg"]
    assert b.rels() == ex["input"]["grades_in_ranked_order"]
    assert b.gain == "exponential" == ex["gain"]
    assert ndcg(b.rels(), 5, b.gain, ideal=b.ideal_grades()) == pytest.approx(0.8645, abs=5e-5)


def test_article_003_precision_and_004():
    assert PRESETS["003_precision"].rels() == EXAMPLES["003_precision"]["input"]["relevance_in_ranked_order"]
    for name, expected in EXAMPLES["004_ndcg"]["input"]["grades_in_ranked_order"].items():
        b = PRESETS[f"004_{name}"]
        assert b.rels() == expected and b.gain == "exponential"


# --- the run's own order (issue 9) ------------------------------------------------------------------


@pytest.fixture
def from_run():
    """A run's query: the file lists x before y (a tie), trec_eval's order puts y first (id descending)."""
    return Board(grades={"y": 0, "x": 2, "z": 1, "p": 3}, ranking=("z", "y", "x"), k=2,
                 scores={"z": 9.0, "x": 5.0, "y": 5.0}, run_order=("z", "x", "y"))


def test_run_order_round_trip(from_run):
    again = Board.from_dict(json.loads(json.dumps(from_run.to_dict())))
    assert again == from_run and again.run_order == ("z", "x", "y")
    assert again.read_input() == (["z", "x", "y"], [9.0, 5.0, 5.0])
    # a dict without it (an older board) reads as a board without a run's order
    older = {key: value for key, value in from_run.to_dict().items() if key != "run_order"}
    assert Board.from_dict(older).run_order == () and Board.from_dict(older).read_input() is None


def test_run_order_is_dropped_when_the_ranking_is_changed_by_hand(from_run):
    assert from_run.with_ranking(from_run.ranking).run_order == from_run.run_order  # not a change
    assert from_run.moved("x", -1).run_order == ()
    assert from_run.with_ranking(["z", "y"]).run_order == ()
    assert from_run.shuffled(seed=1).run_order == ()
    assert from_run.ideal_order().run_order == ()


def test_run_order_follows_renames_grades_and_scores(from_run):
    assert from_run.renamed("x", "w").run_order == ("z", "w", "y")
    assert from_run.with_grades({"z": 1, "y": 0, "p": 3}).run_order == ("z", "y")
    assert from_run.with_settings(gain="exponential").run_order == from_run.run_order
    tied = from_run.with_scores({"z": 1.0, "x": 1.0, "y": 1.0})
    assert tied.run_order == from_run.run_order and tied.read_input() == (["z", "x", "y"], [1.0, 1.0, 1.0])
    assert from_run.with_scores({}).run_order == ()  # scores from the ranking: no run to read any more


def test_run_order_must_be_the_ranked_items_with_scores(from_run):
    with pytest.raises(MetricsInputError, match="each once"):
        replace(from_run, run_order=("z", "x"))
    with pytest.raises(MetricsInputError, match="each once"):
        replace(from_run, run_order=("z", "x", "p"))
    with pytest.raises(MetricsInputError, match="no score"):
        replace(from_run, scores={"z": 1.0, "x": 1.0})


def test_run_order_follows_the_builders_grade_table(from_run):
    """Editing a grade or renaming an item in the builder's grade table keeps the run file's order
    (the conventions page keeps scoring input-order libraries on it)."""
    import pandas as pd

    from ui.ranking.builder import apply_grade_edits

    before = pd.DataFrame({"item": list(from_run.items), "grade": [from_run.grades[i] for i in from_run.items],
                           "was": list(from_run.items)})  # the editor's columns (rank shown, not read)
    after = before.copy()
    after.loc[after["item"] == "x", "item"] = "w"
    after.loc[after["item"] == "z", "grade"] = 3
    edited = apply_grade_edits(from_run, before, after)
    assert edited.run_order == ("z", "w", "y") and edited.grades["z"] == 3
    assert edited.read_input() == (["z", "w", "y"], [9.0, 5.0, 5.0])
