"""Every wrong answer a lesson knows gets its named mistake (issue 31): the answer each slip gives is computed here
independently (numpy, pytrec_eval, plain Python over the board's grades), fed to ``check``, and the mistake it names
must be one that gives that answer; a right answer is never diagnosed, an answer no slip gives is not named.

Built-in scenes are found in the builtin folder when the tests run; random query sets and boards add cases no
lesson has (queries the run does not answer, queries without relevant items, unjudged items, graded boards)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from metrics.teaching.lessons import builtin_lessons, check, check_text, parse_lesson
from metrics.teaching.lessons.compute import (
    TOLERANCE,
    answer,
    board_of,
    convention_mistakes,
    option_values,
    parse_measure,
    queries_of,
    value,
)
from metrics.teaching.lessons.mistakes import many_query_mistakes, rank_mistakes, title
from tests.metrics.teaching.test_lessons import EXACT, LOOSE, _many_reference, _np_ap, _np_ndcg

SCENES = [pytest.param(lesson, scene, id=f"{lesson.id}:{scene.id}")
          for lesson in builtin_lessons() for scene in lesson.scenes if scene.question is not None]


# --------------------------------------------------------------------------- references


def _relevant(board, grade) -> bool:
    return grade is not None and grade >= board.threshold


def _np_rr(board, k: int | None) -> tuple[float, int | None]:
    """RR and the first hit's rank by plain Python (within ``k`` when given)."""
    for rank, item in enumerate(board.ranking[:k] if k else board.ranking, start=1):
        if _relevant(board, board.grades[item]):
            return 1.0 / rank, rank
    return 0.0, None


def _precision_sum(board, k: int) -> float:
    """The sum of the precisions at the hits of the top ``k`` (AP's numerator)."""
    rel = np.array([_relevant(board, board.grades[item]) for item in board.ranking[:k]], dtype=float)
    return float(np.sum(rel * np.cumsum(rel) / np.arange(1, len(rel) + 1))) if len(rel) else 0.0


def many_references(lesson, scene) -> list[tuple[str, float]]:
    """Each slip over the scene's query set and the MAP or MRR it gives, computed from the grades (numpy)."""
    name, k = parse_measure(scene.question.measure)
    k = k or scene.k
    boards = queries_of(lesson, scene.queries, scene)
    judged = list(boards)
    run = [q for q in judged if boards[q].ranking]
    averaged = judged if scene.average == "all" else run
    r = {q: sum(1 for g in b.grades.values() if _relevant(b, g)) for q, b in boards.items()}
    if name == "MAP":
        per = {q: _np_ap(b, k or len(b.ranking)) if b.ranking else 0.0 for q, b in boards.items()}
    else:
        per = {q: _np_rr(b, k)[0] for q, b in boards.items()}
    refs = []
    if set(run) != set(judged) and run:
        other = run if scene.average == "all" else judged
        refs.append(("mean_over_run" if scene.average == "all" else "mean_over_all_judged",
                     float(np.mean([per[q] for q in other]))))
    hit = [per[q] for q in averaged if per[q] > 0]
    if hit and len(hit) < len(averaged):
        refs.append(("no_hit_dropped", float(np.mean(hit))))
    if any(r[q] == 0 for q in averaged):
        refs.append(("no_relevant_counted_one", float(np.mean([1.0 if r[q] == 0 else per[q] for q in averaged]))))
    if name == "MRR":
        ranks = [rank for q in averaged if (rank := _np_rr(boards[q], k)[1]) is not None]
        if ranks:
            refs += [("mrr_of_mean_rank", 1 / np.mean(ranks)), ("mrr_mean_rank", float(np.mean(ranks)))]
    else:
        total = sum(r[q] for q in averaged)
        if total:
            refs.append(("map_pooled", sum(_precision_sum(boards[q], k or len(boards[q].ranking)) for q in averaged)
                         / total))
        for denominator in ("found", "min_k_relevant"):
            changed = {q: b.with_conventions(ap_denominator=denominator) for q, b in boards.items()}
            aps = [_np_ap(changed[q], k or len(changed[q].ranking)) if changed[q].ranking else 0.0 for q in averaged]
            refs.append((f"ap_denominator={denominator}", float(np.mean(aps))))
    return refs


