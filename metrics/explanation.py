"""What every explainer returns: the value, its step table and the formula with numbers.

The worked formula can be written at any step i (the first i rows of the table): each steps function
gives its :class:`Explanation` a *writer*, ``writer(step, text) -> tuple[Line, ...]``, and the
formatting (folding long sums, wrapping lines, plain text) is done here, once. A line's words (its note, a
``\\text{}`` phrase) are messages (:mod:`metrics.messages`): the formulas written here are
:class:`~metrics.messages.Composed` texts that keep them, for the app to translate.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Callable, Mapping

from ._lazy import pandas as pd  # (on first use: batch evaluation imports this module)
from .messages import N_, Composed, Message, Phrase, joined
from .notebook import explanation_html, explanation_markdown, explanation_repr

#: decimals of every number the package formats for people (formulas, plain text, the CLI)
DIGITS = 4
#: a sum of more terms than this is folded to its first and last FOLD_KEEP terms around "+ ⋯ +"
FOLD_ABOVE = 5
FOLD_KEEP = 2
#: at most this many terms on one line of an unfolded sum (:meth:`Explanation.worked_lines`)
TERMS_PER_LINE = 4
#: widest formula line, in em of KaTeX's math font: about 740 px at the app's 18 px base font
#: (KaTeX draws math at 1.21 em), so a line fits an ~800 px column
LINE_WIDTH_EM = 34.0

#: short human headers of the step tables' columns (English; the app translates them). A column name marked
#: ``N_`` is also shown as it is (a handout's CSV header, a table shown without these labels), so the catalogue
#: has it too.
COLUMN_LABELS: dict[str, str] = {
    # nDCG
    "rank": N_("rank"), "item": N_("item"), N_("rel"): N_("relevance grade"), "gain": N_("gain"),
    N_("discount"): N_("divisor log₂(i+1)"), N_("discounted_gain"): N_("discounted gain"), "CG": N_("CG@i"),
    "DCG": N_("DCG@i"), "IDCG": N_("IDCG@i"), "nDCG": N_("nDCG@i"),
    # AP, RR
    "relevant": N_("relevant"), "hits": N_("hits so far"), "precision": N_("precision at this rank"),
    N_("counted"): N_("counted by AP"), N_("running_sum"): N_("running sum"), N_("AP"): N_("AP so far"),
    N_("first_hit"): N_("first relevant item"), N_("RR"): N_("RR@i"),
    # P, R, F1, Hit at every cut-off K
    "P": N_("P@K"), "R": N_("R@K"), "F1": N_("F1@K"), "Hit": N_("Success@K"),
    # ROC: the curve and its trapezoids
    "threshold": N_("threshold"), "tp": N_("TP"), "fp": N_("FP"), "tn": N_("TN"), "fn": N_("FN"), "tpr": N_("TPR"),
    "fpr": N_("FPR"), N_("step"): N_("segment"), N_("from_fpr"): N_("FPR (left edge)"),
    N_("to_fpr"): N_("FPR (right edge)"),
    N_("width"): N_("width ΔFPR"), N_("tpr_left"): N_("TPR (left edge)"), N_("tpr_right"): N_("TPR (right edge)"),
    N_("area"): N_("trapezoid area"), N_("running_area"): N_("area so far"),
    # beyond accuracy
    N_("times_recommended"): N_("times recommended"), N_("covered"): N_("recommended at all"),
    N_("covered_so_far"): N_("covered so far"), N_("coverage"): N_("coverage so far"), "rank_i": N_("rank a"),
    N_("item_i"): N_("item a"), "rank_j": N_("rank b"), N_("item_j"): N_("item b"), "similarity": N_("similarity"),
    "ILS": N_("ILS"), "user": N_("user"), "n_items": N_("items in the list"), "diversity": N_("diversity 1 − ILS"),
    N_("running_mean"): N_("mean so far"),
    # bpref, interpolated precision, counts, set measures, Judged, RBP, ERR, GM_MAP
    "judged": N_("judged"), N_("nonrel_above"): N_("judged non-rel. above"), "term": N_("term"),
    N_("bpref"): N_("bpref so far"), N_("recall_level"): N_("recall level r"),
    N_("hits_needed"): N_("relevant needed (r·R)"),
    N_("from_rank"): N_("from rank"), N_("iprec"): N_("interpolated precision"), "recall": N_("recall at this rank"),
    N_("nonrel_judged"): N_("judged non-relevant"), N_("ret_so_far"): N_("retrieved so far"),
    N_("rel_ret_so_far"): N_("rel. retrieved so far"), N_("nonrel_ret_so_far"): N_("judged non-rel. so far"),
    N_("num_rel"): N_("R (all relevant)"), N_("set_P"): N_("set_P of 1..i"), N_("set_recall"): N_("set_recall of 1..i"),
    N_("set_F"): N_("set_F of 1..i"), N_("judged_so_far"): N_("judged so far"), N_("Judged"): N_("Judged@i"),
    N_("weight"): N_("weight (1 − p)·p^(i−1)"), "contribution": N_("contribution"), N_("RBP"): N_("RBP so far"),
    "residual": N_("residual p^i"), N_("stop"): N_("stop probability R_i"), N_("reach"): N_("P(reaching rank i)"),
    N_("ERR"): N_("ERR@i"), "query": N_("query"), N_("AP_q"): N_("AP of the query"), N_("floored"):
    N_("max(AP, 0.00001)"),
    N_("log_AP"): N_("ln AP"), N_("mean_log"): N_("mean log so far"), N_("GM_MAP"): N_("GM_MAP so far"),
    # MAP and MRR query by query (metrics.teaching.many_queries)
    "query_grades": N_("grades in ranked order"), "AP_worked": N_("its AP worked out"), "MAP_so_far": N_("MAP so far"),
    "first_rel_rank": N_("first relevant rank"), "RR_q": N_("RR of the query"), "MRR_so_far": N_("MRR so far"),
    # system B against A, query by query (a lesson's paired scene: metrics.teaching.lessons.compute)
    "AP_A": N_("AP, first system"), "AP_B": N_("AP, second system"), "d": N_("d = second − first"),
    "mean_d_so_far": N_("mean d so far"),
    # coverage list by list (metrics.teaching.coverage_by_list)
    "top_k": N_("its top K"), "new_items": N_("new to the union"), "n_new": N_("new items"),
    # trec_eval's other measures: infAP, binG, RelP, G, nDCGRel, RnDCG and the set measures
    N_("rel_above"): N_("relevant above"), N_("unjudged_above"): N_("unjudged above"), "infAP": N_("infAP so far"),
    N_("nonrel_before"): N_("non-relevant up to i"), "BinG": N_("BinG so far"), "RelP": N_("RelP@K"),
    N_("ideal_gain"): N_("ideal gain g*ᵢ"), N_("cost"): N_("ideal cost Cᵢ"), N_("gained"): N_("gain so far Γᵢ"),
    "G": N_("G so far"), "nDCGRel": N_("nDCGRel so far"), N_("boundary"): N_("a gain level ends here"),
    "RnDCG": N_("RnDCG so far"), "set_map": N_("set_map of 1..i"), "set_relative_P": N_("set_relative_P of 1..i"),
    "utility": N_("utility of 1..i"),
    # C/W/L user models (metrics.measures.cwl)
    "item_cost": N_("cost of the item"), "C": N_("go on C(i)"), "W": N_("attention W(i)"),
    "L": N_("stop here L(i)"), "EU": N_("EU so far Σ W·g"), "ETU": N_("ETU so far Σ L·Σg"),
    "EC": N_("EC so far Σ W·c"), "ETC": N_("ETC so far Σ L·Σc"),
    # diversity: alpha-nDCG, ERR-IA, NRBP, S-recall (metrics.measures.diversity)
    "subtopics": N_("subtopics covered"), "novelty": N_("novelty (1−α)^c"), "ideal": N_("ideal so far"),
    "alpha_nDCG": N_("α-nDCG@i"), "ERR_IA": N_("ERR-IA@i"), "patience": N_("weight β^(i−1)"),
    "NRBP": N_("NRBP so far"), "new_subtopics": N_("new subtopics"), "S_recall": N_("S-recall@i"),
}


class Column:
    """The step tables' column names the app reads, declared once: a renderer reads ``table[Column.DISCOUNTED_GAIN]``,
    never the string, so that a renamed column is one change here and a reader of a missing one fails a test. Each
    name is a key of :data:`COLUMN_LABELS` (its header); :data:`COLUMNS` holds them all."""

    # nDCG (metrics.measures.ndcg.ndcg_steps; its ideal table has the same columns but IDCG and nDCG)
    RANK, ITEM, REL, GAIN = "rank", "item", "rel", "gain"
    DISCOUNT, DISCOUNTED_GAIN = "discount", "discounted_gain"
    CG, DCG, IDCG, NDCG = "CG", "DCG", "IDCG", "nDCG"
    # AP and RR (ap_steps, rr_steps; rr_curve's rank and RR)
    RELEVANT, HITS, PRECISION, COUNTED = "relevant", "hits", "precision", "counted"
    RUNNING_SUM, AP, FIRST_HIT, RR = "running_sum", "AP", "first_hit", "RR"
    # P, R, F1, Hit at every cut-off K (cutoff_steps)
    P, R, F1, HIT = "P", "R", "F1", "Hit"
    # ROC: its curve (details["curve"]) and its trapezoids (the table)
    THRESHOLD, TPR, FPR = "threshold", "tpr", "fpr"
    STEP, WIDTH, TPR_LEFT, TPR_RIGHT = "step", "width", "tpr_left", "tpr_right"
    AREA, RUNNING_AREA = "area", "running_area"
    # interpolated precision (iprec_steps: the table and details["points"])
    RECALL, RECALL_LEVEL, HITS_NEEDED, FROM_RANK, IPREC = "recall", "recall_level", "hits_needed", "from_rank", "iprec"
    JUDGED = "judged"


#: every declared column name (:class:`Column`)
COLUMNS: frozenset[str] = frozenset(value for name, value in vars(Column).items() if name.isupper())


def num(value: float, digits: int = DIGITS) -> str:
    """Format a number the way a person writes it: an exact value as short as it is (3, 0.5, 0.125),
    any other to ``digits`` decimals, as the headline shows it (5.7619, 0.8710).

    >>> num(3.0), num(0.5), num(0.1 + 0.2), num(0.871049), num(2 / 3), num(-1e-9)
    ('3', '0.5', '0.3', '0.8710', '0.6667', '0')
    """
    value = float(value)
    if value.is_integer():
        return str(int(value))
    text = f"{value:.{digits}f}"
    if math.isclose(float(text), value, rel_tol=1e-12, abs_tol=1e-12):
        text = text.rstrip("0").rstrip(".")
    return "0" if text.lstrip("-").strip("0.") == "" else text


_WORD_HYPHEN = re.compile(r"(?<=[A-Za-z])-(?=[A-Za-z])")


def latex_name(name: str) -> str:
    """A measure name as LaTeX: upright, its ``=`` and ``,`` without math spacing, a hyphen between
    letters a hyphen (a minus elsewhere: ``min_rel=-1``).

    >>> latex_name("nDCG(gain=exp,ideal=list)@3")
    '\\\\mathrm{nDCG(gain{=}exp{,}ideal{=}list)@3}'
    >>> latex_name("ERR-IA@5")
    '\\\\mathrm{ERR\\\\text{-}IA@5}'
    >>> latex_name("11pt_avg"), latex_name("nDCG(gains={0:0})")
    ('\\\\mathrm{11pt\\\\_avg}', '\\\\mathrm{nDCG(gains{=}\\\\{0{:}0\\\\})}')
    """
    escaped = name.replace("{", r"\{").replace("}", r"\}").replace("_", r"\_").replace(":", "{:}")
    escaped = escaped.replace("=", "{=}").replace(",", "{,}")
    return r"\mathrm{" + _WORD_HYPHEN.sub(r"\\text{-}", escaped) + "}"


def so_far(lhs: str, step: int, rows: int, text: bool) -> str:
    """The left-hand side of a partial result, after ``step`` of ``rows`` rows: ``AUC_{1..2}``
    (LaTeX) or ``AUC [1..2]``; the complete one (step = rows) unchanged."""
    if step >= rows:
        return lhs
    return f"{lhs} [1..{step}]" if text else rf"{lhs}_{{1..{step}}}"


@dataclass(frozen=True)
class Line:
    """One line of a worked formula: ``lhs = head t1 + t2 + ... tail = result   note``.

    ``terms=None``: not a sum, ``head`` is the whole expression (``\\frac{5.76}{5.89}``); ``()`` is an
    empty sum, written 0. An empty ``lhs`` continues the line above (``= 0.25 + 0.375 = 0.625``).
    ``zeros``: which terms add exactly 0 (one flag per term, or none): a folded sum leaves them out and folds the
    others, so that "0 + 0 + ⋯ + 0 + 0 = 0.0571" reads "0.0571 = 0.0571" (the whole sum still has every term).
    ``note`` (a :class:`~metrics.messages.Message`, drawn in ``\\text{}`` in LaTeX) and ``lhs`` (a
    :class:`~metrics.messages.Composed` one) may hold words, kept for the app to translate.
    """

    lhs: str = ""
    terms: tuple[str, ...] | None = None
    head: str = ""
    tail: str = ""
    result: str = ""
    note: str = ""
    zeros: tuple[bool, ...] = ()


def sum_over(lhs: str, terms: tuple[str, ...], denominator, value: str, text: bool) -> Line:
    """The line of a sum of ``terms`` divided by ``denominator``: ``(t1 + t2) / d = value`` in text,
    ``\\frac{1}{d}\\bigl(t1 + t2\\bigr)`` in LaTeX."""
    if text:
        return Line(lhs, terms, head="(", tail=f") / {denominator}", result=value)
    return Line(lhs, terms, head=rf"\frac{{1}}{{{denominator}}}\bigl(", tail=r"\bigr)", result=value)


def _folded(terms: tuple[str, ...], text: bool, zeros: tuple[bool, ...] = ()) -> tuple[str, ...]:
    """A long sum folded to its first and last :data:`FOLD_KEEP` terms around "⋯"; when ``zeros`` flags the terms
    that add 0 and some other term is left, those others only (folded in turn if still long): the terms a reader
    sees are then the ones that make the sum.

    >>> _folded(("0", "0", "0.25", "0", "0", "0"), True, (True, True, False, True, True, True))
    ('0.25',)
    >>> _folded(("0", "0", "0", "0", "0", "0"), True, (True,) * 6)
    ('0', '0', '...', '0', '0')
    """
    if len(terms) <= FOLD_ABOVE:
        return terms
    if len(zeros) == len(terms) and not all(zeros):
        terms = tuple(term for term, zero in zip(terms, zeros) if not zero)
        if len(terms) <= FOLD_ABOVE:
            return terms
    return terms[:FOLD_KEEP] + ("..." if text else r"\cdots",) + terms[-FOLD_KEEP:]


def _pieces(line: Line, fold: bool, text: bool) -> list[tuple[str, bool]]:
    """The line cut where it may wrap: (piece, whether it is a term of the sum)."""
    lead = [(line.lhs, False)] if line.lhs else []
    equals = f" = {line.head}" if line.lhs else f"= {line.head}"
    result = [(f" = {line.result}", False)] if line.result else []
    note = [(_note(line.note, text), False)] if line.note else []
    if line.terms is None:
        return [*lead, (equals + line.tail, False), *result, *note]
    terms = (_folded(line.terms, text, line.zeros) if fold else line.terms) or ("0",)
    pieces = [(equals + terms[0], True), *((f" + {term}", True) for term in terms[1:])]
    pieces[-1] = (pieces[-1][0] + line.tail + (f" = {line.result}" if line.result else ""), True)
    return [*lead, *pieces, *note]


def _note(note: str, text: bool) -> str:
    """A line's note after its formula: three spaces before it in text, ``\\quad \\text{...}`` in LaTeX."""
    if text:
        return Composed("   ", note)
    return Composed(r"\quad ", Phrase(note) if isinstance(note, Message) else rf"\text{{{note}}}")


