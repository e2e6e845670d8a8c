"""The follower view (ui.classroom.follower, AppTest): a student following the teacher on the nDCG, AP, RR, P/R/F1/Hit@K
or ROC page sees the teacher's board, step and headline as the core computes them (the page's own headline, nothing of
a later step), in their language, updated by the poll without the
page; the view's content is computed once for all the followers of one board; Try it myself or the teacher on a
page without a view gives the whole page back; a drag in the view is the student's own until the teacher's next
change."""

from __future__ import annotations

import pytest

from metrics import (
    ap_steps,
    f1_steps,
    hit_rate_steps,
    ndcg_steps,
    precision_steps,
    r_precision_steps,
    recall_steps,
    rr_steps,
)
from metrics.measures.roc import roc_auc_explanation
from tests.apptest_helpers import drop, lane_names, lanes_data, open_page, step_windows
from tests.live.test_page_live import ok
from tests.spoilers import BOARD, later_values
from tests.ui.test_no_spoilers import shown_numbers
from tests.visible_text import CJK, item_names, untranslated
from ui.classroom import follower, live
from ui.model.board import Board
from ui.model.presets import PRESETS
from ui.session import state
from ui.teaching.pacing import TEXT_SIZE
from ui.topics import paced
from ui.topics.scores import board_scores

pytestmark = [pytest.mark.slow,  # AppTest runs, real binaries or many random cases: the full run's tier
              pytest.mark.usefixtures("page_store")]  # tests/live/conftest.py

LANES = "live_follow_lanes_"


def teacher_on(app_test, page: str):
    teacher = app_test()
    ok(teacher.run())
    ok(teacher.switch_page("pages/live.py").run())
    ok(teacher.button(key="live__start").click().run())
    ok(teacher.switch_page(f"pages/{page}.py").run())
    return teacher, teacher.session_state[state.LIVE_TEACHER][0]


def follower_of(app_test, code: str, page: str, language: str = "en", size: int | None = None):
    """A student who joined class ``code`` and was sent to the teacher's ``page`` (AppTest's run() goes back to the
    page it opened itself: the student is put on ``page`` as the app's switch put them); ``size``: the student's text
    size level (None: the usual)."""
    student = app_test()
    if size is not None:
        student.session_state[TEXT_SIZE] = size
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


def test_a_follower_sees_the_teachers_board_and_step_without_the_page(app_test):
    teacher, code = teacher_on(app_test, "ndcg")
    student = follower_of(app_test, code, "ndcg")
    assert student.session_state[state.LIVE_VIEWING] == "ndcg"
    assert [title.value for title in student.title] == ["nDCG — normalised discounted cumulative gain"]
    assert not [c for c in student.get("bidi_component") if c.key.startswith("builder_lanes_")]  # not the page
    assert student.button(key="live__detach")
    assert lane_names(student, prefix=LANES) == lane_names(teacher)
    published = Board.from_dict(live.classes().current(code).board["board"])
    assert headline(student) == headline(teacher) == expected_headline("ndcg", published, 1)

    teacher_drags(teacher)  # published after the teacher's run
    ok(student.run())  # the poll loads it; the view draws it
    board = teacher.session_state[state.BOARD]
    assert lane_names(student, prefix=LANES) == list(board.ranking)
    assert headline(student) == expected_headline("ndcg", board, 1) == headline(teacher)

    total = len(ndcg_steps(board.rels(), k=min(board.k, len(board.ranking))).table)
    assert total > 2
    teacher.session_state[state.page_key("ndcg", "step")] = 2
    ok(teacher.run())
    ok(student.run())
    assert headline(student) == expected_headline("ndcg", board, 2)  # the teacher's step: the values so far, no final value
    assert f"**Step 2 of {total}**" in " ".join(m.value for m in student.markdown)
    [table] = [h.value for h in student.get("html") if h.value.startswith("<table")]
    assert table.count("<tr") == 1 + 2 and 'aria-current="step"' in table  # ranks 1-2, nothing of a later step
    assert lane_data_step(student) == 2  # the lanes outline rank 2, later ranks dimmed


