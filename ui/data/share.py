"""Shareable boards: the current example lives in the URL, so a link reproduces it exactly.

The board (items with grades, the ranking, K, the conventions, typed scores, the run file's order
of a query loaded from a run; not the title or the note) travels in one query parameter, ``b``; the
page is the URL's path. The text is ``1.`` (the format's version) followed by the board's JSON,
compressed with zlib and written in
base64url without padding: short, and safe in a URL without any escaping. A link made in 中文
also carries ``lang=zh``, so that it opens in 中文 in a new session (:func:`restore_language`);
English links carry no language (the browser's applies).

:func:`encode_board` and :func:`decode_board` are pure (no Streamlit) and strict: anything
malformed or hostile in a link gives a :class:`~metrics.MetricsInputError` naming the problem.
:func:`restore_from_url` (the entry script, first run of a session), :func:`write_to_url`
(after every run) and :func:`copy_link` (the builder's "Share" control) connect them to the app.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import numbers
import re
import unicodedata
import zlib

from metrics import MetricsInputError
from ui.locale import N_
from ui.model import limits
from ui.model.board import Board, InputError, _short
from ui.shell.routes import page_file

PARAM = "b"  #: the query parameter that carries the board
#: the query parameters a page keeps in its links beside the board (:func:`keep_in_link`): the diversity page's board
PAGE_PARAMS = ("d",)
LANGUAGE_PARAM = "lang"  #: the query parameter that carries the reader's language (中文 only)
VERSION = "1"  #: the format written before the first "." of the parameter's text
MAX_LINK_CHARS = 8_000  #: longest accepted parameter text (browsers and servers cope easily)
MAX_JSON_BYTES = 64 * 1024  #: largest accepted board JSON after decompression (no zlib bombs)
MAX_ITEMS = limits.MAX_BOARD_ITEMS  #: a link holds any board the app holds
MAX_NAME_CHARS = limits.MAX_NAME_CHARS
MAX_K = MAX_ITEMS
MAX_ABS_NUMBER = limits.MAX_ABS_GRADE  #: grades: 2**1000 (exponential gain) is still finite
CHOICES = {"gain": ("linear", "exponential"), "ideal": ("judged", "list"),
           "ap_denominator": ("relevant", "found", "min_k_relevant")}
FIELDS = ("grades", "ranking", "k", "gain", "ideal", "ap_denominator", "threshold", "scores", "run_order")
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")

# UI text (English; shown with ui.i18n.t)
SHARE_LABEL = N_("Share this board")
SHARE_ICON = ":material/link:"
SHARE_HELP = N_("A link that opens this page with this exact board: items, grades, ranking, K and conventions.")
SHARE_CAPTION = N_("Point at the box and press its copy button (top right). Whoever opens the link sees this "
                   "page with this board: items, grades, ranking, K and conventions. The address bar holds the "
                   "same link.")
SHARE_TOO_LARGE = N_("This board cannot be shared as a link: {reason}")
SHARE_INSTEAD = N_("Share it as a file instead: the handout page gives the board as Markdown, LaTeX and CSV.")
RESTORE_FAILED = N_("The link's board could not be read: {reason}; showing the default example.")


# --------------------------------------------------------------------------- pure part


def encode_board(board: Board) -> str:
    """The board as a short, URL-safe, versioned text (title and note are left out).

    Raises MetricsInputError when the board cannot travel in a link (too many items, names too
    long, numbers out of range), so that every text it returns is one :func:`decode_board` reads.

    >>> board = Board(grades={"a": 3, "b": None, "c": 0}, ranking=("c", "a"), k=2)
    >>> text = encode_board(board)
    >>> text.startswith("1.") and decode_board(text) == board
    True
    """
    data = {
        "grades": {item: _plain(grade) for item, grade in board.grades.items()},
        "ranking": list(board.ranking),
        "k": _plain(board.k),
        "gain": board.gain,
        "ideal": board.ideal,
        "ap_denominator": board.ap_denominator,
        "threshold": _plain(board.threshold),
        "scores": {item: _plain(score) for item, score in board.scores.items()},
    }
    if board.run_order:  # only a board loaded from a run has one: other links are as they always were
        data["run_order"] = list(board.run_order)
    _check(data)
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")
    if len(raw) > MAX_JSON_BYTES:
        raise InputError(N_("the board is too large for a link ({size:,} bytes; limit {limit:,})"),
                         size=len(raw), limit=MAX_JSON_BYTES)
    text = VERSION + "." + base64.urlsafe_b64encode(zlib.compress(raw, 9)).rstrip(b"=").decode("ascii")
    if len(text) > MAX_LINK_CHARS:
        raise InputError(N_("the board is too large for a link ({size:,} characters; limit {limit:,}): "
                            "use fewer items or shorter names"), size=len(text), limit=MAX_LINK_CHARS)
    return text


def decode_board(text: str) -> Board:
    """The board a link's text describes; MetricsInputError naming the problem if it is not one.

    >>> decode_board("2.eJyrVkrPTy9Wsq")
    Traceback (most recent call last):
    ...
    ui.model.board.InputError: unknown link version '2' (this app reads version 1)
    """
    if not isinstance(text, str):
        raise InputError(N_("the link's board must be text, got {type}"), type=type(text).__name__)
    text = text.strip()
    if not text:
        raise InputError(N_("the link's board is empty"))
    if len(text) > MAX_LINK_CHARS:
        raise InputError(N_("the link's board is too long ({size:,} characters; limit {limit:,})"),
                         size=len(text), limit=MAX_LINK_CHARS)
    version, dot, body = text.partition(".")
    if not dot:
        raise InputError(N_("not a board link: it should start with the version, {version}, and a dot"),
                         version=repr(VERSION))
    if version != VERSION:
        raise InputError(N_("unknown link version {found} (this app reads version {version})"),
                         found=repr(version[:10]), version=VERSION)
    if not _BASE64URL.fullmatch(body):
        bad = next(ch for ch in body if not _BASE64URL.fullmatch(ch))
        raise InputError(N_("the link's data is not base64url text (unexpected character {char})"), char=repr(bad))
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError) as error:
        raise InputError(N_("the link's data is not valid base64url ({error})"), error=str(error)) from None
    raw = _inflate(packed)
    try:
        words = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(N_("the link's data is not UTF-8 text")) from None
    try:
        data = json.loads(words, parse_constant=_no_constant, object_pairs_hook=_no_duplicate_keys)
    except MetricsInputError:
        raise
    except (ValueError, RecursionError) as error:
        raise InputError(N_("the link's data is not valid JSON ({error})"), error=str(error)[:80]) from None
    try:
        _check(data)
        return Board(grades=dict(data["grades"]), ranking=tuple(data["ranking"]), k=data.get("k", 5),
                     scores=dict(data.get("scores", {})), gain=data.get("gain", "linear"),
                     ideal=data.get("ideal", "judged"), ap_denominator=data.get("ap_denominator", "relevant"),
                     threshold=data.get("threshold", 1.0), run_order=tuple(data.get("run_order", ())))
    except MetricsInputError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, OverflowError) as error:  # a check missed it
        raise InputError(N_("the link's board is not valid ({error})"), error=type(error).__name__) from None


def _plain(value):
    """Python int/float/None for JSON (numpy numbers and bools included)."""
    if value is None:
        return None
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        return float(value)
    return value  # not a number: _check names the problem


def _inflate(packed: bytes) -> bytes:
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, MAX_JSON_BYTES + 1)
    except zlib.error as error:
        raise InputError(N_("the link's data is damaged (zlib: {error})"), error=str(error)) from None
    if len(raw) > MAX_JSON_BYTES or inflater.unconsumed_tail:
        raise InputError(N_("the link's board is too large (more than {limit:,} bytes unpacked)"), limit=MAX_JSON_BYTES)
    if not inflater.eof:
        raise InputError(N_("the link's data is cut short (incomplete compressed data)"))
    if inflater.unused_data:
        raise InputError(N_("the link's data has extra bytes after the board"))
    return raw


def _no_constant(name: str):
    raise InputError(N_("numbers must be finite, the link contains {name}"), name=name)


def _no_duplicate_keys(pairs: list) -> dict:
    result = {}
    for key, value in pairs:
        if key in result:
            raise InputError(N_("the link names {name} twice"), name=_short(key))
        result[key] = value
    return result


def literal(text) -> str:
    """``text`` as a Markdown code span: shown as is, with no link (not even a bare URL, which
    Markdown escapes do not stop), tag, formatting, colour or formula.

    >>> print(literal("see https://x.example [a](b) `c` $d$"))
    `` see https://x.example [a](b) `c` $d$ ``
    """
    text = " ".join(str(text).splitlines())
    fence = "`" * (max((len(run) for run in re.findall("`+", text)), default=0) + 1)
    return f"{fence} {text} {fence}"


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _check(data) -> None:
    """Raise MetricsInputError unless ``data`` is a board description a link may carry."""
    if not isinstance(data, dict):
        raise InputError(N_("the link's data is not a board (expected a JSON object)"))
    unknown = [key for key in data if key not in FIELDS]
    if unknown:
        raise InputError(N_("unknown field {field} in the link's board"), field=_short(unknown[0]))
    for required in ("grades", "ranking"):
        if required not in data:
            raise InputError(N_("the link's board has no {field}"), field=repr(required))
    grades = data["grades"]
    if not isinstance(grades, dict):
        raise InputError(N_("'grades' must map item names to grades"))
    if not grades:
        raise InputError(N_("the board has no items"))
    if len(grades) > MAX_ITEMS:
        raise InputError(N_("too many items for a link ({count}; limit {limit})"), count=len(grades), limit=MAX_ITEMS)
    for name, grade in grades.items():
        _check_name(name)
        if grade is None:
            continue
        if not _is_number(grade):
            raise InputError(N_("the grade of {name} is not a number: {grade}"), name=_short(name), grade=_short(grade))
        if not math.isfinite(grade):
            raise InputError(N_("the grade of {name} must be finite, got {grade}"), name=_short(name), grade=grade)
        if abs(grade) > MAX_ABS_NUMBER:
            raise InputError(N_("the grade of {name} is out of range ({grade:g}; limit ±{limit:,})"),
                             name=_short(name), grade=grade, limit=MAX_ABS_NUMBER)
    ranking = data["ranking"]
    if not isinstance(ranking, list):
        raise InputError(N_("'ranking' must be a list of item names"))
    seen = set()
    for item in ranking:
        if not isinstance(item, str):
            raise InputError(N_("the ranking holds {item}, not an item name"), item=_short(item))
        if item not in grades:
            raise InputError(N_("ranked item {item} is not among the items"), item=_short(item))
        if item in seen:
            raise InputError(N_("the ranking lists {item} twice"), item=_short(item))
        seen.add(item)
    k = data.get("k", 5)
    if not isinstance(k, int) or isinstance(k, bool):
        raise InputError(N_("K must be a whole number, got {k}"), k=_short(k))
    if not 1 <= k <= MAX_K:
        raise InputError(N_("K is out of range ({k}; it must be 1 to {limit})"), k=k, limit=MAX_K)
    for setting, allowed in CHOICES.items():
        value = data.get(setting, allowed[0] if setting != "ap_denominator" else "relevant")
        if value not in allowed:
            raise InputError(N_("{setting} must be one of {allowed}, got {value}"), setting=setting,
                             allowed=", ".join(allowed), value=_short(value))
    threshold = data.get("threshold", 1.0)
    if not _is_number(threshold) or not limits.MIN_THRESHOLD <= threshold <= limits.MAX_THRESHOLD:
        raise InputError(N_("the relevance threshold must be a number from {low:g} to {high:,}, got {value}"),
                         low=limits.MIN_THRESHOLD, high=limits.MAX_THRESHOLD, value=_short(threshold))
    scores = data.get("scores", {})
    if not isinstance(scores, dict):
        raise InputError(N_("'scores' must map item names to scores"))
    for name, score in scores.items():
        if name not in grades:
            raise InputError(N_("scored item {name} is not among the items"), name=_short(name))
        if not _is_number(score) or not math.isfinite(score):
            raise InputError(N_("the score of {name} must be a finite number, got {score}"), name=_short(name),
                             score=_short(score))
        if abs(score) > limits.MAX_ABS_SCORE:
            raise InputError(N_("the score of {name} is out of range ({score:g}; limit ±{limit:g})"),
                             name=_short(name), score=score, limit=limits.MAX_ABS_SCORE)
    order = data.get("run_order", [])
    if not isinstance(order, list) or any(not isinstance(item, str) for item in order):
        raise InputError(N_("'run_order' must be a list of item names"))
    if order and sorted(order) != sorted(ranking):
        raise InputError(N_("the run's order must list the ranked items, each once"))
    if unscored := [item for item in order if item not in scores]:
        raise InputError(N_("item {name} of the run's order has no score"), name=_short(unscored[0]))


def _check_name(name) -> None:
    if not isinstance(name, str) or not name.strip():
        raise InputError(N_("item names must be non-empty text"))
    if len(name) > MAX_NAME_CHARS:
        raise InputError(N_("item name {name} is too long ({size} characters; limit {limit})"), name=_short(name),
                         size=len(name), limit=MAX_NAME_CHARS)
    for char in name:
        if unicodedata.category(char) in ("Cc", "Cs"):
            raise InputError(N_("item name {name} contains a control character (U+{code:04X})"), name=_short(name),
                             code=ord(char))


# --------------------------------------------------------------------------- Streamlit part


def _keys():
    from ui.session import state

    return state.page_key("share", "restored"), state.page_key("share", "cache"), state.page_key("share", "slot")


def _page_params_key() -> str:
    from ui.session import state

    return state.page_key("share", "page_params")


def keep_in_link(name: str, text: str) -> None:
    """Keep a page's own state in its links (the address bar, :func:`link`: the presenter's QR code and the share
    box) as the query parameter ``name`` (one of :data:`PAGE_PARAMS`), for the rest of this run; a run that does
    not keep it removes it from the address bar (another page, where it means nothing)."""
    import streamlit as st

    if name not in PAGE_PARAMS:
        raise ValueError(f"{name!r} is not one of share.PAGE_PARAMS")
    st.session_state.setdefault(_page_params_key(), {})[name] = text


def _page_params() -> dict[str, str]:
    import streamlit as st

    return dict(st.session_state.get(_page_params_key(), {}))


def restore_language() -> None:
    """On a session's first run, take the reader's language from the link (``lang=zh``), if it
    names one the app speaks; otherwise the browser's language applies (``ui.i18n.language``).
    Call it before anything is translated in the entry script; it never raises."""
    import streamlit as st

    from ui.i18n import LANGUAGE, LANGUAGES

    if LANGUAGE in st.session_state:  # chosen already in this session: the link does not override it
        return
    value = st.query_params.get(LANGUAGE_PARAM)
    if isinstance(value, str) and value.strip().lower() in LANGUAGES:
        st.session_state[LANGUAGE] = value.strip().lower()


def language_param() -> str | None:
    """The ``lang`` value links carry: the reader's language, or None for English (the source;
    English links look as they did before the app spoke Chinese)."""
    from ui.i18n import language

    chosen = language()
    return None if chosen == "en" else chosen


def restore_from_url() -> None:
    """On a session's first run, put the link's board on (if the URL has a valid one).

    An unreadable board is ignored with a warning; it never raises. Call it right after
    ``state.init()`` in the entry script.
    """
    import streamlit as st

    from ui.i18n import t
    from ui.model.presets import PRESETS
    from ui.session import state

    restored, _, _ = _keys()
    if st.session_state.get(restored):
        return
    st.session_state[restored] = True
    text = st.query_params.get(PARAM)
    if text is None:
        return
    try:
        board = decode_board(text)
    except MetricsInputError as error:
        st.warning(t(RESTORE_FAILED).format(reason=literal(state.message(error))), icon=":material/link_off:")
        return
    # a link to an unchanged example gets the example's title and note back
    preset = next((key for key, example in PRESETS.items() if _same(example, board)), None)
    state.set_board(PRESETS[preset] if preset else board, origin=True)
    st.session_state[state.PRESET] = preset


def _same(example: Board, board: Board) -> bool:
    return example.to_dict() | {"title": "", "note": ""} == board.to_dict()


def _encoded(board: Board) -> tuple[str | None, MetricsInputError | None]:
    """(text, None) or (None, the error saying why not): cached per session, so unchanged boards
    cost nothing."""
    import streamlit as st

    _, cache, _ = _keys()
    last = st.session_state.get(cache)
    if last is not None and (last[0] is board or last[0] == board):
        return last[1], last[2]
    try:
        result = encode_board(board), None
    except MetricsInputError as error:
        result = None, error
    st.session_state[cache] = (board, *result)
    return result


def write_to_url() -> None:
    """Keep ``st.query_params["b"]`` equal to the current board's text (none if it cannot be
    shared), ``st.query_params["lang"]`` equal to :func:`language_param`, and fill the builder's
    share control. Call it after the page ran; it never raises."""
    import streamlit as st

    from ui.session import state

    _, _, slot_key = _keys()
    slot = st.session_state.pop(slot_key, None)
    text, _ = _encoded(state.board())
    _keep_param(PARAM, text)
    _keep_param(LANGUAGE_PARAM, language_param())
    kept = _page_params()
    for name in PAGE_PARAMS:
        _keep_param(name, kept.get(name))
    if slot is not None:
        _fill(slot)
    st.session_state.pop(_page_params_key(), None)  # kept for one run: the next run's page keeps its own


def _keep_param(name: str, value: str | None) -> None:
    """``st.query_params[name]`` equal to ``value`` (absent when None), written only when it differs (each write
    is a browser-history update)."""
    import streamlit as st

    if value is None:
        if name in st.query_params:
            del st.query_params[name]
    elif st.query_params.get(name) != value:
        st.query_params[name] = value


def link(text: str) -> str:
    """The full link to this page with the board ``text`` and the reader's language (a relative
    one when the app's URL is unknown, as in tests)."""
    import streamlit as st

    base = getattr(st.context, "url", None) or ""
    lang = language_param()
    kept = "".join(f"&{name}={value}" for name, value in _page_params().items())  # URL-safe texts (PAGE_PARAMS)
    return f"{base}?{PARAM}={text}" + kept + (f"&{LANGUAGE_PARAM}={lang}" if lang else "")


