"""The named mistakes of a lesson's questions beyond the quiz's and the conventions': what a learner who slipped in a
known way answers, each computed by the core from the scene (never written down), so that a wrong answer can be named.

* MAP and MRR over a query set: the mean over the other set of queries (trec_eval with or without ``-c``), a query
  without a hit left out, a query without relevant items counted 1 (torchmetrics' ``empty_target_action="pos"``),
  MRR as 1 / the mean rank or as the mean rank itself, MAP as one AP pooled over every query's hits (a micro average;
  MAP is the macro average of each query's AP, Manning, Raghavan and Schütze, *Introduction to Information
  Retrieval*, 2008, §8.4). AP's denominator is a convention (``compute.CONVENTION_MISTAKES``).
* A rank (``first_hit``, ``last_hit``): counted from 0, the other end's hit, the number of hits, another grade taken
  as relevant (a judged item, another threshold) on a graded board, an unjudged item taken as relevant.
* A choice: the option that would be right under another convention, or, among
  three or more options, the one at the other extreme (with two, every wrong pick is that one: it names nothing).

Each mistake is said by an English template with named fields (:data:`TEXTS`; marked ``N_``, translated by the
app), its fields numbers, ids and grades written out.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import NamedTuple

import numpy as np
import pandas as pd

from ...errors import MetricsInputError
from ...explanation import num
from ...messages import N_
from .. import quiz
from .compute import (
    CONVENTION_MISTAKES,
    MANY_MEASURES,
    OTHER_MEASURES,
    PAIRED_MEASURES,
    SETTINGS_OF,
    TOLERANCE,
    Mistake,
    Verdict,
    answer,
    board_of,
    convention_mistakes,
    first_hit,
    many_explanation,
    option_values,
    parse_measure,
    pick_option,
    queries_of,
    quiz_question,
    value,
)
from .model import CONVENTIONS, Lesson, Option, Scene, SceneBoard, Text


class Said(NamedTuple):
    """A mistake's English title, what went wrong (a template) and where to look (a template, same fields)."""

    title: str
    explanation: str
    look: str = ""


