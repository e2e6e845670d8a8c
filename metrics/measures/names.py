"""Measure names in ir_measures syntax: ``NAME[(param=value, ...)][@k]``.

Grammar (whitespace is not allowed)::

    measure  := name [ "(" param ("," param)* ")" ] [ "@" k ]
    name     := nDCG | AP | RR | P | R | F1 | Success | Rprec      (aliases below)
    param    := rel=<number>            relevance threshold of the binary measures (default 1)
              | gain=lin|exp            nDCG gain: rel or 2^rel - 1 (default lin)
              | ideal=judged|list       nDCG ideal ordering: all judged items or the ranked list
              | denom=R|found|minKR     AP denominator: all relevant, relevant found, min(k, R)
    k        := a positive integer      cut-off depth (required by P, R, F1, Success)

Examples: ``nDCG@10``, ``AP``, ``AP(rel=2)@100``, ``RR@10``, ``P@5``, ``nDCG(gain=exp)@10``.

>>> m = parse_measure("nDCG(gain=exp)@10")
>>> m.name, m.k, m.param("gain"), str(m)
('nDCG', 10, 'exp', 'nDCG(gain=exp)@10')
>>> str(parse_measure("ndcg_cut_10")), str(parse_measure("map")), str(parse_measure("P_5"))
('nDCG@10', 'AP', 'P@5')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import MetricsInputError

#: name -> (whether @k is allowed, whether @k is required, parameters it accepts, description)
MEASURES: dict[str, tuple[bool, bool, tuple[str, ...], str]] = {
    "nDCG": (True, False, ("gain", "ideal"), "normalised discounted cumulative gain"),
    "AP": (True, False, ("rel", "denom"), "average precision (mean over queries: MAP)"),
    "RR": (True, False, ("rel",), "reciprocal rank of the first relevant item (MRR)"),
    "P": (True, True, ("rel",), "precision: relevant items in the top k, divided by k"),
    "R": (True, True, ("rel",), "recall: relevant items in the top k, divided by R"),
    "F1": (True, True, ("rel",), "harmonic mean of P@k and R@k"),
    "Success": (True, True, ("rel",), "1 if any relevant item is in the top k (hit rate)"),
    "Rprec": (False, False, ("rel",), "precision at rank R, R = number of relevant items"),
}

#: accepted spellings -> canonical name (ir_measures, trec_eval and common usage)
ALIASES = {
    "ndcg": "nDCG", "map": "AP", "ap": "AP", "mrr": "RR", "rr": "RR", "recip_rank": "RR",
    "p": "P", "precision": "P", "r": "R", "recall": "R", "f1": "F1", "success": "Success",
    "hit": "Success", "hitrate": "Success", "hr": "Success", "rprec": "Rprec", "r-prec": "Rprec",
}

#: allowed parameter values (canonical spelling first)
PARAM_VALUES = {
    "gain": {"lin": "lin", "linear": "lin", "exp": "exp", "exponential": "exp"},
    "ideal": {"judged": "judged", "all": "judged", "list": "list", "ranked": "list"},
    "denom": {"R": "R", "relevant": "R", "found": "found", "minKR": "minKR", "min": "minKR"},
}
DEFAULTS = {"gain": "lin", "ideal": "judged", "denom": "R", "rel": 1}

#: the ``denominator`` argument of :func:`metrics.average_precision` -> the ``denom`` parameter
DENOM_OF = {"relevant": "R", "found": "found", "min_k_relevant": "minKR"}

_MEASURE_RE = re.compile(r"^(?P<name>[A-Za-z][A-Za-z0-9_\-]*?)(?:\((?P<params>[^()]*)\))?(?:@(?P<k>[^@]+))?$")
_TREC_RE = re.compile(r"^(?P<name>ndcg_cut|map_cut|P|recall|success|ndcg|map|recip_rank|Rprec)(?:_(?P<k>\d+))?$")
_TREC_NAMES = {"ndcg_cut": "nDCG", "ndcg": "nDCG", "map_cut": "AP", "map": "AP", "P": "P",
               "recall": "R", "success": "Success", "recip_rank": "RR", "Rprec": "Rprec"}


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
    """
    kept = tuple(sorted((key, value) for key, value in params.items() if value != DEFAULTS[key]))
    return str(Measure(name, k, kept))


