"""The gettext catalogues (ui/locale/): the template is up to date with the code, every entry is translated,
GNU msgfmt accepts every .po, plurals have every form, every context used has its entries, and a new language
is a new folder."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
from pathlib import Path

import pytest

import ui.locale as locale

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = ROOT / "scripts" / "i18n.py"
CATALOGUES = [locale.po_file(code) for code in locale.codes()]


def _script():
    spec = importlib.util.spec_from_file_location("i18n_script", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_there_is_a_catalogue():
    assert "zh" in locale.codes() and CATALOGUES


@pytest.mark.parametrize("po", CATALOGUES, ids=lambda p: p.parent.parent.name)
def test_msgfmt_check_passes(po):
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("GNU gettext's msgfmt is not installed (apt-get install gettext; scripts/test.sh does)")
    done = subprocess.run([msgfmt, "--check", "--statistics", "-o", os.devnull, str(po)], capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr
    assert "untranslated" not in done.stderr and "fuzzy" not in done.stderr, done.stderr


def test_the_template_is_up_to_date_and_every_entry_translated():
    """``python scripts/i18n.py check``: the code's strings, the catalogues' entries, no fuzzy or empty one."""
    problems = _script().problems()
    assert not problems, "\n".join(problems[:30])


def test_the_check_finds_a_string_the_template_lacks(monkeypatch):
    script = _script()
    real = script.template

    def with_a_new_string():
        catalog = real()
        catalog.add("A string added to the code after the last extract")
        return catalog

    monkeypatch.setattr(script, "template", with_a_new_string)
    assert any("out of date" in problem for problem in script.problems())


@pytest.mark.parametrize("code", locale.codes())
def test_plural_entries_have_every_form(code):
    catalog = locale.messages(code)
    plurals = [m for m in catalog if m.id and m.pluralizable]
    assert plurals, "nt() is used: the catalogue has plural entries"
    for message in plurals:
        assert isinstance(message.string, tuple) and len(message.string) == catalog.num_plurals, message.id
        assert all(message.string), message.id


@pytest.mark.parametrize("code", locale.codes())
def test_every_context_used_has_its_entries(code):
    with locale.TEMPLATE.open("rb") as source:
        used = {(m.context, m.id) for m in _read(source) if m.id and m.context}
    assert ("language name", "English") in used and ("clauses", ", ") in used and ("words", ", ") in used
    have = {(m.context, m.id): m.string for m in locale.messages(code) if m.id and m.context}
    assert {key: have.get(key) for key in used if not have.get(key)} == {}


def _read(source):
    from babel.messages.pofile import read_po

    return read_po(source)


def test_plural_and_context_in_english_and_chinese():
    zh = locale.translation("zh")
    en = locale.translation("en")
    assert en.ngettext("{n} query", "{n} queries", 1) == "{n} query"
    assert en.ngettext("{n} query", "{n} queries", 2) == "{n} queries"
    assert zh.ngettext("{n} query", "{n} queries", 1) == zh.ngettext("{n} query", "{n} queries", 2) == "{n} 个查询"
    assert zh.pgettext("clauses", ", ") == "，" and zh.pgettext("words", ", ") == "、" and en.pgettext("words", ", ") == ", "
    assert locale.languages() == {"en": "English", "zh": "中文"}


def test_a_new_language_is_a_folder(tmp_path, monkeypatch):
    """A copy of the catalogues with a third language added: it is listed by its own name and its .mo is
    compiled at first use (then not again while the .po is older), leaving no temporary file behind."""
    shutil.copytree(locale.LOCALE_DIR, tmp_path / "locale", ignore=shutil.ignore_patterns("*.mo", "*.py"))
    folder = tmp_path / "locale" / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    template = locale.TEMPLATE.read_text(encoding="utf-8")
    text = template.replace('msgctxt "language name"\nmsgid "English"\nmsgstr ""',
                            'msgctxt "language name"\nmsgid "English"\nmsgstr "Français"')
    assert text != template
    (folder / "messages.po").write_text(text.replace('"Language-Team: LANGUAGE <LL@li.org>\\n"',
                                                     '"Language: fr\\n"'), encoding="utf-8")
    monkeypatch.setattr(locale, "LOCALE_DIR", tmp_path / "locale")
    locale.translation.cache_clear()
    locale.catalog.cache_clear()
    try:
        assert locale.languages() == {"en": "English", "fr": "Français", "zh": "中文"}
        mo = folder / "messages.mo"
        assert mo.is_file() and locale.compiled("fr") is None  # up to date: not compiled again
        assert locale.translation("fr").gettext("rank") == "rank"  # untranslated entries fall back to English
        assert sorted(p.name for p in folder.iterdir()) == ["messages.mo", "messages.po"]
    finally:
        locale.translation.cache_clear()
        locale.catalog.cache_clear()
