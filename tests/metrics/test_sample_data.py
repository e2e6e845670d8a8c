"""Every file in sample_data/ parses with plain pandas/json, and article_examples.json is complete."""

from __future__ import annotations

import json
from fractions import Fraction
from numbers import Real
from pathlib import Path

import pandas as pd
import pytest

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "sample_data"
SEEDS = Path("/work/shared/seeds")
RANKED_HEADER = ["query", "item", "rank", "relevance"]

ALL_FILES = sorted(p for p in DATA.rglob("*") if p.is_file() and not p.name.startswith("."))


def rel(path: Path) -> str:
    return path.relative_to(DATA).as_posix()


def read_qrels(path: Path) -> pd.DataFrame:
    frame = pd.read_csv(path, sep=r"\s+", header=None, names=["qid", "iter", "docid", "rel"],
                        dtype={"qid": str, "docid": str})
    assert frame.notna().all().all(), f"{rel(path)}: a line does not have 4 fields"
    assert pd.api.types.is_integer_dtype(frame["rel"]), f"{rel(path)}: grades must be integers"
    assert not frame.duplicated(["qid", "docid"]).any(), f"{rel(path)}: a document is judged twice"
    return frame


def read_run(path: Path) -> pd.DataFrame:
    frame = pd.read_csv(path, sep=r"\s+", header=None,
                        names=["qid", "q0", "docid", "rank", "score", "tag"], dtype={"qid": str, "docid": str})
    assert frame.notna().all().all(), f"{rel(path)}: a line does not have 6 fields"
    assert (frame["q0"] == "Q0").all()
    assert pd.api.types.is_integer_dtype(frame["rank"])
    assert pd.api.types.is_float_dtype(frame["score"]) or pd.api.types.is_integer_dtype(frame["score"])
    assert not frame.duplicated(["qid", "docid"]).any(), f"{rel(path)}: a document is ranked twice"
    for qid, group in frame.groupby("qid", sort=False):
        assert group["rank"].tolist() == list(range(1, len(group) + 1)), f"{rel(path)} query {qid}: ranks"
        assert group["score"].is_monotonic_decreasing, f"{rel(path)} query {qid}: scores must not increase"
    return frame


def read_ranked_csv(path: Path) -> pd.DataFrame:
    frame = pd.read_csv(path, dtype={"query": str, "item": str})
    assert list(frame.columns) == RANKED_HEADER, f"{rel(path)}: header {list(frame.columns)}"
    assert pd.api.types.is_numeric_dtype(frame["relevance"]), f"{rel(path)}: relevance must be numbers"
    assert frame[["query", "item", "rank"]].notna().all().all()
    assert not frame.duplicated(["query", "item"]).any()
    for query, group in frame.groupby("query", sort=False):
        assert group["rank"].tolist() == list(range(1, len(group) + 1)), f"{rel(path)} query {query}: ranks"
    return frame


def read_any(path: Path):
    name = path.name
    if name == "README.md":
        return path.read_text(encoding="utf-8")
    if name.endswith(".json"):
        return json.loads(path.read_text(encoding="utf-8"))
    if name.endswith(".run.txt") or name.startswith("run_") and name.endswith(".txt"):
        return read_run(path)
    if name.endswith("qrels.txt"):
        return read_qrels(path)
    if name.endswith(".csv"):
        if path.parent.name == "recsys":
            return pd.read_csv(path)
        return read_ranked_csv(path)
    raise AssertionError(f"{rel(path)}: no reader for this kind of file; add one to tests/metrics/test_sample_data.py")


def test_there_are_sample_files():
    names = {rel(p) for p in ALL_FILES}
    assert {"README.md", "article_examples.json", "trec/qrels.txt", "trec/run_a.txt", "trec/run_b.txt",
            "recsys/recommendations.csv", "recsys/held_out.csv", "recsys/item_features.csv",
            "recsys/catalog.csv"} <= names


@pytest.mark.parametrize("path", ALL_FILES, ids=rel)
def test_file_parses(path):
    content = read_any(path)
    assert len(content) > 0


