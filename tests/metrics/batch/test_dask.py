"""metrics.batch.dask: partitions of whole queries on a Dask cluster give the same bytes as one process.

One LocalCluster (2 single-threaded worker processes) is shared by the whole module; the command line is
pointed at it with ``--scheduler`` (as at a real cluster), and ``--workers 2`` starts its own once.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest

from metrics.batch.dask import require
from metrics.batch.evaluation import evaluate
from metrics.batch.trec_eval import evaluate_lines, parse_command_line
from metrics.cli import main
from metrics.errors import MetricsInputError

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

distributed = pytest.importorskip("distributed", reason="Dask is not installed (pip install -r requirements-dev.txt)")
dd = pytest.importorskip("dask.dataframe", reason="dask[dataframe] is not installed")

TREC = Path(__file__).resolve().parents[3] / "sample_data" / "trec"
QRELS, RUN = str(TREC / "qrels.txt"), str(TREC / "run_a.txt")


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None) as local:
        with distributed.Client(local) as client:
            yield local, client


def collection(folder: Path, queries: int, seed: int) -> tuple[str, str]:
    """Random qrels and run files: grades -1..3, tied scores, queries only in the qrels and only in the run."""
    rng = np.random.default_rng(seed)
    qrels, run = [], []
    for q in range(queries):
        query = f"{q * 7919 % 100003}"
        if q % 13 != 4:  # judged
            for d in rng.choice(20, size=6, replace=False).tolist():
                qrels.append(f"{query} 0 D{d} {rng.integers(-1, 4)}\n")
        if q % 17 != 2:  # retrieved
            for d in rng.choice(20, size=10, replace=False).tolist():
                run.append(f"{query} Q0 D{d} 0 {rng.integers(0, 8) / 4} sys\n")
    qrels_path, run_path = folder / f"qrels{seed}", folder / f"run{seed}"
    qrels_path.write_text("".join(qrels[i] for i in rng.permutation(len(qrels))))
    run_path.write_text("".join(run[i] for i in rng.permutation(len(run))))
    return str(qrels_path), str(run_path)


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dask_collections")
    return [collection(folder, queries, seed) for seed, queries in ((1, 2000), (2, 3000))]


def lines(argv: list[str], client=None) -> list[str]:
    return evaluate_lines(parse_command_line(argv), client=client)


#: flags, and which generated collections they are tried on besides the sample data
TREC_FLAGS = [([], ()), (["-q"], (0, 1)), (["-q", "-c"], (1,)),
              (["-q", "-J", "-M5", "-l2", "-m", "ndcg_cut.3,10"], (0,)), (["-c", "-n", "-q", "-m", "set"], ()), (["-q", "-m", "all_trec"], ()),
              (["-q", "-c", "--version-compat", "10.0", "-m", "all_trec"], (0,))]


@pytest.mark.parametrize("flags, collections", TREC_FLAGS, ids=[" ".join(flags) for flags, _ in TREC_FLAGS])
def test_trec_eval_lines_on_the_cluster_are_one_process_lines(cluster, generated, flags, collections):
    for qrels, run in [(QRELS, RUN), *(generated[i] for i in collections)]:
        assert lines([*flags, qrels, run], cluster[1]) == lines([*flags, qrels, run]), (flags, run)


@pytest.mark.parametrize("flags", [[], ["-q", "-c", "-m", "all_trec"]], ids=" ".join)
def test_trec_eval_command_with_a_scheduler_writes_the_same_bytes(cluster, flags):
    for qrels, run in [(QRELS, RUN)]:
        one, two = io.StringIO(), io.StringIO()
        assert main(["trec_eval", *flags, qrels, run], one) == 0
        assert main(["trec_eval", *flags, "--scheduler", cluster[0].scheduler_address, qrels, run], two) == 0
        assert two.getvalue() == one.getvalue() and one.getvalue()


def test_trec_eval_workers_2_starts_a_local_cluster_with_the_same_bytes():
    one, two = io.StringIO(), io.StringIO()
    assert main(["trec_eval", "-q", "-m", "all_trec", QRELS, RUN], one) == 0
    assert main(["trec_eval", "-q", "-m", "all_trec", "--workers", "2", QRELS, RUN], two) == 0
    assert two.getvalue() == one.getvalue()


def test_trec_eval_stops_where_one_process_stops(cluster, tmp_path):
    """An item listed twice in an evaluated query: exit 4 after the same per-query lines."""
    run = tmp_path / "run"
    run.write_text(Path(RUN).read_text() + "104 Q0 doc-104-01 9 0.5 x\n104 Q0 doc-104-01 9 0.25 x\n")
    outputs = []
    for extra in ([], ["--scheduler", cluster[0].scheduler_address]):
        out, err = io.StringIO(), io.StringIO()
        outputs.append((main(["trec_eval", "-q", *extra, QRELS, str(run)], out, err), out.getvalue(), err.getvalue()))
    assert outputs[0] == outputs[1] and outputs[0][0] == 4


@pytest.mark.parametrize("output", ["text", "json", "csv"])
def test_evaluate_command_with_a_scheduler_writes_the_same_bytes(cluster, generated, output):
    measures = ["-m", "nDCG@10", "-m", "AP", "-m", "RR", "-m", "P@5", "-m", "Bpref", "-m", "GMAP"]
    for flags, collections in ((["-q", "-c", "--no-relevant", "skip"], [(QRELS, RUN)]), (["-c"], [(QRELS, RUN)]),
                               (["-q"], [generated[0]] if output == "json" else [])):
        for qrels, run in collections:
            argv = ["evaluate", *flags, *measures, "--output", output, qrels, run]
            one, two = io.StringIO(), io.StringIO()
            assert main(argv, one) == 0
            assert main([*argv, "--scheduler", cluster[0].scheduler_address], two) == 0
            assert two.getvalue() == one.getvalue()


@pytest.mark.parametrize("options, sample_only", [({}, False), ({"count_missing": True}, True),
                                                  ({"no_relevant": "skip"}, True),
                                                  ({"no_relevant": "nan", "count_missing": True}, False)], ids=str)
def test_evaluate_on_a_dask_dataframe_is_one_process_evaluation(cluster, generated, options, sample_only):
    from metrics.readers.trec import read_run_columns

    measures = ["nDCG@10", "AP", "RR", "R@100", "GMAP", "NumRel", "nDCG(gains={0:0,1:1,2:3,3:7})@10"]
    for qrels, run in [(QRELS, RUN), *([] if sample_only else [generated[0]])]:
        frame = read_run_columns(run).to_frame()[["query", "item", "score"]]
        one = evaluate(qrels, frame, measures, **options)
        two = evaluate(qrels, dd.from_pandas(frame.sample(frac=1.0, random_state=0), npartitions=5), measures,
                       **options)
        assert two.queries == one.queries and list(two.values) == list(one.values)
        for name in one.values:
            assert np.array_equal(two.values[name], one.values[name], equal_nan=True), name
        assert np.array_equal(list(two.aggregate.values()), list(one.aggregate.values()), equal_nan=True)


def test_evaluate_on_a_dask_dataframe_takes_other_column_names_and_an_index(cluster):
    import pandas as pd

    run = pd.DataFrame({"q_id": ["1", "1", "2", "2"], "doc_id": ["a", "b", "a", "c"], "score": [2.0, 1.0, 1.0, 3.0]})
    qrels = {"1": {"a": 1}, "2": {"c": 2, "a": 0}}
    one = evaluate(qrels, run, ["AP", "RR"])
    assert evaluate(qrels, dd.from_pandas(run, npartitions=2), ["AP", "RR"]).aggregate == one.aggregate
    indexed = dd.from_pandas(run.set_index("q_id"), npartitions=2)
    assert evaluate(qrels, indexed, ["AP", "RR"]).aggregate == one.aggregate


def test_a_duplicate_in_a_partition_is_the_same_error(cluster):
    """Named by the rows one process names (the frame's row numbers), not by its rows in its partition."""
    import pandas as pd

    run = pd.DataFrame({"query": ["2", "2", "1", "2", "1", "1"], "item": ["b", "c", "a", "d", "b", "a"],
                        "score": [2.0, 1.0, 3.0, 0.5, 1.0, 0.25]})
    qrels = {"1": {"a": 1}, "2": {"b": 1}}
    with pytest.raises(MetricsInputError) as one:
        evaluate(qrels, run, ["AP"])
    with pytest.raises(MetricsInputError) as two:
        evaluate(qrels, dd.from_pandas(run, npartitions=3), ["AP"])
    assert str(two.value) == str(one.value) and "rows 2 and 5 of the run" in str(one.value)
    with pytest.raises(MetricsInputError, match=r"listed twice for query '1' \(index 'x2' and 'x5' of the run\)"):
        evaluate(qrels, dd.from_pandas(run.set_axis([f"x{i}" for i in range(6)]), npartitions=3), ["AP"])


@pytest.mark.parametrize("output", ["text", "csv"])
def test_the_evaluate_command_on_a_cluster_names_a_duplicates_lines_in_the_file(cluster, tmp_path, output):
    lines = Path(RUN).read_text().splitlines(keepends=True)
    run = tmp_path / "run.txt"
    run.write_text("".join(lines[:-1]) + lines[-4] + lines[-1])  # in a late query of the sorted order
    results = []
    for extra in ([], ["--scheduler", cluster[0].scheduler_address]):
        out, err = io.StringIO(), io.StringIO()
        status = main(["evaluate", "-q", "-m", "AP", "--output", output, *extra, QRELS, str(run)], out, err)
        results.append((status, err.getvalue()))
    assert results[1] == results[0]
    assert results[0][0] == 2 and f"run.txt line {len(lines)}: " in results[0][1]
    assert f"(lines {len(lines) - 3} and {len(lines)})" in results[0][1]


def test_without_dask_the_message_says_how_to_install_it():
    with pytest.raises(MetricsInputError, match=r'pip install "dask\[dataframe\]" distributed'):
        require("dask_module_that_does_not_exist")
