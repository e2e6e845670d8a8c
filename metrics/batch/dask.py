"""Batch evaluation on Dask: partitions of whole queries evaluated in parallel, reduced in trec_eval's order.

Every measure is a function of one query's judgements and ranking, so a query's values do not depend on
which partition holds it; the means are then taken one query after the other in trec_eval's query order
(string order) on the gathered values, exactly as one process takes them.  The result is the same
numbers, and so the same output bytes, as :func:`metrics.batch.evaluate` in one process.

* :func:`evaluate_dask` -- :func:`metrics.evaluate` with a Dask DataFrame as the run: shuffled on its query
  column (each partition then holds whole queries), each partition evaluated with
  ``map_partitions`` against the qrels (in memory, sent to every partition), the qrels' queries missing
  from the run (``count_missing``) evaluated once on the client.  Dask's scheduler runs it: the default
  one, or the active ``distributed.Client``.
* :func:`values_by_partition` -- the command line's counterpart (``trec_eval --workers N`` /
  ``--scheduler ADDRESS``): the queries, in order, cut into contiguous partitions, each evaluated as a
  task on a ``distributed`` cluster, the per-query values gathered back in order.
* :func:`dask_client` -- a ``LocalCluster`` of N single-threaded worker processes, or a client of a running
  scheduler.

Dask is optional (``pip install "dask[dataframe]" distributed``): importing this module does not import
it, and a call that needs it without it installed raises :class:`MetricsInputError` saying so.
"""

from __future__ import annotations

import importlib
from contextlib import contextmanager

import numpy as np

from ..errors import MetricsInputError
from ..measures.names import parse_measures
from ..readers.columns import StrColumn, TrecColumns, column_codes
from ..readers.tables import match_columns

INSTALL = 'pip install "dask[dataframe]" distributed'


def require(module: str):
    """Import ``module`` (a part of Dask) or say how to install it."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise MetricsInputError(f"{module} is needed to evaluate on a Dask cluster ({error}); install it with: "
                                f"{INSTALL}") from None


def is_dask_collection(obj) -> bool:
    """Whether ``obj`` is a Dask DataFrame (told by its type's module: Dask is not imported)."""
    return type(obj).__module__.partition(".")[0] in ("dask", "dask_expr")


@contextmanager
def dask_client(workers: int | None = None, scheduler: str | None = None):
    """A ``distributed.Client``: of the scheduler at ``scheduler`` (a real cluster, e.g.
    ``tcp://10.0.0.5:8786``), else of a new ``LocalCluster`` of ``workers`` single-threaded worker
    processes (no dashboard), closed on exit."""
    distributed = require("distributed")
    if scheduler:
        try:
            client = distributed.Client(scheduler, timeout="30s")
        except (OSError, TimeoutError) as error:
            raise MetricsInputError(f"cannot reach the Dask scheduler at {scheduler!r}: {error}") from None
        with client:
            yield client
        return
    if workers is None or workers < 1:
        raise MetricsInputError(f"the number of Dask workers must be at least 1, got {workers}")
    import logging

    with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=logging.ERROR) as cluster, distributed.Client(cluster) as client:
        yield client


# -- metrics.evaluate on a Dask DataFrame --------------------------------------------------------------

