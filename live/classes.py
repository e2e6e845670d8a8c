"""Live classes on a store: a teacher publishes the board and asks questions, students follow and answer.

Keys of a class (all under ``"{code}/"``, all expiring with the class): ``class`` (the teacher key's hash, the
expiry and the number of students the teacher expects), ``board`` (what students poll: the board, the current
question, its version), ``question/{id}`` (the exact value, the tolerance and the range of answers), ``answers/{id}``
and ``students`` (entries: one per student; the answers are closed by the reveal, atomically), ``questions`` (the id
sequence), ``members`` (how many students joined: the class's cap) and ``rate/...`` (fixed-window counters);
``closed`` outlives a closed class for an hour, to tell its students.  Secrets (teacher key, student ids) are stored
hashed.  Every call raises :class:`LiveError` only: a refusal, or :class:`ClassServerUnavailable`.

A store can lose a running class (Redis restarted empty, the SQLite file deleted): the teacher's screen keeps what it
last read of its class (:meth:`Classes.snapshot`) and brings the class back with it (:meth:`Classes.restore`), and
each student's screen puts its student and its accepted answer back (:meth:`Classes.come_back`, :meth:`Classes.answer`).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import re
import secrets
import threading
import time
import unicodedata
from collections import Counter
from dataclasses import dataclass
from typing import Any, NamedTuple

from live.errors import ClassServerUnavailable, LiveError
from live.store import EntriesClosed, VersionConflict
from metrics.messages import N_

#: Class codes: easy to read aloud and type (no 0/O, 1/I).
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
CODE_SET = frozenset(CODE_ALPHABET)
NICKNAME_MAX = 24
DIAGNOSIS_MAX = 80
#: The largest board or question, as JSON text (a teacher's board is a few kilobytes).
STATE_MAX_BYTES = 256_000
#: How long a closed class's code still says "closed" (instead of "no such class") to the students who poll it.
CLOSED_NOTICE_SECONDS = 3600.0
#: How far a class brought back goes on past the last version its teacher knew: past any version a screen may have
#: seen (a write whose reply was lost with the store counted too), so that every screen takes the class back as news.
RESTORED_VERSION_STEP = 1000
#: What a student id looks like (``secrets.token_urlsafe(16)``): :meth:`Classes.come_back` adds no other.
STUDENT_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")


class ClassNotFound(LiveError):
    template = N_("There is no class {code}: check the code; the class may have ended.")


class ClassClosed(ClassNotFound):
    template = N_("The teacher closed class {code}.")


class NotTeacher(LiveError):
    template = N_("Only the teacher of class {code} can do this.")


class UnknownStudent(LiveError):
    template = N_("You are not in class {code}: join it again.")


class UnknownQuestion(LiveError):
    template = N_("There is no question {question} in class {code}.")


class AlreadyAnswered(LiveError):
    template = N_("You have already answered question {question}: your first answer counts.")


class AnswersClosed(LiveError):
    template = N_("Question {question} has been revealed: answers are closed.")


class TooManyJoins(LiveError):
    """The class's joins this window are used up (:func:`join_allowance`): wait ``seconds``, then join."""
    template = N_("Too many students are joining class {code} right now: try again in {seconds} s.")


class TooManyJoinsFromClient(TooManyJoins):
    """One client (a browser) joined the class :attr:`Limits.joins_per_client` times this window."""
    template = N_("Too many joins from this browser to class {code}: try again in {seconds} s.")


class ClassFull(LiveError):
    """The class has :func:`member_cap` students: a flood of made-up nicknames stops there."""
    template = N_("Class {code} is full: it takes at most {cap} students. The teacher can start a class for more "
                  "students.")


class ClassSizeOutOfRange(LiveError):
    template = N_("The number of students to expect must be a whole number from {low} to {high}.")


class TooManyAnswers(LiveError):
    template = N_("Too many answers: try again in {seconds} s.")


class InvalidInput(LiveError):
    template = N_("{what} is not valid.")


class OutOfRange(LiveError):
    template = N_("Your answer must be a number from {low} to {high}: nothing was sent.")


class NewClass(NamedTuple):
    code: str
    teacher_key: str


class Current(NamedTuple):
    """What students follow: the version (changes on every publish, ask and reveal), the board and the current
    question (``{"id", "question", "revealed"}``, plus ``"exact"`` and ``"tolerance"`` once revealed) or None."""
    version: int
    board: dict | None
    question: dict | None


