"""The measure registry (metrics.measures.registry): every entry complete and its implementations found, its
step table and batch implementation agreeing, the parser's tables, the command line's help and the documentation's
grammar table generated from it; the measures of other inputs than a ranking (AUC, Coverage, ILS, ILD) kept out of
the grammar, their step tables agreeing with their values and with independent references."""

from __future__ import annotations

import dataclasses
import inspect
import math
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from metrics.batch.dispatch import BATCH
from metrics.batch.dispatch import problems as all_problems
from metrics.batch.evaluation import NO_RELEVANT, evaluate
from metrics.batch.trec_measures import GEOMETRIC, SUMMED
from metrics.cli import main
from metrics.errors import MetricsInputError
from metrics.measures.names import ALIASES, parse_measure
from metrics.measures.registry import (
    INPUTS,
    PARAMS,
    REGISTRY,
    Quiz,
    Steps,
    explain_inputs,
    explain_measure,
    grammar_text,
    measure_value,
    names,
    problems,
    ranking_params,
    steps_of,
    value_from,
)

pytestmark = pytest.mark.filterwarnings("ignore::metrics.errors.GradesBelowLevelWarning")
ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "scripts"))
import measure_table  # noqa: E402

#: the measures registered without a step table: a new measure without one must be added here on purpose
WITHOUT_STEPS = {"NumQ"}
#: a value of each parameter other than its default (choices: every canonical value is tried)
OTHER_VALUE = {"rel": 2, "p": 0.5, "max_grade": 3, "gains": "{0:0,1:1,2:3,3:7}", "T": 3, "min_rel": -1, "max_rel": 3}
#: judged grades, a negative one among them (trec_eval: pooled but unjudged; bpref, infAP and the counts skip it)
GRADES = (-1, 0, 0, 1, 1, 2, 3)


def cutoffs(info) -> list:
    if info.cutoff == "none":
        return [None]
    cut = 0.5 if info.cutoff_kind == "fraction" else 3
    return [cut] if info.cutoff == "required" else [None, cut]


def variants(info) -> list[str]:
    """The measure with each cut-off, at its defaults and with one parameter changed at a time."""
    settings = [{}]
    for param in info.params:
        if param.kind == "choice":
            settings += [{param.name: value} for value in param.canonical_choices if value != param.default]
        else:
            settings.append({param.name: OTHER_VALUE[param.name]})
    out = []
    for k in cutoffs(info):
        for setting in settings:
            inside = ",".join(f"{key}={value}" for key, value in setting.items())
            out.append(f"{info.name}{f'({inside})' if inside else ''}{'' if k is None else f'@{k}'}")
    return out


def collection(rng: random.Random, grades=GRADES):
    """Random qrels and run dicts: graded judgements, unjudged retrieved items, tied scores, a query whose
    judgements are all non-relevant now and then."""
    qrels, run = {}, {}
    for query in ("q1", "q2", "q3")[:rng.randint(1, 3)]:
        items = [f"d{i}" for i in range(12)]
        judged = rng.sample(items, rng.randint(1, 9))
        qrels[query] = {item: rng.choice(grades) for item in judged}
        retrieved = rng.sample(items, rng.randint(1, 10))
        run[query] = {item: float(rng.choice([0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0])) for item in retrieved}
    return qrels, run


def ranked(qrels: dict, run: dict, query: str) -> list:
    """The query's grades in trec_eval's order (score descending, ties by item id descending); None: unjudged."""
    order = sorted(run[query].items(), key=lambda pair: (pair[1], pair[0].encode()), reverse=True)
    return [qrels[query].get(item) for item, _ in order]


@pytest.mark.parametrize("name", list(REGISTRY))
def test_every_measure_is_complete_and_its_implementations_are_found(name):
    """Every part declared, of a measure of any kind: description, formula, citation, parameters of registry.PARAMS,
    a value function, a step table or the reason there is none, functions taking the kind's inputs; for a measure of
    a ranking names the parser reads back and a batch implementation. The failure names the measure and each
    missing part."""
    info = REGISTRY[name]
    found = all_problems(info)
    assert not found, f"{name} lacks: {'; '.join(found)}"
    if info.inputs != "ranking":
        assert info.steps is not None and callable(info.steps.function) and callable(info.value), name
        assert name not in BATCH
        with pytest.raises(MetricsInputError, match="not from a ranking"):
            parse_measure(name)
        return
    assert parse_measure(name + ("@3" if info.needs_k and info.cutoff_kind == "depth" else
                                 "@0.5" if info.needs_k else "")).name == name, f"{name}: the parser does not know it"
    assert callable(info.value) and callable(BATCH[name]), name
    if info.steps is not None:
        assert callable(info.steps.function), name


