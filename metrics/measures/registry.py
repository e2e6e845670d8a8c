"""Every measure of the grammar, declared once: its names, cut-off, typed parameters, description, formula,
citation and its implementations, as the functions themselves (imported, so that the import graph and an IDE
follow them): the value of one query (``value``) and the step table (``steps``).

The parser's tables (:mod:`.names`), the batch engine's dispatch (:mod:`metrics.batch.evaluation`), the
command line's measure help and listing (``python -m metrics measures``), ``python -m metrics explain``
(:mod:`metrics.teaching.explain`) and the README's grammar table (``scripts/measure_table.py``) are generated
from :data:`REGISTRY`; ``tests/metrics/measures/test_measure_registry.py`` checks that every entry is complete
(:func:`problems`) and that its value, step table and batch implementation agree.

Layers: this module imports the step-table modules (:mod:`.ap`, :mod:`.ndcg`, ...), which spell their measure's
name with :mod:`.spelling` and :mod:`.params`, below it; the parser (:mod:`.names`) imports this module.  The batch
implementation of a measure sits in :mod:`metrics.batch`, a layer above (it works on a whole run's columns), so
it cannot be imported here: it names the measure it implements instead, ``@batch_of("AP")``
(:mod:`metrics.batch.dispatch`), by its key in :data:`REGISTRY`, and :func:`metrics.batch.dispatch.problems`
adds a missing batch implementation to this module's :func:`problems`.

What a measure is computed from is its ``inputs`` (:data:`INPUTS`): the grammar's measures take a ranking; AUC takes
labels and scores (:mod:`.roc`), Coverage, ILS and ILD recommendation lists (:mod:`.beyond`), alpha-nDCG, ERR-IA,
NRBP and S-recall a ranking with subtopic judgements (:mod:`.diversity`, ndeval's). Those are not parsed
nor evaluated over a run: :func:`value_from` and :func:`explain_inputs` call their functions with their inputs.
The quiz's questions (:mod:`metrics.teaching.quiz`) and the mistakes each diagnoses are declared on their measure's
entry (:class:`Quiz`; :func:`quizzes`).

>>> REGISTRY["nDCG"].trec_eval_cut, REGISTRY["AP"].param("denom").default, REGISTRY["P"].cutoff
('ndcg_cut', 'R', 'required')
>>> REGISTRY["AP"].steps.function.__name__, REGISTRY["AP"].value.__name__
('ap_steps', 'average_precision')
>>> names(cutoff="required")
['P', 'R', 'F1', 'Success', 'IPrec', 'RprecMult', 'RelP', 'BPM', 'SDCG', 'NERR8', 'NERR9']
"""

from __future__ import annotations

import inspect
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import wraps
from typing import Literal

from ..errors import MetricsInputError
from ..explanation import Explanation
from ..messages import N_
from .ap import ap_steps, average_precision
from .beyond import (
    catalog_coverage,
    coverage_explanation,
    diversity_steps,
    intra_list_similarity,
    similarity_explanation,
)
from .bing import bing, bing_steps
from .bpref import bpref, bpref_steps
from .counts import count_steps, num_q
from .cutoff import (
    f1_at_k,
    f1_steps,
    hit_rate_at_k,
    hit_rate_steps,
    precision_at_k,
    precision_steps,
    r_precision,
    r_precision_steps,
    recall_at_k,
    recall_steps,
    relative_precision_steps,
    rprec_mult,
    rprec_mult_steps,
)
from .cwl_measures import cwl_measure, cwl_measure_steps
from .diversity import (
    alpha_ndcg,
    alpha_ndcg_steps,
    err_ia,
    err_ia_steps,
    nrbp,
    nrbp_steps,
    subtopic_recall,
    subtopic_recall_steps,
)
from .err import err_steps, expected_reciprocal_rank
from .gm_map import gm_bpref_steps, gm_map, gm_map_steps
from .infap import infap, infap_steps
from .interpolated import eleven_point_average, iprec_steps
from .judged import judged_at_k, judged_steps
from .ndcg import dcg, dcg_steps, ndcg, ndcg_gain_map, ndcg_gain_map_steps, ndcg_steps
from .params import (
    DENOM,
    GAIN,
    GAINS,
    IDEAL,
    MAX_ERR_GRADE,
    MAX_GRADE,
    MAX_REL,
    MIN_REL,
    NOVELTY,
    PARAMS,
    PATIENCE,
    PERSISTENCE,
    REL,
    SIM,
    WANTED,
    Param,
)
from .rbp import rank_biased_precision, rbp_steps
from .roc import roc_auc, roc_auc_explanation
from .rr import reciprocal_rank, rr_steps
from .sets import set_steps
from .trec_gains import g_steps, ndcg_rel_steps, rndcg_steps

__all__ = ["GAIN_MAP_STEPS", "GAIN_MAP_VALUE", "INPUTS", "MAX_ERR_GRADE", "PARAMS", "REGISTRY", "MeasureInfo", "Param",
           "Quiz", "Steps", "explain_inputs", "explain_measure", "grammar_text", "markdown_table", "measure_value",
           "names", "problems", "quizzes", "ranking_params", "steps_of", "table_rows", "table_value", "value_from",
           "value_of"]

#: what a measure is computed from (:attr:`MeasureInfo.inputs`): the kind -> (in words, the keyword arguments its
#: value and step functions take).  Only ``ranking`` measures are in the grammar (parsed, evaluated over a run and
#: qrels, explained on a board); the others are computed from their own inputs by :func:`value_from` and
#: :func:`explain_inputs` (and the app's ROC and Beyond-accuracy pages)
INPUTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "ranking": ("a ranked list's grades and the query's judgements", ()),
    "scores": ("binary labels and real scores, one per example", ("labels", "scores", "items")),
    "lists": ("recommendation lists (one per user, or one list), the catalogue, the items' features",
              ("recommendations", "items", "catalog", "features", "similarity")),
    "subtopics": ("a ranking of items and each item's grade for each subtopic (intent) of the query",
                  ("ranking", "judgments")),
}


def table_value(steps: Callable[..., Explanation]) -> Callable[..., float]:
    """A value function that is the step table's value, for a measure without a separate one (it takes the step
    function's arguments).

    >>> table_value(count_steps)("num_ret", [1, 0, None]), table_value(count_steps).__name__
    (3.0, 'count_steps_value')
    """
    @wraps(steps)
    def value(*args, **kwargs) -> float:
        return steps(*args, **kwargs).value

    value.__name__ = value.__qualname__ = f"{steps.__name__}_value"
    return value


@dataclass(frozen=True)
class Steps:
    """A measure's step table and how a parsed measure calls it, and its value function alike: ``function`` (returns
    an :class:`~metrics.explanation.Explanation`) takes the ranked grades after ``args``; the cut-off goes to
    keyword ``k_arg`` (``levels`` takes it as a one-level tuple), parameters to ``rename``'s keywords
    (``rel`` to ``threshold`` unless renamed; None leaves a parameter out); ``n_relevant``,
    ``n_nonrelevant`` and ``ideal`` (ideal=judged) come from the query's judgements when the function takes
    them, and the keyword ``judged_arg`` every judged grade of the query; ``unjudged`` says it reads None as an
    unjudged item (else unjudged is grade 0).  ``over_queries``: the table runs over the queries' values of this
    per-query measure (GMAP: AP)."""

    function: Callable[..., Explanation]
    args: tuple = ()
    k_arg: str | None = "k"
    rename: dict[str, str | None] = field(default_factory=dict)
    unjudged: bool = False
    over_queries: str | None = None
    judged_arg: str | None = None


