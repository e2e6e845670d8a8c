"""Plotly figures drawn from the step tables of ``metrics`` (nothing is recomputed here).

Every title, axis title and trace name is shown in the reader's language (``t``); titles passed in
by a page are the page's to translate.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import plotly.io as pio

from metrics.explanation import Column
from metrics.measures.discounts import discount_divisors
from ui.i18n import N_, t

# One light template for every figure, set once: passing template= to each figure makes plotly
# copy the whole template every time (about half of a page's rerun time).
pio.templates.default = "plotly_white"

HIT = "#1B7F3B"
MISS = "#B8BEC8"
ACCENT = "#0B4F9C"
SECOND = "#D9480F"
FONT = dict(size=16)
#: a title wider than this many Latin letters is broken into lines (a phone's chart is ~330 px wide; its titles are
#: drawn at 13 px there, ui/shell/style/phone.css)
TITLE_WIDTH = 54

#: what a tab or chart whose values all belong to the last step says while steps remain (translate with ``t``)
AFTER_LAST_STEP = N_("Shown after the last step: its numbers would give the answer away. Press Show all (End) "
                     "to see it.")
AFTER_LAST_STEP_ICON = ":material/visibility_off:"


def figure(traces: list[dict], title: str, x: str, y: str, height: int = 340, xaxis: dict | None = None,
            yaxis: dict | None = None, **layout) -> go.Figure:
    """One figure, its layout given whole: one validation pass instead of an update per setting
    (the update_* methods cost several ms each)."""
    lines = _wrapped(title, TITLE_WIDTH, _title_wide) if _title_wide(title) > TITLE_WIDTH and "<" not in title else title
    spec = dict(title=dict(text=lines), font=FONT, height=height, margin=dict(l=60, r=20, t=60, b=50),
                legend=dict(orientation="h", yanchor="bottom", y=1.02, x=0),
                xaxis=dict(title=dict(text=x), **(xaxis or {})), yaxis=dict(title=dict(text=y), **(yaxis or {})))
    spec.update(layout)
    spec["margin"] = {**spec["margin"], "t": spec["margin"].get("t", 60) + 22 * lines.count("<br>")}  # room for its lines
    if "<br>" in lines and _legend_shown(traces, spec):  # a wrapped title would run into the legend above the plot
        top = 1 - TITLE_TOP_PX / spec["height"] if spec.get("height") else 0.97
        spec["title"] = {**spec["title"], "y": top, "yref": "container", "yanchor": "top"}
        spec["margin"]["t"] += LEGEND_ROW_PX
    return go.Figure(data=traces, layout=spec)


#: the room a legend above the plot takes under a title of several lines, which is then drawn from the figure's top, this
#: far below it
LEGEND_ROW_PX = 24
TITLE_TOP_PX = 24


def _legend_shown(traces: list[dict], layout: dict) -> bool:
    """Whether Plotly draws the figure's legend: asked for, or (by default) two traces or more that show in it, and the
    legend above the plot (only there does it meet the title).

    >>> _legend_shown([{"type": "bar"}, {"type": "scatter"}], {"legend": {"y": 1.02}})
    True
    >>> _legend_shown([{"type": "heatmap"}], {"legend": {"y": 1.02}}), _legend_shown([{}, {}], {"showlegend": False})
    (False, False)
    """
    if layout.get("showlegend") is False or (layout.get("legend") or {}).get("y", 1.02) < 1:
        return False
    return layout.get("showlegend") is True or sum(trace.get("showlegend") is not False for trace in traces) >= 2


def _rank_axis(table: pd.DataFrame) -> dict:
    """Ticks that name the item under each rank."""
    return {"tickmode": "array", "tickvals": table[Column.RANK].tolist(), "ticktext": [
        f"{r}<br>{_short(i)}" if i else str(r) for r, i in zip(table[Column.RANK], table[Column.ITEM])]}


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
    return figure([_bar(shown[Column.RANK], shown[Column.GAIN], t("gain"), MISS),
                    _bar(shown[Column.RANK], shown[Column.DISCOUNTED_GAIN], t("gain / log2(i+1)"), ACCENT)],
                   t("Gain and discounted gain per rank"), t("rank"), t("gain"), xaxis=_rank_axis(table),
                   barmode="group")


def running_dcg(table: pd.DataFrame, step: int | None = None) -> go.Figure:
    """Running DCG of the ranking against the running IDCG of the ideal ordering, both up to ``step``."""
    shown = table if step is None else table.iloc[:step]
    ranks = shown[Column.RANK]
    return figure([_line(ranks, shown[Column.IDCG], t("IDCG@i (ideal)"), line={"color": SECOND, "dash": "dash"}),
                    _line(ranks, shown[Column.DCG], t("DCG@i (yours)"), line={"color": ACCENT, "width": 3})],
                   t("Running DCG vs running IDCG"), t("rank i"), t("cumulative"), xaxis=_rank_axis(table))


def gain_comparison(linear: pd.DataFrame, exponential: pd.DataFrame, step: int | None = None) -> go.Figure:
    """Discounted gain per rank under linear and exponential gain, up to ``step``."""
    axis = _rank_axis(linear)
    if step is not None:
        linear, exponential = linear.iloc[:step], exponential.iloc[:step]
    return figure([_bar(linear[Column.RANK], linear[Column.DISCOUNTED_GAIN], t("linear: rel"), ACCENT),
                    _bar(exponential[Column.RANK], exponential[Column.DISCOUNTED_GAIN], t("exponential: 2^rel − 1"),
                         SECOND)],
                   t("Discounted gain: linear vs exponential"), t("rank"), t("discounted gain"),
                   xaxis=axis, barmode="group")


def precision_at_ranks(table: pd.DataFrame, step: int | None = None) -> go.Figure:
    """Precision at each rank; the hits (the ranks AP averages over) are coloured."""
    shown = table if step is None else table.iloc[:step]
    colours = [HIT if hit else MISS for hit in shown[Column.RELEVANT]]
    return figure([_bar(shown[Column.RANK], shown[Column.PRECISION], "P@i", colours,
                         text=[f"{p:.4f}" for p in shown[Column.PRECISION]], textposition="outside")],
                   t("Precision at each rank (green: a hit, counted by AP)"), t("rank i"), "P@i",
                   xaxis=_rank_axis(table), yaxis=dict(range=[0, 1.15]))


def per_query_bars(values: pd.Series, title: str, axis: str) -> go.Figure:
    """One bar per query with the mean as a dashed line."""
    mean = float(np.nanmean(values.to_numpy())) if len(values) else 0.0
    line = dict(type="line", xref="paper", x0=0, x1=1, y0=mean, y1=mean, line=dict(color=SECOND, dash="dash"))
    label = dict(xref="paper", x=0, y=mean, text=t("mean = {mean}").format(mean=f"{mean:.4f}"), showarrow=False,
                 yshift=12, xanchor="left")
    return figure([_bar([_short(q, 16) for q in values.index], values.to_numpy(), axis, ACCENT)], title,
                   t("query"), axis, shapes=[line], annotations=[label])


def cutoff_curves(table: pd.DataFrame, last_k: int | None = None) -> go.Figure:
    """P@K, R@K and F1@K for the K of ``table`` (K = 1.. the step); the K axis from 1 to ``last_k`` (N)."""
    xaxis = dict(range=[0.5, last_k + 0.5], dtick=1) if last_k else None
    return figure([_line(table[Column.RANK], table[c], f"{c}@K") for c in (Column.P, Column.R, Column.F1)],
                   t("Precision, recall and F1 as K grows"), "K", t("value"), xaxis=xaxis, yaxis=dict(range=[0, 1.05]))


def precision_recall_curve(table: pd.DataFrame) -> go.Figure:
    """Precision against recall, one point per cut-off K."""
    return figure([_line(table[Column.R], table[Column.P], "P vs R", line={"color": ACCENT},
                          text=[f"K={k}" for k in table[Column.RANK]])],
                   t("Precision-recall curve (one point per K)"), t("recall"), t("precision"),
                   xaxis=dict(range=[0, 1.05]), yaxis=dict(range=[0, 1.05]))


def roc(curve: pd.DataFrame, auc: float | None, threshold_point: tuple[float, float] | None = None) -> go.Figure:
    """The ROC curve with the area under it shaded; ``auc`` None: not named yet (steps remain: the caller passes the
    curve up to the step)."""
    name = "ROC" if auc is None else f"ROC (AUC = {auc:.4f})"
    traces = [_line(curve[Column.FPR], curve[Column.TPR], name, fill="tozeroy",
                    line=dict(color=ACCENT, width=3), fillcolor="rgba(11,79,156,0.18)"),
              dict(type="scatter", mode="lines", x=[0, 1], y=[0, 1], name=t("chance"), line=dict(color=MISS, dash="dot"))]
    if threshold_point is not None:
        traces.append(dict(type="scatter", mode="markers", x=[threshold_point[0]], y=[threshold_point[1]],
                           marker=dict(size=16, color=SECOND), name=t("chosen threshold")))
    # the legend below the plot: above it, three entries wrap and cover the title in a half-width column
    return figure(traces, t("ROC curve"), t("false positive rate"), t("true positive rate"), 500,
                   xaxis=dict(range=[0, 1.02]), yaxis=dict(range=[0, 1.02], scaleanchor="x"),
                   legend=dict(orientation="h", yanchor="top", y=-0.2, x=0),
                   margin=dict(l=60, r=20, t=60, b=110))


def distribution(values: pd.Series, title: str) -> go.Figure:
    """The per-query distribution of a measure."""
    return figure([dict(type="box", y=values.to_numpy(), boxpoints="all", jitter=0.4, name=values.name or "",
                         marker=dict(color=ACCENT), text=[str(q) for q in values.index])], title, "", t("value"))


def heatmap(matrix: pd.DataFrame, title: str, x: str = "", y: str = "") -> go.Figure:
    """A labelled matrix, e.g. the change in nDCG when positions i and j are swapped."""
    return figure([dict(type="heatmap", z=matrix.to_numpy(), x=[_short(c, 12) for c in matrix.columns],
                         y=[_short(r, 12) for r in matrix.index], colorscale="RdBu", zmid=0,
                         text=np.round(matrix.to_numpy(), 3), texttemplate="%{text}")],
                   title, x, y, 480, yaxis=dict(autorange="reversed"))


# --- Why log2(i+1)? RR by the first hit ------------------------------------------------------------

#: the page's caption under :func:`discount_choices` (translate with ``t``)
DISCOUNT_NOTE = N_("With log_b(i+1) at every rank (trec_eval, scikit-learn, ranx, torchmetrics: b = 2), "
                   "the base cancels between DCG and IDCG: nDCG is the same for every b, only DCG changes. "
                   "In the original definition (Järvelin & Kekäläinen 2002: J&K) ranks before b are not discounted "
                   "and rank i ≥ b is divided by log_b(i): there the base matters, and it can change which of "
                   "two rankings scores higher.")
STANDARD = "log2(i+1)"
#: the discounts drawn in colour (the standard one thick); the other bases are grey
COLOURED = {"1": "#5F6B7A", "i": "#7B3FA0", STANDARD: ACCENT, "log10(i+1)": "#2A9D8F",
            "max(1, log2(i))": SECOND, "max(1, log3(i))": "#E8A33D"}
FLIP = "⇄"
PAPER = "J&K 2002"


def _divisor_name(row) -> str:
    name = _discount_name(row.discount)
    source = PAPER if row.kind == "jk2002" else row.used_by  # the authors' names in DISCOUNT_NOTE
    return f"{name} — {source}" if row.used_by else name


def _discount_name(discount: str) -> str:
    return t("1 (no discount)") if discount == "1" else discount


def discount_choices(frame: pd.DataFrame, n: int) -> go.Figure:
    """Left: the divisor of ranks 1..n under each discount of
    :func:`metrics.measures.discounts.ndcg_under_discounts` (the standard log2(i+1) thick, a few in
    colour, the other bases grey; the same divisor as the step table's, so a rank's gain is divided by
    the height of its point; the axis stops a little above the logarithms, so 1 → i leaves the plot
    early, as it leaves them behind). Right: the nDCG under each discount (and the second ranking's,
    with ⇄ where the order of the two differs from the order under log2(i+1))."""
    ranks = np.arange(1, max(n, 1) + 1)
    traces, grey_named, highest_log = [], False, 1.0
    for row in sorted(frame.itertuples(), key=lambda row: row.discount in COLOURED):  # colour drawn on top
        divisors = discount_divisors(row.kind, ranks.size, 2 if np.isnan(row.base) else row.base)
        if row.discount != "i":
            highest_log = max(highest_log, float(divisors.max()))
        colour = COLOURED.get(row.discount)
        width = 5 if row.discount == STANDARD else 3 if colour else 1.5
        shown = colour is not None or not grey_named
        grey_named = grey_named or colour is None
        traces.append(_line(ranks, divisors, _divisor_name(row) if colour else t("other bases"),
                            line=dict(color=colour or MISS, width=width),
                            legendgroup=row.discount if colour else "grey",
                            showlegend=shown, legendrank=1 if colour else 2, marker=dict(size=8 if colour else 4),
                            xaxis="x", yaxis="y",
                            hovertemplate=f"{row.discount} · i = %{{x}}: %{{y:.4f}}<extra></extra>"))
    second = "nDCG (second)" in frame
    flipped = set()
    if second:
        standard = frame.loc[frame["discount"] == STANDARD, "higher"].iloc[0]
        flipped = set(frame.loc[~frame["higher"].isin([standard, "tie"]), "discount"])
    labels = [f"<b>{d}</b>" if d == STANDARD else _discount_name(d) + (f" {FLIP}" if d in flipped else "")
              for d in frame["discount"]]
    bars = [("nDCG", t("nDCG of the ranking") if second else "nDCG", ACCENT)]
    if second:
        bars.append(("nDCG (second)", t("nDCG of the second ranking"), SECOND))
    for column, name, colour in bars:
        traces.append(dict(type="bar", orientation="h", y=labels, x=frame[column].tolist(), name=name,
                           marker=dict(color=colour), text=[f"{v:.4f}" for v in frame[column]],
                           textposition="outside", textfont=FONT, constraintext="none", cliponaxis=False,
                           xaxis="x2", yaxis="y2", showlegend=second))
    row_height = 52 if second else 28
    row = labels.index(f"<b>{STANDARD}</b>")
    band = dict(type="rect", xref="x2 domain", yref="y2", x0=0, x1=1, y0=row - 0.5, y1=row + 0.5,
                fillcolor="rgba(11,79,156,0.10)", line=dict(width=0), layer="below")
    ndcg_axis = "nDCG<br>" + t("⇄: the opposite order to log2(i+1)") if second else "nDCG"
    return figure(traces, t("Why log2(i+1)? The divisor of each rank, and nDCG under each discount"), t("rank i"),
                   t("divisor of the gain"), max(560, 140 + row_height * len(frame)),
                   xaxis=dict(domain=[0, 0.45], dtick=1), yaxis=dict(range=[0, 1.25 * highest_log]),
                   xaxis2=dict(domain=[0.6, 1], anchor="y2", title=dict(text=ndcg_axis), range=[0, 1.35]),
                   yaxis2=dict(anchor="x2", autorange="reversed", automargin=True, type="category"),
                   barmode="group", shapes=[band],
                   legend=dict(orientation="h", yanchor="top", y=-0.12, x=0),
                   margin=dict(l=60, r=20, t=60, b=200))


def rr_by_first_hit(curve: pd.DataFrame, first_hit: int | None = None, k: int | None = None) -> go.Figure:
    """RR against the rank of the first hit (1, 1/2, 1/3, ...) from :func:`metrics.measures.rr.rr_curve`; the
    board's first hit marked; with a cut-off k, the ranks beyond k shaded and scored 0."""
    ranks = curve[Column.RANK].tolist()
    fractions = ["1" if r == 1 else f"1/{r}" for r in ranks]
    cut = k is not None and k < len(ranks)
    within = len(ranks) if not cut else k
    colours = [SECOND if r == first_hit else ACCENT if r <= within else MISS for r in ranks]
    traces = [_bar(ranks, curve[Column.RR], "RR" if k is None else f"RR@{k}", colours, textposition="outside",
                   text=fractions[:within] + ["0"] * (len(ranks) - within), cliponaxis=False, textfont=FONT)]
    shapes, notes = [], []
    if cut:
        traces.append(dict(_line(ranks[k:], curve["RR (no cut-off)"].iloc[k:], t("without a cut-off"),
                                 line=dict(color=MISS, dash="dot", width=2), marker=dict(size=8, color=MISS)),
                           mode="lines+markers+text", text=fractions[k:], textposition="top center"))
        shapes.append(dict(type="rect", xref="x", yref="paper", x0=k + 0.5, x1=len(ranks) + 0.5, y0=0, y1=1,
                           fillcolor="rgba(184,190,200,0.25)", line=dict(width=0), layer="below"))
        notes.append(dict(x=(k + len(ranks) + 1) / 2, y=0.95, yref="paper", showarrow=False,
                          text=t("beyond rank {k}: RR@{k} = 0").format(k=k)))
    if first_hit in ranks:
        rr = float(curve.loc[curve[Column.RANK] == first_hit, Column.RR].iloc[0])
        if rr == 0:  # below the cut-off: no bar to colour
            traces.append(dict(type="scatter", mode="markers", x=[first_hit], y=[0], name=t("your first hit"),
                               cliponaxis=False, marker=dict(size=24, color=SECOND, symbol="star")))
        notes.append(dict(x=first_hit, y=rr + 0.1, ax=70, ay=-70, arrowhead=2, arrowcolor=SECOND,
                          bgcolor="rgba(255,255,255,0.9)", font=dict(color=SECOND),
                          text=t("your first hit: rank {rank}, RR = {rr}").format(rank=first_hit, rr=f"{rr:.4f}")))
    return figure(traces, t("RR by the rank of the first hit"), t("rank of the first hit"), "RR", 440,
                   xaxis=dict(dtick=1, range=[0.5, len(ranks) + 0.5]), yaxis=dict(range=[0, 1.3]),
                   shapes=shapes, annotations=notes, legend=dict(orientation="h", yanchor="top", y=-0.25, x=0),
                   margin=dict(l=60, r=20, t=60, b=110))


