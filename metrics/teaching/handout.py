"""Handouts: any worked example (an :class:`~metrics.explanation.Explanation`) as Markdown, as a
LaTeX document and as CSV tables, and its steps one rank at a time for a presenter.

Pure text in, text out: no Streamlit here. Item names are text typed by a person or read from a
file, so every one is escaped for the format it goes into (Markdown: backslashes and HTML
entities; LaTeX: the ten special characters; CSV: no spreadsheet formulas).

>>> from metrics import ndcg_steps
>>> e = ndcg_steps([3, 2, 3, 0, 1], k=3, items="ABCDE")
>>> md = markdown_handout(e, title="Five documents")
>>> md.splitlines()[0]
'# Five documents'
>>> "| 1 | A | 3 | 3.0000 | 1.0000 | 3.0000 | 3.0000 | 3.0000 | 3.0000 | 1.0000 |" in md
True
>>> tex = latex_handout(e)
>>> "\\\\begin{tabular}" in tex and "0.9778" in tex
True
>>> sorted(csv_tables(e))
['ideal', 'steps']
>>> presenter_steps(e)[2].sentence
'rank 3 · C: gain 3, discount log2(4) = 2, adds 1.5 → DCG 5.7619'
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass

import pandas as pd

from ..explanation import DIGITS, Explanation, num
from ..messages import N_, Message, message

__all__ = ["markdown_handout", "latex_handout", "csv_tables", "presenter_steps", "PresenterStep",
           "escape_markdown", "escape_latex", "format_cell", "markdown_table", "latex_table", "file_stem", "DIGITS",
           "LABELS"]

#: the measures a handout is written for (the Handout page's choice)
MEASURES = ("nDCG", "AP", "RR", "P@K")

#: the words of the handouts around the formula and the tables; a UI passes them in the reader's
#: language (``labels=``), keeping the ``{fields}``
LABELS = {
    "title": N_("{measure}: a worked example"),
    "formula": N_("Formula"),
    "numbers": N_("With the numbers"),
    "steps": N_("Step by step"),
    "ideal": N_("The ideal ordering"),
    "result": N_("Result"),
    "last_row": N_("(the last row of the column {column})."),
    "yes": "yes",  #: a true cell of the tables (relevant, first_hit)
    "no": "no",
}

_LATEX_ESCAPES = {
    "\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
    "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
    "<": r"\textless{}", ">": r"\textgreater{}",
}
_MARKDOWN_BACKSLASHED = set("\\`*_[]|$~#")
_MARKDOWN_ENTITIES = {"<": "&lt;", ">": "&gt;", "&": "&amp;"}
_SPREADSHEET_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def escape_markdown(text) -> str:
    """Text that Markdown (and a Markdown table cell) shows literally: never HTML, never math.

    Markdown syntax characters get a backslash; ``<``, ``>`` and ``&`` become HTML entities, so
    a name that looks like a tag is shown, not run. Line breaks become spaces.

    >>> escape_markdown("<img src=x onerror=alert(1)>")
    '&lt;img src=x onerror=alert(1)&gt;'
    >>> escape_markdown("50%_&_$x$ | y")
    '50%\\\\_&amp;\\\\_\\\\$x\\\\$ \\\\| y'
    """
    out = []
    for char in " ".join(str(text).splitlines()):
        if char in _MARKDOWN_ENTITIES:
            out.append(_MARKDOWN_ENTITIES[char])
        elif char in _MARKDOWN_BACKSLASHED:
            out.append("\\" + char)
        else:
            out.append(char)
    return "".join(out)


def escape_latex(text) -> str:
    r"""Text that LaTeX prints literally (text mode): ``& % $ # _ { } ~ ^ \`` and ``< >`` escaped.

    >>> print(escape_latex("50%_&_$x$"))
    50\%\_\&\_\$x\$
    >>> print(escape_latex(r"a\b{c}~^"))
    a\textbackslash{}b\{c\}\textasciitilde{}\textasciicircum{}
    """
    return "".join(_LATEX_ESCAPES.get(char, char) for char in " ".join(str(text).splitlines()))


def format_cell(column: str, value, digits: int = DIGITS, labels: Mapping[str, str] | None = None) -> str:
    """One table cell as the app shows it: grades as written, other fractions to ``digits`` decimals,
    true and false as the words ``yes`` and ``no`` of ``labels`` (see :data:`LABELS`).

    >>> [format_cell("rel", 3.0), format_cell("rel", 0.5), format_cell("nDCG", 0.97782)]
    ['3', '0.5', '0.9778']
    >>> [format_cell("rank", 2), format_cell("relevant", True), format_cell("IDCG", float("nan"))]
    ['2', 'yes', '–']
    """
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return _labels(labels)["yes" if value else "no"]
    if isinstance(value, int) or type(value).__name__.startswith("int"):
        return str(int(value))
    if isinstance(value, float) or type(value).__name__.startswith("float"):
        return f"{float(value):g}" if column == "rel" else f"{float(value):.{digits}f}"
    return str(value)


def _cells(table: pd.DataFrame, labels: Mapping[str, str] | None = None) -> list[list[str]]:
    return [[format_cell(column, value, labels=labels) for column, value in zip(table.columns, row)]
            for row in table.itertuples(index=False, name=None)]


def _numeric(table: pd.DataFrame, column: str) -> bool:
    return table[column].dtype.kind in "iuf"


def markdown_table(table: pd.DataFrame, columns: Mapping[str, str] | None = None,
                   labels: Mapping[str, str] | None = None) -> str:
    """A Markdown pipe table: numbers right-aligned, text escaped; ``columns`` renames the headers,
    ``labels`` gives the words of true and false cells.

    >>> print(markdown_table(pd.DataFrame({"rank": [1], "item": ["a|b"], "AP": [0.5]})))
    | rank | item | AP |
    | ---: | :--- | ---: |
    | 1 | a\\|b | 0.5000 |
    """
    names = columns or {}
    header = "| " + " | ".join(escape_markdown(names.get(c, c)) for c in table.columns) + " |"
    rule = "| " + " | ".join("---:" if _numeric(table, c) else ":---" for c in table.columns) + " |"
    rows = ["| " + " | ".join(escape_markdown(cell) for cell in row) + " |" for row in _cells(table, labels)]
    return "\n".join([header, rule, *rows])


def latex_table(table: pd.DataFrame, columns: Mapping[str, str] | None = None,
                labels: Mapping[str, str] | None = None) -> str:
    r"""A booktabs ``tabular``: numbers right-aligned, text escaped; ``columns`` renames the headers,
    ``labels`` gives the words of true and false cells.

    >>> print(latex_table(pd.DataFrame({"item": ["50%"], "P": [0.25]})))
    \begin{tabular}{lr}
    \toprule
    item & P \\
    \midrule
    50\% & 0.2500 \\
    \bottomrule
    \end{tabular}
    """
    spec = "".join("r" if _numeric(table, c) else "l" for c in table.columns)
    lines = [rf"\begin{{tabular}}{{{spec}}}", r"\toprule",
             " & ".join(escape_latex((columns or {}).get(c, c)) for c in table.columns) + r" \\", r"\midrule"]
    lines += [" & ".join(escape_latex(cell) for cell in row) + r" \\" for row in _cells(table, labels)]
    lines += [r"\bottomrule", r"\end{tabular}"]
    return "\n".join(lines)


def file_stem(explanation: Explanation) -> str:
    """A file name (without extension) for the handout of this measure: letters, digits and dashes.

    >>> from metrics import ndcg_steps
    >>> file_stem(ndcg_steps([1, 0], k=2, gain="exponential"))
    'nDCG-gain-exp-ideal-list-2-handout'
    """
    return re.sub(r"[^A-Za-z0-9]+", "-", explanation.measure).strip("-") + "-handout"


def _worked_lines(explanation: Explanation) -> list[str]:
    return [line.strip() for line in explanation.worked.split(r" \\ ") if line.strip()]


def _labels(labels: Mapping[str, str] | None) -> dict[str, str]:
    return {**LABELS, **(labels or {})}


def _title(explanation: Explanation, title: str, labels: Mapping[str, str] | None = None) -> str:
    return title or _labels(labels)["title"].format(measure=explanation.measure)


def _tables(explanation: Explanation, labels: Mapping[str, str] | None = None) -> list[tuple[str, str, pd.DataFrame]]:
    """(key, heading, table) of every table of the explanation: the steps, then the ideal ordering."""
    words = _labels(labels)
    tables = [("steps", words["steps"], explanation.table)]
    ideal = explanation.details.get("ideal_table") if explanation.details else None
    if isinstance(ideal, pd.DataFrame):
        tables.append(("ideal", words["ideal"], ideal))
    return tables


def _fence(text: str) -> str:
    fence = "```"
    while fence in text:
        fence += "`"
    return f"{fence}text\n{text}\n{fence}"


def markdown_handout(explanation: Explanation, title: str = "", labels: Mapping[str, str] | None = None,
                     columns: Mapping[str, str] | None = None) -> str:
    r"""The worked example as a Markdown handout.

    The title, the value, the general formula and the formula with the numbers (``$$`` math,
    then the plain-text version in a code block), the step table (and for nDCG the ideal
    ordering's table), numbers to 4 decimals, and the final value. Every item name and the title
    are escaped (:func:`escape_markdown`). ``labels`` replaces the words of :data:`LABELS` (the
    headings and the sentences), ``columns`` the tables' headers.

    >>> from metrics import ap_steps
    >>> md = markdown_handout(ap_steps([0, 1, 0, 1, 1], n_relevant=4))
    >>> print(md.splitlines()[0])
    # AP: a worked example
    >>> "| 5 | d5 | 1 | yes | 3 | 0.6000 | 0.6000 | 1.6000 | 0.4000 |" in md
    True
    >>> md.rstrip().splitlines()[-1]
    '**AP = 0.4000** (the last row of the column `AP`).'
    """
    words = _labels(labels)
    measure = escape_markdown(explanation.measure)
    parts = [f"# {escape_markdown(_title(explanation, title, labels))}",
             f"**{measure} = {explanation.value:.{DIGITS}f}**",
             f"## {words['formula']}", f"$$\n{explanation.formula}\n$$",
             f"## {words['numbers']}", *(f"$$\n{line}\n$$" for line in _worked_lines(explanation)),
             _fence(explanation.worked_text)]
    for _key, heading, table in _tables(explanation, labels):
        parts += [f"## {heading}", markdown_table(table, columns, labels)]
    parts += [f"## {words['result']}",
              f"**{measure} = {explanation.value:.{DIGITS}f}** "
              + words["last_row"].format(column=f"`{explanation.column.replace('`', '')}`")]
    return "\n\n".join(parts) + "\n"


def latex_handout(explanation: Explanation, title: str = "", labels: Mapping[str, str] | None = None,
                  columns: Mapping[str, str] | None = None) -> str:
    r"""The worked example as a LaTeX document (``article`` class, amsmath and booktabs).

    The same parts as :func:`markdown_handout`: title, formula, formula with the numbers (one
    ``gather*`` line each), the step table(s) as ``tabular`` and the final value. Item names and
    the title are escaped (:func:`escape_latex`). Compiles with pdflatex; Chinese text (a 中文
    handout, Chinese item names) with xelatex, which loads xeCJK. ``labels`` and ``columns`` as in :func:`markdown_handout`.

    >>> from metrics import rr_steps
    >>> tex = latex_handout(rr_steps([0, 0, 1]), title="Third time lucky")
    >>> print(tex.splitlines()[0])
    \documentclass[11pt]{article}
    >>> r"\section*{Third time lucky}" in tex and r"\textbf{RR} = 0.3333" in tex
    True
    >>> tex.count(r"\begin{tabular}") == tex.count(r"\end{tabular}") == 1
    True
    """
    words = _labels(labels)
    lines = [r"\documentclass[11pt]{article}", r"\usepackage{iftex}",
             r"% Ranking Metrics Lab handout: pdflatex for English; xelatex (xeCJK) for Chinese text.",
             r"\ifXeTeX\usepackage{xeCJK}\else\usepackage[utf8]{inputenc}\usepackage[T1]{fontenc}\fi",
             r"\usepackage{amsmath,amssymb}", r"\usepackage{booktabs}", r"\usepackage[margin=2cm]{geometry}",
             r"\begin{document}",
             rf"\section*{{{escape_latex(_title(explanation, title, labels))}}}",
             rf"\textbf{{{escape_latex(explanation.measure)}}} = {explanation.value:.{DIGITS}f}",
             rf"\subsection*{{{escape_latex(words['formula'])}}}", r"\begin{gather*}", explanation.formula,
             r"\end{gather*}",
             rf"\subsection*{{{escape_latex(words['numbers'])}}}", r"\begin{gather*}",
             " \\\\\n".join(_worked_lines(explanation)), r"\end{gather*}"]
    for _key, heading, table in _tables(explanation, labels):
        lines += [rf"\subsection*{{{escape_latex(heading)}}}", r"\begin{center}", r"\small",
                  latex_table(table, columns, labels), r"\end{center}"]
    column = rf"\texttt{{{escape_latex(explanation.column)}}}"
    lines += [rf"\subsection*{{{escape_latex(words['result'])}}}",
              rf"\textbf{{{escape_latex(explanation.measure)}}} = {explanation.value:.{DIGITS}f} "
              + escape_latex(words["last_row"]).replace(escape_latex("{column}"), "{column}").format(column=column),
              r"\end{document}"]
    return "\n".join(lines) + "\n"


def _csv_safe(value):
    """A text cell that a spreadsheet will not run as a formula (OWASP: prefix a quote)."""
    if isinstance(value, str) and value.startswith(_SPREADSHEET_FORMULA_START):
        return "'" + value
    return value


def csv_tables(explanation: Explanation, columns: Mapping[str, str] | None = None) -> dict[str, str]:
    """Every table of the explanation as CSV text, full precision: ``steps`` (and ``ideal`` for nDCG);
    ``columns`` renames the headers.

    Text cells that a spreadsheet would read as a formula (starting with = + - @) get a leading
    quote, as OWASP advises against CSV injection.

    >>> from metrics import precision_steps
    >>> print(csv_tables(precision_steps([1, 0], 2, items=["=1+1", "b"]))["steps"])
    rank,item,rel,relevant,hits,P,R,F1,Hit
    1,'=1+1,1.0,True,1,1.0,1.0,1.0,1.0
    2,b,0.0,False,1,0.5,1.0,0.6666666666666666,1.0
    <BLANKLINE>
    """
    out = {}
    for key, _heading, table in _tables(explanation):
        safe = table.copy()
        for column in safe.columns:
            if safe[column].dtype.kind not in "iufb":
                safe[column] = safe[column].map(_csv_safe)
        out[key] = safe.rename(columns=dict(columns or {})).to_csv(index=False, lineterminator="\n")
    return out


# --------------------------------------------------------------------------- the presenter view


@dataclass(frozen=True)
class PresenterStep:
    """One rank of a worked example, said in one sentence, for a presenter's slide."""

    rank: int
    item: str
    sentence: str  #: plain text, e.g. "rank 3 · C: gain 3, discount log2(4) = 2, adds 1.5 → DCG 5.762"
    term: str  #: LaTeX: this rank's term and the running value
    running: tuple[tuple[str, float], ...]  #: (label, value) after this rank, the headline first
    what: Message | str = ""  #: the sentence after its "rank 3 · C: ", as a message (translated by its template)


def _where(rank: int, item: str, unit: str = "rank") -> str:
    return f"{unit} {rank} · {item}" if item else f"{unit} {rank}"


def _ndcg_step(row, gain: str) -> tuple[str, str, tuple]:
    rank, rel, g = int(row["rank"]), float(row["rel"]), float(row["gain"])
    shown_gain = f"2^{num(rel)}−1 = {num(g)}" if gain == "exponential" else num(g)
    text = message(N_("gain {gain}, discount log2({next}) = {discount}, adds {added} → DCG {dcg}"), gain=shown_gain,
                   next=rank + 1, discount=num(row["discount"]), added=num(row["discounted_gain"]), dcg=num(row["DCG"]))
    numerator = f"2^{{{num(rel)}}}-1" if gain == "exponential" else num(g)
    term = (rf"\frac{{{numerator}}}{{\log_2({rank + 1})}} = {num(row['discounted_gain'])}"
            rf" \quad\Rightarrow\quad \mathrm{{DCG@{rank}}} = {num(row['DCG'])}")
    running = ((f"nDCG@{rank}", float(row["nDCG"])), (f"DCG@{rank}", float(row["DCG"])),
               (f"IDCG@{rank}", float(row["IDCG"])))
    return text, term, running


def _ap_step(row, D: int) -> tuple[str, str, tuple]:
    rank, hits, total = int(row["rank"]), int(row["hits"]), float(row["running_sum"])
    so_far = f"AP = {num(total)}/{D} = {num(row['AP'])}" if D else message(N_("AP = 0 (no relevant item)"))
    latex_so_far = rf"\mathrm{{AP}} = \frac{{{num(total)}}}{{{D}}} = {num(row['AP'])}" if D else r"\mathrm{AP} = 0"
    if bool(row["relevant"]):
        text = message(N_("relevant, {hits} hit in the top {rank}: precision {h}/{r} = {precision}, adds {counted} → "
                          "sum {sum}, {so_far}") if hits == 1 else
                       N_("relevant, {hits} hits in the top {rank}: precision {h}/{r} = {precision}, adds {counted} → "
                          "sum {sum}, {so_far}"), hits=hits, rank=rank, h=hits, r=rank, precision=num(row["precision"]),
                       counted=num(row["counted"]), sum=num(total), so_far=so_far)
        term = rf"P@{rank} = \frac{{{hits}}}{{{rank}}} = {num(row['precision'])} \quad\Rightarrow\quad {latex_so_far}"
    else:
        text = message(N_("not relevant: adds nothing, the sum stays {sum}, {so_far}"), sum=num(total), so_far=so_far)
        term = rf"+\,0 \quad\Rightarrow\quad {latex_so_far}"
    running = ((N_("AP so far"), float(row["AP"])), ("hits", float(hits)), (N_("sum of precisions"), total))
    return text, term, running


def _rr_step(row, first_hit: int | None) -> tuple[str, str, tuple]:
    rank, value = int(row["rank"]), float(row["RR"])
    if bool(row["first_hit"]):
        text = message(N_("the first relevant item → RR = 1/{rank} = {value}"), rank=rank, value=num(value))
        term = rf"\mathrm{{RR}} = \frac{{1}}{{{rank}}} = {num(value)}"
    elif first_hit is not None and rank > first_hit:
        text = message(N_("after the first hit: RR ignores it, stays 1/{first} = {value}"), first=first_hit,
                       value=num(value))
        term = rf"\mathrm{{RR}} = \frac{{1}}{{{first_hit}}} = {num(value)}"
    else:
        text = message(N_("not relevant: no hit yet, RR so far 0"))
        term = r"\mathrm{RR} = 0"
    return text, term, ((N_("RR so far"), value),)


#: a cut-off measure's step by (relevant, one hit)
SEEN = {(True, False): N_("relevant, {hits} hits → {value}"), (True, True): N_("relevant, {hits} hit → {value}"),
        (False, False): N_("not relevant, {hits} hits → {value}"), (False,
                                                                    True): N_("not relevant, {hits} hit → {value}")}


def _cutoff_step(row, column: str, R) -> tuple[str, str, tuple]:
    rank, hits, value = int(row["rank"]), int(row["hits"]), float(row[column])
    seen = SEEN[bool(row["relevant"]), hits == 1]
    if column == "P":
        formula, term = f"{hits}/{rank}", rf"\frac{{{hits}}}{{{rank}}}"
    elif column == "R" and R:
        formula, term = f"{hits}/{R}", rf"\frac{{{hits}}}{{{R}}}"
    elif column == "F1":
        formula = f"2·{num(row['P'])}·{num(row['R'])}/({num(row['P'])}+{num(row['R'])})"
        term = rf"\frac{{2 \cdot {num(row['P'])} \cdot {num(row['R'])}}}{{{num(row['P'])} + {num(row['R'])}}}"
    else:
        formula = term = ""
    label = f"{column}@{rank}"
    text = message(seen, hits=hits, value=f"{label} = " + (f"{formula} = " if formula else "") + num(value))
    latex = rf"\mathrm{{{label}}} = " + (f"{term} = " if term else "") + num(value)
    return text, latex, ((label, value),)


def presenter_steps(explanation: Explanation) -> list[PresenterStep]:
    r"""One :class:`PresenterStep` per row of the step table: what this rank adds, in words and LaTeX.

    Known step tables (nDCG, AP, RR, P/R/F1/Hit@K) get their own sentence; any other shows the
    value column row by row.

    >>> from metrics import ap_steps, rr_steps
    >>> presenter_steps(ap_steps([0, 1, 1], n_relevant=2, items="xyz"))[1].sentence
    'rank 2 · y: relevant, 1 hit in the top 2: precision 1/2 = 0.5, adds 0.5 → sum 0.5, AP = 0.5/2 = 0.25'
    >>> presenter_steps(rr_steps([0, 0, 1, 1]))[2].sentence
    'rank 3 · d3: the first relevant item → RR = 1/3 = 0.3333'
    >>> presenter_steps(rr_steps([0, 0, 1, 1]))[3].term
    '\\mathrm{RR} = \\frac{1}{3} = 0.3333'
    """
    table, column = explanation.table, explanation.column
    details = explanation.details or {}
    steps = []
    for position, (_index, row) in enumerate(table.iterrows(), start=1):
        rank = int(row["rank"]) if "rank" in row else position  # tables without ranks: the step number
        item = str(row["item"]) if "item" in row and row["item"] is not None else ""
        if column == "nDCG" and "discounted_gain" in row:
            text, term, running = _ndcg_step(row, str(details.get("gain", "linear")))
        elif column == "AP" and "running_sum" in row:
            text, term, running = _ap_step(row, int(details.get("D", 0)))
        elif column == "RR" and "first_hit" in row:
            text, term, running = _rr_step(row, details.get("first_hit_rank"))
        elif column in ("P", "R", "F1", "Hit") and "hits" in row:
            text, term, running = _cutoff_step(row, column, details.get("R"))
        else:
            value = float(row[column])
            term = rf"\mathrm{{{escape_latex(column)}}} = {num(value)}"
            text, running = f"{column} = {num(value)}", ((column, value),)
        unit = "rank" if "rank" in row else "step"
        steps.append(PresenterStep(rank, item, f"{_where(rank, item, unit)}: {text}", term, running, text))
    return steps
