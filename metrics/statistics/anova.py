r"""Two-way ANOVA without replication (systems × topics, one score per cell) and Tukey's HSD from it.

Scores :math:`x_{ij}` of systems :math:`i = 1..m` on topics (queries) :math:`j = 1..n`; the topics are
blocks (Sakai 2018, *Laboratory Experiments in Information Retrieval*, ch. 4):

.. math::

    S_A = n \sum_i (\bar x_{i\cdot} - \bar x)^2 \quad S_B = m \sum_j (\bar x_{\cdot j} - \bar x)^2 \quad
    S_T = \sum_{ij} (x_{ij} - \bar x)^2 \quad S_E = S_T - S_A - S_B

with :math:`\phi_A = m - 1`, :math:`\phi_B = n - 1`, :math:`\phi_E = (m-1)(n-1)`, mean squares
:math:`V = S/\phi` and :math:`F_A = V_A / V_E` (p from the F distribution). Tukey's HSD for systems
:math:`i, k`: :math:`q = |\bar x_{i\cdot} - \bar x_{k\cdot}| / \sqrt{V_E / n}`, p from the studentized range
distribution with :math:`m` groups and :math:`\phi_E` degrees of freedom
(``scipy.stats.studentized_range``); the difference is significant at :math:`\alpha` when it exceeds
:math:`\mathrm{HSD} = q_{1-\alpha}(m, \phi_E)\sqrt{V_E/n}`. Sakai's effect size of the difference is
:math:`ES_E = (\bar x_{k\cdot} - \bar x_{i\cdot}) / \sqrt{V_E}`.

>>> x = [[0.7, 0.5, 0.0], [0.3, 0.1, 0.0], [0.2, 0.0, 0.2], [0.6, 0.2, 0.1], [0.4, 0.4, 0.3]]
>>> a = two_way_anova(x)        # rows are topics, columns systems
>>> a
Anova(3 systems × 5 topics: F(systems) = 4.7805 on 2 and 8 df, p = 0.0431; V_E = 0.0273)
>>> round(a.tukey_p(0, 2), 4), round(a.effect_size(0, 2), 4)
(0.0371, -1.9355)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..errors import MetricsInputError
from ..explanation import num


@dataclass(frozen=True, repr=False)
class Anova:
    """The two-way ANOVA without replication of a topics × systems matrix (see the module)."""

    n_systems: int
    n_topics: int
    system_means: tuple[float, ...]
    grand_mean: float
    table: pd.DataFrame  #: rows systems, topics, residual, total; columns SS, df, MS, F, p

    @property
    def ms_residual(self) -> float:
        """:math:`V_E`, the residual mean square."""
        return float(self.table.loc["residual", "MS"])

    @property
    def df_residual(self) -> int:
        return int(self.table.loc["residual", "df"])

    @property
    def standard_error(self) -> float:
        r""":math:`\sqrt{V_E / n}`, the standard error of a system mean in Tukey's test."""
        return math.sqrt(self.ms_residual / self.n_topics)

    def tukey_q(self, i: int, k: int) -> float:
        """The studentized range statistic of systems i and k (columns of the matrix)."""
        diff = abs(self.system_means[k] - self.system_means[i])
        if self.standard_error == 0:
            return 0.0 if diff == 0 else math.inf
        return diff / self.standard_error

    def tukey_p(self, i: int, k: int) -> float:
        from scipy import stats

        return float(stats.studentized_range.sf(self.tukey_q(i, k), self.n_systems, self.df_residual))

    def q_critical(self, alpha: float) -> float:
        from scipy import stats

        return float(stats.studentized_range.isf(alpha, self.n_systems, self.df_residual))

    def hsd(self, alpha: float) -> float:
        """The honestly significant difference: the smallest difference of means significant at ``alpha``."""
        return self.q_critical(alpha) * self.standard_error

    def effect_size(self, i: int, k: int) -> float:
        r"""Sakai's :math:`ES_E = (\bar x_k - \bar x_i) / \sqrt{V_E}` (NaN or ±inf when :math:`V_E = 0`)."""
        diff = self.system_means[k] - self.system_means[i]
        root = math.sqrt(self.ms_residual)
        if root == 0:
            return math.nan if diff == 0 else math.copysign(math.inf, diff)
        return diff / root

    def to_dict(self) -> dict:
        table = self.table.astype(object).where(self.table.notna(), None)
        return {"n_systems": self.n_systems, "n_topics": self.n_topics, "grand_mean": self.grand_mean,
                "system_means": list(self.system_means), "table": table.to_dict("index")}

    def __repr__(self) -> str:
        row = self.table.loc["systems"]
        return (f"Anova({self.n_systems} systems × {self.n_topics} topics: F(systems) = {num(row['F'])} on "
                f"{int(row['df'])} and {self.df_residual} df, p = {num(row['p'])}; V_E = {num(self.ms_residual)})")


def two_way_anova(values) -> Anova:
    """Two-way ANOVA without replication of ``values``: rows are topics, columns systems (at least 2 × 2)."""
    from scipy import stats

    x = np.asarray(values, dtype=float)
    if x.ndim != 2 or x.shape[0] < 2 or x.shape[1] < 2:
        raise MetricsInputError(f"a two-way ANOVA needs a topics × systems table of at least 2 × 2, got shape "
                                f"{x.shape}")
    if not np.isfinite(x).all():
        raise MetricsInputError("a two-way ANOVA needs a finite score in every cell")
    n, m = x.shape
    grand = float(x.mean())
    system_means, topic_means = x.mean(axis=0), x.mean(axis=1)
    ss_systems = float(n * np.sum((system_means - grand) ** 2))
    ss_topics = float(m * np.sum((topic_means - grand) ** 2))
    ss_total = float(np.sum((x - grand) ** 2))
    # the residual from its own terms, not S_T − S_A − S_B (which can come out slightly negative)
    ss_residual = float(np.sum((x - system_means[None, :] - topic_means[:, None] + grand) ** 2))
    df_s, df_t, df_e = m - 1, n - 1, (m - 1) * (n - 1)
    ms_e = ss_residual / df_e
    rows = {}
    for name, ss, df in (("systems", ss_systems, df_s), ("topics", ss_topics, df_t)):
        ms = ss / df
        f = ms / ms_e if ms_e > 0 else (math.nan if ms == 0 else math.inf)
        p = float(stats.f.sf(f, df, df_e)) if math.isfinite(f) else (0.0 if f == math.inf else math.nan)
        rows[name] = {"SS": ss, "df": df, "MS": ms, "F": f, "p": p}
    rows["residual"] = {"SS": ss_residual, "df": df_e, "MS": ms_e, "F": math.nan, "p": math.nan}
    rows["total"] = {"SS": ss_total, "df": n * m - 1, "MS": math.nan, "F": math.nan, "p": math.nan}
    table = pd.DataFrame.from_dict(rows, orient="index")
    table["df"] = table["df"].astype(int)
    return Anova(n_systems=m, n_topics=n, system_means=tuple(float(v) for v in system_means),
                 grand_mean=grand, table=table)
