"""Uploaded data on the Streamlit side: read files or pasted text with ``metrics.readers.io``, keep the
Dataset in the session, put one query of it on the board, and evaluate it (cached).

The upload page and the explainer pages (through the query picker) share these helpers; the
numbers all come from ``metrics``.
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
import math
from pathlib import Path

import pandas as pd
import streamlit as st

import metrics
from metrics import MetricsInputError
from metrics.conventions import order_ranking
from metrics.limits import APP
from metrics.measures import describe
from metrics.readers.io import Dataset
from ui.i18n import N_, known, language, nt, pt, t
from ui.model import limits
from ui.model.board import Board, InputError
from ui.model.presets import TITLES
from ui.session import state
from ui.shell import style
from ui.shell.safe import plain

#: the per-query table's measures (trec_eval defaults: linear gain, relevant when grade >= 1)
DEFAULT_MEASURES: tuple[str, ...] = ("nDCG@10", "AP", "RR", "P@10", "R@10", "Rprec")
#: the file types the upload page accepts
UPLOAD_TYPES = ["txt", "qrels", "run", "tsv", "csv", "json", "gz"]  # .gz: any of these, gzipped
#: largest file accepted (also `server.maxUploadSize` in .streamlit/config.toml)
MAX_UPLOAD_MB = 20
MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024
#: k of a freshly loaded query's board: min(DEFAULT_K, length of the ranking)
DEFAULT_K = 10
PASTED_NAME = N_("pasted text")  #: the source name of a pasted list (shown translated, stored in English)
#: the board's note under a loaded query (English; the builder shows it with t())
NOTE_RUN = N_("Unjudged retrieved items count as not relevant; judged items the run did not retrieve wait "
              "in the pool.")
NOTE_QRELS_ONLY = N_("Judgements only: the judged items are ranked in file order.")
NO_QUERY = N_("no query to show")
#: the query picker's label, by number of queries
PICKER_ONE = N_("Query of {source} ({n} query)")
PICKER_MANY = N_("Query of {source} ({n} queries)")
QUERY_TITLE = N_("query {query} of {source}")  #: a loaded query's board title (stored in English)
#: the board's note when a query has more items than a board holds (ui.model.limits.MAX_BOARD_ITEMS)
NOTE_CUT = N_("This query has more items than a board holds: the top of the ranking is on the board (then judged "
              "items not retrieved), the rest left out; the per-query table counts them all.")
#: a file that could not be read for a reason the readers did not foresee (logged with its traceback)
UNEXPECTED = N_("could not read {name}: {kind}")
#: what an upload or a pasted list put on the board (the success line)
LOADED = N_("Loaded {source}: {counts}. On the board: query {query}.")
LOADED_CUT = N_("Only the first {limit} of its {count:,} items are on the board (the board's limit); the per-query "
                "table counts them all.")
LOG = logging.getLogger(__name__)


#: Streamlit's own words on a file uploader, which Streamlit 1.67 draws in English (see uploader_words)
UPLOAD_BUTTON = N_("Upload")
PER_FILE = N_("{mb} MB per file")


NO_QRELS = N_("holds no judgements: expected a qrels file (qid iter docid rel)")
NO_RUN = N_("holds no ranking: expected a run file (qid Q0 docid rank score tag)")


def qrels_and_run(qrels: tuple[str, bytes], run: tuple[str, bytes]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The judgements of the uploaded ``qrels`` and the ranking of the uploaded ``run`` (each (file name, bytes)),
    read within the app's limits; MetricsInputError naming the file when one holds the other kind (or nothing)."""
    judged = metrics.load(qrels[0], qrels[1], max_bytes=MAX_UPLOAD_BYTES, limits=APP)
    if judged.qrels.empty:
        raise MetricsInputError(NO_QRELS, qrels[0])
    ranked = metrics.load(run[0], run[1], max_bytes=MAX_UPLOAD_BYTES, limits=APP)
    if ranked.run is None:
        raise MetricsInputError(NO_RUN, run[0])
    return judged.qrels, ranked.run


