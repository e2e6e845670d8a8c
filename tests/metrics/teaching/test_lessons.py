"""Lessons: every built-in lesson checks, ``lesson list`` and ``lesson check`` say so, a bad lesson file is refused
with one clear line a problem, and every value of every built-in scene agrees with an independent reference
(pytrec_eval for trec_eval's conventions, scikit-learn for its ndcg_score, scipy for the paired t-test, plain numpy
for the other conventions). The scenes are found in the builtin folder when the tests run, so a lesson added there
is covered without a change here."""

from __future__ import annotations

import io
import math
import tomllib
from pathlib import Path

import numpy as np
import pytest
import pytrec_eval
from scipy import stats

from metrics.cli import main
from metrics.errors import MetricsInputError
from metrics.teaching.lessons import (
    BUILTIN,
    builtin_lesson,
    check,
    check_lesson,
    explanation,
    parse_lesson,
    read_lesson,
)
from metrics.teaching.lessons.compute import (
    TOLERANCE,
    answer,
    board_of,
    library_value,
    parse_measure,
    queries_of,
    single_value,
    value,
)
from metrics.teaching.lessons.model import DEFAULTS

BUILTIN_FILES = sorted(BUILTIN.glob("*.toml"))
EXACT = 1e-9  #: the core and a reference computing in float64 agree to this
LOOSE = 1e-6  #: pytrec_eval (trec_eval 9 in C) prints its means through doubles; ties of float32 scores aside


def _scene_ids(path: Path) -> list[str]:
    """The scene ids of a lesson file, read as plain TOML (so that a broken lesson still gives its tests)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return ["<unreadable>"]
    return [s.get("id", f"#{n}") for n, s in enumerate(data.get("scenes", []), start=1) if isinstance(s, dict)]


SCENES = [pytest.param(path, scene_id, id=f"{path.stem}:{scene_id}")
          for path in BUILTIN_FILES for scene_id in _scene_ids(path)]


def run(*argv) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main([str(a) for a in argv], out, err)
    return status, out.getvalue(), err.getvalue()


# --------------------------------------------------------------------------- the built-in lessons check


def test_the_builtin_folder_holds_lessons_one_to_three_at_least():
    ids = [read_lesson(path).id for path in BUILTIN_FILES]
    assert ids[:3] == ["hits-to-positions", "graded-relevance", "many-queries"]
    assert len(set(ids)) == len(ids)


@pytest.mark.parametrize("path", BUILTIN_FILES, ids=lambda p: p.stem)
def test_every_builtin_lesson_passes_check(path):
    assert [str(p) for p in check_lesson(path)] == []


@pytest.mark.parametrize("path", BUILTIN_FILES, ids=lambda p: p.stem)
def test_every_builtin_lesson_is_written_in_english_and_chinese(path):
    lesson = read_lesson(path)
    assert lesson.languages == ("en", "zh")
    for scene in lesson.scenes:
        for text in (scene.title, scene.say, scene.notes, scene.mistake, scene.hint):
            assert text.get("en", "").strip() and text.get("zh", "").strip(), scene.id
        assert scene.question is not None, f"{scene.id}: a scene of a built-in lesson asks something"


def test_lesson_list_lists_every_builtin_lesson():
    status, out, err = run("lesson", "list")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["id", "minutes", "scenes"]
    listed = [line.split()[0] for line in lines[1:]]
    lessons = [read_lesson(path) for path in BUILTIN_FILES]
    assert listed == [lesson.id for lesson in lessons]
    for line, lesson in zip(lines[1:], lessons):
        assert line.split()[1:4] == [str(lesson.minutes), str(len(lesson.scenes)), "en,zh"]
        assert line.endswith(lesson.title["en"])


def test_lesson_check_passes_every_builtin_file():
    status, out, err = run("lesson", "check", *BUILTIN_FILES)
    assert (status, err) == (0, "")
    assert out.splitlines() == [f"{path}: ok" for path in BUILTIN_FILES]


def test_lessons_two_and_three_ask_every_kind_of_question():
    kinds = {scene.question.kind for scene in builtin_lesson("graded-relevance").scenes}
    assert kinds == {"value", "rank", "choice"}
    lesson = builtin_lesson("graded-relevance")
    assert 6 <= len(lesson.scenes) <= 8 and 15 <= lesson.minutes <= 25
    assert {scene.view for scene in lesson.scenes} == {"ndcg"}
    many = builtin_lesson("many-queries")
    assert {scene.view for scene in many.scenes} == {"map", "mrr"}
    assert {scene.average for scene in many.scenes} == {"run", "all"}
    assert {scene.question.kind for scene in many.scenes} == {"value", "choice"}


# --------------------------------------------------------------------------- bad lesson files are refused

GOOD = """\
id = "tiny"
minutes = 5
languages = ["en", "zh"]
title = { en = "Tiny", zh = "小" }
summary = { en = "A tiny lesson.", zh = "一个小课。" }

