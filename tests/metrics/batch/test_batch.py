"""metrics.batch.evaluation.evaluate: property tests against pytrec_eval, and hand-checked cases."""

from __future__ import annotations

import math
import random

import numpy as np
import pandas as pd
import pytest
import pytrec_eval
from hypothesis import given, settings
from hypothesis import strategies as st

from metrics.batch.evaluation import evaluate
from metrics.errors import MetricsInputError
from metrics.measures.names import parse_measure
from metrics.readers.io import Dataset, read_qrels, read_run

# ids chosen so that string order differs from "natural" order ("10" < "2", "D3" < "a")
QIDS = ["1", "2", "10", "q", "Q"]
DOCS = ["d1", "d2", "d9", "d10", "d11", "D3", "a", "ab", "b", "x_1", "z", "zz", "é", "m"]
GRADES = st.sampled_from([-1, 0, 0, 1, 1, 2, 3, 4])
# exactly representable in float32 (pytrec_eval's score type) so that ties agree
SCORES = st.sampled_from([-1.0, 0.0, 0.25, 0.5, 0.5, 1.0, 1.0, 1.5, 2.75, 3.0])
CUTOFFS = st.sampled_from([1, 2, 3, 5, 10, 20])


@st.composite
def collections(draw):
    """Random qrels and run (pytrec_eval dicts): graded and negative grades, tied scores,
    unjudged documents, queries without relevant documents, queries only in one of the two."""
    qrels = {}
    for query in draw(st.lists(st.sampled_from(QIDS), unique=True, min_size=1, max_size=4)):
        docs = draw(st.lists(st.sampled_from(DOCS), unique=True, min_size=1, max_size=9))
        grades = [draw(GRADES) for _ in docs]
        if max(grades) < 0:
            # trec_eval bug: for a query judged only with negative grades it keeps the previous
            # query's number of relevance levels (never reset) and its nDCG may loop forever.
            grades[0] = 0
        qrels[query] = dict(zip(docs, grades))
    run = {}
    for query in draw(st.lists(st.sampled_from(QIDS), unique=True, min_size=1, max_size=4)):
        docs = draw(st.lists(st.sampled_from(DOCS), unique=True, min_size=1, max_size=14))
        run[query] = {doc: draw(SCORES) for doc in docs}
    return qrels, run


def pytrec(qrels, run, k):
    measures = {"ndcg", f"ndcg_cut.{k}", "map", f"map_cut.{k}", "recip_rank", f"P.{k}",
                f"recall.{k}", "Rprec", f"success.{k}"}
    return pytrec_eval.RelevanceEvaluator(qrels, measures).evaluate(run)


def pairs(k):
    """(our measure, pytrec_eval's key)."""
    return [("nDCG", "ndcg"), (f"nDCG@{k}", f"ndcg_cut_{k}"), ("AP", "map"), (f"AP@{k}", f"map_cut_{k}"),
            ("RR", "recip_rank"), (f"P@{k}", f"P_{k}"), (f"R@{k}", f"recall_{k}"), ("Rprec", "Rprec"),
            (f"Success@{k}", f"success_{k}")]


@pytest.mark.slow  # many random cases: the full run's tier
@settings(max_examples=300, deadline=None)
@given(collections(), CUTOFFS)
def test_matches_pytrec_eval_per_query(collection, k):
    qrels, run = collection
    expected = pytrec(qrels, run, k)
    if not set(qrels) & set(run):  # no mean of nothing: refused, as the command line refuses it
        with pytest.raises(MetricsInputError, match="^No queries with both results and relevance info"):
            evaluate(qrels, run, [m for m, _ in pairs(k)])
        return
    ours = evaluate(qrels, run, [m for m, _ in pairs(k)])
    table = ours.per_query
    assert list(table.index) == sorted(expected)  # same queries, trec_eval's order
    for query, values in expected.items():
        for measure, key in pairs(k):
            assert table.loc[query, measure] == pytest.approx(values[key], abs=1e-9), (query, measure)
    for measure, key in pairs(k):
        mean = sum(v[key] for v in expected.values()) / len(expected)
        assert ours.aggregate[measure] == pytest.approx(mean, abs=1e-9)


