"""ui.data.dataset without a browser: reading uploads and the board of one query (sample_data/trec)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

import metrics
from metrics import MetricsInputError
from ui.data import dataset as ds

ROOT = Path(__file__).resolve().parents[2]
TREC = ROOT / "sample_data" / "trec"


def _pair(*names: str) -> list[tuple[str, bytes]]:
    return [(name, (TREC / name).read_bytes()) for name in names]


@pytest.fixture(scope="module")
def trec() -> metrics.Dataset:
    return ds.read_files(_pair("qrels.txt", "run_a.txt"))


def test_pair_is_told_apart_by_content_in_either_order(trec):
    swapped = ds.read_files(_pair("run_a.txt", "qrels.txt"))
    assert trec.source == swapped.source == "run_a.txt + qrels.txt"
    assert trec.run.equals(swapped.run) and trec.qrels.equals(swapped.qrels)
    assert len(trec.qrels) == 163 and len(trec.run) == 93


def test_ties_are_broken_by_docid_descending(trec):
    board = ds.board_for_query(trec, "102")
    # doc-102-05 and doc-102-11 share the score 14.9930; the file ranks 05 first, trec_eval 11 first
    ranking = list(board.ranking)
    assert ranking.index("doc-102-11") + 1 == ranking.index("doc-102-05")
    assert board.scores["doc-102-11"] == board.scores["doc-102-05"] == pytest.approx(14.993)
    scores = [board.scores[i] for i in ranking]
    assert scores == sorted(scores, reverse=True)


def test_unjudged_retrieved_items_get_none_and_pool_holds_unretrieved_judged(trec):
    board = ds.board_for_query(trec, "101")
    judged = trec.qrels[trec.qrels["query"] == "101"]
    retrieved = set(trec.run.loc[trec.run["query"] == "101", "item"])
    assert board.grades["doc-101-99"] is None  # in the run, not in the qrels
    assert "doc-101-99" in board.ranking
    assert set(board.pool) == set(judged["item"]) - retrieved
    assert set(board.pool) and all(board.grades[i] is not None for i in board.pool)
    assert sorted(board.judged()) == sorted(judged["rel"].tolist())
    assert set(board.grades) == set(judged["item"]) | retrieved
    assert board.title == "query 101 of run_a.txt + qrels.txt"
    assert board.k == 10


@pytest.mark.parametrize("query", ["101", "102", "103", "104", "105", "106", "107"])
def test_board_gives_the_batch_evaluation_numbers(trec, query):
    per_query = metrics.evaluate(trec.qrels, trec.run, ["nDCG@10", "AP", "RR"]).per_query
    board = ds.board_for_query(trec, query)
    assert metrics.ndcg(board.rels(), k=10, ideal=board.judged()) == pytest.approx(per_query.at[query, "nDCG@10"])
    hits = [1 if g >= 1 else 0 for g in board.rels()]
    assert metrics.average_precision(hits, n_relevant=board.n_relevant()) == pytest.approx(per_query.at[query, "AP"])
    assert metrics.reciprocal_rank(hits) == pytest.approx(per_query.at[query, "RR"])


def test_k_is_at_most_ten_or_the_given_one():
    short = metrics.parse_pasted("a 1\nb 0\nc 2")
    assert ds.board_for_query(short, "q1").k == 3
    assert ds.board_for_query(short, "q1", k=2).k == 2


def test_qrels_only_dataset_ranks_judged_items_in_file_order():
    qrels_only = ds.read_files(_pair("qrels.txt"))
    assert qrels_only.run is None
    board = ds.board_for_query(qrels_only, "108")
    rows = [line.split() for line in (TREC / "qrels.txt").read_text().splitlines()
                            if line.startswith("108 ")]
    assert list(board.ranking) == [row[2] for row in rows]
    assert [board.grades[i] for i in board.ranking] == [float(row[3]) for row in rows]
    assert board.pool == [] and board.scores == {}
    assert ds.queries(qrels_only)[-1] == "108"


def test_queries_are_the_runs_in_string_order(trec):
    assert ds.queries(trec) == ["101", "102", "103", "104", "105", "106", "107"]


def test_results_table_ends_with_the_mean(trec):
    result = metrics.evaluate(trec.qrels, trec.run, list(ds.DEFAULT_MEASURES))
    table = ds.results_table(result)
    assert list(table.columns) == list(ds.DEFAULT_MEASURES)
    assert table.index[-1] == "all" and len(table) == 8
    for measure, mean in result.aggregate.items():
        assert table.at["all", measure] == pytest.approx(mean)
        assert table[measure].iloc[:-1].mean() == pytest.approx(mean)


def test_bad_combinations_name_the_files():
    with pytest.raises(MetricsInputError, match="run_a.txt holds a ranking only.*run_b.txt holds a ranking only"):
        ds.read_files(_pair("run_a.txt", "run_b.txt"))
    with pytest.raises(MetricsInputError, match="3 files"):
        ds.read_files(_pair("qrels.txt", "run_a.txt", "run_b.txt"))
    with pytest.raises(MetricsInputError, match=r"^bad.run line 2: expected 6 fields"):
        ds.read_files([("bad.run", b"q1 Q0 d1 1 2.0 t\nq1 Q0 d2 1\n"), ("qrels.txt", b"q1 0 d1 1\n")])


def test_files_over_the_upload_limit_are_refused():
    big = b"q1 0 d1 1\n" * (ds.MAX_UPLOAD_BYTES // 10 + 1)
    with pytest.raises(MetricsInputError, match="big.qrels: file is too large"):
        ds.read_files([("big.qrels", big)])


def test_real_grades_and_json_pair_stay_exact():
    art = ROOT / "sample_data" / "articles"
    pair = ds.read_files([(p.name, p.read_bytes()) for p in
                          (art / "000_ndcg_lists.qrels.json", art / "000_ndcg_lists.run.json")])
    board = ds.board_for_query(pair, "list_2")
    assert board.ranking == ("D", "A", "E", "C", "B")
    assert board.grades["B"] == 0.9 and not board.pool
    assert math.isclose(metrics.ndcg(board.rels(), k=5, ideal=board.judged()), 0.8505, abs_tol=5e-5)
