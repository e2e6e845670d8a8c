"""AppTest: the nDCG, AP, RR and P/R/F1/Hit pages show exactly what the core computes."""

import pytest

import metrics
from metrics.explanation import COLUMN_LABELS
from tests.apptest_helpers import show_all
from ui.model.presets import PRESETS
from ui.session import state

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

PAGES = ["pages/ndcg.py", "pages/ap.py", "pages/rr.py", "pages/cutoff.py"]


def metric_values(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def expected(page, board):
    k = min(board.k, max(len(board.ranking), len(board.judged()), 1)) if page == "pages/ndcg.py" \
        else min(board.k, max(len(board.ranking), 1))
    rels, R = board.rels(), board.n_relevant(board.threshold)
    if page == "pages/ndcg.py":
        e = metrics.ndcg_steps(rels, k, board.gain, ideal=board.ideal_grades(), ideal_from=board.ideal)
        return {e.measure: e.value, f"DCG@{k}": e.details["DCG"], f"IDCG@{k}": e.details["IDCG"]}
    if page == "pages/ap.py":
        e = metrics.ap_steps(rels, k, n_relevant=R, denominator=board.ap_denominator)
        return {e.measure: e.value}
    if page == "pages/rr.py":
        return {"RR": metrics.reciprocal_rank(rels)}
    return {f"P@{k}": metrics.precision_at_k(rels, k), f"R@{k}": metrics.recall_steps(rels, k, R).value,
            f"Success@{k}": metrics.hit_rate_at_k(rels, k), "Rprec": metrics.r_precision(rels, R)}


@pytest.fixture
def started(app_test):
    at = app_test()
    at.run()
    return at


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_page_shows_core_values_for_every_preset(started, page, preset):
    at = started
    at.switch_page(page).run()
    at.radio(key="builder_preset").set_value(preset).run()
    assert not at.exception
    show_all(at)
    board = at.session_state[state.BOARD]
    assert board == PRESETS[preset]
    shown = metric_values(at)
    for label, value in expected(page, board).items():
        assert shown[label] == f"{value:.4f}", (label, shown)


def test_convention_controls_change_the_numbers(started):
    at = started
    at.switch_page("pages/ndcg.py").run()
    show_all(at.radio(key="builder_preset").set_value("003_ndcg").run())
    assert metric_values(at)["nDCG(gain=exp)@5"] == "0.8645"
    revision = at.session_state[state.REVISION]
    at.radio(key=f"ndcg_gain_{revision}").set_value("linear").run()
    assert metric_values(at)["nDCG@5"] == f"{metrics.ndcg([4, 5, 2, 3, 1], 5):.4f}"
    at.switch_page("pages/ap.py").run()
    at.radio(key=f"ap_ap_denominator_{revision}").set_value("found").run()
    assert at.session_state[state.BOARD].ap_denominator == "found"


def test_board_survives_page_switches_and_unjudged_items_count_as_zero(started):
    at = started
    at.switch_page("pages/ndcg.py").run()
    show_all(at.radio(key="builder_preset").set_value("unjudged").run())
    board = at.session_state[state.BOARD]
    for page in ["pages/home.py", "pages/rr.py", "pages/cutoff.py", "pages/ndcg.py"]:
        at.switch_page(page).run()
        assert not at.exception
        assert at.session_state[state.BOARD] == board
    judged = metrics.ndcg(board.rels(), 5, ideal=board.judged())
    assert metric_values(at)["nDCG@5"] == f"{judged:.4f}"


def test_map_and_mrr_across_uploaded_queries_equal_evaluate(started):
    at = started
    at.switch_page("pages/upload.py").run()
    at.button(key="upload__sample_TREC: qrels.txt + run_a.txt (7 queries)").click().run()
    assert not at.exception
    board = at.session_state[state.BOARD]
    root = "sample_data/trec/"
    for page, measure, label in (("pages/ap.py", f"AP@{board.k}", "MAP"), ("pages/rr.py", "RR", "MRR")):
        at.switch_page(page).run()
        assert not at.exception
        expected = metrics.evaluate(root + "qrels.txt", root + "run_a.txt", [measure]).aggregate[measure]
        assert metric_values(at)[f"{label} ({measure})"] == f"{expected:.4f}"


def test_ndcg_tabs_build_only_the_open_table_and_chart(started):
    at = started
    at.switch_page("pages/ndcg.py").run()
    show_all(at.radio(key="builder_preset").set_value("003_ndcg").run())
    board = at.session_state[state.BOARD]
    k = min(board.k, max(len(board.ranking), len(board.judged())))
    explanation = metrics.ndcg_steps(board.rels(), k, board.gain, ideal=board.ideal_grades())
    # the first tab: both whole tables; no chart is built
    assert [list(d.value[COLUMN_LABELS["DCG"]]) for d in at.dataframe] == [list(explanation.table["DCG"]),
                                                             list(explanation.details["ideal_table"]["DCG"])]
    assert len(at.get("plotly_chart")) == 0
    at.session_state[state.page_key("ndcg", "charts")] = "Linear vs exponential gain"  # a click on the tab
    at.run()
    assert not at.exception and len(at.get("plotly_chart")) == 1 and not at.dataframe
    linear, exponential = (metrics.ndcg_steps(board.rels(), k, gain, ideal=board.ideal_grades()).value
                           for gain in ("linear", "exponential"))
    assert f"nDCG@{k}: linear gain {linear:.4f} · exponential gain {exponential:.4f}" in [c.value for c in at.caption]


def test_the_server_pauses_for_the_browser_only_when_the_numbers_change(started, monkeypatch):
    """After new headline numbers the page waits DRAW_PAUSE_S so the browser draws them first;
    a rerun with the same numbers (a page switch back, a click elsewhere) does not wait."""
    from types import SimpleNamespace

    from ui.teaching import explainer

    pauses = []
    monkeypatch.setattr(explainer, "time", SimpleNamespace(sleep=pauses.append))
    at = started
    at.switch_page("pages/ndcg.py").run()
    assert pauses == [explainer.DRAW_PAUSE_S]
    show_all(at)  # every step shown: new numbers
    assert len(pauses) == 2
    pauses.clear()
    pauses.append(explainer.DRAW_PAUSE_S)
    at.run()
    assert len(pauses) == 1
    at.slider(key=f"ndcg_k_{at.session_state[state.REVISION]}").set_value(2).run()  # new numbers
    assert len(pauses) == 2



def step_line(container) -> str:
    """A step bar's "Step i of n" line in ``container``."""
    return next(m.value for m in container.markdown if m.value.startswith("**Step "))


@pytest.mark.parametrize("page, section", [("ap", "map"), ("rr", "mrr")])
def test_the_clicker_steps_the_mean_section_by_its_own_keys(started, page, section):
    """The MAP / MRR section's own clicker instance (the browser hands it the keys while the section is in view,
    tests/e2e/test_map_mrr.py) moves the section's step and leaves the page's."""
    at = started.switch_page(f"pages/{page}.py").run()
    page_before = step_line(at.main.get_by_key(f"{page}__step_bar"))
    assert step_line(at.main.get_by_key(f"{section}__section")).startswith("**Step 1 of ")
    at.session_state[f"{section}_section_keys"] = {"action": "next"}
    at.run()
    at.session_state[f"{section}_section_keys"] = {}  # (the browser sends a key for one run)
    assert step_line(at.main.get_by_key(f"{section}__section")).startswith("**Step 2 of ")
    assert step_line(at.main.get_by_key(f"{page}__step_bar")) == page_before


@pytest.mark.parametrize("language", ["en", "zh"])
def test_rr_shows_k_without_rr_at_k_and_its_first_step_says_not_at_rank_1(app_test, language):
    """Issue 32, item 5: the RR page's K slider is in the toolbar with the RR@K toggle off (as on the other pages),
    and at step 1 of a ranking whose first item is not relevant the headline says "not at rank 1", not "not in ranks
    1–1 yet"; at step 3 (the first relevant item's rank) it says 3."""
    from tests.apptest_helpers import open_page
    from tests.spoilers import BOARD
    from ui.locale import translation
    from ui.topics import paced

    at = open_page(app_test, "pages/rr.py", board=BOARD, language=language, all_steps=False)
    assert not at.exception, [e.message for e in at.exception]
    assert not at.toggle(key=paced.RR_CUT).value
    assert [s for s in at.slider if s.key.startswith("rr_k_")], [s.key for s in at.slider]
    first = {m.label: m.value for m in at.metric}
    label = translation(language).gettext("First relevant item at rank")
    assert first[label] == translation(language).gettext("not at rank 1"), first
    at.session_state[state.page_key("rr", "step")] = 3
    at.run()
    assert {m.label: m.value for m in at.metric}[label] == "3"
