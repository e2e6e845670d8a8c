"""The C/W/L measures of the grammar (INST, INSQ, BPM@k, SDCG@k, NERR8@k .. NERR11: metrics.measures.cwl_measures
and metrics.batch.cwl_measures) against ir_measures' cwl_eval provider on random cases, and on cases worked by hand.

Tie order: ``evaluate`` ranks by score descending, ties by item id descending (trec_eval's order); ir_measures'
cwl_eval provider sorts each query's items by score with a stable sort, so tied items keep the order they are given
in. The run handed to ir_measures lists each query's items in trec_eval's order, so both rank alike."""

from __future__ import annotations

import math
import random
import subprocess
import sys
from pathlib import Path

import pytest

from metrics.batch.evaluation import evaluate
from metrics.errors import MetricsInputError
from metrics.measures.cwl_measures import DEPTH, cwl_measure, cwl_measure_steps
from metrics.measures.names import parse_measure, parse_measures
from metrics.measures.registry import REGISTRY, explain_measure, measure_value

ROOT = Path(__file__).resolve().parents[4]
CWL_NAMES = ("INST", "INSQ", "BPM", "SDCG", "NERR8", "NERR9", "NERR10", "NERR11")
pytestmark = pytest.mark.filterwarnings("ignore::metrics.errors.GradesBelowLevelWarning")


def trec_order(items: dict) -> list[tuple[str, float]]:
    """(item, score) by score descending, ties by item id descending (byte-wise), as ``evaluate`` ranks them."""
    return sorted(items.items(), key=lambda pair: (pair[1], pair[0].encode()), reverse=True)


def random_case(rng: random.Random):
    """Graded qrels (negative grades among them), retrieved items that are unjudged, tied scores, short runs and
    runs past cwl_eval's depth of 1000; queries judged but not retrieved and retrieved but not judged."""
    qrels, run = {}, {}
    for query in rng.sample([f"q{i}" for i in range(1, 8)], rng.randint(1, 4)):
        length = rng.choice([1, 2, 3, 5, 8, 13, 30, rng.randint(990, 1010), 1100])
        pool = [f"d{i:04d}" for i in range(length + rng.randint(0, 10))]
        if rng.random() < 0.9:
            judged = rng.sample(pool, rng.randint(1, min(len(pool), 40)))
            judged += rng.sample(pool, min(len(pool), 5)) if length > 900 else []  # some deep in a long run
            qrels[query] = {item: rng.choice([-1, 0, 0, 0, 1, 1, 2, 3, 4]) for item in judged}
        if rng.random() < 0.9:
            retrieved = rng.sample(pool, length)
            scores = [0.5, 1.0, 1.5, 2.0] if rng.random() < 0.5 else [float(i) for i in range(length)]
            run[query] = {item: rng.choice(scores) for item in retrieved}
    if not qrels or not set(qrels) & set(run):  # at least one query in both
        query = next(iter(run or {"q9": None}))
        qrels[query] = {"d0000": 1}
        run.setdefault(query, {"d0000": 1.0})
    return qrels, run


def measures(rng: random.Random) -> dict[str, tuple[str, dict, int | None]]:
    """Ours -> ir_measures' (name, parameters, cut-off), several parameter values (ir_measures types T and p as
    floats, min_rel and max_rel as ints, and requires max_rel; its parser reads no negative number, so its measures
    are built from their parts)."""
    low, high = rng.choice([(0, 1), (0, 2), (0, 3), (1, 3), (0, 4), (2, 4), (-1, 1), (-2, 3)])  # (below 0:
    # unjudged and grade 0 differ)
    t, p, k = rng.choice([0.5, 1.0, 2.0, 3.0]), rng.choice([0.5, 0.8, 0.9]), rng.choice([1, 2, 3, 5, 10, 20])
    rels, given = f"min_rel={low},max_rel={high}", {"min_rel": low, "max_rel": high}
    return {
        f"INST(T={t},{rels})": ("INST", {"T": t, **given}, None),
        f"INSQ(T={t},{rels})": ("INSQ", {"T": t, **given}, None),
        f"BPM(T={t},{rels})@{k}": ("BPM", {"T": t, **given}, k), f"SDCG({rels})@{k}": ("SDCG", given, k),
        f"NERR8({rels})@{k}": ("NERR8", given, k), f"NERR9({rels})@{k}": ("NERR9", given, k),
        f"NERR10(p={p},{rels})": ("NERR10", {"p": p, **given}, None),
        f"NERR11(T={t},{rels})": ("NERR11", {"T": t, **given}, None),
        "INST": ("INST", {"max_rel": 1}, None), "NERR10": ("NERR10", {"p": 0.8, "max_rel": 1}, None),
    }


