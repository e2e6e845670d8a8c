"""The "More measures" page: every measure selectable, its headline equal to the metric function on the
board, in English and 中文; GM_MAP over an upload's queries; the P/R/F1 page's interpolated curve."""

from pathlib import Path

import pytest

import metrics
from metrics.explanation import COLUMN_LABELS
from tests.apptest_helpers import open_page, show_all, step_windows
from tests.visible_text import item_names, untranslated
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
ON_BOARD = [choice for choice in more_measures.CHOICES if choice != "GM_MAP"]
RANKED = [BOARD.grades[item] for item in BOARD.ranking]
ZEROS = BOARD.rels()
#: the value each choice must show, from the metric functions (R = 4 relevant judged: a, d, e, h; N = 2)
EXPECTED = {
    "bpref": metrics.bpref(RANKED, n_relevant=4, n_nonrelevant=2),
    "iprec": metrics.eleven_point_average(ZEROS, n_relevant=4),
    "num_ret": 7, "num_rel": 4, "num_rel_ret": 3, "num_nonrel_judged_ret": 2,
    "set_P": metrics.set_precision(RANKED), "set_recall": metrics.set_recall(RANKED, 4),
    "set_F": metrics.set_f(RANKED, 4),
    "Rprec_mult": metrics.rprec_mult(ZEROS, 1.0, 4),
    "Judged": metrics.judged_at_k(RANKED, 5),
    "RBP": metrics.rank_biased_precision(ZEROS, p=0.8),
    "ERR": metrics.expected_reciprocal_rank(ZEROS, 5, max_grade=3),
    "nDCG_gains": metrics.ndcg_gain_map(RANKED, {0: 0, 1: 1, 2: 3, 3: 7}, 5, ideal=BOARD.judged()),
}


#: each choice's headline label: the measure as ir_measures names it (metrics.measures.names)
NAMES = {"bpref": "Bpref", "iprec": "IPrec11", "num_ret": "NumRet", "num_rel": "NumRel", "num_rel_ret": "NumRelRet",
         "num_nonrel_judged_ret": "NumNonRelJudgedRet", "set_P": "SetP", "set_recall": "SetR", "set_F": "SetF",
         "Rprec_mult": "RprecMult@1", "Judged": "Judged@5", "RBP": "RBP", "ERR": "ERR(max_grade=3)@5",
         "nDCG_gains": "nDCG(gains={0:0,1:1,2:3,3:7})@5"}


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


def test_every_choice_is_listed():
    assert set(EXPECTED) == set(ON_BOARD)


def shows_the_metric(at, choice: str):
    """The choice's headline is its metric function's value on the board (4 decimals, counts whole)."""
    at = choose(at, choice)
    expected = EXPECTED[choice]
    assert headline(at)[1] == (str(expected) if isinstance(expected, int) else f"{expected:.4f}"), choice
    assert not at.error
    return at


@pytest.mark.parametrize("choice", ON_BOARD)
def test_headline_equals_the_metric_function_on_the_board(english, choice):
    at = shows_the_metric(english, choice)
    label, _ = headline(at)
    assert at.latex, "the formula is shown"
    assert step_windows(at), "the step window is shown"
    assert label == NAMES[choice], label


@pytest.mark.parametrize("choice", ON_BOARD)
def test_every_choice_reads_in_chinese(chinese, choice):
    at = shows_the_metric(chinese, choice)
    left = untranslated(at, item_names(at) | {"Judged"})  # ir_measures' name of Judged@k (the word alone is English)
    assert not left, f"{choice} still shows English:\n" + "\n".join(left)


def test_parameters_change_the_numbers(english):
    at = choose(english, "RBP")
    at.select_slider(key=state.page_key("more", "p")).set_value(0.5).run()
    show_all(at)
    assert headline(at)[1] == f"{metrics.rank_biased_precision(ZEROS, p=0.5):.4f}"
    at = choose(at, "Rprec_mult")
    at.select_slider(key=state.page_key("more", "mult")).set_value(2.0).run()
    show_all(at)
    assert headline(at)[1] == f"{metrics.rprec_mult(ZEROS, 2.0, 4):.4f}"
    at = choose(at, "nDCG_gains")
    at.text_input(key=state.page_key("more", "gains")).set_value("0:0, 1:1, 2:2, 3:3").run()
    show_all(at)
    assert headline(at)[1] == f"{metrics.ndcg(ZEROS, 5, ideal=BOARD.judged()):.4f}"
    at.text_input(key=state.page_key("more", "gains")).set_value("0:0, x").run()
    assert not at.exception
    assert any("grade:gain" in e.value for e in at.error)
    at.text_input(key=state.page_key("more", "gains")).set_value(more_measures.DEFAULT_GAINS).run()


def test_the_step_bar_paces_the_table(app_test):
    at = open_page(app_test, PAGE, BOARD, all_steps=False)
    at = at.selectbox(key=state.page_key("more", "measure")).set_value("bpref").run()
    assert "1" in " ".join(m.value for m in at.markdown if "Step" in m.value)
    label, _ = headline(at)
    assert "so far" in label


def test_gm_map_without_an_upload_says_what_to_do(english):
    at = choose(english, "GM_MAP")
    assert any("GM_MAP" in info.value for info in at.info)


def test_gm_map_over_the_uploaded_queries(app_test):
    at = open_page(app_test, "pages/upload.py")
    next(b for b in at.button if b.label.startswith("TREC")).click().run()
    assert not at.exception
    at.switch_page(PAGE).run()
    at = choose(at, "GM_MAP")
    trec = ROOT / "sample_data" / "trec"
    result = metrics.evaluate(metrics.read_qrels(trec / "qrels.txt"), metrics.read_run(trec / "run_a.txt"), ["AP"])
    expected = metrics.gm_map(result.per_query["AP"].dropna().to_numpy())
    label, value = headline(at)
    assert (label, value) == ("GMAP", f"{expected:.4f}")
    assert any(COLUMN_LABELS["log_AP"] in window.columns for window in step_windows(at))


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
