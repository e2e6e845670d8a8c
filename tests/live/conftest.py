"""The live class pages' AppTest fixture: a store of the test's own."""

from __future__ import annotations

import pytest


@pytest.fixture
def page_store(tmp_path, monkeypatch):
    """The app's live class store for one test: an SQLite file in ``tmp_path`` (``RML_LIVE_STORE``), with no class
    and no follower view cached in the process before or after it."""
    from ui.classroom import follower, live

    monkeypatch.setenv("RML_LIVE_STORE", f"sqlite://{tmp_path / 'live.sqlite'}")
    live.classes.clear()
    follower.explained.cache_clear()
    follower.pieces.cache_clear()
    yield
    live.classes.clear()