def render_text(lines, fold: bool = True) -> str:
    """Plain-text lines, one per :class:`Line` (a continuation indented under its ``=``)."""
    out = []
    for line in lines:
        body = Composed(*(piece for piece, _ in _pieces(line, fold, text=True)))
        out.append(body if line.lhs else "    " + body)
    return joined("\n", out)


def em_for_px(px: float, base_font_px: float = 18.0) -> float:
    """A box width in pixels as the ``width`` of :meth:`Explanation.worked_lines` (KaTeX draws math at
    1.21 times the base font): ``em_for_px(480)`` for a formula in a narrow column."""
    return px / (1.21 * base_font_px)


def render_latex(lines, fold: bool = True, terms_per_line: int | None = None,
                 width: float = LINE_WIDTH_EM) -> list[str]:
    """LaTeX lines no wider than ``width`` em (a piece wider than that stays whole), each with at
    most ``terms_per_line`` terms of a sum; a wrapped line continues with ``\\quad +``."""
    out = []
    for line in lines:
        current, used, count = "", 0.0, 0
        for piece, is_term in _pieces(line, fold, text=False):
            size = width_em(piece)
            full = current and (used + size > width
                                or (is_term and terms_per_line is not None and count >= terms_per_line))
            if full:
                out.append(current)
                current, used, count = r"\quad " + piece.lstrip(), width_em(r"\quad "), 0
                size = width_em(piece.lstrip())
            else:
                current += piece
            used += size
            count += is_term
        out.append(current)
    return out


