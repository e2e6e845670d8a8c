"""Benchmark: how fast the pages answer, on the server and in the browser.

(a) Server side, with AppTest (no browser): a 20-item ranking is put on the board (plain session
    state, as the builder leaves it), then every page that app.py routes is run ``--runs`` times
    after one warm-up run; the median and max milliseconds of ``AppTest.run()`` per page are
    printed. Goal: median < 50 ms. (AppTest's own bookkeeping is included, so the real server is
    a little faster.) These reruns keep the board: a run whose headline numbers change (a drag,
    a new K) also waits ``ui.teaching.explainer.DRAW_PAUSE_S`` (20 ms, idle) after them, so that the
    browser draws them before the rest of the page arrives — that is what (b) measures.

(b) In the browser: a Streamlit server of the app and Debian's Chromium (Playwright). A 20-item
    list is pasted on the upload page, then on the nDCG page the top item is dragged below the
    second one ``--drags`` times (the two have different grades, so nDCG changes every time). Time
    from the mouse release to the moment the nDCG metric shows its new value, measured inside the
    page (``performance.now()`` just before the release, a MutationObserver for the change).
    Before each release the lanes must hold the item below the second (a press that missed it, on a
    page still settling, is made again and counted); a held drag without a new value stops the run.
    Goal: median < 0.15 s.

Both are wall-clock figures: on a shared machine, other load inflates them (the load average is
printed; the CPU-time column of (a) is less sensitive to it).

Usage: ``python benchmarks/bench_pages.py [--runs 7] [--drags 10] [--skip-browser] [--app DIR]``
(``--app``: (b) on another checkout's app, e.g. an earlier commit's, measured by this script:
benchmarks/compare_drag.py)
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from servers import start_server, stop_server  # noqa: E402

#: 20 grades; the first two differ, so swapping ranks 1 and 2 always changes nDCG
GRADES = [3, 0, 2, 1, 3, 0, 0, 2, 1, 0, 3, 1, 0, 2, 0, 1, 0, 0, 2, 1]
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run", "--disable-sync"]
RANKING = ".st-key-builder .lanes [data-lane='ranking'] .item.movable"  #: the builder's ranked items (ui/ranking/lanes.py)
FLOATING = ".st-key-builder .lanes .item.floating"  #: the copy of the dragged item under the pointer



def app_pages() -> list[tuple[str, str]]:
    """(script, url path) of every page of the app (ui.shell.routes, which app.py's navigation reads), in order."""
    from ui.shell.routes import NAMES

    return [(f"pages/{name}.py", "" if name == "home" else name) for name in NAMES]


# --------------------------------------------------------------------------- (a) server side


def bench_server(runs: int) -> list[tuple[str, float, float, float, str]]:
    from tests.apptest_helpers import app_test
    from ui.model.board import Board
    from ui.session import state

    os.chdir(REPO)
    board = Board.from_ranking(GRADES, k=10, title="20 items (benchmark)")
    rows = []
    at = app_test(default_timeout=60).run()  # app.py runs on every rerun, as on the server
    at.session_state[state.BOARD] = board
    at.session_state[state.ORIGIN] = board
    at.session_state[state.REVISION] = at.session_state[state.REVISION] + 1
    for script, _ in app_pages():
        at.switch_page(script).run()  # warm-up: imports, caches
        problem = "; ".join(e.message.splitlines()[0] for e in at.exception) if at.exception else ""
        times, cpu = [], []
        for _ in range(runs):
            start, start_cpu = time.perf_counter(), time.process_time()
            at.run()
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
        if at.exception and not problem:
            problem = at.exception[0].message.splitlines()[0]
        ranked = len(at.session_state[state.BOARD].ranking)
        rows.append((script, statistics.median(times), max(times), statistics.median(cpu),
                     problem or f"board: {ranked} ranked"))
    return rows


# --------------------------------------------------------------------------- (b) browser


#: the value the nDCG metric shows (None: no such metric)
NDCG_SHOWN = """() => {
  for (const m of document.querySelectorAll('[data-testid="stMetric"]')) {
    const label = m.querySelector('[data-testid="stMetricLabel"]');
    if (label && label.innerText.trim().startsWith('nDCG'))
      return m.querySelector('[data-testid="stMetricValue"]').innerText.trim();
  }
  return null;
}"""

#: notes the time the nDCG metric shows another value (window.__changed) and that value; returns the value now
WATCH = """() => {
  const value = """ + NDCG_SHOWN + """;
  const before = value();
  window.__changed = null;
  window.__value = null;
  const observer = new MutationObserver(() => {
    const now = value();
    if (now !== null && now !== before && window.__changed === null) {
      window.__changed = performance.now();
      window.__value = now;
      observer.disconnect();
    }
  });
  observer.observe(document.body, {subtree: true, childList: true, characterData: true});
  return before;
}"""


TIMEOUT_MS = 60_000  #: a first run on a loaded 2-core machine can take several seconds (Playwright's default: 5)


def wait_idle(page) -> None:
    """Wait until the app has finished its run and drawn it, as the browser tests do (tests/e2e/conftest.py's
    APP_SETTLED, in one look: connected, not running, no stale element, no widget still a grey skeleton: a
    skeleton replaced by its widget moves the lanes below it), with one lanes component on the page."""
    from playwright.sync_api import expect

    from tests.e2e.conftest import APP_SETTLED

    page.wait_for_timeout(150)
    page.wait_for_function(APP_SETTLED, timeout=TIMEOUT_MS)
    expect(page.locator(".st-key-builder .lanes")).to_have_count(1, timeout=TIMEOUT_MS)


def ndcg_page_with_grades(page, url: str):
    """Paste GRADES on the upload page, go to the nDCG page; the ranked items of the builder's lanes."""
    from playwright.sync_api import expect

    from tests.e2e.navigation import go_to

    expect.set_options(timeout=TIMEOUT_MS)
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(url + "/upload")
    expect(page.get_by_test_id("stApp")).to_have_attribute("data-test-script-state", "notRunning")
    page.get_by_role("textbox", name="…or paste one ranked list").fill(" ".join(map(str, GRADES)))
    page.get_by_role("button", name="Use pasted list").click()
    page.wait_for_timeout(500)
    expect(page.get_by_test_id("stApp")).to_have_attribute("data-test-script-state", "notRunning")
    go_to(page, "nDCG")
    wait_idle(page)
    ranking = page.locator(RANKING)
    expect(ranking).to_have_count(len(GRADES))
    return ranking


def hold_top_item_below_the_second(page, ranking) -> bool:
    """Pick up the top item and hold it just below the second (the release is the caller's); True if the
    lanes hold it there: their floating copy is drawn and the item's placeholder is second.

    First the pointer rests on the item: Playwright's hover waits until it is visible, stable and receives
    events. A page that has just finished a run may still be settling (a box above the lanes changing
    height): the item's box read before that is a press beside the item, no drag, and no new value
    to wait for."""
    ranking.nth(0).hover()
    source, target = ranking.nth(0).bounding_box(), ranking.nth(1).bounding_box()
    x, y = source["x"] + source["width"] / 2, source["y"] + source["height"] / 2
    below = target["y"] + target["height"] * 0.9
    page.mouse.move(x, y)
    page.mouse.down()
    for step in range(1, 21):
        page.mouse.move(x, y + (below - y) * step / 20)
    page.wait_for_timeout(150)  # let the placeholder settle under the pointer
    return (page.locator(FLOATING).count() == 1
            and "placeholder" in (ranking.nth(1).get_attribute("class") or "").split())


def lanes_now(page, ranking) -> str:
    """What the page shows, for an error message: the lanes' top items (* the placeholder), the nDCG metric."""
    top = ranking.evaluate_all("nodes => nodes.slice(0, 4).map(n => n.dataset.name"
                               " + (n.classList.contains('placeholder') ? '*' : ''))")
    return (f"lanes' top items {top}, floating copies {page.locator(FLOATING).count()}, "
            f"nDCG shown {page.evaluate(NDCG_SHOWN)!r}")


HOLD_TRIES = 3  #: presses on the top item before the benchmark gives up (a press on a settling page may miss it)


def bench_browser(drags: int, app: Path = REPO) -> tuple[list[float], int, int]:
    """``drags`` drags on the nDCG page of ``app``'s app.py (a checkout: this one or an earlier commit's): the
    seconds from each release to the new value, the number of items, and how many presses missed the item."""
    from playwright.sync_api import sync_playwright

    process, url = start_server(app)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            page = browser.new_page(viewport={"width": 1400, "height": 2400})
            ranking = ndcg_page_with_grades(page, url)
            times, missed = [], 0
            for number in range(1, drags + 1):
                for _ in range(HOLD_TRIES):
                    if hold_top_item_below_the_second(page, ranking):
                        break
                    missed += 1  # no drag to measure: let go, and press again once the page is idle
                    page.mouse.up()
                    wait_idle(page)
                else:
                    raise RuntimeError(f"drag {number}: {HOLD_TRIES} presses on the top item did not pick it up "
                                       f"({lanes_now(page, ranking)})")
                before = page.evaluate(WATCH)
                page.evaluate("window.__released = performance.now()")
                page.mouse.up()
                try:
                    page.wait_for_function("window.__changed !== null", timeout=TIMEOUT_MS)
                except Exception as error:  # the lanes held the drag, yet no new value came: the app lost it
                    shot = Path(tempfile.gettempdir()) / f"bench_pages_lost_drag_{os.getpid()}.png"
                    page.screenshot(path=str(shot))
                    raise RuntimeError(f"drag {number}: no new nDCG value {TIMEOUT_MS / 1000:.0f} s after the release "
                                       f"(before: {before!r}; now: {lanes_now(page, ranking)}; screenshot {shot})"
                                       ) from error
                times.append(page.evaluate("window.__changed - window.__released") / 1000)
                wait_idle(page)
            browser.close()
            return times, len(GRADES), missed
    finally:
        stop_server(process)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="reruns per page (after one warm-up)")
    parser.add_argument("--drags", type=int, default=10)
    parser.add_argument("--skip-browser", action="store_true")
    parser.add_argument("--browser-only", action="store_true", help="only (b), the drag in the browser")
    parser.add_argument("--app", type=Path, default=REPO,
                        help="(b) on the app.py of this checkout (default: this one); implies --browser-only")
    args = parser.parse_args()
    if args.app.resolve() != REPO:
        args.browser_only = True

    if args.browser_only:
        args.runs = 0
    print(f"(a) server-side rerun, 20-item ranking, AppTest, {args.runs} runs per page (goal: median < 50 ms)")
    print("    wall = elapsed time; cpu = CPU time of this process (less sensitive to other load on the machine)")
    print("    (same board each rerun; a run with new headline numbers also waits 20 ms after them: see (b))")
    print(f"    load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"{'page':<24}{'median ms':>11}{'max ms':>9}{'cpu ms':>9}  ok?   note")
    for script, median, worst, cpu, note in (bench_server(args.runs) if args.runs else []):
        print(f"{script:<24}{median:>11.1f}{worst:>9.1f}{cpu:>9.1f}  {'yes' if median < 50 else 'NO ':<4}  {note}")

    if args.skip_browser:
        return
    times, n, missed = bench_browser(args.drags, args.app.resolve())
    print(f"\n(b) browser: drag release -> updated nDCG value, {n}-item ranking, {len(times)} drags "
          "(goal: median < 0.15 s)")
    print(f"{'median s':>10}{'max s':>9}{'min s':>9}  ok?")
    print(f"{statistics.median(times):>10.3f}{max(times):>9.3f}{min(times):>9.3f}  "
          f"{'yes' if statistics.median(times) < 0.15 else 'NO'}")
    print("each drag (s): " + " ".join(f"{t:.3f}" for t in times))
    if missed:
        print(f"presses that did not pick the top item up (pressed again): {missed}")


if __name__ == "__main__":
    main()
