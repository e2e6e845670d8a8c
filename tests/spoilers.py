"""What "a value of a later step" is, for the tests that check that no page gives one away before its
step (tests/ui/test_no_spoilers.py with AppTest, tests/e2e/test_no_spoilers.py in a browser)."""

from __future__ import annotations

import re

from ui.model.board import Board

NUMBER = re.compile(r"-?\d+\.\d+(?:[eE]-?\d+)?")
#: a board whose running values differ from step to step (the first hit at rank 3, grades 0-3)
BOARD = Board(grades={"a": 0.0, "b": 0.0, "c": 3.0, "d": 2.0, "e": 0.0, "f": 1.0, "g": 2.0},
              ranking=("a", "b", "c", "d", "e", "f", "g"), k=6)


def four_decimals(text: str) -> set[str]:
    """Every decimal number in ``text``, written with 4 decimals (as the pages write them)."""
    return {f"{float(number):.4f}" for number in NUMBER.findall(text)}


def first_values(explanation) -> set[str]:
    """What step 1 shows, with 4 decimals: its headline and its row of the step table."""
    first = {f"{value:.4f}" for value in explanation.running_at(1).values()}
    return first | {f"{value:.4f}" for value in explanation.table.iloc[0] if isinstance(value, float)}


def later_values(explanation) -> set[str]:
    """The headline values of steps 2..n (the final one included), with 4 decimals, minus those that step 1
    shows too (:func:`first_values`)."""
    later = {f"{value:.4f}" for i in range(2, len(explanation.table) + 1)
             for value in explanation.running_at(i).values()}
    return later - first_values(explanation)


def two_rankings_later(board: Board, second: tuple[str, ...] | None = None) -> tuple[set[str], set[str]]:
    """Two rankings (pages/compare.py) on ``board``, list 2 ``second`` (None: the ranking reversed, the page's
    default): what it must not show at step 1 — either list's values of steps 2..n and the final values of the table
    of every measure, minus what step 1 shows (both lists' first rows and values so far, and their change) — and
    both lists' final nDCG."""
    from ui.topics import compare, paced

    board2 = board.with_ranking(tuple(reversed(board.ranking)) if second is None else second)
    (first, k), (other, _) = paced.ndcg(board), paced.ndcg(board2)
    shown = first_values(first) | first_values(other)
    shown.add(f"{other.running_at(1)['nDCG'] - first.running_at(1)['nDCG']:+.4f}")  # list 2's change, signed
    table = compare.every_measure_table(board, board2, k)
    finals = {f"{value:.4f}" for column in table.columns[1:] for value in table[column]}
    return (later_values(first) | later_values(other) | finals) - shown, {f"{first.value:.4f}", f"{other.value:.4f}"}


def beyond_later_values(lists: dict, features, catalog) -> set[str]:
    """What a later step of the Beyond page's parts shows, with 4 decimals, on the recommender sample (``lists``: user ->
    items, ``features``: the genre flags, ``catalog``: every item): the first part's ILS after 2 … 10 items of the first
    user's list and its diversity, the coverage after 2 … 10 lists, and every value of the mean diversity and its rows
    (its first row is the first part's list, not walked yet at step 1)."""
    from metrics.measures.beyond import diversity_steps, similarity_explanation
    from metrics.teaching.coverage_by_list import coverage_by_list_steps

    first = similarity_explanation(next(iter(lists.values())), features)
    n = first.details["n"]
    later = {f"{first.running_at(i * (i - 1) // 2)['ILS']:.4f}" for i in range(2, n + 1)}
    later |= {f"{first.details['diversity']:.4f}"} | later_values(coverage_by_list_steps(lists, catalog, k=n))
    diversity = diversity_steps(lists, features, k=n)
    later |= {f"{diversity.running_at(i)[diversity.measure]:.4f}" for i in range(1, len(diversity.table) + 1)}
    return later | {f"{value:.4f}" for column in ("ILS", "diversity") for value in diversity.table[column]}


def multiple_comparisons_later(k: int, n: int, seed: int, alpha: float = 0.05) -> set[str]:
    """What stages 2 … 5 of the Multiple comparisons page (pages/multiple_comparisons.py) show for ``k`` systems on
    ``n`` queries (``seed``), each decimal with 4 decimals (as :func:`four_decimals` reads a page), and stage 2's count
    "c / m": the false alarms expected, the Bonferroni level, every method's family-wise error rate over the families
    and the independent tests' one, the told pairs' differences, p, effect size and intervals — minus what stage 1
    shows (the spread of the means, and α, which the page's caption gives at every stage)."""
    from ui.topics import multiple_comparisons as mc

    m = k * (k - 1) // 2
    x, found = mc.family(k, n, seed)
    shown = [f"{alpha * m:.1f}", f"{alpha / m:.5f}", f"{1 - (1 - alpha) ** m:.3f}"]
    shown += [f"{value:.3f}" for value in mc.many_families(k, n, seed).fwer.values()]
    top, widest = mc.telling_pairs(mc.compared(k, n, seed))
    shown += [f"{top.diff:+.4f}", f"{top.p:.4f}", f"{top.p_adjusted:.4f}", f"{top.effect_size:+.2f}"]
    for pair in (top, widest) if widest is not None else (top,):
        shown += [f"{pair.ci[0]:+.4f}", f"{pair.ci[1]:+.4f}", f"{max(abs(pair.ci[0]), abs(pair.ci[1])):.4f}"]
    means = x.mean(axis=0)
    first = {f"{means.max() - means.min():.4f}", f"{alpha:.4f}"}
    later = set().union(*(four_decimals(value) for value in shown)) - first
    return later | {f"{int(found['none'].sum())} / {m}"}
