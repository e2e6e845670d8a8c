"""A parsed measure (:class:`Measure`) and its canonical spelling (:func:`measure_name`): ``AP(rel=2)@5``, the
parameters at their default left out. The step-table modules name their measure with it; they import this
module and :mod:`.params`, never :mod:`.registry` (which imports them) nor :mod:`.names` (the parser, which
imports the registry)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import MetricsInputError
from ..limits import MAX_PARAMETER
from .params import PARAMS

#: parameter -> default (left out of canonical names); ``gains`` is a canonical gain map text ``{0:0,1:1}``
DEFAULTS = {name: param.default for name, param in PARAMS.items()}

#: the ``denominator`` argument of :func:`metrics.average_precision` -> the ``denom`` parameter
DENOM_OF = {"relevant": "R", "found": "found", "min_k_relevant": "minKR"}


@dataclass(frozen=True)
class Measure:
    """A parsed measure: its canonical name, cut-off and non-default parameters."""

    name: str
    k: int | None = None
    params: tuple[tuple[str, object], ...] = field(default=())

    def param(self, key: str):
        """The parameter's value, or its default."""
        return dict(self.params).get(key, DEFAULTS[key])

    def gain_map(self) -> dict[float, float] | None:
        """The ``gains`` parameter as {grade: gain} (:func:`parse_gain_map`); None when it is not given."""
        text = self.param("gains")
        return None if text is None else parse_gain_map(text)

    def __str__(self) -> str:
        text = self.name
        if self.params:
            text += "(" + ",".join(f"{key}={number_text(value)}" for key, value in self.params) + ")"
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
        params["gains"] = gain_map_text(params["gains"])
    kept = tuple(sorted((key, value) for key, value in params.items() if value != DEFAULTS[key]))
    return str(Measure(name, k, kept))


def number_text(value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def bad_measure(text: str, problem: str) -> MetricsInputError:
    return MetricsInputError(f"bad measure {text!r}: {problem}")


def finite_number(text: str, key: str, value: str) -> float:
    """A finite number (an integer one as int, so that it prints as such)."""
    try:
        number = float(value)
    except ValueError:
        raise bad_measure(text, f"{key} must be a number, got {value!r}") from None
    if number != number or number in (float("inf"), float("-inf")):
        raise bad_measure(text, f"{key} must be finite, got {value!r}")
    if abs(number) > MAX_PARAMETER:
        raise bad_measure(text, f"{key} must be at most {MAX_PARAMETER:g} in magnitude (metrics.limits.MAX_PARAMETER: "
                   f"beyond, sums overflow to inf), got {value!r}")
    return int(number) if number.is_integer() else number


def parse_gain_map(text: str) -> dict[float, float]:
    """A gain map in ir_measures' syntax, ``{0:0,1:1,2:3}``, as {grade: gain} (floats).

    >>> parse_gain_map("{0:0, 2:3, 1:1.5}")
    {0.0: 0.0, 1.0: 1.5, 2.0: 3.0}
    """
    return {float(grade): float(gain) for grade, gain in gain_pairs(text, text)}


def gain_pairs(text: str, value: str) -> list[tuple[float, float]]:
    """The (grade, gain) pairs of a gain map, grades ascending; malformed maps refused naming the problem."""
    value = value.strip()
    if not (value.startswith("{") and value.endswith("}")):
        raise bad_measure(text, f"gains must be a map in braces such as {{0:0,1:1,2:3}}, got {value!r}")
    body = value[1:-1].strip()
    if not body:
        raise bad_measure(text, "gains is an empty map: give at least one grade:gain pair, e.g. {0:0,1:1,2:3}")
    pairs: dict[float, float] = {}
    for pair in body.split(","):
        grade, sep, gain = pair.partition(":")
        if not sep or not grade.strip() or not gain.strip() or ":" in gain or "{" in pair or "}" in pair:
            raise bad_measure(text, f"expected grade:gain pairs such as 2:3 in gains, got {pair.strip()!r}")
        grade_value = finite_number(text, "a grade in gains", grade.strip())
        if grade_value in pairs:
            raise bad_measure(text, f"grade {number_text(grade_value)} is given twice in gains")
        pairs[grade_value] = finite_number(text, "a gain in gains", gain.strip())
    return sorted(pairs.items())


def gain_map_text(gain_map: dict) -> str:
    """The canonical text of a gain map: grades ascending, numbers as :func:`number_text` writes them."""
    pairs = sorted((float(grade), float(gain)) for grade, gain in gain_map.items())
    return "{" + ",".join(f"{number_text(grade)}:{number_text(gain)}" for grade, gain in pairs) + "}"
