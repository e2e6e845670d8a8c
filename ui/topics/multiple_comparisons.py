"""What the "Multiple comparisons" page shows: one family of identical systems (metrics.statistics.simulation) and
many of them, cached on their settings, as plotly figures."""

from __future__ import annotations

import numpy as np
import streamlit as st

from metrics.statistics import simulation as sim
from metrics.statistics.multiple import Comparison, compare_systems
from ui import charts
from ui.i18n import N_, t

#: the methods for people, in the order shown
METHODS = {"none": N_("no correction"), "bonferroni": N_("Bonferroni"), "holm": N_("Holm"),
           "bh": N_("Benjamini–Hochberg"), "tukey": N_("Tukey's HSD")}
FAMILIES = 200  #: families simulated live (a rerun stays under about a second at 20 systems)
SIGNIFICANT = "#C92A2A"


@st.cache_data(show_spinner=False, max_entries=16)
def family(k: int, n: int, seed: int) -> tuple[np.ndarray, dict]:
    """One family's scores (queries × systems) and each method's significant pairs."""
    x = sim.scores(k, n, seed)[0]
    return x, {method: rejected[0] for method, rejected in sim.rejections(x).items()}


@st.cache_data(show_spinner=False, max_entries=16)
def p_values(k: int, n: int, seed: int) -> np.ndarray:
    return sim.pair_tests(family(k, n, seed)[0])[1][0]


@st.cache_data(show_spinner=False, max_entries=16)
def many_families(k: int, n: int, seed: int) -> sim.Simulation:
    return sim.simulate(k=k, n=n, families=FAMILIES, seed=seed)


@st.cache_data(show_spinner=False, max_entries=16)
def compared(k: int, n: int, seed: int) -> Comparison:
    """The family compared as the Many systems page would (paired t-tests, Holm), with effect sizes and intervals."""
    x = family(k, n, seed)[0]
    return compare_systems({system_name(j): dict(enumerate(x[:, j])) for j in range(k)}, test="t",
                           correction="holm", trials=2000, seed=seed)


def telling_pairs(c: Comparison) -> tuple:
    """The two pairs the last stage tells about: the one of the smallest p (the family's largest difference), and the
    widest interval of a pair that is not significant (None if every other pair is)."""
    top = min(c.pairs, key=lambda pair: pair.p)
    quiet = [pair for pair in c.pairs if not pair.significant and pair is not top]
    return top, max(quiet, key=lambda pair: pair.ci[1] - pair.ci[0], default=None)


def system_name(j: int) -> str:
    return f"S{j + 1}"


def means_chart(x: np.ndarray):
    """Each system's mean over the queries: one system, k times, plus noise."""
    k = x.shape[1]
    names = [system_name(j) for j in range(k)]
    trace = dict(type="bar", x=names, y=x.mean(axis=0).tolist(), marker=dict(color=charts.ACCENT),
                 hovertemplate="%{x}: %{y:.4f}<extra></extra>")
    low, high = float(x.mean(axis=0).min()), float(x.mean(axis=0).max())
    pad = max(high - low, 0.01)
    return charts.figure([trace], t("Mean score of each system (the same system each time)"), t("system"),
                         t("mean"), 300, xaxis=dict(type="category"), yaxis=dict(range=[low - pad, high + pad]),
                         showlegend=False, margin=dict(l=60, r=20, t=50, b=40))


def p_matrix(k: int, p: np.ndarray, alpha: float = 0.05):
    """The uncorrected p of every pair as a k × k heatmap; p ≤ alpha in red (330 px high: beside stage 2's text on a
    1280×720 screen)."""
    z = np.full((k, k), np.nan)
    for (a, b), value in zip(sim.pairs(k), p):
        z[a, b] = z[b, a] = value
    names = [system_name(j) for j in range(k)]
    colour = [[0, SIGNIFICANT], [alpha, SIGNIFICANT], [alpha + 1e-9, "#DCE6F2"], [1, "#FFFFFF"]]
    trace = dict(type="heatmap", z=[[None if np.isnan(v) else float(v) for v in row] for row in z], x=names, y=names,
                 colorscale=colour, zmin=0, zmax=1, hovertemplate="%{y} · %{x}: p = %{z:.4f}<extra></extra>",
                 colorbar=dict(title=dict(text="p")))
    return charts.figure([trace], t("p of each pair (paired t-test); red: p ≤ {alpha}").format(alpha=alpha),
                         "", "", 330, xaxis=dict(type="category"), yaxis=dict(type="category", autorange="reversed"),
                         margin=dict(l=50, r=20, t=50, b=40))


