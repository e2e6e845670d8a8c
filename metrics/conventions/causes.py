"""The cause of a library's number, step by step: from trec_eval's number to the library's, one choice at a time.

The choices change in a fixed order (:data:`STEP_ORDER`): first the formula (gain, ideal ordering, AP's
denominator and cut-off, RR's cut-off), then which items count as relevant (threshold, grade truncation, the pool
in R, scores ≤ 0), then how the scores order the list (32-bit scores, then the tie rule: an order the library
leaves undefined turns the number into a range, so it comes last among the choices), and last what is reported
(NaN without relevant items, rounding). Each step's value is the measure under trec_eval's convention with every
choice up to that step taken from the library; the last step's value is ``score_under(library, ...)``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from .presets import PRESETS, Convention, describe_choice
from .scoring import MEASURES, Board, Interval, measure_label, measure_value, n_relevant, reported

#: the order in which a library's choices replace trec_eval's, with the measures each one can change
STEP_ORDER: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("gain", ("nDCG",)),
    ("ideal", ("nDCG",)),
    ("ap_denominator", ("AP",)),
    ("ap_cutoff", ("AP",)),
    ("rr_cutoff", ("RR",)),
    ("threshold", MEASURES),
    ("truncate_grades", MEASURES),
    ("recall_pool", ("nDCG", "AP", "R")),
    ("nonpositive_scores_irrelevant", MEASURES),
    ("score_type", MEASURES),
    ("ties", MEASURES),
    ("nan_when_no_relevant", MEASURES),
    ("decimals", MEASURES),
    ("queries", ()),  # a run's mean only: never a step for one ranked list
)
REFERENCE = "trec_eval"

#: kinds of step: the start (trec_eval's number), a choice that changes the number, a choice that leaves it as it
#: was on this input, an undefined tie order (the value becomes an Interval), NaN by the library's rule, rounding,
#: and a measure the library does not have
KINDS = ("start", "choice", "no effect", "undefined order", "nan", "rounding", "not offered")


@dataclass(frozen=True)
class Step:
    """One step of a cause path.

    ``choice``: the Convention field changed (None for the start and "not offered"); ``before``/``after``: its
    value before (trec_eval's) and after (the library's); ``words``: the library's choice in words
    (:func:`describe_choice`); ``label``: the measure's name after the step (``"AP"`` once AP has no cut-off);
    ``value_before``/``value_after``: the measure before and after (a float, an :class:`Interval`, NaN or None);
    ``kind``: one of :data:`KINDS`.
    """

    measure: str
    kind: str
    choice: str | None
    before: object
    after: object
    words: str
    label: str
    value_before: float | Interval | None
    value_after: float | Interval | None

    @property
    def changes(self) -> bool:
        """Whether the step changes the number (the start counts as a change)."""
        return self.kind not in ("no effect",)


def _same(a, b) -> bool:
    if a is None or b is None:
        return a is b
    if isinstance(a, Interval) or isinstance(b, Interval):
        return isinstance(a, Interval) and isinstance(b, Interval) and tuple(a) == tuple(b)
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return a == b


def cause_path(convention: Convention, ranking, judgments: dict, k: int, scores=None,
               reference: Convention | None = None) -> dict[str, list[Step]]:
    """For each measure, the path from trec_eval's number to ``convention``'s, changing one choice at a time.

    Parameters
    ----------
    convention : the library's :class:`Convention` (e.g. ``PRESETS["sklearn"]``).
    ranking, judgments, k, scores : as :func:`score_under`.
    reference : where the path starts (default ``PRESETS["trec_eval"]``).

    Returns
    -------
    dict
        ``{measure: [Step, ...]}`` for ``"nDCG", "AP", "RR", "P", "R"``. The first step (kind ``"start"``) holds
        the reference's number; then one step per choice on which the library differs, in :data:`STEP_ORDER`:
        kind ``"choice"`` (it changes the number), ``"no effect"`` (not to blame on this input),
        ``"undefined order"`` (the value becomes an :class:`Interval`), ``"nan"``, ``"rounding"``; a measure the
        library lacks ends with a ``"not offered"`` step whose value is None. The last step's ``value_after`` is
        ``score_under(convention, ...)``'s value for that measure, exactly.

    >>> from metrics.conventions import PRESETS
    >>> path = cause_path(PRESETS["sklearn"], ["a", "b", "c"], {"a": 0, "b": 1, "c": 2, "d": 3}, 3)
    >>> [(s.choice, s.kind, round(s.value_after, 4)) for s in path["nDCG"]]  # doctest: +NORMALIZE_WHITESPACE
    [(None, 'start', 0.3425), ('ideal', 'choice', 0.6199), ('recall_pool', 'no effect', 0.6199),
     ('ties', 'no effect', 0.6199)]
    """
    reference = PRESETS[REFERENCE] if reference is None else reference
    board = Board.of(ranking, judgments, k, scores)
    return {measure: measure_path(convention, board, measure, reference) for measure in MEASURES}


def measure_path(convention: Convention, board: Board, measure: str, reference: Convention | None = None) \
        -> list[Step]:
    """:func:`cause_path` for one measure on a checked :class:`~metrics.conventions.scoring.Board`."""
    reference = PRESETS[REFERENCE] if reference is None else reference
    current = replace(reference, name=convention.name, nan_when_no_relevant=(), decimals=None, offers=MEASURES)
    value = measure_value(current, board, measure)
    steps = [Step(measure, "start", None, None, None, "", measure_label(current, measure, board.k), None, value)]
    for choice, affects in STEP_ORDER:
        target = getattr(convention, choice)
        if getattr(current, choice) == target:
            continue
        before_setting = getattr(current, choice)
        current = replace(current, **{choice: target})
        if choice == "nan_when_no_relevant":
            if measure not in target:
                continue
            new = reported(current, measure, value, n_relevant(current, board))
            kind = "nan" if not _same(new, value) else "no effect"
        elif choice == "decimals":
            new = value if isinstance(value, float) and math.isnan(value) else round(value, target)
            kind = "rounding" if not _same(new, value) else "no effect"
        elif measure not in affects:
            continue
        else:
            new = measure_value(current, board, measure)
            if _same(new, value):
                kind = "no effect"
            elif isinstance(new, Interval):
                kind = "undefined order"
            else:
                kind = "choice"
        steps.append(Step(measure, kind, choice, before_setting, target, describe_choice(choice, target),
                          measure_label(current, measure, board.k), value, new))
        value = new
    if measure not in convention.offers:
        steps.append(Step(measure, "not offered", None, None, None, f"{convention.name} has no {measure}",
                          measure_label(current, measure, board.k), value, None))
    return steps


def cause_rows(paths: dict[str, list[Step]]) -> list[dict]:
    """The steps as flat rows (``measure, step, kind, choice, from, to, words, label, before, after``), e.g.
    for ``pandas.DataFrame(cause_rows(cause_path(...)))`` on a page."""
    rows = []
    for measure, steps in paths.items():
        for number, step in enumerate(steps):
            rows.append({"measure": measure, "step": number, "kind": step.kind, "choice": step.choice,
                         "from": step.before, "to": step.after, "words": step.words, "label": step.label,
                         "before": step.value_before, "after": step.value_after})
    return rows
