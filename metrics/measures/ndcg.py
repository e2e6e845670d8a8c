"""Gain, CG, DCG, IDCG and nDCG of one ranking, with the step table behind each number.

Rank i (counting from 1) is discounted by log2(i + 1). A grade's gain is ``rel`` (linear, as
trec_eval, scikit-learn and ranx's ``ndcg``) or ``2^rel - 1`` (exponential, Burges et al.; ranx
``ndcg_burges``, gdeval). Negative grades give gain 0, as in trec_eval.

nDCG@k = DCG@k / IDCG@k, DCG@k = Σ_{i≤k} gain(rel_i) / log2(i + 1).  Source: Järvelin & Kekäläinen,
"Cumulated gain-based evaluation of IR techniques", ACM TOIS 20(4), 2002; trec_eval's ``m_ndcg.c`` and
``m_ndcg_cut.c``; the exponential gain: Burges et al., "Learning to rank using gradient descent", ICML 2005.
"""

from __future__ import annotations

from functools import partial

import numpy as np

from .._lazy import pandas as pd  # (on first use: batch evaluation imports this module)
from .._validate import UNRANKED, _short, as_choice, as_grades, as_items, as_judged_grades, as_k, as_rows
from ..errors import MetricsInputError, input_error
from ..explanation import Explanation, Line, latex_name, num, only_lines, with_formula
from ..messages import N_, message
from .spelling import measure_name

GAINS = ("linear", "exponential")
GAIN_WORDS = {"lin": "linear", "exp": "exponential"}  #: the measure syntax's words (nDCG(gain=exp)@10)
GAIN_PARAM = {"linear": "lin", "exponential": "exp"}  #: ``gain`` argument -> the measure's gain parameter
IDEAL_FROM = ("judged", "list")  #: where the ideal ordering comes from (the measure's ideal parameter)

CG_FORMULA = r"\mathrm{CG@}k = \sum_{i=1}^{k} rel_i"
DCG_FORMULA = {
    "linear": r"\mathrm{DCG@}k = \sum_{i=1}^{k} \frac{rel_i}{\log_2(i+1)}",
    "exponential": r"\mathrm{DCG@}k = \sum_{i=1}^{k} \frac{2^{rel_i}-1}{\log_2(i+1)}",
}
NDCG_FORMULA = r"\mathrm{nDCG@}k = \frac{\mathrm{DCG@}k}{\mathrm{IDCG@}k}"

#: column names of the NDCG step table, in order
COLUMNS = ("rank", "item", "rel", "gain", "discount", "discounted_gain", "CG", "DCG")


#: exponential gain 2^rel - 1 is a float64 only below this grade (2^1024 is past the largest, ~1.8e308)
MAX_EXPONENTIAL_GRADE = 1024


def _gains(rels: np.ndarray, gain: str) -> np.ndarray:
    """Gains of validated grades; below grade 1, 2^rel - 1 is computed as expm1(rel ln 2), exact for tiny rel."""
    rels = np.maximum(rels, 0.0)
    if gain == "linear":
        return rels
    with np.errstate(over="ignore"):
        return np.where(rels < 1, np.expm1(np.minimum(rels, 1) * np.log(2)), np.exp2(rels) - 1.0)


def _grades(values, gain: str, name: str = "rels") -> np.ndarray:
    """Finite grades whose gain is finite: with exponential gain, every grade below 1024."""
    rels = as_grades(values, name)
    gain = as_choice(gain, GAINS, "gain", GAIN_WORDS)
    too_large = np.flatnonzero(~np.isfinite(_gains(rels, gain)))
    if too_large.size:
        raise input_error(N_("{name} at {place} {position} = {value} is too large for exponential gain: 2^{value} - 1 "
                             "overflows a float (the largest is about 1.8e308), so grades must be below {limit}"),
                          words=("place",), name=name, place=N_("position") if name in UNRANKED else "rank",
                          position=int(too_large[0]) + 1, value=_short(float(rels[too_large[0]])),
                          limit=MAX_EXPONENTIAL_GRADE)
    return rels