class Results(NamedTuple):
    joined: int
    answered: int
    right: int
    values: list[float]
    diagnoses: dict[str, int]
    exact: float
    tolerance: float
    revealed: bool


#: How many students a teacher may say to expect (:meth:`Classes.start_class`), and what the page offers first: a
#: lecture hall (issue 36: first-year lectures have 150-400 students).
EXPECTED_MIN, EXPECTED_MAX, EXPECTED_DEFAULT = 1, 2000, 300


@dataclass(frozen=True)
class Limits:
    """A class's limits. Every rate is counted in fixed windows of ``window_seconds`` on the store's clock (a
    refusal says how long until the window ends); ``joins_per_minute`` is the joins of a class per window when its
    teacher said no size, and never fewer otherwise (:func:`join_allowance`); ``joins_per_client`` the joins of one
    client (a browser) per class per window; a class holds at most :func:`member_cap` students."""
    class_seconds: float = 12 * 3600
    joins_per_minute: int = 120
    answers_per_minute: int = 20
    window_seconds: float = 60.0
    join_margin: float = 0.25  #: joins per window beyond the expected size, as a share of it
    joins_per_client: int = 10
    members_per_expected: int = 3
    members_min: int = 200


def join_allowance(expected: int | None, limits: Limits = Limits()) -> int:
    """The joins a class takes per window: ``max(joins_per_minute, n + ceil(join_margin * n))`` for ``n`` students
    expected (``joins_per_minute`` when none was said). With the defaults: 120 up to 96 students expected, 375 for
    300, 1250 for 1000: a whole hall can scan the QR code in the same minute.

    >>> join_allowance(None), join_allowance(30), join_allowance(300)
    (120, 120, 375)
    """
    if expected is None:
        return limits.joins_per_minute
    return max(limits.joins_per_minute, expected + math.ceil(limits.join_margin * expected))


def member_cap(expected: int | None, limits: Limits = Limits()) -> int:
    """The most students a class holds: ``max(members_min, members_per_expected * n)`` for ``n`` students expected
    (``n = joins_per_minute`` when none was said): with the defaults 200 up to 66 expected, 900 for 300, 3000 for
    1000. Students who leave and join again count again.

    >>> member_cap(None), member_cap(30), member_cap(300)
    (360, 200, 900)
    """
    size = limits.joins_per_minute if expected is None else expected
    return max(limits.members_min, limits.members_per_expected * size)


