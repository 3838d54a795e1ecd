// The live view's page (docs/design.md, "The live view"). One WebSocket to the server: the page
// sends {id, run: "command"} or {id, ask: "scene" | "motion" | "overview" | "target VX VY"} and
// gets {id, output, failed} or {id, answer}; after every command, typed at the terminal or sent
// from here, every page hears {event: {sequence, line, command, origin, failed, onlyRead,
// engineFailure}} and, unless it only read the session, asks for the scene again. Everything it
// draws comes from the server, drawn as `render` draws it.
"use strict";

const $ = (selector) => document.querySelector(selector);
const view = $("[data-view]");
const canvas = $("[data-canvas]");
const sheet = $("[data-sheet]");
const drawn = $("[data-elements]");
const inspector = $("[data-inspector]");
const output = $("[data-output]");
const banner = $("[data-banner]");
const overview = $("[data-overview]");
// The token comes in the address's fragment (a browser never sends a fragment to a server or
// puts it in a Referer), is kept for this tab's reloads and leaves the address bar at once; it
// goes to the server only as a WebSocket subprotocol, never in a URL a failed connection prints.
const token = (() => {
  // Hex only: anything else could not be a subprotocol, and the WebSocket would throw.
  const given = (new URLSearchParams(location.hash.slice(1)).get("token") || "").replace(/[^0-9a-f]/gi, "");
  if (given) {
    sessionStorage.setItem("tessera-token", given);
    window.history.replaceState(null, "", location.pathname);
  }
  return given || sessionStorage.getItem("tessera-token") || "";
})();

// What the server last said, and what this page asked for since.
const state = {
  scene: null,          // the last scene answer
  byKey: new Map(),     // "kind path" → attributes, for the inspector
  scale: 1,             // CSS pixels per point
  pinned: null,         // the inspected element's key while pinned
  motion: null,         // the last animation, while nothing has changed since
  overview: null,
  scrubbed: false,      // the view shows a frame the scrubber chose
  resizing: false,
};

// Numbers as the terminal prints them: at most three decimals.
const short = (v) => (typeof v === "number" ? String(+v.toFixed(3)) : String(v));

// ---- the connection --------------------------------------------------------------------------

let socket = null;
let nextID = 1;
const waiting = new Map();

function connect() {
  socket = new WebSocket(`ws://${location.host}/live`, ["tessera", `token.${token}`]);
  socket.onopen = () => {
    status("connected");
    if (banner.className === "info") banner.hidden = true;
    refresh({ overview: true });
  };
  socket.onmessage = (message) => {
    const data = JSON.parse(message.data);
    if (data.event) return heard(data.event);
    const resolve = waiting.get(data.id);
    waiting.delete(data.id);
    if (resolve) resolve(data);
  };
  socket.onclose = () => {
    for (const resolve of waiting.values()) resolve({ error: "disconnected" });
    waiting.clear();
    status("disconnected — reconnecting…");
    showBanner("The connection to tessera serve closed; reconnecting every second.", "info");
    setTimeout(connect, 1000);
  };
}

function send(message) {
  return new Promise((resolve) => {
    if (!socket || socket.readyState !== WebSocket.OPEN) return resolve({ error: "not connected" });
    const id = nextID++;
    waiting.set(id, resolve);
    socket.send(JSON.stringify({ id, ...message }));
  });
}

async function ask(what) {
  const reply = await send({ ask: what });
  return reply.answer || { error: reply.error || "no answer" };
}

// Commands this page sent for its own gestures and has not heard of yet: it refreshes after
// their answers itself.
const sent = new Map();

async function run(line) {
  sent.set(line, (sent.get(line) || 0) + 1);
  return send({ run: line });
}

function heardOwn(line) {
  const count = sent.get(line) || 0;
  if (!count) return false;
  if (count === 1) sent.delete(line); else sent.set(line, count - 1);
  return true;
}

function status(text) { $("[data-status]").textContent = text; }

function showBanner(text, kind) {
  banner.textContent = text;
  banner.className = kind || "";
  banner.hidden = false;
}

// ---- hearing of commands -------------------------------------------------------------------

const animating = new Set(["batch", "apply", "layout", "zoom"]);

function heard(event) {
  if (event.engineFailure) {
    showBanner(event.engineFailure);
  } else if (!event.failed && banner.className !== "info") {
    banner.hidden = true;
  }
  if (event.origin === "page" && heardOwn(event.line)) return;
  if (event.onlyRead) return; // a query changed nothing the page shows
  refresh(wantsAfter(event));
}

