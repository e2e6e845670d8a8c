"""The "More measures" page's choices, generated from the measure registry (:mod:`metrics.measures.registry`):
every registered measure with a step table that no explainer page of its own shows, grouped, each drawn with
:func:`metrics.measures.registry.explain_measure` on the board; the measures over queries (GMAP, GMBpref) on the
uploaded queries."""

from __future__ import annotations

import math

import streamlit as st

from metrics.explanation import Explanation, num
from metrics.measures import registry
from metrics.measures.names import Measure, measure_name, parse_measure
from metrics.measures.ndcg import EXAMPLE_GAINS
from ui.locale import N_
from ui.model.board import Board, InputError
from ui.session import state

#: measures explained on a page of their own (pages/ndcg.py, ap.py, rr.py, cutoff.py): not offered here. nDCG is
#: offered here too, with a gain per grade (:data:`PAGE_PARAMS`)
ON_THEIR_OWN_PAGES = ("AP", "RR", "P", "R", "F1", "Success", "Rprec", "IPrec")

#: the page's groups (label, English) and their measures in the registry, in the order the choice lists them;
#: a registered measure with a step table that no group names falls into :data:`OTHER`
GROUPS: dict[str, tuple[str, ...]] = {
    N_("incomplete judgements"): ("Bpref", "infAP", "Judged"),
    N_("precision at recall levels"): ("IPrec11", "RprecMult", "RelP"),
    N_("the list as a set"): ("SetP", "SetR", "SetF", "SetAP", "SetRelP", "Utility"),
    N_("counts"): ("NumRet", "NumRel", "NumRelRet", "NumNonRelJudgedRet"),
    N_("user models"): ("RBP", "ERR", "INST", "INSQ", "BPM", "SDCG", "NERR8", "NERR9", "NERR10", "NERR11"),
    N_("graded gains"): ("DCG", "nDCG", "G", "BinG", "nDCGRel", "RnDCG"),
    N_("over the uploaded queries"): ("GMAP", "GMBpref"),
}
OTHER = N_("more")


def _choices() -> dict[str, str]:
    """Registry name -> its group label, every measure with a step table that is not on a page of its own."""
    offered = [name for name in registry.names(steps=True) if name not in ON_THEIR_OWN_PAGES]
    grouped = {name: group for group, members in GROUPS.items() for name in members if name in offered}
    return grouped | {name: OTHER for name in offered if name not in grouped}


#: the page's choices: registry name -> group label (English), the first (bpref) the default
CHOICES: dict[str, str] = _choices()
#: a registry parameter each measure takes on this page when it is not all of the registry's (nDCG: a gain map)
PAGE_PARAMS = {"nDCG": ("gains", "ideal")}
#: parameters that are conventions of the board (the Conventions popover; shared by every page and in the link)
BOARD_SETTINGS = {"rel": "threshold", "ideal": "ideal"}
#: the labels of the number parameters' inputs (English; the registry's help is their tooltip)
NUMBER_LABELS = {"p": N_("Persistence p (the chance of reading on)"), "max_grade": N_("Largest grade g_max"),
                 "T": N_("Gain wanted T"), "min_rel": N_("Grade of gain 0 (min_rel)"),
                 "max_rel": N_("Grade of gain 1 (max_rel)")}
#: the step of each number parameter's input (its bounds and default are the registry's)
STEPS = {"p": 0.05, "max_grade": 1.0, "T": 0.5, "min_rel": 1.0, "max_rel": 1.0}
MULTIPLES = (0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0)  #: trec_eval's Rprec_mult defaults: m of R
DEFAULT_GAINS = ", ".join(f"{grade}:{gain}" for grade, gain in EXAMPLE_GAINS.items())


def info(name: str) -> registry.MeasureInfo:
    return registry.REGISTRY[name]


def params(name: str) -> tuple[registry.Param, ...]:
    """The parameters the page sets for measure ``name``: the registry's, or :data:`PAGE_PARAMS`'."""
    entry = info(name)
    wanted = PAGE_PARAMS.get(name, entry.param_names)
    return tuple(entry.param(param) for param in wanted)


