"""No input crashes the readers or the command line, hangs them, or reads two ways.

Seeded mutations of the sample files (tests/fuzzing.py, shared with scripts/fuzz_inputs.py, the long
run) go through the readers the app uses (a result or MetricsInputError, nothing else), through both
TREC parse paths (the same columns or both refusing) and through ``metrics.cli.main`` in a worker
process that gives each input a timeout; a few go through ``python -m metrics evaluate`` itself.
A file whose one document id is 1 MB is read in memory that grows with the file, not the id.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

import metrics
from metrics import MetricsInputError, limits
from metrics.readers import trec
from metrics.readers.io import read_run, read_run_columns
from tests import fuzzing

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

PER_FORMAT = 300
BIG = 15  #: mutations that may be large (MBs, 200,000 lines, deep nesting), per format
TIMEOUT = 30.0


@pytest.fixture(scope="module")
def worker():
    worker = fuzzing.Worker(TIMEOUT)
    yield worker
    worker.close()


@pytest.mark.parametrize("fmt", fuzzing.FORMATS)
def test_mutated_inputs_are_read_or_refused_never_crash(fmt, worker):
    problems, outcomes = [], set()
    for big, count in ((False, PER_FORMAT), (True, BIG)):
        for data in fuzzing.mutants(fmt, count, seed=7 + big, big=big):
            outcome = worker.check(fmt, data)
            outcomes.add(outcome.get("reader"))
            found = fuzzing.bad(outcome)
            problems += [f"{problem} <- {data[:80]!r}" for problem in found]
    assert not problems, "\n".join(problems[:10])
    assert outcomes >= {"ok", "refused"}  # the mutations keep some inputs valid


@pytest.mark.parametrize("fmt", fuzzing.FORMATS)
def test_the_command_line_exits_0_or_2_with_one_line(fmt, tmp_path):
    qrels = str(fuzzing.SAMPLES / "trec" / "qrels.txt")
    for i, data in enumerate(fuzzing.mutants(fmt, 2, seed=3)):
        path = tmp_path / f"{i}-{fuzzing.FILE_NAME[fmt]}"
        path.write_bytes(data)
        done = subprocess.run([sys.executable, "-m", "metrics", "evaluate", qrels, str(path), "-m", "AP"],
                              capture_output=True, text=True, timeout=60, cwd=fuzzing.REPO)
        assert done.returncode in (0, 2) and "Traceback" not in done.stderr, done.stderr
        errors = [line for line in done.stderr.splitlines() if not line.startswith("python -m metrics: warning: ")]
        assert len(errors) == (done.returncode == 2), done.stderr  # (a warning: a score read as atof reads it)


RUN = b"q1 Q0 d1 1 2.0 t\nq1 Q0 d2 2 1.0 t\n"


@pytest.mark.parametrize("data", [
    b"\xef\xbb\xbf\xef\xbb\xbf" + RUN,               # two byte order marks
    b" \xef\xbb\xbf" + RUN,                          # a mark after a space: kept in the qid by both
    RUN + b"q1 Q0 d3 0x10 0.5 t\n",                  # a hexadecimal rank
    RUN + b"q1 Q0 d3 0X7f 0.5 t\n",
    b"\n\x0c\n" + RUN + b"q1 Q0 d3 0x10 0.5 t\n",    # a form feed on an empty line
    RUN + b"q1 Q0 d3 99999999999999999999 0.5 t\n",  # a rank beyond int64
    RUN + b"q1 Q0 d3 -9223372036854775808 0.5 t\n",  # the smallest int64
    RUN + b"q1 Q0 d3 " + b"0" * 5000 + b"3 0.5 t\n",  # 5,000 leading zeros
    RUN + b"q1 Q0 d3 +3 0.5 t\n",
    RUN + b"q1 Q0 d3 3 " + b"9" * 5000 + b" t\n",     # a 5,000-digit score
    RUN + b"q1 Q0 0x1 3 0.5 t\n",                     # 0x in an id
])
def test_both_parse_paths_read_the_same_bytes_alike(data):
    assert fuzzing._trec_paths_agree("run", data) == ""


def test_the_paths_refuse_a_second_bom_and_read_a_hex_rank_as_trec_eval_does():
    for data in (b"\xef\xbb\xbf\xef\xbb\xbf" + RUN, RUN + b"q1 Q0 d3 0x10 0.5 t\n"):
        for small in (True, False):
            saved = trec.SMALL_INPUT
            trec.SMALL_INPUT = saved if small else 0
            try:
                if data.startswith(b"\xef\xbb\xbf"):
                    with pytest.raises(MetricsInputError):
                        read_run(data, "run.txt")
                else:  # trec_eval skips the rank field: not a decimal integer, it reads as 0
                    assert read_run(data, "run.txt")["rank"].tolist() == [1, 2, 0]
            finally:
                trec.SMALL_INPUT = saved
    assert read_run(b"\xef\xbb\xbf" + RUN)["query"].tolist() == ["q1", "q1"]
    columns = read_run_columns(RUN + b"q1 Q0 0x1 3 0.5 t\n")
    assert columns.rank.tolist() == [1, 2, 3] and columns.item[2] == "0x1"


def test_the_app_limits_are_stricter_and_name_the_command_line():
    data = b"".join(b"q1 Q0 d%d %d 1.0 t\n" % (i, i) for i in range(limits.APP.items + 1))
    assert len(metrics.load("run.txt", data).run) == limits.APP.items + 1
    with pytest.raises(MetricsInputError) as caught:
        metrics.load("run.txt", data, limits=limits.APP)
    assert "rows for one query, over the limit of 10,000 (limits.items)" in str(caught.value)
    assert "python -m metrics evaluate" in str(caught.value)
    with pytest.raises(MetricsInputError, match="levels of JSON nesting"):
        metrics.load("x.json", b"[" * 5000 + b"]" * 5000)
    with pytest.raises(MetricsInputError, match=r"line 2: 70,002 bytes in one line"):
        metrics.load("x.csv", b"item,score\n" + b"d" * 70_000 + b",1\n", limits=limits.APP)
    with pytest.raises(MetricsInputError, match="characters in one number"):
        metrics.load("x.json", b'{"q1": {"d1": 1' + b"0" * 5000 + b"}}")
    with pytest.raises(MetricsInputError, match="not finite"):
        metrics.load("x.json", b'{"q1": {"d1": 1' + b"0" * 400 + b"}}")
    with pytest.raises(MetricsInputError, match="rows for one query"):
        metrics.parse_pasted("\n".join(f"d{i} 1" for i in range(200_000)), limits=limits.APP)


@pytest.mark.parametrize("text", ["1\n0\n2\n,", "A 2\nB 0\n;", "nan\n0\n2\n,"])
def test_a_pasted_line_of_separators_alone_is_blank(text):  # found by scripts/fuzz_inputs.py
    dataset = metrics.parse_pasted(text.replace("nan", "3"))
    assert len(dataset.run) == text.count("\n")
    with pytest.raises(MetricsInputError, match="nothing to read"):
        metrics.parse_pasted(",\n;")


def test_a_cut_off_beyond_the_limit_is_refused_at_once():
    with pytest.raises(MetricsInputError, match=r"at most 100,000 \(metrics.limits.MAX_K\)"):
        metrics.precision_at_k([1, 0], 10_000_000)
    done = subprocess.run([sys.executable, "-m", "metrics", "explain", "p", "--rels", "1", "0", "-k", "10000000"],
                          capture_output=True, text=True, timeout=60, cwd=fuzzing.REPO)
    assert done.returncode == 2 and "MAX_K" in done.stderr and len(done.stderr.splitlines()) == 1


# --------------------------------------------------------------------------------------------
# one document id of 1 MB among 1,500 rows: memory and time follow the file, not the id

LONG_ID = 1_000_000


def _long_id_files(folder):
    run = b"".join(b"q%d Q0 d%d %d %d.5 t\n" % (i % 15, i, i, 2000 - i) for i in range(1500))
    run = run.replace(b" d700 ", b" " + b"x" * LONG_ID + b" ", 1)
    qrels = b"".join(b"q%d 0 d%d %d\n" % (i % 15, i, i % 3) for i in range(0, 1500, 2))
    qrels += b"q10 0 " + b"x" * LONG_ID + b" 2\n"
    (folder / "run.txt").write_bytes(run)
    (folder / "qrels.txt").write_bytes(qrels)
    return len(run) + len(qrels)


def test_a_one_megabyte_id_costs_memory_like_the_file(tmp_path):
    size = _long_id_files(tmp_path)
    qrels, run = str(tmp_path / "qrels.txt"), str(tmp_path / "run.txt")
    code = ("import tracemalloc, pandas, pyarrow.csv; from metrics.batch.evaluation import evaluate; "
            "from metrics.readers.io import read_run, read_qrels; tracemalloc.start(); "
            f"e = evaluate(read_qrels({qrels!r}), read_run({run!r}), ['AP', 'nDCG@10']); "
            "assert 0 < e.aggregate['AP'] < 1; "
            f"assert tracemalloc.get_traced_memory()[1] < 12 * {size}, tracemalloc.get_traced_memory()")
    seconds, _ = fuzzing.peak_rss_of(code)
    assert seconds < 20


def _cli(qrels, run) -> str:
    return f"import sys; from metrics.cli import main; sys.exit(main(['evaluate', {qrels!r}, {run!r}, '-m', 'AP']))"


def test_a_one_megabyte_id_through_the_command_line(tmp_path):
    size = _long_id_files(tmp_path)
    _, baseline = fuzzing.peak_rss_of(_cli(str(fuzzing.SAMPLES / "trec" / "qrels.txt"),
                                           str(fuzzing.SAMPLES / "trec" / "run_a.txt")))
    seconds, peak = fuzzing.peak_rss_of(_cli(str(tmp_path / "qrels.txt"), str(tmp_path / "run.txt")))
    assert peak - baseline < 30 * size, (peak, baseline, size)
    assert seconds < 20
