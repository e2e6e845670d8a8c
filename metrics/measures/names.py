"""Measure names in ir_measures syntax: ``NAME[(param=value, ...)][@k]``, parsed with the tables generated
from :mod:`.registry` (each measure's cut-off, parameters and spellings are declared there, once; the full
grammar: ``python -m metrics measures``).

Grammar (whitespace is not allowed)::

    measure  := name [ "(" param ("," param)* ")" ] [ "@" k ]
    name     := a canonical name (registry.REGISTRY) or an alias (ALIASES)
    param    := key=value            a parameter the measure declares (registry.PARAMS: rel, gain, gains,
                                     ideal, denom, p, max_grade), its value checked against its type
    k        := a positive integer   cut-off depth
              | a number             a fraction of R: IPrec@0.1 (recall level), RprecMult@0.2 (multiple of R)

trec_eval's names are accepted too: ``NAME_k`` for the cut-off families (``ndcg_cut_10``,
``map_cut_100``, ``P_5``, ``recall_20``, ``success_1``, ``relative_P_5``, ``iprec_at_recall_0.10``,
``Rprec_mult_0.20``) and the single measures (``map``, ``gm_map``, ``Rprec``, ``bpref``, ``infAP``,
``num_q``, ``num_ret``, ``num_rel``, ``num_rel_ret``, ``set_P`` ...).  A cut-off family named without
its cut-off (``ndcg_cut``, ``P``) is refused here: only ``python -m metrics trec_eval`` expands it to
trec_eval's default cut-offs.

Examples: ``nDCG@10``, ``AP``, ``AP(rel=2)@100``, ``RR@10``, ``P@5``, ``nDCG(gain=exp)@10``,
``Judged@10``, ``RBP(p=0.5)``, ``ERR@20``, ``ERR(max_grade=3)@20``, ``nDCG(gains={0:0,1:1,2:3})@10``.

ir_measures' RBP without ``rel`` hands trectools the raw grades; here RBP is binary (``rel`` default 1),
so ``RBP`` here is ir_measures' ``RBP(rel=1)``.  ir_measures' ``ERR`` has no g_max parameter: its
gdeval fixes g_max at 4, the default here, so ``ERR@k`` is ir_measures' ``ERR@k``.

>>> m = parse_measure("nDCG(gain=exp)@10")
>>> m.name, m.k, m.param("gain"), str(m)
('nDCG', 10, 'exp', 'nDCG(gain=exp)@10')
>>> str(parse_measure("ndcg_cut_10")), str(parse_measure("map")), str(parse_measure("P_5"))
('nDCG@10', 'AP', 'P@5')
>>> str(parse_measure("nDCG(gains={2:3, 0:0,1:1})@10")), str(parse_measure("RBP(p=0.80,rel=2)"))
('nDCG(gains={0:0,1:1,2:3})@10', 'RBP(rel=2)')
"""

from __future__ import annotations

import re

from ..errors import MetricsInputError
from ..limits import MAX_K
from ..messages import N_
from .params import MAX_ERR_GRADE, PARAMS
from .registry import INPUTS, REGISTRY, MeasureInfo
from .spelling import (
    DEFAULTS,
    DENOM_OF,
    Measure,
    bad_measure,
    finite_number,
    gain_map_text,
    gain_pairs,
    measure_name,
    number_text,
    parse_gain_map,
)

__all__ = [
    "ALIASES",
    "DEFAULTS",
    "DENOM_OF",
    "FRACTION_CUTOFFS",
    "MAX_ERR_GRADE",
    "MEASURES",
    "PARAM_VALUES",
    "RANX_NAMES",
    "RANX_REFUSED",
    "Measure",
    "canonical_name",
    "is_trec_name",
    "measure_name",
    "parse_gain_map",
    "parse_measure",
    "parse_measures",
    "describe",
    "subtitle",
]

#: canonical name -> its declaration (:class:`.registry.MeasureInfo`: cut-off, parameters, description, ...)
MEASURES: dict[str, MeasureInfo] = REGISTRY