RANGE = "#6A3D9A"  #: the reader chart's ranges that unjudged items leave (a purple apart from its blue and orange)


def reader_curves(shown: pd.DataFrame, ranks: int, depth: float | None = None,
                  shares: Mapping[int, tuple[float, float]] | None = None,
                  eu: tuple[float, float, float] | None = None) -> go.Figure:
    """A C/W/L reader over the ranks (metrics.measures.cwl.cwl_steps' table): her attention W(i) and her chance of
    stopping at rank i, L(i), as bars, her chance of going on past rank i, C(i), as a line; ``shown``: the rows
    revealed so far, on an axis of all ``ranks``; ``depth``: the expected depth ED, marked by a dashed line (give it
    once every step is shown). ``shares``: rank -> the smallest and the largest W(i)·g(i) an unjudged item there can
    add, drawn as a range at its rank; ``eu``: (EU with unjudged items as 0, the smallest EU, the largest), drawn as
    a range in a column "EU" after the last rank (give both once every step is shown: they are final values)."""
    x = shown[Column.RANK].tolist()
    traces = [_bar(x, shown["W"], t("attention W(i)"), ACCENT), _bar(x, shown["L"], t("stop here L(i)"), SECOND),
              _line(x, shown["C"], t("go on C(i)"), line=dict(color="#5F6B7A", width=3), marker=dict(size=9))]
    shapes, notes = [], []
    if depth is not None and np.isfinite(depth):
        shapes.append(dict(type="line", xref="x", yref="paper", x0=depth, x1=depth, y0=0, y1=1,
                           line=dict(color=HIT, dash="dash", width=3)))
        notes.append(dict(x=depth, y=1.0, yref="paper", yanchor="bottom", showarrow=False, font=dict(color=HIT),
                          bgcolor="rgba(255,255,255,0.9)",
                          text=t("expected depth ED = {depth}").format(depth=f"{depth:.4f}")))
    xaxis = dict(dtick=1, range=[0.5, max(ranks, 1) + 0.5])
    spans = sorted((shares or {}).items())
    if eu is not None:  # one more column after the last rank: EU and its range
        spans.append((max(ranks, 1) + 1, eu[1:]))
        traces.append(dict(type="scatter", mode="markers", x=[spans[-1][0]], y=[eu[0]],
                           name=t("EU with unjudged items as 0"),
                           marker=dict(color=HIT, size=13, symbol="diamond", line=dict(color="#ffffff", width=1))))
        notes.append(dict(x=spans[-1][0] + 0.45, y=eu[2], xanchor="right", yanchor="bottom", showarrow=False,
                          font=dict(color=RANGE), bgcolor="rgba(255,255,255,0.9)",
                          text=f"{eu[1]:.4f} – {eu[2]:.4f}"))  # (ending at the plot's right edge: a phone's too)
        xaxis = dict(tickvals=[*range(1, max(ranks, 1) + 1), spans[-1][0]],
                     ticktext=[*map(str, range(1, max(ranks, 1) + 1)), "EU"], range=[0.5, max(ranks, 1) + 1.5])
    if spans:  # each range a thick vertical stroke with caps, through the middle of its rank's bars, on a white halo
        x_range = [v for rank, _ in spans for v in (rank, rank, None)]
        y_range = [v for _, (low, high) in spans for v in (low, high, None)]
        traces[2:2] = [
            dict(type="scatter", mode="lines+markers", x=x_range, y=y_range, showlegend=False, hoverinfo="skip",
                 line=dict(color="#ffffff", width=10), marker=dict(symbol="line-ew-open", size=24,
                                                                    line=dict(color="#ffffff", width=7))),
            _line(x_range, y_range, t("range of the unjudged items: W(i)·g(i), and EU"),
                  line=dict(color=RANGE, width=5), marker=dict(symbol="line-ew-open", size=20, color=RANGE,
                                                               line=dict(width=3)))]
    return figure(traces, t("Where the reader goes on, looks and stops"), t("rank"), t("probability or weight"),
                  420, xaxis=xaxis, yaxis=dict(range=[0, 1.08]),
                  barmode="group", shapes=shapes, annotations=notes,
                  legend=dict(orientation="h", yanchor="top", y=-0.2, x=0), margin=dict(l=60, r=20, t=70, b=100))


