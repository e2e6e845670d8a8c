"""Tests for metrics.measures.beyond: catalog coverage, intra-list similarity and diversity."""

from __future__ import annotations

import ast
import itertools
import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from metrics.errors import MetricsInputError
from metrics.measures.beyond import (
    catalog_coverage,
    coverage_steps,
    intra_list_diversity,
    intra_list_similarity,
    similarity_steps,
)

REPO = Path(__file__).resolve().parents[3]

# ----------------------------------------------------------------------------- coverage

RECS = {"u1": ["a", "b", "c"], "u2": ["b", "d", "e"], "u3": ["b", "a", "f"]}
CATALOG = [f"{letter}" for letter in "abcdefghij"]  # 10 items


def test_coverage_hand_worked():
    # whole lists: a b c d e f -> 6 of 10
    assert catalog_coverage(RECS, CATALOG) == 0.6
    # top 2: a b | b d | b a -> a b d -> 3 of 10
    assert catalog_coverage(RECS, CATALOG, k=2) == 0.3
    # top 1: a, b -> 2 of 10
    assert catalog_coverage(RECS, CATALOG, k=1) == 0.2
    # k past the end of every list = whole lists
    assert catalog_coverage(RECS, CATALOG, k=50) == 0.6
    assert catalog_coverage({}, CATALOG) == 0.0


def test_coverage_steps_hand_worked():
    table = coverage_steps(RECS, CATALOG, k=2)
    assert list(table.columns) == ["item", "times_recommended", "covered"]
    assert table["item"].tolist() == ["b", "a", "d", "c", "e", "f", "g", "h", "i", "j"]
    assert table["times_recommended"].tolist() == [3, 2, 1, 0, 0, 0, 0, 0, 0, 0]
    assert table["covered"].tolist() == [True, True, True] + [False] * 7
    assert table["covered"].mean() == catalog_coverage(RECS, CATALOG, k=2)
    assert table["times_recommended"].sum() == sum(min(2, len(v)) for v in RECS.values())


def test_coverage_accepts_other_iterables():
    assert catalog_coverage(RECS, pd.Series(CATALOG)) == 0.6
    assert catalog_coverage(RECS, (c for c in CATALOG)) == 0.6
    assert catalog_coverage({1: [10, 11], 2: [11]}, range(10, 14)) == 0.5


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 30).flatmap(lambda n: st.tuples(
    st.just(n),
    st.dictionaries(st.integers(0, 9), st.lists(st.integers(0, n - 1), unique=True, max_size=n), max_size=8),
    st.one_of(st.none(), st.integers(1, 12)))))
def test_coverage_properties(data):
    n, recs, k = data
    catalog = list(range(n))
    value = catalog_coverage(recs, catalog, k=k)
    assert 0.0 <= value <= 1.0
    shown = {item for items in recs.values() for item in (items if k is None else items[:k])}
    assert value == len(shown) / n
    # a longer cut-off never covers less
    if k is not None:
        assert catalog_coverage(recs, catalog, k=k + 1) >= value
    assert coverage_steps(recs, catalog, k=k)["covered"].mean() == pytest.approx(value)


def test_coverage_errors():
    with pytest.raises(MetricsInputError, match=r"not in the catalog: \['z'\]"):
        catalog_coverage({"u1": ["a", "z"]}, CATALOG)
    with pytest.raises(MetricsInputError, match="catalog is empty"):
        catalog_coverage(RECS, [])
    with pytest.raises(MetricsInputError, match="catalog lists item 'a' twice"):
        catalog_coverage(RECS, ["a", "b", "a"])
    with pytest.raises(MetricsInputError, match=r"recommendations\['u1'\] lists item 'a' twice"):
        catalog_coverage({"u1": ["a", "b", "a"]}, CATALOG)
    with pytest.raises(MetricsInputError, match="k must be a positive integer.*got 0"):
        catalog_coverage(RECS, CATALOG, k=0)
    with pytest.raises(MetricsInputError, match="k must be a positive integer.*got 2.5"):
        catalog_coverage(RECS, CATALOG, k=2.5)
    with pytest.raises(MetricsInputError, match="must be a dict"):
        catalog_coverage([["a", "b"]], CATALOG)
    with pytest.raises(MetricsInputError, match="must be a list of item ids, got 'abc'"):
        catalog_coverage({"u1": "abc"}, CATALOG)
    with pytest.raises(MetricsInputError, match="catalog must be a list of item ids"):
        catalog_coverage(RECS, "abcdefghij")
    # items outside the top k are not checked against the catalog
    assert catalog_coverage({"u1": ["a", "z"]}, CATALOG, k=1) == 0.1


