"""Why log2(i + 1)? nDCG of one ranking under other discounts.

DCG divides the gain at rank i by a *divisor*; the kinds compared here:

- ``"none"``: divisor 1 at every rank (nDCG is then CG@k / ideal CG@k);
- ``"rank"``: divisor i, a steeper discount than any logarithm;
- ``"log"``: divisor log_b(i + 1) at every rank, the form of trec_eval (``ndcg``, ``ndcg_cut``),
  scikit-learn (b = 2; ``dcg_score`` has a ``log_base`` parameter, ``ndcg_score`` has none), ranx
  and torchmetrics; Microsoft recommenders divides by ln(i + 1). Since log_b(x) = log2(x) / log2(b),
  changing b multiplies DCG and IDCG by the same factor log2(b): **nDCG is the same for every base**
  (DCG is not);
- ``"jk2002"``: the original definition of Järvelin & Kekäläinen (2002, ACM TOIS 20(4)): ranks
  i < b are not discounted and rank i ≥ b is divided by log_b(i), i.e. divisor max(1, log_b(i)).
  Here the base changes which ranks count in full, so **the base matters**, and so can the order
  of two rankings (:data:`ORDER_FLIP`).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from .._validate import as_choice, as_k, as_rows, real_or_nan
from ..errors import MetricsInputError, input_error
from ..messages import N_
from .ndcg import GAIN_WORDS, GAINS, _depth, _grades, gains

KINDS = ("none", "rank", "log", "jk2002")
BASES = tuple(range(2, 11))  #: the bases compared for the two logarithmic kinds

#: who uses which discount (library and paper names read the same in every language)
USED_BY = {("log", 2): "trec_eval, scikit-learn, ranx, torchmetrics",
           ("jk2002", 2): "Järvelin & Kekäläinen (2002)"}

#: two rankings (binary grades) whose order flips with the discount: with log_b(i + 1) the hits at
#: ranks 1 and 4 score higher; with the 2002 definition (b = 2 or 3: ranks 1 and 2 both count in
#: full) the hits at ranks 2 and 3 do; without a discount they tie
ORDER_FLIP = ([0, 1, 1, 0], [1, 0, 0, 1])


def _base(base) -> float:
    value = real_or_nan(base)
    if not 1 < value < math.inf:
        raise MetricsInputError(f"base must be a number greater than 1, got {base!r}")
    return value


def discount_divisors(kind: str, n: int, base: float = 2) -> np.ndarray:
    """The divisor of the gain at ranks i = 1..n under one discount (``base`` for the log kinds).

    >>> [float(d) for d in discount_divisors("rank", 3)]
    [1.0, 2.0, 3.0]
    >>> [round(float(d), 4) for d in discount_divisors("jk2002", 4, base=3)]   # ranks 1, 2 in full
    [1.0, 1.0, 1.0, 1.2619]
    """
    as_choice(kind, KINDS, "kind")
    n = as_rows(n)
    base = _base(base)
    ranks = np.arange(1, n + 1, dtype=float)
    if kind == "none":
        return np.ones(n)
    if kind == "rank":
        return ranks
    if kind == "log":
        return np.log(ranks + 1) / np.log(base)
    return np.maximum(1.0, np.log(ranks) / np.log(base))


def discount_label(kind: str, base: float = 2) -> str:
    """The divisor as a formula: ``1``, ``i``, ``log2(i+1)``, ``max(1, log3(i))``."""
    as_choice(kind, KINDS, "kind")
    b = f"{_base(base):g}"
    return {"none": "1", "rank": "i", "log": f"log{b}(i+1)", "jk2002": f"max(1, log{b}(i))"}[kind]


def _choices() -> list[tuple[str, float | None]]:
    """Every discount compared: none, rank, then each base of log and of jk2002."""
    return [("none", None), ("rank", None), *(("log", b) for b in BASES), *(("jk2002", b) for b in BASES)]


def _dcg(rels: np.ndarray, depth: int, gain: str, divisors: np.ndarray, label: str) -> float:
    kept = np.zeros(depth)
    kept[:min(depth, rels.size)] = rels[:depth]
    with np.errstate(over="ignore"):
        value = float(np.sum(gains(kept, gain) / divisors))
    if not math.isfinite(value):
        raise input_error(N_("DCG with divisor {divisor} is more than the largest float (about 1.8e308); "
                             "use smaller grades"), divisor=label)
    return value


def ndcg_under_discounts(rels, k: int | None = None, ideal=None, gain: str = "linear",
                         second=None) -> pd.DataFrame:
    """nDCG@k of a ranking (grades in ranked order) under every discount, one row each.

    Columns: ``discount`` (the divisor, :func:`discount_label`), ``kind``, ``base`` (NaN for none
    and rank), ``used_by``, ``DCG``, ``IDCG``, ``nDCG``; with ``second`` (grades of another ranking,
    e.g. another order of the same items) also ``nDCG (second)`` and ``higher`` ("first", "second"
    or "tie", equal to 12 digits). ``ideal`` holds the grades of all judged items (default: each
    ranking's own grades), as in :func:`metrics.ndcg`; the ``log2(i+1)`` row is that nDCG.

    >>> frame = ndcg_under_discounts(ORDER_FLIP[0], second=ORDER_FLIP[1]).set_index("discount")
    >>> frame.loc[["log2(i+1)", "log10(i+1)", "max(1, log2(i))", "1"], "higher"].tolist()
    ['second', 'second', 'first', 'tie']
    """
    gain = as_choice(gain, GAINS, "gain", GAIN_WORDS)  # "exp" as in nDCG(gain=exp)
    k = as_k(k)
    rankings = [_grades(rels, gain)] + ([] if second is None else [_grades(second, gain, "second")])
    ideals = [np.sort(_grades(ideal, gain, "ideal") if ideal is not None else r)[::-1] for r in rankings]
    depth = _depth(max(r.size for r in rankings), max(i.size for i in ideals), k)
    rows = []
    for kind, base in _choices():
        divisors, label = discount_divisors(kind, depth, base or 2), discount_label(kind, base or 2)
        values = []
        for ranking, ideal_sorted in zip(rankings, ideals):
            dcg_value, idcg_value = (_dcg(grades, depth, gain, divisors, label) for grades in (ranking, ideal_sorted))
            with np.errstate(over="ignore"):
                ratio = dcg_value / idcg_value if idcg_value > 0 else 0.0
            if not math.isfinite(ratio):
                raise input_error(N_("nDCG with divisor {divisor} = DCG / IDCG is more than the largest float "
                                     "(about 1.8e308): ideal should hold the grades of every judged item"),
                                  divisor=label)
            values.append((dcg_value, idcg_value, ratio))
        row = {"discount": label, N_("kind"): kind,
               N_("base"): float(base) if base else np.nan, N_("used_by"): USED_BY.get((kind, base), ""),
               "DCG": values[0][0], "IDCG": values[0][1], "nDCG": values[0][2]}
        if second is not None:
            first_value, second_value = values[0][2], values[1][2]
            row[N_("nDCG (second)")] = second_value
            row[N_("higher")] = ("tie" if np.isclose(first_value, second_value, rtol=0, atol=1e-12)
                             else N_("first") if first_value > second_value else N_("second"))
        rows.append(row)
    return pd.DataFrame(rows)
