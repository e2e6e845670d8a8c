r"""Comparing many systems on the queries they share: pairwise tests with a correction, Tukey's HSD
after a two-way ANOVA, the randomised Tukey HSD test, effect sizes and bootstrap intervals.

:func:`compare_systems` takes one measure's per-query values of several runs — a mapping
``run -> {query: value}`` (or ``run -> pandas.Series``), or a DataFrame with a column per run and a row per
query — and returns a :class:`Comparison`: the means with bootstrap intervals (:mod:`.bootstrap`) and one
:class:`PairTest` per pair of runs, the first run being the baseline. The tests:

* ``"t"``: the paired t-test (:func:`.significance.paired_t_test`);
* ``"wilcoxon"``: the Wilcoxon signed-rank test (``scipy.stats.wilcoxon``, zero differences dropped);
* ``"randomization"``: the paired sign-flip randomization test of the mean difference
  (:mod:`.significance`), enumerated exactly when :math:`2^n \le` :data:`EXACT_LIMIT`;
* ``"tukey"``: Tukey's HSD with the residual variance of the two-way ANOVA (:mod:`.anova`);
* ``"randomized-tukey"``: Carterette's (2012) randomised Tukey HSD: permute each topic's scores across
  the systems, record the largest difference between system means :math:`\max_i \bar x^*_i - \min_i
  \bar x^*_i`, and compare each observed :math:`|\bar x_k - \bar x_i|` with that one null distribution
  (exact over all :math:`(m!)^n` permutations when at most :data:`EXACT_LIMIT`).

The three pairwise tests' p-values are adjusted over the family of pairs (:mod:`.corrections`, Holm by
default); Tukey's two already hold for the whole family. A randomised p is :math:`\#\{\text{null} \ge
\text{observed}\}/N` when exact, :math:`(1 + \#)/(1 + \text{trials})` when sampled (as
:func:`.significance.randomization_test`). Effect sizes: for the pairwise tests the standardised mean
difference of the paired differences :math:`d_z = \bar d / s_d`; for Tukey's tests Sakai's
:math:`ES_E = (\bar x_b - \bar x_a)/\sqrt{V_E}`; both are in every :class:`PairTest`'s ``details``.

>>> scores = {"bm25": {"q1": 0.2, "q2": 0.4, "q3": 0.6, "q4": 0.5, "q5": 0.1},
...           "rm3":  {"q1": 0.3, "q2": 0.6, "q3": 0.6, "q4": 0.8, "q5": 0.4},
...           "dense": {"q1": 0.5, "q2": 0.5, "q3": 0.7, "q4": 0.9, "q5": 0.3, "q6": 0.2}}
>>> c = compare_systems(scores, test="randomization", measure="AP", trials=2000)
>>> c.dropped                      # q6 is not in every run
{'q6': ('bm25', 'rm3')}
>>> c.pairs[0]
PairTest(randomization, rm3 − bm25 = 0.18 on 5 queries: mean difference = 0.18, p = 0.125, Holm-adjusted p = 0.25, d_z = 1.3805; 95% BCa bootstrap CI [0.06, 0.28]; exact over 32 sign flips)
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass, field
from typing import Mapping

import numpy as np
import pandas as pd

from ..errors import MetricsInputError
from ..explanation import num
from . import bootstrap as boot
from . import corrections, significance
from .anova import Anova, two_way_anova

TESTS = ("t", "wilcoxon", "randomization", "tukey", "randomized-tukey")
#: tests whose p-values hold for the whole family of pairs (no correction on top)
FAMILY_TESTS = ("tukey", "randomized-tukey")
TITLES = {"t": "paired t-test", "wilcoxon": "Wilcoxon signed-rank test", "randomization": "paired randomization test",
          "tukey": "Tukey's HSD (two-way ANOVA, topics as blocks)", "randomized-tukey": "randomised Tukey HSD test"}
#: enumerate every assignment (sign flips, or permutations within topics) when there are at most this many
EXACT_LIMIT = 1 << 16
EFFECT_SIZES = {"paired": "d_z", "anova": "ES_E"}
#: the tests whose p is counted over random (or all) assignments: their p has a Monte Carlo error
RANDOMISED = ("randomization", "randomized-tukey")


# ------------------------------------------------------------------------------------------ the scores


@dataclass(frozen=True, repr=False)
class Scores:
    """Per-query values of several runs on the queries they are compared on (rows) × runs (columns)."""

    runs: tuple[str, ...]
    queries: tuple[str, ...]
    values: np.ndarray  #: shape (queries, runs)
    #: queries left out (not in every run) -> the runs without them; with ``count_missing`` they are kept
    #: and those runs score 0 on them
    dropped: Mapping[str, tuple[str, ...]]
    count_missing: bool = False

    def frame(self) -> pd.DataFrame:
        return pd.DataFrame(self.values, index=pd.Index(self.queries, name="query"), columns=list(self.runs))

    def __repr__(self) -> str:
        what = "filled with 0" if self.count_missing else "dropped"
        return (f"Scores({len(self.runs)} runs × {len(self.queries)} queries; {len(self.dropped)} queries "
                f"{what})")


def align_scores(scores, count_missing: bool = False) -> Scores:
    """The runs' values on the queries every run has (or, ``count_missing``, on every query, 0 where a run
    lacks it, as ``trec_eval -c``); a NaN in a DataFrame is a missing value.

    >>> align_scores({"a": {"q1": 0.5, "q2": 1.0, "q3": 0.5}, "b": {"q2": 0.0, "q3": 1.0}}).frame().to_dict("index")
    {'q2': {'a': 1.0, 'b': 0.0}, 'q3': {'a': 0.5, 'b': 1.0}}
    >>> align_scores({"a": {"q1": 0.5, "q2": 1.0}, "b": {"q2": 0.0, "q3": 1.0}}, count_missing=True).values
    array([[0.5, 0. ],
           [1. , 0. ],
           [0. , 1. ]])
    """
    columns = _columns(scores)
    if len(columns) < 2:
        raise MetricsInputError(f"comparing systems needs at least 2 runs, got {len(columns)}")
    runs = tuple(columns)
    everywhere = list(dict.fromkeys(q for series in columns.values() for q in series.index))
    missing = {q: tuple(run for run in runs if q not in columns[run].index) for q in everywhere}
    missing = {q: lacking for q, lacking in missing.items() if lacking}
    queries = tuple(everywhere if count_missing else [q for q in everywhere if q not in missing])
    if len(queries) < 2:
        raise MetricsInputError(f"comparing systems needs at least 2 queries that every run has, got "
                                f"{len(queries)} (queries per run: "
                                + ", ".join(f"{run} {len(columns[run])}" for run in runs) + "; -c counts a "
                                "missing query as 0)")
    values = np.column_stack([columns[run].reindex(list(queries)).fillna(0.0).to_numpy(dtype=float) for run in runs])
    return Scores(runs=runs, queries=queries, values=values, dropped=missing, count_missing=bool(count_missing))


def _columns(scores) -> dict[str, pd.Series]:
    if isinstance(scores, Scores):
        scores = scores.frame()
    if isinstance(scores, pd.DataFrame):
        items = [(column, scores[column].dropna()) for column in scores.columns]
    elif isinstance(scores, Mapping):
        items = list(scores.items())
    else:
        raise MetricsInputError(f"expected a mapping run -> {{query: value}} or a DataFrame (a column per run), "
                                f"got {type(scores).__name__}")
    out = {}
    for run, values in items:
        name = str(run)
        if name in out:
            raise MetricsInputError(f"two runs are named {name!r}")
        if isinstance(values, pd.Series):
            series = values
        elif isinstance(values, Mapping):
            series = pd.Series(dict(values), dtype=object)
        else:
            raise MetricsInputError(f"run {name!r}: expected {{query: value}}, got {type(values).__name__}")
        index = [str(q) for q in series.index]
        if len(set(index)) != len(index):
            raise MetricsInputError(f"run {name!r} lists a query twice")
        numbers = pd.to_numeric(pd.Series(list(series.to_numpy()), dtype=object), errors="coerce")
        numbers = numbers.to_numpy(dtype=float)
        bad = np.flatnonzero(~np.isfinite(numbers))
        if len(bad):
            raise MetricsInputError(f"run {name!r}, query {index[bad[0]]!r}: {series.iloc[bad[0]]!r} is not a "
                                    "finite number")
        out[name] = pd.Series(numbers, index=pd.Index(index, dtype="str"))
    return out


# ------------------------------------------------------------------------------------------ the results


@dataclass(frozen=True, repr=False)
class PairTest:
    """One pair of runs: ``b`` against ``a`` (``diff`` = mean of b − mean of a), the test's steps and verdict."""

    test: str
    a: str
    b: str
    n: int
    mean_a: float
    mean_b: float
    statistic: float
    statistic_name: str  #: ``t``, ``W``, ``mean difference``, ``q`` or ``|difference|``
    p: float  #: the test's own p (Tukey's: already for the whole family)
    p_adjusted: float  #: after the correction (= p for Tukey's tests and for ``none``)
    correction: str
    effect_size: float
    effect_size_name: str  #: ``d_z`` or ``ES_E``
    ci: tuple[float, float]  #: bootstrap interval of the mean difference
    ci_label: str
    alpha: float
    table: pd.DataFrame  #: the differences query by query (:func:`.significance.paired_differences`)
    null: np.ndarray | None = None  #: the randomised tests' null distribution of the statistic
    details: Mapping[str, object] = field(default_factory=dict)

    @property
    def diff(self) -> float:
        return self.mean_b - self.mean_a

    @property
    def significant(self) -> bool:
        return bool(self.p_adjusted <= self.alpha)

    @property
    def p_se(self) -> float | None:
        """The randomization test's Monte Carlo standard error of ``p`` (0 when exact; None for other tests)."""
        return self.details.get("p_se") if self.test in RANDOMISED else None

    @property
    def warning(self) -> str | None:
        """``p = 0.048 ± 0.004 straddles α = 0.05: raise --trials`` when a sampled p cannot decide at α."""
        return self.details.get("warning") if self.test in RANDOMISED else None

    def to_dict(self) -> dict:
        """``{"a", "b", "diff", "p", "p_adjusted", "effect_size", "ci", "significant"}`` (NaN and ±inf as None)."""
        return {"a": self.a, "b": self.b, "diff": _finite(self.diff), "p": _finite(self.p),
                "p_adjusted": _finite(self.p_adjusted), "effect_size": _finite(self.effect_size),
                "ci": [_finite(self.ci[0]), _finite(self.ci[1])], "significant": self.significant,
                **self._precision()}

    def _precision(self) -> dict:
        """The randomization p's precision for :meth:`to_dict`: ``p_se``, ``p_interval``, ``trials``, ``warning``."""
        if self.test not in RANDOMISED:
            return {}
        d = self.details
        return {"p_se": d["p_se"], "p_interval": list(d["p_interval"]), "trials": d["trials"],
                "warning": d["warning"]}

    @property
    def worked_text(self) -> str:
        """The test's steps with the numbers, in plain text."""
        d = self.details
        lines = [f"{self.b} − {self.a}: d̄ = {num(self.mean_b)} − {num(self.mean_a)} = {num(self.diff)} "
                 f"on {self.n} queries"]
        if self.test == "t":
            lines.append(f"t = d̄ / (s / √n) = {num(self.diff)} / ({num(d['sd'])} / √{self.n}) = {num(self.statistic)}")
            lines.append(f"p = 2·Pr(T_{self.n - 1} ≥ |t|) = {num(self.p)}")
        elif self.test == "wilcoxon":
            lines.append(f"{d['nonzero']} non-zero differences ranked by size; W = min(W+, W−) = "
                         f"min({num(d['w_plus'])}, {num(d['w_minus'])}) = {num(self.statistic)}")
            lines.append(f"p = {num(self.p)} ({d['method']})")
        elif self.test == "randomization":
            lines.append(f"{_null_words(self)}: {d['extreme']} with |mean| ≥ |d̄| = {num(abs(self.diff))}")
            lines.append(f"p = {_p_words(self)} = {num(self.p)}{_precision_words(self)}")
        elif self.test == "tukey":
            lines.append(f"q = |d̄| / √(V_E / n) = {num(abs(self.diff))} / √({num(d['ms_residual'])} / {self.n}) = "
                         f"{num(self.statistic)}")
            lines.append(f"p = Pr(Q({d['groups']}, {d['df_residual']}) ≥ q) = {num(self.p)}")
        else:
            lines.append(f"{_null_words(self)}: {d['extreme']} with max − min of the means ≥ |d̄| = "
                         f"{num(abs(self.diff))}")
            lines.append(f"p = {_p_words(self)} = {num(self.p)}{_precision_words(self)}")
        if self.correction != "none":
            lines.append(f"{corrections.TITLES[self.correction]}-adjusted p = {num(self.p_adjusted)}")
        lines.append(f"{self.effect_size_name} = {num(self.effect_size)}; {self.ci_label} [{num(self.ci[0])}, "
                     f"{num(self.ci[1])}]; " + ("significant" if self.significant else "not significant")
                     + f" at α = {num(self.alpha)}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        adjusted = (f", {corrections.TITLES[self.correction]}-adjusted p = {num(self.p_adjusted)}"
                    if self.correction != "none" else "")
        null = ""
        if self.null is not None:
            null = f"; {_null_words(self)}"
        return (f"PairTest({self.test}, {self.b} − {self.a} = {num(self.diff)} on {self.n} queries: "
                f"{self.statistic_name} = {num(self.statistic)}, p = {num(self.p)}{adjusted}, "
                f"{self.effect_size_name} = {num(self.effect_size)}; {self.ci_label} [{num(self.ci[0])}, "
                f"{num(self.ci[1])}]{null})")


