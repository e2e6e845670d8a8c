"""A printable lesson plan: the lesson in Markdown, scene by scene, with the exact answer to every question.

:func:`lesson_plan` writes the title, the minutes and the summary, then for each scene its timing (the lesson's
minutes split across its scenes), what to show (the view, the board as a table of rank, item and grade, K, the
conventions, the step), what to point at, what to say, the question and its exact answer (a choice's options with
their values, and a literal option's why), the mistake students make, the hint and the teacher's notes; at the end
the app's pages to read on. Every number in it is either the lesson's own input (a grade, a score, K) or computed by
:mod:`.compute`; none is typed here.

>>> from metrics.teaching.lessons import builtin_lesson
>>> print(lesson_plan(builtin_lesson("hits-to-positions")).splitlines()[0])
# From hits to positions: P@K → RR → AP
"""

from __future__ import annotations

import math
from itertools import pairwise

from ...errors import MetricsInputError
from ...explanation import num
from . import compute
from .model import DEFAULTS, MANY_VIEWS, SINGLE_VIEWS, Lesson, Scene, SceneBoard

#: the answer's decimals in a plan
DECIMALS = 4

#: the plan's own words, in each language a built-in lesson is written in
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "colon": ": ", "queries_averaged": "Queries averaged", "per_query": "Each query's AP",
        "minutes": "{minutes} minutes", "scenes": "{n} scenes", "lesson": "lesson `{id}`",
        "scene": "Scene {i} of {n}: {title}", "timing": "Timing", "span": "minute {start} to {end} ({length} min)",
        "show": "What to show", "view": "View", "board": "Board", "boards": "Queries", "k": "K",
        "conventions": "Conventions", "step": "Step", "step_of": "step {step} of {total}",
        "all_steps": "every step ({total})", "point": "Point at", "point_at": "column `{column}`, rank {rank}",
        "say": "What to say", "question": "Question", "answer": "Exact answer", "mistake": "The mistake students make",
        "hint": "Hint", "notes": "Teacher's notes", "read_on": "Read on", "rank": "rank", "item": "item",
        "grade": "grade", "score": "score", "query": "query", "grades": "grades in ranked order", "r": "R",
        "system": "system {name}", "not_in_run": "not in the run", "unjudged": "unjudged",
        "not_returned": "Judged, not returned: {items}.", "none": "none",
        "judged_item": "{item} (grade {grade})",
        "kind_value": "a number, to {decimals} decimals", "kind_rank": "a rank", "kind_choice": "one of the options",
        "option": "option", "value": "value", "right": "right", "why": "if picked", "rank_answer": "rank {rank}",
        "as_library": "as {library} reports it", "measure": "measure `{measure}`",
        "tests": "{tests} tests at α = {alpha}", "no_question": "This scene asks nothing.",
        "defaults": "trec_eval's defaults", "average_run": "mean over the run's queries (trec_eval)",
        "average_all": "mean over every judged query (trec_eval -c)",
        "uncut": "over its whole ranking (trec_eval's map)", "cut": "cut at K (trec_eval's map_cut)",
    },
    "zh": {
        "colon": "：", "queries_averaged": "取平均的查询", "per_query": "每个查询的 AP",
        "minutes": "{minutes} 分钟", "scenes": "{n} 幕", "lesson": "课程 `{id}`",
        "scene": "第 {i} 幕（共 {n} 幕）：{title}", "timing": "时间", "span": "第 {start} 到第 {end} 分钟（{length} 分钟）",
        "show": "展示什么", "view": "视图", "board": "排序", "boards": "查询", "k": "K",
        "conventions": "约定", "step": "步骤", "step_of": "第 {step} 步（共 {total} 步）",
        "all_steps": "全部步骤（{total} 步）", "point": "指向", "point_at": "`{column}` 列，第 {rank} 位",
        "say": "讲解", "question": "问题", "answer": "准确答案", "mistake": "学生常犯的错误",
        "hint": "提示", "notes": "教师备注", "read_on": "延伸阅读", "rank": "排名", "item": "条目",
        "grade": "相关性等级", "score": "分数", "query": "查询", "grades": "按排序的相关性等级", "r": "R",
        "system": "系统 {name}", "not_in_run": "不在运行结果中", "unjudged": "未评判",
        "not_returned": "已评判但未返回：{items}。", "none": "无",
        "judged_item": "{item}（相关性等级 {grade}）",
        "kind_value": "一个数，保留 {decimals} 位小数", "kind_rank": "一个排名", "kind_choice": "选项之一",
        "option": "选项", "value": "数值", "right": "正确", "why": "选了它时", "rank_answer": "第 {rank} 位",
        "as_library": "按 {library} 的报告", "measure": "指标 `{measure}`",
        "tests": "{tests} 次检验，α = {alpha}", "no_question": "这一幕没有提问。",
        "defaults": "trec_eval 的默认约定", "average_run": "对运行结果中的查询取平均（trec_eval）",
        "average_all": "对全部已评判查询取平均（trec_eval -c）",
        "uncut": "取整个排序（trec_eval 的 map）", "cut": "在 K 处截断（trec_eval 的 map_cut）",
    },
}

