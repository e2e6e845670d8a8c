"""metrics.readers.io: readers, their error messages (source + line + problem), round trips, sniffing."""

from __future__ import annotations

import io as stdio
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from metrics.errors import MetricsInputError
from metrics.readers import columns, io, sources, trec
from metrics.readers.io import (
    MAX_BYTES,
    Dataset,
    load,
    parse_pasted,
    read_csv,
    read_json,
    read_qrels,
    read_qrels_columns,
    read_run,
    read_run_columns,
)

DATA = Path(__file__).parents[2] / "data"


def error(func, *args, **kwargs) -> str:
    with pytest.raises(MetricsInputError) as info:
        func(*args, **kwargs)
    return str(info.value)


# ---------------------------------------------------------------------------------------------
# TREC qrels

def test_qrels_columns_and_dtypes():
    frame = read_qrels(b"q1 0 d1 2\nq1 0 d2 0\nq2 0 d1 1.5\n", name="qrels.txt")
    assert list(frame.columns) == ["query", "item", "rel"]
    assert frame["rel"].dtype == np.float64
    assert pd.api.types.is_string_dtype(frame["query"]) and pd.api.types.is_string_dtype(frame["item"])
    assert frame.values.tolist() == [["q1", "d1", 2.0], ["q1", "d2", 0.0], ["q2", "d1", 1.5]]


def test_qrels_whitespace_variants():
    expected = [["q1", "d1", 2.0], ["q1", "d2", 0.0]]
    for text in [b"q1\t0\td1\t2\nq1\t0\td2\t0\n", b"q1   0 d1  2\n\n  q1 0 d2 0  \n",
                 b"q1 0 d1 2\r\nq1 0 d2 0\r\n", b"q1 \t 0 d1 2\nq1 0 d2 0"]:
        assert read_qrels(text, name="qrels.txt").values.tolist() == expected


def test_qrels_from_path_file_object_and_str(tmp_path):
    path = tmp_path / "my_qrels.txt"
    path.write_bytes(b"q1 0 d1 1\nq1 0 d1 0\n")
    assert error(read_qrels, path).startswith("my_qrels.txt line 2: ")
    assert error(read_qrels, str(path)).startswith("my_qrels.txt line 2: ")
    assert error(read_qrels, str(path), name="shown.txt").startswith("shown.txt line 2: ")
    upload = stdio.BytesIO(b"q1 0 d1 x\n")
    upload.name = "upload.txt"
    assert error(read_qrels, upload) == "upload.txt line 1: grade must be a number, got 'x'"
    assert read_qrels("q 0 a 1\n").values.tolist() == [["q", "a", 1.0]]
    assert error(read_qrels, str(tmp_path / "absent.txt")).startswith("absent.txt: cannot read file")


@pytest.mark.parametrize("text, message", [
    (b"", "qrels.txt: empty file: no qrels lines ('qid iter docid rel')"),
    (b"\n  \n\t\n", "qrels.txt: empty file: no qrels lines ('qid iter docid rel')"),
    (b"q1 0 d1 1\nq1 0 d2\n", "qrels.txt line 2: expected 4 fields (qid iter docid rel), got 3"),
    (b"q1 0 d1 1\n\n\nq1 0 d2 1 1\n", "qrels.txt line 4: expected 4 fields (qid iter docid rel), got 5"),
    (b"q1 0 d1 1\nq1 0 d2 high\n", "qrels.txt line 2: grade must be a number, got 'high'"),
    (b"q1 0 d1 NaN\n", "qrels.txt line 1: grade is NaN ('NaN'); expected a finite number"),
    (b"q1 0 d1 -inf\n", "qrels.txt line 1: grade is infinite ('-inf'); expected a finite number"),
    (b"q1 0 d1 1\nq2 0 d1 1\nq1 0 d1 0\n",
     "qrels.txt line 3: judgement for document 'd1' listed twice for query 'q1' (lines 1 and 3)"),
    (b"q1 0 d1 1\nq1 0 d\xe92 1\n", "qrels.txt line 2: invalid UTF-8 (byte 0xe9 at column 7); save the file as UTF-8"),
    (b"q1 Q0 d1 1 2.5 run\n", "qrels.txt line 1: expected 4 fields (qid iter docid rel), got 6; "
                              "this looks like a TREC run, not qrels"),
])
def test_qrels_errors(text, message):
    assert error(read_qrels, text, name="qrels.txt") == message


