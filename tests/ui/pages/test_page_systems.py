"""AppTest checks of the "Two systems" page (pages/systems.py): the sample and uploads give the
core's numbers (metrics.evaluate, metrics.statistics.significance); bad uploads give st.error naming the file
and line, and nothing loaded before is lost."""

from __future__ import annotations

from pathlib import Path

import pytest

import metrics
from metrics.statistics import significance as sig
from tests.apptest_helpers import metric, open_page, shown
from ui.model.presets import PRESETS

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

ROOT = Path(__file__).resolve().parents[3]
TREC = ROOT / "sample_data" / "trec"
PAGE = "pages/systems.py"
MEASURES = ("nDCG@10", "AP", "RR", "P@10", "R@10")


def _file(path: Path) -> tuple[str, bytes, str]:
    return (path.name, path.read_bytes(), "text/plain")


def _text(name: str, text: str) -> tuple[str, bytes, str]:
    return (name, text.encode("utf-8"), "text/plain")


def _ok(at):
    assert not at.exception, [e.message for e in at.exception]
    return at


def _load_sample(at):
    next(b for b in at.button if b.label.startswith("Load the sample")).click().run()
    return _ok(at)


def _upload(at, qrels, run_a, run_b):
    for uploader, value in zip(at.file_uploader, (qrels, run_a, run_b)):
        uploader.set_value(value)
    at.run()
    return _ok(at)


def _expected(measure: str, run_a: Path = TREC / "run_a.txt", run_b: Path = TREC / "run_b.txt"):
    qrels = metrics.read_qrels(TREC / "qrels.txt")
    a = metrics.evaluate(qrels, metrics.read_run(run_a), [measure])
    b = metrics.evaluate(qrels, metrics.read_run(run_b), [measure])
    return a, b


@pytest.fixture
def page(app_test):
    return open_page(app_test, PAGE)


def test_renders_empty_with_several_presets(page):
    at = page
    for preset in list(PRESETS)[:4]:
        at.session_state["board"] = PRESETS[preset]
        at.run()
        _ok(at)
        assert any("Nothing to compare yet" in i.value for i in at.info)
        assert not at.metric
        assert at.session_state["board"] == PRESETS[preset]


@pytest.mark.parametrize("measure", MEASURES)
def test_sample_shows_the_core_numbers(page, measure):
    at = _load_sample(page)
    board = at.session_state["board"]
    assert not at.error
    if measure != "nDCG@10":
        at.radio[0].set_value(measure).run()
        _ok(at)
    a, b = _expected(measure)
    assert metric(at, f"A: mean {measure}") == f"{a.aggregate[measure]:.4f}"
    assert metric(at, f"B: mean {measure}") == f"{b.aggregate[measure]:.4f}"
    pairs = sig.paired_differences(a.per_query[measure], b.per_query[measure])
    assert len(pairs) == 7  # both runs answer all 7 judged queries: no query is left out
    mean, low, high = sig.mean_difference_ci(pairs["difference"])
    assert mean == pytest.approx(b.aggregate[measure] - a.aggregate[measure])
    assert metric(at, "Mean difference B − A") == f"{mean:+.4f}"
    assert metric(at, "95% CI of the difference") == f"[{low:.4f}, {high:.4f}]"
    _, t_p = sig.paired_t_test(a.per_query[measure], b.per_query[measure])
    assert metric(at, "p-value: paired t-test") == f"{t_p:.4f}"
    p = sig.randomization_test(pairs["a"], pairs["b"], trials=10_000)
    assert metric(at, "p-value: randomization test") == f"{p:.4f}"
    exact = sig.exact_randomization_test(pairs["a"], pairs["b"])
    assert metric(at, "p-value: exact (all 128 sign flips)") == f"{exact:.4f}"
    assert abs(p - exact) < 4 * (exact * (1 - exact) / 10_000) ** 0.5 + 1e-4
    counts = sig.wins_losses_ties(pairs)
    assert metric(at, "B better (green)") == str(counts["B"])
    assert metric(at, "A better (red)") == str(counts["A"])
    assert metric(at, "Ties") == str(counts["tie"])
    assert len(at.get("plotly_chart")) == 1
    explanation = " ".join(e.label for e in at.expander)
    assert "What a p-value tells" in explanation
    texts = " ".join(m.value for m in at.markdown)
    assert "not the probability that B is better" in texts and "multiple comparisons" in texts
    assert at.session_state["board"] == board  # the shared board is not this page's business


def test_sample_numbers_by_hand(page):
    """The sample's nDCG@10 numbers, pinned (they only change if the sample data or trec_eval's
    rules do)."""
    at = _load_sample(page)
    assert metric(at, "A: mean nDCG@10") == "0.7451"  # also the upload page's mean for run_a.txt
    assert metric(at, "B: mean nDCG@10") == "0.6216"
    assert metric(at, "Mean difference B − A") == "-0.1235"
    assert metric(at, "p-value: exact (all 128 sign flips)") == "0.1875"  # 24 of the 128 flips


