"""Layout pieces every explainer page uses: K and convention controls, the formula with the
person's numbers, the step table with the current row highlighted, and step-by-step pacing."""

from __future__ import annotations

import pickle
import time
from html import escape

import numpy as np
import pandas as pd
import streamlit as st

from metrics.conventions import CHOICES
from metrics.explanation import Column, Explanation
from ui.i18n import N_, header, headers, t
from ui.i18n.sentences import tex
from ui.model import limits
from ui.session import state

HIGHLIGHT = "background-color: #FFE8A3; font-weight: 700"
HIT_ROW = "color: #1B6E33"

#: which library uses which choice, in one sentence each, for the convention controls
LIBRARY_NOTES = {
    "gain": N_("Linear: trec_eval, scikit-learn, ranx `ndcg`, torchmetrics. Exponential: ranx `ndcg_burges`, "
               "gdeval, many learning-to-rank papers. Binary: RecBole, recommenders' default."),
    "ideal": N_("All judged items: trec_eval, ranx, recommenders. The list only: scikit-learn, torchmetrics."),
    "ap_denominator": N_("R: trec_eval, ranx, ir_measures. Hits found: torchmetrics, the first article's code. "
                         "min(k, R): RecBole, recommenders' map_at_k."),
    "threshold": N_("trec_eval counts grade ≥ 1 as relevant (its -l option changes it); ir_measures writes "
                    "AP(rel=2)."),
}

#: seconds the server waits once a page has sent headline numbers that changed (after a drag, a new
#: K or convention), so that the browser draws them before the heavy rest of the page arrives
#: (formulas, tables, charts): messages that arrive together are drawn together, and typesetting
#: formulas takes the browser tens of milliseconds. Measured with benchmarks/trace_drag.py and
#: bench_pages.py: drag -> new value, median 0.14 s -> 0.10 s. Such a run takes this much longer
#: (waiting, not computing); a run whose numbers did not change does not wait.
DRAW_PAUSE_S = 0.02


def let_the_numbers_show(page: str, *numbers) -> None:
    """Call right after a page's headline numbers (see :data:`DRAW_PAUSE_S`)."""
    key = state.page_key(page, "numbers_shown")
    if st.session_state.get(key) != numbers:
        st.session_state[key] = numbers
        time.sleep(DRAW_PAUSE_S)


def current_k(maximum: int) -> int:
    """The board's cut-off K, at most ``maximum`` (the slider's top): what the page computes with."""
    return min(state.board().k, max(1, maximum))


def _changed(key: str, apply) -> None:
    """A control's callback: the board changes before the page runs, so a page may draw its numbers
    first and its controls after them (the numbers reach the browser sooner)."""
    state.set_board(apply(state.board(), st.session_state[key]), external=False)


def k_slider(page: str, maximum: int) -> int:
    """The board's cut-off K (shared by all pages); returns :func:`current_k`."""
    key = f"{page}_k_{state.revision()}"
    if maximum <= 1:  # a slider from 1 to 1 is refused by Streamlit: say what K is instead
        st.caption(t("K (cut-off) = 1: there is only one rank to cut at."))
        return current_k(maximum)
    st.slider(t("K (cut-off)"), 1, maximum, current_k(maximum), key=key, on_change=_changed,
              args=(key, lambda board, k: board.with_k(k)))
    return current_k(maximum)


def convention_radio(page: str, setting: str, label: str) -> str:
    """A radio for one convention of the board, with the libraries that use each option."""
    board = state.board()
    options = list(CHOICES[setting]) if setting != "gain" else ["linear", "exponential"]
    note = t(LIBRARY_NOTES[setting])
    # the labels translated now, not inside format_func: AppTest calls format_func outside the run,
    # where the reader's language is unknown
    labels = {option: t(CHOICES[setting][option]) for option in options}
    key = f"{page}_{setting}_{state.revision()}"
    st.radio(label, options, index=options.index(getattr(board, setting)), horizontal=True, key=key,
             format_func=labels.get, help=note, on_change=_changed,
             args=(key, lambda board, value: board.with_settings(**{setting: value})))
    st.caption(note)
    return getattr(state.board(), setting)


