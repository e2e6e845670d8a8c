"""Joining a live class on each store (tests/conftest.py: live_store): the join allowance per window follows the size
the teacher expects, a class's students are capped, one client's flood is refused on its own (issue 36)."""

from __future__ import annotations

import math
import threading

import pytest

from live.classes import (
    EXPECTED_MAX,
    EXPECTED_MIN,
    Classes,
    ClassFull,
    ClassSizeOutOfRange,
    Limits,
    TooManyJoins,
    TooManyJoinsFromClient,
)

SMALL = Limits(joins_per_minute=3, join_margin=0.5, joins_per_client=2, members_per_expected=2, members_min=5)


def window_start(clock, left: float = 50.0) -> None:
    """Move ``clock`` to ``left`` seconds before the end of a 60 s window."""
    clock.now = (clock.now // 60) * 60 + 60 - left


def joins_until_refused(classes: Classes, code: str, limit: int = 10_000, **kwargs) -> tuple[int, Exception]:
    for joined in range(limit):
        try:
            classes.join(code, f"s{joined}", **kwargs)
        except (TooManyJoins, ClassFull) as error:
            return joined, error
    raise AssertionError(f"{limit} joins, none refused")


def test_the_expected_size_is_kept_with_the_class(live_store):
    classes = Classes(live_store)
    code, key = classes.start_class(expected=250)
    assert live_store.get(f"{code}/class").value["expected"] == 250
    assert classes.snapshot(code, key)["expected"] == 250
    plain, _ = classes.start_class()
    assert "expected" not in live_store.get(f"{plain}/class").value


@pytest.mark.parametrize("bad", [EXPECTED_MIN - 1, EXPECTED_MAX + 1, 2.5, "many", True, None, float("nan")])
def test_an_expected_size_out_of_bounds_is_one_clear_error(live_store, bad):
    classes = Classes(live_store)
    if bad is None:  # not said: allowed, the class has no size
        classes.start_class(expected=None)
        return
    with pytest.raises(ClassSizeOutOfRange, match=f"whole number from {EXPECTED_MIN} to {EXPECTED_MAX}"):
        classes.start_class(expected=bad)


@pytest.mark.parametrize("expected", [None, 1, 2, 10, 17])
def test_the_joins_per_window_follow_the_expected_size(live_store, live_clock, expected):
    classes = Classes(live_store, Limits(joins_per_minute=3, join_margin=0.5, members_min=10_000))
    code, _ = classes.start_class(expected=expected)
    window_start(live_clock, 50)
    # the rule as the docs say it: at least the floor, else the expected size and half of it again (rounded up)
    allowed = 3 if expected is None else max(3, expected + math.ceil(expected / 2))
    joined, refusal = joins_until_refused(classes, code)
    assert joined == allowed and type(refusal) is TooManyJoins
    assert str(refusal) == f"Too many students are joining class {code} right now: try again in 50 s."
    live_clock.advance(49)
    with pytest.raises(TooManyJoins):
        classes.join(code)
    live_clock.advance(1)  # the next window
    assert joins_until_refused(classes, code)[0] == allowed


def test_a_class_takes_a_multiple_of_its_expected_size_then_is_full(live_store, live_clock):
    classes = Classes(live_store, Limits(joins_per_minute=3, join_margin=0.5, members_per_expected=2, members_min=5))
    code, key = classes.start_class(expected=4)  # 6 joins per window, 8 students at most
    window_start(live_clock, 30)
    assert joins_until_refused(classes, code)[0] == 6
    live_clock.advance(30)
    joined, refusal = joins_until_refused(classes, code)
    assert joined == 2 and isinstance(refusal, ClassFull)
    assert str(refusal) == f"Class {code} is full: it takes at most 8 students. The teacher can start a class for " \
                           "more students."
    live_clock.advance(60)  # not a window: still full
    with pytest.raises(ClassFull):
        classes.join(code)
    assert classes.joined(code, key) == 8
    assert live_store.incr(f"{code}/members", live_clock() + 60, amount=0) == 8  # refusals gave their place back
    small, _ = classes.start_class(expected=1)  # the floor: never fewer than members_min
    assert joins_until_refused(classes, small)[0] == 3  # 3 joins per window (the floor)
    live_clock.advance(60)
    joined, refusal = joins_until_refused(classes, small)
    assert joined == 2 and isinstance(refusal, ClassFull)


def test_concurrent_joins_never_pass_the_cap(live_store):
    classes = Classes(live_store, Limits(joins_per_minute=100, members_per_expected=1, members_min=7))
    code, key = classes.start_class(expected=3)
    refused = []

    def join(number: int) -> None:
        try:
            classes.join(code, f"s{number}")
        except ClassFull:
            refused.append(number)

    threads = [threading.Thread(target=join, args=(n,)) for n in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert classes.joined(code, key) == 7 and len(refused) == 13


def test_a_flood_from_one_client_is_refused_and_not_the_others(live_store, live_clock):
    classes = Classes(live_store, SMALL)
    code, _ = classes.start_class(expected=20)  # 30 joins per window
    window_start(live_clock, 20)
    classes.join(code, "a1", client="browser a")
    classes.join(code, "a2", client="browser a")
    with pytest.raises(TooManyJoinsFromClient) as refusal:
        classes.join(code, "a3", client="browser a")
    assert str(refusal.value) == f"Too many joins from this browser to class {code}: try again in 20 s."
    assert isinstance(refusal.value, TooManyJoins)  # a wait, as the class's own: the page retries it by itself
    classes.join(code, "b1", client="browser b")  # another browser
    for number in range(5):  # no client given (the API): the class's limits only
        classes.join(code, f"api{number}")
    other, _ = classes.start_class(expected=20)
    classes.join(other, "a", client="browser a")  # per class
    live_clock.advance(20)
    classes.join(code, "a3", client="browser a")


def test_a_client_flood_does_not_use_up_the_class_allowance(live_store, live_clock):
    classes = Classes(live_store, SMALL)
    code, _ = classes.start_class(expected=2)  # 3 joins per window
    window_start(live_clock, 40)
    classes.join(code, client="flood")
    classes.join(code, client="flood")
    for _ in range(20):
        with pytest.raises(TooManyJoinsFromClient):
            classes.join(code, client="flood")
    classes.join(code, client="student")  # the third join of the window


def test_a_restored_class_keeps_its_size_and_counts_its_students(live_store, live_clock):
    classes = Classes(live_store, Limits(joins_per_minute=100, members_per_expected=1, members_min=4))
    code, key = classes.start_class(expected=3)  # 4 students at most
    for number in range(3):
        classes.join(code, f"s{number}")
    snapshot = classes.snapshot(code, key)
    live_store.delete_prefix(f"{code}/")  # the store lost the class
    classes.restore(code, key, snapshot)
    assert live_store.get(f"{code}/class").value["expected"] == 3
    classes.join(code, "fourth")
    with pytest.raises(ClassFull, match="at most 4 students"):
        classes.join(code, "fifth")
