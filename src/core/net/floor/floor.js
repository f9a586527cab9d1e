/* The floor page: a floor arbiter's boards, and what they send the desk.
 * The sign-in comes in the address's fragment (#token=…), which the
 * browser never sends; it is kept in localStorage and sent as a Bearer
 * header. Entries wait in localStorage, each with its own id, and are
 * sent again until the desk confirms them: the desk applies an id once. */
(function () {
  "use strict";
  var S = ARB_STRINGS;
  var QUEUE = "arb-floor-queue";
  var TOKEN = "arb-floor-token";
  var LANGUAGE = "arb-floor-lang"; /* the cookie the desk reads */
  var DEADLINE_MS = 15000;
  var RECHECK_MS = 10000;
  var round = 0;

  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function fmt(s, n) { return s.replace("%d", String(n)); }

  /* The desk's certificate fingerprint (#…&fp=AA:BB:…) is shown on the
   * visit that brings the sign-in, to compare with the desk, and kept. */
  var FP = "arb-floor-fingerprint";
  function showFingerprint(fp) {
    var p = el("p", "fingerprint", S.compare_fp.replace("%s", fp));
    p.id = "fingerprint";
    $("status").insertAdjacentElement("afterend", p);
  }

  function takeToken() {
    var m = /(?:^#|&)token=([0-9a-fA-F]+)/.exec(location.hash);
    var f = /(?:^#|&)fp=([0-9a-fA-F:]+)/.exec(location.hash);
    if (m) {
      localStorage.setItem(TOKEN, m[1]);
      if (f) {
        localStorage.setItem(FP, f[1].toUpperCase());
        showFingerprint(f[1].toUpperCase());
      }
      history.replaceState(null, "", location.pathname);
    }
    return localStorage.getItem(TOKEN);
  }
  var token = takeToken();

  function newId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var b = new Uint8Array(16), h = "";
    (window.crypto || {}).getRandomValues ? crypto.getRandomValues(b)
      : b.forEach(function (_, i) { b[i] = Math.floor(Math.random() * 256); });
    for (var i = 0; i < 16; i++) h += (b[i] + 256).toString(16).slice(1);
    return h;
  }
  function load() {
    try { return JSON.parse(localStorage.getItem(QUEUE)) || []; } catch (e) { return []; }
  }
  function save(q) { localStorage.setItem(QUEUE, JSON.stringify(q)); }

  /* A request that has not been answered whole within DEADLINE_MS is
   * given up (on a bad network it could hang for minutes and hold the
   * queue); an entry given up is sent again with the same id. */
  function api(method, path, body) {
    var abort = window.AbortController ? new AbortController() : null;
    if (abort) setTimeout(function () { abort.abort(); }, DEADLINE_MS);
    return fetch(path, {
      method: method,
      headers: { "Authorization": "Bearer " + token, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
      signal: abort ? abort.signal : undefined
    });
  }

  function enqueue(path, label, body) {
    var q = load();
    body.id = newId();
    body.round = round;
    q.push({ path: path, label: label, body: body, state: "pending" });
    save(q);
    showQueue();
    flush();
  }

  /* An entry the desk holds but no deputy confirmed yet is sent again
   * (same id, applied once) every RECHECK_MS until the desk says a deputy
   * holds it too: if the desk dies before that, the deputy that takes
   * over gets it from the phone. */
  function unconfirmed(e) { return e.state === "confirmed" && e.held === "desk-unconfirmed"; }
  function next(q) {
    var i = q.findIndex(function (e) { return e.state === "pending"; });
    if (i >= 0) return i;
    return q.findIndex(function (e) { return unconfirmed(e) && (e.recheck || 0) <= Date.now(); });
  }

  var flushing = false;
  function flush() {
    if (flushing || !token) return;
    var q = load(), i = next(q);
    if (i < 0) return;
    flushing = true;
    api("POST", q[i].path, q[i].body).then(function (r) {
      return r.json().then(function (j) { return { status: r.status, json: j }; });
    }).then(function (a) {
      var now = load(), k = now.findIndex(function (e) { return e.body.id === q[i].body.id; });
      if (k >= 0 && a.status !== 429 && a.status < 500) {
        now[k].state = a.status === 200 ? "confirmed" : "refused";
        now[k].why = a.json.error || "";
        now[k].held = a.json.held || "";
        if (unconfirmed(now[k])) now[k].recheck = Date.now() + RECHECK_MS;
        save(now);
      }
      flushing = false;
      showQueue();
      if (a.status === 200 && !load().some(function (e) { return e.state === "pending"; })) refresh();
      if (a.status === 200 || (a.status >= 400 && a.status !== 429 && a.status < 500)) flush();
    }).catch(function () {
      flushing = false;
      $("status").textContent = S.offline;
    });
  }

  function showQueue() {
    var ul = $("entries"), q = load();
    ul.textContent = "";
    q.slice().reverse().forEach(function (e) {
      var li = el("li", e.state, e.label + " — " +
        (e.state === "pending" ? S.pending : e.state === "confirmed"
          ? (e.held === "desk-and-deputy" ? S.on_deputy : e.held ? S.desk_only : S.confirmed)
          : S.refused + (e.why ? " (" + e.why + ")" : "")));
      li.setAttribute("data-id", e.body.id);
      ul.appendChild(li);
    });
    var n = q.filter(function (e) { return e.state === "pending"; }).length;
    document.body.setAttribute("data-pending", String(n));
    document.body.setAttribute("data-unconfirmed", String(q.filter(unconfirmed).length));
  }

  function boardCard(b) {
    var card = el("div", "board");
    card.setAttribute("data-board", String(b.board));
    card.appendChild(el("h3", "", fmt(S.board, b.board)));
    card.appendChild(el("div", "players", b.white + " – " + b.black));
    if (b.white_ms !== undefined || b.black_ms !== undefined)
      card.appendChild(el("div", "clocks", showTime(b.white_ms) + " · " + showTime(b.black_ms)));
    /* The record's "1/2-1/2" as the buttons write it, "½-½". */
    if (b.result && b.result !== "*")
      card.appendChild(el("div", "result", b.result.replace(/1\/2/g, "½")));
    (b.alerts || []).forEach(function (a) { card.appendChild(el("div", "alert", a)); });
    var row = el("div", "row");
    [["1-0", " 1"], ["½-½", " ="], ["0-1", " 0"]].forEach(function (r) {
      var btn = el("button", "res", r[0]);
      btn.setAttribute("data-result", r[0]);
      btn.onclick = function () {
        enqueue("/api/result", fmt(S.board, b.board) + ": " + r[0], { board: b.board, text: b.board + r[1] });
      };
      row.appendChild(btn);
    });
    card.appendChild(row);
    var call = el("button", "call", S.call);
    call.onclick = function () {
      enqueue("/api/call", fmt(S.board, b.board) + ": " + S.call, { board: b.board, text: note.value });
      note.value = ""; /* sent with the call, as a report's is */
    };
    var r2 = el("div", "row");
    var kind = el("select", "kind");
    [["illegal-move", S.illegal], ["claim", S.claim], ["device", S.device], ["late-arrival", S.late]]
      .forEach(function (k) { var o = el("option", "", k[1]); o.value = k[0]; kind.appendChild(o); });
    var note = el("input", "note");
    note.placeholder = S.note;
    var report = el("button", "report", S.report);
    report.onclick = function () {
      enqueue("/api/incident", fmt(S.board, b.board) + ": " + kind.options[kind.selectedIndex].text,
              { board: b.board, incident: kind.value, text: note.value });
      note.value = "";
    };
    r2.appendChild(kind); r2.appendChild(note);
    card.appendChild(r2);
    var r3 = el("div", "row");
    r3.appendChild(call); r3.appendChild(report);
    card.appendChild(r3);
    var r4 = el("div", "row times");
    var wt = el("input", "time white"), bt = el("input", "time black");
    wt.placeholder = S.white_time; bt.placeholder = S.black_time;
    var clock = el("button", "clock", S.clock);
    clock.onclick = function () {
      var w = parseTime(wt.value), k = parseTime(bt.value);
      if (w < 0 || k < 0) { $("status").textContent = S.bad_time; return; }
      enqueue("/api/clock", fmt(S.board, b.board) + ": " + wt.value + " / " + bt.value,
              { board: b.board, white_ms: w, black_ms: k });
    };
    r4.appendChild(wt); r4.appendChild(bt); r4.appendChild(clock);
    card.appendChild(r4);
    return card;
  }

  function showTime(ms) {
    if (ms === undefined) return "–";
    var t = Math.floor(ms / 1000), h = Math.floor(t / 3600), m = Math.floor(t / 60) % 60, x = t % 60;
    return h + ":" + (m < 10 ? "0" : "") + m + ":" + (x < 10 ? "0" : "") + x;
  }

  /* "1:23:45", "23:45" or "45" → milliseconds, -1 when not a time. */
  function parseTime(t) {
    if (!/^\d{1,2}(:\d{1,2}){0,2}$/.test(t.trim())) return -1;
    return t.trim().split(":").reduce(function (s, p) { return s * 60 + Number(p); }, 0) * 1000;
  }

  function refresh() {
    if (!token) { $("status").textContent = S.no_token; return; }
    api("GET", "/api/boards").then(function (r) {
      if (r.status === 401) { $("status").textContent = S.signed_out; return null; }
      return r.json();
    }).then(function (j) {
      if (!j) return;
      round = j.round;
      $("who").textContent = j.arbiter;
      $("status").textContent = fmt(S.round, j.round);
      var main = $("boards");
      if (document.activeElement && main.contains(document.activeElement)) return;
      main.textContent = "";
      j.boards.forEach(function (b) { main.appendChild(boardCard(b)); });
      document.body.setAttribute("data-ready", "1");
      flush();
    }).catch(function () { $("status").textContent = S.offline; });
  }

  /* The page comes in the language chosen here (kept on the phone in a
   * cookie, which the desk reads for the page and for /api/boards), else
   * in the phone's; choosing another loads the page again in it. */
  function showLanguages() {
    var menu = $("lang");
    document.documentElement.lang = S.lang;
    menu.setAttribute("aria-label", S.language);
    menu.title = S.language;
    S.languages.forEach(function (l) {
      var o = el("option", "", l.name);
      o.value = l.code;
      o.selected = l.code === S.lang;
      menu.appendChild(o);
    });
    menu.onchange = function () {
      document.cookie = LANGUAGE + "=" + encodeURIComponent(menu.value) +
        "; path=/; max-age=31536000; SameSite=Strict";
      location.reload();
    };
  }

  showLanguages();
  $("title").textContent = S.title;
  $("queue-title").textContent = S.sent;
  showQueue();
  refresh();
  setInterval(flush, 2000);
  setInterval(refresh, 15000);
  window.arbFloor = { flush: flush, queue: load };
})();
