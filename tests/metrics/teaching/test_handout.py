"""Handouts (metrics.teaching.handout): Markdown, LaTeX and CSV exports of a worked example, and presenter steps."""

from __future__ import annotations

import io
import re
import shutil
import subprocess

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from metrics import ap_steps, ndcg_steps, precision_steps, recall_steps, roc_auc_explanation, rr_steps
from metrics.teaching.handout import (
    csv_tables,
    escape_latex,
    escape_markdown,
    file_stem,
    latex_handout,
    markdown_handout,
    presenter_steps,
)
from ui.model.presets import PRESETS

HOSTILE = ["<img src=x onerror=alert(1)>", "50%_&_$x$", "a|b", r"back\slash{}~^#", "=1+1"]


def board_explanations(board):
    """The four explanations the handout page offers, with the board's conventions."""
    rels, items, t = board.rels(), board.ranking, board.threshold
    k = min(board.k, len(items))
    return {
        "nDCG": ndcg_steps(rels, k=min(board.k, max(len(items), len(board.judged()))), gain=board.gain,
                           ideal=board.ideal_grades(), items=items, ideal_items=board.ideal_items()),
        "AP": ap_steps(rels, k=k, n_relevant=board.n_relevant(t), denominator=board.ap_denominator, items=items,
                       threshold=t),
        "RR": rr_steps(rels, k=k, items=items, threshold=t),
        "P@K": precision_steps(rels, k, items=items, threshold=t),
    }


CASES = [(key, metric) for key in ("003_ndcg", "000_list_1", "001_hit_ap_mrr", "unjudged", "no_relevant")
         for metric in ("nDCG", "AP", "RR", "P@K")]


def tables_of(explanation):
    tables = [explanation.table]
    if "ideal_table" in explanation.details:
        tables.append(explanation.details["ideal_table"])
    return tables


# --------------------------------------------------------------------------- structure checkers


def latex_problems(tex: str) -> list[str]:
    """Structural problems of a LaTeX text: unbalanced braces, unmatched begin/end, ragged tabulars."""
    problems, depth, i = [], 0, 0
    while i < len(tex):
        char = tex[i]
        if char == "\\":
            i += 2  # a control symbol (\{ \} \\ \& ...) or the first letter of a control word
            continue
        if char == "%":
            i = tex.find("\n", i) if "\n" in tex[i:] else len(tex)
            continue
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth < 0:
                problems.append(f"closing brace without opening at {i}")
                depth = 0
        i += 1
    if depth:
        problems.append(f"{depth} brace(s) left open")
    stack = []
    for kind, name in re.findall(r"\\(begin|end)\{([^}]*)\}", tex):
        if kind == "begin":
            stack.append(name)
        elif not stack or stack.pop() != name:
            problems.append(f"\\end{{{name}}} does not close the last \\begin")
    if stack:
        problems.append(f"unclosed environments: {stack}")
    for spec, body in re.findall(r"\\begin\{tabular\}\{([lrc]+)\}(.*?)\\end\{tabular\}", tex, flags=re.S):
        for line in body.splitlines():
            if line.endswith(r"\\"):
                cells = len(re.findall(r"(?<!\\)&", line)) + 1
                if cells != len(spec):
                    problems.append(f"{cells} cells for {len(spec)} columns: {line}")
    return problems


def markdown_table_rows(md: str) -> list[list[str]]:
    """The cells of every pipe-table line, split on unescaped pipes."""
    rows = []
    for line in md.splitlines():
        if line.startswith("| "):
            rows.append([cell.strip() for cell in re.split(r"(?<!\\)\|", line)[1:-1]])
    return rows


# --------------------------------------------------------------------------- the values are in the exports


@pytest.mark.parametrize(("key", "metric"), CASES)
def test_exports_contain_every_value_of_the_value_column(key, metric):
    explanation = board_explanations(PRESETS[key])[metric]
    md, tex = markdown_handout(explanation, PRESETS[key].title), latex_handout(explanation, PRESETS[key].title)
    for value in explanation.table[explanation.column]:
        assert f"{value:.4f}" in md
        assert f"{value:.4f}" in tex
    assert f"{explanation.value:.4f}" in md.split("## Result")[1]
    assert f"{explanation.value:.4f}" in tex.split(r"\subsection*{Result}")[1]


@pytest.mark.parametrize(("key", "metric"), CASES)
def test_every_row_of_every_table_is_in_both_exports(key, metric):
    explanation = board_explanations(PRESETS[key])[metric]
    md, tex = markdown_handout(explanation), latex_handout(explanation)
    rows = markdown_table_rows(md)
    expected_rows = sum(len(t) + 2 for t in tables_of(explanation))  # header, rule, rows
    assert len(rows) == expected_rows
    assert {len(row) for row in rows} <= {len(t.columns) for t in tables_of(explanation)}
    for table in tables_of(explanation):
        for _, row in table.iterrows():
            for column in table.columns:
                if table[column].dtype.kind == "f" and column != "rel":
                    assert f"{row[column]:.4f}" in md and f"{row[column]:.4f}" in tex
    assert tex.count(r"\begin{tabular}") == len(tables_of(explanation))
    assert latex_problems(tex) == []


