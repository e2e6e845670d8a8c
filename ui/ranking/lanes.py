"""Drag-and-drop lanes: a ranking (top first), optionally a pool of unranked items below it and a
read-only ideal ordering beside it. Our own components-v2 element (no iframe, no build step):
its JavaScript and CSS live in ``ui/ranking/lanes/``.

A page may mark a point of the ranking with a thin labelled line across its lane (:class:`Marker`: the reader
page's expected depth ED, say).

Items are moved with the pointer (mouse, touch, pen) or the keyboard (Space/Enter picks up,
arrows move, Space/Enter drops, Escape cancels). Each item is coloured by its grade on a
colour-blind-safe sequential blue ramp (:func:`grade_colour`); unjudged items are grey, dashed.
On a drop the browser sends ``{"order": {"ranking": [...], "pool": [...]}}`` (item names), which
:func:`dropped_order` reads back from the session state and checks against the items shown.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

import streamlit as st
from streamlit.components.v2 import component

from metrics.explanation import num
from ui.i18n import N_, t

_HERE = Path(__file__).with_suffix("")  # ui/ranking/lanes/
_RENDER = component("ranking_metrics_lab.lanes", html='<div class="lanes"></div>',
                    css=(_HERE / "lanes.css").read_text(encoding="utf-8"),
                    js=(_HERE / "lanes.js").read_text(encoding="utf-8"))

STATE = "order"  #: the component's state: {"ranking": [names], "pool": [names]}
RANKING_TITLE = N_("Ranking (top first)")
POOL_TITLE = N_("Pool (not ranked)")
IDEAL_TITLE = N_("Ideal ordering")
UNJUDGED = N_("unjudged")

#: light-to-dark sequential blues (ColorBrewer "Blues", colour-blind safe): lowest grade first
RAMP = ("#f7fbff", "#deebf7", "#c6dbef", "#9ecae1", "#6baed6", "#4292c6", "#2171b5", "#08519c", "#08306b")
UNJUDGED_FILL = "#e4e4e7"  #: grey; drawn with a dashed border
DARK_INK, LIGHT_INK = "#000000", "#ffffff"
LEGEND_MAX = 7  #: more distinct grades than this: the legend shows the lowest and the highest only
ROW_PX, MIN_ROW_PX = 34, 18  #: an item's row height: 34 px for a short board, lower for a long one, never below 18 px
LANES_PX = 380  #: the height the rows of a board (ranking and pool) may take together on a 1280×720 screen

# words the browser shows or announces (translated in :func:`_texts`)
_TEXTS = {
    "rank": N_("Rank"),
    "grade": N_("grade"),
    "empty": N_("Drop items here"),
    "legend": N_("Grade colours"),
    "pool": N_("pool"),
    "moved": N_("{item}: rank {before} → {after}"),
    "picked": N_("{item} picked up: arrows move it, Space drops it, Escape cancels"),
    "cancelled": N_("{item}: move cancelled"),
    "help": N_("Drag with the mouse or a finger. Keyboard: Space picks an item up, arrow keys move it "
               "(left/right or P: between ranking and pool), Space drops it, Escape cancels."),
}


# --------------------------------------------------------------------------- colours (pure)


def _luminance(colour: str) -> float:
    """WCAG relative luminance of ``#rrggbb``."""
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first: str, second: str) -> float:
    """WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21).

    >>> round(contrast("#000000", "#ffffff"), 1)
    21.0
    """
    light, dark = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _mix(low: str, high: str, share: float) -> str:
    parts = [round(int(low[i:i + 2], 16) * (1 - share) + int(high[i:i + 2], 16) * share) for i in (1, 3, 5)]
    return "#" + "".join(f"{p:02x}" for p in parts)


