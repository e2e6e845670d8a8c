"""From one query to many, worked out: MAP and MRR over a built-in example of a few queries, one query
a step, at the bottom of the AP and RR pages (no upload needed).

Its steps are its own (Back / Next / Show all of ui.teaching.pacing under the page key "map" or "mrr"), apart
from the page's steps through one ranking; the clicker's keys step the section while it is in view, the page's
steps otherwise (ui.teaching.keys: an instance with a region)."""

from __future__ import annotations

import streamlit as st

from metrics.explanation import Explanation
from metrics.teaching.many_queries import example_queries, map_steps, mrr_steps
from ui.i18n import N_, headers, t
from ui.model.presets import SAMPLE_PROBLEM
from ui.session import state
from ui.teaching.explainer import number_formats, styled_table, tex
from ui.teaching.keys import clicker_keys
from ui.teaching.lecture import DIGITS, FORMULA_WIDTH, value_text
from ui.teaching.pacing import Pace, current, move, step_bar

#: measure -> (its steps function, its step controls' page key, the section's title, what it shows)
SECTIONS = {
    "MAP": (map_steps, "map", N_("From AP to MAP"),
            N_("MAP is the mean of AP over queries. Article 000's code example has two queries, q1 and q2; each "
               "step adds one query's AP to the running sum and divides by the number of queries so far.")),
    "MRR": (mrr_steps, "mrr", N_("From RR to MRR"),
            N_("MRR is the mean of RR over queries. Article 001's three searches (cat, torus, virus) find their "
               "answer at ranks 3, 2 and 1; each step adds one query's 1/rank to the running sum and divides by "
               "the number of queries so far.")),
}


def explanation(measure: str) -> Explanation:
    """The built-in example of ``measure`` ("MAP" or "MRR") worked out query by query."""
    return SECTIONS[measure][0](example_queries(measure))


def headline(e: Explanation, pace: Pace) -> None:
    """The mean after ``pace.step`` queries (the final one only at the last step) and the query count."""
    left, right = st.columns(2)
    running = e.running_at(None if pace.complete else pace.step)[e.measure]
    label = e.measure if pace.complete else t("{name} so far (step {i})").format(name=e.measure, i=pace.step)
    left.metric(label, value_text(running))
    right.metric(t("Queries"), len(e.table))


def mean_section(measure: str) -> None:
    """The section: title, what it shows, the mean so far, the step bar, the worked mean with the numbers
    of the queries so far and the step table up to the current query. Left out, as the articles' presets
    are, when the articles' examples cannot be read (``ui.model.presets.SAMPLE_PROBLEM``)."""
    if SAMPLE_PROBLEM is not None:
        return
    _, page, title, words = SECTIONS[measure]
    e = explanation(measure)
    st.subheader(t(title))
    st.caption(t(words))
    section = state.page_key(page, "section")
    action = clicker_keys(f"{page}_section_keys", region=f".st-key-{section}")  # while the section is in view
    if action:
        move(page, action, len(e.table))
    pace = current(page, len(e.table))
    with st.container(key=section):
        headline(e, pace)
        step_bar(page, pace, unit="query", text_size=False)  # the page's own bar has A− / A+
        with st.container(key=state.page_key(page, "formula")):
            st.latex(tex(e.formula))
            for line in e.worked_lines(None if pace.complete else pace.step, fold=True, width=FORMULA_WIDTH):
                st.latex(tex(line))
        shown = e.table.iloc[:pace.step]
        styled_table(headers(shown), None, number_formats(shown, DIGITS))
