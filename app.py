"""Ranking Metrics Lab: entry point. Page config, the shared state, and routing; nothing else."""

import streamlit as st

from ui import share, state

st.set_page_config(page_title="Ranking Metrics Lab", page_icon=":material/leaderboard:", layout="wide")
state.init()
share.restore_from_url()  # a shared link's board (first run of a session only)

navigation = st.navigation({
    "Start": [
        st.Page("pages/home.py", title="Home", icon=":material/home:", default=True),
        st.Page("pages/upload.py", title="Upload & many queries", icon=":material/upload_file:"),
    ],
    "Explain one ranking": [
        st.Page("pages/ndcg.py", title="nDCG", icon=":material/stacked_bar_chart:"),
        st.Page("pages/ap.py", title="AP / MAP", icon=":material/percent:"),
        st.Page("pages/rr.py", title="RR / MRR", icon=":material/looks_one:"),
        st.Page("pages/cutoff.py", title="P / R / F1 / Hit @K", icon=":material/filter_list:"),
        st.Page("pages/roc.py", title="ROC / AUC", icon=":material/show_chart:"),
        st.Page("pages/beyond.py", title="Beyond accuracy", icon=":material/diversity_3:"),
    ],
    "Compare": [
        st.Page("pages/compare.py", title="Two rankings", icon=":material/compare_arrows:"),
        st.Page("pages/conventions.py", title="Library conventions", icon=":material/rule:"),
        st.Page("pages/systems.py", title="Two systems", icon=":material/query_stats:"),
    ],
    "Learn and teach": [
        st.Page("pages/quiz.py", title="Quiz", icon=":material/quiz:"),
        st.Page("pages/articles.py", title="The articles' examples", icon=":material/menu_book:"),
        st.Page("pages/handout.py", title="Handout & presenter view", icon=":material/slideshow:"),
    ],
})
try:
    navigation.run()
finally:  # also after st.stop()/st.rerun(): the URL always holds the current board
    share.write_to_url()