// `transition finish` and `transition cancel` end an interactive transition: UIKit animates
// from the progress reached to the end (or back to the start). The blend is linear, so going
// on in a straight line from the blended frames to the final ones stays on the same path.
function endsTransition(event) {
  const words = event.line.trim().split(/\s+/);
  return event.command === "transition" && words.length === 2 && ["finish", "cancel"].includes(words[1]);
}

// What to ask for after a command: the overview unless it only scrolled, the animation after
// one that animates.
function wantsAfter(event) {
  const ok = !event.failed;
  return {
    changed: ok,
    overview: event.command !== "scroll",
    // A batch typed over several lines ends with `commit` at the batch prompt.
    motion: ok && (animating.has(event.command) || event.line.trim() === "commit"),
    tween: ok && endsTransition(event) ? event.line.trim().replace(/\s+/g, " ") : null,
  };
}

// One refresh at a time; a refresh asked for while one runs is done once after it.
let refreshing = null;
let again = null;

async function refresh(wants) {
  if (refreshing) {
    again = again || {};
    for (const [k, v] of Object.entries(wants)) again[k] = again[k] || v;
    return refreshing;
  }
  refreshing = (async () => {
    // Something changed: a frame the scrubber chose, and the last animation, are the past.
    if (wants.changed) forgetMotion();
    const previous = state.scene;
    const scene = await ask("scene");
    if (!scene.error) show(scene); else showError(scene);
    if (wants.tween && previous && !scene.error) tween(previous, scene, wants.tween);
    if (wants.motion) {
      const motion = await ask("motion");
      if (!motion.none && !motion.error) play(motion);
    }
    if (wants.overview) {
      const answer = await ask("overview");
      if (!answer.error) { state.overview = answer; drawOverview(); }
    }
  })();
  await refreshing;
  refreshing = null;
  if (again) { const next = again; again = null; await refresh(next); }
}

function showError(answer) {
  state.scene = null;
  drawn.innerHTML = "";
  $("[data-layout]").textContent = "no picture";
  note(answer.error);
}

function note(text) {
  const element = $("[data-note]");
  element.textContent = text || "";
  element.hidden = !text;
}

// ---- drawing the scene ---------------------------------------------------------------------

const key = (kind, path) => `${kind} ${path}`;
const escape = (text) => String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

function show(scene) {
  state.scene = scene;
  if (view.dataset.animating === "true" || state.scrubbed) return; // the animation's end shows it
  const [x, y] = scene.offset, [w, h] = scene.viewport, [cw, ch] = scene.content;
  view.dataset.offset = `${x},${y}`;
  view.dataset.viewport = `${w}x${h}`;
  view.dataset.content = `${cw}x${ch}`;
  view.dataset.layout = scene.layout || "";
  $("[data-layout]").textContent = scene.layout ? `layout ${scene.layout}` : "no layout";
  if (!state.resizing) fit(w, h);
  $("[data-size]").textContent = `viewport ${short(w)}×${short(h)} · content ${short(cw)}×${short(ch)} · offset ${short(x)}, ${short(y)}`
    + (state.scale < 1 ? ` · drawn at ${Math.round(state.scale * 100)}%` : "")
    + (scene.leftOut ? ` · ${scene.leftOut} elements near the viewport not drawn` : "");
  setViewBox(x, y, w, h);
  sheet.innerHTML = scene.style;
  state.byKey = new Map();
  // The content's sheet over the background, as a picture draws them.
  const parts = [`<rect class="bg" x="${x - w}" y="${y - h}" width="${3 * w}" height="${3 * h}"/>`,
    `<rect class="sheet" x="0" y="0" width="${cw}" height="${ch}"/>`];
  for (const e of scene.elements) {
    const a = e.attributes;
    state.byKey.set(key(e.kind, e.path), a);
    parts.push(`<g data-path="${e.path}" data-kind="${escape(e.kind)}" data-frame="${a.frame.join(",")}">${e.svg}</g>`);
  }
  drawn.innerHTML = parts.join("");
  note(!scene.elements.length && !cw && !ch
    ? "Nothing to draw yet: type gen grid 100 (or load FILE) at the terminal or in the box on the right."
    : outside(scene) ? `The viewport (offset ${short(x)}, ${short(y)}) is outside the content (${short(cw)}×${short(ch)}): scroll 0 0 comes back.`
      : "");
  if (state.pinned) {
    const [kind, path] = splitKey(state.pinned);
    const node = drawn.querySelector(`g[data-path="${path}"][data-kind="${CSS.escape(kind)}"]`);
    if (node) node.classList.add("inspected");
    inspect(state.pinned);
  }
  drawOverview();
}

