"""A live class in a real browser: a teacher and students, each in a browser context of its own (a Streamlit
session of its own) from the one shared browser.

* follow, detach, follow again: five students join (four by the code, one by the join link ``?join=CODE``) and are
  taken to the page the teacher works on; the teacher loads an example, then drags an item: every following
  student's builder shows the teacher's board (the time from the teacher's action to the teacher's own screen and to
  each student's is printed, run with ``-s``: the first look that saw it, the pages looked at in turn; the test only
  waits, with a generous timeout: the "within about 2 s" is the load benchmark's to measure); a student who clicked
  "Try it myself" keeps the old board while the others follow, and "Follow the teacher" catches up;
* ask, answer, reveal: the teacher asks DCG@K about a board whose value the test computes
  (``ui.classroom.live_quiz.board_question``); every student is brought to the live class page (two were elsewhere, one of
  them detached); five students (three in English, two in Chinese) answer right or with a diagnosed mistake, the
  teacher sees "5 / 5" answered, how many are right and the diagnoses added up, reveals, and every student sees their
  verdict and the class's results; screenshots of the teacher at 1280×720 and of a student at 390×844, in English and
  in Chinese (artifacts/screenshots/live-*.png);
* hostile nicknames are shown as literal text: no dialog, no injected element;
* a student cannot drive the class: changing their own board (dragging, loading an example, opening a crafted
  ``?b=`` link with ``?join=CODE``) changes neither the teacher's board nor the other students'; no teacher control
  is drawn in a student's session;
* a closed class is one clear error ("The teacher closed class …", said once, above the page) and no stale class: the join
  form; a wrong code is one error too; the student can join another class;
* the ask menu shows its chosen option in the teacher's language after the language switch;
* a student told to wait (the class's joins of this minute used up) sees a countdown line and gets in by themselves,
  with the nickname typed once, without typing or pressing anything again.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect

from live.classes import NICKNAME_MAX, Classes, TooManyJoins
from live.store import store_from_environment
from metrics.teaching import quiz
from tests.e2e.lanes import BUILDER, drag_after, lane_items, lane_names, wait_for_lanes
from tests.e2e.navigation import go_to, language_switch
from ui.classroom import live_quiz
from ui.classroom.live import POLL_SECONDS
from ui.data.share import PARAM, decode_board, encode_board
from ui.model.board import Board
from ui.model.presets import PRESETS

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("live class")]  # one class at a time (scripts/test.sh)

TEACHER_SIZE = {"width": 1280, "height": 720}
STUDENT_SIZE = {"width": 390, "height": 844}
FOLLOW_TIMEOUT_S = 60.0  # generous: the machine is shared; the load benchmark measures the real latency
POLL_MS = 100  # how often the tests look at the students' screens while they wait for them
STUDENT_POLL_S = POLL_SECONDS  # a student's poll (ui.classroom.live's fragment)

FIRST, SECOND = "003_ndcg", "000_code_q2"  # two examples whose boards differ (title and ranking)
QUESTION_BOARD = "000_code_q2"  # grades 2, 1, 2, 3, 2 in ranked order, K = 3: DCG@3 = 3.6309

XSS_IMG = "<img src=x onerror=alert(1)>"  # 28 characters: the nickname box keeps the first 24
XSS_SVG = "<svg onload=alert(4)>"
XSS_SCRIPT = "<script>alert(2)</script>"


# --------------------------------------------------------------------------- helpers


def key(name: str) -> str:
    """The CSS selector of a keyed element (Streamlit adds the class st-key-<key>)."""
    return f".st-key-{name}"


def start_class(new_session, wait_for_app, **session) -> tuple[Page, str]:
    """A teacher's session on the live class page with a class started: (page, code)."""
    page = new_session("live", **session)
    page.locator(key("live__start")).get_by_role("button").click()
    wait_for_app(page)
    code_box = page.locator(key("live_code")).get_by_role("heading", level=1)
    expect(code_box).to_have_text(re.compile(r"^[A-Z0-9]{4,12}$"))
    return page, code_box.inner_text().strip()


def join_form(page: Page) -> Locator:
    return page.get_by_test_id("stForm").filter(has=page.locator(key("live__code")))


def submit_join(page: Page, code: str | None, nickname: str = "") -> None:
    """Fill the join form (the code unless None: the join link filled it) and press "Join"."""
    if code is not None:
        page.locator(key("live__code")).locator("input").fill(code)
    if nickname:
        # typed, as a person does: the box stops at its max_chars (a longer fill() is dropped by Streamlit whole)
        page.locator(key("live__nickname")).locator("input").press_sequentially(nickname)
    join_form(page).get_by_role("button").click()