def threshold_input(page: str) -> float:
    """The grade from which an item counts as relevant (trec_eval's -l)."""
    key = f"{page}_threshold_{state.revision()}"
    st.number_input(t("Relevant when grade ≥"), min_value=limits.MIN_THRESHOLD, max_value=float(limits.MAX_THRESHOLD),
                    value=float(state.board().threshold), step=1.0, format="%g", key=key, help=t(LIBRARY_NOTES["threshold"]), on_change=_changed,
                    args=(key, lambda board, value: board.with_settings(threshold=float(value))))
    return state.board().threshold


def lazy_tabs(page: str, name: str, labels: list[str]) -> list:
    """Tabs of which only the open one is built (switching tabs reruns the page): the tab
    containers, ``None`` for the closed ones. The open tab is remembered by its label."""
    tabs = st.tabs(labels, key=state.page_key(page, name), on_change="rerun")
    return [tab if tab.open else None for tab in tabs]


def step_control(page: str, n_rows: int, unit: str = "rank") -> int:
    """Reveal the step table one rank at a time (classroom pacing); returns the rows to show.

    ``unit`` names what a row is ("rank", "cut-off K ="), in English: it is translated here."""
    key, shown_for = state.page_key(page, "step"), state.page_key(page, "step_revision")
    if n_rows == 0:
        return 0
    if st.session_state.get(shown_for, state.revision()) != state.revision():
        st.session_state.pop(key, None)  # another example was loaded: start again with every row shown
    st.session_state[shown_for] = state.revision()
    current = st.session_state.get(key, n_rows)
    current = min(max(current, 1), n_rows)
    previous, following, everything, where = st.columns([1, 1, 1, 3])
    if previous.button(t("◀ Previous"), key=f"{key}_prev", width="stretch", disabled=current <= 1):
        current -= 1
    if following.button(t("Next ▶"), key=f"{key}_next", width="stretch", disabled=current >= n_rows):
        current += 1
    if everything.button(t("Show all"), key=f"{key}_all", width="stretch", disabled=current >= n_rows):
        current = n_rows
    st.session_state[key] = current
    where.markdown(t("**Step {n} of {total}** — {unit} {n} highlighted").format(n=current, total=n_rows,
                                                                               unit=t(unit)))
    return current


def formula(explanation: Explanation) -> None:
    """The general formula, then the same with this ranking's numbers."""
    st.latex(tex(explanation.formula))
    for line in explanation.worked.split(r" \\ "):
        st.latex(tex(line))


TALLEST = 25  #: rows a table shows before it scrolls (the highlighted row stays in view on a projector)


def table_height(rows: int) -> int | str:
    """A table's height: every row and no blank strip below (Streamlit's ``"content"``) up to :data:`TALLEST` rows;
    a longer table scrolls inside that many rows' pixels (about 40 px a row at the app's 18 px font)."""
    return "content" if rows <= TALLEST else 40 * (TALLEST + 1) + 8


def last_row_styles(frame: pd.DataFrame, hits) -> pd.DataFrame:
    """One CSS string per cell, built for the whole table at once (a per-row callback is slower):
    ``hits`` (a boolean per row, or None) in green, the last row (the current step) highlighted."""
    rows = np.full(len(frame), "", dtype=object)
    if hits is not None:
        rows[hits] = HIT_ROW
    if len(frame):
        rows[-1] = HIGHLIGHT
    return pd.DataFrame(np.repeat(rows[:, None], frame.shape[1], axis=1), index=frame.index, columns=frame.columns)


def number_formats(frame: pd.DataFrame, digits: int = 4) -> dict:
    """A step table's number formats keyed by its shown headers (:func:`ui.i18n.header`): reals
    with ``digits`` decimals, grades as written."""
    formats = {c: f"{{:.{digits}f}}" for c in frame.columns if frame[c].dtype.kind == "f" and c != Column.REL}
    formats.update({c: "{:g}" for c in (Column.REL,) if c in frame.columns})
    return {header(column): style for column, style in formats.items()}


def step_table(table: pd.DataFrame, step: int | None = None, hit_column: str | None = Column.RELEVANT,
               digits: int = 4) -> None:
    """The step table, rows revealed up to ``step``, that row highlighted, hits in green."""
    shown = table if step is None else table.iloc[:step]
    hits = shown[hit_column].to_numpy(dtype=bool) if hit_column and hit_column in shown else None
    # renamed first (a styled table shows its frame's own column names), then styled by the shown names
    styled_table(headers(shown), hits, number_formats(shown, digits), height=table_height(len(shown)))


