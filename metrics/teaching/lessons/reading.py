"""Reading a lesson file (TOML) and checking it: every problem said once, naming the file, the scene and the field.

A lesson file is refused when it is not TOML, names an unknown view, measure, board or convention, gives a grade
out of range, lacks a text in one of its languages, states a value the core computes differently, or shows its
question's answer before the question is asked. :func:`check_lesson` returns the problems (empty: the lesson is
good); :func:`read_lesson` returns the lesson or raises :class:`LessonError` with all of them.
"""

from __future__ import annotations

import math
import re
import tomllib
from pathlib import Path

from ...errors import MetricsInputError
from ...messages import N_
from . import compute
from .model import (
    CONVENTIONS,
    MANY_VIEWS,
    QUESTION_KINDS,
    SINGLE_VIEWS,
    VIEWS,
    Lesson,
    Option,
    Problem,
    QuerySet,
    Question,
    Scene,
    SceneBoard,
    Text,
)

#: a grade a lesson may give: 0 to this (TREC collections grade 0-4; a few use larger scales)
MAX_GRADE = 100
MAX_ITEMS = 30  #: items on one board (a lesson's boards are read on one screen)
MAX_SCENES = 40
UNJUDGED = "?"  #: an item judged by nobody (gain 0, left out of the ideal ordering)
#: the app's pages a lesson may send a reader on to (tests/ui check this against ui.shell.routes)
PAGES = ("home", "upload", "ndcg", "ap", "rr", "cutoff", "roc", "beyond", "more_measures", "reader", "diversity",
         "compare", "conventions", "systems", "many_systems", "multiple_comparisons", "quiz", "articles", "handout",
         "live")
LESSON_KEYS = {"id", "title", "summary", "minutes", "languages", "read_on", "boards", "query_sets", "scenes"}
BOARD_KEYS = {"grades", "ranking", "k", "scores", "conventions"}
SCENE_KEYS = {"id", "title", "view", "say", "notes", "mistake", "hint", "board", "queries", "systems", "k", "step",
              "conventions", "point", "question", "average"}
QUESTION_KEYS = {"kind", "prompt", "measure", "library", "of", "options", "pick", "answer", "expect", "decimals",
                 "tests", "alpha"}
OPTION_KEYS = {"id", "label", "measure", "board", "conventions", "library", "why"}
SCENE_TEXTS = ("title", "say", "notes", "mistake", "hint")
RANK_OF = ("first_hit", "last_hit")


