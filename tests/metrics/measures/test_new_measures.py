"""The measures of metrics.measures' newer modules against pytrec_eval (trec_eval), hand-worked
examples and slow references: bpref, interpolated precision, 11pt_avg, num_*, set_*, Rprec_mult, GM_MAP,
nDCG with a gain map, Judged@k, RBP, ERR; and their step tables and worked formulas."""

import math

import pytest
import pytrec_eval
from hypothesis import given, settings
from hypothesis import strategies as st

import metrics
from metrics.measures.interpolated import RECALL_LEVELS
from metrics.teaching.explain import EXPLAINERS, explain

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

#: a judged grade (no negative ones: trec_eval mishandles a query judged only below 0, see test_batch)
GRADES = st.sampled_from([0, 0, 1, 1, 2, 3])
RANKED = st.lists(st.one_of(st.none(), GRADES), min_size=1, max_size=12)  #: None: an unjudged item


@st.composite
def judged_rankings(draw):
    """A ranking (grades in ranked order, None unjudged), judged items left out of it, a threshold."""
    return draw(RANKED), draw(st.lists(GRADES, max_size=8)), draw(st.sampled_from([1, 2]))


def collection(ranked, unretrieved):
    """A one-query qrels and run for pytrec_eval: scores n, n-1, ... (distinct, exact in float32) give the order."""
    qrels = {f"d{i}": grade for i, grade in enumerate(ranked, start=1) if grade is not None}
    qrels.update({f"x{i}": grade for i, grade in enumerate(unretrieved, start=1)})
    run = {f"d{i}": float(len(ranked) - i + 1) for i in range(1, len(ranked) + 1)}
    return {"q": qrels}, {"q": run}


def trec(ranked, unretrieved, threshold, measures):
    qrels, run = collection(ranked, unretrieved)
    if not qrels["q"]:
        qrels["q"]["x0"] = 0  # trec_eval needs the query judged at all
    return pytrec_eval.RelevanceEvaluator(qrels, measures, relevance_level=threshold).evaluate(run)["q"]


def counts(ranked, unretrieved, threshold):
    """R and N: every judged relevant and judged non-relevant item, retrieved or not."""
    judged = [g for g in ranked if g is not None] + list(unretrieved)
    return sum(g >= threshold for g in judged), sum(g < threshold for g in judged)


def approx(value):
    return pytest.approx(value, abs=1e-12)


@settings(max_examples=150, deadline=None)
@given(judged_rankings())
def test_bpref_matches_trec_eval(case):
    ranked, unretrieved, threshold = case
    R, N = counts(ranked, unretrieved, threshold)
    expected = trec(ranked, unretrieved, threshold, {"bpref"})["bpref"]
    assert metrics.bpref(ranked, n_relevant=R, n_nonrelevant=N, threshold=threshold) == approx(expected)


@settings(max_examples=150, deadline=None)
@given(judged_rankings())
def test_interpolated_precision_and_11pt_avg_match_trec_eval(case):
    ranked, unretrieved, threshold = case
    R, _ = counts(ranked, unretrieved, threshold)
    got = trec(ranked, unretrieved, threshold, {"iprec_at_recall", "11pt_avg"})
    explanation = metrics.iprec_steps(ranked_as_zero(ranked), n_relevant=R, threshold=threshold)
    for level, value in zip(RECALL_LEVELS, explanation.table["iprec"]):
        assert value == approx(got[f"iprec_at_recall_{level:.2f}"]), level
    assert explanation.value == approx(got["11pt_avg"])
    assert metrics.iprec_at_recall(ranked_as_zero(ranked), 0.5, R, threshold) == approx(got["iprec_at_recall_0.50"])


def ranked_as_zero(ranked):
    """Unjudged items as grade 0: the binary measures count them as not relevant."""
    return [0 if grade is None else grade for grade in ranked]


