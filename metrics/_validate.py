"""One validation layer: turn user input into arrays or raise MetricsInputError quoting it."""

from __future__ import annotations

import numbers

import numpy as np

from .errors import MetricsInputError


def _short(values) -> str:
    text = repr(values)
    return text if len(text) <= 60 else text[:57] + "..."


def as_grades(values, name: str = "rels") -> np.ndarray:
    """A 1-D float array of finite grades (ints or reals)."""
    if isinstance(values, (str, bytes)) or values is None:
        raise MetricsInputError(f"{name} must be a sequence of numbers, got {_short(values)}")
    try:
        items = list(values)
    except TypeError:
        raise MetricsInputError(f"{name} must be a sequence of numbers, got {_short(values)}") from None
    for position, value in enumerate(items, start=1):
        if isinstance(value, (str, bytes)) or not isinstance(value, numbers.Real):
            raise MetricsInputError(f"{name}[{position}] must be a number, got {value!r}")
    array = np.asarray(items, dtype=float)
    if array.ndim != 1:
        raise MetricsInputError(f"{name} must be one-dimensional, got shape {array.shape}")
    bad = np.flatnonzero(~np.isfinite(array))
    if bad.size:
        raise MetricsInputError(f"{name}[{bad[0] + 1}] must be a finite number, got {items[bad[0]]!r}")
    return array


def as_k(k, name: str = "k", required: bool = False) -> int | None:
    """A positive integer cut-off, or None for the whole list."""
    if k is None:
        if required:
            raise MetricsInputError(f"{name} is required (a positive integer)")
        return None
    if isinstance(k, bool) or not isinstance(k, numbers.Integral) or k < 1:
        raise MetricsInputError(f"{name} must be a positive integer or None, got {k!r}")
    return int(k)


def as_count(value, name: str) -> int | None:
    """A non-negative integer count, or None."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 0:
        raise MetricsInputError(f"{name} must be a non-negative integer, got {value!r}")
    return int(value)


def as_choice(value, choices, name: str) -> str:
    if value not in choices:
        raise MetricsInputError(f"{name} must be one of {', '.join(map(repr, choices))}, got {value!r}")
    return value


def as_items(items, n: int, name: str = "items") -> list[str]:
    """Item labels for n ranks (default d1..dn), as text."""
    if items is None:
        return [f"d{i}" for i in range(1, n + 1)]
    labels = [str(item) for item in items]
    if len(labels) != n:
        raise MetricsInputError(f"{name} has {len(labels)} labels for {n} grades")
    return labels
