"""The live class in a Streamlit session: one :class:`live.classes.Classes` per server process, the teacher's key
and the student's id in ``st.session_state``; the teacher's also in the teacher's tab's sessionStorage (ui.classroom.live_resume,
never in the address, which the projector shows), the student's in the URL of the student's own tab (a reload, another
session after a restart, gets the class back: :func:`resume_from_url`), publishing the teacher's board after every run, and the
students' board following it. Store trouble (:class:`live.errors.ClassServerUnavailable`) is a message above the
page, never a lost class; a class that ended is said to the teacher and to every student. Pages lay out
widgets and call these functions.

A store that fails mid-class (issue 32): the teacher's actions (the board, page and step published after every run;
ask, reveal and close: :func:`act`) that cannot reach it are kept in the teacher's session, said at once above the
page, and sent in order by :func:`sync` as soon as the store answers again, without the teacher doing anything (the
teacher's watch reruns its fragment when the store is back); a class the store lost (restarted empty, file deleted)
is brought back from what the teacher's screen last read of it (ui.session.state.LIVE_KEPT). Students are told that the
board cannot be reached while the store cannot be read or written (the watch's write probe), a class missing for
less than :data:`LOST_GRACE` seconds included, and catch up by themselves when it is back, putting back their own
place in the class and their accepted answer if the store lost them."""

from __future__ import annotations

import hashlib
import json
import logging
import math
import os
import threading
import time
from collections.abc import Callable
from typing import TypeVar

import streamlit as st

from live.classes import (
    EXPECTED_DEFAULT,
    EXPECTED_MAX,
    EXPECTED_MIN,
    NICKNAME_MAX,
    AlreadyAnswered,
    AnswersClosed,
    ClassClosed,
    Classes,
    ClassNotFound,
    InvalidInput,
    TooManyJoins,
    UnknownStudent,
    clean_text,
    normalize_code,
)
from live.errors import ClassServerUnavailable, LiveError
from live.store import STORE_ENV, store_from_environment
from live.watch import RUNNING, UNAVAILABLE
from metrics.teaching.handout import MEASURES
from ui.classroom import follower, live_resume, view_piece, watch
from ui.classroom.lessons import progress as lesson_progress
from ui.data import share
from ui.i18n import N_, t
from ui.model.board import Board
from ui.session import state
from ui.shell import routes
from ui.topics import paced

T = TypeVar("T")  #: what read_class() returns from its read

logger = logging.getLogger(__name__)
PAGE_PATH = "live"  #: this page's URL path: the join link is ``?join=CODE`` on it
LESSON_PATH = "lesson"  #: the lessons page's URL path: a teacher there publishes the lesson's place
JOIN_PARAM = "join"
CODE_INPUT, NICKNAME_INPUT = "live__code", "live__nickname"  #: the join form's text inputs
POLL = "live_poll"  #: the container of a student's poll (one place on every page: its fragment keeps its id)
POLL_SECONDS = 1.0  #: how often a student's screen asks its fragment when the app is served without the waiting route
DRAWN = "live_drawn"  #: a hidden box, the last thing of every complete run: its number as the browser shows it
DRAWN_BOX = "live_drawn_box"  #: its container (hidden by ui/shell/style/lecture.css)
REDRAW_AFTER = 3 * POLL_SECONDS  #: a browser that still shows an older run this long after it ended lost its end
TEACH_PARAM, STUDENT_PARAM = "teach", "student"  #: the teacher's private link / the URL parameter of a student's tab
RESUME_INPUT = "live__resume"  #: the "Resume a class" form's text input
LOST_GRACE = 60.0  #: a student's class missing this long without its teacher's screen bringing it back has ended
#: a reveal waiting when the class is brought back is sent this long after: the students' screens put back meanwhile
#: the answers the store accepted after the teacher's screen last read the class (the reveal closes the answers)
SETTLE_SECONDS = 5.0
RETRY_SECONDS = 2.0  #: served without the waiting route, how often a teacher's screen tries an out-of-reach store again
PROBE_AGE = 1.0  #: a write probe this recent is taken as the store's state (live.classes.Classes.writable)

TEACHER_ENDED = N_("Class {code} has ended: its time ran out, or the class server lost it (it restarted empty or "
                   "its file was deleted). Your board is still here: start a new class to go on.")
STUDENT_ENDED = N_("Class {code} has ended: the teacher closed it, its time ran out, or the class server lost it. "
                   "To go on, join the teacher's new class with its code.")
STUDENT_CLOSED = N_("The teacher closed class {code}. To join another class, type its code below.")
BACK_TEACHER = N_("You are back in class {code}: its students and answers are as you left them.")
BACK_STUDENT = N_("You are back in class {code}.")
OUTAGE_NOTE = N_("The live class is kept: this screen goes on by itself when the class server answers again.")
TEACHER_OUTAGE = N_("The class server cannot be reached: your students keep the last board they got. What you do now "
                    "is kept on this screen and sent by itself as soon as the server answers again: you need not do "
                    "anything.")
NOT_SENT = N_("Not sent yet:")
UNSENT_BOARD = N_("your board, page and step")
UNSENT_ASK = N_("the question {label}")
UNSENT_REVEAL = N_("the reveal of question {number}")
UNSENT_CLOSE = N_("closing the class")
STUDENT_OUTAGE = N_("The teacher's board cannot be reached: the class server does not answer. This screen catches up "
                    "by itself as soon as it answers again.")
RESTORED = N_("The class server lost class {code} (it restarted empty, or its file was deleted): this screen brought it "
              "back, with its board, its question and the answers it had read. Your students' screens take it back by "
              "themselves.")
BAD_RESUME = N_("That is not the resume code of a running class: it is the long code the teacher sees under "
                "Teacher's private link.")


@st.cache_resource
def classes() -> Classes:
    """The classes, in the store named by ``$RML_LIVE_STORE`` (one per server process); StoreMisconfigured (not kept:
    the next call tries again) when it names no usable store."""
    return Classes(store_from_environment())


def _check_store_at_start() -> None:
    """Said once per server process, in its log: a store that cannot be used or reached (the Live class page says
    it too, :func:`store_problem`)."""
    try:
        store = store_from_environment()
        try:
            store.check()
        finally:
            store.close()
    except LiveError as error:
        logger.error("live classes: %s (%s=%r)", error, STORE_ENV, os.environ.get(STORE_ENV, ""))


