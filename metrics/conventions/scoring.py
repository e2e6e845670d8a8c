"""One ranked list scored under a :class:`~metrics.conventions.presets.Convention`: what a library reports.

The measures, for the ranked list read in the convention's order (rank i counted from 1, ``rel_i`` the grade,
``h_i`` = 1 when the item counts as relevant, R the number of relevant items):

.. math::

    \\mathrm{nDCG@}k = \\frac{\\sum_{i \\le k} g(rel_i) / \\log_2(i+1)}{\\sum_{i \\le k} g(rel^*_i) / \\log_2(i+1)}
    \\qquad \\mathrm{AP@}k = \\frac{1}{D} \\sum_{i \\le k} h_i \\, \\frac{\\sum_{j \\le i} h_j}{i}

    \\mathrm{RR} = \\frac{1}{\\min\\{i : h_i = 1\\}} \\qquad \\mathrm{P@}k = \\frac{\\sum_{i \\le k} h_i}{k}
    \\qquad \\mathrm{R@}k = \\frac{\\sum_{i \\le k} h_i}{R}

with g the gain (``rel``, ``2^rel - 1`` or ``h``), ``rel*`` the ideal ordering and D the AP denominator. RBP (which
trec_eval and pytrec_eval lack; ir_measures and ranx have it) has no cut-off:

.. math::

    \\mathrm{RBP}(p) = w \\sum_{i \\le n} r_i \\, p^{\\,i-1}

with ``r_i = h_i`` (ir_measures' ``RBP(rel=1)``: cwl_eval) or ``rel_i h_i`` (ranx's ``rbp.8``), ``w = 1 - p``, except
cwl_eval, which reads the first n = 1000 ranks only and scales its weights to sum to 1: ``w = (1 - p)/(1 - p^1000)``.

Ties in the scores:

* ``"trec"`` (trec_eval, pytrec_eval): item id descending; ``"as_given"`` (Microsoft recommenders): input order.
* ``"trec_rr_ascending"`` (ir_measures): ``"trec"``, except RR@k (msmarco: item id ascending) and RBP (cwl_eval:
  input order, the run file's), both with scores as 64-bit floats (:func:`compared_as`).
* ``"average"`` (scikit-learn): a tie group counts as one. nDCG, P, R and RR are the mean over all orders of the
  tied items (McSherry & Najork 2008: each rank of a group gets the group's mean gain, ``ndcg_score``); AP has one
  threshold per group, as ``average_precision_score``: :math:`AP = \\sum_n (R_n - R_{n-1}) P_n` over the distinct
  scores, which is not the mean over orders.
* ``"undefined"`` (RecBole: ``torch.topk``), ``"as_given_short"`` (ranx: numba's quicksort keeps the input order
  up to 15 items only), ``"average_ndcg"`` (torchmetrics: nDCG averaged, the other measures ``torch.topk``): the
  order of tied items is not defined, and a measure that depends on it is an :class:`Interval`, the exact range
  over every order of the tied items.
"""

from __future__ import annotations

import itertools
import math
import numbers
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from .._validate import as_grades, as_k
from ..errors import MetricsInputError
from ..measures.ndcg import _gains, _grades
from .presets import STABLE_SORT_LIMIT, Convention

MEASURES = ("nDCG", "AP", "RR", "P", "R")  #: trec_eval's, as score_under labels them before the "@"
#: what score_under reports: :data:`MEASURES` (which :func:`~metrics.conventions.cause_path` and
#: :func:`~metrics.conventions.find_conventions` trace from trec_eval's number) and RBP, which only some libraries
#: have (ir_measures, ranx: a preset's ``offers``)
SCORED = (*MEASURES, "RBP")
#: an arrangement of tie groups (:func:`_arranged`) covers at least this many top ranks (a shorter list whole):
#: sorting them costs about what sorting the top 10 does, and the next cut-offs and measures reuse it
ARRANGED_RANKS = 64


class Interval(tuple):
    """The exact range ``(low, high)`` of a measure over every order of the tied items, for a library that
    leaves that order undefined (torchmetrics and RecBole: ``torch.topk``; ranx beyond 15 items).

    A plain ``(low, high)`` tuple that also formats like a number (``f"{v:.4f}"`` gives ``"0.2500–0.5000"``)
    and subtracts like one: ``abs(interval - x)`` is the distance from ``x`` to the range (0 inside it).

    >>> v = Interval(0.25, 0.5)
    >>> v == (0.25, 0.5), f"{v:.2f}", abs(v - 0.3), abs(v - 0.75)
    (True, '0.25–0.50', 0.0, 0.25)
    >>> import pickle; pickle.loads(pickle.dumps(v)) == v
    True
    """

    def __new__(cls, low: float, high: float):
        if not low <= high:
            raise ValueError(f"an interval needs low <= high, got {low!r}, {high!r}")
        return super().__new__(cls, (float(low), float(high)))

    def __getnewargs__(self):  # pickle (and st.cache_data) rebuild it through __new__(low, high)
        return tuple(self)

    @property
    def low(self) -> float:
        return self[0]

    @property
    def high(self) -> float:
        return self[1]

    @property
    def width(self) -> float:
        return self[1] - self[0]

    def contains(self, value: float, tolerance: float = 0.0) -> bool:
        """Whether ``value`` lies in the range (widened by ``tolerance`` on each side)."""
        return self[0] - tolerance <= value <= self[1] + tolerance

    def __format__(self, spec: str) -> str:
        return f"{format(self[0], spec)}–{format(self[1], spec)}"

    def __repr__(self) -> str:
        return f"Interval({self[0]!r}, {self[1]!r})"

    def __sub__(self, other):
        if isinstance(other, Interval):
            return Interval(self[0] - other[1], self[1] - other[0])
        return Interval(self[0] - other, self[1] - other)

    def __rsub__(self, other):
        return Interval(other - self[1], other - self[0])

    def __abs__(self) -> float:
        return 0.0 if self[0] <= 0.0 <= self[1] else min(abs(self[0]), abs(self[1]))

    def __round__(self, digits: int | None = None):
        return Interval(round(self[0], digits), round(self[1], digits))