def evaluate_dask(qrels, run, measures, *, count_missing: bool = False, no_relevant: str = "zero"):
    """:func:`metrics.batch.evaluate` with ``run`` a Dask DataFrame (the same columns as a pandas run);
    the same :class:`~metrics.batch.evaluation.Evaluation`, value for value, as one process."""
    from .evaluation import Evaluation, _warn_grades_below_level, evaluate_columns, mean_of, refuse_no_common_query
    from .inputs import as_columns

    require("dask.dataframe")
    parsed = parse_measures(measures)
    names = [str(m) for m in parsed]
    qrels_cols = as_columns(qrels, "qrels")
    _warn_grades_below_level(parsed, qrels_cols.value)
    index_names = [name for name in [run.index.name] if name is not None and name not in run.columns]
    if index_names:
        run = run.reset_index()  # the ids in a named index, as evaluate reads a pandas frame
    # a duplicate is named by its rows' index labels: the row numbers one process names when the index holds them
    # (a pandas frame's RangeIndex through from_pandas: known divisions), else as labels
    row_numbers = bool(run.known_divisions) and run.index.dtype.kind in "iu"
    query = match_columns(list(run.columns), "run").get("query")
    if query is None:
        run = run.repartition(npartitions=1)  # no query column: one query, one partition
    else:
        run = run.shuffle(on=run.columns[query])  # each query's rows in one partition
    meta = _values_frame((), {name: np.zeros(0) for name in names})
    parts = run.map_partitions(_evaluate_partition, qrels_cols, parsed, no_relevant, row_numbers, meta=meta,
                               enforce_metadata=False)
    with _cluster_failure():
        frame = parts.compute()
    queries = frame["query"].tolist()
    if not queries:  # as evaluate refuses it: never a mean of nothing
        refuse_no_common_query(qrels_cols, "(a Dask DataFrame)")
    values = {name: frame[name].to_numpy(np.float64) for name in names}
    if count_missing:
        missing = _missing_queries(qrels_cols, set(queries))
        if missing is not None:
            empty = StrColumn.from_strings([])
            extra = evaluate_columns(missing, TrecColumns("run", "run", empty, empty, np.zeros(0)), parsed,
                                     count_missing=True, no_relevant=no_relevant)
            queries += list(extra.queries)
            values = {name: np.concatenate((values[name], extra.values[name])) for name in names}
    order = sorted(range(len(queries)), key=queries.__getitem__)  # trec_eval's order: string order
    ordered = np.array(order, dtype=np.int64)
    values = {name: values[name][ordered] for name in names}
    aggregate = {name: mean_of(m, values[name], no_relevant) for name, m in zip(names, parsed)}
    return Evaluation(tuple(queries[i] for i in order), values, aggregate)


def _evaluate_partition(partition, qrels: TrecColumns, measures, no_relevant: str, row_numbers: bool = False):
    """One partition's per-query values (queries in the run and the qrels) as a frame; an item listed twice is
    named by its two rows' index labels (``row_numbers``: they are the rows one process names), not by its rows
    in the partition."""
    from .evaluation import DuplicateItem, evaluate_columns
    from .inputs import as_columns

    if not len(partition):
        return _values_frame((), {str(m): np.zeros(0) for m in measures})
    try:
        result = evaluate_columns(qrels, as_columns(partition, "run"), measures, no_relevant=no_relevant)
    except DuplicateItem as error:
        if error.kind != "run":
            raise
        a, b = (partition.index[row] for row in error.rows)
        a, b = (a.item() if hasattr(a, "item") else a), (b.item() if hasattr(b, "item") else b)
        where = f"rows {a} and {b} of the run" if row_numbers else f"index {a!r} and {b!r} of the run"
        raise DuplicateItem(error.kind, error.source, error.query, error.item, (a, b), where) from None
    return _values_frame(result.queries, result.values)


def _values_frame(queries, values: dict):
    import pandas as pd

    frame = pd.DataFrame({"query": pd.array(list(queries), dtype="str")})
    for name, column in values.items():
        frame[name] = np.asarray(column, dtype=np.float64)
    return frame


def _missing_queries(qrels: TrecColumns, evaluated: set[str]) -> TrecColumns | None:
    """The qrels rows of the queries not in ``evaluated`` (None when there is none)."""
    from .trec_eval import take_rows

    (codes,), nq = column_codes(qrels.query)
    first = np.unique(codes, return_index=True)[1]
    names = take_rows(qrels, first).query.to_list()  # each code's name, codes in string order
    keep = np.array([name not in evaluated for name in names], dtype=bool)
    if not keep.any():
        return None
    return take_rows(qrels, np.flatnonzero(keep[codes]))


# -- the command line: partitions of the columns as tasks ---------------------------------------------