def _null_words(pair: PairTest) -> str:
    d = pair.details
    what = "sign flips" if pair.test == "randomization" else "permutations within topics"
    return f"exact over {d['assignments']:,} {what}" if d["exact"] else f"{d['trials']:,} random {what}"


def _precision_words(pair: PairTest) -> str:
    d = pair.details
    if d["exact"]:
        return " (exact)"
    return (f" (Monte Carlo SE {num(d['p_se'])}; 95% interval [{num(d['p_interval'][0])}, "
            f"{num(d['p_interval'][1])}])")


def _p_words(pair: PairTest) -> str:
    d = pair.details
    if d["exact"]:
        return f"{d['extreme']} / {d['assignments']:,}"
    return f"(1 + {d['extreme']}) / (1 + {d['trials']:,})"


@dataclass(frozen=True, repr=False)
class Comparison:
    """One measure, many runs: the means with intervals and every pair's test (see the module)."""

    measure: str
    test: str
    correction: str
    alpha: float
    scores: Scores
    means: Mapping[str, float]
    ci: Mapping[str, tuple[float, float]]  #: bootstrap interval of each run's mean
    ci_label: str
    pairs: tuple[PairTest, ...]
    anova: Anova
    details: Mapping[str, object] = field(default_factory=dict)

    @property
    def runs(self) -> tuple[str, ...]:
        return self.scores.runs

    @property
    def baseline(self) -> str:
        return self.scores.runs[0]

    @property
    def dropped(self) -> dict[str, tuple[str, ...]]:
        return dict(self.scores.dropped)

    def pair(self, a: str, b: str) -> PairTest:
        for pair in self.pairs:
            if (pair.a, pair.b) in ((a, b), (b, a)):
                return pair
        raise KeyError((a, b))

    def matrix(self, value: str = "p_adjusted") -> pd.DataFrame:
        """A runs × runs table of one field of the pairs (row − column for ``diff`` and the effect size)."""
        out = pd.DataFrame(np.nan, index=list(self.runs), columns=list(self.runs))
        signed = value in ("diff", "effect_size")
        for pair in self.pairs:
            x = float(getattr(pair, value))
            out.loc[pair.b, pair.a] = x
            out.loc[pair.a, pair.b] = -x if signed else x
        return out

    def to_dict(self) -> dict:
        """``{"means": {run: x}, "ci": {run: [lo, hi]}, "pairs": [PairTest.to_dict(), ...]}``."""
        return {"means": {run: _finite(x) for run, x in self.means.items()},
                "ci": {run: [_finite(lo), _finite(hi)] for run, (lo, hi) in self.ci.items()},
                "pairs": [pair.to_dict() for pair in self.pairs]}

    def __repr__(self) -> str:
        means = ", ".join(f"{run} {num(x)}" for run, x in self.means.items())
        significant = sum(pair.significant for pair in self.pairs)
        correction = "" if self.correction == "none" else f", {corrections.TITLES[self.correction]}"
        return (f"Comparison({self.measure or 'measure'}: {len(self.runs)} runs on {len(self.scores.queries)} "
                f"queries; means {means}; {TITLES[self.test]}{correction}: {significant} of {len(self.pairs)} "
                f"pairs significant at α = {num(self.alpha)})")