def uploader_words(types: list[str]) -> None:
    """Streamlit's own words on this page's file uploaders in the reader's language: the button
    ("Upload") and the limit line ("20MB per file • TXT, CSV"), which Streamlit 1.67 does not
    translate, are replaced by CSS (ui/shell/style/uploader_words.css) in 中文 (``types``: the uploaders' file
    types). Call it once per page, before the uploaders."""
    if language() != "zh":
        return
    limit = t(PER_FILE).format(mb=MAX_UPLOAD_MB) + " • " + "、".join(kind.upper() for kind in types)
    style.inject_sheet("uploader_words.css", button_words=json.dumps(t(UPLOAD_BUTTON), ensure_ascii=False),
                       limit_words=json.dumps(limit, ensure_ascii=False))


def measure_help(measure: str) -> str:
    """What a measure is (its registry description, cut-off and parameters: metrics.measures.describe), in the
    reader's language; '' for a name the grammar does not know."""
    try:
        return describe(measure, t)
    except MetricsInputError:
        return ""


# --------------------------------------------------------------------------------------------
# errors: the core's problem text (English, quoting the input) inside a translated sentence


def source_name(source: str | None) -> str:
    """A dataset's or an error's source as shown: file names as they are, "pasted text" translated."""
    return t(source) if source == PASTED_NAME else str(source or "")


def problem_text(error: MetricsInputError) -> str:
    """The problem as Markdown: the UI's own problems translated, the core's (English, quoting the
    user's input) escaped."""
    if error.template is not None:  # the core's and the UI's templated problems
        return state.message(error, escape=plain)
    # the UI's own fixed problems are in the catalogue; the core's text quotes the input: escaped
    return t(error.problem) if known(error.problem) else plain(error.problem)


def error_text(error: MetricsInputError) -> str:
    """``error`` as Markdown for st.error: "file line N: problem" in the reader's language, the
    file name and the core's problem text shown literally."""
    problem = problem_text(error)
    source = plain(source_name(error.source)) if error.source else ""
    if source and error.line is not None:
        return t("{source} line {line}: {problem}").format(source=source, line=error.line, problem=problem)
    if source:
        return t("{source}: {problem}").format(source=source, problem=problem)
    if error.line is not None:
        return t("line {line}: {problem}").format(line=error.line, problem=problem)
    return problem


# --------------------------------------------------------------------------------------------
# reading


def _name_and_bytes(file) -> tuple[str, bytes]:
    """(name, bytes) of an st.file_uploader value, or of a (name, bytes) pair."""
    if isinstance(file, (tuple, list)):
        name, data = file[0], file[1]
    else:
        name = getattr(file, "name", "upload")
        data = file.getvalue() if hasattr(file, "getvalue") else file.read()
    if isinstance(data, str):
        data = data.encode("utf-8")
    return Path(str(name)).name, bytes(data)


def _kind(dataset: Dataset) -> str:
    """"qrels" (judgements only), "run" (a ranking only) or "both"."""
    if dataset.run is None:
        return "qrels"
    return "run" if dataset.qrels.empty else "both"


def read_files(files) -> Dataset:
    """One Dataset from one file (any format) or a qrels file + a run file (either order).

    Raises MetricsInputError naming the file (and line) on any problem, including a file larger
    than the upload limit.
    """
    pairs = [_name_and_bytes(f) for f in files]
    if not pairs:
        raise InputError(N_("no file given"))
    if len(pairs) > 2:
        raise InputError(N_("{count} files given ({names}): upload one file, or one qrels file and one run file"),
                          count=len(pairs), names=", ".join(n for n, _ in pairs))
    loaded = [metrics.load(name, data, max_bytes=MAX_UPLOAD_BYTES, limits=APP) for name, data in pairs]
    if len(loaded) == 1:
        return loaded[0]
    kinds = {_kind(d): d for d in loaded}
    if set(kinds) != {"qrels", "run"}:
        first, second = loaded
        raise InputError(N_("two files need to be one qrels file and one run file, but {first} holds {first_kind} "
                             "and {second} holds {second_kind}"), words=("first_kind", "second_kind"),
                          first=first.source, first_kind=_describe(_kind(first)),
                          second=second.source, second_kind=_describe(_kind(second)))
    qrels, run = kinds["qrels"], kinds["run"]
    return Dataset(qrels.qrels, run.run, f"{run.source} + {qrels.source}")


