"""AppTest: the quiz page asks, checks, diagnoses, keeps score, and puts its ranking on the board."""

from __future__ import annotations

import pytest

from metrics.teaching import quiz
from tests.apptest_helpers import metric, open_page, show_all
from ui.session import state

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

PAGE = "pages/quiz.py"
CHECK = state.page_key("quiz", "check")


def answer(at, value: float):
    """Type ``value`` into the answer box and press Check."""
    at.number_input[0].set_value(value)
    at.button(key=CHECK).click().run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def score(at) -> tuple[str, str, str]:
    return metric(at, "Answered"), metric(at, "Correct"), metric(at, "Streak")


def choose(at, difficulty: str, metric_name: str):
    at.radio(key=state.page_key("quiz", "difficulty")).set_value(difficulty).run()
    at.radio(key=state.page_key("quiz", "metric")).set_value(metric_name).run()
    assert not at.exception
    return quiz.make_question(at.session_state[state.page_key("quiz", "seed")], difficulty, metric_name)


def test_first_question_is_shown(app_test):
    at = open_page(app_test, PAGE)
    q = quiz.make_question(1, "easy", "nDCG@K")
    assert at.title[0].value == "Quiz — compute it by hand"
    assert any(q.prompt in m.value for m in at.markdown)
    shown = at.dataframe[0].value
    assert list(shown["item"]) == list(q.items) and list(shown["grade"]) == list(q.rels)
    assert metric(at, "K") == str(q.k)
    assert score(at) == ("0", "0", "0")
    assert not at.warning and not at.success


def test_right_answer_scores(app_test):
    at = open_page(app_test, PAGE)
    q = quiz.make_question(1, "easy", "nDCG@K")
    answer(at, round(q.answer, 3))
    assert at.success and "Right!" in at.success[0].value and f"{q.answer:.4f}" in at.success[0].value
    assert not at.warning
    assert score(at) == ("1", "1", "1")
    answer(at, round(q.answer, 3))  # a second answer to the same question is not scored again
    assert score(at) == ("1", "1", "1")
    at.button(key=state.page_key("quiz", "new")).click().run()
    assert any("Question 2 · easy" in h.value for h in at.subheader)
    answer(at, quiz.make_question(2, "easy", "nDCG@K").answer)
    assert score(at) == ("2", "2", "2")


SHOW_ANSWER = state.page_key("quiz", "show_answer")


def shown_text(at) -> str:
    """Everything the main area writes (warnings, captions, formulas, tables' numbers with 4 decimals)."""
    texts = [e.value for kind in (at.warning, at.info, at.success, at.markdown, at.caption, at.latex) for e in kind]
    texts += [f"{v:.4f}" for d in at.dataframe for column in d.value for v in d.value[column]
              if isinstance(v, float)]
    return "\n".join(texts)


def test_wrong_answer_names_the_mistake_and_points_at_the_step(app_test):
    at = open_page(app_test, PAGE)
    q = quiz.make_question(1, "easy", "nDCG@K")
    answer(at, quiz.mistake_values(q)["shifted_discount"])
    assert not at.success
    warning = at.warning[0].value
    assert "Likely mistake — Discount log2(rank + 2)" in warning
    assert "“divisor log₂(i+1)” column, rank 1" in at.info[0].value
    # the exact value only once the student gives up: not in the verdict, no computation yet
    assert f"{q.answer:.4f}" not in shown_text(at) and len(at.dataframe) == 1
    at.button(key=SHOW_ANSWER).click().run()
    assert f"The exact value is {q.answer:.4f}." in at.warning[0].value
    assert at.session_state[state.page_key("quiz", "step")] == 1
    assert any("Step 1 of 5" in m.value for m in at.markdown)
    step_tables = [d.value for d in at.dataframe][1:]  # after the question's ranking
    assert len(step_tables) == 2 and len(step_tables[0]) == 1  # ranking and ideal, up to rank 1
    assert score(at) == ("1", "0", "0")
    answer(at, 0.987654)  # nothing known gives that
    assert quiz.NO_MATCH in at.warning[0].value