def only_lines(writer, count: int, step: int, text: bool) -> tuple[Line, ...]:
    """The first ``count`` lines of ``writer``'s formula: ``partial(only_lines, e.writer, 1)`` is the
    writer of an explanation cut to its first line (a DCG cut out of an nDCG)."""
    return writer(step, text)[:count]


_COMMAND = re.compile(r"\\([A-Za-z]+|.)")
#: width in em of commands that draw something (others, such as \mathrm or \bigl, draw their argument)
_COMMAND_EM = {"log": 1.3, "cdot": 0.8, "cdots": 1.6, "quad": 1.0, "qquad": 2.0, ",": 0.17, ";": 0.28,
               "le": 1.3, "ge": 1.3, "cap": 1.0, "cup": 1.0, "overline": 0.0, "sum": 1.5, "#": 0.8,
               "Rightarrow": 1.8, "{": 0.5, "}": 0.5}
_CHAR_EM = {"+": 1.3, "-": 1.3, "−": 1.3, "=": 1.4, "·": 0.8, "(": 0.39, ")": 0.39, ".": 0.28, ",": 0.45,
            "|": 0.28, " ": 0.0, "{": 0.0, "}": 0.0, "&": 0.0, "@": 0.95, "/": 0.5}


def _group(tex: str, start: int) -> tuple[str, int]:
    """The brace group (or single character) at ``start``: its content and the index after it."""
    while start < len(tex) and tex[start] == " ":
        start += 1
    if start >= len(tex) or tex[start] != "{":
        return tex[start:start + 1], start + 1
    depth = 0
    for end in range(start, len(tex)):
        depth += {"{": 1, "}": -1}.get(tex[end], 0)
        if depth == 0:
            return tex[start + 1:end], end + 1
    return tex[start + 1:], len(tex)


