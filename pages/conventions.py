"""Why does my library give another number? The board's ranking scored under each library's conventions."""

import zlib

import pandas as pd
import streamlit as st

from metrics import MetricsInputError
from metrics.conventions import (
    CHOICE_LABELS,
    CHOICES,
    PRESETS,
    TIES,
    compared_scores,
    group_name,
    group_presets,
    reading_order,
)
from metrics.explanation import num
from ui import explainer, lecture, scores, state
from ui.builder import ranking_builder
from ui.cached import score_under
from ui.choices import choice_label, choice_text, options_text
from ui.i18n import headers, language, t
from ui.page import end_page
from ui.safe import plain

PAGE = "conventions"
REFERENCE = "trec_eval"
MEASURES = ("nDCG", "AP", "RR", "P", "R")  #: the rows, as score_under names them before the "@"
DIFFERS = "background-color: #FFE8A3; font-weight: 700"
MISSING = "color: #8A8F98"
TOLERANCE = 1e-9
#: libraries that report the same numbers share a column and a card, keyed by the first
GROUPS = {group[0]: group for group in group_presets()}

#: short cell values for the table of choices
SETTING_SHORT = {
    "threshold": num, "decimals": lambda v: "—" if v is None else str(v),
    "nan_when_no_relevant": lambda v: ", ".join(v) or "—",
}


def short(setting: str, value) -> str:
    if setting in SETTING_SHORT:
        return SETTING_SHORT[setting](value)
    if isinstance(value, bool):
        return t("yes") if value else t("no")
    return str(value)


def reference_text(setting: str) -> str:
    """trec_eval's choice, briefly (in Chinese always in words: the short form is an English code or a
    bare 是/否 there)."""
    value = getattr(PRESETS[REFERENCE], setting)
    if short(setting, value) == "—" or language() != "en":
        return choice_text(setting, value)
    return short(setting, value)


def value_text(value) -> str:
    if value is None:
        return "—"
    if value != value:
        return "NaN"
    return f"{value:.4f}"


def differs(value, reference) -> bool:
    """Whether a library's cell shows another number than trec_eval's ("—": it lacks the measure)."""
    if value is None or reference is None:
        return False
    if (value != value) or (reference != reference):
        return (value != value) != (reference != reference)
    return abs(value - reference) > TOLERANCE


def ranked_scores(board) -> list[float]:
    """The system scores of the ranked items: typed ones (shared with the ROC page), else n, n−1, ..., 1."""
    source = board.scores if scores.typed(board) else scores.default_scores(board)
    return [float(source.get(item, 0.0)) for item in board.ranking]


def library_input(board) -> tuple[list[str], list[float]]:
    """What the libraries read: a run's query as the file lists it, with its scores (libraries that keep
    the input order see the file's order); otherwise the board's ranking with :func:`ranked_scores`."""
    return board.read_input() or (list(board.ranking), ranked_scores(board))


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


def results_table(board, k: int, values: dict) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Rows: measures (labelled as the libraries name them); columns: libraries, one per group of
    :data:`GROUPS` (``values`` is keyed by its first library). Text and a 'differs' mask."""
    labels, cells, mask = {}, {}, {}
    reference = {label.split("@")[0]: value for label, value in values[REFERENCE].items()}
    for key, result in values.items():
        by_measure = {label.split("@")[0]: (label, value) for label, value in result.items()}
        for measure in MEASURES:
            label = by_measure[measure][0]
            labels.setdefault(measure, [])
            if label not in labels[measure]:
                labels[measure].append(label)
        name = group_name(GROUPS[key])
        cells[name] = [value_text(by_measure[m][1]) for m in MEASURES]
        mask[name] = [differs(by_measure[m][1], reference[m]) for m in MEASURES]
    index = pd.Index([" · ".join(labels[m]) for m in MEASURES], name="measure")
    return pd.DataFrame(cells, index=index), pd.DataFrame(mask, index=index)


def styled(text: pd.DataFrame, mask: pd.DataFrame):
    def style(frame):
        return pd.DataFrame([[DIFFERS if mask.iat[r, c] else (MISSING if frame.iat[r, c] == "—" else "")
                              for c in range(frame.shape[1])] for r in range(frame.shape[0])],
                            index=frame.index, columns=frame.columns)

    return text.style.apply(style, axis=None)


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


def choices_table() -> tuple[pd.DataFrame, pd.DataFrame]:
    """Every choice of every group of presets, and where it differs from trec_eval's."""
    settings = [s for s in CHOICE_LABELS]
    reference = PRESETS[REFERENCE]
    columns = {group_name(group): PRESETS[key] for key, group in GROUPS.items()}
    text = pd.DataFrame({name: [short(s, getattr(c, s)) for s in settings] for name, c in columns.items()},
                        index=pd.Index([choice_label(s) for s in settings], name=t("choice")))
    mask = pd.DataFrame({name: [getattr(c, s) != getattr(reference, s) for s in settings]
                         for name, c in columns.items()}, index=text.index)
    return text, mask


