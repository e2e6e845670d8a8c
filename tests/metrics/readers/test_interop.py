"""The practitioner's objects in and out (issue 22): ir_measures measure objects and ranx's Qrels/Run accepted where
names and data are; results as a tidy DataFrame, ranx-style and pytrec_eval-style dicts and ir_measures' per-query
records, each checked against the real library; no silent NaN (the command line's refusal, the same words); a named
warning when grades below the relevance level are dropped; the notebook displays."""

from __future__ import annotations

import math
import warnings
from pathlib import Path

import ir_measures
import pandas as pd
import pytest

from metrics.batch import evaluate
from metrics.errors import GradesBelowLevelWarning, MetricsInputError
from metrics.explanation import Explanation
from metrics.measures.ndcg import ndcg_steps
from metrics.readers.io import read_qrels, read_run

TREC = Path(__file__).resolve().parents[3] / "sample_data" / "trec"
QRELS_FILE, RUN_FILE = TREC / "qrels.txt", TREC / "run_a.txt"


def as_dicts():
    qrels, run = read_qrels(QRELS_FILE), read_run(RUN_FILE)
    qrels_dict = {q: dict(zip(g["item"], g["rel"].astype(int))) for q, g in qrels.groupby("query")}
    run_dict = {q: dict(zip(g["item"], g["score"].astype(float))) for q, g in run.groupby("query")}
    return qrels_dict, run_dict


#: measures whose conventions agree between ir_measures' default providers and trec_eval (ties: trec_eval's)
AGREEING = [ir_measures.nDCG @ 10, ir_measures.nDCG, ir_measures.AP, ir_measures.AP(rel=2), ir_measures.P @ 5,
            ir_measures.R @ 10, ir_measures.Rprec, ir_measures.Success @ 1, ir_measures.RR]


@pytest.mark.parametrize("measure", AGREEING, ids=str)
def test_ir_measures_objects_are_measures(measure):
    qrels, run = as_dicts()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", GradesBelowLevelWarning)
        ours = evaluate(qrels, run, [measure])
        assert ours.aggregate == evaluate(qrels, run, [str(measure)]).aggregate
        alone = evaluate(qrels, run, measure)  # one object, not in a list
    assert alone.aggregate == ours.aggregate
    theirs = {m.query_id: m.value for m in ir_measures.iter_calc([measure], qrels, run)}
    for query, value in zip(ours.queries, ours.values[str(measure)]):  # the queries in both (trec_eval's mean)
        assert value == pytest.approx(theirs[query], abs=1e-12), query


def test_ir_measures_dcg_parameter_is_the_gain():
    qrels, run = as_dicts()
    exp = evaluate(qrels, run, [ir_measures.nDCG(dcg="exp-log2") @ 10]).aggregate
    assert list(exp.values()) == list(evaluate(qrels, run, ["nDCG(gain=exp)@10"]).aggregate.values())
    lin = evaluate(qrels, run, [ir_measures.nDCG(dcg="log2") @ 10]).aggregate
    assert lin == evaluate(qrels, run, ["nDCG@10"]).aggregate


def test_an_ir_measures_parameter_without_equivalent_is_refused_by_name():
    qrels, run = as_dicts()
    with pytest.raises(MetricsInputError, match=r"nDCG\(judged_only=True\)@10.*judged_only"):
        evaluate(qrels, run, [ir_measures.nDCG(judged_only=True) @ 10])


def test_per_query_records_are_ir_measures_own():
    qrels, run = as_dicts()
    measures = [ir_measures.nDCG @ 10, ir_measures.AP, ir_measures.P @ 5]
    ours = evaluate(qrels, run, measures).to_ir_measures()
    assert all(isinstance(record, ir_measures.Metric) for record in ours)
    theirs = {(m.query_id, str(m.measure)): m.value for m in ir_measures.iter_calc(measures, qrels, run)}
    # ir_measures also yields the judged queries the run lacks (it averages over every judged query): trec_eval -c
    assert {(m.query_id, str(m.measure)) for m in ours} == {key for key in theirs if key[0] in run}
    assert {(m.query_id, str(m.measure)) for m in evaluate(qrels, run, measures, count_missing=True)
            .to_ir_measures()} == set(theirs)
    for record in ours:
        assert record.value == pytest.approx(theirs[record.query_id, str(record.measure)], abs=1e-12)
    assert str(evaluate(qrels, run, ["nDCG(ideal=list)@5"]).to_ir_measures()[0].measure) == "nDCG(ideal=list)@5"


def test_tidy_and_dicts_round_trip():
    qrels, run = as_dicts()
    result = evaluate(qrels, run, ["nDCG@10", "AP", "P@5"])
    tidy = result.tidy()
    assert list(tidy.columns) == ["query", "measure", "value"] and len(tidy) == 3 * len(result.queries)
    wide = tidy.pivot(index="query", columns="measure", values="value")[list(result.values)]
    pd.testing.assert_frame_equal(wide, result.per_query, check_names=False, check_index_type=False)
    by_measure, by_query = result.to_dict(), result.to_pytrec_eval()
    for query in result.queries:
        for measure in result.values:
            assert by_measure[measure][query] == by_query[query][measure] == result.per_query.loc[query, measure]
    assert tidy.groupby("measure", sort=False)["value"].mean().to_dict() == pytest.approx(result.aggregate)