def _describe(kind: str) -> str:
    return {"qrels": N_("judgements only (qrels)"), "run": N_("a ranking only (run)"),
            "both": N_("a ranking and judgements")}[kind]


def _digest(pairs) -> str:
    h = hashlib.sha256()
    for name, data in pairs:
        h.update(name.encode("utf-8") + b"\0" + len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


def unexpected(names: str, error: BaseException) -> InputError:
    """An error the readers did not foresee (a RecursionError, an OverflowError, ...), logged with
    its traceback, as a message that names the file and the error's type only."""
    LOG.error("could not read %s", names, exc_info=error)
    kind = type(error)
    name = kind.__qualname__ if kind.__module__ == "builtins" else f"{kind.__module__.lstrip('_')}.{kind.__qualname__}"
    return InputError(UNEXPECTED, name=names, kind=name)


def guarded(names: str, read):
    """``read()``, with any error as a MetricsInputError: the readers' own, or :func:`unexpected`."""
    try:
        return read()
    except MetricsInputError:
        raise
    except (Exception, RecursionError, MemoryError) as error:  # noqa: BLE001 - a page never shows a traceback
        raise unexpected(names, error) from error


def load_upload(files) -> MetricsInputError | None:
    """Read uploaded files (st.file_uploader values, or (name, bytes) pairs) and show them.

    On success the Dataset goes to ``state.DATASET`` (its file names to ``state.DATASET_NAME``),
    its first query onto the board (also the Reset target) and a success line says what was
    loaded. On bad input — any error, foreseen by the readers or not — ``st.error`` with the
    message (file, line, problem) and nothing changes; the error is returned.
    """
    pairs = [_name_and_bytes(f) for f in files]
    names = ", ".join(name for name, _ in pairs)
    try:
        with st.spinner(t("Reading {names}…").format(names=plain(names))):
            dataset = guarded(names, lambda: read_files(pairs))
    except MetricsInputError as error:
        st.error(error_text(error), icon=":material/error:")
        return error
    return _use(dataset, _digest(pairs))


def load_pasted(text: str) -> MetricsInputError | None:
    """Like :func:`load_upload`, for a list typed or pasted into a text area. A list longer than a
    board holds is refused before it is read."""
    text = text or ""
    try:
        lines = sum(1 for line in text.splitlines() if line.strip())
        if lines > limits.MAX_BOARD_ITEMS:
            raise InputError(N_("the pasted list has {count:,} lines: a board holds at most {limit} items; the "
                                "command line ({command}) is for larger jobs"), PASTED_NAME, count=lines,
                             limit=limits.MAX_BOARD_ITEMS, command=limits.COMMAND_LINE)
        dataset = guarded(t(PASTED_NAME), lambda: metrics.parse_pasted(text, PASTED_NAME, limits=APP))
        items = len(dataset.run) if dataset.run is not None else len(dataset.qrels)
        if items > limits.MAX_BOARD_ITEMS:
            raise InputError(N_("the pasted list has {count:,} items: a board holds at most {limit}; the command "
                                "line ({command}) is for larger jobs"), PASTED_NAME, count=items,
                             limit=limits.MAX_BOARD_ITEMS, command=limits.COMMAND_LINE)
    except MetricsInputError as error:
        st.error(error_text(error), icon=":material/error:")
        return error
    return _use(dataset, _digest([(PASTED_NAME, text.encode("utf-8", "replace"))]))


def check_dataset(dataset: Dataset) -> None:
    """What the board and the pages cannot show, refused before anything changes: ids longer than
    :data:`ui.model.limits.MAX_NAME_CHARS` (a 3 MB document id would be a blank chip), grades that are not
    finite or larger than :data:`ui.model.limits.MAX_ABS_GRADE` in size, scores that are not finite.
    Raises InputError naming the file."""
    frames = [("qrels", dataset.qrels)] + ([("run", dataset.run)] if dataset.run is not None else [])
    for _, frame in frames:
        for column in ("query", "item"):
            if column not in frame or frame.empty:
                continue
            lengths = frame[column].astype(str).str.len()
            if lengths.max() > limits.MAX_NAME_CHARS:
                row = frame.iloc[int(lengths.to_numpy().argmax())]
                what = N_("a document id") if column == "item" else N_("a query id")
                raise InputError(N_("{what} of query {query} is {size:,} characters long: ids are limited to {limit} "
                                    "characters"), dataset.source, words=("what",), what=what,
                                 query=_cut(row["query"]), size=int(lengths.max()), limit=limits.MAX_NAME_CHARS)
    grades = _numbers(dataset.qrels["rel"]) if not dataset.qrels.empty else None
    if grades is not None:
        bad = ~grades.map(math.isfinite) | (grades.abs() > limits.MAX_ABS_GRADE)
        if bad.any():
            row = dataset.qrels[bad.to_numpy()].iloc[0]
            raise InputError(N_("the grade of {item} (query {query}) is {value}: grades must be finite numbers of at "
                                "most {limit} in size"), dataset.source, item=_cut(row["item"]),
                             query=_cut(row["query"]), value=_cut(row["rel"]), limit=limits.MAX_ABS_GRADE)
    if dataset.run is not None and not dataset.run.empty:
        scores = _numbers(dataset.run["score"])
        bad = ~scores.map(math.isfinite)
        if bad.any():
            row = dataset.run[bad.to_numpy()].iloc[0]
            raise InputError(N_("the score of {item} (query {query}) is {value}: scores must be finite numbers"),
                             dataset.source, item=_cut(row["item"]), query=_cut(row["query"]),
                             value=_cut(row["score"]))


def _cut(value, limit: int = 40) -> str:
    """A value of the file quoted in a message: at most ``limit`` characters."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return t("an integer of about {digits:,} digits").format(digits=int(value.bit_length() * 0.30103) + 1)
    text = str(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _numbers(values: pd.Series) -> pd.Series:
    """A column as floats; what is not a number becomes NaN, an integer too large for a float infinity."""
    try:
        return pd.to_numeric(values, errors="coerce").astype(float)
    except (OverflowError, TypeError, ValueError):
        def one(value):
            try:
                return float(value)
            except OverflowError:
                return math.inf
            except (TypeError, ValueError):
                return math.nan
        return values.map(one).astype(float)


def _use(dataset: Dataset, digest: str) -> MetricsInputError | None:
    try:
        guarded(dataset.source, lambda: check_dataset(dataset))
        names = guarded(dataset.source, lambda: queries(dataset))
        board = guarded(dataset.source, lambda: board_for_query(dataset, names[0])) if names else None
    except MetricsInputError as error:  # e.g. an item name the board refuses
        text = error_text(error)
        if not error.source:
            text = t("{source}: {problem}").format(source=plain(source_name(dataset.source)), problem=text)
        st.error(text, icon=":material/error:")
        return error
    if board is None:
        error = MetricsInputError(NO_QUERY, dataset.source)
        st.error(error_text(error), icon=":material/error:")
        return error
    st.session_state[state.DATASET] = dataset
    st.session_state[state.DATASET_NAME] = dataset.source
    st.session_state[state.DATASET_DIGEST] = digest
    st.session_state[state.QUERY] = names[0]
    state.set_board(board, origin=True)
    st.success(loaded_text(dataset, names[0]), icon=":material/check_circle:")
    return None


def loaded_text(dataset: Dataset, query: str) -> str:
    """The success line of a load: the source, its counts and the query put on the board."""
    counts = summary(dataset)
    numbers = [nt("{n} query", "{n} queries", counts["queries"]).format(n=f"{counts['queries']:,}"),
               nt("{n} judgement", "{n} judgements", counts["judgements"]).format(n=f"{counts['judgements']:,}"),
               nt("{n} retrieved item", "{n} retrieved items", counts["retrieved"]).format(n=f"{counts['retrieved']:,}")]
    text = t(LOADED).format(source=plain(source_name(dataset.source)), counts=pt("clauses", ", ").join(numbers),
                            query=plain(query))
    count = query_items(dataset, query)
    if count > limits.MAX_BOARD_ITEMS:
        text += " " + t(LOADED_CUT).format(limit=limits.MAX_BOARD_ITEMS, count=count)
    return text


def query_items(dataset: Dataset, query: str) -> int:
    """How many distinct items a query has, ranked or judged."""
    items = set(dataset.qrels.loc[dataset.qrels["query"] == query, "item"])
    if dataset.run is not None:
        items |= set(dataset.run.loc[dataset.run["query"] == query, "item"])
    return len(items)


def dataset() -> Dataset | None:
    """The loaded Dataset, or None."""
    return st.session_state.get(state.DATASET)


# --------------------------------------------------------------------------------------------
# one query on the board


def queries(dataset: Dataset) -> list[str]:
    """The queries the picker offers: the run's (in trec_eval's string order), or the qrels' when
    there is no run."""
    frame = dataset.run if dataset.run is not None else dataset.qrels
    return sorted(str(q) for q in pd.unique(frame["query"]))


def board_title(dataset: Dataset, query: str) -> str:
    """The board's title (stored in English: it identifies the query's board)."""
    return QUERY_TITLE.format(query=query, source=dataset.source)


def _query_title_fields(title: str) -> dict | None:
    """The query and the source of a title :func:`board_title` wrote (``query 101 of run_a.txt``), or None."""
    head, of, source = title.partition(" of ")
    if not head.startswith("query ") or not of:
        return None
    return {"query": head[len("query "):], "source": source}


def shown_title(title: str, session: bool = True) -> str:
    """A board's title in the reader's language: a preset's with its template (``ui.model.presets.TITLES``),
    a loaded query's ("query 101 of run_a.txt") with the query and file names as they are, any other
    through t(). ``session``: whether the reader's session is there to look in (its loaded dataset); not in the live
    class's view route, which draws for every student at once."""
    if title in TITLES:
        template, fields = TITLES[title]
        return t(template).format(**fields)
    data, query = (dataset(), st.session_state.get(state.QUERY)) if session else (None, None)
    if data is not None and query is not None and title == board_title(data, query):
        fields = {"query": query, "source": data.source}
    else:  # a query's board from a shared link, or of a dataset since replaced
        fields = _query_title_fields(title)
    if fields is not None:
        return t(QUERY_TITLE).format(query=fields["query"], source=source_name(fields["source"]))
    return t(title) if title else title


