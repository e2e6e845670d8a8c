"""The ranking builder every explainer page shows: presets, buttons, the drag-and-drop list,
the grade table and keyboard controls. It edits the shared board and nothing else."""

from __future__ import annotations

import math

import pandas as pd
import streamlit as st
from streamlit_sortables import sort_items

from metrics import MetricsInputError
from metrics.explanation import num

from . import share, state
from .board import Board, InputError
from .i18n import N_, headers, t
from .dataset import shown_title as title_text
from .presets import PRESETS
from .safe import plain

RANKING_HEADER = N_("Ranking (top first)")
POOL_HEADER = N_("Pool (not ranked)")
#: the keyboard controls' moves: widget key suffix (English, as before) and label
MOVES = {"Up": N_("Up"), "Down": N_("Down"), "Top": N_("Top")}
SORTABLE_STYLE = """
.sortable-component { font-size: 1.05rem; }
.sortable-container { min-height: 3rem; }
.sortable-item { padding: 0.35rem 0.6rem; margin: 0.2rem 0; }
"""


def grade_text(grade) -> str:
    return t("unjudged") if grade is None else num(grade)


def item_label(board: Board, item: str) -> str:
    """What the drag-and-drop list shows for an item: its name and grade (unique per item)."""
    return f"{item}  ·  {grade_text(board.grades[item])}"


def _load_preset() -> None:
    st.session_state[state.PRESET] = st.session_state["builder_preset"]
    chosen = PRESETS[st.session_state[state.PRESET]]
    state.set_board(chosen, origin=True)


def preset_picker() -> None:
    # the widget's own state is dropped when a person leaves the page: show the plain key's value
    names = list(PRESETS)
    current = st.session_state.get(state.PRESET)
    if current in PRESETS and PRESETS[current] != state.origin():
        current = None  # the board came from elsewhere (an upload, a query): no preset is on it
    # labels made now, in this run's language (AppTest calls format_func outside the run, too)
    titles = {key: title_text(PRESETS[key].title) for key in names}
    st.selectbox(t("Example"), options=names, key="builder_preset", on_change=_load_preset,
                 index=names.index(current) if current in names else None, placeholder=t("Pick an example"),
                 format_func=titles.__getitem__)


#: the order buttons: widget key suffix (English, as before) -> label, what it does to the board
ORDER_ACTIONS = {
    "Reset": (N_("Reset"), lambda board: state.origin()),
    "Shuffle": (N_("Shuffle"), lambda board: board.shuffled()),
    "Ideal order": (N_("Ideal order"), lambda board: board.ideal_order()),
    "Worst order": (N_("Worst order"), lambda board: board.worst_order()),
}


def _reorder(name: str) -> None:
    state.set_board(ORDER_ACTIONS[name][1](state.board()))


def order_buttons() -> None:
    """Reset, shuffle, ideal and worst order. Callbacks: the board changes before the page runs."""
    for name, (label, _) in ORDER_ACTIONS.items():
        st.button(t(label), key=f"builder_{name}", width="stretch", on_click=_reorder, args=(name,))


def _sortable_key() -> str:
    return f"builder_sortable_{state.revision()}"


def _apply_sorted(result) -> bool:
    """Put the order the drag-and-drop list sent on the board (ignored if it is stale); True if
    the board changed."""
    if not result:
        return False
    board = state.board()
    labels = {item_label(board, item): item for item in board.grades}
    ranked = result[0]["items"]
    if any(label not in labels for label in ranked):
        return False  # a stale answer from before the board changed
    new_ranking = tuple(labels[label] for label in ranked)
    if new_ranking == board.ranking:
        return False
    state.set_board(board.with_ranking(new_ranking), external=False)
    return True


def sortable_ranking() -> bool:
    """Drag items between the ranking and the pool, and reorder them; True if the board changed."""
    board = state.board()
    containers = [
        {"header": t(RANKING_HEADER), "items": [item_label(board, i) for i in board.ranking]},
        {"header": t(POOL_HEADER), "items": [item_label(board, i) for i in board.pool]},
    ]
    return _apply_sorted(sort_items(containers, multi_containers=True, direction="vertical",
                                    custom_style=SORTABLE_STYLE, key=_sortable_key()))


def grade_table() -> None:
    """Edit names and grades; add and remove items. An empty grade means unjudged."""
    board = state.board()
    rank = {item: position for position, item in enumerate(board.ranking, start=1)}
    frame = pd.DataFrame({
        "item": board.items,
        "grade": [board.grades[i] if board.grades[i] is not None else math.nan for i in board.items],
        "rank": [rank.get(i) for i in board.items],
        "was": board.items,  # hidden: the row's original name (new rows: empty), so renames follow the row
    })
    shown = headers(frame)  # 中文: the columns carry the translated names (the editor's state too)
    name = dict(zip(frame.columns, shown.columns))
    edited = st.data_editor(
        shown, key=f"builder_grades_{state.revision()}", num_rows="dynamic", hide_index=True,
        width="stretch", disabled=[name["rank"]],
        column_config={
            name["item"]: st.column_config.TextColumn(t("Item"), required=True),
            name["grade"]: st.column_config.NumberColumn(t("Grade"), help=t("Relevance grade; empty = unjudged"),
                                                         format="%g"),
            name["rank"]: st.column_config.NumberColumn(t("Rank"), help=t("Position in the ranking (empty: in the pool)")),
            name["was"]: None,
        }).rename(columns=dict(zip(shown.columns, frame.columns)))
    if edited.equals(frame):
        return
    try:
        new_board = apply_grade_edits(board, frame, edited)
    except MetricsInputError as error:
        st.error(t("Not applied: {reason}. The ranking is unchanged.").format(reason=plain(state.message(error))))
        return
    state.set_board(new_board)
    st.rerun()


