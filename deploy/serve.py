"""The app served with the live classes' waiting route: ``streamlit run deploy/serve.py`` (same options as
``streamlit run app.py``; what a class is hosted with, see README "Host it for a class").

``streamlit run app.py`` alone serves the same app, but a class's screens then ask the app every second whether
their class changed (a fragment run each, the cost that limits a class's size); here they wait on
:data:`live.routes.PATH` instead and the app runs only when something changed (:mod:`live.watch`)."""

import sys
from pathlib import Path

import streamlit as st

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # live/ beside app.py, also when the package is not installed

from live.routes import ROUTES  # noqa: E402

app = st.App(ROOT / "app.py", routes=ROUTES)
