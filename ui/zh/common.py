"""中文 for the navigation, the home page, the sidebar and the verdicts of the articles' numbers."""

ZH: dict[str, str] = {
    # shared terms (table headers and labels used by several parts: translate them once, here)
    "rank": "名次",
    "item": "条目",
    "items": "条目",
    "grade": "等级",
    "rel": "相关性",
    "relevant": "相关",
    "gain": "增益",
    "discount": "折损",
    "discounted_gain": "折损后增益",
    "query": "查询",
    "hits": "命中数",
    "hit": "命中",
    "precision": "精确率",
    "recall": "召回率",
    "score": "得分",
    "label": "标签",
    "value": "数值",
    "measure": "指标",
    "linear": "线性",
    "exponential": "指数",
    "binary": "二值",
    "Gain": "增益",
    "Ideal ordering": "理想排序",
    "K (cut-off)": "截断位置 K",
    # navigation (app.py)
    "Start": "开始",
    "Home": "首页",
    "Upload & many queries": "上传与多查询",
    "Explain one ranking": "讲解一个排序",
    "nDCG": "nDCG",
    "AP / MAP": "AP / MAP",
    "RR / MRR": "RR / MRR",
    "P / R / F1 / Hit @K": "P / R / F1 / Hit @K",
    "ROC / AUC": "ROC / AUC",
    "Beyond accuracy": "准确率之外",
    "Compare": "比较",
    "Two rankings": "两个排序",
    "Library conventions": "各库的约定",
    "Two systems": "两个系统",
    "Learn and teach": "学习与教学",
    "Quiz": "练习",
    "The articles' examples": "文章中的例子",
    "Handout & presenter view": "讲义与演示模式",
    # home page
    "Ranking Metrics Lab": "排序指标实验室 · Ranking Metrics Lab",
    "See **how** ranking metrics are computed, step by step, on rankings you make: drag items into "
    "a ranking, change their relevance grades, and watch nDCG, AP, RR, precision and recall change "
    "rank by rank — with the formula and your numbers filled in.":
        "在你自己搭建的排序上，一步步看清排序指标**是怎样**算出来的：把条目拖进排序、修改相关性等级，"
        "观察 NDCG（归一化折损累计增益）、AP/MAP（平均精度均值）、RR/MRR（平均倒数排名）、精确率与召回率"
        "如何逐个位置变化——公式里填的就是你的数字。",
    "Where to start": "从哪里开始",
    "nDCG: G → CG → DCG → IDCG → nDCG": "nDCG:G → CG → DCG → IDCG → nDCG",
    "AP / MAP: the precision at each hit": "AP / MAP：每个命中位置上的精确率",
    "RR / MRR: the rank of the first hit": "RR / MRR：第一个命中的名次",
    "Precision, recall, F1, hit rate @K": "前 K 个的精确率、召回率、F1 与命中率",
    "ROC curve and AUC": "ROC 曲线与 AUC",
    "Quiz: compute it by hand, get your mistake diagnosed": "练习：手算一遍，诊断你的错误",
    "Upload TREC / CSV / JSON lists, many queries": "上传 TREC / CSV / JSON 列表，多个查询",
    "Coverage and intra-list diversity": "覆盖率与列表内多样性",
    "Compare two rankings": "比较两个排序",
    "Why does my library give another number?": "为什么我用的库算出来不一样？",
    "Is system B really better than A?": "系统 B 真的比 A 好吗？",
    "The articles' worked examples, checked": "核对文章中的计算例子",
    "Every page shares one ranking: the builder on the left of each explainer page loads the "
    "articles' examples and teaching cases, and your changes follow you from page to page.":
        "所有页面共用同一个排序：每个讲解页左侧的排序构建器可以载入文章中的例子和教学用例，"
        "你的改动会跟随你切换到其他页面。",
    "The source articles, checked": "核对原文",
    "{checked} numbers of the articles checked: **{differ}** differ from the exact value or come "
    "from code that fails. The rest agree or were not printed.":
        "共核对了文章中的 {checked} 个数字：其中 **{differ}** 个与精确值不符，或来自无法运行的代码；"
        "其余的相符或文章没有给出数值。",
    "**{example} · {quantity}** — article: {claimed}, exact: **{exact}** (*{verdict}*)":
        "**{example} · {quantity}** —— 文章：{claimed}，精确值：**{exact}**（*{verdict}*）",
    "What the verdicts mean, and every checked number": "各判定的含义，以及所有核对过的数字",
    "verdict": "判定",
    "article example": "文章中的例子",
    "quantity": "指标",
    "article says": "文章给出",
    "exact": "精确值",
    "why": "原因",
    "meaning": "含义",
    # verdicts (metrics.teaching.articles.VERDICT_MEANING)
    "agrees": "相符",
    "rounded": "舍入误差",
    "not printed": "未给出",
    "wrong": "错误",
    "wrong method": "方法错误",
    "code fails": "代码报错",
    "the article's number is the exact value, rounded as printed": "文章的数字就是精确值（按其位数舍入）",
    "the article's number differs only because it rounds intermediate results":
        "文章的数字不同，只是因为它对中间结果做了舍入",
    "the article prints no number here; the exact value is given": "文章此处没有给出数字；这里给出精确值",
    "the article's number is wrong": "文章的数字是错的",
    "the article prints no number, but its method or code computes a wrong one":
        "文章没有给出数字，但它的方法或代码会算出错误的结果",
    "the article's code raises an error when run today": "文章的代码如今运行会报错",
    # shared sidebar
    "Language · 语言": "Language · 语言",
}
