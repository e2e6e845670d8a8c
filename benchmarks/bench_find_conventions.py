"""How long find_conventions takes for a 30-item ranking, beside score_under for one preset.

    python benchmarks/bench_find_conventions.py [--repeat 20]

The board has real grades (0, 0.5, 1, 1.5, 2, 3), ties and near-ties (1e-9 apart) in the scores, scores <= 0
and judged items left in the pool, so every choice of the search has more than one value to try. Prints the
median time per call and, for find_conventions, how many combinations were tried, how many are kept
(every change matters) and how many conventions match.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from metrics.conventions import MEASURES, PRESETS, find_conventions, score_under
from metrics.conventions.scoring import Board
from metrics.conventions.search import _combinations, _domains


def board(n: int = 30, seed: int = 1):
    rng = random.Random(seed)
    ranking = [f"doc{i:03d}" for i in range(n)]
    grades = {item: rng.choice([0, 0, 0.5, 1, 1.5, 2, 3]) for item in ranking}
    grades |= {f"pool{i}": rng.choice([1, 2]) for i in range(4)}
    scores = [rng.choice([-0.5, 0.0, 0.25, 0.5, 1.0, 1.0 + 1e-9, 2.0]) + rng.choice([0, 0, 3]) for _ in ranking]
    return ranking, grades, scores


def median_time(function, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    ranking, grades, scores = board()
    k = 10
    for key in ("trec_eval", "recbole"):
        seconds = median_time(lambda key=key: score_under(PRESETS[key], ranking, grades, k, scores), args.repeat)
        print(f"score_under({key}), 30 items, all five measures: {seconds * 1e3:8.2f} ms")
    values = score_under(PRESETS["sklearn"], ranking, grades, k, scores) | score_under(
        PRESETS["trec_eval"], ranking, grades, k, scores)
    for measure in MEASURES:
        value = next(v for label, v in values.items() if label.split("@")[0] == measure and v is not None)
        checked = Board.of(ranking, grades, k, scores)
        domains = _domains(measure, checked)
        tried = 1
        for values_of_choice in domains.values():
            tried *= len(values_of_choice)
        kept = len(_combinations(measure, checked))
        found = find_conventions(measure, value, ranking, grades, k, scores)
        seconds = median_time(lambda m=measure, v=value: find_conventions(m, v, ranking, grades, k, scores),
                              args.repeat)
        print(f"find_conventions({measure!r}), 30 items: {seconds * 1e3:8.2f} ms "
              f"(at most {tried} combinations of {len(domains)} choices tried, "
              f"{kept} where every change matters, "
              f"{len(found)} conventions match)")


if __name__ == "__main__":
    main()