def board_link() -> str | None:
    """The link to this page with the current board (as the "Share" control gives it), or None when
    the board cannot travel in a link."""
    from ui.session import state

    text, _ = _encoded(state.board())
    return None if text is None else link(text)


def copy_link(label: str = SHARE_LABEL, **popover) -> None:
    """The visible "Share this board" control (``label``, translated here): the link in a code box
    with a copy button, in a popover (``popover``: more st.popover options; full width by default).

    The box is filled again after the page ran (:func:`write_to_url`), so it shows the board
    after the page's own controls (K, conventions) changed it.
    """
    import streamlit as st

    from ui.i18n import t

    _, _, slot_key = _keys()
    with st.popover(t(label), icon=SHARE_ICON, help=t(SHARE_HELP), **{"width": "stretch", **popover}):
        slot = st.empty()
    _fill(slot)
    st.session_state[slot_key] = slot


def _fill(slot) -> None:
    import streamlit as st

    from ui.i18n import t
    from ui.session import state

    text, why_not = _encoded(state.board())
    with slot.container():
        if text is None:
            st.warning(t(SHARE_TOO_LARGE).format(reason=literal(state.message(why_not))))
            if state.board().grades:  # a board too large for a link still travels as a file
                st.caption(t(SHARE_INSTEAD))
                st.page_link(page_file("handout"), label=t("Handout & presenter view"), icon=":material/slideshow:")
        else:
            st.code(link(text), language=None, wrap_lines=True)
            st.caption(t(SHARE_CAPTION))
