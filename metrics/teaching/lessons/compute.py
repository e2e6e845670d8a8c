"""Every number of a lesson, computed by the core from a scene's board: the step table a scene walks, the exact
answer to its question, and the check of a learner's answer with the named mistake and the step where it went
wrong.

The single-ranking views compute exactly as the explainer pages do (``ui.topics.paced``: nDCG with the board's gain
and ideal ordering, AP with its denominator D and threshold, RR with or without a cut-off, P/R/F1/Hit@K); MAP and
MRR as :mod:`metrics.teaching.many_queries` (trec_eval's ``map`` and ``recip_rank`` averaged over the run's queries,
or over every judged query with ``-c``); a paired comparison as :mod:`metrics.statistics.significance` (paired
t-test, randomization test with seed 0, Smucker, Allan and Carterette, CIKM 2007).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache, partial

import numpy as np
import pandas as pd

from ...errors import MetricsInputError, input_error
from ...explanation import Explanation, Line, num, so_far
from ...measures.ap import ap_steps
from ...measures.cutoff import f1_steps, hit_rate_steps, precision_steps, r_precision_steps, recall_steps
from ...measures.ndcg import ndcg_steps
from ...measures.registry import quizzes
from ...measures.rr import rr_steps
from ...messages import N_
from .. import quiz
from ..many_queries import map_steps, mrr_steps
from .model import CONVENTIONS, DEFAULTS, Lesson, Option, Question, Scene, SceneBoard, Text

#: a value question's answer is right within this distance of the exact value (the quiz's)
TOLERANCE = quiz.TOLERANCE
#: the measures a value question may ask on one ranking, with their cut-off (``P@3``); K from the scene without one
SINGLE_MEASURES = ("P", "R", "F1", "Success", "AP", "RR", "nDCG", "DCG", "Rprec")
MANY_MEASURES = ("MAP", "MRR")
PAIRED_MEASURES = ("mean_difference", "t_test_p", "randomization_p", "wins", "losses")
#: measures that count queries (wins: B above A, losses: B below A; a tie is neither): whole numbers
COUNT_MEASURES = ("wins", "losses")
OTHER_MEASURES = ("familywise_error", "bonferroni_alpha")
MEASURE = re.compile(r"^(?P<name>[A-Za-z_0-9]+?)(?:@(?P<k>\d+))?$")
#: the randomization test's trials and seed in a lesson (fixed, so that every screen shows the same p)
TRIALS, SEED = 10_000, 0
#: the quiz's metric for a measure, when its diagnoses apply (trec_eval's conventions, whole grades)
QUIZ_METRIC = {name: quiz.label for name, quiz in quizzes()}  # the registry's declarations: {"DCG": "DCG@K", ...}
#: the conventions a measure's value depends on (the others leave it as it is)
SETTINGS_OF = {"nDCG": ("gain", "ideal"), "DCG": ("gain",), "AP": ("ap_denominator",), "MAP": ("ap_denominator",),
               "RR": ("rr_cut",)}
#: what a convention changed to another value is called, in English (marked: the app translates it)
CONVENTION_MISTAKES = {
    ("gain", "linear"): N_("Linear gain instead of exponential gain (2^rel − 1)"),
    ("gain", "exponential"): N_("Exponential gain (2^rel − 1) instead of linear gain"),
    ("ideal", "list"): N_("The ideal ordering built from the list only, not from every judged item"),
    ("ideal", "judged"): N_("The ideal ordering built from every judged item, not from the list"),
    ("ap_denominator", "relevant"): N_("AP divided by R, every relevant judged item"),
    ("ap_denominator", "found"): N_("AP divided by the hits found instead of R"),
    ("ap_denominator", "min_k_relevant"): N_("AP divided by min(K, R)"),
    ("rr_cut", True): N_("RR cut at rank K"),
    ("rr_cut", False): N_("RR without a cut-off"),
}
#: a convention's value as the explanation of a convention mistake names the one a scene computes with
CONVENTION_NAMES = {
    ("gain", "linear"): "linear gain", ("gain", "exponential"): "exponential gain (2^rel − 1)",
    ("ideal", "list"): "the ideal ordering of the list only",
    ("ideal", "judged"): "the ideal ordering of every judged item",
    ("ap_denominator", "relevant"): "AP divided by R", ("ap_denominator", "found"): "AP divided by the hits found",
    ("ap_denominator", "min_k_relevant"): "AP divided by min(K, R)",
    ("rr_cut", True): "RR cut at rank K", ("rr_cut", False): "RR without a cut-off",
}


def parse_measure(measure: str) -> tuple[str, int | None]:
    """``"P@3"`` -> ``("P", 3)``, ``"AP"`` -> ``("AP", None)``; MetricsInputError for a name lessons do not know.

    >>> parse_measure("nDCG@5"), parse_measure("MAP")
    (('nDCG', 5), ('MAP', None))
    """
    match = MEASURE.match(str(measure).strip())
    known = SINGLE_MEASURES + MANY_MEASURES + PAIRED_MEASURES + OTHER_MEASURES
    if not match or match["name"] not in known:
        raise input_error(N_("unknown measure {measure}; a lesson knows {known} (P@3, nDCG@5, …)"),
                          measure=repr(measure),
                          known=", ".join(known))
    k = int(match["k"]) if match["k"] else None
    if k is not None and (k < 1 or match["name"] in PAIRED_MEASURES + OTHER_MEASURES + ("Rprec",)):
        raise input_error(N_("measure {measure} takes no cut-off @{k}") if k else N_("cut-off of {measure} < 1"),
                          measure=repr(measure), k=k)
    return match["name"], k


# --------------------------------------------------------------------------- boards


def board_of(lesson: Lesson, scene: Scene, name: str | None = None, conventions=None) -> SceneBoard:
    """The board ``name`` (default: the scene's) with the scene's K and conventions (then ``conventions``)."""
    board = lesson.boards[name or scene.board]
    board = SceneBoard(board.grades, board.ranking, scene.k or board.k, board.scores,
                       {**board.conventions, **scene.conventions, **dict(conventions or {})})
    return board


def queries_of(lesson: Lesson, name: str, scene: Scene, conventions=None) -> dict[str, SceneBoard]:
    """A query set's boards, query id -> board with the scene's K and conventions."""
    return {query: board_of(lesson, scene, board, conventions) for query, board in lesson.query_sets[name].queries.items()}


def _averaged(boards: dict[str, SceneBoard], average: str) -> dict[str, SceneBoard]:
    """The queries a mean is taken over: those the run answers (trec_eval's default), or every judged query (-c)."""
    return boards if average == "all" else {q: b for q, b in boards.items() if b.ranking}


def _many_boards(lesson: Lesson, scene: Scene, conventions=None) -> dict[str, SceneBoard]:
    """The boards of the scene's query set that its mean is taken over (``scene.average``); MetricsInputError when
    there is none."""
    boards = _averaged(queries_of(lesson, scene.queries, scene, conventions), scene.average)
    if not boards:
        raise input_error(N_("no query of the set is in the run"))
    return boards


# --------------------------------------------------------------------------- step tables


def single_explanation(view: str, board: SceneBoard) -> Explanation:
    """The step table a single-ranking page walks for ``board`` (the page's own calls, ui.topics.paced)."""
    rels, items, threshold = board.rels(), list(board.ranking), board.threshold
    if view == "ndcg":
        k = min(board.k, max(1, len(board.ranking), len(board.judged())))
        return ndcg_steps(rels, k=k, gain=board.setting("gain"), ideal=board.ideal_grades(), items=items,
                          ideal_items=board.ideal_items(), ideal_from=board.setting("ideal"))
    k = min(board.k, max(1, len(board.ranking)))
    if view == "ap":
        return ap_steps(rels, k=k, n_relevant=board.n_relevant, denominator=board.setting("ap_denominator"),
                        items=items, threshold=threshold)
    if view == "rr":
        return rr_steps(rels, k=k if board.setting("rr_cut") else None, items=items, threshold=threshold)
    if view == "cutoff":
        return precision_steps(rels, k, items=items, threshold=threshold)
    raise input_error(N_("unknown view {view}"), view=repr(view))


def many_explanation(view: str, boards: dict[str, SceneBoard], k: int | None = None) -> Explanation:
    """MAP (``view`` "map") or MRR ("mrr") over ``boards``, query by query, as trec_eval computes them: each query's
    AP over its whole ranking divided by its R (``map``), or 1 / the rank of its first relevant item
    (``recip_rank``), none cut unless ``k`` is given (then ``map_cut_k``, RR@k); a query the run does not answer (an
    empty ranking) counts 0, a query without relevant items too. The conventions are the first board's."""
    first = next(iter(boards.values()))
    grades = {q: board.rels() for q, board in boards.items()}
    if view == "map":
        return map_steps(grades, k=k, n_relevant={q: board.n_relevant for q, board in boards.items()},
                         denominator=first.setting("ap_denominator"), threshold=first.threshold)
    return mrr_steps(grades, k=k, threshold=first.threshold)


def _paired_lines(table: pd.DataFrame, step: int, text: bool) -> tuple[Line, ...]:
    """``mean d = (d₁ + … + d_step) / step`` in symbols, then with the numbers and their mean."""
    shown = table.iloc[:step]
    lhs = so_far("mean d" if text else r"\bar{d}", step, len(table), text)
    head, tail = ("(", f") / {step}") if text else (rf"\frac{{1}}{{{step}}}\bigl(", r"\bigr)")
    named = tuple((f"d{q}" if text else f"d_{{{q}}}") for q in range(1, step + 1))
    numbers = tuple(num(value) for value in shown["d"])
    return (Line(lhs, named, head=head, tail=tail),
            Line("", numbers, head=head, tail=tail, result=num(shown["mean_d_so_far"].iloc[-1]) if step else "0"))


PAIRED_FORMULA = r"\bar{d} = \frac{1}{n} \sum_{q=1}^{n} \bigl(\mathrm{AP}^{B}_q - \mathrm{AP}^{A}_q\bigr)"


def paired_ap(board: SceneBoard, k: int | None = None) -> float:
    """One query's AP in a paired comparison: trec_eval's ``map`` (the whole ranking, divided by R under the default
    convention), or ``map_cut_k`` when ``k`` is given (a scene that sets its K); 0 when the run does not answer the
    query. The board's own K is not used: a query set's boards keep the default K of 5, and a paired comparison is
    over each query's whole ranking."""
    if not board.ranking:
        return 0.0
    return _ap(tuple(board.rels()), k or len(board.ranking), board.n_relevant, board.setting("ap_denominator"),
               board.threshold)


@lru_cache(maxsize=4096)
def _ap(rels: tuple[float, ...], k: int, n_relevant: int, denominator: str, threshold: float) -> float:
    """AP as the AP page computes it, remembered: a paired scene asks for the same queries' APs many times (its
    table, each measure, the check that it does not give its answer away)."""
    return ap_steps(list(rels), k=k, n_relevant=n_relevant, denominator=denominator, threshold=threshold).value


def paired_explanation(a: dict[str, SceneBoard], b: dict[str, SceneBoard]) -> Explanation:
    """System B against A, query by query: AP of each (trec_eval's map, uncut), their difference d = B − A and the
    running mean of d; the last row's mean is the value."""
    return _paired_explanation(a, b, None)


def _paired_explanation(a: dict[str, SceneBoard], b: dict[str, SceneBoard], k: int | None) -> Explanation:
    """:func:`paired_explanation` with each query's AP cut at ``k`` (None: uncut, trec_eval's map)."""
    queries = list(a)
    ap_a = np.array([paired_ap(a[q], k) for q in queries])
    ap_b = np.array([paired_ap(b[q], k) for q in queries])
    d = ap_b - ap_a
    table = pd.DataFrame({"query": queries, "AP_A": ap_a, "AP_B": ap_b, "d": d,
                          "mean_d_so_far": np.cumsum(d) / np.arange(1, len(d) + 1)})
    return Explanation.written(writer=partial(_paired_lines, table), measure="mean d", value=float(table["mean_d_so_far"].iloc[-1]),
                               table=table, formula=PAIRED_FORMULA, column="mean_d_so_far",
                               running={"mean d": "mean_d_so_far"})


def explanation(lesson: Lesson, scene: Scene) -> Explanation:
    """The step table ``scene`` walks: one ranking's (its view's page), MAP or MRR over a query set, or a paired
    comparison of two systems."""
    if scene.view in ("ndcg", "ap", "rr", "cutoff"):
        return single_explanation(scene.view, board_of(lesson, scene))
    if scene.view in ("map", "mrr"):
        return many_explanation(scene.view, _many_boards(lesson, scene), scene.k)
    a, b = (queries_of(lesson, name, scene) for name in scene.systems)
    return _paired_explanation(a, b, scene.k)


def cutoff_explanations(board: SceneBoard) -> dict[str, Explanation]:
    """P, R, F1 and Hit at the board's K, as the cut-off page shows them side by side."""
    rels, k, items, threshold = board.rels(), min(board.k, max(1, len(board.ranking))), list(board.ranking), board.threshold
    return {"P": precision_steps(rels, k, items=items, threshold=threshold),
            "R": recall_steps(rels, k, n_relevant=board.n_relevant, items=items, threshold=threshold),
            "F1": f1_steps(rels, k, n_relevant=board.n_relevant, items=items, threshold=threshold),
            "Hit": hit_rate_steps(rels, k, items=items, threshold=threshold)}


# --------------------------------------------------------------------------- values


def single_value(board: SceneBoard, name: str, k: int | None) -> float:
    """``name@k`` on one board under its conventions (K: the board's when the name has none)."""
    if not board.ranking:
        raise input_error(N_("the board ranks no item"))
    cut = k or min(board.k, len(board.ranking))  # without @k, the page's K: the board's, clipped to the ranking
    rels, threshold, relevant = board.rels(), board.threshold, board.n_relevant
    if name in ("nDCG", "DCG"):
        cut = k or min(board.k, max(len(board.ranking), len(board.judged())))  # the nDCG page's K
        e = ndcg_steps(rels, k=cut, gain=board.setting("gain"), ideal=board.ideal_grades())
        return float(e.table["DCG"].iloc[-1]) if name == "DCG" else e.value
    if name == "AP":
        return ap_steps(rels, k=cut, n_relevant=relevant, denominator=board.setting("ap_denominator"), threshold=threshold).value
    if name == "RR":
        return rr_steps(rels, k=k or (board.k if board.setting("rr_cut") else None), threshold=threshold).value
    if name == "Rprec":
        return r_precision_steps(rels, n_relevant=relevant, threshold=threshold).value
    function = {"P": precision_steps, "Success": hit_rate_steps}.get(name)
    if function is not None:
        return function(rels, cut, threshold=threshold).value
    function = {"R": recall_steps, "F1": f1_steps}[name]
    return function(rels, cut, n_relevant=relevant, threshold=threshold).value


def library_value(board: SceneBoard, library: str, name: str, k: int | None) -> float:
    """``name@k`` as ``library`` (a key of :data:`metrics.conventions.PRESETS`) reports it for the board's ranking
    (its scores, when given, decide the order the library reads); an interval (ties left undefined) is refused."""
    from ...conventions import MEASURES, PRESETS, measure_label, score_under

    if library not in PRESETS:
        raise input_error(N_("unknown library {library}; one of {known}"), library=repr(library),
                          known=", ".join(PRESETS))
    convention = PRESETS[library]
    if name not in MEASURES:
        raise input_error(N_("{library} is not modelled for {name}; one of {known}"), library=library, name=name,
                          known=", ".join(MEASURES))
    if name not in convention.offers:
        raise input_error(N_("{library} has no {name}; it offers {known}"), library=library, name=name,
                          known=", ".join(convention.offers))
    cut = k or board.k
    scores = [board.scores[item] for item in board.ranking] if board.scores else None
    reported = score_under(convention, list(board.ranking), {i: g for i, g in board.grades.items() if g is not None},
                           cut, scores)
    # the library's own label: "AP" and "RR" without "@k" where the library has no cut-off (trec_eval's recip_rank)
    value = reported[measure_label(convention, name, cut)]
    if isinstance(value, tuple):
        raise input_error(N_("{library} leaves the order of tied items undefined here ({name} from {low:.4f} to "
                             "{high:.4f}): break the tie"), library=library, name=name, low=value[0], high=value[1])
    return float(value)


def familywise_error(tests: int, alpha: float) -> float:
    """The chance of at least one false positive in ``tests`` independent tests at level ``alpha`` when no
    difference is real: 1 − (1 − α)^m.

    >>> round(familywise_error(10, 0.05), 4)
    0.4013
    """
    return 1.0 - (1.0 - alpha) ** tests


def _uncut_at_k(library: str, name: str, k: int | None) -> None:
    """MetricsInputError when a lesson asks ``name@k`` of a library that computes ``name`` without a cut-off
    (trec_eval's ``RR@5`` would be its uncut recip_rank under another name)."""
    from ...conventions import PRESETS, measure_label

    if k is not None and library in PRESETS and "@" not in measure_label(PRESETS[library], name, k):
        raise input_error(N_("{library} computes {name} without a cut-off: ask {name}, not {name}@{k}"),
                          library=library,
                          name=name, k=k)


def value(lesson: Lesson, scene: Scene, measure: str, board: str | None = None, conventions=None,
          library: str | None = None, tests: int | None = None, alpha: float | None = None) -> float:
    """``measure`` on the scene (its board, or ``board``; its conventions, then ``conventions``; as ``library``
    reports it), computed by the core."""
    from ...statistics.significance import paired_t_test, randomization_test

    name, k = parse_measure(measure)
    if name in SINGLE_MEASURES:
        target = board or scene.board
        if target is None:
            raise input_error(N_("{measure} needs a board"), measure=measure)
        shown = board_of(lesson, scene, target, conventions)
        if not library:
            return single_value(shown, name, k)
        _uncut_at_k(library, name, k)
        return library_value(shown, library, name, k)
    if library:
        raise input_error(N_("{measure} is not a library's number"), measure=measure)
    if name in MANY_MEASURES:
        if scene.queries is None:
            raise input_error(N_("{measure} needs a query set (queries)"), measure=measure)
        # the view's own computation (the step table's last row), cut at @k or the scene's K, else not at all
        boards = _many_boards(lesson, scene, conventions)
        return many_explanation("map" if name == "MAP" else "mrr", boards, k or scene.k).value
    if name in PAIRED_MEASURES:
        if scene.systems is None:
            raise input_error(N_("{measure} needs two systems (systems)"), measure=measure)
        a, b = (queries_of(lesson, s, scene, conventions) for s in scene.systems)
        table = _paired_explanation(a, b, scene.k).table
        if name == "mean_difference":
            return float(table["d"].mean())
        if name in COUNT_MEASURES:
            d = table["d"].to_numpy()
            return float(np.count_nonzero(d > 1e-12 if name == "wins" else d < -1e-12))
        if name == "t_test_p":
            return float(paired_t_test(table["AP_A"].to_numpy(), table["AP_B"].to_numpy())[1])
        return float(randomization_test(table["AP_A"].to_numpy(), table["AP_B"].to_numpy(), trials=TRIALS, seed=SEED))
    if tests is None or alpha is None:
        raise input_error(N_("{measure} needs tests and alpha"), measure=measure)
    # a choice's options read the question's tests and alpha, which the reader checks only for a value question
    if isinstance(tests, bool) or not isinstance(tests, int) or tests < 1:
        raise input_error(N_("{measure}: tests must be a whole number of at least 1, got {value}"), measure=measure,
                          value=repr(tests))
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float)) or not 0 < alpha < 1:
        raise input_error(N_("{measure}: alpha must be a level between 0 and 1, got {value}"), measure=measure,
                          value=repr(alpha))
    return familywise_error(tests, alpha) if name == "familywise_error" else alpha / tests


