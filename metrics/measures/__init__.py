"""The measures, one module per family, and their names.

===================  ==========================================================================
module               measures
===================  ==========================================================================
:mod:`.registry`     every measure declared once: names, inputs, parameters, formula, source, implementations
:mod:`.names`        measure names in ir_measures syntax (``nDCG@10``, ``AP(rel=2)``), parsed
:mod:`.params`       the measures' typed parameters (rel, gain, gains, ideal, denom, p, max_grade)
:mod:`.spelling`     a parsed measure and its canonical name (what the step tables call themselves)
:mod:`.ndcg`         gain, CG, DCG, IDCG, nDCG (also with a gain per grade)
:mod:`.discounts`    the discount functions nDCG could use (log₂(i+1), 1/i, ...)
:mod:`.ap`           average precision (MAP)
:mod:`.rr`           reciprocal rank (MRR)
:mod:`.cutoff`       P@k, R@k, F1@k, Hit@k (Success), R-precision, Rprec_mult, relative_P (RelP)
:mod:`.roc`          ROC curve and AUC
:mod:`.beyond`       catalogue coverage, intra-list similarity and diversity
:mod:`.summary`      every single-ranking measure of one list in one call
:mod:`.bpref`        bpref: relevant items against the judged non-relevant ones above them
:mod:`.interpolated` interpolated precision at recall levels, 11pt_avg
:mod:`.counts`       num_ret, num_rel, num_rel_ret, num_nonrel_judged_ret
:mod:`.sets`         set_P, set_recall, set_F, set_map, set_relative_P, utility (the whole list as a set)
:mod:`.judged`       Judged@k: the share of the top k that is judged
:mod:`.rbp`          rank-biased precision RBP(p)
:mod:`.err`          expected reciprocal rank ERR@k
:mod:`.gm_map`       GM_MAP and GM_BPREF: the geometric mean of per-query APs (bprefs)
:mod:`.infap`        inferred average precision infAP (trec_eval)
:mod:`.bing`         trec_eval's binG
:mod:`.trec_gains`   trec_eval's G, ndcg_rel and Rndcg (gain-based)
:mod:`.bounds`       unjudged items: value, judged-only (-J) and the exact interval over every grade they could have
===================  ==========================================================================

The names are re-exported here (``from metrics.measures import parse_measure`` keeps working).
"""

from .names import ALIASES, DEFAULTS, MEASURES, Measure, describe, measure_name, parse_measure, parse_measures, subtitle

__all__ = ["ALIASES", "DEFAULTS", "MEASURES", "Measure", "describe", "measure_name", "parse_measure",
           "parse_measures", "subtitle"]
