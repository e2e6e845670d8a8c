"""Unjudged items bounded over a whole run (``python -m metrics evaluate QRELS RUN -m ... --bounds``): per query
and for the mean, each measure's value with unjudged items non-relevant, judged-only (trec_eval ``-J``), the
exact interval over every grade they could have, and the unjudged items within the measure's depth
(:mod:`metrics.measures.bounds`); and whether two systems' intervals overlap (:func:`compare_bounds`).

The queries are those of both the run and the qrels (trec_eval without ``-c``); each ranking is trec_eval's
order (score descending, ties by docid descending; scores compared as 64-bit floats, as trec_eval 10 does); a
filling gives an unjudged item an integer grade from min(0, the qrels' smallest grade) to the qrels' largest
grade, the same for every query.  The queries' fillings are independent, so the mean (sum, geometric mean) of
the queries' lower (upper) bounds is the exact lower (upper) bound of the mean.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import numpy as np

from ..measures.bounds import Bounds, BoundsRefused, Overlap, fill_grades, intervals_overlap, measure_bounds
from ..measures.names import parse_measures
from ..measures.registry import REGISTRY
from ..readers.trec import read_qrels, read_run

__all__ = ["BoundsEvaluation", "compare_bounds", "evaluate_bounds", "trec_rankings"]

GEOMETRIC_FLOOR = 0.00001  #: trec_eval m_gm_map.c's MIN_GEO_MEAN
FIELDS = ("value", "judged_only", "lower", "upper", "unjudged")


@dataclass(frozen=True)
class BoundsEvaluation:
    """Each query's :class:`~metrics.measures.bounds.Bounds` per measure and their aggregate (mean; sum for the
    counts NumRet, NumRel, ...; geometric mean for GMAP, GMBpref), with the unjudged items summed over the
    queries."""

    measures: tuple[str, ...]
    per_query: dict[str, dict[str, Bounds]]
    aggregate: dict[str, dict]

    def to_dict(self) -> dict:
        return {"aggregate": self.aggregate,
                "per_query": {q: {m: b.as_dict() for m, b in row.items()} for q, row in self.per_query.items()}}

    def as_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2)

    def as_text(self, per_query: bool = False) -> str:
        """trec_eval's layout, ``measure  query  value`` then judged-only, ``[lower, upper]``, the unjudged
        items within the depth and, for a binary measure, bpref and infAP at its rel; the mean's query is ``all``."""
        rows = [(m, q, b.as_dict()) for q, row in self.per_query.items() for m, b in row.items()] if per_query else []
        rows += [(m, "all", self.aggregate[m]) for m in self.measures]
        lines = ["# measure\tquery\tvalue\tjudged_only\t[lower, upper]\tunjudged\t(bpref infAP)\n"]
        lines += [f"{m:<22}\t{q}\t{r['value']:.4f}\t{r['judged_only']:.4f}\t[{r['lower']:.4f}, {r['upper']:.4f}]"
                  f"\t{r['unjudged']}" + ("".join(f"\t{key} {r[key]:.4f}" for key in ("bpref", "infAP") if key in r))
                  + "\n" for m, q, r in rows]
        return "".join(lines)


def _judgments(qrels) -> dict[str, dict[str, float]]:
    if isinstance(qrels, Mapping):
        return {str(q): {str(d): float(g) for d, g in docs.items()} for q, docs in qrels.items()}
    frame = read_qrels(qrels)
    judged: dict[str, dict[str, float]] = {}
    for query, item, grade in zip(frame["query"].tolist(), frame["item"].tolist(), frame["rel"].tolist()):
        if math.isfinite(grade):
            judged.setdefault(str(query), {})[str(item)] = float(grade)
    return judged


def trec_rankings(run, float32: bool = False) -> dict[str, list[str]]:
    """Each query's items in trec_eval's order: score descending, ties by docid descending; ``float32``: scores
    compared as 32-bit floats, as trec_eval 9.0.x stores them.  ``run``: anything
    :func:`~metrics.readers.trec.read_run` reads, or ``{query: {docid: score}}``.

    >>> trec_rankings({"q": {"a": 1.0, "b": 1.0, "c": 2.0}})
    {'q': ['c', 'b', 'a']}
    >>> trec_rankings({"q": {"a": 0.50000001, "b": 0.5}}, float32=True)
    {'q': ['b', 'a']}
    """
    as_score = (lambda value: float(np.float32(value))) if float32 else float
    if isinstance(run, Mapping):
        return {str(q): sorted(map(str, docs), key=lambda d, s=docs: (as_score(s[d]), d), reverse=True)
                for q, docs in run.items()}
    frame = read_run(run)
    if float32:
        frame["score"] = frame["score"].astype(np.float32).astype(np.float64)
    frame = frame.sort_values(["query", "score", "item"], ascending=[True, False, False], kind="stable")
    return {str(query): [str(item) for item in group["item"]] for query, group in frame.groupby("query", sort=False)}


