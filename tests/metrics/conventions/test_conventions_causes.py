"""metrics.conventions: presets equal to the libraries where their result is defined (scikit-learn's AP and nDCG
with ties, pytrec_eval's 32-bit scores), exact ranges where the order of tied items is undefined (checked against
every order), the cause path from trec_eval's number to each library's, and whole runs."""

from __future__ import annotations

import itertools
import math
import random

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from metrics.conventions import (
    MEASURES,
    PRESETS,
    STEP_ORDER,
    TIE_ORDER_REASON,
    Convention,
    Interval,
    cause_path,
    cause_rows,
    compare_runs,
    score_under,
)

sk = pytest.importorskip("sklearn.metrics")
SETTINGS = settings(max_examples=200, deadline=None)


def board(grades, raw_scores, pool=()):
    ranking = [f"d{i:02d}" for i in range(len(grades))]
    scores = [float(s) for s in raw_scores[:len(grades)]]
    judgments = dict(zip(ranking, grades)) | {f"u{i}": g for i, g in enumerate(pool)}
    return ranking, judgments, scores


# ------------------------------------------------------------------------------------------------ scikit-learn


@SETTINGS
@given(st.lists(st.integers(0, 1), min_size=2, max_size=20), st.lists(st.integers(0, 4), min_size=20, max_size=20))
def test_sklearn_ap_is_average_precision_score_with_ties(labels, raw_scores):
    """average_precision_score: one threshold per tie group, AP = sum_n (R_n - R_{n-1}) P_n."""
    if not any(labels):
        return
    ranking, judgments, scores = board(labels, raw_scores)
    got = score_under(PRESETS["sklearn"], ranking, judgments, 3, scores)["AP"]
    assert got == pytest.approx(sk.average_precision_score(labels, scores), abs=1e-12)


@SETTINGS
@given(st.lists(st.integers(0, 3), min_size=2, max_size=20), st.lists(st.integers(0, 4), min_size=20, max_size=20),
       st.integers(1, 25))
def test_sklearn_ndcg_is_ndcg_score_with_ties(grades, raw_scores, k):
    ranking, judgments, scores = board(grades, raw_scores)
    got = score_under(PRESETS["sklearn"], ranking, judgments, k, scores)[f"nDCG@{k}"]
    assert got == pytest.approx(sk.ndcg_score([grades], [scores], k=k), abs=1e-12)


def test_sklearn_ap_tie_group_is_one_threshold():
    # scores 2, 1, 1: the tied pair (one relevant) is one threshold: AP = 1/2 * 1 + 1/2 * 2/3
    labels, scores = [1, 0, 1], [2.0, 1.0, 1.0]
    got = score_under(PRESETS["sklearn"], ["a", "b", "c"], dict(zip("abc", labels)), 3, scores)["AP"]
    assert got == pytest.approx(0.5 + 1 / 3) == pytest.approx(sk.average_precision_score(labels, scores))


# ------------------------------------------------------------------------------------------------ pytrec_eval


@SETTINGS
@given(st.lists(st.integers(0, 3), min_size=2, max_size=12), st.lists(st.integers(0, 3), min_size=12, max_size=12),
       st.lists(st.integers(-2, 2), min_size=12, max_size=12), st.integers(1, 12))
def test_pytrec_eval_preset_on_near_ties(grades, coarse, tiny, k):
    """Scores 1e-9 apart tie in pytrec_eval's 32-bit floats (then docno descending); trec_eval 10.0 tells them
    apart."""
    pytrec_eval = pytest.importorskip("pytrec_eval")
    ranking = [f"d{i:02d}" for i in range(len(grades))]
    scores = [1.0 + c + t * 1e-9 for c, t in zip(coarse, tiny)][:len(grades)]
    judgments = dict(zip(ranking, grades))
    got = score_under(PRESETS["pytrec_eval"], ranking, judgments, k, scores)
    trec = pytrec_eval.RelevanceEvaluator(
        {"q": judgments}, {f"ndcg_cut.{k}", f"map_cut.{k}", "recip_rank", f"P.{k}", f"recall.{k}"},
    ).evaluate({"q": dict(zip(ranking, scores))})["q"]
    for label, name in ((f"nDCG@{k}", f"ndcg_cut_{k}"), (f"AP@{k}", f"map_cut_{k}"), ("RR", "recip_rank"),
                        (f"P@{k}", f"P_{k}"), (f"R@{k}", f"recall_{k}")):
        assert got[label] == pytest.approx(trec[name], abs=1e-9), label


