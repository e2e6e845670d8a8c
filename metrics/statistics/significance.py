r"""Comparing two systems on the same queries: paired differences, a confidence interval for the
mean difference, a paired t-test and a paired (sign-flip) randomization test.

Two systems A and B are scored on the same queries :math:`q = 1 \dots n` (one measure, e.g.
nDCG@10). Everything here works on the paired differences

.. math::

    d_q = b_q - a_q \qquad \bar d = \frac{1}{n}\sum_q d_q \qquad
    s = \sqrt{\frac{1}{n-1}\sum_q (d_q - \bar d)^2}

(positive: B is better on that query). The statistics come from :mod:`scipy.stats`
(``t.ppf``, ``ttest_rel``); the randomization test counts sign flips with numpy.

Inputs are either two :class:`pandas.Series` indexed by query (e.g. columns of
:attr:`metrics.batch.evaluation.Evaluation.per_query`), paired on the queries both have, or two sequences
of numbers already paired position by position. Bad input raises
:class:`~metrics.errors.MetricsInputError`: no query in common, fewer than 2 pairs, a NaN or
infinite value, sequences of different lengths.

>>> import pandas as pd
>>> a = pd.Series({"q1": 0.5, "q2": 0.25, "q3": 0.75})
>>> b = pd.Series({"q1": 0.75, "q2": 0.25, "q3": 0.5, "q4": 1.0})
>>> paired_differences(a, b)
  query     a     b  difference winner
0    q3  0.75  0.50       -0.25      A
1    q2  0.25  0.25        0.00    tie
2    q1  0.50  0.75        0.25      B
>>> exact_randomization_test(a, b)   # 4 of the 8 sign flips give |mean| >= 0
1.0
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pandas as pd

from ..errors import MetricsInputError

#: columns of :func:`paired_differences`
COLUMNS = ("query", "a", "b", "difference", "winner")
#: a difference whose absolute value is at most this is a tie (measure values are in [0, 1];
#: equal scores computed along different paths may differ by rounding)
TIE_TOLERANCE = 1e-12
#: the exact randomization test enumerates 2**n sign flips: n is at most this
MAX_EXACT = 20
#: relative tolerance when comparing a flipped sum with the observed one: sums of the same numbers
#: added in another order differ by rounding, and an equal sum must count as "at least as extreme"
_RTOL = 1e-10
#: random signs drawn per block (rows × queries), so memory stays small for many queries
_BLOCK = 1 << 20


# --------------------------------------------------------------------------------------------
# pairing


def paired_differences(per_query_a: pd.Series, per_query_b: pd.Series) -> pd.DataFrame:
    r"""The per-query scores of two systems side by side, on the queries both have.

    Parameters
    ----------
    per_query_a, per_query_b : pandas.Series
        One measure's value per query, indexed by query id (compared as text).

    Returns
    -------
    pandas.DataFrame
        Columns ``query``, ``a``, ``b``, ``difference`` (:math:`d_q = b_q - a_q`) and ``winner``
        (``"B"`` when :math:`d_q > 0`, ``"A"`` when :math:`d_q < 0`, ``"tie"`` when
        :math:`|d_q| \le` :data:`TIE_TOLERANCE`), one row per common query, sorted by difference
        ascending (A's biggest wins first), equal differences by query id.

    Raises
    ------
    MetricsInputError
        No query in common, a query listed twice, a NaN or infinite value on a common query.

    >>> a = pd.Series({"101": 0.2, "102": 0.9, "103": 0.4})
    >>> b = pd.Series({"102": 0.6, "103": 0.9, "101": 0.2})
    >>> paired_differences(a, b)[["query", "difference", "winner"]].to_dict("list")
    {'query': ['102', '101', '103'], 'difference': [-0.30000000000000004, 0.0, 0.5], 'winner': ['A', 'tie', 'B']}
    """
    a, b = _by_query(per_query_a, "A"), _by_query(per_query_b, "B")
    common = a.index.intersection(b.index, sort=False)
    if len(common) == 0:
        raise MetricsInputError(f"the two systems have no query in common (A: {_some(a.index)}; "
                                f"B: {_some(b.index)})")
    left, right = a.loc[common], b.loc[common]
    for name, values in (("A", left), ("B", right)):
        bad = values.index[~np.isfinite(values.to_numpy(dtype=float))]
        if len(bad):
            raise MetricsInputError(f"system {name} has no finite score for query {bad[0]!r} "
                                    f"(NaN or infinite)")
    difference = right.to_numpy(dtype=float) - left.to_numpy(dtype=float)
    winner = np.where(difference > TIE_TOLERANCE, "B", np.where(difference < -TIE_TOLERANCE, "A", "tie"))
    frame = pd.DataFrame({"query": pd.array(list(common), dtype="str"), "a": left.to_numpy(dtype=float),
                          "b": right.to_numpy(dtype=float), "difference": difference,
                          "winner": pd.array(winner.tolist(), dtype="str")})
    return frame.sort_values(["difference", "query"], kind="stable").reset_index(drop=True)


def wins_losses_ties(pairs: pd.DataFrame) -> dict[str, int]:
    """How many queries B wins, A wins, and how many are ties, from :func:`paired_differences`.

    >>> pairs = paired_differences(pd.Series({"q1": 0.1, "q2": 0.5, "q3": 0.3}),
    ...                            pd.Series({"q1": 0.4, "q2": 0.5, "q3": 0.6}))
    >>> wins_losses_ties(pairs)
    {'B': 2, 'A': 0, 'tie': 1}
    """
    counts = pairs["winner"].value_counts()
    return {key: int(counts.get(key, 0)) for key in ("B", "A", "tie")}


def paired_means(pairs: pd.DataFrame) -> tuple[float, float]:
    r"""The mean score of A and of B on the paired queries: :math:`\bar a, \bar b`, so that
    :math:`\bar b - \bar a = \bar d`.

    >>> paired_means(paired_differences(pd.Series({"q1": 0.25, "q2": 0.75}), pd.Series({"q1": 0.5, "q2": 1.0})))
    (0.5, 0.75)
    """
    return float(pairs["a"].mean()), float(pairs["b"].mean())


def _by_query(values, name: str) -> pd.Series:
    if not isinstance(values, pd.Series):
        raise MetricsInputError(f"system {name}: expected a pandas Series indexed by query, "
                                f"got {type(values).__name__}")
    series = pd.Series(pd.to_numeric(values, errors="coerce").to_numpy(dtype=float),
                       index=pd.Index([str(q) for q in values.index], dtype="str"))
    duplicated = series.index[series.index.duplicated()]
    if len(duplicated):
        raise MetricsInputError(f"system {name} lists query {duplicated[0]!r} twice")
    return series


def _some(index, limit: int = 5) -> str:
    shown = ", ".join(str(q) for q in list(index)[:limit])
    more = len(index) - limit
    return (shown + (f", … ({more} more)" if more > 0 else "")) if len(index) else "none"


def _differences(a, b) -> np.ndarray:
    """``b − a`` as a float array: Series are paired by query, sequences position by position."""
    if isinstance(a, pd.Series) and isinstance(b, pd.Series):
        d = paired_differences(a, b)["difference"].to_numpy(dtype=float)
    else:
        left, right = _numbers(a, "A"), _numbers(b, "B")
        if len(left) != len(right):
            raise MetricsInputError(f"paired scores need the same number of queries: A has {len(left)}, "
                                    f"B has {len(right)}")
        d = right - left
    return _check_differences(d)


def _numbers(values, name: str) -> np.ndarray:
    try:
        array = np.asarray(values, dtype=float)
    except (TypeError, ValueError) as error:
        raise MetricsInputError(f"system {name}: the scores are not numbers ({error})") from None
    if array.ndim != 1:
        raise MetricsInputError(f"system {name}: expected one score per query (a flat list), "
                                f"got an array of shape {array.shape}")
    bad = np.flatnonzero(~np.isfinite(array))
    if len(bad):
        raise MetricsInputError(f"system {name}: score number {bad[0] + 1} is {array[bad[0]]} "
                                "(NaN or infinite)")
    return array


def _check_differences(differences) -> np.ndarray:
    if isinstance(differences, pd.DataFrame):
        differences = differences["difference"]
    d = _numbers(differences, "difference")
    if len(d) < 2:
        raise MetricsInputError(f"a paired comparison needs at least 2 queries, got {len(d)}")
    return d


# --------------------------------------------------------------------------------------------
# confidence interval and t-test


def difference_summary(differences, confidence: float = 0.95) -> dict[str, float]:
    r"""The pieces of the confidence interval of the mean difference (for a worked formula).

    .. math::

        \bar d \pm t_{(1+c)/2,\;n-1} \cdot \frac{s}{\sqrt n}

    with :math:`c` the confidence level, :math:`s` the sample standard deviation of the
    differences (divided by :math:`n-1`) and :math:`t_{p,\nu}` the :math:`p`-quantile of
    Student's t distribution with :math:`\nu` degrees of freedom (``scipy.stats.t.ppf``).

    Returns
    -------
    dict
        ``n``, ``mean``, ``sd``, ``se`` (:math:`s/\sqrt n`), ``df``, ``t_critical``,
        ``half_width``, ``low``, ``high``, ``confidence``.

    >>> s = difference_summary([0.1, 0.2, 0.3])
    >>> {key: round(value, 4) for key, value in s.items()}  # doctest: +NORMALIZE_WHITESPACE
    {'n': 3, 'mean': 0.2, 'sd': 0.1, 'se': 0.0577, 'df': 2, 't_critical': 4.3027,
     'half_width': 0.2484, 'low': -0.0484, 'high': 0.4484, 'confidence': 0.95}
    """
    from scipy import stats

    d = _check_differences(differences)
    if not (isinstance(confidence, (int, float)) and 0 < confidence < 1):
        raise MetricsInputError(f"the confidence level must be between 0 and 1 (e.g. 0.95), got {confidence!r}")
    n = len(d)
    mean = float(d.mean())
    sd = float(d.std(ddof=1))
    se = sd / math.sqrt(n)
    t_critical = float(stats.t.ppf((1 + confidence) / 2, n - 1))
    half = t_critical * se
    return {"n": n, "mean": mean, "sd": sd, "se": se, "df": n - 1, "t_critical": t_critical,
            "half_width": half, "low": mean - half, "high": mean + half, "confidence": float(confidence)}


def mean_difference_ci(differences, confidence: float = 0.95) -> tuple[float, float, float]:
    r"""The mean difference and its confidence interval from the t distribution.

    .. math::

        \bar d \pm t_{(1+c)/2,\;n-1} \cdot \frac{s}{\sqrt n}

    (see :func:`difference_summary`). It assumes the queries are a random sample of queries and
    that the mean difference is roughly normal (many queries, or differences not too skewed).

    Parameters
    ----------
    differences : sequence of float, or the DataFrame of :func:`paired_differences`
        :math:`d_q = b_q - a_q`, at least 2.
    confidence : float
        The level :math:`c`, 0.95 for a 95% interval.

    Returns
    -------
    (mean, low, high)

    >>> [round(x, 4) for x in mean_difference_ci([0.1, 0.2, 0.3])]    # 0.2 ± 4.3027 · 0.1/√3
    [0.2, -0.0484, 0.4484]
    >>> mean_difference_ci([0.05, 0.05])                               # no spread: no width
    (0.05, 0.05, 0.05)
    """
    s = difference_summary(differences, confidence)
    return s["mean"], s["low"], s["high"]


def paired_t_test(a, b) -> tuple[float, float]:
    r"""Two-sided paired t-test of "A and B have the same mean score" (``scipy.stats.ttest_rel``).

    .. math::

        t = \frac{\bar d}{s / \sqrt n}, \qquad p = 2\,\Pr(T_{n-1} \ge |t|)

    with :math:`d_q = b_q - a_q`, so :math:`t > 0` when B scores higher on average. When every
    difference is the same, :math:`s = 0`: scipy gives :math:`t = \pm\infty, p = 0` (all equal
    and not zero) or :math:`t = p = \mathrm{NaN}` (all zero).

    Parameters
    ----------
    a, b : two Series indexed by query (paired on common queries), or two equally long sequences.

    Returns
    -------
    (t, p)

    >>> t, p = paired_t_test([0.2, 0.4, 0.6, 0.5], [0.3, 0.6, 0.6, 0.8])
    >>> round(t, 4), round(p, 4)                  # d = 0.1, 0.2, 0, 0.3: 0.15 / (0.1291/√4)
    (2.3238, 0.1027)
    """
    from scipy import stats

    d = _differences(a, b)
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)
        result = stats.ttest_rel(d, np.zeros_like(d))
    return float(result.statistic), float(result.pvalue)


# --------------------------------------------------------------------------------------------
# randomization test


def randomization_test(a, b, trials: int = 10_000, seed: int | None = 0) -> float:
    r"""Two-sided paired randomization (sign-flip) test of the mean difference.

    If A and B were interchangeable, each query's difference :math:`d_q` was as likely to come out
    as :math:`-d_q`. Draw ``trials`` random sign vectors :math:`\varepsilon \in \{-1, +1\}^n`
    (each sign a fair coin) and count the flipped means at least as far from 0 as the observed one:

    .. math::

        p = \frac{1 + \#\{r : |\tfrac1n \sum_q \varepsilon_{rq} d_q| \ge |\bar d|\}}{1 + \text{trials}}

    The +1 in numerator and denominator (counting the observed assignment as one of the trials)
    is applied: the estimate is never 0 and is a valid p-value (Phipson & Smyth 2010); the
    smallest value it can give is :math:`1/(1+\text{trials})`. It estimates
    :func:`exact_randomization_test` within Monte Carlo error, about
    :math:`\sqrt{p(1-p)/\text{trials}}`. Equality is judged up to rounding (relative 1e-10).

    Parameters
    ----------
    a, b : two Series indexed by query (paired on common queries), or two equally long sequences.
    trials : int
        Random sign vectors drawn (at least 1).
    seed : int or None
        Seed of ``numpy.random.default_rng``: the same seed gives the same p.

    >>> a, b = [0.2, 0.4, 0.6, 0.5, 0.1], [0.3, 0.6, 0.6, 0.8, 0.4]
    >>> round(randomization_test(a, b, trials=20_000), 2)    # exact: 4 of 32 flips → 0.125
    0.12
    """
    d = _differences(a, b)
    if isinstance(trials, bool) or not isinstance(trials, (int, np.integer)) or trials < 1:
        raise MetricsInputError(f"trials must be a whole number of at least 1, got {trials!r}")
    observed, tolerance = observed_extreme(d)
    extreme = sum(int(np.count_nonzero(np.abs(sums) >= observed - tolerance))
                  for sums in random_flipped_sums(d, int(trials), seed))
    return (1 + extreme) / (1 + int(trials))


def random_flipped_sums(d: np.ndarray, trials: int, seed: int | None):
    r"""The sums :math:`\sum_q \varepsilon_q d_q` of ``trials`` random sign vectors (each sign a fair coin,
    ``numpy.random.default_rng(seed)``), yielded in blocks so memory stays small for many queries."""
    n = len(d)
    rng = np.random.default_rng(seed)
    total = d.sum()
    rows = max(1, _BLOCK // n)
    for start in range(0, trials, rows):
        count = min(rows, trials - start)
        flips = rng.integers(0, 2, size=(count, n), dtype=np.int8).astype(float)
        yield total - 2.0 * (flips @ d)  # Σ ε_q d_q, with ε_q = −1 where a flip was drawn


def exact_randomization_test(a, b) -> float:
    r"""The exact two-sided paired randomization test: all :math:`2^n` sign flips enumerated.

    .. math::

        p = \frac{\#\{\varepsilon \in \{-1,+1\}^n : |\sum_q \varepsilon_q d_q| \ge |\sum_q d_q|\}}{2^n}

    The observed signs are one of the :math:`2^n`, so :math:`p \ge 2/2^n` unless all differences are 0
    (then :math:`p = 1`). Works for :math:`n \le` :data:`MAX_EXACT` queries (:math:`2^{20}` sums).
    The sums are built by doubling: start from ``[0]``, and for each query append ``sums + d_q``
    and ``sums − d_q``.

    >>> exact_randomization_test([0.2, 0.4, 0.6, 0.5, 0.1], [0.3, 0.6, 0.6, 0.8, 0.4])
    0.125
    """
    d = _differences(a, b)
    n = len(d)
    if n > MAX_EXACT:
        raise MetricsInputError(f"the exact test enumerates 2^n sign flips: at most {MAX_EXACT} queries, "
                                f"got {n} (use randomization_test)")
    observed, tolerance = observed_extreme(d)
    sums = all_flipped_sums(d)
    return int(np.count_nonzero(np.abs(sums) >= observed - tolerance)) / len(sums)


def all_flipped_sums(d: np.ndarray) -> np.ndarray:
    r"""The :math:`2^n` sums :math:`\sum_q \varepsilon_q d_q`, one per sign vector, built by doubling."""
    sums = np.zeros(1)
    for value in d:
        sums = np.concatenate((sums + value, sums - value))
    return sums


def observed_extreme(d: np.ndarray) -> tuple[float, float]:
    """|Σ d| and the rounding tolerance of comparisons with it."""
    return abs(float(d.sum())), _RTOL * float(np.abs(d).sum())


# --------------------------------------------------------------------------------------------
# the Monte Carlo precision of a randomised p


#: ``trials="auto"``: the first number of random sign flips, doubled until the p is decided or the cap is reached
AUTO_START = 10_000
#: ``trials="auto"``: the most random sign flips drawn (the last doubling stops here)
AUTO_CAP = 1_000_000


def p_precision(extreme: int, trials: int, confidence: float = 0.95) -> dict:
    r"""How precise a sampled randomization p is: its Monte Carlo standard error and a Clopper–Pearson interval.

    ``extreme`` of ``trials`` random assignments were at least as extreme as the observed one, so ``extreme``
    is Binomial(``trials``, :math:`p_\text{exact}`), :math:`p_\text{exact}` the share of all assignments that
    are (the exact test's p). The standard error of :math:`\hat p = (1 + b)/(1 + N)` is
    :math:`\sqrt{\hat p(1 - \hat p)/N}`; the interval is the exact (Clopper–Pearson) binomial interval of
    :math:`b/N` from the beta quantiles, which covers :math:`p_\text{exact}` in at least ``confidence`` of
    the seeds.

    Parameters
    ----------
    extreme : int
        Random assignments at least as extreme as the observed one (:math:`b`).
    trials : int
        Random assignments drawn (:math:`N`).
    confidence : float
        The interval's coverage.

    Returns
    -------
    dict
        ``{"p", "se", "low", "high"}``.

    >>> {k: round(v, 4) for k, v in p_precision(480, 10_000).items()}
    {'p': 0.0481, 'se': 0.0021, 'low': 0.0439, 'high': 0.0524}
    """
    from scipy.stats import beta

    b, n = int(extreme), int(trials)
    p = (1 + b) / (1 + n)
    tail = (1 - confidence) / 2
    low = float(beta.ppf(tail, b, n - b + 1)) if b > 0 else 0.0
    high = float(beta.ppf(1 - tail, b + 1, n - b)) if b < n else 1.0
    return {"p": p, "se": math.sqrt(p * (1 - p) / n), "low": low, "high": high}


def straddle_warning(precision: dict, alpha: float) -> str | None:
    """``p = 0.0485 ± 0.0096 straddles α = 0.05: raise --trials`` when the interval holds ``alpha``, else None
    (± half the interval's width, to two significant digits and at least 3 decimals).

    >>> straddle_warning(p_precision(480, 10_000), 0.05)
    'p = 0.0481 ± 0.0042 straddles α = 0.05: raise --trials'
    """
    if not precision["low"] <= alpha <= precision["high"]:
        return None
    half = (precision["high"] - precision["low"]) / 2
    places = max(3, 1 - math.floor(math.log10(half))) if half > 0 else 3  # two significant digits of the ±
    return f"p = {precision['p']:.{places}f} ± {half:.{places}f} straddles α = {alpha:g}: raise --trials"


def sampled_randomization(d: np.ndarray, trials, seed: int | None, alpha: float = 0.05) -> dict:
    r"""The sampled sign-flip test of the differences ``d`` with its precision; ``trials="auto"`` decides at ``alpha``.

    With a number of trials, draw that many sign vectors. With ``"auto"``, draw :data:`AUTO_START`, and while the
    95% interval of the p (:func:`p_precision`) holds ``alpha`` double the number and draw afresh with the same
    seed, up to :data:`AUTO_CAP` (10,000, 20,000, …, 640,000, then 1,000,000; deterministic given the seed).

    Returns
    -------
    dict
        ``{"p", "se", "low", "high", "extreme", "trials", "sums", "warning"}``: ``warning`` (or None) when the
        interval still holds ``alpha``; ``sums`` the last draw's flipped sums.
    """
    observed, tolerance = observed_extreme(d)
    auto = trials == "auto"
    n = AUTO_START if auto else int(trials)
    while True:
        sums = np.concatenate(list(random_flipped_sums(d, n, seed)))
        extreme = int(np.count_nonzero(np.abs(sums) >= observed - tolerance))
        found = p_precision(extreme, n)
        warning = straddle_warning(found, alpha)
        if not auto or warning is None or n >= AUTO_CAP:
            return {**found, "extreme": extreme, "trials": n, "sums": sums, "warning": warning}
        n = min(2 * n, AUTO_CAP)


def check_trials(trials):
    """A whole number of at least 1, or ``"auto"``."""
    if trials == "auto":
        return trials
    if isinstance(trials, bool) or not isinstance(trials, (int, np.integer)) or trials < 1:
        raise MetricsInputError(f"trials must be a whole number of at least 1 or 'auto', got {trials!r}")
    return int(trials)
