"""Batch evaluation on Dask: partitions of whole queries evaluated in parallel, reduced in trec_eval's order.

Every measure is a function of one query's judgements and ranking, so a query's values do not depend on
which partition holds it; the means are then taken one query after the other in trec_eval's query order
(string order) on the gathered values, exactly as one process takes them.  The result is the same
numbers, and so the same output bytes, as :func:`metrics.batch.evaluate` in one process.

* :func:`metrics.batch.evaluation.evaluate_dask` (there, beside the evaluation it returns) --
  :func:`metrics.evaluate` with a Dask DataFrame as the run: shuffled on its query column (each partition then
  holds whole queries), each partition evaluated with ``map_partitions`` against the qrels (in memory, sent to
  every partition), the qrels' queries missing from the run (``count_missing``) evaluated once on the client.
  Dask's scheduler runs it: the default one, or the active ``distributed.Client``.
* :func:`values_by_partition` -- the command line's counterpart (``trec_eval --workers N`` /
  ``--scheduler ADDRESS``): the queries, in order, cut into contiguous partitions, each evaluated as a
  task on a ``distributed`` cluster, the per-query values gathered back in order.  The work of a partition
  is given as a function (:func:`metrics.batch.trec_eval.trec_eval_values`,
  :func:`metrics.batch.evaluation.evaluation_values`), so this module imports neither of them.
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
from ..readers.columns import DictColumn, TrecColumns, column_codes
from ._shared import distinct, take_rows

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
    for start, stop in zip(bounds[:-1].tolist(), bounds[1:].tolist()):
        if start == stop:
            continue
        low, high = int(codes[start]), int(codes[stop - 1])
        run_part = take_rows(run, np.flatnonzero((rq >= low) & (rq <= high)))
        qrels_part = take_rows(qrels, np.flatnonzero((jq >= low) & (jq <= high)))
        futures.append(client.submit(_guarded, compute, qrels_part, run_part, names[start:stop], *args, pure=False))
    merged: dict = {}
    with cluster_failure():
        outcomes = client.gather(futures)
    for outcome in outcomes:
        if isinstance(outcome, _Raised):
            raise outcome.error
        merged.update(outcome)
    return merged


@contextmanager
def cluster_failure():
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
    return set(column.values.to_list()) if isinstance(column, DictColumn) else distinct(column)
