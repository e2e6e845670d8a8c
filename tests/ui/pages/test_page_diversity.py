"""Diversity: subtopics (pages/diversity.py): the step walk of α-nDCG, ERR-IA, NRBP and S-recall on the jaguar
board, each final value equal to metrics.measures.diversity's value functions computed here on the same board; the
measure switch, the α / β / k sliders, the board's edits (coverage, order, ranking) change the numbers; no value and
no ideal ordering before the last step; an empty ranking or no covered subtopic is a message, not a traceback."""

from __future__ import annotations

import json

import pytest

from metrics.measures import diversity as measures
from tests.apptest_helpers import open_page
from ui.session import state
from ui.topics import diversity

pytestmark = pytest.mark.slow  # AppTest runs: the full run's tier

PAGE = "pages/diversity.py"
NEXT = state.page_key("diversity", "step_next")
NAMES = {item: name for item, (name, _) in diversity.ITEMS.items()}


def show_all(at, run: bool = True):
    """Every step shown, as End would."""
    at.session_state[state.page_key("diversity", "step")] = None
    at.session_state[state.page_key("diversity", "step_origin")] = (
        at.session_state[state.ORIGIN_REVISION] if state.ORIGIN_REVISION in at.session_state else 0)
    if run:
        at.run()
        assert not at.exception, [e.message for e in at.exception]
    return at


@pytest.fixture
def english(app_test):
    return open_page(app_test, PAGE, all_steps=False)


def judgments(covers: dict[str, tuple[str, ...]] | None = None) -> dict[str, dict[str, int]]:
    """The board's judgments as ndeval reads them, by the items' English names."""
    covers = covers or {item: cover for item, (_, cover) in diversity.ITEMS.items()}
    return {NAMES[item]: dict.fromkeys(cover, 1) for item, cover in covers.items()}


def expected(choice: str, ranking=tuple(diversity.ITEMS), covers=None, alpha=0.5, beta=0.5, k=diversity.DEFAULT_K):
    """(the measure's name, its value) by the value functions of metrics.measures.diversity."""
    names, judged = [NAMES[item] for item in ranking], judgments(covers)
    k = min(k, len(names))
    if choice == "alpha-nDCG":
        return f"alpha-nDCG{'' if alpha == 0.5 else f'(alpha={alpha:g})'}@{k}", measures.alpha_ndcg(names, judged, k,
                                                                                                    alpha)
    if choice == "ERR-IA":
        return f"ERR-IA{'' if alpha == 0.5 else f'(alpha={alpha:g})'}@{k}", measures.err_ia(names, judged, k, alpha)
    if choice == "NRBP":
        return "NRBP" if (alpha, beta) == (0.5, 0.5) else None, measures.nrbp(names, judged, alpha, beta)
    return f"S-recall@{k}", measures.subtopic_recall(names, judged, k)


def headline(at) -> tuple[str, str]:
    return at.metric[0].label, at.metric[0].value


def infos(at) -> str:
    return " ".join(info.value for info in at.info)


def test_the_walk_starts_at_step_1_and_shows_the_value_and_ideal_only_at_the_end(english):
    at = english
    table = measures.alpha_ndcg_steps([NAMES[i] for i in diversity.ITEMS], judgments(), diversity.DEFAULT_K)
    assert headline(at) == ("alpha-nDCG so far (step 1)", f"{table.table['alpha_nDCG'].iloc[0]:.4f}")
    assert "greedy ideal ordering (" not in infos(at)
    for step in range(2, diversity.DEFAULT_K + 1):
        at.button(key=NEXT).click().run()
        assert not at.exception
        if step < diversity.DEFAULT_K:
            assert headline(at) == (f"alpha-nDCG so far (step {step})",
                                    f"{table.table['alpha_nDCG'].iloc[step - 1]:.4f}")
            assert "greedy ideal ordering (" not in infos(at)
    name, value = expected("alpha-nDCG")
    assert headline(at) == (name, f"{value:.4f}")
    ideal = measures.ideal_ranking(measures.covered_subtopics(judgments())[1], ("1", "2", "3", "4"), 0.5)
    assert " → ".join(ideal) in infos(at).replace("\\", "")
    assert ideal[0] == NAMES["g"]  # the page that covers three subtopics comes first


