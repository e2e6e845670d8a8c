"""``python -m metrics trec_eval --version-compat V`` against the real trec_eval V, byte for byte.

Each supported version is built from the shared sources (tests/trec_eval_binaries.py, the
``trec_eval_binary`` fixture); random collections (graded and negative judgments, ties, duplicates,
queries missing on either side, queries judged only -1) with random flags (-q -c -n -J -l -M -N and
every measure in its parameter forms) go through both; stdout and the exit code must be identical.
The documented exceptions: where the binary crashes (SIGSEGV), ours exits 4; 10.0's ``rbp`` reads
uninitialised variables (its lines are left out of the comparison).  A difference is
reported minimised (scripts/trec_eval_differential.py is the long run).
"""

from __future__ import annotations

import pytest

from metrics.batch.trec_eval import VERSIONS
from tests import trec_eval_binaries

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

PAIRS = 600  #: per version, on a fixed seed
SEED = 20


@pytest.mark.parametrize("version", VERSIONS)
def test_random_collections_and_flags_match_the_real_binary(version, trec_eval_binary, tmp_path):
    binary = trec_eval_binary(version)
    summary = trec_eval_binaries.compare_many(binary, version, SEED, PAIRS, tmp_path)
    assert summary["tried"] == PAIRS
    if summary["differing"]:
        cause, cases = next(iter(summary["differing"].items()))
        qrels, run, flags = trec_eval_binaries.minimise(binary, tmp_path, *cases[0], version)
        counts = {key: len(value) for key, value in summary["differing"].items()}
        pytest.fail(f"{sum(counts.values())} of {PAIRS} differ: {counts}\nfirst ({cause}), minimised:\n"
                    f"flags {flags}\n--- qrels\n{qrels}--- run\n{run}")
    assert summary["identical"] + summary["binary_crashed"] + summary["documented_rbp"] == PAIRS


def test_a_query_judged_only_minus_one_stops_as_the_binary_does(trec_eval_binary, tmp_path):
    binary = trec_eval_binary("9.0.7")
    for qrels in ("a 0 d1 -1\n", "a 0 d1 1\nb 0 d1 -1\n"):
        run = "a Q0 d1 1 1.0 r\nb Q0 d1 1 1.0 r\n"
        for flags in ([], ["-q"]):
            theirs = trec_eval_binaries.run_binary(binary, tmp_path, qrels, run, flags)
            assert trec_eval_binaries.run_ours(tmp_path, qrels, run, flags, "9.0.7") == theirs
    assert theirs[0] == 0  # a query judged -1 after one judged >= 0 is evaluated


def test_duplicates_trec_eval_never_looks_at_do_not_stop_us(trec_eval_binary, tmp_path):
    binary = trec_eval_binary("9.0.7")
    qrels = "a 0 d1 1\n"
    for run, flags in (("a Q0 d1 1 1.0 r\na Q0 d1 2 1.0 r\n", ["-m", "num_q"]),
                       ("a Q0 d1 1 1.0 r\nz Q0 d2 1 1.0 r\nz Q0 d2 2 1.0 r\n", []),
                       ("a Q0 d1 1 2.0 r\na Q0 d2 1 1.0 r\na Q0 d2 2 1.0 r\n", ["-M", "1"])):
        theirs = trec_eval_binaries.run_binary(binary, tmp_path, qrels, run, flags)
        assert theirs[0] == 0
        assert trec_eval_binaries.run_ours(tmp_path, qrels, run, flags, "9.0.7") == theirs


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("qrels, run, flags", [
    ("# NIST qrels\n1 0 d1 1\n# c\n1 0 d2 0\n", "#c\n1 Q0 d1 0 1.0 r\n", ["-q"]),  # comment lines (10.0 reads them)
    ("1 0 d1 1\n2 0 d1 1\n", "2 Q0 d1 0 1.0 r\n", ["-q"]),  # 10.0 stops at a qrels query missing from the run
    ("1 0 d1 1\n2 0 d1 1\n", "2 Q0 d1 0 1.0 r\n", ["-q", "-c", "-m", "all_trec"]),  # 10.0 prints it with -c -q
    ("1 0 d1 1\n", "2 Q0 d1 0 1.0 r\n", ["-c", "-q", "-m", "relstring", "-m", "utility"]),  # no common query
])
def test_the_differences_between_versions_are_reproduced(version, qrels, run, flags, trec_eval_binary, tmp_path):
    binary = trec_eval_binary(version)
    theirs = trec_eval_binaries.run_binary(binary, tmp_path, qrels, run, flags)
    ours = trec_eval_binaries.run_ours(tmp_path, qrels, run, flags, version)
    assert trec_eval_binaries.comparable(ours, version) == trec_eval_binaries.comparable(theirs, version)


#: recall levels near 0 (the cut-off is 0, as for level 0) and large but within MAX_LEVEL: the binary's bytes
TINY_AND_LARGE_LEVELS = ["11pt_avg.1e-50", "11pt_avg.0,1e-50", "11pt_avg.1e-50,1", "11pt_avg.1,1e-50,0.5",
                         "11pt_avg.1e12", "11pt_avg.1e12,0", "iprec_at_recall.1e-50,1e12", "Rprec_mult.1e-50,1e12"]
#: levels whose cut-off (long)(c·R + 0.9) / lround(c·R) leaves C's long: undefined in C, refused (exit 1)
UNDEFINED_LEVELS = ["11pt_avg.1e50", "11pt_avg.0,1e50", "11pt_avg.1e50,0", "11pt_avg.-1e50", "11pt_avg.1e19",
                    "iprec_at_recall.1e50", "Rprec_mult.0.2,1e13"]


@pytest.mark.parametrize("version", ["9.0.7", "10.0"])
def test_recall_levels_of_1e50_are_refused_and_tiny_ones_are_the_binarys_bytes(version, trec_eval_binary, tmp_path):
    import io
    import random

    from metrics.batch import trec_eval
    from metrics.batch.trec_eval import MAX_LEVEL

    binary = trec_eval_binary(version)
    rng = random.Random(SEED)
    cases = [("a 0 d1 1\na 0 d2 0\na 0 d3 1\nb 0 d1 1\n", "a Q0 d1 1 3.0 r\na Q0 d2 2 2.0 r\na Q0 d3 3 1.0 r\n"
              "b Q0 d4 1 1.0 r\n")] + [trec_eval_binaries.random_case(rng, version)[:2] for _ in range(12)]
    for qrels, run in cases:
        for level in TINY_AND_LARGE_LEVELS:
            flags = ["-q", "-m", level]
            theirs = trec_eval_binaries.run_binary(binary, tmp_path, qrels, run, flags)
            ours = trec_eval_binaries.run_ours(tmp_path, qrels, run, flags, version)
            assert ours == theirs, (level, qrels, run)
    qrels, run = cases[0]
    for level in UNDEFINED_LEVELS:
        theirs = trec_eval_binaries.run_binary(binary, tmp_path, qrels, run, ["-q", "-m", level])
        assert theirs[0] == 0  # (x86-64: LONG_MIN, the level adds the final interpolated precision)
        out, err = io.StringIO(), io.StringIO()
        status = trec_eval.main(["-q", "-m", level, f"--version-compat={version}", str(tmp_path / "qrels"),
                                 str(tmp_path / "run")], out, err)
        assert (status, out.getvalue()) == (1, "")
        assert err.getvalue().count("\n") == 1 and f"beyond ±{MAX_LEVEL:g}" in err.getvalue(), err.getvalue()