[boards.a]
grades = { d1 = 2, d2 = 0, d3 = 1, d4 = 3 }
ranking = ["d1", "d2", "d3"]
k = 3

[boards.b]
grades = { d1 = 2, d2 = 0, d3 = 1, d4 = 3 }
ranking = ["d3", "d2", "d1"]
k = 3

[[scenes]]
id = "first"
view = "ndcg"
board = "a"
step = 1
title = { en = "nDCG", zh = "nDCG" }
say = { en = "Compute it.", zh = "算一算。" }
[scenes.question]
kind = "value"
measure = "nDCG@3"
prompt = { en = "nDCG@3?", zh = "nDCG@3 是多少？" }

[[scenes]]
id = "second"
view = "ndcg"
board = "a"
step = 1
title = { en = "Which", zh = "哪个" }
say = { en = "Compare.", zh = "比较。" }
[scenes.question]
kind = "choice"
pick = "largest"
prompt = { en = "Which DCG@3 is larger?", zh = "哪个 DCG@3 更大？" }
[[scenes.question.options]]
id = "a"
label = { en = "a", zh = "a" }
measure = "DCG@3"
board = "a"
[[scenes.question.options]]
id = "b"
label = { en = "b", zh = "b" }
measure = "DCG@3"
board = "b"
"""

#: (what is wrong, the change to GOOD, the scene named or None, the field named, a word of the message)
BAD = [
    ("bad TOML", ('id = "tiny"', 'id = "tiny'), None, "TOML", ""),
    ("unknown measure", ('measure = "nDCG@3"', 'measure = "nDGC@3"'), "first", "question.measure", "unknown measure"),
    ("wrong stated value", ('prompt = { en = "nDCG@3?"', 'expect = 0.5\nprompt = { en = "nDCG@3?"'), "first",
     "question.expect", "the core computes"),
    ("grade out of range", ("d4 = 3 }\nranking = [\"d1\", \"d2\", \"d3\"]", "d4 = -3 }\nranking = [\"d1\", \"d2\", \"d3\"]"),
     None, "boards.a.grades.d4", "out of range"),
    ("missing zh", ('say = { en = "Compute it.", zh = "算一算。" }', 'say = { en = "Compute it." }'), "first", "say.zh",
     "missing translation"),
    ("unknown view", ('view = "ndcg"\nboard = "a"\nstep = 1\ntitle = { en = "nDCG"',
                      'view = "ndgc"\nboard = "a"\nstep = 1\ntitle = { en = "nDCG"'), "first", "view", "unknown view"),
    ("a step that gives the answer away", ('board = "a"\nstep = 1\ntitle = { en = "nDCG"',
                                           'board = "a"\nstep = 3\ntitle = { en = "nDCG"'), "first", "step",
     "already shows the answer"),
    ("a choice whose options tie", ('measure = "DCG@3"\nboard = "b"', 'measure = "DCG@3"\nboard = "a"'), "second",
     "question", "tie"),
]


def test_the_good_lesson_is_good(tmp_path):
    path = tmp_path / "good.toml"
    path.write_text(GOOD, encoding="utf-8")
    assert run("lesson", "check", path) == (0, f"{path}: ok\n", "")


@pytest.mark.parametrize("wrong, change, scene, field, word", BAD, ids=[b[0] for b in BAD])
def test_a_bad_lesson_file_is_refused_with_one_line_naming_file_scene_and_field(tmp_path, wrong, change, scene, field,
                                                                                word):
    old, new = change
    assert GOOD.count(old) == 1, f"the change for {wrong} must hit one place"
    path = tmp_path / "bad.toml"
    path.write_text(GOOD.replace(old, new), encoding="utf-8")
    status, out, err = run("lesson", "check", path)
    assert status == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    where = f"{path}: scene {scene!r}: {field}: " if scene else f"{path}: {field}: "
    assert lines[0].startswith(where), lines[0]
    assert word in lines[0]
    # the Python API says the same
    assert [str(p) for p in check_lesson(path)] == lines


def test_the_stated_value_is_accepted_when_it_is_the_core_s(tmp_path):
    exact = answer(*_lesson_scene(parse_lesson(GOOD), "first"))
    text = GOOD.replace('prompt = { en = "nDCG@3?"', f'expect = {exact:.4f}\nprompt = {{ en = "nDCG@3?"')
    assert parse_lesson(text).scene("first").question.expect == round(exact, 4)


def test_a_rank_question_on_many_queries_is_refused_not_a_crash():
    text = """\
