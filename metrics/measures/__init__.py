"""The measures, one module per family, and their names.

==================  ==========================================================================
module              measures
==================  ==========================================================================
:mod:`.names`       measure names in ir_measures syntax (``nDCG@10``, ``AP(rel=2)``), parsed
:mod:`.ndcg`        gain, CG, DCG, IDCG, nDCG
:mod:`.discounts`   the discount functions nDCG could use (log₂(i+1), 1/i, ...)
:mod:`.ap`          average precision (MAP)
:mod:`.rr`          reciprocal rank (MRR)
:mod:`.cutoff`      P@k, R@k, F1@k, Hit@k (Success), R-precision
:mod:`.roc`         ROC curve and AUC
:mod:`.beyond`      catalogue coverage, intra-list similarity and diversity
:mod:`.summary`     every single-ranking measure of one list in one call
==================  ==========================================================================

The names are re-exported here (``from metrics.measures import parse_measure`` keeps working).
"""

from .names import ALIASES, DEFAULTS, MEASURES, Measure, measure_name, parse_measure, parse_measures, subtitle

__all__ = ["ALIASES", "DEFAULTS", "MEASURES", "Measure", "measure_name", "parse_measure", "parse_measures",
           "subtitle"]
