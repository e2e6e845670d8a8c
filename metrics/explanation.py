"""What every explainer returns: the value, its step table and the formula with numbers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

import pandas as pd


@dataclass(frozen=True)
class Explanation:
    """A metric's value together with how it was computed.

    ``value`` is always read from ``table`` (its last row), so the two cannot disagree.
    """

    measure: str  #: ir_measures-style name, e.g. ``nDCG@3``
    value: float
    table: pd.DataFrame  #: one row per rank, what a teacher writes on the board
    formula: str  #: the general formula, LaTeX
    worked: str  #: the formula with the numbers filled in, LaTeX
    worked_text: str  #: the same in plain text, for a terminal
    column: str  #: the table column whose last row is ``value``
    details: Mapping[str, object] = field(default_factory=dict)  #: other parts (ideal table, IDCG, ...)


def num(value: float, digits: int = 3) -> str:
    """Format a number the way a person writes it: 3, 0.5, 5.762."""
    value = float(value)
    if value.is_integer():
        return str(int(value))
    text = f"{value:.{digits}f}".rstrip("0").rstrip(".")
    return text if text not in ("-0", "") else "0"


def join_terms(terms: list[str], sep: str = " + ", limit: int = 12) -> str:
    """Join formula terms, eliding the middle of long sums."""
    if not terms:
        return "0"
    if len(terms) > limit:
        terms = terms[:5] + ["\\cdots" if "\\" in "".join(terms) else "..."] + terms[-2:]
    return sep.join(terms)


def with_formula(latex: str):
    """Put a formula into a docstring's ``.. math::`` block (placeholder ``<formula>``)."""

    def decorate(function):
        if function.__doc__:
            function.__doc__ = function.__doc__.replace("<formula>", latex)
        return function

    return decorate
