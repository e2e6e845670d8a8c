"""The readers' problems in 中文: every ``metrics.errors.input_error`` template of the reader modules
has a Chinese entry (the templates are listed from the source), every problem an upload or a paste
can produce comes with its template (a corpus of bad inputs reaches each one), and the UI shows it
translated while ``str(error)`` stays the English message the CLI prints."""

from __future__ import annotations

import ast
import gzip
import importlib
import string
from pathlib import Path

import pytest

import metrics
from metrics import MetricsInputError
from metrics.readers.io import read_csv, read_json, read_qrels, read_run
from tests.marked import unmarked
from ui.locale import catalog

ZH = catalog("zh")  # English -> 中文: the catalogue's plain entries

READERS = ("readers.trec", "readers.tables", "readers.fields", "readers.sources", "readers.columns", "readers.io",
           "_validate", "limits")


def reader_templates() -> dict[str, str]:
    """Every template the reader modules pass to ``input_error`` -> the module (a literal, marked ``N_(...)`` or not,
    or a module-level dict of literals indexed at the call)."""
    found = {}
    for name in READERS:
        module = importlib.import_module(f"metrics.{name}")
        for node in ast.walk(ast.parse(Path(module.__file__).read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            called = getattr(node.func, "id", "")
            assert called != "MetricsInputError", f"metrics/{name}.py:{node.lineno}: use input_error (a template)"
            if called != "input_error":
                continue
            first = unmarked(node.args[0])
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                found[first.value] = name
            elif isinstance(first, ast.Subscript) and isinstance(first.value, ast.Name):
                found.update(dict.fromkeys(getattr(module, first.value.id).values(), name))
            else:
                pytest.fail(f"metrics/{name}.py:{node.lineno}: the template must be a literal or a module-level dict")
    return found


TEMPLATES = reader_templates()


def test_the_readers_have_templates():
    assert len(TEMPLATES) > 50
    assert "expected {want} fields ({spec}), got {got}" in TEMPLATES


@pytest.mark.parametrize("template", sorted(TEMPLATES))
def test_every_reader_template_has_a_chinese_entry(template):
    chinese = ZH.get(template)
    assert chinese, f"metrics/{TEMPLATES[template]}.py: {template!r} has no entry in ui/locale/zh/LC_MESSAGES/messages.po (mark it N_(...), then python scripts/i18n.py all)"
    fields = {f for _, f, _, _ in string.Formatter().parse(template) if f}
    assert fields == {f for _, f, _, _ in string.Formatter().parse(chinese) if f}


RUN = b"q1 Q0 d1 1 2.5 bm25\n"
GZIP_RUN = gzip.compress(RUN)
QRELS = b"q1 0 d1 1\n"

#: bad uploads and pastes (the reader, its arguments) -- together they reach every template the
#: upload page and the pasted list can show
BAD_INPUTS = [
    (metrics.load, ("run.txt", RUN + b"q1 Q0 d2 2\n")),                       # 4 fields in a run
    (metrics.load, ("run.txt", RUN + b"q1 Q0 d2 2 1.0\n")),                    # 5 fields
    (metrics.load, ("qrels.txt", QRELS + b"q1 0 d2 1 2.5 tag\n")),           # a run line in qrels
    (metrics.load, ("run.txt", RUN + b"q1 0 d2 1\n")),                        # a qrels line in a run
    (metrics.load, ("qrels.txt", QRELS + b"q1,0,d2,1\n")),                    # CSV inside TREC
    (read_qrels, (b"qid docid rel\nq1 0 d1 1\n", "qrels.txt")),               # a CSV header
    (metrics.load, ("run.txt", RUN + b"q1 Q0 d1 2 1.0 bm25\n")),              # a document twice
    (metrics.load, ("qrels.txt", QRELS + b"q1 0 d1 2\n")),                    # a judgement twice
    (read_run, (b"\n\n", "run.txt")),                                          # no lines
    (metrics.load, ("run.txt", RUN + b"q1 Q0 d2 2 1e999 bm25\n")),           # too large
    (metrics.load, ("run.txt", RUN + b"q1 Q0 d2 2 nan bm25\n")),             # NaN
    (metrics.load, ("run.txt", RUN + b"q1 Q0 d2 2 -inf bm25\n")),            # infinite
    (metrics.load, ("qrels.txt", QRELS + b"q1 0 d2 high\n")),                 # not a number
    (metrics.load, ("run.txt", RUN + b"q1 Q0 d2 2 \xff bm25\n")),            # invalid UTF-8
    (metrics.load, ("big.txt", b"q1 0 d1 1\n" * 300, )),                      # over a limit (below)
    (metrics.load, ("empty.txt", b"\n \n")),
    (metrics.load, ("odd.txt", b"a b c\n")),                                  # 3 fields
    (read_csv, (b"", "x.csv")),
    (metrics.load, ("x.csv", b"docid,doc,score\nd1,d1,1\n")),                 # two item columns
    (metrics.load, ("x.csv", b"qid,score\nq1,1\n")),                          # no item column
    (metrics.load, ("x.csv", b"qid,docid,foo\nq1,d1,1\n")),                   # no score/rank/relevance
    (metrics.load, ("x.csv", b"qid,docid,score\nq1,d1\n")),                   # a row too short
    (metrics.load, ("x.csv", b"qid,docid,score\n")),                          # no data rows
    (metrics.load, ("x.csv", b"qid,docid,score\nq1,,1\n")),                   # empty item
    (metrics.load, ("x.csv", b"qid,docid,score\n,d1,1\n")),                   # empty query
    (metrics.load, ("x.csv", b"qid,docid,score\nq1,d1,1\nq1,d1,2\n")),        # an item twice
    (metrics.load, ("x.csv", b"qid,docid,rank\nq1,d1,first\n")),              # rank not an integer
    (metrics.load, ("x.csv", b"qid,docid,score\nq1,d1,high\n")),              # score not a number
    (metrics.load, ("x.json", b"  ")),
    (metrics.load, ("x.json", b'{"q1": ["d1",]}')),                           # malformed
    (metrics.load, ("x.json", b'{"q1": ["d1"], "q1": ["d2"]}')),              # a key twice
    (metrics.load, ("x.json", b'{"q1": ["d1"], "q2": {"d1": 1}}')),           # a mix
    (metrics.load, ("x.json", b'"d1"')),                                      # no known shape
    (metrics.load, ("x.json", b'{"run": 3}')),
    (metrics.load, ("x.json", b'{"q1": [["d1"]]}')),                          # an item not a string
    (metrics.load, ("x.json", b'{"q1": ["d1", "d1"]}')),
    (metrics.load, ("x.json", b'{"run": {"q1": 3}}')),
    (metrics.load, ("x.json", b'{"qrels": 3}')),
    (metrics.load, ("x.json", b'{"qrels": {"q1": 3}}')),
    (metrics.load, ("x.json", b'{"q1": {"d1": "high"}}')),                    # a grade not a number
    (read_json, (b'{"q1": {"d1": 1e999}}', "x.json")),                        # not finite
    (metrics.parse_pasted, ("# nothing\n", "pasted text")),
    (metrics.parse_pasted, ("A 1\nB 2 3", "pasted text")),
    (metrics.parse_pasted, ("A 1\nA 2", "pasted text")),
    (metrics.load, ("x.csv", b"qid,docid,rank\nq1,d1,99999999999999999999\n")),  # rank beyond int64
    (metrics.load, ("run.txt", b"\xef\xbb\xbf\xef\xbb\xbf" + RUN)),              # two byte order marks
    (metrics.load, ("x.json", b"[" * 100 + b"]" * 100)),                        # over a limit: nesting
    (metrics.load, ("x.csv", b"topic_no,docid,score\nq1,d1,1\n")),            # no query column, an unknown one
    (metrics.load, ("run.txt.gz", GZIP_RUN[:-12])),                               # a truncated gzip file
    (metrics.load, ("run.txt.gz", GZIP_RUN + b"junk")),                           # data after the gzip file
    (metrics.load, ("run.txt.gz", b"\x1f\x8b\x08junk")),                         # not gzip after the magic
    (metrics.load, ("big.txt", gzip.compress(b"\n" * 5000))),                   # inflates past a limit (below)
]
#: templates no upload or paste reaches: arguments of the Python API, a path that cannot be read,
#: the smaller size limits (the app's is 20 MiB), JSON parsed before a duplicate check
NOT_FROM_AN_UPLOAD = {template for template, module in TEMPLATES.items() if module == "_validate"} | {
    "cannot read file: {reason}",
    "malformed CSV: {reason}",  # csv.Error: a guard; no input is known to reach it
    "file is too large: {size} ({size_bytes} bytes), over the limit of {limit_bytes} bytes "
    "(MAX_BYTES; pass max_bytes= to change it)",
    "file is too large: {size_bytes} bytes, over the limit of {limit_bytes} bytes "
    "(MAX_BYTES; pass max_bytes= to change it)",
}


def test_every_word_of_the_limits_has_a_chinese_entry():
    from metrics import limits

    for word in [*limits.FIELD_OF, limits.TO_THE_CLI, limits.TO_LIMITS]:
        assert ZH.get(word), word


def _raised(reader, args) -> MetricsInputError:
    kwargs = {"max_bytes": 1024} if args[0] == "big.txt" else {}
    with pytest.raises(MetricsInputError) as caught:
        reader(*args, **kwargs)
    return caught.value


def test_bad_inputs_reach_every_template_with_its_fields_and_words():
    reached = set()
    for reader, args in BAD_INPUTS:
        error = _raised(reader, args)
        assert error.template in TEMPLATES, (args, str(error))
        assert error.template.format(**error.fields) == error.problem  # str(error) is unchanged
        for word in error.words:
            assert ZH.get(error.fields[word]), f"{error.fields[word]!r} (in {error.problem!r}) has no entry"
        reached.add(error.template)
    assert set(TEMPLATES) - NOT_FROM_AN_UPLOAD - reached == set()


def test_the_english_message_is_what_it_was():
    error = _raised(metrics.load, ("run.txt", RUN + b"q1 Q0 d2 2\n"))
    assert str(error) == "run.txt line 2: expected 6 fields (qid Q0 docid rank score tag), got 4"
    error = _raised(metrics.load, ("qrels.txt", QRELS + b"q1 0 d2 high\n"))
    assert str(error) == "qrels.txt line 2: grade must be a number, got 'high'"


def test_the_ui_translates_the_problem_and_keeps_the_input_literal(monkeypatch):
    from ui import i18n
    from ui.data import dataset

    monkeypatch.setattr(i18n, "language", lambda: "zh")
    error = _raised(metrics.load, ("run.txt", RUN + b"q1 Q0 d2 2\n"))
    assert dataset.error_text(error) == "run.txt 第 2 行：应有 6 个字段（`qid Q0 docid rank score tag`），实际有 4 个"
    error = _raised(metrics.load, ("qrels.txt", QRELS + b"q1 0 d2 *high*\n"))
    assert dataset.error_text(error) == "qrels.txt 第 2 行：等级必须是数字，实际是 '\\*high\\*'"  # Markdown escaped
    error = _raised(metrics.load, ("x.json", b'{"q1": ["d1",]}'))
    assert dataset.error_text(error) == "x.json 第 1 行：JSON 格式错误：此处缺少值（第 14 列）"