def test_qrels_given_csv():
    message = error(read_qrels, b"query,item,rel\nq1,d1,1\n", name="judgements.csv")
    assert message.startswith("judgements.csv line 1: looks like CSV (3 comma-separated cells); "
                              "expected TREC qrels lines 'qid iter docid rel'")
    assert "use read_csv" in message
    tsv = error(read_qrels, b"query\titem\trel\nq1\td1\t1\n", name="j.tsv")
    assert tsv.startswith("j.tsv line 1: looks like a CSV header (query, item, rel); expected TREC qrels")


def test_size_limit():
    data = b"q1 0 d1 1\n" * 20
    message = error(read_qrels, data, name="big.txt", max_bytes=100)
    assert message == ("big.txt: file is too large: 200 bytes, over the limit of 100 bytes "
                       "(MAX_BYTES; pass max_bytes= to change it)")
    assert len(read_qrels(b"".join(b"q1 0 d%d 1\n" % i for i in range(20)), max_bytes=300)) == 20
    assert MAX_BYTES == 256 * 1024 * 1024
    big = error(read_run, b"x" * 3 * 1024 * 1024, name="run.txt", max_bytes=2 * 1024 * 1024)
    assert "3.0 MiB (3,145,728 bytes), over the limit of 2.0 MiB (2,097,152 bytes)" in big


def test_size_limit_of_a_path_is_checked_before_reading(tmp_path, monkeypatch):
    path = tmp_path / "huge.txt"
    path.write_bytes(b"".join(b"q 0 d%d 1\n" % i for i in range(10)))
    monkeypatch.setattr(sources, "MAX_BYTES", 50)
    assert error(read_qrels, path) == ("huge.txt: file is too large: 90 bytes, over the limit of "
                                       "50 bytes (MAX_BYTES; pass max_bytes= to change it)")
    assert len(read_qrels(path, max_bytes=90)) == 10


# ---------------------------------------------------------------------------------------------
# TREC runs

def test_run_columns_and_dtypes():
    frame = read_run(b"q1 Q0 d1 1 2.5 bm25\nq1 Q0 d2 2 -1e-3 bm25\n", name="run.txt")
    assert list(frame.columns) == ["query", "item", "score", "rank"]
    assert frame["score"].dtype == np.float64 and frame["rank"].dtype == np.int64
    assert frame.values.tolist() == [["q1", "d1", 2.5, 1], ["q1", "d2", -0.001, 2]]


def test_run_irregular_whitespace_from_trec_eval_test_collection():
    text = b"301\tQ0\tFR940202-2-00150\t104\t  2.129133\tSTANDARD\n301\tQ0\tFR9\t5\t 1.5\tSTANDARD\n"
    assert read_run(text).values.tolist() == [["301", "FR940202-2-00150", 2.129133, 104],
                                              ["301", "FR9", 1.5, 5]]


@pytest.mark.parametrize("text, message", [
    (b"", "run.txt: empty file: no run lines ('qid Q0 docid rank score tag')"),
    (b"q1 Q0 d1 1 2.0 t\nq1 Q0 d2 2 1.0\n", "run.txt line 2: expected 6 fields (qid Q0 docid rank score tag), got 5"),
    (b"q1 Q0 d1 1 2.0 t\nq1 Q0 d2 2 1.0 t\nq1 Q0 d3 3 1.0 t\nq1 Q0 d4 4\n",
     "run.txt line 4: expected 6 fields (qid Q0 docid rank score tag), got 4"),
    (b"q1 0 d1 1\n", "run.txt line 1: expected 6 fields (qid Q0 docid rank score tag), got 4; this looks like TREC qrels, not a run"),
    (b"q1 Q0 d1 1 high t\n", "run.txt line 1: score must be a number, got 'high'"),
    (b"q1 Q0 d1 1 2 t\nq1 Q0 d2 2 nan t\n", "run.txt line 2: score is NaN ('nan'); expected a finite number"),
    (b"q1 Q0 d1 1 inf t\n", "run.txt line 1: score is infinite ('inf'); expected a finite number"),
    (b"q1 Q0 d1 1 1e999 t\n", "run.txt line 1: score '1e999' is too large"),
    (b"q1 Q0 d1 1 3 t\nq1 Q0 d2 2 2 t\nq2 Q0 d1 1 3 t\nq1 Q0 d1 3 1 t\n",
     "run.txt line 4: document 'd1' listed twice for query 'q1' (lines 1 and 4)"),
    (b"q1 Q0 d1 1 3 t\n\xff\xfe Q0 d2 2 2 t\n",
     "run.txt line 2: invalid UTF-8 (byte 0xff at column 1); save the file as UTF-8"),
    (b"qid,docid,rank,score\nq1,d1,1,2.0\n",
     "run.txt line 1: looks like CSV (4 comma-separated cells); expected TREC run lines "
     "'qid Q0 docid rank score tag' (6 fields separated by spaces or tabs); use read_csv for CSV"),
    (b"q1, Q0, d1, 1, 2.0, t\n",
     "run.txt line 1: looks like CSV (6 comma-separated cells); expected TREC run lines "
     "'qid Q0 docid rank score tag' (6 fields separated by spaces or tabs); use read_csv for CSV"),
])
def test_run_errors(text, message):
    assert error(read_run, text, name="run.txt") == message


