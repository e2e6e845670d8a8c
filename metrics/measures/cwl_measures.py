r"""The C/W/L measures of the grammar, as ir_measures computes them through cwl_eval: INST(T), INSQ(T), BPM(T)@k,
SDCG@k, NERR8@k, NERR9@k, NERR10(p) and NERR11(T). The user models are those of :mod:`.cwl` (C(i), W(i), L(i),
cwl_eval 1.0.12's arithmetic); this module turns a query's grades into their gains and names the measures.

Gains, as ir_measures' cwl_eval provider maps qrels: a grade g (negative: 0) is clipped to [min_rel, max_rel] and
scaled, gain = (clip(max(g, 0), min_rel, max_rel) − min_rel) / (max_rel − min_rel); an unjudged item has gain 0;
the ranking is cut or padded with gain 0 to cwl_eval's depth, 1000 ranks (W is normalised over them), each item
costing 1. The value is the expected utility per item read, EU = Σ_i W(i)·g(i).

Sources: Moffat, Bailey, Scholer, Thomas, "Incorporating user expectations and behavior into the measurement of
search effectiveness", ACM TOIS 35(3), 2017; Azzopardi, Thomas, Moffat, "cwl_eval: An evaluation tool for
information retrieval", SIGIR 2019; ir_measures' providers/cwl_eval.py (MacAvaney, Macdonald, Ounis, ECIR 2022).
The models' own papers: INST, Moffat, Bailey, Scholer, Thomas, ADCS 2015; INSQ, Moffat, Scholer, Thomas, ADCS 2012;
BPM, Zhang, Liu, Li, Zhang, Xu, Ma, SIGIR 2017; SDCG, DCG's discount (Järvelin & Kekäläinen, ACM TOIS 2002) as a
user model; NERR8 .. NERR11, Azzopardi, Mackenzie, Moffat, ICTIR 2021.
"""

from __future__ import annotations

from functools import partial

import numpy as np

from .._lazy import pandas as pd  # (on first use: batch evaluation imports this module)
from .._validate import as_items, as_judged_grades, as_k
from ..errors import input_error
from ..explanation import Explanation
from ..messages import N_
from .cwl import (
    CWL_FORMULA,
    BPMCWLMetric,
    CWLMetric,
    INSQCWLMetric,
    INSTCWLMetric,
    NDCGCWLMetric,
    NERReq8CWLMetric,
    NERReq9CWLMetric,
    NERReq10CWLMetric,
    NERReq11CWLMetric,
    _cwl_lines,
    cwl_table,
    resolved,
)
from .spelling import measure_name

#: cwl_eval's evaluation depth (its ``max_n``, which ir_measures keeps): every ranking is cut or padded to it
DEPTH = 1000

#: the grammar's name -> its cwl_eval model from (k, T, p); the measures with a cut-off need one
MODELS = {
    "INST": lambda k, T, p: INSTCWLMetric(T),
    "INSQ": lambda k, T, p: INSQCWLMetric(T),
    "BPM": lambda k, T, p: BPMCWLMetric(T, k),
    "SDCG": lambda k, T, p: NDCGCWLMetric(k),
    "NERR8": lambda k, T, p: NERReq8CWLMetric(k),
    "NERR9": lambda k, T, p: NERReq9CWLMetric(k),
    "NERR10": lambda k, T, p: NERReq10CWLMetric(p),
    "NERR11": lambda k, T, p: NERReq11CWLMetric(T),
}
#: the parameters each measure takes besides min_rel and max_rel (its name spells them)
OWN_PARAMS = {"INST": ("T",), "INSQ": ("T",), "BPM": ("T",), "NERR10": ("p",), "NERR11": ("T",)}
#: the measures whose cut-off is part of the model (required)
WITH_CUTOFF = ("BPM", "SDCG", "NERR8", "NERR9")
#: the models whose C (so W) does not read the gains: one W serves every ranking, and EU rises with each gain
GAIN_FREE = frozenset({"INSQ", "SDCG"})


def cwl_model(name: str, k: int | None = None, T: float = 1, p: float = 0.8) -> CWLMetric:
    """The cwl_eval model of the grammar's measure ``name`` (a key of :data:`MODELS`).

    >>> cwl_model("BPM", 5, T=2).name(), cwl_model("NERR10", p=0.5).name()
    ('BPM-Static-T=2-K=5', 'NERR-EQ10@phi=0.5')
    """
    if name not in MODELS:
        raise input_error(N_("{name} is not a C/W/L measure; known: {known}"), name=repr(name),
                          known=", ".join(MODELS))
    if name in WITH_CUTOFF:
        k = as_k(k, required=True)
    return MODELS[name](k, T, p)


def cwl_gains(rels, min_rel: float = 0, max_rel: float = 1) -> np.ndarray:
    """Each ranked item's gain as ir_measures hands it to cwl_eval: (clip(max(g, 0), min_rel, max_rel) − min_rel) /
    (max_rel − min_rel); None (unjudged) is NaN, which the model reads as gain 0.

    >>> cwl_gains([3, 1, None, -1, 0], min_rel=0, max_rel=2).tolist()
    [1.0, 0.5, nan, 0.0, 0.0]
    """
    grades, judged = as_judged_grades(rels)
    return np.where(judged, scaled_gains(grades, min_rel, max_rel), np.nan)


