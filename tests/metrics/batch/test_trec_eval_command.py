"""``python -m metrics trec_eval``: flags, measure syntax, output format, errors and exit codes.

Byte-for-byte runs of trec_eval's own quicktest are in tests/metrics/batch/test_quicktest.py; here the flags
are checked against pytrec_eval (trec_eval 9.0.7 with 32-bit scores, so with ``--float32``) and
against trec_eval 10.0's golden output (../shared/conformance/trec_eval).
"""

from __future__ import annotations

import io
import math
import subprocess
import sys

import pytest
import pytrec_eval
from hypothesis import given, settings
from hypothesis import strategies as st

from metrics.batch.trec_eval import ONLY_IN, TREC_MEASURES, main
from metrics.cli import main as cli_main
from metrics.errors import MetricsInputError
from metrics.measures.names import parse_measure
from tests.conftest import REPO_ROOT
from tests.metrics.batch.test_batch import collections
from tests.metrics.batch.test_quicktest import QUICKTEST_DIR, needs_quicktest
from tests.trec_eval_binaries import shared_folder

TREC_EVAL_10_DIR = shared_folder("conformance", "trec_eval")
needs_trec_eval_10 = pytest.mark.skipif(
    not (TREC_EVAL_10_DIR / "out.test.aq").exists(),
    reason=f"trec_eval 10.0 golden output not found at {TREC_EVAL_10_DIR} (../shared relative to the repository root)")

QRELS = QUICKTEST_DIR / "qrels.test"
RESULTS = QUICKTEST_DIR / "results.test"
REL_LEVEL = QUICKTEST_DIR / "qrels.rel_level"


def trec_eval(*argv, stdin=None) -> tuple[int, str, str]:
    """(exit status, output, errors) of the command; ``stdin``: bytes, or a binary stream."""
    out, err = io.StringIO(), io.StringIO()
    stdin = io.BytesIO(stdin) if isinstance(stdin, bytes) else stdin
    status = main([str(arg) for arg in argv], out, err, stdin)
    return status, out.getvalue(), err.getvalue()


def values(text: str) -> dict[tuple[str, str], str]:
    """trec_eval output -> {(measure, query): printed value}."""
    return {(name.strip(), query): value for name, query, value in (line.split("\t") for line in text.splitlines())}


def write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text)
    return path


# -- flags against pytrec_eval --------------------------------------------------------------------

def _read_dicts(qrels_path, run_path):
    qrels, run = {}, {}
    for line in open(qrels_path):
        query, _, doc, grade = line.split()[:4]
        qrels.setdefault(query, {})[doc] = int(grade)
    for line in open(run_path):
        parts = line.split()
        run.setdefault(parts[0], {})[parts[2]] = float(parts[4])
    return qrels, run


PYTREC_MEASURES = sorted(set(TREC_MEASURES) - set(ONLY_IN) - {"runid", "relstring", "num_q", "gm_map", "gm_bpref",
                                                              "yaap"})  # pytrec_eval is 9.0.7


@needs_quicktest
@pytest.mark.parametrize("level", [1, 2])
@pytest.mark.parametrize("judged_only", [False, True])
def test_level_and_judged_only_match_pytrec_eval(level, judged_only):
    qrels, run = _read_dicts(REL_LEVEL, RESULTS)
    evaluator = pytrec_eval.RelevanceEvaluator(qrels, set(PYTREC_MEASURES), relevance_level=level,
                                               judged_docs_only_flag=judged_only)
    theirs = evaluator.evaluate(run)
    flags = ["--float32", "-q", f"-l{level}", "-m", "all_trec"] + (["-J"] if judged_only else [])
    status, out, _ = trec_eval(*flags, REL_LEVEL, RESULTS)
    assert status == 0
    ours = values(out)
    compared = 0
    for query, measures in theirs.items():
        for key, value in measures.items():
            if (key, query) in ours:
                assert float(ours[key, query]) == pytest.approx(value, abs=5.1e-5), (key, query)
                compared += 1
    assert compared > 200


@needs_quicktest
def test_max_retrieved_keeps_the_first_items_in_trec_eval_order(tmp_path):
    status, full, _ = trec_eval("-q", "-m", "num_ret", "-m", "P.10", QRELS, RESULTS)
    status_m, cut, _ = trec_eval("-q", "-M10", "-m", "num_ret", "-m", "P.10", QRELS, RESULTS)
    assert status == status_m == 0
    assert values(cut)["num_ret", "301"] == "10"
    assert values(cut)["P_10", "301"] == values(full)["P_10", "301"]


