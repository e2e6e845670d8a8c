"""Lessons against the libraries themselves: every number a built-in lesson asks "as a library reports it" (lesson 4)
against that library — pytrec_eval as it is, trec_eval 10.0's order (64-bit scores, ties by document id
descending) through pytrec_eval, scikit-learn's ndcg_score and average_precision_score, ranx, and Microsoft
Recommenders' and torchmetrics' formulas written out where the library is not installed —; the paired measures of
lesson 5 against numpy and scipy's exact permutation test; and the core's parts these lessons use (a library's
uncut measure asked @k, wins and losses, a choice's tests and alpha)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from metrics.errors import MetricsInputError
from metrics.teaching.lessons import answer, builtin_lessons, check_text, explanation, parse_lesson
from metrics.teaching.lessons.compute import board_of, library_value, parse_measure, value
from metrics.teaching.lessons.model import SceneBoard

pytrec_eval = pytest.importorskip("pytrec_eval")

EXACT = 1e-9


def _library_questions():
    """(lesson, scene, board, library, measure) of every library number a built-in lesson asks."""
    for lesson in builtin_lessons():
        for scene in lesson.scenes:
            q = scene.question
            if q is None:
                continue
            if q.library:
                yield lesson, scene, board_of(lesson, scene), q.library, q.measure
            for option in q.options:
                if option.library:
                    yield (lesson, scene, board_of(lesson, scene, option.board, option.conventions), option.library,
                           option.measure)


LIBRARY_QUESTIONS = [pytest.param(*row, id=f"{row[0].id}:{row[1].id}:{row[3]}:{row[4]}")
                     for row in _library_questions()]


# --------------------------------------------------------------------------- references


def _order(board: SceneBoard, rule: str) -> list[str]:
    """The order a library reads: the input order, or trec_eval's (score descending, then document id descending)."""
    if rule == "as_given" or not board.scores:
        return list(board.ranking)
    return sorted(board.ranking, key=lambda item: (board.scores[item], item), reverse=True)


def _trec(board: SceneBoard, name: str, k: int, float32: bool) -> float:
    """trec_eval's number by pytrec_eval: with the board's own scores (pytrec_eval as it is: trec_eval 9, 32-bit
    scores), or with trec_eval 10.0's order (64-bit scores) given as distinct scores."""
    qrels = {"q": {item: int(grade) for item, grade in board.grades.items() if grade is not None}}
    if float32 and board.scores:
        run = {"q": {item: float(board.scores[item]) for item in board.ranking}}
    else:
        order = _order(board, "trec")
        run = {"q": {item: float(len(order) - i) for i, item in enumerate(order)}}
    key = {"RR": "recip_rank", "AP": f"map_cut_{k}", "nDCG": f"ndcg_cut_{k}", "P": f"P_{k}", "R": f"recall_{k}"}[name]
    return pytrec_eval.RelevanceEvaluator(qrels, {key}).evaluate(run)["q"][key]


def _hits(board: SceneBoard, k: int) -> list[bool]:
    return [(board.grades[item] or 0) >= board.threshold for item in _order(board, "as_given")[:k]]


def _relevant(board: SceneBoard) -> int:
    return sum(1 for grade in board.grades.values() if grade is not None and grade >= board.threshold)


def _precisions(hits: list[bool]) -> list[float]:
    return [sum(hits[:i + 1]) / (i + 1) for i, hit in enumerate(hits) if hit]