def test_the_checker_names_each_missing_piece():
    base = dataclasses.replace(REGISTRY["AP"], quiz=())
    cases = [(dict(description=" "), "no description"), (dict(formula=""), "no formula"),
             (dict(citation=""), "no citation"), (dict(name=""), "no name"),
             (dict(value=None), "no value function"),
             (dict(value=NO_RELEVANT), "value function"),
             (dict(steps=Steps("ap_steps")), "step table"),
             (dict(steps=None, no_steps=""), "no step table and no reason why"),
             (dict(params=(dataclasses.replace(PARAMS["rel"], default=2),)), "not one of registry.PARAMS"),
             (dict(steps=Steps(NO_RELEVANT)), "is not callable")]
    for change, problem in cases:
        found = problems(dataclasses.replace(base, **change))
        assert len(found) == 1 and problem in found[0], (change, found)
    assert problems(base) == [] and all_problems(base) == []
    unimplemented = all_problems(dataclasses.replace(base, name="APWithoutBatch"))
    assert unimplemented == ["no batch implementation (@batch_of in metrics.batch)"]
    quizzed = REGISTRY["AP"]
    for change, problem in [(dict(quiz=(Quiz("AP", "AP@{k}", "AP", ()),)), "lacks a label"),
                            (dict(quiz=(Quiz("AP", "AP@{k}", "", ("ap_over_k",)),)), "its column"),
                            (dict(steps=None, no_steps="none", quiz=quizzed.quiz), "without a ranking's step table")]:
        found = problems(dataclasses.replace(quizzed, **change))
        assert len(found) == 1 and problem in found[0], (change, found)


def test_the_checker_names_each_missing_piece_of_a_measure_of_other_inputs():
    """A measure of scores or lists: no batch implementation needed, but its functions must take its kind's inputs,
    its cut-off and its parameters, and it has no names of the tools that evaluate runs."""
    for name in ("AUC", "ILD"):
        assert problems(REGISTRY[name]) == [] and all_problems(REGISTRY[name]) == []
    auc, ild = REGISTRY["AUC"], REGISTRY["ILD"]
    cases = [(auc, dict(inputs="pictures"), "is not one of ranking, scores, lists"),
             (auc, dict(inputs="lists"), "takes 'labels', not one of the inputs of lists"),
             (auc, dict(steps=None, no_steps=""), "no step table and no reason why"),
             (auc, dict(value=lambda labels, scores, weights: 0.5), "takes 'weights'"),
             (auc, dict(cutoff="optional"), "takes no keyword 'k'"),
             (auc, dict(trec_eval=("auc",)), "trec_eval, ir_measures or ranx names"),
             (auc, dict(ranx={"auc": ""}), "trec_eval, ir_measures or ranx names"),
             (auc, dict(steps=Steps(auc.steps.function, args=("x",), k_arg=None)), "called with its inputs only"),
             (auc, dict(quiz=REGISTRY["RR"].quiz), "without a ranking's step table"),
             (ild, dict(steps=Steps(ild.steps.function)), "takes no keyword 'sim'"),
             (ild, dict(params=(dataclasses.replace(PARAMS["sim"], default="jaccard"),)), "not one of registry.PARAMS")]
    for base, change, problem in cases:
        found = problems(dataclasses.replace(base, **change))
        assert any(problem in line for line in found), (base.name, change, found)


@pytest.mark.parametrize("name", names(steps=True, inputs=None))
def test_the_step_tables_module_cites_the_measures_source(name):
    """The module docstring of the step table names a source of the citation: a trec_eval file or its first author."""
    info = REGISTRY[name]
    docstring = sys.modules[info.steps.function.__module__].__doc__
    sources = re.findall(r"m_\w+\.c", info.citation) + [info.citation.split()[0].rstrip(",")]
    assert any(source in docstring for source in sources if source != "trec_eval"), (name, sources)


