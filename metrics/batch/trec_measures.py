r"""trec_eval's other measures for the batch engine: counts, bpref, infAP, interpolated precision,
set measures, utility and the gain-based G, ndcg_rel and Rndcg.

Each function takes the :class:`~metrics.batch.evaluation._Evaluator` and the parsed
:class:`~metrics.measures.names.Measure` and returns (value per query code, mask of queries
without relevant items).  Notation of one query (ranks :math:`i = 1 \dots n`, :math:`n` retrieved,
:math:`r_i = [g_i \ge \theta]`, :math:`R` relevant judged, :math:`N` judged non-relevant
(:math:`0 \le g < \theta`), :math:`F_i = \sum_{j \le i} r_j`, :math:`n_i` judged non-relevant
items above rank :math:`i`, :math:`u_i` pooled-but-unjudged items (negative grade) above rank :math:`i`):

.. math::

    \mathrm{bpref} = \frac{1}{R}\sum_{i: r_i} \Bigl(1 - \frac{\min(n_i, R)}{\min(N, R)}\Bigr) \qquad
    \mathrm{binG} = \frac{1}{R}\sum_{i: r_i} \frac{1}{\log_2(2 + i - F_i)}

    \mathrm{infAP} = \frac{1}{R}\sum_{i: r_i} \Bigl(\frac{1}{i} + \frac{i-1}{i}\,
        \frac{F_i - 1 + n_i + u_i}{i - 1}\,\frac{F_i - 1 + \epsilon}{F_i - 1 + n_i + 2\epsilon}\Bigr)
        \quad (\text{the term is 1 at } i = 1,\ \epsilon = 10^{-5})

    \mathrm{IPrec@}c = \max\{F_i / i : i \ge i_c\} \text{ with } i_c \text{ the rank of the }
        \lfloor cR + 0.9 \rfloor\text{-th relevant item (trec_eval 9's rounding)}

    \mathrm{RprecMult@}c = F_m / m,\ m = \lfloor cR + 0.9\rfloor \qquad
    \mathrm{RelP@}k = F_k / \min(k, R)

    \mathrm{SetP} = F_n / n \quad \mathrm{SetR} = F_n / R \quad \mathrm{SetF} = \frac{2\,\mathrm{SetP}\,\mathrm{SetR}}
        {\mathrm{SetP} + \mathrm{SetR}} \quad \mathrm{SetAP} = \mathrm{SetP}\cdot\mathrm{SetR}
        \quad \mathrm{SetRelP} = F_n / \min(n, R)

    \mathrm{Utility} = F_n - (n - F_n)

GMAP and GMBpref are AP and bpref per query; their mean is geometric with trec_eval's floor
(:func:`aggregate_values`).  G, nDCGRel and RnDCG follow trec_eval's ``m_G.c``, ``m_ndcg_rel.c`` and
``m_Rndcg.c`` step by step on each query's ranked grades (a loop per query).
"""

from __future__ import annotations

import math

import numpy as np

#: trec_eval's MIN_GEO_MEAN: per-query values are floored to it before the geometric mean
MIN_GEO_MEAN = 0.00001
#: trec_eval's INFAP_EPSILON
INFAP_EPSILON = 0.00001
#: grades of retrieved items in :func:`ranked_grades`: not in the qrels, judged with a negative grade
NOT_POOLED, POOLED_UNJUDGED = -1, -2


# -- per-row and per-query pieces -------------------------------------------------------------

def _segment_cumsum(ev, flags: np.ndarray) -> np.ndarray:
    """Per row: how many rows of its query at ranks <= its own have ``flags`` set."""
    cum = np.cumsum(flags, dtype=np.int64)
    if len(cum):
        cum -= np.repeat(cum[ev.starts] - flags[ev.starts], ev.lens)
    return cum


def relevant_rows(ev, theta) -> np.ndarray:
    """Judged rows whose grade reaches ``theta`` (negative grades never count)."""
    return (ev.grade >= theta) & (ev.grade >= 0)


