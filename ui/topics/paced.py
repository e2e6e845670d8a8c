"""What the paced pages nDCG (pages/ndcg.py), AP (pages/ap.py), RR (pages/rr.py), P/R/F1/Hit@K (pages/cutoff.py)
and ROC (pages/roc.py) compute from a board and show in their headline at a step: one function each that the page
and a live class's follower view (ui.classroom.follower) both call, so that the two never disagree. No spoilers: a
headline at step i shows the values after i rows ("so far"), the final ones only once every step is shown."""

from __future__ import annotations

from dataclasses import dataclass

from metrics import MetricsInputError
from metrics.explanation import Column, Explanation
from metrics.measures.roc import roc_auc_explanation
from ui.i18n import N_, nt, t
from ui.model import explain
from ui.model.board import Board
from ui.teaching import lecture
from ui.teaching.pacing import Pace
from ui.topics import scores

RR_CUT = "rr_cut"  #: the RR page's "Stop at rank K (RR@K)" toggle: a session's choice, not the board's
#: the AP headline's label of its denominator D, one whole label per choice (word order differs in Chinese)
AP_DENOMINATORS = {"relevant": N_("D = R, all relevant"), "found": N_("D = hits found"),
                   "min_k_relevant": N_("D = min(k, R)")}


def ndcg_depth(board: Board) -> int:
    """The deepest cut-off K of nDCG (its K slider's top): the longer of the ranking and the judged items, at
    least 1 (the ideal ordering may hold judged items the ranking lacks)."""
    return explain.depth(board, "nDCG")


def ndcg(board: Board, gain: str | None = None) -> tuple[Explanation, int]:
    """nDCG@K of ``board`` and its K (the board's, clipped to :func:`ndcg_depth`): DCG / IDCG with the board's gain
    (or ``gain``, for a comparison), its ideal ordering (judged items or the list's own; Järvelin & Kekäläinen,
    ACM TOIS 20(4), 2002)."""
    k = explain.board_k(board, "nDCG")
    return explain.explain(board, "nDCG", k, gain=gain), k


def ndcg_headline(explanation: Explanation, k: int) -> tuple[dict, dict]:
    """The nDCG headline's labels (for ``lecture.headline``): DCG@K, IDCG@K and nDCG@K, "so far" until the last
    step; no extra values."""
    return {"DCG": f"DCG@{k}", "IDCG": f"IDCG@{k}", "nDCG": explanation.measure}, {}


def ap_depth(board: Board) -> int:
    """The deepest cut-off K of AP (its K slider's top): the ranking's length, at least 1."""
    return explain.depth(board, "AP")


def ap(board: Board) -> tuple[Explanation, int]:
    """AP@K of ``board`` and its K (clipped to :func:`ap_depth`): AP = Σ P@i over the hits i ≤ K, divided by the
    board's denominator D (R as trec_eval's map, the hits found, or min(K, R)), hits at the board's threshold."""
    k = explain.board_k(board, "AP")
    return explain.explain(board, "AP", k), k


def ap_headline(board: Board, explanation: Explanation) -> tuple[dict, dict]:
    """The AP headline's labels and extra values (for ``lecture.headline``): AP ("so far" until the last step), the
    relevant items R and the denominator D, named by the board's choice, in the reader's language."""
    return {"AP": explanation.measure}, {t("Relevant items R"): board.n_relevant(board.threshold),
                                         t(AP_DENOMINATORS[board.ap_denominator]): explanation.details["D"]}


def rr(board: Board, cut: bool) -> tuple[Explanation, int | None]:
    """RR of ``board`` and its cut-off K: the board's K clipped to the ranking with RR@K (``cut``), else None
    (trec_eval's recip_rank, no cut-off)."""
    k = explain.board_k(board, "RR") if cut else None
    return explain.explain(board, "RR", k, cut=cut), k


def rr_headline(board: Board, explanation: Explanation, pace: Pace, k: int | None) -> tuple[dict, dict]:
    """The RR headline's labels and extra values at ``pace`` (for ``lecture.headline``): RR, and the rank of the
    first hit once its step is shown ("not in ranks 1–i yet" before; with RR@K, a first hit below K said so)."""
    rank = explanation.details["first_hit_rank"]
    anywhere = next((i for i, grade in enumerate(board.rels(), start=1) if grade >= board.threshold), None)
    if not pace.complete and (rank is None or rank > pace.step):
        where = t("not at rank 1") if pace.step == 1 else t("not in ranks 1–{i} yet").format(i=pace.step)
    elif rank is not None:
        where = rank
    elif anywhere is not None:  # RR@K: the first hit lies below the cut-off
        where = t("{rank}, beyond the cut-off K = {k}").format(rank=anywhere, k=k)
    else:
        where = t("none")
    return {"RR": explanation.measure}, {t("First relevant item at rank"): where}


RUNNING_NAMES = {"P": "P", "R": "R", "F1": "F1", "Hit": "Success"}  #: the measure at cut-off i, ir_measures' names


@dataclass(frozen=True)
class Cutoffs:
    """The cut-off page's measures of one board: K (clipped to the ranking), R (relevant items among all judged),
    P, R, F1 and Hit at K (in :data:`RUNNING_NAMES`' order; P's step table paces the page) and R-precision."""

    k: int
    relevant: int
    explanations: dict[str, Explanation]
    r_precision: Explanation