def compared_scores(scores, score_type: str = "float64") -> list[float]:
    """``scores`` as a library compares them: rounded to 32-bit floats for ``"float32"`` (trec_eval 9.x's C
    ``float``, so pytrec_eval's; torch's default dtype, so torchmetrics' and RecBole's), so that 1.0 and
    1.0 + 1e-9 tie.

    >>> compared_scores([1.0, 1.0 + 1e-9], "float32")
    [1.0, 1.0]
    """
    values = np.asarray([float(score) for score in scores], dtype=np.float64)
    if score_type == "float32":
        values = values.astype(np.float32).astype(np.float64)
    return values.tolist()


def order_ranking(items, scores, ties: str = "trec") -> list[int]:
    """Positions of ``items`` in ranked order: by score descending, ties broken per ``ties``.

    ``"trec"``: item id descending (trec_eval); ``"id_ascending"``: item id ascending (ir_measures' msmarco
    provider); every other rule: input order (for the rules whose order is undefined, input order is one of the
    possible orders).

    >>> order_ranking(["a", "b", "c"], [1.0, 2.0, 1.0])
    [1, 2, 0]
    >>> order_ranking(["a", "b", "c"], [1.0, 2.0, 1.0], ties="as_given")
    [1, 0, 2]
    """
    items = [str(item) for item in items]
    scores = [float(score) for score in scores]
    if len(items) != len(scores):
        raise MetricsInputError(f"{len(scores)} scores for {len(items)} items")
    if ties == "trec":
        return sorted(range(len(items)), key=lambda i: (scores[i], items[i]), reverse=True)
    if ties == "id_ascending":
        return sorted(range(len(items)), key=lambda i: (-scores[i], items[i]))
    return sorted(range(len(items)), key=lambda i: -scores[i])


def reading_order(items, scores, ties: str = "trec") -> list[list[str]]:
    """The items in the order a tie rule reads them, tied items grouped where their gains are
    averaged (``ties="average"``); every other rule gives groups of one.

    >>> reading_order(["a", "b", "c"], [1, 2, 1], ties="average")
    [['b'], ['a', 'c']]
    >>> reading_order(["a", "b", "c"], [1, 2, 1])
    [['b'], ['c'], ['a']]
    """
    items = [str(item) for item in items]
    groups: list[list[str]] = []
    previous = None
    for position in order_ranking(items, scores, ties):
        score = float(scores[position])
        if ties == "average" and groups and score == previous:
            groups[-1].append(items[position])
        else:
            groups.append([items[position]])
        previous = score
    return groups


def tie_rule(convention: Convention, n_items: int, measure: str) -> str:
    """How ``convention`` reads equal scores for ``measure`` on a list of ``n_items``: ``"trec"``,
    ``"id_ascending"``, ``"as_given"``, ``"average"`` (a tie group as one) or ``"undefined"`` (any order: the
    measure is an interval)."""
    ties = convention.ties
    if ties == "as_given_short":
        return "as_given" if n_items <= STABLE_SORT_LIMIT else "undefined"
    if ties == "average_ndcg":
        return "average" if measure == "nDCG" else "undefined"
    if ties == "trec_rr_ascending":
        if measure == "RBP":  # cwl_eval keeps the run's order among equal scores
            return "as_given"
        return "id_ascending" if measure == "RR" and convention.rr_cutoff else "trec"
    return ties


def compared_as(convention: Convention, n_items: int, measure: str) -> str:
    """How ``convention`` compares scores for ``measure``: its ``score_type``, except where ir_measures hands the
    measure to a provider that sorts Python floats (msmarco for RR@k, cwl_eval for RBP): ``"float64"`` there."""
    if convention.ties == "trec_rr_ascending" and tie_rule(convention, n_items, measure) != "trec":
        return "float64"
    return convention.score_type


def measure_label(convention: Convention, measure: str, k: int) -> str:
    """The measure's name as ``score_under`` gives it: ``"nDCG@5"``, ``"AP"`` without a cut-off, ``"RR"``..."""
    if (measure == "AP" and not convention.ap_cutoff) or (measure == "RR" and not convention.rr_cutoff) \
            or measure == "RBP":  # no library cuts RBP
        return measure
    return f"{measure}@{k}"


# ------------------------------------------------------------------------------------------------ inputs


