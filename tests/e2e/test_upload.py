"""The upload page in a real browser: a TREC pair gives the per-query table; a malformed run gives
an error naming the file and line, and the board stays as it was."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import APP_TIMEOUT_MS
from tests.e2e.navigation import go_to, show_all_steps

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
TREC = ROOT / "sample_data" / "trec"


def _open(page: Page, title: str, wait_for_app) -> None:
    go_to(page, title)
    wait_for_app(page)
    expect(page.get_by_role("heading", level=1)).to_contain_text(title.split(" ")[0])


def _metric(page: Page, label: str):
    return page.get_by_test_id("stMetric").filter(has_text=label).get_by_test_id("stMetricValue")


def test_upload_pair_then_a_malformed_run(app_page: Page, wait_for_app, screenshot, tmp_path):
    page = app_page
    _open(page, "Upload & many queries", wait_for_app)
    page.get_by_test_id("stFileUploaderDropzoneInput").set_input_files(
        [str(TREC / "qrels.txt"), str(TREC / "run_a.txt")])
    wait_for_app(page)
    expect(page.get_by_role("heading", name="Loaded: run_a.txt + qrels.txt")).to_be_visible()
    expect(_metric(page, "Queries")).to_have_text("7")
    expect(_metric(page, "mean nDCG@10")).to_have_text("0.7451")
    table = page.get_by_test_id("stDataFrame").filter(has_text="Rprec")
    cells = table.locator('[role="gridcell"]')  # the grid is drawn on a canvas; these are its a11y cells
    expect(cells.filter(has_text=re.compile(r"^all$"))).to_have_count(1)
    expect(cells.filter(has_text=re.compile(r"^107$"))).to_have_count(1)
    expect(cells.filter(has_text=re.compile(r"^0\.7635"))).to_have_count(1)  # nDCG@10 of query 101
    expect(page.get_by_test_id("stPlotlyChart")).to_have_count(2)
    page.get_by_text("Preview: the first rows").click()  # open the preview for the screenshot
    wait_for_app(page)
    screenshot(page, "upload")

    # the board now shows query 101; the nDCG page agrees with the table
    _open(page, "nDCG", wait_for_app)
    show_all_steps(page, wait_for_app)  # a newly loaded query starts at step 1
    expect(_metric(page, "nDCG@10")).to_have_text("0.7635")
    expect(page.locator(".st-key-builder").get_by_test_id("stMarkdown").first).to_contain_text(
        "query 101 of run_a.txt + qrels.txt")  # the builder's title line

    # a malformed run: a line with 4 fields
    bad = tmp_path / "bad_run.txt"
    bad.write_text("101 Q0 doc-101-01 1 22.5 sys\n101 Q0 doc-101-11 2\n")
    _open(page, "Upload & many queries", wait_for_app)
    chips = page.get_by_test_id("stFileChipDeleteBtn")
    while chips.count():
        chips.first.click()
        wait_for_app(page)
    page.get_by_test_id("stFileUploaderDropzoneInput").set_input_files(str(bad))
    wait_for_app(page)
    error = page.get_by_test_id("stAlert").filter(has_text="bad_run.txt line 2")
    expect(error).to_contain_text("expected 6 fields")
    expect(page.get_by_role("heading", name="Loaded: run_a.txt + qrels.txt")).to_be_visible()
    screenshot(page, "upload-error")

    _open(page, "nDCG", wait_for_app)
    show_all_steps(page, wait_for_app)  # a newly loaded query starts at step 1
    expect(_metric(page, "nDCG@10")).to_have_text("0.7635")
    expect(page.locator(".st-key-builder").get_by_test_id("stMarkdown").first).to_contain_text(
        "query 101 of run_a.txt + qrels.txt")


def test_an_upload_left_on_its_way_is_said_on_coming_back(app_page: Page, wait_for_app, tmp_path):
    """Leave the Upload page while a file is still uploading (the upload held back by the test), come
    back: one warning names the file and its size, and asks to upload it again."""
    page = app_page
    _open(page, "Upload & many queries", wait_for_app)
    held = []
    page.route("**/_stcore/upload_file/**", lambda route: held.append(route))  # never answered: still on its way
    big = tmp_path / "big_run.txt"
    big.write_text("101 Q0 doc-1 1 2.5 sys\n" * 50_000)
    page.get_by_test_id("stFileUploaderDropzoneInput").set_input_files([str(big)])
    page.wait_for_function("() => JSON.parse(sessionStorage.getItem('ranking-metrics-lab-uploads') || '[]')"
                           ".some((entry) => entry.state === 'sending')")
    _open(page, "nDCG", wait_for_app)
    page.unroute("**/_stcore/upload_file/**")
    _open(page, "Upload & many queries", wait_for_app)
    warning = page.get_by_test_id("stAlert").filter(has_text="did not finish")
    expect(warning).to_have_count(1)
    expect(warning).to_contain_text("big_run.txt (1.1 MB)")
    expect(page.get_by_role("heading", name=re.compile("^Loaded:"))).to_have_count(0)
    # said once: the next visit does not repeat it
    _open(page, "nDCG", wait_for_app)
    _open(page, "Upload & many queries", wait_for_app)
    expect(page.get_by_test_id("stFileUploaderDropzoneInput")).to_be_attached()
    expect(page.get_by_test_id("stAlert").filter(has_text="did not finish")).to_have_count(0)


def test_uploads_lost_by_a_server_restart_are_named(new_session, restartable_server, wait_for_app):
    """The server restarts while the upload box shows two files: the browser reconnects to a new server, which has
    neither file nor the data loaded from them, and the page says so (the box still lists both)."""
    server = restartable_server("lost-uploads")
    page = new_session(f"{server.url}/upload")
    page.get_by_test_id("stFileUploaderDropzoneInput").set_input_files(
        [str(TREC / "qrels.txt"), str(TREC / "run_a.txt")])
    wait_for_app(page)
    expect(page.get_by_role("heading", name="Loaded: run_a.txt + qrels.txt")).to_be_visible()

    server.restart()
    # the browser notices the lost connection at once and reconnects to the new server by itself; the page is drawn
    # again at the reader's next action (here Streamlit's rerun key), with the files the box lists
    expect(page.get_by_test_id("stApp")).to_have_attribute("data-test-connection-state", "CONNECTED",
                                                             timeout=APP_TIMEOUT_MS)
    page.get_by_role("heading", level=1).click()  # the key goes to the page, not to a widget
    page.keyboard.press("r")
    wait_for_app(page)
    lost = page.get_by_test_id("stAlertContentWarning").filter(has_text="the server no longer has them")
    expect(lost).to_be_visible()
    expect(page.get_by_test_id("stFileChip")).to_have_count(2)  # the box still shows both files
    expect(page.get_by_role("heading", name="Loaded: run_a.txt + qrels.txt")).to_have_count(0)