def nonrelevant_rows(ev, theta) -> np.ndarray:
    return (ev.grade >= 0) & (ev.grade < theta)


def num_ret(ev) -> np.ndarray:
    key = ("trec", "num_ret")
    if key not in ev._cache:
        ev._cache[key] = np.bincount(ev.qcodes[:len(ev.run)], minlength=ev.nq).astype(np.float64)
    return ev._cache[key]


def num_rel(ev, theta) -> np.ndarray:
    return np.bincount(ev.jq, weights=(ev.jrel >= theta) & (ev.jrel >= 0), minlength=ev.nq)


def num_judged_nonrel(ev, theta) -> np.ndarray:
    return np.bincount(ev.jq, weights=(ev.jrel >= 0) & (ev.jrel < theta), minlength=ev.nq)


def num_rel_ret(ev, theta) -> np.ndarray:
    return np.bincount(ev.q, weights=relevant_rows(ev, theta), minlength=ev.nq)


def _ratio(numerator, denominator) -> np.ndarray:
    """numerator / denominator, 0 where the denominator is 0."""
    denominator = np.asarray(denominator, dtype=np.float64)
    safe = np.where(denominator != 0, denominator, 1.0)
    return np.where(denominator != 0, numerator / safe, 0.0)


def _theta(m):
    return m.param("rel")


def _missing(ev, theta) -> np.ndarray:
    return num_rel(ev, theta) == 0


# -- the measures -------------------------------------------------------------------------------

def count_queries(ev, m):
    """NumQ: 1 per query (summed: the number of queries)."""
    return np.ones(ev.nq), np.zeros(ev.nq, bool)


def count_retrieved(ev, m):
    """NumRet: :math:`n`, the items retrieved."""
    return num_ret(ev).copy(), np.zeros(ev.nq, bool)


def count_relevant(ev, m):
    """NumRel: :math:`R`, the judged items with grade >= rel."""
    return num_rel(ev, _theta(m)), _missing(ev, _theta(m))


def count_relevant_retrieved(ev, m):
    """NumRelRet: :math:`F_n`, the relevant items retrieved."""
    return num_rel_ret(ev, _theta(m)), _missing(ev, _theta(m))


def count_nonrelevant_judged_retrieved(ev, m):
    """NumNonRelJudgedRet: retrieved items judged with 0 <= grade < rel."""
    theta = _theta(m)
    return np.bincount(ev.q, weights=nonrelevant_rows(ev, theta), minlength=ev.nq), _missing(ev, theta)


def geometric_ap(ev, m):
    """GMAP per query: AP (the geometric mean is taken by :func:`aggregate_values`)."""
    from ..measures.names import Measure

    return ev.measure(Measure("AP", None, m.params))


def bpref(ev, m):
    r"""Bpref: :math:`\frac{1}{R}\sum_{i: r_i} (1 - \min(n_i, R) / \min(N, R))` (1 when :math:`n_i = 0`)."""
    theta = _theta(m)
    rel, big_r = relevant_rows(ev, theta), num_rel(ev, theta)
    nonrel_above = _segment_cumsum(ev, nonrelevant_rows(ev, theta))
    big_r_row, big_n_row = big_r[ev.q], num_judged_nonrel(ev, theta)[ev.q]
    penalty = _ratio(np.minimum(nonrel_above, big_r_row), np.minimum(big_n_row, big_r_row))
    contribution = np.where(rel, np.where(nonrel_above > 0, 1.0 - penalty, 1.0), 0.0)
    return _ratio(np.bincount(ev.q, weights=contribution, minlength=ev.nq), big_r), big_r == 0


def geometric_bpref(ev, m):
    """GMBpref per query: bpref (geometric mean in :func:`aggregate_values`)."""
    return bpref(ev, m)