# ----------------------------------------------------------------------------- intra-list similarity

# genres: action, comedy, drama
GENRES = {
    "m1": [1, 0, 0],
    "m2": [1, 1, 0],
    "m3": [0, 1, 0],
    "m4": [0, 0, 1],
    "m5": [1, 1, 0],  # same genres as m2
}


def test_ils_cosine_hand_worked():
    # cos(m1, m2) = 1/sqrt(2); cos(m1, m3) = 0; cos(m2, m3) = 1/sqrt(2)
    expected = (2 / math.sqrt(2)) / 3
    assert intra_list_similarity(["m1", "m2", "m3"], GENRES) == pytest.approx(expected)
    assert intra_list_diversity(["m1", "m2", "m3"], GENRES) == pytest.approx(1 - expected)


def test_ils_jaccard_hand_worked():
    # J(m1, m2) = 1/2, J(m1, m3) = 0, J(m2, m3) = 1/2, J(m1, m4) = J(m2, m4) = J(m3, m4) = 0
    # 6 pairs, sum 1 -> 1/6
    assert intra_list_similarity(["m1", "m2", "m3", "m4"], GENRES, metric="jaccard") == pytest.approx(1 / 6)
    steps = similarity_steps(["m1", "m2", "m3", "m4"], GENRES, metric="jaccard")
    assert list(steps.columns) == ["rank_i", "item_i", "rank_j", "item_j", "similarity"]
    assert list(zip(steps["item_i"], steps["item_j"])) == [
        ("m1", "m2"), ("m1", "m3"), ("m1", "m4"), ("m2", "m3"), ("m2", "m4"), ("m3", "m4")]
    assert steps["similarity"].tolist() == [0.5, 0.0, 0.0, 0.5, 0.0, 0.0]
    assert steps["rank_i"].tolist() == [1, 1, 1, 2, 2, 3]
    assert steps["rank_j"].tolist() == [2, 3, 4, 3, 4, 4]


def test_ils_with_similarity_matrix():
    items = ["x", "y", "z"]
    matrix = pd.DataFrame([[1.0, 0.2, 0.5], [0.2, 1.0, 0.8], [0.5, 0.8, 1.0]], index=items, columns=items)
    assert intra_list_similarity(["x", "y", "z"], similarity=matrix) == pytest.approx(0.5)
    assert intra_list_similarity(["z", "x"], similarity=matrix) == 0.5
    assert intra_list_diversity(["x", "y"], similarity=matrix) == pytest.approx(0.8)
    steps = similarity_steps(["y", "z", "x"], similarity=matrix)
    assert steps[["item_i", "item_j"]].values.tolist() == [["y", "z"], ["y", "x"], ["z", "x"]]
    assert steps["similarity"].tolist() == [0.8, 0.2, 0.5]


def test_ils_features_as_dataframe():
    frame = pd.DataFrame.from_dict(GENRES, orient="index", columns=["action", "comedy", "drama"])
    expected = intra_list_similarity(["m1", "m2", "m3"], GENRES)
    assert intra_list_similarity(["m1", "m2", "m3"], frame) == expected
    with_column = frame.rename_axis("item").reset_index()  # as read from item_features.csv
    assert intra_list_similarity(["m1", "m2", "m3"], with_column) == expected
    boolean = frame.astype(bool)
    assert intra_list_similarity(["m1", "m2", "m3"], boolean, metric="jaccard") == pytest.approx(1 / 3)


def test_identical_items_have_similarity_one():
    assert intra_list_similarity(["m2", "m5"], GENRES) == 1.0
    assert intra_list_similarity(["m2", "m5"], GENRES, metric="jaccard") == 1.0
    assert intra_list_diversity(["m2", "m5"], GENRES) == 0.0
    # scaled vectors point the same way
    assert intra_list_similarity(["p", "q"], {"p": [1, 2, 3], "q": [2, 4, 6]}) == pytest.approx(1.0)


