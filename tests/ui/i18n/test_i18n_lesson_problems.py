"""A lesson file's problems in 中文: every template metrics/teaching/lessons/reading.py says a problem with (and
compute.py's, which a lesson check reports) has a Chinese entry (the templates are listed from the source), a
corpus of bad lesson files reaches every one with ``str(problem)`` -- what ``lesson check`` prints -- unchanged,
and the Lessons page's upload shows each problem as one line in the reader's language, the author's names
literally (text, never Markdown or HTML)."""

from __future__ import annotations

import ast
import html
import re
import string
from pathlib import Path

import pytest

from metrics.errors import MetricsInputError
from metrics.teaching.lessons import check_lesson, check_text, compute, reading
from metrics.teaching.lessons.model import Problem
from tests.marked import unmarked
from tests.metrics.teaching.lesson_corpus import CASES, small
from ui.classroom.lessons.problems import problem_line
from ui.locale import catalog

ZH = catalog("zh")  # English -> 中文: the catalogue's plain entries
CJK = re.compile(r"[\u3400-\u9fff]")
#: where each module says its problems: the called name -> the position of the template
SAYS = {reading: {"problem": 2, "of": 3}, compute: {"input_error": 0}}
#: templates no lesson file reaches: the views and the question are checked before the core computes
NOT_FROM_A_FILE = {"unknown view {view}", "the scene asks nothing"}


def _literals(node: ast.expr, where: str) -> list[str]:
    """The template(s) of a call: a literal, or a literal either way of ``a if c else b``."""
    node = unmarked(node)
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _literals(node.body, where) + _literals(node.orelse, where)
    pytest.fail(f"{where}: the template must be a literal")


def lesson_templates() -> dict[str, str]:
    """Every template reading.py and compute.py say a problem with -> the module's name."""
    found = {}
    for module, says in SAYS.items():
        name = module.__name__.rsplit(".", 1)[1]
        tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef) or function.name == "problem":  # problem() passes it on
                continue
            for node in ast.walk(function):
                if not isinstance(node, ast.Call):
                    continue
                called = getattr(node.func, "attr", getattr(node.func, "id", ""))
                where = f"metrics/teaching/lessons/{name}.py:{node.lineno}"
                if called == "Problem":
                    assert function.name == "_from_error", f"{where}: say a problem with a template (Problem.of)"
                if called in says:
                    found.update(dict.fromkeys(_literals(node.args[says[called]], where), name))
    return found


TEMPLATES = lesson_templates()


def test_the_templates_are_listed():
    assert len(TEMPLATES) > 70
    assert TEMPLATES["grade out of range: {grade} (a number from 0 to {limit}, or \"?\" for unjudged)"] == "reading"
    assert TEMPLATES["options {options} tie at {best:.4f}: no single right option"] == "compute"


