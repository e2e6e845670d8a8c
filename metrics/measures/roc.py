"""ROC curve, ROC AUC and the confusion matrix at one threshold.

Everything here takes binary ``labels`` (0 = negative, 1 = positive) and real-valued
``scores`` (higher = more likely positive), one per example, and works on plain numbers:
no plotting, no streamlit.  Ties in the scores form a single threshold, exactly as in
:func:`sklearn.metrics.roc_curve`, so a tie between a positive and a negative is a
diagonal segment of the curve and earns half credit in the AUC (Hanley & McNeil, The meaning and use of the
area under a receiver operating characteristic (ROC) curve, Radiology 143(1), 1982; Fawcett, An introduction to
ROC analysis, Pattern Recognition Letters 27(8), 2006).

>>> labels = [1, 0, 1, 0]
>>> scores = [0.9, 0.8, 0.4, 0.4]
>>> roc_auc(labels, scores)
0.625
"""

from __future__ import annotations

import math
from functools import partial
from numbers import Real

import numpy as np

from .._lazy import pandas as pd  # (on first use: batch evaluation imports the registry, which imports this module)
from .._validate import _short
from ..errors import MetricsInputError
from ..explanation import Explanation, Line, num, so_far
from ..messages import N_
from .wording import by_count

__all__ = ["roc_curve", "roc_auc", "roc_auc_steps", "roc_auc_explanation", "confusion_at", "ARTICLE_NOTES"]

#: Mistakes found in the seed articles (``/work/shared/seeds``) about the measures of this
#: module; key ``<article number>_<topic>``, value a short English explanation.
ARTICLE_NOTES: dict[str, str] = {
    "001_confusion_matrix": (
        N_("Article 001's confusion_marix() computes precision as PPV = FP / (TP + FP), the share "
           "of predicted positives that are wrong (the false discovery rate); precision is "
           "TP / (TP + FP). Its F1 = 2 / (1/TPR + 1/PPV) therefore uses the wrong precision, and "
           "it raises ZeroDivisionError whenever TP = 0 (1/TPR with TPR = 0), and also when "
           "TP + FN = 0 or TP + FP = 0. Here precision = TP / (TP + FP), "
           "F1 = 2TP / (2TP + FP + FN), and every 0/0 is reported as 0.0.")
    ),
    "001_recall_wording": (
        N_("Article 001 writes Recall = TP / (TP + FN) (correct) but describes it as 'of everything "
           "predicted True, how much is really true' - that sentence describes precision. Recall is "
           "the share of the real positives that were predicted positive.")
    ),
    "001_roc_axes": (
        N_("Article 001 says the ROC curve plots FP on the x-axis and TP on the y-axis; the axes are "
           "the rates FPR = FP / (FP + TN) and TPR = TP / (TP + FN), so both run from 0 to 1. An AUC "
           "above 0.5 is not guaranteed (a worse-than-random scorer has AUC < 0.5), and the "
           "empirical curve is a staircase, not necessarily concave.")
    ),
}


# ----------------------------------------------------------------------------- validation


def _preview(values, limit: int = 6) -> str:
    values = list(values)
    text = ", ".join(repr(v) for v in values[:limit])
    return f"[{text}{', ...' if len(values) > limit else ''}]"


def _raw(values) -> list:
    """The values as a list (a NumPy array or pandas Series through ``tolist``); None if not a sequence."""
    try:
        return list(values.tolist() if hasattr(values, "tolist") else values)
    except TypeError:  # a 0-d array, an object that only claims to be iterable
        return None