@lru_cache(maxsize=1024)
def grade_colour(grade: float | None, lowest: float, highest: float) -> tuple[str, str]:
    """(fill, ink) of an item with ``grade`` on a board whose grades span lowest..highest: a point
    on :data:`RAMP` (grade 0 and below lightest), with black or white text, whichever contrasts
    more (always ≥ 4.5:1); unjudged items are grey with black text.

    >>> grade_colour(0, 0, 3), grade_colour(3, 0, 3), grade_colour(None, 0, 3)
    (('#f7fbff', '#000000'), ('#08306b', '#ffffff'), ('#e4e4e7', '#000000'))
    """
    if grade is None:
        return UNJUDGED_FILL, DARK_INK
    lowest = min(lowest, 0.0)
    share = 0.0 if highest <= lowest else min(1.0, max(0.0, (grade - lowest) / (highest - lowest)))
    position = share * (len(RAMP) - 1)
    index = min(int(position), len(RAMP) - 2)
    fill = _mix(RAMP[index], RAMP[index + 1], position - index)
    ink = DARK_INK if contrast(fill, DARK_INK) >= contrast(fill, LIGHT_INK) else LIGHT_INK
    return fill, ink


def grade_text(grade: float | None) -> str:
    """A grade as shown: "3", "0.5", or "unjudged" in the reader's language (never "None")."""
    return t(UNJUDGED) if grade is None else num(grade)


def legend(grades: Mapping[str, float | None]) -> list[dict]:
    """The legend's entries (label, fill, ink, unjudged): each distinct grade, lowest first (only
    the lowest and the highest when there are many), then "unjudged" if an item is."""
    judged = sorted({float(g) for g in grades.values() if g is not None})
    shown = judged if len(judged) <= LEGEND_MAX else [judged[0], judged[-1]]
    low, high = (judged[0], judged[-1]) if judged else (0.0, 0.0)
    entries = [_entry(grade, low, high) for grade in shown]
    if any(g is None for g in grades.values()):
        entries.append(_entry(None, low, high))
    return entries


def _entry(grade: float | None, low: float, high: float) -> dict:
    fill, ink = grade_colour(grade, low, high)
    return {"label": grade_text(grade), "fill": fill, "ink": ink, "unjudged": grade is None}


# --------------------------------------------------------------------------- the element


