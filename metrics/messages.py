"""Sentences shown to people, kept as a template and its fields, so that a reader's language is a look-up.

A :class:`Message` *is* its English text (a ``str``: printing it, the CLI, JSON and every test see the same bytes
as before), and it also remembers the ``template`` it was filled from, its ``fields`` and, for a sentence written
in the singular or the plural by a count, its ``plural`` template and the field holding the count. The UI
(``ui.i18n.localize``) looks the template up in the catalogue (gettext, or ngettext with the count) and fills the
translation with the fields; a field that is itself a :class:`Message` is translated the same way, any other field
(a number, an item's name) is shown as it is.

Templates are literals marked with :func:`N_`, a no-op that Babel finds (``ui/locale/babel.cfg`` extracts
``metrics/`` too), so the catalogue's template lists them; nothing here imports gettext.

>>> m = message(N_("Look at rank {rank}: the table stops at K."), rank=3)
>>> m, m.template, m.fields
('Look at rank 3: the table stops at K.', 'Look at rank {rank}: the table stops at K.', {'rank': 3})
>>> n = counted("{n} item was", "{n} items were", "n", n=2)
>>> str(n), n.plural, n.count
('2 items were', '{n} items were', 'n')
"""

from __future__ import annotations


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
