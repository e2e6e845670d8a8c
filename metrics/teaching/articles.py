"""The worked examples of the source articles, checked: what each article claims, the exact
value, and why they differ.

Inputs and the claimed numbers (transcribed as printed) live in
``sample_data/article_examples.json``; the exact values come from this package, and the
explanation of each difference is written here, next to the computation that shows it.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from ..measures.ap import average_precision
from ..measures.cutoff import precision_at_k, recall_at_k
from ..measures.ndcg import cg, dcg, gains, idcg, ndcg
from ..measures.rr import reciprocal_rank

EXAMPLES_FILE = Path(__file__).resolve().parents[2] / "sample_data" / "article_examples.json"

#: verdicts, from best to worst
VERDICTS = ("agrees", "rounded", "not printed", "wrong", "wrong method", "code fails")
#: what each verdict means
VERDICT_MEANING = {
    "agrees": "the article's number is the exact value, rounded as printed",
    "rounded": "the article's number differs only because it rounds intermediate results",
    "not printed": "the article prints no number here; the exact value is given",
    "wrong": "the article's number is wrong",
    "wrong method": "the article prints no number, but its method or code computes a wrong one",
    "code fails": "the article's code raises an error when run today",
}


@dataclass(frozen=True)
class Finding:
    """One number of one article: as claimed, as it really is, and why they differ."""

    example: str  #: id in article_examples.json
    quantity: str  #: e.g. "nDCG@5"
    claimed: float | None  #: as printed (None: the article prints no value)
    correct: float  #: computed by this package
    verdict: str  #: one of VERDICTS
    why_en: str = ""
    why_zh: str = ""
    article_method: float | None = None  #: the number the article's own (mistaken) method gives


@lru_cache(maxsize=1)
def examples() -> dict[str, dict]:
    """The worked examples keyed by id, as stored in ``sample_data/article_examples.json``."""
    with open(EXAMPLES_FILE, encoding="utf-8") as handle:
        return {example["id"]: example for example in json.load(handle)}


def claimed_value(text) -> float | None:
    """A claimed number as printed: ``0.861``, ``"1/4"`` -> 0.25."""
    return None if text is None else float(Fraction(str(text)))


def _agree(example, quantity, claimed, correct, digits):
    """'agrees' when the claim is the exact value rounded as printed."""
    verdict = "agrees" if round(correct, digits) == round(claimed, digits) else "wrong"
    return Finding(example, quantity, claimed, correct, verdict)


def _linear_terms(rels):
    return [rel / math.log2(i + 2) for i, rel in enumerate(rels)]


def _hand_rounded_dcg(rels, printed_logs):
    """DCG the way the article's table does it: rounded logarithms, each term rounded to 2 decimals."""
    return round(sum(round(rel / log, 2) for rel, log in zip(rels, printed_logs)), 2)