# -- command-line syntax ----------------------------------------------------------------------------

@needs_quicktest
def test_glued_and_separate_values_and_options_after_the_files():
    reference = trec_eval("-q", "-M", "100", "-m", "ndcg_cut.10", "-m", "P.5", QRELS, RESULTS)
    assert reference[0] == 0
    assert trec_eval("-qM100", "-mndcg_cut.10", "-mP.5", QRELS, RESULTS) == reference
    assert trec_eval(QRELS, RESULTS, "-q", "--Max_retrieved_per_topic=100", "--measure", "ndcg_cut.10",
                     "--measure=P.5") == reference


@needs_quicktest
def test_measures_print_in_trec_eval_order_whatever_the_request_order():
    _, out, _ = trec_eval("-m", "P.5", "-m", "map", "-m", "num_q", QRELS, RESULTS)
    assert [line.split()[0] for line in out.splitlines()] == ["num_q", "map", "P_5"]


@needs_quicktest
def test_first_parameters_given_for_a_measure_win():
    _, out, _ = trec_eval("-m", "P.5", "-m", "P.10", "-m", "official", QRELS, RESULTS)
    assert [line.split()[0] for line in out.splitlines() if line.startswith("P_")] == ["P_5"]


@needs_quicktest
def test_bare_cutoff_family_means_trec_eval_default_cutoffs():
    _, out, _ = trec_eval("-m", "ndcg_cut", "-m", "map_cut", "-m", "success", QRELS, RESULTS)
    names = [line.split()[0] for line in out.splitlines()]
    cuts = ["5", "10", "15", "20", "30", "100", "200", "500", "1000"]
    assert names == [f"ndcg_cut_{k}" for k in cuts] + [f"map_cut_{k}" for k in cuts] + ["success_1", "success_5",
                                                                                         "success_10"]
    with pytest.raises(MetricsInputError, match="family of cut-offs"):
        parse_measure("ndcg_cut")


@needs_quicktest
def test_output_format():
    _, out, _ = trec_eval("-q", "-m", "runid", "-m", "num_q", "-m", "num_ret", "-m", "map", "-m", "gm_map",
                          "-m", "relstring", QRELS, RESULTS)
    lines = out.splitlines()
    assert lines[0] == "num_ret               \t301\t500"
    assert lines[1].startswith("map                   \t301\t0.")
    assert lines[2] == "relstring             \t301\t'0000011000'"
    assert "gm_map" not in "".join(lines[:9]) and "runid" not in "".join(lines[:9])  # summary only
    assert lines[-5:-3] == ["runid                 \tall\tSTANDARD", "num_q                 \tall\t3"]
    assert lines[-3] == "num_ret               \tall\t1500"
    assert not [line for line in lines if line.startswith("relstring") and "\tall\t" in line]


@needs_quicktest
def test_no_summary():
    _, out, _ = trec_eval("-q", "-n", "-m", "map", QRELS, RESULTS)
    assert [line.split("\t")[1] for line in out.splitlines()] == ["301", "302", "303"]


@needs_quicktest
def test_stdin_for_the_run_and_for_the_qrels():
    expected = (QUICKTEST_DIR / "out.test").read_bytes()
    for argv, stdin in (([str(QRELS), "-"], RESULTS), (["-", str(RESULTS)], QRELS)):
        done = subprocess.run([sys.executable, "-m", "metrics", "trec_eval", *argv], stdin=open(stdin, "rb"),
                              capture_output=True, cwd=REPO_ROOT, timeout=120)
        assert (done.returncode, done.stderr, done.stdout) == (0, b"", expected)


def test_count_missing_averages_over_the_qrels_queries_without_printing_them(tmp_path):
    qrels = write(tmp_path, "qrels", "a 0 d1 1\nb 0 d2 1\n")
    run = write(tmp_path, "run", "a Q0 d1 1 1.0 r1\n")
    _, plain, _ = trec_eval("-q", "-m", "map", "-m", "num_q", "-m", "num_rel", qrels, run)
    _, complete, _ = trec_eval("-q", "-c", "-m", "map", "-m", "num_q", "-m", "num_rel", qrels, run)
    assert values(plain)["map", "all"] == "1.0000" and values(plain)["num_q", "all"] == "1"
    assert values(complete)["map", "all"] == "0.5000" and values(complete)["num_q", "all"] == "2"
    assert values(complete)["num_rel", "all"] == "2"
    assert ("map", "b") not in values(complete)


