"""``python -m metrics trec_eval``: a drop-in for trec_eval (flags, measure syntax, output, exit codes),
byte for byte the output of the version named by ``--version-compat`` (9.0.7, the default and
pytrec_eval's base; 9.0.8; 10.0), checked against the real binaries (tests/metrics/batch/test_trec_eval_differential.py).

trec_eval evaluates every query that is both in the qrels and in the run; with ``-q`` it prints
each query's lines (query by query, measures in trec_eval's fixed order), then the ``all`` lines::

    runid                 \tall\tSTANDARD
    num_q                 \tall\t3
    map                   \tall\t0.1785

(``%-22s\\t%s\\t%6.4f``; counts and the run id without decimals).  Measures are requested with
``-m``: a single name (``map``), a name with parameters after a period (``P.5,10``,
``ndcg_cut.10``, ``iprec_at_recall..10,.20``, ``ndcg.1=3,2=9``, ``utility.2,-1,0,0``) or a set
(``official``, the default; ``all_trec``; ``set``).  :data:`TREC_MEASURES` declares each
measure once: its canonical batch measure, its default parameters and how it prints.

Flags (trec_eval's): ``-q`` per-query lines; ``-c`` queries of the qrels missing from the run
count (score 0) in the means; ``-l<n>`` relevance level (grade >= n is relevant); ``-M<n>`` only
the first n retrieved items of each query count; ``-J`` only judged items count (the others are
removed before ranking positions are assigned); ``-N<n>`` the number of documents in the
collection (used by ``utility``); ``-n`` no ``all`` lines; ``-D`` (debug level) and ``-o`` are
accepted and ignored.  9.0.x reads scores as 32-bit floats (``--float32`` forces that for 10.0,
which reads doubles).

Exit codes as trec_eval: 1 usage or measure error, 2 an unreadable or malformed input, 4 where
trec_eval's evaluation of a query fails (an item listed or judged twice in a query it evaluates, the
first evaluated query judged only below 0; 10.0: a qrels query missing from the run without ``-c``),
after the per-query lines before it, 7 no query to evaluate.  Every failure is one line on stderr.
"""

from __future__ import annotations

import getopt
import io
import math
import os
import sys
from dataclasses import dataclass, replace

import numpy as np

from ..errors import MetricsInputError
from ..limits import CLI, MAX_PARAMETER
from ..measures.names import Measure
from ..readers.columns import StrColumn, TrecColumns, column_codes
from ..readers.fields import AtofScores
from ..readers.trec import read_qrels_columns, read_run_columns
from . import trec_measures as tm
from ._shared import batches, distinct, judged_rows, rows_by_query, strings, take_column, take_rows
from .c_order import as_ranked
from .dask import dask_client, values_by_partition
from .evaluation import _Evaluator

USAGE = "Usage: trec_eval [-h] [-q] {-m measure}* trec_rel_file trec_top_file"
#: the trec_eval versions whose output can be reproduced (--version-compat), and the default
VERSIONS = ("9.0.7", "9.0.8", "10.0")
DEFAULT_VERSION = "9.0.7"
NO_COMMON_QUERY = "No queries with both results and relevance info"
HELP = """\
python -m metrics trec_eval [-h] [-v] [-q] [-c] [-n] [-J] [-l<num>] [-M<num>] [-N<num>]
                            [-m measure[.params]]... [--version-compat V] rel_info_file results_file

A drop-in for trec_eval: the same flags, measures and output, byte for byte, of the version named by
--version-compat ({versions}; default {default}, pytrec_eval's base); this is {version}.
'-' reads a file from stdin.
  -q          also print each query's values
  -c          queries of the qrels missing from the run count (score 0) in the means
  -n          no summary ('all') lines
  -l<num>     relevant when grade >= num (default 1)
  -M<num>     only the first num retrieved items of each query count
  -J          only judged items count
  -N<num>     number of documents in the collection (utility)
  -m measure  official (default), all_trec, set, or a measure with parameters:
              P.5,10  ndcg_cut.10  iprec_at_recall..10,.20  ndcg.1=3,2=9  relstring.20
  --version-compat V  the trec_eval whose output is reproduced: {versions} (default {default})
  --float32   scores as 32-bit floats before ranking (implied by 9.0.x; 10.0 reads doubles)
              (scores are read as C's atof reads them: -inf, nan, 0x1p3, 12abc; stderr names the first)
  --workers N          evaluate partitions of whole queries on a local Dask cluster of N processes
  --scheduler ADDRESS  ... on the Dask cluster whose scheduler is at ADDRESS (same output either way)
measures: {measures}
"""


class TrecEvalError(Exception):
    """A failure: its one-line message and trec_eval's exit code."""

    def __init__(self, message: str, status: int, lines: list[str] | None = None):
        super().__init__(message)
        self.status = status
        self.lines = lines or []


# -- the measures ---------------------------------------------------------------------------------

LONG_CUTS = (5, 10, 15, 20, 30, 100, 200, 500, 1000)


@dataclass(frozen=True)
class TrecMeasure:
    """One trec_eval measure.

    Attributes
    ----------
    name : str
        trec_eval's name.
    canonical : str
        The batch measure (:mod:`metrics.measures.names`) computing it ("" when computed here).
    params : str
        How ``-m name.params`` is read: ``""`` none, ``"long_cuts"`` integer cut-offs
        (``P_5``), ``"float_cuts"`` fractional cut-offs (``iprec_at_recall_0.10``), ``"floats"`` a
        list of numbers and ``"pairs"`` ``grade=gain`` pairs (both printed as ``name_params``).
    defaults : tuple
        The default cut-offs or parameters.
    prints : str
        ``"float"`` (``%6.4f``), ``"long"`` (a count), ``"summary"`` (only the ``all`` line),
        ``"query"`` (only per-query lines, e.g. relstring), ``"runid"`` or ``"num_q"``.
    """

    name: str
    canonical: str
    params: str = ""
    defaults: tuple = ()
    prints: str = "float"


