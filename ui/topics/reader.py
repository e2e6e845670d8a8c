"""The reader behind the metric (pages/reader.py): a measure as a model of a person reading the board's ranking top
down, in the C/W/L framework (Moffat, Bailey, Scholer, Thomas, ACM TOIS 35(3), 2017; the models of cwl_eval,
Azzopardi, Thomas, Moffat, SIGIR 2019: metrics.measures.cwl). C(i) is the chance she goes on past rank i, W(i) the
share of her attention rank i gets, L(i) the chance rank i is the last one she reads; the measure is the expected
utility per item read, EU = Σ W(i)·g(i), and ED = 1/W(1) the ranks she reads on average.

The board's grades become gains in [0, 1], grade / the largest grade on the board (negative grades and unjudged
items 0); every item costs 1; the reader reads at most K ranks (the board's cut-off), cwl_eval's depth."""

from __future__ import annotations

import itertools
from typing import NamedTuple

import numpy as np
import streamlit as st

from metrics.explanation import Column, Explanation
from metrics.measures import bounds, cwl
from ui.i18n import N_, relabel_choice, t
from ui.model.board import Board
from ui.ranking.lanes import Marker
from ui.shell.safe import plain
from ui.teaching.lecture import value_text

#: the models the page offers, in the picker's order: key -> its label (translate with ``t``)
CHOICES: dict[str, str] = {
    "RBP": N_("RBP: a reader who goes on with a fixed persistence p"),
    "INST": N_("INST: a reader who wants T relevant items"),
    "nDCG": N_("nDCG's discount as a reader"),
    "ERR": N_("ERR's cascade: a reader who stops when satisfied"),
    "P": N_("P@K as a reader: exactly K items"),
    "RR": N_("RR as a reader: up to the first item with gain"),
}
#: what each model's reader does, in one sentence (translate with ``t``): the caption under the picker
READERS: dict[str, str] = {
    "RBP": N_("After every rank she goes on with the same probability p: C(i) = p, whatever she has found "
              "(Moffat & Zobel, ACM TOIS 2008)."),
    "INST": N_("She wants T items' worth of gain: while little is found she is patient, and each gain makes her "
               "more likely to stop: C(i) = ((i + T + Tᵢ − 1)/(i + T + Tᵢ))², Tᵢ = T − the gain so far "
               "(Moffat, Bailey, Scholer, Thomas, ADCS 2015)."),
    "nDCG": N_("DCG@K's discount read as attention: W(i) ∝ 1/log₂(i+1) for the first K ranks, so "
               "C(i) = log₂(i+1)/log₂(i+2); EU is DCG@K scaled to a weight sum of 1, not divided by the ideal DCG "
               "(Järvelin & Kekäläinen, ACM TOIS 2002)."),
    "ERR": N_("A cascade: at each rank she is satisfied, and stops, with the probability of its gain: "
              "C(i) = 1 − g(i) (NERR, eq. 8, of Azzopardi, Mackenzie, Moffat, ICTIR 2021: nearly ERR, with the "
              "gains as the stopping probabilities)."),
    "P": N_("She reads exactly K items and stops: C(i) = 1 before rank K, 0 at K; every rank read weighs 1/K, "
            "so EU is P@K with graded gains."),
    "RR": N_("She reads until the first item with a gain above 0 and stops there: C(i) = 1 before it, 0 from it "
             "on; with 0/1 gains EU is RR (Kantor & Voorhees 2000)."),
}
P_VALUES = tuple(round(0.05 * i, 2) for i in range(1, 20))  #: the persistence slider's values 0.05 … 0.95
DEFAULT_P = 0.8  #: cwl_eval's RBPCWLMetric(0.8), one of its defaults
T_RANGE = (1, 10)  #: the INST target slider's range (items' worth of gain wanted)
DEFAULT_T = 1  #: cwl_eval's INSTCWLMetric(1.0)
#: the step window's columns (the whole table adds ETU, EC and ETC; costs are all 1)
WINDOW_COLUMNS = [Column.RANK, Column.ITEM, Column.GAIN, "C", "W", "L", "EU"]
TABLE_COLUMNS = [*WINDOW_COLUMNS, "ETU", "EC", "ETC"]


