"""Judged@k, RBP, ERR@k and nDCG with a gain map in batch evaluation (metrics.batch.ir_measures_extra):
against the single-ranking functions query by query, against ir_measures itself, and their names."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import metrics
from metrics.batch.evaluation import evaluate
from metrics.errors import MetricsInputError
from metrics.measures.err import MAX_GRADE
from metrics.measures.names import MAX_ERR_GRADE, measure_name, parse_gain_map, parse_measure, parse_measures, subtitle

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

QIDS = ["1", "2", "10", "q", "Q"]
DOCS = ["d1", "d2", "d9", "d10", "d11", "D3", "a", "ab", "b", "x_1", "z", "zz", "é", "m"]
GRADES = st.sampled_from([-1, 0, 0, 1, 1, 2, 3, 4])
SCORES = st.sampled_from([-1.0, 0.0, 0.25, 0.5, 0.5, 1.0, 1.0, 1.5, 2.75, 3.0])  #: ties on purpose
CUTOFFS = st.sampled_from([1, 2, 3, 5, 10, 20])  #: 20: beyond every list
GAIN_MAPS = st.dictionaries(st.sampled_from([-1, 0, 1, 2, 3, 4]), st.sampled_from([-2, 0, 0.5, 1, 3, 7, 15]),
                            min_size=1, max_size=5)


@st.composite
def collections(draw, grades=GRADES):
    """Random qrels and run dicts: graded and negative grades, tied scores, unjudged items, queries
    without relevant items (or with no judged item retrieved), queries only in one of the two."""
    qrels = {}
    for query in draw(st.lists(st.sampled_from(QIDS), unique=True, min_size=1, max_size=4)):
        docs = draw(st.lists(st.sampled_from(DOCS), unique=True, min_size=1, max_size=9))
        qrels[query] = {doc: draw(grades) for doc in docs}
    run = {}
    for query in draw(st.lists(st.sampled_from(QIDS), unique=True, min_size=1, max_size=4)):
        docs = draw(st.lists(st.sampled_from(DOCS), unique=True, min_size=1, max_size=14))
        run[query] = {doc: draw(SCORES) for doc in docs}
    return qrels, run


def ranked(qrels: dict, run: dict, query: str) -> list:
    """The query's grades in trec_eval's order (score descending, ties by item id descending, byte-wise);
    None for an unjudged item."""
    order = sorted(run[query].items(), key=lambda pair: (pair[1], pair[0].encode()), reverse=True)
    return [qrels[query].get(item) for item, _ in order]


def zeros(grades: list) -> list:
    return [0 if grade is None else grade for grade in grades]


def single(name: str, grades: list, judged: list) -> float:
    """The single-ranking function of one measure name on one query's ranked grades."""
    m = parse_measure(name)
    if m.name == "Judged":
        return metrics.judged_at_k(grades, m.k)
    if m.name == "RBP":
        return metrics.rank_biased_precision(zeros(grades), m.k, p=m.param("p"), threshold=m.param("rel"))
    if m.name == "ERR":
        return metrics.expected_reciprocal_rank(zeros(grades), m.k, max_grade=m.param("max_grade"))
    gains = parse_gain_map(m.param("gains"))
    return metrics.ndcg_gain_map(grades, gains, m.k, ideal=judged if m.param("ideal") == "judged" else None)


def names(k: int, p: float, rel: int, gains: dict) -> list[str]:
    text = measure_name("nDCG", None, gains=gains)  # nDCG(gains={...})
    return [f"Judged@{k}", "Judged", f"RBP(p={p},rel={rel})", f"RBP(p={p})@{k}", f"ERR@{k}", "ERR",
            f"ERR(max_grade=4)@{k}", f"{text}@{k}", text, text.replace(")", ",ideal=list)") + f"@{k}"]


