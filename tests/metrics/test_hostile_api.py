"""Issue 12: the one-ranking API on hostile input.

Every exported one-ranking function, given anything (huge, tiny, NaN or infinite floats, huge
ints, empty lists, bools, NumPy arrays, strings, None, mismatched lengths, odd cut-offs), returns
finite numbers or raises :class:`metrics.MetricsInputError`, never another exception; on valid
finite input its numbers equal a reference (scikit-learn, NumPy cosine on scaled vectors).
"""

from __future__ import annotations

import math
import warnings
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sklearn.metrics import average_precision_score, ndcg_score, roc_auc_score

import metrics
from metrics import MetricsInputError
from metrics._validate import as_k
from metrics.explanation import Explanation
from metrics.teaching.changes import Change

# ----------------------------------------------------------------------------- hostile values

EDGE_NUMBERS = [1e308, -1e308, 1.7976931348623157e308, 5e-324, -5e-324, 1e-310, 1e200, -1e200, 0.0, -0.0,
                1023, 1024, 1100, 10 ** 400, -10 ** 400, 2 ** 63, math.nan, math.inf, -math.inf]
ODD_VALUES = [None, "1", "x", "", True, False, np.bool_(True), np.float64("nan"), np.int64(3), 1 + 1j,
              [1], Fraction(1, 3), Fraction(10 ** 400), Decimal("1.5"), object()]
numbers = st.one_of(st.integers(0, 4), st.floats(), st.integers(-10 ** 400, 10 ** 400), st.sampled_from(EDGE_NUMBERS))
anything = st.one_of(numbers, st.sampled_from(ODD_VALUES), st.text(max_size=2))


def sequences(element):
    """Lists (mostly of ``element``), NumPy arrays, pandas Series, and things that are not sequences."""
    lists = st.lists(element, max_size=8)
    floats = st.lists(st.one_of(st.floats(), st.sampled_from(EDGE_NUMBERS[:10])), max_size=8)
    return st.one_of(
        lists, lists, floats.map(np.array), floats.map(pd.Series),
        st.lists(st.booleans(), max_size=8).map(np.array),
        st.sampled_from([None, "3 2 1", "", 5, 2.5, np.array(3.0), np.zeros((2, 2)), {"a": 1}, [[1, 2]],
                         np.array(["a", "b"]), (x for x in [1, 2])]),
    )


grade_lists = sequences(st.one_of(numbers, numbers, numbers, st.sampled_from(ODD_VALUES)))
cutoffs = st.one_of(st.none(), st.integers(-3, 40), st.sampled_from([0, -1, 2.5, True, "3", np.int64(3), math.nan,
                                                                      10 ** 4]))
counts = st.one_of(st.none(), st.integers(-2, 40), st.sampled_from([2.5, True, "3", 2 ** 53 + 1, 10 ** 400]))
thresholds = st.one_of(st.just(1), st.sampled_from([0, -1, 0.5, 2, 5e-324, 1e308, 10 ** 400, math.nan, math.inf,
                                                    None, "1", True, Fraction(1, 2)]))


def _k_has_a_limit() -> bool:
    try:
        as_k(10 ** 18)
    except MetricsInputError:
        return True
    return False


#: rows to build (rr_curve, discounts): huge counts only once as_k has an upper limit (another branch adds it)
rows = counts if _k_has_a_limit() else st.one_of(st.none(), st.integers(-2, 40), st.sampled_from([2.5, True, "3"]))
gains = st.sampled_from(["linear", "exponential", "exp", None, 1, ["linear"], np.array(["linear", "x"])])
labels = sequences(st.one_of(st.integers(0, 1), st.integers(0, 1), st.sampled_from([2, -1, 0.5, True, None, "1",
                                                                                       math.nan, 1.0])))
item_ids = st.sampled_from(list("abcdef"))
id_lists = st.one_of(st.lists(item_ids, max_size=6), st.lists(item_ids, max_size=6, unique=True),
                     st.sampled_from([None, "abc", 5, [["a"]], {"a": 1}]))
vectors = st.one_of(st.lists(numbers, min_size=2, max_size=2), st.lists(numbers, max_size=3),
                    st.sampled_from([None, "ab", 5, [[1, 2]], [1e200, 0], [0, 0]]))
