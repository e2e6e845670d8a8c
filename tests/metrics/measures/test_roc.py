"""Tests for metrics.measures.roc: hand-worked values, scikit-learn agreement, errors, article 001."""

from __future__ import annotations

import ast
import math
from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn import metrics as skm

from metrics.errors import MetricsInputError
from metrics.measures.roc import ARTICLE_NOTES, confusion_at, roc_auc, roc_auc_steps, roc_curve

# ----------------------------------------------------------------------------- hand-worked

# P = 3 positives (0.9, 0.7, 0.5), N = 3 negatives (0.7, 0.3, 0.1); 0.7 is a tie.
LABELS = [1, 1, 0, 1, 0, 0]
SCORES = [0.9, 0.7, 0.7, 0.5, 0.3, 0.1]


def test_hand_worked_curve():
    curve = roc_curve(LABELS, SCORES)
    assert list(curve.columns) == ["threshold", "tp", "fp", "tn", "fn", "tpr", "fpr"]
    assert curve["threshold"].tolist() == [math.inf, 0.9, 0.7, 0.5, 0.3, 0.1]
    assert curve["tp"].tolist() == [0, 1, 2, 3, 3, 3]
    assert curve["fp"].tolist() == [0, 0, 1, 1, 2, 3]
    assert curve["tn"].tolist() == [3, 3, 2, 2, 1, 0]
    assert curve["fn"].tolist() == [3, 2, 1, 0, 0, 0]
    assert curve["tpr"].tolist() == pytest.approx([0, 1 / 3, 2 / 3, 1, 1, 1])
    assert curve["fpr"].tolist() == pytest.approx([0, 0, 1 / 3, 1 / 3, 2 / 3, 1])


def test_hand_worked_auc():
    # pairs won: 0.9 beats all 3 negatives (3); 0.7 ties 0.7 and beats 0.3, 0.1 (2.5);
    # 0.5 loses to 0.7 and beats 0.3, 0.1 (2)  ->  7.5 / 9 = 5/6
    assert roc_auc(LABELS, SCORES) == 5 / 6
    steps = roc_auc_steps(LABELS, SCORES)
    assert list(steps.columns) == ["step", "threshold", "from_fpr", "to_fpr", "width",
                                   "tpr_left", "tpr_right", "area", "running_area"]
    # trapezoids: 0, (1/3)(1/3+2/3)/2 = 1/6, 0, (1/3)(1), (1/3)(1)
    assert steps["area"].tolist() == pytest.approx([0, 1 / 6, 0, 1 / 3, 1 / 3])
    assert steps["running_area"].tolist() == pytest.approx([0, 1 / 6, 1 / 6, 1 / 2, 5 / 6])
    assert steps["running_area"].iloc[-1] == roc_auc(LABELS, SCORES)


def test_perfect_reversed_and_all_tied():
    assert roc_auc([0, 0, 1, 1], [1, 2, 3, 4]) == 1.0
    assert roc_auc([1, 1, 0, 0], [1, 2, 3, 4]) == 0.0
    assert roc_auc([1, 0, 1, 0, 0], [7, 7, 7, 7, 7]) == 0.5
    curve = roc_curve([1, 0, 1, 0, 0], [7, 7, 7, 7, 7])
    assert curve[["tpr", "fpr"]].values.tolist() == [[0, 0], [1, 1]]


def test_accepts_numpy_pandas_and_bool_labels():
    expected = roc_auc(LABELS, SCORES)
    assert roc_auc(np.array(LABELS), np.array(SCORES)) == expected
    assert roc_auc(pd.Series(LABELS, dtype=bool), pd.Series(SCORES)) == expected
    assert roc_auc([1.0, 1.0, 0.0, 1.0, 0.0, 0.0], SCORES) == expected


# ----------------------------------------------------------------------------- vs scikit-learn


@st.composite
def labelled_scores(draw):
    n = draw(st.integers(min_value=2, max_value=40))
    labels = draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    # make sure both classes occur
    labels[draw(st.integers(0, n - 1))] = 1
    i = draw(st.integers(0, n - 1))
    labels[i if labels.count(1) > 1 else (i + 1) % n] = 0
    if labels.count(1) == 0:
        labels[0] = 1
    # few distinct values -> many ties; sometimes continuous values
    pool = draw(st.sampled_from(["few", "some", "float"]))
    if pool == "few":
        scores = draw(st.lists(st.sampled_from([0.0, 0.5, 1.0]), min_size=n, max_size=n))
    elif pool == "some":
        scores = draw(st.lists(st.integers(-3, 3).map(float), min_size=n, max_size=n))
    else:
        scores = draw(st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=n, max_size=n))
    return labels, scores