def join(new_session, wait_for_app, code: str, nickname: str = "", by_link: bool = False, **session) -> Page:
    """A student's session that joined class ``code`` on the live class page (by the code, or by the join link)."""
    if by_link:
        page = new_session(f"live?join={code}", **session)
        expect(page.locator(key("live__code")).locator("input")).to_have_value(code)  # the link filled the code
        submit_join(page, None, nickname)
    else:
        page = new_session("live", **session)
        submit_join(page, code, nickname)
    wait_for_app(page)
    expect(page.get_by_test_id("stAlertContentSuccess")).to_contain_text(code)  # "You are in class CODE."
    return page


FOLLOWER_VIEW = ".st-key-live_follow"  #: a following student's view of the teacher's page (ui.classroom.follower)


def board_scope(page: Page) -> str:
    """Where the page shows the board: a following student's view of the teacher's page, else the builder."""
    return FOLLOWER_VIEW if page.locator(FOLLOWER_VIEW).count() else BUILDER


def board_shows(page: Page, title: str, order: list[str]) -> bool:
    """Whether the page's builder (or follower view) shows the board titled ``title`` with the ranking ``order``
    (no waiting)."""
    try:
        scope = board_scope(page)
        return (page.locator(scope).get_by_text(title, exact=True).count() == 1
                and lane_names(page, scope=scope) == order)
    except PlaywrightError:  # the page is being redrawn
        return False


def wait_until_all(pages: dict[str, Page], shows: Callable[[Page], bool], since: float,
                   what: str, timeout_s: float = FOLLOW_TIMEOUT_S) -> dict[str, float]:
    """Look at every page in turn until each ``shows`` what is expected; the seconds from ``since`` (a
    time.monotonic()) to the first look that saw it, per page. Fails after ``timeout_s``."""
    pending, seen = dict(pages), {}
    while pending:
        for name, page in list(pending.items()):
            if shows(page):
                seen[name] = time.monotonic() - since
                del pending[name]
        if pending:
            if time.monotonic() - since > timeout_s:
                raise AssertionError(f"{what}: not shown within {timeout_s:.0f} s by {sorted(pending)} "
                                     f"(shown by {sorted(seen)})")
            next(iter(pending.values())).wait_for_timeout(POLL_MS)
    print(f"\n{what}: " + ", ".join(f"{name} {seconds:.2f} s" for name, seconds in seen.items()))
    return seen


def stays(page: Page, shows: Callable[[Page], bool], polls: int = 3) -> None:
    """``shows(page)`` holds over ``polls`` of the student's poll periods (a detached student keeps their board)."""
    for _ in range(polls * 4):
        assert shows(page)
        page.wait_for_timeout(STUDENT_POLL_S * 1000 / 4)
    assert shows(page)


def open_page(page: Page, url_path: str, heading: re.Pattern | str, wait_for_app) -> None:
    """Go to a page through the navigation bar, as a person does, and wait for it."""
    go_to(page, url_path=url_path)
    expect(page.get_by_test_id("stMain").get_by_role("heading", level=1).first).to_have_text(heading)
    wait_for_app(page)


def pick_example(page: Page, title: str) -> float:
    """Open the builder's examples and click ``title``: the time of the click (the caller waits for the app)."""
    page.locator(key("builder_examples")).locator("button").first.click()
    body = page.get_by_test_id("stPopoverBody")
    expect(body).to_be_visible()
    option = body.get_by_text(title, exact=True)
    expect(option).to_be_visible()
    clicked = time.monotonic()
    option.click()
    return clicked


def close_popover(page: Page, wait_for_app) -> None:
    wait_for_app(page)
    if page.get_by_test_id("stPopoverBody").count():
        page.keyboard.press("Escape")
        expect(page.get_by_test_id("stPopoverBody")).to_have_count(0)
    wait_for_app(page)


def metric_value(page: Page, label: str, scope: Locator | None = None) -> Locator:
    """The value of the metric labelled exactly ``label`` (the last one on the page, or in ``scope``)."""
    where = scope if scope is not None else page.get_by_test_id("stMain")
    name = page.get_by_test_id("stMetricLabel").filter(has_text=re.compile(rf"^\s*{re.escape(label)}\s*$"))
    return where.get_by_test_id("stMetric").filter(has=name).last.get_by_test_id("stMetricValue")


