"""MAP and MRR query by query (metrics.teaching.many_queries), checked against pytrec_eval (trec_eval's own
code) on random multi-query cases, at every step; the built-in examples are the articles' queries."""

from __future__ import annotations

import numpy as np
import pytest
import pytrec_eval
from hypothesis import given, settings
from hypothesis import strategies as st

from metrics import MetricsInputError, map_steps, mrr_steps
from metrics.explanation import COLUMN_LABELS, num
from metrics.teaching.articles import findings
from metrics.teaching.many_queries import example_queries
from tests.apptest_helpers import open_page
from tests.metrics.teaching.test_worked_steps import check_steps
from tests.reference import ref_ap, ref_rr
from ui.session import state

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

#: one query: grades in ranked order (at least one item) and relevant items the list does not hold
QUERY = st.tuples(st.lists(st.integers(0, 3), min_size=1, max_size=8), st.integers(0, 3))
QUERIES = st.lists(QUERY, min_size=1, max_size=6)


def trec_eval(cases, measures) -> dict[str, dict[str, float]]:
    """pytrec_eval's per-query values of ``measures`` for (grades, unretrieved relevant) cases."""
    qrels, run = {}, {}
    for q, (grades, missing) in enumerate(cases):
        query = f"q{q + 1}"
        qrels[query] = {f"d{i}": int(g) for i, g in enumerate(grades)} | {f"u{j}": 1 for j in range(missing)}
        run[query] = {f"d{i}": float(len(grades) - i) for i in range(len(grades))}  # ranked as given
    return pytrec_eval.RelevanceEvaluator(qrels, set(measures)).evaluate(run)


def n_relevant(cases) -> list[int]:
    return [sum(g >= 1 for g in grades) + missing for grades, missing in cases]


@settings(max_examples=80, deadline=None)
@given(QUERIES)
def test_map_matches_trec_eval_at_every_step(cases):
    e = map_steps([grades for grades, _ in cases], n_relevant=n_relevant(cases), denominator="relevant")
    per_query = trec_eval(cases, {"map"})
    expected = [per_query[f"q{q}"]["map"] for q in range(1, len(cases) + 1)]
    assert e.table["AP_q"].to_numpy() == pytest.approx(expected, abs=1e-4)  # pytrec_eval prints 4 decimals' worth
    for step in range(1, len(cases) + 1):
        assert e.running_at(step)["MAP"] == pytest.approx(np.mean(expected[:step]), abs=1e-4)
    exact = [ref_ap(grades, n_relevant=r, denominator="relevant") for (grades, _), r in zip(cases, n_relevant(cases))]
    check_steps(e, "MAP", lambda i: float(np.mean(exact[:i])))


@settings(max_examples=80, deadline=None)
@given(QUERIES)
def test_mrr_matches_trec_eval_at_every_step(cases):
    e = mrr_steps([grades for grades, _ in cases])
    per_query = trec_eval(cases, {"recip_rank"})
    expected = [per_query[f"q{q}"]["recip_rank"] for q in range(1, len(cases) + 1)]
    assert e.table["RR_q"].to_numpy() == pytest.approx(expected, abs=1e-6)
    for step in range(1, len(cases) + 1):
        assert e.running_at(step)["MRR"] == pytest.approx(np.mean(expected[:step]), abs=1e-6)
    check_steps(e, "MRR", lambda i: float(np.mean([ref_rr(grades) for grades, _ in cases[:i]])))


@settings(max_examples=100, deadline=None)
@given(QUERIES, st.integers(1, 9), st.sampled_from([1, 2]))
def test_a_cut_off_and_a_threshold_apply_to_every_query(cases, k, threshold):
    lists = [grades for grades, _ in cases]
    rr = mrr_steps(lists, k=k, threshold=threshold)
    assert list(rr.table["RR_q"]) == pytest.approx([ref_rr(g, k, threshold) for g in lists])
    ap = map_steps(lists, k=k, threshold=threshold)  # D = the hits found, as the article's code
    assert list(ap.table["AP_q"]) == pytest.approx([ref_ap(g, k, threshold=threshold) for g in lists])
    check_steps(rr, "MRR")
    check_steps(ap, "MAP")


def test_the_map_example_is_article_000s_two_queries():
    queries = example_queries("MAP")
    assert queries == {"q1": [0, 1, 0, 1, 1], "q2": [1, 0, 0, 1, 0]}
    e = map_steps(queries)
    assert list(e.table["query"]) == ["q1", "q2"]
    assert list(e.table["AP_worked"]) == ["(1/2 + 2/4 + 3/5) / 3", "(1/1 + 2/4) / 2"]
    assert e.value == pytest.approx((8 / 15 + 3 / 4) / 2)
    # the article checker's MAP of the same example
    assert e.value == pytest.approx(next(f.correct for f in findings() if f.example == "000_code_map"))
    assert e.worked_text_at(1) == "MAP [1..1] = (AP1) / 1\n    = (0.5333) / 1 = 0.5333"
    assert num(e.value) not in e.worked_at(1)  # the final mean only at the last step
    assert e.worked == (r"\mathrm{MAP} = \frac{1}{2}\bigl(\mathrm{AP}_{1} + \mathrm{AP}_{2}\bigr) \\ "
                        r"= \frac{1}{2}\bigl(0.5333 + 0.75\bigr) = 0.6417")