def _as_labels(labels) -> np.ndarray:
    if isinstance(labels, (str, bytes)) or not hasattr(labels, "__iter__"):
        raise MetricsInputError(f"labels must be a sequence of 0/1 values, got {labels!r}")
    if isinstance(labels, (np.ndarray, pd.Series)) and labels.ndim == 1 \
            and isinstance(labels.dtype, np.dtype) and labels.dtype.kind in "biuf":
        array = np.asarray(labels)
        if np.all((array == 0) | (array == 1)):  # fast path; NaN fails the test
            return array.astype(np.int64)
    raw = _raw(labels)
    if raw is None:
        raise MetricsInputError(f"labels must be a sequence of 0/1 values, got {labels!r}")
    bad = []
    out = np.empty(len(raw), dtype=np.int64)
    for position, value in enumerate(raw):
        if isinstance(value, (bool, np.bool_)):
            out[position] = int(value)
        elif isinstance(value, Real) and not (isinstance(value, float) and math.isnan(value)) and value in (0, 1):
            out[position] = int(value)
        else:
            bad.append((position, value))
    if bad:
        position, value = bad[0]
        more = (f" ({len(bad) - 1} more {by_count(len(bad) - 1, 'label is', 'labels are')} not 0/1 either)"
                if len(bad) > 1 else "")
        raise MetricsInputError(f"labels at position {position + 1} must be 0 or 1, got {value!r}{more}")
    return out


def _as_scores(scores) -> np.ndarray:
    if isinstance(scores, (str, bytes)) or not hasattr(scores, "__iter__"):
        raise MetricsInputError(f"scores must be a sequence of numbers, got {scores!r}")
    raw = _raw(scores)
    if raw is None:
        raise MetricsInputError(f"scores must be a sequence of numbers, got {scores!r}")
    try:
        out = np.asarray(raw, dtype=float)
    except OverflowError:  # an int beyond float64 (about 1.8e308)
        position = next(i for i, value in enumerate(raw, start=1) if _too_large(value))
        raise MetricsInputError(f"scores at position {position} must be a finite number (not NaN or infinite), got "
                                f"{_short(raw[position - 1])}") from None
    except (TypeError, ValueError):
        raise MetricsInputError(f"scores must be numbers, got {_preview(raw)}") from None
    if out.ndim != 1:
        raise MetricsInputError(f"scores must be one-dimensional, got shape {out.shape}")
    bad = np.flatnonzero(~np.isfinite(out))
    if bad.size:
        more = (f" ({bad.size - 1} more {by_count(bad.size - 1, 'score is', 'scores are')} not finite either)"
                if bad.size > 1 else "")
        raise MetricsInputError(
            f"scores at position {bad[0] + 1} must be a finite number (not NaN or infinite), got {raw[bad[0]]!r}{more}")
    return out


def _too_large(value) -> bool:
    try:
        float(value)
    except OverflowError:
        return True
    except (TypeError, ValueError):
        pass
    return False


def _validate(labels, scores, *, need_both_classes: bool = True) -> tuple[np.ndarray, np.ndarray]:
    y = _as_labels(labels)
    s = _as_scores(scores)
    if len(y) != len(s):
        raise MetricsInputError(f"labels and scores differ in length: {len(y)} labels, {len(s)} scores")
    if len(y) == 0:
        raise MetricsInputError("labels and scores are empty")
    if need_both_classes:
        positives = int(y.sum())
        if positives == 0 or positives == len(y):
            only = "1 (positive)" if positives else "0 (negative)"
            raise MetricsInputError(
                f"ROC needs both classes, but all {len(y)} labels are {only}: "
                "TPR or FPR would divide by zero")
    return y, s


# ----------------------------------------------------------------------------- ROC curve


def _curve_counts(y: np.ndarray, s: np.ndarray):
    """Distinct thresholds (descending) with cumulative tp/fp counts, without the start point."""
    order = np.argsort(-s, kind="mergesort")
    s_sorted, y_sorted = s[order], y[order]
    # last index of every run of equal scores
    ends = np.r_[np.flatnonzero(s_sorted[1:] != s_sorted[:-1]), len(s_sorted) - 1]
    tp = np.cumsum(y_sorted)[ends]
    fp = (ends + 1) - tp
    return s_sorted[ends], tp, fp