def test_run_error_deep_in_a_large_file_names_the_right_line():
    lines = [f"q{i // 100} Q0 d{i % 100} {i % 100 + 1} {1000 - i % 100}.5 tag\n" for i in range(50_000)]
    lines.insert(10, "\n")                      # blank lines count as lines
    lines.insert(20, "   \t \n")
    lines[40_000] = lines[40_000].replace(" tag", "")
    text = "".join(lines).encode()
    assert error(read_run, text, name="big.run") == \
        "big.run line 40001: expected 6 fields (qid Q0 docid rank score tag), got 5"
    duplicate = "".join(lines[:40_000] + [lines[0]]).encode()
    assert error(read_run, duplicate, name="big.run") == \
        "big.run line 40001: document 'd0' listed twice for query 'q0' (lines 1 and 40001)"


def test_same_document_in_different_queries_is_fine():
    assert len(read_run(b"q1 Q0 d1 1 1 t\nq2 Q0 d1 1 1 t\n")) == 2


def test_columns_readers_do_not_import_pandas():
    code = ("import sys; from metrics.batch.evaluation import evaluate; from metrics.readers.io import read_run_columns; "
            "c = read_run_columns(b'q Q0 a 1 1 t\\n'); "
            "e = evaluate(b'q 0 a 1\\n', b'q Q0 a 1 1 t\\n', ['AP']); "
            "assert e.aggregate == {'AP': 1.0}; print('pandas' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=Path(__file__).resolve().parents[3], check=True).stdout
    assert out.strip() == "False"


def test_everything_works_without_pyarrow(monkeypatch):
    monkeypatch.setattr(columns, "optional_pyarrow", lambda: None)
    monkeypatch.setattr(trec, "optional_pyarrow", lambda: None)
    text = b"q2\tQ0 b 1 2.0 t\nq1 Q0 a 1 1.0 t\nq1 Q0 b 2 0.5 t\n"
    assert read_run(text).values.tolist() == [["q2", "b", 2.0, 1], ["q1", "a", 1.0, 1], ["q1", "b", 0.5, 2]]
    assert error(read_run, text + b"q1 Q0 a 3 0 t\n", name="r") == \
        "r line 4: document 'a' listed twice for query 'q1' (lines 2 and 4)"
    from metrics.batch.evaluation import evaluate
    result = evaluate({"q1": {"b": 1}}, pd.DataFrame({"query": ["q1", "q1"], "item": ["a", "b"], "score": [1, 0]}),
                      ["RR"])
    assert result.aggregate == {"RR": 0.5}
    assert evaluate(b"q1 0 b 1\n", text, ["RR"]).aggregate == {"RR": 0.5}


def test_columns_match_frames():
    text = b"q2 Q0 b 1 2.0 t\nq1 Q0 a 1 1.0 t\nq1 Q0 b 2 0.5 t\n"
    columns = read_run_columns(text)
    assert columns.query.to_list() == ["q2", "q1", "q1"] and columns.item.to_list() == ["b", "a", "b"]
    pd.testing.assert_frame_equal(columns.to_frame(), read_run(text))
    qrels = read_qrels_columns(b"q1 0 a 2\n")
    assert qrels.kind == "qrels" and qrels.value.tolist() == [2.0] and qrels.rank is None


TOKENS = st.text(alphabet="abcXYZ019_-.é", min_size=1, max_size=6)
SEPARATORS = st.sampled_from([" ", "\t", "  ", " \t", "\t\t"])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(TOKENS, TOKENS, st.integers(-5, 1000),
                          st.floats(-1e6, 1e6, allow_nan=False), SEPARATORS, st.booleans()),
                min_size=1, max_size=30))
