"""The Library conventions page's parts: the board scored under each library's preset, the cause of each
difference step by step, the number a reader pasted, and a whole uploaded run under every preset.

The numbers come from ``metrics.conventions``; here they are laid out in the reader's language.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, replace

import pandas as pd
import streamlit as st

from metrics import MetricsInputError
from metrics import conventions as core
from metrics.conventions import (
    CHOICE_LABELS,
    PRESETS,
    TIES,
    compared_scores,
    group_name,
    group_presets,
    reading_order,
    score_under,
)
from metrics.conventions.search import TEMPLATES as VALUE_SENTENCES  # translated by the catalogue (a test checks)
from metrics.explanation import num
from ui import charts
from ui.data import dataset
from ui.i18n import N_, headers, t
from ui.session import state
from ui.shell.safe import plain
from ui.topics import scores
from ui.topics.choices import choice_label, choice_text

PAGE = "conventions"
REFERENCE = "trec_eval"
MEASURES = ("nDCG", "AP", "RR", "P", "R")  #: the rows, as score_under names them before the "@"
DIFFERS = "background-color: #FFE8A3; font-weight: 700"
ROUNDED = "background-color: #F1F3F5; color: #5F6B7A"  #: differs from trec_eval's by rounding only
MISSING = "color: #8A8F98"
TOLERANCE = 1e-9
#: libraries that report the same numbers share a column and a card, keyed by the first
GROUPS = {group[0]: group for group in group_presets()}
RANGE = N_("{low} to {high}")
RANGE_REASON = N_("{library}: {reason}: {range}")
STEP = N_("{step}: {before} → {after}")

#: short cell values for the table of choices
SETTING_SHORT = {
    "threshold": num, "decimals": lambda v: "—" if v is None else str(v),
    "nan_when_no_relevant": lambda v: ", ".join(v) or "—",
}


# --------------------------------------------------------------------------------------------
# what the libraries read, and what they report


def ranked_scores(board) -> list[float]:
    """The system scores of the ranked items: typed ones (shared with the ROC page), else n, n−1, ..., 1 down the
    whole ranking (:func:`ui.topics.scores.ranking_scores`; not the ROC page's top-K scores, whose tie below K a
    library would break its own way)."""
    source = board.scores if scores.typed(board) else scores.ranking_scores(board)
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
    index = pd.Index([" · ".join(labels[m]) for m in MEASURES], name=N_("measure"))
    return pd.DataFrame(cells, index=index), pd.DataFrame(mask, index=index)


def styled(text: pd.DataFrame, mask: pd.DataFrame):
    styles = {"differs": DIFFERS, "rounding": ROUNDED, True: DIFFERS}

    def style(frame):
        return pd.DataFrame([[styles.get(mask.iat[r, c]) or (MISSING if frame.iat[r, c] == "—" else "")
                              for c in range(frame.shape[1])] for r in range(frame.shape[0])],
                            index=frame.index, columns=frame.columns)

    return text.style.apply(style, axis=None)


#: why a library's number is a range when the core names no cause for it
UNDEFINED_ORDER = N_("the order of tied items is not defined")


def undefined_reason(key: str) -> str:
    """Why a library's number is a range, briefly and in the reader's language: the core's cause
    (:data:`metrics.conventions.TIE_ORDER_CAUSE`, "the order of tied items is not defined (torch.topk)")."""
    return t(core.TIE_ORDER_CAUSE.get(key, UNDEFINED_ORDER))


def range_text(key: str, value, label: str = "") -> str:
    """"torchmetrics: the order of tied items is not defined (torch.topk): 0.5000 to 1.0000" (``label``, if
    given, names the measure before the range)."""
    span = (f"{label} " if label else "") + value_text(value)
    return t(RANGE_REASON).format(library=group_name(GROUPS[key]), reason=undefined_reason(key), range=span)


def ranges(values: dict) -> list[str]:
    """One line per library whose numbers depend on an order of tied items it leaves undefined: the reason, and
    each such measure's range."""
    lines = []
    for key, result in values.items():
        spans = [(label, value) for label, value in result.items() if is_range(value)]
        if spans:
            lines.append(range_text(key, spans[0][1], spans[0][0]) + "".join(
                t("; ") + f"{label} " + value_text(value) for label, value in spans[1:]))
    return lines


# --------------------------------------------------------------------------------------------
# the scores and the order each library reads

#: the columns of the order each library reads (the page translates them)
EQUAL_SCORES, LIBRARIES, ORDER_READ = N_("equal scores"), N_("libraries"), N_("order read")

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


