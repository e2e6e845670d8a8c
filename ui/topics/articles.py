"""The articles page's catalogue: the five source articles, which worked example belongs to which,
which boards load each example into the builder, and which explainer page explains it.

Plain Python (no Streamlit): the page lays these out, the tests check them. The numbers come
from ``metrics.teaching.articles`` (claimed vs exact, verdicts, why; the conceptual errors; article 003's
divisors) and the boards from ``ui.model.presets``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import pandas as pd

from metrics.teaching.articles import ConceptError, Finding, article_divisors, concept_errors, examples, findings
from ui.i18n import N_
from ui.model.board import Board
from ui.model.presets import PRESETS
from ui.shell.routes import page_file
from ui.shell.safe import plain

#: verdicts that mean "the article is wrong here" (highlighted red) and "only rounded" (amber)
WRONG_VERDICTS = ("wrong", "wrong method", "code fails")
ROUNDED_VERDICTS = ("rounded",)
WRONG_STYLE = "background-color: #FAD4D4; color: #8A1111; font-weight: 700"
ROUNDED_STYLE = "background-color: #FFF1C7"

#: explainer pages, by short name
PAGES = {
    "ndcg": (page_file("ndcg"), N_("nDCG explained"), ":material/stacked_bar_chart:"),
    "ap": (page_file("ap"), N_("AP / MAP explained"), ":material/percent:"),
    "rr": (page_file("rr"), N_("RR / MRR explained"), ":material/looks_one:"),
    "cutoff": (page_file("cutoff"), N_("P / R / Hit @K explained"), ":material/filter_list:"),
}


@dataclass(frozen=True)
class Article:
    """One source article: where it is, what it is called, what it does in one line."""

    number: str  #: "000" ... "004"
    file: str  #: the file name in shared/seeds
    title_zh: str
    title_en: str
    summary_en: str
    summary_zh: str
    problems_en: tuple[str, ...] = ()  #: the named problems, one line each
    problems_zh: tuple[str, ...] = ()
    tab: str = ""  #: a short label for the article's tab

    @property
    def tab_label(self) -> str:
        return f"{self.number} · {self.tab or self.title_zh}"


ARTICLES: tuple[Article, ...] = (
    Article("000", "000_5b3731a57ef614e0.txt", "排序评估指标——NDCG和MAP", "Ranking metrics: NDCG and MAP",
            "Builds NDCG as G → CG → DCG → NDCG on two lists of five items with real-valued grades, then MAP, "
            "with Python code for both.",
            "按 G → CG → DCG → NDCG 的顺序讲解 NDCG（五个条目、实数相关性的两个列表），再讲 MAP，并附 Python 代码。",
            ("Rounded logarithms: the DCG table rounds log2(i+1) and every term to 2 decimals before adding, "
             "so list 1's DCG comes out 1.52 instead of 1.5149.",
             "The ndcg_at_k code calls np.asfarray, which NumPy 2.0 removed: it fails today.",
             "The MAP code divides each AP by the hits found, not by all relevant items."),
            ("对数被四舍五入：DCG 表把 log2(i+1) 和每一项都先舍入到两位小数再相加，"
             "列表 1 的 DCG 因而是 1.52 而不是 1.5149。",
             "ndcg_at_k 代码调用了 NumPy 2.0 已删除的 np.asfarray：今天运行会报错。",
             "MAP 代码用找到的命中数作 AP 的分母，而不是全部相关条目数。"), "NDCG和MAP"),
    Article("001", "001_9a36c89d890bfcc8.txt", "评价指标", "Evaluation metrics (recommender systems)",
            "Recall, ROC/AUC, NDCG, hit ratio, MAP, MRR and ILS for a recommender, each with a short Python function.",
            "推荐系统的召回率、ROC/AUC、NDCG、命中率、MAP、MRR 与 ILS，各附一段 Python 函数。",
            ("The \"hit ratio\" hit() returns hits / len(gt_items): that is recall, not a hit rate.",
             "MRR() tests `pred_item in pred_items` (always true) and adds ranks: it raises ValueError.",
             "getDCG does not sum its terms, so getNDCG prints an array instead of one number."),
            ("“命中率” hit() 返回 命中数 / len(gt_items)：这是召回率，不是命中率。",
             "MRR() 判断 `pred_item in pred_items`（永远为真）并把名次相加：会抛出 ValueError。",
             "getDCG 没有对各项求和，所以 getNDCG 打印的是数组而不是一个数。"), "评价指标"),
    Article("002", "002_c61f786f7d9707da.txt", "MRR、MAP、NDCG：推荐系统的三个排序感知指标",
            "MRR, MAP and NDCG: three rank-aware metrics (Moussa Taifi, translated by ronghuaiyang)",
            "Explains the pros and cons of MRR, MAP and NDCG in words; its examples were pictures.",
            "用文字讲解 MRR、MAP、NDCG 的优缺点；文中的例子都是图片。", tab=N_("MRR、MAP、NDCG (no example)")),
    Article("003", "003_6d16541d6fd5e69f.txt", "排序模型评估：准确率@K和NDCG", "Evaluating ranking models: Precision@K and NDCG",
            "Precision@K and NDCG@5 (exponential gain) on five items B, A, D, C, E, by hand and in Python.",
            "在五个商品 B, A, D, C, E 上手算并用 Python 计算精确率@K 与 NDCG@5（指数增益）。",
            ("Wrong logarithms: ranks 3-5 are divided by 2.585 = log2(6), 3.17 = log2(9) and 3.459 = log2(11) "
             "instead of log2(4) = 2, log2(5) = 2.322 and log2(6) = 2.585, so NDCG@5 = 0.861 instead of 0.8645.",
             "P@5 = 4/5 is claimed for relevance [1, 1, 0, 1, 0]: three of five are relevant, 0.6."),
            ("对数用错：第 3-5 位除以 2.585 = log2(6)、3.17 = log2(9)、3.459 = log2(11)，"
             "而不是 log2(4) = 2、log2(5) = 2.322、log2(6) = 2.585，因此 NDCG@5 = 0.861 而不是 0.8645。",
             "相关性 [1, 1, 0, 1, 0] 时文章说 P@5 = 4/5：其实五个里只有三个相关，是 0.6。"), "准确率@K和NDCG"),
    Article("004", "004_26e32d6a523addb6.txt", "NDCG 计算", "Computing NDCG",
            "CG, DCG, IDCG and NDCG defined, then NDCG of two lists with exponential gain in pandas.",
            "定义 CG、DCG、IDCG 与 NDCG，再用 pandas 以指数增益计算两个列表的 NDCG。", tab="NDCG 计算"),
)

#: what an article without a numeric example gets instead of one
NO_EXAMPLE_EN = ("This article has no numeric example to check: it explains the metrics in words, and its worked "
                 "examples (three users' lists for MRR, the precision-recall curves for MAP) were images that are "
                 "missing from the text.")
NO_EXAMPLE_ZH = ("这篇文章没有可核对的数值例子：它用文字讲解指标，"
                 "文中的例子（MRR 的三个用户列表、MAP 的 PR 曲线）都是缺失的图片。")


#: example id -> the PRESETS keys that load it, in order
_BOARDS_OF = {
    "000_ndcg_lists": ("000_list_1", "000_list_2"),
    "000_code_ndcg": ("000_code_q1", "000_code_q2"),
    "000_code_map": ("000_map_q1", "000_map_q2"),
    "000_precision_recall": ("000_precision_recall",),
    "001_hit_ap_mrr": ("001_hit_ap_mrr",),
    "001_ap_terms": ("001_ap_terms",),
    "001_ap_narrative": ("001_ap_narrative",),
    "001_map_order": ("001_map_order_list_1", "001_map_order_list_2"),
    "001_mrr_queries": ("001_mrr_cat", "001_mrr_torus", "001_mrr_virus"),
    "001_ndcg": ("001_ndcg",),
    "003_ndcg": ("003_ndcg",),
    "003_precision": ("003_precision",),
    "004_ndcg": ("004_rel_a", "004_rel_b"),
}

#: board key -> its short name inside its example (the list's or query's name in the article)
_LABELS = {"000_list_1": "list_1", "000_list_2": "list_2", "000_code_q1": "q1", "000_code_q2": "q2",
           "000_map_q1": "q1", "000_map_q2": "q2", "001_map_order_list_1": "list_1",
           "001_map_order_list_2": "list_2", "001_mrr_cat": "cat", "001_mrr_torus": "torus",
           "001_mrr_virus": "virus", "004_rel_a": "rel_a", "004_rel_b": "rel_b"}

#: example id -> the explainer pages (PAGES keys) that explain it, the main one first
_PAGES_OF = {
    "000_ndcg_lists": ("ndcg",), "000_code_ndcg": ("ndcg",), "000_code_map": ("ap",),
    "000_precision_recall": ("cutoff",), "001_hit_ap_mrr": ("cutoff", "ap", "rr"), "001_ap_terms": ("ap",),
    "001_ap_narrative": ("ap",), "001_map_order": ("ap", "cutoff"), "001_mrr_queries": ("rr",),
    "001_ndcg": ("ndcg",), "003_ndcg": ("ndcg",), "003_precision": ("cutoff",), "004_ndcg": ("ndcg",),
}


def markdown_text(text: str) -> str:
    """Text for ``st.markdown`` that keeps its `code spans` and shows everything else literally.

    >>> print(markdown_text("relevance [1, 0](from the code) tests `pred_item in pred_items`"))
    relevance \\[1, 0\\](from the code) tests `pred_item in pred_items`
    """
    parts = str(text).split("`")
    if len(parts) % 2 == 0:  # an unpaired backtick: no code spans at all
        return plain(text)
    return "`".join(part if i % 2 else plain(part) for i, part in enumerate(parts))


def article_examples(article: Article) -> list[dict]:
    """The worked examples of one article, in file order."""
    return [ex for ex in examples().values() if ex["article"] == article.file]


def board_keys(example_id: str) -> tuple[str, ...]:
    """The keys of the boards that load this example (one per list or query)."""
    return _BOARDS_OF[example_id]


def board(key: str) -> Board:
    """The board of a key from :func:`board_keys`: a preset, or one built here."""
    return PRESETS[key]


def board_label(example_id: str, key: str) -> str:
    """A short name of one board of an example: "list_1", "q2", "cat", ... ("" when it is the only one)."""
    return _LABELS.get(key, "") if len(board_keys(example_id)) > 1 else ""


def pages(example_id: str) -> list[tuple[str, str, str]]:
    """(page path, label, icon) of the explainer pages for this example."""
    return [PAGES[name] for name in _PAGES_OF.get(example_id, ())]


def example_findings(example_id: str) -> list[Finding]:
    return [f for f in findings() if f.example == example_id]


def article_concept_errors(article: Article) -> list[ConceptError]:
    """The conceptual errors of one article (a wrong definition, name or formula), in article order."""
    return [error for error in concept_errors() if error.article == article.file]


def quote(error: ConceptError) -> str:
    """The article's words as Markdown: a code span, which shows them verbatim (ASCII punctuation too)."""
    return f"`{error.quote_zh}`"