@pytest.mark.slow  # many random cases: the full run's tier
@settings(max_examples=200, deadline=None)
@given(collections(), CUTOFFS)
def test_count_missing_is_trec_eval_c(collection, k):
    """trec_eval -c by hand: queries judged but not retrieved score 0 and count in the mean."""
    qrels, run = collection
    expected = pytrec(qrels, run, k)
    if not set(qrels) & set(run):
        with pytest.raises(MetricsInputError, match="^No queries with both results and relevance info"):
            evaluate(qrels, run, [m for m, _ in pairs(k)], count_missing=True)
        return
    ours = evaluate(qrels, run, [m for m, _ in pairs(k)], count_missing=True)
    assert list(ours.per_query.index) == sorted(qrels)
    for measure, key in pairs(k):
        total = sum(v[key] for v in expected.values())
        assert ours.aggregate[measure] == pytest.approx(total / len(qrels), abs=1e-9)
        for query in set(qrels) - set(run):
            assert ours.per_query.loc[query, measure] == 0.0


def trec_text(data: dict, kind: str, rng: random.Random) -> str:
    """TREC file text of a pytrec_eval dict, with rows shuffled and mixed whitespace."""
    lines = []
    for query, inner in data.items():
        for position, (doc, value) in enumerate(inner.items(), 1):
            sep = rng.choice([" ", "\t", "  ", " \t "])
            if kind == "run":
                lines.append(sep.join([query, "Q0", doc, str(position), repr(float(value)), "tag"]))
            else:
                lines.append(sep.join([query, "0", doc, str(value)]))
    rng.shuffle(lines)
    return "\n".join(lines) + "\n"


@pytest.mark.slow  # many random cases: the full run's tier
@settings(max_examples=200, deadline=None)
@given(collections(), CUTOFFS, st.integers(0, 2 ** 32 - 1))
def test_files_frames_and_dicts_agree(collection, k, seed):
    """The same collection as TREC text (shuffled, odd whitespace), as DataFrames and as dicts."""
    qrels, run = collection
    rng = random.Random(seed)
    measures = [m for m, _ in pairs(k)] + [f"F1@{k}", f"RR@{k}", f"nDCG(gain=exp,ideal=list)@{k}"]
    qrels_text, run_text = trec_text(qrels, "qrels", rng), trec_text(run, "run", rng)
    if not set(qrels) & set(run):  # refused the same way whatever the form
        for q, r in ((qrels, run), (qrels_text.encode(), run_text.encode())):
            with pytest.raises(MetricsInputError, match="^No queries with both results and relevance info"):
                evaluate(q, r, measures)
        return
    from_dicts = evaluate(qrels, run, measures)
    from_bytes = evaluate(qrels_text.encode(), run_text.encode(), measures)
    from_frames = evaluate(read_qrels(qrels_text, name="qrels.txt"), read_run(run_text, name="run.txt"),
                           measures)
    for other in (from_bytes, from_frames):
        pd.testing.assert_frame_equal(other.per_query, from_dicts.per_query)
        assert other.aggregate == pytest.approx(from_dicts.aggregate, nan_ok=True)


# ---------------------------------------------------------------------------------------------
# hand-checked cases

# q1 ranking a(3) b(0) c(2) d(unjudged); e (grade 1) judged, not retrieved.  R = 3 relevant.
QRELS = {"q1": {"a": 3, "b": 0, "c": 2, "e": 1}}
RUN = {"q1": {"a": 4.0, "b": 3.0, "c": 2.0, "d": 1.0}}
L3 = math.log2(3)