@st.cache_resource
def _store_checked() -> threading.Thread:
    """The start-up check (:func:`_check_store_at_start`) in a thread of its own, once per server process: started by
    the first run of the app (:func:`before_page`), which does not wait for it; nothing runs at import."""
    checking = threading.Thread(target=_check_store_at_start, name="live-store-check", daemon=True)
    checking.start()
    return checking


def store_problem() -> str | None:
    """Why live classes cannot run now (the store cannot be used or reached), in the reader's language; None if they
    can."""
    try:
        classes().store.check()
    except LiveError as error:
        return message(error)
    return None


def message(error: LiveError) -> str:
    """A live-class error in the reader's language (its fields are the user's text: shown as text by the page)."""
    return t(error.template).format(**error.fields)


def store_trouble(error: ClassServerUnavailable) -> str:
    """What a session is told when the class server cannot be reached: the error and that the class is kept."""
    return f"{message(error)} {t(OUTAGE_NOTE)}"


def say_trouble(error: ClassServerUnavailable) -> None:
    """Show store trouble here, unless the message above the page (:func:`before_page`) already says it; keep it
    there until a live call works again. (The teacher's screen never meets it: :func:`sync`.)"""
    trouble = t(STUDENT_OUTAGE) if student() is not None else store_trouble(error)
    if not st.session_state.get(state.LIVE_OUTAGE):
        st.error(trouble)
    st.session_state[state.LIVE_OUTAGE] = trouble
    st.session_state[state.LIVE_RECONCILE] = student() is not None


def reached() -> None:
    """The store answered: the outage message, if any, goes."""
    st.session_state.pop(state.LIVE_OUTAGE, None)
    st.session_state.pop(state.LIVE_LOST_SINCE, None)


def teacher() -> tuple[str, str] | None:
    return st.session_state.get(state.LIVE_TEACHER)


def student() -> tuple[str, str] | None:
    return st.session_state.get(state.LIVE_STUDENT)


EXPECTED_INPUT = "live__expected"  #: the teacher's number input: how many students to expect
EXPECTED_BOUNDS = (EXPECTED_MIN, EXPECTED_MAX, EXPECTED_DEFAULT)  #: its least, largest and first value


def start() -> str:
    """Start a class for the number of students the teacher expects (the page's :data:`EXPECTED_INPUT`, else
    :data:`live.classes.EXPECTED_DEFAULT`): its joins per minute and its cap follow it (live.classes.join_allowance,
    member_cap). Its code (the key stays in this session and in this tab's URL)."""
    new = classes().start_class(expected=st.session_state.get(EXPECTED_INPUT) or EXPECTED_DEFAULT)
    reached()
    st.session_state.pop(state.LIVE_FORGET_TAB, None)
    _teach((new.code, new.teacher_key))
    sync(read=True, board=True)
    return new.code


def _teach(held: tuple[str, str] | None) -> None:
    """This session teaches class ``held`` (code, key) from now on, with nothing sent or kept yet; None: no class."""
    for name in (state.LIVE_DIGEST, state.LIVE_STEP_QUESTION, state.LIVE_UNSENT, state.LIVE_KEPT, state.LIVE_STALE,
                 state.LIVE_RESTORED_AT):
        st.session_state.pop(name, None)
    if held is None:
        st.session_state.pop(state.LIVE_TEACHER, None)
    else:
        st.session_state[state.LIVE_TEACHER] = held


def close() -> None:
    """Close this teacher's class: at once, or as soon as the class server answers again (this session stays its
    teacher until then: :func:`act`)."""
    act({"op": "close"})


def _closed() -> None:
    """The class was closed (or was already gone): this session no longer teaches it, and its tab forgets it."""
    _teach(None)
    st.session_state[state.LIVE_FORGET_TAB] = True


def _forget(param: str) -> None:
    """This tab's URL no longer resumes a class (else the next run would take the class back)."""
    if param in st.query_params:
        del st.query_params[param]


def resume_token(held: tuple[str, str]) -> str:
    """The private code that gets a class (or a student's place in it) back: its code and secret, joined by a dot."""
    return f"{held[0]}.{held[1]}"


def private_link(held: tuple[str, str]) -> str:
    """The teacher's private link: this page's URL with ``?teach=`` and the resume code (it leaves the address as soon
    as it is opened)."""
    base = (getattr(st.context, "url", None) or "").split("?")[0]
    return f"{base}?{TEACH_PARAM}={resume_token(held)}"


def _split_token(text) -> tuple[str, str] | None:
    code, dot, secret = str(text or "").strip().partition(".")
    return (normalize_code(code), secret) if dot and code and secret else None


def resume(token: str) -> str:
    """Become the teacher of the running class whose resume code is ``token``: its code (LiveError otherwise)."""
    held = _split_token(token)
    if held is None:
        raise ClassNotFound(code=clean_text(token, 8) or "")
    code = classes().resume(*held)
    reached()
    st.session_state.pop(state.LIVE_PENDING, None)
    st.session_state.pop(state.LIVE_FORGET_TAB, None)
    st.session_state.pop(state.LIVE_STUDENT, None)
    _teach((code, held[1]))
    st.session_state[state.LIVE_BACK] = t(BACK_TEACHER).format(code=code)
    return code


def resume_from_form() -> None:
    """The "Resume a class" form's callback."""
    try:
        resume(st.session_state.get(RESUME_INPUT) or "")
    except (ClassNotFound, InvalidInput):
        st.session_state[NOTICE] = t(BAD_RESUME)


def _tab_token() -> str | None:
    """The teacher's tab keeps the resume code of its class (ui.classroom.live_resume) or forgets it once the class is closed or
    lost; in a fresh session it gives back the code it kept. Mounted in every session, in the same place (before a
    student's poll, whose fragment keeps one place)."""
    held = teacher()
    return live_resume.tab_token(resume_token(held) if held else None,
                                 forget=bool(st.session_state.get(state.LIVE_FORGET_TAB)))