feature_maps = st.one_of(st.dictionaries(item_ids, vectors, max_size=6),
                         st.dictionaries(item_ids, st.lists(numbers, min_size=2, max_size=2), min_size=6, max_size=6),
                         st.sampled_from([None, [1, 2], "a", 3]))


@st.composite
def matrices(draw):
    items = list("abcdef")
    values = draw(st.lists(numbers, min_size=36, max_size=36))
    cells = np.array(values, dtype=object).reshape(6, 6)
    if draw(st.booleans()):  # symmetric, the diagonal 1
        cells = np.triu(cells, 1) + np.triu(cells, 1).T
        np.fill_diagonal(cells, 1)
    return pd.DataFrame(cells, index=items, columns=items)


metric_names = st.sampled_from(["cosine", "jaccard", "euclid", None, 1, np.array(["cosine", "x"])])
recommendations = st.one_of(st.dictionaries(st.sampled_from(["u1", "u2", 3, None]), id_lists, max_size=3),
                            st.sampled_from([None, [["a"]], "u1", 3]))
catalogs = st.one_of(st.just(list("abcdef")), id_lists)


def _ranking(draw, name):
    """A call of a one-ranking function with hostile arguments; returns its result."""
    d = draw
    hits = lambda: d(grade_lists)  # noqa: E731
    calls = {
        "cg": lambda: metrics.cg(hits(), d(cutoffs)),
        "dcg": lambda: metrics.dcg(hits(), d(cutoffs), d(gains)),
        "idcg": lambda: metrics.idcg(hits(), d(cutoffs), d(gains)),
        "gains": lambda: metrics.gains(hits(), d(gains)),
        "discounts": lambda: metrics.discounts(d(rows)),
        "ndcg": lambda: metrics.ndcg(hits(), d(cutoffs), d(gains), ideal=d(st.one_of(st.none(), grade_lists)),
                                     scores=d(st.one_of(st.none(), grade_lists))),
        "ndcg_steps": lambda: metrics.ndcg_steps(hits(), d(cutoffs), d(gains), ideal=d(st.one_of(st.none(), grade_lists)),
                                                 items=d(st.one_of(st.none(), id_lists)),
                                                 scores=d(st.one_of(st.none(), grade_lists)),
                                                 ideal_from=d(st.sampled_from([None, "judged", "list", "", "x", 1]))),
        "average_precision": lambda: metrics.average_precision(
            hits(), d(cutoffs), d(counts), d(st.sampled_from([None, "relevant", "found", "min_k_relevant", "R", 3])),
            threshold=d(thresholds)),
        "ap_steps": lambda: metrics.ap_steps(hits(), d(cutoffs), d(counts), items=d(st.one_of(st.none(), id_lists)),
                                             threshold=d(thresholds)),
        "mean_average_precision": lambda: metrics.mean_average_precision(d(st.lists(grade_lists, max_size=3))),
        "reciprocal_rank": lambda: metrics.reciprocal_rank(hits(), d(cutoffs), d(thresholds)),
        "rr_steps": lambda: metrics.rr_steps(hits(), d(cutoffs), items=d(st.one_of(st.none(), id_lists)),
                                             threshold=d(thresholds)),
        "mean_reciprocal_rank": lambda: metrics.mean_reciprocal_rank(d(st.lists(grade_lists, max_size=3))),
        "rr_curve": lambda: metrics.rr_curve(d(rows), d(cutoffs)),
        "precision_at_k": lambda: metrics.precision_at_k(hits(), d(cutoffs), d(thresholds)),
        "recall_at_k": lambda: metrics.recall_at_k(hits(), d(cutoffs), d(counts), d(thresholds)),
        "f1_at_k": lambda: metrics.f1_at_k(hits(), d(cutoffs), d(counts), d(thresholds)),
        "hit_rate_at_k": lambda: metrics.hit_rate_at_k(hits(), d(cutoffs), d(thresholds)),
        "r_precision": lambda: metrics.r_precision(hits(), d(counts), d(thresholds)),
        "cutoff_steps": lambda: metrics.cutoff_steps(hits(), d(cutoffs), d(counts), d(st.one_of(st.none(), id_lists)),
                                                     d(thresholds)),
        "precision_steps": lambda: metrics.precision_steps(hits(), d(cutoffs), threshold=d(thresholds)),
        "recall_steps": lambda: metrics.recall_steps(hits(), d(cutoffs), d(counts), threshold=d(thresholds)),
        "f1_steps": lambda: metrics.f1_steps(hits(), d(cutoffs), d(counts), threshold=d(thresholds)),
        "hit_rate_steps": lambda: metrics.hit_rate_steps(hits(), d(cutoffs), threshold=d(thresholds)),
        "r_precision_steps": lambda: metrics.r_precision_steps(hits(), d(counts), threshold=d(thresholds)),
        "roc_curve": lambda: metrics.roc_curve(d(labels), hits()),
        "roc_auc": lambda: metrics.roc_auc(d(labels), hits()),
        "roc_auc_steps": lambda: metrics.roc_auc_steps(d(labels), hits()),
        "roc_auc_explanation": lambda: metrics.roc_auc_explanation(d(labels), hits(),
                                                                   d(st.one_of(st.none(), id_lists))),
        "confusion_at": lambda: metrics.confusion_at(d(labels), hits(), d(anything)),
        "catalog_coverage": lambda: metrics.catalog_coverage(d(recommendations), d(catalogs), d(cutoffs)),
        "coverage_steps": lambda: metrics.coverage_steps(d(recommendations), d(catalogs), d(cutoffs)),
        "coverage_explanation": lambda: metrics.coverage_explanation(d(recommendations), d(catalogs), d(cutoffs)),
        "intra_list_similarity": lambda: metrics.intra_list_similarity(d(id_lists), d(feature_maps),
                                                                       metric=d(metric_names)),
        "intra_list_diversity": lambda: metrics.intra_list_diversity(d(id_lists), d(feature_maps),
                                                                     metric=d(metric_names)),
        "similarity_steps": lambda: metrics.similarity_steps(d(id_lists), similarity=d(matrices())),
        "similarity_explanation": lambda: metrics.similarity_explanation(
            d(id_lists), *((d(feature_maps), None) if d(st.booleans()) else (None, d(matrices()))),
            metric=d(metric_names)),
        "diversity_steps": lambda: metrics.diversity_steps(d(recommendations), d(feature_maps), k=d(cutoffs)),
        "discount_divisors": lambda: metrics.discount_divisors(
            d(st.sampled_from(["none", "rank", "log", "jk2002", "x", None])), d(rows), d(anything)),
        "ndcg_under_discounts": lambda: metrics.ndcg_under_discounts(
            hits(), d(cutoffs), ideal=d(st.one_of(st.none(), grade_lists)), gain=d(gains),
            second=d(st.one_of(st.none(), grade_lists))),
        "describe_change": lambda: metrics.describe_change(d(id_lists), d(id_lists)),
        **_more_measures(d, hits),
    }
    return calls[name]()


