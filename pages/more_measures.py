"""More measures: every registered measure with a step table that has no page of its own (ui.topics.more_measures,
from metrics.measures.registry), explained on the board; GMAP and GMBpref over the uploaded queries."""

import streamlit as st

from metrics import MetricsInputError
from metrics.explanation import Column
from metrics.measures import registry
from ui import charts
from ui.i18n import relabel_choice, t
from ui.ranking.builder import ranking_builder, title_text
from ui.session import state
from ui.shell.page import end_page
from ui.shell.routes import page_file
from ui.shell.safe import plain
from ui.teaching import explainer, lecture, pacing, presenter
from ui.topics import more_measures

PAGE = "more"
CHOICE, MULT, GAINS = (state.page_key(PAGE, name) for name in ("measure", "mult", "gains"))


def number_key(name: str) -> str:
    return state.page_key(PAGE, name)


st.title(t("More measures"))
ranking, numbers = lecture.stage()
with ranking:
    controls = lecture.controls()
    board = ranking_builder()
with numbers:
    # the labels translated now: AppTest calls format_func outside the run, where the language is unknown
    labels = {name: more_measures.label(name, t) for name in more_measures.CHOICES}
    relabel_choice(CHOICE)
    chosen = st.session_state.get(CHOICE)
    help_text = t(registry.REGISTRY[chosen if chosen in labels else next(iter(labels))].description)
    choice = st.selectbox(t("Measure"), list(labels), key=CHOICE, label_visibility="collapsed",
                          format_func=labels.get, help=help_text)
over = more_measures.over_queries(choice)
if over:
    with numbers:
        values = more_measures.per_query(over)
        if values is None:
            st.info(t("{name} is a geometric mean over queries: upload a run and qrels (or load a sample) to see it "
                      "computed from each query's {over}.").format(name=choice, over=over), icon=":material/info:")
            st.page_link(page_file("upload"), label=t("Upload lists or load a sample"), icon=":material/upload_file:")
            end_page()
        explanation = registry.REGISTRY[choice].steps.function(values.to_numpy(), list(values.index))
        pace = pacing.begin(PAGE, len(explanation.table))
        mean = next(key for key in ("MAP", "mean") if key in explanation.details)
        lecture.headline(explanation, pace, {choice: explanation.measure},
                         {t("Arithmetic mean of {over}").format(over=over): explanation.details[mean]})
        pacing.step_bar(PAGE, pace, unit=more_measures.unit(choice, explanation))
        with lecture.sized():  # as ui.teaching.lecture.walk_through: the formula, the step window, then the popovers
            folded = lecture.worked(explanation, pace, popovers=False)
            lecture.step_window(explanation.table, pace, hit_column=None, unit=more_measures.unit(choice, explanation))
            lecture.formula_popovers(explanation, pace, folded)
    st.caption(t(more_measures.about(choice)))
    end_page()
lecture.require_ranking(board, numbers)  # nothing ranked: say so (the builder is still drawn)
k = explainer.current_k(max(len(board.ranking), 1))
params = more_measures.params(choice)
inputs = [param for param in params if param.kind == "number" and param.name not in more_measures.BOARD_SETTINGS]
values = {param.name: st.session_state[number_key(param.name)] for param in inputs
          if number_key(param.name) in st.session_state}
values["m"] = st.session_state.get(MULT, 1.0)
try:
    if any(param.kind == "gain_map" for param in params):
        values["gains"] = more_measures.parse_gains(st.session_state.get(GAINS, more_measures.DEFAULT_GAINS))
    explanation = more_measures.explain(choice, board, k, values)
except MetricsInputError as error:
    with numbers:
        st.error(t("Not applied: {error}.").format(error=plain(state.message(error))), icon=":material/error:")
    try:
        explanation = more_measures.explain(choice, board, k)  # the defaults
    except MetricsInputError:  # the board itself is outside the measure's domain: the message above says why
        end_page()
presenter.present(PAGE, explanation, title_text(board.title) if board.title else "")  # full screen: the page ends
unit = more_measures.unit(choice, explanation)
with numbers:
    pace = pacing.begin(PAGE, len(explanation.table))
    own = next(quantity for quantity, column in explanation.running.items() if column == explanation.column)
    marked = next((column for column in (Column.RELEVANT, Column.JUDGED) if column in explanation.table), None)
    lecture.walk_through(PAGE, explanation, pace, board, {own: explanation.measure},
                         more_measures.extra_numbers(explanation), hit_column=marked, unit=unit)
with controls:
    info = registry.REGISTRY[choice]
    if info.allows_k and info.cutoff_kind == "depth":
        explainer.k_slider(PAGE, max(len(board.ranking), 1))
    if info.allows_k and info.cutoff_kind == "fraction":
        st.select_slider(t("Multiple m of R"), options=more_measures.MULTIPLES, value=1.0, key=MULT)
    for param in params:
        if param in inputs:
            step = more_measures.STEPS.get(param.name, 1.0)
            low = param.low + step if param.open[0] else param.low
            high = param.high - step if param.open[1] else param.high
            st.number_input(t(more_measures.NUMBER_LABELS.get(param.name, param.name)), min_value=float(low),
                            max_value=float(high), value=float(more_measures.default(param, board)), step=step, format="%g",
                            key=number_key(param.name), help=t(param.help))
        elif param.kind == "gain_map":
            st.text_input(t("Gain of each grade (grade:gain)"), value=more_measures.DEFAULT_GAINS, key=GAINS,
                          help=t("ir_measures writes nDCG(gains={0:0,1:1,2:3}); a grade left out keeps its grade "
                                 "as gain."))
    settings = [param.name for param in params if param.name in more_measures.BOARD_SETTINGS]
    if settings:
        with lecture.conventions():
            if "rel" in settings:
                explainer.threshold_input(PAGE)
            if "ideal" in settings:
                explainer.convention_radio(PAGE, "ideal", t("Ideal ordering"))

st.caption(t(more_measures.about(choice)))
if "points" in explanation.details:  # interpolated precision: the curve of the levels shown so far
    levels = explanation.table if pace.complete else explanation.table.iloc[:pace.step]
    st.plotly_chart(charts.interpolated_precision(levels, explanation.details["points"]), width="stretch")
with st.expander(t("The whole table")):
    explainer.step_table(explanation.table, pace.step, hit_column=marked)