def gains(rels, gain: str = "linear") -> np.ndarray:
    """Gain of each grade: ``max(rel, 0)`` (linear) or ``2^max(rel, 0) - 1`` (exponential, grades below 1024)."""
    return _gains(_grades(rels, gain), gain)


def discounts(n: int) -> np.ndarray:
    """log2(i + 1) for ranks i = 1..n."""
    return np.log2(np.arange(2, as_rows(n) + 2, dtype=float))


def _depth(n_ranked: int, n_ideal: int, k: int | None) -> int:
    """Rows of the step tables: the cut-off, or every rank that can carry gain."""
    full = max(n_ranked, n_ideal)
    return full if k is None else min(k, full)


def _table(rels: np.ndarray, items: list[str], depth: int, gain: str, ties=None, name: str = "rels") -> pd.DataFrame:
    """Step table for the first ``depth`` ranks; ranks past the list get grade 0 and no item.

    Refuses gains whose sum CG (at least DCG) overflows a float, naming the rank where it does."""
    padded = np.zeros(depth)
    shown = min(depth, rels.size)
    padded[:shown] = rels[:shown]
    labels = items[:shown] + [""] * (depth - shown)
    gain_values = _gains(padded, gain)
    if ties is not None:
        gain_values = _tie_averaged(_gains(rels, gain), ties)[:depth]
        gain_values = np.concatenate([gain_values, np.zeros(depth - gain_values.size)])
    discount = discounts(depth)
    discounted = gain_values / discount
    cg_values = _cumulative_gain(gain_values, name)
    return pd.DataFrame({
        "rank": np.arange(1, depth + 1),
        "item": labels,
        "rel": padded,
        "gain": gain_values,
        "discount": discount,
        "discounted_gain": discounted,
        "CG": cg_values,
        "DCG": np.cumsum(discounted),
    })


def _cumulative_gain(gain_values: np.ndarray, name: str) -> np.ndarray:
    """CG@i for every rank i, refused when it passes the largest float (CG >= DCG, so DCG is then finite)."""
    with np.errstate(over="ignore"):
        running = np.cumsum(gain_values)
    if running.size and not np.isfinite(running[-1]):
        raise input_error(N_("{name}: the gains add up to more than the largest float (about 1.8e308) by rank {rank}, "
                             "so CG and DCG would be infinite; use smaller grades"),
                          name=name, rank=int(np.argmax(~np.isfinite(running))) + 1)
    return running


def _tie_averaged(gain_values: np.ndarray, scores: np.ndarray) -> np.ndarray:
    """Replace each gain by the mean gain of its tie group (items with equal scores).

    The expected DCG over all orders of the tied items (McSherry & Najork 2008), as
    scikit-learn's ``ndcg_score`` computes by default; ``scores`` are in ranked order.
    """
    out = gain_values.copy()
    if out.size == 0:
        return out
    starts = np.flatnonzero(np.r_[True, scores[1:] != scores[:-1]])
    sizes = np.diff(np.r_[starts, out.size])
    top = float(out.max())
    if not top or top <= np.finfo(float).max / out.size:
        return np.repeat(np.add.reduceat(out, starts) / sizes, sizes)
    shift = np.frexp(top)[1]  # huge gains: sum them scaled by a power of two (exact), so the sum cannot overflow
    return np.ldexp(np.repeat(np.add.reduceat(np.ldexp(out, -shift), starts) / sizes, sizes), shift)


def _order_by_score(rels, items, scores):
    """Sort by score descending, keeping the given order among ties (a stable sort)."""
    scores = as_grades(scores, "scores")
    if scores.size != rels.size:
        raise MetricsInputError(f"scores has {scores.size} values for {rels.size} grades")
    order = np.argsort(-scores, kind="stable")
    return rels[order], [items[i] for i in order], scores[order]