def test_a_follower_reads_the_view_in_chinese(app_test):
    teacher, code = teacher_on(app_test, "ndcg")
    student = follower_of(app_test, code, "ndcg", language="zh")
    assert student.session_state[state.LIVE_VIEWING] == "ndcg"
    assert "你正在跟随老师" in " ".join(c.value for c in student.caption)
    assert student.button(key="live__detach").label == "我自己试试"
    values = list(expected_headline("ndcg", teacher.session_state[state.BOARD], 1).values())
    assert list(headline(student).values()) == values and all("so far" not in label for label in headline(student))
    teacher_drags(teacher)
    ok(student.run())
    assert list(headline(student).values()) == list(expected_headline("ndcg", teacher.session_state[state.BOARD], 1).values())


def test_the_ap_view_names_the_teachers_denominator_as_the_page_does(app_test):
    teacher, code = teacher_on(app_test, "ap")
    teacher_board(teacher, BOARD.with_settings(ap_denominator="found"))
    student = follower_of(app_test, code, "ap")
    assert student.session_state[state.LIVE_VIEWING] == "ap"
    assert headline(student).items() <= headline(teacher).items()  # the page's numbers (the page also has MAP)
    assert "D = hits found" in headline(student) and "D = R, all relevant" not in headline(student)


@pytest.mark.parametrize("page, name", [("ndcg", "ndcg"), ("rr", "rr")],  # RR: the session's RR@K toggle in the key
                         ids=["ndcg", "rr"])
def test_the_view_is_computed_once_for_every_follower_of_a_board(app_test, monkeypatch, page, name):
    teacher, code = teacher_on(app_test, page)
    students = [follower_of(app_test, code, page) for _ in range(4)]
    calls = []
    computed = getattr(paced, name)

    def counted(*args, **kwargs):
        calls.append(args)
        return computed(*args, **kwargs)

    teacher_drags(teacher)  # (the teacher's page calls paced too: counted from here on, the followers' calls)
    monkeypatch.setattr(paced, name, counted)
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
    assert not student.session_state[state.LIVE_FOLLOWING]
    assert student.session_state[state.LIVE_VIEWING] is None
    assert [c for c in student.get("bidi_component") if c.key.startswith("builder_lanes_")]  # the page, its builder

    other = follower_of(app_test, code, "ndcg")
    names = lane_names(other, prefix=LANES)
    drop(other, names[::-1], lane_names(other, 1, prefix=LANES), prefix=LANES)  # a drag in the view
    ok(other.run())
    assert other.session_state[state.LIVE_FOLLOWING] and other.session_state[state.LIVE_VIEWING] == "ndcg"
    assert other.session_state[state.BOARD].ranking == tuple(names[::-1])  # the student's own order, as on the page
    assert lane_names(other, prefix=LANES) == names[::-1]
    assert live.classes().current(code).board["board"]["ranking"] == names  # not the class's
    teacher_drags(teacher)
    ok(other.run())
    assert lane_names(other, prefix=LANES) == list(teacher.session_state[state.BOARD].ranking)  # the teacher's next

    third = follower_of(app_test, code, "ndcg")
    ok(teacher.switch_page("pages/more_measures.py").run())  # a page without a follower view
    ok(third.run())
    ok(third.switch_page("pages/more_measures.py").run())  # where the app's switch sends the student
    assert third.session_state[state.LIVE_FOLLOWING] and third.session_state[state.LIVE_VIEWING] is None
    assert [title.value for title in third.title] == ["More measures"]
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


#: the pages with a follower view: page -> its title
TITLES = {"ndcg": "nDCG — normalised discounted cumulative gain", "ap": "AP / MAP — average precision",
          "rr": "RR / MRR — reciprocal rank", "cutoff": "Precision, recall, F1 and hit rate @K · R-precision",
          "roc": "ROC curve and AUC"}


