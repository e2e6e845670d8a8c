"""Babel extractors for the sample data the app shows through ``t`` (registered in ``babel.cfg``'s ``[extractors]``).

``sections``: the ``"section"`` of every example of ``sample_data/article_examples.json`` (the page's card headings,
``t(example["section"])``). A heading written in Chinese is the article's own and is shown as it is, so only the
English ones are catalogue entries.

>>> import io
>>> sample = io.BytesIO('[{"id": "a", "section": "2. MAP, code"},\\n {"section": "4.2 计算NDCG"}]'.encode())
>>> list(sections(sample, {}, [], {}))
[(1, None, '2. MAP, code', ['a section of sample_data/article_examples.json'])]
"""

from __future__ import annotations

import json
import re

#: a "section" key and its JSON string on one line
_SECTION = re.compile(r'"section"\s*:\s*("(?:[^"\\]|\\.)*")')
_CHINESE = re.compile(r"[\u3400-\u9fff]")


def sections(fileobj, keywords, comment_tags, options):
    """Babel's extractor interface: ``(line number, function name, message, comments)`` for each English section
    heading of the examples' JSON file."""
    for lineno, line in enumerate(fileobj.read().decode(options.get("encoding", "utf-8")).splitlines(), start=1):
        for literal in _SECTION.findall(line):
            text = json.loads(literal)
            if text and not _CHINESE.search(text):
                yield lineno, None, text, ["a section of sample_data/article_examples.json"]
