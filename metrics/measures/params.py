"""The measures' parameters, typed once (in the spirit of ir_measures' ``ParamInfo``): the parser
(:mod:`.names`), the canonical spelling (:mod:`.spelling`) and the registry (:mod:`.registry`) read them here, so
that the step-table modules the registry imports can spell a measure's name without importing the registry."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ..limits import MAX_PARAMETER
from ..messages import N_

#: the largest ``max_grade`` of ERR (also :data:`metrics.measures.err.MAX_GRADE`): 2^g is a float only below 2^1024
MAX_ERR_GRADE = 1000


@dataclass(frozen=True)
class Param:
    """A measure parameter: ``kind`` ``number`` (bounded by ``low``/``high``; ``open`` says which bounds are
    excluded), ``choice`` (``choices`` maps each accepted spelling to its canonical value, canonical first)
    or ``gain_map`` (``{0:0,1:1,2:3}``)."""

    name: str
    kind: Literal["number", "choice", "gain_map"]
    default: object
    help: str
    choices: dict[str, str] = field(default_factory=dict)
    low: float = -MAX_PARAMETER
    high: float = MAX_PARAMETER
    open: tuple[bool, bool] = (False, False)
    bounds_reason: str = ""  #: why the bounds, said after the refusal
    syntax: str = ""  #: how the grammar table writes its values
    words: str = ""  #: the value in plain English for :func:`metrics.measures.names.subtitle` ({value})
    value_words: dict[str, str] = field(default_factory=dict)  #: a choice's own words

    @property
    def canonical_choices(self) -> tuple[str, ...]:
        """The canonical values of a choice parameter, in declaration order."""
        return tuple(dict.fromkeys(self.choices.values()))

    def in_bounds(self, number: float) -> bool:
        low_ok = number > self.low if self.open[0] else number >= self.low
        high_ok = number < self.high if self.open[1] else number <= self.high
        return low_ok and high_ok

    def bounds_text(self) -> str:
        """``between 0 and 1, both excluded``, ``above 0 and at most 1000``."""
        low = f"{'above' if self.open[0] else 'at least'} {self.low:g}"
        high = f"{'below' if self.open[1] else 'at most'} {self.high:g}"
        if self.open == (True, True):
            return f"between {self.low:g} and {self.high:g}, both excluded"
        return f"{low} and {high}"

    def grammar(self) -> str:
        """How the grammar writes it: ``gain=lin|exp``, ``p=<number in (0, 1)>``."""
        if self.syntax:
            return f"{self.name}={self.syntax}"
        if self.kind == "choice":
            return f"{self.name}={'|'.join(self.canonical_choices)}"
        return f"{self.name}=<number>"


REL = Param("rel", "number", 1, "relevant when grade >= rel (trec_eval -l, ir_measures rel=)",
            words="relevant when grade ≥ {value}")
GAIN = Param("gain", "choice", "lin", "gain of a grade g: g (lin) or 2^g - 1 (exp, Burges et al. 2005)",
             choices={"lin": "lin", "linear": "lin", "exp": "exp", "exponential": "exp"},
             value_words={"lin": N_("linear gain"), "exp": N_("exponential gain 2^rel − 1")})
GAINS = Param("gains", "gain_map", None, "a gain per grade, ir_measures' syntax (a grade left out: its grade; "
              "not with gain=exp)", syntax="{0:0,1:1,2:3}", words=N_("gain of each grade {value}"))
IDEAL = Param("ideal", "choice", "judged", "ideal ordering: all judged items of the query, or the ranked list",
              choices={"judged": "judged", "all": "judged", "list": "list", "ranked": "list"},
              value_words={"judged": N_("ideal ordering from all judged items"),
                           "list": N_("ideal ordering from the list itself")})
DENOM = Param("denom", "choice", "R", "AP's denominator: all relevant (R), relevant found, or min(k, R)",
              choices={"R": "R", "relevant": "R", "found": "found", "minKR": "minKR", "min": "minKR"},
              value_words={"R": N_("divided by R, all relevant items"), "found": N_("divided by the hits found"),
                           "minKR": N_("divided by min(k, R)")})
PERSISTENCE = Param("p", "number", 0.8, N_("persistence of RBP and NERR10: the chance of reading on (0.8 as "
                                           "ir_measures' RBP; its NERR10's is 0.9)"),
                    low=0, high=1, open=(True, True), bounds_reason="a persistence",
                    syntax="<number in (0, 1)>", words=N_("persistence p = {value}"))
MAX_GRADE = Param("max_grade", "number", 4, N_("ERR's g_max (4: the 0-4 scale of gdeval behind ir_measures' ERR)"),
                  low=0, high=MAX_ERR_GRADE, open=(True, False), bounds_reason="2^g_max overflows a float beyond",
                  syntax="<number in (0, 1000]>", words=N_("largest grade g_max = {value}"))

WANTED = Param("T", "number", 1, N_("C/W/L's T: the gain the user wants, in gains of 0 to 1 (INST, INSQ, NERR11, BPM)"),
               low=0, open=(True, False), bounds_reason="the gain wanted", syntax="<number > 0>",
               words=N_("gain wanted T = {value}"))
MIN_REL = Param("min_rel", "number", 0, N_("C/W/L's gains: the grade of gain 0, gain = (clip(g, min_rel, max_rel) - "
                                           "min_rel) / (max_rel - min_rel) (ir_measures' min_rel)"),
                low=-MAX_ERR_GRADE, high=MAX_ERR_GRADE, bounds_reason="a grade of the qrels' scale",
                syntax="<grade>", words=N_("gain 0 at grade {value}"))
MAX_REL = Param("max_rel", "number", 1, N_("C/W/L's gains: the grade of gain 1, above min_rel (ir_measures' max_rel, "
                                           "which it requires: 1 here)"),
                low=-MAX_ERR_GRADE, high=MAX_ERR_GRADE, bounds_reason="a grade of the qrels' scale",
                syntax="<grade>", words=N_("gain 1 at grade {value}"))

SIM = Param("sim", "choice", "cosine",
            "how alike two items' features are: cosine, or Jaccard of 0/1 features (ILS, ILD)",
            choices={"cosine": "cosine", "jaccard": "jaccard"})

NOVELTY = Param("alpha", "number", 0.5, "the novelty decay of ndeval's measures: a subtopic's gain shrinks by 1 - "
                "alpha each time it is seen again (alpha-nDCG, ERR-IA, NRBP; ndeval's 0.5)",
                low=0, high=1, syntax="<number in [0, 1]>")
PATIENCE = Param("beta", "number", 0.5, "NRBP's patience: the chance of reading on to the next rank (ndeval's 0.5)",
                 low=0, high=1, syntax="<number in [0, 1]>")

#: every parameter, by name
PARAMS: dict[str, Param] = {param.name: param for param in (REL, GAIN, GAINS, IDEAL, DENOM, PERSISTENCE, MAX_GRADE,
                                                            WANTED, MIN_REL, MAX_REL, SIM, NOVELTY, PATIENCE)}
