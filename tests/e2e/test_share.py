"""Shareable boards in a real browser: change the board, take the link from the builder's share
control, open it in a new browser context (a fresh Streamlit session) and see the same ranking,
conventions and nDCG; a hostile link shows a notice and the default example, never an error."""

from __future__ import annotations

import base64
import json
import re
import zlib
from urllib.parse import parse_qs, quote, urlsplit

import pytest
from playwright.sync_api import Page, expect

from metrics import ndcg
from tests.e2e.lanes import ORDER, SHARE, drag_after, lane_items, lane_names, toolbar_popover, wait_for_lanes
from tests.e2e.navigation import go_to, load_example, show_all_steps
from ui.data.share import PARAM, decode_board
from ui.model.presets import DEFAULT_PRESET, PRESETS

pytestmark = pytest.mark.e2e

XSS = "<img src=x onerror=alert(1)>"


# --------------------------------------------------------------------------- helpers


def labels(page: Page, lane: str = "ranking") -> list[str]:
    """The items of a lane ("ranking" or "pool") as shown: 'name grade', in order."""
    wait_for_lanes(page)
    return [" ".join(text.split()) for text in lane_items(page, lane).all_inner_texts()]


def ndcg_metric(page: Page) -> tuple[str, str]:
    """(label, value) of the nDCG metric as shown."""
    for text in page.get_by_test_id("stMetric").all_inner_texts():
        label, _, value = text.strip().partition("\n")
        if label.startswith("nDCG"):
            return label, value.strip()
    raise AssertionError("no nDCG metric on the page")


def wait_for_metric_change(page: Page, before: str) -> None:
    metric = page.get_by_test_id("stMetric").filter(has=page.get_by_text(re.compile(r"^nDCG")))
    expect(metric.get_by_test_id("stMetricValue")).not_to_have_text(before)




def shared_link(page: Page) -> str:
    """Open the builder's share control and read the link from its code box."""
    body = toolbar_popover(page, SHARE)
    expect(body.get_by_test_id("stCode")).to_be_visible()
    body.get_by_test_id("stCode").hover()  # shows the copy button (and moves the mouse off the tooltip)
    return body.get_by_test_id("stCode").inner_text().strip()


def close_popover(page: Page) -> None:
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("stPopoverBody")).to_have_count(0)


def pack(payload) -> str:
    words = payload if isinstance(payload, str) else json.dumps(payload)
    return "1." + base64.urlsafe_b64encode(zlib.compress(words.encode())).rstrip(b"=").decode()


def decode_text(text: str) -> str:
    """The JSON inside a link text, or '' when there is none."""
    try:
        return zlib.decompress(base64.urlsafe_b64decode(text[2:] + "==")).decode()
    except Exception:
        return ""


# --------------------------------------------------------------------------- tests


def test_link_reproduces_the_board_in_a_new_session(app_url: str, new_session, wait_for_app, screenshot):
    page = new_session(app_url + "/ndcg")
    expect(page.get_by_role("heading", level=1, name=re.compile("^nDCG"))).to_be_visible()

    # the article 003 example, in its worst order, then the top item dragged to the 3rd rank
    load_example(page, PRESETS["003_ndcg"].title, wait_for_app)
    show_all_steps(page, wait_for_app)  # a new example starts at step 1
    toolbar_popover(page, ORDER).get_by_role("button", name="Worst order").click()
    wait_for_app(page)
    close_popover(page)
    assert lane_names(page) == ["E", "D", "C", "B", "A"]
    _, before = ndcg_metric(page)
    drag_after(page, lane_items(page).nth(0), lane_items(page).nth(2))
    wait_for_metric_change(page, before)
    wait_for_app(page)
    assert [label.split()[0] for label in labels(page)] == ["D", "C", "E", "B", "A"]

    # a convention in the toolbar's Conventions popover: linear gain (the share box is filled after the page ran)
    _, before = ndcg_metric(page)
    page.get_by_test_id("stMain").get_by_role("button", name="Conventions").click()
    body = page.get_by_test_id("stPopoverBody")
    body.get_by_test_id("stRadio").first.get_by_text("gain = rel", exact=True).click()
    wait_for_metric_change(page, before)
    wait_for_app(page)
    close_popover(page)

    ranking, metric = labels(page), ndcg_metric(page)
    link = shared_link(page)
    screenshot(page, "share")
    close_popover(page)

    # the link is the page's own address, and it carries this board
    assert link == page.url
    assert urlsplit(link).path == "/ndcg"
    board = decode_board(parse_qs(urlsplit(link).query)[PARAM][0])
    assert board.ranking == ("D", "C", "E", "B", "A") and board.gain == "linear" and board.k == 5
    expected = ndcg(board.rels(), 5, "linear", ideal=board.ideal_grades())
    assert metric == ("nDCG@5", f"{expected:.4f}")

    # a new browser context: a fresh session, the same ranking and value
    other = new_session(link)
    expect(other.get_by_role("heading", level=1, name=re.compile("^nDCG"))).to_be_visible()
    assert labels(other) == ranking
    assert labels(other, "pool") == []
    show_all_steps(other, wait_for_app)  # a shared board opens at step 1, like any new example
    assert ndcg_metric(other) == metric
    other.get_by_test_id("stMain").get_by_role("button", name="Conventions").click()  # the gain is in its popover
    expect(other.get_by_test_id("stPopoverBody").get_by_test_id("stRadio").first
           .get_by_role("radio", name="gain = rel")).to_be_checked()
    close_popover(other)
    expect(other.get_by_test_id("stAlertContentWarning")).to_have_count(0)
    assert shared_link(other) == link  # and its own link is the same


