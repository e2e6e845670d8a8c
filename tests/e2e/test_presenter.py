"""Presenter mode in Chromium at projector sizes: a clicker's keys step through the worked example,
the step and the QR code fit a 1280×720 screen with nothing else on it, the QR code reads as the
board's link, keys typed into inputs (or taken by another handler) do not advance, Escape leaves."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from playwright.sync_api import Page, expect

from metrics.teaching.handout import presenter_steps
from tests.ui.pages.test_page_handout import expected
from ui.data.share import encode_board
from ui.model.board import Board

pytestmark = pytest.mark.e2e

PROJECTOR = {"width": 1280, "height": 720}
FULL_HD = {"width": 1920, "height": 1080}
BOARD = Board.from_ranking([3, 2, 3, 0, 1, 2], items=["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot"],
                           k=6, gain="exponential")
STEPS = presenter_steps(expected(BOARD, "nDCG"))  # what the page computes (six ranks)
HUB = "window.__rankingMetricsLabClickerKeys"
ROOT = ".st-key-handout__presenter"


def present(page: Page, app_url: str, wait_for_app, language: str = "en") -> None:
    """Open the handout page with BOARD (through its link) and press "Present"."""
    page.goto(f"{app_url}/handout?b={encode_board(BOARD)}" + ("&lang=zh" if language == "zh" else ""))
    wait_for_app(page)
    enter(page, wait_for_app)


def enter(page: Page, wait_for_app) -> None:
    """Press "Present" and wait until the clicker keys listen (their script loads after the page draws)."""
    button(page, "handout__present").click()
    wait_for_app(page)
    expect(page.locator(ROOT)).to_be_visible()
    page.wait_for_function(f"() => {HUB} && {HUB}.instances.length === 1")


def button(page: Page, key: str):
    """The button with this widget key (Streamlit also draws a hidden copy of a button with a tooltip)."""
    return page.locator(f".st-key-{key} button").filter(visible=True)


def shows_step(page: Page, n: int) -> None:
    """Wait until step ``n`` (from 1) is on screen: the counter, the rank and item, the headline value."""
    step = STEPS[n - 1]
    expect(page.locator(".st-key-handout__presenter_count")).to_have_text(f"{n} / {len(STEPS)}")
    expect(page.locator(f"{ROOT} h1")).to_contain_text(f"rank {step.rank} · {step.item}")
    label, value = step.running[0]
    metric = page.locator(ROOT).get_by_test_id("stMetric").filter(has_text=label)
    expect(metric.get_by_test_id("stMetricValue")).to_have_text(f"{value:.4f}")


def box(page: Page, selector: str) -> dict:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, f"{selector} is not drawn"
    return found


def inside(inner: dict, outer: dict) -> bool:
    return (inner["x"] >= outer["x"] - 0.5 and inner["y"] >= outer["y"] - 0.5
            and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5
            and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 0.5)


def assert_fits(page: Page, viewport: dict) -> None:
    """The step's content and the QR code lie inside the window, apart; no sidebar, header or page controls."""
    screen = {"x": 0, "y": 0, **viewport}
    parts = [f"{ROOT} h1", f"{ROOT} .st-key-handout__presenter_step [data-testid='stMarkdownContainer']",
             f"{ROOT} .katex", f"{ROOT} [data-testid='stMetric']", ".st-key-handout__presenter_count",
             ".st-key-handout__presenter_exit button", ".st-key-handout__presenter_qr img"]
    for selector in parts:
        shown = page.locator(selector).filter(visible=True)
        assert shown.count(), selector
        for element in shown.all():
            shape = element.bounding_box()
            assert shape and inside(shape, screen), (selector, shape, viewport)
    qr = box(page, ".st-key-handout__presenter_qr img")
    assert qr["width"] >= 240 and abs(qr["width"] - qr["height"]) < 2, qr  # readable from the back of a room
    for selector in (f"{ROOT} h1", f"{ROOT} .katex", f"{ROOT} [data-testid='stMetric']"):
        for element in page.locator(selector).all():
            shape = element.bounding_box()
            assert shape["x"] + shape["width"] <= qr["x"] or shape["y"] + shape["height"] <= qr["y"], selector
    # no formula is cut off: every one ends inside the step's column (left of the QR code's)
    assert page.evaluate(f"""() => {{
        const step = document.querySelector('{ROOT} .st-key-handout__presenter_step');
        const right = step.getBoundingClientRect().right - parseFloat(getComputedStyle(step).paddingRight);
        return [...step.querySelectorAll('.katex')].every((k) => k.getBoundingClientRect().right <= right + 1); }}""")
    # nothing scrolls, and nothing but the presenter is shown
    assert page.evaluate(f"() => {{ const r = document.querySelector('{ROOT}');"
                         " return r.scrollHeight <= r.clientHeight + 1 && r.scrollWidth <= r.clientWidth + 1; }")
    for test_id in ("stSidebar", "stHeader", "stToolbar"):
        expect(page.get_by_test_id(test_id)).to_be_hidden()
    expect(page.locator(".st-key-handout__present")).to_be_hidden()
    expect(page.get_by_test_id("stButtonGroup")).to_be_hidden()  # the page's metric picker
    # large type: numbers ≥ 48 px, text ≥ 28 px
    sizes = page.evaluate(f"""() => {{
        const size = (s) => parseFloat(getComputedStyle(document.querySelector(s)).fontSize);
        return {{value: size('{ROOT} [data-testid="stMetricValue"] p'), count: size('.st-key-handout__presenter_count p'),
                 heading: size('{ROOT} h1'), grade: size('{ROOT} h1 .stMarkdownBadge'),
                 text: size('{ROOT} .st-key-handout__presenter_step p'),
                 label: size('{ROOT} [data-testid="stMetricLabel"] p'), formula: size('{ROOT} .katex')}}; }}""")
    assert min(sizes["value"], sizes["count"], sizes["heading"]) >= 48, sizes
    assert min(sizes["text"], sizes["label"], sizes["grade"], sizes["formula"]) >= 28, sizes


