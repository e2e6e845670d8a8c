"""Session state shared by the pages: every key lives here, declared once.

Widget state is dropped when a person leaves a page, so the board is kept in plain
``st.session_state`` keys; widgets that show it carry the board's revision in their key and
are rebuilt whenever the board is changed from elsewhere (a preset, a button, an upload).
"""

from __future__ import annotations

import streamlit as st

from ui.i18n import t
from ui.model.board import Board, History
from ui.model.presets import DEFAULT_PRESET, PRESETS

BOARD = "board"  #: the current Board
ORIGIN = "board_origin"  #: the Board that Reset goes back to
ORIGIN_REVISION = "board_origin_revision"  #: bumped when a new example is loaded (a new Reset target)
REVISION = "board_revision"  #: bumped when the board changes other than by a drop in the builder's lanes
DATASET = "dataset"  #: the uploaded metrics.readers.io.Dataset, or absent
DATASET_NAME = "dataset_name"  #: the uploaded file names, for messages
QUERY = "query"  #: the query of the dataset shown on the board
DATASET_DIGEST = "dataset_digest"  #: sha256 of the uploaded bytes: the evaluation cache's key
PRESET = "preset"  #: the preset picker's value
SECOND = "second_ranking"  #: the compare page's "list 2": another order of the board's ranked items
BUILDER_STEP = "builder_step"  #: set by a page on each run: the rank its step table shows, outlined in the builder (int or None)
#: set by a page on each run: a labelled line across the builder's ranking (ui.ranking.lanes.Marker, or None)
BUILDER_MARKER = "builder_marker"
BUILDER_IDEAL = "builder_ideal"  #: set by a page on each run: True shows the ideal ordering beside the builder's ranking
HISTORY = "board_history"  #: the board changes that Undo and Redo walk (ui.model.board.History of (board, origin) pairs)


# a live class, this session's side (ui.classroom.live and its parts)
LIVE_TEACHER = "live_teacher"  #: (code, teacher key) while this session runs a class
LIVE_STUDENT = "live_student"  #: (code, student id) while this session is in a class
LIVE_FOLLOWING = "live_following"  #: True: the student's board follows the teacher's
LIVE_SEEN = "live_seen"  #: the class version whose board this student last loaded
LIVE_DIGEST = "live_digest"  #: digest of what the teacher published last
LIVE_NICKNAME = "live_nickname"  #: the student's nickname as the class keeps it (shown as plain text only)
LIVE_SWITCH = "live_switch"  #: the page file this student's next run opens (the teacher went there)
LIVE_PAGE = "live_page"  #: the page this session is on (set by app.py after the page ran)
LIVE_TEACHER_PAGE = "live_teacher_page"  #: the teacher's page as this student last followed it
LIVE_ENDED = "live_ended"  #: why this student's class ended (shown once by the next run)
LIVE_QUESTION = "live_question"  #: (id, revealed) of the class's question as this student last saw it
#: the number of this session's whole runs (a student's screen checks each one's end: ui.classroom.watch)
LIVE_RUNS = "live_runs"
LIVE_DRAWN_AT = "live_drawn_at"  #: (the number of this session's last complete run, when it ended: time.monotonic())
LIVE_WHOLE_RUN = "live_whole_run"  #: True from the start to the end of a whole run of the app (False: a fragment's own)
#: the store trouble this session's last live call met (shown above every page until it works)
LIVE_OUTAGE = "live_outage"
LIVE_BACK = "live_back"  #: "you are back in class ...", shown once after a resume
LIVE_PENDING = "live_pending_resume"  #: a teacher's resume code not yet tried (the class server could not be reached)
#: True once this session's class was closed or lost: its tab forgets the resume code
LIVE_FORGET_TAB = "live_forget_tab"
#: the page whose follower view (ui.classroom.follower) this run draws instead of the page, or None
LIVE_VIEWING = "live_viewing"
#: {code, id, page, stored}: the teacher's question about a step of an explainer page (ui.classroom.live_quiz.step_question)
LIVE_STEP_QUESTION = "live_step_question"
LIVE_UNSENT = "live_unsent"  #: the teacher's actions not sent yet, in order (ui.classroom.live.act): ask, reveal, close
#: what the teacher's screen last read of its class (live.classes.Classes.snapshot), to bring it back
LIVE_KEPT = "live_kept"
LIVE_STALE = "live_kept_stale"  #: True: an action reached the class since KEPT was read (the next sync reads it again)
LIVE_LOST_SINCE = "live_lost_since"  #: when this student's class was first found missing (time.monotonic())
#: {code, id, value, diagnosis}: this student's last accepted answer, to put back if the store lost it
LIVE_MINE = "live_mine"
#: True: this student puts its place and answer back at the next read (after an outage)
LIVE_RECONCILE = "live_reconcile"
LIVE_RESTORED_AT = "live_restored_at"  #: when this teacher's screen last brought its class back (time.monotonic())


