"""metrics.measures.discounts (why log2(i+1)?) and its chart, ui.charts.discount_choices."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import dcg_score

from metrics import MetricsInputError, discount_divisors, ndcg, ndcg_under_discounts
from metrics.measures.discounts import BASES, ORDER_FLIP
from ui import charts

SETTINGS = settings(max_examples=100, deadline=None)
grades = st.lists(st.integers(0, 4), min_size=1, max_size=9)
ks = st.none() | st.integers(1, 10)


@pytest.mark.parametrize("kind, base, expected", [
    ("none", 2, [1, 1, 1, 1, 1]),
    ("rank", 2, [1, 2, 3, 4, 5]),
    ("log", 2, [1, 1.5850, 2, 2.3219, 2.5850]),            # log2(2), log2(3), ... log2(6)
    ("log", 10, [0.3010, 0.4771, 0.6021, 0.6990, 0.7782]),  # log10(2) ... log10(6)
    ("jk2002", 2, [1, 1, 1.5850, 2, 2.3219]),               # rank 1 in full, then log2(i)
    ("jk2002", 3, [1, 1, 1, 1.2619, 1.4650]),               # ranks 1, 2 in full, then log3(i)
])
def test_divisors_of_ranks_one_to_five(kind, base, expected):
    assert discount_divisors(kind, 5, base) == pytest.approx(expected, abs=5e-5)


@pytest.mark.parametrize("call", [lambda: discount_divisors("log10", 3), lambda: discount_divisors("log", 3, 1),
                                  lambda: discount_divisors("log", -1), lambda: discount_divisors("log", None),
                                  lambda: ndcg_under_discounts([1, 0], gain="binary"),
                                  lambda: ndcg_under_discounts([1, 0], k=0)])
def test_bad_input_is_refused(call):
    with pytest.raises(MetricsInputError):
        call()


def test_one_row_per_discount():
    frame = ndcg_under_discounts([3, 2, 3, 0, 1], k=3)
    assert frame["discount"].tolist() == ["1", "i", *(f"log{b}(i+1)" for b in BASES),
                                          *(f"max(1, log{b}(i))" for b in BASES)]
    assert list(frame.columns) == ["discount", "kind", "base", "used_by", "DCG", "IDCG", "nDCG"]
    assert frame.set_index("discount").loc["log2(i+1)", "used_by"].startswith("trec_eval, scikit-learn")


def test_hand_worked_example():
    """[3, 2, 3, 0, 1] at k = 3: no discount 8/8; 1/i: (3 + 1 + 1) / (3 + 1.5 + 2/3)."""
    values = ndcg_under_discounts([3, 2, 3, 0, 1], k=3).set_index("discount")["nDCG"]
    assert values["1"] == 1.0
    assert values["i"] == pytest.approx(5 / (3 + 1.5 + 2 / 3))
    assert values["log2(i+1)"] == pytest.approx(0.9778, abs=5e-5)  # the README's nDCG@3
    assert values["max(1, log2(i))"] == pytest.approx((3 + 2 + 3 / np.log2(3)) / (3 + 3 + 2 / np.log2(3)))


@pytest.mark.slow  # many random cases: the full run's tier
@SETTINGS
@given(grades, ks, st.sampled_from(["linear", "exponential"]), st.none() | grades)
def test_the_base_cancels_with_log_b_of_i_plus_1(rels, k, gain, extra):
    """log_b(i+1) for every rank: nDCG is the same for every b and is metrics.ndcg; DCG is not."""
    ideal = None if extra is None else rels + extra
    frame = ndcg_under_discounts(rels, k=k, ideal=ideal, gain=gain)
    logs = frame[frame["kind"] == "log"]
    assert logs["nDCG"].to_numpy() == pytest.approx([ndcg(rels, k=k, gain=gain, ideal=ideal)] * len(BASES),
                                                    abs=1e-12)
    # DCG under log_b = DCG under log2 × log2(b): a different number, the same ratio
    assert logs["DCG"].to_numpy() == pytest.approx(logs["DCG"].iloc[0] * np.log2(logs["base"].to_numpy()))


@pytest.mark.parametrize("b", [2, 5, 10])
def test_log_b_dcg_is_scikit_learns_dcg_score_with_log_base(b):
    rels = [3, 2, 3, 0, 1, 2]
    frame = ndcg_under_discounts(rels).set_index("discount")
    ranked_scores = [[len(rels) - i for i in range(len(rels))]]
    assert frame.loc[f"log{b}(i+1)", "DCG"] == pytest.approx(dcg_score([rels], ranked_scores, log_base=b))


def test_the_base_matters_in_the_2002_definition():
    values = ndcg_under_discounts([0, 0, 3, 2, 1]).set_index("discount")["nDCG"]
    jk = [values[f"max(1, log{b}(i))"] for b in BASES]
    assert len(set(np.round(jk, 12))) > 1
    assert jk[-1] == pytest.approx(1.0)  # b = 10: five ranks, none discounted, nDCG = CG / ideal CG


def _flips(first, second):
    """The discounts under which the two rankings are in the opposite order to log2(i+1)."""
    frame = ndcg_under_discounts(first, second=second).set_index("discount")
    standard = frame.loc["log2(i+1)", "higher"]
    return set(frame.index[~frame["higher"].isin([standard, "tie"])]) if standard != "tie" else set()


def test_brute_force_finds_the_smallest_binary_order_flip():
    """No two binary rankings of length <= 3 change order with the discount; ORDER_FLIP (length 4) does."""
    def pairs(n):
        lists = list(itertools.product([0, 1], repeat=n))
        return [(a, b) for a, b in itertools.combinations(lists, 2) if sum(a) == sum(b)]

    assert not any(_flips(a, b) for n in (1, 2, 3) for a, b in pairs(n))
    found = [(a, b) for a, b in pairs(4) if _flips(a, b)]
    assert tuple(map(tuple, ORDER_FLIP)) in found


def test_order_flip_example_by_hand():
    """Hits at ranks 2, 3 (A) against 1, 4 (B), ideal hits at 1, 2."""
    frame = ndcg_under_discounts(ORDER_FLIP[0], second=ORDER_FLIP[1]).set_index("discount")
    log2_3, log2_5 = np.log2(3), np.log2(5)
    assert frame.loc["log2(i+1)", "nDCG"] == pytest.approx((1 / log2_3 + 1 / 2) / (1 + 1 / log2_3))   # 0.6934
    assert frame.loc["log2(i+1)", "nDCG (second)"] == pytest.approx((1 + 1 / log2_5) / (1 + 1 / log2_3))  # 0.8772
    assert frame.loc["max(1, log2(i))", "nDCG"] == pytest.approx((1 + 1 / log2_3) / 2)   # 0.8155
    assert frame.loc["max(1, log2(i))", "nDCG (second)"] == pytest.approx((1 + 1 / 2) / 2)   # 0.75
    assert frame.loc["log2(i+1)", "higher"] == frame.loc["log7(i+1)", "higher"] == "second"
    assert frame.loc["max(1, log2(i))", "higher"] == frame.loc["max(1, log3(i))", "higher"] == "first"
    assert frame.loc["1", "higher"] == frame.loc["max(1, log4(i))", "higher"] == "tie"
    assert _flips(*ORDER_FLIP) == {"max(1, log2(i))", "max(1, log3(i))"}


def _lines(figure):
    return [trace for trace in figure.data if trace.type == "scatter"]


def test_chart_divisors_colours_and_values():
    frame = ndcg_under_discounts([3, 2, 3, 0, 1], k=5)
    figure = charts.discount_choices(frame, 5)
    lines = _lines(figure)
    assert len(lines) == len(frame)
    coloured = [line for line in lines if line.line.color != charts.MISS]
    assert 1 < len(coloured) <= 6
    standard = next(line for line in lines if line.name.startswith("log2(i+1)"))
    assert standard.line.width == max(line.line.width for line in lines)
    assert list(standard.y) == pytest.approx(np.log2(np.arange(2, 7)))  # the step table's divisors
    linear = next(line for line in lines if line.name == "i")
    assert list(linear.y) == [1, 2, 3, 4, 5]
    assert figure.layout.yaxis.range[1] >= max(max(line.y) for line in lines if line is not linear)
    assert "trec_eval" in standard.name
    assert figure.layout.font.size >= 16
    bars = [trace for trace in figure.data if trace.type == "bar"]
    assert len(bars) == 1 and list(bars[0].text) == [f"{v:.4f}" for v in frame["nDCG"]]
    assert bars[0].textfont.size >= 16
    assert "<b>log2(i+1)</b>" in bars[0].y


def test_chart_marks_the_order_flip():
    figure = charts.discount_choices(ndcg_under_discounts(ORDER_FLIP[0], second=ORDER_FLIP[1]), 4)
    bars = [trace for trace in figure.data if trace.type == "bar"]
    assert len(bars) == 2
    assert [label for label in bars[0].y if charts.FLIP in label] == [
        f"max(1, log2(i)) {charts.FLIP}", f"max(1, log3(i)) {charts.FLIP}"]
    assert list(bars[1].text[:3]) == ["1.0000", "0.8333", "0.8772"]


def _charts_app():
    import streamlit as st

    from metrics import ndcg_under_discounts, rr_curve
    from metrics.measures.discounts import ORDER_FLIP
    from ui import charts
    from ui.i18n import t

    st.plotly_chart(charts.discount_choices(ndcg_under_discounts(ORDER_FLIP[0], second=ORDER_FLIP[1]), 4))
    st.caption(t(charts.DISCOUNT_NOTE))
    st.plotly_chart(charts.rr_by_first_hit(rr_curve(6, k=2), first_hit=4, k=2))


def test_charts_in_chinese_leave_no_english():
    from streamlit.testing.v1 import AppTest

    from tests.visible_text import untranslated, visible_strings

    at = AppTest.from_function(_charts_app, default_timeout=30)
    at.session_state["language"] = "zh"
    at.run()
    assert not at.exception
    shown = [text.replace("<br>", " ") for text in visible_strings(at)]  # (a long title is broken into lines)
    assert "为什么用 log2(i+1)？各名次的除数，以及各种折损下的 nDCG" in shown and "首个命中的名次" in shown
    assert not untranslated(at)
