"""One entry point to every step-by-step explainer, for the command line, pages and tests."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..errors import MetricsInputError
from ..explanation import Explanation
from ..measures.ap import ap_steps
from ..measures.cutoff import f1_steps, hit_rate_steps, precision_steps, r_precision_steps, recall_steps
from ..measures.ndcg import ndcg_steps
from ..measures.rr import rr_steps


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
