"""Diversity evaluation of a TREC run against subtopic qrels, as ndeval (pyndeval, ir_measures' ``pyndeval``
provider) does it: the run ranked by score, ties by docid ascending (pyndeval's order); only queries in both
the run and the qrels are evaluated and averaged (ndeval without ``-c``; ``complete=True`` is ndeval ``-c``:
every query of the qrels counts, 0 where the run has none); a query whose judgments hold no relevant subtopic
scores 0.  The measures are :mod:`metrics.measures.diversity`'s.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..measures.diversity import diversity_value, parse_diversity_measure
from ..readers.subtopics import SubtopicQrels, read_subtopic_qrels
from ..readers.trec import read_run

#: TREC Web track's ndeval report, at ndeval's deepest cut-off
DEFAULT_MEASURES = ("alpha-nDCG@20", "ERR-IA@20", "NRBP", "S-recall@20")


@dataclass
class DiversityResult:
    """Values by query (``per_query[query][measure]``), their ``mean`` over the evaluated queries."""

    measures: tuple[str, ...]
    per_query: dict[str, dict[str, float]]
    mean: dict[str, float]

    def as_json(self) -> str:
        return json.dumps({"aggregate": self.mean, "per_query": self.per_query}, indent=2)

    def as_text(self, per_query: bool = False) -> str:
        """trec_eval's layout: ``measure  query  value`` (4 decimals), the mean's query ``all``."""
        rows = [(m, q, values[m]) for q, values in self.per_query.items() for m in self.measures] if per_query else []
        rows += [(m, "all", self.mean[m]) for m in self.measures]
        return "".join(f"{m:<22}\t{q}\t{v:.4f}\n" for m, q, v in rows)


def ranked_run(run) -> dict[str, list[str]]:
    """Each query's documents by score descending, ties by docid ascending (pyndeval's order).  ``run``: a TREC
    run (anything :func:`~metrics.readers.trec.read_run` reads) or ``{query: {docid: score}}``."""
    if not isinstance(run, Mapping):
        frame = read_run(run)
        scored: dict[str, dict[str, float]] = {}
        for query, item, score in zip(frame["query"].tolist(), frame["item"].tolist(), frame["score"].tolist()):
            scored.setdefault(str(query), {})[str(item)] = float(score)
        run = scored
    return {str(q): sorted(map(str, docs), key=lambda d, s=docs: (-float(s[d]), d)) for q, docs in run.items()}


def evaluate_diversity(subtopic_qrels, run, measures: Iterable[str] = DEFAULT_MEASURES, *,
                       complete: bool = False) -> DiversityResult:
    """Each query's diversity measures and their mean.

    ``subtopic_qrels``: a :class:`~metrics.readers.subtopics.SubtopicQrels`, anything
    :func:`~metrics.readers.subtopics.read_subtopic_qrels` reads, or ``{query: {docid: {subtopic: grade}}}``;
    ``run``: see :func:`ranked_run`; ``measures``: names :func:`~metrics.measures.diversity.parse_diversity_measure`
    reads (``alpha-nDCG@20``, ``ERR_IA@10``, ``NRBP``, ``StRecall@5``, ``alpha-nDCG(alpha=0.3)@5``).

    >>> r = evaluate_diversity({"1": {"d1": {"1": 1}, "d2": {"2": 1}}}, {"1": {"d1": 2.0, "d3": 1.0}},
    ...                        ["S-recall@2"])
    >>> r.per_query, r.mean
    ({'1': {'S-recall@2': 0.5}}, {'S-recall@2': 0.5})
    """
    measures = tuple(measures)
    for name in measures:
        parse_diversity_measure(name)  # refuses an unknown name before any work
    if isinstance(subtopic_qrels, SubtopicQrels):
        judgments = subtopic_qrels.judgments
    elif isinstance(subtopic_qrels, Mapping):
        judgments = subtopic_qrels
    else:
        judgments = read_subtopic_qrels(subtopic_qrels).judgments
    ranked = ranked_run(run)
    queries = [q for q in ranked if q in judgments]
    per_query = {q: {m: diversity_value(m, ranked[q], judgments[q]) for m in measures} for q in queries}
    counted = len(judgments) if complete else len(per_query)
    mean = {m: (sum(v[m] for v in per_query.values()) / counted if counted else 0.0) for m in measures}
    return DiversityResult(measures, per_query, mean)
