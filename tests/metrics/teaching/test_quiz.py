"""The quiz core: questions, exact answers, and the diagnosis of every named mistake."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import metrics
from metrics import MetricsInputError
from metrics.teaching import quiz

#: fixed questions on which every mistake gives its own number (checked below)
QUESTIONS = {
    "dcg": quiz.build_question([0, 3, 1, 0, 2, 3], k=4, metric="DCG@K"),
    "ndcg": quiz.build_question([0, 2, 1, 0, 3, 1], k=3, metric="nDCG@K", pool=[3]),
    "ndcg_exp": quiz.build_question([0, 2, 1, 0, 3, 1], k=3, metric="nDCG@K", pool=[3], gain="exponential"),
    "ap": quiz.build_question([0, 1, 0, 1, 1, 0, 1], k=5, metric="AP", pool=[1, 1]),
    "rr": quiz.build_question([0, 0, 1, 0, 1, 1], k=6, metric="RR"),
    "p": quiz.build_question([0, 1, 1, 0, 1, 0, 1], k=4, metric="P@K", pool=[1]),
    "r": quiz.build_question([0, 1, 1, 0, 1, 0, 1, 0], k=3, metric="R@K", pool=[1]),
    "f1": quiz.build_question([0, 1, 1, 0, 1, 0, 1, 0], k=3, metric="F1@K", pool=[1]),
}

#: each named mistake, the question it is crafted on, and the value worked out by hand
CRAFTED = [
    # (a) log base, on the top 4 of [0, 3, 1, 0, 2, 3]: 0/ln(2) + 3/ln(3) + 1/ln(4) + 0/ln(5)
    ("natural_log", "dcg", 3 / math.log(3) + 1 / math.log(4)),
    ("log10", "dcg", 3 / math.log10(3) + 1 / math.log10(4)),
    # (b) off by one: rank 1 and 2 divided by 1, rank 3 by log2(3), rank 4 by log2(4)
    ("rank1_undiscounted", "dcg", 3 / 1 + 1 / math.log2(3)),
    ("shifted_discount", "dcg", 3 / math.log2(4) + 1 / math.log2(5)),
    ("rank1_undiscounted", "ndcg", (2 + 1 / math.log2(3)) / (3 + 3 + 2 / math.log2(3))),
    ("shifted_discount", "ndcg", (2 / math.log2(4) + 1 / math.log2(5))
     / (3 / math.log2(3) + 3 / math.log2(4) + 2 / math.log2(5))),
    # (c) gain swapped, both ways
    ("gain_swapped", "dcg", 7 / math.log2(3) + 1 / math.log2(4)),
    ("gain_swapped", "ndcg", (3 / math.log2(3) + 1 / 2) / (7 + 7 / math.log2(3) + 3 / 2)),
    ("gain_swapped", "ndcg_exp", (2 / math.log2(3) + 1 / 2) / (3 + 3 / math.log2(3) + 2 / 2)),
    # (d) ideal from the list ([3, 2, 1]) or from the top K ([2, 1, 0]) instead of all judged ([3, 3, 2])
    ("ideal_from_list", "ndcg", (2 / math.log2(3) + 1 / 2) / (3 + 2 / math.log2(3) + 1 / 2)),
    ("ideal_from_top_k", "ndcg", (2 / math.log2(3) + 1 / 2) / (2 + 1 / math.log2(3))),
    # (h) forgot to normalise
    ("not_normalised", "ndcg", 2 / math.log2(3) + 1 / math.log2(4)),
    # (e) AP: hits at 2, 4, 5 in the top 5: precisions 1/2, 2/4, 3/5; R = 6 (4 in the list + 2 not)
    ("ap_over_found", "ap", (1 / 2 + 2 / 4 + 3 / 5) / 3),
    ("ap_over_k", "ap", (1 / 2 + 2 / 4 + 3 / 5) / 5),
    ("ap_over_min_k_r", "ap", (1 / 2 + 2 / 4 + 3 / 5) / min(5, 6)),
    ("ap_over_list_relevant", "ap", (1 / 2 + 2 / 4 + 3 / 5) / 4),
    ("ap_all_ranks", "ap", (0 + 1 / 2 + 1 / 3 + 2 / 4 + 3 / 5) / 5),
    # (f) RR: hits at 3, 5, 6
    ("rr_last_hit", "rr", 1 / 6),
    ("rr_second_hit", "rr", 1 / 5),
    ("rr_rank_from_zero", "rr", 1 / 2),
    ("rr_gave_rank", "rr", 3.0),
    # (g) P@4: 2 hits in the top 4, 7 retrieved, R = 5
    ("p_over_retrieved", "p", 2 / 7),
    ("p_over_r", "p", 2 / 5),
    # (i) R@3 and F1@3: 2 hits in the top 3, 4 relevant in the list of 8, R = 5 (one more not retrieved);
    # P@3 = 2/3, R@3 = 2/5, F1@3 = 2 · 2/3 · 2/5 / (2/3 + 2/5) = 1/2
    ("r_over_k", "r", 2 / 3),
    ("r_list_relevant", "r", 2 / 4),
    ("f1_arithmetic_mean", "f1", (2 / 3 + 2 / 5) / 2),
    ("f1_gave_p", "f1", 2 / 3),
    ("f1_gave_r", "f1", 2 / 5),
    ("r_list_relevant", "f1", 2 * (2 / 3) * (2 / 4) / (2 / 3 + 2 / 4)),
    # the cut-off ignored
    ("ignored_cutoff", "p", 4 / 7),
    ("ignored_cutoff", "r", 4 / 5),
    ("ignored_cutoff", "f1", 2 * (4 / 8) * (4 / 5) / (4 / 8 + 4 / 5)),
    ("ignored_cutoff", "dcg", 3 / math.log2(3) + 1 / math.log2(4) + 2 / math.log2(6) + 3 / math.log2(7)),
    ("ignored_cutoff", "ap", (1 / 2 + 2 / 4 + 3 / 5 + 4 / 7) / 6),
    # (i) rounding only
    ("rounding", "ap", 0.2667 + 0.012),
]


def test_every_named_mistake_has_a_crafted_answer():
    assert {name for name, _, _ in CRAFTED} == set(quiz.BY_NAME)


def test_fixed_questions_tell_the_mistakes_apart():
    for name, question in QUESTIONS.items():
        values = quiz.mistake_values(question)
        distinct = [v for n, v in values.items() if abs(v - question.answer) > quiz.TOLERANCE]
        assert distinct, name
        for other in distinct:  # min(K, R) is K here by construction: the only exact twin allowed
            twins = [n for n, v in values.items() if abs(v - other) <= quiz.TOLERANCE]
            assert len(twins) == 1 or set(twins) == {"ap_over_k", "ap_over_min_k_r"}, (name, twins)


@pytest.mark.parametrize("name, question, value", CRAFTED, ids=[f"{n}-{q}" for n, q, _ in CRAFTED])
def test_crafted_wrong_answer_is_diagnosed(name, question, value):
    q = QUESTIONS[question]
    if name != "rounding":
        assert quiz.mistake_values(q)[name] == pytest.approx(value, abs=1e-12)  # the hand computation
    for answer in (value, round(value, 3), round(value, 2) if abs(round(value, 2) - value) <= 0.005 else value):
        verdict = quiz.check(q, answer)
        assert not verdict.correct
        assert verdict.exact == q.answer and verdict.answer == answer
        d = verdict.diagnosis
        assert d is not None, (name, answer)
        assert name == d.name or name in d.also, (name, d.name, d.also)
        assert d.title and d.explanation and d.step.text
        assert verdict.message.startswith(d.title)
    if name == "ap_over_min_k_r":  # min(K, R) = K: reported together with "divided by K"
        assert quiz.check(q, value).diagnosis.also == ("ap_over_min_k_r",)
        assert "min(K, R)" in quiz.check(q, value).diagnosis.explanation


def test_diagnosis_carries_the_mistakes_value_and_a_step_in_the_table():
    for name, question, value in CRAFTED:
        q = QUESTIONS[question]
        d = quiz.check(q, value).diagnosis
        assert d.value == pytest.approx(value if name != "rounding" else q.answer)
        explanation = quiz.steps(q)
        table = explanation.table if d.step.table == "ranking" else explanation.details["ideal_table"]
        assert d.step.column in table.columns, (name, d.step)
        assert 1 <= d.step.rank <= len(table), (name, d.step)


def test_the_step_texts_point_at_the_right_place():
    assert "rank 1" in quiz.check(QUESTIONS["dcg"], 3 / math.log(3) + 1 / math.log(4)).diagnosis.step.text
    ideal = quiz.diagnose(QUESTIONS["ndcg"], quiz.mistake_values(QUESTIONS["ndcg"])["ideal_from_list"])
    assert ideal.step.table == "ideal" and ideal.step.rank == 2
    assert "item G (grade 3, not retrieved)" in ideal.step.text
    gain = quiz.diagnose(QUESTIONS["dcg"], 7 / math.log2(3) + 1 / math.log2(4))
    assert (gain.step.column, gain.step.rank) == ("gain", 2)
    assert "grade 3 gives gain 3 here, not 7" in gain.step.text
    rr = quiz.diagnose(QUESTIONS["rr"], 1 / 6)
    assert (rr.step.column, rr.step.rank) == ("first_hit", 3)


def test_a_column_is_named_as_its_header_reads():
    """"Where to look" names a column as the step table's header shows it (COLUMN_LABELS), quoted, never by its
    key (first_hit, discount, counted)."""
    from metrics.explanation import COLUMN_LABELS

    named = 0
    for name, question, value in CRAFTED:
        step = quiz.check(QUESTIONS[question], value).diagnosis.step
        if " column," in step.text or " column:" in step.text:
            named += 1
            assert f"“{COLUMN_LABELS[step.column]}” column" in step.text, (name, step.text)
        assert not any(f"{key} column" in step.text for key in ("first_hit", "discount", "counted")), step.text
    assert named >= 4


def test_the_asked_decimals_are_enforced_when_asked():
    q = quiz.build_question([0, 1, 1, 0, 2], k=5, metric="nDCG@K")
    assert f"Give {quiz.DECIMALS} decimals." in q.prompt
    two = round(q.answer, 2)
    assert quiz.check(q, two).correct  # without ``decimals``: the tolerance alone (a live class's answers)
    short = quiz.check(q, two, decimals=3)
    assert not short.correct and short.short and short.diagnosis is None and short.message == "Give 3 decimals."
    assert quiz.check(q, round(q.answer, 3), decimals=3).correct
    assert quiz.check(q, round(q.answer, 4), decimals=3).correct
    assert not quiz.check(q, two + 0.3, decimals=3).short  # far off: a wrong answer, diagnosed as such
    half = quiz.build_question([0, 1, 0, 0], k=4, metric="RR")  # 0.5 = 0.500: one decimal is enough
    assert quiz.check(half, 0.5, decimals=3).correct


@pytest.mark.parametrize("number, decimals", [(0.56, 2), (0.5600, 2), (0.558, 3), (2.0, 0), (0.1 + 0.2, 1),
                                              (1 / 3, 12)])
def test_decimals_of(number, decimals):
    assert quiz.decimals_of(number) == decimals


def test_right_answers_within_the_tolerance():
    for q in QUESTIONS.values():
        for delta in (0, 0.0049, -0.0049):
            assert quiz.check(q, q.answer + delta).correct
        assert quiz.check(q, round(q.answer, 3)).correct
        assert quiz.check(q, q.answer + 0.0049).diagnosis is None
        for delta in (0.0051, -0.0051):
            assert not quiz.check(q, q.answer + delta).correct
    q = QUESTIONS["p"]
    assert quiz.check(q, 0.52, tolerance=0.05).correct


def test_no_known_mistake():
    q = QUESTIONS["ap"]
    verdict = quiz.check(q, 0.9)
    assert not verdict.correct and verdict.diagnosis is None
    assert verdict.message == quiz.NO_MATCH == "No known mistake matches; compare your steps with the table."
    assert quiz.check(q, float("nan")).diagnosis is None
    with pytest.raises(MetricsInputError):
        quiz.check(q, "0.3")


def test_mistakes_that_give_the_exact_value_are_not_diagnosed():
    q = quiz.build_question([0, 1, 1, 0], k=4, metric="AP")  # K = n, no pool: found = R = min(K, R)
    assert quiz.check(q, q.answer).correct
    # a log-base mistake cannot show in nDCG: the base cancels in DCG / IDCG
    assert "natural_log" not in quiz.mistake_values(QUESTIONS["ndcg"])


def test_bad_arguments():
    with pytest.raises(MetricsInputError):
        quiz.make_question(1, "expert", "AP")
    with pytest.raises(MetricsInputError):
        quiz.make_question(1, "easy", "MAP")
    with pytest.raises(MetricsInputError):
        quiz.build_question([], 1, "AP")
    with pytest.raises(MetricsInputError):
        quiz.build_question([1, 0], 0, "AP")


# --------------------------------------------------------------------------- random questions

seeds = st.integers(min_value=0, max_value=10**6)
difficulties = st.sampled_from(quiz.DIFFICULTIES)
quiz_metrics = st.sampled_from(quiz.QUIZ_METRICS)


def core_value(q: quiz.Question) -> float:
    """The answer straight from the core's public functions."""
    rels = list(q.rels)
    return {
        "DCG@K": lambda: metrics.dcg(rels, q.k, q.gain),
        "nDCG@K": lambda: metrics.ndcg(rels, q.k, q.gain, ideal=q.judged),
        "AP": lambda: metrics.average_precision(rels, q.k, n_relevant=q.n_relevant),
        "RR": lambda: metrics.reciprocal_rank(rels),
        "P@K": lambda: metrics.precision_at_k(rels, q.k),
        "R@K": lambda: metrics.recall_at_k(rels, q.k, n_relevant=q.n_relevant),
        "F1@K": lambda: metrics.f1_at_k(rels, q.k, n_relevant=q.n_relevant),
    }[q.metric]()


