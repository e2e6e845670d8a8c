"""Worked formulas at every step (issue 8): the formula after rank i, the table's row i and the running
headline agree; long sums fold and wrap; 4 decimals everywhere; one canonical measure name."""

from __future__ import annotations

import dataclasses
import pickle
import re

import pytest
import streamlit as st
from hypothesis import given, settings
from hypothesis import strategies as hs

import metrics
from metrics.explanation import (
    COLUMN_LABELS,
    DIGITS,
    LINE_WIDTH_EM,
    TERMS_PER_LINE,
    Explanation,
    Line,
    em_for_px,
    num,
    render_latex,
    width_em,
)
from metrics.measures.beyond import coverage_explanation, diversity_steps, similarity_explanation
from metrics.measures.names import parse_measure, subtitle
from metrics.measures.roc import roc_auc_explanation
from metrics.teaching.explain import EXPLAINERS, explain
from ui.i18n import LANGUAGE, header, headers
from ui.locale import catalog

ZH = catalog("zh")  # English -> 中文: the catalogue's plain entries

grades = hs.lists(hs.integers(0, 3), min_size=1, max_size=24)
cutoffs = hs.one_of(hs.none(), hs.integers(1, 30))
NOTE = re.compile(r"(?:\s*\\\\)?(?:\s*\\quad)+\s*\\text\{[^{}]*\}$")  # a trailing note, maybe on a line of its own


def _last_number(latex: str) -> str:
    """The number a worked formula ends with (after its last "=", a trailing note left out)."""
    return NOTE.sub("", latex).rstrip().rsplit(" ", 1)[-1]


def check_steps(e: Explanation, main: str, metric_at=None) -> None:
    """For every step i: running_at(i) is row i of the table (and ``metric_at(i)`` where given), the
    formula ends with the running value to DIGITS decimals, and the complete step is the full formula."""
    rows = len(e.table)
    for step in range(1, rows + 1):
        running = e.running_at(step)
        for name, column in e.running.items():
            assert running[name] == e.table[column].iloc[step - 1]
        if metric_at is not None:
            assert running[main] == pytest.approx(metric_at(step), abs=1e-12)
        shown = _last_number(e.worked_at(step))
        assert shown == num(running[main]) and abs(float(shown) - running[main]) <= 0.5 * 10 ** -DIGITS + 1e-12
        assert _last_number(e.worked_at(step, fold=False)) == shown
        assert len(shown.partition(".")[2]) <= DIGITS
    assert e.worked_at(rows) == e.worked_at(None) == e.worked
    assert e.worked_text_at(rows) == e.worked_text
    assert e.running_at(None)[main] == e.value


def test_readme_example_step_by_step():
    e = metrics.ndcg_steps([3, 2, 3, 0, 1], k=3, items="ABCDE")
    assert e.worked_text_at(2).splitlines()[0] == "DCG@2 = 3/log2(2) + 2/log2(3) = 4.2619"
    assert e.worked_at(2).split(r" \\ ")[-1] == r"\mathrm{nDCG(ideal{=}list)@2} = \frac{4.2619}{4.8928} = 0.8710"
    assert e.running_at(2) == pytest.approx({"DCG": 4.26186, "IDCG": 4.89279, "nDCG": 0.87105}, abs=1e-5)
    assert e.worked_at(1).startswith(r"\mathrm{DCG@1} = \frac{3}{\log_2(2)} = 3 \\ ")
    assert e.worked_at(0) == e.worked_at(1) and e.worked_at(99) == e.worked  # steps are clamped


@pytest.mark.slow  # many random cases: the full run's tier
@settings(max_examples=60, deadline=None)
@given(grades, cutoffs, hs.sampled_from(["linear", "exponential"]), hs.booleans())
def test_ndcg_formula_at_every_step(rels, k, gain, judged):
    ideal = rels + [3, 1] if judged else None
    e = metrics.ndcg_steps(rels, k, gain=gain, ideal=ideal)
    check_steps(e, "nDCG", lambda i: metrics.ndcg(rels, i, gain=gain, ideal=ideal))
    for step in range(1, len(e.table) + 1):
        assert e.running_at(step)["DCG"] == pytest.approx(metrics.dcg(rels, step, gain), abs=1e-12)
        dcg_line, idcg_line = e.lines_at(step)[:2]
        assert len(dcg_line.terms) == len(idcg_line.terms) == step  # rows 1..i, each one term
        assert e.worked_text_at(step, fold=False).splitlines()[0].count("/log2(") == step
        assert e.lines_at(step)[-1].lhs.startswith(r"\mathrm{nDCG")