id = "r"
minutes = 5
languages = ["en"]
title = "r"
summary = "r"
[boards.a]
grades = { x = 1, y = 0 }
ranking = ["y", "x"]
[query_sets.s]
q1 = "a"
[[scenes]]
id = "m"
view = "map"
queries = "s"
title = "t"
say = "t"
[scenes.question]
kind = "rank"
prompt = "At which rank?"
"""
    with pytest.raises(MetricsInputError) as error:
        parse_lesson(text, "r.toml")
    assert str(error.value).splitlines() == [
        ("r.toml: scene 'm': question: a rank question asks about one ranking: give it a single-ranking view "
         "(ndcg, ap, rr, cutoff) and its board")]


def test_a_refused_board_is_said_once_not_again_by_every_scene_and_query_set_using_it():
    text = """\
id = "r"
minutes = 5
languages = ["en"]
title = "r"
summary = "r"
[boards.a]
grades = { x = 1, y = 200 }
ranking = ["y", "x"]
[boards.b]
grades = { x = 1, y = 0 }
ranking = ["x", "y"]
[query_sets.s]
q1 = "a"
q2 = "b"
[[scenes]]
id = "one"
view = "ap"
board = "a"
title = "t"
say = "t"
[[scenes]]
id = "many"
view = "map"
queries = "s"
title = "t"
say = "t"
[[scenes]]
id = "option"
view = "ap"
board = "b"
title = "t"
say = "t"
[scenes.question]
kind = "choice"
pick = "largest"
prompt = "p"
options = [{ id = "a", label = "a", measure = "AP", board = "a" }, { id = "b", label = "b", measure = "AP" }]
"""
    with pytest.raises(MetricsInputError) as error:
        parse_lesson(text, "r.toml")
    lines = str(error.value).splitlines()
    assert len(lines) == 1 and lines[0].startswith("r.toml: boards.a.grades.y: grade out of range: 200")


# --------------------------------------------------------------------------- references


def _lesson_scene(lesson, scene_id):
    return lesson, lesson.scene(scene_id)


def _trec_conventions(board) -> bool:
    """Whether a board computes under trec_eval's conventions (and pytrec_eval can read it: whole grades)."""
    settings = ("gain", "ideal", "ap_denominator", "rr_cut")
    whole = all(g is None or float(g).is_integer() for g in board.grades.values())
    return whole and all(board.setting(s) == DEFAULTS[s] for s in settings) and float(board.threshold).is_integer()


def _qrels(board) -> dict[str, int]:
    return {item: int(grade) for item, grade in board.grades.items() if grade is not None}


def _run(board, scores=None) -> dict[str, float]:
    """The ranking as a run: descending scores n, n-1, …, 1 (no ties), or the board's own scores."""
    if scores:
        return {item: float(scores[item]) for item in board.ranking}
    n = len(board.ranking)
    return {item: float(n - i) for i, item in enumerate(board.ranking)}


def _pytrec(boards: dict, measures: set[str], threshold: float = 1, scores=False) -> dict[str, dict[str, float]]:
    """pytrec_eval's per-query numbers for query id -> board (queries with an empty ranking are not in the run)."""
    qrels = {q: _qrels(b) for q, b in boards.items()}
    run = {q: _run(b, b.scores if scores else None) for q, b in boards.items() if b.ranking}
    evaluator = pytrec_eval.RelevanceEvaluator(qrels, measures, relevance_level=int(threshold))
    return evaluator.evaluate(run)


def _np_ndcg(board, k: int) -> tuple[float, float]:
    """DCG@k and nDCG@k by plain numpy: gain g or 2^g − 1, discount log2(i + 1), the ideal from the judged items or
    from the ranked ones (unjudged: gain 0)."""
    exponential = board.setting("gain") == "exponential"

    def gains(grades):
        grades = np.asarray(grades, dtype=float)
        return np.power(2.0, grades) - 1.0 if exponential else grades

    ranked = [board.grades[item] or 0.0 for item in board.ranking][:k]
    pool = [g for g in board.grades.values() if g is not None] if board.setting("ideal") == "judged" \
        else [board.grades[item] or 0.0 for item in board.ranking]
    ideal = sorted(pool, reverse=True)[:k]
    dcg = float(np.sum(gains(ranked) / np.log2(np.arange(2, len(ranked) + 2))))
    idcg = float(np.sum(gains(ideal) / np.log2(np.arange(2, len(ideal) + 2))))
    return dcg, (dcg / idcg if idcg > 0 else 0.0)


