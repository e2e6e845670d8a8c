"""The Beyond-accuracy page's three parts (pages/beyond.py), each stepped through like the other explainers and laid
out for one 1280×720 screen at every step (ui.teaching.lecture): one user's list one item at a time (the pairs it
adds) beside the list itself, which the reader can change; the users' lists one at a time joining the catalog's
union; and every user's list joining the mean diversity. No spoilers: a value appears at its step, and the part
that walks every user waits for the first part's list to be walked to its end (its rows are that list's ILS)."""

from __future__ import annotations

import html

import streamlit as st

from metrics import MetricsInputError, hit_rate_at_k, precision_at_k
from metrics.measures.beyond import coverage_explanation, similarity_explanation
from metrics.teaching.coverage_by_list import coverage_by_list_steps
from ui.i18n import N_, headers, relabel_choice, t
from ui.session import state
from ui.shell.routes import page_file
from ui.teaching import explainer, lecture, pacing
from ui.topics import recsys

PAGE = "beyond"
#: the step controls' page keys of the three parts
ONE_LIST, LISTS, EVERY_LIST = f"{PAGE}_ils", f"{PAGE}_coverage", f"{PAGE}_users"
LATER = "?"  #: what stands where a value of a later step would be
LIST_COLUMNS = (N_("rank"), N_("title"), N_("genres"), N_("chosen"))  #: the user's list's columns (list_html)
K = f"{PAGE}_k"  #: the session's K, shared by the three parts
USER, METRIC = f"{PAGE}_user", f"{PAGE}_metric"  #: the user whose list the first part walks; the similarity


def k() -> int:
    """The session's K (every user's top K)."""
    if K not in st.session_state:
        st.session_state[K] = recsys.max_k()
    return st.session_state[K]


def k_slider() -> None:
    """K for every list (shared by the three parts)."""
    st.slider(t("K (look at the top K of every list)"), 1, recsys.max_k(), key=K)


def user() -> str:
    """The user whose list the first part walks."""
    chosen = st.session_state.get(USER)
    return chosen if chosen in recsys.users() else recsys.users()[0]


def metric() -> str:
    """The similarity of two films' genres the session chose (cosine by default)."""
    return st.session_state.get(METRIC, "cosine")


def list_walked(cut: int, similarity: str) -> bool:
    """Whether the first part has shown every step of its user's top-``cut`` list (with ``similarity``): its ILS and
    diversity are then on the page, and every user's may follow."""
    try:
        explanation = similarity_explanation(recsys.top(user(), cut), recsys.features(), metric=similarity)
    except MetricsInputError:  # one item: no pair, no ILS to give away
        return True
    return pacing.current(ONE_LIST, explanation.details["n"]).complete


def rows(table, cut: int):
    """The per-user table as the step window shows it: user, ILS, diversity, precision@K and hit rate@K (their names
    in the reader's language)."""
    return table.rename(columns={name: recsys.column_name(name, cut) for name in table.columns
                                 if name.startswith(("precision@", "hit rate@"))})


# ----------------------------------------------------------------------------- one user's list


def list_html(frame, step: int | None) -> str:
    """The user's list as a static table that wraps (no film or genre cut on a projector or a phone): rank, title,
    genres and whether the user chose the film later; the item the step adds (``step``: its rank, None once every step
    is shown) outlined as the lanes outline theirs and marked ``aria-current``, the later ones dimmed
    (ui/shell/style/lecture.css: ``table.beyond-list``)."""
    heads = "".join(f"<th>{html.escape(t(name))}</th>" for name in LIST_COLUMNS)
    rows = []
    for rank, title, genres, chosen in zip(frame["rank"], frame["title"], frame["genres"], frame["held_out"]):
        mark = (' class="current" aria-current="true"' if rank == step else
                ' class="later"' if step is not None and rank > step else "")
        rows.append(f'<tr data-rank="{rank}"{mark}><td class="mark">{rank}</td><td>{html.escape(title)}</td>'
                    f'<td>{html.escape(genres)}</td><td class="mark">{"✓" if chosen else "·"}</td></tr>')
    return f'<table class="beyond-list"><thead><tr>{heads}</tr></thead><tbody>{"".join(rows)}</tbody></table>'