#: every supported measure, in trec_eval's order (its measures.c), which is the output order
TREC_MEASURES = {m.name: m for m in (
    TrecMeasure("runid", "", prints="runid"),
    TrecMeasure("num_q", "NumQ", prints="num_q"),
    TrecMeasure("num_ret", "NumRet", prints="long"),
    TrecMeasure("num_rel", "NumRel", prints="long"),
    TrecMeasure("num_rel_ret", "NumRelRet", prints="long"),
    TrecMeasure("map", "AP"),
    TrecMeasure("gm_map", "GMAP", prints="summary"),
    TrecMeasure("Rprec", "Rprec"),
    TrecMeasure("bpref", "Bpref"),
    TrecMeasure("recip_rank", "RR"),
    TrecMeasure("iprec_at_recall", "IPrec", "float_cuts", tuple(i / 10 for i in range(11))),
    TrecMeasure("P", "P", "long_cuts", LONG_CUTS),
    TrecMeasure("relstring", "", "floats", (10.0,), prints="query"),
    TrecMeasure("recall", "R", "long_cuts", LONG_CUTS),
    TrecMeasure("infAP", "infAP"),
    TrecMeasure("gm_bpref", "GMBpref", prints="summary"),
    TrecMeasure("Rprec_mult", "RprecMult", "float_cuts", tuple(i / 10 for i in range(2, 21, 2))),
    TrecMeasure("utility", "Utility", "floats", (1.0, -1.0, 0.0, 0.0)),
    TrecMeasure("11pt_avg", "IPrec11", "floats", tm.ELEVEN_POINTS),
    TrecMeasure("binG", "BinG"),
    TrecMeasure("G", "G", "pairs"),
    TrecMeasure("dcg", "", "pairs"),
    TrecMeasure("ideal_dcg", "", "pairs"),
    TrecMeasure("ndcg", "nDCG", "pairs"),
    TrecMeasure("ndcg_rel", "nDCGRel", "pairs"),
    TrecMeasure("Rndcg", "RnDCG", "pairs"),
    TrecMeasure("ndcg_cut", "nDCG", "long_cuts", LONG_CUTS),
    TrecMeasure("map_cut", "AP", "long_cuts", LONG_CUTS),
    TrecMeasure("relative_P", "RelP", "long_cuts", LONG_CUTS),
    TrecMeasure("success", "Success", "long_cuts", (1, 5, 10)),
    TrecMeasure("set_P", "SetP"),
    TrecMeasure("set_relative_P", "SetRelP"),
    TrecMeasure("set_recall", "SetR"),
    TrecMeasure("set_map", "SetAP"),
    TrecMeasure("set_F", "SetF", "floats", (1.0,)),
    TrecMeasure("num_nonrel_judged_ret", "NumNonRelJudgedRet", prints="long"),
    TrecMeasure("yaap", ""),
    TrecMeasure("rbp", "", "pairs"),
    TrecMeasure("rbp_resid", "", "pairs"),
    TrecMeasure("unj", "", "long_cuts", (5, 10, 20)),
)}

#: measures only some versions have (10.0 added these, and to all_trec)
ONLY_IN = {"rbp": ("10.0",), "rbp_resid": ("10.0",), "unj": ("10.0",), "dcg": ("10.0",), "ideal_dcg": ("10.0",)}

#: trec_eval's nicknames for sets of measures
MEASURE_SETS = {
    "official": ("runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec", "bpref",
                 "recip_rank", "iprec_at_recall", "P"),
    "all_trec": tuple(name for name in TREC_MEASURES if name not in ("yaap", "dcg", "ideal_dcg")),
    "set": ("runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "utility", "set_P", "set_recall",
            "set_relative_P", "set_map", "set_F"),
}

#: trec_eval's measures and formats this drop-in leaves out, with the reason given on use
LEFT_OUT = {
    "prefs": "preference measures (-R prefs / qrels_prefs) are not supported",
    "all_prefs": "preference measures (-R prefs / qrels_prefs) are not supported",
    "qrels_jg": "judgement-group measures (-R qrels_jg) are not supported",
}


@dataclass
class Request:
    """The parsed command line."""

    qrels: str
    run: str
    measures: dict  # trec_eval name -> parameter string or None, in request order
    per_query: bool = False
    complete: bool = False
    summary: bool = True
    level: int = 1
    max_retrieved: int | None = None
    judged_only: bool = False
    docs_in_collection: int = 0
    float32: bool = False
    version: str = "9.0.7"
    info: str = ""  # "help" or "version" when only that was asked
    workers: int | None = None  # --workers: a local Dask cluster (metrics.batch.dask)
    scheduler: str | None = None  # --scheduler: a running Dask cluster


def _atol(text: str) -> int:
    """C's atol: leading whitespace, optional sign, digits; anything else ends the number."""
    text = text.lstrip()
    sign, digits = 1, ""
    if text[:1] in "+-" and text:
        sign, text = (-1 if text[0] == "-" else 1), text[1:]
    for char in text:
        if not char.isdigit():
            break
        digits += char
    return sign * int(digits) if digits else 0


