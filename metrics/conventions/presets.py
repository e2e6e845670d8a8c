"""Named conventions where ranking libraries differ, and a preset for each library.

The same ranking can get different numbers from different libraries. Each difference comes
from one of these choices; :func:`metrics.conventions.score_under` applies a preset and says what
that library would report. Observed behaviour is recorded in ``shared/notes/library-conventions.md``
and summarised in the README.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from ..errors import MetricsInputError
from ..explanation import num
from ..measures.ap import DENOMINATORS
from ..messages import N_

GAINS = (N_("linear"), N_("exponential"), N_("binary"))  #: marked: the app shows a board's gain by its name
#: RBP's r_i: 1 for a relevant item (ir_measures' ``RBP(rel=1)``, cwl_eval), or its grade when relevant (ranx's
#: ``rbp.8``: the weighted hit list holds the grade, so RBP can pass 1)
RBP_GAINS = ("binary", "linear")
IDEALS = ("judged", "list")
AP_DENOMINATORS = DENOMINATORS  #: as metrics.average_precision names them
#: how equal scores are read: trec_eval's item id descending; scikit-learn's tie group as one (averaged); the
#: input order (pandas' stable sort: Microsoft recommenders); an order the library leaves undefined (torch.topk:
#: RecBole); the input order up to 15 items and undefined beyond (numba's quicksort: ranx); nDCG averaged and the
#: other measures undefined (torchmetrics); item id ascending (ir_measures' msmarco provider); trec_eval's rule
#: except RR@k, item id ascending there, and RBP, input order there (ir_measures: pytrec_eval for every measure but
#: RR@k and RBP, msmarco for RR@k, cwl_eval for RBP: it keeps the run's order among equal scores)
TIES = ("trec", "average", "as_given", "undefined", "as_given_short", "average_ndcg", "id_ascending",
        "trec_rr_ascending")
#: the tie rules under which the order of tied items can be undefined (the measure is then an interval)
UNDEFINED_TIES = ("undefined", "as_given_short", "average_ndcg")
#: numba's quicksort (ranx) sorts lists of up to this many items by insertion sort, which keeps ties in input order
STABLE_SORT_LIMIT = 15
SCORE_TYPES = ("float64", "float32")
#: which queries a run's mean is over: those in both the run and the qrels (trec_eval), or every judged query, one
#: missing from the run scoring 0 (ir_measures, ranx; trec_eval -c)
QUERIES = ("run", "judged")
#: the measure syntax's words for the long names (``nDCG(gain=exp)``, ``AP(denom=minKR)``), as the API takes them
WORDS = {"gain": {"exp": "exponential", "lin": "linear"},
         "ap_denominator": {"R": "relevant", "minKR": "min_k_relevant", "min": "min_k_relevant"}}

#: the tie rules in words (:func:`describe_choice`); ``CHOICES["ties"]`` says the same after "equal scores: "
TIE_RULES = {
    "trec": N_("item id descending (trec_eval)"),
    "average": N_("gain averaged over the tie group (scikit-learn)"),
    "as_given": N_("kept in input order"),
    "undefined": N_("any order (torch.topk leaves it undefined)"),
    "as_given_short": N_("input order up to 15 items, any order beyond (numba's quicksort)"),
    "average_ndcg": N_("nDCG averaged over the tie group, other measures in any order (torch.topk)"),
    "id_ascending": N_("item id ascending, scores as 64-bit floats (ir_measures' msmarco provider)"),
    "trec_rr_ascending": N_("item id descending, but item id ascending for RR@k and input order for RBP "
                            "(ir_measures: pytrec_eval, msmarco for RR@k, cwl_eval for RBP)"),
}

#: what each choice means, for the app and the README
CHOICES = {
    "gain": {"linear": N_("gain = rel"), "exponential": N_("gain = 2^rel - 1"),
             "binary": N_("gain = 1 if relevant else 0")},
    "ideal": {"judged": N_("ideal ordering from all judged items, unretrieved ones included"),
              "list": N_("ideal ordering from the ranked list only")},
    "ap_denominator": {"relevant": N_("AP divided by R, all relevant items"),
                       "found": N_("AP divided by the relevant items found in the top k"),
                       "min_k_relevant": N_("AP divided by min(k, R)")},
    "ties": {"trec": N_("equal scores: item id descending (trec_eval)"),
             "average": N_("equal scores: gain averaged over the tie group (scikit-learn)"),
             "as_given": N_("equal scores: kept in input order"),
             "undefined": N_("equal scores: any order (torch.topk leaves it undefined)"),
             "as_given_short": N_("equal scores: input order up to 15 items, any order beyond (numba's quicksort)"),
             "average_ndcg": N_("equal scores: nDCG averaged over the tie group, other measures in any order "
                                "(torch.topk)"),
             "id_ascending": N_("equal scores: item id ascending, scores as 64-bit floats (ir_measures' msmarco "
                                "provider)"),
             "trec_rr_ascending": N_("equal scores: item id descending, but item id ascending for RR@k and input "
                                     "order for RBP (ir_measures: pytrec_eval, msmarco for RR@k, cwl_eval for RBP)")},
    "queries": {"run": N_("the mean over the queries in both the run and the qrels"),
                "judged": N_("the mean over every judged query, one missing from the run scoring 0")},
    "score_type": {"float64": N_("scores compared as 64-bit floats"),
                   "float32": N_("scores compared as 32-bit floats: scores closer than about 1e-7 of their size tie")},
}

#: the choices beyond CHOICES, in words (value -> text)
_SETTING_TEXT = {
    "threshold": lambda v: f"relevant when grade ≥ {num(v)}",
    "rr_cutoff": lambda v: "RR@k: a first hit below rank k scores 0" if v else "RR: no cut-off",
    "ap_cutoff": lambda v: "AP stops at rank k" if v else "AP over the whole list (no k)",
    "truncate_grades": lambda v: "real grades truncated to integers (0.9 → 0)" if v else "grades used as given",
    "nonpositive_scores_irrelevant": lambda v: "items scored ≤ 0 never count as relevant" if v
    else "scores only order the list",
    "recall_pool": lambda v: "R counts relevant judged items outside the list too" if v
    else "R counts only the relevant items in the list",
    "nan_when_no_relevant": lambda v: f"{', '.join(v)} is NaN when no item is relevant" if v
    else "no relevant item: 0",
    "decimals": lambda v: f"reports rounded to {v} decimals" if v is not None else "full precision",
}
#: a short label for every choice of a Convention
CHOICE_LABELS = {
    "gain": N_("nDCG gain"), "ideal": N_("nDCG ideal from"), "ap_denominator": N_("AP divided by"),
    "ties": N_("ties in the scores"), "score_type": N_("scores compared as"), "queries": N_("queries averaged"),
    "threshold": N_("relevant when grade ≥"), "rr_cutoff": N_("RR cut at k"), "ap_cutoff": N_("AP cut at k"),
    "truncate_grades": N_("grades truncated to int"),
    "nonpositive_scores_irrelevant": N_("score ≤ 0 → not relevant"), "recall_pool": N_("R counts the pool"),
    "nan_when_no_relevant": N_("NaN if nothing relevant"), "decimals": N_("rounded to decimals"),
}


def describe_choice(setting: str, value) -> str:
    """One choice of a :class:`Convention` in words, e.g. ``describe_choice("rr_cutoff", False)``."""
    if setting == "ties":
        return TIE_RULES[value]
    if setting in CHOICES:
        return CHOICES[setting][value]
    return _SETTING_TEXT[setting](value)


@dataclass(frozen=True)
class Convention:
    """One library's choices."""

    name: str
    gain: str = "linear"
    ideal: str = "judged"
    ap_denominator: str = "relevant"
    ties: str = "trec"
    score_type: str = "float64"  #: trec_eval 9.x (pytrec_eval) keeps each score in a C float: near-equal scores tie
    threshold: float = 1.0  #: relevant when grade >= threshold
    rr_cutoff: bool = True  #: RR@k scores 0 past rank k (trec_eval's recip_rank has no cut-off)
    ap_cutoff: bool = True  #: AP stops at k (scikit-learn's average_precision_score has no k)
    truncate_grades: bool = False  #: real grades truncated to integers (ranx: int64 qrels)
    nonpositive_scores_irrelevant: bool = False  #: torchmetrics: items scored <= 0 never count
    recall_pool: bool = True  #: R counts judged relevant items outside the list
    nan_when_no_relevant: tuple[str, ...] = ()  #: measures that become NaN with no relevant item
    decimals: int | None = None  #: reported rounding
    queries: str = "run"  #: which queries a run's mean is over (:data:`QUERIES`); one ranked list never reads it
    offers: tuple[str, ...] = ("nDCG", "AP", "RR", "P", "R")  #: measures the library has (RBP: ir_measures, ranx)
    rbp_gain: str = "binary"  #: RBP's r_i (:data:`RBP_GAINS`): 1 for a relevant item, or its grade (ranx)
    rbp_p: float = 0.8  #: RBP's persistence (ir_measures' default; ranx names it: ``rbp.8``)
    rbp_depth: int | None = None  #: cwl_eval (ir_measures): RBP over the first 1000 ranks, weights summing to 1
    notes: str = ""

    def __post_init__(self):
        for name, words in WORDS.items():  # Convention("x", gain="exp") is gain="exponential"
            if getattr(self, name) in words:
                object.__setattr__(self, name, words[getattr(self, name)])
        for name, allowed in (("gain", GAINS), ("ideal", IDEALS), ("ap_denominator", AP_DENOMINATORS),
                              ("ties", TIES), ("score_type", SCORE_TYPES), ("queries", QUERIES),
                              ("rbp_gain", RBP_GAINS)):
            if getattr(self, name) not in allowed:
                raise MetricsInputError(f"convention {name} must be one of {allowed}, got {getattr(self, name)!r}")
        if not 0.0 < self.rbp_p < 1.0:
            raise MetricsInputError(f"convention rbp_p must lie strictly between 0 and 1, got {self.rbp_p!r}")

    def differences(self, other: Convention) -> list[str]:
        """The names of the choices on which two conventions differ."""
        return [f.name for f in fields(self) if f.name not in ("name", "notes", "offers")
                and getattr(self, f.name) != getattr(other, f.name)]

    def same_numbers(self, other: Convention) -> bool:
        """Whether two libraries report the same numbers: the same choices and the same measures."""
        return not self.differences(other) and self.offers == other.offers