def resume_from_url() -> None:
    """A fresh session (a reload, another session after a restart) gets its class back: the teacher's from the resume
    code the tab kept or from the private link (``?teach=``, which leaves the address at once), a student's from the
    tab's URL; a class that ended meanwhile is said (and the tab forgets it); when the class server cannot be reached
    the code is kept, for the next run to try again."""
    kept = _tab_token()
    if teacher() is not None or student() is not None:
        return
    if TEACH_PARAM in st.query_params:  # never left in the address: the projector shows it
        st.session_state[state.LIVE_PENDING] = st.query_params.get(TEACH_PARAM)
        _forget(TEACH_PARAM)
    elif kept and not st.session_state.get(state.LIVE_FORGET_TAB):
        st.session_state[state.LIVE_PENDING] = kept
    for param, held in ((TEACH_PARAM, _split_token(st.session_state.get(state.LIVE_PENDING))),
                        (STUDENT_PARAM, _split_token(st.query_params.get(STUDENT_PARAM)))):
        if held is None:
            continue
        try:
            if param == TEACH_PARAM:
                resume(resume_token(held))
            else:
                _rejoin(*held)
        except ClassServerUnavailable as error:
            st.session_state[state.LIVE_OUTAGE] = store_trouble(error)
        except LiveError as error:
            if param == TEACH_PARAM:
                st.session_state.pop(state.LIVE_PENDING, None)
                st.session_state[state.LIVE_FORGET_TAB] = True
            else:
                _forget(param)
            st.session_state[state.LIVE_ENDED] = _ended(error, held[0], teacher=param == TEACH_PARAM)
        return


def _rejoin(code: str, student_id: str) -> None:
    nickname = classes().rejoin(code, student_id)
    reached()
    st.session_state[state.LIVE_STUDENT] = (code, student_id)
    st.session_state[state.LIVE_NICKNAME] = nickname
    st.session_state[state.LIVE_FOLLOWING] = True
    st.session_state[state.LIVE_SEEN] = None
    st.session_state[state.LIVE_BACK] = t(BACK_STUDENT).format(code=code)
    catch_up()


def _keep_in_url() -> None:
    """A student's tab's URL holds the student's resume code, and no other; a teacher's never (its tab keeps it:
    :func:`_tab_token`)."""
    held = student()
    token = resume_token(held) if held else None
    if token is None:
        _forget(STUDENT_PARAM)
    elif st.query_params.get(STUDENT_PARAM) != token:
        st.query_params[STUDENT_PARAM] = token
    _forget(TEACH_PARAM)


def _ended(error: LiveError, code: str, teacher: bool) -> str:
    """What a teacher or a student is told when their class is gone (``error``: how it was found gone)."""
    if isinstance(error, ClassClosed) and not teacher:
        return t(STUDENT_CLOSED).format(code=code)
    if isinstance(error, ClassNotFound) or (teacher and not isinstance(error, ClassServerUnavailable)):
        return t(TEACHER_ENDED if teacher else STUDENT_ENDED).format(code=code)
    return message(error)


def teacher_lost(error: LiveError) -> None:
    """This teacher's class is gone (``error`` says how it was found gone): said once by the next run, which draws
    the page without it (the board stays)."""
    held = teacher()
    st.session_state[state.LIVE_ENDED] = _ended(error, held[0] if held else "", teacher=True)
    _teach(None)
    st.session_state[state.LIVE_FORGET_TAB] = True


#: the pages that show their steps one at a time (ui.teaching.pacing keeps each one's step in ``{page}__step``)
PACED_PAGES = ("ndcg", "ap", "rr", "cutoff", "roc", "more")


def steps() -> dict[str, int | None]:
    """This session's current step on each paced page (1 when its board was loaded after the page was seen); on a page
    in presenter mode, the step shown full screen."""
    fresh = state.origin_revision()
    current = {}
    for page in PACED_PAGES:
        presented = state.presented_step(page)
        current[page] = presented if presented is not None else (
            st.session_state.get(state.page_key(page, "step"), 1)
            if st.session_state.get(state.page_key(page, "step_origin")) == fresh else 1)
    return current


def set_steps(shown: dict) -> None:
    for page in PACED_PAGES:
        if page in shown and (shown[page] is None or isinstance(shown[page], int)):
            st.session_state[state.page_key(page, "step")] = shown[page]
            st.session_state[state.page_key(page, "step_origin")] = state.origin_revision()


HANDOUT = "handout"  #: the Handout page's name: its measure and presenter step are followed too


def handout_view() -> dict:
    """The Handout page's measure and the step it presents full screen (None: not presenting)."""
    return {"measure": st.session_state.get(state.page_key(HANDOUT, "metric"), MEASURES[0]),
            "presented": state.presented_step(HANDOUT)}


def set_handout_view(shown: dict) -> None:
    """Show the Handout page as the teacher does: the same measure, presenting the same step or not presenting."""
    if shown.get("measure") in MEASURES:
        st.session_state[state.page_key(HANDOUT, "metric")] = shown["measure"]
    presented = shown.get("presented")
    presenting, step = state.presenting_keys(HANDOUT)
    st.session_state[presenting] = isinstance(presented, int)
    if isinstance(presented, int):
        st.session_state[step] = presented


#: the teacher's choices on a page that are not the board's (widget keys), shown to following students as the teacher's
SHARED_CHOICES = (paced.RR_CUT,)


def choices() -> dict[str, bool]:
    return {name: bool(st.session_state.get(name, False)) for name in SHARED_CHOICES}


def published_state(page: str | None = None) -> dict:
    data = {"board": state.board().to_dict(), "page": page, "steps": steps(), HANDOUT: handout_view(),
            "choices": choices()}
    if page == LESSON_PATH:  # the teacher walks a lesson: its scene, step and reveal (ui.classroom.lessons)
        data["lesson"] = lesson_progress.published()
    return data


def _board_to_send(page: str | None = None) -> tuple[dict, str] | None:
    """This teacher's board, page and steps with their digest, when they changed since they were last sent."""
    page = page if page is not None else st.session_state.get(state.LIVE_PAGE)
    # asked about this page's step: the class
    if (st.session_state.get(state.LIVE_STEP_QUESTION) or {}).get("page") == page:
        page = PAGE_PATH  # answers on the Live class page, and comes back to the page when the teacher moves on
    data = published_state(page)
    digest = hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()
    return None if st.session_state.get(state.LIVE_DIGEST) == digest else (data, digest)


def publish(page: str | None = None) -> bool:
    """Publish this teacher's board and page when they changed since the last publish (app.py calls this after
    every run, through :func:`after_run`); nothing for a session without a teacher key. True when the class has
    them (sent now or before), False when they wait for the class server (:func:`sync`). After an outage, the
    class is read again too (a whole run gets over it by itself, with or without the watch)."""
    return sync(board=True, read=out_of_reach() or bool(st.session_state.get(state.LIVE_STALE)), page=page)


