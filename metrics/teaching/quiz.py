"""Quiz: a random ranking, a metric to compute by hand, and a diagnosis of a wrong answer.

A :class:`Question` is a ranking (grades in ranked order), the judged items that were not
retrieved (``pool``), a cut-off ``k``, the metric and its exact answer under trec_eval's
conventions: relevant when grade ≥ 1; nDCG's ideal ordering from all judged items; AP divided
by R, all relevant judged items; RR without a cut-off; P@K divided by K; R@K divided by R; F1@K the
harmonic mean of P@K and R@K.

:func:`check` compares an answer with the exact value (± ``tolerance``). When the answer is
wrong, :func:`diagnose` recomputes the metric under every known wrong method (:data:`MISTAKES`:
a natural log in the discount, a shifted rank, the other gain, the ideal ordering from the list,
AP over the hits found, RR of the last hit, ...) and names the one that gives the answer, with
the step of the exact computation (:func:`steps`) where it goes wrong.

Which metrics a question can ask (:data:`QUIZ_METRICS`) and which mistakes each is diagnosed with are declared in
the measure registry, on each measure's entry (:attr:`metrics.measures.registry.MeasureInfo.quiz`: DCG@K is the
DCG part of nDCG's step table); this module implements the mistakes and refuses a declaration that names one it
lacks, or a mistake no question names.

>>> q = build_question([0, 3, 1, 0, 2], k=5, metric="DCG@K")
>>> round(q.answer, 4)                              # 3/log2(3) + 1/log2(4) + 2/log2(6)
3.1665
>>> check(q, 3.167).correct
True
>>> v = check(q, 4.568)                             # the same sum with ln instead of log2
>>> v.correct, v.diagnosis.name
(False, 'natural_log')
>>> print(v.diagnosis.step.text)
Look at the “divisor log₂(i+1)” column, rank 1: log2(1 + 1) = 1, but ln(2) = 0.693.

Pure and deterministic: no Streamlit, and :func:`make_question` depends only on its arguments.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, replace
from typing import Callable

import numpy as np
import pandas as pd

from ..errors import MetricsInputError
from ..explanation import Explanation
from ..measures.ap import ap_steps
from ..measures.cutoff import f1_steps, precision_steps, recall_steps
from ..measures.ndcg import dcg, dcg_steps, gains, ndcg, ndcg_steps
from ..measures.registry import Quiz, quizzes
from ..measures.rr import rr_steps
from ..messages import N_, Message, counted, leading, message

#: each question's declaration in the measure registry (:attr:`metrics.measures.registry.MeasureInfo.quiz`): the
#: quiz's label -> its label, name with k, answer column and mistakes (DCG@K is the DCG part of nDCG's step table)
QUIZZES: dict[str, Quiz] = {quiz.label: quiz for _, quiz in quizzes()}
#: the metrics a question can ask for, in the registry's order: DCG@K, nDCG@K, AP, RR, P@K, R@K, F1@K
QUIZ_METRICS: tuple[str, ...] = tuple(QUIZZES)
#: difficulty levels, easiest first
DIFFICULTIES = ("easy", "medium", "hard")
#: an answer this close to the exact value counts as right
TOLERANCE = 0.005
#: an answer this close (but not within TOLERANCE) is diagnosed as rounding only
ROUNDING = 0.02
#: relevant when grade ≥ this (trec_eval's default)
THRESHOLD = 1
#: the decimals every question asks for ("Give 3 decimals."; :func:`check` with ``decimals``)
DECIMALS = 3
NO_MATCH = message(N_("No known mistake matches; compare your steps with the table."))

#: the table column whose last row is each metric's value
COLUMN = {label: quiz.column for label, quiz in QUIZZES.items()}


# --------------------------------------------------------------------------- the question


@dataclass(frozen=True)
class Question:
    """One quiz question; build it with :func:`build_question` or :func:`make_question`.

    ``rels`` are the grades in ranked order (``items`` names them), ``pool`` the grades of judged
    items that were not retrieved (``pool_items``), ``answer`` the exact value and ``prompt``
    the question in words (a :class:`metrics.messages.Message`, as are the sentences of :class:`Step`,
    :class:`Diagnosis` and :data:`NO_MATCH`).
    """

    metric: str
    rels: tuple[int, ...]
    k: int
    pool: tuple[int, ...]
    gain: str
    answer: float
    prompt: Message
    items: tuple[str, ...]
    pool_items: tuple[str, ...]
    difficulty: str = "custom"
    seed: int | None = None

    @property
    def judged(self) -> list[int]:
        """Grades of all judged items: retrieved (``rels``) and not (``pool``)."""
        return list(self.rels) + list(self.pool)

    @property
    def n_relevant(self) -> int:
        """R: judged items with grade ≥ 1, retrieved or not."""
        return sum(1 for g in self.judged if g >= THRESHOLD)

    @property
    def grades(self) -> dict[str, int]:
        """{item: grade} for every judged item, ranked ones first."""
        return dict(zip(self.items + self.pool_items, self.judged))

    @property
    def uses_k(self) -> bool:
        """RR has no cut-off; every other metric stops at rank K (its name with k has one)."""
        return "{k}" in QUIZZES[self.metric].named

    @property
    def label(self) -> str:
        """The metric's name with this question's K: ``nDCG@5``, ``AP@5``, ``RR``."""
        return QUIZZES[self.metric].named.format(k=self.k)


def _missed(q) -> int:
    """The relevant judged items the ranked list lacks."""
    return q.n_relevant - len(_hit_ranks(q.rels))


def _hit_ranks(rels, depth: int | None = None) -> list[int]:
    """Ranks (from 1) of the relevant items, down to ``depth``."""
    return [i for i, g in enumerate(rels[:depth], start=1) if g >= THRESHOLD]


#: the questions' sentences, by metric (each asks for DECIMALS = 3 decimals); {unretrieved} is
#: :func:`_unretrieved`'s sentence or nothing
PROMPTS = {
    "DCG@K": N_("Compute DCG@{k} with {gain_text} and the discount log2(rank + 1). Give 3 decimals."),
    "nDCG@K": N_("Compute nDCG@{k} with {gain_text} and the discount log2(rank + 1). The ideal ordering uses all "
                 "judged items.{unretrieved} Give 3 decimals."),
    "AP": N_("Compute AP@{k}. An item is relevant when its grade is at least 1. Divide by R, the number of "
             "relevant judged items, retrieved or not.{unretrieved} Give 3 decimals."),
    "RR": N_("Compute RR, the reciprocal rank, over the whole list (no cut-off). An item is relevant when its "
             "grade is at least 1. Give 3 decimals."),
    "P@K": N_("Compute P@{k}. An item is relevant when its grade is at least 1. Give 3 decimals."),
    "R@K": N_("Compute R@{k}, the recall: the hits in the top {k2} divided by R, the number of relevant judged "
              "items, retrieved or not. An item is relevant when its grade is at least 1.{unretrieved} Give 3 "
              "decimals."),
    "F1@K": N_("Compute F1@{k}, the harmonic mean of P@{k2} and R@{k3} (R counts every relevant judged item, "
               "retrieved or not). An item is relevant when its grade is at least 1.{unretrieved} Give 3 decimals."),
}
GAIN_TEXT = {"exponential": N_("exponential gain 2^grade − 1"), "linear": N_("linear gain (gain = grade)")}


def _unretrieved(n_pool: int) -> Message | str:
    """The sentence on the judged items below the ranking (after a space), or nothing."""
    if not n_pool:
        return ""
    one, many = (N_("{n} more judged item (below the ranking) was not retrieved."),
                 N_("{n} more judged items (below the ranking) were not retrieved."))
    return leading(" ", message(one if n_pool == 1 else many, n=n_pool))


def _prompt(metric: str, k: int, gain: str, n_pool: int) -> Message:
    return message(PROMPTS[metric], k=k, k2=k, k3=k, gain_text=message(GAIN_TEXT[gain]),
                   unretrieved=_unretrieved(n_pool))


def _whole_grades(grades, what: str) -> tuple[int, ...]:
    """Grades as whole numbers ≥ 0 (2.0 is 2; 1.5, -1, True and "2" are refused, never rounded)."""
    try:
        values = list(grades)
    except TypeError:
        raise MetricsInputError(f"{what} must be a list of grades, got {grades!r}") from None
    for grade in values:
        if (isinstance(grade, (bool, np.bool_)) or not isinstance(grade, (int, float, np.integer, np.floating))
                or not math.isfinite(grade) or grade != int(grade) or grade < 0):
            raise MetricsInputError(f"a quiz question's grades are whole numbers 0, 1, 2, …; {what} has {grade!r}")
    return tuple(int(grade) for grade in values)


def _names(names, count: int, default: list[str], what: str) -> tuple[str, ...]:
    if names is None:
        return tuple(default)
    names = tuple(names)
    if len(names) != count or not all(isinstance(name, str) and name.strip() for name in names):
        raise MetricsInputError(f"{what} must be {count} non-empty names, got {names!r}")
    return names


def build_question(rels, k: int, metric: str, pool=(), gain: str = "linear", difficulty: str = "custom",
                   seed: int | None = None, items=None, pool_items=None) -> Question:
    """A question on a given ranking; the answer is computed with the core functions. Items are named
    A, B, C, … unless ``items`` (the ranked ones) and ``pool_items`` (the unretrieved) name them.

    >>> q = build_question([0, 1, 0, 1], k=4, metric="AP", pool=[2])
    >>> q.n_relevant, round(q.answer, 4)                 # (1/2 + 2/4) / 3
    (3, 0.3333)
    >>> q.grades
    {'A': 0, 'B': 1, 'C': 0, 'D': 1, 'E': 2}
    """
    if metric not in QUIZ_METRICS:
        raise MetricsInputError(f"metric must be one of {', '.join(QUIZ_METRICS)}, got {metric!r}")
    if gain not in ("linear", "exponential"):
        raise MetricsInputError(f"gain must be linear or exponential, got {gain!r}")
    rels, pool = _whole_grades(rels, "the ranking"), _whole_grades(pool, "the pool")
    if not rels:
        raise MetricsInputError("a question needs at least one ranked item")
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise MetricsInputError(f"k must be a positive integer, got {k!r}")
    names = [chr(ord("A") + i) if i < 26 else f"d{i + 1}" for i in range(len(rels) + len(pool))]
    items = _names(items, len(rels), names[:len(rels)], "items")
    pool_items = _names(pool_items, len(pool), names[len(rels):], "pool_items")
    if len(set(items + pool_items)) != len(items) + len(pool_items):
        raise MetricsInputError("an item is named twice in the question")
    question = Question(metric=metric, rels=rels, k=k, pool=pool, gain=gain, answer=0.0,
                        prompt=_prompt(metric, k, gain, len(pool)), items=items, pool_items=pool_items,
                        difficulty=difficulty, seed=seed)
    return replace(question, answer=steps(question).value)


def question_data(question: Question) -> dict:
    """The question without its answer, as JSON-able data: what a live class sends its students
    (:func:`question_from_data` rebuilds the question, its answer recomputed).

    >>> q = build_question([0, 2, 1], k=2, metric="nDCG@K", pool=[3], items=["x", "y", "z"], pool_items=["w"])
    >>> data = question_data(q)
    >>> "answer" in data, question_from_data(data) == q
    (False, True)
    """
    q = question
    return {"metric": q.metric, "rels": list(q.rels), "k": q.k, "pool": list(q.pool), "gain": q.gain,
            "items": list(q.items), "pool_items": list(q.pool_items), "difficulty": q.difficulty, "seed": q.seed}


def question_from_data(data) -> Question:
    """The question that :func:`question_data` wrote; MetricsInputError for anything else."""
    if not isinstance(data, dict):
        raise MetricsInputError(f"a quiz question is a dict, got {type(data).__name__}")
    missing = [name for name in ("metric", "rels", "k", "pool", "gain", "items", "pool_items") if name not in data]
    if missing:
        raise MetricsInputError(f"a quiz question needs {', '.join(missing)}")
    seed, difficulty = data.get("seed"), data.get("difficulty", "custom")
    if not (seed is None or (isinstance(seed, int) and not isinstance(seed, bool))) or not isinstance(difficulty, str):
        raise MetricsInputError("a quiz question's seed is a whole number and its difficulty a name")
    return build_question(data["rels"], data["k"], data["metric"], pool=data["pool"], gain=data["gain"],
                          difficulty=difficulty, seed=seed, items=data["items"], pool_items=data["pool_items"])


def _grades(rng: random.Random, n: int, top: int) -> list[int]:
    if top == 1:
        return [rng.randint(0, 1) for _ in range(n)]
    weights = {2: [45, 30, 25], 3: [40, 25, 20, 15]}[top]
    return rng.choices(range(top + 1), weights=weights, k=n)


def make_question(seed: int, difficulty: str, metric: str) -> Question:
    """A random question, the same for the same arguments.

    easy: 4-5 items, grades 0-1 or 0-2, K = the list's length. medium: 6-8 items, grades 0-3,
    K < the list's length. hard: 8-10 items, grades 0-3, K < the length, and 1-3 relevant judged
    items that were not retrieved, chosen so that the ideal top K from all judged items differs
    from the ideal top K of the list; DCG and nDCG questions use exponential gain half the time.
    The ranking depends on the seed and the difficulty only, so the same seed asks every metric
    about the same ranking. Every ranking has a hit in the top K and at least two hits.

    >>> q = make_question(7, "hard", "nDCG@K")
    >>> 8 <= len(q.rels) <= 10 and q.k < len(q.rels) and len(q.pool) >= 1
    True
    >>> make_question(7, "hard", "nDCG@K") == q
    True
    """
    if difficulty not in DIFFICULTIES:
        raise MetricsInputError(f"difficulty must be one of {', '.join(DIFFICULTIES)}, got {difficulty!r}")
    if metric not in QUIZ_METRICS:
        raise MetricsInputError(f"metric must be one of {', '.join(QUIZ_METRICS)}, got {metric!r}")
    rng = random.Random(f"ranking-metrics-quiz:{difficulty}:{int(seed)}")
    lead_miss = rng.random() < 0.6  # rank 1 a miss in most questions: RR = 1 teaches little
    exponential = rng.random() < 0.5
    while True:
        pool: list[int] = []
        if difficulty == "easy":
            n = rng.randint(4, 5)
            rels = _grades(rng, n, rng.choice([1, 2]))
            k = n
        else:
            n = rng.randint(6, 8) if difficulty == "medium" else rng.randint(8, 10)
            rels = _grades(rng, n, 3)
            k = rng.randint(3 if difficulty == "medium" else 4, n - 1)
            if difficulty == "hard":
                pool = [rng.choice([1, 2, 3, 3]) for _ in range(rng.randint(1, 3))]
        top_hits = _hit_ranks(rels, k)
        if not top_hits or len(top_hits) == k or len(_hit_ranks(rels)) < 2:
            continue  # a hit and a miss in the top K, two hits in the list
        if lead_miss and rels[0] >= THRESHOLD:
            continue
        if pool and sorted(rels + pool, reverse=True)[:k] == sorted(rels, reverse=True)[:k]:
            continue  # the unretrieved items must change the ideal ordering
        break
    gain = "exponential" if difficulty == "hard" and exponential and metric in ("DCG@K", "nDCG@K") else "linear"
    return build_question(rels, k, metric, pool=pool, gain=gain, difficulty=difficulty, seed=int(seed))


def steps(question: Question) -> Explanation:
    """The exact computation as the core explains it: ``ndcg_steps``, ``ap_steps``, ``rr_steps``
    or ``precision_steps``, on this question's ranking; ``value`` is the exact answer.

    For DCG@K the nDCG explanation is cut to its DCG part (column ``DCG``); for P@K and R@K the table
    keeps rank, item, rel, relevant, hits and P (or R); F1@K's keeps P, R and F1.

    >>> e = steps(build_question([0, 3, 1, 0, 2], k=5, metric="DCG@K"))
    >>> print(e.worked_text)
    DCG@5 = 0/log2(2) + 3/log2(3) + 1/log2(4) + 0/log2(5) + 2/log2(6) = 3.1665
    """
    q, items = question, list(question.items)
    if q.metric in ("DCG@K", "nDCG@K"):
        explain = ndcg_steps if q.metric == "nDCG@K" else dcg_steps
        e = explain(list(q.rels), k=q.k, gain=q.gain, ideal=q.judged, items=items,
                    ideal_items=list(q.items + q.pool_items))
        return e if q.metric == "nDCG@K" else replace(e, measure=q.label)  # (the question's name: DCG@5)
    if q.metric == "AP":
        return ap_steps(list(q.rels), k=q.k, n_relevant=q.n_relevant, denominator="relevant", items=items)
    if q.metric == "RR":
        return rr_steps(list(q.rels), items=items)
    if q.metric == "P@K":
        e = precision_steps(list(q.rels), q.k, items=items)
        return replace(e, table=e.table[["rank", "item", "rel", "relevant", "hits", "P"]])
    if q.metric == "R@K":
        e = recall_steps(list(q.rels), q.k, n_relevant=q.n_relevant, items=items)
        return replace(e, table=e.table[["rank", "item", "rel", "relevant", "hits", "R"]])
    e = f1_steps(list(q.rels), q.k, n_relevant=q.n_relevant, items=items)
    return replace(e, table=e.table[["rank", "item", "rel", "relevant", "hits", "P", "R", "F1"]])


def ranking_table(question: Question) -> pd.DataFrame:
    """What the student sees: rank, item, grade (and whether the rank is in the top K).

    >>> ranking_table(build_question([0, 2, 1], k=2, metric="P@K")).to_dict("list")
    {'rank': [1, 2, 3], 'item': ['A', 'B', 'C'], 'grade': [0, 2, 1], 'in top K': ['✓', '✓', '']}
    """
    q = question
    table = pd.DataFrame({"rank": range(1, len(q.rels) + 1), "item": list(q.items), "grade": list(q.rels)})
    if q.uses_k:
        table[N_("in top K")] = ["✓" if rank <= q.k else "" for rank in table["rank"]]
    return table


def pool_table(question: Question) -> pd.DataFrame:
    """The judged items that were not retrieved: item and grade."""
    return pd.DataFrame({"item": list(question.pool_items), "grade": list(question.pool)})


# --------------------------------------------------------------------------- mistakes


@dataclass(frozen=True)
class Step:
    """Where to look in the exact computation: ``table`` ("ranking" = ``steps(q).table``,
    "ideal" = its ``details["ideal_table"]``), the column, the rank (a row) and a sentence."""

    table: str
    column: str
    rank: int
    text: Message


@dataclass(frozen=True)
class Mistake:
    """One known wrong method: ``value(q)`` recomputes the metric that way (None when it does
    not apply to this question), ``explain(q)`` says what went wrong, ``step(q)`` where; ``metrics``
    the questions it is diagnosed on, as the registry declares (:attr:`metrics.measures.registry.Quiz.mistakes`)."""

    name: str
    title: str
    value: Callable[[Question], float | None]
    explain: Callable[[Question], Message]
    step: Callable[[Question], Step]
    metrics: tuple[str, ...] = ()


def _dcg_with(grades, k: int, gain: str, discount: Callable[[np.ndarray], np.ndarray]) -> float:
    """DCG@k with another discount function of the rank i = 1, 2, ... (core gains)."""
    g = gains(list(grades)[:k], gain)
    return float(np.sum(g / discount(np.arange(1, g.size + 1, dtype=float))))


def _ideal(q: Question) -> list[int]:
    return sorted(q.judged, reverse=True)


def _dcg_or_ndcg(q: Question, discount) -> float:
    """The question's DCG@K or nDCG@K, every discount replaced by ``discount``."""
    value = _dcg_with(q.rels, q.k, q.gain, discount)
    if q.metric == "DCG@K":
        return value
    best = _dcg_with(_ideal(q), q.k, q.gain, discount)
    return value / best if best else 0.0


