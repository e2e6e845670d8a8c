"""The translation catalogues (gettext): ``ui/locale/<language>/LC_MESSAGES/messages.po``, compiled to ``.mo``.

Plain Python (no Streamlit), so that ``ui.model`` can mark its strings with :func:`N_`. A language is a folder
here: its ``.mo`` is compiled from the ``.po`` when missing or older (to a temporary file, then renamed, so several
server processes may start at once), and its own name is the catalogue's translation of "English" in the
context "language name". ``scripts/i18n.py`` extracts the template (``messages.pot``) and updates the catalogues.
"""

from __future__ import annotations

import gettext
import io
import os
import tempfile
from functools import lru_cache
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent
DOMAIN = "messages"
SOURCE = "en"  #: the language the code is written in
SOURCE_NAME = "English"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"


def N_(text: str) -> str:
    """Mark English ``text`` for translation without translating it yet (gettext's ``N_``): for strings
    defined at import time, translated with ``ui.i18n.t(text)`` where they are shown."""
    return text


def po_file(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def codes() -> list[str]:
    """The languages with a catalogue (the folders of ui/locale/), sorted."""
    return sorted(p.name for p in LOCALE_DIR.iterdir() if po_file(p.name).is_file())


def compiled(code: str, force: bool = False) -> bytes | None:
    """Compile ``code``'s ``.po`` to its ``.mo`` when the ``.mo`` is missing or older (or ``force``); the ``.mo``'s
    bytes, or None when it was up to date. A read-only folder is not an error: the bytes are returned unsaved."""
    po = po_file(code)
    mo = po.with_suffix(".mo")
    if not force and mo.is_file() and mo.stat().st_mtime >= po.stat().st_mtime:
        return None
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        catalog = read_po(source)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    data = buffer.getvalue()
    try:
        handle, temporary = tempfile.mkstemp(dir=mo.parent, prefix=f".{DOMAIN}-", suffix=".mo")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, mo)  # atomic: another process sees the old file or the new one, never half
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError:
        pass
    return data


@lru_cache(maxsize=None)
def translation(code: str) -> gettext.NullTranslations:
    """The translations of ``code`` (English, or a language without a catalogue: the text as it is)."""
    if code == SOURCE or code not in codes():
        return gettext.NullTranslations()
    data = compiled(code)
    if data is not None:
        return gettext.GNUTranslations(io.BytesIO(data))
    with po_file(code).with_suffix(".mo").open("rb") as mo:
        return gettext.GNUTranslations(mo)


def languages() -> dict[str, str]:
    """Language code -> the language's own name: English first, then every catalogue's."""
    names = {SOURCE: SOURCE_NAME}
    for code in codes():
        names[code] = translation(code).pgettext("language name", "English")
    return names


def messages(code: str):
    """``code``'s catalogue as Babel reads it (every entry, with contexts, plurals and flags): for the tests and tools."""
    from babel.messages.pofile import read_po

    with po_file(code).open("rb") as source:
        return read_po(source)


@lru_cache(maxsize=None)
def catalog(code: str) -> dict[str, str]:
    """``code``'s plain entries (no context, no plural): English text -> translation (empty or fuzzy ones left out)."""
    return {m.id: m.string for m in messages(code)
            if m.id and isinstance(m.id, str) and not m.context and m.string and not m.fuzzy}


def known(text: str) -> bool:
    """Whether a catalogue translates ``text`` (a plain entry) into other words: the app's own words, as opposed to
    a user's (read from the compiled catalogues: quick)."""
    return any(translation(code).gettext(text) != text for code in codes())


def pairs(code: str) -> list[tuple[str, str]]:
    """Every (English, translation) of ``code``'s catalogue: plain entries, entries in a context, and each plural
    form (the first beside the English singular, the others beside the English plural)."""
    found = []
    for message in messages(code):
        if not message.id:
            continue
        if isinstance(message.id, str):
            found.append((message.id, message.string))
        else:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            found += [(message.id[min(i, 1)], string) for i, string in enumerate(strings)]
    return found