@pytest.mark.parametrize("path", ALL_FILES, ids=rel)
def test_file_is_described_in_readme(path):
    if path.name == "README.md":
        return
    assert rel(path) in (DATA / "README.md").read_text(encoding="utf-8"), f"{rel(path)} is not in README.md"


# ----------------------------------------------------------------------------- JSON shapes


@pytest.mark.parametrize("path", sorted(DATA.glob("articles/*.run.json")), ids=rel)
def test_run_json_shape(path):
    run = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(run, dict) and run
    for query, items in run.items():
        assert isinstance(items, list) and items and all(isinstance(i, str) for i in items)
        assert len(set(items)) == len(items)


@pytest.mark.parametrize("path", sorted(DATA.glob("articles/*.qrels.json")), ids=rel)
def test_grades_json_shape(path):
    qrels = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(qrels, dict) and qrels
    for query, grades in qrels.items():
        assert isinstance(grades, dict) and grades
        assert all(isinstance(g, Real) and not isinstance(g, bool) for g in grades.values())
    run_path = path.with_name(path.name.replace(".qrels.json", ".run.json"))
    if run_path.exists():
        assert set(json.loads(run_path.read_text(encoding="utf-8"))) == set(qrels)


# ----------------------------------------------------------------------------- article_examples.json

REQUIRED = {"id", "article", "description_en", "description_zh", "input", "k", "gain", "claimed", "files"}


def examples():
    return json.loads((DATA / "article_examples.json").read_text(encoding="utf-8"))


def test_article_examples_keys():
    data = examples()
    assert isinstance(data, list) and data
    ids = [example["id"] for example in data]
    assert len(ids) == len(set(ids))
    for example in data:
        missing = REQUIRED - set(example)
        assert not missing, f"{example.get('id')}: missing {missing}"
        assert example["id"][:3] == example["article"][:3]
        assert example["article"].endswith(".txt")
        assert example["description_en"].strip() and example["description_zh"].strip()
        assert any("\u4e00" <= ch <= "\u9fff" for ch in example["description_zh"])
        assert isinstance(example["input"], dict) and example["input"]
        k = example["k"]
        assert k is None or (isinstance(k, int) and k > 0) or (
            isinstance(k, list) and all(isinstance(x, int) and x > 0 for x in k))
        assert example["gain"] in (None, "linear", "exponential")
        assert isinstance(example["claimed"], dict)
        for name, value in example["claimed"].items():
            if isinstance(value, str):
                Fraction(value)  # printed as a fraction such as "1/4"
            else:
                assert isinstance(value, Real) and not isinstance(value, bool), (example["id"], name)
        assert isinstance(example.get("claimed_tables", {}), dict)
        assert example["files"], f"{example['id']}: no files"
        for file in example["files"]:
            assert (REPO / file).is_file(), f"{example['id']}: {file} does not exist"
            assert Path(file).name.startswith(example["id"]), f"{example['id']}: {file}"


def test_article_examples_cover_the_articles():
    articles = {example["article"][:3] for example in examples()}
    assert articles == {"000", "001", "003", "004"}  # 002 has no numeric example
    if SEEDS.is_dir():
        names = {p.name for p in SEEDS.glob("*.txt")}
        assert {example["article"] for example in examples()} <= names


def test_article_claims_as_printed():
    by_id = {example["id"]: example for example in examples()}
    assert by_id["000_ndcg_lists"]["claimed"] == {"CG_1": 2.4, "CG_2": 2.4, "DCG_1": 1.52, "DCG_2": 1.44,
                                                  "IDCG": 1.7}
    assert by_id["003_ndcg"]["claimed"] == {"NDCG@5": 0.861, "DCG@5": 38.23, "IDCG@5": 44.41,
                                            "code_output": 0.8607594936708861}
    assert by_id["000_precision_recall"]["claimed"] == {"Recall": "1/4", "Precision": "1/3"}


