""""Ask the class about this" from an explainer page's step bar (AppTest, issue 18): only the teacher of a running
class sees it; the question asked is the value of the current step's row as the metrics core computes it on the
teacher's board; before the reveal the page shows nothing of that step (the question stands in for its numbers, the
step stays where it was asked); answers with fewer decimals than asked are refused in words; the reveal shows the
answers and the exact value above the page, and the step bar moves on, the class back on the teacher's page."""

from __future__ import annotations

import pytest

from metrics import ap_steps, f1_steps, ndcg_steps, rr_steps
from metrics.teaching import quiz
from tests.live.test_page_live import join, ok, open_live, set_teacher_board, start_class
from tests.live.test_page_live_questions import metric, send
from ui.classroom import live, live_quiz
from ui.model.presets import PRESETS
from ui.session import state

pytestmark = [pytest.mark.slow,  # AppTest runs, real binaries or many random cases: the full run's tier
              pytest.mark.usefixtures("page_store")]  # tests/live/conftest.py

BOARD = "000_code_q1"  # grades 3, 2, 3, 0, 1 in ranked order, K = 3


def on_page(at, page: str, step: int | None = None):
    """``at`` on the explainer ``page`` at ``step`` (None: as it is)."""
    ok(at.switch_page(f"pages/{page}.py").run())
    if step is not None:
        at.session_state[state.page_key(page, "step")] = step
        ok(at.run())
    return at


def ask_keys(at, page: str) -> list[str]:
    return [b.key for b in at.button if b.key and b.key.startswith(state.page_key(page, "ask_"))]


def ask_step(teacher, page: str, step: int, metric: str):
    """The teacher asks about ``metric`` at ``step`` of ``page``: the class's current question (public) and its exact
    value (kept from the students until the reveal)."""
    on_page(teacher, page)
    back = [b for b in teacher.button if b.key == state.page_key(page, "step_question_back")]
    if back:  # a question asked before is open: the page shows its step again
        ok(back[0].click().run())
    teacher.session_state[state.page_key(page, "step")] = step
    ok(teacher.run())
    ok(teacher.button(key=state.page_key(page, f"ask_{metric.split('@')[0].lower()}")).click().run())
    code, key = teacher.session_state[state.LIVE_TEACHER]
    public = live.classes().current(code).question
    return public, live.classes().results(code, key, public["id"]).exact


def page_value(board, page: str, metric: str, step: int) -> float:
    """The value of row ``step`` of ``page``'s step table, computed as the page computes it (its K, its conventions)."""
    if page == "ndcg":
        k = min(board.k, max(len(board.ranking), len(board.judged())))
        explanation = ndcg_steps(board.rels(), k=k, gain=board.gain, ideal=board.ideal_grades(), items=board.ranking,
                                 ideal_items=board.ideal_items(), ideal_from=board.ideal)
        return explanation.running_at(step)[metric.split("@")[0]]
    if page == "ap":
        explanation = ap_steps(board.rels(), k=min(board.k, len(board.ranking)),
                               n_relevant=board.n_relevant(board.threshold), denominator=board.ap_denominator,
                               items=board.ranking, threshold=board.threshold)
        return explanation.running_at(step)["AP"] if metric == "AP" else explanation.table["precision"].iloc[step - 1]
    if page == "rr":
        return rr_steps(board.rels(), items=board.ranking, threshold=board.threshold).running_at(step)["RR"]
    explanation = f1_steps(board.rels(), min(board.k, len(board.ranking)), n_relevant=board.n_relevant(board.threshold),
                           items=board.ranking, threshold=board.threshold)  # its table holds P, R and F1 at each rank
    return explanation.running_at(step)[metric.split("@")[0]]


#: boards of several kinds per page: pool items (001_hit_ap_mrr), exponential gain (003_ndcg), the first hit late
#: (relevant_at_bottom), an unjudged ranked item (unjudged)
BOARDS = {"ndcg": ("001_hit_ap_mrr", "003_ndcg"), "ap": ("001_hit_ap_mrr", "unjudged"),
          "rr": ("relevant_at_bottom", "000_code_q1"), "cutoff": ("unjudged", "relevant_at_bottom")}


def test_only_the_teacher_of_a_running_class_sees_the_button(app_test):
    outsider = on_page(open_live(app_test), "ndcg")
    assert not ask_keys(outsider, "ndcg"), "no class: no button"
    teacher, code = start_class(app_test)
    student = join(app_test, code)
    for page in live_quiz.STEP_QUESTIONS:
        on_page(teacher, page)
        assert ask_keys(teacher, page), page
    ok(student.switch_page("pages/ndcg.py").run())
    assert not ask_keys(student, "ndcg") and not ask_keys(student, "ap"), "a student has no button"
    assert not ask_keys(on_page(teacher, "roc"), "roc"), "a page without step questions has none"


@pytest.mark.parametrize("page, metrics", [("ndcg", ("DCG@K", "nDCG@K")), ("ap", ("P@K", "AP")), ("rr", ("RR",)),
                                           ("cutoff", ("P@K", "R@K", "F1@K"))])
