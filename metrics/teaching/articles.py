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

import numpy as np
import pandas as pd

from ..measures.ap import average_precision
from ..measures.cutoff import hit_rate_at_k, precision_at_k, recall_at_k
from ..measures.ndcg import cg, dcg, discounts, gains, idcg, ndcg
from ..measures.roc import confusion_at
from ..measures.rr import mean_reciprocal_rank, reciprocal_rank, rr_steps
from ..messages import N_, message

EXAMPLES_FILE = Path(__file__).resolve().parents[2] / "sample_data" / "article_examples.json"

#: verdicts, from best to worst
VERDICTS = (N_("agrees"), N_("rounded"), N_("not printed"), N_("wrong"), N_("wrong method"), N_("code fails"))
#: what each verdict means
VERDICT_MEANING = {
    "agrees": N_("the article's number is the exact value, rounded as printed"),
    "rounded": N_("the article's number differs only because it rounds intermediate results"),
    "not printed": N_("the article prints no number here; the exact value is given"),
    "wrong": N_("the article's number is wrong"),
    "wrong method": N_("the article prints no number, but its method or code computes a wrong one"),
    "code fails": N_("the article's code raises an error when run today"),
}


@dataclass(frozen=True)
class Finding:
    """One number of one article: as claimed, as it really is, and why they differ."""

    example: str  #: id in article_examples.json
    quantity: str  #: e.g. "nDCG@5"; a :class:`metrics.messages.Message` when it has words to translate
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
    out = [_agree(ex["id"], N_("CG (list_1)"), claims["CG_1"], cg(grades["list_1"]), 1),
           _agree(ex["id"], N_("CG (list_2)"), claims["CG_2"], cg(grades["list_2"]), 1)]
    for label, rels, claim in ((N_("DCG (list_1)"), grades["list_1"], claims["DCG_1"]),
                               (N_("DCG (list_2)"), grades["list_2"], claims["DCG_2"]),
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
    for label, rels in ((N_("nDCG (list_1)"), grades["list_1"]), (N_("nDCG (list_2)"), grades["list_2"])):
        out.append(Finding(ex["id"], label, None, ndcg(rels), "not printed",
                           why_en="The article defines NDCG = DCG/IDCG but never computes it for these lists.",
                           why_zh="文章给出了 NDCG = DCG/IDCG，但没有算出这两个列表的 NDCG。"))
    code = examples()["000_code_ndcg"]
    queries = code["input"]["grades_in_ranked_order"]
    values = [ndcg(rels, code["k"]) for rels in queries.values()]
    out.append(Finding(code["id"], N_("mean nDCG@3"), None, sum(values) / len(values), "code fails",
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
    out.append(_agree(pr["id"], N_("Recall"), claimed_value(pr["claimed"]["Recall"]),
                      recall_at_k(hits, 3, pr["input"]["relevant"]), 4))
    out.append(_agree(pr["id"], "Precision", claimed_value(pr["claimed"]["Precision"]), precision_at_k(hits, 3), 4))
    return out


def _findings_001() -> list[Finding]:
    ex = examples()["001_hit_ap_mrr"]
    pred, truth = ex["input"]["pred_items"], set(ex["input"]["gt_items"])
    hits = [1 if item in truth else 0 for item in pred]
    R = len(truth)
    out = [
        Finding(ex["id"], N_("hit() = HR@5"), None, float(any(hits)), "wrong method",
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
        out.append(_agree(terms["id"], message(N_("AP term at rank {rank}"), rank=rank),
                          claimed_value(terms["claimed"][key]), float(table["counted"].iloc[rank - 1]), 4))
    narrative = examples()["001_ap_narrative"]
    out.append(Finding(narrative["id"], "AP", None,
                       average_precision(narrative["input"]["relevance_in_ranked_order"],
                                         n_relevant=narrative["input"]["relevant_total"]), "not printed",
                       why_en="The result is in a missing formula image: (1/1 + 2/2) / 3.",
                       why_zh="结果在缺失的公式图片中：(1/1 + 2/2) / 3。"))
    order = examples()["001_map_order"]
    for name, hits_list in order["input"]["relevance_in_ranked_order"].items():
        key = f"Precision_{name}"
        out.append(_agree(order["id"], message(N_("P@5 ({name})"), name=name), claimed_value(order["claimed"][key]),
                          precision_at_k(hits_list, 5), 4))
        out.append(Finding(order["id"], f"AP ({name})", None, average_precision(hits_list), "not printed",
                           why_en="Same precision, different AP: AP rewards the hits that come first.",
                           why_zh="精确率相同，AP 不同：AP 奖励排在前面的命中。"))
    mrr = examples()["001_mrr_queries"]
    ranks = mrr["input"]["first_relevant_rank"]
    for rank, key in ((3, "RR_rank_3"), (2, "RR_rank_2")):
        out.append(_agree(mrr["id"], message(N_("RR (first hit at rank {rank})"), rank=rank),
                          claimed_value(mrr["claimed"][key]), reciprocal_rank([0] * (rank - 1) + [1]), 4))
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
    printed_text = [f.split("/")[1] for f in tables["DCG@5_fractions"]]
    printed = [float(d) for d in printed_text]
    exact = [math.log2(i + 2) for i in range(len(rels))]
    article_dcg = sum(gains(rels, "exponential") / printed)
    article_idcg = sum(gains(sorted(rels, reverse=True), "exponential") / printed)
    shifted = [(i + 1, p, e, _printed_log(text)) for i, (p, e, text) in enumerate(zip(printed, exact, printed_text))
               if abs(p - e) > 5e-3]
    wrong = "; ".join(f"rank {rank}: {p:g} = log2({n}) instead of log2({rank + 1}) = {e:.3f}"
                      for rank, p, e, n in shifted)
    wrong_zh = "；".join(f"第 {rank} 位用 {p:g} = log2({n})，而不是 log2({rank + 1}) = {e:.3f}"
                         for rank, p, e, n in shifted)
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
        Finding(ex["id"], N_("nDCG@5 (code output)"), claims["code_output"], correct, "wrong",
                f"The article's own code is correct and prints {correct!r}; the output in its comment "
                f"({claims['code_output']}) is not what that code prints.",
                f"文章自己的代码是正确的，运行结果为 {correct!r}；注释里的输出（{claims['code_output']}）"
                f"并不是这段代码的运行结果。"),
    ]
    pk = examples()["003_precision"]
    hits = pk["input"]["relevance_in_ranked_order"]
    for k in (3, 5):
        value = precision_at_k(hits, k)
        for key, quantity in ((f"P@{k}", f"P@{k}"), (f"code_output_P@{k}", message(N_("P@{k} (code output)"), k=k))):
            claim = pk["claimed"][key]
            finding = _agree(pk["id"], quantity, claim, value, 3)
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
        out.append(Finding(ex["id"], message(N_("nDCG@5 ({name}, exponential gain)"), name=name), None,
                           ndcg(rels, 5, "exponential"), "not printed",
                           why_en="The article's output is a missing screenshot; its method (sum of the DCG column "
                                  "over sum of the IDCG column, exponential gain) is right.",
                           why_zh="文章的输出是缺失的截图；它的方法（DCG 列之和除以 IDCG 列之和，指数增益）是对的。"))
    return out


@lru_cache(maxsize=1)
def findings() -> tuple[Finding, ...]:
    """Every checked number of every article, in article order."""
    return tuple(_findings_000() + _findings_001() + _findings_003() + _findings_004())


# ------------------------------------------------------------------------------------------------
# conceptual errors: what the articles say (not compute) that is not so


@dataclass(frozen=True)
class ConceptError:
    """One conceptual error of one article: where, the article's own words, what is wrong, the
    correction, and the numbers that show it (computed by this package; empty when there are none)."""

    key: str  #: e.g. "001_recall"
    article: str  #: the seed file name, as ``Article.file`` and ``article`` in article_examples.json
    where_en: str  #: the article's section
    where_zh: str
    quote_zh: str  #: the article's words, verbatim (it occurs in the seed text)
    wrong_en: str  #: what is wrong
    wrong_zh: str
    correction_en: str  #: what is right, with the numbers
    correction_zh: str
    numbers: tuple[tuple[str, float], ...] = ()  #: (label, value): the values the correction quotes

    def number(self, label: str) -> float:
        """The value of one of :attr:`numbers` by its label."""
        return dict(self.numbers)[label]


def number_text(value: float) -> str:
    """A computed number as the corrections print it: 4 decimals at most, ``inf`` for infinity.

    >>> number_text(2 / 3), number_text(0.375), number_text(float("inf")), number_text(1.0)
    ('0.6667', '0.375', 'inf', '1')
    """
    return "inf" if math.isinf(value) else f"{round(value, 4):g}"


def _concept_000() -> list[ConceptError]:
    code = examples()["000_code_map"]
    lists = code["input"]["relevance_in_ranked_order"]
    mean_p = {name: sum(precision_at_k(hits, k) for k in range(1, len(hits) + 1)) / len(hits)
              for name, hits in lists.items()}
    ap = {name: average_precision(hits) for name, hits in lists.items()}
    q1 = lists["q1"]
    ps = ", ".join(number_text(precision_at_k(q1, k)) for k in range(1, len(q1) + 1))
    at_hits = [k for k, hit in enumerate(q1, start=1) if hit]
    terms = " + ".join(f"{sum(q1[:k])}/{k}" for k in at_hits)
    n = len(q1)
    return [ConceptError(
        "000_ap_definition", code["article"], "2. MAP", "2. MAP 一节",
        "AP@N可以直观理解为枚举Precision@k之后取平均值",
        "It defines AP@N as the mean of Precision@k over every k = 1..N. That mean counts the ranks of the "
        "misses too; it is not average precision.",
        "文章把 AP@N 说成对每个 k = 1..N 的 Precision@k 取平均。这样的平均把未命中的名次也算了进去，"
        "不是平均精度（AP）。",
        f"AP averages Precision@k only at the ranks k of the relevant items, and divides by R, the number of "
        f"relevant items. On the article's own code example q1 = {q1}: Precision@k for k = 1..{n} is {ps}, whose "
        f"mean is {number_text(mean_p['q1'])}; AP = ({terms}) / {len(at_hits)} = {number_text(ap['q1'])}. "
        f"For q2 = {lists['q2']}: {number_text(mean_p['q2'])} against AP = {number_text(ap['q2'])}. "
        f"The article's own `average_precision` code does it right: it adds a precision only where `value == 1`.",
        f"AP 只在相关条目所在的名次 k 上取 Precision@k，再除以相关条目数 R。以文章自己的代码示例 q1 = {q1} 为例："
        f"k = 1..{n} 的 Precision@k 依次为 {ps}，平均值为 {number_text(mean_p['q1'])}；而 AP = ({terms}) / "
        f"{len(at_hits)} = {number_text(ap['q1'])}。q2 = {lists['q2']} 时分别为 {number_text(mean_p['q2'])} 和 "
        f"AP = {number_text(ap['q2'])}。文章自己的 `average_precision` 代码是对的：只在 `value == 1` 处累加精确率。",
        (("mean P@k (q1)", mean_p["q1"]), ("AP (q1)", ap["q1"]), ("mean P@k (q2)", mean_p["q2"]),
         ("AP (q2)", ap["q2"])))]


def _article_dcg_list(scores) -> float:
    """The article 001's getDCG_list, as printed: ``np.divide(score, np.log2(1+i))`` with i from 0."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return float(np.sum([np.divide(score, np.log2(1 + i)) for i, score in enumerate(scores)]))


def _concept_001() -> list[ConceptError]:
    file = examples()["001_hit_ap_mrr"]["article"]
    ex = examples()["001_hit_ap_mrr"]
    pred, truth = ex["input"]["pred_items"], ex["input"]["gt_items"]
    hits = [1 if item in truth else 0 for item in pred]
    n, R, found = len(pred), len(truth), sum(hits)
    recall, precision = recall_at_k(hits, n, R), precision_at_k(hits, n)
    out = [ConceptError(
        "001_recall", file, "Recall", "Recall 一节", "也就是你所有预测为True的里面,到底有多少是真实值",
        "Right after Recall = TP / (TP + FN) it explains recall as “of everything predicted True, how much is "
        "truly True”: that is precision, TP / (TP + FP).",
        "文章在 Recall = TP / (TP + FN) 之后把召回率解释为“所有预测为 True 的里面有多少是真的”："
        "这说的是精确率 TP / (TP + FP)。",
        f"Recall is the other way round: of everything truly True, how much was predicted True, TP / (TP + FN). "
        f"On the article's `hit()` example (pred_items {pred}, gt_items {truth[0]}-{truth[-1]}): recall@{n} = "
        f"{found}/{R} = {number_text(recall)}; the article's sentence describes precision@{n} = {found}/{n} = "
        f"{number_text(precision)}.",
        f"召回率正好反过来：所有真正为 True 的里面有多少被预测为 True，即 TP / (TP + FN)。以文章 `hit()` 的例子"
        f"（pred_items {pred}，gt_items {truth[0]}-{truth[-1]}）为例：召回率@{n} = {found}/{R} = "
        f"{number_text(recall)}；文章那句话描述的是精确率@{n} = {found}/{n} = {number_text(precision)}。",
        (("recall@5", recall), ("precision@5", precision)))]

    # ROC: rates, not counts; a made-up threshold where TP < FP but TPR > FPR
    labels, scores = [1, 1, 0, 0, 0, 0, 0, 0, 0, 0], [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0.0]
    c = confusion_at(labels, scores, 0.5)
    out.append(ConceptError(
        "001_roc_axes", file, "ROC(AUC)", "ROC(AUC) 一节", "ROC的横坐标是FP,纵坐标是TP",
        "It gives the ROC axes as the counts FP and TP, and argues that since TP is usually larger than FP the "
        "curve bulges upwards (凸函数) and AUC > 0.5.",
        "文章说 ROC 曲线的横、纵坐标是计数 FP 和 TP，并据“TP 一般大于 FP”推出曲线是凸的、AUC > 0.5。",
        f"The axes are rates, each between 0 and 1: x = FPR = FP / (FP + TN), y = TPR = TP / (TP + FN); only so is "
        f"AUC a number between 0 and 1. Counts mislead when the classes differ in size: with 2 relevant and 8 "
        f"non-relevant items (a made-up example), the threshold 0.5 gives TP = {c['tp']} < FP = {c['fp']}, yet "
        f"TPR = {number_text(c['tpr'])} > FPR = {number_text(c['fpr'])}.",
        f"坐标轴是比率，都在 0 到 1 之间：横轴 FPR = FP / (FP + TN)，纵轴 TPR = TP / (TP + FN)；这样 AUC 才是 "
        f"0 到 1 之间的数。两类条目数不同时计数会误导：2 个相关、8 个不相关的条目（虚构的例子），阈值 0.5 时 "
        f"TP = {c['tp']} < FP = {c['fp']}，但 TPR = {number_text(c['tpr'])} > FPR = {number_text(c['fpr'])}。",
        (("TP", c["tp"]), ("FP", c["fp"]), ("TPR", c["tpr"]), ("FPR", c["fpr"]))))

    wrong_ppv = 1 - precision
    out.append(ConceptError(
        "001_ppv", file, "ROC(AUC), `confusion_marix` code", "ROC(AUC) 一节的 `confusion_marix` 代码",
        "PPV = FP / (TP + FP)",
        "`confusion_marix` computes the precision (PPV, “精准率” in its comment) as FP / (TP + FP): that is the "
        "share of false positives among the predicted positives, 1 − precision; its F1 is wrong with it.",
        "`confusion_marix` 把精确率（PPV，注释中的“精准率”）算成 FP / (TP + FP)：这是预测为正的里面假阳性的比例，"
        "即 1 − 精确率；用它算出的 F1 也就错了。",
        f"Precision (PPV) = TP / (TP + FP). With the `hit()` example's top {n} ({found} hits, TP = {found}, FP = "
        f"{n - found}): precision = {number_text(precision)}; the code's formula gives {number_text(wrong_ppv)}.",
        f"精确率（PPV）= TP / (TP + FP)。以 `hit()` 例子的前 {n} 个为例（{found} 个命中，TP = {found}，FP = "
        f"{n - found}）：精确率 = {number_text(precision)}；代码的公式得 {number_text(wrong_ppv)}。",
        (("precision", precision), ("FP / (TP + FP)", wrong_ppv))))

    rels = examples()["001_ndcg"]["input"]["grades_in_ranked_order"]
    article = _article_dcg_list(rels)
    right = dcg(rels)
    shown = ", ".join(f"log2({i + 1}) = {number_text(math.log2(i + 1))}" for i in range(len(rels)))
    out.append(ConceptError(
        "001_dcg_list", file, "NDCG code, `getDCG_list`", "NDCG 代码中的 `getDCG_list`",
        "np.divide(score, np.log2(1+i)) for i, score in enumerate(scores)",
        "`enumerate` counts from 0, so `getDCG_list` divides rank 1 by log2(1) = 0 (a division by zero: NumPy "
        "returns inf with a warning, nan for grade 0) and every later rank i by log2(i) instead of log2(i + 1).",
        "`enumerate` 从 0 开始计数，所以 `getDCG_list` 在第 1 位除以 log2(1) = 0（除以零：NumPy 给出 inf 并发出警告，"
        "相关性为 0 时是 nan），其后第 i 位除以 log2(i) 而不是 log2(i + 1)。",
        f"Count the ranks from 1 and divide by log2(i + 1), as `getDCG2_list` (`enumerate(scores, start=1)`) "
        f"and `getDCG` do. On the example's grades {rels}: `getDCG_list` divides by {shown} and returns "
        f"{number_text(article)}; DCG = {number_text(right)}.",
        f"名次应从 1 开始并除以 log2(i + 1)，如 `getDCG2_list`（`enumerate(scores, start=1)`）和 `getDCG` 那样。以例子的"
        f"相关性 {rels} 为例：`getDCG_list` 依次除以 {shown}，结果为 {number_text(article)}；正确的 DCG = "
        f"{number_text(right)}。",
        (("getDCG_list", article), ("DCG", right))))

    order = examples()["001_map_order"]["input"]["relevance_in_ranked_order"]
    k = len(order["list_1"])
    hr = {name: hit_rate_at_k(hits_list, k) for name, hits_list in order.items()}
    p = {name: precision_at_k(hits_list, k) for name, hits_list in order.items()}
    ap = {name: average_precision(hits_list) for name, hits_list in order.items()}
    out.append(ConceptError(
        "001_map_name", file, "MAP", "MAP 一节", "所有用户的平均命中率AP = MAP",
        "It calls AP an average hit rate (平均命中率). The hit rate (the article's own Hit section) only asks "
        "whether the relevant items were recommended, in any order: averaging it cannot rank the better list "
        "first, which is what the section sets out to do.",
        "文章把 AP 叫作“平均命中率”。命中率（文章自己的 Hit 一节）只看相关条目有没有被推荐、不管顺序："
        "对它取平均分不出哪个列表排得更好，而这正是这一节要做的事。",
        f"MAP (mean average precision, 平均精度均值) is the mean over users of AP, and AP averages the precision "
        f"at the ranks of the relevant items. On the article's pair [hit, hit, miss, miss, miss] and "
        f"[miss, miss, miss, hit, hit]: HR@{k} = {number_text(hr['list_1'])} and {number_text(hr['list_2'])}, "
        f"P@{k} = {number_text(p['list_1'])} and {number_text(p['list_2'])}, but AP = {number_text(ap['list_1'])} "
        f"and {number_text(ap['list_2'])}.",
        f"MAP（平均精度均值）是各用户 AP 的平均值，而 AP 是相关条目所在名次上精确率的平均。以文章的"
        f"【命中，命中，未命中，未命中，未命中】和【未命中，未命中，未命中，命中，命中】为例：HR@{k} 分别为 "
        f"{number_text(hr['list_1'])} 和 {number_text(hr['list_2'])}，P@{k} 分别为 {number_text(p['list_1'])} 和 "
        f"{number_text(p['list_2'])}，而 AP 分别为 {number_text(ap['list_1'])} 和 {number_text(ap['list_2'])}。",
        (("HR@5 (list_1)", hr["list_1"]), ("HR@5 (list_2)", hr["list_2"]), (N_("AP (list_1)"), ap["list_1"]),
         (N_("AP (list_2)"), ap["list_2"]))))
    return out


#: two users whose first relevant items are at ranks 1 and 3 (a made-up example)
MRR_LISTS = ([1, 0, 0], [0, 0, 1])


def _concept_002() -> list[ConceptError]:
    file = "002_c61f786f7d9707da.txt"
    ranks = [rr_steps(hits).details["first_hit_rank"] for hits in MRR_LISTS]
    mrr = mean_reciprocal_rank(list(MRR_LISTS))
    inverse_of_mean = 1 / (sum(ranks) / len(ranks))
    second = MRR_LISTS[1]
    rr, first_item = reciprocal_rank(second), reciprocal_rank(second, k=1)
    plus = " + ".join(f"1/{r}" for r in ranks)
    return [
        ConceptError(
            "002_mrr_name", file, "The list of metrics (MRR)", "指标列表（MRR）", "平均排名的倒数",
            "MRR is translated as “the reciprocal of the mean rank”, 1 / mean(rank). MRR is the mean of the "
            "reciprocal ranks, mean(1 / rank); the two differ whenever the ranks differ.",
            "MRR 被译成“平均排名的倒数”，即 1 / 平均名次。MRR 是倒数排名的平均值，即各个 1 / 名次 的平均；"
            "只要各名次不全相同，两者就不相等。",
            f"Two users whose first relevant items are at ranks {ranks[0]} and {ranks[1]}: MRR = ({plus}) / "
            f"{len(ranks)} = {number_text(mrr)}; the reciprocal of the mean rank is 1 / {sum(ranks) / len(ranks):g} = "
            f"{number_text(inverse_of_mean)}. The usual Chinese name is 平均倒数排名; the article's own algorithm "
            f"(the reciprocal for each user, then a simple average) is right.",
            f"两个用户的第一个相关条目分别在第 {ranks[0]} 位和第 {ranks[1]} 位：MRR = ({plus}) / {len(ranks)} = "
            f"{number_text(mrr)}；而平均名次的倒数是 1 / {sum(ranks) / len(ranks):g} = {number_text(inverse_of_mean)}。"
            f"通常的译名是“平均倒数排名”；文章后面给出的算法（先求每个用户的倒数，再简单平均）是对的。",
            (("MRR", mrr), ("1 / mean rank", inverse_of_mean))),
        ConceptError(
            "002_mrr_first_item", file, "MRR, cons", "MRR 的缺点", "它只关注列表中的第一个项目",
            "It says MRR only looks at the first item of the list. MRR looks at the first relevant item, "
            "wherever it is; a few lines earlier the article says so itself (“列表的第一个相关元素”).",
            "文章说 MRR 只关注列表中的第一个项目。MRR 看的是第一个相关条目，不论它排在哪里；"
            "文章前几行自己也这样说（“列表的第一个相关元素”）。",
            f"A user whose first relevant item is at rank {ranks[1]}, {second}: RR = 1/{ranks[1]} = "
            f"{number_text(rr)}. Looking at the first item only (RR@1) gives {number_text(first_item)}. What RR "
            f"ignores is everything after the first relevant item.",
            f"一个用户的第一个相关条目在第 {ranks[1]} 位，{second}：RR = 1/{ranks[1]} = {number_text(rr)}。只看第一个"
            f"项目（RR@1）则为 {number_text(first_item)}。RR 忽略的是第一个相关条目之后的所有条目。",
            (("RR", rr), ("RR@1", first_item))),
    ]


@lru_cache(maxsize=1)
def concept_errors() -> tuple[ConceptError, ...]:
    """The conceptual errors of the articles (a wrong definition, name or formula), in article order."""
    return tuple(_concept_000() + _concept_001() + _concept_002())


def _printed_log(divisor: str) -> int | None:
    """The n with log2(n) = the printed ``divisor`` to its printed digits (``"3.17"`` -> 9), or None."""
    value = float(divisor)
    n = round(2 ** value)
    decimals = len(divisor.partition(".")[2])
    return n if n >= 1 and abs(math.log2(n) - value) <= 0.5 * 10 ** -decimals + 1e-12 else None


def article_divisors(example_id: str = "003_ndcg") -> pd.DataFrame:
    """The divisors an article's DCG uses at each rank, beside log2(i + 1), from its printed fractions.

    Columns: ``rank``, ``gain``, ``printed`` (the article's divisor, as printed), ``n`` (the divisor is
    log2(n) to its printed digits; None when it is no such logarithm), ``log2(i+1)``, ``term_article``
    (gain / the printed divisor), ``term`` (gain / log2(i + 1)), ``wrong`` (n is not i + 1).
    """
    ex = examples()[example_id]
    rels = ex["input"]["grades_in_ranked_order"]
    fractions = ex["claimed_tables"]["DCG@5_fractions"]
    printed = [f.split("/")[1] for f in fractions]
    g = gains(rels, ex["gain"])[:len(printed)]
    right = discounts(len(printed))
    n = [_printed_log(d) for d in printed]
    return pd.DataFrame({
        "rank": range(1, len(printed) + 1), "gain": g, "printed": printed, "n": n, "log2(i+1)": right,
        "term_article": [gain / float(d) for gain, d in zip(g, printed)], "term": g / right,
        "wrong": [m != i + 2 for i, m in enumerate(n)],
    })