#: grades with unjudged items (None) among them, for the measures that tell judged from unjudged
judged_lists = sequences(st.one_of(numbers, numbers, st.none(), st.sampled_from(ODD_VALUES)))
odd_keys = st.sampled_from([None, "1", "x", True, 1 + 1j, Decimal("1.5")])  #: hashable odd values (dictionary keys)
gain_maps = st.one_of(st.dictionaries(st.one_of(numbers, odd_keys), numbers, max_size=4),
                      st.sampled_from([None, {}, [1, 2], "0:0", {0: 0, 1: 1, 2: 3}]))
count_names = st.sampled_from(["num_ret", "num_rel", "num_rel_ret", "num_nonrel_judged_ret", "x", None])
set_names = st.sampled_from(["set_P", "set_recall", "set_F", "P", None])


def _more_measures(d, hits):
    """The calls of the measures of bpref, interpolated, counts, sets, judged, rbp, err, gm_map, the gain map."""
    judged = lambda: d(judged_lists)  # noqa: E731
    items = lambda: d(st.one_of(st.none(), id_lists))  # noqa: E731
    return {
        "bpref": lambda: metrics.bpref(judged(), d(counts), d(counts), d(thresholds)),
        "bpref_steps": lambda: metrics.bpref_steps(judged(), d(counts), d(counts), items(), d(thresholds)),
        "iprec_at_recall": lambda: metrics.iprec_at_recall(hits(), d(anything), d(counts), d(thresholds)),
        "eleven_point_average": lambda: metrics.eleven_point_average(hits(), d(counts), d(thresholds)),
        "iprec_steps": lambda: metrics.iprec_steps(hits(), d(counts), items(), d(thresholds)),
        "precision_recall_points": lambda: metrics.precision_recall_points(hits(), d(counts), items(), d(thresholds)),
        "num_ret": lambda: metrics.num_ret(judged()),
        "num_rel": lambda: metrics.num_rel(judged(), d(counts), d(thresholds)),
        "num_rel_ret": lambda: metrics.num_rel_ret(judged(), d(thresholds)),
        "num_nonrel_judged_ret": lambda: metrics.num_nonrel_judged_ret(judged(), d(thresholds)),
        "count_steps": lambda: metrics.count_steps(d(count_names), judged(), d(counts), items(), d(thresholds)),
        "counts_table": lambda: metrics.counts_table(judged(), d(counts), items(), d(thresholds)),
        "set_precision": lambda: metrics.set_precision(judged(), d(thresholds)),
        "set_recall": lambda: metrics.set_recall(judged(), d(counts), d(thresholds)),
        "set_f": lambda: metrics.set_f(judged(), d(counts), d(thresholds), d(anything)),
        "set_steps": lambda: metrics.set_steps(d(set_names), judged(), d(counts), items(), d(thresholds)),
        "rprec_mult": lambda: metrics.rprec_mult(hits(), d(anything), d(counts), d(thresholds)),
        "rprec_mult_steps": lambda: metrics.rprec_mult_steps(hits(), d(anything), d(counts), items(), d(thresholds)),
        "judged_at_k": lambda: metrics.judged_at_k(judged(), d(cutoffs)),
        "judged_steps": lambda: metrics.judged_steps(judged(), d(cutoffs), items()),
        "rank_biased_precision": lambda: metrics.rank_biased_precision(hits(), d(cutoffs), d(anything), d(thresholds)),
        "rbp_steps": lambda: metrics.rbp_steps(hits(), d(cutoffs), d(anything), items(), d(thresholds)),
        "expected_reciprocal_rank": lambda: metrics.expected_reciprocal_rank(hits(), d(cutoffs), d(anything)),
        "err_steps": lambda: metrics.err_steps(hits(), d(cutoffs), d(anything), items()),
        "gm_map": lambda: metrics.gm_map(hits()),
        "gm_map_steps": lambda: metrics.gm_map_steps(hits(), items()),
        "ndcg_gain_map": lambda: metrics.ndcg_gain_map(judged(), d(gain_maps), d(cutoffs),
                                                       d(st.one_of(st.none(), grade_lists))),
        "ndcg_gain_map_steps": lambda: metrics.ndcg_gain_map_steps(judged(), d(gain_maps), d(cutoffs),
                                                                   d(st.one_of(st.none(), judged_lists)), items()),
    }