def test_trials_slider_changes_the_randomization_test(page):
    at = _load_sample(page)
    at.slider[0].set_value(50_000).run()
    _ok(at)
    pairs = sig.paired_differences(*(e.per_query["nDCG@10"] for e in _expected("nDCG@10")))
    p = sig.randomization_test(pairs["a"], pairs["b"], trials=50_000)
    assert metric(at, "p-value: randomization test") == f"{p:.4f}"
    assert any("50,000 times" in m.value for m in at.markdown)


def test_three_uploads_compare_like_the_sample(page):
    at = _upload(page, _file(TREC / "qrels.txt"), _file(TREC / "run_a.txt"), _file(TREC / "run_b.txt"))
    assert not at.error
    a, b = _expected("nDCG@10")
    assert metric(at, "A: mean nDCG@10") == f"{a.aggregate['nDCG@10']:.4f}"
    assert metric(at, "B: mean nDCG@10") == f"{b.aggregate['nDCG@10']:.4f}"
    # swapping the runs flips the sign of the difference
    at.file_uploader[1].set_value(_file(TREC / "run_b.txt"))
    at.file_uploader[2].set_value(_file(TREC / "run_a.txt"))
    at.run()
    _ok(at)
    assert metric(at, "Mean difference B − A") == f"{a.aggregate['nDCG@10'] - b.aggregate['nDCG@10']:+.4f}"


def test_malformed_upload_names_file_and_line_and_keeps_the_comparison(page):
    at = _load_sample(page)
    board = at.session_state["board"]
    before = metric(at, "Mean difference B − A")
    bad_run = "101 Q0 doc-101-01 1 22.5 sys\n101 Q0 doc-101-11 2\n"
    at = _upload(at, _file(TREC / "qrels.txt"), _file(TREC / "run_a.txt"), _text("bad_run.txt", bad_run))
    assert len(at.error) == 1
    message = shown(at.error[0])
    assert "bad_run.txt line 2" in message and "6 fields" in message
    assert metric(at, "Mean difference B − A") == before  # the sample is still compared
    assert at.session_state["board"] == board
    at.run()  # the error stays on screen while the bad file is there
    assert [shown(e) for e in at.error] == [message]
    # replacing the bad file clears the error
    at.file_uploader[2].set_value(_file(TREC / "run_b.txt"))
    at.run()
    assert not _ok(at).error


@pytest.mark.parametrize("files, expected", [
    (("run_a.txt", "run_a.txt", "run_b.txt"), "run_a.txt: holds no judgements"),
    (("qrels.txt", "qrels.txt", "run_b.txt"), "qrels.txt: holds no ranking"),
])
def test_files_in_the_wrong_slot_are_named(page, files, expected):
    at = _upload(page, *(_file(TREC / name) for name in files))
    assert len(at.error) == 1 and shown(at.error[0]).startswith(expected)
    assert any("Nothing to compare yet" in i.value for i in at.info)


def test_a_malformed_qrels_line_is_named(page):
    at = _upload(page, _text("judged.txt", "101 0 doc-101-01 2\n101 0 doc-101-02 high\n"),
                 _file(TREC / "run_a.txt"), _file(TREC / "run_b.txt"))
    assert len(at.error) == 1 and shown(at.error[0]).startswith("judged.txt line 2:")


def test_runs_on_different_queries(page):
    run_a = (TREC / "run_a.txt").read_text()
    only_101_102 = "".join(line + "\n" for line in run_a.splitlines() if line.split()[0] in ("101", "102"))
    only_103 = "".join(line + "\n" for line in run_a.splitlines() if line.split()[0] == "103")
    at = _upload(page, _file(TREC / "qrels.txt"), _file(TREC / "run_b.txt"), _text("two.txt", only_101_102))
    assert not at.error
    assert any("Compared on the 2 queries" in w.value for w in at.warning)
    assert "exact (all 4 sign flips)" in " ".join(m.label for m in at.metric)
    # nothing in common: an error naming both files, not a traceback; the last comparison stays
    at.file_uploader[1].set_value(_text("three.txt", only_103))
    at.run()
    _ok(at)
    assert [shown(e)[:len("three.txt vs two.txt: ")] for e in at.error] == ["three.txt vs two.txt: "]
    assert "no query in common" in shown(at.error[0])
    assert "exact (all 4 sign flips)" in " ".join(m.label for m in at.metric)


def test_one_or_two_files_ask_for_the_third(page):
    at = page
    at.file_uploader[0].set_value(_file(TREC / "qrels.txt")).run()
    _ok(at)
    assert any("Upload all three files" in i.value for i in at.info)
    assert not at.error
