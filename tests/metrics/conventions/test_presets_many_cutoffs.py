"""Several cut-offs in one call equal one call per cut-off, for every preset; the vectorised reading of a board
equals the reading one item at a time."""

from __future__ import annotations

import math
import random

import numpy as np
import pandas as pd
import pytest

from metrics.conventions import PRESETS, Interval, compare_runs, score_under
from metrics.conventions.scoring import Board, Read, _arrangement, compared_scores, order_ranking, read
from metrics.errors import MetricsInputError

CUTOFFS = [1, 3, 5, 10, 20]


def random_board(seed: int):
    """Up to 30 items (beyond 15: ranx's undefined order), real grades, ties and near-ties, scores <= 0, pool."""
    rng = random.Random(seed)
    n = rng.randint(1, 30)
    ranking = [f"d{i:02d}" for i in rng.sample(range(60), n)]
    grades = {item: rng.choice([0, 0, 0.5, 1, 2, 3]) for item in ranking if rng.random() < 0.7}
    grades |= {f"pool{i}": rng.choice([0, 1, 2]) for i in range(rng.randint(0, 3))}
    scores = [rng.choice([-1.0, 0.0, 0.5, 1.0, 1.0 + 1e-9, 2.0]) for _ in ranking]
    return ranking, grades, scores


def same(a, b) -> bool:
    """Equal values, NaN equal to NaN, an Interval only equal to the same Interval."""
    if isinstance(a, dict) and isinstance(b, dict):
        return list(a) == list(b) and all(same(a[key], b[key]) for key in a)
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    return type(a) is type(b) and a == b


@pytest.mark.parametrize("key", list(PRESETS))
@pytest.mark.parametrize("seed", range(40))
def test_several_cutoffs_equal_one_call_per_cutoff(key, seed):
    ranking, grades, scores = random_board(seed)
    many = score_under(PRESETS[key], ranking, grades, CUTOFFS, scores)
    assert list(many) == CUTOFFS
    for k in CUTOFFS:
        assert same(many[k], score_under(PRESETS[key], ranking, grades, k, scores))


def test_the_boards_reach_intervals():
    """The random boards exercise the undefined tie orders: some values are intervals."""
    found = [v for seed in range(40) for key in ("recbole", "torchmetrics", "ranx")
             for row in score_under(PRESETS[key], *random_board(seed)[:2], CUTOFFS, random_board(seed)[2]).values()
             for v in row.values() if isinstance(v, Interval)]
    assert len(found) > 20


def test_cutoffs_as_a_range_or_tuple_and_repeats():
    ranking, grades, scores = random_board(3)
    by_range = score_under(PRESETS["ranx"], ranking, grades, range(1, 4), scores)
    assert list(by_range) == [1, 2, 3]
    assert same(score_under(PRESETS["ranx"], ranking, grades, (2, 2, 1), scores),
                {2: by_range[2], 1: by_range[1]})


@pytest.mark.parametrize("k", [[], [0], [5, "a"], "5", None])
def test_bad_cutoffs_are_refused(k):
    with pytest.raises(MetricsInputError):
        score_under(PRESETS["trec_eval"], ["a"], {"a": 1}, k)


def test_compare_runs_several_cutoffs_equal_one_call_per_cutoff():
    qrels, run = [], []
    for q in range(12):
        ranking, grades, scores = random_board(100 + q)
        qrels += [(f"q{q}", item, grade) for item, grade in grades.items()]
        run += [(f"q{q}", item, score) for item, score in zip(ranking, scores)]
    qrels.append(("q_missing", "x", 1))
    qrels = pd.DataFrame(qrels, columns=["query", "item", "rel"])
    run = pd.DataFrame(run, columns=["query", "item", "score"])
    many = compare_runs(qrels, run, (5, 10))
    assert list(many) == [5, 10]
    for k in (5, 10):
        one = compare_runs(qrels, run, k)
        assert many[k].k == one.k == k
        for field in ("presets", "queries", "missing", "inputs"):
            assert getattr(many[k], field) == getattr(one, field)
        for field in ("per_query", "means", "spread"):
            assert same(getattr(many[k], field), getattr(one, field))