def rules(convention, n_items: int) -> dict[str, list[str]]:
    """How a library reads equal scores on a list of ``n_items``: ``{rule: measures}`` (torchmetrics averages a
    tie group in nDCG and leaves its order undefined elsewhere)."""
    found: dict[str, list[str]] = {}
    for measure in convention.offers:
        found.setdefault(core.tie_rule(convention, n_items, measure), []).append(measure)
    return found


def orders(items: list[str], ranked: list[float]) -> pd.DataFrame:
    """The order each tie rule reads the list in; a tie group whose gain is averaged, or whose order the library
    leaves undefined, is bracketed."""
    users: dict[tuple[str, str], list[str]] = {}
    for convention in PRESETS.values():
        found = rules(convention, len(items))
        for rule, measures in found.items():
            name = convention.name.removeprefix("Microsoft ")
            shown = name if len(found) == 1 else f"{name} ({', '.join(measures)})"
            score_type = core.compared_as(convention, len(items), measures[0])  # msmarco, cwl_eval: Python floats
            users.setdefault((rule, score_type), []).append(shown)
    rows = []
    for (rule, score_type), names in sorted(users.items(), key=lambda row: TIES.index(row[0][0])):
        groups = reading_order(items, compared_scores(ranked, score_type), "average" if rule == "undefined" else rule)
        text = " → ".join(g[0] if len(g) == 1 else "{" + ", ".join(g) + "}" for g in groups)
        rows.append({EQUAL_SCORES: choice_text("ties", rule), LIBRARIES: ", ".join(names), ORDER_READ: text})
    return pd.DataFrame(rows, columns=[EQUAL_SCORES, LIBRARIES, ORDER_READ])


# --------------------------------------------------------------------------------------------
# the cause, step by step


@dataclass(frozen=True)
class Step:
    """One step on the way from trec_eval's number to a library's: ``kind`` is "start", "choice", "undefined
    order", "nan" or "rounding" (as ``metrics.conventions.cause_path`` names them)."""

    label: str  #: the choice as the reader reads it ("ideal ordering from the ranked list only")
    before: object
    after: object  #: a float, NaN, or a (low, high) range
    kind: str = "choice"


def cause_steps(key: str, measure: str, items, judged, k: int, ranked) -> list[Step]:
    """trec_eval's number → the library's, one choice at a time, leaving out the choices that change nothing
    (``metrics.conventions.cause_path``). Empty when the library has no such measure or gives trec_eval's
    number."""
    library = PRESETS[key]
    if measure not in library.offers:
        return []
    path = cached_cause_path(library, tuple(items), judged, k, tuple(ranked))[measure]
    return [Step(choice_text(s.choice, s.after) if s.choice else "", s.value_before, s.value_after, s.kind)
            for s in path if s.kind in ("choice", "undefined order", "nan", "rounding")]


@st.cache_data(max_entries=64, show_spinner=False)
def cached_cause_path(library, items: tuple, judged: dict, k: int, ranked: tuple):
    return core.cause_path(library, list(items), judged, k, list(ranked))


def step_name(step: Step) -> str:
    """A step as the chart and the table name it: rounding as rounding, a range as the undefined tie order."""
    if step.kind == "rounding":
        return t("rounding")
    if step.kind == "undefined order":
        return t("tie order not defined")
    return step.label


def steps_table(steps: list[Step]) -> pd.DataFrame:
    """One row per step: "ideal ordering from the ranked list only: 0.9233 → 0.9262" (before a rounding step,
    the unrounded number)."""
    def before(step: Step) -> str:
        if step.kind != "rounding" or step.before is None:
            return value_text(step.before)
        if is_range(step.before):
            return t(RANGE).format(low=f"{step.before[0]:.6f}", high=f"{step.before[1]:.6f}")
        return f"{step.before:.6f}" if step.before == step.before else value_text(step.before)

    return pd.DataFrame({N_("cause"): [t(STEP).format(step=step_name(s), before=before(s), after=value_text(s.after))
                                  for s in steps]})


def cause_card(key: str, label: str, steps: list[Step], chart_key: str) -> None:
    """A waterfall from trec_eval's number to the library's (``label``: the measure), and the table of its steps."""
    values = [steps[0].before] + [s.after for s in steps] + [steps[-1].after]
    labels = ["trec_eval"] + [step_name(s) for s in steps] + [group_name(GROUPS[key])]
    title = t("{measure}: trec_eval → {library}").format(measure=label, library=group_name(GROUPS[key]))
    st.plotly_chart(charts.cause_waterfall(labels, values, title,
                                           [False] + [s.kind == "rounding" for s in steps] + [False], height=340),
                    width="stretch", key=chart_key)
    st.table(headers(steps_table(steps)).style.hide(axis="index"))  # static: a long step wraps, never cut


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



