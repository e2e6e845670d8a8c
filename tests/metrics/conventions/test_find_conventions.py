"""metrics.conventions.find_conventions: paste the number a library printed, get the conventions that give it;
explain_value says it in words. Also: score_under's kernel equals the step-by-step measures of metrics.measures,
and (when ranx is installed) the ranx preset equals ranx."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from metrics.conventions import (
    MEASURES,
    PRESETS,
    SEARCHED,
    Convention,
    Interval,
    explain_value,
    find_conventions,
    find_matches,
    score_under,
)
from metrics.errors import MetricsInputError
from metrics.measures.ap import average_precision
from metrics.measures.cutoff import precision_at_k, recall_at_k
from metrics.measures.ndcg import ndcg
from metrics.measures.rr import reciprocal_rank

TREC = PRESETS["trec_eval"]


def random_board(rng: random.Random, n: int | None = None):
    n = n or rng.randint(1, 14)
    ranking = [f"d{i:02d}" for i in range(n)]
    grades = [rng.choice([0, 0, 1, 2, 3, 0.5, 1.5, 4]) for _ in range(n)]
    scores = [rng.choice([-1.0, 0.0, 0.5, 1.0, 2.0, 2.0 + 1e-9, 3.0, 4.0, 5.0]) for _ in range(n)]
    judgments = {item: g for item, g in zip(ranking, grades) if rng.random() < 0.85}
    judgments |= {f"p{i}": rng.choice([0, 1, 2]) for i in range(rng.randint(0, 3))}
    return ranking, judgments, rng.randint(1, n + 2), scores


def label_of(measure: str, convention: Convention, k: int) -> str:
    return next(label for label in score_under(convention, ["x"], {}, k) if label.split("@")[0] == measure)


# ------------------------------------------------------------------------------------------------ the kernel


@pytest.mark.parametrize("seed", range(60))
def test_score_under_equals_the_measures_step_by_step(seed):
    """For a defined order (trec_eval's or the input order), score_under is metrics.measures' functions on the
    list in that order."""
    rng = random.Random(seed)
    ranking, judgments, k, scores = random_board(rng)
    convention = Convention("any", gain=rng.choice(["linear", "exponential", "binary"]),
                            ideal=rng.choice(["judged", "list"]),
                            ap_denominator=rng.choice(["relevant", "found", "min_k_relevant"]),
                            ties=rng.choice(["trec", "as_given"]), threshold=rng.choice([1.0, 2.0, 0.5]),
                            rr_cutoff=rng.random() < 0.5, ap_cutoff=rng.random() < 0.5,
                            truncate_grades=rng.random() < 0.3, nonpositive_scores_irrelevant=rng.random() < 0.3,
                            recall_pool=rng.random() < 0.5)
    got = score_under(convention, ranking, judgments, k, scores)
    from metrics.conventions import order_ranking
    order = order_ranking(ranking, scores, convention.ties)
    items, ordered = [ranking[i] for i in order], [scores[i] for i in order]
    judged = {i: float(math.trunc(g)) if convention.truncate_grades else float(g) for i, g in judgments.items()}
    grades = [judged.get(i, 0.0) for i in items]
    relevant = [g >= convention.threshold for g in grades]
    hits = [float(r and (s > 0 or not convention.nonpositive_scores_irrelevant)) for r, s in zip(relevant, ordered)]
    n_rel = sum(g >= convention.threshold for g in judged.values()) if convention.recall_pool else sum(relevant)
    n_rel = max(n_rel, sum(relevant))
    if convention.gain == "binary":
        expected_ndcg = ndcg(hits, k, ideal=None if convention.ideal == "list" else ([1.0] * n_rel or [0.0]))
    else:
        expected_ndcg = ndcg(grades, k, gain=convention.gain,
                             ideal=None if convention.ideal == "list" else (list(judged.values()) or [0.0]))
    expected = [expected_ndcg,
                average_precision(hits, k=k if convention.ap_cutoff else None, n_relevant=n_rel,
                                  denominator=convention.ap_denominator),
                reciprocal_rank(hits, k=k if convention.rr_cutoff else None),
                precision_at_k(hits, k), recall_at_k(hits, k, n_rel)]
    for (label, value), want in zip(got.items(), expected):
        assert value == pytest.approx(want, abs=1e-12), label


# ------------------------------------------------------------------------------------------------ the search


@pytest.mark.parametrize("seed", range(30))
def test_every_preset_finds_itself(seed):
    """A preset's own (defined) number finds that preset, named as the library; every returned convention
    reproduces the number."""
    rng = random.Random(seed)
    ranking, judgments, k, scores = random_board(rng)
    for key, preset in PRESETS.items():
        values = score_under(preset, ranking, judgments, k, scores)
        for measure, value in zip(MEASURES, values.values()):
            if value is None or isinstance(value, Interval) or math.isnan(value):
                continue
            found = find_matches(measure, value, ranking, judgments, k, scores, decimals=preset.decimals)
            assert preset.name in [m.convention.name for m in found if m.preset], (key, measure)
            for match in found:
                got = score_under(replace(match.convention, offers=MEASURES), ranking, judgments, k, scores)
                got = got[label_of(measure, match.convention, k)]
                if isinstance(got, Interval):
                    assert got.contains(value, 1e-4)
                elif preset.decimals is not None:
                    assert abs(got - value) <= 0.5e-4 + 1e-12
                else:
                    assert got == pytest.approx(value, abs=1e-6)


def test_presets_first_then_fewest_changes():
    ranking, judgments = ["a", "b", "c"], {"a": 0, "b": 1, "c": 2, "d": 3}
    value = score_under(PRESETS["sklearn"], ranking, judgments, 3)["nDCG@3"]
    found = find_conventions("nDCG", value, ranking, judgments, 3)
    assert [c.name for c in found][:2] == ["scikit-learn", "torchmetrics"]
    combos = find_matches("nDCG", value, ranking, judgments, 3)[2:]
    assert combos and [len(m.changes) for m in combos] == sorted(len(m.changes) for m in combos)
    assert combos[0].changes == ("ideal",) and combos[0].convention.name == "trec_eval with ideal=list"


def test_the_recorded_ap_at_1_case():
    # library-conventions.md: AP@1 with 6 relevant items and the top one relevant: 1/6 or 1.0
    ranking = [f"d{i}" for i in range(6)]
    judgments = {d: 1 for d in ranking}
    names = [c.name for c in find_conventions("AP", 1.0, ranking, judgments, 1)]
    assert names[:4] == ["scikit-learn", "torchmetrics", "RecBole", "Microsoft recommenders"]  # sklearn: no k
    assert {"trec_eval with ap_denominator=found", "trec_eval with ap_denominator=min_k_relevant"} <= set(names)
    names = [c.name for c in find_conventions("AP", 1 / 6, ranking, judgments, 1)]
    assert names[:4] == ["trec_eval", "pytrec_eval", "ir_measures", "ranx"]


def test_each_change_of_a_combination_matters():
    rng = random.Random(7)
    for _ in range(20):
        ranking, judgments, k, scores = random_board(rng, 10)
        for measure in MEASURES:
            value = score_under(replace(TREC, gain="exponential", ideal="list", ap_cutoff=False, threshold=2.0),
                                ranking, judgments, k, scores)
            value = next(v for label, v in value.items() if label.split("@")[0] == measure)
            for match in find_matches(measure, value, ranking, judgments, k, scores):
                if match.preset:
                    continue
                assert set(match.changes) <= set(SEARCHED[measure])
                for choice in match.changes:  # putting any one back gives another number
                    back = replace(match.convention, **{choice: getattr(TREC, choice)})
                    other = score_under(back, ranking, judgments, k, scores)[label_of(measure, back, k)]
                    assert other != pytest.approx(match.value, abs=1e-6), (measure, choice)


def test_decimals_match_what_was_printed():
    ranking, judgments = ["a", "b", "c"], {"a": 0, "b": 1, "c": 2, "d": 3}
    value = score_under(PRESETS["trec_eval"], ranking, judgments, 3)["nDCG@3"]  # 0.34249...
    assert "trec_eval" in [c.name for c in find_conventions("nDCG", round(value, 2), ranking, judgments, 3, decimals=2)]
    assert "trec_eval" not in [c.name for c in find_conventions("nDCG", round(value, 2), ranking, judgments, 3)]


def test_an_undefined_tie_order_matches_only_values_some_order_gives():
    ranking, judgments = ["a", "b", "c"], {"b": 1}
    scores = [1.0, 1.0, 1.0]
    assert "RecBole" in [c.name for c in find_conventions("P", 1.0, ranking, judgments, 1, scores)]
    assert not find_conventions("P", 0.5, ranking, judgments, 1, scores)[:1] or \
        "RecBole" not in [c.name for c in find_conventions("P", 0.5, ranking, judgments, 1, scores)]
    match = next(m for m in find_matches("P", 1.0, ranking, judgments, 1, scores) if m.preset == "recbole")
    assert not match.exact and match.value == (0.0, 1.0)


def test_bad_input_is_refused():
    with pytest.raises(MetricsInputError, match="measure must be one of"):
        find_conventions("MAP", 0.5, ["a"], {"a": 1}, 1)
    with pytest.raises(MetricsInputError, match="must be a number"):
        find_conventions("AP", "high", ["a"], {"a": 1}, 1)


def test_the_search_stays_small_for_30_items():
    """Enumerate each choice's distinct values once: count the conventions tried (no timing)."""
    from metrics.conventions.scoring import Board
    from metrics.conventions.search import _combinations

    rng = random.Random(3)
    ranking, judgments, _, scores = random_board(rng, 30)
    board = Board.of(ranking, judgments, 10, scores)
    for measure in MEASURES:
        assert len(_combinations(measure, board)) < 3000


# ------------------------------------------------------------------------------------------------ in words


def test_explain_value_in_words_with_parts():
    ranking, judgments = ["a", "b", "c"], {"a": 0, "b": 1, "c": 2, "d": 3}
    value = score_under(PRESETS["sklearn"], ranking, judgments, 3)["nDCG@3"]
    report = explain_value("nDCG", round(value, 4), ranking, judgments, 3, decimals=4)
    assert report.text == f"{value:.4f} is scikit-learn's convention: ideal ordering from the ranked list only"
    assert report.template == "preset" and report.parts["library"] == "scikit-learn"
    assert report.choices == ("ideal ordering from the ranked list only",)
    assert report.choice_values == (("ideal", "list"),)
    report = explain_value("nDCG", 0.93, ranking, judgments, 3, decimals=2)
    assert report.template.startswith("none_") and report.text.startswith("no known convention gives 0.93; the closest")
    assert report.closest is not None and report.parts["closest"] in report.text
    report = explain_value("nDCG", score_under(TREC, ranking, judgments, 3)["nDCG@3"], ranking, judgments, 3)
    assert report.template == "reference" and report.text.endswith("is trec_eval's convention")


# ------------------------------------------------------------------------------------------------ ranx itself


@pytest.mark.slow  # many random cases: the full run's tier
def test_ranx_preset_equals_ranx_when_installed():
    ranx = pytest.importorskip("ranx")
    rng = random.Random(11)
    for _ in range(40):
        n = rng.randint(2, 25)  # up to 15 items ranx keeps the input order among ties; beyond, a range
        ranking = [f"d{i:02d}" for i in range(n)]
        grades = {d: rng.choice([0, 0, 1, 2, 3]) for d in ranking}
        grades = {d: g for d, g in grades.items() if g} or {ranking[0]: 1}
        scores = [float(rng.randint(0, 3)) for _ in ranking]
        k = rng.randint(1, n)
        qrels = ranx.Qrels({"q": grades})
        run = ranx.Run({"q": dict(zip(ranking, scores))})
        got = score_under(PRESETS["ranx"], ranking, grades, k, scores)
        names = [f"ndcg@{k}", f"map@{k}", f"mrr@{k}", f"precision@{k}", f"recall@{k}"]
        want = ranx.evaluate(qrels, run, names, make_comparable=False)
        for (label, value), name in zip(got.items(), names):
            if isinstance(value, Interval):
                assert n > 15 and value.contains(want[name], 1e-9), (label, name)
            else:
                assert value == pytest.approx(want[name], abs=1e-9), (label, name)
