/* display.js: the round on a screen of the playing hall
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reads /round.json once, then follows /events (server-sent events): each
 * "game" event carries one board's new state, "round" asks for the whole
 * round again, "heartbeat" says the feed is alive. Running clocks count
 * down here, from the time the server gave and its clock, so every
 * screen shows the same second whatever its own clock says.
 *
 * The address may say which boards to show and how: ?boards=1-16 (or
 * 1,3,5-8), ?seconds=20 between pages when the boards do not fit, and
 * ?fit=all to show every board at once.
 *
 * ?view=pairings and ?view=standings show the round's pairings
 * (/pairings.json) or the standings after the last complete round
 * (/standings.json) instead, as many lines as fit, page by page; any
 * event of the stream reads the list again.
 *
 * ?lang=sv (en, sv, nb, da, nl) chooses the language of the page's words;
 * without it the browser's languages do. The server puts the words in
 * (ARB_STRINGS), so the script makes no sentence of its own. */

"use strict";

(function () {
  const params = new URLSearchParams(window.location.search);
  const token = params.get("token");
  const pageSeconds = Math.max(5, parseInt(params.get("seconds") || "15", 10) || 15);
  const fitAll = params.get("fit") === "all";
  const boardFilter = parseBoards(params.get("boards"));
  const listView = ["pairings", "standings"].indexOf(params.get("view")) >= 0 ? params.get("view") : null;

  /* A card is readable from five metres at this height or more. */
  const MIN_CARD_HEIGHT = 230;
  const MIN_CARD_WIDTH = 430;
  const LOW_TIME_MS = 60 * 1000;
  const RATIO = 1.95;

  let round = null;
  let cards = new Map();
  let offsetMs = 0;
  let page = 0;
  let perPage = 1;
  let lastMessage = Date.now();
  let source = null;

  const el = (id) => document.getElementById(id);

  /* The page's words, in the language the server chose for this screen
   * (ARB_STRINGS, put in by the server); each "%d" or "%s" is filled in
   * by the next argument. */
  const WORDS = typeof ARB_STRINGS === "object" && ARB_STRINGS ? ARB_STRINGS : {};
  function say(key, ...args) {
    let i = 0;
    return (WORDS[key] || key).replace(/%[ds]/g, () => String(args[i++]));
  }
  const byeKind = (kind) => (kind === "bye" ? "" : " (" + say(kind) + ")");

  function withToken(path) {
    return token ? path + "?token=" + encodeURIComponent(token) : path;
  }

  function parseBoards(text) {
    if (!text)
      return null;
    const set = new Set();
    for (const part of text.split(",")) {
      const m = part.trim().match(/^(\d+)(?:-(\d+))?$/);
      if (!m)
        continue;
      const a = parseInt(m[1], 10);
      const b = m[2] ? parseInt(m[2], 10) : a;
      for (let i = Math.min(a, b); i <= Math.max(a, b) && i - a < 10000; i++)
        set.add(i);
    }
    return set.size > 0 ? set : null;
  }

  function serverNow() {
    return Date.now() + offsetMs;
  }

  function heard(now) {
    lastMessage = Date.now();
    if (typeof now === "number")
      offsetMs = now - Date.now();
    el("status").hidden = true;
  }

  /* Words are made here, at display time. */
  const RESULTS = {
    "1-0": "1\u20130",
    "0-1": "0\u20131",
    "1/2-1/2": "\u00bd\u2013\u00bd",
    "0-0": "0\u20130",
    "1/2-0": "\u00bd\u20130",
    "0-1/2": "0\u2013\u00bd",
    "+/-": "+\u2009\u2013",
    "-/+": "\u2013\u2009+",
    "--": "\u2013\u2009\u2013",
  };

  function formatClock(ms) {
    const s = Math.max(0, Math.floor(ms / 1000));
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    const sec = s % 60;
    const two = (n) => (n < 10 ? "0" : "") + n;
    return h > 0 ? h + ":" + two(m) + ":" + two(sec) : m + ":" + two(sec);
  }

  function remaining(clock, side) {
    if (!clock)
      return null;
    let ms = clock[side];
    if (clock.running === side)
      ms -= Math.max(0, serverNow() - clock.at);
    return Math.max(0, ms);
  }

  function squareName(index) {
    /* index 0 is a8, as a diagram is read. */
    return "abcdefgh"[index % 8] + (8 - Math.floor(index / 8));
  }

  function makeCard(game) {
    const card = document.createElement("div");
    card.className = "card";
    card.dataset.board = game.board;

    const diagram = document.createElement("div");
    diagram.className = "diagram";
    const squares = [];
    for (let i = 0; i < 64; i++) {
      const sq = document.createElement("div");
      const file = i % 8, rank = Math.floor(i / 8);
      sq.className = (file + rank) % 2 === 0 ? "sq l" : "sq";
      sq.dataset.square = squareName(i);
      diagram.appendChild(sq);
      squares.push(sq);
    }

    const info = document.createElement("div");
    info.className = "info";
    info.innerHTML =
      '<div class="head"><span class="no"></span><span class="move"></span>' +
      '<span class="result"></span></div>' +
      '<div class="player black"><span class="name"></span><span class="detail"></span>' +
      '<span class="clock"></span></div>' +
      '<div class="sep"></div>' +
      '<div class="player white"><span class="name"></span><span class="detail"></span>' +
      '<span class="clock"></span></div>';
    card.appendChild(diagram);
    card.appendChild(info);

    const parts = {
      card: card,
      squares: squares,
      no: info.querySelector(".no"),
      move: info.querySelector(".move"),
      result: info.querySelector(".result"),
      white: info.querySelector(".player.white"),
      black: info.querySelector(".player.black"),
      fen: null,
      lastMove: null,
      game: null,
    };
    return parts;
  }

  function setPlayer(node, player) {
    const name = node.querySelector(".name");
    const detail = node.querySelector(".detail");
    name.dataset.full = player.name || "?";
    name.dataset.title = player.title || "";
    showName(name, name.dataset.full);
    const bits = [];
    if (player.rating > 0)
      bits.push(String(player.rating));
    if (player.federation)
      bits.push(player.federation);
    if (player.team)
      bits.push(player.team);
    detail.textContent = bits.join(" \u00b7 ");
  }

  function showName(name, text) {
    name.textContent = "";
    if (name.dataset.title) {
      const t = document.createElement("span");
      t.className = "title";
      t.textContent = name.dataset.title;
      name.appendChild(t);
    }
    name.appendChild(document.createTextNode(text));
  }

  /* "Lindqvist, Emma" too long for its card becomes "Lindqvist, E.",
   * so the family name stays whole. */
  function fitName(name) {
    const full = name.dataset.full;
    if (!full || name.offsetParent === null)
      return;
    showName(name, full);
    if (name.scrollWidth <= name.clientWidth)
      return;
    const comma = full.indexOf(",");
    if (comma > 0) {
      const given = full.slice(comma + 1).trim();
      if (given)
        showName(name, full.slice(0, comma) + ", " + given[0] + ".");
    }
  }

  function fitNames(parts) {
    for (const node of parts.card.querySelectorAll(".name"))
      fitName(node);
  }

  function setPosition(parts, fen, lastMove) {
    if (parts.fen === fen && parts.lastMove === lastMove)
      return;
    parts.fen = fen;
    parts.lastMove = lastMove;
    const placement = (fen || "").split(" ")[0];
    const pieces = [];
    for (const ch of placement) {
      if (ch === "/")
        continue;
      if (ch >= "1" && ch <= "8") {
        for (let k = 0; k < parseInt(ch, 10); k++)
          pieces.push("");
      } else {
        pieces.push((ch === ch.toUpperCase() ? "w" : "b") + ch.toLowerCase());
      }
    }
    const from = lastMove ? lastMove.slice(0, 2) : null;
    const to = lastMove ? lastMove.slice(2, 4) : null;
    parts.squares.forEach((sq, i) => {
      const file = i % 8, rank = Math.floor(i / 8);
      let name = (file + rank) % 2 === 0 ? "sq l" : "sq";
      if (sq.dataset.square === from || sq.dataset.square === to)
        name += " last";
      if (pieces[i])
        name += " p-" + pieces[i];
      if (sq.className !== name)
        sq.className = name;
    });
  }

  /* "23. Nf3" or "23… Nf6", numbered as the position says. */
  function moveText(game) {
    if (!game.san || game.ply < 1)
      return "";
    const fields = (game.fen || "").split(" ");
    const fullmove = parseInt(fields[5] || "1", 10) || 1;
    return fields[1] === "b" ? fullmove + ". " + game.san : fullmove - 1 + "… " + game.san;
  }

  function updateCard(parts, game) {
    parts.game = game;
    parts.no.textContent = game.board;
    parts.move.textContent = moveText(game);
    parts.result.textContent = game.result && game.result !== "*" ? RESULTS[game.result] || game.result : "";
    parts.card.classList.toggle("finished", !!game.result && game.result !== "*");
    setPlayer(parts.white, game.white);
    setPlayer(parts.black, game.black);
    setPosition(parts, game.fen, game.lastMove);
    updateClocks(parts);
    fitNames(parts);
  }

  function updateClocks(parts) {
    const game = parts.game;
    for (const side of ["white", "black"]) {
      const node = parts[side].querySelector(".clock");
      const ms = remaining(game.clock, side);
      const text = ms === null ? "" : formatClock(ms);
      if (node.textContent !== text)
        node.textContent = text;
      const running = !!game.clock && game.clock.running === side;
      node.classList.toggle("running", running);
      node.classList.toggle("low", ms !== null && ms < LOW_TIME_MS);
    }
  }

  function visibleGames() {
    if (!round)
      return [];
    return round.games.filter((g) => !boardFilter || boardFilter.has(g.board));
  }

  /* The largest cards that fit, no smaller than readable; rounds with
   * more boards than fit go page by page. */
  function layout() {
    const main = el("boards");
    const games = visibleGames();
    const width = main.clientWidth - 12;
    const height = main.clientHeight - 12;
    const n = Math.max(games.length, 1);
    let best = null;
    for (let cols = 1; cols <= n; cols++) {
      const rows = Math.ceil(n / cols);
      const cardW = width / cols - 12;
      const cardH = height / rows - 12;
      /* A card is about twice as wide as high. */
      const h = Math.min(cardH, cardW / RATIO);
      if (!best || h > best.h)
        best = { cols: cols, rows: rows, h: h };
    }
    if (!fitAll && best.h < MIN_CARD_HEIGHT) {
      const cols = Math.max(1, Math.floor((width + 12) / (MIN_CARD_WIDTH + 12)));
      const rows = Math.max(1, Math.floor((height + 12) / (MIN_CARD_HEIGHT + 12)));
      const cardW = width / cols - 12;
      const cardH = height / rows - 12;
      best = { cols: cols, rows: rows, h: Math.min(cardH, cardW / RATIO) };
    }
    perPage = fitAll ? n : Math.min(n, best.cols * best.rows);
    main.style.gridTemplateColumns = "repeat(" + best.cols + ", 1fr)";
    main.style.gridTemplateRows = "repeat(" + best.rows + ", " + Math.floor(best.h) + "px)";
    main.style.setProperty("--u", best.h / 100 + "px");
    showPage();
  }

  function showPage() {
    const games = visibleGames();
    const pages = Math.max(1, Math.ceil(games.length / perPage));
    page = page % pages;
    const shown = new Set(games.slice(page * perPage, (page + 1) * perPage).map((g) => g.board));
    for (const [board, parts] of cards) {
      parts.card.hidden = !shown.has(board);
      if (!parts.card.hidden)
        fitNames(parts);
    }
    el("page").textContent =
      pages > 1
        ? say("boards", games[page * perPage].board,
              games[Math.min(games.length, (page + 1) * perPage) - 1].board) +
          " \u00b7 " +
          (page + 1) +
          "/" +
          pages
        : "";
  }

  /* The round read again (a reconnection, a change of pairings) keeps the
   * cards of the boards it still has: a screen does not flash. */
  function render(data) {
    round = data;
    heard(data.now);
    document.title = (data.event.name || "") + " \u00b7 " + data.round;
    el("event").textContent = data.event.name || "";
    el("round").textContent = data.round > 0 ? say("round", data.round) : "";
    el("delay").textContent = data.delay > 0 ? "\u23f1 " + Math.round(data.delay / 60) + " min" : "";
    /* The byes, as the pairing list shows them: name and kind. */
    el("byes").textContent = (data.byes || []).length
      ? say("byes", data.byes.map((b) => b.name + byeKind(b.kind)).join(" \u00b7 "))
      : "";
    const main = el("boards");
    const games = visibleGames();
    const same = games.length === cards.size && games.every((g) => cards.has(g.board));
    if (!same) {
      main.textContent = "";
      cards = new Map();
    }
    for (const game of games) {
      let parts = cards.get(game.board);
      if (!parts) {
        parts = makeCard(game);
        cards.set(game.board, parts);
        main.appendChild(parts.card);
      }
      updateCard(parts, game);
    }
    if (cards.size === 0) {
      const empty = document.createElement("div");
      empty.className = "empty";
      empty.textContent = "\u2014";
      main.appendChild(empty);
    }
    layout();
  }

  /* Lists */

  let list = null;
  let listTimer = 0;

  function points(value) {
    if (value === null || value === undefined)
      return "";
    const whole = Math.floor(value);
    const half = value - whole >= 0.5 ? "\u00bd" : "";
    return whole === 0 && half ? half : whole + half;
  }

  /* Whole and half points as the points are written (8½), as the
   * printed standings write them; other values with two decimals. */
  function tiebreak(value) {
    if (value >= 0 && Math.abs(value * 2 - Math.round(value * 2)) < 1e-9)
      return String(points(value));
    return String(Math.round(value * 100) / 100);
  }

  function cell(row, className, text) {
    const node = document.createElement("div");
    node.className = className;
    node.textContent = text === undefined || text === null ? "" : String(text);
    row.appendChild(node);
    return node;
  }

  function listRow(head) {
    const row = document.createElement("div");
    row.className = "line" + (head ? " heading" : "");
    return row;
  }

  function pairingRows(data) {
    const rows = [];
    const head = listRow(true);
    ["board", "white", "rating", "points", "", "points", "rating", "black"].forEach((t, i) =>
      cell(head, ["bd", "w", "wr", "wp", "res", "bp", "br", "b"][i], t ? say(t) : "")
    );
    const matches = data.matches || [];
    for (const p of data.pairings) {
      /* A team event: each match's teams and score above its boards. */
      const match = matches.find((m) => m.firstBoard === p.board);
      if (match) {
        const heading = listRow(false);
        heading.classList.add("match");
        cell(heading, "bd", "");
        cell(heading, "mh", match.home + " \u2013 " + match.away + (match.kind === "forfeit" ? " (" + say("forfeited") + ")" : ""));
        cell(heading, "ms", points(match.homePoints) + "\u2013" + points(match.awayPoints));
        rows.push(heading);
      }
      const row = listRow(false);
      cell(row, "bd", p.board);
      cell(row, "w", p.white.name + (p.white.startNo ? " (" + p.white.startNo + ")" : ""));
      cell(row, "wr", p.white.rating || "");
      cell(row, "wp", points(p.white.points));
      cell(row, "res", p.result === "*" ? "\u2013" : p.result.replace(/1\/2/g, "\u00bd"));
      cell(row, "bp", points(p.black.points));
      cell(row, "br", p.black.rating || "");
      cell(row, "b", p.black.name + (p.black.startNo ? " (" + p.black.startNo + ")" : ""));
      rows.push(row);
    }
    /* A team's bye: the team and its points, after the boards. */
    for (const m of matches.filter((m) => m.kind === "bye")) {
      const row = listRow(false);
      row.classList.add("match", "bye");
      cell(row, "bd", "");
      cell(row, "mh", m.home);
      cell(row, "ms", say("bye") + " " + points(m.homePoints));
      rows.push(row);
    }
    for (const b of data.byes) {
      const row = listRow(false);
      row.classList.add("bye");
      cell(row, "bd", "");
      cell(row, "w", b.name + (b.startNo ? " (" + b.startNo + ")" : ""));
      cell(row, "wr", b.rating || "");
      cell(row, "wp", points(b.points));
      cell(row, "res", say("bye"));
      cell(row, "bp", "");
      cell(row, "br", "");
      cell(row, "b", b.kind === "bye" ? "" : say(b.kind));
      rows.push(row);
    }
    return { head: head, rows: rows };
  }

  function standingRows(data) {
    const rows = [];
    const head = listRow(true);
    const keys = data.tiebreaks || [];
    cell(head, "rk", "#");
    cell(head, "sn", say("number"));
    cell(head, "nm", say("name"));
    cell(head, "rt", say("rating"));
    cell(head, "pt", say("points"));
    keys.forEach((k, i) => cell(head, "tb tb" + i, k.toUpperCase()));
    for (const s of data.standings) {
      const row = listRow(false);
      cell(row, "rk", s.rank);
      cell(row, "sn", s.startNo || "");
      cell(row, "nm", s.name);
      cell(row, "rt", s.rating || "");
      cell(row, "pt", points(s.points));
      s.tiebreaks.forEach((v, i) => cell(row, "tb tb" + i, tiebreak(v)));
      rows.push(row);
    }
    return { head: head, rows: rows, columns: keys.length };
  }

  /* The values of a team's row that /standings.json's teamBeside names. */
  const BESIDE_FIELDS = { "BH:GP": "bhGp", "SB:GP": "sbGp" };

  /* A team event's standings: the teams by rank, their matches, match
   * and game points, then the event's team tie-breaks. */
  function teamRows(data) {
    const rows = [];
    const head = listRow(true);
    const keys = data.teamTiebreaks || [];
    cell(head, "rk", "#");
    cell(head, "nm", say("team"));
    cell(head, "mt", say("matches"));
    cell(head, "pt", say("match_points"));
    cell(head, "gp", say("game_points"));
    /* TBR and BBE hold a value a board: too wide for a phone. */
    const first = data.teamStandings[0];
    const boards = keys.map((k, i) => Boolean(first) && Array.isArray(first.tiebreaks[i]));
    const tbClass = (i) => "tb tb" + i + (boards[i] ? " tbb" : "");
    keys.forEach((k, i) => cell(head, tbClass(i), k.toUpperCase()));
    /* Beside the order, on a wide screen: BH and SB on game points
     * where the order has them not. */
    const beside = (data.teamBeside || []).filter((h) => h in BESIDE_FIELDS);
    beside.forEach((h) => cell(head, "tb bs", h));
    for (const t of data.teamStandings) {
      const row = listRow(false);
      cell(row, "rk", t.rank);
      cell(row, "nm", t.team);
      cell(row, "mt", t.matches);
      cell(row, "pt", points(t.matchPoints));
      cell(row, "gp", points(t.gamePoints));
      /* TBR and BBE: each board's points, board 1 first. */
      t.tiebreaks.forEach((v, i) =>
        cell(row, tbClass(i), Array.isArray(v) ? v.map(tiebreak).join(" ") : tiebreak(v))
      );
      beside.forEach((h) => cell(row, "tb bs", tiebreak(t[BESIDE_FIELDS[h]])));
      rows.push(row);
    }
    /* A column a tie-break, as wide as its values; a phone shows the
     * first two that are one value each. */
    const widths = keys.map((k, i) => (boards[i] ? first.tiebreaks[i].length * 1.9 + 0.4 : 3.4));
    const narrow = keys.map((k, i) => i).filter((i) => i < 2 && !boards[i]).map(() => 2.6);
    return {
      head: head,
      rows: rows,
      columns: keys.length,
      template:
        "2em minmax(0, 1fr) 1.6em 2.4em 2.8em " +
        widths.concat(beside.map(() => 3.4)).map((w) => w + "em").join(" "),
      narrow: "1.6em minmax(0, 1fr) 2em 2.4em " + narrow.map((w) => w + "em").join(" "),
    };
  }

  function renderList(data) {
    const main = el("boards");
    document.title = (data.event.name || "") + " \u00b7 " + say(listView);
    el("event").textContent = data.event.name || "";
    if (listView === "pairings")
      el("round").textContent = data.round > 0 ? say("pairings_round", data.round) : say("pairings");
    else
      el("round").textContent =
        data.afterRound > 0 ? say("standings_after", data.afterRound) : say("standings");
    const teams = listView === "standings" && (data.teamStandings || []).length > 0;
    list = listView === "pairings" ? pairingRows(data) : teams ? teamRows(data) : standingRows(data);
    main.textContent = "";
    main.className = "list " + listView + (teams ? " teams" : "");
    main.style.setProperty("--tbs", list.columns || 0);
    main.style.setProperty("--tbs-narrow", Math.min(list.columns || 0, 2));
    main.style.setProperty("--team-columns", list.template || "none");
    main.style.setProperty("--team-columns-narrow", list.narrow || "none");
    main.appendChild(list.head);
    for (const row of list.rows)
      main.appendChild(row);
    if (list.rows.length === 0)
      cell(main, "empty", "\u2014");
    layoutList();
  }

  function layoutList() {
    const main = el("boards");
    if (!list || list.rows.length === 0)
      return;
    /* The tallest kind of line shown, so that a page never runs over (a
     * match's heading is shorter than a phone's two-line pairing). */
    const shown = list.rows.filter((r) => !r.hidden).slice(0, 8);
    const line = Math.max(1, ...shown.map((r) => r.getBoundingClientRect().height));
    const room = main.clientHeight - list.head.getBoundingClientRect().height - 16;
    perPage = Math.max(1, Math.floor(room / line));
    showListPage();
  }

  function showListPage() {
    const pages = Math.max(1, Math.ceil(list.rows.length / perPage));
    page = page % pages;
    list.rows.forEach((row, i) => {
      row.hidden = Math.floor(i / perPage) !== page;
    });
    el("page").textContent = pages > 1 ? page + 1 + "/" + pages : "";
  }

  function loadList() {
    clearTimeout(listTimer);
    listTimer = 0;
    fetch(withToken("/" + listView + ".json"), { cache: "no-store" })
      .then((r) => (r.ok ? r.json() : Promise.reject(r.status)))
      .then(renderList)
      .catch(() => setTimeout(loadList, 3000));
  }

  function load() {
    if (listView) {
      if (!listTimer)
        listTimer = setTimeout(loadList, list ? 1000 : 0);
      return;
    }
    fetch(withToken("/round.json"), { cache: "no-store" })
      .then((r) => (r.ok ? r.json() : Promise.reject(r.status)))
      .then(render)
      .catch(() => setTimeout(load, 3000));
  }

  function onGame(event) {
    const data = JSON.parse(event.data);
    heard(data.now);
    if (listView) {
      load();
      return;
    }
    if (!round)
      return;
    const index = round.games.findIndex((g) => g.board === data.board);
    if (index < 0) {
      load();
      return;
    }
    delete data.now;
    delete data.seq;
    delete data.changes;
    const game = Object.assign({}, round.games[index], data);
    round.games[index] = game;
    const parts = cards.get(game.board);
    if (parts)
      updateCard(parts, game);
  }

  function connect() {
    if (source)
      source.close();
    source = new EventSource(withToken("/events"));
    /* "live" on the page says the event stream is open: what a test, or
     * a curious arbiter in the browser's inspector, can wait for. */
    source.addEventListener("open", () => {
      document.body.dataset.live = "yes";
      load();
    });
    source.addEventListener("game", onGame);
    source.addEventListener("round", (e) => {
      heard(JSON.parse(e.data).now);
      load();
    });
    source.addEventListener("heartbeat", (e) => heard(JSON.parse(e.data).now));
    source.addEventListener("error", () => {
      document.body.dataset.live = "no";
      el("status").textContent = "\u26a0";
      el("status").hidden = false;
    });
  }

  function updateTime() {
    const now = new Date(serverNow());
    const two = (n) => (n < 10 ? "0" : "") + n;
    const text = two(now.getHours()) + ":" + two(now.getMinutes());
    if (el("time").textContent !== text)
      el("time").textContent = text;
  }

  setInterval(() => {
    updateTime();
    for (const parts of cards.values())
      if (parts.game && !parts.card.hidden)
        updateClocks(parts);
    /* Three heartbeats missed: start again. */
    if (Date.now() - lastMessage > 35000) {
      lastMessage = Date.now();
      el("status").textContent = "\u26a0";
      el("status").hidden = false;
      connect();
    }
  }, 250);

  setInterval(() => {
    if (listView && list && list.rows.length > perPage) {
      page++;
      showListPage();
    } else if (!listView && !fitAll && round && visibleGames().length > perPage) {
      page++;
      showPage();
    }
  }, pageSeconds * 1000);

  window.addEventListener("resize", () => (listView ? layoutList() : round && layout()));
  connect();
  load();
})();
