"""The ranking builder every explainer page shows: the board's title, a one-row toolbar (example,
order, grade editor, keyboard controls, share link) and the drag-and-drop lanes (ui/ranking/lanes.py). It
edits the shared board and nothing else; it fits a column about 420 px wide."""

from __future__ import annotations

import math

import pandas as pd
import streamlit as st

from metrics import MetricsInputError
from ui.data import share
from ui.data.dataset import shown_title as title_text
from ui.i18n import N_, headers, t
from ui.model import limits
from ui.model.board import Board, InputError
from ui.model.presets import PRESETS
from ui.ranking.lanes import Marker, dropped_order, grade_text, lanes
from ui.session import state
from ui.session.history import undo_redo_buttons
from ui.shell.safe import plain

#: the keyboard controls' moves: widget key suffix (English, as before) and label
MOVES = {"Up": N_("Up"), "Down": N_("Down"), "Top": N_("Top")}


def item_label(board: Board, item: str) -> str:
    """An item as the keyboard controls' pickers show it: its name and grade."""
    return f"{item}  ·  {grade_text(board.grades[item])}"


def _load_preset() -> None:
    st.session_state[state.PRESET] = st.session_state["builder_preset"]
    chosen = PRESETS[st.session_state[state.PRESET]]
    state.set_board(chosen, origin=True)


def preset_picker() -> None:
    """The example picker: a popover listing every example by its whole title (a select box would
    cut the long titles to a few words in the builder's narrow column)."""
    # the widget's own state is dropped when a person leaves the page: show the plain key's value
    names = list(PRESETS)
    current = st.session_state.get(state.PRESET)
    if current in PRESETS and PRESETS[current] != state.origin():
        current = None  # the board came from elsewhere (an upload, a query): no preset is on it
    # labels made now, in this run's language (AppTest calls format_func outside the run, too)
    titles = {key: title_text(PRESETS[key].title) for key in names}
    with st.popover(t("Examples"), icon=":material/menu_book:", help=t("Pick an example"), key="builder_examples"):
        st.radio(t("Example"), options=names, key="builder_preset", on_change=_load_preset,
                 index=names.index(current) if current in names else None, format_func=titles.__getitem__,
                 label_visibility="collapsed")


#: the order buttons: widget key suffix (English, as before) -> label, icon, what it does to the board
ORDER_ACTIONS = {
    "Reset": (N_("Reset"), ":material/restart_alt:", lambda board: state.origin()),
    "Shuffle": (N_("Shuffle"), ":material/shuffle:", lambda board: board.shuffled()),
    "Ideal order": (N_("Ideal order"), ":material/trending_down:", lambda board: board.ideal_order()),
    "Worst order": (N_("Worst order"), ":material/trending_up:", lambda board: board.worst_order()),
}


def _reorder(name: str) -> None:
    state.set_board(ORDER_ACTIONS[name][2](state.board()))


def order_buttons() -> None:
    """Reset, shuffle, ideal and worst order. Callbacks: the board changes before the page runs."""
    for name, (label, icon, _) in ORDER_ACTIONS.items():
        st.button(t(label), key=f"builder_{name}", icon=icon, width="stretch", on_click=_reorder, args=(name,))


def _lanes_key() -> str:
    return f"builder_lanes_{state.revision()}"


def _apply_drop() -> bool:
    """Put the order the lanes sent on the board (ignored if stale or malformed); True if the
    board changed."""
    board = state.board()
    order = dropped_order(_lanes_key(), board.items)
    if order is None or order[0] == board.ranking:
        return False
    state.set_board(board.with_ranking(order[0]), external=False)
    return True


def ranking_lanes() -> bool:
    """The lanes: drag items between the ranking and the pool, and reorder them (with the current
    step, the ideal ordering and a marker, if this run's page set them: they are used up here, so that another
    page does not inherit them); True if a drop changed the board."""
    changed = _apply_drop()
    board = state.board()
    ideal = None
    if st.session_state.pop(state.BUILDER_IDEAL, False):  # most relevant first, ties in order, as metrics.ndcg_steps
        ranked = sorted(zip(board.ideal_items(), board.ideal_grades()), key=lambda pair: -pair[1])
        ideal = [(item, board.grades[item]) for item, _ in ranked]
    step = st.session_state.pop(state.BUILDER_STEP, None)
    marker = st.session_state.pop(state.BUILDER_MARKER, None)
    lanes(board.grades, board.ranking, board.pool, key=_lanes_key(), ideal=ideal,
          step=step if isinstance(step, int) and not isinstance(step, bool) else None,
          marker=marker if isinstance(marker, Marker) else None)
    return changed