#: measures whose cut-off is a fraction (of R) rather than a depth
FRACTION_CUTOFFS = {name for name, info in REGISTRY.items() if info.cutoff_kind == "fraction"}

#: accepted spellings (lower case) -> canonical name (ir_measures, trec_eval and common usage)
ALIASES = {alias.lower(): name for name, info in REGISTRY.items() for alias in info.aliases}

#: ranx's names -> (canonical name, the parameters they mean here), from the registry (ndcg_burges: gain=exp)
RANX_NAMES = {ranx: (name, params) for name, info in REGISTRY.items() for ranx, params in info.ranx.items()}
#: ranx's names with no equal here, and why: a number that only looks like ranx's would be worse than none
RANX_REFUSED = {
    "hits": "ranx's hits@k is the count of relevant items in the top k, a mean over queries; here it is k × P@k: "
            "ask for P@k and multiply by k",
    "rbp": "ranx's rbp.95 and rbp@95 are RBP with persistence 0.95 weighing each rank by its grade (the grades at "
           "or above the level), where RBP here counts a relevant rank as 1: no measure here gives ranx's rbp "
           "(here RBP(p=0.95) is binary, RBP@10 a cut-off)",
}
#: ranx's grammar: ``name[@k][-lN]`` (``-lN``: relevant when grade >= N), and ``rbp.95`` (persistence 0.95)
_RANX_RE = re.compile(r"^(?P<name>r-precision|[a-z_][a-z0-9_]*)(?P<p>\.\d+)?(?:@(?P<k>\d+))?(?:-l(?P<level>\d+))?$")

#: allowed values of the choice parameters: spelling -> canonical value
PARAM_VALUES = {name: param.choices for name, param in PARAMS.items() if param.kind == "choice"}
_MEASURE_RE = re.compile(r"^(?P<name>[A-Za-z][A-Za-z0-9_\-]*?)(?:\((?P<params>[^()]*)\))?(?:@(?P<k>[^@]+))?$")
#: trec_eval's names -> canonical names (cut-off families first: they take ``_k``)
_TREC_CUT_NAMES = {info.trec_eval_cut: name for name, info in REGISTRY.items() if info.trec_eval_cut}
_TREC_NAMES = {trec: name for name, info in REGISTRY.items() for trec in info.trec_eval}
_TREC_RE = re.compile(r"^(?P<name>" + "|".join(sorted(_TREC_CUT_NAMES, key=len, reverse=True))
                      + r")(?:_(?P<k>\d+(?:\.\d+)?))?$|^(?P<single>" + "|".join(map(re.escape, _TREC_NAMES)) + ")$")


#: each parameter value in words ({value} for a number); a denominator continues the sentence after a comma
_PARAM_WORDS = {**{(key, value): words for key, param in PARAMS.items() for value, words in param.value_words.items()},
                **{(key, None): param.words for key, param in PARAMS.items() if param.words}}


#: the words of the registry's subtitles (``words=`` of metrics.measures.registry) that nothing else names, marked
#: here for the catalogue until the registry marks its own (tests/ui/i18n/test_extracted.py checks every one is in it)
SUBTITLE_WORDS = (N_("over the top {k}"), N_("AP"), N_("RR"))

def subtitle(name: str, translate=str) -> str:
    """A measure's canonical name in plain English, from its parsed parameters; ``translate`` (a
    function of an English phrase or template) puts it in another language, piece by piece.

    >>> subtitle("nDCG(ideal=list)@3")
    'nDCG at cut-off 3; ideal ordering from the list itself'
    >>> subtitle("AP(denom=found)@6")
    'AP over the top 6, divided by the hits found'
    >>> subtitle("P(rel=2)@5"), subtitle("RR")
    ('precision at cut-off 5; relevant when grade ≥ 2', 'RR over the whole list')
    >>> subtitle("RBP(p=0.5)@10")
    'rank-biased precision over the top 10; persistence p = 0.5'
    >>> subtitle("ERR(max_grade=3)")
    'expected reciprocal rank over the whole list; largest grade g_max = 3'
    """
    measure = parse_measure(name)
    what, cut = MEASURES[measure.name].words or (MEASURES[measure.name].description, N_("at cut-off {k}"))
    if measure.name == "Rprec":
        text = translate(N_("R-precision: precision at rank R, R = the number of relevant items"))
    elif measure.k is not None:
        text = translate(N_("{what} {cut}")).format(what=translate(what), cut=translate(cut).format(k=measure.k))
    else:
        text = translate(N_("{what} over the whole list")).format(what=translate(what))
    return _with_params(text, measure, translate)