def first_hit(board: SceneBoard, last: bool = False) -> int | None:
    """The rank of the first (``last``: last) relevant item in the ranking (within K for RR@K), or None."""
    hits = [i for i, grade in enumerate(board.rels(), start=1) if grade >= board.threshold]
    if board.setting("rr_cut"):
        hits = [i for i in hits if i <= board.k]
    return (hits[-1] if last else hits[0]) if hits else None


def option_value(lesson: Lesson, scene: Scene, option: Option, question: Question) -> float:
    return value(lesson, scene, option.measure, option.board, option.conventions, option.library,
                 question.tests, question.alpha)


def answer(lesson: Lesson, scene: Scene) -> float | int | str:
    """The exact answer to the scene's question: a number, a rank or an option's id."""
    q = scene.question
    if q is None:
        raise input_error(N_("the scene asks nothing"))
    if q.kind == "value":
        return value(lesson, scene, q.measure, library=q.library, tests=q.tests, alpha=q.alpha)
    if q.kind == "rank":
        if scene.board is None:
            raise input_error(N_("a rank question asks about one ranking: give it a single-ranking view "
                                 "(ndcg, ap, rr, cutoff) and its board"))
        rank = first_hit(board_of(lesson, scene), last=q.of == "last_hit")
        if rank is None:
            raise input_error(N_("the ranking has no relevant item to ask the rank of"))
        return rank
    if q.answer is not None and not any(option.measure for option in q.options):
        return q.answer
    return pick_option({option.id: option_value(lesson, scene, option, q) for option in q.options}, q.pick)


