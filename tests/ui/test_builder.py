"""The shared ranking builder (ui/ranking/builder.py), driven through the nDCG page with AppTest.

No browser here: a drag is simulated by giving the lanes component's key the value the browser
sends on a drop, and the grade table by seeding the data editor's widget state.
"""

from __future__ import annotations

import pytest

from metrics import ndcg
from metrics.explanation import COLUMN_LABELS
from tests.apptest_helpers import (
    builder_frame,
    builder_title,
    drop,
    lane_items,
    lane_names,
    lanes_data,
    open_builder_tools,
    show_all,
)
from ui.model.board import Board
from ui.model.presets import DEFAULT_PRESET, PRESETS
from ui.ranking.builder import item_label
from ui.ranking.lanes import POOL_TITLE, RANKING_TITLE
from ui.session import state

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

PAGE = "pages/ndcg.py"
XSS = "<img src=x onerror=alert(1)>"


# --------------------------------------------------------------------------- helpers


def ok(at):
    assert not at.exception, [e.message for e in at.exception]
    return at


def open_ndcg(app_test):
    """The nDCG page with the builder's popovers open (the grade editor is the first table)."""
    at = ok(app_test().run())
    return ok(open_builder_tools(at.switch_page(PAGE)).run())


def board_of(at) -> Board:
    return at.session_state["board"]


def revision(at) -> int:
    return at.session_state["board_revision"]


def shown(at) -> tuple[int, float]:
    """(k, value) of the nDCG@k metric on the page, every step shown (a new example starts at step 1)."""
    show_all(at)
    [metric] = [m for m in at.metric if m.label.startswith("nDCG")]  # nDCG@3, nDCG(gain=exp)@5
    return int(metric.label.rsplit("@", 1)[1]), float(metric.value)


def expected(board: Board, k: int) -> float:
    return ndcg(board.rels(), k, board.gain, ideal=board.ideal_grades())


def assert_shown_matches_core(at) -> float:
    k, value = shown(at)
    board = board_of(at)
    assert k == at.slider[0].value == min(board.k, max(len(board.ranking), len(board.judged()), 1))
    assert value == pytest.approx(expected(board, k), abs=5e-5)
    return value


def drag(at, ranking: list[str], pool: list[str]):
    """Do what the browser does after a drop: send the two lanes' item names."""
    assert [c.key for c in at.get("bidi_component") if c.key.startswith("builder")] == [f"builder_lanes_{revision(at)}"]
    return ok(drop(at, ranking, pool))


def edit_grades(at, edited_rows=None, added_rows=None, deleted_rows=None):
    """Seed the grade table's widget state as the browser would after an edit."""
    at.session_state[f"builder_grades_{revision(at)}"] = {
        "edited_rows": edited_rows or {}, "added_rows": added_rows or [], "deleted_rows": deleted_rows or []}
    return ok(at.run())


def load(at, preset: str):
    return ok(at.radio(key="builder_preset").set_value(preset).run())


def click(at, key: str):
    return ok(at.button(key=key).click().run())


def grade_frame(at):
    return at.dataframe[0].value  # the grade editor comes first (in the builder on top)


# --------------------------------------------------------------------------- presets


def test_default_preset_shown(app_test):
    at = open_ndcg(app_test)
    assert board_of(at) == PRESETS[DEFAULT_PRESET]
    assert at.radio(key="builder_preset").value == DEFAULT_PRESET
    assert_shown_matches_core(at)
    assert [lane["title"] for lane in lanes_data(at)["lanes"]] == [RANKING_TITLE, POOL_TITLE]


def test_preset_picker_loads_every_preset(app_test):
    at = open_ndcg(app_test)
    # start from the second one, so that every preset is a change (the picker starts on the default)
    names = [n for n in PRESETS if n != DEFAULT_PRESET] + [DEFAULT_PRESET]
    for name in names:
        before = revision(at)
        load(at, name)
        preset, board = PRESETS[name], board_of(at)
        assert revision(at) > before, name
        assert (board.grades, board.ranking, board.gain, board.ideal) == (
            preset.grades, preset.ranking, preset.gain, preset.ideal), name
        assert at.session_state["board_origin"] == preset
        value = assert_shown_matches_core(at)
        assert f"{expected(preset, min(preset.k, preset.effective_k())):.4f}" == f"{value:.4f}", name
        # the lanes show the preset's ranking and pool
        assert lane_names(at, 0) == list(preset.ranking), name
        assert lane_names(at, 1) == preset.pool, name
        # the grade table lists every item with its grade
        frame = grade_frame(at)
        assert list(frame["item"]) == preset.items, name


