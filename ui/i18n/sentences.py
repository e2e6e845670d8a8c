"""The quiz's sentences from ``metrics.teaching.quiz`` (prompts, mistake explanations, where to look) -- and the
handout presenter's sentences (pages/handout.py passes its own templates) and a worked example's
words (:func:`localized`) -- in the reader's language.

``metrics.teaching.quiz`` builds its sentences in English with the question's numbers in them. Each kind
of sentence is listed here once as a template (``{field}`` where a number or a sub-phrase goes);
:func:`localize` finds the template a sentence was built from, reads the fields back out of it and
fills the Chinese template of the catalogue (``ui/locale/zh/LC_MESSAGES/messages.po``) with them. A field that is itself
a phrase (``gain_text``, ``where``, ``how``, ...) is localized the same way. A sentence that no
template matches is shown as it is, so a new sentence in ``metrics.teaching.quiz`` can never break the page;
``tests/ui/i18n/test_i18n_learn.py`` checks that every sentence of many questions matches a template.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Callable

from metrics.explanation import Explanation
from ui.i18n import N_, language, latex, nt, t

#: every sentence metrics.teaching.quiz builds with numbers (or phrases) in it, as a format template
TEMPLATES: tuple[str, ...] = (
    # the question (metrics.teaching.quiz._prompt)
    N_("Compute DCG@{k} with {gain_text} and the discount log2(rank + 1). Give 3 decimals."),
    N_("Compute nDCG@{k} with {gain_text} and the discount log2(rank + 1). The ideal ordering uses all "
       "judged items.{unretrieved} Give 3 decimals."),
    N_("Compute AP@{k}. An item is relevant when its grade is at least 1. Divide by R, the number of "
       "relevant judged items, retrieved or not.{unretrieved} Give 3 decimals."),
    N_("Compute P@{k}. An item is relevant when its grade is at least 1. Give 3 decimals."),
    N_("Compute R@{k}, the recall: the hits in the top {k2} divided by R, the number of relevant judged items, "
       "retrieved or not. An item is relevant when its grade is at least 1.{unretrieved} Give 3 decimals."),
    N_("Compute F1@{k}, the harmonic mean of P@{k2} and R@{k3} (R counts every relevant judged item, retrieved or "
       "not). An item is relevant when its grade is at least 1.{unretrieved} Give 3 decimals."),
    N_("{n} more judged items (below the ranking) were not retrieved."),
    N_("{n} more judged item (below the ranking) was not retrieved."),
    # what went wrong (Mistake.explain)
    N_("You divided by ln(rank + 1). The discount is log2(rank + 1): every term comes out "
       "1/ln(2) = {factor} times too large."),
    N_("You divided by log10(rank + 1). The discount is log2(rank + 1): every term comes out "
       "1/log10(2) = {factor} times too large."),
    N_("You re-sorted the top {k} to get the ideal ordering. The ideal top {k2} takes the best grades among "
       "all judged items, including those ranked below K or not retrieved."),
    N_("You divided by the {found} hits found in the top {k}. trec_eval divides by R = {R}, every relevant "
       "judged item, so missed relevant items lower AP."),
    N_("You divided by K = {k}. AP divides the sum of the precisions at the hits by R = {R}, the number of "
       "relevant judged items. (Here K is also min(K, R), RecBole's denominator.)"),
    N_("You divided by K = {k}. AP divides the sum of the precisions at the hits by R = {R}, the number of "
       "relevant judged items."),
    N_("You divided by min(K, R) = {m} (RecBole's convention). trec_eval divides by R = {R}."),
    N_("You took 1 / the rank of the last relevant item ({rank}). RR uses the first relevant item only."),
    N_("You took 1 / the rank of the second relevant item ({rank}). RR uses the first relevant item."),
    N_("You took 1/{wrong}, counting ranks from 0. Ranks count from 1: the first hit is at rank {first}."),
    N_("You gave the rank of the first hit. RR is its reciprocal: 1/{first}."),
    N_("You divided by the {n} items retrieved. P@K divides the hits in the top K by K = {k}."),
    N_("You divided by R = {R}, the relevant items: that is recall@K. Precision divides by K = {k}."),
    N_("You used the whole list of {n} items. The metric stops at rank K = {k}."),
    N_("You divided by K = {k}: that is precision@K. Recall divides the hits in the top K by R = {R}, the relevant "
       "judged items."),
    N_("You gave P@{k}. F1 combines it with R@{k2}: 2·P·R / (P + R)."),
    N_("You gave R@{k}. F1 combines it with P@{k2}: 2·P·R / (P + R)."),
    # where to look (Step.text)
    N_("Look at the {where}, rank {rank}: grade {grade} gives gain {right} here, not {wrong}."),
    N_("Look at the ideal ordering, rank {rank}: item {item} (grade {grade}, {where}) belongs there; "
       "{how} leaves it out."),
    N_("ranked {rank}"),
    N_("Look at the last row: DCG@{k} is divided by IDCG@{k2}."),
    N_("Look at the last row: the “running sum” is divided by R = {R}, not by {wrong}."),
    N_("the {n} hits found"),
    N_("the {n} relevant items of the list"),
    N_("Look at the “first relevant item” column, rank {rank}: {why}"),
    N_("the first hit is at rank {rank}, and rank 1 is the top."),
    N_("RR = 1 / {rank}."),
    N_("Look at the last row, rank {k}: hits / K."),
    N_("Look at the last row, rank {k}: hits / R = {R}."),
    N_("Look at the last row, rank {k}: R = {R} counts the relevant items that were not retrieved."),
    N_("Look at the last row, rank {k}: F1 = 2·P·R / (P + R) = 2 × {p} × {r} / ({p2} + {r2})."),
    N_("Look at rank {k}: the table stops at K."),
)


@dataclass(frozen=True)
class Plural:
    """A sentence ``metrics`` writes in the singular or the plural by the count in field ``count``: translated with
    gettext's ngettext (:func:`ui.i18n.nt`) by that count, read back from the sentence. Its catalogue entry (a
    msgid_plural one) is listed in ``ui/locale/runtime.pot``."""

    singular: str
    plural: str
    count: str


#: the count-aware sentences of metrics.teaching.quiz (its English says "1 item was", "2 items were")
PLURALS: tuple[Plural, ...] = (
    Plural("You divided by the {listed} relevant items in the ranked list. R also counts the {missing} relevant "
           "judged item that was not retrieved.",
           "You divided by the {listed} relevant items in the ranked list. R also counts the {missing} relevant "
           "judged items that were not retrieved.", "missing"),
)
#: the count-aware notes of the worked examples (``Explanation.worked_text``; metrics.measures.cutoff)
NOTE_PLURALS: tuple[Plural, ...] = (
    Plural("({found} relevant item in the top {k})", "({found} relevant items in the top {k})", "found"),
)


def _forms(plurals: tuple[Plural, ...]) -> dict[str, Plural]:
    """Each English form (singular and plural) -> its entry."""
    return {form: entry for entry in plurals for form in (entry.singular, entry.plural)}


#: the sentences and phrases of metrics.teaching.quiz without numbers: translated as they are, with t()
FIXED: tuple[str, ...] = (
    N_("Compute RR, the reciprocal rank, over the whole list (no cut-off). An item is relevant when its "
       "grade is at least 1. Give 3 decimals."),
    N_("exponential gain 2^grade − 1"),
    N_("linear gain (gain = grade)"),
    N_("You left rank 1 undiscounted and divided rank i by log2(i) (the original Järvelin-Kekäläinen form). "
       "Here every rank i is divided by log2(i + 1)."),
    N_("You divided rank i by log2(i + 2), as if ranks started at 2 (or you added 1 to a rank that already "
       "counts from 1). Rank 1 is divided by log2(2) = 1."),
    N_("You used exponential gain 2^grade − 1; this question uses linear gain: gain = grade."),
    N_("You used linear gain (gain = grade); this question uses exponential gain 2^grade − 1."),
    N_("You built the ideal ordering from the retrieved list only. It is built from all judged items, "
       "including relevant items the system did not retrieve."),
    N_("You gave DCG@K. nDCG divides it by IDCG@K, the DCG of the ideal ordering."),
    N_("You averaged the precision at every rank. Only ranks holding a relevant item add their precision; "
       "a miss adds nothing."),
    N_("You averaged P and R: (P + R) / 2. F1 is their harmonic mean, 2·P·R / (P + R), which stays near the "
       "smaller of the two."),
    N_("Your method is right but the rounding is not: keep 4 decimals in every step (log2(3) = 1.585, not "
       "1.6) and round only the final answer."),
    N_("Look at the “divisor log₂(i+1)” column, rank 1: log2(1 + 1) = 1, but ln(2) = 0.693."),
    N_("Look at the “divisor log₂(i+1)” column, rank 1: log2(1 + 1) = 1, but log10(2) = 0.301."),
    N_("Look at the “divisor log₂(i+1)” column, rank 2: log2(2 + 1) = 1.585, not log2(2) = 1."),
    N_("Look at the “divisor log₂(i+1)” column, rank 1: log2(1 + 1) = 1, not log2(3) = 1.585."),
    N_("“gain” column"),
    N_("ideal ordering's “gain” column"),
    N_("not retrieved"),
    N_("sorting the retrieved list"),
    N_("re-sorting the top K"),
    N_("Look at the “counted by AP” column: at a miss the precision is not added."),
    N_("the first relevant item decides RR."),
    N_("Compare your intermediate numbers with the table, column by column."),
    N_("No known mistake matches; compare your steps with the table."),
)

_FIELD = re.compile(r"\{(\w+)\}")


@lru_cache(maxsize=None)
def _pattern(template: str) -> re.Pattern:
    """The template as a regular expression: every ``{field}`` a group."""
    parts, last = [], 0
    for match in _FIELD.finditer(template):
        parts += [re.escape(template[last:match.start()]), f"(?P<{match.group(1)}>.*?)"]
        last = match.end()
    parts.append(re.escape(template[last:]))
    return re.compile("".join(parts), re.S)


def match(text: str, templates: tuple[str, ...] = TEMPLATES) -> tuple[str, dict[str, str]] | None:
    """The template ``text`` was built from (one of ``templates`` or a form of :data:`PLURALS`) and its fields, or
    None."""
    for template in (*templates, *_forms(PLURALS)):
        found = _pattern(template).fullmatch(text)
        if found:
            return template, found.groupdict()
    return None


def localize(text: str, translate: Callable[[str], str] = t, templates: tuple[str, ...] = TEMPLATES) -> str:
    """``text`` from metrics.teaching.quiz (or built from other ``templates``) in the reader's language
    (unchanged in English)."""
    if language() == "en" and translate is t:
        return text
    return _localize(text, translate, templates)


def _count(value: str) -> int:
    """A count read back from a sentence (``2``, ``1,024``)."""
    return int(value.replace(",", ""))


#: a space between two Chinese characters, left where a Chinese phrase fills a field ("除以 {wrong}")
_SPACE_IN_CHINESE = re.compile(r"(?<=[\u3400-\u9fff]) +(?=[\u3400-\u9fff“])")


def _localize(text: str, translate: Callable[[str], str], templates: tuple[str, ...] = TEMPLATES,
              plural: Callable[[str, str, int], str] = nt) -> str:
    """``text`` translated with ``translate`` (a template's fields too), a count-aware sentence with ``plural``
    (ngettext's signature)."""
    found = match(text, templates)
    if found is None:
        return translate(text)
    template, fields = found
    entry = _forms(PLURALS).get(template)
    chosen = translate(template) if entry is None else plural(entry.singular, entry.plural, _count(fields[entry.count]))
    filled = chosen.format(**{name: _localize(value.strip(), translate, templates, plural)
                              for name, value in fields.items()})
    return _SPACE_IN_CHINESE.sub("", filled)


#: the notes in the plain-text worked examples of ``metrics`` (``Explanation.worked_text``)
WORKED_NOTES: tuple[str, ...] = (
    N_("[D = hits found = {D}]"),
    N_("(no relevant item: AP is defined as 0)"),
    N_("(no relevant item in the top {k})"),
    N_("(no relevant item in the list)"),
    N_("(no relevant item: R = 0)"),
    N_("(IDCG is 0 (no item carries gain), so nDCG is defined as 0.)"),
)


def localize_phrases(text: str, templates: tuple[str, ...], plurals: tuple[Plural, ...] = ()) -> str:
    """``text`` with every phrase built from one of ``templates`` or ``plurals`` in the reader's language (the rest
    of the text, numbers and formulas, as it is)."""
    for template in templates:
        text = _pattern(template).sub(lambda found: t(template).format(**found.groupdict()), text)
    for entry in plurals:
        for form in (entry.singular, entry.plural):
            text = _pattern(form).sub(lambda found, entry=entry: nt(entry.singular, entry.plural,
                                                                   _count(found[entry.count])).format(**found.groupdict()),
                                      text)
    return text


def localized(explanation: Explanation) -> Explanation:
    """A worked example with its words in the reader's language: the ``\\text{}`` words of the
    formulas and the notes of the plain-text version (numbers, names and the table as they are)."""
    if language() == "en":
        return explanation
    return replace(explanation, formula=tex(explanation.formula), worked=tex(explanation.worked),
                   worked_text=localize_phrases(explanation.worked_text, WORKED_NOTES, NOTE_PLURALS))


#: ``\text{}`` phrases of the formulas that hold a variable or a number, whose Chinese puts it
#: elsewhere: the English LaTeX (its groups are the fields) and the catalogue entry
PHRASES = (
    (re.compile(r"\\text\{hits in top \}\s*(?P<i>[A-Za-z])\b"), N_("hits in top {i}")),
    (re.compile(r"\\text\{top \}\s*(?P<k>[A-Za-z])\b"), N_("top {k}")),
    (re.compile(r"\\text\{\((?P<found>\d+) relevant in the top (?P<k>\d+)\)\}"),
     N_("({found} relevant in the top {k})")),
    (re.compile(r"\\text\{\(no relevant item in the top (?P<k>\d+)\)\}"), N_("(no relevant item in the top {k})")),
)


def _mixed(template: str, values: dict[str, str]) -> str:
    """A translated phrase in LaTeX: its words in ``\\text{}``, its variables in math (numbers stay in
    the text).

    >>> _mixed("前 {k} 名", {"k": "R"})
    '\\\\text{前 }R\\\\text{ 名}'
    >>> _mixed("(前 {k} 名中有 {found} 个相关)", {"k": "5", "found": "2"})
    '\\\\text{(前 5 名中有 2 个相关)}'
    """
    parts, text = [], ""
    for literal, field, _, _ in string.Formatter().parse(template):
        text += literal
        if field is None:
            continue
        value = values[field]
        if value.isdigit():
            text += value
            continue
        if text:
            parts.append(rf"\text{{{text}}}")
        parts.append(value)
        text = ""
    if text:
        parts.append(rf"\text{{{text}}}")
    return "".join(parts)


def tex(formula: str) -> str:
    """A formula of ``metrics`` in the reader's language: the words inside ``\\text{}`` translated."""
    if language() != "zh":
        return formula
    for pattern, template in PHRASES:
        formula = pattern.sub(lambda match: _mixed(t(template), match.groupdict()), formula)
    return latex(formula)