def pick_option(values: dict[str, float], pick: str) -> str:
    """The option with the ``largest`` (``pick``) or smallest value; MetricsInputError when two tie there."""
    best = (max if pick == "largest" else min)(values.values())
    chosen = [key for key, v in values.items() if abs(v - best) <= 1e-12]
    if len(chosen) > 1:
        raise input_error(N_("options {options} tie at {best:.4f}: no single right option"), options=", ".join(chosen),
                          best=best)
    return chosen[0]


def option_values(lesson: Lesson, scene: Scene) -> dict[str, float]:
    """Each computed option's value (what the reveal shows beside it); empty for a choice without measures."""
    q = scene.question
    if q is None or q.kind != "choice" or not any(option.measure for option in q.options):
        return {}
    return {option.id: option_value(lesson, scene, option, q) for option in q.options}


# --------------------------------------------------------------------------- checking an answer


@dataclass(frozen=True)
class Mistake:
    """A wrong answer explained: ``name`` (a quiz mistake's, ``setting=value`` for another convention, or one of
    :data:`.mistakes.TEXTS`), its English ``title`` and ``explanation``, the value (a number, a rank) that mistake
    gives, and where it goes wrong: ``where`` (English) and the step table's ``rank`` to show (None: the last).

    A mistake of :mod:`.mistakes` also keeps its English ``template`` and ``look`` (where to look) with their
    ``fields`` (numbers and ids written out; a ``Text`` is said in the reader's language), which the app translates; ``also`` names the
    other mistakes that give the same answer."""

    name: str
    title: str
    explanation: str
    value: float
    where: str
    rank: int | None = None
    diagnosis: quiz.Diagnosis | None = None
    template: str = ""
    fields: Mapping[str, object] = field(default_factory=dict)
    look: str = ""
    also: tuple[str, ...] = ()


