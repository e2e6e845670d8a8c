"""Plotly figures drawn from the step tables of ``metrics`` (nothing is recomputed here)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import plotly.io as pio

# One light template for every figure, set once: passing template= to each figure makes plotly
# copy the whole template every time (about half of a page's rerun time).
pio.templates.default = "plotly_white"

HIT = "#1B7F3B"
MISS = "#B8BEC8"
ACCENT = "#0B4F9C"
SECOND = "#D9480F"
FONT = dict(size=16)


def _layout(figure: go.Figure, title: str, x: str, y: str, height: int = 340) -> go.Figure:
    figure.update_layout(title=title, xaxis_title=x, yaxis_title=y, font=FONT,
                         height=height, margin=dict(l=60, r=20, t=60, b=50),
                         legend=dict(orientation="h", yanchor="bottom", y=1.02, x=0))
    return figure


def _rank_axis(figure: go.Figure, table: pd.DataFrame) -> go.Figure:
    figure.update_xaxes(tickmode="array", tickvals=table["rank"], ticktext=[
        f"{r}<br>{_short(i)}" if i else str(r) for r, i in zip(table["rank"], table["item"])])
    return figure


def _short(text: str, limit: int = 10) -> str:
    import html

    text = str(text)
    return html.escape(text if len(text) <= limit else text[: limit - 1] + "…")


def gain_bars(table: pd.DataFrame, step: int | None = None) -> go.Figure:
    """Gain and discounted gain at each rank."""
    shown = table if step is None else table.iloc[:step]
    figure = go.Figure([
        go.Bar(x=shown["rank"], y=shown["gain"], name="gain", marker_color=MISS),
        go.Bar(x=shown["rank"], y=shown["discounted_gain"], name="gain / log2(i+1)", marker_color=ACCENT),
    ])
    figure.update_layout(barmode="group")
    return _rank_axis(_layout(figure, "Gain and discounted gain per rank", "rank", "gain"), table)


def running_dcg(table: pd.DataFrame, step: int | None = None) -> go.Figure:
    """Running DCG of the ranking against the running IDCG of the ideal ordering."""
    shown = table if step is None else table.iloc[:step]
    figure = go.Figure([
        go.Scatter(x=table["rank"], y=table["IDCG"], name="IDCG@i (ideal)", mode="lines+markers",
                   line=dict(color=SECOND, dash="dash")),
        go.Scatter(x=shown["rank"], y=shown["DCG"], name="DCG@i (yours)", mode="lines+markers",
                   line=dict(color=ACCENT, width=3)),
    ])
    return _rank_axis(_layout(figure, "Running DCG vs running IDCG", "rank i", "cumulative"), table)


def discount_curve(n: int) -> go.Figure:
    """How much each rank's gain is kept: 1 / log2(i + 1)."""
    ranks = np.arange(1, max(n, 1) + 1)
    figure = go.Figure(go.Scatter(x=ranks, y=1 / np.log2(ranks + 1), mode="lines+markers",
                                  line=dict(color=ACCENT), name="1/log2(i+1)"))
    figure.update_xaxes(dtick=1)
    return _layout(figure, "Discount curve: share of the gain kept at rank i", "rank i", "1 / log2(i+1)", 300)


def gain_comparison(linear: pd.DataFrame, exponential: pd.DataFrame) -> go.Figure:
    """Discounted gain per rank under linear and exponential gain."""
    figure = go.Figure([
        go.Bar(x=linear["rank"], y=linear["discounted_gain"], name="linear: rel", marker_color=ACCENT),
        go.Bar(x=exponential["rank"], y=exponential["discounted_gain"], name="exponential: 2^rel − 1",
               marker_color=SECOND),
    ])
    figure.update_layout(barmode="group")
    return _rank_axis(_layout(figure, "Discounted gain: linear vs exponential", "rank", "discounted gain"), linear)


def precision_at_ranks(table: pd.DataFrame, step: int | None = None) -> go.Figure:
    """Precision at each rank; the hits (the ranks AP averages over) are coloured."""
    shown = table if step is None else table.iloc[:step]
    colours = [HIT if hit else MISS for hit in shown["relevant"]]
    figure = go.Figure(go.Bar(x=shown["rank"], y=shown["precision"], marker_color=colours, name="P@i",
                              text=[f"{p:.2f}" for p in shown["precision"]], textposition="outside"))
    figure.update_yaxes(range=[0, 1.15])
    return _rank_axis(_layout(figure, "Precision at each rank (green: a hit, counted by AP)", "rank i", "P@i"),
                      table)