def board_for_query(dataset: Dataset, query: str, k: int | None = None) -> Board:
    """The board of one query: its judged items with grades, the run's items in trec_eval order.

    Ranked items are ordered by score descending, then item id descending
    (``metrics.conventions.order_ranking``); retrieved items without a judgement get grade None
    (unjudged); judged items the run did not retrieve stay in the pool; the run file's own order is kept
    as ``run_order`` (libraries that keep the input order read it). Without a run, the judged
    items are ranked in file order. ``k``: the cut-off (default min(10, length of the ranking)).
    """
    query = str(query)
    judged = dataset.qrels[dataset.qrels["query"] == query]
    grades: dict[str, float | None] = dict(zip(judged["item"].tolist(), judged["rel"].astype(float).tolist()))
    scores: dict[str, float] = {}
    run_order: list[str] = []
    if dataset.run is not None:
        rows = dataset.run[dataset.run["query"] == query]
        items, values = rows["item"].tolist(), rows["score"].astype(float).tolist()
        ranking = [items[i] for i in order_ranking(items, values, ties="trec")]
        scores = dict(zip(items, values))
        run_order = items  # the file's order: what libraries that keep the input order read
    else:
        ranking = list(grades)
    ranked = set(ranking)
    # the grade table lists the ranked items first, then the pool (judged, not retrieved)
    ordered = {item: grades.get(item) for item in ranking} | {i: g for i, g in grades.items() if i not in ranked}
    note = NOTE_RUN if dataset.run is not None else NOTE_QRELS_ONLY
    if len(ordered) > limits.MAX_BOARD_ITEMS:  # the top of the ranking, then the pool, up to the board's limit
        ordered = dict(list(ordered.items())[:limits.MAX_BOARD_ITEMS])
        ranking = [item for item in ranking if item in ordered]
        scores = {item: score for item, score in scores.items() if item in ordered}
        run_order = [item for item in run_order if item in ordered]
        note = NOTE_CUT
    if k is None:
        k = min(DEFAULT_K, len(ranking))
    return Board(grades=ordered, ranking=tuple(ranking), k=max(1, int(k)), scores=scores,
                 title=board_title(dataset, query), note=note, run_order=tuple(run_order))