def interpolated_precision(levels: pd.DataFrame, points: pd.DataFrame) -> go.Figure:
    """The 11-point interpolated precision-recall curve from :func:`metrics.iprec_steps`: the raw
    precision-recall point at every rank (``details["points"]``) and the interpolated staircase
    through the recall levels (its table)."""
    raw = _line(points[Column.RECALL], points[Column.PRECISION], t("P and R at each rank"),
                line={"color": MISS, "dash": "dot"},
                marker={"color": [HIT if hit else MISS for hit in points[Column.RELEVANT]], "size": 9},
                text=[f"{t('rank')} {r}" for r in points[Column.RANK]])
    staircase = _line(levels[Column.RECALL_LEVEL], levels[Column.IPREC], t("interpolated precision"),
                      line=dict(color=ACCENT, width=3, shape="vh"), marker=dict(size=8))
    return figure([raw, staircase], t("11-point interpolated precision-recall curve"), t("recall"),
                   t("precision"), xaxis=dict(range=[-0.02, 1.05], dtick=0.1), yaxis=dict(range=[0, 1.05]))


# --- Why does my library give another number? ------------------------------------------------------


def _change_text(change: float) -> str:
    """A step's change, signed: 4 decimals, or 2 significant digits when smaller than that shows."""
    return f"{change:+.4f}" if abs(change) >= 5e-5 or change == 0 else f"{change:+.2g}"