def _atof(text: str) -> float:
    """C's atof on the longest numeric prefix (0.0 when there is none)."""
    text = text.strip()
    for end in range(len(text), 0, -1):
        try:
            return float(text[:end])
        except ValueError:
            continue
    return 0.0


def parse_command_line(argv: list[str]) -> Request:
    """trec_eval's options (getopt: flags can be combined, values glued or separate, options after
    the files); ``info`` is set when the command only asked for help or the version."""
    long_options = ["help", "version", "query_eval_wanted", "measure=", "complete_rel_info_wanted",
                    "level_for_rel=", "nosummary", "Debug_level=", "Judged_docs_only", "Number_docs_in_coll=",
                    "Max_retrieved_per_topic=", "Rel_info_format=", "Results_format=", "Output_old_results_format",
                    "Zscore=", "float32", "version-compat=", "workers=", "scheduler="]
    try:
        options, files = getopt.gnu_getopt(argv, "hvqm:cl:nD:JN:M:R:T:oZ:", long_options)
    except getopt.GetoptError as error:
        raise TrecEvalError(f"trec_eval: {error}. {USAGE}", 1) from None
    measures: dict[str, str | None] = {}
    asked: list[str] = []
    request = Request("", "", measures)
    for option, value in options:
        if option in ("-h", "--help", "-v", "--version"):
            request.info = request.info or ("help" if option in ("-h", "--help") else "version")
        elif option in ("-q", "--query_eval_wanted"):
            request.per_query = True
        elif option in ("-m", "--measure"):
            asked.append(value)
        elif option in ("-c", "--complete_rel_info_wanted"):
            request.complete = True
        elif option in ("-l", "--level_for_rel"):
            request.level = _atol(value)
        elif option in ("-n", "--nosummary"):
            request.summary = False
        elif option in ("-J", "--Judged_docs_only"):
            request.judged_only = True
        elif option in ("-N", "--Number_docs_in_coll"):
            request.docs_in_collection = _atol(value)
        elif option in ("-M", "--Max_retrieved_per_topic"):
            request.max_retrieved = _atol(value)
        elif option in ("-R", "--Rel_info_format") and value != "qrels":
            raise TrecEvalError(f"trec_eval: rel_info format '{value}' is not supported by this drop-in "
                                "(only 'qrels')", 2)
        elif option in ("-T", "--Results_format") and value != "trec_results":
            raise TrecEvalError(f"trec_eval: Illegal retrieval results format '{value}'", 2)
        elif option in ("-Z", "--Zscore"):
            raise TrecEvalError("trec_eval: -Z (z-scores) is not supported by this drop-in", 1)
        elif option == "--float32":
            request.float32 = True
        elif option == "--workers":
            if not value.isdigit() or int(value) < 1:
                raise TrecEvalError(f"trec_eval: --workers must be a whole number of at least 1, got '{value}'", 1)
            request.workers = int(value)
        elif option == "--scheduler":
            request.scheduler = value
        elif option == "--version-compat":
            if value not in VERSIONS:
                raise TrecEvalError(f"trec_eval: --version-compat must be one of {', '.join(VERSIONS)}, got "
                                    f"'{value}'", 1)
            request.version = value
        # -D (debug level) and -o (obsolete) are accepted and ignored
    if request.info:
        return request
    if len(files) != 2:
        raise TrecEvalError(f"trec_eval: expected 2 files (rel_info_file results_file), got {len(files)}. {USAGE}", 1)
    request.qrels, request.run = files
    if request.version.startswith("9."):
        request.float32 = True  # trec_eval 9.0.x reads scores into a float
    for value in asked or ["official"]:
        _mark_measure(measures, value, request.version)
    return request


def _mark_measure(measures: dict, text: str, version: str) -> None:
    """Add the measures named by one ``-m`` value; the first parameters given for a measure win."""
    name, dot, params = text.partition(".")
    if dot and not params:
        raise TrecEvalError(f"trec_eval: improper measure in parameter '{name}'", 1)
    if name in LEFT_OUT or name.startswith("prefs_") or name.endswith("_avgjg"):
        reason = LEFT_OUT.get(name) or LEFT_OUT["prefs" if name.startswith("prefs_") else "qrels_jg"]
        raise TrecEvalError(f"trec_eval: measure '{name}': {reason}", 1)
    names = [single for single in MEASURE_SETS.get(name, (name,)) if version in ONLY_IN.get(single, VERSIONS)]
    for single in names or [name]:
        if single not in TREC_MEASURES or version not in ONLY_IN.get(single, VERSIONS):
            raise TrecEvalError(f"trec_eval: illegal measure '{name}'", 1)
        if measures.get(single) is None:
            measures[single] = params if dot and single == name else measures.get(single)


# -- parameters -----------------------------------------------------------------------------------

def _long_cutoffs(params: str) -> tuple[int, ...]:
    cutoffs = sorted(_atol(part) for part in params.split(","))
    if cutoffs[0] <= 0:
        raise TrecEvalError("trec_eval: Negative cutoff detected", 2)
    if len(set(cutoffs)) != len(cutoffs):
        raise TrecEvalError("trec_eval: duplicate cutoffs detected", 2)
    return tuple(cutoffs)


