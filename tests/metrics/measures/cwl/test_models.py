"""The C/W/L models by hand (values worked on paper below), their properties, the step table, cwl_eval's
bad input (one line naming the file, the line and the problem) and the corrected dynamic BPM."""

from __future__ import annotations

import io
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from metrics.batch.cwl_eval import main
from metrics.explanation import COLUMN_LABELS
from metrics.measures.cwl import MODELS, TrAPCWLMetric, UMeasureCWLMetric, cwl_steps, cwl_table, parse_model


def _cwl(model: str, gains, costs=None):
    model = parse_model(model)
    gains = np.asarray(gains, dtype=float)
    costs = np.ones(len(gains)) if costs is None else np.asarray(costs, dtype=float)
    table = cwl_table(model, gains, costs)
    return table, model.scores(gains, costs)


def test_rbp_by_hand():
    # θ = 0.5 over gains 1, 0, 1: C = ½ everywhere; W ∝ 1, ½, ¼ (sum 7/4) = 4/7, 2/7, 1/7;
    # L(i) = θ^(i−1)(1 − θ) = ½, ¼, ⅛ (the other ⅛ reads on past the depth); EU = 4/7 + 1/7 = 5/7;
    # ETU = ½·1 + ¼·1 + ⅛·2 = 1; ED = 1/W(1) = 7/4
    table, (eu, etu, ec, etc, ed) = _cwl("RBPCWLMetric(0.5)", [1, 0, 1])
    assert table["C"] == pytest.approx([0.5, 0.5, 0.5])
    assert table["W"] == pytest.approx([4 / 7, 2 / 7, 1 / 7])
    assert table["L"] == pytest.approx([1 / 2, 1 / 4, 1 / 8])
    assert (eu, etu, ec, ed) == pytest.approx((5 / 7, 1.0, 1.0, 7 / 4))


def test_inst_by_hand():
    # T = 1 over gains 0, 1, 0: gain so far 0, 1, 1, so T_i = 1, 0, 0;
    # C(i) = ((i + T + T_i − 1)/(i + T + T_i))²: (2/3)² = 4/9, (2/3)² = 4/9, (3/4)² = 9/16;
    # W ∝ 1, 4/9, 16/81 (sum 133/81) = 81/133, 36/133, 16/133; EU = 36/133
    table, (eu, *_rest) = _cwl("INSTCWLMetric(1)", [0, 1, 0])
    assert table["C"] == pytest.approx([4 / 9, 4 / 9, 9 / 16])
    assert table["W"] == pytest.approx([81 / 133, 36 / 133, 16 / 133])
    assert eu == pytest.approx(36 / 133)


def test_rr_by_hand():
    # gains 0, 0.5, 1, 0: the first gain is at rank 2, so C = 1, 0, 0, 0; W = ½, ½, 0, 0; L = 0, 1, 0, 0;
    # EU = ½·0.5 = 0.25 (1/rank with a gain of 1); ETU = 0.5 (the gain read); ED = 2
    table, (eu, etu, _ec, _etc, ed) = _cwl("RRCWLMetric()", [0, 0.5, 1, 0])
    assert list(table["C"]) == [1, 0, 0, 0] and list(table["L"]) == [0, 1, 0, 0]
    assert list(table["W"]) == [0.5, 0.5, 0, 0]
    assert (eu, etu, ed) == (0.25, 0.5, 2.0)


def test_precision_by_hand():
    # P@3 over gains 1, 0, 0.5, 1: C = 1, 1, 0, 0; W = ⅓, ⅓, ⅓, 0; EU = 1.5/3 = 0.5; L = 0, 0, 1, 0;
    # ETU = 1.5 (the gain of the top 3); EC = 1, ETC = 3 (three items at cost 1); ED = 3
    table, scores = _cwl("PrecisionCWLMetric(3)", [1, 0, 0.5, 1])
    assert list(table["C"]) == [1, 1, 0, 0] and list(table["L"]) == [0, 0, 1, 0]
    assert scores == pytest.approx((0.5, 1.5, 1.0, 3.0, 3.0))


