"""The notebook renderers' old place: they are in :mod:`metrics.notebook` now, in the core beside the
:class:`~metrics.explanation.Explanation` they render (so that the core and :mod:`metrics.batch` never import
:mod:`metrics.teaching`, a layer above them).  This module keeps ``metrics.teaching.notebook`` importing."""

from ..notebook import (
    DIGITS,
    ROWS_SHOWN,
    evaluation_html,
    evaluation_markdown,
    evaluation_repr,
    explanation_html,
    explanation_markdown,
    explanation_repr,
    number,
)

__all__ = ["DIGITS", "ROWS_SHOWN", "evaluation_html", "evaluation_markdown", "evaluation_repr", "explanation_html",
           "explanation_markdown", "explanation_repr", "number"]
