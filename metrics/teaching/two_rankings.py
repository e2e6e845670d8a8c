"""Two rankings of the same items, their nDCG worked side by side (the Two rankings page, pages/compare.py).

Both lists hold the same items, so they share the ideal ordering and its IDCG: the worked formula writes IDCG
once, and each list's DCG and nDCG beside the other's.
"""

from __future__ import annotations

from ..explanation import TERMS_PER_LINE, Explanation, Line, render_latex
from ..measures.ndcg import WORKED_LINES

SHARED = WORKED_LINES.index("IDCG")  #: the worked line both lists share


def worked_pair(first: Explanation, second: Explanation, step: int | None, width: float, own_width: float,
                fold: bool = True) -> tuple[list[str], list[str], list[str]]:
    r"""The worked nDCG of two lists after ``step`` ranks (None: all) as LaTeX lines: the IDCG lines both share, no
    wider than ``width`` em, then each list's own lines (DCG, nDCG), no wider than ``own_width`` em; ``fold``:
    long sums folded ("+ ⋯ +"), else every term (at most ``TERMS_PER_LINE`` a line). Lists whose IDCG differs
    (not the same items) share nothing: each keeps its own IDCG line.

    >>> from metrics import ndcg_steps
    >>> shared, one, two = worked_pair(ndcg_steps([3, 0]), ndcg_steps([0, 3]), 1, 30, 15)
    >>> shared
    ['\\mathrm{IDCG@1} = \\frac{3}{\\log_2(2)} = 3']
    >>> [line.rsplit(" = ", 1)[1] for line in one + two]  # list 1's DCG and nDCG, then list 2's
    ['3', '1', '0', '0']
    """
    lines = [explanation.lines_at(step) for explanation in (first, second)]
    same = lines[0][SHARED] == lines[1][SHARED]

    def drawn(parts: tuple[Line, ...], wide: float) -> list[str]:
        return render_latex(parts, fold, None if fold else TERMS_PER_LINE, wide)

    own = [parts[:SHARED] + parts[SHARED + 1:] if same else parts for parts in lines]
    return (drawn(lines[0][SHARED:SHARED + 1], width) if same else [],
            drawn(own[0], own_width), drawn(own[1], own_width))
