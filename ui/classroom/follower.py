"""A following student's view of the teacher's explainer page (nDCG, AP, RR, P/R/F1/Hit@K, ROC): the ranking, the
headline at the teacher's step, the step reached, the worked formula and the step window, drawn by the student's poll
fragment (``ui.classroom.live``), which reruns only itself; the full interactive page comes back when the student
stops following ("Try it myself"). A drag in the view's lanes reorders the student's own board, as on the page, until
the teacher's next change.

What a follower sees is a function of the published state (board, page, step) and the reader's language: the core's
explanation is computed once per published board for every follower of every class on this server process
(:func:`explained`), the formula lines and the step window once per (board, step, language, text size)
(:func:`pieces`), so that 40 followers of one drag cost one computation and 40 small redraws, not 40 page reruns.
The view calls what the page calls (ui.topics.paced), so the two never disagree. :func:`view_data` gives the same view
as data, without a Streamlit session (an explicit language and text size): what ui.classroom.view_route draws once per
class version for every student of a process served by deploy/serve.py, whose browsers show it themselves
(ui.classroom.view_piece).
No spoilers: as on the page, nothing after the teacher's step is shown (headline "so far", formula and table up to
that step, later ranks dimmed in the lanes)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from html import escape

import streamlit as st

from metrics import MetricsInputError
from metrics.explanation import Column, Explanation
from ui.data.dataset import shown_title
from ui.data.share import encode_board
from ui.i18n import N_, language, reading, t
from ui.model.board import Board
from ui.ranking.lanes import dropped_order, lanes, lanes_data
from ui.session import state
from ui.shell.safe import plain
from ui.teaching import lecture, pacing
from ui.teaching.explainer import table_html, tex
from ui.teaching.pacing import Pace
from ui.topics import paced

FOLLOWING_NOTE = N_("You follow the teacher: the board and the step change with theirs.")
BOX = "live_follow"  #: the view's container (visible, unlike the poll's hidden one)
VIEWS_KEPT = 64  #: boards whose explanation is kept (a class's recent drags, several classes)
PIECES_KEPT = 512  #: formula and step window renderings kept (boards × steps × languages × text sizes)


@dataclass(frozen=True)
class Explained:
    """What an explainer page computes from one board, kept for all its followers: the explanation whose step table
    paces the page (None: the page has nothing to explain, ``unavailable`` says why), the headline's numbers at a step
    (:class:`ui.teaching.lecture.Metric` s, in the reader's language), the worked formula's lines at a step (None:
    the explanation's own, folded, under the general formula at step 1) and a line under the step bar."""

    explanation: Explanation | None
    headline: Callable[[Pace], list[lecture.Metric]] = lambda pace: []
    worked: Callable[[Pace], list[str]] | None = None
    caption: Callable[[], str] | None = None
    unavailable: Callable[[], str] | None = None


@dataclass(frozen=True)
class View:
    """How one explainer page is shown to a follower: its title (the page's own), the core call the page makes
    (``explain(board, *settings)`` -> :class:`Explained`; ``settings(choices)``: the choices the page
    computes with beyond the board, from the session's state or the class's published choices, e.g. RR's cut-off
    toggle), whether the lanes show the ideal ordering, the step
    table's hit column, what a row is (``unit``, as the page's step bar names it; ``ranks``: a row is a rank, which
    the lanes outline), the worked formula's columns, the ranked items the page needs (None: it computes
    without, as ROC) and the step table's columns the page's step window shows (None: all)."""

    title: str
    explain: Callable[..., Explained]
    settings: Callable[[Mapping], tuple] = lambda choices: ()
    ideal: bool = False
    hit_column: str | None = Column.RELEVANT
    unit: str = "rank"
    ranks: bool = True
    formula_columns: int = 1
    minimum: int | None = 1
    window_columns: tuple[str, ...] | None = None


def _ndcg(board: Board) -> Explained:
    """As pages/ndcg.py (:func:`ui.topics.paced.ndcg`): DCG, IDCG and nDCG at the board's K, gain and ideal."""
    explanation, k = paced.ndcg(board)
    return Explained(explanation, lambda pace: lecture.headline_metrics(
        explanation, pace, *paced.ndcg_headline(explanation, k))[1])


def _ap(board: Board) -> Explained:
    """As pages/ap.py (:func:`ui.topics.paced.ap`): AP at the board's K, R and D beside it."""
    explanation, _ = paced.ap(board)
    return Explained(explanation, lambda pace: lecture.headline_metrics(
        explanation, pace, *paced.ap_headline(board, explanation))[1])


def _rr_settings(choices: Mapping) -> tuple[bool]:
    """The RR page's "Stop at rank K" toggle in ``choices`` (this session's state, as pages/rr.py reads it, or the
    teacher's published choices)."""
    return (bool(choices.get(paced.RR_CUT, False)),)


def _rr(board: Board, cut: bool) -> Explained:
    """As pages/rr.py (:func:`ui.topics.paced.rr`): RR, the rank of the first hit once its step is shown."""
    explanation, k = paced.rr(board, cut)
    return Explained(explanation, lambda pace: lecture.headline_metrics(
        explanation, pace, *paced.rr_headline(board, explanation, pace, k))[1])


def _cutoff(board: Board) -> Explained:
    """As pages/cutoff.py (:func:`ui.topics.paced.cutoffs`): P, R, F1, Hit at cut-off i and R-precision, P's table."""
    measures = paced.cutoffs(board)
    return Explained(measures.explanations["P"], lambda pace: paced.cutoff_metrics(measures, pace)[1],
                     worked=lambda pace: paced.cutoff_worked(measures, pace),
                     caption=lambda: paced.cutoff_caption(board, measures.relevant))


def _roc(board: Board) -> Explained:
    """As pages/roc.py (:func:`ui.topics.paced.roc`): AUC as trapezoids, P and N; or why there is no curve."""
    measures = paced.roc(board)
    explanation = measures.explanation
    if explanation is None:
        return Explained(None, unavailable=lambda: paced.roc_unavailable(measures))
    return Explained(explanation, lambda pace: lecture.headline_metrics(
        explanation, pace, *paced.roc_headline(explanation))[1])


#: the pages a follower sees as this view (page URL path -> view); on the others the whole page is drawn
VIEWS = {
    "ndcg": View(N_("nDCG — normalised discounted cumulative gain"), _ndcg, ideal=True, hit_column=None),
    "ap": View(N_("AP / MAP — average precision"), _ap),
    "rr": View(N_("RR / MRR — reciprocal rank"), _rr, settings=_rr_settings),
    "cutoff": View(N_("Precision, recall, F1 and hit rate @K · R-precision"), _cutoff, unit=N_("cut-off K ="),
                   formula_columns=2),
    "roc": View(N_("ROC curve and AUC"), _roc, hit_column=None, unit=N_("trapezoid"), ranks=False, minimum=None,
                window_columns=tuple(paced.ROC_WINDOW)),
}


def board_key(board: Board) -> str:
    """The board as the cache key of its view (its published JSON)."""
    return json.dumps(board.to_dict(), sort_keys=True, default=str)


@lru_cache(maxsize=VIEWS_KEPT)
def explained(page: str, key: str, settings: tuple = ()) -> tuple[Board, Explained]:
    """The core's explanation of the board ``key`` (:func:`board_key`) as ``page`` shows it with the session's
    ``settings`` (:attr:`View.settings`): (board, :class:`Explained`); computed once for all the followers of that
    board."""
    board = Board.from_dict(json.loads(key))
    return board, VIEWS[page].explain(board, *settings)


@dataclass(frozen=True)
class Pieces:
    """What the view shows at one step, in one language and text size: the step line, the worked formula's lines
    (LaTeX), the step window (HTML) and the ideal ordering beside the lanes."""

    step_line: str
    formula: tuple[str, ...]
    table: str
    ideal: tuple[tuple[str, float | None], ...] | None


@lru_cache(maxsize=PIECES_KEPT)
def pieces(page: str, key: str, settings: tuple, step: int, complete: bool, reader: str, size: int) -> Pieces:
    """The view's text at ``step`` (``complete``: every step shown) for a reader of language ``reader`` at text
    size ``size``, which the caller's session has (they are part of the key: ``t`` and ``tex`` read the session's
    language, ``lecture.formula_width`` and ``lecture.window`` its text size)."""
    view = VIEWS[page]
    board, shown = explained(page, key, settings)
    explanation = shown.explanation
    pace = pacing.Pace(step=step, total=len(explanation.table))
    if shown.worked is not None:
        lines = tuple(shown.worked(pace))
    else:
        general = step <= 1 and not complete
        lines = ((lecture.definitions_apart(explanation.formula),) if general else ()) + tuple(
            explanation.worked_lines(None if complete else step, fold=True, width=lecture.formula_width()))
    columns = list(view.window_columns) if view.window_columns else None
    table = table_html(*lecture.window(explanation.table, step, view.hit_column, columns, unit=view.unit,
                                       whole_below=False))
    ideal = None
    if view.ideal:  # most relevant first, ties in order, as the builder's lanes show it
        ranked = sorted(zip(board.ideal_items(), board.ideal_grades()), key=lambda pair: -pair[1])
        ideal = tuple((item, board.grades[item]) for item, _ in ranked)
    return Pieces(pacing.step_text(pace, view.unit), tuple(tex(line) for line in lines), table, ideal)


def published_step(page: str, steps: Mapping, total: int) -> Pace:
    """The step a follower's session shows of ``page`` after loading the teacher's published ``steps`` (page -> a step,
    or None: every step; a page not in it: step 1), clamped as ``ui.teaching.pacing.current`` clamps it."""
    stored = steps.get(page, 1) if isinstance(steps, Mapping) else 1
    if stored is not pacing.ALL and not isinstance(stored, int):
        stored = 1
    step = total if stored is pacing.ALL else min(max(int(stored), 1), total)
    return Pace(step=max(step, 0) if total else 0, total=total)


def markdown_html(text: str) -> str:
    """A line of the view's Markdown (plain text, ``**bold**`` parts: the step line) as HTML, every text escaped.

    >>> markdown_html("**Step 2 of 5** · rank 2 <b>")
    '<strong>Step 2 of 5</strong> · rank 2 &lt;b&gt;'
    """
    return re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", escape(text, quote=False))


def view_data(page: str, published: Mapping, reader: str, size: int, pace: Callable[[int], Pace] | None = None) -> dict:
    """The follower view of ``page`` as data (JSON-able), for a reader of language ``reader`` at text size ``size``,
    from the class's ``published`` state (``ui.classroom.live.published_state``: board, steps, choices), without a
    Streamlit session: what :func:`heading` and :func:`draw` show a follower whose session loaded that state, drawn
    once for every follower of one language and text size (ui.classroom.view_route). Keys: ``title``, ``note``,
    ``detach`` (the heading's words); ``link`` (the board's share text, which the tab's address keeps, as a run's
    ``ui.data.share.write_to_url`` would: None when the board is too large for a link); ``missing`` (the board lacks items: this message instead of the rest); ``ranking``
    (the ranking's title, text) and ``lanes`` (:func:`ui.ranking.lanes.lanes_data`); ``unavailable`` (the page has
    nothing to explain: this message instead of the numbers); ``headline`` ([label, value, tooltip] each), ``step``
    (the step line, HTML), ``caption``, ``formula`` (LaTeX lines), ``columns`` (formula lines side by side), ``table``
    (the step window, HTML), ``size`` and ``smallest`` (the smallest text size level). ``pace``: the step shown of
    a step table of that many rows (None: the published ``steps``'). ValueError for an unknown page, language or
    size; a published board this app cannot read: ValueError too."""
    if page not in VIEWS:
        raise ValueError(f"no follower view of page {page!r}")
    view = VIEWS[page]
    board = Board.from_dict(published["board"])
    choices = published.get("choices") if isinstance(published.get("choices"), Mapping) else {}
    with reading(reader), pacing.sized_as(size):
        data = {"page": page, "title": t(view.title), "note": t(FOLLOWING_NOTE), "detach": t("Try it myself"),
                "missing": None, "ranking": None, "lanes": None, "unavailable": None, "headline": [], "step": None,
                "caption": None, "formula": [], "columns": view.formula_columns, "table": None, "size": size,
                "smallest": min(pacing.TEXT_SIZES), "link": _link(board)}
        missing = lecture.missing(board, view.minimum) if view.minimum is not None else None
        if missing is not None:
            data["missing"] = missing
            return data
        key, settings = board_key(board), view.settings(choices)
        _, computed = explained(page, key, settings)
        explanation = computed.explanation
        total = len(explanation.table) if explanation is not None else 0
        pace = (None if explanation is None else pace(total) if pace is not None
                else published_step(page, published.get("steps") or {}, total))
        shown = pieces(page, key, settings, pace.step, pace.complete, reader, size) if pace else None
        data["ranking"] = shown_title(board.title, session=False) if board.title else t("your ranking")
        data["lanes"] = lanes_data(board.grades, board.ranking, board.pool,
                                   ideal=list(shown.ideal) if shown is not None and shown.ideal is not None else None,
                                   step=None if pace is None or pace.complete or not view.ranks else pace.step)
        if explanation is None:
            data["unavailable"] = computed.unavailable()
            return data
        data.update(headline=[list(metric) for metric in computed.headline(pace)], step=markdown_html(shown.step_line),
                    caption=computed.caption() if computed.caption is not None else None,
                    formula=list(shown.formula), table=shown.table)
    return data


def _link(board: Board) -> str | None:
    """The board's share text (``b=`` of the tab's address), or None when it cannot travel in a link."""
    try:
        return encode_board(board)
    except MetricsInputError:
        return None


def shows(page: str | None) -> bool:
    """Whether a follower on ``page`` sees this view (else the whole page)."""
    return page in VIEWS


def _lanes_key() -> str:
    return f"live_follow_lanes_{state.revision()}"  # a new board, new lanes: an old drop is never read again


def heading(page: str, detach: Callable[[], None]) -> None:
    """The view's title (the page's own), what following means and "Try it myself" (``detach``: the whole page
    comes back), drawn by the whole run: the poll redraws only :func:`draw`."""
    st.title(t(VIEWS[page].title))
    with st.container(horizontal=True, vertical_alignment="center", key="live_follow_bar"):
        st.caption(t(FOLLOWING_NOTE))
        st.button(t("Try it myself"), key="live__detach", on_click=detach)


def draw(page: str) -> bool:
    """Draw what changes in the view of ``page`` (the ranking and the numbers) for this session's board (the
    teacher's, as last loaded) at the session's step of that page. False when the student dragged in the view's
    lanes: that order is now this session's board (until the teacher's next change), for the caller to draw by a
    run of the whole app (which also writes it in the tab's URL)."""
    view = VIEWS[page]
    board = state.board()
    dropped = dropped_order(_lanes_key(), board.items)
    if dropped is not None and dropped[0] != board.ranking:
        state.set_board(board.with_ranking(dropped[0]), external=False)  # the same lanes, which show it already
        return False
    missing = lecture.missing(board, view.minimum) if view.minimum is not None else None
    if missing is not None:
        st.info(missing, icon=":material/info:")
        return True
    key, settings = board_key(board), view.settings(st.session_state)
    _, computed = explained(page, key, settings)
    explanation = computed.explanation
    pace = pacing.current(page, len(explanation.table)) if explanation is not None else None
    shown = pieces(page, key, settings, pace.step, pace.complete, language(), lecture.text_size()) if pace else None
    ranking, numbers = lecture.stage()
    with ranking:
        st.markdown(f":small[**{plain(shown_title(board.title) if board.title else t('your ranking'))}**]")
        lanes(board.grades, board.ranking, board.pool, key=_lanes_key(),
              ideal=list(shown.ideal) if shown is not None and shown.ideal is not None else None,
              step=None if pace is None or pace.complete or not view.ranks else pace.step)
    with numbers:
        if explanation is None:
            st.info(computed.unavailable(), icon=":material/info:")
            return True
        show_numbers(computed, shown, pace, view.formula_columns)
    return True


def show_numbers(computed: Explained, shown: Pieces, pace: Pace, columns: int = 1) -> None:
    """The headline at ``pace``, the step line, the worked formula (``columns`` lines side by side, as the page
    draws them) and the step window: what the view shows beside the ranking (a lesson's scene too)."""
    lecture.draw_metrics(computed.headline(pace))
    st.markdown(shown.step_line)
    if computed.caption is not None:
        st.caption(computed.caption())
    with lecture.sized():
        with st.container(key="lecture_formula"):
            for first in range(0, len(shown.formula), columns):
                row = shown.formula[first:first + columns]
                for place, line in zip(st.columns(columns) if columns > 1 else [st], row):
                    place.latex(line)
        with st.container(key="lecture_table"):
            st.html(shown.table)
