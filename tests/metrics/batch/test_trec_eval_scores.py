"""Scores as trec_eval reads them (issue 35): C's atof, 32-bit floats in 9.0.x, NaN ranked as glibc's qsort does.

- :func:`metrics.readers.fields.atof` against glibc's own ``strtod`` (ctypes): hand-worked tokens and random ones.
- :func:`metrics.batch.c_order.c_order` on hand-worked NaN rankings.
- ``python -m metrics trec_eval`` against the real binaries (every version) on runs whose scores mix ``-inf``,
  ``inf``, ``nan``, hex floats, overflow, underflow, junk suffixes and near ties: stdout and exit code byte for
  byte; a warning on stderr names the first odd score's file and line.
- ``python -m metrics evaluate``: ``--scores trec_eval`` (default) gives trec_eval's values on such runs,
  ``--scores strict`` refuses them in one line; ``--version-compat`` / ``--float32`` on a near tie against
  the real binary and pytrec_eval.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import io
import json
import math
import random
import struct

import pytest

from metrics.batch.c_order import c_order
from metrics.batch.trec_eval import VERSIONS
from metrics.cli import main as cli_main
from metrics.readers.fields import AtofScores, atof
from tests import trec_eval_binaries as binaries

#: odd scores (and a few plain ones and near ties) the differential cases draw from
ODD = ["-inf", "inf", "nan", "NaN", "-nan", "nan(0x1)", "Infinity", "-INF", "1e400", "-1e400", "0x1p3", "0x1.8p-1",
       "12abc", "abc", "1e-400", "0x", "+.5e1x", "1.00000001", "1.0000001", "1", "2", "0x1p-149", "3.4028235e38",
       "1e39", "-0", "0.5", "nan", "nan", "-inf", "0.50000001", ".5", "5e-1junk"]


def _libc_strtod():
    libc = ctypes.CDLL(ctypes.util.find_library("c") or None)
    libc.strtod.restype = ctypes.c_double
    libc.strtod.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_char_p)]
    return libc.strtod


def _bits(value: float) -> bytes | str:
    """A float's identity: its bytes, or "nan" (the NaN's payload and sign do not matter to a comparison)."""
    return "nan" if math.isnan(value) else struct.pack("<d", value)


@pytest.mark.parametrize("token, expected", [
    (b"12abc", 12.0), (b"0x1p3", 8.0), (b"0X1.8P1", 3.0), (b"0x.8", 0.5), (b"0x", 0.0), (b"0x1p", 1.0),
    (b"-inf", -math.inf), (b"INFINITY", math.inf), (b"infin", math.inf), (b"1e400", math.inf),
    (b"-1e400", -math.inf), (b"1e-400", 0.0), (b"abc", 0.0), (b"", 0.0), (b".", 0.0), (b"-", 0.0),
    (b"1e", 1.0), (b"1e+", 1.0), (b"+.5e1x", 5.0), (b"  -2.5", -2.5), (b"0x1p-1074", 5e-324),
    (b"2.4703282292062328e-324", 5e-324), (b"2.4703282292062327e-324", 0.0), (b"-0", -0.0),
])
def test_atof_reads_hand_worked_tokens_as_glibc_does(token, expected):
    assert _bits(atof(token)) == _bits(expected)
    assert _bits(atof(token)) == _bits(_libc_strtod()(token, None))


@pytest.mark.parametrize("token", [b"nan", b"-NaN", b"nan(0x1)", b"nan(abc", b"nan()"])
def test_atof_reads_nan_in_every_spelling(token):
    assert math.isnan(atof(token)) and math.isnan(_libc_strtod()(token, None))


def _random_token(rng: random.Random) -> bytes:
    pieces = [rng.choice(["", "", "+", "-", " ", "\t"])]
    kind = rng.random()
    if kind < 0.15:
        pieces.append(rng.choice(["inf", "INF", "infinity", "Infinit", "nan", "NaN", "nan(x_1)", "nan(", "in", "na"]))
    elif kind < 0.35:
        pieces.append(rng.choice(["0x", "0X"]) + "".join(rng.choice("0123456789abcdefABCDEF.")
                                                         for _ in range(rng.randint(0, 16))))
        if rng.random() < 0.6:
            pieces.append(rng.choice("pP") + rng.choice(["", "+", "-"]) + str(rng.randint(0, 1100)))
    else:
        pieces.append("".join(rng.choice("0123456789.") for _ in range(rng.randint(0, 25))))
        if rng.random() < 0.6:
            pieces.append(rng.choice("eE") + rng.choice(["", "+", "-"]) + str(rng.randint(0, 400)))
    if rng.random() < 0.3:
        pieces.append(rng.choice(["abc", "x", "e", "p", ".", "e5", ")", "junk"]))
    return "".join(pieces).encode()


def test_atof_reads_random_tokens_as_glibc_strtod_does():
    strtod, rng = _libc_strtod(), random.Random(35)
    for _ in range(20_000):
        token = _random_token(rng)
        assert _bits(atof(token)) == _bits(strtod(token, None)), token


def test_c_order_replays_glibcs_merge_sort_with_trec_evals_comparator():
    nan = math.nan
    # no NaN: score descending, ties by document id descending
    assert c_order([1.0, 2.0, 2.0, 0.5], [0, 1, 2, 3]) == [2, 1, 0, 3]
    # a (1.0), b (NaN), c (3.0) in id order: a; [b, c] -> c before b (the ids decide against a NaN); then a
    # against c (lower) and against b (the ids: b first): c, b, a
    assert c_order([1.0, nan, 3.0], [0, 1, 2]) == [2, 1, 0]
    # the rows reach the sort in document id order, whatever their order in the run
    assert c_order([3.0, nan, 1.0], [2, 1, 0]) == [0, 1, 2]
    # a NaN first in id order: [a(NaN)] vs [b(2), c(1)] sorted: a vs b -> b's id is larger, b first; a vs c -> c
    assert c_order([nan, 2.0, 1.0], [0, 1, 2]) == [1, 2, 0]


def _odd_run(rng: random.Random, run: str) -> str:
    lines = []
    for line in run.splitlines():
        parts = line.split()
        if rng.random() < 0.5:
            parts[4] = rng.choice(ODD)
        lines.append(" ".join(parts))
    return "\n".join(lines) + ("\n" if lines else "")


def _deep_case(rng: random.Random) -> tuple[str, str, list[str]]:
    """Up to 3 queries of up to 60 documents, many NaN among the scores: the merge sort's paths."""
    qrels, run = [], []
    for query in ("1", "2", "3")[:rng.randint(1, 3)]:
        docs = [f"d{i}" for i in range(rng.randint(2, 60))]
        qrels += [f"{query} 0 {doc} {rng.choice([0, 1, 2])}" for doc in docs if rng.random() < 0.7]
        for rank, doc in enumerate(rng.sample(docs, len(docs))):
            score = rng.choice(ODD + ["nan"] * 5 + [repr(rng.random()) for _ in range(5)])
            run.append(f"{query} Q0 {doc} {rank} {score} r")
    flags = ["-q", "-m", "all_trec"] + (["-M", str(rng.randint(1, 30))] if rng.random() < 0.3 else [])
    return "\n".join(qrels) + "\n", "\n".join(run) + "\n", flags


