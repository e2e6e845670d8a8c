"""The follower view drawn once for a whole class (ui.classroom.view_route, issue 36): what the route answers is what
the Streamlit-drawn view (ui.classroom.follower, AppTest) shows a following student, for random boards, pages,
steps, languages and text sizes; nothing of a later step; one store read and one drawing per (version, language,
text size) however many students ask at once; a class gone or out of reach says so, without a view."""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import threading

import pytest
from starlette.requests import Request

from live.classes import Classes
from live.errors import ClassServerUnavailable
from live.store import open_store
from tests.apptest_helpers import lanes_data
from tests.live.test_page_live import ok
from tests.live.test_page_live_follow import LANES, core, follower_of, teacher_board, teacher_on
from tests.spoilers import BOARD, four_decimals, later_values
from ui.classroom import follower, view_route
from ui.classroom.view_route import PATH, Views
from ui.model.board import Board
from ui.model.presets import PRESETS
from ui.session import state
from ui.shell import dom
from ui.shell.safe import plain
from ui.teaching.pacing import TEXT_SIZES


def drawn_view(student) -> dict:
    """What the Streamlit-drawn follower view shows, in the terms of follower.view_data."""
    [title] = [title.value for title in student.title]
    markdowns = [m.value for m in student.markdown]
    step = [m for m in markdowns if m.startswith("**") and "** · " in m]
    ranking = [m for m in markdowns if m.startswith(":small[**")]
    return {"title": title, "captions": [c.value for c in student.caption],
            "detach": student.button(key="live__detach").label,
            "headline": [[m.label, m.value, m.proto.help or None] for m in student.metric],
            "step": step, "ranking": ranking, "formula": [latex.value for latex in student.latex],
            "tables": [h.proto.body for h in student.get("html")
                       if h.proto.body.startswith('<table class="step-window"')],
            "infos": [i.value for i in student.info],
            "lanes": lanes_data(student, LANES) if any(c.key.startswith(LANES) for c in student.get("bidi_component"))
            else None}


def same_view(route: dict, drawn: dict) -> None:
    assert route["title"] == drawn["title"]
    assert route["detach"] == drawn["detach"] and route["note"] in drawn["captions"]
    assert route["lanes"] == drawn["lanes"]
    if route["missing"] is not None or route["unavailable"] is not None:
        assert drawn["infos"] == [route["missing"] or route["unavailable"]]
        assert not drawn["headline"] and not drawn["formula"] and not drawn["tables"]
        return
    assert drawn["ranking"] == [f":small[**{plain(route['ranking'])}**]"]
    assert [[label, value, plain(tip) if tip else None] for label, value, tip in route["headline"]] == drawn["headline"]
    assert [follower.markdown_html(line) for line in drawn["step"]] == [route["step"]]
    assert [f"$$\n{line}\n$$" for line in route["formula"]] == drawn["formula"]  # (st.latex wraps a line so)
    assert [route["table"]] == drawn["tables"]
    assert (route["caption"] is not None) == (len(drawn["captions"]) == 2)
    assert route["caption"] is None or route["caption"] in drawn["captions"]


def random_board(rng: random.Random) -> Board:
    """A board of 3-9 items, graded 0-3 (some unjudged), some in the pool, at a random K."""
    names = [f"d{i}" for i in range(rng.randint(3, 9))]
    grades = {name: (None if rng.random() < 0.1 else float(rng.randint(0, 3))) for name in names}
    ranked = rng.sample(names, rng.randint(max(2, len(names) - 2), len(names)))
    return Board(grades=grades, ranking=tuple(ranked), k=rng.randint(1, len(ranked)))


@pytest.mark.slow
@pytest.mark.usefixtures("page_store")
@pytest.mark.parametrize("seed", range(10))
def test_the_route_draws_what_a_following_student_sees(app_test, seed):
    rng = random.Random(seed)
    page = sorted(follower.VIEWS)[seed % len(follower.VIEWS)]
    language, size = rng.choice(["en", "zh"]), rng.choice(sorted(TEXT_SIZES))
    teacher, code = teacher_on(app_test, page)
    student = follower_of(app_test, code, page, language, size)
    from ui.classroom import live
    views = Views(live.classes())
    for board in (BOARD, random_board(rng), PRESETS[rng.choice(sorted(PRESETS))], random_board(rng)):
        teacher_board(teacher, board)
        if page == "rr":
            teacher.session_state["rr_cut"] = rng.random() < 0.5
        teacher.session_state[state.page_key(page, "step")] = rng.choice([None, *range(1, 11)])  # (clamped)
        ok(teacher.run())
        ok(student.run())
        assert student.session_state[state.LIVE_VIEWING] == page
        answered = json.loads(views.answer(code, str(student.session_state[state.LIVE_SEEN]), language, size))
        assert answered["state"] == str(student.session_state[state.LIVE_SEEN]) and answered["page"] == page
        assert answered["question"] is None
        same_view(answered["view"], drawn_view(student))


def test_the_view_shows_nothing_after_the_teachers_step():
    for page in follower.VIEWS:
        for language in ("en", "zh"):
            view = follower.view_data(page, {"board": BOARD.to_dict(), "steps": {page: 1}}, language, 0)
            later = set().union(*(later_values(e) for e in core(page, BOARD)))
            finals = {f"{e.value:.4f}" for e in core(page, BOARD)}
            shown = four_decimals(json.dumps({k: v for k, v in view.items() if k != "lanes"}, ensure_ascii=False))
            assert later and not (later | finals) & shown, (page, sorted((later | finals) & shown))
            assert view["table"].count("<tr") == 2 and view["lanes"]["step"] == (None if page == "roc" else 1)