def mistakes_counted(table: Locator) -> dict[str, str]:
    """The teacher's table of recognised mistakes as shown: {mistake: students} (read from the table's body cells)."""
    try:
        rows = [[" ".join(cell.split()) for cell in row.locator("td, th").all_inner_texts()]
                for row in table.locator("tbody tr").all()]
    except PlaywrightError:  # redrawn while read
        return {}
    return {row[1]: row[0] for row in rows if len(row) >= 2}


def to_top(element: Locator) -> None:
    """Scroll ``element`` to the top of the window (below the header bar), for a screenshot of what follows it."""
    expect(element).to_be_visible()
    element.evaluate("""node => {
        node.scrollIntoView({block: 'start'});
        let box = node.parentElement;  // the element that scrolls: the header bar covers its top 70 px
        while (box && !(box.scrollHeight > box.clientHeight && /auto|scroll/.test(getComputedStyle(box).overflowY)))
            box = box.parentElement;
        (box || document.scrollingElement).scrollBy(0, -70);
    }""")
    element.page.wait_for_timeout(300)  # the scroll's last frame


def no_teacher_controls(page: Page) -> None:
    for name in ("live__ask", "live__reveal", "live__close", "live__ask_measure", "live__show_exact", "live_code",
                 "live__start"):
        expect(page.locator(key(name))).to_have_count(0)


def fail_on_dialog(page: Page, dialogs: list[str]) -> None:
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))


def url_board(page: Page) -> Board | None:
    """The board the page's session holds, as the app writes it in the URL after every run (``?b=``)."""
    texts = parse_qs(urlsplit(page.url).query).get(PARAM)
    return decode_board(texts[0]) if texts else None


def class_version(pytestconfig: pytest.Config, code: str) -> int | None:
    """The class's version in the server's store (it changes on every publish, ask and reveal), read in this
    process: our own server uses the store this process's environment names (RML_LIVE_STORE or the default SQLite
    file under the app folder). None with --base-url (another server: its store is not ours to read)."""
    if pytestconfig.getoption("--base-url", default=None) or pytestconfig.getini("base_url"):
        return None
    return Classes(store_from_environment()).version(code)


# --------------------------------------------------------------------------- 1. follow, detach, follow again


def test_students_follow_the_teachers_board_detach_and_follow_again(new_session, wait_for_app):
    teacher, code = start_class(new_session, wait_for_app)
    students = {f"s{n}": join(new_session, wait_for_app, code, f"s{n}", by_link=(n == 4)) for n in range(5)}
    for student in students.values():
        no_teacher_controls(student)

    # the teacher goes to the nDCG page: every following student is taken there
    moved = time.monotonic()
    open_page(teacher, "ndcg", re.compile("^nDCG"), wait_for_app)
    wait_until_all(students, lambda page: page.locator(board_scope(page)).count() == 1 and page.url.split("?")[0].endswith(
        "/ndcg"), moved, "the teacher's page (nDCG) on each student's screen")

    # the teacher loads an example: every student's builder shows it
    first = PRESETS[FIRST]
    clicked = pick_example(teacher, first.title)
    wait_until_all({"teacher": teacher, **students}, lambda page: board_shows(page, first.title, list(first.ranking)),
                   clicked, f"the teacher's example {FIRST} on the teacher's and each student's screen")
    close_popover(teacher, wait_for_app)
    assert board_shows(teacher, first.title, list(first.ranking))
    for student in students.values():
        wait_for_app(student)
        wait_for_lanes(student, board_scope(student))

    # s0 tries it alone: back to the live class page, "Try it myself", then the nDCG page again
    alone = students.pop("s0")
    open_page(alone, "live", re.compile("Live class"), wait_for_app)
    alone.locator(key("live__detach")).get_by_role("button").click()
    wait_for_app(alone)
    expect(alone.locator(key("live__follow"))).to_be_visible()
    open_page(alone, "ndcg", re.compile("^nDCG"), wait_for_app)
    assert board_shows(alone, first.title, list(first.ranking))

    # the teacher drags the top item below the third: the others follow, s0 keeps the example as it was
    order = list(first.ranking)
    order.insert(2, order.pop(0))
    wait_for_lanes(teacher)
    drag_after(teacher, lane_items(teacher).nth(0), lane_items(teacher).nth(2))
    dropped = time.monotonic()
    wait_until_all({"teacher": teacher}, lambda page: (url_board(page) or first).ranking == tuple(order), dropped,
                   "the teacher's own drop, in the teacher's session")
    wait_until_all(students, lambda page: board_shows(page, first.title, order), dropped,
                   "the teacher's drag on each following student's screen")
    stays(alone, lambda page: board_shows(page, first.title, list(first.ranking)))

    # "Follow the teacher": caught up at once
    open_page(alone, "live", re.compile("Live class"), wait_for_app)
    alone.locator(key("live__follow")).get_by_role("button").click()
    wait_for_app(alone)
    expect(alone.locator(key("live__detach"))).to_be_visible()
    open_page(alone, "ndcg", re.compile("^nDCG"), wait_for_app)
    wait_until_all({"s0": alone}, lambda page: board_shows(page, first.title, order), time.monotonic(),
                   "the teacher's board on s0's screen after following again")

    # and follows the teacher's next change with the others
    second = PRESETS[SECOND]
    students["s0"] = alone
    clicked = pick_example(teacher, second.title)
    wait_until_all({"teacher": teacher, **students},
                   lambda page: board_shows(page, second.title, list(second.ranking)), clicked,
                   f"the teacher's example {SECOND} on the teacher's and each student's screen")
    close_popover(teacher, wait_for_app)
    for student in students.values():
        wait_for_app(student)