def _other_gain(q: Question) -> str:
    return "linear" if q.gain == "exponential" else "exponential"


def _core_value(q: Question, gain: str | None = None, k: int | None | str = "same", ideal=None) -> float:
    """DCG@K / nDCG@K from the core with one choice changed."""
    gain = gain or q.gain
    k = q.k if k == "same" else k
    if q.metric == "DCG@K":
        return dcg(list(q.rels), k, gain)
    return ndcg(list(q.rels), k, gain, ideal=q.judged if ideal is None else ideal)


def _ap_table(q: Question) -> pd.DataFrame:
    return ap_steps(list(q.rels), k=q.k, n_relevant=q.n_relevant, denominator="relevant").table


def _ap_sum(q: Question) -> float:
    return float(_ap_table(q)["running_sum"].iloc[-1])


def _first_hit(q: Question) -> int | None:
    hits = _hit_ranks(q.rels)
    return hits[0] if hits else None


def _hits_in_k(q: Question) -> int:
    return len(_hit_ranks(q.rels, q.k))


def _first_difference(a, b) -> int:
    """The first rank (from 1) where two grade lists differ (1 if they do not)."""
    for rank, (x, y) in enumerate(zip(a, b), start=1):
        if x != y:
            return rank
    return 1


def _gain_rank(q: Question) -> tuple[str, int]:
    """Where the two gains first differ: a grade ≥ 2 in the top K, else in the ideal ordering."""
    for rank, grade in enumerate(q.rels[:q.k], start=1):
        if grade >= 2:
            return "ranking", rank
    return "ideal", 1


