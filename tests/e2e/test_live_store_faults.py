"""A store that fails mid-class, in a real browser (issue 32, item 7): a teacher (1280×720) and two students, an app
server of the test's own served as a class is (deploy/serve.py, the waiting route), on a real store with a real
fault:

* SQLite made unwritable (``chattr +i`` on its folder and every file in it, as the issue did), or only its WAL (it
  still reads: the class watch's write probe tells the fault);
* Redis stopped (and started again with its data), hung (SIGSTOP), or restarted empty (the class lost).

Q1 is asked and both students answer it; the teacher is on nDCG, both students following. Then the fault, and the
teacher goes on as in a lecture: a drag in the lanes (the board), Next (a step), the Live class page, Reveal, Ask.
The idle teacher and both students are told within 5 s, before anyone acts (the class watch); then each action is
said above the teacher's page in its own run ("cannot be reached", and what waits: the board, the reveal of
question 1, the question). Then the fault is cleared and nobody touches anything: the teacher's message goes, the students'
too, everything is sent in order (Q1 revealed with both answers, then Q2, the step and the board as the teacher
left them; a class lost by Redis is brought back first) and the students are on Q2's answer box. The times are
printed (run with ``-s``)."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager

import pytest
from playwright.sync_api import Page, expect

from live.store import open_store
from tests import store_faults
from tests.e2e.lanes import drag_after, lane_items, lane_names, wait_for_lanes
from tests.e2e.navigation import go_to
from tests.e2e.test_live_resume import key, own_app  # noqa: F401  (own_app: a fixture, the test's own app server)

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

TEACHER_SIZE = {"width": 1280, "height": 720}
SLOW_MS = 60_000  #: a wait for a state on a loaded machine (the times that matter are measured and asserted apart)
STUDENTS_TOLD_S = 5.0  #: the issue's budget: students told within 5 s (on a machine with a core to spare)
TEACHER_OUT = "The class server cannot be reached"
STUDENT_OUT = "The teacher's board cannot be reached"
FAULTS = ["sqlite unwritable", "sqlite wal unwritable", "redis stopped", "redis hung", "redis restarted empty"]


def alert(page: Page, words: str):
    return page.get_by_test_id("stAlertContentError").filter(has_text=words)


def since(began: float) -> float:
    return round(time.monotonic() - began, 2)


@contextmanager
def a_store(fault: str, tmp_path, request) -> Iterator[tuple[str, Callable[[], AbstractContextManager]]]:
    """(the store's URL, the fault to inject on it)."""
    if fault.startswith("sqlite"):
        path = tmp_path / "live" / "classes.sqlite3"
        reason = store_faults.why_no_chattr(tmp_path)
        if reason:
            pytest.skip(reason)
        only = ("-wal",) if fault == "sqlite wal unwritable" else None
        yield f"sqlite://{path}", lambda: store_faults.unwritable(path, only=only)
        return
    server = request.getfixturevalue("own_redis")
    yield server["url"], {"redis stopped": lambda: store_faults.redis_stopped(server),
                          "redis hung": lambda: store_faults.redis_hung(server["process"]),
                          "redis restarted empty": lambda: store_faults.redis_stopped(server, empty=True)}[fault]


def click(page: Page, name: str, wait_for_app) -> float:
    """Click the keyed button ``name`` and wait for the run it starts: when it was clicked."""
    page.locator(key(name)).get_by_role("button").click()
    clicked = time.monotonic()
    wait_for_app(page, timeout_ms=SLOW_MS)
    return clicked


def answer(student: Page, question: int, value: str, wait_for_app) -> None:
    box = student.locator(f"{key(f'live__answer_{question}')} input")
    expect(box).to_have_count(1, timeout=SLOW_MS)
    wait_for_app(student)
    box.fill(value)
    click(student, "live__send", wait_for_app)
    expect(student.get_by_test_id("stAlertContentInfo")).to_contain_text(value, timeout=SLOW_MS)


def first_seen(checks: dict[str, Callable[[], bool]], began: float, timeout: float = SLOW_MS / 1000) -> dict:
    """Look at every screen in turn until each check holds: when each first held, in seconds from ``began``."""
    seen = {}
    while len(seen) < len(checks):
        for name, check in checks.items():
            if name not in seen and check():
                seen[name] = since(began)
        assert time.monotonic() - began < timeout, f"only {seen} after {timeout} s"
        time.sleep(0.05)  # between two looks at the screens
    return seen


def screens(teacher: Page, students: list[Page], out: bool) -> dict[str, Callable[[], bool]]:
    """What each screen shows in the fault (``out``: its message), or once back (no message; a student on Q2)."""
    def says(page: Page, words: str) -> Callable[[], bool]:
        return lambda: alert(page, words).count() == (1 if out else 0)

    def back(page: Page) -> Callable[[], bool]:
        return lambda: alert(page, STUDENT_OUT).count() == 0 and page.locator(
            f"{key('live__answer_2')} input").count() == 1

    return {"teacher": says(teacher, TEACHER_OUT),
            **{f"student {n}": says(page, STUDENT_OUT) if out else back(page) for n, page in enumerate(students, 1)}}


def teacher_says(teacher: Page, *waiting: str) -> None:
    """The teacher's page says, in the run of the action, that the class server cannot be reached, and what waits."""
    message = alert(teacher, TEACHER_OUT)
    expect(message).to_have_count(1, timeout=SLOW_MS)
    for words in waiting:
        expect(message).to_contain_text(words)


@pytest.mark.parametrize("fault", FAULTS)
def test_the_teachers_actions_during_a_store_fault_are_said_at_once_and_sent_when_it_is_back(
        new_session, wait_for_app, own_app, tmp_path, request, fault):  # noqa: F811
    with a_store(fault, tmp_path, request) as (store_url, inject):
        url = own_app({"RML_LIVE_STORE": store_url})
        teacher = new_session(f"{url}/live", viewport=TEACHER_SIZE)
        click(teacher, "live__start", wait_for_app)
        code = teacher.locator(key("live_code")).get_by_role("heading", level=1).inner_text().strip()
        students = [new_session(f"{url}/live?join={code}") for _ in range(2)]
        for student in students:
            student.get_by_test_id("stForm").filter(has=student.locator(key("live__code"))).get_by_role(
                "button").click()
            wait_for_app(student)
        click(teacher, "live__ask", wait_for_app)  # Q1: nDCG@K on the board
        for student, value in zip(students, ("0.5", "0.25")):
            answer(student, 1, value, wait_for_app)
        metric = teacher.get_by_test_id("stMetric").filter(has_text="Answered").get_by_test_id("stMetricValue")
        expect(metric).to_have_text("2 / 2", timeout=SLOW_MS)  # the teacher's screen has read both answers
        go_to(teacher, url_path="ndcg")
        wait_for_app(teacher)
        for student in students:  # they follow the teacher to nDCG
            expect(student).to_have_url(re.compile(r"/ndcg"), timeout=SLOW_MS)
        wait_for_lanes(teacher)

        with inject():
            injected = time.monotonic()
            told = first_seen(screens(teacher, students, out=True), injected)  # idle: the class watch says it
            items = lane_items(teacher)
            order = lane_names(teacher)
            drag_after(teacher, items.nth(0), items.nth(1))  # a drag on nDCG: the board, said in its own run
            expect(lane_items(teacher).nth(0)).to_have_attribute("data-name", order[1], timeout=SLOW_MS)
            wait_for_app(teacher, timeout_ms=SLOW_MS)
            teacher_says(teacher, "your board, page and step")
            dragged = lane_names(teacher)
            click(teacher, "ndcg__step_next", wait_for_app)  # Next: a step, said
            teacher_says(teacher, "your board, page and step")
            go_to(teacher, url_path="live")
            wait_for_app(teacher, timeout_ms=SLOW_MS)
            click(teacher, "live__reveal", wait_for_app)  # reveal: said, kept
            teacher_says(teacher, "the reveal of question 1")
            teacher.get_by_test_id("stExpander").filter(has_text="Ask the next question").locator("summary").click()
            click(teacher, "live__ask", wait_for_app)  # ask: said, kept
            teacher_says(teacher, "the reveal of question 1", "the question")
            for student in students:
                expect(alert(student, STUDENT_OUT)).to_have_count(1)  # still told
        cleared = time.monotonic()  # from here on, nobody touches anything
        back = first_seen(screens(teacher, students, out=False), cleared)
        if fault == "redis restarted empty":
            expect(teacher.get_by_test_id("stAlertContentSuccess")).to_contain_text(
                f"lost class {code}", timeout=SLOW_MS)
        for page in (teacher, *students):
            expect(page.get_by_test_id("stException")).to_have_count(0)

        store = open_store(store_url)
        try:
            assert store.get(f"{code}/question/1").value["revealed"], "the reveal was sent"
            assert sorted(a["value"] for a in store.entries(f"{code}/answers/1").values()) == [0.25, 0.5]
            board = store.get(f"{code}/board").value
            assert board["question"]["id"] == 2 and not board["question"]["revealed"]
            assert board["board"]["steps"]["ndcg"] == 2 and board["board"]["board"]["ranking"] == dragged
            assert board["board"]["page"] == "live"
        finally:
            store.close()
        load = os.getloadavg()[0] / (os.cpu_count() or 1)
        print(f"\n[{fault}] told (idle, from the fault): {told}; back without any action (from the fault's end; "
              f"students: Q2 on screen): {back}; load per core {load:.1f}")
        budget = STUDENTS_TOLD_S * max(1.0, load)  # a machine shared with other work runs every screen slower
        assert max(told.values()) <= budget, f"told after {told} s (budget {budget:.1f} s at a load of {load:.1f})"
