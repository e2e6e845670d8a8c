"""Bad lesson files, one a way of being wrong: together they reach every problem template of
metrics/teaching/lessons/reading.py and every template of compute.py that a lesson check can meet
(tests/ui/i18n/test_i18n_lesson_problems.py). Each case is (name, the file's text, the lines ``lesson check``
prints for it, as ``x.toml``)."""

from __future__ import annotations

#: a one-language lesson: two boards, two query sets, one scene whose body is ``{scene}``
SMALL = """\
id = "s"
minutes = 5
languages = ["en"]
title = "S"
summary = "S"
[boards.a]
grades = { d1 = 2, d2 = 0, d3 = 1 }
ranking = ["d1", "d2", "d3"]
[boards.b]
grades = { d1 = 2, d2 = 0, d3 = 1 }
ranking = ["d3", "d2", "d1"]
[boards.none]
grades = { d1 = 0, d2 = 0 }
ranking = ["d1", "d2"]
[boards.empty]
grades = { d1 = 1, d2 = 0 }
ranking = []
[query_sets.s]
q1 = "a"
[query_sets.t]
q1 = "b"
[query_sets.u]
q2 = "b"
[query_sets.v]
q1 = "none"
[query_sets.w]
q1 = "empty"
[[scenes]]
id = "x"
title = "T"
say = "S"
"""

AP = 'view = "ap"\nboard = "a"\n'
MAP = 'view = "map"\nqueries = "s"\n'


def small(scene: str, top: str = "") -> str:
    """SMALL with ``top`` first (top-level keys) and ``scene`` as its scene's body."""
    return top + SMALL + scene


def value(measure: str, more: str = "") -> str:
    return f'[scenes.question]\nkind = "value"\nprompt = "p"\nmeasure = "{measure}"\n{more}'


def choice(options: str, more: str = 'pick = "largest"\n') -> str:
    return f'[scenes.question]\nkind = "choice"\nprompt = "p"\n{more}options = [{options}]\n'


TWO = ('{ id = "a", label = "a", measure = "nDCG@3", board = "a" }, '
       '{ id = "b", label = "b", measure = "nDCG@3", board = "b" }')
MANY_ITEMS = ", ".join(f"i{n} = 1" for n in range(31))
SCENES = "".join(f'[[scenes]]\nid = "s{n}"\ntitle = "T"\nsay = "S"\n{AP}' for n in range(41))
X = "x.toml: scene 'x': "  #: how a problem of the scene 'x' starts

