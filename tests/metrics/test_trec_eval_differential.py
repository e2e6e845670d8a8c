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