function outside(scene) {
  const [x, y] = scene.offset, [w, h] = scene.viewport, [cw, ch] = scene.content;
  return x >= cw || y >= ch || x + w <= 0 || y + h <= 0;
}

function splitKey(k) { const i = k.lastIndexOf(" "); return [k.slice(0, i), k.slice(i + 1)]; }

function setViewBox(x, y, w, h) {
  canvas.setAttribute("viewBox", `${x} ${y} ${w} ${h}`);
}

// The viewport at one pixel a point, smaller when the window is too small for it.
function fit(w, h) {
  const room = Math.max(200, window.innerWidth - 560);
  const tall = Math.max(200, window.innerHeight - 150);
  state.scale = Math.min(1, room / w, tall / h);
  view.style.width = `${w * state.scale}px`;
  view.style.height = `${h * state.scale}px`;
}

// ---- the inspector -------------------------------------------------------------------------

function inspect(k) {
  const a = state.byKey.get(k);
  inspector.dataset.inspecting = k;
  if (!a) {
    inspector.innerHTML = `<p class="hint">${escape(k)} is not near the viewport now${state.pinned ? " (pinned: Esc unpins)" : ""}.</p>`;
    return;
  }
  const rows = [
    ["path", `${a.section}.${a.item}`], ["kind", a.kind || a.category], ["id", a.id],
    ["frame", a.frame], ["alpha", a.alpha], ["zIndex", a.zIndex], ["hidden", a.hidden],
    ["transform", a.transform],
  ];
  for (const [name, value] of Object.entries(a.custom || {})) rows.push([name, value]);
  const shown = (v) => (Array.isArray(v) ? v.map(short).join(", ") : short(v));
  const exact = (v) => (Array.isArray(v) ? v.join(", ") : String(v));
  inspector.innerHTML = "<table>" + rows.filter(([, v]) => v !== undefined && v !== null)
    .map(([name, v]) => `<tr><th>${escape(name)}</th><td data-field="${escape(name)}" data-value="${escape(exact(v))}" title="${escape(exact(v))}">${escape(shown(v))}</td></tr>`)
    .join("") + "</table>"
    + `<p class="hint">${state.pinned ? "Pinned: click it again, or press Esc, to unpin." : "Click to pin."}</p>`;
}

function elementKey(target) {
  const g = target.closest && target.closest("g[data-path]");
  return g ? key(g.dataset.kind, g.dataset.path) : null;
}

function unpin() {
  state.pinned = null;
  inspector.classList.remove("pinned");
  for (const node of drawn.querySelectorAll(".inspected")) node.classList.remove("inspected");
}

drawn.addEventListener("pointerover", (event) => {
  if (state.pinned || dragging) return;
  const k = elementKey(event.target);
  if (k) inspect(k);
});

view.addEventListener("click", (event) => {
  if (moved) return;
  const k = elementKey(event.target);
  const again = state.pinned === k;
  unpin();
  if (!k || again) return;
  state.pinned = k;
  inspector.classList.add("pinned");
  event.target.closest("g[data-path]").classList.add("inspected");
  inspect(k);
});

// ---- scrolling, resizing, zooming ------------------------------------------------------------

// Real commands, one at a time: while one runs only the newest wish waits.
const wishes = { scroll: null, viewport: null, zoom: 1 };
let sending = false;

async function drain() {
  if (sending) return;
  sending = true;
  view.dataset.sending = "true";
  while (wishes.scroll || wishes.viewport || wishes.zoom !== 1) {
    let line;
    if (wishes.viewport) { line = `viewport ${wishes.viewport}`; wishes.viewport = null; }
    else if (wishes.zoom !== 1) { line = `zoom ${wishes.zoom.toFixed(3)}`; wishes.zoom = 1; }
    else { line = `scroll ${wishes.scroll[0]} ${wishes.scroll[1]}`; wishes.scroll = null; }
    const started = performance.now();
    const reply = await run(line);
    if (reply.failed) say(line, reply.output, true);
    await refresh({ changed: !reply.failed, overview: !line.startsWith("scroll") });
    view.dataset.lastAnswerMs = (performance.now() - started).toFixed(1);
  }
  sending = false;
  view.dataset.sending = "false";
}

