"""Which function evaluates each measure of :data:`metrics.measures.registry.REGISTRY` over a whole run.

A batch implementation, ``f(evaluator, measure) -> (value per query code, mask of queries without relevant
items)``, works on the run's columns (:class:`metrics.batch.evaluation._Evaluator`), a layer above the measures;
the registry cannot import it without importing upwards.  So each implementation names the measure it
implements, by its key in the registry, where it is defined::

    @batch_of("AP")
    def average_precision(ev, m): ...

:mod:`.evaluation` imports every module that holds one (itself, :mod:`.trec_measures`,
:mod:`.ir_measures_extra`, :mod:`.cwl_measures`), so :data:`BATCH` is full once :mod:`metrics.batch` is imported, and
:func:`problems` reports a registered measure without one.
"""

from __future__ import annotations

from collections.abc import Callable

from ..measures.registry import REGISTRY, MeasureInfo
from ..measures.registry import problems as declaration_problems

#: registry name -> its batch implementation
BATCH: dict[str, Callable] = {}


def batch_of(*names: str) -> Callable[[Callable], Callable]:
    """Register the decorated function as the batch implementation of the registered measures ``names``.

    >>> batch_of("NoSuchMeasure")(print)
    Traceback (most recent call last):
    ...
    KeyError: "batch_of('NoSuchMeasure'): not a measure of the registry"
    """
    def register(function: Callable) -> Callable:
        for name in names:
            if name not in REGISTRY:
                raise KeyError(f"batch_of({name!r}): not a measure of the registry")
            if REGISTRY[name].inputs != "ranking":
                raise KeyError(f"batch_of({name!r}): a measure of {REGISTRY[name].inputs}, not of a ranking")
            if BATCH.get(name, function) is not function:
                raise KeyError(f"batch_of({name!r}): {BATCH[name].__qualname__} implements it already")
            BATCH[name] = function
        return function

    return register


def batch_function(name: str) -> Callable:
    """The batch implementation of registered measure ``name``: f(evaluator, measure) -> (values, missing)."""
    return BATCH[name]


def problems(info: MeasureInfo) -> list[str]:
    """What a registry entry lacks, the batch implementation of a measure of a ranking included (a measure of other
    inputs, ``AUC``, ``Coverage``, is not evaluated over a run; empty: complete).

    >>> problems(REGISTRY["AP"]), problems(REGISTRY["AUC"])
    ([], [])
    """
    found = declaration_problems(info)
    if info.inputs == "ranking" and not callable(BATCH.get(info.name)):
        found.append("no batch implementation (@batch_of in metrics.batch)")
    return found
