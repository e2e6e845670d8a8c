// A following student's view of the teacher's page, kept current by the browser itself (issue 36;
// ui/classroom/view_piece.py mounts it, ui/classroom/view_route.py serves this file and the view).
// It waits on the class's version (live.routes), fetches the view drawn once for the whole class
// (/live-class/view: the same bytes for every student of one language and text size) and swaps it in
// here, without a run of the app. It asks its fragment to run (trigger "changed") only when the
// student's session must act: the class ended or its server is away, the teacher is on another page,
// a question was asked or revealed, or the route cannot be reached. A drop in its lanes is the
// student's own board: sent with the trigger "dropped". Texts from the view are only ever set with
// textContent; its step line and step window are HTML the server escaped.

const PIECES = new WeakMap();
const RETRY_MS = 2000;
const CALM_MS = 1000; // a wait answered sooner than this without news: the next one starts after it
const loaded = {}; // url -> promise (each asset fetched once per page, then cached by the browser)

function once(url, make) {
  if (!loaded[url]) loaded[url] = make();
  return loaded[url];
}

function stylesheet(url, parent) {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = url;
  const ready = new Promise((resolve) => { link.onload = link.onerror = resolve; });
  parent.append(link);
  return ready;
}

function katex(url) {
  return once(url, () => new Promise((resolve) => {
    if (window.katex) { resolve(window.katex); return; }
    const script = document.createElement("script");
    script.src = url;
    script.onload = () => resolve(window.katex);
    script.onerror = () => resolve(null);
    document.head.append(script);
  }));
}

function element(tag, attributes = {}, text) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

let DOM = {};  // Streamlit's elements' [attribute, value] by their names in ui/shell/dom.py (in the piece's data)

function testid(name, attributes = {}) {  // (the app's stylesheets select Streamlit's elements by these)
  const [attribute, value] = DOM[name];
  return { [attribute]: value, ...attributes };
}

function markdown(html) {  // as Streamlit draws Markdown
  const outer = element("div", { class: "rml-block" });
  const inner = element("div", testid("markdown"));
  inner.innerHTML = html;
  outer.append(inner);
  return outer;
}

function paragraph(text) {
  return element("p", {}, text);
}

function info(text) {
  const box = element("div", { class: "rml-block rml-info", role: "alert" });
  box.append(paragraph(text));
  return box;
}

function columns(count, className) {
  const row = element("div", testid("horizontal_block", { class: `rml-row ${className || ""}` }));
  const cells = [];
  for (let i = 0; i < count; i += 1) {
    const cell = element("div", testid("column", { class: "rml-column" }));
    row.append(cell);
    cells.push(cell);
  }
  return [row, cells];
}

function metric([label, value, help]) {
  const box = element("div", testid("metric", { class: "rml-metric" }));
  const name = element("div", testid("metric_label", { class: "rml-metric-label" }));
  name.append(paragraph(label));
  if (help) name.title = help;
  const number = element("div", testid("metric_value", { class: "rml-metric-value" }));
  const text = element("div");
  text.append(paragraph(value));
  number.append(text);
  box.append(name, number);
  return box;
}

function formula(line, tex) {
  const outer = element("div", { class: "rml-block" });
  const inner = element("div", testid("markdown"));
  if (tex) {
    try {
      tex.render(line, inner, { displayMode: true, throwOnError: false });
    } catch (error) {
      inner.textContent = line;
    }
  } else inner.textContent = line;
  outer.append(inner);
  return outer;
}

function numbers(view, tex) {  // the headline, the step line, the formula and the step window (follower.show_numbers)
  const parts = [];
  const [headline, cells] = columns(view.headline.length);
  view.headline.forEach((entry, i) => cells[i].append(metric(entry)));
  const frame = element("div", { class: "st-key-lecture_headline rml-block" });
  frame.append(headline);
  parts.push(frame, markdown(`<p>${view.step}</p>`));
  if (view.caption) {
    const caption = element("div", testid("caption", { class: "rml-block rml-caption" }));
    caption.append(paragraph(view.caption));
    parts.push(caption);
  }
  const sized = element("div", { class: `st-key-lecture_size_${view.size - view.smallest} rml-stack` });
  const formulas = element("div", { class: "st-key-lecture_formula rml-stack" });
  for (let first = 0; first < view.formula.length; first += view.columns) {
    const row = view.formula.slice(first, first + view.columns);
    if (view.columns > 1) {
      const [line, cells2] = columns(view.columns);
      row.forEach((text, i) => cells2[i].append(formula(text, tex)));
      formulas.append(line);
    } else formulas.append(formula(row[0], tex));
  }
  const table = element("div", { class: "st-key-lecture_table rml-block" });
  const html = element("div", testid("html"));
  html.innerHTML = view.table;
  table.append(html);
  const wrap = (node) => { const box = element("div", { class: "rml-stack" }); box.append(node); return box; };
  sized.append(wrap(formulas), wrap(table));  // (phone.css puts the table's box first on a phone)
  parts.push(sized);
  return parts;
}