def _fields(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


@pytest.mark.parametrize("template", sorted(TEMPLATES))
def test_every_template_has_a_chinese_entry(template):
    chinese = ZH.get(template)
    assert chinese, (f"metrics/teaching/lessons/{TEMPLATES[template]}.py: {template!r} has no entry in "
                     "ui/locale/zh/LC_MESSAGES/messages.po (mark it N_(...), then python scripts/i18n.py all)")
    assert _fields(template) == _fields(chinese)
    # the fields are escaped Markdown: inside a code span its backslashes would show
    assert not [span for span in re.findall(r"`[^`]*`", chinese) if "{" in span], chinese


# --------------------------------------------------------------------------- the corpus reaches every template


@pytest.mark.parametrize("name, text, lines", CASES, ids=[case[0] for case in CASES])
def test_every_problem_of_a_bad_lesson_has_a_listed_template(name, text, lines):
    """(tests/metrics/teaching/test_lesson_problems.py checks the lines are lesson check's, as before)"""
    for problem in check_text(text, "x.toml")[1]:
        assert problem.template in TEMPLATES, str(problem)
        for word in problem.words:
            assert ZH.get(problem.fields[word]), word


def _file_problems(tmp_path: Path) -> list[Problem]:
    """A file that is not there, and one that is not UTF-8."""
    latin = tmp_path / "latin.toml"
    latin.write_bytes('title = "caf\xe9"\n'.encode("latin-1"))
    return check_lesson(tmp_path / "nowhere.toml") + check_lesson(latin)


def test_a_file_that_cannot_be_read(tmp_path):
    missing, latin = _file_problems(tmp_path)
    assert str(missing) == f"{tmp_path / 'nowhere.toml'}: file: No such file or directory"
    assert (missing.template, missing.fields) == ("{reason}", {"reason": "No such file or directory"})
    assert str(latin) == f"{tmp_path / 'latin.toml'}: file: not UTF-8 text"


def test_the_corpus_reaches_every_template(tmp_path):
    reached = {problem.template for _, text, _ in CASES for problem in check_text(text, "x.toml")[1]}
    reached |= {problem.template for problem in _file_problems(tmp_path)}
    assert set(TEMPLATES) - NOT_FROM_A_FILE - reached == set()


def test_a_core_error_without_a_template_keeps_its_text():
    problem = reading._from_error("x.toml", "s", "question", MetricsInputError("odd {thing} *here*"))
    assert str(problem) == "x.toml: scene 's': question: odd {thing} *here*"
    assert problem.template.format(**problem.fields) == problem.message


# --------------------------------------------------------------------------- the app's lines


def _seen(markdown: str) -> str:
    """Markdown as the reader sees it (plain's escapes undone)."""
    return html.unescape(re.sub(r"\\(.)", r"\1", markdown))


def _problems(text: str, source: str = "my_lesson.toml") -> list[Problem]:
    return check_text(text, source)[1]


def test_in_english_each_line_is_lesson_check_s_with_the_field_as_code():
    for _, text, _ in CASES:
        for problem in _problems(text):
            line = _seen(problem_line(problem))
            assert line == str(problem).replace(f": {problem.field}: ", f": `{problem.field}`: ", 1), line


def test_in_chinese_every_line_is_chinese(monkeypatch):
    from ui import i18n

    monkeypatch.setattr(i18n, "language", lambda: "zh")
    for _, text, _ in CASES:
        for problem in _problems(text):
            assert CJK.search(problem_line(problem)), str(problem)


HOSTILE = '<b>*zz*</b>'  #: a board name that is Markdown and HTML


def test_in_chinese_the_problem_is_translated_and_the_names_shown_literally(monkeypatch):
    from ui import i18n

    monkeypatch.setattr(i18n, "language", lambda: "zh")
    [unknown] = _problems(small(f'view = "ap"\nboard = "{HOSTILE}"\n'))
    assert problem_line(unknown) == (
        "my\\_lesson.toml：幕 'x'：`board`：未知的看板 '&lt;b&gt;\\*zz\\*&lt;/b&gt;'（本课程的看板：a, b, none, empty）")
    [grade] = _problems(small('view = "ap"\nboard = "a"\n').replace("d3 = 1 }\nranking = [\"d1\"",
                                                                      "d3 = 1, \"$x_1$\" = 101 }\nranking = [\"d1\""))
    assert problem_line(grade) == ("my\\_lesson.toml：`boards.a.grades.$x_1$`：等级超出范围：101（应是 0 到 100 "
                                   "之间的数，未标注写 `\"?\"`）")
    [toml] = _problems('id = "s"\nminutes = \n')
    assert problem_line(toml) == "my\\_lesson.toml：`TOML`：Invalid value（第 2 行，第 11 列）"
    [measure] = _problems(small('view = "ap"\nboard = "a"\n[scenes.question]\nkind = "value"\nprompt = "p"\n'
                                'measure = "**P@0**"\n'))
    assert _seen(problem_line(measure)) == ("my_lesson.toml：幕 'x'：`question.measure`：未知的指标 '**P@0**'；课程认识的"
                                            "指标有 P, R, F1, Success, AP, RR, nDCG, DCG, Rprec, MAP, MRR, "
                                            "mean_difference, t_test_p, randomization_p, wins, losses, familywise_error, "
                                            "bonferroni_alpha（P@3、nDCG@5……）")
    assert "\\*\\*P@0\\*\\*" in problem_line(measure)


def test_a_field_with_backticks_stays_one_code_span():
    problem = Problem.of("x.toml", None, "boards.a`b.k", "lists an item twice")
    assert problem_line(problem) == "x.toml: ``boards.a`b.k``: lists an item twice"


def test_a_problem_without_a_template_is_shown_escaped(monkeypatch):
    from ui import i18n

    monkeypatch.setattr(i18n, "language", lambda: "zh")
    problem = Problem("x.toml", None, "file", "odd {thing} *here*")
    assert problem_line(problem) == "x.toml：`file`：odd {thing} \\*here\\*"