def _wide(text: str) -> int:
    """A text's width in Latin letters (a Chinese character is two)."""
    return sum(1 if char.isascii() else 2 for char in text)


def _title_wide(text: str) -> float:
    """A title's width in Latin letters of its bold 13 px on a phone: a Chinese character a little over two (a line of
    27 of them is 351 px, wider than a 330 px chart).

    >>> _title_wide("ab"), round(_title_wide("覆盖"), 1)
    (2, 4.3)
    """
    return sum(1 if char.isascii() else 2.15 for char in text)


def _wrapped(label: str, width: int = 16, wide=_wide) -> str:
    """An axis label broken into lines about ``width`` Latin letters wide (as ``wide`` measures them), at spaces
    (Chinese, which has no spaces and whose characters are twice as wide, anywhere), escaped."""
    lines, line = [], ""
    for word in str(label).split(" "):
        # Chinese breaks between any two characters, a Latin word inside it ("torch.topk") stays whole
        pieces = [word] if word.isascii() else re.findall(r"[\x21-\x7e]+|.", word)
        for position, piece in enumerate(pieces):
            joiner = "" if position else " "
            if line and wide(line) + len(joiner) + wide(piece) > width:
                lines.append(line)
                line = piece
            else:
                line = f"{line}{joiner}{piece}" if line else piece
    lines.append(line)
    return "<br>".join(html.escape(part) for part in lines if part)


