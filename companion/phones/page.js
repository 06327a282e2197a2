"use strict";
(function () {
  var words = JSON.parse(document.getElementById("words").textContent);
  var token = location.pathname.split("/")[2] || "";
  var revision = null, backoff = 1000, socket = null, ended = false;
  var claim = pageClaim();

  // 128 random bits this browser keeps for this link: the first phone to open a seat keeps
  // it for the game (another phone with the same link is refused).
  function pageClaim() {
    var name = "haunt-claim-" + token, kept = null;
    try { kept = window.localStorage.getItem(name); } catch (e) { kept = null; }
    if (kept && /^[0-9a-f]{32}$/.test(kept)) { return kept; }
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    kept = Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
    try { window.localStorage.setItem(name, kept); } catch (e) { /* private mode: this page only */ }
    return kept;
  }

  function $(id) { return document.getElementById(id); }
  function text(id, value) { $(id).textContent = value || ""; }
  function show(id, on) { $(id).classList.toggle("hidden", !on); }
  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }
  function status(value) { text("status", value); }

  function labels() {
    text("only", words.only_you);
    text("todo-h", words.todo);
    text("mine-h", words.yours);
  }

  function drawShared(shared) {
    text("title", shared.title);
    var turn = shared.turn ? words.turn.replace("{player}", shared.turn) : "";
    text("turn", shared.over ? (shared.prompt ? "" : words.over) : (shared.title ? turn : words.no_game));
    show("turn", !!$("turn").textContent);
    text("prompt", shared.prompt);
    var todo = (shared.todo || []).map(function (line) { return line.text; });
    var whys = shared.why || [], news = shared.news || [];
    var whyOf = function (line) { var i = news.indexOf(line); return i < 0 ? null : whys[i] || null; };
    drawExplained($("todo-list"), todo.map(function (line) { return { line: line, why: whyOf(line) }; }));
    drawExplained($("news"), news.filter(function (line) { return todo.indexOf(line) < 0; })
      .map(function (line) { return { line: line, why: whyOf(line) }; }));
    show("todo", (shared.todo || []).length > 0);
  }

  // News or todo lines; a line the companion explained (issue 33) opens to its rulebook
  // section and explanation, and stays open across updates while the same line is shown.
  function drawExplained(list, items) {
    var open = {};
    Array.prototype.forEach.call(list.querySelectorAll("details[open]"), function (d) { open[d.dataset.line] = true; });
    clear(list);
    items.forEach(function (item) {
      var entry = document.createElement("li");
      if (!item.why || !item.why.text) {
        entry.textContent = item.line;
        list.appendChild(entry);
        return;
      }
      var details = document.createElement("details"), summary = document.createElement("summary");
      var mark = document.createElement("span"), said = document.createElement("span");
      var because = document.createElement("div"), rule = document.createElement("span");
      details.dataset.line = item.line; details.open = !!open[item.line];
      mark.className = "why-mark"; mark.textContent = words.why;
      said.textContent = item.line;
      summary.appendChild(said); summary.appendChild(mark);
      because.className = "why";
      rule.className = "why-rule"; rule.textContent = item.why.rule || "";
      because.appendChild(rule);
      because.appendChild(document.createTextNode((item.why.rule ? ": " : "") + item.why.text));
      details.appendChild(summary); details.appendChild(because);
      entry.className = "explained";
      entry.appendChild(details);
      list.appendChild(entry);
    });
  }

  function drawLines(lines) {
    var box = $("lines");
    clear(box);
    lines.forEach(function (line) {
      var row = document.createElement("div"), head = document.createElement("div"), value = document.createElement("div");
      row.className = "line"; head.className = "heading"; value.className = "value";
      head.textContent = line.heading; value.textContent = line.text;
      row.appendChild(head); row.appendChild(value); box.appendChild(row);
    });
  }

  function drawPrompt(prompt, lines) {
    var box = $("choices");
    clear(box);
    show("ask", !!prompt);
    if (!prompt) {
      if (!lines.length) { drawLines([{ heading: "", text: words.nothing }]); }
      return;
    }
    text("ask", prompt.text);
    show("ask", prompt.text !== $("prompt").textContent);  // said once, above, when the same
    var privates = prompt.choices.filter(function (c) { return c.private; }).length;
    prompt.choices.forEach(function (choice) {
      var button = document.createElement("button");
      button.textContent = choice.label;
      button.className = choice.private ? (privates === 1 ? "private lead" : "private") : "";
      button.dataset.key = choice.key;
      button.addEventListener("click", function () { choose(choice.key); });
      box.appendChild(button);
    });
  }

  function choose(key) {
    if (!socket || socket.readyState !== 1) { return; }
    Array.prototype.forEach.call(document.querySelectorAll("#choices button"), function (b) { b.disabled = true; });
    socket.send(JSON.stringify({ choose: key, revision: revision }));
  }

  function update(message) {
    words = message.words || words;
    labels();
    text("me", message.you);
    document.title = message.you + " · Haunt Companion";
    revision = message.shared.revision;
    drawShared(message.shared);
    drawLines(message.private.lines);
    drawPrompt(message.private.prompt, message.private.lines);
    status("");
    document.body.dataset.revision = String(revision);
    document.body.dataset.updates = String(Number(document.body.dataset.updates || 0) + 1);
  }

  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + "/p/" + token + "/ws?claim=" + claim);
    socket.onopen = function () { backoff = 1000; };
    socket.onmessage = function (event) {
      var message = JSON.parse(event.data);
      if (message.type === "update") { update(message); }
      else if (message.type === "ack") {
        if (!message.ok && message.text) { status(message.text); }
        Array.prototype.forEach.call(document.querySelectorAll("#choices button"), function (b) { b.disabled = false; });
      }
    };
    socket.onclose = function (event) {
      if (event.code === 4404) { ended = words.revoked; }
      if (event.code === 4409) { ended = words.claimed; }
      if (event.code === 4410) { ended = words.replaced; }
      if (ended) {  // nothing of the earlier game stays on the page
        ["table", "todo", "mine"].forEach(function (id) { show(id, false); });
        text("title", ""); clear($("choices")); clear($("lines"));
        status(ended);
        return;
      }
      status(words.lost);
      setTimeout(connect, backoff);
      backoff = Math.min(backoff * 2, 10000);
    };
  }

  labels();
  status(words.connecting);
  connect();
})();
