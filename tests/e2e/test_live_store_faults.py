"""A store that fails mid-class, in a real browser (issue 32, item 7): a teacher (1280×720) and two students, an app
server of the test's own served as a class is (deploy/serve.py, the waiting route), on a real store with real faults,
one after the other in the same class and the same three browser sessions (each fault costs one round, not one more
app server and class):

* SQLite: made unwritable (``chattr +i`` on its folder and every file in it, as the issue did);
* Redis: stopped (and started again with its data), then restarted empty (the class lost).

A round: the open question is answered by both students; the teacher is on nDCG, both students following. Then the
fault, and the teacher goes on as in a lecture: a drag in the lanes (the board), Next or Back (a step), the Live class page,
Reveal, Ask. The idle teacher and both students are told within 5 s, before anyone acts (the class watch); then each
action is said above the teacher's page in its own run ("cannot be reached", and what waits: the board, the reveal,
the question). Then the fault is cleared and nobody touches anything: the teacher's message goes, the students' too,
everything is sent in order (the question revealed with both answers, then the next one, the step and the board as
the teacher left them; a class lost by Redis is brought back first) and the students are on the next question's
answer box. The other faults (SQLite's WAL alone unwritable, a full disk, a lock held; Redis hung, its writes paused)
run in AppTest with the same actions (tests/live/test_page_live_resilience.py) and under the class watch
(tests/live/test_live_watch.py). The times are printed (run with ``-s``).
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable
from contextlib import AbstractContextManager

import pytest
from playwright.sync_api import Page, expect

from live.store import open_store
from tests import store_faults
from tests.e2e.lanes import drag_after, lane_items, lane_names, wait_for_lanes
from tests.e2e.navigation import go_to
from tests.e2e.test_live_resume import key, own_app  # noqa: F401  (own_app: a fixture, the test's own app server)

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.xdist_group("live class")]  # (scripts/test.sh)

TEACHER_SIZE = {"width": 1280, "height": 720}
SLOW_MS = 60_000  #: a wait for a state on a loaded machine (the times that matter are measured and asserted apart)
STUDENTS_TOLD_S = 5.0  #: the issue's budget: students told within 5 s (on a machine with a core to spare)
TEACHER_OUT = "The class server cannot be reached"
STUDENT_OUT = "The teacher's board cannot be reached"
SCENARIOS = {"sqlite": ["unwritable"], "redis": ["stopped", "restarted empty"]}  #: each store's faults, in turn


def alert(page: Page, words: str):
    return page.get_by_test_id("stAlertContentError").filter(has_text=words)


def since(began: float) -> float:
    return round(time.monotonic() - began, 2)


def a_store(kind: str, tmp_path, request) -> tuple[str, dict[str, Callable[[], AbstractContextManager]]]:
    """(the store's URL, its faults to inject by name)."""
    if kind == "sqlite":
        path = tmp_path / "live" / "classes.sqlite3"
        reason = store_faults.why_no_chattr(tmp_path)
        if reason:
            pytest.skip(reason)
        return f"sqlite://{path}", {"unwritable": lambda: store_faults.unwritable(path)}
    server = request.getfixturevalue("own_redis")
    return server["url"], {"stopped": lambda: store_faults.redis_stopped(server),
                           "restarted empty": lambda: store_faults.redis_stopped(server, empty=True)}


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


def first_seen(checks: dict[str, Callable[[], bool]], began: float, pages: list[Page],
               timeout: float = 2 * SLOW_MS / 1000) -> dict:
    """Look at every screen in turn until each check holds: when each first held, in seconds from ``began``
    (on a time-out, what ``pages`` show: their address and messages)."""
    seen = {}
    while len(seen) < len(checks):
        for name, check in checks.items():
            if name not in seen and check():
                seen[name] = since(began)
        if time.monotonic() - began > timeout:
            shown = [(page.url, page.get_by_test_id("stAlert").all_inner_texts()) for page in pages]
            pytest.fail(f"only {seen} after {timeout} s; the screens show {shown}")
        time.sleep(0.05)  # between two looks at the screens
    return seen


def screens(teacher: Page, students: list[Page], out: bool, question: int) -> dict[str, Callable[[], bool]]:
    """What each screen shows in the fault (``out``: its message), or once back (no message; a student on the answer
    box of ``question``)."""
    def says(page: Page, words: str) -> Callable[[], bool]:
        return lambda: alert(page, words).count() == (1 if out else 0)

    def back(page: Page) -> Callable[[], bool]:
        return lambda: alert(page, STUDENT_OUT).count() == 0 and page.locator(
            f"{key(f'live__answer_{question}')} input").count() == 1

    return {"teacher": says(teacher, TEACHER_OUT),
            **{f"student {n}": says(page, STUDENT_OUT) if out else back(page) for n, page in enumerate(students, 1)}}


def teacher_says(teacher: Page, *waiting: str) -> None:
    """The teacher's page says, in the run of the action, that the class server cannot be reached, and what waits."""
    message = alert(teacher, TEACHER_OUT)
    expect(message).to_have_count(1, timeout=SLOW_MS)
    for words in waiting:
        expect(message).to_contain_text(words)


def a_round(question: int, inject, teacher: Page, students: list[Page], store_url: str, code: str,
            wait_for_app) -> dict[str, dict]:
    """One fault, with question ``question`` open: it is answered, the fault injected, the teacher acts, the fault
    cleared; what reached the store is checked. When the screens were told and when they were back, in seconds."""
    for student, value in zip(students, ("0.5", "0.25")):
        answer(student, question, value, wait_for_app)
    metric = teacher.get_by_test_id("stMetric").filter(has_text="Answered").get_by_test_id("stMetricValue")
    expect(metric).to_have_text("2 / 2", timeout=SLOW_MS)  # the teacher's screen has read both answers
    go_to(teacher, url_path="ndcg")
    wait_for_app(teacher)
    for student in students:  # they follow the teacher to nDCG
        expect(student).to_have_url(re.compile(r"/ndcg"), timeout=SLOW_MS)
    wait_for_lanes(teacher)
    step = published(store_url, code)["board"]["steps"]["ndcg"]  # (the students followed: it was published)

    with inject():
        told = first_seen(screens(teacher, students, True, question), time.monotonic(), [teacher, *students])  # idle
        items = lane_items(teacher)
        order = lane_names(teacher)
        drag_after(teacher, items.nth(0), items.nth(1))  # a drag on nDCG: the board, said in its own run
        expect(lane_items(teacher).nth(0)).to_have_attribute("data-name", order[1], timeout=SLOW_MS)
        wait_for_app(teacher, timeout_ms=SLOW_MS)
        teacher_says(teacher, "your board, page and step")
        dragged = lane_names(teacher)
        click(teacher, "ndcg__step_next" if step == 1 else "ndcg__step_back", wait_for_app)  # a step, said
        teacher_says(teacher, "your board, page and step")
        go_to(teacher, url_path="live")
        wait_for_app(teacher, timeout_ms=SLOW_MS)
        click(teacher, "live__reveal", wait_for_app)  # reveal: said, kept
        teacher_says(teacher, f"the reveal of question {question}")
        teacher.get_by_test_id("stExpander").filter(has_text="Ask the next question").locator("summary").click()
        click(teacher, "live__ask", wait_for_app)  # ask: said, kept
        teacher_says(teacher, f"the reveal of question {question}", "the question")
        for student in students:
            expect(alert(student, STUDENT_OUT)).to_have_count(1)  # still told
    # nobody touches anything ("this screen brought it back", said for a few seconds when Redis came back empty, is
    # checked in AppTest: on a loaded machine the run that says it can be over before a look at the screen)
    back = first_seen(screens(teacher, students, False, question + 1), time.monotonic(), [teacher, *students])
    for page in (teacher, *students):
        expect(page.get_by_test_id("stException")).to_have_count(0)

    store = open_store(store_url)
    try:
        assert store.get(f"{code}/question/{question}").value["revealed"], "the reveal was sent"
        answers = store.entries(f"{code}/answers/{question}").values()
        assert sorted(a["value"] for a in answers) == [0.25, 0.5], "an accepted answer was lost"
    finally:
        store.close()
    board = published(store_url, code)
    assert board["question"]["id"] == question + 1 and not board["question"]["revealed"]
    assert board["board"]["steps"]["ndcg"] == (2 if step == 1 else step - 1)
    assert board["board"]["board"]["ranking"] == dragged and board["board"]["page"] == "live"
    return {"told": told, "back": back}


def published(store_url: str, code: str) -> dict:
    """The class's board record as its store holds it (the teacher's board, page and steps; the question)."""
    store = open_store(store_url)
    try:
        return store.get(f"{code}/board").value
    finally:
        store.close()


@pytest.mark.parametrize("kind", SCENARIOS)
def test_the_teachers_actions_during_a_store_fault_are_said_at_once_and_sent_when_it_is_back(
        own_app, new_session, wait_for_app, tmp_path, request, kind):  # noqa: F811
    store_url, faults = a_store(kind, tmp_path, request)
    url = own_app({"RML_LIVE_STORE": store_url})
    teacher = new_session(f"{url}/live", viewport=TEACHER_SIZE)
    click(teacher, "live__start", wait_for_app)
    code = teacher.locator(key("live_code")).get_by_role("heading", level=1).inner_text().strip()
    students = [new_session(f"{url}/live?join={code}") for _ in range(2)]
    for student in students:
        student.get_by_test_id("stForm").filter(has=student.locator(key("live__code"))).get_by_role("button").click()
        wait_for_app(student)
    click(teacher, "live__ask", wait_for_app)  # Q1: nDCG@K on the board
    for question, fault in enumerate(SCENARIOS[kind], 1):
        times = a_round(question, faults[fault], teacher, students, store_url, code, wait_for_app)
        load = os.getloadavg()[0] / (os.cpu_count() or 1)
        print(f"\n[{kind} {fault}] told (idle, from the fault): {times['told']}; back without any action (from the "
              f"fault's end; students: the next question on screen): {times['back']}; load per core {load:.1f}")
        budget = STUDENTS_TOLD_S * max(1.0, load)  # a machine shared with other work runs every screen slower
        assert max(times["told"].values()) <= budget, f"told after {times['told']} s (budget {budget:.1f} s)"
