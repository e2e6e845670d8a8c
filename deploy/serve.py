"""The app served with the live classes' waiting route: ``streamlit run deploy/serve.py`` (same options as
``streamlit run app.py``; what a class is hosted with, see docs/src/hosting.md).

``streamlit run app.py`` alone serves the same app, but a class's screens then ask the app every second whether
their class changed (a fragment run each, the cost that limits a class's size); here they wait on
:data:`live.routes.PATH` instead and the app runs only when something changed (:mod:`live.watch`), and a following
student's view is drawn once for the whole class and fetched from :data:`ui.classroom.view_route.PATH`.

The server process's garbage collector is tuned for a class: the long-lived modules (Streamlit, numpy, pandas,
plotly, the ``metrics`` core) are frozen out of it, and a full collection comes ten times less often than by
default. With 40 students following, full collections took 150-250 ms each (the GIL held), about one every few
seconds, and delayed whatever screen was being drawn (``benchmarks/bench_live_class.py``: after this, the largest
was under 90 ms)."""

import gc
import sys
from pathlib import Path

import plotly.graph_objects  # noqa: F401  (loaded before the freeze)
import streamlit as st

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # live/ and metrics/ beside app.py, also when the package is not installed

import metrics  # noqa: E402, F401  (with numpy, pandas and scipy, before the freeze)
from live.routes import ROUTES  # noqa: E402
from ui.classroom import view_route  # noqa: E402

# From the first request on, app.py's st.navigation decides every page. Streamlit treats an app with a pages/
# folder as a legacy multipage app until some run calls st.navigation (documented: from then on the folder is left
# alone), so on a fresh server a second session whose first run starts before the first one's reaches it ran its
# page file alone (no entry script: an exception box). Called here, before any session, it is never that app.
st.navigation([st.Page(ROOT / "app.py", default=True)], position="hidden")

gc.freeze()
gc.set_threshold(700, 10, 100)  # Python's default is (700, 10, 10)

app = st.App(ROOT / "app.py", routes=ROUTES + view_route.routes())
