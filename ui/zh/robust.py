"""简体中文 of the messages that keep the app standing on hostile input (issue 12): an empty board,
refused grades and scores, uploads that cannot be read, limits, missing sample data, long links."""

ZH = {
    # ui.teaching.explainer.k_slider, ui.teaching.lecture.require_ranking
    "K (cut-off) = 1: there is only one rank to cut at.": "截断位置 K = 1：只有一个名次可以截断。",
    "The board has no items: pick an example in the builder's toolbar, or add items with its grade editor "
    "(the pencil icon).": "排序中没有条目：请在构建器的工具栏中选择一个示例，或用它的等级编辑器（铅笔图标）添加条目。",
    "Rank at least one item: drag one from the pool into the ranking (or use the builder's keyboard controls).":
        "请至少排入一个条目：从候选池中把一个条目拖进排序（或使用构建器的键盘控制）。",
    # ui.ranking.builder: the grade editor's checks
    "the grade {value} is not a number": "等级 {value} 不是数字",
    "the grade {value} is not a finite number": "等级 {value} 不是有限的数",
    "the grade {value} is too large (at most {limit} in size)": "等级 {value} 太大（绝对值最多为 {limit}）",
    "an item name is too long ({size:,} characters; at most {limit})": "条目名称太长（{size:,} 个字符；最多 {limit} 个）",
    "{count:,} items: a board holds at most {limit}; the command line ({command}) is for larger jobs":
        "{count:,} 个条目：一个排序最多容纳 {limit} 个；更大的任务请用命令行（{command}）",
    # ui.topics.scores: the score editors' checks (ROC and library conventions pages)
    "the score of {item} is not a number: {value}": "{item} 的得分不是数字：{value}",
    "the score of {item} is not a finite number: {value}": "{item} 的得分不是有限的数：{value}",
    "the score of {item} is too large: {value} (at most {limit:g} in size)":
        "{item} 的得分太大：{value}（绝对值最多为 {limit:g}）",
    "Not applied: {error}. The board is unchanged.": "未应用：{error}。排序没有改变。",
    # ui.data.dataset and the upload / two systems pages: reading, limits, lost and removed files
    "Reading {names}…": "正在读取 {names}…",
    "could not read {name}: {kind}": "无法读取 {name}：{kind}",
    "Loaded {source}: {queries} query(ies), {judgements} judgement(s), {retrieved} retrieved item(s). "
    "On the board: query {query}.": "已载入 {source}：{queries} 个查询，{judgements} 条相关性判断，{retrieved} 个检索到的条目。"
                                    "排序中现在是查询 {query}。",
    "Only the first {limit} of its {count:,} items are on the board (the board's limit); the per-query table "
    "counts them all.": "它的 {count:,} 个条目中只有前 {limit} 个放进了排序（排序的上限）；逐查询表格计入全部条目。",
    "This query has more items than a board holds: the top of the ranking is on the board (then judged items not "
    "retrieved), the rest left out; the per-query table counts them all.":
        "这个查询的条目多于排序能容纳的数量：排序中放的是排名靠前的条目（然后是已判断但未检索到的条目），其余的略去；"
        "逐查询表格计入全部条目。",
    "the pasted list has {count:,} lines: a board holds at most {limit} items; the command line ({command}) is "
    "for larger jobs": "粘贴的列表有 {count:,} 行：一个排序最多容纳 {limit} 个条目；更大的任务请用命令行（{command}）",
    "the pasted list has {count:,} items: a board holds at most {limit}; the command line ({command}) is for "
    "larger jobs": "粘贴的列表有 {count:,} 个条目：一个排序最多容纳 {limit} 个；更大的任务请用命令行（{command}）",
    "the grade of {item} (query {query}) is {value}: grades must be finite numbers of at most {limit} in size":
        "{item}（查询 {query}）的等级是 {value}：等级必须是绝对值不超过 {limit} 的有限数",
    "the score of {item} (query {query}) is {value}: scores must be finite numbers":
        "{item}（查询 {query}）的得分是 {value}：得分必须是有限数",
    "an integer of about {digits:,} digits": "一个约 {digits:,} 位的整数",
    "a document id": "一个文档编号",
    "a query id": "一个查询编号",
    "{what} of query {query} is {size:,} characters long: ids are limited to {limit} characters":
        "查询 {query} 中{what}长 {size:,} 个字符：编号最多 {limit} 个字符",
    "The upload box still shows {count} file(s), but the server no longer has them (it was restarted, or this "
    "session expired): the data loaded from them is gone. Remove them from the box and upload them again.":
        "上传框里仍显示 {count} 个文件，但服务器上已经没有它们了（服务器重启过，或本次会话已过期）："
        "从中载入的数据已经丢失。请把它们从上传框中移除，再重新上传。",
    "{removed} is no longer in the upload box. The data loaded with it ({source}) stays on the board and in the "
    "table; upload a file to replace it, or all files again to start over.":
        "{removed} 已不在上传框中。和它一起载入的数据（{source}）仍保留在排序和表格中；"
        "上传一个文件来替换它，或重新上传全部文件从头开始。",
    "The sample file {name} is missing from this installation ({kind}).": "本次安装缺少示例文件 {name}（{kind}）。",
    "Loaded: A = {a}, B = {b}, judged by {qrels}.": "已载入：A = {a}，B = {b}，相关性判断来自 {qrels}。",
    # ui.topics.articles: the start-up check of the articles' examples
    "The articles' worked examples cannot be shown: the file sample_data/article_examples.json is missing or "
    "unreadable ({problem}). Reinstall the app or restore the file, then restart it; the other pages keep working.":
        "无法显示文章的计算示例：文件 sample_data/article_examples.json 缺失或无法读取（{problem}）。"
        "请重新安装应用或恢复该文件，然后重启；其他页面照常可用。",
    # ui.data.share: a board too large for a link
    "Share it as a file instead: the handout page gives the board as Markdown, LaTeX and CSV.":
        "可以改用文件分享：讲义页面提供这个排序的 Markdown、LaTeX 和 CSV 版本。",
    "The upload of {names} ({size}) did not finish: the page was left or reloaded while it was on its way, so "
    "nothing of it was loaded. Upload it again and wait for it to finish.":
        "{names}（{size}）没有上传完：上传途中离开或刷新了页面，所以什么也没有载入。请重新上传，并等它传完。",
    # follow (session 8)
    "You follow the teacher: the board and the step change with theirs.": "你正在跟随老师：看板和步骤随老师的操作而变化。",
}
