"""Every single-ranking measure of one ranked list in one call, and two lists side by side.

No arithmetic of its own: each number comes from the measure's own function
(:func:`~metrics.measures.ndcg.ndcg`, :func:`~metrics.measures.ap.average_precision`, ...), so a summary
can never disagree with the explainer pages. Names follow ir_measures (:mod:`metrics.measures.names`)
with the actual cut-off and any non-default parameter, e.g. ``nDCG@5``, ``nDCG(gain=exp)@5``,
``AP(denom=found)@5``, ``P(rel=2)@5``; ``DCG@k`` is added beside nDCG.
"""

from __future__ import annotations

import pandas as pd

from .._binary import THRESHOLD, relevant_flags
from .._validate import as_choice, as_grades, as_k
from ..messages import N_
from .ap import DENOMINATOR_WORDS, DENOMINATORS, average_precision
from .cutoff import f1_at_k, hit_rate_at_k, precision_at_k, r_precision, recall_at_k
from .ndcg import GAIN_WORDS, GAINS, dcg, ndcg
from .rr import reciprocal_rank
from .spelling import DENOM_OF, measure_name

#: columns of :func:`compare_summaries`
COMPARE_COLUMNS = ("measure", N_("list 1"), N_("list 2"), N_("list 2 − list 1"))


def summarize(rels, k: int, *, judged=None, gain: str = "linear", ideal=None,
              ap_denominator: str = "relevant", threshold: float = THRESHOLD) -> dict[str, float]:
    r"""Every single-ranking measure of one ranked list, named in ir_measures style.

    Parameters
    ----------
    rels : grades in ranked order (unjudged items: 0).
    k : the cut-off of the ``@k`` measures.
    judged : grades of all judged items, retrieved or not (default: ``rels``). R, the number of
        relevant items, counts those with grade ≥ ``threshold``; it is the denominator of R@k,
        AP (``ap_denominator="relevant"``) and the depth of Rprec.
    gain : nDCG and DCG gain, ``"linear"`` (rel) or ``"exponential"`` (2^rel − 1).
    ideal : what the nDCG ideal ordering is built from: ``None`` or ``"judged"`` (all ``judged``
        grades, trec_eval), ``"list"`` (``rels`` only, scikit-learn; named ``ideal=list``) or a
        sequence of grades.
    ap_denominator : ``"relevant"`` (R), ``"found"`` (hits in the top k) or ``"min_k_relevant"``.
    threshold : an item is relevant when its grade is ≥ this (binary measures).

    Returns
    -------
    dict of str to float
        In this order: nDCG@k, DCG@k, AP@k, RR (no cut-off, as trec_eval's ``recip_rank``),
        RR@k, P@k, R@k, F1@k, Success@k, Rprec — each computed by its own function:

        .. math::

            \mathrm{nDCG@}k = \frac{\mathrm{DCG@}k}{\mathrm{IDCG@}k}, \quad
            \mathrm{AP@}k = \frac{1}{D}\sum_{i \le k} P@i \cdot rel_i, \quad
            \mathrm{RR} = \frac{1}{\mathrm{rank}_1}, \quad
            P@k = \frac{\text{hits}}{k}, \quad R@k = \frac{\text{hits}}{R}, \quad
            \mathrm{Rprec} = P@R

    Examples
    --------
    >>> s = summarize([0, 2, 0, 1], k=3, judged=[2, 1, 0, 0, 1])   # R = 3 (one relevant item not retrieved)
    >>> {name: round(value, 4) for name, value in s.items()}  # doctest: +NORMALIZE_WHITESPACE
    {'nDCG@3': 0.403, 'DCG@3': 1.2619, 'AP@3': 0.1667, 'RR': 0.5, 'RR@3': 0.5, 'P@3': 0.3333,
     'R@3': 0.3333, 'F1@3': 0.3333, 'Success@3': 1.0, 'Rprec': 0.3333}
    >>> list(summarize([3, 0], k=2, gain="exponential", ap_denominator="found", threshold=2))[:3]
    ['nDCG(gain=exp)@2', 'DCG(gain=exp)@2', 'AP(denom=found,rel=2)@2']
    """
    grades = as_grades(rels)
    k = as_k(k, required=True)
    gain = as_choice(gain, GAINS, "gain", GAIN_WORDS)  # "exp" as in nDCG(gain=exp)
    ap_denominator = as_choice(ap_denominator, DENOMINATORS, "ap_denominator", DENOMINATOR_WORDS)
    pool = grades if judged is None else as_grades(judged, "judged")
    R = int(relevant_flags(pool, threshold, "judged")[1].sum())
    ideal_param = "judged"
    if ideal is None or (isinstance(ideal, str) and ideal == "judged"):
        ideal_grades = pool
    elif isinstance(ideal, str):
        as_choice(ideal, ("judged", "list"), "ideal")
        ideal_grades, ideal_param = grades, "list"
    else:
        ideal_grades = as_grades(ideal, "ideal")
    g = "exp" if gain == "exponential" else "lin"
    rel = int(threshold) if float(threshold).is_integer() else float(threshold)
    return {
        measure_name("nDCG", k, gain=g, ideal=ideal_param): ndcg(grades, k, gain=gain, ideal=ideal_grades),
        measure_name("DCG", k, gain=g): dcg(grades, k, gain=gain),
        measure_name("AP", k, denom=DENOM_OF[ap_denominator], rel=rel): average_precision(
            grades, k=k, n_relevant=R, denominator=ap_denominator, threshold=threshold),
        measure_name("RR", None, rel=rel): reciprocal_rank(grades, threshold=threshold),
        measure_name("RR", k, rel=rel): reciprocal_rank(grades, k=k, threshold=threshold),
        measure_name("P", k, rel=rel): precision_at_k(grades, k, threshold=threshold),
        measure_name("R", k, rel=rel): recall_at_k(grades, k, R, threshold=threshold),
        measure_name("F1", k, rel=rel): f1_at_k(grades, k, R, threshold=threshold),
        measure_name("Success", k, rel=rel): hit_rate_at_k(grades, k, threshold=threshold),
        measure_name("Rprec", None, rel=rel): r_precision(grades, R, threshold=threshold),
    }


def compare_summaries(first: dict[str, float], second: dict[str, float]) -> pd.DataFrame:
    """Two summaries side by side with the difference ``list 2 − list 1``, one row per measure.

    Both must name the same measures (two :func:`summarize` calls with the same settings).

    >>> compare_summaries({"P@2": 0.5}, {"P@2": 1.0})
      measure  list 1  list 2  list 2 − list 1
    0     P@2     0.5     1.0              0.5
    """
    if list(first) != list(second):
        from ..errors import MetricsInputError

        raise MetricsInputError(f"the two summaries name different measures: {list(first)} and {list(second)}")
    frame = pd.DataFrame({COMPARE_COLUMNS[0]: list(first), COMPARE_COLUMNS[1]: list(first.values()),
                          COMPARE_COLUMNS[2]: list(second.values())})
    frame[COMPARE_COLUMNS[3]] = frame[COMPARE_COLUMNS[2]] - frame[COMPARE_COLUMNS[1]]
    return frame