@pytest.mark.parametrize("difficulty, metric_name, mistake", [
    ("medium", "AP", None), ("hard", "nDCG@K", "ideal_from_list"), ("medium", "RR", "rr_last_hit"),
    ("medium", "P@K", "p_over_retrieved"), ("hard", "DCG@K", "natural_log"), ("easy", "DCG@K", "log10"),
])
def test_each_metric_and_difficulty(app_test, difficulty, metric_name, mistake):
    at = open_page(app_test, PAGE)
    q = choose(at, difficulty, metric_name)
    values = quiz.mistake_values(q)
    if mistake is None:  # the first mistake that this question tells apart from the right answer
        mistake = next(n for n, v in values.items() if abs(v - q.answer) > quiz.TOLERANCE)
    diagnosis = quiz.check(q, values[mistake]).diagnosis
    answer(at, values[mistake])
    assert f"Likely mistake — {diagnosis.title}" in at.warning[0].value
    if q.pool:
        assert list(at.dataframe[1].value["grade"]) == list(q.pool)


def test_every_combination_renders(app_test):
    at = open_page(app_test, PAGE)
    for difficulty in quiz.DIFFICULTIES:
        for metric_name in quiz.QUIZ_METRICS:
            q = choose(at, difficulty, metric_name)
            assert any(q.prompt in m.value for m in at.markdown)
            answer(at, q.answer + 0.3)  # a wrong answer, then "Show the answer": every step table
            assert at.warning and f"{q.answer:.4f}" not in shown_text(at)
            at.button(key=SHOW_ANSWER).click().run()
            assert not at.exception and f"{q.answer:.4f}" in at.warning[0].value


def test_score_and_choices_persist_across_page_switches(app_test):
    at = open_page(app_test, PAGE)
    q = choose(at, "medium", "AP")
    answer(at, q.answer)
    kept = at.session_state[state.page_key("quiz", "score")]
    assert kept == {"answered": 1, "correct": 1, "streak": 1}
    at.switch_page("pages/ndcg.py").run()
    at.switch_page("pages/home.py").run()
    at.switch_page(PAGE).run()
    assert not at.exception
    assert score(at) == ("1", "1", "1")
    assert at.radio(key=state.page_key("quiz", "difficulty")).value == "medium"
    assert at.radio(key=state.page_key("quiz", "metric")).value == "AP"
    assert at.success  # the verdict of the question still on screen
    at.button(key=state.page_key("quiz", "reset")).click().run()
    assert score(at) == ("0", "0", "0")


def test_put_the_ranking_on_the_board(app_test):
    at = open_page(app_test, PAGE)
    q = choose(at, "hard", "nDCG@K")
    revision = at.session_state[state.REVISION]
    at.button(key=state.page_key("quiz", "board")).click().run()
    assert not at.exception and at.success
    board = at.session_state[state.BOARD]
    assert board == at.session_state[state.ORIGIN] and at.session_state[state.REVISION] > revision
    assert board.grades == q.grades and board.ranking == q.items and board.k == q.k and board.gain == q.gain
    assert board.pool == list(q.pool_items)
    show_all(at.switch_page("pages/ndcg.py").run())
    label = "nDCG(gain=exp)@" if q.gain == "exponential" else "nDCG@"
    assert metric(at, f"{label}{q.k}") == f"{q.answer:.4f}"  # the explainer page agrees with the quiz


def test_too_few_decimals_is_asked_again_not_scored(app_test):
    at = open_page(app_test, PAGE)
    q = quiz.make_question(1, "easy", "nDCG@K")  # 0.5584: asked with 3 decimals
    assert "Give 3 decimals." in q.prompt
    answer(at, round(q.answer, 2))  # 0.56: within the tolerance, but 2 decimals
    assert not at.success and at.warning[0].value.startswith("**Give 3 decimals.** Your answer 0.56 has 2")
    assert f"{q.answer:.4f}" not in shown_text(at)
    assert score(at) == ("0", "0", "0")  # not an answer yet
    answer(at, round(q.answer, 3))
    assert at.success and score(at) == ("1", "1", "1")


def test_the_verdict_in_chinese_names_the_columns_as_the_tables_do(app_test):
    """The quiz's "where to look" names a column by the step table's header, in both languages."""
    from ui.i18n import header

    at = open_page(app_test, PAGE, language="zh")
    q = quiz.make_question(1, "easy", "nDCG@K")
    answer(at, quiz.mistake_values(q)["shifted_discount"])
    assert at.info[0].value.startswith("**该看哪里**：看“除数 log₂(i+1)”列第 1 位")
    assert at.warning[0].value.startswith("**不太对**：你的答案是 ") and f"{q.answer:.4f}" not in at.warning[0].value
    at.button(key=SHOW_ANSWER).click().run()
    headers = [str(c) for d in at.dataframe[1:] for c in d.value.columns]
    assert "除数 log₂(i+1)" in headers and header("discount") == "divisor log₂(i+1)"  # (English outside a run)
    assert f"精确值是 {q.answer:.4f}。" in at.warning[0].value