def test_the_step_tables_defaults_are_the_registrys():
    """A default a step function states for a parameter (``threshold=1``, ``p=0.8``, ``gain="linear"``) is the one
    the registry declares: the defaults are declared once and only checked elsewhere."""
    checked = 0
    for name in names(steps=True):
        info = REGISTRY[name]
        accepted = inspect.signature(info.steps.function).parameters
        for param in info.params:
            keyword = info.steps.rename.get(param.name, "threshold" if param.name == "rel" else param.name)
            if keyword not in accepted or accepted[keyword].default in (inspect.Parameter.empty, None):
                continue
            default = accepted[keyword].default
            assert param.choices.get(default, default) == param.default, (name, keyword, default)
            checked += 1
    assert checked >= 20


def test_the_measures_without_a_step_table_are_the_known_ones():
    assert set(names(steps=False)) == WITHOUT_STEPS
    for name in WITHOUT_STEPS:
        assert REGISTRY[name].no_steps


@pytest.mark.parametrize("name", names())
def test_every_measure_evaluates_in_batch(name):
    qrels = {"q1": {"a": 2, "b": 0, "c": 1}, "q2": {"x": 1, "y": 0}}
    run = {"q1": {"a": 3.0, "b": 2.0, "z": 1.0}, "q2": {"y": 2.0, "x": 1.0}}
    for text in variants(REGISTRY[name]):
        result = evaluate(qrels, run, [text])
        values = result.values[str(parse_measure(text))]
        assert len(values) == 2 and all(math.isfinite(v) for v in values), text
        assert math.isfinite(result.aggregate[str(parse_measure(text))])


def test_the_aggregate_kind_is_the_engines():
    assert not [name for name in names(inputs=None) if name not in names() and REGISTRY[name].aggregate != "mean"]
    assert {name for name, info in REGISTRY.items() if info.aggregate == "sum"} == SUMMED
    assert {name for name, info in REGISTRY.items() if info.aggregate == "geometric"} == GEOMETRIC


@pytest.mark.slow  # many random cases: the full run's tier
def test_every_step_table_agrees_with_the_batch_value():
    rng = random.Random(2024)
    per_query = [name for name in names(steps=True) if not REGISTRY[name].steps.over_queries]
    texts = [text for name in per_query for text in variants(REGISTRY[name])]
    checked = 0
    for _ in range(24):
        qrels, run = collection(rng)
        result = evaluate(qrels, run, texts)
        for at, query in enumerate(result.queries):
            grades, judged = ranked(qrels, run, query), list(qrels[query].values())
            for text in texts:
                measure = parse_measure(text)
                steps = explain_measure(measure, grades, judged)
                batch = result.values[str(measure)][at]
                assert steps.value == pytest.approx(batch, rel=1e-9, abs=1e-12), (text, query, grades, judged)
                checked += 1
    assert checked > 24 * len(texts)


def test_infaps_step_table_agrees_with_the_batch_value_with_pooled_unjudged_items():
    rng = random.Random(11)
    texts = ["infAP", "infAP(rel=2)"]
    for _ in range(24):
        qrels, run = collection(rng, grades=(-1, -1, 0, 1, 2))
        result = evaluate(qrels, run, texts)
        for at, query in enumerate(result.queries):
            for text in texts:
                steps = explain_measure(parse_measure(text), ranked(qrels, run, query), list(qrels[query].values()))
                assert steps.value == pytest.approx(result.values[text][at], rel=1e-9, abs=1e-12), (text, query)


@pytest.mark.parametrize("name", [name for name in names(steps=True) if not REGISTRY[name].steps.over_queries])
def test_every_value_function_agrees_with_its_step_table(name):
    """The value function, called as the step table is, gives the table's value (graded, unjudged and
    negative grades; every cut-off and parameter variant)."""
    cases = [([2, None, 0, 1, 3, -1], [2, 0, 1, 3, 1, -1]), ([0, 0, None], [1, 2, 0, 0]), ([1, 0, 2], [1, 2, 0, 0])]
    for text in variants(REGISTRY[name]):
        measure = parse_measure(text)
        for grades, judged in cases:
            value = measure_value(measure, grades, judged)
            assert value == pytest.approx(explain_measure(measure, grades, judged).value, abs=1e-12), (text, grades)


