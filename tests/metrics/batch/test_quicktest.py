"""trec_eval 9.0.7's ``make quicktest`` through ``python -m metrics trec_eval``: byte for byte.

The golden files and the command behind each are in ../shared/conformance/trec_eval_9 (see its
README.md).  Left out: ``out.test.prefs``, ``out.test.qrels_prefs`` and ``out.test.qrels_jg``
(preference and judgement-group formats, ``-R``) and ``out.test.aqZ`` (``-Z`` z-scores): the
drop-in does not implement them (README, "trec_eval drop-in").
"""

from __future__ import annotations

import io

import pytest

from metrics.batch.trec_eval import main
from tests.trec_eval_binaries import shared_folder

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

QUICKTEST_DIR = shared_folder("conformance", "trec_eval_9")

needs_quicktest = pytest.mark.skipif(
    not (QUICKTEST_DIR / "out.test").exists(),
    reason=f"trec_eval 9.0.7 test folder not found at {QUICKTEST_DIR} (../shared relative to the repository root)")


#: golden file -> trec_eval's arguments (as in the folder's README.md), files relative to the folder
QUICKTEST = {
    "out.test": ["qrels.test", "results.test"],
    "out.test.a": ["-m", "all_trec", "qrels.test", "results.test"],
    "out.test.aq": ["-m", "all_trec", "-q", "qrels.test", "results.test"],
    "out.test.aqc": ["-m", "all_trec", "-q", "-c", "qrels.test", "results.trunc"],
    "out.test.aqcM": ["-m", "all_trec", "-q", "-c", "-M100", "qrels.test", "results.trunc"],
    "out.test.aql": ["-m", "all_trec", "-mrelstring.20", "-q", "-l2", "qrels.rel_level", "results.test"],
    "out.test.meas_params": [
        "-q", "-miprec_at_recall..10,.20,.25,.75,.50", "-m", "P.5,7,3", "-m", "recall.20,2000",
        "-m", "Rprec_mult.5.0,0.2,0.35", "-mutility.2,-1,0,0", "-m", "11pt_avg..25,.5,.75",
        "-mndcg.1=3,2=9,4=4.5", "-mndcg_cut.10,20,23.4", "-msuccess.2,5,20", "qrels.test", "results.test"],
}


def trec_eval(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


def quicktest_argv(golden: str) -> list[str]:
    files = {"qrels.test", "results.test", "results.trunc", "qrels.rel_level"}
    return [str(QUICKTEST_DIR / arg) if arg in files else arg for arg in QUICKTEST[golden]]


def _cases():
    for golden in QUICKTEST:
        for extra in ([], ["--float32"]):
            yield pytest.param(golden, extra, id=golden + ("-float32" if extra else ""))


@needs_quicktest
@pytest.mark.parametrize("golden, extra", _cases())
def test_quicktest_byte_for_byte(golden, extra):
    status, out, err = trec_eval(*extra, *quicktest_argv(golden))
    assert (status, err) == (0, "")
    assert out == (QUICKTEST_DIR / golden).read_text()


@needs_quicktest
def test_truncated_run_first_six_fields():
    """results.trunc cut to its first 6 fields (what trec_eval reads): -c and -M100 byte for byte,
    whatever the reader does with longer lines."""
    lines = (QUICKTEST_DIR / "results.trunc").read_text().splitlines()
    six = "".join(" ".join(line.split()[:6]) + "\n" for line in lines)
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        run = Path(folder) / "results.trunc"
        run.write_text(six)
        for golden, extra in (("out.test.aqc", []), ("out.test.aqcM", ["-M100"])):
            status, out, _ = trec_eval("-m", "all_trec", "-q", "-c", *extra, str(QUICKTEST_DIR / "qrels.test"), str(run))
            assert status == 0
            assert out == (QUICKTEST_DIR / golden).read_text(), golden


@needs_quicktest
def test_official_lines_of_out_test_aq():
    status, out, _ = trec_eval("-q", str(QUICKTEST_DIR / "qrels.test"), str(QUICKTEST_DIR / "results.test"))
    official = {"runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec", "bpref",
                "recip_rank"}
    expected = [line for line in (QUICKTEST_DIR / "out.test.aq").read_text().splitlines()
                if line.split()[0] in official or line.split()[0].startswith(("iprec_at_recall_", "P_"))]
    assert status == 0
    assert out.splitlines() == expected
