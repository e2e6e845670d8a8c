"""Diversity: subtopics (pages/diversity.py): α-nDCG@k, ERR-IA@k, NRBP and subtopic recall on a small board whose
items each cover some subtopics (intents) of an ambiguous query, drawn as a rank × subtopic grid coloured by
subtopic (metrics.measures.diversity computes; ndeval's conventions).

The board lives in the page's widgets: the ranking is a multiselect (its order is the ranking's, ▲ / ▼ move the
chosen item), each subtopic a multiselect of the items that cover it. Subtopics are numbered 1–4 (ndeval's
subtopic numbers); their names and colours are the page's. The board, the measure and its settings travel in the page's
links (:data:`LINK_PARAM`: the address bar, the presenter's QR code), so a shared link opens the same board."""

from __future__ import annotations

from dataclasses import dataclass

import plotly.graph_objects as go
import streamlit as st

from metrics.errors import MetricsInputError
from metrics.explanation import Column, Explanation, num
from metrics.measures import diversity
from ui.data import share
from ui.i18n import N_, relabel_choice, t
from ui.model.board import InputError
from ui.session import state

PAGE = "diversity"
#: the query of the default board, and its subtopics: number -> name (translate with ``t``)
QUERY = N_("jaguar")
SUBTOPICS: dict[str, str] = {"1": N_("animal"), "2": N_("car"), "3": N_("football team"),
                             "4": N_("Mac OS X")}
#: colour-blind-safe colours (Okabe & Ito), one per subtopic: the grid's cells and its columns' headings
COLOURS = {"1": "#E69F00", "2": "#0072B2", "3": "#009E73", "4": "#CC79A7"}
EMPTY_CELL = "#F2F3F5"
#: the items of the default board: id -> (name, the subtopics it covers); a ranking that repeats the car
ITEMS: dict[str, tuple[str, tuple[str, ...]]] = {
    "a": (N_("Jaguar car models"), ("2",)),
    "b": (N_("Jaguar F-Type review"), ("2",)),
    "c": (N_("Big cats of the Americas"), ("1",)),
    "d": (N_("Jaguar Land Rover news"), ("2",)),
    "e": (N_("Jaguars beat the Titans"), ("3",)),
    "f": (N_("Jaguar: habitat and diet"), ("1",)),
    "g": (N_("Jaguar: what the name means"), ("1", "2", "3")),
    "h": (N_("Mac OS X 10.2 Jaguar"), ("4",)),
}
DEFAULT_K = 5

#: the measures the page offers: key -> (its label, the step table's window columns)
MEASURES: dict[str, tuple[str, list[str]]] = {
    "alpha-nDCG": (N_("α-nDCG@k: novelty-discounted DCG"),
                   [Column.RANK, Column.ITEM, "novelty", Column.GAIN, "discounted_gain", "running_sum", "alpha_nDCG"]),
    "ERR-IA": (N_("ERR-IA@k: intent-aware expected reciprocal rank"),
               [Column.RANK, Column.ITEM, "novelty", Column.GAIN, "discounted_gain", "running_sum", "ERR_IA"]),
    "NRBP": (N_("NRBP: novelty- and rank-biased precision"),
             [Column.RANK, Column.ITEM, "novelty", Column.GAIN, "patience", "contribution", "NRBP"]),
    "S-recall": (N_("S-recall@k: subtopic recall"),
                 [Column.RANK, Column.ITEM, "subtopics", "new_subtopics", "covered_so_far", "S_recall"]),
}
#: what each measure rewards, in one sentence (the caption under the picker)
SENTENCES: dict[str, str] = {
    "alpha-nDCG": N_("Each subtopic's gain is worth (1 − α)^c at its (c+1)-th sighting, discounted by log₂(i+1) "
                     "and divided by the same sum over the greedy ideal ranking (Clarke et al., SIGIR 2008)."),
    "ERR-IA": N_("ERR for each subtopic, averaged: a reader interested in one subtopic stops at a covering item "
                 "with the chance α; divided by its value when every item covers every subtopic, as ndeval does "
                 "(Chapelle et al., CIKM 2009)."),
    "NRBP": N_("RBP with novelty: the reader goes on with the chance β after every rank, over the whole ranking "
               "(no cut-off); scaled by (1 − (1 − α)β) / |S| (Clarke, Kolla & Vechtomova, ICTIR 2009)."),
    "S-recall": N_("The share of the subtopics covered by the top k items, however often each is covered "
                   "(Zhai, Cohen & Lafferty, SIGIR 2003)."),
}
ALPHAS = (0.05, 0.95)  #: the α slider's range (ndeval: 0.5)
BETAS = (0.05, 0.95)  #: NRBP's β slider's range (ndeval: 0.5)