def roc_curve(labels, scores) -> pd.DataFrame:
    r"""The ROC curve: one row per distinct score threshold, plus the start point (0, 0).

    An example is predicted positive when its score is at least the threshold.  Row 0 has
    threshold ``inf`` (nothing predicted positive); each further row lowers the threshold to
    the next distinct score, so tied scores move the curve in one (possibly diagonal) step.

    .. math::

        \mathrm{TPR}(t) = \frac{TP(t)}{P} = \frac{|\{i : y_i = 1,\ s_i \ge t\}|}{P}, \qquad
        \mathrm{FPR}(t) = \frac{FP(t)}{N} = \frac{|\{i : y_i = 0,\ s_i \ge t\}|}{N}

    Parameters
    ----------
    labels : sequence of {0, 1}
        True classes; both must occur.
    scores : sequence of float
        Finite scores, same length as ``labels``.

    Returns
    -------
    pandas.DataFrame
        Columns ``threshold, tp, fp, tn, fn, tpr, fpr``, thresholds descending.  The points
        ``(fpr, tpr)`` are those of ``sklearn.metrics.roc_curve(..., drop_intermediate=False)``.

    Raises
    ------
    MetricsInputError
        If the lengths differ, a label is not 0/1, a score is NaN or infinite, the input is
        empty, or only one class is present.

    Examples
    --------
    Two positives (0.9, 0.4) and two negatives (0.8, 0.4); the tie at 0.4 is one step:

    >>> roc_curve([1, 0, 1, 0], [0.9, 0.8, 0.4, 0.4])
       threshold  tp  fp  tn  fn  tpr  fpr
    0        inf   0   0   2   2  0.0  0.0
    1        0.9   1   0   2   1  0.5  0.0
    2        0.8   1   1   1   1  0.5  0.5
    3        0.4   2   2   0   0  1.0  1.0
    """
    y, s = _validate(labels, scores)
    thresholds, tp, fp = _curve_counts(y, s)
    positives, negatives = int(y.sum()), int(len(y) - y.sum())
    tp = np.r_[0, tp].astype(np.int64)
    fp = np.r_[0, fp].astype(np.int64)
    return pd.DataFrame({
        "threshold": np.r_[np.inf, thresholds],
        "tp": tp,
        "fp": fp,
        "tn": negatives - fp,
        "fn": positives - tp,
        "tpr": tp / positives,
        "fpr": fp / negatives,
    })


def _trapezoids(labels, scores):
    curve = roc_curve(labels, scores)
    positives = int(curve["tp"].iloc[-1])
    negatives = int(curve["fp"].iloc[-1])
    tp = curve["tp"].to_numpy()
    fp = curve["fp"].to_numpy()
    # twice the area of each trapezoid in "count units" (P * N cells): an exact integer
    doubled = (fp[1:] - fp[:-1]) * (tp[1:] + tp[:-1])
    return curve, doubled, 2 * positives * negatives


def roc_auc(labels, scores) -> float:
    r"""Area under the ROC curve, by the trapezoid rule over :func:`roc_curve`.

    .. math::

        \mathrm{AUC} = \sum_{j=1}^{m} (\mathrm{FPR}_j - \mathrm{FPR}_{j-1})\,
        \frac{\mathrm{TPR}_{j-1} + \mathrm{TPR}_j}{2}
        = P(s^+ > s^-) + \tfrac12 P(s^+ = s^-)

    The second form is the Mann-Whitney statistic: over all P x N (positive, negative) pairs,
    the share in which the positive scores higher, a tie counting one half.  The areas are
    summed as exact integers (in units of 1 / (2PN)) and divided once, so the result is the
    correctly rounded value of that fraction.

    Parameters
    ----------
    labels : sequence of {0, 1}
        True classes; both must occur.
    scores : sequence of float
        Finite scores, same length as ``labels``.

    Returns
    -------
    float
        The AUC, in [0, 1]; 0.5 for scores that carry no information.

    Raises
    ------
    MetricsInputError
        As :func:`roc_curve`.

    Examples
    --------
    Pairs (positive, negative): (0.9, 0.8) win, (0.9, 0.4) win, (0.4, 0.8) loss,
    (0.4, 0.4) tie, so AUC = (1 + 1 + 0 + 0.5) / 4 = 0.625:

    >>> roc_auc([1, 0, 1, 0], [0.9, 0.8, 0.4, 0.4])
    0.625
    """
    _, doubled, denominator = _trapezoids(labels, scores)
    return int(doubled.sum()) / denominator