def _bounded(value: float, params: str) -> float:
    """A numeric parameter within ±MAX_PARAMETER (beyond, a query's value or the sum of them overflows:
    trec_eval prints inf or nan, this drop-in refuses)."""
    if not abs(value) <= MAX_PARAMETER:
        raise TrecEvalError(f"trec_eval: measure parameter {value:g} in '{params}' is beyond ±{MAX_PARAMETER:g} "
                            "(metrics.limits.MAX_PARAMETER: sums of such values overflow to inf)", 1)
    return value


#: the largest recall level (``11pt_avg``, ``iprec_at_recall``) or multiple of R (``Rprec_mult``) accepted: trec_eval
#: turns a level c into a count of documents, ``(long)(c·R + 0.9)`` (9.x) or ``lround(c·R)`` (10.0), which C leaves
#: undefined when it does not fit a long (±2^63): x86-64 gives LONG_MIN (``11pt_avg.1e50`` then adds the final
#: interpolated precision: 1.0 where no document can be that far), other processors saturate.  Up to 1e12, c·R fits
#: for any R up to ``limits.items`` (10^6) judgements
MAX_LEVEL = 1e12


def _level(value: float, params: str, name: str) -> float:
    """A level of ``name`` within ±:data:`MAX_LEVEL` (beyond, trec_eval's output is undefined: refused)."""
    value = _bounded(value, params)
    if not abs(value) <= MAX_LEVEL:
        raise TrecEvalError(f"trec_eval: {name} level {value:g} in '{params}' is beyond ±{MAX_LEVEL:g}: trec_eval's "
                            "cut-off (long)(level × R) leaves C's long there, where its output is undefined "
                            "(metrics.batch.trec_eval.MAX_LEVEL)", 1)
    return value


def _float_cutoffs(params: str, name: str) -> tuple[float, ...]:
    cutoffs = sorted(_level(_atof(part), params, name) for part in params.split(","))
    if len(set(cutoffs)) != len(cutoffs):
        raise TrecEvalError("trec_eval: duplicate cutoffs detected", 2)
    return tuple(cutoffs)


def _pairs(params: str) -> list[tuple[int, float]]:
    """``grade=gain`` pairs in command-line order (grades read with atol, as trec_eval does)."""
    gains = []
    for part in params.split(","):
        level, equals, gain = part.partition("=")
        if not equals or not level or "=" in gain:
            raise TrecEvalError(f"trec_eval: malformed pair parameters in '{params}'", 2)
        gains.append((_atol(level), _bounded(_atof(gain), params)))
    return gains


@dataclass(frozen=True)
class Line:
    """One output line of a measure: its printed name and how to get its per-query values."""

    name: str
    compute: object  # function(evaluator) -> per-code values (or strings for relstring)
    aggregate_as: str  # canonical name for :func:`trec_measures.aggregate_values`
    prints: str


def measure_lines(measure: TrecMeasure, params: str | None, request: Request) -> list[Line]:
    """The output lines of one requested measure with its parameters (or its defaults)."""
    rel = (("rel", request.level),) if request.level != 1 else ()
    kind, name, canonical = measure.params, measure.name, measure.canonical

    def batch(measure_obj: Measure):
        return lambda ev: ev.measure(measure_obj)[0]

    if kind == "long_cuts":
        cutoffs = _long_cutoffs(params) if params else measure.defaults
        if name == "unj":
            return [Line(f"{name}_{k}", _unj_line(k), "unj", "float") for k in cutoffs]
        keep_rel = () if canonical == "nDCG" else rel
        return [Line(f"{name}_{k}", batch(Measure(canonical, k, keep_rel)), canonical, "float") for k in cutoffs]
    rounding = "lround" if request.version == "10.0" else "v9"
    if kind == "float_cuts":
        cutoffs = _float_cutoffs(params, name) if params else measure.defaults
        # trec_eval keeps 8 characters of the number (iprec_at_recall_100000.0, Rprec_mult_1000000.)
        if name == "iprec_at_recall":
            return [Line(f"{name}_{k:3.2f}"[:len(name) + 9], _iprec_line(Measure(canonical, k, rel), rounding),
                         canonical, "float") for k in cutoffs]
        return [Line(f"{name}_{k:3.2f}"[:len(name) + 9], batch(Measure(canonical, k, rel)), canonical, "float")
                for k in cutoffs]
    label = f"{name}_{params}" if params else name
    m = Measure(canonical, None, rel) if canonical else None
    if name in ("rbp", "rbp_resid"):
        pairs = _pairs(params) if params else []
        persistence = next((_atof(part.partition("=")[2]) for part in reversed(params.split(","))
                            if part.partition("=")[0] == "p"), 0.9) if params else 0.9
        if name == "rbp":
            return [Line(label, lambda ev: tm.rank_biased_precision(ev, pairs, persistence), "rbp", "float")]
        return [Line(label, lambda ev: tm.rbp_residual(ev, persistence), "rbp_resid", "float")]
    if kind == "pairs":
        gains = _pairs(params) if params else {}
        if name == "ndcg" and not gains:
            return [Line(label, batch(Measure("nDCG")), "nDCG", "float")]
        functions = {"ndcg": lambda ev: tm.ndcg_with_gains(ev, gains)[0],
                     "dcg": lambda ev: tm.dcg_with_gains(ev, gains),
                     "ideal_dcg": lambda ev: tm.dcg_with_gains(ev, gains, ideal=True),
                     "G": lambda ev: tm.normalised_gain(ev, m, gains)[0],
                     "ndcg_rel": lambda ev: tm.ndcg_over_relevant(ev, m, gains)[0],
                     "Rndcg": lambda ev: tm.ndcg_at_r_levels(ev, m, gains)[0]}
        return [Line(label, functions[name], canonical, "float")]
    if kind == "floats":
        check = (lambda v: _level(v, params, name)) if name == "11pt_avg" else (lambda v: _bounded(v, params))
        values = tuple(check(_atof(part)) for part in params.split(",")) if params else measure.defaults
        if name == "relstring":
            return [Line(label, lambda ev: tm.relevance_strings(ev, int(values[0])), "", "query")]
        if name == "utility":
            if len(values) != 4:
                raise TrecEvalError("trec_eval.calc_utility: improper number of coefficients", 4)
            return [Line(label, lambda ev: tm.utility(ev, m, values, request.docs_in_collection)[0], canonical,
                         "float")]
        if name == "11pt_avg":
            return [Line(label, lambda ev: tm.eleven_point_average(ev, m, values, rounding)[0], canonical, "float")]
        if name == "set_F":
            return [Line(label, lambda ev: tm.set_f(ev, m, values[0])[0], canonical, "float")]
    if measure.prints == "runid":
        return [Line(name, None, "", "runid")]
    if name == "yaap":
        return [Line(name, lambda ev: tm.yaap(ev, Measure("AP", None, rel))[0], "YAAP", "float")]
    return [Line(name, batch(m), canonical, measure.prints)]  # trec_eval ignores parameters here