#: the page's keys
CHOICE, ALPHA, BETA, K = (state.page_key(PAGE, name) for name in ("measure", "alpha", "beta", "k"))
RANKING, MOVED = state.page_key(PAGE, "ranking"), state.page_key(PAGE, "moved")
NO_SUBTOPIC = N_("No item covers a subtopic: every measure here would be 0. Add at least one item to a "
                 "subtopic's list (or press Reset).")
NO_RANKING = N_("The ranking is empty: add at least one item to it (or press Reset).")


LINK_PARAM = "d"  #: the query parameter that carries the page's board (:func:`link_text`)
LINK_VERSION = "1"
LINK_FAILED = N_("The link's diversity board could not be read: {reason}; showing the example board.")


def covers_key(subtopic: str) -> str:
    """The key of the multiselect of the items that cover ``subtopic``."""
    return state.page_key(PAGE, f"covers_{subtopic}")


@dataclass(frozen=True)
class DiversityBoard:
    """What the page computes with: the ranking (item names, top first), every item's covered subtopics and the
    names of the items (in the reader's language)."""

    ranking: tuple[str, ...]
    covers: dict[str, tuple[str, ...]]

    def judgments(self) -> dict[str, dict[str, int]]:
        """ndeval's judgments: every item judged, grade 1 for each subtopic it covers."""
        return {item: dict.fromkeys(cover, 1) for item, cover in self.covers.items()}

    def subtopics(self) -> tuple[str, ...]:
        """S: the subtopics some item covers (the others are ignored, as ndeval ignores them)."""
        return diversity.covered_subtopics(self.judgments())[0]


def item_names() -> dict[str, str]:
    """Item id -> its name in the reader's language."""
    return {item: t(name) for item, (name, _) in ITEMS.items()}


def subtopic_label(subtopic: str) -> str:
    """"2 · car": the subtopic's number and name (the grid's heading of its column, in its colour)."""
    return f"{subtopic} · {t(SUBTOPICS[subtopic])}"


def reset() -> None:
    """The default board: every item ranked in its order, the default coverage, the default measure settings."""
    st.session_state[RANKING] = list(ITEMS)
    for subtopic in SUBTOPICS:
        st.session_state[covers_key(subtopic)] = [item for item, (_, cover) in ITEMS.items() if subtopic in cover]
    st.session_state[K] = DEFAULT_K
    st.session_state[ALPHA] = diversity.ALPHA
    st.session_state[BETA] = diversity.BETA


@dataclass(frozen=True)
class Linked:
    """What a link to the page holds: the ranking and each subtopic's covering items (item ids), k, α, β and the
    measure (a key of :data:`MEASURES`)."""

    ranking: tuple[str, ...]
    covers: dict[str, tuple[str, ...]]
    k: int
    alpha: float
    beta: float
    choice: str


def link_text(linked: Linked) -> str:
    """The page's state as the text of :data:`LINK_PARAM`: ``1.`` (the format's version), the ranking's item ids,
    each subtopic's covering ids, k, α and β in hundredths, and the measure, joined by dots (URL-safe as it is).

    >>> link_text(Linked(("g", "a", "c"), {"1": ("c", "g"), "2": ("a",), "3": (), "4": ()}, 2, 0.5, 0.65, "ERR-IA"))
    '1.gac.cg.a...2.50.65.ERR-IA'
    """
    covers = (_ids(linked.covers.get(subtopic, ())) for subtopic in SUBTOPICS)
    return ".".join((LINK_VERSION, _ids(linked.ranking), *covers, str(linked.k), str(round(linked.alpha * 100)),
                     str(round(linked.beta * 100)), linked.choice))


def _ids(items) -> str:
    return "".join(items)


