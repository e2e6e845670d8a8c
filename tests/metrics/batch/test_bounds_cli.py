"""``python -m metrics evaluate QRELS RUN -m ... --bounds``: the JSON and text outputs; its value is evaluate's
(unjudged non-relevant), its judged-only value is our ``trec_eval -J`` (byte-identical to the real binary);
the comparison of two systems' intervals."""

import io
import json
import math
import random

import pytest

from metrics.batch.bounds import compare_bounds, evaluate_bounds
from metrics.cli import main
from metrics.measures.names import parse_measure
from metrics.measures.registry import REGISTRY

#: our measure -> trec_eval's name
TREC = {"AP": "map", "P@2": "P_2", "nDCG@3": "ndcg_cut_3", "RR": "recip_rank", "Bpref": "bpref", "Rprec": "Rprec",
        "R@3": "recall_3", "Success@1": "success_1", "GMAP": "gm_map", "infAP": "infAP", "SetP": "set_P",
        "BinG": "binG", "G": "G", "nDCG": "ndcg", "NumRelRet": "num_rel_ret", "IPrec11": "11pt_avg",
        "nDCGRel": "ndcg_rel", "RnDCG": "Rndcg", "Utility": "utility"}


def run_cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


def random_files(tmp_path, seed: int):
    """A small qrels (grades 0..2) and a run over judged and unjudged items, with tied scores."""
    rng = random.Random(seed)
    qrels, run = [], []
    for q in range(1, 4):
        docs = [f"d{i}" for i in range(8)]
        for doc in rng.sample(docs, 5):
            qrels.append(f"q{q} 0 {doc} {rng.choice([0, 0, 1, 2])}")
        for rank, doc in enumerate(rng.sample(docs, rng.randint(3, 6)), 1):
            run.append(f"q{q} Q0 {doc} {rank} {rng.choice([1.0, 2.0, 3.0, 4.0])} sys")
    (tmp_path / "qrels").write_text("\n".join(qrels) + "\n")
    (tmp_path / "run").write_text("\n".join(run) + "\n")
    return str(tmp_path / "qrels"), str(tmp_path / "run")


def trec_eval_values(*argv) -> dict[tuple[str, str], float]:
    status, text, _ = run_cli("trec_eval", *argv)
    assert status == 0
    return {(name, query): float(value) for name, query, value in (line.split() for line in text.splitlines())}


@pytest.mark.parametrize("seed", range(4))
def test_json_value_is_evaluate_and_judged_only_is_trec_eval_J(tmp_path, seed):
    qrels, run = random_files(tmp_path, seed)
    measures = [arg for m in TREC for arg in ("-m", m)]
    status, text, err = run_cli("evaluate", qrels, run, *measures, "--bounds", "--output", "json")
    assert status == 0, err
    got = json.loads(text)
    assert set(got) == {"aggregate", "per_query"}
    _, plain, _ = run_cli("evaluate", qrels, run, *measures, "-q", "--output", "json")
    plain = json.loads(plain)
    trec_names = [arg for name in TREC.values() for arg in ("-m", ".".join(name.rsplit("_", 1))
                                                             if name[-1].isdigit() else name)]
    judged_only = trec_eval_values("-J", "-q", *trec_names, qrels, run)
    incomplete = trec_eval_values("-q", "-m", "bpref", "-m", "infAP", qrels, run)
    for query, row in got["per_query"].items():
        for measure, bounds in row.items():
            if measure == "GMAP":  # per query: AP's (trec_eval prints gm_map for all only)
                assert bounds == row["AP"]
                continue
            name = parse_measure(measure).name
            binary = "rel" in REGISTRY[name].param_names and name not in {"Bpref", "infAP"}
            assert set(bounds) == {"value", "judged_only", "lower", "upper", "unjudged"} | (
                {"bpref", "infAP"} if binary else set())
            if binary:  # trec_eval's own, unjudged items read their way
                assert bounds["bpref"] == pytest.approx(incomplete["bpref", query], abs=5e-5)
                assert bounds["infAP"] == pytest.approx(incomplete["infAP", query], abs=5e-5)
            assert bounds["lower"] <= bounds["upper"]
            assert bounds["value"] == pytest.approx(plain["per_query"][query][measure])
            assert bounds["judged_only"] == pytest.approx(judged_only[TREC[measure], query], abs=5e-5)
    for measure, mean in got["aggregate"].items():
        assert mean["value"] == pytest.approx(plain["aggregate"][measure])
        assert mean["judged_only"] == pytest.approx(judged_only[TREC[measure], "all"], abs=5e-5)
        rows = [row[measure] for row in got["per_query"].values()]
        if measure == "GMAP":  # the geometric mean, each value at least 0.00001
            lows = [math.log(max(r["lower"], 1e-5)) for r in rows]
            assert mean["lower"] == pytest.approx(math.exp(sum(lows) / len(lows)))
            continue
        total = REGISTRY[parse_measure(measure).name].aggregate == "sum"
        assert mean["lower"] == pytest.approx(sum(r["lower"] for r in rows) / (1 if total else len(rows)))
        assert mean["unjudged"] == sum(r["unjudged"] for r in rows)


