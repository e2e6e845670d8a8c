"""A live class survives its teacher's browser, the app and the store, in a real browser (issue 19):

* the teacher reloads mid-question and gets the class back with its answers, from the resume code the teacher's tab
  keeps (sessionStorage: the teacher's address, on the projector, never holds it); the app server restarts (SQLite:
  the classes are in its file) and the teacher opens the private link copied from the folded "Teacher's private
  link" (its code leaves the address at once), the student the tab's address: they carry on, the student's answer is
  still in, and the reveal reaches the student;
* Redis stops while a student sends an answer: the student sees a message, not a traceback, the answer box kept;
  Redis comes back empty: the teacher's open screen brings the class back (issue 32), the student is in it and
  sends the answer again.

Each test runs an app server of its own, as a class is hosted (deploy/serve.py), on a store of its own
(tests/e2e/conftest.py's ``_start_server``).
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import ARTIFACTS_DIR, _start_server, _stop
from tests.live_servers import start_redis_server, stop_redis_server

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("live class")]  # one class at a time (scripts/test.sh)

ANSWER_BOX = ".st-key-live__answer_1 input"
SLOW_MS = 30_000
RESTART_MS = 120_000  # a new server's first page loads all of the app's frontend code: slow on a busy machine  # the student's poll and the teacher's results redraw within seconds; the machine is shared


def key(name: str) -> str:
    return f".st-key-{name}"


@pytest.fixture
def own_app(tmp_path):
    """``own_app(env)``: an app server of this test alone with ``env`` (e.g. its RML_LIVE_STORE); its base URL.
    ``own_app.restart()`` stops it and starts another on the same store (a new port: the tabs open it again)."""
    servers = []

    class App:
        def __call__(self, env: dict[str, str]) -> str:
            self.env = env
            return self.restart()

        def restart(self) -> str:
            if servers:
                _stop(servers[-1])
            # as a class is hosted: students' screens wait on live.routes (deploy/serve.py)
            process, url = _start_server("deploy/serve.py", ARTIFACTS_DIR / "live-resume-server.log", env=self.env)
            servers.append(process)
            return url

    yield App()
    for process in servers:
        _stop(process)


def metric(page: Page, label: str):
    return page.get_by_test_id("stMetric").filter(has_text=label).get_by_test_id("stMetricValue")


def class_with_an_answer(new_session, wait_for_app, url: str) -> tuple[Page, Page, str]:
    """A teacher who started a class and asked a question, a student who joined and answered 0.5: (teacher,
    student, code)."""
    teacher = new_session(f"{url}/live")
    teacher.locator(key("live__start")).get_by_role("button").click()
    wait_for_app(teacher)
    code = teacher.locator(key("live_code")).get_by_role("heading", level=1).inner_text().strip()
    student = new_session(f"{url}/live")
    student.locator(key("live__code")).locator("input").fill(code)
    student.get_by_test_id("stForm").filter(has=student.locator(key("live__code"))).get_by_role("button").click()
    wait_for_app(student)
    expect(student.get_by_test_id("stAlertContentSuccess")).to_contain_text(code)
    teacher.locator(key("live__ask")).get_by_role("button").click()
    wait_for_app(teacher)
    expect(student.locator(ANSWER_BOX)).to_have_count(1, timeout=SLOW_MS)  # the poll brings the question
    wait_for_app(student)
    student.locator(ANSWER_BOX).fill("0.5")
    student.locator(key("live__send")).get_by_role("button").click()
    wait_for_app(student)
    expect(student.get_by_test_id("stAlertContentInfo")).to_contain_text("0.5")
    expect(metric(teacher, "Answered")).to_have_text("1 / 1", timeout=SLOW_MS)
    return teacher, student, code


def reopen(page: Page, url: str, wait_for_app) -> None:
    """The tab opens its own address again, on the server at ``url`` (a reload after the app restarted)."""
    parts = urlsplit(page.url)
    page.goto(f"{url}{parts.path}?{parts.query}")
    wait_for_app(page, timeout_ms=RESTART_MS)


def private_link(teacher: Page) -> str:
    """The teacher's private link, from its folded expander (closed again after)."""
    expander = teacher.get_by_test_id("stExpander").filter(has_text="Teacher's private link")
    expect(expander.get_by_test_id("stCode").first).not_to_be_visible()  # folded: not on the projector by default
    expander.locator("summary").click()
    link = expander.get_by_test_id("stCode").first
    expect(link).to_be_visible()
    text = link.inner_text().strip()
    expander.locator("summary").click()
    return text