def test_float32_ties_scores_that_differ_beyond_float_precision(tmp_path):
    qrels = write(tmp_path, "qrels", "q 0 a 1\n")
    run = write(tmp_path, "run", "q Q0 a 1 1.00000001 r\nq Q0 b 2 1.0 r\n")
    _, doubles, _ = trec_eval("--version-compat", "10.0", "-m", "recip_rank", qrels, run)
    _, singles, _ = trec_eval("-m", "recip_rank", qrels, run)
    assert values(doubles)["recip_rank", "all"] == "1.0000"  # 10.0: a scores higher
    assert values(singles)["recip_rank", "all"] == "0.5000"  # 9.x (the default): a tie, broken by docid descending


def test_run_queries_missing_from_the_qrels_are_ignored(tmp_path):
    qrels = write(tmp_path, "qrels", "q 0 a 1\n")
    run = write(tmp_path, "run", "q Q0 a 1 1.0 r\nextra Q0 a 1 1.0 r\n")
    _, out, _ = trec_eval("-q", "-m", "num_q", "-m", "map", qrels, run)
    assert ("map", "extra") not in values(out) and values(out)["num_q", "all"] == "1"


# -- errors: one line on stderr, trec_eval's exit codes ---------------------------------------------

@pytest.mark.parametrize("argv, status, message", [
    (["-m", "foo"], 1, "trec_eval: illegal measure 'foo'"),
    (["-m", "P."], 1, "trec_eval: improper measure in parameter 'P'"),
    (["-m", "P.0"], 2, "trec_eval: Negative cutoff detected"),
    (["-m", "P.5,5"], 2, "trec_eval: duplicate cutoffs detected"),
    (["-m", "ndcg.x"], 2, "trec_eval: malformed pair parameters in 'x'"),
    (["-x"], 1, "trec_eval: option -x not recognized"),
    (["-R", "prefs"], 2, "not supported"),
    (["-m", "all_prefs"], 1, "not supported"),
    (["-m", "prefs_simp"], 1, "not supported"),
    (["-m", "map_avgjg"], 1, "not supported"),
    (["-Z", "zscores"], 1, "not supported"),
])
def test_usage_errors(tmp_path, argv, status, message):
    qrels = write(tmp_path, "qrels", "q 0 a 1\n")
    run = write(tmp_path, "run", "q Q0 a 1 1.0 r\n")
    code, out, err = trec_eval(*argv, qrels, run)
    assert (code, out) == (status, "")
    assert message in err and err.startswith("trec_eval") and err.count("\n") == 1


def test_input_errors(tmp_path):
    qrels = write(tmp_path, "qrels", "q 0 a 1\n")
    run = write(tmp_path, "run", "q Q0 a 1 1.0 r\n")
    cases = [
        ([qrels], 1, "trec_eval: expected 2 files"),
        ([qrels, tmp_path / "absent"], 2, f"trec_eval.get_results: Cannot read results file '{tmp_path / 'absent'}'"),
        ([tmp_path / "absent", run], 2, "trec_eval.get_qrels: Cannot read qrels file"),
        ([qrels, write(tmp_path, "short", "q Q0 a 1\n")], 2, "trec_eval: "),
        ([run, qrels], 2, "trec_eval: "),
        ([qrels, write(tmp_path, "twice", "q Q0 a 1 1.0 r\nq Q0 a 2 0.5 r\n")], 4,
         "trec_eval.form_res_qrels: duplicate docs atrec_eval: Can't calculate measure 'num_ret'"),  # (C's bytes)
        ([qrels, write(tmp_path, "other", "z Q0 a 1 1.0 r\n")], 7,
         "trec_eval: No queries with both results and relevance info"),
    ]
    for argv, status, message in cases:
        code, out, err = trec_eval(*argv)
        assert (code, out) == (status, ""), argv
        assert err.startswith(message) and err.count("\n") == 1, err
        assert "Traceback" not in err


def test_evaluate_subcommand_refuses_inputs_without_a_common_query(tmp_path):
    """trec_eval's message; exit status 2 (the evaluate command's for bad input) rather than 7."""
    qrels = write(tmp_path, "qrels", "q 0 a 1\n")
    run = write(tmp_path, "run", "z Q0 a 1 1.0 r\n")
    for extra in ([], ["-c"]):
        out, err = io.StringIO(), io.StringIO()
        status = cli_main(["evaluate", str(qrels), str(run), "-m", "AP", *extra], out, err)
        assert (status, out.getvalue()) == (2, "")
        assert err.getvalue() == ("python -m metrics: error: No queries with both results and relevance info "
                                  "(qrels: 'q'; run: 'z')\n")