@dataclass(frozen=True)
class Quiz:
    """How the quiz (:mod:`metrics.teaching.quiz`) asks for a measure: ``label`` the quiz's name of the question
    (``nDCG@K``), ``named`` the measure with the question's cut-off (``nDCG@{k}``; no ``{k}``: the question has no
    cut-off), ``column`` the step-table column whose last row is the answer, and ``mistakes`` the names of the
    wrong methods the quiz diagnoses for it (:data:`metrics.teaching.quiz.MISTAKES` implements them: this layer
    names them only, the teaching layer is above it)."""

    label: str
    named: str
    column: str
    mistakes: tuple[str, ...]


@dataclass(frozen=True)
class MeasureInfo:
    """One measure of the grammar ``NAME[(param=value, ...)][@k]``."""

    name: str  #: canonical (ir_measures') name
    description: str  #: one line (an N_ template: the app shows it translated)
    formula: str  #: plain text / LaTeX, per query
    citation: str  #: paper and/or trec_eval's m_*.c / ir_measures' source
    value: Callable[..., float]  #: one query's value, called as ``steps`` says (without its ``items``)
    steps: Steps | None = None  #: the step table, if it has one
    no_steps: str = ""  #: why there is no step table (required when ``steps`` is None)
    cutoff: Literal["none", "optional", "required"] = "none"
    cutoff_kind: Literal["depth", "fraction"] = "depth"  #: a rank, or a fraction (of R)
    params: tuple[Param, ...] = ()
    aliases: tuple[str, ...] = ()  #: other spellings, matched ignoring case
    trec_eval: tuple[str, ...] = ()  #: trec_eval's names of the measure (no cut-off)
    trec_eval_cut: str | None = None  #: trec_eval's cut-off family, ``NAME_k`` (``ndcg_cut_10``)
    ir_measures: str | None = None  #: ir_measures' spelling (None: ir_measures lacks it)
    #: ranx's names of the measure -> the parameters they mean here ("ndcg_burges" -> "gain=exp"); ranx's grammar,
    #: ``name[@k][-lN]``, is read by :func:`metrics.measures.names.parse_measure`
    ranx: dict[str, str] = field(default_factory=dict)
    aggregate: Literal["mean", "sum", "geometric"] = "mean"  #: over queries (trec_eval's ``all``)
    words: tuple[str, str] | None = None  #: (what it is, how its cut-off reads) for subtitle()
    #: what it is computed from (a key of :data:`INPUTS`): only ``ranking`` measures are in the grammar
    inputs: Literal["ranking", "scores", "lists", "subtopics"] = "ranking"
    sklearn: str | None = None  #: scikit-learn's function of the same value (None: scikit-learn lacks it)
    quiz: tuple[Quiz, ...] = ()  #: the quiz's questions on this measure (:mod:`metrics.teaching.quiz`)

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


_BINARY = "r_i = [g_i >= rel]; R = judged items with g >= rel"


def _m(name, description, formula, citation, value, **kwargs) -> MeasureInfo:
    return MeasureInfo(name, description, formula, citation, value, **kwargs)


_CWL_GAINS = ("; g_i = (clip(max(grade, 0), min_rel, max_rel) - min_rel) / (max_rel - min_rel), unjudged 0; "
              "W(i) = prod_{j<i} C(j) / sum_{m<=1000} prod_{j<m} C(j)")
_CWL_SOURCES = ("; Moffat, Bailey, Scholer & Thomas, Incorporating user expectations and behavior into the measurement "
                "of search effectiveness, ACM TOIS 35(3), 2017; Azzopardi, Thomas & Moffat, cwl_eval: An evaluation "
                "tool for information retrieval, SIGIR 2019 (ir_measures computes it through cwl_eval)")
#: the C/W/L measures, computed through cwl_eval by ir_measures (:mod:`.cwl_measures`): name, description, C(i),
#: the measure's own paper, cut-off, its parameter besides min_rel and max_rel, cwl_eval's class (an alias)
_CWL = (
    ("INST", N_("INST: C/W/L user model that wants T gain and reads on while it lacks some (ir_measures INST)"),
     "C(i) = ((i + T + T_i - 1) / (i + T + T_i))^2, T_i = T - sum_{j<=i} g_j",
     "Moffat, Bailey, Scholer & Thomas, INST: An adaptive metric for information retrieval evaluation, ADCS 2015; "
     "Bailey, Moffat, Scholer & Thomas, User variability and IR system evaluation, SIGIR 2015",
     "none", WANTED, "INSTCWLMetric"),
    ("INSQ", N_("INSQ: C/W/L user model whose patience grows with the rank and the gain T wanted (ir_measures INSQ)"),
     "C(i) = ((i + 2T - 1) / (i + 2T))^2",
     "Moffat, Scholer & Thomas, Models and metrics: IR evaluation as a user process, ADCS 2012",
     "none", WANTED, "INSQCWLMetric"),
    ("BPM", N_("Bejeweled player model: reads on until it has T gain or k items (ir_measures BPM, static)"),
     "C(i) = [sum_{j<=i} g_j < T] [i < k]",
     "Zhang, Liu, Li, Zhang, Xu & Ma, Evaluating web search with a bejeweled player model, SIGIR 2017",
     "required", WANTED, "BPMCWLMetric"),
    ("SDCG", N_("scaled DCG@k: DCG@k over the DCG of k items of gain 1 (ir_measures SDCG)"),
     "C(i) = log2(i + 1) / log2(i + 2) for i < k, then 0; SDCG@k = sum_{i<=k} g_i / log2(i + 1) / "
     "sum_{i<=k} 1 / log2(i + 1)",
     "Moffat, Bailey, Scholer & Thomas 2017 (DCG as a C/W/L model); Järvelin & Kekäläinen, Cumulated gain-based "
     "evaluation of IR techniques, ACM TOIS 20(4), 2002",
     "required", None, "NDCGCWLMetric"),
    ("NERR8", N_("not (but nearly) ERR, eq. 8: stops at rank i with chance g_i, by rank k (ir_measures NERR8)"),
     "C(i) = 1 - g_i for i < k, then 0",
     "Azzopardi, Mackenzie & Moffat, ERR is not C/W/L: Exploring the relationship between expected reciprocal rank "
     "and other metrics, ICTIR 2021", "required", None, "NERReq8CWLMetric"),
    ("NERR9", N_("not (but nearly) ERR, eq. 9: ERR's 1/i discount, stops with chance g_i, by k (ir_measures NERR9)"),
     "C(i) = i / (i + 1) (1 - g_i) for i < k, then 0",
     "Azzopardi, Mackenzie & Moffat, ICTIR 2021", "required", None, "NERReq9CWLMetric"),
    ("NERR10", N_("not (but nearly) ERR, eq. 10: RBP's persistence p times 1 - g_i (ir_measures NERR10)"),
     "C(i) = p (1 - g_i)", "Azzopardi, Mackenzie & Moffat, ICTIR 2021", "none", PERSISTENCE, "NERReq10CWLMetric"),
    ("NERR11", N_("not (but nearly) ERR, eq. 11: INSQ's continuation times 1 - g_i (ir_measures NERR11)"),
     "C(i) = ((i + 2T - 1) / (i + 2T))^2 (1 - g_i)", "Azzopardi, Mackenzie & Moffat, ICTIR 2021", "none", WANTED,
     "NERReq11CWLMetric"),
)


