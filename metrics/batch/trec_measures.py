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

from .dispatch import batch_of

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

@batch_of("NumQ")
def count_queries(ev, m):
    """NumQ: 1 per query (summed: the number of queries)."""
    return np.ones(ev.nq), np.zeros(ev.nq, bool)


@batch_of("NumRet")
def count_retrieved(ev, m):
    """NumRet: :math:`n`, the items retrieved."""
    return num_ret(ev).copy(), np.zeros(ev.nq, bool)


@batch_of("NumRel")
def count_relevant(ev, m):
    """NumRel: :math:`R`, the judged items with grade >= rel."""
    return num_rel(ev, _theta(m)), _missing(ev, _theta(m))


@batch_of("NumRelRet")
def count_relevant_retrieved(ev, m):
    """NumRelRet: :math:`F_n`, the relevant items retrieved."""
    return num_rel_ret(ev, _theta(m)), _missing(ev, _theta(m))


@batch_of("NumNonRelJudgedRet")
def count_nonrelevant_judged_retrieved(ev, m):
    """NumNonRelJudgedRet: retrieved items judged with 0 <= grade < rel."""
    theta = _theta(m)
    return np.bincount(ev.q, weights=nonrelevant_rows(ev, theta), minlength=ev.nq), _missing(ev, theta)


@batch_of("GMAP")
def geometric_ap(ev, m):
    """GMAP per query: AP (the geometric mean is taken by :func:`aggregate_values`)."""
    from ..measures.names import Measure

    return ev.measure(Measure("AP", None, m.params))


@batch_of("Bpref")
def bpref(ev, m):
    r"""Bpref: :math:`\frac{1}{R}\sum_{i: r_i} (1 - \min(n_i, R) / \min(N, R))` (1 when :math:`n_i = 0`)."""
    theta = _theta(m)
    rel, big_r = relevant_rows(ev, theta), num_rel(ev, theta)
    nonrel_above = _segment_cumsum(ev, nonrelevant_rows(ev, theta))
    big_r_row, big_n_row = big_r[ev.q], num_judged_nonrel(ev, theta)[ev.q]
    penalty = _ratio(np.minimum(nonrel_above, big_r_row), np.minimum(big_n_row, big_r_row))
    contribution = np.where(rel, np.where(nonrel_above > 0, 1.0 - penalty, 1.0), 0.0)
    return _ratio(np.bincount(ev.q, weights=contribution, minlength=ev.nq), big_r), big_r == 0


@batch_of("GMBpref")
def geometric_bpref(ev, m):
    """GMBpref per query: bpref (geometric mean in :func:`aggregate_values`)."""
    return bpref(ev, m)


@batch_of("infAP")
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


def _fraction_of_r(fraction: float, big_r: np.ndarray, rounding: str = "v9") -> np.ndarray:
    """trec_eval 9's ``(long)(fraction * R + 0.9)``, or 10.0's ``lround(fraction * R)`` (``rounding="lround"``:
    halves away from zero)."""
    if rounding == "lround":
        x = fraction * np.asarray(big_r, dtype=np.float64)
        low = np.floor(x)
        return np.where(x - low >= 0.5, low + 1.0, low)
    return np.floor(fraction * big_r + 0.9)


def _interpolated(ev, theta) -> np.ndarray:
    """Per judged row: the best precision at this rank or below within its query (relevant rows).

    Exact: the precisions are replaced by their order codes, and each query's codes lifted above
    the later queries', so one running maximum (in reverse) never crosses a query boundary."""
    key = ("trec", "interpolated", theta)
    if key not in ev._cache:
        rel = relevant_rows(ev, theta)
        precision = np.where(rel, _segment_cumsum(ev, rel) / np.maximum(ev.pos, 1), -1.0)
        distinct, codes = np.unique(precision, return_inverse=True)
        block = np.repeat(np.arange(len(ev.starts), dtype=np.int64), ev.lens)
        lift = (len(ev.starts) - 1 - block) * len(distinct)
        best = np.maximum.accumulate((codes.reshape(-1) + lift)[::-1])[::-1] - lift
        ev._cache[key] = distinct[best]
    return ev._cache[key]