@pytest.mark.parametrize("measure, expected", [
    ("nDCG", (3 + 2 / 2) / (3 + 2 / L3 + 1 / 2)),
    ("nDCG(gain=exp)", (7 + 3 / 2) / (7 + 3 / L3 + 1 / 2)),            # 2^g - 1
    ("nDCG(ideal=list)", (3 + 2 / 2) / (3 + 2 / L3)),                  # ideal from a, b, c, d only
    ("nDCG(ideal=list)@1", 1.0),
    ("nDCG@2", 3 / (3 + 2 / L3)),
    ("AP", (1 / 1 + 2 / 3) / 3),
    ("AP@2", (1 / 1) / 3),                                            # trec_eval map_cut: / R
    ("AP(denom=found)", (1 / 1 + 2 / 3) / 2),
    ("AP(denom=found)@2", 1.0),
    ("AP(denom=minKR)@2", (1 / 1) / 2),
    ("AP(denom=minKR)@10", (1 / 1 + 2 / 3) / 3),
    ("AP(rel=2)", (1 / 1 + 2 / 3) / 2),                               # relevant: a, c
    ("AP(rel=3)", 1.0),
    ("RR", 1.0),
    ("RR(rel=3)@1", 1.0),
    ("P@3", 2 / 3),
    ("P@10", 2 / 10),                                                 # divides by k
    ("P(rel=3)@3", 1 / 3),
    ("R@2", 1 / 3),
    ("R(rel=3)@2", 1.0),
    ("F1@2", 2 * (1 / 2) * (1 / 3) / (1 / 2 + 1 / 3)),
    ("Success@1", 1.0),
    ("Rprec", 2 / 3),                                                 # top 3: a, b, c
    ("Rprec(rel=2)", 1 / 2),                                          # top 2: a, b
])
def test_hand_checked(measure, expected):
    result = evaluate(QRELS, RUN, [measure])
    assert result.aggregate[str(parse_measure(measure))] == pytest.approx(expected, abs=1e-12)


def test_rr_cutoff_and_later_relevant():
    qrels = {"q": {"b": 0, "c": 2}}
    run = {"q": {"b": 2.0, "c": 1.0}}
    result = evaluate(qrels, run, ["RR", "RR@1", "P@10", "Success@1", "Success@2"]).aggregate
    assert result == {"RR": 0.5, "RR@1": 0.0, "P@10": 0.1, "Success@1": 0.0, "Success@2": 1.0}


def test_ties_break_by_item_id_descending():
    qrels = {"q": {"a": 1, "d10": 1}}
    # all tied: order is b, a (b > a) ... and "d9" > "d10" as strings
    assert evaluate(qrels, {"q": {"a": 1.0, "b": 1.0}}, ["RR"]).aggregate["RR"] == 0.5
    assert evaluate(qrels, {"q": {"d10": 1.0, "d9": 1.0}}, ["RR"]).aggregate["RR"] == 0.5
    assert evaluate(qrels, {"q": {"d10": 1.0, "d1": 1.0}}, ["RR"]).aggregate["RR"] == 1.0


def test_scores_compared_exactly_as_float64():
    qrels = {"q": {"a": 1}}
    run = {"q": {"a": 1.0, "b": 1.0 + 1e-12}}  # pytrec_eval (float32) would call this a tie
    assert evaluate(qrels, run, ["RR"]).aggregate["RR"] == 0.5


def test_rank_field_is_ignored_like_trec_eval():
    run = b"q 0 a 1 0.5 t\nq 0 b 2 0.9 t\n"
    assert evaluate(b"q 0 a 1\n", run, ["RR"]).aggregate["RR"] == 0.5


def test_negative_and_real_grades():
    result = evaluate({"q": {"a": -1, "b": 1}}, {"q": {"a": 2.0, "b": 1.0}}, ["nDCG", "AP"]).aggregate
    assert result["nDCG"] == pytest.approx(1 / L3)                   # a has gain 0
    assert result["AP"] == pytest.approx(1 / 2)
    real = evaluate({"q": {"a": 0.5, "b": 1.5}}, {"q": {"a": 2.0, "b": 1.0}}, ["nDCG", "AP"]).aggregate
    assert real["nDCG"] == pytest.approx((0.5 + 1.5 / L3) / (1.5 + 0.5 / L3))
    assert real["AP"] == pytest.approx(1 / 2)                         # only b (1.5 >= 1) relevant


def no_relevant_case(policy):
    qrels = {"q1": {"a": 1}, "q2": {"x": 0}}
    run = {"q1": {"b": 2.0, "a": 1.0}, "q2": {"x": 1.0}}
    return evaluate(qrels, run, ["AP", "nDCG", "P@1"], no_relevant=policy)


def test_no_relevant_zero_counts_the_query():
    result = no_relevant_case("zero")
    assert result.aggregate["AP"] == pytest.approx(0.25)
    assert result.per_query.loc["q2"].tolist() == [0.0, 0.0, 0.0]


def test_no_relevant_skip_leaves_it_out():
    result = no_relevant_case("skip")
    assert result.aggregate["AP"] == pytest.approx(0.5)
    assert result.aggregate["nDCG"] == pytest.approx(1 / L3)
    assert result.per_query.loc["q2"].isna().all()
    assert list(result.per_query.index) == ["q1", "q2"]


