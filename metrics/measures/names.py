"""Measure names in ir_measures syntax: ``NAME[(param=value, ...)][@k]``.

Grammar (whitespace is not allowed)::

    measure  := name [ "(" param ("," param)* ")" ] [ "@" k ]
    name     := nDCG | AP | RR | P | R | F1 | Success | Rprec      (aliases below)
              | NumQ | NumRet | NumRel | NumRelRet | NumNonRelJudgedRet  (counts; summed over queries)
              | GMAP | Bpref | GMBpref | infAP | BinG | G | nDCGRel | RnDCG | SetP | SetR | SetF | SetAP
              | SetRelP | RelP | IPrec | RprecMult | IPrec11 | Utility
              | Judged | RBP | ERR                                (ir_measures' measures)
    param    := rel=<number>            relevance threshold of the binary measures and RBP (default 1)
              | gain=lin|exp            nDCG gain: rel or 2^rel - 1 (default lin)
              | gains={g:v,g:v,...}     nDCG gain per grade (ir_measures' syntax; a grade left out keeps its
                                        grade as gain; not with gain=exp)
              | p=<number in (0, 1)>    RBP persistence (default 0.8, as ir_measures)
              | max_grade=<number>      ERR's g_max, 0 < g_max <= 1000 (default 4: the 0-4 scale of the TREC
                                        Web track, as gdeval behind ir_measures' ERR; higher grades need it)
              | ideal=judged|list       nDCG ideal ordering: all judged items or the ranked list
              | denom=R|found|minKR     AP denominator: all relevant, relevant found, min(k, R)
    k        := a positive integer      cut-off depth (required by P, R, F1, Success, RelP)
              | a number                a fraction of R: IPrec@0.1 (recall level), RprecMult@0.2 (multiple of R)

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
from dataclasses import dataclass, field

from ..errors import MetricsInputError
from ..limits import MAX_K, MAX_PARAMETER

#: name -> (whether @k is allowed, whether @k is required, parameters it accepts, description)
MEASURES: dict[str, tuple[bool, bool, tuple[str, ...], str]] = {
    "nDCG": (True, False, ("gain", "gains", "ideal"), "normalised discounted cumulative gain"),
    "AP": (True, False, ("rel", "denom"), "average precision (mean over queries: MAP)"),
    "RR": (True, False, ("rel",), "reciprocal rank of the first relevant item (MRR)"),
    "P": (True, True, ("rel",), "precision: relevant items in the top k, divided by k"),
    "R": (True, True, ("rel",), "recall: relevant items in the top k, divided by R"),
    "F1": (True, True, ("rel",), "harmonic mean of P@k and R@k"),
    "Success": (True, True, ("rel",), "1 if any relevant item is in the top k (hit rate)"),
    "Rprec": (False, False, ("rel",), "precision at rank R, R = number of relevant items"),
    "NumQ": (False, False, (), "number of queries evaluated (trec_eval num_q)"),
    "NumRet": (False, False, (), "number of items retrieved (trec_eval num_ret)"),
    "NumRel": (False, False, ("rel",), "number of relevant judged items, R (trec_eval num_rel)"),
    "NumRelRet": (False, False, ("rel",), "number of relevant items retrieved (trec_eval num_rel_ret)"),
    "NumNonRelJudgedRet": (False, False, ("rel",), "judged non-relevant items retrieved"),
    "GMAP": (False, False, ("rel",), "average precision, geometric mean over queries (trec_eval gm_map)"),
    "Bpref": (False, False, ("rel",), "binary preference: relevant items ranked above judged non-relevant ones"),
    "GMBpref": (False, False, ("rel",), "bpref, geometric mean over queries (trec_eval gm_bpref)"),
    "infAP": (False, False, ("rel",), "inferred average precision (Yilmaz and Aslam)"),
    "IPrec": (True, True, ("rel",), "interpolated precision at recall level k (a fraction of R)"),
    "IPrec11": (False, False, ("rel",), "mean interpolated precision at recall 0, 0.1, ..., 1 (11pt_avg)"),
    "RprecMult": (True, True, ("rel",), "precision at rank k * R (trec_eval Rprec_mult)"),
    "RelP": (True, True, ("rel",), "relevant items in the top k divided by min(k, R) (relative_P)"),
    "SetP": (False, False, ("rel",), "precision of the whole retrieved set"),
    "SetR": (False, False, ("rel",), "recall of the whole retrieved set"),
    "SetF": (False, False, ("rel",), "F-measure (beta 1) of the whole retrieved set"),
    "SetAP": (False, False, ("rel",), "set precision times set recall (trec_eval set_map)"),
    "SetRelP": (False, False, ("rel",), "set precision divided by its best possible value"),
    "Utility": (False, False, ("rel",), "retrieved relevant minus retrieved non-relevant (trec_eval utility)"),
    "BinG": (False, False, ("rel",), "binary G: 1/log2(2 + non-relevant before) per relevant item, over R"),
    "G": (False, False, (), "normalised gain G (trec_eval G)"),
    "nDCGRel": (False, False, (), "nDCG averaged over the relevant items (trec_eval ndcg_rel)"),
    "RnDCG": (False, False, ("rel",), "nDCG averaged at the R-level boundaries (trec_eval Rndcg)"),
    "Judged": (True, False, (), "share of the top k that is judged (ir_measures Judged)"),
    "RBP": (True, False, ("p", "rel"), "rank-biased precision: (1 - p) times the sum of p^(i-1) over relevant ranks"),
    "ERR": (True, False, ("max_grade",), "expected reciprocal rank of the cascade model (ir_measures ERR)"),
}

#: the largest ``max_grade`` of ERR (as :data:`metrics.measures.err.MAX_GRADE`): 2^g is a float only below 2^1024
MAX_ERR_GRADE = 1000

#: measures whose cut-off is a fraction (of R) rather than a depth
FRACTION_CUTOFFS = {"IPrec", "RprecMult"}

#: accepted spellings -> canonical name (ir_measures, trec_eval and common usage)
ALIASES = {
    "ndcg": "nDCG", "map": "AP", "ap": "AP", "mrr": "RR", "rr": "RR", "recip_rank": "RR",
    "p": "P", "precision": "P", "r": "R", "recall": "R", "f1": "F1", "success": "Success",
    "hit": "Success", "hitrate": "Success", "hr": "Success", "rprec": "Rprec", "r-prec": "Rprec",
    "judged": "Judged", "rbp": "RBP", "err": "ERR",
}

#: allowed parameter values (canonical spelling first)
PARAM_VALUES = {
    "gain": {"lin": "lin", "linear": "lin", "exp": "exp", "exponential": "exp"},
    "ideal": {"judged": "judged", "all": "judged", "list": "list", "ranked": "list"},
    "denom": {"R": "R", "relevant": "R", "found": "found", "minKR": "minKR", "min": "minKR"},
}
#: parameter -> default (left out of canonical names); ``gains`` is a canonical gain map text ``{0:0,1:1}``
DEFAULTS = {"gain": "lin", "ideal": "judged", "denom": "R", "rel": 1, "p": 0.8, "gains": None, "max_grade": 4}

#: the ``denominator`` argument of :func:`metrics.average_precision` -> the ``denom`` parameter
DENOM_OF = {"relevant": "R", "found": "found", "min_k_relevant": "minKR"}

_MEASURE_RE = re.compile(r"^(?P<name>[A-Za-z][A-Za-z0-9_\-]*?)(?:\((?P<params>[^()]*)\))?(?:@(?P<k>[^@]+))?$")
#: trec_eval's names -> canonical names (cut-off families first: they take ``_k``)
_TREC_CUT_NAMES = {"ndcg_cut": "nDCG", "map_cut": "AP", "P": "P", "recall": "R", "success": "Success",
                   "relative_P": "RelP", "iprec_at_recall": "IPrec", "Rprec_mult": "RprecMult"}
_TREC_NAMES = {"ndcg": "nDCG", "map": "AP", "recip_rank": "RR", "Rprec": "Rprec", "num_q": "NumQ",
               "num_ret": "NumRet", "num_rel": "NumRel", "num_rel_ret": "NumRelRet",
               "num_nonrel_judged_ret": "NumNonRelJudgedRet", "gm_map": "GMAP", "bpref": "Bpref",
               "gm_bpref": "GMBpref", "infAP": "infAP", "11pt_avg": "IPrec11", "set_P": "SetP",
               "set_recall": "SetR", "set_F": "SetF", "set_map": "SetAP", "set_relative_P": "SetRelP",
               "utility": "Utility", "binG": "BinG", "G": "G", "ndcg_rel": "nDCGRel", "Rndcg": "RnDCG"}
_TREC_RE = re.compile(r"^(?P<name>" + "|".join(sorted(_TREC_CUT_NAMES, key=len, reverse=True))
                      + r")(?:_(?P<k>\d+(?:\.\d+)?))?$|^(?P<single>" + "|".join(map(re.escape, _TREC_NAMES)) + ")$")


@dataclass(frozen=True)
class Measure:
    """A parsed measure: its canonical name, cut-off and non-default parameters."""

    name: str
    k: int | None = None
    params: tuple[tuple[str, object], ...] = field(default=())

    def param(self, key: str):
        """The parameter's value, or its default."""
        return dict(self.params).get(key, DEFAULTS[key])

    def __str__(self) -> str:
        text = self.name
        if self.params:
            text += "(" + ",".join(f"{key}={_fmt(value)}" for key, value in self.params) + ")"
        if self.k is not None:
            text += f"@{self.k}"
        return text


