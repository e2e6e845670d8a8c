"""A lesson file's problems keep their template: ``lesson check`` prints the lines it always printed for a corpus
of bad lesson files (tests/metrics/teaching/lesson_corpus.py, one way of being wrong each), and every problem's message is
its template filled with its fields, so that the app can say it in another language
(tests/ui/i18n/test_i18n_lesson_problems.py)."""

from __future__ import annotations

import io

import pytest

from metrics.cli import main
from metrics.errors import input_error
from metrics.teaching.lessons import check_text
from metrics.teaching.lessons.model import Problem
from metrics.teaching.lessons.reading import _from_error
from tests.metrics.teaching.lesson_corpus import CASES


@pytest.mark.parametrize("name, text, lines", CASES, ids=[case[0] for case in CASES])
def test_lesson_check_prints_one_line_a_problem_as_before(tmp_path, monkeypatch, name, text, lines):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.toml").write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["lesson", "check", "x.toml"], out, err) == 2
    assert (out.getvalue(), err.getvalue().splitlines()) == ("", lines)


@pytest.mark.parametrize("name, text, lines", CASES, ids=[case[0] for case in CASES])
def test_every_problem_is_its_template_filled(name, text, lines):
    for problem in check_text(text, "x.toml")[1]:
        assert problem.template.format(**problem.fields) == problem.message
        assert set(problem.words) <= set(problem.fields)


def test_a_problem_built_the_old_way_is_its_own_template():
    problem = Problem("x.toml", None, "file", "odd {thing}")
    assert (problem.template, problem.fields, problem.words) == ("odd {{thing}}", {}, ())
    assert problem.template.format(**problem.fields) == problem.message
    assert hash(problem) == hash(Problem("x.toml", None, "file", "odd {thing}"))


def test_the_core_s_problem_keeps_its_template_and_fields():
    error = input_error("unknown library {library}; one of {known}", library=repr("x"), known="a, b")
    problem = _from_error("x.toml", "s", "question", error)
    assert str(problem) == "x.toml: scene 's': question: unknown library 'x'; one of a, b"
    assert (problem.template, problem.fields) == (error.template, error.fields)
