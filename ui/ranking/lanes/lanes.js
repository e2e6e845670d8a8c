// Drag-and-drop lanes (ui/lanes.py): a ranking, an optional pool below it and an optional
// read-only ideal ordering beside it. Pointer dragging (mouse, touch, pen) and keyboard moves;
// on a drop the new order goes to Python with setStateValue("order", {ranking, pool}).
// Item names are user data: they are only ever set with textContent.

const THRESHOLD = 6; // px the pointer moves before a press becomes a drag
const EDGE = 48; // px from the viewport's edge where dragging scrolls the page
const STATES = new WeakMap(); // root element -> this instance's state (kept across re-renders)

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

function itemNode(item, movable, text) {
  const node = element("div", "item" + (movable ? " movable" : "") + (item.unjudged ? " unjudged" : ""));
  node.dataset.name = item.name;
  node.style.background = item.fill;
  node.style.color = item.ink;
  node.setAttribute("role", "listitem");
  if (movable) {
    node.tabIndex = 0;
    node.setAttribute("aria-describedby", "lanes-help");
  }
  node.append(element("span", "name", item.name), element("span", "grade", item.grade));
  node.setAttribute("aria-label", `${item.name}, ${text.grade} ${item.grade}`);
  return node;
}

function laneNode(lane, text) {
  const node = element("div", "lane");
  node.dataset.lane = lane.id;
  node.dataset.empty = text.empty;
  node.setAttribute("role", "list");
  node.setAttribute("aria-label", lane.title || lane.id);
  for (const item of lane.items) node.append(itemNode(item, true, text));
  return node;
}

/** A line across the ranking lane at a fractional rank, and its label (ui/ranking/lanes.py: Marker): laid over the
 * lane's grid cell, so that the lane's children stay its items; placed by CSS from the rows' height. */
function markerNode(marker, row) {
  const node = element("div", "marker");
  node.style.gridArea = `${row} / 2`;
  node.style.setProperty("--at", String(marker.rank));
  node.append(element("div", "marker-line"), element("span", "marker-label", marker.label));
  return node;
}

function render(state) {
  const { root, data } = state;
  const text = data.text;
  const focused = root.getRootNode().activeElement;
  const refocus = focused && root.contains(focused) && focused.dataset ? focused.dataset.name : null;
  root.replaceChildren();
  state.picked = null;
  // rows shrink with the number of items (ui/lanes.py: row_height), so that a long board stays on one screen
  if (Number.isFinite(data.row)) root.style.setProperty("--row", `${data.row}px`);
  root.classList.toggle("dense", Number.isFinite(data.row) && data.row < 30);

  const [ranking, ...others] = data.lanes;
  const board = element("div", "board" + (data.ideal ? " with-ideal" : ""));
  board.append(element("div", "head gutter-head"), element("div", "head", ranking.title || ""));
  if (data.ideal) board.append(element("div", "head", data.ideal.title));
  const gutter = element("div", "gutter");
  gutter.setAttribute("aria-hidden", "true");
  const lane = laneNode(ranking, text);
  board.append(gutter, lane);
  if (data.ideal) {
    const ideal = element("div", "lane ideal");
    ideal.setAttribute("role", "list");
    ideal.setAttribute("aria-label", data.ideal.title);
    for (const item of data.ideal.items) ideal.append(itemNode(item, false, text));
    board.append(ideal);
  }
  if (!ranking.title && !data.ideal) board.classList.add("no-head");
  if (data.marker) { // the marker shares the lane's cell: both placed there (auto-placement would not overlap them)
    const row = board.classList.contains("no-head") ? 1 : 2;
    gutter.style.gridArea = `${row} / 1`;
    lane.style.gridArea = `${row} / 2`;
    board.append(markerNode(data.marker, row));
  }
  root.append(board);
  for (const lane of others) {
    const wrap = element("div", "pool");
    wrap.append(element("div", "head", lane.title), laneNode(lane, text));
    root.append(wrap);
  }
  if (data.legend && data.legend.length) {
    const legend = element("div", "legend");
    legend.append(element("span", "legend-title", text.legend));
    for (const entry of data.legend) {
      const swatch = element("span", "swatch" + (entry.unjudged ? " unjudged" : ""), entry.label);
      swatch.style.background = entry.fill;
      swatch.style.color = entry.ink;
      legend.append(swatch);
    }
    root.append(legend);
  }
  const help = element("div", "sr", text.help);
  help.id = "lanes-help";
  if (!state.live) { // kept across renders: the last announcement survives the rerun a drop causes
    state.live = element("div", "sr");
    state.live.setAttribute("aria-live", "polite");
  }
  root.append(help, state.live);
  state.sent = JSON.stringify(order(state));
  arrange(state);
  if (refocus !== null) {
    const again = items(root).find((node) => node.dataset.name === refocus);
    if (again) again.focus({ preventScroll: true });
  }
}

function lanesOf(root) {
  return [...root.querySelectorAll(".lane[data-lane]")];
}

function items(root) {
  return [...root.querySelectorAll(".item.movable")];
}

