"""Upload & many queries: load TREC, CSV, JSON or a pasted list; evaluate every query; put one
query on the board for the explainer pages."""

from pathlib import Path

import streamlit as st

from metrics import MetricsInputError
from ui import charts
from ui.data import dataset, interrupted_uploads
from ui.i18n import N_, headers, t
from ui.session import state
from ui.shell.page import end_page
from ui.shell.routes import page_file
from ui.shell.safe import plain

PAGE = "upload"
ROOT = Path(__file__).resolve().parent.parent
TABLE_ROWS = 10  #: up to this many rows the table shows them all; more scroll in a 600 px frame
MAX_BARS = 300  #: more queries than this: no bar chart (the box plot still shows every query)

#: one-click samples: button label (English, also the button's key) -> files under sample_data/
SAMPLES = {
    N_("TREC: qrels.txt + run_a.txt (7 queries)"): ("sample_data/trec/qrels.txt", "sample_data/trec/run_a.txt"),
    N_("CSV: article 003 (one query, graded)"): ("sample_data/articles/003_ndcg.csv",),
    N_("JSON: article 000 (two lists, real grades)"): ("sample_data/articles/000_ndcg_lists.run.json",
                                                       "sample_data/articles/000_ndcg_lists.qrels.json"),
}

#: each accepted format: (tab label, what it is, a tiny example, the example's language)
FORMATS = [
    (N_("TREC qrels + run"), N_("Two files, uploaded together. **qrels**: `qid iter docid rel` (4 fields; `iter` is "
     "ignored). **run**: `qid Q0 docid rank score tag` (6 fields). Documents are ranked by score, highest "
     "first; equal scores by docid descending, as trec_eval does. Which file is which is read from the content."),
     "# qrels.txt\n101 0 doc-1 2\n101 0 doc-2 0\n101 0 doc-3 1\n\n"
     "# run.txt\n101 Q0 doc-3 1 12.5 mySystem\n101 Q0 doc-1 2 11.0 mySystem\n101 Q0 doc-9 3 10.2 mySystem",
     "text"),
    ("CSV", N_("One file with a header row, one row per (query, item). Needs an `item` column and at least "
     "one of `score`, `rank`, `relevance` (also `qid`, `docid`, `grade`, ...). An empty relevance cell means "
     "unjudged."), "query,item,rank,relevance\nq1,B,1,4\nq1,A,2,5\nq1,D,3,2", "text"),
    ("JSON", N_("A run `{query: [items best first]}`, qrels `{query: {item: grade}}`, or both in one file "
     '`{"run": ..., "qrels": ...}`. A run and a qrels file can also be uploaded together.'),
     '{"run":   {"q1": ["A", "B", "C"]},\n "qrels": {"q1": {"A": 2, "C": 1, "D": 3}}}', "json"),
    (N_("Pasted list"), N_("One query typed by hand: one item per line in ranked order, `item grade` "
     "(an item without a grade is unjudged), or one line of grades for items d1, d2, ..."),
     N_("B 4\nA 5\nD 2\nX\n\n# or just:\n3 2 3 0 1"), "text"),
]


#: queries of the run without judgements, and judged queries not in the run: (one, several)
RUN_ONLY = (N_("{count} query of the run has no judgements: trec_eval leaves them out, and so does the table below."),
            N_("{count} queries of the run have no judgements: trec_eval leaves them out, and so does the table "
               "below."))
QRELS_ONLY = (N_("{count} query with judgements is not in the run: left out, as trec_eval does without -c."),
              N_("{count} queries with judgements are not in the run: left out, as trec_eval does without -c."))


def _count(texts: tuple[str, str], n: int) -> str:
    return t(texts[0] if n == 1 else texts[1]).format(count=f"{n:,}")


st.title(t("Upload & many queries"))
st.caption(t("Evaluate a whole run, query by query — then explain any one query on the other pages. "
             "· 上传 TREC / CSV / JSON 文件，逐个查询计算指标。"))

