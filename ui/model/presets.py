"""Ready-made boards: every worked example of the articles, and cases that make a point.

Plain Python: article inputs come from ``sample_data/article_examples.json`` (via
``metrics.teaching.articles``), so the presets and the articles page show the same numbers.
"""

from __future__ import annotations

import logging

from metrics.teaching.articles import EXAMPLES_FILE, examples
from ui.locale import N_
from ui.model.board import Board

#: English title -> (template, fields), so that the builder shows a preset's title in the
#: reader's language (``ui.data.dataset.shown_title``); the Board keeps the English text
TITLES: dict[str, tuple[str, dict[str, str]]] = {}


def _title(template: str, **fields) -> str:
    """The English title (``template`` filled in), remembered for its translation."""
    text = template.format(**fields)
    TITLES[text] = (template, {name: str(value) for name, value in fields.items()})
    return text


def _article_boards() -> dict[str, Board]:
    ex = examples()
    boards: dict[str, Board] = {}
    lists = ex["000_ndcg_lists"]
    for name, ranking in lists["input"]["rankings"].items():
        boards[f"000_{name}"] = Board(
            grades=dict(lists["input"]["grades"]), ranking=tuple(ranking), k=5,
            title=_title(N_("Article 000: {name} = [{ranking}]"), name=name, ranking=", ".join(ranking)),
            note=N_("Real-valued grades; the article computes CG, DCG and IDCG by hand (linear gain)."))
    for query, rels in ex["000_code_ndcg"]["input"]["grades_in_ranked_order"].items():
        boards[f"000_code_{query}"] = Board.from_ranking(
            rels, k=3, ideal="list", title=_title(N_("Article 000 code: ndcg_at_k({rels}, 3)"), rels=rels),
            note=N_("The article's code builds the ideal ordering from the list itself."))
    for query, hits in ex["000_code_map"]["input"]["relevance_in_ranked_order"].items():
        boards[f"000_map_{query}"] = Board.from_ranking(
            hits, k=len(hits), ap_denominator="found", title=_title(N_("Article 000 code: average_precision({hits})"), hits=hits),
            note=N_("The article's AP divides by the relevant items found in the list."))
    hit = ex["001_hit_ap_mrr"]["input"]
    truth = set(hit["gt_items"])
    grades = {str(i): 1 for i in hit["gt_items"]} | {str(i): 0 for i in hit["pred_items"] if i not in truth}
    boards["001_hit_ap_mrr"] = Board(
        grades=grades, ranking=tuple(str(i) for i in hit["pred_items"]), k=5,
        title=_title(N_("Article 001: pred_items = [3, 4, 2, 100, 1000], gt_items = 1..8")),
        note=N_("Five of the eight held-out items are not recommended: they stay in the pool."))
    nd = ex["001_ndcg"]["input"]
    boards["001_ndcg"] = Board(
        grades={str(i): r for i, r in zip(nd["true_list"], nd["true_relevance"])},
        ranking=tuple(str(i) for i in nd["predict_list"]), k=3,
        title=_title(N_("Article 001: predict [3, 2, 1] against true [1, 2, 3] with relevance 3, 2, 1")))
    for name, hits in ex["001_map_order"]["input"]["relevance_in_ranked_order"].items():
        boards[f"001_map_order_{name}"] = Board.from_ranking(
            hits, k=5, ap_denominator="found", title=_title(N_("Article 001: {name} = {hits} (same precision, different AP)"), name=name, hits=hits))
    nd3 = ex["003_ndcg"]["input"]
    boards["003_ndcg"] = Board(
        grades=dict(sorted(nd3["grades"].items())), ranking=tuple(nd3["rankings"]["q1"]), k=5, gain="exponential",
        title=_title(N_("Article 003: B, A, D, C, E with grades A5 B4 C3 D2 E1, exponential gain")),
        note=N_("The article prints NDCG@5 = 0.861; the exact value is 0.8645."))
    p3 = ex["003_precision"]["input"]
    boards["003_precision"] = Board.from_ranking(
        p3["relevance_in_ranked_order"], items=p3["rankings"]["q1"], k=5,
        title=_title(N_("Article 003: relevance [1, 1, 0, 1, 0] (the article says P@5 = 4/5; it is 3/5)")))
    for name, rels in ex["004_ndcg"]["input"]["grades_in_ranked_order"].items():
        boards[f"004_{name}"] = Board.from_ranking(
            rels, k=5, gain="exponential", ideal="list", title=_title(N_("Article 004: {name} = {rels}, exponential gain"), name=name, rels=rels))
    return boards


#: titles of the article examples whose input the article gives only as counts or patterns
_EXTRA_TITLES = {
    "000_precision_recall": _title(N_("Article 000: 3 recommended (p1, p2, p3), 4 bought (p1, p4, p5, p6)")),
    "001_ap_terms": _title(N_("Article 001: hit, miss, hit — the precision terms of AP")),
    "001_ap_narrative": _title(N_("Article 001: hit, hit, miss, miss, miss with 3 relevant items "
                                  "(x1 not recommended)")),
}