def expected_size(value: Any) -> int:
    """A teacher's number of students to expect, checked: a whole number from :data:`EXPECTED_MIN` to
    :data:`EXPECTED_MAX` (ClassSizeOutOfRange otherwise)."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        number = math.nan
    if isinstance(value, bool) or not number.is_integer() or not EXPECTED_MIN <= number <= EXPECTED_MAX:
        raise ClassSizeOutOfRange(low=EXPECTED_MIN, high=EXPECTED_MAX)
    return int(number)


def client_tag(client: str) -> str:
    """A client's key as stored in a rate counter's key: hashed (a cookie or an address is not kept), 16 hex digits."""
    return _hash(f"client:{client}")[:16]


def is_right(value: float, exact: float, tolerance: float) -> bool:
    """Right when ``|value − exact| ≤ tolerance`` (plus 1e-12 for the float error of typing 0.505 for 0.5)."""
    return abs(value - exact) <= tolerance + 1e-12


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def normalize_code(text: str) -> str:
    """A typed code as stored: upper case, spaces and dashes dropped.

    >>> normalize_code(" ab3-k7q ")
    'AB3K7Q'
    """
    return "".join(c for c in str(text).upper() if c not in " -\t")


def clean_text(text: Any, limit: int) -> str | None:
    """Plain text as typed: control and format characters dropped, spaces collapsed, at most ``limit`` characters;
    None when nothing is left.  HTML stays literal text (escaping it is the page's job).

    >>> clean_text("  <b>Ada</b>\\x00\\u202e  ", 24)
    '<b>Ada</b>'
    """
    if text is None:
        return None
    kept = "".join(" " if c.isspace() else c for c in str(text) if c.isspace() or unicodedata.category(c)[0] != "C")
    kept = " ".join(kept.split())[:limit].strip()
    return kept or None


def _json_size_checked(value: Any, what: str) -> Any:
    try:
        text = json.dumps(value, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        raise InvalidInput(what=what) from None
    if len(text.encode()) > STATE_MAX_BYTES or not isinstance(value, dict):
        raise InvalidInput(what=what)
    return json.loads(text)


class Classes:
    """Live classes on ``store`` (a :class:`live.store.SQLiteStore` or :class:`live.store.RedisStore`); time is the
    store's clock."""

    def __init__(self, store, limits: Limits = Limits()):
        self.store = store
        self.limits = limits
        self._probed: tuple[float, bool] | None = None  #: (its start: time.monotonic(), writable) of the last probe
        self._probe_lock = threading.Lock()

    def writable(self, max_age: float = 1.0) -> bool:
        """Whether the store can be written now: a write probe (``store.check_writable``), or the last one if it
        started less than ``max_age`` seconds ago. The threads that ask while a probe runs wait for it, and take its
        answer if it started after they asked (40 screens asking at once make one or two probes, not 40)."""
        asked = time.monotonic()
        probed = self._probed
        if probed is not None and asked - probed[0] < max_age:
            return probed[1]
        with self._probe_lock:
            probed = self._probed
            if probed is not None and (probed[0] >= asked or time.monotonic() - probed[0] < max_age):
                return probed[1]
            started = time.monotonic()
            try:
                self.store.check_writable()
                writable = True
            except ClassServerUnavailable:
                writable = False
            self._probed = (started, writable)
            return writable

    # -- helpers -------------------------------------------------------------------------------------------------

    def _read(self, code: str, what: str, read) -> tuple[str, Any]:
        """``read(key)`` of the class's item ``what``: (the code, the result); ClassNotFound when absent."""
        code = normalize_code(code)
        valid = len(code) == CODE_LENGTH and set(code) <= CODE_SET
        result = read(f"{code}/{what}") if valid else None
        if result is None:
            if valid and self.store.get(f"{code}/closed") is not None:
                raise ClassClosed(code=code)
            raise ClassNotFound(code=clean_text(code, 16) or "")
        return code, result

    def _class(self, code: str) -> tuple[str, dict]:
        code, record = self._read(code, "class", self.store.get)
        return code, record.value

    def _teacher(self, code: str, teacher_key: str) -> tuple[str, dict]:
        code, info = self._class(code)
        if not hmac.compare_digest(_hash(str(teacher_key)), info["teacher"]):
            raise NotTeacher(code=code)
        return code, info

    def _student(self, code: str, student_id: str) -> tuple[str, dict, str]:
        code, info = self._class(code)
        member = _hash(str(student_id))
        if member not in self.store.entries(f"{code}/students"):
            raise UnknownStudent(code=code)
        return code, info, member

    def _limit(self, key: str, limit: int, info: dict, error: type[LiveError], **fields: Any) -> None:
        now = self.store.clock()
        window = self.limits.window_seconds
        window_end = (math.floor(now / window) + 1) * window
        count = self.store.incr(f"{key}/{int(window_end)}", min(window_end, info["expires_at"]))
        if count > limit:
            raise error(seconds=max(1, math.ceil(window_end - now)), **fields)

    def _update_board(self, code: str, change) -> int:
        """Apply ``change(value) -> value`` to the board record atomically (read, change, write if unchanged)."""
        for _ in range(50):
            record = self.store.get(f"{code}/board")
            if record is None:
                raise ClassNotFound(code=code)
            try:
                version = self.store.put(f"{code}/board", change(record.value), if_version=record.version)
            except VersionConflict:
                continue
            if version is None:
                raise ClassNotFound(code=code)
            return version
        raise ClassServerUnavailable()  # the board kept changing: too busy to write now

    # -- the teacher ---------------------------------------------------------------------------------------------

    def start_class(self, expected: int | None = None) -> NewClass:
        """A new class: its code (6 characters to read aloud) and the teacher's secret key. ``expected``: how many
        students the teacher expects (:func:`expected_size`), kept with the class: its joins per window
        (:func:`join_allowance`) and its cap (:func:`member_cap`) follow it."""
        expected = None if expected is None else expected_size(expected)
        teacher_key = secrets.token_urlsafe(24)
        expires_at = self.store.clock() + self.limits.class_seconds
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            info = {"teacher": _hash(teacher_key), "expires_at": expires_at}
            if expected is not None:
                info["expected"] = expected
            if self.store.create(f"{code}/class", info, expires_at):
                break
        self.store.create(f"{code}/board", {"board": None, "question": None}, expires_at)
        return NewClass(code, teacher_key)

    def publish(self, code: str, teacher_key: str, state: dict) -> int:
        """Show ``state`` (the board as JSON-able data) to the class: the new version."""
        code, _ = self._teacher(code, teacher_key)
        board = _json_size_checked(state, "The board")
        return self._update_board(code, lambda value: {**value, "board": board})

    def ask(self, code: str, teacher_key: str, question: dict, exact: float, tolerance: float = 0.005,
            answer_range: tuple[float, float] = (0.0, 1.0)) -> int:
        """Ask ``question`` (shown to students) whose answer is ``exact`` (kept from students until revealed);
        an answer within ``tolerance`` is right; answers outside ``answer_range`` (what the question can produce,
        widened to hold ``exact``) are refused.  The question's id; it becomes the current question."""
        code, info = self._teacher(code, teacher_key)
        question = _json_size_checked(question, "The question")
        try:
            exact, tolerance = float(exact), float(tolerance)
            low, high = (float(bound) for bound in answer_range)
        except (TypeError, ValueError):
            exact = tolerance = low = high = math.nan
        if not (all(map(math.isfinite, (exact, tolerance, low, high))) and tolerance >= 0 and low <= high):
            raise InvalidInput(what=N_("The exact value, the tolerance or the range of answers"))
        question_id = self.store.incr(f"{code}/questions", info["expires_at"])
        secret = {"question": question, "exact": exact, "tolerance": tolerance, "revealed": False,
                  "low": min(low, exact), "high": max(high, exact)}
        self.store.create(f"{code}/question/{question_id}", secret, info["expires_at"])
        public = {"id": question_id, "question": question, "revealed": False}
        self._update_board(code, lambda value: {**value, "question": public})
        return question_id

    def _question(self, code: str, question_id: int):
        record = self.store.get(f"{code}/question/{int(question_id)}") if str(question_id).isdigit() else None
        if record is None:
            raise UnknownQuestion(code=code, question=str(question_id)[:12])
        return record

    def results(self, code: str, teacher_key: str, question_id: int) -> Results:
        """What the class answered: counts, the values (for a histogram), how many right, the diagnoses added up."""
        code, _ = self._teacher(code, teacher_key)
        question = self._question(code, question_id).value
        answers = self.store.entries(f"{code}/answers/{int(question_id)}")
        return self._tally(question, answers, self.joined(code, teacher_key))

    @staticmethod
    def _tally(question: dict, answers: dict, joined: int) -> Results:
        values = [answer["value"] for answer in answers.values()]
        right = sum(is_right(value, question["exact"], question["tolerance"]) for value in values)
        diagnoses = Counter(answer["diagnosis"] for answer in answers.values() if answer.get("diagnosis"))
        return Results(joined=joined, answered=len(values), right=right, values=values,
                       diagnoses=dict(diagnoses.most_common()), exact=question["exact"],
                       tolerance=question["tolerance"], revealed=question["revealed"])

    def joined(self, code: str, teacher_key: str) -> int:
        """How many students joined the class."""
        code, _ = self._teacher(code, teacher_key)
        return len(self.store.entries(f"{code}/students"))

    def reveal(self, code: str, teacher_key: str, question_id: int) -> int:
        """Close the answers and show every student the exact value and what the class answered (``answered``,
        ``right``, the ``values`` without names, the ``diagnoses`` added up): the new version."""
        code, info = self._teacher(code, teacher_key)
        record = self._question(code, question_id)
        # atomic with every answer: an answer is either in these entries or refused (AnswersClosed)
        answers = self.store.close_entries(f"{code}/answers/{int(question_id)}", info["expires_at"])
        secret = {**record.value, "revealed": True}
        self.store.put(f"{code}/question/{int(question_id)}", secret)
        results = self._tally(secret, answers, 0)

        def revealed(value: dict) -> dict:
            public = {"id": int(question_id), "question": secret["question"], "revealed": True,
                      "exact": secret["exact"], "tolerance": secret["tolerance"], "answered": results.answered,
                      "right": results.right, "values": results.values, "diagnoses": results.diagnoses}
            return {**value, "question": public}

        return self._update_board(code, revealed)

    def close(self, code: str, teacher_key: str) -> None:
        """End the class now: all its data is deleted, and its code is no longer found."""
        code, info = self._teacher(code, teacher_key)
        self.store.delete_prefix(f"{code}/class")  # first: from now on nothing new is written to the class
        self.store.delete_prefix(f"{code}/")
        self.store.create(f"{code}/closed", {"closed": True},  # what its students are told
                          min(info["expires_at"], self.store.clock() + CLOSED_NOTICE_SECONDS))

    def snapshot(self, code: str, teacher_key: str) -> dict:
        """What the teacher's screen keeps of its class, to bring it back if the store loses it (:meth:`restore`):
        its expiry, the board record (version and value), the current question (its secret: the exact value), the
        answers to it and the students (hashed), as JSON-able data."""
        code, info = self._teacher(code, teacher_key)
        _, board = self._read(code, "board", self.store.get)
        public = board.value.get("question")
        question_id = int(public["id"]) if isinstance(public, dict) else None
        question = self._question(code, question_id).value if question_id is not None else None
        answers = self.store.entries(f"{code}/answers/{question_id}") if question_id is not None else {}
        return {"code": code, "expires_at": info["expires_at"], "expected": info.get("expected"),
                "version": board.version, "value": board.value,
                "question": question, "answers": answers, "students": self.store.entries(f"{code}/students")}

    @classmethod
    def snapshot_results(cls, snapshot: dict) -> Results | None:
        """The current question's :class:`Results` as a snapshot holds them (None without a question)."""
        if not snapshot.get("question"):
            return None
        return cls._tally(snapshot["question"], snapshot.get("answers") or {}, len(snapshot.get("students") or {}))

    def restore(self, code: str, teacher_key: str, snapshot: dict) -> int:
        """Bring back class ``code`` as its teacher's screen last read it (:meth:`snapshot`) after its store lost it:
        what the store lacks is written again, what it has stays (a student's first answer, added back by their own
        screen meanwhile); the board goes on at a version past any its students saw. The class's version.
        ClassClosed when it was closed, ClassNotFound when its time ran out, NotTeacher when the code was taken."""
        code = normalize_code(code)
        expires_at = float(snapshot["expires_at"])
        if expires_at <= self.store.clock():
            raise ClassNotFound(code=code)
        if self.store.get(f"{code}/closed") is not None:
            raise ClassClosed(code=code)
        info = {"teacher": _hash(str(teacher_key)), "expires_at": expires_at}
        if snapshot.get("expected") is not None:
            info["expected"] = expected_size(snapshot["expected"])
        if not self.store.create(f"{code}/class", info, expires_at):
            self._teacher(code, teacher_key)  # there already (another of its teacher's tabs brought it back)
        value = snapshot["value"]
        public = value.get("question") if isinstance(value, dict) else None
        if isinstance(public, dict) and snapshot.get("question"):
            question_id = int(public["id"])
            if self.store.create(f"{code}/question/{question_id}", snapshot["question"], expires_at):
                self.store.incr(f"{code}/questions", expires_at, amount=question_id)  # the next one after it
            for member, entry in (snapshot.get("answers") or {}).items():
                try:
                    self.store.add_entry(f"{code}/answers/{question_id}", member, entry, expires_at)
                except EntriesClosed:
                    break
            if public.get("revealed"):
                self.store.close_entries(f"{code}/answers/{question_id}", expires_at)
        for member, entry in (snapshot.get("students") or {}).items():
            self.store.add_entry(f"{code}/students", member, entry, expires_at)
        counted = self.store.incr(f"{code}/members", expires_at, amount=0)  # the cap counts them again
        if counted < len(snapshot.get("students") or {}):
            self.store.incr(f"{code}/members", expires_at, amount=len(snapshot["students"]) - counted)
        self.store.create(f"{code}/board", value, expires_at,  # last: a screen that sees it finds all the rest
                          version=int(snapshot["version"]) + RESTORED_VERSION_STEP)
        return self.version(code)

    def resume(self, code: str, teacher_key: str) -> str:
        """The class's code, when ``teacher_key`` is its teacher's (a teacher back after a reload or a restart)."""
        return self._teacher(code, teacher_key)[0]

    def nicknames(self, code: str, teacher_key: str) -> list[str | None]:
        code, _ = self._teacher(code, teacher_key)
        return sorted((entry["nickname"] for entry in self.store.entries(f"{code}/students").values()),
                      key=lambda name: (name is None, name or ""))

    # -- students ------------------------------------------------------------------------------------------------

    def _admit(self, code: str, info: dict, member: str, nickname: str | None, client: str | None) -> None:
        """Add a student to the class, under its limits, checked in this order: ``client``'s joins this window
        (:class:`TooManyJoinsFromClient`; no such limit without a client), the class's joins this window
        (:class:`TooManyJoins`), its cap (:class:`ClassFull`: a place is taken from the ``members`` counter first,
        and given back when refused)."""
        expected = info.get("expected")
        if client is not None:
            self._limit(f"{code}/rate/client/{client_tag(client)}", self.limits.joins_per_client, info,
                        TooManyJoinsFromClient, code=code)
        self._limit(f"{code}/rate/join", join_allowance(expected, self.limits), info, TooManyJoins, code=code)
        cap = member_cap(expected, self.limits)
        if self.store.incr(f"{code}/members", info["expires_at"]) > cap:
            self.store.incr(f"{code}/members", info["expires_at"], amount=-1)
            raise ClassFull(code=code, cap=cap)
        try:
            self.store.add_entry(f"{code}/students", member, {"nickname": clean_text(nickname, NICKNAME_MAX)},
                                 info["expires_at"])
        except ClassServerUnavailable:
            try:
                self.store.incr(f"{code}/members", info["expires_at"], amount=-1)
            except ClassServerUnavailable:
                pass
            raise

    def join(self, code: str, nickname: str | None = None, client: str | None = None) -> str:
        """Join a class: the student's secret id (keep it in the student's session). ``client``: who asks (a
        browser's key, e.g. its cookie or address), for the per-client limit; the class's limits follow its expected
        size (:meth:`_admit`)."""
        code, info = self._class(code)
        student_id = secrets.token_urlsafe(16)
        self._admit(code, info, _hash(student_id), nickname, client)
        return student_id

    def rejoin(self, code: str, student_id: str) -> str | None:
        """A student back in their class (after a reload or a restart): their nickname; UnknownStudent,
        ClassNotFound."""
        code, _, member = self._student(code, student_id)
        return self.store.entries(f"{code}/students")[member]["nickname"]

    def come_back(self, code: str, student_id: str, nickname: str | None = None) -> str | None:
        """A student in a class that its teacher's screen brought back after the store lost it: added again when the
        class lost them (with ``nickname``, as a join: under the join limit), their nickname. UnknownStudent for
        what is not a student id."""
        code, info = self._class(code)
        member = _hash(str(student_id))
        students = self.store.entries(f"{code}/students")
        if member in students:
            return students[member]["nickname"]
        if not STUDENT_ID.fullmatch(str(student_id)):
            raise UnknownStudent(code=code)
        self._admit(code, info, member, nickname, None)
        return self.store.entries(f"{code}/students")[member]["nickname"]

    def version(self, code: str) -> int:
        """The class's version: it changes on every publish, ask and reveal (poll it cheaply)."""
        return self._read(code, "board", self.store.version)[1]

    def current(self, code: str) -> Current:
        _, record = self._read(code, "board", self.store.get)
        return Current(record.version, record.value["board"], record.value["question"])

    def answer(self, code: str, student_id: str, question_id: int, value: float, diagnosis: str | None = None) -> None:
        """Record a student's answer: the first one counts; a second raises :class:`AlreadyAnswered`, one after the
        reveal :class:`AnswersClosed` (never accepted and left out of the reveal), one out of the question's range
        :class:`OutOfRange`."""
        code, info, member = self._student(code, student_id)
        self._limit(f"{code}/rate/answer/{member}", self.limits.answers_per_minute, info, TooManyAnswers)
        question = self._question(code, question_id).value
        if question["revealed"]:
            raise AnswersClosed(question=int(question_id))
        try:
            value = float(value)
        except (TypeError, ValueError):
            raise InvalidInput(what="The answer") from None
        if not math.isfinite(value):
            raise InvalidInput(what="The answer")
        low, high = question.get("low", -math.inf), question.get("high", math.inf)
        if not low - question["tolerance"] <= value <= high + question["tolerance"]:
            raise OutOfRange(low=f"{low:g}", high=f"{high:g}")
        entry = {"value": value, "diagnosis": clean_text(diagnosis, DIAGNOSIS_MAX)}
        try:
            added = self.store.add_entry(f"{code}/answers/{int(question_id)}", member, entry, info["expires_at"])
        except EntriesClosed:  # the reveal came first: this answer is not in its tally
            raise AnswersClosed(question=int(question_id)) from None
        if not added:
            raise AlreadyAnswered(question=int(question_id))

    def my_answer(self, code: str, student_id: str, question_id: int) -> dict | None:
        """The student's counted answer (``{"value", "diagnosis"}``) or None."""
        code, _, member = self._student(code, student_id)
        return self.store.entries(f"{code}/answers/{int(question_id)}").get(member)

    def purge_expired(self) -> int:
        return self.store.purge_expired()