upload_column, sample_column = st.columns([3, 2], gap="large")
with upload_column:
    dataset.uploader_words(dataset.UPLOAD_TYPES)
    files = st.file_uploader(
        t("Upload a qrels file and a run file together, or one CSV / JSON file"),
        type=dataset.UPLOAD_TYPES, accept_multiple_files=True,
        key=state.page_key(PAGE, "files"),
        help=t("Up to {mb} MB per file. Larger runs belong in the command line: "
               "python -m metrics evaluate QRELS RUN").format(mb=dataset.MAX_UPLOAD_MB))
    signature_key = state.page_key(PAGE, "loaded_files")  # (file ids last read, their error or None, (name, size)s)
    signature = tuple(f.file_id for f in files) if files else None
    stored = st.session_state.get(signature_key)
    interrupted_uploads.say_interrupted("upload_watch")  # an upload the reader left on its way
    if lost := dataset.lost_uploads(state.page_key(PAGE, "files")):
        st.warning(dataset.lost_text(lost), icon=":material/cloud_off:")
    if signature is None:
        st.session_state.pop(signature_key, None)  # the same files can be uploaded again
    elif (stored and stored[1] is None and stored[2] and {(f.name, f.size) for f in files} < set(stored[2])
          and dataset.dataset() is not None):  # a file of the loaded pair was taken out: keep what it gave
        removed = ", ".join(sorted(name for name, _ in set(stored[2]) - {(f.name, f.size) for f in files}))
        st.info(t(dataset.REMOVED).format(removed=plain(removed),
                                          source=plain(dataset.source_name(dataset.dataset().source))),
                icon=":material/info:")
    elif stored is None or stored[0] != signature:
        error = dataset.load_upload(files)
        # the error is shown again, in the language of the day
        st.session_state[signature_key] = (signature, error, tuple((f.name, f.size) for f in files))
    elif stored[1]:
        st.error(dataset.error_text(stored[1]), icon=":material/error:")

    pasted = st.text_area(t("…or paste one ranked list"), key=state.page_key(PAGE, "pasted"), height=140,
                          max_chars=200_000, placeholder=t("B 4\nA 5\nD 2\nC 3\nE 1"),
                          help=t("One item per line in ranked order, with its grade: 'item grade'. "
                                 "An item without a grade is unjudged. Or one line of grades: 3 2 3 0 1"))
    if st.button(t("Use pasted list"), key=state.page_key(PAGE, "use_pasted"), icon=":material/content_paste:"):
        if dataset.load_pasted(pasted) is None and signature is not None:
            st.session_state[signature_key] = (signature, None, ())  # the upload's old error is no longer news

with sample_column:
    st.markdown(t("**Try a sample** (bundled with the app)"))
    for label, paths in SAMPLES.items():
        if st.button(t(label), key=state.page_key(PAGE, f"sample_{label}"), width="stretch",
                     icon=":material/dataset:"):
            sample = dataset.read_sample(ROOT, paths)
            if sample is not None and dataset.load_upload(sample) is None and signature is not None:
                st.session_state[signature_key] = (signature, None, ())

with st.expander(t("Accepted formats, with examples"), expanded=False):
    for tab, (label, text, example, language) in zip(st.tabs([t(f[0]) for f in FORMATS]), FORMATS):
        with tab:
            st.markdown(t(text))
            st.code(t(example), language=language)

data = dataset.dataset()
if data is None:
    st.info(t("Nothing loaded yet: upload files, paste a list, or try a sample. The explainer pages keep "
              "working on the example board until then."), icon=":material/upload_file:")
    end_page()

st.divider()
st.header(t("Loaded: {source}").format(source=plain(dataset.source_name(data.source))))
counts = dataset.summary(data)
columns = st.columns(3)
columns[0].metric(t("Queries"), f"{counts['queries']:,}")
columns[1].metric(t("Judgements (qrels rows)"), f"{counts['judgements']:,}")
columns[2].metric(t("Retrieved (run rows)"), f"{counts['retrieved']:,}")
if counts["run_only"]:
    st.warning(_count(RUN_ONLY, counts["run_only"]), icon=":material/warning:")