@pytest.fixture
def classes(live_store_url):
    store = open_store(live_store_url)
    yield Classes(store)
    store.close()


def publish(classes: Classes, new, page: str, board: Board, step) -> None:
    classes.publish(new.code, new.teacher_key, {"board": board.to_dict(), "page": page, "steps": {page: step},
                                                "choices": {}})


def test_one_read_and_one_drawing_per_version_whatever_the_number_of_students(classes):
    new = classes.start_class()
    publish(classes, new, "ndcg", BOARD, 2)
    views = Views(classes)
    seen = str(classes.version(new.code))
    answers, start = [], threading.Barrier(60)

    def student(language: str):
        start.wait()
        answers.append((language, views.answer(new.code, seen, language, 0)))

    threads = [threading.Thread(target=student, args=("zh" if i % 3 == 0 else "en",)) for i in range(60)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert views.reads == 1 and views.drawings == 2  # one read, one drawing per language
    for language in ("en", "zh"):
        drawn = {id(body) for spoken, body in answers if spoken == language}
        assert len(drawn) == 1  # the very same bytes for every student of one language
    [english] = {body for spoken, body in answers if spoken == "en"}
    assert json.loads(english)["view"] == follower.view_data("ndcg", classes.current(new.code).board, "en", 0)

    publish(classes, new, "ndcg", BOARD, 3)  # the teacher's next step: a new version, drawn once more
    later = str(classes.version(new.code))
    bodies = {views.answer(new.code, later, "en", 0) for _ in range(20)}
    assert len(bodies) == 1 and views.reads == 2 and views.drawings == 3
    assert json.loads(next(iter(bodies)))["state"] == later
    assert views.answer(new.code, seen, "en", 0) == next(iter(bodies))  # told an older version: the newest read


def test_a_page_without_a_view_a_question_a_class_gone_or_out_of_reach(classes):
    new = classes.start_class()
    publish(classes, new, "compare", BOARD, 1)
    views = Views(classes)
    answered = json.loads(views.answer(new.code, "", "en", 0))
    assert answered["page"] == "compare" and answered["view"] is None
    question = classes.ask(new.code, new.teacher_key, {"text": "nDCG?"}, exact=0.5, tolerance=0.01)
    answered = json.loads(views.answer(new.code, str(classes.version(new.code)), "en", 0))
    assert answered["question"] == [question, False] and answered["page"] == "compare"
    classes.close(new.code, new.teacher_key)
    assert json.loads(views.answer(new.code, "", "en", 0)) == {"state": "gone", "page": None, "question": None,
                                                               "view": None}

    class Away:
        def current(self, code):
            raise ClassServerUnavailable()

    assert json.loads(Views(Away()).answer(new.code, "", "en", 0))["state"] == "unavailable"


def request(path: str, query: str = "", **path_params) -> Request:
    return Request({"type": "http", "method": "GET", "path": path, "query_string": query.encode(), "headers": [],
                    "path_params": path_params})


def test_the_assets_are_served_once_for_good_under_their_digest():
    [route] = [route for route in view_route.ROUTES if route.path.startswith(view_route.STATIC)]
    for name, path in view_route.ASSETS.items():
        response = asyncio.run(route.endpoint(request(f"{view_route.STATIC}/{name}", name=name)))
        text = path.read_bytes()
        served = dom.fill(text.decode()).encode() if name.endswith(".css") and "$" in text.decode() else text
        assert response.status_code == 200 and response.body == served  # (Streamlit's selectors filled in)
        assert response.headers["cache-control"] == "public, max-age=31536000, immutable"
        assert response.media_type == {"js": "text/javascript", "css": "text/css"}[name.rsplit(".", 1)[1]]
        digest = view_route.asset(name).split("?v=")[1]
        assert digest == hashlib.sha256(served).hexdigest()[:12]  # a new file: a new URL
    assert asyncio.run(route.endpoint(request(f"{view_route.STATIC}/x.py", name="../view_route.py"))).status_code == 404


def test_the_http_route_answers_json_never_cached(classes, monkeypatch):
    new = classes.start_class()
    publish(classes, new, "ap", BOARD, None)
    monkeypatch.setattr(view_route, "_views", Views(classes))
    [route] = [route for route in view_route.ROUTES if route.path == PATH]

    def get(query: str):
        return asyncio.run(route.endpoint(request(PATH, query)))

    response = get(f"code={new.code}&seen=&lang=zh&size=2")
    assert response.status_code == 200 and response.headers["cache-control"] == "no-store"
    assert response.media_type == "application/json"
    answered = json.loads(response.body)
    assert answered["view"] == follower.view_data("ap", classes.current(new.code).board, "zh", 2)
    assert answered["view"]["headline"][0][0] == "AP@6"  # every step shown: the final name
    odd = json.loads(get(f"code={new.code}&lang=xx&size=9").body)  # English, the usual size
    assert odd["view"] == follower.view_data("ap", classes.current(new.code).board, "en", 0)


def test_the_view_carries_the_boards_link_for_the_tabs_address():
    """``link`` is the board's share text (what a run's share.write_to_url writes as ``b=``; view.js keeps it in the
    tab's address), None for a board too large for a link."""
    from ui.data.share import MAX_ITEMS, decode_board

    data = follower.view_data("ndcg", {"board": BOARD.to_dict(), "steps": {}}, "en", 0)
    assert decode_board(data["link"]) == BOARD.with_settings(title="", note="")
    huge = Board(grades={f"d{i}": i % 3 for i in range(MAX_ITEMS + 1)}, ranking=tuple(f"d{i}" for i in range(30)))
    assert follower.view_data("ndcg", {"board": huge.to_dict(), "steps": {}}, "en", 0)["link"] is None