def _cwl(name, description, continuation, paper, cutoff, own, model) -> MeasureInfo:
    """A C/W/L measure's entry: EU over cwl_eval's 1000 ranks, gains from min_rel and max_rel."""
    params = ((own,) if own else ()) + (MIN_REL, MAX_REL)
    spelled = "".join(f"{param.name}={param.default}," for param in params if param.name == "p")
    return _m(name, description, "EU = sum_{i<=1000} W(i) g_i, " + continuation + _CWL_GAINS,
              paper + _CWL_SOURCES, cwl_measure, steps=Steps(cwl_measure_steps, args=(name,), unjudged=True),
              cutoff=cutoff,
              params=params, aliases=(name.lower(), model), ir_measures=f"{name}({spelled}max_rel=1)",
              words=(name, "at cut-off {k}"))


#: canonical name -> measure, in the grammar's order
REGISTRY: dict[str, MeasureInfo] = {m.name: m for m in (
    _m("DCG", N_("discounted cumulative gain: the gains discounted by log2 of the rank + 1 (nDCG's numerator)"),
       r"DCG@k = \sum_{i<=k} G(g_i) / log2(i + 1), G(g) = max(g, 0) (gain=lin) or 2^max(g, 0) - 1 (gain=exp)",
       "Järvelin & Kekäläinen, Cumulated gain-based evaluation of IR techniques, ACM TOIS 20(4), 2002; Burges et al., "
       "Learning to rank using gradient descent, ICML 2005 (gain=exp); ranx dcg, dcg_burges", dcg,
       steps=Steps(dcg_steps), cutoff="optional", params=(GAIN,), aliases=("dcg",), words=("DCG", "at cut-off {k}"),
       ranx={"dcg": "", "dcg_burges": "gain=exp"},
       quiz=(Quiz("DCG@K", "DCG@{k}", "DCG", ("natural_log", "log10", "rank1_undiscounted", "shifted_discount",
                                              "gain_swapped", "ignored_cutoff")),)),
    _m("nDCG", N_("normalised discounted cumulative gain"),
       r"nDCG@k = DCG@k / IDCG@k, DCG@k = \sum_{i<=k} G(g_i) / log2(i + 1), IDCG@k the DCG of the ideal ordering",
       "Järvelin & Kekäläinen, Cumulated gain-based evaluation of IR techniques, ACM TOIS 20(4), 2002; "
       "trec_eval m_ndcg.c, m_ndcg_cut.c", ndcg,
       steps=Steps(ndcg_steps, rename={"ideal": "ideal", "gains": None}),
       cutoff="optional", params=(GAIN, GAINS, IDEAL), aliases=("ndcg",), trec_eval=("ndcg",),
       trec_eval_cut="ndcg_cut", ir_measures="nDCG", words=("nDCG", "at cut-off {k}"),
       ranx={"ndcg": "", "ndcg_burges": "gain=exp"},
       quiz=(Quiz("nDCG@K", "nDCG@{k}", "nDCG", ("rank1_undiscounted", "shifted_discount", "gain_swapped",
                                                 "ideal_from_list", "ideal_from_top_k", "not_normalised",
                                                 "ignored_cutoff")),)),
    _m("AP", N_("average precision (mean over queries: MAP)"),
       r"AP@k = (1/D) \sum_{i<=k} r_i P@i, D = R (denom=R), relevant found (found) or min(k, R) (minKR); " + _BINARY,
       "Buckley & Voorhees, Evaluating evaluation measure stability, SIGIR 2000; trec_eval m_map.c, m_map_cut.c",
       average_precision, steps=Steps(ap_steps, rename={"denom": "denominator"}),
       cutoff="optional", params=(REL, DENOM), aliases=("map", "ap"), trec_eval=("map",), trec_eval_cut="map_cut",
       ir_measures="AP", words=("AP", "over the top {k}"), ranx={"map": ""},
       quiz=(Quiz("AP", "AP@{k}", "AP", ("ap_over_found", "ap_over_k", "ap_over_min_k_r", "ap_over_list_relevant",
                                         "ap_all_ranks", "ignored_cutoff")),)),
    _m("RR", N_("reciprocal rank of the first relevant item (MRR)"),
       r"RR@k = 1 / min{i <= k : r_i = 1} (0 without a relevant item in the top k); " + _BINARY,
       "Voorhees, The TREC-8 Question Answering Track Report, TREC-8, 1999; trec_eval m_recip_rank.c",
       reciprocal_rank, steps=Steps(rr_steps), cutoff="optional", params=(REL,),
       aliases=("mrr", "rr", "recip_rank"), trec_eval=("recip_rank",), ir_measures="RR",
       words=("RR", N_("within the top {k}")), ranx={"mrr": ""},
       quiz=(Quiz("RR", "RR", "RR", ("rr_last_hit", "rr_second_hit", "rr_rank_from_zero", "rr_gave_rank")),)),
    _m("P", N_("precision: relevant items in the top k, divided by k"), r"P@k = (1/k) \sum_{i<=k} r_i; " + _BINARY,
       "trec_eval m_P.c; Manning, Raghavan & Schütze, Introduction to Information Retrieval, 2008, ch. 8",
       precision_at_k, steps=Steps(precision_steps), cutoff="required", params=(REL,),
       aliases=("p", "precision"), trec_eval_cut="P", ir_measures="P", words=("precision", "at cut-off {k}"),
       ranx={"precision": ""}, quiz=(Quiz("P@K", "P@{k}", "P", ("p_over_retrieved", "p_over_r", "ignored_cutoff")),)),
    _m("R", N_("recall: relevant items in the top k, divided by R"), r"R@k = (1/R) \sum_{i<=k} r_i; " + _BINARY,
       "trec_eval m_recall.c", recall_at_k, steps=Steps(recall_steps),
       cutoff="required", params=(REL,), aliases=("r", "recall"), trec_eval_cut="recall", ir_measures="R",
       words=("recall", "at cut-off {k}"), ranx={"recall": ""},
       quiz=(Quiz("R@K", "R@{k}", "R", ("r_over_k", "r_list_relevant", "ignored_cutoff")),)),
    _m("F1", N_("harmonic mean of P@k and R@k"), "F1@k = 2 P@k R@k / (P@k + R@k) (0 when both are 0)",
       "van Rijsbergen, Information Retrieval, 2nd ed., Butterworths, 1979, ch. 7 (the F-measure, beta = 1)",
       f1_at_k, steps=Steps(f1_steps), cutoff="required", params=(REL,),
       aliases=("f1",), words=("F1", "at cut-off {k}"), ranx={"f1": ""},
       quiz=(Quiz("F1@K", "F1@{k}", "F1", ("r_list_relevant", "f1_arithmetic_mean", "f1_gave_p", "f1_gave_r",
                                           "ignored_cutoff")),)),
    _m("Success", N_("1 if any relevant item is in the top k (hit rate)"), r"Success@k = [\sum_{i<=k} r_i > 0]",
       "trec_eval m_success.c", hit_rate_at_k, steps=Steps(hit_rate_steps),
       cutoff="required", params=(REL,), aliases=("success", "hit", "hitrate", "hr"), trec_eval_cut="success",
       ir_measures="Success", words=(N_("hit rate"), "at cut-off {k}"),
       ranx={"hit_rate": ""}),
    _m("Rprec", N_("precision at rank R, R = number of relevant items"), r"Rprec = (1/R) \sum_{i<=R} r_i",
       "trec_eval m_Rprec.c; Buckley & Voorhees, Retrieval system evaluation, in TREC: Experiment and "
       "Evaluation in Information Retrieval, MIT Press, 2005", r_precision,
       steps=Steps(r_precision_steps, k_arg=None), params=(REL,),
       aliases=("rprec", "r-prec"), trec_eval=("Rprec",), ir_measures="Rprec", words=("R-precision", ""),
       ranx={"r-precision": ""}),
    _m("NumQ", N_("number of queries evaluated (trec_eval num_q)"), "NumQ = 1 per query, summed", "trec_eval m_num_q.c",
       num_q, no_steps="one per query: nothing to tabulate", trec_eval=("num_q",),
       ir_measures="NumQ", aggregate="sum"),
    _m("NumRet", N_("number of items retrieved (trec_eval num_ret)"), "NumRet = n, the items retrieved (summed)",
       "trec_eval m_num_ret.c", table_value(count_steps),
       steps=Steps(count_steps, args=("num_ret",), k_arg=None, rename={"rel": None},
                   unjudged=True), trec_eval=("num_ret",), ir_measures="NumRet", aggregate="sum"),
    _m("NumRel", N_("number of relevant judged items, R (trec_eval num_rel)"), "NumRel = R (summed)",
       "trec_eval m_num_rel.c", table_value(count_steps),
       steps=Steps(count_steps, args=("num_rel",), k_arg=None, unjudged=True),
       params=(REL,), trec_eval=("num_rel",), ir_measures="NumRel", aggregate="sum"),
    _m("NumRelRet", N_("number of relevant items retrieved (trec_eval num_rel_ret)"),
       r"NumRelRet = \sum_i r_i (summed)",
       "trec_eval m_num_rel_ret.c", table_value(count_steps),
       steps=Steps(count_steps, args=("num_rel_ret",), k_arg=None, unjudged=True),
       params=(REL,), trec_eval=("num_rel_ret",), ir_measures="NumRet(rel=1)", aggregate="sum"),
    _m("NumNonRelJudgedRet", N_("judged non-relevant items retrieved"),
       "NumNonRelJudgedRet = retrieved items judged with 0 <= g < rel (summed)", "trec_eval m_num_nonrel_judged_ret.c",
       table_value(count_steps),
       steps=Steps(count_steps, args=("num_nonrel_judged_ret",), k_arg=None,
                   unjudged=True), params=(REL,), trec_eval=("num_nonrel_judged_ret",), aggregate="sum"),
    _m("GMAP", N_("average precision, geometric mean over queries (trec_eval gm_map)"),
       r"GMAP = exp((1/|Q|) \sum_q log max(AP_q, 0.00001))",
       "Robertson, On GMAP: and other transformations, CIKM 2006; trec_eval m_gm_map.c", gm_map,
       steps=Steps(gm_map_steps, over_queries="AP"), params=(REL,),
       trec_eval=("gm_map",), aggregate="geometric"),
    _m("Bpref", N_("binary preference: relevant items ranked above judged non-relevant ones"),
       r"bpref = (1/R) \sum_{i: r_i} (1 - min(n_i, R) / min(N, R)), n_i judged non-relevant above i, N all of them",
       "Buckley & Voorhees, Retrieval evaluation with incomplete information, SIGIR 2004; trec_eval m_bpref.c",
       bpref, steps=Steps(bpref_steps, k_arg=None, unjudged=True), params=(REL,),
       trec_eval=("bpref",), ir_measures="Bpref", ranx={"bpref": ""}),
    _m("GMBpref", N_("bpref, geometric mean over queries (trec_eval gm_bpref)"),
       r"GMBpref = exp((1/|Q|) \sum_q log max(bpref_q, 0.00001))", "trec_eval m_gm_bpref.c", gm_map,
       steps=Steps(gm_bpref_steps, over_queries="Bpref"), params=(REL,), trec_eval=("gm_bpref",), aggregate="geometric"),
    _m("infAP", N_("inferred average precision (Yilmaz and Aslam)"),
       r"infAP = (1/R) \sum_{i: r_i} (1/i + ((i-1)/i) ((F_i - 1 + n_i + u_i)/(i - 1)) "
       r"((F_i - 1 + eps)/(F_i - 1 + n_i + 2 eps)))",
       "Yilmaz & Aslam, Estimating average precision with incomplete and imperfect judgments, CIKM 2006; "
       "trec_eval m_infap.c", infap,
       steps=Steps(infap_steps, k_arg=None, unjudged=True), params=(REL,), trec_eval=("infAP",), ir_measures="infAP"),
    _m("IPrec", N_("interpolated precision at recall level k (a fraction of R)"),
       "IPrec@c = max{P@i : i >= rank of the floor(cR + 0.9)-th relevant item}", "trec_eval m_iprec_at_recall.c",
       table_value(iprec_steps),
       steps=Steps(iprec_steps, k_arg="levels"), cutoff="required",
       cutoff_kind="fraction", params=(REL,), trec_eval_cut="iprec_at_recall", ir_measures="IPrec"),
    _m("IPrec11", N_("mean interpolated precision at recall 0, 0.1, ..., 1 (11pt_avg)"),
       "IPrec11 = (1/11) \\sum_{c in 0, 0.1, ..., 1} IPrec@c",
       "trec_eval m_11pt_avg.c; Salton & McGill, Introduction to Modern Information Retrieval, 1983",
       eleven_point_average, steps=Steps(iprec_steps, k_arg=None),
       params=(REL,), trec_eval=("11pt_avg",)),
    _m("RprecMult", N_("precision at rank k * R (trec_eval Rprec_mult)"), "RprecMult@c = F_m / m, m = floor(cR + 0.9)",
       "trec_eval m_Rprec_mult.c", rprec_mult,
       steps=Steps(rprec_mult_steps, k_arg="mult"), cutoff="required",
       cutoff_kind="fraction", params=(REL,), trec_eval_cut="Rprec_mult"),
    _m("RelP", N_("relevant items in the top k divided by min(k, R) (relative_P)"), "RelP@k = F_k / min(k, R)",
       "trec_eval m_rel_P.c", table_value(relative_precision_steps),
       steps=Steps(relative_precision_steps),
       cutoff="required", params=(REL,), trec_eval_cut="relative_P"),
    _m("SetP", N_("precision of the whole retrieved set"),
       "SetP = F_n / n", "trec_eval m_set_P.c", table_value(set_steps),
       steps=Steps(set_steps, args=("set_P",), k_arg=None, unjudged=True), params=(REL,),
       trec_eval=("set_P",), ir_measures="SetP"),
    _m("SetR", N_("recall of the whole retrieved set"),
       "SetR = F_n / R", "trec_eval m_set_recall.c", table_value(set_steps),
       steps=Steps(set_steps, args=("set_recall",), k_arg=None, unjudged=True),
       params=(REL,), trec_eval=("set_recall",), ir_measures="SetR"),
    _m("SetF", N_("F-measure (beta 1) of the whole retrieved set"), "SetF = 2 SetP SetR / (SetP + SetR)",
       "trec_eval m_set_F.c; van Rijsbergen 1979", table_value(set_steps),
       steps=Steps(set_steps, args=("set_F",), k_arg=None, unjudged=True), params=(REL,),
       trec_eval=("set_F",), ir_measures="SetF"),
    _m("SetAP", N_("set precision times set recall (trec_eval set_map)"), "SetAP = SetP SetR = F_n^2 / (n R)",
       "trec_eval m_set_map.c", table_value(set_steps),
       steps=Steps(set_steps, args=("set_map",), k_arg=None, unjudged=True),
       params=(REL,), trec_eval=("set_map",), ir_measures="SetAP"),
    _m("SetRelP", N_("set precision divided by its best possible value"), "SetRelP = F_n / min(n, R)",
       "trec_eval m_set_rel_P.c", table_value(set_steps),
       steps=Steps(set_steps, args=("set_relative_P",), k_arg=None, unjudged=True),
       params=(REL,), trec_eval=("set_relative_P",), ir_measures="SetP(relative=True)"),
    _m("Utility", N_("retrieved relevant minus retrieved non-relevant (trec_eval utility)"),
       "Utility = F_n - (n - F_n)",
       "trec_eval m_utility.c", table_value(set_steps),
       steps=Steps(set_steps, args=("utility",), k_arg=None, unjudged=True), params=(REL,),
       trec_eval=("utility",)),
    _m("BinG", N_("binary G: 1/log2(2 + non-relevant before) per relevant item, over R"),
       r"binG = (1/R) \sum_{i: r_i} 1 / log2(2 + i - F_i)", "trec_eval m_binG.c", bing,
       steps=Steps(bing_steps, k_arg=None), params=(REL,), trec_eval=("binG",)),
    _m("G", N_("normalised gain G (trec_eval G)"),
       r"G = (1 / \sum_j g*_j) \sum_{i: g_i > 0} g_i / log2(2 + C_i - Gamma_i), C_i = \sum_{j<=i} max(g*_j, 1), "
       r"Gamma_i = \sum_{j<=i} g_j (g* the ideal gains)",
       "trec_eval m_G.c", table_value(g_steps),
       steps=Steps(g_steps, k_arg=None, judged_arg="judged", unjudged=True),
       trec_eval=("G",)),
    _m("nDCGRel", N_("nDCG averaged over the relevant items (trec_eval ndcg_rel)"),
       r"nDCGRel = (1/R+) (\sum_{i<=n: g_i > 0} DCG@i / IDCG@i + (R+ - found) DCG@n / IDCG), R+ judged positive gains",
       "trec_eval m_ndcg_rel.c", table_value(ndcg_rel_steps),
       steps=Steps(ndcg_rel_steps, k_arg=None, judged_arg="judged", unjudged=True),
       trec_eval=("ndcg_rel",)),
    _m("RnDCG", N_("nDCG averaged at the R-level boundaries (trec_eval Rndcg)"),
       "RnDCG = mean of DCG@min(r, n) / IDCG@r over the ranks r <= R+ where the ideal gain changes "
       "(and DCG@n / IDCG when n > R+ + 1)",
       "trec_eval m_Rndcg.c", table_value(rndcg_steps),
       steps=Steps(rndcg_steps, k_arg=None, judged_arg="judged", unjudged=True),
       params=(REL,), trec_eval=("Rndcg",)),
    _m("Judged", N_("share of the top k that is judged (ir_measures Judged)"),
       "Judged@k = |{i <= k : item i judged}| / min(k, n)",
       "MacAvaney, Macdonald & Ounis, Streamlining evaluation with ir-measures, ECIR 2022; "
       "ir_measures/measures/judged.py", judged_at_k,
       steps=Steps(judged_steps, unjudged=True), cutoff="optional", aliases=("judged",),
       ir_measures="Judged", words=(N_("share of items judged"), N_("in the top {k}"))),
    _m("RBP", N_("rank-biased precision: (1 - p) times the sum of p^(i-1) over relevant ranks"),
       r"RBP(p)@k = (1 - p) \sum_{i<=k} r_i p^(i-1)",
       "Moffat & Zobel, Rank-biased precision for measurement of retrieval effectiveness, ACM TOIS 27(1), 2008",
       rank_biased_precision, steps=Steps(rbp_steps), cutoff="optional",
       params=(PERSISTENCE, REL), aliases=("rbp",), ir_measures="RBP(rel=1)",
       words=(N_("rank-biased precision"), "over the top {k}")),
    _m("ERR", N_("expected reciprocal rank of the cascade model (ir_measures ERR)"),
       r"ERR@k = \sum_{i<=k} (1/i) R_i \prod_{j<i} (1 - R_j), R_i = (2^g_i - 1) / 2^g_max",
       "Chapelle, Metzler, Zhang & Grinspan, Expected reciprocal rank for graded relevance, CIKM 2009; "
       "gdeval.pl (TREC Web track) behind ir_measures' ERR", expected_reciprocal_rank,
       steps=Steps(err_steps), cutoff="optional", params=(MAX_GRADE,), aliases=("err",),
       ir_measures="ERR", words=(N_("expected reciprocal rank"), "at cut-off {k}")),
    *(_cwl(*entry) for entry in _CWL),
    # measures of other inputs than a ranking (INPUTS): not in the grammar; value_from and explain_inputs compute them
    _m("AUC", N_("area under the ROC curve: the share of (positive, negative) pairs ranked right, a tie half"),
       r"AUC = \sum_j (FPR_j - FPR_{j-1}) (TPR_{j-1} + TPR_j) / 2 = (#{s+ > s-} + #{s+ = s-} / 2) / (P N), "
       "the ROC curve's points at every distinct score",
       "Hanley & McNeil, The meaning and use of the area under a receiver operating characteristic (ROC) curve, "
       "Radiology 143(1), 1982; Fawcett, An introduction to ROC analysis, Pattern Recognition Letters 27(8), 2006; "
       "scikit-learn roc_auc_score", roc_auc, steps=Steps(roc_auc_explanation, k_arg=None),
       aliases=("auc", "roc_auc", "rocauc"), sklearn="roc_auc_score", inputs="scores"),
    _m("Coverage", N_("catalogue coverage: the share of the catalogue in at least one user's top k"),
       r"Coverage@k = |\bigcup_u top_k(L_u)| / |I|, L_u user u's list, I the catalogue",
       "Ge, Delgado-Battenfeld & Jannach, Beyond accuracy: evaluating recommender systems by coverage and "
       "serendipity, RecSys 2010; Herlocker, Konstan, Terveen & Riedl, Evaluating collaborative filtering "
       "recommender systems, ACM TOIS 22(1), 2004", catalog_coverage, steps=Steps(coverage_explanation),
       cutoff="optional", aliases=("coverage", "catalog_coverage", "catalogue_coverage"), inputs="lists"),
    _m("ILS", N_("intra-list similarity: the mean similarity of the pairs of items in one list"),
       r"ILS(L) = (2 / (n (n - 1))) \sum_{a<b} sim(i_a, i_b), sim cosine or Jaccard of the items' features",
       "Ziegler, McNee, Konstan & Lausen, Improving recommendation lists through topic diversification, WWW 2005 "
       "(there the sum over the pairs; here its mean)", intra_list_similarity,
       steps=Steps(similarity_explanation, k_arg=None, rename={"sim": "metric"}), params=(SIM,),
       aliases=("ils", "intra_list_similarity"), inputs="lists"),
    _m("ILD", N_("intra-list diversity: 1 - ILS of each user's top k, averaged over the users"),
       r"ILD@k = (1/|U|) \sum_u (1 - ILS(top_k(L_u)))",
       "Ziegler, McNee, Konstan & Lausen, WWW 2005; Smyth & McClave, Similarity vs. diversity, ICCBR 2001",
       table_value(diversity_steps), steps=Steps(diversity_steps, rename={"sim": "metric"}), cutoff="optional",
       params=(SIM,), aliases=("ild", "intra_list_diversity", "diversity"), inputs="lists"),
    _m("alpha-nDCG",
       N_("alpha-nDCG: nDCG of the subtopics' novelty-discounted gains, the ideal ranking ndeval's greedy one"),
       r"alpha-nDCG@k = \sum_{i<=k} G_i / log2(i + 1) / (the same of ndeval's greedy ideal ranking), "
       r"G_i = \sum_{s covered by d_i} (1 - alpha)^{c_s}, c_s the items above i covering s",
       "Clarke, Kolla, Cormack, Vechtomova, Ashkan, Büttcher & MacKinnon, Novelty and diversity in information "
       "retrieval evaluation, SIGIR 2008; ndeval (TREC Web track; ir_measures alpha_nDCG)", alpha_ndcg,
       steps=Steps(alpha_ndcg_steps), cutoff="required", params=(NOVELTY,),
       aliases=("alpha_ndcg", "alpha-ndcg", "alphandcg"), inputs="subtopics"),
    _m("ERR-IA", N_("intent-aware expected reciprocal rank: novelty-discounted gains over the rank (ndeval)"),
       r"ERR-IA@k = \sum_{i<=k} G_i / i / \sum_{i<=k} |S| (1 - alpha)^{i-1} / i (ERR-IA@1 = G_1, as ndeval)",
       "Chapelle, Metzler, Zhang & Grinspan, Expected reciprocal rank for graded relevance, CIKM 2009; ndeval "
       "(ir_measures ERR_IA)", err_ia, steps=Steps(err_ia_steps), cutoff="required", params=(NOVELTY,),
       aliases=("err_ia", "err-ia", "erria"), inputs="subtopics"),
    _m("NRBP", N_("novelty- and rank-biased precision over the subtopics (ndeval)"),
       r"NRBP = (1 - (1 - alpha) beta) / |S| \sum_i G_i beta^{i-1}",
       "Clarke, Kolla & Vechtomova, An effectiveness measure for ambiguous and underspecified queries, ICTIR 2009; "
       "ndeval (ir_measures NRBP)", nrbp, steps=Steps(nrbp_steps, k_arg=None), params=(NOVELTY, PATIENCE),
       aliases=("nrbp",), inputs="subtopics"),
    _m("S-recall", N_("subtopic recall: the share of the query's subtopics covered in the top k (ndeval strec)"),
       r"S-recall@k = |\bigcup_{i<=k} subtopics(d_i)| / |S|",
       "Zhai, Cohen & Lafferty, Beyond independent relevance: methods and evaluation metrics for subtopic "
       "retrieval, SIGIR 2003; ndeval strec (ir_measures StRecall)", subtopic_recall,
       steps=Steps(subtopic_recall_steps), cutoff="required", aliases=("s_recall", "strec", "strecall", "s-recall"),
       inputs="subtopics"),
)}