def first_hit(table: pd.DataFrame) -> go.Figure:
    """The ranks down to the first hit."""
    colours = [HIT if first else (MISS if not rel else "#7FBF95") for first, rel in
               zip(table["first_hit"], table["relevant"])]
    figure = go.Figure(go.Bar(x=table["rank"], y=[1] * len(table), marker_color=colours, showlegend=False,
                              text=["first hit" if f else "" for f in table["first_hit"]], textposition="inside"))
    figure.update_yaxes(visible=False)
    return _rank_axis(_layout(figure, "Where is the first relevant item?", "rank", "", 220), table)


def per_query_bars(values: pd.Series, title: str, axis: str) -> go.Figure:
    """One bar per query with the mean as a line."""
    figure = go.Figure(go.Bar(x=[_short(q, 16) for q in values.index], y=values.to_numpy(), marker_color=ACCENT,
                              name=axis))
    mean = float(np.nanmean(values.to_numpy())) if len(values) else 0.0
    figure.add_hline(y=mean, line_dash="dash", line_color=SECOND, annotation_text=f"mean = {mean:.4f}",
                     annotation_position="top left")
    return _layout(figure, title, "query", axis)


def cutoff_curves(table: pd.DataFrame) -> go.Figure:
    """P@K, R@K and F1@K for K = 1..N."""
    figure = go.Figure([go.Scatter(x=table["rank"], y=table[c], name=f"{c}@K", mode="lines+markers")
                        for c in ("P", "R", "F1")])
    figure.update_yaxes(range=[0, 1.05])
    return _layout(figure, "Precision, recall and F1 as K grows", "K", "value")


def precision_recall_curve(table: pd.DataFrame) -> go.Figure:
    """Precision against recall, one point per cut-off K."""
    figure = go.Figure(go.Scatter(x=table["R"], y=table["P"], mode="lines+markers", line=dict(color=ACCENT),
                                  text=[f"K={k}" for k in table["rank"]], name="P vs R"))
    figure.update_xaxes(range=[0, 1.05])
    figure.update_yaxes(range=[0, 1.05])
    return _layout(figure, "Precision-recall curve (one point per K)", "recall", "precision")


def roc(curve: pd.DataFrame, auc: float, threshold_point: tuple[float, float] | None = None) -> go.Figure:
    """The ROC curve with the area under it shaded."""
    figure = go.Figure([
        go.Scatter(x=curve["fpr"], y=curve["tpr"], mode="lines+markers", fill="tozeroy", name=f"ROC (AUC = {auc:.4f})",
                   line=dict(color=ACCENT, width=3), fillcolor="rgba(11,79,156,0.18)"),
        go.Scatter(x=[0, 1], y=[0, 1], mode="lines", name="chance", line=dict(color=MISS, dash="dot")),
    ])
    if threshold_point is not None:
        figure.add_trace(go.Scatter(x=[threshold_point[0]], y=[threshold_point[1]], mode="markers",
                                    marker=dict(size=16, color=SECOND), name="chosen threshold"))
    figure.update_xaxes(range=[0, 1.02])
    figure.update_yaxes(range=[0, 1.02], scaleanchor="x")
    figure = _layout(figure, "ROC curve", "false positive rate", "true positive rate", 500)
    # the legend below the plot: above it, three entries wrap and cover the title in a half-width column
    return figure.update_layout(legend=dict(orientation="h", yanchor="top", y=-0.2, x=0), margin=dict(b=110))


def distribution(values: pd.Series, title: str) -> go.Figure:
    """The per-query distribution of a measure."""
    figure = go.Figure(go.Box(y=values.to_numpy(), boxpoints="all", jitter=0.4, name=values.name or "",
                              marker_color=ACCENT, text=[str(q) for q in values.index]))
    return _layout(figure, title, "", "value")


def heatmap(matrix: pd.DataFrame, title: str, x: str = "", y: str = "") -> go.Figure:
    """A labelled matrix, e.g. the change in nDCG when positions i and j are swapped."""
    labels_x = [_short(c, 12) for c in matrix.columns]
    labels_y = [_short(r, 12) for r in matrix.index]
    figure = go.Figure(go.Heatmap(z=matrix.to_numpy(), x=labels_x, y=labels_y, colorscale="RdBu", zmid=0,
                                  text=np.round(matrix.to_numpy(), 3), texttemplate="%{text}"))
    figure.update_yaxes(autorange="reversed")
    return _layout(figure, title, x, y, 480)
