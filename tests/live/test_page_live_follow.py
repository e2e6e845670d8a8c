"""The follower view (ui.classroom.follower, AppTest): a student following the teacher on the nDCG or AP page sees the
teacher's board, step and headline as the core computes them, in their language, updated by the poll without the
page; the view's content is computed once for all the followers of one board; Try it myself or the teacher on a
page without a view gives the whole page back; a drag in the view is the student's own until the teacher's next
change."""

from __future__ import annotations

import pytest

from metrics import ap_steps, ndcg_steps
from tests.apptest_helpers import drop, lane_names, lanes_data
from tests.live.test_page_live import ok
from ui.classroom import follower, live
from ui.model.board import Board
from ui.model.presets import PRESETS
from ui.session import state

pytestmark = [pytest.mark.slow,  # AppTest runs, real binaries or many random cases: the full run's tier
              pytest.mark.usefixtures("page_store")]  # tests/live/conftest.py

LANES = "live_follow_lanes_"


def teacher_on(app_test, page: str):
    teacher = app_test()
    ok(teacher.run())
    ok(teacher.switch_page("pages/live.py").run())
    ok(teacher.button(key="live__start").click().run())
    ok(teacher.switch_page(f"pages/{page}.py").run())
    return teacher, teacher.session_state[live.TEACHER][0]


def follower_of(app_test, code: str, page: str, language: str = "en"):
    """A student who joined class ``code`` and was sent to the teacher's ``page`` (AppTest's run() goes back to the
    page it opened itself: the student is put on ``page`` as the app's switch put them)."""
    student = app_test()
    ok(student.run())
    if language != "en":
        ok(student.radio(key="sidebar_language").set_value(language).run())
    ok(student.switch_page("pages/live.py").run())
    student.text_input(key="live__code").set_value(code)
    ok(next(b for b in student.button if b.label in ("Join", "加入")).click().run())
    return ok(student.switch_page(f"pages/{page}.py").run())


def teacher_drags(teacher):
    """The teacher moves the top item to the bottom (as a drop in the builder's lanes would)."""
    return drop(teacher, lane_names(teacher)[1:] + lane_names(teacher)[:1], lane_names(teacher, 1))


def lane_data_step(at):
    return lanes_data(at, LANES)["step"]


def headline(at) -> dict[str, str]:
    return {metric.label: metric.value for metric in at.metric}


def ndcg_expected(board, step: int) -> dict[str, str]:
    k = min(board.k, max(1, len(board.ranking), len(board.judged())))
    running = ndcg_steps(board.rels(), k=k, gain=board.gain, ideal=board.ideal_grades(), items=board.ranking,
                         ideal_items=board.ideal_items(), ideal_from=board.ideal).running_at(step)
    return {f"{name} so far (step {step})": f"{running[name]:.4f}" for name in ("DCG", "IDCG", "nDCG")}


def test_a_follower_sees_the_teachers_board_and_step_without_the_page(app_test):
    teacher, code = teacher_on(app_test, "ndcg")
    student = follower_of(app_test, code, "ndcg")
    assert student.session_state[live.VIEWING] == "ndcg"
    assert [title.value for title in student.title] == ["nDCG — normalised discounted cumulative gain"]
    assert not [c for c in student.get("bidi_component") if c.key.startswith("builder_lanes_")]  # not the page
    assert student.button(key="live__detach")
    assert lane_names(student, prefix=LANES) == lane_names(teacher)
    published = Board.from_dict(live.classes().current(code).board["board"])
    assert headline(student) == headline(teacher) == ndcg_expected(published, 1)

    teacher_drags(teacher)  # published after the teacher's run
    ok(student.run())  # the poll loads it; the view draws it
    board = teacher.session_state[state.BOARD]
    assert lane_names(student, prefix=LANES) == list(board.ranking)
    assert headline(student) == ndcg_expected(board, 1) == headline(teacher)

    total = len(ndcg_steps(board.rels(), k=min(board.k, len(board.ranking))).table)
    assert total > 2
    teacher.session_state[state.page_key("ndcg", "step")] = 2
    ok(teacher.run())
    ok(student.run())
    assert headline(student) == ndcg_expected(board, 2)  # the teacher's step: the values so far, no final value
    assert f"**Step 2 of {total}**" in " ".join(m.value for m in student.markdown)
    [table] = [h.value for h in student.get("html") if h.value.startswith("<table")]
    assert table.count("<tr") == 1 + 2 and 'aria-current="step"' in table  # ranks 1-2, nothing of a later step
    assert lane_data_step(student) == 2  # the lanes outline rank 2, later ranks dimmed