def describe(name: str, translate=str) -> str:
    """What a measure is, for a reader who meets its name in a table: its registry description, its cut-off and its
    parameters in words (``translate`` as in :func:`subtitle`).

    >>> describe("nDCG@10"), describe("AP")
    ('normalised discounted cumulative gain (k = 10)', 'average precision (mean over queries: MAP)')
    >>> describe("P(rel=2)@5")
    'precision: relevant items in the top k, divided by k (k = 5); relevant when grade ≥ 2'
    """
    measure = parse_measure(name)
    text = translate(MEASURES[measure.name].description)
    if measure.k is not None:
        text = translate(N_("{description} (k = {k})")).format(description=text, k=number_text(measure.k))
    return _with_params(text, measure, translate)


def _with_params(text: str, measure: Measure, translate) -> str:
    """``text`` followed by each non-default parameter of ``measure`` in words."""
    for key, value in measure.params:
        words = _PARAM_WORDS.get((key, value), _PARAM_WORDS.get((key, None), ""))
        joined = N_("{sentence}, {words}") if key == "denom" else N_("{sentence}; {words}")
        text = translate(joined).format(sentence=text, words=translate(words).format(value=number_text(value)))
    return text


def canonical_name(name: str) -> str | None:
    """The registered measure ``name`` (a canonical name, or an alias ignoring case) stands for; None if unknown.

    >>> canonical_name("MAP"), canonical_name("nDCG"), canonical_name("ndcg_cut")
    ('AP', 'nDCG', None)
    """
    return name if name in MEASURES else ALIASES.get(name.lower())


def is_trec_name(text: str) -> bool:
    """Whether ``text`` is one of trec_eval's names (``map``, ``ndcg_cut_10``, the bare ``ndcg_cut``)."""
    return _TREC_RE.match(text) is not None


def parse_measure(text: str) -> Measure:
    """Parse one measure name such as ``nDCG@10``, ``AP(rel=2)`` or trec_eval's ``ndcg_cut_10``."""
    if not isinstance(text, str) or not text.strip():
        raise bad_measure(str(text), "empty measure name")
    text = text.strip()
    trec = _TREC_RE.match(text)
    if trec and "(" not in text and "@" not in text:
        if trec["single"]:
            return Measure(_TREC_NAMES[trec["single"]])
        name, k = _TREC_CUT_NAMES[trec["name"]], trec["k"]
        if k is None:
            raise bad_measure(text, f"{trec['name']} is a trec_eval family of cut-offs: name one, e.g. {trec['name']}_10 "
                       "(python -m metrics trec_eval expands the bare name to trec_eval's default cut-offs)")
        return Measure(name, _cutoff(text, name, k))
    ranx = _RANX_RE.match(text)
    if ranx and (ranx["p"] or ranx["level"] or (ranx["name"] in RANX_REFUSED and (ranx["name"] != "rbp" or ranx["k"]))
                 or (ranx["name"] in RANX_NAMES and canonical_name(ranx["name"]) is None)):
        return _ranx_measure(text, ranx)
    match = _MEASURE_RE.match(text)
    if not match:
        raise bad_measure(text, "expected NAME, NAME@k or NAME(param=value)@k")
    raw = match["name"]
    name = canonical_name(raw)
    if name is None:
        raise bad_measure(text, f"unknown measure {raw!r}; known: {', '.join(MEASURES)}")
    info = MEASURES[name]
    if info.inputs != "ranking":
        raise bad_measure(text, f"{name} is computed from {INPUTS[info.inputs][0]}, not from a ranking and its "
                                "judgements: metrics.measures.registry.value_from computes it")
    allows_k, needs_k, accepted = info.allows_k, info.needs_k, info.param_names
    k = None
    if match["k"] is not None:
        if not allows_k:
            raise bad_measure(text, f"{name} takes no cut-off")
        k = _cutoff(text, name, match["k"])
    elif needs_k:
        raise bad_measure(text, f"{name} needs a cut-off, e.g. {name}@10")
    params = {}
    if match["params"]:
        for part in _split_params(text, match["params"]):
            key, sep, value = part.partition("=")
            key, value = key.strip(), value.strip()
            if not sep or not key or not value:
                raise bad_measure(text, f"parameter {part!r} is not key=value")
            if key not in accepted:
                raise bad_measure(text, f"{name} accepts no parameter {key!r}"
                           + (f" (it accepts: {', '.join(accepted)})" if accepted else ""))
            if key in params:
                raise bad_measure(text, f"parameter {key!r} is given twice")
            params[key] = _param_value(text, key, value)
    if "gains" in params and params.get("gain", "lin") != "lin":
        raise bad_measure(text, "gains (a gain per grade) and gain=exp exclude each other: put 2^g - 1 in the map instead")
    low, high = (params.get(key, DEFAULTS[key]) for key in ("min_rel", "max_rel"))
    if "max_rel" in accepted and low >= high:
        raise bad_measure(text, "min_rel must be below max_rel: the gains are (g - min_rel) / (max_rel - min_rel)")
    params = tuple(sorted((key, value) for key, value in params.items() if value != DEFAULTS[key]))
    return Measure(name, k, params)