#: nDCG with a gain map has its own step table and value (:func:`metrics.measures.ndcg.ndcg_gain_map_steps`)
GAIN_MAP_STEPS = Steps(ndcg_gain_map_steps, rename={"ideal": "ideal", "gain": None}, unjudged=True)
GAIN_MAP_VALUE = ndcg_gain_map


def names(*, cutoff: str | None = None, param: str | None = None, steps: bool | None = None,
          trec_eval: bool | None = None, inputs: str | None = "ranking") -> list[str]:
    """Canonical names in the registry's order, of the measures computed from ``inputs`` (by default ``ranking``,
    the grammar's; None: every kind), optionally only those whose ``cutoff`` is none/optional/required, that take
    parameter ``param``, that have a step table (``steps``) or a trec_eval name (``trec_eval``) — for a measure
    picker.

    >>> names(param="p"), names(steps=False), names(cutoff="optional", param="rel")
    (['RBP', 'NERR10'], ['NumQ'], ['AP', 'RR', 'RBP'])
    >>> names(inputs="scores"), names(inputs="lists")
    (['AUC'], ['Coverage', 'ILS', 'ILD'])
    """
    picked = []
    for name, info in REGISTRY.items():
        if inputs is not None and info.inputs != inputs:
            continue
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


def quizzes() -> list[tuple[str, Quiz]]:
    """(measure, its quiz declaration) for every question the quiz asks, in the registry's order: the quiz's
    list of metrics (:data:`metrics.teaching.quiz.QUIZ_METRICS`) and each one's mistakes are declared here.

    >>> [(name, quiz.label) for name, quiz in quizzes()][:3]
    [('DCG', 'DCG@K'), ('nDCG', 'nDCG@K'), ('AP', 'AP')]
    """
    return [(name, quiz) for name, info in REGISTRY.items() for quiz in info.quiz]


