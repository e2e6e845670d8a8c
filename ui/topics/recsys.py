"""The recommender sample of ``sample_data/recsys/`` (10 users' top-10 lists over a 40-item
catalog), loaded once per server with ``st.cache_data``, the lists as this session changed them (a film
replaced or two swapped: :func:`lists`), and the tables and figures of the Beyond-accuracy page. Every number
comes from ``metrics``; this module only shapes inputs and outputs."""

from __future__ import annotations

import html
from pathlib import Path

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from metrics import evaluate
from metrics.explanation import Explanation, num
from metrics.measures.beyond import diversity_steps
from ui.charts import ACCENT, MISS, SECOND, figure
from ui.i18n import N_, language, pt, t
from ui.model.board import Board

DATA = Path(__file__).resolve().parents[2] / "sample_data" / "recsys"
SIMILARITY_NAMES = {"cosine": N_("cosine"), "jaccard": N_("Jaccard")}
#: the title of the similarity heatmap, one whole sentence per similarity (the word order differs in Chinese)
SIMILARITY_TITLES = {"cosine": N_("cosine similarity of each pair (row i, column j > i)"),
                     "jaccard": N_("Jaccard similarity of each pair (row i, column j > i)")}
#: the columns of the per-user table and of the user's list, as :func:`column_names` shows them
USER_COLUMNS = (N_("user"), N_("ILS"), N_("diversity"), N_("title"), N_("genres"), N_("held_out"))


# ----------------------------------------------------------------------------- loaders


@st.cache_data(show_spinner=False)
def recommendations() -> dict[str, list[str]]:
    """``{user: [item, ...]}``, rank 1 first, from recommendations.csv."""
    frame = pd.read_csv(DATA / "recommendations.csv", dtype={"user": str, "item": str})
    ordered = frame.sort_values(["user", "rank"], kind="mergesort")
    return {user: group["item"].tolist() for user, group in ordered.groupby("user", sort=True)}


@st.cache_data(show_spinner=False)
def held_out() -> dict[str, list[str]]:
    """``{user: [item, ...]}``: the items each user chose later (the accuracy ground truth)."""
    frame = pd.read_csv(DATA / "held_out.csv", dtype={"user": str, "item": str})
    return {user: group["item"].tolist() for user, group in frame.groupby("user", sort=True)}


@st.cache_data(show_spinner=False)
def features() -> pd.DataFrame:
    """0/1 genre flags, one row per item (index ``item``), one column per genre."""
    return pd.read_csv(DATA / "item_features.csv", dtype={"item": str}).set_index("item")


@st.cache_data(show_spinner=False)
def catalog() -> pd.DataFrame:
    """Every item that could be recommended: columns ``item, title``."""
    return pd.read_csv(DATA / "catalog.csv", dtype={"item": str, "title": str})


def users() -> list[str]:
    return list(recommendations())


def max_k() -> int:
    return max(len(items) for items in recommendations().values())


# ----------------------------------------------------------------------------- the lists, as changed here

#: the session's changed lists: ``{user: (item, ...)}``, rank 1 first (a user not in it has the recommender's list)
CHANGED = "beyond_lists"


def lists() -> dict[str, list[str]]:
    """Every user's list as this session has it: the recommender's, or the one changed on the page."""
    changed = st.session_state.get(CHANGED, {})
    return {user: list(changed.get(user, items)) for user, items in recommendations().items()}


def changed(user: str) -> bool:
    """Whether ``user``'s list is no longer the recommender's."""
    return user in st.session_state.get(CHANGED, {})


def replaced(items: list[str], rank: int, item: str) -> list[str]:
    """``items`` with ``item`` at ``rank`` (1 = the first): a film already in the list at another rank trades places
    with the one there (a swap: the list keeps each film once); another film takes its place.

    >>> replaced(["a", "b", "c"], 1, "c"), replaced(["a", "b", "c"], 2, "x"), replaced(["a", "b"], 2, "b")
    (['c', 'b', 'a'], ['a', 'x', 'c'], ['a', 'b'])
    """
    out = list(items)
    position = rank - 1
    if item in out:
        other = out.index(item)
        out[other], out[position] = out[position], out[other]
    else:
        out[position] = item
    return out