def _gain_text(q: Question) -> Message:
    table, rank = _gain_rank(q)
    grade = (q.rels if table == "ranking" else _ideal(q))[rank - 1]
    right = grade if q.gain == "linear" else 2 ** grade - 1
    wrong = 2 ** grade - 1 if q.gain == "linear" else grade
    where = message(N_("“gain” column") if table == "ranking" else N_("ideal ordering's “gain” column"))
    return message(N_("Look at the {where}, rank {rank}: grade {grade} gives gain {right} here, not {wrong}."),
                   where=where, rank=rank, grade=grade, right=right, wrong=wrong)


def _last_row(q: Question) -> int:
    return q.k if q.uses_k else len(q.rels)


def _ideal_step(q: Question, wrong: list[int], how: Message) -> Step:
    rank = _first_difference(_ideal(q)[:q.k], wrong)
    item = steps(q).details["ideal_table"]["item"].iloc[rank - 1]
    grade = _ideal(q)[rank - 1]
    where = (message(N_("not retrieved")) if item in q.pool_items
             else message(N_("ranked {rank}"), rank=q.items.index(item) + 1))
    return Step("ideal", "rel", rank,
                message(N_("Look at the ideal ordering, rank {rank}: item {item} (grade {grade}, {where}) belongs "
                           "there; {how} leaves it out."), rank=rank, item=item, grade=grade, where=where, how=how))