#: what each view shows
VIEW_NAMES: dict[str, dict[str, str]] = {
    "en": {"ndcg": "the nDCG page's step table", "ap": "the AP page's step table",
           "rr": "the RR page's step table", "cutoff": "the P / R / F1 / Hit @K page's step table",
           "map": "MAP over the queries, query by query", "mrr": "MRR over the queries, query by query",
           "paired": "two systems query by query: each query's AP, the difference d = B − A and its running mean"},
    "zh": {"ndcg": "nDCG 页的步骤表", "ap": "AP 页的步骤表", "rr": "RR 页的步骤表",
           "cutoff": "P / R / F1 / Hit @K 页的步骤表", "map": "逐个查询计算平均精度均值（MAP）",
           "mrr": "逐个查询计算平均倒数排名（MRR）",
           "paired": "逐个查询比较两个系统：每个查询的 AP、差值 d = B − A 及其累计平均"},
}

#: the conventions in words (a setting's value -> its words)
CONVENTION_WORDS: dict[str, dict[tuple[str, object], str]] = {
    "en": {("gain", "linear"): "linear gain (the grade)", ("gain", "exponential"): "exponential gain (2^grade − 1)",
           ("ideal", "judged"): "ideal ordering from every judged item",
           ("ideal", "list"): "ideal ordering from the ranked list only",
           ("ap_denominator", "relevant"): "AP divided by R", ("ap_denominator", "found"): "AP divided by the hits found",
           ("ap_denominator", "min_k_relevant"): "AP divided by min(K, R)",
           ("rr_cut", False): "RR without a cut-off", ("rr_cut", True): "RR cut at K",
           ("threshold", None): "relevant when grade ≥ {value}"},
    "zh": {("gain", "linear"): "线性增益（等级本身）", ("gain", "exponential"): "指数增益（2^等级 − 1）",
           ("ideal", "judged"): "理想排序取自全部已评判条目", ("ideal", "list"): "理想排序只取自返回的列表",
           ("ap_denominator", "relevant"): "AP 除以 R", ("ap_denominator", "found"): "AP 除以找到的命中数",
           ("ap_denominator", "min_k_relevant"): "AP 除以 min(K, R)",
           ("rr_cut", False): "RR 不截断", ("rr_cut", True): "RR 在 K 处截断",
           ("threshold", None): "相关性等级 ≥ {value} 即为相关"},
}