def _cutoff_values(ev, theta, fractions, rounding: str = "v9") -> list[np.ndarray]:
    """trec_eval 9's m_iprec_at_recall.c for each cut-off fraction (in the given order): the best
    precision at or below the rank of the :math:`(long)(cR + 0.9)`-th relevant item; a count of 0
    takes the best over all ranks (nan when nothing is retrieved); above the relevant retrieved: 0.
    10.0 counts ``lround(cR)`` (``rounding="lround"``)."""
    rel, big_r, found_total = relevant_rows(ev, theta), num_rel(ev, theta), num_rel_ret(ev, theta)
    found = _segment_cumsum(ev, rel)
    interpolated = _interpolated(ev, theta)
    nothing = num_ret(ev) == 0
    out = []
    for fraction in fractions:
        wanted = _fraction_of_r(fraction, big_r, rounding)
        at = rel & (found == np.maximum(wanted, 1.0)[ev.q])
        best = np.bincount(ev.q, weights=np.where(at, interpolated, 0.0), minlength=ev.nq)
        value = np.where(wanted <= found_total, best, 0.0)
        out.append(np.where(nothing & (wanted <= 0), -np.nan, value))
    return out


@batch_of("IPrec")
def interpolated_precision(ev, m, rounding: str = "v9"):
    r"""IPrec@c: the best precision at or below the rank of the :math:`\lfloor cR + 0.9\rfloor`-th
    relevant item (its first one when that count is 0); 0 when fewer relevant items are retrieved."""
    theta = _theta(m)
    return _cutoff_values(ev, theta, (m.k,), rounding)[0], num_rel(ev, theta) == 0


ELEVEN_POINTS = tuple(i / 10 for i in range(11))


@batch_of("IPrec11")
def eleven_point_average(ev, m, levels=ELEVEN_POINTS, rounding: str = "v9"):
    """IPrec11 (trec_eval 11pt_avg): the mean of IPrec over ``levels`` (0, 0.1, ..., 1 by default),
    summed from the last level to the first as m_11pt_avg.c does.  Levels out of ascending order
    follow its walk query by query (a level it never reaches adds the final interpolated precision)."""
    theta = _theta(m)
    if list(levels) == sorted(levels):
        total = np.zeros(ev.nq)
        for value in reversed(_cutoff_values(ev, theta, levels, rounding)):
            total = total + value
        return total / len(levels), num_rel(ev, theta) == 0
    return _eleven_point_walk(ev, theta, levels, rounding), num_rel(ev, theta) == 0


def _eleven_point_walk(ev, theta, levels, rounding: str) -> np.ndarray:
    """m_11pt_avg.c's loop, query by query (only for cut-offs not in ascending order)."""
    big_r, found_total, ret = num_rel(ev, theta), num_rel_ret(ev, theta), num_ret(ev)
    rel = relevant_rows(ev, theta)
    segment = {int(ev.q[start]): (int(start), int(start + length)) for start, length in zip(ev.starts, ev.lens)}
    values = np.zeros(ev.nq)
    for code in range(ev.nq):
        cutoffs = [int(_fraction_of_r(level, big_r[code], rounding)) for level in levels]
        n_ret, n_found = int(ret[code]), int(found_total[code])
        cut = len(cutoffs) - 1
        while cut >= 0 and cutoffs[cut] > n_found:
            cut -= 1
        first, end = segment.get(code, (0, 0))
        ranks = ev.pos[first:end][rel[first:end]].tolist()
        best = _divide(float(n_found), float(n_ret))
        total, so_far = 0.0, n_found
        for rank in reversed(ranks):
            precision = so_far / rank
            best = max(best, precision)
            while cut >= 0 and so_far == cutoffs[cut]:
                total += best
                cut -= 1
            so_far -= 1
        while cut >= 0:
            total += best
            cut -= 1
        values[code] = total / len(levels)
    return values


@batch_of("RprecMult")
def r_precision_multiple(ev, m):
    r"""RprecMult@c: precision at depth :math:`m = \lfloor cR + 0.9\rfloor` (0 when m = 0)."""
    theta = _theta(m)
    big_r = num_rel(ev, theta)
    depth = _fraction_of_r(m.k, big_r)
    rel = relevant_rows(ev, theta)
    hits = np.bincount(ev.q, weights=rel & (ev.pos <= depth[ev.q]), minlength=ev.nq)
    return _ratio(hits, depth), big_r == 0


