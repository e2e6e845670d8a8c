"""What a reader sees on a page run by AppTest, as strings, and which of them are still English.

Used by the language tests: with 中文 chosen, every visible string (titles, Markdown, captions,
labels, options, help texts, table headers, chart titles and axes) must be Chinese or made only of
language-neutral tokens (measure names, library names, numbers, formulas, item names).
"""

from __future__ import annotations

import json
import re

import pandas as pd
from google.protobuf.message import Message

#: proto fields that hold text a reader sees (others are ids, keys, formats, icons, CSS)
TEXT_FIELDS = {"body", "label", "help", "options", "placeholder", "caption", "text", "title", "value",
               "default", "display_value", "delta", "description", "display_name", "page_title",
               "section_header", "message"}
SKIP_FIELDS = {"id", "form_id", "key", "icon", "type", "format", "spec", "data", "page_script_hash",
               "url_path", "css_class", "args", "deltas", "element_id", "theme", "url", "page"}

#: words that read the same in both languages: measures, libraries, file formats, symbols
NEUTRAL = {
    "ndcg", "dcg", "idcg", "cg", "ap", "map", "rr", "mrr", "auc", "roc", "ils", "hit", "hits", "success", "f1", "tpr",
    "fpr", "tp", "fp", "tn", "fn", "rel", "log", "log2", "ln", "max", "min", "sum", "mean", "std", "vs",
    "trec_eval", "trec", "pytrec_eval", "ir_measures", "sklearn", "scikit", "learn", "ranx", "torchmetrics",
    "recbole", "recommenders", "gdeval", "microsoft", "scipy", "numpy", "pandas", "python", "streamlit",
    "qrels", "csv", "json", "tsv", "markdown", "latex", "pdf", "url", "html", "utf", "id", "ids", "qid",
    "docno", "ndcg_cut", "map_cut", "recip_rank", "rprec", "p_5", "p_10", "p_20", "num_rel", "num_ret",
    "num_rel_ret", "ndcg_burges", "map_at_k", "ndcg_at_k", "precision_at_k", "recall_at_k", "p", "r", "k",
    "n", "i", "j", "a", "b", "q", "x", "y", "g", "d", "frac", "cdot", "text", "sum_", "left", "right",
    "mathrm", "quad", "le", "ge", "over", "approx", "times", "bold", "nan", "inf", "github", "ok",
    "ndcg@k", "hitrate", "recall@k", "precision@k", "dcg@k", "pytest", "material",
    "english",  # the language switch offers English by name
}
NEUTRAL |= {  # the measures of the "More measures" page, named as trec_eval and ir_measures name them
    "bpref", "iprec", "pt_avg", "num_nonrel_judged_ret", "set_p", "set_recall", "set_f", "rprec_mult",
    "rbp", "err", "gm_map", "gains", "numret", "numrel", "numrelret", "numnonreljudgedret", "setp", "setr", "setf",
    "rprecmult", "gmap",
}

CJK = re.compile(r"[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]")
WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
LATEX = re.compile(r"<style.*?</style>|Ranking Metrics Lab|\b[A-Za-z]+\((?:[a-z_]+=[\w.]+,?\s*)+\)(?:@\w+)?|\$\$.*?\$\$|\$[^$]*\$|`[^`]*`|https?://\S+|:material/\w+:|\{[a-z_]+\}", re.S)


def _strings(message: Message, field: str = "") -> list[str]:
    found = []
    for descriptor, value in message.ListFields():
        name = descriptor.name
        if name in SKIP_FIELDS and name != "spec":
            continue
        if name == "spec" and isinstance(value, str):  # a plotly figure: titles, axes, trace names
            found += _figure_strings(value)
        elif descriptor.type == descriptor.TYPE_MESSAGE:
            items = value if descriptor.is_repeated else [value]
            for item in items:
                if isinstance(item, Message):
                    found += _strings(item, name)
        elif descriptor.type == descriptor.TYPE_STRING and (name in TEXT_FIELDS or field in TEXT_FIELDS):
            found += list(value) if descriptor.is_repeated else [value]
    return found


