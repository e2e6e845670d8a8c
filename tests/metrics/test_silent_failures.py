"""No silently wrong number: inputs that used to give a plausible wrong number without a word (issue 10).

Each case is either read right or refused with a message that names what was found and what is accepted:
ranx's and ir_measures' column names, ids that match only after a type conversion, ir_measures' namedtuples,
gzip input (and gzip bombs), 1-based positions in messages, the measure syntax's words in the API."""

from __future__ import annotations

import ast
import gzip
import io
import tracemalloc
from collections import namedtuple
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import metrics
from metrics import MetricsInputError
from metrics.batch import evaluate
from metrics.readers.io import load, read_csv, read_json, read_qrels, read_qrels_columns, read_run
from tests.marked import unmarked
from ui.locale import catalog

ZH = catalog("zh")  # English -> 中文: the catalogue's plain entries

TREC = Path(__file__).resolve().parents[2] / "sample_data" / "trec"
QRELS, RUN = read_qrels(TREC / "qrels.txt"), read_run(TREC / "run_a.txt")
AP = 0.6839640461579236  # trec_eval's map on sample_data/trec (qrels.txt, run_a.txt)

# ir_measures' record types (ir_measures.Qrel, ir_measures.ScoredDoc)
Qrel = namedtuple("Qrel", ["query_id", "doc_id", "relevance", "iteration"])
ScoredDoc = namedtuple("ScoredDoc", ["query_id", "doc_id", "score"])


def ap(qrels, run) -> float:
    return evaluate(qrels, run, ["AP"]).aggregate["AP"]


# ----------------------------------------------------------------------------- 1. column names


def test_the_sample_data_frames_give_trec_evals_map():
    assert ap(QRELS, RUN) == pytest.approx(AP, abs=1e-12)


@pytest.mark.parametrize("names", [
    {"query": "q_id", "item": "doc_id"},                          # ranx
    {"query": "query_id", "item": "doc_id"},                      # ir_measures
    {"query": "query-id", "item": "corpus-id"},                   # BEIR (Hugging Face)
    {"query": "QID", "item": "DocNo"},
])
def test_ranx_and_ir_measures_column_names_are_read_as_queries(names):
    """ranx's run frame (q_id, doc_id, score) was read as one query "q1": AP 0.5859 instead of 0.6840."""
    run = RUN.rename(columns=names)[[names["query"], names["item"], "score"]]
    assert ap(QRELS, run) == pytest.approx(AP, abs=1e-12)


def test_ranx_qrels_frame_has_the_grade_in_score():
    qrels = QRELS.rename(columns={"query": "q_id", "item": "doc_id", "rel": "score"})
    run = RUN.rename(columns={"query": "q_id", "item": "doc_id"})[["q_id", "doc_id", "score"]]
    assert ap(qrels, run) == pytest.approx(AP, abs=1e-12)


def test_ir_measures_frames_with_iteration():
    qrels = QRELS.rename(columns={"query": "query_id", "item": "doc_id", "rel": "relevance"}).assign(iteration="0")
    run = RUN.rename(columns={"query": "query_id", "item": "doc_id"})[["query_id", "doc_id", "score"]]
    assert ap(qrels, run) == pytest.approx(AP, abs=1e-12)


@pytest.mark.parametrize("column", ["topic_no", "session", "qno", "Unnamed: 0"])
def test_an_unknown_column_without_a_query_column_is_refused(column):
    run = RUN.rename(columns={"query": column})[[column, "item", "score"]]
    with pytest.raises(MetricsInputError) as error:
        evaluate(QRELS, run, ["AP"])
    message = str(error.value)
    assert message.startswith("run: no query column")
    assert f"found columns: {column!r}, 'item', 'score'" in message
    assert "query, qid, query_id, q_id" in message


def test_item_and_score_alone_are_still_one_query():
    """Documented: no query column and nothing else unknown -> one query "q1" (nothing hints at queries)."""
    run = pd.DataFrame({"doc_id": ["a", "b"], "score": [2.0, 1.0], "iteration": ["Q0", "Q0"], "": [0, 1]})
    result = evaluate({"q1": {"b": 1}}, run, ["RR"])
    assert list(result.per_query.index) == ["q1"] and result.aggregate["RR"] == 0.5


