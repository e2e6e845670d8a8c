"""The keys a presentation clicker sends, as one trigger per key press (a Streamlit components v2
component: no iframe, no build step, nothing visible).

→ / PageDown / Space give "next", ← / PageUp "back", Home "start", End "end" (and Escape "exit" where
asked for). Keys meant for something else are left alone: keys typed into inputs, text areas,
selects, sliders, radios, tabs, grids and editable text; Space on buttons, checkboxes and links; and
any key another handler took already (``event.defaultPrevented``, as the ranking builder's
drag-and-drop lanes do for the keys they use). The keys it takes are ``preventDefault``-ed (Space
does not scroll).

One listener per document, however many instances and reruns: it lives on ``window`` and hands each
key to the instance mounted last, unless an instance drawn with a ``region`` (a CSS selector: a part of the page
that steps by itself, like the MAP section under the AP page) has that part in view — mostly on screen — and then
to it; it is removed when the last instance unmounts. Keys pressed while
the app still runs for the previous one wait their turn (one trigger, one run, per key press: a
quick double press moves two steps).

In AppTest, simulate a key press with ``at.session_state[key] = {"action": "next"}`` then ``at.run()``
(set ``{}`` afterwards: AppTest keeps the value, the browser sends it for one run only).
"""

from __future__ import annotations

import streamlit as st

from ui.shell import dom

ACTIONS = ("next", "back", "start", "end", "exit")  #: what :func:`clicker_keys` may return

#: the script (a template: ``$dataframe`` is Streamlit's selector, ui/shell/dom.py)
_JS = dom.fill(r"""
const ACTIONS = {ArrowRight: "next", PageDown: "next", " ": "next", ArrowLeft: "back", PageUp: "back",
                 Home: "start", End: "end", Escape: "exit"};
// elements that use these keys themselves: every key typed there is theirs
const OWN_KEYS = 'input, textarea, select, [contenteditable]:not([contenteditable="false"]), [role="slider"], '
  + '[role="radio"], [role="radiogroup"], [role="tab"], [role="tablist"], [role="listbox"], [role="option"], '
  + '[role="combobox"], [role="textbox"], [role="spinbutton"], [role="menu"], [role="menuitem"], [role="grid"], '
  + '[role="application"], $dataframe';
// elements that use Space (click, toggle) but not the other keys
const OWN_SPACE = 'button, a[href], summary, [role="button"], [role="checkbox"], [role="switch"], [role="link"]';
const SLOT = "__rankingMetricsLabClickerKeys";
const VERSION = 3;
const WAIT_MS = 3000;  // the longest wait for the app's run before the next queued key goes anyway
const MAX_QUEUED = 10;

function targetOf(event) {
  const path = event.composedPath ? event.composedPath() : [];
  const first = path.length ? path[0] : event.target;  // the real target, also inside a shadow root
  return first instanceof Element ? first : null;
}

function onKeyDown(event) {
  const hub = window[SLOT];
  if (!hub || !hub.instances.length) return;
  if (event.defaultPrevented || event.repeat || event.isComposing) return;
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const action = ACTIONS[event.key];
  if (!action) return;
  const instance = receiver(hub.instances);
  if (action === "exit" && !instance.escape) return;
  const target = targetOf(event);
  if (target && target.closest(OWN_KEYS)) return;
  if (target && event.key === " " && target.closest(OWN_SPACE)) return;
  event.preventDefault();
  if (instance.queue.length < MAX_QUEUED) instance.queue.push(action);
  deliver(instance);
}

// Whether the part of the page ``selector`` names is in view: at least 60% of it on screen (of the screen's height,
// for a part taller than the screen).
function inView(selector) {
  const element = document.querySelector(selector);
  if (!element) return false;
  const box = element.getBoundingClientRect();
  const height = window.innerHeight;
  const shown = Math.min(box.bottom, height) - Math.max(box.top, 0);
  return box.height > 0 && shown >= 0.6 * Math.min(box.height, height);
}

// The instance a key goes to: the last one whose region is in view, else the last one without a region.
function receiver(instances) {
  const regional = instances.filter((entry) => entry.region && inView(entry.region));
  const plain = instances.filter((entry) => !entry.region);
  const pool = regional.length ? regional : plain.length ? plain : instances;
  return pool[pool.length - 1];
}

// One key at a time: a trigger sent while the app still runs for the previous one would replace it
// (Streamlit keeps the newest trigger of a component), so a quick double press would move one step.
// The next key goes once the run that read the previous one has drawn this component again (every
// run gives it new data, which calls the function below), or after WAIT_MS at the latest.
function deliver(instance) {
  if (instance.waiting || !instance.queue.length) return;
  instance.waiting = true;
  instance.timer = setTimeout(() => { instance.waiting = false; deliver(instance); }, WAIT_MS);
  instance.send(instance.queue.shift());
}

export default function (component) {
  const { setTriggerValue, parentElement, data } = component;
  let hub = window[SLOT];
  if (hub && hub.version !== VERSION) {  // a listener of another version of this code: replace it
    window.removeEventListener("keydown", hub.listener);
    hub = undefined;
  }
  if (!hub) {
    hub = window[SLOT] = {version: VERSION, listener: onKeyDown, instances: []};
    window.addEventListener("keydown", onKeyDown);  // bubbling, on window: after every other handler
  }
  // one entry per mounted instance (each run calls this again for the same element, with new data)
  const before = hub.instances.find((entry) => entry.element === parentElement);
  if (before) clearTimeout(before.timer);
  const instance = {element: parentElement, send: (action) => setTriggerValue("action", action),
                    escape: Boolean(data && data.escape), region: (data && data.region) || null,
                    queue: before ? before.queue : [], waiting: false};
  hub.instances = hub.instances.filter((entry) => entry !== before);
  hub.instances.push(instance);
  deliver(instance);  // the keys pressed while the app was running
  return () => {
    const current = window[SLOT];
    if (!current) return;
    current.instances.filter((entry) => entry.element === parentElement).forEach((entry) => clearTimeout(entry.timer));
    current.instances = current.instances.filter((entry) => entry.element !== parentElement);
    if (!current.instances.length) {
      window.removeEventListener("keydown", current.listener);
      delete window[SLOT];
    }
  };
}
""")

