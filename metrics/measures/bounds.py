r"""Unjudged items bounded: a measure's value when the unjudged items of a ranking are non-relevant, judged-only,
and the exact interval over every grade they could have.

A ranking's grades are ``None`` where the item is unjudged (not in the qrels).  For a parsed measure,
:func:`measure_bounds` returns a :class:`Bounds`:

``value``
    unjudged as non-relevant (grade 0), trec_eval's default (bpref and infAP read an unjudged item their
    own way, as trec_eval does);
``judged_only``
    the unjudged items removed and the list condensed before the cut-off, trec_eval's ``-J`` (Sakai's
    condensed lists; R and the ideal ranking stay the qrels');
``lower``, ``upper``
    the smallest and the largest value over every *filling*: each unjudged item of the ranking given any
    integer grade of :func:`fill_grades`, :math:`\{\min(g_{\min}, 0), \dots, g_{\max}\}` (the qrels' smallest
    and largest grade, rounded outwards to integers; 0 is in the set, so ``value`` is a filling).  A filled
    item is a judged item: it counts in R, in the ideal ranking (IDCG) and, for bpref and infAP, among the
    judged non-relevant items.  Items the run did not retrieve stay as the qrels say (an item neither judged nor
    retrieved is non-relevant, as every measure assumes).  Both bounds are exact: each is the value of a
    filling (``lower_fill``, ``upper_fill``, one grade per unjudged item, in rank order) and no filling is
    outside them.

Methods (``method``), per measure; the proofs are in the docs (``docs/src/conventions.md``, "Unjudged items
bounded") and ``tests/metrics/measures/test_bounds.py`` checks each against the enumeration of every filling:

``monotone`` (P, Success, RR, RBP, ERR with grades in [0, max_grade]; INSQ and SDCG, C/W/L models whose W does
not read the gains, so EU = sum W(i) g(i) rises with each gain)
    the value never decreases when one item's grade rises and does not read R: the lowest grade everywhere
    gives ``lower``, the highest ``upper`` (Moffat & Zobel's RBP residual is this upper bound minus the value,
    within the ranking).
``count`` (R, F1, Rprec, AP with denom R or minKR, RelP, RprecMult, IPrec, IPrec11, BinG, the Set measures,
Utility, NumRet, NumRel, NumRelRet)
    binary (relevant: grade >= rel), a function of the relevance of the ranked items and R only, and for a
    fixed R it never decreases when a relevant item swaps with a non-relevant one above it.  Among the
    fillings with c relevant unjudged items (R = R_judged + c), the c highest-ranked unjudged items give the
    largest value and the c lowest-ranked the smallest (an exchange argument); ``lower`` and ``upper`` are
    the extremes over c = 0..u: 2(u + 1) evaluations.
``ideal`` (nDCG with gain lin or exp)
    DCG is linear in each gain with a non-negative discount, IDCG is convex in each gain (a top-k sum with
    decreasing discounts is the largest sum over assignments) and depends only on the multiset of the gains.
    So nDCG is quasi-concave in each filled gain: the smallest value is at a filling with extreme grades
    only, with the c highest grades at the c lowest-ranked unjudged items (fixed multiset: fixed IDCG); the
    largest is over multisets of grades for the unjudged items within the depth (items beyond it at the lowest
    grade: they only raise IDCG), sorted best first down the ranking (rearrangement inequality):
    C(u_k + G - 1, G - 1) evaluations for G grades, refused beyond :data:`LIMIT`.
``exhaustive`` (AP with denom found, Bpref, infAP, G, nDCGRel, RnDCG, NumNonRelJudgedRet, nDCG with a gain
map, ERR with negative grades, the C/W/L measures INST, BPM and NERR8 .. NERR11: their C(i) falls as the gain
rises, a gain can shorten the reading, so the rule of the monotone ones is not known to hold)
    every filling over one grade per class the measure tells apart, refused beyond :data:`LIMIT` fillings
    with the measure, the number of unjudged items and the limit named (:class:`BoundsRefused`).
``constant`` (NumQ): 1.

GMAP and GMBpref: each query's AP (Bpref) bounds; their geometric mean over the queries is monotone in each
query's value, so the geometric means of the bounds bound it exactly (:mod:`metrics.batch.bounds`).

Refused: Judged (it measures the judgements themselves: any filling judges every item).

References
----------
Moffat & Zobel, Rank-biased precision for measurement of retrieval effectiveness, ACM TOIS 27(1), 2008
(residuals).  Sakai, Alternatives to bpref, SIGIR 2007 (condensed lists).  Lu, Moffat & Culpepper, The effect
of pooling and evaluation depth on IR metrics, Information Retrieval Journal 19(4), 2016 (score intervals
over the unjudged items).  Buckley & Voorhees, Retrieval evaluation with incomplete information, SIGIR 2004.

>>> from metrics.measures.names import parse_measure
>>> b = measure_bounds(parse_measure("P@3"), [1, None, 0], [1, 0])
>>> b.value, b.judged_only, b.lower, b.upper, b.unjudged
(0.3333333333333333, 0.3333333333333333, 0.3333333333333333, 0.6666666666666666, 1)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ..errors import MetricsInputError
from .cwl_measures import GAIN_FREE
from .names import parse_measure
from .registry import REGISTRY, measure_value

__all__ = ["LIMIT", "Bounds", "BoundsRefused", "Overlap", "fill_grades", "intervals_overlap", "measure_bounds",
           "method_of"]

#: the most fillings (or multisets) evaluated for one query and measure (a value function takes milliseconds);
#: beyond, :func:`measure_bounds` refuses
LIMIT = 4096

_MONOTONE = {"P", "Success", "RR", "RBP", "ERR", "DCG"} | GAIN_FREE
_COUNT = {"R", "F1", "Rprec", "AP", "RelP", "RprecMult", "IPrec", "IPrec11", "BinG", "SetP", "SetR", "SetF",
          "SetAP", "SetRelP", "Utility", "NumRet", "NumRel", "NumRelRet"}
_JUDGEMENT_SENSITIVE = {"Bpref", "infAP", "NumNonRelJudgedRet"}  #: tell a judged non-relevant item from none
_REFUSED = {
    "Judged": "Judged measures the judgements themselves: every filling judges every item (Judged = 1)",
}


class BoundsRefused(MetricsInputError):
    """A measure the bounds cannot give exactly (or not within :data:`LIMIT` evaluations)."""


@dataclass(frozen=True)
class Bounds:
    """One query's value of one measure with its unjudged items: see the module's docstring."""

    measure: str
    value: float  #: unjudged as non-relevant (trec_eval)
    judged_only: float  #: unjudged removed, the list condensed (trec_eval -J)
    lower: float  #: the smallest value over every filling
    upper: float  #: the largest value over every filling
    unjudged: int  #: unjudged items within the measure's depth
    method: str  #: monotone, count, ideal, exhaustive or constant
    lower_fill: tuple[int, ...] = ()  #: a filling reaching ``lower`` (one grade per unjudged item, rank order)
    upper_fill: tuple[int, ...] = ()  #: a filling reaching ``upper``
    #: a binary measure's bpref and infAP at its rel, the trec_eval measures made for unjudged items (else empty)
    incomplete: dict[str, float] = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {"value": self.value, "judged_only": self.judged_only, "lower": self.lower, "upper": self.upper,
                "unjudged": self.unjudged, **self.incomplete}


def fill_grades(judged: Sequence[float]) -> tuple[int, ...]:
    """The grades a filling gives an unjudged item: the integers from min(g_min, 0) to g_max of ``judged``
    (rounded outwards).

    >>> fill_grades([2, 1, 0]), fill_grades([-1, 3.5]), fill_grades([])
    ((0, 1, 2), (-1, 0, 1, 2, 3, 4), (0,))
    """
    values = [float(g) for g in judged if g is not None]
    low = min([0.0, *values])
    high = max([0.0, *values])
    return tuple(range(math.floor(low), math.ceil(high) + 1))


def method_of(measure) -> str:
    """The method :func:`measure_bounds` uses for a parsed measure (before any refusal for size).

    >>> from metrics.measures.names import parse_measure
    >>> [method_of(parse_measure(m)) for m in ("P@5", "AP", "AP(denom=found)", "nDCG@10", "Bpref")]
    ['monotone', 'count', 'exhaustive', 'ideal', 'exhaustive']
    """
    name = measure.name
    over = REGISTRY[name].steps.over_queries if REGISTRY[name].steps else None
    if over:
        return method_of(replace(measure, name=over))
    if name in _REFUSED:
        return "refused"
    if name == "NumQ":
        return "constant"
    if name in _MONOTONE:
        return "monotone"
    if name == "AP" and measure.param("denom") == "found":
        return "exhaustive"
    if name in _COUNT:
        return "count"
    if name == "nDCG" and measure.param("gains") is None:
        return "ideal"
    return "exhaustive"


def _depth(measure, n: int) -> int:
    info = REGISTRY[measure.name]
    if info.cutoff_kind == "depth" and measure.k is not None:
        return min(int(measure.k), n)
    return n


def _threshold(measure) -> float:
    return measure.param("rel") if "rel" in REGISTRY[measure.name].param_names else 1


def filled(grades, positions, fill) -> list:
    """``grades`` with the ones at ``positions`` replaced by ``fill``, in order."""
    filled = list(grades)
    for position, grade in zip(positions, fill):
        filled[position] = grade
    return filled


def measure_bounds(measure, grades: Sequence, judged: Sequence = (), *, fill: Sequence[int] | None = None,
                   limit: int = LIMIT) -> Bounds:
    r"""The value of a parsed measure on one ranking with unjudged items, judged-only, and its exact interval.

    Parameters
    ----------
    measure
        A parsed measure (:func:`metrics.measures.names.parse_measure`).
    grades
        The ranked items' grades, ``None`` where unjudged.
    judged
        Every judged grade of the query (retrieved or not), as :func:`~metrics.measures.registry.measure_value`
        takes them.
    fill
        The grades an unjudged item may take (default :func:`fill_grades` of ``judged``: the integers from
        :math:`\min(g_{\min}, 0)` to :math:`g_{\max}`; the command line passes the whole qrels' range).
    limit
        The most evaluations of one search (``ideal`` and ``exhaustive`` methods) before refusing.

    Returns
    -------
    Bounds
        ``value``, ``judged_only``, ``lower <= upper``, each bound reached by its filling
        (``lower_fill``, ``upper_fill``).

    Raises
    ------
    BoundsRefused
        Judged (never bounded), or a search beyond ``limit``: the message names the measure, the unjudged items
        and the limit.

    >>> from metrics.measures.names import parse_measure
    >>> b = measure_bounds(parse_measure("AP"), [1, None, 0, None], [1, 0, 0])
    >>> round(b.lower, 4), round(b.upper, 4), b.lower_fill, b.upper_fill, b.incomplete
    (0.75, 1.0, (0, 1), (0, 0), {'bpref': 1.0, 'infAP': 1.0})
    """
    bounds = _interval(measure, grades, judged, fill, limit)
    return replace(bounds, incomplete=_incomplete(measure, grades, judged))


def _incomplete(measure, grades, judged) -> dict[str, float]:
    """bpref and infAP at a binary measure's rel (trec_eval's, unjudged items read their way)."""
    if "rel" not in REGISTRY[measure.name].param_names or measure.name in {"Bpref", "infAP", "GMBpref"}:
        return {}
    theta = measure.param("rel")
    rel = "" if theta == 1 else f"(rel={theta:g})"
    judged = [g for g in judged if g is not None]
    return {key: float(measure_value(parse_measure(name + rel), list(grades), judged))
            for key, name in (("bpref", "Bpref"), ("infAP", "infAP"))}


def _interval(measure, grades, judged, fill, limit) -> Bounds:
    """:func:`measure_bounds` but bpref and infAP."""
    over = REGISTRY[measure.name].steps.over_queries if REGISTRY[measure.name].steps else None
    if over:  # GMAP, GMBpref: each query's AP (Bpref); their geometric mean is monotone in each
        return replace(_interval(replace(measure, name=over), grades, judged, fill, limit), measure=str(measure))
    method = method_of(measure)
    if method == "refused":
        raise BoundsRefused(f"{measure}: no bounds per query ({_REFUSED[measure.name]})")
    judged = [g for g in judged if g is not None]
    grades = list(grades)
    positions = [i for i, g in enumerate(grades) if g is None]
    depth = _depth(measure, len(grades))
    in_depth = sum(1 for i in positions if i < depth)
    fill = tuple(fill_grades(judged) if fill is None else sorted(set(int(g) for g in fill)))
    if 0 not in fill:
        fill = tuple(sorted({0, *fill}))

    def value_of(choice) -> float:
        return measure_value(measure, filled(grades, positions, choice), [*judged, *choice])

    zeros = (0,) * len(positions)
    if method == "constant":  # NumQ: one per query, whatever the grades
        return Bounds(str(measure), 1.0, 1.0, 1.0, 1.0, in_depth, method, zeros, zeros)
    value = float(measure_value(measure, grades, judged))
    judged_only = float(measure_value(measure, [g for g in grades if g is not None], judged))
    if not positions:
        return Bounds(str(measure), value, judged_only, value, value, in_depth, method, zeros, zeros)
    if method == "ideal":
        low, low_fill = _extreme(value_of, _count_fillings(len(positions), fill[0], fill[-1]), min)
        candidates = _ideal_fillings(measure, len(positions), in_depth, fill, limit)
        high, high_fill = _extreme(value_of, candidates, max)
    else:
        if method == "monotone" and measure.name == "ERR" and fill[0] < 0:
            method = "exhaustive"
        if method == "monotone":
            low, low_fill = _extreme(value_of, [(fill[0],) * len(positions)], min)
            high, high_fill = _extreme(value_of, [(fill[-1],) * len(positions)], max)
        else:  # one search gives both ends
            fillings = _count_fillings(len(positions), *_binary_grades(fill, _threshold(measure))) \
                if method == "count" else _exhaustive_fillings(measure, positions, in_depth, fill, limit)
            (low, low_fill), (high, high_fill) = extremes(value_of, fillings)
    return Bounds(str(measure), value, judged_only, low, high, in_depth, method, low_fill, high_fill)


def extremes(value_of, fillings) -> tuple[tuple[float, tuple], tuple[float, tuple]]:
    """The smallest and the largest value of ``value_of`` over ``fillings``, each with the first filling reaching it,
    every filling evaluated once."""
    low = high = None
    for choice in fillings:
        value = float(value_of(choice))
        if low is None or min(value, low[0]) != low[0]:  # (as _extreme compares)
            low = (value, tuple(choice))
        if high is None or max(value, high[0]) != high[0]:
            high = (value, tuple(choice))
    return low, high


def _extreme(value_of, fillings, pick) -> tuple[float, tuple[int, ...]]:
    """The smallest (``pick=min``) or largest value over ``fillings``, and the first filling reaching it."""
    best = None
    for choice in fillings:
        value = float(value_of(choice))
        if best is None or pick(value, best[0]) != best[0]:
            best = (value, tuple(choice))
    return best


def _binary_grades(fill, threshold: float) -> tuple[int, int]:
    """A non-relevant and a relevant grade of ``fill`` (the same one when every grade is on one side)."""
    below = [g for g in fill if g < threshold]
    above = [g for g in fill if g >= threshold]
    low = below[0] if below else above[0]
    return low, (above[-1] if above else low)


def _count_fillings(u: int, low: int, high: int):
    """For c = 0..u, the c first unjudged items at ``high`` (the rest ``low``), then the c last ones."""
    for c in range(u + 1):
        yield (high,) * c + (low,) * (u - c)
        yield (low,) * (u - c) + (high,) * c


def _ideal_fillings(measure, u: int, in_depth: int, fill, limit: int):
    """nDCG's largest value: every multiset of grades for the unjudged items within the depth, best first down
    the ranking, the items beyond the depth at the lowest grade."""
    count = math.comb(in_depth + len(fill) - 1, len(fill) - 1)
    if count > limit:
        raise BoundsRefused(f"{measure}: {in_depth} unjudged items within the depth and {len(fill)} grades make "
                            f"{count} fillings to search, over the limit of {limit}")
    rest = (fill[0],) * (u - in_depth)
    for combo in itertools.combinations_with_replacement(sorted(fill, reverse=True), in_depth):
        yield tuple(combo) + rest


def _classes(measure, fill) -> list[int]:
    """One grade per class of grades the measure tells apart: all of them for a graded measure, else by
    relevance (>= rel) and, for bpref, infAP and NumNonRelJudgedRet, by sign (a negative grade is
    not a judged non-relevant item there)."""
    info = REGISTRY[measure.name]
    if "rel" not in info.param_names or measure.name in {"nDCG", "G", "nDCGRel", "RnDCG", "ERR"}:
        return list(fill)
    threshold = measure.param("rel")
    seen: dict[tuple, int] = {}
    for grade in fill:
        key = (grade >= threshold, grade >= 0) if measure.name in _JUDGEMENT_SENSITIVE else (grade >= threshold,)
        seen.setdefault(key, grade)
    return list(seen.values())


def _exhaustive_fillings(measure, positions, in_depth: int, fill, limit: int):
    grades = _classes(measure, fill)
    count = len(grades) ** len(positions)
    if count > limit:
        raise BoundsRefused(f"{measure}: {len(positions)} unjudged items ({in_depth} within the depth) and "
                            f"{len(grades)} grades to tell apart make {count} fillings, over the limit of {limit}; "
                            f"no exact rule is known for this measure")
    return itertools.product(grades, repeat=len(positions))


@dataclass(frozen=True)
class Overlap:
    """Two systems' intervals of one measure: per query and for the mean, whether they overlap; where they
    do not, which system is above (``"a"`` or ``"b"``)."""

    measure: str
    per_query: dict[str, dict]  #: query -> {"a": [lower, upper], "b": [...], "overlap": bool, "above": None|a|b}
    mean: dict  #: the same for the means over the queries both systems have

    @property
    def overlapping_queries(self) -> list[str]:
        return [q for q, row in self.per_query.items() if row["overlap"]]


def intervals_overlap(a: tuple[float, float], b: tuple[float, float]) -> dict:
    """Whether two closed intervals ``(lower, upper)`` overlap, and which is above when they do not.

    >>> intervals_overlap((0.2, 0.5), (0.5, 0.9))["overlap"], intervals_overlap((0.6, 0.7), (0.1, 0.5))["above"]
    (True, 'a')
    """
    overlap = a[0] <= b[1] and b[0] <= a[1]
    above = None if overlap else ("a" if a[0] > b[1] else "b")
    return {"a": [a[0], a[1]], "b": [b[0], b[1]], "overlap": overlap, "above": above}
