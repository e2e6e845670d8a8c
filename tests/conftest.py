"""Fixtures shared by all tests."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest
import streamlit.testing.v1.app_test as app_test_module
from streamlit.testing.v1 import AppTest

from tests.apptest_helpers import EntryScriptEveryRun

#: The repository root (the folder holding app.py).
REPO_ROOT = Path(__file__).resolve().parent.parent
APP_PATH = REPO_ROOT / "app.py"


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO_ROOT


@pytest.fixture
def app_test(monkeypatch: pytest.MonkeyPatch) -> Callable[..., AppTest]:
    """A factory of AppTest objects for the whole app (app.py and its st.navigation pages).

    The working directory is the repo root, as with `streamlit run app.py`, so the app's relative
    paths (pages/..., sample_data/...) resolve. The returned AppTest has not run yet: call
    `.run()` (and, for instance, `.switch_page("pages/x.py")` then `.run()` again).
    """
    monkeypatch.chdir(REPO_ROOT)
    monkeypatch.setattr(app_test_module, "PagesManager", EntryScriptEveryRun)

    def make(default_timeout: float = 30) -> AppTest:
        return AppTest.from_file(str(APP_PATH), default_timeout=default_timeout)

    return make