#: the app's pages a lesson reads on to, by their titles in the app (ui.shell.routes; Chinese: ui/locale/zh)
PAGE_TITLES: dict[str, dict[str, str]] = {
    "en": {"home": "Home", "upload": "Upload & many queries", "ndcg": "nDCG", "ap": "AP / MAP", "rr": "RR / MRR",
           "cutoff": "P / R / F1 / Hit @K", "roc": "ROC / AUC", "beyond": "Beyond accuracy",
           "more_measures": "More measures", "reader": "The reader behind the metric",
           "diversity": "Diversity: subtopics", "compare": "Two rankings", "conventions": "Library conventions",
           "systems": "Two systems", "many_systems": "Many systems", "multiple_comparisons": "Multiple comparisons",
           "quiz": "Quiz", "articles": "The articles' examples", "handout": "Handout & presenter view",
           "live": "Live class"},
    "zh": {"home": "首页", "upload": "上传与多查询", "ndcg": "nDCG", "ap": "AP / MAP", "rr": "RR / MRR",
           "cutoff": "P / R / F1 / Hit @K", "roc": "ROC / AUC", "beyond": "准确率之外", "more_measures": "更多指标",
           "reader": "指标背后的读者", "diversity": "多样性：子主题",
           "compare": "两个排序", "conventions": "各库的约定", "systems": "两个系统",
           "many_systems": "多个系统",
           "multiple_comparisons": "多重比较", "quiz": "练习", "articles": "文章中的例子",
           "handout": "讲义与演示模式", "live": "课堂同步"},
}


def timing(minutes: int, scenes: int) -> list[tuple[int, int]]:
    """The lesson's ``minutes`` split across ``scenes``: each scene's (start, end) minute, as even as whole minutes
    allow (the boundaries are i · minutes / scenes, rounded half up), together exactly ``minutes``.

    >>> timing(25, 8)
    [(0, 3), (3, 6), (6, 9), (9, 13), (13, 16), (16, 19), (19, 22), (22, 25)]
    """
    bounds = [math.floor(i * minutes / scenes + 0.5) for i in range(scenes + 1)]
    return list(pairwise(bounds))


def _cell(text) -> str:
    """A Markdown table cell: pipes escaped, on one line."""
    return str(text).replace("|", r"\|").replace("\n", " ")


