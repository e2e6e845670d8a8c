"""中文 on the explainer pages (nDCG, AP, RR, P/R/F1/Hit@K) beyond the default board: other presets,
every convention choice, the RR cut-off, the expanders; and the strings that come from ``metrics``
(convention choices, step-table headers, the words inside LaTeX ``\\text{}``) all have entries."""

from __future__ import annotations

import re

import pytest
import streamlit as st

from metrics import ap_steps, ndcg_steps, rr_steps
from metrics.conventions import CHOICES
from metrics.explanation import COLUMN_LABELS
from metrics.measures.cutoff import cutoff_steps
from metrics.messages import Composed, Phrase
from metrics.teaching.explain import EXPLAINERS, explain
from tests.apptest_helpers import builder_frame, load_preset, step_windows
from tests.visible_text import _strings, _table_headers, item_names, untranslated
from ui.i18n import LANGUAGE, sentences
from ui.locale import catalog
from ui.teaching import explainer

ZH = catalog("zh")  # English -> 中文: the catalogue's plain entries

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

PAGES = ["pages/ndcg.py", "pages/ap.py", "pages/rr.py", "pages/cutoff.py"]
#: measure names kept as they are in the step tables' headers
MEASURE_COLUMNS = {"CG", "DCG", "IDCG", "nDCG", "AP", "RR", "P", "R", "F1", "Hit"}
#: shown on these pages but written by other parts (ui/data/many_queries.py)
OTHER_PARTS = ("MAP is the mean of AP", "MRR is the mean of RR", "Upload lists or load a sample", "Mean over ")


def others(at) -> set[str]:
    """The strings of the ranking builder (its frame) and of the other parts' widgets."""
    shown = set()
    for node in builder_frame(at):
        proto = getattr(node, "proto", None)
        if proto is not None:
            shown |= set(_strings(proto))
        if type(node).__name__ == "Dataframe":
            shown |= set(_table_headers(node))
    return shown


def chinese(app_test, page, preset=None):
    at = app_test()
    at.run()
    at.radio(key="sidebar_language").set_value("zh").run()
    at.switch_page(page).run()
    if preset:
        load_preset(at, preset)
    assert not at.exception, [e.message for e in at.exception]
    return at


def text_bodies(formula: str) -> list[str]:
    return re.findall(r"\\text\{([^{}]*)\}", formula)


def english_in_formulas(at) -> list[str]:
    """Words left in English inside the \\text{} of the page's formulas (measure names allowed)."""
    left = []
    for element in at.latex:
        for body in text_bodies(element.value):
            words = set(re.findall(r"[A-Za-z]{2,}", body)) - MEASURE_COLUMNS
            if words:
                left.append(f"{body!r}: {sorted(words)}")
    return left


#: "F" of F1 (F1@K, the F1 column) reads the same in Chinese: tests/visible_text.py's word pattern
#: splits F1 into F (reported, to be added to its neutral words)
NEUTRAL = {"F"}
#: measure names with ir_measures parameters, e.g. nDCG(gain=exp)@5 (not translated)
MEASURE = re.compile(r"^'\w+\(\w+=\w+\)(@\d+)?'")


@pytest.mark.parametrize("preset", [None, "no_relevant", "unjudged", "003_ndcg", "001_mrr_cat", "ties"])
@pytest.mark.parametrize("page", PAGES)
def test_explainer_pages_show_no_english_in_chinese(app_test, page, preset):
    at = chinese(app_test, page, preset)
    assert not english_left(at), "\n".join(english_left(at))
    assert not english_in_formulas(at), english_in_formulas(at)
    assert at.title[0].value == ZH[{"pages/ndcg.py": "nDCG — normalised discounted cumulative gain",
                                    "pages/ap.py": "AP / MAP — average precision",
                                    "pages/rr.py": "RR / MRR — reciprocal rank",
                                    "pages/cutoff.py": "Precision, recall, F1 and hit rate @K · R-precision"}[page]]


