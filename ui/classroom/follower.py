"""A following student's view of the teacher's page: the ranking, the headline at the teacher's step, the step
reached, the worked formula and the step window, drawn by the student's poll fragment (``ui.classroom.live``), which reruns only
itself; the full interactive page comes back when the student stops following ("Try it myself"). A drag in the
view's lanes reorders the student's own board, as on the page, until the teacher's next change.

What a follower sees is a function of the published state (board, page, step) and the reader's language: the core's
explanation is computed once per published board for every follower of every class on this server process
(:func:`explained`), the formula lines and the step window once per (board, step, language, text size)
(:func:`pieces`), so that 40 followers of one drag cost one computation and 40 small redraws, not 40 page reruns.
No spoilers: as on the page, nothing after the teacher's step is shown (headline "so far", formula and table up to
that step, later ranks dimmed in the lanes)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import streamlit as st

from metrics import ap_steps, ndcg_steps
from metrics.explanation import Explanation
from ui.data.dataset import shown_title
from ui.i18n import N_, header, headers, language, t
from ui.model.board import Board
from ui.ranking.lanes import dropped_order, lanes
from ui.session import state
from ui.shell.safe import plain
from ui.teaching import lecture, pacing
from ui.teaching.explainer import number_formats, table_html, tex

FOLLOWING_NOTE = N_("You follow the teacher: the board and the step change with theirs.")
BOX = "live_follow"  #: the view's container (visible, unlike the poll's hidden one)
VIEWS_KEPT = 64  #: boards whose explanation is kept (a class's recent drags, several classes)
PIECES_KEPT = 512  #: formula and step window renderings kept (boards × steps × languages × text sizes)


@dataclass(frozen=True)
class View:
    """How one explainer page is shown to a follower: its title (the page's own), the core call the page makes
    (``explain(board)`` -> (explanation, headline labels, extra headline values keyed by an N_ label)), whether
    the lanes show the ideal ordering, the step table's hit column."""

    title: str
    explain: Callable[[Board], tuple[Explanation, dict[str, str], dict[str, object]]]
    ideal: bool = False
    hit_column: str | None = "relevant"


def _ndcg(board: Board):
    """As pages/ndcg.py: K clipped to the longer of the ranking and the judged items, the board's gain and ideal."""
    k = min(board.k, max(1, len(board.ranking), len(board.judged())))
    explanation = ndcg_steps(board.rels(), k=k, gain=board.gain, ideal=board.ideal_grades(), items=board.ranking,
                             ideal_items=board.ideal_items(), ideal_from=board.ideal)
    return explanation, {"DCG": f"DCG@{k}", "IDCG": f"IDCG@{k}", "nDCG": explanation.measure}, {}


#: the AP page's denominator labels (pages/ap.py), one whole label per choice
AP_DENOMINATORS = {"relevant": N_("D = R, all relevant"), "found": N_("D = hits found"),
                   "min_k_relevant": N_("D = min(k, R)")}


def _ap(board: Board):
    """As pages/ap.py: K clipped to the ranking, R and D beside AP."""
    k = min(board.k, max(1, len(board.ranking)))
    relevant = board.n_relevant(board.threshold)
    explanation = ap_steps(board.rels(), k=k, n_relevant=relevant, denominator=board.ap_denominator,
                           items=board.ranking, threshold=board.threshold)
    return explanation, {"AP": explanation.measure}, {
        N_("Relevant items R"): relevant, AP_DENOMINATORS[board.ap_denominator]: explanation.details["D"]}


#: the pages a follower sees as this view (page URL path -> view); on the others the whole page is drawn
VIEWS = {
    "ndcg": View(N_("nDCG — normalised discounted cumulative gain"), _ndcg, ideal=True, hit_column=None),
    "ap": View(N_("AP / MAP — average precision"), _ap),
}


def board_key(board: Board) -> str:
    """The board as the cache key of its view (its published JSON)."""
    return json.dumps(board.to_dict(), sort_keys=True, default=str)


@lru_cache(maxsize=VIEWS_KEPT)
def explained(page: str, key: str):
    """The core's explanation of the board ``key`` (:func:`board_key`) as ``page`` shows it: (board, explanation,
    labels, extra); computed once for all the followers of that board."""
    board = Board.from_dict(json.loads(key))
    return (board, *VIEWS[page].explain(board))


@dataclass(frozen=True)
class Pieces:
    """What the view shows at one step, in one language and text size: the step line, the worked formula's lines
    (LaTeX), the step window (HTML) and the ideal ordering beside the lanes."""

    step_line: str
    formula: tuple[str, ...]
    table: str
    ideal: tuple[tuple[str, float | None], ...] | None


@lru_cache(maxsize=PIECES_KEPT)
def pieces(page: str, key: str, step: int, complete: bool, reader: str, size: int) -> Pieces:
    """The view's text at ``step`` (``complete``: every step shown) for a reader of language ``reader`` at text
    size ``size``, which the caller's session has (they are part of the key: ``t`` and ``tex`` read the session's
    language, ``lecture.formula_width`` its text size)."""
    board, explanation, _, _ = explained(page, key)
    pace = pacing.Pace(step=step, total=len(explanation.table))
    shown = None if complete else step
    general = step <= 1 and not complete
    lines = ((explanation.formula,) if general else ()) + tuple(
        explanation.worked_lines(shown, fold=True, width=lecture.formula_width()))
    window = explanation.table.iloc[:step]
    first = max(0, len(window) - lecture.WINDOW)
    above = t(N_("⋯ ranks 1–{last} above (the whole table is below)")).format(last=first) if first else ""
    window = window.iloc[first:]
    column = VIEWS[page].hit_column
    hits = window[column].to_numpy(dtype=bool) if column and column in window else None
    checks = tuple(header(c) for c in window.columns if window[c].dtype.kind == "b")
    table = table_html(headers(window), hits, number_formats(window, lecture.DIGITS), checks, above)
    ideal = None
    if VIEWS[page].ideal:  # most relevant first, ties in order, as the builder's lanes show it
        ranked = sorted(zip(board.ideal_items(), board.ideal_grades()), key=lambda pair: -pair[1])
        ideal = tuple((item, board.grades[item]) for item, _ in ranked)
    step_line = t("**Step {n} of {total}** · {unit} {n}").format(n=pace.step, total=pace.total, unit=t("rank"))
    return Pieces(step_line, tuple(tex(line) for line in lines), table, ideal)


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
    board = state.board()
    dropped = dropped_order(_lanes_key(), board.items)
    if dropped is not None and dropped[0] != board.ranking:
        state.set_board(board.with_ranking(dropped[0]), external=False)  # the same lanes, which show it already
        return False
    missing = lecture.missing(board)
    if missing is not None:
        st.info(missing, icon=":material/info:")
        return True
    key = board_key(board)
    _, explanation, labels, extra = explained(page, key)
    pace = pacing.current(page, len(explanation.table))
    shown = pieces(page, key, pace.step, pace.complete, language(), lecture.text_size())
    ranking, numbers = lecture.stage()
    with ranking:
        st.markdown(f":small[**{plain(shown_title(board.title) if board.title else t('your ranking'))}**]")
        lanes(board.grades, board.ranking, board.pool, key=_lanes_key(),
              ideal=list(shown.ideal) if shown.ideal is not None else None,
              step=None if pace.complete else pace.step)
    with numbers:
        lecture.headline(explanation, pace, labels, {t(label): value for label, value in extra.items()})
        st.markdown(shown.step_line)
        with lecture.sized():
            with st.container(key="lecture_formula"):
                for line in shown.formula:
                    st.latex(line)
            with st.container(key="lecture_table"):
                st.html(shown.table)
    return True