if counts["qrels_only"]:
    st.caption(_count(QRELS_ONLY, counts["qrels_only"]))

with st.expander(t("Preview: the first rows of the qrels and of the run"), expanded=False):
    qrels_preview, run_preview = st.columns(2)
    with qrels_preview:
        st.markdown(t("**Qrels**"))
        if data.qrels.empty:
            st.caption(t("No judgements: every retrieved item is unjudged."))
        else:
            st.dataframe(headers(data.qrels.head(8)), hide_index=True, width="stretch")
    with run_preview:
        st.markdown(t("**Run**"))
        if data.run is None:
            st.caption(t("No run: the board ranks the judged items in file order."))
        else:
            st.dataframe(headers(data.run.head(8)), hide_index=True, width="stretch")

st.subheader(t("Explain one query"))
picker, go_to = st.columns([3, 2], vertical_alignment="bottom")
with picker:
    dataset.query_picker(PAGE)
with go_to:
    st.page_link(page_file("ndcg"), label=t("See it step by step on the nDCG page"), icon=":material/arrow_forward:")
st.caption(t("On the board now: {title} · k = {k}").format(title=plain(dataset.shown_title(state.board().title)),
                                                          k=state.board().k))

try:
    result = dataset.guarded(data.source, dataset.evaluation)
except MetricsInputError as error:
    st.error(dataset.error_text(error), icon=":material/error:")
    end_page()
if result is None:
    st.info(t("A qrels file alone has no ranking to score: upload a run with it to see the per-query table."),
            icon=":material/info:")
    end_page()
if result.per_query.empty:
    st.warning(t("No query has both a ranking and judgements, so there is nothing to score."),
               icon=":material/warning:")
    end_page()

st.subheader(t("Every query, every measure"))
st.caption(t("trec_eval's defaults: relevant when grade ≥ 1, linear gain, AP divided by all relevant items. "
             "Click a column header to sort; the last row, “all”, is the mean."))
means = st.columns(len(result.aggregate))
for column, (measure, value) in zip(means, result.aggregate.items()):
    column.metric(t("mean {measure}").format(measure=measure), f"{value:.4f}",
                  help=dataset.measure_help(measure) or None)
table = dataset.results_table(result)
shown_table = table.rename_axis(t(table.index.name)) if table.index.name else table  # "query" in the reader's language
st.dataframe(shown_table, width="stretch", height="auto" if len(table) <= TABLE_ROWS else 600,
             column_config={m: st.column_config.NumberColumn(m, format="%.4f", help=dataset.measure_help(m) or None)
                            for m in table.columns})
download, choose = st.columns([2, 3], vertical_alignment="bottom")
# the CSV keeps the English header "query": a file for other tools, like trec_eval's output
download.download_button(t("Download the table (CSV)"), table.to_csv(index_label="query").encode("utf-8"),
                         file_name="per_query.csv", mime="text/csv", key=state.page_key(PAGE, "download"),
                         icon=":material/download:")
measure = choose.selectbox(t("Measure to plot"), list(result.per_query.columns), key=state.page_key(PAGE, "measure"))
values = result.per_query[measure].rename(measure)
left, right = st.columns(2)
left.plotly_chart(charts.distribution(values, t("{measure} across queries (one dot per query)").format(measure=measure)),
                  width="stretch", key=state.page_key(PAGE, "distribution"))
if len(values) <= MAX_BARS:
    right.plotly_chart(charts.per_query_bars(values, t("{measure} per query").format(measure=measure), measure),
                       width="stretch", key=state.page_key(PAGE, "bars"))
else:
    right.caption(t("{count} queries: too many for one bar each; sort the table instead.").format(
        count=f"{len(values):,}"))
st.caption(t("{measure}: {help}. Each dot is one query; the box spans the middle half of the queries, its line is "
             "the median.").format(measure=measure, help=dataset.measure_help(measure)))