# --------------------------------------------------------------------------- buttons


def test_ideal_order_scores_one(app_test):
    at = open_ndcg(app_test)
    for name, preset in PRESETS.items():
        if name != at.radio(key="builder_preset").value:
            load(at, name)
        click(at, "builder_Ideal order")
        board = board_of(at)
        assert board.ranking == preset.ideal_order().ranking, name
        k, value = shown(at)
        if any(g > 0 for g in board.judged()):
            assert f"{value:.4f}" == "1.0000", name
        else:
            assert value == 0.0, name  # IDCG = 0: defined as 0
        assert_shown_matches_core(at)


def test_worst_order_reset_and_shuffle(app_test):
    at = open_ndcg(app_test)
    load(at, "000_list_1")
    preset = PRESETS["000_list_1"]
    start = assert_shown_matches_core(at)

    click(at, "builder_Worst order")
    assert board_of(at).ranking == ("E", "C", "A", "D", "B")
    worst = assert_shown_matches_core(at)
    assert worst < start

    click(at, "builder_Ideal order")
    assert board_of(at).ranking == ("B", "D", "A", "C", "E")
    assert shown(at)[1] == pytest.approx(1.0)

    click(at, "builder_Reset")
    assert board_of(at).ranking == preset.ranking
    assert shown(at)[1] == pytest.approx(start, abs=5e-5)

    seen = set()
    for _ in range(6):
        before = revision(at)
        click(at, "builder_Shuffle")
        board = board_of(at)
        assert revision(at) == before + 1  # the lanes are rebuilt
        assert sorted(board.ranking) == sorted(preset.ranking) and board.grades == preset.grades
        assert lane_names(at, 0) == list(board.ranking)
        assert_shown_matches_core(at)
        seen.add(board.ranking)
    assert len(seen) > 1  # 6 shuffles of 5 items: all equal with probability (1/120)^5


def test_reset_after_edits_goes_back_to_the_preset(app_test):
    at = open_ndcg(app_test)
    load(at, "ties")
    drag(at, ["d6", "d1"], ["d2", "d3", "d4", "d5"])
    edit_grades(at, edited_rows={0: {"grade": 0}})
    click(at, "builder_Reset")
    assert board_of(at).grades == PRESETS["ties"].grades
    assert board_of(at).ranking == PRESETS["ties"].ranking


# --------------------------------------------------------------------------- keyboard controls


def test_keyboard_controls(app_test):
    at = open_ndcg(app_test)  # default: d1..d5, all ranked, grades 3 2 3 0 1
    assert board_of(at).ranking == ("d1", "d2", "d3", "d4", "d5")
    v0 = assert_shown_matches_core(at)
    items = at.selectbox(key=f"builder_kbd_item_{revision(at)}")
    assert items.options[0] == f"1. {item_label(board_of(at), 'd1')}"

    items.set_value("d3").run()
    click(at, "builder_kbd_Up")
    assert board_of(at).ranking == ("d1", "d3", "d2", "d4", "d5")
    assert assert_shown_matches_core(at) != v0
    # the picked item stays picked, so Up/Down can be pressed repeatedly
    assert at.selectbox(key=f"builder_kbd_item_{revision(at)}").value == "d3"
    click(at, "builder_kbd_Down")
    click(at, "builder_kbd_Down")
    assert board_of(at).ranking == ("d1", "d2", "d4", "d3", "d5")

    at.selectbox(key=f"builder_kbd_item_{revision(at)}").set_value("d5").run()
    click(at, "builder_kbd_Top")
    assert board_of(at).ranking == ("d5", "d1", "d2", "d4", "d3")
    click(at, "builder_kbd_Up")  # already on top: nothing moves
    assert board_of(at).ranking == ("d5", "d1", "d2", "d4", "d3")
    assert_shown_matches_core(at)

    # Unrank: back to the pool; then the pool picker appears, and Add puts it at the end
    assert not [b for b in at.button if b.key == "builder_kbd_add"]
    click(at, "builder_kbd_unrank")
    assert board_of(at).ranking == ("d1", "d2", "d4", "d3")
    assert board_of(at).pool == ["d5"]
    assert lane_names(at, 1) == ["d5"]
    assert_shown_matches_core(at)
    at.selectbox(key=f"builder_kbd_item_{revision(at)}").set_value("d1").run()
    click(at, "builder_kbd_unrank")
    assert board_of(at).pool == ["d1", "d5"]
    at.selectbox(key=f"builder_kbd_pool_{revision(at)}").set_value("d5").run()
    click(at, "builder_kbd_add")
    assert board_of(at).ranking == ("d2", "d4", "d3", "d5")
    assert board_of(at).pool == ["d1"]
    assert_shown_matches_core(at)


