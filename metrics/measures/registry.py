"""Every measure of the grammar, declared once: its names, cut-off, typed parameters, description, formula,
citation and where its implementations are.

The parser's tables (:mod:`.names`), the batch engine's dispatch (:mod:`metrics.batch.evaluation`), the
command line's measure help and listing (``python -m metrics measures``) and the README's grammar table
(``scripts/measure_table.py``) are generated from :data:`REGISTRY`; ``tests/metrics/test_measure_registry.py``
checks that every entry is complete (:func:`problems`) and that its step table and batch implementation
agree.  Parameters are typed in the spirit of ir_measures' ``ParamInfo``.

>>> REGISTRY["nDCG"].trec_eval_cut, REGISTRY["AP"].param("denom").default, REGISTRY["P"].cutoff
('ndcg_cut', 'R', 'required')
>>> names(cutoff="required")
['P', 'R', 'F1', 'Success', 'IPrec', 'RprecMult', 'RelP']
"""

from __future__ import annotations

import importlib
import inspect
import textwrap
from dataclasses import dataclass, field
from functools import cache
from typing import Callable, Literal

from ..limits import MAX_PARAMETER

#: the largest ``max_grade`` of ERR (also :data:`metrics.measures.err.MAX_GRADE`): 2^g is a float only below 2^1024
MAX_ERR_GRADE = 1000


@dataclass(frozen=True)
class Param:
    """A measure parameter: ``kind`` ``number`` (bounded by ``low``/``high``; ``open`` says which bounds are
    excluded), ``choice`` (``choices`` maps each accepted spelling to its canonical value, canonical first)
    or ``gain_map`` (``{0:0,1:1,2:3}``)."""

    name: str
    kind: Literal["number", "choice", "gain_map"]
    default: object
    help: str
    choices: dict[str, str] = field(default_factory=dict)
    low: float = -MAX_PARAMETER
    high: float = MAX_PARAMETER
    open: tuple[bool, bool] = (False, False)
    bounds_reason: str = ""  #: why the bounds, said after the refusal
    syntax: str = ""  #: how the grammar table writes its values
    words: str = ""  #: the value in plain English for :func:`metrics.measures.names.subtitle` ({value})
    value_words: dict[str, str] = field(default_factory=dict)  #: a choice's own words

    @property
    def canonical_choices(self) -> tuple[str, ...]:
        """The canonical values of a choice parameter, in declaration order."""
        return tuple(dict.fromkeys(self.choices.values()))

    def in_bounds(self, number: float) -> bool:
        low_ok = number > self.low if self.open[0] else number >= self.low
        high_ok = number < self.high if self.open[1] else number <= self.high
        return low_ok and high_ok

    def bounds_text(self) -> str:
        """``between 0 and 1, both excluded``, ``above 0 and at most 1000``."""
        low = f"{'above' if self.open[0] else 'at least'} {self.low:g}"
        high = f"{'below' if self.open[1] else 'at most'} {self.high:g}"
        if self.open == (True, True):
            return f"between {self.low:g} and {self.high:g}, both excluded"
        return f"{low} and {high}"

    def grammar(self) -> str:
        """How the grammar writes it: ``gain=lin|exp``, ``p=<number in (0, 1)>``."""
        if self.syntax:
            return f"{self.name}={self.syntax}"
        if self.kind == "choice":
            return f"{self.name}={'|'.join(self.canonical_choices)}"
        return f"{self.name}=<number>"


REL = Param("rel", "number", 1, "relevant when grade >= rel (trec_eval -l, ir_measures rel=)",
            words="relevant when grade ≥ {value}")
GAIN = Param("gain", "choice", "lin", "gain of a grade g: g (lin) or 2^g - 1 (exp, Burges et al. 2005)",
             choices={"lin": "lin", "linear": "lin", "exp": "exp", "exponential": "exp"},
             value_words={"lin": "linear gain", "exp": "exponential gain 2^rel − 1"})
GAINS = Param("gains", "gain_map", None, "a gain per grade, ir_measures' syntax (a grade left out: its grade; "
              "not with gain=exp)", syntax="{0:0,1:1,2:3}", words="gain of each grade {value}")
IDEAL = Param("ideal", "choice", "judged", "ideal ordering: all judged items of the query, or the ranked list",
              choices={"judged": "judged", "all": "judged", "list": "list", "ranked": "list"},
              value_words={"judged": "ideal ordering from all judged items",
                           "list": "ideal ordering from the list itself"})