def test_a_follower_reads_the_view_in_chinese(app_test):
    teacher, code = teacher_on(app_test, "ndcg")
    student = follower_of(app_test, code, "ndcg", language="zh")
    assert student.session_state[live.VIEWING] == "ndcg"
    assert "你正在跟随老师" in " ".join(c.value for c in student.caption)
    assert student.button(key="live__detach").label == "我自己试试"
    values = list(ndcg_expected(teacher.session_state[state.BOARD], 1).values())
    assert list(headline(student).values()) == values and all("so far" not in label for label in headline(student))
    teacher_drags(teacher)
    ok(student.run())
    assert list(headline(student).values()) == list(ndcg_expected(teacher.session_state[state.BOARD], 1).values())


def test_the_ap_view_shows_r_and_d_as_the_page_does(app_test):
    teacher, code = teacher_on(app_test, "ap")
    student = follower_of(app_test, code, "ap")
    assert student.session_state[live.VIEWING] == "ap"
    board = teacher.session_state[state.BOARD]
    k = min(board.k, max(1, len(board.ranking)))
    expected = ap_steps(board.rels(), k=k, n_relevant=board.n_relevant(board.threshold),
                        denominator=board.ap_denominator, items=board.ranking, threshold=board.threshold)
    assert headline(student).items() <= headline(teacher).items()  # the page's numbers (the page also has MAP)
    assert {"Relevant items R", "D = R, all relevant"} <= set(headline(student))
    assert headline(student)["AP so far (step 1)"] == f"{expected.running_at(1)['AP']:.4f}"


def test_the_view_is_computed_once_for_every_follower_of_a_board(app_test, monkeypatch):
    teacher, code = teacher_on(app_test, "ndcg")
    students = [follower_of(app_test, code, "ndcg") for _ in range(4)]
    calls = []

    def counted(*args, **kwargs):
        calls.append(args)
        return ndcg_steps(*args, **kwargs)

    monkeypatch.setattr(follower, "ndcg_steps", counted)
    teacher_drags(teacher)
    for student in students:
        ok(student.run())
        ok(student.run())  # a poll with nothing new: drawn again from what is kept
    assert len(calls) == 1  # one board, four followers, two polls each
    assert all(lane_names(student, prefix=LANES) == list(teacher.session_state[state.BOARD].ranking)
               for student in students)


def test_try_it_myself_or_another_page_gives_the_whole_page_back_and_a_drag_is_the_students_own(app_test):
    teacher, code = teacher_on(app_test, "ndcg")
    student = follower_of(app_test, code, "ndcg")
    ok(student.button(key="live__detach").click().run())
    assert not student.session_state[live.FOLLOWING]
    assert student.session_state[live.VIEWING] is None
    assert [c for c in student.get("bidi_component") if c.key.startswith("builder_lanes_")]  # the page, its builder

    other = follower_of(app_test, code, "ndcg")
    names = lane_names(other, prefix=LANES)
    drop(other, names[::-1], lane_names(other, 1, prefix=LANES), prefix=LANES)  # a drag in the view
    ok(other.run())
    assert other.session_state[live.FOLLOWING] and other.session_state[live.VIEWING] == "ndcg"
    assert other.session_state[state.BOARD].ranking == tuple(names[::-1])  # the student's own order, as on the page
    assert lane_names(other, prefix=LANES) == names[::-1]
    assert live.classes().current(code).board["board"]["ranking"] == names  # not the class's
    teacher_drags(teacher)
    ok(other.run())
    assert lane_names(other, prefix=LANES) == list(teacher.session_state[state.BOARD].ranking)  # the teacher's next

    third = follower_of(app_test, code, "ndcg")
    ok(teacher.switch_page("pages/rr.py").run())  # a page without a follower view
    ok(third.run())
    ok(third.switch_page("pages/rr.py").run())  # where the app's switch sends the student
    assert third.session_state[live.FOLLOWING] and third.session_state[live.VIEWING] is None
    assert [title.value for title in third.title] == ["RR / MRR — reciprocal rank"]
    assert board_is_teachers(third, teacher)


def board_is_teachers(student, teacher) -> bool:
    return student.session_state[state.BOARD] == teacher.session_state[state.BOARD]


def test_presets_are_followed_in_the_view(app_test):
    teacher, code = teacher_on(app_test, "ndcg")
    student = follower_of(app_test, code, "ndcg")
    name = list(PRESETS)[2]
    teacher.session_state[state.BOARD] = PRESETS[name]
    teacher.session_state[state.REVISION] += 1
    ok(teacher.run())
    ok(student.run())
    assert lane_names(student, prefix=LANES) == list(PRESETS[name].ranking)
    assert headline(student) == headline(teacher)
