"""The "More measures" page's choices: each measure computed on the board with the ``metrics`` step
functions (bpref, interpolated precision, counts, set measures, Rprec_mult, Judged@k, RBP, ERR, nDCG
with a gain map) and GM_MAP on the uploaded queries."""

from __future__ import annotations

import math

import streamlit as st

import metrics
from metrics.explanation import Explanation, num
from metrics.measures.ndcg import EXAMPLE_GAINS
from ui.locale import N_
from ui.model.board import Board, InputError
from ui.session import state

#: the page's choices: key -> label (English, translated where shown)
CHOICES = {
    "bpref": N_("bpref (judged items only)"),
    "iprec": N_("Interpolated precision, 11 points"),
    "num_ret": N_("num_ret: items retrieved"),
    "num_rel": N_("num_rel: relevant items"),
    "num_rel_ret": N_("num_rel_ret: relevant items retrieved"),
    "num_nonrel_judged_ret": N_("num_nonrel_judged_ret: judged non-relevant retrieved"),
    "set_P": N_("set_P: precision of the whole list"),
    "set_recall": N_("set_recall: recall of the whole list"),
    "set_F": N_("set_F: F of the whole list"),
    "Rprec_mult": N_("Rprec_mult: precision at m·R"),
    "Judged": N_("Judged@k: how much of the top k is judged"),
    "RBP": N_("RBP: rank-biased precision"),
    "ERR": N_("ERR@k: expected reciprocal rank"),
    "nDCG_gains": N_("nDCG with a gain per grade"),
    "GM_MAP": N_("GM_MAP: geometric mean of AP over queries"),
}
#: each choice's measure in the registry (metrics.measures.registry; tests/ui/test_pickers.py checks them)
MEASURE_OF = {"bpref": "Bpref", "iprec": "IPrec11", "num_ret": "NumRet", "num_rel": "NumRel", "num_rel_ret": "NumRelRet",
              "num_nonrel_judged_ret": "NumNonRelJudgedRet", "set_P": "SetP", "set_recall": "SetR", "set_F": "SetF",
              "Rprec_mult": "RprecMult", "Judged": "Judged", "RBP": "RBP", "ERR": "ERR", "nDCG_gains": "nDCG",
              "GM_MAP": "GMAP"}
#: the choices that use a cut-off K (the board's)
WITH_K = ("Judged", "ERR")
#: the choices that take no relevance threshold (they count items, or use the grades themselves)
GRADED = ("num_ret", "Judged", "ERR", "nDCG_gains")
MULTIPLES = (0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0)  #: trec_eval's Rprec_mult defaults
DEFAULT_GAINS = ", ".join(f"{grade}:{gain}" for grade, gain in EXAMPLE_GAINS.items())


def ranked_grades(board: Board) -> list:
    """The ranking's grades, ``None`` for an unjudged item (what bpref, Judged and the counts tell apart)."""
    return [board.grades[item] for item in board.ranking]


def judged_nonrelevant(board: Board) -> int:
    """N: the judged items below the threshold, ranked or not."""
    return sum(1 for grade in board.judged() if grade < board.threshold)


#: the gain map's problem, in the reader's language (ui.session.state.message translates it)
BAD_GAINS = N_("expected grade:gain pairs such as 2:3, got {pair}")


def parse_gains(text: str) -> dict[float, float]:
    """A gain map typed as ``0:0, 1:1, 2:3`` (grade:gain pairs); a bad pair is refused, quoted.

    >>> parse_gains("0:0, 1:1; 2:3")
    {0.0: 0.0, 1.0: 1.0, 2.0: 3.0}
    """
    gains = {}
    for pair in (part.strip() for part in str(text).replace(";", ",").split(",")):
        grade, sep, gain = pair.partition(":")
        if not (sep and _number(grade) and _number(gain)):
            raise InputError(BAD_GAINS, pair=repr(pair))
        gains[float(grade)] = float(gain)
    return gains


def _number(text: str) -> bool:
    try:
        return math.isfinite(float(text))
    except ValueError:
        return False


def explain(choice: str, board: Board, k: int, p: float = 0.8, mult: float = 1.0,
            gains: dict | None = None) -> Explanation:
    """The explanation of ``choice`` (a key of :data:`CHOICES`, not GM_MAP) on the board."""
    rels, items, threshold = ranked_grades(board), list(board.ranking), board.threshold
    zeros = board.rels()  # unjudged as grade 0: the binary measures count them as not relevant
    R = board.n_relevant(threshold)
    if choice == "bpref":
        return metrics.bpref_steps(rels, R, judged_nonrelevant(board), items, threshold)
    if choice == "iprec":
        return metrics.iprec_steps(zeros, R, items, threshold)
    if choice.startswith("num_"):
        return metrics.count_steps(choice, rels, R, items, threshold)
    if choice.startswith("set_"):
        return metrics.set_steps(choice, rels, R, items, threshold)
    if choice == "Rprec_mult":
        return metrics.rprec_mult_steps(zeros, mult, R, items, threshold)
    if choice == "Judged":
        return metrics.judged_steps(rels, k, items)
    if choice == "RBP":
        return metrics.rbp_steps(zeros, None, p, items, threshold)
    if choice == "ERR":
        return metrics.err_steps(zeros, k, max([*board.judged(), 1.0]), items)  # g_max: at least 1
    if choice == "nDCG_gains":
        ideal = board.judged() if board.ideal == "judged" else None
        return metrics.ndcg_gain_map_steps(rels, gains or parse_gains(DEFAULT_GAINS), k, ideal, items)
    raise metrics.MetricsInputError(f"unknown measure {choice!r}")


