"""简体中文 of the messages that keep the app standing on hostile input (issue 12): an empty board,
refused grades and scores, uploads that cannot be read, limits, missing sample data, long links."""

ZH = {
    # ui.explainer.k_slider, ui.lecture.require_ranking
    "K (cut-off) = 1: there is only one rank to cut at.": "截断位置 K = 1：只有一个名次可以截断。",
    "The board has no items: pick an example in the builder's toolbar, or add items with its grade editor "
    "(the pencil icon).": "排序中没有条目：请在构建器的工具栏中选择一个示例，或用它的等级编辑器（铅笔图标）添加条目。",
    "Rank at least one item: drag one from the pool into the ranking (or use the builder's keyboard controls).":
        "请至少排入一个条目：从候选池中把一个条目拖进排序（或使用构建器的键盘控制）。",
    # ui.builder: the grade editor's checks
    "the grade {value} is not a number": "等级 {value} 不是数字",
    "the grade {value} is not a finite number": "等级 {value} 不是有限的数",
    "the grade {value} is too large (at most {limit} in size)": "等级 {value} 太大（绝对值最多为 {limit}）",
    "an item name is too long ({size:,} characters; at most {limit})": "条目名称太长（{size:,} 个字符；最多 {limit} 个）",
    "{count:,} items: a board holds at most {limit}; the command line ({command}) is for larger jobs":
        "{count:,} 个条目：一个排序最多容纳 {limit} 个；更大的任务请用命令行（{command}）",
    # ui.scores: the score editors' checks (ROC and library conventions pages)
    "the score of {item} is not a number: {value}": "{item} 的得分不是数字：{value}",
    "the score of {item} is not a finite number: {value}": "{item} 的得分不是有限的数：{value}",
    "the score of {item} is too large: {value} (at most {limit:g} in size)":
        "{item} 的得分太大：{value}（绝对值最多为 {limit:g}）",
    "Not applied: {error}. The board is unchanged.": "未应用：{error}。排序没有改变。",
}
