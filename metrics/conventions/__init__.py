"""What each ranking library computes, and why its number differs from trec_eval's.

* :mod:`.presets`: :class:`Convention` (one library's choices), :data:`PRESETS`, the choices in words.
* :mod:`.scoring`: :func:`score_under` (what a library reports for one ranked list), :func:`order_ranking`.
* :mod:`.causes`: :func:`cause_path` -- from trec_eval's number to a library's, one choice at a time.
* :mod:`.search`: :func:`find_conventions` -- which conventions give the number a library printed.
* :mod:`.runs`: :func:`compare_runs` -- a whole run under every preset, and the queries where libraries differ most.
"""

from .causes import STEP_ORDER, Step, cause_path, cause_rows
from .presets import (
    AP_DENOMINATORS,
    CHOICE_LABELS,
    CHOICES,
    DENOMINATORS,
    GAINS,
    IDEALS,
    PRESETS,
    QUERIES,
    RBP_GAINS,
    SCORE_TYPES,
    STABLE_SORT_LIMIT,
    TIE_ORDER_CAUSE,
    TIE_ORDER_REASON,
    TIE_RULES,
    TIES,
    UNDEFINED_TIES,
    WORDS,
    Convention,
    describe_choice,
    group_name,
    group_presets,
)
from .runs import RunComparison, compare_runs
from .scoring import (
    MEASURES,
    SCORED,
    Interval,
    compared_as,
    compared_scores,
    measure_label,
    order_ranking,
    reading_order,
    score_under,
    tie_rule,
)
from .search import SEARCHED, Match, ValueReport, explain_value, find_conventions, find_matches

__all__ = [
    "AP_DENOMINATORS",
    "CHOICES",
    "CHOICE_LABELS",
    "DENOMINATORS",
    "GAINS",
    "IDEALS",
    "MEASURES",
    "PRESETS",
    "QUERIES",
    "RBP_GAINS",
    "SCORED",
    "SCORE_TYPES",
    "SEARCHED",
    "STABLE_SORT_LIMIT",
    "STEP_ORDER",
    "TIES",
    "TIE_ORDER_CAUSE",
    "TIE_ORDER_REASON",
    "TIE_RULES",
    "UNDEFINED_TIES",
    "WORDS",
    "Convention",
    "Interval",
    "Match",
    "RunComparison",
    "Step",
    "ValueReport",
    "cause_path",
    "cause_rows",
    "compare_runs",
    "compared_as",
    "compared_scores",
    "describe_choice",
    "explain_value",
    "find_conventions",
    "find_matches",
    "group_name",
    "group_presets",
    "measure_label",
    "order_ranking",
    "reading_order",
    "score_under",
    "tie_rule",
]