def _reference(board: SceneBoard, library: str, measure: str) -> float:
    name, k = parse_measure(measure)
    k = k or board.k
    if library in ("trec_eval", "pytrec_eval"):
        return _trec(board, name, k, float32=library == "pytrec_eval")
    if library == "sklearn":
        from sklearn.metrics import average_precision_score, ndcg_score

        truth = [board.grades[item] or 0.0 for item in board.ranking]
        scores = [board.scores[item] for item in board.ranking] if board.scores \
            else list(range(len(board.ranking), 0, -1))
        if name == "nDCG":
            return float(ndcg_score([truth], [scores], k=k))
        return float(average_precision_score([int(t >= board.threshold) for t in truth], scores))
    if library == "ranx":
        ranx = pytest.importorskip("ranx")
        qrels = ranx.Qrels({"q": {item: int(g) for item, g in board.grades.items() if g}})
        scores = board.scores or {item: float(len(board.ranking) - i) for i, item in enumerate(board.ranking)}
        run = ranx.Run({"q": {item: float(scores[item]) for item in board.ranking}})
        metric = {"RR": "mrr", "AP": "map", "nDCG": "ndcg", "P": "precision", "R": "recall"}[name]
        return float(ranx.evaluate(qrels, run, f"{metric}@{k}"))
    hits = _hits(board, k)
    if library == "recommenders" and name == "AP":  # map_at_k: the precisions at the hits over min(k, R)
        return sum(_precisions(hits)) / min(k, _relevant(board))
    if library == "recommenders" and name == "nDCG":  # ndcg_at_k, binary gain, the ideal of min(R, k) ones
        dcg = sum(1 / math.log2(i + 2) for i, hit in enumerate(hits) if hit)
        return dcg / sum(1 / math.log2(i + 2) for i in range(min(_relevant(board), k)))
    if library == "torchmetrics" and name == "AP" and not board.scores:  # retrieval_average_precision(top_k)
        return sum(_precisions(hits)) / sum(hits) if any(hits) else 0.0
    pytest.fail(f"no reference here for {measure} as {library} reports it: add one")


@pytest.mark.parametrize("lesson, scene, board, library, measure", LIBRARY_QUESTIONS)
def test_every_library_number_a_lesson_asks_is_the_library_s(lesson, scene, board, library, measure):
    name, k = parse_measure(measure)
    assert library_value(board, library, name, k) == pytest.approx(_reference(board, library, measure), abs=EXACT)


def test_the_lessons_ask_several_libraries():
    assert {row[3] for row in _library_questions()} >= {"trec_eval", "pytrec_eval", "sklearn", "ranx"}


def test_the_trec_eval_reference_sees_64_bit_scores_and_pytrec_eval_32_bit_ones():
    """The references themselves: two scores equal only as 32-bit floats are a tie for pytrec_eval, not for the
    trec_eval 10.0 order; the core agrees with both."""
    board = SceneBoard({"d3": 1, "d8": 0, "d6": 1}, ("d3", "d8", "d6"), 3, {"d3": 0.30000001, "d8": 0.3, "d6": 0.1})
    assert np.float32(0.30000001) == np.float32(0.3)
    assert _trec(board, "RR", 3, float32=False) == 1.0 and _trec(board, "RR", 3, float32=True) == 0.5
    assert library_value(board, "trec_eval", "RR", None) == 1.0
    assert library_value(board, "pytrec_eval", "RR", None) == 0.5


# --------------------------------------------------------------------------- the core's library part


LIBRARY_LESSON = """\
id = "x"
minutes = 5
languages = ["en"]
title = "x"
summary = "x"
[boards.b]
grades = { a = 0, b = 1 }
ranking = ["a", "b"]
k = 2
[[scenes]]
id = "s"
view = "rr"
board = "b"
title = "t"
say = "t"
[scenes.question]
kind = "value"
measure = "RR@2"
library = "trec_eval"
prompt = "p"
"""


def test_a_library_s_uncut_measure_asked_at_k_is_refused():
    """trec_eval's recip_rank has no cut-off: 'RR@2 as trec_eval reports it' would be its uncut RR under the name
    RR@2. Refused with one line; RR as trec_eval, or RR@2 as ranx (which cuts), is good."""
    lesson, problems = check_text(LIBRARY_LESSON, "x.toml")
    assert lesson is None
    assert [str(p) for p in problems] == [
        "x.toml: scene 's': question: trec_eval computes RR without a cut-off: ask RR, not RR@2"]
    assert check_text(LIBRARY_LESSON.replace('"RR@2"', '"RR"'), "x.toml")[1] == []
    assert check_text(LIBRARY_LESSON.replace('"trec_eval"', '"ranx"'), "x.toml")[1] == []
    sklearn = LIBRARY_LESSON.replace('"RR@2"', '"AP@2"').replace('"trec_eval"', '"sklearn"')
    assert [p.message for p in check_text(sklearn, "x.toml")[1]] == [
        "sklearn computes AP without a cut-off: ask AP, not AP@2"]


