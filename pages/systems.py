"""Two systems on the same queries: per-query differences, the mean difference with its confidence
interval, a paired t-test and a paired randomization test, and what a p-value does (not) tell.

The two runs and their qrels live in a page-private session key: they are not the shared board.
"""

import re
from pathlib import Path

import streamlit as st

import metrics
from metrics import MetricsInputError
from metrics.statistics import significance as sig
from ui import charts
from ui.classroom.lessons.links import lesson_links
from ui.data import dataset
from ui.i18n import N_, t
from ui.session import state
from ui.shell.page import end_page
from ui.shell.safe import plain

PAGE = "systems"
ROOT = Path(__file__).resolve().parent.parent
#: the loaded comparison: {"qrels": (name, bytes), "a": (name, bytes), "b": (name, bytes)}
SYSTEMS = state.page_key(PAGE, "systems")
#: (file ids of the three uploads last read, the error they gave or None)
UPLOADED = state.page_key(PAGE, "uploaded")
SAMPLE = {"qrels": "sample_data/trec/qrels.txt", "a": "sample_data/trec/run_a.txt", "b": "sample_data/trec/run_b.txt"}
MEASURES = ("nDCG@10", "AP", "RR", "P@10", "R@10")
CONFIDENCE = 0.95
TRIALS = dict(min_value=1_000, max_value=100_000, value=10_000, step=1_000)
FILE_TYPES = ["txt", "qrels", "run", "tsv", "csv", "json"]
LOSS = "#C92A2A"  #: red bars: queries where A is better
MAX_LABELS = 30  #: up to this many queries each bar is labelled with its difference
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")

# the page's texts, in English (marked with N_, shown with t())
TITLE = N_("Two systems — is B really better than A?")
INTRO = N_("Score two runs on the same queries, look at the difference query by query, and ask how sure "
           "we can be about it. · 两个系统逐查询比较：差值、置信区间与显著性检验。")
UPLOAD_LABELS = {"qrels": N_("Qrels (the judgements)"), "a": N_("Run A (the baseline)"),
                 "b": N_("Run B (the new system)")}
SAMPLE_BUTTON = N_("Load the sample: qrels.txt + run_a.txt + run_b.txt (7 queries)")
NEED_ALL = N_("Upload all three files — the qrels, run A and run B — to compare (TREC, CSV or JSON).")
NOTHING = N_("Nothing to compare yet: upload a qrels file and two runs, or load the sample. "
             "The example board of the other pages is not touched.")
#: the winner column's values (metrics.statistics.significance.paired_differences) and the chart's legend
WINNERS = {"B": N_("B better"), "A": N_("A better"), "tie": N_("tie")}
RANDOMIZATION_HOW = N_(
    "**How it works.** If A and B were equally good, each query's difference could just as well have "
    "had the opposite sign. So flip a coin for every query, flip the signs that come up tails, and "
    "take the mean again — {trials:,} times. The p-value is the share of those means at least as far "
    "from 0 as the real one: p = (1 + count) / (1 + trials), so the smallest p it can give is "
    "1/{trials_plus:,}. No assumption about the shape of the differences.")
EXACT_HOW = N_("With {n} queries all 2{power} = {flips:,} sign patterns can be listed: the exact p is the share of "
             "them with |mean| ≥ |observed mean| (smallest possible: 2/{flips:,} = {smallest:.4f}).")
T_TEST_HOW = N_("**How it works.** t = mean difference / (s/√n), compared with Student's t distribution with "
              "n − 1 degrees of freedom. It assumes the mean difference is roughly normal: fine for many "
              "queries, shaky for a handful.")
P_VALUE_TEXT = N_("""
**What a p-value tells.** Suppose A and B were really equally good, so that each query's difference is
noise that could as well have had the opposite sign. The p-value is how often a mean difference at least
as far from 0 as the measured one ({mean:+.4f}) would turn up then. A small p (say below 0.05) says:
this difference would be unusual if the two systems were equally good.

**What it does not tell.**
- It is **not the probability that B is better** (nor that A and B are equal): it is computed *assuming*
  they are equal.
- It is **not the size of the effect.** With many queries a tiny, useless difference gets a small p; with
  few queries a large one may not. The mean difference and its confidence interval give the size.
- **Few queries, little evidence.** Here n = {n}: one unusual query moves everything, and the t-test's
  normal assumption is hard to check.
- **Many measures, many chances.** Testing nDCG, AP, RR, P@10 and R@10 at 0.05 each gives far more than a
  5% chance that at least one looks "significant" by luck (multiple comparisons). Choose the measure
  before looking, or divide 0.05 by the number of tests (Bonferroni: 0.05 / 5 = 0.01).
- p above 0.05 does **not** show the systems are equal: this sample cannot tell them apart.

**The confidence interval tells the size.** The 95% interval [{low:+.4f}, {high:+.4f}] holds the mean
differences that fit the data. When it excludes 0, the t-test's p is below 0.05.
""")