def test_fast_and_slow_parsers_agree(rows):
    """The pyarrow fast path (with whitespace normalisation) and the line-by-line reference."""
    lines, seen = [], set()
    for query, item, rank, score, sep, pad in rows:
        if (query, item) in seen:
            continue
        seen.add((query, item))
        line = sep.join([query, "Q0", item, str(rank), repr(score), "tag"])
        lines.append(("  " + line + " \t") if pad else line)
    data = ("\n".join(lines) + "\n").encode()
    fast = trec._parse_trec_fast(data, "r", "run")
    slow = trec.parse_trec_slow(data, "run", "r")
    assert fast is not None
    assert fast.query.to_list() == slow.query.to_list()
    assert fast.item.to_list() == slow.item.to_list()
    assert fast.value.tolist() == slow.value.tolist() and fast.rank.tolist() == slow.rank.tolist()


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet=st.sampled_from(["a", "b", "\x00", "é", "Z", "0", "~"]), max_size=20),
                max_size=30),
       st.lists(st.text(alphabet="ab", max_size=3), max_size=5))
def test_dense_codes_follow_byte_order(first, second):
    """Codes of strings are dense and ordered like their UTF-8 bytes (= strcmp / str order)."""
    columns = [io.StrColumn.from_strings(first), io.StrColumn.from_strings(second)]
    codes, k = io.StrColumn.dense_codes(*columns)
    values = first + second
    ranked = sorted(set(v.encode() for v in values))
    assert codes.tolist() == [ranked.index(v.encode()) for v in values] and k == len(ranked)
    dict_column = io.DictColumn.from_tokens([v.encode() for v in first])
    (as_dict, as_str), _ = io.column_codes(dict_column, columns[1])
    assert as_dict.tolist() == codes[:len(first)].tolist() or not first


def test_fast_path_falls_back_on_anything_odd():
    for data in [b"q Q0 a 1 2 t\nq Q0 b 2\n", b"q Q0 a 1 x t\n", b"q Q0 a 1 nan t\n",
                 b"q\x0bQ0 a 1 2 t\n", b"q Q0  1 2 t\n"]:
        assert trec._parse_trec_fast(data, "r", "run") is None


def test_round_trip_trec_text():
    qrels = pd.DataFrame({"query": ["1", "1", "2"], "item": ["d1", "d2", "d1"], "rel": [2.0, 0.5, -1.0]})
    text = "".join(f"{q} 0 {i} {r!r}\n" for q, i, r in qrels.itertuples(index=False))
    pd.testing.assert_frame_equal(read_qrels(text), qrels.astype({"query": "str", "item": "str"}))
    run = pd.DataFrame({"query": ["1", "1"], "item": ["d1", "d2"], "score": [0.1 + 0.2, -3.5], "rank": [1, 2]})
    text = "".join(f"{q} Q0 {i} {k} {s!r} tag\n" for q, i, s, k in run.itertuples(index=False))
    pd.testing.assert_frame_equal(read_run(text), run.astype({"query": "str", "item": "str"}))


# ---------------------------------------------------------------------------------------------
# CSV

def test_csv_aliases_case_insensitive_and_unjudged_rows():
    ds = read_csv(b"QID,DocNo,Sim,Grade\nq1,d1,0.5,2\nq1,d2,0.9,\nq2,d1,0.1,0\n", name="a.csv")
    assert ds.source == "a.csv"
    assert ds.run.values.tolist() == [["q1", "d1", 0.5, 2], ["q1", "d2", 0.9, 1], ["q2", "d1", 0.1, 1]]
    assert ds.qrels.values.tolist() == [["q1", "d1", 2.0], ["q2", "d1", 0.0]]


