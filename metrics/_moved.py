"""The module paths from before the layered layout keep importing: ``import metrics.cumulative_gain``
gives :mod:`metrics.measures.ndcg`, ``from metrics.trec import read_run`` works, and so on.

A meta path finder maps each old name to its new module (the same module object, not a copy).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys

#: old module under ``metrics`` -> its place now
MOVED = {
    "cumulative_gain": "measures.ndcg", "discount_kinds": "measures.discounts", "ap": "measures.ap",
    "rr": "measures.rr", "cutoff": "measures.cutoff", "roc": "measures.roc", "beyond": "measures.beyond",
    "summary": "measures.summary",
    "io": "readers.io", "trec": "readers.trec", "tables": "readers.tables", "columns": "readers.columns",
    "fields": "readers.fields", "sources": "readers.sources",
    "significance": "statistics.significance",
    "quiz": "teaching.quiz", "articles": "teaching.articles", "handout": "teaching.handout",
    "swaps": "teaching.swaps", "changes": "teaching.changes", "explain": "teaching.explain",
}


class OldPaths(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``metrics.<old name>`` and puts the module at its new path in its place."""

    def find_spec(self, fullname, path=None, target=None):
        package, _, leaf = fullname.rpartition(".")
        if package == "metrics" and leaf in MOVED:
            return importlib.util.spec_from_loader(fullname, self)
        return None

    def create_module(self, spec):
        return None  # a placeholder, replaced in exec_module

    def exec_module(self, module):
        leaf = module.__name__.rpartition(".")[2]
        sys.modules[module.__name__] = importlib.import_module(f"metrics.{MOVED[leaf]}")


def install() -> None:
    if not any(isinstance(finder, OldPaths) for finder in sys.meta_path):
        sys.meta_path.append(OldPaths())
