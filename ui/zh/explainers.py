"""中文 for the explainer pages nDCG, AP, RR, P/R/F1/Hit@K, their shared widgets, charts, step-table headers and the metrics' formula texts (pages/ndcg.py, ap.py, rr.py, cutoff.py; ui/teaching/explainer.py, ui/charts.py)."""

ZH: dict[str, str] = {
    # pages/ndcg.py
    "nDCG — normalised discounted cumulative gain": "nDCG —— 归一化折损累计增益",
    "Your ranking": "你的排序",
    "Gain and discounted gain": "增益与折损后增益",
    "Running DCG vs IDCG": "累计 DCG 与 IDCG",
    "Linear vs exponential gain": "线性增益与指数增益",
    "Discount curve": "折损曲线",
    "The ideal ordering": "理想排序",
    "nDCG@{k}: linear gain {linear} · exponential gain {exponential}":
        "nDCG@{k}：线性增益 {linear} · 指数增益 {exponential}",
    "nDCG so far (step {i}): linear gain {linear} · exponential gain {exponential}":
        "到第 {i} 步为止的 nDCG：线性增益 {linear} · 指数增益 {exponential}",
    "Shown after the last step: its numbers would give the answer away. Press Show all (End) to see it.":
        "最后一步之后才显示：这里的数值会提前泄露答案。按“全部显示”（End 键）即可查看。",
    "Highly relevant items near the top. Grades count, not just hit or miss; each rank's gain is divided by "
    "log2(rank + 1), and the total is divided by the best possible total.":
        "高度相关的条目排在前面。看的是相关性等级，而不只是命中与否；每个名次的增益除以 log2(名次 + 1)，"
        "总和再除以可能达到的最大总和。",
    "Graded relevance (0-3 stars, click/purchase levels) and a user who looks at the top of the list.":
        "相关性分等级（0–3 星，或点击、购买等不同层级），并且用户主要看列表的前几名。",
    "Linear and exponential gain give different numbers; so does an ideal ordering built from the list instead "
    "of all judged items. A query with no relevant item has IDCG = 0 (nDCG defined as 0). nDCG@k is not "
    "comparable across different k.":
        "线性增益和指数增益算出的数值不同；理想排序只取自列表本身、而不是全部已标注条目时，结果也不同。"
        "没有相关条目的查询 IDCG = 0（此时 nDCG 定义为 0）。不同 k 下的 nDCG@k 不能相互比较。",
    # pages/ap.py
    "AP / MAP — average precision": "AP / MAP —— 平均精度",
    "Divide by": "除以",
    "Denominator D (relevant)": "分母 D（全部相关条目数 R）",
    "Denominator D (found)": "分母 D（找到的命中数）",
    "Denominator D (min k relevant)": "分母 D(min(k, R))",
    "Relevant items R": "相关条目数 R",
    "Only the ranks with a hit add their precision; misses add nothing but push later hits down.":
        "只有命中的名次才累加它的精确率；未命中的名次不加分，但会把后面的命中往下推。",
    "Step by step": "逐步计算",
    "MAP: the mean over queries": "MAP：对所有查询取平均",
    "Relevant items early in the list: each hit contributes the precision at its rank, so a hit at rank 1 "
    "counts fully and later hits count less when misses come before them.":
        "相关条目排得靠前：每个命中贡献它所在名次的精确率，所以第 1 名的命中记满分；"
        "前面有未命中时，后面的命中就计得少一些。",
    "Binary relevance, a user who wants many of the relevant items (search, retrieval evaluation); MAP is the "
    "mean of AP over queries.":
        "二值相关性，且用户希望找到尽可能多的相关条目（搜索、检索评测）；MAP 是 AP 在所有查询上的平均值。",
    "The denominator decides the number: dividing by the hits found forgives relevant items that were never "
    "retrieved; trec_eval divides by all relevant items R. Graded relevance is reduced to relevant / not "
    "relevant by a threshold.":
        "分母决定结果：除以找到的命中数，等于放过了那些根本没被检索到的相关条目；trec_eval 除以全部相关条目数 R。"
        "分级相关性要先用一个阈值化为“相关 / 不相关”。",
    # pages/rr.py
    "RR / MRR — reciprocal rank": "RR / MRR —— 倒数排名",
    "Stop at rank K (RR@K)": "只看前 K 名（RR@K）",
    "trec_eval's recip_rank has no cut-off; ir_measures' RR@10, ranx mrr@k, RecBole MRR@k and torchmetrics "
    "score 0 when the first hit is below rank K.":
        "trec_eval 的 recip_rank 没有截断位置；ir_measures 的 RR@10、ranx 的 mrr@k、RecBole 的 MRR@k "
        "和 torchmetrics 在第一个命中排在第 K 名之后时记为 0。",
    "First relevant item at rank": "第一个相关条目的名次",
    "none": "无",
    "MRR: the mean over queries": "MRR：对所有查询取平均",
    "Only the first relevant item: 1 at rank 1, 1/2 at rank 2, 1/3 at rank 3, ... Everything after the first "
    "hit is ignored.":
        "只看第一个相关条目：排第 1 名得 1，第 2 名得 1/2，第 3 名得 1/3……第一个命中之后的内容全部忽略。",
    "Known-item search, question answering, navigational queries: the user needs one good answer.":
        "已知条目搜索、问答、导航类查询：用户只需要一个好答案。",
    "Blind to the rest of the list; the steep drop (1 → 0.5 → 0.33) makes the mean sensitive to a few queries; "
    "with a cut-off, a first hit below K scores 0.":
        "看不到列表的其余部分；陡峭的下降（1 → 0.5 → 0.33）让均值容易被少数查询左右；"
        "设了截断位置时，第一个命中排在第 K 名之后就记 0 分。",
    # pages/cutoff.py
    "Precision, recall, F1 and hit rate @K · R-precision": "前 K 名的精确率、召回率、F1 值与命中率 · R 精确率",
    "R = {R} relevant item(s) among all judged items (grade ≥ {threshold}).":
        "全部已标注条目中共有 R = {R} 个相关条目（等级 ≥ {threshold}）。",
    "Every cut-off K = 1 … N": "每个截断位置 K = 1 … N",
    "cut-off K =": "截断位置 K =",
    "Formulas": "公式",
    "P@K: how much of the top K is relevant. R@K: how much of everything relevant is in the top K. F1@K "
    "balances the two. Hit@K: whether the top K holds anything relevant at all. R-precision: precision at the "
    "depth R where a perfect ranking would have found everything.":
        "P@K：前 K 名中相关条目占多大比例。R@K：全部相关条目中有多大比例进入了前 K 名。F1@K 在两者之间取平衡。"
        "Hit@K：前 K 名里是否至少有一个相关条目。R 精确率：深度 R 处的精确率，完美的排序恰好在这个深度找全所有相关条目。",
    "A fixed-size result page or recommendation slate (K = what the user sees).":
        "固定长度的结果页或推荐位（K = 用户能看到的条目数）。",
    "Order inside the top K does not matter. P@K divides by K even when fewer items were retrieved (trec_eval); "
    "R@K needs R, all relevant items, not only those retrieved. A 'hit ratio' computed as hits / |relevant| "
    "(article 001) is recall, not a hit rate.":
        "前 K 名内部的顺序不影响结果。即使检索到的条目不足 K 个，P@K 仍然除以 K(trec_eval);"
        "R@K 需要 R，即全部相关条目数，而不只是检索到的那些。按“命中数 / |相关|”算出的“命中率”（文章 001）"
        "其实是召回率，不是命中率。",
    # ui/teaching/explainer.py: controls
    "Relevant when grade ≥": "视为相关的等级 ≥",
    "Linear: trec_eval, scikit-learn, ranx `ndcg`, torchmetrics. Exponential: ranx `ndcg_burges`, gdeval, many "
    "learning-to-rank papers. Binary: RecBole, recommenders' default.":
        "线性：trec_eval、scikit-learn、ranx `ndcg`、torchmetrics。指数：ranx `ndcg_burges`、gdeval，"
        "以及许多排序学习论文。二值：RecBole，以及 recommenders 的默认设置。",
    "All judged items: trec_eval, ranx, recommenders. The list only: scikit-learn, torchmetrics.":
        "全部已标注条目：trec_eval、ranx、recommenders。只用列表本身：scikit-learn、torchmetrics。",
    "R: trec_eval, ranx, ir_measures. Hits found: torchmetrics, the first article's code. min(k, R): RecBole, "
    "recommenders' map_at_k.":
        "R:trec_eval、ranx、ir_measures。找到的命中数：torchmetrics、第一篇文章的代码。"
        "min(k, R)：RecBole、recommenders 的 map_at_k。",
    "trec_eval counts grade ≥ 1 as relevant (its -l option changes it); ir_measures writes AP(rel=2).":
        "trec_eval 把等级 ≥ 1 算作相关（可用它的 -l 选项修改）；ir_measures 写作 AP(rel=2)。",
    "◀ Previous": "◀ 上一步",
    "Next ▶": "下一步 ▶",
    "Show all": "全部显示",
    "**Step {n} of {total}** — {unit} {n} highlighted": "**第 {n} 步，共 {total} 步** —— 高亮：{unit} {n}",
    "What it rewards · when to use it · pitfalls": "看重什么 · 何时使用 · 常见陷阱",
    "**Rewards.** {rewards}\n\n**Use it when.** {use}\n\n**Pitfalls.** {pitfalls}":
        "**看重什么**。{rewards}\n\n**何时使用**。{use}\n\n**常见陷阱**。{pitfalls}",
    # metrics.conventions.CHOICES (radio options)
    "gain = rel": "增益 = rel",
    "gain = 2^rel - 1": "增益 = 2^rel - 1",
    "gain = 1 if relevant else 0": "增益 = 1（相关）或 0（不相关）",
    "ideal ordering from all judged items, unretrieved ones included": "理想排序取自全部已标注条目（含未检索到的）",
    "ideal ordering from the ranked list only": "理想排序只取自排序列表本身",
    "AP divided by R, all relevant items": "AP 除以 R（全部相关条目数）",
    "AP divided by the relevant items found in the top k": "AP 除以前 k 名中找到的相关条目数",
    "AP divided by min(k, R)": "AP 除以 min(k, R)",
    "equal scores: item id descending (trec_eval)": "得分相同：按条目 id 降序（trec_eval）",
    "equal scores: gain averaged over the tie group (scikit-learn)": "得分相同：增益在并列组内取平均（scikit-learn）",
    "equal scores: kept in input order": "得分相同：保持输入顺序",
    # step-table headers (metrics.teaching.explain.EXPLAINERS; rank, item, gain, ... are in common.py)
    "counted": "计入值",
    "running_sum": "累计和",
    "first_hit": "首个命中",
    # words inside LaTeX \text{} of the formulas (ui.teaching.explainer.tex; PHRASES hold a variable)
    "hits in top {i}": "前 {i} 名中的命中数",
    "top {k}": "前 {k} 名",
    "({found} relevant in the top {k})": "（前 {k} 名中有 {found} 个相关）",
    "(no relevant item in the top {k})": "（前 {k} 名中没有相关条目）",
    "(no relevant item in the list)": "（列表中没有相关条目）",
    "hits found": "找到的命中数",
    "rank of the first relevant item": "第一个相关条目的名次",
    "(no relevant item: AP is 0)": "（没有相关条目：AP 为 0）",
    "(no relevant item: R = 0)": "（没有相关条目：R = 0）",
    "(IDCG is 0 (no item carries gain), so nDCG is defined as 0.)": "（IDCG 为 0（没有条目带来增益），因此 nDCG 定义为 0。）",
    # ui/charts.py
    "gain / log2(i+1)": "增益 / log2(i+1)",
    "Gain and discounted gain per rank": "各名次的增益与折损后增益",
    "IDCG@i (ideal)": "IDCG@i（理想排序）",
    "DCG@i (yours)": "DCG@i（你的排序）",
    "Running DCG vs running IDCG": "累计 DCG 与累计 IDCG",
    "rank i": "名次 i",
    "cumulative": "累计值",
    "linear: rel": "线性：rel",
    "exponential: 2^rel − 1": "指数：2^rel − 1",
    "Discounted gain: linear vs exponential": "折损后增益：线性与指数",
    "discounted gain": "折损后增益",
    "Precision at each rank (green: a hit, counted by AP)": "各名次的精确率（绿色：命中，计入 AP）",
    "first hit": "首个命中",
    "Where is the first relevant item?": "第一个相关条目在哪里？",
    "mean = {mean}": "均值 = {mean}",
    "Precision, recall and F1 as K grows": "精确率、召回率和 F1 值随 K 的变化",
    "Precision-recall curve (one point per K)": "精确率-召回率曲线（每个 K 一个点）",
    "chance": "随机猜测",
    "chosen threshold": "所选阈值",
    "ROC curve": "ROC 曲线",
    "false positive rate": "假阳性率",
    "true positive rate": "真阳性率",
    # ui/charts.py: why log2(i+1) (discount_choices) and RR by the first hit (rr_by_first_hit)
    "With log_b(i+1) at every rank (trec_eval, scikit-learn, ranx, torchmetrics: b = 2), the base cancels between "
    "DCG and IDCG: nDCG is the same for every b, only DCG changes. In the original definition (Järvelin & "
    "Kekäläinen 2002: J&K) ranks before b are not discounted and rank i ≥ b is divided by log_b(i): there the base "
    "matters, and it can change which of two rankings scores higher.":
        "每个名次都除以 log_b(i+1) 时（trec_eval、scikit-learn、ranx、torchmetrics：b = 2），底数在 DCG 与 IDCG "
        "之间约掉：无论 b 取多少，nDCG 都相同，变的只是 DCG。在原始定义（Järvelin & Kekäläinen 2002，即 J&K）中，b 之前的名次"
        "不折损，名次 i ≥ b 除以 log_b(i)：这时底数有影响，还可能改变两个排序谁的得分更高。",
    "1 (no discount)": "1（不折损）",
    "other bases": "其他底数",
    "nDCG of the ranking": "本排序的 nDCG",
    "nDCG of the second ranking": "第二个排序的 nDCG",
    "⇄: the opposite order to log2(i+1)": "⇄：两个排序的高低与 log2(i+1) 下相反",
    "Why log2(i+1)? The divisor of each rank, and nDCG under each discount":
        "为什么用 log2(i+1)？各名次的除数，以及各种折损下的 nDCG",
    "divisor of the gain": "增益的除数",
    "without a cut-off": "不截断",
    "beyond rank {k}: RR@{k} = 0": "第 {k} 名之后：RR@{k} = 0",
    "your first hit": "你的首个命中",
    "your first hit: rank {rank}, RR = {rr}": "你的首个命中：第 {rank} 名，RR = {rr}",
    "RR by the rank of the first hit": "RR 随首个命中名次的变化",
    "rank of the first hit": "首个命中的名次",
    # table headers and words of metrics.measures.discounts.ndcg_under_discounts and metrics.measures.rr.rr_curve
    "kind": "类型",
    "base": "底数",
    "used_by": "使用者",
    "nDCG (second)": "nDCG（第二个排序）",
    "higher": "得分更高",
    "first": "本排序",
    "second": "第二个排序",
    "RR (no cut-off)": "RR（不截断）",
    # ui/session/changes.py: the change after a drag (templates of metrics.teaching.changes, translated at display time)
    "{item}: rank {before} → {after}": "{item}：第 {before} 名 → 第 {after} 名",
    "{item}: pool → rank {after}": "{item}：候选池 → 第 {after} 名",
    "{item}: rank {before} → pool": "{item}：第 {before} 名 → 候选池",
    "the others shift by one": "其余条目顺移一位",
    "the others shift": "其余条目随之移动",
    "{n} items moved": "{n} 个条目换了位置",
    "Same ranking, another setting": "排序未变，设置变了",
    # the notes of the plain-text worked examples (ui.i18n.sentences.WORKED_NOTES, the handouts)
    "[D = hits found = {D}]": "[D = 找到的命中数 = {D}]",
    "(no relevant item: AP is defined as 0)": "（没有相关条目：AP 定义为 0）",
    "({found} relevant item(s) in the top {k})": "（前 {k} 名中有 {found} 个相关条目）",
    # the human headers of the step tables (metrics.explanation.COLUMN_LABELS), shown by ui.i18n.headers
    "relevance grade": "相关性等级",
    "divisor log₂(i+1)": "除数 log₂(i+1)",
    "Success@K": "Success@K",
    "hits so far": "目前命中数",
    "precision at this rank": "该名次的精确率",
    "counted by AP": "AP 计入值",
    "running sum": "累计和",
    "first relevant item": "第一个相关条目",
    "segment": "线段",
    "FPR (left edge)": "左端 FPR",
    "FPR (right edge)": "右端 FPR",
    "TPR (left edge)": "左端 TPR",
    "TPR (right edge)": "右端 TPR",
    "width ΔFPR": "宽度 ΔFPR",
    "trapezoid area": "梯形面积",
    "area so far": "累计面积",
    "times recommended": "被推荐次数",
    "recommended at all": "是否被推荐",
    "covered so far": "累计覆盖数",
    "coverage so far": "累计覆盖率",
    "rank a": "名次 a",
    "item a": "条目 a",
    "rank b": "名次 b",
    "item b": "条目 b",
    "items in the list": "列表中的条目数",
    "diversity 1 − ILS": "多样性 1 − ILS",
    "mean so far": "累计均值",
    # walks (session 8)
    "⋯ rank 1 above (the whole table is below)": "⋯ 上方还有第 1 名（完整表格在下方）",
    "⋯ row 1 above (the whole table is below)": "⋯ 上方还有第 1 行（完整表格在下方）",
}