DENOM = Param("denom", "choice", "R", "AP's denominator: all relevant (R), relevant found, or min(k, R)",
              choices={"R": "R", "relevant": "R", "found": "found", "minKR": "minKR", "min": "minKR"},
              value_words={"R": "divided by R, all relevant items", "found": "divided by the hits found",
                           "minKR": "divided by min(k, R)"})
PERSISTENCE = Param("p", "number", 0.8, "RBP's persistence: the chance of reading on (0.8 as ir_measures)",
                    low=0, high=1, open=(True, True), bounds_reason="RBP's persistence",
                    syntax="<number in (0, 1)>", words="persistence p = {value}")
MAX_GRADE = Param("max_grade", "number", 4, "ERR's g_max (4: the 0-4 scale of gdeval behind ir_measures' ERR)",
                  low=0, high=MAX_ERR_GRADE, open=(True, False), bounds_reason="2^g_max overflows a float beyond",
                  syntax="<number in (0, 1000]>", words="largest grade g_max = {value}")

#: every parameter, by name
PARAMS: dict[str, Param] = {param.name: param for param in (REL, GAIN, GAINS, IDEAL, DENOM, PERSISTENCE, MAX_GRADE)}


@dataclass(frozen=True)
class Steps:
    """Where a measure's step table is and how a parsed measure calls it: ``function`` (``module:name``, returns
    an :class:`~metrics.explanation.Explanation`) takes the ranked grades after ``args``; the cut-off goes to
    keyword ``k_arg`` (``levels`` takes it as a one-level tuple), parameters to ``rename``'s keywords
    (``rel`` to ``threshold`` unless renamed; None leaves a parameter out); ``n_relevant``,
    ``n_nonrelevant`` and ``ideal`` (ideal=judged) come from the query's judgements when the function takes
    them, and the keyword ``judged_arg`` every judged grade of the query; ``unjudged`` says it reads None as an
    unjudged item (else unjudged is grade 0).  ``over_queries``: the table runs over the queries' values of this
    per-query measure (GMAP: AP)."""

    function: str
    args: tuple = ()
    k_arg: str | None = "k"
    rename: dict[str, str | None] = field(default_factory=dict)
    unjudged: bool = False
    over_queries: str | None = None
    judged_arg: str | None = None


@dataclass(frozen=True)
class MeasureInfo:
    """One measure of the grammar ``NAME[(param=value, ...)][@k]``."""

    name: str  #: canonical (ir_measures') name
    description: str  #: one line
    formula: str  #: plain text / LaTeX, per query
    citation: str  #: paper and/or trec_eval's m_*.c / ir_measures' source
    batch: str  #: ``module:function(evaluator, measure) -> (values, missing)``
    steps: Steps | None = None  #: the step table, if it has one
    no_steps: str = ""  #: why there is no step table (required when ``steps`` is None)
    cutoff: Literal["none", "optional", "required"] = "none"
    cutoff_kind: Literal["depth", "fraction"] = "depth"  #: a rank, or a fraction (of R)
    params: tuple[Param, ...] = ()
    aliases: tuple[str, ...] = ()  #: other spellings, matched ignoring case
    trec_eval: tuple[str, ...] = ()  #: trec_eval's names of the measure (no cut-off)
    trec_eval_cut: str | None = None  #: trec_eval's cut-off family, ``NAME_k`` (``ndcg_cut_10``)
    ir_measures: str | None = None  #: ir_measures' spelling (None: ir_measures lacks it)
    aggregate: Literal["mean", "sum", "geometric"] = "mean"  #: over queries (trec_eval's ``all``)
    words: tuple[str, str] | None = None  #: (what it is, how its cut-off reads) for subtitle()

    @property
    def allows_k(self) -> bool:
        return self.cutoff != "none"

    @property
    def needs_k(self) -> bool:
        return self.cutoff == "required"

    @property
    def param_names(self) -> tuple[str, ...]:
        return tuple(param.name for param in self.params)

    def param(self, name: str) -> Param:
        return next(param for param in self.params if param.name == name)

    def grammar(self) -> str:
        """``nDCG[(gain=…,gains=…,ideal=…)][@k]``, the measure's shape in the grammar."""
        inside = f"[({','.join(self.param_names)})]" if self.params else ""
        k = {"none": "", "optional": "[@k]", "required": "@k"}[self.cutoff]
        if self.cutoff_kind == "fraction":
            k = k.replace("k", "c")
        return f"{self.name}{inside}{k}"