@batch_of("RelP")
def relative_precision(ev, m):
    r"""RelP@k: :math:`F_k / \min(k, R)`."""
    theta = _theta(m)
    big_r = num_rel(ev, theta)
    hits = np.bincount(ev.q, weights=relevant_rows(ev, theta) & (ev.pos <= m.k), minlength=ev.nq)
    return _ratio(hits, np.minimum(big_r, m.k)), big_r == 0


def _set_counts(ev, m):
    theta = _theta(m)
    return num_rel_ret(ev, theta), num_ret(ev), num_rel(ev, theta)


@batch_of("SetP")
def set_precision(ev, m):
    """SetP: :math:`F_n / n`."""
    found, ret, big_r = _set_counts(ev, m)
    return _ratio(found, ret), big_r == 0


@batch_of("SetR")
def set_recall(ev, m):
    """SetR: :math:`F_n / R`."""
    found, _, big_r = _set_counts(ev, m)
    return _ratio(found, big_r), big_r == 0


@batch_of("SetF")
def set_f(ev, m, weight: float = 1.0):
    r"""SetF as trec_eval's set_F.x: :math:`(x + 1) P R / (x P + R)` of SetP and SetR (0 when nothing
    relevant is retrieved); the weight x is used as given, not squared."""
    found, ret, big_r = _set_counts(ev, m)
    precision, recall = _ratio(found, ret), _ratio(found, big_r)
    with np.errstate(divide="ignore", invalid="ignore"):
        value = (weight + 1.0) * precision * recall / (weight * precision + recall)
    return np.where(found > 0, value, 0.0), big_r == 0


@batch_of("SetAP")
def set_ap(ev, m):
    """SetAP (trec_eval set_map): :math:`F_n^2 / (n R)` (SetP times SetR, computed as trec_eval does)."""
    found, ret, big_r = _set_counts(ev, m)
    return _ratio(found * found, ret * big_r), big_r == 0


@batch_of("SetRelP")
def set_relative_precision(ev, m):
    r"""SetRelP: :math:`F_n / \min(n, R)`."""
    found, ret, big_r = _set_counts(ev, m)
    return _ratio(found, np.minimum(ret, big_r)), big_r == 0


@batch_of("Utility")
def utility(ev, m, coefficients=(1.0, -1.0, 0.0, 0.0), docs_in_collection: int = 0):
    r"""Utility: :math:`a F_n + b (n - F_n) + c (R - F_n) + d (D + F_n - n - R)`, ``D`` the documents in the
    collection (trec_eval ``-N``); coefficients (a, b, c, d) = (1, -1, 0, 0) by default."""
    a, b, c, d = coefficients
    found, ret, big_r = _set_counts(ev, m)
    value = a * found + b * (ret - found) + c * (big_r - found) + d * (docs_in_collection + found - ret - big_r)
    return value, big_r == 0


def yaap(ev, m):
    r"""trec_eval 9.0.x's yaap (Robertson's smoothed AP): :math:`\log\frac{1 + S}{1 + R - S}`,
    :math:`S = \sum_{i: r_i} F_i / i`."""
    theta = _theta(m)
    rel, big_r = relevant_rows(ev, theta), num_rel(ev, theta)
    total = np.bincount(ev.q, weights=np.where(rel, _segment_cumsum(ev, rel) / np.maximum(ev.pos, 1), 0.0),
                        minlength=ev.nq)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.log((1.0 + total) / (1.0 + big_r - total)), big_r == 0


@batch_of("BinG")
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


def _merge_sort(items: list, compare) -> list:
    """glibc's qsort for small arrays (``msort``: top-down merge sort, the left run first on ties),
    so that a comparator that is not a total order sorts exactly as trec_eval's binary does."""
    if len(items) <= 1:
        return list(items)
    half = len(items) // 2
    left, right = _merge_sort(items[:half], compare), _merge_sort(items[half:], compare)
    out, i, j = [], 0, 0
    while i < len(left) and j < len(right):
        if compare(left[i], right[j]) <= 0:
            out.append(left[i])
            i += 1
        else:
            out.append(right[j])
            j += 1
    return out + left[i:] + right[j:]


