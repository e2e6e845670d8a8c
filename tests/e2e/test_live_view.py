"""A following student's view kept current by the browser (ui.classroom.view_piece, issue 36), as a class is hosted
(``streamlit run deploy/serve.py``), in a real browser: a student whose phone loses the network while the teacher
drags and steps on is current at once when the network comes back, without touching anything; the view's assets
come from the static route, cached; a drag in the view is the student's own board, and "Try it myself" keeps the
board the screen shows.

One app server of this test's own, on an SQLite store of its own."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.lanes import BUILDER, drag_after, drag_before, lane_items, wait_for_lanes
from tests.e2e.test_live_class import FOLLOWER_VIEW, key, submit_join
from tests.e2e.test_live_watch import hosted, names, teacher_on_ndcg, until  # noqa: F401  (hosted: a fixture)
from tests.e2e.test_phone import PHONE
from ui.classroom.view_route import PATH, STATIC

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("live class")]  # one class at a time (scripts/test.sh)

SLOW_MS = 30_000  #: the machine is shared: generous, and only ever waited for, never slept
AT_ONCE_S = 6.0  #: back online, the screen is current within this (the piece retries every 2 s)
STEP = re.compile(r"^\s*(Step (\d+) of \d+)\s*$")


def shown_step(student: Page) -> int | None:
    texts = student.locator(f"{FOLLOWER_VIEW} .rml-view strong").all_inner_texts()
    steps = [int(match.group(2)) for text in texts if (match := STEP.match(text))]
    return steps[0] if len(steps) == 1 else None


def test_a_student_back_online_is_current_at_once(browser, new_session, wait_for_app, hosted):  # noqa: F811
    url, _ = hosted
    teacher, code = teacher_on_ndcg(new_session, wait_for_app, url)

    context = browser.new_context(viewport=PHONE)
    student: Page = context.new_page()
    student.set_default_timeout(SLOW_MS)
    assets: list = []
    views: list = []
    student.on("response", lambda response: assets.append(response) if STATIC in response.url else None)
    student.on("request", lambda request: views.append(request.url) if PATH in request.url else None)
    try:
        student.goto(f"{url}/live?join={code}")
        wait_for_app(student)
        submit_join(student, None)
        expect(student.locator(f"{FOLLOWER_VIEW} .rml-view")).to_have_count(1)  # the browser's view, not Streamlit's
        wait_for_app(student)
        order = names(teacher, BUILDER)
        until(student, lambda: names(student, FOLLOWER_VIEW) == order, "the teacher's ranking")
        assert shown_step(student) == 1
        served = {re.sub(r"\?.*", "", response.url.split(STATIC)[1]) for response in assets}
        assert {"/view.js", "/view.css", "/lanes.js", "/lanes.css", "/katex.min.js"} <= served, served
        assert all("immutable" in response.headers.get("cache-control", "") for response in assets)

        teacher.locator(key("ndcg__step_next")).locator("button:visible").click()  # seen while online
        wait_for_app(teacher)
        until(student, lambda: shown_step(student) == 2, "the teacher's step 2")
        assert views, "the view was not fetched from the view route"

        context.set_offline(True)  # the student's phone loses the network; the class goes on
        items = lane_items(teacher)
        drag_before(teacher, items.last, items.first)
        wait_for_app(teacher)
        teacher.locator(key("ndcg__step_next")).locator("button:visible").click()
        wait_for_app(teacher)
        wait_for_lanes(teacher)
        items = lane_items(teacher)
        drag_after(teacher, items.first, items.nth(1))
        wait_for_app(teacher)
        now = until(teacher, lambda: [n for n in [names(teacher, BUILDER)] if n and n != order], "the drags")[0]
        teacher.wait_for_timeout(1000)  # (the class has it: published at the end of the teacher's run)
        assert names(student, FOLLOWER_VIEW) != now and shown_step(student) == 2  # offline: still the old screen

        context.set_offline(False)
        back = time.monotonic()
        until(student, lambda: names(student, FOLLOWER_VIEW) == now and shown_step(student) == 3,
              "the teacher's board and step after the network came back")
        assert time.monotonic() - back < AT_ONCE_S, f"current {time.monotonic() - back:.1f} s after coming back"
        expect(student.get_by_test_id("stException")).to_have_count(0)

        # a drag in the view: the student's own board (the session loads the class first: it never ran for it)
        items = lane_items(student, scope=FOLLOWER_VIEW)
        drag_before(student, items.last, items.first)
        mine = now[-1:] + now[:-1]
        until(student, lambda: names(student, FOLLOWER_VIEW) == mine, "the student's own drag")
        wait_for_app(student)
        student.wait_for_timeout(1000)  # (not replaced by the class's view: no change of the teacher's since)
        assert names(student, FOLLOWER_VIEW) == mine

        # "Try it myself": the whole page, with the board the screen showed
        student.locator(key("live__detach")).get_by_role("button").click()
        wait_for_app(student)
        wait_for_lanes(student)
        expect(student.locator(FOLLOWER_VIEW)).to_have_count(0)
        until(student, lambda: names(student, BUILDER) == mine, "the board shown, as the student's own")
    finally:
        context.close()