def _ranx_measure(text: str, match: re.Match) -> Measure:
    """A measure in ranx's grammar (``hit_rate@5``, ``ndcg_burges@10``, ``precision@5-l2``) as the measure here that
    gives ranx's number for the same ranking (ranx's ``rel_lvl`` is ``rel``); one ranx has and this package lacks is
    refused with the reason (:data:`RANX_REFUSED`)."""
    name, level = match["name"], match["level"]
    if name in RANX_REFUSED:
        raise bad_measure(text, RANX_REFUSED[name])
    if name not in RANX_NAMES or match["p"]:
        raise bad_measure(text, f"unknown measure {name!r}; ranx's names known here: {', '.join(sorted(RANX_NAMES))}")
    canonical, params = RANX_NAMES[name]
    if level is not None and int(level) != 1:
        if "rel" not in MEASURES[canonical].param_names:
            raise bad_measure(text, f"ranx's -l{level} leaves the grades below {level} out of {name}'s gains; "
                                    f"{canonical} here has no relevance level (every grade is a gain)")
        params = ",".join(part for part in (params, f"rel={int(level)}") if part)
    spelled = canonical + (f"({params})" if params else "") + (f"@{match['k']}" if match["k"] else "")
    try:
        return parse_measure(spelled)
    except MetricsInputError as error:  # (said of the name as the reader wrote it)
        raise bad_measure(text, f"ranx's {name} is {canonical} here: {str(error).partition(': ')[2]}") from None


def _cutoff(text: str, name: str, k: str):
    """A depth (positive integer) or, for :data:`FRACTION_CUTOFFS`, a non-negative number."""
    if name in FRACTION_CUTOFFS:
        try:
            fraction = float(k)
        except ValueError:
            fraction = -1.0
        if not 0 <= fraction < float("inf"):
            raise bad_measure(text, f"{name}'s cut-off must be a non-negative number, got {k!r}")
        if fraction > MAX_K:
            raise bad_measure(text, f"{name}'s cut-off must be at most {MAX_K:,} (metrics.limits.MAX_K), got {k!r}")
        return fraction
    if not (k.isascii() and k.isdigit()) or not k.strip("0"):
        raise bad_measure(text, f"cut-off must be a positive integer, got {k!r}")
    if len(k.lstrip("0")) > len(str(MAX_K)) or int(k) > MAX_K:  # (int() of thousands of digits is refused)
        raise bad_measure(text, f"cut-off must be at most {MAX_K:,} (metrics.limits.MAX_K), got {k!r}")
    return int(k)