@pytest.mark.slow  # many random cases: the full run's tier
@settings(max_examples=400, deadline=None)
@given(labelled_scores())
def test_auc_matches_sklearn_and_mann_whitney(data):
    labels, scores = data
    assert 0 < sum(labels) < len(labels)
    ours = roc_auc(labels, scores)
    assert ours == pytest.approx(skm.roc_auc_score(labels, scores), rel=1e-12, abs=1e-12)
    # Mann-Whitney: P(s+ > s-) + 0.5 P(s+ = s-), exactly
    pos = [s for s, y in zip(scores, labels) if y == 1]
    neg = [s for s, y in zip(scores, labels) if y == 0]
    wins = sum((p > q) * 2 + (p == q) for p in pos for q in neg)
    assert ours == float(Fraction(wins, 2 * len(pos) * len(neg)))
    steps = roc_auc_steps(labels, scores)
    assert steps["running_area"].iloc[-1] == ours
    assert steps["area"].sum() == pytest.approx(ours, abs=1e-12)


@pytest.mark.slow  # many random cases: the full run's tier
@settings(max_examples=400, deadline=None)
@given(labelled_scores())
def test_curve_matches_sklearn(data):
    labels, scores = data
    fpr, tpr, thresholds = skm.roc_curve(labels, scores, drop_intermediate=False)
    curve = roc_curve(labels, scores)
    np.testing.assert_allclose(curve["fpr"], fpr, rtol=0, atol=1e-15)
    np.testing.assert_allclose(curve["tpr"], tpr, rtol=0, atol=1e-15)
    np.testing.assert_array_equal(curve["threshold"].to_numpy()[1:], thresholds[1:])
    assert curve["threshold"].iloc[0] == math.inf
    # one row per distinct score plus the start
    assert len(curve) == len(set(scores)) + 1
    # the counts add up on every row
    p, n = sum(labels), len(labels) - sum(labels)
    assert (curve["tp"] + curve["fn"] == p).all() and (curve["fp"] + curve["tn"] == n).all()


@pytest.mark.slow  # many random cases: the full run's tier
@settings(max_examples=300, deadline=None)
@given(labelled_scores(), st.floats(-2e6, 2e6, allow_nan=False))
def test_confusion_matches_sklearn(data, threshold):
    labels, scores = data
    result = confusion_at(labels, scores, threshold)
    predicted = [int(s >= threshold) for s in scores]
    tn, fp, fn, tp = skm.confusion_matrix(labels, predicted, labels=[0, 1]).ravel()
    assert (result["tp"], result["fp"], result["tn"], result["fn"]) == (tp, fp, tn, fn)
    assert result["tpr"] == pytest.approx(skm.recall_score(labels, predicted, zero_division=0.0))
    assert result["precision"] == pytest.approx(skm.precision_score(labels, predicted, zero_division=0.0))
    assert result["f1"] == pytest.approx(skm.f1_score(labels, predicted, zero_division=0.0))
    assert result["accuracy"] == pytest.approx(skm.accuracy_score(labels, predicted))
    # a threshold on the curve gives the same counts as that row of the curve
    curve = roc_curve(labels, scores)
    row = curve.iloc[1]
    at = confusion_at(labels, scores, row["threshold"])
    assert (at["tp"], at["fp"], at["tpr"], at["fpr"]) == (row["tp"], row["fp"], row["tpr"], row["fpr"])


# ----------------------------------------------------------------------------- confusion_at


def test_confusion_hand_worked():
    result = confusion_at(LABELS, SCORES, 0.7)  # predicted: 1 1 1 0 0 0
    assert result == {"tp": 2, "fp": 1, "tn": 2, "fn": 1, "tpr": 2 / 3, "fpr": 1 / 3,
                      "precision": 2 / 3, "accuracy": 4 / 6, "f1": 4 / 6}


def test_confusion_zero_division_is_zero():
    nothing = confusion_at([1, 0, 1], [0.1, 0.2, 0.3], 1.0)  # nothing predicted positive
    assert nothing["tp"] == 0 and nothing["precision"] == 0.0 and nothing["f1"] == 0.0
    only_negatives = confusion_at([0, 0], [0.1, 0.9], 0.5)
    assert only_negatives["tpr"] == 0.0 and only_negatives["fpr"] == 0.5
    only_positives = confusion_at([1, 1], [0.1, 0.9], math.inf)
    assert only_positives["fpr"] == 0.0 and only_positives["f1"] == 0.0
    everything = confusion_at([1, 0], [0.1, 0.9], -math.inf)
    assert everything["tpr"] == 1.0 and everything["fpr"] == 1.0


