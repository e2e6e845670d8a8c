"""Unjudged items bounded (metrics.measures.bounds): every bound holds for every filling and is reached, against
the enumeration of every filling; hand-worked examples; refusals; the overlap of two intervals."""

import itertools
import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from metrics.measures.bounds import LIMIT, BoundsRefused, fill_grades, intervals_overlap, measure_bounds, method_of
from metrics.measures.names import parse_measure
from metrics.measures.registry import REGISTRY, measure_value

#: one or more parsed measures for every registry entry the bounds take (the refused ones: REFUSED)
MEASURES = ["P@3", "Success@2", "RR", "RR@2", "RBP(p=0.5)", "RBP@3", "ERR(max_grade=2)", "ERR(max_grade=2)@3",
            "R@3", "F1@3", "Rprec", "AP", "AP@3", "AP(rel=2)", "AP(denom=minKR)@3", "AP(denom=found)@3", "RelP@3",
            "RprecMult@0.5", "IPrec@0.5", "IPrec11", "BinG", "SetP", "SetR", "SetF", "SetAP", "SetRelP", "Utility",
            "NumRet", "NumRel", "NumRelRet", "NumNonRelJudgedRet", "DCG", "DCG@3", "DCG(gain=exp)@3", "nDCG", "nDCG@3",
            "nDCG(gain=exp)@3", "nDCG(ideal=list)@3", "nDCG(gains={0:0,1:3,2:1})@3", "Bpref", "infAP", "G", "nDCGRel",
            "RnDCG", "INST", "INSQ(T=2)", "BPM(max_rel=2)@3", "SDCG(max_rel=2)@3", "NERR8@3", "NERR9(max_rel=2)@3",
            "NERR10(p=0.5)", "NERR11(max_rel=2)"]
REFUSED = ["Judged@3"]
CASES = int(os.environ.get("BOUNDS_CASES", "60"))


def test_every_registry_measure_is_bounded_or_refused():
    """Every measure of a ranking (the others have no judgements, so no unjudged items to bound)."""
    covered = {parse_measure(name).name for name in MEASURES + REFUSED + ["NumQ", "GMAP", "GMBpref"]}
    assert covered == {name for name, info in REGISTRY.items() if info.inputs == "ranking"}


def brute_force(measure, grades, judged, fill):
    """Every filling of the unjudged items: (smallest value, largest value)."""
    judged = [g for g in judged if g is not None]
    positions = [i for i, g in enumerate(grades) if g is None]
    values = []
    for choice in itertools.product(fill, repeat=len(positions)):
        filled = list(grades)
        for position, grade in zip(positions, choice):
            filled[position] = grade
        values.append(measure_value(measure, filled, [*judged, *choice]))
    return min(values), max(values)


def check(measure, grades, extra):
    """The bounds against the enumeration, and each bound's filling reaching it."""
    judged = [g for g in grades if g is not None] + list(extra)
    fill = fill_grades(judged)
    got = measure_bounds(measure, grades, judged)
    low, high = brute_force(measure, grades, judged, fill)
    assert got.lower == pytest.approx(low, abs=1e-12), (measure, grades, extra, got)
    assert got.upper == pytest.approx(high, abs=1e-12), (measure, grades, extra, got)
    positions = [i for i, g in enumerate(grades) if g is None]
    for bound, choice in ((got.lower, got.lower_fill), (got.upper, got.upper_fill)):
        filled = list(grades)
        for position, grade in zip(positions, choice):
            filled[position] = grade
        assert measure_value(measure, filled, [*judged, *choice]) == pytest.approx(bound, abs=1e-12)
    if measure.name not in {"Bpref", "infAP", "NumNonRelJudgedRet"}:  # these read an unjudged item their own way
        assert got.lower - 1e-12 <= got.value <= got.upper + 1e-12
    assert got.judged_only == pytest.approx(measure_value(measure, [g for g in grades if g is not None], judged))
    return got


rankings = st.lists(st.sampled_from([None, None, 0, 1, 2]), max_size=5).filter(
    lambda grades: sum(g is None for g in grades) <= 3)