async function render(piece, view) {
  const urls = piece.data.urls;
  const tex = view && view.formula && view.formula.length ? await katex(urls.katex) : null;
  const lanesModule = view && view.lanes ? await once(urls.lanes_js, () => import(urls.lanes_js)) : null;
  const root = piece.root;
  if (!view) { root.replaceChildren(); return; }
  if (view.missing) { root.replaceChildren(info(view.missing)); piece.lanesHost = null; return; }
  const [stage, [ranking, right]] = columns(2, "rml-stage");
  const frame = element("div", { class: "st-key-lecture_stage" });
  frame.append(stage);
  ranking.classList.add("rml-ranking");
  right.classList.add("rml-numbers");
  const title = markdown("<p><small><strong></strong></small></p>");
  title.querySelector("strong").textContent = view.ranking;  // (:small[**title**], as follower.draw writes it)
  ranking.append(title);
  // the lanes keep their element (and a drag in progress) from one view to the next
  if (!piece.lanesHost) {
    piece.lanesHost = element("div", { class: "st-key-live_follow_lanes_view rml-block" });
    const shadow = piece.lanesHost.attachShadow({ mode: "open" });
    stylesheet(urls.lanes_css, shadow);
    shadow.append(element("div", { class: "lanes" }));
  }
  ranking.append(piece.lanesHost);
  if (view.unavailable) right.append(info(view.unavailable));
  else right.append(...numbers(view, tex));
  root.replaceChildren(frame);
  lanesModule.default({
    data: view.lanes,
    parentElement: piece.lanesHost.shadowRoot,
    setStateValue: (name, order) => piece.drop(order),
  });
}

function keepLink(view) {  // the tab's address holds the board the view shows, as a run's share.write_to_url does
  if (!view || !("link" in view)) return;
  const url = new URL(window.location.href);
  if (url.searchParams.get("b") === view.link) return;
  if (typeof view.link === "string") url.searchParams.set("b", view.link);
  else url.searchParams.delete("b");
  window.history.replaceState(window.history.state, "", url);
}

function show(piece, view, state) {
  keepLink(view);
  piece.shown = JSON.stringify(view);
  piece.shownState = state;
  piece.rendering = piece.rendering.then(() => render(piece, view)).catch((error) => {
    console.error("live class view", error);
    piece.fire("error");
  });
}

function sameQuestion(a, b) {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

async function wait(piece, signal, after) {
  while (!signal.aborted && piece.element.isConnected) {
    const data = piece.data;
    const asked = Date.now();
    try {
      const code = encodeURIComponent(data.code);
      const response = await fetch(`${data.urls.version}?code=${code}&seen=${encodeURIComponent(after)}`,
        { signal, cache: "no-store" });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const { state, news } = await response.json();
      if (signal.aborted) return;
      if (!news || typeof state !== "string") {
        if (Date.now() - asked < CALM_MS) await new Promise((resolve) => setTimeout(resolve, CALM_MS));
        continue;
      }
      after = state;
      if (!/^\d+$/.test(state) || !/^\d+$/.test(data.seen)) { piece.fire("state"); continue; }  // the session's
      const query = `code=${code}&seen=${state}&lang=${encodeURIComponent(data.lang)}&size=${data.size}`;
      const answer = await (await fetch(`${data.urls.view}?${query}`, { signal, cache: "no-store" })).json();
      if (signal.aborted) return;
      if (!/^\d+$/.test(answer.state) || !answer.view || answer.page !== data.page
          || !sameQuestion(answer.question, data.question)) {
        piece.fire("act");  // the session acts (another page, a question, the class ended): its fragment runs
        continue;
      }
      after = answer.state;
      show(piece, answer.view, answer.state);
    } catch (error) {
      if (signal.aborted) return;
      piece.fire("retry");  // the route is busy or away: the fragment asks the store itself meanwhile
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}

export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  const root = parentElement.querySelector(".rml-view");
  if (!data || !root) return;
  let piece = PIECES.get(root);
  const fresh = !piece;
  if (fresh) {
    piece = { element: root, root, rendering: Promise.resolve(), lanesHost: null };
    PIECES.set(root, piece);
    once(data.urls.css, () => stylesheet(data.urls.css, document.head));
  }
  const before = piece.data;
  piece.data = data;
  DOM = data.dom;
  piece.fire = (why) => { if (root.isConnected) setTriggerValue("changed", `${why}:${Date.now()}`); };
  piece.drop = (order) => { if (root.isConnected) setTriggerValue("dropped", order); };
  // the session's view (as its run drew it): shown unless this screen shows a newer version already
  const newer = piece.shownState && /^\d+$/.test(piece.shownState) && /^\d+$/.test(data.seen)
    && Number(piece.shownState) > Number(data.seen);
  if (!newer && JSON.stringify(data.view) !== piece.shown) show(piece, data.view, data.seen);
  if (fresh || before.code !== data.code || before.seen !== data.seen) {
    if (piece.controller) piece.controller.abort();
    piece.controller = new AbortController();
    wait(piece, piece.controller.signal, data.seen);
  }
}