# -- the teacher's actions, kept while the class server cannot be reached (issue 32) -----------------------------

def act(op: dict) -> None:
    """A teacher's action on the class: ``{"op": "ask", "question", "exact", "tolerance", "range", "label"[, "step"]}``,
    ``{"op": "reveal", "id"}`` or ``{"op": "close"}``, sent now, or, while the class server cannot be reached, kept in
    this session (said at once above the page) and sent in order as soon as it answers again (:func:`sync`). The
    same action already waiting is not added twice (a second click)."""
    if teacher() is None:
        return
    unsent = st.session_state.setdefault(state.LIVE_UNSENT, [])
    if op not in unsent:
        unsent.append(op)
    sync()  # the class is read again by the run that follows (state.LIVE_STALE): the click returns at once


def unsent(kind: str | None = None) -> list[dict]:
    """The teacher's actions not sent yet (of one ``kind``: "ask", "reveal", "close")."""
    return [op for op in st.session_state.get(state.LIVE_UNSENT) or [] if kind is None or op["op"] == kind]


def out_of_reach() -> bool:
    """Whether this session's last try found the class server out of reach (said above the page until it answers)."""
    return bool(st.session_state.get(state.LIVE_OUTAGE))


def class_now() -> dict | None:
    """The class as this teacher's screen shows it (:meth:`live.classes.Classes.snapshot`): read now, or as last read
    while the class server cannot be reached (no store call then: a hung server would hold the screen). None when
    this session teaches no class (anymore: the class ended, and the next run says so)."""
    sync(read=True, probe=False)
    return st.session_state.get(state.LIVE_KEPT) if teacher() is not None else None


def sync(*, board: bool = False, read: bool = False, check: bool = False, probe: bool = True,
         page: str | None = None) -> bool:
    """Bring the class up to date with this teacher's session: the actions not sent yet, in order; then, with
    ``board``, the board, page and steps if they changed; then, with ``read`` (or after an action), what the class
    holds now (kept, :data:`state.LIVE_KEPT`). A class the store lost is brought back first from what was kept.

    While the class server is known to be out of reach, nothing is tried unless ``check`` (the watch says it may be
    back: probed now) or ``probe`` (a write probe at most :data:`PROBE_AGE` old says it can be written): a hung server
    never holds the teacher's screen. True when everything reached the class server."""
    held = teacher()
    if held is None:
        return True
    to_send = _board_to_send(page) if board else None
    if not (unsent() or to_send or read or check):
        return True
    if out_of_reach() and not check and not (probe and classes().writable(max_age=PROBE_AGE)):
        return False
    try:
        # a write probe first: its own short time-out, where a write may hang (a lock: 10 s; a hung Redis: 6 s);
        # fresh for an action (rare), up to PROBE_AGE old for the board (every run of a drag)
        if (check or unsent() or to_send) and not classes().writable(max_age=0 if check or unsent() else PROBE_AGE):
            raise ClassServerUnavailable()
        try:
            _send_all(held, to_send, read)
        except ClassNotFound as error:  # lost by the store (not closed, not run out of time): brought back
            if isinstance(error, ClassClosed) or not st.session_state.get(state.LIVE_KEPT):
                raise
            classes().restore(*held, st.session_state[state.LIVE_KEPT])
            st.session_state[state.LIVE_BACK] = t(RESTORED).format(code=held[0])
            st.session_state[state.LIVE_RESTORED_AT] = time.monotonic()
            _send_all(held, to_send, read)
    except ClassServerUnavailable:  # kept: said above the page, sent again when the class server answers
        st.session_state[state.LIVE_OUTAGE] = t(TEACHER_OUTAGE)
        return False
    except LiveError as error:  # the class ended (closed elsewhere, its time ran out): this session is told
        teacher_lost(error)
        return False
    reached()
    return True


def settling() -> float:
    """How many seconds more a reveal waits after the class was brought back (:data:`SETTLE_SECONDS`; 0: none)."""
    restored = st.session_state.get(state.LIVE_RESTORED_AT)
    return 0.0 if restored is None else max(0.0, SETTLE_SECONDS - (time.monotonic() - restored))


def _send_all(held: tuple[str, str], to_send: tuple[dict, str] | None, read: bool) -> None:
    """Send the actions waiting, in order (a refused one is said and dropped; a reveal waits while :func:`settling`,
    and those after it), the board, and read the class again."""
    queue = st.session_state.setdefault(state.LIVE_UNSENT, [])
    read = read or not st.session_state.get(state.LIVE_KEPT)
    while queue:
        op = queue[0]
        if op["op"] == "reveal" and settling():
            break
        try:
            _send(held, op)
        except ClassServerUnavailable:
            raise
        except ClassNotFound as error:  # lost by the store: sync brings it back and sends this again; a close too
            # (its students are then told it was closed), unless the class was closed already or cannot come back
            if op["op"] != "close" or (st.session_state.get(state.LIVE_KEPT) and not isinstance(error, ClassClosed)):
                raise
        except LiveError as error:  # refused (e.g. a question that cannot be asked): said, not kept
            st.session_state[NOTICE] = message(error)
        queue.pop(0)
        st.session_state[state.LIVE_STALE] = True  # what was kept no longer says what the class holds
        if op["op"] == "close":
            _closed()
            return
    if to_send is not None:
        data, digest = to_send
        try:
            version = classes().publish(*held, data)
        except InvalidInput as error:  # this board cannot be sent (too large): the class goes on without it
            st.session_state[NOTICE] = message(error)
        else:
            st.session_state[state.LIVE_DIGEST] = digest
            kept = st.session_state.get(state.LIVE_KEPT)
            if kept and not read:
                kept["version"], kept["value"] = version, {**kept["value"], "board": data}
    if read:
        st.session_state[state.LIVE_KEPT] = classes().snapshot(*held)
        st.session_state.pop(state.LIVE_STALE, None)


def _send(held: tuple[str, str], op: dict) -> None:
    if op["op"] == "ask":
        question_id = classes().ask(*held, op["question"], exact=op["exact"], tolerance=op["tolerance"],
                                    answer_range=tuple(op["range"]))
        asked = st.session_state.get(state.LIVE_STEP_QUESTION) or {}
        if op.get("step") and asked.get("id") is None and asked.get("page") == op["step"]["page"]:
            # the page waits at its step for it
            st.session_state[state.LIVE_STEP_QUESTION] = {**asked, "id": question_id}
    elif op["op"] == "reveal":
        classes().reveal(*held, op["id"])
    elif op["op"] == "close":
        classes().close(*held)