@pytest.mark.parametrize("choice", list(diversity.MEASURES))
def test_every_measure_gives_the_value_of_the_metrics_package(english, choice):
    at = english
    at.selectbox(key=diversity.CHOICE).set_value(choice).run()
    show_all(at)
    name, value = expected(choice)
    assert headline(at) == (name, f"{value:.4f}")
    assert at.latex and not at.error


def test_the_sliders_change_the_numbers(english):
    at = english
    at.slider(key=diversity.ALPHA).set_value(0.8).run()
    at.slider(key=diversity.K).set_value(7).run()
    show_all(at)
    name, value = expected("alpha-nDCG", alpha=0.8, k=7)
    assert headline(at) == (name, f"{value:.4f}")
    at.selectbox(key=diversity.CHOICE).set_value("NRBP").run()
    at.slider(key=diversity.BETA).set_value(0.9).run()
    show_all(at)
    assert headline(at)[1] == f"{expected('NRBP', alpha=0.8, beta=0.9)[1]:.4f}"


def test_editing_the_board_changes_the_numbers(english):
    at = english
    at.selectbox(key=diversity.CHOICE).set_value("ERR-IA").run()
    # the disambiguation page covers the animal no more; the Mac OS page covers the car too
    at.multiselect(key=diversity.covers_key("1")).unselect("g").run()
    at.multiselect(key=diversity.covers_key("2")).select("h").run()
    covers = {item: cover for item, (_, cover) in diversity.ITEMS.items()} | {"g": ("2", "3"), "h": ("2", "4")}
    show_all(at)
    assert headline(at)[1] == f"{expected('ERR-IA', covers=covers)[1]:.4f}"
    # the Titans page two ranks up: ▲ twice
    at.selectbox(key=diversity.MOVED).set_value("e").run()
    at.button(key=state.page_key("diversity", "up")).click().run()
    at.button(key=state.page_key("diversity", "up")).click().run()
    ranking = ("a", "b", "e", "c", "d", "f", "g", "h")
    assert at.multiselect(key=diversity.RANKING).value == list(ranking)
    show_all(at)
    assert headline(at)[1] == f"{expected('ERR-IA', ranking, covers)[1]:.4f}"
    # a shorter ranking: k follows it
    at.multiselect(key=diversity.RANKING).set_value(["h", "g", "c"]).run()
    show_all(at)
    assert headline(at) == expected("ERR-IA", ("h", "g", "c"), covers)[0:1] + (
        f"{expected('ERR-IA', ('h', 'g', 'c'), covers)[1]:.4f}",)


def test_bad_boards_say_what_to_do(english):
    at = english
    at.multiselect(key=diversity.RANKING).set_value([]).run()
    assert not at.exception and diversity.NO_RANKING in infos(at) and not at.metric
    at.button(key=state.page_key("diversity", "reset")).click().run()
    assert not at.exception and at.metric
    for subtopic in diversity.SUBTOPICS:
        at.multiselect(key=diversity.covers_key(subtopic)).set_value([]).run()
    assert not at.exception and diversity.NO_SUBTOPIC in infos(at) and not at.metric


def test_the_page_runs_in_chinese(app_test):
    at = open_page(app_test, PAGE, language="zh", all_steps=False)
    for choice in diversity.MEASURES:
        at.selectbox(key=diversity.CHOICE).set_value(choice).run()
        show_all(at)
        assert not at.exception and at.metric


def grid_texts(at) -> list[str]:
    """The numbers written in the grid's cells (the novelty discounts of the ranks walked)."""
    [chart] = at.get("plotly_chart")
    figure = json.loads(chart.proto.spec)
    return [text for trace in figure["data"] for text in trace.get("text") or []]


def test_the_grid_writes_the_discounts_of_the_ranks_walked_only(english):
    at = english
    assert grid_texts(at) == ["1"]  # rank 1: the car, seen for the first time
    at.button(key=NEXT).click().run()
    assert sorted(grid_texts(at)) == ["0.5", "1"]  # rank 2: the car again, (1 − α)^1
    show_all(at)
    covers = {NAMES[item]: cover for item, (_, cover) in diversity.ITEMS.items()}
    walk = measures.novelty_walk([NAMES[i] for i in diversity.ITEMS], covers, ("1", "2", "3", "4"), 0.5)
    assert len(grid_texts(at)) == sum(len(row["subtopics"]) for row in walk)


def test_the_page_presents_full_screen(english):
    at = english
    at.session_state[state.presenting_keys("diversity")[0]] = True  # the Present button
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    assert any("1 / 5" in m.value for m in at.markdown)


