"""The articles' worked examples: claimed numbers, exact numbers and why they differ."""

import json

import pytest

from metrics.teaching.articles import EXAMPLES_FILE, VERDICT_MEANING, VERDICTS, findings


def _find(example, quantity):
    matches = [f for f in findings() if f.example == example and f.quantity == quantity]
    assert len(matches) == 1, (example, quantity)
    return matches[0]


def test_exponential_gain_ndcg_of_article_003_is_0_8645_not_0_861():
    f = _find("003_ndcg", "nDCG@5")
    assert f.claimed == 0.861 and f.correct == pytest.approx(0.86455, abs=1e-5) and f.verdict == "wrong"
    assert round(f.article_method, 3) == 0.861  # its wrong logarithms reproduce its number
    assert "log2(4) = 2.000" in f.why_en and "log2(4) = 2.000" in f.why_zh
    assert _find("003_ndcg", "IDCG@5").article_method == pytest.approx(44.41, abs=5e-3)
    assert _find("003_ndcg", "DCG@5").article_method == pytest.approx(38.23, abs=0.02)  # it also rounds 19.558 up
    code = _find("003_ndcg", "nDCG@5 (code output)")
    assert code.claimed == 0.8607594936708861 and "0.8645478846264829" in code.why_en


def test_precision_at_5_of_article_003_is_three_fifths():
    f = _find("003_precision", "P@5")
    assert (f.claimed, f.correct, f.verdict) == (0.8, 0.6, "wrong")
    assert _find("003_precision", "P@3").verdict == "agrees"


def test_article_000_tables_differ_only_by_rounding():
    dcg1 = _find("000_ndcg_lists", "DCG (list_1)")
    assert dcg1.verdict == "rounded" and dcg1.article_method == dcg1.claimed == 1.52
    assert round(dcg1.correct, 4) == 1.5149
    for quantity in ("DCG (list_2)", "IDCG", "CG (list_1)", "CG (list_2)"):
        f = _find("000_ndcg_lists", quantity)
        assert f.verdict == "agrees"
        if f.article_method is not None:
            assert f.article_method == f.claimed


def test_article_001_code_errors_are_named():
    hit = _find("001_hit_ap_mrr", "hit() = HR@5")
    assert hit.correct == 1.0 and hit.article_method == 3 / 8 and "recall@5" in hit.why_en
    mrr = _find("001_hit_ap_mrr", "MRR")
    assert mrr.verdict == "code fails" and mrr.correct == 1.0 and "pred_item in pred_items" in mrr.why_en
    assert _find("001_hit_ap_mrr", "AP").correct == pytest.approx(3 / 8)
    assert _find("001_ndcg", "nDCG@3").correct == pytest.approx((1 + 2 / 1.5849625 + 1.5) / (3 + 2 / 1.5849625 + 0.5))
    assert "[0.333, 1.000, 3.000]" in _find("001_ndcg", "nDCG@3").why_en
    assert _find("001_mrr_queries", "MRR").correct == pytest.approx((1 / 3 + 1 / 2 + 1) / 3)


def test_every_example_with_numbers_is_checked_and_explained():
    with open(EXAMPLES_FILE, encoding="utf-8") as handle:
        ids = {example["id"] for example in json.load(handle)}
    checked = {f.example for f in findings()}
    assert ids == checked
    assert set(VERDICT_MEANING) == set(VERDICTS)
    for f in findings():
        assert f.verdict in VERDICTS
        if f.verdict not in ("agrees",):
            assert f.why_en and f.why_zh, f
        if f.verdict == "agrees":
            assert f.claimed is not None