def _of_inputs(name: str) -> MeasureInfo:
    info = REGISTRY[name]
    if info.inputs == "ranking":
        raise MetricsInputError(f"{name} is computed from a ranking: parse it (names.parse_measure) and use "
                                "measure_value or explain_measure")
    return info


def _with_inputs(function: Callable, info: MeasureInfo, spec: Steps | None, inputs: dict, k, params: dict):
    """``function`` called with the keyword ``inputs`` it takes, the cut-off ``k`` (if given) and ``params``
    (the registry's parameter names; ``spec.rename`` maps them to the function's keywords)."""
    unknown = sorted(set(params) - set(info.param_names))
    if unknown:
        raise MetricsInputError(f"{info.name} takes no parameter {', '.join(unknown)} (it takes: "
                                f"{', '.join(info.param_names) or 'none'})")
    if k is not None and not info.allows_k:
        raise MetricsInputError(f"{info.name} takes no cut-off")
    if k is None and info.needs_k:
        raise MetricsInputError(f"{info.name} needs a cut-off k")
    accepted = inspect.signature(function).parameters
    kwargs = {key: value for key, value in inputs.items() if key in accepted}
    if k is not None:
        kwargs["k"] = k
    rename = spec.rename if spec else {}
    for key, value in params.items():
        kwargs[rename.get(key, key)] = info.param(key).choices.get(value, value)
    return function(**kwargs)