class LessonError(MetricsInputError):
    """A lesson file with problems: ``problems`` lists them, one line each in ``str(error)``."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        first = problems[0]
        super().__init__("\n".join(str(p) for p in problems), template="{problems}",
                         fields={"problems": "\n".join(str(p) for p in problems)})
        self.source = first.source


class _Reader:
    """Collects the problems of one file while building its lesson."""

    def __init__(self, source: str):
        self.source = source
        self.problems: list[Problem] = []
        self.languages: tuple[str, ...] = ("en",)
        #: boards and query sets already refused (their problem said once): a scene naming one says nothing more
        self.refused: set[str] = set()
        self.refused_sets: set[str] = set()

    def problem(self, scene: str | None, field: str, template: str, *, words: tuple[str, ...] = (), **fields) -> None:
        """A problem said by a literal ``template`` (tests/ui/i18n lists them all) filled with ``fields``."""
        self.problems.append(Problem.of(self.source, scene, field, template, words=words, **fields))

    def core(self, scene: str | None, field: str, error: MetricsInputError) -> None:
        """A problem the core found (``compute``): its template and fields, when it has them."""
        self.problems.append(_from_error(self.source, scene, field, error))

    def unknown(self, table: dict, allowed: set, scene: str | None, where: str) -> None:
        for key in table:
            if key not in allowed:
                self.problem(scene, f"{where}{key}", N_("unknown field (known: {known})"),
                             known=", ".join(sorted(allowed)))

    def text(self, value, scene: str | None, field: str, required: bool = True) -> Text:
        if value is None:
            if required:
                self.problem(scene, field, N_("missing: a text in {languages}"), languages=", ".join(self.languages))
            return Text()
        if isinstance(value, str):
            value = {"en": value}
        if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
            self.problem(scene, field, N_("a text is a table of languages ({languages}) to strings"),
                         languages=", ".join(self.languages))
            return Text()
        for language in self.languages:
            if not str(value.get(language, "")).strip():
                self.problem(scene, f"{field}.{language}", N_("missing translation: no {language} text"),
                             language=language)
        return Text(value)

    def whole(self, value, scene, field, low: int = 1, high: int = 1000) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.problem(scene, field, N_("must be a whole number from {low} to {high}, got {value}"), low=low,
                         high=high,
                         value=repr(value))
            return None
        return value

    def conventions(self, value, scene, field) -> dict:
        if value is None:
            return {}
        if not isinstance(value, dict):
            self.problem(scene, field, N_("a table of conventions (gain, ideal, ap_denominator, rr_cut, threshold)"))
            return {}
        good = {}
        for name, setting in value.items():
            if name == "threshold":
                if isinstance(setting, bool) or not isinstance(setting, (int, float)) or not 0 < setting <= MAX_GRADE:
                    self.problem(scene, f"{field}.threshold",
                                 N_("must be a number above 0, at most {limit}, got {value}"),
                                 limit=MAX_GRADE, value=repr(setting))
                    continue
            elif name not in CONVENTIONS:
                self.problem(scene, f"{field}.{name}", N_("unknown convention (known: {known}, threshold)"),
                             known=", ".join(CONVENTIONS))
                continue
            elif setting not in CONVENTIONS[name] or type(setting) is not type(CONVENTIONS[name][0]):
                self.problem(scene, f"{field}.{name}", N_("must be one of {allowed}, got {value}"),
                             allowed=", ".join(map(str, CONVENTIONS[name])), value=repr(setting))
                continue
            good[name] = setting
        return good

    # ---------------------------------------------------------------- parts

    def board(self, name: str, data) -> SceneBoard | None:
        where = f"boards.{name}."
        if not isinstance(data, dict):
            self.problem(None, f"boards.{name}", N_("a board is a table (grades, ranking, k)"))
            return None
        self.unknown(data, BOARD_KEYS, None, where)
        grades, ranking = data.get("grades"), data.get("ranking", [])
        if not isinstance(grades, dict) or not grades:
            self.problem(None, where + "grades", N_("a table item = grade (0, 1, 2, … or \"?\" for unjudged)"))
            return None
        if len(grades) > MAX_ITEMS:
            self.problem(None, where + "grades", N_("{count} items; a lesson board holds at most {limit}"),
                         count=len(grades),
                         limit=MAX_ITEMS)
            return None
        good: dict[str, float | None] = {}
        for item, grade in grades.items():
            if grade == UNJUDGED:
                good[item] = None
            elif isinstance(grade, bool) or not isinstance(grade, (int, float)) or not math.isfinite(grade) \
                    or not 0 <= grade <= MAX_GRADE:
                self.problem(None, f"{where}grades.{item}",
                             N_("grade out of range: {grade} (a number from 0 to {limit}, "
                                "or \"?\" for unjudged)"), grade=repr(grade), limit=MAX_GRADE)
            else:
                good[item] = float(grade)
        if not isinstance(ranking, list) or not all(isinstance(item, str) for item in ranking):
            self.problem(None, where + "ranking", N_("a list of item names"))
            return None
        unknown = [item for item in ranking if item not in grades]
        if unknown:
            self.problem(None, where + "ranking", N_("{item} is not among the board's grades"), item=repr(unknown[0]))
        if len(set(ranking)) != len(ranking):
            self.problem(None, where + "ranking", N_("lists an item twice"))
        k = self.whole(data.get("k", 5), None, where + "k", 1, MAX_ITEMS)
        scores = data.get("scores", {})
        if not isinstance(scores, dict) or not all(
                not isinstance(s, bool) and isinstance(s, (int, float)) and math.isfinite(s) for s in scores.values()):
            self.problem(None, where + "scores", N_("a table item = finite score"))
            scores = {}
        if set(scores) - set(ranking):
            self.problem(None, where + "scores", N_("{item} is not ranked"), item=repr(min(set(scores) - set(ranking))))
        if scores and set(scores) != set(ranking):
            self.problem(None, where + "scores", N_("give every ranked item a score, or none"))
        conventions = self.conventions(data.get("conventions"), None, where + "conventions")
        if len(good) != len(grades) or unknown or k is None:
            return None
        return SceneBoard(good, tuple(ranking), k, {i: float(s) for i, s in scores.items()}, conventions)

    def question(self, data, scene: str, boards: dict) -> Question | None:
        if data is None:
            return None
        if not isinstance(data, dict):
            self.problem(scene, "question", N_("a table (kind, prompt, …)"))
            return None
        self.unknown(data, QUESTION_KEYS, scene, "question.")
        kind = data.get("kind")
        if kind not in QUESTION_KINDS:
            self.problem(scene, "question.kind", N_("must be one of {allowed}, got {value}"),
                         allowed=", ".join(QUESTION_KINDS), value=repr(kind))
            return None
        prompt = self.text(data.get("prompt"), scene, "question.prompt")
        decimals = self.whole(data.get("decimals", 3), scene, "question.decimals", 1, 6) or 3
        measure, options = data.get("measure"), []
        if kind == "value":
            if measure is None:
                self.problem(scene, "question.measure", N_("a value question names its measure (P@3, AP, nDCG@5, …)"))
                return None
            try:
                compute.parse_measure(measure)
            except MetricsInputError as error:
                self.core(scene, "question.measure", error)
                return None
        if kind == "rank" and data.get("of", "first_hit") not in RANK_OF:
            self.problem(scene, "question.of", N_("must be one of {allowed}, got {value}"), allowed=", ".join(RANK_OF),
                         value=repr(data.get("of")))
            return None
        if kind == "choice":
            raw = data.get("options")
            if not isinstance(raw, list) or len(raw) < 2:
                self.problem(scene, "question.options", N_("a choice has at least two options"))
                return None
            for number, option in enumerate(raw, start=1):
                where = f"question.options[{number}]"
                if not isinstance(option, dict) or not isinstance(option.get("id"), str):
                    self.problem(scene, where, N_("an option is a table with an id and a label"))
                    continue
                self.unknown(option, OPTION_KEYS, scene, where + ".")
                if option.get("board") is not None and option["board"] not in boards:
                    if option["board"] not in self.refused:
                        self.problem(scene, where + ".board", N_("unknown board {board}"), board=repr(option["board"]))
                    continue
                if option.get("measure") is not None:
                    try:
                        compute.parse_measure(option["measure"])
                    except MetricsInputError as error:
                        self.core(scene, where + ".measure", error)
                        continue
                if option.get("why") is not None and option.get("measure") is not None:
                    self.problem(scene, where + ".why", N_("a computed option's verdict is computed: why is for an "
                                                           "option without a measure"))
                options.append(Option(option["id"], self.text(option.get("label"), scene, where + ".label"),
                                      option.get("measure"), option.get("board"),
                                      self.conventions(option.get("conventions"), scene, where + ".conventions"),
                                      option.get("library"),
                                      self.text(option.get("why"), scene, where + ".why", required=False)))
            ids = [o.id for o in options]
            if len(set(ids)) != len(ids):
                self.problem(scene, "question.options", N_("two options share an id"))
            measured = [o for o in options if o.measure]
            if measured and len(measured) != len(options):
                self.problem(scene, "question.options", N_("every option names a measure, or none does"))
            if measured and data.get("pick") not in ("largest", "smallest"):
                self.problem(scene, "question.pick", N_("a computed choice picks the largest or the smallest value"))
            if not measured and data.get("answer") not in ids:
                self.problem(scene, "question.answer",
                             N_("a choice without measures names its right option (one of {ids}), "
                                "got {value}"), ids=", ".join(ids), value=repr(data.get("answer")))
            if len(options) != len(raw):
                return None
        tests, alpha = data.get("tests"), data.get("alpha")
        if measure in ("familywise_error", "bonferroni_alpha"):
            tests = self.whole(tests, scene, "question.tests", 1, 1000)
            if isinstance(alpha, bool) or not isinstance(alpha, float) or not 0 < alpha < 1:
                self.problem(scene, "question.alpha", N_("a level between 0 and 1, got {value}"), value=repr(alpha))
                alpha = None
            if tests is None or alpha is None:
                return None
        return Question(kind, prompt, measure, data.get("library"), data.get("of", "first_hit") if kind == "rank"
                        else None, tuple(options), data.get("pick"), data.get("answer"), data.get("expect"), decimals,
                        tests, alpha)

    def scene(self, number: int, data, boards: dict, query_sets: dict) -> Scene | None:
        if not isinstance(data, dict) or not isinstance(data.get("id"), str) or not data["id"].strip():
            self.problem(f"#{number}", "id", N_("every scene has an id (text)"))
            return None
        name = data["id"]
        self.unknown(data, SCENE_KEYS, name, "")
        view = data.get("view")
        if view not in VIEWS:
            self.problem(name, "view", N_("unknown view {view} (known: {known})"), view=repr(view),
                         known=", ".join(VIEWS))
            return None
        texts = {field: self.text(data.get(field), name, field, required=field in ("title", "say"))
                 for field in SCENE_TEXTS}
        board = queries = systems = None
        if view in SINGLE_VIEWS:
            board = data.get("board")
            if board not in boards:
                if board not in self.refused:
                    self.problem(name, "board", N_("unknown board {board} (the lesson's: {known})") if boards else
                                 N_("unknown board {board} (the lesson's: none)"), board=repr(board),
                                 known=", ".join(boards))
                return None
            if not boards[board].ranking:
                self.problem(name, "board", N_("board {board} ranks no item"), board=repr(board))
                return None
        elif view in MANY_VIEWS:
            queries = data.get("queries")
            if queries not in query_sets:
                if queries not in self.refused_sets:
                    self.problem(name, "queries", N_("unknown query set {queries}"), queries=repr(queries))
                return None
        else:
            systems = data.get("systems")
            if not (isinstance(systems, list) and len(systems) == 2 and all(s in query_sets for s in systems)):
                if not (isinstance(systems, list) and set(map(str, systems)) & self.refused_sets):
                    self.problem(name, "systems", N_("two query sets of the lesson, A then B"))
                return None
            a, b = (query_sets[s].queries for s in systems)
            if list(a) != list(b):
                self.problem(name, "systems", N_("the two systems must answer the same queries, in the same order"))
                return None
            for query in a:
                if dict(boards[a[query]].grades) != dict(boards[b[query]].grades):
                    self.problem(name, "systems", N_("query {query}: the two systems' boards judge other items"),
                                 query=repr(query))
                    return None
            systems = tuple(systems)
        k = data.get("k")
        if k is not None:
            k = self.whole(k, name, "k", 1, MAX_ITEMS)
            if k is None:
                return None
            if board is not None and k > max(len(boards[board].ranking), 1) and view != "ndcg":
                self.problem(name, "k", N_("K = {k} is deeper than the ranking ({count} items)"), k=k,
                             count=len(boards[board].ranking))
                return None
        step = data.get("step", 1)
        if step == "all":
            step = None
        elif self.whole(step, name, "step", 1, 1000) is None:
            return None
        average = data.get("average", "run")
        if average not in ("run", "all"):
            self.problem(name, "average", N_("must be run (trec_eval) or all (trec_eval -c), got {value}"),
                         value=repr(average))
            return None
        point = data.get("point", {})
        if not isinstance(point, dict) or set(point) - {"column", "rank"}:
            self.problem(name, "point", N_("a table with a column and a rank"))
            point = {}
        conventions = self.conventions(data.get("conventions"), name, "conventions")
        question = self.question(data.get("question"), name, boards)
        if data.get("question") is not None and question is None:
            return None
        return Scene(name, texts["title"], view, texts["say"], texts["notes"], texts["mistake"], texts["hint"],
                     board, queries, systems, k, step, conventions, point, question, average)

    # ---------------------------------------------------------------- the lesson

    def lesson(self, data: dict) -> Lesson | None:
        self.unknown(data, LESSON_KEYS, None, "")
        languages = data.get("languages", ["en", "zh"])
        if not isinstance(languages, list) or not languages or languages[0] != "en" \
                or not all(isinstance(x, str) for x in languages):
            self.problem(None, "languages", N_("a list of language codes, English first: [\"en\", \"zh\"]"))
            languages = ["en"]
        self.languages = tuple(languages)
        lesson_id = data.get("id")
        if not isinstance(lesson_id, str) or not lesson_id.strip() or not lesson_id.replace("-", "").isalnum():
            self.problem(None, "id", N_("a short name of letters, digits and hyphens, got {value}"),
                         value=repr(lesson_id))
        title = self.text(data.get("title"), None, "title")
        summary = self.text(data.get("summary"), None, "summary")
        minutes = self.whole(data.get("minutes"), None, "minutes", 1, 180)
        read_on = data.get("read_on", [])
        if not isinstance(read_on, list) or any(page not in PAGES for page in read_on):
            self.problem(None, "read_on", N_("a list of the app's pages ({pages})"), pages=", ".join(PAGES))
            read_on = []
        raw_boards = data.get("boards", {})
        if not isinstance(raw_boards, dict):
            self.problem(None, "boards", N_("a table of boards"))
            raw_boards = {}
        boards = {name: board for name, raw in raw_boards.items() if (board := self.board(name, raw)) is not None}
        self.refused = set(raw_boards) - set(boards)
        query_sets = {}
        raw_sets = data.get("query_sets", {})
        for name, raw in (raw_sets.items() if isinstance(raw_sets, dict) else ()):
            if not isinstance(raw, dict) or not raw or not all(isinstance(b, str) for b in raw.values()):
                self.problem(None, f"query_sets.{name}", N_("a table query id = board name"))
                continue
            missing = [b for b in raw.values() if b not in boards]
            if missing:
                if not set(missing) <= self.refused:
                    self.problem(None, f"query_sets.{name}", N_("unknown board {board}"), board=repr(missing[0]))
                self.refused_sets.add(name)
                continue
            query_sets[name] = QuerySet(dict(raw))
        raw_scenes = data.get("scenes")
        if not isinstance(raw_scenes, list) or not raw_scenes:
            self.problem(None, "scenes", N_("a lesson has at least one scene ([[scenes]])"))
            return None
        if len(raw_scenes) > MAX_SCENES:
            self.problem(None, "scenes", N_("{count} scenes; at most {limit}"), count=len(raw_scenes), limit=MAX_SCENES)
            return None
        scenes = [self.scene(n, raw, boards, query_sets) for n, raw in enumerate(raw_scenes, start=1)]
        ids = [s.id for s in scenes if s is not None]
        for duplicate in sorted({i for i in ids if ids.count(i) > 1}):
            self.problem(duplicate, "id", N_("two scenes share this id"))
        if self.problems:
            return None
        lesson = Lesson(lesson_id, title, summary, minutes, self.languages, tuple(read_on), boards, query_sets,
                        tuple(scenes), self.source)
        for scene in lesson.scenes:
            self.computed(lesson, scene)
        return None if self.problems else lesson

    def computed(self, lesson: Lesson, scene: Scene) -> None:
        """What only the core can check: the scene computes, its stated value is the core's, and the scene does
        not show its answer before the question."""
        try:
            total = compute.steps(lesson, scene)
            if scene.step is not None and scene.step > total:
                self.problem(scene.id, "step", N_("step {step} of a table of {total} rows"), step=scene.step,
                             total=total)
                return
            if scene.question is None:
                return
            exact = compute.answer(lesson, scene)
        except MetricsInputError as error:
            self.core(scene.id, "question" if scene.question else "view", error)
            return
        expect = scene.question.expect
        if expect is not None:
            if isinstance(exact, str):
                if expect != exact:
                    self.problem(scene.id, "question.expect", N_("states option {expect}, but the core computes option "
                                 "{exact}"), expect=repr(expect), exact=repr(exact))
            elif isinstance(expect, bool) or not isinstance(expect, (int, float)) \
                    or abs(float(expect) - float(exact)) > 0.5 * 10 ** -4:
                self.problem(scene.id, "question.expect", N_("states {expect}, but the core computes {exact}"),
                             expect=repr(expect), exact=_shown(exact))
        if compute.gives_away(lesson, scene):
            self.problem(scene.id, "step", N_("step {step} already shows the answer {exact}: show an earlier step"),
                         step=scene.step or "all", exact=_shown(exact))


def _shown(value) -> str:
    return str(value) if isinstance(value, (int, str)) else f"{value:.4f}"


def _from_error(source: str, scene: str | None, where: str, error: MetricsInputError) -> Problem:
    """The core's problem ``error`` at ``where``: its template and fields (its text alone when it has none)."""
    if error.template is None or str(error) != error.problem:
        return Problem(source, scene, where, str(error))
    return Problem(source, scene, where, error.problem, error.template, error.fields, error.words)