def _unj_line(k: int):
    return lambda ev: tm.unjudged_at(ev, k)


def _iprec_line(m: Measure, rounding: str):
    return lambda ev: tm.interpolated_precision(ev, m, rounding)[0]


# -- inputs ---------------------------------------------------------------------------------------

def _without_comments(source):
    """trec_eval 10.0's comment lines dropped (bytes kept as they are when there is none): a line
    starting with ``#`` is skipped, but the line right after a skipped one is read as data whatever
    it starts with (10.0's get_qrels/get_trec_results skip one line, then parse)."""
    data = source if isinstance(source, (bytes, bytearray)) else None
    if data is None:
        with open(source, "rb") as handle:
            data = handle.read()
        if not (data.startswith(b"#") or b"\n#" in data):
            return source
    if not (data.startswith(b"#") or b"\n#" in data):
        return data
    kept, skipped = [], False
    for line in data.split(b"\n"):
        skipped = line.startswith(b"#") and not skipped
        if not skipped:
            kept.append(line)
    return b"\n".join(kept)


def run_id(data: bytes) -> str:
    """The run id trec_eval prints: the 6th field of the last line (trec_eval keeps the last one)."""
    for line in reversed(data.split(b"\n")):
        parts = line.split()
        if parts and not parts[0].startswith(b"#"):
            return parts[5].decode("utf-8", "replace") if len(parts) >= 6 else ""
    return ""


def run_id_of(source) -> str:
    """:func:`run_id` of a run given as bytes or as a path (only the file's end is read)."""
    if isinstance(source, (bytes, bytearray)):
        if bytes(source[:2]) == b"\x1f\x8b":
            return _gzip_run_id(io.BytesIO(source))
        return run_id(bytes(source))
    with open(source, "rb") as handle:
        if handle.read(2) == b"\x1f\x8b":  # a gzipped run: the run id of its text, read in bounded chunks
            handle.seek(0)
            return _gzip_run_id(handle)
        size = handle.seek(0, os.SEEK_END)
        block = 4096
        while True:
            start = max(0, size - block)
            handle.seek(start)
            tail = handle.read(size - start)
            if start:  # the first line of the block may be cut: only whole lines count
                cut = tail.find(b"\n")
                tail = tail[cut + 1:] if cut >= 0 else b""
            found = run_id(tail)
            if found or start == 0:
                return found
            block *= 4


def _gzip_run_id(handle) -> str:
    """:func:`run_id` of a gzipped run, decompressed in chunks (only the last lines are kept)."""
    import gzip
    import zlib

    tail = b""
    try:
        with gzip.GzipFile(fileobj=handle) as text:
            while chunk := text.read(1 << 20):
                tail = (tail + chunk)[-(1 << 20):]
    except (OSError, EOFError, zlib.error):
        return ""  # the reader names the damage
    return run_id(tail[tail.find(b"\n") + 1:] if len(tail) >= 1 << 20 else tail)


def trec_order(run: TrecColumns) -> tuple[np.ndarray, np.ndarray]:
    """(row order, 0-based rank of each ordered row): each query's rows by score descending, ties
    by item id descending (trec_eval's order)."""
    (query,), _ = column_codes(run.query)
    item, _ = StrColumn.dense_codes(run.item)
    order = np.lexsort((-item, -run.value, query))
    ordered = query[order]
    n = len(order)
    starts = np.flatnonzero(np.concatenate(([True], ordered[1:] != ordered[:-1]))) if n else np.zeros(0, np.int64)
    rank = np.arange(n) - np.repeat(starts, np.diff(np.append(starts, n)))
    return order, rank


def prepare(qrels: TrecColumns, run: TrecColumns, request: Request) -> tuple[TrecColumns, TrecColumns]:
    """The columns trec_eval evaluates: integer grades (trec_eval reads them with atol), float32
    scores with ``--float32``, the first ``-M`` items of each query (``-J`` comes after trec_eval's
    duplicate check, in :func:`evaluate_lines`)."""
    qrels = replace(qrels, value=np.trunc(qrels.value))
    run = as_ranked(run, request.float32)  # 32-bit scores; a query with a NaN: ranked as glibc's qsort does
    if request.max_retrieved is not None:
        order, rank = trec_order(run)
        run = take_rows(run, order[rank < max(request.max_retrieved, 0)])
    return qrels, run


