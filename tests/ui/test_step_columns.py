"""The renderers read step-table columns by their declared names (metrics.explanation.Column), never by a string, and
every column a renderer reads is a column of the explanations it renders (read from the one board → explanation
step, ui.model.explain, on a board; no page is run)."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

from metrics.explanation import COLUMN_LABELS, COLUMNS, Column
from metrics.measures.interpolated import iprec_steps
from metrics.measures.judged import judged_steps
from metrics.measures.rr import rr_curve
from ui.model import explain
from ui.model.board import Board

ROOT = Path(__file__).resolve().parents[2]
BOARD = Board(grades={"a": 2.0, "b": 0.0, "c": 3.0, "d": None, "e": 1.0, "f": 0.0}, ranking=("b", "a", "d", "c"), k=3)

#: the names a step table (or one of its rows, or a part of it) goes by in the renderers: a string subscript of one
#: of them is a column read by string
TABLE_NAMES = {"table", "row", "shown", "curve", "points", "levels", "linear", "exponential", "ideal", "window"}


@cache
def frames() -> dict[str, set[str]]:
    """The columns of each table a renderer may draw, by what it is: every board measure's step table (and nDCG's
    ideal table), ROC's trapezoids and its curve, RR by the rank of the first hit, interpolated precision's levels and
    points, Judged@K's table (the More-measures page marks its judged rows)."""
    from ui.topics import paced

    tables = {measure: set(explain.explain(BOARD, measure).table.columns) for measure in explain.MEASURES}
    tables["ideal"] = set(explain.explain(BOARD, "nDCG").details["ideal_table"].columns)
    roc = paced.roc(BOARD).explanation
    tables["ROC"], tables["ROC curve"] = set(roc.table.columns), set(roc.details["curve"].columns)
    tables["RR curve"] = set(rr_curve(5, 3).columns)
    levels = iprec_steps(BOARD.rels(), n_relevant=BOARD.n_relevant())
    tables["iprec"], tables["iprec points"] = set(levels.table.columns), set(levels.details["points"].columns)
    tables["Judged"] = set(judged_steps(BOARD.rels(), 3).table.columns)
    return tables


BOARD_TABLES = (*explain.MEASURES, "ideal")
#: each renderer and the tables it draws
RENDERERS = {
    "ui/topics/paced.py": (*BOARD_TABLES, "ROC"),
    "ui/topics/compare.py": ("nDCG", "ideal"),
    "ui/teaching/lecture.py": (*BOARD_TABLES, "ROC"),
    "ui/teaching/explainer.py": (*BOARD_TABLES, "ROC", "iprec"),
    "ui/teaching/presenter.py": BOARD_TABLES,
    "ui/classroom/follower.py": (*BOARD_TABLES, "ROC"),
    "ui/charts.py": (*BOARD_TABLES, "ROC curve", "RR curve", "iprec", "iprec points"),
    "pages/ndcg.py": ("nDCG", "ideal"),
    "pages/ap.py": ("AP",),
    "pages/rr.py": ("RR", "RR curve"),
    "pages/cutoff.py": ("P", "R", "F1", "Hit", "Rprec", "iprec"),
    "pages/roc.py": ("ROC", "ROC curve"),
    "pages/handout.py": ("nDCG", "AP", "RR", "P", "ideal"),
    "pages/more_measures.py": (*BOARD_TABLES, "Judged"),
}


def _column_names(tree: ast.AST) -> list[tuple[str, int]]:
    """(name, line) of every ``Column.NAME`` in ``tree``."""
    return [(node.attr, node.lineno) for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "Column"]


def _string_reads(tree: ast.AST) -> list[tuple[str, int]]:
    """(column, line) of every step-table column read by string: ``table["rel"]``, ``row['item']``,
    ``explanation.table["DCG"]``, ``"rel" in row``."""
    def tableish(node) -> bool:
        return (isinstance(node, ast.Name) and node.id in TABLE_NAMES) or (
            isinstance(node, ast.Attribute) and node.attr in ("table", "iloc", "loc") and (
                node.attr == "table" or tableish(node.value)))

    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and tableish(node.value):
            index = node.slice
            keys = index.elts if isinstance(index, (ast.List, ast.Tuple)) else [index]
            found += [(key.value, node.lineno) for key in keys
                      if isinstance(key, ast.Constant) and key.value in COLUMNS]
        elif isinstance(node, ast.Compare) and isinstance(node.left, ast.Constant) and node.left.value in COLUMNS \
                and any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops) and tableish(node.comparators[0]):
            found.append((node.left.value, node.lineno))
    return found


def test_every_declared_column_has_a_header():
    assert COLUMNS and COLUMNS <= set(COLUMN_LABELS), sorted(COLUMNS - set(COLUMN_LABELS))
    assert len(COLUMNS) == sum(name.isupper() for name in vars(Column)), "two declared names for one column"


@pytest.mark.parametrize("path", sorted(RENDERERS))
def test_a_renderer_reads_declared_columns_of_what_it_renders(path):
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    assert not _string_reads(tree), f"{path}: columns read by string (use metrics.explanation.Column)"
    drawn = set().union(*(frames()[name] for name in RENDERERS[path]))
    problems = [f"{path}:{line}: Column.{name}" for name, line in _column_names(tree)
                if not hasattr(Column, name) or getattr(Column, name) not in drawn]
    assert not problems, f"not a declared column of the tables it draws: {problems}"


def test_the_step_windows_show_columns_of_their_tables():
    from ui.topics import compare, paced

    assert set(compare.NDCG_COLUMNS) | set(compare.WINDOW_COLUMNS) <= frames()["nDCG"]
    assert set(paced.ROC_WINDOW) <= frames()["ROC"]


def test_a_string_read_is_found():
    tree = ast.parse('row["discounted_gain"]; explanation.table["DCG"]; "rel" in row; table[["rank", "item"]]; '
                     'details["DCG"]')
    assert sorted(_string_reads(tree)) == [("DCG", 1), ("discounted_gain", 1), ("item", 1), ("rank", 1), ("rel", 1)]
