"""Paste the number your library printed: which conventions give it.

:func:`find_conventions` tries every combination of the choices that can change the measure on this input --
each choice's distinct values enumerated once (a threshold per distinct grade, 32-bit scores only where they
create ties, a tie rule only where there are ties, ...) -- and keeps those that reproduce the number; the
presets come first, named as the library. :func:`explain_value` says it in words.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field, replace

from ..errors import MetricsInputError
from ..explanation import num
from ..messages import N_
from .causes import REFERENCE, STEP_ORDER, measure_path
from .presets import PRESETS, TIE_ORDER_CAUSE, TIE_ORDER_REASON, Convention, describe_choice
from .scoring import MEASURES, Board, Interval, attained, compared_scores, measure_value, n_relevant, reported

#: the choices searched for each measure (the others cannot change it), in :data:`STEP_ORDER`'s order
SEARCHED: dict[str, tuple[str, ...]] = {
    "nDCG": ("gain", "ideal", "threshold", "truncate_grades", "recall_pool", "nonpositive_scores_irrelevant",
             "score_type", "ties"),
    "AP": ("ap_denominator", "ap_cutoff", "threshold", "truncate_grades", "recall_pool",
           "nonpositive_scores_irrelevant", "score_type", "ties"),
    "RR": ("rr_cutoff", "threshold", "truncate_grades", "nonpositive_scores_irrelevant", "score_type", "ties"),
    "P": ("threshold", "truncate_grades", "nonpositive_scores_irrelevant", "score_type", "ties"),
    "R": ("threshold", "truncate_grades", "recall_pool", "nonpositive_scores_irrelevant", "score_type", "ties"),
}
#: choices nDCG reads only with binary gain (the gain is then 1 for a relevant item)
_BINARY_ONLY = ("threshold", "recall_pool", "nonpositive_scores_irrelevant")
_STEP_RANK = {choice: i for i, (choice, _) in enumerate(STEP_ORDER)}
TOLERANCE = 1e-6  #: without ``decimals``, a value matches within this


@dataclass(frozen=True)
class Match:
    """A convention that reproduces the number.

    ``convention``: the :class:`Convention` (a preset, or trec_eval's with ``changes``); ``preset``: the preset's key
    or None; ``value``: the measure under it (an :class:`Interval` where the library leaves the order of tied items
    undefined: the number is then possible, not certain -- ``exact`` is False); ``changes``: the choices that differ
    from trec_eval's and matter for the measure, in :data:`STEP_ORDER`.
    """

    convention: Convention
    preset: str | None
    value: float | Interval
    changes: tuple[str, ...]
    exact: bool = True

    @property
    def choices(self) -> list[tuple[str, object, str]]:
        """``(choice, value, words)`` for each change."""
        return [(c, getattr(self.convention, c), describe_choice(c, getattr(self.convention, c)))
                for c in self.changes]


def _domains(measure: str, board: Board) -> dict[str, tuple]:
    """Each searched choice's values that can give a different number on ``board`` (trec_eval's first)."""
    ref = PRESETS[REFERENCE]
    grades = [grade for _, grade in board.judged]
    n, k = len(board.ranking), board.k
    ranked = set(board.ranking)

    def relevant_sets(threshold: float) -> tuple[frozenset, frozenset]:  # as given, and truncated (ranx)
        return (frozenset(i for i, g in enumerate(grades) if g >= threshold),
                frozenset(i for i, g in enumerate(grades) if math.trunc(g) >= threshold))

    thresholds, seen = [ref.threshold], {relevant_sets(ref.threshold)}
    for value in sorted({g for g in grades if g > 0} | {float(math.trunc(g)) for g in grades if g >= 1}):
        if relevant_sets(value) not in seen:
            seen.add(relevant_sets(value))
            thresholds.append(value)
    score_types = ["float64"]
    if len(set(compared_scores(board.scores, "float32"))) < len(set(board.scores)):  # 32-bit floats merge scores
        score_types.append("float32")
    has_ties = any(_ties(compared_scores(board.scores, t)) for t in score_types)
    domains = {
        "gain": ("linear", "exponential", "binary"),
        "ideal": ("judged", "list"),
        "ap_denominator": ("relevant", "found", "min_k_relevant"),
        "ap_cutoff": (True, False) if k < n else (True,),
        "rr_cutoff": (False, True) if k < n else (False,),
        "threshold": tuple(thresholds),
        "truncate_grades": (False, True) if any(not float(g).is_integer() for g in grades) else (False,),
        "recall_pool": (True, False) if any(item not in ranked for item, _ in board.judged) else (True,),
        "nonpositive_scores_irrelevant": (False, True) if any(s <= 0 for s in board.scores) else (False,),
        "score_type": tuple(score_types),
        "ties": ("trec", "as_given", "average", "id_ascending") if has_ties else ("trec",),
    }
    return {choice: domains[choice] for choice in SEARCHED[measure]}


def _equal(a, b) -> bool:
    """The same number up to rounding in the last places (1e-12), or the same range."""
    if isinstance(a, Interval) or isinstance(b, Interval):
        return isinstance(a, Interval) and isinstance(b, Interval) and _equal(a.low, b.low) and _equal(a.high, b.high)
    return abs(a - b) <= 1e-12 * max(1.0, abs(a))


def _ties(scores) -> bool:
    return len(set(scores)) < len(scores)


def _close(value, target: float, tolerance: float) -> bool:
    if value is None:
        return False
    if isinstance(value, Interval):
        return value.contains(target, tolerance)
    if math.isnan(value) or math.isnan(target):
        return math.isnan(value) and math.isnan(target)
    return abs(value - target) <= tolerance


def _distance(value, target: float) -> float:
    if value is None or (not isinstance(value, Interval) and math.isnan(value)):
        return math.inf
    return abs(value - target)


def _attained_distance(match: Match, board: Board, measure: str, target: float) -> float:
    """How far ``target`` is from the values ``match`` can give (for a range: from the orders' values)."""
    if isinstance(match.value, Interval):
        values = attained(match.convention, board, measure)
        if values is not None:
            return min(abs(reported(match.convention, measure, v, 1) - target) for v in values)
    return _distance(match.value, target)


def _tolerance(decimals: int | None) -> float:
    return TOLERANCE if decimals is None else 0.5 * 10.0 ** -int(decimals) + 1e-12


def _check(measure: str, value) -> float:
    if measure not in MEASURES:
        raise MetricsInputError(f"measure must be one of {', '.join(MEASURES)}, got {measure!r}")
    try:
        value = float(value)
    except (TypeError, ValueError):
        raise MetricsInputError(f"the value must be a number, got {value!r}") from None
    return value


def _preset_candidates(measure: str, board: Board) -> list[Match]:
    """Every preset that offers ``measure``, with its number."""
    out = []
    for key, convention in PRESETS.items():
        if measure not in convention.offers:
            continue
        cache: dict = {}
        computed = measure_value(convention, board, measure, cache)
        value = reported(convention, measure, computed, n_relevant(convention, board, cache))
        changes = tuple(step.choice for step in measure_path(convention, board, measure)
                        if step.kind in ("choice", "undefined order", "nan", "rounding"))
        out.append(Match(convention, key, value, changes, not isinstance(value, Interval)))
    return out


def _combinations(measure: str, board: Board) -> list[tuple[dict, float]]:
    """``(choices, value)`` for every combination of the searched choices' values on ``board``."""
    ref = PRESETS[REFERENCE]
    domains = _domains(measure, board)
    names = list(domains)
    cache: dict = {}
    values: dict[tuple, float] = {}
    for combo in itertools.product(*domains.values()):
        choices = dict(zip(names, combo))
        if measure == "nDCG" and choices["gain"] != "binary" and \
                any(choices[c] != getattr(ref, c) for c in _BINARY_ONLY):
            continue  # with graded gain nDCG reads neither the threshold nor the pool nor scores <= 0
        convention = replace(ref, name="", **choices)
        try:
            values[combo] = measure_value(convention, board, measure, cache)
        except MetricsInputError:  # exponential gain of a grade of 1024 or more overflows: no such library number
            continue
    out = []
    defaults = tuple(getattr(ref, c) for c in names)
    for combo, value in values.items():
        if combo == defaults:
            continue
        idle = False
        for i, (choice, setting) in enumerate(zip(names, combo)):
            if setting == defaults[i]:
                continue
            reset = combo[:i] + (defaults[i],) + combo[i + 1:]
            if measure == "nDCG" and choice == "gain":
                reset = tuple(defaults[j] if names[j] in _BINARY_ONLY else reset[j] for j in range(len(names)))
            if reset in values and _equal(values[reset], value):
                idle = True  # this choice changes nothing here: the combination without it is listed instead
                break
        if not idle:
            out.append((dict(zip(names, combo)), value))
    return out


def _combination(choices: dict, value) -> Match:
    """trec_eval's convention with ``choices``, as a match named by its changes."""
    ref = PRESETS[REFERENCE]
    changes = tuple(c for c in choices if choices[c] != getattr(ref, c))
    name = "trec_eval with " + ", ".join(f"{c}={choices[c]}" for c in changes)
    return Match(replace(ref, name=name, notes="", **choices), None, value, changes)


def find_matches(measure: str, value, ranking, judgments: dict, k: int, scores=None,
                 decimals: int | None = None) -> list[Match]:
    """Like :func:`find_conventions`, with each convention's number and the choices it changes."""
    target = _check(measure, value)
    board = Board.of(ranking, judgments, k, scores)
    tolerance = _tolerance(decimals)
    presets = []
    for m in _preset_candidates(measure, board):
        if isinstance(m.value, Interval) and _close(m.value, target, tolerance):
            values = attained(m.convention, board, measure)  # the values some order of the tied items gives
            if values is not None:
                values = {reported(m.convention, measure, v, 1) for v in values}
                if not any(abs(v - target) <= tolerance for v in values):
                    continue
        if _close(m.value, target, tolerance):
            presets.append(m)
    combos = [_combination(choices, got) for choices, got in _combinations(measure, board)
              if _close(got, target, tolerance)]
    combos.sort(key=lambda m: (len(m.changes), [_STEP_RANK[c] for c in m.changes], _distance(m.value, target)))
    return presets + combos


def find_conventions(measure: str, value, ranking, judgments: dict, k: int, scores=None,
                     decimals: int | None = None) -> list[Convention]:
    """Every convention that reproduces ``value`` for ``measure`` on this ranked list.

    Parameters
    ----------
    measure : ``"nDCG"``, ``"AP"``, ``"RR"``, ``"P"`` or ``"R"``.
    value : the number the library printed.
    ranking, judgments, k, scores : as :func:`score_under` (``ranking`` in the order the library was given it).
    decimals : the places the library printed: ``value`` matches a number that rounds to it (within half a unit
        of the last place); default: within 1e-6.

    Returns
    -------
    list of Convention
        First the presets that give ``value``, named as the library (in :data:`PRESETS` order; a library whose
        order among tied items is undefined is listed when ``value`` lies in its range). Then the combinations
        of the choices that matter for the measure (gain and ideal ordering for nDCG; AP's denominator and
        cut-off; RR's cut-off; the relevance threshold, grade truncation, items scored ≤ 0, R counting the pool,
        32-bit scores and the tie rule), every other choice as trec_eval's, fewest changes from trec_eval
        first; named ``"trec_eval with gain=binary, ..."``. A combination is listed only if each of its changes
        matters: setting any one back to trec_eval's gives another number.

    >>> ranking, grades = ["a", "b", "c"], {"a": 0, "b": 1, "c": 2, "d": 3}
    >>> [c.name for c in find_conventions("nDCG", 0.6199, ranking, grades, 3, decimals=4)]
    ['scikit-learn', 'torchmetrics', 'trec_eval with ideal=list']
    """
    return [m.convention for m in find_matches(measure, value, ranking, judgments, k, scores, decimals)]


# ------------------------------------------------------------------------------------------------ in words

#: the sentences of :func:`explain_value`, English; the page translates the template and fills in ``parts``
TEMPLATES = {
    "reference": N_("{value} is {library}'s convention"),
    "preset": N_("{value} is {library}'s convention: {choices}"),
    "possible": N_("{value} is possible under {library}'s convention: {choices} ({reason})"),
    "combination": N_("{value} is trec_eval's convention with: {choices}"),
    "none_reference": N_("no known convention gives {value}; the closest is {closest} ({library})"),
    "none_preset": N_("no known convention gives {value}; the closest is {closest} ({library}: {choices})"),
    "none_combination": N_("no known convention gives {value}; the closest is {closest} (trec_eval's convention "
                           "with: {choices})"),
}


@dataclass(frozen=True)
class ValueReport:
    """:func:`explain_value`'s answer.

    ``text`` (English) is ``TEMPLATES[template].format(**parts)``; ``parts``: ``value`` (as printed), ``library``
    (the preset's name, or "trec_eval"), ``choices`` (``choices`` joined by "; "), ``reason`` (why the number is a
    range: :data:`TIE_ORDER_REASON`, else ""; ``cause`` is its first part), ``closest`` (the convention's number).
    ``choices``: each choice of the convention that matters here in words (:func:`describe_choice`; ties prefixed
    "equal scores: ", as ``CHOICES`` words them), and ``choice_values`` the same as ``(choice, value)``
    pairs, to translate.
    ``matches``: :func:`find_matches`; ``closest``: the nearest convention when none matches (else None).
    """

    measure: str
    value: float
    template: str
    parts: dict
    choices: tuple[str, ...]
    choice_values: tuple[tuple[str, object], ...]
    matches: tuple[Match, ...]
    closest: Match | None = None
    text: str = field(default="")
    cause: str = ""  #: the reason's cause alone (:data:`TIE_ORDER_CAUSE`, a catalogue entry), "" when no range


def _value_text(value, decimals: int | None) -> str:
    if isinstance(value, Interval):
        return f"{_value_text(value.low, decimals)}–{_value_text(value.high, decimals)}"
    return f"{value:.{decimals}f}" if decimals is not None else num(value)


def explain_value(measure: str, value, ranking, judgments: dict, k: int, scores=None,
                  decimals: int | None = None) -> ValueReport:
    """Which convention gives ``value``, in words: the first of :func:`find_matches`, or, when none gives it, the
    closest of every preset and combination (a preset first when two are as close).

    >>> ranking, grades = ["a", "b", "c"], {"a": 0, "b": 1, "c": 2, "d": 3}
    >>> explain_value("nDCG", 0.6199, ranking, grades, 3, decimals=4).text
    "0.6199 is scikit-learn's convention: ideal ordering from the ranked list only"
    >>> explain_value("nDCG", 0.63, ranking, grades, 3, decimals=2).text
    'no known convention gives 0.63; the closest is 0.62 (scikit-learn: ideal ordering from the ranked list only)'
    """
    target = _check(measure, value)
    matches = find_matches(measure, target, ranking, judgments, k, scores, decimals)
    closest = None
    if matches:
        best = matches[0]
        template = "combination" if best.preset is None else (
            "possible" if not best.exact else ("preset" if best.changes else "reference"))
    else:
        board = Board.of(ranking, judgments, k, scores)
        candidates = _preset_candidates(measure, board) + [_combination(c, v) for c, v in _combinations(measure, board)]
        if not candidates:
            raise MetricsInputError(f"no preset offers {measure}")
        best = closest = min(candidates, key=lambda m: (_attained_distance(m, board, measure, target),
                                                        m.preset is None, len(m.changes)))
        template = "none_combination" if best.preset is None else ("none_preset" if best.changes
                                                                   else "none_reference")
    choices = tuple(_choice_words(best))
    parts = {"value": _value_text(target, decimals), "library": best.convention.name if best.preset else "trec_eval",
             "choices": "; ".join(choices), "reason": TIE_ORDER_REASON.get(best.preset or "", ""),
             "closest": _value_text(best.value, decimals)}
    return ValueReport(measure, target, template, parts, choices,
                       tuple((c, v) for c, v, _ in best.choices), tuple(matches), closest,
                       TEMPLATES[template].format(**parts), TIE_ORDER_CAUSE.get(best.preset or "", ""))


def _choice_words(match: Match) -> list[str]:
    return [words if choice != "ties" else "equal scores: " + words for choice, _, words in match.choices]