def test_cli_dispatches_trec_eval(tmp_path):
    qrels = write(tmp_path, "qrels", "q 0 a 1\n")
    run = write(tmp_path, "run", "q Q0 a 1 1.0 r\n")
    out, err = io.StringIO(), io.StringIO()
    assert cli_main(["trec_eval", "-m", "map", str(qrels), str(run)], out, err) == 0
    assert out.getvalue() == "map                   \tall\t1.0000\n"


# -- trec_eval 10.0 -----------------------------------------------------------------------------------

#: measures of 10.0's output left out of the comparison, with the reason
LEFT_OUT_OF_10 = {
    "iprec_at_recall_": "10.0 rounds c * R to the nearest integer; we keep 9.x's (long)(c * R + 0.9)",
    "11pt_avg": "built on iprec_at_recall (same rounding difference)",
    "rbp": "rank-biased precision is not implemented by the drop-in (10.0 only)",
    "unj_": "10.0's fraction of unjudged items in the top k is not implemented by the drop-in (10.0 only)",
}


@needs_trec_eval_10
def test_trec_eval_10_golden_line_by_line():
    status, out, _ = trec_eval("-q", "-m", "all_trec", TREC_EVAL_10_DIR / "qrels.test", TREC_EVAL_10_DIR / "results.test")
    assert status == 0
    ours = values(out)
    golden = values((TREC_EVAL_10_DIR / "out.test.aq").read_text())
    compared = [key for key in golden if not key[0].startswith(tuple(LEFT_OUT_OF_10))]
    assert len(compared) > 250
    assert {key: ours.get(key) for key in compared} == {key: golden[key] for key in compared}


def test_a_query_left_without_items_by_judged_only_is_still_evaluated(tmp_path):
    """trec_eval removes unjudged items with -J but keeps the query (nothing retrieved)."""
    qrels = write(tmp_path, "qrels", "a 0 d1 1\nb 0 d2 1\n")
    run = write(tmp_path, "run", "a Q0 d1 1 1.0 r\nb Q0 unjudged 1 1.0 r\n")
    _, out, _ = trec_eval("-q", "-J", "-m", "num_q", "-m", "num_ret", "-m", "map", qrels, run)
    assert values(out)["num_ret", "b"] == "0"
    assert values(out)["num_q", "all"] == "2" and values(out)["map", "all"] == "0.5000"
    _, out, _ = trec_eval("-M0", "-m", "num_q", "-m", "num_ret", qrels, run)
    assert values(out)["num_q", "all"] == "2" and values(out)["num_ret", "all"] == "0"


@pytest.mark.parametrize("argv", [["trec_eval", "-q", "-m", "all_trec"], ["evaluate", "-q", "-m", "nDCG@10", "-m", "AP"]],
                         ids=["trec_eval", "evaluate"])