def test_order_does_not_matter():
    a = intra_list_similarity(["m1", "m2", "m3", "m4"], GENRES)
    b = intra_list_similarity(["m4", "m3", "m1", "m2"], GENRES)
    assert a == pytest.approx(b)


def test_ziegler_sum_is_the_mean_times_the_pair_count():
    items = ["m1", "m2", "m3", "m4", "m5"]
    n = len(items)
    ordered = sum(intra_list_similarity([a, b], GENRES) for a, b in itertools.permutations(items, 2))
    ziegler = ordered / 2  # Ziegler et al. 2005: sum over ordered pairs, halved
    assert intra_list_similarity(items, GENRES) * n * (n - 1) / 2 == pytest.approx(ziegler)


nonnegative_vectors = st.lists(st.integers(0, 3), min_size=3, max_size=3).filter(any)
binary_vectors = st.lists(st.integers(0, 1), min_size=4, max_size=4).filter(any)


@pytest.mark.slow  # many random cases: the full run's tier
@settings(max_examples=300, deadline=None)
@given(st.lists(nonnegative_vectors, min_size=2, max_size=8), st.sampled_from(["cosine", "jaccard"]))
def test_diversity_in_unit_interval_for_nonnegative_features(vectors, metric):
    if metric == "jaccard":
        vectors = [[int(v > 0) for v in vector] for vector in vectors]
    features = {f"i{n}": vector for n, vector in enumerate(vectors)}
    items = list(features)
    ils = intra_list_similarity(items, features, metric=metric)
    ild = intra_list_diversity(items, features, metric=metric)
    assert 0.0 <= ils <= 1.0 and 0.0 <= ild <= 1.0
    assert ils + ild == pytest.approx(1.0)
    steps = similarity_steps(items, features, metric=metric)
    assert len(steps) == len(items) * (len(items) - 1) // 2
    assert steps["similarity"].mean() == pytest.approx(ils)
    # against a direct numpy computation
    matrix = np.array(vectors, dtype=float)
    if metric == "cosine":
        unit = matrix / np.linalg.norm(matrix, axis=1, keepdims=True)
        full = unit @ unit.T
    else:
        b = matrix.astype(bool)
        full = (b[:, None, :] & b[None, :, :]).sum(-1) / (b[:, None, :] | b[None, :, :]).sum(-1)
    upper = full[np.triu_indices(len(items), k=1)]
    assert ils == pytest.approx(upper.mean())


@settings(max_examples=100, deadline=None)
@given(binary_vectors, st.integers(2, 6))
def test_copies_of_one_item_have_similarity_one(vector, n):
    features = {f"copy{i}": list(vector) for i in range(n)}
    for metric in ("cosine", "jaccard"):
        assert intra_list_similarity(list(features), features, metric=metric) == 1.0


def test_signed_features_may_give_negative_cosine():
    assert intra_list_similarity(["p", "q"], {"p": [1, 0], "q": [-1, 0]}) == -1.0
    assert intra_list_diversity(["p", "q"], {"p": [1, 0], "q": [-1, 0]}) == 2.0


