r"""What swapping two items does to a measure: an n × n matrix of changes, one cell per pair of ranks.

For a ranked list :math:`\pi` and a measure :math:`M`, cell :math:`(i, j)` holds

.. math::

    \Delta_{ij} = M(\pi \circ \tau_{ij}) - M(\pi)

where :math:`\pi \circ \tau_{ij}` is the list with the items at ranks :math:`i` and :math:`j`
traded. Each :math:`M` is the measure's own function, called on the swapped list; this module
only swaps and subtracts. The matrix is symmetric with a zero diagonal; positive cells are the
swaps that would help.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from .._binary import THRESHOLD
from .._validate import as_choice, as_count, as_grades, as_items, as_k
from ..errors import MetricsInputError
from ..measures.ap import average_precision
from ..measures.cutoff import precision_at_k, recall_steps
from ..measures.ndcg import ndcg
from ..measures.rr import reciprocal_rank

#: measures :func:`swap_effects` can evaluate
SWAP_MEASURES = ("nDCG", "AP", "RR", "P", "R")


def _measure(measure: str, k, gain, ideal, n_relevant, denominator, threshold):
    """The chosen measure as a function of the grades in ranked order."""
    if measure == "nDCG":
        return lambda rels: ndcg(rels, k, gain=gain, ideal=ideal)
    if measure == "AP":
        return lambda rels: average_precision(rels, k=k, n_relevant=n_relevant, denominator=denominator,
                                              threshold=threshold)
    if measure == "RR":
        return lambda rels: reciprocal_rank(rels, k=k, threshold=threshold)
    if k is None:
        raise MetricsInputError(f"{measure} needs a cut-off k")
    if measure == "P":
        return lambda rels: precision_at_k(rels, k, threshold=threshold)
    return lambda rels: recall_steps(rels, k, n_relevant, threshold=threshold).value


def swap_effects(rels, k: int | None = None, gain: str = "linear", ideal=None, measure: str = "nDCG", *,
                 items=None, n_relevant: int | None = None, denominator: str | None = None,
                 threshold: float = THRESHOLD, depth: int | None = None) -> pd.DataFrame:
    r"""The change in ``measure`` when the items at ranks i and j trade places, for every pair.

    .. math:: \Delta_{ij} = M(\pi \circ \tau_{ij}) - M(\pi)

    Parameters
    ----------
    rels : grades in ranked order.
    k : cut-off of the measure (None: the whole list).
    gain, ideal : as in :func:`metrics.ndcg` (``ideal``: grades of all judged items; default
        ``rels``). Swapping never changes the ideal ordering.
    measure : ``"nDCG"``, ``"AP"``, ``"RR"``, ``"P"`` or ``"R"`` (P and R need k).
    items : labels for the index and columns (default: ranks 1..n).
    n_relevant, denominator, threshold : as in :func:`metrics.average_precision` and
        :func:`metrics.recall_at_k` (R defaults to the relevant items in ``rels``).
    depth : only ranks 1..depth in the matrix (the rest of the list still counts).

    Returns
    -------
    pandas.DataFrame
        ``depth × depth`` (default n × n), symmetric, 0 on the diagonal. Pairs whose grades are
        equal, and pairs both below rank k, change nothing and are not evaluated.

    Examples
    --------
    Swapping the two items of ``[0, 1]`` puts the relevant one first: nDCG goes from
    (1/log2 3) / 1 = 0.631 to 1, a change of +0.369.

    >>> swap_effects([0, 1]).round(3)
           1      2
    1  0.000  0.369
    2  0.369  0.000
    >>> swap_effects([1, 0, 1], measure="AP", items=["a", "b", "c"]).round(3)   # AP = (1 + 2/3) / 2
          a      b      c
    a  0.00 -0.250  0.000
    b -0.25  0.000  0.167
    c  0.00  0.167  0.000
    """
    grades = as_grades(rels)
    k = as_k(k)
    as_choice(measure, SWAP_MEASURES, "measure")
    n_relevant = as_count(n_relevant, "n_relevant")
    labels = list(range(1, grades.size + 1)) if items is None else as_items(items, grades.size)
    if items is not None and len(set(labels)) != len(labels):
        raise MetricsInputError("swap_effects: item labels must be unique")
    size = grades.size if depth is None else min(as_k(depth, "depth"), grades.size)
    score = _measure(measure, k, gain, ideal, n_relevant, denominator, threshold)
    base = score(grades)
    delta = np.zeros((size, size))
    for i in range(size):
        for j in range(i + 1, size):
            if grades[i] == grades[j] or (k is not None and i >= k):
                continue
            swapped = grades.copy()
            swapped[[i, j]] = swapped[[j, i]]
            delta[i, j] = delta[j, i] = score(swapped) - base
    return pd.DataFrame(delta, index=labels[:size], columns=labels[:size])