def read_link(text: str) -> Linked:
    """The :class:`Linked` state of a link's text (:func:`link_text`); an InputError naming what is wrong with it.

    >>> read_link("1.gac.cg.a...2.50.65.ERR-IA").ranking
    ('g', 'a', 'c')
    >>> read_link("1.gaz.cg.a...2.50.65.ERR-IA")
    Traceback (most recent call last):
    ...
    ui.model.board.InputError: unknown item 'z' in the ranking
    """
    parts = str(text).split(".")
    if len(parts) != 6 + len(SUBTOPICS) or parts[0] != LINK_VERSION:
        raise InputError(N_("not a diversity board of this app (format {version})"), version=LINK_VERSION)
    ranking = _read_ids(parts[1])
    covers = {subtopic: _read_ids(part, subtopic)
              for subtopic, part in zip(SUBTOPICS, parts[2:2 + len(SUBTOPICS)])}
    k = _read_int(parts[-4], "k", 1, len(ITEMS))
    alpha = _read_int(parts[-3], "α", *(round(a * 100) for a in ALPHAS), step=5)  # the sliders' steps of 0.05
    beta = _read_int(parts[-2], "β", *(round(b * 100) for b in BETAS), step=5)
    if parts[-1] not in MEASURES:
        raise InputError(N_("unknown measure {measure!r}"), measure=parts[-1][:24])
    return Linked(ranking, covers, k, alpha / 100, beta / 100, parts[-1])


def _read_ids(text: str, subtopic: str | None = None) -> tuple[str, ...]:
    """The item ids of the ranking (``subtopic`` None) or of a subtopic's covering items."""
    for item in text:
        if item not in ITEMS:
            if subtopic is None:
                raise InputError(N_("unknown item {item!r} in the ranking"), item=item)
            raise InputError(N_("unknown item {item!r} among subtopic {number}'s items"), item=item, number=subtopic)
    if len(set(text)) != len(text):
        if subtopic is None:
            raise InputError(N_("an item twice in the ranking"))
        raise InputError(N_("an item twice among subtopic {number}'s items"), number=subtopic)
    return tuple(text)


def _read_int(text: str, name: str, low: int, high: int, step: int = 1) -> int:
    """A whole number from ``low`` to ``high``, a multiple of ``step``."""
    if not (text.isascii() and text.isdigit()) or not low <= int(text) <= high or int(text) % step:
        if step == 1:
            raise InputError(N_("{name} must be a whole number from {low} to {high}, got {value!r}"), name=name,
                             low=low, high=high, value=text[:12])
        raise InputError(N_("{name} must be a multiple of {step} from {low} to {high}, got {value!r}"), name=name,
                         step=step, low=low, high=high, value=text[:12])
    return int(text)


def restore(linked: Linked) -> None:
    """Put a link's board and settings into the page's widgets."""
    st.session_state[RANKING] = list(linked.ranking)
    for subtopic in SUBTOPICS:
        st.session_state[covers_key(subtopic)] = list(linked.covers[subtopic])
    st.session_state[K], st.session_state[ALPHA], st.session_state[BETA] = linked.k, linked.alpha, linked.beta
    st.session_state[CHOICE] = linked.choice


def keep_in_link(choice: str, alpha: float, beta: float, k: int) -> None:
    """The page's board and settings in its links (the address bar, the presenter's QR code) from this run on."""
    ranking = tuple(st.session_state.get(RANKING, ()))
    covers = {subtopic: tuple(st.session_state.get(covers_key(subtopic), ())) for subtopic in SUBTOPICS}
    share.keep_in_link(LINK_PARAM, link_text(Linked(ranking, covers, k, alpha, beta, choice)))


def start() -> None:
    """The default board on the page's first run in a session, or the board of the page's link when it has one
    (a warning in the reader's language when it cannot be read); the sliders' values kept while a measure without
    them is shown (Streamlit forgets the value of a widget a run does not draw: S-recall has no α, NRBP no k)."""
    if RANKING not in st.session_state:
        reset()
        text = st.query_params.get(LINK_PARAM)
        if text is not None:
            try:
                restore(read_link(text))
            except MetricsInputError as error:
                st.warning(t(LINK_FAILED).format(reason=share.literal(state.message(error))),
                           icon=":material/link_off:")
    for key, default in ((K, DEFAULT_K), (ALPHA, diversity.ALPHA), (BETA, diversity.BETA)):
        st.session_state[key] = st.session_state.get(key, default)
    ranked = len(st.session_state.get(RANKING, []))  # k within the ranking (a shorter one takes k down with it)
    st.session_state[K] = min(max(int(st.session_state[K]), 1), max(ranked, 1))