def _plain(text: str) -> str:
    """User text (a file name) shown as itself in Markdown: its markup characters escaped."""
    return re.sub(r"([\\`*_{}\[\]()#+\-.!|<>~$:])", r"\\\1", str(text))


def _p(value: float) -> str:
    if value != value:  # NaN
        return "—"
    return f"{value:.1e}" if 0 < value < 1e-4 else f"{value:.4f}"


@st.cache_data(show_spinner=False, max_entries=16)
def _scores(qrels: tuple[str, bytes], run: tuple[str, bytes]):
    """Per-query values of MEASURES of one run against the qrels (metrics.load + metrics.evaluate),
    cached on the files' names and bytes."""
    judged, ranked = dataset.qrels_and_run(qrels, run)
    return metrics.evaluate(judged, ranked, list(MEASURES)).per_query


@st.cache_data(show_spinner=False, max_entries=32)
def _randomization(a: tuple[float, ...], b: tuple[float, ...], trials: int) -> float:
    return sig.randomization_test(a, b, trials=trials)


@st.cache_data(show_spinner=False, max_entries=32)
def _exact(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    return sig.exact_randomization_test(a, b)


def _load(files: dict) -> tuple | None:
    """Read and evaluate the three files; keep them when both runs evaluate. None, or the error
    as (MetricsInputError, the two runs' names when it is about the pair, else None): kept in the
    session and worded by :func:`_message` each time it is shown, in the reader's language."""
    names = ", ".join(files[role][0] for role in ("qrels", "a", "b"))
    try:
        with st.spinner(t("Reading {names}…").format(names=plain(names))):
            scores = [dataset.guarded(f"{files['qrels'][0]} + {files[run][0]}",
                                      lambda run=run: _scores(files["qrels"], files[run]))
                      for run in ("a", "b")]
    except MetricsInputError as error:
        return error, None
    try:  # the same queries are scored by every measure: one check covers them all
        dataset.guarded(names, lambda: sig.difference_summary(
            sig.paired_differences(scores[0][MEASURES[0]], scores[1][MEASURES[0]])))
    except MetricsInputError as error:
        return error, (files["a"][0], files["b"][0])
    st.session_state[SYSTEMS] = files
    st.success(t("Loaded: A = {a}, B = {b}, judged by {qrels}.").format(
        a=plain(files["a"][0]), b=plain(files["b"][0]), qrels=plain(files["qrels"][0])), icon=":material/check_circle:")
    return None


def _message(error: MetricsInputError, pair: tuple[str, str] | None = None) -> str:
    """The error as Markdown for st.error: "file line N: problem", or "A vs B: problem" for the pair."""
    text = dataset.error_text(error)
    if pair is None:
        return text
    return t("{a} vs {b}: {problem}").format(a=plain(pair[0]), b=plain(pair[1]), problem=text)


def _pair(file) -> tuple[str, bytes]:
    return Path(file.name).name, file.getvalue()


def difference_chart(pairs, measure: str, mean: float):
    """Bars of B − A per query, in the order of ``pairs`` (sorted by difference): green where B is
    better, red where A is, grey for ties; a dashed line at the mean difference."""
    order = pairs["query"].tolist()
    traces = []
    for winner, colour in (("B", charts.HIT), ("A", LOSS), ("tie", charts.MISS)):
        name = t(WINNERS[winner])
        rows = pairs[pairs["winner"] == winner]
        if len(rows):
            labels = {} if len(pairs) > MAX_LABELS else dict(
                text=[f"{d:+.4f}" if winner != "tie" else "0" for d in rows["difference"]], textposition="outside",
                cliponaxis=False)
            traces.append(dict(type="bar", x=rows["query"].tolist(), y=rows["difference"].tolist(), name=name,
                               marker=dict(color=colour), customdata=rows[["a", "b"]].to_numpy().tolist(), **labels,
                               hovertemplate=t("query") + " %{x}<br>A %{customdata[0]:.4f} · B %{customdata[1]:.4f}"
                                                          "<br>B − A %{y:+.4f}<extra></extra>"))
    return charts.figure(
        traces, t("{measure}: B − A per query, sorted by difference").format(measure=measure), t("query"),
        f"B − A ({measure})", 420,
        xaxis=dict(type="category", categoryorder="array", categoryarray=order),
        yaxis=dict(zeroline=True, zerolinewidth=2, zerolinecolor="#444"),
        shapes=[dict(type="line", xref="paper", x0=0, x1=1, y0=mean, y1=mean,
                     line=dict(color=charts.ACCENT, dash="dash", width=2))],
        annotations=[dict(xref="paper", x=1, y=mean, text=t("mean {value}").format(value=f"{mean:+.4f}"), showarrow=False,
                          xanchor="right", yanchor="bottom", font=dict(color=charts.ACCENT))],
        bargap=0.25)


st.title(t(TITLE))
lesson_links("systems")  # the lessons that walk through this page
st.caption(t(INTRO))

# --------------------------------------------------------------------------------------------
# input: three uploads, or the sample

uploads = st.columns(3)
dataset.uploader_words(FILE_TYPES)
files = {role: column.file_uploader(t(UPLOAD_LABELS[role]), type=FILE_TYPES,
                                    key=state.page_key(PAGE, f"file_{role}"),
                                    help=t("Up to {mb} MB.").format(mb=dataset.MAX_UPLOAD_MB))
         for column, role in zip(uploads, UPLOAD_LABELS)}
lost = sum(dataset.lost_uploads(state.page_key(PAGE, f"file_{role}")) for role in UPLOAD_LABELS)
if lost:
    st.warning(dataset.lost_text(lost), icon=":material/cloud_off:")
sample = None
if st.button(t(SAMPLE_BUTTON), key=state.page_key(PAGE, "sample"), icon=":material/dataset:"):
    sample = dataset.read_sample(ROOT, SAMPLE.values())
if sample is not None:
    error = _load(dict(zip(SAMPLE, sample)))
    if error:  # the bundled files are checked by the tests; shown all the same
        st.error(_message(*error), icon=":material/error:")
    elif UPLOADED in st.session_state:
        st.session_state[UPLOADED] = (st.session_state[UPLOADED][0], None)  # the upload's old error is old news

given = [f for f in files.values() if f is not None]
if len(given) == 3:
    signature = tuple(f.file_id for f in files.values())
    if st.session_state.get(UPLOADED, (None,))[0] != signature:
        st.session_state[UPLOADED] = (signature, _load({role: _pair(f) for role, f in files.items()}))
    if st.session_state[UPLOADED][1]:
        st.error(_message(*st.session_state[UPLOADED][1]), icon=":material/error:")
else:
    st.session_state.pop(UPLOADED, None)  # the same files can be uploaded again
    if given:
        st.info(t(NEED_ALL), icon=":material/upload_file:")

systems = st.session_state.get(SYSTEMS)
if systems is None:
    st.info(t(NOTHING), icon=":material/compare_arrows:")
    end_page()

# --------------------------------------------------------------------------------------------
# the comparison

names = {role: systems[role][0] for role in systems}
st.divider()
st.markdown(t("#### A = {a} · B = {b} · judged by {qrels}").format(
    a=_plain(names["a"]), b=_plain(names["b"]), qrels=_plain(names["qrels"])))
measure = st.radio(t("Measure"), MEASURES, horizontal=True, key=state.page_key(PAGE, "measure"),
                   help=" · ".join(t("{measure}: {help}").format(measure=m, help=dataset.measure_help(m))
                                   for m in MEASURES))
try:
    scores_a, scores_b = (dataset.guarded(names["qrels"], lambda: _scores(systems["qrels"], systems["a"])),
                          dataset.guarded(names["qrels"], lambda: _scores(systems["qrels"], systems["b"])))
    pairs = sig.paired_differences(scores_a[measure], scores_b[measure])
    summary = sig.difference_summary(pairs, CONFIDENCE)
    t_value, t_p = sig.paired_t_test(pairs["a"], pairs["b"])
except MetricsInputError as error:
    st.error(_message(error, (names["a"], names["b"])), icon=":material/error:")
    end_page()
n = len(pairs)
if n < max(len(scores_a), len(scores_b)):
    st.warning(t("Compared on the {n} queries both runs answer ({in_a} in A, {in_b} in B, each with judgements): "
                 "the others are left out of everything below.").format(n=n, in_a=len(scores_a), in_b=len(scores_b)),
               icon=":material/warning:")
st.caption(t("{n} queries with judgements, scored by trec_eval's rules. {measure}: {help}.").format(
    n=n, measure=measure, help=dataset.measure_help(measure)))

mean_a, mean_b = sig.paired_means(pairs)
columns = st.columns(3)
columns[0].metric(t("A: mean {measure}").format(measure=measure), f"{mean_a:.4f}", help=f"A = {names['a']}")
columns[1].metric(t("B: mean {measure}").format(measure=measure), f"{mean_b:.4f}", help=f"B = {names['b']}")
columns[2].metric(t("Mean difference B − A"), f"{summary['mean']:+.4f}",
                  help=t("Positive: B scores higher on average."))
ci_metric, ci_formula = st.columns([1.4, 2], vertical_alignment="center")
ci_metric.metric(t("{level} CI of the difference").format(level=f"{CONFIDENCE:.0%}"),
                 f"[{summary['low']:.4f}, {summary['high']:.4f}]",
                 help=t("The mean differences that fit the data (t distribution). It tells the size of the "
                        "difference; a p-value does not."))
with ci_formula:
    st.latex(rf"\begin{{aligned}}\bar d \pm t_{{{(1 + CONFIDENCE) / 2:.3f},\,{summary['df']}}}\, s/\sqrt{{n}}"
             rf" &= {summary['mean']:.4f} \pm {summary['t_critical']:.4f} \cdot {summary['sd']:.4f}/\sqrt{{{n}}}"
             rf" \\ &= [{summary['low']:.4f},\ {summary['high']:.4f}]\end{{aligned}}")

st.plotly_chart(difference_chart(pairs, measure, summary["mean"]), width="stretch", key=state.page_key(PAGE, "chart"))
counts = sig.wins_losses_ties(pairs)
wins, losses, ties = st.columns(3)
wins.metric(t("B better (green)"), counts["B"])
losses.metric(t("A better (red)"), counts["A"])
ties.metric(t("Ties"), counts["tie"])

st.subheader(t("Could the difference be luck?"))
t_column, random_column = st.columns(2, gap="large")
with t_column:
    st.markdown(t("**Paired t-test**"))
    st.metric(t("p-value: paired t-test"), _p(t_p),
              help=t("t = {t} with {df} degrees of freedom").format(t=f"{t_value:.4f}", df=summary["df"]))
    if t_p != t_p:
        st.caption(t("Undefined: every difference is 0, so there is no spread to compare with."))
    else:
        st.latex(rf"t = \frac{{\overline{{d}}}}{{s/\sqrt{{n}}}}"
                 rf" = \frac{{{summary['mean']:.4f}}}{{{summary['sd']:.4f}/\sqrt{{{n}}}}} = {t_value:.4f}")
    st.markdown(t(T_TEST_HOW))
with random_column:
    st.markdown(t("**Paired randomization test (sign flips)**"))
    trials = st.slider(t("Random sign flips (trials)"), key=state.page_key(PAGE, "trials"), **TRIALS)
    a_values, b_values = tuple(pairs["a"].tolist()), tuple(pairs["b"].tolist())
    st.metric(t("p-value: randomization test"), _p(_randomization(a_values, b_values, trials)),
              help=t("{trials} random sign flips, seed 0").format(trials=f"{trials:,}"))
    st.markdown(t(RANDOMIZATION_HOW).format(trials=trials, trials_plus=trials + 1))
    if n <= sig.MAX_EXACT:
        st.metric(t("p-value: exact (all {flips} sign flips)").format(flips=f"{2 ** n:,}"),
                  _p(_exact(a_values, b_values)))
        st.caption(t(EXACT_HOW).format(n=n, power=str(n).translate(SUPERSCRIPT), flips=2 ** n, smallest=2 / 2 ** n))

with st.expander(t("What a p-value tells — and what it does not"), expanded=True):
    st.markdown(t(P_VALUE_TEXT).format(mean=summary["mean"], n=n, low=summary["low"], high=summary["high"]))

with st.expander(t("Every query: A, B and the difference"), expanded=False):
    # columns renamed to what the reader sees (column_config is keyed by the shown names)
    label_a, label_b, label_winner = f"A: {names['a']}", f"B: {names['b']}", t("better")
    table = pairs.assign(winner=pairs["winner"].map(lambda w: t(WINNERS[w]) if w == "tie" else w)).rename(
        columns={"query": t("query"), "a": label_a, "b": label_b, "difference": "B − A", "winner": label_winner})
    st.dataframe(table, hide_index=True, width="stretch",
                 column_config={label_a: st.column_config.NumberColumn(format="%.4f"),
                                label_b: st.column_config.NumberColumn(format="%.4f"),
                                "B − A": st.column_config.NumberColumn(format="%+.4f"),
                                label_winner: st.column_config.TextColumn()})