def _findings_000() -> list[Finding]:
    ex = examples()["000_ndcg_lists"]
    grades = ex["input"]["grades_in_ranked_order"]
    claims = ex["claimed"]
    best = sorted(grades["list_1"], reverse=True)
    printed_logs = ex["claimed_tables"]["discount_column_log(i+1)"]
    out = [_agree(ex["id"], "CG (list_1)", claims["CG_1"], cg(grades["list_1"]), 1),
           _agree(ex["id"], "CG (list_2)", claims["CG_2"], cg(grades["list_2"]), 1)]
    for label, rels, claim in (("DCG (list_1)", grades["list_1"], claims["DCG_1"]),
                               ("DCG (list_2)", grades["list_2"], claims["DCG_2"]),
                               ("IDCG", best, claims["IDCG"])):
        exact = dcg(rels)
        rounded_terms = _hand_rounded_dcg(rels, printed_logs)
        if round(exact, 2) == claim:
            out.append(Finding(ex["id"], label, claim, exact, "agrees", article_method=rounded_terms))
        else:
            out.append(Finding(
                ex["id"], label, claim, exact, "rounded", article_method=rounded_terms,
                why_en=f"The table rounds log2(i+1) to 2 decimals and every term rel(i)/log2(i+1) to 2 "
                       f"decimals before adding: the rounded terms add up to {rounded_terms:.2f}, the exact "
                       f"sum is {exact:.4f}.",
                why_zh=f"文章表格把 log2(i+1) 和每一项 rel(i)/log2(i+1) 都先四舍五入到两位小数再相加：舍入后的和为 "
                       f"{rounded_terms:.2f}，精确值为 {exact:.4f}。"))
    for label, rels in (("nDCG (list_1)", grades["list_1"]), ("nDCG (list_2)", grades["list_2"])):
        out.append(Finding(ex["id"], label, None, ndcg(rels), "not printed",
                           why_en="The article defines NDCG = DCG/IDCG but never computes it for these lists.",
                           why_zh="文章给出了 NDCG = DCG/IDCG，但没有算出这两个列表的 NDCG。"))
    code = examples()["000_code_ndcg"]
    queries = code["input"]["grades_in_ranked_order"]
    values = [ndcg(rels, code["k"]) for rels in queries.values()]
    out.append(Finding(code["id"], "mean nDCG@3", None, sum(values) / len(values), "code fails",
                       why_en="The code calls np.asfarray, which NumPy 2.0 removed: it raises AttributeError "
                              "today (np.asarray(r, dtype=float) works). Its ideal ordering sorts the list's own "
                              "grades, as scikit-learn does; trec_eval would also count judged items that were "
                              "not retrieved.",
                       why_zh="代码调用的 np.asfarray 已在 NumPy 2.0 中删除，现在运行会报 AttributeError"
                              "（可改用 np.asarray(r, dtype=float)）。它的理想排序只用列表自身的相关性（同 scikit-learn）；"
                              "trec_eval 还会计入未被检索到的已标注条目。"))
    amap = examples()["000_code_map"]
    aps = [average_precision(hits) for hits in amap["input"]["relevance_in_ranked_order"].values()]
    out.append(Finding(amap["id"], "MAP", None, sum(aps) / len(aps), "not printed",
                       why_en="The code divides each AP by the relevant items it found in the list (not by all "
                              "relevant items R, as trec_eval does) and counts only grades equal to 1.",
                       why_zh="代码用列表中找到的相关条目数作 AP 的分母（trec_eval 用全部相关条目数 R），"
                              "并且只把等于 1 的相关性当作相关。"))
    pr = examples()["000_precision_recall"]
    hits = [1, 0, 0]  # three recommended, one of them bought
    out.append(_agree(pr["id"], "Recall", claimed_value(pr["claimed"]["Recall"]),
                      recall_at_k(hits, 3, pr["input"]["relevant"]), 4))
    out.append(_agree(pr["id"], "Precision", claimed_value(pr["claimed"]["Precision"]), precision_at_k(hits, 3), 4))
    return out