def _finite(x: float):
    x = float(x)
    return x if math.isfinite(x) else None


# ------------------------------------------------------------------------------------------ the tests


def compare_systems(scores, *, test: str = "t", correction: str | None = None, alpha: float = 0.05,
                    seed: int | None = 0, trials: int = 10_000, ci: str = "bca", confidence: float | None = None,
                    count_missing: bool = False, pairs: str = "all", exact: bool | None = None,
                    effect_size: str | None = None, measure: str = "") -> Comparison:
    """Compare every pair of runs (``pairs="all"``) or each run with the first (``"baseline"``).

    Parameters
    ----------
    scores : mapping run -> {query: value} (or -> Series, or -> :class:`~metrics.batch.evaluation.Evaluation`:
        its ``measure``, or its only measure), a DataFrame (column per run), or :class:`Scores`; from qrels and
        runs of any input kind: :func:`metrics.experiment`
    test : one of :data:`TESTS`
    correction : ``none``, ``bonferroni``, ``holm`` or ``bh``; default Holm for the pairwise tests and
        ``none`` for Tukey's (which refuse another)
    alpha : the level at which a pair is called significant (on the adjusted p)
    seed, trials : the randomised tests' and the bootstrap's seed and number of draws (the randomization
        test may take ``trials="auto"``: :func:`.significance.sampled_randomization` doubles its draws from
        10,000 until the p's 95% interval is on one side of alpha (alpha / pairs with Bonferroni), at most
        1,000,000; the bootstrap then draws 10,000; the randomization
        test of the i-th pair, from 0, draws with ``seed + i``)
    ci, confidence : ``bca`` or ``percentile`` bootstrap intervals at ``confidence`` (default 1 − alpha)
    count_missing : keep queries some runs lack, those runs scoring 0 (``trec_eval -c``)
    exact : enumerate every assignment in the randomised tests (None: when at most :data:`EXACT_LIMIT`)
    effect_size : ``paired`` (:math:`d_z`) or ``anova`` (Sakai's :math:`ES_E`); default ``anova`` for Tukey's
        tests, ``paired`` for the others
    """
    if test not in TESTS:
        raise MetricsInputError(f"unknown test {test!r}: expected one of {', '.join(TESTS)}")
    if correction is None:
        correction = "none" if test in FAMILY_TESTS else "holm"
    correction = corrections.correction_name(correction)
    if test in FAMILY_TESTS and correction != "none":
        raise MetricsInputError(f"the {TITLES[test]}'s p-values already hold for all pairs at once: use no "
                                f"correction (got {correction})")
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float)) or not 0 < alpha < 1:
        raise MetricsInputError(f"alpha must be between 0 and 1 (e.g. 0.05), got {alpha!r}")
    if pairs not in ("all", "baseline"):
        raise MetricsInputError(f"pairs must be 'all' or 'baseline', got {pairs!r}")
    effect_size = effect_size or ("anova" if test in FAMILY_TESTS else "paired")
    if effect_size not in EFFECT_SIZES:
        raise MetricsInputError(f"effect_size must be 'paired' or 'anova', got {effect_size!r}")
    ci = boot.check_method(ci)
    confidence = boot.check_confidence(1 - alpha if confidence is None else confidence)
    trials = significance.check_trials(trials)
    if trials == "auto" and test not in ("randomization", "randomized-tukey"):
        raise MetricsInputError(f"trials='auto' decides a randomised test's p; the {TITLES[test]} needs a number")
    draws = significance.AUTO_START if trials == "auto" else trials  # the bootstrap's resamples
    scores, measure = _from_evaluations(scores, measure)
    table = scores if isinstance(scores, Scores) else align_scores(scores, count_missing)
    x = table.values
    n, m = x.shape
    anova = two_way_anova(x)
    resampled = boot.resampled_means(x, draws, seed)
    ci_label = f"{num(100 * confidence)}% {boot.TITLES[ci]} CI"
    mean_ci = {run: boot.interval(float(x[:, i].mean()), resampled[:, i], boot.jackknife_means(x[:, i]),
                                  confidence, ci) for i, run in enumerate(table.runs)}
    index = [(i, k) for i in range(m) for k in range(i + 1, m) if pairs == "all" or i == 0]
    family = _randomized_tukey(x, trials, seed, exact, alpha, index) if test == "randomized-tukey" else None
    raw = []
    for number, (i, k) in enumerate(index):
        d = x[:, k] - x[:, i]
        if test == "tukey":
            found = {"statistic": anova.tukey_q(i, k), "p": anova.tukey_p(i, k), "name": "q", "null": None,
                     "details": {"ms_residual": anova.ms_residual, "df_residual": anova.df_residual, "groups": m}}
        elif test == "randomized-tukey":
            found = _family_p(family, abs(float(d.mean())))
        else:
            found = _pairwise(test, d, trials, None if seed is None else seed + number, exact,
                              alpha / len(index) if correction == "bonferroni" else alpha)
        raw.append(found)
    adjusted = corrections.adjust([found["p"] for found in raw], correction)
    out = []
    for (i, k), found, p_adjusted in zip(index, raw, adjusted):
        d = x[:, k] - x[:, i]
        sd = float(d.std(ddof=1))
        d_z = float(d.mean()) / sd if sd > 0 else (math.nan if d.mean() == 0 else math.copysign(math.inf, d.mean()))
        es_e = anova.effect_size(i, k)
        details = {"sd": sd, "d_z": d_z, "es_e": es_e, **found["details"]}
        interval = boot.interval(float(d.mean()), resampled[:, k] - resampled[:, i], boot.jackknife_means(d),
                                 confidence, ci)
        a, b = table.runs[i], table.runs[k]
        differences = significance.paired_differences(pd.Series(x[:, i], index=list(table.queries)),
                                                      pd.Series(x[:, k], index=list(table.queries)))
        out.append(PairTest(test=test, a=a, b=b, n=n, mean_a=float(x[:, i].mean()), mean_b=float(x[:, k].mean()),
                            statistic=float(found["statistic"]), statistic_name=found["name"], p=float(found["p"]),
                            p_adjusted=float(p_adjusted), correction=correction,
                            effect_size=d_z if effect_size == "paired" else es_e,
                            effect_size_name=EFFECT_SIZES[effect_size], ci=interval, ci_label=ci_label,
                            alpha=float(alpha), table=differences, null=found["null"], details=details))
    details = {"trials": trials, "seed": seed, "confidence": confidence, "ci": ci, "pairs": pairs,
               "effect_size": effect_size}
    return Comparison(measure=str(measure), test=test, correction=correction, alpha=float(alpha), scores=table,
                      means={run: float(x[:, i].mean()) for i, run in enumerate(table.runs)}, ci=mean_ci,
                      ci_label=ci_label, pairs=tuple(out), anova=anova, details=details)


