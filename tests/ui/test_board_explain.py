"""ui.model.explain, the one board → explanation step, gives every caller what it computed itself before: the paced
pages (ui.topics.paced, also the compare page and the follower views), the handout (pages/handout.py) and a live
class's questions (ui.classroom.live_quiz.board_value). The old computations are written out here, as they were."""

from __future__ import annotations

import random

import pandas as pd
import pytest

from metrics.measures.ap import ap_steps
from metrics.measures.cutoff import f1_steps, hit_rate_steps, precision_steps, r_precision_steps, recall_steps
from metrics.measures.ndcg import ndcg_steps
from metrics.measures.rr import rr_steps
from ui.model import explain
from ui.model.board import Board

SEEDS = range(15)


def random_board(seed: int) -> Board:
    """A board of 1 to 9 items, some unjudged, some in the pool, with random conventions."""
    rng = random.Random(seed)
    names = [f"d{i}" for i in range(1, rng.randint(1, 9) + 1)]
    grades = {name: (None if rng.random() < 0.2 else float(rng.choice([0, 0, 1, 2, 3, 1.5]))) for name in names}
    ranking = rng.sample(names, rng.randint(1, len(names)))
    return Board(grades=grades, ranking=tuple(ranking), k=rng.randint(1, 12),
                 gain=rng.choice(["linear", "exponential"]), ideal=rng.choice(["judged", "list"]),
                 ap_denominator=rng.choice(["relevant", "found", "min_k_relevant"]),
                 threshold=rng.choice([1.0, 2.0, 0.5]))


def same(new, old) -> None:
    assert (new.measure, new.value, new.column, new.formula) == (old.measure, old.value, old.column, old.formula)
    assert (new.worked, new.worked_text, dict(new.running)) == (old.worked, old.worked_text, dict(old.running))
    pd.testing.assert_frame_equal(new.table, old.table)
    assert new.details.keys() == old.details.keys()
    for key, value in old.details.items():
        if isinstance(value, pd.DataFrame):
            pd.testing.assert_frame_equal(new.details[key], value)
        else:
            assert new.details[key] == value, key


# --- the paced pages' builders (ui/topics/paced.py), as they were -------------------------------------------------
def old_ndcg(board, gain=None):
    k = min(board.k, max(1, len(board.ranking), len(board.judged())))
    return ndcg_steps(board.rels(), k=k, gain=gain or board.gain, ideal=board.ideal_grades(), items=board.ranking,
                      ideal_items=board.ideal_items(), ideal_from=board.ideal), k


def old_ap(board):
    k = min(board.k, max(1, len(board.ranking)))
    return ap_steps(board.rels(), k=k, n_relevant=board.n_relevant(board.threshold),
                    denominator=board.ap_denominator, items=board.ranking, threshold=board.threshold), k


def old_rr(board, cut):
    k = min(board.k, max(1, len(board.ranking))) if cut else None
    return rr_steps(board.rels(), k=k, items=board.ranking, threshold=board.threshold), k


def old_cutoffs(board):
    k = min(board.k, max(1, len(board.ranking)))
    threshold, relevant = board.threshold, board.n_relevant(board.threshold)
    rels, items = board.rels(), board.ranking
    return k, relevant, {
        "P": precision_steps(rels, k, items=items, threshold=threshold),
        "R": recall_steps(rels, k, n_relevant=relevant, items=items, threshold=threshold),
        "F1": f1_steps(rels, k, n_relevant=relevant, items=items, threshold=threshold),
        "Hit": hit_rate_steps(rels, k, items=items, threshold=threshold),
    }, r_precision_steps(rels, n_relevant=relevant, items=items, threshold=threshold)


