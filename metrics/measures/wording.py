"""Count-aware English for the sentences ``metrics`` writes: the singular for one, the plural otherwise (the app
translates both forms with gettext's ngettext, ``ui.i18n.sentences``), and the ``\\text{}`` phrases several
formulas share (:mod:`metrics.messages`)."""

from __future__ import annotations

from ..messages import N_, Math, phrase

RELEVANT = phrase(N_("relevant"))  #: ``\text{relevant}``
NO_RELEVANT = N_("(no relevant item: R = 0)")  #: the note of a measure over R without a relevant item
NOTHING_RETRIEVED = N_("(nothing retrieved)")  #: the note of a measure of an empty list


def top(k: str) -> str:
    """``\\text{top } k``: the top ``k`` (a variable) of a ranking, in a formula."""
    return phrase(N_("top {k}"), k=Math(k))


def relevant_in_top(k: str) -> str:
    """``|\\text{relevant} \\cap \\text{top } k|``: the relevant items in the top ``k``."""
    return "|" + RELEVANT + r" \cap " + top(k) + "|"


def by_count(count: int, one: str, many: str) -> str:
    """``one`` when ``count`` is 1, else ``many``.

    >>> [f"{n} relevant {by_count(n, 'item was', 'items were')} missed" for n in (0, 1, 2)]
    ['0 relevant items were missed', '1 relevant item was missed', '2 relevant items were missed']
    """
    return one if count == 1 else many