def _differences(binary, version: str, cases, folder) -> list:
    found = []
    for qrels, run, flags in cases:
        theirs = binaries.run_binary(binary, folder, qrels, run, flags)
        ours = binaries.run_ours(folder, qrels, run, flags, version)
        if theirs[0] < 0 and ours[0] == binaries.CRASH_STATUS:
            continue  # where the binary crashes (tests/trec_eval_binaries.py)
        if binaries.comparable(theirs, version) != binaries.comparable(ours, version):
            found.append((flags, run, binaries.first_difference(theirs, ours)))
    return found


@pytest.mark.slow
@pytest.mark.parametrize("version", VERSIONS)
def test_odd_scores_give_the_real_binarys_output_byte_for_byte(version, trec_eval_binary, tmp_path):
    binary = trec_eval_binary(version)
    rng = random.Random(3500)
    cases = []
    for _ in range(150):
        qrels, run, flags = binaries.random_case(rng, version)
        cases.append((qrels, _odd_run(rng, run), flags))
    cases += [_deep_case(rng) for _ in range(60)]
    differing = _differences(binary, version, cases, tmp_path)
    assert not differing, f"{len(differing)} of {len(cases)} differ; first: {differing[0]}"


def _trec_eval(*args) -> tuple[int, str, str]:
    from metrics.batch import trec_eval

    out, err = io.StringIO(), io.StringIO()
    status = trec_eval.main([str(arg) for arg in args], out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def _write(folder, name: str, text: str):
    path = folder / name
    path.write_text(text)
    return path


def test_the_issues_example_is_evaluated_with_a_warning_on_stderr(tmp_path):
    qrels = _write(tmp_path, "q", "q1 0 a 1\nq1 0 b 0\n")
    run = _write(tmp_path, "r", "q1 Q0 a 1 1.5 t\nq1 Q0 b 2 -inf t\nq1 Q0 c 3 12abc t\n")
    for version in VERSIONS:
        status, out, err = _trec_eval("-m", "map", f"--version-compat={version}", qrels, run)
        assert (status, out) == (0, "map                   \tall\t0.5000\n")  # c (12) first, then a
        assert err == (f"trec_eval: warning: {run} line 2: score '-inf' is not a plain finite number; read as C's "
                       "atof reads it (-inf), as trec_eval does\n")


def test_plain_scores_give_no_warning(tmp_path):
    qrels = _write(tmp_path, "q", "q1 0 a 1\n")
    run = _write(tmp_path, "r", "q1 Q0 a 1 1.5 t\nq1 Q0 b 2 -2e-3 t\nq1 Q0 c 3 +.5 t\n")
    assert _trec_eval("-m", "map", qrels, run)[2] == ""


def test_the_warning_names_the_line_in_the_file_in_a_later_block(tmp_path, monkeypatch):
    from metrics.readers import stream

    qrels = _write(tmp_path, "q", "q1 0 d1 1\n")
    lines = [f"q{i % 4} Q0 d{i} {i} {1.0 / (i + 1)!r} t\n" for i in range(200)]
    lines[150] = "q2 Q0 d150 150 0x1p-3 t\n"
    lines[170] = "q2 Q0 d170 170 nan t\n"
    run = _write(tmp_path, "r", "".join(lines))
    monkeypatch.setattr(stream, "BLOCK", 200)
    status, _, err = _trec_eval("-m", "num_ret", qrels, run)
    assert status == 0 and err.startswith(f"trec_eval: warning: {run} line 151: score '0x1p-3' ")


# -- evaluate --------------------------------------------------------------------------------------


def _evaluate(*args) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = cli_main(["evaluate", *[str(arg) for arg in args]], out, err)
    return status, out.getvalue(), err.getvalue()


def test_evaluate_reads_scores_as_trec_eval_by_default_and_refuses_them_when_strict(tmp_path):
    qrels = _write(tmp_path, "q", "q1 0 a 1\nq1 0 b 0\n")
    run = _write(tmp_path, "r", "q1 Q0 a 1 1.5 t\nq1 Q0 b 2 -inf t\n")
    status, out, err = _evaluate(qrels, run, "-m", "AP")
    assert (status, out) == (0, "AP                    \tall\t1.0000\n")
    assert err == ("python -m metrics: warning: r line 2: score '-inf' is not a plain finite number; read as C's atof "
                   "reads it (-inf), as trec_eval does\n")
    assert _evaluate(qrels, run, "-m", "AP", "--scores", "trec_eval")[:2] == (status, out)
    status, out, err = _evaluate(qrels, run, "-m", "AP", "--scores", "strict")
    assert (status, out) == (2, "")
    assert err == "python -m metrics: error: r line 2: score is infinite ('-inf'); expected a finite number\n"
    bad = _write(tmp_path, "bad", "q1 Q0 a 1 1.5 t\nq1 Q0 b 2 12abc t\n")
    assert _evaluate(qrels, bad, "-m", "AP", "--scores", "strict")[2] == (
        "python -m metrics: error: bad line 2: score must be a number, got '12abc'\n")


@pytest.mark.slow
@pytest.mark.parametrize("version", VERSIONS)
def test_evaluate_gives_the_binarys_values_on_odd_scores(version, trec_eval_binary, tmp_path):
    binary = trec_eval_binary(version)
    measures = {"AP": ("map", "map"), "RR": ("recip_rank", "recip_rank"), "P@5": ("P.5", "P_5"),
                "nDCG@10": ("ndcg_cut.10", "ndcg_cut_10"), "Rprec": ("Rprec", "Rprec")}
    rng = random.Random(350)
    for _ in range(25):
        qrels_text, run_text, _ = _deep_case(rng)
        qrels, run = _write(tmp_path, "qrels", qrels_text), _write(tmp_path, "run", run_text)
        theirs = binaries.binary_values(binary, qrels, run, measures)
        args = ["-q", "--output", "json", f"--version-compat={version}"]
        status, out, _ = _evaluate(qrels, run, *sum((["-m", m] for m in measures), []), *args)
        assert status == 0
        ours = json.loads(out)["per_query"]
        for ours_name, (_, their_name) in measures.items():
            for query, row in ours.items():
                assert round(row[ours_name], 4) == theirs[(their_name, query)], (ours_name, query, run_text)


#: a near tie: b (relevant) and a differ in the 9th digit, equal as 32-bit floats (then b, the larger id, first)
NEAR_TIE = ("q1 0 b 1\nq1 0 a 0\n", "q1 Q0 a 1 0.50000001 t\nq1 Q0 b 2 0.5 t\n")


@pytest.mark.parametrize("flags, expected", [
    ([], 1.0),  # the default: trec_eval 9.0.7's 32-bit scores
    (["--version-compat", "9.0.8"], 1.0),
    (["--version-compat", "10.0"], 0.5),  # doubles
    (["--version-compat", "10.0", "--float32"], 1.0),
])
def test_evaluate_breaks_a_near_tie_as_trec_eval_does_in_each_setting(flags, expected, tmp_path, trec_eval_binary):
    qrels, run = _write(tmp_path, "q", NEAR_TIE[0]), _write(tmp_path, "r", NEAR_TIE[1])
    status, out, _ = _evaluate(qrels, run, "-m", "RR", "--output", "json", *flags)
    assert status == 0 and json.loads(out)["aggregate"]["RR"] == expected
    status, out, _ = _trec_eval("-m", "recip_rank", *flags, qrels, run)
    assert out == f"recip_rank            \tall\t{expected:.4f}\n"
    if "--float32" not in flags:  # (the binaries have no --float32)
        binary = trec_eval_binary(flags[1] if flags else "9.0.7")
        printed = binaries.binary_values(binary, qrels, run, {"RR": ("recip_rank", "recip_rank")})
        assert printed[("recip_rank", "all")] == expected


def test_evaluate_breaks_a_near_tie_as_pytrec_eval_does_by_default(tmp_path):
    pytrec_eval = pytest.importorskip("pytrec_eval")
    qrels, run = _write(tmp_path, "q", NEAR_TIE[0]), _write(tmp_path, "r", NEAR_TIE[1])
    theirs = pytrec_eval.RelevanceEvaluator({"q1": {"b": 1, "a": 0}}, {"recip_rank"}).evaluate(
        {"q1": {"a": 0.50000001, "b": 0.5}})["q1"]["recip_rank"]
    assert theirs == 1.0
    assert json.loads(_evaluate(qrels, run, "-m", "RR", "--output", "json")[1])["aggregate"]["RR"] == theirs
    doubles = _evaluate(qrels, run, "-m", "RR", "--output", "json", "--version-compat", "10.0")[1]
    assert json.loads(doubles)["aggregate"]["RR"] == 0.5  # what comparing doubles gives (pytrec_eval cannot)


def test_the_python_api_breaks_a_near_tie_as_the_command_in_each_setting(tmp_path):
    """``metrics.evaluate(..., float32=True)`` is the command's default (trec_eval 9.0.7, pytrec_eval); without it,
    doubles (trec_eval 10.0, ranx), as ``--version-compat 10.0``."""
    from metrics import evaluate

    qrels, run = _write(tmp_path, "q", NEAR_TIE[0]), _write(tmp_path, "r", NEAR_TIE[1])
    for float32, flags in ((True, []), (False, ["--version-compat", "10.0"])):
        command = json.loads(_evaluate(qrels, run, "-m", "RR", "--output", "json", *flags)[1])["aggregate"]["RR"]
        assert evaluate(qrels, run, ["RR"], float32=float32).aggregate["RR"] == command == (1.0 if float32 else 0.5)
        pairs = {"q1": {"a": 0.50000001, "b": 0.5}}
        assert evaluate({"q1": {"b": 1, "a": 0}}, pairs, ["RR"], float32=float32).aggregate["RR"] == command


def test_atof_scores_keep_the_first_odd_score_only():
    scores = AtofScores()
    assert scores(b"1.5", "r", 1) == 1.5 and scores.first_odd is None and scores.warning("x") is None
    assert math.isinf(scores(b"-inf", "r", 2)) and scores(b"0x1p3", "r", 3) == 8.0
    assert scores.first_odd == ("r", 2, "-inf")


def test_the_fast_reader_reads_odd_scores_as_the_line_by_line_reader(tmp_path):
    pytest.importorskip("pyarrow")
    from metrics.readers.trec import _parse_trec_fast, parse_trec_slow

    rng = random.Random(36)
    for _ in range(200):
        lines = []
        for i in range(rng.randint(1, 40)):
            score = rng.choice(ODD) if rng.random() < 0.2 else repr(rng.random())
            lines.append(f"q{rng.randint(0, 3)}\tQ0 d{i} {rng.choice(['1', '0x1', 'x'])} {score} t"
                         + rng.choice(["", " ", " extra"]))
            if rng.random() < 0.1:
                lines.append(rng.choice(["", "  "]))  # blank lines: the first odd score's line still counts them
        data = ("\n".join(lines) + "\n").encode()
        fast_scores, slow_scores = AtofScores(), AtofScores()
        fast = _parse_trec_fast(data, "r", "run", fast_scores)
        slow = parse_trec_slow(data, "run", "r", None, False, slow_scores)
        assert fast is not None
        assert [_bits(v) for v in fast.value.tolist()] == [_bits(v) for v in slow.value.tolist()]
        assert fast_scores.first_odd == slow_scores.first_odd
        assert fast.item.to_list() == slow.item.to_list() and fast.rank.tolist() == slow.rank.tolist()


def test_evaluate_names_a_duplicate_in_a_run_with_odd_scores_by_its_lines(tmp_path):
    qrels = _write(tmp_path, "q", "q1 0 a 1\n")
    run = _write(tmp_path, "r", "q1 Q0 a 1 1.5 t\nq1 Q0 b 2 12abc t\nq1 Q0 a 3 2 t\n")
    status, out, err = _evaluate(qrels, run, "-m", "AP")
    assert (status, out) == (2, "")
    assert err.splitlines()[-1] == ("python -m metrics: error: r line 3: document 'a' listed twice for query 'q1' "
                                    "(lines 1 and 3)")


def test_a_csv_header_is_still_refused_though_atof_would_read_its_score(tmp_path):
    qrels = _write(tmp_path, "q", "101 0 doc-101-01 1\n")
    run = _write(tmp_path, "data.csv", "query , item , rank , relevance\n101 , doc-101-01 , 1 , 2 , x\n")
    status, out, err = _evaluate(qrels, run, "-m", "AP")
    assert (status, out) == (2, "") and err.startswith("python -m metrics: error: data.csv line 1: looks like CSV")
    status, out, err = _trec_eval("-m", "map", qrels, run)
    assert (status, out) == (2, "") and err.startswith(f"trec_eval: {run} line 1: looks like CSV")


@pytest.mark.slow
@pytest.mark.parametrize("version", VERSIONS)
def test_a_run_large_enough_for_the_fast_reader_matches_the_binary(version, trec_eval_binary, tmp_path):
    pytest.importorskip("pyarrow")
    from metrics.readers import trec

    rng = random.Random(37)
    qrels, run = [], []
    for query in range(60):
        for doc in range(150):
            if rng.random() < 0.3:
                qrels.append(f"q{query} 0 doc{doc} {rng.choice([0, 1, 2])}")
            score = rng.choice(ODD) if rng.random() < 0.05 else repr(rng.random())
            run.append(f"q{query}\tQ0 doc{doc} {doc} {score} tag")
    rng.shuffle(run)
    qrels_text, run_text = "\n".join(qrels) + "\n", "\n".join(run) + "\n"
    assert len(run_text) > trec.SMALL_INPUT  # (so the pyarrow reader takes it)
    flags = ["-q", "-m", "map", "-m", "P.5,10", "-m", "recip_rank", "-m", "ndcg_cut.10"]
    theirs = binaries.run_binary(trec_eval_binary(version), tmp_path, qrels_text, run_text, flags)
    assert binaries.run_ours(tmp_path, qrels_text, run_text, flags, version) == theirs
