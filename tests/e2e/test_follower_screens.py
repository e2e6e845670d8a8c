"""A following student's phone in a live class (ui.classroom.follower), in a real browser: one teacher (1280×720)
and three students on 390×844 phones, two reading English and one 中文, walk the five follower views (nDCG, AP, RR,
P/R/F1/Hit@K, ROC) on a 7-item board (tests.spoilers.BOARD, from the teacher's share link), each at step 1, at a
middle step (the teacher's "Next ▶": step 2) and after the teacher's drag (their last item to the top, at that step).

In every state, on every phone: the view shows the teacher's ranking and step, its headline's first number is the
core's value at that step (ui.topics.paced, what the page computes), no number of a later step or a final value is
shown, nothing is cut off or wider than the screen (tests/e2e/test_phone.py's measures) and the headline and the
current row lie on the first screen. Screenshots: artifacts/screenshots/follower_<page>_<student>_<state>.png.

Twice: served by ``streamlit run app.py`` (the view drawn by Streamlit) and as a class is hosted,
``streamlit run deploy/serve.py`` (the view kept current by the browser, ui.classroom.view_piece: the same content
and the same one-screen checks); screenshots of the latter end in ``_hosted``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from metrics.explanation import Explanation
from tests.e2e.conftest import ARTIFACTS_DIR, _start_server, _stop
from tests.e2e.lanes import drag_before, lane_items, lane_names, wait_for_lanes
from tests.e2e.navigation import go_to
from tests.e2e.test_live_class import FOLLOWER_VIEW, key, submit_join, url_board
from tests.e2e.test_phone import CUT_OFF, FIRST_SCREEN_BOXES, PHONE
from tests.spoilers import BOARD, four_decimals
from ui.data.share import PARAM, encode_board
from ui.model.board import Board
from ui.topics import paced

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("live class")]  # one class at a time (scripts/test.sh)

TEACHER = {"width": 1280, "height": 720}
LOCALES = {"en": "en-US", "zh": "zh-CN"}
#: the following students: name -> the language their phone reads (a third phone, in English, as a class has many)
STUDENTS = {"en": "en", "zh": "zh", "en3": "en"}
MIDDLE = 2  #: the middle step (the teacher's "Next ▶"): every view of BOARD has more than 3 steps
#: the view's pages (ui.classroom.follower.VIEWS) -> the quantity of their first headline number; RR first, on BOARD
#: as it is (the first hit at rank 3: "not in ranks 1–2 yet" in the headline)
FIRST = {"rr": "RR", "ndcg": "DCG", "ap": "AP", "cutoff": "P", "roc": "AUC"}
#: what a following student must see on the first screen of a view
SEEN = {"headline": f"{FOLLOWER_VIEW} [data-testid='stMetric']",
        "current row": f"{FOLLOWER_VIEW} .st-key-lecture_table [aria-current='step']"}


HOSTED: set[str] = set()  #: the URLs of the servers that host as a class is hosted (deploy/serve.py)


@pytest.fixture(scope="module", params=["app.py", "deploy/serve.py"])
def app_url(request, tmp_path_factory) -> Iterator[str]:
    """The app served alone (the Streamlit-drawn view) or as a class is hosted (the view kept by the browser), on a
    store of its own."""
    store = f"sqlite://{tmp_path_factory.mktemp('follower-screens') / 'classes.sqlite3'}"
    process, url = _start_server(request.param, ARTIFACTS_DIR / "follower-screens-server.log",
                                 env={"RML_LIVE_STORE": store})
    if request.param != "app.py":
        HOSTED.add(url)
    yield url
    _stop(process)


def explanations(page: str, board: Board) -> list[Explanation]:
    """What ``page`` computes on ``board`` (the one whose table paces the view first), as the page and the view do."""
    if page == "cutoff":
        measures = paced.cutoffs(board)
        return [*measures.explanations.values(), measures.r_precision]
    return [{"ndcg": lambda: paced.ndcg(board)[0], "ap": lambda: paced.ap(board)[0],
             "rr": lambda: paced.rr(board, False)[0], "roc": lambda: paced.roc(board).explanation}[page]()]


def later_numbers(shown: list[Explanation], step: int) -> set[str]:
    """The numbers (4 decimals) of steps after ``step`` and the final values, minus those steps 1..step show (their
    running values and their rows of the step table)."""
    before, after = set(), set()
    for explanation in shown:
        total = len(explanation.table)
        for i in range(1, total + 1):
            values = {f"{value:.4f}" for value in explanation.running_at(i).values()}
            if i <= step:
                before |= values | {f"{value:.4f}" for value in explanation.table.iloc[i - 1]
                                    if isinstance(value, float)}
            else:
                after |= values
        after.add(f"{explanation.value:.4f}")
    return after - before


def step_line(step: int, total: int) -> re.Pattern:
    """The view's "Step i of n" (its bold part), in English or 中文."""
    return re.compile(rf"^\s*(Step {step} of {total}|第 {step} 步，共 {total} 步)\s*$")


