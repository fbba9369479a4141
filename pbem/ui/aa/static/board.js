// The A&A board: zoom and pan, names on hover, a panel per territory, moves built by clicking.
// The page works without this script (forms post to the server); legality always comes from the
// server: destinations from /aa/reachable (the engine's helpers), refusals with the engine's rule ID.
(() => {
  "use strict";
  const svg = document.getElementById("aa-board");
  if (!svg) return;
  const readJson = (id) => { const el = document.getElementById(id); return el ? JSON.parse(el.textContent) : {}; };
  const data = readJson("aa-data");
  const T = readJson("aa-strings");
  const panel = document.getElementById("space-panel");
  const body = document.getElementById("space-panel-body");
  const hover = document.getElementById("board-hover");
  const csrf = document.querySelector('input[name="csrf_token"]');
  const full = svg.viewBox.baseVal;
  const home = { x: full.x, y: full.y, w: full.width, h: full.height };
  const key = "aa-view-" + (data.game || "h");
  document.querySelectorAll("[data-needs-js]").forEach((el) => { el.hidden = false; });

  // -- zoom and pan (the viewBox) -----------------------------------------------------------
  // The viewBox takes the box's shape (no letterboxing); on a tall phone box the map fills the
  // height and starts centred on the active power's capital.
  const ratio = () => { const r = svg.getBoundingClientRect(); return r.width ? r.height / r.width : home.h / home.w; };
  const whole = () => {
    const w = Math.max(home.w, home.h / ratio());
    return { x: home.x + (home.w - w) / 2, y: home.y + (home.h - w * ratio()) / 2, w };
  };
  // At first the map shows at a readable scale (0.33 px per board unit: names about 9 px, unit
  // counts 11 px): a phone starts around the active power's capital, a desktop shows it all.
  let vb = whole();
  const across = svg.getBoundingClientRect().width / 0.33;
  if (across && vb.w > across * 1.1) {
    const [cx, cy] = data.focus || [home.x + home.w / 2, home.y + home.h / 2];
    const h = across * ratio();
    const within = (v, lo, hi) => (hi < lo ? (lo + hi) / 2 : Math.min(Math.max(v, lo), hi));
    vb = { x: within(cx - across / 2, home.x, home.x + home.w - across),
      y: within(cy - h / 2, home.y, home.y + home.h - h), w: across };
  }
  try { const saved = JSON.parse(sessionStorage.getItem(key)); if (saved && saved.w) vb = saved; } catch (e) { /* none */ }
  const apply = () => {
    const big = whole().w;
    vb.w = Math.min(Math.max(vb.w, home.w / 12), big); vb.h = vb.w * ratio();
    vb.x = Math.min(Math.max(vb.x, home.x - Math.max(0, (vb.w - home.w) / 2) - vb.w / 4), home.x + home.w - vb.w * 3 / 4);
    vb.y = Math.min(Math.max(vb.y, home.y - Math.max(0, (vb.h - home.h) / 2) - vb.h / 4), home.y + home.h - vb.h * 3 / 4);
    svg.setAttribute("viewBox", `${vb.x} ${vb.y} ${vb.w} ${vb.h}`);
    try { sessionStorage.setItem(key, JSON.stringify(vb)); } catch (e) { /* private mode */ }
  };
  const zoom = (f, cx, cy) => {
    const px = cx === undefined ? vb.x + vb.w / 2 : cx; const py = cy === undefined ? vb.y + vb.h / 2 : cy;
    vb.x = px - (px - vb.x) * f; vb.y = py - (py - vb.y) * f; vb.w *= f; apply();
  };
  const toBoard = (ev) => {
    const r = svg.getBoundingClientRect(); const s = vb.w / r.width;
    return [vb.x + (ev.clientX - r.left) * s, vb.y + (ev.clientY - r.top) * s, s];
  };
  document.querySelectorAll("[data-zoom]").forEach((b) => b.addEventListener("click", () => {
    if (b.dataset.zoom === "in") zoom(0.7); else if (b.dataset.zoom === "out") zoom(1 / 0.7);
    else { vb = whole(); apply(); }
  }));
  svg.addEventListener("wheel", (ev) => { ev.preventDefault(); const [x, y] = toBoard(ev); zoom(ev.deltaY < 0 ? 0.85 : 1 / 0.85, x, y); },
    { passive: false });
  // one pointer pans, two pointers pinch-zoom (phones)
  let drag = null; let moved = false;
  const pointers = new Map(); let pinch = 0;
  const spread = () => { const [a, b] = [...pointers.values()]; return Math.hypot(a.x - b.x, a.y - b.y); };
  svg.addEventListener("pointerdown", (ev) => {
    pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    if (pointers.size === 2) { pinch = spread(); drag = null; return; }
    drag = { x: ev.clientX, y: ev.clientY, vx: vb.x, vy: vb.y }; moved = false;
  });
  svg.addEventListener("pointermove", (ev) => {
    if (pointers.has(ev.pointerId)) pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    if (pointers.size === 2 && pinch) {
      const now = spread(); const [x, y] = toBoard(ev);
      if (now > 0) { zoom(pinch / now, x, y); pinch = now; moved = true; }
      return;
    }
    if (!drag) return;
    const dx = ev.clientX - drag.x; const dy = ev.clientY - drag.y;
    if (!moved && Math.abs(dx) + Math.abs(dy) < 6) return;
    moved = true; svg.classList.add("dragging");
    const s = toBoard(ev)[2]; vb.x = drag.vx - dx * s; vb.y = drag.vy - dy * s; apply();
  });
  const endDrag = (ev) => {
    pointers.delete(ev.pointerId); if (pointers.size < 2) pinch = 0;
    drag = null; svg.classList.remove("dragging");
  };
  ["pointerup", "pointercancel", "pointerleave"].forEach((t) => svg.addEventListener(t, endDrag));
  apply();

  // -- hover, focus and the panel -----------------------------------------------------------
  const paths = () => svg.querySelectorAll("path[data-space]");
  const pathOf = (name) => svg.querySelector(`path[data-space="${CSS.escape(name)}"]`);
  const say = (p) => { if (hover) hover.textContent = p.getAttribute("aria-label"); };
  svg.addEventListener("pointerover", (ev) => { if (ev.target.dataset && ev.target.dataset.space) say(ev.target); });
  svg.addEventListener("focusin", (ev) => {
    const p = ev.target;
    if (!p.dataset || !p.dataset.space) return;
    say(p);
    const b = p.getBBox(); // keyboard users: bring a territory outside the view into it
    if (b.x + b.width < vb.x || b.x > vb.x + vb.w || b.y + b.height < vb.y || b.y > vb.y + vb.h) {
      vb.x = b.x + b.width / 2 - vb.w / 2; vb.y = b.y + b.height / 2 - vb.h / 2; apply();
    }
  });
  svg.addEventListener("click", (ev) => { if (!moved && ev.target.dataset && ev.target.dataset.space) choose(ev.target.dataset.space); });
  svg.addEventListener("keydown", (ev) => {
    if ((ev.key === "Enter" || ev.key === " ") && ev.target.dataset && ev.target.dataset.space) {
      ev.preventDefault(); choose(ev.target.dataset.space);
    }
  });
  document.getElementById("space-panel-close")?.addEventListener("click", () => { reset(); panel.hidden = true; });

  const el = (tag, attrs, ...kids) => {
    const e = document.createElement(tag);
    Object.entries(attrs || {}).forEach(([k, v]) => { if (k === "text") e.textContent = v; else e.setAttribute(k, v); });
    kids.forEach((k) => e.append(k)); return e;
  };
  const unitName = (t) => (data.units || {})[t] || t;
  const powerName = (p) => (data.names || {})[p] || p || T.neutral;
  const spaceName = (n) => ((data.spaces || {})[n] || {}).name || n;  // in the reader's language
  let move = null; // {from, ids, dests, to}

  const reset = () => {
    move = null;
    paths().forEach((p) => p.classList.remove("selected", "dest", "chosen",
      ...[...p.classList].filter((c) => c.startsWith("ends-"))));
  };
  const choose = (name) => {
    if (move && move.dests && move.dests[name]) { pick(name); return; }
    reset(); open(name);
  };
  const open = (name) => {
    const sp = (data.spaces || {})[name]; if (!sp) return;
    pathOf(name)?.classList.add("selected");
    document.getElementById("space-panel-h").textContent = spaceName(name);
    body.replaceChildren();
    const facts = el("ul");
    facts.append(el("li", { text: sp.kind === "sea" ? T.sea : `${T.owner}: ${powerName(sp.owner)}` }));
    if (sp.value) facts.append(el("li", { text: `${T.value}: ${sp.value}` }));
    if (sp.capital) facts.append(el("li", { text: T.capital }));
    if (sp.factory) facts.append(el("li", { text: T.factory }));
    if (sp.damage) facts.append(el("li", { text: T.damage.replace("{n}", sp.damage) }));
    (sp.facts || []).forEach((t) => facts.append(el("li", { text: t })));
    body.append(facts, el("h4", { text: T.units }));
    const list = el("ul");
    sp.units.forEach((u) => list.append(el("li", { text: `${unitName(u.type)} #${u.id} (${powerName(u.owner)})`
      + (u.aboard ? ` ${T.aboard} #${u.aboard}` : "") + (u.hits ? ` ${T.damaged}` : "") })));
    if (!sp.units.length) list.append(el("li", { text: T.none }));
    body.append(list);
    if (sp.events && sp.events.length) {
      const ev = el("ul"); sp.events.forEach((t) => ev.append(el("li", { text: t })));
      body.append(el("h4", { text: T.happened }), ev);
    }
    const mine = sp.units.filter((u) => u.owner === data.power);
    if (data.moving && mine.length) movePicker(name, mine);
    panel.hidden = false; panel.focus({ preventScroll: true });
    panel.scrollIntoView({ block: "nearest" });
  };

  // -- moves ----------------------------------------------------------------------------------
  // Units are picked "N of M" per row: a row per type (and per state: aboard a transport,
  // movement spent, damaged); the first N ids of a row move.
  const rowsOf = (mine) => {
    const rows = new Map();
    mine.forEach((u) => {
      const key = [u.type, u.aboard ? "a" + u.aboard : "", u.moved || 0, u.hits ? "d" : ""].join("/");
      if (!rows.has(key)) {
        let label = unitName(u.type);
        if (u.aboard) label += ` (${T.aboard} #${u.aboard})`;
        if (u.moved) label += ` (${T.moved.replace("{n}", u.moved)})`;
        if (u.hits) label += ` (${T.damaged})`;
        rows.set(key, { key, label, ids: [] });
      }
      rows.get(key).ids.push(u.id);
    });
    return [...rows.values()];
  };
  const movePicker = (name, mine) => {
    const fs = el("fieldset", { class: "move-pick" }, el("legend", { text: T.pick }));
    const ul = el("ul", { class: "unit-pick" });
    rowsOf(mine).forEach((r, i) => {
      const id = `mv-${i}`;
      const input = el("input", { type: "number", id, min: "0", max: String(r.ids.length), step: "1", value: "0",
        inputmode: "numeric", "data-ids": r.ids.join(","), "data-label": r.label });
      ul.append(el("li", {}, el("label", { for: id, text: r.label }), input,
        el("span", { text: T.of.replace("{n}", r.ids.length) })));
    });
    const all = el("button", { type: "button", id: "pick-all", text: T.all });
    all.addEventListener("click", () => fs.querySelectorAll("input[data-ids]").forEach((c) => { c.value = c.max; }));
    const go = el("button", { type: "button", id: "where-button", text: T.where });
    go.addEventListener("click", () => {
      const ids = [];
      fs.querySelectorAll("input[data-ids]").forEach((c) => {
        const n = Math.max(0, Math.min(+c.value || 0, +c.max));
        ids.push(...c.dataset.ids.split(",").slice(0, n).map(Number));
      });
      if (!ids.length) { problem(T.none_picked); return; }
      ask(name, ids);
    });
    fs.append(ul, all, " ", go);
    body.append(fs, el("div", { id: "move-area" }));
  };
  const area = () => document.getElementById("move-area");
  const problem = (text) => area().replaceChildren(el("p", { class: "panel-error", role: "alert", text }));
  const endsText = (e) => T["ends_" + e.ends] || e.ends;

  // An out-of-date tab: say what happened since the page was loaded and offer the fresh page.
  const stale = async () => {
    const box = el("div", { class: "panel-error", role: "alert" }, el("p", { text: T.stale }));
    try {
      const res = await fetch(`${data.urls.log}?after=${data.last_seq}&limit=50&seat=${encodeURIComponent(data.seat || "")}`,
        { headers: { Accept: "application/json" } });
      const lines = ((await res.json()).events || []).filter((e) => e.text && e.type !== "dice.rolled").slice(-8);
      if (lines.length) {
        const ul = el("ul"); lines.forEach((e) => ul.append(el("li", { text: e.text })));
        box.append(el("p", { text: T.changed }), ul);
      }
    } catch (err) { /* the link below still helps */ }
    box.append(el("a", { href: data.urls.game + "#orders", id: "fresh-page", class: "button", text: T.fresh }));
    area().replaceChildren(box);
  };

  const ask = async (from, ids) => {
    if (!ids.length) return;
    const url = `${data.urls.reachable}?seat=${encodeURIComponent(data.seat)}&units=${ids.join(",")}`;
    let answer; let res;
    try { res = await fetch(url, { headers: { Accept: "application/json" } }); answer = await res.json(); } catch (e) { problem(T.failed); return; }
    if ((answer.seq !== undefined && answer.seq !== data.last_seq) || res.status === 403) { await stale(); return; }
    if (answer.message) { problem(answer.message); return; }
    const dests = answer.destinations || {};
    paths().forEach((p) => p.classList.remove("dest", "chosen"));
    move = { from, ids, dests, units: ((data.spaces || {})[from] || {}).units || [] };
    const names = Object.keys(dests);
    if (!names.length) { problem(T.nowhere); return; }
    const ul = el("ul", { class: "dest-list" });
    names.forEach((n) => {
      pathOf(n)?.classList.add("dest", "ends-" + dests[n].ends);
      const b = el("button", { type: "button", "data-dest": n, text: `${spaceName(n)}: ${endsText(dests[n])} (${dests[n].cost} ${dests[n].cost === 1 ? T.cost_one : T.cost})` });
      b.addEventListener("click", () => pick(n)); ul.append(el("li", {}, b));
    });
    area().replaceChildren(el("p", { text: T.choose }), ul);
  };
  const planText = (p) => (typeof p === "string" ? p : `${p.space} (#${p.carrier})`);
  // A fighter's landing plan is shown and may be changed: the engine's "landing" query lists
  // every plan the move allows.
  const landingChoices = async (e, box) => {
    const plans = el("div", { class: "landing-plans" });
    box.append(plans);
    let answer = {};
    try {
      const url = `${data.urls.landing}?seat=${encodeURIComponent(data.seat)}&units=${Object.keys(e.landing).join(",")}`
        + `&route=${encodeURIComponent(e.route.join("|"))}`;
      answer = (await (await fetch(url, { headers: { Accept: "application/json" } })).json()).plans || {};
    } catch (err) { answer = {}; }
    Object.entries(e.landing).forEach(([id, chosen]) => {
      const type = (move.units.find((u) => String(u.id) === id) || {}).type;
      const sid = `landing-${id}`;
      const select = el("select", { id: sid, "data-unit": id });
      const options = (answer[id] || []).map((p) => (p.carrier ? p : p.space));
      if (!options.some((p) => JSON.stringify(p) === JSON.stringify(chosen))) options.unshift(chosen);
      options.forEach((p) => {
        const o = el("option", { value: JSON.stringify(p), text: planText(p) });
        if (JSON.stringify(p) === JSON.stringify(chosen)) o.selected = true;
        select.append(o);
      });
      select.addEventListener("change", () => { e.landing[id] = JSON.parse(select.value); });
      plans.append(el("label", { for: sid, text: T.plan.replace("{unit}", unitName(type)).replace("{id}", id) }), select);
    });
  };
  // A list of names as the page's language lists them ("ZM 5 e ZM 6", "SZ 5 and SZ 6").
  const listed = (names) => new Intl.ListFormat(document.documentElement.lang || "en",
    { style: "long", type: "conjunction" }).format(names);
  // G40-CMB-32: enemy submarines on the way fire at the move's unescorted transports; the
  // player ranks which of them are lost first (the engine's default order is pre-set).
  const interceptionChoices = (e, box) => {
    const order = [...e.interception.transports];
    const cargo = (id) => listed(move.units.filter((u) => u.aboard === id).map((u) => unitName(u.type)));
    const label = (id) => T.transport.replace("{id}", id) + (cargo(id) ? ` (${cargo(id)})` : "");
    const fs = el("fieldset", { class: "interception" }, el("legend", {
      text: T.intercepted.replace("{zones}", listed(e.interception.zones.map(spaceName))) }));
    const selects = order.map((chosen, i) => {
      const sid = `lose-${i}`;
      const select = el("select", { id: sid });
      order.forEach((id) => {
        const o = el("option", { value: String(id), text: label(id) });
        if (id === chosen) o.selected = true;
        select.append(o);
      });
      fs.append(el("p", {}, el("label", { for: sid, text: T.lost_nth.replace("{n}", i + 1) }), " ", select));
      return select;
    });
    const sync = (changed) => {  // a transport ranked twice swaps places with the other select
      const was = e.interception_losses[changed]; const now = +selects[changed].value;
      const other = e.interception_losses.indexOf(now);
      if (other >= 0 && other !== changed) { e.interception_losses[other] = was; selects[other].value = String(was); }
      e.interception_losses[changed] = now;
    };
    e.interception_losses = order;
    selects.forEach((select, i) => select.addEventListener("change", () => sync(i)));
    box.append(fs);
  };
  const pick = (to) => {
    const e = JSON.parse(JSON.stringify(move.dests[to])); move.to = to;
    paths().forEach((p) => p.classList.remove("chosen")); pathOf(to)?.classList.add("chosen");
    const text = T.moving.replace("{n}", move.ids.length).replace("{to}", spaceName(to))
      .replace("{route}", e.route.map(spaceName).join(" → ")).replace("{ends}", endsText(e));
    const send = el("button", { type: "button", id: "send-move", class: "primary", text: T.send });
    send.addEventListener("click", () => submit(e));
    const cancel = el("button", { type: "button", text: T.cancel });
    cancel.addEventListener("click", () => { reset(); panel.hidden = true; });
    const box = el("div", { class: "move-confirm" }, el("p", { role: "status", text }));
    if (e.landing) landingChoices(e, box);
    if (e.interception && e.interception.transports.length > 1) interceptionChoices(e, box);
    const buttons = el("p", {}, send, " ", cancel);
    if (e.ends === "battle" && data.urls.odds) buttons.append(" ", oddsLink(to));
    box.append(buttons);
    area().querySelector(".move-confirm")?.remove(); area().append(box);
    send.focus();
  };
  // "Odds": the calculator in a new tab, filled from what this page shows (the seat's own view):
  // the picked units and the power's units already there attack (those dropped there by air as
  // paratroopers), the enemy units there defend; the research advances of the attacker and of the
  // defending powers come along (the calculator asks the referee's rules what each one changes).
  const sideOf = (p) => Object.keys(data.sides || {}).find((s) => data.sides[s].includes(p));
  const enemy = (p) => p !== data.power && (!data.sides || sideOf(p) !== sideOf(data.power));
  const oddsLink = (to) => {
    const target = (data.spaces || {})[to] || { units: [] };
    const q = new URLSearchParams({ edition: data.edition || "", kind: target.kind === "sea" ? "sea" : "land" });
    const add = (key) => q.set(key, String((+q.get(key) || 0) + 1));
    const defending = new Set();
    move.units.filter((u) => move.ids.includes(u.id)).forEach((u) => {
      add(`a_${u.type}`);
      if (u.paratrooper) add(`p_${u.type}`);
    });
    target.units.filter((u) => !u.aboard && !move.ids.includes(u.id)).forEach((u) => {
      if (u.owner === data.power) {
        add(`a_${u.type}`);
        if (u.paratrooper) add(`p_${u.type}`);
      } else if (enemy(u.owner)) {
        add(`d_${u.type}`);
        defending.add(u.owner);
      }
    });
    const advances = data.advances || {};
    (advances[data.power] || []).forEach((a) => q.set(`aadv_${a}`, "1"));
    defending.forEach((p) => (advances[p] || []).forEach((a) => q.set(`dadv_${a}`, "1")));
    return el("a", { href: `${data.urls.odds}?${q}`, id: "odds-button", class: "odds-link", target: "_blank",
      rel: "noopener", text: T.odds });
  };
  const submit = async (e) => {
    const order = { type: "move", units: move.ids, route: e.route };
    if (e.landing) order.landing = e.landing;
    if (e.transport !== undefined) order.transport = e.transport;
    if (e.interception_losses) order.interception_losses = e.interception_losses;
    await post(order);
  };
  const post = async (order) => {
    area()?.querySelector("#send-move")?.setAttribute("disabled", "");
    let res; let answer;
    try {
      res = await fetch(data.urls.orders, { method: "POST", headers: { "Content-Type": "application/json",
        Accept: "application/json", "X-CSRFToken": csrf ? csrf.value : "" },
        body: JSON.stringify({ seat: data.seat, expected_seq: data.last_seq, order }) });
      answer = await res.json();
    } catch (err) { problem(T.failed); return; }
    if (res.ok) {
      try { sessionStorage.setItem("aa-accepted", String(data.game)); } catch (err) { /* private mode */ }
      if ("scrollRestoration" in history) history.scrollRestoration = "manual";
      window.location.reload(); return;
    }
    if (answer.error === "StaleGame") { await stale(); return; }
    const rule = answer.rule_id && !String(answer.message).includes(answer.rule_id) ? ` (${answer.rule_id})` : "";
    problem(`${answer.message}${rule}`);
  };

  // After a move sent from the map: the page reloads at the orders panel with "Order accepted".
  try {
    if (sessionStorage.getItem("aa-accepted") === String(data.game)) {
      sessionStorage.removeItem("aa-accepted");
      document.getElementById("order-status")?.append(el("p", { class: "flash flash-success", text: T.accepted }));
      document.getElementById("orders")?.scrollIntoView({ block: "start" });
    }
  } catch (err) { /* private mode */ }

  // -- purchase: running total and IPCs left --------------------------------------------------
  const buy = document.getElementById("purchase-form");
  if (buy) {
    const update = () => {
      let total = 0;
      buy.querySelectorAll("input[data-cost]").forEach((i) => { total += (+i.value || 0) * +i.dataset.cost; });
      document.getElementById("purchase-total").textContent = total;
      const pay = document.getElementById("purchase-treasury"); // Global 1940: the UK's economy chosen
      const left = (pay ? +pay.selectedOptions[0].dataset.ipcs : +buy.dataset.available) - total;
      const out = document.getElementById("purchase-left"); out.textContent = left;
      out.classList.toggle("aa-error", left < 0);
    };
    buy.addEventListener("input", update); update();
  }

  // -- the history stepper: redraw the board at another event without reloading ---------------
  const stepper = document.getElementById("history-stepper");
  if (stepper) {
    const frameUrl = stepper.dataset.frame; const steps = JSON.parse(stepper.dataset.steps);
    let at = +stepper.dataset.at;
    const status = document.getElementById("history-at");
    const draw = async (seq) => {
      const res = await fetch(`${frameUrl}?at=${seq}`, { headers: { Accept: "application/json" } });
      if (!res.ok) return;
      const f = await res.json(); at = f.at;
      paths().forEach((p) => {
        const n = p.dataset.space;
        if (p.classList.contains("land")) {
          [...p.classList].filter((c) => c.startsWith("o-")).forEach((c) => p.classList.remove(c));
          p.classList.add("o-" + (f.owners[n] || "none"));
        }
        if (f.labels[n]) p.setAttribute("aria-label", f.labels[n]);
      });
      const marks = svg.querySelector("g.marks");
      const tmp = new DOMParser().parseFromString(`<svg xmlns="http://www.w3.org/2000/svg">${f.marks}</svg>`, "image/svg+xml");
      marks.replaceWith(document.importNode(tmp.documentElement.firstElementChild, true));
      document.querySelectorAll(".history-log li[data-seq]").forEach((li) => {
        li.classList.toggle("current", +li.dataset.seq === at);
      });
      const cur = document.querySelector(`.history-log li[data-seq="${at}"]`);
      status.textContent = `${stepper.dataset.label} ${at}` + (cur ? `: ${cur.dataset.text}` : "");
      document.getElementById("board-at-h").textContent = stepper.dataset.heading.replace("{seq}", at);
      const turn = document.getElementById("history-turn");
      turn.textContent = turn.dataset.template.replace("{round}", f.round).replace("{power}", f.power);
      history.replaceState(null, "", `?at=${at}&from=${stepper.dataset.from}`);
    };
    const go = (dir) => {
      const next = dir > 0 ? steps.find((s) => s > at) : [...steps].reverse().find((s) => s < at);
      if (next !== undefined) draw(next);
    };
    stepper.querySelectorAll("[data-step]").forEach((a) => a.addEventListener("click", (ev) => {
      ev.preventDefault(); go(+a.dataset.step);
    }));
    const play = document.getElementById("history-play");
    let timer = null;
    const label = play ? play.textContent : "";
    play?.addEventListener("click", () => {
      if (timer) { clearInterval(timer); timer = null; play.textContent = label; return; }
      play.textContent = play.dataset.stop;
      timer = setInterval(() => {
        if (!steps.some((s) => s > at)) { clearInterval(timer); timer = null; play.textContent = label; return; }
        go(1);
      }, 1200);
    });
    document.querySelectorAll(".history-log a[data-at]").forEach((a) => a.addEventListener("click", (ev) => {
      ev.preventDefault(); draw(+a.dataset.at);
    }));
  }
})();