_B = "metrics.batch.evaluation:"
_T = "metrics.batch.trec_measures:"
_X = "metrics.batch.ir_measures_extra:"
_BINARY = "r_i = [g_i >= rel]; R = judged items with g >= rel"


def _m(name, description, formula, citation, batch, **kwargs) -> MeasureInfo:
    return MeasureInfo(name, description, formula, citation, batch, **kwargs)


#: canonical name -> measure, in the grammar's order
REGISTRY: dict[str, MeasureInfo] = {m.name: m for m in (
    _m("nDCG", "normalised discounted cumulative gain",
       r"nDCG@k = DCG@k / IDCG@k, DCG@k = \sum_{i<=k} G(g_i) / log2(i + 1), IDCG@k the DCG of the ideal ordering",
       "Järvelin & Kekäläinen, Cumulated gain-based evaluation of IR techniques, ACM TOIS 20(4), 2002; "
       "trec_eval m_ndcg.c, m_ndcg_cut.c", _B + "ndcg",
       steps=Steps("metrics.measures.ndcg:ndcg_steps", rename={"ideal": "ideal", "gains": None}),
       cutoff="optional", params=(GAIN, GAINS, IDEAL), aliases=("ndcg",), trec_eval=("ndcg",),
       trec_eval_cut="ndcg_cut", ir_measures="nDCG", words=("nDCG", "at cut-off {k}")),
    _m("AP", "average precision (mean over queries: MAP)",
       r"AP@k = (1/D) \sum_{i<=k} r_i P@i, D = R (denom=R), relevant found (found) or min(k, R) (minKR); " + _BINARY,
       "Buckley & Voorhees, Evaluating evaluation measure stability, SIGIR 2000; trec_eval m_map.c, m_map_cut.c",
       _B + "average_precision", steps=Steps("metrics.measures.ap:ap_steps", rename={"denom": "denominator"}),
       cutoff="optional", params=(REL, DENOM), aliases=("map", "ap"), trec_eval=("map",), trec_eval_cut="map_cut",
       ir_measures="AP", words=("AP", "over the top {k}")),
    _m("RR", "reciprocal rank of the first relevant item (MRR)",
       r"RR@k = 1 / min{i <= k : r_i = 1} (0 without a relevant item in the top k); " + _BINARY,
       "Voorhees, The TREC-8 Question Answering Track Report, TREC-8, 1999; trec_eval m_recip_rank.c",
       _B + "reciprocal_rank", steps=Steps("metrics.measures.rr:rr_steps"), cutoff="optional", params=(REL,),
       aliases=("mrr", "rr", "recip_rank"), trec_eval=("recip_rank",), ir_measures="RR",
       words=("RR", "within the top {k}")),
    _m("P", "precision: relevant items in the top k, divided by k", r"P@k = (1/k) \sum_{i<=k} r_i; " + _BINARY,
       "trec_eval m_P.c; Manning, Raghavan & Schütze, Introduction to Information Retrieval, 2008, ch. 8",
       _B + "precision", steps=Steps("metrics.measures.cutoff:precision_steps"), cutoff="required", params=(REL,),
       aliases=("p", "precision"), trec_eval_cut="P", ir_measures="P", words=("precision", "at cut-off {k}")),
    _m("R", "recall: relevant items in the top k, divided by R", r"R@k = (1/R) \sum_{i<=k} r_i; " + _BINARY,
       "trec_eval m_recall.c", _B + "recall", steps=Steps("metrics.measures.cutoff:recall_steps"),
       cutoff="required", params=(REL,), aliases=("r", "recall"), trec_eval_cut="recall", ir_measures="R",
       words=("recall", "at cut-off {k}")),
    _m("F1", "harmonic mean of P@k and R@k", "F1@k = 2 P@k R@k / (P@k + R@k) (0 when both are 0)",
       "van Rijsbergen, Information Retrieval, 2nd ed., Butterworths, 1979, ch. 7 (the F-measure, beta = 1)",
       _B + "f1", steps=Steps("metrics.measures.cutoff:f1_steps"), cutoff="required", params=(REL,),
       aliases=("f1",), words=("F1", "at cut-off {k}")),
    _m("Success", "1 if any relevant item is in the top k (hit rate)", r"Success@k = [\sum_{i<=k} r_i > 0]",
       "trec_eval m_success.c", _B + "success", steps=Steps("metrics.measures.cutoff:hit_rate_steps"),
       cutoff="required", params=(REL,), aliases=("success", "hit", "hitrate", "hr"), trec_eval_cut="success",
       ir_measures="Success", words=("hit rate", "at cut-off {k}")),
    _m("Rprec", "precision at rank R, R = number of relevant items", r"Rprec = (1/R) \sum_{i<=R} r_i",
       "trec_eval m_Rprec.c; Buckley & Voorhees, Retrieval system evaluation, in TREC: Experiment and "
       "Evaluation in Information Retrieval, MIT Press, 2005", _B + "r_precision",
       steps=Steps("metrics.measures.cutoff:r_precision_steps", k_arg=None), params=(REL,),
       aliases=("rprec", "r-prec"), trec_eval=("Rprec",), ir_measures="Rprec", words=("R-precision", "")),
    _m("NumQ", "number of queries evaluated (trec_eval num_q)", "NumQ = 1 per query, summed", "trec_eval m_num_q.c",
       _T + "count_queries", no_steps="one per query: nothing to tabulate", trec_eval=("num_q",),
       ir_measures="NumQ", aggregate="sum"),
    _m("NumRet", "number of items retrieved (trec_eval num_ret)", "NumRet = n, the items retrieved (summed)",
       "trec_eval m_num_ret.c", _T + "count_retrieved",
       steps=Steps("metrics.measures.counts:count_steps", args=("num_ret",), k_arg=None, rename={"rel": None},
                   unjudged=True), trec_eval=("num_ret",), ir_measures="NumRet", aggregate="sum"),
    _m("NumRel", "number of relevant judged items, R (trec_eval num_rel)", "NumRel = R (summed)",
       "trec_eval m_num_rel.c", _T + "count_relevant",
       steps=Steps("metrics.measures.counts:count_steps", args=("num_rel",), k_arg=None, unjudged=True),
       params=(REL,), trec_eval=("num_rel",), ir_measures="NumRel", aggregate="sum"),
    _m("NumRelRet", "number of relevant items retrieved (trec_eval num_rel_ret)", r"NumRelRet = \sum_i r_i (summed)",
       "trec_eval m_num_rel_ret.c", _T + "count_relevant_retrieved",
       steps=Steps("metrics.measures.counts:count_steps", args=("num_rel_ret",), k_arg=None, unjudged=True),
       params=(REL,), trec_eval=("num_rel_ret",), ir_measures="NumRet(rel=1)", aggregate="sum"),
    _m("NumNonRelJudgedRet", "judged non-relevant items retrieved",
       "NumNonRelJudgedRet = retrieved items judged with 0 <= g < rel (summed)", "trec_eval m_num_nonrel_judged_ret.c",
       _T + "count_nonrelevant_judged_retrieved",
       steps=Steps("metrics.measures.counts:count_steps", args=("num_nonrel_judged_ret",), k_arg=None,
                   unjudged=True), params=(REL,), trec_eval=("num_nonrel_judged_ret",), aggregate="sum"),
    _m("GMAP", "average precision, geometric mean over queries (trec_eval gm_map)",
       r"GMAP = exp((1/|Q|) \sum_q log max(AP_q, 0.00001))",
       "Robertson, On GMAP: and other transformations, CIKM 2006; trec_eval m_gm_map.c", _T + "geometric_ap",
       steps=Steps("metrics.measures.gm_map:gm_map_steps", over_queries="AP"), params=(REL,),
       trec_eval=("gm_map",), aggregate="geometric"),
    _m("Bpref", "binary preference: relevant items ranked above judged non-relevant ones",
       r"bpref = (1/R) \sum_{i: r_i} (1 - min(n_i, R) / min(N, R)), n_i judged non-relevant above i, N all of them",
       "Buckley & Voorhees, Retrieval evaluation with incomplete information, SIGIR 2004; trec_eval m_bpref.c",
       _T + "bpref", steps=Steps("metrics.measures.bpref:bpref_steps", k_arg=None, unjudged=True), params=(REL,),
       trec_eval=("bpref",), ir_measures="Bpref"),
    _m("GMBpref", "bpref, geometric mean over queries (trec_eval gm_bpref)",
       r"GMBpref = exp((1/|Q|) \sum_q log max(bpref_q, 0.00001))", "trec_eval m_gm_bpref.c", _T + "geometric_bpref",
       steps=Steps("metrics.measures.gm_map:gm_bpref_steps", over_queries="Bpref"), params=(REL,), trec_eval=("gm_bpref",), aggregate="geometric"),
    _m("infAP", "inferred average precision (Yilmaz and Aslam)",
       r"infAP = (1/R) \sum_{i: r_i} (1/i + ((i-1)/i) ((F_i - 1 + n_i + u_i)/(i - 1)) "
       r"((F_i - 1 + eps)/(F_i - 1 + n_i + 2 eps)))",
       "Yilmaz & Aslam, Estimating average precision with incomplete and imperfect judgments, CIKM 2006; "
       "trec_eval m_infap.c", _T + "inferred_ap",
       steps=Steps("metrics.measures.infap:infap_steps", k_arg=None, unjudged=True), params=(REL,), trec_eval=("infAP",), ir_measures="infAP"),
    _m("IPrec", "interpolated precision at recall level k (a fraction of R)",
       "IPrec@c = max{P@i : i >= rank of the floor(cR + 0.9)-th relevant item}", "trec_eval m_iprec_at_recall.c",
       _T + "interpolated_precision",
       steps=Steps("metrics.measures.interpolated:iprec_steps", k_arg="levels"), cutoff="required",
       cutoff_kind="fraction", params=(REL,), trec_eval_cut="iprec_at_recall", ir_measures="IPrec"),
    _m("IPrec11", "mean interpolated precision at recall 0, 0.1, ..., 1 (11pt_avg)",
       "IPrec11 = (1/11) \\sum_{c in 0, 0.1, ..., 1} IPrec@c",
       "trec_eval m_11pt_avg.c; Salton & McGill, Introduction to Modern Information Retrieval, 1983",
       _T + "eleven_point_average", steps=Steps("metrics.measures.interpolated:iprec_steps", k_arg=None),
       params=(REL,), trec_eval=("11pt_avg",)),
    _m("RprecMult", "precision at rank k * R (trec_eval Rprec_mult)", "RprecMult@c = F_m / m, m = floor(cR + 0.9)",
       "trec_eval m_Rprec_mult.c", _T + "r_precision_multiple",
       steps=Steps("metrics.measures.cutoff:rprec_mult_steps", k_arg="mult"), cutoff="required",
       cutoff_kind="fraction", params=(REL,), trec_eval_cut="Rprec_mult"),
    _m("RelP", "relevant items in the top k divided by min(k, R) (relative_P)", "RelP@k = F_k / min(k, R)",
       "trec_eval m_rel_P.c", _T + "relative_precision",
       steps=Steps("metrics.measures.cutoff:relative_precision_steps"),
       cutoff="required", params=(REL,), trec_eval_cut="relative_P"),
    _m("SetP", "precision of the whole retrieved set", "SetP = F_n / n", "trec_eval m_set_P.c", _T + "set_precision",
       steps=Steps("metrics.measures.sets:set_steps", args=("set_P",), k_arg=None, unjudged=True), params=(REL,),
       trec_eval=("set_P",), ir_measures="SetP"),
    _m("SetR", "recall of the whole retrieved set", "SetR = F_n / R", "trec_eval m_set_recall.c", _T + "set_recall",
       steps=Steps("metrics.measures.sets:set_steps", args=("set_recall",), k_arg=None, unjudged=True),
       params=(REL,), trec_eval=("set_recall",), ir_measures="SetR"),
    _m("SetF", "F-measure (beta 1) of the whole retrieved set", "SetF = 2 SetP SetR / (SetP + SetR)",
       "trec_eval m_set_F.c; van Rijsbergen 1979", _T + "set_f",
       steps=Steps("metrics.measures.sets:set_steps", args=("set_F",), k_arg=None, unjudged=True), params=(REL,),
       trec_eval=("set_F",), ir_measures="SetF"),
    _m("SetAP", "set precision times set recall (trec_eval set_map)", "SetAP = SetP SetR = F_n^2 / (n R)",
       "trec_eval m_set_map.c", _T + "set_ap",
       steps=Steps("metrics.measures.sets:set_steps", args=("set_map",), k_arg=None, unjudged=True),
       params=(REL,), trec_eval=("set_map",), ir_measures="SetAP"),
    _m("SetRelP", "set precision divided by its best possible value", "SetRelP = F_n / min(n, R)",
       "trec_eval m_set_rel_P.c", _T + "set_relative_precision",
       steps=Steps("metrics.measures.sets:set_steps", args=("set_relative_P",), k_arg=None, unjudged=True),
       params=(REL,), trec_eval=("set_relative_P",), ir_measures="SetP(relative=True)"),
    _m("Utility", "retrieved relevant minus retrieved non-relevant (trec_eval utility)", "Utility = F_n - (n - F_n)",
       "trec_eval m_utility.c", _T + "utility",
       steps=Steps("metrics.measures.sets:set_steps", args=("utility",), k_arg=None, unjudged=True), params=(REL,),
       trec_eval=("utility",)),
    _m("BinG", "binary G: 1/log2(2 + non-relevant before) per relevant item, over R",
       r"binG = (1/R) \sum_{i: r_i} 1 / log2(2 + i - F_i)", "trec_eval m_binG.c", _T + "binary_g",
       steps=Steps("metrics.measures.bing:bing_steps", k_arg=None), params=(REL,), trec_eval=("binG",)),
    _m("G", "normalised gain G (trec_eval G)",
       r"G = (1 / \sum_j g*_j) \sum_{i: g_i > 0} g_i / log2(2 + C_i - Gamma_i), C_i = \sum_{j<=i} max(g*_j, 1), "
       r"Gamma_i = \sum_{j<=i} g_j (g* the ideal gains)",
       "trec_eval m_G.c", _T + "normalised_gain",
       steps=Steps("metrics.measures.trec_gains:g_steps", k_arg=None, judged_arg="judged", unjudged=True),
       trec_eval=("G",)),
    _m("nDCGRel", "nDCG averaged over the relevant items (trec_eval ndcg_rel)",
       r"nDCGRel = (1/R+) (\sum_{i<=n: g_i > 0} DCG@i / IDCG@i + (R+ - found) DCG@n / IDCG), R+ judged positive gains",
       "trec_eval m_ndcg_rel.c", _T + "ndcg_over_relevant",
       steps=Steps("metrics.measures.trec_gains:ndcg_rel_steps", k_arg=None, judged_arg="judged", unjudged=True),
       trec_eval=("ndcg_rel",)),
    _m("RnDCG", "nDCG averaged at the R-level boundaries (trec_eval Rndcg)",
       "RnDCG = mean of DCG@min(r, n) / IDCG@r over the ranks r <= R+ where the ideal gain changes "
       "(and DCG@n / IDCG when n > R+ + 1)",
       "trec_eval m_Rndcg.c", _T + "ndcg_at_r_levels",
       steps=Steps("metrics.measures.trec_gains:rndcg_steps", k_arg=None, judged_arg="judged", unjudged=True),
       params=(REL,), trec_eval=("Rndcg",)),
    _m("Judged", "share of the top k that is judged (ir_measures Judged)",
       "Judged@k = |{i <= k : item i judged}| / min(k, n)",
       "MacAvaney, Macdonald & Ounis, Streamlining evaluation with ir-measures, ECIR 2022; "
       "ir_measures/measures/judged.py", _X + "judged",
       steps=Steps("metrics.measures.judged:judged_steps", unjudged=True), cutoff="optional", aliases=("judged",),
       ir_measures="Judged", words=("share of items judged", "in the top {k}")),
    _m("RBP", "rank-biased precision: (1 - p) times the sum of p^(i-1) over relevant ranks",
       r"RBP(p)@k = (1 - p) \sum_{i<=k} r_i p^(i-1)",
       "Moffat & Zobel, Rank-biased precision for measurement of retrieval effectiveness, ACM TOIS 27(1), 2008",
       _X + "rank_biased_precision", steps=Steps("metrics.measures.rbp:rbp_steps"), cutoff="optional",
       params=(PERSISTENCE, REL), aliases=("rbp",), ir_measures="RBP(rel=1)",
       words=("rank-biased precision", "over the top {k}")),
    _m("ERR", "expected reciprocal rank of the cascade model (ir_measures ERR)",
       r"ERR@k = \sum_{i<=k} (1/i) R_i \prod_{j<i} (1 - R_j), R_i = (2^g_i - 1) / 2^g_max",
       "Chapelle, Metzler, Zhang & Grinspan, Expected reciprocal rank for graded relevance, CIKM 2009; "
       "gdeval.pl (TREC Web track) behind ir_measures' ERR", _X + "expected_reciprocal_rank",
       steps=Steps("metrics.measures.err:err_steps"), cutoff="optional", params=(MAX_GRADE,), aliases=("err",),
       ir_measures="ERR", words=("expected reciprocal rank", "at cut-off {k}")),
)}