def test_hand_worked_json(tmp_path):
    (tmp_path / "qrels").write_text("q1 0 a 1\nq1 0 b 0\n")
    (tmp_path / "run").write_text("q1 Q0 a 1 3 s\nq1 Q0 x 2 2 s\nq1 Q0 b 3 1 s\n")
    status, text, _ = run_cli("evaluate", str(tmp_path / "qrels"), str(tmp_path / "run"), "-m", "P@2", "-m", "AP",
                              "--bounds", "--output", "json")
    got = json.loads(text)
    # P@2: a relevant, x unjudged: 1/2, judged-only [a, b] 1/2, x relevant: 1
    assert got["per_query"]["q1"]["P@2"] == {"value": 0.5, "judged_only": 0.5, "lower": 0.5, "upper": 1.0,
                                             "unjudged": 1, "bpref": 1.0, "infAP": 1.0}
    # AP: 1; x relevant: R = 2, (1 + 2/2) / 2 = 1 -- AP cannot fall here
    assert got["aggregate"]["AP"] == {"value": 1.0, "judged_only": 1.0, "lower": 1.0, "upper": 1.0, "unjudged": 1,
                                      "bpref": 1.0, "infAP": 1.0}


def test_text_output_and_refusal(tmp_path):
    qrels, run = random_files(tmp_path, 7)
    status, text, _ = run_cli("evaluate", qrels, run, "-m", "AP", "--bounds", "-q")
    lines = text.splitlines()
    assert status == 0 and lines[0].startswith("# measure") and lines[-1].split("\t")[1] == "all"
    assert len(lines[-1].split("\t")) == 8 and lines[-1].split("\t")[6].startswith("bpref ")
    status, _, err = run_cli("evaluate", qrels, run, "-m", "Judged@3", "--bounds")
    assert status == 2 and "Judged" in err
    status, _, err = run_cli("evaluate", qrels, run, "-m", "AP", "--bounds", "--output", "csv")
    assert status == 2 and "text or json" in err


def test_flags_the_bounds_do_not_obey_are_refused_and_scores_are_read_as_the_command_reads_them(tmp_path):
    qrels, run = random_files(tmp_path, 7)
    for flags in (["-c"], ["-J"], ["--no-relevant", "skip"], ["--workers", "2"]):
        status, out, err = run_cli("evaluate", qrels, run, "-m", "AP", "--bounds", *flags)
        assert (status, out) == (2, "") and f"--bounds does not take {flags[0]}" in err, flags
    (tmp_path / "q").write_text("q1 0 b 1\nq1 0 a 0\n")  # a near tie: equal as 32-bit floats, b first (id desc)
    (tmp_path / "r").write_text("q1 Q0 a 1 0.50000001 t\nq1 Q0 b 2 0.5 t\nq1 Q0 x 3 0.1 t\n")
    for flags, rr in (([], 1.0), (["--version-compat", "10.0"], 0.5)):
        plain = json.loads(run_cli("evaluate", tmp_path / "q", tmp_path / "r", "-m", "RR", "--output", "json",
                                   *flags)[1])["aggregate"]["RR"]
        bounded = json.loads(run_cli("evaluate", tmp_path / "q", tmp_path / "r", "-m", "RR", "--bounds",
                                     "--output", "json", *flags)[1])["aggregate"]["RR"]
        assert plain == bounded["value"] == rr, flags


def test_compare_bounds_per_query_and_mean():
    qrels = {"q1": {"a": 1, "b": 0}, "q2": {"c": 1}}
    good = evaluate_bounds(qrels, {"q1": {"a": 2.0, "b": 1.0}, "q2": {"c": 1.0}}, ["P@1", "RR"])
    open_ = evaluate_bounds(qrels, {"q1": {"x": 2.0, "a": 1.0}, "q2": {"y": 1.0, "c": 0.5}}, ["P@1", "RR"])
    overlap = compare_bounds(good, open_)
    assert overlap["P@1"].per_query["q1"]["overlap"] and overlap["P@1"].mean["overlap"]
    bad = evaluate_bounds(qrels, {"q1": {"b": 2.0}, "q2": {"d": 1.0}}, ["P@1", "RR"])
    apart = compare_bounds(good, bad)["RR"]
    assert apart.mean == {"a": [1.0, 1.0], "b": [0.0, 0.5], "overlap": False, "above": "a"}
    assert apart.overlapping_queries == ["q2"] and apart.per_query["q1"]["above"] == "a"
