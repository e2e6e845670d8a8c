"""简体中文 of the messages that keep the app standing on hostile input (issue 12): an empty board,
refused grades and scores, uploads that cannot be read, limits, missing sample data, long links."""

ZH = {
    # ui.explainer.k_slider, ui.lecture.require_ranking
    "K (cut-off) = 1: there is only one rank to cut at.": "截断位置 K = 1：只有一个名次可以截断。",
    "The board has no items: pick an example in the builder's toolbar, or add items with its grade editor "
    "(the pencil icon).": "排序中没有条目：请在构建器的工具栏中选择一个示例，或用它的等级编辑器（铅笔图标）添加条目。",
    "Rank at least one item: drag one from the pool into the ranking (or use the builder's keyboard controls).":
        "请至少排入一个条目：从候选池中把一个条目拖进排序（或使用构建器的键盘控制）。",
}
