"""A whole run under every preset: the mean of each measure per library, and the queries where they differ most.

Each query's run is scored as :func:`~metrics.conventions.score_under` scores it, in its FILE order with its scores: a
library that keeps the input order among ties reads the file's order; the others sort by score with ties per
their rule.
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass

import numpy as np

from .presets import PRESETS, Convention
from .scoring import SCORED, Board, Interval, cutoffs, raw_values, reported, reported_measures


@dataclass(frozen=True)
class RunComparison:
    """:func:`compare_runs`' answer.

    ``queries``: the evaluated queries (in the run and in the qrels), in run order. ``per_query``:
    ``{query: {preset: {measure: value}}}`` (values as :func:`score_under`'s, keyed by measure, not label).
    ``missing``: the judged queries the run lacks, in qrels order; a preset whose ``queries`` is ``"judged"``
    (ir_measures, ranx) counts each as 0 in its mean.
    ``means``: ``{preset: {measure: mean}}`` over the queries (NaN queries left out; an :class:`Interval` when any
    query's value is one: the mean of the lows and of the highs; None where the library lacks the measure; a
    library that rounds its reports, RecBole, averages the unrounded values and rounds the mean).
    ``spread``: ``{measure: [(query, spread), ...]}``, largest first: max − min over the presets' values (an
    interval counts with both ends). ``inputs``: ``{query: (ranking, judgments, scores)}``, to open one query.
    """

    k: int
    presets: tuple[str, ...]
    queries: tuple[str, ...]
    per_query: dict
    means: dict
    spread: dict
    inputs: dict
    missing: tuple[str, ...] = ()

    def widest(self, measure: str, n: int = 10) -> list[tuple[str, float]]:
        """The ``n`` queries where the libraries differ most on ``measure``."""
        return self.spread[measure][:n]


def _query_tables(qrels, run):
    """``{query: {item: grade}}`` (NaN grades left out; a repeated item keeps its first place and its last grade)
    and ``{query: (items, scores)}`` in file order, queries in order of first appearance: the query column's
    codes (vectorised), one stable sort by query and a slice per query, instead of a loop over the rows."""
    from ..batch.inputs import as_columns

    q, r = as_columns(qrels, "qrels"), as_columns(run, "run")
    grades = np.asarray(q.value, dtype=np.float64)
    kept = np.flatnonzero(~np.isnan(grades)) if np.isnan(grades).any() else None
    judged = {query: dict(zip(items, values)) for query, items, values in _by_query(q, grades, kept)}
    ranked = {query: (items, values) for query, items, values in
              _by_query(r, np.asarray(r.value, dtype=np.float64))}
    return judged, ranked


def _by_query(columns, values: np.ndarray, kept: np.ndarray | None = None):
    """``(query, items, values)`` per query of ``columns`` (only the ``kept`` rows, default all), queries in order
    of their first row, each query's rows in their order (Python lists of its items and floats)."""
    from ..readers.columns import column_codes

    items = columns.item.to_list()
    (code,), _ = column_codes(columns.query)
    rows = np.arange(len(code)) if kept is None else kept
    code = code[rows]
    distinct, first, code = np.unique(code, return_index=True, return_inverse=True)
    by_first = np.argsort(first, kind="stable")  # the queries in order of their first row
    renumber = np.empty(len(distinct), dtype=np.int64)
    renumber[by_first] = np.arange(len(distinct))
    code = renumber[code.reshape(-1)]
    order = rows[np.argsort(code, kind="stable")]
    if len(order) < len(items) or (order[1:] < order[:-1]).any():  # not every row, or not grouped by query
        items = np.array(items, dtype=object)[order].tolist()
    values = values[order].tolist()
    start = 0
    ends = np.cumsum(np.bincount(code, minlength=len(distinct))).tolist()
    for row, end in zip(rows[first[by_first]].tolist(), ends):
        yield columns.query[row], items[start:end], values[start:end]
        start = end


def _ends(values) -> tuple[list[float], list[float]]:
    """The low and the high end of each value that is a number (an :class:`Interval` has two ends, a float one;
    None and NaN have none)."""
    lows, highs = [], []
    for value in values:
        if isinstance(value, Interval):
            lows.append(value[0])
            highs.append(value[1])
        elif value is not None and not math.isnan(value):
            lows.append(value)
            highs.append(value)
    return lows, highs