def value_from(name: str, k=None, params: dict | None = None, **inputs) -> float:
    """The value of registered measure ``name`` that is computed from other inputs than a ranking (``scores``,
    ``lists``: :data:`INPUTS`), from the keyword ``inputs`` its value function takes; ``k`` its cut-off, ``params``
    its parameters by their registry names.

    >>> value_from("AUC", labels=[1, 0, 1, 0], scores=[0.9, 0.8, 0.4, 0.4])
    0.625
    >>> value_from("Coverage", k=1, recommendations={"u1": ["a", "b"], "u2": ["b", "c"]}, catalog=list("abcd"))
    0.5
    >>> value_from("ILS", params={"sim": "jaccard"}, items=["a", "b"], features={"a": [1, 1], "b": [0, 1]})
    0.5
    """
    info = _of_inputs(name)
    return _with_inputs(info.value, info, info.steps, inputs, k, params or {})


def explain_inputs(name: str, k=None, params: dict | None = None, **inputs) -> Explanation:
    """The step table of registered measure ``name`` computed from other inputs than a ranking, called as
    :func:`value_from` calls its value function; its value is :func:`value_from`'s.

    >>> print(explain_inputs("AUC", labels=[1, 0, 1], scores=[0.9, 0.8, 0.1]).worked_text)
    AUC = (0 - 0)·(0 + 0.5)/2 + (1 - 0)·(0.5 + 0.5)/2 + (1 - 1)·(0.5 + 1)/2
        = 0 + 0.5 + 0 = 0.5
    """
    info = _of_inputs(name)
    return _with_inputs(info.steps.function, info, info.steps, inputs, k, params or {})