# --------------------------------------------------------------------------- 2. ask, answer, reveal


def test_the_teacher_asks_students_answer_and_the_reveal_shows_each_verdict(new_session, wait_for_app, screenshot):
    teacher, code = start_class(new_session, wait_for_app, viewport=TEACHER_SIZE)
    open_page(teacher, "ndcg", re.compile("^nDCG"), wait_for_app)
    board = PRESETS[QUESTION_BOARD]
    pick_example(teacher, board.title)
    close_popover(teacher, wait_for_app)
    assert board_shows(teacher, board.title, list(board.ranking))
    open_page(teacher, "live", re.compile("Live class"), wait_for_app)

    question = live_quiz.board_question(board, "DCG@K")
    wrong = quiz.mistake_values(question)
    # (name, language, viewport, answer typed, what the reveal says)
    plan = [
        ("en-right", "en", STUDENT_SIZE, f"{question.answer:.4f}", "right"),
        ("en-natural-log", "en", None, f"{wrong['natural_log']:.4f}", "natural_log"),
        ("en-log10", "en", None, f"{wrong['log10']:.4f}", "log10"),
        ("zh-right", "zh", None, f"{question.answer:.3f}", "right"),
        ("zh-natural-log", "zh", STUDENT_SIZE, f"{wrong['natural_log']:.4f}", "natural_log"),
    ]
    students = {name: join(new_session, wait_for_app, code, name, viewport=viewport,
                           locale="zh-CN" if language == "zh" else None)
                for name, language, viewport, _, _ in plan}
    for student in students.values():
        expect(student.get_by_test_id("stMain")).to_contain_text(re.compile("No question yet|还没有题目"))
    # two students look elsewhere: one working alone on the AP page, one following but gone to the RR page
    alone, elsewhere = students["en-log10"], students["zh-right"]
    alone.locator(key("live__detach")).get_by_role("button").click()
    wait_for_app(alone)
    expect(alone.locator(key("live__follow"))).to_be_visible()
    open_page(alone, "ap", re.compile("^AP"), wait_for_app)
    open_page(elsewhere, "rr", re.compile("^RR"), wait_for_app)

    # the teacher asks DCG@K about the board
    teacher.locator(key("live__ask_measure")).get_by_test_id("stSelectbox").click()
    teacher.get_by_role("option", name="DCG@K on the board", exact=True).click()
    wait_for_app(teacher)
    expect(teacher.get_by_test_id("stMain")).to_contain_text(f"{question.label}:")  # the prompt
    answer_box = f"{key('live__answer_1')} input"
    asked = time.monotonic()
    teacher.locator(key("live__ask")).get_by_role("button").click()
    wait_until_all(students, lambda page: page.locator(answer_box).count() == 1, asked,
                   "the question on each student's screen (two were on other pages, one of them detached)")
    for student in (alone, elsewhere):  # every student is brought to the live class page for a question
        assert urlsplit(student.url).path == "/live"
    wait_for_app(teacher)
    expect(teacher.get_by_test_id("stMain")).to_contain_text(f"Question 1: {question.label}")
    expect(metric_value(teacher, "Answered")).to_have_text("0 / 5")
    expect(metric_value(teacher, "Exact value")).to_have_text("?")
    for name, language, _, value, _ in plan:
        student = students[name]
        wait_for_app(student)
        heading = f"Question 1: {question.label}" if language == "en" else f"第 1 题：{question.label}"
        expect(student.get_by_test_id("stMain")).to_contain_text(heading)
        expect(student.get_by_test_id("stPlotlyChart")).to_have_count(0)  # no answers shown before the reveal
        no_teacher_controls(student)
        student.locator(answer_box).fill(value)
        if student.viewport_size == STUDENT_SIZE:
            to_top(student.get_by_test_id("stMain").get_by_text(heading, exact=True))
            screenshot(student, f"live-student-390-{language}-answering")
        student.locator(key("live__send")).get_by_role("button").click()
        wait_for_app(student)
        expect(student.get_by_test_id("stAlertContentInfo")).to_contain_text(
            f"{float(value):g}")  # "Your answer, 3.631, is in" / "你的答案 3.631 已提交"
        expect(student.locator(answer_box)).to_have_count(0)

    # the teacher sees every answer come in, and how many are right, without the exact value on the projector
    right = sum(1 for *_, verdict in plan if verdict == "right")
    expect(metric_value(teacher, "Answered")).to_have_text("5 / 5")
    expect(metric_value(teacher, "Right")).to_have_text(str(right))
    expect(metric_value(teacher, "Exact value")).to_have_text("?")
    mistakes = teacher.get_by_test_id("stMain").get_by_test_id("stTable")
    expect(mistakes).to_be_visible()
    diagnosed = {quiz.BY_NAME["natural_log"].title: "2", quiz.BY_NAME["log10"].title: "1"}
    # (the table may draw its new rows a moment after the run that sent them, every 2 s while answers come in)
    wait_until_all({"teacher": teacher}, lambda page: mistakes_counted(mistakes) == diagnosed, time.monotonic(),
                   "the diagnoses added up on the teacher's screen", timeout_s=15)
    expect(teacher.get_by_test_id("stPlotlyChart")).to_have_count(1)
    to_top(teacher.get_by_test_id("stMain").get_by_text(f"Question 1: {question.label}", exact=True))
    screenshot(teacher, "live-teacher-1280-en-question")
    language_switch(teacher).get_by_text("中文", exact=True).click()
    wait_for_app(teacher)
    expect(metric_value(teacher, "已答")).to_have_text("5 / 5")
    to_top(teacher.get_by_test_id("stMain").get_by_text(f"第 1 题：{question.label}", exact=True))
    screenshot(teacher, "live-teacher-1280-zh-question")
    language_switch(teacher).get_by_text("English", exact=True).click()
    wait_for_app(teacher)

    # "Show the exact value" for the teacher alone
    teacher.locator(key("live__show_exact")).get_by_text(re.compile("Show the exact value")).click()
    wait_for_app(teacher)
    expect(metric_value(teacher, "Exact value")).to_have_text(f"{question.answer:.4f}")

    # the reveal: every student's verdict, and the class's results
    revealed = time.monotonic()
    teacher.locator(key("live__reveal")).get_by_role("button").click()
    wait_until_all(students, lambda page: page.get_by_test_id("stAlertContentSuccess").count()
                   + page.get_by_test_id("stAlertContentWarning").count() >= 2, revealed,
                   "the reveal on each student's screen")
    wait_for_app(teacher)
    expect(teacher.locator(key("live__reveal"))).to_have_count(0)
    expect(metric_value(teacher, "Exact value")).to_have_text(f"{question.answer:.4f}")
    expect(metric_value(teacher, "Right")).to_have_text(str(right))
    for name, language, viewport, value, verdict in plan:
        student = students[name]
        wait_for_app(student)
        main = student.get_by_test_id("stMain")
        if verdict == "right":
            expect(student.get_by_test_id("stAlertContentSuccess").last).to_contain_text(
                "Right!" if language == "en" else "答对了")
            expect(student.get_by_test_id("stAlertContentWarning")).to_have_count(0)
        else:
            warning = student.get_by_test_id("stAlertContentWarning")
            expect(warning).to_have_count(1)
            expect(warning).to_contain_text("Likely mistake" if language == "en" else "可能的错误")
            expect(warning).to_contain_text(f"{wrong[verdict]:.4f}")  # "That method gives …"
        expect(main).to_contain_text("The class" if language == "en" else "全班")
        answered, right_label, exact = ("Answered", "Right", "Exact value") if language == "en" else (
            "已答", "答对", "精确值")
        expect(metric_value(student, answered)).to_have_text("5")
        expect(metric_value(student, right_label)).to_have_text(str(right))
        expect(metric_value(student, exact)).to_have_text(f"{question.answer:.4f}")
        expect(student.get_by_test_id("stPlotlyChart")).to_have_count(1)
        if viewport == STUDENT_SIZE:
            to_top(student.get_by_test_id("stAlert").nth(1))  # the verdict, below "You are in class …"
            screenshot(student, f"live-student-390-{language}-revealed")

    to_top(teacher.get_by_test_id("stMain").get_by_text(f"Question 1: {question.label}", exact=True))
    screenshot(teacher, "live-teacher-1280-en-revealed")
    language_switch(teacher).get_by_text("中文", exact=True).click()
    wait_for_app(teacher)
    to_top(teacher.get_by_test_id("stMain").get_by_text(f"第 1 题：{question.label}", exact=True))
    screenshot(teacher, "live-teacher-1280-zh-revealed")


