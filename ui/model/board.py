"""The board: the example everybody is looking at — judged items with grades, and the ranking.

Plain Python, no Streamlit: pages keep one Board in ``st.session_state`` and ask
``metrics`` for numbers. Every change returns a new Board (they are immutable).
"""

from __future__ import annotations

import math
import numbers
import random
from dataclasses import dataclass, field, replace
from typing import Generic, TypeVar

from metrics import MetricsInputError
from ui.locale import N_
from ui.model import limits

#: a grade of None marks an unjudged item: it counts as not relevant (gain 0) and is left
#: out of the ideal ordering, as trec_eval treats documents missing from the qrels
Grade = float | None


class InputError(MetricsInputError):
    """A problem the UI finds itself (not ``metrics``), shown in the reader's language:
    ``str(error)`` is the English message; ``template`` (marked with N_), ``fields`` and ``words``
    (the fields that are UI words, translated too, not user data) let ``ui.session.state.message``
    translate it. ``source`` names the file, as in MetricsInputError.

    >>> str(InputError("K is out of range ({k})", k=0))
    'K is out of range (0)'
    """

    def __init__(self, template: str, source: str | None = None, *, words: tuple[str, ...] = (), **fields):
        super().__init__(template.format(**fields), source)
        self.template, self.fields, self.words = template, fields, words