# ------------------------------------------------------------------------------------------------ undefined order


def every_order(ranking, scores):
    """Every input order that keeps score descending: the tie groups permuted in all ways."""
    groups = {}
    for item, score in sorted(zip(ranking, scores), key=lambda pair: -pair[1]):
        groups.setdefault(score, []).append(item)
    parts = [list(itertools.permutations(group)) for group in groups.values()]
    for combo in itertools.product(*parts):
        order = [item for part in combo for item in part]
        yield order, [dict(zip(ranking, scores))[item] for item in order]


UNDEFINED = {"recbole": PRESETS["recbole"], "torchmetrics": PRESETS["torchmetrics"],
             "binary_found_ap": Convention("found", gain="binary", ap_denominator="found", ties="undefined"),
             "exp_list": Convention("exp", gain="exponential", ideal="list", ties="undefined", rr_cutoff=False,
                                    ap_cutoff=False, ap_denominator="min_k_relevant")}


@pytest.mark.parametrize("seed", range(60))
@pytest.mark.parametrize("key", UNDEFINED)
def test_undefined_order_interval_is_the_range_over_every_order(key, seed):
    """The worst-first / best-first orders of each tie group are the extremes (and for AP divided by the hits
    found in the top k, the hits the cut tie group puts above k are tried): brute force over all orders, with k
    inside a tie group as often as not."""
    rng = random.Random(seed * 31 + len(key))
    n = rng.randint(2, 7)
    grades = [rng.choice([0, 0, 1, 2, 3]) for _ in range(n)]
    ranking = [f"d{i}" for i in range(n)]
    scores = [float(rng.randint(0, 2)) for _ in range(n)]
    if key == "torchmetrics":
        scores = [s - 0.5 for s in scores]  # some scores <= 0: never relevant there
    judgments = dict(zip(ranking, grades)) | ({"pool": 2} if seed % 3 == 0 else {})
    k = rng.randint(1, n + 1)
    convention = UNDEFINED[key]
    as_given = replace_ties(convention)
    got = score_under(convention, ranking, judgments, k, scores)
    values = {label: [] for label in got}
    for order, ordered_scores in every_order(ranking, scores):
        for label, value in score_under(as_given, order, judgments, k, ordered_scores).items():
            values[label].append(value)
    for label, value in got.items():
        if value is None:
            continue
        if not isinstance(value, Interval) and math.isnan(value):  # RecBole's R without relevant items
            assert all(math.isnan(v) for v in values[label])
            continue
        low, high = min(values[label]), max(values[label])
        if label.startswith("nDCG") and convention.ties == "average_ndcg":
            assert not isinstance(value, Interval)
            continue
        if high - low <= 1e-12:
            assert not isinstance(value, Interval) and value == pytest.approx(low, abs=1e-12), label
        else:
            assert isinstance(value, Interval), label
            assert value.low == pytest.approx(low, abs=1e-12) and value.high == pytest.approx(high, abs=1e-12), label


def replace_ties(convention):
    from dataclasses import replace
    return replace(convention, ties="as_given")  # RecBole's brute force rounds as RecBole does


