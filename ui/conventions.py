"""The Library conventions page's parts: the board scored under each library's preset, the cause of each
difference step by step, the number a reader pasted, and a whole uploaded run under every preset.

The numbers come from ``metrics.conventions``; here they are laid out in the reader's language.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

import pandas as pd
import streamlit as st

from metrics import MetricsInputError
from metrics.conventions import CHOICE_LABELS, PRESETS, TIES, compared_scores, group_name, group_presets, reading_order
from metrics.explanation import num

from . import charts, scores, state
from .cached import score_under
from .choices import choice_label, choice_text
from .i18n import N_, headers, t
from .safe import plain

PAGE = "conventions"
REFERENCE = "trec_eval"
MEASURES = ("nDCG", "AP", "RR", "P", "R")  #: the rows, as score_under names them before the "@"
DIFFERS = "background-color: #FFE8A3; font-weight: 700"
ROUNDED = "background-color: #F1F3F5; color: #5F6B7A"  #: differs from trec_eval's by rounding only
MISSING = "color: #8A8F98"
TOLERANCE = 1e-9
#: libraries that report the same numbers share a column and a card, keyed by the first
GROUPS = {group[0]: group for group in group_presets()}
#: why a library's order among tied items is not defined, by preset key (the core's words when it has them)
UNDEFINED_ORDER = {"torchmetrics": "torch.topk", "recbole": "torch.topk", "ranx": "numba's quicksort"}
RANGE = N_("{low} to {high}")
RANGE_REASON = N_("{library}: the order of tied items is not defined ({how}): {low} to {high}")
ROUNDING = N_("rounding to {decimals} decimals")
STEP = N_("{step}: {before} → {after}")

#: short cell values for the table of choices
SETTING_SHORT = {
    "threshold": num, "decimals": lambda v: "—" if v is None else str(v),
    "nan_when_no_relevant": lambda v: ", ".join(v) or "—",
}


# --------------------------------------------------------------------------------------------
# what the libraries read, and what they report


def ranked_scores(board) -> list[float]:
    """The system scores of the ranked items: typed ones (shared with the ROC page), else n, n−1, ..., 1."""
    source = board.scores if scores.typed(board) else scores.default_scores(board)
    return [float(source.get(item, 0.0)) for item in board.ranking]


def library_input(board) -> tuple[list[str], list[float]]:
    """What the libraries read: a run's query as the file lists it, with its scores (libraries that keep
    the input order see the file's order); otherwise the board's ranking with :func:`ranked_scores`."""
    return board.read_input() or (list(board.ranking), ranked_scores(board))


def judgments(board) -> dict:
    return {item: grade for item, grade in board.grades.items() if grade is not None}


def by_measure(result: dict) -> dict:
    """``{"nDCG": value, ...}`` from score_under's ``{"nDCG@5": value, ...}``."""
    return {label.split("@")[0]: value for label, value in result.items()}


def is_range(value) -> bool:
    return isinstance(value, tuple)


def value_text(value) -> str:
    if value is None:
        return "—"
    if is_range(value):
        low, high = value
        return t(RANGE).format(low=f"{low:.4f}", high=f"{high:.4f}")
    if value != value:
        return "NaN"
    return f"{value:.4f}"


def differs(value, reference) -> bool:
    """Whether a library's cell shows another number than trec_eval's ("—": it lacks the measure)."""
    if value is None or reference is None:
        return False
    if is_range(value) or is_range(reference):
        low, high = value if is_range(value) else (value, value)
        ref_low, ref_high = reference if is_range(reference) else (reference, reference)
        return abs(low - ref_low) > TOLERANCE or abs(high - ref_high) > TOLERANCE
    if (value != value) or (reference != reference):
        return (value != value) != (reference != reference)
    return abs(value - reference) > TOLERANCE


def unrounded(key: str):
    """The library's preset without its reported rounding (None: it does not round)."""
    convention = PRESETS[key]
    if convention.decimals is None:
        return None
    from dataclasses import replace

    return replace(convention, decimals=None)


def rounding_only(key: str, measure: str, items, judged, k, ranked, reference) -> bool:
    """Whether the library's number differs from trec_eval's by its reported rounding alone."""
    exact = unrounded(key)
    if exact is None:
        return False
    return not differs(by_measure(score_under(exact, items, judged, k, ranked))[measure], reference)


def scored(board, k: int) -> dict:
    """``{first key of a group: score_under's result}`` for the board."""
    items, ranked = library_input(board)
    return {key: score_under(PRESETS[key], items, judgments(board), k, ranked) for key in GROUPS}


