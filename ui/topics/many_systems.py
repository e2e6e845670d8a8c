"""What the "Many systems" page shows: runs scored on one qrels (metrics.evaluate), compared measure by measure
(metrics.statistics.multiple.compare_systems), drawn as plotly figures: the means with their intervals, the pairwise
matrix as a heatmap, each run's per-query difference from the baseline."""

from __future__ import annotations

import io
import math

import numpy as np
import streamlit as st

import metrics
from metrics.cli import run_names
from metrics.statistics import report
from metrics.statistics.multiple import Comparison, compare_systems
from ui import charts
from ui.data import dataset
from ui.i18n import N_, t

#: the matrix's fields -> their names for people
MATRIX = {"diff": N_("difference (row − column)"), "p_adjusted": N_("adjusted p"),
          "effect_size": N_("effect size (row − column)")}


@st.cache_data(show_spinner=False, max_entries=32)
def per_query(qrels: tuple[str, bytes], run: tuple[str, bytes], measures: tuple[str, ...],
              count_missing: bool) -> dict[str, dict[str, float]]:
    """One run's per-query values of ``measures`` against the qrels: measure -> {query: value}."""
    judged, ranked = dataset.qrels_and_run(qrels, run)
    return metrics.evaluate(judged, ranked, list(measures), count_missing=count_missing).to_dict()


def names(runs) -> list[str]:
    """The runs' names: their file names without extension, as the command line names them."""
    return run_names([name for name, _ in runs])


def scores(qrels, runs, measures: tuple[str, ...], count_missing: bool) -> dict[str, dict[str, dict[str, float]]]:
    """measure -> run -> {query: value}; any problem a MetricsInputError naming the file."""
    labels = dataset.guarded(", ".join(name for name, _ in runs), lambda: names(runs))
    out: dict[str, dict] = {m: {} for m in measures}
    for label, run in zip(labels, runs):
        values = dataset.guarded(f"{qrels[0]} + {run[0]}", lambda run=run: per_query(qrels, run, measures,
                                                                                    count_missing))
        for measure in measures:
            out[measure][label] = values.get(measure, {})
    return out


def missing(plain: dict[str, dict[str, float]], counted: dict[str, dict[str, float]] | None = None) -> dict:
    """Query -> the runs without it (``plain``: run -> {query: value} as scored without ``-c``): the queries some run
    lacks among those any run has, or, with ``counted`` (the same scored with ``-c``), among every counted query."""
    queries = dict.fromkeys(q for values in (counted or plain).values() for q in values)
    out = {q: tuple(run for run, values in plain.items() if q not in values) for q in queries}
    return {q: runs for q, runs in out.items() if runs}


@st.cache_data(show_spinner=False, max_entries=32)
def compare(values: dict, test: str, correction: str, alpha: float, seed: int, count_missing: bool,
            measure: str) -> Comparison:
    """compare_systems with the page's settings (cached on them)."""
    return compare_systems(values, test=test, correction=correction, alpha=alpha, seed=seed,
                           count_missing=count_missing, measure=measure)


def written(comparisons, output: str) -> str:
    """The results table as the command line writes it (``markdown``, ``latex``)."""
    out = io.StringIO()
    report.WRITERS[output](comparisons, out)
    return out.getvalue()


def means_chart(c: Comparison):
    """Each run's mean with its bootstrap interval; the baseline's mean as a dashed line."""
    runs = list(c.runs)
    means = [c.means[r] for r in runs]
    low = [c.means[r] - c.ci[r][0] for r in runs]
    high = [c.ci[r][1] - c.means[r] for r in runs]
    trace = dict(type="scatter", mode="markers", x=runs, y=means, marker=dict(size=14, color=charts.ACCENT),
                 error_y=dict(type="data", symmetric=False, array=high, arrayminus=low, thickness=2, width=8),
                 customdata=[list(c.ci[r]) for r in runs], name=t("mean"),
                 hovertemplate="%{x}<br>" + t("mean") + " %{y:.4f}<br>[%{customdata[0]:.4f}, %{customdata[1]:.4f}]"
                               "<extra></extra>")
    level = f"{100 * c.details['confidence']:g}%"
    return charts.figure([trace], t("Mean {measure} of each run, {level} bootstrap interval").format(
        measure=c.measure, level=level), t("run"), c.measure, 380,
        xaxis=dict(type="category"), showlegend=False,
        shapes=[dict(type="line", xref="paper", x0=0, x1=1, y0=c.means[c.baseline], y1=c.means[c.baseline],
                     line=dict(color=charts.MISS, dash="dash", width=2))])


