"""Rank-biased precision (Moffat & Zobel 2008): a user reads rank 1, then each next rank with
probability p (the persistence); RBP is the expected rate of relevance per item read:
RBP(p)@k = (1 − p) Σ_{i≤k} r_i p^(i−1).  Source: Moffat & Zobel, "Rank-biased precision for measurement of
retrieval effectiveness", ACM TOIS 27(1), 2008."""

from __future__ import annotations

from functools import partial

import numpy as np

from .._binary import THRESHOLD, padded, relevant_flags
from .._lazy import pandas as pd  # (on first use: batch evaluation imports this module)
from .._validate import as_fraction, as_k
from ..explanation import Explanation, Line, latex_name, num, with_formula
from ..messages import N_, message, phrase
from .spelling import measure_name

RBP_FORMULA = r"\mathrm{RBP}(p) = (1 - p) \sum_{i=1}^{k} r_i \, p^{\,i-1}"


def rbp_steps(hits, k: int | None = None, p: float = 0.8, items=None, threshold: float = THRESHOLD) -> Explanation:
    """Explain RBP(p)@k: columns rank, item, rel, relevant (r_i: grade ≥ threshold, as ir_measures'
    ``RBP(rel=…)``), weight (1 − p)·p^(i−1), contribution (r_i · weight), RBP (the running sum) and
    residual p^i: what the ranks below could still add if all were relevant.

    Relevance is binary, so RBP stays in [0, 1] (Moffat & Zobel's r_i ∈ {0, 1}); without ``rel``
    ir_measures hands the raw grades to trectools, which can pass 1 on graded judgments.
    """
    p = as_fraction(p, "p", open_low=True, open_high=True)
    grades, flags = relevant_flags(hits, threshold)
    k = as_k(k)
    depth = grades.size if k is None else k
    grades, flags, labels = padded(grades, flags, items, depth)
    rank = np.arange(1, depth + 1)
    weight = (1 - p) * p ** (rank - 1)
    contribution = np.where(flags, weight, 0.0)
    table = pd.DataFrame({"rank": rank, "item": labels, "rel": grades, "relevant": flags, "weight": weight,
                          "contribution": contribution, "RBP": np.cumsum(contribution), "residual": p ** rank})
    params = {"p": p, "rel": threshold}
    return Explanation.written(
        writer=partial(_rbp_lines, table, p, k, params), measure=measure_name("RBP", k, **params),
        value=float(table["RBP"].iloc[-1]) if depth else 0.0, table=table, formula=RBP_FORMULA, column="RBP",
        running={"RBP": "RBP"}, details={"p": p, "residual": float(p ** depth)})


def _rbp_lines(table: pd.DataFrame, p: float, k: int | None, params: dict, step: int, text: bool) -> tuple[Line, ...]:
    """RBP after ``step`` ranks: (1 − p) times p^(i−1) of each relevant rank so far; the residual."""
    name = measure_name("RBP", k if step == len(table) else step, **params)
    lhs = name if text else latex_name(name)
    shown = table.iloc[:step]
    ranks = shown["rank"][shown["relevant"]]
    terms = tuple((f"{num(p)}^{r - 1}" if text else f"{num(p)}^{{{r - 1}}}") for r in ranks)
    value = num(shown["RBP"].iloc[-1]) if step else "0"
    residual = num(p ** step)
    head = f"(1 - {num(p)}) * (" if text else rf"(1 - {num(p)})\bigl("
    tail = ")" if text else r"\bigr)"
    note = message(N_("(+ at most {residual} from the ranks below)"), residual=residual) if text else ""
    return (Line(lhs, terms, head=head, tail=tail, result=value, note=note),
            *(() if text else (Line(phrase(N_("residual")), head=f"{num(p)}^{{{step}}}", result=residual),)))


@with_formula(RBP_FORMULA)
def rank_biased_precision(hits, k: int | None = None, p: float = 0.8, threshold: float = THRESHOLD) -> float:
    """Rank-biased precision with persistence p (ir_measures ``RBP(p=0.8,rel=1)``).

    .. math:: <formula>

    >>> round(rank_biased_precision([1, 0, 1], p=0.5), 4)   # 0.5 · (0.5^0 + 0.5^2)
    0.625
    """
    return rbp_steps(hits, k, p, threshold=threshold).value