def roc_auc_steps(labels, scores) -> pd.DataFrame:
    r"""The trapezoids whose areas add up to :func:`roc_auc`, one per segment of the curve.

    Segment *j* joins curve points *j-1* and *j*; its area is

    .. math::

        A_j = (\mathrm{FPR}_j - \mathrm{FPR}_{j-1}) \cdot \frac{\mathrm{TPR}_{j-1} + \mathrm{TPR}_j}{2}

    A vertical segment (only positives at that threshold) has width 0 and area 0; a diagonal
    one comes from a tie between positives and negatives.

    Parameters
    ----------
    labels, scores
        As :func:`roc_curve`.

    Returns
    -------
    pandas.DataFrame
        Columns ``step`` (1, 2, ...), ``threshold`` (reached at the end of the segment),
        ``from_fpr, to_fpr, width, tpr_left, tpr_right, area, running_area``.  The last
        ``running_area`` equals ``roc_auc(labels, scores)`` exactly.

    Raises
    ------
    MetricsInputError
        As :func:`roc_curve`.

    Examples
    --------
    >>> steps = roc_auc_steps([1, 0, 1, 0], [0.9, 0.8, 0.4, 0.4])
    >>> steps[["from_fpr", "to_fpr", "tpr_left", "tpr_right", "area", "running_area"]]
       from_fpr  to_fpr  tpr_left  tpr_right   area  running_area
    0       0.0     0.0       0.0        0.5  0.000         0.000
    1       0.0     0.5       0.5        0.5  0.250         0.250
    2       0.5     1.0       0.5        1.0  0.375         0.625
    """
    curve, doubled, denominator = _trapezoids(labels, scores)
    fpr = curve["fpr"].to_numpy()
    tpr = curve["tpr"].to_numpy()
    running = np.cumsum(doubled)
    return pd.DataFrame({
        "step": np.arange(1, len(doubled) + 1),
        "threshold": curve["threshold"].to_numpy()[1:],
        "from_fpr": fpr[:-1],
        "to_fpr": fpr[1:],
        "width": fpr[1:] - fpr[:-1],
        "tpr_left": tpr[:-1],
        "tpr_right": tpr[1:],
        "area": doubled / denominator,
        "running_area": running / denominator,
    })


# ----------------------------------------------------------------------------- one threshold


def _ratio(numerator: int, denominator: int) -> float:
    return numerator / denominator if denominator else 0.0


def confusion_at(labels, scores, threshold) -> dict:
    r"""Confusion matrix and the usual rates when predicting positive for ``score >= threshold``.

    .. math::

        \mathrm{TPR} = \frac{TP}{TP + FN},\quad \mathrm{FPR} = \frac{FP}{FP + TN},\quad
        \mathrm{precision} = \frac{TP}{TP + FP},\quad
        \mathrm{accuracy} = \frac{TP + TN}{TP + FP + TN + FN},\quad
        F_1 = \frac{2\,TP}{2\,TP + FP + FN}

    :math:`F_1` written this way equals the harmonic mean of precision and recall whenever both
    are positive, and is 0 (not an error) when TP = 0.

    **Zero division:** every ratio whose denominator is 0 is reported as ``0.0`` - TPR with no
    positives, FPR with no negatives, precision with nothing predicted positive, and F1 when
    there are no positives and nothing is predicted positive.  (scikit-learn's
    ``zero_division=0.0`` gives the same numbers.)  Unlike :func:`roc_curve`, a single class is
    therefore allowed here.

    Parameters
    ----------
    labels : sequence of {0, 1}
        True classes.
    scores : sequence of float
        Finite scores, same length as ``labels``.
    threshold : float
        Predict positive when ``score >= threshold``; may be ``inf`` or ``-inf``, not NaN.

    Returns
    -------
    dict
        ``tp, fp, tn, fn`` (int) and ``tpr`` (recall), ``fpr``, ``precision``, ``accuracy``,
        ``f1`` (float).

    Raises
    ------
    MetricsInputError
        If the lengths differ, a label is not 0/1, a score is not finite, the input is empty,
        or the threshold is not a number.

    Examples
    --------
    At threshold 0.5 the predictions are 1, 1, 0, 0 against labels 1, 0, 1, 0:
    TP = 1, FP = 1, TN = 1, FN = 1, precision = 1/2, recall = 1/2, F1 = 2/(2+1+1):

    >>> confusion_at([1, 0, 1, 0], [0.9, 0.8, 0.4, 0.4], 0.5)
    {'tp': 1, 'fp': 1, 'tn': 1, 'fn': 1, 'tpr': 0.5, 'fpr': 0.5, 'precision': 0.5, 'accuracy': 0.5, 'f1': 0.5}
    """
    y, s = _validate(labels, scores, need_both_classes=False)
    if isinstance(threshold, (bool, np.bool_)) or not isinstance(threshold, (Real, np.number)):
        raise MetricsInputError(f"threshold must be a number, got {threshold!r}")
    try:
        cut = float(threshold)
    except OverflowError:  # an int beyond float64 lies beyond every score
        cut = math.inf if threshold > 0 else -math.inf
    if math.isnan(cut):
        raise MetricsInputError(f"threshold must be a number, got {threshold!r}")
    predicted = s >= cut
    tp = int(np.sum(predicted & (y == 1)))
    fp = int(np.sum(predicted & (y == 0)))
    fn = int(np.sum(~predicted & (y == 1)))
    tn = int(np.sum(~predicted & (y == 0)))
    return {
        "tp": tp,
        "fp": fp,
        "tn": tn,
        "fn": fn,
        "tpr": _ratio(tp, tp + fn),
        "fpr": _ratio(fp, fp + tn),
        "precision": _ratio(tp, tp + fp),
        "accuracy": _ratio(tp + tn, tp + fp + tn + fn),
        "f1": _ratio(2 * tp, 2 * tp + fp + fn),
    }