#: how many times this session changed a list: the list editor's key carries it (a changed list, a fresh editor)
CHANGES = "beyond_lists_changes"


def changes() -> int:
    """How many times this session changed a list (:data:`CHANGES`)."""
    return st.session_state.get(CHANGES, 0)


def change(user: str, items: list[str] | None) -> None:
    """Give ``user`` the list ``items`` (None, or the recommender's own: back to the recommender's)."""
    st.session_state[CHANGES] = changes() + 1
    now = dict(st.session_state.get(CHANGED, {}))
    if items is None or list(items) == recommendations()[user]:
        now.pop(user, None)
    else:
        now[user] = tuple(items)
    st.session_state[CHANGED] = now


def film_label(item: str) -> str:
    """A film as the list editor offers it: its title and its id, "Frozen Summer · m01"."""
    return f"{_titles().get(item, '')} · {item}"


def film_labels() -> dict[str, str]:
    """Every catalog film: its label (:func:`film_label`) -> its id, in the catalog's order."""
    return {film_label(item): item for item in catalog()["item"]}


# ----------------------------------------------------------------------------- tables


def _titles() -> dict[str, str]:
    frame = catalog()
    return dict(zip(frame["item"], frame["title"]))


#: the genres of the sample's item_features.csv, for the catalogue (shown through ``t``)
GENRES = (N_("action"), N_("comedy"), N_("drama"), N_("scifi"), N_("romance"), N_("animation"))


@st.cache_data(show_spinner=False)
def _genres() -> dict[str, tuple[str, ...]]:
    """item -> its genres (once per server: a cached DataFrame is copied on every call)."""
    frame = features()
    return {item: tuple(str(genre) for genre, flag in row.items() if flag) for item, row in frame.iterrows()}


def genres(items: list[str]) -> list[str]:
    """The items' genres in the reader's language, e.g. "action, comedy" (动作、喜剧)."""
    of = _genres()
    return [pt("words", ", ").join(t(genre) for genre in of[item]) for item in items]


def top(user: str, k: int) -> list[str]:
    return lists()[user][:k]


def user_list(user: str, k: int) -> pd.DataFrame:
    """The user's top-k list: rank, item, title, genres, and whether the user chose it later."""
    chosen = set(held_out().get(user, []))
    titles = _titles()
    items = top(user, k)
    return pd.DataFrame({
        "rank": range(1, len(items) + 1),
        "item": items,
        "title": [titles.get(i, "") for i in items],
        "genres": genres(items),
        "held_out": [i in chosen for i in items],
    })


def titled(pairs: pd.DataFrame) -> pd.DataFrame:
    """A pair table (``item_i``, ``item_j``) with the films' titles for their ids, as the user's list names them."""
    titles = _titles()
    return pairs.assign(item_i=[titles.get(i, i) for i in pairs["item_i"]],
                        item_j=[titles.get(j, j) for j in pairs["item_j"]])


def hits(user: str, k: int) -> list[int]:
    """1 where the user's top-k item is one of their held-out items, else 0 (ranked order)."""
    chosen = set(held_out().get(user, []))
    return [1 if item in chosen else 0 for item in top(user, k)]


def accuracy(k: int, listed: tuple[tuple[str, tuple[str, ...]], ...]):
    """P@k and hit rate@k (``Success@k``) of every user's list of ``listed`` against the held-out items."""
    run = pd.DataFrame([(user, item, rank) for user, items in listed
                        for rank, item in enumerate(items, start=1)], columns=["query", "item", "rank"])
    qrels = pd.DataFrame([(user, item, 1) for user, items in held_out().items() for item in items],
                         columns=["query", "item", "rel"])
    return evaluate(qrels, run, [f"P@{k}", f"Success@{k}"])