@pytest.mark.slow  # many random cases: the full run's tier
@settings(max_examples=150, deadline=None)
@given(seeds, difficulties, quiz_metrics)
def test_the_exact_answer_always_checks_correct(seed, difficulty, metric):
    q = quiz.make_question(seed, difficulty, metric)
    assert q.answer == pytest.approx(core_value(q), abs=1e-12)
    assert quiz.steps(q).value == q.answer
    for answer in (q.answer, round(q.answer, 3), round(q.answer, 2) if abs(round(q.answer, 2) - q.answer) <= 0.005
                   else q.answer):
        verdict = quiz.check(q, answer)
        assert verdict.correct and verdict.diagnosis is None


@pytest.mark.slow  # many random cases: the full run's tier
@settings(max_examples=80, deadline=None)
@given(seeds, difficulties, quiz_metrics)
def test_every_distinguishable_mistake_is_named_on_random_questions(seed, difficulty, metric):
    q = quiz.make_question(seed, difficulty, metric)
    values = quiz.mistake_values(q)
    for name, value in values.items():
        if abs(value - q.answer) <= quiz.TOLERANCE:
            continue
        d = quiz.check(q, value).diagnosis
        assert d is not None
        assert name == d.name or name in d.also or abs(values[d.name] - value) < 1e-9
        explanation = quiz.steps(q)
        table = explanation.table if d.step.table == "ranking" else explanation.details["ideal_table"]
        assert d.step.column in table.columns and 1 <= d.step.rank <= len(table)