def steps_of(measure) -> Steps | None:
    """The step table spec of a parsed :class:`~metrics.measures.names.Measure` (None: it has none)."""
    if measure.name == "nDCG" and measure.param("gains") is not None:
        return GAIN_MAP_STEPS
    return REGISTRY[measure.name].steps


def value_of(measure) -> Callable[..., float]:
    """The value function of a parsed measure (nDCG with a gain map: :data:`GAIN_MAP_VALUE`)."""
    if measure.name == "nDCG" and measure.param("gains") is not None:
        return GAIN_MAP_VALUE
    return REGISTRY[measure.name].value


def _per_query_spec(measure) -> Steps:
    spec = steps_of(measure)
    if spec is None or spec.over_queries:
        raise ValueError(f"{measure} has no per-query step table")
    return spec


def _call(function: Callable, spec: Steps, measure, grades, judged, items=None):
    """``function`` (a step table or a value function) called on one query as ``spec`` says: the cut-off and
    parameters of ``measure``, R and N from the judged grades when it takes them, ``items`` if given."""
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


def explain_measure(measure, grades, judged=(), items=None):
    """The step table (:class:`~metrics.explanation.Explanation`) of a parsed measure on one query: ``grades``
    the ranked items' grades (None: unjudged), ``judged`` the grades of all the query's judged items, ``items``
    the ranked items' names (None: numbered). Not for measures over queries (GMAP) or without a step table.

    >>> from metrics.measures.names import parse_measure
    >>> explain_measure(parse_measure("AP(rel=2)@3"), [2, 0, 1, 2], [2, 2, 2, 1, 0]).worked_text
    'AP(rel=2)@3 = (1/1) / 3 = 0.3333   [D = R = 3]'
    """
    spec = _per_query_spec(measure)
    return _call(spec.function, spec, measure, grades, judged, items)


def measure_value(measure, grades, judged=()) -> float:
    """The value of a parsed measure on one query, from its value function, called as :func:`explain_measure`
    calls its step table.

    >>> from metrics.measures.names import parse_measure
    >>> measure_value(parse_measure("AP(rel=2)@3"), [2, 0, 1, 2], [2, 2, 2, 1, 0])
    0.3333333333333333
    """
    return _call(value_of(measure), _per_query_spec(measure), measure, grades, judged)


def problems(info: MeasureInfo) -> list[str]:
    """What an entry lacks here: a name, description, formula, citation, a value function, a step table (or a
    reason there is none), parameters the parser knows, inputs of a known kind (:data:`INPUTS`) that its functions
    take, complete quiz declarations. Empty: complete. (The batch implementation of a ranking measure lives a layer
    above: :func:`metrics.batch.dispatch.problems` adds it.)

    >>> problems(MeasureInfo("X", "", "x = 1", "", "not a function"))
    ['no description', 'no citation', "value function 'not a function' is not callable", \
'no step table and no reason why']
    >>> problems(MeasureInfo("Y", "y", "y = 1", "me", lambda labels, items: 1.0, no_steps="none", inputs="lists"))
    ["value function takes 'labels', not one of the inputs of lists measures (recommendations, items, catalog, \
features, similarity)"]
    """
    found = [] if info.name.strip() else ["no name"]
    for what in ("description", "formula", "citation"):
        if not getattr(info, what).strip():
            found.append(f"no {what}")
    for label, target in (("value function", info.value), ("step table", info.steps.function if info.steps else None)):
        if target is not None and not callable(target):
            found.append(f"{label} {target!r} is not callable")
    if info.value is None:
        found.append("no value function")
    if info.steps is None and not info.no_steps.strip():
        found.append("no step table and no reason why")
    for param in info.params:
        if PARAMS.get(param.name) is not param:
            found.append(f"parameter {param.name!r} is not one of registry.PARAMS")
    if info.needs_k and not info.allows_k:
        found.append("needs a cut-off it does not allow")
    if info.inputs not in INPUTS:
        found.append(f"inputs {info.inputs!r} is not one of {', '.join(INPUTS)}")
    elif info.inputs != "ranking":
        found += _other_inputs_problems(info)
    for quiz in info.quiz:
        if info.inputs != "ranking" or info.steps is None:
            found.append(f"quiz {quiz.label!r} on a measure without a ranking's step table")
        if not (quiz.label.strip() and quiz.named.strip() and quiz.column.strip() and quiz.mistakes):
            found.append(f"quiz {quiz.label!r} lacks a label, its name with k, its column or its mistakes")
    return found


