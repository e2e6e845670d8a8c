"""Where a drag's time goes: the browser's side of drag release -> updated nDCG, message by message.

Runs the app and Chromium as ``bench_pages.py`` (b) does, records every WebSocket frame the page
sends and receives (a hook installed before the app loads), decodes the received ones with
Streamlit's ``ForwardMsg`` protobuf, and prints for each drag, in ms after the mouse release:

    sent     the drag's value leaves the browser (the lanes component's own work comes first)
    started  the server's new script run reaches the browser (``new_session``)
    value    the message carrying the new nDCG metric has been received
    shown    the page shows the new value (what bench_pages measures)
    finished ``script_finished`` received (the whole page sent)

plus the number of messages received before the value. ``value -> shown`` and the gaps between
messages are the browser's main thread at work (Streamlit re-rendering the page per batch of
messages); ``sent -> started`` is the server's turn. ``--messages`` lists every message of the
last drag. The hook copies every frame, which slows the browser: read the proportions here, and
take the figures from bench_pages.py.

Usage: ``python benchmarks/trace_drag.py [--drags 5] [--messages]``
"""

from __future__ import annotations

import argparse
import base64
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_pages  # noqa: E402  (the server, browser and page set-up of the benchmark)

#: records ['send' | 'recv', performance.now(), bytes, base64 payload] for every frame
HOOK = """
window.__frames = [];
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  window.__frames.push(['send', performance.now(), data.byteLength || data.length || 0, null]);
  if (!this.__traced) {
    this.__traced = true;
    this.addEventListener('message', (event) => {
      const entry = ['recv', performance.now(), 0, null];
      window.__frames.push(entry);
      Promise.resolve(event.data.arrayBuffer ? event.data.arrayBuffer() : event.data).then((buffer) => {
        const bytes = new Uint8Array(buffer);
        let text = '';
        for (const b of bytes) text += String.fromCharCode(b);
        entry[2] = bytes.length;
        entry[3] = btoa(text);
      });
    });
  }
  return send.call(this, data);
};
"""


def describe(payload: str | None) -> str:
    """A received frame in words: its ForwardMsg type, the element or block of a delta."""
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    if not payload:
        return ""
    message = ForwardMsg()
    message.ParseFromString(base64.b64decode(payload))
    kind = message.WhichOneof("type")
    if kind != "delta":
        return kind
    delta = message.delta
    which = delta.WhichOneof("type")
    if which == "new_element":
        element = delta.new_element
        name = element.WhichOneof("type")
        if name == "metric":
            return f"metric {element.metric.label} = {element.metric.body}"
        return name
    if which == "add_block":
        return f"block {delta.add_block.WhichOneof('type') or 'container'}"
    return which


def trace(drags: int, show_messages: bool) -> None:
    from playwright.sync_api import sync_playwright

    b = bench_pages
    process, url = b.start_server()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=b.CHROMIUM, args=b.CHROMIUM_FLAGS)
            page = browser.new_page(viewport={"width": 1400, "height": 2400})
            page.add_init_script(HOOK)
            ranking = b.ndcg_page_with_grades(page, url)
            rows = []
            print(f"{'drag':>4}{'sent':>8}{'started':>9}{'value':>8}{'shown':>8}{'finished':>10}  messages before the value")
            for number in range(1, drags + 1):
                if not b.hold_top_item_below_the_second(page, ranking):
                    raise RuntimeError(f"drag {number}: the top item was not picked up ({b.lanes_now(page, ranking)})")
                page.evaluate(b.WATCH)
                page.evaluate("window.__frames = []; window.__released = performance.now()")
                page.mouse.up()
                page.wait_for_function("window.__changed !== null")
                b.wait_idle(page)
                page.wait_for_timeout(300)  # the last payloads are decoded asynchronously
                released, shown = page.evaluate("[window.__released, window.__changed]")
                frames = [(kind, at - released, size, describe(payload))
                          for kind, at, size, payload in page.evaluate("window.__frames")]
                sent = next((at for kind, at, _, _ in frames if kind == "send"), float("nan"))
                started = next((at for _, at, _, what in frames if what == "new_session"), float("nan"))
                value_index = next((i for i, f in enumerate(frames) if f[3].startswith("metric nDCG")), None)
                value = frames[value_index][1] if value_index is not None else float("nan")
                finished = next((at for _, at, _, what in frames if what == "script_finished"), float("nan"))
                before = sum(1 for kind, *_ in frames[:value_index or 0] if kind == "recv")
                rows.append((sent, started, value, shown - released, finished))
                print(f"{number:>4}{sent:>8.1f}{started:>9.1f}{value:>8.1f}{shown - released:>8.1f}{finished:>10.1f}"
                      f"  {before}")
            print("median" + "".join(f"{statistics.median(column):>8.1f}" for column in zip(*rows)))
            if show_messages:
                print("\nthe last drag, frame by frame (ms after release, bytes, what):")
                for kind, at, size, what in frames:
                    print(f"  {kind} {at:7.1f} {size:6d}  {what}")
            browser.close()
    finally:
        b.stop_server(process)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--drags", type=int, default=5)
    parser.add_argument("--messages", action="store_true", help="list every message of the last drag")
    args = parser.parse_args()
    trace(args.drags, args.messages)


if __name__ == "__main__":
    main()
