"""Conformance with trec_eval's own test collection (golden output of ``trec_eval -q -a``).

The folder ``/work/shared/conformance/trec_eval`` (found relative to this file) holds
``qrels.test``, ``results.test`` and ``out.test.aq``; see its README.md.

Helpers for other conformance checks (e.g. of the command line):

* :func:`read_golden` -- the golden file as ``{(trec measure, qid or "all"): "0.1234"}``;
* :func:`our_name` -- trec_eval measure name -> our canonical name, None if unsupported;
* :func:`golden_for_us` -- the golden values we support, keyed by (our name, qid);
* :func:`parse_trec_eval_lines` -- ``measure <ws> qid <ws> value`` lines (trec_eval's output
  format, which a CLI may print with our or trec_eval's measure names) -> the same mapping;
* :func:`mismatches` -- compare such a mapping (strings or floats) with the golden values at
  4 decimals, returning readable differences (empty list = conformant).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from pathlib import Path

import pytest

from metrics.batch.evaluation import evaluate
from metrics.measures.names import parse_measure
from tests.trec_eval_binaries import shared_folder

pytestmark = pytest.mark.slow  # AppTest runs, real binaries or many random cases: the full run's tier

CONFORMANCE_DIR = shared_folder("conformance", "trec_eval")
QRELS = CONFORMANCE_DIR / "qrels.test"
RESULTS = CONFORMANCE_DIR / "results.test"
GOLDEN = CONFORMANCE_DIR / "out.test.aq"

# trec_eval measures we implement (its default parameters); anything else in the golden file is
# ignored: bpref, infAP, iprec_at_recall, Rprec_mult, relative_P, ndcg_rel, Rndcg, G, ...
_SUPPORTED = re.compile(r"^(map|Rprec|recip_rank|ndcg|P_\d+|recall_\d+|ndcg_cut_\d+|success_\d+|map_cut_\d+)$")

needs_collection = pytest.mark.skipif(
    not GOLDEN.exists(),
    reason=f"trec_eval conformance files not found in {CONFORMANCE_DIR} (shared folder absent)")


def our_name(trec_measure: str) -> str | None:
    """Canonical name of a trec_eval measure (``ndcg_cut_10`` -> ``nDCG@10``), or None."""
    if not _SUPPORTED.match(trec_measure):
        return None
    return str(parse_measure(trec_measure))


def parse_trec_eval_lines(text: str) -> dict[tuple[str, str], str]:
    """``measure qid value`` lines (trec_eval -q output) -> ``{(measure, qid): value}``."""
    values = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 3:
            values[(parts[0], parts[1])] = parts[2]
    return values


def read_golden(path: Path = GOLDEN) -> dict[tuple[str, str], str]:
    """The golden file as ``{(trec measure, qid or "all"): value string}``."""
    return parse_trec_eval_lines(path.read_text())


def golden_for_us(path: Path = GOLDEN) -> dict[tuple[str, str], str]:
    """Golden values of the measures we support, keyed by (our canonical name, qid)."""
    return {(our_name(measure), qid): value for (measure, qid), value in read_golden(path).items()
            if our_name(measure)}


def _as_text(value) -> str:
    return value if isinstance(value, str) else f"{float(value):.4f}"


def mismatches(produced: Mapping[tuple[str, str], object], path: Path = GOLDEN,
               require_all: bool = True) -> list[str]:
    """Differences between ``produced`` -- ``{(measure, qid): value}`` with our or trec_eval's
    measure names, values as floats or printed strings -- and the golden file at 4 decimals.
    With ``require_all``, every supported golden value must be present."""
    normalised = {}
    for (measure, qid), value in produced.items():
        name = our_name(measure) or _canonical(measure)
        if name:
            normalised[(name, qid)] = _as_text(value)
    problems = []
    for key, expected in sorted(golden_for_us(path).items()):
        if key not in normalised:
            if require_all:
                problems.append(f"{key[0]} {key[1]}: missing (golden {expected})")
        elif normalised[key] != expected:
            problems.append(f"{key[0]} {key[1]}: {normalised[key]} != golden {expected}")
    return problems


def _canonical(name: str) -> str | None:
    try:
        return str(parse_measure(name))
    except ValueError:
        return None


def our_values(**options) -> dict[tuple[str, str], float]:
    """Evaluate the collection with every supported measure: ``{(our name, qid or "all"): v}``."""
    measures = sorted({name for name, _ in golden_for_us()})
    result = evaluate(QRELS, RESULTS, measures, **options)
    values = {(m, q): float(v) for m, column in result.values.items() for q, v in zip(result.queries, column)}
    values.update({(m, "all"): v for m, v in result.aggregate.items()})
    return values


@needs_collection
def test_every_supported_measure_is_covered():
    names = {name for name, _ in golden_for_us()}
    for expected in ["AP", "Rprec", "RR", "nDCG", "P@5", "P@1000", "R@5", "R@1000", "nDCG@5",
                     "nDCG@1000", "AP@5", "AP@1000", "Success@1", "Success@5", "Success@10"]:
        assert expected in names
    assert len(golden_for_us()) == len(names) * 4  # three queries and "all"


@needs_collection
def test_matches_trec_eval_golden_output():
    produced = our_values()
    assert mismatches(produced) == []
    assert {q for _, q in produced} == {"301", "302", "303", "all"}


@needs_collection
def test_helper_reads_trec_eval_style_output():
    produced = our_values()
    lines = "\n".join(f"{m}\t{q}\t{v:.4f}" for (m, q), v in produced.items())
    assert mismatches(parse_trec_eval_lines(lines)) == []
    broken = dict(parse_trec_eval_lines(lines))
    broken[("AP", "301")] = "0.9999"
    assert mismatches(broken) == ["AP 301: 0.9999 != golden 0.0324"]
    assert mismatches({("map", "all"): 0.1785}, require_all=False) == []
    assert not math.isnan(produced[("nDCG", "all")])