def _from_evaluations(scores, measure: str):
    """A mapping run -> Evaluation as run -> that measure's per-query Series (NaN, a skipped query, left out),
    and the measure's canonical name; anything else as it is."""
    from ..batch.evaluation import Evaluation

    if not isinstance(scores, Mapping) or not any(isinstance(v, Evaluation) for v in scores.values()):
        return scores, measure
    if not all(isinstance(v, Evaluation) for v in scores.values()):
        raise MetricsInputError("give every run as an Evaluation, or none (mixed: use metrics.experiment)")
    evaluations = dict(scores)
    if measure:
        from ..measures.names import parse_measure

        name = str(parse_measure(str(measure)))
    else:
        names = {tuple(ev.values) for ev in evaluations.values()}
        if len(names) != 1 or len(next(iter(names))) != 1:
            raise MetricsInputError("the Evaluations hold several measures: say which with measure=")
        name = next(iter(names))[0]
    for run, ev in evaluations.items():
        if name not in ev.values:
            raise MetricsInputError(f"run {run!r} is an Evaluation without {name} (it has {', '.join(ev.values)})")
    return {run: ev.per_query[name].dropna() for run, ev in evaluations.items()}, name


def _pairwise(test: str, d: np.ndarray, trials, seed: int | None, exact: bool | None,
              threshold: float = 0.05) -> dict:
    """The t, Wilcoxon or randomization test of the differences ``d`` (a sampled randomization p with its
    precision at ``threshold``: :func:`.significance.sampled_randomization`)."""
    from scipy import stats

    n = len(d)
    if test == "t":
        t, p = significance.paired_t_test(np.zeros(n), d)
        if math.isnan(p):  # every difference 0: nothing against the null
            t, p = 0.0, 1.0
        return {"statistic": t, "p": p, "name": "t", "null": None, "details": {"df": n - 1}}
    if test == "wilcoxon":
        # differences within rounding of 0 are 0: scipy drops them (zero_method="wilcox")
        d = np.where(np.abs(d) <= significance.TIE_TOLERANCE, 0.0, d)
        nonzero = d[d != 0]
        ranks = stats.rankdata(np.abs(nonzero))
        w_plus, w_minus = float(ranks[nonzero > 0].sum()), float(ranks[nonzero < 0].sum())
        details = {"nonzero": len(nonzero), "w_plus": w_plus, "w_minus": w_minus}
        if len(nonzero) == 0:
            return {"statistic": 0.0, "p": 1.0, "name": "W", "null": None,
                    "details": {**details, "method": "no non-zero difference"}}
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            result = stats.wilcoxon(d)
        # scipy's method="auto": exact up to 50 differences without ties or zeros; with them, every permutation
        # of the signs up to 13 differences; the normal approximation beyond
        plain = len(nonzero) == n and len(np.unique(np.abs(nonzero))) == n
        method = ("exact" if n <= 50 else "normal approximation") if plain else (
            "every sign permutation" if n <= 13 else "normal approximation")
        return {"statistic": float(result.statistic), "p": float(result.pvalue), "name": "W", "null": None,
                "details": {**details, "method": method}}
    assignments = 2 ** n if n < 63 else math.inf
    use_exact = assignments <= EXACT_LIMIT if exact is None else bool(exact)
    if use_exact and n > significance.MAX_EXACT:
        raise MetricsInputError(f"the exact randomization test enumerates 2^n sign flips: at most "
                                f"{significance.MAX_EXACT} queries, got {n}")
    if not use_exact:
        found = significance.sampled_randomization(d, trials, seed, threshold)
        return {"statistic": float(d.mean()), "p": found["p"], "name": "mean difference", "null": found["sums"] / n,
                "details": {"exact": False, "assignments": None, "trials": found["trials"],
                            "extreme": found["extreme"], "p_se": found["se"],
                            "p_interval": (found["low"], found["high"]), "warning": found["warning"]}}
    observed, tolerance = significance.observed_extreme(d)
    sums = significance.all_flipped_sums(d)
    extreme = int(np.count_nonzero(np.abs(sums) >= observed - tolerance))
    p = extreme / len(sums)
    return {"statistic": float(d.mean()), "p": p, "name": "mean difference", "null": sums / n,
            "details": {"exact": True, "assignments": int(assignments), "trials": None, "extreme": extreme,
                        "p_se": 0.0, "p_interval": (p, p), "warning": None}}


