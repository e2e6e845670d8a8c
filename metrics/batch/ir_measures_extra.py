r"""ir_measures' measures beyond trec_eval for the batch engine: Judged@k, RBP and ERR@k; and the
formula of nDCG with a gain per grade (``nDCG(gains={0:0,1:1,2:3})``), which the engine's nDCG
computes (the map is one more kind of gain).

Each function takes the :class:`~metrics.batch.evaluation._Evaluator` and the parsed
:class:`~metrics.measures.names.Measure` and returns (value per query code, mask of queries
without relevant items), vectorised over the evaluator's per-row arrays (judged rows in ranked
order, with their query code, rank :math:`i` and grade :math:`g_i`).  The numbers are those of the
single-ranking functions (:mod:`metrics.measures.judged`, ``.rbp``, ``.err``, ``.ndcg``), which match
ir_measures.  For one query with :math:`n` retrieved items, :math:`r_i = [g_i \ge \theta]` (``rel``,
default 1; an unjudged item is never relevant) and :math:`k` the cut-off (:math:`n` without ``@k``):

.. math::

    \mathrm{Judged@}k = \frac{|\{i \le k : \text{item } i \text{ judged}\}|}{\min(k, n)} \qquad
    \mathrm{RBP}(p)\mathrm{@}k = (1 - p) \sum_{i \le k} r_i \, p^{\,i-1}

    \mathrm{ERR@}k = \sum_{i \le k} \frac{1}{i} \, R_i \prod_{j < i} (1 - R_j), \quad
        R_i = \frac{2^{\max(g_i, 0)} - 1}{2^{g_{\max}}} \qquad
    \mathrm{nDCG@}k = \frac{\sum_{i \le k} G(g_i) / \log_2(i + 1)}{\sum_{i \le k} G(g^*_i) / \log_2(i + 1)}

Judged@k of an empty ranking is 0.  ERR's :math:`g_{\max}` is ``max_grade`` (default 4, as gdeval
behind ir_measures' ``ERR``, and :func:`metrics.err_steps`); a grade above it is refused; an
unjudged item has :math:`R_i = 0`.  With a gain map, :math:`G(g)` is the map's gain of grade :math:`g`, a
grade left out of the map keeps its grade as gain, negative gains and unjudged items gain 0, and
:math:`g^*` are the gains of all judged items of the query (``ideal=judged``) or of the retrieved ones
(``ideal=list``), sorted descending.

"Without relevant items" (``no_relevant``): RBP, no judged item with grade :math:`\ge \theta`;
ERR, none with a positive grade; nDCG, no positive gain; Judged is defined for every query.
"""

from __future__ import annotations

import numpy as np

from ..errors import MetricsInputError
from .dispatch import batch_of
from .trec_measures import _ratio, num_ret


@batch_of("Judged")
def judged(ev, m):
    """Judged@k: the judged items among the top k, over min(k, n)."""
    found = ev.per_query(np.ones(len(ev.q)), m.k)
    retrieved = num_ret(ev)
    depth = retrieved if m.k is None else np.minimum(retrieved, m.k)
    return _ratio(found, depth), np.zeros(ev.nq, bool)


@batch_of("RBP")
def rank_biased_precision(ev, m):
    """RBP(p)@k: (1 − p) p^(i−1) for each relevant item at rank i ≤ k."""
    p, theta = m.param("p"), m.param("rel")
    weight = (1 - p) * p ** (ev.pos - 1)
    values = ev.per_query(np.where(ev.relevant(theta), weight, 0.0), m.k)
    return values, ev.num_relevant(theta) == 0


@batch_of("ERR")
def expected_reciprocal_rank(ev, m):
    """ERR@k: the cascade's chance of stopping at rank i, over i; the chance of reading on to rank i
    is multiplied rank after rank (as ``np.cumprod`` in :func:`metrics.err_steps`, so the same bits)."""
    grades = np.maximum(ev.grade, 0.0)
    top = _largest_grades(ev, grades, m)
    stop = (np.exp2(grades) - 1) / np.exp2(top[ev.q]) if len(grades) else grades
    reach = _reach(ev, stop, m.k)
    values = ev.per_query(reach * stop / ev.pos, m.k)
    return values, np.bincount(ev.jq, weights=ev.jrel > 0, minlength=ev.nq) == 0


def _largest_grades(ev, grades: np.ndarray, m) -> np.ndarray:
    """g_max per query code: ``max_grade`` (default 4); a ranked grade beyond it refused, naming the query."""
    largest = np.zeros(ev.nq)
    if len(grades):
        np.maximum.at(largest, ev.q, grades)
    limit, word = m.param("max_grade"), f"max_grade={m.param('max_grade')} (write ERR(max_grade=…))"
    over = np.flatnonzero(largest > limit)
    if len(over):
        code = int(over[0])
        name = ev.query_names(np.array([code]))[0]
        raise MetricsInputError(f"{m}: query {name!r} ranks an item of grade {largest[code]:g}, above {word}")
    return np.full(ev.nq, float(limit))


def _reach(ev, stop: np.ndarray, k) -> np.ndarray:
    """Per row: the product of (1 − R_j) over the judged rows above it in its query (1 at the first),
    multiplied in rank order; one vector step per depth, over the queries that reach it."""
    reach = np.ones(len(stop))
    if not len(stop):
        return reach
    depth = np.arange(len(stop)) - np.repeat(ev.starts, ev.lens)  # 0-based place among the query's rows
    keep = depth > 0 if k is None else (depth > 0) & (ev.pos <= k)
    rows = np.flatnonzero(keep)
    rows = rows[np.argsort(depth[rows], kind="stable")]
    bounds = np.searchsorted(depth[rows], np.arange(1, int(depth[rows].max(initial=0)) + 2))
    for start, end in zip(bounds[:-1], bounds[1:]):
        at = rows[start:end]
        reach[at] = reach[at - 1] * (1 - stop[at - 1])
    return reach