def _c_int(value: float) -> int:
    """C's conversion of a double to int (truncation toward zero)."""
    return int(value) if math.isfinite(value) else 0


def gain_levels(levels: np.ndarray, pairs: list[tuple[int, float]]) -> list[tuple[int, float, int]]:
    """trec_eval 9's ``setup_gains``: (grade, gain, judged items with that grade) sorted by gain
    with its comparator ``(int)(g1 - g2)`` (gains less than 1 apart compare equal).  ``pairs`` are the
    ``grade=gain`` parameters in command-line order; a grade up to the query's largest that they do
    not name has its value as gain."""
    used = np.flatnonzero(levels)
    top = int(used[-1]) + 1 if len(used) else 0
    entries = [[level, gain, 0] for level, gain in pairs]
    for level in range(top):
        for entry in entries:
            if entry[0] == level:
                entry[2] = int(levels[level])
                break
        else:
            entries.append([level, float(level), int(levels[level])])
    ordered = _merge_sort(entries, lambda a, b: _c_int(a[1] - b[1]))
    return [tuple(entry) for entry in ordered]


def _gain_of(entries, grade: int) -> float:
    """trec_eval's get_gain: the first entry (in sorted order) with this grade, else 0."""
    for level, gain, _ in entries:
        if level == grade:
            return gain
    return 0.0


class _Ideal:
    """trec_eval's walk down the sorted gain levels (the ideal ranking), one item at a time."""

    def __init__(self, entries):
        self.entries, self.level, self.count = entries, len(entries) - 1, 0
        self.gain = entries[-1][1] if entries else 0.0

    def step(self) -> float:
        self.count += 1
        while self.level >= 0 and self.count > self.entries[self.level][2]:
            self.count = 1
            self.level -= 1
            self.gain = self.entries[self.level][1] if self.level >= 0 else 0.0
        return self.gain


def _c_log2(x: float) -> float:
    """C's log2: -inf at 0, nan below (where Python raises)."""
    if x > 0:
        return math.log2(x)
    with np.errstate(divide="ignore", invalid="ignore"):
        return float(np.log2(np.float64(x)))


def _log2(i: int) -> float:
    return math.log2(i + 2)


def _c_ndcg(ranked: list[int], entries) -> float:
    """m_ndcg.c (9.0.x)."""
    dcg, ideal_dcg = _c_dcgs(ranked, entries)
    return dcg / ideal_dcg if ideal_dcg > 0.0 else 0.0


def _c_dcgs(ranked: list[int], entries) -> tuple[float, float]:
    """m_ndcg.c's DCG and ideal DCG (10.0 prints them as ``dcg`` and ``ideal_dcg``)."""
    dcg = ideal_dcg = 0.0
    ideal = _Ideal(entries)
    i, n = 0, len(ranked)
    while i < n and ideal.gain > 0.0:
        gain = _gain_of(entries, ranked[i])
        if gain != 0:
            dcg += gain / _log2(i)
        if ideal.step() > 0.0:
            ideal_dcg += ideal.gain / _log2(i)
        i += 1
    while i < n:
        gain = _gain_of(entries, ranked[i])
        if gain != 0:
            dcg += gain / _log2(i)
        i += 1
    while ideal.gain > 0.0:
        if ideal.step() > 0.0:
            ideal_dcg += ideal.gain / _log2(i)
        i += 1
    return dcg, ideal_dcg


def _divide(a: float, b: float) -> float:
    """C's a / b on doubles: inf or nan (0/0 is x86's negative nan, printed ``-nan``) where Python raises."""
    if b != 0.0:
        return a / b
    with np.errstate(divide="ignore", invalid="ignore"):
        return float(np.float64(a) / np.float64(b))


