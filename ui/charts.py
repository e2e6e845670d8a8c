"""Plotly figures drawn from the step tables of ``metrics`` (nothing is recomputed here).

Every title, axis title and trace name is shown in the reader's language (``t``); titles passed in
by a page are the page's to translate.
"""

from __future__ import annotations

import html

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import plotly.io as pio

from .i18n import header, t

# One light template for every figure, set once: passing template= to each figure makes plotly
# copy the whole template every time (about half of a page's rerun time).
pio.templates.default = "plotly_white"

HIT = "#1B7F3B"
MISS = "#B8BEC8"
ACCENT = "#0B4F9C"
SECOND = "#D9480F"
FONT = dict(size=16)


def _figure(traces: list[dict], title: str, x: str, y: str, height: int = 340, xaxis: dict | None = None,
            yaxis: dict | None = None, **layout) -> go.Figure:
    """One figure, its layout given whole: one validation pass instead of an update per setting
    (the update_* methods cost several ms each)."""
    spec = dict(title=dict(text=title), font=FONT, height=height, margin=dict(l=60, r=20, t=60, b=50),
                legend=dict(orientation="h", yanchor="bottom", y=1.02, x=0),
                xaxis=dict(title=dict(text=x), **(xaxis or {})), yaxis=dict(title=dict(text=y), **(yaxis or {})))
    spec.update(layout)
    return go.Figure(data=traces, layout=spec)


def _rank_axis(table: pd.DataFrame) -> dict:
    """Ticks that name the item under each rank."""
    return dict(tickmode="array", tickvals=table["rank"].tolist(), ticktext=[
        f"{r}<br>{_short(i)}" if i else str(r) for r, i in zip(table["rank"], table["item"])])


def _short(text: str, limit: int = 10) -> str:
    text = str(text)
    return html.escape(text if len(text) <= limit else text[: limit - 1] + "…")


def _bar(x, y, name: str, colour, **extra) -> dict:
    return dict(type="bar", x=list(x), y=list(y), name=name, marker=dict(color=colour), **extra)


def _line(x, y, name: str, **extra) -> dict:
    return dict(type="scatter", mode="lines+markers", x=list(x), y=list(y), name=name, **extra)


def gain_bars(table: pd.DataFrame, step: int | None = None) -> go.Figure:
    """Gain and discounted gain at each rank."""
    shown = table if step is None else table.iloc[:step]
    return _figure([_bar(shown["rank"], shown["gain"], t("gain"), MISS),
                    _bar(shown["rank"], shown["discounted_gain"], t("gain / log2(i+1)"), ACCENT)],
                   t("Gain and discounted gain per rank"), t("rank"), t("gain"), xaxis=_rank_axis(table),
                   barmode="group")


def running_dcg(table: pd.DataFrame, step: int | None = None) -> go.Figure:
    """Running DCG of the ranking against the running IDCG of the ideal ordering."""
    shown = table if step is None else table.iloc[:step]
    return _figure([_line(table["rank"], table["IDCG"], t("IDCG@i (ideal)"), line=dict(color=SECOND, dash="dash")),
                    _line(shown["rank"], shown["DCG"], t("DCG@i (yours)"), line=dict(color=ACCENT, width=3))],
                   t("Running DCG vs running IDCG"), t("rank i"), t("cumulative"), xaxis=_rank_axis(table))


def discount_curve(n: int) -> go.Figure:
    """The divisor of each rank's gain, log2(i + 1): the step table's discount column."""
    ranks = np.arange(1, max(n, 1) + 1)
    return _figure([_line(ranks, np.log2(ranks + 1), "log₂(i+1)", line=dict(color=ACCENT))],
                   t("The divisor log₂(i+1): the gain at rank i is divided by it"), t("rank i"),
                   header("discount"), 300, xaxis=dict(dtick=1))


def gain_comparison(linear: pd.DataFrame, exponential: pd.DataFrame) -> go.Figure:
    """Discounted gain per rank under linear and exponential gain."""
    return _figure([_bar(linear["rank"], linear["discounted_gain"], t("linear: rel"), ACCENT),
                    _bar(exponential["rank"], exponential["discounted_gain"], t("exponential: 2^rel − 1"), SECOND)],
                   t("Discounted gain: linear vs exponential"), t("rank"), t("discounted gain"),
                   xaxis=_rank_axis(linear), barmode="group")


