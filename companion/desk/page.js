"use strict";
(function () {
  const W = JSON.parse(document.getElementById("words").textContent);
  const CSRF = document.querySelector("meta[name=desk-csrf]").content;
  const BASE = location.pathname.replace(/\/+$/, "");
  const $ = (id) => document.getElementById(id);
  const TABS = ["cards", "saved", "history", "backup"];
  let game = null;

  function el(tag, attrs, ...kids) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") node.className = v; else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v);
    }
    for (const kid of kids) if (kid !== null && kid !== undefined) node.append(kid);
    return node;
  }
  // A choice's words: the daemon's label for value i (issue 29: never an id), else the value.
  function word(f, i) { return (f.labels && f.labels[i] !== undefined) ? f.labels[i] : String(f.values[i]); }
  function fill(text, values) { return text.replace(/\{(\w+)\}/g, (m, k) => (k in values ? values[k] : m)); }
  function say(text, bad) { $("msg").textContent = text || ""; $("msg").className = bad ? "bad" : "ok"; }
  // A date in the page's language ("7/12/2026, 17:54:33" in Italian), not the browser's (newcomer19 9).
  const LANG = document.documentElement.lang || undefined;
  function when(seconds) { return seconds ? new Date(seconds * 1000).toLocaleString(LANG) : "-"; }
  // A column's words: a label without its explanation ("Attack (the number by the sword)": "Attack").
  function short(label) { return label.replace(/\s*\(.*\)\s*$/, "") || label; }

  async function call(path, body, raw, headers) {
    const options = body === undefined ? {} : {
      method: "POST", body: raw ? body : JSON.stringify(body),
      headers: Object.assign({"X-Desk-CSRF": CSRF, "Content-Type": raw ? "text/plain" : "application/json"}, headers || {})};
    let answer;
    try { answer = await fetch(BASE + path, Object.assign({credentials: "same-origin", cache: "no-store"}, options)); }
    catch (e) { say(W.failed, true); throw e; }
    return answer.json().catch(() => ({ok: false, text: W.failed}));
  }

  // ------------------------------------------------------------------ tabs
  function show(tab) {
    for (const name of TABS) {
      $(name + "-tab").classList.toggle("hidden", name !== tab);
      $("tab-" + name).classList.toggle("on", name === tab);
    }
    say("");
    if (tab === "cards") loadGames();
    if (tab === "saved") loadSaved();
    if (tab === "history") loadHistory();
  }

  // ------------------------------------------------------------------ card data
  async function loadGames() {
    const answer = await call("/api/games");
    const box = $("games");
    box.replaceChildren();
    for (const g of answer.games) {
      const count = g.left ? fill(W.left, g) : fill(W.all_entered, g);
      box.append(el("button", {"data-game": g.game, class: g.game === game ? "on" : "", onclick: () => openGame(g.game)},
                    g.title, el("span", {class: "count"}, count)));
    }
    if (game === null && answer.games.length) openGame(answer.games[0].game);
  }

  async function openGame(id) {
    game = id;
    for (const b of $("games").children) b.classList.toggle("on", b.dataset.game === id);
    $("export-toml").href = BASE + "/export/" + id + ".toml";
    $("export-csv").href = BASE + "/export/" + id + ".csv";
    const forms = await call("/api/content/" + encodeURIComponent(id));
    drawCards(forms);
  }

  function drawCards(forms) {
    $("problem").textContent = forms.problem || "";
    const names = [];
    for (const c of forms.components) for (const f of c.fields) if (!names.includes(f.name)) names.push(f.name);
    // One label for a column; where cards label a field differently ("Attack (the number by the
    // sword)", "Attack bonus (...)"), the first one's words without their explanation, in the
    // page's language (newcomer19 9: the field's own name, "Attack", was English on an Italian page).
    // Each field keeps its full label as its tooltip and for screen readers.
    const labels = {}, first = {};
    for (const c of forms.components) for (const f of c.fields) {
      if (first[f.name] === undefined) first[f.name] = f.label;
      labels[f.name] = labels[f.name] === undefined || labels[f.name] === f.label ? f.label : short(first[f.name]);
    }
    const table = $("cards");
    table.replaceChildren(el("thead", {}, el("tr", {}, el("th", {}, W.card), ...names.map((n) => el("th", {}, labels[n])),
                                               el("th", {}, W.state))));
    const body = el("tbody");
    for (const card of forms.components) body.append(cardRow(card, names));
    table.append(body);
  }

  function cardRow(card, names) {
    const state = el("td", {class: card.placeholder ? "" : "ok"}, card.placeholder ? W.placeholder : "");
    const row = el("tr", {"data-card": card.component, class: card.placeholder ? "placeholder" : ""},
                   el("td", {title: card.component}, card.label));
    const fields = Object.fromEntries(card.fields.map((f) => [f.name, f]));
    for (const name of names) {
      const f = fields[name];
      row.append(el("td", {}, f ? input(card.component, f, state) : ""));
    }
    row.append(state);
    return row;
  }

  function input(component, f, state) {
    const save = (value) => saveField(component, f.name, value, state);
    const name = component + ":" + f.name;
    if (f.kind === "int") {
      const box = el("input", {type: "number", min: f.low, max: f.high, step: 1, name: name, "aria-label": f.label,
                               title: f.label});
      box.value = f.value === null ? "" : f.value;
      box.addEventListener("change", () => save(box.value === "" ? null : Number(box.value)));
      return box;
    }
    if (f.kind === "text") {
      const box = el("input", {type: "text", maxlength: 40, name: name, "aria-label": f.label, title: f.label});
      // a name the companion made, in the page's language (words20); only a change is saved
      box.value = f.shown != null ? f.shown : f.value === null ? "" : f.value;
      box.addEventListener("change", () => save(box.value));
      return box;
    }
    if (f.kind === "choice") {
      const box = el("select", {name: name, "aria-label": f.label});
      f.values.forEach((v, i) => {
        const option = el("option", {value: JSON.stringify(v)}, word(f, i));
        if (JSON.stringify(v) === JSON.stringify(f.value)) option.selected = true;
        box.append(option);
      });
      box.addEventListener("change", () => save(JSON.parse(box.value)));
      return box;
    }
    const span = el("span", {});
    const ticks = f.values.map((v, i) => {
      const tick = el("input", {type: "checkbox", name: name, value: v, "aria-label": f.label + ": " + word(f, i)});
      tick.checked = (f.value || []).includes(v);
      tick.addEventListener("change", () => save(ticks.filter((t) => t.checked).map((t) => t.value)));
      span.append(el("label", {class: "flag"}, tick, " " + word(f, i)));
      return tick;
    });
    return span;
  }

  async function saveField(component, field, value, state) {
    state.textContent = W.saving;
    state.className = "";
    const row = state.parentElement;
    const answer = await call("/api/content", {component: component, fields: {[field]: value}});
    const cell = row.querySelector("[name='" + component + ":" + field + "']").closest("td");
    refuse(cell, answer.ok ? null : answer);
    state.textContent = answer.ok ? W.saved_ok : (answer.field ? W.not_saved : answer.text);
    state.className = answer.ok ? "ok" : "bad";
    if (answer.ok) {
      state.parentElement.classList.toggle("placeholder", !!(answer.card && answer.card.placeholder));
      $("problem").textContent = answer.problem || "";
      const button = $("games").querySelector("[data-game='" + game + "'] .count");
      const title = $("games").querySelector("[data-game='" + game + "']").firstChild.textContent;
      const cards = $("cards").tBodies[0].rows.length;
      if (button) button.textContent = answer.left ? fill(W.left, {title: title, left: answer.left, cards: cards})
                                                   : fill(W.all_entered, {title: title});
    }
  }

  // A refused change (newcomer19 9): the field gets the stored value back and a red mark, and
  // the reason is said under it, in its own cell, scrolled into view (the row's last cell is
  // off-screen at 1280 px on a wide table). A saved change clears both.
  function refuse(cell, answer) {
    for (const old of cell.querySelectorAll(".refusal")) old.remove();
    for (const box of cell.querySelectorAll("input, select")) box.removeAttribute("aria-invalid");
    if (!answer) return;
    const stored = answer.card && answer.field ? answer.card.fields.find((f) => f.name === answer.field) : null;
    const boxes = cell.querySelectorAll("input, select");
    if (stored) {
      const fresh = input(answer.card.component, stored, cell.parentElement.lastElementChild);
      const kept = fresh.matches("input, select") ? [fresh] : [...fresh.querySelectorAll("input")];
      boxes.forEach((box, i) => {
        if (!kept[i]) return;
        if (box.type === "checkbox") box.checked = kept[i].checked; else box.value = kept[i].value;
      });
    }
    for (const box of boxes) box.setAttribute("aria-invalid", "true");
    const said = el("div", {class: "refusal", role: "alert"}, answer.text);
    cell.append(said);
    said.scrollIntoView({block: "nearest", inline: "nearest"});
  }

  async function importFile() {
    const file = $("import-file").files[0];
    if (!file || !game) return;
    if (file.size > 256 * 1024) { say(W.not_imported + " " + fill(W.too_big, {size: Math.round(file.size / 1024)}), true); return; }
    const answer = await call("/import/" + encodeURIComponent(game), await file.text(), true, {"X-File-Name": file.name});
    if (answer.ok) { say(fill(W.imported, {count: answer.saved})); openGame(game); loadGames(); }
    else say(W.not_imported + " " + (answer.problems || [answer.text]).join(" · "), true);
  }

  // ------------------------------------------------------------------ saved games
  async function loadSaved() { drawSaved((await call("/api/saved")).games); }

  function drawSaved(games) {
    const table = $("saved");
    table.replaceChildren();
    if (!games.length) { table.append(el("tr", {}, el("td", {}, W.no_games))); return; }
    table.append(el("thead", {}, el("tr", {}, ...["#", W.game, W.players, W.started, W.last_move, W.status, ""].map((h) => el("th", {}, h)))));
    const body = el("tbody");
    for (const g of games) {
      const actions = el("td", {});
      if (g.running) actions.append(el("button", {onclick: () => act({action: "set_aside"})}, W.set_aside));
      else if (g.status === "in progress" || g.status === "set aside") actions.append(el("button", {onclick: () => act({action: "resume", id: g.id})}, W.resume));
      if (!g.running) actions.append(" ", el("button", {class: "danger", onclick: () => {
        if (confirm(fill(W.confirm_delete, {id: g.id, title: g.title, players: g.players.join(", ")}))) act({action: "delete", id: g.id, confirm: true});
      }}, W.delete));
      body.append(el("tr", {"data-game-id": g.id}, el("td", {}, String(g.id)), el("td", {}, g.title), el("td", {}, g.players.join(", ")),
                     el("td", {}, when(g.started)), el("td", {}, when(g.last_move)),
                     el("td", {}, g.running ? W.on_table : (W[g.status] || g.status)), actions));
    }
    table.append(body);
  }

  async function act(body) {
    const answer = await call("/api/saved", body);
    say(answer.text, !answer.ok);
    if (answer.games) drawSaved(answer.games);
  }

  // ------------------------------------------------------------------ history
  async function loadHistory() {
    const h = await call("/api/history");
    const players = $("players"), finished = $("finished");
    players.replaceChildren(); finished.replaceChildren(); $("chart").replaceChildren();
    if (!h.games.length) { $("chart").append(el("p", {}, W.no_history)); return; }
    players.append(el("thead", {}, el("tr", {}, ...[W.player, W.played, W.wins, W.average].map((t) => el("th", {}, t)))));
    for (const r of h.players) players.append(el("tr", {}, el("td", {}, r.player), el("td", {}, String(r.played)),
                                                 el("td", {}, String(r.wins)), el("td", {}, String(r.average_minutes))));
    finished.append(el("thead", {}, el("tr", {}, ...["#", W.game, W.players, W.started, W.minutes, W.winners, W.figures].map((t) => el("th", {}, t)))));
    for (const g of h.games) {
      const figures = [];
      if ("hauntings" in g.figures) figures.push(W.hauntings + ": " + g.figures.hauntings);
      if ("scores" in g.figures) figures.push(Object.entries(g.figures.scores).map(([p, s]) => p + " " + s).join(", "));
      finished.append(el("tr", {}, el("td", {}, String(g.id)), el("td", {}, g.title), el("td", {}, g.players.join(", ")),
                         el("td", {}, when(g.started)), el("td", {}, String(g.minutes)),
                         el("td", {}, g.winners.join(", ") || W.nobody), el("td", {}, figures.join("; "))));
    }
    $("chart").append(chart(h.players));
  }

  function chart(rows) {
    const NS = "http://www.w3.org/2000/svg", bar = 26, gap = 8, left = 110, width = 520;
    const most = Math.max(1, ...rows.map((r) => r.played));
    const svg = document.createElementNS(NS, "svg");
    const height = 30 + rows.length * (bar + gap);
    svg.setAttribute("viewBox", "0 0 " + width + " " + height);
    svg.setAttribute("width", "100%");
    svg.setAttribute("style", "max-width:" + width + "px");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", W.chart);
    const add = (tag, attrs, text) => {
      const node = document.createElementNS(NS, tag);
      for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
      if (text !== undefined) node.textContent = text;
      svg.append(node);
    };
    add("text", {x: 0, y: 16, "font-weight": 600}, W.chart + " (" + W.wins + " / " + W.played + ")");
    rows.forEach((r, i) => {
      const y = 28 + i * (bar + gap), span = width - left - 60;
      add("text", {x: 0, y: y + bar * 0.7}, r.player);
      add("rect", {x: left, y: y, width: span * r.played / most, height: bar, fill: "#3a3550", rx: 4});
      add("rect", {x: left, y: y, width: span * r.wins / most, height: bar, fill: "#f5c451", rx: 4, class: "wins"});
      add("text", {x: left + span * r.played / most + 6, y: y + bar * 0.7}, r.wins + " / " + r.played);
    });
    return svg;
  }

  // ------------------------------------------------------------------ start
  $("heading").textContent = W.title;
  for (const name of TABS) $("tabs").append(el("button", {id: "tab-" + name, onclick: () => show(name)}, W[name]));
  $("export-words").textContent = W.export;
  $("import-words").textContent = W.import;
  $("import-button").textContent = W.import_button;
  $("import-button").addEventListener("click", importFile);
  $("backup-text").textContent = W.backup_text;
  $("backup-button").textContent = W.download_backup;
  $("backup-link").href = BASE + "/backup";
  show("cards");
})();