# --------------------------------------------------------------------------- drag and drop (simulated)


def test_drag_reorders_and_updates_ndcg(app_test):
    at = open_ndcg(app_test)
    rev = revision(at)
    v0 = assert_shown_matches_core(at)
    drag(at, ["d4", "d2", "d3", "d1", "d5"], [])
    assert board_of(at).ranking == ("d4", "d2", "d3", "d1", "d5")
    v1 = assert_shown_matches_core(at)
    assert v1 != v0
    assert revision(at) == rev  # a drag does not rebuild the lanes (they already show the new order)
    assert lane_names(at, 0) == ["d4", "d2", "d3", "d1", "d5"]
    # the step table follows the new order (the whole table, under its human headers)
    steps = next(d.value for d in at.dataframe if COLUMN_LABELS["DCG"] in d.value.columns)
    assert list(steps[COLUMN_LABELS["item"]]) == ["d4", "d2", "d3"]
    assert list(steps[COLUMN_LABELS["rel"]]) == [0, 2, 3]
    assert steps[COLUMN_LABELS["nDCG"]].iloc[-1] == pytest.approx(v1, abs=5e-5)


def test_drag_between_ranking_and_pool(app_test):
    at = open_ndcg(app_test)
    load(at, "001_hit_ap_mrr")  # 5 ranked, 5 in the pool
    board = board_of(at)
    assert board.pool == ["1", "5", "6", "7", "8"]
    # pool -> ranking, at the top
    drag(at, ["1", *board.ranking], ["5", "6", "7", "8"])
    assert board_of(at).ranking == ("1", "3", "4", "2", "100", "1000")
    assert board_of(at).pool == ["5", "6", "7", "8"]
    assert_shown_matches_core(at)
    # ranking -> pool
    drag(at, ["1", "3", "4", "2", "100"], ["1000", "5", "6", "7", "8"])
    assert board_of(at).ranking == ("1", "3", "4", "2", "100")
    assert "1000" in board_of(at).pool
    assert_shown_matches_core(at)
    # everything into the pool: nothing ranked, the page says what is missing (issue 12)
    drag(at, [], board_of(at).items)
    assert board_of(at).ranking == ()
    assert any(i.value.startswith("Rank at least one item") for i in at.info)
    assert not [m for m in at.metric if m.label.startswith("nDCG")]


@pytest.mark.parametrize("order", [
    {"ranking": ["no such item", "d1"], "pool": []},  # stale: from before the items changed
    {"ranking": ["d1", "d2", "d3", "d4"], "pool": []},  # an item missing
    {"ranking": ["d1", "d1", "d2", "d3", "d4", "d5"], "pool": []},  # an item twice
    {"ranking": ["d2", "d1", "d3", "d4"], "pool": ["d5", "d5"]},
    {"ranking": "d1 d2 d3 d4 d5", "pool": []},  # malformed
    {"ranking": [1, 2, 3, 4, 5], "pool": []},
    {"pool": ["d1", "d2", "d3", "d4", "d5"]},
    "d5 d4 d3 d2 d1",
    None,
])
def test_stale_or_malformed_drop_is_ignored(app_test, order):
    at = open_ndcg(app_test)
    board = board_of(at)
    at.session_state[f"builder_lanes_{revision(at)}"] = {"order": order}
    ok(at.run())
    assert board_of(at) == board
    assert lane_names(at, 0) == list(board.ranking)


# --------------------------------------------------------------------------- grade table