#: nDCG with a gain map has its own step table (:func:`metrics.measures.ndcg.ndcg_gain_map_steps`)
GAIN_MAP_STEPS = Steps("metrics.measures.ndcg:ndcg_gain_map_steps", rename={"ideal": "ideal", "gain": None},
                       unjudged=True)


def names(*, cutoff: str | None = None, param: str | None = None, steps: bool | None = None,
          trec_eval: bool | None = None) -> list[str]:
    """Canonical names in the grammar's order, optionally only those whose ``cutoff`` is none/optional/required,
    that take parameter ``param``, that have a step table (``steps``) or a trec_eval name (``trec_eval``) — for
    a measure picker.

    >>> names(param="p"), names(steps=False), names(cutoff="optional", param="rel")
    (['RBP'], ['NumQ'], ['AP', 'RR', 'RBP'])
    """
    picked = []
    for name, info in REGISTRY.items():
        if cutoff is not None and info.cutoff != cutoff:
            continue
        if param is not None and param not in info.param_names:
            continue
        if steps is not None and (info.steps is not None) != steps:
            continue
        if trec_eval is not None and bool(info.trec_eval or info.trec_eval_cut) != trec_eval:
            continue
        picked.append(name)
    return picked


@cache
def resolve(path: str) -> Callable:
    """``module:attribute`` -> the object (imported on first use: the batch engine imports this module)."""
    module, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module), attribute)


