"""A Griffe extension for the API reference (docs/mkdocs.yml): the docstrings of ``metrics`` are NumPy style with
reStructuredText inside, which mkdocstrings renders as Markdown. Before they are rendered: roles (``:func:`x```, ...)
become code spans; ``:math:`x``` and ``.. math::`` blocks LaTeX for KaTeX (``\\(x\\)``, ``\\[x\\]``); doctest
examples (``>>>``) fenced code blocks (after the NumPy sections, an Examples section); a parameter written
``name : what it is.`` a parameter with that description (not a type); a paragraph's ``::`` (a literal block
follows) ``:``. The docstrings themselves stay as they are (also read with ``help()`` and run as doctests)."""

from __future__ import annotations

import re

import griffe

ROLE = re.compile(r":(?:func|class|mod|meth|attr|data|obj|exc|ref|const):`~?([^`]+)`")
MATH = re.compile(r":math:`([^`]+)`")
#: a NumPy parameter line, ``name : type`` or, in these docstrings, often ``name : what it is.``
PARAMETER = re.compile(r"(\w[\w, ]*?) : (.+)")
DESCRIPTION_WORDS = {"the", "a", "an", "what", "where", "only", "keep", "labels", "grades", "optional", "two", "nDCG"}


def is_description(text: str) -> bool:
    """Whether the text after ``name :`` describes the parameter (rather than naming its type)."""
    return text.endswith(".") or "``" in text or text.split()[0] in DESCRIPTION_WORDS


def markdown(text: str) -> str:
    """``text`` (a docstring) with its reStructuredText constructs turned into Markdown."""
    lines, out, i, section = text.split("\n"), [], 0, ""
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
            out += ["", f"{indent}\\[", *[f"{indent}{b}" for b in body if b], f"{indent}\\]", ""]
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
        if i + 1 < len(lines) and re.fullmatch(r"-{3,}", lines[i + 1].strip()):
            section = stripped
        parameter = PARAMETER.fullmatch(line)
        if section == "Parameters" and parameter and is_description(parameter.group(2)):
            out += [parameter.group(1), "    " + inline(parameter.group(2))]
            i += 1
            continue
        line = inline(line)
        if line.endswith("::") and not line.strip() == "::":
            line = line[:-1]
        out.append(line)
        i += 1
    return "\n".join(out)


def inline(line: str) -> str:
    """``line`` with its roles as code spans and its inline math as ``\\(...\\)`` (rendered by KaTeX)."""
    return MATH.sub(lambda m: f"\\({m.group(1)}\\)", ROLE.sub(lambda m: f"`{m.group(1)}`", line))


class RestructuredText(griffe.Extension):
    """Turns each docstring's reStructuredText into Markdown (:func:`markdown`) when its object is loaded."""

    def on_instance(self, *, obj: griffe.Object, **kwargs) -> None:  # noqa: ARG002 (Griffe's keyword arguments)
        if obj.docstring is not None:
            obj.docstring.value = markdown(obj.docstring.value)