@dataclass(frozen=True)
class Board:
    """Items with their grades (``grades``, in pool order) and the ranked list (``ranking``)."""

    grades: dict[str, Grade]
    ranking: tuple[str, ...]
    k: int = 5
    title: str = ""
    note: str = ""
    scores: dict[str, float] = field(default_factory=dict)  #: optional system scores (ROC page)
    gain: str = "linear"  #: nDCG gain: "linear" or "exponential"
    ideal: str = "judged"  #: nDCG ideal ordering from all "judged" items or the ranked "list"
    ap_denominator: str = "relevant"  #: "relevant" (R), "found" or "min_k_relevant"
    threshold: float = 1.0  #: relevant when grade >= threshold
    #: a board loaded from a run: its ranked items in the order the run file lists them (each with a score in
    #: ``scores``), which is what libraries that keep the input order read; empty once the ranking is the user's
    run_order: tuple[str, ...] = ()

    def __post_init__(self):
        names = list(self.grades)
        if any(not isinstance(name, str) or not name.strip() for name in names):
            raise MetricsInputError("item names must be non-empty text")
        unknown = [item for item in self.ranking if item not in self.grades]
        if unknown:
            raise MetricsInputError(f"ranked item {unknown[0]!r} is not among the items")
        if len(set(self.ranking)) != len(self.ranking):
            raise MetricsInputError("the ranking lists an item twice")
        if isinstance(self.k, bool) or not isinstance(self.k, int) or self.k < 1:
            raise MetricsInputError(f"k must be a positive integer, got {self.k!r}")
        for name, allowed in (("gain", ("linear", "exponential")), ("ideal", ("judged", "list")),
                              ("ap_denominator", ("relevant", "found", "min_k_relevant"))):
            if getattr(self, name) not in allowed:
                raise MetricsInputError(f"{name} must be one of {', '.join(allowed)}, got {getattr(self, name)!r}")
        if not isinstance(self.threshold, (int, float)) or not self.threshold > 0:
            raise MetricsInputError(f"threshold must be a positive number, got {self.threshold!r}")
        self._check_limits()
        if self.run_order:
            if sorted(self.run_order) != sorted(self.ranking):
                raise MetricsInputError("the run's order must list the ranked items, each once")
            unscored = [item for item in self.run_order if item not in self.scores]
            if unscored:
                raise MetricsInputError(f"item {unscored[0]!r} of the run's order has no score")

    def _check_limits(self) -> None:
        """The board's ranges (ui.model.limits), the same for a link, a run's query and an editor."""
        if not limits.MIN_THRESHOLD <= self.threshold <= limits.MAX_THRESHOLD:
            raise InputError(N_("the relevance threshold must be a number from {low:g} to {high:,}, got {value}"),
                             low=limits.MIN_THRESHOLD, high=limits.MAX_THRESHOLD, value=_short(self.threshold))
        for name, grade in self.grades.items():
            if isinstance(grade, numbers.Real) and math.isfinite(grade) and abs(grade) > limits.MAX_ABS_GRADE:
                raise InputError(N_("the grade of {name} is out of range ({grade:g}; limit ±{limit:,})"),
                                 name=_short(name), grade=grade, limit=limits.MAX_ABS_GRADE)
        for name, score in self.scores.items():
            if isinstance(score, bool) or not isinstance(score, numbers.Real) or not math.isfinite(score):
                raise InputError(N_("the score of {name} must be a finite number, got {score}"), name=_short(name),
                                 score=_short(score))
            if abs(score) > limits.MAX_ABS_SCORE:
                raise InputError(N_("the score of {name} is out of range ({score:g}; limit ±{limit:g})"),
                                 name=_short(name), score=score, limit=limits.MAX_ABS_SCORE)

    # --- what the metrics need ----------------------------------------------------------
    @property
    def items(self) -> list[str]:
        return list(self.grades)

    @property
    def pool(self) -> list[str]:
        """Items not in the ranking, in pool order."""
        ranked = set(self.ranking)
        return [item for item in self.grades if item not in ranked]

    def rels(self) -> list[float]:
        """Grades in ranked order (unjudged: 0)."""
        return [self.grade(item) for item in self.ranking]

    def grade(self, item: str) -> float:
        value = self.grades[item]
        return 0.0 if value is None else float(value)

    def judged(self) -> list[float]:
        """Grades of all judged items, ranked or not: the ideal ordering's material."""
        return [float(g) for g in self.grades.values() if g is not None]

    def n_relevant(self, threshold: float = 1.0) -> int:
        return sum(1 for g in self.judged() if g >= threshold)

    def read_input(self) -> tuple[list[str], list[float]] | None:
        """``(items, scores)`` as the run file lists them, for libraries that read the input order; None when
        the board was not loaded from a run or its ranking has since been changed by hand."""
        if not self.run_order:
            return None
        return list(self.run_order), [float(self.scores[item]) for item in self.run_order]

    def effective_k(self) -> int:
        """k, clipped to the longest list that can carry gain (for sliders)."""
        return max(1, min(self.k, max(len(self.ranking), len(self.judged()), 1)))

    # --- changes ---------------------------------------------------------------------------
    def with_ranking(self, ranking) -> "Board":
        """A new ranking; a ranking changed by hand is the user's own, so the run's order is forgotten."""
        ranking = tuple(ranking)
        return replace(self, ranking=ranking, run_order=self.run_order if ranking == self.ranking else ())

    def with_k(self, k: int) -> "Board":
        return replace(self, k=int(k))

    def with_scores(self, scores: dict[str, float]) -> "Board":
        """New system scores {item: score} (items not on the board are dropped; {} clears them). The run's
        order stays while every item of it keeps a score (libraries then read it with the new scores)."""
        scores = {item: float(s) for item, s in scores.items() if item in self.grades}
        order = self.run_order if all(item in scores for item in self.run_order) else ()
        return replace(self, scores=scores, run_order=order)

    def with_grades(self, grades: dict[str, Grade]) -> "Board":
        """New items and grades; ranked items that disappeared are dropped from the ranking."""
        return replace(self, grades=dict(grades), ranking=tuple(i for i in self.ranking if i in grades),
                       scores={i: s for i, s in self.scores.items() if i in grades},
                       run_order=tuple(i for i in self.run_order if i in grades))

    def renamed(self, old: str, new: str) -> "Board":
        new = new.strip()
        if new in self.grades and new != old:
            raise MetricsInputError(f"an item named {new!r} already exists")
        grades = {(new if item == old else item): g for item, g in self.grades.items()}
        return replace(self, grades=grades, ranking=tuple(new if i == old else i for i in self.ranking),
                       scores={(new if i == old else i): s for i, s in self.scores.items()},
                       run_order=tuple(new if i == old else i for i in self.run_order))

    def moved(self, item: str, offset: int) -> "Board":
        """Move a ranked item up (negative offset) or down, staying inside the list."""
        order = list(self.ranking)
        position = order.index(item)
        target = max(0, min(len(order) - 1, position + offset))
        order.insert(target, order.pop(position))
        return self.with_ranking(order)

    def ideal_order(self) -> "Board":
        """All items, most relevant first (ties keep pool order)."""
        return self.with_ranking(sorted(self.grades, key=lambda i: -self.grade(i)))

    def worst_order(self) -> "Board":
        return self.with_ranking(sorted(self.grades, key=lambda i: self.grade(i)))

    def shuffled(self, seed: int | None = None) -> "Board":
        order = list(self.ranking) or list(self.grades)
        random.Random(seed).shuffle(order)
        return self.with_ranking(order)

    # --- for links and tests ----------------------------------------------------------------
    def with_settings(self, **settings) -> "Board":
        """Change k, gain, ideal, ap_denominator or threshold."""
        return replace(self, **settings)

    def ideal_grades(self) -> list[float]:
        """The grades the nDCG ideal ordering is built from, per the ``ideal`` setting."""
        return self.judged() if self.ideal == "judged" else self.rels()

    def ideal_items(self) -> list[str]:
        """The items behind :meth:`ideal_grades`, in the same order."""
        if self.ideal == "judged":
            return [item for item, grade in self.grades.items() if grade is not None]
        return list(self.ranking)

    def to_dict(self) -> dict:
        return {"grades": dict(self.grades), "ranking": list(self.ranking), "k": self.k, "title": self.title,
                "note": self.note, "scores": dict(self.scores), "gain": self.gain, "ideal": self.ideal,
                "ap_denominator": self.ap_denominator, "threshold": self.threshold,
                "run_order": list(self.run_order)}

    @classmethod
    def from_dict(cls, data: dict) -> "Board":
        defaults = cls(grades={}, ranking=())
        return cls(grades=dict(data["grades"]), ranking=tuple(data["ranking"]), k=int(data.get("k", 5)),
                   title=data.get("title", ""), note=data.get("note", ""), scores=dict(data.get("scores", {})),
                   gain=data.get("gain", defaults.gain), ideal=data.get("ideal", defaults.ideal),
                   ap_denominator=data.get("ap_denominator", defaults.ap_denominator),
                   threshold=float(data.get("threshold", defaults.threshold)),
                   run_order=tuple(data.get("run_order", ())))

    @classmethod
    def from_ranking(cls, rels, items=None, k: int = 5, **extra) -> "Board":
        """A board whose every item is ranked, from grades in ranked order."""
        items = [str(i) for i in items] if items is not None else [f"d{i}" for i in range(1, len(rels) + 1)]
        if len(items) != len(rels):
            raise MetricsInputError(f"{len(items)} item names for {len(rels)} grades")
        return cls(grades=dict(zip(items, rels)), ranking=tuple(items), k=k, **extra)