CASES = [
    # the file and the lesson
    ("not TOML", 'id = "s"\nminutes = \ntitle = "S"\n', ["x.toml: TOML: Invalid value (at line 2, column 11)"]),
    ("TOML ends early", 'id = "s', ["x.toml: TOML: Unterminated string (at end of document)"]),
    ("unknown field", small(AP, 'colour = "red"\n'),
     [("x.toml: colour: unknown field (known: boards, id, languages, minutes, query_sets, read_on, scenes, summary, "
      "title)")]),
    ("languages", small(AP).replace('["en"]', '["zh"]'),
     ['x.toml: languages: a list of language codes, English first: ["en", "zh"]']),
    ("lesson id", small(AP).replace('id = "s"', 'id = "s s"', 1),
     ["x.toml: id: a short name of letters, digits and hyphens, got 's s'"]),
    ("no summary", small(AP).replace('summary = "S"\n', ""), ["x.toml: summary: missing: a text in en"]),
    ("summary not a text", small(AP).replace('summary = "S"', "summary = 3"),
     ["x.toml: summary: a text is a table of languages (en) to strings"]),
    ("missing translation", small(AP).replace('["en"]', '["en", "zh"]').replace('title = "S"', 'title = { en = "S", zh = "小" }')
     .replace('summary = "S"', 'summary = { en = "S", zh = "小" }').replace('title = "T"', 'title = { en = "T", zh = "题" }'),
     [X + "say.zh: missing translation: no zh text"]),
    ("minutes", small(AP).replace("minutes = 5", "minutes = 0"),
     ["x.toml: minutes: must be a whole number from 1 to 180, got 0"]),
    ("read_on", small(AP, 'read_on = ["nowhere"]\n'),
     [("x.toml: read_on: a list of the app's pages (home, upload, ndcg, ap, rr, cutoff, roc, beyond, more_measures, "
      "reader, diversity, compare, conventions, systems, many_systems, multiple_comparisons, quiz, articles, handout, "
      "live)")]),
    ("boards not a table", small(AP, "boards = 3\n").replace("[boards.", "[old_boards."),
     [("x.toml: old_boards: unknown field (known: boards, id, languages, minutes, query_sets, read_on, scenes, "
      "summary, title)"), "x.toml: boards: a table of boards",
      *[f"x.toml: query_sets.{s}: unknown board {b!r}" for s, b in zip("stuvw", ["a", "b", "b", "none", "empty"])],
      X + "board: unknown board 'a' (the lesson's: none)"]),
    ("no scenes", small("").split("[[scenes]]")[0], ["x.toml: scenes: a lesson has at least one scene ([[scenes]])"]),
    ("too many scenes", SMALL.split("[[scenes]]")[0] + SCENES, ["x.toml: scenes: 41 scenes; at most 40"]),
    ("two scenes share an id", small(AP + '[[scenes]]\nid = "x"\ntitle = "T"\nsay = "S"\n' + AP),
     [X + "id: two scenes share this id"]),
    # boards
    ("board not a table", small(AP).replace("[boards.b]", "[boards]\nc = 3\n[boards.b]"),
     ["x.toml: boards.c: a board is a table (grades, ranking, k)"]),
    ("no grades", small(AP).replace("grades = { d1 = 2, d2 = 0, d3 = 1 }\nranking = [\"d3\"", "grades = {}\nranking = [\"d3\""),
     ['x.toml: boards.b.grades: a table item = grade (0, 1, 2, … or "?" for unjudged)']),
    ("too many items", small(AP).replace("grades = { d1 = 1, d2 = 0 }", f"grades = {{ {MANY_ITEMS} }}"),
     ["x.toml: boards.empty.grades: 31 items; a lesson board holds at most 30"]),
    ("grade out of range", small(AP).replace("d3 = 1 }\nranking = [\"d1\"", "d3 = -1 }\nranking = [\"d1\""),
     ['x.toml: boards.a.grades.d3: grade out of range: -1 (a number from 0 to 100, or "?" for unjudged)']),
    ("ranking not a list", small(AP).replace('ranking = ["d3", "d2", "d1"]', 'ranking = "d3"'),
     ["x.toml: boards.b.ranking: a list of item names"]),
    ("ranking names an unjudged item", small(AP).replace('ranking = ["d3", "d2", "d1"]', 'ranking = ["d3", "d9"]'),
     ["x.toml: boards.b.ranking: 'd9' is not among the board's grades"]),
    ("ranking lists an item twice", small(AP).replace('ranking = ["d3", "d2", "d1"]', 'ranking = ["d3", "d3"]'),
     ["x.toml: boards.b.ranking: lists an item twice"]),
    ("board k", small(AP).replace('ranking = ["d3", "d2", "d1"]', 'ranking = ["d3", "d2", "d1"]\nk = 31'),
     ["x.toml: boards.b.k: must be a whole number from 1 to 30, got 31"]),
    ("scores not numbers", small(AP).replace('ranking = ["d3", "d2", "d1"]', 'ranking = ["d3", "d2", "d1"]\nscores = { d3 = "x" }'),
     ["x.toml: boards.b.scores: a table item = finite score"]),
    ("a score of an unranked item", small(AP).replace('ranking = []', 'ranking = []\nscores = { d1 = 1.0 }'),
     ["x.toml: boards.empty.scores: 'd1' is not ranked",
      "x.toml: boards.empty.scores: give every ranked item a score, or none"]),
    ("conventions not a table", small(AP).replace('ranking = ["d3", "d2", "d1"]', 'ranking = ["d3", "d2", "d1"]\nconventions = 3'),
     ["x.toml: boards.b.conventions: a table of conventions (gain, ideal, ap_denominator, rr_cut, threshold)"]),
    ("threshold", small(AP + "conventions = { threshold = 0 }\n"),
     [X + "conventions.threshold: must be a number above 0, at most 100, got 0"]),
    ("unknown convention", small(AP + "conventions = { colour = 1 }\n"),
     [X + "conventions.colour: unknown convention (known: gain, ideal, ap_denominator, rr_cut, threshold)"]),
    ("convention value", small(AP + 'conventions = { gain = "log" }\n'),
     [X + "conventions.gain: must be one of linear, exponential, got 'log'"]),
    # query sets
    ("query set not a table", small(AP).replace("[query_sets.s]", "[query_sets]\nbad = 3\n[query_sets.s]"),
     ["x.toml: query_sets.bad: a table query id = board name"]),
    ("query set names an unknown board", small(AP).replace('[query_sets.s]\nq1 = "a"', '[query_sets.s]\nq1 = "zz"'),
     ["x.toml: query_sets.s: unknown board 'zz'"]),
    # scenes
    ("scene without an id", small(AP).replace('id = "x"\n', ""), ["x.toml: scene '#1': id: every scene has an id (text)"]),
    ("unknown view", small('view = "ndgc"\n'),
     [X + "view: unknown view 'ndgc' (known: ndcg, ap, rr, cutoff, map, mrr, paired)"]),
    ("unknown board", small('view = "ap"\nboard = "zz"\n'),
     [X + "board: unknown board 'zz' (the lesson's: a, b, none, empty)"]),
    ("a board that ranks nothing", small('view = "ap"\nboard = "empty"\n'), [X + "board: board 'empty' ranks no item"]),
    ("unknown query set", small('view = "map"\nqueries = "zz"\n'), [X + "queries: unknown query set 'zz'"]),
    ("systems", small('view = "paired"\nsystems = ["s"]\n'), [X + "systems: two query sets of the lesson, A then B"]),
    ("systems answer other queries", small('view = "paired"\nsystems = ["s", "u"]\n'),
     [X + "systems: the two systems must answer the same queries, in the same order"]),
    ("systems judge other items", small('view = "paired"\nsystems = ["s", "v"]\n'),
     [X + "systems: query 'q1': the two systems' boards judge other items"]),
    ("K deeper than the ranking", small(AP + "k = 5\n"), [X + "k: K = 5 is deeper than the ranking (3 items)"]),
    ("average", small(MAP + 'average = "some"\n'),
     [X + "average: must be run (trec_eval) or all (trec_eval -c), got 'some'"]),
    ("point", small(AP + "point = 3\n"), [X + "point: a table with a column and a rank"]),
    ("step beyond the table", small(AP + "step = 9\n"), [X + "step: step 9 of a table of 3 rows"]),
    ("no query of the set is in the run", small('view = "map"\nqueries = "w"\n'),
     [X + "view: no query of the set is in the run"]),
    # questions
    ("question not a table", small(AP + "question = 3\n"), [X + "question: a table (kind, prompt, …)"]),
    ("question kind", small(AP + '[scenes.question]\nkind = "guess"\nprompt = "p"\n'),
     [X + "question.kind: must be one of value, rank, choice, got 'guess'"]),
    ("no measure", small(AP + '[scenes.question]\nkind = "value"\nprompt = "p"\n'),
     [X + "question.measure: a value question names its measure (P@3, AP, nDCG@5, …)"]),
    ("unknown measure", small(AP + value("XP@3")),
     [X + "question.measure: unknown measure 'XP@3'; a lesson knows P, R, F1, Success, AP, RR, nDCG, DCG, Rprec, "
      "MAP, MRR, mean_difference, t_test_p, randomization_p, wins, losses, familywise_error, bonferroni_alpha "
      "(P@3, nDCG@5, …)"]),
    ("a cut-off of a measure that takes none", small(AP + value("Rprec@3")),
     [X + "question.measure: measure 'Rprec@3' takes no cut-off @3"]),
    ("a cut-off below 1", small(AP + value("P@0")), [X + "question.measure: cut-off of 'P@0' < 1"]),
    ("rank of", small(AP + '[scenes.question]\nkind = "rank"\nprompt = "p"\nof = "middle"\n'),
     [X + "question.of: must be one of first_hit, last_hit, got 'middle'"]),
    ("decimals", small(AP + value("AP", "decimals = 9\n")),
     [X + "question.decimals: must be a whole number from 1 to 6, got 9"]),
    ("alpha", small(AP + value("familywise_error", "tests = 3\nalpha = 2.0\n")),
     [X + "question.alpha: a level between 0 and 1, got 2.0"]),
    ("an unknown field of the question", small(AP + value("AP", "colour = 1\n")),
     [X + "question.colour: unknown field (known: alpha, answer, decimals, expect, kind, library, measure, of, "
      "options, pick, prompt, tests)"]),
    ("no prompt", small(AP + '[scenes.question]\nkind = "value"\nmeasure = "AP"\n'),
     [X + "question.prompt: missing: a text in en"]),
    ("one option", small(AP + choice('{ id = "a", label = "a" }')),
     [X + "question.options: a choice has at least two options"]),
    ("an option not a table", small(AP + choice("3, 4")),
     [X + "question.options[1]: an option is a table with an id and a label",
      X + "question.options[2]: an option is a table with an id and a label",
      X + "question.answer: a choice without measures names its right option (one of ), got None"]),
    ("an option's unknown board", small(AP + choice(TWO.replace('board = "b"', 'board = "zz"'))),
     [X + "question.options[2].board: unknown board 'zz'"]),
    ("an option's unknown measure", small(AP + choice(TWO.replace('measure = "nDCG@3", board = "b"',
                                                                  'measure = "XP", board = "b"'))),
     [X + "question.options[2].measure: unknown measure 'XP'; a lesson knows P, R, F1, Success, AP, RR, nDCG, DCG, "
      "Rprec, MAP, MRR, mean_difference, t_test_p, randomization_p, wins, losses, familywise_error, "
      "bonferroni_alpha (P@3, nDCG@5, …)"]),
    ("two options share an id", small(AP + choice(TWO.replace('id = "b"', 'id = "a"'))),
     [X + "question.options: two options share an id"]),
    ("a measure for some options", small(AP + choice(TWO.replace('measure = "nDCG@3", board = "b"', 'board = "b"'))),
     [X + "question.options: every option names a measure, or none does"]),
    ("pick", small(AP + choice(TWO, "")),
     [X + "question.pick: a computed choice picks the largest or the smallest value"]),
    ("answer", small(AP + choice('{ id = "a", label = "a" }, { id = "b", label = "b" }', 'answer = "c"\n')),
     [X + "question.answer: a choice without measures names its right option (one of a, b), got 'c'"]),
    ("a computed option's why", small(AP + choice(TWO.replace('board = "b" }', 'board = "b", why = "w" }'))),
     [X + "question.options[2].why: a computed option's verdict is computed: why is for an option without a measure"]),
    ("options tie", small(AP + choice(TWO.replace('board = "b"', 'board = "a"'))),
     [X + "question: options a, b tie at 0.9502: no single right option"]),
    ("an option's board ranks nothing", small(AP + choice(TWO.replace('board = "b"', 'board = "empty"'))),
     [X + "question: the board ranks no item"]),
    ("needs tests and alpha", small(AP + choice(TWO.replace('"nDCG@3"', '"familywise_error"'))),
     [X + "question: familywise_error needs tests and alpha"]),
    ("a choice's tests", small(AP + choice(TWO.replace('"nDCG@3"', '"familywise_error"'),
                                           'pick = "largest"\ntests = "10"\nalpha = 0.05\n')),
     [X + "question: familywise_error: tests must be a whole number of at least 1, got '10'"]),
    ("a choice's alpha", small(AP + choice(TWO.replace('"nDCG@3"', '"bonferroni_alpha"'),
                                           'pick = "largest"\ntests = 10\nalpha = 5\n')),
     [X + "question: bonferroni_alpha: alpha must be a level between 0 and 1, got 5"]),
    ("a rank of several queries", small(MAP + '[scenes.question]\nkind = "rank"\nprompt = "p"\n'),
     [X + "question: a rank question asks about one ranking: give it a single-ranking view (ndcg, ap, rr, cutoff) "
      "and its board"]),
    ("a rank without a relevant item", small('view = "ap"\nboard = "none"\n[scenes.question]\nkind = "rank"\n'
                                             'prompt = "p"\n'),
     [X + "question: the ranking has no relevant item to ask the rank of"]),
    ("a single measure on several queries", small(MAP + value("AP")), [X + "question: AP needs a board"]),
    ("a mean on one ranking", small(AP + value("MAP")), [X + "question: MAP needs a query set (queries)"]),
    ("a paired measure on one ranking", small(AP + value("t_test_p")),
     [X + "question: t_test_p needs two systems (systems)"]),
    ("a library's MAP", small(MAP + value("MAP", 'library = "trec_eval"\n')),
     [X + "question: MAP is not a library's number"]),
    ("unknown library", small(AP + value("AP", 'library = "nolib"\n')),
     [X + "question: unknown library 'nolib'; one of trec_eval, pytrec_eval, ir_measures, sklearn, ranx, "
      "torchmetrics, recbole, recommenders"]),
    ("a measure no library models", small(AP + value("DCG", 'library = "ranx"\n')),
     [X + "question: ranx is not modelled for DCG; one of nDCG, AP, RR, P, R"]),
    ("a measure the library lacks", small(AP + value("RR", 'library = "sklearn"\n')),
     [X + "question: sklearn has no RR; it offers nDCG, AP"]),
    ("a library without a cut-off", small(AP + value("RR@2", 'library = "trec_eval"\n')),
     [X + "question: trec_eval computes RR without a cut-off: ask RR, not RR@2"]),
    ("ties a library leaves undefined",
     small(AP + value("AP", 'library = "torchmetrics"\n')).replace('ranking = ["d1", "d2", "d3"]',
                                                                   'ranking = ["d1", "d2", "d3"]\nscores = { d1 = 1, d2 = 1, d3 = 1 }'),
     [X + "question: torchmetrics leaves the order of tied items undefined here (AP from 0.5833 to 1.0000): "
      "break the tie"]),
    ("a wrong stated value", small(AP + value("AP", "expect = 0.5\n")),
     [X + "question.expect: states 0.5, but the core computes 0.8333"]),
    ("a wrong stated option", small(AP + choice(TWO, 'pick = "largest"\nexpect = "b"\n')),
     [X + "question.expect: states option 'b', but the core computes option 'a'"]),
    ("a step that shows the answer", small(AP + 'step = "all"\n' + value("AP")),
     [X + "step: step all already shows the answer 0.8333: show an earlier step"]),
]
