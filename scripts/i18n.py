"""The translation catalogues' one command (gettext, with Babel).

    python scripts/i18n.py extract   # ui/locale/messages.pot from the code and the sample data (babel.cfg)
    python scripts/i18n.py update    # every ui/locale/<language>/LC_MESSAGES/messages.po from the template
    python scripts/i18n.py compile   # every .po to its .mo (the app also does this at start-up when a .mo is stale)
    python scripts/i18n.py check     # the template is up to date, every entry translated, msgfmt --check passes
    python scripts/i18n.py all       # extract, update, compile

The code marks its strings with ``t``, ``N_``, ``pt(context, text)`` and ``nt(singular, plural, n)``
(ui/i18n); ``metrics`` (extracted too) marks the templates of its messages with ``N_`` and ``counted``
(metrics.messages). Every entry comes from extraction, none is listed by hand: a string the app shows through
``t(variable)`` is marked where it is declared (a table's column name, a word of a template), and the sample data
the app shows has its Babel extractor (``ui/locale/extract.py``, registered in ``babel.cfg``).
A new language: ``mkdir -p ui/locale/<code>/LC_MESSAGES``, copy ``messages.pot`` there as ``messages.po``, fill in
its header (Language, Plural-Forms) and its entries (the one with context "language name" is the language's own
name), then ``python scripts/i18n.py compile``.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.frontend import parse_mapping_cfg  # noqa: E402
from babel.messages.pofile import read_po, write_po  # noqa: E402

from ui.locale import DOMAIN, LOCALE_DIR, TEMPLATE, codes, compiled, po_file  # noqa: E402

CONFIG = LOCALE_DIR / "babel.cfg"
#: the marking functions (Babel's keyword specs): ui.i18n's, gettext's own names and metrics.messages.counted
KEYWORDS = {"t": None, "N_": None, "gettext": None, "pt": ((1, "c"), 2), "pgettext": ((1, "c"), 2),
            "nt": (1, 2), "ngettext": (1, 2), "counted": (1, 2)}
COMMENT_TAGS = ("TRANSLATORS:",)
WIDTH = 100
_DATE = re.compile(rb'^"POT-Creation-Date: .*\\n"\n', re.MULTILINE)


def template() -> Catalog:
    """The template: every marked string of the code and of the sample data (with its file)."""
    with CONFIG.open(encoding="utf-8") as config:
        method_map, options_map = parse_mapping_cfg(config, str(CONFIG))
    catalog = Catalog(project="Ranking Metrics Lab", domain=DOMAIN, charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
            ROOT, method_map, options_map, keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True):
        catalog.add(message, None, [(Path(filename).as_posix(), lineno)], auto_comments=comments, context=context)
    return catalog


def _po_bytes(catalog: Catalog, **options) -> bytes:
    for message in catalog:
        message.flags.discard("python-format")  # the app formats with str.format: a "%" is a percent sign
    out = io.BytesIO()
    write_po(out, catalog, width=WIDTH, include_lineno=False, **options)
    return out.getvalue()


def extract() -> None:
    TEMPLATE.write_bytes(_po_bytes(template()))
    print(f"wrote {TEMPLATE.relative_to(ROOT)}")


def update() -> None:
    with TEMPLATE.open("rb") as source:
        pot = read_po(source)
    for code in codes():
        po = po_file(code)
        with po.open("rb") as source:
            catalog = read_po(source)
        catalog.update(pot, update_creation_date=False)
        po.write_bytes(_po_bytes(catalog, ignore_obsolete=True))
        print(f"updated {po.relative_to(ROOT)}")


def compile_all() -> None:
    for code in codes():
        compiled(code, force=True)
        print(f"compiled {po_file(code).with_suffix('.mo').relative_to(ROOT)}")


def problems() -> list[str]:
    """What is wrong with the template and the catalogues (empty when all is well)."""
    found = []
    if _DATE.sub(b"", _po_bytes(template())) != _DATE.sub(b"", TEMPLATE.read_bytes()):
        found.append(f"{TEMPLATE.relative_to(ROOT)} is out of date: run python scripts/i18n.py extract, then update")
    with TEMPLATE.open("rb") as source:
        wanted = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in read_po(source) if m.id}
    for code in codes():
        po = po_file(code)
        name = po.relative_to(ROOT)
        with po.open("rb") as source:
            catalog = read_po(source)
        have = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in catalog if m.id}
        found += [f"{name}: no entry for {key!r} (run update)" for key in sorted(wanted - have, key=str)]
        found += [f"{name}: {key!r} is not in the template" for key in sorted(have - wanted, key=str)]
        for message in catalog:
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if message.fuzzy:
                found.append(f"{name}: {message.id!r} is fuzzy")
            if message.pluralizable and len(strings) != catalog.num_plurals:
                found.append(f"{name}: {message.id!r} has {len(strings)} plural forms, not {catalog.num_plurals}")
            if not all(strings):
                found.append(f"{name}: {message.id!r} is not translated")
        found += msgfmt_problems(po)
    return found


def msgfmt_problems(po: Path) -> list[str]:
    """GNU msgfmt's complaints about ``po`` (``--check``: header, format strings, plural forms); [] without msgfmt."""
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        return []
    done = subprocess.run([msgfmt, "--check", "-o", "-", str(po)], capture_output=True, text=False)
    return [] if done.returncode == 0 else [f"{po.relative_to(ROOT)}: msgfmt --check: "
                                            + done.stderr.decode("utf-8", "replace").strip()]


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    if command == "extract":
        extract()
    elif command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "all":
        extract()
        update()
        compile_all()
    elif command == "check":
        found = problems()
        print("\n".join(found) if found else "the catalogues are up to date and complete")
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