def _np_ap(board, k: int) -> float:
    """AP@k by plain numpy under the board's denominator (R, the hits found, or min(k, R))."""
    rel = np.array([(board.grades[item] or 0.0) >= board.threshold for item in board.ranking[:k]], dtype=float)
    precision = np.cumsum(rel) / np.arange(1, len(rel) + 1)
    r = sum(1 for g in board.grades.values() if g is not None and g >= board.threshold)
    denominator = {"relevant": r, "found": rel.sum(), "min_k_relevant": min(k, r)}[board.setting("ap_denominator")]
    return float(np.sum(precision * rel) / denominator) if denominator else 0.0


def _single_boards(lesson, scene) -> list:
    """The boards a single-ranking scene computes on: its own, and its options' (their board and conventions)."""
    boards = [board_of(lesson, scene)]
    q = scene.question
    for option in (q.options if q is not None else ()):
        if option.measure and parse_measure(option.measure)[0] in ("AP", "P", "R", "RR", "nDCG", "DCG"):
            boards.append(board_of(lesson, scene, option.board, option.conventions))
    return boards


def _check_single_board(board) -> int:
    """The core's AP, P@k, R@k, RR, nDCG@k and DCG@k on ``board`` against the references; how many were checked."""
    checked = 0
    depth = max(len(board.ranking), 1)
    cuts = sorted({1, min(board.k, depth), depth})
    if _trec_conventions(board) and _qrels(board):
        names = {"map", "recip_rank"} | {f"{m}_{k}" for k in cuts for m in ("map_cut", "P", "recall", "ndcg_cut")}
        ref = _pytrec({"q": board}, names, board.threshold)["q"]
        assert single_value(board, "AP", None) == pytest.approx(ref[f"map_cut_{min(board.k, depth)}"], abs=LOOSE)
        assert single_value(board, "AP", depth) == pytest.approx(ref["map"], abs=LOOSE)
        assert single_value(board, "RR", None) == pytest.approx(ref["recip_rank"], abs=LOOSE)
        for k in cuts:
            assert single_value(board, "AP", k) == pytest.approx(ref[f"map_cut_{k}"], abs=LOOSE), k
            assert single_value(board, "P", k) == pytest.approx(ref[f"P_{k}"], abs=LOOSE), k
            assert single_value(board, "R", k) == pytest.approx(ref[f"recall_{k}"], abs=LOOSE), k
            assert single_value(board, "nDCG", k) == pytest.approx(ref[f"ndcg_cut_{k}"], abs=LOOSE), k
        checked += 5 * len(cuts) + 3
    for k in cuts:  # every convention: numpy
        dcg, ndcg = _np_ndcg(board, k)
        assert single_value(board, "DCG", k) == pytest.approx(dcg, abs=EXACT), k
        assert single_value(board, "nDCG", k) == pytest.approx(ndcg, abs=EXACT), k
        assert single_value(board, "AP", k) == pytest.approx(_np_ap(board, k), abs=EXACT), k
        checked += 3
    return checked


def _check_library(board, library: str, measure: str) -> bool:
    """A library's number on the board against that library itself (trec_eval: pytrec_eval with the board's scores;
    scikit-learn: ndcg_score); False when there is no reference here."""
    name, k = parse_measure(measure)
    k = k or board.k
    reported = library_value(board, library, name, k)
    if library in ("trec_eval", "pytrec_eval") and name in ("nDCG", "P", "R") and _trec_conventions(board):
        key = {"nDCG": "ndcg_cut", "P": "P", "R": "recall"}[name] + f"_{k}"
        ref = _pytrec({"q": board}, {key}, board.threshold, scores=bool(board.scores))["q"][key]
        assert reported == pytest.approx(ref, abs=LOOSE)
        return True
    if library == "sklearn" and name == "nDCG":
        from sklearn.metrics import ndcg_score

        truth = [[board.grades[item] or 0.0 for item in board.ranking]]
        scores = [[board.scores[item] for item in board.ranking]] if board.scores \
            else [list(range(len(board.ranking), 0, -1))]
        assert reported == pytest.approx(ndcg_score(truth, scores, k=k), abs=EXACT)
        return True
    return False