def test_ils_errors():
    with pytest.raises(MetricsInputError, match=r"item \['zz'\] has no features"):
        intra_list_similarity(["m1", "zz"], GENRES)
    frame = pd.DataFrame.from_dict(GENRES, orient="index")
    with pytest.raises(MetricsInputError, match=r"\['zz'\] has no features"):
        intra_list_similarity(["m1", "zz"], frame)
    with pytest.raises(MetricsInputError, match=r"at least 2 items.*got 1: \['m1'\]"):
        intra_list_similarity(["m1"], GENRES)
    with pytest.raises(MetricsInputError, match="at least 2 items.*got 0"):
        intra_list_similarity([], GENRES)
    with pytest.raises(MetricsInputError, match="item 'z0' has an all-zero feature vector"):
        intra_list_similarity(["m1", "z0"], {**GENRES, "z0": [0, 0, 0]})
    # Jaccard: one empty set is fine (similarity 0), two are 0/0
    assert intra_list_similarity(["m1", "z0"], {**GENRES, "z0": [0, 0, 0]}, metric="jaccard") == 0.0
    with pytest.raises(MetricsInputError, match="'z0' and 'z1' both have no features"):
        intra_list_similarity(["z0", "z1"], {"z0": [0, 0], "z1": [0, 0]}, metric="jaccard")
    with pytest.raises(MetricsInputError, match="Jaccard needs 0/1 features; item 'p' has"):
        intra_list_similarity(["p", "q"], {"p": [2, 0], "q": [1, 1]}, metric="jaccard")
    with pytest.raises(MetricsInputError, match="lists item 'm1' twice"):
        intra_list_similarity(["m1", "m2", "m1"], GENRES)
    with pytest.raises(MetricsInputError, match="metric must be one of 'cosine', 'jaccard', got 'euclid'"):
        intra_list_similarity(["m1", "m2"], GENRES, metric="euclid")
    with pytest.raises(MetricsInputError, match="exactly one of features"):
        intra_list_similarity(["m1", "m2"])
    with pytest.raises(MetricsInputError, match="exactly one of features"):
        intra_list_similarity(["m1", "m2"], GENRES, similarity=pd.DataFrame())
    with pytest.raises(MetricsInputError, match="differ in length"):
        intra_list_similarity(["p", "q"], {"p": [1, 0], "q": [1, 0, 1]})
    with pytest.raises(MetricsInputError, match="must be finite"):
        intra_list_similarity(["p", "q"], {"p": [1, float("nan")], "q": [1, 0]})
    with pytest.raises(MetricsInputError, match="features of 'p' must be numbers, got 'ab'"):
        intra_list_similarity(["p", "q"], {"p": "ab", "q": [1, 0]})
    with pytest.raises(MetricsInputError, match=r"feature column \['title'\] is not numeric"):
        intra_list_similarity(["m1", "m2"], pd.DataFrame({"item": ["m1", "m2"], "title": ["A", "B"]}))
    with pytest.raises(MetricsInputError, match="must be a list of item ids, got 'm1m2'"):
        intra_list_similarity("m1m2", GENRES)


def test_similarity_matrix_errors():
    items = ["x", "y"]
    asymmetric = pd.DataFrame([[1.0, 0.2], [0.3, 1.0]], index=items, columns=items)
    with pytest.raises(MetricsInputError, match=r"not symmetric: \['x'\]\['y'\] = 0.2 but \['y'\]\['x'\] = 0.3"):
        intra_list_similarity(items, similarity=asymmetric)
    symmetric = pd.DataFrame([[1.0, 0.2], [0.2, 1.0]], index=items, columns=items)
    with pytest.raises(MetricsInputError, match=r"\['w'\] is missing from the similarity matrix"):
        intra_list_similarity(["x", "w"], similarity=symmetric)
    with pytest.raises(MetricsInputError, match="similarity must be a DataFrame"):
        intra_list_similarity(items, similarity=[[1, 0.2], [0.2, 1]])
    with_nan = pd.DataFrame([[1.0, np.nan], [np.nan, 1.0]], index=items, columns=items)
    with pytest.raises(MetricsInputError, match="must be a finite number, got nan"):
        intra_list_similarity(items, similarity=with_nan)


def test_recsys_sample_data():
    """The sample recommender data works end to end with these functions."""
    folder = REPO / "sample_data" / "recsys"
    recs = pd.read_csv(folder / "recommendations.csv")
    catalog = pd.read_csv(folder / "catalog.csv")["item"]
    features = pd.read_csv(folder / "item_features.csv")
    lists = recs.sort_values(["user", "rank"]).groupby("user")["item"].apply(list).to_dict()
    coverage = catalog_coverage(lists, catalog, k=10)
    assert 0.0 < coverage < 1.0
    assert catalog_coverage(lists, catalog, k=3) <= coverage
    for items in lists.values():
        for metric in ("cosine", "jaccard"):
            assert 0.0 <= intra_list_diversity(items, features, metric=metric) <= 1.0


def test_module_imports_only_numpy_and_pandas():
    tree = ast.parse((REPO / "metrics" / "measures" / "beyond.py").read_text())
    modules = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
               for alias in node.names}
    modules |= {node.module.split(".")[0] for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and node.module and node.level == 0}
    assert modules <= {"__future__", "collections", "functools", "math", "numbers", "numpy", "pandas"}


