"""Ranking Metrics Lab: entry point. Page config, shared state (board, shared link, language) and
routing; nothing else."""

import streamlit as st

from ui.classroom import live
from ui.data import share
from ui.i18n import language_switch, t
from ui.ranking import builder
from ui.session import browser_history, state
from ui.shell import routes, style
from ui.shell.page import PageEnd

share.restore_language()  # a shared link's language (first run of a session), before anything is translated
st.set_page_config(page_title=t("Ranking Metrics Lab"), page_icon=":material/leaderboard:", layout="wide")
state.init()
# start-up check (once per server process, when ui.model.presets is imported): without the articles' examples
# (sample_data/article_examples.json) presets.SAMPLE_PROBLEM says why and the log has it; the pages that
# need them say so (ui.topics.articles.examples_missing) and every other page works
style.inject()
browser_history.one_entry_per_page()  # Back and Forward go from page to page, not from run to run
share.restore_from_url()  # a shared link's board (first run of a session only)

navigation = st.navigation({
    t(section): [st.Page(route.file, title=t(route.title), icon=route.icon, default=route.name == "home")
                 for route in section_routes]
    for section, section_routes in routes.SECTIONS.items()
}, position="top")
live.before_page(navigation.url_path)  # a class that ended says so; a following student goes where the teacher went
complete = False
try:
    if not live.viewing():  # a following student sees the teacher's page as ui.classroom.follower draws it, not the page
        navigation.run()
    complete = True
except PageEnd:  # a page ended early (ui.shell.page.end_page): the builder and the link are still drawn
    complete = True
finally:  # also after st.rerun(): the builder's widgets, the language switch, the board in the URL
    builder.finish()
    language_switch()
    share.write_to_url()
    live.after_run(navigation, complete)