def test_the_mrr_example_is_article_001s_three_searches():
    e = mrr_steps(example_queries("MRR"))
    assert list(e.table["query"]) == ["cat", "torus", "virus"]
    assert list(e.table["first_rel_rank"]) == [3, 2, 1]
    assert list(e.table["running_sum"]) == pytest.approx([1 / 3, 5 / 6, 11 / 6])
    assert e.value == pytest.approx(11 / 18)
    assert [e.worked_text_at(i).splitlines()[-1].strip() for i in (1, 2, 3)] == [
        "= (1/3) / 1 = 0.3333", "= (1/3 + 1/2) / 2 = 0.4167", "= (1/3 + 1/2 + 1/1) / 3 = 0.6111"]
    assert e.worked_text_at(2).startswith("MRR [1..2] = ")


def test_a_query_without_a_hit_counts_as_zero():
    e = mrr_steps({"a": [0, 0], "b": [1]})
    assert e.table["first_rel_rank"].isna().tolist() == [True, False]
    assert e.worked_text.splitlines()[-1].strip() == "= (0 + 1/1) / 2 = 0.5"
    assert map_steps({"a": [0, 0], "b": [1]}).value == 0.5


@pytest.mark.parametrize("call", [
    lambda: map_steps([]), lambda: mrr_steps({}), lambda: map_steps("0 1"),
    lambda: map_steps([[1], [0]], n_relevant=[1]), lambda: map_steps({"a": [1]}, n_relevant={"b": 1}),
    lambda: example_queries("nDCG")])
def test_bad_input_is_one_clear_error(call):
    with pytest.raises(MetricsInputError):
        call()


# ----------------------------------------------------------------------------- the pages' sections

def _section(at, page: str) -> tuple[list[str], list[str], object]:
    """The section's metrics ("label = value"), its formula's LaTeX lines and its step table."""
    from tests.apptest_helpers import step_windows
    from tests.ui.test_pacing import blocks

    [box] = [b for b in blocks(at.main) if getattr(b, "key", None) == state.page_key(page, "section")]
    nodes = list(blocks(box))
    metrics_shown = [f"{n.label} = {n.value}" for n in nodes if type(n).__name__ == "Metric"]
    latex = [n.value.strip("$ \n") for n in nodes if type(n).__name__ == "Latex"]
    [table] = step_windows(nodes)
    return metrics_shown, latex, table


@pytest.mark.parametrize("file, page, measure", [("pages/ap.py", "map", "MAP"), ("pages/rr.py", "mrr", "MRR")])
def test_the_page_walks_the_mean_query_by_query(app_test, file, page, measure):
    e = (map_steps if measure == "MAP" else mrr_steps)(example_queries(measure))
    n = len(e.table)
    at = open_page(app_test, file, all_steps=False)
    own_step = at.session_state[state.page_key(file[6:8], "step")]
    for step in range(1, n + 1):
        shown, latex, table = _section(at, page)
        value = num(e.table[f"{measure}_so_far"].iloc[step - 1]) if step < n else f"{e.value:.4f}"
        label = f"{measure} so far (step {step})" if step < n else measure
        assert shown[0] == f"{label} = {float(value):.4f}"
        assert latex[-1].endswith(f"= {num(e.table[f'{measure}_so_far'].iloc[step - 1])}")
        assert len(table) == step and list(table[COLUMN_LABELS["query"]]) == list(e.table["query"][:step])
        if step < n:  # the final mean is not on the section before its step
            assert f"{e.value:.4f}" not in " ".join(shown + latex) and num(e.value) not in " ".join(latex)
            at.button(key=state.page_key(page, "step_next")).click().run()
            assert not at.exception
    assert at.button(key=state.page_key(page, "step_next")).disabled
    assert at.session_state[state.page_key(file[6:8], "step")] == own_step  # the page's own steps did not move
    at.button(key=state.page_key(page, "step_start")).click().run()
    assert _section(at, page)[0][0].startswith(f"{measure} so far (step 1)")


def test_the_sections_speak_chinese(app_test):
    at = open_page(app_test, "pages/ap.py", language="zh", all_steps=False)
    shown, _, table = _section(at, "map")
    assert shown[0].startswith("MAP（到第 1 步为止）")
    assert "累计 MAP" in table.columns and "AP 的算式" in table.columns
    assert any(s.value == "从 AP 到 MAP" for s in at.subheader)


# ----------------------------------------------------------------------------- coverage list by list

LISTS = st.dictionaries(st.sampled_from([f"u{i}" for i in range(8)]),
                        st.lists(st.sampled_from(list("abcdefghij")), min_size=0, max_size=6, unique=True),
                        min_size=1, max_size=6)


@settings(max_examples=80, deadline=None)
@given(LISTS, st.one_of(st.none(), st.integers(1, 6)))
def test_coverage_list_by_list_is_the_coverage_of_the_lists_so_far(recommendations, k):
    from metrics.measures.beyond import catalog_coverage
    from metrics.teaching.coverage_by_list import coverage_by_list_steps

    catalog = list("abcdefghij")
    e = coverage_by_list_steps(recommendations, catalog, k=k)
    users = list(recommendations)
    for step in range(1, len(users) + 1):
        first = {user: recommendations[user] for user in users[:step]}
        assert e.running_at(step)[e.measure] == catalog_coverage(first, catalog, k=k)
    assert e.value == catalog_coverage(recommendations, catalog, k=k) == e.details["by_item"].value
    assert e.table["n_new"].sum() == e.table["covered_so_far"].iloc[-1]
    check_steps(e, e.measure, lambda i: catalog_coverage({u: recommendations[u] for u in users[:i]}, catalog, k=k))


def test_coverage_list_by_list_refuses_what_coverage_refuses():
    from metrics.teaching.coverage_by_list import coverage_by_list_steps

    with pytest.raises(MetricsInputError):
        coverage_by_list_steps({"u": ["z"]}, ["a"])  # an item not in the catalog
    with pytest.raises(MetricsInputError):
        coverage_by_list_steps({}, ["a"])