def test_library_value_itself_reads_an_uncut_measure_uncut():
    board = SceneBoard({"a": 0, "b": 0, "c": 1}, ("a", "b", "c"), k=2)
    assert library_value(board, "trec_eval", "RR", 2) == pytest.approx(1 / 3)
    assert library_value(board, "ranx", "RR", 2) == 0.0


# --------------------------------------------------------------------------- paired scenes


def _paired_scenes():
    return [pytest.param(lesson, scene, id=f"{lesson.id}:{scene.id}") for lesson in builtin_lessons()
            for scene in lesson.scenes if scene.view == "paired"]


@pytest.mark.parametrize("lesson, scene", _paired_scenes())
def test_wins_losses_and_the_randomization_p_of_every_paired_scene(lesson, scene):
    table = explanation(lesson, scene).table
    d = table["AP_B"].to_numpy() - table["AP_A"].to_numpy()
    assert value(lesson, scene, "wins") == np.count_nonzero(d > 1e-12)
    assert value(lesson, scene, "losses") == np.count_nonzero(d < -1e-12)
    assert value(lesson, scene, "mean_difference") == pytest.approx(d.mean(), abs=EXACT)
    if not np.any(d):
        return
    exact = stats.permutation_test((d,), np.mean, permutation_type="samples", n_resamples=np.inf,
                                   alternative="two-sided").pvalue
    randomized = value(lesson, scene, "randomization_p")
    assert abs(randomized - exact) <= 4 * math.sqrt(exact * (1 - exact) / 10_000) + 1 / 10_001


PAIRED = """\
id = "p"
minutes = 5
languages = ["en"]
title = "p"
summary = "p"
[boards.a1]
grades = { x = 1, y = 0 }
ranking = ["y", "x"]
[boards.b1]
grades = { x = 1, y = 0 }
ranking = ["x", "y"]
[boards.a2]
grades = { u = 1, v = 0 }
ranking = ["u", "v"]
[boards.b2]
grades = { u = 1, v = 0 }
ranking = ["u", "v"]
[boards.a3]
grades = { s = 1, t = 0 }
ranking = ["s", "t"]
[boards.b3]
grades = { s = 1, t = 0 }
ranking = ["t", "s"]
[boards.a4]
grades = { m = 1, n = 0 }
ranking = ["n", "m"]
[boards.b4]
grades = { m = 1, n = 0 }
ranking = ["m", "n"]
[query_sets.A]
q1 = "a1"
q2 = "a2"
q3 = "a3"
q4 = "a4"
[query_sets.B]
q1 = "b1"
q2 = "b2"
q3 = "b3"
q4 = "b4"
[[scenes]]
id = "s"
view = "paired"
systems = ["A", "B"]
title = "t"
say = "t"
[scenes.question]
kind = "value"
measure = "wins"
prompt = "p"
"""


def test_wins_and_losses_count_queries_and_a_tie_counts_as_neither():
    lesson = parse_lesson(PAIRED)
    scene = lesson.scene("s")
    assert answer(lesson, scene) == 2
    assert value(lesson, scene, "losses") == 1
    with pytest.raises(MetricsInputError, match="takes no cut-off"):
        parse_measure("wins@3")


@pytest.mark.parametrize("tests, alpha", [('"10"', "0.05"), ("0", "0.05"), ("10", "5"), ("10", "true")])
def test_a_choice_with_a_bad_tests_or_alpha_is_refused_not_a_crash(tests, alpha):
    """A choice's options read the question's tests and alpha; before, a text for tests was a TypeError out of
    lesson check."""
    question = f"""[scenes.question]
kind = "choice"
pick = "smallest"
tests = {tests}
alpha = {alpha}
prompt = "p"
[[scenes.question.options]]
id = "p"
label = "p"
measure = "t_test_p"
[[scenes.question.options]]
id = "a"
label = "a"
measure = "bonferroni_alpha"
"""
    text = PAIRED[:PAIRED.index("[scenes.question]")] + question
    lesson, problems = check_text(text, "p.toml")
    assert lesson is None and len(problems) == 1
    assert problems[0].field == "question" and ("tests" in problems[0].message or "alpha" in problems[0].message)
    good = text.replace(f"tests = {tests}", "tests = 10").replace(f"alpha = {alpha}", "alpha = 0.05")
    assert check_text(good, "p.toml")[1] == []