function offsetNow() {
  const s = wishes.scroll;
  return s ? [s[0], s[1]] : state.scene ? state.scene.offset.slice() : [0, 0];
}

// UIScrollView's range: from (-left, -top) of the adjusted content inset to the content's far
// edge plus the inset there, less the viewport; never below the start.
function clampOffset([x, y]) {
  if (!state.scene) return [x, y];
  const [w, h] = state.scene.viewport, [cw, ch] = state.scene.content;
  const [top, left, bottom, right] = state.scene.insets || [0, 0, 0, 0];
  const round = (v) => Math.round(v * 2) / 2;
  const clamp = (v, low, high) => Math.min(Math.max(v, low), Math.max(high, low));
  return [round(clamp(x, -left, cw + right - w)), round(clamp(y, -top, ch + bottom - h))];
}

function scrollTo(offset) {
  const [x, y] = clampOffset(offset);
  const now = state.scene && state.scene.offset;
  if (now && now[0] === x && now[1] === y && !wishes.scroll) return;
  wishes.scroll = [x, y];
  // Show the move at once with what the page holds; the answer replaces it.
  if (state.scene) setViewBox(x, y, state.scene.viewport[0], state.scene.viewport[1]);
  drain();
}

function scrollBy(dx, dy) {
  stopGlide();
  const [x, y] = offsetNow();
  scrollTo([x + dx, y + dy]);
}

// The wheel scrolls along the axis the content scrolls: a content only wider than the viewport
// takes the wheel's vertical turns sideways (as Shift does).
view.addEventListener("wheel", (event) => {
  event.preventDefault();
  if (!state.scene || view.dataset.animating === "true") return;
  if (event.ctrlKey) {
    if (!state.scene.zooms) return say("zoom", `layout ${state.scene.layout} does not zoom`, true);
    wishes.zoom *= Math.exp(-event.deltaY / 600);
    return drain();
  }
  const [w, h] = state.scene.viewport, [cw, ch] = state.scene.content;
  let dx = event.deltaX / state.scale, dy = event.deltaY / state.scale;
  if (event.shiftKey || (cw > w && ch <= h)) [dx, dy] = [dx + dy, 0];
  scrollBy(dx, dy);
}, { passive: false });

// Keys, when the view has the focus (click it): arrows, Page Up/Down, space, Home and End.
view.addEventListener("keydown", (event) => {
  if (!state.scene) return;
  const [w, h] = state.scene.viewport, [cw, ch] = state.scene.content;
  const sideways = cw > w && ch <= h;
  const page = (sideways ? w : h) * 0.9;
  const along = (d) => (sideways ? [d, 0] : [0, d]);
  const moves = {
    ArrowUp: [0, -40], ArrowDown: [0, 40], ArrowLeft: [-40, 0], ArrowRight: [40, 0],
    PageUp: along(-page), PageDown: along(page), " ": along(event.shiftKey ? -page : page),
  };
  if (event.key === "Escape") { unpin(); return; }
  if (event.key === "Home") { event.preventDefault(); stopGlide(); return scrollTo([0, 0]); }
  if (event.key === "End") { event.preventDefault(); stopGlide(); return scrollTo([cw, ch]); }
  const move = moves[event.key];
  if (!move) return;
  event.preventDefault();
  scrollBy(move[0], move[1]);
});

document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && state.pinned && event.target === document.body) unpin();
});

// Drag: the content follows the pointer; on release it glides with UIScrollView's deceleration
// to where the layout's targetContentOffset puts it.
let dragging = null;
let moved = false;
let glide = null;

view.addEventListener("pointerdown", (event) => {
  if (event.target.closest("[data-handle]") || !state.scene || view.dataset.animating === "true") return;
  stopGlide();
  view.focus({ preventScroll: true });
  dragging = { x: event.clientX, y: event.clientY, offset: offsetNow(), samples: [], pointer: event.pointerId };
  moved = false;
});