def show_query(query: str) -> None:
    """Put a query of the loaded dataset on the board, keeping the board's k and conventions. A query
    the board cannot hold (a score or grade beyond ui.model.limits) leaves the board as it is and is said by
    the next :func:`say_query_problem` (this runs in a widget's callback, before the page)."""
    data = dataset()
    if data is None:
        return
    current = state.board()
    try:
        board = guarded(data.source, lambda: board_for_query(data, query, k=current.k).with_settings(
            gain=current.gain, ideal=current.ideal, ap_denominator=current.ap_denominator,
            threshold=current.threshold))
    except MetricsInputError as error:
        st.session_state[QUERY_PROBLEM] = (str(query), error)
        return
    st.session_state.pop(QUERY_PROBLEM, None)
    st.session_state[state.QUERY] = str(query)
    state.set_board(board, origin=True)


def say_query_problem() -> None:
    """The st.error of the last query :func:`show_query` could not put on the board (once)."""
    problem = st.session_state.pop(QUERY_PROBLEM, None)
    if problem is not None:
        query, error = problem
        st.error(t(QUERY_REFUSED).format(query=plain(query), problem=error_text(error)), icon=":material/error:")


def _picked(key: str) -> None:
    query = st.session_state.get(key)
    if query is not None:
        show_query(query)