def gains(board: Board, depth: int) -> tuple[np.ndarray, float]:
    """The first ``depth`` ranked items' gains in [0, 1], grade / the largest grade on the board (unjudged items and
    grades below 0 count 0), and that largest grade (0 when no grade is above 0: every gain is then 0).

    >>> from ui.model.board import Board
    >>> gains(Board(grades={"a": 1, "b": 3, "c": None, "d": -1}, ranking=("a", "b", "c", "d")), 4)
    (array([0.33333333, 1.        , 0.        , 0.        ]), 3.0)
    """
    top = max([grade for grade in board.judged() if grade > 0], default=0.0)
    grades = np.clip(np.asarray(board.rels()[:depth], dtype=float), 0.0, None)
    return (grades / top if top > 0 else np.zeros(len(grades))), float(top)


def model(choice: str, k: int, p: float = DEFAULT_P, T: float = DEFAULT_T) -> cwl.CWLMetric:
    """The C/W/L model of ``choice`` (a key of :data:`CHOICES`): RBP(p), INST(T), nDCG's discount, P and NERR's cascade
    at the cut-off ``k``, RR.

    >>> [model(choice, 5).name() for choice in CHOICES]
    ['RBP@0.8', 'INST-T=1.0', 'NDCG-k@5', 'NERR-EQ8@k=5', 'P@5', 'RR']
    """
    made = {"RBP": lambda: cwl.RBPCWLMetric(float(p)), "INST": lambda: cwl.INSTCWLMetric(float(T)),
            "nDCG": lambda: cwl.NDCGCWLMetric(k), "ERR": lambda: cwl.NERReq8CWLMetric(k),
            "P": lambda: cwl.PrecisionCWLMetric(k), "RR": cwl.RRCWLMetric}
    return made[choice]()


def depth(board: Board) -> int:
    """How far the reader may read: the board's K, at most the ranking's length, at least 1."""
    return max(1, min(board.k, len(board.ranking)))


def explain(board: Board, choice: str, p: float = DEFAULT_P, T: float = DEFAULT_T) -> tuple[Explanation, float]:
    """``choice``'s reader on the board's first K ranked items (:func:`depth`), costs 1: the step table of
    metrics.measures.cwl.cwl_steps (C, W, L and the running EU, ETU, EC, ETC; ED in its details), and the largest
    grade the gains are divided by."""
    k = depth(board)
    scaled, top = gains(board, k)
    return cwl.cwl_steps(scaled, model(choice, k, p, T), items=list(board.ranking[:k])), top


FILLINGS = 1024  #: the most fillings of the unjudged items :func:`unjudged_interval` tries (4 grades, 5 items)


class Unjudged(NamedTuple):
    """What the unjudged items in the first K ranks could make of the reader's numbers (:func:`unjudged_ranges`)."""

    low: float  #: the smallest EU over every grade they could get
    high: float  #: the largest
    items: list[str]  #: the unjudged items, top first
    shares: dict[int, tuple[float, float]]  #: each one's rank -> the smallest and the largest W(i)·g(i) it adds


def unjudged_ranges(board: Board, choice: str, p: float = DEFAULT_P, T: float = DEFAULT_T) -> Unjudged | None:
    """The smallest and the largest EU of ``choice``'s reader over every filling of the unjudged items in the first K
    ranks, each given any grade from 0 to the largest on the board (metrics.measures.bounds.fill_grades, scaled as
    :func:`gains`), those items, and the range of what each of them adds to EU, W(i)·g(i), over the same fillings;
    None when none is unjudged, no grade is above 0 or there are more than :data:`FILLINGS` fillings. Every filling
    is tried: a reader who stops at a gain (RR, ERR, INST) can score less when an unjudged item above the first hit
    gains a little (and her attention W(i) moves with the gains above rank i).

    >>> from ui.model.board import Board
    >>> board = Board(grades={"a": None, "b": 1}, ranking=("a", "b"), k=2)
    >>> unjudged_ranges(board, "RR")  # a: 0 → RR 1/2 (a adds 0); a: 1 → 1 (a adds W(1)·1 = 1)
    Unjudged(low=0.5, high=1.0, items=['a'], shares={1: (0.0, 1.0)})
    """
    k = depth(board)
    scaled, top = gains(board, k)
    unknown = [i for i, item in enumerate(board.ranking[:k]) if board.grades[item] is None]
    fills = sorted({min(max(grade, 0) / top, 1.0) for grade in bounds.fill_grades(board.judged())}) if top > 0 else []
    if not unknown or not fills or len(fills) ** len(unknown) > FILLINGS:
        return None
    reader, costs = model(choice, k, p, T), np.ones(k)
    shares: dict[int, tuple[float, float]] = {}

    def value_of(filling) -> float:
        """EU of one filling, added as CWLMetric.scores adds it (what each unjudged rank adds is kept on the way)."""
        filled = np.array(bounds.filled(scaled, unknown, filling))
        w = reader.w_vector(filled, costs)
        added = w * filled
        for i in unknown:
            low, high = shares.get(i + 1, (added[i], added[i]))
            shares[i + 1] = (float(min(low, added[i])), float(max(high, added[i])))
        return float(np.dot(w, filled))

    (low, _), (high, _) = bounds.extremes(value_of, itertools.product(fills, repeat=len(unknown)))
    return Unjudged(low, high, [board.ranking[i] for i in unknown], shares)