@settings(max_examples=150, deadline=None)
@given(collections(), CUTOFFS, st.sampled_from([0.1, 0.5, 0.8, 0.95]), st.sampled_from([1, 2, 3]), GAIN_MAPS)
def test_batch_equals_the_single_ranking_functions_per_query(collection, k, p, rel, gains):
    qrels, run = collection
    assume(set(qrels) & set(run))  # none in common: refused (tests/metrics/batch/test_batch.py), nothing to compare
    measures = names(k, p, rel, gains)
    result = evaluate(qrels, run, measures)
    assert set(result.queries) == set(qrels) & set(run)
    for at, query in enumerate(result.queries):
        grades = ranked(qrels, run, query)
        judged = list(qrels[query].values())
        for name in measures:
            canonical = str(parse_measure(name))
            expected = single(name, grades, judged)
            assert result.values[canonical][at] == pytest.approx(expected, rel=1e-12, abs=1e-15), (name, query)
            if not canonical.startswith("nDCG"):  # same operations in the same order: the same bits
                assert result.values[canonical][at] == expected, (name, query)


@settings(max_examples=60, deadline=None)
@given(collections(), CUTOFFS)
def test_count_missing_and_no_relevant(collection, k):
    qrels, run = collection
    assume(set(qrels) & set(run))  # none in common: refused (tests/metrics/batch/test_batch.py), nothing to compare
    measures = [f"Judged@{k}", "RBP(rel=2)", f"ERR@{k}", "nDCG(gains={0:0,1:1,2:3})"]
    full = evaluate(qrels, run, measures, count_missing=True)
    assert set(full.queries) == set(qrels)
    for at, query in enumerate(full.queries):
        if query not in run:
            assert all(full.values[str(parse_measure(m))][at] == 0 for m in measures)
    skipped = evaluate(qrels, run, measures, no_relevant="skip")
    for at, query in enumerate(skipped.queries):
        grades = list(qrels[query].values())
        assert (skipped.values["RBP(rel=2)"][at] != skipped.values["RBP(rel=2)"][at]) == (max(grades) < 2)
        assert (skipped.values[f"ERR@{k}"][at] != skipped.values[f"ERR@{k}"][at]) == (max(grades) <= 0)
        assert skipped.values[f"Judged@{k}"][at] == skipped.values[f"Judged@{k}"][at]  # never NaN


# ---- ir_measures itself ---------------------------------------------------------------------------------------

#: gdeval (ir_measures' ERR) reads query ids as numbers and grades 0..4 (its g_max is 4)
NUMERIC_QIDS = ["1", "2", "3", "17"]


@st.composite
def ir_measures_collections(draw):
    """Integer grades 0..4, numeric query ids, the same queries in both, distinct scores (the tools
    behind ir_measures break ties each its own way)."""
    queries = draw(st.lists(st.sampled_from(NUMERIC_QIDS), unique=True, min_size=1, max_size=3))
    qrels, run = {}, {}
    for query in queries:
        docs = draw(st.lists(st.sampled_from(DOCS[:12]), unique=True, min_size=1, max_size=8))
        qrels[query] = {doc: draw(st.sampled_from([0, 0, 1, 2, 3, 4])) for doc in docs}
        ranked_docs = draw(st.lists(st.sampled_from(DOCS[:12]), unique=True, min_size=1, max_size=12))
        run[query] = {doc: float(len(ranked_docs) - i) for i, doc in enumerate(ranked_docs)}
    return qrels, run


@settings(max_examples=40, deadline=None)
@given(ir_measures_collections(), CUTOFFS, st.sampled_from([0.5, 0.8, 0.95]), st.sampled_from([1, 2]),
       st.dictionaries(st.sampled_from([0, 1, 2, 3, 4]), st.sampled_from([0, 1, 3, 7, 15]), min_size=1))
