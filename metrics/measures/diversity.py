"""Novelty and diversity measures over subtopics (intents), as the TREC Web track's ndeval computes them.

A query has subtopics s; a document covers s when its grade for s is above 0 (binary, as ndeval).  A
document at rank i earns the novelty gain G_i = Σ_{s covered} (1 − α)^{c_s}, c_s the documents above it that
cover s: each subtopic's gain decays by (1 − α) every time it is seen again.  With S the subtopics that
have a relevant document (ndeval's ``actualSubtopics``; the others are ignored):

* α-nDCG@k = Σ_{i≤k} G_i / log₂(i+1)  ÷  the same sum over the greedy ideal ranking (Clarke et al., "Novelty
  and diversity in information retrieval evaluation", SIGIR 2008);
* ERR-IA@k = Σ_{i≤k} G_i / i  ÷  Σ_{i≤k} |S| (1 − α)^{i−1} / i (Chapelle, Metzler, Zhang & Grinspan, "Expected
  reciprocal rank for graded relevance", CIKM 2009: intent-aware ERR with stop probability α, divided by its
  value when every document covers every subtopic, ndeval's "collection-independent" normalisation);
* NRBP = (1 − (1 − α)β) / |S| · Σ_i G_i β^{i−1} over the whole ranking (Clarke, Kolla & Vechtomova, "An
  effectiveness measure for ambiguous and underspecified queries", ICTIR 2009);
* S-recall@k = |subtopics covered in the top k| / |S| (Zhai, Cohen & Lafferty, "Beyond independent relevance",
  SIGIR 2003).

ndeval's conventions, kept here: α = β = 0.5; the ideal ranking is greedy (at each rank the judged document of
largest novelty gain; ties to the larger docid); unjudged documents cover nothing; a query with no relevant
subtopic scores 0.  One quirk kept too: ndeval leaves ERR-IA@1 unnormalised (G_1, not G_1 / |S|).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import partial

from .._lazy import pandas as pd  # (on first use: batch evaluation imports this module)
from .._validate import as_fraction, as_k
from ..errors import input_error
from ..explanation import Explanation, Line, latex_name, num, with_formula
from ..messages import N_, message, phrase

#: ndeval's defaults (the TREC 2009-2012 Web track)
ALPHA = 0.5
BETA = 0.5
DEPTH = 20

#: the novelty gain every formula but S-recall's ends with
NOVELTY_GAIN = r", \quad G_i = \sum_{s \in d_i} (1-\alpha)^{c_{s,i}}"
ALPHA_NDCG_FORMULA = (r"\alpha\text{-nDCG@}k = \frac{\sum_{i=1}^{k} G_i / \log_2(i+1)}"
                      r"{\sum_{i=1}^{k} G^*_i / \log_2(i+1)}" + NOVELTY_GAIN)
ERR_IA_FORMULA = (r"\mathrm{ERR\text{-}IA@}k = \frac{\sum_{i=1}^{k} G_i / i}"
                  r"{\sum_{i=1}^{k} |S| (1-\alpha)^{i-1} / i}" + NOVELTY_GAIN)
NRBP_FORMULA = r"\mathrm{NRBP} = \frac{1 - (1-\alpha)\beta}{|S|} \sum_{i} G_i \, \beta^{i-1}" + NOVELTY_GAIN
S_RECALL_FORMULA = r"\mathrm{S\text{-}recall@}k = \frac{|\bigcup_{i=1}^{k} \mathrm{subtopics}(d_i)|}{|S|}"


def _subtopic_key(subtopic) -> tuple:
    """Subtopics in number order when they are numbers (ndeval's are), else in text order."""
    text = str(subtopic)
    return (0, int(text), "") if text.isdigit() else (1, 0, text)


def covered_subtopics(judgments: Mapping[str, Mapping[object, float]]) -> tuple[tuple, dict[str, tuple]]:
    """S, the subtopics with a relevant document (grade > 0), in order; and each judged document's covered ones.

    >>> covered_subtopics({"d1": {1: 1, 2: 0}, "d2": {2: 2}, "d3": {3: 0}})
    ((1, 2), {'d1': (1,), 'd2': (2,), 'd3': ()})
    """
    subtopics = tuple(sorted({s for grades in judgments.values() for s, g in grades.items() if g > 0},
                             key=_subtopic_key))
    covers = {str(doc): tuple(s for s in subtopics if grades.get(s, 0) > 0) for doc, grades in judgments.items()}
    return subtopics, covers


def novelty_walk(ranking: Sequence[str], covers: Mapping[str, tuple], subtopics: tuple, alpha: float) -> list[dict]:
    """Per rank: the subtopics the document covers, each one's discount (1 − α)^{c_s} and G_i, their sum.

    The discounts are kept as ndeval keeps them (multiplied by 1 − α at each sighting), and summed in subtopic
    order, so the sums are ndeval's to the last bit."""
    weight = dict.fromkeys(subtopics, 1.0)
    rows = []
    for doc in ranking:
        cover = covers.get(doc, ())
        novelty = tuple(weight[s] for s in cover)
        gain = 0.0
        for s in cover:
            gain += weight[s]
            weight[s] *= 1.0 - alpha
        rows.append({"item": doc, "subtopics": cover, "novelty": novelty, "gain": gain})
    return rows


def _shown(rows: list[dict]) -> list[dict]:
    """The table's text of the covered subtopics ("1, 3") and their discounts ("1: 1, 3: 0.5")."""
    return [{**row, "subtopics": ", ".join(map(str, row["subtopics"])),
             "novelty": ", ".join(f"{s}: {num(w)}" for s, w in zip(row["subtopics"], row["novelty"]))}
            for row in rows]


def ideal_ranking(covers: Mapping[str, tuple], subtopics: tuple, alpha: float, depth: int | None = None) -> list[str]:
    """ndeval's greedy ideal: at each rank the unplaced judged document of largest novelty gain, ties to the larger
    docid (ndeval compares docids with ``strcmp``); ``depth`` ranks (default: every judged document).

    >>> ideal_ranking({"a": (1,), "b": (1, 2), "c": (2,), "d": ()}, (1, 2), 0.5)
    ['b', 'c', 'a', 'd']
    """
    weight = dict.fromkeys(subtopics, 1.0)
    left = sorted(covers)
    depth = len(left) if depth is None else min(depth, len(left))
    order = []
    while len(order) < depth:
        best, best_gain = -1, 0.0
        for index, doc in enumerate(left):
            gain = 0.0
            for s in covers[doc]:
                gain += weight[s]
            if best < 0 or gain >= best_gain:  # sorted: among equal gains the later (larger) docid wins
                best, best_gain = index, gain
        doc = left.pop(best)
        order.append(doc)
        for s in covers[doc]:
            weight[s] *= 1.0 - alpha
    return order


def _discount(rank: int) -> float:
    """ndeval's DCG weight of a rank: log 2 / log(rank + 1), exactly 1 at rank 1."""
    return math.log(2.0) / math.log(rank + 1.0) if rank > 1 else 1.0


def _name(base: str, k: int | None, **params) -> str:
    """``alpha-nDCG@20``, ``NRBP(alpha=0.3,beta=0.9)``: parameters at ndeval's defaults left out."""
    shown = ",".join(f"{key}={num(value)}" for key, value in params.items() if value != {"alpha": ALPHA,
                                                                                          "beta": BETA}[key])
    return base + (f"({shown})" if shown else "") + ("" if k is None else f"@{k}")


def _check(alpha: float, k, required_k: bool = True) -> tuple[float, int | None]:
    return as_fraction(alpha, "alpha"), as_k(k, required=required_k)


def _base_table(ranking, judgments, alpha: float, depth: int | None) -> tuple[pd.DataFrame, tuple, dict]:
    """rank, item, subtopics, novelty and gain of the first ``depth`` ranks (ranks past the list are empty)."""
    subtopics, covers = covered_subtopics(judgments)
    ranking = [str(doc) for doc in ranking]
    shown = ranking if depth is None else ranking[:depth]
    rows = novelty_walk(shown, covers, subtopics, alpha)
    if depth is not None:
        rows += [{"item": "", "subtopics": (), "novelty": (), "gain": 0.0}] * (depth - len(rows))
    table = pd.DataFrame(_shown(rows), columns=["item", "subtopics", "novelty", "gain"])
    table.attrs["covers"] = [row["subtopics"] for row in rows]
    table.insert(0, "rank", range(1, len(table) + 1))
    return table, subtopics, covers


def _gains(ranking, judgments, alpha: float, depth: int | None) -> tuple[list[float], tuple, dict]:
    """G_i of the first ``depth`` ranks, S and the covered subtopics (the value functions' lean walk)."""
    subtopics, covers = covered_subtopics(judgments)
    ranking = [str(doc) for doc in ranking]
    rows = novelty_walk(ranking if depth is None else ranking[:depth], covers, subtopics, alpha)
    return [row["gain"] for row in rows], subtopics, covers


def _cumulative(values) -> list[float]:
    """Running sums, added left to right as ndeval adds them."""
    total, out = 0.0, []
    for value in values:
        total += value
        out.append(total)
    return out


def _named_lines(column: str, base: str, k: int | None, params: dict, table: pd.DataFrame, terms_of, head_of,
                 step: int, text: bool, sum_column: str = "running_sum") -> tuple[Line, ...]:
    """The worked formula after ``step`` ranks: the sum of the rows' terms (``terms_of`` gives None for a row
    that adds nothing), then the value so far (``head_of`` the rows so far)."""
    name = _name(base, k if step == len(table) else step, **params)
    lhs = name if text else latex_name(name)
    shown = table.iloc[:step]
    terms = tuple(term for row in shown.itertuples(index=False) if (term := terms_of(row, text)) is not None)
    value = num(shown[column].iloc[-1]) if step else "0"
    return (Line(phrase_sum(text), terms, result=num(shown[sum_column].iloc[-1]) if step else "0"),
            Line(lhs, head=head_of(shown, text) if step else "0", result=value))


def phrase_sum(text: bool) -> str:
    """The first line's name: the running sum of the discounted gains."""
    return message(N_("running sum")) if text else phrase(N_("running sum"))


def _frac(top: float, bottom: float, text: bool) -> str:
    return f"{num(top)} / {num(bottom)}" if text else rf"\frac{{{num(top)}}}{{{num(bottom)}}}"


def alpha_ndcg_steps(ranking: Sequence[str], judgments: Mapping[str, Mapping[object, float]], k: int = DEPTH,
                     alpha: float = ALPHA) -> Explanation:
    """Explain α-nDCG@k: columns rank, item, subtopics (covered by the item), novelty ((1 − α)^{c_s} of each),
    gain G_i, discount (the divisor log₂(i+1)), discounted_gain, running_sum (α-DCG), ideal (α-DCG of ndeval's
    greedy ideal ranking at rank i) and alpha_nDCG (their ratio, 0 while α-DCG is 0)."""
    alpha, k = _check(alpha, k)
    table, subtopics, covers = _base_table(ranking, judgments, alpha, k)
    ideal = novelty_walk(ideal_ranking(covers, subtopics, alpha, k), covers, subtopics, alpha)
    weights = [_discount(rank) for rank in table["rank"]]
    table["discount"] = [math.log2(rank + 1) for rank in table["rank"]]
    table["discounted_gain"] = [g * w for g, w in zip(table["gain"], weights)]
    table["running_sum"] = _cumulative(table["discounted_gain"])
    ideal_gains = [row["gain"] for row in ideal] + [0.0] * (k - len(ideal))
    table["ideal"] = _cumulative(g * w for g, w in zip(ideal_gains, weights))
    table["alpha_nDCG"] = [d / i if d else 0.0 for d, i in zip(table["running_sum"], table["ideal"])]
    params = {"alpha": alpha}

    def term(row, text):
        if row.gain:
            return f"{num(row.gain)}/{num(row.discount)}" if text else _frac(row.gain, row.discount, False)

    def head(shown, text):
        return _frac(shown["running_sum"].iloc[-1], shown["ideal"].iloc[-1], text)

    return Explanation.written(
        writer=partial(_named_lines, "alpha_nDCG", "alpha-nDCG", k, params, table, term, head),
        measure=_name("alpha-nDCG", k, **params), value=float(table["alpha_nDCG"].iloc[-1]), table=table,
        formula=ALPHA_NDCG_FORMULA, column="alpha_nDCG", running={"alpha-nDCG": "alpha_nDCG"},
        details={"alpha": alpha, "subtopics": subtopics, "ideal": [row["item"] for row in ideal]})


def err_ia_steps(ranking: Sequence[str], judgments: Mapping[str, Mapping[object, float]], k: int = DEPTH,
                 alpha: float = ALPHA) -> Explanation:
    """Explain ERR-IA@k: columns rank, item, subtopics, novelty, gain G_i, discount (the divisor i),
    discounted_gain (G_i / i), running_sum, ideal (Σ |S| (1 − α)^{j−1} / j up to i, ndeval's "ideal ideal")
    and ERR_IA (their ratio; at rank 1 ndeval does not divide: G_1)."""
    alpha, k = _check(alpha, k)
    table, subtopics, _ = _base_table(ranking, judgments, alpha, k)
    n = len(subtopics)
    table["discount"] = table["rank"].astype(float)
    table["discounted_gain"] = [g / r for g, r in zip(table["gain"], table["rank"])]
    table["running_sum"] = _cumulative(table["discounted_gain"])
    best, ideal = float(n), []
    for rank in table["rank"]:
        ideal.append(best / rank)
        best *= 1.0 - alpha
    table["ideal"] = _cumulative(ideal)
    table["ERR_IA"] = [0.0 if not n else s if r == 1 else s / i
                       for s, i, r in zip(table["running_sum"], table["ideal"], table["rank"])]
    params = {"alpha": alpha}

    def term(row, text):
        if row.gain:
            return f"{num(row.gain)}/{row.rank}" if text else _frac(row.gain, row.rank, False)

    def head(shown, text):
        if len(shown) == 1 or not n:
            return num(shown["ERR_IA"].iloc[-1])
        return _frac(shown["running_sum"].iloc[-1], shown["ideal"].iloc[-1], text)

    return Explanation.written(
        writer=partial(_named_lines, "ERR_IA", "ERR-IA", k, params, table, term, head),
        measure=_name("ERR-IA", k, **params), value=float(table["ERR_IA"].iloc[-1]), table=table,
        formula=ERR_IA_FORMULA, column="ERR_IA", running={"ERR-IA": "ERR_IA"},
        details={"alpha": alpha, "subtopics": subtopics})


def nrbp_steps(ranking: Sequence[str], judgments: Mapping[str, Mapping[object, float]], alpha: float = ALPHA,
               beta: float = BETA) -> Explanation:
    """Explain NRBP: columns rank, item, subtopics, novelty, gain G_i, patience (β^{i−1}), contribution
    (G_i β^{i−1}), running_sum and NRBP (the running sum times (1 − (1 − α)β) / |S|).  The whole ranking
    counts: NRBP has no cut-off."""
    alpha, _ = _check(alpha, None, required_k=False)
    beta = as_fraction(beta, "beta")
    table, subtopics, _ = _base_table(ranking, judgments, alpha, None)
    n = len(subtopics)
    patience, decay = [], 1.0
    for _ in range(len(table)):
        patience.append(decay)
        decay *= beta
    table["patience"] = patience
    table["contribution"] = [g * p for g, p in zip(table["gain"], patience)]
    table["running_sum"] = _cumulative(table["contribution"])
    scale = (1 - (1 - alpha) * beta) / n if n else 0.0
    table["NRBP"] = [s * scale for s in table["running_sum"]]
    params = {"alpha": alpha, "beta": beta}

    def term(row, text):
        if row.gain:
            return f"{num(row.gain)}*{num(row.patience)}" if text else rf"{num(row.gain)} \cdot {num(row.patience)}"

    def head(shown, text):
        total = num(shown["running_sum"].iloc[-1])
        factor = f"(1 - {num(1 - alpha)}*{num(beta)}) / {n}" if text else \
            rf"\frac{{1 - {num(1 - alpha)} \cdot {num(beta)}}}{{{n}}}"
        return f"{factor} * {total}" if text else rf"{factor} \cdot {total}"

    return Explanation.written(
        writer=partial(_named_lines, "NRBP", "NRBP", None, params, table, term, head),
        measure=_name("NRBP", None, **params), value=float(table["NRBP"].iloc[-1]) if len(table) else 0.0,
        table=table, formula=NRBP_FORMULA, column="NRBP", running={"NRBP": "NRBP"},
        details={"alpha": alpha, "beta": beta, "subtopics": subtopics, "scale": scale})


def subtopic_recall_steps(ranking: Sequence[str], judgments: Mapping[str, Mapping[object, float]],
                          k: int = DEPTH) -> Explanation:
    """Explain S-recall@k: columns rank, item, subtopics, new_subtopics (covered for the first time),
    covered_so_far (how many) and S_recall (covered_so_far / |S|)."""
    k = as_k(k, required=True)
    table, subtopics, _ = _base_table(ranking, judgments, ALPHA, k)
    seen: set = set()
    fresh = []
    for cover in table.attrs["covers"]:
        fresh.append(tuple(s for s in cover if s not in seen))
        seen.update(cover)
    n = len(subtopics)
    table = table.drop(columns=["novelty", "gain"])
    table["new_subtopics"] = [", ".join(map(str, f)) for f in fresh]
    table["covered_so_far"] = [int(c) for c in _cumulative(len(f) for f in fresh)]
    table["S_recall"] = [c / n if n else 0.0 for c in table["covered_so_far"]]

    def term(row, text):
        return str(len(row.new_subtopics.split(", "))) if row.new_subtopics else None

    def head(shown, text):
        return _frac(shown["covered_so_far"].iloc[-1], n, text) if n else "0"

    explanation = Explanation.written(
        writer=partial(_named_lines, "S_recall", "S-recall", k, {}, table, term, head, sum_column="covered_so_far"),
        measure=_name("S-recall", k), value=float(table["S_recall"].iloc[-1]), table=table,
        formula=S_RECALL_FORMULA, column="S_recall", running={"S-recall": "S_recall"},
        details={"subtopics": subtopics})
    return explanation


@with_formula(ALPHA_NDCG_FORMULA)
def alpha_ndcg(ranking, judgments, k: int = DEPTH, alpha: float = ALPHA) -> float:
    """α-nDCG@k as ndeval computes it (ir_measures ``alpha_nDCG@k``), the ideal ranking greedy.

    .. math:: <formula>

    >>> round(alpha_ndcg(["d1", "d2"], {"d1": {1: 1, 2: 1}, "d2": {1: 1}}, k=2), 4)   # 2 + 0.5/log2(3) both
    1.0
    """
    alpha, k = _check(alpha, k)
    gains, subtopics, covers = _gains(ranking, judgments, alpha, k)
    ideal = novelty_walk(ideal_ranking(covers, subtopics, alpha, k), covers, subtopics, alpha)
    dcg = _cumulative(g * _discount(rank) for rank, g in enumerate(gains, 1))[-1] if gains else 0.0
    best = _cumulative(row["gain"] * _discount(rank) for rank, row in enumerate(ideal, 1))[-1] if ideal else 0.0
    return dcg / best if dcg else 0.0


@with_formula(ERR_IA_FORMULA)
def err_ia(ranking, judgments, k: int = DEPTH, alpha: float = ALPHA) -> float:
    """ERR-IA@k as ndeval computes it (ir_measures ``ERR_IA@k``).

    .. math:: <formula>

    >>> round(err_ia(["d2", "d1"], {"d1": {1: 1}, "d2": {2: 1}}, k=2), 4)   # (1 + 1/2) / (2 + 1/2)
    0.6
    """
    alpha, k = _check(alpha, k)
    gains, subtopics, _ = _gains(ranking, judgments, alpha, k)
    if not subtopics:
        return 0.0
    total = _cumulative([g / rank for rank, g in enumerate(gains, 1)] or [0.0])[-1]
    best, ideal = float(len(subtopics)), []
    for rank in range(1, k + 1):
        ideal.append(best / rank)
        best *= 1.0 - alpha
    return total if k == 1 else total / _cumulative(ideal)[-1]


@with_formula(NRBP_FORMULA)
def nrbp(ranking, judgments, alpha: float = ALPHA, beta: float = BETA) -> float:
    """Novelty- and rank-biased precision as ndeval computes it (ir_measures ``NRBP``).

    .. math:: <formula>

    >>> nrbp(["d1", "d2"], {"d1": {1: 1}, "d2": {1: 1, 2: 1}})   # 0.75/2 · (1 + (0.5 + 1)·0.5)
    0.65625
    """
    alpha, _ = _check(alpha, None, required_k=False)
    beta = as_fraction(beta, "beta")
    gains, subtopics, _ = _gains(ranking, judgments, alpha, None)
    total, decay = 0.0, 1.0
    for g in gains:
        total += g * decay
        decay *= beta
    return total * ((1 - (1 - alpha) * beta) / len(subtopics)) if subtopics else 0.0


@with_formula(S_RECALL_FORMULA)
def subtopic_recall(ranking, judgments, k: int = DEPTH) -> float:
    """Subtopic recall S-recall@k (ndeval ``strec@k``, ir_measures ``StRecall@k``).

    .. math:: <formula>

    >>> subtopic_recall(["d1", "d9"], {"d1": {1: 1}, "d2": {2: 1}}, k=2)
    0.5
    """
    k = as_k(k, required=True)
    subtopics, covers = covered_subtopics(judgments)
    seen = {s for doc in list(map(str, ranking))[:k] for s in covers.get(doc, ())}
    return len(seen) / len(subtopics) if subtopics else 0.0


#: the measures by their family name: (value function, step function, takes a cut-off)
DIVERSITY_MEASURES = {"alpha-nDCG": (alpha_ndcg_steps, True), "ERR-IA": (err_ia_steps, True),
                      "NRBP": (nrbp_steps, False), "S-recall": (subtopic_recall_steps, True)}
VALUES = {"alpha-nDCG": alpha_ndcg, "ERR-IA": err_ia, "NRBP": nrbp, "S-recall": subtopic_recall}
#: other spellings: ndeval's and ir_measures' names
SPELLINGS = {"alpha-ndcg": "alpha-nDCG", "alpha_ndcg": "alpha-nDCG", "err-ia": "ERR-IA", "err_ia": "ERR-IA",
             "nrbp": "NRBP", "s-recall": "S-recall", "strec": "S-recall", "strecall": "S-recall",
             "s_recall": "S-recall"}


def parse_diversity_measure(text: str) -> tuple[str, int | None, dict]:
    """``alpha-nDCG@20``, ``ERR_IA@10``, ``NRBP``, ``StRecall@20``, ``alpha-nDCG(alpha=0.3)@5``, ``NRBP(beta=0.8)``
    → (family, k, params); anything else is refused with the names it takes.

    >>> parse_diversity_measure("StRecall@5"), parse_diversity_measure("NRBP(alpha=0.3)")
    (('S-recall', 5, {}), ('NRBP', None, {'alpha': 0.3}))
    """
    body, _, cut = str(text).strip().partition("@")
    base, _, inside = body.partition("(")
    family = SPELLINGS.get(base.strip().lower())
    params: dict = {}
    try:
        k = int(cut) if cut else None
        for pair in filter(None, inside.rstrip(")").split(",")):
            key, _, value = pair.partition("=")
            params[key.strip()] = float(value)
    except ValueError:
        family = None
    _, takes_k = DIVERSITY_MEASURES.get(family, (None, None))
    allowed = {"alpha-nDCG": {"alpha"}, "ERR-IA": {"alpha"}, "NRBP": {"alpha", "beta"}, "S-recall": set()}
    if family is None or (k is not None) != takes_k or not set(params) <= allowed[family] \
            or ("(" in body and not body.rstrip().endswith(")")):
        raise input_error("unknown diversity measure {name}: use alpha-nDCG@k, ERR-IA@k, NRBP or S-recall@k "
                          "(alpha=… and, for NRBP, beta=… in parentheses)", name=repr(str(text)))
    return family, k, params


def diversity_steps(measure: str, ranking, judgments) -> Explanation:
    """The step table of ``measure`` (a name :func:`parse_diversity_measure` reads) on one query."""
    family, k, params = parse_diversity_measure(measure)
    steps, takes_k = DIVERSITY_MEASURES[family]
    return steps(ranking, judgments, k, **params) if takes_k else steps(ranking, judgments, **params)


def diversity_value(measure: str, ranking, judgments) -> float:
    """The value of ``measure`` on one query, without its step table (what batch evaluation calls)."""
    family, k, params = parse_diversity_measure(measure)
    _, takes_k = DIVERSITY_MEASURES[family]
    return VALUES[family](ranking, judgments, k, **params) if takes_k else VALUES[family](ranking, judgments, **params)


__all__ = ["ALPHA", "BETA", "DEPTH", "alpha_ndcg", "alpha_ndcg_steps", "covered_subtopics", "diversity_steps",
           "diversity_value", "err_ia", "err_ia_steps", "ideal_ranking", "novelty_walk", "nrbp", "nrbp_steps",
           "parse_diversity_measure", "subtopic_recall", "subtopic_recall_steps"]