def _rr_step(q: Question, why: Message) -> Step:
    first = _first_hit(q)
    return Step("ranking", "first_hit", first,
                message(N_("Look at the “first relevant item” column, rank {rank}: {why}"), rank=first, why=why))


def _ap_d_step(q: Question, wrong: Message | str) -> Step:
    """Where an AP with the wrong denominator goes wrong (the running sum not written: divided by R, it is the
    answer)."""
    return Step("ranking", "AP", q.k, message(N_("Look at the last row: the “running sum” is divided by R = {R}, not "
                                                 "by {wrong}."), R=q.n_relevant, wrong=wrong))


def _precision_at_k(q: Question) -> float:
    return _hits_in_k(q) / q.k


def _recall_at_k(q: Question) -> float:
    return _hits_in_k(q) / q.n_relevant if q.n_relevant else 0.0


def _f1_of(p: float, r: float) -> float:
    return 2 * p * r / (p + r) if p + r else 0.0


def _listed_relevant(q: Question) -> int:
    return len(_hit_ranks(q.rels))


def _pool_relevant_text(q: Question) -> Message:
    """What R leaves out when counted in the ranked list only (AP, R@K and F1@K share the sentence)."""
    return counted("You divided by the {listed} relevant items in the ranked list. R also counts the {missing} "
                   "relevant judged item that was not retrieved.",
                   "You divided by the {listed} relevant items in the ranked list. R also counts the {missing} "
                   "relevant judged items that were not retrieved.",
                   "missing", listed=_listed_relevant(q), missing=_missed(q))


