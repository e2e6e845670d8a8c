"""The readers' problems (``metrics.errors.input_error`` templates of metrics/readers/trec.py, tables.py,
fields.py, sources.py, io.py and _validate.py) and the words that fill them; translated by
``ui.session.state.message``. tests/ui/i18n/test_i18n_errors.py lists every template and checks it is here."""

ZH = {
    # TREC files (metrics/readers/trec.py)
    "looks like CSV ({cells} comma-separated cells); expected {label} lines '{spec}' ({want} fields separated by "
    "spaces or tabs); use read_csv for CSV":
        "看起来是 CSV（{cells} 个逗号分隔的单元格）；这里需要 {label} 格式的行 `{spec}`（{want} 个以空格或制表符分隔的字段）；"
        "CSV 请用 read_csv 读取",
    "looks like a CSV header ({header}); expected {label} lines '{spec}' ({want} fields separated by spaces or "
    "tabs); use read_csv for CSV":
        "看起来是 CSV 表头（{header}）；这里需要 {label} 格式的行 `{spec}`（{want} 个以空格或制表符分隔的字段）；"
        "CSV 请用 read_csv 读取",
    "expected {want} fields ({spec}), got {got}": "应有 {want} 个字段（`{spec}`），实际有 {got} 个",
    "expected {want} fields ({spec}), got {got}; this looks like a TREC run, not qrels":
        "应有 {want} 个字段（`{spec}`），实际有 {got} 个；这看起来是 TREC run，不是 qrels",
    "expected {want} fields ({spec}), got {got}; this looks like TREC qrels, not a run":
        "应有 {want} 个字段（`{spec}`），实际有 {got} 个；这看起来是 TREC qrels，不是 run",
    "rank must be an integer, got {value}": "名次必须是整数，实际是 {value}",
    "empty file: no {label} lines ('{spec}')": "空文件：没有 {label} 格式的行（`{spec}`）",
    "document {item} listed twice for query {query} (lines {earlier} and {lineno})":
        "查询 {query} 的文档 {item} 出现了两次（第 {earlier} 行和第 {lineno} 行）",
    "judgement for document {item} listed twice for query {query} (lines {earlier} and {lineno})":
        "查询 {query} 中文档 {item} 的标注出现了两次（第 {earlier} 行和第 {lineno} 行）",
    # CSV, JSON and pasted text (metrics/readers/tables.py)
    "empty file: expected a CSV header row and data rows": "空文件：需要一行 CSV 表头和若干数据行",
    "two columns mean {canon}: {first} and {second}": "有两列都表示 {canon}：{first} 和 {second}",
    "missing column 'item' (or one of {aliases}); found columns: {found}":
        "缺少 'item' 列（或 {aliases} 之一）；找到的列：{found}",
    "missing column: need at least one of score, rank or relevance (or an alias such as rel, grade, sim, "
    "position); found columns: {found}":
        "缺少列：score、rank、relevance 至少要有一列（或 rel、grade、sim、position 等别名）；找到的列：{found}",
    "no query column, and {unknown} is not a known column (it may be the query id under another name): name the "
    "query column one of {aliases}, or drop the unknown columns to read all rows as one query; found columns: {found}":
        "没有查询列，而 {unknown} 不是已知的列（它可能是换了名字的查询 ID）：请把查询列命名为 {aliases} 之一，"
        "或删掉未知的列，把所有行当作一个查询读取；找到的列：{found}",
    "expected {want} cells ({header}), got {got}": "应有 {want} 个单元格（{header}），实际有 {got} 个",
    "no data rows after the header": "表头之后没有数据行",
    "empty item cell": "条目单元格为空",
    "empty query cell": "查询单元格为空",
    "item {item} listed twice for query {query} (lines {earlier} and {lineno})":
        "查询 {query} 的条目 {item} 出现了两次（第 {earlier} 行和第 {lineno} 行）",
    "empty file: expected JSON": "空文件：需要 JSON",
    "malformed JSON: {reason} (column {column})": "JSON 格式错误：{reason}（第 {column} 列）",
    "key {key} appears twice in one object": "键 {key} 在同一个对象中出现了两次",
    "expected {{query: [items in ranked order]}} (a run) or {{query: {{item: grade}}}} (qrels), not a mix":
        "需要 {{query: [按排序的条目]}}（run）或 {{query: {{item: grade}}}}（qrels），不能混用",
    "expected {{query: [items]}}, {{query: {{item: grade}}}}, {{\"run\": ..., \"qrels\": ...}} or a list of items":
        "需要 {{query: [items]}}、{{query: {{item: grade}}}}、{{\"run\": ..., \"qrels\": ...}} 或一个条目列表",
    "\"run\" must map queries to lists of items": "\"run\" 必须把每个查询映射到一个条目列表",
    "items must be strings, got {item} in query {query}": "条目必须是字符串，查询 {query} 中却是 {item}",
    "item {item} listed twice for query {query}": "查询 {query} 的条目 {item} 出现了两次",
    "query {query}: expected a list of items or {{item: score}}": "查询 {query}：需要条目列表或 {{item: score}}",
    "\"qrels\" must map queries to {{item: grade}}": "\"qrels\" 必须把每个查询映射到 {{item: grade}}",
    "query {query}: expected {{item: grade}}": "查询 {query}：需要 {{item: grade}}",
    "{what} of item {item} in query {query} must be a number, got {value}":
        "查询 {query} 中条目 {item} 的{what}必须是数字，实际是 {value}",
    "{what} of item {item} in query {query} is not finite": "查询 {query} 中条目 {item} 的{what}不是有限数",
    "nothing to read: type one item per line ('item grade') or a line of grades":
        "没有可读取的内容：每行输入一个条目（'条目 等级'），或者输入一行相关性等级",
    "expected 'item grade', got {got} fields": "应为 '条目 等级'，实际有 {got} 个字段",
    "item {item} listed twice (lines {earlier} and {lineno})": "条目 {item} 出现了两次（第 {earlier} 行和第 {lineno} 行）",
    # numbers (metrics/readers/fields.py); {what} is one of the words below
    "{what} {text} is too large": "{what} {text} 太大",
    "{what} is NaN ({text}); expected a finite number": "{what}是 NaN（{text}）；需要有限数",
    "{what} is infinite ({text}); expected a finite number": "{what}是无穷大（{text}）；需要有限数",
    "{what} must be a number, got {text}": "{what}必须是数字，实际是 {text}",
    # files (metrics/readers/sources.py, metrics/readers/io.py)
    "file is too large: {size} ({size_bytes} bytes), over the limit of {limit} ({limit_bytes} bytes) "
    "(MAX_BYTES; pass max_bytes= to change it)":
        "文件太大：{size}（{size_bytes} 字节），超过了上限 {limit}（{limit_bytes} 字节）（MAX_BYTES；可用 max_bytes= 修改）",
    "file is too large: {size} ({size_bytes} bytes), over the limit of {limit_bytes} bytes "
    "(MAX_BYTES; pass max_bytes= to change it)":
        "文件太大：{size}（{size_bytes} 字节），超过了上限 {limit_bytes} 字节（MAX_BYTES；可用 max_bytes= 修改）",
    "file is too large: {size_bytes} bytes, over the limit of {limit_bytes} bytes "
    "(MAX_BYTES; pass max_bytes= to change it)":
        "文件太大：{size_bytes} 字节，超过了上限 {limit_bytes} 字节（MAX_BYTES；可用 max_bytes= 修改）",
    "invalid UTF-8 (byte 0x{byte} at column {column}); save the file as UTF-8":
        "不是有效的 UTF-8（第 {column} 列的字节 0x{byte}）；请把文件另存为 UTF-8",
    "cannot read file: {reason}": "无法读取文件：{reason}",
    "gzip file inflates to more than {limit_bytes} bytes (the limit on the decompressed size; MAX_BYTES, pass "
    "max_bytes= to change it); it is {size_bytes} bytes compressed":
        "gzip 文件解压后超过 {limit_bytes} 字节（解压后大小的上限；MAX_BYTES，可用 max_bytes= 修改）；压缩后为 {size_bytes} 字节",
    "truncated gzip file: it ends before its last member does": "gzip 文件不完整：在最后一个成员结束之前就结束了",
    "unexpected data after the end of the gzip file ({count} bytes)": "gzip 文件结束之后还有多余的数据（{count} 字节）",
    "not a valid gzip file: {reason}": "不是有效的 gzip 文件：{reason}",
    "empty file": "空文件",
    "cannot tell the format: the first line has {got} fields (TREC qrels have 4, TREC runs 6; CSV needs a header "
    "row; JSON starts with {{ or [)":
        "无法判断格式：第一行有 {got} 个字段（TREC qrels 有 4 个，TREC run 有 6 个；CSV 需要表头行；JSON 以 {{ 或 [ 开头）",
    # arguments (metrics/_validate.py); {name} is the argument's name in the code
    "{name} must be a sequence of numbers, got {value}": "{name} 必须是数字序列，实际是 {value}",
    "{name} at {place} {position} must be a number, got {value}": "{name} 第 {position} 个{place}上的值必须是数字，实际是 {value}",
    "{name} must be one-dimensional, got shape {shape}": "{name} 必须是一维的，实际形状是 {shape}",
    "{name} at {place} {position} must be a finite number, got {value}":
        "{name} 第 {position} 个{place}上的值必须是有限数，实际是 {value}",
    "position": "位置",
    "{name}={value} is smaller than the {found} relevant items already in the ranking":
        "{name}={value} 小于排序中已有的相关条目数 {found}",
    "{name} is required (a positive integer)": "必须给出 {name}（正整数）",
    "{name} must be a positive integer or None, got {value}": "{name} 必须是正整数或 None，实际是 {value}",
    "{name} must be a non-negative integer, got {value}": "{name} 必须是非负整数，实际是 {value}",
    "{name} must be one of {choices}, got {value}": "{name} 必须是 {choices} 之一，实际是 {value}",
    "{name} has {labels} labels for {n} grades": "{name} 有 {labels} 个标签，却有 {n} 个相关性等级",
    # the words of the templates: what a number is ({what}) and Python's JSON problems ({reason})
    "relevance": "相关性",
    "Expecting value": "此处缺少值",
    "Expecting ':' delimiter": "缺少分隔符 ':'",
    "Expecting ',' delimiter": "缺少分隔符 ','",
    "Expecting property name enclosed in double quotes": "缺少用双引号括起的键名",
    "Extra data": "多余的数据",
    "Unterminated string starting at": "字符串没有结束",
    "Invalid \\uXXXX escape": "无效的 \\uXXXX 转义",
    # limits (metrics/limits.py): {what} and {hint} are the words below
    "{count:,} {what}, over the limit of {limit:,} ({field}); {hint}":
        "{what}为 {count:,}，超过了上限 {limit:,}（{field}）；{hint}",
    "lines": "行数",
    "bytes in one line": "单行的字节数",
    "queries in one input": "一份输入中的查询数",
    "rows for one query": "单个查询的行数",
    "bytes in one id": "单个 ID 的字节数",
    "levels of JSON nesting": "JSON 的嵌套层数",
    "characters in one number": "单个数字的字符数",
    "runs of one query's lines": "同一查询连续行的段数",
    "larger inputs belong on the command line: python -m metrics evaluate QRELS RUN":
        "更大的输入请用命令行：`python -m metrics evaluate QRELS RUN`",
    "pass limits=metrics.limits.Limits(...) with a larger value to go further":
        "如需更大的输入，请传入数值更大的 `limits=metrics.limits.Limits(...)`",
    "rank {value} is out of range (a 64-bit integer)": "名次 {value} 超出范围（需要 64 位整数）",
    "two byte order marks at the start; save the file as UTF-8 with at most one":
        "文件开头有两个字节顺序标记（BOM）；请另存为最多带一个 BOM 的 UTF-8 文件",
    "malformed CSV: {reason}": "CSV 格式错误：{reason}",
    "{name} must be at most {limit:,} (metrics.limits.MAX_K), got {value:,}":
        "{name} 最大为 {limit:,}（metrics.limits.MAX_K），实际是 {value:,}",
    # the one-ranking API (metrics/_validate.py, cumulative_gain.py, _binary.py, discount_kinds.py)
    "{name} must be a sequence of labels, got {value}": "{name} 必须是标签序列，实际是 {value}",
    "{name} at {place} {position} = {value} is too large for exponential gain: 2^{value} - 1 overflows a float (the "
    "largest is about 1.8e308), so grades must be below {limit}":
        "{name} 第 {position} 个{place}上的值 {value} 对指数增益来说太大：2^{value} - 1 超出了浮点数的范围（最大约为 1.8e308），所以等级必须小于 {limit}",
    "{name}: the gains add up to more than the largest float (about 1.8e308) by rank {rank}, so CG and DCG would be "
    "infinite; use smaller grades":
        "{name}：到第 {rank} 位时增益之和已超过最大的浮点数（约 1.8e308），CG 和 DCG 会是无穷大；请使用更小的等级",
    "nDCG@{rank} = DCG / IDCG is more than the largest float (about 1.8e308): the ideal grades are far below the "
    "ranking's; ideal should hold the grades of every judged item":
        "nDCG@{rank} = DCG / IDCG 超过了最大的浮点数（约 1.8e308）：理想排序的等级远小于该排序的等级；ideal 应包含所有已评判条目的等级",
    "relevance threshold must be a positive number, got {value}": "相关性阈值必须是正数，实际是 {value}",
    "{name}={value} is more than {limit} (2^53, the largest count a float holds exactly)":
        "{name}={value} 大于 {limit}（2^53，浮点数能精确表示的最大计数）",
    "DCG with divisor {divisor} is more than the largest float (about 1.8e308); use smaller grades":
        "除数为 {divisor} 时 DCG 超过了最大的浮点数（约 1.8e308）；请使用更小的等级",
    "nDCG with divisor {divisor} = DCG / IDCG is more than the largest float (about 1.8e308): ideal should hold the "
    "grades of every judged item":
        "除数为 {divisor} 时 nDCG = DCG / IDCG 超过了最大的浮点数（约 1.8e308）：ideal 应包含所有已评判条目的等级",
    # tables and records given to metrics.batch.evaluate (metrics/batch/inputs.py); {kind} is qrels or run
    "the dataset has no {kind}": "数据集中没有 {kind}",
    "expected {kind}, got {got} ({source})": "需要 {kind}，实际是 {got}（{source}）",
    "{kind}: {label} id {value} in {where} is a bool; give ids as text or integers":
        "{kind}：{where} 中的{label} ID {value} 是布尔值；请用文本或整数作为 ID",
    "{kind}: {label} id {value} in {where} is a float that is not a whole number; ids are matched as text, so give "
    "them as text (or as integers)":
        "{kind}：{where} 中的{label} ID {value} 是一个非整数的浮点数；ID 按文本匹配，请以文本（或整数）给出",
    "{kind}: query {query} must map items to numbers": "{kind}：查询 {query} 必须把条目映射到数字",
    "{kind}: every grade or score must be a number": "{kind}：每个相关性等级或分数都必须是数字",
    "run: every score must be a finite number": "run：每个分数都必须是有限数",
    "{kind}: expected namedtuples with fields such as query_id, doc_id and {value} (ir_measures' Qrel and ScoredDoc) "
    "or dicts, got {got}":
        "{kind}：需要带有 query_id、doc_id、{value} 等字段的 namedtuple（ir_measures 的 Qrel 和 ScoredDoc）或 dict，"
        "实际是 {got}",
    "{kind}: missing column 'item'; found columns: {found}": "{kind}：缺少 'item' 列；找到的列：{found}",
    "qrels: missing column 'rel'; found columns: {found}": "qrels：缺少 'rel' 列；找到的列：{found}",
    "run: missing column 'score' (or 'rank'); found columns: {found}":
        "run：缺少 'score' 列（或 'rank' 列）；找到的列：{found}",
    "run: score in row {row} is not a finite number ({value})": "run：第 {row} 行的分数不是有限数（{value}）",
    "{kind}: missing {label} in row {row}": "{kind}：第 {row} 行缺少{label}",
    "No queries with both results and relevance info (qrels: {qrels}; run: {run})":
        "没有查询同时出现在结果和相关性判断中（qrels：{qrels}；run：{run}）",
}