def ir_measures_values(qrels: dict, run: dict, pairs: dict) -> dict:
    """ir_measures' cwl_eval provider's value per (query, our name), each query's items given in trec_eval's
    order."""
    ir_measures = pytest.importorskip("ir_measures")
    pytest.importorskip("cwl")
    parsed = {}
    for ours, (name, params, k) in pairs.items():
        measure = getattr(ir_measures, name)(**params)
        parsed[ours] = measure if k is None else measure @ k
    ordered = {query: dict(trec_order(items)) for query, items in run.items()}
    values = {}
    for metric in ir_measures.cwl_eval.iter_calc(list(set(parsed.values())), qrels, ordered):
        for name, measure in parsed.items():  # (two spellings may be one measure: INST, INST(max_rel=1))
            if measure == metric.measure:
                values[metric.query_id, name] = float(metric.value)
    return values


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_evaluate_the_value_function_and_the_step_table_equal_ir_measures_on_random_cases():
    rng = random.Random(33)
    checked = 0
    for _ in range(40):
        qrels, run = random_case(rng)
        pairs = measures(rng)
        theirs = ir_measures_values(qrels, run, pairs)
        ours = evaluate(qrels, run, list(pairs))
        assert set(ours.queries) == set(qrels) & set(run)
        for at, query in enumerate(ours.queries):
            grades = [qrels[query].get(item) for item, _ in trec_order(run[query])]
            judged = list(qrels[query].values())
            for name in pairs:
                expected = theirs[(query, name)]
                measure = parse_measure(name)
                assert ours.values[str(measure)][at] == expected, (name, query)
                assert measure_value(measure, grades, judged) == expected, (name, query)
                if len(grades) < 40:  # (a step table of a thousand rows is slow to write)
                    assert explain_measure(measure, grades, judged).value == expected, (name, query)
                checked += 1
    assert checked > 40 * 10


def test_inst_worked_by_hand():
    """One relevant item at rank 1 (T = 1): C(1) = ((1 + 1 + 0 − 1)/(1 + 1 + 0))² = 1/4, then C(i) = (i/(i + 1))², so
    the chance of reaching rank i is 1/i² and INST = W(1) = 1 / Σ_{i≤1000} 1/i². At rank 2 instead: C(1) = C(2) =
    (2/3)², reach 1, 4/9, then 16/(9i²) from rank 3; INST = W(2) = (4/9) / (1 + 4/9 + Σ_{3≤i≤1000} 16/(9i²))."""
    first = 1 / math.fsum(1 / i ** 2 for i in range(1, DEPTH + 1))
    assert cwl_measure("INST", [1]) == pytest.approx(first, abs=1e-12)
    assert cwl_measure("INST", [3, 0, None], max_rel=3) == pytest.approx(first, abs=1e-12)
    second = (4 / 9) / math.fsum([1, 4 / 9] + [16 / (9 * i ** 2) for i in range(3, DEPTH + 1)])
    assert cwl_measure("INST", [0, 1]) == pytest.approx(second, abs=1e-12)
    table = cwl_measure_steps("INST", [0, 1]).table
    assert table["C"].tolist() == pytest.approx([4 / 9, 4 / 9])
    assert table["L"].tolist() == pytest.approx([5 / 9, 4 / 9 * 5 / 9])


def test_nerr_worked_by_hand():
    """Grades 1, 2, 0 with max_rel = 2: gains 1/2, 1, 0. NERR8@3: C = 1 − g for ranks below 3: 1/2, 0; reach 1,
    1/2; W = 2/3, 1/3; EU = 2/3·1/2 + 1/3·1 = 2/3. NERR9@3: C(1) = 1/2·1/2 = 1/4, C(2) = 0; W = 4/5, 1/5; EU = 3/5.
    NERR10(p=0.5): C(1) = 1/4, C(2) = 0: 3/5 again. NERR8@1: the user reads rank 1 only: 1/2."""
    grades = [1, 2, 0]
    assert cwl_measure("NERR8", grades, k=3, max_rel=2) == pytest.approx(2 / 3, abs=1e-15)
    assert cwl_measure("NERR9", grades, k=3, max_rel=2) == pytest.approx(3 / 5, abs=1e-15)
    assert cwl_measure("NERR10", grades, p=0.5, max_rel=2) == pytest.approx(3 / 5, abs=1e-15)
    assert cwl_measure("NERR8", grades, k=1, max_rel=2) == 0.5
    explained = explain_measure(parse_measure("NERR8(max_rel=2)@3"), grades, grades)
    assert explained.measure == "NERR8(max_rel=2)@3"
    assert explained.table["C"].tolist() == pytest.approx([0.5, 0, 0])
    assert explained.table["W"].tolist() == pytest.approx([2 / 3, 1 / 3, 0])
    assert explained.table["L"].tolist() == pytest.approx([0.5, 0.5, 0])
    assert explained.table["EU"].tolist() == pytest.approx([1 / 3, 2 / 3, 2 / 3])


