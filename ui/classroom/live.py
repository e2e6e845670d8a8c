"""The live class in a Streamlit session: one :class:`live.classes.Classes` per server process, the teacher's key
and the student's id in ``st.session_state``; the teacher's also in the teacher's tab's sessionStorage (ui.classroom.live_resume,
never in the address, which the projector shows), the student's in the URL of the student's own tab (a reload, another
session after a restart, gets the class back: :func:`resume_from_url`), publishing the teacher's board after every run, and the
students' board following it. Store trouble (:class:`live.errors.ClassServerUnavailable`) is a message above the
page, never a lost class; a class that ended or was lost is said to the teacher and to every student. Pages lay out
widgets and call these functions."""

from __future__ import annotations

import hashlib
import json
import logging
import os
import threading
import time
from collections.abc import Callable
from typing import TypeVar

import streamlit as st

from live.classes import NICKNAME_MAX, ClassClosed, Classes, ClassNotFound, InvalidInput, clean_text, normalize_code
from live.errors import ClassServerUnavailable, LiveError
from live.store import STORE_ENV, store_from_environment
from live.watch import RUNNING, UNAVAILABLE
from metrics.teaching.handout import MEASURES
from ui.classroom import follower, live_resume, watch
from ui.classroom.lessons import progress as lesson_progress
from ui.data import share
from ui.i18n import N_, t
from ui.model.board import Board
from ui.session import state
from ui.shell import routes
from ui.topics import paced

T = TypeVar("T")  #: what read_class() returns from its read

logger = logging.getLogger(__name__)
TEACHER = "live_teacher"  #: (code, teacher key) while this session runs a class
STUDENT = "live_student"  #: (code, student id) while this session is in a class
FOLLOWING = "live_following"  #: True: the student's board follows the teacher's
SEEN = "live_seen"  #: the class version whose board this student last loaded
DIGEST = "live_digest"  #: digest of what the teacher published last
NICKNAME = "live_nickname"  #: the student's nickname as the class keeps it (shown as plain text only)
SWITCH = "live_switch"  #: the page file this student's next run opens (the teacher went there)
PAGE = "live_page"  #: the page this session is on (set by app.py after the page ran)
PAGE_PATH = "live"  #: this page's URL path: the join link is ``?join=CODE`` on it
LESSON_PATH = "lesson"  #: the lessons page's URL path: a teacher there publishes the lesson's place
JOIN_PARAM = "join"
CODE_INPUT, NICKNAME_INPUT = "live__code", "live__nickname"  #: the join form's text inputs
TEACHER_PAGE = "live_teacher_page"  #: the teacher's page as this student last followed it
POLL = "live_poll"  #: the container of a student's poll (one place on every page: its fragment keeps its id)
ENDED = "live_ended"  #: why this student's class ended (shown once by the next run)
QUESTION = "live_question"  #: (id, revealed) of the class's question as this student last saw it
POLL_SECONDS = 1.0  #: how often a student's screen asks its fragment when the app is served without the waiting route
RUNS = "live_runs"  #: the number of this session's whole runs (a student's screen checks each one's end: ui.classroom.watch)
DRAWN = "live_drawn"  #: a hidden box, the last thing of every complete run: its number as the browser shows it
DRAWN_BOX = "live_drawn_box"  #: its container (hidden by ui/shell/style/lecture.css)
DRAWN_AT = "live_drawn_at"  #: (the number of this session's last complete run, when it ended: time.monotonic())
WHOLE_RUN = "live_whole_run"  #: True from the start to the end of a whole run of the app (False: a fragment's own)
REDRAW_AFTER = 3 * POLL_SECONDS  #: a browser that still shows an older run this long after it ended lost its end
OUTAGE = "live_outage"  #: the store trouble this session's last live call met (shown above every page until it works)
BACK = "live_back"  #: "you are back in class ...", shown once after a resume
TEACH_PARAM, STUDENT_PARAM = "teach", "student"  #: the teacher's private link / the URL parameter of a student's tab
PENDING = "live_pending_resume"  #: a teacher's resume code not yet tried (the class server could not be reached)
FORGET_TAB = "live_forget_tab"  #: True once this session's class was closed or lost: its tab forgets the resume code
RESUME_INPUT = "live__resume"  #: the "Resume a class" form's text input
VIEWING = "live_viewing"  #: the page whose follower view (ui.classroom.follower) this run draws instead of the page, or None
#: {code, id, page, stored}: the teacher's question about a step of an explainer page (ui.classroom.live_quiz.step_question)
STEP_QUESTION = "live_step_question"