def list_editor(chosen: str) -> None:
    """"Change the list": a film per rank, picked from the catalog (a film already in the list swaps places), and the
    way back to the recommender's list. The page runs again at once with the changed list."""
    import pandas as pd

    items = recsys.lists()[chosen]
    labels = recsys.film_labels()
    with st.popover(t("Change the list"), icon=":material/edit:",
                    help=t("Pick another film for a rank; a film already in the list swaps places with it.")):
        key = f"{PAGE}_edit_{chosen}_{recsys.changes()}"  # a changed list, a fresh editor
        rank, film = t("rank"), t("film")  # the editor's columns named in the reader's language
        frame = pd.DataFrame({rank: range(1, len(items) + 1), film: [recsys.film_label(i) for i in items]})
        edited = st.data_editor(frame, key=key, hide_index=True, num_rows="fixed", disabled=[rank], width=340,
                                column_config={rank: st.column_config.NumberColumn(rank, width=48),
                                               film: st.column_config.SelectboxColumn(
                                                   film, options=list(labels), required=True, width=260)})
        picked = [labels.get(label) for label in edited[film]]
        if picked != items:  # each changed rank gets the film picked there (a film of the list trades places)
            for rank, (before, film) in enumerate(zip(items, picked), start=1):
                if film is not None and film != before:
                    items = recsys.replaced(items, rank, film)
            recsys.change(chosen, items)
            st.rerun()  # the numbers, the list and a fresh editor from the changed list
        if st.button(t("The recommender's list"), key=f"{PAGE}_restore", disabled=not recsys.changed(chosen),
                     icon=":material/undo:"):
            recsys.change(chosen, None)
            st.rerun()


def one_user() -> None:
    """One user's list (left: the user, K, the similarity, the list and its editor) and its ILS, one item a step
    (right: the headline, the step bar, the worked mean of the pairs so far and the pairs' window); below, the
    pairs' heatmap so far."""
    inputs, numbers = lecture.stage()
    with inputs:
        # labels worked out in this run (a format_func may also be called outside it, e.g. by AppTest)
        user_labels = {name: recsys.user_label(name) for name in recsys.users()}
        similarity_labels = {name: t(label) for name, label in recsys.SIMILARITY_NAMES.items()}
        with lecture.controls():
            relabel_choice(USER)
            st.selectbox(t("User"), recsys.users(), key=USER, format_func=user_labels.get, width=140)
            k_slider()
        listed = st.container(key=f"{PAGE}_list")
        with st.container(horizontal=True, gap="small", key=f"{PAGE}_list_tools"):
            list_editor(user())
            with lecture.conventions():
                st.radio(t("Similarity of two films' genres"), ["cosine", "jaccard"], horizontal=True, key=METRIC,
                         format_func=similarity_labels.get,
                         help=t("Cosine: angle between the 0/1 genre vectors. Jaccard: shared genres / all "
                                "genres of the two."))
    chosen, cut, similarity_name = user(), k(), metric()
    user_hits = recsys.hits(chosen, cut)
    try:
        similarity = similarity_explanation(recsys.top(chosen, cut), recsys.features(), metric=similarity_name)
    except MetricsInputError:
        similarity = None
    step = None
    with numbers:
        if similarity is None:
            columns = lecture.headline_columns(2)
            columns[0].metric(t("precision@{k}").format(k=cut), lecture.value_text(precision_at_k(user_hits, cut)))
            columns[1].metric(t("hit rate@{k}").format(k=cut), lecture.value_text(hit_rate_at_k(user_hits, cut)))
            st.info(t("Intra-list similarity compares pairs of items: raise K to 2 or more."), icon=":material/info:")
        else:
            pace = pacing.begin(ONE_LIST, similarity.details["n"])  # step i: the item at rank i joins, with its pairs
            step = None if pace.complete else pace.step
            pairs = pace.step * (pace.step - 1) // 2
            columns = lecture.headline_columns(4)
            running = similarity.running_at(pairs)["ILS"] if pairs else 0.0
            columns[0].metric(t("ILS (similarity)") if pace.complete else t("{name} so far (step {i})").format(
                name="ILS", i=pace.step), lecture.value_text(running))
            columns[1].metric(t("precision@{k}").format(k=cut), lecture.value_text(precision_at_k(user_hits, cut)))
            columns[2].metric(t("hit rate@{k}").format(k=cut), lecture.value_text(hit_rate_at_k(user_hits, cut)))
            columns[3].metric(t("diversity = 1 − ILS"),
                              lecture.value_text(similarity.details["diversity"]) if pace.complete else LATER)
            pacing.step_bar(ONE_LIST, pace)
            with lecture.sized():
                if pairs:
                    paired = pacing.Pace(pairs, len(similarity.table))
                    folded = lecture.worked(similarity, paired, popovers=False)
                    lecture.step_window(recsys.titled(similarity.table)[
                        ["rank_i", "item_i", "rank_j", "item_j", "similarity", "running_sum", "ILS"]],
                        paired, hit_column=None, unit=N_("pair"), whole_below=False)
                    lecture.formula_popovers(similarity, paired, folded)
                else:
                    with st.container(key="lecture_formula"):
                        st.latex(explainer.tex(similarity.formula))
                    st.caption(t("One item: no pair to compare yet (Next: the item at rank 2 and its pair)."))
    with listed:
        st.html(list_html(recsys.user_list(chosen, cut), step))
    if similarity is not None:  # the pairs of the items so far; the later cells stay empty
        upto = similarity.table.assign(similarity=similarity.table["similarity"].where(
            similarity.table["rank_j"] <= (step or similarity.details["n"])))
        st.plotly_chart(recsys.similarity_heatmap(recsys.similarity_matrix(upto), similarity_name), width="stretch")
    if st.button(t("Explain this list on the other pages"), key=f"{PAGE}_to_board",
                 help=t("Puts this list on the shared board: grade 1 for the films the user chose later.")):
        state.set_board(recsys.user_board(chosen, cut), origin=True)
        st.success(t("{user}'s list is now the example on every explainer page.").format(user=chosen))
        st.page_link(page_file("ndcg"), label=t("Open nDCG"), icon=":material/arrow_forward:")