FUNCTIONS = ["cg", "dcg", "idcg", "gains", "discounts", "ndcg", "ndcg_steps", "average_precision", "ap_steps",
             "mean_average_precision", "reciprocal_rank", "rr_steps", "mean_reciprocal_rank", "rr_curve",
             "precision_at_k", "recall_at_k", "f1_at_k", "hit_rate_at_k", "r_precision", "cutoff_steps",
             "precision_steps", "recall_steps", "f1_steps", "hit_rate_steps", "r_precision_steps", "roc_curve",
             "roc_auc", "roc_auc_steps", "roc_auc_explanation", "confusion_at", "catalog_coverage", "coverage_steps",
             "coverage_explanation", "intra_list_similarity", "intra_list_diversity", "similarity_steps",
             "similarity_explanation", "diversity_steps", "discount_divisors", "ndcg_under_discounts",
             "describe_change",
             # the measures of the More measures page
             "bpref", "bpref_steps", "iprec_at_recall", "eleven_point_average", "iprec_steps",
             "precision_recall_points", "num_ret", "num_rel", "num_rel_ret", "num_nonrel_judged_ret", "count_steps",
             "counts_table", "set_precision", "set_recall", "set_f", "set_steps", "rprec_mult", "rprec_mult_steps",
             "judged_at_k", "judged_steps", "rank_biased_precision", "rbp_steps", "expected_reciprocal_rank",
             "err_steps", "gm_map", "gm_map_steps", "ndcg_gain_map", "ndcg_gain_map_steps"]