def rank_references(board, of: str) -> list[tuple[str, int]]:
    """Each slip on a rank question and the rank it gives, from the board's grades in ranked order."""
    grades = [board.grades[item] for item in board.ranking]
    depth = board.k if board.setting("rr_cut") else len(grades)

    def ranks(counts):
        return [i for i, g in enumerate(grades[:depth], start=1) if counts(g)]

    def end(found):
        return (found[-1] if of == "last_hit" else found[0]) if found else None

    hits = ranks(lambda g: g is not None and g >= board.threshold)
    exact = end(hits)
    refs = [("rank_from_zero", exact - 1), ("hit_count", len(hits)),
            ("first_hit_not_last" if of == "last_hit" else "last_hit_not_first",
             hits[0] if of == "last_hit" else hits[-1])]
    if any(g not in (None, 0, 1) for g in board.grades.values()):
        refs.append(("judged_as_relevant", end(ranks(lambda g: g is not None))))
        for other in {g for g in board.grades.values() if g is not None and g > 0 and g != board.threshold}:
            refs.append(("other_threshold", end(ranks(lambda g, other=other: g is not None and g >= other))))
    refs.append(("unjudged_as_relevant", end(ranks(lambda g: g is None or g >= board.threshold))))
    return [(name, rank) for name, rank in refs if rank is not None and rank != exact]


# --------------------------------------------------------------------------- the checks


def _named_right(lesson, scene, refs, given, names_at) -> None:
    """``given`` is wrong, and named by one of the slips that give it (``names_at``), with that slip's value."""
    verdict = check(lesson, scene, given)
    assert not verdict.correct, (scene.id, given)
    assert verdict.mistake is not None, (scene.id, given, refs)
    assert verdict.mistake.name in names_at, (scene.id, given, verdict.mistake.name, names_at)
    assert title(verdict.mistake.name) == verdict.mistake.title
    assert abs(verdict.mistake.value - given) <= TOLERANCE + 1e-12


def check_many(lesson, scene) -> int:
    """Every slip's MAP / MRR, written with 4 decimals, is named by a mistake that gives it; the core lists each
    slip with the reference's value. How many were fed."""
    exact = answer(lesson, scene)
    name, k = parse_measure(scene.question.measure)
    reference = _many_reference(queries_of(lesson, scene.queries, scene), name.lower(), scene.average, k or scene.k)
    assert exact == pytest.approx(reference, abs=LOOSE)  # pytrec_eval's map / recip_rank, with or without -c
    core = {(m.name, round(m.value, 9)) for m in many_query_mistakes(lesson, scene, exact)
            + convention_mistakes(lesson, scene, exact)}
    refs = [(name, ref) for name, ref in many_references(lesson, scene) if abs(ref - exact) > TOLERANCE]
    for name, ref in refs:
        assert any(n == name and abs(v - ref) <= EXACT for n, v in core), (scene.id, name, ref, core)
        given = round(ref, 4)
        names_at = {n for n, r in refs if abs(r - given) <= TOLERANCE + 1e-12}
        _named_right(lesson, scene, refs, given, names_at)
    return len(refs)


def check_rank(lesson, scene) -> int:
    exact = answer(lesson, scene)
    refs = rank_references(board_of(lesson, scene), scene.question.of)
    core = {(m.name, int(m.value)) for m in rank_mistakes(lesson, scene, exact)}
    assert set(refs) == core, (scene.id, refs, core)
    for _, rank in refs:
        _named_right(lesson, scene, refs, rank, {n for n, r in refs if r == rank})
    return len(refs)


def check_choice(lesson, scene) -> int:
    """A wrong option: its value and the right one's are the options' own; with three options or more the one at the
    other extreme is named so; a two-option choice is named only by a convention that makes the option right."""
    q = scene.question
    exact = answer(lesson, scene)
    values = option_values(lesson, scene)
    for option in q.options:
        verdict = check(lesson, scene, option.id)
        assert verdict.correct == (option.id == exact)
        assert dict(verdict.values) == values
        if option.id == exact:
            assert verdict.mistake is None
            continue
        for other in q.options:
            assert verdict.values[other.id] == pytest.approx(value(lesson, scene, other.measure, other.board,
                                                                   other.conventions, other.library, q.tests,
                                                                   q.alpha), abs=EXACT)
        extreme = (min if q.pick == "largest" else max)(values, key=values.get)
        if len(q.options) >= 3 and option.id == extreme:
            assert verdict.mistake.name == ("picked_smallest" if q.pick == "largest" else "picked_largest")
        elif verdict.mistake is not None:
            assert "=" in verdict.mistake.name, verdict.mistake.name
    return len(q.options) - 1


@pytest.mark.parametrize("lesson, scene", SCENES)
def test_every_builtin_wrong_answer_is_named_and_a_right_one_never(lesson, scene):
    q = scene.question
    exact = answer(lesson, scene)
    right = check(lesson, scene, exact if q.kind != "value" else round(exact, q.decimals))
    assert right.correct and right.mistake is None
    if q.kind == "rank":
        assert check_rank(lesson, scene) >= 2
    elif q.kind == "choice":
        assert check_choice(lesson, scene) >= 1
    elif scene.queries is not None:
        assert check_many(lesson, scene) >= 1