def test_clicker_keys_step_through_and_everything_fits_720p(page: Page, app_url: str, wait_for_app, screenshot):
    page.set_viewport_size(PROJECTOR)
    present(page, app_url, wait_for_app)
    shows_step(page, 1)
    assert_fits(page, PROJECTOR)
    for key, step in (("ArrowRight", 2), ("PageDown", 3), ("Space", 4), ("ArrowLeft", 3), ("Home", 1), ("End", 6),
                      ("PageUp", 5), ("Space", 6), ("ArrowRight", 6)):
        page.keyboard.press(key)
        wait_for_app(page)
        shows_step(page, step)
    assert_fits(page, PROJECTOR)
    page.keyboard.press("Home")
    shows_step(page, 1)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    shows_step(page, 3)
    wait_for_app(page)
    assert page.evaluate(f"() => {HUB}.instances.length") == 1  # one listener, one instance, after many reruns
    screenshot(page, "presenter-1280x720-en")


def test_the_qr_code_is_the_boards_link(page: Page, app_url: str, wait_for_app):
    decode = pytest.importorskip("pyzbar.pyzbar").decode
    page.set_viewport_size(PROJECTOR)
    present(page, app_url, wait_for_app)
    png = page.locator(".st-key-handout__presenter_qr img").screenshot()
    found = decode(Image.open(io.BytesIO(png)))
    assert [code.data.decode() for code in found] == [page.url]  # the page's own link: the same board
    assert page.url == f"{app_url}/handout?b={encode_board(BOARD)}"