view.addEventListener("pointermove", (event) => {
  if (!dragging) return;
  const dx = event.clientX - dragging.x, dy = event.clientY - dragging.y;
  if (!moved && Math.hypot(dx, dy) < 4) return;
  // Captured only once it is a drag: a click must still reach the element under it.
  if (!moved) view.setPointerCapture(dragging.pointer);
  moved = true;
  view.classList.add("dragging");
  const offset = [dragging.offset[0] - dx / state.scale, dragging.offset[1] - dy / state.scale];
  dragging.samples.push({ t: event.timeStamp, offset });
  while (dragging.samples.length > 2 && event.timeStamp - dragging.samples[0].t > 100) dragging.samples.shift();
  scrollTo(offset);
});

view.addEventListener("pointerup", async () => {
  if (!dragging) return;
  const samples = dragging.samples;
  dragging = null;
  view.classList.remove("dragging");
  const velocity = releaseVelocity(samples);
  if (!velocity) return;
  view.dataset.gliding = "true";
  const answer = await ask(`target ${velocity[0].toFixed(1)} ${velocity[1].toFixed(1)}`);
  if (answer.error) { view.dataset.gliding = "false"; return; }
  startGlide(samples[samples.length - 1].offset, answer.target, Math.hypot(...velocity));
});

// Points per second over the last tenth of a second of the drag; null when too slow to glide.
function releaseVelocity(samples) {
  if (samples.length < 2) return null;
  const first = samples[0], last = samples[samples.length - 1];
  const seconds = (last.t - first.t) / 1000;
  if (seconds <= 0) return null;
  const velocity = [(last.offset[0] - first.offset[0]) / seconds, (last.offset[1] - first.offset[1]) / seconds];
  return Math.hypot(...velocity) < 50 ? null : velocity;
}

// UIScrollView's normal deceleration: 0.998 of the speed is kept each millisecond; the path is
// stretched to end exactly at the target.
function startGlide(from, to, speed) {
  const rate = 0.998;
  const duration = Math.min(3000, Math.max(250, Math.log(10 / speed) / Math.log(rate)));
  const whole = 1 - Math.pow(rate, duration);
  const start = performance.now();
  view.dataset.gliding = "true";
  const step = (now) => {
    const t = Math.min(now - start, duration);
    const done = (1 - Math.pow(rate, t)) / whole;
    scrollTo(t >= duration ? to : [from[0] + (to[0] - from[0]) * done, from[1] + (to[1] - from[1]) * done]);
    if (t < duration) glide = requestAnimationFrame(step);
    else { glide = null; view.dataset.gliding = "false"; }
  };
  glide = requestAnimationFrame(step);
}

function stopGlide() {
  if (glide) cancelAnimationFrame(glide);
  glide = null;
  view.dataset.gliding = "false";
}

// The resize handle: the viewport follows the corner, in whole points, at the scale the drag
// began with (it is fitted to the window again when the drag ends).
const handle = $('[data-handle="resize"]');
let resizing = null;
handle.addEventListener("pointerdown", (event) => {
  if (!state.scene) return;
  event.stopPropagation();
  resizing = { x: event.clientX, y: event.clientY, size: state.scene.viewport.slice() };
  state.resizing = true;
  handle.setPointerCapture(event.pointerId);
});
handle.addEventListener("pointermove", (event) => {
  if (!resizing) return;
  const w = Math.max(50, Math.round(resizing.size[0] + (event.clientX - resizing.x) / state.scale));
  const h = Math.max(50, Math.round(resizing.size[1] + (event.clientY - resizing.y) / state.scale));
  view.style.width = `${w * state.scale}px`;
  view.style.height = `${h * state.scale}px`;
  wishes.viewport = `${w}x${h}`;
  drain();
});
handle.addEventListener("pointerup", () => {
  resizing = null;
  state.resizing = false;
  if (state.scene) show(state.scene);
});

// ---- animations --------------------------------------------------------------------------------

// A batch update or an animated layout change, from the same start and end attributes
// `render … batch` draws, interpolated the same way: frame and alpha linearly, over one second.
let playing = null;
const outlines = { inserted: "ins", deleted: "del", moved: "mov", reloaded: "rel" };

function play(motion) {
  state.motion = motion;
  describe(motion);
  $("[data-replay]").disabled = false;
  const scrubber = $("[data-scrubber]");
  scrubber.disabled = false;
  state.scrubbed = false;
  sheet.innerHTML = motion.style;
  view.dataset.animating = "true";
  const start = performance.now();
  if (playing) cancelAnimationFrame(playing);
  const step = (now) => {
    const t = Math.min((now - start) / 1000, 1);
    frameAt(t);
    scrubber.value = Math.round(t * 1000);
    if (t < 1) playing = requestAnimationFrame(step);
    else finish();
  };
  playing = requestAnimationFrame(step);
}