def randomized_tukey_null(values, trials: int = 10_000, seed: int | None = 0,
                          exact: bool | None = None) -> tuple[np.ndarray, bool]:
    r"""The randomised Tukey HSD null distribution of :math:`\max_i \bar x^*_i - \min_i \bar x^*_i`: each
    topic's (row's) scores permuted across the systems (columns), all :math:`(m!)^n` ways when ``exact``
    (None: when at most :data:`EXACT_LIMIT`), else ``trials`` random ways. Returns (ranges, exact)."""
    x = np.asarray(values, dtype=float)
    n, m = x.shape
    assignments = math.factorial(m) ** n
    use_exact = assignments <= EXACT_LIMIT if exact is None else bool(exact)
    if use_exact:
        if assignments > 1 << 22:
            raise MetricsInputError(f"the exact randomised Tukey test enumerates (m!)^n = {assignments:,} "
                                    "permutations: too many, use random ones")
        import itertools

        orders = np.array(list(itertools.permutations(range(m))))
        sums = np.zeros((1, m))
        for row in x:
            sums = (sums[:, None, :] + row[orders][None, :, :]).reshape(-1, m)
        means = sums / n
    else:
        rng = np.random.default_rng(seed)
        means = np.empty((trials, m))
        step = max(1, (1 << 22) // (n * m))
        for start in range(0, trials, step):
            count = min(step, trials - start)
            permuted = rng.permuted(np.broadcast_to(x, (count, n, m)), axis=2)
            means[start:start + count] = permuted.mean(axis=1)
    return means.max(axis=1) - means.min(axis=1), use_exact


def _randomized_tukey(x: np.ndarray, trials, seed: int | None, exact: bool | None, alpha: float,
                      index: list[tuple[int, int]]) -> dict:
    """The randomised Tukey null; ``trials="auto"``: doubled from :data:`.significance.AUTO_START` (the same
    seed each time) until no pair's p straddles ``alpha``, at most :data:`.significance.AUTO_CAP`."""
    n = significance.AUTO_START if trials == "auto" else trials
    while True:
        ranges, use_exact = randomized_tukey_null(x, n, seed, exact)
        family = {"ranges": ranges, "exact": use_exact, "trials": n, "alpha": alpha,
                  "tolerance": significance._RTOL * float(np.abs(x).max(initial=0.0))}
        if trials != "auto" or use_exact or n >= significance.AUTO_CAP or not any(
                _family_p(family, abs(float(x[:, k].mean() - x[:, i].mean())))["details"]["warning"]
                for i, k in index):
            return family
        n = min(2 * n, significance.AUTO_CAP)


def _family_p(family: dict, observed: float) -> dict:
    ranges = family["ranges"]
    extreme = int(np.count_nonzero(ranges >= observed - family["tolerance"]))
    exact = family["exact"]
    if exact:
        p = extreme / len(ranges)
        precision = {"p_se": 0.0, "p_interval": (p, p), "warning": None}
    else:
        found = significance.p_precision(extreme, family["trials"])
        p = found["p"]
        precision = {"p_se": found["se"], "p_interval": (found["low"], found["high"]),
                     "warning": significance.straddle_warning(found, family["alpha"])}
    return {"statistic": observed, "p": p, "name": "|difference|", "null": ranges,
            "details": {"exact": exact, "assignments": len(ranges) if exact else None,
                        "trials": None if exact else family["trials"], "extreme": extreme, **precision}}