#: the columns of an article's divisors table (:func:`divisors_table`), as shown
DIVISOR_COLUMNS = (N_("rank"), N_("gain 2^rel − 1"), N_("the article divides by"), N_("which is"),
                   N_("right divisor log2(i+1)"), N_("term with the article's divisor"), N_("term with log2(i+1)"))


def has_divisors(example_id: str) -> bool:
    """Whether the article prints the fractions of this example's DCG (article 003's NDCG)."""
    return "DCG@5_fractions" in examples()[example_id].get("claimed_tables", {})


def divisors_table(example_id: str) -> pd.DataFrame:
    """The divisors the article used at each rank beside log2(i+1), and the term with each, as display text.

    The logarithm each printed divisor is (log2(6) for 2.585) comes from
    :func:`metrics.teaching.articles.article_divisors`, by computation.
    """
    frame = article_divisors(example_id)
    rows = [(str(row["rank"]), f"{row['gain']:g}", row["printed"],
             "—" if pd.isna(row["n"]) else f"log2({int(row['n'])})",
             f"log2({row['rank'] + 1}) = {row['log2(i+1)']:.3f}",
             f"{row['term_article']:.4f}", f"{row['term']:.4f}")
            for row in frame.to_dict("records")]
    rows.append(("Σ = DCG@5" if len(frame) == 5 else "Σ", "", "", "", "", f"{frame['term_article'].sum():.4f}",
                 f"{frame['term'].sum():.4f}"))
    return pd.DataFrame(rows, columns=list(DIVISOR_COLUMNS))


