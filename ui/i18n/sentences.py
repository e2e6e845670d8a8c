"""Sentences of ``metrics`` in the reader's language: the quiz's (prompts, mistake explanations, where to look),
by their templates (:func:`localize`), and a worked example's words (:func:`localized`, :func:`tex`).

``metrics`` builds its sentences as :class:`metrics.messages.Message`: English text that keeps its template (a
literal marked with ``N_``, which Babel extracts from ``metrics/``) and its fields. :func:`localize` looks the
template up in the catalogue (``ngettext`` for a count-aware one) and fills the translation with the fields; a field
that is itself a message is localized the same way, any other (a number, an item's name) is shown as it is.

Still read back from English (issue 33, left to do): the notes of the plain-text worked examples
(:data:`WORKED_NOTES`, :data:`NOTE_PLURALS`) and the ``\\text{}`` phrases of the formulas (:data:`PHRASES`).
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Callable

from metrics.explanation import Explanation
from metrics.messages import Message
from ui.i18n import N_, language, latex, nt, t

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


@dataclass(frozen=True)
class Plural:
    """A note ``metrics`` writes in the singular or the plural by the count in field ``count``: translated with
    gettext's ngettext (:func:`ui.i18n.nt`) by that count, read back from the note. Its catalogue entry (a
    msgid_plural one) is listed in ``ui/locale/runtime.pot``."""

    singular: str
    plural: str
    count: str


#: the count-aware notes of the worked examples (``Explanation.worked_text``; metrics.measures.cutoff)
NOTE_PLURALS: tuple[Plural, ...] = (
    Plural("({found} relevant item in the top {k})", "({found} relevant items in the top {k})", "found"),
)


def _count(value: str) -> int:
    """A count read back from a sentence (``2``, ``1,024``)."""
    return int(value.replace(",", ""))


def localize(text: str, translate: Callable[[str], str] = t) -> str:
    """A sentence of ``metrics`` in the reader's language (unchanged in English): a
    :class:`metrics.messages.Message` by its template, any other text as its own catalogue entry."""
    if language() == "en" and translate is t:
        return str(text)
    return _localize(text, translate)


def _is_cjk(character: str) -> bool:
    return "\u3400" <= character <= "\u9fff"


def _join_chinese(text: str) -> str:
    """``text`` without the spaces left between two Chinese characters where a Chinese phrase fills a field
    ("除以 {wrong}" with 找到的 3 个命中; a space before “ too)."""
    kept = []
    for index, character in enumerate(text):
        if (character == " " and kept and _is_cjk(kept[-1])
                and (rest := text[index:].lstrip(" ")) and (_is_cjk(rest[0]) or rest[0] == "“")):
            continue
        kept.append(character)
    return "".join(kept)


def _localize(text: str, translate: Callable[[str], str], plural: Callable[[str, str, int], str] = nt) -> str:
    """``text`` translated with ``translate`` (a message's template, its message fields too), a count-aware message
    with ``plural`` (ngettext's signature)."""
    if not isinstance(text, Message):
        return translate(text)
    chosen = (translate(text.template) if text.plural is None
              else plural(text.template, text.plural, text.fields[text.count]))
    fields = {name: _localize(value, translate, plural) if isinstance(value, Message) else value
              for name, value in text.fields.items()}
    return _join_chinese(chosen.format(**fields))


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
