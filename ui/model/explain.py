"""One board, one measure: its :class:`~metrics.explanation.Explanation` under the board's conventions.

Every page, the handout, the presenter, a live class's follower view and its questions ask this module, so that
they never disagree about the inputs a board gives a measure: the grades in ranked order, the item names, the
relevance threshold, the AP denominator and R (the relevant judged items), nDCG's gain and ideal ordering.
Plain Python, no Streamlit.
"""

from __future__ import annotations

from metrics.explanation import Explanation
from metrics.measures.ap import ap_steps
from metrics.measures.cutoff import f1_steps, hit_rate_steps, precision_steps, r_precision_steps, recall_steps
from metrics.measures.ndcg import ndcg_steps
from metrics.measures.rr import rr_steps
from ui.model.board import Board

#: the measures a board explains: nDCG (its table also carries DCG and IDCG), AP, RR, P, R, F1 and Hit at K,
#: R-precision
MEASURES = ("nDCG", "AP", "RR", "P", "R", "F1", "Hit", "Rprec")


def depth(board: Board, measure: str) -> int:
    """The deepest cut-off K of ``measure`` on ``board`` (its K slider's top), at least 1: for nDCG the longer of
    the ranking and the judged items (the ideal ordering may hold judged items the ranking lacks), else the
    ranking's length."""
    _known(measure)
    if measure == "nDCG":
        return max(1, len(board.ranking), len(board.judged()))
    return max(1, len(board.ranking))


def board_k(board: Board, measure: str) -> int:
    """The board's K, clipped to :func:`depth`: the K a page shows ``measure`` at."""
    return min(board.k, depth(board, measure))


def explain(board: Board, measure: str, k: int | None = None, *, gain: str | None = None,
            cut: bool = True) -> Explanation:
    """``measure`` (one of :data:`MEASURES`) on ``board`` at ``k`` (None: :func:`board_k`; a given K is used as it
    is), under the board's conventions.

    ``gain`` replaces the board's nDCG gain (a page comparing linear with exponential gain); ``cut=False`` is RR
    without a cut-off (trec_eval's recip_rank, as the quiz asks it), ``k`` then unused. R-precision has no K.
    """
    _known(measure)
    rels, items, threshold = board.rels(), board.ranking, board.threshold
    k = board_k(board, measure) if k is None else k
    if measure == "nDCG":
        return ndcg_steps(rels, k=k, gain=gain or board.gain, ideal=board.ideal_grades(), items=items,
                          ideal_items=board.ideal_items(), ideal_from=board.ideal)
    if measure == "RR":
        return rr_steps(rels, k=k if cut else None, items=items, threshold=threshold)
    relevant = board.n_relevant(threshold)
    if measure == "AP":
        return ap_steps(rels, k=k, n_relevant=relevant, denominator=board.ap_denominator, items=items,
                        threshold=threshold)
    if measure == "Rprec":
        return r_precision_steps(rels, n_relevant=relevant, items=items, threshold=threshold)
    if measure in ("P", "Hit"):
        steps = precision_steps if measure == "P" else hit_rate_steps
        return steps(rels, k, items=items, threshold=threshold)
    steps = recall_steps if measure == "R" else f1_steps
    return steps(rels, k, n_relevant=relevant, items=items, threshold=threshold)


def _known(measure: str) -> None:
    if measure not in MEASURES:
        raise ValueError(f"a board explains {', '.join(MEASURES)}, not {measure!r}")