def query_picker(page: str) -> None:
    """A selectbox of the dataset's queries (only when a dataset is loaded); picking one puts it on
    the board. Empty while the board shows something else (a preset, say)."""
    data = dataset()
    if data is None:
        return
    options = _cached_queries(st.session_state.get(state.DATASET_DIGEST, ""), data)
    current = st.session_state.get(state.QUERY)
    on_board = current in options and state.board().title == board_title(data, current)
    key = state.page_key(page, f"query_{state.revision()}")
    label = t(PICKER_ONE if len(options) == 1 else PICKER_MANY)
    say_query_problem()
    st.selectbox(label.format(source=source_name(data.source), n=f"{len(options):,}"), options,
                 index=options.index(current) if on_board else None, key=key, on_change=_picked, args=(key,),
                 placeholder=t("Pick a query to put it on the board"),
                 help=t("Puts the query's ranked items and judgements on the board; k and the conventions stay."))


@st.cache_data(show_spinner=False, max_entries=8)
def _cached_queries(digest: str, _dataset: Dataset) -> list[str]:
    return queries(_dataset)


# --------------------------------------------------------------------------------------------
# many queries


def summary(dataset: Dataset) -> dict[str, int]:
    """Counts for the page: queries (run, qrels, both), judgements, retrieved items."""
    run_queries = set(pd.unique(dataset.run["query"])) if dataset.run is not None else set()
    qrels_queries = set(pd.unique(dataset.qrels["query"]))
    return {
        "queries": len(run_queries or qrels_queries),
        "judgements": len(dataset.qrels),
        "retrieved": 0 if dataset.run is None else len(dataset.run),
        "run_only": len(run_queries - qrels_queries),
        "qrels_only": len(qrels_queries - run_queries) if run_queries else 0,
    }