@settings(max_examples=150, deadline=None)
@given(judged_rankings())
def test_counts_match_trec_eval(case):
    ranked, unretrieved, threshold = case
    R, _ = counts(ranked, unretrieved, threshold)
    got = trec(ranked, unretrieved, threshold, {"num_ret", "num_rel", "num_rel_ret", "num_nonrel_judged_ret"})
    assert metrics.num_ret(ranked) == got["num_ret"]
    assert metrics.num_rel(ranked, R, threshold) == got["num_rel"]
    assert metrics.num_rel_ret(ranked, threshold) == got["num_rel_ret"]
    assert metrics.num_nonrel_judged_ret(ranked, threshold) == got["num_nonrel_judged_ret"]


@settings(max_examples=150, deadline=None)
@given(judged_rankings())
def test_set_measures_match_trec_eval(case):
    ranked, unretrieved, threshold = case
    R, _ = counts(ranked, unretrieved, threshold)
    got = trec(ranked, unretrieved, threshold, {"set_P", "set_recall", "set_F"})
    assert metrics.set_precision(ranked, threshold) == approx(got["set_P"])
    assert metrics.set_recall(ranked, R, threshold) == approx(got["set_recall"])
    expected_f = got["set_F"] if not math.isnan(got["set_F"]) else 0.0  # trec_eval: 0/0 when nothing relevant is found
    assert metrics.set_f(ranked, R, threshold) == approx(expected_f)


@settings(max_examples=150, deadline=None)
@given(judged_rankings())
def test_rprec_mult_matches_trec_eval(case):
    ranked, unretrieved, threshold = case
    R, _ = counts(ranked, unretrieved, threshold)
    got = trec(ranked, unretrieved, threshold, {"Rprec_mult"})
    for mult in (0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0):
        assert metrics.rprec_mult(ranked_as_zero(ranked), mult, R, threshold) == approx(
            got[f"Rprec_mult_{mult:.2f}"]), mult


@settings(max_examples=60, deadline=None)
@given(st.lists(judged_rankings(), min_size=1, max_size=5))
def test_gm_map_matches_trec_eval_over_several_queries(cases):
    qrels, run, aps = {}, {}, []
    for number, (ranked, unretrieved, _) in enumerate(cases):
        one_qrels, one_run = collection(ranked, unretrieved)
        one_qrels["q"].setdefault("x0", 0)
        qrels[f"q{number}"], run[f"q{number}"] = one_qrels["q"], one_run["q"]
        R, _ = counts(ranked, unretrieved, 1)
        aps.append(metrics.average_precision(ranked_as_zero(ranked), n_relevant=R))
    per_query = pytrec_eval.RelevanceEvaluator(qrels, {"gm_map"}).evaluate(run)
    # per query pytrec_eval reports log(max(AP, 0.00001)); over queries trec_eval takes exp of their mean
    expected = math.exp(sum(values["gm_map"] for values in per_query.values()) / len(per_query))
    explanation = metrics.gm_map_steps(aps, list(per_query))
    assert explanation.value == pytest.approx(expected, rel=1e-12)
    assert list(explanation.table["log_AP"]) == pytest.approx([per_query[q]["gm_map"] for q in per_query], abs=1e-12)


@settings(max_examples=100, deadline=None)
@given(judged_rankings(), st.dictionaries(st.sampled_from([0, 1, 2, 3]), st.sampled_from([0, 1, 2, 3, 5, 7]),
                                          min_size=1))
def test_ndcg_with_a_gain_map_matches_trec_eval_on_mapped_qrels(case, gains):
    """ir_measures' nDCG(gains=...) maps each judged grade (a grade outside the map keeps its value)
    and asks trec_eval's ndcg: the same here, the ideal ordering from every judged item."""
    ranked, unretrieved, _ = case
    unretrieved = unretrieved or [0]  # trec_eval needs the query judged at all
    mapped = [None if g is None else gains.get(g, g) for g in ranked]
    expected = trec(mapped, [gains.get(g, g) for g in unretrieved], 1, {"ndcg"})["ndcg"]
    judged = [g for g in ranked if g is not None] + list(unretrieved)
    assert metrics.ndcg_gain_map(ranked, gains, ideal=judged) == approx(expected)