def test_the_sliders_keep_their_values_through_a_measure_without_them(english):
    at = english
    at.slider(key=diversity.ALPHA).set_value(0.3).run()
    at.slider(key=diversity.K).set_value(6).run()
    for choice in ("S-recall", "NRBP", "ERR-IA"):  # S-recall has no α, NRBP no k
        at.selectbox(key=diversity.CHOICE).set_value(choice).run()
    show_all(at)
    name, value = expected("ERR-IA", alpha=0.3, k=6)
    assert headline(at) == (name, f"{value:.4f}")


# ------------------------------------------------------------------ the board in the page's links


def opened_by_link(app_test, text: str, language: str = "en"):
    """A new session whose first run opens the page's link ``/diversity?d=<text>`` (``&lang=zh`` for 中文)."""
    at = app_test()
    at.query_params[diversity.LINK_PARAM] = text
    if language != "en":
        at.query_params["lang"] = language
    at.switch_page(PAGE)
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def link_param(at) -> str:
    text = at.query_params[diversity.LINK_PARAM]
    return text[0] if isinstance(text, list) else text


def test_the_board_travels_in_the_link_and_a_new_session_opens_it(english, app_test):
    """The address bar keeps the edited board, measure and settings (``d``); a new session opened on that link
    shows the same board and computes the same value."""
    at = english
    at.multiselect(key=diversity.RANKING).set_value(["g", "c", "a", "e"]).run()
    at.multiselect(key=diversity.covers_key("4")).set_value(["c"]).run()
    at.selectbox(key=diversity.CHOICE).set_value("ERR-IA").run()
    at.slider(key=diversity.K).set_value(3).run()
    at.slider(key=diversity.ALPHA).set_value(0.35).run()
    covers = {"1": ("c", "f", "g"), "2": ("a", "b", "d", "g"), "3": ("e", "g"), "4": ("c",)}
    assert diversity.read_link(link_param(at)) == diversity.Linked(("g", "c", "a", "e"), covers, 3, 0.35, 0.5,
                                                                   "ERR-IA")
    fresh = show_all(opened_by_link(app_test, link_param(at)))
    assert fresh.session_state[diversity.RANKING] == ["g", "c", "a", "e"]
    by_item = {item: tuple(s for s, items in covers.items() if item in items) for item in diversity.ITEMS}
    name, value = expected("ERR-IA", ("g", "c", "a", "e"), by_item, alpha=0.35, k=3)
    assert headline(fresh) == (name, f"{value:.4f}")
    assert not fresh.warning


@pytest.mark.parametrize("text, problem", [
    ("1.gaz.cg.a...2.50.65.ERR-IA", "unknown item 'z' in the ranking"),
    ("1.ga.cc.a...2.50.65.ERR-IA", "an item twice among subtopic 1's items"),
    ("1.ga.cg.a...9.50.65.ERR-IA", "k must be a whole number from 1 to 8, got '9'"),
    ("1.ga.cg.a...2.52.65.ERR-IA", "α must be a multiple of 5 from 5 to 95, got '52'"),
    ("1.ga.cg.a...2.50.65.MAP", "unknown measure 'MAP'"),
    ("2.ga.cg.a...2.50.65.ERR-IA", "not a diversity board of this app (format 1)"),
    ("<b>x</b>", "not a diversity board of this app (format 1)"),
])
def test_a_bad_link_says_what_is_wrong_and_shows_the_example(app_test, text, problem):
    at = opened_by_link(app_test, text)
    assert [w.value for w in at.warning] == [diversity.LINK_FAILED.format(reason=f"` {problem} `")]
    assert at.session_state[diversity.RANKING] == list(diversity.ITEMS)  # the example board
    assert diversity.read_link(link_param(at)).ranking == tuple(diversity.ITEMS)  # and the address holds it


def test_a_bad_link_is_said_in_chinese(app_test):
    at = opened_by_link(app_test, "1.gaz.cg.a...2.50.65.ERR-IA", "zh")
    (warning,) = at.warning
    assert "'z'" in warning.value and "could not" not in warning.value and "ranking" not in warning.value


def test_another_page_drops_the_diversity_board_from_the_address(english):
    at = english
    assert diversity.LINK_PARAM in at.query_params
    at.switch_page("pages/ndcg.py").run()
    assert diversity.LINK_PARAM not in at.query_params