def values_by_partition(client, compute, qrels: TrecColumns, run: TrecColumns, names: list[str], *args) -> dict:
    """``compute(qrels_part, run_part, part_names, *args)`` (a dict keyed by query name) on contiguous
    partitions of ``names`` (sorted query names), each partition a task on ``client``'s workers holding the
    rows of its queries only; the dicts merged in query order.  An exception raised by a task is raised
    here (the first partition's first)."""
    if not names:
        return {}
    (rq, jq), nq = column_codes(run.query, qrels.query)
    union = sorted(_names(run.query) | _names(qrels.query))
    if len(union) != nq:  # codes follow the strings' byte order, which is Python's str order
        raise AssertionError("query codes and names disagree")
    code_of = {name: code for code, name in enumerate(union)}
    codes = np.array([code_of[name] for name in names], dtype=np.int64)
    workers = max(1, len(client.scheduler_info().get("workers", {})))
    bounds = np.linspace(0, len(names), min(len(names), 2 * workers) + 1).astype(np.int64)
    futures = []
    from .trec_eval import take_rows

    for start, stop in zip(bounds[:-1].tolist(), bounds[1:].tolist()):
        if start == stop:
            continue
        low, high = int(codes[start]), int(codes[stop - 1])
        run_part = take_rows(run, np.flatnonzero((rq >= low) & (rq <= high)))
        qrels_part = take_rows(qrels, np.flatnonzero((jq >= low) & (jq <= high)))
        futures.append(client.submit(_guarded, compute, qrels_part, run_part, names[start:stop], *args, pure=False))
    merged: dict = {}
    with _cluster_failure():
        outcomes = client.gather(futures)
    for outcome in outcomes:
        if isinstance(outcome, _Raised):
            raise outcome.error
        merged.update(outcome)
    return merged


def trec_eval_values(qrels: TrecColumns, run: TrecColumns, names: list[str], output_lines, judged_only: bool) -> dict:
    """One partition of ``python -m metrics trec_eval``: {query: {line: value}} (its ``_values``)."""
    from .trec_eval import _values

    return _values(output_lines, qrels, run, names, judged_only)


def evaluation_values(qrels: TrecColumns, run: TrecColumns, names: list[str], measures, count_missing: bool,
                      no_relevant: str) -> dict:
    """One partition of ``python -m metrics evaluate``: {query: [value of each measure]} of its evaluated queries
    (:func:`metrics.batch.evaluation.evaluate_columns`)."""
    from .evaluation import evaluate_columns

    result = evaluate_columns(qrels, run, measures, count_missing=count_missing, no_relevant=no_relevant)
    columns = [result.values[str(m)].tolist() for m in measures]
    return {query: [column[i] for column in columns] for i, query in enumerate(result.queries)}


@contextmanager
def _cluster_failure():
    """A cluster that cannot run the tasks (most often: ``metrics`` or a library not importable on its
    workers, which Dask reports as a RuntimeError) as one line."""
    try:
        yield
    except (RuntimeError, ImportError) as error:
        first = " ".join(str(error).split()).split(". ")[0].rstrip(".") or type(error).__name__
        raise MetricsInputError(f"the Dask cluster could not run the evaluation ({first}); are this project's "
                                "requirements installed and metrics importable on every worker?") from None


class _Raised:
    """An exception raised by a task, carried back as a value (some exceptions do not survive pickling
    as exceptions: their constructors take more than the message)."""

    def __init__(self, error: BaseException):
        self.error = error

    def __reduce__(self):
        return _rebuild, (type(self.error), self.error.args, dict(vars(self.error)))


def _rebuild(kind, args, state) -> _Raised:
    error = kind.__new__(kind)
    error.args = args
    vars(error).update(state)
    return _Raised(error)


def _guarded(compute, *args):
    try:
        return compute(*args)
    except Exception as error:  # re-raised by values_by_partition on the client
        return _Raised(error)


def _names(column) -> set[str]:
    """The strings :func:`~metrics.readers.columns.column_codes` ranks for ``column``: a DictColumn's whole
    dictionary (rows taken from a larger column keep it), another column's distinct values."""
    from ..readers.columns import DictColumn
    from .trec_eval import _distinct

    return set(column.values.to_list()) if isinstance(column, DictColumn) else _distinct(column)
