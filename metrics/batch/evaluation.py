r"""Batch evaluation: every query of a run against its qrels at once, vectorised with numpy.

By default the numbers are trec_eval's (``trec_eval -q``; with ``count_missing=True``,
``trec_eval -c``).  For one query with retrieved items at ranks :math:`i = 1, 2, \dots`, grade
:math:`g_i` (0 for unjudged items), relevance :math:`r_i = [g_i \ge \theta]` (threshold
:math:`\theta`, measure parameter ``rel``, default 1) and :math:`R` relevant judged items:

.. math::

    \mathrm{P@k} = \frac{1}{k}\sum_{i \le k} r_i \qquad
    \mathrm{R@k} = \frac{1}{R}\sum_{i \le k} r_i \qquad
    \mathrm{F1@k} = \frac{2\,\mathrm{P@k}\,\mathrm{R@k}}{\mathrm{P@k} + \mathrm{R@k}} \qquad
    \mathrm{Success@k} = [\textstyle\sum_{i \le k} r_i > 0]

    \mathrm{AP@k} = \frac{1}{D}\sum_{i \le k} r_i \, \frac{\sum_{j \le i} r_j}{i} \qquad
    \mathrm{RR@k} = \frac{1}{\min\{i \le k : r_i = 1\}} \qquad
    \mathrm{Rprec} = \frac{1}{R}\sum_{i \le R} r_i

    \mathrm{nDCG@k} = \frac{\sum_{i \le k} G(g_i) / \log_2(i + 1)}
                           {\sum_{i \le k} G(g^*_i) / \log_2(i + 1)}

with :math:`D = R` (``denom=R``, trec_eval's ``map``/``map_cut``), the relevant items found in
the top k (``denom=found``) or :math:`\min(k, R)` (``denom=minKR``; :math:`k` the list's length without ``@k``); :math:`G(g) = \max(g, 0)`
(``gain=lin``) or :math:`2^{\max(g,0)} - 1` (``gain=exp``); :math:`g^*` all judged grades of the
query sorted descending (``ideal=judged``) or the retrieved items' grades sorted descending
(``ideal=list``).  Without ``@k`` the sums run over the whole ranking.  A fraction whose
denominator is 0 is 0.

trec_eval's conventions, kept here: items are ordered by score descending, ties by item id
descending (byte-wise string comparison); the file's rank field is ignored; scores are compared
as float64; negative grades have gain 0 and are never relevant; only queries with judgements are
evaluated (and, without ``count_missing``, only those also in the run); the aggregate is the
mean over the evaluated queries, summed one query after the other like trec_eval (not pairwise like
``np.mean``); counts are summed, GMAP and GMBpref are geometric means (:mod:`.trec_measures`).

Implementation: strings become integer codes whose order is the strings' order
(:meth:`metrics.readers.columns.StrColumn.dense_codes`); one sort of (query, item) keys joins grades onto the
run and finds duplicates; one sort orders the ranking (skipped when the run is already in
trec_eval's order); every measure is then a ``np.bincount`` over query codes of a per-row
contribution.  pandas is imported only when :attr:`Evaluation.per_query` is first read.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np

from ..errors import GradesBelowLevelWarning, MetricsInputError, input_error
from ..measures.cwl_measures import ir_measures_name
from ..measures.names import Measure, parse_gain_map, parse_measures
from ..measures.registry import REGISTRY
from ..messages import N_
from ..notebook import evaluation_html, evaluation_markdown, evaluation_repr
from ..readers.columns import DictColumn, StrColumn, TrecColumns, column_codes, dense_ranks
from ..readers.tables import match_columns
from ..readers.trec import reraise_duplicate
from . import cwl_measures as _cwl_measures  # noqa: F401  (registers its @batch_of implementations)
from . import dask as _dask
from . import ir_measures_extra as _ir_measures_extra  # noqa: F401  (registers its @batch_of implementations)
from ._shared import distinct, judged_rows, take_rows
from .c_order import as_float32
from .dispatch import batch_function, batch_of
from .inputs import as_columns
from .trec_measures import GEOMETRIC, MIN_GEO_MEAN, SUMMED, _ratio, num_ret

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

#: accepted values of ``no_relevant``
NO_RELEVANT = ("zero", "skip", "nan")


@dataclass(frozen=True, eq=False)
class Evaluation:
    """Result of :func:`evaluate`.

    Attributes
    ----------
    queries : tuple of str
        The evaluated query ids, in trec_eval's order (string order).
    values : dict of str to numpy.ndarray
        Canonical measure name -> per-query values aligned with ``queries`` (NaN for a query
        left out by ``no_relevant="skip"``/``"nan"``).
    aggregate : dict of str to float
        Canonical measure name -> mean over the queries (trec_eval's ``all`` line).
    per_query : pandas.DataFrame
        (property) index ``query`` = ``queries``, one column per measure.
    """

    queries: tuple[str, ...]
    values: dict[str, np.ndarray]
    aggregate: dict[str, float]

    @cached_property
    def per_query(self) -> pd.DataFrame:
        import pandas as pd

        index = pd.Index(list(self.queries), dtype="str", name="query")
        return pd.DataFrame({name: values for name, values in self.values.items()}, index=index,
                            columns=list(self.values))

    def tidy(self) -> pd.DataFrame:
        """One row per (query, measure): columns ``query``, ``measure``, ``value`` (long format, for
        ``groupby``, seaborn, plotly express)."""
        import pandas as pd

        return pd.DataFrame({"query": np.tile(np.asarray(self.queries, dtype=object), len(self.values)),
                             "measure": np.repeat(list(self.values), len(self.queries)),
                             "value": np.concatenate(list(self.values.values())) if self.values else []})

    def to_dict(self) -> dict[str, dict[str, float]]:
        """``{measure: {query: value}}``, the per-query scores as ranx keeps them (``Run.scores``)."""
        return {name: dict(zip(self.queries, values.tolist())) for name, values in self.values.items()}

    def to_pytrec_eval(self) -> dict[str, dict[str, float]]:
        """``{query: {measure: value}}``, as ``pytrec_eval.RelevanceEvaluator.evaluate`` returns them."""
        columns = {name: values.tolist() for name, values in self.values.items()}
        return {query: {name: column[i] for name, column in columns.items()} for i, query in enumerate(self.queries)}

    def to_ir_measures(self) -> list:
        """Per-query records as ``ir_measures.iter_calc`` yields them: ``Metric(query_id, measure, value)``,
        ir_measures' own namedtuple and measure objects when ir_measures is installed and parses the name
        (names of conventions it lacks, e.g. ``nDCG(ideal=list)``, stay text; a C/W/L measure's defaults are
        written out where ir_measures' differ: :func:`metrics.measures.cwl_measures.ir_measures_name`), else a
        namedtuple of the same fields with names as text."""
        try:
            from ir_measures import Metric, parse_measure
        except ImportError:
            from collections import namedtuple

            Metric, parse_measure = namedtuple("Metric", "query_id measure value"), str
        records = []
        for name, values in self.values.items():
            try:
                measure = parse_measure(ir_measures_name(parse_measures([name])[0]))
            except Exception:  # ir_measures has no such measure or parameter: the name as text
                measure = name
            records.extend(Metric(query, measure, value) for query, value in zip(self.queries, values.tolist()))
        return records

    def __repr__(self) -> str:
        return evaluation_repr(self)

    def _repr_html_(self) -> str:
        """In a notebook: the means and the per-query table with its mean row (:mod:`metrics.notebook`)."""
        return evaluation_html(self)

    def _repr_markdown_(self) -> str:
        return evaluation_markdown(self)


def evaluate(qrels, run, measures, *, count_missing: bool = False,
             no_relevant: str = "zero", float32: bool = False, judged_only: bool = False) -> Evaluation:
    """Evaluate every query of ``run`` against ``qrels`` (trec_eval semantics by default).

    Parameters
    ----------
    qrels, run
        A pandas DataFrame (qrels: ``query``, ``item``, ``rel``; run: ``query``, ``item`` and
        ``score`` and/or ``rank``; also ranx's and ir_measures' column names), an iterable of
        ir_measures-style namedtuples, a :class:`~metrics.readers.io.Dataset`, a
        :class:`~metrics.readers.io.TrecColumns`, a path or the bytes of a TREC file (gzipped or not),
        or a pytrec_eval style ``{query: {item: grade_or_score}}`` dict; the run may also be a Dask DataFrame
        (evaluated in partitions of whole queries: :mod:`metrics.batch.dask`).  Qrels rows with a NaN grade
        are unjudged.  The column names, when a table may lack a query column, and how ids of other
        types are matched: :mod:`metrics.batch.inputs`.
    measures
        Measure names (``"nDCG@10"``, ``"AP"``, ``"ndcg_cut_10"`` ...) or
        :class:`~metrics.measures.names.Measure` objects, or one comma-separated string.
    count_missing
        Like ``trec_eval -c``: queries in the qrels but not in the run score 0 and count.
    no_relevant
        A query without relevant judged items (for nDCG: without a positive gain) scores 0 and
        counts (``"zero"``, trec_eval), is left out of the mean with NaN in ``per_query``
        (``"skip"``), or makes the mean NaN (``"nan"``).
    float32
        Scores rounded to 32-bit floats before ranking, as trec_eval 9.0.x stores them (pytrec_eval and
        ir_measures too, and ``python -m metrics evaluate`` by default: ``--version-compat 9.0.7``): scores closer
        than about 1e-7 of their size tie, and ties are read by item id.  By default scores are compared as
        64-bit floats, as trec_eval 10.0 and ranx compare them.
    judged_only
        Like ``trec_eval -J``: the items not judged (or judged below 0) leave each ranking and the rest close up
        (Sakai's condensed lists, SIGIR 2007); a query whose items all leave still counts, with nothing retrieved.

    Returns
    -------
    Evaluation
        ``per_query`` (index sorted like trec_eval) and ``aggregate`` (means).

    Raises
    ------
    MetricsInputError
        Bad measure names, a missing column, a non-finite score, an item listed twice for one
        query (in a file: both lines named), no query in both the qrels and the run (trec_eval's
        "No queries with both results and relevance info", as the command line says: never a mean of
        nothing).

    >>> ev = evaluate({"q1": {"a": 1, "b": 0}}, {"q1": {"a": 0.5, "b": 0.9}}, ["P@1", "RR", "AP"])
    >>> ev.aggregate
    {'P@1': 0.0, 'RR': 0.5, 'AP': 0.5}
    """
    if no_relevant not in NO_RELEVANT:
        raise MetricsInputError(f"no_relevant must be one of {', '.join(NO_RELEVANT)}, got {no_relevant!r}")
    parsed = parse_measures(measures)
    if _dask.is_dask_collection(run):  # partitions of whole queries on Dask: metrics.batch.dask
        if float32 or judged_only:
            raise MetricsInputError("float32 and judged_only are not offered for a Dask run: evaluate it with "
                                    "python -m metrics evaluate (--float32, -J), or round its scores and drop its "
                                    "unjudged rows before evaluating")
        return evaluate_dask(qrels, run, parsed, count_missing=count_missing, no_relevant=no_relevant)
    qrels_cols = as_columns(qrels, "qrels")
    run_cols = as_columns(run, "run")
    if float32:
        run_cols = as_float32(run_cols)
    evaluator = _evaluator(qrels_cols, run_cols, count_missing, judged_only)
    if not evaluator.any_common_query:  # never a mean of nothing: the command line's refusal, trec_eval's words
        refuse_no_common_query(qrels_cols, _query_sample(run_cols))
    _warn_grades_below_level(parsed, qrels_cols.value)
    return evaluator.evaluate(parsed, no_relevant)


def evaluate_files(qrels: str, runs: list[str], names: list[str], measures: list[Measure], *,
                   count_missing: bool = False) -> dict[str, Evaluation]:
    """Each run file evaluated on the qrels file, read once (command-line limits), keyed by ``names``: what
    ``compare`` and ``experiment`` measure; an error in a run names its file."""
    from ..limits import CLI
    from ..readers.trec import read_qrels_columns, read_run_columns

    qrels_columns = read_qrels_columns(qrels, check_duplicates=False, limits=CLI)
    evaluations = {}
    for name, path in zip(names, runs):
        run = read_run_columns(path, check_duplicates=False, limits=CLI)
        try:
            evaluations[name] = evaluate(qrels_columns, run, measures, count_missing=count_missing)
        except MetricsInputError as error:
            raise MetricsInputError(f"{path}: {error}") from None
    return evaluations


def evaluate_columns(qrels: TrecColumns, run: TrecColumns, measures: list[Measure], *, count_missing: bool = False,
                     no_relevant: str = "zero", judged_only: bool = False) -> Evaluation:
    """:func:`evaluate` of parsed inputs, a part of a larger evaluation (a Dask partition, the queries a run
    lacks): no refusal when no query is in both, since the whole may have some (the caller says so)."""
    return _evaluator(qrels, run, count_missing, judged_only).evaluate(measures, no_relevant)


def _evaluator(qrels: TrecColumns, run: TrecColumns, count_missing: bool, judged_only: bool) -> _Evaluator:
    """The engine over ``run``; with ``judged_only`` (trec_eval's ``-J``) over its judged items only, each query of
    the run still evaluated when none of its items is judged (trec_eval removes them after reading the query).
    A document listed twice is refused first, judged or not, as trec_eval checks before ``-J``."""
    if not judged_only:
        return _Evaluator(qrels, run, count_missing)
    _refuse_listed_twice(run, qrels)
    asked = distinct(run.query)
    evaluator = _Evaluator(qrels, take_rows(run, np.flatnonzero(judged_rows(run, qrels))), True)
    if not count_missing:
        names = evaluator.query_names(evaluator.evaluated)
        evaluator.evaluated = evaluator.evaluated[np.array([name in asked for name in names], dtype=bool)]
    evaluator.any_common_query = bool(asked & distinct(qrels.query))
    return evaluator


def _refuse_listed_twice(run: TrecColumns, qrels: TrecColumns) -> None:
    """The engine's refusal of an item listed twice for a query (naming both lines), when ``run`` has one."""
    (codes,), _ = column_codes(run.query)
    items, nd = StrColumn.dense_codes(run.item)
    if len(np.unique(codes.astype(np.int64) * max(nd, 1) + items)) < len(run):
        _Evaluator(qrels, run, True)  # raises DuplicateItem, as without -J


def refuse_no_common_query(qrels: TrecColumns, run_sample: str) -> None:
    """The refusal of :func:`evaluate` when no query is in both inputs (``run_sample``: a few of the run's ids)."""
    raise input_error(N_("No queries with both results and relevance info (qrels: {qrels}; run: {run})"),
                      qrels=_query_sample(qrels), run=run_sample)


def _warn_grades_below_level(measures: list[Measure], grades: np.ndarray) -> None:
    """A :class:`~metrics.errors.GradesBelowLevelWarning` for each relevance level above 1 that turns judged
    grades above 0 into "not relevant" (trec_eval's ``-l``; ir_measures' ``rel=``)."""
    gain_based = [str(m) for m in measures if "gain" in _accepted(m)]
    for level in sorted({float(m.param("rel")) for m in measures if "rel" in _accepted(m)}):
        if level <= 1:
            continue
        dropped = int(np.count_nonzero((grades > 0) & (grades < level)))
        if dropped:
            names = ", ".join(str(m) for m in measures if "rel" in _accepted(m) and float(m.param("rel")) == level)
            also = f" (gains for {', '.join(gain_based)})" if gain_based else ""
            warnings.warn(f"{names}: {dropped:,} judgement{'s' if dropped != 1 else ''} with a grade above 0 but "
                          f"below rel={level:g} count as not relevant{also}", GradesBelowLevelWarning, stacklevel=3)


def _accepted(measure: Measure) -> tuple[str, ...]:
    """The parameter names ``measure`` accepts (:data:`metrics.measures.registry.REGISTRY`)."""
    entry = REGISTRY.get(measure.name)
    return entry.param_names if entry else ()


def _query_sample(columns: TrecColumns | list[str], shown: int = 3) -> str:
    """A few of the query ids of ``columns`` (or of a list of ids), for a message in any language:
    "'1', '2', '3', … (50)"."""
    queries = sorted(set(columns if isinstance(columns, list) else columns.query.to_list()))
    named = ", ".join(repr(query) for query in queries[:shown])
    return f"{named}, … ({len(queries):,})" if len(queries) > shown else named or "—"


def mean_of(measure: Measure, values: np.ndarray, no_relevant: str) -> float:
    """The ``all`` value of ``measure`` from its per-query values in trec_eval's query order (NaN: a
    query left out by ``no_relevant="skip"``; no value at all: NaN)."""
    total = RunningMean(measure, no_relevant)
    total.add(values)
    return total.value()


class RunningMean:
    """:func:`mean_of` fed a part of the per-query values at a time, in trec_eval's query order: the same
    float, bit for bit (:func:`~metrics.batch.trec_measures.aggregate_values`: a sum, a mean or a geometric
    mean, each summed one query after the other; ``np.cumsum`` continued from the total so far is that sum)."""

    def __init__(self, measure: Measure, no_relevant: str):
        self.name, self.skip = measure.name, no_relevant == "skip"
        self.total: float | None = None
        self.count = 0

    def add(self, values) -> None:
        values = np.asarray(values, dtype=np.float64)
        if self.skip:
            values = values[~np.isnan(values)]
        if not len(values):
            return
        self.count += len(values)
        if self.name in GEOMETRIC:
            values = np.log(np.maximum(values, MIN_GEO_MEAN))
        if self.total is not None:
            values = np.concatenate(([self.total], values))
        self.total = np.cumsum(values)[-1]

    def value(self) -> float:
        if not self.count:
            return float("nan")
        if self.name in SUMMED:
            return float(self.total)
        if self.name in GEOMETRIC:
            return math.exp(self.total / self.count)
        return float(self.total / self.count)


class DuplicateItem(MetricsInputError):
    """An item listed (run) or judged (qrels) twice for one query, found in columns that cannot name their
    lines: ``rows`` are its two rows there (a caller that knows where the rows came from names the lines:
    :mod:`metrics.batch.streaming`, :mod:`metrics.batch.dask`)."""

    def __init__(self, kind: str, source: str, query: str, item: str, rows: tuple[int, int], where: str = ""):
        self.kind, self.query, self.item, self.rows = kind, query, item, rows
        what = "judged" if kind == "qrels" else "listed"
        where = where or f"rows {rows[0]} and {rows[1]} of the {kind}"
        super().__init__(f"item {item!r} {what} twice for query {query!r} ({where})", source)

    def __reduce__(self):  # rebuilt from its fields (a Dask task's error travels pickled)
        return DuplicateItem, (self.kind, self.source, self.query, self.item, self.rows,
                               self.problem.rpartition(" (")[2][:-1])


# --------------------------------------------------------------------------------------------
# the engine


class _Evaluator:
    """Shared state of one evaluation: codes, the ranked run with grades, per-query counts."""

    def __init__(self, qrels: TrecColumns, run: TrecColumns, count_missing: bool):
        self.qrels, self.run = qrels, run
        nr = len(run)
        (rq, jq), nq = column_codes(run.query, qrels.query)
        self.qcodes = np.concatenate((rq, jq))
        rq, jq = self.qcodes[:nr], self.qcodes[nr:]  # views: one copy of the codes
        dcodes, nd = StrColumn.dense_codes(run.item, qrels.item)
        self.nq = nq
        rd, jd = dcodes[:nr], dcodes[nr:]
        self.jq, self.jrel = jq, qrels.value
        grade = self._join(rq, rd, jq, jd, max(nd, 1))
        order = _ranking_order(rq, run.value, rd, nq, max(nd, 1))
        del dcodes, rd, jd  # the largest arrays go as soon as they are used (peak memory)
        if order is not None:
            rq, grade = rq[order], grade[order]
            del order
        # Only judged rows can contribute to any measure: keep those, in ranked order, with
        # their query code, rank (1-based position in the query's ranking) and grade.
        judged = np.flatnonzero(~np.isnan(grade))
        self.q, self.grade, self.pos = rq[judged], grade[judged], _positions(rq, judged)
        del rq, grade
        m = len(judged)
        if m:
            self.starts = np.flatnonzero(np.concatenate(([True], self.q[1:] != self.q[:-1])))
            self.lens = np.diff(np.append(self.starts, m))
        else:
            self.starts = self.lens = np.zeros(0, np.int64)
        in_qrels = np.bincount(jq, minlength=nq) > 0
        in_run = np.bincount(self.qcodes[:nr], minlength=nq) > 0
        self.evaluated = np.flatnonzero(in_qrels & (in_run | count_missing))
        self.any_common_query = bool((in_qrels & in_run).any())
        self._cache: dict = {}

    # -- joining grades onto the run, finding duplicates
    def _join(self, rq, rd, jq, jd, nd) -> np.ndarray:
        """Grade of each run row (NaN: unjudged) by one sort of all (query, item) keys; equal
        keys are adjacent, qrels rows first (ties are broken by row number)."""
        nj, nr = len(jq), len(rq)
        keys = np.empty(nj + nr, np.int64)
        for rows, queries, items in ((keys[:nj], jq, jd), (keys[nj:], rq, rd)):
            np.multiply(queries, nd, out=rows)
            rows += items
        ordered, order = _sort(keys, self.nq * nd)
        del keys
        grade = np.full(nr, np.nan)
        same = ordered[1:] == ordered[:-1]
        del ordered
        if same.any():
            is_run = order >= nj
            left, right = is_run[:-1], is_run[1:]
            duplicate = same & (left == right)
            if duplicate.any():
                at = int(np.flatnonzero(duplicate)[0])
                self._duplicate(int(order[at]), int(order[at + 1]), nj)
            hit = same & right & ~left
            grade[order[1:][hit] - nj] = self.qrels.value[order[:-1][hit]]
        return grade

    def _duplicate(self, a: int, b: int, nj: int):
        source = self.qrels if a < nj else self.run
        if a >= nj:
            a, b = a - nj, b - nj
        reraise_duplicate(source)  # names the lines when the columns came from a file
        a, b = sorted((a, b))
        raise DuplicateItem(source.kind, source.source, source.query[a], source.item[a], (a, b))


    # -- cached per-row and per-query pieces
    def relevant(self, threshold) -> np.ndarray:
        key = ("rel", threshold)
        if key not in self._cache:
            self._cache[key] = self.grade >= threshold  # NaN (unjudged) -> False
        return self._cache[key]

    def found_so_far(self, threshold) -> np.ndarray:
        """Relevant items at ranks 1..i of the row's query (inclusive; judged rows only, as
        the others are never relevant)."""
        key = ("cum", threshold)
        if key not in self._cache:
            rel = self.relevant(threshold)
            cum = np.cumsum(rel, dtype=np.int64)
            if len(cum):
                cum -= np.repeat(cum[self.starts] - rel[self.starts], self.lens)
            self._cache[key] = cum
        return self._cache[key]

    def num_relevant(self, threshold) -> np.ndarray:
        key = ("R", threshold)
        if key not in self._cache:
            self._cache[key] = np.bincount(self.jq, weights=self.jrel >= threshold, minlength=self.nq)
        return self._cache[key]

    def within(self, k) -> np.ndarray | None:
        if k is None:
            return None
        key = ("k", k)
        if key not in self._cache:
            self._cache[key] = self.pos <= k
        return self._cache[key]

    def per_query(self, weights: np.ndarray, k=None) -> np.ndarray:
        """Sum ``weights`` over each query's rows (ranks <= k): sequential, like trec_eval."""
        mask = self.within(k)
        if mask is not None:
            weights = np.where(mask, weights, 0.0)
        return np.bincount(self.q, weights=weights, minlength=self.nq)

    def count(self, threshold, k=None) -> np.ndarray:
        rel = self.relevant(threshold)
        return self.per_query(rel.astype(np.float64), k)

    def discount(self) -> np.ndarray:
        if "disc" not in self._cache:
            self._cache["disc"] = np.log2(self.pos + 1.0)
        return self._cache["disc"]

    # -- measures
    def evaluate(self, measures: list[Measure], no_relevant: str) -> Evaluation:
        codes = self.evaluated
        values: dict[str, np.ndarray] = {}
        aggregate: dict[str, float] = {}
        for measure in measures:
            value, missing = self.measure(measure)
            value = value[codes].astype(np.float64, copy=True)
            if no_relevant != "zero":
                value[missing[codes]] = np.nan
            values[str(measure)] = value
            aggregate[str(measure)] = mean_of(measure, value, no_relevant)
        return Evaluation(self.query_names(codes), values, aggregate)

    def measure(self, m: Measure) -> tuple[np.ndarray, np.ndarray]:
        """(value per query code, mask of queries without relevant items), by the measure's batch implementation
        registered for it (:mod:`.dispatch`)."""
        if m.name not in REGISTRY or REGISTRY[m.name].inputs != "ranking":
            raise MetricsInputError(f"measure {m} is not supported by batch evaluation")
        return batch_function(m.name)(self, m)

    def dcg(self, k, gain: str) -> np.ndarray:
        """DCG@k of every query (gain lin, exp or a gain map)."""
        return self.per_query(_gain(self.grade, gain) / self.discount(), k)

    def ndcg(self, k, gain: str, ideal: str) -> tuple[np.ndarray, np.ndarray]:
        dcg = self.dcg(k, gain)
        judged_ideal = self.ideal_dcg(gain, "judged", None)
        best = judged_ideal if ideal == "judged" and k is None else self.ideal_dcg(gain, ideal, k)
        return _ratio(dcg, best), judged_ideal == 0

    def ideal_dcg(self, gain: str, ideal: str, k) -> np.ndarray:
        key = ("idcg", gain, ideal, k)
        if key not in self._cache:
            if ideal == "judged":
                queries, gains = self.jq, _gain(self.jrel, gain)
            else:
                queries, gains = self.q, _gain(self.grade, gain)
            self._cache[key] = _ideal_dcg(queries, gains, self.nq, k)
        return self._cache[key]

    def query_names(self, codes: np.ndarray) -> tuple[str, ...]:
        if not len(codes):
            return ()
        first = np.empty(self.nq, np.int64)
        rows = np.arange(len(self.qcodes) - 1, -1, -1)
        first[self.qcodes[rows]] = rows  # the last write wins: each code's first row
        picks = first[codes]
        nr = len(self.run)
        names = np.empty(len(codes), dtype=object)
        in_run = picks < nr
        names[in_run] = _decode_rows(self.run.query, picks[in_run])
        names[~in_run] = _decode_rows(self.qrels.query, picks[~in_run] - nr)
        return tuple(names.tolist())


# --------------------------------------------------------------------------------------------
# the measures computed here (the others: .trec_measures, .ir_measures_extra); each is f(evaluator, measure) ->
# (value per query code, mask of queries without relevant items), found through metrics.measures.registry


def _binary(ev: _Evaluator, m: Measure):
    """(threshold, R per query code, mask of queries without relevant items) of a binary measure."""
    theta = m.param("rel")
    big_r = ev.num_relevant(theta)
    return theta, big_r, big_r == 0


@batch_of("P")
def precision(ev: _Evaluator, m: Measure):
    """P@k: the relevant items in the top k, over k."""
    theta, _, missing = _binary(ev, m)
    return ev.count(theta, m.k) / m.k, missing


@batch_of("R")
def recall(ev: _Evaluator, m: Measure):
    """R@k: the relevant items in the top k, over R."""
    theta, big_r, missing = _binary(ev, m)
    return _ratio(ev.count(theta, m.k), big_r), missing


@batch_of("F1")
def f1(ev: _Evaluator, m: Measure):
    """F1@k: the harmonic mean of P@k and R@k."""
    theta, big_r, missing = _binary(ev, m)
    p, r = ev.count(theta, m.k) / m.k, _ratio(ev.count(theta, m.k), big_r)
    return _ratio(2 * p * r, p + r), missing


@batch_of("Success")
def success(ev: _Evaluator, m: Measure):
    """Success@k: 1 when a relevant item is in the top k."""
    theta, _, missing = _binary(ev, m)
    return (ev.count(theta, m.k) > 0).astype(np.float64), missing


@batch_of("Rprec")
def r_precision(ev: _Evaluator, m: Measure):
    """Rprec: the relevant items in the top R, over R."""
    theta, big_r, missing = _binary(ev, m)
    rel = ev.relevant(theta)
    within = ev.pos <= big_r[ev.q] if len(ev.q) else rel
    hits = np.bincount(ev.q, weights=rel & within, minlength=ev.nq)
    return _ratio(hits, big_r), missing


@batch_of("RR")
def reciprocal_rank(ev: _Evaluator, m: Measure):
    """RR@k: 1 / the rank of the first relevant item in the top k (0 if none)."""
    theta, _, missing = _binary(ev, m)
    rel = ev.relevant(theta)
    first = rel & (ev.found_so_far(theta) == 1)
    return ev.per_query(np.where(first, 1.0 / ev.pos, 0.0), m.k), missing


@batch_of("AP")
def average_precision(ev: _Evaluator, m: Measure):
    """AP@k: the precision at each relevant item in the top k, summed, over R, the hits found or min(k, R)."""
    theta, big_r, missing = _binary(ev, m)
    rel = ev.relevant(theta)
    precision_at_hits = np.where(rel, ev.found_so_far(theta) / ev.pos, 0.0)
    total = ev.per_query(precision_at_hits, m.k)
    denom = m.param("denom")
    if denom == "found":
        return _ratio(total, ev.count(theta, m.k)), missing
    if denom == "minKR":  # without a cut-off, k is the list's length (as metrics.ap_steps)
        return _ratio(total, np.minimum(big_r, num_ret(ev) if m.k is None else m.k)), missing
    return _ratio(total, big_r), missing


@batch_of("nDCG")
def ndcg(ev: _Evaluator, m: Measure):
    """nDCG@k with gain lin, exp or a gain map (``gains={...}``: one more kind of gain)."""
    return ev.ndcg(m.k, m.param("gains") or m.param("gain"), m.param("ideal"))


@batch_of("DCG")
def dcg(ev: _Evaluator, m: Measure):
    """DCG@k with gain lin or exp, nDCG's numerator; missing: the queries whose judged items carry no gain."""
    return ev.dcg(m.k, m.param("gain")), ev.ideal_dcg(m.param("gain"), "judged", None) == 0


def _decode_rows(column, rows: np.ndarray) -> list[str]:
    if not len(rows):
        return []
    if isinstance(column, DictColumn):
        column, rows = column.values, column.indices[rows]
    width = max(1, int((column.offsets[rows + 1] - column.offsets[rows]).max()))
    starts = column.offsets[rows]
    lens = column.offsets[rows + 1] - starts
    index = starts[:, None] + np.arange(width)
    valid = np.arange(width) < lens[:, None]
    matrix = np.zeros((len(rows), width), np.uint8)
    matrix[valid] = column.data[index[valid]]
    fixed = matrix.view(f"S{width}").ravel()
    return np.strings.decode(fixed, "utf-8").tolist()


def _sort(keys: np.ndarray, bound: int) -> tuple[np.ndarray, np.ndarray]:
    """(sorted keys, order) of non-negative int64 ``keys`` < ``bound``; equal keys keep their
    row order (stable).  When key and row number fit in 63 bits together they are packed into
    one int64 and sorted as values, several times faster than ``np.argsort`` (in place: two
    arrays the size of ``keys`` besides it)."""
    n = len(keys)
    bits = max(n - 1, 1).bit_length()
    if n and bound < (1 << (63 - bits)):
        packed = keys << bits
        packed |= np.arange(n, dtype=np.int64)
        packed.sort()
        order = packed & ((1 << bits) - 1)
        packed >>= bits
        return packed, order
    order = np.argsort(keys, kind="stable")
    return keys[order], order


def _positions(rq: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """The 1-based position of each of ``rows`` (ascending) within its query's block of ``rq``
    (query codes, each query's rows together)."""
    if not len(rows):
        return np.zeros(0, np.int64)
    starts = np.flatnonzero(np.concatenate(([True], rq[1:] != rq[:-1])))
    return rows + 1 - starts[np.searchsorted(starts, rows, side="right") - 1]


def _ranking_order(rq, score, rd, nq: int, nd: int) -> np.ndarray | None:
    """Row order grouping each query's rows, by score descending then item id descending
    (trec_eval's order); None when the rows already are in that order.

    Runs are usually written query by query with scores descending: then the rows stay where
    they are; others are sorted by (query, score).  Either way, only the rows of tied scores
    may still need reordering, by item (:func:`_order_ties`)."""
    if len(rq) < 2:
        return None
    order = None if _in_score_order(rq, score, nq) else _by_query_and_score(rq, score, nq)
    return _order_ties(rq, score, rd, nd, order)


def _in_score_order(rq, score, nq: int) -> bool:
    """Whether each query's rows are together, with scores descending (ties in any order)."""
    same = rq[1:] == rq[:-1]
    if not (~same | (score[:-1] >= score[1:])).all():
        return False
    heads = rq[np.flatnonzero(np.concatenate(([True], ~same)))]
    return bool(np.bincount(heads, minlength=nq).max() <= 1)


def _by_query_and_score(rq, score, nq: int) -> np.ndarray:
    """The order of the rows by query, then score descending (ties keep their row order)."""
    score_rank, ns = dense_ranks(score)
    score_rank -= ns - 1  # descending: 0 for the highest score, -1 for the next ...
    key = rq * ns - score_rank
    del score_rank
    return _sort(key, nq * ns)[1]


def _order_ties(rq, score, rd, nd: int, order: np.ndarray | None) -> np.ndarray | None:
    """``order`` (None: the rows as they are), query by query and scores descending, with each
    group of tied scores put in item id descending order; None if that is the rows' order.
    Only the tied rows are sorted again."""
    q = rq if order is None else rq[order]
    s = score if order is None else score[order]
    tie = q[1:] == q[:-1]
    tie &= s[1:] == s[:-1]
    del q, s
    at = np.flatnonzero(tie)
    if not len(at):
        return order
    d = rd[at] if order is None else rd[order[at]]
    d_next = rd[at + 1] if order is None else rd[order[at + 1]]
    if not (d < d_next).any():
        return order
    rows = np.union1d(at, at + 1)  # positions (in ``order``) of every row in a tie group
    group = np.concatenate(([0], np.cumsum(~tie)))[rows]  # tie groups: numbered by position
    items = rd[rows] if order is None else rd[order[rows]]
    within = _sort(group * nd + (nd - 1 - items), (int(group[-1]) + 1) * nd)[1]
    full = np.arange(len(rq)) if order is None else order
    full[rows] = full[rows[within]]
    return full


def _gain(grades: np.ndarray, gain: str) -> np.ndarray:
    """G(g): the grade (``lin``), 2^g − 1 (``exp``) or, for a gain map's text (``{0:0,1:1,2:3}``), the
    map's gain (a grade the map leaves out keeps its grade); NaN (unjudged) and what is not positive: 0."""
    if gain not in ("lin", "exp"):
        gains = grades.copy()
        for grade, value in parse_gain_map(gain).items():
            gains[grades == grade] = value
        return np.where(gains > 0, gains, 0.0)
    positive = grades > 0  # NaN (unjudged) and negative grades: gain 0
    if gain == "exp":
        return np.where(positive, np.exp2(np.where(positive, grades, 0.0)) - 1.0, 0.0)
    return np.where(positive, grades, 0.0)


def _ideal_dcg(queries: np.ndarray, gains: np.ndarray, nq: int, k) -> np.ndarray:
    """Per query: DCG of its gains sorted descending (cut at k)."""
    n = len(queries)
    if n == 0:
        return np.zeros(nq)
    gain_rank, ng = dense_ranks(gains)
    order = _sort(queries * ng + (ng - 1 - gain_rank), nq * ng)[1]
    q, g = queries[order], gains[order]
    starts = np.flatnonzero(np.concatenate(([True], q[1:] != q[:-1])))
    lens = np.diff(np.append(starts, n))
    pos = np.arange(1, n + 1, dtype=np.int64) - np.repeat(starts, lens)
    contribution = g / np.log2(pos + 1.0)
    if k is not None:
        contribution = np.where(pos <= k, contribution, 0.0)
    return np.bincount(q, weights=contribution, minlength=nq)


# -- metrics.evaluate on a Dask DataFrame (metrics.batch.dask: the cluster) ----------------------------

def evaluate_dask(qrels, run, measures, *, count_missing: bool = False, no_relevant: str = "zero"):
    """:func:`metrics.batch.evaluate` with ``run`` a Dask DataFrame (the same columns as a pandas run);
    the same :class:`~metrics.batch.evaluation.Evaluation`, value for value, as one process."""
    _dask.require("dask.dataframe")
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
    with _dask.cluster_failure():
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
    (codes,), nq = column_codes(qrels.query)
    first = np.unique(codes, return_index=True)[1]
    names = take_rows(qrels, first).query.to_list()  # each code's name, codes in string order
    keep = np.array([name not in evaluated for name in names], dtype=bool)
    if not keep.any():
        return None
    return take_rows(qrels, np.flatnonzero(keep[codes]))


def evaluation_values(qrels: TrecColumns, run: TrecColumns, names: list[str], measures, count_missing: bool,
                      no_relevant: str, judged_only: bool = False) -> dict:
    """One partition of ``python -m metrics evaluate``: {query: [value of each measure]} of its evaluated queries
    (:func:`metrics.batch.evaluation.evaluate_columns`)."""
    result = evaluate_columns(qrels, run, measures, count_missing=count_missing, no_relevant=no_relevant,
                              judged_only=judged_only)
    columns = [result.values[str(m)].tolist() for m in measures]
    return {query: [column[i] for column in columns] for i, query in enumerate(result.queries)}