def _findings_001() -> list[Finding]:
    ex = examples()["001_hit_ap_mrr"]
    pred, truth = ex["input"]["pred_items"], set(ex["input"]["gt_items"])
    hits = [1 if item in truth else 0 for item in pred]
    R = len(truth)
    out = [
        Finding(ex["id"], "hit() = HR@5", None, float(any(hits)), "wrong method",
                article_method=sum(hits) / R,
                why_en=f"hit() returns hits / len(gt_items) = {sum(hits)}/{R}: that is recall@5, not a hit rate. "
                       f"Hit rate@5 is 1 when any of the top 5 is relevant.",
                why_zh=f"hit() 返回 命中数 / len(gt_items) = {sum(hits)}/{R}：这其实是 Recall@5，不是命中率。"
                       f"HR@5 只要前 5 个中有相关条目就是 1。"),
        Finding(ex["id"], "AP", None, average_precision(hits, n_relevant=R), "not printed",
                why_en="AP() divides by all held-out items (R = 8), as trec_eval does.",
                why_zh="AP() 除以全部真实交互物品数（R = 8），与 trec_eval 一致。"),
        Finding(ex["id"], "MRR", None, reciprocal_rank(hits), "code fails",
                why_en="MRR() tests `pred_item in pred_items` (always true), then looks the item up in gt_items "
                       "(gt_items.index(100) raises ValueError) and adds positions: it crashes. The reciprocal "
                       "rank is 1/rank of the first relevant prediction: item 3 at rank 1, so 1.",
                why_zh="MRR() 判断的是 `pred_item in pred_items`（永远为真），再用 gt_items.index 查位置"
                       "（gt_items.index(100) 抛出 ValueError）并把位置相加：程序会报错。倒数排名应为第一个"
                       "相关预测的名次的倒数：物品 3 排第 1，所以是 1。"),
    ]
    terms = examples()["001_ap_terms"]
    from ..measures.ap import ap_steps

    table = ap_steps(terms["input"]["relevance_in_ranked_order"]).table
    for rank, key in ((1, "term_rank_1"), (2, "term_rank_2"), (3, "term_rank_3")):
        out.append(_agree(terms["id"], f"AP term at rank {rank}", claimed_value(terms["claimed"][key]),
                          float(table["counted"].iloc[rank - 1]), 4))
    narrative = examples()["001_ap_narrative"]
    out.append(Finding(narrative["id"], "AP", None,
                       average_precision(narrative["input"]["relevance_in_ranked_order"],
                                         n_relevant=narrative["input"]["relevant_total"]), "not printed",
                       why_en="The result is in a missing formula image: (1/1 + 2/2) / 3.",
                       why_zh="结果在缺失的公式图片中：(1/1 + 2/2) / 3。"))
    order = examples()["001_map_order"]
    for name, hits_list in order["input"]["relevance_in_ranked_order"].items():
        key = f"Precision_{name}"
        out.append(_agree(order["id"], f"P@5 ({name})", claimed_value(order["claimed"][key]),
                          precision_at_k(hits_list, 5), 4))
        out.append(Finding(order["id"], f"AP ({name})", None, average_precision(hits_list), "not printed",
                           why_en="Same precision, different AP: AP rewards the hits that come first.",
                           why_zh="精确率相同，AP 不同：AP 奖励排在前面的命中。"))
    mrr = examples()["001_mrr_queries"]
    ranks = mrr["input"]["first_relevant_rank"]
    for rank, key in ((3, "RR_rank_3"), (2, "RR_rank_2")):
        out.append(_agree(mrr["id"], f"RR (first hit at rank {rank})", claimed_value(mrr["claimed"][key]),
                          reciprocal_rank([0] * (rank - 1) + [1]), 4))
    rrs = [reciprocal_rank([0] * (r - 1) + [1]) for r in ranks.values()]
    out.append(Finding(mrr["id"], "MRR", None, sum(rrs) / len(rrs), "not printed",
                       why_en="MRR is the mean of the reciprocal ranks: (1/3 + 1/2 + 1) / 3.",
                       why_zh="MRR 是各查询倒数排名的平均值：(1/3 + 1/2 + 1) / 3。"))
    nd = examples()["001_ndcg"]
    rels = nd["input"]["grades_in_ranked_order"]
    ideal = sorted(rels, reverse=True)
    per_position = [a / b for a, b in zip(_linear_terms(rels), _linear_terms(ideal))]
    out.append(Finding(nd["id"], "nDCG@3", None, ndcg(rels), "wrong method",
                       why_en="getDCG returns the discounted terms without summing them, so getNDCG divides "
                              "position by position and prints an array "
                              f"[{', '.join(f'{v:.3f}' for v in per_position)}] instead of one number. Sum first: "
                              f"DCG = {dcg(rels):.4f}, IDCG = {idcg(rels):.4f}. Also true_rel_dict.get(it, 1.0) gives "
                              "grade 1 to items that are not relevant at all.",
                       why_zh="getDCG 返回的是各位置的折损项而没有求和，因此 getNDCG 逐位置相除，打印出数组 "
                              f"[{', '.join(f'{v:.3f}' for v in per_position)}] 而不是一个数。应先求和："
                              f"DCG = {dcg(rels):.4f}，IDCG = {idcg(rels):.4f}。另外 true_rel_dict.get(it, 1.0) "
                              "会给不相关的物品相关性 1。"))
    return out


