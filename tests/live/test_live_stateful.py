"""Hypothesis' stateful testing of live classes (issue 19): any sequence of start, join, ask, answer, reveal, close,
time passing and the store reopened (an app restart) never loses an accepted answer, never accepts one after the
reveal, and never raises anything but the project's own errors (LiveError) -- on SQLite and on Redis."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import Bundle, RuleBasedStateMachine, consumes, invariant, rule

from live.classes import AlreadyAnswered, AnswersClosed, Classes, ClassNotFound, Limits
from live.errors import LiveError
from live.store import open_store
from tests.live_servers import ManualClock

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

HOURS = 2 * 3600.0
VALUES = st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([0.0, 0.5, 1.0, 1e308, -1.0]))


def machine(url: str):
    """The state machine on the store at ``url`` (emptied first)."""

    class LiveClass(RuleBasedStateMachine):
        classes_ = Bundle("classes")
        students = Bundle("students")
        questions = Bundle("questions")

        def __init__(self):
            super().__init__()
            self.clock = ManualClock()
            self.store = open_store(url, clock=self.clock)
            self.store.delete_prefix("")
            self.live = Classes(self.store, Limits(class_seconds=HOURS, answers_per_minute=10_000,
                                                   joins_per_minute=10_000))
            self.accepted: dict[tuple[str, int], list[float]] = {}  # (code, question) -> the values accepted
            self.revealed: set[tuple[str, int]] = set()
            self.closed: set[str] = set()
            self.expires: dict[str, float] = {}  # code -> when the class expires

        def gone(self, code: str) -> bool:
            return code in self.closed or self.clock() >= self.expires[code]

        def call(self, action, *args):
            """``action(*args)``: its result, or the LiveError it raised (any other exception fails the test)."""
            try:
                return action(*args)
            except LiveError as error:
                return error

        @rule(target=classes_)
        def start(self):
            new = self.call(self.live.start_class)
            assert not isinstance(new, LiveError)
            self.expires[new.code] = self.clock() + HOURS
            return new

        @rule(target=students, held=classes_, nickname=st.one_of(st.none(), st.text(max_size=30)))
        def join(self, held, nickname):
            student = self.call(self.live.join, held.code, nickname)
            if self.gone(held.code):
                assert isinstance(student, ClassNotFound)
            return held.code, student

        @rule(target=questions, held=classes_, exact=st.floats(0, 1))
        def ask(self, held, exact):
            question = self.call(self.live.ask, held.code, held.teacher_key, {"q": 1}, exact)
            if self.gone(held.code):
                assert isinstance(question, ClassNotFound)
            return held, question

        @rule(member=students, asked=questions, value=VALUES)
        def answer(self, member, asked, value):
            (code, student), (held, question) = member, asked
            if isinstance(student, LiveError) or isinstance(question, LiveError) or code != held.code:
                return
            outcome = self.call(self.live.answer, code, student, question, value)
            key = (code, question)
            if outcome is None:
                assert key not in self.revealed, "an answer was accepted after the reveal"
                assert not self.gone(code)
                self.accepted.setdefault(key, []).append(float(value))
            elif key in self.revealed and not self.gone(code):
                assert isinstance(outcome, (AnswersClosed, AlreadyAnswered)), outcome

        @rule(asked=questions)
        def reveal(self, asked):
            held, question = asked
            if isinstance(question, LiveError):
                return
            outcome = self.call(self.live.reveal, held.code, held.teacher_key, question)
            if isinstance(outcome, LiveError):
                assert self.gone(held.code), outcome
                return
            self.revealed.add((held.code, question))
            tally = self.live.current(held.code).question
            if tally["id"] == question:
                assert Counter(tally["values"]) == Counter(self.accepted.get((held.code, question), []))

        @rule(held=consumes(classes_))
        def close(self, held):
            outcome = self.call(self.live.close, held.code, held.teacher_key)
            assert outcome is None or self.gone(held.code)
            self.closed.add(held.code)

        @rule(seconds=st.sampled_from([1.0, 1800.0, HOURS]))
        def time_passes(self, seconds):
            self.clock.advance(seconds)


        @rule()
        def restart(self):
            """The app restarts: a new store object and classes on the same store."""
            self.store.close()
            self.store = open_store(url, clock=self.clock)
            self.live = Classes(self.store, self.live.limits)

        @invariant()
        def every_accepted_answer_is_kept(self):
            for (code, question), values in self.accepted.items():
                if self.gone(code):
                    continue
                results = self.store.entries(f"{code}/answers/{question}")
                assert Counter(entry["value"] for entry in results.values()) == Counter(values)

        def teardown(self):
            self.store.close()

    return LiveClass


@pytest.mark.parametrize("kind", ["sqlite", "redis"])
def test_no_sequence_loses_an_answer_or_raises_a_foreign_error(kind, tmp_path, request):
    url = f"sqlite://{tmp_path / 'classes.sqlite3'}" if kind == "sqlite" else request.getfixturevalue("redis_url")
    state_machine = machine(url)
    state_machine.TestCase.settings = settings(max_examples=60 if kind == "sqlite" else 40, stateful_step_count=30,
                                               deadline=None, suppress_health_check=list(HealthCheck))
    state_machine.TestCase().runTest()