# ----------------------------------------------------------------------------- worked formula

AUC_FORMULA = (r"\mathrm{AUC} = \sum_{i=1}^{m} (\mathrm{FPR}_i - \mathrm{FPR}_{i-1}) \cdot "
               r"\frac{\mathrm{TPR}_i + \mathrm{TPR}_{i-1}}{2}")

#: largest number of (positive, negative) pairs for which the pair table is built
MAX_PAIRS = 2500


def _pair_counts(y: np.ndarray, s: np.ndarray) -> tuple[int, int, int]:
    """(wins, ties, losses) over all (positive, negative) pairs, in O(n log n)."""
    positives = s[y == 1]
    negatives = np.sort(s[y == 0])
    below = np.searchsorted(negatives, positives, side="left")
    not_above = np.searchsorted(negatives, positives, side="right")
    wins = int(below.sum())
    ties = int((not_above - below).sum())
    return wins, ties, len(positives) * len(negatives) - wins - ties


def _auc_lines(table: pd.DataFrame, step: int, text: bool) -> tuple[Line, ...]:
    """The trapezoids of segments 1..``step`` (every segment, a vertical one adds 0), then their areas."""
    shown = table.iloc[:step]
    sides = zip(shown["from_fpr"], shown["to_fpr"], shown["tpr_left"], shown["tpr_right"])
    if text:
        terms = tuple(f"({num(b)} - {num(a)})·({num(left)} + {num(right)})/2" for a, b, left, right in sides)
    else:
        terms = tuple(rf"({num(b)} - {num(a)})\cdot\frac{{{num(left)} + {num(right)}}}{{2}}" for a, b, left, right in sides)
    value = num(shown["running_area"].iloc[-1])
    lhs = so_far("AUC" if text else r"\mathrm{AUC}", step, len(table), text)
    zeros = tuple(bool(area == 0) for area in shown["area"])  # a folded sum shows the trapezoids that add area
    if step == 1:  # one trapezoid: its area is the value
        return (Line(lhs, terms, result=value, zeros=zeros),)
    return (Line(lhs, terms, zeros=zeros), Line("", tuple(num(area) for area in shown["area"]), result=value, zeros=zeros))