# -- running and printing -------------------------------------------------------------------------

#: measures whose computation never looks at a query's documents (trec_eval's m_runid.c and m_num_q.c
#: do not call te_form_res_rels, the step that finds duplicates)
NO_DOCUMENTS = {"runid", "num_q"}


def _first_rows(columns: TrecColumns) -> tuple[TrecColumns, dict[str, str]]:
    """``columns`` with each (query, item) pair's first row only, and the queries that had a pair twice, each with
    the item trec_eval names (trec_eval stops at those only when it evaluates them): the first in byte order, as
    its te_form_res_rels finds it after sorting by docno."""
    if not len(columns):
        return columns, {}
    (query,), _ = column_codes(columns.query)
    item, nd = StrColumn.dense_codes(columns.item)
    _, first = np.unique(query.astype(np.int64) * max(nd, 1) + item, return_index=True)
    if len(first) == len(columns):
        return columns, {}
    keep = np.zeros(len(columns), bool)
    keep[first] = True
    twice = take_rows(columns, np.flatnonzero(~keep))
    named: dict[str, str] = {}
    for name, doc in zip(strings(twice.query), strings(twice.item)):
        if name not in named or doc.encode() < named[name].encode():  # (strcmp: bytes)
            named[name] = doc
    return take_rows(columns, np.sort(first)), named


def _stop_message(name: str, run_twice: dict[str, str], qrels_twice: dict[str, str], measure: str) -> str:
    """What trec_eval writes on stderr when it cannot evaluate query ``name``, byte for byte: te_form_res_rels'
    complaint about a document listed twice in the run (without a newline, as its fprintf) or judged twice in
    the qrels, then trec_eval's "Can't calculate measure" naming the first measure that asked for it."""
    said = ""
    if name in run_twice:
        said = f"trec_eval.form_res_qrels: duplicate docs {run_twice[name]}"
    elif name in qrels_twice:
        said = f"trec_eval.form_res_rels: duplicate docs {qrels_twice[name]}\n"
    return f"{said}trec_eval: Can't calculate measure '{measure}'"


def _max_grades(qrels: TrecColumns) -> dict[str, float]:
    """Each qrels query's largest (integer) grade."""
    (codes,), nq = column_codes(qrels.query)
    top = np.full(nq, -np.inf)
    np.maximum.at(top, codes, qrels.value)
    first = np.unique(codes, return_index=True)[1]
    names = take_column(qrels.query, first)
    names = strings(names)
    return dict(zip(names, top[codes[first]].tolist()))


def _failing_query(shown: list[str], run_twice: dict[str, str], qrels_twice: dict[str, str], max_grade: dict,
                   allocated: bool = False) -> tuple[int, bool]:
    """The position in ``shown`` of the first query trec_eval 9.0.x stops at (exit 4), or len(shown):
    an item listed or judged twice, or a query whose judgments are all negative when no query before
    it was judged (its rel_levels buffer is then never allocated; after one, a grade below -1 crashes
    the binary, where this drop-in stops too); and whether a query up to there was judged
    (``allocated``: whether one before ``shown`` was)."""
    for position, query in enumerate(shown):
        if query in run_twice or query in qrels_twice:
            return position, allocated
        top = max_grade[query]
        if top < 0 and (not allocated or top < -1):
            return position, allocated
        allocated = allocated or top >= 0
    return len(shown), allocated


def evaluate_text(request: Request, stdin=None, client=None, err=None):
    """The output of ``request``, piece by piece as it is computed: each batch of queries' per-query
    lines (``-q``), then the ``all`` lines.  Raises :class:`TrecEvalError` after the per-query lines of
    the queries before the one trec_eval stops at.

    The qrels are held in memory (as trec_eval holds them); the run is streamed
    (:mod:`metrics.readers.stream`): a first pass checks every line and indexes each query's byte
    ranges, then the queries are read back and evaluated in trec_eval's order, a batch of whole
    queries at a time, so memory holds one batch and the index, whatever the run's size or order.
    The ``all`` values are accumulated query after query, as trec_eval sums them.  With a
    ``distributed.Client``, each batch's queries are evaluated in partitions on its cluster
    (:func:`metrics.batch.dask.values_by_partition`).  Scores are read as C's atof reads them
    (:class:`~metrics.readers.fields.AtofScores`); the first that is not a plain finite number is named in
    a warning on ``err`` (default ``sys.stderr``) before any output."""
    from ..readers.stream import index_path  # (here: import metrics.batch loads no streaming reader)

    stdin = stdin if stdin is not None else sys.stdin.buffer
    lines_of = [(TREC_MEASURES[name], params) for name, params in sorted(
        request.measures.items(), key=lambda item: list(TREC_MEASURES).index(item[0]))]
    output_lines = [(measure, measure_lines(measure, params, request)) for measure, params in lines_of]
    qrels = _read_qrels(request, stdin)
    try:
        scores = AtofScores()
        index = index_path(request.run, "stdin" if request.run == "-" else request.run, CLI, stdin,
                           comments=request.version == "10.0", scores=scores)
    except OSError:
        raise TrecEvalError(f"trec_eval.get_results: Cannot read results file '{request.run}'", 2) from None
    except MetricsInputError as error:
        raise TrecEvalError(f"trec_eval: {error}", 2) from None
    if scores.first_odd is not None:
        (err or sys.stderr).write(scores.warning("trec_eval") + "\n")
    try:
        yield from _evaluate_indexed(request, output_lines, qrels, index, client)
    finally:
        index.close()


