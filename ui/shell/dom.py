"""Streamlit's DOM as the app's stylesheets rely on it: every Streamlit selector, declared once.

Streamlit does not promise its ``data-testid`` attributes and ``st*`` classes across releases; this file is the
one place that names them. The stylesheets (ui/shell/style/*.css, templates) and the clicker keys' script name
a selector by its name here (``$metric_value``); :func:`fill` puts the selectors in. Keyed containers'
classes (``.st-key-<key>``, Streamlit's documented way to style a container) are the app's own and are not here.

Each selector says where it can be seen (a state of :data:`STATES`): tests/e2e/test_streamlit_dom.py walks the
states in a browser and fails, naming the selector, when a Streamlit release no longer draws it.
"""

from __future__ import annotations

import string
from dataclasses import dataclass

#: where a selector can be seen: state -> what the browser test opens
STATES = {
    "explainer": "the nDCG page at 1280×720",
    "phone": "the nDCG page on a 390×844 phone",
    "presenter": "the nDCG page in presenter mode",
    "home": "the home page",
    "upload": "the upload page, a list typed into its text box",
    "rr": "the RR page (a toggle, a chart)",
}


@dataclass(frozen=True)
class Selector:
    """A CSS selector of Streamlit's DOM: what it matches and the states it can be seen in."""

    name: str
    css: str
    what: str
    where: tuple[str, ...]


SELECTORS = {s.name: s for s in (
    Selector("main", '[data-testid="stMain"]', "the page's main area", ("explainer",)),
    Selector("main_block", '[data-testid="stMainBlockContainer"]', "the main area's padded block", ("explainer",)),
    Selector("vertical_block", '[data-testid="stVerticalBlock"]', "a container's block of elements",
             ("explainer",)),
    Selector("horizontal_block", '[data-testid="stHorizontalBlock"]', "st.columns' row", ("explainer", "phone")),
    Selector("column", '[data-testid="stColumn"]', "a column of st.columns", ("explainer", "phone")),
    Selector("metric", '[data-testid="stMetric"]', "st.metric", ("explainer",)),
    Selector("metric_value", '[data-testid="stMetricValue"]', "st.metric's number", ("explainer", "phone")),
    Selector("metric_label", '[data-testid="stMetricLabel"]', "st.metric's label", ("explainer", "phone")),
    Selector("markdown", '[data-testid="stMarkdownContainer"]', "Markdown text (also st.latex, labels)",
             ("explainer",)),
    Selector("markdown_badge", ".stMarkdownBadge", "a Markdown badge (:gray-badge[...])", ("presenter",)),
    Selector("heading_actions", '[data-testid="stHeaderActionElements"]', "a heading's anchor link",
             ("presenter",)),
    Selector("caption", '[data-testid="stCaptionContainer"]', "st.caption, an image's caption",
             ("explainer", "presenter")),
    Selector("html", '[data-testid="stHtml"]', "st.html", ("explainer", "phone")),
    Selector("element_toolbar", '[data-testid="stElementToolbar"]', "an image's or a table's toolbar",
             ("presenter",)),
    Selector("button", ".stButton", "st.button", ("explainer",)),
    Selector("toggle", ".stCheckbox", "st.checkbox, st.toggle", ("rr",)),
    Selector("popover", '[data-testid="stPopover"]', "st.popover", ("explainer",)),
    Selector("slider", '[data-testid="stSlider"]', "st.slider", ("explainer",)),
    Selector("widget_label", '[data-testid="stWidgetLabel"]', "a widget's label", ("explainer",)),
    Selector("input_instructions", '[data-testid="InputInstructions"]', "a text box's \"Press Enter\" line",
             ("upload",)),
    Selector("tabs", '[data-testid="stTabs"]', "st.tabs", ("explainer", "phone")),
    Selector("page_link", '[data-testid="stPageLink-NavLink"]', "st.page_link", ("home",)),
    Selector("plotly_chart", '[data-testid="stPlotlyChart"]', "st.plotly_chart", ("rr",)),
    Selector("dataframe", '[data-testid="stDataFrame"]', "st.dataframe, st.data_editor", ("explainer",)),
    Selector("dropzone", '[data-testid="stFileUploaderDropzone"]', "st.file_uploader's drop area", ("upload",)),
    Selector("dropzone_instructions", '[data-testid="stFileUploaderDropzoneInstructions"]',
             "st.file_uploader's limit line", ("upload",)),
    Selector("header", '[data-testid="stHeader"]', "the header bar (the top navigation)", ("explainer",)),
    Selector("toolbar", '[data-testid="stToolbar"]', "the header's menu", ("explainer",)),
    Selector("sidebar", '[data-testid="stSidebar"]', "the sidebar (the navigation, on a phone)", ("phone",)),
)}


def fill(template: str, **more: str) -> str:
    """``template`` with each ``$name`` of :data:`SELECTORS` replaced by its selector, and ``more``'s names by
    their values (a name neither declares is an error).

    >>> fill("$root $metric_value p", root=".st-key-x")
    '.st-key-x [data-testid="stMetricValue"] p'
    """
    assert not more.keys() & SELECTORS.keys(), f"{sorted(more.keys() & SELECTORS.keys())} name Streamlit selectors"
    return string.Template(template).substitute({name: s.css for name, s in SELECTORS.items()}, **more)