#: every model with parameters that keep C in [0, 1] (gains in [0, 1], costs positive)
LINES = ["PrecisionCWLMetric(3)", "RBPCWLMetric(0.8)", "NPVCWLMetric(0.2)", "RRCWLMetric()", "APCWLMetric()",
         "INSTCWLMetric(2)", "INSQCWLMetric(1.5)", "NDCGCWLMetric(5)", "SETCWLMetric(0.5,10)", "TBGCWLMetric(3)",
         "UMeasureCWLMetric(6)", "BPMCWLMetric(2,5)", "BPMDCWLMetric(2,5,1.0,1.0,0.5)",
         "IFTGoalCWLMetric(2,0.9,10)", "IFTRateCWLMetric(0.3,0.9,10)", "IFTGoalRateCWLMetric(2,0.9,10,0.3,0.9,10)",
         "NERReq8CWLMetric(4)", "NERReq9CWLMetric(4)", "NERReq10CWLMetric(0.9)", "NERReq11CWLMetric(1.0)",
         "CWLMetric()"]
rankings = hs.integers(2, 12).flatmap(lambda n: hs.tuples(
    hs.lists(hs.sampled_from([0.0, 0.25, 0.5, 1.0]), min_size=n, max_size=n),
    hs.lists(hs.sampled_from([0.5, 1.0, 2.0]), min_size=n, max_size=n)))


def test_every_model_of_the_metrics_file_is_tested():
    assert {line.split("(")[0] for line in LINES} | {"TrAPCWLMetric"} == set(MODELS)


@pytest.mark.parametrize("line", LINES)
@given(ranking=rankings)
@settings(max_examples=25, deadline=None)
def test_c_is_a_probability_w_sums_to_1_and_l_is_what_c_leaves(line, ranking):
    gains, costs = ranking
    model = parse_model(line)
    table = cwl_table(model, gains, costs)
    c, w, stop = table["C"], table["W"], table["L"]
    assert np.all((c >= 0) & (c <= 1 + 1e-12))
    if not (isinstance(model, UMeasureCWLMetric) and len(gains) == 1):  # U: no weight with one rank (0/0)
        assert w.sum() == pytest.approx(1.0) and np.all(w >= 0)
    # Σ L(i) telescopes to 1 − Π C(i): 1 when C at the depth is 0, else what reads on past the depth
    assert stop.sum() == pytest.approx(1.0 - np.prod(c))
    eu, etu, ec, etc, ed = model.scores(np.asarray(gains), np.asarray(costs))
    assert min(gains) - 1e-12 <= eu <= max(gains) + 1e-12
    assert ed == pytest.approx(1.0 / w[0])
    if not isinstance(model, UMeasureCWLMetric):  # (U's W is 0 at the depth, its C there 0 by decree)
        # ETU = ED·EU − Π C(i)·Σ g(i): visit gain is ED times rate gain, less what lies beyond the depth
        assert etu == pytest.approx(ed * eu - np.prod(c) * np.sum(gains), abs=1e-9)
        assert etc == pytest.approx(ed * ec - np.prod(c) * np.sum(costs), abs=1e-9)


def test_trap_weights_are_harman_s_precision_over_r():
    # gains 1, 0, 1, costs 1, R = 2: gain so far 1, 1, 2 over items read 1, 2, 3, divided by R: ½, ¼, ⅓
    w = TrAPCWLMetric().w_vector(np.array([1.0, 0, 1]), np.ones(3), 2.0)
    assert w == pytest.approx([1 / 2, 1 / 4, 1 / 3])


def test_the_step_table_has_the_columns_and_the_worked_sum():
    e = cwl_steps([1, 0, 1], "RBPCWLMetric(0.5)", items=["a", "b", "c"])
    assert list(e.table.columns) == ["rank", "item", "gain", "item_cost", "C", "W", "L", "EU", "ETU", "EC", "ETC"]
    assert set(e.table.columns) <= set(COLUMN_LABELS)
    assert e.value == pytest.approx(5 / 7) and e.details["ED"] == pytest.approx(7 / 4)
    assert e.worked_text.startswith("EU RBP@0.5 = 0.5714*1 + 0.2857*0 + 0.1429*1 = 0.7143")
    assert e.worked_at(2).endswith(r"0.5714 \cdot 1 + 0.2857 \cdot 0 = 0.5714")
    assert e.running_at(1)["EU"] == pytest.approx(4 / 7)


def _run(tmp_path, files: dict[str, str], *argv: str) -> tuple[str, str, int]:
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    out, err = io.StringIO(), io.StringIO()
    status = main([str(tmp_path / a) if a in files else a for a in argv], out, err)
    return out.getvalue(), err.getvalue(), status