def core(page: str, board: Board) -> list:
    """What ``page`` computes on ``board``, from the metrics package (the view's headline is the first's or, on the
    cut-off page, the first four's and R-precision)."""
    rels, items, threshold = board.rels(), board.ranking, board.threshold
    if page == "ndcg":  # K clipped to the longer of the ranking and the judged items; the board's gain and ideal
        k = min(board.k, max(len(items), len(board.judged())))
        return [ndcg_steps(rels, k=k, gain=board.gain, ideal=board.ideal_grades(), items=items,
                           ideal_items=board.ideal_items(), ideal_from=board.ideal)]
    if page == "ap":
        return [ap_steps(rels, k=min(board.k, len(items)), n_relevant=board.n_relevant(threshold),
                         denominator=board.ap_denominator, items=items, threshold=threshold)]
    if page == "rr":  # no cut-off (the toggle is off)
        return [rr_steps(rels, items=items, threshold=threshold)]
    if page == "roc":
        items, labels, values = board_scores(board)
        return [roc_auc_explanation(labels, values, items=items)]
    k, relevant = min(board.k, len(items)), board.n_relevant(threshold)
    return [precision_steps(rels, k, items=items, threshold=threshold),
            recall_steps(rels, k, n_relevant=relevant, items=items, threshold=threshold),
            f1_steps(rels, k, n_relevant=relevant, items=items, threshold=threshold),
            hit_rate_steps(rels, k, items=items, threshold=threshold),
            r_precision_steps(rels, n_relevant=relevant, items=items, threshold=threshold)]


def expected_headline(page: str, board: Board, step: int) -> dict[str, str]:
    """``page``'s headline at ``step`` (not the last): the values so far, no final value."""
    explanations = core(page, board)
    if page == "cutoff":
        names = ("P", "R", "F1", "Success")
        return {f"{name}@{step}": f"{e.running_at(step)[q]:.4f}"
                for name, q, e in zip(names, ("P", "R", "F1", "Hit"), explanations)} | {"R-precision": "?"}
    [explanation] = explanations
    running = explanation.running_at(step)
    if page == "ndcg":
        return {f"{name} so far (step {step})": f"{running[name]:.4f}" for name in ("DCG", "IDCG", "nDCG")}
    if page == "ap":
        return {f"AP so far (step {step})": f"{running['AP']:.4f}",
                "Relevant items R": str(board.n_relevant(board.threshold)),
                "D = R, all relevant": str(explanation.details["D"])}
    if page == "roc":
        return {f"AUC so far (step {step})": f"{explanation.running_at(step)['AUC']:.4f}",
                "Positives P": str(explanation.details["P"]), "Negatives N": str(explanation.details["N"])}
    rank = explanation.details["first_hit_rank"]
    return {f"RR so far (step {step})": f"{explanation.running_at(step)['RR']:.4f}",
            "First relevant item at rank": str(rank) if rank <= step else
            "not at rank 1" if step == 1 else f"not in ranks 1–{step} yet"}


def teacher_board(teacher, board: Board):
    """The teacher loads ``board`` (as a preset would): every page back at step 1."""
    teacher.session_state[state.BOARD] = board
    teacher.session_state[state.REVISION] += 1
    return ok(teacher.run())


@pytest.mark.parametrize("page", sorted(TITLES))
def test_each_view_shows_the_pages_headline_at_the_teachers_step_and_nothing_later(app_test, page):
    teacher, code = teacher_on(app_test, page)
    teacher_board(teacher, BOARD)
    student = follower_of(app_test, code, page)
    assert student.session_state[state.LIVE_VIEWING] == page
    assert [title.value for title in student.title] == [TITLES[page]]
    assert not [c for c in student.get("bidi_component") if c.key.startswith("builder_lanes_")]  # not the page
    total = len(core(page, BOARD)[0].table)
    assert total > 3
    assert headline(student) == expected_headline(page, BOARD, 1)
    assert headline(student).items() <= headline(teacher).items()  # the page's own headline (it has more metrics)
    later = set().union(*(later_values(e) for e in core(page, BOARD)))
    finals = {f"{e.value:.4f}" for e in core(page, BOARD)}
    assert later and not (later | finals) & shown_numbers(student), sorted((later | finals) & shown_numbers(student))
    [window] = step_windows(student)
    assert len(window) == 1

    teacher.session_state[state.page_key(page, "step")] = 3
    board = teacher_drags(teacher).session_state[state.BOARD]
    assert board != BOARD
    ok(student.run())  # the poll loads the board and the step; the view draws them
    assert lane_names(student, prefix=LANES) == list(board.ranking)
    assert headline(student) == expected_headline(page, board, 3)
    assert headline(student).items() <= headline(teacher).items()
    unit = {"cutoff": "cut-off K =", "roc": "trapezoid"}.get(page, "rank")
    assert f"**Step 3 of {total}** · {unit} 3" in [m.value for m in student.markdown]
    [window] = step_windows(student)
    assert [list(window.columns), window.values.tolist()] == [list(step_windows(teacher)[0].columns),
                                                              step_windows(teacher)[0].values.tolist()]
    assert len(window) == 3
    assert lane_data_step(student) == (None if page == "roc" else 3)  # ROC's rows are trapezoids, not ranks