def test_ndcg_with_the_identity_gain_map_is_ndcg():
    rels = [3, 2, 3, 0, 1]
    assert metrics.ndcg_gain_map(rels, {0: 0, 1: 1, 2: 2, 3: 3}, k=3) == approx(metrics.ndcg(rels, k=3))
    steps = metrics.ndcg_gain_map_steps([1, 2, 0], {0: 0, 1: 1, 2: 3})
    assert list(steps.table["rel"]) == [1, 2, 0] and list(steps.table["gain"]) == [1, 3, 0]
    assert steps.measure == "nDCG(gains={0:0,1:1,2:3},ideal=list)"
    assert "3/log2(3)" in steps.worked_text


# ---- Judged, RBP, ERR: hand-worked examples and slow references ------------------------------------------


def ref_judged(ranked, k):
    top = ranked[:k] if k else ranked
    return sum(g is not None for g in top) / len(top) if top else 0.0


def ref_rbp(ranked, p, k=None, threshold=1):
    total, weight = 0.0, 1 - p
    for grade in (ranked[:k] if k else ranked):
        if grade is not None and grade >= threshold:
            total += weight
        weight *= p
    return total


def ref_err(ranked, k=None, max_grade=4):
    grades = [max(g or 0, 0) for g in ranked]
    top = max_grade
    total, still_reading = 0.0, 1.0
    for rank, grade in enumerate(grades[:k] if k else grades, start=1):
        stop = (2 ** grade - 1) / 2 ** top
        total += still_reading * stop / rank
        still_reading *= 1 - stop
    return total


def test_judged_hand_worked():
    assert metrics.judged_at_k([1, None, 0, None], 2) == 0.5
    assert metrics.judged_at_k([1, None, 0, None], 3) == pytest.approx(2 / 3)
    assert metrics.judged_at_k([1, None], 10) == 0.5  # ir_measures: the top 10 of two items is the two
    assert metrics.judged_steps([None, 2], 2).worked_text == "Judged@2 = 1/2 = 0.5"


def test_rbp_hand_worked():
    # Moffat & Zobel's example shape: relevant at ranks 1 and 3, p = 0.5 → 0.5·(1 + 0.25) = 0.625
    assert metrics.rank_biased_precision([1, 0, 1], p=0.5) == 0.625
    # p = 0.8 (ir_measures' default): relevant at 1, 2 → 0.2·(1 + 0.8) = 0.36
    assert metrics.rank_biased_precision([1, 1, 0, 0]) == pytest.approx(0.36)
    steps = metrics.rbp_steps([1, 0, 1], p=0.5)
    assert list(steps.table["residual"]) == [0.5, 0.25, 0.125]
    assert steps.measure == "RBP(p=0.5)" and metrics.rbp_steps([1], k=5).measure == "RBP@5"


def test_err_hand_worked():
    # Chapelle et al.: R_i = (2^g − 1)/2^g_max; grades 2, 0, 1 with g_max = 2: 3/4 + 0 + (1/4)(1/4)/3
    assert metrics.expected_reciprocal_rank([2, 0, 1], max_grade=2) == pytest.approx(0.75 + 1 / 48)
    steps = metrics.err_steps([2, 0, 1], max_grade=2)
    assert list(steps.table["reach"]) == [1.0, 0.25, 0.25]
    assert metrics.expected_reciprocal_rank([4, 4], k=1, max_grade=4) == pytest.approx(15 / 16)
    assert metrics.expected_reciprocal_rank([4, 4], k=1) == pytest.approx(15 / 16)  # the default g_max is 4
    with pytest.raises(metrics.MetricsInputError, match="below the largest grade"):
        metrics.expected_reciprocal_rank([5, 1])  # a 0-5 scale needs max_grade=5


