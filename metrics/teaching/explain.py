"""One entry point to every step-by-step explainer, for the command line, pages and tests."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Callable

from ..errors import MetricsInputError
from ..explanation import Explanation
from ..measures.ap import ap_steps
from ..measures.bpref import bpref_steps
from ..measures.counts import count_steps
from ..measures.cutoff import (
    f1_steps,
    hit_rate_steps,
    precision_steps,
    r_precision_steps,
    recall_steps,
    rprec_mult_steps,
)
from ..measures.err import err_steps
from ..measures.interpolated import iprec_steps
from ..measures.judged import judged_steps
from ..measures.ndcg import EXAMPLE_GAINS, ndcg_gain_map_steps, ndcg_steps
from ..measures.rbp import rbp_steps
from ..measures.rr import rr_steps
from ..measures.sets import set_steps


@dataclass(frozen=True)
class Explainer:
    """A step function, whether it needs k, and the keyword options it accepts."""

    function: Callable[..., Explanation]
    title: str
    needs_k: bool
    takes_k: bool
    options: tuple[str, ...]


EXPLAINERS: dict[str, Explainer] = {
    "ndcg": Explainer(ndcg_steps, "nDCG: G, CG, DCG, IDCG, nDCG", False, True, ("gain", "ideal", "ideal_from", "items", "scores")),
    "ap": Explainer(ap_steps, "Average precision", False, True, ("n_relevant", "denominator", "items", "threshold")),
    "rr": Explainer(rr_steps, "Reciprocal rank", False, True, ("items", "threshold")),
    "p": Explainer(precision_steps, "Precision@k", True, True, ("items", "threshold")),
    "r": Explainer(recall_steps, "Recall@k", True, True, ("n_relevant", "items", "threshold")),
    "f1": Explainer(f1_steps, "F1@k", True, True, ("n_relevant", "items", "threshold")),
    "hit": Explainer(hit_rate_steps, "Hit rate@k (Success@k)", True, True, ("items", "threshold")),
    "rprec": Explainer(r_precision_steps, "R-precision", False, False, ("n_relevant", "items", "threshold")),
}


def _ndcg_gains(rels, k=None, gains=None, **options) -> Explanation:
    """nDCG with a gain map (default :data:`metrics.measures.ndcg.EXAMPLE_GAINS`), k second like the others."""
    return ndcg_gain_map_steps(rels, EXAMPLE_GAINS if gains is None else gains, k, **options)


_BINARY = ("n_relevant", "items", "threshold")
EXPLAINERS.update({  # the measures of metrics.measures' newer modules (bpref, interpolated, counts, ...)
    "bpref": Explainer(bpref_steps, "bpref (judged items only)", False, False, (*_BINARY, "n_nonrelevant")),
    "iprec": Explainer(iprec_steps, "Interpolated precision at 11 recall levels, 11pt_avg", False, False, _BINARY),
    **{count: Explainer(partial(count_steps, count), count, False, False, _BINARY)
       for count in ("num_ret", "num_rel", "num_rel_ret", "num_nonrel_judged_ret")},
    **{measure.lower(): Explainer(partial(set_steps, measure), f"{measure} (the whole list as a set)", False, False,
                                  (*_BINARY, "beta")) for measure in ("set_P", "set_recall", "set_F")},
    "rprec_mult": Explainer(rprec_mult_steps, "Precision at rank ⌊m·R + 0.9⌋", False, False, (*_BINARY, "mult")),
    "judged": Explainer(judged_steps, "Judged@k: the share of the top k that is judged", False, True, ("items",)),
    "rbp": Explainer(rbp_steps, "Rank-biased precision", False, True, ("p", "items", "threshold")),
    "err": Explainer(err_steps, "Expected reciprocal rank", False, True, ("max_grade", "items")),
    "ndcg_gains": Explainer(_ndcg_gains, "nDCG with a gain per grade", False, True, ("gains", "ideal", "items")),
})


def explain(metric: str, rels, k: int | None = None, **options) -> Explanation:
    """Explain ``metric`` (a key of :data:`EXPLAINERS`) on grades in ranked order.

    >>> explain("rr", [0, 0, 1]).worked_text
    'RR = 1/3 = 0.3333'
    """
    explainer = EXPLAINERS.get(str(metric).lower())
    if explainer is None:
        raise MetricsInputError(f"unknown metric {metric!r}; choose one of {', '.join(EXPLAINERS)}")
    given = {key: value for key, value in options.items() if value is not None}
    unknown = sorted(set(given) - set(explainer.options))
    if unknown:
        raise MetricsInputError(f"{metric} takes no option {', '.join(unknown)}"
                                f" (it takes: {', '.join(explainer.options)})")
    if explainer.needs_k and k is None:
        raise MetricsInputError(f"{metric} needs a cut-off k")
    if not explainer.takes_k:
        if k is not None:
            raise MetricsInputError(f"{metric} takes no cut-off k")
        return explainer.function(rels, **given)
    return explainer.function(rels, k, **given)