PRESETS: dict[str, Convention] = {
    "trec_eval": Convention(
        "trec_eval", rr_cutoff=False,
        notes=N_("Reference (trec_eval 10.0, which reads scores as 64-bit floats). AP and AP@k (map_cut) divide "
                 "by all relevant judged items; recip_rank has no cut-off; P@k divides by k; ties: score "
                 "descending, then docno descending.")),
    "pytrec_eval": Convention(
        "pytrec_eval", rr_cutoff=False, score_type="float32",
        notes=N_("trec_eval 9.0.7 compiled into a Python module: trec_eval's conventions, but scores kept as "
                 "32-bit floats (trec_eval 9.x: a gap of 1e-9 is a tie). Real grades are refused (TypeError). "
                 "ir_measures uses these numbers for nDCG@k, AP, RR, P@k and R@k.")),
    "ir_measures": Convention(
        "ir_measures", ties="trec_rr_ascending", score_type="float32", queries="judged",
        offers=("nDCG", "AP", "RR", "P", "R", "RBP"), rbp_depth=1000,
        notes=N_("ir_measures 0.4 picks a provider per measure: pytrec_eval for nDCG@k, AP, AP@k, RR, P@k and R@k "
                 "(trec_eval 9.x: 32-bit scores, ties by item id descending), msmarco for RR@k (cut at k, scores "
                 "as Python floats sorted by score descending, then item id ascending). A run's mean is over "
                 "every judged query, one missing from the run scoring 0.")),
    "sklearn": Convention(
        "scikit-learn", ideal="list", ties="average", ap_denominator="found", ap_cutoff=False,
        rr_cutoff=False, recall_pool=False, offers=("nDCG", "AP"),
        notes=N_("ndcg_score: ideal from the scored items only, ties averaged over all orders. "
                 "average_precision_score: no k, no pool, one threshold per tie group (shown here as "
                 "the AP of the whole list). Refuses one-item lists and negative grades.")),
    "ranx": Convention(
        "ranx", ties="as_given_short", truncate_grades=True, queries="judged",
        offers=("nDCG", "AP", "RR", "P", "R", "RBP"), rbp_gain="linear",
        notes=N_("A run's mean is over every judged query (one missing from the run scores 0). "
                 "ndcg linear (ndcg_burges is exponential); map@k divides by all relevant; mrr@k is cut; "
                 "qrels are int64, so real grades are silently truncated. Ties keep input order for "
                 "short lists.")),
    "torchmetrics": Convention(
        "torchmetrics", ideal="list", ties="average_ndcg", ap_denominator="found",
        nonpositive_scores_irrelevant=True, recall_pool=False,
        score_type="float32",
        notes=N_("RetrievalNormalizedDCG is scikit-learn's algorithm (list-only ideal, tie averaging) in "
                 "float32. RetrievalMAP(top_k) divides by the hits found in the top k. Binary metrics "
                 "treat items scored <= 0 as non-relevant. Ties in binary metrics follow torch.topk.")),
    "recbole": Convention(
        "RecBole", gain="binary", ap_denominator="min_k_relevant", ties="undefined", score_type="float32",
        nan_when_no_relevant=("R",), decimals=4,
        notes=N_("Binary relevance only: NDCG's ideal is min(R, k) ones; MAP@k divides by min(k, R); "
                 "Recall is NaN without positives; reports round to 4 decimals.")),
    "recommenders": Convention(
        "Microsoft recommenders", gain="binary", ap_denominator="min_k_relevant", ties="as_given",
        offers=("nDCG", "AP", "P", "R"),
        notes=N_("Every row of rating_true is relevant; ndcg_at_k defaults to binary gain (score_type="
                 "'raw' is linear, 'exp' exponential) with the ideal from rating_true; map_at_k divides by "
                 "min(R, k); no MRR.")),
}