// What the animation does, with the colours of its outlines.
function describe(motion) {
  const counts = {};
  for (const m of motion.motions) counts[m.change] = (counts[m.change] || 0) + 1;
  const parts = ["inserted", "deleted", "moved", "reloaded"].filter((c) => counts[c])
    .map((c) => `<span class="swatch ${outlines[c]}"></span>${counts[c]} ${c}`);
  $("[data-motion-label]").innerHTML = `${escape(motion.source)}: ${motion.motions.length} elements`
    + (parts.length ? " · " + parts.join(" ") : "");
}

function forgetMotion() {
  if (view.dataset.animating === "true") return;
  state.motion = null;
  state.scrubbed = false;
  view.dataset.scrubbed = "false";
  $("[data-replay]").disabled = true;
  $("[data-scrubber]").disabled = true;
  $("[data-motion-label]").textContent = "no animation since the last change";
}

function finish() {
  playing = null;
  view.dataset.animating = "false";
  if (state.scene) show(state.scene);
}

function mix(a, b, t) { return a + (b - a) * t; }

function frameAt(t) {
  const m = state.motion;
  const [sx, sy, sw, sh] = m.startBounds, [ex, ey, ew, eh] = m.endBounds;
  setViewBox(mix(sx, ex, t), mix(sy, ey, t), mix(sw, ew, t), mix(sh, eh, t));
  const [cw, ch] = m.content;
  const parts = [`<rect class="sheet" x="0" y="0" width="${cw}" height="${ch}"/>`];
  // What the batch changes is drawn last, so its outline and label are not hidden.
  const ordered = m.motions.filter((e) => e.change === "none").concat(m.motions.filter((e) => e.change !== "none"));
  for (const e of ordered) {
    const [x, y, w, h, alpha] = e.start.map((v, i) => mix(v, e.end[i], t));
    const g = `<g data-path="${escape(e.path)}" data-kind="${escape(e.kind)}" data-change="${e.change}" data-frame="${[x, y, w, h].map((v) => +v.toFixed(2)).join(",")}" opacity="${+alpha.toFixed(3)}">`;
    let shape;
    if (e.shape === "line") shape = `<line x1="${x}" y1="${y}" x2="${x + w}" y2="${y + h}" class="${e.class}"/>`;
    else if (e.shape === "dot" && w !== h) shape = `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${Math.max(Math.min(w, h) / 2, 2)}" class="${e.class}"/>`;
    else if (e.shape === "dot") shape = `<circle cx="${x + w / 2}" cy="${y + h / 2}" r="${Math.max(Math.min(w, h) / 2, 2)}" class="${e.class}"/>`;
    else shape = `<rect x="${x}" y="${y}" width="${w}" height="${h}" class="${e.class}"/>`;
    // The batch's change outlined, and the label, as the picture draws them.
    const outline = outlines[e.change] ? `<rect x="${x}" y="${y}" width="${w}" height="${h}" class="${outlines[e.change]}"/>` : "";
    const label = e.shape === "box" && w >= 24 && h >= 14 ? `<text x="${x + w / 2}" y="${y + h / 2 + 3.5}" class="t">${escape(e.path)}</text>` : "";
    parts.push(g + shape + outline + label + "</g>");
  }
  drawn.innerHTML = parts.join("");
}

function tween(from, to, source) {
  const before = new Map(from.elements.map((e) => [key(e.kind, e.path), e]));
  const frameAndAlpha = (a) => [...a.frame, a.alpha];
  const motions = to.elements.map((e) => {
    const old = before.get(key(e.kind, e.path));
    const end = frameAndAlpha(e.attributes);
    const start = old ? frameAndAlpha(old.attributes) : [...e.attributes.frame, 0];
    return { label: `${e.kind} ${e.path}`, path: e.path, kind: e.kind, change: "none", class: e.class, shape: e.shape, start, end };
  });
  const bounds = (s) => [...s.offset, ...s.viewport];
  play({ source, startBounds: bounds(from), endBounds: bounds(to), content: to.content, style: to.style, motions });
}

