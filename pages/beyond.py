"""Beyond accuracy: catalog coverage and intra-list diversity of a small recommender, stepped through like
the other explainers: one user's list one item at a time (the pairs it adds), the users' lists one list
at a time (ui.teaching.pacing; the final values only at the last step)."""

import streamlit as st

from metrics import MetricsInputError, hit_rate_at_k, precision_at_k
from metrics.measures.beyond import coverage_explanation, similarity_explanation
from metrics.teaching.coverage_by_list import coverage_by_list_steps
from ui.i18n import headers, relabel_choice, t
from ui.session import state
from ui.shell.routes import page_file
from ui.teaching import explainer, lecture, pacing
from ui.topics import recsys

PAGE = "beyond"
#: the step controls' page keys of the three tabs
ONE_LIST, LISTS, EVERY_LIST = f"{PAGE}_ils", f"{PAGE}_coverage", f"{PAGE}_users"
#: what stands where a value of a later step would be
LATER = "?"

st.title(t("Beyond accuracy — coverage and diversity"))
st.caption(t("A small recommender: top-{k} lists for {users} users over a catalog of {films} films, and the films "
             "each user chose later (held out).").format(k=recsys.max_k(), users=len(recsys.users()),
                                                         films=len(recsys.catalog())))

tabs = explainer.lazy_tabs(PAGE, "parts", [t("One user's list: intra-list similarity"), t("Catalog coverage"),
                                           t("Every user: diversity against accuracy")])
one_user, catalog, everyone = tabs
k = st.session_state.get(f"{PAGE}_k", recsys.max_k())


def k_slider() -> None:
    """K for every list (shared by the three tabs)."""
    st.slider(t("K (look at the top K of every list)"), 1, recsys.max_k(), key=f"{PAGE}_k")


if f"{PAGE}_k" not in st.session_state:
    st.session_state[f"{PAGE}_k"] = recsys.max_k()
if one_user:
    with one_user:
        inputs, numbers = lecture.stage()
    # ----------------------------------------------------------------------- one user's list
    with inputs:
        # labels worked out in this run (a format_func may also be called outside it, e.g. by AppTest)
        user_labels = {user: recsys.user_label(user) for user in recsys.users()}
        similarity_labels = {name: t(label) for name, label in recsys.SIMILARITY_NAMES.items()}
        pick, cut = st.columns([2, 3])
        relabel_choice(f"{PAGE}_user")
        user = pick.selectbox(t("User"), recsys.users(), key=f"{PAGE}_user", format_func=user_labels.get)
        with cut:
            k_slider()
        st.dataframe(headers(recsys.user_list(user, k)), hide_index=True, width="stretch", row_height=30, column_config={
            t("rank"): st.column_config.NumberColumn(t("rank"), width=48),
            t("title"): st.column_config.TextColumn(t("title"), width=140),
            t("genres"): st.column_config.TextColumn(t("genres"), width=160),
            t("item"): None,  # the title says which film it is
            t("held_out"): st.column_config.CheckboxColumn(t("chosen"), width=64,
                                                           help=t("Chosen by the user later: one of the held-out "
                                                                  "items"))})
    with numbers:
        metric = st.radio(t("Similarity of two films' genres"), ["cosine", "jaccard"], horizontal=True,
                          key=f"{PAGE}_metric", format_func=similarity_labels.get,
                          help=t("Cosine: angle between the 0/1 genre vectors. Jaccard: shared genres / all "
                                 "genres of the two."))
        user_hits = recsys.hits(user, k)
        try:
            similarity = similarity_explanation(recsys.top(user, k), recsys.features(), metric=metric)
        except MetricsInputError:
            similarity = None
        if similarity is None:
            columns = st.columns(2)
            columns[0].metric(t("precision@{k}").format(k=k), lecture.value_text(precision_at_k(user_hits, k)))
            columns[1].metric(t("hit rate@{k}").format(k=k), lecture.value_text(hit_rate_at_k(user_hits, k)))
            st.info(t("Intra-list similarity compares pairs of items: raise K to 2 or more."), icon=":material/info:")
        else:
            pace = pacing.begin(ONE_LIST, similarity.details["n"])  # step i: the item at rank i joins, with its pairs above it
            pairs = pace.step * (pace.step - 1) // 2
            columns = st.columns(4)
            running = similarity.running_at(pairs)["ILS"] if pairs else 0.0
            columns[0].metric(t("ILS (similarity)") if pace.complete else t("{name} so far (step {i})").format(
                name="ILS", i=pace.step), lecture.value_text(running))
            columns[1].metric(t("precision@{k}").format(k=k), lecture.value_text(precision_at_k(user_hits, k)))
            columns[2].metric(t("hit rate@{k}").format(k=k), lecture.value_text(hit_rate_at_k(user_hits, k)))
            columns[3].metric(t("diversity = 1 − ILS"),
                              lecture.value_text(similarity.details["diversity"]) if pace.complete else LATER)
            pacing.step_bar(ONE_LIST, pace)
            if pairs:
                lecture.worked(similarity, pacing.Pace(pairs, len(similarity.table)))
                st.caption(t("The {pairs} pairs; ILS is the mean of the similarity column.").format(
                    pairs=similarity.details["pairs"]))
                lecture.step_window(similarity.table[["item_i", "item_j", "similarity", "running_sum", "ILS"]],
                                    pacing.Pace(pairs, len(similarity.table)), hit_column=None, unit="pair")
            else:
                st.latex(explainer.tex(similarity.formula))
                st.caption(t("One item: no pair to compare yet (Next: the item at rank 2 and its pair)."))
        if st.button(t("Explain this user's list on the other pages"), key=f"{PAGE}_to_board",
                     help=t("Puts this list on the shared board: grade 1 for the films the user chose later.")):
            state.set_board(recsys.user_board(user, k), origin=True)
            st.success(t("{user}'s list is now the example on every explainer page.").format(user=user))
            st.page_link(page_file("ndcg"), label=t("Open nDCG"), icon=":material/arrow_forward:")
    if similarity is not None:  # the pairs of the items so far; the later cells stay empty
        upto = similarity.table.assign(similarity=similarity.table["similarity"].where(
            similarity.table["rank_j"] <= pace.step))
        one_user.plotly_chart(recsys.similarity_heatmap(recsys.similarity_matrix(upto), metric), width="stretch")