@pytest.mark.parametrize("header", [
    "query,item,score,relevance", "qid,docid,prediction,rel", "User_Id,Item_Id,pred,rating",
    "topic,doc_id,sim,judgment", "query_id,doc,score,label", "user,docno,score,grade",
])
def test_csv_alias_sets(header):
    ds = read_csv(f"{header}\nq,a,1,1\nq,b,2,0\n".encode())
    assert ds.run["item"].tolist() == ["a", "b"] and ds.qrels["rel"].tolist() == [1.0, 0.0]


def test_csv_without_query_rank_only_order_only_and_delimiters():
    ds = read_csv(b"\xef\xbb\xbfitem,relevance\nd1,1\nd2,0\n")            # BOM, no query, no score/rank
    assert ds.run.values.tolist() == [["q1", "d1", -1.0, 1], ["q1", "d2", -2.0, 2]]
    ds = read_csv(b"user;item_id;position\nu1;i1;2\nu1;i2;1\n")         # semicolons, rank only
    assert ds.run["score"].tolist() == [-2.0, -1.0] and ds.qrels.empty
    ds = read_csv(b"query\titem\tscore\nq\ta\t1\nq\tb\t1\n")             # tabs; ties -> item desc
    assert ds.run["rank"].tolist() == [2, 1]
    ds = read_csv(b'query,item,score,rel\nq,"a,b",1,1\n')               # quoted cell
    assert ds.run["item"].tolist() == ["a,b"]


@pytest.mark.parametrize("text, message", [
    (b"", "data.csv: empty file: expected a CSV header row and data rows"),
    (b"query,item,score\n", "data.csv: no data rows after the header"),
    (b"query,document_name,score\nq1,d1,1\n",
     "data.csv line 1: missing column 'item' (or one of docid, doc_id, doc, item_id, docno, document, corpus_id); "
     "found columns: 'query', 'document_name', 'score'"),
    (b"query,item\nq1,d1\n",
     "data.csv line 1: missing column: need at least one of score, rank or relevance "
     "(or an alias such as rel, grade, sim, position); found columns: 'query', 'item'"),
    (b"query,item,rel,grade\nq1,d1,1,1\n", "data.csv line 1: two columns mean relevance: 'rel' and 'grade'"),
    (b"query,item,score\nq1,d1,1\nq1,d2\n", "data.csv line 3: expected 3 cells (query, item, score), got 2"),
    (b"query,item,score\nq1,d1,x\n", "data.csv line 2: score must be a number, got 'x'"),
    (b"query,item,score\nq1,d1,nan\n", "data.csv line 2: score is NaN ('nan'); expected a finite number"),
    (b"query,item,rel\nq1,d1,?\n", "data.csv line 2: relevance must be a number, got '?'"),
    (b"query,item,rank\nq1,d1,1.5\n", "data.csv line 2: rank must be an integer, got '1.5'"),
    (b"query,item,score\nq1,d1,1\nq2,d1,1\n\nq1,d1,2\n",
     "data.csv line 5: item 'd1' listed twice for query 'q1' (lines 2 and 5)"),
    (b"query,item,score\nq1,,1\n", "data.csv line 2: empty item cell"),
    (b"query,item,score\nq1,d1,1\nq1,d\xff,1\n",
     "data.csv line 3: invalid UTF-8 (byte 0xff at column 5); save the file as UTF-8"),
])
def test_csv_errors(text, message):
    assert error(read_csv, text, name="data.csv") == message


def test_csv_round_trip():
    frame = pd.DataFrame({"query": ["q1", "q1", "q2"], "item": ["a", "b", "a"],
                          "score": [0.75, 0.25, 1.0], "relevance": [1.0, np.nan, 3.0]})
    ds = read_csv(frame.to_csv(index=False).encode())
    assert ds.run[["query", "item", "score"]].values.tolist() == frame[["query", "item", "score"]].values.tolist()
    assert ds.qrels.values.tolist() == [["q1", "a", 1.0], ["q2", "a", 3.0]]


# ---------------------------------------------------------------------------------------------
# JSON