#: plain-language words of each measure for :func:`subtitle`: (what it is, how its cut-off reads)
_WORDS = {"nDCG": ("nDCG", "at cut-off {k}"), "AP": ("AP", "over the top {k}"),
          "RR": ("RR", "within the top {k}"), "P": ("precision", "at cut-off {k}"),
          "R": ("recall", "at cut-off {k}"), "F1": ("F1", "at cut-off {k}"),
          "Success": ("hit rate", "at cut-off {k}"), "Rprec": ("R-precision", "")}
#: each parameter value in words ({value} for rel); a denominator continues the sentence after a comma
_PARAM_WORDS = {
    ("gain", "lin"): "linear gain", ("gain", "exp"): "exponential gain 2^rel − 1",
    ("ideal", "judged"): "ideal ordering from all judged items", ("ideal", "list"): "ideal ordering from the list itself",
    ("denom", "R"): "divided by R, all relevant items", ("denom", "found"): "divided by the hits found",
    ("denom", "minKR"): "divided by min(k, R)", ("rel", None): "relevant when grade ≥ {value}",
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
    """
    measure = parse_measure(name)
    what, cut = _WORDS[measure.name]
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
        name, k = _TREC_NAMES[trec["name"]], trec["k"]
        if k is not None and not MEASURES[name][0]:
            raise _bad(text, f"{name} takes no cut-off")
        if k is None and MEASURES[name][1]:
            raise _bad(text, f"{name} needs a cut-off, e.g. {name}@10")
        return Measure(name, int(k) if k is not None else None)
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
        if not match["k"].isdigit() or int(match["k"]) < 1:
            raise _bad(text, f"cut-off must be a positive integer, got {match['k']!r}")
        k = int(match["k"])
    elif needs_k:
        raise _bad(text, f"{name} needs a cut-off, e.g. {name}@10")
    params = {}
    if match["params"]:
        for part in match["params"].split(","):
            key, sep, value = part.partition("=")
            key, value = key.strip(), value.strip()
            if not sep or not key or not value:
                raise _bad(text, f"parameter {part!r} is not key=value")
            if key not in accepted:
                raise _bad(text, f"{name} accepts no parameter {key!r}"
                           + (f" (it accepts: {', '.join(accepted)})" if accepted else ""))
            params[key] = _param_value(text, key, value)
    params = tuple(sorted((key, value) for key, value in params.items() if value != DEFAULTS[key]))
    return Measure(name, k, params)


def _param_value(text: str, key: str, value: str):
    if key == "rel":
        try:
            number = float(value)
        except ValueError:
            raise _bad(text, f"rel must be a number, got {value!r}") from None
        if number != number or number in (float("inf"), float("-inf")):
            raise _bad(text, f"rel must be finite, got {value!r}")
        return int(number) if number.is_integer() else number
    canonical = PARAM_VALUES[key].get(value)
    if canonical is None:
        raise _bad(text, f"{key} must be one of {', '.join(sorted(set(PARAM_VALUES[key].values())))}, got {value!r}")
    return canonical


def parse_measures(texts) -> list[Measure]:
    """Parse several measure names (a string is split on commas and whitespace); duplicates dropped."""
    if isinstance(texts, str):
        texts = [t for t in re.split(r"[\s,]+(?![^()]*\))", texts) if t]
    measures: list[Measure] = []
    for text in texts:
        measure = text if isinstance(text, Measure) else parse_measure(text)
        if measure not in measures:
            measures.append(measure)
    if not measures:
        raise _bad("", "no measure given")
    return measures


#: parameters of the measures explained one ranking at a time only (metrics.measures.rbp, .ndcg's gain
#: map): their defaults, so that measure_name leaves them out (``RBP``, ``RBP(p=0.5)``)
DEFAULTS.update({"p": 0.8, "gains": None})
