"""The "Two systems" page in a real browser: the bundled sample loads with one click and shows the
means, the per-query difference chart and the p-values; a malformed upload names file and line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.navigation import go_to

pytestmark = pytest.mark.e2e

TREC = Path(__file__).resolve().parents[2] / "sample_data" / "trec"


def _metric(page: Page, label: str):
    return page.get_by_test_id("stMetric").filter(has_text=label).get_by_test_id("stMetricValue")


def test_sample_comparison(app_page: Page, wait_for_app, screenshot, tmp_path):
    page = app_page
    go_to(page, "Two systems")
    wait_for_app(page)
    expect(page.get_by_role("heading", level=1)).to_contain_text("Two systems")
    expect(page.get_by_text("Nothing to compare yet")).to_be_visible()

    page.get_by_role("button", name=re.compile("Load the sample")).click()
    wait_for_app(page)
    expect(_metric(page, "A: mean nDCG@10")).to_have_text("0.7451")
    expect(_metric(page, "B: mean nDCG@10")).to_have_text("0.6216")
    expect(_metric(page, "Mean difference B − A")).to_have_text("-0.1235")
    expect(_metric(page, "p-value: paired t-test")).to_have_text(re.compile(r"^0\.\d{4}$"))
    expect(_metric(page, "p-value: randomization test")).to_have_text(re.compile(r"^0\.\d{4}$"))
    expect(_metric(page, "p-value: exact (all 128 sign flips)")).to_have_text("0.1875")
    chart = page.get_by_test_id("stPlotlyChart")
    expect(chart).to_have_count(1)
    # plotly has drawn the bars: 7 queries, in three traces (B better, A better, tie)
    expect(chart.locator("g.point")).to_have_count(7)
    expect(chart.locator(".legendtext")).to_have_text(["B better", "A better", "tie"])
    expect(page.get_by_text("not the probability that B is better")).to_be_visible()
    path = screenshot(page, "systems")
    assert path.stat().st_size > 50_000
    page.get_by_text("Every query: A, B and the difference").scroll_into_view_if_needed()
    screenshot(page, "systems-p-value")

    # another measure
    page.get_by_test_id("stMain").get_by_test_id("stRadio").get_by_text("AP", exact=True).click()
    wait_for_app(page)
    expect(_metric(page, "A: mean AP")).to_have_text("0.6840")

    # a malformed run B: error with file and line; the comparison on screen stays
    bad = tmp_path / "bad_run.txt"
    bad.write_text("101 Q0 doc-101-01 1 22.5 sys\n101 Q0 doc-101-11 2\n")
    inputs = page.get_by_test_id("stFileUploaderDropzoneInput")
    inputs.nth(0).set_input_files(str(TREC / "qrels.txt"))
    wait_for_app(page)
    inputs.nth(1).set_input_files(str(TREC / "run_a.txt"))
    wait_for_app(page)
    inputs.nth(2).set_input_files(str(bad))
    wait_for_app(page)
    expect(page.get_by_test_id("stAlertContentError")).to_contain_text("bad_run.txt line 2")
    expect(_metric(page, "A: mean AP")).to_have_text("0.6840")