def test_grade_edits_change_the_values(app_test):
    at = open_ndcg(app_test)  # d1..d5 with 3 2 3 0 1, k = 3
    v0 = assert_shown_matches_core(at)
    rev = revision(at)
    edit_grades(at, edited_rows={1: {"grade": 0}, 3: {"grade": 3}})
    board = board_of(at)
    assert board.grades == {"d1": 3, "d2": 0, "d3": 3, "d4": 3, "d5": 1}
    assert revision(at) == rev + 1  # widgets that show the board are rebuilt
    assert assert_shown_matches_core(at) != v0
    assert list(grade_frame(at)["grade"]) == [3, 0, 3, 3, 1]
    assert lane_items(at, 0)[1]["grade"] == "0" and item_label(board, "d2") == "d2  ·  0"

    # an empty grade means unjudged: shown as such, never "None"
    edit_grades(at, edited_rows={4: {"grade": None}})
    assert board_of(at).grades["d5"] is None
    assert lane_items(at, 0)[4]["grade"] == "unjudged" and lane_items(at, 0)[4]["unjudged"]
    assert "None" not in [item["grade"] for item in lane_items(at, 0)] + [e["label"] for e in lanes_data(at)["legend"]]
    assert_shown_matches_core(at)


def test_grade_table_rename_add_delete(app_test):
    at = open_ndcg(app_test)
    edit_grades(at, edited_rows={0: {"item": "top"}})
    board = board_of(at)
    assert board.ranking == ("top", "d2", "d3", "d4", "d5") and board.grades["top"] == 3
    # delete the last ranked item and add a new one: the new one joins the pool, it does not
    # inherit the deleted item's rank
    edit_grades(at, added_rows=[{"item": "fresh", "grade": 2}], deleted_rows=[4])
    board = board_of(at)
    assert board.ranking == ("top", "d2", "d3", "d4")
    assert board.pool == ["fresh"] and board.grades["fresh"] == 2
    assert_shown_matches_core(at)


@pytest.mark.parametrize("edit, message", [
    ({0: {"item": "d2"}}, "two items are named 'd2'"),
    ({0: {"item": ""}}, "needs a name"),
    ({0: {"item": "   "}}, "needs a name"),
    ({0: {"item": None}}, "needs a name"),
])
def test_bad_names_show_an_error_and_keep_the_board(app_test, edit, message):
    at = open_ndcg(app_test)
    board, rev, value = board_of(at), revision(at), shown(at)
    edit_grades(at, edited_rows=edit)
    assert [e for e in at.error if message in e.value], [e.value for e in at.error]
    assert board_of(at) == board
    assert revision(at) == rev
    assert shown(at) == value


def test_duplicate_added_row_is_refused(app_test):
    at = open_ndcg(app_test)
    board = board_of(at)
    edit_grades(at, added_rows=[{"item": "d3", "grade": 1}])
    assert any("two items are named 'd3'" in e.value for e in at.error)
    assert board_of(at) == board


# --------------------------------------------------------------------------- across pages


def test_board_survives_switching_pages(app_test):
    at = open_ndcg(app_test)
    load(at, "unjudged")
    drag(at, ["d6", "d1", "d3"], ["d2", "d4", "d5"])
    edit_grades(at, edited_rows={4: {"grade": 2}})  # d5: 0 -> 2
    board = board_of(at)
    value = assert_shown_matches_core(at)

    ok(at.switch_page("pages/home.py").run())
    assert board_of(at) == board
    ok(at.switch_page(PAGE).run())
    assert board_of(at) == board
    assert shown(at)[1] == value
    assert at.radio(key="builder_preset").value == "unjudged"
    assert lane_names(at, 0) == ["d6", "d1", "d3"]
    assert lane_names(at, 1) == ["d2", "d4", "d5"]
    assert list(grade_frame(at)["grade"].fillna(-1)) == [2, -1, 1, -1, 2, 3]


# --------------------------------------------------------------------------- item names are text


def test_html_item_name_is_kept_as_text(app_test):
    at = open_ndcg(app_test)
    edit_grades(at, edited_rows={0: {"item": XSS}})
    board = board_of(at)
    assert board.ranking[0] == XSS and board.grades[XSS] == 3
    assert grade_frame(at)["item"].iloc[0] == XSS
    label = item_label(board, XSS)
    assert label == f"{XSS}  ·  3"
    assert lane_names(at, 0)[0] == XSS
    options = at.selectbox(key=f"builder_kbd_item_{revision(at)}").options
    assert options[0] == f"1. {label}"
    assert at.dataframe[1].value["item"].iloc[0] == XSS  # the step table
    # nothing on the page renders it as HTML
    for element in [*at.markdown, *at.caption]:
        if "<img" in element.value:
            assert not element.proto.allow_html, element.value
    # and it survives a drag
    drag(at, ["d2", XSS, "d3", "d4", "d5"], [])
    assert board_of(at).ranking[1] == XSS
    assert_shown_matches_core(at)


