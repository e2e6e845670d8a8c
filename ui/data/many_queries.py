"""The mean of a measure over the uploaded queries (MAP, MRR), shown on the explainer pages."""

from __future__ import annotations

import streamlit as st

from metrics.measures.names import DENOM_OF, measure_name
from ui import charts
from ui.i18n import t
from ui.model.board import Board
from ui.session import state
from ui.shell.routes import page_file
from ui.shell.safe import plain


def board_measure(base: str, k: int | None, board: Board) -> str:
    """The name of ``base`` under the board's conventions, e.g. ``AP(denom=found,rel=2)@5``."""
    params = {"rel": board.threshold}
    if base == "AP":
        params["denom"] = DENOM_OF[board.ap_denominator]
    return measure_name(base, k, **params)


def mean_over_queries(page: str, base: str, k: int | None, board: Board, label: str) -> None:
    """Per-query values of one measure and their mean, when a multi-query file is loaded."""
    if st.session_state.get(state.DATASET) is None:
        st.info(t("{label} is the mean of {base} over many queries. Upload a TREC run and qrels (or a CSV "
                  "or JSON with several queries) to see it computed query by query.").format(label=label, base=base))
        st.page_link(page_file("upload"), label=t("Upload lists or load a sample"), icon=":material/upload_file:")
        return
    from ui.data import dataset

    name = board_measure(base, k, board)
    result = dataset.evaluation((name,))
    values = result.per_query[name]
    left, right = st.columns([1, 3])
    left.metric(f"{label} ({name})", f"{result.aggregate[name]:.4f}")
    source = st.session_state.get(state.DATASET_NAME)
    left.caption(t("Mean over {n} queries of {source}.").format(
        n=values.notna().sum(), source=plain(dataset.source_name(source)) if source else t("the upload")))
    right.plotly_chart(charts.per_query_bars(values, t("{measure} per query").format(measure=name), name),
                       width="stretch",
                       key=state.page_key(page, "per_query_chart"))