def _counted_examples() -> dict[str, Board]:
    """Boards for the examples given as counts or hit patterns (item ids invented)."""
    ex = examples()
    pr = ex["000_precision_recall"]["input"]
    recommended = [f"p{i}" for i in range(1, pr["recommended"] + 1)]
    bought = ["p1"] + [f"p{i}" for i in range(pr["recommended"] + 1, pr["recommended"] + pr["relevant"])]
    boards = {"000_precision_recall": Board(
        grades={item: (1 if item in bought else 0) for item in recommended} | {item: 1 for item in bought},
        ranking=tuple(recommended), k=3, title=_EXTRA_TITLES["000_precision_recall"],
        note=N_("Item ids are invented: the article gives only the counts."))}
    terms = ex["001_ap_terms"]["input"]["relevance_in_ranked_order"]
    boards["001_ap_terms"] = Board.from_ranking(terms, items=[f"r{i}" for i in range(1, len(terms) + 1)], k=3,
                                                title=_EXTRA_TITLES["001_ap_terms"])
    narrative = ex["001_ap_narrative"]["input"]
    hits = narrative["relevance_in_ranked_order"]
    ranked = [f"r{i}" for i in range(1, len(hits) + 1)]
    missing = {f"x{i}": 1 for i in range(1, narrative["relevant_total"] - sum(hits) + 1)}
    boards["001_ap_narrative"] = Board(
        grades=dict(zip(ranked, hits)) | missing, ranking=tuple(ranked), k=5, title=_EXTRA_TITLES["001_ap_narrative"],
        note=N_("x1 is relevant but was not recommended: it stays in the pool and still counts in R."))
    for query, rank in ex["001_mrr_queries"]["input"]["first_relevant_rank"].items():
        rels = [1 if r == rank else 0 for r in range(1, 4)]
        boards[f"001_mrr_{query}"] = Board.from_ranking(
            rels, items=["r1", "r2", "r3"], k=3, title=_title(N_("Article 001: query “{query}”, first hit at rank {rank}"), query=query, rank=rank))
    return boards


def _point_boards() -> dict[str, Board]:
    return {
        "relevant_at_bottom": Board.from_ranking(
            [0, 0, 0, 0, 1, 2, 3], k=7, title=_title(N_("All relevant items at the bottom")),
            note=N_("The worst ordering of these grades: every measure is at its lowest.")),
        "one_relevant": Board.from_ranking(
            [0, 0, 1, 0, 0, 0], k=6, title=_title(N_("One relevant item")),
            note=N_("With one relevant item, AP equals RR: both are 1/rank.")),
        "ties": Board.from_ranking(
            [2, 2, 1, 1, 0, 2], k=6, title=_title(N_("Ties in the grades")),
            note=N_("Several ideal orderings exist; IDCG is the same for all of them.")),
        "no_relevant": Board.from_ranking(
            [0, 0, 0, 0], k=4, title=_title(N_("No relevant item")),
            note=N_("IDCG = 0 and R = 0: every measure is defined as 0 here (trec_eval).")),
        "unjudged": Board(
            grades={"d1": 2, "d2": None, "d3": 1, "d4": None, "d5": 0, "d6": 3}, ranking=("d1", "d2", "d3", "d4", "d5"),
            k=5, title=_title(N_("Unjudged items and a relevant item left out")),
            note=N_("d2 and d4 have no judgment (gain 0). d6 (grade 3) was not retrieved: the ideal from all "
                    "judged items counts it, the ideal from the list does not.")),
    }


def _sample_problem() -> str | None:
    """Why the articles' examples (``sample_data/article_examples.json``) cannot be read, or None.
    Checked once, when the app starts (this module is imported by the entry script's ``ui.session.state``):
    without the file, the presets of the articles are left out, the pages that show the articles
    say so (:func:`ui.topics.articles.examples_missing`), and every other page keeps working."""
    try:
        examples()
    except (OSError, ValueError, KeyError, TypeError) as error:
        examples.cache_clear()  # a file put back later is read again (after a restart)
        problem = f"{type(error).__name__}: {getattr(error, 'strerror', None) or error}"
        logging.getLogger(__name__).error("sample data missing or unreadable (%s): %s", EXAMPLES_FILE, problem)
        return problem
    return None


SAMPLE_PROBLEM = _sample_problem()  #: why the articles' examples are missing, or None
#: preset id -> board (article examples first; without the examples file, the teaching cases only)
PRESETS: dict[str, Board] = ({} if SAMPLE_PROBLEM else _article_boards() | _counted_examples()) | _point_boards()
DEFAULT_PRESET = "000_code_q1" if "000_code_q1" in PRESETS else next(iter(PRESETS))