def per_user(k: int, metric: str) -> tuple[pd.DataFrame, Explanation, dict[str, float]]:
    """One row per user's list as this session has it (ILS, diversity, P@k, hit rate@k), the diversity explanation
    and the means."""
    return _per_user(k, metric, tuple((user, tuple(items)) for user, items in lists().items()))


@st.cache_data(show_spinner=False, max_entries=64)
def _per_user(k: int, metric: str, listed: tuple[tuple[str, tuple[str, ...]], ...]):
    """:func:`per_user` of the lists ``listed`` (once per lists, k and similarity)."""
    diversity = diversity_steps({user: list(items) for user, items in listed}, features(), metric=metric, k=k)
    evaluation = accuracy(k, listed)
    table = diversity.table[["user", "ILS", "diversity"]].set_index("user")
    scores = evaluation.per_query.rename(columns={f"P@{k}": f"precision@{k}", f"Success@{k}": f"hit rate@{k}"})
    table = table.join(scores).reset_index()
    means = {"ILS": diversity.details["mean_ILS"], "diversity": diversity.value,
             f"precision@{k}": evaluation.aggregate[f"P@{k}"], f"hit rate@{k}": evaluation.aggregate[f"Success@{k}"]}
    return table, diversity, means


def with_mean_row(table: pd.DataFrame, means: dict[str, float], label: str = "mean") -> pd.DataFrame:
    """The per-user table with the means as a last row labelled ``label`` ("mean")."""
    return pd.concat([table, pd.DataFrame([{"user": label, **means}])], ignore_index=True)


def column_name(name: str, k: int) -> str:
    """A column of the per-user table (or a key of its means) in the reader's language:
    ``precision@{k}`` and ``hit rate@{k}`` carry K, the others are words of the catalogue."""
    if name == f"precision@{k}":
        return t("precision@{k}").format(k=k)
    if name == f"hit rate@{k}":
        return t("hit rate@{k}").format(k=k)
    return t(name)


def user_label(user: str) -> str:
    """A user id as the user picker shows it: the id itself in English, "用户 u01" in Chinese
    (an id alone reads as an untranslated word there)."""
    return user if language() == "en" else t("user {user}").format(user=user)


def similarity_matrix(pairs: pd.DataFrame) -> pd.DataFrame:
    """The pair table of ``similarity_steps`` as a matrix: row rank i, column rank j > i
    (ranks 1..n-1 down, 2..n across; the cells below the diagonal are empty)."""
    ranks = np.concatenate([pairs["rank_i"].to_numpy(int), pairs["rank_j"].to_numpy(int)])
    items = np.concatenate([pairs["item_i"].to_numpy(object), pairs["item_j"].to_numpy(object)])
    labels = dict(zip(ranks.tolist(), (f"{rank}. {item}" for rank, item in zip(ranks, items))))
    order = sorted(labels)
    position = {rank: index for index, rank in enumerate(order)}
    # row i pairs with the later columns j > i: the last row and the first column stay empty
    values = np.full((len(order), len(order)), np.nan)
    values[[position[r] for r in pairs["rank_i"]], [position[r] for r in pairs["rank_j"]]] = pairs["similarity"]
    names = [labels[r] for r in order]
    return pd.DataFrame(values[:-1, 1:], index=names[:-1], columns=names[1:])


def user_board(user: str, k: int) -> Board:
    """The user's whole list as a board: grade 1 for held-out items, 0 otherwise; held-out
    items that were not recommended wait in the pool."""
    ranked = lists()[user]
    chosen = held_out().get(user, [])
    grades = {item: (1 if item in chosen else 0) for item in ranked}
    grades |= {item: 1 for item in chosen if item not in grades}
    # written in the reader's language when the list is put on the board (a user id cannot be looked up later)
    return Board(grades=grades, ranking=tuple(ranked), k=max(1, min(k, len(ranked))),
                 title=t("Recommender sample: user {user}'s top-{n} list").format(user=user, n=len(ranked)),
                 note=t("Grade 1 = one of {user}'s held-out items (chosen later); grade 0 = not chosen. "
                        "Held-out items the recommender missed wait in the pool.").format(user=user))