#: the TOML parser's message: its own words (kept as they are), then where
_TOML_AT = re.compile(r"(?P<reason>.*) \(at (?:line (?P<line>\d+), column (?P<column>\d+)|(?P<end>end of document))\)",
                      re.DOTALL)


def _toml_problem(source: str, error: tomllib.TOMLDecodeError) -> Problem:
    """A TOML syntax error: the parser's words as a field, the line and column in the reader's language."""
    match = _TOML_AT.fullmatch(str(error))
    if match is None:
        return Problem.of(source, None, "TOML", N_("{reason}"), reason=str(error))
    if match["end"]:
        return Problem.of(source, None, "TOML", N_("{reason} (at end of document)"), reason=match["reason"])
    return Problem.of(source, None, "TOML", N_("{reason} (at line {line}, column {column})"), reason=match["reason"],
                      line=int(match["line"]), column=int(match["column"]))


def check_text(text: str, source: str = "<lesson>") -> tuple[Lesson | None, list[Problem]]:
    """The lesson in ``text`` (TOML) and its problems: (lesson, []) when good, (None, problems) when not."""
    reader = _Reader(source)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return None, [_toml_problem(source, error)]
    lesson = reader.lesson(data)
    return lesson, reader.problems


def check_lesson(path) -> list[Problem]:
    """The problems of the lesson file at ``path`` (empty: it is good)."""
    return load_text(Path(path))[1]


def load_text(path: Path) -> tuple[Lesson | None, list[Problem]]:
    try:
        text = path.read_bytes().decode("utf-8")
    except OSError as error:
        return None, [Problem.of(str(path), None, "file", N_("{reason}"), reason=error.strerror or str(error))]
    except UnicodeDecodeError:
        return None, [Problem.of(str(path), None, "file", N_("not UTF-8 text"))]
    return check_text(text, str(path))


def read_lesson(path) -> Lesson:
    """The lesson in the file at ``path``; :class:`LessonError` naming every problem."""
    lesson, problems = load_text(Path(path))
    if problems:
        raise LessonError(problems)
    return lesson


def parse_lesson(text: str, source: str = "<lesson>") -> Lesson:
    """The lesson in ``text`` (TOML); :class:`LessonError` naming every problem."""
    lesson, problems = check_text(text, source)
    if problems:
        raise LessonError(problems)
    return lesson