def divisor_styles(example_id: str) -> list[str]:
    """Per row (the sum row last): red where the article's divisor is not log2(i+1)."""
    return [WRONG_STYLE if wrong else "" for wrong in article_divisors(example_id)["wrong"]] + [""]


#: what the "article says" column shows when the article prints no number
NOT_PRINTED = N_("— (not printed)")


def printed(value: float | None, quantity: str = "") -> str:
    """A claimed number as a person reads it: 0.861, 1/3, 0.8607594936708861 (code output, verbatim)."""
    if value is None:
        return NOT_PRINTED
    text = repr(float(value))
    if len(text) <= 8 or "code" in quantity:
        return text.removesuffix(".0") if text.endswith(".0") else text
    fraction = Fraction(value).limit_denominator(12)
    if abs(float(fraction) - value) < 1e-12:
        return f"{fraction.numerator}/{fraction.denominator}"
    return text


def findings_table(example_id: str) -> pd.DataFrame:
    """Claimed vs exact for one example, as display text (exact to 4 decimals)."""
    rows = []
    for f in example_findings(example_id):
        rows.append({
            N_("quantity"): f.quantity,
            N_("the article says"): printed(f.claimed, f.quantity),
            "exact": f"{f.correct:.4f}",
            N_("the article's method gives"): "" if f.article_method is None else f"{f.article_method:.4f}",
            "verdict": f.verdict,
        })
    table = pd.DataFrame(rows, columns=["quantity", "the article says", "exact", "the article's method gives",
                                        "verdict"])
    if not table["the article's method gives"].astype(bool).any():
        table = table.drop(columns="the article's method gives")
    return table