def unsent_items() -> list[str]:
    """What this teacher's session holds that the class lacks, in words (for the message above the page)."""
    items = [t(UNSENT_BOARD)] if teacher() is not None and _board_to_send() else []
    for op in unsent():
        if op["op"] == "ask":
            items.append(t(UNSENT_ASK).format(label=op.get("label", "")))
        elif op["op"] == "reveal":
            items.append(t(UNSENT_REVEAL).format(number=op["id"]))
        else:
            items.append(t(UNSENT_CLOSE))
    return items


_run = threading.local()  #: this run's place for the teacher's status (made by before_page, filled by after_run)


def _say_status(early: bool = False) -> None:
    """Above the page: the class server out of reach (a student's message, or the teacher's with what waits for it),
    as the run starts (``early``) and, for the teacher, again at its end: the action that met it is said in its own
    run, with the class brought back, and a refusal the page did not show."""
    slot = getattr(_run, "status", None)
    if slot is None:
        return
    if teacher() is None:  # a student's (or the class just closed: what the start of the run said goes)
        if st.session_state.get(state.LIVE_OUTAGE):
            slot.error(st.session_state[state.LIVE_OUTAGE])
        elif not early:
            slot.empty()
        return
    notice = None if early else st.session_state.pop(NOTICE, None)
    back = None if early else st.session_state.pop(state.LIVE_BACK, None)  # e.g. the class brought back in this run
    if not (back or notice or out_of_reach()):
        slot.empty()  # what the start of the run said goes
        return
    with slot.container():
        if back:
            st.success(back)
        if out_of_reach():
            items = unsent_items()
            text = st.session_state[state.LIVE_OUTAGE]
            if items:
                text += "\n\n" + t(NOT_SENT) + "\n" + "".join(f"\n- {item}" for item in items)
            st.error(text, icon=":material/cloud_off:")
        if notice:
            st.error(notice)


JOIN_WAIT = "live__join_wait"  #: a join told to wait: {"code", "nickname", "at": when to try again, store's clock}
JOIN_TICK = 1.0  #: how often a waiting student's countdown line is drawn again (a fragment's run_every)
JOIN_WAITING = N_("Many students are joining class {code} right now: you are let in by yourself in {seconds} s. "
                  "Keep this page open: there is no need to type the code again.")


def client_key() -> str | None:
    """Who joins, for the per-client join limit (live.classes.Limits.joins_per_client): this browser's Streamlit
    cookie (``_streamlit_xsrf``) or its nginx route cookie (``rml_route``, deploy/nginx.conf), else the connection's
    address (``st.context.ip_address``); None when none is known (on localhost): no per-client limit then. A hall
    behind one address is not one client: the cookie comes first."""
    cookies = st.context.cookies or {}
    for name in ("_streamlit_xsrf", "rml_route"):
        if cookies.get(name):
            return f"{name}={cookies[name]}"
    address = st.context.ip_address
    return f"ip={address}" if address else None


def join(code: str, nickname: str | None = None) -> str:
    """Join class ``code`` (LiveError when there is none) and follow its board: the class's code."""
    code = normalize_code(code)  # as the class keeps it ("ab3-k7q" is AB3K7Q), shown and stored so
    student_id = classes().join(code, nickname or None, client=client_key())
    st.session_state.pop(JOIN_WAIT, None)
    reached()
    st.session_state[state.LIVE_STUDENT] = (code, student_id)
    st.session_state[state.LIVE_NICKNAME] = clean_text(nickname, NICKNAME_MAX)
    st.session_state[state.LIVE_FOLLOWING] = True
    st.session_state[state.LIVE_SEEN] = None
    catch_up()
    return code


def join_from_form() -> None:
    """Join with the code and nickname typed in the join form (its callback); told to wait, the page tries again by
    itself (:func:`join_or_wait`). A join typed again replaces the one waiting."""
    stop_waiting()
    join_or_wait(st.session_state.get(CODE_INPUT) or "", st.session_state.get(NICKNAME_INPUT))


def join_or_wait(code: str, nickname: str | None) -> None:
    """Join; when the class (or this browser) has used its joins of this minute (TooManyJoins), keep the code, the
    nickname and when to try again (:data:`JOIN_WAIT`) for :func:`join_waiting` to join by itself then."""
    try:
        join(code, nickname)
    except TooManyJoins as error:
        st.session_state[JOIN_WAIT] = {"code": normalize_code(code), "nickname": nickname,
                                       "at": classes().store.clock() + error.fields["seconds"]}


def stop_waiting() -> None:
    st.session_state.pop(JOIN_WAIT, None)


def join_waiting() -> None:
    """A student told to wait (:func:`join_or_wait`) sees a countdown line and is let in by themselves: the line's
    fragment runs every :data:`JOIN_TICK` s and joins once the wait is over (a wait again if refused again; another
    refusal is said above the page). Nothing when no join waits."""
    if JOIN_WAIT in st.session_state:
        _join_wait_fragment()


@st.fragment(run_every=JOIN_TICK)
def _join_wait_fragment() -> None:
    wait = st.session_state.get(JOIN_WAIT)
    if wait is not None and wait["at"] <= classes().store.clock():
        try:
            join_or_wait(wait["code"], wait["nickname"])
        except ClassServerUnavailable as error:  # kept: tried again at the next tick
            st.error(message(error))
        except LiveError as error:
            stop_waiting()
            st.session_state[NOTICE] = message(error)
        wait = st.session_state.get(JOIN_WAIT)
    if wait is None:  # joined, refused or given up: the whole page, without this line
        st.rerun(scope="app")
    seconds = max(1, math.ceil(wait["at"] - classes().store.clock()))
    with st.container(key="live_join_wait"):
        st.info(t(JOIN_WAITING).format(code=wait["code"], seconds=seconds), icon=":material/hourglass_top:")
        st.button(t("Stop waiting"), key="live__stop_waiting", on_click=stop_waiting)


