"""The HTTP route a class's screens wait on (:mod:`live.watch`), mounted beside Streamlit's own by
``deploy/serve.py`` (``st.App``): ``GET /live-class/version?code=AB3K7Q&seen=12`` answers
``{"state": "13", "news": true}`` as soon as class AB3K7Q is past version 12, or ended (``"gone"``), or its server
cannot be reached (``"unavailable"``), and after :data:`live.watch.WAIT_SECONDS` whatever it is (``"news": false``
when it is no news to that screen: :func:`live.watch.is_news`). 503 when the process holds
too many waits (the screen then asks its fragment instead, as without this route). Starlette only, no Streamlit.
"""

from __future__ import annotations

import threading

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from live.classes import Classes
from live.errors import LiveError
from live.store import store_from_environment
from live.watch import UNAVAILABLE, WAIT_SECONDS, Busy, ClassWatch, is_news

PATH = "/live-class/version"  #: the route's path (the app's Live class page is /live: kept apart)
FIELD_MAX = 32  #: a code or a seen state longer than this is cut (a code is 6 characters, a version a few digits)
NO_STORE = {"Cache-Control": "no-store"}
WAIT = WAIT_SECONDS  #: how long a request is held at most

_watch: ClassWatch | None = None
_watch_lock = threading.Lock()


def watch() -> ClassWatch:
    """This process's :class:`ClassWatch`, on the store named by ``$RML_LIVE_STORE`` (made at the first wait;
    StoreMisconfigured, not kept, when that store cannot be used)."""
    global _watch
    with _watch_lock:
        if _watch is None:
            _watch = ClassWatch(Classes(store_from_environment()))
        return _watch


async def class_version(request: Request) -> JSONResponse:
    code = request.query_params.get("code", "")[:FIELD_MAX]
    seen = request.query_params.get("seen", "")[:FIELD_MAX]
    try:
        state = await watch().wait(code, seen, timeout=WAIT)
    except Busy:
        return JSONResponse({"state": None, "news": False}, status_code=503, headers=NO_STORE)
    except LiveError:  # no usable store: said on the Live class page and in the log
        state = UNAVAILABLE
    return JSONResponse({"state": state, "news": is_news(state, seen)}, headers=NO_STORE)


ROUTES = [Route(PATH, class_version, methods=["GET"])]
