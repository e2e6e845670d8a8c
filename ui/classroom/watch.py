"""A class's screen waits for its class to change (issue 19): a components-v2 piece (no iframe, nothing visible)
in the screen's fragment that holds a long poll on :data:`live.routes.PATH` and reruns the fragment (a trigger)
only when that is news to the screen (:func:`live.watch.is_news`): the class moved past the state the screen
shows, ended, or its server went away or came back.

Served by ``streamlit run app.py`` alone, the route is absent (404): the piece then reruns the fragment every
``every`` seconds, as a ``run_every`` fragment would (the fragment reads the store itself). When a whole run of the
app ends (``run``, a new number each whole run), the piece reruns the fragment once ``check_after`` seconds later:
the fragment then checks that the browser got the end of that run (:func:`ui.classroom.live.lost_its_end`).
"""

from __future__ import annotations

import streamlit as st

from live.routes import PATH

_JS = r"""
const WATCHES = new WeakMap();
const RETRY_MS = 2000;
const CALM_MS = 1000;  // a wait answered sooner than this without news: the next one starts after it

function fire(watch, why) {
  if (watch.element.isConnected) watch.setTriggerValue("changed", `${why}:${Date.now()}`);
}

function startTimer(watch) {  // no route (plain `streamlit run app.py`): ask the fragment every `every` ms
  if (watch.timer && watch.timerEvery === watch.data.every) return;
  clearInterval(watch.timer);
  watch.timer = null;
  watch.timerEvery = watch.data.every;
  if (!watch.data.every) return;  // none now (a teacher's screen asks only while its class server is away)
  watch.timer = setInterval(() => {
    if (!watch.element.isConnected) { clearInterval(watch.timer); return; }
    fire(watch, "tick");
  }, watch.data.every);
}

async function wait(watch, signal, after) {
  while (!signal.aborted && watch.element.isConnected) {
    const data = watch.data;
    const query = `code=${encodeURIComponent(data.code)}&seen=${encodeURIComponent(after)}`;
    const asked = Date.now();
    try {
      const response = await fetch(`${data.url}?${query}`, { signal, cache: "no-store" });
      if (response.status === 404) { watch.noRoute = true; startTimer(watch); return; }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const { state, news } = await response.json();
      if (signal.aborted) return;
      if (news && typeof state === "string") {
        fire(watch, "change");
        after = state;  // the fragment's run shows it (new data) or not: either way, wait for the next change
      } else if (Date.now() - asked < CALM_MS) {  // answered at once with nothing new: never a storm of requests
        await new Promise((resolve) => setTimeout(resolve, CALM_MS));
      }
    } catch (error) {
      if (signal.aborted) return;
      fire(watch, "retry");  // the route is busy or away: the fragment asks the store itself meanwhile
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}

export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  if (!data) return;
  let watch = WATCHES.get(parentElement);
  const fresh = !watch;
  if (fresh) {
    watch = { element: parentElement };
    WATCHES.set(parentElement, watch);
  }
  const before = watch.data;
  watch.data = data;
  watch.setTriggerValue = setTriggerValue;
  if (data.check_after && (!before || before.run !== data.run)) {
    clearTimeout(watch.check);
    watch.check = setTimeout(() => fire(watch, "check"), data.check_after * 1000);
  }
  const again = data.again ? JSON.stringify(data.again[0]) : null;
  if (again !== watch.againKey) {  // once, after a given time: e.g. when a missing class's grace ends
    clearTimeout(watch.againTimer);
    watch.againKey = again;
    if (data.again) watch.againTimer = setTimeout(() => fire(watch, "again"), data.again[1] * 1000);
  }
  if (watch.noRoute) { startTimer(watch); return; }
  if (!data.url) {  // (no route, or the follower view's piece waits instead: ui/classroom/view_piece.py)
    if (watch.controller) watch.controller.abort();
    watch.noRoute = true;
    startTimer(watch);
    return;
  }
  if (fresh || before.url !== data.url || before.code !== data.code || before.seen !== data.seen) {
    if (watch.controller) watch.controller.abort();
    watch.controller = new AbortController();
    wait(watch, watch.controller.signal, data.seen);
  }
}
"""

_COMPONENT = st.components.v2.component("ranking_metrics_lab.live_watch", js=_JS)


def wait_for_change(key: str, code: str, seen: str, *, every: float | None, run: int | None = None,
                    check_after: float | None = None, again: tuple | None = None, url: str | None = PATH) -> None:
    """Mount the piece (in a fragment: its trigger reruns that fragment): it reruns the fragment when class
    ``code`` is no longer at ``seen`` (a version, ``live.watch.GONE``, ``live.watch.UNAVAILABLE``, or "" when
    unknown), every ``every`` seconds without the route (``url`` None: never asks it; ``every`` None: then never),
    ``check_after`` seconds after each new ``run``, and once ``again[1]`` seconds after a new ``again[0]`` (any
    JSON-able key). Hidden by ui/shell/style/lecture.css (``.st-key-live_watch*``)."""
    _COMPONENT(key=key, data={"url": url, "code": code, "seen": seen, "every": int(every * 1000) if every else None, "run": run,
                              "check_after": check_after, "again": list(again) if again else None},
               on_changed_change=lambda: None, width="content", height="content")