def row_height(items: int) -> int:
    """An item's row height in pixels on a board of ``items`` items: lower rows for a longer board, so that
    its lanes take at most :data:`LANES_PX` (a 12-item board fits a projector screen).

    >>> row_height(5), row_height(7), row_height(12), row_height(20), row_height(200)
    (34, 34, 27, 18, 18)
    """
    rows = items + 1  # one more: the pool lane, empty or not
    return max(MIN_ROW_PX, min(ROW_PX, LANES_PX // rows - 2))


def _items(names: Sequence[str], grades: Mapping[str, float | None], low: float, high: float) -> list[dict]:
    return [{"name": name, "grade": grade_text(grades[name]),
             **dict(zip(("fill", "ink"), grade_colour(grades[name], low, high))), "unjudged": grades[name] is None}
            for name in names]


class Marker(NamedTuple):
    """A thin line across the ranking lane at a fractional rank, with a short label.

    ``rank``: where, counted as a chart's rank axis counts: 3 through the middle of rank 3's row, 3.4 two fifths
    of the way from rank 3's middle to rank 4's (kept within the first and the last rank). ``label``: the text
    beside the line, shown as given (the caller translates it; text, never HTML), e.g. "ED = 3.3616"."""

    rank: float
    label: str


def marker_data(marker: Marker | tuple[float, str] | None, ranks: int) -> dict | None:
    """What the browser gets of ``marker`` on a ranking of ``ranks`` items: its rank kept within 1..ranks, and its
    label; None when there is no marker, no ranked item, or its rank is not a finite number.

    >>> marker_data(Marker(3.4, "ED = 3.4"), 5), marker_data((9, "far"), 5), marker_data((0.2, "near"), 5)
    ({'rank': 3.4, 'label': 'ED = 3.4'}, {'rank': 5.0, 'label': 'far'}, {'rank': 1.0, 'label': 'near'})
    >>> marker_data(None, 5), marker_data(Marker(float("nan"), "?"), 5), marker_data(Marker(2, "x"), 0)
    (None, None, None)
    """
    if marker is None or ranks < 1:
        return None
    rank, label = marker
    try:
        rank = float(rank)
    except (TypeError, ValueError):
        return None
    if not math.isfinite(rank):
        return None
    return {"rank": min(max(rank, 1.0), float(ranks)), "label": str(label)}


def _texts() -> dict[str, str]:
    return {name: t(text) for name, text in _TEXTS.items()}


def _nothing() -> None:
    """The drop's callback: the order is read from the session state (see :func:`dropped_order`)."""


def lanes(grades: Mapping[str, float | None], ranking: Sequence[str], pool: Sequence[str] | None = None, *,
          key: str, ideal: Sequence[tuple[str, float | None]] | None = None, step: int | None = None,
          ranking_title: str | None = RANKING_TITLE, marker: Marker | None = None) -> None:
    """Draw the lanes: ``ranking`` (item names, top first), ``pool`` below it (None: no pool lane),
    ``ideal`` beside the ranking (the ideal ordering's (name, grade) pairs, read-only; None: no
    ideal lane). ``grades`` holds every item's grade (None: unjudged). ``step``: the rank to
    outline; the ranks after it are dimmed. ``ranking_title`` is translated here (None: no title). ``marker``: a
    labelled line across the ranking lane at a fractional rank (:class:`Marker`; None: none). The order a drop sends
    is read with :func:`dropped_order` (same ``key``)."""
    data = lanes_data(grades, ranking, pool, ideal=ideal, step=step, ranking_title=ranking_title, marker=marker)
    _RENDER(key=key, data=data, on_order_change=_nothing)


def lanes_data(grades: Mapping[str, float | None], ranking: Sequence[str], pool: Sequence[str] | None = None, *,
               ideal: Sequence[tuple[str, float | None]] | None = None, step: int | None = None,
               ranking_title: str | None = RANKING_TITLE, marker: Marker | None = None) -> dict:
    """What :func:`lanes` sends the browser (JSON-able, in the reader's language): the lanes' items with their
    colours, the ideal ordering, the step, the marker, the row height, the legend and the words."""
    judged = [float(g) for g in grades.values() if g is not None]
    low, high = (min(judged), max(judged)) if judged else (0.0, 0.0)
    shown = [{"id": "ranking", "title": t(ranking_title) if ranking_title else "",
                   "items": _items(ranking, grades, low, high)}]
    if pool is not None:
        shown.append({"id": "pool", "title": t(POOL_TITLE), "items": _items(pool, grades, low, high)})
    ideal_grades = {name: grade for name, grade in ideal or ()}
    return {
        "lanes": shown,
        "ideal": None if ideal is None else {"title": t(IDEAL_TITLE),
                                             "items": _items(list(ideal_grades), ideal_grades, low, high)},
        "step": step,
        "marker": marker_data(marker, len(ranking)),
        "row": row_height(len(grades)),
        "legend": legend(grades),
        "text": _texts(),
    }


def dropped_order(key: str, names: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The (ranking, pool) the lanes with ``key`` sent after a drop, or None when there is none or
    it is not an order of exactly ``names`` (stale, from before the items changed, or malformed)."""
    value = st.session_state.get(key)
    return valid_order(value.get(STATE) if isinstance(value, Mapping) else None, names)


def valid_order(order, names: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """``order`` as the lanes send it after a drop (``{"ranking": [...], "pool": [...]}``) as (ranking, pool), or None
    when it is not an order of exactly ``names``."""
    if not isinstance(order, Mapping):
        return None
    ranking, pool = order.get("ranking"), order.get("pool", [])
    if not isinstance(ranking, list) or not isinstance(pool, list):
        return None
    sent = ranking + pool
    if not all(isinstance(name, str) for name in sent) or len(sent) != len(set(sent)) or set(sent) != set(names):
        return None
    return tuple(ranking), tuple(pool)
