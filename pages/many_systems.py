"""Many systems: 3–10 runs on one qrels compared measure by measure — the means with bootstrap intervals, the pairwise
matrix (difference, adjusted p, effect size), each run's per-query difference from the baseline, and the paper table
(metrics.statistics.multiple, report). The runs live in a page-private session key, not on the shared board."""

from pathlib import Path

import streamlit as st

from metrics import MetricsInputError
from metrics.statistics import corrections
from metrics.statistics.multiple import FAMILY_TESTS, TESTS
from ui.data import dataset
from ui.i18n import N_, nt, t
from ui.model.board import InputError
from ui.session import state
from ui.shell.page import end_page
from ui.shell.safe import plain
from ui.topics import many_systems as many

PAGE = "many_systems"
ROOT = Path(__file__).resolve().parent.parent
#: the loaded runs: {"qrels": (name, bytes), "runs": [(name, bytes), ...]}
LOADED = state.page_key(PAGE, "loaded")
#: (file ids of the uploads last read, the error they gave or None)
UPLOADED = state.page_key(PAGE, "uploaded")
SAMPLE = ["sample_data/trec/qrels.txt"] + [f"sample_data/trec/run_{x}.txt" for x in "abcde"]
MEASURES = ("AP", "nDCG@10", "RR", "P@10", "R@10")
MIN_RUNS, MAX_RUNS = 3, 10
FILE_TYPES = ["txt", "qrels", "run", "tsv", "csv", "json"]
TEST_NAMES = {"t": N_("paired t-test"), "wilcoxon": N_("Wilcoxon signed-rank test"),
              "randomization": N_("paired randomization test"), "tukey": N_("Tukey's HSD (two-way ANOVA)"),
              "randomized-tukey": N_("randomised Tukey HSD test")}
CORRECTION_NAMES = {"none": N_("no correction"), "bonferroni": N_("Bonferroni"), "holm": N_("Holm"),
                    "bh": N_("Benjamini–Hochberg (false discovery rate)")}
SAMPLE_BUTTON = N_("Load the example: qrels.txt + run_a … run_e (5 runs, 7 queries)")
NOTHING = N_("Nothing to compare yet: upload a qrels file and 3 to 10 runs, or load the example. "
             "The board of the other pages is not touched.")
RUN_COUNT = N_("upload {low} to {high} runs to compare, got {count}")

st.title(t("Many systems — which differences are real?"))
st.caption(t("A baseline and several variants on the same queries: every pair tested, the p-values corrected for "
             "the number of tests, each difference with its size and interval. The first run is the baseline."))


def _load(qrels, runs) -> MetricsInputError | None:
    """Check the files (3–10 runs, each read and scored); keep them, or return the error."""
    if not MIN_RUNS <= len(runs) <= MAX_RUNS:
        return InputError(RUN_COUNT, low=MIN_RUNS, high=MAX_RUNS, count=len(runs))
    names = ", ".join(name for name, _ in [qrels, *runs])
    try:
        with st.spinner(t("Reading {names}…").format(names=plain(names))):
            many.scores(qrels, runs, MEASURES, False)
    except MetricsInputError as error:
        return error
    st.session_state[LOADED] = {"qrels": qrels, "runs": runs}
    st.success(t("Loaded {count} runs judged by {qrels}.").format(count=len(runs), qrels=plain(qrels[0])),
               icon=":material/check_circle:")
    return None


def _pair(file) -> tuple[str, bytes]:
    return Path(file.name).name, file.getvalue()


# ------------------------------------------------------------------------------------------ input

dataset.uploader_words(FILE_TYPES)
left, right = st.columns([1, 2])
qrels_file = left.file_uploader(t("Qrels (the judgements)"), type=FILE_TYPES, key=state.page_key(PAGE, "qrels"),
                                help=t("Up to {mb} MB.").format(mb=dataset.MAX_UPLOAD_MB))
run_files = right.file_uploader(t("Runs ({low} to {high}; the first is the baseline)").format(
    low=MIN_RUNS, high=MAX_RUNS), type=FILE_TYPES, accept_multiple_files=True, key=state.page_key(PAGE, "runs"),
    help=t("Up to {mb} MB.").format(mb=dataset.MAX_UPLOAD_MB))
lost = dataset.lost_uploads(state.page_key(PAGE, "qrels")) + dataset.lost_uploads(state.page_key(PAGE, "runs"))
if lost:
    st.warning(dataset.lost_text(lost), icon=":material/cloud_off:")
if st.button(t(SAMPLE_BUTTON), key=state.page_key(PAGE, "sample"), icon=":material/dataset:"):
    sample = dataset.read_sample(ROOT, SAMPLE)
    if sample is not None:
        error = _load(sample[0], sample[1:])
        if error:  # the bundled files are checked by the tests; shown all the same
            st.error(dataset.error_text(error), icon=":material/error:")
        elif UPLOADED in st.session_state:
            st.session_state[UPLOADED] = (st.session_state[UPLOADED][0], None)

runs_given = [f for f in (run_files or []) if hasattr(f, "getvalue")]
if qrels_file is not None and runs_given:
    signature = (qrels_file.file_id, *(f.file_id for f in runs_given))
    if st.session_state.get(UPLOADED, (None,))[0] != signature:
        st.session_state[UPLOADED] = (signature, _load(_pair(qrels_file), [_pair(f) for f in runs_given]))
    if st.session_state[UPLOADED][1]:
        st.error(dataset.error_text(st.session_state[UPLOADED][1]), icon=":material/error:")