def _f1_step(q: Question) -> Step:
    p, r = _precision_at_k(q), _recall_at_k(q)
    return Step("ranking", "F1", q.k,
                message(N_("Look at the last row, rank {k}: F1 = 2·P·R / (P + R) = 2 × {p} × {r} / ({p2} + {r2})."),
                        k=q.k, p=f"{p:.4f}", r=f"{r:.4f}", p2=f"{p:.4f}", r2=f"{r:.4f}"))


def _fixed(template: str) -> Callable[[Question], Message]:
    """A sentence without fields, for every question."""
    return lambda q: message(template)


def _last_row_step(column: str | Callable[[Question], str], template: str) -> Callable[[Question], Step]:
    """A step at rank K whose sentence is ``template`` with ``k`` and ``R``."""
    return lambda q: Step("ranking", column if isinstance(column, str) else column(q), q.k,
                          message(template, k=q.k, R=q.n_relevant))


#: the wrong methods the quiz knows, in the order a diagnosis tries them; which questions each is diagnosed on is
#: declared in the registry (:func:`_declared`)
_METHODS: tuple[Mistake, ...] = (
    # (a) the logarithm's base: DCG only, since the base cancels out in DCG / IDCG
    Mistake("natural_log", N_("Natural log in the discount"),
            lambda q: _dcg_or_ndcg(q, lambda i: np.log(i + 1)),
            lambda q: message(N_("You divided by ln(rank + 1). The discount is log2(rank + 1): every term comes out "
                                 "1/ln(2) = {factor} times too large."), factor=f"{1 / math.log(2):.3f}"),
            lambda q: Step("ranking", "discount", 1, message(N_("Look at the “divisor log₂(i+1)” column, rank 1: "
                                                                "log2(1 + 1) = 1, but ln(2) = 0.693.")))),
    Mistake("log10", N_("log10 in the discount"),
            lambda q: _dcg_or_ndcg(q, lambda i: np.log10(i + 1)),
            lambda q: message(N_("You divided by log10(rank + 1). The discount is log2(rank + 1): every term comes "
                                 "out 1/log10(2) = {factor} times too large."), factor=f"{1 / math.log10(2):.3f}"),
            lambda q: Step("ranking", "discount", 1, message(N_("Look at the “divisor log₂(i+1)” column, rank 1: "
                                                                "log2(1 + 1) = 1, but log10(2) = 0.301.")))),
    # (b) off by one rank in the discount
    Mistake("rank1_undiscounted", N_("Discount log2(rank), rank 1 undiscounted"),
            lambda q: _dcg_or_ndcg(q, lambda i: np.maximum(1.0, np.log2(i))),
            _fixed(N_("You left rank 1 undiscounted and divided rank i by log2(i) (the original "
                      "Järvelin-Kekäläinen form). Here every rank i is divided by log2(i + 1).")),
            lambda q: Step("ranking", "discount", min(2, q.k),
                           message(N_("Look at the “divisor log₂(i+1)” column, rank 2: "
                                      "log2(2 + 1) = 1.585, not log2(2) = 1.")))),
    Mistake("shifted_discount", N_("Discount log2(rank + 2)"),
            lambda q: _dcg_or_ndcg(q, lambda i: np.log2(i + 2)),
            _fixed(N_("You divided rank i by log2(i + 2), as if ranks started at 2 (or you added 1 to a "
                      "rank that already counts from 1). Rank 1 is divided by log2(2) = 1.")),
            lambda q: Step("ranking", "discount", 1,
                           message(N_("Look at the “divisor log₂(i+1)” column, rank 1: "
                                      "log2(1 + 1) = 1, not log2(3) = 1.585.")))),
    # (c) the other gain
    Mistake("gain_swapped", N_("Linear and exponential gain swapped"),
            lambda q: _core_value(q, gain=_other_gain(q)),
            lambda q: message(N_("You used exponential gain 2^grade − 1; this question uses linear gain: gain = grade.")
                              if q.gain == "linear" else
                              N_("You used linear gain (gain = grade); this question uses exponential gain "
                                 "2^grade − 1.")),
            lambda q: Step(_gain_rank(q)[0], "gain", _gain_rank(q)[1], _gain_text(q))),
    # (d) the ideal ordering from the wrong items
    Mistake("ideal_from_list", N_("Ideal ordering from the list only"),
            lambda q: _core_value(q, ideal=list(q.rels)),
            _fixed(N_("You built the ideal ordering from the retrieved list only. It is built from all "
                      "judged items, including relevant items the system did not retrieve.")),
            lambda q: _ideal_step(q, sorted(q.rels, reverse=True)[:q.k], message(N_("sorting the retrieved list")))),
    Mistake("ideal_from_top_k", N_("Ideal ordering from the top K only"),
            lambda q: _core_value(q, ideal=list(q.rels[:q.k])),
            lambda q: message(N_("You re-sorted the top {k} to get the ideal ordering. The ideal top {k2} takes the "
                                 "best grades among all judged items, including those ranked below K or not "
                                 "retrieved."), k=q.k, k2=q.k),
            lambda q: _ideal_step(q, sorted(q.rels[:q.k], reverse=True), message(N_("re-sorting the top K")))),
    # (h) no normalisation
    Mistake("not_normalised", N_("Forgot to normalise (gave DCG)"),
            lambda q: dcg(list(q.rels), q.k, q.gain),
            _fixed(N_("You gave DCG@K. nDCG divides it by IDCG@K, the DCG of the ideal ordering.")),
            lambda q: Step("ranking", "nDCG", q.k, message(N_("Look at the last row: DCG@{k} is divided by IDCG@{k2}."),
                                                           k=q.k, k2=q.k))),
    # (e) AP divided by the wrong count
    Mistake("ap_over_found", N_("AP divided by the hits found"),
            lambda q: ap_steps(list(q.rels), k=q.k, n_relevant=q.n_relevant, denominator="found").value,
            lambda q: message(N_("You divided by the {found} hits found in the top {k}. trec_eval divides by "
                                 "R = {R}, every relevant judged item, so missed relevant items lower AP."),
                              found=_hits_in_k(q), k=q.k, R=q.n_relevant),
            lambda q: _ap_d_step(q, message(N_("the {n} hits found"), n=_hits_in_k(q)))),
    Mistake("ap_over_k", N_("AP divided by K"),
            lambda q: _ap_sum(q) / q.k,
            lambda q: message(N_("You divided by K = {k}. AP divides the sum of the precisions at the hits by "
                                 "R = {R}, the number of relevant judged items. (Here K is also min(K, R), "
                                 "RecBole's denominator.)") if q.n_relevant >= q.k else
                              N_("You divided by K = {k}. AP divides the sum of the precisions at the hits by "
                                 "R = {R}, the number of relevant judged items."), k=q.k, R=q.n_relevant),
            lambda q: _ap_d_step(q, f"K = {q.k}")),
    # min(K, R) is always K or R: on a question where it is wrong it equals K, so it is named
    # together with "divided by K" (in Diagnosis.also)
    Mistake("ap_over_min_k_r", N_("AP divided by min(K, R)"),
            lambda q: ap_steps(list(q.rels), k=q.k, n_relevant=q.n_relevant, denominator="min_k_relevant").value,
            lambda q: message(N_("You divided by min(K, R) = {m} (RecBole's convention). trec_eval divides by "
                                 "R = {R}."), m=min(q.k, q.n_relevant), R=q.n_relevant),
            lambda q: _ap_d_step(q, f"min(K, R) = {min(q.k, q.n_relevant)}")),
    Mistake("ap_over_list_relevant", N_("AP divided by the relevant items in the list only"),
            lambda q: _ap_sum(q) / len(_hit_ranks(q.rels)),
            _pool_relevant_text,
            lambda q: _ap_d_step(q, message(N_("the {n} relevant items of the list"), n=len(_hit_ranks(q.rels))))),
    Mistake("ap_all_ranks", N_("Averaged the precision at every rank"),
            lambda q: float(_ap_table(q)["precision"].mean()),
            _fixed(N_("You averaged the precision at every rank. Only ranks holding a relevant item add their "
                      "precision; a miss adds nothing.")),
            lambda q: Step("ranking", "counted", next((r for r in range(1, q.k + 1) if q.rels[r - 1] < THRESHOLD), 1),
                           message(N_("Look at the “counted by AP” column: at a miss the precision is not added.")))),
    # (f) RR of the wrong hit
    Mistake("rr_last_hit", N_("RR of the last hit"),
            lambda q: 1 / _hit_ranks(q.rels)[-1] if _hit_ranks(q.rels) else None,
            lambda q: message(N_("You took 1 / the rank of the last relevant item ({rank}). RR uses the first "
                                 "relevant item only."), rank=_hit_ranks(q.rels)[-1]),
            lambda q: _rr_step(q, message(N_("the first relevant item decides RR.")))),
    Mistake("rr_second_hit", N_("RR of the second hit"),
            lambda q: 1 / _hit_ranks(q.rels)[1] if len(_hit_ranks(q.rels)) > 1 else None,
            lambda q: message(N_("You took 1 / the rank of the second relevant item ({rank}). RR uses the first "
                                 "relevant item."), rank=_hit_ranks(q.rels)[1]),
            lambda q: _rr_step(q, message(N_("the first relevant item decides RR.")))),
    Mistake("rr_rank_from_zero", N_("RR with ranks counted from 0"),
            lambda q: 1 / (_first_hit(q) - 1) if _first_hit(q) and _first_hit(q) > 1 else None,
            lambda q: message(N_("You took 1/{wrong}, counting ranks from 0. Ranks count from 1: the first hit is at "
                                 "rank {first}."), wrong=_first_hit(q) - 1, first=_first_hit(q)),
            lambda q: _rr_step(q, message(N_("the first hit is at rank {rank}, and rank 1 is the top."),
                                          rank=_first_hit(q)))),
    Mistake("rr_gave_rank", N_("Gave the rank, not its reciprocal"),
            lambda q: float(_first_hit(q)) if _first_hit(q) else None,
            lambda q: message(N_("You gave the rank of the first hit. RR is its reciprocal: 1/{first}."),
                              first=_first_hit(q)),
            lambda q: _rr_step(q, message(N_("RR = 1 / {rank}."), rank=_first_hit(q)))),
    # (g) P@K divided by the wrong count
    Mistake("p_over_retrieved", N_("P@K divided by the number retrieved"),
            lambda q: _hits_in_k(q) / len(q.rels),
            lambda q: message(N_("You divided by the {n} items retrieved. P@K divides the hits in the top K by "
                                 "K = {k}."), n=len(q.rels), k=q.k),
            _last_row_step("P", N_("Look at the last row, rank {k}: hits / K."))),
    Mistake("p_over_r", N_("P@K divided by R (that is recall)"),
            lambda q: _hits_in_k(q) / q.n_relevant,
            lambda q: message(N_("You divided by R = {R}, the relevant items: that is recall@K. Precision divides "
                                 "by K = {k}."), R=q.n_relevant, k=q.k),
            _last_row_step("P", N_("Look at the last row, rank {k}: hits / K."))),
    # (i) R@K and F1@K: the wrong denominator, the wrong mean
    Mistake("r_over_k", N_("R@K divided by K (that is precision)"),
            lambda q: _precision_at_k(q),
            lambda q: message(N_("You divided by K = {k}: that is precision@K. Recall divides the hits in the top K "
                                 "by R = {R}, the relevant judged items."), k=q.k, R=q.n_relevant),
            _last_row_step("R", N_("Look at the last row, rank {k}: hits / R = {R}."))),
    Mistake("r_list_relevant", N_("R counted in the list only"),
            lambda q: (_hits_in_k(q) / _listed_relevant(q) if q.metric == "R@K" else
                       _f1_of(_precision_at_k(q), _hits_in_k(q) / _listed_relevant(q))) if _listed_relevant(q) else None,
            _pool_relevant_text,
            _last_row_step(lambda q: COLUMN[q.metric],
                           N_("Look at the last row, rank {k}: R = {R} counts the relevant items that were not "
                              "retrieved."))),
    Mistake("f1_arithmetic_mean", N_("F1 as the arithmetic mean of P and R"),
            lambda q: (_precision_at_k(q) + _recall_at_k(q)) / 2,
            _fixed(N_("You averaged P and R: (P + R) / 2. F1 is their harmonic mean, 2·P·R / (P + R), which "
                      "stays near the smaller of the two.")),
            _f1_step),
    Mistake("f1_gave_p", N_("Gave P@K, not F1@K"),
            lambda q: _precision_at_k(q),
            lambda q: message(N_("You gave P@{k}. F1 combines it with R@{k2}: 2·P·R / (P + R)."), k=q.k, k2=q.k),
            _f1_step),
    Mistake("f1_gave_r", N_("Gave R@K, not F1@K"),
            _recall_at_k,
            lambda q: message(N_("You gave R@{k}. F1 combines it with P@{k2}: 2·P·R / (P + R)."), k=q.k, k2=q.k),
            _f1_step),
    # ignoring the cut-off
    Mistake("ignored_cutoff", N_("Ignored the cut-off K"),
            lambda q: {"AP": lambda: ap_steps(list(q.rels), n_relevant=q.n_relevant, denominator="relevant").value,
                       "P@K": lambda: _listed_relevant(q) / len(q.rels),
                       "R@K": lambda: _listed_relevant(q) / q.n_relevant,
                       "F1@K": lambda: _f1_of(_listed_relevant(q) / len(q.rels), _listed_relevant(q) / q.n_relevant),
                       }.get(q.metric, lambda: _core_value(q, k=len(q.rels)))(),
            lambda q: message(N_("You used the whole list of {n} items. The metric stops at rank K = {k}."),
                              n=len(q.rels), k=q.k),
            lambda q: Step("ranking", COLUMN[q.metric], q.k, message(N_("Look at rank {k}: the table stops at K."),
                                                                     k=q.k))),
)



