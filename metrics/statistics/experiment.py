r"""One call from qrels and runs to a results table: :func:`experiment`, like PyTerrier's ``pt.Experiment``
(Macdonald & Tonellotto 2020) and ranx's ``compare`` (Bassani 2022).

:func:`experiment` evaluates every run (:func:`metrics.batch.evaluate`, so any input kind the batch layer
reads: TREC files, DataFrames, ``{query: {doc: score}}`` dicts, ranx ``Qrels``/``Run``, ir_measures
namedtuples) or takes an :class:`~metrics.batch.evaluation.Evaluation` already computed, and returns an
:class:`Experiment`: per system and measure the mean and its confidence interval and, against a baseline,

* the difference of the means and the test's p-value (:func:`.multiple.compare_systems` with
  ``pairs="baseline"``: the paired t-test, Wilcoxon's signed-rank test, or the paired randomization test of
  Smucker, Allan & Carterette (2007), exact over the :math:`2^n` sign flips when :math:`2^n \le 65536`);
* the adjusted p-value (:mod:`.corrections`, Holm by default). **The family** is, by default
  (``family="measure"``), the comparisons of every system with the baseline on *one* measure, as PyTerrier
  corrects; ``family="all"`` adjusts over every (system, measure) comparison of the table at once;
* wins, ties and losses: the queries on which the system scores higher than, the same as (within
  :data:`.significance.TIE_TOLERANCE`), or lower than the baseline — from the system's side, as PyTerrier's
  ``+``/``-`` columns (ranx's W/T/L are from the row's, the control's, side);
* the effect size :math:`d_z = \bar d / s_d`, the mean of the paired differences over their standard deviation
  (Sakai 2014's standardised mean difference for paired data; Cohen's d on the differences).

Queries
-------
As ``python -m metrics compare``: by default (``count_missing=False``) each run is evaluated as ``trec_eval``
does (the queries of the qrels that the run has) and the table uses **the queries every run has**; a query
some run lacks is left out of every mean and test and listed in :attr:`Experiment.dropped`.  With
``count_missing=True`` (``trec_eval -c``) every query of the qrels counts, 0 for a run that lacks it; an
:class:`~metrics.batch.evaluation.Evaluation` given as it is keeps its own queries and scores 0 where it lacks
one.  ranx's ``compare`` (``make_comparable=True``) and ir_measures, which PyTerrier evaluates with, average
over the qrels' queries (a query missing from a run scores 0): that is ``count_missing=True``.

>>> qrels = {"q1": {"a": 1}, "q2": {"b": 1}, "q3": {"c": 1}}
>>> bm25 = {"q1": {"a": 2, "x": 1}, "q2": {"x": 2, "b": 1}, "q3": {"x": 2, "c": 1}}
>>> dense = {"q1": {"a": 2, "x": 1}, "q2": {"b": 2, "x": 1}, "q3": {"c": 2, "x": 1}}
>>> result = experiment(qrels, [bm25, dense], ["RR"], names=["bm25", "dense"], baseline="bm25")
>>> dense_rr = result.rows[1]          # a row per (system, measure), the systems in the order given
>>> {key: dense_rr[key] for key in ("system", "mean", "diff", "wins", "ties", "losses")}
{'system': 'dense', 'mean': 1.0, 'diff': 0.33333333333333337, 'wins': 2, 'ties': 1, 'losses': 0}

References
----------
Macdonald, C. & Tonellotto, N. (2020). Declarative experimentation in information retrieval using PyTerrier.
ICTIR. (``pt.Experiment``: baseline, correction per measure, ``+``/``-`` per query.)
Bassani, E. (2022). ranx: A blazing-fast Python library for ranking evaluation and comparison. ECIR.
Smucker, M. D., Allan, J. & Carterette, B. (2007). A comparison of statistical significance tests for
information retrieval evaluation. CIKM.
Sakai, T. (2014). Statistical reform in information retrieval? SIGIR Forum 48(1). (Effect sizes, intervals.)
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass, field
from typing import Mapping

import numpy as np
import pandas as pd

from ..errors import MetricsInputError
from . import bootstrap as boot
from . import corrections, significance
from .multiple import TITLES, Scores, align_scores, compare_systems

#: the tests, by the names :func:`experiment` takes -> :func:`.multiple.compare_systems`' name
TESTS = {"t-test": "t", "t": "t", "ttest": "t", "student": "t", "paired-t": "t",
         "wilcoxon": "wilcoxon",
         "randomization": "randomization", "permutation": "randomization", "fisher": "randomization"}
FAMILIES = ("measure", "all")
#: interval of each mean: the two bootstrap intervals of :mod:`.bootstrap`, or Student's t
INTERVALS = ("bca", "percentile", "t")
#: the table's columns (:meth:`Experiment.to_dataframe`)
COLUMNS = ("system", "measure", "n", "mean", "ci_low", "ci_high", "diff", "p", "p_adjusted", "significant",
           "wins", "ties", "losses", "effect_size")


@dataclass(frozen=True, repr=False)
class Experiment:
    """The result of :func:`experiment`: one row per (system, measure), see :data:`COLUMNS`."""

    systems: tuple[str, ...]
    measures: tuple[str, ...]
    baseline: str | None
    test: str  #: :func:`.multiple.compare_systems`' name: ``t``, ``wilcoxon`` or ``randomization``
    correction: str
    family: str
    alpha: float
    ci: str
    count_missing: bool
    rows: tuple[dict, ...]
    #: measure -> the queries left out (not in every run) -> the runs without them
    dropped: Mapping[str, Mapping[str, tuple[str, ...]]]
    scores: Mapping[str, Scores]  #: measure -> the aligned per-query values (baseline first)
    details: Mapping[str, object] = field(default_factory=dict)

    def to_dataframe(self, wide: bool = False) -> pd.DataFrame:
        """The table: a row per (system, measure) (columns :data:`COLUMNS`); ``wide=True``: PyTerrier's layout,
        a row per system and ``measure``, ``measure p``, ``measure p_adjusted``, ``measure +``, ``measure -``,
        ``measure ties``, ``measure d_z`` columns."""
        frame = pd.DataFrame([{c: row[c] for c in COLUMNS} for row in self.rows], columns=list(COLUMNS))
        # counts and verdicts stay whole numbers and booleans, missing (<NA>) on the baseline's rows
        frame = frame.astype({"wins": "Int64", "ties": "Int64", "losses": "Int64", "significant": "boolean"})
        if not wide:
            return frame
        out = pd.DataFrame(index=pd.Index(list(self.systems), name="system"))
        parts = [("mean", ""), ("ci_low", " ci_low"), ("ci_high", " ci_high")]
        if self.baseline is not None:
            parts += [("p", " p"), ("p_adjusted", " p_adjusted"), ("wins", " +"), ("losses", " -"),
                      ("ties", " ties"), ("effect_size", " d_z")]
        for measure in self.measures:
            rows = frame[frame["measure"] == measure].set_index("system")
            for column, suffix in parts:
                out[measure + suffix] = rows[column]
        return out.reset_index()

    def per_query(self) -> pd.DataFrame:
        """The values the table was computed on: a row per (measure, query), a column per system (missing
        queries as the query rule made them: left out, or 0 with ``count_missing``)."""
        frames = []
        for measure, table in self.scores.items():
            frame = table.frame()[list(self.systems)]
            frames.append(frame.assign(measure=measure).set_index("measure", append=True).swaplevel())
        return pd.concat(frames)

    def to_dict(self) -> dict:
        """The settings and the rows, JSON-ready (NaN as None)."""
        return {"baseline": self.baseline, "test": TITLES[self.test], "correction": self.correction,
                "family": self.family, "alpha": self.alpha, "ci": self.details["ci_label"],
                "queries": "qrels (missing scores 0)" if self.count_missing else "common to every run",
                "systems": list(self.systems), "measures": list(self.measures),
                "rows": [{c: _json_value(row[c]) for c in COLUMNS + self._precision_columns()} for row in self.rows],
                "dropped": {m: {q: list(r) for q, r in d.items()} for m, d in self.dropped.items()}}

    def _precision_columns(self) -> tuple[str, ...]:
        """A randomization p's Monte Carlo standard error (0 when exact), its trials (None when exact) and the
        warning when its interval holds alpha: in the rows of :meth:`to_dict` for that test only."""
        return ("p_se", "trials", "warning") if self.test == "randomization" and self.baseline is not None else ()

    def to_json(self, **kwargs) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, **kwargs)

    def to_csv(self) -> str:
        return self.to_dataframe().to_csv(index=False)

    def to_text(self) -> str:
        """An aligned text table with a footnote naming the test, the correction and its family, the interval
        and the queries."""
        pct = f"{100 * (1 - self.alpha):g}% CI"
        header = ["system", "measure", "n", "mean", pct]
        sampled = any(row.get("trials") for row in self.rows)
        if self.baseline is not None:
            header += ["diff", "p"] + (["±SE"] if sampled else []) + ["p adj", "W/T/L", "d_z", ""]
        lines = [header]
        for row in self.rows:
            cells = [row["system"] + (" (baseline)" if row["system"] == self.baseline else ""), row["measure"],
                     str(row["n"]), _fixed(row["mean"]), f"[{_fixed(row['ci_low'])}, {_fixed(row['ci_high'])}]"]
            if self.baseline is not None:
                if row["system"] == self.baseline:
                    cells += [""] * (len(header) - len(cells))
                else:
                    cells += [_fixed(row["diff"], sign=True), _p_text(row["p"])]
                    cells += [_fixed(row["p_se"])] if sampled else []
                    cells += [_p_text(row["p_adjusted"]),
                              f"{row['wins']}/{row['ties']}/{row['losses']}", _fixed(row["effect_size"], sign=True),
                              "*" if row["significant"] else ""]
            lines.append(cells)
        widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
        text = ["  ".join(cell.ljust(w) if i < 2 else cell.rjust(w) for i, (cell, w) in enumerate(zip(line, widths)))
                .rstrip() for line in lines]
        return "\n".join(text) + "\n\n" + self.footnote() + "\n"

    def footnote(self) -> str:
        words = [f"mean with its {self.details['ci_label']}"]
        if self.baseline is not None:
            correction = corrections.TITLES[self.correction]
            family = ("each measure's comparisons with the baseline" if self.family == "measure"
                      else "every comparison of the table")
            words += [f"p: {TITLES[self.test]} against {self.baseline}; p adj: {correction} over {family}; "
                      f"* adjusted p ≤ {self.alpha:g}"]
            if any(row.get("trials") for row in self.rows):
                trials = ", ".join(f"{t:,}" for t in sorted({row["trials"] for row in self.rows if row["trials"]}))
                words.append(f"±SE: the Monte Carlo standard error of p over {trials} random sign flips (0: exact); "
                             "raise --trials (or --trials auto) when p ± 2 SE holds alpha")
            elif self.test == "randomization":
                words.append("p: exact, every sign flip enumerated (no Monte Carlo error)")
            words += [f"warning: {row['system']}, {row['measure']}: {row['warning']}" for row in self.rows
                      if row.get("warning")]
            words += ["W/T/L: queries on which the system wins, ties, loses against the baseline; "
                      "d_z: mean paired difference / its standard deviation"]
        words.append("queries: every query of the qrels, 0 where a run lacks it" if self.count_missing
                     else "queries: those every run has")
        left_out = {q for d in self.dropped.values() for q in d}
        if left_out and not self.count_missing:
            shown = ", ".join(sorted(left_out)[:5]) + (", …" if len(left_out) > 5 else "")
            words.append(f"{len(left_out)} left out (not in every run): {shown}")
        return "\n".join(words)

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        against = f", baseline {self.baseline}, {TITLES[self.test]}" if self.baseline else ""
        return (f"Experiment({len(self.systems)} systems × {len(self.measures)} measures"
                f"{against}; to_dataframe(), to_text(), to_dict())")

    def _repr_html_(self) -> str:
        return self.to_dataframe().to_html(index=False)


def _json_value(x):
    if isinstance(x, (bool, np.bool_)):
        return bool(x)
    if isinstance(x, (int, np.integer)):
        return int(x)
    if isinstance(x, (float, np.floating)):
        return float(x) if math.isfinite(x) else None
    return x


def _fixed(x, sign: bool = False) -> str:
    if x is None:
        return ""
    if math.isinf(x):  # d_z when every difference is the same non-zero number
        return "+inf" if x > 0 else "-inf"
    if math.isnan(x):
        return "NaN"
    return f"{x:+.4f}" if sign else f"{x:.4f}"


def _p_text(p) -> str:
    """A p-value to 4 decimals, or below 0.0001 as ``3e-05`` (never ``0.0000``, which would hide it)."""
    if p is None or not math.isfinite(p):
        return "NaN"
    return f"{p:.4f}" if p >= 1e-4 else "0" if p == 0 else f"{p:.0e}"


# ------------------------------------------------------------------------------------------ the call


def experiment(qrels, runs, measures=None, *, baseline=None, test: str = "t-test", correction: str = "holm",
               family: str = "measure", names=None, alpha: float = 0.05, ci: str = "bca",
               count_missing: bool = False, trials: int = 10_000, seed: int | None = 0,
               exact: bool | None = None) -> Experiment:
    r"""Evaluate several runs on one qrels and compare them with a baseline, in one call.

    Parameters
    ----------
    qrels
        Anything :func:`metrics.batch.evaluate` reads (a TREC file, a DataFrame, a ``{query: {doc: grade}}`` dict,
        a ranx ``Qrels``, ir_measures ``Qrel`` tuples); may be None when every run is an ``Evaluation``.
    runs
        A list of runs (each anything ``evaluate`` reads, or an :class:`~metrics.batch.evaluation.Evaluation`),
        or a mapping name -> run.
    measures
        Measure names (``"AP"``, ``"nDCG@10"``, trec_eval's ``ndcg_cut_10``); with only ``Evaluation`` runs,
        None takes the measures every one of them has.
    baseline
        A system's name or its index in ``runs`` (from 0, as PyTerrier's ``baseline=``); None: means and
        intervals only.
    test
        ``"t-test"`` (paired t-test, ``scipy.stats.ttest_rel``), ``"wilcoxon"`` (``scipy.stats.wilcoxon``, zero
        differences dropped) or ``"randomization"`` (paired sign-flip test, Smucker et al. 2007; also
        ``"fisher"``, ranx's name); see :data:`TESTS`. ranx's ``"student"`` p-values are the t-test's here;
        its ``"fisher"`` p is #/permutations with float means compared exactly, so on a discrete measure
        (P@k, RR) it misses flips whose mean difference equals the observed one and comes out smaller.
    correction
        ``"none"``, ``"bonferroni"``, ``"holm"`` or ``"bh"`` (:mod:`.corrections`, = statsmodels'
        ``multipletests``), over ``family``.
    family
        ``"measure"`` (default, PyTerrier's): each measure's comparisons with the baseline form one family;
        ``"all"``: every (system, measure) comparison of the table is one family.
    names
        The systems' names; default: a mapping's keys, a ranx ``Run``'s ``name``, a file's name without its
        extension, else ``run_1``, ``run_2``, …
    alpha
        The level: a comparison is significant when its adjusted p ≤ alpha; intervals are at 1 − alpha.
    ci
        The interval of each mean: ``"bca"`` or ``"percentile"`` bootstrap (:mod:`.bootstrap`, ``trials``
        resamples, ``seed``), or ``"t"`` (Student's t, :func:`.significance.mean_difference_ci`).
    count_missing
        The query rule (see the module): False — the queries every run has; True — every qrels query, a run
        without it scoring 0 (``trec_eval -c``).
    trials, seed, exact
        The randomization test's and the bootstrap's draws (:func:`.multiple.compare_systems`).

    Returns
    -------
    Experiment

    Raises
    ------
    MetricsInputError
        An unknown test, correction, family or baseline, a baseline with a single run, no measure, an
        ``Evaluation`` without a measure asked for, two systems of one name, bad input in a run (named).
    """
    if test not in TESTS:
        raise MetricsInputError(f"unknown test {test!r}: expected one of {', '.join(TESTS)}")
    test = TESTS[test]
    correction = corrections.correction_name(correction)
    if family not in FAMILIES:
        raise MetricsInputError(f"family must be 'measure' or 'all', got {family!r}")
    if ci not in INTERVALS:
        raise MetricsInputError(f"unknown interval {ci!r}: expected one of {', '.join(INTERVALS)}")
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float)) or not 0 < alpha < 1:
        raise MetricsInputError(f"alpha must be between 0 and 1 (e.g. 0.05), got {alpha!r}")
    trials = significance.check_trials(trials)
    if trials == "auto" and test != "randomization":
        raise MetricsInputError(f"trials='auto' decides the randomization test's p; the {TITLES[test]} needs a number")
    draws = significance.AUTO_START if trials == "auto" else trials  # the bootstrap's resamples
    named = _named_runs(runs, names)
    systems = tuple(named)
    base = _baseline(baseline, systems)
    per_query, measure_names = _per_query(qrels, named, measures, count_missing)
    order = ([base] + [s for s in systems if s != base]) if base is not None else list(systems)
    rows, scores, dropped, raw = [], {}, {}, []
    for measure in measure_names:
        table = align_scores({s: per_query[s][measure] for s in order}, count_missing) if len(order) > 1 \
            else _one_run(per_query[order[0]][measure], order[0])
        scores[measure], dropped[measure] = table, dict(table.dropped)
        intervals = _intervals(table, ci, alpha, draws, seed)
        comparison = None
        if base is not None:
            comparison = compare_systems(table, test=test, correction=correction if family == "measure" else "none",
                                         alpha=alpha, seed=seed, trials=trials, pairs="baseline", exact=exact,
                                         measure=measure)
        for system in systems:
            column = table.runs.index(system)
            mean = float(table.values[:, column].mean())
            row = {"system": system, "measure": measure, "n": len(table.queries), "mean": mean,
                   "ci_low": intervals[column][0], "ci_high": intervals[column][1], "diff": math.nan, "p": math.nan,
                   "p_adjusted": math.nan, "significant": None, "wins": None, "ties": None, "losses": None,
                   "effect_size": math.nan, "p_se": None, "trials": None, "warning": None}
            if comparison is not None and system != base:
                pair = comparison.pair(base, system)
                counts = significance.wins_losses_ties(pair.table)
                row.update(diff=pair.diff, p=pair.p, p_adjusted=pair.p_adjusted, significant=pair.significant,
                           wins=counts["B"], ties=counts["tie"], losses=counts["A"], effect_size=pair.effect_size,
                           p_se=pair.p_se, trials=pair.details.get("trials"), warning=pair.warning)
                raw.append(row)
            rows.append(row)
    if family == "all" and raw:
        for row, adjusted in zip(raw, corrections.adjust([row["p"] for row in raw], correction)):
            row.update(p_adjusted=float(adjusted), significant=bool(adjusted <= alpha))
    rows.sort(key=lambda row: (systems.index(row["system"]), measure_names.index(row["measure"])))
    label = {"t": f"{100 * (1 - alpha):g}% t interval"}.get(ci, f"{100 * (1 - alpha):g}% {boot.TITLES.get(ci)} CI")
    return Experiment(systems=systems, measures=tuple(measure_names), baseline=base, test=test,
                      correction=correction, family=family, alpha=float(alpha), ci=ci,
                      count_missing=bool(count_missing), rows=tuple(rows), dropped=dropped, scores=scores,
                      details={"ci_label": label, "trials": trials, "seed": seed})


def _named_runs(runs, names) -> dict:
    if isinstance(runs, Mapping) and not _is_query_dict(runs):
        items = [(str(k), v) for k, v in runs.items()]
    elif isinstance(runs, (list, tuple)):
        items = [(None, run) for run in runs]
    else:
        raise MetricsInputError(f"runs: expected a list of runs or a mapping name -> run, got "
                                f"{type(runs).__name__} (one run? put it in a list)")
    if not items:
        raise MetricsInputError("runs: no run given")
    if names is not None:
        names = [str(n) for n in names]
        if len(names) != len(items):
            raise MetricsInputError(f"names: {len(names)} names for {len(items)} runs")
        items = [(n, run) for n, (_, run) in zip(names, items)]
    out = {}
    for i, (name, run) in enumerate(items):
        name = name or _default_name(run, i)
        if name in out:
            raise MetricsInputError(f"two systems are named {name!r}: give names=")
        out[name] = run
    return out


def _is_query_dict(obj) -> bool:
    """A single ``{query: {doc: score}}`` run given where a mapping name -> run is expected."""
    return bool(obj) and all(isinstance(v, Mapping) for v in obj.values()) and all(
        not isinstance(x, Mapping) and not hasattr(x, "columns") for v in obj.values() for x in v.values())


def _default_name(run, i: int) -> str:
    name = getattr(run, "name", None)
    if isinstance(name, str) and name and type(run).__module__.split(".")[0] == "ranx":
        return name
    if isinstance(run, (str, os.PathLike)):
        from pathlib import PurePath

        base = PurePath(str(run)).name.removesuffix(".gz")
        return PurePath(base).stem or base
    return f"run_{i + 1}"


def _baseline(baseline, systems: tuple[str, ...]) -> str | None:
    if baseline is None:
        return None
    if isinstance(baseline, (int, np.integer)) and not isinstance(baseline, bool):
        if not 0 <= baseline < len(systems):
            raise MetricsInputError(f"baseline index {baseline} is out of range: {len(systems)} runs, indexed "
                                    f"from 0")
        name = systems[int(baseline)]
    elif str(baseline) in systems:
        name = str(baseline)
    else:
        raise MetricsInputError(f"unknown baseline {baseline!r}: the systems are {', '.join(systems)}")
    if len(systems) < 2:
        raise MetricsInputError(f"a baseline needs another run to compare with: only {name!r} was given")
    return name


def _is_evaluation(obj) -> bool:
    from ..batch.evaluation import Evaluation

    return isinstance(obj, Evaluation)


def _per_query(qrels, named: dict, measures, count_missing: bool):
    """system -> measure -> per-query Series (NaN-free), and the canonical measure names."""
    from ..batch.evaluation import evaluate
    from ..measures.names import parse_measures

    evaluations = [run for run in named.values() if _is_evaluation(run)]
    if measures is None or (isinstance(measures, (list, tuple)) and not measures):
        if len(evaluations) < len(named) or not evaluations:
            raise MetricsInputError("measures: give at least one measure (e.g. ['AP', 'nDCG@10'])")
        wanted = [m for m in evaluations[0].values if all(m in ev.values for ev in evaluations)]
        if not wanted:
            raise MetricsInputError("measures: the Evaluation objects have no measure in common")
    else:
        wanted = [str(m) for m in parse_measures(measures)]
    if qrels is None and len(evaluations) < len(named):
        raise MetricsInputError("qrels: needed to evaluate the runs that are not Evaluation objects")
    out = {}
    for name, run in named.items():
        if _is_evaluation(run):
            lacking = [m for m in wanted if m not in run.values]
            if lacking:
                raise MetricsInputError(f"run {name!r} is an Evaluation without {', '.join(lacking)} (it has "
                                        f"{', '.join(run.values) or 'no measure'}): evaluate it with them")
            evaluation = run
        else:
            try:
                evaluation = evaluate(qrels, run, wanted, count_missing=count_missing)
            except MetricsInputError as error:
                where = str(run) if isinstance(run, (str, os.PathLike)) else f"run {name!r}"
                raise MetricsInputError(f"{where}: {error}") from None
            except TypeError as error:
                raise MetricsInputError(f"run {name!r}: {error}") from None
        frame = evaluation.per_query
        out[name] = {m: frame[m].dropna() for m in wanted}
    return out, wanted


def _one_run(series: pd.Series, name: str) -> Scores:
    """One run's values as :class:`.multiple.Scores` (``align_scores`` wants two)."""
    if len(series) < 2:
        raise MetricsInputError(f"an interval needs at least 2 queries, got {len(series)}")
    return Scores(runs=(name,), queries=tuple(map(str, series.index)),
                  values=series.to_numpy(dtype=float)[:, None], dropped={})


def _intervals(table: Scores, ci: str, alpha: float, trials: int, seed) -> list[tuple[float, float]]:
    """Each column's interval of the mean (the same resamples for every column, as ``compare_systems``)."""
    x = table.values
    if ci == "t":
        return [significance.mean_difference_ci(x[:, i], 1 - alpha)[1:] for i in range(x.shape[1])]
    resampled = boot.resampled_means(x, trials, seed)
    return [boot.interval(float(x[:, i].mean()), resampled[:, i], boot.jackknife_means(x[:, i]), 1 - alpha, ci)
            for i in range(x.shape[1])]


# ------------------------------------------------------------------------------------------ ranx objects out


def to_ranx(qrels=None, run=None, name: str | None = None):
    """Our inputs as ranx objects: ``to_ranx(qrels=...)`` a ``ranx.Qrels``, ``to_ranx(run=..., name=...)`` a
    ``ranx.Run``, both given: ``(Qrels, Run)``. Anything :func:`metrics.batch.evaluate` reads; grades become
    integers (ranx's qrels hold ints: a fractional grade is refused). ranx is imported here only (an optional
    extra: ``pip install ranx``)."""
    try:
        import ranx
    except ImportError:  # pragma: no cover - ranx is installed in the tests
        raise MetricsInputError("to_ranx needs ranx: pip install ranx") from None
    from ..batch.inputs import as_columns

    out = []
    if qrels is not None:
        columns = as_columns(qrels, "qrels")
        grades = columns.value
        if not np.all(grades == np.round(grades)):
            raise MetricsInputError("qrels: ranx keeps grades as integers; a grade here is fractional")
        out.append(ranx.Qrels(_nested(columns, grades.astype(np.int64).tolist())))
    if run is not None:
        columns = as_columns(run, "run")
        out.append(ranx.Run(_nested(columns, columns.value.astype(float).tolist()), name=name))
    if not out:
        raise MetricsInputError("to_ranx: give qrels, a run or both")
    return out[0] if len(out) == 1 else tuple(out)


def _nested(columns, values: list) -> dict:
    nested: dict = {}
    for query, item, value in zip(columns.query.to_pandas().tolist(), columns.item.to_pandas().tolist(), values):
        nested.setdefault(str(query), {})[str(item)] = value
    return nested