@st.cache_data(show_spinner=False, max_entries=8)
def _evaluate(digest: str, _dataset: Dataset, measures: tuple[str, ...]) -> metrics.Evaluation:
    # cached on the digest of the uploaded bytes; the Dataset itself is not hashed
    return metrics.evaluate(_dataset.qrels, _dataset.run, list(measures))


def evaluation(measures: tuple[str, ...] = DEFAULT_MEASURES) -> metrics.Evaluation | None:
    """The loaded dataset evaluated with ``metrics.evaluate`` (trec_eval semantics), cached;
    None when nothing is loaded or the dataset has no run."""
    data = dataset()
    if data is None or data.run is None:
        return None
    return _evaluate(st.session_state.get(state.DATASET_DIGEST, ""), data, tuple(measures))


def results_table(result: metrics.Evaluation) -> pd.DataFrame:
    """The per-query values with the mean as a last row named "all" (as trec_eval prints it)."""
    table = result.per_query.copy()
    mean = pd.DataFrame([result.aggregate], index=pd.Index(["all"], name=table.index.name))
    return pd.concat([table, mean.astype(float)])


# --------------------------------------------------------------------------------------------
# uploads the server no longer holds, files removed from a loaded pair

#: the uploader still shows files whose bytes the server does not have (it was restarted, or the
#: session expired): the data they gave is gone
def lost_text(count: int) -> str:
    """The warning when the upload box shows ``count`` files the server no longer has."""
    return nt("The upload box still shows {count} file, but the server no longer has it (it was restarted, or this "
              "session expired): the data loaded from it is gone. Remove it from the box and upload it again.",
              "The upload box still shows {count} files, but the server no longer has them (it was restarted, or "
              "this session expired): the data loaded from them is gone. Remove them from the box and upload them "
              "again.", count).format(count=count)
#: a file of a loaded qrels + run pair was taken out of the upload box
REMOVED = N_("{removed} is no longer in the upload box. The data loaded with it ({source}) stays on the board and in "
             "the table; upload a file to replace it, or all files again to start over.")


#: a query of the loaded data the board cannot hold (ui.data.dataset.show_query): (query, its error)
QUERY_PROBLEM = "dataset_query_problem"
QUERY_REFUSED = N_("Query {query} stays off the board: {problem}")


def lost_uploads(key: str) -> int:
    """How many files the uploader of widget ``key`` shows that the server no longer holds: the widget's value
    keeps an entry for each of them that is not a file (Streamlit's ``DeletedFile``: a file id, nothing to read),
    where a file it holds is an ``UploadedFile`` (a ``BytesIO``)."""
    value = st.session_state.get(key)
    values = value if isinstance(value, list) else [value]
    return sum(1 for file in values if file is not None and not isinstance(file, io.IOBase))


def read_sample(root: Path, paths) -> list[tuple[str, bytes]] | None:
    """The bundled sample files as (name, bytes) pairs; None, with one st.error, when one is missing."""
    try:
        return [(Path(p).name, (root / p).read_bytes()) for p in paths]
    except OSError as error:
        LOG.error("sample file missing", exc_info=error)
        st.error(t("The sample file {name} is missing from this installation ({kind}).").format(
            name=plain(Path(getattr(error, "filename", "") or "?").name), kind=type(error).__name__),
            icon=":material/error:")
        return None