def test_query_ids_in_a_named_index_are_queries():
    run = RUN.rename(columns={"query": "q_id"})[["q_id", "item", "score"]]
    assert ap(QRELS, run.set_index("q_id")) == pytest.approx(AP, abs=1e-12)
    assert ap(QRELS, run.set_index(["q_id", "item"])) == pytest.approx(AP, abs=1e-12)
    with pytest.raises(MetricsInputError, match="no query column, and 'topic_no' is not a known column"):
        evaluate(QRELS, run.rename(columns={"q_id": "topic_no"}).set_index("topic_no"), ["AP"])
    assert ap(QRELS, RUN[RUN["score"] > 0]) == pytest.approx(AP, abs=1e-12)  # an unnamed index is not data


def test_two_columns_for_the_query_are_refused():
    run = RUN.assign(qid=RUN["query"])
    with pytest.raises(MetricsInputError, match=r"run: two columns mean query: 'query' and 'qid'"):
        evaluate(QRELS, run, ["AP"])


@pytest.mark.parametrize("header", [b"q_id,doc_id,score", b"query_id,doc_id,score", b"query-id,corpus-id,score"])
def test_csv_uploads_with_ranx_and_ir_measures_headers(header):
    text = header + b"\n" + b"".join(f"{q},{i},{s}\n".encode() for q, i, s in RUN[["query", "item", "score"]].values)
    data = load("run.csv", text)
    assert data.run["query"].nunique() == RUN["query"].nunique()
    assert ap(QRELS, data.run) == pytest.approx(AP, abs=1e-12)


def test_a_csv_with_an_unknown_column_and_no_query_column_is_refused():
    with pytest.raises(MetricsInputError) as error:
        read_csv(b"topic_no,docid,score\n1,a,2\n2,a,1\n", "run.csv")
    assert str(error.value).startswith("run.csv line 1: no query column, and 'topic_no' is not a known column")
    assert error.value.template in ZH
    data = read_csv(b"docid,score,tag\na,2,x\n", "run.csv")  # tag: a run's tag, ignored
    assert data.run["query"].tolist() == ["q1"]


def test_json_records_are_a_table_with_the_same_column_names():
    """pandas' to_json(orient="records") of an ir_measures run: one object a row, read like a CSV."""
    run = RUN.rename(columns={"query": "query_id", "item": "doc_id"})[["query_id", "doc_id", "score"]]
    data = read_json(run.to_json(orient="records").encode(), "run.json")
    assert ap(QRELS, data.run) == pytest.approx(AP, abs=1e-12)
    text = b'[\n{"q_id": 1, "doc_id": "a", "score": 2, "relevance": 1},\n{"q_id": 1.0, "doc_id": "b", "score": 1}\n]'
    data = load("x.json", text)
    assert data.run["query"].tolist() == ["1", "1"] and data.qrels["item"].tolist() == ["a"]
    with pytest.raises(MetricsInputError, match=r"^x.json line 3: item 'a' listed twice for query '1'"):
        load("x.json", b'[\n{"qid": 1, "doc": "a", "score": 2},\n{"qid": 1, "doc": "a", "score": 1}\n]')
    with pytest.raises(MetricsInputError, match=r"^x.json line 1: no query column, and 'sess' is not a known"):
        load("x.json", b'[{"doc_id": "a", "score": 1, "sess": 2}]')


# ----------------------------------------------------------------------------- 2. ids


def test_float_query_ids_match_string_ids():
    """A float query column (e.g. read by pandas with a missing value) gave an empty result (AP NaN)."""
    qrels = QRELS.assign(query=QRELS["query"].astype(float))
    assert ap(qrels, RUN) == pytest.approx(AP, abs=1e-12)
    assert ap(QRELS.assign(query=QRELS["query"].astype(int)), RUN) == pytest.approx(AP, abs=1e-12)
    run = RUN.assign(query=RUN["query"].astype(object).map(float))  # floats in an object column
    assert ap(QRELS, run) == pytest.approx(AP, abs=1e-12)


