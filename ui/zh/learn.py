"""中文 for the quiz, the articles' examples and the handouts (pages/quiz.py, articles.py, handout.py; ui/topics/articles.py)."""

ZH: dict[str, str] = {
    # ------------------------------------------------------------------ quiz page (pages/quiz.py)
    "Quiz — compute it by hand": "练习——动手算一算",
    "Compute the metric on paper, type your answer, and check it. A wrong answer is diagnosed: "
    "the app recomputes the metric under common wrong methods and shows the step where yours went wrong.":
        "先在纸上算出指标，输入答案后检查。答错时会给出诊断：程序按几种常见的错误算法重算一遍，"
        "并指出你出错的那一步。",
    "easy: 4-5 items, K = all of them. medium: 6-8 items, grades 0-3, K shorter than the list. "
    "hard: 8-10 items, relevant items the system did not retrieve, sometimes exponential gain.":
        "简单：4-5 个条目，K 等于条目数。中等：6-8 个条目，相关性等级 0-3,K 小于列表长度。"
        "困难：8-10 个条目，有系统未检索到的相关条目，有时使用指数增益。",
    "easy": "简单",
    "medium": "中等",
    "hard": "困难",
    "Difficulty": "难度",
    "Metric": "指标",
    "New question": "换一道题",
    "Answered": "已答",
    "Correct": "答对",
    "Streak": "连对",
    "Reset score": "清零得分",
    "Each question is scored on its first answer; try again as often as you like.":
        "每道题只按第一次作答计分；之后可以随意再试。",
    "The tables stop at the step to look at (highlighted): press Next ▶ or Show all for the rest.":
        "表格停在需要查看的那一步（高亮显示）：点击“下一步 ▶”或“全部显示”查看其余各步。",
    "Step table: {measure}": "步骤表：{measure}",
    "The ideal ordering (all judged items)": "理想排序（全部已标注条目）",
    "The ranking": "排序",
    "in top K": "在前 K 个中",
    "**Judged, but not retrieved**": "**已标注但未被检索到**",
    "Question {seed} · {difficulty}: {label}": "第 {seed} 题 · {difficulty}：{label}",
    "Items ranked": "排序中的条目数",
    "Not retrieved": "未被检索到",
    "Your answer: {label} =": "你的答案：{label} =",
    "e.g. 0.631": "例如 0.631",
    "Check": "检查",
    "Type a number first.": "请先输入一个数。",
    "Put this ranking on the board": "把这个排序放到面板上",
    "The ranking is on the board: every explainer page now shows it.": "排序已放到面板上：各讲解页现在都显示它。",
    "Explain {label} step by step": "逐步讲解 {label}",
    "Quiz question {seed} ({difficulty})": "练习第 {seed} 题（{difficulty}）",
    "**Right!** {label} = {exact} (your answer: {answer})": "**答对了**！{label} = {exact}（你的答案：{answer}）",
    "See the steps": "查看步骤",
    "**Not quite:** you answered {answer}.": "**不太对**：你的答案是 {answer}。",
    "The exact value is {exact}.": "精确值是 {exact}。",
    "**Give {n} decimals.** Your answer {answer} has {d}: the question asks for {n}.":
        "**请保留 {n} 位小数**。你的答案 {answer} 只有 {d} 位小数，题目要求 {n} 位。",
    "Show the answer": "显示答案",
    "Try again: change your answer and press Check. Or give up and see the exact value and its computation.":
        "再试一次：改好答案后按“检查”。也可以放弃，查看精确值及其计算过程。",
    "The same number also comes from: {mistakes}.": "以下错误也会得到同一个数：{mistakes}。",
    "; ": "；",
    "**Likely mistake — {title}.** {explanation} That method gives {value}.":
        "**可能的错误——{title}**。{explanation}按这种算法得到 {value}。",
    "**Where to look:** {step}": "**该看哪里**：{step}",
    "The exact computation": "精确的计算过程",
    # the quiz's mistakes (metrics.teaching.quiz.MISTAKES titles)
    "Natural log in the discount": "折损用了自然对数",
    "log10 in the discount": "折损用了 log10",
    "Discount log2(rank), rank 1 undiscounted": "折损用 log2(名次)，第 1 位不折损",
    "Discount log2(rank + 2)": "折损用 log2(名次 + 2)",
    "Linear and exponential gain swapped": "线性增益与指数增益用反了",
    "Ideal ordering from the list only": "只用列表中的条目构建理想排序",
    "Ideal ordering from the top K only": "只用前 K 个条目构建理想排序",
    "Forgot to normalise (gave DCG)": "忘了归一化（给出的是 DCG）",
    "AP divided by the hits found": "AP 除以了找到的命中数",
    "AP divided by K": "AP 除以了 K",
    "AP divided by min(K, R)": "AP 除以了 min(K, R)",
    "AP divided by the relevant items in the list only": "AP 只除以了列表中的相关条目数",
    "Averaged the precision at every rank": "对每个名次的精确率都取了平均",
    "RR of the last hit": "用了最后一个命中的 RR",
    "RR of the second hit": "用了第二个命中的 RR",
    "RR with ranks counted from 0": "名次从 0 开始数的 RR",
    "Gave the rank, not its reciprocal": "给出了名次，而不是它的倒数",
    "P@K divided by the number retrieved": "P@K 除以了检索到的条目数",
    "P@K divided by R (that is recall)": "P@K 除以了 R（那是召回率）",
    "Ignored the cut-off K": "忽略了截断位置 K",
    "Rounding only": "只是舍入误差",
    # the quiz's sentences with numbers (ui/i18n/sentences.py TEMPLATES)
    "Compute DCG@{k} with {gain_text} and the discount log2(rank + 1). Give 3 decimals.":
        "用{gain_text}、折损 log2(名次 + 1) 计算 DCG@{k}。保留 3 位小数。",
    "Compute nDCG@{k} with {gain_text} and the discount log2(rank + 1). The ideal ordering uses all "
    "judged items.{unretrieved} Give 3 decimals.":
        "用{gain_text}、折损 log2(名次 + 1) 计算 nDCG@{k}。理想排序使用全部已标注条目。{unretrieved}保留 3 位小数。",
    "Compute AP@{k}. An item is relevant when its grade is at least 1. Divide by R, the number of "
    "relevant judged items, retrieved or not.{unretrieved} Give 3 decimals.":
        "计算 AP@{k}。相关性等级至少为 1 的条目算作相关。除以 R，即已标注的相关条目数（无论是否被检索到）。"
        "{unretrieved}保留 3 位小数。",
    "Compute P@{k}. An item is relevant when its grade is at least 1. Give 3 decimals.":
        "计算 P@{k}。相关性等级至少为 1 的条目算作相关。保留 3 位小数。",
    "{n} more judged items (below the ranking) were not retrieved.": "另有 {n} 个已标注条目（列在排序下方）未被检索到。",
    "{n} more judged item (below the ranking) was not retrieved.": "另有 {n} 个已标注条目（列在排序下方）未被检索到。",
    "You divided by ln(rank + 1). The discount is log2(rank + 1): every term comes out "
    "1/ln(2) = {factor} times too large.":
        "你除以的是 ln(名次 + 1)。折损应为 log2(名次 + 1)：每一项都大了 1/ln(2) = {factor} 倍。",
    "You divided by log10(rank + 1). The discount is log2(rank + 1): every term comes out "
    "1/log10(2) = {factor} times too large.":
        "你除以的是 log10(名次 + 1)。折损应为 log2(名次 + 1)：每一项都大了 1/log10(2) = {factor} 倍。",
    "You re-sorted the top {k} to get the ideal ordering. The ideal top {k2} takes the best grades among "
    "all judged items, including those ranked below K or not retrieved.":
        "你把前 {k} 个重新排序当作理想排序。理想排序的前 {k2} 个应取全部已标注条目中等级最高的，"
        "包括排在 K 之后或未被检索到的条目。",
    "You divided by the {found} hits found in the top {k}. trec_eval divides by R = {R}, every relevant "
    "judged item, so missed relevant items lower AP.":
        "你除以的是前 {k} 个中找到的 {found} 个命中。trec_eval 除以 R = {R}，即全部已标注的相关条目，"
        "所以漏掉的相关条目会拉低 AP。",
    "You divided by K = {k}. AP divides the sum of the precisions at the hits by R = {R}, the number of "
    "relevant judged items. (Here K is also min(K, R), RecBole's denominator.)":
        "你除以的是 K = {k}。AP 应把各命中位置的精确率之和除以 R = {R}，即已标注的相关条目数。"
        "（这里 K 恰好也等于 min(K, R)，即 RecBole 的分母。）",
    "You divided by K = {k}. AP divides the sum of the precisions at the hits by R = {R}, the number of "
    "relevant judged items.":
        "你除以的是 K = {k}。AP 应把各命中位置的精确率之和除以 R = {R}，即已标注的相关条目数。",
    "You divided by min(K, R) = {m} (RecBole's convention). trec_eval divides by R = {R}.":
        "你除以的是 min(K, R) = {m}（RecBole 的约定）。trec_eval 除以 R = {R}。",
    "You divided by the {listed} relevant items in the ranked list. R also counts the {missing} relevant "
    "judged item(s) that were not retrieved.":
        "你除以的是排序列表中的 {listed} 个相关条目。R 还要算上未被检索到的 {missing} 个已标注相关条目。",
    "You took 1 / the rank of the last relevant item ({rank}). RR uses the first relevant item only.":
        "你取的是最后一个相关条目名次（{rank}）的倒数。RR 只看第一个相关条目。",
    "You took 1 / the rank of the second relevant item ({rank}). RR uses the first relevant item.":
        "你取的是第二个相关条目名次（{rank}）的倒数。RR 看的是第一个相关条目。",
    "You took 1/{wrong}, counting ranks from 0. Ranks count from 1: the first hit is at rank {first}.":
        "你算的是 1/{wrong}，名次从 0 开始数了。名次从 1 开始：第一个命中在第 {first} 位。",
    "You gave the rank of the first hit. RR is its reciprocal: 1/{first}.":
        "你给出的是第一个命中的名次。RR 是它的倒数：1/{first}。",
    "You divided by the {n} items retrieved. P@K divides the hits in the top K by K = {k}.":
        "你除以的是检索到的 {n} 个条目。P@K 应把前 K 个中的命中数除以 K = {k}。",
    "You divided by R = {R}, the relevant items: that is recall@K. Precision divides by K = {k}.":
        "你除以的是相关条目数 R = {R}：那是 recall@K（召回率）。精确率应除以 K = {k}。",
    "You used the whole list of {n} items. The metric stops at rank K = {k}.":
        "你用了整个列表的 {n} 个条目。这个指标只算到第 K = {k} 位。",
    "Look at the {where}, rank {rank}: grade {grade} gives gain {right} here, not {wrong}.":
        "看{where}第 {rank} 位：等级 {grade} 在这里的增益是 {right}，不是 {wrong}。",
    "Look at the ideal ordering, rank {rank}: item {item} (grade {grade}, {where}) belongs there; "
    "{how} leaves it out.":
        "看理想排序第 {rank} 位：这里应是条目 {item}（等级 {grade}，{where}）；{how}会把它漏掉。",
    "ranked {rank}": "排在第 {rank} 位",
    "Look at the last row: DCG@{k} is divided by IDCG@{k2}.": "看最后一行：DCG@{k} 要除以 IDCG@{k2}。",
    "Look at the last row: the “running sum” is divided by R = {R}, not by {wrong}.":
        "看最后一行：“累计和”要除以 R = {R}，不是除以 {wrong}。",
    "the {n} hits found": "找到的 {n} 个命中",
    "the {n} relevant items of the list": "列表中的 {n} 个相关条目",
    "Look at the “first relevant item” column, rank {rank}: {why}": "看“第一个相关条目”列第 {rank} 位：{why}",
    "the first hit is at rank {rank}, and rank 1 is the top.": "第一个命中在第 {rank} 位，第 1 位就是最顶端。",
    "RR = 1 / {rank}.": "RR = 1 / {rank}。",
    "Look at the last row, rank {k}: hits / K.": "看最后一行（第 {k} 位）：命中数 / K。",
    "Look at rank {k}: the table stops at K.": "看第 {k} 位：表格到 K 为止。",
    # the quiz's sentences without numbers (ui/i18n/sentences.py FIXED)
    "Compute RR, the reciprocal rank, over the whole list (no cut-off). An item is relevant when its "
    "grade is at least 1. Give 3 decimals.":
        "在整个列表上（不截断）计算 RR，即倒数排名。相关性等级至少为 1 的条目算作相关。保留 3 位小数。",
    "exponential gain 2^grade − 1": "指数增益 2^等级 − 1",
    "linear gain (gain = grade)": "线性增益（增益 = 等级）",
    "You left rank 1 undiscounted and divided rank i by log2(i) (the original Järvelin-Kekäläinen form). "
    "Here every rank i is divided by log2(i + 1).":
        "你让第 1 位不折损，第 i 位除以 log2(i)（Järvelin 与 Kekäläinen 的原始形式）。"
        "这里每个第 i 位都除以 log2(i + 1)。",
    "You divided rank i by log2(i + 2), as if ranks started at 2 (or you added 1 to a rank that already "
    "counts from 1). Rank 1 is divided by log2(2) = 1.":
        "你把第 i 位除以 log2(i + 2)，好像名次从 2 开始（或者给已经从 1 开始的名次又加了 1）。"
        "第 1 位应除以 log2(2) = 1。",
    "You used exponential gain 2^grade − 1; this question uses linear gain: gain = grade.":
        "你用的是指数增益 2^等级 − 1；这道题用线性增益：增益 = 等级。",
    "You used linear gain (gain = grade); this question uses exponential gain 2^grade − 1.":
        "你用的是线性增益（增益 = 等级）；这道题用指数增益 2^等级 − 1。",
    "You built the ideal ordering from the retrieved list only. It is built from all judged items, "
    "including relevant items the system did not retrieve.":
        "你只用检索到的列表构建了理想排序。理想排序应由全部已标注条目构建，包括系统没有检索到的相关条目。",
    "You gave DCG@K. nDCG divides it by IDCG@K, the DCG of the ideal ordering.":
        "你给出的是 DCG@K。nDCG 还要除以 IDCG@K，即理想排序的 DCG。",
    "You averaged the precision at every rank. Only ranks holding a relevant item add their precision; "
    "a miss adds nothing.":
        "你对每个名次的精确率都取了平均。只有相关条目所在的名次才计入精确率；未命中的名次什么也不加。",
    "Your method is right but the rounding is not: keep 4 decimals in every step (log2(3) = 1.585, not "
    "1.6) and round only the final answer.":
        "方法是对的，但舍入不对：每一步都保留 4 位小数（log2(3) = 1.585，而不是 1.6），只在最后舍入答案。",
    "Look at the “divisor log₂(i+1)” column, rank 1: log2(1 + 1) = 1, but ln(2) = 0.693.":
        "看“除数 log₂(i+1)”列第 1 位：log2(1 + 1) = 1，而 ln(2) = 0.693。",
    "Look at the “divisor log₂(i+1)” column, rank 1: log2(1 + 1) = 1, but log10(2) = 0.301.":
        "看“除数 log₂(i+1)”列第 1 位：log2(1 + 1) = 1，而 log10(2) = 0.301。",
    "Look at the “divisor log₂(i+1)” column, rank 2: log2(2 + 1) = 1.585, not log2(2) = 1.":
        "看“除数 log₂(i+1)”列第 2 位：log2(2 + 1) = 1.585，而不是 log2(2) = 1。",
    "Look at the “divisor log₂(i+1)” column, rank 1: log2(1 + 1) = 1, not log2(3) = 1.585.":
        "看“除数 log₂(i+1)”列第 1 位：log2(1 + 1) = 1，而不是 log2(3) = 1.585。",
    "“gain” column": "“增益”列",
    "ideal ordering's “gain” column": "理想排序的“增益”列",
    "not retrieved": "未被检索到",
    "sorting the retrieved list": "对检索到的列表排序",
    "re-sorting the top K": "对前 K 个重新排序",
    "Look at the “counted by AP” column: at a miss the precision is not added.": "看“AP 计入值”列：未命中时不加精确率。",
    "the first relevant item decides RR.": "RR 由第一个相关条目决定。",
    "Compare your intermediate numbers with the table, column by column.": "把你的中间结果与表格逐列对照。",
    "No known mistake matches; compare your steps with the table.": "没有匹配的已知错误；请把你的步骤与表格对照。",
    # ------------------------------------------------------------------ articles page (pages/articles.py, ui/topics/articles.py)
    "The articles' examples — checked": "文章中的例子——逐一核对",
    "Five Chinese blog posts on ranking metrics, and every number they compute: what the article says, "
    "the exact value, and why the two differ. **Load** an example to put it on the shared board, then "
    "open the page that explains it step by step.":
        "五篇讲排序指标的中文博客，逐一核对其中算出的每个数：文章的数、精确值，以及二者为何不同。"
        "点击“**载入**”把例子放到共用的排序面板上，再打开对应页面逐步查看。",
    "What the articles get wrong": "文章中的问题",
    "What the verdicts and colours mean": "各判定与颜色的含义",
    "Red rows: the article is wrong (a wrong number, a wrong method, or code that fails). "
    "Amber: only rounded.": "红色行：文章有误（数字错误、方法错误或代码报错）。黄色行：只是舍入误差。",
    "Source file: `shared/seeds/{file}`": "原文文件：`shared/seeds/{file}`",
    "Article {number}: {title}": "文章 {number}：{title}",
    "{example} · {section}": "例子 {example} · {section}",
    "What this article gets wrong": "本文的问题",
    "Why": "为什么不同",
    "Every number the article prints here is right.": "文章在这里给出的每个数都是对的。",
    "Load into the builder": "载入排序构建器",
    "Load {label} into the builder": "把 {label} 载入排序构建器",
    "On the board now: “{title}”. Open an explainer page to see it step by step.":
        "面板上现在是“{title}”。打开讲解页即可逐步查看。",
    "Loaded “{title}” into the builder": "已把“{title}”载入排序构建器",
    "nDCG explained": "nDCG 讲解",
    "AP / MAP explained": "AP / MAP 讲解",
    "RR / MRR explained": "RR / MRR 讲解",
    "P / R / Hit @K explained": "P / R / Hit @K 讲解",
    "MRR、MAP、NDCG (no example)": "MRR、MAP、NDCG（无数值例子）",
    "— (not printed)": "—（未给出）",
    "the article says": "文章给出",
    "the article's method gives": "按文章的方法",
    # the examples' sections (sample_data/article_examples.json)
    "1. NDCG, code": "1. NDCG，代码",
    "2. MAP, code": "2. MAP，代码",
    "2. MAP, introduction": "2. MAP，引言",
    "Hit / MAP / MRR code": "Hit / MAP / MRR 代码",
    "MAP, explanation of P@k terms": "MAP,P@k 各项的说明",
    "MAP, worked AP": "MAP,AP 算例",
    "MAP, motivation": "MAP，动机",
    "NDCG code": "NDCG 代码",
    "code": "代码",
    # the checked quantities (metrics.teaching.articles.findings())
    "AP (list_1)": "列表 list_1 的 AP",
    "AP (list_2)": "列表 list_2 的 AP",
    "AP term at rank 1": "第 1 位的 AP 项",
    "AP term at rank 2": "第 2 位的 AP 项",
    "AP term at rank 3": "第 3 位的 AP 项",
    "CG (list_1)": "列表 list_1 的 CG",
    "CG (list_2)": "列表 list_2 的 CG",
    "DCG (list_1)": "列表 list_1 的 DCG",
    "DCG (list_2)": "列表 list_2 的 DCG",
    "nDCG (list_1)": "列表 list_1 的 nDCG",
    "nDCG (list_2)": "列表 list_2 的 nDCG",
    "P@3 (code output)": "P@3（代码输出）",
    "P@5 (code output)": "P@5（代码输出）",
    "nDCG@5 (code output)": "nDCG@5（代码输出）",
    "P@5 (list_1)": "列表 list_1 的 P@5",
    "P@5 (list_2)": "列表 list_2 的 P@5",
    "Precision": "精确率",
    "Recall": "召回率",
    "RR (first hit at rank 2)": "RR（第一个命中在第 2 位）",
    "RR (first hit at rank 3)": "RR（第一个命中在第 3 位）",
    "hit() = HR@5": "hit() = HR@5（命中率）",
    "mean nDCG@3": "nDCG@3 的平均值",
    "nDCG@5 (rel_a, exponential gain)": "nDCG@5（rel_a，指数增益）",
    "nDCG@5 (rel_b, exponential gain)": "nDCG@5（rel_b，指数增益）",
    # ------------------------------------------------------------------ handout page (pages/handout.py)
    "Handout & presenter view": "讲义与演示模式",
    "The worked example of the board, ready to hand out: the formula with your numbers and the step "
    "table, as Markdown, LaTeX or CSV. The presenter view shows one rank at a time in large type.":
        "把面板上的计算例子做成讲义：带着你的数字的公式和步骤表，可导出为 Markdown、LaTeX 或 CSV。"
        "演示模式用大字号一次展示一个名次。",
    "**On the board:** {title} · ranking {ranking} · K = {k}": "**面板上**：{title} · 排序 {ranking} · K = {k}",
    "(untitled)": "（未命名）",
    "Change the ranking, K or the conventions on the nDCG page": "在 nDCG 页面修改排序、K 或约定",
    "Gain: {gain}; ideal ordering from {ideal} (as on the nDCG page).": "增益：{gain}；理想排序取自{ideal}（与 nDCG 页面相同）。",
    "Divided by {denominator}; relevant when grade ≥ {threshold:g} (as on the AP page).":
        "除以{denominator}；相关性等级 ≥ {threshold:g} 算作相关（与 AP 页面相同）。",
    "Reciprocal rank with cut-off K; relevant when grade ≥ {threshold:g}.":
        "截断位置为 K 的倒数排名；相关性等级 ≥ {threshold:g} 算作相关。",
    "Precision at K; relevant when grade ≥ {threshold:g} (as on the P / R / F1 page).":
        "前 K 个的精确率；相关性等级 ≥ {threshold:g} 算作相关（与 P / R / F1 页面相同）。",
    "all judged items": "全部已标注条目",
    "the list only": "仅列表中的条目",
    "all relevant items R": "全部相关条目数 R",
    "the hits found": "找到的命中数",
    "Presenter view": "演示模式",
    "One rank at a time in large type, with Previous / Next.": "用大字号一次展示一个名次，可点“上一步 / 下一步”。",
    "Download": "下载",
    "Preview of the handout": "讲义预览",
    "◀ Previous": "◀ 上一步",
    "Next ▶": "下一步 ▶",
    "Step {current} of {total}": "第 {current} 步，共 {total} 步",
    "The board has no ranked item: put some items into the ranking first.": "面板上没有排序的条目：请先把条目放进排序。",
    "Markdown (.md)": "Markdown 文件（.md）",
    "LaTeX (.tex)": "LaTeX 文件（.tex）",
    "steps table (.csv)": "步骤表（.csv）",
    "ideal table (.csv)": "理想排序表（.csv）",
    # the handout's words (metrics.teaching.handout.LABELS)
    "{measure}: a worked example": "{measure}：计算示例",
    "Formula": "公式",
    "With the numbers": "代入数字",
    "Step by step": "逐步计算",
    "The ideal ordering": "理想排序",
    "Result": "结果",
    "(the last row of the column {column}).": "（{column} 列的最后一行）。",
    # the presenter's sentences (metrics.teaching.handout.presenter_steps)
    "{where}: {text}": "{where}：{text}",
    "rank {rank} · {item}": "第 {rank} 位 · {item}",
    "rank {rank}": "第 {rank} 位",
    "step {rank} · {item}": "第 {rank} 步 · {item}",
    "step {rank}": "第 {rank} 步",
    "gain {gain}, discount log2({next}) = {discount}, adds {added} → DCG {dcg}":
        "增益 {gain}，折损 log2({next}) = {discount}，加上 {added} → DCG {dcg}",
    "relevant, {hits} hits in the top {rank}: precision {h}/{r} = {precision}, adds {counted} → sum {sum}, "
    "{so_far}":
        "相关，前 {rank} 个中有 {hits} 个命中：精确率 {h}/{r} = {precision}，加上 {counted} → 和为 {sum}，{so_far}",
    "relevant, {hits} hit in the top {rank}: precision {h}/{r} = {precision}, adds {counted} → sum {sum}, "
    "{so_far}":
        "相关，前 {rank} 个中有 {hits} 个命中：精确率 {h}/{r} = {precision}，加上 {counted} → 和为 {sum}，{so_far}",
    "not relevant: adds nothing, the sum stays {sum}, {so_far}": "不相关：不加任何值，和仍为 {sum}，{so_far}",
    "the first relevant item → RR = 1/{rank} = {value}": "第一个相关条目 → RR = 1/{rank} = {value}",
    "after the first hit: RR ignores it, stays 1/{first} = {value}": "在第一个命中之后：RR 不再变化，仍为 1/{first} = {value}",
    "relevant, {hits} hits → {value}": "相关，{hits} 个命中 → {value}",
    "relevant, {hits} hit → {value}": "相关，{hits} 个命中 → {value}",
    "not relevant, {hits} hits → {value}": "不相关，{hits} 个命中 → {value}",
    "not relevant, {hits} hit → {value}": "不相关，{hits} 个命中 → {value}",
    "AP = 0 (no relevant item)": "AP = 0（没有相关条目）",
    "not relevant: no hit yet, RR so far 0": "不相关：还没有命中，目前 RR 为 0",
    "AP so far": "目前的 AP",
    "sum of precisions": "精确率之和",
    "RR so far": "目前的 RR",
    # a bullet of the articles page's reasons (pages/articles.py)
    "- **{quantity}:** {text}": "- **{quantity}**：{text}",
    # ------------------------------------------------------------------ presenter mode (ui/teaching/presenter.py)
    "The worked example of the board, ready to hand out: the formula with your numbers and the step "
    "table, as Markdown, LaTeX or CSV. **Present** shows it one step at a time, full screen, for a "
    "projector, with a QR code of the board for the students' phones.":
        "把面板上的计算例子做成讲义：带着你的数字的公式和步骤表，可导出为 Markdown、LaTeX 或 CSV。"
        "**演示**在全屏中一次展示一步，适合投影，并附有面板的二维码，学生可用手机打开同一个面板。",
    "Present": "演示",
    "Full screen for a projector, one step at a time in large type, with a QR code of this board. "
    "Clicker keys: → / PageDown / Space next, ← / PageUp back, Home first step, End last step, "
    "Esc exit.":
        "全屏投影，用大字号一次展示一步，并附有本面板的二维码。翻页笔按键：→ / PageDown / 空格键："
        "下一步；← / PageUp：上一步；Home：第一步；End：最后一步；Esc：退出。",
    "Exit": "退出",
    "Leave presenter mode (Esc)": "退出演示模式（Esc）",
    "{current} / {total}": "{current} / {total}",
    "grade {grade}": "相关性等级 {grade}",
    "Scan for this board": "扫码打开本面板",
    "→ Space PageDown: next · ← PageUp: back · Home: first · End: last · Esc: exit":
        "→ 空格 PageDown：下一步 · ← PageUp：上一步 · Home：第一步 · End：最后一步 · Esc：退出",
    # ------------------------------------------------------------------ articles page: concept errors, divisors
    "Wrong numbers and failing code": "错误的数字与报错的代码",
    "Conceptual errors: what the articles say that is not so": "概念错误：文章中说错的地方",
    "Conceptual errors in this article": "本文的概念错误",
    "- **{number}** · {where}: {quote} — {wrong}": "- **{number}** · {where}：{quote}——{wrong}",
    "**The article says:** {quote}": "**原文**：{quote}",
    "**What is wrong:** {text}": "**错在哪里**：{text}",
    "**Correct:** {text}": "**正确的是**：{text}",
    "The divisors the article used at each rank, beside log2(i+1): red where it used another logarithm.":
        "文章在每个名次上用的分母，与 log2(i+1) 对照：红色行是文章用了别的对数。",
    "gain 2^rel − 1": "增益 2^rel − 1",
    "the article divides by": "文章的分母",
    "which is": "即",
    "right divisor log2(i+1)": "正确的分母 log2(i+1)",
    "term with the article's divisor": "按文章分母的项",
    "term with log2(i+1)": "按 log2(i+1) 的项",
}
