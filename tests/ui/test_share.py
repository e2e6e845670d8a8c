"""Shareable boards (ui/data/share.py, pure part): the link text round-trips every board a link may
carry, and everything malformed or hostile is refused with a MetricsInputError that says why."""

from __future__ import annotations

import base64
import json
import re
import zlib
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from metrics import MetricsInputError
from ui.data.share import MAX_ITEMS, MAX_JSON_BYTES, MAX_LINK_CHARS, MAX_NAME_CHARS, decode_board, encode_board
from ui.model import limits
from ui.model.board import Board
from ui.model.presets import DEFAULT_PRESET, PRESETS

XSS = "<img src=x onerror=alert(1)>"
HOSTILE_NAMES = [XSS, "<script>alert('x')</script>", "javascript:alert(1)", "'; DROP TABLE runs;--",
                 "a&b=c#d?e", "%00%2F..%2F", "文档 一", "😀 emoji", "\u202eRTL override", "  padded  ",
                 "$\\frac{1}{0}$", "**bold** _it_", '"quoted"', "d1  ·  3"]


def pack(payload) -> str:
    """A link text around any JSON text or object, as a hostile author would build it."""
    words = payload if isinstance(payload, str) else json.dumps(payload)
    return "1." + base64.urlsafe_b64encode(zlib.compress(words.encode("utf-8"))).rstrip(b"=").decode()


def plain(board: Board) -> Board:
    """What a link carries: everything but the title and the note."""
    return replace(board, title="", note="")


GOOD = {"grades": {"a": 3, "b": None, "c": 0.5}, "ranking": ["c", "a"], "k": 2, "gain": "exponential",
        "ideal": "list", "ap_denominator": "found", "threshold": 2, "scores": {"a": 0.9, "b": -1.5}}


# --------------------------------------------------------------------------- round trips


def test_every_preset_round_trips():
    for key, board in PRESETS.items():
        text = encode_board(board)
        assert decode_board(text) == plain(board), key
        assert re.fullmatch(r"1\.[A-Za-z0-9_-]+", text), key  # URL-safe: no escaping needed
        assert len(text) < 1_000, key  # compact


def test_example_round_trip_keeps_everything():
    board = Board(grades={"a": 3, "b": None, XSS: 1.25, "文档": 0}, ranking=(XSS, "a", "文档"), k=7,
                  gain="exponential", ideal="list", ap_denominator="min_k_relevant", threshold=0.5,
                  scores={"a": 2.5, XSS: -limits.MAX_ABS_SCORE}, title="dropped", note="dropped too")
    back = decode_board(encode_board(board))
    assert back == plain(board)
    assert list(back.grades) == list(board.grades)  # pool order too
    assert back.grades["b"] is None  # unjudged stays unjudged, not 0


def test_numpy_numbers_are_written_as_plain_numbers():
    board = Board(grades={"a": np.float64(2.5), "b": np.int64(1)}, ranking=("b", "a"), k=np.int64(2).item(),
                  scores={"a": np.float32(0.5)})
    assert decode_board(encode_board(board)) == board


def test_text_around_the_link_is_tolerated():
    text = encode_board(PRESETS[DEFAULT_PRESET])
    assert decode_board(f"  {text}\n") == plain(PRESETS[DEFAULT_PRESET])


names = st.text(st.characters(blacklist_categories=("Cc", "Cs")), min_size=1, max_size=30).filter(str.strip)
grades = st.none() | st.integers(-1000, 1000) | st.floats(-1000, 1000, allow_nan=False)


@st.composite
def boards(draw) -> Board:
    items = draw(st.lists(names | st.sampled_from(HOSTILE_NAMES), min_size=1, max_size=25, unique=True))
    board_grades = {item: draw(grades) for item in items}
    ranking = draw(st.permutations(items))[: draw(st.integers(0, len(items)))]
    scored = draw(st.lists(st.sampled_from(items), unique=True))
    return Board(
        grades=board_grades, ranking=tuple(ranking), k=draw(st.integers(1, MAX_ITEMS)),
        gain=draw(st.sampled_from(["linear", "exponential"])), ideal=draw(st.sampled_from(["judged", "list"])),
        ap_denominator=draw(st.sampled_from(["relevant", "found", "min_k_relevant"])),
        threshold=draw(st.floats(limits.MIN_THRESHOLD, limits.MAX_THRESHOLD) | st.integers(1, limits.MAX_THRESHOLD)),
        scores={item: draw(st.floats(-limits.MAX_ABS_SCORE, limits.MAX_ABS_SCORE)) for item in scored},
        title=draw(st.text(max_size=5)))