def english_left(at) -> list[str]:
    """The page's strings still in English, those of the builder and of other parts left out."""
    skip = others(at)
    return [line for line in untranslated(at, item_names(at) | NEUTRAL)
            if not any(line.startswith(repr(text)[:60]) for text in skip if text)
            and not any(marker in line for marker in OTHER_PARTS) and not MEASURE.match(line)]


@pytest.mark.parametrize("page, setting, values", [
    ("pages/ndcg.py", "gain", ["linear", "exponential"]),
    ("pages/ndcg.py", "ideal", ["list", "judged"]),
    ("pages/ap.py", "ap_denominator", ["found", "min_k_relevant", "relevant"]),
])
def test_every_convention_choice_in_chinese(app_test, page, setting, values):
    at = chinese(app_test, page, "unjudged")
    for value in values:
        from ui.session import state

        at.radio(key=f"{page[6:-3]}_{setting}_{at.session_state[state.REVISION]}").set_value(value).run()
        assert not at.exception, [e.message for e in at.exception]
        assert getattr(at.session_state[state.BOARD], setting) == value
        radio = at.radio(key=f"{page[6:-3]}_{setting}_{at.session_state[state.REVISION]}")
        assert radio.options == [ZH[CHOICES[setting][option]] for option in
                                 (["linear", "exponential"] if setting == "gain" else CHOICES[setting])]
        assert not english_left(at), (value, english_left(at))
        assert not english_in_formulas(at), (value, english_in_formulas(at))


def test_rr_cut_off_and_step_control_in_chinese(app_test):
    at = chinese(app_test, "pages/rr.py", "001_mrr_cat")
    at.toggle(key="rr_cut").set_value(True).run()
    from ui.session import state

    at.slider(key=f"rr_k_{at.session_state[state.REVISION]}").set_value(2).run()
    assert not at.exception
    assert not english_left(at), english_left(at)
    assert english_in_formulas(at) == []
    assert any("前 2 名中没有相关条目" in element.value for element in at.latex)
    at.button(key="rr__step_back").click().run()
    assert any(m.value == "**第 1 步，共 2 步** · 名次 1" for m in at.markdown)


def test_cutoff_step_control_names_the_cut_off(app_test):
    at = chinese(app_test, "pages/cutoff.py", "003_precision")
    assert any(re.fullmatch(r"\*\*第 (\d) 步，共 5 步\*\* · 截断位置 K = \1", m.value) for m in at.markdown)
    assert any("前 " in element.value and "名中有 3 个相关" in element.value for element in at.latex)


def test_english_pages_unchanged(app_test):
    at = app_test()
    at.run()
    at.switch_page("pages/ap.py").run()
    load_preset(at, "000_map_q1")
    assert [s.value for s in at.subheader] == ["From AP to MAP", "MAP: the mean over queries"]
    assert [m.label for m in at.metric][1:3] == ["Relevant items R", "D = hits found"]
    assert list(step_windows(at)[0].columns[:4]) == ["rank", "item", "relevance grade", "relevant"]
    assert any(re.fullmatch(r"\*\*Step (\d) of 5\*\* · rank \1", m.value) for m in at.markdown)
    assert any(r"\frac{\text{hits in top } i}{i}" in latex.value for latex in at.latex)  # (in a popover past step 1)


# strings that come from metrics, translated at display time


@pytest.fixture
def in_chinese():
    st.session_state[LANGUAGE] = "zh"
    yield
    del st.session_state[LANGUAGE]


def test_every_convention_choice_has_an_entry():
    for setting in ("gain", "ideal", "ap_denominator", "ties"):
        for value, text in CHOICES[setting].items():
            assert ZH.get(text), (setting, value, text)