def _dcg_terms(rels, gain: str, text: bool) -> tuple[str, ...]:
    """One term per rank: ``3/log2(2)`` or ``\\frac{3}{\\log_2(2)}`` (exponential: ``2^3-1`` on top)."""
    terms = []
    for rank, rel in enumerate(rels, start=1):
        top = num(rel) if gain == "linear" else (f"(2^{num(rel)}-1)" if text else f"2^{{{num(rel)}}}-1")
        terms.append(f"{top}/log2({rank + 1})" if text else rf"\frac{{{top}}}{{\log_2({rank + 1})}}")
    return tuple(terms)


IDCG_ZERO = N_("(IDCG is 0 (no item carries gain), so nDCG is defined as 0.)")


#: what nDCG's worked lines are, in order (:func:`_ndcg_lines`)
WORKED_LINES = ("DCG", "IDCG", "nDCG")


def _ndcg_lines(table: pd.DataFrame, ideal_table: pd.DataFrame, gain: str, k: int | None, params: dict,
                step: int, text: bool) -> tuple[Line, ...]:
    """The worked nDCG after ``step`` ranks: DCG@i and IDCG@i as sums, then their ratio (:data:`WORKED_LINES`)."""
    final = step == len(table)
    at = (str(k) if k is not None else str(step)) if final else str(step)
    name = measure_name("nDCG", k if final else step, **params)
    dcg_value, idcg_value, value = (float(table[c].iloc[step - 1]) if step else 0.0 for c in ("DCG", "IDCG", "nDCG"))

    def symbol(label: str) -> str:
        return label if text else latex_name(label)

    ratio = f"{num(dcg_value)} / {num(idcg_value)}" if text else rf"\frac{{{num(dcg_value)}}}{{{num(idcg_value)}}}"
    return (Line(symbol(f"DCG@{at}"), _dcg_terms(table["rel"].iloc[:step], gain, text), result=num(dcg_value)),
            Line(symbol(f"IDCG@{at}"), _dcg_terms(ideal_table["rel"].iloc[:step], gain, text), result=num(idcg_value)),
            Line(symbol(name), head=ratio, result=num(value), note=message(IDCG_ZERO) if idcg_value == 0 else ""))


def ndcg_steps(rels, k: int | None = None, gain: str = "linear", ideal=None, items=None,
               scores=None, ideal_items=None, ideal_from: str | None = None) -> Explanation:
    """Explain nDCG@k: step tables for the ranking and for the ideal ordering.

    The main table has columns rank, item, rel, gain, discount (the divisor log2(i+1)),
    discounted_gain, CG, DCG, IDCG (the ideal ordering's running DCG) and nDCG (DCG@i / IDCG@i);
    its last row is nDCG@k. The measure is named ``nDCG(ideal=list)@k``, ``nDCG(gain=exp)@k``, ...

    Parameters
    ----------
    rels : grades in ranked order.
    k : cut-off (None: every rank that can carry gain).
    gain : ``"linear"`` or ``"exponential"``.
    ideal : grades of all judged items for the ideal ordering (default: ``rels``).
    items : labels of the ranked items (default d1, d2, ...).
    scores : optional scores in the same order as ``rels``; the list is then ordered by
        score and tied items share their mean gain (scikit-learn's tie averaging).
    ideal_items : labels of the ``ideal`` grades, for the ideal table.
    ideal_from : the convention ``ideal`` follows, ``"judged"`` or ``"list"``, for the measure's
        name (default: ``"list"`` without ``ideal``, ``"judged"`` with it).
    """
    gain = as_choice(gain, GAINS, "gain", GAIN_WORDS)
    rels = _grades(rels, gain)
    k = as_k(k)
    if ideal_from is None or ideal_from == "":
        ideal_from = "list" if ideal is None else "judged"
    ideal_from = as_choice(ideal_from, IDEAL_FROM, "ideal_from")
    items = as_items(items, rels.size)
    ideal_rels = rels if ideal is None else _grades(ideal, gain, "ideal")
    if ideal is None:
        ideal_labels = items
    elif ideal_items is not None:
        ideal_labels = as_items(ideal_items, ideal_rels.size, "ideal_items")
    else:
        ideal_labels = [""] * ideal_rels.size
    ties = None
    if scores is not None:
        rels, items, ties = _order_by_score(rels, items, scores)
    ideal_order = np.argsort(-ideal_rels, kind="stable")
    ideal_sorted = ideal_rels[ideal_order]
    ideal_items = [ideal_labels[i] for i in ideal_order]
    depth = _depth(rels.size, ideal_sorted.size, k)
    table = _table(rels, items, depth, gain, ties)
    ideal_table = _table(ideal_sorted, ideal_items, depth, gain, name="ideal")
    table["IDCG"] = ideal_table["DCG"].to_numpy()
    table["nDCG"] = _ndcg_column(table, ideal_table)
    dcg_value = float(table["DCG"].iloc[-1]) if depth else 0.0
    idcg_value = float(ideal_table["DCG"].iloc[-1]) if depth else 0.0
    value = float(table["nDCG"].iloc[-1]) if depth else 0.0
    params = {"gain": GAIN_PARAM[gain], "ideal": ideal_from}
    return Explanation.written(
        writer=partial(_ndcg_lines, table, ideal_table, gain, k, params),
        measure=measure_name("nDCG", k, **params),
        value=value,
        table=table,
        formula=r" \qquad ".join([DCG_FORMULA[gain], NDCG_FORMULA]),
        column="nDCG",
        running={"DCG": "DCG", "IDCG": "IDCG", "nDCG": "nDCG"},
        details={"ideal_table": ideal_table, "DCG": dcg_value, "IDCG": idcg_value,
                 "CG": float(table["CG"].iloc[-1]) if depth else 0.0, "k": depth, "gain": gain,
                 "ideal_from": ideal_from},
    )