def batch_function(name: str) -> Callable:
    """The batch implementation of measure ``name``: f(evaluator, measure) -> (values, missing)."""
    return resolve(REGISTRY[name].batch)


def steps_of(measure) -> Steps | None:
    """The step table spec of a parsed :class:`~metrics.measures.names.Measure` (None: it has none)."""
    if measure.name == "nDCG" and measure.param("gains") is not None:
        return GAIN_MAP_STEPS
    return REGISTRY[measure.name].steps


def explain_measure(measure, grades, judged=(), items=None):
    """The step table (:class:`~metrics.explanation.Explanation`) of a parsed measure on one query: ``grades``
    the ranked items' grades (None: unjudged), ``judged`` the grades of all the query's judged items, ``items``
    the ranked items' names (None: numbered). Not for measures over queries (GMAP) or without a step table.

    >>> from metrics.measures.names import parse_measure
    >>> explain_measure(parse_measure("AP(rel=2)@3"), [2, 0, 1, 2], [2, 2, 2, 1, 0]).worked_text
    'AP(rel=2)@3 = (1/1) / 3 = 0.3333   [D = R = 3]'
    """
    spec = steps_of(measure)
    if spec is None or spec.over_queries:
        raise ValueError(f"{measure} has no per-query step table")
    function = resolve(spec.function)
    accepted = inspect.signature(function).parameters
    info = REGISTRY[measure.name]
    theta = measure.param("rel") if "rel" in info.param_names else 1
    judged = [grade for grade in judged if grade is not None]
    kwargs: dict = {}
    if spec.k_arg is not None and measure.k is not None:
        kwargs[spec.k_arg] = (measure.k,) if spec.k_arg == "levels" else measure.k
    for param in info.params:
        keyword = spec.rename.get(param.name, "threshold" if param.name == "rel" else param.name)
        if keyword is None:
            continue
        value = measure.param(param.name)
        if param.name == "ideal":
            if value == "judged":
                kwargs["ideal"] = [max(grade, 0) for grade in judged]
            continue
        if param.name == "gains":
            value = measure.gain_map()
        kwargs[keyword] = value
    if "n_relevant" in accepted:
        kwargs["n_relevant"] = sum(1 for grade in judged if grade >= theta and grade >= 0)
    if spec.judged_arg:
        kwargs[spec.judged_arg] = judged
    if "n_nonrelevant" in accepted:
        kwargs["n_nonrelevant"] = sum(1 for grade in judged if 0 <= grade < theta)
    if items is not None:
        kwargs["items"] = items
    ranked = list(grades) if spec.unjudged else [0 if grade is None else grade for grade in grades]
    return function(*spec.args, ranked, **kwargs)