def evaluate_bounds(qrels, run, measures: Iterable | str, *, float32: bool = False) -> BoundsEvaluation:
    """Every query's bounds (:func:`~metrics.measures.bounds.measure_bounds`) and their aggregate.

    Parameters
    ----------
    qrels, run
        TREC files (paths or bytes) or ``{query: {docid: grade}}`` / ``{query: {docid: score}}``.
    measures
        Measure names (``"AP"``, ``"nDCG@10"``, trec_eval's names) or parsed measures.
    float32
        Scores compared as 32-bit floats (trec_eval 9.0.x; ``python -m metrics evaluate``'s default), as
        :func:`metrics.evaluate`'s ``float32``.

    Raises
    ------
    BoundsRefused
        A measure without exact bounds, or a query whose search is over the limit (the message names both).

    >>> ev = evaluate_bounds({"q": {"a": 1, "b": 0}}, {"q": {"a": 3.0, "x": 2.0, "b": 1.0}}, ["P@2"])
    >>> ev.aggregate["P@2"]
    {'value': 0.5, 'judged_only': 0.5, 'lower': 0.5, 'upper': 1.0, 'unjudged': 1, 'bpref': 1.0, 'infAP': 1.0}
    """
    parsed = parse_measures(measures)
    judgments = _judgments(qrels)
    ranked = trec_rankings(run, float32)
    fill = fill_grades([g for docs in judgments.values() for g in docs.values()])
    per_query: dict[str, dict[str, Bounds]] = {}
    for query in sorted(q for q in ranked if q in judgments):
        docs = judgments[query]
        grades = [docs.get(item) for item in ranked[query]]
        per_query[query] = {str(m): _query_bounds(m, grades, list(docs.values()), fill, query) for m in parsed}
    names = tuple(str(m) for m in parsed)
    aggregate = {name: _aggregate(m, [row[name] for row in per_query.values()]) for name, m in zip(names, parsed)}
    return BoundsEvaluation(names, per_query, aggregate)


def _query_bounds(measure, grades, judged, fill, query: str) -> Bounds:
    try:
        return measure_bounds(measure, grades, judged, fill=fill)
    except BoundsRefused as refused:
        raise BoundsRefused(f"query {query}: {refused}") from None


def _aggregate(measure, rows: list[Bounds]) -> dict:
    how = REGISTRY[measure.name].aggregate
    result = {}
    for field in FIELDS[:-1]:
        values = [getattr(b, field) for b in rows]
        if how == "geometric":  # trec_eval's gm_map: each value at least 0.00001
            values = [math.log(max(v, GEOMETRIC_FLOOR)) for v in values]
        mean = float(sum(values)) if how == "sum" else (float(sum(values) / len(values)) if values else 0.0)
        result[field] = math.exp(mean) if how == "geometric" and values else mean
    result["unjudged"] = sum(b.unjudged for b in rows)
    for key in (rows[0].incomplete if rows else ()):
        result[key] = float(sum(b.incomplete[key] for b in rows) / len(rows))
    return result


def compare_bounds(a: BoundsEvaluation, b: BoundsEvaluation) -> dict[str, Overlap]:
    """Per measure of both evaluations, whether system ``a``'s and ``b``'s intervals overlap on each query they
    share and for the mean over those queries (where they do not overlap, one system is better whatever the
    unjudged items are).

    >>> qrels = {"q": {"a": 1, "b": 0}}
    >>> one = evaluate_bounds(qrels, {"q": {"a": 2.0, "b": 1.0}}, ["P@1"])
    >>> two = evaluate_bounds(qrels, {"q": {"b": 2.0, "x": 1.0}}, ["P@1"])
    >>> overlap = compare_bounds(one, two)["P@1"]
    >>> overlap.per_query["q"]["above"], overlap.mean["overlap"]
    ('a', False)
    """
    queries = [q for q in a.per_query if q in b.per_query]
    result = {}
    for name in (m for m in a.measures if m in b.measures):
        per_query = {q: intervals_overlap((a.per_query[q][name].lower, a.per_query[q][name].upper),
                                          (b.per_query[q][name].lower, b.per_query[q][name].upper)) for q in queries}

        def mean(ev, field):
            return sum(getattr(ev.per_query[q][name], field) for q in queries) / len(queries) if queries else 0.0

        result[name] = Overlap(name, per_query, intervals_overlap((mean(a, "lower"), mean(a, "upper")),
                                                                  (mean(b, "lower"), mean(b, "upper"))))
    return result
