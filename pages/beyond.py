"""Beyond accuracy: catalog coverage and intra-list diversity of a small recommender, stepped through like
the other explainers: one user's list one item at a time (the pairs it adds), the users' lists one list
at a time (ui.topics.beyond; the final values only at the last step)."""

import streamlit as st

from ui.i18n import t
from ui.teaching import explainer
from ui.topics import beyond, recsys

st.title(t("Beyond accuracy — coverage and diversity"))
st.caption(t("A small recommender: top-{k} lists for {users} users over a catalog of {films} films, and the films "
             "each user chose later (held out).").format(k=recsys.max_k(), users=len(recsys.users()),
                                                         films=len(recsys.catalog())))

beyond.k()  # the shared K, before any part's slider
one_user, catalog, everyone = explainer.lazy_tabs(beyond.PAGE, "parts", [
    t("One user's list: intra-list similarity"), t("Catalog coverage"), t("Every user: diversity against accuracy")])
if one_user:
    with one_user:
        beyond.one_user()
if catalog:
    with catalog:
        beyond.catalog_coverage()
if everyone:
    with everyone:
        beyond.every_user()

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