def cause_waterfall(labels: list[str], values: list, title: str, rounding: list[bool] | None = None,
                    height: int = 380) -> go.Figure:
    """From trec_eval's number to a library's, one choice at a time: ``values[0]`` (labelled ``labels[0]``) is
    the start, each next value the number after that step, the last bar the library's number (a total).
    A value may be a ``(low, high)`` range (the library leaves the order of tied items undefined: a floating
    bar from low to high) or NaN (written, no bar). Steps flagged in ``rounding`` are labelled in grey. The value
    axis is zoomed on the values when the steps are small against them, and no bar text is cut off."""
    rounding = rounding or [False] * len(values)
    def plain(value) -> bool:
        return not isinstance(value, tuple) and value == value

    first_other = next((i for i, v in enumerate(values) if not plain(v)), len(values))
    ends = [x for v in values for x in (v if isinstance(v, tuple) else (v,)) if x == x]
    low, high = (min(ends), max(ends)) if ends else (0.0, 1.0)
    x = list(range(len(values)))
    shown = values[:first_other]
    if first_other == len(values):
        changes = [shown[0]] + [b - a for a, b in zip(shown[:-2], shown[1:-1])] + [shown[-1]]
        measures = ["absolute"] + ["relative"] * (len(shown) - 2) + ["total"]
        text = [f"{shown[0]:.4f}"] + [_change_text(c) for c in changes[1:-1]] + [f"{shown[-1]:.4f}"]
    else:  # the values after a range or NaN are drawn below, one by one
        changes = [shown[0]] + [b - a for a, b in zip(shown[:-1], shown[1:])]
        measures = ["absolute"] + ["relative"] * (len(shown) - 1)
        text = [f"{shown[0]:.4f}"] + [_change_text(c) for c in changes[1:]]
    traces = [dict(type="waterfall", x=x[:first_other], y=changes, measure=measures, text=text,
                   textposition="outside", textfont=FONT, cliponaxis=False, constraintext="none",
                   connector=dict(line=dict(color=MISS, width=1, dash="dot")),
                   increasing=dict(marker=dict(color=HIT)), decreasing=dict(marker=dict(color=SECOND)),
                   totals=dict(marker=dict(color=ACCENT)), showlegend=False,
                   hovertext=[html.escape(str(label)) for label in labels[:first_other]], hoverinfo="text+y")]
    notes = []
    for position in x[first_other:]:
        value = values[position]
        last = position == len(values) - 1
        colour = ACCENT if last else MISS
        if isinstance(value, tuple):
            size = max(value[1] - value[0], (high - low or 1.0) * 0.01)
            # a range written once where it appears and on the library's bar (two lines: a bar is narrow)
            same = position > 0 and isinstance(values[position - 1], tuple) and \
                [f"{end:.4f}" for end in values[position - 1]] == [f"{end:.4f}" for end in value]
            text = "" if same and not last else f"{value[0]:.4f}<br>–{value[1]:.4f}"
            traces.append(dict(type="bar", x=[position], y=[size], base=[value[0]], marker=dict(color=colour),
                               text=[text], textposition="outside", textfont=FONT,
                               cliponaxis=False, constraintext="none", showlegend=False, width=0.6,
                               hovertext=[html.escape(str(labels[position]))], hoverinfo="text"))
        else:
            notes.append(dict(x=position, y=low, text="NaN", showarrow=False, yshift=14, font=dict(color=colour)))
    width = 16 if len(values) <= 3 else 12 if len(values) <= 5 else 10  # lines as narrow as the bars
    names = [f"<span style='color:{MISS}'>{_wrapped(label, width)}</span>" if flag else _wrapped(label, width)
             for label, flag in zip(labels, rounding)]
    spread = high - low
    yaxis = dict(tickformat=".2f")
    if low > 0 and spread < 0.3 * high:  # the steps would be invisible on a 0-based axis
        pad = max(spread, 0.01)
        yaxis = dict(range=[max(0.0, low - 1.2 * pad), high + 0.8 * pad], tickformat=".3f" if spread < 0.05 else ".2f")
    else:
        yaxis["range"] = [min(0.0, low), max(high, 0.1) * 1.25]
    return figure(traces, title, "", "", height,
                   xaxis=dict(tickmode="array", tickvals=x, ticktext=names, automargin=True, tickfont=dict(size=13),
                              tickangle=0),
                   yaxis=yaxis, annotations=notes, margin=dict(l=60, r=20, t=60, b=40))


