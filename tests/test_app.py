"""AppTest (no browser) checks of the whole app."""

from __future__ import annotations


def test_app_runs_and_shows_title(app_test):
    at = app_test().run()
    assert not at.exception, [e.message for e in at.exception]
    assert [t.value for t in at.title] == ["Ranking Metrics Lab"]


def test_home_says_explainers_are_coming(app_test):
    at = app_test().run()
    assert not at.exception
    assert any("coming" in info.value for info in at.info)
    # The landing page is bilingual.
    text = " ".join(md.value for md in at.markdown)
    assert "Ranking Metrics Lab" in text and "排序指标实验室" in text