def test_no_relevant_nan_poisons_the_mean():
    result = no_relevant_case("nan")
    assert all(math.isnan(v) for v in result.aggregate.values())
    assert result.per_query.loc["q1", "AP"] == pytest.approx(0.5)


def test_no_relevant_depends_on_the_threshold():
    qrels, run = {"q": {"a": 1}}, {"q": {"a": 1.0}}
    result = evaluate(qrels, run, ["AP", "AP(rel=2)"], no_relevant="skip")
    assert result.aggregate["AP"] == 1.0 and math.isnan(result.aggregate["AP(rel=2)"])


def test_count_missing_and_queries_only_in_run():
    qrels = {"q1": {"a": 1}, "q3": {"y": 1}}
    run = {"q1": {"a": 1.0}, "q9": {"a": 1.0}}
    plain = evaluate(qrels, run, ["AP"])
    assert list(plain.per_query.index) == ["q1"] and plain.aggregate["AP"] == 1.0
    counted = evaluate(qrels, run, ["AP"], count_missing=True)
    assert list(counted.per_query.index) == ["q1", "q3"] and counted.aggregate["AP"] == 0.5


def test_no_common_query_is_refused_not_a_nan_mean():
    with pytest.raises(MetricsInputError, match=r"^No queries with both results and relevance info "
                                                r"\(qrels: 'q1'; run: 'q2'\)$"):
        evaluate({"q1": {"a": 1}}, {"q2": {"a": 1.0}}, ["AP", "P@5"])


def test_measure_spellings_and_columns():
    result = evaluate(QRELS, RUN, "ndcg_cut_10, map, P@5 recip_rank")
    assert list(result.per_query.columns) == ["nDCG@10", "AP", "P@5", "RR"]
    assert result.per_query.index.name == "query"
    assert list(evaluate(QRELS, RUN, [parse_measure("AP")]).aggregate) == ["AP"]


def test_query_order_is_string_order():
    qrels = {q: {"a": 1} for q in ["2", "10", "1", "b", "B"]}
    run = {q: {"a": 1.0} for q in qrels}
    assert list(evaluate(qrels, run, ["AP"]).per_query.index) == ["1", "10", "2", "B", "b"]


def test_frames_with_aliases_and_without_query_column():
    qrels = pd.DataFrame({"docid": ["a", "b", "c"], "grade": [1, 0, np.nan]})  # c unjudged
    run = pd.DataFrame({"doc": ["c", "a", "b"], "rank": [1, 2, 3]})
    result = evaluate(qrels, run, ["RR", "P@3"])
    assert list(result.per_query.index) == ["q1"]
    assert result.aggregate == {"RR": 0.5, "P@3": pytest.approx(1 / 3)}


def test_dataset_input():
    qrels = pd.DataFrame({"query": ["q"], "item": ["a"], "rel": [1.0]})
    run = pd.DataFrame({"query": ["q", "q"], "item": ["b", "a"], "score": [2.0, 1.0], "rank": [1, 2]})
    data = Dataset(qrels, run, "x.csv")
    assert evaluate(data, data, ["RR"]).aggregate["RR"] == 0.5


def test_unsorted_run_rows():
    rng = np.random.default_rng(1)
    rows = [(f"q{q}", f"d{d}", float(rng.integers(0, 4))) for q in range(30) for d in range(40)]
    qrels = {f"q{q}": {f"d{d}": int(rng.integers(0, 3)) for d in range(0, 40, 3)} for q in range(30)}
    frame = pd.DataFrame(rows, columns=["query", "item", "score"])
    shuffled = frame.sample(frac=1.0, random_state=3)
    measures = ["nDCG@10", "AP", "RR", "Rprec"]
    pd.testing.assert_frame_equal(evaluate(qrels, frame, measures).per_query,
                                  evaluate(qrels, shuffled, measures).per_query)
    run = {}
    for query, item, score in rows:
        run.setdefault(query, {})[item] = score
    expected = pytrec_eval.RelevanceEvaluator(qrels, {"ndcg_cut.10", "map", "recip_rank", "Rprec"}).evaluate(run)
    table = evaluate(qrels, shuffled, measures).per_query
    for query, values in expected.items():
        assert table.loc[query, "nDCG@10"] == pytest.approx(values["ndcg_cut_10"], abs=1e-12)
        assert table.loc[query, "AP"] == pytest.approx(values["map"], abs=1e-12)