def leave() -> None:
    for key in (state.LIVE_STUDENT, state.LIVE_FOLLOWING, state.LIVE_SEEN, state.LIVE_NICKNAME, state.LIVE_TEACHER_PAGE,
                state.LIVE_SWITCH, state.LIVE_QUESTION, state.LIVE_OUTAGE, state.LIVE_LOST_SINCE, state.LIVE_MINE,
                state.LIVE_RECONCILE):
        st.session_state.pop(key, None)
    _forget(STUDENT_PARAM)


def following() -> bool:
    return student() is not None and st.session_state.get(state.LIVE_FOLLOWING, False)


def detach() -> None:
    """"Try it myself": keep the current board as a private copy and stop following. The class is read first: a
    screen kept current by the browser (ui.classroom.view_piece) may show a board its session has not loaded."""
    try:
        catch_up()
    except LiveError:  # the class is gone or out of reach: the board last loaded is kept (the poll says why)
        pass
    st.session_state[state.LIVE_FOLLOWING] = False


def follow() -> None:
    st.session_state[state.LIVE_FOLLOWING] = True
    st.session_state[state.LIVE_SEEN] = None
    catch_up()


def catch_up() -> bool:
    """When the class's version changed since this student last looked (a cheap version read first): a following
    student loads the teacher's board, page and steps; every student is sent to this page when a question is asked
    or revealed. True when this student's screen must be drawn again. LiveError when the class is gone."""
    held = student()
    if held is None:
        return False
    code = held[0]
    version = classes().version(code)
    if version == st.session_state.get(state.LIVE_SEEN):
        return False
    current = classes().current(code)
    st.session_state[state.LIVE_SEEN] = current.version
    changed = _question_news(current.question)
    if following():
        changed = _follow_board(current.board or {}) or changed
    return changed


def _question_news(question: dict | None) -> bool:
    """A new question, or the current one revealed: True, and this student goes to this page to see it."""
    news = (question.get("id"), question.get("revealed")) if isinstance(question, dict) else None
    if news == st.session_state.get(state.LIVE_QUESTION):
        return False
    st.session_state[state.LIVE_QUESTION] = news
    lesson_question = isinstance(question, dict) and isinstance(question.get("question"), dict) \
        and "lesson" in question["question"]  # a lesson's scene: answered on the lesson page itself
    if news is not None and st.session_state.get(state.LIVE_PAGE) != PAGE_PATH and not lesson_question:
        st.session_state[state.LIVE_SWITCH] = str(routes.page_file(PAGE_PATH))
    return True


def _follow_board(data: dict) -> bool:
    """Load the teacher's published board, page and steps: True when anything on this student's screen changed."""
    if not data.get("board"):
        return False
    try:
        board = Board.from_dict(data["board"])
    except (KeyError, TypeError, ValueError, AttributeError):  # not a board this app published: nothing to follow
        return False
    changed = board != state.board()
    if changed:
        state.set_board(board, origin=True)
    page = data.get("page")
    if page != st.session_state.get(state.LIVE_TEACHER_PAGE):
        st.session_state[state.LIVE_TEACHER_PAGE] = page
        target = page_file(page)
        if target and page != st.session_state.get(state.LIVE_PAGE):
            st.session_state[state.LIVE_SWITCH] = target
            changed = True
    if page == LESSON_PATH and lesson_progress.follow(data.get("lesson")):
        changed = True
    shown = data.get("steps") or {}
    if shown != steps():
        set_steps(shown)
        changed = True
    shared = data.get("choices") if isinstance(data.get("choices"), dict) else {}
    wanted = {name: shared[name] for name in SHARED_CHOICES if isinstance(shared.get(name), bool)}
    if any(st.session_state.get(name, False) != value for name, value in wanted.items()):
        st.session_state.update(wanted)
        changed = True
    handout = data.get(HANDOUT)
    if isinstance(handout, dict) and handout != handout_view():
        set_handout_view(handout)
        changed = True
    return changed


def page_file(url_path) -> str | None:
    """The page file of a published URL path (the home page's is ""); None for this page or an unknown one."""
    if not isinstance(url_path, str) or url_path == PAGE_PATH or not (url_path == "" or url_path.isidentifier()):
        return None
    name = "home" if url_path == "" else url_path
    return str(routes.page_file(name)) if name in routes.NAMES else None


def before_page(page: str | None = None) -> None:
    """app.py calls this before the navigation runs (``page``: the URL path of the page it runs): a student's poll
    (first, so that its fragment keeps one place and one id on every page, registered before anything a run may be
    interrupted in), which draws the follower view of the teacher's page (:func:`viewing`) when there is one; the
    class that just ended says so (once, above the page); a student goes to the page the teacher went to, or to
    this page for a question."""
    _store_checked()  # (the first run of the server process starts it)
    st.session_state[state.LIVE_WHOLE_RUN] = True  # until after_run
    st.session_state[state.LIVE_RUNS] = st.session_state.get(state.LIVE_RUNS, 0) + 1
    resume_from_url()
    # above the page, first (before the screens' fragments, whose drawing may take a while): the class server out of
    # reach; the teacher's slot is drawn again at the end of the run (_say_status), with what waits for it
    _run.status = st.empty()
    if st.session_state.get(state.LIVE_OUTAGE):
        _say_status(early=True)
    st.session_state[state.LIVE_VIEWING] = None
    if teacher() is not None:
        with st.container(key=TEACHER_WATCH):  # nothing visible (CSS)
            _teacher_fragment()
    if teacher() is None and student() is not None:
        if page is not None and view_wanted(page):
            st.session_state[state.LIVE_VIEWING] = page
        # the poll alone: hidden (CSS)
        with st.container(key=follower.BOX if st.session_state[state.LIVE_VIEWING] else POLL):
            if st.session_state[state.LIVE_VIEWING]:
                follower.heading(page, detach)
            _follow_fragment()
    target = st.session_state.pop(state.LIVE_SWITCH, None)
    if target and student() is not None:
        st.switch_page(target)  # first: the messages below are drawn by the run on that page
    ended = st.session_state.pop(state.LIVE_ENDED, None)
    if ended:
        st.error(ended)
    back = st.session_state.pop(state.LIVE_BACK, None)
    if back:
        st.success(back)


# Every action of the live page runs in its button's callback: before the next run, which a fragment's poll may
# interrupt (an action in the page's body could be lost with it). A refusal is kept for that run to show, and kept
# again when the poll reruns the app at its end.
NOTICE, SHOWN = "live__notice", "live__notice_shown"


