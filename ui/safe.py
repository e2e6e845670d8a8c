"""User text (file names, item names, messages quoting them) shown as text, not as Markdown.

Streamlit never renders raw HTML from these calls, but it does render Markdown and LaTeX
(``**x**``, ``$x$``): :func:`plain` escapes every character that would be read as either.
"""

from __future__ import annotations

import re

_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$])")


def plain(text) -> str:
    r"""``text`` with Markdown and LaTeX characters escaped.

    >>> plain("run_a.txt line 2: bad **score** $x$")
    'run\\_a\\.txt line 2: bad \\*\\*score\\*\\* \\$x\\$'
    """
    return _SPECIAL.sub(r"\\\1", str(text))