def test_the_builtin_lessons_name_every_kind_of_slip():
    """The slips the built-in scenes can show: each MAP / MRR slip and each rank slip on one scene at least."""
    seen = set()
    for lesson in builtin_lessons():
        for scene in lesson.scenes:
            q = scene.question
            if q is None:
                continue
            exact = answer(lesson, scene)
            if q.kind == "rank":
                seen |= {m.name for m in rank_mistakes(lesson, scene, exact)}
            elif q.kind == "value" and scene.queries is not None:
                seen |= {m.name for m in many_query_mistakes(lesson, scene, exact)}
            elif q.kind == "choice":
                seen |= {check(lesson, scene, o.id).mistake.name for o in q.options
                         if o.id != exact and check(lesson, scene, o.id).mistake is not None}
    many = {"mean_over_all_judged", "mean_over_run", "no_hit_dropped", "no_relevant_counted_one", "mrr_of_mean_rank",
            "mrr_mean_rank", "map_pooled"}
    ranks = {"rank_from_zero", "last_hit_not_first", "first_hit_not_last", "hit_count", "judged_as_relevant",
             "other_threshold"}
    assert many | ranks | {"picked_smallest", "picked_largest"} <= seen, sorted(seen)


# --------------------------------------------------------------------------- random query sets and boards


def _grade(rng: random.Random, graded: bool) -> object:
    roll = rng.random()
    if roll < 0.08:
        return '"?"'
    return rng.choice([0, 1, 2, 3]) if graded else int(roll < 0.45)


def random_lesson(seed: int) -> str:
    """A lesson of random query sets (some queries not in the run, some without relevant items) with a MAP and an
    MRR scene averaged each way, and random boards with a first-hit and a last-hit rank scene."""
    rng = random.Random(seed)
    graded = seed % 2 == 0
    lines = ['id = "random"', "minutes = 5", 'languages = ["en"]', 'title = "r"', 'summary = "r"']
    queries = []
    for number in range(rng.randint(2, 6)):
        items = [f"i{number}_{j}" for j in range(rng.randint(2, 9))]
        grades = {item: _grade(rng, graded) for item in items}
        if rng.random() < 0.2:
            grades = {item: 0 for item in items}
        ranked = [item for item in rng.sample(items, rng.randint(1, len(items)))]
        if number and rng.random() < 0.25:
            ranked = []
        if not number:  # the first query finds something: every slip has a number to differ from
            grades[ranked[-1]] = 2 if graded else 1
        queries.append(f"q{number}")
        lines += [f"[boards.q{number}]", "grades = { " + ", ".join(f"{i} = {g}" for i, g in grades.items()) + " }",
                  "ranking = [" + ", ".join(f'"{i}"' for i in ranked) + "]", f"k = {rng.randint(1, 9)}"]
    lines += ["[query_sets.s]"] + [f'{q} = "{q}"' for q in queries]
    for measure in ("MAP", "MRR"):
        for average in ("run", "all"):
            lines += ["[[scenes]]", f'id = "{measure}-{average}"', f'view = "{measure.lower()}"', 'queries = "s"',
                      f'average = "{average}"', 'step = 1', 'title = "t"', 'say = "t"', "[scenes.question]",
                      'kind = "value"', f'measure = "{measure}"', 'prompt = "p"']
    for of in ("first_hit", "last_hit"):
        for query in queries:
            lines += ["[[scenes]]", f'id = "{of}-{query}"', 'view = "rr"', f'board = "{query}"', 'step = "all"',
                      'title = "t"', 'say = "t"', "[scenes.question]", 'kind = "rank"', f'of = "{of}"', 'prompt = "p"']
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("seed", range(20))
def test_random_query_sets_and_boards(seed):
    lesson = _computable(random_lesson(seed))
    fed = 0
    for scene in lesson.scenes:
        q = scene.question
        exact = answer(lesson, scene)
        assert check(lesson, scene, exact).correct and check(lesson, scene, exact).mistake is None
        fed += check_rank(lesson, scene) if q.kind == "rank" else check_many(lesson, scene)
    assert fed


def _computable(text: str):
    """The lesson without the scenes the core refuses (a rank question on a ranking without a hit, a mean over no
    query): parsed scene by scene."""
    head, *scenes = text.split("[[scenes]]\n")
    kept = [s for s in scenes if check_text(head + "[[scenes]]\n" + s)[0] is not None]
    return parse_lesson(head + "".join("[[scenes]]\n" + s for s in kept))


