"""The tests' entry script: runs the repository's app.py, as ``streamlit run app.py`` does.

AppTest gives every run a new page manager, which treats a main script beside a ``pages/`` folder as a
legacy multipage app and runs a page the test switched to alone, without app.py. This script has no
``pages/`` folder beside it, so every AppTest run goes through app.py, as every run on the server does.
"""

import runpy
from pathlib import Path

runpy.run_path(str(Path(__file__).resolve().parent.parent / "app.py"), run_name="__main__")