def unjudged_interval(board: Board, choice: str, p: float = DEFAULT_P,
                      T: float = DEFAULT_T) -> tuple[float, float, list[str]] | None:
    """The smallest and the largest EU of ``choice``'s reader over every filling of the unjudged items in the first K
    ranks, and those items (:func:`unjudged_ranges`); None when no range is given.

    >>> from ui.model.board import Board
    >>> board = Board(grades={"a": None, "b": 1}, ranking=("a", "b"), k=2)
    >>> unjudged_interval(board, "RR")  # a: 0 → RR 1/2; a: 1 → 1
    (0.5, 1.0, ['a'])
    """
    ranges = unjudged_ranges(board, choice, p, T)
    return None if ranges is None else (ranges.low, ranges.high, ranges.items)


def unjudged_note(board: Board, ranges: Unjudged | None, value: float, complete: bool) -> tuple[str, str]:
    """What the page says of the unjudged items in the first K ranks, in the reader's language: ("", "") when there
    is none; while steps remain ("caption", that the range comes after the last step: it is a final value); then
    ("info", EU with them as 0 and its range over every grade they could have: ``ranges``, the page's
    :func:`unjudged_ranges`), or ("caption", why no range is given: ``ranges`` is None)."""
    unjudged = [item for item in board.ranking[:depth(board)] if board.grades[item] is None]
    if not unjudged:
        return "", ""
    items = plain(", ".join(unjudged))  # (names are the reader's text, never Markdown)
    if not complete:
        return "caption", t("What the unjudged items ({items}) could make of EU is shown after the last step.").format(
            items=items)
    if ranges is None:
        return "caption", t("Unjudged items ({items}) count 0 here; too many of them (or no grade above 0) to try "
                            "every grade they could have.").format(items=items)
    top = gains(board, 1)[1]
    return "info", t("Unjudged items ({items}) count 0 here: EU {value}. Whatever grade from 0 to {top:g} they get, "
                     "EU lies between {low} and {high}.").format(items=items, value=value_text(value), top=top,
                                                                 low=value_text(ranges.low),
                                                                 high=value_text(ranges.high))


def depth_marker(depth: float) -> Marker:
    """The expected depth ED as a line across the builder's ranking (ui.ranking.lanes.Marker), labelled in the
    reader's language: give it once every step is shown (no spoilers)."""
    return Marker(depth, t("ED = {depth}").format(depth=value_text(depth)))


def shown_curves(explanation: Explanation, step: int | None):
    """The rows of the C/W/L chart at ``step`` (None: every step): nothing of a later rank."""
    table = explanation.table
    return table if step is None else table.iloc[:step]


def picker(where, key: str) -> str:
    """The model picker (a selectbox in ``where``, its label hidden, the chosen reader's sentence its tooltip):
    the chosen key of :data:`CHOICES`."""
    # the labels translated now: AppTest calls format_func outside the run, where the language is unknown
    labels = {choice: t(label) for choice, label in CHOICES.items()}
    relabel_choice(key)
    chosen = st.session_state.get(key) if st.session_state.get(key) in labels else next(iter(labels))
    with where:
        return st.selectbox(t("Reader"), list(labels), key=key, label_visibility="collapsed", format_func=labels.get,
                            help=t(READERS[chosen]))