def test_int_item_ids_match_string_item_ids():
    qrels = pd.DataFrame({"query": ["1", "1"], "item": [7, 8], "rel": [1, 0]})
    run = pd.DataFrame({"query": [1.0, 1.0], "item": ["8", "7"], "score": [2.0, 1.0]})
    assert evaluate(qrels, run, ["RR"]).aggregate["RR"] == 0.5


def test_dict_keys_match_after_the_id_rule():
    assert evaluate({1.0: {7: 1}}, {"1": {"7": 0.5, "8": 0.9}}, ["RR"]).aggregate["RR"] == 0.5
    assert evaluate({1: {"a": 1}}, {1.0: {"a": 0.5}}, ["RR"]).per_query.index.tolist() == ["1"]


def test_namedtuple_ids_match_after_the_id_rule():
    qrels = [Qrel(101.0, "doc-101-01", 2, "0")]
    run = [ScoredDoc("101", "doc-101-01", 1.0)]
    assert evaluate(qrels, run, ["RR"]).per_query.index.tolist() == ["101"]


@pytest.mark.parametrize("qrels", [
    pd.DataFrame({"query": [1.5], "item": ["a"], "rel": [1]}),
    {1.5: {"a": 1}},
    [Qrel(1.5, "a", 1, "0")],
])
def test_a_fractional_float_id_is_refused(qrels):
    with pytest.raises(MetricsInputError, match=r"qrels: query id 1\.5 in .* is a float that is not a whole number"):
        evaluate(qrels, {"1.5": {"a": 1.0}}, ["AP"])


def test_large_integral_float_ids_are_written_in_full():
    qrels = pd.DataFrame({"query": [1e17], "item": ["a"], "rel": [1]})
    assert evaluate(qrels, {"100000000000000000": {"a": 1.0}}, ["AP"]).aggregate["AP"] == 1.0


# ----------------------------------------------------------------------------- 3. ir_measures-style inputs


def test_ir_measures_namedtuples_give_the_same_numbers():
    qrels = [Qrel(q, i, int(r), "0") for q, i, r in QRELS[["query", "item", "rel"]].values]
    run = (ScoredDoc(q, i, s) for q, i, s in RUN[["query", "item", "score"]].values)  # a generator
    assert ap(qrels, run) == pytest.approx(AP, abs=1e-12)
    assert ap([r._asdict() for r in qrels], RUN) == pytest.approx(AP, abs=1e-12)  # dicts too
    with pytest.raises(MetricsInputError, match=r"^No queries with both results and relevance info \(qrels: —; "):
        ap([], RUN)  # no judgement: refused, never a NaN mean


def test_records_that_are_not_named_are_refused():
    with pytest.raises(MetricsInputError, match=r"qrels: expected namedtuples .* got tuple"):
        evaluate([("q", "a", 1)], RUN, ["AP"])


def test_gzip_for_every_reader(tmp_path):
    text = (TREC / "run_a.txt").read_bytes()
    packed = gzip.compress(text)
    path = tmp_path / "run_a.txt.gz"
    path.write_bytes(packed)
    for source in (path, str(path), packed, io.BytesIO(packed)):
        assert ap(QRELS, read_run(source)) == pytest.approx(AP, abs=1e-12)
    assert ap(TREC / "qrels.txt", path) == pytest.approx(AP, abs=1e-12)  # evaluate reads the path
    assert read_qrels_columns(gzip.compress((TREC / "qrels.txt").read_bytes())).kind == "qrels"
    assert load("run_a.txt.gz", packed).run.shape == RUN.shape
    assert load("x.csv.gz", gzip.compress(b"q_id,doc_id,score\n1,a,2\n")).run["query"].tolist() == ["1"]
    assert read_json(gzip.compress(b'{"q1": ["a", "b"]}')).run["item"].tolist() == ["a", "b"]
    assert read_csv(gzip.compress(b"qid,docid,rel\nq,a,1\n") + gzip.compress(b"")).qrels.shape == (1, 3)