function order(state) {
  const result = { ranking: [], pool: [] };
  for (const lane of lanesOf(state.root)) {
    result[lane.dataset.lane] = [...lane.querySelectorAll(".item.movable")].map((node) => node.dataset.name);
  }
  return result;
}

/** Rank numbers in the gutter and the step highlight, for the order now on screen. */
function arrange(state) {
  const { root, data } = state;
  const lane = root.querySelector('.lane[data-lane="ranking"]');
  const ideal = root.querySelector(".lane.ideal");
  const gutter = root.querySelector(".gutter");
  const ranked = [...lane.children];
  const rows = Math.max(ranked.length, ideal ? ideal.children.length : 0);
  while (gutter.children.length < rows) gutter.append(element("div", "num", String(gutter.children.length + 1)));
  while (gutter.children.length > rows) gutter.lastChild.remove();
  const step = Number.isInteger(data.step) ? data.step : null;
  const mark = (nodes) => nodes.forEach((node, index) => {
    node.classList.toggle("current", step !== null && index + 1 === step);
    node.classList.toggle("later", step !== null && index + 1 > step);
  });
  mark(ranked);
  mark([...gutter.children]);
  if (ideal) mark([...ideal.children]);
  for (const node of root.querySelectorAll('.lane[data-lane="pool"] .item')) node.classList.remove("current", "later");
}

function where(state, name) {
  const now = order(state);
  const rank = now.ranking.indexOf(name);
  return rank >= 0 ? rank + 1 : state.data.text.pool;
}

function announce(state, template, values) {
  state.live.textContent = fill(template, values);
}

/** Send the order if it changed; say where the item went. */
function drop(state, node, before) {
  arrange(state);
  const now = order(state);
  const after = where(state, node.dataset.name);
  if (before !== after) announce(state, state.data.text.moved, { item: node.dataset.name, before, after });
  const json = JSON.stringify(now);
  if (json !== state.sent) {
    state.sent = json;
    state.setStateValue("order", now);
  }
}

// ------------------------------------------------------------------ pointer dragging

function nearestLane(state, y) {
  let best = null;
  let distance = Infinity;
  for (const lane of lanesOf(state.root)) {
    const box = lane.getBoundingClientRect();
    const away = y < box.top ? box.top - y : y > box.bottom ? y - box.bottom : 0;
    if (away < distance) [best, distance] = [lane, away];
  }
  return best;
}

/** Put the dragged item (the placeholder) where the pointer would drop it. */
function place(state, x, y) {
  const { node } = state.drag;
  const lane = nearestLane(state, y);
  const others = [...lane.querySelectorAll(".item.movable")].filter((other) => other !== node);
  const next = others.find((other) => {
    const box = other.getBoundingClientRect();
    return y < box.top + box.height / 2;
  }) || null;
  if (node.parentNode !== lane || node.nextElementSibling !== next) {
    lane.insertBefore(node, next);
    arrange(state);
  }
}

function scroller(state) {
  let node = state.root;
  while (node) {
    node = node.parentNode || node.host;
    if (node instanceof Element) {
      const overflow = getComputedStyle(node).overflowY;
      if ((overflow === "auto" || overflow === "scroll") && node.scrollHeight > node.clientHeight) return node;
    }
  }
  return document.scrollingElement;
}

function autoScroll(state) {
  const drag = state.drag;
  if (!drag || !drag.floating) return;
  // an edge scrolls only once the pointer has been outside its zone: an item grabbed at the bottom of a full
  // projector screen is dragged up without the page moving away under the pointer
  if (drag.y >= EDGE) drag.armed.top = true;
  if (drag.y <= innerHeight - EDGE) drag.armed.bottom = true;
  const speed = drag.y < EDGE && drag.armed.top ? -(EDGE - drag.y) / 3
    : drag.y > innerHeight - EDGE && drag.armed.bottom ? (drag.y - innerHeight + EDGE) / 3 : 0;
  if (speed) {
    drag.scroller.scrollTop += speed;
    place(state, drag.x, drag.y);
  }
  drag.frame = requestAnimationFrame(() => autoScroll(state));
}

function startDrag(state) {
  const drag = state.drag;
  const box = drag.node.getBoundingClientRect();
  drag.dx = drag.x0 - box.left;
  drag.dy = drag.y0 - box.top;
  drag.floating = drag.node.cloneNode(true);
  drag.floating.classList.add("floating");
  drag.floating.removeAttribute("tabindex");
  drag.floating.setAttribute("aria-hidden", "true");
  drag.floating.style.width = `${box.width}px`;
  state.root.append(drag.floating);
  drag.node.classList.add("placeholder");
  drag.scroller = scroller(state);
  drag.armed = { top: drag.y0 >= EDGE, bottom: drag.y0 <= innerHeight - EDGE };
  drag.frame = requestAnimationFrame(() => autoScroll(state));
}

function onPointerMove(state, event) {
  const drag = state.drag;
  if (!drag || event.pointerId !== drag.pointer) return;
  [drag.x, drag.y] = [event.clientX, event.clientY];
  if (!drag.floating) {
    if (Math.hypot(drag.x - drag.x0, drag.y - drag.y0) < THRESHOLD) return;
    startDrag(state);
  }
  event.preventDefault();
  drag.floating.style.left = `${drag.x - drag.dx}px`;
  drag.floating.style.top = `${drag.y - drag.dy}px`;
  place(state, drag.x, drag.y);
}