def results_table(board, k: int, values: dict) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Rows: measures (labelled as the libraries name them); columns: libraries, one per group of
    :data:`GROUPS` (``values`` is keyed by its first library). Text and a style mask: "differs", "rounding"
    (differs by the reported rounding only) or ""."""
    items, ranked = library_input(board)
    labels, cells, mask = {}, {}, {}
    reference = by_measure(values[REFERENCE])
    for key, result in values.items():
        named = {label.split("@")[0]: (label, value) for label, value in result.items()}
        for measure in MEASURES:
            labels.setdefault(measure, [])
            if named[measure][0] not in labels[measure]:
                labels[measure].append(named[measure][0])
        name = group_name(GROUPS[key])
        cells[name] = [value_text(named[m][1]) for m in MEASURES]
        mask[name] = ["" if not differs(named[m][1], reference[m]) else
                      "rounding" if rounding_only(key, m, items, judgments(board), k, ranked, reference[m])
                      else "differs" for m in MEASURES]
    index = pd.Index([" · ".join(labels[m]) for m in MEASURES], name="measure")
    return pd.DataFrame(cells, index=index), pd.DataFrame(mask, index=index)


def styled(text: pd.DataFrame, mask: pd.DataFrame):
    styles = {"differs": DIFFERS, "rounding": ROUNDED, True: DIFFERS}

    def style(frame):
        return pd.DataFrame([[styles.get(mask.iat[r, c]) or (MISSING if frame.iat[r, c] == "—" else "")
                              for c in range(frame.shape[1])] for r in range(frame.shape[0])],
                            index=frame.index, columns=frame.columns)

    return text.style.apply(style, axis=None)


def ranges(values: dict) -> list[str]:
    """One line per library and measure whose number depends on an undefined order of tied items."""
    lines = []
    for key, result in values.items():
        for label, value in result.items():
            if is_range(value):
                lines.append(t(RANGE_REASON).format(
                    library=group_name(GROUPS[key]), how=t(UNDEFINED_ORDER.get(key, "tie order")),
                    low=f"{value[0]:.4f}", high=f"{value[1]:.4f}") + f" ({label})")
    return lines


# --------------------------------------------------------------------------------------------
# the scores and the order each library reads


def score_editor(board) -> None:
    """Edit the scores; equal scores make ties that libraries break differently."""
    if st.button(t("One big tie (all scores 1)"), key=f"{PAGE}_tie", width="stretch"):
        state.set_board(board.with_scores({**board.scores, **{item: 1.0 for item in board.ranking}}))
    if st.button(t("Scores from the ranking"), key=f"{PAGE}_clear", width="stretch",
                 help=t("Forget typed scores: rank 1 of n gets n, rank 2 gets n − 1, ...")):
        state.set_board(board.with_scores({}))
    board = state.board()
    frame = pd.DataFrame({"rank": range(1, len(board.ranking) + 1), "item": list(board.ranking),
                          "score": ranked_scores(board)})
    shape = zlib.crc32("\x1f".join(board.ranking).encode())
    # translated column names (switching the language starts a fresh editor), read back in English
    scores.refused(f"{PAGE}_scores_{state.revision()}_{shape}", t("score"), list(frame["item"]))
    edited = st.data_editor(headers(frame), key=f"{PAGE}_scores_{state.revision()}_{shape}", num_rows="fixed",
                            hide_index=True, width="stretch", disabled=[t("rank"), t("item")],
                            column_config={t("score"): st.column_config.NumberColumn(
                                t("Score"), help=t("The system's score; the list is ordered by score"), format="%g")})
    edited.columns = frame.columns
    if edited["score"].equals(frame["score"]):
        return
    try:
        typed = scores.scores_from_frame(edited)
    except MetricsInputError as error:
        st.error(t("Not applied: {error}.").format(error=plain(state.message(error))))
        return
    state.set_board(board.with_scores({**board.scores, **typed}), external=False)


def orders(items: list[str], ranked: list[float]) -> pd.DataFrame:
    """The order each tie rule reads the list in; tied items whose gain is averaged are bracketed."""
    rows = []
    for ties in TIES:
        for score_type in dict.fromkeys(c.score_type for c in PRESETS.values()):
            users = ", ".join(c.name.removeprefix("Microsoft ") for c in PRESETS.values()
                              if c.ties == ties and c.score_type == score_type)
            if users:
                groups = reading_order(items, compared_scores(ranked, score_type), ties)
                text = " → ".join(g[0] if len(g) == 1 else "{" + ", ".join(g) + "}" for g in groups)
                rows.append({"equal scores": choice_text("ties", ties), "libraries": users, "order read": text})
    return pd.DataFrame(rows, columns=["equal scores", "libraries", "order read"])


# --------------------------------------------------------------------------------------------
# the cause, step by step


@dataclass(frozen=True)
class Step:
    """One choice changed on the way from trec_eval's number to a library's."""

    label: str  #: the choice as the reader reads it ("nDCG ideal from: ideal ordering from the ranked list only")
    before: float
    after: float
    rounding: bool = False


def cause_steps(key: str, measure: str, items, judged, k: int, ranked) -> list[Step]:
    """trec_eval's number → the library's, changing one of the library's choices at a time (its reported
    rounding last); a choice that changes nothing is left out."""
    from dataclasses import replace

    library, current = PRESETS[key], PRESETS[REFERENCE]
    settings = [s for s in library.differences(current) if s != "decimals"]
    if library.decimals != current.decimals:
        settings.append("decimals")
    steps = []
    before = by_measure(score_under(current, items, judged, k, ranked))[measure]
    for setting in settings:
        current = replace(current, **{setting: getattr(library, setting)})
        after = by_measure(score_under(current, items, judged, k, ranked))[measure]
        if after is None or before is None or not differs(after, before):
            before = after if after is not None else before
            continue
        label = (t(ROUNDING).format(decimals=library.decimals) if setting == "decimals"
                 else choice_text(setting, getattr(library, setting)))
        steps.append(Step(label, before, after, rounding=setting == "decimals"))
        before = after
    return steps


def steps_table(steps: list[Step]) -> pd.DataFrame:
    return pd.DataFrame({"step": [s.label for s in steps],
                         "change": [t(STEP).format(step=choice_short(s), before=f"{s.before:.4f}",
                                                   after=f"{s.after:.4f}") for s in steps]})


def choice_short(step: Step) -> str:
    return t("rounding") if step.rounding else step.label


def cause_card(key: str, label: str, steps: list[Step], chart_key: str) -> None:
    """A waterfall from trec_eval's number to the library's (``label``: the measure), and the table of its steps."""
    values = [steps[0].before] + [s.after for s in steps] + [steps[-1].after]
    labels = ["trec_eval"] + [choice_short(s) for s in steps] + [group_name(GROUPS[key])]
    st.plotly_chart(charts.cause_waterfall(labels, values, label, [False] + [s.rounding for s in steps] + [False]),
                    width="stretch", key=chart_key)
    st.dataframe(headers(steps_table(steps)), hide_index=True, width="stretch")


# --------------------------------------------------------------------------------------------
# the choices table


def short(setting: str, value) -> str:
    if setting in SETTING_SHORT:
        return SETTING_SHORT[setting](value)
    if isinstance(value, bool):
        return t("yes") if value else t("no")
    return str(value)


def choices_table() -> tuple[pd.DataFrame, pd.DataFrame]:
    """Every choice of every group of presets, and where it differs from trec_eval's."""
    settings = list(CHOICE_LABELS)
    reference = PRESETS[REFERENCE]
    columns = {group_name(group): PRESETS[key] for key, group in GROUPS.items()}
    text = pd.DataFrame({name: [short(s, getattr(c, s)) for s in settings] for name, c in columns.items()},
                        index=pd.Index([choice_label(s) for s in settings], name=t("choice")))
    mask = pd.DataFrame({name: [getattr(c, s) != getattr(reference, s) for s in settings]
                         for name, c in columns.items()}, index=text.index)
    return text, mask



def library_card(board, k: int, key: str, marks: pd.Series) -> None:
    """One library's card: the measures it differs on, each with its cause step by step (a tab each); a difference
    due to rounding only is said to be rounding."""
    name = group_name(GROUPS[key])
    items, ranked = library_input(board)
    judged = judgments(board)
    rows = [(label, mark) for label, mark in marks.items() if mark]
    real = [label for label, mark in rows if mark == "differs"]
    rounded = [label for label, mark in rows if mark == "rounding"]
    text = t("**{library}** — differs on: {measures}").format(library=name, measures=", ".join(real) or "—")
    if rounded:
        text += "  \n" + t("Rounding only: {measures}").format(measures=", ".join(rounded))
    st.markdown(text)
    for tab, (label, _) in zip(st.tabs([label for label, _ in rows]), rows):
        measure = label.split("@")[0].split(" ")[0]
        with tab:
            steps = cause_steps(key, measure, items, judged, k, ranked)
            if steps:
                cause_card(key, label, steps, chart_key=f"{PAGE}_cause_{key}_{measure}")
    st.caption(" ".join(t(PRESETS[member].notes) for member in GROUPS[key]))
