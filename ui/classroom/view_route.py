"""The follower view drawn once for a whole class (issue 36):
``GET /live-class/view?code=AB3K7Q&seen=13&lang=zh&size=0`` answers what a student following class AB3K7Q sees
now (:func:`ui.classroom.follower.view_data`), as JSON, the same bytes for every student of one language and text
size::

    {"state": "13", "page": "ndcg", "question": [2, false], "view": {...}}

``state``: the class's version (``"gone"`` when it ended, ``"unavailable"`` when its server cannot be reached: then
no view); ``page``: the teacher's page (``view`` null when it has no follower view: the student's screen then runs
its fragment, which opens that page); ``question``: the current question's id and whether it is revealed (null:
none), which the student's screen compares with what its session has seen.

A student's screen asks this right after :data:`live.routes.PATH` told it the class changed (``seen``: the version it
was told), so every student of a class asks within a moment of the others: the class is read from the store once per
version and process (:meth:`Views.current`, a read at least as new as ``seen`` serves everyone who was told ``seen``),
and the view drawn once per (version, language, text size) (:meth:`Views.answer`); a request that arrives while
that drawing is under way waits for it instead of drawing it again. Mounted by ``deploy/serve.py`` beside
:data:`live.routes.ROUTES`; plain ``streamlit run app.py`` has no such route and the screens draw the view with
Streamlit, as before.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from live.classes import Classes
from live.errors import ClassServerUnavailable, LiveError
from live.routes import FIELD_MAX, NO_STORE
from live.routes import watch as class_watch
from live.watch import GONE, UNAVAILABLE
from ui.classroom import follower
from ui.i18n import LANGUAGES
from ui.shell import dom
from ui.teaching.pacing import TEXT_SIZES

PATH = "/live-class/view"  #: the route's path (beside live.routes.PATH)
STATIC = "/live-class/static"  #: the static assets' path: the view's and the lanes' JS and CSS, KaTeX (:func:`asset`)
_HERE = Path(__file__).parent
#: the files served under STATIC (name -> file): the student's view (ui/classroom/static/), the lanes as every page
#: draws them (ui/ranking/lanes/) and KaTeX 0.16 (MIT, ui/classroom/static/katex-LICENSE) for the formulas
ASSETS = {"view.js": _HERE / "static" / "view.js", "view.css": _HERE / "static" / "view.css",
          "katex.min.js": _HERE / "static" / "katex.min.js",
          "lanes.js": _HERE.parent / "ranking" / "lanes" / "lanes.js",
          "lanes.css": _HERE.parent / "ranking" / "lanes" / "lanes.css"}
MEDIA = {".js": "text/javascript", ".css": "text/css"}
#: an asset's URL carries its content's digest (:func:`asset`): the browser keeps it for a year, a new release is
#: a new URL
CACHED = {"Cache-Control": "public, max-age=31536000, immutable"}
KEPT = 256  #: drawn views kept (versions × languages × text sizes of the classes of this process)
CLASSES_KEPT = 500  #: classes whose last read is kept (live.watch.MAX_CLASSES)


class Read(NamedTuple):
    """A class as read once for all its students: its state (a version, GONE or UNAVAILABLE), the teacher's page,
    the published board data (``ui.classroom.live.published_state``) and the question's (id, revealed) or None."""

    state: str
    page: str | None = None
    published: dict | None = None
    question: tuple | None = None


def question_news(question) -> list | None:
    """A published question as a student's screen compares it: [id, revealed], or None when there is none (what
    ``ui.classroom.live`` keeps in its session as the question it has seen)."""
    return [question.get("id"), question.get("revealed")] if isinstance(question, dict) else None


class _Making:
    def __init__(self):
        self.done = threading.Event()
        self.value = None
        self.failed = True


class _Once:
    """Values by key, each made once while kept (the last ``kept`` keys): a caller asking for a key that another
    thread is making waits for that one's value instead of making it too (also a value not to be kept)."""

    def __init__(self, kept: int):
        self.kept = kept
        self.made = 0  #: values made (for the tests and the benchmark: one per key however many ask at once)
        self._values: OrderedDict = OrderedDict()
        self._making: dict = {}
        self._lock = threading.Lock()

    def get(self, key, make: Callable[[], object], keep: Callable[[object], bool] = lambda value: True):
        with self._lock:
            if key in self._values:
                self._values.move_to_end(key)
                return self._values[key]
            making = self._making.get(key)
            mine = making is None
            if mine:
                making = self._making[key] = _Making()
        if not mine:
            making.done.wait()
            return make() if making.failed else making.value  # (the maker's error is its own caller's)
        try:
            making.value = make()
            making.failed = False
            with self._lock:
                self.made += 1
                if keep(making.value):
                    self._values[key] = making.value
                    while len(self._values) > self.kept:
                        self._values.popitem(last=False)
            return making.value
        finally:
            with self._lock:
                del self._making[key]
            making.done.set()

    def clear(self) -> None:
        with self._lock:
            self._values.clear()