def answers_histogram(values: list[float], exact: float | None, tolerance: float) -> go.Figure:
    """The class's answers as a histogram; with ``exact``, the exact value as a line and the band of right answers
    (± ``tolerance``) shaded. Bins at least 0.01 wide (finer than the 3 decimals asked for would split right answers),
    centred on multiples of their width, so that before the reveal they do not give the exact value away."""
    shown = [value for value in values if value is not None]
    low = min(shown + ([exact] if exact is not None else []), default=0.0)
    high = max(shown + ([exact] if exact is not None else []), default=1.0)
    width = max(0.01, (high - low) / 40)
    start = (np.floor(low / width + 0.5) - 0.5) * width  # bins centred on multiples of the width, not on the exact value
    traces = [dict(type="histogram", x=shown, name=t("answers"), marker=dict(color=ACCENT),
                   xbins=dict(start=start, end=high + width, size=width))]
    shapes, annotations = [], []
    if exact is not None:
        shapes = [dict(type="rect", xref="x", yref="paper", x0=exact - tolerance, x1=exact + tolerance, y0=0, y1=1,
                       fillcolor=HIT, opacity=0.15, line=dict(width=0)),
                  dict(type="line", xref="x", yref="paper", x0=exact, x1=exact, y0=0, y1=1,
                       line=dict(color=HIT, width=3))]
        annotations = [dict(x=exact, y=1, xref="x", yref="paper", yanchor="bottom", showarrow=False,
                            text=t("exact: {value}").format(value=f"{exact:.4f}"), font=dict(color=HIT, size=16))]
    return figure(traces, t("The class's answers"), t("answer"), t("students"), height=240, shapes=shapes,
                   annotations=annotations, bargap=0.05, showlegend=False, yaxis=dict(dtick=1, rangemode="tozero"),
                   margin=dict(l=60, r=20, t=70, b=50))
