"""What changed between two rankings, in words: "d6: rank 3 → 2", "d7: pool → rank 4".

The items named are as few as possible: those outside a longest run of items that kept their
relative order (a longest common subsequence), plus the items that entered or left the ranking.
Dragging one item moves it and shifts the items it passed by one rank: only the dragged item is
named, and the others are said to shift; a swap names both items (so does a drag by one rank,
which is a swap of neighbours: when a single item made room, it is named too).
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import Callable, Sequence

from ..errors import MetricsInputError
from ..messages import N_

#: English templates, one per kind of move (the app translates them; fields item, before, after)
TEMPLATES = {"moved": "{item}: rank {before} → {after}",
             "entered": N_("{item}: pool → rank {after}"),
             "left": N_("{item}: rank {before} → pool")}
SHIFT_BY_ONE = N_("the others shift by one")
SHIFT = N_("the others shift")
MANY = N_("{n} items moved")  #: said instead of the moves when there are more than ``limit``
SEPARATOR = " · "


def signed_delta(delta: float, digits: int = 4) -> str:
    """A change of a measure with its sign, for people: ``+0.0069``, ``-0.1250``, ``±0.0000``.

    >>> signed_delta(0.00694), signed_delta(-0.125), signed_delta(-0.00001)
    ('+0.0069', '-0.1250', '±0.0000')
    """
    rounded = round(float(delta), digits)
    return f"±{0:.{digits}f}" if rounded == 0 else f"{rounded:+.{digits}f}"


def _same(text: str) -> str:
    return text


@dataclass(frozen=True)
class Move:
    """One item's rank before and after (1-based; None: in the pool)."""

    item: str
    before: int | None
    after: int | None

    @property
    def kind(self) -> str:
        """"moved", "entered" (from the pool) or "left" (to the pool)."""
        return "entered" if self.before is None else "left" if self.after is None else "moved"

    def describe(self, translate: Callable[[str], str] = _same, escape: Callable[[str], str] = _same) -> str:
        """The move in words, e.g. ``d6: rank 3 → 2`` (``translate`` the template, ``escape`` the item)."""
        return translate(TEMPLATES[self.kind]).format(item=escape(self.item), before=self.before, after=self.after)


@dataclass(frozen=True)
class Change:
    """The named moves and the items that only shifted to make room."""

    moves: tuple[Move, ...]
    shifted: tuple[Move, ...]

    @property
    def changed(self) -> bool:
        return bool(self.moves)

    @property
    def shift_by_one(self) -> bool:
        """Every shifted item moved by exactly one rank."""
        return all(abs(move.after - move.before) == 1 for move in self.shifted)

    def describe(self, translate: Callable[[str], str] = _same, escape: Callable[[str], str] = _same,
                 limit: int = 3) -> str:
        """One line: the moves (or how many when more than ``limit``) and whether the others shift;
        empty when nothing changed."""
        if len(self.moves) > limit:
            parts = [translate(MANY).format(n=len(self.moves))]
        else:
            parts = [move.describe(translate, escape) for move in self.moves]
        if self.shifted:
            parts.append(translate(SHIFT_BY_ONE if self.shift_by_one else SHIFT))
        return SEPARATOR.join(parts)

    def __str__(self) -> str:
        return self.describe()


def _unique(items: Sequence[str], name: str) -> list[str]:
    try:
        labels = [str(item) for item in items]
    except TypeError:
        raise MetricsInputError(f"{name} must be a sequence of items, got {items!r}") from None
    if len(set(labels)) != len(labels):
        raise MetricsInputError(f"{name} names an item twice: {labels!r}")
    return labels


def _longest_increasing(values: list[int]) -> set[int]:
    """The indices of one longest strictly increasing subsequence of ``values`` (patience sorting)."""
    tails: list[int] = []  # tails[j]: the smallest value ending an increasing run of length j + 1
    tail_index: list[int] = []
    previous = [-1] * len(values)
    for index, value in enumerate(values):
        j = bisect.bisect_left(tails, value)
        if j == len(tails):
            tails.append(value)
            tail_index.append(index)
        else:
            tails[j], tail_index[j] = value, index
        previous[index] = tail_index[j - 1] if j else -1
    kept, index = set(), tail_index[-1] if tail_index else -1
    while index >= 0:
        kept.add(index)
        index = previous[index]
    return kept


def describe_change(before: Sequence[str], after: Sequence[str]) -> Change:
    """Which items moved from ranking ``before`` to ranking ``after`` (items in ranked order).

    >>> str(describe_change(["d1", "d2", "d3", "d4"], ["d3", "d1", "d2", "d4"]))
    'd3: rank 3 → 1 · the others shift by one'
    >>> str(describe_change(["d1", "d2", "d3", "d4"], ["d1", "d3", "d4", "d7"]))
    'd2: rank 2 → pool · d7: pool → rank 4 · the others shift by one'
    >>> str(describe_change(["d1", "d2", "d3"], ["d2", "d1", "d3"]))   # one item made room: a swap
    'd1: rank 1 → 2 · d2: rank 2 → 1'
    """
    before, after = _unique(before, "before"), _unique(after, "after")
    old = {item: rank for rank, item in enumerate(before, start=1)}
    new = {item: rank for rank, item in enumerate(after, start=1)}
    stayed = [item for item in before if item in new]
    kept = {stayed[i] for i in _longest_increasing([new[item] for item in stayed])}
    shifted = [item for item in stayed if item in kept and old[item] != new[item]]
    if len(shifted) == 1:  # one item made room: two items changed places, name both
        kept -= set(shifted)
        shifted = []
    named = [item for item in before if item not in kept] + [item for item in after if item not in old]
    return Change(moves=tuple(Move(item, old.get(item), new.get(item)) for item in named),
                  shifted=tuple(Move(item, old[item], new[item]) for item in shifted))