def precision_at_ranks(table: pd.DataFrame, step: int | None = None) -> go.Figure:
    """Precision at each rank; the hits (the ranks AP averages over) are coloured."""
    shown = table if step is None else table.iloc[:step]
    colours = [HIT if hit else MISS for hit in shown["relevant"]]
    return _figure([_bar(shown["rank"], shown["precision"], "P@i", colours,
                         text=[f"{p:.2f}" for p in shown["precision"]], textposition="outside")],
                   t("Precision at each rank (green: a hit, counted by AP)"), t("rank i"), "P@i",
                   xaxis=_rank_axis(table), yaxis=dict(range=[0, 1.15]))


def first_hit(table: pd.DataFrame) -> go.Figure:
    """The ranks down to the first hit."""
    colours = [HIT if first else (MISS if not rel else "#7FBF95") for first, rel in
               zip(table["first_hit"], table["relevant"])]
    return _figure([_bar(table["rank"], [1] * len(table), "", colours, showlegend=False, textposition="inside",
                         text=[t("first hit") if f else "" for f in table["first_hit"]])],
                   t("Where is the first relevant item?"), t("rank"), "", 220, xaxis=_rank_axis(table),
                   yaxis=dict(visible=False))


def per_query_bars(values: pd.Series, title: str, axis: str) -> go.Figure:
    """One bar per query with the mean as a dashed line."""
    mean = float(np.nanmean(values.to_numpy())) if len(values) else 0.0
    line = dict(type="line", xref="paper", x0=0, x1=1, y0=mean, y1=mean, line=dict(color=SECOND, dash="dash"))
    label = dict(xref="paper", x=0, y=mean, text=t("mean = {mean}").format(mean=f"{mean:.4f}"), showarrow=False,
                 yshift=12, xanchor="left")
    return _figure([_bar([_short(q, 16) for q in values.index], values.to_numpy(), axis, ACCENT)], title,
                   t("query"), axis, shapes=[line], annotations=[label])


def cutoff_curves(table: pd.DataFrame) -> go.Figure:
    """P@K, R@K and F1@K for K = 1..N."""
    return _figure([_line(table["rank"], table[c], f"{c}@K") for c in ("P", "R", "F1")],
                   t("Precision, recall and F1 as K grows"), "K", t("value"), yaxis=dict(range=[0, 1.05]))


def precision_recall_curve(table: pd.DataFrame) -> go.Figure:
    """Precision against recall, one point per cut-off K."""
    return _figure([_line(table["R"], table["P"], "P vs R", line=dict(color=ACCENT),
                          text=[f"K={k}" for k in table["rank"]])],
                   t("Precision-recall curve (one point per K)"), t("recall"), t("precision"),
                   xaxis=dict(range=[0, 1.05]), yaxis=dict(range=[0, 1.05]))


def roc(curve: pd.DataFrame, auc: float, threshold_point: tuple[float, float] | None = None) -> go.Figure:
    """The ROC curve with the area under it shaded."""
    traces = [_line(curve["fpr"], curve["tpr"], f"ROC (AUC = {auc:.4f})", fill="tozeroy",
                    line=dict(color=ACCENT, width=3), fillcolor="rgba(11,79,156,0.18)"),
              dict(type="scatter", mode="lines", x=[0, 1], y=[0, 1], name=t("chance"), line=dict(color=MISS, dash="dot"))]
    if threshold_point is not None:
        traces.append(dict(type="scatter", mode="markers", x=[threshold_point[0]], y=[threshold_point[1]],
                           marker=dict(size=16, color=SECOND), name=t("chosen threshold")))
    # the legend below the plot: above it, three entries wrap and cover the title in a half-width column
    return _figure(traces, t("ROC curve"), t("false positive rate"), t("true positive rate"), 500,
                   xaxis=dict(range=[0, 1.02]), yaxis=dict(range=[0, 1.02], scaleanchor="x"),
                   legend=dict(orientation="h", yanchor="top", y=-0.2, x=0),
                   margin=dict(l=60, r=20, t=60, b=110))


def distribution(values: pd.Series, title: str) -> go.Figure:
    """The per-query distribution of a measure."""
    return _figure([dict(type="box", y=values.to_numpy(), boxpoints="all", jitter=0.4, name=values.name or "",
                         marker=dict(color=ACCENT), text=[str(q) for q in values.index])], title, "", t("value"))


def heatmap(matrix: pd.DataFrame, title: str, x: str = "", y: str = "") -> go.Figure:
    """A labelled matrix, e.g. the change in nDCG when positions i and j are swapped."""
    return _figure([dict(type="heatmap", z=matrix.to_numpy(), x=[_short(c, 12) for c in matrix.columns],
                         y=[_short(r, 12) for r in matrix.index], colorscale="RdBu", zmid=0,
                         text=np.round(matrix.to_numpy(), 3), texttemplate="%{text}")],
                   title, x, y, 480, yaxis=dict(autorange="reversed"))
