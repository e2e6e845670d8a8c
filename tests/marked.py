"""Source-reading helpers for the translation tests: a template written ``N_("...")`` (marked for Babel's extraction,
:func:`metrics.messages.N_`) is read as the literal it marks."""

from __future__ import annotations

import ast


def unmarked(node: ast.expr) -> ast.expr:
    """``node`` itself, or the argument of ``N_(argument)``."""
    if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "N_" and len(node.args) == 1:
        return node.args[0]
    return node
