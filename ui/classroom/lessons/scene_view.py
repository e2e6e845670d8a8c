"""One scene of a lesson on screen: the ranking (or the queries) on the left; on the right the headline at the scene's
step, the worked formula so far and the step window, drawn exactly as the explainer page draws them (a single
ranking goes through the live class's follower view, ``ui.classroom.follower``, which calls what the page calls), or
from the core's MAP / MRR / paired step table. Before the question is answered nothing after the scene's step is
shown; after it, every step (or the step where the learner's mistake happens)."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from metrics.explanation import num
from metrics.teaching.lessons import Lesson, Scene, SceneBoard, explanation
from metrics.teaching.lessons.compute import board_of, queries_of
from ui.classroom import follower
from ui.i18n import N_, header, language, t
from ui.model.board import Board
from ui.ranking.lanes import dropped_order, lanes
from ui.session import state
from ui.teaching import lecture, pacing
from ui.teaching.explainer import table_html, tex
from ui.teaching.pacing import Pace

#: the page of each single-ranking view (the follower view of that page draws it)
PAGES = {"ndcg": "ndcg", "ap": "ap", "rr": "rr", "cutoff": "cutoff"}
FIXED = N_("This scene's ranking stays as the lesson gives it. To change it, open it on the page (below).")
#: the headline of the views over several queries: running quantity -> its label when complete
MANY_LABELS = {"map": {"MAP": "MAP"}, "mrr": {"MRR": "MRR"}, "paired": {"mean d": N_("mean d")}}
UNITS = {"map": N_("query"), "mrr": N_("query"), "paired": N_("query")}
NOT_IN_RUN = N_("not in the run")
SYSTEM = N_("grades, system {name}")  #: a paired scene's ranking column of system A or B
#: a paired scene's step-table columns, named by the scene's systems (first, second)
PAIRED_COLUMNS = {"AP_A": N_("AP of system {first}"), "AP_B": N_("AP of system {second}"),
                  "d": N_("d = AP({second}) − AP({first})")}


def ui_board(board: SceneBoard) -> Board:
    """The lesson's board as the app's board (the explainer pages and the share link read it)."""
    return Board(grades=dict(board.grades), ranking=tuple(board.ranking), k=board.k, scores=dict(board.scores),
                 gain=board.setting("gain"), ideal=board.setting("ideal"),
                 ap_denominator=board.setting("ap_denominator"), threshold=board.threshold)


def total_steps(lesson: Lesson, scene: Scene) -> int:
    return len(explanation(lesson, scene).table)


def _lanes_key(lesson: Lesson, scene: Scene) -> str:
    return f"lesson_lanes_{lesson.id}_{scene.id}_{st.session_state.get('lesson__lanes_redraw', 0)}"


def draw_ranking(lesson: Lesson, scene: Scene, pace: Pace) -> None:
    """The scene's ranking (the page's lanes, the current step outlined; a drop is undone, said in a toast), or its
    queries as a table."""
    if scene.board is not None:
        board = board_of(lesson, scene)
        key = _lanes_key(lesson, scene)
        if dropped_order(key, list(board.grades)) is not None:  # the lanes moved an item: draw them again as given
            st.session_state["lesson__lanes_redraw"] = st.session_state.get("lesson__lanes_redraw", 0) + 1
            st.toast(t(FIXED), icon=":material/lock:")
            key = _lanes_key(lesson, scene)
        ideal = None
        if scene.view == "ndcg":
            ranked = sorted(zip(board.ideal_items(), board.ideal_grades()), key=lambda pair: -pair[1])
            ideal = [(item, board.grades[item]) for item, _ in ranked]
        lanes(board.grades, board.ranking, [i for i in board.grades if i not in board.ranking], key=key, ideal=ideal,
              step=None if pace.complete else pace.step)
        return
    names = [scene.queries] if scene.queries else list(scene.systems)
    frames = [queries_of(lesson, name, scene) for name in names]
    columns = [t(SYSTEM).format(name=name) for name in names] if len(frames) == 2 else [header("query_grades")]
    rows = []
    for query in frames[0]:
        row = {header("query"): query}
        for column, boards in zip(columns, frames):
            board = boards[query]
            row[column] = " ".join(num(g) for g in board.rels()) if board.ranking else t(NOT_IN_RUN)
        row[header("num_rel")] = frames[0][query].n_relevant
        rows.append(row)
    st.table(pd.DataFrame(rows), hide_index=True, border="horizontal")  # static: readable on a projector


def draw_numbers(lesson: Lesson, scene: Scene, pace: Pace) -> None:
    """The headline at ``pace``, the step line, the worked formula so far and the step window."""
    if scene.view in PAGES:
        page = PAGES[scene.view]
        board = ui_board(board_of(lesson, scene))
        key = follower.board_key(board)
        settings = (bool(board_of(lesson, scene).setting("rr_cut")),) if page == "rr" else ()  # the board's or scene's
        _, computed = follower.explained(page, key, settings)
        shown = follower.pieces(page, key, settings, pace.step, pace.complete, language(), lecture.text_size())
        follower.show_numbers(computed, shown, pace, follower.VIEWS[page].formula_columns)
        return
    e = explanation(lesson, scene)
    labels = {quantity: t(label) for quantity, label in MANY_LABELS[scene.view].items()}
    lecture.headline(e, pace, labels, names=labels)
    st.markdown(pacing.step_text(pace, UNITS[scene.view]))
    general = pace.step <= 1 and not pace.complete
    lines = ([e.formula] if general else []) + e.worked_lines(None if pace.complete else pace.step, fold=True,
                                                             width=lecture.formula_width())
    with lecture.sized():
        with st.container(key="lecture_formula"):
            for line in lines:  # a little room at the end: a sum's limits overhang KaTeX's box by a pixel or two
                st.latex(tex(line) + r"\hspace{0.2em}")
        with st.container(key="lecture_table"):
            st.html(table_html(*lecture.window(named_systems(e.table, scene), pace.step, None, unit="query",
                                               whole_below=False)))


def named_systems(table: pd.DataFrame, scene: Scene) -> pd.DataFrame:
    """A paired scene's step table with its systems' columns named by the scene's systems ("AP of system c")."""
    if scene.view != "paired":
        return table
    first, second = scene.systems
    return table.rename(columns={column: t(label).format(first=first, second=second)
                                 for column, label in PAIRED_COLUMNS.items()})


def put_on_board(lesson: Lesson, scene: Scene) -> None:
    """The scene's board becomes the session's board (the explainer pages and the link show it)."""
    if scene.board is not None:
        board = ui_board(board_of(lesson, scene))
        if state.board() != board:
            state.set_board(board, origin=True)
        if scene.view == "rr":
            from ui.topics import paced

            st.session_state[paced.RR_CUT] = bool(board_of(lesson, scene).setting("rr_cut"))