#: columns that are not finite by design: ROC's first threshold (inf), the base of discounts without one (NaN)
NOT_FINITE_BY_DESIGN = {"threshold", "base"}


def assert_finite(result) -> None:
    """Every number in a result (a float, a dict, an array, a DataFrame, an Explanation) is finite."""
    if isinstance(result, Explanation):
        assert_finite(result.value)
        assert_finite(result.table)
        assert_finite(result.running_at())
        assert isinstance(result.worked_text, str) and isinstance(result.worked, str)
        assert_finite({k: v for k, v in result.details.items() if isinstance(v, (int, float, pd.DataFrame))})
    elif isinstance(result, pd.DataFrame):
        for column in result.columns:
            if column not in NOT_FINITE_BY_DESIGN and pd.api.types.is_numeric_dtype(result[column]):
                assert np.all(np.isfinite(result[column].to_numpy(dtype=float))), (column, result[column].tolist())
    elif isinstance(result, dict):
        for value in result.values():
            assert_finite(value)
    elif isinstance(result, np.ndarray):
        assert np.all(np.isfinite(result)), result
    elif isinstance(result, Change):
        assert isinstance(str(result), str)
    elif isinstance(result, (int, float)):
        assert math.isfinite(result), result


HOSTILE = settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("name", FUNCTIONS)
@HOSTILE
@given(data=st.data())
def test_finite_numbers_or_metrics_input_error(name, data):
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)  # an overflow or 0/0 inside is a bug too
        try:
            result = _ranking(data.draw, name)
        except MetricsInputError as error:
            assert str(error)
            return
    assert_finite(result)


def test_every_one_ranking_export_is_covered():
    many_queries = {"evaluate", "Evaluation", "summarize", "compare_summaries", "paired_differences",
                    "mean_difference_ci", "paired_t_test", "randomization_test", "exact_randomization_test",
                    "read_qrels", "read_run", "read_csv", "read_json", "parse_pasted", "Dataset", "load",
                    "map_steps", "mrr_steps", "experiment", "Experiment", "to_ranx"}
    not_functions = {"MetricsInputError", "Explanation", "Convention", "PRESETS", "Measure", "Change", "Move"}
    other = {"score_under", "order_ranking", "parse_measure", "parse_measures", "signed_delta", "swap_effects"}
    assert set(metrics.__all__) - many_queries - not_functions - other == set(FUNCTIONS)


# ----------------------------------------------------------------------------- references on valid input

finite = st.one_of(st.floats(-1e308, 1e308, allow_nan=False), st.sampled_from([1e308, -1e308, 5e-324, 1e-310, 1e200]))
nonnegative = st.one_of(st.floats(0, 1e308), st.sampled_from([1e308, 5e-324, 1e-310, 1e200, 0.0]))


@pytest.mark.slow  # many random cases: the full run's tier
@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1), finite), min_size=2, max_size=20))
def test_roc_auc_matches_scikit_learn(pairs):
    y, s = [p[0] for p in pairs], [p[1] for p in pairs]
    if len(set(y)) < 2:
        with pytest.raises(MetricsInputError, match="both classes"):
            metrics.roc_auc(y, s)
        return
    assert metrics.roc_auc(y, s) == pytest.approx(roc_auc_score(y, s), abs=1e-12)
    assert metrics.roc_auc_explanation(y, s).value == metrics.roc_auc(y, s)


@pytest.mark.slow  # many random cases: the full run's tier
@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 1), min_size=1, max_size=20).filter(any))
def test_average_precision_matches_scikit_learn(hits):
    scores = np.arange(len(hits), 0, -1)  # the ranked order, no ties
    assert metrics.average_precision(hits) == pytest.approx(average_precision_score(hits, scores), abs=1e-12)