def measure_name(name: str, k: int | None = None, **params) -> str:
    """The canonical name of a measure, parameters at their default left out.

    >>> measure_name("AP", 5, denom=DENOM_OF["found"], rel=2.0), measure_name("nDCG", 10, gain="lin")
    ('AP(denom=found,rel=2)@5', 'nDCG@10')
    >>> measure_name("RBP", None, p=0.5, rel=1.0), measure_name("nDCG", 3, gains={1: 1, 0: 0.0})
    ('RBP(p=0.5)', 'nDCG(gains={0:0,1:1})@3')
    """
    if isinstance(params.get("gains"), dict):
        params["gains"] = _gain_map_text(params["gains"])
    kept = tuple(sorted((key, value) for key, value in params.items() if value != DEFAULTS[key]))
    return str(Measure(name, k, kept))


#: plain-language words of each measure for :func:`subtitle`: (what it is, how its cut-off reads)
_WORDS = {"nDCG": ("nDCG", "at cut-off {k}"), "AP": ("AP", "over the top {k}"),
          "RR": ("RR", "within the top {k}"), "P": ("precision", "at cut-off {k}"),
          "R": ("recall", "at cut-off {k}"), "F1": ("F1", "at cut-off {k}"),
          "Success": ("hit rate", "at cut-off {k}"), "Rprec": ("R-precision", ""),
          "Judged": ("share of items judged", "in the top {k}"), "RBP": ("rank-biased precision", "over the top {k}"),
          "ERR": ("expected reciprocal rank", "at cut-off {k}")}