PERSISTENCES = (0.5, 0.6, 0.7, 0.8, 0.9, 0.95)  #: RBP's p on the slider (0.8: ir_measures' default)
#: what one row of each choice's step table is (the step bar's unit, English)
UNITS = {"iprec": N_("row"), "GM_MAP": N_("query")}

#: one sentence per choice under the page: what it rewards and where it comes from
ABOUT = {
    "bpref": N_("bpref (Buckley & Voorhees 2004) only looks at judged items: each relevant item loses the share "
                "of judged non-relevant items ranked above it (at most R of them count). Unjudged items are "
                "skipped, so it stays stable when judgements are incomplete."),
    "iprec": N_("Interpolated precision at recall r is the best precision at any rank whose recall is at least r "
                "(trec_eval's iprec_at_recall); 11pt_avg is its mean at r = 0, 0.1, …, 1. r·R relevant items are "
                "needed, counted as trec_eval 9 does: ⌊r·R + 0.9⌋."),
    "num_ret": N_("trec_eval prints these counts for every query: they tell you what the other measures divide by."),
    "num_rel": N_("trec_eval prints these counts for every query: they tell you what the other measures divide by."),
    "num_rel_ret": N_("trec_eval prints these counts for every query: they tell you what the other measures divide "
                      "by."),
    "num_nonrel_judged_ret": N_("trec_eval prints these counts for every query: they tell you what the other "
                                "measures divide by."),
    "set_P": N_("The set measures ignore the order: the whole retrieved list is one set (trec_eval's set_P, "
                "set_recall, set_F). Each row shows the value had the list ended there."),
    "set_recall": N_("The set measures ignore the order: the whole retrieved list is one set (trec_eval's set_P, "
                     "set_recall, set_F). Each row shows the value had the list ended there."),
    "set_F": N_("The set measures ignore the order: the whole retrieved list is one set (trec_eval's set_P, "
                "set_recall, set_F). Each row shows the value had the list ended there."),
    "Rprec_mult": N_("Precision at rank ⌊m·R + 0.9⌋ (trec_eval's Rprec_mult): m = 1 is R-precision; small m "
                     "rewards precision at the top, large m rewards recall."),
    "Judged": N_("Judged@k (ir_measures) is not a quality measure: it says how much of the top k has a "
                 "judgement, so how far the other numbers can be trusted."),
    "RBP": N_("RBP (Moffat & Zobel 2008): the user reads rank 1 and goes on with probability p; each relevant "
              "item adds its weight (1 − p)·p^(i−1). The residual is what the unread ranks could still add."),
    "ERR": N_("ERR (Chapelle et al. 2009): the user stops at rank i with probability R_i = (2^g − 1)/2^g_max, "
              "having read on past the ranks above; ERR is the expected 1/(rank where they stop)."),
    "nDCG_gains": N_("nDCG with your own gain for each grade (ir_measures' nDCG(gains=…)); the ideal ordering "
                     "sorts the judged items by gain."),
    "GM_MAP": N_("GM_MAP (trec_eval's gm_map): the geometric mean of AP, an AP of 0 counted as 0.00001. One "
                 "query that fails pulls it down far more than it pulls MAP."),
}


def extra_numbers(choice: str, explanation: Explanation, board: Board) -> dict[str, object]:
    """The numbers shown beside the headline (labels translated): what the measure divides by."""
    from ui.i18n import t

    details = explanation.details
    if choice == "bpref":
        return {t("Relevant items R"): details["R"], t("Judged non-relevant N"): details["N"]}
    if choice in ("iprec", "set_recall", "set_F") or choice.startswith("num_"):
        return {t("Relevant items R"): board.n_relevant(board.threshold)}
    if choice == "Rprec_mult":
        return {t("Relevant items R"): details["R"], t("Precision at rank"): details["cutoff"]}
    if choice == "RBP":
        return {t("Residual"): details["residual"]}
    if choice == "ERR":
        return {t("Largest grade g_max"): num(details["max_grade"])}
    return {}


def per_query_ap():
    """Each uploaded query's AP (trec_eval's, divided by all relevant items), a Series by query; None
    when nothing with a run is loaded."""
    from ui.data import dataset

    if st.session_state.get(state.DATASET) is None:
        return None
    result = dataset.evaluation(("AP",))
    if result is None or result.per_query.empty:
        return None
    return result.per_query["AP"].dropna()