class Views:
    """The follower views of the classes in ``classes``: each class read once per version, each view drawn once per
    (class, version, language, text size), for every student of this process."""

    def __init__(self, classes: Classes, kept: int = KEPT):
        self.classes = classes
        self._reads = _Once(CLASSES_KEPT)
        self._drawn = _Once(kept)
        self._last: dict[str, Read] = {}  #: each class's newest read (versions only grow)
        self._lock = threading.Lock()

    @property
    def reads(self) -> int:
        """Store reads made."""
        return self._reads.made

    @property
    def drawings(self) -> int:
        """Views drawn."""
        return self._drawn.made

    def current(self, code: str, seen: str = "") -> Read:
        """Class ``code`` at version ``seen`` or newer: the newest read made when it is that new, else a read of the
        store (one for all who ask at once). Never raises a LiveError: gone or unavailable is its state."""
        with self._lock:
            last = self._last.get(code)
        if last is not None and seen.isdigit() and int(last.state) >= int(seen):
            return last
        read = self._reads.get((code, seen), lambda: self._read(code), keep=lambda read: False)
        if read.state.isdigit():
            with self._lock:
                last = self._last.get(code)
                if last is None or int(last.state) < int(read.state):
                    self._last[code] = read
                    while len(self._last) > CLASSES_KEPT:
                        self._last.pop(next(iter(self._last)))
        return read

    def _read(self, code: str) -> Read:
        try:
            current = self.classes.current(code)
        except ClassServerUnavailable:
            return Read(UNAVAILABLE)
        except LiveError:
            return Read(GONE)
        board = current.board if isinstance(current.board, dict) else {}
        page = board.get("page") if isinstance(board.get("page"), str) else None
        return Read(str(current.version), page, board, question_news(current.question))

    def answer(self, code: str, seen: str, reader: str, size: int) -> bytes:
        """The JSON this route answers (the module's docstring) for a screen told ``seen``, in language ``reader`` at
        text size ``size``: the same bytes object for every screen that asks for that version."""
        read = self.current(code, seen)
        if not read.state.isdigit():
            return _json({"state": read.state, "page": None, "question": None, "view": None})
        return self._drawn.get((code, read.state, reader, size), lambda: self._draw(read, reader, size))

    def _draw(self, read: Read, reader: str, size: int) -> bytes:
        view = None
        if follower.shows(read.page) and read.published.get("board"):
            try:
                view = follower.view_data(read.page, read.published, reader, size)
            except (KeyError, TypeError, ValueError, AttributeError):  # not a board this app published: no view
                view = None
        return _json({"state": read.state, "page": read.page, "question": read.question, "view": view})

    def clear(self) -> None:
        """Forget every read and drawing (a test's fresh start)."""
        self._reads.clear()
        self._drawn.clear()
        with self._lock:
            self._last.clear()


def _json(data: dict) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


_views: Views | None = None
_views_lock = threading.Lock()


def views() -> Views:
    """This process's :class:`Views`, on the classes the waiting route watches (``$RML_LIVE_STORE``)."""
    global _views
    with _views_lock:
        if _views is None:
            _views = Views(class_watch().classes)
        return _views


_assets: dict[str, tuple[bytes, str]] = {}
_assets_lock = threading.Lock()


def _asset(name: str) -> tuple[bytes, str]:
    """An asset's bytes and digest (read once per process)."""
    with _assets_lock:
        if name not in _assets:
            body = ASSETS[name].read_bytes()
            if name == "view.css":  # Streamlit's selectors by their names (ui/shell/dom.py)
                body = dom.fill(body.decode()).encode()
            _assets[name] = (body, hashlib.sha256(body).hexdigest()[:12])
        return _assets[name]


def asset(name: str) -> str:
    """The URL of asset ``name`` (a key of :data:`ASSETS`), with its digest: ``/live-class/static/view.js?v=…``."""
    return f"{STATIC}/{name}?v={_asset(name)[1]}"


mounted = False  #: whether this process serves these routes (deploy/serve.py: :func:`routes`); not under app.py alone


def routes() -> list[Route]:
    """The routes to mount (deploy/serve.py): from then on a following student's screen uses them
    (ui.classroom.view_piece); without them it is drawn by Streamlit, as before."""
    global mounted
    mounted = True
    return ROUTES


def _size(text: str) -> int:
    try:
        level = int(text)
    except ValueError:
        return 0
    return level if level in TEXT_SIZES else 0


async def class_view(request: Request) -> Response:
    query = request.query_params
    code, seen = query.get("code", "")[:FIELD_MAX], query.get("seen", "")[:FIELD_MAX]
    reader = query.get("lang", "")
    reader = reader if reader in LANGUAGES else next(iter(LANGUAGES))
    try:
        body = await run_in_threadpool(views().answer, code, seen, reader, _size(query.get("size", "0")))
    except LiveError:  # no usable store: said on the Live class page and in the log
        body = _json({"state": UNAVAILABLE, "page": None, "question": None, "view": None})
    return Response(body, media_type="application/json", headers=NO_STORE)


async def static_asset(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in ASSETS:
        return Response(status_code=404)
    body, _ = _asset(name)
    return Response(body, media_type=MEDIA[Path(name).suffix], headers=CACHED)


ROUTES = [Route(PATH, class_view, methods=["GET"]), Route(STATIC + "/{name}", static_asset, methods=["GET"])]
