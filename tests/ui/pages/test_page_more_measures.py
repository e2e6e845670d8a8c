"""The "More measures" page: every measure selectable, its headline equal to the metric function on the
board, in English and 中文; GM_MAP over an upload's queries; the P/R/F1 page's interpolated curve."""

from pathlib import Path

import pandas as pd
import pytest

import metrics
from metrics.explanation import COLUMN_LABELS
from metrics.measures import registry
from tests.apptest_helpers import open_page, show_all, step_windows
from tests.visible_text import item_names, untranslated
from ui.data import share
from ui.locale import catalog
from ui.model.board import Board
from ui.session import state
from ui.topics import more_measures

ZH = catalog("zh")  # English -> 中文: the catalogue's plain entries

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

PAGE = "pages/more_measures.py"
ROOT = Path(__file__).resolve().parents[3]
#: judged and unjudged items (None), one judged relevant item left unranked, grades 0..3
BOARD = Board(grades={"a": 2, "b": None, "c": 0, "d": 3, "e": 1, "f": None, "g": 0, "h": 1},
              ranking=("a", "b", "c", "d", "e", "f", "g"), k=5)
RANKED = [BOARD.grades[item] for item in BOARD.ranking]
ZEROS = BOARD.rels()
ON_BOARD = [name for name in more_measures.CHOICES if not more_measures.over_queries(name)]
#: the board as a query of qrels (the judged items) and a run (the ranking, scores descending)
QRELS = pd.DataFrame([("q", item, grade) for item, grade in BOARD.grades.items() if grade is not None],
                     columns=["query", "item", "rel"])
RUN = pd.DataFrame([("q", item, float(len(BOARD.ranking) - at)) for at, item in enumerate(BOARD.ranking)],
                   columns=["query", "item", "score"])


def batch_value(choice: str, k: int = 5, values: dict | None = None) -> float:
    """The batch engine's value of the page's measure on the board (metrics.evaluate, trec_eval semantics)."""
    name = str(more_measures.measure(choice, BOARD, k, values))
    return float(metrics.evaluate(QRELS, RUN, [name]).per_query[name].iloc[0])


#: a few headline labels written out: the measure as ir_measures names it (metrics.measures.names)
NAMES = {"Bpref": "Bpref", "IPrec11": "IPrec11", "NumRet": "NumRet", "RprecMult": "RprecMult@1", "Judged": "Judged@5",
         "RBP": "RBP@5", "ERR": "ERR@5", "nDCG": "nDCG(gains={0:0,1:1,2:3,3:7})@5", "RelP": "RelP@5", "G": "G"}
#: the page's measure names, written as trec_eval and ir_measures write them: the same in every language
NEUTRAL = {word.lower() for name in more_measures.CHOICES for word in
           (name, *registry.REGISTRY[name].trec_eval, registry.REGISTRY[name].trec_eval_cut or "")} | {"judged"}


def choose(at, choice: str):
    at.selectbox(key=state.page_key("more", "measure")).set_value(choice).run()
    show_all(at)
    assert not at.exception, [e.message for e in at.exception]
    return at


def headline(at) -> tuple[str, str]:
    first = at.metric[0]
    return first.label, first.value


@pytest.fixture(scope="module")
def english(app_test_module):
    return open_page(app_test_module, PAGE, BOARD)


@pytest.fixture(scope="module")
def chinese(app_test_module):
    return open_page(app_test_module, PAGE, BOARD, language="zh")


@pytest.fixture(scope="module")
def app_test_module():
    import pytest as _pytest

    from tests.conftest import app_test as factory

    monkeypatch = _pytest.MonkeyPatch()
    yield factory.__wrapped__(monkeypatch)
    monkeypatch.undo()


def test_every_choice_has_a_batch_value():
    assert all(batch_value(choice) == batch_value(choice) for choice in ON_BOARD)  # none is NaN


def shows_the_metric(at, choice: str):
    """The choice's headline is the batch engine's value on the board (4 decimals, counts whole)."""
    at = choose(at, choice)
    expected = batch_value(choice)
    shown = headline(at)[1]
    assert shown == (str(int(expected)) if registry.REGISTRY[choice].aggregate == "sum" else f"{expected:.4f}"), \
        (choice, shown, expected)
    assert not at.error
    return at


@pytest.mark.parametrize("choice", ON_BOARD)
def test_headline_equals_the_batch_engine_on_the_board(english, choice):
    at = shows_the_metric(english, choice)
    label, _ = headline(at)
    assert at.latex, "the formula is shown"
    assert step_windows(at), "the step window is shown"
    assert label == NAMES.get(choice, label), label
    assert label.split("(")[0].split("@")[0] == choice


@pytest.mark.parametrize("choice", ON_BOARD)
def test_every_choice_reads_in_chinese(chinese, choice):
    at = shows_the_metric(chinese, choice)
    left = untranslated(at, item_names(at) | NEUTRAL)
    assert not left, f"{choice} still shows English:\n" + "\n".join(left)