def test_builder_is_drawn_when_a_page_ends_early(app_test):
    """The conventions page ends early on an empty ranking; the builder (drawn after the page)
    must still be there, or the reader could not rank anything."""
    at = ok(app_test().run())
    at.session_state["board"] = PRESETS[DEFAULT_PRESET].with_ranking([])
    at.session_state["board_revision"] += 1
    ok(at.switch_page("pages/conventions.py").run())
    assert at.info, "the page says why it stopped"
    assert lane_names(at, 0) == [] and lane_names(at, 1) == PRESETS[DEFAULT_PRESET].items
    assert at.radio(key="builder_preset")


def test_pages_end_early_without_st_stop(repo_root):
    """st.stop() would also stop the builder drawn after the page: pages call ui.shell.page.end_page()."""
    offenders = [p.name for p in (repo_root / "pages").glob("*.py") if "st.stop()" in p.read_text()]
    assert not offenders


# --------------------------------------------------------------------------- lanes: step, ideal, colours, layout


def test_step_and_ideal_lane_follow_the_page_keys(app_test):
    at = show_all(open_ndcg(app_test))  # every step shown: no rank outlined; the nDCG page shows the ideal lane
    data = lanes_data(at)
    assert data["step"] is None and data["ideal"] is not None
    at.button(key="ndcg__step_start").click().run()
    at.button(key="ndcg__step_next").click().run()
    data = lanes_data(at)
    assert data["step"] == 2  # the page's step, outlined in the lanes
    board = board_of(at)  # ideal from all judged items: 3 3 2 1 0, ties in item order
    assert [item["name"] for item in data["ideal"]["items"]] == ["d1", "d3", "d2", "d5", "d4"]
    assert [item["grade"] for item in data["ideal"]["items"]] == ["3", "3", "2", "1", "0"]
    assert [board.grade(i["name"]) for i in data["ideal"]["items"]] == sorted(board.judged(), reverse=True)
    ok(at.switch_page("pages/cutoff.py").run())  # a page that sets neither at step K: nothing stale
    show_all(at)
    assert lanes_data(at)["step"] is None and lanes_data(at)["ideal"] is None


def test_ideal_lane_leaves_unjudged_items_out(app_test):
    at = open_ndcg(app_test)
    load(at, "unjudged")
    at.session_state[state.BUILDER_IDEAL] = True
    ok(at.run())
    board = board_of(at)
    ideal = [item["name"] for item in lanes_data(at)["ideal"]["items"]]
    assert sorted(ideal) == sorted(i for i, g in board.grades.items() if g is not None)
    assert "d6" in ideal and "d2" not in ideal  # judged but not retrieved: in; unjudged: out


def test_items_are_coloured_by_grade_with_a_legend(app_test):
    at = open_ndcg(app_test)
    load(at, "unjudged")
    items = {item["name"]: item for item in lane_items(at, 0) + lane_items(at, 1)}
    board = board_of(at)
    fills = {}
    for name, item in items.items():
        fills.setdefault(item["grade"], set()).add(item["fill"])
        assert item["unjudged"] == (board.grades[name] is None)
    assert all(len(f) == 1 for f in fills.values())  # one colour per grade
    assert len({f for group in fills.values() for f in group}) == len(fills)  # different grades, different colours
    legend = lanes_data(at)["legend"]
    assert [entry["label"] for entry in legend] == ["0", "1", "2", "3", "unjudged"]
    assert legend[-1]["unjudged"]


def test_builder_is_a_frame_with_a_title_line_and_a_toolbar(app_test):
    at = open_ndcg(app_test)
    assert not [e for e in at.expander if e.label.startswith("Ranking builder")]  # no expander on top any more
    frame = builder_frame(at)
    assert builder_title(at) == "Article 000 code: ndcg_at_k([3, 2, 3, 0, 1], 3)"
    [toolbar] = [block for block in frame.children.values() if getattr(block, "key", None) == "builder_toolbar"]
    assert toolbar.proto.flex_container.direction == toolbar.proto.flex_container.HORIZONTAL
    helps = [p.proto.popover.help for p in toolbar.children.values() if p.type == "popover"]
    assert helps[:4] == ["Pick an example", "Reset, shuffle, ideal or worst order", "Edit items and grades",
                         "Keyboard controls"]
    assert len(helps) == 5  # and the share link