#: every mistake this module names, by name; the app translates each string (each is marked N_)
TEXTS: dict[str, Said] = {
    # MAP and MRR over a query set
    "mean_over_all_judged": Said(
        N_("The mean over every judged query (trec_eval -c), not the run's queries"),
        N_("You averaged over all {all} judged queries, a query the run does not answer counting 0, as trec_eval -c "
           "does. Without -c, trec_eval averages over the {run} queries the run answers."),
        N_("The table lists the {run} queries the run answers: the mean is over those only.")),
    "mean_over_run": Said(
        N_("The mean over the run's queries only, not every judged query"),
        N_("You averaged over the {run} queries the run answers. With -c, trec_eval averages over all {all} judged "
           "queries, and a query the run does not answer counts 0."),
        N_("Look at row {row}, query {query}: the run does not answer it, so it counts 0 and stays in the mean.")),
    "no_hit_dropped": Said(
        N_("A query without a hit left out of the mean, not counted as 0"),
        N_("You averaged over the {kept} queries with a hit only. trec_eval counts a query without a hit as 0 and "
           "divides by all {n}."),
        N_("Look at row {row}, query {query}: its {measure} is 0, and it stays in the mean.")),
    "no_relevant_counted_one": Said(
        N_("A query without relevant items counted as 1, not 0"),
        N_("You counted a query without any relevant item (R = 0) as 1, as torchmetrics does with "
           "empty_target_action='pos'. trec_eval counts it 0."),
        N_("Look at row {row}, query {query}: R = 0, so its {measure} is 0.")),
    "mrr_of_mean_rank": Said(
        N_("1 / the mean rank, not the mean of 1 / rank"),
        N_("You took 1 / the mean of the first hits' ranks (mean rank {mean}). MRR is the mean of each query's "
           "1 / rank: the mean of the reciprocals, not the reciprocal of the mean."),
        N_("Look at each query's RR, 1 / its rank, from row 1: MRR is their mean.")),
    "mrr_mean_rank": Said(
        N_("The mean of the ranks, not of their reciprocals"),
        N_("You gave the mean rank of the first hits. MRR averages 1 / rank over the queries, a query without a hit "
           "counting 0."),
        N_("Look at each query's RR, 1 / its rank, from row 1: MRR is their mean.")),
    "map_pooled": Said(
        N_("Precisions pooled over the queries (a micro average), not each query's AP averaged"),
        N_("You added the precisions at the hits of all queries and divided once, by {denominator} for all of them "
           "together: queries with many relevant items then weigh more. MAP is the plain mean of each query's AP."),
        N_("Look at the AP of each query: MAP is their plain mean, every query weighing the same.")),
    # a rank
    "rank_from_zero": Said(
        N_("Ranks counted from 0"),
        N_("You counted from 0, as Python indexes lists. Ranks count from 1: the top item is at rank 1.")),
    "last_hit_not_first": Said(
        N_("The last hit's rank, not the first's"),
        N_("You gave the rank of the last relevant item. The question asks for the first: the relevant item nearest "
           "the top.")),
    "first_hit_not_last": Said(
        N_("The first hit's rank, not the last's"),
        N_("You gave the rank of the first relevant item. The question asks for the last: the relevant item farthest "
           "down.")),
    "hit_count": Said(
        N_("The number of hits, not a rank"),
        N_("You counted the relevant items ({hits}). The question asks where one of them is: its rank, counted from "
           "the top.")),
    "judged_as_relevant": Said(
        N_("A judged item taken as relevant, whatever its grade"),
        N_("Item {wrong_item} at rank {wrong} is judged, but its grade {wrong_grade} is below {threshold}: it is not "
           "relevant.")),
    "other_threshold": Said(
        N_("Another grade taken as the threshold of relevance"),
        N_("You took grade {other} or more as relevant. Here an item is relevant from grade {threshold}.")),
    "unjudged_as_relevant": Said(
        N_("An unjudged item counted as relevant"),
        N_("Item {wrong_item} at rank {wrong} was judged by nobody (`?`): it counts as not relevant, gain 0.")),
    # a choice
    "picked_smallest": Said(
        N_("The smallest value picked, not the largest"),
        N_("Your option has the smallest value of all the options; the question asks for the largest.")),
    "picked_largest": Said(
        N_("The largest value picked, not the smallest"),
        N_("Your option has the largest value of all the options; the question asks for the smallest.")),
}
#: where to look after a wrong rank: the right item's row
RANK_LOOKS = {"first_hit": N_("Look at rank {rank}: item {item} (grade {grade}) is the first relevant item."),
              "last_hit": N_("Look at rank {rank}: item {item} (grade {grade}) is the last relevant item.")}
#: a choice that another convention (or the other mean over queries) would make right
CHOICE_UNDER = N_("Computed that way, your option would be the right one: it would give {variant_value}.")


def title(name: str) -> str | None:
    """A lesson mistake's English title by its name (a convention's ``setting=value`` too); None when unknown."""
    if name in TEXTS:
        return TEXTS[name].title
    setting, _, text = name.partition("=")
    key = (setting, text == "True") if setting == "rr_cut" else (setting, text)
    return CONVENTION_MISTAKES.get(key)


def named(name: str, value: float, fields: dict | None = None, rank: int | None = None, look: str | None = None,
          explanation: str | None = None, title_text: str | None = None) -> Mistake:
    """The mistake ``name`` that gives ``value``: its texts filled with ``fields`` (English), where to look."""
    said = TEXTS.get(name)
    fields = dict(fields or {})
    english = {key: field.in_language("en") if isinstance(field, Text) else field for key, field in fields.items()}
    template = explanation if explanation is not None else said.explanation
    look = look if look is not None else said.look
    return Mistake(name, title_text or said.title, template.format(**english), float(value),
                   look.format(**english) if look else "", rank, None, template, fields, look)


def nearest(mistakes: list[Mistake], given: float, tolerance: float) -> Mistake | None:
    """The mistake whose value is nearest ``given`` within ``tolerance`` (the first listed on a tie), with the
    names of the others that give the same number in ``also``."""
    near = [m for m in mistakes if abs(m.value - given) <= tolerance + 1e-12]
    if not near:
        return None
    best = min(near, key=lambda m: abs(m.value - given))
    others = tuple(m.name for m in near if m is not best and abs(m.value - best.value) <= tolerance + 1e-12)
    return replace(best, also=others)


