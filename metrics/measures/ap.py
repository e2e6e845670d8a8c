"""Average precision of one ranking: the precision at each hit, averaged.

AP@k = (1/D) Σ_{i≤k} rel_i · P@i, with D = R (trec_eval's ``map``), the hits found or min(k, R).
Source: trec_eval's ``m_map.c``; Buckley & Voorhees, "Evaluating evaluation measure stability", SIGIR 2000.
"""

from __future__ import annotations

from functools import partial

import numpy as np

from .._binary import THRESHOLD, padded, relevant_flags, total_relevant
from .._lazy import pandas as pd  # (on first use: batch evaluation imports this module)
from .._validate import as_choice, as_count, as_k
from ..errors import MetricsInputError
from ..explanation import Explanation, Line, latex_name, num, with_formula
from ..messages import N_, Composed, Math, message, phrase
from .spelling import DENOM_OF, measure_name

#: AP denominators: all relevant items R (trec_eval, ranx, ir_measures); the relevant items
#: found in the top k (the first article's code, torchmetrics); min(k, R) (RecBole,
#: Microsoft recommenders' map_at_k)
DENOMINATORS = ("relevant", "found", "min_k_relevant")
#: the measure syntax's words (AP(denom=minKR)@10)
DENOMINATOR_WORDS = {"R": "relevant", "minKR": "min_k_relevant", "min": "min_k_relevant"}



def ap_formula(denominator: str = "D") -> str:
    """AP's formula with ``denominator`` (LaTeX) for D."""
    return (r"\mathrm{AP@}k = \frac{1}{" + denominator + r"} \sum_{i=1}^{k} P@i \cdot rel_i, \quad P@i = \frac{"
            + phrase(N_("hits in top {i}"), i=Math("i")) + "}{i}")


AP_FORMULA = ap_formula()
_D_LATEX = {"relevant": "R", "found": phrase(N_("hits found")), "min_k_relevant": r"\min(k, R)"}


def ap_steps(hits, k: int | None = None, n_relevant: int | None = None, denominator: str | None = None,
             items=None, threshold: float = THRESHOLD) -> Explanation:
    """Explain AP@k: one row per rank with the precision there and whether it counts.

    Columns: rank, item, rel, relevant, hits, precision, counted (precision at a hit, else 0),
    running_sum, AP (running_sum / D); the last row's AP is the value. ``denominator`` is one of
    ``"relevant"`` (R = ``n_relevant``), ``"found"`` (hits in the top k) or ``"min_k_relevant"``;
    by default R when ``n_relevant`` is given, otherwise the hits found (the article's code).
    """
    grades, flags = relevant_flags(hits, threshold)
    k = as_k(k)
    n_relevant = as_count(n_relevant, "n_relevant")
    R = total_relevant(flags, n_relevant)
    if denominator is None:
        denominator = "relevant" if n_relevant is not None else "found"
    denominator = as_choice(denominator, DENOMINATORS, "denominator", DENOMINATOR_WORDS)
    depth = grades.size if k is None else k
    grades, flags, labels = padded(grades, flags, items, depth)
    rank = np.arange(1, depth + 1)
    hit_count = np.cumsum(flags)
    precision = hit_count / rank
    counted = np.where(flags, precision, 0.0)
    running = np.cumsum(counted)
    found = int(hit_count[-1]) if depth else 0
    D = {"relevant": R, "found": found, "min_k_relevant": min(depth, R)}[denominator]
    ap = running / D if D else np.zeros(depth)
    table = pd.DataFrame({"rank": rank, "item": labels, "rel": grades, "relevant": flags,
                          "hits": hit_count, "precision": precision, "counted": counted,
                          "running_sum": running, "AP": ap})
    value = float(ap[-1]) if depth else 0.0
    params = {"denom": DENOM_OF[denominator], "rel": threshold}
    return Explanation.written(
        writer=partial(_ap_lines, table, D, denominator, k, params),
        measure=measure_name("AP", k, **params), value=value, table=table,
        formula=ap_formula(_D_LATEX[denominator]), column="AP", running={"AP": "AP"},
        details={"denominator": denominator, "D": D, "R": R, "found": found, "k": depth},
    )


def _ap_lines(table: pd.DataFrame, D: int, denominator: str, k: int | None, params: dict, step: int,
              text: bool) -> tuple[Line, ...]:
    """The worked AP after ``step`` ranks: the precisions at the hits so far, summed, over D.

    With D = R the value at rank i is AP@i; with the other denominators D is the one of the whole
    cut-off, so the line is named as a partial sum, not as AP@i."""
    shown = table.iloc[:step]
    hit_rows = shown[shown["relevant"]]
    final = step == len(table)
    k_label = str(k) if k is not None else str(len(table))
    if final or denominator == "relevant":
        name = measure_name("AP", k if final else step, **params)
        lhs = name if text else latex_name(name)
    else:
        lhs = f"(1/D)·sum(P@j·rel_j, j ≤ {step})" if text else rf"\frac{{1}}{{D}}\sum_{{j=1}}^{{{step}}} P@j \cdot rel_j"
    terms = tuple((f"{h}/{r}" if text else rf"\tfrac{{{h}}}{{{r}}}") for h, r in zip(hit_rows["hits"], hit_rows["rank"]))
    value = num(shown["AP"].iloc[-1]) if step else "0"
    if text:
        note = (message(N_("[D = hits found = {D}]"), D=D) if denominator == "found"
                else f"[D = {'R' if denominator == 'relevant' else f'min({k_label}, R)'} = {D}]")
        if D == 0:
            note = Composed(note, "   ", message(N_("(no relevant item: AP is defined as 0)")))
        return (Line(lhs, terms, head="(", tail=f") / {D}", result=value, note=note),)
    return (Line(lhs, terms, head=rf"\frac{{1}}{{{D}}}\bigl(", tail=r"\bigr)", result=value,
                 note=message(N_("(no relevant item: AP is 0)")) if D == 0 else ""),)


@with_formula(AP_FORMULA)
def average_precision(hits, k: int | None = None, n_relevant: int | None = None,
                      denominator: str | None = None, threshold: float = THRESHOLD) -> float:
    """Average precision: the precision at each relevant rank of the top k, summed, over D.

    .. math:: <formula>

    ``hits`` are 0/1 or grades in ranked order (relevant when ≥ ``threshold``). D is
    ``n_relevant`` (R) when given, otherwise the hits found in ``hits`` (the first article's
    code); ``denominator="min_k_relevant"`` uses min(k, R). No relevant item gives 0.

    >>> average_precision([0, 1, 0, 1, 1])   # (1/2 + 2/4 + 3/5) / 3
    0.5333333333333333
    >>> average_precision([1, 1, 0, 0, 0], n_relevant=3)   # (1/1 + 2/2) / 3
    0.6666666666666666
    """
    return ap_steps(hits, k=k, n_relevant=n_relevant, denominator=denominator, threshold=threshold).value


def mean_average_precision(rankings, **options) -> float:
    """MAP: the mean of :func:`average_precision` over several rankings."""
    values = [average_precision(hits, **options) for hits in rankings]
    if not values:
        raise MetricsInputError("mean_average_precision needs at least one ranking")
    return float(np.mean(values))
