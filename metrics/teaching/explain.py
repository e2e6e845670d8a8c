"""One entry point to every step-by-step explainer, for the command line, pages and tests, generated from the
measure registry (:data:`metrics.measures.registry.REGISTRY`).

Every registered measure with a step table of one query is explained by its name in the grammar, with its
cut-off and parameters: ``explain("AP(denom=found,rel=2)@5", grades)``, ``explain("nDCG", grades, 3)``
(:func:`metrics.measures.registry.explain_measure`; ``judged``, the grades of every judged item of the query,
gives R and the ideal ordering, by default the judged grades of the ranking itself).  The short names the
explainers had before the registry (``ndcg``, ``ap``, ``p``, ``hit``, ``rprec``, ``ndcg_gains``, ...; matched
ignoring case, and first) stay as aliases of a registered measure: they call its step function with keyword
options (``n_relevant``, ``denominator``, ``threshold``, ...) read from its signature.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from ..errors import MetricsInputError
from ..explanation import Explanation
from ..measures.names import canonical_name, is_trec_name, parse_measure
from ..measures.ndcg import EXAMPLE_GAINS, ndcg_gain_map_steps
from ..measures.registry import REGISTRY, explain_measure, names


@dataclass(frozen=True)
class Explainer:
    """A step function, whether it needs k, and the keyword options it accepts; ``measure`` is the registered
    measure it explains."""

    function: Callable[..., Explanation]
    title: str
    needs_k: bool
    takes_k: bool
    options: tuple[str, ...]
    measure: str = ""
    fraction: bool = False  #: its cut-off is a fraction (of R), not a depth: IPrec@0.5


#: the options of a measure explained by its name in the grammar (its parameters are written in the name)
GRAMMAR_OPTIONS = ("items", "judged")


def _ndcg_gains(rels, k=None, gains=None, **options) -> Explanation:
    """nDCG with a gain map (default :data:`metrics.measures.ndcg.EXAMPLE_GAINS`), k second like the others."""
    return ndcg_gain_map_steps(rels, EXAMPLE_GAINS if gains is None else gains, k, **options)


def _by_name(name: str) -> Explainer:
    """The explainer of registered measure ``name``, by its name in the grammar."""
    info = REGISTRY[name]
    return Explainer(info.steps.function, f"{name}: {info.description}", info.needs_k, info.allows_k, GRAMMAR_OPTIONS,
                     name, info.cutoff_kind == "fraction")


def _alias(name: str, title: str, function: Callable | None = None, options: tuple[str, ...] = ()) -> Explainer:
    """An old short name of registered measure ``name``: its step function (after the spec's leading ``args``),
    k second when the spec passes the cut-off as ``k``, the function's other keywords as options."""
    info = REGISTRY[name]
    spec = info.steps
    takes_k = spec.k_arg == "k"
    if function is None:
        function = partial(spec.function, *spec.args) if spec.args else spec.function
        keywords = list(inspect.signature(spec.function).parameters)[len(spec.args) + 1:]
        options = tuple(keyword for keyword in keywords if keyword != "k")
    return Explainer(function, title, takes_k and info.needs_k, takes_k, options, name)


#: old short name -> (registered measure, title)
ALIASES = {
    "ndcg": ("nDCG", "nDCG: G, CG, DCG, IDCG, nDCG"), "ap": ("AP", "Average precision"),
    "rr": ("RR", "Reciprocal rank"), "p": ("P", "Precision@k"), "r": ("R", "Recall@k"), "f1": ("F1", "F1@k"),
    "hit": ("Success", "Hit rate@k (Success@k)"), "rprec": ("Rprec", "R-precision"),
    "bpref": ("Bpref", "bpref (judged items only)"),
    "iprec": ("IPrec11", "Interpolated precision at 11 recall levels, 11pt_avg"),
    **{count: (name, count) for count, name in (("num_ret", "NumRet"), ("num_rel", "NumRel"),
                                                 ("num_rel_ret", "NumRelRet"),
                                                 ("num_nonrel_judged_ret", "NumNonRelJudgedRet"))},
    **{trec.lower(): (name, f"{trec} (the whole list as a set)") for trec, name in (("set_P", "SetP"),
                                                                                 ("set_recall", "SetR"),
                                                                                 ("set_F", "SetF"))},
    "rprec_mult": ("RprecMult", "Precision at rank ⌊m·R + 0.9⌋"),
    "judged": ("Judged", "Judged@k: the share of the top k that is judged"),
    "rbp": ("RBP", "Rank-biased precision"), "err": ("ERR", "Expected reciprocal rank"),
}

#: every explainer: each registered measure of a ranking with a step table of one query by its name (a measure of
#: other inputs, AUC or Coverage, is explained by metrics.measures.registry.explain_inputs), then the old short names
EXPLAINERS: dict[str, Explainer] = {
    **{name: _by_name(name) for name in names(steps=True) if not REGISTRY[name].steps.over_queries},
    **{alias: _alias(name, title) for alias, (name, title) in ALIASES.items()},
    "ndcg_gains": _alias("nDCG", "nDCG with a gain per grade", _ndcg_gains, ("gains", "ideal", "items")),
}


def find(metric: str, options=()) -> tuple[str, Explainer | None]:
    """(``metric`` as written, the explainer of its old short name), or (the measure, None) for a measure in the
    grammar. A registered measure's exact name is the grammar's, unless ``options`` holds an option only the old
    short name of the same spelling takes (``AP`` with ``n_relevant`` is ``ap``); else an old short name is matched
    ignoring case, then the grammar.

    >>> find("ap")[1].title, find("AP")[1], find("AP", ["n_relevant"])[1].title, find("nDCG@3")[1]
    ('Average precision', None, 'Average precision', None)
    """
    text = str(metric).strip()
    key = text.lower()
    alias = EXPLAINERS[key] if key in ALIASES or key == "ndcg_gains" else None
    if text in REGISTRY and not (alias and set(options) - set(GRAMMAR_OPTIONS)):
        return text, None
    return text, alias


def title(metric: str, options=()) -> str:
    """The title of ``metric``'s explainer (``options``: the options given, as :func:`find` reads them).

    >>> title("ap"), title("AP(denom=found)@5")
    ('Average precision', 'AP: average precision (mean over queries: MAP)')
    """
    text, explainer = find(metric, [key for key in options if options[key] is not None] if isinstance(options, dict)
                           else options)
    return explainer.title if explainer else _by_name(parse_measure(text).name).title


def explain(metric: str, rels, k: int | None = None, **options) -> Explanation:
    """Explain ``metric`` on grades in ranked order: an old short name (a key of :data:`ALIASES`) with its keyword
    options, or a measure in the grammar with options ``items`` and ``judged`` (k, if given, is its cut-off).

    >>> explain("rr", [0, 0, 1]).worked_text
    'RR = 1/3 = 0.3333'
    >>> explain("AP(denom=found)@3", [1, 0, 1, 1], judged=[1, 1, 1, 1, 0]).worked_text
    'AP(denom=found)@3 = (1/1 + 2/3) / 2 = 0.8333   [D = hits found = 2]'
    """
    given = {key: value for key, value in options.items() if value is not None}
    text, explainer = find(metric, given)
    if explainer is None:
        return _explain_grammar(text, rels, k, given)
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


def _explain_grammar(written: str, rels, k: float | None, given: dict) -> Explanation:
    unknown = sorted(set(given) - set(GRAMMAR_OPTIONS))
    if unknown:
        raise MetricsInputError(f"{written} takes no option {', '.join(unknown)}: write its parameters in its name, "
                                "e.g. AP(denom=found,rel=2)@5, and give the query's judged grades (judged) for R; "
                                f"the short names take options: {', '.join(ALIASES)}")
    text = written
    if k is not None:
        if "@" in written:
            raise MetricsInputError(f"{written} has its cut-off already: give k once")
        text = f"{written}@{k}"
    try:
        measure = parse_measure(text)
    except MetricsInputError:
        if canonical_name(re.split(r"[(@]", written)[0]) is None and not is_trec_name(written.partition("@")[0]):
            raise MetricsInputError(f"unknown metric {written!r}; choose a measure of the grammar (python -m metrics "
                                    f"measures) or a short name: {', '.join(ALIASES)}, ndcg_gains") from None
        raise
    steps = REGISTRY[measure.name].steps
    if steps is None or steps.over_queries:
        reason = REGISTRY[measure.name].no_steps or f"it is computed over the queries' {steps.over_queries}"
        raise MetricsInputError(f"{measure.name} has no step table of one query ({reason})")
    rels = list(rels)
    judged = given.get("judged")
    judged = [grade for grade in rels if grade is not None] if judged is None else list(judged)
    return explain_measure(measure, rels, judged, items=given.get("items"))