def test_recbole_tie_makes_an_interval_and_a_float_where_order_cannot_matter():
    got = score_under(PRESETS["recbole"], ["a", "b", "c"], {"b": 1}, 1, scores=[0.5, 0.5, 0.1])
    assert got["P@1"] == Interval(0.0, 1.0) == (0.0, 1.0) and f"{got['P@1']:.2f}" == "0.00–1.00"
    assert got["RR@1"] == (0.0, 1.0)
    assert score_under(PRESETS["recbole"], ["a", "b", "c"], {"b": 1}, 2, scores=[0.5, 0.5, 0.1])["P@2"] == 0.5
    assert score_under(PRESETS["recbole"], ["a", "b", "c"], {"b": 1, "a": 1}, 1, [0.5, 0.5, 0.1])["P@1"] == 1.0


def test_ranx_keeps_input_order_up_to_15_items_and_is_undefined_beyond():
    for n, undefined in ((15, False), (16, True)):
        ranking = [f"d{i:02d}" for i in range(n)]
        got = score_under(PRESETS["ranx"], ranking, {"d01": 1}, 1, [1.0] * n)
        assert isinstance(got["P@1"], Interval) == undefined
        if not undefined:
            assert got["P@1"] == 0.0  # d00 first: input order
    assert "15" in TIE_ORDER_REASON["ranx"] and "torch.topk" in TIE_ORDER_REASON["recbole"]


def test_torchmetrics_ndcg_is_averaged_and_binary_measures_are_ranges():
    got = score_under(PRESETS["torchmetrics"], ["a", "b"], {"a": 1}, 1, [1.0, 1.0])
    assert got["nDCG@1"] == pytest.approx(0.5) and got["P@1"] == (0.0, 1.0)


def test_interval_behaves_like_a_number_where_the_page_needs_it():
    value = Interval(0.2, 0.4)
    assert abs(value - 0.3) == 0.0 and abs(value - 0.5) == pytest.approx(0.1)
    assert not value.__ne__(value)  # the page's NaN test is value != value
    assert round(Interval(0.12345, 0.5), 2) == (0.12, 0.5)
    with pytest.raises(ValueError):
        Interval(1.0, 0.0)


# ------------------------------------------------------------------------------------------------ cause path


def random_board(rng: random.Random):
    n = rng.randint(1, 18)
    ranking = [f"d{i:02d}" for i in range(n)]
    grades = [rng.choice([0, 0, 1, 2, 3, 0.5, 1.5]) for _ in range(n)]
    scores = [rng.choice([-1.0, 0.0, 0.5, 1.0, 2.0, 1.0 + 1e-9, 3.0]) for _ in range(n)]
    judgments = {item: g for item, g in zip(ranking, grades) if rng.random() < 0.8}
    judgments |= {f"p{i}": rng.choice([0, 1, 2]) for i in range(rng.randint(0, 3))}
    return ranking, judgments, rng.randint(1, n + 2), scores


@pytest.mark.parametrize("seed", range(40))
def test_cause_path_ends_at_score_under_for_every_preset(seed):
    rng = random.Random(seed)
    ranking, judgments, k, scores = random_board(rng)
    trec = score_under(PRESETS["trec_eval"], ranking, judgments, k, scores)
    for key, convention in PRESETS.items():
        got = score_under(convention, ranking, judgments, k, scores)
        paths = cause_path(convention, ranking, judgments, k, scores)
        assert list(paths) == list(MEASURES)
        for (label, value), (measure, steps) in zip(got.items(), paths.items()):
            assert steps[0].kind == "start" and same(steps[0].value_after, list(trec.values())[MEASURES.index(measure)])
            assert same(steps[-1].value_after, value), (key, label)
            assert steps[-1].label == label or steps[-1].kind == "not offered"
            order = [choice for choice, _ in STEP_ORDER]
            chosen = [s.choice for s in steps if s.choice]
            assert chosen == sorted(chosen, key=order.index) and len(set(chosen)) == len(chosen)
            for before, after in itertools.pairwise(steps):  # each step starts where the previous ended
                assert same(after.value_before, before.value_after)
                if after.kind == "no effect":
                    assert same(after.value_before, after.value_after)
                elif after.kind in ("choice", "rounding", "nan"):
                    assert not same(after.value_before, after.value_after)
                elif after.kind == "undefined order":
                    assert isinstance(after.value_after, Interval)