def test_link_to_another_page_keeps_the_board_across_pages(app_url: str, new_session, wait_for_app):
    page = new_session(app_url + "/ndcg")
    toolbar_popover(page, ORDER).get_by_role("button", name="Ideal order", exact=True).click()
    wait_for_app(page)
    link = page.url

    other = new_session(link.replace("/ndcg?", "/ap?"))
    expect(other.get_by_role("heading", level=1, name=re.compile("^AP"))).to_be_visible()
    board = decode_board(parse_qs(urlsplit(link).query)[PARAM][0])
    assert [label.split()[0] for label in labels(other)] == list(board.ranking)
    # the navigation keeps the board: nDCG of the ideal order is 1
    go_to(other, "nDCG")
    expect(other.get_by_role("heading", level=1, name=re.compile("^nDCG"))).to_be_visible()
    wait_for_app(other)
    show_all_steps(other, wait_for_app)
    assert ndcg_metric(other)[1] == "1.0000"
    assert decode_board(parse_qs(urlsplit(other.url).query)[PARAM][0]) == board


@pytest.mark.parametrize("text", [
    pack({"grades": {"a": 1}, "ranking": [XSS]}),
    pack({"grades": {"a": 1}, "ranking": ["https://evil.example [click](https://x.example) :red[x]"]}),
    "garbage<script>alert(1)</script>",
    "1." + "A" * 9000,
], ids=["xss-name", "markdown-name", "garbage", "too-long"])
def test_hostile_link_shows_a_notice(app_url: str, new_session, wait_for_app, screenshot, text):
    dialogs = []
    page = new_session(f"{app_url}/ndcg?{PARAM}={quote(text)}")
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    notice = page.get_by_test_id("stAlertContentWarning")
    expect(notice).to_have_count(1)
    expect(notice).to_contain_text("The link's board could not be read:")
    expect(notice).to_contain_text("showing the default example")
    expect(notice.locator("a")).to_have_count(0)  # a name is never a link
    expect(page.locator("img[src='x']")).to_have_count(0)
    expect(page.get_by_test_id("stException")).to_have_count(0)
    # the default example is on, and the URL now holds it
    default = PRESETS[DEFAULT_PRESET]
    assert [label.split()[0] for label in labels(page)] == list(default.ranking)
    assert decode_board(parse_qs(urlsplit(page.url).query)[PARAM][0]) == default.with_settings(title="", note="")
    if "evil" in json.dumps(decode_text(text)):
        expect(notice).to_contain_text("https://evil.example [click](https:/")  # as text
        screenshot(page, "share_hostile")
    assert not dialogs


def test_hostile_name_is_shown_literally_in_the_notice(app_url: str, new_session, wait_for_app):
    text = pack({"grades": {"a": 1}, "ranking": [XSS]})
    page = new_session(f"{app_url}/?{PARAM}={text}")
    expect(page.get_by_test_id("stAlertContentWarning")).to_contain_text(f"ranked item '{XSS}' is not among the items")
