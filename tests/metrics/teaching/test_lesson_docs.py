"""docs/src/lessons.md ("Write a lesson") stays true: its complete example lesson passes ``check_text``, the changes
its ``diff`` blocks show give the problems it prints, and every command of its ``console`` blocks prints exactly
the lines shown (``lesson check``, ``lesson list``, ``lesson plan`` piped through ``head -n N`` or ``grep TEXT``)."""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest

from metrics.cli import main
from metrics.teaching.lessons import check_text

PAGE = Path(__file__).resolve().parents[3] / "docs" / "src" / "lessons.md"
FENCE = re.compile(r"^```(?P<lang>\w+)\n(?P<body>.*?)^```$", re.MULTILINE | re.DOTALL)


def _blocks(lang: str) -> list[str]:
    return [m["body"] for m in FENCE.finditer(PAGE.read_text(encoding="utf-8")) if m["lang"] == lang]


def _example() -> str:
    return _blocks("toml")[0]


def _changed(diff: str) -> tuple[str, str]:
    """The file a ``diff`` block names (its ``# name`` line) and the example with its ``-``/``+`` line pairs applied."""
    lines = diff.splitlines()
    name = lines[0].removeprefix("# ").strip()
    text = _example()
    removed = [line[1:] for line in lines[1:] if line.startswith("-")]
    added = [line[1:] for line in lines[1:] if line.startswith("+")]
    assert len(removed) == len(added) and removed, diff
    for old, new in zip(removed, added, strict=True):
        assert text.count(old + "\n") == 1, f"{name}: {old!r} must be one line of the example"
        text = text.replace(old + "\n", new + "\n")
    return name, text


def _commands(block: str) -> list[tuple[str, list[str]]]:
    """A console block's commands (``$ …``) and the lines shown under each."""
    commands: list[tuple[str, list[str]]] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            commands.append((line[2:], []))
        else:
            commands[-1][1].append(line)
    return commands


def _run(command: str) -> tuple[int, list[str]]:
    """``python -m metrics …`` run in-process, its output (stdout then stderr) piped through ``head -n N`` or
    ``grep TEXT`` as the command says."""
    command, _, pipe = command.partition(" | ")
    argv = shlex.split(command)
    assert argv[:3] == ["python", "-m", "metrics"], command
    out, err = io.StringIO(), io.StringIO()
    status = main(argv[3:], out, err)
    lines = (out.getvalue() + err.getvalue()).splitlines()
    if pipe:
        tool = shlex.split(pipe)
        if tool[:2] == ["head", "-n"]:
            lines = lines[:int(tool[2])]
        else:
            assert tool[0] == "grep" and len(tool) == 2, pipe
            lines = [line for line in lines if tool[1] in line]
    return status, lines


@pytest.fixture
def files(tmp_path, monkeypatch):
    """The page's files in the working directory: the example as my_lesson.toml, and each diff block's file."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my_lesson.toml").write_text(_example(), encoding="utf-8")
    for diff in _blocks("diff"):
        name, text = _changed(diff)
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def test_the_complete_example_passes_the_check():
    lesson, problems = check_text(_example(), "my_lesson.toml")
    assert [str(p) for p in problems] == []
    assert lesson.languages == ("en", "zh")
    assert {scene.question.kind for scene in lesson.scenes} == {"value", "rank", "choice"}
    assert any(scene.question.expect is not None for scene in lesson.scenes)


def test_the_page_shows_two_broken_copies_of_the_example():
    names = [_changed(diff)[0] for diff in _blocks("diff")]
    assert names == ["broken.toml", "wrong.toml"]
    for diff in _blocks("diff"):
        name, text = _changed(diff)
        assert check_text(text, name)[1], f"{name} must have problems"


def test_every_command_on_the_page_prints_what_the_page_shows(files):
    commands = [command for block in _blocks("console") for command in _commands(block)]
    shown = {command for command, _ in commands}
    assert {"python -m metrics lesson check my_lesson.toml", "python -m metrics lesson check broken.toml",
            "python -m metrics lesson check wrong.toml", "python -m metrics lesson list"} <= shown
    assert any(command.startswith("python -m metrics lesson plan") for command in shown)
    for command, expected in commands:
        status, lines = _run(command)
        assert lines == expected, command
        assert status == (2 if "broken" in command or "wrong" in command else 0), command