def _table(header: list[str], rows: list[list]) -> list[str]:
    lines = ["| " + " | ".join(_cell(h) for h in header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    return lines + ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]


def _grade(grade, w: dict) -> str:
    return w["unjudged"] if grade is None else num(grade)


def _board_lines(board: SceneBoard, w: dict) -> list[str]:
    """One ranking: rank, item, grade (and score), then the judged items it does not return."""
    header = [w["rank"], w["item"], w["grade"]] + ([w["score"]] if board.scores else [])
    rows = [[rank, item, _grade(board.grades[item], w)] + ([num(board.scores[item], 10)] if board.scores else [])
            for rank, item in enumerate(board.ranking, start=1)]
    lines = _table(header, rows)
    missing = [w["judged_item"].format(item=item, grade=_grade(grade, w)) for item, grade in board.grades.items()
               if item not in board.ranking]
    if missing:
        lines += ["", w["not_returned"].format(items=", ".join(missing))]
    return lines


def _ranked_grades(board: SceneBoard, w: dict) -> str:
    return " ".join(num(g) for g in board.rels()) if board.ranking else w["not_in_run"]


def _queries_lines(lesson: Lesson, scene: Scene, w: dict) -> list[str]:
    """Several queries (MAP, MRR) or two systems' (paired): query, grades in ranked order, R."""
    names = list(scene.systems) if scene.systems else [scene.queries]
    frames = [compute.queries_of(lesson, name, scene) for name in names]
    if len(frames) == 2:
        header = [w["query"]] + [w["system"].format(name=f"{label} ({name})") for label, name in zip("AB", names)]
    else:
        header = [w["query"], w["grades"]]
    header.append(w["r"])
    rows = [[query] + [_ranked_grades(boards[query], w) for boards in frames] + [frames[0][query].n_relevant]
            for query in frames[0]]
    return _table(header, rows)


#: the conventions each view computes with (a setting another view reads is shown only when it is not the default)
VIEW_SETTINGS = {"ndcg": ("gain", "ideal"), "ap": ("ap_denominator", "threshold"), "rr": ("rr_cut", "threshold"),
                 "cutoff": ("threshold",), "map": ("ap_denominator", "threshold"), "mrr": ("threshold",),
                 "paired": ("ap_denominator", "threshold")}


def _conventions(board: SceneBoard, view: str, language: str) -> str:
    """The board's conventions in words: those the view computes with, and any other that is not the default."""
    words = CONVENTION_WORDS[language]
    parts = []
    for name in ("gain", "ideal", "ap_denominator", "rr_cut", "threshold"):
        if name not in VIEW_SETTINGS[view] and board.setting(name) == DEFAULTS[name]:
            continue
        if name == "threshold":
            parts.append(words[("threshold", None)].format(value=num(board.threshold)))
        else:
            parts.append(words[(name, board.setting(name))])
    text = ("; " if language == "en" else "；").join(parts)
    if compute.uses_defaults(board):
        text += _paren(WORDS[language]["defaults"], language)
    return text


def _paren(text: str, language: str) -> str:
    """`` (text)`` in English, ``（text）`` in Chinese."""
    return f" ({text})" if language == "en" else f"（{text}）"


def _first_board(lesson: Lesson, scene: Scene) -> SceneBoard:
    if scene.board is not None:
        return compute.board_of(lesson, scene)
    name = scene.queries or scene.systems[0]
    return next(iter(compute.queries_of(lesson, name, scene).values()))


def _show_lines(lesson: Lesson, scene: Scene, language: str) -> list[str]:
    w = WORDS[language]
    board = _first_board(lesson, scene)
    total = compute.steps(lesson, scene)
    step = w["all_steps"].format(total=total) if scene.step is None else \
        w["step_of"].format(step=min(scene.step, total), total=total)
    c = w["colon"]
    lines = [f"- **{w['view']}**{c}{VIEW_NAMES[language][scene.view]}{_paren(f'`{scene.view}`', language)}"]
    if scene.view in SINGLE_VIEWS or scene.k is not None:
        lines.append(f"- **{w['k']}**{c}{board.k}")
    lines.append(f"- **{w['conventions']}**{c}{_conventions(board, scene.view, language)}")
    if scene.view in MANY_VIEWS:
        lines.append(f"- **{w['queries_averaged']}**{c}{w['average_all' if scene.average == 'all' else 'average_run']}")
    if scene.systems:
        lines.append(f"- **{w['per_query']}**{c}{w['cut' if scene.k is not None else 'uncut']}")
    lines.append(f"- **{w['step']}**{c}{step}")
    lines += ["", f"**{w['board'] if scene.board is not None else w['boards']}**", ""]
    lines += _board_lines(board, w) if scene.board is not None else _queries_lines(lesson, scene, w)
    return lines


def _exact(value) -> str:
    """An answer as the plan prints it: a rank or an option as it is, a number to :data:`DECIMALS` decimals."""
    if isinstance(value, str):
        return value
    if isinstance(value, int):
        return str(value)
    return f"{float(value):.{DECIMALS}f}"


def _question_lines(lesson: Lesson, scene: Scene, language: str) -> list[str]:
    w = WORDS[language]
    c = w["colon"]
    q = scene.question
    if q is None:
        return [w["no_question"]]
    kind = {"value": w["kind_value"].format(decimals=q.decimals), "rank": w["kind_rank"],
            "choice": w["kind_choice"]}[q.kind]
    about = []
    if q.measure:
        about.append(w["measure"].format(measure=q.measure))
    if q.library:
        about.append(w["as_library"].format(library=q.library))
    if q.tests is not None and q.alpha is not None:
        about.append(w["tests"].format(tests=q.tests, alpha=num(q.alpha)))
    detail = ("; " if language == "en" else "；").join([kind] + about)
    lines = [f"> {q.prompt.in_language(language)}", "", _paren(detail, language).strip(), ""]
    exact = compute.answer(lesson, scene)
    if q.kind == "value":
        lines.append(f"**{w['answer']}**{c}{_exact(exact)}")
    elif q.kind == "rank":
        lines.append(f"**{w['answer']}**{c}{w['rank_answer'].format(rank=exact)}")
    else:
        right = next(option for option in q.options if option.id == exact)
        lines.append(f"**{w['answer']}**{c}{right.label.in_language(language)}{_paren(f'`{right.id}`', language)}")
        values = compute.option_values(lesson, scene)
        why = any(option.why for option in q.options)  # a literal option's why: what a learner who picks it is told
        rows = []
        for option in q.options:
            row = [f"{option.label.in_language(language)}{_paren(f'`{option.id}`', language)}"]
            if values:
                row.append(_exact(values[option.id]))
            row.append("✔" if option.id == exact else "")
            if why:
                row.append(option.why.in_language(language) if option.why else "")
            rows.append(row)
        header = [w["option"]] + ([w["value"]] if values else []) + [w["right"]] + ([w["why"]] if why else [])
        lines += [""] + _table(header, rows)
    return lines


def _text_section(title: str, text: str) -> list[str]:
    return [f"**{title}**", "", text, ""] if text.strip() else []


def scene_plan(lesson: Lesson, scene: Scene, language: str = "en", span: tuple[int, int] | None = None) -> str:
    """One scene of the plan (Markdown)."""
    w = WORDS[language]
    i, n = lesson.index(scene.id) + 1, len(lesson.scenes)
    start, end = span or timing(lesson.minutes, n)[i - 1]
    lines = [f"## {w['scene'].format(i=i, n=n, title=scene.title.in_language(language))}", "",
             f"*{w['timing']}*{w['colon']}{w['span'].format(start=start, end=end, length=end - start)} · `{scene.id}`", "",
             f"### {w['show']}", ""]
    lines += _show_lines(lesson, scene, language)
    lines.append("")
    if scene.point:
        point = w["point_at"].format(column=scene.point.get("column", "?"), rank=scene.point.get("rank", "?"))
        lines += [f"**{w['point']}**{w['colon']}{point}", ""]
    lines += _text_section(w["say"], scene.say.in_language(language))
    lines += [f"### {w['question']}", ""] + _question_lines(lesson, scene, language) + [""]
    lines += _text_section(w["mistake"], scene.mistake.in_language(language))
    lines += _text_section(w["hint"], scene.hint.in_language(language))
    lines += _text_section(w["notes"], scene.notes.in_language(language))
    return "\n".join(lines).rstrip() + "\n"


def lesson_plan(lesson: Lesson, language: str = "en") -> str:
    """The lesson as a printable plan in Markdown (see the module's docstring), in ``language`` (one of the
    lesson's); every answer computed by :func:`.compute.answer`."""
    if language not in lesson.languages:
        raise MetricsInputError(f"lesson {lesson.id!r} is written in {', '.join(lesson.languages)}, not {language!r}")
    if language not in WORDS:
        raise MetricsInputError(f"a lesson plan is printed in {', '.join(WORDS)}, not {language!r}")
    w = WORDS[language]
    spans = timing(lesson.minutes, len(lesson.scenes))
    head = " · ".join([w["minutes"].format(minutes=lesson.minutes), w["scenes"].format(n=len(lesson.scenes)),
                       w["lesson"].format(id=lesson.id)])
    parts = [f"# {lesson.title.in_language(language)}\n\n{head}\n\n{lesson.summary.in_language(language)}\n"]
    parts += [scene_plan(lesson, scene, language, span) for scene, span in zip(lesson.scenes, spans)]
    read_on = [f"- {PAGE_TITLES[language].get(page, page)}{_paren(f'`{page}`', language)}" for page in lesson.read_on]
    parts.append(f"## {w['read_on']}\n\n" + ("\n".join(read_on) if read_on else w["none"]) + "\n")
    return "\n".join(parts)


__all__ = ["DECIMALS", "lesson_plan", "scene_plan", "timing"]
