"""Shared by the binary measures: which ranks hold a relevant item, and padding past the list."""

from __future__ import annotations

import math

import numpy as np

from ._validate import _short, as_grades, as_items, as_judged_grades, real_or_nan
from .errors import input_error
from .messages import N_

#: default relevance threshold: an item is relevant when its grade is at least this
THRESHOLD = 1.0
#: the largest number of relevant items R: 2^53, the largest count a float holds exactly
MAX_RELEVANT = 2 ** 53


def relevant_flags(hits, threshold: float = THRESHOLD, name: str = "hits") -> tuple[np.ndarray, np.ndarray]:
    """The grades and a boolean array: grade >= threshold."""
    grades = as_grades(hits, name)
    return grades, grades >= _threshold(threshold)


def _threshold(threshold) -> float:
    """A finite positive relevance threshold, as a float."""
    value = real_or_nan(threshold)
    if not (math.isfinite(value) and value > 0):
        raise input_error(N_("relevance threshold must be a positive number, got {value}"), value=_short(threshold))
    return value


def padded(grades: np.ndarray, flags: np.ndarray, items, depth: int):
    """Grades, flags and labels for ``depth`` ranks; ranks past the list are empty and not relevant."""
    labels = as_items(items, grades.size)
    extra = max(depth - grades.size, 0)
    return (np.r_[grades[:depth], np.zeros(extra)], np.r_[flags[:depth], np.zeros(extra, dtype=bool)],
            labels[:depth] + [""] * extra)


def total_relevant(flags: np.ndarray, n_relevant, name: str = "n_relevant") -> int:
    """R: the given number of relevant items, checked against those in the list."""
    found = int(flags.sum())
    if n_relevant is None:
        return found
    if n_relevant > MAX_RELEVANT:
        raise input_error(N_("{name}={value} is more than {limit} (2^53, the largest count a float holds exactly)"),
                          name=name, value=_short(n_relevant), limit=MAX_RELEVANT)
    if n_relevant < found:
        raise input_error(N_("{name}={value} is smaller than the {found} relevant items already in the ranking"),
                          name=name, value=_short(n_relevant), found=found)
    return int(n_relevant)


def judged_flags(rels, threshold: float = THRESHOLD):
    """The grades (unjudged: 0), whether each is judged, relevant (judged, grade ≥ threshold) and judged
    non-relevant: what bpref, Judged@k and the counts tell apart."""
    grades, judged = as_judged_grades(rels)
    relevant = judged & (grades >= _threshold(threshold))
    return grades, judged, relevant, judged & ~relevant