def _many_reference(boards: dict, view: str, average: str, k: int | None) -> float:
    """MAP or MRR by pytrec_eval: the mean of its per-query map (map_cut_k) or recip_rank over the run's queries, or
    (average "all", trec_eval -c) over every judged query, those missing from the run counting 0."""
    first = next(iter(boards.values()))
    key = ("map" if k is None else f"map_cut_{k}") if view == "map" else "recip_rank"
    per_query = _pytrec(boards, {key}, first.threshold)
    in_run = [q for q, b in boards.items() if b.ranking]
    assert sorted(per_query) == sorted(in_run)  # pytrec_eval evaluates the run's queries, R = 0 ones too
    values = [per_query[q][key] for q in in_run]
    n = len(boards) if average == "all" else len(in_run)
    return sum(values) / n


def _paired_ap(board, k: int | None) -> float:
    """A query's AP in the paired view by pytrec_eval: trec_eval's map (the whole ranking, over R), or map_cut_k when
    the scene sets K; 0 when the run does not answer it. Not cut at the board's own K (5 by default)."""
    if not board.ranking:
        return 0.0
    if not _trec_conventions(board):
        return _np_ap(board, k or len(board.ranking))
    key = "map" if k is None else f"map_cut_{k}"
    return _pytrec({"q": board}, {key}, board.threshold)["q"][key]


# --------------------------------------------------------------------------- differential: every built-in scene


@pytest.mark.parametrize("path, scene_id", SCENES)
def test_every_scene_agrees_with_independent_references(path, scene_id):
    lesson = read_lesson(path)
    _check_scene(lesson, lesson.scene(scene_id))


def _check_scene(lesson, scene) -> None:
    """Every value ``scene`` shows or asks, against the references (see the module's docstring)."""
    scene_id = scene.id
    q = scene.question
    checked = 0
    if scene.board is not None:
        for board in _single_boards(lesson, scene):
            checked += _check_single_board(board)
        if q is not None and q.kind == "value" and not q.library:
            name, k = parse_measure(q.measure)
            board = board_of(lesson, scene)
            cut = k or min(board.k, len(board.ranking))
            if name in ("nDCG", "DCG"):
                cut = k or min(board.k, max(len(board.ranking), len(board.judged())))
                dcg, ndcg = _np_ndcg(board, cut)
                assert answer(lesson, scene) == pytest.approx(ndcg if name == "nDCG" else dcg, abs=EXACT)
            elif name == "AP":
                assert answer(lesson, scene) == pytest.approx(_np_ap(board, cut), abs=EXACT)
        for option in (q.options if q is not None else ()):
            if option.library:
                checked += _check_library(board_of(lesson, scene, option.board, option.conventions), option.library,
                                          option.measure)
        if q is not None and q.kind == "value" and q.library:
            checked += _check_library(board_of(lesson, scene), q.library, q.measure)
    elif scene.queries is not None:
        boards = queries_of(lesson, scene.queries, scene)
        first = next(iter(boards.values()))
        assert _trec_conventions(first), "a many-query scene of a built-in lesson follows trec_eval"
        for view, measure in (("map", "MAP"), ("mrr", "MRR")):
            if view == "mrr" and scene.k is not None:
                continue  # pytrec_eval's recip_rank has no cut-off
            ref = _many_reference(boards, view, scene.average, scene.k)
            assert value(lesson, scene, measure) == pytest.approx(ref, abs=LOOSE), measure
            if view == scene.view:
                assert explanation(lesson, scene).value == pytest.approx(ref, abs=LOOSE)
            checked += 1
    else:
        a, b = (queries_of(lesson, name, scene) for name in scene.systems)
        ap_a = np.array([_paired_ap(board, scene.k) for board in a.values()])
        ap_b = np.array([_paired_ap(b[query], scene.k) for query in a])
        table = explanation(lesson, scene).table
        np.testing.assert_allclose(table["AP_A"], ap_a, atol=LOOSE)
        np.testing.assert_allclose(table["AP_B"], ap_b, atol=LOOSE)
        assert value(lesson, scene, "mean_difference") == pytest.approx(float(np.mean(ap_b - ap_a)), abs=LOOSE)
        p = stats.ttest_rel(ap_b, ap_a).pvalue
        core = value(lesson, scene, "t_test_p")
        assert (math.isnan(core) and math.isnan(p)) or core == pytest.approx(p, abs=1e-6)
        checked += 3
    if q is not None:
        exact = answer(lesson, scene)
        if q.kind == "rank":
            board = board_of(lesson, scene)
            hits = [i for i, item in enumerate(board.ranking, start=1)
                    if (board.grades[item] or 0.0) >= board.threshold]
            assert exact == (hits[-1] if q.of == "last_hit" else hits[0])
            checked += 1
        assert check(lesson, scene, exact).correct
    assert checked or scene.view == "paired", f"{scene_id}: nothing was checked against a reference"


