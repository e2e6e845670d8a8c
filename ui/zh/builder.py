"""中文 for the ranking builder, its presets, the shareable link and the board's messages (ui/ranking/builder.py, ui/model/presets.py, ui/data/share.py, ui/model/board.py, ui/session/state.py)."""

ZH: dict[str, str] = {
    # the builder (ui/ranking/builder.py)
    "your ranking": "你的排序",
    "Example": "例子",
    "Pick an example": "选择一个例子",
    "Reset": "重置",
    "Shuffle": "打乱",
    "Ideal order": "理想排序",
    "Worst order": "最差排序",
    "Reset, shuffle, ideal or worst order": "重置、打乱、理想排序或最差排序",
    "Drag to reorder": "拖动以调整顺序",
    # the drag-and-drop lanes (ui/ranking/lanes.py)
    "Drop items here": "把条目拖到这里",
    "Grade colours": "等级颜色",
    "pool": "候选池",
    "{item} picked up: arrows move it, Space drops it, Escape cancels": "已拿起 {item}：方向键移动，空格键放下，Esc 取消",
    "{item}: move cancelled": "{item}：已取消移动",
    "Drag with the mouse or a finger. Keyboard: Space picks an item up, arrow keys move it "
    "(left/right or P: between ranking and pool), Space drops it, Escape cancels.":
        "用鼠标或手指拖动。键盘：空格键拿起条目，方向键移动它（左右键或 P：在排序和候选池之间移动），空格键放下，Esc 取消。",
    "Ranking (top first)": "排序（靠前的在上）",
    "Pool (not ranked)": "候选池（未排序）",
    "unjudged": "未标注",
    "Edit items and grades": "编辑条目与等级",
    "Item": "条目",
    "Grade": "等级",
    "Rank": "名次",
    "Relevance grade; empty = unjudged": "相关性等级；留空表示未标注",
    "Position in the ranking (empty: in the pool)": "在排序中的位置（留空：在候选池中）",
    "was": "原名",  # the grade table's hidden column (the row's name before an edit)
    "Not applied: {reason}. The ranking is unchanged.": "未应用：{reason}。排序没有改变。",
    "an item needs a name": "条目需要一个名称",
    "two items are named {name}": "有两个条目都叫 {name}",
    "Keyboard controls": "键盘操作",
    "Ranked item": "已排序的条目",
    "Up": "上移",
    "Down": "下移",
    "Top": "置顶",
    "Unrank": "移出",
    "Move this item back to the pool": "把这个条目移回候选池",
    "Pool item": "候选池中的条目",
    "Add to the end of the ranking": "加到排序末尾",
    # preset titles (ui/model/presets.py)
    "Article 000: {name} = [{ranking}]": "文章 000：{name} = [{ranking}]",
    "Article 000 code: ndcg_at_k({rels}, 3)": "文章 000 代码：ndcg_at_k({rels}, 3)",
    "Article 000 code: average_precision({hits})": "文章 000 代码：average_precision({hits})",
    "Article 001: pred_items = [3, 4, 2, 100, 1000], gt_items = 1..8":
        "文章 001：pred_items = [3, 4, 2, 100, 1000],gt_items = 1..8",
    "Article 001: predict [3, 2, 1] against true [1, 2, 3] with relevance 3, 2, 1":
        "文章 001：预测 [3, 2, 1]，真实 [1, 2, 3]，相关性依次为 3、2、1",
    "Article 001: {name} = {hits} (same precision, different AP)": "文章 001：{name} = {hits}（精确率相同，AP 不同）",
    "Article 003: B, A, D, C, E with grades A5 B4 C3 D2 E1, exponential gain":
        "文章 003：B, A, D, C, E，等级 A5 B4 C3 D2 E1，指数增益",
    "Article 003: relevance [1, 1, 0, 1, 0] (the article says P@5 = 4/5; it is 3/5)":
        "文章 003：相关性 [1, 1, 0, 1, 0]（文章说 P@5 = 4/5，实为 3/5）",
    "Article 004: {name} = {rels}, exponential gain": "文章 004：{name} = {rels}，指数增益",
    "Article 000: 3 recommended (p1, p2, p3), 4 bought (p1, p4, p5, p6)":
        "文章 000：推荐 3 个（p1, p2, p3），购买 4 个（p1, p4, p5, p6）",
    "Article 001: hit, miss, hit — the precision terms of AP": "文章 001：命中、未命中、命中——AP 中的各项精确率",
    "Article 001: hit, hit, miss, miss, miss with 3 relevant items (x1 not recommended)":
        "文章 001：命中、命中、未命中、未命中、未命中，共 3 个相关条目（x1 未被推荐）",
    "Article 001: query “{query}”, first hit at rank {rank}": "文章 001：查询“{query}”，第一个命中在第 {rank} 位",
    "All relevant items at the bottom": "相关条目全在末尾",
    "One relevant item": "只有一个相关条目",
    "Ties in the grades": "等级有并列",
    "No relevant item": "没有相关条目",
    "Unjudged items and a relevant item left out": "未标注的条目，以及一个被漏掉的相关条目",
    # preset notes (ui/model/presets.py)
    "Real-valued grades; the article computes CG, DCG and IDCG by hand (linear gain).":
        "等级是实数；文章手算了 CG、DCG 和 IDCG（线性增益）。",
    "The article's code builds the ideal ordering from the list itself.": "文章的代码用列表本身构建理想排序。",
    "The article's AP divides by the relevant items found in the list.": "文章的 AP 除以列表中找到的相关条目数。",
    "Five of the eight held-out items are not recommended: they stay in the pool.":
        "8 个留出的条目中有 5 个没有被推荐：它们留在候选池中。",
    "The article prints NDCG@5 = 0.861; the exact value is 0.8645.": "文章给出 NDCG@5 = 0.861；精确值是 0.8645。",
    "Item ids are invented: the article gives only the counts.": "条目 id 是虚构的：文章只给出了数量。",
    "x1 is relevant but was not recommended: it stays in the pool and still counts in R.":
        "x1 是相关的，但没有被推荐：它留在候选池中，仍计入 R。",
    "The worst ordering of these grades: every measure is at its lowest.": "这组等级的最差排序：每个指标都是最低值。",
    "With one relevant item, AP equals RR: both are 1/rank.": "只有一个相关条目时，AP 等于 RR：两者都是 1/名次。",
    "Several ideal orderings exist; IDCG is the same for all of them.": "理想排序不止一种；它们的 IDCG 都相同。",
    "IDCG = 0 and R = 0: every measure is defined as 0 here (trec_eval).":
        "IDCG = 0 且 R = 0：此时每个指标都定义为 0(trec_eval)。",
    "d2 and d4 have no judgment (gain 0). d6 (grade 3) was not retrieved: the ideal from all judged items "
    "counts it, the ideal from the list does not.":
        "d2 和 d4 未标注（增益为 0）。d6（等级 3）没有被检索到：由全部已标注条目构建的理想排序计入它，"
        "由列表本身构建的理想排序则不计入。",
    # the shareable link (ui/data/share.py)
    "Share this board": "分享这个排序",
    "A link that opens this page with this exact board: items, grades, ranking, K and conventions.":
        "一个链接，打开后就是本页和完全相同的排序：条目、等级、排序、K 和约定。",
    "Point at the box and press its copy button (top right). Whoever opens the link sees this page with this "
    "board: items, grades, ranking, K and conventions. The address bar holds the same link.":
        "把鼠标移到框上，点击右上角的复制按钮。打开链接的人会看到本页和这个排序：条目、等级、排序、K 和约定。"
        "地址栏里也是同一个链接。",
    "This board cannot be shared as a link: {reason}": "这个排序无法用链接分享：{reason}",
    "The link's board could not be read: {reason}; showing the default example.":
        "无法读取链接中的排序：{reason}；现在显示默认例子。",
    # why a link cannot be made or read (ui/data/share.py)
    "the board is too large for a link ({size:,} bytes; limit {limit:,})":
        "排序太大，无法放进链接（{size:,} 字节；上限 {limit:,}）",
    "the board is too large for a link ({size:,} characters; limit {limit:,}): use fewer items or shorter names":
        "排序太大，无法放进链接（{size:,} 个字符；上限 {limit:,}）：请减少条目或缩短名称",
    "the link's board must be text, got {type}": "链接中的排序必须是文本，实际是 {type}",
    "the link's board is empty": "链接中的排序是空的",
    "the link's board is too long ({size:,} characters; limit {limit:,})":
        "链接中的排序太长（{size:,} 个字符；上限 {limit:,}）",
    "not a board link: it should start with the version, {version}, and a dot":
        "不是排序链接：它应以版本号 {version} 和一个点开头",
    "unknown link version {found} (this app reads version {version})": "未知的链接版本 {found}（本应用读取版本 {version}）",
    "the link's data is not base64url text (unexpected character {char})":
        "链接中的数据不是 base64url 文本（意外的字符 {char}）",
    "the link's data is not valid base64url ({error})": "链接中的数据不是有效的 base64url({error})",
    "the link's data is not UTF-8 text": "链接中的数据不是 UTF-8 文本",
    "the link's data is not valid JSON ({error})": "链接中的数据不是有效的 JSON({error})",
    "the link's board is not valid ({error})": "链接中的排序无效（{error}）",
    "the link's data is damaged (zlib: {error})": "链接中的数据已损坏（zlib：{error}）",
    "the link's board is too large (more than {limit:,} bytes unpacked)": "链接中的排序太大（解压后超过 {limit:,} 字节）",
    "the link's data is cut short (incomplete compressed data)": "链接中的数据被截断了（压缩数据不完整）",
    "the link's data has extra bytes after the board": "链接中的数据在排序之后还有多余的字节",
    "numbers must be finite, the link contains {name}": "数字必须是有限值，链接中含有 {name}",
    "the link names {name} twice": "链接中 {name} 出现了两次",
    "the link's data is not a board (expected a JSON object)": "链接中的数据不是排序（应为 JSON 对象）",
    "unknown field {field} in the link's board": "链接中的排序有未知字段 {field}",
    "the link's board has no {field}": "链接中的排序缺少 {field}",
    "'grades' must map item names to grades": "'grades' 必须把条目名称映射到等级",
    "the board has no items": "排序中没有条目",
    "too many items for a link ({count}; limit {limit})": "条目太多，无法放进链接（{count} 个；上限 {limit}）",
    "the grade of {name} is not a number: {grade}": "{name} 的等级不是数字：{grade}",
    "the grade of {name} must be finite, got {grade}": "{name} 的等级必须是有限值，实际是 {grade}",
    "the grade of {name} is out of range ({grade:g}; limit ±{limit:,})": "{name} 的等级超出范围（{grade:g}；上限 ±{limit:,}）",
    "'ranking' must be a list of item names": "'ranking' 必须是条目名称的列表",
    "the ranking holds {item}, not an item name": "排序中含有 {item}，它不是条目名称",
    "ranked item {item} is not among the items": "排序中的条目 {item} 不在条目之中",
    "the ranking lists {item} twice": "排序中 {item} 出现了两次",
    "K must be a whole number, got {k}": "K 必须是整数，实际是 {k}",
    "K is out of range ({k}; it must be 1 to {limit})": "K 超出范围（{k}；应为 1 到 {limit}）",
    "{setting} must be one of {allowed}, got {value}": "{setting} 必须是 {allowed} 之一，实际是 {value}",
    "the relevance threshold must be a number from {low:g} to {high:,}, got {value}":
        "相关性阈值必须是 {low:g} 到 {high:,} 之间的数，实际是 {value}",
    "'scores' must map item names to scores": "'scores' 必须把条目名称映射到得分",
    "scored item {name} is not among the items": "有得分的条目 {name} 不在条目之中",
    "the score of {name} must be a finite number, got {score}": "{name} 的得分必须是有限的数，实际是 {score}",
    "the score of {name} is out of range ({score:g}; limit ±{limit:g})": "{name} 的得分超出范围（{score:g}；上限 ±{limit:g}）",
    "Query {query} stays off the board: {problem}": "查询 {query} 未放上排序：{problem}",
    "item names must be non-empty text": "条目名称必须是非空文本",
    "item name {name} is too long ({size} characters; limit {limit})": "条目名称 {name} 太长（{size} 个字符；上限 {limit}）",
    "item name {name} contains a control character (U+{code:04X})": "条目名称 {name} 含有控制字符（U+{code:04X}）",
}