def test_keys_for_inputs_and_other_handlers_do_not_advance(page: Page, app_url: str, wait_for_app):
    page.set_viewport_size(PROJECTOR)
    present(page, app_url, wait_for_app)
    shows_step(page, 1)
    # a text input, a slider, a contenteditable and a radio laid over the presenter (the app hides its own
    # controls while presenting), and an element whose own handler takes the keys it uses
    page.evaluate(f"""() => {{
        const root = document.querySelector('{ROOT}');
        const add = (html) => {{ const d = document.createElement('div'); d.innerHTML = html; root.prepend(d);
                                return d.firstElementChild; }};
        add('<input id="probe-input" type="text">');
        add('<div id="probe-slider" role="slider" tabindex="0" aria-valuenow="1">slider</div>');
        add('<div id="probe-editable" contenteditable="true">edit me</div>');
        add('<div id="probe-radio" role="radio" tabindex="0">radio</div>');
        const lane = add('<div id="probe-lane" tabindex="0">picked-up item</div>');
        lane.addEventListener('keydown', (e) => {{ if (e.key.startsWith('Arrow') || e.key === ' ') e.preventDefault(); }});
    }}""")
    for probe in ("probe-input", "probe-slider", "probe-editable", "probe-radio", "probe-lane"):
        page.locator(f"#{probe}").focus()
        for key in ("ArrowRight", "Space", "PageDown", "End"):
            if probe == "probe-lane" and key in ("PageDown", "End"):
                continue  # the lane does not take these: they do advance
            page.keyboard.press(key)
    page.locator("#probe-input").fill("")
    page.keyboard.type("abc")
    expect(page.locator("#probe-input")).to_have_value("abc")  # typing still works (Space, arrows too)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Space")
    expect(page.locator("#probe-input")).to_have_value("ab c")
    # a key that reaches the presenter advances: proof that the keys above were ignored, not lost
    page.locator("#probe-input").blur()
    page.keyboard.press("ArrowRight")
    wait_for_app(page)
    shows_step(page, 2)


def test_escape_and_exit_leave_presenter_mode(page: Page, app_url: str, wait_for_app):
    page.set_viewport_size(PROJECTOR)
    present(page, app_url, wait_for_app)
    page.keyboard.press("ArrowRight")
    shows_step(page, 2)
    page.keyboard.press("Escape")
    wait_for_app(page)
    expect(page.locator(ROOT)).to_have_count(0)
    expect(page.get_by_test_id("stTopNav")).to_be_visible()
    expect(page.get_by_role("button", name="Markdown (.md)")).to_be_visible()
    page.wait_for_function(f"() => {HUB} === undefined")  # the listener went with the last instance
    page.keyboard.press("ArrowRight")  # no presenter: the keys do nothing
    enter(page, wait_for_app)
    shows_step(page, 1)  # a new presentation starts at the first step
    button(page, "handout__presenter_exit").click()
    wait_for_app(page)
    expect(page.locator(ROOT)).to_have_count(0)
    expect(page.get_by_role("button", name="Markdown (.md)")).to_be_visible()
    page.wait_for_function(f"() => {HUB} === undefined")


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("viewport", [PROJECTOR, FULL_HD], ids=["1280x720", "1920x1080"])
def test_presenter_screenshots(page: Page, app_url: str, wait_for_app, screenshot, language, viewport):
    """Screenshots for people to look at (artifacts/screenshots/presenter-*): nDCG's fifth rank and
    AP's longest sentence, in both languages and at both sizes; each must fit."""
    page.set_viewport_size(viewport)
    present(page, app_url, wait_for_app, language)
    page.keyboard.press("End")
    wait_for_app(page)
    expect(page.locator(".st-key-handout__presenter_count")).to_have_text(f"{len(STEPS)} / {len(STEPS)}")
    page.keyboard.press("ArrowLeft")
    wait_for_app(page)
    expect(page.locator(".st-key-handout__presenter_count")).to_have_text(f"{len(STEPS) - 1} / {len(STEPS)}")
    expect(page.locator(f"{ROOT} h1")).to_contain_text("rank 5 · Echo" if language == "en" else "第 5 位 · Echo")
    assert_fits(page, viewport)
    name = f"presenter-{viewport['width']}x{viewport['height']}-{language}"
    screenshot(page, name)

    page.keyboard.press("Escape")  # AP: its sentences are the longest
    wait_for_app(page)
    page.get_by_test_id("stButtonGroup").get_by_role("radio", name="AP", exact=True).click()
    wait_for_app(page)
    enter(page, wait_for_app)
    page.keyboard.press("End")
    wait_for_app(page)
    expect(page.locator(".st-key-handout__presenter_count")).to_have_text(f"{len(STEPS)} / {len(STEPS)}")
    expect(page.locator(f"{ROOT} h1")).to_contain_text("Foxtrot")
    assert_fits(page, viewport)
    screenshot(page, name + "-ap")
