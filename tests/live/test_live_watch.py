"""Screens that wait for their class (live.watch, live.routes; issue 19): a wait ends as soon as the class moved
past what the screen shows, ended, or its server went away or came back, and not before; one store read per class
however many wait; on both stores, with the store stopped and started again."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import threading
import time

import pytest

from live.classes import Classes
from live.store import open_store
from live.watch import GONE, RUNNING, UNAVAILABLE, Busy, ClassWatch, class_state, is_news

QUICK = 0.02  #: the watch's read period in these tests


def test_news_is_a_newer_version_or_another_kind_of_state():
    assert is_news("13", "12") and not is_news("12", "12") and not is_news("11", "12")  # an older read: no news
    assert is_news("3", "") and is_news(GONE, "12") and is_news(UNAVAILABLE, "12") and is_news("12", UNAVAILABLE)
    assert not is_news(GONE, GONE) and not is_news(UNAVAILABLE, UNAVAILABLE)
    assert not is_news("40", RUNNING) and is_news(GONE, RUNNING) and is_news(UNAVAILABLE, RUNNING)  # a teacher's


@pytest.fixture
def classes(live_store_url):
    store = open_store(live_store_url)
    yield Classes(store)
    store.close()


def run(coroutine):
    return asyncio.run(coroutine)


def later(seconds: float, action) -> threading.Timer:
    timer = threading.Timer(seconds, action)
    timer.start()
    return timer


def test_a_wait_ends_with_the_change_and_not_before(classes):
    new = classes.start_class()
    watch = ClassWatch(classes, read_every=QUICK)
    seen = str(classes.version(new.code))
    began = time.monotonic()
    assert run(watch.wait(new.code, seen, timeout=0.4)) == seen  # nothing happened: answered at the timeout
    assert time.monotonic() - began >= 0.4
    later(0.2, lambda: classes.publish(new.code, new.teacher_key, {"board": {"n": 1}}))
    began = time.monotonic()
    state = run(watch.wait(new.code, seen, timeout=10))
    assert int(state) > int(seen) and state == str(classes.version(new.code))
    assert 0.15 <= time.monotonic() - began < 5  # with the publish, not at the timeout
    assert run(watch.wait(new.code, "", timeout=10)) == state  # a screen that knows nothing: answered at once
    assert watch.waiting() == 0


def test_the_teachers_change_reaches_the_class_after_the_teacher_first(classes):
    """A new version is told ``teacher_first`` after it is read (the teacher's own screen first), also to a screen
    that starts waiting meanwhile; a teacher dragging on does not postpone it."""
    new = classes.start_class()
    watch = ClassWatch(classes, read_every=QUICK, teacher_first=1.0)
    seen = str(classes.version(new.code))
    published: list[float] = []
    stop = threading.Event()

    def drag_on():  # a change every 0.1 s for 3 s
        while not stop.is_set() and (not published or time.monotonic() - published[0] < 3.0):
            published.append(time.monotonic())
            classes.publish(new.code, new.teacher_key, {"board": {"n": len(published)}})
            time.sleep(0.1)

    async def two_screens():
        first = asyncio.create_task(watch.wait(new.code, seen, timeout=10))
        await asyncio.sleep(0.6)  # within the hold: the second screen waits for it too
        second = asyncio.create_task(watch.wait(new.code, seen, timeout=10))
        return await first, time.monotonic(), await second, time.monotonic()

    later(0.2, drag_on)
    try:
        state, told, other, other_told = run(two_screens())
    finally:
        stop.set()
    assert int(state) > int(seen) and int(other) > int(seen)
    assert 1.0 <= told - published[0] < 2.5  # held for the teacher, not until the dragging stops (at 3 s)
    assert 1.0 <= other_told - published[0] < 2.5


def test_a_class_that_ends_is_told_at_once_not_after_the_teacher_first(classes):
    new = classes.start_class()
    watch = ClassWatch(classes, read_every=QUICK, teacher_first=3.0)
    seen = str(classes.version(new.code))
    later(0.2, lambda: classes.close(new.code, new.teacher_key))
    began = time.monotonic()
    assert run(watch.wait(new.code, seen, timeout=10)) == GONE
    assert time.monotonic() - began < 2.5  # not held (3 s) like a new version


def test_a_closed_or_unknown_class_is_gone_and_a_teacher_waits_only_for_that(classes):
    new = classes.start_class()
    watch = ClassWatch(classes, read_every=QUICK)
    assert run(watch.wait(new.code, RUNNING, timeout=0.3)).isdigit()  # a running class is no news to its teacher
    later(0.2, lambda: classes.close(new.code, new.teacher_key))
    assert run(watch.wait(new.code, RUNNING, timeout=10)) == GONE
    assert run(watch.wait("ZZZZZZ", "", timeout=10)) == GONE and run(watch.wait("<b>x", "3", timeout=10)) == GONE
    assert class_state(classes, new.code) == GONE


def test_many_waits_on_one_class_cost_one_read_per_round(classes):
    new = classes.start_class()
    watch = ClassWatch(classes, read_every=0.05)
    seen = str(classes.version(new.code))

    async def class_of(students: int):
        waits = [asyncio.create_task(watch.wait(new.code, seen, timeout=10)) for _ in range(students)]
        await asyncio.sleep(0.5)
        assert watch.waiting() == students
        reads_meanwhile = watch.reads
        await asyncio.to_thread(classes.publish, new.code, new.teacher_key, {"board": {"n": 2}})
        return await asyncio.gather(*waits), reads_meanwhile

    states, reads = run(class_of(200))
    assert set(states) == {str(classes.version(new.code))}
    assert reads <= 0.5 / 0.05 + 3  # one read per round for the 200, not 200
    assert watch.waiting() == 0


def test_too_many_waits_are_refused_not_queued(classes):
    new = classes.start_class()
    watch = ClassWatch(classes, read_every=QUICK, max_waiting=3)
    seen = str(classes.version(new.code))

    async def crowd():
        held = [asyncio.create_task(watch.wait(new.code, seen, timeout=0.5)) for _ in range(3)]
        await asyncio.sleep(0.1)
        with pytest.raises(Busy):
            await watch.wait(new.code, seen, timeout=0.5)
        await asyncio.gather(*held)
        return await watch.wait(new.code, "", timeout=0.5)  # room again

    assert run(crowd()) == seen


def test_the_store_stopped_and_started_again(own_redis):
    """Redis stops while students wait: they are told UNAVAILABLE (their screens say so); it comes back empty: the
    class is GONE; a screen that showed the outage learns that the server answers again."""
    store = open_store(own_redis["url"])
    classes = Classes(store)
    try:
        new = classes.start_class()
        watch = ClassWatch(classes, read_every=QUICK)
        seen = str(classes.version(new.code))
        later(0.2, lambda: os.kill(own_redis["process"].pid, signal.SIGSTOP))  # unresponsive, then stopped
        assert run(watch.wait(new.code, seen, timeout=20)) == UNAVAILABLE
        own_redis["process"].send_signal(signal.SIGCONT)
        assert run(watch.wait(new.code, UNAVAILABLE, timeout=20)) == seen  # back, with its data
        own_redis["process"].terminate()
        own_redis["process"].wait()
        assert run(watch.wait(new.code, seen, timeout=20)) == UNAVAILABLE
        from tests.live_servers import start_redis_server

        own_redis["process"] = start_redis_server(port=own_redis["port"])[0]  # back empty: the class is lost
        assert run(watch.wait(new.code, UNAVAILABLE, timeout=20)) == GONE
    finally:
        store.close()


def test_the_route_answers_json_and_refuses_when_busy(classes, monkeypatch):
    """GET /live-class/version through the ASGI route itself (no server): the state and whether it is news."""
    from live import routes

    new = classes.start_class()
    version = str(classes.version(new.code))
    monkeypatch.setattr(routes, "_watch", ClassWatch(classes, read_every=QUICK))
    monkeypatch.setattr(routes, "WAIT", 0.3)

    def get(query: str) -> tuple[int, dict, dict]:
        sent = []

        async def receive():
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message):
            sent.append(message)

        scope = {"type": "http", "method": "GET", "path": routes.PATH, "raw_path": routes.PATH.encode(),
                 "query_string": query.encode(), "headers": [], "scheme": "http", "server": ("test", 80),
                 "root_path": "", "http_version": "1.1"}
        run(routes.ROUTES[0].handle(scope, receive, send))
        headers = {k.decode(): v.decode() for k, v in sent[0]["headers"]}
        return sent[0]["status"], json.loads(sent[1]["body"]), headers

    status, body, headers = get(f"code={new.code}&seen=")
    assert status == 200 and body == {"state": version, "news": True} and headers["cache-control"] == "no-store"
    status, body, _ = get(f"code={new.code}&seen={RUNNING}")
    assert body == {"state": version, "news": False}  # answered after its wait (routes.WAIT, shortened here)
    monkeypatch.setattr(routes._watch, "max_waiting", 0)
    status, body, _ = get(f"code={new.code}&seen={version}")
    assert status == 503 and body == {"state": None, "news": False}
    monkeypatch.setattr(routes._watch, "max_waiting", 10)
    status, body, _ = get("code=" + "x" * 5000 + "&seen=" + "9" * 5000)
    assert status == 200 and body["state"] == GONE  # a huge code is cut and unknown: no error


def test_a_process_watches_a_bounded_number_of_classes(classes):
    """Waits on made-up codes cannot make the watch read the store without end: past ``max_classes`` classes a wait
    on another one is refused (the screen asks its fragment instead)."""
    new = classes.start_class()
    watch = ClassWatch(classes, read_every=QUICK, max_classes=2)

    async def probe():
        held = [asyncio.create_task(watch.wait(code, GONE, timeout=0.5)) for code in ("AAAAAA", "BBBBBB")]
        await asyncio.sleep(0.1)
        with pytest.raises(Busy):
            await watch.wait(new.code, "", timeout=0.5)
        assert await watch.wait("AAAAAA", "", timeout=0.5) == GONE  # a class already watched: still answered
        return await asyncio.gather(*held)

    assert run(probe()) == [GONE, GONE]  # no news to a screen that shows "gone": answered at the timeout


def test_a_store_that_reads_but_cannot_write_is_unavailable_to_the_waiting_screens(tmp_path, own_redis):
    """Issue 32: the SQLite file's WAL made unwritable (chattr +i), or Redis's writes paused: the store still reads,
    the teacher's changes cannot reach it; the screens waiting on the class are told UNAVAILABLE by the watch's write
    probe within seconds, and the class's version again once the store can be written. A hung Redis too (its reads
    time out after 1 s on the quick client, not after three 2 s time-outs)."""
    from tests import store_faults

    path = tmp_path / "live" / "classes.sqlite3"
    faults = [(f"sqlite://{path}", lambda: store_faults.unwritable(path, only=("-wal",)), True),
              (own_redis["url"], lambda: store_faults.redis_writes_paused(own_redis["url"]), True),
              (own_redis["url"], lambda: store_faults.redis_hung(own_redis["process"]), False)]  # reads hang too
    for url, fault, reads in faults:
        store = open_store(url)
        classes = Classes(store)
        try:
            new = classes.start_class()
            watch = ClassWatch(classes, read_every=QUICK, probe_every=0.2)
            seen = str(classes.version(new.code))
            with fault():
                began = time.monotonic()
                assert run(watch.wait(new.code, seen, timeout=20)) == UNAVAILABLE
                assert time.monotonic() - began < 5
                if reads:
                    assert classes.version(new.code) == int(seen)  # it reads
            began = time.monotonic()
            assert run(watch.wait(new.code, UNAVAILABLE, timeout=20)) == seen
            assert time.monotonic() - began < 5
        finally:
            store.close()