def test_json_shapes():
    ds = read_json(b'{"q1": ["a", "b"], "q2": ["c"]}', name="run.json")
    assert ds.run.values.tolist() == [["q1", "a", 2.0, 1], ["q1", "b", 1.0, 2], ["q2", "c", 1.0, 1]]
    assert ds.qrels.empty and ds.source == "run.json"
    ds = read_json(b'{"q1": {"a": 1, "b": 0}}')
    assert ds.run is None and ds.qrels.values.tolist() == [["q1", "a", 1.0], ["q1", "b", 0.0]]
    ds = read_json(b'["x", "y"]')
    assert ds.run["query"].tolist() == ["q1", "q1"] and ds.run["item"].tolist() == ["x", "y"]
    ds = read_json(b'{"run": {"q1": {"a": 0.5, "b": 0.9}}, "qrels": {"q1": {"a": 1}}}')
    assert ds.run[["item", "score", "rank"]].values.tolist() == [["a", 0.5, 2], ["b", 0.9, 1]]
    assert ds.qrels.values.tolist() == [["q1", "a", 1.0]]


@pytest.mark.parametrize("text, message", [
    (b"  ", "x.json: empty file: expected JSON"),
    (b'{\n  "q1": ["a",\n}', "x.json line 3: malformed JSON: Expecting value (column 1)"),
    (b'{\n  "q1": {\n    "a": 1,\n    "b": "high"\n  }\n}',
     "x.json line 4: grade of item 'b' in query 'q1' must be a number, got 'high'"),
    (b'{\n  "q1": ["a",\n   "b",\n   "a"]\n}', "x.json line 4: item 'a' listed twice for query 'q1'"),
    (b'{\n  "q1": {"a": 1,\n "a": 2}\n}', "x.json line 3: key 'a' appears twice in one object"),
    (b'{"q1": ["a"], "q2": {"a": 1}}', "x.json line 1: expected {query: [items in ranked order]} (a run) "
                                       "or {query: {item: grade}} (qrels), not a mix"),
    (b'{"q1": {"a": NaN}}', "x.json line 1: grade of item 'a' in query 'q1' is not finite"),
    (b"\xff", "x.json line 1: invalid UTF-8 (byte 0xff at column 1); save the file as UTF-8"),
])
def test_json_errors(text, message):
    assert error(read_json, text, name="x.json") == message


# ---------------------------------------------------------------------------------------------
# pasted text

def test_pasted_item_grade_lines():
    ds = parse_pasted("a 3\nb,2\nc\t0\n\n# comment\nd\n")
    assert ds.run.values.tolist() == [["q1", "a", 4.0, 1], ["q1", "b", 3.0, 2], ["q1", "c", 2.0, 3],
                                      ["q1", "d", 1.0, 4]]
    assert ds.qrels.values.tolist() == [["q1", "a", 3.0], ["q1", "b", 2.0], ["q1", "c", 0.0]]
    assert ds.source == "pasted text"


def test_pasted_grades_only():
    assert parse_pasted("3 2 3 0 1").qrels["item"].tolist() == ["d1", "d2", "d3", "d4", "d5"]
    assert parse_pasted("3, 2, 0.5").qrels["rel"].tolist() == [3.0, 2.0, 0.5]
    assert parse_pasted("3\n2\n1\n").run["item"].tolist() == ["d1", "d2", "d3"]


@pytest.mark.parametrize("text, message", [
    ("", "pasted text: nothing to read: type one item per line ('item grade') or a line of grades"),
    ("a 3\nb 1\na 2", "pasted text line 3: item 'a' listed twice (lines 1 and 3)"),
    ("a 3 4\n", "pasted text line 1: expected 'item grade', got 3 fields"),
    ("a 1\nb high\n", "pasted text line 2: grade must be a number, got 'high'"),
    ("3 nan 1", "pasted text line 1: grade is NaN ('nan'); expected a finite number"),
])
def test_pasted_errors(text, message):
    assert error(parse_pasted, text) == message


# ---------------------------------------------------------------------------------------------
# sniffing

