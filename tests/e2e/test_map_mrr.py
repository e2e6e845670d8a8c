"""Browser: MAP and MRR worked out at the bottom of the AP and RR pages, walked with their own Next button
(the page's own steps stay where they are), then with the clicker's keys, which step the section while it is in
view and the page's ranking once scrolled back up, in English and 中文; screenshots of each step."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

#: page path, the section's step page key, the mean at each step (4 decimals, as the headline shows it)
SECTIONS = {"ap": ("map", ["0.5333", "0.6417"]), "rr": ("mrr", ["0.3333", "0.4167", "0.6111"])}


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("path", list(SECTIONS))
def test_walk_the_mean_query_by_query(new_session, wait_for_app, screenshot, path, language):
    key, means = SECTIONS[path]
    page = new_session(f"{path}" + ("?lang=zh" if language == "zh" else ""), {"width": 1280, "height": 720})
    section = page.locator(f".st-key-{key}__section")
    page_steps = page.locator(f".st-key-{path}__step_bar").get_by_test_id("stMarkdown").last
    page_steps_before = page_steps.inner_text()
    for step, mean in enumerate(means, start=1):
        section.scroll_into_view_if_needed()
        values = section.get_by_test_id("stMetricValue")
        expect(values.first).to_have_text(mean)
        expect(section.locator("table.step-window tbody tr")).to_have_count(step)
        expect(section.locator(".katex").last).to_contain_text(mean.rstrip("0"))
        screenshot(page, f"{key}_step{step}_{language}")
        next_button = section.locator(f".st-key-{key}__step_next button").first
        if step < len(means):
            next_button.click()
            wait_for_app(page)
        else:
            expect(next_button).to_be_disabled()
    assert page_steps.inner_text() == page_steps_before  # the page's own step did not move

    # the clicker steps the part in view: the section while it is on screen, the page's ranking above it otherwise
    rows = section.locator("table.step-window tbody tr")
    section.scroll_into_view_if_needed()
    page.keyboard.press("ArrowLeft")
    wait_for_app(page)
    expect(rows).to_have_count(len(means) - 1)
    expect(section.get_by_test_id("stMetricValue").first).to_have_text(means[-2])
    assert page_steps.inner_text() == page_steps_before
    page.locator(f".st-key-{path}__step_bar").scroll_into_view_if_needed()
    page.keyboard.press("ArrowRight")
    wait_for_app(page)
    expect(page_steps).not_to_have_text(page_steps_before)  # the page's step moved on
    expect(rows).to_have_count(len(means) - 1)  # the section's did not
