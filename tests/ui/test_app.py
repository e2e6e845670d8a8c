"""AppTest (no browser) checks of the whole app and its home page."""

from __future__ import annotations

from metrics.teaching.articles import findings


def test_app_runs_and_shows_title(app_test):
    at = app_test().run()
    assert not at.exception, [e.message for e in at.exception]
    assert [t.value for t in at.title] == ["Ranking Metrics Lab"]


def test_home_is_bilingual_and_lists_the_articles_mistakes(app_test):
    at = app_test().run()
    text = " ".join(md.value for md in at.markdown)
    assert "step by step" in text
    wrong = [f for f in findings() if f.verdict in ("wrong", "rounded", "wrong method", "code fails")]
    for finding in wrong:
        assert f"**{finding.example} · {finding.quantity}**" in text
    assert "**003_ndcg · nDCG@5** — article: 0.861, exact: **0.8645** (*wrong*)" in text
    shown = at.dataframe[0].value
    assert len(shown) == len(findings())