# --------------------------------------------------------------------------- MAP and MRR


def _mean(values) -> float:
    return float(np.mean(values))


def many_query_mistakes(lesson: Lesson, scene: Scene, exact: float) -> list[Mistake]:
    """What MAP or MRR of the scene's query set is under each known slip, where it differs from ``exact``."""
    name, k = parse_measure(scene.question.measure)
    view, column = ("map", "AP_q") if name == "MAP" else ("mrr", "RR_q")
    every = queries_of(lesson, scene.queries, scene)
    table = many_explanation(view, every, k or scene.k)
    per = dict(zip(table.table["query"], table.table[column].astype(float)))
    judged = list(every)
    run = [q for q in judged if every[q].ranking]
    averaged = judged if scene.average == "all" else run
    if not averaged:
        return []
    found = []
    counts = {"all": len(judged), "run": len(run)}
    if scene.average == "run" and len(judged) > len(run):
        found.append(named("mean_over_all_judged", _mean([per[q] for q in judged]), counts))
    if scene.average == "all" and run and len(run) < len(judged):
        missing = next(q for q in judged if q not in run)
        found.append(named("mean_over_run", _mean([per[q] for q in run]),
                           {**counts, "row": judged.index(missing) + 1, "query": missing}, judged.index(missing) + 1))
    kept = [q for q in averaged if per[q] > 0]
    if kept and len(kept) < len(averaged):
        zero = next(q for q in averaged if per[q] <= 0)
        row = averaged.index(zero) + 1
        found.append(named("no_hit_dropped", _mean([per[q] for q in kept]),
                           {"kept": len(kept), "n": len(averaged), "row": row, "query": zero,
                            "measure": "AP" if name == "MAP" else "RR"}, row))
    empty = [q for q in averaged if every[q].n_relevant == 0]
    if empty:
        row = averaged.index(empty[0]) + 1
        found.append(named("no_relevant_counted_one", _mean([1.0 if q in empty else per[q] for q in averaged]),
                           {"row": row, "query": empty[0], "measure": "AP" if name == "MAP" else "RR"}, row))
    if name == "MRR":
        found += _rank_means(table.table, averaged)
    else:
        found += _pooled(table, judged, averaged)
    return [m for m in found if abs(m.value - exact) > TOLERANCE]


def _rank_means(table, averaged: list[str]) -> list[Mistake]:
    """MRR as 1 / the mean rank of the first hits, and as the mean rank itself (queries with a hit)."""
    ranks = [float(r) for q, r in zip(table["query"], table["first_rel_rank"]) if q in averaged and not pd.isna(r)]
    if not ranks:
        return []
    mean = _mean(ranks)
    return [named("mrr_of_mean_rank", 1.0 / mean, {"mean": num(mean)}, 1),
            named("mrr_mean_rank", mean, {}, 1)]


def _pooled(explained, judged: list[str], averaged: list[str]) -> list[Mistake]:
    """One AP over every query's hits: the sum of all the precisions at the hits over the sum of the denominators."""
    each = dict(zip(judged, explained.details["per_query"]))
    sums = [float(each[q].table["running_sum"].iloc[-1]) if len(each[q].table) else 0.0 for q in averaged]
    denominator = sum(int(each[q].details["D"]) for q in averaged)
    if not denominator:
        return []
    return [named("map_pooled", sum(sums) / denominator, {"denominator": denominator})]


# --------------------------------------------------------------------------- a rank


def _ranks(board: SceneBoard, counts) -> list[int]:
    """The ranks (from 1) of the ranked items ``counts(grade)`` takes as relevant, within K when RR is cut there."""
    ranks = [rank for rank, item in enumerate(board.ranking, start=1) if counts(board.grades[item])]
    return [r for r in ranks if r <= board.k] if board.setting("rr_cut") else ranks


def _graded(board: SceneBoard) -> bool:
    """Whether the board grades on more than relevant / not relevant."""
    return any(g not in (0.0, 1.0) for g in board.judged())


