"""docs/src/add-a-measure.md: its code blocks, run in order, add a toy measure (Hits@k) to the registry and its
batch implementation, and the parser, ``rml measures``, ``rml evaluate`` and its help, ``rml explain`` and batch
evaluation pick it up — nothing else written by hand. The registry and the batch table are restored afterwards."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from metrics.batch.dispatch import BATCH
from metrics.batch.dispatch import problems as all_problems
from metrics.batch.evaluation import evaluate
from metrics.cli import main
from metrics.measures.names import parse_measure
from metrics.measures.registry import REGISTRY, explain_measure, grammar_text, measure_value
from metrics.teaching.explain import explain

pytestmark = pytest.mark.filterwarnings("ignore::metrics.errors.GradesBelowLevelWarning")
PAGE = Path(__file__).resolve().parents[3] / "docs" / "src" / "add-a-measure.md"


def code_blocks() -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", PAGE.read_text(encoding="utf-8"), flags=re.DOTALL | re.MULTILINE)


@pytest.fixture(scope="module")
def toy():
    """The page's namespace after running its code blocks; REGISTRY and BATCH as they were afterwards."""
    registry, batch = dict(REGISTRY), dict(BATCH)
    namespace: dict = {"__name__": "add_a_measure"}
    try:
        for block in code_blocks():
            exec(compile(block, str(PAGE), "exec"), namespace)  # noqa: S102 (the page's own examples)
        yield namespace
    finally:  # (the toy measure never outlives this module's tests)
        REGISTRY.clear()
        REGISTRY.update(registry)
        BATCH.clear()
        BATCH.update(batch)


def cli(*argv) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main([str(arg) for arg in argv], out, err)
    return status, out.getvalue(), err.getvalue()


def test_the_page_has_the_module_the_entry_and_the_batch_function():
    blocks = code_blocks()
    assert len(blocks) == 3
    assert "def hits_steps" in blocks[0] and 'REGISTRY["Hits"]' in blocks[1] and '@batch_of("Hits")' in blocks[2]


def test_the_toy_measure_is_complete_and_parsed(toy):
    assert all_problems(REGISTRY["Hits"]) == []
    measure = parse_measure("Hits(rel=2)@3")
    assert (measure.name, measure.k, measure.param("rel")) == ("Hits", 3, 2)
    assert str(parse_measure("Hits(rel=1)")) == "Hits"


def test_rml_measures_and_the_evaluate_help_list_it(toy):
    assert "Hits[(rel)][@k]" in grammar_text()
    status, out, _ = cli("measures")
    assert status == 0 and re.search(r"^Hits\[\(rel\)\]\[@k\] +— / —: relevant items in the top k", out, re.MULTILINE)
    with pytest.raises(SystemExit):
        cli("evaluate", "--help")


def test_rml_explain_takes_it_in_the_grammar(toy):
    explained = explain("Hits(rel=2)@3", [2, 0, 1, 2])
    assert (explained.measure, explained.value) == ("Hits(rel=2)@3", 1.0)
    assert explained.worked_text == "Hits(rel=2)@3 = 1 + 0 + 0 = 1"
    assert explained.worked_text_at(2) == "Hits(rel=2)@2 = 1 + 0 = 1"
    status, out, err = cli("explain", "Hits@3", "--rels", "2", "0", "1", "2", "--items", "A", "B", "C", "D")
    assert status == 0 and err == ""
    assert out.splitlines()[0] == "Hits: relevant items in the top k (a count) — Hits@3: hits in the top 3"
    assert "Hits@3 = 1 + 0 + 1 = 2" in out
    status, _, err = cli("explain", "Hits(p=0.5)@3", "--rels", "1")
    assert status == 2 and "Hits accepts no parameter 'p' (it accepts: rel)" in err


def test_batch_evaluation_agrees_with_the_value_and_the_step_table(toy, tmp_path):
    qrels = {"q1": {"a": 2, "b": 0, "c": 1}, "q2": {"x": 1, "y": 0}}
    run = {"q1": {"a": 3.0, "b": 2.0, "c": 1.5, "z": 1.0}, "q2": {"y": 2.0, "x": 1.0}}
    result = evaluate(qrels, run, ["Hits@2", "Hits(rel=2)"])
    assert list(result.values["Hits@2"]) == [1.0, 1.0] and list(result.values["Hits(rel=2)"]) == [1.0, 0.0]
    assert result.aggregate["Hits@2"] == 1.0
    for text in ("Hits@2", "Hits(rel=2)", "Hits"):
        measure = parse_measure(text)
        grades, judged = [2, 0, 1, None], [2, 0, 1]
        assert measure_value(measure, grades, judged) == explain_measure(measure, grades, judged).value
    (tmp_path / "qrels").write_text("q1 0 a 2\nq1 0 b 0\nq1 0 c 1\n")
    (tmp_path / "run").write_text("q1 Q0 a 1 3.0 t\nq1 Q0 b 2 2.0 t\nq1 Q0 c 3 1.5 t\n")
    status, out, _ = cli("evaluate", tmp_path / "qrels", tmp_path / "run", "-m", "Hits@3")
    assert status == 0 and out.split() == ["Hits@3", "all", "2.0000"]