def problems(info: MeasureInfo) -> list[str]:
    """What an entry lacks: description, formula, citation, a batch implementation that resolves, a step table
    that resolves (or a reason there is none), parameters the parser knows. Empty: complete.

    >>> problems(MeasureInfo("X", "", "x = 1", "", "metrics.batch.evaluation:nothing"))
    ['no description', 'no citation', "batch implementation 'metrics.batch.evaluation:nothing' not found", \
'no step table and no reason why']
    """
    found = []
    for what in ("description", "formula", "citation"):
        if not getattr(info, what).strip():
            found.append(f"no {what}")
    for label, path in (("batch implementation", info.batch),
                        ("step table", info.steps.function if info.steps else None)):
        if path is None:
            continue
        try:
            target = resolve(path)
        except (ImportError, AttributeError, ValueError):
            found.append(f"{label} {path!r} not found")
            continue
        if not callable(target):
            found.append(f"{label} {path!r} is not callable")
    if info.steps is None and not info.no_steps.strip():
        found.append("no step table and no reason why")
    for param in info.params:
        if PARAMS.get(param.name) is not param:
            found.append(f"parameter {param.name!r} is not one of registry.PARAMS")
    if info.needs_k and not info.allows_k:
        found.append("needs a cut-off it does not allow")
    return found


