"""AppTest tests of the Beyond-accuracy page: the numbers on screen are metrics.measures.beyond's (and
metrics.measures.cutoff's) on the recommender sample, K and the similarity change them, K = 1 gives a
message, and a user's list can be put on the shared board."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pandas as pd
import pytest

from metrics import catalog_coverage, hit_rate_at_k, intra_list_diversity, intra_list_similarity, precision_at_k
from tests.apptest_helpers import html_tables, open_page, step_windows
from tests.apptest_helpers import metric as metric_value
from ui.model.presets import PRESETS
from ui.session import state
from ui.teaching.lecture import WINDOW

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

PAGE = "pages/beyond.py"
DATA = Path(__file__).resolve().parents[3] / "sample_data" / "recsys"
RECS = (pd.read_csv(DATA / "recommendations.csv", dtype=str).astype({"rank": int}).sort_values("rank")
        .groupby("user")["item"].apply(list).to_dict())
HELD_OUT = pd.read_csv(DATA / "held_out.csv", dtype=str).groupby("user")["item"].apply(list).to_dict()
FEATURES = pd.read_csv(DATA / "item_features.csv", dtype={"item": str}).set_index("item")
CATALOG = pd.read_csv(DATA / "catalog.csv", dtype=str)["item"].tolist()
TITLES = pd.read_csv(DATA / "catalog.csv", dtype=str).set_index("item")["title"].to_dict()


def _hits(user: str, k: int) -> list[int]:
    return [int(item in HELD_OUT[user]) for item in RECS[user][:k]]


ONE_USER, CATALOG_TAB, EVERYONE = ("One user's list: intra-list similarity", "Catalog coverage",
                                   "Every user: diversity against accuracy")


def open_tab(at, label: str):
    """A click on one of the page's tabs (only the open one is built)."""
    at.session_state[state.page_key("beyond", "parts")] = label
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def test_default_view(app_test):
    at = open_page(app_test, PAGE)  # the first tab: one user's list, on one screen
    user = at.selectbox(key="beyond_user").value
    assert user == "u01"
    assert metric_value(at, "ILS (similarity)") == f"{intra_list_similarity(RECS[user], FEATURES):.4f}"
    assert metric_value(at, "diversity = 1 − ILS") == f"{intra_list_diversity(RECS[user], FEATURES):.4f}"
    assert metric_value(at, "precision@10") == f"{precision_at_k(_hits(user, 10), 10):.4f}"
    assert r"\frac{2}{10\cdot9}" in " ".join(l.value for l in at.latex)
    open_tab(at, CATALOG_TAB)
    assert metric_value(at, "Coverage@10") == f"{catalog_coverage(RECS, CATALOG, k=10):.4f}" == "0.8250"
    assert r"\frac{33}{40}" in " ".join(l.value for l in at.latex)
    open_tab(at, EVERYONE)  # the README's values for the whole sample
    assert metric_value(at, "mean ILS") == "0.3515"
    assert metric_value(at, "mean diversity") == "0.6485"
    mean_diversity = sum(intra_list_diversity(items, FEATURES) for items in RECS.values()) / len(RECS)
    assert float(metric_value(at, "mean diversity")) == pytest.approx(mean_diversity, abs=5e-5)
    mean_precision = sum(precision_at_k(_hits(u, 10), 10) for u in RECS) / len(RECS)
    assert float(metric_value(at, "mean precision@10")) == pytest.approx(mean_precision, abs=5e-5)
    mean_hits = sum(hit_rate_at_k(_hits(u, 10), 10) for u in RECS) / len(RECS)
    assert float(metric_value(at, "mean hit rate@10")) == pytest.approx(mean_hits, abs=5e-5)


@pytest.mark.parametrize("k", [1, 2, 3, 5, 10])
def test_k_slider(app_test, k):
    at = open_page(app_test, PAGE)
    at.slider(key="beyond_k").set_value(k).run()
    assert not at.exception
    assert metric_value(at, f"precision@{k}") == f"{precision_at_k(_hits('u01', k), k):.4f}"
    if k == 1:  # no pair in a one-item list: a message, not an exception
        assert len(at.info) == 1
        assert not [m for m in at.metric if m.label == "ILS (similarity)"]
    else:
        assert not at.info
        assert metric_value(at, "ILS (similarity)") == f"{intra_list_similarity(RECS['u01'][:k], FEATURES):.4f}"
    open_tab(at, CATALOG_TAB)  # K is shared by the tabs
    assert metric_value(at, f"Coverage@{k}") == f"{catalog_coverage(RECS, CATALOG, k=k):.4f}"


