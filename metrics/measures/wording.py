"""Count-aware English for the sentences ``metrics`` writes: the singular for one, the plural otherwise (the app
translates both forms with gettext's ngettext, ``ui.i18n.sentences``)."""

from __future__ import annotations


def by_count(count: int, one: str, many: str) -> str:
    """``one`` when ``count`` is 1, else ``many``.

    >>> [f"{n} relevant {by_count(n, 'item was', 'items were')} missed" for n in (0, 1, 2)]
    ['0 relevant items were missed', '1 relevant item was missed', '2 relevant items were missed']
    """
    return one if count == 1 else many
