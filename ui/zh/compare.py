"""中文 for ROC/AUC, beyond accuracy, two rankings and the library conventions (pages/roc.py, beyond.py, compare.py, conventions.py; ui/topics/scores.py, ui/topics/recsys.py, ui/session/cached.py)."""

ZH: dict[str, str] = {
    # ------------------------------------------------------------------ ROC / AUC (pages/roc.py)
    "Each item is a positive when its grade reaches the threshold, a negative otherwise. "
    "A good scorer puts positives above negatives; AUC says how often it does.":
        "等级达到阈值的条目是正例，否则是负例。好的打分器会把正例排在负例之上；AUC 衡量它有多大比例做到了这一点。",
    "Scores from the ranking": "由排序生成得分",
    "Forget the typed scores: rank 1 of n gets n, rank n gets 1, pool items 0.":
        "丢弃手动输入的得分：n 个条目中第 1 名得 n 分，第 n 名得 1 分，候选池中的条目得 0 分。",
    "Scores typed here (or the uploaded run's). Equal scores make a tie; an item without a score "
    "gets one less than the lowest.":
        "得分来自这里的输入（或上传的 run 文件）。得分相同即为并列；没有得分的条目比最低分再低 1。",
    "Scores from the ranking: rank 1 of n scores n, the last rank 1, pool items 0. "
    "Type your own scores in the table.":
        "得分由排序生成：n 个条目中第 1 名得 n 分，最后一名得 1 分，候选池中的条目得 0 分。"
        "也可以在表格中输入你自己的得分。",
    "Item": "条目",
    "Rank": "名次",
    "Grade": "等级",
    "Label": "标签",
    "Score": "得分",
    "Position in the ranking (empty: in the pool)": "在排序中的位置（留空：在候选池中）",
    "Empty: unjudged (counts as 0)": "留空：未标注（按 0 计）",
    "1 = positive (grade ≥ the threshold), 0 = negative. Change grades in the builder.":
        "1 = 正例（等级 ≥ 阈值），0 = 负例。请在排序构建器中修改等级。",
    "The system's score: higher = more likely positive": "系统给出的得分：越高越可能是正例",
    "Not applied: {error}.": "未应用：{error}。",
    "the score of {item} is empty: type a number": "{item} 的得分为空：请输入一个数字",
    "ROC needs at least one positive and one negative item. {error}. Change a grade in the "
    "ranking builder, or the threshold “Relevant when grade ≥”.":
        "ROC 至少需要一个正例和一个负例。{error}。请在排序构建器中修改某个等级，或调整阈值“等级 ≥ 多少算相关”。",
    "ROC needs both classes, but all {n} labels are {label}: TPR or FPR would divide by zero":
        "ROC 需要两类样本，但全部 {n} 个标签都是 {label}：TPR 或 FPR 的分母会是 0",
    "1 (positive)": "1（正例）",
    "0 (negative)": "0（负例）",
    "there is no item": "没有任何条目",
    "Positives P": "正例数 P",
    "Negatives N": "负例数 N",
    "**The same number, read as pairs.** Take a random positive and a random negative: AUC is "
    "the chance that the positive scores higher, a tie counting one half.":
        "**同一个数，换成样本对来理解**。随机取一个正例和一个负例：AUC 就是正例得分更高的概率，得分相同记一半。",
    "{wins} pairs won · {ties} tied · {losses} lost, out of P × N = {P} × {N} pairs.":
        "在 P × N = {P} × {N} 个样本对中：{wins} 对正例胜出 · {ties} 对并列 · {losses} 对正例落后。",
    "Pick a threshold": "选一个阈值",
    "Predict positive when score ≥": "得分 ≥ 阈值时预测为正例",
    "TPR (recall)": "TPR（召回率）",
    "Precision": "精确率",
    "Accuracy": "准确率",
    "F1": "F1 值",
    "TP / (TP + FP); 0 when nothing is predicted": "TP / (TP + FP)；没有预测为正例的条目时为 0",
    "(TP + TN) / all": "(TP + TN) / 全部",
    "Step by step: the area as trapezoids": "逐步计算：把面积拆成梯形",
    "Lower the threshold one distinct score at a time: each step moves the curve right (a negative), "
    "up (a positive) or diagonally (a tie), and adds the trapezoid under that segment.":
        "每次把阈值降到下一个不同的得分：每一步让曲线向右（一个负例）、向上（一个正例）或沿对角线（并列）移动，"
        "并加上这段曲线下方的梯形面积。",
    "trapezoid": "梯形",
    "**Every positive–negative pair:** 1 = the positive scores higher, ½ = tie, 0 = lower. "
    "AUC is the mean of this table.":
        "**每一个正例–负例对**：1 = 正例得分更高，½ = 并列，0 = 更低。AUC 就是这张表的平均值。",
    "Positives ranked above negatives, anywhere in the list: every positive–negative pair counts the same, "
    "whether it sits at the top or at the bottom.":
        "正例排在负例之上，无论在列表的哪个位置：每一个正例–负例对的分量都相同，不管它在列表顶部还是底部。",
    "A scorer or classifier whose threshold is not fixed yet; comparing scorers over all thresholds at once.":
        "打分器或分类器的阈值还没有确定时；需要在所有阈值上同时比较多个打分器时。",
    "AUC is not top-heavy: swapping ranks 1 and 2 weighs as much as swapping ranks 99 and 100, so it "
    "says little about the first page of results (use nDCG or AP for that). With few positives among many "
    "negatives, a high AUC can still mean poor precision. Ties in the scores earn half credit.\n\n"
    "**In the articles.** {confusion} {axes}":
        "AUC 不偏重列表顶部：交换第 1、2 名与交换第 99、100 名的影响一样大，所以它几乎反映不出第一页结果的好坏"
        "（这时请用 nDCG 或 AP）。正例很少而负例很多时，AUC 很高也可能精确率很差。得分并列只记一半。\n\n"
        "**文章中的问题**。{confusion} {axes}",
    # the article notes of metrics.measures.roc shown on the page
    "Article 001's confusion_marix() computes precision as PPV = FP / (TP + FP), the share "
    "of predicted positives that are wrong (the false discovery rate); precision is "
    "TP / (TP + FP). Its F1 = 2 / (1/TPR + 1/PPV) therefore uses the wrong precision, and "
    "it raises ZeroDivisionError whenever TP = 0 (1/TPR with TPR = 0), and also when "
    "TP + FN = 0 or TP + FP = 0. Here precision = TP / (TP + FP), "
    "F1 = 2TP / (2TP + FP + FN), and every 0/0 is reported as 0.0.":
        "文章 001 的 confusion_marix() 把精确率算成 PPV = FP / (TP + FP)，即预测为正例中错误的比例"
        "（错误发现率）；精确率应为 TP / (TP + FP)。因此它的 F1 = 2 / (1/TPR + 1/PPV) 用错了精确率，"
        "而且只要 TP = 0（TPR = 0 时的 1/TPR）就会抛出 ZeroDivisionError,TP + FN = 0 或 TP + FP = 0 时也一样。"
        "本页中精确率 = TP / (TP + FP),F1 = 2TP / (2TP + FP + FN)，所有 0/0 都记为 0.0。",
    "Article 001 says the ROC curve plots FP on the x-axis and TP on the y-axis; the axes are "
    "the rates FPR = FP / (FP + TN) and TPR = TP / (TP + FN), so both run from 0 to 1. An AUC "
    "above 0.5 is not guaranteed (a worse-than-random scorer has AUC < 0.5), and the "
    "empirical curve is a staircase, not necessarily concave.":
        "文章 001 说 ROC 曲线的横坐标是 FP、纵坐标是 TP；实际上两条轴是比率 FPR = FP / (FP + TN) 和 "
        "TPR = TP / (TP + FN)，都从 0 到 1。AUC 也不一定大于 0.5（比随机还差的打分器 AUC < 0.5），"
        "而且由数据画出的曲线是阶梯形，不一定是凸的。",
    "Article 001 writes Recall = TP / (TP + FN) (correct) but describes it as 'of everything "
    "predicted True, how much is really true' - that sentence describes precision. Recall is "
    "the share of the real positives that were predicted positive.":
        "文章 001 写的 Recall = TP / (TP + FN) 是对的，但它解释为“预测为真的样本中有多少真的为真”——"
        "这句话描述的是精确率。召回率是真实正例中被预测为正例的比例。",
    # ROC figures and the confusion matrix (ui/topics/scores.py)
    "actually positive": "实际为正例",
    "actually negative": "实际为负例",
    "predicted positive": "预测为正例",
    "predicted negative": "预测为负例",
    "positive (relevant)": "正例（相关）",
    "negative": "负例",
    "{item}: score {score}": "{item}：得分 {score}",
    "← predicted negative": "← 预测为负例",
    "predicted positive →": "预测为正例 →",
    "Scores by class · threshold {threshold} (dashed)": "按类别看得分 · 阈值 {threshold}（虚线）",
    "negative items": "负例条目",
    "positive items": "正例条目",
    "step {step}: area {area}": "第 {step} 步：面积 {area}",
    "ROC curve": "ROC 曲线",
    "Trapezoids": "梯形",
    "Step {step}: area {area} (orange)": "第 {step} 步：面积 {area}（橙色）",
    "false positive rate": "假阳性率",
    "true positive rate": "真阳性率",
    # the step table of the AUC (metrics.measures.roc.roc_auc_steps)
    "step": "步骤",
    "threshold": "阈值",
    "from_fpr": "起点 FPR",
    "to_fpr": "终点 FPR",
    "width": "宽度",
    "tpr_left": "左侧 TPR",
    "tpr_right": "右侧 TPR",
    "area": "面积",
    "running_area": "累计面积",
    # ------------------------------------------------------------------ beyond accuracy (pages/beyond.py, ui/topics/recsys.py)
    "Beyond accuracy — coverage and diversity": "准确率之外——覆盖率与多样性",
    "A small recommender: top-{k} lists for {users} users over a catalog of {films} films, and the films "
    "each user chose later (held out).":
        "一个小型推荐系统：从 {films} 部电影的物品目录中为 {users} 位用户各推荐前 {k} 部，"
        "另有每位用户后来选择的电影（留出集）。",
    "K (look at the top K of every list)": "K（只看每个列表的前 K 个）",
    "Catalog coverage": "目录覆盖率",
    "Coverage@{k}": "覆盖率@{k}",
    "{covered} of {size} items appear in at least one top-{k} list; {never} never do.":
        "{size} 个条目中有 {covered} 个至少出现在一个前 {k} 列表中；{never} 个从未出现。",
    "Every catalog item: how many lists show it": "目录中的每个条目：出现在多少个列表中",
    "One user's list: intra-list similarity": "单个用户的列表：列表内相似度",
    "User": "用户",
    "user {user}": "用户 {user}",
    "Similarity of two films' genres": "两部电影类型的相似度",
    "cosine": "余弦",
    "Jaccard": "Jaccard 系数",
    "Cosine: angle between the 0/1 genre vectors. Jaccard: shared genres / all genres of the two.":
        "余弦：两部电影 0/1 类型向量之间的夹角。Jaccard 系数：共同的类型数 / 两者类型的并集大小。",
    "chosen": "已选择",
    "Chosen by the user later: one of the held-out items": "用户后来选择了它：属于留出集中的条目",
    "precision@{k}": "精确率@{k}",
    "hit rate@{k}": "命中率@{k}",
    "Intra-list similarity compares pairs of items: raise K to 2 or more.":
        "列表内相似度比较的是条目对：请把 K 调到 2 或更大。",
    "ILS (similarity)": "ILS（相似度）",
    "diversity = 1 − ILS": "多样性 = 1 − ILS",
    "Explain this user's list on the other pages": "在其他页面讲解这位用户的列表",
    "Puts this list on the shared board: grade 1 for the films the user chose later.":
        "把这个列表放到共享的排序上：用户后来选择的电影等级为 1。",
    "{user}'s list is now the example on every explainer page.": "用户 {user} 的列表现在是所有讲解页面的例子。",
    "Open nDCG": "打开 nDCG",
    "The {pairs} pairs; ILS is the mean of the similarity column.": "共 {pairs} 个条目对；ILS 是相似度一列的平均值。",
    "Every user: diversity against accuracy": "所有用户：多样性与准确率",
    "Diversity needs at least 2 items per list: raise K.": "多样性要求每个列表至少有 2 个条目：请调大 K。",
    "mean {name}": "{name}（均值）",
    "mean": "均值",
    "Coverage: a recommender that shows much of its catalog to someone. Diversity: lists whose items "
    "differ from each other (here: in genre).":
        "覆盖率：推荐系统至少向某位用户展示过目录中的大部分条目。多样性：列表中的条目彼此不同（这里指电影类型不同）。",
    "Next to accuracy measures, never instead of them: a random recommender covers the whole catalog and is "
    "very diverse, yet useless. They show what accuracy hides — popularity bias and lists of near-duplicates.":
        "与准确率指标一起使用，而不是代替它们：随机推荐能覆盖整个目录、多样性也很高，却毫无用处。"
        "它们揭示准确率看不到的问题——流行度偏差，以及几乎重复的推荐列表。",
    "Coverage and diversity trade off against accuracy: recommending the few popular items is accurate "
    "but covers little (popularity bias: here a handful of films are in almost every list). ILS depends "
    "entirely on the feature space and the similarity (genres, embeddings; cosine or Jaccard give "
    "different numbers). ILS is a mean over pairs here; Ziegler et al. (2005) sum the pairs instead, so "
    "their value grows with the list length.":
        "覆盖率、多样性与准确率此消彼长：只推荐少数热门条目准确率高，覆盖率却很低（流行度偏差：这里有几部电影"
        "几乎出现在每个列表中）。ILS 完全取决于特征空间和相似度的选择（类型、嵌入向量；余弦与 Jaccard 系数"
        "算出的数不同）。这里的 ILS 是所有条目对的平均值；Ziegler 等人（2005）用的是求和，所以他们的值会随列表"
        "变长而增大。",
    # the tables of the page (metrics.measures.beyond, ui.topics.recsys)
    "times_recommended": "被推荐次数",
    "covered": "已覆盖",
    "covered_so_far": "累计覆盖数",
    "coverage": "覆盖率",
    "title": "标题",
    "genres": "类型",
    # the genres of the sample (sample_data/recsys/item_features.csv)
    "action": "动作",
    "comedy": "喜剧",
    "drama": "剧情",
    "scifi": "科幻",
    "romance": "爱情",
    "animation": "动画",
    ", ": "、",
    "held_out": "留出集",
    "user": "用户",
    "ILS": "ILS",
    "diversity": "多样性",
    "item_i": "条目 i",
    "item_j": "条目 j",
    "similarity": "相似度",
    "running_sum": "累计和",
    # figures of the recommender sample (ui/topics/recsys.py)
    "{item} · {title}: in {times} of {users} lists": "{item} · {title}：出现在 {users} 个列表中的 {times} 个",
    "in this many lists": "出现的列表数",
    "never recommended": "从未被推荐",
    "How many users' top-{k} lists show each item (most recommended first)":
        "每个条目出现在多少位用户的前 {k} 列表中（被推荐最多的在前）",
    "catalog item": "目录中的条目",
    "lists showing it": "包含它的列表数",
    "cosine similarity of each pair (row i, column j > i)": "每个条目对的余弦相似度（第 i 行，第 j > i 列）",
    "Jaccard similarity of each pair (row i, column j > i)": "每个条目对的 Jaccard 相似度（第 i 行，第 j > i 列）",
    "%{text}: diversity %{x:.3f}, precision %{y:.3f}": "%{text}：多样性 %{x:.3f}，精确率 %{y:.3f}",
    "Accuracy against diversity, one point per user (top {k})": "准确率与多样性，每位用户一个点（前 {k} 个）",
    "intra-list diversity (1 − ILS)": "列表内多样性（1 − ILS）",
    "Recommender sample: user {user}'s top-{n} list": "推荐系统样例：用户 {user} 的前 {n} 推荐列表",
    "Grade 1 = one of {user}'s held-out items (chosen later); grade 0 = not chosen. "
    "Held-out items the recommender missed wait in the pool.":
        "等级 1 = 用户 {user} 留出集中的条目（后来选择的）；等级 0 = 未选择。推荐系统漏掉的留出条目放在候选池中。",
    # ------------------------------------------------------------------ two rankings (pages/compare.py)
    "List 1 is the ranking on the board (the builder); list 2 is another order of the same items.":
        "列表 1 是排序构建器中的排序；列表 2 是同一批条目的另一种顺序。",
    "List 2 (top first)": "列表 2（首位在上）",
    "Copy list 1": "复制列表 1",
    "Reverse": "倒序",
    "Shuffle": "打乱",
    "Ideal order": "理想排序",
    "Use the article's {name}": "使用文章中的 {name}",
    "Article 000: {items}": "文章 000：{items}",
    "Conventions: gain, ideal ordering, AP denominator, relevance threshold": "约定：增益、理想排序、AP 分母、相关性阈值",
    "AP divided by": "AP 的分母",
    "Cannot compute the measures: {error}": "无法计算这些指标：{error}",
    "list 1": "列表 1",
    "list 2": "列表 2",
    "list 2 − list 1": "列表 2 − 列表 1",
    "same": "相同",
    "**Every measure** — green: list 2 is better, red: list 1 is better":
        "**所有指标** —— 绿色：列表 2 更好；红色：列表 1 更好",
    "{measure} step by step": "{measure} 逐步计算",
    "List 1": "列表 1",
    "List 2": "列表 2",
    "**{name}** — IDCG@{k} = {idcg} for both": "**{name}** —— 两个列表的 IDCG@{k} 都是 {idcg}",
    "What if two items of list 1 traded places?": "如果列表 1 中的两个条目互换位置会怎样？",
    "Measure": "指标",
    "Cell (i, j): how **{measure}** changes if the items at ranks i and j trade places.":
        "单元格（i, j）：第 i 名和第 j 名的条目互换位置后，**{measure}** 的变化。",
    "Blue: the swap helps · red: it hurts · 0: the two items have the same grade, or both lie "
    "below K. The matrix is symmetric: swapping i and j is swapping j and i.":
        "蓝色：互换后变好 · 红色：变差 · 0：两个条目等级相同，或都在 K 之后。矩阵是对称的：交换 i 和 j 就是交换 j 和 i。",
    "Showing the top {depth} ranks; the rest of the list still counts.": "只显示前 {depth} 名；列表其余部分仍然参与计算。",
    "Rank at least two items to see what a swap does.": "至少排入两个条目，才能看到互换的效果。",
    "Change in {measure} when ranks i and j swap (list 1)": "第 i 名与第 j 名互换时 {measure} 的变化（列表 1）",
    "item at rank j": "第 j 名的条目",
    "item at rank i": "第 i 名的条目",
    "Comparing two orders of the same items isolates what ordering does: the grades are the same, "
    "only the positions differ, so every difference comes from where the relevant items sit.":
        "比较同一批条目的两种顺序，可以单独看出顺序的作用：等级完全相同，只有位置不同，"
        "所以每一处差异都来自相关条目所在的位置。",
    "To see which measures agree that one ranking is better, how much a single swap matters, and which "
    "swaps near the top matter more than swaps further down.":
        "想看哪些指标一致认为某个排序更好、一次互换影响有多大，以及为什么靠前的互换比靠后的互换更重要时。",
    "Measures can disagree: a set measure (P@K, R@K) ignores order inside the top K, RR looks at the "
    "first hit only, and nDCG also rewards grades. A swap below K changes no @K measure at all.":
        "不同指标可能给出相反的结论：集合型指标（P@K、R@K）不管前 K 个内部的顺序，RR 只看第一个命中，"
        "nDCG 还会奖励更高的等级。K 之后的互换完全不会改变任何 @K 指标。",
    # ------------------------------------------------------------------ library conventions (pages/conventions.py)
    "One ranking, scored the way each library scores it with its default settings.":
        "同一个排序，按各个库的默认设置分别计算。",
    "**Scores** — give two items the same score to create a tie": "**得分** —— 给两个条目相同的得分，就制造了一个并列",
    "One big tie (all scores 1)": "全部并列（得分都为 1）",
    "Forget typed scores: rank 1 of n gets n, rank 2 gets n − 1, ...":
        "丢弃手动输入的得分：n 个条目中第 1 名得 n 分，第 2 名得 n − 1 分，……",
    "The system's score; the list is ordered by score": "系统给出的得分；列表按得分排序",
    "Rank at least one item (in the builder above) to compare the libraries.":
        "请至少排入一个条目（在上方的排序构建器中），才能比较各个库。",
    "Cannot score this board: {error}": "无法计算这个排序：{error}",
    "**The order each library reads** — by score, highest first; {…}: a tie group whose gain "
    "is averaged":
        "**各库读取的顺序** —— 按得分从高到低；{…}：一组并列的条目，其增益取平均",
    "equal scores": "得分相同时",
    "libraries": "库",
    "order read": "读取顺序",
    "Why they differ": "它们为什么不同",
    "On this ranking every library agrees with trec_eval. Try real grades, ties in the scores, "
    "a relevant item left in the pool, or K smaller than the list.":
        "在这个排序上，所有库都与 trec_eval 一致。试试实数等级、得分并列、把一个相关条目留在候选池中，"
        "或者让 K 小于列表长度。",
    "**{library}** — differs on: {measures}": "**{library}** —— 不同之处：{measures}",
    "- **{choice}:** {value} (trec_eval: {reference})": "- **{choice}**：{value}；trec_eval 的做法：{reference}",
    "The choices, library by library": "逐个库看各项选择",
    "choice": "选择",
    "yes": "是",
    "no": "否",
    "What the options mean": "各选项的含义",
    "; ": "；",
    "Knowing which convention produced a number: the same ranking gives different nDCG, AP or RR "
    "depending on the gain, the ideal ordering, the AP denominator, cut-offs and how ties are broken.":
        "知道一个数是按哪种约定算出来的：同一个排序，因增益、理想排序、AP 分母、截断位置以及并列的处理方式不同，"
        "会得到不同的 nDCG、AP 或 RR。",
    "Before comparing your number with a paper's or another library's: name the library and its "
    "settings, or compute both ways.":
        "在把你的数与论文或其他库的结果比较之前：写明所用的库及其设置，或者两种方式都算一遍。",
    "Ties in the scores are broken differently (item id, input order, or averaged), so a model "
    "that outputs many equal scores gets different numbers in different libraries. Real-valued grades "
    "are truncated by some libraries, and binary libraries ignore the grade levels altogether.":
        "得分并列时各库的处理方式不同（按条目 id、按输入顺序，或取平均），所以输出大量相同得分的模型在不同库里"
        "会得到不同的数。有些库会把实数等级截断为整数，只支持二值相关性的库则完全忽略等级的高低。",
    # the short labels of the choices (metrics.conventions.CHOICE_LABELS)
    "nDCG gain": "nDCG 增益",
    "nDCG ideal from": "nDCG 理想排序取自",
    "ties in the scores": "得分并列",
    "relevant when grade ≥": "等级 ≥ 多少算相关",
    "RR cut at k": "RR 在 k 处截断",
    "AP cut at k": "AP 在 k 处截断",
    "grades truncated to int": "等级截断为整数",
    "score ≤ 0 → not relevant": "得分 ≤ 0 → 不相关",
    "R counts the pool": "R 包含候选池",
    "NaN if nothing relevant": "无相关条目时为 NaN",
    "rounded to decimals": "保留小数位数",
    "scores compared as": "得分的比较精度",
    # the ties choices as describe_choice words them (without "equal scores: ")
    "item id descending (trec_eval)": "按条目 id 降序（trec_eval）",
    "gain averaged over the tie group (scikit-learn)": "增益在并列组内取平均（scikit-learn）",
    "kept in input order": "保持输入顺序",
    # how scores are compared (metrics.conventions.CHOICES["score_type"])
    "scores compared as 64-bit floats": "得分按 64 位浮点数比较",
    "scores compared as 32-bit floats: scores closer than about 1e-7 of their size tie":
        "得分按 32 位浮点数比较：相差小于其大小约 1e-7 的得分算作并列",
    # the choices beyond CHOICES (ui/topics/choices.py: metrics.conventions.describe_choice)
    "relevant when grade ≥ {value}": "等级 ≥ {value} 即为相关",
    "RR@k: a first hit below rank k scores 0": "RR@k：第一个命中排在第 k 名之后时记 0",
    "RR: no cut-off": "RR：不截断",
    "AP stops at rank k": "AP 在第 k 名处截止",
    "AP over the whole list (no k)": "AP 按整个列表计算（没有 k）",
    "real grades truncated to integers (0.9 → 0)": "实数等级被截断为整数（0.9 → 0）",
    "grades used as given": "等级按原值使用",
    "items scored ≤ 0 never count as relevant": "得分 ≤ 0 的条目一律不算相关",
    "scores only order the list": "得分只用于排序",
    "R counts relevant judged items outside the list too": "R 也计入列表之外已标注的相关条目",
    "R counts only the relevant items in the list": "R 只计列表中的相关条目",
    "{value} is NaN when no item is relevant": "没有相关条目时 {value} 为 NaN",
    "no relevant item: 0": "没有相关条目时：0",
    "reports rounded to {value} decimals": "结果保留 {value} 位小数",
    "full precision": "完整精度",
    # what each library does (metrics.conventions.PRESETS notes)
    "Reference (trec_eval 10.0, which reads scores as 64-bit floats). AP and AP@k (map_cut) divide "
    "by all relevant judged items; recip_rank has no cut-off; P@k divides by k; ties: score "
    "descending, then docno descending.":
        "参照基准（trec_eval 10.0，以 64 位浮点数读取得分）。AP 和 AP@k（map_cut）除以所有已标注的相关条目数；"
        "recip_rank 没有截断位置；P@k 除以 k；并列时先按得分降序，再按 docno 降序。",
    "trec_eval 9.0.7 compiled into a Python module: trec_eval's conventions, but scores kept as "
    "32-bit floats (trec_eval 9.x: a gap of 1e-9 is a tie). Real grades are refused (TypeError). "
    "ir_measures uses these numbers for nDCG@k, AP, RR, P@k and R@k.":
        "编译进 Python 模块的 trec_eval 9.0.7：约定与 trec_eval 相同，但得分以 32 位浮点数保存"
        "（trec_eval 9.x：相差 1e-9 算作并列）。不接受实数等级（TypeError）。"
        "ir_measures 的 nDCG@k、AP、RR、P@k 和 R@k 与这些数一致。",
    "ndcg_score: ideal from the scored items only, ties averaged over all orders. "
    "average_precision_score: no k, no pool, one threshold per tie group (shown here as "
    "the AP of the whole list). Refuses one-item lists and negative grades.":
        "ndcg_score：理想排序只取自有得分的条目，并列时对所有可能的顺序取平均。average_precision_score："
        "没有 k，不考虑候选池，每个并列组只算一个阈值（这里显示为整个列表的 AP）。不接受只有一个条目的列表和负的等级。",
    "ndcg linear (ndcg_burges is exponential); map@k divides by all relevant; mrr@k is cut; "
    "qrels are int64, so real grades are silently truncated. Ties keep input order for "
    "short lists.":
        "ndcg 使用线性增益（ndcg_burges 是指数增益）；map@k 除以所有相关条目数；mrr@k 会截断；"
        "qrels 是 int64 类型，所以实数等级会被悄悄截断。列表较短时，并列保持输入顺序。",
    "RetrievalNormalizedDCG is scikit-learn's algorithm (list-only ideal, tie averaging) in "
    "float32. RetrievalMAP(top_k) divides by the hits found in the top k. Binary metrics "
    "treat items scored <= 0 as non-relevant. Ties in binary metrics follow torch.topk.":
        "RetrievalNormalizedDCG 就是 scikit-learn 的算法（理想排序只取自列表、并列取平均），只是用 float32 计算。"
        "RetrievalMAP(top_k) 除以前 k 个中找到的命中数。二值指标把得分 <= 0 的条目当作不相关。"
        "二值指标中的并列顺序由 torch.topk 决定。",
    "Binary relevance only: NDCG's ideal is min(R, k) ones; MAP@k divides by min(k, R); "
    "Recall is NaN without positives; reports round to 4 decimals.":
        "只支持二值相关性：NDCG 的理想排序是 min(R, k) 个 1;MAP@k 除以 min(k, R)；"
        "没有正例时 Recall 为 NaN；结果保留 4 位小数。",
    "Every row of rating_true is relevant; ndcg_at_k defaults to binary gain (score_type="
    "'raw' is linear, 'exp' exponential) with the ideal from rating_true; map_at_k divides by "
    "min(R, k); no MRR.":
        "rating_true 中的每一行都算相关；ndcg_at_k 默认使用二值增益（score_type='raw' 为线性，'exp' 为指数），"
        "理想排序取自 rating_true;map_at_k 除以 min(R, k)；没有 MRR。",
    # an option and its meaning (ui.topics.choices.options_text)
    "`{option}`: {meaning}": "`{option}`：{meaning}",
    # issue 9: the run's own order (ui.model.board, ui.data.share, pages/conventions.py)
    "A query of a run: every library reads the run file's list, so those that keep the input order break ties "
    "as the file lists them.":
        "这是运行文件中的一个查询：每个库读取的都是运行文件里的列表，所以保持输入顺序的库按文件中的先后处理并列。",
    "'run_order' must be a list of item names": "'run_order' 必须是条目名称的列表",
    "the run's order must list the ranked items, each once": "运行文件的顺序必须恰好列出排名中的每个条目各一次",
    "item {name} of the run's order has no score": "运行文件顺序中的条目 {name} 没有得分",
    # issue 9: ranges, the cause step by step, the pasted number, the whole run (ui/topics/conventions.py)
    "{low} to {high}": "{low} 到 {high}",
    "{library}: {reason}: {range}": "{library}：{reason}：{range}",
    "{step}: {before} → {after}": "{step}：{before} → {after}",
    "the order of tied items is not defined": "并列条目的顺序没有定义",
    "the order of tied items is not defined (torch.topk)": "并列条目的顺序没有定义（torch.topk）",
    "the order of tied items is not defined for a list of more than 15 items (numba's quicksort; up to 15 items "
    "insertion sort keeps the input order)":
        "列表超过 15 个条目时，并列条目的顺序没有定义（numba 的快速排序；不超过 15 个条目时用插入排序，保持输入顺序）",
    "equal scores: any order (torch.topk leaves it undefined)": "得分相同：任意顺序（torch.topk 没有定义顺序）",
    "any order (torch.topk leaves it undefined)": "任意顺序（torch.topk 没有定义顺序）",
    "equal scores: input order up to 15 items, any order beyond (numba's quicksort)":
        "得分相同：不超过 15 个条目时保持输入顺序，超过时为任意顺序（numba 的快速排序）",
    "input order up to 15 items, any order beyond (numba's quicksort)":
        "不超过 15 个条目时保持输入顺序，超过时为任意顺序（numba 的快速排序）",
    "equal scores: nDCG averaged over the tie group, other measures in any order (torch.topk)":
        "得分相同：nDCG 在并列组内取平均，其他指标为任意顺序（torch.topk）",
    "nDCG averaged over the tie group, other measures in any order (torch.topk)":
        "nDCG 在并列组内取平均，其他指标为任意顺序（torch.topk）",
    "rounding": "四舍五入",
    "tie order not defined": "并列顺序未定义",
    "cause": "原因",
    "Rounding only: {measures}": "仅因四舍五入而不同：{measures}",
    "**{library}** — differs by rounding only: {measures}": "**{library}** —— 仅因四舍五入而不同：{measures}",
    "{value} is {library}'s convention": "{value} 是 {library} 的约定",
    "{value} is {library}'s convention: {choices}": "{value} 是 {library} 的约定：{choices}",
    "{value} is possible under {library}'s convention: {choices} ({reason})":
        "在 {library} 的约定下可能得到 {value}：{choices}（{reason}）",
    "{value} is trec_eval's convention with: {choices}": "{value} 是 trec_eval 的约定加上这些改动：{choices}",
    "no known convention gives {value}; the closest is {closest} ({library})":
        "没有已知的约定能得到 {value}；最接近的是 {closest}（{library}）",
    "no known convention gives {value}; the closest is {closest} ({library}: {choices})":
        "没有已知的约定能得到 {value}；最接近的是 {closest}（{library}：{choices}）",
    "no known convention gives {value}; the closest is {closest} (trec_eval's convention with: {choices})":
        "没有已知的约定能得到 {value}；最接近的是 {closest}（trec_eval 的约定加上这些改动：{choices}）",
    "The same number under: {libraries}.": "以下库也给出同一个数：{libraries}。",
    "Paste the number your library printed": "粘贴你的库输出的数",
    "At the board's K ({k}); AP and RR also without a cut-off.": "按看板的 K（{k}）计算；AP 和 RR 也会考虑不截断的版本。",
    "Your library's number": "你的库给出的数",
    "Type the number as your library printed it (its decimals count): the page names the conventions that give "
    "it on this board.": "按你的库输出的样子输入这个数（小数位数也算）：本页会指出在这个看板上哪些约定能得到它。",
    "The whole run: {source}": "整个运行文件：{source}",
    "Each query scored as each library reads the run file (its order, its scores), at K = {k}; the mean over the "
    "{n} queries with judgements. Highlighted: a mean that differs from trec_eval's.":
        "每个查询都按各个库读取运行文件的方式计算（文件中的顺序和得分），K = {k}；对 {n} 个有相关性判断的查询取平均。"
        "高亮：与 trec_eval 不同的平均值。",
    "Every library gives trec_eval's numbers on every query of this run.": "在这个运行文件的每个查询上，每个库都给出与 trec_eval 相同的数。",
    "**Where the libraries differ most** — the largest gap between two libraries on one measure; click a query "
    "to explain it above": "**各个库差别最大的查询** —— 两个库在同一指标上的最大差距；点击一个查询，在上方解释它",
    "Query {query}: {spread} on {measure}": "查询 {query}：{measure} 相差 {spread}",
    "**Because of:** {choices}": "**原因**：{choices}",
    "**The order each library reads** — by score, highest first; {…}: a tie group whose gain is averaged, or "
    "whose order the library leaves undefined":
        "**各库读取的顺序** —— 按得分从高到低；{…}：一组并列的条目，其增益取平均，或者库没有定义它们的顺序",
    "{measure}: trec_eval → {library}": "{measure}：trec_eval → {library}",
    "**Highlighted:** a number that differs from trec_eval's (grey: by rounding only); a range: the library leaves "
    "the order of tied items undefined. **—** : the library has no such measure. Rows name each measure as the "
    "libraries do (RR has no cut-off in trec_eval).":
        "**高亮**：与 trec_eval 结果不同的数（灰色：仅因四舍五入而不同）；一个范围：该库没有定义并列条目的顺序。"
        "**—**：该库没有这个指标。每一行按各库自己的叫法命名指标（trec_eval 的 RR 没有截断位置）。",
    # ui/session/history.py: the builder's Undo and Redo
    "Undo the last change to the board": "撤销对看板的上一次改动",
    "Redo the change just undone": "重做刚撤销的改动",
    # pages/compare.py: one step per rank
    "Shown after the last step (Show all, or the End key).": "最后一步之后显示（点“全部显示”，或按 End 键）。",
    # pages/beyond.py: one item, then one list, a step
    "One item: no pair to compare yet (Next: the item at rank 2 and its pair).":
        "只有一个条目：还没有可比较的条目对（下一步：第 2 名的条目和它组成的条目对）。",
    "{covered} of {size} items appear in the first {lists} top-{k} lists.":
        "{size} 个条目中有 {covered} 个出现在前 {lists} 个前 {k} 列表中。",
}