def test_parameters_change_the_numbers(english):
    at = choose(english, "RBP")
    at.number_input(key=state.page_key("more", "p")).set_value(0.5).run()
    show_all(at)
    assert headline(at)[1] == f"{batch_value('RBP', values={'p': 0.5}):.4f}"
    assert headline(at)[1] == f"{metrics.rank_biased_precision(ZEROS[:5], p=0.5):.4f}"
    at = choose(at, "ERR")
    at.number_input(key=state.page_key("more", "max_grade")).set_value(3).run()
    show_all(at)
    assert headline(at) == ("ERR(max_grade=3)@5", f"{metrics.expected_reciprocal_rank(ZEROS, 5, max_grade=3):.4f}")
    at.number_input(key=state.page_key("more", "max_grade")).set_value(2).run()  # below the board's grade 3
    show_all(at)
    assert any("largest grade" in e.value for e in at.error)
    assert headline(at) == ("ERR@5", f"{batch_value('ERR'):.4f}")  # the default meanwhile: g_max 4
    at = choose(at, "RprecMult")
    at.select_slider(key=state.page_key("more", "mult")).set_value(2.0).run()
    show_all(at)
    assert headline(at)[1] == f"{metrics.rprec_mult(ZEROS, 2.0, 4):.4f}"
    at = choose(at, "nDCG")
    at.text_input(key=state.page_key("more", "gains")).set_value("0:0, 1:1, 2:2, 3:3").run()
    show_all(at)
    assert headline(at)[1] == f"{metrics.ndcg(ZEROS, 5, ideal=BOARD.judged()):.4f}"
    at.text_input(key=state.page_key("more", "gains")).set_value("0:0, x").run()
    assert not at.exception
    assert any("grade:gain" in e.value for e in at.error)
    assert headline(at)[1] == f"{batch_value('nDCG'):.4f}"  # the default gains meanwhile
    at.text_input(key=state.page_key("more", "gains")).set_value(more_measures.DEFAULT_GAINS).run()


def test_the_threshold_is_the_boards(app_test):
    board = BOARD.with_settings(threshold=2.0)
    at = open_page(app_test, PAGE, board)
    at = choose(at, "SetF")
    assert headline(at) == ("SetF(rel=2)", f"{metrics.set_f(RANKED, 2, threshold=2):.4f}")


def test_an_old_link_opens_the_page_as_it_did(app_test):
    """A link carries the board (and the language), not the measure: it opens on bpref, the first choice, as
    it did before the choices came from the registry."""
    at = app_test()
    at.query_params[share.PARAM] = share.encode_board(BOARD)
    at.run()
    at.switch_page(PAGE).run()
    show_all(at)
    assert not at.exception
    assert headline(at) == ("Bpref", f"{metrics.bpref(RANKED, n_relevant=4, n_nonrelevant=2):.4f}")


def test_the_step_bar_paces_the_table(app_test):
    at = open_page(app_test, PAGE, BOARD, all_steps=False)
    at = at.selectbox(key=state.page_key("more", "measure")).set_value("Bpref").run()
    assert "1" in " ".join(m.value for m in at.markdown if "Step" in m.value)
    label, _ = headline(at)
    assert "so far" in label


@pytest.mark.parametrize("choice", ["GMAP", "GMBpref"])
def test_over_queries_without_an_upload_says_what_to_do(english, choice):
    at = choose(english, choice)
    assert any(choice in info.value for info in at.info)


def test_gm_map_over_the_uploaded_queries(app_test):
    at = open_page(app_test, "pages/upload.py")
    next(b for b in at.button if b.label.startswith("TREC")).click().run()
    assert not at.exception
    at.switch_page(PAGE).run()
    trec = ROOT / "sample_data" / "trec"
    result = metrics.evaluate(metrics.read_qrels(trec / "qrels.txt"), metrics.read_run(trec / "run_a.txt"),
                              ["GMAP", "GMBpref"])
    for choice, log in (("GMAP", "log_AP"), ("GMBpref", "log_bpref")):
        at = choose(at, choice)
        label, value = headline(at)
        assert (label, value) == (choice, f"{result.aggregate[choice]:.4f}")
        assert any(COLUMN_LABELS.get(log, log) in window.columns for window in step_windows(at))


def test_the_cutoff_page_draws_the_interpolated_curve(app_test):
    at = open_page(app_test, "pages/cutoff.py", BOARD)
    at.session_state[state.page_key("cutoff", "below")] = "11-point interpolated precision"  # a click on the tab
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    figures = [c for c in at.get("plotly_chart")]
    assert any("11-point interpolated precision-recall curve" in c.proto.spec for c in figures)
    levels = metrics.iprec_steps(ZEROS, n_relevant=4)
    shown = next(d.value for d in at.dataframe if COLUMN_LABELS["iprec"] in d.value.columns)
    assert list(shown[COLUMN_LABELS["iprec"]]) == pytest.approx(list(levels.table["iprec"]))
    assert ZH["11-point interpolated precision"]


#: tiny and awkward boards: one item, nothing relevant, nothing judged in the ranking, a grade outside the gain map
ODD_BOARDS = {
    "one": Board(grades={"x": 2.0}, ranking=("x",)),
    "nothing relevant": Board(grades={"a": 0.0, "b": 0.0}, ranking=("a", "b"), k=2),
    "unjudged only": Board(grades={"a": None, "b": None, "c": 2.0}, ranking=("a", "b")),
    "grade 5": Board(grades={"a": 5.0, "b": 1.0}, ranking=("b", "a")),
}


@pytest.mark.parametrize("name", list(ODD_BOARDS))
def test_every_choice_works_on_odd_boards(app_test, name):
    at = open_page(app_test, PAGE, ODD_BOARDS[name])
    for choice in ON_BOARD:
        at = choose(at, choice)
        assert at.metric, (name, choice)
        assert not at.error, (name, choice, [e.value for e in at.error])
    assert at.session_state[state.BOARD] == ODD_BOARDS[name]
