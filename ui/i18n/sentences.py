"""Sentences of ``metrics`` in the reader's language: the quiz's (prompts, mistake explanations, where to look),
by their templates (:func:`localize`), and a worked example's words (:func:`localized`, :func:`tex`).

``metrics`` builds its sentences as :class:`metrics.messages.Message`: English text that keeps its template (a
literal marked with ``N_``, which Babel extracts from ``metrics/``) and its fields. :func:`localize` looks the
template up in the catalogue (``ngettext`` for a count-aware one) and fills the translation with the fields; a field
that is itself a message is localized the same way, any other (a number, an item's name) is shown as it is.

Formulas and worked examples are :class:`metrics.messages.Composed` texts: LaTeX (or plain text) whose
``\\text{}`` phrases (:class:`metrics.messages.Phrase`) and notes (messages) are kept as parts. :func:`tex` joins
the parts again with each phrase drawn from its translated template (its variables in math, its words in
``\\text{}``: :func:`metrics.messages.latex_phrase`) and each note localized; nothing is read back from English.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from metrics.explanation import Explanation
from metrics.messages import Composed, Message, Phrase, latex_phrase
from ui.i18n import language, nt, t
from ui.locale import SOURCE


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
    chosen = _template(text, translate, plural)
    fields = {name: _localize(value, translate, plural) if isinstance(value, Message) else value
              for name, value in text.fields.items()}
    return _join_chinese(chosen.format(**fields))


def _template(text: Message, translate: Callable[[str], str], plural: Callable[[str, str, int], str]) -> str:
    """A message's template in the reader's language: ``translate``'d, or ``plural``'s form by its count."""
    if text.plural is None:
        return translate(text.template)
    return plural(text.template, text.plural, text.fields[text.count])


def _part(part) -> str:
    """One part of a composed text in the reader's language: a phrase drawn in LaTeX, a message, text as it is."""
    if isinstance(part, Phrase):
        return latex_phrase(_template(part.message, t, nt), part.message.fields, gap="")
    if isinstance(part, Message):
        return _localize(part, t, nt)
    return part


def tex(text: str) -> str:
    """A formula (LaTeX) or a worked example's text of ``metrics`` in the reader's language: its phrases and notes
    (the parts of a :class:`metrics.messages.Composed`) by their templates, the rest as it is."""
    if language() == SOURCE:
        return text
    if isinstance(text, Composed):
        return "".join(map(_part, text.parts))
    return _part(text)


def localized(explanation: Explanation) -> Explanation:
    """A worked example with its words in the reader's language: the phrases of the formulas and the notes of the
    plain-text version (numbers, names and the table as they are)."""
    if language() == SOURCE:
        return explanation
    return replace(explanation, formula=tex(explanation.formula), worked=tex(explanation.worked),
                   worked_text=tex(explanation.worked_text))