# ----------------------------------------------------------------------------- article 001


def article_001_confusion_marix(predict_label, true_label):
    """Transcribed from article 001 (typos included); PPV is FP / (TP + FP) there."""
    true_lable = true_label
    TP, TN, FP, FN = 0, 0, 0, 0
    for predict, true in zip(predict_label, true_lable):
        if predict == true == 1:
            TP += 1
        elif predict == true == 0:
            TN += 1
        elif predict == 1 and true == 0:
            FP += 1
        else:
            FN += 1
    ACC = (TP + TN) / (len(true_lable))
    TPR = TP / (TP + FN)
    PPV = FP / (TP + FP)
    F1 = 2 / (1 / TPR + 1 / PPV)
    return ACC, TPR, PPV, F1


def test_article_001_precision_differs():
    # threshold 0.7 predicts 1 1 1 0 0 0 for labels 1 1 0 1 0 0: TP=2, FP=1, FN=1, TN=2
    ours = confusion_at(LABELS, SCORES, 0.7)
    predicted = [int(s >= 0.7) for s in SCORES]
    acc, tpr, ppv, f1 = article_001_confusion_marix(predicted, LABELS)
    assert acc == ours["accuracy"] and tpr == ours["tpr"]  # these agree
    assert ppv == pytest.approx(1 / 3) and ours["precision"] == pytest.approx(2 / 3)
    assert ppv != ours["precision"]
    assert f1 == pytest.approx(4 / 9) and ours["f1"] == pytest.approx(2 / 3)
    assert ppv == pytest.approx(1 - ours["precision"])  # the article's PPV is the false discovery rate


def test_article_001_f1_divides_by_zero_when_tp_is_zero():
    labels, scores = [1, 0, 1, 0], [0.1, 0.9, 0.2, 0.8]
    predicted = [int(s >= 0.5) for s in scores]  # 0 1 0 1: TP = 0
    with pytest.raises(ZeroDivisionError):
        article_001_confusion_marix(predicted, labels)
    assert confusion_at(labels, scores, 0.5)["f1"] == 0.0


def test_article_notes():
    assert set(ARTICLE_NOTES) >= {"001_confusion_matrix"}
    note = ARTICLE_NOTES["001_confusion_matrix"]
    assert "FP / (TP + FP)" in note and "TP / (TP + FP)" in note
    assert all(isinstance(v, str) and v for v in ARTICLE_NOTES.values())


# ----------------------------------------------------------------------------- errors


@pytest.mark.parametrize("func", [roc_curve, roc_auc, roc_auc_steps])
def test_one_class_is_an_error(func):
    with pytest.raises(MetricsInputError, match="both classes.*all 3 labels are 1"):
        func([1, 1, 1], [0.1, 0.2, 0.3])
    with pytest.raises(MetricsInputError, match="all 2 labels are 0"):
        func([0, 0], [0.1, 0.2])


@pytest.mark.parametrize("func", [roc_curve, roc_auc, roc_auc_steps,
                                  lambda y, s: confusion_at(y, s, 0.5)])
def test_bad_input(func):
    with pytest.raises(MetricsInputError, match="3 labels, 2 scores"):
        func([1, 0, 1], [0.1, 0.2])
    with pytest.raises(MetricsInputError, match=r"labels at position 2 must be 0 or 1, got 2"):
        func([1, 2, 0], [0.1, 0.2, 0.3])
    with pytest.raises(MetricsInputError, match=r"labels at position 1 must be 0 or 1, got 'yes'"):
        func(["yes", 0], [0.1, 0.2])
    with pytest.raises(MetricsInputError, match=r"scores at position 2 must be a finite number.*got nan"):
        func([1, 0], [0.1, float("nan")])
    with pytest.raises(MetricsInputError, match=r"scores at position 1.*got inf"):
        func([1, 0], [math.inf, 0.2])
    with pytest.raises(MetricsInputError, match="numbers"):
        func([1, 0], ["high", "low"])
    with pytest.raises(MetricsInputError, match="empty"):
        func([], [])
    with pytest.raises(MetricsInputError):
        func("10", [0.1, 0.2])