#: why a preset's number can be a range: the order among tied items is the library's implementation detail
#: (the cause, shown by the app, then the details after ": ")
TIE_ORDER_CAUSE: dict[str, str] = {
    "torchmetrics": N_("the order of tied items is not defined (torch.topk)"),
    "recbole": N_("the order of tied items is not defined (torch.topk)"),
    "ranx": N_("the order of tied items is not defined for a list of more than 15 items (numba's quicksort; "
               "up to 15 items insertion sort keeps the input order)"),
}
TIE_ORDER_REASON: dict[str, str] = {
    "torchmetrics": TIE_ORDER_CAUSE["torchmetrics"] + ": AP, RR, P and R can take any value between the worst and "
                                                      "the best order of each tie group; nDCG averages the tie group",
    "recbole": TIE_ORDER_CAUSE["recbole"] + ": every measure can take any value between the worst and the best order "
                                            "of each tie group",
    "ranx": TIE_ORDER_CAUSE["ranx"],
}


def group_presets(presets: dict[str, Convention] | None = None) -> list[list[str]]:
    """The keys of ``presets`` (default :data:`PRESETS`) grouped by :meth:`Convention.same_numbers`, in order:
    libraries that report the same numbers are shown once.

    >>> group_presets()[:2]  # pytrec_eval compares scores as 32-bit floats, trec_eval 10.0 as 64-bit
    [['trec_eval'], ['pytrec_eval']]
    """
    presets = PRESETS if presets is None else presets
    groups: list[list[str]] = []
    for key, convention in presets.items():
        group = next((g for g in groups if presets[g[0]].same_numbers(convention)), None)
        if group is None:
            groups.append([key])
        else:
            group.append(key)
    return groups


def group_name(keys, presets: dict[str, Convention] | None = None) -> str:
    """The libraries of a group by name, joined by commas."""
    presets = PRESETS if presets is None else presets
    return ", ".join(presets[key].name for key in keys)