def library_card(board, k: int, key: str, marks: pd.Series, result: dict) -> None:
    """One library's card (``result``: its score_under values): the measures it differs on, each with its cause
    step by step (a tab each); a range is given with its reason; a difference due to rounding only is said to be
    rounding."""
    name = group_name(GROUPS[key])
    items, ranked = library_input(board)
    judged = judgments(board)
    rows = [(label, mark) for label, mark in marks.items() if mark]
    real = [label for label, mark in rows if mark == "differs"]
    rounded = [label for label, mark in rows if mark == "rounding"]
    values = by_measure(result)
    measures = [label.split("@")[0].split(" ")[0] for label, _ in rows]
    paths = {measure: cause_steps(key, measure, items, judged, k, ranked) for measure in measures}
    if real:
        text = t("**{library}** — differs on: {measures}").format(library=name, measures=", ".join(real))
        if rounded:
            text += "  \n" + t("Rounding only: {measures}").format(measures=", ".join(rounded))
    else:
        text = t("**{library}** — differs by rounding only: {measures}").format(library=name,
                                                                               measures=", ".join(rounded))
    causes = dict.fromkeys(step.label for steps in paths.values() for step in steps if step.kind == "choice")
    if causes:  # the choices that move a number here; a choice that changes nothing is not named
        text += "  \n" + t("**Because of:** {choices}").format(choices=t("; ").join(causes))
    st.markdown(text)
    for tab, (label, _), measure in zip(st.tabs([label for label, _ in rows]), rows, measures):
        with tab:
            if is_range(values[measure]):
                st.markdown(plain(range_text(key, values[measure])))
            if paths[measure]:
                cause_card(key, label, paths[measure], chart_key=f"{PAGE}_cause_{key}_{measure}")
    st.caption(" ".join(t(PRESETS[member].notes) for member in GROUPS[key]))


# --------------------------------------------------------------------------------------------
# the number a reader's library printed

ALSO = N_("The same number under: {libraries}.")


#: how a pasted number was read: a whole number is exact, a decimal one matches what rounds to it
READ_EXACT = N_("Read as exactly {value}.")
READ_ROUNDED = N_("Read as printed to {decimals} decimals: any number from {low} to {high} rounds to it.")
MAX_DECIMALS = 8  #: past this many decimals the number matches within 1e-6


def read_pasted(text: str) -> tuple[float, int | None] | None:
    """A pasted number and its decimals as written: ``"1"`` is exactly 1 (``None``: within 1e-6), ``"0.50"`` has 2
    decimals (it matches what rounds to 0.50), ``"0.9262"`` 4; a comma reads as the decimal point. None unless it
    is a number from 0 to 1."""
    text = text.strip().replace(",", ".")
    try:
        value = float(text)
    except ValueError:
        return None
    if not 0.0 <= value <= 1.0:  # also refuses nan
        return None
    if "." not in text or "e" in text.lower():
        return value, None
    decimals = len(text.split(".", 1)[1])
    return value, decimals if 0 < decimals <= MAX_DECIMALS else None


def reading_note(value: float, decimals: int | None) -> str:
    """How the page read the pasted number, in the reader's language."""
    if decimals is None:
        return t(READ_EXACT).format(value=num(value))
    half = 0.5 * 10.0 ** -decimals
    low, high = max(value - half, 0.0), min(value + half, 1.0)
    return t(READ_ROUNDED).format(decimals=decimals, low=f"{low:.{decimals + 1}f}", high=f"{high:.{decimals + 1}f}")


def explain_pasted(measure: str, value: float, board, k: int, decimals: int | None = None) \
        -> tuple[str, list[str], bool]:
    """What ``metrics.conventions.explain_value`` says of ``value`` on this board, in the reader's language (its
    text is English: the template, the choices and the reason are translated here), the libraries that give it,
    and whether any convention does."""
    items, ranked = library_input(board)
    report = core.explain_value(measure, value, items, judgments(board), k, ranked, decimals)
    parts = dict(report.parts)
    parts["choices"] = t("; ").join(choice_text(choice, setting) for choice, setting in report.choice_values)
    if parts.get("reason"):
        parts["reason"] = t(report.cause)
    libraries = list(dict.fromkeys(m.convention.name for m in report.matches if m.preset))
    return t(VALUE_SENTENCES[report.template]).format(**parts), libraries, bool(report.matches)