def test_duplicates_are_errors():
    with pytest.raises(MetricsInputError, match=r"item 'a' listed twice for query 'q'"):
        evaluate({"q": {"a": 1}}, pd.DataFrame({"query": ["q", "q"], "item": ["a", "a"], "score": [1, 2]}), ["AP"])
    message = r"run line 3: document 'a' listed twice for query 'q' \(lines 1 and 3\)"
    with pytest.raises(MetricsInputError, match=message):
        evaluate(b"q 0 a 1\n", b"q Q0 a 1 1 t\nq Q0 b 2 1 t\nq Q0 a 3 1 t\n", ["AP"])
    with pytest.raises(MetricsInputError, match=r"qrels line 2: .*'a' listed twice .*lines 1 and 2"):
        evaluate(b"q 0 a 1\nq 0 a 0\n", b"q Q0 a 1 1 t\n", ["AP"])


def test_bad_inputs():
    with pytest.raises(MetricsInputError, match="no_relevant"):
        evaluate(QRELS, RUN, ["AP"], no_relevant="drop")
    with pytest.raises(MetricsInputError, match="unknown measure"):
        evaluate(QRELS, RUN, ["MAPX@3"])
    with pytest.raises(MetricsInputError, match="missing column 'rel'"):
        evaluate(pd.DataFrame({"query": ["q"], "item": ["a"]}), RUN, ["AP"])
    with pytest.raises(MetricsInputError, match="not a finite number"):
        evaluate(QRELS, pd.DataFrame({"item": ["a"], "score": [np.nan]}), ["AP"])
    with pytest.raises(MetricsInputError, match="run: missing item in row 1"):
        evaluate(QRELS, pd.DataFrame({"item": ["a", None], "score": [1.0, 2.0]}), ["AP"])
    with pytest.raises(MetricsInputError, match="no run"):
        evaluate(QRELS, Dataset(pd.DataFrame({"query": [], "item": [], "rel": []}), None, "x"), ["AP"])


def test_empty_run_is_refused_as_the_command_line_refuses_it():
    empty = pd.DataFrame({"query": [], "item": [], "score": []})
    for count_missing in (False, True):
        with pytest.raises(MetricsInputError, match=r"^No queries with both .* \(qrels: 'q1'; run: —\)$"):
            evaluate(QRELS, empty, ["AP"], count_missing=count_missing)


def test_ranking_order_paths_agree():
    """Already in trec_eval order / sorted but ties out of order / unsorted / no packed key."""
    from metrics.batch.evaluation import _ranking_order, _sort
    rng = np.random.default_rng(7)
    q = np.repeat(np.arange(50), 20)
    score = rng.integers(0, 5, size=1000).astype(float)
    doc = rng.permutation(1000)
    reference = np.lexsort((-doc, -score, q))
    assert _ranking_order(q[reference], score[reference], doc[reference], 50, 1000) is None
    by_score = np.lexsort((doc, -score, q))  # ties in ascending item order: the tie-fix path
    fixed = _ranking_order(q[by_score], score[by_score], doc[by_score], 50, 1000)
    assert (by_score[fixed] == reference).all()
    shuffled = rng.permutation(1000)
    general = _ranking_order(q[shuffled], score[shuffled], doc[shuffled], 50, 1000)
    assert (shuffled[general] == reference).all()
    huge = _ranking_order(q[shuffled], score[shuffled], doc[shuffled], 2 ** 40, 2 ** 40)  # lexsort
    assert (shuffled[huge] == reference).all()
    keys = rng.integers(0, 10, size=100)
    for bound in (10, 2 ** 62):  # packed and argsort variants: stable, same result
        ordered, order = _sort(keys, bound)
        assert (order == np.argsort(keys, kind="stable")).all() and (ordered == np.sort(keys)).all()


