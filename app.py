"""Ranking Metrics Lab: entry point. Page config, shared state (board, shared link, language) and
routing; nothing else."""

import streamlit as st

from ui import browser_history, builder, live, share, state, style
from ui.i18n import language_switch, t
from ui.page import PageEnd

share.restore_language()  # a shared link's language (first run of a session), before anything is translated
st.set_page_config(page_title=t("Ranking Metrics Lab"), page_icon=":material/leaderboard:", layout="wide")
state.init()
# start-up check (once per server process, when ui.presets is imported): without the articles' examples
# (sample_data/article_examples.json) presets.SAMPLE_PROBLEM says why and the log has it; the pages that
# need them say so (ui.articles.examples_missing) and every other page works
style.inject()
browser_history.one_entry_per_page()  # Back and Forward go from page to page, not from run to run
share.restore_from_url()  # a shared link's board (first run of a session only)

navigation = st.navigation({
    t("Start"): [
        st.Page("pages/home.py", title=t("Home"), icon=":material/home:", default=True),
        st.Page("pages/upload.py", title=t("Upload & many queries"), icon=":material/upload_file:"),
    ],
    t("Explain one ranking"): [
        st.Page("pages/ndcg.py", title=t("nDCG"), icon=":material/stacked_bar_chart:"),
        st.Page("pages/ap.py", title=t("AP / MAP"), icon=":material/percent:"),
        st.Page("pages/rr.py", title=t("RR / MRR"), icon=":material/looks_one:"),
        st.Page("pages/cutoff.py", title=t("P / R / F1 / Hit @K"), icon=":material/filter_list:"),
        st.Page("pages/roc.py", title=t("ROC / AUC"), icon=":material/show_chart:"),
        st.Page("pages/beyond.py", title=t("Beyond accuracy"), icon=":material/diversity_3:"),
        st.Page("pages/more_measures.py", title=t("More measures"), icon=":material/functions:"),
    ],
    t("Compare"): [
        st.Page("pages/compare.py", title=t("Two rankings"), icon=":material/compare_arrows:"),
        st.Page("pages/conventions.py", title=t("Library conventions"), icon=":material/rule:"),
        st.Page("pages/systems.py", title=t("Two systems"), icon=":material/query_stats:"),
    ],
    t("Learn and teach"): [
        st.Page("pages/quiz.py", title=t("Quiz"), icon=":material/quiz:"),
        st.Page("pages/articles.py", title=t("The articles' examples"), icon=":material/menu_book:"),
        st.Page("pages/handout.py", title=t("Handout & presenter view"), icon=":material/slideshow:"),
        st.Page("pages/live.py", title=t("Live class"), icon=":material/groups:"),
    ],
}, position="top")
live.before_page(navigation.url_path)  # a class that ended says so; a following student goes where the teacher went
complete = False
try:
    if not live.viewing():  # a following student sees the teacher's page as ui.follower draws it, not the page
        navigation.run()
    complete = True
except PageEnd:  # a page ended early (ui.page.end_page): the builder and the link are still drawn
    complete = True
finally:  # also after st.rerun(): the builder's widgets, the language switch, the board in the URL
    builder.finish()
    language_switch()
    share.write_to_url()
    live.after_run(navigation, complete)