def test_the_question_asked_is_the_cores_value_of_the_step(app_test, page, metrics):
    teacher, code = start_class(app_test)
    for name in BOARDS[page]:
        board = PRESETS[name]
        set_teacher_board(teacher, name)
        deepest = min(board.k, len(board.ranking))
        for step in sorted({2, deepest}):
            for asked in metrics:
                public, exact = ask_step(teacher, page, step, asked)
                expected = page_value(board, page, asked, step)
                assert exact == pytest.approx(expected, abs=1e-12), (name, step, asked)
                question = quiz.question_from_data(public["question"]["quiz"])
                assert question.answer == pytest.approx(expected, abs=1e-12) and "exact" not in public
                assert public["question"]["step"] == {"page": page, "step": step}
                shown = question.items if asked == "RR" else question.items[:step]  # the ranking the students see
                assert list(shown) == list(board.ranking[:len(shown)])


def test_a_board_the_quiz_cannot_ask_about_says_why(app_test):
    teacher, _ = start_class(app_test)
    set_teacher_board(teacher, "000_map_q1")  # AP divided by the hits found
    on_page(teacher, "ap", 2)
    assert ask_keys(teacher, "ap") == [state.page_key("ap", "ask_p")]  # P@2 can be asked, AP@2 not
    assert any("AP denominator" in caption.value for caption in teacher.caption)


def test_before_the_reveal_the_page_hides_its_step_and_stays_at_it(app_test):
    teacher, code = start_class(app_test)
    set_teacher_board(teacher, BOARD)
    on_page(teacher, "ndcg", 2)
    assert any(m.label == "DCG so far (step 2)" for m in teacher.metric)
    public, exact = ask_step(teacher, "ndcg", 2, "DCG@K")
    assert [s.value for s in teacher.subheader] == ["Question 1: DCG@2"]
    labels = [m.label for m in teacher.metric]
    assert labels == ["Answered", "Right", "Exact value"] and metric(teacher, "Exact value") == "?"
    assert not teacher.latex and not [b for b in teacher.button if b.key == state.page_key("ndcg", "step_next")]
    shown = " ".join(str(element.value) for element in (*teacher.markdown, *teacher.caption, *teacher.metric))
    assert f"{exact:.4f}" not in shown and f"{exact:.3f}" not in shown
    teacher.session_state[state.page_key("ndcg", "step")] = 3  # a clicker key pressed while the question is open
    ok(teacher.run())
    assert teacher.session_state[state.page_key("ndcg", "step")] == 2 and not teacher.latex
    assert live.classes().current(code).board["page"] == "live"  # the class answers on the Live class page


def test_answers_with_too_few_decimals_are_refused_then_the_reveal(app_test):
    teacher, code = start_class(app_test)
    set_teacher_board(teacher, BOARD)
    students = [join(app_test, code, f"s{n}") for n in range(3)]
    for student in students:
        on_page(student, "ndcg")
    public, exact = ask_step(teacher, "ndcg", 2, "DCG@K")  # DCG@2 = 3 + 2/log2(3) = 4.2619
    for student in students:
        ok(student.run())  # the poll brings the question: the Live class page, the ranking and the answer box
        assert student.session_state[state.LIVE_PAGE] == "live"
        ok(student.switch_page("pages/live.py").run())  # AppTest's next run() would go back to the page it opened
        assert student.dataframe[0].value["item"].tolist() == list(PRESETS[BOARD].ranking)
    short = round(exact, 2)
    send(students[0], short)
    assert [e.value for e in students[0].error] == [
        f"Give 3 decimals: {short:g} has fewer, so it was not sent. Type it again with 3 decimals."]
    assert students[0].number_input(key=f"live__answer_{public['id']}")  # the box is kept, to type it again
    send(students[0], round(exact, 3))
    send(students[1], round(exact + 0.2, 3))
    ok(teacher.run())
    assert metric(teacher, "Answered") == "2 / 3" and metric(teacher, "Right") == "1"

    ok(teacher.button(key=live_quiz.REVEAL).click().run())
    assert metric(teacher, "Exact value") == f"{exact:.4f}" and teacher.get("plotly_chart")
    assert any(m.label == "DCG so far (step 2)" for m in teacher.metric)  # the page at the step, below the answers
    assert not teacher.button(key=state.page_key("ndcg", "step_next")).disabled
    right = ok(students[0].run())
    assert "Right!" in right.success[-1].value and metric(right, "Exact value") == f"{exact:.4f}"

    ok(teacher.button(key=state.page_key("ndcg", "step_next")).click().run())  # the step bar moves on
    assert state.LIVE_STEP_QUESTION not in teacher.session_state
    assert "Answered" not in [m.label for m in teacher.metric] and any("3" in m.label for m in teacher.metric)
    assert live.classes().current(code).board["page"] == "ndcg"
    ok(students[2].run())  # the class follows the teacher back to the page, at the new step
    assert students[2].session_state[state.LIVE_PAGE] == "ndcg"
    assert students[2].session_state[state.page_key("ndcg", "step")] == teacher.session_state[
        state.page_key("ndcg", "step")]