@pytest.mark.parametrize("name, data, kind", [
    ("x.json", b'["a"]', "run"),
    ("upload", b'{"q": {"a": 1}}', "qrels"),
    ("x.csv", b"item,rel\na,1\n", "both"),
    ("upload", b"item,rel\na,1\n", "both"),
    ("upload.tsv", b"item\trel\na\t1\n", "both"),
    ("upload", b"item\trel\na\t1\n", "both"),
    ("qrels.txt", b"q 0 a 1\n", "qrels"),
    ("run.txt", b"q Q0 a 1 1 t\n", "run"),
    ("notes.txt", b"a 1\nb 0\n", "both"),
    ("grades.txt", b"3 2 1 0\n", "both"),
])
def test_load_sniffs_the_format(name, data, kind):
    ds = load(name, data)
    assert isinstance(ds, Dataset) and ds.source == name
    assert (ds.run is not None) == (kind in ("run", "both"))
    assert (not ds.qrels.empty) == (kind in ("qrels", "both"))


def test_load_errors():
    assert error(load, "x.txt", b"a b c\n") == (
        "x.txt line 1: cannot tell the format: the first line has 3 fields (TREC qrels have 4, "
        "TREC runs 6; CSV needs a header row; JSON starts with { or [)")
    assert error(load, "x.txt", b"") == "x.txt: empty file"
    assert error(load, "run.txt", b"q Q0 a 1 1 t\nq Q0 a 2 1 t\n") == \
        "run.txt line 2: document 'a' listed twice for query 'q' (lines 1 and 2)"
    assert error(load, "x.json", b"[1, 2", max_bytes=3) == \
        "x.json: file is too large: 5 bytes, over the limit of 3 bytes (MAX_BYTES; pass max_bytes= to change it)"
    assert error(load, "x.csv", b"a,b\n1,2\n").startswith("x.csv line 1: missing column 'item'")


def test_dataset_is_frozen():
    ds = parse_pasted("1 0")
    with pytest.raises(AttributeError):
        ds.source = "other"  # type: ignore[misc]


def test_fixture_files_in_tests_data():
    ds = load("sample_run.txt", (DATA / "sample_run.txt").read_bytes())
    assert ds.run["query"].unique().tolist() == ["101", "102"]
    qrels = read_qrels(DATA / "sample_qrels.txt")
    assert re.fullmatch(r"\d+", qrels["query"][0])


# ---------------------------------------------------------------------------------------------
# what trec_eval accepts in a run: fields after the sixth, any token as the rank

TREC_EVAL_9 = Path(__file__).resolve().parents[4] / "shared" / "conformance" / "trec_eval_9"


def both_paths(reader, data: bytes, name: str = "run.txt"):
    """``reader`` on ``data`` line by line and through pyarrow (SMALL_INPUT 0): both results."""
    saved = trec.SMALL_INPUT
    try:
        results = []
        for small in (saved, 0):
            trec.SMALL_INPUT = small
            results.append(reader(data, name))
        return results
    finally:
        trec.SMALL_INPUT = saved


def test_run_fields_after_the_sixth_are_ignored_as_trec_eval_does():
    data = b"q1 Q0 d1 1 2.0 t more junk at\nq1\tQ0\td2\t2\t 1.5\tt end of lines.\nq1 Q0 d3 3 1.0 t\n"
    for frame in both_paths(read_run, data):
        assert frame.values.tolist() == [["q1", "d1", 2.0, 1], ["q1", "d2", 1.5, 2], ["q1", "d3", 1.0, 3]]
    assert error(read_run, b"q1 Q0 d1 1 2.0\n", name="run.txt") == \
        "run.txt line 1: expected 6 fields (qid Q0 docid rank score tag), got 5"
    assert error(read_qrels, b"q1 0 d1 1 extra\n", name="qrels.txt") == \
        "qrels.txt line 1: expected 4 fields (qid iter docid rel), got 5"  # trec_eval refuses these too


@pytest.mark.parametrize("rank", [b"1.5", b"first", b"0x10", b"1e3", b"99999999999999999999",
                                  b"-99999999999999999999", b"9" * 5000])
def test_a_rank_that_is_not_an_int64_reads_as_0_as_trec_eval_ignores_it(rank):
    data = b"q1 Q0 d1 1 2.0 t\nq1 Q0 d2 " + rank + b" 1.0 t\n"
    for run in both_paths(read_run_columns, data):
        assert run.rank.tolist() == [1, 0] and run.value.tolist() == [2.0, 1.0]