def test_the_formula_and_the_formula_with_numbers_are_in_both():
    explanation = board_explanations(PRESETS["003_ndcg"])["nDCG"]
    md, tex = markdown_handout(explanation, "Article 003"), latex_handout(explanation, "Article 003")
    assert f"$$\n{explanation.formula}\n$$" in md
    assert explanation.formula in tex
    for line in explanation.worked.split(r" \\ "):
        assert line in md and line in tex
    assert explanation.worked_text in md
    assert md.startswith("# Article 003\n") and r"\section*{Article 003}" in tex
    assert "## The ideal ordering" in md and r"\subsection*{The ideal ordering}" in tex
    assert "0.8645" in md and "45.6428" in md  # nDCG and IDCG of article 003, exactly


def test_ap_handout_has_no_ideal_table():
    md = markdown_handout(ap_steps([0, 1, 0, 1, 1], n_relevant=4))
    assert "ideal" not in md.lower()
    assert "**AP = 0.4000**" in md


# --------------------------------------------------------------------------- escaping


@pytest.mark.parametrize("metric", ["nDCG", "AP", "RR", "P@K"])
def test_hostile_item_names_are_escaped(metric):
    from ui.model.board import Board

    board = Board.from_ranking([2, 0, 1, 3, 0], items=HOSTILE, k=5, title="<b>My</b> 50% $list$ | #1")
    explanation = board_explanations(board)[metric]
    md, tex = markdown_handout(explanation, board.title), latex_handout(explanation, board.title)
    # Markdown: no raw tag, no math, pipes escaped so the table keeps its columns
    assert "<img" not in md and "<b>" not in md
    assert "&lt;img src=x onerror=alert(1)&gt;" in md
    assert r"50%\_&amp;\_\$x\$" in md
    assert r"a\|b" in md
    assert md.startswith(r"# &lt;b&gt;My&lt;/b&gt; 50% \$list\$ \| \#1")
    widths = {len(row) for row in markdown_table_rows(md)}
    assert widths <= {len(t.columns) for t in tables_of(explanation)}
    # LaTeX: every special character escaped, the document still well formed
    assert r"50\%\_\&\_\$x\$" in tex
    assert r"\textless{}img src=x onerror=alert(1)\textgreater{}" in tex
    assert r"back\textbackslash{}slash\{\}\textasciitilde{}\textasciicircum{}\#" in tex
    assert latex_problems(tex) == []


def test_escape_functions():
    assert escape_markdown("<img src=x onerror=alert(1)>") == "&lt;img src=x onerror=alert(1)&gt;"
    assert escape_markdown("50%_&_$x$") == r"50%\_&amp;\_\$x\$"
    assert escape_markdown("two\nlines") == "two lines"
    assert escape_latex("50%_&_$x$") == r"50\%\_\&\_\$x\$"
    assert escape_latex("~^\\{}#") == r"\textasciitilde{}\textasciicircum{}\textbackslash{}\{\}\#"


@settings(max_examples=60, deadline=None)
@given(names=st.lists(st.text(min_size=1, max_size=12), min_size=1, max_size=6, unique=True),
       data=st.data())
def test_any_item_names_give_well_formed_exports(names, data):
    rels = data.draw(st.lists(st.integers(0, 3), min_size=len(names), max_size=len(names)))
    explanation = ndcg_steps(rels, k=len(rels), items=names)
    md, tex = markdown_handout(explanation, title=names[0]), latex_handout(explanation, title=names[0])
    assert latex_problems(tex) == []
    assert "<" not in md.split("## Step by step")[1]  # no raw HTML in the tables
    rows = markdown_table_rows(md)
    assert all(len(row) == len(explanation.table.columns) for row in rows[: len(rels) + 2])


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="no pdflatex on this machine")
def test_latex_compiles(tmp_path):  # pragma: no cover - only where TeX is installed
    explanation = board_explanations(PRESETS["003_ndcg"])["nDCG"]
    (tmp_path / "h.tex").write_text(latex_handout(explanation, "50% & $x$"))
    run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "h.tex"], cwd=tmp_path, capture_output=True)
    assert run.returncode == 0, run.stdout[-2000:]


# --------------------------------------------------------------------------- CSV


