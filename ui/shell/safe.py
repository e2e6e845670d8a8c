"""User text (file names, item names, messages quoting them) shown as text, not as Markdown.

Streamlit never renders raw HTML from these calls, but it does render Markdown and LaTeX
(``**x**``, ``$x$``): :func:`plain` escapes what would be read as either, with the same rules
as the exported Markdown handouts (:func:`metrics.teaching.handout.escape_markdown`).
"""

from __future__ import annotations

from metrics.teaching.handout import escape_markdown


def plain(text) -> str:
    r"""``text`` as Markdown that shows it literally.

    >>> plain("run_a.txt line 2: bad **score** $x$ <b>")
    'run\\_a.txt line 2: bad \\*\\*score\\*\\* \\$x\\$ &lt;b&gt;'
    """
    return escape_markdown(text)
