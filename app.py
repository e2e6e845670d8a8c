"""Ranking Metrics Lab: entry point. Routing only: page config and navigation, nothing else."""

import streamlit as st

st.set_page_config(page_title="Ranking Metrics Lab", layout="wide")

navigation = st.navigation(
    [
        st.Page("pages/home.py", title="Home", icon=":material/home:", default=True),
    ]
)
navigation.run()