# --- the handout's (pages/handout.py), as it was ------------------------------------------------------------------
def old_handout(board, metric):
    def clipped(maximum):
        return min(board.k, max(1, maximum))

    rels, items, threshold = board.rels(), board.ranking, board.threshold
    if metric == "nDCG":
        return ndcg_steps(rels, k=clipped(max(len(items), len(board.judged()))), gain=board.gain,
                          ideal=board.ideal_grades(), items=items, ideal_items=board.ideal_items(),
                          ideal_from=board.ideal)
    k = clipped(len(items))
    if metric == "AP":
        return ap_steps(rels, k=k, n_relevant=board.n_relevant(threshold), denominator=board.ap_denominator,
                        items=items, threshold=threshold)
    if metric == "RR":
        return rr_steps(rels, k=k, items=items, threshold=threshold)
    return precision_steps(rels, k, items=items, threshold=threshold)


# --- a live class's question about the board (ui/classroom/live_quiz.py:board_value), as it was ------------------
def old_board_value(board, metric, k):
    if metric in ("DCG@K", "nDCG@K"):
        explanation = ndcg_steps(board.rels(), k=k, gain=board.gain, ideal=board.ideal_grades(), items=board.ranking)
        return float(explanation.table["DCG"].iloc[-1]) if metric == "DCG@K" else explanation.value
    if metric == "AP":
        return ap_steps(board.rels(), k=k, n_relevant=board.n_relevant(board.threshold),
                        denominator=board.ap_denominator, threshold=board.threshold).value
    if metric == "RR":
        return rr_steps(board.rels(), threshold=board.threshold).value
    if metric == "R@K":
        return recall_steps(board.rels(), k, n_relevant=board.n_relevant(board.threshold),
                            threshold=board.threshold).value
    if metric == "F1@K":
        return f1_steps(board.rels(), k, n_relevant=board.n_relevant(board.threshold), threshold=board.threshold).value
    return precision_steps(board.rels(), k, threshold=board.threshold).value


@pytest.mark.parametrize("seed", SEEDS)
def test_the_paced_pages_see_what_they_computed_before(seed):
    from ui.topics import paced

    board = random_board(seed)
    for gain in (None, "linear", "exponential"):
        (new, k), (old, old_k) = paced.ndcg(board, gain=gain), old_ndcg(board, gain)
        assert k == old_k
        same(new, old)
    (new, k), (old, old_k) = paced.ap(board), old_ap(board)
    assert k == old_k
    same(new, old)
    for cut in (True, False):
        (new, k), (old, old_k) = paced.rr(board, cut), old_rr(board, cut)
        assert k == old_k
        same(new, old)
    measures, (k, relevant, explanations, r_precision) = paced.cutoffs(board), old_cutoffs(board)
    assert (measures.k, measures.relevant, list(measures.explanations)) == (k, relevant, list(explanations))
    for quantity, old in explanations.items():
        same(measures.explanations[quantity], old)
    same(measures.r_precision, r_precision)
    assert paced.ndcg_depth(board) == max(1, len(board.ranking), len(board.judged()))
    assert paced.ap_depth(board) == paced.roc_depth(board) == max(1, len(board.ranking))


@pytest.mark.parametrize("seed", SEEDS)
def test_the_handout_sees_what_it_computed_before(seed):
    board = random_board(seed)
    for metric, measure in {"nDCG": "nDCG", "AP": "AP", "RR": "RR", "P@K": "P"}.items():
        same(explain.explain(board, measure), old_handout(board, metric))


@pytest.mark.parametrize("seed", SEEDS)
def test_a_live_question_about_the_board_has_the_value_it_had_before(seed):
    from ui.classroom import live_quiz

    board = random_board(seed)
    deepest = len(board.ranking) + sum(1 for item, grade in board.grades.items()
                                       if item not in board.ranking and grade is not None)
    for metric in ("DCG@K", "nDCG@K", "AP", "RR", "P@K", "R@K", "F1@K"):
        for k in {1, min(board.k, deepest), deepest}:
            assert live_quiz.board_value(board, metric, k) == old_board_value(board, metric, k), (metric, k)


def test_an_unknown_measure_is_refused():
    with pytest.raises(ValueError, match="not 'MAP'"):
        explain.explain(random_board(1), "MAP")