@settings(max_examples=100, deadline=None)
@given(seeds, difficulties, quiz_metrics)
def test_questions_follow_their_difficulty(seed, difficulty, metric):
    q = quiz.make_question(seed, difficulty, metric)
    n = len(q.rels)
    assert q.metric == metric and q.difficulty == difficulty and q.seed == seed
    hits_in_k = sum(g >= 1 for g in q.rels[:q.k])
    assert 1 <= hits_in_k < q.k and sum(g >= 1 for g in q.rels) >= 2
    if difficulty == "easy":
        assert 4 <= n <= 5 and q.k == n and not q.pool and max(q.rels) <= 2
    elif difficulty == "medium":
        assert 6 <= n <= 8 and q.k < n and not q.pool and max(q.rels) <= 3
    else:
        assert 8 <= n <= 10 and q.k < n and 1 <= len(q.pool) <= 3 and min(q.pool) >= 1
        assert sorted(q.judged, reverse=True)[:q.k] != sorted(q.rels, reverse=True)[:q.k]
    if q.gain == "exponential":
        assert difficulty == "hard" and metric in ("DCG@K", "nDCG@K") and "exponential" in q.prompt
    assert f"@{q.k}" in q.prompt if metric != "RR" else "no cut-off" in q.prompt
    assert list(quiz.ranking_table(q)["grade"]) == list(q.rels)