TEACHER_ENDED = N_("Class {code} has ended: its time ran out, or the class server lost it (it restarted empty or "
                   "its file was deleted). Your board is still here: start a new class to go on.")
STUDENT_ENDED = N_("Class {code} has ended: the teacher closed it, its time ran out, or the class server lost it. "
                   "To go on, join the teacher's new class with its code.")
STUDENT_CLOSED = N_("The teacher closed class {code}. To join another class, type its code below.")
BACK_TEACHER = N_("You are back in class {code}: its students and answers are as you left them.")
BACK_STUDENT = N_("You are back in class {code}.")
OUTAGE_NOTE = N_("The live class is kept: this screen goes on by itself when the class server answers again.")
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


threading.Thread(target=_check_store_at_start, name="live-store-check", daemon=True).start()


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
    there until a live call works again."""
    if not st.session_state.get(OUTAGE):
        st.error(store_trouble(error))
    st.session_state[OUTAGE] = store_trouble(error)


def reached() -> None:
    """The store answered: the outage message, if any, goes."""
    st.session_state.pop(OUTAGE, None)


def teacher() -> tuple[str, str] | None:
    return st.session_state.get(TEACHER)


def student() -> tuple[str, str] | None:
    return st.session_state.get(STUDENT)


def start() -> str:
    """Start a class: its code (the key stays in this session and in this tab's URL)."""
    new = classes().start_class()
    reached()
    st.session_state.pop(FORGET_TAB, None)
    st.session_state[TEACHER] = (new.code, new.teacher_key)
    st.session_state.pop(DIGEST, None)
    publish()
    return new.code


def close() -> None:
    """Close this teacher's class (ClassServerUnavailable: it stays open, and this session its teacher)."""
    held = teacher()
    if held:
        try:
            classes().close(*held)
        except (ClassNotFound, InvalidInput):  # already expired, closed or lost
            pass
    st.session_state.pop(TEACHER, None)
    st.session_state.pop(DIGEST, None)
    st.session_state.pop(STEP_QUESTION, None)
    st.session_state[FORGET_TAB] = True


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
    st.session_state.pop(PENDING, None)
    st.session_state.pop(FORGET_TAB, None)
    st.session_state.pop(STUDENT, None)
    st.session_state[TEACHER] = (code, held[1])
    st.session_state.pop(DIGEST, None)
    st.session_state[BACK] = t(BACK_TEACHER).format(code=code)
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
    return live_resume.tab_token(resume_token(held) if held else None, forget=bool(st.session_state.get(FORGET_TAB)))


def resume_from_url() -> None:
    """A fresh session (a reload, another session after a restart) gets its class back: the teacher's from the resume
    code the tab kept or from the private link (``?teach=``, which leaves the address at once), a student's from the
    tab's URL; a class that ended meanwhile is said (and the tab forgets it); when the class server cannot be reached
    the code is kept, for the next run to try again."""
    kept = _tab_token()
    if teacher() is not None or student() is not None:
        return
    if TEACH_PARAM in st.query_params:  # never left in the address: the projector shows it
        st.session_state[PENDING] = st.query_params.get(TEACH_PARAM)
        _forget(TEACH_PARAM)
    elif kept and not st.session_state.get(FORGET_TAB):
        st.session_state[PENDING] = kept
    for param, held in ((TEACH_PARAM, _split_token(st.session_state.get(PENDING))),
                        (STUDENT_PARAM, _split_token(st.query_params.get(STUDENT_PARAM)))):
        if held is None:
            continue
        try:
            if param == TEACH_PARAM:
                resume(resume_token(held))
            else:
                _rejoin(*held)
        except ClassServerUnavailable as error:
            st.session_state[OUTAGE] = store_trouble(error)
        except LiveError as error:
            if param == TEACH_PARAM:
                st.session_state.pop(PENDING, None)
                st.session_state[FORGET_TAB] = True
            else:
                _forget(param)
            st.session_state[ENDED] = _ended(error, held[0], teacher=param == TEACH_PARAM)
        return


def _rejoin(code: str, student_id: str) -> None:
    nickname = classes().rejoin(code, student_id)
    reached()
    st.session_state[STUDENT] = (code, student_id)
    st.session_state[NICKNAME] = nickname
    st.session_state[FOLLOWING] = True
    st.session_state[SEEN] = None
    st.session_state[BACK] = t(BACK_STUDENT).format(code=code)
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
    st.session_state[ENDED] = _ended(error, held[0] if held else "", teacher=True)
    st.session_state.pop(TEACHER, None)
    st.session_state.pop(DIGEST, None)
    st.session_state.pop(STEP_QUESTION, None)
    st.session_state[FORGET_TAB] = True


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


def publish(page: str | None = None) -> int | None:
    """Publish this teacher's board and page when they changed since the last publish (app.py calls this after
    every run); nothing for a session without a teacher key. The new version, or None."""
    held = teacher()
    if held is None:
        return None
    page = page if page is not None else st.session_state.get(PAGE)
    if (st.session_state.get(STEP_QUESTION) or {}).get("page") == page:  # asked about this page's step: the class
        page = PAGE_PATH  # answers on the Live class page, and comes back to the page when the teacher moves on
    data = published_state(page)
    digest = hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()
    if st.session_state.get(DIGEST) == digest:
        return None
    try:
        version = classes().publish(*held, data)
    except ClassServerUnavailable as error:  # the class and the board are kept; the next run publishes again
        st.session_state[OUTAGE] = store_trouble(error)
        return None
    except InvalidInput as error:  # this board cannot be sent (too large): the class goes on without it
        st.session_state[NOTICE] = message(error)
        return None
    except LiveError as error:  # the class ended (expired, lost): this session no longer teaches, and is told
        teacher_lost(error)
        return None
    reached()
    st.session_state[DIGEST] = digest
    return version


def join(code: str, nickname: str | None = None) -> str:
    """Join class ``code`` (LiveError when there is none) and follow its board: the class's code."""
    code = normalize_code(code)  # as the class keeps it ("ab3-k7q" is AB3K7Q), shown and stored so
    student_id = classes().join(code, nickname or None)
    reached()
    st.session_state[STUDENT] = (code, student_id)
    st.session_state[NICKNAME] = clean_text(nickname, NICKNAME_MAX)
    st.session_state[FOLLOWING] = True
    st.session_state[SEEN] = None
    catch_up()
    return code


def join_from_form() -> None:
    """Join with the code and nickname typed in the join form (its callback)."""
    join(st.session_state.get(CODE_INPUT) or "", st.session_state.get(NICKNAME_INPUT))


def leave() -> None:
    for key in (STUDENT, FOLLOWING, SEEN, NICKNAME, TEACHER_PAGE, SWITCH, QUESTION, OUTAGE):
        st.session_state.pop(key, None)
    _forget(STUDENT_PARAM)


def following() -> bool:
    return student() is not None and st.session_state.get(FOLLOWING, False)


def detach() -> None:
    """"Try it myself": keep the current board as a private copy and stop following."""
    st.session_state[FOLLOWING] = False


def follow() -> None:
    st.session_state[FOLLOWING] = True
    st.session_state[SEEN] = None
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
    if version == st.session_state.get(SEEN):
        return False
    current = classes().current(code)
    st.session_state[SEEN] = current.version
    changed = _question_news(current.question)
    if following():
        changed = _follow_board(current.board or {}) or changed
    return changed


def _question_news(question: dict | None) -> bool:
    """A new question, or the current one revealed: True, and this student goes to this page to see it."""
    news = (question.get("id"), question.get("revealed")) if isinstance(question, dict) else None
    if news == st.session_state.get(QUESTION):
        return False
    st.session_state[QUESTION] = news
    lesson_question = isinstance(question, dict) and isinstance(question.get("question"), dict) \
        and "lesson" in question["question"]  # a lesson's scene: answered on the lesson page itself
    if news is not None and st.session_state.get(PAGE) != PAGE_PATH and not lesson_question:
        st.session_state[SWITCH] = str(routes.page_file(PAGE_PATH))
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
    if page != st.session_state.get(TEACHER_PAGE):
        st.session_state[TEACHER_PAGE] = page
        target = page_file(page)
        if target and page != st.session_state.get(PAGE):
            st.session_state[SWITCH] = target
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
    st.session_state[WHOLE_RUN] = True  # until after_run
    st.session_state[RUNS] = st.session_state.get(RUNS, 0) + 1
    resume_from_url()
    st.session_state[VIEWING] = None
    if teacher() is not None:
        with st.container(key=TEACHER_WATCH):  # nothing visible (CSS)
            _teacher_fragment()
    if teacher() is None and student() is not None:
        if page is not None and view_wanted(page):
            st.session_state[VIEWING] = page
        with st.container(key=follower.BOX if st.session_state[VIEWING] else POLL):  # the poll alone: hidden (CSS)
            if st.session_state[VIEWING]:
                follower.heading(page, detach)
            _follow_fragment()
    target = st.session_state.pop(SWITCH, None)
    if target and student() is not None:
        st.switch_page(target)  # first: the messages below are drawn by the run on that page
    ended = st.session_state.pop(ENDED, None)
    if ended:
        st.error(ended)
    if st.session_state.get(OUTAGE):
        st.error(st.session_state[OUTAGE])
    back = st.session_state.pop(BACK, None)
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
    reached_it, back, changed = read_class(catch_up, class_ended)
    if not reached_it:  # the class is kept: said above the page, watched again
        return
    if back:
        changed = True
    elif changed and _view_draws_it():
        changed = False
    if changed or lost_its_end():
        if st.session_state.get(SHOWN):  # this run's notice, once more in the run that follows at once
            st.session_state[NOTICE] = st.session_state.pop(SHOWN)
        st.rerun(scope="app")


def class_ended(error: LiveError) -> None:
    """This student's class is gone (``error`` says how it was found gone): leave it and draw the app again, which
    says so once, with what to do next."""
    held = student()
    st.session_state[ENDED] = _ended(error, held[0] if held else "", teacher=False)
    leave()
    st.rerun(scope="app")


def join_link(code: str) -> str:
    """The link students open to join (this page's URL with ``?join=CODE``; relative when the URL is unknown)."""
    base = (getattr(st.context, "url", None) or "").split("?")[0]
    return f"{base}?{JOIN_PARAM}={code}"


def view_wanted(page: str | None) -> bool:
    """Whether a student on ``page`` sees the follower view (ui.classroom.follower) instead of the page: following, on the
    page the teacher is on, one that has a view."""
    return following() and teacher() is None and page == st.session_state.get(TEACHER_PAGE) and follower.shows(page)


def viewing() -> bool:
    """Whether this run draws the follower view instead of the page (app.py then does not run the page)."""
    return st.session_state.get(VIEWING) is not None


def _view_draws_it() -> bool:
    """A change the follower view shows by itself (the board, the step on the same page): no run of the whole app."""
    page = st.session_state.get(VIEWING)
    return page is not None and SWITCH not in st.session_state and view_wanted(page)


@st.fragment
def _follow_fragment() -> None:
    """A student's screen: it runs when the class changed (ui.classroom.watch waits for that, without a run), when
    the student drags in the follower view, and as part of every whole run."""
    poll()
    _wait_for_change()
    page = st.session_state.get(VIEWING)
    if page is None:
        return
    if not view_wanted(page) or not follower.draw(page):  # stopped following, the teacher moved on, or a drag
        st.rerun(scope="app")
    share.write_to_url()  # the tab's address holds the board the view shows, as after a whole run


def _wait_for_change() -> None:
    """The student's screen waits for the class to move past what it shows (the version this session loaded last,
    or the outage it shows) and then reruns its fragment; a whole run's end is checked once, after
    :data:`REDRAW_AFTER`, with room for a slow run."""
    held = student()
    if held is None:
        return
    watch.wait_for_change("live_watch", held[0], _seen(str(st.session_state.get(SEEN) or "")), every=POLL_SECONDS,
                          run=st.session_state.get(RUNS, 0), check_after=2 * REDRAW_AFTER)


TEACHER_WATCH = "live_teacher_watch"  #: the container of the teacher's watch (hidden by ui/shell/style/lecture.css)


@st.fragment
def _teacher_fragment() -> None:
    """A teacher idle on any page learns, without touching anything, that the class ended (expired, closed from
    another browser, lost by the store) or that its server went away or came back: ui.classroom.watch reruns this
    fragment only then, which reads the class once and draws the app again to say so (:func:`before_page`); served
    without the route, the teacher learns it at the next action."""
    held = teacher()
    if held is None:
        return
    if not st.session_state.get(WHOLE_RUN):  # a run of its own: the watch saw news
        _, back, _ = read_class(lambda: classes().resume(*held), _teacher_gone)
        if back:
            st.rerun(scope="app")
    # without the waiting route (plain `streamlit run app.py`), no timer: the teacher learns it at the next action
    watch.wait_for_change(TEACHER_WATCH + "_piece", held[0], _seen(RUNNING), every=None)


def _teacher_gone(error: LiveError) -> None:
    teacher_lost(error)
    st.rerun(scope="app")


def read_class(read: Callable[[], T], lost: Callable[[LiveError], None]) -> tuple[bool, bool, T | None]:
    """Read this session's class once in a screen's own run (a student's poll, the teacher's watch): ``read()``'s
    value, with whether the store was reached and whether it came back after an outage (its message then goes).
    The store out of reach: the class is kept, and the outage is said once above the page (the app is drawn again);
    the class gone: ``lost(error)``, which ends the run."""
    try:
        value = read()
    except ClassServerUnavailable as error:
        if not st.session_state.get(OUTAGE):
            st.session_state[OUTAGE] = store_trouble(error)
            st.rerun(scope="app")
        return False, False, None
    except LiveError as error:
        lost(error)
        raise  # ``lost`` ends the run; never reached
    back = bool(st.session_state.get(OUTAGE))
    if back:
        reached()
    return True, back, value


def _seen(current: str) -> str:
    """What a screen tells its watch it shows: the outage while it shows one, else ``current``."""
    return UNAVAILABLE if st.session_state.get(OUTAGE) else current


def after_run(navigation, complete: bool = True) -> None:
    """Called by app.py after every run of any page (``complete``: the page ran to its end): this session's page; a
    teacher publishes what changed; in a class (its screens rerun fragments on their own), the run ends with its number in a hidden
    box (:func:`lost_its_end`)."""
    st.session_state[WHOLE_RUN] = False
    st.session_state[PAGE] = getattr(navigation, "url_path", None)
    if teacher() is not None:
        publish()
    _keep_in_url()
    if (teacher() is not None or student() is not None) and complete:
        number = st.session_state.get(DRAWN_AT, (0, 0.0))[0] + 1
        st.session_state[DRAWN] = str(number)
        with st.container(key=DRAWN_BOX):
            st.text_input("drawn", key=DRAWN, label_visibility="collapsed")
        st.session_state[DRAWN_AT] = (number, time.monotonic())


def lost_its_end() -> bool:
    """Whether the browser lost the end of this session's last complete run, in a fragment's own run (a student's
    poll, the teacher's live results): the hidden box it reports holds an older number :data:`REDRAW_AFTER` seconds
    after that run ended.

    Streamlit 1.67 drops the messages a run has not yet sent when a fragment's timer asks for a run after that run
    ended: the session's new script runner replaces the old one, whose remaining messages are then ignored. Under
    load (40 students following) the end of a student's page, e.g. the new ranking, was lost about once in 400
    updates and stayed lost until the teacher's next change."""
    if st.session_state.get(WHOLE_RUN):  # a whole run draws everything anyway
        return False
    number, ended = st.session_state.get(DRAWN_AT, (0, 0.0))
    shown = st.session_state.get(DRAWN)
    return bool(number) and shown != str(number) and time.monotonic() - ended > REDRAW_AFTER
