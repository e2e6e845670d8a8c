"""Beyond-accuracy measures for recommendation lists: catalog coverage and intra-list similarity.

Accuracy measures ask whether the recommended items are the right ones; these ask what the
lists look like as a whole:

* **catalog coverage** - how much of the catalog the recommender ever shows (Ge, Delgado-Battenfeld & Jannach,
  2010, "Beyond accuracy: evaluating recommender systems by coverage and serendipity", RecSys '10);
* **intra-list similarity (ILS)** - how alike the items of one list are (Ziegler et al., 2005,
  "Improving recommendation lists through topic diversification", WWW '05), and
  **intra-list diversity** = 1 - ILS.

>>> recs = {"u1": ["a", "b", "c"], "u2": ["a", "d"]}
>>> catalog_coverage(recs, catalog=list("abcdefghij"))
0.4
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping
from functools import partial

import numpy as np

from .._lazy import pandas as pd  # (on first use: batch evaluation imports the registry, which imports this module)
from .._validate import _short, as_k
from ..errors import MetricsInputError
from ..explanation import Explanation, Line, latex_name, num, so_far
from .wording import by_count

__all__ = [
    "catalog_coverage",
    "coverage_steps",
    "intra_list_similarity",
    "intra_list_diversity",
    "similarity_steps",
    "coverage_explanation",
    "similarity_explanation",
    "diversity_steps",
    "METRICS",
]

#: similarity functions available for feature vectors
METRICS = ("cosine", "jaccard")


def _as_list(items, name: str) -> list:
    """A list of hashable item ids (a string is refused: it is one id, not a list)."""
    if isinstance(items, (str, bytes)) or items is None or isinstance(items, Mapping):
        raise MetricsInputError(f"{name} must be a list of item ids, got {_short(items)}")
    try:
        out = list(items)
    except TypeError:
        raise MetricsInputError(f"{name} must be a list of item ids, got {_short(items)}") from None
    for position, item in enumerate(out, start=1):
        try:
            hash(item)
        except TypeError:
            raise MetricsInputError(f"{name} at position {position} must be an item id, got {_short(item)}") from None
    return out


def _no_duplicates(items: list, name: str) -> None:
    seen = set()
    for position, item in enumerate(items, start=1):
        if item in seen:
            raise MetricsInputError(
                f"{name} lists item {item!r} twice (again at position {position}); "
                "a recommendation list holds each item once")
        seen.add(item)


# ----------------------------------------------------------------------------- coverage


def _coverage_counts(recommendations, catalog, k):
    if not isinstance(recommendations, Mapping):
        raise MetricsInputError(
            f"recommendations must be a dict {{user: [items in ranked order]}}, got {_short(recommendations)}")
    k = as_k(k)
    items = _as_list(catalog, "catalog")
    if not items:
        raise MetricsInputError("catalog is empty: coverage would divide by zero")
    _no_duplicates(items, "catalog")
    known = set(items)
    counts = dict.fromkeys(items, 0)
    for user, recommended in recommendations.items():
        name = f"recommendations[{user!r}]"
        recommended = _as_list(recommended, name)
        _no_duplicates(recommended, name)
        top = recommended if k is None else recommended[:k]
        unknown = [item for item in top if item not in known]
        if unknown:
            raise MetricsInputError(
                f"{name} recommends {len(unknown)} {by_count(len(unknown), 'item', 'items')} not in the catalog: "
                f"{_short(unknown)}")
        for item in top:
            counts[item] += 1
    return counts


def catalog_coverage(recommendations, catalog, k=None) -> float:
    r"""Share of the catalog that appears in at least one user's top-k list.

    .. math::

        \mathrm{Coverage@}k = \frac{\bigl|\bigcup_{u} \mathrm{top}_k(L_u)\bigr|}{|I|}

    where :math:`L_u` is user *u*'s ranked list and :math:`I` the catalog.

    Parameters
    ----------
    recommendations : dict
        ``{user: [item, ...]}``, each list in ranked order without repeats.  From a table with
        columns user, item, rank:
        ``df.sort_values("rank").groupby("user")["item"].apply(list).to_dict()``.
    catalog : iterable
        All items that could be recommended, without repeats.
    k : int, optional
        Look only at the first ``k`` items of every list; ``None`` (default) uses whole lists.

    Returns
    -------
    float
        In [0, 1].  An empty ``recommendations`` dict covers nothing (0.0).

    Raises
    ------
    MetricsInputError
        If the catalog is empty or repeats an item, a list repeats an item or recommends an
        item missing from the catalog, or ``k`` is not a positive integer.

    Examples
    --------
    Ten catalog items; the whole lists show a, b, c, d (4 of 10), their first items only a:

    >>> recs = {"u1": ["a", "b", "c"], "u2": ["a", "d"]}
    >>> catalog = list("abcdefghij")
    >>> catalog_coverage(recs, catalog)
    0.4
    >>> catalog_coverage(recs, catalog, k=1)
    0.1
    """
    counts = _coverage_counts(recommendations, catalog, k)
    return sum(1 for times in counts.values() if times) / len(counts)


def coverage_steps(recommendations, catalog, k=None) -> pd.DataFrame:
    """One row per catalog item: how many top-k lists show it and whether it is covered.

    The mean of ``covered`` is :func:`catalog_coverage`; the spread of ``times_recommended``
    shows popularity bias (a few items in every list, a long tail in none).

    Parameters
    ----------
    recommendations, catalog, k
        As :func:`catalog_coverage`.

    Returns
    -------
    pandas.DataFrame
        Columns ``item, times_recommended, covered``, most recommended first (ties in catalog
        order).

    Raises
    ------
    MetricsInputError
        As :func:`catalog_coverage`.

    Examples
    --------
    >>> coverage_steps({"u1": ["a", "b"], "u2": ["b", "c"]}, ["a", "b", "c", "d"])
      item  times_recommended  covered
    0    b                  2     True
    1    a                  1     True
    2    c                  1     True
    3    d                  0    False
    """
    counts = _coverage_counts(recommendations, catalog, k)
    table = pd.DataFrame({
        "item": list(counts),
        "times_recommended": np.fromiter(counts.values(), dtype=np.int64, count=len(counts)),
    })
    table["covered"] = table["times_recommended"] > 0
    return table.sort_values("times_recommended", ascending=False, kind="mergesort").reset_index(drop=True)


# ----------------------------------------------------------------------------- intra-list similarity


def _feature_lookup(features, items: list) -> dict:
    """item -> 1-D float vector, for the listed items only."""
    if isinstance(features, pd.DataFrame):
        frame = features.set_index("item") if "item" in features.columns else features
        if not frame.index.is_unique:
            repeated = frame.index[frame.index.duplicated()].unique().tolist()
            raise MetricsInputError(f"features lists {by_count(len(repeated), 'item', 'items')} {_short(repeated)} "
                                    "more than once")
        bad_columns = [c for c in frame.columns if not pd.api.types.is_numeric_dtype(frame[c])]
        if bad_columns:
            raise MetricsInputError(f"feature {by_count(len(bad_columns), 'column', 'columns')} {_short(bad_columns)} "
                                    f"{by_count(len(bad_columns), 'is', 'are')} not numeric")
        missing = [item for item in items if item not in frame.index]
        if missing:
            raise MetricsInputError(
                f"{by_count(len(missing), 'item', 'items')} {_short(missing)} {by_count(len(missing), 'has', 'have')} "
                f"no features (the features table has "
                f"{len(frame)} items, e.g. {_short(frame.index[:3].tolist())})")
        try:
            vectors = {item: frame.loc[item].to_numpy(dtype=float) for item in items}
        except (TypeError, ValueError):
            raise MetricsInputError("feature columns must hold real numbers") from None
    elif isinstance(features, Mapping):
        missing = [item for item in items if item not in features]
        if missing:
            raise MetricsInputError(f"{by_count(len(missing), 'item', 'items')} {_short(missing)} "
                                    f"{by_count(len(missing), 'has', 'have')} no features")
        vectors = {}
        for item in items:
            value = features[item]
            if isinstance(value, (str, bytes)):
                raise MetricsInputError(f"features of {item!r} must be numbers, got {_short(value)}")
            try:
                vector = np.asarray(list(value), dtype=float)
            except OverflowError:
                raise MetricsInputError(f"features of {item!r} must be finite numbers, got {_short(value)}") from None
            except (TypeError, ValueError):
                raise MetricsInputError(f"features of {item!r} must be numbers, got {_short(value)}") from None
            if vector.ndim != 1:
                raise MetricsInputError(f"features of {item!r} must be a flat vector, got {_short(value)}")
            vectors[item] = vector
    else:
        raise MetricsInputError(
            f"features must be a dict {{item: vector}} or a DataFrame indexed by item, got {_short(features)}")
    lengths = {item: len(vector) for item, vector in vectors.items()}
    if len(set(lengths.values())) > 1:
        raise MetricsInputError(f"feature vectors differ in length: {_short(lengths)}")
    for item, vector in vectors.items():
        if not np.all(np.isfinite(vector)):
            raise MetricsInputError(f"features of {item!r} must be finite numbers, got {_short(vector.tolist())}")
    return vectors


def _cosine(items: list, vectors: dict) -> dict:
    """u·v / (|u| |v|), each vector first divided by the power of two that brings its largest |entry|
    into [0.5, 1): exact, so the value is unchanged, and the dot products can neither overflow nor vanish."""
    scaled = {}
    for item in items:
        top = float(np.max(np.abs(vectors[item]), initial=0.0))
        if not top:
            raise MetricsInputError(
                f"item {item!r} has an all-zero feature vector: its cosine similarity is 0/0")
        scaled[item] = np.ldexp(vectors[item], -np.frexp(top)[1])
    norms = {item: float(scaled[item] @ scaled[item]) for item in items}

    def similarity(a, b):
        value = float(scaled[a] @ scaled[b]) / math.sqrt(norms[a] * norms[b])
        return min(1.0, max(-1.0, value))

    return similarity


def _jaccard(items: list, vectors: dict):
    sets = {}
    for item in items:
        vector = vectors[item]
        if not np.all((vector == 0) | (vector == 1)):
            raise MetricsInputError(
                f"Jaccard needs 0/1 features; item {item!r} has {_short(vector.tolist())}")
        sets[item] = vector.astype(bool)

    def similarity(a, b):
        union = int(np.sum(sets[a] | sets[b]))
        if union == 0:
            raise MetricsInputError(
                f"items {a!r} and {b!r} both have no features: their Jaccard similarity is 0/0")
        return int(np.sum(sets[a] & sets[b])) / union

    return similarity


def _matrix(items: list, similarity):
    if not isinstance(similarity, pd.DataFrame):
        raise MetricsInputError(
            f"similarity must be a DataFrame indexed by item with one column per item, got {_short(similarity)}")
    missing = [item for item in items if item not in similarity.index or item not in similarity.columns]
    if missing:
        raise MetricsInputError(f"{by_count(len(missing), 'item', 'items')} {_short(missing)} "
                                f"{by_count(len(missing), 'is', 'are')} missing from the similarity matrix")
    if not similarity.index.is_unique or not similarity.columns.is_unique:
        raise MetricsInputError("the similarity matrix repeats an item in its index or columns")

    def lookup(a, b):
        values = []
        for row, column in ((a, b), (b, a)):
            value = similarity.at[row, column]
            if isinstance(value, np.generic):
                value = value.item()
            if isinstance(value, (bool, np.bool_)) or not isinstance(value, (numbers.Real, np.number)) \
                    or value != value or value in (math.inf, -math.inf):
                raise MetricsInputError(f"similarity[{row!r}][{column!r}] must be a finite number, got {value!r}")
            if not -1 <= value <= 1:  # a mean of such values could overflow, and 1 - ILS means nothing
                raise MetricsInputError(
                    f"similarity[{row!r}][{column!r}] must be between -1 and 1, got {_short(value)}")
            values.append(float(value))
        if not math.isclose(values[0], values[1], rel_tol=1e-9, abs_tol=1e-12):
            raise MetricsInputError(
                f"the similarity matrix is not symmetric: [{a!r}][{b!r}] = {values[0]!r} but "
                f"[{b!r}][{a!r}] = {values[1]!r}")
        return values[0]

    return lookup


def _pairs(items, features, similarity, metric) -> pd.DataFrame:
    items = _as_list(items, "items")
    if len(items) < 2:
        raise MetricsInputError(
            f"intra-list similarity needs at least 2 items (1 pair), got {len(items)}: {_short(items)}")
    _no_duplicates(items, "items")
    if not isinstance(metric, str) or metric not in METRICS:
        raise MetricsInputError(f"metric must be one of {', '.join(map(repr, METRICS))}, got {metric!r}")
    if (features is None) == (similarity is None):
        raise MetricsInputError(
            "give exactly one of features (item feature vectors) or similarity (an item x item matrix)")
    if similarity is not None:
        sim = _matrix(items, similarity)
    else:
        vectors = _feature_lookup(features, items)
        sim = _cosine(items, vectors) if metric == "cosine" else _jaccard(items, vectors)
    rows = [(i + 1, a, j + 1, b, sim(a, b))
            for i, a in enumerate(items) for j, b in enumerate(items) if i < j]
    return pd.DataFrame(rows, columns=["rank_i", "item_i", "rank_j", "item_j", "similarity"])


def intra_list_similarity(items, features=None, similarity=None, metric="cosine") -> float:
    r"""Intra-list similarity: the mean similarity over all pairs of items in one list.

    .. math::

        \mathrm{ILS}(L) = \frac{2}{n(n-1)} \sum_{a=1}^{n-1} \sum_{b=a+1}^{n} \mathrm{sim}(i_a, i_b)

    for a list :math:`L = (i_1, \dots, i_n)`, with
    :math:`\mathrm{sim}_{\cos}(u, v) = \frac{u \cdot v}{\lVert u \rVert \lVert v \rVert}` or
    :math:`\mathrm{sim}_{J}(A, B) = \frac{|A \cap B|}{|A \cup B|}`.

    The sum runs over the :math:`n(n-1)/2` unordered pairs :math:`a < b`; summing over all
    ordered pairs :math:`a \ne b` and dividing by 2 gives the same sum.  Ziegler et al. (2005),
    who introduced ILS, use that sum itself (ordered pairs / 2) without dividing by the number
    of pairs, so their value grows with the list length; multiply this mean by
    :math:`n(n-1)/2` to get theirs.  The mean keeps lists of different lengths comparable and
    makes :func:`intra_list_diversity` = 1 - ILS lie in [0, 1] when features are nonnegative.
    The order of the list does not matter.

    Parameters
    ----------
    items : list
        The recommended items (at least 2, no repeats).
    features : dict or pandas.DataFrame, optional
        ``{item: vector}``, or a DataFrame with one row per item and one numeric column per
        feature, indexed by item (a column named ``item`` is used as the index if present).
        Only the listed items need features.
    similarity : pandas.DataFrame, optional
        A symmetric item x item similarity matrix (index and columns are item ids); give this
        *or* ``features``.
    metric : {"cosine", "jaccard"}
        How to compare feature vectors; Jaccard treats 0/1 vectors as sets of features.
        Ignored when ``similarity`` is given.

    Returns
    -------
    float
        In [0, 1] for nonnegative features (cosine may be negative for signed features).

    Raises
    ------
    MetricsInputError
        Fewer than 2 items or a repeated item; a listed item without features (or missing from
        the matrix); an all-zero vector with cosine; two featureless items or non-0/1 values
        with Jaccard; both or neither of ``features`` and ``similarity``; an unknown ``metric``;
        a non-symmetric matrix.

    Examples
    --------
    Cosine: a = (1, 0), b = (0, 1), c = (3, 4) give pairs (a, b) 0, (a, c) 3/5, (b, c) 4/5, so
    ILS = (0 + 0.6 + 0.8) / 3:

    >>> round(intra_list_similarity(["a", "b", "c"], {"a": [1, 0], "b": [0, 1], "c": [3, 4]}), 4)
    0.4667

    Jaccard on genres: a = {action}, b = {action, comedy}, c = {comedy}: (1/2 + 0 + 1/2) / 3:

    >>> genres = {"a": [1, 0], "b": [1, 1], "c": [0, 1]}
    >>> intra_list_similarity(["a", "b", "c"], genres, metric="jaccard")
    0.3333333333333333
    """
    return similarity_explanation(items, features=features, similarity=similarity, metric=metric).value


def intra_list_diversity(items, features=None, similarity=None, metric="cosine") -> float:
    r"""Intra-list diversity: one minus :func:`intra_list_similarity`.

    .. math::

        \mathrm{ILD}(L) = 1 - \mathrm{ILS}(L)
        = \frac{2}{n(n-1)} \sum_{a<b} \bigl(1 - \mathrm{sim}(i_a, i_b)\bigr)

    Parameters, errors: as :func:`intra_list_similarity`.

    Returns
    -------
    float
        In [0, 1] for nonnegative features; 0 when all items are alike.

    Examples
    --------
    >>> intra_list_diversity(["a", "b"], {"a": [1, 0], "b": [0, 1]})
    1.0
    >>> round(intra_list_diversity(["a", "b", "c"], {"a": [1, 0], "b": [0, 1], "c": [3, 4]}), 4)
    0.5333
    """
    return 1.0 - intra_list_similarity(items, features=features, similarity=similarity, metric=metric)


def similarity_steps(items, features=None, similarity=None, metric="cosine") -> pd.DataFrame:
    """The item pairs of a list with their similarity; the mean of ``similarity`` is the ILS.

    Parameters
    ----------
    items, features, similarity, metric
        As :func:`intra_list_similarity`.

    Returns
    -------
    pandas.DataFrame
        One row per pair a < b (n(n-1)/2 rows), columns ``rank_i, item_i, rank_j, item_j,
        similarity`` (ranks are 1-based positions in ``items``).

    Raises
    ------
    MetricsInputError
        As :func:`intra_list_similarity`.

    Examples
    --------
    >>> similarity_steps(["a", "b", "c"], {"a": [1, 0], "b": [0, 1], "c": [3, 4]})
       rank_i item_i  rank_j item_j  similarity
    0       1      a       2      b         0.0
    1       1      a       3      c         0.6
    2       2      b       3      c         0.8
    """
    return _pairs(items, features, similarity, metric)


# ----------------------------------------------------------------------------- worked formulas

COVERAGE_FORMULA = r"\mathrm{Coverage@}k = \frac{\bigl|\bigcup_{u} \mathrm{top}_k(L_u)\bigr|}{|I|}"
ILS_FORMULA = r"\mathrm{ILS}(L) = \frac{2}{n(n-1)} \sum_{a<b} \mathrm{sim}(i_a, i_b)"
DIVERSITY_FORMULA = (r"\overline{\mathrm{ILD}} = \frac{1}{|U|} \sum_{u \in U} "
                     r"\bigl(1 - \mathrm{ILS}(\mathrm{top}_k(L_u))\bigr)")


def _coverage_lines(table: pd.DataFrame, label: str, catalog: list[str], step: int, text: bool) -> tuple:
    """Coverage after the first ``step`` catalog rows: the items covered so far over the catalog."""

    rows = table.iloc[:step]
    covered = int(rows["covered_so_far"].iloc[-1]) if step else 0
    lhs = so_far(label if text else latex_name(label), step, len(table), text)
    value = num(rows["coverage"].iloc[-1]) if step else "0"
    if not text:
        return (Line(lhs, head=rf"\frac{{{covered}}}{{{len(table)}}}", result=value),)
    covered_items = set(rows.loc[rows["covered"], "item"].astype(str))
    shown = [item for item in catalog if item in covered_items]  # catalog order
    listed = ", ".join(shown) if len(shown) <= 8 else ", ".join(shown[:5] + ["..."] + shown[-2:])
    return (Line(lhs, head=f"|{{{listed}}}| / |I| = {covered} / {len(table)}", result=value),)


def coverage_explanation(recommendations, catalog, k=None):
    r"""Explain catalog coverage: every catalog item, how often it is shown, and the fraction.

    .. math::

        \mathrm{Coverage@}k = \frac{\bigl|\bigcup_{u} \mathrm{top}_k(L_u)\bigr|}{|I|}

    The table is :func:`coverage_steps` plus ``covered_so_far`` (covered items down to this row)
    and ``coverage`` (``covered_so_far / |I|``); its last row is the value, which equals
    :func:`catalog_coverage` exactly.

    Parameters
    ----------
    recommendations, catalog, k
        As :func:`catalog_coverage`.

    Returns
    -------
    metrics.explanation.Explanation
        ``column="coverage"``; ``details``: ``covered`` (count), ``catalog_size``,
        ``never`` (items in no top-k list, catalog order), ``k``, ``users``.

    Raises
    ------
    MetricsInputError
        As :func:`catalog_coverage`.

    Examples
    --------
    >>> e = coverage_explanation({"u1": ["a", "b"], "u2": ["b", "c"]}, ["a", "b", "c", "d"])
    >>> e.value
    0.75
    >>> print(e.worked_text)
    Coverage = |{a, b, c}| / |I| = 3 / 4 = 0.75
    >>> e.details["never"]
    ['d']
    """

    catalog = _as_list(catalog, "catalog")
    table = coverage_steps(recommendations, catalog, k=k)
    size = len(table)
    table["covered_so_far"] = np.cumsum(table["covered"].to_numpy(dtype=np.int64))
    table["coverage"] = table["covered_so_far"] / size
    covered = int(table["covered_so_far"].iloc[-1])
    value = float(table["coverage"].iloc[-1])
    k = as_k(k)
    label = "Coverage" if k is None else f"Coverage@{k}"
    covered_items = set(table.loc[table["covered"], "item"])
    never = [item for item in catalog if item not in covered_items]
    return Explanation.written(
        writer=partial(_coverage_lines, table, label, [str(item) for item in catalog]), measure=label,
        value=value, table=table, formula=COVERAGE_FORMULA, column="coverage", running={label: "coverage"},
        details={"covered": covered, "catalog_size": size, "never": never, "k": k,
                 "users": len(recommendations)},
    )


def _similarity_lines(table: pd.DataFrame, n: int, step: int, text: bool) -> tuple:
    """ILS after the first ``step`` pairs: their similarities summed, over all n(n-1)/2 pairs."""

    rows = table.iloc[:step]
    terms = tuple(num(v) for v in rows["similarity"])
    total, value, pairs = num(rows["running_sum"].iloc[-1]), num(rows["ILS"].iloc[-1]), len(table)
    lhs = so_far("ILS" if text else r"\mathrm{ILS}", step, len(table), text)
    zeros = tuple(bool(v == 0) for v in rows["similarity"])  # a folded sum shows the pairs that share a genre
    if text:
        return (Line(lhs, terms, head=f"2/({n}·{n - 1}) · (", tail=f") = {total} / {pairs}", result=value,
                     zeros=zeros),)
    return (Line(lhs, terms, head=rf"\frac{{2}}{{{n}\cdot{n - 1}}}\,\bigl(", tail=r"\bigr)", zeros=zeros),
            Line("", head=rf"\frac{{{total}}}{{{pairs}}}", result=value))


def similarity_explanation(items, features=None, similarity=None, metric="cosine"):
    r"""Explain intra-list similarity: the pairs, their similarity, and the mean with numbers.

    .. math::

        \mathrm{ILS}(L) = \frac{2}{n(n-1)} \sum_{a<b} \mathrm{sim}(i_a, i_b)

    The table is :func:`similarity_steps` plus ``running_sum`` (the similarities summed down
    to this pair) and ``ILS`` (``running_sum`` over the number of pairs n(n-1)/2); its last
    row is the value.  :func:`intra_list_similarity` returns this value.  Its pairs come in the order
    the items join the list: (1, 2), then (1, 3), (2, 3), then (1, 4), (2, 4), (3, 4)...; the first
    i(i-1)/2 rows are the pairs of the top i items.

    Parameters
    ----------
    items, features, similarity, metric
        As :func:`intra_list_similarity`.

    Returns
    -------
    metrics.explanation.Explanation
        ``measure="ILS"``, ``column="ILS"``; ``details``: ``n`` (items), ``pairs``
        (n(n-1)/2), ``sum``, ``diversity`` (1 - ILS), ``metric`` (``"matrix"`` when a
        similarity matrix was given).

    Raises
    ------
    MetricsInputError
        As :func:`intra_list_similarity`.

    Examples
    --------
    >>> e = similarity_explanation(["a", "b", "c"], {"a": [1, 0], "b": [0, 1], "c": [3, 4]})
    >>> e.table[["item_i", "item_j", "similarity", "running_sum"]]
      item_i item_j  similarity  running_sum
    0      a      b         0.0          0.0
    1      a      c         0.6          0.6
    2      b      c         0.8          1.4
    >>> print(e.worked_text)
    ILS = 2/(3·2) · (0 + 0.6 + 0.8) = 1.4 / 3 = 0.4667
    """

    # the pairs in the order the list's items join: pair (a, b) with item b, after every pair of the items above it, so
    # that the first i(i-1)/2 rows are the pairs of the top i (a walk one item at a time stops at a whole list)
    table = _pairs(items, features, similarity, metric).sort_values(["rank_j", "rank_i"], kind="mergesort")
    table = table.reset_index(drop=True)
    n = int(max(table["rank_j"].max(), 2))
    pairs = len(table)
    table["running_sum"] = np.cumsum(table["similarity"].to_numpy(dtype=float))
    table["ILS"] = table["running_sum"] / pairs
    total = float(table["running_sum"].iloc[-1])
    value = float(table["ILS"].iloc[-1])
    return Explanation.written(
        writer=partial(_similarity_lines, table, n), measure="ILS", value=value, table=table,
        formula=ILS_FORMULA, column="ILS", running={"ILS": "ILS"},
        details={"n": n, "pairs": pairs, "sum": total, "diversity": 1.0 - value,
                 "metric": "matrix" if similarity is not None else metric},
    )


def _diversity_lines(table: pd.DataFrame, label: str, step: int, text: bool) -> tuple:
    """The mean diversity of the first ``step`` users."""

    rows = table.iloc[:step]
    terms = tuple(num(v) for v in rows["diversity"])
    lhs = so_far(f"mean {label}" if text else rf"\overline{{{latex_name(label)}}}", step, len(table), text)
    head, tail = ("(", f") / {step}") if text else (rf"\frac{{1}}{{{step}}}\,\bigl(", r"\bigr)")
    return (Line(lhs, terms, head=head, tail=tail, result=num(rows["running_mean"].iloc[-1])),)


def diversity_steps(recommendations, features=None, similarity=None, metric="cosine", k=None):
    r"""Intra-list diversity of every user's top-k list, and their mean.

    .. math::

        \overline{\mathrm{ILD}} = \frac{1}{|U|} \sum_{u \in U} \bigl(1 - \mathrm{ILS}(\mathrm{top}_k(L_u))\bigr)

    Parameters
    ----------
    recommendations : dict
        ``{user: [item, ...]}`` in ranked order, as :func:`catalog_coverage`.
    features, similarity, metric
        As :func:`intra_list_similarity`.
    k : int, optional
        Look at the first ``k`` items of every list (at least 2 must remain).

    Returns
    -------
    metrics.explanation.Explanation
        One row per user (dict order): ``user, n_items, ILS, diversity, running_mean`` (mean
        diversity of the users down to this row); ``column="running_mean"``, so the value is
        the mean diversity.  ``details``: ``mean_ILS``, ``users``, ``k``.

    Raises
    ------
    MetricsInputError
        As :func:`intra_list_similarity` (for instance a list with fewer than 2 items in its
        top k), an empty ``recommendations`` dict, or a bad ``k``.

    Examples
    --------
    >>> features = {"a": [1, 0], "b": [0, 1], "c": [3, 4]}
    >>> e = diversity_steps({"u1": ["a", "b"], "u2": ["a", "c", "b"]}, features, k=2)
    >>> e.table
      user  n_items  ILS  diversity  running_mean
    0   u1        2  0.0        1.0           1.0
    1   u2        2  0.6        0.4           0.7
    >>> e.value
    0.7
    """

    if not isinstance(recommendations, Mapping):
        raise MetricsInputError(
            f"recommendations must be a dict {{user: [items in ranked order]}}, got {_short(recommendations)}")
    if not recommendations:
        raise MetricsInputError("recommendations is empty: there is no list to average over")
    k = as_k(k)
    rows = []
    for user, recommended in recommendations.items():
        top = _as_list(recommended, f"recommendations[{user!r}]")
        top = top if k is None else top[:k]
        ils = similarity_explanation(top, features=features, similarity=similarity, metric=metric).value
        rows.append((user, len(top), ils, 1.0 - ils))
    table = pd.DataFrame(rows, columns=["user", "n_items", "ILS", "diversity"])
    table["running_mean"] = np.cumsum(table["diversity"].to_numpy()) / np.arange(1, len(table) + 1)
    value = float(table["running_mean"].iloc[-1])
    users = len(table)
    mean_ils = float(np.cumsum(table["ILS"].to_numpy())[-1] / users)
    label = "ILD" if k is None else f"ILD@{k}"
    return Explanation.written(
        writer=partial(_diversity_lines, table, label), measure=f"mean {label}", value=value, table=table,
        formula=DIVERSITY_FORMULA, column="running_mean", running={f"mean {label}": "running_mean"},
        details={"mean_ILS": mean_ils, "users": users, "k": k},
    )