def _kept(cache: dict | None, key, make):
    """``cache[key]``, made by ``make()`` the first time it is asked for (every time without a cache)."""
    if cache is None:
        return make()
    value = cache.get(key)
    if value is None:
        value = cache[key] = make()
    return value


def _table_size(n: int) -> int:
    """The length of the cached per-rank tables that cover ranks 1..n: a power of two, at least 64, so that a few
    arrays serve every list length (and each rank's entry comes from the same array whatever the length)."""
    return max(64, 1 << max(n - 1, 0).bit_length())


@lru_cache(maxsize=8)
def _divisors(size: int) -> np.ndarray:
    """log2(i + 1) for ranks 1..size, as :func:`metrics.measures.ndcg.discounts` computes them (read-only)."""
    table = np.log2(np.arange(2, size + 2, dtype=float))
    table.setflags(write=False)
    return table


@lru_cache(maxsize=8)
def _persistence(p: float, size: int) -> np.ndarray:
    """RBP's weights 1, p, p², ... for ranks 1..size, each the one before times p (a running product, as a loop
    computes them: not ``p ** i``, which can differ in the last bit); read-only."""
    table = np.multiply.accumulate(np.concatenate(([1.0], np.full(size - 1, p))))
    table.setflags(write=False)
    return table


def _running_total(terms: np.ndarray) -> float:
    """The terms added one at a time to 0.0, first to last, as the measures' loops (and the libraries) add them
    (``np.sum`` adds pairwise: another last bit). ``np.add.accumulate`` (``np.cumsum``) keeps that order, and
    ``+ 0.0`` gives a sum of zeros the loop's sign (0.0 + -0.0 is 0.0); a few terms are added by a loop, which
    costs less than numpy's call."""
    if len(terms) > 32:
        return float(np.add.accumulate(terms)[-1]) + 0.0
    total = 0.0
    for term in terms.tolist():
        total += term
    return total


@dataclass(frozen=True)
class Board:
    """One query's inputs, checked: ``ranking`` (item ids, input order), ``scores`` (same order), ``judged``."""

    ranking: tuple[str, ...]
    scores: tuple[float, ...]
    judged: tuple[tuple[str, float], ...]
    k: int
    #: the scores, the grades in ranking order and the judged grades as numpy arrays, when :meth:`of_floats` made
    #: them (not compared, not shown)
    arrays: tuple[np.ndarray, np.ndarray, np.ndarray] | None = field(default=None, compare=False, repr=False)

    @classmethod
    def of(cls, ranking, judgments: dict, k: int, scores=None) -> Board:
        k = as_k(k, required=True)
        ranking = tuple(str(item) for item in ranking)
        if len(set(ranking)) != len(ranking):
            raise MetricsInputError("the ranking lists an item twice")
        if scores is None:
            scores = range(len(ranking), 0, -1)
        scores = tuple(as_grades(scores, "scores").tolist())  # finite numbers, or MetricsInputError
        if len(scores) != len(ranking):
            raise MetricsInputError(f"{len(scores)} scores for {len(ranking)} items")
        grades = as_grades(list(judgments.values()), "judged").tolist()
        judged = tuple((str(item), grade) for item, grade in zip(judgments, grades))
        return cls(ranking, scores, judged, k)

    @classmethod
    def of_floats(cls, ranking: list[str], judgments: dict[str, float], k: int, scores: list[float],
                  typed: bool = False) -> Board:
        """:meth:`of` for string ids and Python floats (a run's columns): the same board, or the same error, with
        the numbers checked in one vectorised pass instead of one by one. ``typed``: the caller vouches that the
        ids are ``str`` and the numbers ``float`` (:func:`~metrics.conventions.compare_runs`' columns), so their
        types are not checked one by one."""
        values = np.array(scores, dtype=np.float64)
        pool = np.array(list(judgments.values()), dtype=np.float64)
        if not (len(values) == len(ranking) and np.isfinite(values).all() and np.isfinite(pool).all()
                and (typed or (all(type(x) is str for x in ranking) and all(type(x) is str for x in judgments)
                               and all(type(x) is float for x in scores)
                               and all(type(x) is float for x in judgments.values())))
                and len(set(ranking)) == len(ranking)):
            return cls.of(ranking, judgments, k, scores)  # its checks and messages
        grades = np.fromiter(map(judgments.get, ranking, itertools.repeat(0.0)), np.float64, len(ranking))
        return cls(tuple(ranking), tuple(scores), tuple(judgments.items()), as_k(k, required=True),
                   (values, grades, pool))


@dataclass(frozen=True, eq=False)
class Read:
    """A board read under a convention's input choices: grades, hits and tie groups in reading order (numpy
    arrays, never written)."""

    grades: np.ndarray  #: in reading order
    hits: np.ndarray  #: 1.0 where the item counts as relevant, else 0.0
    bounds: np.ndarray  #: where each run of equal scores (tie group) starts, in reading order, then n
    pool: np.ndarray  #: every judged grade (the ideal ordering's source)
    n_relevant: int  #: R

    @property
    def groups(self) -> list[tuple[int, int]]:
        """[start, end) of each tie group."""
        return list(itertools.pairwise(self.bounds.tolist()))


