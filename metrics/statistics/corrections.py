r"""Adjusting p-values for many tests at once: Bonferroni, Holm and Benjamini–Hochberg.

With :math:`m` tests at level :math:`\alpha` each, the chance that at least one true null hypothesis is
rejected (the family-wise error rate, FWER) can reach :math:`1 - (1-\alpha)^m` (0.40 for ten independent
tests at 0.05). An adjustment turns each p-value :math:`p_i` into :math:`\tilde p_i \ge p_i`; rejecting when
:math:`\tilde p_i \le \alpha` then controls

* the FWER at :math:`\alpha`: Bonferroni, :math:`\tilde p_i = \min(1, m\,p_i)`; Holm (1979), step-down,
  :math:`\tilde p_{(i)} = \max_{j \le i} \min(1, (m - j + 1)\,p_{(j)})` on the ascending order
  :math:`p_{(1)} \le \dots \le p_{(m)}` (never larger than Bonferroni's);
* the false discovery rate (the expected share of false rejections among the rejections) at :math:`\alpha`:
  Benjamini & Hochberg (1995), step-up, :math:`\tilde p_{(i)} = \min_{j \ge i} \min(1, \tfrac{m}{j}\,p_{(j)})`
  (never larger than Holm's).

The values are those of ``statsmodels.stats.multitest.multipletests`` (``bonferroni``, ``holm``,
``fdr_bh``) and ``scipy.stats.false_discovery_control``.

>>> [round(p, 4) for p in adjust([0.01, 0.04, 0.03, 0.2], "holm")]
[0.04, 0.09, 0.09, 0.2]
>>> [round(p, 4) for p in adjust([0.01, 0.04, 0.03, 0.2], "bh")]
[0.04, 0.0533, 0.0533, 0.2]
"""

from __future__ import annotations

import numpy as np

from ..errors import MetricsInputError

#: the adjustments by name, with the long names people write
CORRECTIONS = ("none", "bonferroni", "holm", "bh")
ALIASES = {"benjamini-hochberg": "bh", "fdr_bh": "bh", "fdr": "bh", "bonf": "bonferroni"}
#: what each adjustment controls, for people
CONTROLS = {"none": "nothing: each test at its own level", "bonferroni": "the family-wise error rate",
            "holm": "the family-wise error rate", "bh": "the false discovery rate"}
#: names for people (footnotes, reprs)
TITLES = {"none": "no correction", "bonferroni": "Bonferroni", "holm": "Holm", "bh": "Benjamini–Hochberg"}


def correction_name(method: str) -> str:
    """``method`` as one of :data:`CORRECTIONS` (case and the aliases in :data:`ALIASES` accepted).

    >>> correction_name("Benjamini-Hochberg"), correction_name("Holm")
    ('bh', 'holm')
    """
    name = str(method).strip().lower()
    name = ALIASES.get(name, name)
    if name not in CORRECTIONS:
        raise MetricsInputError(f"unknown correction {method!r}: expected one of {', '.join(CORRECTIONS)}")
    return name


def adjust(p_values, method: str = "holm") -> list[float]:
    r"""The adjusted p-values, in the order given (see the module's formulas).

    Parameters
    ----------
    p_values : sequence of float in [0, 1]
        One p-value per test of the family; NaN is refused.
    method : ``"none"``, ``"bonferroni"``, ``"holm"`` or ``"bh"`` (Benjamini–Hochberg)

    >>> adjust([0.01, 0.02], "bonferroni")
    [0.02, 0.04]
    >>> adjust([], "holm")
    []
    """
    method = correction_name(method)
    p = np.asarray(list(p_values), dtype=float)
    if p.ndim != 1:
        raise MetricsInputError(f"expected a flat list of p-values, got shape {p.shape}")
    bad = np.flatnonzero(~((p >= 0) & (p <= 1)))
    if len(bad):
        raise MetricsInputError(f"p-value number {bad[0] + 1} is {p[bad[0]]}: p-values are between 0 and 1")
    m = len(p)
    if m == 0 or method == "none":
        return p.tolist()
    if method == "bonferroni":
        return np.minimum(1.0, m * p).tolist()
    order = np.argsort(p, kind="stable")
    ranked = p[order]
    out = np.empty(m)
    if method == "holm":
        out[order] = np.maximum.accumulate(np.minimum(1.0, (m - np.arange(m)) * ranked))
    else:  # bh
        scaled = np.minimum(1.0, ranked * m / np.arange(1, m + 1))
        out[order] = np.minimum.accumulate(scaled[::-1])[::-1]
    return out.tolist()