def _c_ndcg_rel(ranked: list[int], entries) -> float:
    """m_ndcg_rel.c (9.0.x): nDCG averaged over the relevant items (inf or nan as C computes them)."""
    dcg = ideal_dcg = total = 0.0
    found = relevant = 0
    ideal = _Ideal(entries)
    i, n = 0, len(ranked)
    while i < n and ideal.gain > 0.0:
        gain = _gain_of(entries, ranked[i])
        if gain != 0:
            dcg += gain / _log2(i)
        if ideal.step() > 0.0:
            relevant += 1
            ideal_dcg += ideal.gain / _log2(i)
        if gain > 0:
            total += _divide(dcg, ideal_dcg)
            found += 1
        i += 1
    while i < n:
        gain = _gain_of(entries, ranked[i])
        if gain != 0:
            dcg += gain / _log2(i)
        if gain > 0:
            total += _divide(dcg, ideal_dcg)
            found += 1
        i += 1
    while ideal.gain > 0.0:
        if ideal.step() > 0.0:
            relevant += 1
            ideal_dcg += ideal.gain / _log2(i)
        i += 1
    total += _divide((relevant - found) * dcg, ideal_dcg)
    return _divide(total, relevant) if total > 0.0 else 0.0


def _c_rndcg(ranked: list[int], entries) -> float:
    """m_Rndcg.c (9.0.x): nDCG averaged at each rank where the ideal gain changes."""
    dcg = ideal_dcg = total = 0.0
    changes = 0
    ideal = _Ideal(entries)
    previous = ideal.gain
    i, n = 0, len(ranked)
    while i < n and ideal.gain > 0.0:
        gain = _gain_of(entries, ranked[i])
        ideal.step()
        if previous != ideal.gain:
            if ideal_dcg > 0.0:
                total, changes = total + dcg / ideal_dcg, changes + 1
            previous = ideal.gain
        if gain != 0:
            dcg += gain / _log2(i)
        if ideal.gain > 0.0:
            ideal_dcg += ideal.gain / _log2(i)
        i += 1
    if i < n:
        while i < n:
            gain = _gain_of(entries, ranked[i])
            if gain != 0:
                dcg += gain / _log2(i)
            i += 1
        if ideal_dcg > 0.0:
            total, changes = total + dcg / ideal_dcg, changes + 1
    while ideal.gain > 0.0:
        ideal.step()
        if previous != ideal.gain:
            if ideal_dcg > 0.0:
                total, changes = total + dcg / ideal_dcg, changes + 1
            previous = ideal.gain
        if ideal.gain > 0.0:
            ideal_dcg += ideal.gain / _log2(i)
        i += 1
    return _divide(total, changes)


def _c_g(ranked: list[int], entries) -> float:
    """m_G.c (9.0.x)."""
    value = gained = ideal_total = cost = 0.0
    ideal = _Ideal(entries)
    i, n = 0, len(ranked)
    while i < n and ideal.gain > 0.0:
        gain = _gain_of(entries, ranked[i])
        gained += gain
        ideal.step()
        if ideal.gain > 0.0:
            ideal_total += ideal.gain
        cost += max(ideal.gain, 1.0)
        if gain != 0:
            value += _divide(gain, _c_log2(2 + cost - gained))
        i += 1
    while i < n:
        gain = _gain_of(entries, ranked[i])
        gained += gain
        cost += 1.0
        if gain != 0:
            value += _divide(gain, _c_log2(2 + cost - gained))
        i += 1
    while ideal.gain > 0.0:
        if ideal.step() > 0.0:
            ideal_total += ideal.gain
        i += 1
    return value / ideal_total if ideal_total > 0.0 else 0.0


def _per_query(ev, function, pairs, skip=None) -> np.ndarray:
    grades, offsets = ranked_grades(ev)
    levels = judged_levels(ev)
    values = np.zeros(ev.nq)
    for code in range(ev.nq):
        if skip is not None and skip[code]:
            continue
        entries = gain_levels(levels[code], pairs)
        values[code] = function(grades[offsets[code]:offsets[code + 1]].tolist(), entries)
    return values


def _pair_list(gains) -> list[tuple[int, float]]:
    """``grade=gain`` parameters as a list (a dict keeps its order)."""
    if not gains:
        return []
    return list(gains.items()) if isinstance(gains, dict) else list(gains)


def _no_gain(ev, pairs) -> np.ndarray:
    levels = judged_levels(ev)
    out = np.zeros(ev.nq, dtype=bool)
    for code in range(ev.nq):
        entries = gain_levels(levels[code], pairs)
        out[code] = not entries or entries[-1][1] <= 0.0
    return out


