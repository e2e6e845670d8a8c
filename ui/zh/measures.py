"""The measures of the "More measures" page and their step tables: bpref, interpolated precision,
counts, set measures, Rprec_mult, Judged@k, RBP, ERR, nDCG with a gain map, GM_MAP."""

ZH = {
    # metrics._validate (the newer validators)
    "{name} must be a number in {bounds}, got {value}": "{name} 必须是 {bounds} 中的数，得到的是 {value}",
    # app.py, pages/more_measures.py
    "More measures": "更多指标",
    "Persistence p (the chance of reading on)": "坚持概率 p（继续往下读的概率）",
    "Multiple m of R": "R 的倍数 m",
    "Gain of each grade (grade:gain)": "每个等级的增益（写作 grade:gain）",
    "GM_MAP is the geometric mean of AP over queries: upload a run and qrels (or load a sample) to see it "
    "computed from each query's AP.": "GM_MAP 是各查询 AP 的几何平均：上传 run 和 qrels（或载入示例），"
                                       "即可看到它如何由每个查询的 AP 算出。",
    "MAP (arithmetic mean)": "MAP（算术平均）",
    "ir_measures writes nDCG(gains={0:0,1:1,2:3}); a grade left out keeps its grade as gain.":
        "ir_measures 写作 nDCG(gains={0:0,1:1,2:3})；表中没有列出的等级以等级本身作为增益。",
    "expected grade:gain pairs such as 2:3, got {pair}": "应为 grade:gain 形式的数对，例如 2:3，得到的是 {pair}",
    # ui/topics/more_measures.py: the choices
    "bpref (judged items only)": "bpref（只看已标注条目）",
    "Interpolated precision, 11 points": "插值精确率（11 点）",
    "num_ret: items retrieved": "num_ret：检索到的条目数",
    "num_rel: relevant items": "num_rel：相关条目数",
    "num_rel_ret: relevant items retrieved": "num_rel_ret：检索到的相关条目数",
    "num_nonrel_judged_ret: judged non-relevant retrieved": "num_nonrel_judged_ret：检索到的已标注不相关条目数",
    "set_P: precision of the whole list": "set_P：整个列表的精确率",
    "set_recall: recall of the whole list": "set_recall：整个列表的召回率",
    "set_F: F of the whole list": "set_F：整个列表的 F 值",
    "Rprec_mult: precision at m·R": "Rprec_mult：第 m·R 名处的精确率",
    "Judged@k: how much of the top k is judged": "Judged@k：前 k 名中已标注的比例",
    "RBP: rank-biased precision": "RBP：排序偏置精确率",
    "ERR@k: expected reciprocal rank": "ERR@k：期望倒数排名",
    "nDCG with a gain per grade": "按等级指定增益的 nDCG",
    "GM_MAP: geometric mean of AP over queries": "GM_MAP：各查询 AP 的几何平均",
    "row": "行",
    "⋯ rows 1–{last} above (the whole table is below)": "⋯ 上方还有第 1–{last} 行（完整表格在下方）",
    # ui/topics/more_measures.py: about each measure
    "bpref (Buckley & Voorhees 2004) only looks at judged items: each relevant item loses the share of judged "
    "non-relevant items ranked above it (at most R of them count). Unjudged items are skipped, so it stays stable "
    "when judgements are incomplete.":
        "bpref（Buckley 与 Voorhees，2004）只看已标注条目：每个相关条目按排在它前面的已标注不相关条目所占比例扣分"
        "（最多计 R 个）。未标注条目被跳过，所以标注不完整时它依然稳定。",
    "Interpolated precision at recall r is the best precision at any rank whose recall is at least r "
    "(trec_eval's iprec_at_recall); 11pt_avg is its mean at r = 0, 0.1, …, 1. r·R relevant items are needed, "
    "counted as trec_eval 9 does: ⌊r·R + 0.9⌋.":
        "召回率 r 处的插值精确率，是召回率至少为 r 的所有名次中最高的精确率（trec_eval 的 iprec_at_recall）；"
        "11pt_avg 是它在 r = 0, 0.1, …, 1 处的均值。需要找到 r·R 个相关条目，按 trec_eval 9 的算法取整：⌊r·R + 0.9⌋。",
    "trec_eval prints these counts for every query: they tell you what the other measures divide by.":
        "trec_eval 为每个查询输出这些计数：它们说明其他指标除以的是什么。",
    "The set measures ignore the order: the whole retrieved list is one set (trec_eval's set_P, set_recall, "
    "set_F). Each row shows the value had the list ended there.":
        "集合指标不考虑顺序：整个检索列表被看作一个集合（trec_eval 的 set_P、set_recall、set_F）。"
        "每一行给出列表在该处结束时的值。",
    "Precision at rank ⌊m·R + 0.9⌋ (trec_eval's Rprec_mult): m = 1 is R-precision; small m rewards precision at "
    "the top, large m rewards recall.":
        "第 ⌊m·R + 0.9⌋ 名处的精确率（trec_eval 的 Rprec_mult）：m = 1 即 R-精确率；m 小时奖励靠前的精确率，"
        "m 大时奖励召回率。",
    "Judged@k (ir_measures) is not a quality measure: it says how much of the top k has a judgement, so how far "
    "the other numbers can be trusted.":
        "Judged@k（ir_measures）不衡量排序质量：它说明前 k 名中有多少已标注，也就是其他数值有多可信。",
    "RBP (Moffat & Zobel 2008): the user reads rank 1 and goes on with probability p; each relevant item adds its "
    "weight (1 − p)·p^(i−1). The residual is what the unread ranks could still add.":
        "RBP（Moffat 与 Zobel，2008）：用户读第 1 名，之后以概率 p 继续往下读；每个相关条目加上它的权重 "
        "w_i = (1 − p)·p^(i−1)。残差是没读到的名次最多还能加上的值。",
    "ERR (Chapelle et al. 2009): the user stops at rank i with probability R_i = (2^g − 1)/2^g_max, having read on "
    "past the ranks above; ERR is the expected 1/(rank where they stop).":
        "ERR（Chapelle 等，2009）：用户读过前面的名次后，以概率 R_i = (2^g − 1)/2^g_max 停在第 i 名；"
        "ERR 是停下的名次的倒数的期望。",
    "nDCG with your own gain for each grade (ir_measures' nDCG(gains=…)); the ideal ordering sorts the judged "
    "items by gain.":
        "为每个等级自定增益的 nDCG（ir_measures 的 nDCG(gains=…)）；理想排序按增益对已标注条目排序。",
    "GM_MAP (trec_eval's gm_map): the geometric mean of AP, an AP of 0 counted as 0.00001. One query that fails "
    "pulls it down far more than it pulls MAP.":
        "GM_MAP（trec_eval 的 gm_map）：AP 的几何平均，AP 为 0 时按 0.00001 计。"
        "一个失败的查询对它的拉低远大于对 MAP 的。",
    # the numbers beside the headline
    "Judged non-relevant N": "已标注不相关条目数 N",
    "Precision at rank": "取精确率的名次",
    "Residual": "残差",
    "Largest grade g_max": "最高等级 g_max",
    # ui/charts.py, pages/cutoff.py
    "P and R at each rank": "每个名次的精确率和召回率",
    "interpolated precision": "插值精确率",
    "11-point interpolated precision-recall curve": "11 点插值精确率-召回率曲线",
    "11-point interpolated precision": "11 点插值精确率",
    # metrics.explanation.COLUMN_LABELS (the step tables' headers)
    "judged": "已标注",
    "judged non-rel. above": "前面的已标注不相关条目数",
    "term": "该项",
    "bpref so far": "累计 bpref",
    "recall level r": "召回率水平 r",
    "relevant needed (r·R)": "需要的相关条目数（r·R）",
    "from rank": "起始名次",
    "recall at this rank": "该名次的召回率",
    "judged non-relevant": "已标注不相关",
    "retrieved so far": "目前检索到的条目数",
    "rel. retrieved so far": "目前检索到的相关条目数",
    "judged non-rel. so far": "目前检索到的已标注不相关条目数",
    "R (all relevant)": "R（全部相关条目）",
    "set_P of 1..i": "第 1..i 名的 set_P",
    "set_recall of 1..i": "第 1..i 名的 set_recall",
    "set_F of 1..i": "第 1..i 名的 set_F",
    "judged so far": "目前已标注的条目数",
    "Judged@i": "Judged@i",
    "weight (1 − p)·p^(i−1)": "权重 w_i = (1 − p)·p^(i−1)",
    "contribution": "贡献",
    "RBP so far": "累计 RBP",
    "residual p^i": "残差 p^i",
    "stop probability R_i": "停下的概率 R_i",
    "P(reaching rank i)": "读到第 i 名的概率",
    "ERR@i": "ERR@i",
    "AP of the query": "该查询的 AP",
    "max(AP, 0.00001)": "max(AP, 0.00001)",
    "ln AP": "ln AP",
    "mean log so far": "对数的累计均值",
    "GM_MAP so far": "累计 GM_MAP",
    # \text{} words of the new measures' formulas
    "retrieved": "检索到的",
    "list": "列表",
    "residual": "残差",
    " relevant, retrieved": " 相关且被检索到",
    # the step tables' column names themselves (a table shown without its human headers)
    "AP_q": "该查询的 AP",
    "ERR": "ERR",
    "GM_MAP": "GM_MAP",
    "Judged": "Judged",
    "RBP": "RBP",
    "bpref": "bpref",
    "floored": "下限处理后的 AP",
    "from_rank": "起始名次",
    "hits_needed": "需要的相关条目数",
    "iprec": "插值精确率",
    "judged_so_far": "目前已标注的条目数",
    "log_AP": "ln AP",
    "mean_log": "对数的累计均值",
    "nonrel_above": "前面的已标注不相关条目数",
    "nonrel_judged": "已标注不相关",
    "nonrel_ret_so_far": "目前检索到的已标注不相关条目数",
    "num_rel": "num_rel",
    "reach": "读到该名次的概率",
    "recall_level": "召回率水平",
    "rel_ret_so_far": "目前检索到的相关条目数",
    "ret_so_far": "目前检索到的条目数",
    "running_mean": "累计均值",
    "set_F": "set_F",
    "set_P": "set_P",
    "set_recall": "set_recall",
    "stop": "停下的概率",
    "weight": "权重",
    # metrics.measures.names: the descriptions of the trec_eval measures this page names (the headline's
    # subtitle, metrics.measures.names.subtitle)
    "binary preference: relevant items ranked above judged non-relevant ones":
        "二值偏好：相关条目排在已标注不相关条目之前",
    "mean interpolated precision at recall 0, 0.1, ..., 1 (11pt_avg)":
        "召回率 0, 0.1, ..., 1 处插值精确率的均值（11pt_avg）",
    "interpolated precision at recall level k (a fraction of R)": "召回率水平 k（R 的一个比例）处的插值精确率",
    "number of items retrieved (trec_eval num_ret)": "检索到的条目数（trec_eval 的 num_ret）",
    "number of relevant judged items, R (trec_eval num_rel)": "已标注的相关条目数 R（trec_eval 的 num_rel）",
    "number of relevant items retrieved (trec_eval num_rel_ret)": "检索到的相关条目数（trec_eval 的 num_rel_ret）",
    "judged non-relevant items retrieved": "检索到的已标注不相关条目数",
    "precision of the whole retrieved set": "整个检索集合的精确率",
    "recall of the whole retrieved set": "整个检索集合的召回率",
    "F-measure (beta 1) of the whole retrieved set": "整个检索集合的 F 值（beta 为 1）",
    "precision at rank k * R (trec_eval Rprec_mult)": "第 k * R 名处的精确率（trec_eval 的 Rprec_mult）",
    "average precision, geometric mean over queries (trec_eval gm_map)":
        "平均精度在各查询上的几何平均（trec_eval 的 gm_map）",
    # metrics.measures.names: Judged, RBP, ERR and nDCG's gain map in the measure grammar (subtitle pieces)
    "share of the top k that is judged (ir_measures Judged)": "前 k 名中已标注条目的比例（ir_measures 的 Judged）",
    "rank-biased precision: (1 - p) times the sum of p^(i-1) over relevant ranks":
        "排序偏置精确率：(1 - p) 乘以各相关名次的 p^(i-1) 之和",
    "expected reciprocal rank of the cascade model (ir_measures ERR)": "级联模型下的期望倒数排名（ir_measures 的 ERR）",
    "share of items judged": "已标注条目的比例",
    "in the top {k}": "在前 {k} 名中",
    "rank-biased precision": "排序偏置精确率",
    "expected reciprocal rank": "期望倒数排名",
    "persistence p = {value}": "坚持概率 p = {value}",
    "largest grade g_max = {value}": "最高等级 g_max = {value}",
    "gain of each grade {value}": "各等级的增益 {value}",
    # metrics.teaching.many_queries (ui/teaching/mean_steps.py): MAP and MRR query by query
    "grades in ranked order": "按排序的相关性等级",
    "its AP worked out": "AP 的算式",
    "MAP so far": "累计 MAP",
    "first relevant rank": "第一个相关条目的名次",
    "RR of the query": "该查询的 RR",
    "MRR so far": "累计 MRR",
    "From AP to MAP": "从 AP 到 MAP",
    "From RR to MRR": "从 RR 到 MRR",
    "MAP is the mean of AP over queries. Article 000's code example has two queries, q1 and q2; each step adds "
    "one query's AP to the running sum and divides by the number of queries so far.":
        "MAP 是各查询 AP 的平均值。文章 000 的代码示例有两个查询 q1 和 q2；每一步把一个查询的 AP 加进累计和，"
        "再除以到目前为止的查询数。",
    "MRR is the mean of RR over queries. Article 001's three searches (cat, torus, virus) find their answer at "
    "ranks 3, 2 and 1; each step adds one query's 1/rank to the running sum and divides by the number of queries "
    "so far.":
        "MRR 是各查询 RR 的平均值。文章 001 的三次检索（cat、torus、virus）分别在第 3、2、1 名找到答案；"
        "每一步把一个查询的 1/名次加进累计和，再除以到目前为止的查询数。",
    # metrics.teaching.coverage_by_list (pages/beyond.py): coverage one list a step
    "its top K": "它的前 K 个",
    "new to the union": "并集中新增的条目",
    "new items": "新增条目数",
}