def rank_mistakes(lesson: Lesson, scene: Scene, exact: int) -> list[Mistake]:
    """The rank each known slip gives on the scene's board, where it differs from ``exact``."""
    board = board_of(lesson, scene)
    last = scene.question.of == "last_hit"
    item = board.ranking[exact - 1]
    look = RANK_LOOKS[scene.question.of]
    where = {"rank": exact, "item": item, "grade": num(board.grades[item] or 0)}
    threshold = board.threshold

    def at(name, wrong, fields=None):
        return named(name, wrong, {**where, **(fields or {})}, exact, look)

    def end(ranks):
        return (ranks[-1] if last else ranks[0]) if ranks else None

    found = [at("rank_from_zero", exact - 1)]
    other = first_hit(board, last=not last)
    if other is not None:
        found.append(at("first_hit_not_last" if last else "last_hit_not_first", other))
    if _graded(board):
        judged = end(_ranks(board, lambda g: g is not None))
        if judged is not None and judged != exact:
            wrong = board.ranking[judged - 1]
            found.append(at("judged_as_relevant", judged, {"wrong": judged, "wrong_item": wrong,
                                                           "wrong_grade": num(board.grades[wrong]),
                                                           "threshold": num(threshold)}))
        for grade in sorted({g for g in board.judged() if g > 0 and g != threshold}):
            wrong = end(_ranks(board, lambda g, grade=grade: g is not None and g >= grade))
            if wrong is not None:
                found.append(at("other_threshold", wrong, {"other": num(grade), "threshold": num(threshold)}))
    unjudged = end(_ranks(board, lambda g: g is None or g >= threshold))
    if unjudged is not None and unjudged != exact:
        wrong = board.ranking[unjudged - 1]
        found.append(at("unjudged_as_relevant", unjudged, {"wrong": unjudged, "wrong_item": wrong}))
    hits = len(_ranks(board, lambda g: g is not None and g >= threshold))
    found.append(at("hit_count", hits, {"hits": hits}))
    seen, distinct = set(), []
    for mistake in found:  # one mistake a name and a rank (two other thresholds can give the same rank)
        if mistake.value != exact and mistake.value >= 0 and (mistake.name, mistake.value) not in seen:
            seen.add((mistake.name, mistake.value))
            distinct.append(mistake)
    return distinct


# --------------------------------------------------------------------------- a choice


def _option_value(lesson: Lesson, scene: Scene, option: Option, conventions: dict) -> float:
    """An option's value with ``conventions`` under its own (a library's number and a paired or many-tests measure
    do not read them)."""
    q = scene.question
    return value(lesson, scene, option.measure, option.board, {**conventions, **option.conventions}, option.library,
                 q.tests, q.alpha)


def _convention_free(option: Option) -> bool:
    """Whether no convention changes the option's value: a library's number, two systems', many tests'."""
    name, _ = parse_measure(option.measure)
    return bool(option.library) or name in PAIRED_MEASURES + OTHER_MEASURES


def _right(values: dict[str, float], pick: str) -> str | None:
    """The option with the largest (``pick``) or smallest value, None on a tie."""
    best = (max if pick == "largest" else min)(values.values())
    chosen = [key for key, v in values.items() if abs(v - best) <= 1e-12]
    return chosen[0] if len(chosen) == 1 else None


def _variants(lesson: Lesson, scene: Scene):
    """Every other convention that can change an option's value: (name, title, conventions). A convention is tried
    where an option's measure depends on it (:data:`.compute.SETTINGS_OF`) and does not already take that value.
    (The other mean over queries is not: it scales MAP and MRR of one query set alike, so it never changes which
    option is largest.)"""
    options = [o for o in scene.question.options if not _convention_free(o)]
    for setting, others in CONVENTIONS.items():
        dependent = [o for o in options if setting in SETTINGS_OF.get(parse_measure(o.measure)[0], ())]
        for other in others:
            if any(board_of(lesson, scene, o.board or _first_board(lesson, scene), o.conventions).setting(setting)
                   != other for o in dependent):
                yield f"{setting}={other}", CONVENTION_MISTAKES[(setting, other)], {setting: other}


def _first_board(lesson: Lesson, scene: Scene) -> str:
    """The board an option without its own computes on: the scene's, or its query set's first query's."""
    return scene.board or next(iter(lesson.query_sets[scene.queries].queries.values()))


