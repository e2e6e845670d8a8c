"""AppTest checks of the "Many systems" page (pages/many_systems.py): the example gives compare_systems' numbers
on the sample runs, in English and 中文; bad uploads give one st.error naming the file (and line); queries not in
every run are named."""

from __future__ import annotations

from pathlib import Path

import pytest

import metrics
from metrics.statistics import report
from metrics.statistics.multiple import compare_systems
from tests.apptest_helpers import metric, open_page, shown
from tests.visible_text import untranslated

pytestmark = pytest.mark.slow  # AppTest runs: the full run's tier

ROOT = Path(__file__).resolve().parents[3]
TREC = ROOT / "sample_data" / "trec"
PAGE = "pages/many_systems.py"
RUNS = [f"run_{x}" for x in "abcde"]
#: user data shown as it is: run names, query ids, the paper table's words are in code blocks
NEUTRAL = {"run_a", "run_b", "run_c", "run_d", "run_e", "d_z", "es_e", "txt", "run", "bad_run", "bonferroni", "holm"}  # and two names


def _file(path: Path, name: str | None = None) -> tuple[str, bytes, str]:
    return (name or path.name, path.read_bytes(), "text/plain")


def _ok(at):
    assert not at.exception, [e.message for e in at.exception]
    return at


def _example(at):
    next(b for b in at.button if b.key == "many_systems__sample").click().run()
    return _ok(at)


def _expected(measure: str, test: str = "t", correction: str | None = "holm", count_missing: bool = False):
    qrels = metrics.read_qrels(TREC / "qrels.txt")
    values = {name: metrics.evaluate(qrels, metrics.read_run(TREC / f"{name}.txt"), [measure],
                                     count_missing=count_missing).to_dict()[measure] for name in RUNS}
    return compare_systems(values, test=test, correction=correction, alpha=0.05, seed=0, count_missing=count_missing,
                           measure=measure)


def _heatmap(at):
    import json

    charts = [json.loads(c.proto.spec) for c in at.get("plotly_chart")]
    [matrix] = [c for c in charts if c["data"][0]["type"] == "heatmap"]
    return matrix["data"][0]


@pytest.fixture
def page(app_test):
    return open_page(app_test, PAGE)


def test_nothing_loaded_says_so(page):
    assert any("Nothing to compare yet" in i.value for i in page.info)
    assert not page.metric and not page.error


def test_the_example_shows_compare_systems_numbers(page):
    at = _example(page)
    assert not at.error
    expected = _expected("AP")
    assert metric(at, "Best mean AP") == f"{max(expected.means.values()):.4f}" == "0.6840"
    assert metric(at, "Pairs tested") == "10"
    assert metric(at, "Significant pairs") == str(sum(p.significant for p in expected.pairs))
    heat = _heatmap(at)  # the difference matrix, row − column, as Comparison.matrix
    frame = expected.matrix("diff")
    for i, row in enumerate(RUNS):
        for k, column in enumerate(RUNS):
            if i != k:
                assert heat["z"][i][k] == pytest.approx(frame.loc[row, column])
                assert heat["text"][i][k].startswith(f"{frame.loc[row, column]:+.4f}")
    # the paper table is the command line's, on both measures
    both = [expected, _expected("nDCG@10")]
    import io

    for output, block in zip(("markdown", "latex"), at.code):
        out = io.StringIO()
        report.WRITERS[output](both, out)
        assert block.value.strip() == out.getvalue().strip()
    # the adjusted p matrix
    at.radio(key="many_systems__field").set_value("p_adjusted").run()
    heat = _heatmap(_ok(at))
    frame = expected.matrix("p_adjusted")
    assert heat["z"][0][1] == pytest.approx(frame.loc["run_a", "run_b"])


def test_tukey_and_another_measure(page):
    at = _example(page)
    at.selectbox(key="many_systems__test").set_value("tukey").run()
    at.radio(key="many_systems__shown").set_value("nDCG@10").run()
    _ok(at)
    expected = _expected("nDCG@10", test="tukey", correction=None)
    assert metric(at, "Significant pairs") == str(sum(p.significant for p in expected.pairs))
    heat = _heatmap(at)
    assert heat["z"][4][0] == pytest.approx(expected.matrix("diff").loc["run_e", "run_a"])
    assert "Tukey" in " ".join(c.value for c in at.caption)


def test_missing_queries_are_named_or_counted(page):
    at = page
    run_c = "".join(line + "\n" for line in (TREC / "run_c.txt").read_text().splitlines() if line.split()[0] != "105")
    at.file_uploader(key="many_systems__qrels").set_value(_file(TREC / "qrels.txt"))
    at.file_uploader(key="many_systems__runs").set_value(
        [_file(TREC / "run_a.txt"), _file(TREC / "run_b.txt"), ("run_c.txt", run_c.encode(), "text/plain")])
    at.run()
    _ok(at)
    assert not at.error
    [warning] = at.warning
    assert "1 query is left out" in warning.value and "105 (run\\_c)" in warning.value
    assert metric(at, "Pairs tested") == "3"
    at.checkbox(key="many_systems__count_missing").check().run()
    _ok(at)
    [warning] = at.warning
    assert "2 queries are counted as 0" in warning.value and "105 (run\\_c)" in warning.value
    assert "108 (run\\_a, run\\_b, run\\_c)" in warning.value  # 108: in the qrels only


@pytest.mark.parametrize("files, expected", [
    ((("bad_run.txt", b"101 Q0 doc-101-01 1 22.5 sys\n101 Q0 doc-101-11 2\n"),), "bad_run.txt line 2"),
    ((), "upload 3 to 10 runs to compare, got 2"),
])
def test_bad_uploads_give_one_error(page, files, expected):
    at = _example(page)
    at.file_uploader(key="many_systems__qrels").set_value(_file(TREC / "qrels.txt"))
    runs = [_file(TREC / "run_a.txt"), _file(TREC / "run_b.txt")] + [(n, b, "text/plain") for n, b in files]
    at.file_uploader(key="many_systems__runs").set_value(runs)
    at.run()
    _ok(at)
    assert len(at.error) == 1 and expected in shown(at.error[0])
    assert metric(at, "Pairs tested") == "10"  # the example is still compared


def test_chinese(app_test):
    at = _example(open_page(app_test, PAGE, language="zh"))
    assert not at.error
    expected = _expected("AP")
    assert metric(at, "最佳平均 AP") == f"{max(expected.means.values()):.4f}"
    problems = untranslated(at, NEUTRAL)
    assert not problems, "\n".join(problems)
    at.file_uploader(key="many_systems__qrels").set_value(("judged.txt", b"101 0 d1 2\n101 0 d2 high\n", "text/plain"))
    at.file_uploader(key="many_systems__runs").set_value([_file(TREC / f"{n}.txt") for n in RUNS[:3]])
    at.run()
    _ok(at)
    assert len(at.error) == 1 and shown(at.error[0]).startswith("judged.txt")
