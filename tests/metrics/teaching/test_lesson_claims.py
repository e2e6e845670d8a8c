"""What the texts of lessons 4 and 5 say about their boards, checked against the core: the texts hold no computed
number, but they compare (C's gain is smaller than B's, C wins every query, …); a board changed later must not
make them false."""

from __future__ import annotations

import numpy as np
import pytest

from metrics.statistics.significance import exact_randomization_test
from metrics.teaching.lessons import builtin_lesson, explanation
from metrics.teaching.lessons.compute import board_of, library_value, single_value, value


@pytest.fixture(scope="module")
def disagree():
    return builtin_lesson("libraries-disagree")


@pytest.fixture(scope="module")
def better():
    return builtin_lesson("is-b-better")


def _d(lesson, scene_id) -> np.ndarray:
    return explanation(lesson, lesson.scene(scene_id)).table["d"].to_numpy()


# --------------------------------------------------------------------------- lesson 4


def test_tie_order_trec_eval_reads_the_larger_id_first_ranx_the_input_order(disagree):
    scene = disagree.scene("tie-order")
    board = board_of(disagree, scene)
    tied = [item for item in board.ranking if board.scores[item] == board.scores["d1"]]
    assert tied == ["d1", "d4"] and board.grades["d1"] < 1 <= board.grades["d4"]
    # the page reads the input order, as ranx does; trec_eval reads d4 first
    assert library_value(board, "ranx", "RR", 5) == single_value(board, "RR", None)
    assert library_value(board, "trec_eval", "RR", None) > single_value(board, "RR", None)


def test_ties_averaged_scikit_learn_lies_between_the_two_orders(disagree):
    board = board_of(disagree, disagree.scene("ties-averaged"))
    assert set(board.ranking) == set(board.grades)  # every judged item returned: the ideal is the same everywhere
    page, trec = single_value(board, "nDCG", 4), library_value(board, "trec_eval", "nDCG", 4)
    sklearn = library_value(board, "sklearn", "nDCG", 4)
    assert page < sklearn < trec


def test_float32_ties_the_two_scores_differ_in_64_bits_only_and_straddle_k(disagree):
    board = board_of(disagree, disagree.scene("float32-ties"))
    e3, e4 = board.scores["e3"], board.scores["e4"]
    assert e3 > e4 and np.float32(e3) == np.float32(e4)
    assert board.ranking.index("e3") + 1 == board.k == board.ranking.index("e4")
    assert library_value(board, "trec_eval", "nDCG", 3) == pytest.approx(single_value(board, "nDCG", 3))
    assert library_value(board, "pytrec_eval", "nDCG", 3) != pytest.approx(single_value(board, "nDCG", 3))


def test_three_gains_exponential_gives_the_larger_dcg_but_the_smaller_ndcg(disagree):
    board = board_of(disagree, disagree.scene("three-gains"))
    exponential = board.with_conventions(gain="exponential")
    assert single_value(exponential, "DCG", 5) > single_value(board, "DCG", 5)
    assert single_value(exponential, "nDCG", 5) < single_value(board, "nDCG", 5)
    assert board.ranking.index(max(board.grades, key=board.grades.get)) == 2  # the perfect result is third


def test_the_first_hit_is_below_k_and_the_cut_off_boards_have_more_relevant_items_than_k(disagree):
    deep = board_of(disagree, disagree.scene("first-hit-below-k"))
    assert all((deep.grades[item] or 0) < 1 for item in deep.ranking[:deep.k])
    assert single_value(deep, "RR", None) > 0
    for scene_id in ("three-denominators", "kaggle-apk"):
        board = board_of(disagree, disagree.scene(scene_id))
        assert board.n_relevant > board.k, scene_id
        assert len(board.ranking) == board.k, scene_id


# --------------------------------------------------------------------------- lesson 5


def test_b_has_the_larger_mean_but_loses_more_queries_than_it_wins(better):
    b, c = _d(better, "mean-difference"), _d(better, "steady-gains")
    assert b.mean() > c.mean() > 0
    assert (b < 0).sum() > (b > 0).sum()
    assert (c > 0).all()


def test_c_is_significant_at_0_05_but_not_after_bonferroni_for_ten_tests(better):
    scene = better.scene("steady-gains")
    p = value(better, scene, "t_test_p")
    assert 0.05 / 10 < p < 0.05
    assert value(better, better.scene("is-b-significant"), "t_test_p") > 0.05


def test_the_randomization_p_estimates_two_sign_patterns_of_2_to_the_n(better):
    for scene_id, n in (("sign-flips", 8), ("pilot-study", 5)):
        scene = better.scene(scene_id)
        a, b = (explanation(better, scene).table[column].to_numpy() for column in ("AP_A", "AP_B"))
        assert len(a) == n and ((b - a) > 0).all()
        exact = exact_randomization_test(a, b)
        assert exact == pytest.approx(2 / 2 ** n)
        mc = value(better, scene, "randomization_p")
        assert abs(mc - exact) < 4 * np.sqrt(exact * (1 - exact) / 10_000) + 1e-4
    assert 2 / 2 ** 5 > 0.05  # a five-query pilot can never be significant by this test