def apply_grade_edits(board: Board, before: pd.DataFrame, after: pd.DataFrame) -> Board:
    """The board after the grade table was edited: renames follow the row, new rows join the pool."""
    renames, grades = {}, {}
    for index, row in after.iterrows():
        name = "" if pd.isna(row["item"]) else str(row["item"]).strip()
        if not name:
            raise InputError(N_("an item needs a name"))
        if name in grades:
            raise InputError(N_("two items are named {name}"), name=repr(name))
        grade = row["grade"]
        grades[name] = None if pd.isna(grade) else float(grade)
        # not the row index: after a deletion, an added row may reuse a deleted row's index
        was = row["was"] if "was" in after.columns else (before.at[index, "item"] if index in before.index else None)
        if isinstance(was, str) and was in board.grades:
            renames[was] = name
    ranking = [renames[item] for item in board.ranking if item in renames]
    return Board(grades=grades, ranking=tuple(ranking), k=board.k, title=board.title, note=board.note,
                 scores={renames[i]: s for i, s in board.scores.items() if i in renames}, gain=board.gain,
                 ideal=board.ideal, ap_denominator=board.ap_denominator, threshold=board.threshold)


def keyboard_controls() -> None:
    """Move items without dragging: pick one, then move it with buttons (Tab, Enter, Space)."""
    board = state.board()
    if board.ranking:
        left, right = st.columns([2, 3])
        last = st.session_state.get("builder_kbd_last")  # keep the item picked across moves (new key each move)
        ranked = {item: f"{n}. {item_label(board, item)}" for n, item in enumerate(board.ranking, start=1)}
        chosen = left.selectbox(t("Ranked item"), board.ranking, key=f"builder_kbd_item_{state.revision()}",
                                index=board.ranking.index(last) if last in board.ranking else 0,
                                format_func=ranked.__getitem__)
        st.session_state["builder_kbd_last"] = chosen
        buttons = right.columns(4)
        moves = {"Up": -1, "Down": 1, "Top": -len(board.ranking)}
        for column, (name, offset) in zip(buttons, moves.items()):
            if column.button(t(MOVES[name]), key=f"builder_kbd_{name}", width="stretch"):
                state.set_board(board.moved(chosen, offset))
                st.rerun()
        if buttons[3].button(t("Unrank"), key="builder_kbd_unrank", width="stretch",
                             help=t("Move this item back to the pool")):
            state.set_board(board.with_ranking([i for i in board.ranking if i != chosen]))
            st.rerun()
    if board.pool:
        left, right = st.columns([2, 3])
        pooled = {item: item_label(board, item) for item in board.pool}
        chosen = left.selectbox(t("Pool item"), board.pool, key=f"builder_kbd_pool_{state.revision()}",
                                format_func=pooled.__getitem__)
        if right.button(t("Add to the end of the ranking"), key="builder_kbd_add"):
            state.set_board(board.with_ranking([*board.ranking, chosen]))
            st.rerun()


def ranking_builder(expanded: bool = True) -> Board:
    """The builder, at the top of the page; returns the board after this run's changes.

    Only its frame is drawn now: the order a drag sent is read from the session state and put on
    the board, and the builder's widgets are drawn into the frame by :func:`finish` after the page.
    After a drag, the page's new numbers are then the first thing the browser gets (every element
    sent before them delays them)."""
    _apply_sorted(st.session_state.get(_sortable_key()))  # the drag, before the page computes
    board = state.board()
    title = title_text(board.title) if board.title else t("your ranking")
    st.session_state[LATER] = st.expander(t("Ranking builder — {title}").format(title=title), expanded=expanded)
    return board


LATER = "builder_later"  #: the builder's frame, which finish() fills after the page ran
GRADES_OPEN = "builder_grades_open"  #: the grade editor's popover is open
KEYS_OPEN = "builder_keys_open"  #: the keyboard controls' popover is open


def finish() -> None:
    """Draw the builder's widgets into the frame :func:`ranking_builder` left at the top of the
    page: the query and example pickers, the order buttons (callbacks), the drag-and-drop list,
    the grade editor and keyboard popovers (built only while open), the share link and the
    example's note. The entry script calls this after every page."""
    frame = st.session_state.pop(LATER, None)
    if frame is None:
        return
    with frame:
        if st.session_state.get(state.DATASET) is not None:
            from .dataset import query_picker

            query_picker("builder")
        preset_picker()
        with st.container(horizontal=True):
            order_buttons()
        if sortable_ranking():  # a drag ranking_builder() did not see yet: show the page again with it
            st.rerun()
        grades = st.popover(t("Edit items and grades"), width="stretch", key=GRADES_OPEN, on_change="rerun")
        if grades.open:
            with grades:
                grade_table()
        keys = st.popover(t("Keyboard controls"), width="stretch", key=KEYS_OPEN, on_change="rerun")
        if keys.open:
            with keys:
                keyboard_controls()
        share.copy_link()
        if state.board().note:
            st.caption(t(state.board().note))