def table_rows() -> list[tuple[str, str, str, str, str, str]]:
    """(grammar, trec_eval's names, ir_measures' name, description, formula, citation) per measure."""
    rows = []
    for info in REGISTRY.values():
        cut = "c" if info.cutoff_kind == "fraction" else "k"
        trec = list(info.trec_eval) + ([f"{info.trec_eval_cut}_{cut}"] if info.trec_eval_cut else [])
        rows.append((info.grammar(), ", ".join(trec) or "—", info.ir_measures or "—", info.description,
                     info.formula, info.citation))
    return rows


def grammar_text(measures: bool = True) -> str:
    """The grammar with every parameter and (``measures``) every measure, generated: ``python -m metrics
    measures`` prints it, the README shows it without the measures (they are :func:`markdown_table`)."""
    lines = ['measure := NAME [ "(" param=value ("," param=value)* ")" ] [ "@" k ]']
    if measures:
        width = max(len(info.grammar()) for info in REGISTRY.values()) + 2
        lines += ["", "NAME".ljust(width) + "trec_eval / ir_measures: description"]
        for grammar, trec, ir_name, description, _, _ in table_rows():
            lines.append(f"{grammar.ljust(width)}{trec} / {ir_name}: {description}")
    else:
        line = "NAME    := "
        for at, name in enumerate(REGISTRY):
            if at and len(line) + len(name) > 100:
                lines.append(line.rstrip())
                line = "         | "
            elif at:
                line += "| "
            line += name + " "
        lines += [line.rstrip(), "           (or an alias, or trec_eval's name: the table below)"]
    lines += ["", "param"]
    param_width = max(len(param.grammar()) for param in PARAMS.values()) + 2
    for param in PARAMS.values():
        users = ", ".join(name for name, info in REGISTRY.items() if param in info.params)
        default = "none" if param.default is None else param.default
        lines.append(f"  {param.grammar().ljust(param_width)}{param.help}")
        lines += [f"  {''.ljust(param_width)}{line}"
                  for line in textwrap.wrap(f"default {default}; {users}", 110 - param_width)]
    fractions = ", ".join(name for name, info in REGISTRY.items() if info.cutoff_kind == "fraction")
    lines += ["", "k := a positive integer (cut-off depth): NAME@k",
              f"   | a non-negative number c ({fractions}): NAME@c, IPrec@0.1 is recall level 0.1, "
              "RprecMult@0.2 rank 0.2·R"]
    return "\n".join(lines)


def markdown_table() -> str:
    """Every measure as a Markdown table row: its grammar, trec_eval's and ir_measures' names, what it is,
    its formula and its source (the README's table, ``scripts/measure_table.py``)."""
    def cell(text: str) -> str:
        return text.replace("|", "\\|")

    lines = ["| measure | trec_eval | ir_measures | what | formula (per query) | source |",
             "|---|---|---|---|---|---|"]
    for grammar, trec, ir_name, description, formula, citation in table_rows():
        trec = ", ".join(f"`{name}`" for name in trec.split(", ")) if trec != "—" else trec
        ir_name = f"`{ir_name}`" if ir_name != "—" else ir_name
        lines.append(f"| `{cell(grammar)}` | {trec} | {cell(ir_name)} | {cell(description)} | `{cell(formula)}` | "
                     f"{cell(citation)} |")
    return "\n".join(lines)