def compare_runs(qrels, run, k, presets: dict[str, Convention] | None = None):
    """Score every query of ``run`` under every preset.

    Parameters
    ----------
    qrels, run : any input of :func:`metrics.batch.evaluate` (DataFrames, paths or bytes of TREC files, a
        :class:`~metrics.readers.io.Dataset`, :class:`~metrics.readers.columns.TrecColumns`, dicts).
    k : the cut-off, or several (a list, tuple or range): every cut-off's comparison from one reading of the run.
    presets : ``{key: Convention}`` (default :data:`PRESETS`).

    Returns
    -------
    RunComparison
        Per query and preset the measures it reports (``score_under``'s: RBP where the library has it); the
        mean of each (``means[preset][measure]``, over the queries the preset averages:
        :data:`~metrics.conventions.presets.QUERIES`); per measure the
        queries ordered by the spread between the libraries, largest first. For several cut-offs,
        ``{k: RunComparison}`` per cut-off, in the order given (each equal to the call with that k alone).

    Each query is checked and read once for every preset and cut-off: presets that read the list alike (the same
    tie rule, score type and relevance choices) share its sort and their tie groups' arrangements.
    """
    presets = PRESETS if presets is None else presets
    ks = cutoffs(k)
    judged, ranked = _query_tables(qrels, run)
    queries = tuple(query for query in ranked if query in judged)
    missing = tuple(query for query in judged if query not in ranked)
    inputs = {}
    per_k = {cut: ({}, {}) for cut in ks}  # per query: the reported values, the unrounded ones (RecBole)
    for query in queries:
        items, scores = ranked[query]
        inputs[query] = (items, judged[query], scores)
        board, cache = Board.of_floats(items, judged[query], ks[0], scores, typed=True), {}
        for key, convention in presets.items():
            values, n = raw_values(convention, board, ks, cache)
            for cut, (per_query, unrounded) in per_k.items():
                row = values[cut]
                per_query.setdefault(query, {})[key] = {
                    measure: None if value is None else reported(convention, measure, value, n)
                    for measure, value in row.items()}
                if convention.decimals is not None:
                    unrounded.setdefault(query, {})[key] = {
                        measure: None if value is None else reported(convention, measure, value, n, rounded=False)
                        for measure, value in row.items()}
    out = {cut: _comparison(cut, presets, queries, per_query, unrounded, inputs, missing)
           for cut, (per_query, unrounded) in per_k.items()}
    return out if not isinstance(k, numbers.Integral) else out[ks[0]]


def _comparison(k: int, presets: dict[str, Convention], queries, per_query, unrounded, inputs,
                missing) -> RunComparison:
    """One cut-off's :class:`RunComparison` from the per-query values: the means and the spreads."""
    means = {}
    for key, convention in presets.items():
        source = unrounded if convention.decimals is not None else per_query
        zeros = len(missing) if convention.queries == "judged" else 0  # a judged query missing from the run: 0
        means[key] = {measure: _mean([source[q][key][measure] for q in queries], zeros, convention.decimals)
                      for measure in reported_measures(convention)}
    spread = {}
    for measure in (m for m in SCORED if any(m in reported_measures(c) for c in presets.values())):
        rows = []
        for query in queries:
            lows, highs = _ends([per_query[query][key].get(measure) for key in presets])
            rows.append((query, max(highs) - min(lows) if lows else 0.0))
        spread[measure] = sorted(rows, key=lambda row: -row[1])
    return RunComparison(k, tuple(presets), queries, per_query, means, spread, inputs, missing)


def _mean(values: list, zeros: int, decimals: int | None):
    """The mean of one preset's measure over the queries, ``zeros`` more queries scoring 0 (NaN values left out;
    None where the library lacks the measure; an :class:`Interval` of the lows' and the highs' means when a value
    is one; rounded to ``decimals``, as RecBole rounds the mean of its unrounded values)."""
    if not values or values[0] is None:
        return None if values else float("nan")
    lows, highs = _ends(values)
    lows, highs = lows + [0.0] * zeros, highs + [0.0] * zeros
    if not lows:
        mean = float("nan")
    elif any(isinstance(v, Interval) for v in values):
        mean = Interval(sum(lows) / len(lows), sum(highs) / len(highs))
    else:
        mean = sum(lows) / len(lows)
    return mean if decimals is None else round(mean, decimals)