def same(a, b) -> bool:
    if a is None or b is None:
        return a is b
    if isinstance(a, tuple) or isinstance(b, tuple):
        return tuple(a) == tuple(b) if isinstance(a, tuple) and isinstance(b, tuple) else False
    return (math.isnan(a) and math.isnan(b)) or a == b


def test_cause_path_names_the_choice_that_makes_the_difference():
    # AP@1 with six relevant items, the top one relevant: trec_eval 1/6, RecBole 1 (min(k, R) = 1)
    ranking = [f"d{i}" for i in range(6)]
    steps = cause_path(PRESETS["recbole"], ranking, {d: 1 for d in ranking}, 1)["AP"]
    blamed = [(s.choice, s.kind) for s in steps if s.kind != "no effect"]
    assert blamed == [(None, "start"), ("ap_denominator", "choice")]
    assert steps[0].value_after == pytest.approx(1 / 6) and steps[-1].value_after == 1.0
    # RecBole's rounding is its own step
    steps = cause_path(PRESETS["recbole"], ["a", "b", "c"], {"c": 1}, 3)["AP"]
    assert [s.kind for s in steps if s.choice == "decimals"] == ["rounding"]
    assert steps[-1].value_after == round(1 / 3, 4)
    # an undefined tie order is a step whose value is an interval; sklearn's missing RR is "not offered"
    steps = cause_path(PRESETS["recbole"], ["a", "b", "c"], {"b": 1}, 1, [0.5, 0.5, 0.1])["P"]
    assert [s.kind for s in steps if s.choice == "ties"] == ["undefined order"]
    assert steps[-1].value_after == (0.0, 1.0)
    assert cause_path(PRESETS["sklearn"], ["a", "b"], {"a": 1}, 1)["RR"][-1].kind == "not offered"


def test_cause_rows_make_a_table():
    rows = cause_rows(cause_path(PRESETS["torchmetrics"], ["a", "b", "c"], {"a": 1, "c": 2, "x": 1}, 2,
                                 [0.5, -0.1, -0.1]))
    frame = pd.DataFrame(rows)
    assert list(frame.columns) == ["measure", "step", "kind", "choice", "from", "to", "words", "label", "before",
                                   "after"]
    assert set(frame["measure"]) == set(MEASURES)


# ------------------------------------------------------------------------------------------------ whole runs


def test_compare_runs_means_and_spread():
    qrels = pd.DataFrame({"query": ["q1", "q1", "q2", "q2", "q2"], "item": ["a", "b", "a", "c", "z"],
                          "rel": [1, 2, 0, 1, 3]})
    run = pd.DataFrame({"query": ["q1", "q1", "q1", "q2", "q2", "q2"], "item": ["b", "a", "c", "c", "a", "b"],
                        "score": [1.0, 1.0, 0.5, 0.9, 0.8, 0.1]})
    result = compare_runs(qrels, run, 2)
    assert result.queries == ("q1", "q2")
    for key, convention in PRESETS.items():
        unrounded = replace_decimals(convention)
        per_query = [score_under(unrounded, *_args(result, q)) for q in result.queries]
        for i, measure in enumerate(MEASURES):
            values = [list(v.values())[i] for v in per_query]
            mean = result.means[key][measure]
            if values[0] is None:
                assert mean is None
            elif any(isinstance(v, tuple) for v in values):
                assert isinstance(mean, Interval)
            elif convention.decimals is None:
                assert mean == pytest.approx(sum(values) / len(values))
            else:  # RecBole rounds the mean of the unrounded values
                assert mean == round(sum(values) / len(values), convention.decimals)
    # the spread: max - min over the presets, an interval with both ends; largest first
    for measure in MEASURES:
        for query, spread in result.spread[measure]:
            ends = [e for key in PRESETS for e in _ends(result.per_query[query][key][measure])]
            assert spread == pytest.approx(max(ends) - min(ends))
        assert [s for _, s in result.spread[measure]] == sorted((s for _, s in result.spread[measure]), reverse=True)
    # q2 leaves z (grade 3) in the pool: nDCG's ideal from the list only (scikit-learn) is far from trec_eval's
    assert result.widest("nDCG", 1)[0][0] == "q2"
    assert result.inputs["q1"][0] == ["b", "a", "c"]  # the file's order