@settings(max_examples=150, deadline=None)
@given(RANKED, st.sampled_from([None, 1, 2, 3, 5, 20]), st.sampled_from([0.5, 0.8, 0.95]), st.sampled_from([1, 2]))
def test_judged_rbp_err_match_slow_references(ranked, k, p, threshold):
    assert metrics.judged_at_k(ranked, k) == approx(ref_judged(ranked, k))
    zeros = ranked_as_zero(ranked)
    assert metrics.rank_biased_precision(zeros, k, p, threshold) == approx(ref_rbp(ranked, p, k, threshold))
    assert metrics.expected_reciprocal_rank(zeros, k) == approx(ref_err(ranked, k))  # g_max 4, as gdeval
    assert metrics.expected_reciprocal_rank(zeros, k, max_grade=3) == approx(ref_err(ranked, k, 3))


# ---- the step tables and formulas ---------------------------------------------------------------------------

NEW = ("bpref", "iprec", "num_ret", "num_rel", "num_rel_ret", "num_nonrel_judged_ret", "set_p", "set_recall",
       "set_f", "rprec_mult", "judged", "rbp", "err", "ndcg_gains")
OPTIONS = {"ndcg_gains": {"gains": {0: 0, 1: 1, 2: 3}}, "rprec_mult": {"mult": 1.5}}


@pytest.mark.parametrize("name", NEW)
def test_every_new_measure_is_explained_at_every_step(name):
    unjudged = name in ("bpref", "judged") or name.startswith("num")
    rels = [2, None, 0, 1, None, 0, 2] if unjudged else [2, 0, 0, 1, 0, 0, 2]
    explanation = explain(name, rels, **OPTIONS.get(name, {}))
    assert EXPLAINERS[name].title
    rows = len(explanation.table)
    assert rows >= 1
    assert explanation.value == pytest.approx(float(explanation.table[explanation.column].iloc[-1]))
    for step in range(1, rows + 1):
        assert explanation.worked_lines(step), step
        assert explanation.worked_text_at(step), step
        assert explanation.running_at(step)
    assert metrics.explanation.num(explanation.value) in explanation.worked_text
    for column in explanation.table.columns:
        assert column in metrics.explanation.COLUMN_LABELS, column


def test_bpref_table_shows_the_judged_nonrelevant_items_above_each_relevant_one():
    steps = metrics.bpref_steps([1, 0, None, 1, 0, 1])
    assert list(steps.table["nonrel_above"]) == [0, 0, 1, 1, 1, 2]
    assert list(steps.table["term"]) == [1, 0, 0, 0.5, 0, 0]
    assert steps.worked_text.startswith("Bpref = (1 + (1 - 1/2) + (1 - 2/2)) / 3 = 0.5")


def test_interpolation_takes_the_best_precision_at_or_beyond_each_recall_level():
    steps = metrics.iprec_steps([0, 1, 1, 0, 1], n_relevant=3)  # P at the hits: 1/2, 2/3, 3/5
    # hits needed ⌊r·3 + 0.9⌋: 0, 1, 1, 1, 2, 2, 2, 2 (0.7·3 + 0.9 is 2.9999999999999996, as in trec_eval), 3, 3, 3
    assert list(steps.table["hits_needed"]) == [0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3]
    assert list(steps.table["iprec"]) == pytest.approx([2 / 3] * 8 + [3 / 5] * 3)
    points = steps.details["points"]
    assert list(points["recall"]) == pytest.approx([0, 1 / 3, 2 / 3, 2 / 3, 1])


@pytest.mark.parametrize("call", [
    lambda: metrics.rank_biased_precision([1], p=1.0),
    lambda: metrics.rank_biased_precision([1], p=0),
    lambda: metrics.bpref([1, "x"]),
    lambda: metrics.bpref([1, 0], n_nonrelevant=0),
    lambda: metrics.gm_map([]),
    lambda: metrics.gm_map([1.5]),
    lambda: metrics.rprec_mult([1], mult=-1),
    lambda: metrics.ndcg_gain_map([1], {}),
    lambda: metrics.set_f([1], beta=0),
])
def test_bad_input_is_refused_with_a_message(call):
    with pytest.raises(metrics.MetricsInputError):
        call()