@pytest.mark.slow  # ranx compiles its measures with numba on first use
def test_ranx_objects_in_and_out():
    ranx = pytest.importorskip("ranx", reason="ranx is in the test extras (pyproject.toml); install it")
    qrels, tied = as_dicts()
    # the sample run has ties, which ranx and trec_eval order differently: the same rankings without ties here
    run = {q: {item: float(len(scores) - i) for i, (item, _) in
               enumerate(sorted(scores.items(), key=lambda pair: (pair[1], pair[0]), reverse=True))}
           for q, scores in tied.items()}
    assert evaluate(qrels, run, ["P@5"]).aggregate == evaluate(qrels, tied, ["P@5"]).aggregate
    ranx_qrels, ranx_run = ranx.Qrels(qrels), ranx.Run(run)
    ours = evaluate(ranx_qrels, ranx_run, ["nDCG@10", "P@5", "R@10"])
    assert ours.aggregate == evaluate(qrels, run, ["nDCG@10", "P@5", "R@10"]).aggregate
    # ranx's per-query scores as ours are laid out ({metric: {query: value}}); on these measures they agree
    for ours_name, theirs_name in (("P@5", "precision@5"), ("R@10", "recall@10")):
        ranx.evaluate(ranx_qrels, ranx_run, theirs_name, make_comparable=True)  # per query in run.scores
        per_query = ranx_run.scores[theirs_name]
        for query, value in ours.to_dict()[ours_name].items():
            assert value == pytest.approx(per_query[query], abs=1e-12), (ours_name, query)


def test_no_common_query_is_refused_not_nan():
    qrels = {"q7": {"a": 1}}
    run_without_query_column = pd.DataFrame({"item": ["a"], "score": [1.0]})  # read as query "q1"
    with pytest.raises(MetricsInputError, match=r"^No queries with both results and relevance info "
                                                r"\(qrels: 'q7'; run: 'q1'\)$"):
        evaluate(qrels, run_without_query_column, ["AP"])
    with pytest.raises(MetricsInputError, match="^No queries with both"):
        evaluate({"1": {"a": 1}}, {"2": {"a": 1.0}}, ["nDCG@10"], count_missing=True)
    assert math.isnan(evaluate({"1": {"a": 0}}, {"1": {"a": 1.0}}, ["AP"], no_relevant="nan").aggregate["AP"])


def test_grades_below_the_level_are_said():
    qrels = {"q1": {"a": 1, "b": 2, "c": 0}}
    run = {"q1": {"a": 0.9, "b": 0.5, "c": 0.1}}
    with pytest.warns(GradesBelowLevelWarning, match=r"^AP\(rel=2\): 1 judgement with a grade above 0 but below "
                                                     r"rel=2 count as not relevant \(gains for nDCG@10\)$"):
        evaluate(qrels, run, ["AP(rel=2)", "nDCG@10"])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        evaluate(qrels, run, ["AP", "nDCG@10"])  # level 1: nothing dropped, nothing said
        evaluate({"q1": {"a": 2, "c": 0}}, run, ["AP(rel=2)"])


def test_notebook_displays_are_short_and_escaped():
    explanation = ndcg_steps([3, 2, 3, 0, 1], k=3, items=["<b>x</b>", "a|b", "c", "d", "e"])
    assert isinstance(explanation, Explanation)
    assert repr(explanation).startswith("Explanation(nDCG(ideal=list)@3 = 0.9778, 3 steps: rank, item,")
    page = explanation._repr_html_()
    assert "&lt;b&gt;x&lt;/b&gt;" in page and "<b>x</b>" not in page
    assert "DCG@3 = 3/log2(2) + 2/log2(3) + 3/log2(4) = 5.7619" in page
    markdown = explanation._repr_markdown_()
    assert r"a\|b" in markdown and r"\frac{3}{\log_2(2)}" in markdown and "| 2 | a\\|b | 2 | 2 | 1.5850 |" in markdown
    qrels, run = as_dicts()
    result = evaluate(qrels, run, ["nDCG@10", "AP"])
    assert "array" not in repr(result) and repr(result).startswith(f"Evaluation({len(result.queries)} queries; nDCG@10 = ")
    table = result._repr_html_()
    assert "all (mean)" in table and f"{result.aggregate['AP']:.4f}" in table
    many = evaluate({f"q{i}": {"a": 1} for i in range(50)}, {f"q{i}": {"a": 1.0} for i in range(50)}, ["AP"])
    assert "… 31 more rows …" in many._repr_markdown_()  # 50 queries + the mean row, 20 shown