def _declared(methods: tuple[Mistake, ...]) -> tuple[Mistake, ...]:
    """Each mistake with the questions the registry declares it for (:attr:`metrics.measures.registry.Quiz.mistakes`);
    a mistake the registry names that is not implemented here, or one implemented that no question names, is refused.
    """
    known = {mistake.name for mistake in methods}
    unknown = sorted({name for quiz in QUIZZES.values() for name in quiz.mistakes} - known)
    if unknown:
        raise LookupError(f"the measure registry declares quiz mistakes that metrics.teaching.quiz lacks: {unknown}")
    declared = tuple(replace(mistake, metrics=tuple(label for label, quiz in QUIZZES.items()
                                                    if mistake.name in quiz.mistakes)) for mistake in methods)
    unused = [mistake.name for mistake in declared if not mistake.metrics]
    if unused:
        raise LookupError(f"no quiz of the measure registry declares the mistakes {unused}")
    return declared


#: every mistake, each with the questions it is diagnosed on (the registry's declaration)
MISTAKES: tuple[Mistake, ...] = _declared(_METHODS)

ROUNDING_MISTAKE = Mistake(
    "rounding", N_("Rounding only"), lambda q: q.answer,
    _fixed(N_("Your method is right but the rounding is not: keep 4 decimals in every step (log2(3) = 1.585, not "
              "1.6) and round only the final answer.")),
    lambda q: Step("ranking", COLUMN[q.metric], _last_row(q),
                   message(N_("Compare your intermediate numbers with the table, column by column."))),
    metrics=QUIZ_METRICS)