def test_cli_explains_a_new_measure(capsys):
    from metrics.cli import main

    assert main(["explain", "bpref", "--rels", "1", "0", "u", "1", "--n-nonrelevant", "3"]) == 0
    out = capsys.readouterr().out
    assert "Bpref = (1 + (1 - 1/2)) / 2 = 0.75" in out
    assert main(["explain", "ndcg_gains", "--rels", "1", "2", "0", "--gains", "0:0", "1:1", "2:3"]) == 0
    assert "nDCG(gains={0:0,1:1,2:3},ideal=list) = 2.8928 / 3.6309 = 0.7967" in capsys.readouterr().out
    assert main(["explain", "rbp", "--rels", "1", "0", "1", "-p", "0.5"]) == 0
    assert "RBP(p=0.5) = 0.6250" in capsys.readouterr().out


def test_gm_map_step_table_over_queries():
    steps = metrics.gm_map_steps([0.5, 0.0, 0.25], ["a", "b", "c"])
    assert list(steps.table["floored"]) == [0.5, 0.00001, 0.25]
    assert steps.value == pytest.approx((0.5 * 0.00001 * 0.25) ** (1 / 3))
    assert steps.worked_text.splitlines()[0] == "GM_MAP = exp((ln 0.5 + ln 0.00001 + ln 0.25) / 3)"
    assert steps.details["MAP"] == pytest.approx(0.25)


# ---- ir_measures itself (requirements-dev.txt): Judged@k, RBP (cwl-eval), ERR@k (gdeval), nDCG(gains=...) ----

#: gdeval reads a query id as a number and grades up to 4 (its MAX_JUDGMENT, ERR's g_max)
GDEVAL_GRADES = st.sampled_from([0, 0, 1, 2, 3, 4])


@settings(max_examples=40, deadline=None)
@given(st.lists(st.one_of(st.none(), GDEVAL_GRADES), min_size=1, max_size=10), st.lists(GDEVAL_GRADES, max_size=5),
       st.sampled_from([1, 3, 5, 10]), st.sampled_from([0.5, 0.8, 0.95]), st.sampled_from([1, 2]))
def test_judged_rbp_err_and_gain_maps_match_ir_measures(ranked, unretrieved, k, p, threshold):
    ir_measures = pytest.importorskip("ir_measures")
    pytest.importorskip("cwl")
    qrels, run = collection(ranked, unretrieved or [0])
    qrels, run = {"1": qrels["q"]}, {"1": run["q"]}
    gains = {0: 0, 1: 1, 2: 3, 3: 7}
    judged_at, rbp, err, ndcg = (ir_measures.Judged @ k, ir_measures.RBP(p=p, rel=threshold), ir_measures.ERR @ k,
                                 ir_measures.nDCG(gains=gains))
    got = ir_measures.calc_aggregate([judged_at, rbp, err, ndcg], qrels, run)
    zeros = ranked_as_zero(ranked)
    assert metrics.judged_at_k(ranked, k) == approx(got[judged_at])
    assert metrics.rank_biased_precision(zeros, p=p, threshold=threshold) == pytest.approx(got[rbp], abs=1e-9)
    # gdeval prints 5 decimals
    assert metrics.expected_reciprocal_rank(zeros, k, max_grade=4) == pytest.approx(got[err], abs=1e-5)
    judged = [g for g in ranked if g is not None] + list(unretrieved or [0])
    assert metrics.ndcg_gain_map(ranked, gains, ideal=judged) == approx(got[ndcg])


def test_err_refuses_a_largest_grade_below_the_grades():
    with pytest.raises(metrics.MetricsInputError, match="max_grade=2 is below the largest grade, 3"):
        metrics.expected_reciprocal_rank([3, 1], max_grade=2)


@pytest.mark.parametrize("rels", [[1e308, 1], [2000, 0]])
def test_err_refuses_grades_whose_power_overflows(rels):
    with pytest.raises(metrics.MetricsInputError, match="too large for ERR"):
        metrics.expected_reciprocal_rank(rels)
