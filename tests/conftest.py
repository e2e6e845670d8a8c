"""Fixtures shared by all tests."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest
import streamlit.testing.v1.app_test as app_test_module
from streamlit.runtime.pages_manager import PagesManager
from streamlit.testing.v1 import AppTest

#: The repository root (the folder holding app.py).
REPO_ROOT = Path(__file__).resolve().parent.parent
APP_PATH = REPO_ROOT / "app.py"


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO_ROOT


class _EntryScriptEveryRun(PagesManager):
    """AppTest (1.67) resets ``PagesManager.uses_pages_directory`` before every run; since this app
    has a pages/ folder, every run after the first would execute the page file alone, as a legacy
    multipage app, without app.py. The real server runs app.py on every run (st.navigation turns
    the legacy mode off for good); so does AppTest with this page manager."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        PagesManager.uses_pages_directory = False


@pytest.fixture
def app_test(monkeypatch: pytest.MonkeyPatch) -> Callable[..., AppTest]:
    """A factory of AppTest objects for the whole app (app.py and its st.navigation pages).

    The working directory is the repo root, as with `streamlit run app.py`, so the app's relative
    paths (pages/..., sample_data/...) resolve. The returned AppTest has not run yet: call
    `.run()` (and, for instance, `.switch_page("pages/x.py")` then `.run()` again).
    """
    monkeypatch.chdir(REPO_ROOT)
    monkeypatch.setattr(app_test_module, "PagesManager", _EntryScriptEveryRun)

    def make(default_timeout: float = 30) -> AppTest:
        return AppTest.from_file(str(APP_PATH), default_timeout=default_timeout)

    return make