@pytest.mark.parametrize("name", [name for name in names(steps=True) if REGISTRY[name].steps.over_queries])
def test_step_tables_over_queries_agree_with_the_batch_mean(name):
    """GMAP, GMBpref: the table over the per-query values (AP, bpref, from their own step tables)."""
    rng = random.Random(7)
    spec = REGISTRY[name].steps
    over = spec.function
    for _ in range(12):
        qrels, run = collection(rng)
        for rel in (1, 2):
            result = evaluate(qrels, run, [f"{name}(rel={rel})"])
            per_query = [explain_measure(parse_measure(f"{spec.over_queries}(rel={rel})"), ranked(qrels, run, query),
                                         list(qrels[query].values())).value for query in result.queries]
            expected = result.aggregate[str(parse_measure(f"{name}(rel={rel})"))]
            assert over(per_query, list(result.queries)).value == pytest.approx(expected, rel=1e-9)
            assert over(per_query).measure == name


def test_the_step_table_names_the_measure_as_the_grammar_does():
    for name in names(steps=True):
        if REGISTRY[name].steps.over_queries:
            continue
        for text in variants(REGISTRY[name]):
            measure = parse_measure(text)
            explained = explain_measure(measure, [2, None, 0, 1, 3], [2, 0, 1, 3, 1])
            assert parse_measure(explained.measure) == measure, (text, explained.measure)
    assert steps_of(parse_measure("nDCG(gains={0:0,1:2})")).function.__name__ == "ndcg_gain_map_steps"


@pytest.mark.parametrize("name", names())
def test_names_round_trip_with_every_parameter_value(name):
    info = REGISTRY[name]
    k = "" if info.cutoff != "required" else ("@0.5" if info.cutoff_kind == "fraction" else "@3")
    assert str(parse_measure(name + k)) == name + k
    for param in info.params:
        values = dict(param.choices) if param.kind == "choice" else {}
        if param.kind == "number":
            values = {str(param.default): param.default, str(OTHER_VALUE[param.name]): OTHER_VALUE[param.name]}
        if param.kind == "gain_map":
            values = {"{2:3, 0:0,1:1}": "{0:0,1:1,2:3}"}
        for spelling, canonical in values.items():
            measure = parse_measure(f"{name}({param.name}={spelling}){k}")
            assert measure.param(param.name) == canonical
            written = name + k if canonical == param.default else f"{name}({param.name}={canonical}){k}"
            assert str(measure) == written
            assert parse_measure(str(measure)) == measure
        if param.kind == "choice":
            with pytest.raises(MetricsInputError, match=f"{param.name} must be one of"):
                parse_measure(f"{name}({param.name}=nonsense){k}")
        if param.kind == "number" and param.name != "rel":
            edge = param.low if param.open[0] else param.high + 1
            with pytest.raises(MetricsInputError, match=f"{param.name} must be"):
                parse_measure(f"{name}({param.name}={edge:g}){k}")
    undeclared = next(key for key in PARAMS if key not in info.param_names)
    with pytest.raises(MetricsInputError, match="accepts no parameter"):
        parse_measure(f"{name}({undeclared}=1){k}")


@pytest.mark.parametrize("name", names())
def test_trec_eval_names_aliases_and_cutoffs(name):
    info = REGISTRY[name]
    for trec in info.trec_eval:
        assert parse_measure(trec).name == name
    if info.trec_eval_cut:
        cut = "0.20" if info.cutoff_kind == "fraction" else "10"
        assert parse_measure(f"{info.trec_eval_cut}_{cut}").name == name
    for alias in info.aliases:
        assert ALIASES[alias.lower()] == name
        k = "@3" if info.needs_k else ""
        assert parse_measure(alias.upper() + k).name == name
    if info.needs_k:
        with pytest.raises(MetricsInputError, match="needs a cut-off|a trec_eval family of cut-offs"):
            parse_measure(name)
    if not info.allows_k:
        with pytest.raises(MetricsInputError, match="takes no cut-off"):
            parse_measure(f"{name}@3")


def test_the_documentations_grammar_table_is_generated_from_the_registry():
    page = measure_table.PAGE.read_text(encoding="utf-8")
    assert measure_table.updated(page) == page, "docs/src/measures.md is stale: run python scripts/measure_table.py"
    for info in REGISTRY.values():
        assert info.grammar() in page and info.description in page


