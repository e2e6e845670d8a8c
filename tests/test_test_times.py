"""scripts/test_times.py reads the JUnit reports scripts/test.sh writes: the slowest tests and files, summed right."""

from __future__ import annotations

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "test_times.py"
REPORT = """<?xml version="1.0" encoding="utf-8"?>
<testsuites><testsuite name="pytest" tests="3" time="90.0">
<testcase classname="tests.e2e.test_a" name="test_walk[en]" time="40.5"/>
<testcase classname="tests.e2e.test_a" name="test_walk[zh]" time="30.0"/>
<testcase classname="tests.e2e.test_b" name="test_other" time="50.0"/>
</testsuite></testsuites>"""


def load():
    spec = importlib.util.spec_from_file_location("test_times", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_slowest_tests_and_files_of_a_report(tmp_path, capsys):
    path = tmp_path / "junit.xml"
    path.write_text(REPORT, encoding="utf-8")
    assert load().main([str(path), "--top", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"{path}: 3 tests, wall 1.5 min, summed 2.0 min"
    assert [line.split()[-1] for line in lines[2:4]] == ["tests.e2e.test_b::test_other", "tests.e2e.test_a::test_walk[en]"]
    assert lines[5].split() == ["70.5", "s", "tests.e2e.test_a"]  # the file's two tests summed, first


def test_a_missing_report_is_said(tmp_path, capsys):
    assert load().main([str(tmp_path / "none.xml")]) == 2
    assert "no report" in capsys.readouterr().err
