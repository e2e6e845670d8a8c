"""``python -m metrics evaluate`` streams its run (metrics.batch.streaming): the bytes of the one-pass
evaluation (``metrics.evaluate`` and the writers of metrics.batch.output, the command's implementation before)
in every output format, batch after batch; a pipe and stdin read once; a duplicate named by its lines in the
file; memory for one batch, not the run (the peak measured as tests/metrics/batch/test_trec_eval_large.py does)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

from metrics.batch.evaluation import evaluate
from metrics.batch.output import format_per_query, write_csv, write_json
from metrics.cli import main
from metrics.errors import MetricsInputError
from metrics.readers import stream
from metrics.readers.trec import read_run_columns

ROOT = Path(__file__).resolve().parents[3]
TREC = ROOT / "sample_data" / "trec"
QRELS, RUN = str(TREC / "qrels.txt"), str(TREC / "run_a.txt")
MIB = 1024 * 1024

MEASURES = ["nDCG@10", "AP", "RR", "P@5", "R@100", "Bpref", "GMAP", "NumRel", "NumRet", "infAP", "IPrec11",
            "Rprec", "nDCG(gains={0:0,1:1,2:3,3:7})@10", "RBP(p=0.5)", "ERR@10", "Judged@10", "GMBpref"]
FLAGS = [[], ["-q"], ["-q", "-c"], ["-q", "-c", "--no-relevant", "skip"], ["-q", "--no-relevant", "nan"]]
WRITERS = {"text": format_per_query, "json": write_json, "csv": write_csv}


def collection(folder: Path, queries: int, seed: int, grouped: bool) -> tuple[str, str]:
    """Random qrels and run files: grades -1..3, tied scores, queries only in the qrels or only in the run, each
    query's run lines together (in a shuffled query order) or all lines shuffled."""
    rng = np.random.default_rng(seed)
    qrels, run = [], []
    for q in rng.permutation(queries).tolist():
        query = f"q{q * 7919 % 100003}"
        if q % 13 != 4:
            for d in rng.choice(30, size=int(rng.integers(1, 8)), replace=False).tolist():
                qrels.append(f"{query} 0 D{d} {rng.integers(-1, 4)}\n")
        if q % 17 != 2:
            for d in rng.choice(30, size=int(rng.integers(1, 20)), replace=False).tolist():
                run.append(f"{query} Q0 D{d} 0 {rng.integers(0, 8) / 4} sys\n")
    if not grouped:
        run = [run[i] for i in rng.permutation(len(run))]
    qrels_path, run_path = folder / f"qrels{seed}", folder / f"run{seed}"
    qrels_path.write_text("".join(qrels[i] for i in rng.permutation(len(qrels))))
    run_path.write_text("".join(run))
    return str(qrels_path), str(run_path)


def one_pass(qrels: str, run: str, flags: list[str], output: str) -> str:
    """What ``evaluate`` printed before it streamed: the whole evaluation, then the writer."""
    count_missing = "-c" in flags
    no_relevant = flags[flags.index("--no-relevant") + 1] if "--no-relevant" in flags else "zero"
    result = evaluate(qrels, run, MEASURES, count_missing=count_missing, no_relevant=no_relevant)
    out = io.StringIO()
    WRITERS[output](result, out, MEASURES, per_query="-q" in flags)
    return out.getvalue()