def roc_auc_explanation(labels, scores, items=None):
    r"""Explain the ROC AUC: the trapezoids, the formula with their numbers, and the pair count.

    .. math::

        \mathrm{AUC} = \sum_{i=1}^{m} (\mathrm{FPR}_i - \mathrm{FPR}_{i-1}) \cdot
        \frac{\mathrm{TPR}_i + \mathrm{TPR}_{i-1}}{2}
        = \frac{\#\{s^+ > s^-\} + \tfrac12 \#\{s^+ = s^-\}}{P \cdot N}

    The table is :func:`roc_auc_steps` (one row per segment of the curve); its last
    ``running_area`` is the value, so the value equals :func:`roc_auc` exactly.  Every segment is
    a term of the worked sum, so term j is row j of the table (a vertical one adds 0); at step j
    (:meth:`~metrics.explanation.Explanation.worked_at`) the sum holds segments 1..j.

    Parameters
    ----------
    labels, scores
        As :func:`roc_curve`.
    items : sequence of str, optional
        Names of the examples (default ``1, 2, ...``), used by the pair table.

    Returns
    -------
    metrics.explanation.Explanation
        ``measure="AUC"``, ``column="running_area"``.  ``details``: ``P``, ``N`` (class sizes),
        ``wins``, ``ties``, ``losses`` (over the P x N positive-negative pairs),
        ``mann_whitney`` (LaTeX, two lines joined by ``\\``, as ``worked``) and ``mann_whitney_text``, ``curve`` (:func:`roc_curve`) and
        ``pairs``: a DataFrame with one row per positive and one column per negative item whose
        cells are the credit of that pair (1 win, 0.5 tie, 0 loss), or ``None`` above
        ``MAX_PAIRS`` pairs.

    Raises
    ------
    MetricsInputError
        As :func:`roc_curve`, and if ``items`` has the wrong length.

    Examples
    --------
    >>> e = roc_auc_explanation([1, 0, 1, 0], [0.9, 0.8, 0.4, 0.4])
    >>> e.value
    0.625
    >>> print(e.worked_text)
    AUC = (0 - 0)·(0 + 0.5)/2 + (0.5 - 0)·(0.5 + 0.5)/2 + (1 - 0.5)·(0.5 + 1)/2
        = 0 + 0.25 + 0.375 = 0.625
    >>> print(e.details["mann_whitney_text"])
    AUC = (wins + ties/2) / (P·N) = (2 + 1/2) / (2·2) = 2.5 / 4 = 0.625
    """
    y, s = _validate(labels, scores)
    if items is None:
        names = [str(i) for i in range(1, len(y) + 1)]
    else:
        raw = _raw(items)
        if raw is None:
            raise MetricsInputError(f"items must be a sequence of names, got {items!r}")
        names = [str(i) for i in raw]
        if len(names) != len(y):
            raise MetricsInputError(f"items and labels differ in length: {len(names)} items, {len(y)} labels")
    table = roc_auc_steps(y, s)
    value = float(table["running_area"].iloc[-1])
    P, N = int(y.sum()), int(len(y) - y.sum())
    wins, ties, losses = _pair_counts(y, s)
    half = f"{ties}/2"
    credit = wins + ties / 2
    mann_whitney = (rf"\mathrm{{AUC}} = \frac{{\#\{{s^+ > s^-\}} + \tfrac12\,\#\{{s^+ = s^-\}}}}{{P \cdot N}}"
                    rf" \\ = \frac{{{wins} + \tfrac12\cdot{ties}}}{{{P}\cdot{N}}} = \frac{{{num(credit)}}}{{{P * N}}}"
                    rf" = {num(value)}")
    mann_whitney_text = (f"AUC = (wins + ties/2) / (P·N) = ({wins} + {half}) / ({P}·{N}) = "
                         f"{num(credit)} / {P * N} = {num(value)}")
    pairs = None
    if P * N <= MAX_PAIRS:
        positive, negative = s[y == 1], s[y == 0]
        cells = np.where(positive[:, None] > negative[None, :], 1.0,
                         np.where(positive[:, None] == negative[None, :], 0.5, 0.0))
        labels_of = np.asarray(names, dtype=object)
        pairs = pd.DataFrame(cells, index=list(labels_of[y == 1]), columns=list(labels_of[y == 0]))
    return Explanation.written(
        writer=partial(_auc_lines, table), measure="AUC", value=value, table=table, formula=AUC_FORMULA,
        column="running_area", running={"AUC": "running_area"},
        details={"P": P, "N": N, "wins": wins, "ties": ties, "losses": losses, "mann_whitney": mann_whitney,
                 "mann_whitney_text": mann_whitney_text, "curve": roc_curve(y, s), "pairs": pairs},
    )