st.title(t("Why does my library give another number?"))
st.caption(t("One ranking, scored the way each library scores it with its default settings."))
board = ranking_builder(expanded=False)

slider, legend = st.columns([1, 2], gap="large")
with slider:
    k = explainer.k_slider(PAGE, max(len(board.ranking), len(board.judged())))
legend.markdown(t("**Highlighted:** a number that differs from trec_eval's. **—** : the library has no such "
                  "measure. Rows name each measure as the libraries do (RR has no cut-off in trec_eval)."))
table_area = st.container()
editor, ordering = st.columns([1, 2], gap="large")
with editor:
    st.markdown(t("**Scores** — give two items the same score to create a tie"))
    score_editor(board)
board = state.board()

if not board.ranking:
    table_area.info(lecture.missing(board) if not board.grades
                    else t("Rank at least one item (in the builder above) to compare the libraries."))
    end_page()

items, ranked = library_input(board)
judgments = {item: grade for item, grade in board.grades.items() if grade is not None}
try:
    values = {key: score_under(PRESETS[key], items, judgments, k, ranked) for key in GROUPS}
except MetricsInputError as error:
    table_area.error(t("Cannot score this board: {error}").format(error=error))
    end_page()

text, mask = results_table(board, k, values)
text.index.name = mask.index.name = t(text.index.name)
table_area.dataframe(styled(text, mask), width="stretch")
with ordering:
    st.markdown(t("**The order each library reads** — by score, highest first; {…}: a tie group whose gain "
                  "is averaged"))
    # a static table: its cells wrap, so a long order is never cut
    if board.run_order:
        st.caption(t("A query of a run: every library reads the run file's list, so those that keep the input "
                     "order break ties as the file lists them."))
    st.table(headers(orders(items, ranked)).style.hide(axis="index"))

st.subheader(t("Why they differ"))
reference = PRESETS[REFERENCE]
different = [key for key in GROUPS if REFERENCE not in GROUPS[key] and mask[group_name(GROUPS[key])].any()]
if not different:
    st.success(t("On this ranking every library agrees with trec_eval. Try real grades, ties in the scores, "
                 "a relevant item left in the pool, or K smaller than the list."))
for column, key in zip(st.columns(2, gap="large") * len(different), different):
    convention = PRESETS[key]
    with column.container(border=True):
        rows = [label for label, flag in mask[group_name(GROUPS[key])].items() if flag]
        st.markdown(t("**{library}** — differs on: {measures}").format(library=group_name(GROUPS[key]),
                                                                         measures=", ".join(rows)))
        st.markdown("\n".join(
            t("- **{choice}:** {value} (trec_eval: {reference})").format(
                choice=choice_label(s), value=choice_text(s, getattr(convention, s)), reference=reference_text(s))
            for s in convention.differences(reference)))
        st.caption(" ".join(t(PRESETS[member].notes) for member in GROUPS[key]))

st.subheader(t("The choices, library by library"))
choice_text, choice_mask = choices_table()
st.dataframe(styled(choice_text, choice_mask), width="stretch", height=explainer.table_height(len(choice_text)))
with st.expander(t("What the options mean")):
    st.markdown("\n".join(f"- **{choice_label(setting)}** — " + options_text(setting) for setting in CHOICES))

explainer.about(
    rewards=t("Knowing which convention produced a number: the same ranking gives different nDCG, AP or RR "
              "depending on the gain, the ideal ordering, the AP denominator, cut-offs and how ties are broken."),
    use=t("Before comparing your number with a paper's or another library's: name the library and its "
          "settings, or compute both ways."),
    pitfalls=t("Ties in the scores are broken differently (item id, input order, or averaged), so a model "
               "that outputs many equal scores gets different numbers in different libraries. Real-valued grades "
               "are truncated by some libraries, and binary libraries ignore the grade levels altogether."))
