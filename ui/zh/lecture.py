"""The one-screen lecture layout: pacing (steps, keys), headline, worked sums, step window."""

ZH = {
    # ui/pacing.py
    "◀ Back": "◀ 上一步",
    "First step (Home)": "第一步（Home 键）",
    "Previous step (← or PageUp)": "上一步（← 或 PageUp 键）",
    "Next step (→, PageDown or Space)": "下一步（→、PageDown 或空格键）",
    "Every step (End)": "显示全部步骤（End 键）",
    "**Step {n} of {total}** · {unit} {n}": "**第 {n} 步，共 {total} 步** · {unit} {n}",
    # ui/lecture.py
    "{name} so far (step {i})": "{name}（到第 {i} 步为止）",
    "The whole sum": "完整的求和式",
    "⋯ ranks 1–{last} above (the whole table is below)": "⋯ 上方还有第 1–{last} 名（完整表格在下方）",
    # pages
    "D = R, all relevant": "D = R，全部相关项",
    "D = hits found": "D = 已找到的命中数",
    "D = min(k, R)": "D = min(k, R)",
    "Precision at each rank": "每个位置的精确率",
    "The whole table": "完整表格",
    "The whole tables": "完整表格",
    "**Your ranking**": "**你的排序**",
    "**The ideal ordering**": "**理想排序**",
    "**List 2 (top first)**": "**列表 2（从上到下）**",
    "Conventions": "约定",
    "R-precision": "R-精确率",
    "Precision at rank R; shown once every step is revealed.": "第 R 名处的精确率；所有步骤都显示后才给出。",
    "The same number, read as pairs": "同一个数，按样本对来读",
    "The first hit": "第一个命中",
    "not in ranks 1–{i} yet": "前 {i} 名中还没有",
    "{rank}, beyond the cut-off K = {k}": "{rank}，在截断位置 K = {k} 之后",
    "Examples": "例子",
    "Why log₂(i+1)?": "为什么是 log₂(i+1)？",
    "Does the discount decide which list wins?": "折损方式会决定哪个列表胜出吗？",
}