@pytest.mark.parametrize("page", sorted(TITLES))
def test_each_view_reads_in_chinese_as_its_page(app_test, page):
    teacher, code = teacher_on(app_test, page)
    teacher_board(teacher, BOARD)
    student = follower_of(app_test, code, page, language="zh")
    assert student.session_state[state.LIVE_VIEWING] == page
    alone = open_page(app_test, f"pages/{page}.py", BOARD, language="zh", all_steps=False)  # the page, in 中文
    [title] = [title.value for title in student.title]
    assert title == alone.title[0].value and CJK.search(title)
    assert headline(student).items() <= headline(alone).items()
    assert len(headline(student)) == len(expected_headline(page, BOARD, 1))
    assert not [label for label in headline(student) if "so far" in label or "Positives" in label
                or "First relevant" in label or "Relevant items" in label or "all relevant" in label]
    assert not untranslated(student, item_names(student) | {"drawn"})  # the run's hidden number (ui.classroom.live)


def test_the_roc_view_says_why_there_is_no_curve_as_the_page_does(app_test):
    teacher, code = teacher_on(app_test, "roc")
    one_class = Board(grades={"a": 0.0, "b": 0.0, "c": 0.0}, ranking=("a", "b", "c"), k=3)
    teacher_board(teacher, one_class)
    student = follower_of(app_test, code, "roc")
    assert student.session_state[state.LIVE_VIEWING] == "roc"
    [said] = [i.value for i in student.info]
    assert said.startswith("ROC needs at least one positive and one negative item.")
    assert said in [i.value for i in teacher.info]
    assert not student.metric


def test_the_rr_view_computes_with_the_sessions_cut_off_as_the_page():
    """RR@K is the session's toggle, not the board's: part of the view's key (a first hit below K scores 0)."""
    board = Board(grades={"a": 0.0, "b": 0.0, "c": 1.0}, ranking=("a", "b", "c"), k=2)
    key = follower.board_key(board)
    [(_, whole), (_, cut)] = [follower.explained("rr", key, (flag,)) for flag in (False, True)]
    assert (whole.explanation.value, cut.explanation.value) == (1 / 3, 0.0)
    assert cut.explanation.value == paced.rr(board, True)[0].value and len(cut.explanation.table) == 2


def test_the_teachers_rr_cut_off_is_followed_and_a_detached_student_keeps_their_own(app_test):
    """The RR page's "Stop at rank K" is the teacher's choice, not the board's: it is published with the board, and
    a following student's view computes RR@K when the teacher's does; a student who tries it alone keeps theirs."""
    board = Board(grades={"a": 0.0, "b": 0.0, "c": 1.0}, ranking=("a", "b", "c"), k=2)  # first hit below K
    teacher, code = teacher_on(app_test, "rr")
    teacher_board(teacher, board)
    student = follower_of(app_test, code, "rr")
    assert student.session_state[state.LIVE_VIEWING] == "rr" and paced.RR_CUT not in student.session_state
    ok(teacher.toggle(key=paced.RR_CUT).set_value(True).run())
    ok(student.run())  # the poll loads the teacher's choice with the board
    assert student.session_state[paced.RR_CUT] is True
    assert "**Step 1 of 2** · rank 1" in [m.value for m in student.markdown]  # RR@2: two ranks, not three
    student.session_state[state.LIVE_FOLLOWING] = False  # "Try it myself"
    ok(teacher.toggle(key=paced.RR_CUT).set_value(False).run())
    ok(student.run())
    assert student.session_state[paced.RR_CUT] is True  # their own choice stays
    assert "**Step 1 of 2** · rank 1" in [m.value for m in student.markdown]