def show_notice() -> None:
    """The refusal of the last action, once (the live page calls this at its top)."""
    notice = st.session_state.pop(NOTICE, None)
    st.session_state[SHOWN] = notice
    if notice:
        st.error(notice)


def refusing(action):
    """``action`` as a callback whose LiveError is shown by the next run (:func:`show_notice`)."""
    def callback(*args):
        st.session_state.pop(SHOWN, None)
        try:
            action(*args)
        except ClassServerUnavailable as error:
            st.session_state[NOTICE] = store_trouble(error) if (teacher() or student()) else message(error)
        except LiveError as error:
            st.session_state[NOTICE] = message(error)
    return callback


def poll() -> None:
    """What the students' fragment runs: when the teacher's board or question changed, load it and rerun the whole
    app (unless the follower view, drawn by this fragment, shows the change: :func:`viewing`); when the class has
    ended, leave it and rerun the app, which says so once (:func:`before_page`); when the browser lost the end of this
    session's last run, draw it again (:func:`lost_its_end`)."""
    reached_it, back, changed = read_class(_read_as_student, class_ended)
    if not reached_it:  # the class is kept: said above the page, watched again
        return
    if back:  # the class server answers again: what the outage refused is no longer said
        changed = True
        st.session_state.pop(SHOWN, None)
    elif changed and _view_draws_it():
        changed = False
    if changed or lost_its_end():
        if st.session_state.get(SHOWN):  # this run's notice, once more in the run that follows at once
            st.session_state[NOTICE] = st.session_state.pop(SHOWN)
        st.rerun(scope="app")


def class_ended(error: LiveError) -> None:
    """This student's class is gone (``error`` says how it was found gone): leave it and draw the app again, which
    says so once, with what to do next. A class missing (not closed) for less than :data:`LOST_GRACE` seconds is
    not gone yet: the store may have lost it, and its teacher's screen brings it back; meanwhile this student is
    told that the teacher's board cannot be reached. A class that lost this student (brought back without them) takes
    them back."""
    held = student()
    if held is not None and isinstance(error, ClassNotFound) and not isinstance(error, ClassClosed):
        since = st.session_state.setdefault(state.LIVE_LOST_SINCE, time.monotonic())
        if time.monotonic() - since < LOST_GRACE:
            if not st.session_state.get(state.LIVE_OUTAGE):
                st.session_state[state.LIVE_OUTAGE] = t(STUDENT_OUTAGE)
                st.session_state[state.LIVE_RECONCILE] = True
                st.rerun(scope="app")
            return
    if held is not None and isinstance(error, UnknownStudent):
        try:
            classes().come_back(*held, st.session_state.get(state.LIVE_NICKNAME))
        except LiveError:
            pass
        else:
            st.session_state[state.LIVE_RECONCILE] = True
            st.rerun(scope="app")
    st.session_state[state.LIVE_ENDED] = _ended(error, held[0] if held else "", teacher=False)
    leave()
    st.rerun(scope="app")


def accepted(question_id: int, value: float, diagnosis: str | None) -> None:
    """This student's answer to ``question_id`` is in the class: kept, to put back if the store loses it."""
    held = student()
    if held is not None:
        st.session_state[state.LIVE_MINE] = {"code": held[0], "id": int(question_id), "value": value,
                                             "diagnosis": diagnosis}


def _read_as_student() -> bool:
    """A student's look at the class (:func:`catch_up`), after an outage putting back this student and their accepted
    answer first (:func:`_put_back`). ClassServerUnavailable while the store cannot be written (the teacher's
    changes cannot reach it: the students' reads alone would not tell)."""
    # the watch saw news: maybe this
    fresh = st.session_state.get(state.LIVE_OUTAGE) or not st.session_state.get(state.LIVE_WHOLE_RUN)
    if not classes().writable(max_age=0 if fresh else PROBE_AGE):  # (the screens waking together share a probe)
        raise ClassServerUnavailable()
    if st.session_state.get(state.LIVE_RECONCILE):
        _put_back()
        st.session_state.pop(state.LIVE_RECONCILE, None)
    return catch_up()


def _put_back() -> None:
    """This student in the class again, with their accepted answer while its question is open: the store may have
    lost both with the class, which the teacher's screen brought back since (nothing changes when it kept them)."""
    code, student_id = student()
    classes().come_back(code, student_id, st.session_state.get(state.LIVE_NICKNAME))
    mine = st.session_state.get(state.LIVE_MINE) or {}
    if mine.get("code") != code:
        return
    question = classes().current(code).question
    if not isinstance(question, dict) or question.get("id") != mine["id"] or question.get("revealed"):
        return
    if classes().my_answer(code, student_id, mine["id"]) is None:
        try:
            classes().answer(code, student_id, mine["id"], mine["value"], mine.get("diagnosis"))
        except (AlreadyAnswered, AnswersClosed):
            pass


def join_link(code: str) -> str:
    """The link students open to join (this page's URL with ``?join=CODE``; relative when the URL is unknown)."""
    base = (getattr(st.context, "url", None) or "").split("?")[0]
    return f"{base}?{JOIN_PARAM}={code}"


def view_wanted(page: str | None) -> bool:
    """Whether a student on ``page`` sees the follower view (ui.classroom.follower) instead of the page: following, on the
    page the teacher is on, one that has a view."""
    return (following() and teacher() is None and page == st.session_state.get(state.LIVE_TEACHER_PAGE)
            and follower.shows(page))


def viewing() -> bool:
    """Whether this run draws the follower view instead of the page (app.py then does not run the page)."""
    return st.session_state.get(state.LIVE_VIEWING) is not None


def _view_draws_it() -> bool:
    """A change the follower view shows by itself (the board, the step on the same page): no run of the whole app."""
    page = st.session_state.get(state.LIVE_VIEWING)
    return page is not None and state.LIVE_SWITCH not in st.session_state and view_wanted(page)


@st.fragment
def _follow_fragment() -> None:
    """A student's screen: it runs when the class changed (ui.classroom.watch waits for that, without a run), when
    the student drags in the follower view, and as part of every whole run."""
    poll()
    page = st.session_state.get(state.LIVE_VIEWING)
    piece = page is not None and view_piece.served() and view_wanted(page)  # the browser keeps the view current
    _wait_for_change(timers_only=piece)
    if page is None:
        return
    if not view_wanted(page) or not (_draw_piece(page) if piece else follower.draw(page)):  # (or a drag)
        st.rerun(scope="app")
    share.write_to_url()  # the tab's address holds the board the view shows, as after a whole run