def test_score_sorted_run_with_unsorted_ties_matches_pytrec_eval():
    qrels = {"q": {f"d{i}": i % 3 for i in range(0, 30, 2)}}
    lines = [f"q Q0 d{i} {i} {float(3 - i // 10)} t" for i in range(30)]  # ties: d0 < d1 < ... order
    expected = pytrec_eval.RelevanceEvaluator(qrels, {"map", "ndcg_cut.5", "recip_rank"}).evaluate(
        {"q": {f"d{i}": float(3 - i // 10) for i in range(30)}})["q"]
    result = evaluate(qrels, "\n".join(lines).encode(), ["AP", "nDCG@5", "RR"]).aggregate
    assert result["AP"] == pytest.approx(expected["map"], abs=1e-12)
    assert result["nDCG@5"] == pytest.approx(expected["ndcg_cut_5"], abs=1e-12)
    assert result["RR"] == pytest.approx(expected["recip_rank"], abs=1e-12)


# -- trec_eval's other measures (metrics/batch/trec_measures.py) ---------------------------------

TREC_EVAL_MEASURES = {"num_ret", "num_rel", "num_rel_ret", "num_nonrel_judged_ret", "bpref", "gm_bpref", "gm_map",
                      "infAP", "iprec_at_recall", "Rprec_mult", "relative_P", "set_P", "set_recall", "set_F",
                      "set_map", "set_relative_P", "utility", "binG", "G", "ndcg_rel", "Rndcg", "11pt_avg"}


def _ours_for(trec_key: str) -> str:
    """Our canonical name of a pytrec_eval result key (``Rprec_mult_0.20`` -> ``RprecMult@0.2``)."""
    return str(parse_measure(trec_key))


@settings(max_examples=150, deadline=None)
@given(collections())
def test_trec_eval_measures_match_pytrec_eval_per_query(collection):
    qrels, run = collection
    theirs = pytrec_eval.RelevanceEvaluator(qrels, TREC_EVAL_MEASURES).evaluate(run)
    if not theirs:
        return
    keys = sorted(next(iter(theirs.values())))
    names = {key: _ours_for(key) for key in keys}
    ours = evaluate(qrels, run, sorted(set(names.values())))
    assert set(ours.queries) == set(theirs)
    for key, name in names.items():
        for query, value in zip(ours.queries, ours.values[name]):
            if key in ("gm_map", "gm_bpref"):  # pytrec_eval keeps log(max(value, 1e-5)) per query
                value = math.log(max(value, 1e-5))
            assert value == pytest.approx(theirs[query][key], abs=1e-9), (key, query)


def test_bare_cutoff_families_are_refused_by_parse_measure():
    for name in ("map_cut", "ndcg_cut", "P", "recall", "relative_P", "iprec_at_recall"):
        with pytest.raises(MetricsInputError, match="family of cut-offs"):
            parse_measure(name)
    assert str(parse_measure("map_cut_10")) == "AP@10"
    assert str(parse_measure("iprec_at_recall_0.10")) == "IPrec@0.1"


def test_trec_eval_names_parse_to_canonical_measures():
    expected = {"num_q": "NumQ", "num_ret": "NumRet", "num_rel": "NumRel", "num_rel_ret": "NumRelRet",
                "bpref": "Bpref", "infAP": "infAP", "Rprec": "Rprec", "set_P": "SetP", "set_recall": "SetR",
                "set_F": "SetF", "success_5": "Success@5", "Rprec_mult_0.20": "RprecMult@0.2", "gm_map": "GMAP"}
    assert {name: str(parse_measure(name)) for name in expected} == expected


def test_means_are_summed_in_query_order_like_trec_eval():
    """Twelve reciprocal ranks whose exact mean is 0.43125: summed one by one (trec_eval) the
    mean prints 0.4313, summed pairwise (np.mean) 0.4312."""
    ranks = [10, 1, 10, 5, 1, 2, 5, 5, 2, 8, 4, 1]
    queries = [f"q{i:02d}" for i in range(len(ranks))]
    qrels = {query: {"hit": 1} for query in queries}
    run = {query: {"hit": 1.0, **{f"miss{j}": 2.0 + j for j in range(rank - 1)}} for query, rank in zip(queries, ranks)}
    result = evaluate(qrels, run, ["RR", "NumRet", "GMAP"])
    assert list(result.values["RR"]) == [1 / rank for rank in ranks]
    assert f"{float(np.mean(result.values['RR'])):6.4f}" == "0.4312"  # pairwise: not trec_eval's number
    assert f"{result.aggregate['RR']:6.4f}" == "0.4313"
    assert result.aggregate["NumRet"] == sum(ranks)  # counts are summed
    assert result.aggregate["GMAP"] == pytest.approx(math.exp(np.mean(np.log([1 / r for r in ranks]))))
