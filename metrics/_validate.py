"""One validation layer: turn user input into arrays or raise MetricsInputError quoting it."""

from __future__ import annotations

import math
import numbers

import numpy as np

from .errors import input_error
from .limits import MAX_K
from .messages import N_


def _short(values) -> str:
    text = repr(values)
    return text if len(text) <= 60 else text[:57] + "..."


def real_or_nan(value) -> float:
    """``value`` as a float; NaN when it is not a real number (text, None, a bool) or lies beyond
    float64, so that one finiteness check refuses all of them.

    >>> real_or_nan(2), real_or_nan(True), real_or_nan("2"), real_or_nan(10 ** 400)
    (2.0, nan, nan, nan)
    """
    if not isinstance(value, numbers.Real) or isinstance(value, bool):
        return math.nan
    try:
        return float(value)
    except OverflowError:
        return math.nan


#: lists whose order is not a ranking (the scores in item order, an unordered pool of grades): their
#: messages count positions, where a ranking's count ranks
UNRANKED = ("scores", "ideal", "judged")


def as_grades(values, name: str = "rels") -> np.ndarray:
    """A 1-D float array of finite grades (ints or reals).

    A bad value is named as people count it, from 1: "rels at rank 2" in a ranking, "scores at
    position 2" in a list of :data:`UNRANKED` (never ``rels[2]``, which reads as Python's index 2).

    >>> as_grades([1, "a"])
    Traceback (most recent call last):
    ...
    metrics.errors.MetricsInputError: rels at rank 2 must be a number, got 'a'
    """
    place = N_("position") if name in UNRANKED else "rank"
    if isinstance(values, (str, bytes)) or values is None:
        raise input_error(N_("{name} must be a sequence of numbers, got {value}"), name=name, value=_short(values))
    try:
        items = list(values)
    except TypeError:
        raise input_error(N_("{name} must be a sequence of numbers, got {value}"), name=name,
                          value=_short(values)) from None
    for position, value in enumerate(items, start=1):
        if isinstance(value, (str, bytes)) or not isinstance(value, (numbers.Real, np.bool_)):  # numpy bools too
            raise input_error(N_("{name} at {place} {position} must be a number, got {value}"), words=("place",),
                              name=name, place=place, position=position, value=repr(value))
        try:
            float(value)
        except OverflowError:  # an int or Fraction beyond float64 (about 1.8e308)
            raise input_error(N_("{name} at {place} {position} must be a finite number, got {value}"), words=("place",),
                              name=name, place=place, position=position, value=_short(value)) from None
    array = np.asarray(items, dtype=float)
    if array.ndim != 1:
        raise input_error(N_("{name} must be one-dimensional, got shape {shape}"), name=name, shape=array.shape)
    bad = np.flatnonzero(~np.isfinite(array))
    if bad.size:
        raise input_error(N_("{name} at {place} {position} must be a finite number, got {value}"), words=("place",),
                          name=name, place=place, position=int(bad[0]) + 1, value=repr(items[bad[0]]))
    return array


def as_k(k, name: str = "k", required: bool = False) -> int | None:
    """A positive integer cut-off up to :data:`metrics.limits.MAX_K`, or None for the whole list."""
    if k is None:
        if required:
            raise input_error(N_("{name} is required (a positive integer)"), name=name)
        return None
    if isinstance(k, bool) or not isinstance(k, numbers.Integral) or k < 1:
        raise input_error(N_("{name} must be a positive integer or None, got {value}"), name=name, value=repr(k))
    if k > MAX_K:  # a step table has a row per rank up to k
        raise input_error(N_("{name} must be at most {limit:,} (metrics.limits.MAX_K), got {value:,}"), name=name,
                          limit=MAX_K, value=int(k))
    return int(k)


def as_count(value, name: str) -> int | None:
    """A non-negative integer count, or None."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 0:
        raise input_error(N_("{name} must be a non-negative integer, got {value}"), name=name, value=repr(value))
    return int(value)


def as_rows(n, name: str = "n") -> int:
    """A number of rows to build: a non-negative integer, at most the largest cut-off :func:`as_k` takes."""
    count = as_count(n, name)
    if count is None:
        raise input_error(N_("{name} must be a non-negative integer, got {value}"), name=name, value=repr(n))
    if count:
        as_k(count, name)
    return count


def as_choice(value, choices, name: str, aliases=None) -> str:
    """``value`` if it is one of ``choices``; a word of ``aliases`` (e.g. the measure syntax's ``exp``)
    gives the choice it stands for."""
    if isinstance(value, str) and aliases and value in aliases:
        value = aliases[value]
    if not isinstance(value, str) or value not in choices:
        raise input_error(N_("{name} must be one of {choices}, got {value}"), name=name,
                          choices=", ".join(map(repr, choices)), value=repr(value))
    return value


def as_items(items, n: int, name: str = "items") -> list[str]:
    """Item labels for n ranks (default d1..dn), as text."""
    if items is None:
        return [f"d{i}" for i in range(1, n + 1)]
    try:
        labels = [str(item) for item in items]
    except TypeError:
        raise input_error(N_("{name} must be a sequence of labels, got {value}"), name=name,
                          value=_short(items)) from None
    if len(labels) != n:
        raise input_error(N_("{name} has {labels} labels for {n} grades"), name=name, labels=len(labels), n=n)
    return labels


def as_judged_grades(values, name: str = "rels") -> tuple[np.ndarray, np.ndarray]:
    """Grades where ``None`` (or NaN) marks an unjudged item: the grades (unjudged: 0) and whether
    each item is judged, for the measures that tell judged from unjudged (bpref, Judged@k, num_*).

    >>> as_judged_grades([2, None, 0])
    (array([2., 0., 0.]), array([ True, False,  True]))
    """
    try:
        items = None if isinstance(values, (str, bytes)) or values is None else list(values)
    except TypeError:
        items = None
    if items is None:
        as_grades(values, name)  # refuses it with as_grades' own message
    judged = np.array([not (value is None or (isinstance(value, float) and math.isnan(value))) for value in items],
                      dtype=bool)
    grades = as_grades([value if flag else 0.0 for value, flag in zip(items, judged)], name)
    return grades, judged


def as_fraction(value, name: str, low: float = 0.0, high: float = 1.0, open_low: bool = False,
                open_high: bool = False) -> float:
    """A real number between ``low`` and ``high`` (each end excluded when open), as a float: a
    persistence p in (0, 1), a recall level in [0, 1], a multiple of R."""
    number = real_or_nan(value)
    inside = math.isfinite(number) and (number > low if open_low else number >= low) \
        and (number < high if open_high else number <= high)
    if not inside:
        bounds = f"{'(' if open_low else '['}{low:g}, {high:g}{')' if open_high else ']'}"
        raise input_error(N_("{name} must be a number in {bounds}, got {value}"), name=name, bounds=bounds,
                          value=_short(value))
    return number