#: styled tables kept by :func:`styled_table` (a few KB each)
TABLES_KEPT = 2048


def _frame_bytes(frame: pd.DataFrame) -> bytes:
    """A frame's cache key: its pickle (a fraction of the time of Streamlit's default, pandas' per-row hash)."""
    return pickle.dumps(frame)


@st.cache_data(max_entries=TABLES_KEPT, show_spinner=False, hash_funcs={pd.DataFrame: _frame_bytes})
def styled_table(frame: pd.DataFrame, hits: np.ndarray | None, formats: dict[str, str], checks: tuple[str, ...] = (),
                 height: int | str | None = None, above: str = "") -> None:
    """``frame`` styled by :func:`last_row_styles` and ``formats`` (a format string per shown header; ``checks``:
    boolean columns shown as ✓ and ·): an ``st.dataframe`` of ``height`` pixels, or, when ``height`` is None, a
    static HTML table (:func:`table_html`) whose last row, the current step, carries ``aria-current="step"``;
    ``above``: a line over it (the rows it leaves out).

    Cached with its elements (Streamlit replays them): a session that shows a table already drawn, e.g. each of
    the 40 students following a live class's board, is sent the same elements without styling it again (about
    6 ms a table, three on a page). The frame arrives with its translated headers, so each language is its own
    entry."""
    if height is None:
        st.html(table_html(frame, hits, formats, checks, above))
        return
    shown_formats = dict(formats) | {column: (lambda hit: "✓" if hit else "·") for column in checks}
    styler = frame.style.apply(last_row_styles, hits=hits, axis=None).format(shown_formats, na_rep="–")
    st.dataframe(styler, hide_index=True, width="stretch", height=height)


def _cell(value, style: str | None, check: bool) -> str:
    """One cell's text: ✓ / · for a check column, ``style`` (a format string) for a number, "–" for a missing value."""
    if check:
        return "✓" if value else "·"
    if value is None or (isinstance(value, float) and np.isnan(value)) or value is pd.NA:
        return "–"
    return style.format(value) if style else str(value)


def table_html(frame: pd.DataFrame, hits: np.ndarray | None, formats: dict[str, str], checks: tuple[str, ...] = (),
               above: str = "") -> str:
    """The step window as an HTML table: a row per step (hits in green, the last highlighted and marked
    ``aria-current="step"``, for screen readers and tests), numbers right-aligned, every text escaped.

    >>> html = table_html(pd.DataFrame({"rank": [1, 2], "gain": [3.0, 0.5]}), None, {"gain": "{:.1f}"})
    >>> html.count("<tr"), html.count('aria-current="step"'), "<td>0.5</td>" in html.replace(' class="num"', "")
    (3, 1, True)
    """
    styles = last_row_styles(frame, hits)
    number = ' class="num"'
    kinds = [number if frame[c].dtype.kind in "iuf" else "" for c in frame.columns]
    head = "".join(f"<th{kind}>{escape(str(c))}</th>" for c, kind in zip(frame.columns, kinds))
    rows = []
    for position, values in enumerate(frame.itertuples(index=False)):
        cells = "".join(f"<td{kind}>{escape(_cell(v, formats.get(c), c in checks))}</td>"
                        for c, v, kind in zip(frame.columns, values, kinds))
        style = styles.iat[position, 0] if frame.shape[1] else ""
        attributes = (f' style="{style}"' if style else "") + (' aria-current="step"' if position == len(frame) - 1 else "")
        rows.append(f"<tr{attributes}>{cells}</tr>")
    caption = f"<caption>{escape(above)}</caption>" if above else ""
    return f'<table class="step-window">{caption}<thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'


def about(rewards: str, use: str, pitfalls: str) -> None:
    """What the metric rewards, when to use it, and its pitfalls."""
    with st.expander(t("What it rewards · when to use it · pitfalls"), expanded=False):
        st.markdown(t("**Rewards.** {rewards}\n\n**Use it when.** {use}\n\n**Pitfalls.** {pitfalls}").format(
            rewards=rewards, use=use, pitfalls=pitfalls))