def _draw_piece(page: str) -> bool:
    """The follower view of ``page`` kept current by the browser (ui.classroom.view_piece), from what this session
    shows: False after a drop in its lanes (as :func:`ui.classroom.follower.draw`)."""
    question = st.session_state.get(state.LIVE_QUESTION)
    return view_piece.draw(page, student()[0], _seen(str(st.session_state.get(state.LIVE_SEEN) or "")), question)


def _wait_for_change(timers_only: bool = False) -> None:
    """The student's screen waits for the class to move past what it shows (the version this session loaded last,
    or the outage it shows) and then reruns its fragment; a whole run's end is checked once, after
    :data:`REDRAW_AFTER`, with room for a slow run. ``timers_only``: the follower view's piece waits for the class
    (ui.classroom.view_piece): only the checks after a whole run and after a lost class's grace."""
    held = student()
    if held is None:
        return
    lost = st.session_state.get(state.LIVE_LOST_SINCE)  # the grace's end: looked at again then, whatever the watch says
    again = (lost, max(1.0, LOST_GRACE - (time.monotonic() - lost) + 1)) if lost is not None else None
    seen = _seen(str(st.session_state.get(state.LIVE_SEEN) or ""))
    watch.wait_for_change("live_watch", held[0], seen, every=None if timers_only else POLL_SECONDS,
                          run=st.session_state.get(state.LIVE_RUNS, 0), check_after=2 * REDRAW_AFTER, again=again,
                          url=None if timers_only else watch.PATH)


TEACHER_WATCH = "live_teacher_watch"  #: the container of the teacher's watch (hidden by ui/shell/style/lecture.css)


@st.fragment
def _teacher_fragment() -> None:
    """A teacher idle on any page learns, without touching anything, that the class ended (expired, closed from
    another browser) or that its server went away or came back: ui.classroom.watch reruns this fragment only then,
    which tries the class server (:func:`sync`: what waits for it is sent, a class it lost brought back) and draws the
    app again when that changed anything (:func:`before_page`, :func:`_say_status`). Served without the route, it
    tries every :data:`RETRY_SECONDS` while the server is out of reach or something waits for it."""
    held = teacher()
    if held is None:
        return
    if not st.session_state.get(state.LIVE_WHOLE_RUN):  # a run of its own: the watch saw news
        before = (out_of_reach(), len(unsent()), st.session_state.get(state.LIVE_DIGEST))
        sync(check=True, board=True, read=True)
        if teacher() is None or (out_of_reach(), len(unsent()), st.session_state.get(state.LIVE_DIGEST)) != before \
                or state.LIVE_BACK in st.session_state:
            st.rerun(scope="app")
    waiting = out_of_reach() or bool(unsent())
    settle = settling() if unsent("reveal") else 0.0  # a reveal held after the class came back: sent at its end
    watch.wait_for_change(TEACHER_WATCH + "_piece", held[0], _seen(RUNNING), every=RETRY_SECONDS if waiting else None,
                          again=(st.session_state[state.LIVE_RESTORED_AT], settle + 0.5) if settle else None)


def read_class(read: Callable[[], T], lost: Callable[[LiveError], None]) -> tuple[bool, bool, T | None]:
    """Read this student's class once in a screen's own run (the poll): ``read()``'s value, with whether the store
    was reached and whether it came back after an outage (its message then goes). The store out of reach: the class
    is kept, and the outage is said once above the page (the app is drawn again); the class gone: ``lost(error)``,
    which ends the run, or keeps the class for now (not reached)."""
    try:
        value = read()
    except ClassServerUnavailable:
        if not st.session_state.get(state.LIVE_OUTAGE):
            st.session_state[state.LIVE_OUTAGE] = t(STUDENT_OUTAGE)
            st.session_state[state.LIVE_RECONCILE] = True
            st.rerun(scope="app")
        return False, False, None
    except LiveError as error:
        lost(error)  # ends the run, unless the class is only missing for now (class_ended)
        return False, False, None
    back = bool(st.session_state.get(state.LIVE_OUTAGE))
    if back:
        reached()
    return True, back, value


def _seen(current: str) -> str:
    """What a screen tells its watch it shows: the outage while it shows one, else ``current``."""
    return UNAVAILABLE if st.session_state.get(state.LIVE_OUTAGE) else current


def after_run(navigation, complete: bool = True) -> None:
    """Called by app.py after every run of any page (``complete``: the page ran to its end): this session's page; a
    teacher publishes what changed; in a class (its screens rerun fragments on their own), the run ends with its number in a hidden
    box (:func:`lost_its_end`)."""
    st.session_state[state.LIVE_WHOLE_RUN] = False
    st.session_state[state.LIVE_PAGE] = getattr(navigation, "url_path", None)
    if teacher() is not None:
        publish()
        _say_status()
    _run.status = None
    _keep_in_url()
    if (teacher() is not None or student() is not None) and complete:
        number = st.session_state.get(state.LIVE_DRAWN_AT, (0, 0.0))[0] + 1
        st.session_state[DRAWN] = str(number)
        with st.container(key=DRAWN_BOX):
            st.text_input("drawn", key=DRAWN, label_visibility="collapsed")
        st.session_state[state.LIVE_DRAWN_AT] = (number, time.monotonic())


def lost_its_end() -> bool:
    """Whether the browser lost the end of this session's last complete run, in a fragment's own run (a student's
    poll, the teacher's live results): the hidden box it reports holds an older number :data:`REDRAW_AFTER` seconds
    after that run ended.

    Streamlit 1.67 drops the messages a run has not yet sent when a fragment's timer asks for a run after that run
    ended: the session's new script runner replaces the old one, whose remaining messages are then ignored. Under
    load (40 students following) the end of a student's page, e.g. the new ranking, was lost about once in 400
    updates and stayed lost until the teacher's next change."""
    if st.session_state.get(state.LIVE_WHOLE_RUN):  # a whole run draws everything anyway
        return False
    number, ended = st.session_state.get(state.LIVE_DRAWN_AT, (0, 0.0))
    shown = st.session_state.get(DRAWN)
    return bool(number) and shown != str(number) and time.monotonic() - ended > REDRAW_AFTER
