r"""The multiple-comparisons problem, simulated: :math:`k` systems that are one system plus noise, every pair tested.

A *family* is one experiment: scores :math:`x_{jq} = \mathrm{clip}(\mu_q + \delta_j + \varepsilon_{jq}, 0, 1)` of
systems :math:`j = 1..k` on queries :math:`q = 1..n`, with a query difficulty :math:`\mu_q \sim U(0.2, 0.8)`, noise
:math:`\varepsilon_{jq} \sim N(0, \sigma^2)` and :math:`\delta_j = 0` for every system (the same system) unless
``better`` systems get a real gain :math:`\delta_j = \text{effect}`. All :math:`m = k(k-1)/2` pairs get a paired
t-test; a pair is "significant" when its p (adjusted by Bonferroni, Holm or Benjamini–Hochberg,
:mod:`.corrections`) is at most :math:`\alpha`, or, for Tukey's HSD, when
:math:`q = |\bar x_a - \bar x_b| / \sqrt{V_E / n}` exceeds the studentized range's :math:`1-\alpha` quantile
(:mod:`.anova`).

Over many families: the family-wise error rate (FWER) is the share of families with at least one false
discovery (a pair of equal systems called significant), the false discovery rate (FDR) the mean share of false
ones among the discoveries (0 when there is none; Benjamini & Hochberg 1995). With every system equal each
discovery is false, so FDR = FWER. Uncorrected, the FWER grows with :math:`m` towards
:math:`1 - (1 - \alpha)^m` (independent tests; the pairs share systems, so it stays below); Bonferroni and Holm
keep it at most :math:`\alpha`, Tukey's HSD at :math:`\alpha` (normal scores), BH keeps the FDR at most
:math:`\alpha`.

>>> r = simulate(k=10, n=25, families=200, seed=1)
>>> r.pairs, round(r.fwer["none"], 2) > 0.3, r.fwer["bonferroni"] <= 0.1
(45, True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..errors import MetricsInputError
from . import corrections

METHODS = ("none", "bonferroni", "holm", "bh", "tukey")
#: a family's size the simulation accepts at most (systems, queries, families: the work is their product)
LIMITS = {"k": 30, "n": 500, "families": 5000}


def scores(k: int, n: int, seed: int | None = 0, sd: float = 0.15, better: int = 0, effect: float = 0.1,
           families: int = 1) -> np.ndarray:
    """Scores of ``families`` experiments: shape (families, n queries, k systems); the last ``better`` systems
    gain ``effect`` on every query (see the module)."""
    _check(k, n, families, better)
    rng = np.random.default_rng(seed)
    difficulty = rng.uniform(0.2, 0.8, size=(families, n, 1))
    gain = np.zeros(k)
    gain[k - better:] = effect if better else 0.0
    return np.clip(difficulty + gain + rng.normal(0.0, sd, size=(families, n, k)), 0.0, 1.0)


def _check(k, n, families, better) -> None:
    for name, value, low in (("systems", k, 2), ("queries", n, 3), ("families", families, 1)):
        high = LIMITS[{"systems": "k", "queries": "n", "families": "families"}[name]]
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not low <= value <= high:
            raise MetricsInputError(f"{name} must be a whole number from {low} to {high}, got {value!r}")
    if not 0 <= better < k:
        raise MetricsInputError(f"better systems must be from 0 to {k - 1}, got {better!r}")


def pairs(k: int) -> list[tuple[int, int]]:
    """The pairs (a, b), a < b, in the order of :func:`.multiple.compare_systems`."""
    return [(a, b) for a in range(k) for b in range(a + 1, k)]


def pair_tests(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Paired t-tests of every pair in each family: (mean differences, p-values), shape (families, pairs),
    p as ``scipy.stats.ttest_rel`` (two-sided; 1 when every difference is 0)."""
    from scipy import stats

    x = np.asarray(x, dtype=float)
    if x.ndim == 2:
        x = x[None]
    _, n, k = x.shape
    a, b = np.array(pairs(k)).T
    d = x[:, :, b] - x[:, :, a]
    mean = d.mean(axis=1)
    sd = d.std(axis=1, ddof=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(sd > 0, mean / (sd / np.sqrt(n)), np.where(mean == 0, 0.0, np.inf))
    return mean, 2 * stats.t.sf(np.abs(t), n - 1)


def tukey_rejections(x: np.ndarray, alpha: float) -> np.ndarray:
    """Tukey's HSD after the two-way ANOVA (queries as blocks) of each family: which pairs it calls significant,
    shape (families, pairs)."""
    x = np.asarray(x, dtype=float)
    if x.ndim == 2:
        x = x[None]
    _, n, k = x.shape
    residual = x - x.mean(axis=1, keepdims=True) - x.mean(axis=2, keepdims=True) + x.mean(axis=(1, 2), keepdims=True)
    df = (k - 1) * (n - 1)
    ms = (residual ** 2).sum(axis=(1, 2)) / df
    critical = tukey_critical(alpha, k, df)
    means = x.mean(axis=1)
    a, b = np.array(pairs(k)).T
    return np.abs(means[:, b] - means[:, a]) > critical * np.sqrt(ms / n)[:, None]


@lru_cache(maxsize=256)
def tukey_critical(alpha: float, k: int, df: int) -> float:
    """The studentized range's 1 − alpha quantile for k groups and df degrees of freedom (scipy integrates it
    numerically, a second or so: kept)."""
    from scipy import stats

    return float(stats.studentized_range.isf(alpha, k, df))


def rejections(x: np.ndarray, alpha: float = 0.05) -> dict[str, np.ndarray]:
    """Method (:data:`METHODS`) -> which pairs of each family it calls significant, shape (families, pairs)."""
    _, p = pair_tests(x)
    out = {"none": p <= alpha}
    for method in ("bonferroni", "holm", "bh"):
        out[method] = np.array([corrections.adjust(row, method) for row in p]) <= alpha
    out["tukey"] = tukey_rejections(x, alpha)
    return out


@dataclass(frozen=True)
class Simulation:
    """Many families of k systems on n queries: per method the FWER, the FDR, and discoveries per family."""

    k: int
    n: int
    families: int
    alpha: float
    better: int
    pairs: int
    fwer: dict  #: method -> share of families with a false discovery
    fdr: dict  #: method -> mean share of false discoveries among the discoveries
    discoveries: dict  #: method -> mean number of pairs called significant per family
    false_discoveries: dict  #: method -> mean number of false ones per family

    def standard_error(self, rate: float) -> float:
        """The Monte Carlo standard error of a rate estimated from :attr:`families` families."""
        return float(np.sqrt(max(rate * (1 - rate), 1e-12) / self.families))


def simulate(k: int = 10, n: int = 25, families: int = 500, alpha: float = 0.05, seed: int | None = 0,
             sd: float = 0.15, better: int = 0, effect: float = 0.1) -> Simulation:
    """Simulate ``families`` experiments (see the module) and count each method's errors."""
    if not 0 < alpha < 1:
        raise MetricsInputError(f"alpha must be between 0 and 1, got {alpha!r}")
    x = scores(k, n, seed, sd, better, effect, families)
    found = rejections(x, alpha)
    a, b = np.array(pairs(k)).T
    # a pair is a true null when both systems are equal: both among the first k − better, or both better
    equal = (a < k - better) == (b < k - better)
    fwer, fdr, discoveries, false = {}, {}, {}, {}
    for method, rejected in found.items():
        wrong = (rejected & equal).sum(axis=1)
        total = rejected.sum(axis=1)
        fwer[method] = float((wrong > 0).mean())
        fdr[method] = float(np.where(total > 0, wrong / np.maximum(total, 1), 0.0).mean())
        discoveries[method] = float(total.mean())
        false[method] = float(wrong.mean())
    return Simulation(k=k, n=n, families=families, alpha=float(alpha), better=better, pairs=len(a), fwer=fwer,
                      fdr=fdr, discoveries=discoveries, false_discoveries=false)
