"""Core functions whose results the pages reuse across reruns, wrapped in ``st.cache_data``.

A rerun that does not change the board (a slider elsewhere, the step control) then costs
nothing for these; the functions themselves stay pure in ``metrics``.
"""

from __future__ import annotations

import streamlit as st

from metrics import conventions
from metrics.measures import summary
from metrics.teaching import swaps

_cache = st.cache_data(max_entries=64, show_spinner=False)

swap_effects = _cache(swaps.swap_effects)
summarize = _cache(summary.summarize)
score_under = _cache(conventions.score_under)
