"""The ranking builder alone, in a left column 36 % wide as the explainer pages lay it out, for the
lanes' browser tests (tests/e2e/test_lanes.py): a board comes in a link (``?b=...``, ``&lang=zh``),
the page's step and ideal lane are set by the widgets on the right, which also show the board."""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, for ui and metrics

import streamlit as st  # noqa: E402

from ui.data import share
from ui.i18n import t  # noqa: E402
from ui.ranking import builder
from ui.session import state  # noqa: E402

share.restore_language()
st.set_page_config(page_title="lanes", layout="wide", initial_sidebar_state="collapsed")
state.init()
share.restore_from_url()
left, right = st.columns([0.36, 0.64])
with left:
    board = builder.ranking_builder()
with right:
    st.session_state[state.BUILDER_STEP] = st.number_input("step", min_value=0, value=0, key="step") or None
    st.session_state[state.BUILDER_IDEAL] = st.checkbox("ideal lane", key="ideal")
    st.code(json.dumps({"ranking": board.ranking, "pool": board.pool}, ensure_ascii=False), language=None)
    st.caption(t("Ranking (top first)"))
builder.finish()
share.write_to_url()
