"""中文 for uploading lists, many queries and comparing two systems (pages/upload.py, pages/systems.py; ui/data/dataset.py, ui/data/many_queries.py).

Terms: run → run(文件)/检索结果, qrels → qrels, judgements → 相关性标注, unjudged → 未标注,
board → 当前排序, p-value → p 值, confidence interval → 置信区间, paired t-test → 配对 t 检验,
randomization test → 随机化检验, sign flip → 符号翻转. File names, query ids, measure names and the
core's error text (which quotes the user's input) stay as they are.
"""

ZH: dict[str, str] = {
    # ---------------------------------------------------------------------------------------
    # errors around the core's problem text (ui/data/dataset.py, pages/systems.py)
    "{source} line {line}: {problem}": "{source} 第 {line} 行：{problem}",
    "{source}: {problem}": "{source}：{problem}",
    "line {line}: {problem}": "第 {line} 行：{problem}",
    "{a} vs {b}: {problem}": "{a} 与 {b} 对比：{problem}",
    "pasted text": "粘贴的文本",
    "no file given": "没有提供文件",
    "no query to show": "没有可以显示的查询",
    "{count} files given ({names}): upload one file, or one qrels file and one run file":
        "提供了 {count} 个文件（{names}）：请上传一个文件，或者一个 qrels 文件加一个 run 文件",
    "two files need to be one qrels file and one run file, but {first} holds {first_kind} and {second} holds "
    "{second_kind}":
        "两个文件应当是一个 qrels 文件和一个 run 文件，但 {first} 中是{first_kind}，{second} 中是{second_kind}",
    "judgements only (qrels)": "只有相关性标注（qrels）",
    "a ranking only (run)": "只有排序（run）",
    "a ranking and judgements": "排序和相关性标注",
    # ---------------------------------------------------------------------------------------
    # ui/data/dataset.py: the default measures, the query picker, the board of a loaded query
    "normalised discounted cumulative gain of the top 10 (linear gain)": "前 10 个的归一化折损累计增益（线性增益）",
    "average precision, divided by all relevant judged items": "平均精度，除以全部已标注的相关条目数",
    "reciprocal rank of the first relevant item (no cut-off)": "第一个相关条目的倒数排名（不截断）",
    "precision at 10: relevant items in the top 10, divided by 10": "前 10 个的精确率：前 10 个中的相关条目数除以 10",
    "recall at 10: relevant items in the top 10, divided by all relevant":
        "前 10 个的召回率：前 10 个中的相关条目数除以全部相关条目数",
    "R-precision: precision at R, the number of relevant items": "R-精确率：前 R 个的精确率，R 是相关条目的总数",
    "Query of {source} ({n} query)": "{source} 中的查询（共 {n} 个）",
    "Query of {source} ({n} queries)": "{source} 中的查询（共 {n} 个）",
    "Pick a query to put it on the board": "选择一个查询，放到当前排序上",
    "Puts the query's ranked items and judgements on the board; k and the conventions stay.":
        "把这个查询的排序条目和相关性标注放到当前排序上；k 和各项约定保持不变。",
    "query {query} of {source}": "{source} 的查询 {query}",
    "Unjudged retrieved items count as not relevant; judged items the run did not retrieve wait in the pool.":
        "检索到但未标注的条目按不相关计算；run 没有检索到的已标注条目留在候选池中。",
    "Judgements only: the judged items are ranked in file order.": "只有相关性标注：已标注的条目按文件中的顺序排列。",
    # ---------------------------------------------------------------------------------------
    # ui/data/many_queries.py: MAP / MRR over the uploaded queries (AP and RR pages)
    "{label} is the mean of {base} over many queries. Upload a TREC run and qrels (or a CSV or JSON with several "
    "queries) to see it computed query by query.":
        "{label} 是 {base} 在多个查询上的平均值。上传 TREC 的 run 和 qrels 文件（或包含多个查询的 CSV / JSON），"
        "就能看到它逐个查询的计算过程。",
    "Upload lists or load a sample": "上传列表或载入示例数据",
    "Mean over {n} queries of {source}.": "{source} 中 {n} 个查询的平均值。",
    "the upload": "上传的数据",
    "{measure} per query": "每个查询的 {measure}",
    # ---------------------------------------------------------------------------------------
    # pages/upload.py
    "Evaluate a whole run, query by query — then explain any one query on the other pages. "
    "· 上传 TREC / CSV / JSON 文件，逐个查询计算指标。":
        "上传 TREC / CSV / JSON 文件，逐个查询计算整份检索结果（run）的指标，再到其他页面讲解其中任意一个查询。",
    "Upload a qrels file and a run file together, or one CSV / JSON file":
        "同时上传一个 qrels 文件和一个 run 文件，或者上传一个 CSV / JSON 文件",
    "Up to {mb} MB per file. Larger runs belong in the command line: python -m metrics evaluate QRELS RUN":
        "每个文件最大 {mb} MB。更大的 run 请用命令行：`python -m metrics evaluate QRELS RUN`",
    "…or paste one ranked list": "……或者粘贴一个排好序的列表",
    "One item per line in ranked order, with its grade: 'item grade'. An item without a grade is unjudged. "
    "Or one line of grades: 3 2 3 0 1":
        "按排序每行一个条目，后面写上它的等级：`item grade`。没有等级的条目视为未标注。"
        "也可以只写一行等级：`3 2 3 0 1`",
    "Use pasted list": "使用粘贴的列表",
    "B 4\nA 5\nD 2\nC 3\nE 1": "例如：\nB 4\nA 5\nD 2\nC 3\nE 1",
    "**Try a sample** (bundled with the app)": "**试试示例数据**（随应用附带）",
    "TREC: qrels.txt + run_a.txt (7 queries)": "TREC：qrels.txt + run_a.txt（7 个查询）",
    "CSV: article 003 (one query, graded)": "CSV：文章 003（一个查询，分级相关性）",
    "JSON: article 000 (two lists, real grades)": "JSON：文章 000（两个列表，实数等级）",
    "Accepted formats, with examples": "支持的格式与示例",
    "TREC qrels + run": "TREC qrels + run 文件",
    "Two files, uploaded together. **qrels**: `qid iter docid rel` (4 fields; `iter` is ignored). **run**: "
    "`qid Q0 docid rank score tag` (6 fields). Documents are ranked by score, highest first; equal scores by docid "
    "descending, as trec_eval does. Which file is which is read from the content.":
        "两个文件一起上传。**qrels**：`qid iter docid rel`（4 个字段，`iter` 不使用）。**run**："
        "`qid Q0 docid rank score tag`（6 个字段）。文档按得分从高到低排序；得分相同时按 docid 降序，"
        "与 trec_eval 一致。哪个是 qrels、哪个是 run，由文件内容自动判断。",
    "One file with a header row, one row per (query, item). Needs an `item` column and at least one of `score`, "
    "`rank`, `relevance` (also `qid`, `docid`, `grade`, ...). An empty relevance cell means unjudged.":
        "一个带表头的文件，每行对应一个（查询，条目）。需要有 `item` 列，以及 `score`、`rank`、`relevance` "
        "中的至少一列（也可以用 `qid`、`docid`、`grade` 等列名）。相关性单元格为空表示未标注。",
    "A run `{query: [items best first]}`, qrels `{query: {item: grade}}`, or both in one file "
    '`{"run": ..., "qrels": ...}`. A run and a qrels file can also be uploaded together.':
        "run 文件 `{query: [items best first]}`，qrels 文件 `{query: {item: grade}}`，"
        '或者两者放在同一个文件里 `{"run": ..., "qrels": ...}`。也可以把 run 文件和 qrels 文件一起上传。',
    "Pasted list": "粘贴列表",
    "One query typed by hand: one item per line in ranked order, `item grade` (an item without a grade is "
    "unjudged), or one line of grades for items d1, d2, ...":
        "手动输入一个查询：按排序每行一个条目，格式为 `item grade`（没有等级的条目视为未标注）；"
        "或者只写一行等级，依次对应条目 d1、d2……",
    "B 4\nA 5\nD 2\nX\n\n# or just:\n3 2 3 0 1": "B 4\nA 5\nD 2\nX\n\n# 或者只写一行等级：\n3 2 3 0 1",
    "Nothing loaded yet: upload files, paste a list, or try a sample. The explainer pages keep working on the "
    "example board until then.":
        "还没有载入数据：请上传文件、粘贴列表，或者试试示例数据。在此之前，各讲解页面继续使用示例排序。",
    "Loaded: {source}": "已载入：{source}",
    "Queries": "查询数",
    "Judgements (qrels rows)": "相关性标注（qrels 行数）",
    "Retrieved (run rows)": "检索结果（run 行数）",
    "{count} query of the run has no judgements: trec_eval leaves them out, and so does the table below.":
        "run 中有 {count} 个查询没有相关性标注：trec_eval 不计入它们，下表也不计入。",
    "{count} queries of the run have no judgements: trec_eval leaves them out, and so does the table below.":
        "run 中有 {count} 个查询没有相关性标注：trec_eval 不计入它们，下表也不计入。",
    "{count} query with judgements is not in the run: left out, as trec_eval does without -c.":
        "有 {count} 个已标注的查询不在 run 中：不计入，与 trec_eval 不加 -c 参数时一致。",
    "{count} queries with judgements are not in the run: left out, as trec_eval does without -c.":
        "有 {count} 个已标注的查询不在 run 中：不计入，与 trec_eval 不加 -c 参数时一致。",
    "Preview: the first rows of the qrels and of the run": "预览：qrels 和 run 的前几行",
    "**Qrels**": "**qrels 文件**",
    "**Run**": "**run 文件**",
    "No judgements: every retrieved item is unjudged.": "没有相关性标注：检索到的条目全部未标注。",
    "No run: the board ranks the judged items in file order.": "没有 run：当前排序按文件中的顺序排列已标注的条目。",
    "Explain one query": "讲解一个查询",
    "See it step by step on the nDCG page": "到 nDCG 页面一步步查看",
    "On the board now: {title} · k = {k}": "当前排序：{title} · k = {k}",
    "A qrels file alone has no ranking to score: upload a run with it to see the per-query table.":
        "只有 qrels 文件，没有可以计分的排序：请同时上传一个 run 文件，才能看到逐查询的结果表。",
    "No query has both a ranking and judgements, so there is nothing to score.":
        "没有任何查询同时具有排序和相关性标注，因此无从计分。",
    "Every query, every measure": "每个查询，每个指标",
    "trec_eval's defaults: relevant when grade ≥ 1, linear gain, AP divided by all relevant items. Click a column "
    "header to sort; the last row, “all”, is the mean.":
        "采用 trec_eval 的默认设置：等级 ≥ 1 即为相关，线性增益，AP 除以全部相关条目数。"
        "点击列标题可以排序；最后一行“all”（trec_eval 的写法）是平均值。",
    "mean {measure}": "{measure} 均值",
    "Download the table (CSV)": "下载结果表（CSV）",
    "Measure to plot": "要绘图的指标",
    "{measure} across queries (one dot per query)": "{measure} 在各查询上的分布（每个点是一个查询）",
    "{count} queries: too many for one bar each; sort the table instead.":
        "{count} 个查询：太多了，无法每个查询画一根柱子；请改用表格排序查看。",
    "{measure}: {help}. Each dot is one query; the box spans the middle half of the queries, its line is the "
    "median.":
        "{measure}：{help}。每个点是一个查询；箱体覆盖居中的一半查询，箱中的横线是中位数。",
    # ---------------------------------------------------------------------------------------
    # pages/systems.py
    "Two systems — is B really better than A?": "两个系统——B 真的比 A 好吗？",
    "Score two runs on the same queries, look at the difference query by query, and ask how sure we can be "
    "about it. · 两个系统逐查询比较：差值、置信区间与显著性检验。":
        "在同一批查询上给两个 run 计分，逐个查询比较差值，再问一句：我们对这个差异有多大把握？"
        "（置信区间与显著性检验）",
    "Qrels (the judgements)": "qrels（相关性标注）",
    "Run A (the baseline)": "run A（基线系统）",
    "Run B (the new system)": "run B（新系统）",
    "Up to {mb} MB.": "最大 {mb} MB。",
    "Load the sample: qrels.txt + run_a.txt + run_b.txt (7 queries)":
        "载入示例数据：qrels.txt + run_a.txt + run_b.txt（7 个查询）",
    "Upload all three files — the qrels, run A and run B — to compare (TREC, CSV or JSON).":
        "请上传全部三个文件——qrels、run A 和 run B——才能比较（TREC、CSV 或 JSON 格式）。",
    "Nothing to compare yet: upload a qrels file and two runs, or load the sample. The example board of the "
    "other pages is not touched.":
        "还没有可比较的内容：请上传一个 qrels 文件和两个 run 文件，或者载入示例数据。其他页面的示例排序不受影响。",
    "holds no judgements: expected a qrels file (qid iter docid rel)":
        "没有相关性标注：这里需要 qrels 文件（每行 4 个字段：qid iter docid rel）",
    "holds no ranking: expected a run file (qid Q0 docid rank score tag)":
        "没有排序：这里需要 run 文件（每行 6 个字段：qid Q0 docid rank score tag）",
    "#### A = {a} · B = {b} · judged by {qrels}": "#### A = {a} · B = {b} · 相关性标注：{qrels}",
    "Measure": "指标",
    "{measure}: {help}": "{measure}：{help}",
    "Compared on the {n} queries both runs answer ({in_a} in A, {in_b} in B, each with judgements): the others "
    "are left out of everything below.":
        "只在两个 run 都有结果的 {n} 个查询上比较（A 有 {in_a} 个，B 有 {in_b} 个，都带相关性标注）："
        "其余查询不参与下面的任何计算。",
    "{n} queries with judgements, scored by trec_eval's rules. {measure}: {help}.":
        "{n} 个带相关性标注的查询，按 trec_eval 的规则计分。{measure}：{help}。",
    "A: mean {measure}": "A：{measure} 均值",
    "B: mean {measure}": "B：{measure} 均值",
    "Mean difference B − A": "平均差值 B − A",
    "Positive: B scores higher on average.": "为正：B 的平均得分更高。",
    "{level} CI of the difference": "差值的 {level} 置信区间",
    "The mean differences that fit the data (t distribution). It tells the size of the difference; a p-value "
    "does not.":
        "与数据相符的平均差值的范围（按 t 分布计算）。它说明差异有多大；p 值说明不了这一点。",
    "{measure}: B − A per query, sorted by difference": "{measure}：每个查询的 B − A，按差值排序",
    "B better": "B 更好",
    "A better": "A 更好",
    "tie": "持平",
    "mean {value}": "均值 {value}",
    "B better (green)": "B 更好（绿色）",
    "A better (red)": "A 更好（红色）",
    "Ties": "持平",
    "Could the difference be luck?": "这个差异会不会只是运气？",
    "**Paired t-test**": "**配对 t 检验**",
    "p-value: paired t-test": "p 值：配对 t 检验",
    "t = {t} with {df} degrees of freedom": "t = {t}，自由度为 {df}",
    "Undefined: every difference is 0, so there is no spread to compare with.":
        "无定义：所有差值都是 0，没有波动可以用来比较。",
    "**How it works.** t = mean difference / (s/√n), compared with Student's t distribution with n − 1 degrees of "
    "freedom. It assumes the mean difference is roughly normal: fine for many queries, shaky for a handful.":
        "**原理**：t = 平均差值 / (s/√n)，与自由度为 n − 1 的 t 分布（学生 t 分布）比较。"
        "它假设平均差值近似服从正态分布：查询多时没有问题，只有几个查询时就不太可靠。",
    "**Paired randomization test (sign flips)**": "**配对随机化检验（符号翻转）**",
    "Random sign flips (trials)": "随机符号翻转的次数",
    "p-value: randomization test": "p 值：随机化检验",
    "{trials} random sign flips, seed 0": "{trials} 次随机符号翻转，随机种子为 0",
    "**How it works.** If A and B were equally good, each query's difference could just as well have had the "
    "opposite sign. So flip a coin for every query, flip the signs that come up tails, and take the mean again — "
    "{trials:,} times. The p-value is the share of those means at least as far from 0 as the real one: "
    "p = (1 + count) / (1 + trials), so the smallest p it can give is 1/{trials_plus:,}. No assumption about the "
    "shape of the differences.":
        "**原理**：如果 A 和 B 一样好，每个查询的差值取相反的符号也同样可能。于是给每个查询抛一次硬币，"
        "反面朝上就把该查询差值的符号翻转，再算一次平均值——这样重复 {trials:,} 次。p 值就是这些平均值中"
        "离 0 至少和真实平均值一样远的比例：p =（1 + 这样的次数）/（1 + 总次数），所以它能给出的最小 p 值是 "
        "1/{trials_plus:,}。它不对差值的分布形状做任何假设。",
    "p-value: exact (all {flips} sign flips)": "p 值：精确检验（全部 {flips} 种符号翻转）",
    "With {n} queries all 2{power} = {flips:,} sign patterns can be listed: the exact p is the share of them with "
    "|mean| ≥ |observed mean| (smallest possible: 2/{flips:,} = {smallest:.4f}).":
        "有 {n} 个查询时，可以把全部 2{power} = {flips:,} 种符号组合一一列出：精确的 p 值就是其中满足"
        "|平均值| ≥ |观测到的平均值| 的组合所占的比例（最小可能值：2/{flips:,} = {smallest:.4f}）。",
    "What a p-value tells — and what it does not": "p 值能说明什么——又不能说明什么",
    """
**What a p-value tells.** Suppose A and B were really equally good, so that each query's difference is
noise that could as well have had the opposite sign. The p-value is how often a mean difference at least
as far from 0 as the measured one ({mean:+.4f}) would turn up then. A small p (say below 0.05) says:
this difference would be unusual if the two systems were equally good.

**What it does not tell.**
- It is **not the probability that B is better** (nor that A and B are equal): it is computed *assuming*
  they are equal.
- It is **not the size of the effect.** With many queries a tiny, useless difference gets a small p; with
  few queries a large one may not. The mean difference and its confidence interval give the size.
- **Few queries, little evidence.** Here n = {n}: one unusual query moves everything, and the t-test's
  normal assumption is hard to check.
- **Many measures, many chances.** Testing nDCG, AP, RR, P@10 and R@10 at 0.05 each gives far more than a
  5% chance that at least one looks "significant" by luck (multiple comparisons). Choose the measure
  before looking, or divide 0.05 by the number of tests (Bonferroni: 0.05 / 5 = 0.01).
- p above 0.05 does **not** show the systems are equal: this sample cannot tell them apart.

**The confidence interval tells the size.** The 95% interval [{low:+.4f}, {high:+.4f}] holds the mean
differences that fit the data. When it excludes 0, the t-test's p is below 0.05.
""":
        "\n**p 值说明什么**。假设 A 和 B 其实一样好，那么每个查询的差值都只是噪声，取相反的符号也同样可能。"
        "p 值就是：在这种假设下，出现一个离 0 至少和实测平均差值（{mean:+.4f}）一样远的平均差值，有多常见。"
        "p 很小（比如低于 0.05）的意思是：如果两个系统一样好，这么大的差异会很少见。\n\n"
        "**p 值不能说明什么。**\n"
        "- 它**不是 B 更好的概率**（也不是 A 和 B 一样好的概率）：它本身就是在*假设*两者一样好的前提下算出来的。\n"
        "- 它**不是效应的大小**。查询很多时，一个微小、毫无实际意义的差异也能得到很小的 p；"
        "查询很少时，一个很大的差异也可能得不到。差异有多大，要看平均差值和它的置信区间。\n"
        "- **查询少，证据就少**。这里 n = {n}：一个反常的查询就能左右全部结果，而 t 检验的正态假设也很难核实。\n"
        "- **指标多，碰巧的机会也多**。对 nDCG、AP、RR、P@10 和 R@10 各自按 0.05 做检验，"
        "至少有一个仅凭运气就显得“显著”的概率远远超过 5%（多重比较问题）。"
        "应当在看结果之前就选定指标，或者把 0.05 除以检验的次数（Bonferroni 校正：0.05 / 5 = 0.01）。\n"
        "- p 大于 0.05 **并不**说明两个系统一样好：只说明这份样本分不出它们的高下。\n\n"
        "**置信区间说明差异的大小**。95% 置信区间 [{low:+.4f}, {high:+.4f}] 包含了与数据相符的平均差值。"
        "当它不包含 0 时，t 检验的 p 值就低于 0.05。\n",
    "Every query: A, B and the difference": "每个查询：A、B 与差值",
    "better": "更好的一方",
    # Streamlit's own words on a file uploader (ui.data.dataset.uploader_words)
    "Upload": "上传",
    "{mb} MB per file": "每个文件不超过 {mb} MB",
}