@pytest.mark.parametrize("user", ["u03", "u07", "u09"])
@pytest.mark.parametrize("metric", ["cosine", "jaccard"])
def test_user_and_similarity(app_test, user, metric):
    at = open_page(app_test, PAGE)
    at.selectbox(key="beyond_user").set_value(user)
    at.radio(key="beyond_metric").set_value(metric)
    at.run()
    assert not at.exception
    items = RECS[user]
    assert metric_value(at, "ILS (similarity)") == f"{intra_list_similarity(items, FEATURES, metric=metric):.4f}"
    assert metric_value(at, "hit rate@10") == f"{hit_rate_at_k(_hits(user, 10), 10):.4f}"
    [listed] = html_tables(at, "beyond-list")  # the user's list, every film and genre whole
    assert listed["title"].tolist() == [TITLES[item] for item in items]
    assert listed["chosen"].tolist() == ["✓" if item in HELD_OUT[user] else "·" for item in items]
    assert listed["genres"].tolist() == [", ".join(g for g in FEATURES.columns if FEATURES.loc[item, g])
                                         for item in items]
    open_tab(at, EVERYONE)  # the similarity chosen for the user is the one the means use
    mean_ils = sum(intra_list_similarity(i, FEATURES, metric=metric) for i in RECS.values()) / len(RECS)
    assert float(metric_value(at, "mean ILS")) == pytest.approx(mean_ils, abs=5e-5)


@pytest.mark.parametrize("preset", ["003_ndcg", "no_relevant", "unjudged"])
def test_renders_whatever_the_board(app_test, preset):
    at = open_page(app_test, PAGE, PRESETS[preset])  # the page does not use the board, it must not mind it
    assert metric_value(at, "Coverage@10") == "0.8250" if open_tab(at, CATALOG_TAB) else False


def test_user_list_goes_to_the_board(app_test):
    at = open_page(app_test, PAGE)
    at.selectbox(key="beyond_user").set_value("u07")
    at.slider(key="beyond_k").set_value(5)
    at.run()
    revision = at.session_state[state.REVISION]
    at.button(key="beyond_to_board").click().run()
    assert not at.exception
    board = at.session_state[state.BOARD]
    assert at.session_state[state.ORIGIN] == board
    assert at.session_state[state.REVISION] == revision + 1
    assert board.ranking == tuple(RECS["u07"])
    assert board.k == 5
    assert set(board.pool) == set(HELD_OUT["u07"]) - set(RECS["u07"])
    assert all(board.grades[i] == (1 if i in HELD_OUT["u07"] else 0) for i in board.grades)
    assert at.success
    # the other pages explain it
    for page in ("pages/ndcg.py", "pages/roc.py"):
        at.switch_page(page)
        at.run()
        assert not at.exception, page


# --------------------------------------------------------------------------- stepping through the tabs

def _step_bar(at) -> tuple[int, int]:
    [found] = [re.match(r"\*\*Step (\d+) of (\d+)\*\*", m.value) for m in at.markdown if m.value.startswith("**Step")]
    return int(found.group(1)), int(found.group(2))


def _latex(at) -> str:
    return " ".join(x.value for x in at.latex)


def _next(at, page: str):
    at.button(key=state.page_key(page, "step_next")).click().run()
    assert not at.exception, [e.message for e in at.exception]