def _read_qrels(request: Request, stdin) -> TrecColumns:
    """The qrels, whole: the path itself for a regular file (no copy of its bytes kept once parsed),
    else the bytes read once (stdin for ``-``, a pipe, a device; counted against ``limits.lines`` as
    they come, a NUL byte refused at once)."""
    from ..readers.stream import whole_source  # (as above)

    path = request.qrels
    try:
        name = "stdin" if path == "-" else path
        source = whole_source(path, name, CLI, stdin)
        if request.version == "10.0":
            source = _without_comments(source)
        return read_qrels_columns(source, name, check_duplicates=False, limits=CLI)
    except OSError:
        raise TrecEvalError(f"trec_eval.get_qrels: Cannot read qrels file '{path}'", 2) from None
    except MetricsInputError as error:
        raise TrecEvalError(f"trec_eval: {error}", 4 if "twice" in str(error) else 2) from None


def _evaluate_indexed(request: Request, output_lines, qrels: TrecColumns, index, client=None):
    """:func:`evaluate_text` once the run is indexed."""
    runid = run_id_of(index.path)
    run_queries = set(index.names)
    qrels_queries = distinct(qrels.query)
    if request.version == "10.0":  # 10.0 walks the qrels queries; -c evaluates a missing one on a bogus ranking
        shown_names = sorted(qrels_queries)
        missing = {name for name in shown_names if name not in run_queries}
    else:
        shown_names, missing = sorted(run_queries & qrels_queries), set()
    if not shown_names:
        raise TrecEvalError(f"trec_eval: {NO_COMMON_QUERY}", 7)
    positive_judgments = int(np.count_nonzero(np.trunc(qrels.value) > 0))
    count = len(qrels_queries) if request.complete else len(shown_names)
    stop_missing = len(shown_names)
    if not request.complete and missing:
        stop_missing = next(i for i, name in enumerate(shown_names) if name in missing)
    qrels = replace(qrels, value=np.trunc(qrels.value))
    qrels, qrels_twice = _first_rows(qrels)
    check = any(measure.name not in NO_DOCUMENTS for measure, _ in output_lines)
    max_grade = _max_grades(qrels) if check else {}
    rows_of = rows_by_query(qrels)
    printed = [line for _, lines in output_lines for line in lines if line.prints not in ("runid", "num_q", "summary")]
    totals = _Totals([line for _, lines in output_lines for line in lines
                      if line.prints not in ("runid", "num_q", "query")], count)
    allocated = False
    #: the measure trec_eval names when it cannot evaluate a query: the first one that forms the ranked list
    first_measure = next((measure.name for measure, _ in output_lines if measure.name not in NO_DOCUMENTS), "")
    for names, run in batches(shown_names[:stop_missing], missing, index):
        qrels_batch = take_rows(qrels, rows_of(names))
        stop, run_twice = len(names), {}
        if run is not None:
            qrels_batch, run = prepare(qrels_batch, run, request)  # -M, then the duplicate check, then -J
            run, run_twice = _first_rows(run)
        if check:
            stop, allocated = _failing_query(names, run_twice, qrels_twice, max_grade, allocated)
        shown = names[:stop]
        rows = {}
        in_run = [name for name in shown if name not in missing]
        if in_run and client is not None:
            rows.update(values_by_partition(client, trec_eval_values, qrels_batch, run, in_run, output_lines,
                                            request.judged_only))
        elif in_run:
            rows.update(_values(output_lines, qrels_batch, run, in_run, request.judged_only))
        absent = [name for name in shown if name in missing]
        if absent:
            bogus = "".join(f"{name} Q0 ceci_nest_pas_un_docno 0 1.0 {runid or 'x'}\n" for name in absent)
            bogus_run = prepare(qrels_batch, _read_bogus(bogus.encode()), request)[1]
            rows.update(_values(output_lines, qrels_batch, bogus_run, absent, request.judged_only))
            for name in absent:
                for line in printed:
                    if line.name in ("num_ret", "utility", "rbp_resid") or line.name.startswith("unj"):
                        rows[name][line.name] = 0.0  # 10.0 cleans these up after the bogus ranking
                    elif line.name == "relstring":
                        rows[name][line.name] = ""  # (by exact name: relstring_3, utility_1,... keep their values)
        if request.per_query and shown:
            yield "".join(_format(line, name, rows[name][line.name]) + "\n" for name in shown for line in printed)
        totals.add([rows[name] for name in shown])
        if stop < len(names):
            raise TrecEvalError(_stop_message(names[stop], run_twice, qrels_twice, first_measure), 4)
    if stop_missing < len(shown_names):
        raise TrecEvalError(f"trec_eval: result qid '{shown_names[stop_missing]}' not found in qrels", 4)  # 10.0's
    if request.summary:
        out = []
        for measure, lines in output_lines:
            for line in lines:
                if line.prints == "runid":
                    out.append(f"{'runid':<22}\tall\t{runid}")
                elif line.prints == "num_q":
                    out.append(_format(line, "all", count))
                elif line.prints != "query":
                    total = positive_judgments if line.name == "num_rel" and request.complete else totals.value(line)
                    out.append(_format(line, "all", total))  # trec_eval counts grade > 0 whatever -l says
        yield "".join(text + "\n" for text in out)