def inferred_ap(ev, m):
    """infAP (Yilmaz and Aslam), as trec_eval's m_infap.c; formula in the module docstring."""
    theta = _theta(m)
    rel, big_r = relevant_rows(ev, theta), num_rel(ev, theta)
    found = _segment_cumsum(ev, rel)
    nonrel_above = _segment_cumsum(ev, nonrelevant_rows(ev, theta))
    unjudged_above = _segment_cumsum(ev, ev.grade < 0)
    above = (ev.pos - 1).astype(np.float64)
    safe_above = np.where(above > 0, above, 1.0)
    term = (1.0 / (above + 1.0) + (above / (above + 1.0))
            * ((found - 1 + nonrel_above + unjudged_above) / safe_above)
            * ((found - 1 + INFAP_EPSILON) / (found - 1 + nonrel_above + 2 * INFAP_EPSILON)))
    contribution = np.where(rel, np.where(above == 0, 1.0, term), 0.0)
    return _ratio(np.bincount(ev.q, weights=contribution, minlength=ev.nq), big_r), big_r == 0


def _fraction_of_r(fraction: float, big_r: np.ndarray) -> np.ndarray:
    """trec_eval 9's ``(long)(fraction * R + 0.9)``."""
    return np.floor(fraction * big_r + 0.9)


def _interpolated(ev, theta) -> np.ndarray:
    """Per judged row: the best precision at this rank or below within its query (relevant rows)."""
    key = ("trec", "interpolated", theta)
    if key not in ev._cache:
        rel = relevant_rows(ev, theta)
        precision = np.where(rel, _segment_cumsum(ev, rel) / ev.pos, -1.0)
        block = np.repeat(np.arange(len(ev.starts)), ev.lens)
        offset = 2.0 * (len(ev.starts) - 1 - block[::-1])  # later queries (in reverse) lie higher
        best = np.maximum.accumulate(precision[::-1] + offset)[::-1] - offset[::-1]
        ev._cache[key] = best
    return ev._cache[key]


def interpolated_precision(ev, m):
    r"""IPrec@c: the best precision at or below the rank of the :math:`\lfloor cR + 0.9\rfloor`-th
    relevant item (its first one when that count is 0); 0 when fewer relevant items are retrieved."""
    theta = _theta(m)
    rel, big_r, found_total = relevant_rows(ev, theta), num_rel(ev, theta), num_rel_ret(ev, theta)
    wanted = np.maximum(_fraction_of_r(m.k, big_r), 1.0)
    at = rel & (_segment_cumsum(ev, rel) == wanted[ev.q])
    best = np.bincount(ev.q, weights=np.where(at, _interpolated(ev, theta), 0.0), minlength=ev.nq)
    value = np.where(wanted <= found_total, best, 0.0)
    return value, big_r == 0


ELEVEN_POINTS = tuple(i / 10 for i in range(11))


def eleven_point_average(ev, m, levels=ELEVEN_POINTS):
    """IPrec11 (trec_eval 11pt_avg): the mean of IPrec over ``levels`` (0, 0.1, ..., 1 by default)."""
    from ..measures.names import Measure

    total = np.zeros(ev.nq)
    for level in levels:
        total = total + interpolated_precision(ev, Measure("IPrec", level, m.params))[0]
    theta = _theta(m)
    return total / len(levels), num_rel(ev, theta) == 0


def r_precision_multiple(ev, m):
    r"""RprecMult@c: precision at depth :math:`m = \lfloor cR + 0.9\rfloor` (0 when m = 0)."""
    theta = _theta(m)
    big_r = num_rel(ev, theta)
    depth = _fraction_of_r(m.k, big_r)
    rel = relevant_rows(ev, theta)
    hits = np.bincount(ev.q, weights=rel & (ev.pos <= depth[ev.q]), minlength=ev.nq)
    return _ratio(hits, depth), big_r == 0


def relative_precision(ev, m):
    r"""RelP@k: :math:`F_k / \min(k, R)`."""
    theta = _theta(m)
    big_r = num_rel(ev, theta)
    hits = np.bincount(ev.q, weights=relevant_rows(ev, theta) & (ev.pos <= m.k), minlength=ev.nq)
    return _ratio(hits, np.minimum(big_r, m.k)), big_r == 0