def test_the_scene_check_covers_paired_and_library_scenes():
    """Lessons 4-5 bring paired comparisons and library questions: the same check runs on such scenes here."""
    text = """\
id = "p"
minutes = 5
languages = ["en"]
title = "p"
summary = "p"
[boards.a1]
grades = { x = 1, y = 0, z = 1 }
ranking = ["y", "x", "z"]
[boards.b1]
grades = { x = 1, y = 0, z = 1 }
ranking = ["x", "z", "y"]
[boards.a2]
grades = { u = 2, v = 0, w = 1 }
ranking = ["u", "v", "w"]
[boards.b2]
grades = { u = 2, v = 0, w = 1 }
ranking = ["v", "u", "w"]
[boards.a3]
grades = { s = 1, t = 0 }
ranking = ["t", "s"]
[boards.b3]
grades = { s = 1, t = 0 }
ranking = ["s", "t"]
[boards.tied]
grades = { t1 = 1, t2 = 3, t3 = 0, t4 = 2 }
ranking = ["t1", "t2", "t3", "t4"]
scores = { t1 = 0.5, t2 = 0.5, t3 = 0.4, t4 = 0.1 }
k = 4
[query_sets.A]
q1 = "a1"
q2 = "a2"
q3 = "a3"
[query_sets.B]
q1 = "b1"
q2 = "b2"
q3 = "b3"
[[scenes]]
id = "paired"
view = "paired"
systems = ["A", "B"]
title = "t"
say = "t"
[scenes.question]
kind = "value"
measure = "t_test_p"
prompt = "p"
[[scenes]]
id = "library"
view = "ndcg"
board = "tied"
title = "t"
say = "t"
[scenes.question]
kind = "value"
measure = "nDCG@3"
library = "sklearn"
prompt = "p"
[[scenes]]
id = "trec"
view = "ndcg"
board = "tied"
title = "t"
say = "t"
[scenes.question]
kind = "value"
measure = "nDCG@3"
library = "trec_eval"
prompt = "p"
"""
    lesson = parse_lesson(text)
    for scene in lesson.scenes:
        _check_scene(lesson, scene)
    scene = lesson.scene("paired")
    assert 0 < answer(lesson, scene) < 1


def test_exponential_gain_is_checked_against_numpy_and_the_article_s_own_code():
    """Lesson 2's exponential scene: the article's code (sample_data 003_ndcg) computes what the core does."""
    lesson, scene = _lesson_scene(builtin_lesson("graded-relevance"), "exponential-gain")
    board = board_of(lesson, scene)
    assert board.setting("gain") == "exponential"

    def dcg_at_k(relevance_scores, k):  # the article's dcg_at_k, as printed
        return sum((2 ** s - 1) / math.log2(i + 1) for i, s in enumerate(relevance_scores[:k], start=1))

    rels = [int(board.grades[item]) for item in board.ranking]
    article = dcg_at_k(rels, 5) / dcg_at_k(sorted(rels, reverse=True), 5)
    assert answer(lesson, scene) == pytest.approx(article, abs=EXACT)
    assert answer(lesson, scene) == pytest.approx(_np_ndcg(board, 5)[1], abs=EXACT)


def test_the_ideal_from_the_list_is_the_articles_and_differs_from_trec_eval_s():
    lesson, scene = _lesson_scene(builtin_lesson("graded-relevance"), "ideal-from-list")
    judged = board_of(lesson, scene, conventions={"ideal": "judged"})
    listed = board_of(lesson, scene)
    ref = _pytrec({"q": judged}, {"ndcg_cut_5"})["q"]["ndcg_cut_5"]
    assert single_value(judged, "nDCG", 5) == pytest.approx(ref, abs=LOOSE)
    # article 004's code: the ideal sorts the list's own grades
    rels = [listed.grades[item] for item in listed.ranking]
    terms = [g / math.log2(i + 2) for i, g in enumerate(rels)]
    ideal = [g / math.log2(i + 2) for i, g in enumerate(sorted(rels, reverse=True))]
    assert single_value(listed, "nDCG", 5) == pytest.approx(sum(terms) / sum(ideal), abs=EXACT)
    assert answer(lesson, scene) == "list"