$("[data-replay]").addEventListener("click", () => { if (state.motion) play(state.motion); });
// The scrubber shows the frame it points at until the next change (or a replay).
$("[data-scrubber]").addEventListener("input", (event) => {
  if (!state.motion) return;
  if (playing) cancelAnimationFrame(playing);
  playing = null;
  view.dataset.animating = "false";
  state.scrubbed = true;
  view.dataset.scrubbed = "true";
  sheet.innerHTML = state.motion.style;
  frameAt(event.target.value / 1000);
});

// ---- the overview --------------------------------------------------------------------------

// The density of the whole content in a box of its proportions (at most 160×480 pixels, no side
// under 24: a very long content is stretched across), the viewport on it in red.
function sizeOverview() {
  const o = state.overview;
  const [cw, ch] = o.content;
  const fitted = Math.min(160 / cw, 480 / ch);
  const width = Math.round(Math.max(24, cw * fitted)), height = Math.round(Math.max(24, ch * fitted));
  if (overview.width !== width || overview.height !== height) { overview.width = width; overview.height = height; }
  return [width / cw, height / ch];
}

function drawOverview() {
  const o = state.overview, s = state.scene;
  const context = overview.getContext("2d");
  context.clearRect(0, 0, overview.width, overview.height);
  if (!o || !o.columns || !s) return;
  const [sx, sy] = sizeOverview();
  const cellW = overview.width / o.columns, cellH = overview.height / o.rows;
  const most = Math.max(1, ...o.counts);
  overview.dataset.elements = o.elements;
  for (let r = 0; r < o.rows; r++) {
    for (let c = 0; c < o.columns; c++) {
      const n = o.counts[r * o.columns + c];
      if (!n) continue;
      context.fillStyle = `rgba(10, 102, 216, ${0.12 + 0.6 * Math.sqrt(n / most)})`;
      context.fillRect(c * cellW, r * cellH, Math.ceil(cellW), Math.ceil(cellH));
    }
  }
  // The viewport, clamped to the box and never thinner than 6 pixels.
  const [x, y] = s.offset, [w, h] = s.viewport;
  const box = (start, length, scale, size) => {
    const a = Math.min(Math.max(start * scale, 0), size - 6), b = Math.min(Math.max((start + length) * scale, a + 6), size);
    return [a, b - a];
  };
  const [bx, bw] = box(x, w, sx, overview.width), [by, bh] = box(y, h, sy, overview.height);
  context.fillStyle = "rgba(208, 2, 27, 0.15)";
  context.fillRect(bx, by, bw, bh);
  context.strokeStyle = "#d0021b";
  context.lineWidth = 2;
  context.strokeRect(bx + 1, by + 1, bw - 2, bh - 2);
}

overview.addEventListener("click", (event) => {
  const o = state.overview, s = state.scene;
  if (!o || !s || !o.columns) return;
  const sx = overview.width / o.content[0], sy = overview.height / o.content[1];
  const box = overview.getBoundingClientRect();
  stopGlide();
  scrollTo([(event.clientX - box.left) / sx - s.viewport[0] / 2, (event.clientY - box.top) / sy - s.viewport[1] / 2]);
});

// ---- the command box -----------------------------------------------------------------------

const history = [];
let recalled = 0;

// Each answer under the ones before (the last 50), newest at the bottom.
function say(line, text, failed) {
  const entry = document.createElement("div");
  if (failed) entry.className = "failed";
  entry.textContent = `> ${line}\n${text || ""}`;
  output.append(entry);
  while (output.childElementCount > 50) output.firstElementChild.remove();
  output.scrollTop = output.scrollHeight;
}

$("[data-form]").addEventListener("submit", async (event) => {
  event.preventDefault();
  const input = $("[data-command]");
  const line = input.value;
  if (!line.trim()) return;
  input.value = "";
  if (history[history.length - 1] !== line) history.push(line);
  recalled = history.length;
  // Not counted as this page's own: the event it brings refreshes the page, as for the terminal's.
  const reply = await send({ run: line });
  say(line, reply.error || reply.output, reply.failed || !!reply.error);
});

// ↑ and ↓ recall earlier lines.
$("[data-command]").addEventListener("keydown", (event) => {
  if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
  event.preventDefault();
  recalled = Math.min(Math.max(recalled + (event.key === "ArrowUp" ? -1 : 1), 0), history.length);
  event.target.value = history[recalled] || "";
});

window.addEventListener("resize", () => { if (state.scene) show(state.scene); });

// For tests and people at the console: the page's state.
window.tessera = { state, refresh, run, ask, show, disconnect: () => socket.close() };

connect();