def step_tables():
    """Every step table the explainers make (the nDCG one with its ideal table), on a few boards."""
    boards = [[3, 2, 0, 1], [0, 0, 0], [1, 0, 1, 1, 0]]
    for rels in boards:
        for metric, spec in EXPLAINERS.items():
            options = {"n_relevant": 3} if "n_relevant" in spec.options else {}
            explanation = explain(metric, rels, (0.5 if spec.fraction else 3) if spec.takes_k else None, **options)
            yield explanation.table
            if "ideal_table" in explanation.details:
                yield explanation.details["ideal_table"]
        yield cutoff_steps(rels, len(rels), n_relevant=3)


def test_every_step_table_column_has_an_entry():
    columns = {column for table in step_tables() for column in table.columns}
    assert {"counted", "running_sum", "first_hit", "discounted_gain"} <= columns
    # what the reader sees: the column's human label (ui.i18n.header), in 中文
    missing = sorted(c for c in columns - MEASURE_COLUMNS if not ZH.get(COLUMN_LABELS.get(c, c)))
    assert not missing, missing


def test_step_table_headers_are_translated_and_still_formatted(in_chinese, monkeypatch):
    shown = {}
    monkeypatch.setattr(explainer.st, "dataframe", lambda styler, **_: shown.setdefault("styler", styler))
    explainer.step_table(ap_steps([1, 0, 1], 3).table, 2)
    styler = shown["styler"]
    assert list(styler.data.columns) == ["名次", "条目", "相关性等级", "相关", "目前命中数", "该名次的精确率", "AP 计入值", "累计和",
                                        "目前的 AP"]
    html = styler.to_html()
    assert "0.5000" in html and "#FFE8A3" in html.upper() or "#ffe8a3" in html


def formulas():
    """Every formula and worked line the explainer pages show, on boards that reach every branch."""
    for rels in ([3, 2, 0, 1], [0, 0, 0], [1, 0, 1, 1, 0], [0, 0, 1]):
        shown = []
        for gain in ("linear", "exponential"):
            shown.append(ndcg_steps(rels, 3, gain=gain))
        shown += [ap_steps(rels, 3, n_relevant=3, denominator=d) for d in ("relevant", "found", "min_k_relevant")]
        shown += [ap_steps(rels, 3, denominator="relevant")]
        shown += [rr_steps(rels), rr_steps(rels, 2)]
        for metric in ("p", "r", "f1", "hit", "rprec"):
            spec = EXPLAINERS[metric]
            shown.append(explain(metric, rels, 3 if spec.takes_k else None))
        for explanation in shown:
            yield explanation.formula
            yield from explanation.worked.split(r" \\ ")


def test_every_text_in_the_formulas_has_an_entry():
    for formula in formulas():
        assert isinstance(formula, Composed) or "\\text{" not in formula, formula
        for part in getattr(formula, "parts", ()):
            if isinstance(part, Phrase):
                assert ZH.get(part.message.template), (part.message.template, formula)


def test_formulas_in_chinese_keep_no_english_word(in_chinese):
    for formula in formulas():
        translated = sentences.tex(formula)
        for body in text_bodies(translated):
            assert not set(re.findall(r"[A-Za-z]{2,}", body)) - MEASURE_COLUMNS, (body, formula)
        assert translated.count("{") == translated.count("}"), translated


def test_formula_phrases_put_the_variable_where_chinese_does(in_chinese):
    assert sentences.tex(ap_steps([1, 0], 2).formula).endswith(r"P@i = \frac{\text{前 }i\text{ 名中的命中数}}{i}")
    assert sentences.tex(explain("rprec", [1, 0]).formula).endswith(r"|\text{相关} \cap \text{前 }R\text{ 名}|}{R}")
    assert sentences.tex(explain("hit", [1, 1, 0], 3).worked).endswith(r"\quad \text{（前 3 名中有 2 个相关）}")


def test_formulas_in_english_are_unchanged():
    formula = ap_steps([1, 0], 2).formula
    assert sentences.tex(formula) == formula
    assert formula.endswith(r"P@i = \frac{\text{hits in top } i}{i}")