@settings(max_examples=300, deadline=None)
@given(boards())
def test_random_boards_round_trip(board):
    text = encode_board(board)
    assert re.fullmatch(r"1\.[A-Za-z0-9_-]+", text)
    back = decode_board(text)
    assert back == plain(board)
    assert list(back.grades) == list(board.grades)
    assert [back.grades[i] is None for i in back.grades] == [board.grades[i] is None for i in board.grades]
    assert encode_board(back) == text  # a stable encoding: the URL does not change on reload


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200) | st.binary(max_size=200).map(lambda b: base64.urlsafe_b64encode(b).decode()))
def test_random_text_never_crashes(text):
    for candidate in (text, "1." + text, "1." + text.rstrip("=")):
        try:
            board = decode_board(candidate)
        except MetricsInputError as error:
            assert str(error)
        else:
            assert isinstance(board, Board)


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                    max_leaves=12))
def test_random_json_never_crashes(payload):
    try:
        decode_board(pack(json.dumps(payload)))
    except MetricsInputError as error:
        assert str(error)


# --------------------------------------------------------------------------- malformed and hostile


@pytest.mark.parametrize("text, message", [
    ("", "empty"),
    ("   ", "empty"),
    ("eNortsrMSy1KT", "should start with the version"),
    ("2.eNortsrMSy1KT", "unknown link version '2'"),
    ("v1.eNortsrMSy1KT", "unknown link version"),
    ("1.abc$def", "not base64url text (unexpected character '$')"),
    ("1.abc def", "unexpected character ' '"),
    ("1.abc+/de", "unexpected character '+'"),
    ("1.<img src=x onerror=alert(1)>", "not base64url text"),
    ("1.abcde", "not valid base64url"),
    ("1.aGVsbG8gd29ybGQ", "damaged (zlib"),
    ("1." + "A" * (MAX_LINK_CHARS + 1), "too long"),
])
def test_bad_text(text, message):
    with pytest.raises(MetricsInputError, match=re.escape(message)):
        decode_board(text)


def test_not_text():
    with pytest.raises(MetricsInputError, match="must be text"):
        decode_board(None)


def test_cut_short_and_trailing_bytes():
    good = zlib.compress(json.dumps(GOOD).encode())
    cut = "1." + base64.urlsafe_b64encode(good[:-6]).decode().rstrip("=")
    with pytest.raises(MetricsInputError, match="cut short"):
        decode_board(cut)
    extra = "1." + base64.urlsafe_b64encode(good + b"more").decode().rstrip("=")
    with pytest.raises(MetricsInputError, match="extra bytes"):
        decode_board(extra)


def test_zlib_bomb_is_refused_without_unpacking_it():
    bomb = '{"grades": {"a": 1}, "ranking": [], "x": "' + " " * (50 * MAX_JSON_BYTES) + '"}'
    text = pack(bomb)
    assert len(text) < MAX_LINK_CHARS  # small link, huge content
    with pytest.raises(MetricsInputError, match="too large"):
        decode_board(text)


def test_not_utf8():
    text = "1." + base64.urlsafe_b64encode(zlib.compress(b'{"grades": "\xff\xfe"}')).decode().rstrip("=")
    with pytest.raises(MetricsInputError, match="not UTF-8"):
        decode_board(text)


def test_deep_nesting_is_refused():
    with pytest.raises(MetricsInputError):
        decode_board(pack("[" * 60_000 + "]" * 60_000))


def with_(**changes):
    return {**GOOD, **changes}


