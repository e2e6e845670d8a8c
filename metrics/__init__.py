"""Ranking metrics, exactly and step by step.

Single rankings (grades in ranked order)::

    >>> from metrics import ndcg, ndcg_steps
    >>> round(ndcg([3, 2, 3, 0, 1], k=3), 4)
    0.9778
    >>> print(ndcg_steps([3, 2, 3, 0, 1], k=3).worked_text.splitlines()[0])
    DCG@3 = 3/log2(2) + 2/log2(3) + 3/log2(4) = 5.7619

Many queries: :func:`metrics.batch.evaluate` with measure names such as ``nDCG@10``.
Names are loaded on first use, so ``import metrics`` stays cheap.

Layout, by layer: :mod:`metrics.measures` (one module per family), :mod:`metrics.readers`,
:mod:`metrics.batch`, :mod:`metrics.statistics`, :mod:`metrics.conventions` (what each library
computes), :mod:`metrics.teaching` (quiz, articles, handouts, swaps) and :mod:`metrics.cli`, over
the core: :mod:`metrics.errors`, :mod:`metrics.explanation`, :mod:`metrics.limits`.
"""

from __future__ import annotations

import importlib

__version__ = "0.9.0"  #: the one place of the version: pyproject.toml reads it, ``rml --version`` prints it

from ._moved import MOVED, install

install()  # the module paths from before the layered layout still import

_EXPORTS = {  # module (under metrics) -> the public names it defines
    "errors": ["MetricsInputError"],
    "explanation": ["Explanation"],
    "measures.ndcg": ["cg", "dcg", "idcg", "ndcg", "ndcg_steps", "gains", "discounts", "ndcg_gain_map",
                      "ndcg_gain_map_steps"],
    "measures.ap": ["average_precision", "ap_steps", "mean_average_precision"],
    "measures.rr": ["reciprocal_rank", "rr_steps", "mean_reciprocal_rank", "rr_curve"],
    "measures.discounts": ["discount_divisors", "ndcg_under_discounts"],
    "teaching.changes": ["describe_change", "Change", "Move", "signed_delta"],
    "measures.cutoff": ["precision_at_k", "recall_at_k", "f1_at_k", "hit_rate_at_k", "r_precision",
               "cutoff_steps", "precision_steps", "recall_steps", "f1_steps", "hit_rate_steps",
               "r_precision_steps", "rprec_mult", "rprec_mult_steps"],
    "measures.roc": ["roc_curve", "roc_auc", "roc_auc_steps", "roc_auc_explanation", "confusion_at"],
    "measures.beyond": ["catalog_coverage", "coverage_steps", "coverage_explanation", "intra_list_similarity",
               "intra_list_diversity", "similarity_steps", "similarity_explanation", "diversity_steps"],
    "conventions": ["Convention", "PRESETS", "score_under", "order_ranking"],
    "measures.names": ["Measure", "parse_measure", "parse_measures"],
    "batch.evaluation": ["evaluate", "Evaluation"],
    "measures.summary": ["summarize", "compare_summaries"],
    "teaching.swaps": ["swap_effects"],
    "statistics.significance": ["paired_differences", "mean_difference_ci", "paired_t_test", "randomization_test",
                     "exact_randomization_test"],
    "statistics.experiment": ["experiment", "Experiment", "to_ranx"],
    "readers.trec": ["read_qrels", "read_run"],
    "readers.tables": ["read_csv", "read_json", "parse_pasted", "Dataset"],
    "readers.io": ["load"],
    "measures.bpref": ["bpref", "bpref_steps"],
    "measures.interpolated": ["iprec_at_recall", "eleven_point_average", "iprec_steps", "precision_recall_points"],
    "measures.counts": ["num_ret", "num_rel", "num_rel_ret", "num_nonrel_judged_ret", "count_steps", "counts_table"],
    "measures.sets": ["set_precision", "set_recall", "set_f", "set_steps"],
    "measures.judged": ["judged_at_k", "judged_steps"],
    "measures.rbp": ["rank_biased_precision", "rbp_steps"],
    "measures.err": ["expected_reciprocal_rank", "err_steps"],
    "measures.gm_map": ["gm_map", "gm_map_steps"],
    "teaching.many_queries": ["map_steps", "mrr_steps"],
}
#: the subpackages, importable as attributes (``metrics.batch.evaluate``)
_LAYERS = ("measures", "readers", "batch", "statistics", "teaching", "conventions", "cli", "errors", "explanation",
           "limits")
_WHERE = {name: module for module, names in _EXPORTS.items() for name in names}
__all__ = sorted(_WHERE)


def __getattr__(name: str):
    if name in MOVED or name in _LAYERS:
        return importlib.import_module(f".{name}", __name__)
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'metrics' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return __all__