@pytest.mark.slow  # many random cases: the full run's tier
@settings(max_examples=300, deadline=None)
@given(st.lists(nonnegative, min_size=2, max_size=15), st.one_of(st.none(), st.integers(1, 20)))
def test_ndcg_matches_scikit_learn_on_any_scale(rels, k):
    """nDCG (linear gain) does not change with the scale of the grades: scikit-learn on the grades
    divided by the largest one is the reference, for grades up to 1e308 and down to 5e-324."""
    try:
        value = metrics.ndcg(rels, k)
    except MetricsInputError as error:  # only when CG would pass the largest float
        assert "largest float" in str(error) and sum(rels) > 1e308 / 2
        return
    top = max(rels)
    if top == 0:
        assert value == 0.0
        return
    scaled = [r / top for r in rels]
    reference = ndcg_score([scaled], [list(range(len(rels), 0, -1))], k=k)
    assert value == pytest.approx(reference, abs=1e-9)


@settings(max_examples=300, deadline=None)
@given(st.lists(finite, min_size=1, max_size=5), st.lists(finite, min_size=1, max_size=5))
def test_cosine_matches_numpy_on_scaled_vectors(u, v):
    n = min(len(u), len(v))
    u, v = np.array(u[:n]), np.array(v[:n])
    features = {"a": u.tolist(), "b": v.tolist()}
    if not u.any() or not v.any():
        with pytest.raises(MetricsInputError, match="all-zero"):
            metrics.intra_list_similarity(["a", "b"], features)
        return
    a, b = u / np.max(np.abs(u)), v / np.max(np.abs(v))
    reference = float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))
    assert metrics.intra_list_similarity(["a", "b"], features) == pytest.approx(reference, abs=1e-9)


# ----------------------------------------------------------------------------- the cases of the issue


def test_cosine_of_huge_and_tiny_vectors():
    huge = {"a": [1e200, 0], "b": [1e200, 0], "c": [0, 1e308], "d": [5e-324, 0], "e": [-1e308, 0]}
    assert metrics.intra_list_similarity(["a", "b"], huge) == 1.0
    assert metrics.intra_list_diversity(["a", "b"], huge) == 0.0
    assert metrics.intra_list_similarity(["a", "c"], huge) == 0.0
    assert metrics.intra_list_similarity(["a", "d"], huge) == 1.0
    assert metrics.intra_list_similarity(["a", "e"], huge) == -1.0
    assert metrics.similarity_steps(["a", "b", "d"], huge)["similarity"].tolist() == [1.0, 1.0, 1.0]


def test_features_that_are_not_finite_name_the_item():
    for bad in (math.nan, math.inf, 10 ** 400):
        with pytest.raises(MetricsInputError, match="features of 'b' must be finite numbers"):
            metrics.intra_list_similarity(["a", "b"], {"a": [1, 0], "b": [bad, 1]})
    with pytest.raises(MetricsInputError, match=r"similarity\['a'\]\['b'\] must be between -1 and 1, got 5"):
        metrics.intra_list_similarity(["a", "b"], similarity=pd.DataFrame([[1, 5], [5, 1]], index=list("ab"),
                                                                          columns=list("ab")))


def test_exponential_gain_refuses_grades_from_1024_with_the_limit():
    with pytest.raises(MetricsInputError, match=r"rels at rank 2 = 1100.0 is too large for exponential gain.*1024"):
        metrics.ndcg([3, 1100], gain="exponential")
    with pytest.raises(MetricsInputError, match=r"ideal at position 1 = 1024.0"):
        metrics.ndcg_steps([3], gain="exponential", ideal=[1024])
    for function in (metrics.dcg, metrics.idcg, metrics.gains):
        with pytest.raises(MetricsInputError, match="below 1024"):
            function([1100], gain="exponential")
    assert metrics.dcg([1100]) == 1100.0  # linear gain has no such limit
    assert metrics.dcg([1023], gain="exponential") == 2.0 ** 1023 - 1
    with pytest.raises(MetricsInputError, match="by rank 2, so CG and DCG would be infinite"):
        metrics.dcg([1023, 1023, 0], gain="exponential")   # each gain is finite, their sum is not