def _figure_strings(spec: str) -> list[str]:
    figure = json.loads(spec)
    layout = figure.get("layout", {})
    texts = []

    def title(obj):
        value = obj.get("title") if isinstance(obj, dict) else None
        if isinstance(value, dict):
            value = value.get("text")
        if isinstance(value, str):
            texts.append(value)

    title(layout)
    for name, axis in layout.items():
        if name.startswith(("xaxis", "yaxis")):
            title(axis)
    for annotation in layout.get("annotations", []):
        if isinstance(annotation.get("text"), str):
            texts.append(annotation["text"])
    for trace in figure.get("data", []):
        if isinstance(trace.get("name"), str):
            texts.append(trace["name"])
        if isinstance(trace.get("hovertemplate"), str):
            texts.append(re.sub(r"%\{[^}]*\}|<extra>.*?</extra>", " ", trace["hovertemplate"]))
    return texts


def _table_headers(node) -> list[str]:
    try:
        frame = node.value
    except Exception:  # not every table proto decodes in AppTest
        return []
    if isinstance(frame, pd.DataFrame):
        return [str(c) for c in frame.columns]
    return []


def visible_strings(at) -> list[str]:
    """Every string the page shows, sidebar included (navigation labels are checked elsewhere)."""
    texts: list[str] = []
    for root in (at.main, at.sidebar):
        for node in root:
            proto = getattr(node, "proto", None)
            if proto is None:
                continue
            texts += _strings(proto)
            if type(node).__name__ == "Dataframe":
                texts += _table_headers(node)
    return [s for s in texts if s and s.strip()]


def english_left(text: str, neutral: set[str] = frozenset()) -> list[str]:
    """The English words in ``text`` that a Chinese reader would have to translate.

    A string with Chinese in it may keep short English runs (terms, item names); one without may
    keep only neutral tokens. ``neutral`` adds words of this page (item names, query ids).
    """
    allowed = NEUTRAL | {w.lower() for w in neutral}
    stripped = LATEX.sub(" ", text)
    words = [w for w in WORD.findall(stripped)  # a token with a digit is an id or a name (q1, d2, F1)
             if not any(c.isdigit() for c in w) and w.lower() not in allowed and w.lower().rstrip("s") not in allowed]
    if not CJK.search(stripped):
        return words
    # Chinese text: flag runs of three or more English words in a row (an untranslated phrase)
    runs = re.findall(r"(?:[A-Za-z][A-Za-z_'-]*[ ,]+){2,}[A-Za-z][A-Za-z_'-]*", stripped)
    return [run for run in runs
            if sum(w.lower() not in allowed for w in WORD.findall(run)) >= 3]


def untranslated(at, neutral: set[str] = frozenset()) -> list[str]:
    """The visible strings that still contain English, each with the offending words."""
    report = []
    for text in visible_strings(at):
        words = english_left(text, neutral)
        if words:
            report.append(f"{text[:120]!r}: {sorted(set(map(str, words)))[:8]}")
    return report


def item_names(at) -> set[str]:
    """Words of the board's item names and query ids (user data is never translated)."""
    from ui.session import state

    words: set[str] = set()
    board = at.session_state[state.BOARD] if state.BOARD in at.session_state else None
    if board is not None:
        for item in [*board.grades, *board.ranking]:
            words |= set(WORD.findall(str(item)))
    return words


HAN = "\u3400-\u9fff"
#: spans whose ASCII punctuation stays in Chinese text: code, $math$, {placeholders}, URLs, calls of
#: math functions (log2(名次 + 1), min(K, R)) and calls without Chinese inside (AP(rel=2), ndcg_at_k(...)),
#: and one article description's "[1, 1, 0, 1, 0](来自代码注释)", kept to show a link-like text is escaped
KEEPS_ASCII = re.compile(rf"`[^`]*`|\$[^$]*\$|\{{[^{{}}]*\}}|https?://\S+|(?:log\d*|ln|min|max)\([^()]*\)"
                         rf"|\]\([^()]*\)"
                         rf"|[A-Za-z_][\w@]*\([^(){HAN}]*\)")
ASCII_NEXT_TO_CHINESE = re.compile(rf"[{HAN}] ?[,;:?!(]|[,;:?!] ?[{HAN}]|\([^()]*[{HAN}][^()]*\)")


def ascii_punctuation(text: str) -> list[str]:
    """The places where ``text`` puts ASCII , ; : ? ! ( ) next to Chinese (a Chinese sentence uses
    ，；：？！（）), outside code, formulas, placeholders and calls."""
    return [m.group(0) for m in ASCII_NEXT_TO_CHINESE.finditer(KEEPS_ASCII.sub("x", text))]
