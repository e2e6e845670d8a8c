"""Properties every explainer must have, run over the registry of all of them."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import metrics
from metrics.teaching.explain import EXPLAINERS, explain

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

SETTINGS = settings(max_examples=150, deadline=None)
grades = st.lists(st.integers(0, 3), min_size=1, max_size=15)


def _run(name, rels, k):
    explainer = EXPLAINERS[name]
    if not explainer.takes_k:
        k = None
    elif explainer.fraction:  # a recall level (IPrec): a fraction of R
        k = 0.5 if k is None else k / 20
    elif explainer.needs_k and k is None:
        k = len(rels)
    return explain(name, rels, k)


#: explainers whose table has a row per recall level, not per rank (11-point interpolated precision)
ROWS_NOT_RANKS = {"iprec", "IPrec", "IPrec11"}
#: measures that are not a share: trec_eval's utility, retrieved relevant minus retrieved non-relevant
DIFFERENCES = {"Utility"}
#: measures that are a sum of discounted gains, not a share: between 0 and the gains' sum, CG
GAIN_SUMS = {"DCG"}


@pytest.mark.parametrize("name", sorted(EXPLAINERS))
@SETTINGS
@given(rels=grades, k=st.one_of(st.none(), st.integers(1, 20)))
def test_value_is_in_unit_interval_and_equals_last_row(name, rels, k):
    explanation = _run(name, rels, k)
    if explanation.details.get("integer"):  # a count (num_ret, num_rel, ...): a whole number, at most the list
        assert explanation.value == int(explanation.value) and 0 <= explanation.value <= len(rels)
    elif name in DIFFERENCES:
        assert -len(rels) <= explanation.value <= len(rels)
    elif name in GAIN_SUMS:
        assert 0.0 <= explanation.value <= explanation.details["CG"]
    else:
        assert 0.0 <= explanation.value <= 1.0
    if len(explanation.table):
        assert explanation.table[explanation.column].iloc[-1] == explanation.value
    if name not in ROWS_NOT_RANKS:
        assert explanation.table["rank"].tolist() == list(range(1, len(explanation.table) + 1))


@pytest.mark.parametrize("name", ["ndcg", "ap", "rr", "p", "hit", "rprec"])
@SETTINGS
@given(rels=grades)
def test_ideal_ordering_scores_one(name, rels):
    ideal = sorted(rels, reverse=True)
    k = sum(r >= 1 for r in rels) or None
    explanation = _run(name, ideal, k)
    assert explanation.value == pytest.approx(1.0 if any(rels) else 0.0)


@SETTINGS
@given(rels=grades, k=st.one_of(st.none(), st.integers(1, 20)), data=st.data())
def test_moving_a_more_relevant_item_up_never_lowers_ndcg(rels, k, data):
    i = data.draw(st.integers(0, len(rels) - 1))
    j = data.draw(st.integers(0, len(rels) - 1))
    lo, hi = min(i, j), max(i, j)
    if rels[hi] <= rels[lo]:
        return
    swapped = list(rels)
    swapped[lo], swapped[hi] = swapped[hi], swapped[lo]
    for gain in ("linear", "exponential"):
        assert metrics.ndcg(swapped, k, gain) >= metrics.ndcg(rels, k, gain) - 1e-12


@SETTINGS
@given(rels=grades, k=st.integers(1, 20))
def test_ndcg_tables_agree_with_scalar_functions(rels, k):
    e = metrics.ndcg_steps(rels, k)
    assert e.details["DCG"] == pytest.approx(metrics.dcg(rels, k))
    assert e.details["IDCG"] == pytest.approx(metrics.idcg(rels, k))
    assert e.details["CG"] == pytest.approx(metrics.cg(rels, k))
    table = e.table
    assert np.allclose(table["discounted_gain"], table["gain"] / table["discount"])
    assert np.allclose(table["DCG"], np.cumsum(table["discounted_gain"]))


def test_explain_rejects_unknown_metric_and_options():
    with pytest.raises(metrics.MetricsInputError, match="unknown metric 'xyz'"):
        explain("xyz", [1])
    with pytest.raises(metrics.MetricsInputError, match="rr takes no option gain"):
        explain("rr", [1], gain="exponential")
    with pytest.raises(metrics.MetricsInputError, match="p needs a cut-off k"):
        explain("p", [1])
