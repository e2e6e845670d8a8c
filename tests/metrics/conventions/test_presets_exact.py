"""The presets' numbers are those of commit 447727b bit for bit (issue 35: the speed-ups change no number).

``compare_runs`` and ``score_under`` on random runs and boards -- ties, near-ties (1e-9), real and negative grades,
negative scores, judged items outside the run, one-item lists, lists past ranx's 15 items, every preset, several
cut-offs -- against the same calls in the ``metrics`` package of 447727b (``git archive``'d to a temporary directory
and run in a child process), every float compared by its bits (``float.hex``), every interval by both ends.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
REVISION = "447727b"
KS = (1, 3, 5, 10, 20, 100)

# shared by this process and the child: builds the inputs and encodes every answer exactly
CODE = r'''
import json, math, random
import pandas as pd
from metrics.conventions import PRESETS, compare_runs, score_under


def encode(value):
    if type(value).__name__ == "Interval":
        return ["I", value[0].hex(), value[1].hex()]
    if isinstance(value, float):
        return ["F", value.hex()]
    if isinstance(value, dict):
        return [["K", repr(key), encode(v)] for key, v in value.items()]
    if isinstance(value, (list, tuple)):
        return ["L", [encode(v) for v in value]]
    return ["O", repr(value)]


def board(rng, n):
    items = [f"d{i:03d}" for i in rng.sample(range(3 * n + 3), n)]
    bases = [rng.choice([-1.0, 0.0, 0.1, 0.5, 1.0, 2.0]) for _ in range(max(1, n // 3))]
    scores = [rng.choice(bases) + rng.choice([0.0, 0.0, 1e-9, -1e-9, rng.random()]) for _ in items]
    grades = [0, 0, 1, 2, 3, 0.5, 1.7, 2.3, -1]
    judged = {item: float(rng.choice(grades)) for item in items if rng.random() < 0.5}
    judged.update({f"pool{i}": float(rng.choice([1, 2, 0.5])) for i in range(rng.choice([0, 0, 1, 3]))})
    return items, scores, judged


def boards(seed, count, sizes=(1, 1, 2, 3, 5, 9, 15, 16, 17, 30, 60, 250)):
    rng = random.Random(seed)
    return [board(rng, rng.choice(sizes)) for _ in range(count)]


def run_frames(seed, queries, sizes):
    rng = random.Random(seed)
    qrels, run = [], []
    for q, (items, scores, judged) in enumerate(boards(seed, queries, sizes)):
        query = f"q{q:03d}"
        run += [(query, item, score) for item, score in zip(items, scores)]
        qrels += [(query, item, grade) for item, grade in judged.items()]
    qrels += [("qjudged_only", "x", 1.0)]
    rng.shuffle(run)  # queries interleaved: each query's rows keep their relative order
    return (pd.DataFrame(qrels, columns=["query", "item", "rel"]),
            pd.DataFrame(run, columns=["query", "item", "score"]))


def answers(seed, count, queries, sizes=(1, 1, 2, 3, 5, 9, 15, 16, 17, 30, 60, 250)):
    out = []
    for items, scores, judged in boards(seed, count, sizes):
        for key, convention in PRESETS.items():
            try:
                out.append(encode(score_under(convention, items, judged, list(KS), scores=scores)))
            except Exception as error:
                out.append(["E", type(error).__name__])
    qrels, run = run_frames(seed + 1, queries, sizes)
    with_nan = pd.concat([qrels, pd.DataFrame([("q000", "nan_item", math.nan), ("qnan", "x", math.nan)],
                                              columns=qrels.columns)], ignore_index=True)
    text = "".join(f"{q} Q0 {item} {rank} {score!r} t\n"
                   for rank, (q, item, score) in enumerate(run.itertuples(index=False))).encode()
    for qrels_in, run_in, k in ((qrels, run, 10), (qrels, run, list(KS)), (with_nan, text, 5)):
        comparison = compare_runs(qrels_in, run_in, k)
        for c in (comparison.values() if isinstance(comparison, dict) else [comparison]):
            out.append(encode([c.k, c.presets, c.queries, c.per_query, c.means, c.spread, c.missing]))
    return out
'''


def _answers(where: str | None, seed: int, count: int, queries: int, sizes: tuple | None = None,
             ks: tuple = KS) -> list:
    path = f"import sys; sys.path.insert(0, {where!r})\n" if where else ""
    extra = f", sizes={sizes!r}" if sizes else ""
    code = (f"{path}import metrics, json\n"
            + (f"assert metrics.__file__.startswith({where!r}), metrics.__file__\n" if where else "")
            + f"KS = {ks!r}\n{CODE}\nprint(json.dumps(answers({seed}, {count}, {queries}{extra})))\n")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True,
                         cwd=where or str(ROOT))
    return json.loads(out.stdout)


@pytest.fixture(scope="module")
def baseline_package():
    if shutil.which("git") is None or subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", REVISION],
                                                     capture_output=True).returncode:
        pytest.skip(f"needs git and commit {REVISION}")
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", REVISION, "metrics"], check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
        yield folder


@pytest.mark.parametrize("seed", [0, 1])
def test_every_preset_and_cutoff_gives_the_baseline_bits(baseline_package, seed):
    before = _answers(baseline_package, seed, 60, 40)
    now = _answers(None, seed, 60, 40)
    assert len(now) == len(before)
    for i, (a, b) in enumerate(zip(now, before)):
        assert a == b, f"answer {i} differs"


def test_trec_depth_gives_the_baseline_bits(baseline_package):
    """Lists of 1000 items and more (a TREC run's depth; cwl_eval's RBP reads the first 1000 ranks only), cut-offs
    up to 1000: the long sums and the arrangements of long tie groups."""
    sizes, ks = (700, 1000, 1300), (5, 10, 100, 1000)
    before = _answers(baseline_package, 2, 4, 3, sizes, ks)
    now = _answers(None, 2, 4, 3, sizes, ks)
    assert len(now) == len(before)
    for i, (a, b) in enumerate(zip(now, before)):
        assert a == b, f"answer {i} differs"


def test_the_boards_exercise_ranges_and_nan():
    """The random boards are not all easy: many intervals (undefined tie orders) and NaN (RecBole's R) occur."""
    namespace = {"KS": KS}
    exec(CODE, namespace)
    text = json.dumps(namespace["answers"](0, 30, 10))
    assert text.count('["I"') > 10 and '["F", "nan"]' in text