#: every mistake by name (rounding included)
BY_NAME = {m.name: m for m in MISTAKES + (ROUNDING_MISTAKE,)}


def mistake_values(question: Question) -> dict[str, float]:
    """What each mistake that applies to this question gives (finite values only).

    >>> q = build_question([0, 1, 0, 1], k=4, metric="RR")
    >>> mistake_values(q)
    {'rr_last_hit': 0.25, 'rr_second_hit': 0.25, 'rr_rank_from_zero': 1.0, 'rr_gave_rank': 2.0}
    """
    values = {}
    for mistake in MISTAKES:
        if question.metric in mistake.metrics:
            value = mistake.value(question)
            if value is not None and math.isfinite(value):
                values[mistake.name] = float(value)
    return values


# --------------------------------------------------------------------------- checking


@dataclass(frozen=True)
class Diagnosis:
    """The likely mistake: its name and title, what went wrong, the value that mistake gives,
    the step of the exact computation to look at, and other mistakes giving the same value."""

    name: str
    title: str
    explanation: Message
    value: float
    step: Step
    also: tuple[str, ...] = field(default=())


@dataclass(frozen=True)
class Verdict:
    """The answer checked: ``correct``, the ``exact`` value, the ``answer`` given and, for a wrong
    answer, the ``diagnosis`` (None when no known mistake matches)."""

    correct: bool
    exact: float
    answer: float
    diagnosis: Diagnosis | None
    tolerance: float = TOLERANCE
    short: bool = False  #: close, but written with fewer decimals than asked (:func:`check` with ``decimals``)

    @property
    def message(self) -> str:
        if self.correct:
            return f"Right: the exact value is {self.exact:.4f}."
        if self.short:
            return f"Give {DECIMALS} decimals."
        if self.diagnosis is None:
            return NO_MATCH
        return f"{self.diagnosis.title}. {self.diagnosis.explanation}"