def test_one_users_list_one_item_a_step(app_test):
    from metrics.explanation import num
    from metrics.measures.beyond import similarity_explanation

    at = open_page(app_test, PAGE, all_steps=False)
    at.slider(key="beyond_k").set_value(5).run()
    items = RECS["u01"][:5]
    e = similarity_explanation(items, FEATURES)
    for step in range(1, 6):
        assert _step_bar(at) == (step, 5)
        pairs = step * (step - 1) // 2
        so_far = e.running_at(pairs)["ILS"] if pairs else 0.0
        if step < 5:
            assert metric_value(at, f"ILS so far (step {step})") == f"{so_far:.4f}"
            assert metric_value(at, "diversity = 1 − ILS") == "?"  # the final value waits for the last step
        else:
            assert metric_value(at, "ILS (similarity)") == f"{intra_list_similarity(items, FEATURES):.4f}"
            assert metric_value(at, "diversity = 1 − ILS") == f"{intra_list_diversity(items, FEATURES):.4f}"
        if pairs:
            assert f"= {num(so_far)}" in _latex(at)
            assert len(step_windows(at)[0]) == min(pairs, WINDOW)  # the pair window ends at the step's last pair
        [chart] = at.get("plotly_chart")
        text = json.loads(chart.proto.spec)["data"][0]["text"]
        assert sum(cell != "" for row in text for cell in row) == pairs  # the heatmap's cells so far
        if step < 5:
            _next(at, "beyond_ils")


def test_coverage_one_list_a_step(app_test):
    from metrics.explanation import num
    from tests.ui.test_pacing import blocks

    at = open_page(app_test, PAGE, all_steps=False)
    open_tab(at, CATALOG_TAB)
    users = list(RECS)
    step, total = _step_bar(at)
    assert (step, total) == (1, len(users))
    while True:
        first = {user: RECS[user] for user in users[:step]}
        exact = catalog_coverage(first, CATALOG, k=10)
        value = f"{exact:.4f}"
        label = "Coverage@10" if step == total else f"Coverage@10 so far (step {step})"
        assert metric_value(at, label) == value
        [box] = [b for b in blocks(at.main) if getattr(b, "key", None) == "lecture_formula"]
        worked = [n.value.strip("$ \n") for n in blocks(box) if type(n).__name__ == "Latex"]
        assert worked[-1].endswith(f"= {num(exact)}")  # the worked union so far
        assert len(step_windows(at)[0]) == min(step, WINDOW)
        if step == total:
            break
        _next(at, "beyond_coverage")
        step, _ = _step_bar(at)
    assert value == "0.8250"


def test_every_user_one_list_a_step(app_test):
    at = open_page(app_test, PAGE, all_steps=False)
    open_tab(at, EVERYONE)
    # its first row is u01's list, which the first part has not walked to its end: nothing of it yet
    assert not at.metric and not step_windows(at) and "u01's list is not walked" in at.info[0].value
    at.button(key="beyond_walk_the_list").click().run()  # every step of u01's list, as the first part's End
    open_tab(at, ONE_USER)
    assert metric_value(at, "ILS (similarity)") == f"{intra_list_similarity(RECS['u01'], FEATURES):.4f}"
    open_tab(at, EVERYONE)
    users = list(RECS)
    step, total = _step_bar(at)
    assert (step, total) == (1, len(users))
    while step < total:
        mean = sum(intra_list_diversity(RECS[u][:10], FEATURES) for u in users[:step]) / step
        assert float(metric_value(at, f"mean diversity so far (step {step})")) == pytest.approx(mean, abs=5e-5)
        assert not [m for m in at.metric if m.label == "mean precision@10"]  # the means: at the last step
        [window] = step_windows(at)  # the users so far, the step's last
        assert len(window) == min(step, WINDOW) and window["user"].iloc[-1] == users[step - 1]
        _next(at, "beyond_users")
        step, _ = _step_bar(at)
    assert metric_value(at, "mean diversity") == "0.6485"


def _list_outline(at) -> int | None:
    """The rank the user's list outlines (the item the step adds), or None."""
    [body] = [h.proto.body for h in at.html if 'class="beyond-list"' in h.proto.body]
    found = re.findall(r'<tr data-rank="(\d+)" class="current" aria-current="true"', body)
    return int(found[0]) if found else None


def test_the_list_outlines_the_item_the_step_adds(app_test):
    at = open_page(app_test, PAGE, all_steps=False)
    for step in range(1, 11):
        assert _step_bar(at) == (step, 10)
        assert _list_outline(at) == (step if step < 10 else None)
        if step < 10:
            _next(at, "beyond_ils")