@pytest.mark.slow  # many random cases: the full run's tier
@settings(max_examples=60, deadline=None)
@given(grades, cutoffs, hs.sampled_from(["relevant", "found", "min_k_relevant"]), hs.integers(0, 4))
def test_ap_formula_at_every_step(rels, k, denominator, extra):
    R = sum(g >= 1 for g in rels) + extra
    e = metrics.ap_steps(rels, k, n_relevant=R, denominator=denominator)
    at = (lambda i: metrics.average_precision(rels[:i], n_relevant=R)) if denominator == "relevant" else None
    check_steps(e, "AP", at)
    for step in range(1, len(e.table) + 1):
        hits = int(e.table["relevant"].iloc[:step].sum())
        assert len(e.lines_at(step)[0].terms) == hits  # one term per hit so far
        assert e.worked_at(step, fold=False).count(r"\tfrac") == hits
        assert r"\frac{\frac" not in e.worked_at(step)  # no nested fraction: every number at full size


@settings(max_examples=60, deadline=None)
@given(grades, cutoffs)
def test_rr_formula_at_every_step(rels, k):
    e = metrics.rr_steps(rels, k)
    check_steps(e, "RR", lambda i: metrics.reciprocal_rank(rels, i))


@settings(max_examples=40, deadline=None)
@given(grades, hs.integers(1, 30), hs.sampled_from(["p", "r", "f1", "hit"]))
def test_cutoff_formulas_at_every_step(rels, k, metric):
    R = max(1, sum(g >= 1 for g in rels))
    e = explain(metric, rels, k, **({"n_relevant": R} if metric in ("r", "f1") else {}))
    main = {"p": "P", "r": "R", "f1": "F1", "hit": "Hit"}[metric]
    at = {"p": lambda i: metrics.precision_at_k(rels, i), "r": lambda i: metrics.recall_at_k(rels, i, R),
          "f1": lambda i: metrics.f1_at_k(rels, i, R), "hit": lambda i: metrics.hit_rate_at_k(rels, i)}[metric]
    check_steps(e, main, at)


@settings(max_examples=40, deadline=None)
@given(grades)
def test_r_precision_formula_at_every_step(rels):
    e = metrics.r_precision_steps(rels)
    check_steps(e, "P", lambda i: metrics.precision_at_k(rels, i))
    assert e.worked_text.startswith("Rprec")


@settings(max_examples=40, deadline=None)
@given(hs.lists(hs.tuples(hs.integers(0, 1), hs.integers(0, 6)), min_size=2, max_size=20)
       .filter(lambda pairs: 0 < sum(label for label, _ in pairs) < len(pairs)))
def test_roc_formula_at_every_step(pairs):
    labels, scores = [label for label, _ in pairs], [score / 6 for _, score in pairs]
    e = roc_auc_explanation(labels, scores)
    check_steps(e, "AUC")
    for step in range(1, len(e.table) + 1):
        assert len(e.lines_at(step)[0].terms) == step  # every segment is a term, row j = term j


def test_beyond_accuracy_formulas_at_every_step():
    features = {"a": [1, 0], "b": [0, 1], "c": [3, 4], "d": [1, 1]}
    check_steps(coverage_explanation({"u1": ["a", "b"], "u2": ["b", "c"]}, list("abcd")), "Coverage")
    check_steps(similarity_explanation(list("abcd"), features), "ILS")
    check_steps(diversity_steps({"u1": ["a", "b"], "u2": ["a", "c", "b"], "u3": ["d", "c"]}, features), "mean ILD")


# --------------------------------------------------------------------------- folding and wrapping


def test_long_sums_fold_to_their_first_and_last_two_terms():
    rels = [3, 2, 1, 0, 1, 2, 3, 1, 2, 0, 1, 1, 2, 3, 0, 1, 2, 1, 0, 2]
    e = metrics.ndcg_steps(rels, 20)
    terms = e.lines_at(20)[0].terms
    folded = e.worked_at(20).split(r" \\ ")[0]
    assert folded == (rf"\mathrm{{DCG@20}} = {terms[0]} + {terms[1]} + \cdots + {terms[-2]} + {terms[-1]}"
                      rf" = {num(e.running_at()['DCG'])}")
    assert "..." in e.worked_text.splitlines()[0] and "(2^" not in e.worked_text
    assert e.worked_text_at(20, fold=False).splitlines()[0].count("/log2(") == 20
    five = metrics.ndcg_steps(rels[:5], 5)
    assert r"\cdots" not in five.worked and five.worked_text.count("/log2(") == 10  # 5 terms are not folded


