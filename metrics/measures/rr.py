"""Reciprocal rank of one ranking: 1 / the rank of the first relevant item (0 if none); its mean over
queries is MRR. Source: Voorhees, "The TREC-8 Question Answering Track Report", TREC-8, 1999; trec_eval's
``m_recip_rank.c``.
"""

from __future__ import annotations

from functools import partial

import numpy as np

from .._binary import THRESHOLD, padded, relevant_flags
from .._lazy import pandas as pd  # (on first use: batch evaluation imports this module)
from .._validate import as_k, as_rows
from ..errors import MetricsInputError
from ..explanation import Explanation, Line, latex_name, num, with_formula
from ..messages import N_, message, phrase
from .spelling import measure_name

RR_FORMULA = (r"\mathrm{RR} = \frac{1}{\mathrm{rank}_1}, \quad \mathrm{rank}_1 = "
              + phrase(N_("rank of the first relevant item")))


def rr_steps(hits, k: int | None = None, items=None, threshold: float = THRESHOLD) -> Explanation:
    """Explain RR@k: columns rank, item, rel, relevant, first_hit, RR (1/first-hit rank so far)."""
    grades, flags = relevant_flags(hits, threshold)
    k = as_k(k)
    depth = grades.size if k is None else k
    grades, flags, labels = padded(grades, flags, items, depth)
    rank = np.arange(1, depth + 1)
    seen = np.cumsum(flags)
    first = flags & (seen == 1)
    first_rank = int(rank[first][0]) if first.any() else None
    rr = np.where(seen > 0, 1.0 / (first_rank or 1), 0.0)
    table = pd.DataFrame({"rank": rank, "item": labels, "rel": grades, "relevant": flags,
                          "first_hit": first, "RR": rr})
    value = float(rr[-1]) if depth else 0.0
    params = {"rel": threshold}
    return Explanation.written(writer=partial(_rr_lines, first_rank, k, depth, params),
                               measure=measure_name("RR", k, **params), value=value, table=table,
                               formula=RR_FORMULA, column="RR", running={"RR": "RR"},
                               details={"first_hit_rank": first_rank, "k": depth})


def _rr_lines(first_rank: int | None, k: int | None, depth: int, params: dict, step: int,
              text: bool) -> tuple[Line, ...]:
    """RR after ``step`` ranks: 1 / the first hit's rank once it is among them, else 0."""
    cut = k if step == depth else step
    name = measure_name("RR", cut, **params)
    lhs = name if text else latex_name(name)
    if first_rank is None or first_rank > step:
        note = (message(N_("(no relevant item in the top {k})"), k=cut) if cut
                else message(N_("(no relevant item in the list)")))
        return (Line(lhs, head="0", note=note),)
    value = num(1 / first_rank)
    return (Line(lhs, head=f"1/{first_rank}" if text else rf"\frac{{1}}{{{first_rank}}}", result=value),)


@with_formula(RR_FORMULA)
def reciprocal_rank(hits, k: int | None = None, threshold: float = THRESHOLD) -> float:
    """Reciprocal rank: 1 / rank of the first relevant item in the top k, 0 if none.

    .. math:: <formula>

    trec_eval's ``recip_rank`` has no cut-off (k=None); ``RR@k`` (ir_measures, ranx
    ``mrr@k``, RecBole ``MRR@k``) scores 0 when the first hit lies below rank k.

    >>> reciprocal_rank([0, 0, 1, 0, 1])   # first hit at rank 3
    0.3333333333333333
    >>> reciprocal_rank([0, 0, 1], k=2)
    0.0
    """
    return rr_steps(hits, k=k, threshold=threshold).value


def mean_reciprocal_rank(rankings, **options) -> float:
    """MRR: the mean of :func:`reciprocal_rank` over several rankings."""
    values = [reciprocal_rank(hits, **options) for hits in rankings]
    if not values:
        raise MetricsInputError("mean_reciprocal_rank needs at least one ranking")
    return float(np.mean(values))


def rr_curve(n: int, k: int | None = None) -> pd.DataFrame:
    """RR for each possible rank of the first hit, 1..n: columns ``rank``, ``RR (no cut-off)``
    (1/rank, trec_eval's recip_rank) and ``RR`` (RR@k: 0 when the first hit is below rank k).

    >>> rr_curve(4, k=2)["RR"].tolist()
    [1.0, 0.5, 0.0, 0.0]
    """
    n = as_rows(n)
    k = as_k(k)
    rank = np.arange(1, n + 1)
    uncut = 1.0 / rank
    return pd.DataFrame({"rank": rank, N_("RR (no cut-off)"): uncut,
                         "RR": uncut if k is None else np.where(rank <= k, uncut, 0.0)})