def cutoffs(board: Board) -> Cutoffs:
    """P@K, R@K, F1@K, Hit@K and R-precision of ``board`` at its K and threshold."""
    k = explain.board_k(board, "P")
    explanations = {quantity: explain.explain(board, quantity, k) for quantity in RUNNING_NAMES}
    return Cutoffs(k, board.n_relevant(board.threshold), explanations, explain.explain(board, "Rprec"))


def cutoff_metrics(measures: Cutoffs, pace: Pace) -> tuple[list, list[lecture.Metric]]:
    """What :func:`cutoff_headline` shows, without drawing it: (the values, None for a "?"; the metrics)."""
    step = None if pace.complete else pace.step
    shown, metrics = [], []
    for quantity, explanation in measures.explanations.items():
        value = lecture.running_value(explanation, step, quantity)
        label = explanation.measure if pace.complete else f"{RUNNING_NAMES[quantity]}@{pace.step}"
        metrics.append(lecture.Metric(label, lecture.value_text(value)))
        shown.append(value)
    r_precision = measures.r_precision
    metrics.append(lecture.Metric(r_precision.measure if pace.complete else t("R-precision"),
                                  lecture.value_text(r_precision.value) if pace.complete else "?",
                                  t("Precision at rank R; shown once every step is revealed.")))
    return [*shown, r_precision.value if pace.complete else None], metrics


def cutoff_headline(measures: Cutoffs, pace: Pace) -> list:
    """Draw the cut-off page's headline at ``pace``: P, R, F1 and Hit at cut-off i (their final names once every
    step is shown), then R-precision, "?" until then. Returns the values shown (None for a "?")."""
    shown, metrics = cutoff_metrics(measures, pace)
    lecture.draw_metrics(metrics)
    return shown


def cutoff_caption(board: Board, relevant: int) -> str:
    """The line under the cut-off page's step bar: R and the threshold."""
    return nt("R = {R} relevant item among all judged items (grade ≥ {threshold}).",
              "R = {R} relevant items among all judged items (grade ≥ {threshold}).", relevant).format(
        R=relevant, threshold=f"{board.threshold:g}")


def cutoff_worked(measures: Cutoffs, pace: Pace) -> list[str]:
    """The four worked formulas at ``pace`` (LaTeX, one line each, for two columns): P, R, F1 and Hit at cut-off i."""
    return [lecture.worked_line(explanation, None if pace.complete else pace.step)
            for explanation in measures.explanations.values()]


@dataclass(frozen=True)
class Roc:
    """The ROC page's inputs from one board (every item, its label and score: ui.topics.scores.board_scores) and its
    AUC explanation, or the reason there is none (one class only)."""

    items: list[str]
    labels: list[int]
    values: list[float]
    explanation: Explanation | None
    error: MetricsInputError | None = None


def roc_depth(board: Board) -> int:
    """The deepest K of ROC (its K slider's top): the ranking's length, at least 1."""
    return explain.depth(board, "P")


#: the step window's columns on the ROC page: the numbers of the worked trapezoid, width × mean height = area
ROC_WINDOW = [Column.STEP, Column.THRESHOLD, Column.WIDTH, Column.TPR_LEFT, Column.TPR_RIGHT, Column.AREA,
              Column.RUNNING_AREA]


def roc(board: Board) -> Roc:
    """ROC and AUC of ``board``: labels from its grades and threshold, its typed scores or the scores of its ranking's
    top K (ui.topics.scores.depth)."""
    items, labels, values = scores.board_scores(board)
    try:
        return Roc(items, labels, values, roc_auc_explanation(labels, values, items=items))
    except MetricsInputError as error:
        return Roc(items, labels, values, None, error)


def roc_unavailable(measures: Roc) -> str:
    """Why the ROC page has no curve (one class only), in the reader's language, with what to change."""
    return t("ROC needs at least one positive and one negative item. {error}. Change a grade in the "
             "ranking builder, or the threshold “Relevant when grade ≥”.").format(
        error=scores.one_class_reason(measures.labels, measures.error))


def roc_headline(explanation: Explanation) -> tuple[dict, dict]:
    """The ROC headline's labels and extra values (for ``lecture.headline``): AUC (a running area "so far" until the
    last trapezoid), the positives P and negatives N."""
    return {"AUC": "AUC"}, {t("Positives P"): explanation.details["P"], t("Negatives N"): explanation.details["N"]}



def roc_rank(board: Board, measures: Roc, pace: Pace) -> int | None:
    """The rank the lanes outline at ``pace``: the best-ranked item whose score is the threshold the step lowers to (the
    item the step counts: with scores from the ranking, rank i at step i ≤ K); None once every step is shown, or when
    no ranked item has that score (the step reaches the pool only)."""
    if measures.explanation is None or pace.complete:
        return None
    threshold = measures.explanation.table[Column.THRESHOLD].iloc[pace.step - 1]
    score = dict(zip(measures.items, measures.values))
    return next((rank for rank, item in enumerate(board.ranking, start=1) if score[item] == threshold), None)