#: each parameter value in words ({value} for rel); a denominator continues the sentence after a comma
_PARAM_WORDS = {
    ("gain", "lin"): "linear gain", ("gain", "exp"): "exponential gain 2^rel − 1",
    ("ideal", "judged"): "ideal ordering from all judged items", ("ideal", "list"): "ideal ordering from the list itself",
    ("denom", "R"): "divided by R, all relevant items", ("denom", "found"): "divided by the hits found",
    ("denom", "minKR"): "divided by min(k, R)", ("rel", None): "relevant when grade ≥ {value}",
    ("p", None): "persistence p = {value}", ("max_grade", None): "largest grade g_max = {value}",
    ("gains", None): "gain of each grade {value}",
}


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
    what, cut = _WORDS.get(measure.name, (MEASURES[measure.name][3], "at cut-off {k}"))
    if measure.name == "Rprec":
        text = translate("R-precision: precision at rank R, R = the number of relevant items")
    elif measure.k is not None:
        text = translate("{what} {cut}").format(what=translate(what), cut=translate(cut).format(k=measure.k))
    else:
        text = translate("{what} over the whole list").format(what=translate(what))
    for key, value in measure.params:
        words = _PARAM_WORDS.get((key, value), _PARAM_WORDS.get((key, None), ""))
        joined = "{sentence}, {words}" if key == "denom" else "{sentence}; {words}"
        text = translate(joined).format(sentence=text, words=translate(words).format(value=_fmt(value)))
    return text