def over_queries(name: str) -> str | None:
    """The per-query measure a measure over queries is computed from (GMAP: AP), else None."""
    steps = info(name).steps
    return steps.over_queries if steps else None


def display(name: str) -> str:
    """The measure as the choice names it: its grammar's cut-off (``ERR@k``, ``RprecMult@m``) and trec_eval's
    name when it differs (``NumRet (num_ret)``)."""
    entry = info(name)
    text = name + ({"depth": "@k", "fraction": "@m"}[entry.cutoff_kind] if entry.allows_k else "")
    if name in PAGE_PARAMS:
        own = [param for param in PAGE_PARAMS[name] if param not in BOARD_SETTINGS]
        text = f"{name}({','.join(own)})" + ("@k" if entry.allows_k else "")
    trec = entry.trec_eval[0] if entry.trec_eval else entry.trec_eval_cut
    return f"{text} ({trec})" if trec and trec.lower() != name.lower() else text


def label(name: str, translate=str) -> str:
    """The choice's label: the measure and its group (``ERR@k · user models``), the group in the reader's
    language (``translate``)."""
    return f"{display(name)} · {translate(CHOICES[name])}"


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


def default(param: registry.Param, board: Board):
    """A parameter's default on the page: the registry's, but ERR's g_max at least the board's largest grade (the
    cascade's stop probabilities (2^g - 1) / 2^g_max stay at most 1)."""
    if param.name == "max_grade":
        return min(max([param.default, *board.judged()]), param.high)
    return param.default


def measure(name: str, board: Board, k: int | None = None, values: dict | None = None) -> Measure:
    """The parsed measure the page explains: ``name`` with the board's conventions (relevance threshold, ideal
    ordering), ``values`` for its other parameters (a gain map as a dict; left out: the registry's default) and,
    for a measure with a cut-off, ``k`` (a depth: the board's K) or ``values["m"]`` (a fraction of R, default 1).
    A value the registry refuses raises :class:`~metrics.MetricsInputError` naming it.

    >>> board = Board(grades={"a": 2, "b": 0}, ranking=("a", "b"), k=2)
    >>> str(measure("ERR", board, 2, {"max_grade": 3})), str(measure("nDCG", board, 2, {"gains": {0: 0, 2: 5}}))
    ('ERR(max_grade=3)@2', 'nDCG(gains={0:0,2:5})@2')
    """
    values = dict(values or {})
    entry = info(name)
    chosen = {}
    for param in params(name):
        if param.name in BOARD_SETTINGS:
            chosen[param.name] = getattr(board, BOARD_SETTINGS[param.name])
        elif param.name == "gains":
            chosen["gains"] = values.get("gains") or parse_gains(DEFAULT_GAINS)
        else:
            chosen[param.name] = values.get(param.name, default(param, board))
    cutoff = None
    if entry.allows_k:
        cutoff = values.get("m", 1.0) if entry.cutoff_kind == "fraction" else k
    return parse_measure(measure_name(name, cutoff, **chosen))


def explain(name: str, board: Board, k: int | None = None, values: dict | None = None) -> Explanation:
    """The step table of ``name`` (a key of :data:`CHOICES`, not a measure over queries) on the board."""
    grades = [board.grades[item] for item in board.ranking]
    return registry.explain_measure(measure(name, board, k, values), grades, board.judged(), items=list(board.ranking))


def unit(name: str, explanation: Explanation) -> str:
    """What one row of the step table is (the step bar's unit, English): a query, a rank or a row."""
    if over_queries(name):
        return N_("query")
    return "rank" if "rank" in explanation.table.columns else N_("row")