def _diagnosis(mistake: Mistake, question: Question, value: float, also=()) -> Diagnosis:
    return Diagnosis(mistake.name, mistake.title, mistake.explain(question), value, mistake.step(question),
                     tuple(also))


def diagnose(question: Question, answer: float, tolerance: float = TOLERANCE) -> Diagnosis | None:
    """The known mistake whose value is nearest the answer (within ``tolerance``), or None.

    Mistakes that give the exact value on this question cannot be told apart from a right answer
    and are skipped. An answer within :data:`ROUNDING` of the exact value that no mistake
    explains is diagnosed as rounding only.

    >>> q = build_question([0, 1, 0, 1, 1], k=5, metric="AP", pool=[1])
    >>> diagnose(q, (1/2 + 2/4 + 3/5) / 3).name      # divided by the 3 hits found, not R = 4
    'ap_over_found'
    >>> diagnose(q, 0.99) is None
    True
    """
    exact = question.answer
    matches = sorted((abs(answer - value), order, name, value)
                     for order, (name, value) in enumerate(mistake_values(question).items())
                     if abs(value - exact) > tolerance and abs(answer - value) <= tolerance)
    if matches:
        _, _, name, value = matches[0]
        return _diagnosis(BY_NAME[name], question, value, [m[2] for m in matches[1:]])
    if abs(answer - exact) <= ROUNDING:
        return _diagnosis(ROUNDING_MISTAKE, question, exact)
    return None


def decimals_of(number: float) -> int:
    """The decimals a number is written with, at most 12 (0.56 → 2, 0.5600 is 0.56 → 2, 3.0 → 0).

    >>> decimals_of(0.56), decimals_of(0.558), decimals_of(2.0)
    (2, 3, 0)
    """
    return next((d for d in range(13) if math.isclose(round(number, d), number, rel_tol=0, abs_tol=1e-12)), 12)


def too_few_decimals(answer: float, exact: float, decimals: int = DECIMALS) -> bool:
    """Whether ``answer`` has fewer than ``decimals`` decimals where the exact value, rounded to ``decimals``,
    needs them all (0.56 for 0.5584 = 0.558 is too short; 0.5 for 0.5 = 0.500 is not).

    >>> too_few_decimals(0.56, 0.5584), too_few_decimals(0.558, 0.5584), too_few_decimals(0.5, 0.5)
    (True, False, False)
    """
    return decimals_of(answer) < decimals and decimals_of(round(exact, decimals)) > decimals_of(answer)


def check(question: Question, answer: float, tolerance: float = TOLERANCE, decimals: int | None = None) -> Verdict:
    """Right when ``|answer − exact| ≤ tolerance``; otherwise with :func:`diagnose`'s diagnosis. With
    ``decimals`` (what the question asks for, :data:`DECIMALS`), a close answer written with fewer
    decimals than the exact value needs (:func:`too_few_decimals`) is not right: ``short``, no diagnosis.

    >>> q = build_question([0, 1, 0, 0], k=4, metric="RR")
    >>> check(q, 0.5).correct, check(q, 0.504).correct, check(q, 0.51).diagnosis.name
    (True, True, 'rounding')
    >>> check(q, 1.0).diagnosis.title                # 1/(2 - 1)
    'RR with ranks counted from 0'
    >>> q = build_question([0, 0, 1, 0], k=4, metric="RR")   # 1/3 = 0.3333
    >>> check(q, 0.33).correct, check(q, 0.33, decimals=3).short, check(q, 0.333, decimals=3).correct
    (True, True, True)
    """
    if isinstance(answer, bool) or not isinstance(answer, (int, float, np.floating, np.integer)):
        raise MetricsInputError(f"the answer must be a number, got {answer!r}")
    answer = float(answer)
    if not math.isfinite(answer):
        return Verdict(False, question.answer, answer, None, tolerance)
    if abs(answer - question.answer) <= tolerance + 1e-12:
        if decimals is not None and too_few_decimals(answer, question.answer, decimals):
            return Verdict(False, question.answer, answer, None, tolerance, short=True)
        return Verdict(True, question.answer, answer, None, tolerance)
    return Verdict(False, question.answer, answer, diagnose(question, answer, tolerance), tolerance)