def _set_counts(ev, m):
    theta = _theta(m)
    return num_rel_ret(ev, theta), num_ret(ev), num_rel(ev, theta)


def set_precision(ev, m):
    """SetP: :math:`F_n / n`."""
    found, ret, big_r = _set_counts(ev, m)
    return _ratio(found, ret), big_r == 0


def set_recall(ev, m):
    """SetR: :math:`F_n / R`."""
    found, ret, big_r = _set_counts(ev, m)
    return _ratio(found, big_r), big_r == 0


def set_f(ev, m, beta: float = 1.0):
    r"""SetF: :math:`(\beta^2 + 1) P R / (\beta^2 P + R)` of SetP and SetR."""
    found, ret, big_r = _set_counts(ev, m)
    precision, recall = _ratio(found, ret), _ratio(found, big_r)
    return _ratio((beta * beta + 1) * precision * recall, beta * beta * precision + recall), big_r == 0


def set_ap(ev, m):
    """SetAP (trec_eval set_map): SetP times SetR."""
    found, ret, big_r = _set_counts(ev, m)
    return _ratio(found, ret) * _ratio(found, big_r), big_r == 0


def set_relative_precision(ev, m):
    r"""SetRelP: :math:`F_n / \min(n, R)`."""
    found, ret, big_r = _set_counts(ev, m)
    return _ratio(found, np.minimum(ret, big_r)), big_r == 0


def utility(ev, m, coefficients=(1.0, -1.0, 0.0, 0.0), docs_in_collection: int = 0):
    r"""Utility: :math:`a F_n + b (n - F_n) + c (R - F_n) + d (D + F_n - n - R)`, ``D`` the documents in the
    collection (trec_eval ``-N``); coefficients (a, b, c, d) = (1, -1, 0, 0) by default."""
    a, b, c, d = coefficients
    found, ret, big_r = _set_counts(ev, m)
    value = a * found + b * (ret - found) + c * (big_r - found) + d * (docs_in_collection + found - ret - big_r)
    return value, big_r == 0


def binary_g(ev, m):
    r"""BinG: :math:`\frac{1}{R}\sum_{i: r_i} 1 / \log_2(2 + i - F_i)`."""
    theta = _theta(m)
    rel, big_r = relevant_rows(ev, theta), num_rel(ev, theta)
    found = _segment_cumsum(ev, rel)
    contribution = np.where(rel, 1.0 / np.log2(2.0 + ev.pos - found), 0.0)
    return _ratio(np.bincount(ev.q, weights=contribution, minlength=ev.nq), big_r), big_r == 0


# -- gain-based measures, query by query on the ranked grades -----------------------------------

def ranked_grades(ev) -> tuple[np.ndarray, np.ndarray]:
    """(grades of every retrieved item in rank order, query by query; start offset per query code):
    :data:`NOT_POOLED` for items outside the qrels, :data:`POOLED_UNJUDGED` for negative grades,
    the integer grade otherwise."""
    key = ("trec", "ranked")
    if key not in ev._cache:
        counts = num_ret(ev).astype(np.int64)
        offsets = np.concatenate(([0], np.cumsum(counts)))
        grades = np.full(int(offsets[-1]), NOT_POOLED, np.int64)
        graded = np.where(ev.grade < 0, POOLED_UNJUDGED, np.trunc(ev.grade)).astype(np.int64)
        grades[offsets[ev.q] + ev.pos - 1] = graded
        ev._cache[key] = grades, offsets
    return ev._cache[key]


def judged_levels(ev) -> list[np.ndarray]:
    """Per query code: how many judged items have each grade 0, 1, ... (negative grades left out)."""
    key = ("trec", "levels")
    if key not in ev._cache:
        keep = ev.jrel >= 0
        q, grade = ev.jq[keep], np.trunc(ev.jrel[keep]).astype(np.int64)
        top = int(grade.max()) + 1 if len(grade) else 1
        table = np.bincount(q * top + grade, minlength=ev.nq * top).reshape(ev.nq, top)
        ev._cache[key] = table
    return ev._cache[key]