def test_an_answer_no_slip_gives_is_not_named():
    for lesson in builtin_lessons():
        for scene in lesson.scenes:
            q = scene.question
            if q is None or q.kind == "choice":
                continue
            exact = answer(lesson, scene)
            if q.kind == "rank":
                known = {int(m.value) for m in rank_mistakes(lesson, scene, exact)} | {exact}
                given = next(r for r in range(1, 100) if r not in known)
            else:
                given = round(exact + 0.377, 4)
            assert check(lesson, scene, given).mistake is None, (scene.id, given)


# --------------------------------------------------------------------------- choices


CHOICE = """
id = "choice"
minutes = 5
languages = ["en", "zh"]
title = {{ en = "c", zh = "c" }}
summary = {{ en = "c", zh = "c" }}
[boards.b1]
grades = {{ a = 3, b = 2, c = 1, d = 0 }}
ranking = ["b", "a", "c", "d"]
k = 3
[boards.b2]
grades = {{ a = 3, b = 2, c = 1, d = 0 }}
ranking = ["a", "b", "d", "c"]
k = 3
[[scenes]]
id = "computed"
view = "ndcg"
board = "b1"
title = {{ en = "t", zh = "t" }}
say = {{ en = "s", zh = "s" }}
[scenes.question]
kind = "choice"
pick = "largest"
prompt = {{ en = "Which nDCG@3 is larger?", zh = "哪个更大？" }}
[[scenes.question.options]]
id = "b1"
label = {{ en = "b1", zh = "b1" }}
measure = "nDCG@3"
board = "b1"
[[scenes.question.options]]
id = "b2"
label = {{ en = "b2", zh = "b2" }}
measure = "nDCG@3"
board = "b2"
[[scenes]]
id = "literal"
view = "ndcg"
board = "b1"
title = {{ en = "t", zh = "t" }}
say = {{ en = "s", zh = "s" }}
[scenes.question]
kind = "choice"
answer = "judged"
prompt = {{ en = "Where does trec_eval's ideal ordering come from?", zh = "trec_eval 的理想排序从哪里来？" }}
[[scenes.question.options]]
id = "judged"
label = {{ en = "every judged item", zh = "全部已标注条目" }}
[[scenes.question.options]]
id = "list"
label = {{ en = "the list", zh = "列表" }}
{why}
[[scenes.question.options]]
id = "top"
label = {{ en = "the top K", zh = "前 K 个" }}
"""
WHY = 'why = { en = "The list leaves out the unreturned items.", zh = "列表漏掉了没有返回的条目。" }'


def test_a_choice_right_under_another_gain_is_named_by_that_gain():
    lesson = parse_lesson(CHOICE.format(why=WHY))
    scene = lesson.scene("computed")
    b1, b2 = (board_of(lesson, scene, name) for name in ("b1", "b2"))
    linear = [_np_ndcg(b, 3)[1] for b in (b1, b2)]
    exponential = [_np_ndcg(b.with_conventions(gain="exponential"), 3)[1] for b in (b1, b2)]
    assert linear[0] > linear[1] and exponential[1] > exponential[0]  # the boards are such a case
    assert check(lesson, scene, "b1").correct
    verdict = check(lesson, scene, "b2")
    assert verdict.mistake.name == "gain=exponential"
    assert verdict.mistake.value == pytest.approx(exponential[1], abs=EXACT)
    assert dict(verdict.values) == pytest.approx({"b1": linear[0], "b2": linear[1]}, abs=EXACT)


def test_a_literal_option_says_its_why_and_is_never_a_named_mistake():
    lesson = parse_lesson(CHOICE.format(why=WHY))
    scene = lesson.scene("literal")
    assert check(lesson, scene, "judged").correct
    verdict = check(lesson, scene, "list")
    assert not verdict.correct and verdict.mistake is None and not verdict.values
    assert verdict.why == {"en": "The list leaves out the unreturned items.", "zh": "列表漏掉了没有返回的条目。"}
    verdict = check(lesson, scene, "top")
    assert not verdict.correct and verdict.why is None and verdict.mistake is None


def test_a_why_lacking_a_language_is_refused_with_a_problem_line():
    _, problems = check_text(CHOICE.format(why='why = { en = "The list leaves out the unreturned items." }'), "c.toml")
    assert [(p.scene, p.field) for p in problems] == [("literal", "question.options[2].why.zh")], problems
    assert "missing translation" in problems[0].message


def test_a_why_on_a_computed_option_is_refused():
    text = CHOICE.format(why="").replace('board = "b2"\n', 'board = "b2"\n' + WHY + "\n", 1)
    _, problems = check_text(text, "c.toml")
    assert [(p.scene, p.field) for p in problems] == [("computed", "question.options[2].why")], problems