def dcg_steps(rels, k: int | None = None, gain: str = "linear", items=None, ideal=None,
              ideal_items=None) -> Explanation:
    """Explain DCG@k: :func:`ndcg_steps`' table without its IDCG and nDCG columns, its first worked line; the last
    row's DCG is :func:`dcg`. The measure is named ``DCG@k``, ``DCG(gain=exp)@k``; ``ideal`` (and ``ideal_items``)
    only fill ``details["ideal_table"]``, for a reader who goes on to nDCG.

    >>> print(dcg_steps([3, 2, 3, 0, 1], k=3).worked_text)
    DCG@3 = 3/log2(2) + 2/log2(3) + 3/log2(4) = 5.7619
    >>> dcg_steps([3, 2], gain="exp").measure, list(dcg_steps([1]).table.columns)[-2:]
    ('DCG(gain=exp)', ['CG', 'DCG'])
    """
    explained = ndcg_steps(rels, k, gain, ideal=ideal, items=items, ideal_items=ideal_items)
    gain = explained.details["gain"]
    return Explanation.written(writer=partial(only_lines, explained.writer, 1),
                               measure=measure_name("DCG", k, gain=GAIN_PARAM[gain]), value=explained.details["DCG"],
                               table=explained.table.drop(columns=["IDCG", "nDCG"]), formula=DCG_FORMULA[gain],
                               column="DCG", running={"DCG": "DCG"}, details=explained.details)


def _ndcg_column(table: pd.DataFrame, ideal_table: pd.DataFrame) -> np.ndarray:
    """nDCG@i = DCG@i / IDCG@i (0 where IDCG@i is 0), each from its gains scaled by a power of two.

    The scaling is exact, so the ratio is the same as unscaled for ordinary grades and keeps its
    precision for tiny (subnormal) or huge ones; a ratio past the largest float is refused."""
    discount = table["discount"].to_numpy()

    def scaled(gain_values: np.ndarray) -> tuple[np.ndarray, int]:
        shift = -int(np.frexp(gain_values.max(initial=0.0))[1])
        return np.cumsum(np.ldexp(gain_values, shift) / discount), shift

    (dcg_values, shift), (idcg_values, ideal_shift) = scaled(table["gain"].to_numpy()), scaled(ideal_table["gain"].to_numpy())
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        ratio = np.where(idcg_values > 0, np.ldexp(dcg_values / idcg_values, ideal_shift - shift), 0.0)
    bad = np.flatnonzero(~np.isfinite(ratio))
    if bad.size:
        raise input_error(N_("nDCG@{rank} = DCG / IDCG is more than the largest float (about 1.8e308): the ideal "
                             "grades are far below the ranking's; ideal should hold the grades of every judged item"),
                          rank=int(bad[0]) + 1)
    return ratio