# ----------------------------------------------------------------------------- worked formulas


def _sample():
    recs = (pd.read_csv(REPO / "sample_data/recsys/recommendations.csv").sort_values("rank")
            .groupby("user")["item"].apply(list).to_dict())
    features = pd.read_csv(REPO / "sample_data/recsys/item_features.csv")
    catalog = pd.read_csv(REPO / "sample_data/recsys/catalog.csv")["item"].tolist()
    return recs, features, catalog


def test_coverage_explanation():
    from metrics.measures.beyond import coverage_explanation

    e = coverage_explanation(RECS, CATALOG, k=2)
    assert e.value == catalog_coverage(RECS, CATALOG, k=2) == 0.3
    assert e.table["coverage"].iloc[-1] == e.value
    assert e.details["covered"] == 3 and e.details["catalog_size"] == 10
    assert e.details["never"] == ["c", "e", "f", "g", "h", "i", "j"]
    assert e.worked_text == "Coverage@2 = |{a, b, d}| / |I| = 3 / 10 = 0.3"
    recs, _, catalog = _sample()
    for k in (1, 3, 5, 10, None):
        assert coverage_explanation(recs, catalog, k=k).value == catalog_coverage(recs, catalog, k=k)
    assert coverage_explanation(recs, catalog, k=10).details["covered"] == 33


def test_similarity_explanation_walks_the_list_one_item_at_a_time():
    """The first i(i-1)/2 pairs are those of the top i items: a walk one item at a time (the Beyond page) shows the
    pairs of the items it has reached, and their sum is the top i's."""
    from metrics.measures.beyond import similarity_explanation

    items = ["m1", "m2", "m3", "m4"]
    e = similarity_explanation(items, GENRES, metric="jaccard")
    assert list(zip(e.table["item_i"], e.table["item_j"])) == [
        ("m1", "m2"), ("m1", "m3"), ("m2", "m3"), ("m1", "m4"), ("m2", "m4"), ("m3", "m4")]
    for top in range(2, 5):
        pairs = top * (top - 1) // 2
        assert set(e.table["rank_j"].iloc[:pairs]) <= set(range(1, top + 1))
        assert e.running_at(pairs)["ILS"] * 6 == pytest.approx(
            intra_list_similarity(items[:top], GENRES, metric="jaccard") * pairs)
    assert e.value == pytest.approx(1 / 6)


def test_similarity_explanation():
    from metrics.measures.beyond import similarity_explanation

    e = similarity_explanation(["m1", "m2", "m3"], GENRES)
    assert e.value == intra_list_similarity(["m1", "m2", "m3"], GENRES)
    assert e.details["pairs"] == 3 and e.details["n"] == 3
    assert e.details["diversity"] == intra_list_diversity(["m1", "m2", "m3"], GENRES)
    assert list(e.table.columns) == ["rank_i", "item_i", "rank_j", "item_j", "similarity", "running_sum", "ILS"]
    assert e.table["similarity"].mean() == pytest.approx(e.value)
    recs, features, _ = _sample()
    assert similarity_explanation(recs["u09"], features).value == pytest.approx(0.4806, abs=5e-5)
    assert r"\cdots" in similarity_explanation(recs["u09"], features).worked


def test_diversity_steps_sample():
    from metrics.measures.beyond import diversity_steps

    recs, features, _ = _sample()
    for metric, ils in (("cosine", 0.3515), ("jaccard", 0.2713)):
        e = diversity_steps(recs, features, metric=metric, k=10)
        assert e.value == pytest.approx(1 - ils, abs=5e-5)
        assert e.details["mean_ILS"] == pytest.approx(ils, abs=5e-5)
        for user, value in zip(e.table["user"], e.table["diversity"]):
            assert value == intra_list_diversity(recs[user][:10], features, metric=metric)
        assert e.value == pytest.approx(e.table["diversity"].mean())
    with pytest.raises(MetricsInputError, match="at least 2 items"):
        diversity_steps(recs, features, k=1)
    with pytest.raises(MetricsInputError, match="empty"):
        diversity_steps({}, features)