def replace_decimals(convention):
    from dataclasses import replace
    return replace(convention, decimals=None)


def _ends(value):
    if value is None or (not isinstance(value, tuple) and math.isnan(value)):
        return []
    return list(value) if isinstance(value, tuple) else [value]


def _args(result, query):
    ranking, judgments, scores = result.inputs[query]
    return ranking, judgments, 2, scores


def test_compare_runs_passes_k_through():
    qrels = {"q": {"a": 1, "b": 0}}
    run = {"q": {"a": 0.5, "b": 0.9}}
    result = compare_runs(qrels, run, 1)
    assert result.per_query["q"]["trec_eval"]["P"] == 0.0 and result.means["trec_eval"]["RR"] == 0.5


def test_found_ap_range_is_not_just_worst_and_best_first():
    """torchmetrics' RetrievalMAP(top_k) divides by the hits found in the top k: with k cutting a tie group, the
    lowest AP puts the group's hit at rank k (AP = (1 + 2/4) / 2), below both worst-first (1) and best-first (1)."""
    ranking, scores = ["a", "b", "c", "d", "e"], [2.0, 1.0, 1.0, 1.0, 1.0]
    got = score_under(PRESETS["torchmetrics"], ranking, {"a": 1, "e": 1}, 4, scores)["AP@4"]
    assert got == Interval(0.75, 1.0)


def test_compare_runs_trec_eval_means_are_evaluate_on_the_files():
    """The trec_eval column of a whole run is metrics.evaluate on the same files, exactly."""
    from pathlib import Path

    import metrics

    trec = Path(__file__).resolve().parents[3] / "sample_data" / "trec"
    for run in ("run_a.txt", "run_b.txt"):
        result = compare_runs(trec / "qrels.txt", trec / run, 10)
        evaluation = metrics.evaluate(str(trec / "qrels.txt"), str(trec / run), ["nDCG@10", "AP@10", "RR", "P@10",
                                                                                 "R@10"])
        assert list(result.queries) == [str(q) for q in evaluation.per_query.index]
        assert list(result.means["trec_eval"].values()) == pytest.approx(list(evaluation.aggregate.values()),
                                                                          abs=1e-12)
        recbole = result.means["recbole"]  # the mean of unrounded values, rounded to 4 decimals
        assert all(isinstance(v, Interval) and v == tuple(round(x, 4) for x in v) or v == round(v, 4)
                   for v in recbole.values() if not (isinstance(v, float) and math.isnan(v)))


@pytest.mark.parametrize("seed", range(40))
def test_average_ties_are_the_mean_over_every_order_except_ap(seed):
    """ties="average": nDCG, RR, P and R are the mean over all orders of the tied items (AP is scikit-learn's one
    threshold per tie group, checked against average_precision_score above)."""
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    ranking = [f"d{i}" for i in range(n)]
    judgments = {d: rng.choice([0, 1, 2, 3]) for d in ranking} | {"pool": 1}
    scores = [float(rng.randint(0, 2)) for _ in range(n)]
    k = rng.randint(1, n + 1)
    convention = Convention("avg", ties="average", rr_cutoff=rng.random() < 0.5, ideal=rng.choice(["judged", "list"]),
                            gain=rng.choice(["linear", "exponential", "binary"]))
    got = score_under(convention, ranking, judgments, k, scores)
    as_given = replace_ties(convention)
    totals, count = {}, 0
    for order, ordered_scores in every_order(ranking, scores):
        count += 1
        for label, value in score_under(as_given, order, judgments, k, ordered_scores).items():
            totals[label] = totals.get(label, 0.0) + value
    for label, value in got.items():
        if not label.startswith("AP"):
            assert value == pytest.approx(totals[label] / count, abs=1e-12), label
