"""Slow, obviously correct reference copies of the single-ranking metrics (plain loops)."""

import math


def ref_dcg(rels, k=None, exponential=False):
    total = 0.0
    for i, rel in enumerate(rels[:k] if k else rels, start=1):
        rel = max(rel, 0)
        gain = math.expm1(rel * math.log(2)) if exponential else rel  # 2^rel - 1, exact for tiny rel too
        total += gain / math.log2(i + 1)
    return total


def ref_ndcg(rels, k=None, exponential=False, ideal=None):
    pool = list(rels) if ideal is None else list(ideal)
    depth = k if k else max(len(rels), len(pool))
    best = ref_dcg(sorted(pool, reverse=True), depth, exponential)
    return ref_dcg(rels, depth, exponential) / best if best > 0 else 0.0


def ref_ap(hits, k=None, n_relevant=None, denominator=None, threshold=1):
    hits = hits[:k] if k else hits
    found, total = 0, 0.0
    for i, h in enumerate(hits, start=1):
        if h >= threshold:
            found += 1
            total += found / i
    if denominator is None:
        denominator = "relevant" if n_relevant is not None else "found"
    R = n_relevant if n_relevant is not None else found
    if denominator == "found":
        d = found
    elif denominator == "relevant":
        d = R
    else:
        d = min(k if k else len(hits), R)
    return total / d if d else 0.0


def ref_rr(hits, k=None, threshold=1):
    for i, h in enumerate(hits, start=1):
        if k and i > k:
            break
        if h >= threshold:
            return 1.0 / i
    return 0.0


def ref_precision(hits, k, threshold=1):
    return sum(1 for h in hits[:k] if h >= threshold) / k


def ref_recall(hits, k, n_relevant, threshold=1):
    return sum(1 for h in hits[:k] if h >= threshold) / n_relevant if n_relevant else 0.0


def ref_rprec(hits, n_relevant, threshold=1):
    return ref_precision(hits, n_relevant, threshold) if n_relevant else 0.0