else:
    st.session_state.pop(UPLOADED, None)
    if qrels_file is not None or runs_given:
        st.info(t("Upload both: a qrels file and {low} to {high} runs (TREC, CSV or JSON).").format(
            low=MIN_RUNS, high=MAX_RUNS), icon=":material/upload_file:")

loaded = st.session_state.get(LOADED)
if loaded is None:
    st.info(t(NOTHING), icon=":material/compare_arrows:")
    end_page()

# ------------------------------------------------------------------------------------------ settings

st.divider()
settings = st.columns([2.2, 2, 2.2, 1, 1])
chosen = settings[0].multiselect(t("Measures"), MEASURES, default=["AP", "nDCG@10"],
                                 key=state.page_key(PAGE, "measures"))
test_labels = {name: t(TEST_NAMES[name]) for name in TESTS}
test = settings[1].selectbox(t("Test"), TESTS, format_func=test_labels.get, key=state.page_key(PAGE, "test"))
correction_labels = {name: t(CORRECTION_NAMES[name]) for name in corrections.CORRECTIONS}
if test in FAMILY_TESTS:
    correction = "none"
    settings[2].selectbox(t("Correction"), [t("none needed: holds for all pairs")], disabled=True,
                          key=state.page_key(PAGE, "correction_family"))
else:
    correction = settings[2].selectbox(t("Correction"), corrections.CORRECTIONS, index=2,
                                       format_func=correction_labels.get, key=state.page_key(PAGE, "correction"))
alpha = settings[3].selectbox("α", (0.05, 0.01, 0.1), key=state.page_key(PAGE, "alpha"))
seed = settings[4].number_input(t("Seed"), 0, 2 ** 31 - 1, 0, key=state.page_key(PAGE, "seed"),
                                help=t("Of the randomised tests and the bootstrap intervals."))
count_missing = st.checkbox(t("Count a query a run lacks as 0 (trec_eval -c) instead of leaving it out"),
                            key=state.page_key(PAGE, "count_missing"))
if not chosen:
    st.info(t("Pick at least one measure."), icon=":material/info:")
    end_page()
chosen = [m for m in MEASURES if m in chosen]

try:
    values = many.scores(loaded["qrels"], loaded["runs"], tuple(MEASURES), count_missing)
    comparisons = [dataset.guarded(loaded["qrels"][0], lambda m=m: many.compare(
        values[m], test, correction, float(alpha), int(seed), count_missing, m)) for m in chosen]
except MetricsInputError as error:
    st.error(dataset.error_text(error), icon=":material/error:")
    end_page()

first = comparisons[0]
plain_values = many.scores(loaded["qrels"], loaded["runs"], tuple(MEASURES), False)[chosen[0]]
dropped = many.missing(plain_values, values[chosen[0]] if count_missing else None)
if dropped:
    listed = ", ".join(f"{query} ({', '.join(lacking)})" for query, lacking in list(dropped.items())[:10])
    more = len(dropped) - 10
    what = (nt("{n} query is counted as 0 in the runs without it: {queries}",
               "{n} queries are counted as 0 in the runs without them: {queries}", len(dropped))
            if count_missing else
            nt("{n} query is left out, not in every run (the runs without it in brackets): {queries}",
               "{n} queries are left out, not in every run (the runs without them in brackets): {queries}",
               len(dropped)))
    st.warning(what.format(n=len(dropped), queries=plain(listed)) + (f" … +{more}" if more > 0 else ""),
               icon=":material/warning:")
st.caption(t("{runs} runs on {n} queries; baseline {baseline}. {test}, {correction}, α = {alpha}; seed {seed}.").format(
    runs=len(first.runs), n=len(first.scores.queries), baseline=plain(first.baseline), test=test_labels[test],
    correction=t(CORRECTION_NAMES[correction]), alpha=alpha, seed=seed))

# ------------------------------------------------------------------------------------------ one measure

measure = st.radio(t("Measure shown"), chosen, horizontal=True, key=state.page_key(PAGE, "shown")) \
    if len(chosen) > 1 else chosen[0]
c = comparisons[chosen.index(measure)]
significant = sum(p.significant for p in c.pairs)
columns = st.columns(3)
best = max(c.runs, key=c.means.__getitem__)
columns[0].metric(t("Best mean {measure}").format(measure=measure), f"{c.means[best]:.4f}", help=best)
columns[1].metric(t("Pairs tested"), len(c.pairs))
columns[2].metric(t("Significant pairs"), significant)
st.plotly_chart(many.means_chart(c), width="stretch", key=state.page_key(PAGE, "means"))
field_labels = {name: t(label) for name, label in many.MATRIX.items()}
field = st.radio(t("Matrix of"), list(many.MATRIX), format_func=field_labels.get, horizontal=True,
                 key=state.page_key(PAGE, "field"))
st.plotly_chart(many.matrix_chart(c, field), width="stretch", key=state.page_key(PAGE, "matrix"))
st.plotly_chart(many.baseline_chart(c), width="stretch", key=state.page_key(PAGE, "baseline"))
with st.expander(t("Every pair: difference, interval, p, adjusted p, effect size"), expanded=False):
    st.dataframe(many.pairs_table(c), hide_index=True, width="stretch")

# ------------------------------------------------------------------------------------------ the paper table

st.subheader(t("The results table, to copy"))
st.caption(t("Bold: the best mean of each measure; a letter: significantly better than the run of that letter. "
             "The table and its footnote are in English, as a paper needs them."))
markdown, latex = st.tabs(["Markdown", "LaTeX"])
markdown.code(many.written(comparisons, "markdown"), language="markdown")
latex.code(many.written(comparisons, "latex"), language="latex")