def read(board: Board, convention: Convention, ties: str, _cache: dict | None = None,
         score_type: str | None = None) -> Read:
    """The board's items in ``ties``' reading order with their grades and hits under ``convention``, the scores
    compared as ``score_type`` (default: the convention's, but 64-bit floats for ``"id_ascending"``, ir_measures'
    msmarco provider).

    Vectorised (numpy: one stable sort per tie rule); ``_cache`` (a dict for this board) keeps what readings
    share: the board's arrays (scores, grades, the judged pool) and each sort (per tie rule and score type) with its
    tie groups."""
    if score_type is None:
        score_type = "float64" if ties == "id_ascending" else convention.score_type
    scores, grades, truncated, pool = _kept(_cache, "board", lambda: _board_arrays(board))
    rule = ties if ties in ("trec", "id_ascending") else "as_given"
    order, ordered, bounds = _kept(_cache, ("sorted", rule, score_type),
                                   lambda: _sorted(board, scores, rule, score_type, _cache))
    ordered_grades = (truncated if convention.truncate_grades else grades)[order]
    relevant = ordered_grades >= convention.threshold
    hits = relevant & (ordered > 0) if convention.nonpositive_scores_irrelevant else relevant
    if convention.truncate_grades:
        pool = np.trunc(pool) + 0.0
    in_list = int(np.count_nonzero(relevant))
    n_relevant = int(np.count_nonzero(pool >= convention.threshold)) if convention.recall_pool else in_list
    return Read(ordered_grades, hits.astype(np.float64), bounds, pool, max(n_relevant, in_list))


