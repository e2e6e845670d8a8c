"""The app's written limits, in one place (issue 12: no input crashes a page, hangs it, or changes
the board without a word).

The readers get theirs from ``metrics.limits`` (the app passes ``metrics.limits.APP``: bytes,
lines, queries, rows per query, id length, JSON depth, digits); these are the board's, for what a
person can look at on one board in front of a class, and are at most as large. Larger jobs belong in
the command line (``python -m metrics evaluate QRELS RUN``), which the messages name.

One set of limits for every way a value reaches the board (issue 19): :class:`ui.model.board.Board` refuses
what lies outside them, so a link (ui.data.share), a run's query (ui.data.dataset) and an editor (ui.topics.scores, the
builder's grade column, the threshold input) accept the same values, and every control's range holds
every value the board can give it.
"""

from __future__ import annotations

MAX_BOARD_ITEMS = 200  #: items on one board (ranked + pool): the lanes, tables and formulas stay quick
MAX_NAME_CHARS = 100  #: characters of an item name (a document id) on the board and in links
MAX_ABS_GRADE = 1_000  #: |grade|: 2**1000 - 1 (exponential gain) is still a finite float
MAX_ABS_SCORE = 1e12  #: |score| on a board (typed, from a link or a run): differences of scores stay finite
MIN_THRESHOLD = 0.001  #: smallest relevance threshold ("relevant when grade ≥"): a link's, the input's, the board's
MAX_THRESHOLD = MAX_ABS_GRADE  #: largest relevance threshold: no grade is above it
COMMAND_LINE = "python -m metrics evaluate QRELS RUN"  #: where larger jobs go