_COMPONENT = st.components.v2.component("ranking_metrics_lab.clicker_keys", js=_JS)

_RUNS = "clicker_keys_runs"  #: session-state key: how many runs drew each instance

#: hides the component's (empty) element, so that it takes no room in the layout
_HIDE = "<style>.st-key-{key} {{ display: none; }}</style>"


def clicker_keys(key: str, *, escape: bool = False, region: str | None = None) -> str | None:
    """The action of the key pressed since the last run: "next" (→, PageDown, Space), "back" (←,
    PageUp), "start" (Home), "end" (End), "exit" (Escape, only with ``escape=True``); else None.

    Call it once per run where the keys should act; the instance drawn last receives the keys, except while the
    part of the page ``region`` (a CSS selector) of another instance is in view: that one receives them.
    ``key``: a session-state key of its own, without "__" (components v2 reserve it; so not
    ``ui.session.state.page_key``'s form: use e.g. ``f"{page}_keys"``).
    """
    if "__" in key:
        raise ValueError(f"clicker_keys: the key {key!r} must not contain '__' (Streamlit components v2 reserve it)")
    runs = st.session_state.setdefault(_RUNS, {})
    runs[key] = runs.get(key, 0) + 1  # new data every run: tells the browser this run has read the last key
    st.html(_HIDE.format(key=key))
    result = _COMPONENT(key=key, data={"escape": escape, "region": region, "run": runs[key]},
                        on_action_change=lambda: None, width="content", height="content")
    action = result.get("action")
    return action if action in ACTIONS and (escape or action != "exit") else None