def test_article_files_match_inputs():
    by_id = {example["id"]: example for example in examples()}
    lists = read_ranked_csv(DATA / "articles" / "000_ndcg_lists.csv")
    grades = by_id["000_ndcg_lists"]["input"]["grades_in_ranked_order"]
    for query, group in lists.groupby("query"):
        assert group["relevance"].tolist() == grades[query]
    ndcg003 = read_ranked_csv(DATA / "articles" / "003_ndcg.csv")
    assert ndcg003["item"].tolist() == ["B", "A", "D", "C", "E"]
    assert ndcg003["relevance"].tolist() == by_id["003_ndcg"]["input"]["grades_in_ranked_order"]
    ndcg004 = read_ranked_csv(DATA / "articles" / "004_ndcg.csv")
    assert ndcg004.groupby("query")["relevance"].apply(list).to_dict() == {
        "rel_a": [3, 2, 3, 1, 2], "rel_b": [0, 1, 0, 0, 1]}
    run = json.loads((DATA / "articles" / "001_hit_ap_mrr.run.json").read_text())
    qrels = json.loads((DATA / "articles" / "001_hit_ap_mrr.qrels.json").read_text())
    assert run == {"u1": ["3", "4", "2", "100", "1000"]}
    assert sorted(qrels["u1"], key=int) == [str(i) for i in range(1, 9)]
    trec_run = read_run(DATA / "articles" / "001_hit_ap_mrr.run.txt")
    assert trec_run["docid"].tolist() == run["u1"]


# ----------------------------------------------------------------------------- trec/


def test_trec_special_cases():
    qrels = read_qrels(DATA / "trec" / "qrels.txt")
    run_a = read_run(DATA / "trec" / "run_a.txt")
    run_b = read_run(DATA / "trec" / "run_b.txt")
    assert qrels["rel"].between(0, 3).all() and set(qrels["rel"]) == {0, 1, 2, 3}
    assert set(run_a["qid"]) == set(run_b["qid"])
    assert 6 <= run_a["qid"].nunique() <= 10
    only_qrels = set(qrels["qid"]) - set(run_a["qid"])
    assert only_qrels == {"108"}
    relevant = qrels[qrels["rel"] > 0].groupby("qid").size()
    assert "104" in set(qrels["qid"]) and "104" not in relevant.index
    for run in (run_a, run_b):
        sizes = run.groupby("qid").size()
        assert sizes.between(10, 20).all()
    judged = set(zip(qrels["qid"], qrels["docid"]))
    assert any((q, d) not in judged for q, d in zip(run_a["qid"], run_a["docid"]))
    assert any((q, d) not in judged for q, d in zip(run_b["qid"], run_b["docid"]))
    tie = run_a[run_a.duplicated(["qid", "score"], keep=False)]
    assert tie[["qid", "docid", "rank"]].values.tolist() == [["102", "doc-102-05", 5], ["102", "doc-102-11", 6]]
    graded = read_ranked_csv(DATA / "trec" / "run_a_graded.csv")
    assert len(graded) == len(run_a) and graded["relevance"].isna().sum() == 1


# ----------------------------------------------------------------------------- recsys/


def test_recsys_consistency():
    folder = DATA / "recsys"
    catalog = pd.read_csv(folder / "catalog.csv")
    features = pd.read_csv(folder / "item_features.csv")
    recs = pd.read_csv(folder / "recommendations.csv")
    held = pd.read_csv(folder / "held_out.csv")
    assert list(catalog.columns[:1]) == ["item"] and catalog["item"].is_unique and 30 <= len(catalog) <= 50
    assert list(recs.columns) == ["user", "item", "rank"]
    assert list(held.columns) == ["user", "item"]
    assert features.columns[0] == "item" and len(features.columns) >= 4
    assert set(features["item"]) == set(catalog["item"])
    genres = features.drop(columns="item")
    assert genres.isin([0, 1]).all().all() and (genres.sum(axis=1) > 0).all()
    assert set(recs["item"]) <= set(catalog["item"]) and set(held["item"]) <= set(catalog["item"])
    assert not recs.duplicated(["user", "item"]).any() and not held.duplicated().any()
    assert 8 <= recs["user"].nunique() <= 12
    for user, group in recs.groupby("user"):
        assert sorted(group["rank"]) == list(range(1, 11)), user
    assert set(held["user"]) == set(recs["user"])