@settings(max_examples=40, deadline=None)
@given(hs.lists(hs.integers(0, 3), min_size=1, max_size=40), hs.sampled_from(["linear", "exponential"]))
def test_no_formula_line_is_wider_than_the_box(rels, gain):
    shown = [metrics.ndcg_steps(rels, len(rels), gain=gain, ideal=rels + [3, 3]),
             metrics.ap_steps([1 if g else 0 for g in rels] + [1], denominator="found"),
             explain("f1", rels, len(rels), n_relevant=len(rels))]
    labels = [1 if g >= 2 else 0 for g in rels] + [0, 1]
    shown.append(roc_auc_explanation(labels, [g / 3 + i / 97 for i, g in enumerate(rels)] + [0.5, 0.25]))
    for e in shown:
        for step in {1, len(e.table) // 2 or 1, len(e.table)}:
            for fold in (True, False):
                for line in e.worked_lines(step, fold):
                    assert width_em(line) <= LINE_WIDTH_EM, line
            for line in e.worked_lines(step):  # unfolded: at most TERMS_PER_LINE terms a line
                assert line.count(r"\log_2") <= TERMS_PER_LINE and line.count(r"\tfrac") <= TERMS_PER_LINE


def test_wrapped_lines_hold_every_term_once():
    line = Line(r"\mathrm{S}", tuple(str(i) for i in range(1, 12)), head=r"\frac{1}{3}\bigl(", tail=r"\bigr)",
                result="22")
    lines = render_latex([line], fold=False, terms_per_line=4)
    assert lines == [r"\mathrm{S} = \frac{1}{3}\bigl(1 + 2 + 3 + 4", r"\quad + 5 + 6 + 7 + 8",
                     r"\quad + 9 + 10 + 11\bigr) = 22"]
    assert render_latex([line]) == [r"\mathrm{S} = \frac{1}{3}\bigl(1 + 2 + \cdots + 10 + 11\bigr) = 22"]


def test_a_narrower_box_wraps_sooner():
    e = metrics.ndcg_steps([3, 2, 1, 0, 1, 2, 3, 1, 2, 0], 10, gain="exponential")
    narrow = em_for_px(480)
    assert narrow == pytest.approx(480 / (18 * 1.21))
    lines = e.worked_lines(10, fold=True, width=narrow)
    assert len(lines) > len(e.worked_lines(10, fold=True)) and all(width_em(line) <= narrow for line in lines)
    assert e.worked_at(10, width=narrow) == r" \\ ".join(lines)


def test_width_estimate_counts_a_fraction_once():
    assert width_em(r"\frac{12345}{1}") == pytest.approx(width_em("12345") + 0.25)
    assert width_em(r"\tfrac{1}{2}") < width_em(r"\frac{1}{2}")
    assert width_em(r"\mathrm{DCG@3}") == pytest.approx(width_em("DCG@3"))


# --------------------------------------------------------------------------- decimals, names, pickling


def test_one_decimal_policy():
    assert (num(6.91010), num(0.5), num(3.0), num(2 / 3), num(0.8710049)) == ("6.9101", "0.5", "3", "0.6667", "0.8710")
    e = metrics.ndcg_steps([3, 2, 3, 0, 1], k=3)
    assert f"= {e.value:.4f}" in e.worked and "5.7619" in e.worked_text and "0.978" not in e.worked.replace("0.9778", "")
    auc = roc_auc_explanation([1, 0, 1, 0], [0.9, 0.8, 0.4, 0.1])
    assert auc.details["mann_whitney_text"].endswith("= 0.75")


NAMED = [
    (lambda: metrics.ndcg_steps([3, 2, 3, 0, 1], 3), "nDCG(ideal=list)@3"),
    (lambda: metrics.ndcg_steps([3, 2, 3, 0, 1], 3, ideal=[3, 3, 2, 1], gain="exponential"), "nDCG(gain=exp)@3"),
    (lambda: metrics.ndcg_steps([3, 2], 3, ideal=[3, 2], ideal_from="list"), "nDCG(ideal=list)@3"),
    (lambda: metrics.ndcg_steps([3, 2], ideal=[3, 2, 3]), "nDCG"),
    (lambda: metrics.ap_steps([0, 1, 0, 1, 1, 0], 6), "AP(denom=found)@6"),
    (lambda: metrics.ap_steps([0, 2, 0], n_relevant=2, threshold=2), "AP(rel=2)"),
    (lambda: metrics.ap_steps([0, 1], 2, n_relevant=3, denominator="min_k_relevant"), "AP(denom=minKR)@2"),
    (lambda: metrics.rr_steps([0, 1], 5), "RR@5"),
    (lambda: metrics.precision_steps([0, 1], 5), "P@5"),
    (lambda: metrics.recall_steps([0, 1], 5, n_relevant=3), "R@5"),
    (lambda: metrics.f1_steps([0, 1], 5, n_relevant=3), "F1@5"),
    (lambda: metrics.hit_rate_steps([0, 1], 5), "Success@5"),
    (lambda: metrics.r_precision_steps([0, 1]), "Rprec"),
    (lambda: metrics.r_precision_steps([0, 0]), "Rprec"),
]


@pytest.mark.parametrize(("make", "name"), NAMED)
def test_one_measure_name_on_the_explanation_and_in_its_formula(make, name):
    e = make()
    assert e.measure == name and str(parse_measure(name)) == name  # canonical: it round-trips
    assert e.worked_text.splitlines()[-1].startswith(name) or e.worked_text.startswith(name)
    latex_name = r"\mathrm{" + name.replace("=", "{=}").replace(",", "{,}") + "}"
    assert latex_name in e.worked
    assert subtitle(name)


def test_subtitles_are_built_from_the_parameters():
    assert subtitle("nDCG(ideal=list)@3") == "nDCG at cut-off 3; ideal ordering from the list itself"
    assert subtitle("AP(denom=found)@6") == "AP over the top 6, divided by the hits found"
    assert subtitle("ndcg_cut_10") == "nDCG at cut-off 10"
    assert subtitle("nDCG(gain=exp,ideal=list)@5") == ("nDCG at cut-off 5; exponential gain 2^rel − 1; "
                                                       "ideal ordering from the list itself")
    assert subtitle("AP(rel=2,denom=minKR)@10") == ("AP over the top 10, divided by min(k, R); "
                                                    "relevant when grade ≥ 2")
    assert subtitle("Success@1") == "hit rate at cut-off 1"
    with pytest.raises(ValueError):
        subtitle("nDCG(denom=R)@3")


def test_explanations_pickle_with_their_writer():
    e = metrics.ndcg_steps([3, 2, 3, 0, 1], 3)
    copy = pickle.loads(pickle.dumps(e))
    assert copy.worked_at(2) == e.worked_at(2) and copy.running_at(2) == e.running_at(2)


def test_the_quiz_dcg_keeps_only_the_dcg_line_at_every_step():
    from metrics.teaching import quiz

    e = quiz.steps(quiz.build_question([0, 3, 1, 0, 2], k=5, metric="DCG@K"))
    check_steps(e, "DCG", lambda i: metrics.dcg([0, 3, 1, 0, 2], i))
    assert e.worked_text_at(2) == "DCG@2 = 0/log2(2) + 3/log2(3) = 1.8928"


def test_an_explanation_without_writer_shows_its_complete_formula():
    e = dataclasses.replace(metrics.ndcg_steps([3, 2, 3], 3), writer=None, worked="x", worked_text="y")
    assert e.worked_at(1) == "x" and e.worked_text_at(1) == "y" and e.worked_lines(1) == ["x"]


# --------------------------------------------------------------------------- column labels


def step_tables():
    for metric, spec in EXPLAINERS.items():
        e = explain(metric, [3, 0, 1, 2], (0.5 if spec.fraction else 3) if spec.takes_k else None, **({"n_relevant": 3} if "n_relevant" in spec.options else {}))
        yield e.table
        if "ideal_table" in e.details:
            yield e.details["ideal_table"]
    auc = roc_auc_explanation([1, 0, 1, 0], [0.9, 0.8, 0.4, 0.1])
    yield auc.table
    yield auc.details["curve"]
    features = {"a": [1, 0], "b": [0, 1], "c": [3, 4]}
    yield coverage_explanation({"u1": ["a", "b"]}, list("abc")).table
    yield similarity_explanation(list("abc"), features).table
    yield diversity_steps({"u1": ["a", "b"], "u2": ["b", "c"]}, features).table


def test_every_step_table_column_has_a_short_human_label_and_its_chinese():
    columns = {column for table in step_tables() for column in table.columns}
    assert columns <= set(COLUMN_LABELS), sorted(columns - set(COLUMN_LABELS))
    for column, label in COLUMN_LABELS.items():
        assert len(label) <= 22, label
        neutral = re.fullmatch(r"(?:CG|DCG|IDCG|nDCG|RR|P|R|F1|Hit|ILS|TP|FP|TN|FN|TPR|FPR)(?:@[iK])?", label)
        assert neutral or ZH.get(label), label
    assert COLUMN_LABELS["discount"] == "divisor log₂(i+1)"


@pytest.fixture(params=["en", "zh"])
def language(request):
    st.session_state[LANGUAGE] = request.param
    yield request.param
    del st.session_state[LANGUAGE]


def test_headers_show_the_human_label_in_the_readers_language(language):
    table = metrics.ap_steps([0, 1], 2).table
    shown = list(headers(table).columns)
    if language == "en":
        assert shown == [COLUMN_LABELS[c] for c in table.columns]
        assert header("query") == "query"
    else:
        assert shown[:3] == ["名次", "条目", "相关性等级"] and "累计和" in shown
        assert header("discount") == "除数 log₂(i+1)"
