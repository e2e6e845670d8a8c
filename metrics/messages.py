"""Sentences shown to people, kept as a template and its fields, so that a reader's language is a look-up.

A :class:`Message` *is* its English text (a ``str``: printing it, the CLI, JSON and every test see the same bytes
as before), and it also remembers the ``template`` it was filled from, its ``fields`` and, for a sentence written
in the singular or the plural by a count, its ``plural`` template and the field holding the count. The UI
(``ui.i18n.localize``) looks the template up in the catalogue (gettext, or ngettext with the count) and fills the
translation with the fields; a field that is itself a :class:`Message` is translated the same way, any other field
(a number, an item's name) is shown as it is.

Templates are literals marked with :func:`N_`, a no-op that Babel finds (``ui/locale/babel.cfg`` extracts
``metrics/`` too), so the catalogue's template lists them; nothing here imports gettext.

Formulas (LaTeX) and worked examples carry their words the same way. A :class:`Composed` is a ``str`` (its English
text, byte for byte) joined from parts: plain text or LaTeX, messages (a worked example's note) and
:class:`Phrase` s, a message drawn in LaTeX: its words in ``\\text{}``, its :class:`Math` fields (a variable such as
``k``) outside. Joining keeps the parts (``+`` either way, :func:`joined`, ``split``, ``strip``), so a formula such
as ``P@k = \\frac{|\\text{relevant} \\cap \\text{top } k|}{k}`` is built as
``r"P@k = \\frac{|" + phrase(N_("relevant")) + r" \\cap " + phrase(N_("top {k}"), k=Math("k")) + "|}{k}"`` and the
UI (``ui.i18n.sentences.tex``) redraws each phrase from its translated template (:func:`latex_phrase`) and each
message by its template, leaving the rest of the LaTeX as it is: nothing is read back from English.

>>> m = message(N_("Look at rank {rank}: the table stops at K."), rank=3)
>>> m, m.template, m.fields
('Look at rank 3: the table stops at K.', 'Look at rank {rank}: the table stops at K.', {'rank': 3})
>>> n = counted("{n} item was", "{n} items were", "n", n=2)
>>> str(n), n.plural, n.count
('2 items were', '{n} items were', 'n')
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass


def N_(text: str) -> str:
    """Mark an English template for extraction (gettext's ``N_``): ``text`` unchanged."""
    return text


class Message(str):
    """English text that remembers how it was built: ``template.format(**fields)`` (or, with ``plural`` and
    ``count``, the singular or plural template by ``fields[count]``, as :func:`metrics.measures.wording.by_count`
    chooses). ``lead`` is text put before the sentence in English only (a space between two sentences), which a
    translation does not need."""

    __slots__ = ("count", "fields", "lead", "plural", "template")

    def __new__(cls, template: str, fields: dict | None = None, *, plural: str | None = None,
                count: str | None = None, lead: str = ""):
        fields = dict(fields or {})
        chosen = template if plural is None or fields[count] == 1 else plural
        self = super().__new__(cls, lead + chosen.format(**fields))
        self.template, self.fields, self.plural, self.count, self.lead = (
            template, fields, plural, count, lead)
        return self

    @property
    def form(self) -> str:
        """The template the text was filled from: ``template``, or ``plural`` when the count asks for it."""
        return self.template if self.plural is None or self.fields[self.count] == 1 else self.plural

    def __reduce__(self):  # pickling (Streamlit's session, a worker process) keeps the structure
        return _rebuild, (self.template, dict(self.fields), self.plural, self.count, self.lead)

    def __repr__(self) -> str:
        return str.__repr__(self)


def _rebuild(template, fields, plural, count, lead) -> Message:
    return Message(template, fields, plural=plural, count=count, lead=lead)


def message(template: str, **fields) -> Message:
    """``template`` (a literal marked with :func:`N_`) filled with ``fields``."""
    return Message(template, fields)


def counted(singular: str, plural: str, count: str, **fields) -> Message:
    """The ``singular`` or ``plural`` form by ``fields[count]`` (1 is singular), filled with ``fields``. Both are
    literals: Babel extracts them as one entry with a plural (``counted`` is a keyword of scripts/i18n.py)."""
    return Message(singular, fields, plural=plural, count=count)


def leading(lead: str, sentence: Message) -> Message:
    """``sentence`` with ``lead`` (a space) before it in English."""
    return Message(sentence.template, dict(sentence.fields), plural=sentence.plural, count=sentence.count,
                   lead=lead + sentence.lead)


class Math(str):
    """A field of a :class:`Phrase` that is math (a variable: ``k``, ``R``): drawn outside ``\\text{}``."""

    __slots__ = ()


def latex_phrase(template: str, fields: Mapping, gap: str = " ") -> str:
    """``template`` filled with ``fields`` as LaTeX: its words and plain fields (numbers) in ``\\text{}``, each
    :class:`Math` field in math, ``gap`` after the words before it.

    >>> print(latex_phrase("top {k}", {"k": Math("k")}), latex_phrase("前 {k} 名", {"k": Math("R")}, gap=""))
    \\text{top } k \\text{前 }R\\text{ 名}
    >>> print(latex_phrase("({found} relevant in the top {k})", {"found": 2, "k": 3}))
    \\text{(2 relevant in the top 3)}
    """
    parts, words = [], ""
    for literal, name, _, _ in string.Formatter().parse(template):
        words += literal
        if name is None:
            continue
        value = fields[name]
        if not isinstance(value, Math):
            words += str(value)
            continue
        if words:
            parts.append(rf"\text{{{words}}}" + gap)
        parts.append(value)
        words = ""
    if words:
        parts.append(rf"\text{{{words}}}")
    return "".join(parts)


@dataclass(frozen=True)
class Phrase:
    """A message drawn in a LaTeX formula (:func:`latex_phrase`): a part of a :class:`Composed`."""

    message: Message

    def __str__(self) -> str:
        return latex_phrase(self.message.form, self.message.fields)


class Composed(str):
    """Text (LaTeX or plain) joined from ``parts``: strings, :class:`Message` s and :class:`Phrase` s, kept apart so
    that a reader's language is a look-up for each message and phrase (the English is their concatenation)."""

    __slots__ = ("parts",)

    def __new__(cls, *pieces):
        parts: list = []
        for piece in pieces:
            for part in piece.parts if isinstance(piece, Composed) else (piece,):
                if type(part) is str and parts and type(parts[-1]) is str:
                    parts[-1] += part
                elif part != "" or not isinstance(part, str):
                    parts.append(part)
        self = super().__new__(cls, "".join(map(str, parts)))
        self.parts = tuple(parts)
        return self

    def __add__(self, other):
        return Composed(self, other) if isinstance(other, str) else NotImplemented

    def __radd__(self, other):
        return Composed(other, self) if isinstance(other, str) else NotImplemented

    def __reduce__(self):  # pickling keeps the parts
        return _compose, tuple(self.parts)

    def __repr__(self) -> str:
        return str.__repr__(self)

    def strip(self, chars=None) -> str:
        return self.lstrip(chars).rstrip(chars)

    def lstrip(self, chars=None) -> str:
        first, *rest = self.parts or ("",)
        return Composed(first.lstrip(chars), *rest) if type(first) is str else self

    def rstrip(self, chars=None) -> str:
        *rest, last = self.parts or ("",)
        return Composed(*rest, last.rstrip(chars)) if type(last) is str else self

    def split(self, sep=None, maxsplit=-1) -> list[str]:
        """Split at ``sep`` in the plain parts only (a message or phrase is never cut)."""
        if sep is None or maxsplit != -1:
            raise ValueError("a composed text splits at a given separator only")
        pieces: list[list] = [[]]
        for part in self.parts:
            if type(part) is not str:
                pieces[-1].append(part)
                continue
            first, *others = part.split(sep)
            pieces[-1].append(first)
            pieces += [[other] for other in others]
        return [Composed(*piece) for piece in pieces]


def _compose(*parts) -> Composed:
    return Composed(*parts)


def joined(separator: str, texts: Iterable[str]) -> str:
    """``separator.join(texts)`` that keeps the parts of :class:`Composed` texts."""
    texts = list(texts)
    pieces = [piece for index, text in enumerate(texts) for piece in ((separator, text) if index else (text,))]
    return Composed(*pieces)


def phrase(template: str, **fields) -> Composed:
    """``template`` (a literal marked with :func:`N_`) filled with ``fields`` and drawn in LaTeX (:class:`Phrase`)."""
    return Composed(Phrase(message(template, **fields)))