@pytest.mark.parametrize("payload, message", [
    ("not json", "not valid JSON"),
    ('{"grades": {"a": 1}, "ranking": ["a"]', "not valid JSON"),
    ("[1, 2, 3]", "not a board"),
    ('"a string"', "not a board"),
    ("null", "not a board"),
    ('{"grades": {"a": NaN}, "ranking": []}', "finite, the link contains NaN"),
    ('{"grades": {"a": Infinity}, "ranking": []}', "contains Infinity"),
    ('{"grades": {"a": -Infinity}, "ranking": []}', "contains -Infinity"),
    ('{"grades": {"a": 1e999}, "ranking": []}', "must be finite, got inf"),
    ('{"grades": {"a": 1, "a": 2}, "ranking": ["a"]}', "names 'a' twice"),
    ('{"grades": {"a": 1}, "grades": {"b": 2}, "ranking": []}', "names 'grades' twice"),
    ('{"grades": {"a": 1}, "ranking": [], "k": 1' + "0" * 5000 + "}", "not valid JSON"),
    (with_(extra=1), "unknown field 'extra'"),
    (with_(title="hi"), "unknown field 'title'"),
    ({"ranking": []}, "no 'grades'"),
    ({"grades": {"a": 1}}, "no 'ranking'"),
    (with_(grades=[["a", 1]]), "'grades' must map item names to grades"),
    (with_(grades={}, ranking=[]), "no items"),
    (with_(grades={"": 1}, ranking=[]), "non-empty text"),
    (with_(grades={"   ": 1}, ranking=[]), "non-empty text"),
    (with_(grades={"a\nb": 1}, ranking=[]), "control character (U+000A)"),
    (with_(grades={"a\x00": 1}, ranking=[]), "control character (U+0000)"),
    (with_(grades={"a\ud800": 1}, ranking=[]), "control character (U+D800)"),
    (with_(grades={"x" * (MAX_NAME_CHARS + 1): 1}, ranking=[]), f"too long ({MAX_NAME_CHARS + 1} characters"),
    (with_(grades={"a": "3"}), "grade of 'a' is not a number: '3'"),
    (with_(grades={"a": True}), "grade of 'a' is not a number: True"),
    (with_(grades={"a": [1]}), "not a number"),
    (with_(grades={"a": {"$gt": 0}}), "not a number"),
    (with_(grades={"a": 1001}), "out of range"),
    (with_(grades={"a": -1e6}), "out of range"),
    (with_(ranking="c,a"), "'ranking' must be a list"),
    (with_(ranking=["c", "zz"]), "ranked item 'zz' is not among the items"),
    (with_(ranking=["c", "c"]), "lists 'c' twice"),
    (with_(ranking=["c", 1]), "holds 1, not an item name"),
    (with_(ranking=[None]), "holds None"),
    (with_(k=0), "K is out of range"),
    (with_(k=-3), "K is out of range"),
    (with_(k=MAX_ITEMS + 1), "K is out of range"),
    (with_(k=10**30), "K is out of range"),
    (with_(k=2.5), "K must be a whole number"),
    (with_(k="5"), "K must be a whole number"),
    (with_(k=True), "K must be a whole number"),
    (with_(k=None), "K must be a whole number"),
    (with_(gain="quadratic"), "gain must be one of linear, exponential"),
    (with_(ideal=None), "ideal must be one of"),
    (with_(ap_denominator="R"), "ap_denominator must be one of"),
    (with_(threshold=0), "threshold must be a number from 0.001 to 1,000"),
    (with_(threshold=0.0005), "threshold must be a number from 0.001"),  # below the threshold input's minimum
    (with_(threshold=-1), "threshold"),
    (with_(threshold="1"), "threshold"),
    (with_(threshold=1e9), "threshold"),
    (with_(scores=[1, 2]), "'scores' must map"),
    (with_(scores={"zz": 1}), "scored item 'zz' is not among the items"),
    (with_(scores={"a": "high"}), "score of 'a' must be a finite number"),
    (with_(scores={"a": 1e308}), "score of 'a' is out of range (1e+308; limit ±1e+12)"),  # the editors' limit too
    ('{"grades": {"a": 1}, "ranking": [], "scores": {"a": -1e999}}', "score of 'a' must be a finite number"),
])
def test_bad_board(payload, message):
    with pytest.raises(MetricsInputError, match=re.escape(message)):
        decode_board(pack(payload))


def test_long_names_in_messages_are_shortened():
    with pytest.raises(MetricsInputError) as caught:
        decode_board(pack(with_(ranking=["x" * 90])))
    assert len(str(caught.value)) < 100