@with_formula(CG_FORMULA)
def cg(rels, k: int | None = None) -> float:
    """Cumulative gain of the top k: the sum of the grades, order ignored.

    .. math:: <formula>

    >>> round(cg([0.5, 0.9, 0.3, 0.6, 0.1]), 6)   # 0.5 + 0.9 + 0.3 + 0.6 + 0.1
    2.4
    """
    rels = as_grades(rels)
    gain_values = _gains(rels[:as_k(k)], "linear")
    running = _cumulative_gain(gain_values, "rels")  # refuses a sum past the largest float
    total = float(np.sum(gain_values))
    return total if np.isfinite(total) else float(running[-1])


@with_formula(DCG_FORMULA["linear"] + r" \quad\text{or, exponential: }\ " + DCG_FORMULA["exponential"])
def dcg(rels, k: int | None = None, gain: str = "linear") -> float:
    """Discounted cumulative gain of the top k ranks.

    .. math:: <formula>

    >>> round(dcg([3, 2, 3, 0, 1], k=3), 3)   # 3/log2(2) + 2/log2(3) + 3/log2(4)
    5.762
    >>> round(dcg([3, 2, 3, 0, 1], k=3, gain="exponential"), 3)   # 7/1 + 3/1.585 + 7/2
    12.393
    """
    gain = as_choice(gain, GAINS, "gain", GAIN_WORDS)
    return _dcg_of(_grades(rels, gain), k, gain, "rels")


def _dcg_of(rels: np.ndarray, k, gain: str, name: str) -> float:
    k = as_k(k)
    depth = _depth(rels.size, 0, k)
    return float(_table(rels, [""] * rels.size, depth, gain, name=name)["DCG"].iloc[-1]) if depth else 0.0


def idcg(rels, k: int | None = None, gain: str = "linear") -> float:
    """Ideal DCG: the DCG of ``rels`` sorted by grade, highest first, cut at k.

    >>> round(idcg([3, 2, 3, 0, 1], k=3), 3)   # 3/log2(2) + 3/log2(3) + 2/log2(4)
    5.893
    """
    gain = as_choice(gain, GAINS, "gain", GAIN_WORDS)
    return _dcg_of(np.sort(_grades(rels, gain))[::-1], k, gain, "ideal")


@with_formula(NDCG_FORMULA)
def ndcg(rels, k: int | None = None, gain: str = "linear", ideal=None, scores=None) -> float:
    """Normalised DCG: DCG@k divided by the DCG@k of the ideal ordering (0 when that is 0).

    .. math:: <formula>

    ``ideal`` holds the grades of all judged items (trec_eval, ranx); by default the ideal
    ordering is built from ``rels`` alone (scikit-learn). With ``scores``, tied items share
    their mean gain (scikit-learn's tie averaging). See :func:`ndcg_steps` for the steps.

    >>> round(ndcg([3, 2, 3, 0, 1], k=3), 4)   # 5.762 / 5.893
    0.9778
    >>> round(ndcg([3, 2, 3, 0, 1], k=3, ideal=[3, 3, 3, 2, 1, 0]), 4)   # 5.762 / (3 + 3/log2(3) + 3/2)
    0.9013
    """
    return ndcg_steps(rels, k=k, gain=gain, ideal=ideal, scores=scores).value


