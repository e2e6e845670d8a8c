"""Batch evaluation: every query of a run against its qrels, with trec_eval's semantics.

:func:`evaluate` (in :mod:`.evaluation`) takes measure names such as ``nDCG@10`` and returns an
:class:`Evaluation` (per-query values and means).
"""

from .evaluation import NO_RELEVANT, Evaluation, evaluate

__all__ = ["NO_RELEVANT", "Evaluation", "evaluate"]