@pytest.mark.parametrize(("key", "metric"), CASES)
def test_csv_tables_round_trip(key, metric):
    explanation = board_explanations(PRESETS[key])[metric]
    tables = csv_tables(explanation)
    assert list(tables) == (["steps", "ideal"] if metric == "nDCG" else ["steps"])
    for text, table in zip(tables.values(), tables_of(explanation)):
        back = pd.read_csv(io.StringIO(text), keep_default_na=False)
        assert list(back.columns) == list(table.columns)
        for column in table.columns:
            if table[column].dtype.kind in "if":
                assert back[column].astype(float).tolist() == pytest.approx(table[column].astype(float).tolist())
        assert back["item"].astype(str).tolist() == [str(i) for i in table["item"]]


def test_csv_neutralises_spreadsheet_formulas():
    text = csv_tables(precision_steps([1, 0, 1], 3, items=["=HYPERLINK(1)", "+2", "@x"]))["steps"]
    back = pd.read_csv(io.StringIO(text))
    assert back["item"].tolist() == ["'=HYPERLINK(1)", "'+2", "'@x"]


def test_file_stem_is_safe():
    assert file_stem(board_explanations(PRESETS["003_ndcg"])["nDCG"]) == "nDCG-gain-exp-5-handout"
    assert re.fullmatch(r"[A-Za-z0-9-]+", file_stem(ap_steps([1, 0], k=2, n_relevant=1)))


# --------------------------------------------------------------------------- presenter steps


def test_presenter_ndcg_sentence_matches_the_readme_example():
    steps = presenter_steps(ndcg_steps([3, 2, 3, 0, 1], k=3, items="ABCDE"))
    assert [s.sentence for s in steps] == [
        "rank 1 · A: gain 3, discount log2(2) = 1, adds 3 → DCG 3",
        "rank 2 · B: gain 2, discount log2(3) = 1.5850, adds 1.2619 → DCG 4.2619",
        "rank 3 · C: gain 3, discount log2(4) = 2, adds 1.5 → DCG 5.7619",
    ]
    assert steps[2].term == r"\frac{3}{\log_2(4)} = 1.5 \quad\Rightarrow\quad \mathrm{DCG@3} = 5.7619"
    assert steps[2].running[0] == ("nDCG@3", pytest.approx(0.97778, abs=1e-5))


@pytest.mark.parametrize(("key", "metric"), CASES)
def test_presenter_steps_follow_the_table(key, metric):
    explanation = board_explanations(PRESETS[key])[metric]
    steps = presenter_steps(explanation)
    assert len(steps) == len(explanation.table)
    assert [s.rank for s in steps] == explanation.table["rank"].tolist()
    headline = [s.running[0][1] for s in steps]
    assert headline == pytest.approx(explanation.table[explanation.column].tolist())
    for step, item in zip(steps, explanation.table["item"]):
        assert step.sentence.startswith(f"rank {step.rank} · {item}:" if item else f"rank {step.rank}:")
        assert step.term.count("{") == step.term.count("}")


def test_presenter_ap_rr_and_precision_sentences():
    ap = presenter_steps(ap_steps([0, 1, 0, 1, 1], n_relevant=4))
    assert ap[0].sentence == "rank 1 · d1: not relevant: adds nothing, the sum stays 0, AP = 0/4 = 0"
    assert ap[4].sentence == ("rank 5 · d5: relevant, 3 hits in the top 5: precision 3/5 = 0.6, adds 0.6 → "
                              "sum 1.6, AP = 1.6/4 = 0.4")
    rr = presenter_steps(rr_steps([0, 1, 1]))
    assert [s.sentence for s in rr] == ["rank 1 · d1: not relevant: no hit yet, RR so far 0",
                                        "rank 2 · d2: the first relevant item → RR = 1/2 = 0.5",
                                        "rank 3 · d3: after the first hit: RR ignores it, stays 1/2 = 0.5"]
    p = presenter_steps(precision_steps([1, 0, 1], 3))
    assert p[2].sentence == "rank 3 · d3: relevant, 2 hits → P@3 = 2/3 = 0.6667"
    r = presenter_steps(recall_steps([1, 0, 1], 3, n_relevant=4))
    assert r[2].sentence == "rank 3 · d3: relevant, 2 hits → R@3 = 2/4 = 0.5"


def test_presenter_and_handout_work_for_any_explanation():
    explanation = roc_auc_explanation([1, 0, 1, 0], [0.9, 0.8, 0.4, 0.1])
    steps = presenter_steps(explanation)
    assert len(steps) == len(explanation.table)
    assert steps[-1].sentence == "step 4: running_area = 0.75"
    assert steps[-1].term == r"\mathrm{running\_area} = 0.75"
    assert latex_problems(latex_handout(explanation)) == []
    assert f"{explanation.value:.4f}" in markdown_handout(explanation)