def test_gains_past_the_largest_float_name_the_rank():
    with pytest.raises(MetricsInputError, match=r"rels: the gains add up to more than the largest float .* by rank 3"):
        metrics.ndcg_steps([1e308, 0, 1e308])
    with pytest.raises(MetricsInputError, match="by rank 2"):
        metrics.cg([1e308, 1e308])
    with pytest.raises(MetricsInputError, match="nDCG@1 = DCG / IDCG is more than the largest float"):
        metrics.ndcg([1e300], ideal=[1e-300])
    assert metrics.ndcg([1e308, 1e307], k=1) == 1.0


def test_tiny_and_huge_grades_keep_the_ndcg_of_their_shape():
    assert metrics.ndcg([0, 5e-324]) == metrics.ndcg([0, 1])
    assert metrics.ndcg([1e-310, 3e-310, 2e-310]) == pytest.approx(metrics.ndcg([1, 3, 2]), rel=1e-12)
    assert metrics.ndcg([1e300, 3e300, 2e300]) == pytest.approx(metrics.ndcg([1, 3, 2]), rel=1e-12)
    assert metrics.ndcg([1e-300], gain="exponential") == 1.0  # 2^1e-300 - 1 is not 0
    assert metrics.gains([1e-300], "exponential")[0] == pytest.approx(1e-300 * math.log(2), rel=1e-15)


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf, 10 ** 400])
def test_non_finite_grades_and_scores_are_refused_with_their_position(bad):
    for function in (metrics.ndcg, metrics.dcg, metrics.cg, metrics.average_precision, metrics.reciprocal_rank,
                     metrics.r_precision):
        with pytest.raises(MetricsInputError, match=r"at rank 3 must be a finite number"):
            function([1, 0, bad])
    with pytest.raises(MetricsInputError, match=r"scores at position 2 must be a finite number"):
        metrics.ndcg([1, 0], scores=[1, bad])
    with pytest.raises(MetricsInputError, match=r"scores at position 2 must be a finite number"):
        metrics.roc_auc([1, 0], [1, bad])


def test_huge_scores_in_roc_only_count_by_their_order():
    assert metrics.roc_auc([1, 0], [1e308, -1e308]) == 1.0
    assert metrics.roc_auc([0, 1], [1e308, -1e308]) == 0.0
    assert metrics.roc_auc([1, 0, 1, 0], [1e308, 1e308, -1e308, 5e-324]) == 0.375
    assert metrics.roc_curve([1, 0], [1e308, -1e308])["tpr"].tolist() == [0.0, 1.0, 1.0]
    assert metrics.roc_auc_steps([1, 0], [-1e308, 1e308])["running_area"].iloc[-1] == 0.0
    assert metrics.roc_auc_explanation([1, 0], [1e308, -1e308]).details["wins"] == 1
    assert metrics.confusion_at([1, 0], [1e308, -1e308], 1e308)["tp"] == 1
    assert metrics.confusion_at([1, 0], [1e308, -1e308], 10 ** 400)["tp"] == 0  # above every score
    assert metrics.confusion_at([1, 0], [1e308, -1e308], -10 ** 400)["fp"] == 1  # below every score


def test_relevance_threshold_and_r_are_checked():
    for threshold in (0, -1, math.nan, math.inf, None, "1", True):
        with pytest.raises(MetricsInputError, match="relevance threshold must be a positive number"):
            metrics.average_precision([1, 0], threshold=threshold)
    assert metrics.precision_at_k([2, 1e308, 0], 3, threshold=1e308) == pytest.approx(1 / 3)
    with pytest.raises(MetricsInputError, match=r"n_relevant=\d+ is more than 9007199254740992"):
        metrics.recall_at_k([1, 0], 2, n_relevant=10 ** 20)


def test_huge_cut_offs_are_refused_once_k_has_a_limit():
    if not _k_has_a_limit():
        pytest.skip("as_k has no upper limit on this branch yet (another branch adds it)")
    for call in (lambda: metrics.ndcg([1, 0], 10 ** 18), lambda: metrics.average_precision([1], 10 ** 18),
                 lambda: metrics.precision_at_k([1], 10 ** 18), lambda: metrics.rr_curve(10 ** 18),
                 lambda: metrics.r_precision([1], n_relevant=2 ** 53), lambda: metrics.discounts(10 ** 18),
                 lambda: metrics.discount_divisors("log", 10 ** 18)):
        with pytest.raises(MetricsInputError):
            call()