GOOD = {"g": "1 0 d1 1\n1 0 d2 0.5\n", "r": "1 Q0 d1 1 2 run\n1 Q0 d3 2 1 run\n"}


@pytest.mark.parametrize("files, argv, located, last", [
    ({"g": "1 0 d1 1\n1 0 d2\n"}, ("g", "r"), "g line 2: expected 4 fields", "IndexError: list index out of range"),
    ({"g": "1 0 d1 high\n"}, ("g", "r"), "g line 1: the gain 'high' is not a number",
     "ValueError: could not convert string to float: 'high'"),
    ({"r": "1 Q0 d1 1 2 run\n1 Q0 d2 2\n"}, ("g", "r"), "r line 2: expected 6 fields",
     "ValueError: not enough values to unpack (expected 6, got 4)"),
    ({"c": "doc 1\nsnip\n"}, ("g", "r", "-c", "c"), "c line 2: expected 2 fields",
     "ValueError: not enough values to unpack (expected 2, got 1)"),
    ({"m": "RBPCWLMetric(0.5)\n# a comment\n"}, ("g", "r", "-m", "m"), "m line 2: cannot read '# a comment'",
     "IndexError: list index out of range"),
    ({"m": "RBPCWLMetric(0.5)\nBPCWLMetric(1)\n"}, ("g", "r", "-m", "m"), "m line 2: cannot read 'BPCWLMetric(1)'",
     "NameError: The class BPCWLMetric could not be found."),
    ({"g": "1 0 d1 3\n"}, ("g", "r"), "g line 1: the gain 3.0 is outside", "Please check your input gain file"),
    ({}, ("g", "r", "-r", "--max_gain", "2", "-m", "m"), "r topic 1: INST-T=1: Supplied gain values (2.0)",
     " The maximum allowable gain for this metric is: 1.0."),
    ({"r": ""}, ("g", "r"), "r: no results to evaluate", "AttributeError: 'NoneType' object has no attribute"),
])
def test_bad_input_is_one_line_naming_the_file_and_line_then_cwl_eval_s_error(tmp_path, files, argv, located, last):
    files = {**GOOD, "m": "INSTCWLMetric(1)\n", **files}
    out, err, status = _run(tmp_path, files, *argv)
    first, rest = err.split("\n", 1)
    assert status == 1 and first.startswith(f"cwl_eval: {tmp_path}/{located}"), err
    assert rest.rstrip("\n").splitlines()[-1].startswith(last.splitlines()[-1]), err


def test_a_missing_file_is_cwl_eval_s_not_found(tmp_path):
    out, err, status = _run(tmp_path, GOOD, "g", "r", "-c", "nothing.txt")
    assert (out, err, status) == ("nothing.txt Not Found\n", "", 1)


def test_the_fixed_dynamic_bpm_moves_k(tmp_path):
    # gains 1, 1, 0, 0 at cost 1, T = 10 (never met), K = 2, hc = 1, gain_med = 0.5. cwl-eval: K stays 2, so the
    # user reads on after rank 1 only (cost 1 < 2, then 2 < 2 fails): C = 1, 0, 0, 0, W = ½, ½, EU = 1.
    # Fixed: K ← 2 + (1 − 0.5) = 2.5 after rank 1 (2 < 2.5: on), 3 after rank 2 (3 < 3 fails): C = 1, 1, 0, 0,
    # W = ⅓, ⅓, ⅓, EU = 2/3, ED = 3
    files = {"g": "1 0 a 1\n1 0 b 1\n1 0 c 0\n1 0 d 0\n",
             "r": "".join(f"1 Q0 {d} {i} 0 run\n" for i, d in enumerate("abcd", 1)),
             "m": "BPMDCWLMetric(10,2,1.0,1.0,0.5)\n"}
    as_cwl_eval, _, _ = _run(tmp_path, files, "g", "r", "-m", "m", "--max_depth", "4")
    fixed, _, _ = _run(tmp_path, files, "g", "r", "-m", "m", "--max_depth", "4", "--fixed-bpm-dynamic")
    name = "BPM-Dynamic-T=10-K=2-hb=1.0-hc=1.0"
    assert as_cwl_eval == f"1\t{name}\t1.0000\t2.0000\t1.0000\t2.0000\t2.0000\n"
    assert fixed == f"1\t{name}\t0.6667\t2.0000\t1.0000\t3.0000\t3.0000\n"
    assert math.isclose(2 / 3, 0.6667, abs_tol=5e-5)