# ----------------------------------------------------------------------------- coverage


def catalog_coverage() -> None:
    """The users' lists joining the union one at a time: K and the coverage so far (left), the step bar, the worked
    union and the lists' window (right); below, how many lists show each film so far."""
    value, worked = st.columns([0.3, 0.7], gap="medium")
    with value:
        k_slider()
    cut = k()
    lists = recsys.lists()
    by_list = coverage_by_list_steps(lists, recsys.catalog()["item"], k=cut)
    pace = pacing.begin(LISTS, len(by_list.table))  # step u: the list of user u joins the union
    first = dict(list(lists.items())[:pace.step])
    coverage = coverage_explanation(first, recsys.catalog()["item"], k=cut)  # the lists so far, item by item
    with value:
        name = t("Coverage@{k}").format(k=cut)
        with st.container(key="lecture_headline"):
            st.metric(name if pace.complete else t("{name} so far (step {i})").format(name=name, i=pace.step),
                      lecture.value_text(coverage.value))
        st.caption(t("{covered} of {size} items appear in at least one top-{k} list; {never} never do.").format(
            covered=coverage.details["covered"], size=coverage.details["catalog_size"], k=cut,
            never=len(coverage.details["never"])) if pace.complete else t(
            "{covered} of {size} items appear in the first {lists} top-{k} lists.").format(
            covered=coverage.details["covered"], size=coverage.details["catalog_size"], k=cut, lists=pace.step))
    with worked:
        pacing.step_bar(LISTS, pace, unit=N_("user"))
        with lecture.sized():
            folded = lecture.worked(by_list, pace, popovers=False)
            lecture.step_window(by_list.table[["user", "new_items", "n_new", "covered_so_far", "coverage"]], pace,
                                hit_column=None, unit=N_("user"), whole_below=False)
            lecture.formula_popovers(by_list, pace, folded)
    st.plotly_chart(recsys.coverage_bars(coverage.table, cut, coverage.details["users"]), width="stretch")
    with st.expander(t("Every catalog item: how many lists show it")):
        st.dataframe(headers(coverage.table), hide_index=True, width="stretch")


# ----------------------------------------------------------------------------- every user


def every_user() -> None:
    """Every user's list joining the mean diversity one at a time: K and the mean so far (left), the step bar, the
    worked mean and the users' window (ILS, diversity, precision@K and hit rate@K of each; right); the means of all
    four once every list is in, and the users as points of accuracy against diversity. It waits for the first part's
    list to be walked to its end: its first row would give that list's ILS away."""
    value, worked = st.columns([0.3, 0.7], gap="medium")
    with value:
        k_slider()
    cut, similarity_name = k(), metric()
    if cut < 2:
        st.info(t("Diversity needs at least 2 items per list: raise K."), icon=":material/info:")
        return
    if not list_walked(cut, similarity_name):
        with worked:
            st.info(t("Each row here is a list worked out as in the first part: {user}'s list is not walked to its "
                      "end there yet, and its ILS would be given away. Show all of it first.").format(user=user()),
                    icon=":material/visibility_off:")
            st.button(t("Show all of {user}'s list").format(user=user()), key=f"{PAGE}_walk_the_list",
                      on_click=_show_the_list, args=(cut, similarity_name))
        return
    table, diversity, means = recsys.per_user(cut, similarity_name)
    pace = pacing.begin(EVERY_LIST, len(table))  # step u: the list of user u joins the means
    with value, st.container(key="lecture_headline"):
        if pace.complete:
            for name, mean in means.items():
                st.metric(t("mean {name}").format(name=recsys.column_name(name, cut)), lecture.value_text(mean))
        else:
            st.metric(t("{name} so far (step {i})").format(
                name=t("mean {name}").format(name=recsys.column_name("diversity", cut)), i=pace.step),
                lecture.value_text(diversity.running_at(pace.step)[diversity.measure]))
    with worked:
        pacing.step_bar(EVERY_LIST, pace, unit=N_("user"))
        with lecture.sized():
            folded = lecture.worked(diversity, pace, popovers=False)
            lecture.step_window(rows(table, cut), pace, hit_column=None, unit=N_("user"), whole_below=False)
            lecture.formula_popovers(diversity, pace, folded)
    st.plotly_chart(recsys.accuracy_diversity(table.iloc[:pace.step], cut), width="stretch")


def _show_the_list(cut: int, similarity_name: str) -> None:
    """Every step of the first part's list (the button of :func:`every_user`)."""
    total = similarity_explanation(recsys.top(user(), cut), recsys.features(), metric=similarity_name).details["n"]
    pacing.move(ONE_LIST, "end", total)