def counts_chart(found: dict, pairs: int):
    """How many of the pairs each method calls significant, in this one family."""
    labels = [t(METHODS[m]) for m in METHODS]
    counts = [int(found[m].sum()) for m in METHODS]
    trace = dict(type="bar", x=labels, y=counts, text=[str(c) for c in counts], textposition="outside",
                 cliponaxis=False, marker=dict(color=[SIGNIFICANT] + [charts.ACCENT] * 4),
                 hovertemplate="%{x}: %{y}<extra></extra>")
    return charts.figure([trace], t("“Significant” pairs of {pairs}, every one of them a false alarm").format(
        pairs=pairs), "", t("pairs"), 300, showlegend=False, yaxis=dict(rangemode="tozero"),
        margin=dict(l=60, r=20, t=50, b=40))


def rates_chart(r: sim.Simulation):
    """FWER (and FDR) of each method over the families, with alpha and 1 − (1 − alpha)^m as lines."""
    labels = [t(METHODS[m]) for m in METHODS]
    values = [r.fwer[m] for m in METHODS]
    errors = [2 * r.standard_error(v) for v in values]
    trace = dict(type="bar", x=labels, y=values, error_y=dict(type="data", array=errors),
                 marker=dict(color=charts.ACCENT), hovertemplate="%{x}: %{y:.3f}<extra></extra>")
    # each value above its error bar's top, not on it (a bar's own outside text sits where the error bar is drawn)
    values_text = dict(type="scatter", mode="text", x=labels, y=[v + e for v, e in zip(values, errors)],
                       text=[f"{v:.3f}" for v in values], textposition="top center", cliponaxis=False,
                       hoverinfo="skip")
    independent = 1 - (1 - r.alpha) ** r.pairs
    lines = [(r.alpha, t("α = {alpha}").format(alpha=r.alpha), SIGNIFICANT),
             (independent, t("1 − (1 − α)^m = {value}").format(value=f"{independent:.3f}"), charts.MISS)]
    return charts.figure(
        [trace, values_text], t("Family-wise error rate over {families} families (= false discovery rate here)").format(
            families=r.families), "", t("share of families"), 340, showlegend=False,
        yaxis=dict(range=[0, 1.1]), margin=dict(l=60, r=20, t=50, b=40),
        shapes=[dict(type="line", xref="paper", x0=0, x1=1, y0=y, y1=y, line=dict(color=c, dash="dash", width=2))
                for y, _, c in lines],
        annotations=[dict(xref="paper", x=1, y=y, text=text, showarrow=False, xanchor="right", yanchor="bottom",
                          font=dict(color=c)) for y, text, c in lines])


def intervals_chart(c: Comparison, shown: list):
    """The mean difference of some pairs with its bootstrap interval, and 0."""
    names = [f"{p.b} − {p.a}" for p in shown]
    trace = dict(type="scatter", mode="markers", y=names, x=[p.diff for p in shown], marker=dict(size=12,
                 color=charts.ACCENT), error_x=dict(type="data", symmetric=False,
                                                    array=[p.ci[1] - p.diff for p in shown],
                                                    arrayminus=[p.diff - p.ci[0] for p in shown]),
                 hovertemplate="%{y}: %{x:+.4f}<extra></extra>")
    return charts.figure([trace], t("Mean difference with its 95% bootstrap interval"), t("difference"), "",
                         280, showlegend=False, yaxis=dict(type="category", autorange="reversed"),
                         xaxis=dict(zeroline=True, zerolinewidth=2, zerolinecolor="#444"),
                         margin=dict(l=90, r=20, t=50, b=40))