@dataclass(frozen=True)
class Verdict:
    """A learner's answer checked: right or not, the exact answer, the answer given and, for a wrong one, the
    likely mistake (None when none matches)."""

    correct: bool
    exact: float | int | str
    given: float | int | str
    mistake: Mistake | None = None
    short: bool = False  #: close, but with fewer decimals than asked
    values: Mapping[str, float] = field(default_factory=dict)  #: a computed choice: each option's value
    why: Text | None = None  #: a literal choice: the picked wrong option's ``why``, when it has one


def quiz_question(lesson: Lesson, scene: Scene) -> quiz.Question | None:
    """The quiz's question for a value question on one board, when the quiz computes the same value (its
    conventions: whole grades, threshold 1, ideal from the judged items, AP over R); else None."""
    q = scene.question
    if q is None or q.kind != "value" or q.library or scene.board is None:
        return None
    name, k = parse_measure(q.measure)
    metric = QUIZ_METRIC.get(name)
    board = board_of(lesson, scene)
    if metric is None or not board.ranking:
        return None
    grades = list(board.grades.values())
    if any(g is None or float(g) != int(g) or g < 0 for g in grades) or board.threshold != 1:
        return None
    pool = [board.grades[item] for item in board.grades if item not in board.ranking]
    question = quiz.build_question([int(g) for g in board.rels()], k or board.k, metric, pool=[int(g) for g in pool],
                                   gain=board.setting("gain"), items=list(board.ranking),
                                   pool_items=[item for item in board.grades if item not in board.ranking])
    exact = answer(lesson, scene)
    return question if abs(question.answer - exact) <= 1e-12 else None