def init() -> None:
    """Create the shared state once per session (the entry script calls this on every run)."""
    if BOARD not in st.session_state:
        st.session_state[BOARD] = PRESETS[DEFAULT_PRESET]
        st.session_state[ORIGIN] = PRESETS[DEFAULT_PRESET]
        st.session_state[REVISION] = 0
        st.session_state[PRESET] = DEFAULT_PRESET


def board() -> Board:
    init()  # a page opened by its own URL may run before the entry script's init in a new session
    return st.session_state[BOARD]


def revision() -> int:
    init()
    return st.session_state[REVISION]


def set_board(new: Board, *, external: bool = True, origin: bool = False) -> None:
    """Replace the board. ``external``: rebuild the widgets that show it; ``origin``: Reset target.
    A change (a board or Reset target not equal to the one before) can be undone (:func:`undo`)."""
    before = (st.session_state.get(BOARD), st.session_state.get(ORIGIN))
    if before[0] is not None and before != (new, new if origin else before[1]):
        st.session_state[HISTORY] = history().record(before)
    st.session_state[BOARD] = new
    if origin:
        st.session_state[ORIGIN] = new
        st.session_state[ORIGIN_REVISION] = origin_revision() + 1
    if external:
        st.session_state[REVISION] += 1


def history() -> History:
    """The board's undo and redo history in this session."""
    return st.session_state.get(HISTORY) or History()


def _restore(snapshot: tuple[Board, Board]) -> None:
    """Put a (board, Reset target) pair of the history back; another Reset target counts as another
    example loaded (the pages start again at step 1)."""
    board, origin = snapshot
    st.session_state[BOARD] = board
    if origin != st.session_state.get(ORIGIN):
        st.session_state[ORIGIN] = origin
        st.session_state[ORIGIN_REVISION] = origin_revision() + 1
    st.session_state[REVISION] = revision() + 1  # the widgets showing the board are rebuilt from it


def undo() -> None:
    """Back to the board before the last change (a drag, a grade edit, an example loaded, ...), if any."""
    if history().can_undo:
        st.session_state[HISTORY], snapshot = history().undo((board(), origin()))
        _restore(snapshot)


def redo() -> None:
    """The board the last :func:`undo` left, if no change came since."""
    if history().can_redo:
        st.session_state[HISTORY], snapshot = history().redo((board(), origin()))
        _restore(snapshot)


def origin_revision() -> int:
    """Counts the examples loaded in this session (a preset, an upload's query, a shared link, ...)."""
    return st.session_state.get(ORIGIN_REVISION, 0)


def origin() -> Board:
    init()
    return st.session_state[ORIGIN]


def page_key(page: str, name: str) -> str:
    """A widget key private to one page, so two pages never share a key by accident."""
    return f"{page}__{name}"


def presenting_keys(page: str) -> tuple[str, str]:
    """The session-state keys of ``page``'s presenter mode: (on, the step shown full screen)."""
    return page_key(page, "presenting"), page_key(page, "presenter_step")


def presented_step(page: str) -> int | None:
    """The step ``page`` shows full screen (from 1), or None when it is not in presenter mode."""
    presenting, step = presenting_keys(page)
    return st.session_state.get(step, 1) if st.session_state.get(presenting) else None


def message(error: Exception, escape=None) -> str:
    """An error's problem in the reader's language. An error with a template (``metrics.errors.input_error``,
    :class:`~ui.model.board.InputError`) is translated with it, its ``words`` fields too; ``escape`` (e.g.
    ui.shell.safe.plain) is applied to the other text fields, which hold user data. Other errors keep their text."""
    if getattr(error, "template", None) is None:
        return str(error)
    fields = {name: t(value) if name in error.words else escape(value) if escape and isinstance(value, str) else value
              for name, value in error.fields.items()}
    return t(error.template).format(**fields)
