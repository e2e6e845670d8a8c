"""中文 in a real browser where only the browser shows it: the file uploader's own words (its button
and limit line, which Streamlit draws in English) replaced by CSS, a parser problem in Chinese, and
the handout. Screenshots at 1280×720: artifacts/screenshots/zh_upload.png, zh_upload_error.png, zh_handout.png."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.navigation import go_to
from tests.e2e.test_all_pages import settle

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def small_chinese_page(new_session) -> Page:
    """A new session in a zh-CN browser with a 1280×720 window, on the upload page."""
    return new_session("upload", {"width": 1280, "height": 720}, "zh-CN")


def _after(locator, prop: str = "content") -> str:
    return locator.evaluate(f"e => getComputedStyle(e, '::after').{prop}")


def test_the_uploader_and_a_parser_problem_are_chinese(small_chinese_page: Page, tmp_path, wait_for_app, screenshot):
    page = small_chinese_page
    dropzone = page.get_by_test_id("stFileUploaderDropzone").first
    button_text = dropzone.locator('button [data-testid="stMarkdownContainer"] p')
    limit = page.get_by_test_id("stFileUploaderDropzoneInstructions").first.locator("span")
    # Streamlit's English words take no space; the Chinese ones are drawn in their place
    expect(button_text).to_have_css("font-size", "0px")
    assert _after(button_text) == '"上传"'
    assert _after(limit) == '"每个文件不超过 20 MB • TXT、QRELS、RUN、TSV、CSV、JSON、GZ"'
    assert float(_after(limit, "fontSize").removesuffix("px")) > 10
    assert dropzone.locator("button").bounding_box()["width"] > 40  # the button still shows a word
    settle(page)
    screenshot(page, "zh_upload")
    bad = tmp_path / "bad_run.txt"
    bad.write_text("101 Q0 doc-1 1 2.5 sys\n101 Q0 doc-2 2\n", encoding="utf-8")
    page.get_by_test_id("stFileUploaderDropzoneInput").first.set_input_files([ROOT / "sample_data/trec/qrels.txt", bad])
    wait_for_app(page)
    error = page.get_by_test_id("stAlertContentError").first
    expect(error).to_contain_text("bad_run.txt 第 2 行：应有 6 个字段（qid Q0 docid rank score tag），实际有 4 个")
    error.scroll_into_view_if_needed()
    settle(page)
    screenshot(page, "zh_upload_error")


def test_the_handout_is_chinese(small_chinese_page: Page, app_url: str, wait_for_app, screenshot):
    page = small_chinese_page
    go_to(page, url_path="handout")
    wait_for_app(page)
    expect(page.get_by_test_id("stMain").get_by_role("heading", level=1).first).to_contain_text("讲义")
    preview = page.get_by_test_id("stMain").get_by_role("heading", name="公式")
    page.get_by_test_id("stMain").get_by_text("AP", exact=True).first.click()
    wait_for_app(page)
    expect(page.get_by_test_id("stMain").locator(".katex").first).to_contain_text("命中数")  # the formula's words
    preview.scroll_into_view_if_needed()
    settle(page)
    screenshot(page, "zh_handout")