def _split_params(text: str, params: str) -> list[str]:
    """The ``key=value`` parts of a parameter list: split at the commas outside braces (a gain map)."""
    parts, depth, start = [], 0, 0
    for at, char in enumerate(params):
        if char in "{}":
            depth += 1 if char == "{" else -1
            if depth not in (0, 1):
                raise bad_measure(text, "unbalanced or nested braces: a gain map is written gains={0:0,1:1,2:3}")
        elif char == "," and depth == 0:
            parts.append(params[start:at])
            start = at + 1
    if depth:
        raise bad_measure(text, "unbalanced or nested braces: a gain map is written gains={0:0,1:1,2:3}")
    return parts + [params[start:]]


def _param_value(text: str, key: str, value: str):
    """``value`` as parameter ``key``'s type (:data:`.registry.PARAMS`) says: a number within its bounds, a
    canonical choice, or a canonical gain map text."""
    param = PARAMS[key]
    if param.kind == "number":
        number = finite_number(text, key, value)
        if not param.in_bounds(number):
            why = f" ({param.bounds_reason})" if param.bounds_reason else ""
            raise bad_measure(text, f"{key} must be {param.bounds_text()}{why}, got {value!r}")
        return number
    if param.kind == "gain_map":
        return gain_map_text(dict(gain_pairs(text, value)))
    canonical = param.choices.get(value)
    if canonical is None:
        raise bad_measure(text, f"{key} must be one of {', '.join(sorted(param.canonical_choices))}, got {value!r}")
    return canonical


def _is_ir_measures(obj) -> bool:
    """Whether ``obj`` is an ir_measures measure object (``ir_measures.nDCG@10``; checked without importing it)."""
    return type(obj).__module__.split(".")[0] == "ir_measures" and hasattr(obj, "NAME") and hasattr(obj, "params")


#: ir_measures' NERR10's default persistence (RBP's p, the one default here, is 0.8)
_IR_MEASURES_NERR10_P = 0.9
#: ir_measures' ``nDCG(dcg=...)`` values and the gain they mean here
_IR_MEASURES_DCG = {"log2": "lin", "exp-log2": "exp"}


def _ir_measures_name(obj):
    """An ir_measures measure object as the name it stands for here (``str(m)``: both use ir_measures' syntax);
    its ``nDCG(dcg='exp-log2')`` is ``nDCG(gain=exp)``, its ``SDCG(dcg='log2')`` is ``SDCG`` and its ``NERR10``
    without p is ``NERR10(p=0.9)`` (its default, where p's here is 0.8). Anything else is returned as it is."""
    if not _is_ir_measures(obj):
        return obj
    params = dict(obj.params)
    if obj.NAME == "nDCG" and "dcg" in params:
        dcg = params.pop("dcg")
        if dcg not in _IR_MEASURES_DCG:
            raise bad_measure(str(obj), f"ir_measures' dcg={dcg!r} has no equivalent here (log2 or exp-log2)")
        params["gain"] = _IR_MEASURES_DCG[dcg]
    if obj.NAME == "SDCG" and params.get("dcg", "log2") == "log2":  # (its only discount, the one here)
        params.pop("dcg", None)
    if obj.NAME == "NERR10" and params.get("p") is None:
        params["p"] = _IR_MEASURES_NERR10_P
    cutoff = params.pop("cutoff", None)
    inside = ",".join(f"{key}={value}" for key, value in params.items() if value is not None)
    return f"{obj.NAME}{f'({inside})' if inside else ''}{f'@{cutoff}' if cutoff is not None else ''}"


def parse_measures(texts) -> list[Measure]:
    """Parse several measure names (a string is split on commas and whitespace); duplicates dropped."""
    if isinstance(texts, str):
        texts = [t for t in re.split(r"[\s,]+(?![^()]*\))", texts) if t]
    elif _is_ir_measures(texts):  # one ir_measures measure object, e.g. ir_measures.nDCG@10
        texts = [texts]
    measures: list[Measure] = []
    for text in texts:
        measure = text if isinstance(text, Measure) else parse_measure(_ir_measures_name(text))
        if measure not in measures:
            measures.append(measure)
    if not measures:
        raise bad_measure("", "no measure given")
    return measures