def move(offset: int) -> None:
    """▲ / ▼: the chosen item one rank up (``offset`` −1) or down (+1)."""
    ranking = list(st.session_state.get(RANKING, []))
    item = st.session_state.get(MOVED)
    if item not in ranking:
        return
    i = ranking.index(item)
    j = min(max(i + offset, 0), len(ranking) - 1)
    ranking[i], ranking[j] = ranking[j], ranking[i]
    st.session_state[RANKING] = ranking


def board() -> DiversityBoard:
    """The board the widgets hold, with the items' names."""
    names = item_names()
    ranked = [item for item in st.session_state.get(RANKING, []) if item in names]
    covers = {names[item]: tuple(s for s in SUBTOPICS if item in st.session_state.get(covers_key(s), []))
              for item in names}
    return DiversityBoard(tuple(names[item] for item in ranked), covers)


def editors() -> None:
    """The board's widgets: the ranking, ▲ / ▼ for one of its items, and each subtopic's covering items."""
    names = item_names()
    shown = names.get
    st.multiselect(t("Ranking, top first (the order you add items in)"), list(names), key=RANKING,
                   format_func=shown, placeholder=t("Add items to rank"))
    ranked = list(st.session_state.get(RANKING, []))
    if ranked:
        if st.session_state.get(MOVED) not in ranked:
            st.session_state[MOVED] = ranked[0]
        with st.container(horizontal=True, vertical_alignment="bottom", gap="small", key="diversity_move"):
            st.selectbox(t("Move"), ranked, key=MOVED, format_func=shown, width=200)
            st.button("▲", key=state.page_key(PAGE, "up"), help=t("One rank up"), on_click=move, args=(-1,))
            st.button("▼", key=state.page_key(PAGE, "down"), help=t("One rank down"), on_click=move, args=(1,))
    st.caption(t("Which items cover which subtopic:"))
    for subtopic in SUBTOPICS:
        st.multiselect(subtopic_label(subtopic), list(names), key=covers_key(subtopic), format_func=shown,
                       placeholder=t("No item covers it"))


def picker(where) -> str:
    """The measure picker (a selectbox in ``where``): the chosen key of :data:`MEASURES`."""
    labels = {choice: t(label) for choice, (label, _) in MEASURES.items()}
    relabel_choice(CHOICE)
    with where:
        return st.selectbox(t("Measure"), list(labels), key=CHOICE, format_func=labels.get,
                            label_visibility="collapsed")


def settings(choice: str, ranked: int) -> tuple[float, float, int]:
    """α, β and k as the page computes with them now (k within the ranking's length)."""
    alpha = round(float(st.session_state.get(ALPHA, diversity.ALPHA)), 2)
    beta = round(float(st.session_state.get(BETA, diversity.BETA)), 2)
    k = min(max(int(st.session_state.get(K, DEFAULT_K)), 1), max(ranked, 1))
    return alpha, beta, k


def explain(board: DiversityBoard, choice: str, alpha: float, beta: float, k: int) -> Explanation:
    """``choice``'s step table on the board (metrics.measures.diversity)."""
    ranking, judgments = list(board.ranking), board.judgments()
    if choice == "alpha-nDCG":
        return diversity.alpha_ndcg_steps(ranking, judgments, k, alpha)
    if choice == "ERR-IA":
        return diversity.err_ia_steps(ranking, judgments, k, alpha)
    if choice == "NRBP":
        return diversity.nrbp_steps(ranking, judgments, alpha, beta)
    return diversity.subtopic_recall_steps(ranking, judgments, k)


def ideal(board: DiversityBoard, alpha: float, depth: int) -> list[str]:
    """ndeval's greedy ideal ordering of the board's items (α-nDCG's denominator), ``depth`` ranks."""
    _, covers = diversity.covered_subtopics(board.judgments())
    return diversity.ideal_ranking(covers, board.subtopics(), alpha, depth)


def controls(choice: str, ranked: int) -> None:
    """The measure's sliders: α (not for S-recall), k (not for NRBP, which reads the whole ranking), β (NRBP)."""
    if choice != "NRBP":
        if ranked > 1:
            st.slider(t("Cut-off k"), 1, ranked, key=K)
        else:
            st.caption(t("k = 1: there is only one rank."))
    if choice != "S-recall":
        st.slider(t("Novelty α"), *ALPHAS, step=0.05, key=ALPHA,
                  help=t("How much a subtopic's gain shrinks each time it is seen again: (1 − α) per sighting. "
                         "0.5 in the TREC Web track (ndeval)."))
    if choice == "NRBP":
        st.slider(t("Persistence β"), *BETAS, step=0.05, key=BETA,
                  help=t("The chance of going on after each rank (RBP's p)."))