def scaled_gains(grades: np.ndarray, min_rel: float = 0, max_rel: float = 1) -> np.ndarray:
    """Judged grades as gains in [0, 1]: (clip(max(g, 0), min_rel, max_rel) − min_rel) / (max_rel − min_rel), the
    arithmetic of ir_measures' IrmQrelHandler (a min_rel not below max_rel is refused)."""
    if not max_rel > min_rel:
        raise input_error(N_("min_rel={low} must be below max_rel={high}: the gains are (g - min_rel) / "
                             "(max_rel - min_rel)"), low=min_rel, high=max_rel)
    return (np.clip(np.maximum(grades, 0.0), min_rel, max_rel) - min_rel) / (max_rel - min_rel)


def _model_and_gains(name, rels, k, T, p, min_rel, max_rel) -> tuple[CWLMetric, np.ndarray, np.ndarray]:
    """The model, the gains (NaN: unjudged) as given, and the gains resolved to :data:`DEPTH` ranks."""
    model = cwl_model(name, k, T, p)
    given = cwl_gains(rels, min_rel, max_rel)
    return model, given, resolved(given, DEPTH, 0.0)


def cwl_measure(name: str, rels, k: int | None = None, T: float = 1, p: float = 0.8, min_rel: float = 0,
                max_rel: float = 1) -> float:
    """The expected utility per item, EU = Σ W(i)·g(i) over cwl_eval's 1000 ranks, of the C/W/L measure ``name``
    (INST, INSQ, BPM, SDCG, NERR8..NERR11) on one query's ranked grades ``rels`` (None: unjudged), as
    ir_measures' ``INST(T=…,min_rel=…,max_rel=…)`` and the others.

    >>> round(cwl_measure("INSQ", [1, 0, 1], T=1), 6) == round(cwl_measure_steps("INSQ", [1, 0, 1]).value, 6)
    True
    """
    model, _, gains = _model_and_gains(name, rels, k, T, p, min_rel, max_rel)
    return float(model.scores(gains, np.ones(DEPTH))[0])


def cwl_measure_steps(name: str, rels, k: int | None = None, T: float = 1, p: float = 0.8, min_rel: float = 0,
              max_rel: float = 1, items=None) -> Explanation:
    """Explain the C/W/L measure ``name`` on one query: per rank the grade, the gain, C(i), W(i), L(i) and the
    running EU = Σ W(i)·g(i) (with ETU, EC, ETC). The model runs over cwl_eval's 1000 ranks (W is normalised over
    them); the table shows the ranked items and, for a cut-off beyond them, the ranks down to it: the ranks below
    have gain 0 and add nothing to EU. ED = 1/W(1), the expected number of items read, is in the details.

    >>> e = cwl_measure_steps("NERR8", [1, 0, 1], k=2)
    >>> e.table["C"].tolist(), e.table["W"].tolist(), e.value, e.measure   # rank 1 has gain 1: the user stops
    ([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], 1.0, 'NERR8@2')
    """
    model, given, gains = _model_and_gains(name, rels, k, T, p, min_rel, max_rel)
    columns = cwl_table(model, gains, np.ones(DEPTH))
    depth = min(DEPTH, max(len(given), k or 0))
    grades, judged = as_judged_grades(rels)
    shown_grades = np.full(depth, np.nan)
    shown_grades[:min(depth, len(grades))] = np.where(judged, grades, np.nan)[:depth]
    labels = as_items(items, len(grades))[:depth] + [f"d{i}" for i in range(len(grades) + 1, depth + 1)]
    table = pd.DataFrame({"rank": np.arange(1, depth + 1), "item": labels, "rel": shown_grades,
                          "gain": gains[:depth], **{column: values[:depth] for column, values in columns.items()}})
    # The ranks below the table add 0, so its last row's EU is the whole sum: written as cwl_eval adds it (a dot
    # product, which may differ in the last bit from the rows' rank-by-rank running sum).
    eu = float(model.scores(gains, np.ones(DEPTH))[0])
    if depth:
        table.loc[depth - 1, "EU"] = eu
    params = {key: value for key, value in (("T", T), ("p", p)) if key in OWN_PARAMS.get(name, ())}
    measure = measure_name(name, k, min_rel=min_rel, max_rel=max_rel, **params)
    w = columns["W"]
    return Explanation.written(
        writer=partial(_cwl_lines, table, measure), measure=measure,
        value=eu, table=table, formula=CWL_FORMULA, column="EU",
        running={"EU": "EU", "ETU": "ETU", "EC": "EC", "ETC": "ETC"},
        details={"model": model.name().strip(), "depth": DEPTH, "ED": float(1.0 / w[0])})


def ir_measures_name(measure) -> str:
    """ir_measures' spelling of a parsed C/W/L measure (a :class:`~metrics.measures.spelling.Measure`), its
    parameters written out where ir_measures' defaults differ from the ones here (max_rel, which it requires;
    NERR10's p, 0.9 there) and typed as it types them (T and p floats); any other measure's name unchanged.

    >>> from metrics.measures.names import parse_measure
    >>> ir_measures_name(parse_measure("NERR10")), ir_measures_name(parse_measure("BPM(T=2,max_rel=3)@5"))
    ('NERR10(p=0.8,min_rel=0,max_rel=1)', 'BPM(T=2.0,min_rel=0,max_rel=3)@5')
    """
    if measure.name not in MODELS:
        return str(measure)
    params = [f"{key}={float(measure.param(key))!r}" for key in OWN_PARAMS.get(measure.name, ())]
    params += [f"{key}={measure.param(key)!r}" for key in ("min_rel", "max_rel")]
    return f"{measure.name}({','.join(params)})" + ("" if measure.k is None else f"@{measure.k}")
