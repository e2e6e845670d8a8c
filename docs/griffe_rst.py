"""A Griffe extension for the API reference (docs/mkdocs.yml): the docstrings of ``metrics`` are NumPy style with
reStructuredText inside, which mkdocstrings renders as Markdown. Before they are rendered: roles (``:func:`x```,
``:math:`x```, ...) become code spans, ``.. math::`` blocks and doctest examples (``>>>``) become fenced code
blocks (an example after the NumPy sections becomes an Examples section), and a paragraph's ``::`` (a literal block follows) becomes ``:``. The docstrings themselves stay as they are
(they are also read with ``help()`` and run as doctests)."""

from __future__ import annotations

import re

import griffe

ROLE = re.compile(r":(?:func|class|mod|meth|attr|data|math|obj|exc|ref|const):`~?([^`]+)`")


def markdown(text: str) -> str:
    """``text`` (a docstring) with its reStructuredText constructs turned into Markdown."""
    lines, out, i = text.split("\n"), [], 0
    while i < len(lines):
        line = lines[i]
        stripped = line.lstrip()
        indent = line[: len(line) - len(stripped)]
        if stripped.startswith(".. math::"):
            body, i = [], i + 1
            while i < len(lines) and (not lines[i].strip() or lines[i].startswith(indent + " ")):
                body.append(lines[i].strip())
                i += 1
            while body and not body[-1]:
                body.pop()
            out += [f"{indent}```latex", *[f"{indent}{b}" for b in body if b], f"{indent}```", ""]
            continue
        if stripped.startswith(">>>") and not (out and out[-1].strip().startswith("```pycon")):
            block = []
            while i < len(lines) and lines[i].strip():
                block.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i].strip())
                i += 1
            if not indent and any(re.fullmatch(r"-{3,}", o) for o in out):  # after a NumPy section: its own
                out += ["Examples", "--------", *block] if "Examples" not in out else block
            else:
                out += [f"{indent}```pycon", *[f"{indent}{b}" for b in block], f"{indent}```"]
            continue
        line = ROLE.sub(lambda m: f"`{m.group(1)}`", line)
        if line.endswith("::") and not line.strip() == "::":
            line = line[:-1]
        out.append(line)
        i += 1
    return "\n".join(out)


class RestructuredText(griffe.Extension):
    """Turns each docstring's reStructuredText into Markdown (:func:`markdown`) when its object is loaded."""

    def on_instance(self, *, obj: griffe.Object, **kwargs) -> None:  # noqa: ARG002 (Griffe's keyword arguments)
        if obj.docstring is not None:
            obj.docstring.value = markdown(obj.docstring.value)