def test_bpm_and_sdcg_worked_by_hand():
    """BPM(T=1)@3 on gains 0, 1, 1: C = 1, 0 (the gain wanted is reached at rank 2): W = 1/2, 1/2, EU = 1/2.
    SDCG@2 on gains 0, 1: (1/log2 3) / (1 + 1/log2 3)."""
    assert cwl_measure("BPM", [0, 1, 1], k=3) == 0.5
    assert cwl_measure("BPM", [0, 0, 0, 1], k=3) == 0.0
    assert cwl_measure("SDCG", [0, 1], k=2) == pytest.approx((1 / math.log2(3)) / (1 + 1 / math.log2(3)))


def test_parameters_are_checked_with_one_clear_message():
    with pytest.raises(MetricsInputError, match="min_rel must be below max_rel"):
        parse_measure("INST(min_rel=2,max_rel=2)")
    with pytest.raises(MetricsInputError, match="min_rel must be below max_rel"):
        parse_measure("NERR10(min_rel=1)")
    with pytest.raises(MetricsInputError, match="T must be above 0"):
        parse_measure("INSQ(T=0)")
    with pytest.raises(MetricsInputError, match="needs a cut-off"):
        parse_measure("NERR8")
    with pytest.raises(MetricsInputError, match="takes no cut-off"):
        parse_measure("INST@10")
    with pytest.raises(MetricsInputError, match="must be below max_rel"):
        cwl_measure("INST", [1], min_rel=3, max_rel=1)
    with pytest.raises(MetricsInputError, match="k is required"):
        cwl_measure("SDCG", [1])


def test_cwl_evals_class_names_are_aliases():
    assert parse_measure("INSTCWLMetric(T=2)") == parse_measure("INST(T=2)")
    assert parse_measure("nerreq8cwlmetric@5").name == "NERR8"
    assert parse_measure("NDCGCWLMetric@5").name == "SDCG"
    assert {info.ir_measures.partition("(")[0] for name, info in REGISTRY.items() if name in CWL_NAMES} \
        == set(CWL_NAMES)


def test_the_command_line_evaluates_and_explains_them():
    qrels, run = ROOT / "sample_data" / "trec" / "qrels.txt", ROOT / "sample_data" / "trec" / "run_a.txt"
    names = ["INST(T=2)", "INSQ", "BPM@10", "SDCG(max_rel=2)@10", "NERR8@10", "NERR9@5", "NERR10(p=0.9)", "NERR11"]
    done = subprocess.run([sys.executable, "-m", "metrics", "evaluate", str(qrels), str(run),
                           *[arg for name in names for arg in ("-m", name)]], capture_output=True, text=True,
                          cwd=ROOT)
    assert done.returncode == 0, done.stderr
    for name in names:
        assert str(parse_measure(name)) in done.stdout, name
    explained = subprocess.run([sys.executable, "-m", "metrics", "explain", "INST(T=3)", "--rels", "1", "0", "1"],
                               capture_output=True, text=True, cwd=ROOT)
    assert explained.returncode == 0, explained.stderr
    assert f"INST(T=3) = {cwl_measure('INST', [1, 0, 1], T=3):.4f}" in explained.stdout
    refused = subprocess.run([sys.executable, "-m", "metrics", "evaluate", str(qrels), str(run), "-m",
                              "INST(min_rel=1,max_rel=1)"], capture_output=True, text=True, cwd=ROOT)
    assert refused.returncode != 0 and "Traceback" not in refused.stderr
    assert "min_rel must be below max_rel" in refused.stderr


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_ir_measures_objects_and_records_mean_the_same_measure():
    """An ir_measures object read here keeps ir_measures' defaults (NERR10's p is 0.9 there, 0.8 here); the records
    of to_ir_measures name measures that ir_measures, computing them, gives the same values for."""
    ir_measures = pytest.importorskip("ir_measures")
    pytest.importorskip("cwl")
    assert parse_measures([ir_measures.NERR10(max_rel=2)]) == [parse_measure("NERR10(p=0.9,max_rel=2)")]
    assert parse_measures([ir_measures.SDCG(dcg="log2", max_rel=3) @ 5]) == [parse_measure("SDCG(max_rel=3)@5")]
    qrels = {"q1": {"a": 2, "b": 0, "c": 1, "d": 3}, "q2": {"x": 1, "y": 0}}
    run = {"q1": {"a": 3.0, "b": 2.0, "z": 1.0, "c": 0.5}, "q2": {"y": 2.0, "x": 1.0}}
    ours = evaluate(qrels, run, ["NERR10", "INST", "INST(T=2,max_rel=3)", "BPM(T=0.5)@2", "SDCG(max_rel=2)@4",
                                 "NERR8@3", "NERR9(max_rel=3)@2", "NERR11(T=2)", "INSQ"])
    records = ours.to_ir_measures()
    assert all(not isinstance(record.measure, str) for record in records)
    theirs = {(m.query_id, m.measure): float(m.value)
              for m in ir_measures.cwl_eval.iter_calc({record.measure for record in records}, qrels, run)}
    for record in records:
        assert record.value == theirs[(record.query_id, record.measure)], record