def choice_mistakes(lesson: Lesson, scene: Scene, given: str, values: dict[str, float]) -> list[Mistake]:
    """Why a computed choice's wrong option ``given`` may have been picked: it is right under another convention, or
    (three options or more) it is at the other extreme."""
    q = scene.question
    exact = _right(values, q.pick)
    options = {o.id: o for o in q.options}
    numbers = {"picked_value": f"{values[given]:.4f}", "right_value": f"{values[exact]:.4f}"}
    found = []
    for name, title_text, conventions in (() if all(map(_convention_free, q.options)) else _variants(lesson, scene)):
        try:
            variant = {key: values[key] if _convention_free(o) else _option_value(lesson, scene, o, conventions)
                       for key, o in options.items()}
        except MetricsInputError:
            continue
        if _right(variant, q.pick) == given:
            found.append(named(name, variant[given], {**numbers, "variant_value": f"{variant[given]:.4f}"},
                               explanation=CHOICE_UNDER, look="", title_text=title_text))
    opposite = "smallest" if q.pick == "largest" else "largest"
    if len(options) >= 3 and _right(values, opposite) == given:
        found.append(named(f"picked_{opposite}", values[given], numbers))
    return found


# --------------------------------------------------------------------------- an answer checked

def check(lesson: Lesson, scene: Scene, given) -> Verdict:
    """A learner's answer to the scene's question, checked. A number is right within :data:`TOLERANCE` (written with
    the decimals asked for); a wrong one is diagnosed: the quiz's named mistakes where they apply, else the same
    measure under another convention or a slip over many queries (this module). A rank or an option is right
    when it is the exact one; a wrong rank is named by the slip that gives it, a wrong option by the convention
    under which it would be right (a literal option: by its ``why``).  Here, beside the mistakes it names
    (:mod:`.compute` computes and never imports this module)."""
    q = scene.question
    if q.kind == "choice":
        return _check_choice(lesson, scene, str(given))
    exact = answer(lesson, scene)
    if isinstance(given, bool) or not isinstance(given, (int, float, np.integer, np.floating)) \
            or not math.isfinite(float(given)):
        raise MetricsInputError(f"the answer must be a number, got {given!r}")
    if q.kind == "rank":
        if float(given) == exact:
            return Verdict(True, exact, given)
        return Verdict(False, exact, given, nearest(rank_mistakes(lesson, scene, exact),
                                                             float(given), 0.0))
    given = float(given)
    quizzed = quiz_question(lesson, scene)
    if quizzed is not None:
        verdict = quiz.check(quizzed, given, decimals=q.decimals)
        if verdict.correct or verdict.short or verdict.diagnosis is None:
            return Verdict(verdict.correct, exact, given, short=verdict.short)
        d = verdict.diagnosis
        where = f"{'ideal ordering' if d.step.table == 'ideal' else 'step table'}, column {d.step.column!r}, " \
                f"rank {d.step.rank}"
        return Verdict(False, exact, given, Mistake(d.name, d.title, d.explanation, d.value, where, d.step.rank, d))
    if abs(given - exact) <= TOLERANCE + 1e-12:
        short = quiz.too_few_decimals(given, exact, q.decimals)
        return Verdict(not short, exact, given, short=short)
    known = convention_mistakes(lesson, scene, exact)
    if parse_measure(q.measure)[0] in MANY_MEASURES and scene.queries is not None:
        known += many_query_mistakes(lesson, scene, exact)
    return Verdict(False, exact, given, nearest(known, given, TOLERANCE))


def _check_choice(lesson: Lesson, scene: Scene, given: str) -> Verdict:
    """An option checked: right or not, each computed option's value and, for a wrong one, the mistake that picks
    it (:func:`choice_mistakes`) or its ``why``."""
    q = scene.question
    values = option_values(lesson, scene)
    exact = pick_option(values, q.pick) if values else answer(lesson, scene)
    if given == exact:
        return Verdict(True, exact, given, values=values)
    picked = next((option for option in q.options if option.id == given), None)
    if picked is None:
        return Verdict(False, exact, given, values=values)
    found = choice_mistakes(lesson, scene, given, values) if values else []
    return Verdict(False, exact, given, found[0] if found else None, values=values, why=picked.why or None)