def _short(name) -> str:
    """A name as messages quote it: its repr, cut to 40 characters."""
    text = repr(name)
    return text if len(text) <= 40 else text[:37] + "..."


T = TypeVar("T")
#: changes :class:`History` keeps to undo (the oldest is forgotten beyond them)
HISTORY_DEPTH = 50


@dataclass(frozen=True)
class History(Generic[T]):
    """Undo and redo over immutable states (boards): ``past`` are the states left by each change, the
    last one the most recent; ``future`` the states undone, the last one the next to redo.

    >>> h = History().record("a")            # the board "a" was changed to "b"
    >>> h, back = h.undo("b"); back          # undo: back to "a", "b" can be redone
    'a'
    >>> h, again = h.redo(back); again
    'b'
    >>> History(future=("c",)).record("a").can_redo   # a new change clears what could be redone
    False
    """

    past: tuple[T, ...] = ()
    future: tuple[T, ...] = ()
    depth: int = HISTORY_DEPTH

    @property
    def can_undo(self) -> bool:
        return bool(self.past)

    @property
    def can_redo(self) -> bool:
        return bool(self.future)

    def record(self, before: T) -> History[T]:
        """A change was made, leaving ``before``: it can be undone; nothing can be redone any more."""
        return replace(self, past=(*self.past, before)[-self.depth:] if self.depth > 0 else (), future=())

    def undo(self, current: T) -> tuple[History[T], T]:
        """Back to the state before the last change (``current`` can then be redone)."""
        if not self.past:
            raise ValueError("nothing to undo")
        return replace(self, past=self.past[:-1], future=(*self.future, current)), self.past[-1]

    def redo(self, current: T) -> tuple[History[T], T]:
        """The state the last undo left (``current`` can be undone again)."""
        if not self.future:
            raise ValueError("nothing to redo")
        return replace(self, past=(*self.past, current)[-self.depth:], future=self.future[:-1]), self.future[-1]