def _cell(value: float, field: str) -> str:
    if not math.isfinite(value):
        return "—"
    if field == "p_adjusted":
        return f"{value:.4f}" if value >= 1e-4 else "<0.0001"
    return f"{value:+.4f}"


def matrix_chart(c: Comparison, field: str):
    """The runs × runs matrix of one field of the pairs as a heatmap, each cell written; a significant pair
    marked ✱ (p: 0 to 1 from dark to light; a difference or effect size: red below 0, blue above)."""
    frame = c.matrix(field)
    runs = list(c.runs)
    values = frame.to_numpy(dtype=float)
    significant = c.matrix("p_adjusted").to_numpy(dtype=float) <= c.alpha
    text = [[("" if i == k else _cell(values[i, k], field) + (" ✱" if significant[i, k] else ""))
             for k in range(len(runs))] for i in range(len(runs))]
    finite = np.abs(values[np.isfinite(values)])
    if field == "p_adjusted":
        colours = dict(colorscale="Blues_r", zmin=0, zmax=1)
    else:
        top = float(finite.max()) if len(finite) and finite.max() > 0 else 1.0
        colours = dict(colorscale="RdBu", zmin=-top, zmax=top, zmid=0)
    trace = dict(type="heatmap", z=[[None if not math.isfinite(v) else v for v in row] for row in values],
                 x=runs, y=runs, text=text, texttemplate="%{text}", textfont=dict(size=14), **colours,
                 hovertemplate="%{y} − %{x}: %{text}<extra></extra>")
    size = 140 + 58 * len(runs)
    return charts.figure([trace], t("{measure}: {what}; ✱ significant").format(
        measure=c.measure, what=t(MATRIX[field])), t("column run"), t("row run"), max(size, 360),
        xaxis=dict(type="category", side="bottom"), yaxis=dict(type="category", autorange="reversed"))


def baseline_chart(c: Comparison):
    """Each other run's per-query difference from the baseline, queries sorted by the baseline's value."""
    frame = c.scores.frame()
    order = frame[c.baseline].sort_values(kind="stable").index.tolist()
    traces = []
    for run in c.runs[1:]:
        d = (frame[run] - frame[c.baseline]).reindex(order)
        traces.append(dict(type="scatter", mode="lines+markers", x=order, y=d.tolist(), name=run,
                           hovertemplate=t("query") + " %{x}<br>" + run + " − " + c.baseline
                                         + " %{y:+.4f}<extra></extra>"))
    return charts.figure(traces, t("{measure}: each run − {baseline}, query by query (sorted by {baseline})").format(
        measure=c.measure, baseline=c.baseline), t("query"), t("difference"), 440,
        legend=dict(orientation="h", yanchor="top", y=-0.2, x=0), margin=dict(l=60, r=20, t=60, b=90),
        xaxis=dict(type="category"), yaxis=dict(zeroline=True, zerolinewidth=2, zerolinecolor="#444"))


def pairs_table(c: Comparison):
    """Every pair: b − a, the difference, its interval, p, adjusted p, effect size, significant."""
    import pandas as pd

    rows = [{t("pair"): f"{p.b} − {p.a}", t("difference"): p.diff, t("interval low"): p.ci[0],
             t("interval high"): p.ci[1], "p": p.p, t("adjusted p"): p.p_adjusted,
             t("effect size ({name})").format(name=p.effect_size_name): p.effect_size, t("significant"): p.significant} for p in c.pairs]
    return pd.DataFrame(rows)