#: a gain map that rewards the higher grades more (2^g − 1 for grades 0..3), the explainers' default
EXAMPLE_GAINS = {0: 0, 1: 1, 2: 3, 3: 7}
NDCG_GAIN_MAP_FORMULA = (r"\mathrm{DCG@}k = \sum_{i=1}^{k} \frac{\mathrm{gain}(rel_i)}{\log_2(i+1)} \qquad "
                         + NDCG_FORMULA)


def _mapped(rels, gain_map: dict, name: str) -> tuple[np.ndarray, np.ndarray]:
    """The grades (unjudged, ``None``: 0) and their gains under ``gain_map``: an unjudged item gains 0, a
    grade the map leaves out keeps its grade as its gain (as ir_measures maps the qrels)."""
    grades, judged = as_judged_grades(rels, name)
    gains_of = {float(grade): float(gain) for grade, gain in gain_map.items()}
    return grades, np.array([gains_of.get(float(g), float(g)) if j else 0.0 for g, j in zip(grades, judged)])


def _gain_map(gain_map) -> dict:
    """A gain map {grade: gain} of finite numbers."""
    if not isinstance(gain_map, dict) or not gain_map:
        raise input_error("{name} must be a non-empty mapping grade -> gain, got {value}", name="gains",
                          value=_short(gain_map))
    grades = as_grades(list(gain_map), "gains (grades)")
    values = as_grades(list(gain_map.values()), "gains (values)")
    return dict(zip(grades.tolist(), values.tolist()))


def ndcg_gain_map_steps(rels, gains: dict, k: int | None = None, ideal=None, items=None) -> Explanation:
    """Explain nDCG@k with a gain per grade (ir_measures' ``nDCG(gains={0:0,1:1,2:3})``, trec_eval's
    ``ndcg`` with gain values): as :func:`ndcg_steps`, with column ``rel`` the grade and ``gain`` its
    gain from the map (a grade left out of the map: its grade, as in ir_measures); the ideal ordering
    sorts ``ideal`` (default ``rels``) by gain. Negative gains count as 0, as in :func:`ndcg_steps`;
    ``None`` marks an unjudged item (gain 0 whatever the map says).
    """
    gain_map = _gain_map(gains)
    grades, gain_values = _mapped(rels, gain_map, "rels")
    ideal_grades, ideal_gains = (grades, gain_values) if ideal is None else _mapped(ideal, gain_map, "ideal")
    base = ndcg_steps(gain_values, k=k, ideal=None if ideal is None else ideal_gains, items=items)
    depth = len(base.table)
    table = base.table.copy()
    table["rel"] = np.r_[grades, np.zeros(max(depth - grades.size, 0))][:depth]
    ideal_order = np.argsort(-ideal_gains, kind="stable")
    ideal_table = base.details["ideal_table"].copy()
    ideal_table["rel"] = np.r_[ideal_grades[ideal_order], np.zeros(max(depth - ideal_grades.size, 0))][:depth]
    params = {"gains": gain_map, "ideal": base.details["ideal_from"]}  # measure_name writes the map as the grammar
    return Explanation.written(
        writer=partial(_ndcg_lines, base.table, base.details["ideal_table"], "linear", k, params),
        measure=measure_name("nDCG", k, **params), value=base.value, table=table, formula=NDCG_GAIN_MAP_FORMULA,
        column="nDCG", running=base.running, details={**base.details, "ideal_table": ideal_table, "gains": gain_map})


@with_formula(NDCG_GAIN_MAP_FORMULA)
def ndcg_gain_map(rels, gains: dict, k: int | None = None, ideal=None) -> float:
    """nDCG@k with the gain of each grade given by ``gains`` ({grade: gain}).

    .. math:: <formula>

    >>> round(ndcg_gain_map([1, 2, 0], {0: 0, 1: 1, 2: 3}), 4)   # (1 + 3/log2 3) / (3 + 1/log2 3)
    0.7967
    """
    return ndcg_gain_map_steps(rels, gains, k, ideal).value