def _findings_003() -> list[Finding]:
    ex = examples()["003_ndcg"]
    rels = ex["input"]["grades_in_ranked_order"]
    claims, tables = ex["claimed"], ex["claimed_tables"]
    printed = [float(f.split("/")[1]) for f in tables["DCG@5_fractions"]]
    exact = [math.log2(i + 2) for i in range(len(rels))]
    article_dcg = sum(gains(rels, "exponential") / printed)
    article_idcg = sum(gains(sorted(rels, reverse=True), "exponential") / printed)
    shifted = [(i + 1, p, e) for i, (p, e) in enumerate(zip(printed, exact)) if abs(p - e) > 5e-3]
    wrong = ", ".join(f"rank {rank}: {p:g} (log2({rank + 1}) = {e:.3f})" for rank, p, e in shifted)
    wrong_zh = "、".join(f"第 {rank} 位 {p:g}（log2({rank + 1}) = {e:.3f}）" for rank, p, e in shifted)
    why_en = (f"The article divides by wrong logarithms at ranks 3-5: {wrong}. With its divisors DCG@5 = "
              f"{article_dcg:.2f} and IDCG@5 = {article_idcg:.2f}; with log2(i+1) they are "
              f"{dcg(rels, 5, 'exponential'):.2f} and {idcg(rels, 5, 'exponential'):.2f}.")
    why_zh = (f"文章在第 3-5 位用了错误的对数：{wrong_zh}。用它的分母得 DCG@5 = {article_dcg:.2f}、"
              f"IDCG@5 = {article_idcg:.2f}；按 log2(i+1) 计算应为 {dcg(rels, 5, 'exponential'):.2f} 和 "
              f"{idcg(rels, 5, 'exponential'):.2f}。")
    correct = ndcg(rels, 5, "exponential")
    out = [
        Finding(ex["id"], "DCG@5", claims["DCG@5"], dcg(rels, 5, "exponential"), "wrong", why_en, why_zh, article_dcg),
        Finding(ex["id"], "IDCG@5", claims["IDCG@5"], idcg(rels, 5, "exponential"), "wrong", why_en, why_zh,
                article_idcg),
        Finding(ex["id"], "nDCG@5", claims["NDCG@5"], correct, "wrong", why_en, why_zh, article_dcg / article_idcg),
        Finding(ex["id"], "nDCG@5 (code output)", claims["code_output"], correct, "wrong",
                f"The article's own code is correct and prints {correct!r}; the output in its comment "
                f"({claims['code_output']}) is not what that code prints.",
                f"文章自己的代码是正确的，运行结果为 {correct!r}；注释里的输出（{claims['code_output']}）"
                f"并不是这段代码的运行结果。"),
    ]
    pk = examples()["003_precision"]
    hits = pk["input"]["relevance_in_ranked_order"]
    for k in (3, 5):
        value = precision_at_k(hits, k)
        for key in (f"P@{k}", f"code_output_P@{k}"):
            claim = pk["claimed"][key]
            finding = _agree(pk["id"], key.replace("code_output_", "") + (" (code output)" if "code" in key else ""),
                             claim, value, 3)
            if finding.verdict == "wrong":
                finding = Finding(
                    pk["id"], finding.quantity, claim, value, "wrong",
                    "With relevance [1, 1, 0, 1, 0] three of the top 5 are relevant: P@5 = 3/5 = 0.6, not 4/5. "
                    "With the graded scores 5-4-3-2-1 every item is relevant (grade >= 1) and P@5 = 1.",
                    "按相关性 [1, 1, 0, 1, 0]，前 5 个中有 3 个相关：P@5 = 3/5 = 0.6，而不是 4/5。"
                    "若按 5-4-3-2-1 的分级相关性，每个条目都相关（相关性 >= 1），P@5 = 1。")
            out.append(finding)
    return out


def _findings_004() -> list[Finding]:
    ex = examples()["004_ndcg"]
    out = []
    for name, rels in ex["input"]["grades_in_ranked_order"].items():
        out.append(Finding(ex["id"], f"nDCG@5 ({name}, exponential gain)", None, ndcg(rels, 5, "exponential"),
                           "not printed",
                           why_en="The article's output is a missing screenshot; its method (sum of the DCG column "
                                  "over sum of the IDCG column, exponential gain) is right.",
                           why_zh="文章的输出是缺失的截图；它的方法（DCG 列之和除以 IDCG 列之和，指数增益）是对的。"))
    return out


@lru_cache(maxsize=1)
def findings() -> tuple[Finding, ...]:
    """Every checked number of every article, in article order."""
    return tuple(_findings_000() + _findings_001() + _findings_003() + _findings_004())