def test_map_and_mrr_follow_trec_eval_on_queries_longer_than_k_and_without_relevant_items():
    """MAP is trec_eval's map (each query's whole ranking), not AP cut at a board's K; R = 0 counts 0; a query
    missing from the run counts only with average = "all" (trec_eval -c)."""
    text = """\
id = "m"
minutes = 5
languages = ["en"]
title = "m"
summary = "m"
[boards.long]
grades = { a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 1, h = 1 }
ranking = ["a", "b", "c", "d", "e", "f", "g"]
k = 5
[boards.none]
grades = { x = 0, y = 0 }
ranking = ["y", "x"]
[boards.missing]
grades = { m = 1 }
ranking = []
[query_sets.s]
q1 = "long"
q2 = "none"
q3 = "missing"
"""
    scenes = ""
    for average in ("run", "all"):
        for view in ("map", "mrr"):
            scenes += f"""
[[scenes]]
id = "{view}-{average}"
view = "{view}"
queries = "s"
average = "{average}"
step = 1
title = "t"
say = "t"
[scenes.question]
kind = "value"
measure = "{view.upper()}"
prompt = "p"
"""
    lesson = parse_lesson(text + scenes)
    for scene in lesson.scenes:
        boards = queries_of(lesson, "s", scene)
        ref = _many_reference(boards, scene.view, scene.average, None)
        assert answer(lesson, scene) == pytest.approx(ref, abs=LOOSE)
        assert explanation(lesson, scene).value == pytest.approx(ref, abs=LOOSE)
    by_hand = {"map-run": (1 / 7 / 2 + 0) / 2, "map-all": (1 / 7 / 2 + 0 + 0) / 3,
               "mrr-run": (1 / 7 + 0) / 2, "mrr-all": (1 / 7 + 0 + 0) / 3}
    for scene_id, expected in by_hand.items():
        assert answer(lesson, lesson.scene(scene_id)) == pytest.approx(expected, abs=EXACT), scene_id
    assert len(explanation(lesson, lesson.scene("map-all")).table) == 3
    assert len(explanation(lesson, lesson.scene("map-run")).table) == 2


# --------------------------------------------------------------------------- checking answers


def test_a_wrong_answer_names_the_mistake():
    lesson, scene = _lesson_scene(builtin_lesson("hits-to-positions"), "average-precision")
    wrong = value(lesson, scene, "AP", conventions={"ap_denominator": "found"})
    verdict = check(lesson, scene, round(wrong, 3))
    assert not verdict.correct
    assert verdict.mistake is not None and verdict.mistake.name == "ap_over_found"
    assert verdict.mistake.value == pytest.approx(wrong, abs=EXACT)


def test_the_ideal_from_the_list_is_named_on_lesson_two():
    lesson, scene = _lesson_scene(builtin_lesson("graded-relevance"), "ideal-ordering")
    wrong = value(lesson, scene, "nDCG@5", conventions={"ideal": "list"})
    verdict = check(lesson, scene, round(wrong, 3))
    assert not verdict.correct
    assert verdict.mistake is not None and verdict.mistake.name in ("ideal_from_list", "ideal=list")


def test_linear_gain_is_named_on_the_exponential_scene():
    lesson, scene = _lesson_scene(builtin_lesson("graded-relevance"), "exponential-gain")
    wrong = value(lesson, scene, "nDCG@5", conventions={"gain": "linear"})
    verdict = check(lesson, scene, round(wrong, 3))
    assert not verdict.correct and verdict.mistake is not None
    assert verdict.mistake.value == pytest.approx(wrong, abs=EXACT)


@pytest.mark.parametrize("lesson_id, scene_id", [("hits-to-positions", "average-precision"),
                                                 ("graded-relevance", "discount"),
                                                 ("graded-relevance", "ideal-ordering"),
                                                 ("many-queries", "every-judged-query")])
def test_a_right_answer_within_tolerance_is_correct(lesson_id, scene_id):
    lesson, scene = _lesson_scene(builtin_lesson(lesson_id), scene_id)
    exact = answer(lesson, scene)
    assert check(lesson, scene, exact).correct
    assert check(lesson, scene, round(exact, scene.question.decimals)).correct
    assert not check(lesson, scene, exact + 3 * TOLERANCE).correct


def test_a_pooled_map_is_wrong():
    lesson, scene = _lesson_scene(builtin_lesson("many-queries"), "map-query-by-query")
    boards = queries_of(lesson, scene.queries, scene)
    terms, relevant = 0.0, 0
    for board in boards.values():
        rel = np.array([(board.grades[i] or 0) >= 1 for i in board.ranking], dtype=float)
        terms += float(np.sum(rel * np.cumsum(rel) / np.arange(1, len(rel) + 1)))
        relevant += board.n_relevant
    pooled = terms / relevant
    assert abs(pooled - answer(lesson, scene)) > 3 * TOLERANCE
    assert not check(lesson, scene, round(pooled, 3)).correct