def evaluate_lines(request: Request, stdin=None, client=None, err=None) -> list[str]:
    """The output lines of ``request`` (:func:`evaluate_text`, held: for tests and small inputs)."""
    return "".join(evaluate_text(request, stdin, client, err)).splitlines()


class _Totals:
    """trec_eval's ``all`` values, accumulated batch after batch in query order: a sum, a mean over
    ``count`` queries or a geometric mean (queries beyond those given count as MIN_GEO_MEAN), each
    added one query after the other as trec_eval adds them (``np.cumsum`` is sequential)."""

    def __init__(self, lines: list, count: int):
        self.count = count
        self.seen = 0
        self.totals = {line.name: None for line in lines}
        self.kinds = {line.name: line.aggregate_as for line in lines}

    def add(self, rows: list[dict]) -> None:
        if not rows:
            return
        self.seen += len(rows)
        for name, total in self.totals.items():
            values = np.array([row[name] for row in rows], dtype=np.float64)
            if self.kinds[name] in tm.GEOMETRIC:
                values = np.log(np.maximum(values, tm.MIN_GEO_MEAN))
            if total is not None:
                values = np.concatenate(([total], values))
            self.totals[name] = float(np.cumsum(values)[-1])

    def value(self, line: Line) -> float:
        total = self.totals[line.name]
        total = 0.0 if total is None else total
        if line.aggregate_as in tm.SUMMED:
            return total
        if line.aggregate_as in tm.GEOMETRIC:
            total += (self.count - self.seen) * math.log(tm.MIN_GEO_MEAN)
            return math.exp(total / self.count)
        return total / self.count if self.count else total


def _read_bogus(data: bytes) -> TrecColumns:
    return read_run_columns(data, "bogus ranking", check_duplicates=False)


def _values(output_lines, qrels: TrecColumns, run: TrecColumns, names: list[str], judged_only: bool) -> dict:
    """{query name: {line name: value}} of the queries ``names`` evaluated on ``run``."""
    if judged_only:
        run = take_rows(run, np.flatnonzero(judged_rows(run, qrels)))
    try:
        ev = _Evaluator(qrels, run, True)
    except MetricsInputError as error:
        raise TrecEvalError(f"trec_eval: {error}", 4) from None
    code_of = dict(zip(ev.query_names(ev.evaluated), ev.evaluated.tolist()))
    codes = [code_of[name] for name in names]
    rows: dict = {name: {} for name in names}
    for _, lines in output_lines:
        for line in lines:
            if line.compute is not None:
                computed = line.compute(ev)
                for name, code in zip(names, codes):
                    rows[name][line.name] = computed[code]
    return rows


def trec_eval_values(qrels: TrecColumns, run: TrecColumns, names: list[str], output_lines, judged_only: bool) -> dict:
    """One partition of ``python -m metrics trec_eval``: {query: {line: value}} (its ``_values``)."""
    return _values(output_lines, qrels, run, names, judged_only)


def _format(line: Line, query: str, value) -> str:
    if line.prints == "query":
        return f"{line.name:<22}\t{query}\t'{value}'"
    if line.prints in ("long", "num_q"):
        return f"{line.name:<22}\t{query}\t{int(value)}"
    return f"{line.name:<22}\t{query}\t{_c_float(value)}"


def _c_float(value: float) -> str:
    """C's ``%6.4f`` (nan and inf spelled as glibc does)."""
    if value != value:
        return "  -nan" if np.signbit(value) else "   nan"
    return f"{value:6.4f}"


def main(argv: list[str], out=None, err=None, stdin=None) -> int:
    """Run ``trec_eval`` with ``argv`` (without the program name); returns the exit status."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        request = parse_command_line(argv)
        if request.info == "version":
            err.write(f"trec_eval version {request.version} (python -m metrics trec_eval: the output of trec_eval "
                      f"{request.version}; --version-compat {'|'.join(VERSIONS)}, default {DEFAULT_VERSION})\n")
            return 0
        if request.info:
            measures = [name for name in TREC_MEASURES if request.version in ONLY_IN.get(name, VERSIONS)]
            out.write(HELP.format(measures=" ".join(measures), version=request.version, default=DEFAULT_VERSION,
                                  versions="|".join(VERSIONS)))
            return 0
        if request.workers or request.scheduler:
            with dask_client(request.workers, request.scheduler) as client:
                for piece in evaluate_text(request, stdin, client, err):
                    if not _write(out, err, piece):
                        return 1
        else:
            for piece in evaluate_text(request, stdin, err=err):
                if not _write(out, err, piece):
                    return 1
    except TrecEvalError as error:
        err.write(f"{error}\n")
        return error.status
    except MetricsInputError as error:
        err.write(f"trec_eval: {error}\n")
        return 2
    return 0


def _write(out, err, text: str) -> bool:
    """Write (and flush) a piece of the output; a write error (a full disk, a closed pipe) is one line naming
    the output (:func:`cannot_write`), and False."""
    try:
        out.write(text)
        out.flush()
    except OSError as error:
        err.write(f"trec_eval: {cannot_write(out, error)}\n")
        return False
    return True


def cannot_write(out, error: OSError) -> str:
    """What a failed write to ``out`` says (naming the output); the stream is pointed at the null device so that
    Python's own flush at exit does not fail a second time."""
    name = getattr(out, "name", None)
    name = "standard output" if name in (None, "<stdout>", 1) else f"'{name}'"
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, out.fileno())
        os.close(null)
    except (OSError, AttributeError, ValueError, io.UnsupportedOperation):
        pass
    return f"cannot write the output to {name}: {error.strerror or error}"