def test_bad_threshold():
    with pytest.raises(MetricsInputError, match="threshold.*nan"):
        confusion_at([1, 0], [0.1, 0.2], float("nan"))
    with pytest.raises(MetricsInputError, match="threshold.*'0.5'"):
        confusion_at([1, 0], [0.1, 0.2], "0.5")


def test_errors_are_value_errors():
    with pytest.raises(ValueError):
        roc_auc([1, 1], [0.1, 0.2])


def test_module_imports_only_numpy_and_pandas():
    tree = ast.parse(Path(__file__).resolve().parents[3].joinpath("metrics", "measures", "roc.py").read_text())
    modules = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
               for alias in node.names}
    modules |= {node.module.split(".")[0] for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and node.module and node.level == 0}
    assert modules <= {"__future__", "functools", "math", "numbers", "numpy", "pandas"}


# ----------------------------------------------------------------------------- worked formula


def test_auc_explanation_hand_worked():
    from metrics.measures.roc import roc_auc_explanation

    e = roc_auc_explanation(LABELS, SCORES, items=list("abcdef"))
    assert e.value == roc_auc(LABELS, SCORES) == 5 / 6
    assert e.column == "running_area" and e.table[e.column].iloc[-1] == e.value
    pd.testing.assert_frame_equal(e.table, roc_auc_steps(LABELS, SCORES))
    # 0.9 wins 3; 0.7 ties 1, wins 2; 0.5 loses 1, wins 2
    assert (e.details["wins"], e.details["ties"], e.details["losses"]) == (7, 1, 1)
    assert (e.details["P"], e.details["N"]) == (3, 3)
    assert e.details["pairs"].loc["b", "c"] == 0.5
    assert e.details["pairs"].loc["d", "c"] == 0.0
    assert e.details["pairs"].to_numpy().mean() == pytest.approx(e.value)
    assert e.worked_text.splitlines()[-1].strip() == "= 0 + 0.1667 + 0 + 0.3333 + 0.3333 = 0.8333"
    assert e.details["mann_whitney_text"].endswith("7.5 / 9 = 0.8333")
    assert r"\frac{7.5}{9}" in e.details["mann_whitney"]


def test_a_folded_auc_sum_shows_the_trapezoids_that_add_area():
    """A long sum folded: not "0 + 0 + ⋯ + 0 + 0 = 0.1562" (issue 32) but the terms that are not 0, still exact."""
    from metrics.measures.roc import roc_auc_explanation

    e = roc_auc_explanation([1, 1, 0, 1, 0, 1, 1, 0, 1, 0, 1, 1], list(range(12, 0, -1)))
    folded = e.worked_text_at(6).splitlines()
    assert folded[0] == "AUC [1..6] = (0.25 - 0)·(0.25 + 0.25)/2 + (0.5 - 0.25)·(0.375 + 0.375)/2"
    assert folded[1].strip() == "= 0.0625 + 0.0938 = 0.1562" and e.running_at(6)["AUC"] == 0.15625
    whole = e.worked_text_at(6, fold=False).splitlines()[1].strip()
    assert whole == "= 0 + 0 + 0.0625 + 0 + 0.0938 + 0 = 0.1562"  # the whole sum keeps every segment
    assert r"\cdots" not in e.worked_at(6) and "0.0625 + 0.0938" in e.worked_at(6)
    nothing_yet = e.worked_text_at(2).splitlines()[1].strip()
    assert nothing_yet == "= 0 + 0 = 0"  # only vertical segments so far: their zeros, as they are
    assert e.worked_text.splitlines()[1].strip() == "= 0.0625 + 0.0938 + 0.1562 + 0.1875 = 0.5"


@settings(max_examples=150, deadline=None)
@given(labelled_scores())
def test_auc_explanation_value_is_roc_auc(data):
    from metrics.measures.roc import roc_auc_explanation

    labels, scores = data
    e = roc_auc_explanation(labels, scores)
    assert e.value == roc_auc(labels, scores)
    P, N = e.details["P"], e.details["N"]
    assert e.details["wins"] + e.details["ties"] + e.details["losses"] == P * N
    assert (e.details["wins"] + e.details["ties"] / 2) / (P * N) == pytest.approx(e.value, abs=1e-12)


def test_auc_explanation_errors():
    from metrics.measures.roc import roc_auc_explanation

    with pytest.raises(MetricsInputError, match="both classes"):
        roc_auc_explanation([1, 1], [0.1, 0.2])
    with pytest.raises(MetricsInputError, match="2 items, 3 labels"):
        roc_auc_explanation([1, 0, 1], [0.1, 0.2, 0.3], items=["a", "b"])