def test_the_commands_import_no_pandas(argv):
    """pandas costs about 0.5 s to import: neither command needs it (the explainers do)."""
    code = ("import io, sys\nfrom metrics.cli import main\n"
            f"status = main({argv + [str(QRELS), str(RESULTS)]!r}, io.StringIO(), io.StringIO())\n"
            "assert status == 0, status\n"
            "assert 'pandas' not in sys.modules, 'the command imported pandas'\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, cwd=REPO_ROOT, timeout=120)
    assert done.returncode == 0, done.stderr.decode()


# -- random collections against pytrec_eval ----------------------------------------------------------

def _trec_files(folder, qrels: dict, run: dict):
    qrels_path, run_path = folder / "qrels", folder / "run"
    qrels_path.write_text("".join(f"{q} 0 {d} {g}\n" for q, docs in qrels.items() for d, g in docs.items()))
    run_path.write_text("".join(f"{q} Q0 {d} 0 {s!r} tag\n" for q, docs in run.items() for d, s in docs.items()))
    return qrels_path, run_path


@settings(max_examples=60, deadline=None)
@given(collections(), st.sampled_from([1, 2, 3]), st.booleans())
def test_random_collections_match_pytrec_eval(collection, level, judged_only):
    import tempfile
    from pathlib import Path

    qrels, run = collection
    theirs = pytrec_eval.RelevanceEvaluator(qrels, set(PYTREC_MEASURES), relevance_level=level,
                                            judged_docs_only_flag=judged_only).evaluate(run)
    with tempfile.TemporaryDirectory() as folder:
        qrels_path, run_path = _trec_files(Path(folder), qrels, run)
        flags = ["--float32", "-q", "-m", "all_trec", f"-l{level}"] + (["-J"] if judged_only else [])
        status, out, err = trec_eval(*flags, qrels_path, run_path)
    if not theirs:
        assert status == 7 and "No queries with both results and relevance info" in err
        return
    assert status == 0, err
    ours = values(out)
    for query, measures in theirs.items():
        for key, value in measures.items():
            if math.isnan(value):  # trec_eval's 0/0 on a query -J leaves empty: we print 0 (README)
                assert key.startswith(("iprec_at_recall_", "11pt_avg")) and ours["num_ret", query] == "0", key
                continue
            assert float(ours[key, query]) == pytest.approx(value, abs=5.1e-5), (key, query)


@needs_quicktest
def test_parameters_of_a_measure_without_parameters_are_ignored():
    _, out, _ = trec_eval("-m", "map.5", QRELS, RESULTS)
    assert out.split("\t")[0].strip() == "map"


def test_help_and_version():
    status, out, _ = trec_eval("-h")
    assert status == 0 and "--float32" in out and "ndcg_cut" in out
    status, out, err = trec_eval("-v")
    assert (status, out) == (0, "") and err.startswith("trec_eval version")


@pytest.mark.parametrize("tail_lines", [1, 3, 5000])
def test_the_run_id_comes_from_the_files_last_line_read_from_its_end(tmp_path, tail_lines):
    """The run id is the last line's tag; a file is read from its end only, in growing blocks, and a
    block that starts inside a line never gives a tag from half a line."""
    from metrics.batch.trec_eval import run_id, run_id_of

    lines = [f"q{i} Q0 d{i} {i} {1.0 / (i + 1)} tag{i} " + "x" * (i % 7000) for i in range(tail_lines)]
    data = ("\n".join(lines) + "\n\n").encode()
    path = tmp_path / "run.txt"
    path.write_bytes(data)
    assert run_id_of(path) == run_id(data) == f"tag{tail_lines - 1}"
    assert run_id_of(data) == run_id(data)


# -- one answer per input, whatever was imported before -------------------------------------------

@pytest.mark.parametrize("run_text, flags, status", [
    # a duplicated unjudged document: trec_eval checks duplicates before -J drops it
    ("q Q0 a 1 1.0 r\nq Q0 x 2 0.5 r\nq Q0 x 3 0.5 r\n", ["-J"], 4),
    ("q Q0 a 1 1.0 r\nq Q0 x 2 0.5 r\nq Q0 x 3 0.5 r\n", ["-M", "1"], 0),  # beyond -M: never checked
    ("q Q0 a 1 1.0 r\nz Q0 b 1 1.0 r\nz Q0 b 2 1.0 r\n", [], 0),  # in a query it never evaluates
])
def test_the_answer_does_not_depend_on_whether_pyarrow_was_imported(tmp_path, monkeypatch, run_text, flags,
                                                                     status):
    import pyarrow  # noqa: F401 - the reader picks its parser by whether pyarrow is imported

    qrels = write(tmp_path, "qrels", "q 0 a 1\nq 0 b 0\n")
    run = write(tmp_path, "run", run_text)
    with_pyarrow = trec_eval(*flags, qrels, run)
    monkeypatch.delitem(sys.modules, "pyarrow")
    without_pyarrow = trec_eval(*flags, qrels, run)
    assert with_pyarrow[:2] == without_pyarrow[:2]
    assert with_pyarrow[0] == status


def test_help_and_version_name_the_reproduced_trec_eval():
    status, out, err = trec_eval("-h")
    assert status == 0 and "default 9.0.7" in out and "this is 9.0.7" in out and "rbp" not in out
    status, out, _ = trec_eval("--version-compat", "10.0", "-h")
    assert status == 0 and "this is 10.0" in out and "rbp_resid" in out
    for argv, version in ((["-v"], "9.0.7"), (["--version-compat=9.0.8", "-v"], "9.0.8")):
        status, out, err = trec_eval(*argv)
        assert (status, out) == (0, "") and err.startswith(f"trec_eval version {version} ")
    status, _, err = trec_eval("--version-compat", "9.1", "q", "r")
    assert status == 1 and "--version-compat must be one of 9.0.7, 9.0.8, 10.0" in err


# -- hostile inputs: one line and a non-zero exit, or the right answer -----------------------------

def _command(shell: str) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", "-c", shell], capture_output=True, cwd=REPO_ROOT, timeout=120, check=False)


@pytest.mark.parametrize("device, position", [("/dev/zero", "run"), ("/dev/urandom", "qrels"), ("/dev/zero", "stdin")])
def test_devices_stop_at_their_first_nul_byte(tmp_path, device, position):
    qrels = write(tmp_path, "qrels", "q 0 a 1\n")
    run = write(tmp_path, "run", "q Q0 a 1 1.0 r\n")
    files = {"run": f"{qrels} {device}", "qrels": f"{device} {run}", "stdin": f"{qrels} - < {device}"}[position]
    done = _command(f"{sys.executable} -m metrics trec_eval {files}")
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode().count("\n") == 1 and "binary data (a NUL byte)" in done.stderr.decode()


def test_a_pipe_as_the_run_is_read_once(tmp_path):
    qrels = write(tmp_path, "qrels", "q 0 a 1\n")
    run = write(tmp_path, "run", "q Q0 a 1 1.0 piped\n")
    done = _command(f"{sys.executable} -m metrics trec_eval -m runid -m num_ret {qrels} <(cat {run})")
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.decode().split("\n")[:2] == ["runid                 \tall\tpiped", "num_ret               \tall\t1"]


def test_a_gzipped_run_has_its_runid_printed_as_text(tmp_path):
    import gzip

    qrels = write(tmp_path, "qrels", "q 0 a 1\n")
    run = tmp_path / "run.gz"
    run.write_bytes(gzip.compress(b"q Q0 a 1 1.0 zipped\n"))
    for argv in (["-m", "runid", qrels, run], ["-m", "runid", qrels, "-"]):
        out = io.StringIO()
        stdin = io.BytesIO(run.read_bytes())
        assert main([str(arg) for arg in argv], out, io.StringIO(), stdin) == 0
        assert out.getvalue() == "runid                 \tall\tzipped\n"


def test_a_write_error_is_one_line_naming_the_output(tmp_path):
    qrels = write(tmp_path, "qrels", "q 0 a 1\n")
    run = write(tmp_path, "run", "q Q0 a 1 1.0 r\n")
    done = _command(f"{sys.executable} -m metrics trec_eval {qrels} {run} > /dev/full")
    assert done.returncode == 1
    assert done.stderr == b"trec_eval: cannot write the output to standard output: No space left on device\n"


# -- any size: the run streamed (metrics.readers.stream), no size limit on the command line ---------

def _ungrouped_collection(tmp_path, queries: int = 12, depth: int = 30, seed: int = 3):
    """qrels and a run whose lines are shuffled (no query's lines together), graded, with ties."""
    import random

    rng = random.Random(seed)
    run_lines, qrels_lines = [], []
    for q in range(queries):
        for d in range(depth):
            run_lines.append(f"q{q} Q0 d{d} {d} {rng.choice([1.0, 2.0, 2.5, rng.random()])} tag{q % 3}\n")
            if rng.random() < 0.3:
                qrels_lines.append(f"q{q} 0 d{d} {rng.choice([0, 1, 2])}\n")
    rng.shuffle(run_lines)
    return write(tmp_path, "qrels", "".join(qrels_lines)), write(tmp_path, "run", "".join(run_lines))


@pytest.mark.parametrize("version", ["9.0.7", "10.0"])
def test_tiny_blocks_and_batches_give_the_same_output_as_one(tmp_path, monkeypatch, version):
    from metrics.readers import stream

    qrels, run = _ungrouped_collection(tmp_path)
    argv = ["--version-compat", version, "-q", "-c", "-m", "all_trec", qrels, run]
    whole = trec_eval(*argv)
    assert whole[0] == 0 and whole[1].count("\n") > 1000
    monkeypatch.setattr(stream, "BLOCK", 64)
    monkeypatch.setattr(stream, "BATCH", 100)
    assert trec_eval(*argv) == whole
    assert trec_eval(*argv[:-1], "-", stdin=run.read_bytes()) == whole  # stdin: copied to a temporary file
    assert not list(tmp_path.glob("metrics-run-*"))


def test_10_0_comment_lines_are_dropped_across_blocks(tmp_path, monkeypatch):
    from metrics.readers import stream

    qrels, run = _ungrouped_collection(tmp_path, queries=3, depth=10)
    lines = run.read_text().splitlines(keepends=True)
    commented = write(tmp_path, "commented", "".join(line if i % 4 else f"# comment {i}\n{line}"
                                                     for i, line in enumerate(lines)))
    argv = ["--version-compat", "10.0", "-q", qrels]
    monkeypatch.setattr(stream, "BLOCK", 50)
    assert trec_eval(*argv, commented) == trec_eval(*argv, run)


def test_a_bad_line_in_a_later_block_is_named_by_its_line_in_the_file(tmp_path, monkeypatch):
    from metrics.readers import stream

    qrels, run = _ungrouped_collection(tmp_path, queries=4, depth=50)
    lines = run.read_text().splitlines(keepends=True)
    lines[150] = "q1 Q0 d1 1 t\n"  # (a score that is not a number is read as atof reads it: 0)
    bad = write(tmp_path, "bad", "".join(lines))
    monkeypatch.setattr(stream, "BLOCK", 200)
    status, out, err = trec_eval(qrels, bad)
    assert (status, out) == (2, "")
    assert err.startswith(f"trec_eval: {bad} line 151: expected 6 fields") and err.count("\n") == 1


def test_the_command_line_reads_inputs_over_the_apis_size_limit(tmp_path, monkeypatch):
    from metrics.readers import sources
    from metrics.readers.trec import read_run

    qrels, run = _ungrouped_collection(tmp_path, queries=2, depth=5)

    def both():
        out = io.StringIO()
        return trec_eval("-m", "num_ret", qrels, run), cli_main(["evaluate", str(qrels), str(run), "-m", "NumRet"],
                                                                out, io.StringIO()), out.getvalue()

    expected = both()
    assert expected[0][0] == 0 and expected[1] == 0 and "NumRet" in expected[2]
    monkeypatch.setattr(sources, "MAX_BYTES", 16)
    with pytest.raises(MetricsInputError, match="file is too large"):
        read_run(run)  # the API keeps its limit (max_bytes=, limits=)
    assert both() == expected


class _Endless(io.RawIOBase):
    """A binary stream that repeats one line forever (``yes LINE``)."""

    def __init__(self, line: bytes):
        super().__init__()
        self.block = line * (65536 // len(line))

    def readinto(self, buffer):
        n = min(len(buffer), len(self.block))
        buffer[:n] = self.block[:n]
        return n

    def readable(self):
        return True


def test_an_endless_stdin_run_is_refused_at_its_first_bad_line():
    done = _command(f"yes 'q 0 d 1' | {sys.executable} -m metrics trec_eval {QRELS} -")
    assert (done.returncode, done.stdout) == (2, b"")
    assert done.stderr.decode() == ("trec_eval: stdin line 1: expected 6 fields (qid Q0 docid rank score tag), got 4; "
                                    "this looks like TREC qrels, not a run\n")


def test_an_endless_stdin_run_of_one_query_is_refused_at_the_rows_limit(monkeypatch):
    from metrics import limits
    from metrics.batch import trec_eval as command
    from metrics.readers import stream

    monkeypatch.setattr(command, "CLI", limits.Limits(bytes=limits.UNLIMITED, items=5000, hint=limits.TO_THE_API))
    monkeypatch.setattr(stream, "BLOCK", 1 << 16)
    status, out, err = trec_eval(QRELS, "-", stdin=_Endless(b"q Q0 d 1 1 t\n"))
    assert (status, out) == (2, "")
    assert err.startswith("trec_eval: stdin: ") and err.count("\n") == 1
    assert "rows for one query, over the limit of 5,000 (limits.items); a larger job: the Python API" in err


def test_an_endless_stdin_qrels_is_refused_at_the_lines_limit(monkeypatch):
    from metrics import limits
    from metrics.batch import trec_eval as command

    monkeypatch.setattr(command, "CLI", limits.Limits(bytes=limits.UNLIMITED, lines=5000, hint=limits.TO_THE_API))
    status, out, err = trec_eval("-", RESULTS, stdin=_Endless(b"q 0 d 1\n"))
    assert (status, out) == (2, "")
    assert err.startswith("trec_eval: stdin: ") and "lines, over the limit of 5,000 (limits.lines)" in err
    assert err.count("\n") == 1


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
@pytest.mark.parametrize("position", ["qrels", "run"])
def test_evaluate_refuses_devices_at_their_first_nul_byte(tmp_path, device, position):
    qrels, run = _ungrouped_collection(tmp_path, queries=1, depth=3)
    files = f"{device} {run}" if position == "qrels" else f"{qrels} {device}"
    done = _command(f"{sys.executable} -m metrics evaluate {files} -m P@5")
    assert (done.returncode, done.stdout) == (2, b"")
    assert done.stderr.decode().count("\n") == 1 and "holds binary data (a NUL byte), not text" in done.stderr.decode()


def test_evaluate_reads_a_piped_run_once_with_count_missing(tmp_path):
    qrels, run = _ungrouped_collection(tmp_path, queries=2, depth=5)
    piped = _command(f"{sys.executable} -m metrics evaluate -c {qrels} <(cat {run}) -m NumRet")
    direct = _command(f"{sys.executable} -m metrics evaluate -c {qrels} {run} -m NumRet")
    assert (piped.returncode, piped.stderr, piped.stdout) == (0, b"", direct.stdout)


# -- measures that overflow, cut-offs beyond the limit: refused with the reason ---------------------

@pytest.mark.parametrize("measure, problem", [
    ("RprecMult@1e308", "RprecMult's cut-off must be at most 100,000 (metrics.limits.MAX_K), got '1e308'"),
    ("nDCG@99999999999999999999999", "cut-off must be at most 100,000 (metrics.limits.MAX_K), got "
                                     "'99999999999999999999999'"),
    ("nDCG(gains={0:0,1:1e308})", "a gain in gains must be at most 1e+100 in magnitude (metrics.limits."
                                  "MAX_PARAMETER: beyond, sums overflow to inf), got '1e308'"),
    ("ndcg_cut_100001", "cut-off must be at most 100,000 (metrics.limits.MAX_K), got '100001'"),
])
def test_evaluate_refuses_measures_that_overflow_or_cut_beyond_the_limit(measure, problem):
    err = io.StringIO()
    assert cli_main(["evaluate", QRELS, RESULTS, "-m", measure], io.StringIO(), err) == 2
    assert err.getvalue() == f"python -m metrics: error: bad measure {measure!r}: {problem}\n"


@pytest.mark.parametrize("measure, params", [("utility.1e308,-1,0,0", "1e308,-1,0,0"),
                                             ("utility.1,-1e308,0,0", "1,-1e308,0,0"),
                                             ("Rprec_mult.1e308", "1e308"), ("ndcg.1=1e308,2=1", "1=1e308,2=1"),
                                             ("G.1=-1e200", "1=-1e200"), ("set_F.1e300", "1e300")])
def test_trec_eval_refuses_parameters_that_overflow(measure, params):
    status, out, err = trec_eval("-m", measure, QRELS, RESULTS)
    assert (status, out) == (1, "")
    assert err.startswith("trec_eval: measure parameter ") and f" in '{params}' is beyond ±1e+100 " in err
    assert err.endswith("(metrics.limits.MAX_PARAMETER: sums of such values overflow to inf)\n")


def test_long_parameter_names_are_cut_as_trec_eval_cuts_them(trec_eval_binary):
    argv = ["-m", "Rprec_mult.100000,1e6,0.5", "-m", "iprec_at_recall.100000", str(QRELS), str(RESULTS)]
    binary = subprocess.run([str(trec_eval_binary("9.0.7")), *argv], capture_output=True, text=True, check=True)
    assert trec_eval(*argv) == (0, binary.stdout, "")


@pytest.mark.parametrize("measures", [["-m", "dcg", "-m", "ideal_dcg"], ["-m", "dcg.1=3,2=9"],
                                      ["-m", "ideal_dcg.1=0.5,2=-1"], ["-m", "all_trec"]])
@pytest.mark.parametrize("flags", [[], ["-q"], ["-q", "-c", "-J"]])
def test_10_0s_dcg_and_ideal_dcg_match_the_binary(trec_eval_binary, measures, flags):
    argv = [*flags, *measures, str(QRELS), str(RESULTS)]
    binary = subprocess.run([str(trec_eval_binary("10.0")), *argv], capture_output=True, text=True)
    assert (binary.returncode, binary.stderr) == (0, "")
    assert trec_eval("--version-compat", "10.0", *argv) == (0, binary.stdout, "")


def test_dcg_is_illegal_before_10_0():
    assert trec_eval("-m", "dcg", QRELS, RESULTS) == (1, "", "trec_eval: illegal measure 'dcg'\n")