@settings(max_examples=40, deadline=None)
@given(seeds, difficulties, quiz_metrics)
def test_questions_are_reproducible_by_seed(seed, difficulty, metric):
    assert quiz.make_question(seed, difficulty, metric) == quiz.make_question(seed, difficulty, metric)
    other = "AP" if metric != "AP" else "RR"  # the same seed asks every metric about the same ranking
    assert quiz.make_question(seed, difficulty, other).rels == quiz.make_question(seed, difficulty, metric).rels


def test_seeds_give_different_questions():
    rankings = {quiz.make_question(seed, "medium", "nDCG@K").rels for seed in range(20)}
    assert len(rankings) >= 15
    # fixed across runs and machines (string seeds, not hash())
    assert quiz.make_question(1, "easy", "nDCG@K").rels == (0, 0, 1, 2, 1)


def test_a_question_travels_as_data_without_its_answer():
    question = quiz.build_question([0, 2, 1, 3], k=3, metric="nDCG@K", pool=[2], gain="exponential",
                                   items=["doc<b>", "y", "z", "w"], pool_items=["v"])
    data = quiz.question_data(question)
    assert "answer" not in data and json.loads(json.dumps(data)) == data
    assert quiz.question_from_data(data) == question


@pytest.mark.parametrize("change", [
    {"rels": [0, 1.5]}, {"rels": [0, -1]}, {"rels": [True, 1]}, {"rels": ["2"]}, {"pool": [float("nan")]},
    {"items": ["A"]}, {"items": ["A", "A"]}, {"pool_items": []}, {"metric": "MAP"}, {"k": 0}, {"seed": "7"},
])
def test_a_question_from_data_refuses_what_it_cannot_read(change):
    data = {**quiz.question_data(quiz.build_question([0, 1], k=2, metric="AP", pool=[1])), **change}
    with pytest.raises(MetricsInputError):
        quiz.question_from_data(data)