def test_batch_equals_ir_measures(collection, k, p, rel, gains):
    ir_measures = pytest.importorskip("ir_measures")
    pytest.importorskip("cwl")
    qrels, run = collection
    gains_text = measure_name("nDCG", None, gains=gains)
    pairs = {  # ours -> ir_measures'
        f"Judged@{k}": f"Judged@{k}", f"RBP(p={p},rel={rel})": f"RBP(p={p},rel={rel})",
        f"ERR(max_grade=4)@{k}": f"ERR@{k}", f"{gains_text}@{k}": f"{gains_text}@{k}", gains_text: gains_text}
    ours = evaluate(qrels, run, list(pairs))
    theirs = {name: ir_measures.parse_measure(name) for name in pairs.values()}
    got: dict = {}
    for metric in ir_measures.iter_calc(list(theirs.values()), qrels, run):
        got[(metric.query_id, metric.measure)] = metric.value
    for name, their_name in pairs.items():
        canonical = str(parse_measure(name))
        tolerance = 1e-5 if name.startswith("ERR") else 1e-9  # gdeval prints 5 decimals
        for at, query in enumerate(ours.queries):
            expected = got[(query, theirs[their_name])]
            assert ours.values[canonical][at] == pytest.approx(expected, abs=tolerance), (name, query)
    aggregate = ir_measures.calc_aggregate([theirs[f"Judged@{k}"]], qrels, run)
    assert ours.aggregate[f"Judged@{k}"] == pytest.approx(aggregate[theirs[f"Judged@{k}"]], abs=1e-12)


# ---- hand-checked cases and refusals ---------------------------------------------------------------------------

QRELS = {"q1": {"a": 2, "b": 0, "c": 1, "x": 3}, "q2": {"a": 0}}
RUN = {"q1": {"a": 3.0, "b": 2.0, "c": 1.0, "u": 0.5}, "q2": {"z": 1.0}}


@pytest.mark.parametrize(("measure", "expected"), [
    ("Judged@10", [0.75, 0.0]), ("Judged@2", [1.0, 0.0]), ("Judged@3", [1.0, 0.0]),
    ("RBP(p=0.5)", [0.5 * (1 + 0.25), 0.0]), ("RBP(p=0.5,rel=2)", [0.5, 0.0]),
    ("ERR(max_grade=2)", [0.75 + 0.25 * 1 / 4 / 3, 0.0]), ("ERR@1", [3 / 16, 0.0]), ("ERR(max_grade=2)@1", [0.75, 0.0]),
    ("nDCG(gains={0:0,1:1,2:3})@2", [3 / (3 + 3 / 1.584962500721156), 0.0]),
])
def test_hand_checked(measure, expected):
    values = evaluate(QRELS, RUN, [measure]).values[str(parse_measure(measure))]
    assert values.tolist() == pytest.approx(expected, abs=1e-15)


def test_err_refuses_a_grade_above_max_grade_naming_the_query():
    with pytest.raises(MetricsInputError, match=r"ERR\(max_grade=1\): query 'q1' ranks an item of grade 2"):
        evaluate(QRELS, RUN, ["ERR(max_grade=1)"])
    with pytest.raises(MetricsInputError, match=r"ERR: query 'q' ranks an item of grade 5, above max_grade=4"):
        evaluate({"q": {"a": 5}}, {"q": {"a": 1.0}}, ["ERR"])  # the default scale is 0-4, as gdeval's
    assert MAX_ERR_GRADE == MAX_GRADE  # the grammar's limit is the single-ranking function's


def test_an_empty_run_and_unjudged_only_rankings():
    result = evaluate({"q": {"a": 1}}, {"q": {"b": 1.0, "c": 0.5}}, ["Judged@5", "RBP", "ERR@5", "nDCG(gains={1:5})"])
    assert [float(v[0]) for v in result.values.values()] == [0.0, 0.0, 0.0, 0.0]
    empty = evaluate({"q": {"a": 1}}, {"q": {"a": 1.0}}, ["Judged"], count_missing=True)
    assert empty.values["Judged"].tolist() == [1.0]