# --------------------------------------------------------------------------- 3. hostile nicknames


#: the hostile nicknames, one student each: an img with onerror, an svg with onload, a script
HOSTILE = (XSS_IMG, XSS_SVG, XSS_SCRIPT)


def no_markup(page) -> None:
    """None of the nicknames' markup became an element of ``page``."""
    expect(page.locator("img[src='x']")).to_have_count(0)
    expect(page.locator("svg[onload]")).to_have_count(0)
    expect(page.locator("script", has_text="alert(")).to_have_count(0)
    expect(page.locator("[onerror], [onload]")).to_have_count(0)


def test_hostile_nicknames_are_shown_as_text(new_session, wait_for_app):
    """Three students of one class join with nicknames that are markup: each reads their own literally, no element
    and no dialog comes of them on any page, also a run later (the teacher moves on; each student's poll draws the
    page again, then the student comes back to the Live class page)."""
    teacher, code = start_class(new_session, wait_for_app)
    dialogs: list[str] = []
    fail_on_dialog(teacher, dialogs)
    students = []
    for nickname in HOSTILE:
        student = new_session("live")
        fail_on_dialog(student, dialogs)
        submit_join(student, code, nickname)
        wait_for_app(student)
        expect(student.get_by_test_id("stAlertContentSuccess")).to_contain_text(code)
        expect(student.get_by_test_id("stText")).to_have_text(nickname[:NICKNAME_MAX])  # literally
        students.append(student)
    for page in (teacher, *students):
        no_markup(page)
    open_page(teacher, "ndcg", re.compile("^nDCG"), wait_for_app)
    for nickname, student in zip(HOSTILE, students):
        expect(student.get_by_test_id("stMain").get_by_role("heading", level=1).first).to_have_text(
            re.compile("^nDCG"))
        wait_for_app(student)
        open_page(student, "live", re.compile("Live class"), wait_for_app)
        expect(student.get_by_test_id("stText")).to_have_text(nickname[:NICKNAME_MAX])
        no_markup(student)
    assert not dialogs, dialogs


