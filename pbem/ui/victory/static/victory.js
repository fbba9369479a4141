// VICTORY map: select one of your blocks, the hexes it may reach light up (from legal_options),
// click one to move there. Every move is sent to the API and checked by the engine.
(() => {
  "use strict";
  const dataEl = document.getElementById("vic-data");
  const map = document.querySelector("#vic-map svg");
  if (!dataEl || !map) return;
  const data = JSON.parse(dataEl.textContent);
  const T = JSON.parse(document.getElementById("vic-strings").textContent);
  const csrf = document.querySelector('input[name="csrf_token"]');
  const text = document.getElementById("vic-select-text");
  const choices = document.getElementById("vic-choices");
  const problem = document.getElementById("vic-problem");
  let selected = null;

  const fill = (template, values) => template.replace(/%\((\w+)\)s/g, (_, k) => values[k] ?? "");
  const clear = () => {
    map.querySelectorAll(".hex.target, .hex.target-battle").forEach((h) => h.classList.remove("target", "target-battle"));
    map.querySelectorAll(".blk.selected").forEach((b) => b.classList.remove("selected"));
    if (choices) choices.replaceChildren();
  };
  const say = (message) => { if (text) text.textContent = message; };
  const fail = (message) => { if (problem) { problem.textContent = message; problem.hidden = false; } };

  const select = (id) => {
    clear();
    if (problem) problem.hidden = true;
    const entries = data.moves[id] || [];
    if (!entries.length) { selected = null; say(T.nowhere); return; }
    selected = id;
    map.querySelectorAll(`.blk[data-block="${id}"]`).forEach((b) => b.classList.add("selected"));
    for (const e of entries) {
      const hex = document.getElementById(`hex-${e.to}`);
      if (hex) hex.classList.add(e.battle ? "target-battle" : "target");
    }
    say(fill(T.selected, { block: id }));
  };

  const send = async (entry) => {
    const move = { block: selected, mode: entry.mode, path: entry.path };
    if (entry.onto) move.onto = entry.onto;
    say(T.sending);
    let res; let answer;
    try {
      res = await fetch(data.urls.orders, { method: "POST", headers: { "Content-Type": "application/json",
        Accept: "application/json", "X-CSRFToken": csrf ? csrf.value : "" },
        body: JSON.stringify({ seat: data.seat, expected_seq: data.last_seq, order: { type: "move", moves: [move] } }) });
      answer = await res.json();
    } catch (err) { fail(T.failed); return; }
    if (res.ok) { window.location.reload(); return; }
    fail(answer.rule_id ? `${answer.message} (${answer.rule_id})` : answer.message);
  };

  const choose = (hex) => {
    const entries = (data.moves[selected] || []).filter((e) => e.to === hex);
    if (!entries.length) return false;
    if (entries.length === 1) { send(entries[0]); return true; }
    choices.replaceChildren();
    const p = document.createElement("p"); p.textContent = fill(T.choose, { hex }); choices.append(p);
    for (const e of entries) {
      const b = document.createElement("button"); b.type = "button"; b.className = "vic-way";
      b.textContent = `${T.modes[e.mode] || e.mode}: ${e.path.join(" – ")}${e.battle ? ` (${T.battle})` : ""}`;
      b.addEventListener("click", () => send(e));
      choices.append(b, " ");
    }
    return true;
  };

  map.addEventListener("click", (ev) => {
    const spot = ev.target.closest("[data-hex]");
    if (!spot) return;
    if (selected && choose(spot.dataset.hex)) return;
    const own = ev.target.closest(".blk[data-block]");
    if (own) select(own.dataset.block);
  });
  map.addEventListener("keydown", (ev) => {
    const own = ev.target.closest(".blk[data-block]");
    if (own && (ev.key === "Enter" || ev.key === " ")) { ev.preventDefault(); select(own.dataset.block); }
  });
  document.querySelectorAll(".vic-pick").forEach((b) => b.addEventListener("click", () => {
    select(b.dataset.block);
    document.getElementById("vic-select")?.scrollIntoView({ block: "nearest" });
  }));
})();