def width_em(tex: str) -> float:
    """Rough width of a LaTeX formula as KaTeX draws it, in em: a fraction as wide as its wider part,
    scripts smaller. Enough to decide where a long sum wraps."""
    total, i = 0.0, 0
    while i < len(tex):
        char = tex[i]
        if char == "\\":
            match = _COMMAND.match(tex, i)
            name, i = match.group(1), match.end()
            if name in ("frac", "tfrac", "dfrac"):
                top, i = _group(tex, i)
                bottom, i = _group(tex, i)
                total += max(width_em(top), width_em(bottom)) * (0.75 if name == "tfrac" else 1.0) + 0.25
            elif name == "text":
                body, i = _group(tex, i)
                total += 0.5 * len(body)
            else:
                total += _COMMAND_EM.get(name, 0.0)
        elif char in "^_":
            body, i = _group(tex, i + 1)
            total += 0.7 * width_em(body)
        else:
            total += _CHAR_EM.get(char, 0.55)
            i += 1
    return total


@dataclass(frozen=True)
class Explanation:
    """A metric's value together with how it was computed, at the end and at every step.

    ``value`` is always read from ``table`` (its last row), so the two cannot disagree. ``writer``
    writes the worked formula after the first i rows (see :meth:`worked_at`); ``running`` names the
    headline quantities and the table column each is read from (see :meth:`running_at`).
    """

    measure: str  #: canonical ir_measures-style name (:mod:`metrics.measures.names`), e.g. ``nDCG@3``
    value: float
    table: pd.DataFrame  #: one row per rank, what a teacher writes on the board
    formula: str  #: the general formula, LaTeX
    worked: str  #: the formula with the numbers filled in, LaTeX (= ``worked_at(None)``)
    worked_text: str  #: the same in plain text, for a terminal (= ``worked_text_at(None)``)
    column: str  #: the table column whose last row is ``value``
    details: Mapping[str, object] = field(default_factory=dict)  #: other parts (ideal table, IDCG, ...)
    #: ``writer(step, text) -> tuple[Line, ...]``: the worked formula after ``step`` rows (picklable:
    #: a module-level function or a functools.partial of one); None: only the complete formula
    writer: Callable[[int, bool], tuple[Line, ...]] | None = field(default=None, repr=False, compare=False)
    running: Mapping[str, str] = field(default_factory=dict)  #: headline quantity -> its table column

    @classmethod
    def written(cls, *, writer, measure: str, value: float, table: pd.DataFrame, formula: str, column: str,
                running: Mapping[str, str], details: Mapping[str, object] | None = None) -> "Explanation":
        """An explanation whose worked formulas (LaTeX and text, complete) are written by ``writer``."""
        steps = len(table)
        return cls(measure=measure, value=value, table=table, formula=formula,
                   worked=joined(r" \\ ", render_latex(writer(steps, False))),
                   worked_text=render_text(writer(steps, True)), column=column, details=details or {},
                   writer=writer, running=running)

    def __repr__(self) -> str:
        return explanation_repr(self)

    def _repr_html_(self) -> str:
        """In a notebook: the headline, the worked formula with the numbers and the step table (:mod:`.notebook`)."""
        return explanation_html(self)

    def _repr_markdown_(self) -> str:
        return explanation_markdown(self)

    def _step(self, step: int | None) -> int:
        """``step`` as a row count: None is every row; clamped to 1..rows (0 for an empty table)."""
        rows = len(self.table)
        return rows if step is None else min(max(int(step), min(rows, 1)), rows)

    def lines_at(self, step: int | None = None, text: bool = False) -> tuple[Line, ...]:
        """The worked formula after ``step`` rows as :class:`Line` parts (empty without a writer)."""
        return self.writer(self._step(step), text) if self.writer else ()

    def worked_lines(self, step: int | None = None, fold: bool = False, width: float = LINE_WIDTH_EM) -> list[str]:
        """The worked formula after ``step`` rows as LaTeX lines to draw one under another: every term
        (``fold=False``, at most :data:`TERMS_PER_LINE` a line) or long sums folded; no line wider
        than ``width`` em (:func:`em_for_px` converts a box's pixels)."""
        if self.writer is None:
            return self.worked.split(r" \\ ")
        return render_latex(self.lines_at(step), fold, None if fold else TERMS_PER_LINE, width)

    def worked_at(self, step: int | None = None, fold: bool = True, width: float = LINE_WIDTH_EM) -> str:
        """The worked formula after the first ``step`` rows (None: all), LaTeX lines joined by ``\\\\``.

        Its sums hold the terms of rows 1..step and it ends with the running value, the table's row
        ``step``; ``worked_at(len(table))`` is :attr:`worked`.
        """
        if self.writer is None:
            return self.worked
        return joined(r" \\ ", self.worked_lines(step, fold, width))

    def worked_text_at(self, step: int | None = None, fold: bool = True) -> str:
        """:meth:`worked_at` in plain text."""
        if self.writer is None:
            return self.worked_text
        return render_text(self.lines_at(step, text=True), fold)

    def running_at(self, step: int | None = None) -> dict[str, float]:
        """The headline quantities after the first ``step`` rows, e.g. ``{"DCG": .., "IDCG": .., "nDCG": ..}``
        (None: the final values; the measure's own entry is then :attr:`value`)."""
        rows = self._step(step)
        values = {name: float(self.table[column].iloc[rows - 1]) if rows else 0.0
                  for name, column in self.running.items() if column in self.table}
        if rows == len(self.table) and self.column in self.table:
            values.update({name: self.value for name, column in self.running.items() if column == self.column})
        return values or {self.measure: self.value}


def with_formula(latex: str):
    """Put a formula into a docstring's ``.. math::`` block (placeholder ``<formula>``)."""

    def decorate(function):
        if function.__doc__:
            function.__doc__ = function.__doc__.replace("<formula>", latex)
        return function

    return decorate