# --------------------------------------------------------------------------- 4. a student cannot drive the class


def test_a_student_cannot_change_the_teachers_or_the_other_students_board(new_session, wait_for_app, pytestconfig):
    teacher, code = start_class(new_session, wait_for_app)
    following = {name: join(new_session, wait_for_app, code, name) for name in ("bystander", "follower", "detached")}
    for student in following.values():
        no_teacher_controls(student)  # on the live class page
    open_page(teacher, "ndcg", re.compile("^nDCG"), wait_for_app)
    first = PRESETS[FIRST]
    clicked = pick_example(teacher, first.title)
    teacher_board = (first.title, list(first.ranking))
    wait_until_all(following, lambda page: board_shows(page, *teacher_board), clicked,
                   "the teacher's example on each student's screen")
    close_popover(teacher, wait_for_app)
    for student in following.values():
        wait_for_app(student)
        no_teacher_controls(student)  # and on the nDCG page, where the teacher is
    version = class_version(pytestconfig, code)

    # a following student drags in their own ranking: their own session has it (the URL the app writes says so)
    follower = following["follower"]
    order = list(first.ranking)
    order.append(order.pop(0))
    scope = board_scope(follower)
    drag_after(follower, lane_items(follower, scope=scope).nth(0), lane_items(follower, scope=scope).last)
    dropped = time.monotonic()
    wait_until_all({"follower": follower}, lambda page: (url_board(page) or first).ranking == tuple(order),
                   dropped, "the follower's own drop, in their session")
    wait_for_app(follower)
    assert lane_names(follower, scope=board_scope(follower)) == order

    # a detached student loads another example
    detached = following["detached"]
    open_page(detached, "live", re.compile("Live class"), wait_for_app)
    detached.locator(key("live__detach")).get_by_role("button").click()
    wait_for_app(detached)
    open_page(detached, "ndcg", re.compile("^nDCG"), wait_for_app)
    other = PRESETS[SECOND]
    pick_example(detached, other.title)
    close_popover(detached, wait_for_app)
    assert board_shows(detached, other.title, list(other.ranking))

    # a crafted link: the live class page with the join code and another board in ?b=, joined; a following student
    # loads the teacher's board and is taken to the teacher's page: the crafted board is gone
    crafty = PRESETS["no_relevant"]
    crafted = new_session(f"live?join={code}&{PARAM}={encode_board(crafty)}")
    expect(crafted.locator(key("live__code")).locator("input")).to_have_value(code)
    joined = time.monotonic()
    submit_join(crafted, None, "crafty")
    wait_until_all({"crafted": crafted}, lambda page: board_shows(page, *teacher_board), joined,
                   "the teacher's board on the crafted link's screen, from its Join")
    wait_for_app(crafted)
    no_teacher_controls(crafted)

    # none of it reached the class: its version in the store, the teacher's screen, the bystander's screen
    assert class_version(pytestconfig, code) == version
    bystander = following["bystander"]
    stays(bystander, lambda page: board_shows(page, *teacher_board))
    assert board_shows(teacher, *teacher_board)
    assert url_board(teacher).ranking == first.ranking

    # the teacher's next move still reaches every following student (the follower's own drag is replaced); the
    # detached student keeps their example
    ties = PRESETS["ties"]
    clicked = pick_example(teacher, ties.title)
    wait_until_all({"bystander": bystander, "follower": follower, "crafted": crafted},
                   lambda page: board_shows(page, ties.title, list(ties.ranking)), clicked,
                   "the teacher's next example on each following student's screen")
    close_popover(teacher, wait_for_app)
    stays(detached, lambda page: board_shows(page, other.title, list(other.ranking)), polls=2)