# ----------------------------------------------------------------------------- figures


def _label(text, limit: int = 14) -> str:
    text = str(text)
    return html.escape(text if len(text) <= limit else text[: limit - 1] + "…")


def coverage_bars(table: pd.DataFrame, k: int, users: int) -> go.Figure:
    """How many top-k lists show each catalog item, most recommended first; × = never shown."""
    titles = _titles()
    names = [_label(i) for i in table["item"]]
    hover = [t("{item} · {title}: in {times} of {users} lists").format(
                 item=_label(i), title=_label(titles.get(i, ""), 30), times=times, users=users)
             for i, times in zip(table["item"], table["times_recommended"])]
    traces = [dict(type="bar", x=names, y=list(table["times_recommended"]), name=t("in this many lists"),
                   marker=dict(color=[ACCENT if c else MISS for c in table["covered"]]),
                   hovertext=hover, hoverinfo="text")]
    never = table[~table["covered"]]
    if len(never):
        traces.append(dict(type="scatter", x=[_label(i) for i in never["item"]], y=[0] * len(never), mode="markers",
                           marker=dict(symbol="x", size=14, color=SECOND), name=t("never recommended"),
                           hoverinfo="skip"))
    return figure(traces, t("How many users' top-{k} lists show each item (most recommended first)").format(k=k),
                   t("catalog item"), t("lists showing it"), 380,
                   xaxis=dict(tickangle=-60, tickfont=dict(size=14), categoryorder="array", categoryarray=names,
                              tickmode="array", tickvals=names, ticktext=names),
                   yaxis=dict(range=[-0.6, users + 0.5], dtick=1 if users <= 12 else None))


def similarity_heatmap(matrix: pd.DataFrame, metric: str) -> go.Figure:
    """Pairwise similarities of one list; each coloured cell is one pair i < j of the ILS sum."""
    values = matrix.to_numpy(dtype=float)
    text = [["" if np.isnan(v) else num(v, 2) for v in row] for row in values]
    trace = dict(type="heatmap", z=values, x=[_label(c) for c in matrix.columns], y=[_label(r) for r in matrix.index],
                 zmin=0, zmax=1, colorscale="Blues", text=text, texttemplate="%{text}", textfont=dict(size=15),
                 xgap=2, ygap=2, showscale=False, hovertemplate="%{y} × %{x}: %{z:.4f}<extra></extra>")
    title = t(SIMILARITY_TITLES[metric]) if metric in SIMILARITY_TITLES else \
        f"{metric} similarity of each pair (row i, column j > i)"
    return figure([trace], title,
                   "", "", 520, xaxis=dict(side="bottom", tickangle=-45), yaxis=dict(autorange="reversed"))


def accuracy_diversity(table: pd.DataFrame, k: int) -> go.Figure:
    """Each user as a point: diversity of the list against its precision@k."""
    top = float(table[f"precision@{k}"].max()) or 0.1
    trace = dict(type="scatter", x=list(table["diversity"]), y=list(table[f"precision@{k}"]), mode="markers+text",
                 text=[_label(u) for u in table["user"]], textposition="top center",
                 marker=dict(size=14, color=ACCENT), name=t("user"),
                 hovertemplate=t("%{text}: diversity %{x:.3f}, precision %{y:.3f}") + "<extra></extra>")
    return figure([trace], t("Accuracy against diversity, one point per user (top {k})").format(k=k),
                   t("intra-list diversity (1 − ILS)"), t("precision@{k}").format(k=k), 380,
                   yaxis=dict(range=[-0.04 * top, 1.3 * top]))  # room for the labels above the points