def row_style(row: pd.Series) -> list[str]:
    """Red for rows where the article is wrong, amber where it only rounds."""
    if row["verdict"] in WRONG_VERDICTS:
        return [WRONG_STYLE] * len(row)
    if row["verdict"] in ROUNDED_VERDICTS:
        return [ROUNDED_STYLE] * len(row)
    return [""] * len(row)


def whys(example_id: str, language: str = "en", name=None, sep: str = ", ") -> list[tuple[str, str]]:
    """(quantities, why) of one example, each distinct explanation once.

    ``name`` shows a quantity in the reader's language (the UI passes ``t``), ``sep`` joins them.
    """
    out: dict[str, list[str]] = {}
    for f in example_findings(example_id):
        text = f.why_en if language == "en" else f.why_zh
        if text:
            out.setdefault(text, []).append(name(f.quantity) if name else f.quantity)
    return [(sep.join(quantities), text) for text, quantities in out.items()]


#: the message of the pages that need sample_data/article_examples.json when it cannot be read
SAMPLE_MISSING = N_("The articles' worked examples cannot be shown: the file sample_data/article_examples.json is "
                    "missing or unreadable ({problem}). Reinstall the app or restore the file, then restart it; the "
                    "other pages keep working.")


def examples_missing() -> bool:
    """On a page that needs the articles' examples: when they could not be read at start-up
    (``ui.model.presets.SAMPLE_PROBLEM``), one st.error saying so, and True."""
    import streamlit as st

    from ui.i18n import t
    from ui.model.presets import SAMPLE_PROBLEM

    if SAMPLE_PROBLEM is None:
        return False
    st.error(t(SAMPLE_MISSING).format(problem=plain(SAMPLE_PROBLEM)), icon=":material/error:")
    return True