# --------------------------------------------------------------------------- 5. a closed class, a wrong code


def close_class_under(new_session, wait_for_app, pages: tuple[str, ...]) -> tuple[str, list[Page]]:
    """A class with a student on each of ``pages`` (URL paths), closed by its teacher once they are there: the code
    and the students, each showing the error."""
    teacher, code = start_class(new_session, wait_for_app)
    students = [join(new_session, wait_for_app, code, f"s{n}") for n in range(len(pages))]
    for student, url_path in zip(students, pages):
        if url_path != "live":
            open_page(student, url_path, re.compile("."), wait_for_app)
    closed = time.monotonic()
    teacher.locator(key("live__close")).get_by_role("button").click()
    wait_until_all({f"s{n} on /{path}": page for n, (page, path) in enumerate(zip(students, pages))},
                   lambda page: page.get_by_test_id("stAlertContentError").count() >= 1, closed,
                   "the closed class's error on each student's screen")
    wait_for_app(teacher)
    expect(teacher.locator(key("live__start"))).to_be_visible()  # the teacher can start another class
    for student in students:
        wait_for_app(student)
        errors = student.get_by_test_id("stAlertContentError")
        expect(errors).to_have_count(1)
        expect(errors).to_contain_text(f"The teacher closed class {code}. To join another class, type its code below.")
        expect(errors).to_be_visible()
    return code, students