def _board_arrays(board: Board) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The board's scores and grades (as given, and truncated to integers as ``math.trunc`` does: -0.5 gives 0.0)
    in input order, and every judged grade."""
    if board.arrays is None:
        judged = dict(board.judged)
        grades = np.array(list(map(judged.get, board.ranking, itertools.repeat(0.0))), dtype=np.float64)
        scores, pool = np.array(board.scores, dtype=np.float64), np.array(list(judged.values()), dtype=np.float64)
    else:
        scores, grades, pool = board.arrays
    return scores, grades, np.trunc(grades) + 0.0, pool


def _sorted(board: Board, scores: np.ndarray, rule: str, score_type: str, cache: dict | None):
    """Positions in ``rule``'s reading order: score descending, equal scores by item id descending (``"trec"``),
    ascending (``"id_ascending"``) or in input order (``"as_given"``); the scores in that order (as 32-bit floats
    for ``score_type="float32"``); where each tie group starts, then n.

    One stable sort by score gives the input order. The id rules start from it (kept in ``cache``): its sorted
    scores and tie groups are theirs, and only its tie groups of several items are sorted again, by item id
    (Python's string order): a list without ties is never sorted by id. Item id ascending is trec_eval's order with
    each tie group reversed."""
    if rule == "as_given":
        compared = scores.astype(np.float32).astype(np.float64) if score_type == "float32" else scores
        order = np.argsort(-compared, kind="stable")
        ordered = compared[order]
        changes = (ordered[1:] != ordered[:-1]).nonzero()[0] + 1
        return order, ordered, np.concatenate(([0], changes, [len(ordered)])) if len(ordered) else np.zeros(1, np.intp)
    order, ordered, bounds = _kept(cache, ("sorted", "as_given", score_type),
                                   lambda: _sorted(board, scores, "as_given", score_type, cache))
    if rule == "id_ascending":
        trec = _kept(cache, ("sorted", "trec", score_type), lambda: _sorted(board, scores, "trec", score_type, cache))
        mirrored = np.repeat(bounds[:-1] + bounds[1:] - 1, bounds[1:] - bounds[:-1]) - np.arange(len(order))
        return trec[0][mirrored], ordered, bounds
    several = ((bounds[1:] - bounds[:-1]) > 1).nonzero()[0]
    if len(several):
        order = order.copy()
    for start, end in zip(bounds[several].tolist(), bounds[several + 1].tolist()):
        order[start:end] = sorted(order[start:end].tolist(), key=board.ranking.__getitem__, reverse=True)
    return order, ordered, bounds


# ------------------------------------------------------------------------------------------------ measures


def _dcg(gains: np.ndarray, depth: int) -> float:
    n = min(depth, len(gains))
    return _running_total(gains[:n] / _divisors(_table_size(depth))[:n])


def _ndcg_parts(convention: Convention, r: Read) -> tuple[np.ndarray, np.ndarray]:
    """Gains in reading order and the ideal ordering's gains, sorted (largest first)."""
    if convention.gain == "binary":
        gains = r.hits
        ideal = gains if convention.ideal == "list" else np.ones(r.n_relevant)
    else:  # exponential gain refuses a grade whose 2^g - 1 overflows
        gains = _checked_gains(r.grades, convention.gain)
        ideal = gains if convention.ideal == "list" else _checked_gains(r.pool if len(r.pool) else np.zeros(1),
                                                                        convention.gain)
    return gains, np.sort(ideal)[::-1]


def _checked_gains(grades: np.ndarray, gain: str) -> np.ndarray:
    """The gains of grades already checked by :meth:`Board.of`; where one overflows (exponential gain), the
    measures' own check raises its error."""
    values = _gains(grades, gain)
    if not np.isfinite(values).all():
        _grades(grades.tolist(), gain, "grades")
    return values


def _ndcg(gains: np.ndarray, ideal: np.ndarray, k: int) -> float:
    depth = min(k, max(len(gains), len(ideal)))
    idcg = _dcg(ideal, depth)
    return _dcg(gains, depth) / idcg if idcg else 0.0


def _ap(hits: np.ndarray, k: int | None, denominator: str, n_relevant: int) -> float:
    """Σ over the hits in the first k ranks of (hits so far) / rank, divided per ``denominator``."""
    depth = len(hits) if k is None else k
    ranks = hits[:depth].nonzero()[0] + 1
    found = float(len(ranks))
    total = _running_total(np.arange(1.0, found + 1.0) / ranks)
    d = {"relevant": n_relevant, "found": found, "min_k_relevant": min(depth, n_relevant)}[denominator]
    return total / d if d else 0.0


def _rr(hits: np.ndarray, k: int | None) -> float:
    first = hits[:len(hits) if k is None else k].nonzero()[0]
    return 1.0 / (int(first[0]) + 1) if len(first) else 0.0


def _rbp_gains(convention: Convention, r: Read) -> np.ndarray:
    """RBP's r_i in reading order: 1 for a relevant item, or its grade (``rbp_gain="linear"``, ranx)."""
    if convention.rbp_gain == "binary":
        return r.hits
    return np.where(r.hits != 0, r.grades, 0.0)


def _rbp(gains: np.ndarray, p: float, depth: int | None) -> float:
    """(1 − p) Σ r_i p^(i−1) over the list; with ``depth`` (cwl_eval: 1000) over its first ``depth`` ranks, the
    weights scaled to sum to 1 there."""
    n = len(gains) if depth is None else min(depth, len(gains))
    total = _running_total(gains[:n] * _persistence(p, _table_size(n))[:n])
    return total * ((1.0 - p) if depth is None else (1.0 - p) / (1.0 - p ** depth))


def _plain(measure: str, convention: Convention, r: Read, k: int, gains=None, ideal=None) -> float:
    """``measure`` for the list in reading order (no averaging)."""
    if measure == "nDCG":
        return _ndcg(gains, ideal, k)
    if measure == "RBP":
        return _rbp(gains if gains is not None else _rbp_gains(convention, r), convention.rbp_p, convention.rbp_depth)
    if measure == "AP":
        return _ap(r.hits, k if convention.ap_cutoff else None, convention.ap_denominator, r.n_relevant)
    if measure == "RR":
        return _rr(r.hits, k if convention.rr_cutoff else None)
    found = float(np.count_nonzero(r.hits[:k]))
    if measure == "P":
        return found / k
    return found / r.n_relevant if r.n_relevant else 0.0


def _averaged(measure: str, convention: Convention, r: Read, k: int, gains=None, ideal=None) -> float:
    """``measure`` with every tie group read as one: the mean over all orders of each group (nDCG, RR, P, R), or
    one threshold per group (AP, scikit-learn's ``average_precision_score``)."""
    starts = r.bounds[:-1]
    if measure in ("nDCG", "RBP"):  # each rank gets its group's mean gain; nDCG@k reads the groups above rank k
        read = len(starts) if measure == "RBP" else int(starts.searchsorted(k))
        means = [sum(gains[start:end].tolist()) / (end - start)
                 for start, end in itertools.pairwise(r.bounds[:read + 1].tolist())]
        mean = np.repeat(np.array(means, dtype=np.float64), r.bounds[1:read + 1] - r.bounds[:read])
        return _ndcg(mean, ideal, k) if measure == "nDCG" else _rbp(mean, convention.rbp_p, convention.rbp_depth)
    counts = np.add.reduceat(r.hits, starts) if len(starts) else np.zeros(0)  # hits per group: exact counts
    if measure == "RR":
        depth = len(r.hits) if not convention.rr_cutoff else min(k, len(r.hits))
        with_hit = counts.nonzero()[0]
        if not len(with_hit) or starts[with_hit[0]] >= depth:
            return 0.0
        group = int(with_hit[0])
        start, h, s = int(starts[group]), int(counts[group]), int(r.bounds[group + 1] - starts[group])
        # the first hit at place j of the group with probability C(s - j, h - 1) / C(s, h)
        return sum(math.comb(s - j, h - 1) / (start + j) for j in range(1, min(s - h + 1, depth - start) + 1)) \
            / math.comb(s, h)
    depth = len(r.hits) if measure == "AP" and not convention.ap_cutoff else k
    read = int(starts.searchsorted(depth))  # the groups starting above the cut-off, the last perhaps cut
    start, end = starts[:read], r.bounds[1:read + 1]
    shown = np.minimum(end, depth) - start
    h = counts[:read] * shown / (end - start)  # the group's hits above the cut-off, on average
    found_so_far = np.add.accumulate(h)
    found = float(found_so_far[-1]) + 0.0 if read else 0.0
    if measure == "P":
        return found / k
    if measure == "R":
        return found / r.n_relevant if r.n_relevant else 0.0
    total = _running_total(h * found_so_far / (start + shown))
    d = {"relevant": r.n_relevant, "found": found, "min_k_relevant": min(depth, r.n_relevant)}[
        convention.ap_denominator]
    return total / d if d else 0.0


def _range(measure: str, convention: Convention, r: Read, k: int, gains=None, ideal=None,
           arranged: dict | None = None) -> float | Interval:
    """``measure`` over every order of the tied items: its exact range, or a number where the order cannot matter.

    Each tie group best first (highest gain for nDCG and RBP, relevant first for the others) gives the maximum and
    worst first the minimum: moving a hit (or a larger gain) up never lowers the sum, and every denominator is
    fixed -- except AP divided by the hits found in the top k (torchmetrics) when k cuts a tie group: there the
    number of hits h that the group puts above k changes the denominator, so each possible h is tried, the group's
    top part arranged best or worst. ``arranged`` (a dict) keeps the arrangements for the next measure, cut-off or
    convention reading the same list with the same keys.

    A measure that reads only the first ``min(k, n)`` ranks (every one but RBP and AP or RR without a cut-off) is
    computed on the top of each arrangement only (:func:`_arranged`): the ranks below are never read. When no tie
    group with differing keys starts above that depth, every order reads those ranks alike: the measure is one
    number, and nothing is arranged.
    """
    keys = gains if measure in ("nDCG", "RBP") else r.hits
    arranged = {} if arranged is None else arranged
    n = len(r.hits)
    depth = n if measure == "RBP" or (measure == "AP" and not convention.ap_cutoff) \
        or (measure == "RR" and not convention.rr_cutoff) else min(k, n)
    if depth <= _kept(arranged, "settled", lambda: _settled(keys, r.bounds)):
        return _plain(measure, convention, r, k, gains, ideal)
    values = []
    for best in (False, True):
        _, top, top_gains = _arranged(arranged, keys, r, gains, best, depth)
        values.append(_plain(measure, convention, top, k, top_gains, ideal))
    low, high = min(values), max(values)
    if measure == "AP" and convention.ap_denominator == "found" and convention.ap_cutoff:
        group = int(r.bounds.searchsorted(k, side="right")) - 1  # the tie group at rank k + 1
        if r.bounds[group] < k < n:  # k cuts it
            low, high = _found_ap_range(convention, r, k, (int(r.bounds[group]), int(r.bounds[group + 1])), low,
                                        high, arranged)
    if high - low <= 1e-12 * max(1.0, abs(high)):
        return _plain(measure, convention, r, k, gains, ideal)
    return Interval(low, high)


def _settled(keys: np.ndarray, bounds: np.ndarray) -> int:
    """The first rank of the first tie group whose keys differ (n if none): above it every order of the tied
    items is the reading order, so a measure that reads no deeper has one value."""
    differ = keys[1:] != keys[:-1]
    differ[bounds[1:-1] - 1] = False  # neighbours in different groups
    first = differ.nonzero()[0]
    return int(bounds[bounds.searchsorted(first[0], side="right") - 1]) if len(first) else len(keys)


def _arranged(arranged: dict, keys: np.ndarray, r: Read, gains, best: bool, depth: int):
    """The top of the read list with each tie group sorted by ``keys``, best first or worst first, down to the end
    of the tie group at rank ``depth`` at least: its positions in reading order, the read list in that order and
    its gains (None without ``gains``). Kept in ``arranged``, one per direction: a longer top serves every smaller
    depth (a measure reads no deeper than its depth), and a top covers at least :data:`ARRANGED_RANKS` ranks, so
    that the next cut-offs mostly find it made."""
    top = arranged.get(best)
    if top is None or len(top[0]) < depth:
        end = int(r.bounds[r.bounds.searchsorted(min(max(depth, ARRANGED_RANKS), len(keys)))])
        order = _arrangement(keys, r.bounds, best, end)
        top = arranged[best] = order, _reordered(r, order), None if gains is None else gains[order]
    return top


def _arrangement(keys: np.ndarray, bounds: np.ndarray, best: bool, end: int) -> np.ndarray:
    """Positions 0..end-1 (``end``: where a tie group ends) in reading order with each tie group sorted by
    ``keys``, best (largest) first or worst first, equal keys in their order: one numpy sort on (group, ±key)."""
    groups = int(bounds.searchsorted(end))
    group = np.repeat(np.arange(groups), bounds[1:groups + 1] - bounds[:groups])
    key = keys[:end]
    return np.lexsort((-key if best else key, group))


def _found_ap_range(convention, r: Read, k: int, cut, low: float, high: float,
                    arranged: dict | None = None) -> tuple[float, float]:
    """AP@k divided by the hits found (torchmetrics) where k cuts the tie group ``cut``: every possible number
    h of the group's hits above k, the group's top part and the groups above it arranged best or worst. AP@k
    reads the first k ranks only: the groups above the cut and the cut group's top part."""
    start, end = cut
    in_group = r.hits[start:end] != 0
    ones, zeros = in_group.nonzero()[0] + start, (~in_group).nonzero()[0] + start
    h_all, inside = len(ones), k - start
    arranged = {} if arranged is None else arranged
    for h in range(max(0, h_all - (end - k)), min(h_all, inside) + 1):
        for best in (False, True):
            before = _arranged(arranged, r.hits, r, None, best, start)[0][:start]
            top = (ones[:h], zeros[:inside - h]) if best else (zeros[:inside - h], ones[:h])
            value = _plain("AP", convention, _reordered(r, np.concatenate((before, *top))), k)
            low, high = min(low, value), max(high, value)
    return low, high


def _reordered(r: Read, order: np.ndarray) -> Read:
    """The read list's items at ``order`` (an arrangement, or its top part): the same groups, pool and R."""
    return Read(r.grades[order], r.hits[order], r.bounds, r.pool, r.n_relevant)


def measure_value(convention: Convention, board: Board, measure: str, _cache: dict | None = None):
    """``measure`` (one of :data:`MEASURES`) under ``convention``, before the library's NaN rule and rounding.

    A float, or an :class:`Interval` where the library leaves the order of tied items undefined and that order
    changes the value. ``_cache`` (a dict) shares the reading of the board between calls (between conventions
    and cut-offs too: every key names the choices its entry depends on)."""
    return _measure(convention, board, measure, _cache)(board.k)


def _measure(convention: Convention, board: Board, measure: str, cache: dict | None) -> Callable:
    """:func:`measure_value` as a function of the cut-off k: the board read, and its gains and ideal ordering
    made, once for every k."""
    rule = tie_rule(convention, len(board.ranking), measure)
    key = (compared_as(convention, len(board.ranking), measure), "as_given" if rule in ("average", "undefined")
           else rule, convention.truncate_grades, convention.threshold, convention.nonpositive_scores_irrelevant,
           convention.recall_pool)
    r = _kept(cache, key, lambda: read(board, convention, key[1], cache, key[0]))
    gains = ideal = None
    if measure == "nDCG":
        gains, ideal = _kept(cache, (key, "nDCG", convention.gain, convention.ideal),
                             lambda: _ndcg_parts(convention, r))
    elif measure == "RBP":
        gains = _rbp_gains(convention, r)
    if rule == "average":
        return lambda k: _averaged(measure, convention, r, k, gains, ideal)
    if rule == "undefined":
        arranged = {} if cache is None else cache.setdefault(
            (key, "arranged", convention.gain if measure == "nDCG" else ("RBP", convention.rbp_gain)
             if measure == "RBP" else "hits"), {})
        return lambda k: _range(measure, convention, r, k, gains, ideal, arranged)
    return lambda k: _plain(measure, convention, r, k, gains, ideal)


def reported(convention: Convention, measure: str, value, n_relevant: int, rounded: bool = True):
    """What the library prints for a computed ``value``: None when it lacks the measure, NaN by its rule for a
    query without relevant items, rounded to its decimals (unless ``rounded`` is False)."""
    if measure not in convention.offers:
        return None
    if n_relevant == 0 and measure in convention.nan_when_no_relevant:
        return float("nan")
    if convention.decimals is not None and rounded:
        return round(value, convention.decimals)
    return value


def n_relevant(convention: Convention, board: Board, _cache: dict | None = None) -> int:
    """R under ``convention``'s threshold, grade truncation and pool rule."""
    for key, r in (_cache or {}).items():  # measure_value's readings: R depends on these three choices only
        if isinstance(r, Read) and (key[2], key[3], key[5]) == (convention.truncate_grades, convention.threshold,
                                                                convention.recall_pool):
            return r.n_relevant
    return read(board, convention, "as_given").n_relevant


def score_under(convention: Convention, ranking, judgments: dict, k, scores=None) -> dict:
    """What a library following ``convention`` reports for one ranked list.

    Parameters
    ----------
    convention : a :class:`Convention`, e.g. ``PRESETS["sklearn"]``.
    ranking : item ids in input order (the order a library that keeps input order among ties reads).
    judgments : grade of every judged item; items of the ranking that are missing are unjudged (grade 0).
    k : the cut-off, or several (a list, tuple or range of cut-offs: every one's numbers in one call).
    scores : the system's scores in ``ranking`` order (default: n, n - 1, ..., 1: no ties). The list is read
        by score descending, equal scores per ``convention.ties``.

    Returns
    -------
    dict
        ``{"nDCG@k": ..., "AP@k": ..., "RR": ..., "P@k": ..., "R@k": ...}`` (``"AP"`` and ``"RR"`` without
        the cut-off where the library has none), and ``"RBP"`` (at the convention's ``rbp_p``, never cut) where
        the library has RBP (``offers``: ir_measures, ranx): a float; None for one of the five that the library
        does not offer; NaN
        by the library's rule for a query without relevant items; an :class:`Interval` ``(low, high)`` where
        the library leaves the order of tied items undefined (:data:`TIE_ORDER_REASON`) and that order changes
        the value -- the exact range over all orders of the tied items. For several cut-offs,
        ``{k: that dict}`` per cut-off, in the order given: the same numbers as one call per cut-off, the board
        read once.

    >>> from metrics.conventions import PRESETS
    >>> score_under(PRESETS["recbole"], ["a", "b", "c"], {"b": 1}, 2, scores=[0.5, 0.5, 0.1])["P@2"]
    0.5
    >>> score_under(PRESETS["recbole"], ["a", "b", "c"], {"b": 1}, 1, scores=[0.5, 0.5, 0.1])["P@1"]
    Interval(0.0, 1.0)
    >>> score_under(PRESETS["recbole"], ["a", "b", "c"], {"b": 1}, [1, 2], scores=[0.5, 0.5, 0.1])[2]["P@2"]
    0.5
    """
    ks = cutoffs(k)
    board = Board.of(ranking, judgments, ks[0], scores)
    values, n = raw_values(convention, board, ks, {})
    out = {cut: reports(convention, row, cut, n) for cut, row in values.items()}
    return out if not isinstance(k, numbers.Integral) else out[ks[0]]


def cutoffs(k) -> tuple[int, ...]:
    """One cut-off (an int) or several (a list, tuple or range) as a tuple of checked cut-offs, repeats dropped.

    >>> cutoffs(5), cutoffs([5, 10, 5])
    ((5,), (5, 10))
    """
    if isinstance(k, numbers.Integral) or k is None or isinstance(k, (str, bytes)):
        return (as_k(k, required=True),)
    try:
        ks = tuple(dict.fromkeys(as_k(cut, required=True) for cut in k))
    except TypeError:
        raise MetricsInputError(f"k must be a positive integer or a list of them, got {k!r}") from None
    if not ks:
        raise MetricsInputError("k must name at least one cut-off, got an empty list")
    return ks


def raw_values(convention: Convention, board: Board, ks, cache: dict) -> tuple[dict[int, dict], int]:
    """``{k: {measure: value}}`` under ``convention`` for every cut-off in ``ks`` and every measure of
    :func:`reported_measures`, before the library's NaN rule and rounding (None for a measure the library lacks),
    and R (:func:`n_relevant`).

    ``cache`` (a dict) shares the board's readings: pass the same one for every convention and cut-off of one
    board (:func:`~metrics.conventions.compare_runs` reads each query once for all presets)."""
    out: dict = {k: {} for k in ks}
    for measure in reported_measures(convention):
        if measure not in convention.offers:
            values = [None] * len(ks)
        else:
            value_at = _measure(convention, board, measure, cache)
            if measure_label(convention, measure, ks[0]) == measure:  # no cut-off: one value for every k
                values = [value_at(ks[0])] * len(ks)
            else:
                values = [value_at(k) for k in ks]
        for k, value in zip(ks, values):
            out[k][measure] = value
    return out, n_relevant(convention, board, cache)


def reported_measures(convention: Convention) -> tuple[str, ...]:
    """The measures :func:`score_under` reports under ``convention``: trec_eval's five (None where the library
    lacks one), and RBP where the library has it.

    >>> from metrics.conventions import PRESETS
    >>> reported_measures(PRESETS["trec_eval"]), reported_measures(PRESETS["ranx"])[-1]
    (('nDCG', 'AP', 'RR', 'P', 'R'), 'RBP')
    """
    return tuple(measure for measure in SCORED if measure in MEASURES or measure in convention.offers)


def reports(convention: Convention, row: dict, k: int, n_relevant: int) -> dict:
    """One cut-off's :func:`raw_values` row as :func:`score_under` labels and reports it (:func:`reported`)."""
    return {measure_label(convention, measure, k): None if value is None else
            reported(convention, measure, value, n_relevant) for measure, value in row.items()}


def _multinomial(values: list) -> int:
    """The number of distinct orders of ``values``."""
    count, left = 1, len(values)
    for value in set(values):
        c = values.count(value)
        count *= math.comb(left, c)
        left -= c
    return count


def _multiset_orders(values: list) -> list[tuple]:
    """Every distinct order of ``values``."""
    if len(values) <= 1:
        return [tuple(values)]
    out = []
    for first in sorted(set(values)):
        rest = list(values)
        rest.remove(first)
        out += [(first, *tail) for tail in _multiset_orders(rest)]
    return out


def attained(convention: Convention, board: Board, measure: str, limit: int = 5000) -> set[float] | None:
    """Every value ``measure`` takes over the orders of the tied items (for a tie rule whose order is undefined),
    before NaN and rounding; None when there are more than ``limit`` distinct orders to try."""
    rule = tie_rule(convention, len(board.ranking), measure)
    r = read(board, convention, "as_given", score_type=compared_as(convention, len(board.ranking), measure))
    gains = ideal = None
    if measure == "nDCG":
        gains, ideal = _ndcg_parts(convention, r)
    elif measure == "RBP":
        gains = _rbp_gains(convention, r)
    if rule != "undefined":
        value = measure_value(convention, board, measure)
        return {value} if not isinstance(value, Interval) else None
    keys = gains if measure in ("nDCG", "RBP") else r.hits
    choices, count = [], 1
    for start, end in r.groups:
        part = keys[start:end].tolist()
        orders = [tuple(part)]
        if start < board.k or measure_label(convention, measure, board.k) == measure:
            count *= _multinomial(part)
            if count > limit:
                return None
            orders = _multiset_orders(part)
        choices.append(orders)
    values = set()
    for combo in itertools.product(*choices):
        seq = np.array([x for part in combo for x in part], dtype=np.float64)
        if measure == "nDCG":
            values.add(_ndcg(seq, ideal, board.k))
        elif measure == "RBP":
            values.add(_rbp(seq, convention.rbp_p, convention.rbp_depth))
        else:
            values.add(_plain(measure, convention, Read(r.grades, seq, r.bounds, r.pool, r.n_relevant), board.k))
    return values