def _other_inputs_problems(info: MeasureInfo) -> list[str]:
    """A measure of other inputs than a ranking: its functions take those inputs (and its cut-off and parameters),
    and it has none of the names of the tools that evaluate a run (trec_eval, ir_measures, ranx)."""
    found = []
    if info.trec_eval or info.trec_eval_cut or info.ir_measures or info.ranx:
        found.append(f"trec_eval, ir_measures or ranx names for a measure of {info.inputs}")
    if info.steps is not None and (info.steps.args or info.steps.over_queries or info.steps.judged_arg):
        found.append(f"a step table of {info.inputs} is called with its inputs only (no args, over_queries, judged)")
    allowed = INPUTS[info.inputs][1]
    for label, function in (("value function", info.value), ("step table", info.steps and info.steps.function)):
        if not callable(function):
            continue
        accepted = inspect.signature(function).parameters
        for name, parameter in accepted.items():
            if parameter.default is inspect.Parameter.empty and name not in allowed:
                found.append(f"{label} takes {name!r}, not one of the inputs of {info.inputs} measures "
                             f"({', '.join(allowed)})")
        rename = info.steps.rename if info.steps else {}
        wanted = [rename.get(param, param) for param in info.param_names] + (["k"] if info.allows_k else [])
        found += [f"{label} takes no keyword {keyword!r}" for keyword in wanted if keyword not in accepted]
    return found


def table_rows(inputs: str = "ranking") -> list[tuple[str, str, str, str, str, str]]:
    """(grammar, trec_eval's names, ir_measures' name, description, formula, citation) per measure of ``inputs``
    (of other inputs than a ranking: its kind in place of trec_eval's names, scikit-learn's name for ir_measures')."""
    rows = []
    for info in REGISTRY.values():
        if info.inputs != inputs:
            continue
        if inputs != "ranking":
            rows.append((info.grammar(), info.inputs, f"scikit-learn {info.sklearn}" if info.sklearn else "—",
                         info.description, info.formula, info.citation))
            continue
        cut = "c" if info.cutoff_kind == "fraction" else "k"
        trec = list(info.trec_eval) + ([f"{info.trec_eval_cut}_{cut}"] if info.trec_eval_cut else [])
        rows.append((info.grammar(), ", ".join(trec) or "—", info.ir_measures or "—", info.description,
                     info.formula, info.citation))
    return rows


def _used_params(inputs: Callable[[str], bool]) -> list[Param]:
    """The parameters the measures whose kind passes ``inputs`` take, in :data:`PARAMS`' order."""
    return [param for param in PARAMS.values()
            if any(param in info.params for info in REGISTRY.values() if inputs(info.inputs))]


def ranking_params() -> list[Param]:
    """The parameters of the grammar: those the measures of a ranking take (``python -m metrics evaluate --help``).

    >>> [param.name for param in PARAMS.values() if param not in ranking_params()]
    ['sim', 'alpha', 'beta']
    """
    return _used_params(lambda kind: kind == "ranking")


def _param_lines(params: list[Param], width: int) -> list[str]:
    lines = []
    for param in params:
        users = ", ".join(name for name, info in REGISTRY.items() if param in info.params)
        default = "none" if param.default is None else param.default
        lines.append(f"  {param.grammar().ljust(width)}{param.help}")
        lines += [f"  {''.ljust(width)}{line}" for line in textwrap.wrap(f"default {default}; {users}", 110 - width)]
    return lines


def grammar_text(measures: bool = True) -> str:
    """The grammar with every parameter and (``measures``) every measure, generated: ``python -m metrics
    measures`` prints it, the README shows it without the measures (they are :func:`markdown_table`). The measures
    of other inputs than a ranking (:data:`INPUTS`) are not in the grammar: listed after it with their kind."""
    lines = ['measure := NAME [ "(" param=value ("," param=value)* ")" ] [ "@" k ]']
    ranking = [info for info in REGISTRY.values() if info.inputs == "ranking"]
    others = [info for info in REGISTRY.values() if info.inputs != "ranking"]
    if measures:
        width = max(len(info.grammar()) for info in ranking) + 2
        lines += ["", "NAME".ljust(width) + "trec_eval / ir_measures: description"]
        for grammar, trec, ir_name, description, _, _ in table_rows():
            lines.append(f"{grammar.ljust(width)}{trec} / {ir_name}: {description}")
    else:
        line = "NAME    := "
        for at, info in enumerate(ranking):
            if at and len(line) + len(info.name) > 100:
                lines.append(line.rstrip())
                line = "         | "
            elif at:
                line += "| "
            line += info.name + " "
        lines += [line.rstrip(), "           (or an alias, or trec_eval's name: the table below)"]
    lines += ["", "param"]
    param_width = max(len(param.grammar()) for param in PARAMS.values()) + 2
    lines += _param_lines(ranking_params(), param_width)
    fractions = ", ".join(name for name, info in REGISTRY.items() if info.cutoff_kind == "fraction")
    lines += ["", "k := a positive integer (cut-off depth): NAME@k",
              f"   | a non-negative number c ({fractions}): NAME@c, IPrec@0.1 is recall level 0.1, "
              "RprecMult@0.2 rank 0.2·R"]
    if measures and others:
        width = max(len(info.grammar()) for info in others) + 2
        lines += ["", "measures of other inputs than a ranking (not in the grammar; Python: "
                      "metrics.measures.registry.value_from, explain_inputs)"]
        for kind, (words, _) in INPUTS.items():
            of_kind = [info for info in others if info.inputs == kind]
            if of_kind:
                lines += ["", f"{kind}: {words}", "NAME".ljust(width) + "scikit-learn: description"]
                lines += [f"{info.grammar().ljust(width)}{info.sklearn or '—'}: {info.description}" for info in of_kind]
        only_others = [param for param in _used_params(lambda kind: kind != "ranking") if param not in ranking_params()]
        if only_others:
            lines += ["", "param"] + _param_lines(only_others, param_width)
    return "\n".join(lines)


def markdown_table() -> str:
    """Every measure as a Markdown table row: its grammar, trec_eval's and ir_measures' names, what it is,
    its formula and its source (the README's table, ``scripts/measure_table.py``); then the measures of other
    inputs than a ranking, with their kind and scikit-learn's name."""
    def cell(text: str) -> str:
        return text.replace("|", "\\|")

    def code(text: str) -> str:
        return f"`{cell(text)}`" if text != "—" else text

    lines = ["| measure | trec_eval | ir_measures | what | formula (per query) | source |",
             "|---|---|---|---|---|---|"]
    for grammar, trec, ir_name, description, formula, citation in table_rows():
        trec = ", ".join(f"`{name}`" for name in trec.split(", ")) if trec != "—" else trec
        lines.append(f"| `{cell(grammar)}` | {trec} | {code(ir_name)} | {cell(description)} | `{cell(formula)}` | "
                     f"{cell(citation)} |")
    others = [row for kind in INPUTS if kind != "ranking" for row in table_rows(kind)]
    if others:
        lines += ["", "Measures of other inputs than a ranking (not in the grammar: "
                      "`metrics.measures.registry.value_from` and `explain_inputs` compute them):", "",
                  "| measure | inputs | scikit-learn | what | formula | source |", "|---|---|---|---|---|---|"]
        for grammar, kind, sklearn, description, formula, citation in others:
            sklearn = f"`{sklearn.removeprefix('scikit-learn ')}`" if sklearn != "—" else sklearn
            lines.append(f"| `{cell(grammar)}` | {kind}: {INPUTS[kind][0]} | {sklearn} | {cell(description)} | "
                         f"`{cell(formula)}` | {cell(citation)} |")
    return "\n".join(lines)