def test_a_closed_class_or_a_wrong_code_is_one_error_and_the_student_can_join_another(new_session, wait_for_app,
                                                                                        screenshot):
    _, (student, elsewhere) = close_class_under(new_session, wait_for_app, ("live", "ndcg"))
    screenshot(student, "live-student-closed")
    screenshot(elsewhere, "live-student-closed-on-ndcg")
    # no stale class: the live class page shows the join form, not "You are in class …" and its buttons
    expect(student.get_by_test_id("stAlertContentSuccess")).to_have_count(0)
    for name in ("live__detach", "live__follow", "live__leave"):
        expect(student.locator(key(name))).to_have_count(0)
    expect(join_form(student)).to_be_visible()
    # the student on the nDCG page keeps their page (and the board), the error above it
    expect(elsewhere.get_by_test_id("stMain").get_by_role("heading", level=1).first).to_have_text(re.compile("^nDCG"))
    error_box = elsewhere.get_by_test_id("stAlertContentError").bounding_box()
    heading_box = elsewhere.get_by_test_id("stMain").get_by_role("heading", level=1).first.bounding_box()
    assert error_box["y"] < heading_box["y"], "the error is said above the page"
    # said once: the next run of the page no longer shows it
    open_page(elsewhere, "live", re.compile("Live class"), wait_for_app)
    expect(elsewhere.get_by_test_id("stAlertContentError")).to_have_count(0)
    expect(join_form(elsewhere)).to_be_visible()

    # a wrong code: one error
    submit_join(student, "ZZZZZZ")
    wait_for_app(student)
    errors = student.get_by_test_id("stAlertContentError")
    expect(errors).to_have_count(1)
    expect(errors).to_contain_text("There is no class ZZZZZZ")
    expect(student.get_by_test_id("stAlertContentSuccess")).to_have_count(0)
    # and the code of another class: in it
    _, new_code = start_class(new_session, wait_for_app)
    submit_join(student, new_code)
    wait_for_app(student)
    expect(student.get_by_test_id("stAlertContentSuccess")).to_contain_text(new_code)
    expect(student.get_by_test_id("stAlertContentError")).to_have_count(0)
    expect(student.locator(key("live__detach"))).to_be_visible()


# --------------------------------------------------------------------------- the ask menu in the teacher's language


def test_the_ask_menu_follows_the_language_switch(new_session, wait_for_app):
    teacher, _ = start_class(new_session, wait_for_app, viewport=TEACHER_SIZE)
    menu = teacher.locator(key("live__ask_measure")).get_by_test_id("stSelectbox")
    menu.click()
    teacher.get_by_role("option", name="DCG@K on the board", exact=True).click()
    wait_for_app(teacher)
    expect(menu.get_by_role("combobox")).to_have_value("DCG@K on the board")
    language_switch(teacher).get_by_text("中文", exact=True).click()
    wait_for_app(teacher)
    expect(teacher.locator(key("live__ask")).get_by_role("button")).to_contain_text("提问")
    menu.click()  # its options are in Chinese
    expect(teacher.get_by_role("option", name="看板上的 DCG@K", exact=True)).to_be_visible()
    teacher.keyboard.press("Escape")
    expect(menu.get_by_role("combobox")).to_have_value("看板上的 DCG@K", timeout=5_000)  # and the chosen one


# --------------------------------------------------------------------------- a student told to wait gets in


def test_a_student_told_to_wait_gets_in_by_themselves(new_session, wait_for_app, pytestconfig):
    if pytestconfig.getoption("--base-url", default=None) or pytestconfig.getini("base_url"):
        pytest.skip("another server: its store is not ours to fill")
    teacher = new_session("live")
    expected = teacher.locator(key("live__expected")).locator("input")
    expected.fill("1")  # the smallest class: the fewest joins per minute
    expected.press("Enter")
    wait_for_app(teacher)
    teacher.locator(key("live__start")).get_by_role("button").click()
    wait_for_app(teacher)
    code_box = teacher.locator(key("live_code")).get_by_role("heading", level=1)
    expect(code_box).to_have_text(re.compile(r"^[A-Z0-9]{6}$"))
    code = code_box.inner_text().strip()

    classes = Classes(store_from_environment())
    window = classes.limits.window_seconds
    left = window - classes.store.clock() % window
    deadline = time.monotonic() + window
    while left < 15 and window - classes.store.clock() % window <= left and time.monotonic() < deadline:
        time.sleep(0.1)  # a new window first: the student sees the countdown for a while
    for filler in range(100_000):  # the class's joins of this window, used up through the store (as other students)
        try:
            classes.join(code, f"filler {filler}")
        except TooManyJoins as refusal:
            wait = refusal.fields["seconds"]
            break

    student = new_session("live", viewport=STUDENT_SIZE)
    submit_join(student, code, "Ada")
    wait_for_app(student)
    line = student.locator(key("live_join_wait"))
    expect(line).to_contain_text(re.compile(rf"joining class {code} right now: you are let in by yourself in \d+ s"))
    first = re.search(r"in (\d+) s", line.inner_text())[1]
    assert 0 < int(first) <= wait
    expect(line).not_to_contain_text(f"in {first} s", timeout=10_000)  # the countdown goes on by itself
    expect(student.get_by_test_id("stAlertContentSuccess")).to_contain_text(code, timeout=(wait + 60) * 1000)
    expect(line).to_have_count(0)
    expect(student.get_by_text("Ada", exact=True)).to_be_visible()  # the nickname typed once
    assert student.get_by_test_id("stAlertContentError").count() == 0