def convention_mistakes(lesson: Lesson, scene: Scene, exact: float) -> list[Mistake]:
    """The same measure under each other value of each convention it depends on, where that gives another number."""
    q = scene.question
    if q.library or scene.board is None and scene.queries is None:
        return []
    name, _ = parse_measure(q.measure)
    if name in PAIRED_MEASURES + OTHER_MEASURES:
        return []
    settings = SETTINGS_OF.get(name, ())
    current = board_of(lesson, scene, scene.board or next(iter(lesson.query_sets[scene.queries].queries.values())))
    found = []
    for setting in settings:
        for other in CONVENTIONS[setting]:
            if other == current.setting(setting):
                continue
            try:
                wrong = value(lesson, scene, q.measure, conventions={setting: other})
            except MetricsInputError:
                continue
            if abs(wrong - exact) > TOLERANCE:
                found.append(Mistake(f"{setting}={other}", CONVENTION_MISTAKES[(setting, other)],
                                     f"That gives {wrong:.4f}; this scene computes with "
                                     f"{CONVENTION_NAMES[(setting, current.setting(setting))]}.",
                                     wrong, "the conventions"))
    return found


# --------------------------------------------------------------------------- what a scene shows


def shown_numbers(lesson: Lesson, scene: Scene) -> set[str]:
    """Every value the scene shows before its question is answered, with 4 decimals: the headline after
    ``scene.step`` rows and those rows' numbers (the step window and formula hold no others)."""
    e = explanation(lesson, scene)
    step = len(e.table) if scene.step is None else min(scene.step, len(e.table))
    shown = {f"{v:.4f}" for v in e.running_at(step).values()}
    for _, row in e.table.iloc[:step].iterrows():
        shown |= {f"{float(v):.4f}" for v in row if isinstance(v, (float, np.floating)) and math.isfinite(v)}
    if scene.view == "cutoff":
        for other in cutoff_explanations(board_of(lesson, scene)).values():
            shown |= {f"{v:.4f}" for v in other.running_at(step).values()}
    return shown


def gives_away(lesson: Lesson, scene: Scene) -> bool:
    """Whether the scene shows its value question's exact answer before it is asked (a number other than 0 and 1,
    which every table shows)."""
    q = scene.question
    if q is None or q.kind != "value":
        return False
    exact = answer(lesson, scene)
    text = f"{exact:.4f}"
    return text not in ("0.0000", "1.0000") and text in shown_numbers(lesson, scene)


def steps(lesson: Lesson, scene: Scene) -> int:
    """The rows of the scene's step table (what the clicker steps through)."""
    return len(explanation(lesson, scene).table)


def uses_defaults(board: SceneBoard) -> bool:
    """Whether the board computes under trec_eval's defaults."""
    return all(board.setting(name) == value for name, value in DEFAULTS.items())