if catalog:
    # ----------------------------------------------------------------------- coverage
    with catalog:
        k_slider()
        by_list = coverage_by_list_steps(recsys.recommendations(), recsys.catalog()["item"], k=k)
        pace = pacing.begin(LISTS, len(by_list.table))  # step u: the list of user u joins the union
        users = dict(list(recsys.recommendations().items())[:pace.step])
        coverage = coverage_explanation(users, recsys.catalog()["item"], k=k)  # the lists so far, item by item
        value, worked = st.columns([1, 2])
        value.metric(t("Coverage@{k}").format(k=k) if pace.complete else t("{name} so far (step {i})").format(
            name=t("Coverage@{k}").format(k=k), i=pace.step), lecture.value_text(coverage.value))
        value.caption(t("{covered} of {size} items appear in at least one top-{k} list; {never} never do.").format(
            covered=coverage.details["covered"], size=coverage.details["catalog_size"], k=k,
            never=len(coverage.details["never"])) if pace.complete else t(
            "{covered} of {size} items appear in the first {lists} top-{k} lists.").format(
            covered=coverage.details["covered"], size=coverage.details["catalog_size"], k=k, lists=pace.step))
        with worked:
            pacing.step_bar(LISTS, pace, unit="user")
            lecture.worked(by_list, pace)
        lecture.step_window(by_list.table[["user", "new_items", "n_new", "covered_so_far", "coverage"]], pace,
                            hit_column=None, unit="user")
        st.plotly_chart(recsys.coverage_bars(coverage.table, k, coverage.details["users"]), width="stretch")
        with st.expander(t("Every catalog item: how many lists show it")):
            st.dataframe(headers(coverage.table), hide_index=True, width="stretch")

if everyone:
    # ----------------------------------------------------------------------- all users
    with everyone:
        k_slider()
        metric = st.session_state.get(f"{PAGE}_metric", "cosine")
        if k < 2:
            st.info(t("Diversity needs at least 2 items per list: raise K."), icon=":material/info:")
        else:
            table, diversity, means = recsys.per_user(k, metric)
            pace = pacing.begin(EVERY_LIST, len(table))  # step u: the list of user u joins the means
            if pace.complete:
                columns = st.columns(4)
                for column, (name, value) in zip(columns, means.items()):
                    column.metric(t("mean {name}").format(name=recsys.column_name(name, k)), lecture.value_text(value))
            else:
                st.metric(t("{name} so far (step {i})").format(
                    name=t("mean {name}").format(name=recsys.column_name("diversity", k)), i=pace.step),
                          lecture.value_text(diversity.running_at(pace.step)[diversity.measure]))
            pacing.step_bar(EVERY_LIST, pace, unit="user")
            lecture.worked(diversity, pace)
            summary, scatter = st.columns([1, 1])
            so_far = table.iloc[:pace.step]
            shown = (recsys.with_mean_row(table, means, label=t("mean")) if pace.complete else so_far).rename(
                columns=lambda c: recsys.column_name(c, k))
            summary.dataframe(shown, hide_index=True, width="stretch", height="content",
                              column_config={recsys.column_name(name, k): st.column_config.NumberColumn(
                                  recsys.column_name(name, k), format="%.4f") for name in means})
            scatter.plotly_chart(recsys.accuracy_diversity(so_far, k), width="stretch")

explainer.about(
    rewards=t("Coverage: a recommender that shows much of its catalog to someone. Diversity: lists whose items "
              "differ from each other (here: in genre)."),
    use=t("Next to accuracy measures, never instead of them: a random recommender covers the whole catalog and is "
          "very diverse, yet useless. They show what accuracy hides — popularity bias and lists of near-duplicates."),
    pitfalls=t("Coverage and diversity trade off against accuracy: recommending the few popular items is accurate "
               "but covers little (popularity bias: here a handful of films are in almost every list). ILS depends "
               "entirely on the feature space and the similarity (genres, embeddings; cosine or Jaccard give "
               "different numbers). ILS is a mean over pairs here; Ziegler et al. (2005) sum the pairs instead, so "
               "their value grows with the list length."))