def test_the_command_lines_help_and_listing_come_from_the_registry(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["evaluate", "--help"])
    assert stopped.value.code == 0
    help_lines = [" ".join(line.split()) for line in capsys.readouterr().out.splitlines()]
    for info in REGISTRY.values():  # evaluate takes a run and qrels: the measures of a ranking only
        assert (f"{info.grammar()} {info.description}" in help_lines) == (info.inputs == "ranking"), info.name
    for param in PARAMS.values():
        assert (f"{param.grammar()} {param.help}" in help_lines) == (param in ranking_params()), param.name
    assert [param.name for param in PARAMS.values() if param not in ranking_params()] == ["sim", "alpha", "beta"]
    assert main(["measures"]) == 0
    listing = capsys.readouterr().out
    assert listing == grammar_text() + "\n"
    lines = [" ".join(line.split()) for line in listing.splitlines()]
    for kind, (words, _) in INPUTS.items():  # every measure, under its kind
        if kind != "ranking":
            at = lines.index(f"{kind}: {words}")
            for name in names(inputs=kind):
                info = REGISTRY[name]
                assert f"{info.grammar()} {info.sklearn or '—'}: {info.description}" in lines[at:], name


def test_the_listing_runs_as_a_command():
    done = subprocess.run([sys.executable, "-m", "metrics", "measures"], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    assert done.stdout == grammar_text() + "\n"


@pytest.mark.parametrize("name", [name for name in names(steps=True) if not REGISTRY[name].steps.over_queries])
def test_every_measure_with_a_step_table_is_explained_by_its_grammar_name(name):
    """``explain`` (python -m metrics explain) knows every such measure, every variant of it as the grammar writes it."""
    from metrics.teaching.explain import EXPLAINERS, explain

    assert EXPLAINERS[name].measure == name and EXPLAINERS[name].function is REGISTRY[name].steps.function
    grades, judged = [2, None, 0, 1, 3], [2, 0, 1, 3, 1]
    for text in variants(REGISTRY[name]):
        expected = explain_measure(parse_measure(text), grades, judged)
        explained = explain(text, grades, judged=judged)
        assert (explained.measure, explained.value) == (expected.measure, expected.value), text


# --------------------------------------------------------------------------- measures of other inputs than a ranking


def scores_case(rng: random.Random) -> dict:
    """Labels of both classes and scores with ties (a tie between a positive and a negative: half credit)."""
    n = rng.randint(2, 14)
    labels = [1, 0] + [rng.randint(0, 1) for _ in range(n - 2)]
    rng.shuffle(labels)
    return {"labels": labels, "scores": [rng.choice([0.1, 0.25, 0.5, 0.5, 0.7, 0.9, rng.random()]) for _ in labels]}


def lists_case(rng: random.Random) -> dict:
    """Users' lists over a catalogue (each at least 2 items), 0/1 features (none all zero), one of the lists alone."""
    catalog = [f"i{at}" for at in range(rng.randint(4, 12))]
    recommendations = {f"u{user}": rng.sample(catalog, rng.randint(2, len(catalog)))
                       for user in range(rng.randint(1, 4))}
    features = {}
    for item in catalog:
        vector = [rng.randint(0, 1) for _ in range(4)]
        vector[rng.randrange(4)] = 1
        features[item] = vector
    return {"recommendations": recommendations, "catalog": catalog, "features": features,
            "items": next(iter(recommendations.values()))}


def subtopics_case(rng: random.Random) -> dict:
    """A ranking (unjudged items among them) and graded judgements of up to 4 subtopics, now and then none relevant."""
    items = [f"d{at}" for at in range(rng.randint(1, 10))]
    judgments = {item: {subtopic: rng.choice([0, 0, 1, 2]) for subtopic in rng.sample(range(1, 5), rng.randint(1, 4))}
                 for item in items + ["x1", "x2"] if rng.random() < 0.7}
    return {"ranking": rng.sample(items, len(items)), "judgments": judgments}


CASES = {"scores": scores_case, "lists": lists_case, "subtopics": subtopics_case}
#: a value of each number parameter of the measures of other inputs other than its default
OTHER_INPUT_VALUE = {"alpha": 0.3, "beta": 0.8}


def settings(info) -> list[tuple]:
    """(k, params) of each variant of a measure of other inputs: without and with a cut-off, each parameter value."""
    ks = [None, 2] if info.allows_k else [None]
    ks = [1, 3] if info.needs_k else ks
    params = [{}] + [{param.name: value} for param in info.params if param.kind == "choice"
                     for value in param.canonical_choices if value != param.default]
    params += [{param.name: OTHER_INPUT_VALUE[param.name]} for param in info.params if param.kind == "number"]
    return [(k, setting) for k in ks for setting in params]


def test_every_kind_of_input_has_a_case_here():
    assert set(CASES) == set(INPUTS) - {"ranking"}
    assert set(names(inputs=None)) == set(names()) | {name for kind in CASES for name in names(inputs=kind)}


@pytest.mark.parametrize("name", [name for kind in CASES for name in names(inputs=kind)])
def test_every_measure_of_other_inputs_has_a_step_table_equal_to_its_value(name):
    """Its step table (explain_inputs) gives exactly its value function's value (value_from), on random inputs of
    its kind, with and without a cut-off, every parameter value."""
    info = REGISTRY[name]
    rng = random.Random(name)
    for _ in range(30):
        case = CASES[info.inputs](rng)
        for k, params in settings(info):
            value = value_from(name, k=k, params=params, **case)
            explained = explain_inputs(name, k=k, params=params, **case)
            assert explained.value == value and math.isfinite(value), (name, k, params, case)


def test_auc_is_scikit_learns_roc_auc_score():
    from sklearn.metrics import roc_auc_score

    rng = random.Random(5)
    assert REGISTRY["AUC"].sklearn == "roc_auc_score"
    for _ in range(200):
        case = scores_case(rng)
        assert value_from("AUC", **case) == pytest.approx(roc_auc_score(case["labels"], case["scores"]), abs=1e-15)


def test_coverage_ils_and_ild_are_the_independent_computations():
    """Coverage: the union of the top-k lists over the catalogue; ILS: the mean of scipy's pairwise similarities
    (1 - cosine or Jaccard distance); ILD: the users' mean of 1 - ILS of their top k."""
    import numpy as np
    from scipy.spatial.distance import pdist

    def ils(items, features, metric):
        vectors = np.array([features[item] for item in items], dtype=float if metric == "cosine" else bool)
        return float(np.mean(1 - pdist(vectors, metric)))

    rng = random.Random(9)
    for _ in range(60):
        case = lists_case(rng)
        recommendations, features = case["recommendations"], case["features"]
        for k in (None, 2, 3):
            shown = {item for items in recommendations.values() for item in items[:k]}
            assert value_from("Coverage", k=k, **case) == len(shown) / len(case["catalog"])
            for metric in ("cosine", "jaccard"):
                expected = np.mean([1 - ils(items[:k], features, metric) for items in recommendations.values()])
                assert value_from("ILD", k=k, params={"sim": metric}, **case) == pytest.approx(expected, abs=1e-12)
        for metric in ("cosine", "jaccard"):
            assert value_from("ILS", params={"sim": metric}, **case) == pytest.approx(
                ils(case["items"], features, metric), abs=1e-12)


def test_a_measure_of_other_inputs_refuses_what_it_does_not_take():
    case = scores_case(random.Random(1))
    with pytest.raises(MetricsInputError, match="AUC takes no cut-off"):
        value_from("AUC", k=3, **case)
    with pytest.raises(MetricsInputError, match="takes no parameter rel"):
        explain_inputs("AUC", params={"rel": 2}, **case)
    with pytest.raises(MetricsInputError, match="parse it"):
        value_from("AP", **case)
    with pytest.raises(MetricsInputError, match="S-recall needs a cut-off k"):
        value_from("S-recall", ranking=["a"], judgments={"a": {1: 1}})
    with pytest.raises(MetricsInputError, match="AUC is computed from binary labels and real scores"):
        evaluate({"q1": {"a": 1}}, {"q1": {"a": 1.0}}, ["roc_auc"])
    from metrics.teaching.explain import EXPLAINERS, explain

    assert not set(EXPLAINERS) & set(names(inputs=None)) - set(names())
    with pytest.raises(MetricsInputError, match="ILS is computed from recommendation lists"):
        explain("ILS", [1, 0, 1])