def test_a_rank_question():
    lesson, scene = _lesson_scene(builtin_lesson("graded-relevance"), "gain-and-cg")
    exact = answer(lesson, scene)
    assert isinstance(exact, int)
    assert check(lesson, scene, exact).correct
    assert not check(lesson, scene, exact + 1).correct
    assert not check(lesson, scene, exact - 1).correct


def test_a_choice_question():
    lesson, scene = _lesson_scene(builtin_lesson("graded-relevance"), "ideal-from-list")
    assert check(lesson, scene, "list").correct
    verdict = check(lesson, scene, "judged")
    assert not verdict.correct and verdict.exact == "list"
    lesson, scene = _lesson_scene(builtin_lesson("many-queries"), "map-or-mrr")
    assert check(lesson, scene, answer(lesson, scene)).correct
    assert value(lesson, scene, "MAP") > value(lesson, scene, "MRR")  # the surprise the scene is about


def test_a_paired_scene_takes_each_query_s_ap_uncut_as_trec_eval_s_map_unless_it_sets_k():
    """A query set's boards keep K = 5 by default: a paired scene must not cut AP there (hits at ranks 6-7 count)."""
    text = """\
id = "p"
minutes = 5
languages = ["en"]
title = "p"
summary = "p"
[boards.a1]
grades = { a = 0, b = 0, c = 0, d = 0, e = 0, f = 1, g = 1 }
ranking = ["a", "b", "c", "d", "e", "f", "g"]
[boards.b1]
grades = { a = 0, b = 0, c = 0, d = 0, e = 0, f = 1, g = 1 }
ranking = ["f", "a", "b", "c", "d", "e", "g"]
[boards.a2]
grades = { x = 1, y = 0, z = 1 }
ranking = ["y", "x", "z"]
[boards.b2]
grades = { x = 1, y = 0, z = 1 }
ranking = ["x", "y", "z"]
[query_sets.A]
q1 = "a1"
q2 = "a2"
[query_sets.B]
q1 = "b1"
q2 = "b2"
[[scenes]]
id = "uncut"
view = "paired"
systems = ["A", "B"]
title = "t"
say = "t"
[scenes.question]
kind = "value"
measure = "mean_difference"
prompt = "p"
[[scenes]]
id = "cut"
view = "paired"
systems = ["A", "B"]
k = 5
title = "t"
say = "t"
[scenes.question]
kind = "value"
measure = "mean_difference"
prompt = "p"
"""
    lesson = parse_lesson(text)
    uncut = explanation(lesson, lesson.scene("uncut")).table
    for system, column in (("A", "AP_A"), ("B", "AP_B")):
        boards = queries_of(lesson, system, lesson.scene("uncut"))
        ref = _pytrec(boards, {"map", "map_cut_5"})
        np.testing.assert_allclose(uncut[column], [ref[q]["map"] for q in boards], atol=LOOSE)
        cut = explanation(lesson, lesson.scene("cut")).table
        np.testing.assert_allclose(cut[column], [ref[q]["map_cut_5"] for q in boards], atol=LOOSE)
    assert uncut["AP_A"].iloc[0] > 0  # hits at ranks 6 and 7 count
    for scene in lesson.scenes:
        _check_scene(lesson, scene)


@pytest.mark.parametrize("library, measure", [("trec_eval", "RR"), ("pytrec_eval", "RR"), ("sklearn", "AP"),
                                              ("ir_measures", "RR@2"), ("ranx", "nDCG@3"),
                                              ("recommenders", "AP@3"), ("torchmetrics", "nDCG@3")])
def test_library_value_reads_each_library_s_own_label(library, measure):
    board = parse_lesson("""\
id = "l"
minutes = 5
languages = ["en"]
title = "l"
summary = "l"
[boards.b]
grades = { t1 = 0, t2 = 3, t3 = 0, t4 = 2 }
ranking = ["t1", "t2", "t3", "t4"]
k = 4
[[scenes]]
id = "s"
view = "ndcg"
board = "b"
title = "t"
say = "t"
""").boards["b"]
    name, k = parse_measure(measure)
    assert 0 < library_value(board, library, name, k) <= 1


def test_library_value_says_which_measures_a_library_lacks():
    board = parse_lesson('id = "l"\nminutes = 5\nlanguages = ["en"]\ntitle = "l"\nsummary = "l"\n[boards.b]\n'
                         'grades = { x = 1 }\nranking = ["x"]\n[[scenes]]\nid = "s"\nview = "rr"\nboard = "b"\n'
                         'title = "t"\nsay = "t"\n').boards["b"]
    with pytest.raises(MetricsInputError, match="recommenders has no RR"):
        library_value(board, "recommenders", "RR", 1)
