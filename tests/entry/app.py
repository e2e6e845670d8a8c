"""The tests' entry script: runs the repository's app.py, as ``streamlit run app.py`` does.

AppTest gives every run a new page manager, which treats a main script beside a ``pages/`` folder as a
legacy multipage app and runs a page the test switched to alone, without app.py. This script has no
``pages/`` folder beside it, so every AppTest run goes through app.py, as every run on the server does. It is
alone in its folder because Streamlit puts the main script's folder first on ``sys.path``: beside tests/live/,
``import live`` would find the tests instead of the live package.
"""

import runpy
from pathlib import Path

runpy.run_path(str(Path(__file__).resolve().parents[2] / "app.py"), run_name="__main__")