def check(student: Page, language: str, page: str, board: Board, step: int, state: str, screenshot) -> list[str]:
    """Wait until the student's view shows ``board`` at ``step``, then what is wrong with it (empty: nothing)."""
    shown = explanations(page, board)
    view = student.locator(FOLLOWER_VIEW)
    expect(view.locator("strong").filter(has_text=step_line(step, len(shown[0].table)))).to_have_count(1)
    wait_for_lanes(student, FOLLOWER_VIEW)
    expect(lane_items(student, scope=FOLLOWER_VIEW).first).to_have_attribute("data-name", board.ranking[0])
    expect(view.get_by_test_id("stMetricValue").first).to_have_text(
        f"{shown[0].running_at(step)[FIRST[page]]:.4f}")
    expect(lane_items(student, scope=FOLLOWER_VIEW)).to_have_count(len(board.ranking))  # (the old lanes gone)
    assert lane_names(student, scope=FOLLOWER_VIEW) == list(board.ranking)
    student.evaluate("document.fonts.ready")
    where = f"{page} ({language}, {state})"
    problems = [f"{where}: {what}" for what in student.evaluate(CUT_OFF)]
    boxes = student.evaluate(FIRST_SCREEN_BOXES, [FOLLOWER_VIEW, SEEN])  # the view is there (waited above)
    assert boxes is not None, f"{page} ({language}, {state}): no follower view"
    problems += [f"{where}: no {what}" for what in SEEN if what not in boxes]
    problems += [f"{where}: {what} at y {top}–{bottom} px, below the first screen" for what, (top, bottom)
                 in boxes.items() if top < 0 or bottom > PHONE["height"] + 1]
    early = later_numbers(shown, step) & four_decimals(view.inner_text())
    problems += [f"{where}: a later step's value shown: {sorted(early)}"] if early else []
    screenshot(student, f"follower_{page}_{language}_{state}")
    return problems


def test_a_students_phone_follows_every_view_in_english_and_chinese(new_session, wait_for_app, screenshot, app_url):
    teacher = new_session(f"live?{PARAM}={encode_board(BOARD)}", viewport=TEACHER)  # the board of the share link
    teacher.locator(key("live__start")).get_by_role("button").click()
    wait_for_app(teacher)
    code = teacher.locator(key("live_code")).get_by_role("heading", level=1).inner_text().strip()
    students = {name: new_session("live", viewport=PHONE, locale=LOCALES[language])
                for name, language in STUDENTS.items()}
    for name, student in students.items():  # all join at once (their runs overlap)
        submit_join(student, code, name)
    for student in students.values():
        wait_for_app(student)
        expect(student.get_by_test_id("stAlertContentSuccess")).to_contain_text(code)  # "You are in class CODE."
    board, problems = BOARD, []
    hosted = "_hosted" if app_url in HOSTED else ""

    def look(page: str, step: int, state: str) -> None:
        for name, student in students.items():
            problems.extend(check(student, name, page, board, step, state + hosted, screenshot))
            if hosted:  # drawn by the browser (ui.classroom.view_piece), not by Streamlit
                expect(student.locator(f"{FOLLOWER_VIEW} .rml-view [data-testid='stMetric']").first).to_be_visible()

    for page in FIRST:
        go_to(teacher, url_path=page)
        wait_for_app(teacher)
        for student in students.values():
            expect(student).to_have_url(re.compile(rf"/{page}(\?|$)"))
        look(page, 1, "step1")
        teacher.locator(key(f"{page}__step_next")).locator("button:visible").click()
        wait_for_app(teacher)
        look(page, MIDDLE, f"step{MIDDLE}")
        wait_for_lanes(teacher)
        items = lane_items(teacher)
        drag_before(teacher, items.last, items.first)
        board = board.with_ranking(board.ranking[-1:] + board.ranking[:-1])
        expect(lane_items(teacher).first).to_have_attribute("data-name", board.ranking[0])
        # the teacher's session took the drop (the URL the app writes after every run says so), then the class
        teacher.wait_for_url(lambda _: (url_board(teacher) or BOARD).ranking == board.ranking)
        wait_for_app(teacher)
        look(page, MIDDLE, "dragged")
    assert not problems, "a following student's phone:\n" + "\n".join(problems)
