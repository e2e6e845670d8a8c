"""``python -m metrics evaluate`` on TREC files of any size, in bounded memory.

The reading is the ``trec_eval`` command's (:mod:`metrics.batch.trec_eval`): the qrels are held (as trec_eval
holds them); the run is streamed (:mod:`metrics.readers.stream`): a first pass checks every line and indexes
each query's byte ranges (a pipe, stdin or a gzipped run is copied to a temporary file then, and so read once),
then the queries are read back in trec_eval's order (string order), a batch of whole queries at a time, and
each batch is evaluated by :func:`metrics.batch.evaluation.evaluate_columns` -- a query's values do not depend on
the other queries, so they are those of one evaluation of the whole.  The means are accumulated query after
query (:class:`~metrics.batch.evaluation.RunningMean`): the same floats.  Memory: the qrels, one batch and
the run's index (one entry a query for a run grouped by query); the per-query values go to the output writer
(:mod:`metrics.batch.output`) batch after batch.

Checked before any value is computed: the qrels (a document judged twice: both lines named), every run line,
a query in both.  A document listed twice for a query of the run is found when its batch is read: the error
names both lines in the file, as the one-pass reader does (the CSV rows of the queries before it are then
already written).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ..errors import input_error
from ..limits import CLI, Limits
from ..measures.names import Measure
from ..messages import N_
from ..readers.columns import StrColumn, TrecColumns
from ..readers.fields import AtofScores
from ..readers.trec import read_qrels_columns
from ._shared import batches, distinct, rows_by_query, take_rows
from .c_order import as_ranked
from .dask import values_by_partition
from .evaluation import (
    DuplicateItem,
    RunningMean,
    _query_sample,
    _warn_grades_below_level,
    evaluate_columns,
    evaluation_values,
    refuse_no_common_query,
)

#: how ``evaluate`` reads a run's scores (see :class:`StreamedEvaluation`)
SCORE_POLICIES = ("trec_eval", "strict")


class StreamedEvaluation:
    """An evaluation of the TREC files ``qrels`` and ``run`` (paths; ``-`` reads ``stdin``) read as the module
    docstring says: the inputs are read and checked on creation; :meth:`batches` evaluates the queries,
    yielding ``(queries, {measure name: values})`` a batch at a time in trec_eval's order; :attr:`aggregate`
    holds the means once they are all done.  With a ``distributed.Client``, each batch's queries are evaluated
    in partitions on its cluster (:func:`metrics.batch.dask.values_by_partition`).  Use it as a context
    manager (the run's temporary copy, if any, is removed on exit).

    ``scores``: ``"strict"`` refuses a score that is not a plain finite number (naming its file and line);
    ``"trec_eval"`` reads it as trec_eval does (C's atof: ``-inf``, ``nan``, ``0x1p3``, ``12abc`` ...;
    :class:`~metrics.readers.fields.AtofScores`), :attr:`warning` then naming the first such score, and ranks
    a query with a NaN as trec_eval does (:mod:`metrics.batch.c_order`).  ``float32``: scores rounded to
    32-bit floats before ranking, as trec_eval 9.0.x reads them (scores closer than about 1e-7 of their size
    then tie).  ``judged_only``: trec_eval's ``-J`` (:func:`metrics.batch.evaluation.evaluate`)."""

    def __init__(self, qrels: str, run: str, measures: list[Measure], *, count_missing: bool = False,
                 no_relevant: str = "zero", stdin=None, client=None, limits: Limits = CLI, scores: str = "strict",
                 float32: bool = False, judged_only: bool = False):
        from ..readers.stream import index_path, whole_source  # (here: import metrics.batch loads no streaming reader)

        self.measures, self.names = measures, [str(m) for m in measures]
        self.count_missing, self.no_relevant, self.client = count_missing, no_relevant, client
        if scores not in SCORE_POLICIES:
            raise ValueError(f"scores must be one of {', '.join(SCORE_POLICIES)}, got {scores!r}")
        self.float32, self.judged_only = float32, judged_only
        reader = AtofScores() if scores == "trec_eval" else None
        qrels_name, run_name = _name(qrels), _name(run)
        try:
            source = whole_source(qrels, qrels_name, limits, stdin)
        except OSError as error:
            raise input_error(N_("cannot read file: {reason}"), qrels_name, reason=error.strerror or error) from None
        # a document judged twice: refused here, both lines named (the run's duplicates: batch by batch)
        self.qrels = read_qrels_columns(source, qrels_name, check_duplicates=True, limits=limits)
        del source
        try:
            self.index = index_path(run, run_name, limits, stdin, bom=True,  # as the one-pass reader: one dropped
                                    scores=reader)
        except OSError as error:
            raise input_error(N_("cannot read file: {reason}"), run_name, reason=error.strerror or error) from None
        try:
            qrels_queries, run_queries = distinct(self.qrels.query), set(self.index.names)
            if not qrels_queries & run_queries:
                refuse_no_common_query(self.qrels, _query_sample(self.index.names))
            _warn_grades_below_level(measures, self.qrels.value)
            self.missing = qrels_queries - run_queries if count_missing else set()
            self.queries = sorted(run_queries | self.missing)  # trec_eval's order; run-only ones are checked too
        except BaseException:
            self.index.close()
            raise
        self._scores = reader  #: what was read as atof reads it (None: scores read strictly)
        self.totals = {str(m): RunningMean(m, no_relevant) for m in measures}
        self.aggregate: dict[str, float] = {}

    def warning(self, program: str) -> str | None:
        """The warning, said as ``program``, naming the first score read as C's atof reads it (None: every score was a
        plain number, or scores were read strictly)."""
        return self._scores.warning(program) if self._scores is not None else None

    def __enter__(self) -> StreamedEvaluation:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        self.index.close()

    def batches(self):
        """``(queries, {name: values})`` of each batch of evaluated queries, in order; then :attr:`aggregate`."""
        rows_of = rows_by_query(self.qrels)
        empty = StrColumn.from_tokens([])  # (not from_strings: pa.array imports pandas)
        for names, run in batches(self.queries, self.missing, self.index):
            qrels = take_rows(self.qrels, rows_of(names))
            if run is None:
                run = TrecColumns("run", self.index.name, empty, empty, np.zeros(0))
            run = as_ranked(run, self.float32)
            queries, values = self._values(qrels, run, names)
            for name, total in self.totals.items():
                total.add(values[name])
            if queries:
                yield queries, values
        self.aggregate = {name: total.value() for name, total in self.totals.items()}

    def _values(self, qrels: TrecColumns, run: TrecColumns, names: list[str]):
        """The evaluated queries among ``names`` (string order) and their values; a document listed twice:
        both lines named in the run file."""
        try:
            if self.client is not None:
                rows = values_by_partition(self.client, evaluation_values, qrels, run, names, self.measures,
                                           self.count_missing, self.no_relevant, self.judged_only)
                queries = [name for name in names if name in rows]
                return queries, {name: np.array([rows[query][i] for query in queries], dtype=np.float64)
                                 for i, name in enumerate(self.names)}
            result = evaluate_columns(qrels, run, self.measures, count_missing=self.count_missing,
                                      no_relevant=self.no_relevant, judged_only=self.judged_only)
            return list(result.queries), result.values
        except DuplicateItem as error:
            if error.kind != "run":  # pragma: no cover - the qrels were checked when read
                raise
            lines = self.index.item_lines(error.query, error.item)
            from ..readers.fields import quote
            from ..readers.trec import LISTED_TWICE

            raise input_error(LISTED_TWICE["run"], self.index.name, lines[1], item=quote(error.item),
                              query=quote(error.query), earlier=lines[0], lineno=lines[1]) from None


def _name(path: str) -> str:
    """A command-line file's name in messages: its base name (``stdin`` for ``-``)."""
    return "stdin" if path == "-" else Path(path).name