def reference_read(board: Board, convention, ties: str) -> tuple:
    """The reading one item at a time (the code before it was vectorised): grades, hits, tie groups, pool, R."""
    scores = compared_scores(board.scores, "float64" if ties == "id_ascending" else convention.score_type)
    order = order_ranking(board.ranking, scores, ties)
    judged = dict(board.judged)
    if convention.truncate_grades:
        judged = {item: float(math.trunc(grade)) for item, grade in judged.items()}
    threshold = convention.threshold
    grades = tuple(judged.get(board.ranking[i], 0.0) for i in order)
    ordered = [scores[i] for i in order]
    hits = tuple(1.0 if grade >= threshold and (not convention.nonpositive_scores_irrelevant or score > 0) else 0.0
                 for grade, score in zip(grades, ordered))
    in_list = sum(grade >= threshold for grade in grades)
    pool = tuple(judged.values())
    n_relevant = sum(grade >= threshold for grade in pool) if convention.recall_pool else in_list
    groups, start = [], 0
    for i in range(1, len(ordered) + 1):
        if i == len(ordered) or ordered[i] != ordered[start]:
            groups.append((start, i))
            start = i
    return grades, hits, tuple(groups), pool, max(n_relevant, in_list)


def as_tuples(r: Read) -> tuple:
    """A reading's arrays as Python tuples, to compare with :func:`reference_read` (floats compared by value and
    sign: -0.0 is not 0.0)."""
    return (tuple(r.grades.tolist()), tuple(r.hits.tolist()), tuple(r.groups), tuple(r.pool.tolist()),
            r.n_relevant)


def signs(values) -> tuple:
    return tuple(math.copysign(1.0, v) for v in values)


@pytest.mark.parametrize("seed", range(60))
def test_vectorised_read_equals_reading_item_by_item(seed):
    ranking, grades, scores = random_board(seed)
    rng = random.Random(seed)
    ranking = [rng.choice(["", "a", "B", "é", "a\u0300", "10", "9"]) + item for item in ranking]  # string order
    grades = {rng.choice(["", "a"]) + item: grade for item, grade in grades.items()}
    grades = {item: -grade if rng.random() < 0.3 else grade for item, grade in grades.items()}  # -0.5 truncates to 0
    board = Board.of(ranking, grades, 5, scores)
    cache: dict = {}  # shared by every reading of the board, as compare_runs shares it
    for convention in PRESETS.values():
        for ties in ("trec", "id_ascending", "as_given"):
            expected = reference_read(board, convention, ties)
            for got in (as_tuples(read(board, convention, ties)), as_tuples(read(board, convention, ties, cache))):
                assert got == expected
                assert signs(got[0]) == signs(expected[0]) and signs(got[3]) == signs(expected[3])


@pytest.mark.parametrize("seed", range(30))
def test_vectorised_arrangement_equals_sorting_each_group(seed):
    """Each tie group sorted by its keys, best or worst first (equal keys in reading order), for the whole list
    and for every top part that ends where a group ends (the ranks a measure cut at k reads)."""
    rng = random.Random(seed)
    keys = [rng.choice([0.0, 0.5, 1.0, 3.0, -0.0]) for _ in range(rng.choice([rng.randint(1, 25), 200]))]
    cuts = sorted({*rng.sample(range(1, len(keys) + 1), rng.randint(1, len(keys))), len(keys)})
    bounds = np.array([0, *cuts])  # every rank in one group, as read() gives them
    groups = list(zip(bounds[:-1].tolist(), cuts))
    for best in (False, True):
        for end in cuts:
            expected = [i for s, e in groups if e <= end
                        for i in sorted(range(s, e), key=lambda i: keys[i], reverse=best)]
            assert _arrangement(np.array(keys), bounds, best, end).tolist() == expected


def test_board_of_floats_equals_board_of_and_refuses_alike():
    ranking, grades, scores = random_board(5)
    grades = {item: float(grade) for item, grade in grades.items()}
    assert Board.of_floats(ranking, grades, 5, scores) == Board.of(ranking, grades, 5, scores)
    for bad in ([float("inf")] + scores[1:], scores[:-1]):
        messages = []
        for make in (Board.of_floats, Board.of):
            with pytest.raises(MetricsInputError) as error:
                make(ranking, grades, 5, bad)
            messages.append(str(error.value))
        assert messages[0] == messages[1]
