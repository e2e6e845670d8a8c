r"""Bootstrap confidence intervals of a mean over queries: percentile and BCa (Efron & Tibshirani 1993,
ch. 13–14), seeded.

Draw ``trials`` resamples of the :math:`n` queries with replacement (``numpy.random.default_rng(seed)``,
``integers(0, n, (trials, n))``, the draw of ``scipy.stats.bootstrap``; past :math:`2^{22}` numbers
in blocks of rows) and take each resample's
mean :math:`\hat\theta^*_b`. With :math:`\alpha = (1 - c)/2` for confidence :math:`c`:

* **percentile**: the :math:`\alpha` and :math:`1-\alpha` quantiles of the :math:`\hat\theta^*_b`;
* **BCa** (bias-corrected and accelerated): the quantiles
  :math:`\Phi\big(\hat z_0 + \frac{\hat z_0 + z_\alpha}{1 - \hat a(\hat z_0 + z_\alpha)}\big)` and the same
  with :math:`z_{1-\alpha}`, where :math:`\hat z_0 = \Phi^{-1}(\text{share of } \hat\theta^*_b < \hat\theta)`
  (ties, up to rounding, counted half) corrects the median bias and the acceleration
  :math:`\hat a = \frac{\sum_i (\bar\theta_{(\cdot)} - \hat\theta_{(i)})^3}{6\,[\sum_i (\bar\theta_{(\cdot)} -
  \hat\theta_{(i)})^2]^{3/2}}` comes from the jackknife means :math:`\hat\theta_{(i)}` (query :math:`i` left out).

The same resampled queries serve every system at once, so the interval of a difference between two
systems is paired: :math:`\hat\theta^*_b(B) - \hat\theta^*_b(A)`. When every value is the same the
interval is that value (no spread; scipy gives NaN there).

>>> low, high = bootstrap_ci([0.2, 0.4, 0.5, 0.9, 0.3, 0.6], method="percentile", trials=2000, seed=1)
>>> round(low, 2), round(high, 2)
(0.32, 0.67)
"""

from __future__ import annotations

import numpy as np

from ..errors import MetricsInputError

METHODS = ("bca", "percentile")
TITLES = {"bca": "BCa bootstrap", "percentile": "percentile bootstrap"}
#: resamples × queries × systems held at once at most (the draw itself is one call)
_BLOCK = 1 << 22
#: relative tolerance of "a resampled mean equals the estimate" (the same numbers summed in another order)
_RTOL = 1e-12


def check_method(method: str) -> str:
    name = str(method).strip().lower()
    if name not in METHODS:
        raise MetricsInputError(f"unknown bootstrap interval {method!r}: expected one of {', '.join(METHODS)}")
    return name


def check_trials(trials, what: str = "trials") -> int:
    if isinstance(trials, bool) or not isinstance(trials, (int, np.integer)) or trials < 1:
        raise MetricsInputError(f"{what} must be a whole number of at least 1, got {trials!r}")
    return int(trials)


def check_confidence(confidence) -> float:
    if isinstance(confidence, bool) or not isinstance(confidence, (int, float)) or not 0 < confidence < 1:
        raise MetricsInputError(f"the confidence level must be between 0 and 1 (e.g. 0.95), got {confidence!r}")
    return float(confidence)


def resampled_means(values: np.ndarray, trials: int, seed: int | None) -> np.ndarray:
    """The mean of each column over ``trials`` resamples of the rows: shape (trials, columns).

    Every column uses the same resampled rows (queries), so column differences stay paired.
    """
    values = np.asarray(values, dtype=float)
    n = values.shape[0]
    rng = np.random.default_rng(seed)
    columns = values.shape[1]
    out = np.empty((trials, columns))
    step = max(1, _BLOCK // max(1, n * columns))
    for start in range(0, trials, step):
        rows = rng.integers(0, n, (min(step, trials - start), n))
        out[start:start + step] = values[rows].mean(axis=1)
    return out


def jackknife_means(column: np.ndarray) -> np.ndarray:
    """The mean with each row left out in turn: :math:`(\\sum_j x_j - x_i)/(n-1)`."""
    column = np.asarray(column, dtype=float)
    return (column.sum() - column) / (len(column) - 1)


def interval(estimate: float, resampled: np.ndarray, jackknife: np.ndarray, confidence: float,
             method: str) -> tuple[float, float]:
    """The percentile or BCa interval from the resampled statistics and the jackknife ones."""
    from scipy.special import ndtr, ndtri

    alpha = (1 - confidence) / 2
    resampled = np.asarray(resampled, dtype=float)
    if np.ptp(resampled) == 0:
        return float(resampled[0]), float(resampled[0])
    if method == "percentile":
        low, high = np.percentile(resampled, [100 * alpha, 100 * (1 - alpha)])
        return float(low), float(high)
    # a resampled mean equal to the estimate up to rounding is a tie (counted half)
    tolerance = _RTOL * max(1.0, abs(estimate))
    below = np.count_nonzero(resampled < estimate - tolerance)
    at_most = np.count_nonzero(resampled <= estimate + tolerance)
    z0 = ndtri((below + at_most) / 2 / len(resampled))
    spread = jackknife.mean() - jackknife
    denominator = float(np.sum(spread ** 2))
    acceleration = float(np.sum(spread ** 3)) / (6 * denominator ** 1.5) if denominator > 0 else 0.0
    levels = []
    for z in (ndtri(alpha), ndtri(1 - alpha)):
        levels.append(float(ndtr(z0 + (z0 + z) / (1 - acceleration * (z0 + z)))))
    if not all(np.isfinite(levels)):  # every resample on one side of the estimate
        return float(np.nan), float(np.nan)
    low, high = np.percentile(resampled, [100 * levels[0], 100 * levels[1]])
    return float(low), float(high)


def bootstrap_ci(values, confidence: float = 0.95, method: str = "bca", trials: int = 10_000,
                 seed: int | None = 0) -> tuple[float, float]:
    """The bootstrap interval of the mean of ``values`` (one number per query, at least 2).

    >>> bootstrap_ci([0.5, 0.5, 0.5])       # no spread, no width
    (0.5, 0.5)
    """
    method, confidence, trials = check_method(method), check_confidence(confidence), check_trials(trials)
    x = np.asarray(values, dtype=float)
    if x.ndim != 1 or len(x) < 2 or not np.isfinite(x).all():
        raise MetricsInputError("a bootstrap interval needs at least 2 finite numbers, one per query")
    means = resampled_means(x[:, None], trials, seed)[:, 0]
    return interval(float(x.mean()), means, jackknife_means(x), confidence, method)