def _gain_table(levels: np.ndarray, gains: dict[int, float]) -> tuple[dict[int, float], list[float]]:
    """(gain of each grade, the ideal gains in ranked order) as trec_eval's setup_gains: a grade's
    gain is its value unless ``gains`` names it; the ideal ranking walks the grades by gain
    descending and stops at the first gain <= 0."""
    used = np.flatnonzero(levels)
    top = int(used[-1]) + 1 if len(used) else 0
    gain_of = {level: float(level) for level in range(top)}
    gain_of.update(gains)
    by_gain = sorted(gain_of, key=lambda level: gain_of[level], reverse=True)
    ideal: list[float] = []
    for level in by_gain:
        count = int(levels[level]) if 0 <= level < len(levels) else 0
        if gain_of[level] <= 0:
            break
        ideal.extend([gain_of[level]] * count)
    return gain_of, ideal


def _per_query(ev, function, gains) -> np.ndarray:
    grades, offsets = ranked_grades(ev)
    levels = judged_levels(ev)
    values = np.zeros(ev.nq)
    for code in range(ev.nq):
        gain_of, ideal = _gain_table(levels[code], gains)
        ranked = [gain_of.get(int(grade), 0.0) for grade in grades[offsets[code]:offsets[code + 1]]]
        values[code] = function(ranked, ideal)
    return values


def _ndcg(ranked: list[float], ideal: list[float]) -> float:
    dcg = sum(gain / math.log2(i + 2) for i, gain in enumerate(ranked) if gain != 0)
    best = sum(gain / math.log2(i + 2) for i, gain in enumerate(ideal))
    return dcg / best if best > 0 else 0.0


def _ndcg_rel(ranked: list[float], ideal: list[float]) -> float:
    dcg = best = total = 0.0
    found = 0
    for i in range(max(len(ranked), len(ideal))):
        if i < len(ranked) and ranked[i] != 0:
            dcg += ranked[i] / math.log2(i + 2)
        if i < len(ideal):
            best += ideal[i] / math.log2(i + 2)
        if i < len(ranked) and ranked[i] > 0 and best > 0:
            total += dcg / best
            found += 1
    if best > 0:
        total += (len(ideal) - found) * dcg / best
    return total / len(ideal) if total > 0 else 0.0


def _rndcg(ranked: list[float], ideal: list[float]) -> float:
    """trec_eval's m_Rndcg.c: nDCG averaged at each rank where the ideal gain changes."""
    if not ideal:
        return 0.0

    def ideal_at(i: int) -> float:
        return ideal[i] if i < len(ideal) else 0.0

    dcg = best = total = 0.0
    changes, i, n = 0, 0, len(ranked)
    gain = previous = ideal[0]
    while i < n and gain > 0:
        gain = ideal_at(i)
        if gain != previous:
            if best > 0:
                total, changes = total + dcg / best, changes + 1
            previous = gain
        if ranked[i] != 0:
            dcg += ranked[i] / math.log2(i + 2)
        if gain > 0:
            best += gain / math.log2(i + 2)
        i += 1
    if i < n:
        while i < n:
            if ranked[i] != 0:
                dcg += ranked[i] / math.log2(i + 2)
            i += 1
        if best > 0:
            total, changes = total + dcg / best, changes + 1
    while gain > 0:
        gain = ideal_at(i)
        if gain != previous:
            if best > 0:
                total, changes = total + dcg / best, changes + 1
            previous = gain
        if gain > 0:
            best += gain / math.log2(i + 2)
        i += 1
    return total / changes if changes else 0.0


def _g(ranked: list[float], ideal: list[float]) -> float:
    gained = cost = value = 0.0
    for i, gain in enumerate(ranked):
        gained += gain
        cost += ideal[i] if i < len(ideal) and ideal[i] >= 1.0 else 1.0
        if gain != 0:
            value += gain / math.log2(2 + cost - gained)
    total_ideal = sum(ideal)
    return value / total_ideal if total_ideal > 0 else 0.0