def ndcg_with_gains(ev, gains):
    """trec_eval's ``ndcg`` with gains named per grade (``ndcg.1=3,2=9``), as m_ndcg.c."""
    pairs = _pair_list(gains)
    return _per_query(ev, _c_ndcg, pairs), _no_gain(ev, pairs)


def dcg_with_gains(ev, gains, ideal: bool = False) -> np.ndarray:
    """trec_eval 10.0's ``dcg`` (``ideal``: ``ideal_dcg``) with gains per grade, as m_ndcg.c."""
    return _per_query(ev, lambda ranked, entries: _c_dcgs(ranked, entries)[ideal], _pair_list(gains))


@batch_of("G")
def normalised_gain(ev, m, gains=None):
    """G, as trec_eval's m_G.c, with gains per grade (default: the grade)."""
    pairs = _pair_list(gains)
    return _per_query(ev, _c_g, pairs), _no_gain(ev, pairs)


@batch_of("nDCGRel")
def ndcg_over_relevant(ev, m, gains=None):
    """nDCGRel (trec_eval ndcg_rel), as m_ndcg_rel.c, with gains per grade (default: the grade)."""
    pairs = _pair_list(gains)
    return _per_query(ev, _c_ndcg_rel, pairs), _no_gain(ev, pairs)


@batch_of("RnDCG")
def ndcg_at_r_levels(ev, m, gains=None):
    """trec_eval's Rndcg (0 for a query without relevant items at the relevance level)."""
    pairs = _pair_list(gains)
    missing = num_rel(ev, _theta(m)) == 0
    return _per_query(ev, _c_rndcg, pairs, skip=missing), missing | _no_gain(ev, pairs)


def unjudged_at(ev, k: int) -> np.ndarray:
    """trec_eval 10.0's unj_k: the unjudged (unpooled or negative grade) among the first k retrieved, over k."""
    grades, offsets = ranked_grades(ev)
    unjudged = np.concatenate(([0], np.cumsum(grades < 0)))
    ends = np.minimum(offsets[1:], offsets[:-1] + k)
    return (unjudged[ends] - unjudged[offsets[:-1]]) / k


def _rbp(ranked: list[int], entries, p: float) -> float:
    """m_rbp.c (10.0): gains scaled into [0, 1] when some lie outside (its min and max start at 0)."""
    low = min([0.0] + [gain for _, gain, _ in entries])
    high = max([0.0] + [gain for _, gain, _ in entries])
    if low < 0 or high > 1:
        entries = [(level, _divide(gain - low, high - low), count) for level, gain, count in entries]
    total, weight = 0.0, 1.0
    for grade in ranked:
        gain = _gain_of(entries, grade)
        if gain != 0:
            total += gain * weight
        weight *= p
    return (1.0 - p) * total


def rank_biased_precision(ev, pairs, p: float) -> np.ndarray:
    """trec_eval 10.0's rbp with persistence ``p`` (the ``p=`` parameter, which its gain setup also reads
    as a gain for grade 0)."""
    return _per_query(ev, lambda ranked, entries: _rbp(ranked, entries, p), pairs)


def rbp_residual(ev, p: float) -> np.ndarray:
    """trec_eval 10.0's rbp_resid: :math:`p^n + (1 - p)\\sum_{i \\text{ unjudged}} p^{i-1}` (0 without unjudged)."""
    grades, offsets = ranked_grades(ev)
    values = np.zeros(ev.nq)
    for code in range(ev.nq):
        total, weight, unjudged = 0.0, 1.0, 0
        for grade in grades[offsets[code]:offsets[code + 1]].tolist():
            if grade < 0:
                unjudged += 1
                total += weight
            weight *= p
        if unjudged:
            values[code] = weight + (1 - p) * total
    return values


def relevance_strings(ev, length: int) -> list[str]:
    """Per query code: trec_eval's relstring of the first ``length`` retrieved items."""
    grades, offsets = ranked_grades(ev)
    symbols = {NOT_POOLED: "-", POOLED_UNJUDGED: "."}
    out = []
    for code in range(ev.nq):
        head = grades[offsets[code]:min(offsets[code + 1], offsets[code] + max(length, 0))]
        out.append("".join(">" if g > 9 else str(g) if g >= 0 else symbols.get(int(g), "<") for g in head))
    return out


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
