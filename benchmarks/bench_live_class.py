"""Load benchmark of a live class: 10, 20 and 40 simulated students follow a teacher who drags every 3 seconds,
then all answer a question; one ``streamlit run app.py`` process per class size (``--processes N``: N of them,
sharing the class's store, the students spread over them in turn as a load balancer with sticky sessions would).

Students and teacher are lightweight clients speaking Streamlit's websocket protocol
(``benchmarks/streamlit_client.py``: no browser; real browsers saturate the 2 cores, see the load-testing notes),
all in this process's event loop.  For each class size, a fresh server (its own SQLite store in a temporary folder,
``RML_LIVE_STORE``):

1. the teacher opens the Live class page, starts a class (reads the code from the page) and opens the nDCG page;
   the students open ``/live?join=CODE``, type a nickname, press Join, and follow the teacher to the nDCG page
   (each student's screen waits for the class on the route of ``deploy/serve.py`` and reruns its fragment when the
   class changed: the client plays ``ui/classroom/watch.py``'s JavaScript as the browser does,
   ``streamlit_client.WatchPiece``; with ``--entry app.py`` there is no route and it reruns the fragment every
   ``ui.classroom.live.POLL_SECONDS``);
2. idle: ``--idle`` seconds of following with no change (the cost of an idle class);
3. drags: every ``--interval`` s the teacher drags the top item of the ranking to the bottom (the lanes
   component's value, ``{"order": {"ranking": [...], "pool": [...]}}``, as the browser sends it on a drop) at
   t0.  A student's screen is updated when the first element after t0 showing the new order arrives: the drag
   lanes (``ranking_metrics_lab.lanes``) whose ranking lane lists the new order (on a following student's screen, the
lanes of the follower view, ``ui.classroom.follower``).  Latency = that time - t0; an
   update not seen within ``--timeout`` s is missed (a student that skips to a later board missed it);
4. answers: the teacher asks a question on the Live class page (selectbox ``live__ask_measure``, button
   ``live__ask``) and every student answers on that page (``live__answer_{id}``, ``live__send``); answers counted
   are the store's entries for the question.  When the page has no such widgets yet, a second class on the same
   store file is asked and answered through ``live.classes.Classes`` (labelled "answers through the store API (UI
   not found)"), while the students keep following.

Printed: the load average at start; per class size the action -> screen median and 95th percentile over every
(action, student) pair (a missed update counts as never), the missed updates, answers sent / counted, the server's
CPU (its /proc CPU seconds over wall time, % of one core; several processes added up) while idle-following, dragging
and answering, its peak RSS (VmHWM; the largest process's), and this process's own CPU while dragging (the clients
share the 2 cores); the fragment runs the screens asked for while idle and their server CPU, the server CPU per
(drag, student); where the time goes: action -> the
board in the store (read every 20 ms) and -> the teacher's own screen, and how long the server takes to answer
``/_stcore/health`` meanwhile.  Then the references measured in the same run: one user, not in a class, doing the
same drags (1 s apart) on a fresh server (action -> the lanes showing the new order), and Streamlit's own cost of a
poll (5 sessions of an app whose only fragment, at the same ``run_every``, does nothing; the app's own
.streamlit/config.toml).  Last, a verdict for each goal of issue 36 (:data:`GOALS`): 40 students on one process p95 <= 0.5 s, 300 on one process p95 <= 1.5 s,
1,000 on four (``--processes 4 --nginx``) p95 <= 2 s; each with nothing missed, every answer counted and the teacher's
own screen p95 <= 0.3 s (figures only, never an assertion; the teacher's p95 is printed beside the students' in the
table).  Each class size is bounded: joining and answering have one deadline each, so
the default run takes about 9-10 minutes.

The teacher types the class's size (the number of students) into the page's expected-size input before starting
it, as a teacher would for a hall; the join phase prints how long until every student followed, how many were told to
wait (the page's countdown line: they get in by themselves) and the errors any was shown.

Usage: ``python benchmarks/bench_live_class.py [--students 10 20 40] [--drags 20] [--interval 3] [--processes 1]
[--redis] [--nginx] [--expected N] [--entry deploy/serve.py|app.py] [--app DIR]`` (``--redis``: the class's store
is a redis-server of its own instead of an SQLite file; ``--expected``: the size the teacher types, default the number
of students; ``--nginx``: Debian's nginx runs deploy/nginx.conf in front of the processes, and
every client goes through it with a route cookie of its own, on Redis: e.g. ``--students 1000 --processes 4 --nginx``;
``--app``: run another checkout's app, e.g. to measure a branch's Live
class page with this benchmark; a checkout without deploy/serve.py runs app.py).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import servers  # noqa: E402
from servers import stop_server  # noqa: E402
from streamlit.proto.Alert_pb2 import Alert  # noqa: E402
from streamlit.proto.WidgetStates_pb2 import WidgetState  # noqa: E402
from streamlit_client import StreamlitClient, bidi_data, element_text  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

from live.classes import CODE_LENGTH, CODE_SET, EXPECTED_MAX, Classes  # noqa: E402
from live.store import STORE_ENV, SQLiteStore, open_store  # noqa: E402
from tests.live_servers import start_redis_server, stop_redis_server  # noqa: E402
from ui.classroom.live import EXPECTED_INPUT, JOIN_WAITING, POLL_SECONDS  # noqa: E402

LANES = "ranking_metrics_lab.lanes"  #: the builder's drag lanes (ui/ranking/lanes.py)
BOARD_PAGE = "ndcg"  #: the page the teacher drags on
LIVE_PAGE = "live"
#: issue 36's goals: (students, app processes, action→screen p95 in s); nothing missed, every answer counted
GOALS = ((40, 1, 0.5), (300, 1, 1.5), (1000, 4, 2.0))
GOAL_TEACHER_P95 = 0.3  #: the teacher's own screen first, whatever the class does (issue 19)
CLK_TCK = os.sysconf("SC_CLK_TCK")


# --------------------------------------------------------------------------- the server


APP = REPO  #: the folder of the app the server runs (``--app``)
ENTRY = "deploy/serve.py"  #: what the class's servers run (``--entry``): the hosting entry, with the waiting route


def start_server(store_url: str, timeout: float = 60.0, app: Path | None = None) -> tuple[subprocess.Popen, str]:
    """The app (``--app``'s, or this repository's) on its own live-class store, run by :data:`ENTRY` (app.py in a
    checkout without it, e.g. an older commit's)."""
    folder = app or APP
    entry = ENTRY if (folder / ENTRY).exists() else "app.py"
    return servers.start_server(folder, {STORE_ENV: store_url}, timeout, entry=entry)


class RoutedClient(StreamlitClient):
    """A browser behind nginx: it sends its route cookie (deploy/nginx.conf's ``rml_route``, a random id as nginx
    gives a new browser) with its websocket, so that nginx keeps it on one app process."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.cookie = f"rml_route={os.urandom(16).hex()}"

    async def open(self, page: str = "", query: str = "") -> None:
        self.websocket = await connect(self.url, subprotocols=["streamlit"], max_size=None, compression=None,
                                       open_timeout=30, ping_interval=None, additional_headers={"Cookie": self.cookie})
        self._reader = asyncio.create_task(self._read())
        self.query = query
        await self.rerun(page_name=page)


class Servers:
    """The class's app processes on one store: ``processes`` of them on an SQLite file in ``folder``, or (``redis``)
    on a redis-server of their own (tests/live_servers.py, as tests/conftest.py starts it); with ``nginx``, Debian's
    nginx with deploy/nginx.conf in front of them (sticky route cookies: :class:`RoutedClient`), which every client
    goes through. Use ``with``: everything started is stopped."""

    def __init__(self, folder: Path, processes: int, redis: bool = False, nginx: bool = False):
        self.folder, self.count, self.redis, self.nginx = folder, processes, redis or nginx, nginx
        self.running: list[subprocess.Popen] = []
        self.urls: list[str] = []
        self.store_url = f"sqlite://{folder / 'classes.sqlite3'}"
        self._redis = self._nginx = None

    def __enter__(self) -> "Servers":
        try:
            if self.redis:
                self._redis = start_redis_server()
                if self._redis is None:
                    raise RuntimeError("redis-server is not installed (apt-get install redis-server)")
                self.store_url = self._redis[1]
            for _ in range(self.count):
                process, address = start_server(self.store_url)
                self.running.append(process)
                self.urls.append(address)
            if self.nginx:
                self._nginx, front = servers.start_nginx([url.removeprefix("http://") for url in self.urls],
                                                         self.folder)
                self.urls = [front] * self.count
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *_) -> None:
        for process in [self._nginx, *self.running]:
            if process is not None:
                stop_server(process)
        if self._redis is not None:
            stop_redis_server(self._redis[0])

    @property
    def pids(self) -> list[int]:
        return [process.pid for process in self.running]

    def client(self, url: str, name: str, on_element=None) -> StreamlitClient:
        return (RoutedClient if self.nginx else StreamlitClient)(url, name, on_element=on_element)

    def store(self):
        """A store object on the class's store, for this process to read it."""
        return open_store(self.store_url)


def cpu_seconds(pid: int) -> float:
    """utime + stime of a process, from /proc/<pid>/stat."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK  # fields 14 and 15 of the whole line


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Meter:
    """CPU of the server processes (added up) and of this process over a phase: % of one core."""

    def __init__(self, pids: int | list[int]):
        self.pids = [pids] if isinstance(pids, int) else list(pids)
        self.server0, self.own0, self.wall0 = self._server(), time.process_time(), time.monotonic()

    def _server(self) -> float:
        return sum(cpu_seconds(pid) for pid in self.pids)

    def server_seconds(self) -> float:
        return self._server() - self.server0

    def stop(self) -> tuple[float, float]:
        wall = max(1e-9, time.monotonic() - self.wall0)
        return 100 * self.server_seconds() / wall, 100 * (time.process_time() - self.own0) / wall


# --------------------------------------------------------------------------- what the screens show


class Screens:
    """Every ranking the drag lanes showed to each client, with its arrival time."""

    def __init__(self):
        self.seen: dict[str, list[tuple[float, tuple[str, ...]]]] = {}

    def record(self, now: float, element, client: StreamlitClient) -> None:
        """An element the client received, or a view its browser-drawn follower view showed (``{"view": ...}``:
        ui/classroom/view_piece.py, its lanes' data)."""
        if isinstance(element, dict):
            ranking = view_ranking(element["view"])
        elif element.WhichOneof("type") != "bidi_component" or element.bidi_component.component_name != LANES:
            return
        else:
            ranking = lanes_order(element)[0]
        if ranking is not None:
            self.seen.setdefault(client.name, []).append((now, ranking))

    def last(self, name: str) -> tuple[str, ...] | None:
        shown = self.seen.get(name)
        return shown[-1][1] if shown else None

    def first_after(self, name: str, t0: float, order: tuple[str, ...], timeout: float) -> float | None:
        for when, ranking in self.seen.get(name, ()):
            if when >= t0 and ranking == order:
                return when - t0 if when - t0 <= timeout else None
        return None


def view_ranking(view: dict) -> tuple[str, ...] | None:
    """The ranking a browser-drawn follower view shows (ui.classroom.follower.view_data: its lanes' data)."""
    return lanes_data_order(view.get("lanes") or {})[0]


def lanes_order(element) -> tuple[tuple[str, ...] | None, tuple[str, ...]]:
    """(ranking, pool) item names shown by a lanes element."""
    return lanes_data_order(bidi_data(element) or {})


def lanes_data_order(data: dict) -> tuple[tuple[str, ...] | None, tuple[str, ...]]:
    """(ranking, pool) item names in the lanes' data (ui.ranking.lanes.lanes_data)."""
    lanes = {lane.get("id"): [item.get("name") for item in lane.get("items", ())] for lane in data.get("lanes", ())}
    ranking = lanes.get("ranking")
    return (tuple(ranking) if ranking is not None else None), tuple(lanes.get("pool") or ())


def current_lanes(client: StreamlitClient):
    """(widget id, ranking, pool) of the lanes on the client's screen (its last full run)."""
    for widget in client.widgets.values():
        if widget.kind == "bidi_component" and widget.element.bidi_component.component_name == LANES:
            ranking, pool = lanes_order(widget.element)
            return widget.id, ranking, pool
    raise LookupError(f"{client.name}: no drag lanes on the page (widgets: {sorted(client.widgets)})")


def has_lanes(client: StreamlitClient) -> bool:
    try:
        current_lanes(client)
    except LookupError:
        return False
    return True


async def drag_top_to_bottom(client: StreamlitClient, lanes=None) -> tuple[float, tuple[str, ...]]:
    """The drop the browser sends when the top item is dragged below the last one: (t0, the new order).
    ``lanes``: (widget id, ranking, pool) as the lanes show them now (default: read from the client's last full run;
    a browser's lanes show the order just dropped even while the server is still running the drop's rerun)."""
    widget_id, ranking, pool = lanes or current_lanes(client)
    order = ranking[1:] + ranking[:1]
    value = json.dumps({"order": {"ranking": list(order), "pool": list(pool)}})
    client.values[widget_id] = WidgetState(id=widget_id, json_value=value)
    t0 = time.monotonic()
    await client.rerun()
    return t0, order


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (numpy's ``method="inverted_cdf"``): the smallest value with at least ``share``
    of the values at or below it. The 95th of 20 drags is the second slowest, of 10 the slowest."""
    return float(np.percentile(values, 100 * share, method="inverted_cdf")) if values else float("nan")


# --------------------------------------------------------------------------- the single user


async def single_user(url: str, pid: int, drags: int, interval: float,
                      timeout: float) -> tuple[list[float | None], float, float]:
    """One user on the board page, not in a class, doing the same drags: (latencies, server CPU %, CPU s)."""
    screens = Screens()
    user = StreamlitClient(url, "single", on_element=screens.record)
    await user.open(BOARD_PAGE)
    await user.wait_run(timeout=60)
    latencies = []
    try:
        meter = Meter(pid)
        for _ in range(drags):
            t0, order = await drag_top_to_bottom(user)
            await user.wait_run(timeout=timeout)
            latencies.append(screens.first_after(user.name, t0, order, timeout))
            await asyncio.sleep(max(0.0, interval - (time.monotonic() - t0)))
        seconds = meter.server_seconds()
        percent = meter.stop()[0]
    finally:
        await user.close()
    return latencies, percent, seconds


EMPTY_FRAGMENT_APP = f"""import streamlit as st
st.write("an empty fragment polls")
@st.fragment(run_every={POLL_SECONDS})
def poll():
    pass
poll()
"""


async def empty_fragment_polls(clients: int = 5, seconds: float = 6.0) -> tuple[int, float]:
    """Streamlit's own cost of a poll: ``clients`` sessions of an app whose only fragment (at the app's
    ``run_every``) does nothing, run with the app's configuration: (polls, server CPU seconds)."""
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "app.py").write_text(EMPTY_FRAGMENT_APP)
        shutil.copytree(APP / ".streamlit", Path(folder) / ".streamlit")
        process, url = start_server("sqlite://" + str(Path(folder) / "unused.sqlite3"), app=Path(folder))
        sessions = [StreamlitClient(url, f"empty {n}") for n in range(clients)]
        try:
            for session in sessions:
                await session.open("")
                await session.wait_run(timeout=60)
            await asyncio.sleep(0.5)
            meter, polls = Meter(process.pid), sum(s.auto_reruns for s in sessions)
            await asyncio.sleep(seconds)
            return sum(s.auto_reruns for s in sessions) - polls, meter.server_seconds()
        finally:
            await asyncio.gather(*(session.close() for session in sessions), return_exceptions=True)
            stop_server(process)


# --------------------------------------------------------------------------- the class


@dataclass
class ClassResult:
    students: int
    latencies: list[float] = field(default_factory=list)
    missed: int = 0
    pairs: int = 0
    sent: int = 0
    counted: int = 0
    answers_by: str = "not reached"
    cpu: dict[str, tuple[float, float]] = field(default_factory=dict)
    peak_rss: float = float("nan")  #: MB, the largest of the processes'
    processes: int = 1
    errors: list[str] = field(default_factory=list)
    join_seconds: float = 0.0
    join_waits: int = 0  #: students told to wait (the page let them in by itself)
    join_refusals: list[str] = field(default_factory=list)  #: the errors students were shown when joining
    timeout: float = float("inf")
    complete: bool = False
    drag_cpu_seconds: float = float("nan")
    idle_cpu_seconds: float = float("nan")
    idle_polls: int = 0
    teacher_screen: list[float] = field(default_factory=list)  #: action -> the teacher's own lanes (inf: never)
    published: list[float] = field(default_factory=list)  #: action -> the board in the store (inf: never)
    health: list[float] = field(default_factory=list)  #: seconds per /_stcore/health answer while dragging
    update_bytes: float = float("nan")  #: bytes a student received per drag (websocket and HTTP), assets apart
    asset_bytes: int = 0  #: the static assets a browser-drawn view loaded once (then cached), per student
    views_fetched: int = 0  #: views the students' browser-drawn views fetched from the view route


class HealthProbe:
    """The server's responsiveness: GET /_stcore/health every 0.3 s from a thread (seconds per answer)."""

    def __init__(self, url: str):
        self.url, self.seconds = url, []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            began = time.monotonic()
            try:
                urllib.request.urlopen(f"{self.url}/_stcore/health", timeout=30).read()
            except OSError:
                pass
            self.seconds.append(time.monotonic() - began)
            self._stop.wait(0.3)

    def stop(self) -> list[float]:
        self._stop.set()
        self._thread.join(timeout=35)
        return self.seconds


class Published:
    """When each ranking reached the class's board in the store (read every 20 ms from this process)."""

    def __init__(self, store: SQLiteStore, code: str):
        self.store, self.code = store, code
        self.seen: list[tuple[float, tuple[str, ...]]] = []

    async def watch(self) -> None:
        version = None
        while True:
            record = self.store.get(f"{self.code}/board")
            now = time.monotonic()
            if record is not None and record.version != version:
                version = record.version
                ranking = ((record.value.get("board") or {}).get("board") or {}).get("ranking")
                if isinstance(ranking, list):
                    self.seen.append((now, tuple(ranking)))
            await asyncio.sleep(0.02)

    def first_after(self, t0: float, order: tuple[str, ...], timeout: float) -> float | None:
        for when, ranking in self.seen:
            if when >= t0 and ranking == order:
                return when - t0 if when - t0 <= timeout else None
        return None


def class_code(client: StreamlitClient) -> str | None:
    for element in client.elements:
        if element.WhichOneof("type") == "heading":
            text = element.heading.body.strip()
            if len(text) == CODE_LENGTH and set(text) <= CODE_SET:
                return text
    return None


class JoinTally:
    """What the students saw while joining: who was told to wait (the page's countdown line), what refused them."""

    WAITING = JOIN_WAITING.split("{")[0]  #: the countdown line's first words

    def __init__(self, screens: Screens):
        self.screens, self.waited, self.refusals = screens, set(), []

    def record(self, now: float, element, client: StreamlitClient) -> None:
        self.screens.record(now, element, client)
        if not isinstance(element, dict) and element.WhichOneof("type") == "alert":  # (a dict: the view piece's)
            text = element_text(element)
            if text.startswith(self.WAITING):
                self.waited.add(client.name)
            elif element.alert.format == Alert.ERROR:
                self.refusals.append(f"{client.name}: {text[:120]}")


async def join(url: str, code: str, number: int, screens: Screens, board: tuple[str, ...], timeout: float,
               clients: list[StreamlitClient], servers_: Servers | None = None,
               tally: JoinTally | None = None) -> StreamlitClient:
    """A student opens the join link, types a nickname, presses Join and follows the teacher to ``board`` (told to
    wait, the page lets them in by itself: nothing is typed or pressed again)."""
    name, seen = f"student {number}", (tally.record if tally else screens.record)
    student = servers_.client(url, name, seen) if servers_ else StreamlitClient(url, name, on_element=seen)
    clients.append(student)  # closed at the end even if joining fails
    await student.open(LIVE_PAGE, f"join={code}")
    await student.wait_run(timeout=timeout)
    student.set_value("live__code", string_value=code)
    student.set_value("live__nickname", string_value=f"student {number}")
    submit = next((key for key in student.widgets if key.startswith("FormSubmitter:live__join_form")), "Join")
    await student.click(submit)  # the form's values (the code, the nickname) go with its submit button
    await student.wait_for(lambda: student.page_hash == student.pages.get(BOARD_PAGE)
                           and (student.watch.data or student._timers)  # waiting for changes (or polling)
                           and screens.last(student.name) == board, timeout, "following on the board page")
    return student


async def answer_on_page(teacher: StreamlitClient, students: list[StreamlitClient], store: SQLiteStore, code: str,
                         timeout: float, budget: float) -> tuple[int, int] | None:
    """Ask and answer through the Live class page: (sent, counted), or None when its widgets are missing."""
    await teacher.go_to(LIVE_PAGE)
    await teacher.wait_run(timeout=timeout, full=True)
    if "live__ask_measure" not in teacher.widgets or "live__ask" not in teacher.widgets:
        return None
    options = list(teacher.widget("live__ask_measure").element.selectbox.options)
    choice = next((option for option in options if option.startswith("nDCG")), options[0])
    teacher.set_value("live__ask_measure", string_value=choice)
    await teacher.click("live__ask")
    await teacher.wait_run(timeout=timeout, full=True)
    question, sent = None, []

    def answer_box(student: StreamlitClient) -> tuple[str, str] | None:
        """(the answer's key, the send button's key) on the student's screen, or None."""
        box = next((key for key in student.widgets if key.startswith("live__answer_")), None)
        send = next((key for key in student.widgets if key == "live__send" or key.startswith(
            "FormSubmitter:live__answer_form")), None)
        return (box, send) if box and send else None

    async def answer(student: StreamlitClient) -> int:
        nonlocal question
        try:  # the app may send a student to the Live class page when a question is asked
            await student.wait_for(lambda: answer_box(student) is not None, min(6.0, timeout), "the answer box")
        except TimeoutError:  # or the student goes there
            await student.go_to(LIVE_PAGE)
            await student.wait_for(lambda: answer_box(student) is not None, budget, "the answer widgets")
        box, send = answer_box(student)
        question = box[len("live__answer_"):]
        student.set_value(box, double_value=0.6131)
        await student.click(send)
        sent.append(student.name)  # the answer has left the student's screen
        await student.wait_run(timeout=budget)
        return 1

    results = await asyncio.gather(*(asyncio.wait_for(answer(student), budget) for student in students),
                                   return_exceptions=True)
    errors = [repr(result) for result in results if isinstance(result, BaseException)]
    if errors:
        print(f"    answering: {len(errors)} students failed, e.g. {errors[0][:200]}")

    def counted() -> int:
        return len(store.entries(f"{code}/answers/{question}")) if question and question.isdigit() else 0

    settle = time.monotonic() + timeout  # an answer sent just before a timeout may still be written
    while counted() < len(sent) and time.monotonic() < settle:
        await asyncio.sleep(0.1)
    return len(sent), counted()


def answer_through_store(store: SQLiteStore, students: int) -> tuple[int, int]:
    """A second class on the server's store file, asked and answered with ``Classes`` (one thread per student)."""
    classes = Classes(store)
    code, key = classes.start_class(expected=min(max(students, 1), EXPECTED_MAX))
    ids = [classes.join(code, f"api student {n}") for n in range(students)]
    question = classes.ask(code, key, {"measure": "nDCG@K"}, 0.6131)
    sent, lock = [0], threading.Lock()

    def answer(student_id: str) -> None:
        classes.answer(code, student_id, question, 0.6131)
        with lock:
            sent[0] += 1

    threads = [threading.Thread(target=answer, args=(student_id,)) for student_id in ids]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    counted = classes.results(code, key, question).answered
    classes.close(code, key)
    return sent[0], counted


async def run_class(students: int, drags: int, interval: float, idle: float, timeout: float,
                    processes: int = 1, redis: bool = False, nginx: bool = False,
                    expected: int | None = None) -> ClassResult:
    """One class: the teacher on the first of ``processes`` servers sharing one store, the students spread over
    them in turn (as a load balancer would); with ``nginx`` everyone goes through nginx (:class:`Servers`). The
    teacher says the class's size when starting it (the page's expected-size input): ``expected``, else
    ``students``."""
    result = ClassResult(students, timeout=timeout, processes=processes)
    patience = 120.0  # the teacher's set-up steps: a busy server is slow, not wrong
    join_budget = max(60.0, 2.0 * students)  # for all the students to join and follow (the run stays bounded)
    answer_budget = max(60.0, 0.3 * students)  # for all the answers (1,000 answered in about 2 min on 4 processes)
    with tempfile.TemporaryDirectory() as folder, Servers(Path(folder), processes, redis, nginx) as running:
        urls = running.urls
        clients: list[StreamlitClient] = []
        try:
            pids, url = running.pids, urls[0]
            screens = Screens()
            teacher = running.client(url, "teacher", on_element=screens.record)
            clients.append(teacher)
            await teacher.open(LIVE_PAGE)
            await teacher.wait_run(timeout=patience)
            if EXPECTED_INPUT in teacher.widgets:  # the class's size, as the teacher types it
                teacher.set_value(EXPECTED_INPUT, int_value=min(expected or students, EXPECTED_MAX))
            await teacher.click("live__start")
            await teacher.wait_for(lambda: class_code(teacher) is not None, patience, "the class code")
            code = class_code(teacher)
            await teacher.go_to(BOARD_PAGE)
            await teacher.wait_run(timeout=patience, full=True)
            await teacher.wait_for(lambda: has_lanes(teacher), patience, "the drag lanes")

            board = current_lanes(teacher)[1]
            began = time.monotonic()
            gate = asyncio.Semaphore(8)  # students arrive over a few seconds, not all in the same millisecond
            tally = JoinTally(screens)

            async def arrive(number: int) -> StreamlitClient:
                async with gate:
                    return await join(urls[number % processes], code, number, screens, board, join_budget, clients,
                                      running, tally)

            # one deadline for the whole class: a student not following by then failed to join
            joined = await asyncio.gather(*(asyncio.wait_for(arrive(n), join_budget) for n in range(students)),
                                          return_exceptions=True)
            result.join_seconds = time.monotonic() - began
            result.join_waits, result.join_refusals = len(tally.waited), tally.refusals
            pupils = [client for client in joined if isinstance(client, StreamlitClient)]
            failed = [repr(client) if str(client) else f"not following within {join_budget:g} s"
                      for client in joined if not isinstance(client, StreamlitClient)]
            if failed:
                result.errors.append(f"{len(failed)} students could not join: {failed[0][:200]}")

            print(f"  {students} students: {len(pupils)} joined in {result.join_seconds:.1f} s; told to wait "
                  f"{result.join_waits}, refused {len(result.join_refusals)}"
                  + (f" (e.g. {result.join_refusals[0]})" if result.join_refusals else ""), flush=True)
            meter, polls = Meter(pids), sum(p.auto_reruns for p in pupils)
            await asyncio.sleep(idle)
            result.idle_polls = sum(p.auto_reruns for p in pupils) - polls
            result.idle_cpu_seconds = meter.server_seconds()
            result.cpu["idle"] = meter.stop()

            meter = Meter(pids)
            actions = []
            lanes = current_lanes(teacher)
            published = Published(running.store(), code)  # when each board reached the store
            watch = asyncio.create_task(published.watch())
            probe = HealthProbe(url)
            received = sum(p.bytes + p.http_bytes for p in pupils)  # the students' bytes over the drags
            for _ in range(drags):  # every interval, whether the server has finished the last drag's run or not
                t0, order = await drag_top_to_bottom(teacher, lanes)
                lanes = (lanes[0], order, lanes[2])
                actions.append((t0, order))
                await asyncio.sleep(max(0.0, interval - (time.monotonic() - t0)))
            last_t0, last_order = actions[-1]
            deadline = last_t0 + timeout
            while time.monotonic() < deadline and any(screens.last(p.name) != last_order for p in pupils):
                await asyncio.sleep(0.05)
            result.drag_cpu_seconds = meter.server_seconds()
            result.cpu["drags"] = meter.stop()
            result.update_bytes = (sum(p.bytes + p.http_bytes for p in pupils) - received) / max(1, len(pupils) * drags)
            result.asset_bytes = max((p.asset_bytes for p in pupils), default=0)
            result.views_fetched = sum(p.view.fetched for p in pupils)
            watch.cancel()
            published.store.close()
            result.health = await asyncio.to_thread(probe.stop)
            for t0, order in actions:
                own = screens.first_after(teacher.name, t0, order, timeout)
                result.teacher_screen.append(own if own is not None else float("inf"))
                when = published.first_after(t0, order, timeout)
                result.published.append(when if when is not None else float("inf"))
            for t0, order in actions:
                for pupil in pupils:
                    latency = screens.first_after(pupil.name, t0, order, timeout)
                    result.pairs += 1
                    if latency is None:
                        result.missed += 1
                    else:
                        result.latencies.append(latency)
            result.missed += (students - len(pupils)) * len(actions)
            result.pairs += (students - len(pupils)) * len(actions)

            print(f"  {students} students: drags done, {len(result.latencies)}/{result.pairs} updates seen", flush=True)
            meter = Meter(pids)
            store = running.store()
            try:
                await teacher.wait_run(timeout=patience)  # the last drag's run
                answered = await answer_on_page(teacher, pupils, store, code, patience, answer_budget)
            except TimeoutError as error:  # the server no longer answers the teacher: no question can be asked
                result.answers_by = f"no question asked: the teacher's Live class page did not load ({error})"
                answered = (0, 0)
            if answered is None:
                result.answers_by = "answers through the store API (UI not found)"
                answered = await asyncio.to_thread(answer_through_store, store, students)
            elif result.answers_by == "not reached":
                result.answers_by = "the Live class page"
            result.sent, result.counted = answered
            result.cpu["answers"] = meter.stop()
            store.close()
            result.complete = True
        except Exception as error:  # reported, and the other class sizes still run
            result.errors.append(f"the run stopped: {error!r}"[:300])
        finally:
            alive = [process.pid for process in running.running if process.poll() is None]
            if alive:
                result.peak_rss = max(peak_rss_mb(pid) for pid in alive)
            for client in clients:
                result.errors.extend(f"{client.name}: {error[:200]}" for error in client.errors)
            await asyncio.gather(*(client.close() for client in clients), return_exceptions=True)
    return result


# --------------------------------------------------------------------------- report


def fmt(seconds: float, timeout: float = float("inf")) -> str:
    if seconds != seconds:
        return "-"
    return f"> {timeout:g} s" if seconds == float("inf") else f"{seconds:.2f} s"


def all_pairs(result: ClassResult) -> list[float]:
    """Every (action, student) pair's latency, a missed update counted as never (infinite)."""
    return result.latencies + [float("inf")] * result.missed


def verdict(results: list[ClassResult]) -> str:
    """One line per goal of :data:`GOALS`: PASS, FAIL with the reasons, or NOT MEASURED (no class of that size on
    that many processes in this run)."""
    lines = []
    for students, processes, goal_p95 in GOALS:
        goal = (f"{students} students, {processes} process{'es' if processes > 1 else ''}, p95 <= {goal_p95:g} s, "
                f"nothing missed, no answer lost, the teacher's own screen p95 <= {GOAL_TEACHER_P95:g} s")
        matching = [r for r in results if r.students == students and r.processes == processes]
        if not matching:
            lines.append(f"goal ({goal}): NOT MEASURED (no such class in this run)")
            continue
        r = matching[-1]
        p95 = percentile(all_pairs(r), 0.95)
        reasons = [] if r.complete else ["the run did not complete"]
        if r.missed:
            reasons.append(f"{r.missed} updates missed")
        if not p95 <= goal_p95:
            reasons.append(f"p95 {fmt(p95, r.timeout)}")
        if r.counted != r.sent or r.sent < r.students:
            reasons.append(f"answers sent {r.sent}/{r.students}, counted {r.counted}")
        own = percentile(r.teacher_screen, 0.95)
        if not own <= GOAL_TEACHER_P95:
            reasons.append(f"the teacher's own screen p95 {fmt(own, r.timeout)}")
        lines.append(f"goal ({goal}): " + ("PASS" if not reasons else "FAIL (" + "; ".join(reasons) + ")"))
    return "\n".join(lines)


def report(results: list[ClassResult], single: list[float | None], single_cpu: tuple[float, float],
           single_rss: float, empty: tuple[int, float]) -> None:
    print("\naction→screen over every (action, student) pair; a missed update (not seen within the timeout) counts as "
          "never")
    print(f"{'students':>8} | {'action→screen p50':>17} | {'p95':>7} | {'teacher p95':>11} | {'missed':>9} | "
          f"{'answers sent/counted':>20} | "
          f"{'server CPU % idle/drags/answers':>31} | {'peak RSS MB':>11} | {'bench CPU %':>11}")
    for r in results:
        cpu = "/".join(f"{r.cpu.get(phase, (float('nan'),))[0]:.0f}" for phase in ("idle", "drags", "answers"))
        pairs = all_pairs(r)
        print(f"{r.students:8d} | {fmt(statistics.median(pairs) if pairs else float('nan'), r.timeout):>17} | "
              f"{fmt(percentile(pairs, 0.95), r.timeout):>7} | {fmt(percentile(r.teacher_screen, 0.95), r.timeout):>11} | "
              f"{f'{r.missed}/{r.pairs}':>9} | "
              f"{f'{r.sent}/{r.counted}':>20} | {cpu:>31} | {r.peak_rss:11.0f} | "
              f"{r.cpu.get('drags', (0, float('nan')))[1]:11.0f}")
    for r in results:
        if r.published:
            print(f"  {r.students} students: action→board in the store p50 "
                  f"{fmt(statistics.median(r.published), r.timeout)}, "
                  f"p95 {fmt(percentile(r.published, 0.95), r.timeout)}; action→the teacher's own screen p50 "
                  f"{fmt(statistics.median(r.teacher_screen), r.timeout)}, p95 "
                  f"{fmt(percentile(r.teacher_screen, 0.95), r.timeout)}; /_stcore/health answered in p50 "
                  f"{fmt(statistics.median(r.health) if r.health else float('nan'))}, "
                  f"max {fmt(max(r.health) if r.health else float('nan'))}")
        per_update = r.drag_cpu_seconds / max(1, r.pairs)
        per_poll = r.idle_cpu_seconds / max(1, r.idle_polls)
        spread = f" over {r.processes} processes" if r.processes > 1 else ""
        print(f"  {r.students} students{spread}: joined in {r.join_seconds:.1f} s; idle: {r.idle_polls} fragment runs asked by "
              f"the screens, server CPU {1e3 * r.idle_cpu_seconds:.0f} ms in all ({1e3 * per_poll:.0f} ms per run); dragging: server CPU {r.drag_cpu_seconds:.1f} s = "
              f"{1e3 * per_update:.0f} ms per (drag, student), polls and the teacher's runs included; "
              f"answers: {r.answers_by}")
        print(f"  {r.students} students: {r.update_bytes / 1e3:.1f} KB received per (drag, student), websocket and "
              f"HTTP; {r.views_fetched} views fetched from the view route; the view's assets "
              f"{r.asset_bytes / 1e3:.0f} KB once per student (then the browser's cache)")
        for error in r.errors[:5]:
            print(f"    error: {error}")
    seen = [s for s in single if s is not None]
    print(f"single user (not in a class, the same drags 1 s apart, fresh server): action→screen p50 "
          f"{fmt(statistics.median(seen) if seen else float('nan'))}, p95 {fmt(percentile(seen, 0.95))}, "
          f"missed {len(single) - len(seen)}/{len(single)}; server CPU {single_cpu[0]:.0f} % "
          f"({1e3 * single_cpu[1] / max(1, len(single)):.0f} ms per drag), "
          f"peak RSS {single_rss:.0f} MB")
    polls, seconds = empty
    print(f"Streamlit's own cost of a poll (an app whose only fragment, run_every={POLL_SECONDS:g}, does nothing; "
          "5 sessions; the app's configuration): "
          f"{polls} polls, server CPU {1e3 * seconds / max(1, polls):.0f} ms per poll")
    print(verdict(results))


async def main_async(args) -> None:
    with tempfile.TemporaryDirectory() as folder:
        process, url = start_server(f"sqlite://{Path(folder) / 'classes.sqlite3'}")
        try:
            single, single_percent, single_seconds = await single_user(url, process.pid, args.drags,
                                                                       min(args.interval, 1.0), args.timeout)
            single_rss = peak_rss_mb(process.pid)
        finally:
            stop_server(process)
    print(f"single user: {len([s for s in single if s is not None])}/{len(single)} updates seen", flush=True)
    results = []
    for students in args.students:
        result = await run_class(students, args.drags, args.interval, args.idle, args.timeout, args.processes,
                                 args.redis, args.nginx, args.expected)
        print(f"{students} students: {len(result.latencies)}/{result.pairs} updates seen, answers "
              f"{result.sent}/{result.counted}", flush=True)
        results.append(result)
    empty = await empty_fragment_polls()
    report(results, single, (single_percent, single_seconds), single_rss, empty)
    return results, single


def main(argv: list[str] | None = None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, nargs="+", default=[10, 20, 40])
    parser.add_argument("--drags", type=int, default=20,
                        help="the teacher's drags per class (20: its p95 is not just the slowest one)")
    parser.add_argument("--interval", type=float, default=3.0, help="seconds between the teacher's drags")
    parser.add_argument("--idle", type=float, default=5.0, help="seconds of following with no change, per class")
    parser.add_argument("--timeout", type=float, default=10.0, help="an update not seen within this is missed")
    parser.add_argument("--app", type=Path, default=REPO, help="the app's folder (default: this repository)")
    parser.add_argument("--entry", default="deploy/serve.py",
                        help="what the servers run: deploy/serve.py (screens wait on its route; the default) or "
                             "app.py (screens ask their fragment every second)")
    parser.add_argument("--processes", type=int, default=1,
                        help="app processes per class, sharing its store; students spread over them in turn")
    parser.add_argument("--redis", action="store_true",
                        help="the class's store is a redis-server of its own (default: an SQLite file)")
    parser.add_argument("--nginx", action="store_true",
                        help="everyone goes through Debian's nginx running deploy/nginx.conf in front of the "
                             "processes (sticky route cookies), on a Redis store (implies --redis)")
    parser.add_argument("--expected", type=int, default=None,
                        help="the class's size the teacher types (default: the number of students); fewer, and "
                             "the students over the minute's joins are told to wait and let in by the page")
    args = parser.parse_args(argv)
    global APP, ENTRY
    APP, ENTRY = args.app.resolve(), args.entry
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} cores); "
          f"students {args.students}, {args.drags} drags every {args.interval:g} s, timeout {args.timeout:g} s, "
          f"{args.processes} app process{'es' if args.processes > 1 else ''} per class, running {args.entry}"
          f"{' behind nginx' if args.nginx else ''} on {'Redis' if args.redis or args.nginx else 'SQLite'}",
          flush=True)
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