def _edit(at, rank: int, item: str):
    """Pick ``item`` for ``rank`` in the list editor, as the browser sends it (the label of recsys.film_label)."""
    from ui.topics import recsys

    changes = at.session_state[recsys.CHANGES] if recsys.CHANGES in at.session_state else 0  # noqa: SIM401 (AppTest's state has no get)
    key = f"beyond_edit_{at.selectbox(key='beyond_user').value}_{changes}"
    at.session_state[key] = {"edited_rows": {rank - 1: {"film": f"{TITLES[item]} · {item}"}}, "added_rows": [],
                             "deleted_rows": []}
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def test_changing_the_list_changes_the_numbers_as_the_core_computes_them(app_test):
    """A film replaced and two swapped in u01's list: the ILS, diversity, precision and hit rate of the first part,
    the coverage of the second and the means of the third follow, each the core's on the changed lists; back to
    the recommender's list brings the sample's numbers back."""
    at = open_page(app_test, PAGE)
    items = list(RECS["u01"])
    outside = next(item for item in CATALOG if item not in items and item not in HELD_OUT["u01"])
    _edit(at, 2, outside)  # a film of the catalog for rank 2
    items[1] = outside
    _edit(at, 1, items[4])  # the film at rank 5 to rank 1: the two swap places
    items[0], items[4] = items[4], items[0]
    [listed] = html_tables(at, "beyond-list")
    assert listed["title"].tolist() == [TITLES[item] for item in items]
    hits = [int(item in HELD_OUT["u01"]) for item in items]
    assert metric_value(at, "ILS (similarity)") == f"{intra_list_similarity(items, FEATURES):.4f}"
    assert metric_value(at, "diversity = 1 − ILS") == f"{intra_list_diversity(items, FEATURES):.4f}"
    assert metric_value(at, "precision@10") == f"{precision_at_k(hits, 10):.4f}"
    assert metric_value(at, "hit rate@10") == f"{hit_rate_at_k(hits, 10):.4f}"
    changed = {**RECS, "u01": items}
    open_tab(at, CATALOG_TAB)
    assert metric_value(at, "Coverage@10") == f"{catalog_coverage(changed, CATALOG, k=10):.4f}"
    open_tab(at, EVERYONE)
    mean = sum(intra_list_diversity(i, FEATURES) for i in changed.values()) / len(changed)
    assert float(metric_value(at, "mean diversity")) == pytest.approx(mean, abs=5e-5)
    precision = sum(precision_at_k([int(i in HELD_OUT[u]) for i in changed[u]], 10) for u in changed) / len(changed)
    assert float(metric_value(at, "mean precision@10")) == pytest.approx(precision, abs=5e-5)
    open_tab(at, ONE_USER)
    at.button(key="beyond_restore").click().run()
    assert metric_value(at, "ILS (similarity)") == f"{intra_list_similarity(RECS['u01'], FEATURES):.4f}"
    open_tab(at, CATALOG_TAB)
    assert metric_value(at, "Coverage@10") == "0.8250"


@pytest.mark.parametrize("language", ["en", "zh"])
def test_no_value_of_a_later_step_at_step_1_in_any_tab(app_test, language):
    """A new session, every part at its step 1: no running value of a later step of any part's walk (nor the final
    ones) in any tab — the first part's ILS after 2..10 items and its diversity, the coverage after 2..10 lists, and
    every value of the mean diversity (its first row is the first part's list, not walked yet)."""
    from tests.spoilers import beyond_later_values
    from tests.ui.test_no_spoilers import shown_numbers

    later = beyond_later_values(RECS, FEATURES, CATALOG)
    at = open_page(app_test, PAGE, language=language, all_steps=False)
    seen = {}
    for label in (ONE_USER, CATALOG_TAB, EVERYONE):
        open_tab(at, label if language == "en" else _zh(label))
        seen[label] = shown_numbers(at, data=False) & later  # (not a colour scale's stops)
    assert not any(seen.values()), seen


def _zh(label: str) -> str:
    from ui.locale import catalog

    return catalog("zh").get(label, label)