function endDrag(state, event, cancelled) {
  const drag = state.drag;
  if (!drag || event.pointerId !== drag.pointer) return;
  state.drag = null;
  removeEventListener("pointermove", state.onMove, true);
  removeEventListener("pointerup", state.onUp, true);
  removeEventListener("pointercancel", state.onCancel, true);
  if (!drag.floating) { // a click, not a drag: draw the data that came while the button was down
    const pending = state.pending;
    state.pending = null;
    if (pending) {
      state.data = pending;
      render(state);
    }
    return;
  }
  cancelAnimationFrame(drag.frame);
  drag.floating.remove();
  drag.node.classList.remove("placeholder");
  if (cancelled) drag.home.lane.insertBefore(drag.node, drag.home.next);
  const sent = state.sent;
  if (cancelled) arrange(state);
  else drop(state, drag.node, drag.before);
  const pending = state.pending;
  state.pending = null;
  if (pending && state.sent === sent) { // data that came during the drag, and no new order to wait for
    state.data = pending;
    render(state);
  }
}

function onPointerDown(state, event) {
  const node = event.target.closest(".item.movable");
  if (!node || state.drag || state.picked || (event.pointerType === "mouse" && event.button !== 0)) return;
  state.drag = { node, pointer: event.pointerId, x0: event.clientX, y0: event.clientY, x: event.clientX,
    y: event.clientY, before: where(state, node.dataset.name),
    home: { lane: node.parentNode, next: node.nextElementSibling } };
  addEventListener("pointermove", state.onMove, { capture: true, passive: false });
  addEventListener("pointerup", state.onUp, true);
  addEventListener("pointercancel", state.onCancel, true);
}

// ------------------------------------------------------------------ keyboard

function moveTo(state, node, lane, next) {
  state.moving = true;
  lane.insertBefore(node, next);
  node.focus({ preventScroll: false });
  state.moving = false;
  arrange(state);
}

function onKeyDown(state, event) {
  const node = event.target.closest(".item.movable");
  if (!node) return;
  const key = event.key;
  const picked = state.picked;
  if (!picked) {
    if (key !== " " && key !== "Enter") return; // other keys belong to the page
    event.preventDefault();
    state.picked = { node, before: where(state, node.dataset.name),
      home: { lane: node.parentNode, next: node.nextElementSibling } };
    node.classList.add("picked");
    announce(state, state.data.text.picked, { item: node.dataset.name });
    return;
  }
  const lane = node.parentNode;
  if (key === "ArrowUp") {
    if (node.previousElementSibling) moveTo(state, node, lane, node.previousElementSibling);
  } else if (key === "ArrowDown") {
    if (node.nextElementSibling) moveTo(state, node, lane, node.nextElementSibling.nextElementSibling);
  } else if (["ArrowLeft", "ArrowRight", "p", "P"].includes(key)) {
    const other = lanesOf(state.root).find((candidate) => candidate !== lane);
    if (other) moveTo(state, node, other, other.dataset.lane === "pool" ? other.firstElementChild : null);
  } else if (key === " " || key === "Enter") {
    state.picked = null;
    node.classList.remove("picked");
    drop(state, node, picked.before);
  } else if (key === "Escape") {
    cancelPick(state);
    announce(state, state.data.text.cancelled, { item: node.dataset.name });
  } else {
    return; // Tab and the rest: not ours
  }
  event.preventDefault();
  event.stopPropagation();
}

function cancelPick(state) {
  const picked = state.picked;
  if (!picked) return;
  state.picked = null;
  picked.node.classList.remove("picked");
  moveTo(state, picked.node, picked.home.lane, picked.home.next);
}

function onFocusOut(state, event) {
  if (!state.moving && state.picked && event.target === state.picked.node) cancelPick(state);
}

// ------------------------------------------------------------------ entry point

export default function (component) {
  const { data, parentElement, setStateValue } = component;
  const root = parentElement.querySelector(".lanes");
  if (!root || !data) return;
  let state = STATES.get(root);
  if (!state) {
    state = { root, data, drag: null, picked: null, pending: null, moving: false };
    state.onMove = (event) => onPointerMove(state, event);
    state.onUp = (event) => endDrag(state, event, false);
    state.onCancel = (event) => endDrag(state, event, true);
    root.addEventListener("pointerdown", (event) => onPointerDown(state, event));
    root.addEventListener("keydown", (event) => onKeyDown(state, event));
    root.addEventListener("focusout", (event) => onFocusOut(state, event));
    STATES.set(root, state);
  }
  state.setStateValue = setStateValue;
  // a press in progress, also one that has not moved far enough to be a drag yet: drawn when it ends
  // (drawn now, the pressed item would leave the page, and the drag would move a detached copy of it: the
  // item twice in the order sent, which the server refuses, so the drag was lost)
  if (state.drag) {
    state.pending = data;
    return;
  }
  state.data = data;
  render(state);
}
