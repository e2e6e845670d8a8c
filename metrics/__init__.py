"""Ranking metrics, exactly and step by step.

Single rankings (grades in ranked order)::

    >>> from metrics import ndcg, ndcg_steps
    >>> round(ndcg([3, 2, 3, 0, 1], k=3), 4)
    0.9778
    >>> print(ndcg_steps([3, 2, 3, 0, 1], k=3).worked_text.splitlines()[0])
    DCG@3 = 3/log2(2) + 2/log2(3) + 3/log2(4) = 5.7619

Many queries: :func:`metrics.batch.evaluate` with measure names such as ``nDCG@10``.
Names are loaded on first use, so ``import metrics`` stays cheap.
"""

from __future__ import annotations

import importlib

_EXPORTS = {
    "errors": ["MetricsInputError"],
    "explanation": ["Explanation"],
    "cumulative_gain": ["cg", "dcg", "idcg", "ndcg", "ndcg_steps", "gains", "discounts"],
    "ap": ["average_precision", "ap_steps", "mean_average_precision"],
    "rr": ["reciprocal_rank", "rr_steps", "mean_reciprocal_rank", "rr_curve"],
    "discount_kinds": ["discount_divisors", "ndcg_under_discounts"],
    "changes": ["describe_change", "Change", "Move", "signed_delta"],
    "cutoff": ["precision_at_k", "recall_at_k", "f1_at_k", "hit_rate_at_k", "r_precision",
               "cutoff_steps", "precision_steps", "recall_steps", "f1_steps", "hit_rate_steps",
               "r_precision_steps"],
    "roc": ["roc_curve", "roc_auc", "roc_auc_steps", "roc_auc_explanation", "confusion_at"],
    "beyond": ["catalog_coverage", "coverage_steps", "coverage_explanation", "intra_list_similarity",
               "intra_list_diversity", "similarity_steps", "similarity_explanation", "diversity_steps"],
    "conventions": ["Convention", "PRESETS", "score_under", "order_ranking"],
    "measures": ["Measure", "parse_measure", "parse_measures"],
    "batch": ["evaluate", "Evaluation"],
    "summary": ["summarize", "compare_summaries"],
    "swaps": ["swap_effects"],
    "significance": ["paired_differences", "mean_difference_ci", "paired_t_test", "randomization_test",
                     "exact_randomization_test"],
    "trec": ["read_qrels", "read_run"],
    "tables": ["read_csv", "read_json", "parse_pasted", "Dataset"],
    "io": ["load"],
}
_WHERE = {name: module for module, names in _EXPORTS.items() for name in names}
__all__ = sorted(_WHERE)


def __getattr__(name: str):
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'metrics' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return __all__