def paste_section(board, k: int) -> None:
    """A measure and the number a library printed; which conventions produce it, in words."""
    st.subheader(t("Paste the number your library printed"))
    measure_column, value_column, answer = st.columns([1, 1, 3], vertical_alignment="top")
    measure = measure_column.selectbox(t("Measure"), MEASURES, key=state.page_key(PAGE, "pasted_measure"),
                                       help=t("At the board's K ({k}); AP and RR also without a cut-off.").format(k=k))
    typed = value_column.text_input(t("Your library's number"), key=state.page_key(PAGE, "pasted_value"),
                                    placeholder="0.9262")
    with answer:
        if not typed.strip():
            st.caption(t("Type the number as your library printed it (its decimals count): the page names the "
                         "conventions that give it on this board."))
            return
        pasted = read_pasted(typed)
        if pasted is None:
            st.error(t("“{typed}” is not a number from 0 to 1: type it as your library printed it, e.g. 0.9262 "
                       "or 1.").format(typed=typed.strip()))
            return
        value, decimals = pasted
        try:
            text, libraries, found = explain_pasted(measure, value, board, k, decimals)
        except MetricsInputError as error:
            st.error(plain(state.message(error)))
            return
        (st.success if found else st.warning)(plain(text))
        st.caption(reading_note(value, decimals))
        if len(libraries) > 1:
            st.caption(t(ALSO).format(libraries=", ".join(libraries)))


# --------------------------------------------------------------------------------------------
# a whole uploaded run

WIDEST = 5  #: how many of the queries where the libraries differ most get a button


@st.cache_data(max_entries=8, show_spinner=False)
def _compare(digest: str, _data, k: int):
    # cached on the digest of the uploaded bytes, as ui.data.dataset's evaluation; the Dataset itself is not hashed
    return core.compare_runs(_data.qrels, _data.run, k, {key: PRESETS[key] for key in GROUPS})


def run_comparison(k: int):
    """The uploaded qrels + run under every library's preset (``metrics.conventions.compare_runs``), or None when
    no run with judgements is loaded."""
    data = dataset.dataset()
    if data is None or data.run is None or data.qrels.empty:
        return None
    return _compare(st.session_state.get(state.DATASET_DIGEST, ""), data, k)


def means_table(comparison) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Rows: measures; columns: libraries; the mean over the run's queries, and where it differs from trec_eval's."""
    reference = comparison.means[REFERENCE]
    text = pd.DataFrame({group_name(GROUPS[key]): [value_text(comparison.means[key][m]) for m in MEASURES]
                         for key in GROUPS}, index=pd.Index([f"{m}@{comparison.k}" if m != "RR" else m
                                                             for m in MEASURES], name=t("mean")))
    mask = pd.DataFrame({group_name(GROUPS[key]): [differs(comparison.means[key][m], reference[m]) for m in MEASURES]
                         for key in GROUPS}, index=text.index)
    return text, mask


def widest_queries(comparison, n: int = WIDEST) -> pd.DataFrame:
    """The queries where the libraries differ most: each query's largest spread over the measures, largest first."""
    best: dict[str, tuple[float, str]] = {}
    for measure in MEASURES:
        for query, spread in comparison.spread[measure]:
            if spread > best.get(query, (-1.0, ""))[0]:
                best[query] = (spread, measure)
    rows = sorted(((q, s, m) for q, (s, m) in best.items() if s > TOLERANCE), key=lambda row: -row[1])[:n]
    return pd.DataFrame(rows, columns=["query", "spread", N_("measure")])


def _explain(query: str) -> None:
    dataset.show_query(query)  # the query's board, in the file's order with its scores


def run_section(k: int) -> None:
    """The mean of each measure under every preset, and a button per query where the libraries differ most."""
    comparison = run_comparison(k)
    if comparison is None:
        return
    data = dataset.dataset()
    st.subheader(t("The whole run: {source}").format(source=plain(dataset.source_name(data.source))))
    st.caption(t("Each query scored as each library reads the run file (its order, its scores), at K = {k}; the "
                 "mean over the {n} queries with judgements. Highlighted: a mean that differs from trec_eval's.")
               .format(k=k, n=len(comparison.queries)))
    dataset.say_query_problem()  # a query below that the board could not hold
    text, mask = means_table(comparison)
    st.dataframe(styled(text, mask), width="stretch")
    widest = widest_queries(comparison)
    if widest.empty:
        st.success(t("Every library gives trec_eval's numbers on every query of this run."))
        return
    st.markdown(t("**Where the libraries differ most** — the largest gap between two libraries on one measure; "
                  "click a query to explain it above"))
    for column, row in zip(st.columns(len(widest)), widest.itertuples()):
        label = t("Query {query}: {spread} on {measure}").format(query=plain(row.query), spread=f"{row.spread:.4f}",
                                                                 measure=row.measure)
        column.button(label, key=state.page_key(PAGE, f"explain_{row.query}"), on_click=_explain, args=(row.query,),
                      width="stretch", icon=":material/manage_search:")