def test_grades_are_never_rounded_into_a_question():
    assert quiz.build_question([0, 2.0], k=2, metric="P@K").rels == (0, 2)
    with pytest.raises(MetricsInputError, match="whole numbers"):
        quiz.build_question([0, 1.5], k=2, metric="P@K")


def test_the_quizs_metrics_and_their_mistakes_are_the_registrys_declaration():
    """The measure registry declares which measures the quiz asks (its labels, in the registry's order) and the
    mistakes each is diagnosed with; the quiz implements exactly those mistakes, and every question's answer
    column, name with K and prompt follow the declaration."""
    from metrics.measures.registry import REGISTRY, quizzes

    declared = quizzes()
    assert quiz.QUIZ_METRICS == tuple(spec.label for _, spec in declared)
    assert quiz.QUIZ_METRICS == ("DCG@K", "nDCG@K", "AP", "RR", "P@K", "R@K", "F1@K")
    assert [name for name, _ in declared] == ["DCG", "nDCG", "AP", "RR", "P", "R", "F1"]
    assert all(REGISTRY[name].inputs == "ranking" and REGISTRY[name].steps for name, _ in declared)
    assert set(quiz.PROMPTS) == set(quiz.QUIZ_METRICS)
    for _, spec in declared:
        diagnosed = [m.name for m in quiz.MISTAKES if spec.label in m.metrics]
        assert sorted(diagnosed) == sorted(spec.mistakes) and len(set(spec.mistakes)) == len(spec.mistakes)
        question = quiz.make_question(3, "medium", spec.label)
        assert quiz.COLUMN[spec.label] == spec.column and spec.column in quiz.steps(question).table
        assert question.label == spec.named.format(k=question.k)
    assert {m.name for m in quiz.MISTAKES} == {name for _, spec in declared for name in spec.mistakes}
    assert quiz.ROUNDING_MISTAKE.metrics == quiz.QUIZ_METRICS


def test_a_declared_mistake_the_quiz_lacks_or_an_undeclared_one_is_refused(monkeypatch):
    from dataclasses import replace

    dcg = quiz.QUIZZES["DCG@K"]
    monkeypatch.setitem(quiz.QUIZZES, "DCG@K", replace(dcg, mistakes=dcg.mistakes + ("took_the_median",)))
    with pytest.raises(LookupError, match="took_the_median"):
        quiz._declared(quiz._METHODS)
    monkeypatch.setitem(quiz.QUIZZES, "DCG@K", replace(dcg, mistakes=dcg.mistakes[2:]))
    with pytest.raises(LookupError, match=r"\['natural_log', 'log10'\]"):
        quiz._declared(quiz._METHODS)