# ---- names ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "canonical"), [
    ("Judged@10", "Judged@10"), ("judged", "Judged"), ("RBP(p=0.8)", "RBP"), ("RBP(rel=1,p=0.50)@5", "RBP(p=0.5)@5"),
    ("rbp(p=0.5,rel=2)", "RBP(p=0.5,rel=2)"), ("ERR@10", "ERR@10"), ("ERR(max_grade=4.0)@20", "ERR@20"),
    ("ERR(max_grade=3.0)@20", "ERR(max_grade=3)@20"),
    ("nDCG(gains={0:0,1:1,2:3})@10", "nDCG(gains={0:0,1:1,2:3})@10"),
    ("nDCG(gains={2:3.0, 0:0 ,1:1})", "nDCG(gains={0:0,1:1,2:3})"),
    ("nDCG(ideal=list,gains={-1:0,0.5:1e-05})", "nDCG(gains={-1:0,0.5:1e-05},ideal=list)"),
])
def test_names_round_trip(text, canonical):
    m = parse_measure(text)
    assert str(m) == canonical and parse_measure(canonical) == m and subtitle(canonical)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.integers(-3, 6) | st.floats(-10, 10, allow_nan=False), st.floats(-1e6, 1e6), min_size=1),
       st.none() | st.integers(1, 1000), st.sampled_from(["judged", "list"]))
def test_any_gain_map_round_trips(gains, k, ideal):
    name = measure_name("nDCG", k, gains=gains, ideal=ideal)
    m = parse_measure(name)
    assert str(m) == name and parse_gain_map(m.param("gains")) == {float(g): float(v) for g, v in gains.items()}


def test_the_single_ranking_explanations_use_the_grammars_names():
    explained = [metrics.judged_steps([1, None, 0], 10), metrics.rbp_steps([1, 0], 5, p=0.5, threshold=2),
                 metrics.rbp_steps([1, 0]), metrics.err_steps([2, 0, 1], 3, max_grade=2),
                 metrics.ndcg_gain_map_steps([1, 2, 0], {0: 0, 1: 1, 2: 3}, 3),
                 metrics.ndcg_gain_map_steps([1, 2, 0], {2: 3}, ideal=[2, 1, 0, 1])]
    assert [e.measure for e in explained] == ["Judged@10", "RBP(p=0.5,rel=2)@5", "RBP", "ERR(max_grade=2)@3",
                                              "nDCG(gains={0:0,1:1,2:3},ideal=list)@3", "nDCG(gains={2:3})"]
    for e in explained:
        assert str(parse_measure(e.measure)) == e.measure


@pytest.mark.parametrize(("text", "message"), [
    ("nDCG(gains={})", "empty map"), ("nDCG(gains={0:0,1})", "expected grade:gain pairs"),
    ("nDCG(gains={0:0,0:1})", "grade 0 is given twice"), ("nDCG(gains={{0:0}})", "unbalanced or nested braces"),
    ("nDCG(gains={0:0)", "unbalanced or nested braces"), ("nDCG(gains=0:1)", "a map in braces"),
    ("nDCG(gains={a:1})", "a grade in gains must be a number"), ("nDCG(gains={1:nan})", "must be finite"),
    ("nDCG(gain=exp,gains={0:1})", "exclude each other"), ("RBP(p=1)", "between 0 and 1"),
    ("RBP(p=0)", "between 0 and 1"), ("ERR(max_grade=0)", "above 0"), ("ERR(max_grade=1001)", "at most 1000"),
    ("Judged(rel=2)", "accepts no parameter 'rel'"), ("RBP(p=0.5,p=0.6)", "given twice"),
    ("ERR(p=0.5)", "no parameter"),
])
def test_malformed_names_are_refused_with_a_message(text, message):
    with pytest.raises(MetricsInputError, match=message.replace("(", r"\(").replace("{", r"\{")):
        parse_measure(text)


def test_a_comma_separated_string_keeps_a_gain_map_whole():
    parsed = parse_measures("nDCG(gains={0:0,1:1,2:3})@10, RBP(p=0.5) ERR@10,Judged@5")
    assert [str(m) for m in parsed] == ["nDCG(gains={0:0,1:1,2:3})@10", "RBP(p=0.5)", "ERR@10", "Judged@5"]


def test_a_gain_map_is_named_as_the_grammar_writes_it():
    """The step table's name writes the map's numbers whole (1e-05, not 0), as parse_measure does."""
    steps = metrics.ndcg_gain_map_steps([1, 0.5, 0], {0.5: 1e-05, 1: 1}, 3)
    assert steps.measure == "nDCG(gains={0.5:1e-05,1:1},ideal=list)@3"
    assert str(parse_measure(steps.measure)) == steps.measure