extras = st.lists(st.sampled_from([0, 1, 2]), max_size=3)


@pytest.mark.parametrize("name", MEASURES)
@settings(max_examples=20, deadline=None)
@given(grades=rankings, extra=extras)
def test_bounds_hold_for_every_filling_and_are_reached(name, grades, extra):
    check(parse_measure(name), grades, extra)


@pytest.mark.parametrize("name", ["AP", "AP@3", "R@3", "F1@3", "Rprec", "nDCG@3", "nDCG(gain=exp)@4", "nDCG",
                                  "nDCG(ideal=list)@2", "RprecMult@0.5", "IPrec11", "BinG"])
def test_structural_rules_on_random_cases(name):
    """The count and ideal rules (extreme or prefix/suffix fillings, multisets sorted down the ranking) are
    theorems; here each is checked against every filling on random rankings (grades 0..3): CASES of them
    (BOUNDS_CASES in the environment; 2000 for a thorough run: the value functions take milliseconds)."""
    measure = parse_measure(name)
    rng = random.Random(name)
    for _ in range(CASES):
        grades = [rng.choice([None, None, 0, 0, 1, 2, 3]) for _ in range(rng.randint(1, 5))]
        while sum(g is None for g in grades) > 3:
            grades[grades.index(None)] = 0
        extra = [rng.choice([0, 1, 2, 3]) for _ in range(rng.randint(0, 3))]
        check(measure, grades, extra)


def test_hand_worked_ap():
    # d1 relevant, d2 unjudged, d3 non-relevant, d4 unjudged; qrels: one relevant, two non-relevant.
    # value: AP = 1/1 = 1; both unjudged relevant: R = 3, (1 + 2/2 + 3/4) / 3 = 0.9167;
    # only d4 relevant: R = 2, (1 + 2/4) / 2 = 0.75, the lowest (AP is not monotone in a filling).
    b = measure_bounds(parse_measure("AP"), [1, None, 0, None], [1, 0, 0])
    assert (b.value, b.judged_only, b.upper, b.lower) == (1.0, 1.0, 1.0, 0.75)
    assert b.lower_fill == (0, 1) and b.method == "count" and b.unjudged == 2
    both = measure_bounds(parse_measure("AP"), [1, 1, 0, 0], [1, 0, 0, 1, 1]).value
    assert both == pytest.approx((1 + 2 / 2 + 3 / 5 + 4 / 6) / 5 * 0 + (1 + 1) / 3)


def test_hand_worked_ndcg_interior_grade_is_searched():
    # nDCG@2 over [?, 2] with a judged 2 elsewhere: the largest value needs the unjudged item at grade 2
    # (DCG = 2 + 2/log2 3 equals IDCG); grade 0 gives (2/log2 3) / (2 + 2/log2 3).
    b = measure_bounds(parse_measure("nDCG@2"), [None, 2], [2, 2])
    assert b.upper == pytest.approx(1.0) and b.upper_fill == (2,)
    assert b.lower == pytest.approx((2 / 1.5849625007211563) / (2 + 2 / 1.5849625007211563))


def test_hand_worked_rbp_residual():
    # RBP(p=0.5) of [1, ?, 0, ?]: 0.5; the residual (Moffat & Zobel) 0.5 * (0.5 + 0.125) within the ranking
    b = measure_bounds(parse_measure("RBP(p=0.5)"), [1, None, 0, None], [1, 0])
    assert (b.lower, b.upper, b.method) == (0.5, 0.5 + 0.5 * (0.5 + 0.125), "monotone")


def test_hand_worked_recall_items_beyond_the_depth_lower_it():
    # R@1 of [1, ?]: the unjudged item at rank 2 is beyond the depth, yet relevant it makes R = 2
    b = measure_bounds(parse_measure("R@1"), [1, None], [1])
    assert (b.lower, b.upper, b.unjudged) == (0.5, 1.0, 0)