def streamed(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["evaluate", *argv], out, err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def collections(tmp_path_factory):
    folder = tmp_path_factory.mktemp("stream_collections")
    return [(QRELS, RUN), collection(folder, 150, 1, grouped=True), collection(folder, 120, 2, grouped=False)]


@pytest.mark.parametrize("output", ["text", "json", "csv"])
def test_the_streamed_command_prints_the_one_pass_bytes_in_small_batches(collections, monkeypatch, output):
    monkeypatch.setattr(stream, "BATCH", 2000)  # some 12 queries a batch: many batches, means carried across
    monkeypatch.setattr(stream, "SCATTERED", 20)  # the ungrouped run's batches gathered from a memory map
    for at, (qrels, run) in enumerate(collections):
        for flags in FLAGS if at == 0 else FLAGS[2:4]:
            measures = [part for m in MEASURES for part in ("-m", m)]
            status, out, err = streamed([*flags, *measures, "--output", output, qrels, run])
            assert (status, err) == (0, "")
            assert out == one_pass(qrels, run, flags, output), (run, flags)


def test_a_pipe_and_stdin_are_read_once(tmp_path, collections):
    qrels, run = collections[1]
    expected = one_pass(qrels, run, ["-q", "-c"], "text")
    measures = [part for m in MEASURES for part in ("-m", m)]
    read, write = os.pipe()
    feeder = threading.Thread(target=lambda: (os.write(write, Path(run).read_bytes()), os.close(write)))
    feeder.start()
    try:
        assert streamed(["-q", "-c", *measures, qrels, f"/dev/fd/{read}"]) == (0, expected, "")
    finally:
        feeder.join()
        os.close(read)
    # the shell's process substitution and stdin, through the real command
    command = f"{sys.executable} -m metrics evaluate -q -c {' '.join(repr(a) for a in measures)} {qrels} <(cat {run})"
    done = subprocess.run(["bash", "-c", command], capture_output=True, text=True, cwd=ROOT)
    assert (done.returncode, done.stdout, done.stderr) == (0, expected, "")
    done = subprocess.run([sys.executable, "-m", "metrics", "evaluate", "-q", "-c", *measures, qrels, "-"],
                          input=Path(run).read_text(), capture_output=True, text=True, cwd=ROOT)
    assert (done.returncode, done.stdout, done.stderr) == (0, expected, "")


def test_a_document_listed_twice_is_named_by_its_lines_in_the_file(tmp_path, monkeypatch):
    monkeypatch.setattr(stream, "BATCH", 200)
    lines = Path(RUN).read_text().splitlines(keepends=True)
    duplicate = lines[-3]  # in one of the last queries: found in a late batch
    run = tmp_path / "run.txt"
    run.write_text("".join(lines[:-1]) + duplicate + lines[-1])
    with pytest.raises(MetricsInputError) as one_pass_error:
        read_run_columns(str(run))
    status, out, err = streamed(["-m", "AP", "--output", "json", QRELS, str(run)])
    assert (status, out) == (2, "")  # text and JSON: nothing written before the error
    assert err == f"python -m metrics: error: {one_pass_error.value}\n"
    assert f"lines {len(lines) - 2} and {len(lines)}" in err


def test_no_query_in_both_and_a_missing_file_are_one_line(tmp_path):
    other = tmp_path / "run.txt"
    other.write_text("zz Q0 d 1 1.0 x\n")
    status, out, err = streamed(["-m", "AP", QRELS, str(other)])
    assert (status, out) == (2, "") and "No queries with both results and relevance info" in err
    status, _, err = streamed(["-m", "AP", QRELS, str(tmp_path / "absent.txt")])
    assert status == 2 and err.count("\n") == 1
    assert err.startswith("python -m metrics: error: absent.txt: cannot read file")


@pytest.mark.slow  # 16 and 64 MiB runs generated and evaluated in subprocesses (about 30 s here)
def test_a_grouped_run_costs_one_batch_of_memory_not_the_run(tmp_path):
    """The peak (each subprocess's own) hardly grows from a 16 MiB run to a 64 MiB one (it grew with the run
    when the command read it whole), and what the evaluation adds to the interpreter is below the run's size."""
    from tests.metrics.batch.test_trec_eval_large import interpreter_peak, load_bench

    bench = load_bench()
    peaks, sizes = [], []
    for mib in (16, 64):
        qrels, run = bench.write_collection(tmp_path / f"data{mib}", mib * MIB, grouped=True)
        command = [sys.executable, "-m", "metrics", "evaluate", "-q", "-m", "AP", "-m", "nDCG@10", "-m", "P@10",
                   "--output", "json", str(qrels), str(run)]
        _, peak, status, _ = bench.measure(command, tmp_path / "out.json")
        assert status == 0
        peaks.append(peak)
        sizes.append(run.stat().st_size)
    assert peaks[1] - peaks[0] < (sizes[1] - sizes[0]) / 3, [peak / MIB for peak in peaks]
    assert peaks[1] - interpreter_peak(tmp_path) < sizes[1], [peak / MIB for peak in peaks]


def test_a_byte_order_mark_is_dropped_as_the_one_pass_reader_drops_it(tmp_path):
    bom, text = b"\xef\xbb\xbf", Path(RUN).read_bytes()
    run = tmp_path / "run.txt"
    run.write_bytes(bom + text)
    measures = [part for m in MEASURES for part in ("-m", m)]
    assert streamed(["-q", *measures, QRELS, str(run)]) == (0, one_pass(QRELS, RUN, ["-q"], "text"), "")
    run.write_bytes(bom + text + text.splitlines(keepends=True)[0])  # its first line again, at the end
    with pytest.raises(MetricsInputError) as one_pass_error:
        read_run_columns(str(run))
    assert streamed(["-m", "AP", QRELS, str(run)]) == (2, "", f"python -m metrics: error: {one_pass_error.value}\n")
    run.write_bytes(bom + bom + text)
    status, _, err = streamed(["-m", "AP", QRELS, str(run)])
    assert status == 2 and "two byte order marks" in err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize("output", ["text", "csv"])
def test_a_full_disk_is_one_line_naming_the_output(output):
    done = subprocess.run(f"{sys.executable} -m metrics evaluate -q -m AP --output {output} {QRELS} {RUN} > /dev/full",
                          shell=True, capture_output=True, text=True, cwd=ROOT)
    said = "python -m metrics: error: cannot write the output to standard output: No space left on device\n"
    assert (done.returncode, done.stderr) == (2, said)