def test_a_gzip_bomb_is_refused_without_inflating_it():
    bomb = gzip.compress(b"\0" * (64 * 1024 * 1024), 9)  # 64 MiB of zeros in about 64 KiB
    tracemalloc.start()
    try:
        with pytest.raises(MetricsInputError) as error:
            read_run(bomb, "bomb.gz", max_bytes=1024 * 1024)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert str(error.value).startswith("bomb.gz: gzip file inflates to more than 1,048,576 bytes")
    assert peak < 8 * 1024 * 1024
    with pytest.raises(MetricsInputError, match="inflates to more than"):
        load("bomb.txt", bomb, limits=metrics.limits.APP)


@pytest.mark.parametrize("data, message", [
    (gzip.compress(b"q1 0 d1 1\n", mtime=0)[:-6], "truncated gzip file"),
    (gzip.compress(b"q1 0 d1 1\n", mtime=0) + b"trailing", "unexpected data after the end of the gzip file"),
    (b"\x1f\x8bbroken", "not a valid gzip file"),
])
def test_a_broken_gzip_file_is_named(data, message):
    with pytest.raises(MetricsInputError, match=f"^qrels.gz: {message}"):
        read_qrels(data, "qrels.gz")


# ----------------------------------------------------------------------------- 4. positions as people count


@pytest.mark.parametrize("call, message", [
    (lambda: metrics.ndcg([1, "a"]), "rels at rank 2 must be a number, got 'a'"),
    (lambda: metrics.average_precision([1, 0, float("nan")]), "hits at rank 3 must be a finite number, got nan"),
    (lambda: metrics.ndcg([1, 0], scores=[1, float("inf")]), "scores at position 2 must be a finite number"),
    (lambda: metrics.summarize([1, 0], 2, judged=[1, "x"]), "judged at position 2 must be a number"),
    (lambda: metrics.average_precision([1, 1], n_relevant=1),
     "n_relevant=1 is smaller than the 2 relevant items already in the ranking"),
])
def test_messages_count_from_one_in_words(call, message):
    with pytest.raises(MetricsInputError) as error:
        call()
    assert str(error.value).startswith(message)
    assert "[" not in str(error.value).split(",")[0]
    assert error.value.template in ZH


# ----------------------------------------------------------------------------- 5. the measure syntax's words


def test_the_api_takes_the_measure_syntax_words():
    rels = [3, 0, 2]
    for short, long in (("exp", "exponential"), ("lin", "linear")):
        assert metrics.ndcg(rels, 2, gain=short) == metrics.ndcg(rels, 2, gain=long)
        assert metrics.dcg(rels, 2, gain=short) == metrics.dcg(rels, 2, gain=long)
        assert metrics.summarize(rels, 2, gain=short) == metrics.summarize(rels, 2, gain=long)
        assert metrics.ndcg_under_discounts(rels, gain=short).equals(metrics.ndcg_under_discounts(rels, gain=long))
    assert "nDCG(gain=exp)@2" in metrics.summarize(rels, 2, gain="exp")
    for short, long in (("R", "relevant"), ("minKR", "min_k_relevant"), ("found", "found")):
        assert metrics.average_precision([1, 0, 1], 2, n_relevant=4, denominator=short) == \
            metrics.average_precision([1, 0, 1], 2, n_relevant=4, denominator=long)
        assert metrics.summarize([1, 0, 1], 2, ap_denominator=short) == \
            metrics.summarize([1, 0, 1], 2, ap_denominator=long)


def test_numpy_bool_arrays_are_hits():
    hits = np.array([True, False, True])
    assert metrics.average_precision(hits) == metrics.average_precision([1, 0, 1])
    assert metrics.reciprocal_rank(~hits) == 0.5
    assert metrics.ndcg(hits, 3) == metrics.ndcg([1, 0, 1], 3)
    assert metrics.precision_at_k(hits, 2) == 0.5 and metrics.recall_at_k(hits, 3, 4) == 0.5


# ----------------------------------------------------------------------------- 7. every new message translated


def test_every_template_of_the_batch_inputs_is_translated():
    source = Path(metrics.batch.inputs.__file__).read_text(encoding="utf-8")
    templates = [unmarked(node.args[0]).value for node in ast.walk(ast.parse(source))
                 if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "input_error"]
    assert len(templates) >= 10
    for template in templates:
        assert ZH.get(template), template