def grid(board: DiversityBoard, alpha: float, step: int | None, depth: int | None) -> go.Figure:
    """The ranking as a rank × subtopic grid: a row per rank (top first), a column per subtopic; a cell in the
    subtopic's colour when the item covers it, holding its novelty discount (1 − α)^c (c: the items above that
    cover it) for the ranks walked so far (``step``; None: all), so later gains are not given away. Ranks past
    the cut-off ``depth`` (None: none) are paler; the current rank is outlined."""
    subtopics = list(SUBTOPICS)
    walk = diversity.novelty_walk(list(board.ranking), board.covers, tuple(subtopics), alpha)
    shapes, xs, ys, texts = [], [], [], []
    for rank, row in enumerate(walk, 1):
        for column, subtopic in enumerate(subtopics):
            covered = subtopic in row["subtopics"]
            colour = COLOURS[subtopic] if covered else EMPTY_CELL
            if depth is not None and rank > depth:
                colour = _paler(colour)
            shapes.append(dict(type="rect", x0=column - 0.46, x1=column + 0.46, y0=rank - 0.44, y1=rank + 0.44,
                               fillcolor=colour, line=dict(width=0), layer="below"))
            if covered and (step is None or rank <= step):
                xs.append(column)
                ys.append(rank)
                texts.append(num(row["novelty"][row["subtopics"].index(subtopic)]))
    if step is not None and walk:  # the current rank outlined
        current = min(step, len(walk))
        shapes.append(dict(type="rect", x0=-0.5, x1=len(subtopics) - 0.5, y0=current - 0.5, y1=current + 0.5,
                           line=dict(color="#111111", width=3), fillcolor="rgba(0,0,0,0)", layer="above"))
    traces = [go.Scatter(x=xs, y=ys, mode="text", text=texts, textfont=dict(size=15, color="#111111"),
                         hoverinfo="skip", showlegend=False)]
    figure = go.Figure(traces)
    ranks = list(range(1, len(walk) + 1))
    figure.update_layout(
        height=70 + 36 * max(len(walk), 1), margin=dict(l=0, r=0, t=72, b=0), font=dict(size=14),
        plot_bgcolor="white", shapes=shapes, dragmode=False,
        xaxis=dict(side="top", fixedrange=True, showgrid=False, zeroline=False, range=[-0.5, len(subtopics) - 0.5],
                   tickvals=list(range(len(subtopics))), ticktext=[_heading(s) for s in subtopics], tickangle=0,
                   tickfont=dict(size=13)),
        yaxis=dict(fixedrange=True, showgrid=False, zeroline=False, range=[len(walk) + 0.5, 0.5], tickvals=ranks,
                   ticktext=[f"{rank} · {_short(item)}" for rank, item in zip(ranks, board.ranking)]))
    return figure


def _heading(subtopic: str) -> str:
    """A column's heading, the grid's legend: a square in the subtopic's colour, its number and its name on at most
    two short lines (plotly's own markup; the name is the page's, never the user's), so four columns fit a phone."""
    name = _short(t(SUBTOPICS[subtopic]), 14)
    if _width(name) > 6:
        cut = name.find(" ") if " " in name else len(name) // 2
        name = name[:cut] + "<br>" + name[cut:].strip()
    return f"<span style='color:{COLOURS[subtopic]}'>■</span> {subtopic}<br>{name}"


def _width(text: str) -> int:
    """``text``'s width in Latin letters: a Chinese character counts two."""
    return sum(2 if ord(c) >= 0x2E80 else 1 for c in text)


def _short(text: str, limit: int = 18) -> str:
    """``text`` cut to ``limit`` Latin letters' width (a Chinese character two) with an ellipsis (the grid's
    labels)."""
    if _width(text) <= limit:
        return text
    while _width(text) > limit - 1:
        text = text[:-1]
    return text + "…"


def _paler(colour: str) -> str:
    """``colour`` (#RRGGBB) mixed 65 % with white: a rank past the cut-off."""
    red, green, blue = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(c + (255 - c) * 0.65):02X}" for c in (red, green, blue))