def test_a_reload_and_an_app_restart_keep_the_class(new_session, wait_for_app, own_app, tmp_path):
    url = own_app({"RML_LIVE_STORE": f"sqlite://{tmp_path / 'classes.sqlite3'}"})
    teacher, student, code = class_with_an_answer(new_session, wait_for_app, url)
    link = private_link(teacher)
    secret = parse_qs(urlsplit(link).query)["teach"][0].split(".")[1]
    assert link.startswith(f"{url}/live?teach={code}.") and secret not in teacher.url

    teacher.reload()  # the projector's browser reloads mid-question: the tab gives its resume code back
    wait_for_app(teacher)
    expect(teacher.get_by_test_id("stAlertContentSuccess")).to_contain_text(f"You are back in class {code}",
                                                                             timeout=SLOW_MS)
    expect(teacher.locator(key("live_code")).get_by_role("heading", level=1)).to_have_text(code)
    expect(metric(teacher, "Answered")).to_have_text("1 / 1")  # its answers with it
    expect(teacher.locator(key("live__reveal"))).to_have_count(1)
    assert secret not in teacher.url and "teach=" not in teacher.url

    url = own_app.restart()  # the app restarts mid-class (here on a new port: a new origin, a new sessionStorage)
    parts = urlsplit(link)
    teacher.goto(f"{url}{parts.path}?{parts.query}")  # the teacher opens the private link
    wait_for_app(teacher, timeout_ms=RESTART_MS)
    expect(teacher.locator(key("live_code")).get_by_role("heading", level=1)).to_have_text(code)
    expect(teacher).not_to_have_url(re.compile("teach="))  # its code leaves the address at once
    expect(metric(teacher, "Answered")).to_have_text("1 / 1")
    reopen(student, url, wait_for_app)
    expect(student.get_by_test_id("stMain")).to_contain_text(f"You are back in class {code}")
    expect(student.get_by_test_id("stAlertContentInfo")).to_contain_text("0.5")  # the answer is in, not asked again

    teacher.locator(key("live__reveal")).get_by_role("button").click()  # the class goes on
    expect(teacher.locator(key("live__reveal"))).to_have_count(0, timeout=SLOW_MS)  # the run of the reveal drew
    wait_for_app(teacher)
    expect(metric(teacher, "Answered")).to_have_text("1 / 1")
    expect(student.get_by_test_id("stMain")).to_contain_text("The class", timeout=SLOW_MS)  # the reveal reaches
    expect(metric(student, "Answered")).to_have_text("1", timeout=SLOW_MS)
    expect(student.get_by_test_id("stException")).to_have_count(0)


def test_redis_stops_while_a_student_sends_an_answer(new_session, wait_for_app, own_app, own_redis):
    url = own_app({"RML_LIVE_STORE": own_redis["url"]})
    teacher = new_session(f"{url}/live")
    teacher.locator(key("live__start")).get_by_role("button").click()
    wait_for_app(teacher)
    code = teacher.locator(key("live_code")).get_by_role("heading", level=1).inner_text().strip()
    student = new_session(f"{url}/live?join={code}")
    student.get_by_test_id("stForm").filter(has=student.locator(key("live__code"))).get_by_role("button").click()
    wait_for_app(student)
    teacher.locator(key("live__ask")).get_by_role("button").click()
    wait_for_app(teacher)
    expect(student.locator(ANSWER_BOX)).to_have_count(1, timeout=SLOW_MS)
    wait_for_app(student)
    student.locator(ANSWER_BOX).fill("0.5")

    stop_redis_server(own_redis["process"])
    student.locator(key("live__send")).get_by_role("button").click()
    wait_for_app(student)  # fails on an exception box
    expect(student.get_by_test_id("stAlertContentError").first).to_contain_text("cannot be reached")
    expect(student.locator(ANSWER_BOX)).to_have_count(1)  # the answer box is kept: the student can send again
    expect(student.get_by_test_id("stException")).to_have_count(0)

    own_redis["process"] = start_redis_server(port=own_redis["port"])[0]  # back, but empty: the teacher's open
    expect(teacher.get_by_test_id("stAlertContentSuccess")).to_contain_text(  # screen brings the class back
        f"lost class {code}", timeout=SLOW_MS)
    expect(student.get_by_test_id("stAlertContentError")).to_have_count(0, timeout=SLOW_MS)  # and the student is in it
    expect(student.get_by_test_id("stAlertContentSuccess")).to_contain_text(f"You are in class {code}")
    expect(student.locator(ANSWER_BOX)).to_have_count(1)  # the refused answer, to send again: now it counts
    student.locator(ANSWER_BOX).fill("0.5")
    student.locator(key("live__send")).get_by_role("button").click()
    wait_for_app(student)
    expect(student.get_by_test_id("stAlertContentInfo")).to_contain_text("0.5")
    expect(metric(teacher, "Answered")).to_have_text("1 / 1", timeout=SLOW_MS)
    expect(student.get_by_test_id("stException")).to_have_count(0)