def test_missing_settings_take_the_defaults():
    board = decode_board(pack({"grades": {"a": 1, "b": 0}, "ranking": ["b"]}))
    assert board == Board(grades={"a": 1, "b": 0}, ranking=("b",))


def test_good_payload_is_read():
    board = decode_board(pack(GOOD))
    assert board == Board(grades={"a": 3, "b": None, "c": 0.5}, ranking=("c", "a"), k=2, gain="exponential",
                          ideal="list", ap_denominator="found", threshold=2, scores={"a": 0.9, "b": -1.5})


# --------------------------------------------------------------------------- size limits


def test_the_largest_board_fits():
    board = Board.from_ranking([i % 4 for i in range(MAX_ITEMS)], items=[f"doc-{i:03d}" for i in range(MAX_ITEMS)],
                               k=MAX_ITEMS)
    text = encode_board(board)
    assert len(text) <= MAX_LINK_CHARS
    assert decode_board(text) == board


def test_too_many_items():
    board = Board.from_ranking([1] * (MAX_ITEMS + 1))
    with pytest.raises(MetricsInputError, match=f"too many items for a link \\({MAX_ITEMS + 1}; limit {MAX_ITEMS}\\)"):
        encode_board(board)
    with pytest.raises(MetricsInputError, match="too many items"):
        decode_board(pack({"grades": {f"d{i}": 1 for i in range(MAX_ITEMS + 1)}, "ranking": []}))


def test_name_too_long_for_a_link():
    with pytest.raises(MetricsInputError, match="too long"):
        encode_board(Board(grades={"x" * (MAX_NAME_CHARS + 1): 1}, ranking=()))
    assert decode_board(encode_board(Board(grades={"x" * MAX_NAME_CHARS: 1}, ranking=())))


def test_board_too_large_for_a_link_is_refused_on_encoding():
    # 200 names of 100 random characters each do not compress below the limit
    rng = np.random.default_rng(0)
    alphabet = list("abcdefghijklmnopqrstuvwxyz0123456789文档排序指标")
    items = ["".join(rng.choice(alphabet, MAX_NAME_CHARS)) for _ in range(MAX_ITEMS)]
    board = Board.from_ranking([1] * MAX_ITEMS, items=items)
    with pytest.raises(MetricsInputError, match="too large for a link"):
        encode_board(board)


def test_unshareable_boards_are_refused_on_encoding():
    with pytest.raises(MetricsInputError, match="must be finite"):
        encode_board(Board(grades={"a": float("nan")}, ranking=()))
    with pytest.raises(MetricsInputError, match="no items"):
        encode_board(Board(grades={}, ranking=()))
    with pytest.raises(MetricsInputError, match="control character"):
        encode_board(Board(grades={"a\tb": 1}, ranking=()))


# --------------------------------------------------------------------------- the run's own order (issue 9)


def test_a_run_board_keeps_the_files_order_through_a_link():
    board = Board(grades={"y": 0, "x": 2, "z": 1}, ranking=("z", "y", "x"), k=2,
                  scores={"z": 9.0, "x": 5.0, "y": 5.0}, run_order=("z", "x", "y"), title="query 1 of run.txt")
    back = decode_board(encode_board(board))
    assert back == plain(board) and back.run_order == ("z", "x", "y")


def test_links_without_a_run_order_are_unchanged_and_old_links_still_read():
    board = PRESETS[DEFAULT_PRESET]
    text = encode_board(board)
    assert "run_order" not in zlib.decompress(base64.urlsafe_b64decode(text[2:] + "==")).decode()
    assert decode_board(pack(GOOD)).run_order == ()  # a link made before the field existed


@pytest.mark.parametrize("order, message", [
    ("c,a", "'run_order' must be a list"),
    (["c", 1], "'run_order' must be a list"),
    (["c"], "must list the ranked items, each once"),
    (["c", "c"], "must list the ranked items, each once"),
    (["c", "b"], "must list the ranked items, each once"),
    (["a", "c"], "item 'c' of the run's order has no score"),
])
def test_bad_run_order(order, message):
    with pytest.raises(MetricsInputError, match=re.escape(message)):
        decode_board(pack(with_(run_order=order)))
