"""What a lesson is: scenes over boards, each with a question to predict before the reveal.

A :class:`Lesson` is read from a TOML file (:mod:`.reading`); every value it shows or checks is computed by
:mod:`.compute` from a scene's :class:`SceneBoard`, never written in the file (a value the file states is checked
and refused when the core computes another). Texts are given in every language of the lesson (``Text``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

#: the languages a built-in lesson is written in (a lesson file names its own, English first)
LANGUAGES = ("en", "zh")
#: what a scene shows: the explainer page whose step table it walks (one ranking), or a view of several queries
SINGLE_VIEWS = ("ndcg", "ap", "rr", "cutoff")
MANY_VIEWS = ("map", "mrr")
PAIRED_VIEWS = ("paired",)
VIEWS = SINGLE_VIEWS + MANY_VIEWS + PAIRED_VIEWS
#: the kinds of question: a number, a rank, one of several options
QUESTION_KINDS = ("value", "rank", "choice")
#: the board's conventions a scene may set, their allowed values (numbers: a positive threshold) and defaults;
#: the defaults are trec_eval's (``ui.model.board.Board`` has the same)
CONVENTIONS: dict[str, tuple] = {
    "gain": ("linear", "exponential"),
    "ideal": ("judged", "list"),
    "ap_denominator": ("relevant", "found", "min_k_relevant"),
    "rr_cut": (False, True),
}
DEFAULTS = {"gain": "linear", "ideal": "judged", "ap_denominator": "relevant", "rr_cut": False, "threshold": 1.0}


class Text(dict):
    """One text in every language of a lesson: ``{"en": "…", "zh": "…"}``; :meth:`in_language` falls back to
    English."""

    def in_language(self, language: str) -> str:
        return self.get(language) or self.get("en", "")


@dataclass(frozen=True)
class SceneBoard:
    """One query's judged items and ranking, with the conventions a page computes under.

    ``grades`` lists every judged item (pool order; None: unjudged, gain 0, not in the ideal ordering),
    ``ranking`` the ranked items (a subset, each once), ``scores`` optional system scores (ties), ``k`` the
    cut-off. ``conventions`` overrides :data:`DEFAULTS`."""

    grades: Mapping[str, float | None]
    ranking: tuple[str, ...]
    k: int = 5
    scores: Mapping[str, float] = field(default_factory=dict)
    conventions: Mapping[str, object] = field(default_factory=dict)

    def setting(self, name: str):
        return self.conventions.get(name, DEFAULTS[name])

    @property
    def threshold(self) -> float:
        return float(self.setting("threshold"))

    def rels(self) -> list[float]:
        """Grades in ranked order (unjudged: 0)."""
        return [float(self.grades[item] or 0.0) for item in self.ranking]

    def judged(self) -> list[float]:
        return [float(g) for g in self.grades.values() if g is not None]

    @property
    def n_relevant(self) -> int:
        """R: judged items, ranked or not, with a grade at or above the threshold."""
        return sum(1 for g in self.judged() if g >= self.threshold)

    def ideal_grades(self) -> list[float]:
        return self.judged() if self.setting("ideal") == "judged" else self.rels()

    def ideal_items(self) -> list[str]:
        if self.setting("ideal") == "judged":
            return [item for item, grade in self.grades.items() if grade is not None]
        return list(self.ranking)

    def with_conventions(self, **changes) -> SceneBoard:
        return replace(self, conventions={**self.conventions, **changes})

    def to_dict(self) -> dict:
        return {"grades": dict(self.grades), "ranking": list(self.ranking), "k": self.k,
                "scores": dict(self.scores), "conventions": dict(self.conventions)}

    @classmethod
    def from_dict(cls, data: Mapping) -> SceneBoard:
        return cls(grades=dict(data["grades"]), ranking=tuple(data["ranking"]), k=int(data["k"]),
                   scores=dict(data.get("scores", {})), conventions=dict(data.get("conventions", {})))


@dataclass(frozen=True)
class Option:
    """One option of a choice question: its id, its label and, for a computed choice, what it stands for
    (``measure`` on ``board`` under ``conventions`` or as ``library`` reports it); for a literal choice, ``why``
    a learner who picks it (wrongly) is told."""

    id: str
    label: Text
    measure: str | None = None
    board: str | None = None
    conventions: Mapping[str, object] = field(default_factory=dict)
    library: str | None = None
    why: Text = field(default_factory=Text)


@dataclass(frozen=True)
class Question:
    """What the learner predicts before the reveal.

    * ``value``: ``measure`` (``P@3``, ``AP``, ``nDCG@5``, ``MAP``, ``t_test_p``, …) on the scene's board, under its
      conventions, or as ``library`` reports it (:data:`metrics.conventions.PRESETS`); ``decimals`` asked for.
    * ``rank``: the rank of ``of`` (``first_hit``, ``last_hit``) in the scene's ranking.
    * ``choice``: ``options``; the right one is computed (``pick`` the ``largest`` or ``smallest`` value), or,
      for options without a measure, named by ``answer``.

    ``expect`` is a value the author states: checked against the computed one, refused when it differs."""

    kind: str
    prompt: Text
    measure: str | None = None
    library: str | None = None
    of: str | None = None
    options: tuple[Option, ...] = ()
    pick: str | None = None
    answer: str | None = None
    expect: float | int | str | None = None
    decimals: int = 3
    tests: int | None = None  #: familywise_error: how many tests
    alpha: float | None = None  #: familywise_error: each test's level


@dataclass(frozen=True)
class Scene:
    """One scene: a board (or several queries, or two systems' queries) shown by ``view`` at ``step``, what to
    point at, a question, the teacher's notes and the mistake students make here, and a hint for self-study.

    ``board`` names the lesson's board (single views), ``queries`` a query set (MAP, MRR), ``systems`` two query
    sets (A, B) for a paired comparison. ``step`` None shows every step."""

    id: str
    title: Text
    view: str
    say: Text
    notes: Text
    mistake: Text
    hint: Text
    board: str | None = None
    queries: str | None = None
    systems: tuple[str, str] | None = None
    k: int | None = None
    step: int | None = 1
    conventions: Mapping[str, object] = field(default_factory=dict)
    point: Mapping[str, object] = field(default_factory=dict)
    question: Question | None = None
    average: str = "run"  #: many queries: mean over the run's queries ("run", trec_eval) or all judged ("all", -c)


@dataclass(frozen=True)
class QuerySet:
    """Several queries of one run: query id -> board name, in order. A board with an empty ranking is a query the
    run does not answer (judged only)."""

    queries: Mapping[str, str]


@dataclass(frozen=True)
class Lesson:
    """A lesson: its id, title and summary, minutes in class, languages, the pages to read on, its boards and
    query sets, and its scenes in order."""

    id: str
    title: Text
    summary: Text
    minutes: int
    languages: tuple[str, ...]
    read_on: tuple[str, ...]
    boards: Mapping[str, SceneBoard]
    query_sets: Mapping[str, QuerySet]
    scenes: tuple[Scene, ...]
    source: str = ""  #: the file it was read from (messages name it)

    def scene(self, scene_id: str) -> Scene:
        for scene in self.scenes:
            if scene.id == scene_id:
                return scene
        raise KeyError(scene_id)

    def index(self, scene_id: str) -> int:
        return [scene.id for scene in self.scenes].index(scene_id)


@dataclass(frozen=True)
class Problem:
    """One problem of a lesson file: where (the file, the scene or None, the field) and what.

    ``template`` and ``fields`` say the message again for a translator (``message == template.format(**fields)``,
    as :func:`metrics.errors.input_error`); the fields hold display text (input quoted with ``repr``, counts), those
    named in ``words`` English words to translate too. Without a template the message is its own (no fields).
    :meth:`of` builds a problem from its template."""

    source: str
    scene: str | None
    field: str
    message: str
    template: str | None = None
    fields: Mapping[str, object] = field(default_factory=dict, hash=False)
    words: tuple[str, ...] = ()

    def __post_init__(self):
        if self.template is None:
            object.__setattr__(self, "template", self.message.replace("{", "{{").replace("}", "}}"))

    @classmethod
    def of(cls, source: str, scene: str | None, where: str, template: str, *, words: tuple[str, ...] = (),
           **fields) -> Problem:
        """The problem ``template`` filled with ``fields`` (a literal template; quote input with ``repr``).

        >>> str(Problem.of("a.toml", "s1", "k", "must be a whole number from {low} to {high}, got {value}",
        ...                low=1, high=30, value=repr("x")))
        "a.toml: scene 's1': k: must be a whole number from 1 to 30, got 'x'"
        """
        return cls(source, scene, where, template.format(**fields), template, fields, tuple(words))

    def __str__(self) -> str:
        where = self.source
        if self.scene is not None:
            where += f": scene {self.scene!r}"
        return f"{where}: {self.field}: {self.message}"