def _fmt(value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _bad(text: str, problem: str) -> MetricsInputError:
    return MetricsInputError(f"bad measure {text!r}: {problem}")


def parse_measure(text: str) -> Measure:
    """Parse one measure name such as ``nDCG@10``, ``AP(rel=2)`` or trec_eval's ``ndcg_cut_10``."""
    if not isinstance(text, str) or not text.strip():
        raise _bad(str(text), "empty measure name")
    text = text.strip()
    trec = _TREC_RE.match(text)
    if trec and "(" not in text and "@" not in text:
        if trec["single"]:
            return Measure(_TREC_NAMES[trec["single"]])
        name, k = _TREC_CUT_NAMES[trec["name"]], trec["k"]
        if k is None:
            raise _bad(text, f"{trec['name']} is a trec_eval family of cut-offs: name one, e.g. {trec['name']}_10 "
                       "(python -m metrics trec_eval expands the bare name to trec_eval's default cut-offs)")
        return Measure(name, _cutoff(text, name, k))
    match = _MEASURE_RE.match(text)
    if not match:
        raise _bad(text, "expected NAME, NAME@k or NAME(param=value)@k")
    raw = match["name"]
    name = raw if raw in MEASURES else ALIASES.get(raw.lower())
    if name is None:
        raise _bad(text, f"unknown measure {raw!r}; known: {', '.join(MEASURES)}")
    allows_k, needs_k, accepted, _ = MEASURES[name]
    k = None
    if match["k"] is not None:
        if not allows_k:
            raise _bad(text, f"{name} takes no cut-off")
        k = _cutoff(text, name, match["k"])
    elif needs_k:
        raise _bad(text, f"{name} needs a cut-off, e.g. {name}@10")
    params = {}
    if match["params"]:
        for part in _split_params(text, match["params"]):
            key, sep, value = part.partition("=")
            key, value = key.strip(), value.strip()
            if not sep or not key or not value:
                raise _bad(text, f"parameter {part!r} is not key=value")
            if key not in accepted:
                raise _bad(text, f"{name} accepts no parameter {key!r}"
                           + (f" (it accepts: {', '.join(accepted)})" if accepted else ""))
            if key in params:
                raise _bad(text, f"parameter {key!r} is given twice")
            params[key] = _param_value(text, key, value)
    if "gains" in params and params.get("gain", "lin") != "lin":
        raise _bad(text, "gains (a gain per grade) and gain=exp exclude each other: put 2^g - 1 in the map instead")
    params = tuple(sorted((key, value) for key, value in params.items() if value != DEFAULTS[key]))
    return Measure(name, k, params)


def _cutoff(text: str, name: str, k: str):
    """A depth (positive integer) or, for :data:`FRACTION_CUTOFFS`, a non-negative number."""
    if name in FRACTION_CUTOFFS:
        try:
            fraction = float(k)
        except ValueError:
            fraction = -1.0
        if not 0 <= fraction < float("inf"):
            raise _bad(text, f"{name}'s cut-off must be a non-negative number, got {k!r}")
        if fraction > MAX_K:
            raise _bad(text, f"{name}'s cut-off must be at most {MAX_K:,} (metrics.limits.MAX_K), got {k!r}")
        return fraction
    if not (k.isascii() and k.isdigit()) or not k.strip("0"):
        raise _bad(text, f"cut-off must be a positive integer, got {k!r}")
    if len(k.lstrip("0")) > len(str(MAX_K)) or int(k) > MAX_K:  # (int() of thousands of digits is refused)
        raise _bad(text, f"cut-off must be at most {MAX_K:,} (metrics.limits.MAX_K), got {k!r}")
    return int(k)


def _split_params(text: str, params: str) -> list[str]:
    """The ``key=value`` parts of a parameter list: split at the commas outside braces (a gain map)."""
    parts, depth, start = [], 0, 0
    for at, char in enumerate(params):
        if char in "{}":
            depth += 1 if char == "{" else -1
            if depth not in (0, 1):
                raise _bad(text, "unbalanced or nested braces: a gain map is written gains={0:0,1:1,2:3}")
        elif char == "," and depth == 0:
            parts.append(params[start:at])
            start = at + 1
    if depth:
        raise _bad(text, "unbalanced or nested braces: a gain map is written gains={0:0,1:1,2:3}")
    return parts + [params[start:]]


def _number(text: str, key: str, value: str) -> float:
    """A finite number (an integer one as int, so that it prints as such)."""
    try:
        number = float(value)
    except ValueError:
        raise _bad(text, f"{key} must be a number, got {value!r}") from None
    if number != number or number in (float("inf"), float("-inf")):
        raise _bad(text, f"{key} must be finite, got {value!r}")
    if abs(number) > MAX_PARAMETER:
        raise _bad(text, f"{key} must be at most {MAX_PARAMETER:g} in magnitude (metrics.limits.MAX_PARAMETER: "
                   f"beyond, sums overflow to inf), got {value!r}")
    return int(number) if number.is_integer() else number


def parse_gain_map(text: str) -> dict[float, float]:
    """A gain map in ir_measures' syntax, ``{0:0,1:1,2:3}``, as {grade: gain} (floats).

    >>> parse_gain_map("{0:0, 2:3, 1:1.5}")
    {0.0: 0.0, 1.0: 1.5, 2.0: 3.0}
    """
    return {float(grade): float(gain) for grade, gain in _gain_pairs(text, text)}


def _gain_pairs(text: str, value: str) -> list[tuple[float, float]]:
    """The (grade, gain) pairs of a gain map, grades ascending; malformed maps refused naming the problem."""
    value = value.strip()
    if not (value.startswith("{") and value.endswith("}")):
        raise _bad(text, f"gains must be a map in braces such as {{0:0,1:1,2:3}}, got {value!r}")
    body = value[1:-1].strip()
    if not body:
        raise _bad(text, "gains is an empty map: give at least one grade:gain pair, e.g. {0:0,1:1,2:3}")
    pairs: dict[float, float] = {}
    for pair in body.split(","):
        grade, sep, gain = pair.partition(":")
        if not sep or not grade.strip() or not gain.strip() or ":" in gain or "{" in pair or "}" in pair:
            raise _bad(text, f"expected grade:gain pairs such as 2:3 in gains, got {pair.strip()!r}")
        grade_value = _number(text, "a grade in gains", grade.strip())
        if grade_value in pairs:
            raise _bad(text, f"grade {_fmt(grade_value)} is given twice in gains")
        pairs[grade_value] = _number(text, "a gain in gains", gain.strip())
    return sorted(pairs.items())


def _gain_map_text(gain_map: dict) -> str:
    """The canonical text of a gain map: grades ascending, numbers as :func:`_fmt` writes them."""
    pairs = sorted((float(grade), float(gain)) for grade, gain in gain_map.items())
    return "{" + ",".join(f"{_fmt(grade)}:{_fmt(gain)}" for grade, gain in pairs) + "}"


def _param_value(text: str, key: str, value: str):
    if key == "rel":
        return _number(text, key, value)
    if key == "p":
        number = _number(text, key, value)
        if not 0 < number < 1:
            raise _bad(text, f"p (RBP's persistence) must be between 0 and 1, both excluded, got {value!r}")
        return number
    if key == "max_grade":
        number = _number(text, key, value)
        if not 0 < number <= MAX_ERR_GRADE:
            raise _bad(text, f"max_grade must be above 0 and at most {MAX_ERR_GRADE} (2^g_max overflows a float "
                       f"beyond), got {value!r}")
        return number
    if key == "gains":
        return _gain_map_text(dict(_gain_pairs(text, value)))
    canonical = PARAM_VALUES[key].get(value)
    if canonical is None:
        raise _bad(text, f"{key} must be one of {', '.join(sorted(set(PARAM_VALUES[key].values())))}, got {value!r}")
    return canonical


def _is_ir_measures(obj) -> bool:
    """Whether ``obj`` is an ir_measures measure object (``ir_measures.nDCG@10``; checked without importing it)."""
    return type(obj).__module__.split(".")[0] == "ir_measures" and hasattr(obj, "NAME") and hasattr(obj, "params")


#: ir_measures' ``nDCG(dcg=...)`` values and the gain they mean here
_IR_MEASURES_DCG = {"log2": "lin", "exp-log2": "exp"}


def _ir_measures_name(obj):
    """An ir_measures measure object as the name it stands for here (``str(m)``: both use ir_measures' syntax);
    its ``nDCG(dcg='exp-log2')`` is ``nDCG(gain=exp)``. Anything else is returned as it is."""
    if not _is_ir_measures(obj):
        return obj
    params = dict(obj.params)
    if obj.NAME == "nDCG" and "dcg" in params:
        dcg = params.pop("dcg")
        if dcg not in _IR_MEASURES_DCG:
            raise _bad(str(obj), f"ir_measures' dcg={dcg!r} has no equivalent here (log2 or exp-log2)")
        params["gain"] = _IR_MEASURES_DCG[dcg]
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
        raise _bad("", "no measure given")
    return measures


