"""A lightweight Streamlit client (no browser): one session over the websocket ``/_stcore/stream``.

It speaks the protocol the way Streamlit's frontend does (read from streamlit 1.67's sources and its bundled
frontend): ``BackMsg.rerun_script`` (a ``ClientState``: query string, page script hash or, before the first run,
the page's URL path as ``page_name``, the widget states, a fragment id and ``is_auto_rerun``) goes in, and
``ForwardMsg``s come out: ``new_session`` (a run starts; ``metadata.run.fragment_ids`` empty: a full run),
``navigation`` and ``page_info_changed`` (the page and the query string the browser would show), ``delta``
(elements), ``auto_rerun`` / ``stop_auto_rerun`` (an ``st.fragment(run_every=...)`` timer: the frontend sends a
rerun of that fragment every ``interval`` seconds with ``is_auto_rerun`` and every widget value; a full run's
``new_session`` clears the timers, and the run registers them again), and ``script_finished``.

The client keeps the widget ids of the last full run by user key (a generated id ends with ``-<key>``) and the
values it set (and a text box's value set by the script, which the frontend adopts), and sends them with every
rerun as the browser sends its widget values; a trigger (a button) is sent once.  No cached-message hashes are sent, so the server sends every message in full.  Every element a
delta carries is passed, with its arrival time (``time.monotonic()``), to ``on_element``.

The app's own pieces with JavaScript that the client plays as the browser would: :class:`WatchPiece` (a class's
screen waiting for its class to change, ``ui/classroom/watch.py``) and :class:`ViewPiece` (a following student's view
kept current by the browser, ``ui/classroom/view_piece.py``: the same requests and waits as its script).

Used by ``benchmarks/bench_live_class.py``.  Only the standard library, ``websockets`` (a dependency of Streamlit
1.67) and ``streamlit.proto``.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Callable
from urllib.parse import quote, urlsplit

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

WIDGET_PREFIX = "$$ID-"
FINISHED = ForwardMsg.ScriptFinishedStatus


def widget_key(widget_id: str) -> str | None:
    """The user key of a generated widget id (``$$ID-<hash>-<key>``), None for a widget without a key."""
    if not widget_id.startswith(WIDGET_PREFIX):
        return None
    key = widget_id[len(WIDGET_PREFIX):].split("-", 1)[1] if "-" in widget_id[len(WIDGET_PREFIX):] else None
    return None if key in (None, "None") else key


def element_widget_id(element) -> str | None:
    kind = element.WhichOneof("type")
    if kind is None:
        return None
    proto = getattr(element, kind)
    widget_id = getattr(proto, "id", None) if hasattr(proto, "DESCRIPTOR") and "id" in proto.DESCRIPTOR.fields_by_name \
        else None
    return widget_id if isinstance(widget_id, str) and widget_id.startswith(WIDGET_PREFIX) else None


def element_text(element) -> str:
    """The visible text of a simple element (markdown, heading, text, alert, caption, metric, button label)."""
    kind = element.WhichOneof("type")
    proto = getattr(element, kind) if kind else None
    if proto is None:
        return ""
    for field in ("body", "label"):
        if field in proto.DESCRIPTOR.fields_by_name:
            return str(getattr(proto, field))
    return ""


def bidi_data(element) -> dict | None:
    """The JSON data of a components-v2 element (``st.components.v2``), or None."""
    if element.WhichOneof("type") != "bidi_component":
        return None
    proto = element.bidi_component
    if proto.WhichOneof("data") != "json":
        return None
    try:
        return json.loads(proto.json)
    except ValueError:
        return None


WATCH_PIECE = "ranking_metrics_lab.live_watch"  #: ui/classroom/watch.py's component
VIEW_PIECE = "ranking_metrics_lab.live_view"  #: ui/classroom/view_piece.py's component
TRIGGER_EVENTS = "$$STREAMLIT_INTERNAL_KEY_{id}__events"  #: a components-v2 element's trigger widget


async def http_get_json(url: str, timeout: float, received: list | None = None) -> tuple[int, dict | None]:
    """A plain HTTP/1.1 GET on the event loop (no thread): (status, the JSON body or None); the bytes received (head
    and body) are appended to ``received``."""
    status, body = await http_get(url, timeout, received)
    try:
        return status, json.loads(body)
    except ValueError:
        return status, None


async def http_get(url: str, timeout: float, received: list | None = None) -> tuple[int, bytes]:
    """A plain HTTP/1.1 GET on the event loop (no thread): (status, the body)."""
    parts = urlsplit(url)
    reader, writer = await asyncio.wait_for(asyncio.open_connection(parts.hostname, parts.port or 80), timeout)
    try:
        target = parts.path + (f"?{parts.query}" if parts.query else "")
        writer.write(f"GET {target} HTTP/1.1\r\nHost: {parts.netloc}\r\nConnection: close\r\n\r\n".encode())
        await writer.drain()
        data = await asyncio.wait_for(reader.read(), timeout)
    finally:
        writer.close()
    if received is not None:
        received.append(len(data))
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), body


class Piece:
    """A components-v2 piece of the app whose JavaScript the client plays: its data as the last run sent it, and its
    trigger, which reruns its fragment as the browser would."""

    RETRY, CALM = 2.0, 1.0

    def __init__(self, client: "StreamlitClient"):
        self.client = client
        self.data: dict = {}
        self.widget_id = self.fragment_id = ""
        self.fires = 0  #: fragment reruns this piece asked for
        self._wait: asyncio.Task | None = None

    async def fire(self, why: str) -> None:
        """Rerun the piece's fragment, as the browser's trigger does (nothing once the session is closed: a wait
        that ends with the server at the run's end)."""
        if self.client._closed:
            return
        events = TRIGGER_EVENTS.format(id=self.widget_id)
        value = json.dumps([{"event": "changed", "value": f"{why}:{time.monotonic()}"}])
        self.fires += 1
        self.client.auto_reruns += 1
        try:
            await self.client.rerun({events: WidgetState(id=events, json_trigger_value=value)},
                                    fragment_id=self.fragment_id, auto=True)
        except ConnectionClosed:  # the session's websocket closed meanwhile (the benchmark's end)
            pass


class WatchPiece(Piece):
    """What ui/classroom/watch.py's JavaScript does in a browser: wait on the app's route for the class to move past
    the state the screen shows, then rerun the piece's fragment (its trigger); without the route (404), rerun it
    every ``every`` ms; once ``check_after`` s after each new whole run."""

    def __init__(self, client: "StreamlitClient"):
        super().__init__(client)
        self._check: asyncio.Task | None = None
        self._timer: asyncio.Task | None = None

    def shown(self, widget_id: str, fragment_id: str, data: dict) -> None:
        """The piece was drawn again (a run sent its element)."""
        before, self.data = self.data, data
        self.widget_id, self.fragment_id = widget_id, fragment_id
        if data.get("check_after") and before.get("run") != data.get("run"):
            if self._check:
                self._check.cancel()
            self._check = asyncio.create_task(self._later(data["check_after"], "check"))
        if self._timer:
            return
        if not data.get("url"):  # no route, or the follower view's piece waits instead (ViewPiece)
            if self._wait:
                self._wait.cancel()
            self._timer = asyncio.create_task(self._every()) if data.get("every") else None
            return
        if any(before.get(name) != data.get(name) for name in ("url", "code", "seen")):
            if self._wait:
                self._wait.cancel()
            self._wait = asyncio.create_task(self._waiting(data.get("seen") or ""))

    def stop(self) -> None:
        for task in (self._wait, self._check, self._timer):
            if task:
                task.cancel()

    async def _later(self, seconds: float, why: str) -> None:
        try:
            await asyncio.sleep(seconds)
            await self.fire(why)
        except asyncio.CancelledError:
            pass

    async def _every(self) -> None:
        try:
            while not self.client._closed:
                await asyncio.sleep(self.data["every"] / 1000)
                await self.fire("tick")
        except asyncio.CancelledError:
            pass

    async def _waiting(self, after: str) -> None:
        base = self.client.http_url
        try:
            while not self.client._closed:
                url = f"{base}{self.data['url']}?code={quote(self.data['code'])}&seen={quote(after)}"
                asked = time.monotonic()
                try:
                    status, body = await http_get_json(url, timeout=60)
                except (OSError, TimeoutError, ValueError, IndexError):
                    status, body = 0, None
                if status == 404:
                    self._timer = asyncio.create_task(self._every()) if self.data.get("every") else None
                    return
                state = (body or {}).get("state") if status == 200 else None
                if not isinstance(state, str):
                    await self.fire("retry")
                    await asyncio.sleep(self.RETRY)
                elif body.get("news"):
                    await self.fire("change")
                    after = state
                elif time.monotonic() - asked < self.CALM:  # answered at once with nothing new: wait a little
                    await asyncio.sleep(self.CALM)
        except asyncio.CancelledError:
            pass


class ViewPiece(Piece):
    """What ui/classroom/static/view.js does in a browser (ui/classroom/view_piece.py, a following student's view where
    the app is served by deploy/serve.py): fetch its assets once (then the browser's cache has them); show the view
    its run sent; wait on the class's version (live.routes) and, on news, fetch the view drawn for the class
    (ui/classroom/view_route.py) and show it without a run, or rerun the piece's fragment (its trigger) when the
    session must act (the class ended or is away, another page, a question, no view). A view shown is passed to the
    client's ``on_element`` as ``{"view": ...}`` with its arrival time; the HTTP bytes received are counted in the
    client's ``http_bytes`` (assets apart, in ``asset_bytes``)."""

    def __init__(self, client: "StreamlitClient"):
        super().__init__(client)
        self.fetched = 0  #: views fetched from the route
        self._assets: asyncio.Task | None = None

    def shown(self, now: float, widget_id: str, fragment_id: str, data: dict) -> None:
        """The piece was drawn again (a run sent its element)."""
        before, self.data = self.data, data
        self.widget_id, self.fragment_id = widget_id, fragment_id
        if self._assets is None:
            self._assets = asyncio.create_task(self._load_assets())
        self._show(now, data.get("view"))
        if any(before.get(name) != data.get(name) for name in ("code", "seen")):
            if self._wait:
                self._wait.cancel()
            self._wait = asyncio.create_task(self._waiting(str(data.get("seen") or "")))

    def stop(self) -> None:
        for task in (self._wait, self._assets):
            if task:
                task.cancel()

    def _show(self, now: float, view) -> None:
        if view is not None and self.client.on_element is not None:
            self.client.on_element(now, {"view": view}, self.client)

    async def _load_assets(self) -> None:
        received: list[int] = []
        for name in ("module", "css", "katex", "lanes_js", "lanes_css"):
            try:
                await http_get(self.client.http_url + self.data["urls"][name], timeout=60, received=received)
            except (OSError, TimeoutError, ValueError, IndexError, KeyError):
                pass
        self.client.asset_bytes += sum(received)

    async def _waiting(self, after: str) -> None:
        base, received = self.client.http_url, []
        try:
            while not self.client._closed:
                data = self.data
                code = quote(data["code"])
                asked = time.monotonic()
                try:
                    wait = f"{base}{data['urls']['version']}?code={code}&seen={quote(after)}"
                    status, body = await http_get_json(wait, timeout=60, received=received)
                except (OSError, TimeoutError, ValueError, IndexError):
                    status, body = 0, None
                state = (body or {}).get("state") if status == 200 else None
                if not isinstance(state, str):
                    await self.fire("retry")
                    await asyncio.sleep(self.RETRY)
                elif not body.get("news"):
                    if time.monotonic() - asked < self.CALM:  # answered at once with nothing new: wait a little
                        await asyncio.sleep(self.CALM)
                elif not state.isdigit() or not str(data.get("seen")).isdigit():
                    after = state
                    await self.fire("state")  # the class ended or is away, or came back: the session's
                else:
                    after = state
                    query = f"code={code}&seen={state}&lang={quote(data['lang'])}&size={data['size']}"
                    try:
                        status, answer = await http_get_json(f"{base}{data['urls']['view']}?{query}", timeout=60,
                                                             received=received)
                    except (OSError, TimeoutError, ValueError, IndexError):
                        status, answer = 0, None
                    self.fetched += 1
                    answer = answer if status == 200 and isinstance(answer, dict) else {}
                    if (not str(answer.get("state")).isdigit() or not answer.get("view")
                            or answer.get("page") != data.get("page")
                            or answer.get("question") != data.get("question")):
                        await self.fire("act")
                    else:
                        after = answer["state"]
                        self._show(time.monotonic(), answer["view"])
                self.client.http_bytes += sum(received)
                received.clear()
        except asyncio.CancelledError:
            pass


class Widget:
    def __init__(self, widget_id: str, kind: str, element):
        self.id, self.kind, self.element = widget_id, kind, element


class StreamlitClient:
    """One browser tab's session, without the browser.  Use from one asyncio event loop."""

    def __init__(self, base_url: str, name: str = "client",
                 on_element: Callable[[float, object, "StreamlitClient"], None] | None = None):
        self.http_url = base_url.rstrip("/")
        self.url = base_url.replace("http://", "ws://").replace("https://", "wss://").rstrip("/") + "/_stcore/stream"
        self.watch = WatchPiece(self)  #: the class's screen's wait (ui/classroom/watch.py), once the app draws it
        self.view = ViewPiece(self)  #: a following student's view kept by the browser (ui/classroom/view_piece.py)
        self.name = name
        self.on_element = on_element
        self.websocket = None
        self.page_hash = ""  #: the current page's script hash (from new_session / navigation)
        self.pages: dict[str, str] = {}  #: url path -> page script hash
        self.query = ""  #: the query string the browser would show
        self.widgets: dict[str, Widget] = {}  #: user key -> widget of the last full run (and fragments since)
        self.elements: list = []  #: the elements of the current full run and its fragment runs
        self.values: dict[str, WidgetState] = {}  #: widget id -> the value this client set (sent with every rerun)
        self.runs_finished = 0  #: script runs finished (any status)
        self.full_runs_finished = 0
        self.messages = 0
        self.auto_reruns = 0  #: fragment reruns sent by the auto-rerun timers
        self.bytes = 0  #: the websocket's bytes received
        self.http_bytes = 0  #: the bytes the pieces received over HTTP (waits, views), assets apart
        self.asset_bytes = 0  #: the bytes of the static assets the view's piece loaded (once: then the browser's cache)
        self.errors: list[str] = []  #: exception elements seen
        self._timers: dict[str, tuple[float, asyncio.Task]] = {}
        self._reader: asyncio.Task | None = None
        self._finished = asyncio.Event()
        self._full_run = False
        self._closed = False

    # -- connection -----------------------------------------------------------------------------------------------

    async def open(self, page: str = "", query: str = "") -> None:
        """Connect and run ``page`` (its URL path, "" for the default page) with ``query`` (no "?")."""
        self.websocket = await connect(self.url, subprotocols=["streamlit"], max_size=None, compression=None,
                                       open_timeout=30, ping_interval=None)
        self._reader = asyncio.create_task(self._read())
        self.query = query
        await self.rerun(page_name=page)

    async def close(self) -> None:
        self._closed = True
        self.watch.stop()
        self.view.stop()
        for _, task in self._timers.values():
            task.cancel()
        self._timers.clear()
        if self.websocket is not None:
            await self.websocket.close()
        if self._reader is not None:
            self._reader.cancel()
            try:
                await self._reader
            except (asyncio.CancelledError, Exception):
                pass

    # -- sending --------------------------------------------------------------------------------------------------

    async def rerun(self, triggers: dict[str, WidgetState] | None = None, *, page_name: str | None = None,
                    page_hash: str | None = None, fragment_id: str = "", auto: bool = False) -> None:
        """Send a rerun: the widget values set so far plus ``triggers`` (sent this once)."""
        message = BackMsg()
        state = message.rerun_script
        state.query_string = self.query
        if page_hash is not None:
            state.page_script_hash = page_hash
        elif page_name is not None:
            state.page_name = page_name
        else:
            state.page_script_hash = self.page_hash
        state.fragment_id = fragment_id
        state.is_auto_rerun = auto
        sent = dict(self.values)
        sent.update(triggers or {})
        for widget_state in sent.values():
            state.widget_states.widgets.append(widget_state)
        if not auto:  # a timer's rerun does not end a wait for the run a widget started
            self._finished.clear()
        await self.websocket.send(message.SerializeToString())

    def set_value(self, key: str, **value) -> str:
        """Keep a widget's value (sent with every rerun from now on), e.g. ``set_value("k", string_value="x")``."""
        widget = self.widget(key)
        state = WidgetState(id=widget.id, **value)
        self.values[widget.id] = state
        return widget.id

    def trigger(self, key_or_widget) -> dict[str, WidgetState]:
        widget = key_or_widget if isinstance(key_or_widget, Widget) else self.widget(key_or_widget)
        return {widget.id: WidgetState(id=widget.id, trigger_value=True)}

    async def click(self, key_or_widget) -> None:
        await self.rerun(self.trigger(key_or_widget))

    async def go_to(self, url_path: str) -> None:
        """Open another page of the app in this session (a click in the navigation bar)."""
        page_hash = self.pages.get(url_path)
        if page_hash is None:
            raise KeyError(f"no page {url_path!r}: {sorted(self.pages)}")
        self.values = {}  # the browser sends only the widgets of the page it leaves, which the new page drops
        await self.rerun(page_hash=page_hash)

    # -- reading --------------------------------------------------------------------------------------------------

    def widget(self, key: str) -> Widget:
        if key not in self.widgets:
            raise KeyError(f"{self.name}: no widget with key {key!r} (keys: {sorted(self.widgets)})")
        return self.widgets[key]

    def find(self, predicate) -> list:
        return [element for element in self.elements if predicate(element)]

    def texts(self) -> list[str]:
        return [text for text in (element_text(element) for element in self.elements) if text]

    async def wait_run(self, timeout: float = 30.0, full: bool = False) -> None:
        """Wait until a run finishes (``full``: a full run) after the last ``rerun``."""
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"{self.name}: no script_finished within {timeout:g} s")
            try:
                await asyncio.wait_for(self._finished.wait(), remaining)
            except TimeoutError:
                raise TimeoutError(f"{self.name}: no script_finished within {timeout:g} s") from None
            if not full or self._last_finish_full:
                return
            self._finished.clear()

    async def wait_for(self, condition, timeout: float = 30.0, what: str = "a condition") -> None:
        """Poll ``condition()`` every 20 ms until it is true."""
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.name}: {what} not met within {timeout:g} s (seen: {self.texts()[:12]})")
            await asyncio.sleep(0.02)

    async def _read(self) -> None:
        try:
            async for payload in self.websocket:
                now = time.monotonic()
                self.messages += 1
                self.bytes += len(payload)
                message = ForwardMsg()
                message.ParseFromString(payload)
                self._handle(now, message)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the connection closed: recorded, the benchmark counts missing updates
            if not self._closed:
                self.errors.append(f"connection: {error!r}")

    def _handle(self, now: float, message: ForwardMsg) -> None:
        kind = message.WhichOneof("type")
        if kind == "delta":
            delta = message.delta
            if delta.WhichOneof("type") == "new_element":
                element = delta.new_element
                self.elements.append(element)
                widget_id = element_widget_id(element)
                if widget_id:
                    key = widget_key(widget_id)
                    if key is None and element.WhichOneof("type") == "button":
                        key = f"button:{element.button.label}"  # a form's submit button without a key
                    if key is not None:
                        self.widgets[key] = Widget(widget_id, element.WhichOneof("type"), element)
                    if element.WhichOneof("type") == "text_input" and element.text_input.set_value:
                        # a value the script set (st.session_state): the frontend shows it and sends it back
                        self.values[widget_id] = WidgetState(id=widget_id, string_value=element.text_input.value)
                if element.WhichOneof("type") == "bidi_component" and \
                        element.bidi_component.component_name == WATCH_PIECE:
                    self.watch.shown(element.bidi_component.id, delta.fragment_id, bidi_data(element) or {})
                if element.WhichOneof("type") == "bidi_component" and \
                        element.bidi_component.component_name == VIEW_PIECE:
                    self.view.shown(now, element.bidi_component.id, delta.fragment_id, bidi_data(element) or {})
                if element.WhichOneof("type") == "exception":
                    self.errors.append(element.exception.message)
                if self.on_element is not None:
                    self.on_element(now, element, self)
        elif kind == "new_session":
            fragment_run = bool(message.metadata.run.fragment_ids)
            self._full_run = not fragment_run
            if message.new_session.page_script_hash:
                self.page_hash = message.new_session.page_script_hash
            if not fragment_run:
                self.elements = []
                self.widgets = {}
                for _, task in self._timers.values():  # as the frontend: a full run clears the auto-reruns
                    task.cancel()
                self._timers.clear()
        elif kind == "navigation":
            self.pages = {page.url_pathname: page.page_script_hash for page in message.navigation.app_pages}
            if message.navigation.page_script_hash:
                self.page_hash = message.navigation.page_script_hash
        elif kind == "page_info_changed":
            self.query = message.page_info_changed.query_string
        elif kind == "auto_rerun":
            fragment_id, interval = message.auto_rerun.fragment_id, message.auto_rerun.interval
            held = self._timers.get(fragment_id)
            if fragment_id and not (held and held[0] == interval):
                if held:
                    held[1].cancel()
                self._timers[fragment_id] = (interval, asyncio.create_task(self._auto_rerun(fragment_id, interval)))
        elif kind == "stop_auto_rerun":
            for fragment_id in message.stop_auto_rerun.fragment_ids:
                held = self._timers.pop(fragment_id, None)
                if held:
                    held[1].cancel()
        elif kind == "script_finished":
            self.runs_finished += 1
            self._last_finish_full = self._full_run and message.script_finished != FINISHED.FINISHED_EARLY_FOR_RERUN
            if self._last_finish_full:
                self.full_runs_finished += 1
                active = {widget.id for widget in self.widgets.values()}
                self.values = {wid: state for wid, state in self.values.items() if wid in active}
            if message.script_finished != FINISHED.FINISHED_EARLY_FOR_RERUN:
                self._finished.set()

    _last_finish_full = False

    async def _auto_rerun(self, fragment_id: str, interval: float) -> None:
        """The frontend's ``setInterval``: a rerun of the fragment every ``interval`` s, with every widget value."""
        try:
            while not self._closed:
                await asyncio.sleep(interval)
                await self.rerun(fragment_id=fragment_id, auto=True)
                self.auto_reruns += 1
        except asyncio.CancelledError:
            pass
        except Exception as error:
            if not self._closed:
                self.errors.append(f"auto rerun: {error!r}")