def grade_table() -> None:
    """Edit names and grades; add and remove items. An empty grade means unjudged.

    The editor's raw edits are checked before anything else is done with them (:func:`check_edits`):
    a grade that is not a finite number of at most :data:`ui.model.limits.MAX_ABS_GRADE`, a name longer
    than :data:`ui.model.limits.MAX_NAME_CHARS` or more than :data:`ui.model.limits.MAX_BOARD_ITEMS` items are
    refused with one message, the board is kept and the editor starts again from it."""
    board = state.board()
    rank = {item: position for position, item in enumerate(board.ranking, start=1)}
    frame = pd.DataFrame({  # dtypes given: an empty board's table keeps a text column of names
        "item": pd.Series(board.items, dtype="str"),
        "grade": pd.Series([board.grades[i] if board.grades[i] is not None else math.nan for i in board.items],
                           dtype="float64"),
        "rank": pd.Series([rank.get(i) for i in board.items], dtype="Int64"),
        N_("was"): pd.Series(board.items, dtype="str"),  # hidden: the row's original name, so renames follow the row
    })
    shown = headers(frame)  # 中文: the columns carry the translated names (the editor's state too)
    name = dict(zip(frame.columns, shown.columns))
    try:
        check_edits(board, st.session_state.get(_grades_key()), name["item"], name["grade"])
    except MetricsInputError as error:
        state.set_board(board)  # the same board, a new revision: the editor starts again from it
        st.error(t("Not applied: {reason}. The ranking is unchanged.").format(reason=plain(state.message(error))),
                 icon=":material/error:")
    edited = st.data_editor(
        shown, key=_grades_key(), num_rows="dynamic", hide_index=True,
        width="stretch", disabled=[name["rank"]],
        column_config={
            name["item"]: st.column_config.TextColumn(t("Item"), required=True, max_chars=limits.MAX_NAME_CHARS),
            name["grade"]: st.column_config.NumberColumn(t("Grade"), help=t("Relevance grade; empty = unjudged"),
                                                         format="%g", min_value=-limits.MAX_ABS_GRADE,
                                                         max_value=limits.MAX_ABS_GRADE),
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


def _grades_key() -> str:
    return f"builder_grades_{state.revision()}"


def _short(value, limit: int = 40) -> str:
    """A value quoted in a message, cut to ``limit`` characters."""
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def checked_grade(value) -> float | None:
    """A grade as the board keeps it (None: unjudged), or InputError: not a number, not finite, or
    larger than :data:`ui.model.limits.MAX_ABS_GRADE` in size.

    >>> checked_grade("2"), checked_grade(None), checked_grade(""), checked_grade(1.5)
    (2.0, None, None, 1.5)
    >>> checked_grade("abc")
    Traceback (most recent call last):
    ...
    ui.model.board.InputError: the grade 'abc' is not a number
    """
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, float) and math.isnan(value):
        return None  # the editor's own empty cell
    if isinstance(value, bool):
        raise InputError(N_("the grade {value} is not a number"), value=_short(value))
    try:
        number = float(value.strip() if isinstance(value, str) else value)
    except OverflowError:  # an integer beyond float
        raise InputError(N_("the grade {value} is too large (at most {limit} in size)"), value=_short(value),
                         limit=limits.MAX_ABS_GRADE) from None
    except (TypeError, ValueError):
        raise InputError(N_("the grade {value} is not a number"), value=_short(value)) from None
    if not math.isfinite(number):
        raise InputError(N_("the grade {value} is not a finite number"), value=_short(value))
    if abs(number) > limits.MAX_ABS_GRADE:
        raise InputError(N_("the grade {value} is too large (at most {limit} in size)"), value=_short(value),
                         limit=limits.MAX_ABS_GRADE)
    return number


def check_name(value) -> None:
    """An item name longer than :data:`ui.model.limits.MAX_NAME_CHARS` raises InputError."""
    if isinstance(value, str) and len(value) > limits.MAX_NAME_CHARS:
        raise InputError(N_("an item name is too long ({size:,} characters; at most {limit})"), size=len(value),
                         limit=limits.MAX_NAME_CHARS)


def too_many(count: int) -> InputError:
    """The message for a board of ``count`` items, more than :data:`ui.model.limits.MAX_BOARD_ITEMS`."""
    return InputError(N_("{count:,} items: a board holds at most {limit}; the command line ({command}) is for "
                         "larger jobs"), count=count, limit=limits.MAX_BOARD_ITEMS, command=limits.COMMAND_LINE)


def check_edits(board: Board, raw, item_column: str, grade_column: str) -> None:
    """Check the grade editor's raw widget state (``edited_rows``, ``added_rows``, ``deleted_rows``)
    before the editor applies it: the number of items first (adding 10,000 rows must not cost
    minutes), then every typed grade and name. Raises InputError."""
    if not isinstance(raw, dict):
        return
    added = raw.get("added_rows") or []
    deleted = {row for row in raw.get("deleted_rows") or [] if isinstance(row, int)}
    count = len(board.items) - len(deleted & set(range(len(board.items)))) + len(added)
    if count > limits.MAX_BOARD_ITEMS:
        raise too_many(count)
    edited = raw.get("edited_rows") or {}
    for row in [*(edited.values() if isinstance(edited, dict) else ()), *added]:
        if not isinstance(row, dict):
            continue
        if grade_column in row:
            checked_grade(row[grade_column])
        if item_column in row:
            check_name(row[item_column])


def apply_grade_edits(board: Board, before: pd.DataFrame, after: pd.DataFrame) -> Board:
    """The board after the grade table was edited: renames follow the row, new rows join the pool."""
    if len(after) > limits.MAX_BOARD_ITEMS:
        raise too_many(len(after))
    renames, grades = {}, {}
    for index, row in after.iterrows():
        name = "" if pd.isna(row["item"]) else str(row["item"]).strip()
        if not name:
            raise InputError(N_("an item needs a name"))
        check_name(name)
        if name in grades:
            raise InputError(N_("two items are named {name}"), name=repr(name))
        grades[name] = checked_grade(row["grade"])
        # not the row index: after a deletion, an added row may reuse a deleted row's index
        was = row["was"] if "was" in after.columns else (before.at[index, "item"] if index in before.index else None)
        if isinstance(was, str) and was in board.grades:
            renames[was] = name
    ranking = [renames[item] for item in board.ranking if item in renames]
    # the run file's order follows grade edits and renames (as Board.with_grades and renamed do)
    return Board(grades=grades, ranking=tuple(ranking), k=board.k, title=board.title, note=board.note,
                 scores={renames[i]: s for i, s in board.scores.items() if i in renames}, gain=board.gain,
                 ideal=board.ideal, ap_denominator=board.ap_denominator, threshold=board.threshold,
                 run_order=tuple(renames[item] for item in board.run_order if item in renames))


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
        buttons = right.container(horizontal=True, gap="small")  # whole buttons wrap to a new row, words never split
        moves = {"Up": -1, "Down": 1, "Top": -len(board.ranking)}
        for name, offset in moves.items():
            if buttons.button(t(MOVES[name]), key=f"builder_kbd_{name}"):
                state.set_board(board.moved(chosen, offset))
                st.rerun()
        if buttons.button(t("Unrank"), key="builder_kbd_unrank", help=t("Move this item back to the pool")):
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
    """The builder, drawn into the current container (a page's left column, say); returns the board
    after this run's changes. ``expanded=False``: the lanes start folded (pages where the ranking is
    not the subject).

    Only its frame is drawn now: the order a drop sent is read from the session state and put on
    the board, and the builder's widgets are drawn into the frame by :func:`finish` after the page.
    After a drag, the page's new numbers are then the first thing the browser gets (every element
    sent before them delays them)."""
    _apply_drop()  # the drag, before the page computes
    st.session_state[LATER] = (st.container(key=FRAME_KEY), expanded)
    return state.board()


LATER = "builder_later"  #: the builder's frame and whether its lanes are unfolded, which finish() fills after the page ran
FRAME_KEY = "builder"  #: the frame's key (the browser's CSS class st-key-builder)
GRADES_OPEN = "builder_grades_open"  #: the grade editor's popover is open
KEYS_OPEN = "builder_keys_open"  #: the keyboard controls' popover is open


def _popover(help: str, icon: str, key: str | None = None):
    """An icon-only toolbar popover, ``help`` (translated here) its tooltip. With a ``key``, its
    content is built only while it is open: the popover, or None when it is closed."""
    if key is None:
        return st.popover("", icon=icon, help=t(help), type="tertiary")
    popover = st.popover("", icon=icon, help=t(help), type="tertiary", key=key, on_change="rerun")
    return popover if popover.open else None


def toolbar() -> None:
    """One row: the example picker, then icon popovers for the order buttons, the grade editor,
    the keyboard controls and the share link."""
    with st.container(horizontal=True, gap="xsmall", vertical_alignment="center", key="builder_toolbar"):
        preset_picker()
        with _popover(N_("Reset, shuffle, ideal or worst order"), ":material/swap_vert:"):
            order_buttons()
        if grades := _popover(N_("Edit items and grades"), ":material/edit:", GRADES_OPEN):
            with grades:
                grade_table()
        if keys := _popover(N_("Keyboard controls"), ":material/keyboard:", KEYS_OPEN):
            with keys:
                keyboard_controls()
        share.copy_link(label="", width="content", type="tertiary")
        undo_redo_buttons()


def finish() -> None:
    """Draw the builder's widgets into the frame :func:`ranking_builder` left on the page: the
    board's title, the query picker (a dataset is loaded), the toolbar, the lanes and the example's
    note. The entry script calls this after every page."""
    later = st.session_state.pop(LATER, None)
    if later is None:
        return
    frame, expanded = later
    with frame:
        board = state.board()
        title = title_text(board.title) if board.title else t("your ranking")
        st.markdown(f":small[**{plain(title)}**]")
        if st.session_state.get(state.DATASET) is not None:
            from ui.data.dataset import query_picker

            query_picker("builder")
        toolbar()
        with st.expander(t("Drag to reorder"), expanded=False) if not expanded else st.container():
            if ranking_lanes():  # a drop ranking_builder() did not see yet: show the page again with it
                st.rerun()
        if state.board().note:
            st.caption(t(state.board().note))