def test_judged_only_condenses_before_the_cut_off():
    b = measure_bounds(parse_measure("P@2"), [None, 0, None, 1], [0, 1])
    assert (b.value, b.judged_only) == (0.0, 0.5)


@pytest.mark.parametrize("name", [name for name in MEASURES if "ERR" not in name] + ["ERR(max_grade=2)"])
def test_negative_grades(name):
    """A negative grade in the qrels (a spam judgement) is a grade a filling may give."""
    check(parse_measure(name), [None, -1, 1, None], [0, 2])
    check(parse_measure(name), [2, None, None, 0, -1], [1, -1])
    rng = random.Random(name)
    for _ in range(6):
        grades = [rng.choice([None, -1, 0, 1, 2]) for _ in range(rng.randint(1, 5))]
        check(parse_measure(name), grades[:3] + [g for g in grades[3:] if g is not None], [rng.choice([-1, 1])])


@pytest.mark.parametrize("name, per_query", [("GMAP(rel=2)", "AP(rel=2)"), ("GMBpref", "Bpref")])
def test_over_queries_measures_bound_each_querys_value(name, per_query):
    grades, judged = [2, None, 0, None, 1], [2, 0, 1, 2]
    got, want = measure_bounds(parse_measure(name), grades, judged), measure_bounds(parse_measure(per_query),
                                                                                   grades, judged)
    assert (got.measure, got.value, got.lower, got.upper) == (name, want.value, want.lower, want.upper)
    assert method_of(parse_measure(name)) == method_of(parse_measure(per_query))


def test_binary_measures_carry_bpref_and_infap_at_their_rel():
    grades, judged = [2, None, 1, 0, None, 2], [2, 1, 0, 2, 0]
    got = measure_bounds(parse_measure("P(rel=2)@4"), grades, judged).incomplete
    assert got == {"bpref": measure_value(parse_measure("Bpref(rel=2)"), grades, judged),
                   "infAP": measure_value(parse_measure("infAP(rel=2)"), grades, judged)}
    assert measure_bounds(parse_measure("nDCG@3"), grades, judged).incomplete == {}
    assert "bpref" not in measure_bounds(parse_measure("Bpref"), grades, judged).as_dict()


def test_num_q_is_one():
    b = measure_bounds(parse_measure("NumQ"), [None, 1], [1])
    assert (b.value, b.judged_only, b.lower, b.upper, b.method) == (1.0, 1.0, 1.0, 1.0, "constant")


def test_fill_grades_include_zero_and_round_outwards():
    assert fill_grades([1, 2]) == (0, 1, 2) and fill_grades([-1.5, 0.5]) == (-2, -1, 0, 1)


@pytest.mark.parametrize("name", REFUSED)
def test_refused_measures_say_why(name):
    with pytest.raises(BoundsRefused, match=parse_measure(name).name):
        measure_bounds(parse_measure(name), [1, None], [1])
    assert method_of(parse_measure(name)) == "refused"


def test_beyond_the_limit_refuses_naming_measure_items_and_limit():
    grades = [None] * 12
    with pytest.raises(BoundsRefused, match=r"Bpref: 12 unjudged items .* over the limit of 4096"):
        measure_bounds(parse_measure("Bpref"), grades, [0, 1, 2, -1])
    # the rules need no search: 40 unjudged items are fine for AP and P
    assert measure_bounds(parse_measure("AP"), [None] * 40, [1, 0]).upper == pytest.approx(40 / 41)
    assert LIMIT == 4096


def test_ndcg_multisets_beyond_the_limit_refuse():
    with pytest.raises(BoundsRefused, match=r"nDCG@30: 30 unjudged items within the depth and 11 grades"):
        measure_bounds(parse_measure("nDCG@30"), [None] * 30, list(range(11)))


def test_intervals_overlap():
    assert intervals_overlap((0.1, 0.3), (0.3, 0.4)) == {"a": [0.1, 0.3], "b": [0.3, 0.4], "overlap": True,
                                                          "above": None}
    assert intervals_overlap((0.1, 0.2), (0.3, 0.4))["above"] == "b"