#: one sentence per measure under the page: what it rewards and where it comes from
ABOUT = {
    "Bpref": N_("bpref (Buckley & Voorhees 2004) only looks at judged items: each relevant item loses the share "
                "of judged non-relevant items ranked above it (at most R of them count). Unjudged items are "
                "skipped, so it stays stable when judgements are incomplete."),
    "infAP": N_("infAP (Yilmaz & Aslam 2006) estimates AP from a random sample of judgements: at each relevant "
                "item the precision above it is inferred from the judged items there, unjudged ones counted as a "
                "sample of the pool."),
    "IPrec11": N_("Interpolated precision at recall r is the best precision at any rank whose recall is at least r "
                  "(trec_eval's iprec_at_recall); 11pt_avg is its mean at r = 0, 0.1, …, 1. r·R relevant items are "
                  "needed, counted as trec_eval 9 does: ⌊r·R + 0.9⌋."),
    "RprecMult": N_("Precision at rank ⌊m·R + 0.9⌋ (trec_eval's Rprec_mult): m = 1 is R-precision; small m "
                    "rewards precision at the top, large m rewards recall."),
    "RelP": N_("relative_P (trec_eval) divides the hits in the top k by min(k, R), the most the top k can hold: "
               "1 is the best possible list at that depth."),
    "Judged": N_("Judged@k (ir_measures) is not a quality measure: it says how much of the top k has a "
                 "judgement, so how far the other numbers can be trusted."),
    "RBP": N_("RBP (Moffat & Zobel 2008): the user reads rank 1 and goes on with probability p; each relevant "
              "item adds its weight (1 − p)·p^(i−1). The residual is what the unread ranks could still add."),
    "ERR": N_("ERR (Chapelle et al. 2009): the user stops at rank i with probability R_i = (2^g − 1)/2^g_max, "
              "having read on past the ranks above; ERR is the expected 1/(rank where they stop)."),
    "nDCG": N_("nDCG with your own gain for each grade (ir_measures' nDCG(gains=…)); the ideal ordering "
               "sorts the judged items by gain."),
    "G": N_("trec_eval's G rewards each item's gain against the cost of reading to it, measured with the ideal "
            "gains: a list as good as the ideal one scores 1."),
    "BinG": N_("binG is G with binary gains: each relevant item counts 1/log2(2 + the non-relevant items above it), "
               "divided by R."),
    "nDCGRel": N_("ndcg_rel (trec_eval) averages nDCG at the rank of each relevant item; relevant items the list "
                  "misses count with the nDCG of the whole list."),
    "RnDCG": N_("Rndcg (trec_eval) averages nDCG at the ranks where the ideal ordering's gain drops, up to R: "
                "one number for every level of relevance."),
    "GMAP": N_("GM_MAP (trec_eval's gm_map): the geometric mean of AP, an AP of 0 counted as 0.00001. One "
               "query that fails pulls it down far more than it pulls MAP."),
    "GMBpref": N_("gm_bpref (trec_eval): the geometric mean of bpref over the queries, a bpref of 0 counted as "
                  "0.00001, as GM_MAP does with AP."),
}
#: the counts and the set measures share one sentence each
COUNTS = N_("trec_eval prints these counts for every query: they tell you what the other measures divide by.")
SETS = N_("The set measures ignore the order: the whole retrieved list is one set (trec_eval's set_P, set_recall, "
          "set_F, set_map, set_relative_P, utility). Each row shows the value had the list ended there.")


def about(name: str) -> str:
    """The sentence under the page (English): :data:`ABOUT`'s, else its group's, else the registry's description."""
    if name in ABOUT:
        return ABOUT[name]
    return {N_("counts"): COUNTS, N_("the list as a set"): SETS}.get(CHOICES[name], info(name).description)


#: the numbers a step table's details hold, shown beside the headline: detail -> label (English)
DETAILS = {"R": N_("Relevant items R"), "N": N_("Judged non-relevant N"), "cutoff": N_("Precision at rank"),
           "residual": N_("Residual"), "max_grade": N_("Largest grade g_max"), "ideal_total": N_("Ideal gain total")}


def extra_numbers(explanation: Explanation) -> dict[str, object]:
    """The numbers shown beside the headline (labels translated): what the measure divides by."""
    from ui.i18n import t

    details = explanation.details
    return {t(text): num(details[key]) if key == "max_grade" else details[key]
            for key, text in DETAILS.items() if key in details}


def per_query(name: str):
    """Each uploaded query's value of ``name`` (a per-query measure, as the batch engine computes it), a Series
    by query; None when nothing with a run is loaded."""
    from ui.data import dataset

    if st.session_state.get(state.DATASET) is None:
        return None
    result = dataset.evaluation((name,))
    if result is None or result.per_query.empty:
        return None
    return result.per_query[name].dropna()