def test_a_rank_beyond_int64_on_the_command_line_prints_no_traceback(tmp_path):
    (tmp_path / "qrels.txt").write_bytes(b"q1 0 d2 1\n")
    (tmp_path / "run.txt").write_bytes(b"q1 Q0 d1 1 2.0 t\nq1 Q0 d2 99999999999999999999 1.0 t x\n")
    done = subprocess.run([sys.executable, "-m", "metrics", "evaluate", "-m", "RR", "qrels.txt", "run.txt"],
                          capture_output=True, text=True, cwd=tmp_path,
                          env={"PYTHONPATH": str(Path(__file__).resolve().parents[3]), "PATH": ""})
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.split() == ["RR", "all", "0.5000"]


def test_a_duplicate_in_a_file_is_named_by_its_lines_after_the_bytes_are_freed(tmp_path):
    from metrics.batch.evaluation import evaluate

    lines = [b"q%d Q0 d%d %d 1.0 t\n" % (i // 10, i % 10, i % 10) for i in range(30_000)]
    path = tmp_path / "run.txt"
    path.write_bytes(b"".join(lines[:20_000] + [b"\n", lines[5]] + lines[20_000:]))
    columns = read_run_columns(path, check_duplicates=False)
    assert columns.raw == path  # the path, not the 700 kB of bytes
    with pytest.raises(MetricsInputError) as caught:
        evaluate(b"q0 0 d1 1\n", path, ["AP"])
    assert str(caught.value) == "run.txt line 20002: document 'd5' listed twice for query 'q0' (lines 6 and 20002)"


@pytest.mark.skipif(not (TREC_EVAL_9 / "results.trunc").exists(), reason="shared/conformance absent")
def test_trec_eval_test_run_with_extra_fields_reads_and_scores_like_trec_eval():
    from metrics.batch.evaluation import evaluate

    data = (TREC_EVAL_9 / "results.trunc").read_bytes()
    first_six = [line.split()[:6] for line in data.decode().splitlines() if line.strip()]
    assert any(len(line.split()) > 6 for line in data.decode().splitlines())
    for frame in both_paths(read_run, data, "results.trunc"):
        assert frame.values.tolist() == [[q, d, float(s), int(r)] for q, _, d, r, s, _ in first_six]
    expected = {}
    for line in (TREC_EVAL_9 / "out.test.aqc").read_text().splitlines():
        name, query, value = (part.strip() for part in line.split("\t"))
        if name in ("map", "P_10", "recip_rank", "ndcg", "Rprec") and query == "all":
            expected[name] = float(value)
    result = evaluate(TREC_EVAL_9 / "qrels.test", TREC_EVAL_9 / "results.trunc", list(expected),
                      count_missing=True)
    assert len(expected) == 5
    assert all(abs(value - expected[name]) <= 5e-5 for name, value in zip(expected, result.aggregate.values()))


def test_an_empty_rank_field_is_refused_on_both_paths(monkeypatch):
    data = b"q1 Q0 d1 1 2.0 t\nq1 Q0 d2  1.0 t\n"  # two spaces: five fields, not an empty rank
    for small in (trec.SMALL_INPUT, 0):
        monkeypatch.setattr(trec, "SMALL_INPUT", small)
        assert error(read_run, data, name="run.txt") == \
            "run.txt line 2: expected 6 fields (qid Q0 docid rank score tag), got 5"
    assert trec._parse_trec_fast(data, "run.txt", "run") is None


def test_a_large_run_with_fields_after_the_sixth_is_read_without_the_line_by_line_parse(monkeypatch):
    lines = [b"q%d Q0 d%d %d %d.5 tag%s\n" % (i // 100, i % 100, i % 100, 100 - i % 100, b" x" * (i % 3))
             for i in range(30_000)]
    data = b"".join(lines)
    monkeypatch.setattr(trec, "_CUT_BLOCK", 1000)  # many blocks
    fast = trec._parse_trec_fast(data, "run.txt", "run")
    slow = trec.parse_trec_slow(data, "run", "run.txt")
    assert fast is not None and fast.item.to_list() == slow.item.to_list()
    assert fast.value.tolist() == slow.value.tolist() and fast.rank.tolist() == slow.rank.tolist()
    assert trec._drop_extra_fields(b"a b c d e f g h\n\na b c d e f\na b c d e f g", 6) == \
        b"a b c d e f\n\na b c d e f\na b c d e f"
    assert trec._drop_extra_fields(b"a b c d e f\n", 6) is None
