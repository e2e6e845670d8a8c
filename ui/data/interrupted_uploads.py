"""An upload the reader left before it finished is said when they come back (issue 19).

Leaving the Upload page (or reloading the tab) while a large file is still on its way drops it: the
uploader is gone before Streamlit could hand the file to the page, so the page, drawn again, had
nothing to show — no data, no success, no error. This components v2 piece (no iframe, nothing
visible), mounted beside an uploader, watches the browser's uploads to Streamlit's upload endpoint
(``/_stcore/upload_file``) and keeps them in the tab's ``sessionStorage``; an upload still on its way
when the page is left (the piece unmounts) or the document goes (a reload) is reported once, the next
time the piece is drawn, and the page says which files to upload again.
"""

from __future__ import annotations

import streamlit as st

from ui.i18n import N_, t
from ui.shell.safe import plain

_JS = r"""
const SLOT = "__rankingMetricsLabUploads";
const STORE = "ranking-metrics-lab-uploads";
const ENDPOINT = "/_stcore/upload_file";

function load() {
  try { return JSON.parse(window.sessionStorage.getItem(STORE) || "[]"); } catch (error) { return []; }
}
function save(entries) {
  try { window.sessionStorage.setItem(STORE, JSON.stringify(entries.slice(-50))); } catch (error) { /* full */ }
}
function update(id, change) { save(load().map((entry) => (entry.id === id ? {...entry, ...change} : entry))); }

// once per document: every upload to Streamlit's endpoint is an entry {id, doc, names, bytes, state}
function watch() {
  if (window[SLOT]) return window[SLOT];
  const hub = window[SLOT] = {doc: `${Date.now()}-${Math.random().toString(36).slice(2)}`, mounted: 0};
  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    this.__rankingMetricsLabUrl = String(url);
    return open.call(this, method, url, ...rest);
  };
  XMLHttpRequest.prototype.send = function (body) {
    const url = this.__rankingMetricsLabUrl || "";
    if (url.includes(ENDPOINT) && body instanceof FormData) {
      const files = [...body.values()].filter((value) => value instanceof File);
      const id = `${hub.doc}-${Math.random().toString(36).slice(2)}`;
      save([...load(), {id, doc: hub.doc, names: files.map((file) => file.name),
                        bytes: files.reduce((sum, file) => sum + file.size, 0), state: "sending", left: false}]);
      const end = (state) => update(id, {state});
      this.addEventListener("load", () => end(this.status >= 200 && this.status < 300 ? "done" : "failed"));
      this.addEventListener("abort", () => end("failed"));
      this.addEventListener("error", () => end("failed"));
    }
    return send.call(this, body);
  };
  return hub;
}

export default function (component) {
  const { setTriggerValue } = component;
  const hub = watch();
  hub.mounted += 1;
  if (hub.mounted === 1) {  // drawn anew: report what was left on its way, forget what arrived
    const entries = load();
    const left = entries.filter((entry) => entry.left || (entry.state === "sending" && entry.doc !== hub.doc));
    save(entries.filter((entry) => entry.state === "sending" && entry.doc === hub.doc && !entry.left));
    if (left.length) setTriggerValue("interrupted", left.map((entry) => ({names: entry.names, bytes: entry.bytes})));
  }
  return () => {
    hub.mounted -= 1;
    if (hub.mounted === 0)  // the page is left: what is still on its way will not reach it
      save(load().map((entry) => (entry.state === "sending" ? {...entry, left: true} : entry)));
  };
}
"""

_COMPONENT = st.components.v2.component("ranking_metrics_lab.interrupted_uploads", js=_JS)

INTERRUPTED = N_("The upload of {names} ({size}) did not finish: the page was left or reloaded while it was on its "
                 "way, so nothing of it was loaded. Upload it again and wait for it to finish.")


def size_text(size: int) -> str:
    """A byte count as the upload box shows it.

    >>> size_text(512), size_text(18_769_000)
    ('512 B', '17.9 MB')
    """
    for unit, scale in (("GB", 1024 ** 3), ("MB", 1024 ** 2), ("KB", 1024)):
        if size >= scale:
            return f"{size / scale:.1f} {unit}"
    return f"{size} B"


def say_interrupted(key: str) -> None:
    """Mount the watcher (beside an uploader: ``key`` is its own) and warn once of each upload left
    unfinished since the page was last drawn."""
    st.html(f"<style>.st-key-{key} {{ display: none; }}</style>")
    result = _COMPONENT(key=key, on_interrupted_change=lambda: None, width="content", height="content")
    for upload in result.get("interrupted") or ():
        names = ", ".join(str(name) for name in upload.get("names", ())) or "?"
        st.warning(t(INTERRUPTED).format(names=plain(names), size=size_text(int(upload.get("bytes", 0)))),
                   icon=":material/cloud_off:")
