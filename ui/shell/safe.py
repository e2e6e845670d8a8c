"""User text (file names, item names, messages quoting them) shown as text, not as Markdown.

Streamlit never renders raw HTML from these calls, but it does render Markdown and LaTeX
(``**x**``, ``$x$``): :func:`plain` escapes what would be read as either, with the same rules
as the exported Markdown handouts (:func:`metrics.teaching.handout.escape_markdown`).
"""

from __future__ import annotations

import re

from metrics.teaching.handout import escape_markdown


def plain(text) -> str:
    r"""``text`` as Markdown that shows it literally.

    >>> plain("run_a.txt line 2: bad **score** $x$ <b>")
    'run\\_a.txt line 2: bad \\*\\*score\\*\\* \\$x\\$ &lt;b&gt;'
    """
    return escape_markdown(text)


def code(text) -> str:
    r"""``text`` as a Markdown code span that shows it literally (backticks in it too; line breaks become spaces).

    >>> code("question.measure"), code("a`b"), code("`x")
    ('`question.measure`', '``a`b``', '`` `x ``')
    """
    text = " ".join(str(text).splitlines())
    fence = "`" * (max(map(len, re.findall("`+", text)), default=0) + 1)
    pad = " " if text[:1] == "`" or text[-1:] == "`" or (text[:1] == text[-1:] == " " and text.strip()) else ""
    return f"{fence}{pad}{text}{pad}{fence}"