def ndcg_with_gains(ev, gains: dict[int, float]):
    """trec_eval's ``ndcg`` with gains named per grade (``ndcg.1=3,2=9``)."""
    return _per_query(ev, _ndcg, gains), _no_gain(ev, gains)


def _no_gain(ev, gains) -> np.ndarray:
    levels = judged_levels(ev)
    return np.array([not _gain_table(levels[code], gains)[1] for code in range(ev.nq)], dtype=bool)


def normalised_gain(ev, m, gains=None):
    """G, as trec_eval's m_G.c, with gains per grade (default: the grade)."""
    gains = gains or {}
    return _per_query(ev, _g, gains), _no_gain(ev, gains)


def ndcg_over_relevant(ev, m, gains=None):
    """nDCGRel (trec_eval ndcg_rel), as m_ndcg_rel.c, with gains per grade (default: the grade)."""
    gains = gains or {}
    return _per_query(ev, _ndcg_rel, gains), _no_gain(ev, gains)


def ndcg_at_r_levels(ev, m, gains=None):
    """trec_eval's Rndcg (0 for a query without relevant items at the relevance level)."""
    gains = gains or {}
    missing = num_rel(ev, _theta(m)) == 0
    return np.where(missing, 0.0, _per_query(ev, _rndcg, gains)), missing | _no_gain(ev, gains)


def relevance_strings(ev, length: int) -> list[str]:
    """Per query code: trec_eval's relstring of the first ``length`` retrieved items."""
    grades, offsets = ranked_grades(ev)
    symbols = {NOT_POOLED: "-", POOLED_UNJUDGED: "."}
    out = []
    for code in range(ev.nq):
        head = grades[offsets[code]:min(offsets[code + 1], offsets[code] + max(length, 0))]
        out.append("".join(">" if g > 9 else str(g) if g >= 0 else symbols.get(int(g), "<") for g in head))
    return out


#: canonical name -> function(evaluator, measure) -> (values, missing)
TREC_MEASURES = {
    "NumQ": count_queries, "NumRet": count_retrieved, "NumRel": count_relevant,
    "NumRelRet": count_relevant_retrieved, "NumNonRelJudgedRet": count_nonrelevant_judged_retrieved,
    "GMAP": geometric_ap, "Bpref": bpref, "GMBpref": geometric_bpref, "infAP": inferred_ap,
    "IPrec": interpolated_precision, "IPrec11": eleven_point_average, "RprecMult": r_precision_multiple,
    "RelP": relative_precision, "SetP": set_precision, "SetR": set_recall, "SetF": set_f, "SetAP": set_ap,
    "SetRelP": set_relative_precision, "Utility": utility, "BinG": binary_g, "G": normalised_gain,
    "nDCGRel": ndcg_over_relevant, "RnDCG": ndcg_at_r_levels,
}

#: measures whose aggregate is a sum, and those whose aggregate is a geometric mean
SUMMED = {"NumQ", "NumRet", "NumRel", "NumRelRet", "NumNonRelJudgedRet"}
GEOMETRIC = {"GMAP", "GMBpref"}


def sequential_mean(values: np.ndarray) -> float:
    """The mean as trec_eval computes it: the values summed one by one in query order, then divided.

    ``np.mean`` sums pairwise, which can differ in the last bits (and so in the 4th printed decimal)."""
    if not len(values):
        return float("nan")
    return float(np.cumsum(values)[-1] / len(values))


def aggregate_values(name: str, values: np.ndarray) -> float:
    """trec_eval's ``all`` value of measure ``name`` from its per-query values (sequential sums):
    a sum for the counts, :math:`\\exp(\\frac{1}{n}\\sum \\log\\max(v, 10^{-5}))` for GMAP/GMBpref,
    the mean otherwise."""
    if not len(values):
        return float("nan")
    if name in SUMMED:
        return float(np.cumsum(values)[-1])
    if name in GEOMETRIC:
        return math.exp(sequential_mean(np.log(np.maximum(values, MIN_GEO_MEAN))))
    return sequential_mean(values)
