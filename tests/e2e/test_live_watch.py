"""A class served as it is hosted (``streamlit run deploy/serve.py``), in a real browser (issue 19): a following
student's screen waits on the app's route (``live.routes``) instead of asking the app every second, so an idle
class costs the app nothing; it still follows the teacher's drag at once; and when the store loses the class, the
teacher's idle screen brings it back and says so, and the student follows on, without anyone touching anything.

One app server of this test's own, on an SQLite store of its own."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from live.routes import PATH
from live.store import open_store
from tests.e2e.conftest import ARTIFACTS_DIR, _start_server, _stop
from tests.e2e.lanes import BUILDER, drag_after, lane_items, lane_names, wait_for_lanes
from tests.e2e.navigation import go_to
from ui.classroom.live import REDRAW_AFTER

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("live class")]  # one class at a time (scripts/test.sh)

SLOW_MS = 30_000  #: the machine is shared: generous, and only ever waited for, never slept
FOLLOWER_VIEW = ".st-key-live_follow"  #: a following student's view of the teacher's page (ui.classroom.follower)
IDLE_MS = 4_000  #: a window in which nothing changes: the student's browser must not ask the app anything


def key(name: str) -> str:
    return f".st-key-{name}"


def until(page: Page, condition, what: str, timeout_ms: float = SLOW_MS):
    """Look at ``condition()`` every 100 ms until it holds (its value), failing after ``timeout_ms``."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not (value := condition()):
        assert time.monotonic() < deadline, f"{what}: not within {timeout_ms / 1000:.0f} s"
        page.wait_for_timeout(100)
    return value


def names(page: Page, scope: str) -> list[str]:
    try:
        return lane_names(page, scope=scope)
    except PlaywrightError:  # being redrawn
        return []


@pytest.fixture
def hosted(tmp_path):
    """The app as hosted (deploy/serve.py) on a store of its own: (its URL, the store's URL)."""
    store = f"sqlite://{tmp_path / 'classes.sqlite3'}"
    process, url = _start_server("deploy/serve.py", ARTIFACTS_DIR / "live-watch-server.log",
                                 env={"RML_LIVE_STORE": store})
    yield url, store
    _stop(process)


def teacher_on_ndcg(new_session, wait_for_app, url: str) -> tuple[Page, str]:
    """A teacher who started a class on the app at ``url`` and went to the nDCG page: (their page, the code)."""
    teacher = new_session(f"{url}/live")
    teacher.locator(key("live__start")).get_by_role("button").click()
    wait_for_app(teacher)
    code = teacher.locator(key("live_code")).get_by_role("heading", level=1).inner_text().strip()
    go_to(teacher, url_path="ndcg")
    wait_for_app(teacher)
    wait_for_lanes(teacher)
    return teacher, code


def test_an_idle_class_costs_nothing_and_every_change_arrives(browser, new_session, wait_for_app, hosted):
    url, store_url = hosted
    teacher, code = teacher_on_ndcg(new_session, wait_for_app, url)

    context = browser.new_context(viewport={"width": 390, "height": 844})
    student: Page = context.new_page()
    student.set_default_timeout(SLOW_MS)
    sent: list[float] = []  # the student's messages to the app (a run asked for), when
    waits: list[str] = []  # the student's requests to the waiting route
    student.on("websocket", lambda ws: ws.on("framesent", lambda _: sent.append(time.monotonic())))
    student.on("request", lambda request: waits.append(request.url) if PATH in request.url else None)
    try:
        student.goto(f"{url}/live?join={code}")
        wait_for_app(student)
        student.get_by_test_id("stForm").filter(has=student.locator(key("live__code"))).get_by_role("button").click()
        expect(student.locator(FOLLOWER_VIEW)).to_have_count(1)  # taken to the teacher's page, as its follower view
        wait_for_app(student)
        until(student, lambda: waits, "a request to the waiting route")  # its screen waits on the route
        order = lane_names(teacher, scope=BUILDER)
        until(student, lambda: names(student, FOLLOWER_VIEW) == order, "the teacher's ranking")

        # a whole run's end is checked once, a few seconds after the run (ui.classroom.watch): let that pass
        before, settle = len(sent), time.monotonic() + 2 * REDRAW_AFTER + 2
        while len(sent) == before and time.monotonic() < settle:
            student.wait_for_timeout(100)
        before = len(sent)
        student.wait_for_timeout(IDLE_MS)  # an observation window: nothing may happen in it
        asked = len(sent) - before
        # served by `streamlit run app.py`, the screen would ask its fragment every POLL_SECONDS
        assert asked == 0, f"an idle student's screen asked the app {asked} times in {IDLE_MS} ms"

        drag_after(teacher, lane_items(teacher).nth(0), lane_items(teacher).last)  # the teacher drags
        wait_for_app(teacher)
        dragged = lane_names(teacher, scope=BUILDER)
        assert dragged != order
        until(student, lambda: names(student, FOLLOWER_VIEW) == dragged, "the dragged ranking")

        store = open_store(store_url)  # the store loses the class (a Redis restarted empty, a file emptied)
        try:
            store.delete_prefix(f"{code}/")
        finally:
            store.close()
        # the teacher's idle screen brings it back (issue 32), and says so; the student follows on, untouched
        expect(teacher.get_by_test_id("stAlertContentSuccess")).to_contain_text(f"lost class {code}",
                                                                                timeout=SLOW_MS)
        expect(student.get_by_test_id("stAlertContentError")).to_have_count(0, timeout=SLOW_MS)
        wait_for_app(teacher)  # (the run that says it)
        wait_for_lanes(teacher)
        drag_after(teacher, lane_items(teacher).nth(0), lane_items(teacher).last)  # the class goes on
        wait_for_app(teacher)
        again = until(teacher, lambda: [n for n in [names(teacher, BUILDER)] if n and n != dragged], "the drag")[0]
        until(student, lambda: names(student, FOLLOWER_VIEW) == again, "the ranking dragged after the loss")
        for page in (teacher, student):
            expect(page.get_by_test_id("stException")).to_have_count(0)
    finally:
        context.close()
