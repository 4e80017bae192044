// The backtrack player: steps through one recorded search. Everything a
// step shows was worked out by backtrack (in Go) and packed into the data
// below the page; this script unpacks it, keeps the state as it steps and
// draws it. No network, no server: the page works from a file.
(function () {
  "use strict";

  var UI = {
    en: {
      step: "step", follow: "follow", fit: "fit", gotoWord: "go to", tree: "search tree (click a box to jump to it)",
      stack: "call stack, root first: depth · call · move · doing · {choices} · tried",
      play: "▶▶", pause: "❚❚", noLater: "no later ", noEarlier: "no earlier ",
      speeds: ["½ step/s", "1 step/s", "2 steps/s", "4 steps/s", "8 steps/s", "20 steps/s", "60 steps/s"],
      start: "Step 0: nothing has happened yet. Press → or Space for the first step.",
      end: "(end of the run)",
      prev: "◀ previous", next: "next ▶",
      key: { given: "given", placed: "placed earlier", "try": "candidate being tried", place: "placed at this step",
        placeCall: "the move that led to this call", placeReturn: "the move that led to the returning call",
        clash: "clashes with the candidate", slot: "the cell being decided", choice: "still to try in this row",
        placedGivens: "placed earlier", slotGivens: "the cell being decided" },
      theme: "light / dark colours (c)",
      oldBrowser: "This browser cannot unpack the page (it needs DecompressionStream: Chrome 80, Edge 80, Firefox 113, Safari 16.4 or later).",
      help: [
        ["→  Space  PageDown  n", "next step"],
        ["←  PageUp  b", "previous step"],
        ["Home  End", "first, last step"],
        ["r u s t", "run on to the next reject, backtrack (undo), solution, return"],
        ["R U S T", "back to the previous one"],
        ["g", "go to a step (type its number, then Enter)"],
        ["p", "play / pause"],
        ["[  ]", "slower, faster"],
        ["+  −  f", "zoom the tree in, out, fit it"],
        ["l", "English / 中文"],
        ["c", "light / dark colours (dark for a projector or a dark room)"],
        ["?  Esc", "this help, close it"]
      ],
      helpTitle: "Keys (a presenter's clicker works too)",
      helpLink: "The address follows the step: copy it to link to this step, e.g. #step=66&lang=zh."
    },
    zh: {
      step: "第", stepAfter: "步", follow: "跟随", fit: "全图", gotoWord: "跳到", tree: "搜索树（点击方框跳到那一步）",
      stack: "调用栈（从根开始）：深度 · 调用 · 这一步的选择 · 在做什么 · {choices} · 已试",
      play: "▶▶", pause: "❚❚", noLater: "后面没有", noEarlier: "前面没有",
      speeds: ["每秒半步", "每秒 1 步", "每秒 2 步", "每秒 4 步", "每秒 8 步", "每秒 20 步", "每秒 60 步"],
      start: "第 0 步：什么都还没发生。按 → 或空格键走第一步。",
      end: "（运行结束）",
      prev: "◀ 上一个", next: "下一个 ▶",
      key: { given: "预设数字", placed: "之前做出的选择", "try": "正在尝试的候选", place: "本步放置",
        placeCall: "引出本次调用的一步", placeReturn: "引出正在返回的调用的一步",
        clash: "与候选冲突", slot: "本层要决定的位置", choice: "这一行还可以试的位置",
        // A board with givens (Sudoku): the stepper's words.
        placedGivens: "之前填入的数字", slotGivens: "本层要填的空格" },
      theme: "浅色 / 深色配色（c）",
      oldBrowser: "这个浏览器无法解开本页（需要 DecompressionStream：Chrome 80、Edge 80、Firefox 113、Safari 16.4 或更新版本）。",
      help: [
        ["→  空格  PageDown  n", "下一步"],
        ["←  PageUp  b", "上一步"],
        ["Home  End", "第一步、最后一步"],
        ["r u s t", "跳到下一个剪枝、回溯（撤销）、解、返回"],
        ["R U S T", "跳回上一个"],
        ["g", "跳到某一步（输入步数后按回车）"],
        ["p", "自动播放 / 暂停"],
        ["[  ]", "慢一点、快一点"],
        ["+  −  f", "放大、缩小搜索树，显示全图"],
        ["l", "English / 中文"],
        ["c", "浅色 / 深色配色（投影或暗的教室用深色）"],
        ["?  Esc", "打开、关闭本帮助"]
      ],
      helpTitle: "按键（翻页笔也可以用）",
      helpLink: "地址栏会跟着步数变化：复制地址即可链接到这一步，例如 #step=66&lang=zh。"
    }
  };
  var KIND = { call: 0, scan: 1, "try": 2, reject: 3, place: 4, undo: 5, solution: 6, exhausted: 7, "return": 8, limit: 9 };
  var KINDNAMES = ["call", "scan", "try", "reject", "place", "undo", "solution", "exhausted", "return", "limit"];
  var RUNKEYS = { r: KIND.reject, u: KIND.undo, s: KIND.solution, t: KIND["return"] };
  var DELAYS = [2000, 1000, 500, 250, 125, 50, 16];
  var CK = 256; // steps between checkpoints

  var D, N, L = 0; // data, steps, language (0 en, 1 zh)
  var timing = {}; // when each part of opening ended, in ms since the navigation started
  var bdOff, skOff, frOff, cks = [];
  var S = { k: 0, cells: null, stack: [], counts: null };
  var shown = { cells: null, k: -1, boxes: [], edges: [] };
  var el = {};
  var playTimer = null;

  function $(id) { return document.getElementById(id); }
  function ui() { return L ? UI.zh : UI.en; }
  function txt(node, s) { if (node.textContent !== s) { node.textContent = s; } }

  // ---- loading -------------------------------------------------------
  // inflate decodes a base64 text of gzipped bytes, as a Response.
  function inflate(b64) {
    var bin = atob(b64.trim());
    var bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) { bytes[i] = bin.charCodeAt(i); }
    return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")));
  }
  // unpack decodes a base64 text of gzipped JSON.
  function unpack(b64) { return inflate(b64).text().then(JSON.parse); }
  // attach puts the steps' binary data (see playerBin in html.go) in D as
  // typed arrays: per step D.k, D.rule, D.line; and the byte
  // streams D.bd, D.sk (per step) and D.fr (per frame), read with rd.
  function attach(buf) {
    var b = D.bin;
    D.k = new Uint8Array(buf, b.k[0], b.k[1]);
    D.rule = new Int8Array(buf, b.rule[0], b.rule[1]);
    D.line = new Int16Array(buf, b.line[0], b.line[1]);
    D.bd = new Uint8Array(buf, b.bd[0], b.bd[1]);
    D.sk = new Uint8Array(buf, b.sk[0], b.sk[1]);
    D.fr = new Uint8Array(buf, b.fr[0], b.fr[1]);
  }
  // P is where rd reads next; rd reads an unsigned varint of bytes a at P.
  var P = 0;
  function rd(a) {
    var x = 0, m = 1, b;
    do { b = a[P++]; x += (b & 127) * m; m *= 128; } while (b >= 128);
    return x;
  }
  // pageLang is the language the page opens in when its link names none:
  // the browser's (zh for Chinese, else en) if the page was made without
  // an explicit language (data-follow="browser"), else the one it was
  // made in.
  function pageLang() {
    var root = document.documentElement;
    if (root.dataset.follow !== "browser") { return root.lang; }
    var ls = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ""];
    return /^zh/i.test(ls[0] || "") ? "zh" : "en";
  }
  function load() {
    var loading = $("loading"), T = timing;
    if (typeof DecompressionStream === "undefined") {
      loading.textContent = UI.en.oldBrowser + " " + UI.zh.oldBrowser;
      return;
    }
    T.script = performance.now();
    // The notes of the step the address asks for are unpacked beside the
    // rest, so the first step shows whole.
    var h = location.hash.match(/step=(\d+)/), lm = location.hash.match(/lang=(en|zh)/);
    var first = Promise.all([unpack($("data").textContent), inflate($("bin").textContent).arrayBuffer()]).then(function (r) {
      T.parsed = performance.now();
      D = r[0];
      attach(r[1]);
    });
    var lang = lm ? lm[1] : pageLang();
    var k0 = h ? parseInt(h[1], 10) : 0;
    var chunk = parseInt($("data").dataset.noteChunk, 10);
    var notes = noteBlock(lang === "zh" ? 1 : 0, Math.max(0, Math.floor((k0 - 1) / chunk)));
    Promise.all([first, notes]).then(function () {
      start();
      loading.hidden = true;
      T.drawn = performance.now();
    }).catch(function (e) {
      loading.textContent = "backtrack: " + e;
    });
  }

  // The notes, in blocks of D.noteChunk steps, unpacked when first shown.
  // A number in a block stands for the note of that step of the block
  // (from 0), which said it first.
  var noteBlocks = [{}, {}];
  function noteBlock(l, c) {
    var have = noteBlocks[l][c];
    if (have) { return have.promise; }
    var node = $("n-" + (l ? "zh" : "en") + "-" + c);
    var p = node ? unpack(node.textContent).then(function (ns) {
      for (var i = 0; i < ns.length; i++) {
        if (typeof ns[i] === "number") { ns[i] = ns[ns[i]]; }
      }
      return ns;
    }) : Promise.resolve([]);
    have = noteBlocks[l][c] = { promise: p, notes: null };
    p.then(function (ns) { have.notes = ns; });
    return p;
  }
  // noteOf is step k's note in language l, or null while its block is
  // being unpacked (the note is drawn when it is there).
  function noteOf(l, k) {
    var c = Math.floor((k - 1) / D.noteChunk), b = noteBlocks[l][c];
    if (b && b.notes) { return b.notes[(k - 1) % D.noteChunk]; }
    noteBlock(l, c).then(function () { if (S.k === k && L === l) { drawText(); } });
    return null;
  }

  // frame is frame i as an object: n node, d depth, p place on the path
  // (a string, or [en, zh]), s state, r its return label (a returning
  // frame), c choices (none: no list), tb and tk (its tried list goes on
  // from frame tb's first tk), t its own tries, [value, mark, rule].
  // Frames are read from D.fr when first shown, and a few kept.
  var frameMemo = new Map();
  function frame(i) {
    var f = frameMemo.get(i);
    if (f) { return f; }
    var a = D.fr;
    P = frOff[i];
    f = { n: rd(a), d: rd(a) };
    f.p = D.paths[rd(a)];
    f.s = rd(a);
    var r = rd(a), c = rd(a), from = rd(a);
    if (f.s === D.fsret) { f.r = r; }
    if (c > 0) { f.c = D.strs[c - 1]; }
    if (from > 0) { f.tb = i - from; f.tk = rd(a); }
    var nt = rd(a);
    f.t = [];
    for (var j = 0; j < nt; j++) {
      var x = rd(a), t = [D.strs[Math.floor(x / 64)], (x >> 4) & 3];
      if (t[1] === 0) { t.push(x & 15); }
      f.t.push(t);
    }
    if (frameMemo.size >= 65536) { frameMemo.clear(); }
    frameMemo.set(i, f);
    return f;
  }
  // triedOf is frame i's tried list: its own, or the list of the frame it
  // goes on from, cut, then its own.
  var triedMemo = new Map();
  function triedOf(i) {
    var t = triedMemo.get(i);
    if (t) { return t; }
    var f = frame(i);
    t = f.t;
    if (f.tb !== undefined) { t = triedOf(f.tb).slice(0, f.tk).concat(t); }
    if (triedMemo.size >= 65536) { triedMemo.clear(); }
    triedMemo.set(i, t);
    return t;
  }

  function start() {
    N = D.steps;
    var T = timing;
    L = pageLang() === "zh" ? 1 : 0;
    ["title", "stepword", "stepno", "stepmax", "kind", "cut", "theme", "lang", "helpbtn", "left", "board", "key", "code", "treetitle",
      "zoomout", "zoomin", "zoomfit", "follow", "followword", "tree", "svg", "stackhead", "stack", "note", "counters",
      "home", "prevkind", "back", "next", "nextkind", "kindsel", "end", "play", "speed", "speedword", "gotoword", "goto",
      "msg", "help", "helpbox"].forEach(function (id) { el[id] = $(id); });
    index();
    T.indexed = performance.now();
    var h0 = parseHash();
    buildBoard();
    if (h0.lang !== undefined) { L = h0.lang; }
    buildTree();
    if (D.tree) { bindTreeView(); }
    bindControls();
    bindTouch();
    predictInit();
    timelineInit();
    var h = parseHash();
    if (h.lang !== undefined) { L = h.lang; }
    goTo(h.step !== undefined ? h.step : 0);
    relabel();
    if (EMBED) { embedMode(true); }
    layout();
    draw();
  }

  // index computes the offsets of every frame (with its depth and its
  // place on the path), and of every step's board and stack changes
  // (apply notes where each step's end), a checkpoint of the whole state
  // every CK steps, and the search tree of the page's steps (treeStep).
  var frPath, deepest = 0;
  function index() {
    var a = D.fr, nf = D.nframes, i, j, n;
    frOff = new Int32Array(nf + 1);
    frPath = new Int32Array(nf);
    P = 0;
    for (j = 0; j < nf; j++) {
      frOff[j] = P;
      rd(a);
      deepest = Math.max(deepest, rd(a));
      frPath[j] = rd(a);
      rd(a); rd(a); rd(a);
      if (rd(a) > 0) { rd(a); }
      n = rd(a);
      for (i = 0; i < n; i++) { rd(a); }
    }
    frOff[nf] = P;
    bdOff = new Int32Array(N + 1);
    skOff = new Int32Array(N + 1);
    S.k = 0;
    S.cells = Int32Array.from(D.board.start);
    S.stack = [];
    S.counts = new Float64Array(5 + 16);
    cks = [snapshot()];
    var calls = 0, rejects = 0;
    for (var s = 0; s < N; s++) {
      if (D.k[s] === KIND.call) { calls++; } else if (D.k[s] === KIND.reject) { rejects++; }
    }
    if (D.tree) { treeIndex(calls, rejects); }
    TL.depth = new Uint8Array(N);
    for (var k = 1; k <= N; k++) {
      apply(k);
      TL.depth[k - 1] = Math.min(255, S.stack.length);
      if (D.tree) { treeStep(k); }
      if (k % CK === 0) { cks.push(snapshot()); }
    }
    restore(cks[0]);
  }
  function snapshot() {
    return { k: S.k, cells: S.cells.slice(), stack: S.stack.slice(), counts: S.counts.slice() };
  }
  function restore(c) {
    S.k = c.k; S.cells = c.cells.slice(); S.stack = c.stack.slice(); S.counts = c.counts.slice();
  }
  // apply moves the state from step k-1 to step k, and notes where step
  // k's changes end (index goes through every step first).
  function apply(k) {
    var j = k - 1, bd = D.bd, sk = D.sk, cells = S.cells, i, n;
    P = bdOff[j];
    n = rd(bd);
    for (i = 0; i < n; i++) { var cell = rd(bd); cells[cell] = rd(bd); }
    bdOff[k] = P;
    P = skOff[j];
    var keep = rd(sk), m = rd(sk);
    S.stack.length = keep;
    for (i = 0; i < m; i++) { S.stack.push(rd(sk)); }
    skOff[k] = P;
    var c = S.counts;
    switch (D.k[j]) {
      case KIND.call: c[0]++; break;
      case KIND["try"]: c[1]++; break;
      case KIND.undo: c[2]++; break;
      case KIND.solution: c[3]++; break;
      case KIND.reject: c[4]++; if (D.rule[j] >= 0) { c[5 + D.rule[j]]++; } break;
    }
    S.k = k;
  }
  function goTo(k) {
    k = Math.max(0, Math.min(N, Math.floor(k)));
    if (k === S.k) { return; }
    if (k === S.k + 1) { apply(k); return; }
    restore(cks[Math.floor(k / CK)]);
    for (var j = S.k + 1; j <= k; j++) { apply(j); }
  }

  // ---- the board -----------------------------------------------------
  var cellEls = [];
  function buildBoard() {
    var b = D.board, rows = b.rows, cols = b.cols;
    sizeBoard(32); // until layout() gives the board its room
    for (var r = 0; r < rows; r++) {
      for (var c = 0; c < cols; c++) {
        var d = document.createElement("div");
        d.className = "cell";
        d.dataset.base = "";
        if (b.pieces && (r + c) % 2 === 1) { d.dataset.dark = "1"; }
        if (b.box > 0 && c > 0 && c % b.box === 0) { d.dataset.bl = "1"; }
        if (b.box > 0 && r > 0 && r % b.box === 0) { d.dataset.bt = "1"; }
        el.board.appendChild(d);
        cellEls.push(d);
      }
    }
    shown.cells = new Int32Array(rows * cols).fill(-1);
    for (var i = 0; i < D.board.start.length; i++) { if (((D.board.start[i] >> 3) & 7) === 1) { hasGivens = true; } }
  }
  // sizeBoard gives the board's cells size px.
  function sizeBoard(size) {
    el.board.style.gridTemplateColumns = "repeat(" + D.board.cols + ", " + size + "px)";
    el.board.style.gridAutoRows = size + "px";
    el.board.style.fontSize = Math.round(size * 0.62) + "px";
  }
  var BASES = ["", "given", "placed", "fixed"];
  var OVERS = ["", "o-try", "o-place", "o-clash", "o-slot", "o-choice"];
  function drawBoard() {
    for (var i = 0; i < cellEls.length; i++) {
      var v = S.cells[i];
      if (shown.cells[i] === v) { continue; }
      shown.cells[i] = v;
      var d = cellEls[i], g = v >> 6, base = (v >> 3) & 7, over = v & 7;
      var cls = "cell";
      if (d.dataset.dark) { cls += " dark"; }
      if (d.dataset.bl) { cls += " bl"; }
      if (d.dataset.bt) { cls += " bt"; }
      if (BASES[base]) { cls += " " + BASES[base]; }
      if (OVERS[over]) { cls += " " + OVERS[over]; }
      d.className = cls;
      d.textContent = D.board.glyphs[g] || "";
    }
  }
  // keyHTML is the key to the board's marks in language l at a step of
  // kind kind: the solid mark is the move placed at a place step, and at
  // a call or a return the move that led to that call (nothing is placed
  // then). It explains only the marks the board draws (drawn, from
  // drawnMarks; null: all of them, for measuring).
  function keyHTML(l, kind, drawn) {
    var k = (l ? UI.zh : UI.en).key, items = [];
    var has = function (m) { return !drawn || drawn[m]; };
    var chip = function (cls, word) { return '<span><span class="chip ' + cls + '"></span>' + esc(word) + "</span>"; };
    if (!D.board.pieces) {
      var g = D.board.glyphs.length > 1 ? D.board.glyphs[1] : "1";
      if (hasGivens && has("given")) { items.push('<span><b class="sample">' + esc(g) + "</b> " + esc(k.given) + "</span>"); }
      if (has("placed")) { items.push('<span><b class="sample placed">' + esc(g) + "</b> " + esc(hasGivens ? k.placedGivens : k.placed) + "</span>"); }
    }
    if (has("o-try")) { items.push(chip("c-try", k["try"])); }
    if (has("o-place")) { items.push(chip("c-place", kind === KIND.call ? k.placeCall : kind === KIND["return"] ? k.placeReturn : k.place)); }
    if (has("o-clash")) { items.push(chip("c-clash", k.clash)); }
    if (D.board.pieces) {
      if (has("o-choice")) { items.push(chip("c-choice", k.choice)); }
    } else if (has("o-slot")) {
      items.push(chip("c-slot", hasGivens ? k.slotGivens : k.slot));
    }
    return items.join("");
  }
  // drawnMarks names the marks on the board at this step: the overs
  // ("o-try", …) and the unmarked bases ("given", "placed").
  function drawnMarks() {
    var m = {};
    for (var i = 0; i < S.cells.length; i++) {
      var v = S.cells[i], over = v & 7;
      m[over ? OVERS[over] : BASES[(v >> 3) & 7]] = true;
    }
    return m;
  }
  var hasGivens = false, keyShown = "";
  function drawKey() {
    var h = keyHTML(L, S.k > 0 ? D.k[S.k - 1] : -1, drawnMarks());
    if (h !== keyShown) { keyShown = h; el.key.innerHTML = h; }
  }

  // ---- the tree ------------------------------------------------------
  // The pane shows the search tree around the current step, worked out
  // here from the steps (see index): the path from the root to the
  // current call, one level a row, each level's calls and pruned tries
  // in search order as they ended (a dead end with its calls, a pruned
  // try with its rule, a call with solutions below), untried candidates
  // not drawn. What does not fit is folded into boxes that count it, in
  // the diagrams' words: earlier siblings into "… 3 dead ends: 104
  // calls" / "✗ 12 pruned", the top of a deep path into "⋮ N calls". The
  // path's boxes stand in one column at the right of the rows (a level's
  // call on the path is always the last it tried), so a box keeps its
  // place while its level and the ones above it do not change. The text
  // is as big as the deepest and widest tree of the run allows, never
  // under 15 px on a big screen (13 on a small one); + and − change it,
  // fit goes back to it. Dragging moves the picture; with follow on,
  // the next step puts it back.
  var SVGNS = "http://www.w3.org/2000/svg";
  function svgEl(name, attrs, parent) {
    var e = document.createElementNS(SVGNS, name);
    for (var a in attrs) { e.setAttribute(a, attrs[a]); }
    if (parent) { parent.appendChild(e); }
    return e;
  }
  // The tree's words, as the diagrams write them (render/dot.go:
  // elidedLines, failGroup, foldLines), en and zh. A solution's box says
  // so in words on its green: no ✓, which fonts without it draw as √.
  var TW = {
    en: {
      calls: function (n) { return n + (n === 1 ? " call" : " calls"); },
      sols: function (n) { return n + (n === 1 ? " solution" : " solutions"); },
      dead: function (c) { return "dead end: " + c; },
      deads: function (n, c) { return n + " dead ends: " + c; },
      earlier: function (c, s) { return "earlier: " + c + ", " + s; },
      pruned: function (n) { return "✗ " + n + " pruned"; },
      placedUndone: function (n) { return "✗ " + n + " placed, undone"; },
      leafFailed: function (n) { return "✗ " + n + (n === 1 ? " failed whole-board check" : " failed whole-board checks"); },
      chain: function (n) { return "⋮ " + n + " calls, each with one child"; },
      chainDrawn: function (n) { return "⋮ " + n + " calls, one child of each drawn"; },
      solution: "solution", sep: ", "
    },
    zh: {
      calls: function (n) { return n + " 次调用"; },
      sols: function (n) { return n + " 个解"; },
      dead: function (c) { return "回溯：" + c; },
      deads: function (n, c) { return "回溯 " + n + " 次：" + c; },
      earlier: function (c, s) { return "之前：" + c + "，" + s; },
      pruned: function (n) { return "✗ 剪枝 " + n + " 个"; },
      placedUndone: function (n) { return "✗ 先放后查、撤销 " + n + " 个"; },
      leafFailed: function (n) { return "✗ " + n + " 个满棋盘校验失败"; },
      chain: function (n) { return "⋮ " + n + " 次调用，每次只有一个子调用"; },
      chainDrawn: function (n) { return "⋮ " + n + " 次调用，每次只画一个子调用"; },
      solution: "解", sep: "，"
    }
  };
  function tw() { return L ? TW.zh : TW.en; }
  // failMode is how the run's rejects fail, as the diagrams tell them
  // apart: "" pruned (checked before placing), "after" placed, checked
  // and undone (--when after), "leaf" a failed check of the full board.
  function failMode() { var m = /when=(after|leaf)/.exec(D.strategy); return m ? m[1] : ""; }
  function failGroup(n) { var w = tw(), m = failMode(); return m === "after" ? w.placedUndone(n) : m === "leaf" ? w.leafFailed(n) : w.pruned(n); }

  // The tree of the page's steps, made by index: one entry a call or a
  // pruned try, in step order. eStep its step; eUp the call entry it
  // hangs under (-1: the root); eNext its next sibling (-1: none); eLab
  // its move (an index in D.paths, -1: the root); eNo its call number
  // (-1: a pruned try). By call number: cFirst its first child entry,
  // cEnd its return step (0: none in the page), cCalls, cPruned and cSols
  // what its subtree holds, cSol the step it is a solution at (0: none).
  // topE[k] is the entry of the call on top at step k.
  var T = null;
  function treeIndex(nCalls, nRejects) {
    var n = nCalls + nRejects, c = Math.max(1, nCalls);
    T = { n: 0, eStep: new Int32Array(n), eUp: new Int32Array(n), eNext: new Int32Array(n).fill(-1), eLab: new Int32Array(n),
      eNo: new Int32Array(n), cFirst: new Int32Array(c).fill(-1), cLast: new Int32Array(c).fill(-1), cEnd: new Int32Array(c),
      cCalls: new Int32Array(c), cPruned: new Int32Array(c), cSols: new Int32Array(c), cSol: new Int32Array(c),
      cE: new Int32Array(c).fill(-1), at: new Int32Array(3 * c), topE: new Int32Array(N + 1).fill(-1), stack: [], calls: 0, pruned: 0, sols: 0 };
  }
  // treeStep adds step k (its state just applied) to the tree.
  function treeStep(k) {
    var kind = D.k[k - 1], st = T.stack, top = st.length ? st[st.length - 1] : -1, e, no;
    var add = function (lab, callNo) {
      e = T.n++;
      T.eStep[e] = k; T.eUp[e] = top; T.eLab[e] = lab; T.eNo[e] = callNo;
      if (top >= 0) {
        var up = T.eNo[top];
        if (T.cLast[up] < 0) { T.cFirst[up] = e; } else { T.eNext[T.cLast[up]] = e; }
        T.cLast[up] = e;
      }
      return e;
    };
    var fs = S.stack;
    if (kind === KIND.call) {
      no = T.calls++;
      add(fs.length >= 2 ? frPath[fs[fs.length - 2]] : -1, no);
      T.cE[no] = e;
      T.at[3 * no] = no; T.at[3 * no + 1] = T.pruned; T.at[3 * no + 2] = T.sols;
      st.push(e);
      top = e;
    } else if (kind === KIND.reject && top >= 0) {
      add(fs.length ? frPath[fs[fs.length - 1]] : -1, -1);
      T.pruned++;
    } else if (kind === KIND.solution && top >= 0) {
      no = T.eNo[top];
      if (!T.cSol[no]) { T.cSol[no] = k; }
      T.sols++;
    }
    T.topE[k] = top;
    if (kind === KIND["return"] && top >= 0) {
      st.pop();
      no = T.eNo[top];
      T.cEnd[no] = k;
      T.cCalls[no] = T.calls - T.at[3 * no];
      T.cPruned[no] = T.pruned - T.at[3 * no + 1];
      T.cSols[no] = T.sols - T.at[3 * no + 2];
    }
  }
  // The call data of call entry e (0 for a pruned try).
  function cOf(arr, e) { var no = T.eNo[e]; return no >= 0 ? arr[no] : 0; }
  // entryAt is the pruned try of step k, or -1.
  function entryAt(k) {
    var lo = 0, hi = T.n;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (T.eStep[mid] < k) { lo = mid + 1; } else { hi = mid; } }
    return lo < T.n && T.eStep[lo] === k ? lo : -1;
  }
  function labOf(e) {
    var i = T.eLab[e];
    if (i < 0) { return D.title[L]; }
    var p = D.paths[i];
    return typeof p === "string" ? p : p[L];
  }

  // localTree is the tree around step k, unfolded: rows of entries, row
  // 0 the root, row d the entries under the path's call d-1 tried by step
  // k (the path's call d last), then those under the current call. ups[r]
  // is the entry row r hangs under. Then the trail: the calls the search
  // last came back from, each the last call tried under the one before,
  // with what each tried, as far as trailMax rows (drawn while there is
  // room: a return from deep down leaves the rows it came from in place).
  function localTree(k, trailMax) {
    if (k < 1 || !T || T.topE[k] < 0) { return null; }
    var top = T.topE[k], path = [];
    for (var e = top; e >= 0; e = T.eUp[e]) { path.push(e); }
    path.reverse();
    var cur = D.k[k - 1] === KIND.reject ? entryAt(k) : top;
    var rows = [[path[0]]], ups = [-1];
    var kids = function (p) {
      var row = [];
      for (var c = cOf(T.cFirst, p); c >= 0 && T.eStep[c] <= k; c = T.eNext[c]) { row.push(c); }
      return row;
    };
    for (var d = 0; d < path.length; d++) {
      var row = kids(path[d]);
      if (row.length || d < path.length - 1) { rows.push(row); ups.push(path[d]); }
    }
    var n = rows.length;
    for (var t = 0; t < (trailMax || 0); t++) {
      var last = rows[rows.length - 1], up = -1;
      for (var i = last.length - 1; i >= 0; i--) {
        var end = cOf(T.cEnd, last[i]);
        if (T.eNo[last[i]] >= 0 && last[i] !== top && end && end <= k) { up = last[i]; break; }
      }
      if (up < 0) { break; }
      var r = kids(up);
      if (!r.length) { break; }
      rows.push(r); ups.push(up);
    }
    return { k: k, path: path, rows: rows, ups: ups, n: n, cur: cur < 0 ? top : cur };
  }

  // The measures of the text, by the page's font: widths at 100 px.
  var measureCtx = null, widthMemo = new Map();
  function textW(s, f) {
    var w = widthMemo.get(s);
    if (w === undefined) {
      if (!measureCtx) {
        measureCtx = document.createElement("canvas").getContext("2d");
        measureCtx.font = "100px " + getComputedStyle(document.body).fontFamily;
      }
      w = measureCtx.measureText(s).width;
      if (widthMemo.size > 20000) { widthMemo.clear(); }
      widthMemo.set(s, w);
    }
    return w * f / 100;
  }
  // The sizes of the picture at text size f, in px.
  function metrics(f) {
    var lh = Math.round(f * 1.25);
    return { f: f, lh: lh, padX: Math.round(f * 0.55), rowH: 2 * lh + Math.round(f * 0.5), gapY: Math.round(f * 1.1),
      gapX: Math.round(f * 0.6), m: Math.round(f * 0.5) };
  }
  // endedLines is the label of an entry as it stands at step k.
  function entryBox(e, k, cur) {
    var w = tw(), lab = labOf(e), b = { key: "e" + e, step: T.eStep[e], lines: [lab], cls: "call", edge: "edge" };
    if (T.eNo[e] < 0) {
      var rule = D.rule[T.eStep[e] - 1];
      b.lines = ["✗ " + lab + (rule >= 0 ? " " + D.words[L].rulemarks[rule] : "")];
      if (failMode() === "leaf") {
        // The full board's check failed (tracer.LeafFailWords): no move.
        b.lines = ["✗ " + (L ? "整盘校验失败" : "whole-board check failed"), rule >= 0 ? D.rules[L][rule] : ""];
      }
      b.cls = { after: "placed", leaf: "leaf" }[failMode()] || "pruned"; b.edge = "pruned";
      if (rule >= 0 && D.looks.indexOf(rule) >= 0) {
        // A rule with a look of its own (树层去重's blue, its mark 层), as
        // the diagrams draw it: never a clash's red.
        b.cls += " rule" + rule; b.edge += " rule" + rule;
      }
    } else if (cOf(T.cEnd, e) && cOf(T.cEnd, e) <= k) {
      if (cOf(T.cSol, e)) {
        b.lines = [lab, w.solution]; b.cls = "solution"; b.edge = "path";
      } else if (cOf(T.cSols, e) > 0) {
        b.lines = [lab, w.calls(cOf(T.cCalls, e)) + w.sep + w.sols(cOf(T.cSols, e))]; b.cls = "path"; b.edge = "path";
      } else {
        b.lines = [lab, w.dead(w.calls(cOf(T.cCalls, e)))]; b.cls = "dead";
      }
    } else if (cOf(T.cSol, e) && cOf(T.cSol, e) <= k) {
      b.lines = [lab, w.solution]; b.cls = "solution"; b.edge = "path";
    } else {
      b.cls = "running"; b.edge = "path";
    }
    b.no = T.eNo[e];
    b.cur = e === cur;
    return b;
  }
  // groupBox folds entries es (ended calls and pruned tries) into one box.
  function groupBox(es, k) {
    var w = tw(), calls = 0, deads = 0, subs = 0, sols = 0, pruned = 0;
    es.forEach(function (e) {
      if (T.eNo[e] < 0) { pruned++; return; }
      subs++; calls += cOf(T.cCalls, e); pruned += cOf(T.cPruned, e); sols += cOf(T.cSols, e);
      if (!cOf(T.cSols, e)) { deads++; }
    });
    var lines = [];
    if (subs > 0) {
      var c = w.calls(calls);
      lines.push("… " + (sols > 0 ? w.earlier(c, w.sols(sols)) : subs > 1 ? w.deads(subs, c) : w.dead(c)));
    }
    if (pruned > 0) { lines.push(failGroup(pruned)); }
    return { key: "g" + es[0], step: T.eStep[es[0]], lines: lines, cls: subs > 0 ? "elided" : failMode() === "leaf" ? "leafgroup" : "group", edge: subs > 0 ? "elided" : "group", group: true };
  }
  // foldBox folds the top of the path, rows[0..n-1], into one box.
  function foldBox(lt, n) {
    var w = tw(), calls = n, drawn = false, pruned = 0, subs = 0, subCalls = 0, sols = 0;
    for (var r = 1; r < n; r++) {
      lt.rows[r].forEach(function (e) {
        if (e === lt.path[r]) { return; }
        if (T.eNo[e] < 0) { pruned++; return; }
        drawn = true; subs++; subCalls += cOf(T.cCalls, e); pruned += cOf(T.cPruned, e); sols += cOf(T.cSols, e);
      });
    }
    var last = lt.path[n - 1];
    var lines = [drawn ? w.chainDrawn(calls) : w.chain(calls), labOf(lt.path[0]) + " … " + labOf(last)];
    var more = [];
    if (subs > 0) { more.push(sols > 0 ? w.earlier(w.calls(subCalls), w.sols(sols)) : subs > 1 ? w.deads(subs, w.calls(subCalls)) : w.dead(w.calls(subCalls))); }
    if (pruned > 0) { more.push(failGroup(pruned)); }
    var short = lines[1];
    if (more.length) { lines[1] += "  " + more.join(w.sep); }
    return { key: "f", step: T.eStep[last], lines: lines, short: short, cls: "fold", edge: "path", fold: true };
  }
  function boxW(b, mt) {
    var w = 0;
    b.lines.forEach(function (l) { w = Math.max(w, textW(l, mt.f)); });
    return Math.ceil(Math.max(w + 2 * mt.padX, 2.5 * mt.f));
  }
  // placeTree lays the tree around step k out in a pane of w×h px at
  // text size f: the rows that fit (the top of the path folded), each
  // row's boxes from its right end (the path's column, at x px) leftward,
  // what does not fit folded into a group at its left end.
  function placeTree(lt, W, H, f, pathX) {
    var mt = metrics(f), pitch = mt.rowH + mt.gapY;
    var R = Math.max(2, Math.floor((H - 2 * mt.m + mt.gapY) / pitch));
    // A path deeper than the pane folds its top in steps of half the
    // rows, so that going one call deeper moves the rows up only now and
    // then (the room left under the path shows the trail).
    var n = lt.n, q = Math.max(1, Math.floor((R - 1) / 2)), from = 0;
    if (n > R) { from = Math.min(n - 1, Math.ceil((n - R + 1) / q) * q); }
    var end = Math.min(lt.rows.length, from > 0 ? from - 1 + R : R);
    var out = { boxes: [], edges: [], mt: mt, rows: 0, width: 0 };
    var y = mt.m, left = mt.m, above = new Map(), foldB = null;
    var put = function (b, x) {
      b.w = b.w || boxW(b, mt); b.h = b.lines.length * mt.lh + Math.round(mt.f * 0.5);
      b.x = x; b.y = y + (mt.rowH - b.h) / 2;
      out.boxes.push(b);
      return b;
    };
    if (from > 0) {
      foldB = foldBox(lt, from);
      foldB.w = boxW(foldB, mt);
      // In a narrow pane the fold names the path's ends without its
      // counts, and is never wider than the pane (its text is squeezed).
      var room = W - 2 * mt.m;
      if (foldB.w > room) { foldB.lines[1] = foldB.short; foldB.w = boxW(foldB, mt); }
      foldB.w = Math.min(foldB.w, room);
      put(foldB, Math.max(left, Math.min(pathX, W - mt.m) - foldB.w));
    } else {
      var rb = entryBox(lt.rows[0][0], lt.k, lt.cur);
      rb.w = boxW(rb, mt);
      put(rb, Math.max(left, pathX - rb.w));
      above.set(lt.rows[0][0], rb);
      from = 1;
    }
    y += pitch;
    out.rows = 1;
    for (var r = from; r < end; r++) {
      var es = lt.rows[r], bs = es.map(function (e) { return entryBox(e, lt.k, lt.cur); });
      if (r >= lt.n) { bs.forEach(function (b) { b.cur = false; }); }
      bs.forEach(function (b) { b.w = boxW(b, mt); });
      var i = bs.length - 1, placed = [bs[i]];
      var xr = pathX - bs[i].w - mt.gapX;
      // The last box (the path's, or the newest) always; then leftward
      // while the rest still has room for a group at the left end.
      for (i = i - 1; i >= 0; i--) {
        var need = bs[i].w;
        if (i > 0) { need += mt.gapX + boxW(groupBox(es.slice(0, i), lt.k), mt); }
        if (xr - need < left && !bs[i].cur) { break; }
        placed.push(bs[i]);
        xr -= bs[i].w + mt.gapX;
      }
      var grp = null;
      if (i >= 0) { grp = groupBox(es.slice(0, i + 1), lt.k); grp.w = boxW(grp, mt); placed.push(grp); }
      var up = foldB && r === from ? foldB : above.get(lt.ups[r]);
      var now = new Map(), x = pathX;
      placed.forEach(function (b, j) {
        if (j > 0) { x -= mt.gapX; }
        x -= b.w;
        put(b, x);
        if (up) { out.edges.push({ from: up, to: b, cls: b.edge }); }
      });
      es.forEach(function (e, j) { now.set(e, j <= i ? grp : bs[j]); });
      above = now;
      out.width = Math.max(out.width, pathX - x);
      y += pitch;
      out.rows++;
    }
    out.height = y - mt.gapY + mt.m;
    return out;
  }

  // The pane's text size and the path's column: chosen for the run from
  // the local trees of up to 400 steps spread over it, so that the
  // deepest and the widest fill the pane; kept while the pane's size,
  // the language and the zoom stay.
  var tv = { f: 16, z: 1, pathX: 0, key: "", dx: 0, dy: 0 };
  // The smallest text: 15 px on a big screen, 14 on a projector of
  // 1280×720 and on the lockstep page, 13 on a phone.
  function minFont() {
    var lock = document.documentElement.classList.contains("lockstep"); // a side of the lockstep page, scaled by ≥ 0.87
    return window.innerWidth >= 1600 && window.innerHeight >= 900 ? 15 : window.innerWidth > 900 || lock ? 14 : 13;
  }
  function chooseSize(W, H) {
    // A note of one more line takes a little of the pane's height: the
    // size is chosen again only when the pane changes more than that.
    var key = [W, Math.round(H / 48), L, tv.z].join(",");
    if (tv.key === key) { return; }
    tv.key = key;
    var lo = minFont(), hi = 26, rows = 1, width1 = 1, step = Math.max(1, Math.floor(N / 400));
    for (var k = 1; k <= N; k += step) {
      var lt = localTree(k);
      if (!lt) { continue; }
      rows = Math.max(rows, lt.rows.length);
      // The row's width at text size 1, all its boxes drawn.
      lt.rows.forEach(function (es) {
        var w = 0;
        es.forEach(function (e) { w += boxW(entryBox(e, k, lt.cur), metrics(100)) / 100 + 0.6; });
        width1 = Math.max(width1, w);
      });
    }
    var byH = (H - 8) / (rows * 4.3), byW = (W - 10) / width1;
    var f = Math.max(lo, Math.min(hi, Math.floor(Math.min(byH, byW))));
    tv.f = Math.max(9, Math.round(f * tv.z));
    // The path's column: the widest row centred, when it fits.
    var widest = Math.min(W - 2 * Math.round(tv.f * 0.5), width1 * tv.f);
    tv.pathX = Math.round(Math.min(W - Math.round(tv.f * 0.5), (W + widest) / 2));
  }
  var treeShown = null, treeEls = new Map(), edgeEls = new Map(), edgeLayer = null, boxLayer = null, lastDrawn = {};
  function buildTree() {
    if (!D.tree) {
      el.tree.parentNode.removeChild(el.tree);
      $("treebar").hidden = true;
      return;
    }
    var svg = el.svg;
    while (svg.firstChild) { svg.removeChild(svg.firstChild); }
    edgeLayer = svgEl("g", { "class": "edges" }, svg);
    boxLayer = svgEl("g", { "class": "boxes" }, svg);
    treeEls = new Map();
    edgeEls = new Map();
  }
  // drawTree draws the tree around the current step; boxes are kept by
  // their key from step to step, and move (in 160 ms, unless the system
  // asks for less motion) when a step moves three or more of them to
  // another row.
  function drawTree() {
    if (!D.tree) { return; }
    var p = paneSize();
    chooseSize(p.w, p.h);
    setIfNew(tv, "viewBox", el.svg, "viewBox", "0 0 " + p.w + " " + p.h);
    var lt = localTree(S.k, 64);
    var pl = lt ? placeTree(lt, p.w, p.h, tv.f, tv.pathX) : { boxes: [], edges: [], mt: metrics(tv.f) };
    if (el.follow.checked) { tv.dx = 0; tv.dy = 0; }
    var moved = 0, kept = 0, seen = new Set();
    pl.boxes.forEach(function (b) {
      var x = treeEls.get(b.key);
      if (x && x.f === tv.f) {
        kept++;
        // A box that changed rows: the path's top folded, or a return
        // from deep down (a new try that pushes its row left is not).
        if (Math.abs(x.b.y - b.y) > pl.mt.rowH / 2) { moved++; }
      }
    });
    // Only a step moves boxes in an animation: not the page opening, a
    // new size of the pane or of the text, or the other language.
    var same = lastDrawn.k !== S.k && lastDrawn.w === p.w && lastDrawn.h === p.h && lastDrawn.f === tv.f && lastDrawn.l === L;
    lastDrawn = { k: S.k, w: p.w, h: p.h, f: tv.f, l: L };
    var anim = same && moved > 2 && !matchMedia("(prefers-reduced-motion: reduce)").matches;
    el.svg.classList.toggle("anim", anim);
    // The edges are drawn where the boxes end up: hidden while they move.
    if (anim) {
      edgeLayer.style.opacity = "0";
      clearTimeout(drawTree.timer);
      drawTree.timer = setTimeout(function () { edgeLayer.style.opacity = ""; }, 170);
    }
    pl.boxes.forEach(function (b) {
      seen.add(b.key);
      var x = treeEls.get(b.key);
      if (!x) {
        var g = svgEl("g", { "class": "box" }, boxLayer);
        x = { g: g, r: svgEl("rect", {}, g), texts: [], title: svgEl("title", {}, g), sig: "" };
        g.addEventListener("click", function () {
          if (!dragMoved && x.b && !(PQ.q && predictAnswer({ call: x.b.no }))) { stop(); goTo(x.b.step); draw(); }
        });
        treeEls.set(b.key, x);
      }
      var sig = [b.w, b.h, b.cls, tv.f, b.lines.join("\n")].join("|");
      if (x.sig !== sig) {
        x.sig = sig;
        x.r.setAttribute("width", b.w); x.r.setAttribute("height", b.h);
        x.r.setAttribute("rx", b.cls.indexOf("pruned") === 0 || b.group ? 0 : Math.min(10, b.h / 3));
        x.r.setAttribute("class", "b-" + b.cls);
        while (x.texts.length > b.lines.length) { x.g.removeChild(x.texts.pop()); }
        while (x.texts.length < b.lines.length) { x.texts.push(svgEl("text", { "text-anchor": "middle" }, x.g)); }
        var lh = pl.mt.lh, ty = (b.h - b.lines.length * lh) / 2 + 0.95 * tv.f;
        b.lines.forEach(function (line, i) {
          var tx = x.texts[i];
          tx.setAttribute("x", b.w / 2); tx.setAttribute("y", Math.round(ty + i * lh));
          tx.setAttribute("font-size", tv.f);
          tx.setAttribute("class", "t-" + b.cls);
          tx.textContent = line;
          tx.removeAttribute("textLength");
          if (textW(line, tv.f) > b.w - 4) { tx.setAttribute("textLength", b.w - 4); tx.setAttribute("lengthAdjust", "spacingAndGlyphs"); }
        });
        x.title.textContent = b.no >= 0 ? String(b.no) : b.key;
      }
      // Only what changed is set: a box that stays where it was costs
      // the browser nothing to lay out again.
      setIfNew(x, "tr", x.g, "transform", "translate(" + Math.round(b.x + tv.dx) + " " + Math.round(b.y + tv.dy) + ")");
      setIfNew(x, "gc", x.g, "class", b.cur ? "box cur" : "box");
      x.b = b; x.f = tv.f;
    });
    treeEls.forEach(function (x, key) {
      if (!seen.has(key)) { boxLayer.removeChild(x.g); treeEls["delete"](key); }
    });
    // The edges: from the bottom of the box above to the top of each box
    // of the row under it, kept by their boxes' keys like the boxes, in
    // the order the layout gives them (the later on top).
    var at = edgeLayer.firstChild, seenE = new Set();
    pl.edges.forEach(function (e) {
      var x1 = e.from.x + e.from.w / 2 + tv.dx, y1 = e.from.y + e.from.h + tv.dy;
      var x2 = e.to.x + e.to.w / 2 + tv.dx, y2 = e.to.y + tv.dy, my = (y1 + y2) / 2;
      var key = e.from.key + ">" + e.to.key;
      for (var n = 2; seenE.has(key); n++) { key = e.from.key + ">" + e.to.key + "#" + n; }
      seenE.add(key);
      var p = edgeEls.get(key);
      if (!p) {
        p = { el: svgEl("path", {}) };
        edgeEls.set(key, p);
      }
      if (p.el !== at) {
        edgeLayer.insertBefore(p.el, at);
      } else {
        at = at.nextSibling;
      }
      setIfNew(p, "d", p.el, "d", "M" + Math.round(x1) + "," + Math.round(y1) + "C" + Math.round(x1) + "," + Math.round(my) + " " +
        Math.round(x2) + "," + Math.round(my) + " " + Math.round(x2) + "," + Math.round(y2));
      setIfNew(p, "c", p.el, "class", "e-" + e.cls);
    });
    edgeEls.forEach(function (p, key) {
      if (!seenE.has(key)) { edgeLayer.removeChild(p.el); edgeEls["delete"](key); }
    });
    treeShown = pl;
  }
  // setIfNew sets attribute name of node to v unless memo[k], what it was
  // last set to, is v already.
  function setIfNew(memo, k, node, name, v) {
    if (memo[k] !== v) { memo[k] = v; node.setAttribute(name, v); }
  }
  // paneSize is the size of the tree pane's inside in px: the picture's
  // units are the screen's px.
  function paneSize() {
    return { w: Math.max(el.tree.clientWidth, 100), h: Math.max(el.tree.clientHeight, 60) };
  }
  function fitTree() { tv.z = 1; tv.dx = 0; tv.dy = 0; tv.key = ""; drawTree(); }
  function zoom(f) { tv.z = Math.max(0.5, Math.min(3, tv.z * f)); tv.key = ""; drawTree(); }
  var dragMoved = false;
  function bindTreeView() {
    var start = null;
    el.tree.addEventListener("wheel", function (ev) {
      ev.preventDefault();
      zoom(ev.deltaY < 0 ? 1.1 : 1 / 1.1);
    }, { passive: false });
    el.tree.addEventListener("pointerdown", function (ev) {
      start = { x: ev.clientX, y: ev.clientY, dx: tv.dx, dy: tv.dy };
      dragMoved = false;
    });
    window.addEventListener("pointermove", function (ev) {
      if (!start) { return; }
      var dx = ev.clientX - start.x, dy = ev.clientY - start.y;
      if (Math.abs(dx) + Math.abs(dy) > 4) {
        dragMoved = true;
        el.tree.classList.add("drag");
      }
      if (!dragMoved) { return; }
      tv.dx = start.dx + dx; tv.dy = start.dy + dy;
      el.follow.checked = false;
      drawTree();
    });
    window.addEventListener("pointerup", function () {
      start = null;
      el.tree.classList.remove("drag");
      setTimeout(function () { dragMoved = false; }, 0);
    });
    el.zoomin.onclick = function () { zoom(1.25); };
    el.zoomout.onclick = function () { zoom(1 / 1.25); };
    el.zoomfit.onclick = function () { el.follow.checked = true; fitTree(); };
    el.follow.onchange = function () { drawTree(); };
  }
  // treeBoxes, for tests: the boxes drawn, where they are on the screen.
  function treeBoxes() {
    var out = [];
    treeEls.forEach(function (x, key) {
      var r = x.r.getBoundingClientRect(), t = x.texts[0], fs = 0;
      if (t) { fs = parseFloat(getComputedStyle(t).fontSize) * (el.svg.getScreenCTM() ? el.svg.getScreenCTM().a : 1); }
      out.push({ key: key, cls: x.b.cls, cur: !!x.b.cur, group: !!(x.b.group || x.b.fold), lines: x.b.lines,
        x: r.left, y: r.top, w: r.width, h: r.height, font: fs });
    });
    return out;
  }

  // ---- the stack, code, note, counters -------------------------------
  function esc(s) {
    return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }
  // The stack's rows are kept: a step changes the top row or two, and
  // only those are drawn again.
  var stackRows = [], stackShown = [], stackLang = -1;
  // CHECK is ✓ drawn (its text, for copying and for screen readers, in
  // its title).
  var CHECK = '<svg class="ck" viewBox="0 0 10 10" role="img"><title>✓</title><path d="M1.2 5.6 4 8.4 8.8 1.8"/></svg>';
  function frameRow(i, top) {
    var w = D.words[L], f = frame(i);
    var choices = "";
    if (f.c !== undefined) {
      choices = esc(w.choices) + (L ? "：" : ": ") + (f.c ? esc(f.c) : esc(w.none));
    }
    // Failures in a row by one rule folded into one mark, as the stepper
    // writes them (triedSpans): "✗1–5 同行 ✗6 同列".
    var ts = triedOf(i), out = [];
    for (var j = 0; j < ts.length; j++) {
      var t = ts[j];
      if (t[1] === 0) {
        var vals = [t[0]];
        while (j + 1 < ts.length && ts[j + 1][1] === 0 && ts[j + 1][2] === t[2]) { vals.push(ts[++j][0]); }
        out.push('<span class="fail">✗' + esc(foldValues(vals)) + " " + esc(w.rulemarks[t[2]]) + "</span>");
      } else if (t[1] === 1) {
        out.push('<span class="on">' + CHECK + esc(t[0]) + "</span>");
      } else {
        out.push('<span class="back">↩' + esc(t[0]) + "</span>");
      }
    }
    var tried = out.join(" ");
    var path = typeof f.p === "string" ? f.p : f.p[L];
    var state = f.r !== undefined ? w.returns[f.r] : (w.states[f.s] || "");
    return "<span>d" + f.d + "</span><span>#" + f.n + "</span><span>" + esc(path) + "</span><span>" + esc(state) +
      '</span><span class="chs">' + choices + "</span><span>" + tried + "</span>";
  }
  // foldValues writes values tried in a row as the stepper's foldValues
  // does: three or more consecutive numbers as "1–5", the rest joined by
  // commas ("0,2").
  function foldValues(vals) {
    var out = [];
    for (var i = 0; i < vals.length;) {
      var j = i + 1;
      while (j < vals.length && /^[0-9]+$/.test(vals[j]) && +vals[j] === +vals[j - 1] + 1) { j++; }
      out.push(j - i >= 3 ? vals[i] + "–" + vals[j - 1] : vals.slice(i, j).join(","));
      i = j;
    }
    return out.join(",");
  }
  function drawStack() {
    if (stackLang !== L) { stackShown = []; stackLang = L; }
    var n = S.stack.length;
    while (stackRows.length < n) {
      var d = document.createElement("div");
      d.className = "row";
      el.stack.appendChild(d);
      stackRows.push(d);
    }
    while (stackRows.length > n) { el.stack.removeChild(stackRows.pop()); stackShown.pop(); }
    for (var i = 0; i < n; i++) {
      var key = S.stack[i] * 2 + (i === n - 1 ? 1 : 0);
      if (stackShown[i] === key) { continue; }
      stackShown[i] = key;
      stackRows[i].className = i === n - 1 ? "row top" : "row";
      stackRows[i].innerHTML = frameRow(S.stack[i], i === n - 1);
    }
  }
  var codeEls = [];
  function drawCode() {
    var lines = D.code[L];
    if (codeEls.length !== lines.length || codeEls.lang !== L) {
      el.code.textContent = "";
      codeEls = [];
      lines.forEach(function (l, i) {
        var d = document.createElement("div");
        d.innerHTML = '<span class="ln">' + (i + 1) + "</span>" + esc(l);
        el.code.appendChild(d);
        codeEls.push(d);
      });
      codeEls.lang = L;
      codeEls.cur = -1;
    }
    var cur = S.k > 0 ? D.line[S.k - 1] : -1;
    if (codeEls.cur !== cur) {
      if (codeEls.cur >= 0) { codeEls[codeEls.cur].className = ""; }
      if (cur >= 0) { codeEls[cur].className = "cur"; }
      codeEls.cur = cur;
    }
  }
  function drawText() {
    var u = ui(), k = S.k;
    txt(el.stepno, String(k));
    txt(el.stepmax, String(N));
    txt(el.stepword, u.step);
    var kind = k > 0 ? D.k[k - 1] : -1;
    txt(el.kind, kind >= 0 ? D.kinds[L][kind] : "");
    var kc = kind >= 0 ? "k-" + KINDNAMES[kind] : "";
    if (el.kind.className !== kc) { el.kind.className = kc; }
    var note = k > 0 ? noteOf(L, k) : u.start;
    if (note === null) {
      note = "…"; // its block is being unpacked: drawn again when it is there
    } else if (k === N && N > 0) {
      note += " " + u.end;
    }
    txt(el.note, note);
    var c = S.counts, w = D.words[L], parts = [];
    for (var i = 0; i < 4; i++) { parts.push(w.counters[i] + " " + c[i]); }
    // The rules of the run that have pruned so far, in the order its
    // checks test them, with × before the count, as the stepper's
    // counters name them (counterItems): a rule not met yet is left out
    // (no "×0").
    var rules = [];
    for (var j = 0; j < D.ruleorder.length; j++) { var r = D.ruleorder[j]; if (c[5 + r] > 0) { rules.push(D.rules[L][r] + " ×" + c[5 + r]); } }
    parts.push(w.counters[4] + " " + c[4] + (rules.length ? (L ? "（" + rules.join("，") + "）" : " (" + rules.join(", ") + ")") : ""));
    txt(el.counters, parts.join(" · "));
  }
  function relabel() {
    var u = ui();
    document.documentElement.lang = L ? "zh" : "en";
    document.title = D.title[L];
    txt(el.title, D.title[L]);
    txt($("strategy"), (L ? "策略 " : "strategy ") + D.strategy);
    txt(el.lang, L ? "English" : "中文");
    el.theme.title = u.theme;
    el.theme.setAttribute("aria-label", u.theme);
    themeLabel();
    txt(el.followword, u.follow);
    txt(el.zoomfit, u.fit);
    txt(el.gotoword, u.gotoWord);
    txt(el.treetitle, u.tree);
    // The stepper's name of the choices column: the legal ones not tried
    // yet, or every one not tried yet where the search does not check
    // as it goes (--when leaf) or cannot tell.
    txt(el.stackhead, u.stack.replace("{choices}", D.words[L].choicelist));
    txt(el.prevkind, u.prev);
    txt(el.nextkind, u.next);
    txt(el.speedword, u.speeds[+el.speed.value]);
    txt(el.play, playTimer ? u.pause : u.play);
    if (D.cut[0]) { el.cut.hidden = false; txt(el.cut, D.cut[L]); }
    var sel = el.kindsel.value || String(KIND.reject);
    el.kindsel.innerHTML = "";
    [KIND.reject, KIND.undo, KIND.solution, KIND["return"]].forEach(function (k) {
      var o = document.createElement("option");
      o.value = String(k);
      o.textContent = D.kinds[L][k];
      el.kindsel.appendChild(o);
    });
    el.kindsel.value = sel;
    if (PQ.q) { PQ.q = questionAt(PQ.q.k); }
    predictDraw();
    timelineLegend();
    var rows = u.help.concat([qw().help]).map(function (h) { return "<tr><td><kbd>" + h[0].split("  ").map(esc).join("</kbd> <kbd>") + "</kbd></td><td>" + esc(h[1]) + "</td></tr>"; });
    el.helpbox.innerHTML = "<h2>" + esc(u.helpTitle) + "</h2><table>" + rows.join("") + "</table><p>" + esc(u.helpLink) + "</p>";
    codeEls.lang = -1;
    drawKey();
    drawStack();
    drawCode();
    drawText();
    drawTree(); // last: the note's height sets the pane's
    keepInView();
  }

  function draw() {
    drawBoard();
    drawKey();
    drawStack();
    drawCode();
    drawText();
    predictMaybe();
    predictDraw();
    drawTree(); // last: the note's height sets the pane's
    keepInView();
    timelineDraw();
    writeHash();
  }

  // ---- the layout ----------------------------------------------------
  // layout shares the left column's height by what each part needs: the
  // key its tallest (in either language, at any step), the code all its
  // lines, the board the rest (at most 96 px a cell, and no wider than
  // the column). When that leaves the board less than 28 px a cell, the
  // board keeps 28 (or what leaves the code five lines) and the code
  // scrolls to its marked line. Where the column is wide enough, the key
  // goes beside the board when that makes the board bigger. The stack's
  // pane gets the rows of the run's deepest stack (CSS caps it). On a
  // narrow screen (one column, the page scrolls) the board fits the
  // width.
  function layout() {
    var rows = D.board.rows, cols = D.board.cols, gap = 8;
    var narrow = window.matchMedia("(max-width: 900px)").matches && !document.documentElement.classList.contains("lockstep");
    el.left.classList.remove("keyside");
    var colW = el.left.clientWidth, colH = el.left.clientHeight;
    if (narrow && !colW) {
      // A phone: the column's parts are the page's rows (display:
      // contents), as wide as the page less its margins.
      colW = document.documentElement.clientWidth - 16;
    }
    // The board's width at size px a cell: cells, the lines between them,
    // its border.
    var boardW = function (size) { return size * cols + (cols - 1) + 6; };
    var widest = Math.floor((colW - (cols - 1) - 6) / cols);
    var keyH = keyHeight();
    var size;
    if (narrow) {
      size = Math.min(96, widest);
    } else {
      var lineH = codeEls.length ? codeEls[0].offsetHeight : 22;
      var chrome = el.code.offsetHeight - el.code.clientHeight + 12; // borders and padding
      var fit = function (room) {
        var s = Math.floor((room - D.code[0].length * lineH - chrome - (rows - 1) - 6) / rows);
        if (s < 28) {
          s = Math.min(28, Math.floor((room - 5 * lineH - chrome - (rows - 1) - 6) / rows));
        }
        return s;
      };
      size = Math.min(fit(colH - keyH - 2 * gap), 96, widest);
      // The key beside the board, in a column of at least 200 px.
      var side = Math.min(fit(colH - gap), 96, Math.floor((colW - gap - 200 - (cols - 1) - 6) / cols));
      if (side > size) {
        el.left.classList.add("keyside");
        sizeBoard(side);
        if (keyHeight() <= boardW(side)) {
          size = side;
        } else {
          el.left.classList.remove("keyside");
          keyHeight();
        }
      }
    }
    sizeBoard(Math.max(12, size));
    if (D.tree) {
      // A row is about 1.6 em of 16 px: the pane's basis (CSS caps it).
      el.stack.style.flexBasis = Math.round((Math.max(deepest, 0) + 1) * 26 + 4) + "px";
    } else {
      // No tree: the stack has the column.
      el.stack.style.flex = "1 1 auto";
      el.stack.style.maxHeight = "none";
    }
  }
  // keyHeight sets the key's least height to its tallest, in either
  // language at any step, where it stands now, so that it never moves
  // what is under it; it returns that height.
  function keyHeight() {
    el.key.style.minHeight = "";
    var h = 0, had = el.key.innerHTML;
    [0, 1].forEach(function (l) {
      [-1, KIND.call, KIND["return"]].forEach(function (kind) {
        el.key.innerHTML = keyHTML(l, kind);
        h = Math.max(h, el.key.offsetHeight);
      });
    });
    el.key.innerHTML = had;
    el.key.style.minHeight = h + "px";
    return h;
  }
  // keepInView scrolls the stack to its current (bottom) row and the code
  // to its marked line, with a line around it, after a step has been
  // drawn: the one place that asks the page where things are.
  function keepInView() {
    if (stackRows.length) { el.stack.scrollTop = el.stack.scrollHeight; }
    var cur = codeEls.cur;
    if (cur === undefined || cur < 0) { return; }
    var line = codeEls[cur], top = line.offsetTop, h = line.offsetHeight;
    var pane = el.code.clientHeight, at = el.code.scrollTop;
    if (top - h < at || top + 2 * h > at + pane) {
      el.code.scrollTop = Math.max(0, Math.round(top - (pane - h) / 2));
    }
  }

  // ---- the theme -----------------------------------------------------
  // The page starts in the system's colours (prefers-color-scheme, set
  // before the first paint in the page's head) and follows them until c
  // switches.
  var themeChosen = false;
  function theme() { return document.documentElement.dataset.theme === "dark" ? "dark" : "light"; }
  function setTheme(t) { document.documentElement.dataset.theme = t; themeLabel(); }
  // themeLabel names the theme the button switches to, in words
  // (D.words: "dark" / "深色" on the light theme, "light" / "浅色" on the
  // dark one) after the half-moon.
  function themeLabel() {
    if (D && el.theme) { txt(el.theme, "◐ " + D.words[L].theme[theme() === "dark" ? 1 : 0]); }
  }
  function toggleTheme() { themeChosen = true; setTheme(theme() === "dark" ? "light" : "dark"); timelineDraw(); }
  try {
    matchMedia("(prefers-color-scheme: dark)").addEventListener("change", function (ev) {
      if (!themeChosen) { setTheme(ev.matches ? "dark" : "light"); }
    });
  } catch (e) { /* an old browser: no following */ }

  // ---- moving --------------------------------------------------------
  function say(s) { txt(el.msg, s); }
  function step(d) {
    if (d > 0 && predictHolds()) { return; }
    say(""); goTo(S.k + d); draw();
  }
  function runTo(kind, dir) {
    say("");
    for (var j = S.k + dir; j >= 1 && j <= N; j += dir) {
      if (D.k[j - 1] === kind) { goTo(j); draw(); return true; }
    }
    say((dir > 0 ? ui().noLater : ui().noEarlier) + D.kinds[L][kind]);
    return false;
  }
  function stop() {
    if (playTimer) { clearTimeout(playTimer); playTimer = null; txt(el.play, ui().play); }
  }
  function play() {
    if (playTimer) { stop(); return; }
    if (S.k >= N) { goTo(0); draw(); }
    var tick = function () {
      if (S.k >= N || (PQ.on && PQ.q)) { stop(); return; }
      step(1);
      playTimer = setTimeout(tick, DELAYS[+el.speed.value]);
    };
    playTimer = setTimeout(tick, DELAYS[+el.speed.value]);
    txt(el.play, ui().pause);
  }
  function setLang(l) { L = l; relabel(); writeHash(); }
  function toggleHelp(on) {
    el.help.hidden = on === undefined ? !el.help.hidden : !on;
  }
  function parseHash() {
    var out = {}, h = location.hash.replace(/^#/, "");
    h.split("&").forEach(function (kv) {
      var p = kv.split("=");
      if (p[0] === "step" && /^\d+$/.test(p[1] || "")) { out.step = Math.min(N, parseInt(p[1], 10)); }
      if (p[0] === "lang" && (p[1] === "zh" || p[1] === "en")) { out.lang = p[1] === "zh" ? 1 : 0; }
    });
    return out;
  }
  var lastHash = "";
  function writeHash() {
    var h = "#step=" + S.k + "&lang=" + (L ? "zh" : "en") + (EMBED ? "&embed" : "") + predictParams();
    if (h !== lastHash) {
      lastHash = h;
      try { history.replaceState(null, "", h); } catch (e) { /* a sandboxed frame */ }
    }
  }

  // bindTouch: on a touch screen a swipe left on the board or the note
  // steps on, a swipe right steps back, and a tap on the note steps on
  // (a tap on the board stays the board's: predict mode's answers). On a
  // phone the question, when one opens, is scrolled into view.
  function bindTouch() {
    var t0 = null;
    var begin = function (ev) {
      if (ev.touches.length !== 1) { t0 = null; return; }
      t0 = { x: ev.touches[0].clientX, y: ev.touches[0].clientY, on: ev.currentTarget };
    };
    var end = function (ev) {
      if (!t0 || !ev.changedTouches.length) { return; }
      var dx = ev.changedTouches[0].clientX - t0.x, dy = ev.changedTouches[0].clientY - t0.y, on = t0.on;
      t0 = null;
      if (Math.abs(dx) >= 40 && Math.abs(dx) > 1.5 * Math.abs(dy)) {
        ev.preventDefault();
        stop(); step(dx < 0 ? 1 : -1);
      } else if (on === el.note && Math.abs(dx) < 10 && Math.abs(dy) < 10) {
        ev.preventDefault();
        stop(); step(1);
      }
    };
    [el.board, el.note].forEach(function (n) {
      n.addEventListener("touchstart", begin, { passive: true });
      n.addEventListener("touchend", end, { passive: false });
    });
    var quiz = $("quiz");
    if (quiz && window.MutationObserver) {
      new MutationObserver(function () {
        if (quiz.hidden || !window.matchMedia("(max-width: 600px)").matches) { return; }
        var r = quiz.getBoundingClientRect(), bottom = window.innerHeight - $("controls").offsetHeight;
        var top = el.board.getBoundingClientRect().top, end = Math.max(r.bottom, el.note.getBoundingClientRect().bottom);
        if (top >= 0 && end <= bottom) { return; }
        // The board's top at the screen's top, when the board, the
        // question and the note under it fit (a question may ask for a
        // cell); else the question's top.
        window.scrollBy(0, end - top <= bottom ? top : r.top);
      }).observe(quiz, { attributes: true, attributeFilter: ["hidden"], childList: true });
    }
  }
  function bindControls() {
    el.next.onclick = function () { stop(); step(1); };
    el.back.onclick = function () { stop(); step(-1); };
    el.home.onclick = function () { stop(); say(""); goTo(0); draw(); };
    el.end.onclick = function () { stop(); say(""); goTo(N); draw(); };
    el.nextkind.onclick = function () { stop(); runTo(+el.kindsel.value, 1); };
    el.prevkind.onclick = function () { stop(); runTo(+el.kindsel.value, -1); };
    el.play.onclick = play;
    el.speed.oninput = function () { txt(el.speedword, ui().speeds[+el.speed.value]); };
    el.lang.onclick = function () { setLang(1 - L); };
    el.theme.onclick = toggleTheme;
    window.addEventListener("resize", function () {
      layout();
      if (D.tree) { drawTree(); }
      keepInView();
      timelineDraw();
    });
    el.helpbtn.onclick = function () { toggleHelp(); };
    el.help.onclick = function () { toggleHelp(false); };
    el["goto"].addEventListener("keydown", function (ev) {
      if (ev.key === "Enter") {
        stop(); say(""); goTo(+el["goto"].value || 0); draw(); el["goto"].blur();
      } else if (ev.key === "Escape") {
        el["goto"].blur();
      }
      ev.stopPropagation();
    });
    window.addEventListener("hashchange", function () {
      var h = parseHash();
      if (h.lang !== undefined && h.lang !== L) { L = h.lang; relabel(); }
      if (h.step !== undefined && h.step !== S.k) { goTo(h.step); }
      var ph = predictHash();
      if (ph.ask) { PQ.ask = ph.ask; }
      if (ph.every) { PQ.every = ph.every; }
      if (ph.on !== undefined && ph.on !== PQ.on) { PQ.on = ph.on; }
      draw();
    });
    document.addEventListener("keydown", function (ev) {
      if (ev.ctrlKey || ev.metaKey || ev.altKey) { return; }
      var k = ev.key, handled = true;
      if (predictKey(k)) { ev.preventDefault(); return; }
      if (!el.help.hidden && k !== "?" && k !== "Escape") { toggleHelp(false); }
      switch (k) {
        case "ArrowRight": case "ArrowDown": case " ": case "PageDown": case "n": case "Enter":
          stop(); step(1); break;
        case "ArrowLeft": case "ArrowUp": case "PageUp": case "b": case "Backspace":
          stop(); step(-1); break;
        case "Home": case "0": stop(); say(""); goTo(0); draw(); break;
        case "End": case "$": stop(); say(""); goTo(N); draw(); break;
        case "r": case "u": case "s": case "t": stop(); runTo(RUNKEYS[k], 1); break;
        case "R": case "U": case "S": case "T": stop(); runTo(RUNKEYS[k.toLowerCase()], -1); break;
        case "g": el["goto"].focus(); el["goto"].select(); break;
        case "p": play(); break;
        case "q": setPredict(!PQ.on); break;
        case "[": el.speed.value = Math.max(0, +el.speed.value - 1); el.speed.oninput(); break;
        case "]": el.speed.value = Math.min(6, +el.speed.value + 1); el.speed.oninput(); break;
        case "+": case "=": zoom(1.25); break;
        case "-": zoom(1 / 1.25); break;
        case "f": el.follow.checked = true; fitTree(); break;
        case "l": setLang(1 - L); break;
        case "c": toggleTheme(); break;
        case "?": case "h": toggleHelp(); break;
        case "Escape": toggleHelp(false); break;
        default: handled = false;
      }
      if (handled) { ev.preventDefault(); }
    });
  }

  // ---- embed mode and the lockstep page's hooks ------------------------
  // #embed in the link (or embed(true) from a page that holds this one):
  // no header, the step and its kind moved into compact controls, for an
  // iframe or a slide's web-page object. lockstep(true) also hides the
  // controls: the lockstep page drives its two players with its own.
  var EMBED = /(^#|&)embed(&|=|$)/.test(location.hash);
  function embedMode(on) {
    EMBED = !!on;
    document.documentElement.classList.toggle("embed", EMBED);
    var where = $("where"), controls = $("controls"), top = $("top");
    if (EMBED && where.parentNode !== controls) {
      controls.insertBefore(where, controls.firstChild);
    } else if (!EMBED && where.parentNode !== top) {
      top.insertBefore(where, top.children[1] || null);
    }
    writeHash();
    if (D.board) { layout(); if (D.tree) { drawTree(); } keepInView(); }
  }
  // lockstepMode(true, onKey): the keys go to onKey (the lockstep page's
  // controls) instead of this player, so both sides move together; keys
  // onKey does not take stay here (c, +, -, f, ?).
  var lockKey = null;
  function lockstepMode(on, onKey) {
    document.documentElement.classList.toggle("lockstep", !!on);
    lockKey = on && onKey ? onKey : null;
    embedMode(on || EMBED);
  }
  document.addEventListener("keydown", function (ev) {
    if (!lockKey || ev.ctrlKey || ev.metaKey || ev.altKey || ev.target === el["goto"]) { return; }
    if (lockKey(ev.key)) { ev.preventDefault(); ev.stopImmediatePropagation(); }
  }, true);
  // kindAt names the kind of step k (call, reject, ...; "" at step 0).
  function kindAt(k) { return k > 0 && k <= N ? KINDNAMES[D.k[k - 1]] : ""; }

  // ---- predict mode ----------------------------------------------------
  // In predict mode (q, the predict button, #mode=predict in the link, or
  // a page made with --quiz) the page stops before a step whose answer is
  // not on the screen yet and asks one question about it: which candidate
  // is tried next (try), placed or pruned and by which rule (reject),
  // which piece or cell it clashes with (witness), where the search goes
  // back to after a dead end (return), is this board a solution
  // (solution). #ask=try,reject,... chooses the kinds, #every=N asks at
  // every Nth step that could ask. The answer is checked against the
  // recorded run at once, the step is shown with its note, and the page
  // keeps a score.
  var QW = {
    en: {
      button: "predict", buttonOn: "predict: on", title: "predict mode: guess each step before it is shown (q)",
      qTry: "Which candidate is tried next? Click it on the board or below.",
      qTryValue: "Which candidate is tried next?",
      qReject: "Is the candidate placed, or pruned? By which rule?",
      qWitness: "The candidate is pruned. Which piece or cell does it clash with? Click it on the board.",
      qWitnessCell: "The candidate is pruned. Which cell's value does it clash with? Click it on the board.",
      qReturn: "A dead end. Where does the search go back to? Click the call in the stack (or the tree).",
      qReturnSolved: "This call is done, with a solution below it. Where does the search go back to? Click the call in the stack (or the tree).",
      qSolution: "Is this board a solution?",
      placed: "placed", pruned: function (r) { return "pruned: " + r; }, ends: "the search ends",
      yes: "yes, a solution", no: "no",
      depth: function (d, move) { return "depth " + d + " · " + move; },
      right: "Right. ", wrong: function (a) { return "Not quite: " + a + ". "; },
      score: function (r, n) { return r + " of " + n + " right"; },
      skip: "skip", answerFirst: "answer the question first (or skip it, or q to leave predict mode)",
      help: ["q", "predict mode: guess the next step, then see it (1–9 choose an answer)"],
      depthBand: "depth (top band): shallow → deep", fogBand: "not shown yet"
    },
    zh: {
      button: "预测", buttonOn: "预测：开", title: "预测模式：每一步显示之前先猜（q）",
      qTry: "下一个尝试的候选是哪个？在棋盘上点它，或点下面的按钮。",
      qTryValue: "下一个尝试的候选是哪个？",
      qReject: "这个候选会被放下，还是被剪枝？按哪条规则？",
      qWitness: "这个候选被剪枝了。它和哪个棋子（格子）冲突？在棋盘上点它。",
      qWitnessCell: "这个候选被剪枝了。它和哪个格子里的数冲突？在棋盘上点它。",
      qReturn: "走到死路了。搜索会回到哪一层？在调用栈（或搜索树）里点那次调用。",
      qReturnSolved: "这次调用结束了，它下面找到过解。搜索会回到哪一层？在调用栈（或搜索树）里点那次调用。",
      qSolution: "这个棋盘是一个解吗？",
      placed: "放下", pruned: function (r) { return "剪枝：" + r; }, ends: "搜索结束",
      yes: "是，一个解", no: "不是",
      depth: function (d, move) { return "深度 " + d + " · " + move; },
      right: "答对了。", wrong: function (a) { return "不对，答案是：" + a + "。"; },
      score: function (r, n) { return "答对 " + r + " 题，共 " + n + " 题"; },
      skip: "跳过", answerFirst: "请先回答问题（或跳过，或按 q 退出预测模式）",
      help: ["q", "预测模式：先猜下一步，再看结果（1–9 选答案）"],
      depthBand: "深度（上方细条）：浅 → 深", fogBand: "尚未显示"
    }
  };
  var PK = ["try", "reject", "witness", "return", "solution"];
  var PQ = { on: false, ask: { "try": true, reject: true, witness: true, "return": true, solution: true }, every: 1,
    seen: 0, right: 0, asked: 0, q: null, done: {}, last: "", at: -1 };
  function qw() { return L ? QW.zh : QW.en; }
  // predictHash reads the mode, the kinds that ask and how often from the
  // link (#mode=predict&ask=reject,return&every=3).
  function predictHash() {
    var h = location.hash.replace(/^#/, ""), out = {};
    h.split("&").forEach(function (kv) {
      var p = kv.split("=");
      if (p[0] === "mode") { out.on = p[1] === "predict"; }
      if (p[0] === "ask" && p[1]) {
        out.ask = {};
        decodeURIComponent(p[1]).split(",").forEach(function (a) { if (PK.indexOf(a) >= 0) { out.ask[a] = true; } });
      }
      if (p[0] === "every" && /^\d+$/.test(p[1] || "")) { out.every = Math.max(1, parseInt(p[1], 10)); }
    });
    return out;
  }
  function predictInit() {
    el.quiz = $("quiz"); el.predict = $("predict");
    var h = predictHash();
    PQ.on = h.on !== undefined ? h.on : document.documentElement.dataset.mode === "predict";
    if (h.ask) { PQ.ask = h.ask; }
    if (h.every) { PQ.every = h.every; }
    el.predict.onclick = function () { setPredict(!PQ.on); };
    el.board.addEventListener("click", function (ev) {
      var i = cellEls.indexOf(ev.target.closest ? ev.target.closest(".cell") : ev.target);
      if (i >= 0) { predictAnswer({ cell: i }); }
    });
    el.stack.addEventListener("click", function (ev) {
      var row = ev.target.closest ? ev.target.closest(".row") : null;
      var i = stackRows.indexOf(row);
      if (i >= 0) { predictAnswer({ depth: i }); }
    });
  }
  // predictParams is the link's part for predict mode ("" when off).
  function predictParams() {
    if (!PQ.on) { return ""; }
    var ask = PK.filter(function (a) { return PQ.ask[a]; }).join(",");
    return "&mode=predict&ask=" + ask + (PQ.every > 1 ? "&every=" + PQ.every : "");
  }
  function setPredict(on) {
    stop();
    PQ.on = on;
    PQ.q = null;
    PQ.at = -1;
    predictMaybe();
    predictDraw();
    timelineLegend();
    timelineDraw();
    writeHash();
  }
  // The state at step k, for a look ahead: the board's cells and the
  // stack, then back to where the page was.
  function peek(k, f) {
    var at = S.k, r;
    goTo(k);
    r = f();
    goTo(at);
    return r;
  }
  function cellsWith(over) {
    var out = [];
    for (var i = 0; i < S.cells.length; i++) { if ((S.cells[i] & 7) === over) { out.push(i); } }
    return out;
  }
  function ruleName(r) { return r >= 0 ? D.rules[L][r] : "?"; }
  // rulesUsed are the rules the run prunes by, in their order.
  var rulesUsed = null;
  function usedRules() {
    if (rulesUsed) { return rulesUsed; }
    var seen = {};
    for (var j = 0; j < N; j++) { if (D.k[j] === KIND.reject && D.rule[j] >= 0) { seen[D.rule[j]] = true; } }
    rulesUsed = Object.keys(seen).map(Number).sort(function (a, b) { return a - b; });
    return rulesUsed;
  }
  // mixing: three kinds or more ask (the default: all five), and the page
  // keeps a mix: "which is tried next" only off the loop's order, two
  // tries a dead end. A link that names one or two kinds (#ask=try) is a
  // drill: every question of them asks.
  function mixing() {
    var n = 0;
    PK.forEach(function (a) { if (PQ.ask[a]) { n++; } });
    return n >= 3;
  }
  // tryOrd[k] is, for a try at step k that is placed or pruned next, how
  // many such tries came since the last dead end (a step before a
  // return), at most 255; counted once, over the kinds.
  var tryOrds = null;
  function tryOrd() {
    if (tryOrds) { return tryOrds; }
    tryOrds = new Uint8Array(N + 1);
    var n = 0;
    for (var k = 1; k < N; k++) {
      var cur = D.k[k - 1], next = D.k[k];
      if (next === KIND["return"] && cur !== KIND["return"]) { n = 0; } else if (cur === KIND["try"] && (next === KIND.reject || next === KIND.place)) { tryOrds[k] = Math.min(255, n++); }
    }
    return tryOrds;
  }
  // questionAt is the question to ask at step k about step k+1, or null:
  // { kind, text, options: [{label, value}], cells (board cells that
  // answer), depths (stack rows that answer), answer (its value), say (the
  // answer in words) }. It asks only where the screen at step k does not
  // show the answer: a choice of one is no question.
  function questionAt(k) {
    if (k >= N || k < 1) { return null; }
    var next = D.k[k], cur = D.k[k - 1], w = qw(), q = null;
    var pieces = !!D.board.pieces;
    if (next === KIND["try"] && PQ.ask["try"]) {
      if (k + 1 >= N) { return null; }
      var tryCell = peek(k + 1, function () { return cellsWith(1)[0]; });
      var prev = null;
      var val = peek(k + 2, function () {
        var t = S.stack.length ? triedOf(S.stack[S.stack.length - 1]) : [];
        if (t.length >= 2) { prev = t[t.length - 2][0]; }
        return t.length ? t[t.length - 1][0] : null;
      });
      if (tryCell === undefined || val === null) { return null; }
      var top = S.stack.length ? frame(S.stack[S.stack.length - 1]) : null;
      // The candidates: every value of the slot (a queen's columns, the
      // board's digits), not only the legal ones of 可供选择的列表 (a
      // search that checks after trying tries the others too).
      var opts = [];
      if (pieces) {
        for (var c = 0; c < D.board.cols; c++) { opts.push(String(c)); }
      } else {
        opts = D.board.glyphs.filter(function (g) { return g !== ""; });
        opts.sort(function (a, b) { return (+a) - (+b) || (a < b ? -1 : a > b ? 1 : 0); });
      }
      if (opts.indexOf(val) < 0) { opts = top && top.c ? top.c.split(" ") : []; }
      if (opts.indexOf(val) < 0) { opts.push(val); }
      // Only where the answer is not simply the next candidate in order
      // (the first, or the one after the last tried): that is the for
      // loop's order, a drill, not a thought.
      if (mixing() && val === opts[prev === null ? 0 : opts.indexOf(prev) + 1]) { return null; }
      // The untried candidates of the step, in their order: the tries
      // already made are not candidates again.
      var done = top ? triedOf(S.stack[S.stack.length - 1]).map(function (t) { return t[0]; }) : [];
      opts = opts.filter(function (o) { return o === val || done.indexOf(o) < 0; });
      if (opts.length < 2) { return null; }
      q = { kind: "try", text: pieces ? w.qTry : w.qTryValue, answer: val, say: val,
        options: opts.map(function (o) { return { label: o, value: o }; }), cells: pieces ? [tryCell] : [] };
    } else if (cur === KIND["try"] && (next === KIND.reject || next === KIND.place)) {
      var rej = next === KIND.reject, rule = D.rule[k];
      var clash = rej ? peek(k + 1, function () { return cellsWith(3); }) : [];
      // The first two tries after a dead end ask (the first placed or
      // pruned, the second which piece it clashes with, if pruned), the
      // others not: so a run of tries does not drown the rest, and every
      // backtrack comes with its question. Which tries ask does not
      // depend on their answers.
      // (A drill of one or two kinds asks at every try: placed or
      // pruned and the clash take turns.)
      var ord = tryOrd()[k];
      if (mixing() && ord >= 2) { return null; }
      var wantW = PQ.ask.witness && rej && clash.length > 0 && (ord % 2 === 1 || !PQ.ask.reject);
      var wantR = PQ.ask.reject && !wantW;
      if (wantR) {
        var rs = usedRules();
        var ans = rej ? "r" + rule : "placed";
        q = { kind: "reject", text: w.qReject, answer: ans, say: rej ? w.pruned(ruleName(rule)) : w.placed, cells: [],
          options: [{ label: w.placed, value: "placed" }].concat(rs.map(function (r) { return { label: w.pruned(ruleName(r)), value: "r" + r }; })) };
        if (rej && rs.indexOf(rule) < 0) { q.options.push({ label: w.pruned(ruleName(rule)), value: ans }); }
      } else if (wantW) {
        q = { kind: "witness", text: pieces ? w.qWitness : w.qWitnessCell, answer: "c" + clash[0], say: clash.map(cellName).join(", "), cells: clash, options: [] };
      }
    } else if (next === KIND["return"] && cur !== KIND["return"] && PQ.ask["return"]) {
      // The chain of returns and undos ends where the search goes on.
      var m = k + 1;
      while (m < N && (D.k[m] === KIND["return"] || D.k[m] === KIND.undo || D.k[m] === KIND.exhausted)) { m++; }
      var depth = m >= N ? -1 : peek(m + 1, function () { return S.stack.length - 1; });
      if (depth >= S.stack.length) { return null; }
      var rows = S.stack.map(function (fi, d) { return { label: w.depth(d, callMove(d)), value: "d" + d }; });
      rows.push({ label: w.ends, value: "d-1" });
      q = { kind: "return", text: solvedBelow(k) ? w.qReturnSolved : w.qReturn, answer: "d" + depth, cells: [], options: rows,
        say: depth < 0 ? w.ends : w.depth(depth, callMove(depth)), depths: depth >= 0 ? [depth] : [] };
    } else if (PQ.ask.solution && next === KIND.solution && cur !== KIND.solution) {
      q = { kind: "solution", text: w.qSolution, answer: "yes", say: w.yes, cells: [],
        options: [{ label: w.yes, value: "yes" }, { label: w.no, value: "no" }] };
    } else if (PQ.ask.solution && next === KIND.reject && failMode() === "leaf" && cur !== KIND["try"]) {
      q = { kind: "solution", text: w.qSolution, answer: "no", say: w.no + " (" + ruleName(D.rule[k]) + ")", cells: [],
        options: [{ label: w.yes, value: "yes" }, { label: w.no, value: "no" }] };
    }
    if (q) { q.k = k; }
    return q;
  }
  // callMove names the call at depth d of the stack by its move, as the
  // tree labels its box (the root by the page's title).
  // solvedBelow reports whether the call on top at step k has met a
  // solution in its subtree by then (a return after it is no dead end):
  // back from k to the call's own call event, over the nested calls.
  function solvedBelow(k) {
    for (var j = k, lvl = 0; j >= 1; j--) {
      var kd = D.k[j - 1];
      if (kd === KIND.solution) { return true; }
      if (kd === KIND["return"]) { lvl++; } else if (kd === KIND.call) { if (lvl === 0) { return false; } lvl--; }
    }
    return false;
  }
  function callMove(d) {
    if (d <= 0) { return D.title[L]; }
    var no = frame(S.stack[d]).n;
    if (D.tree && T.cE && no < T.cE.length && T.cE[no] >= 0) { return labOf(T.cE[no]); }
    var p = frame(S.stack[d - 1]).p;
    return typeof p === "string" ? p : p[L];
  }
  function cellName(i) { var c = D.board.cols; return "(" + Math.floor(i / c) + "," + (i % c) + ")"; }
  // predictMaybe sets the question of the current step, if predict mode
  // asks one there (each step asks once: going back and forward again
  // does not ask it again).
  function predictMaybe() {
    if (PQ.at === S.k) { return; }
    PQ.at = S.k;
    PQ.q = null;
    if (!PQ.on || PQ.done[S.k]) { return; }
    var q = questionAt(S.k);
    if (!q) { return; }
    PQ.seen++;
    if ((PQ.seen - 1) % PQ.every !== 0) { return; }
    PQ.q = q;
  }
  // predictAnswer checks an answer (a value, a board cell or a stack
  // row) to the question asked, scores it and shows the step it asked
  // about, with the verdict before its note.
  function predictAnswer(a) {
    var q = PQ.q;
    if (!q) { return false; }
    var ok;
    if (a.cell !== undefined) {
      if (!q.cells.length) { return false; }
      ok = q.cells.indexOf(a.cell) >= 0;
    } else if (a.depth !== undefined) {
      if (q.kind !== "return") { return false; }
      ok = q.answer === "d" + a.depth;
    } else if (a.call !== undefined) {
      if (q.kind !== "return") { return false; }
      ok = q.depths.length > 0 && frame(S.stack[q.depths[0]]).n === a.call;
    } else {
      ok = a.value === q.answer || (q.kind === "witness" && q.cells.indexOf(+String(a.value).slice(1)) >= 0);
    }
    PQ.asked++;
    if (ok) { PQ.right++; }
    PQ.done[q.k] = true;
    PQ.last = ok ? qw().right : qw().wrong(q.say);
    PQ.lastOk = ok;
    PQ.q = null;
    say("");
    PQ.at = -1;
    goTo(q.k + 1);
    draw();
    return true;
  }
  function predictSkip() {
    if (!PQ.q) { return; }
    PQ.done[PQ.q.k] = true;
    PQ.q = null;
    PQ.at = -1;
    PQ.last = "";
    say("");
    goTo(S.k + 1);
    draw();
  }
  // predictDraw draws the question (or the verdict of the last answer)
  // and the score, and marks the cells and rows that answer.
  function predictDraw() {
    if (!el.quiz) { return; }
    var w = qw();
    txt(el.predict, PQ.on ? w.buttonOn : w.button);
    el.predict.title = w.title;
    el.predict.setAttribute("aria-pressed", PQ.on ? "true" : "false");
    document.body.classList.toggle("predicting", PQ.on);
    document.body.classList.toggle("asking", !!PQ.q);
    el.quiz.hidden = !PQ.on;
    if (!PQ.on) { return; }
    var q = PQ.q, h = '<span id="score">' + esc(w.score(PQ.right, PQ.asked)) + "</span> ";
    if (PQ.last) {
      h += '<span id="verdict" class="' + (PQ.lastOk ? "ok" : "bad") + '">' + esc(PQ.last) + "</span> ";
    }
    if (q) {
      h += '<span id="question">' + esc(q.text) + "</span> ";
      q.options.forEach(function (o, i) {
        h += '<button type="button" class="ans" data-v="' + esc(o.value) + '">' + (i < 9 ? "<kbd>" + (i + 1) + "</kbd> " : "") + esc(o.label) + "</button>";
      });
      h += ' <button type="button" id="qskip">' + esc(w.skip) + "</button>";
    }
    el.quiz.innerHTML = h;
    Array.prototype.forEach.call(el.quiz.querySelectorAll("button.ans"), function (b) {
      b.onclick = function () { predictAnswer({ value: b.dataset.v }); };
    });
    var sk = $("qskip");
    if (sk) { sk.onclick = predictSkip; }
    el.board.classList.toggle("pick", !!(q && q.cells.length));
    el.stack.classList.toggle("pick", !!(q && q.kind === "return"));
  }
  // predictStep moves forward one step in predict mode: a question
  // waiting holds the page where it is.
  function predictHolds() {
    if (PQ.on && PQ.q) { say(qw().answerFirst); return true; }
    PQ.last = "";
    return false;
  }
  // predictKey answers by a digit key: 1 the first answer, and so on.
  function predictKey(k) {
    if (!PQ.q || !/^[1-9]$/.test(k)) { return false; }
    var o = PQ.q.options[+k - 1];
    if (!o) { return false; }
    predictAnswer({ value: o.value });
    return true;
  }

  // ---- the timeline ------------------------------------------------------
  // A bar under the player over the whole run: the steps binned into the
  // bar's pixel columns, each column a stack of what its steps did
  // (pruned tries by rule, returns, solutions, the other steps grey), a
  // mark at the current step. The bins are counted once, in one pass over
  // the kinds (a 2,000,000-step page: a few ms); a step only moves the
  // mark. A click or a drag moves to the step under the pointer.
  // Above the bar a band of the search's depth: each column as dark as
  // its steps' mean depth is deep (darker, deeper; the shades span the
  // run's shallowest column to its deepest), so a long run shows
  // its dives and climbs. In predict mode the steps not shown yet are one
  // flat colour (the fog): the bar tells nothing of what comes next.
  var TL = { bins: 0, counts: null, canvas: null, mark: null, fog: null, w: 0, depth: null };
  // TLW is a bin's count of numbers: the rejects by rule (16), returns,
  // solutions, all steps, the sum and the most of its steps' depths.
  var TLW = 21, TLBAND = 6, TLGAP = 2;
  // Its colours: the rules take turns through RULEC; returns, solutions
  // and the rest have their own.
  // Its colours come from the theme (player.css: --tl-r0 … --tl-r5 for
  // the rules, --tl-ret, --tl-sol, --tl-other), read when the bar is drawn.
  var RULEC = [], TLC = {};
  function timelineTheme() {
    var cs = getComputedStyle(document.documentElement), v = function (n) { return cs.getPropertyValue(n).trim(); };
    RULEC = [0, 1, 2, 3, 4, 5].map(function (i) { return v("--tl-r" + i); });
    TLC = { ret: v("--tl-ret"), sol: v("--tl-sol"), other: v("--tl-other"), depth: v("--tl-depth") };
  }
  // ruleColor is rule r's colour: the run's rules take RULEC in turn.
  function ruleColor(r) { var i = usedRules().indexOf(r); return RULEC[Math.max(0, i) % RULEC.length]; }
  // tlBin is the bin of step k (1-based) among b bins.
  function tlBin(k, b) { return Math.min(b - 1, Math.floor((k - 1) * b / N)); }
  // tlCount counts the steps' events into b bins: per bin, the rejects
  // by rule (16), returns, solutions, all steps, the depths' sum and most.
  function tlCount(b) {
    var W = TLW, c = new Uint32Array(b * W), kk = D.k, rr = D.rule, dd = TL.depth;
    for (var j = 0; j < N; j++) {
      var o = Math.min(b - 1, Math.floor(j * b / N)) * W, kind = kk[j];
      c[o + 18]++;
      c[o + 19] += dd[j];
      if (dd[j] > c[o + 20]) { c[o + 20] = dd[j]; }
      if (kind === KIND.reject) { c[o + (rr[j] >= 0 ? rr[j] : 15)]++; } else if (kind === KIND["return"]) { c[o + 16]++; } else if (kind === KIND.solution) { c[o + 17]++; }
    }
    return c;
  }
  function timelineInit() {
    el.timeline = $("timeline");
    TL.canvas = $("tlbar"); TL.mark = $("tlmark"); TL.fog = $("tlfog");
    var drag = false;
    var at = function (ev) {
      var r = TL.canvas.getBoundingClientRect();
      var x = Math.max(0, Math.min(r.width - 1, ev.clientX - r.left));
      return Math.max(1, Math.min(N, Math.floor(x * N / r.width) + 1));
    };
    var move = function (ev) {
      if (PQ.on && PQ.q) { say(qw().answerFirst); return; }
      stop(); say(""); PQ.last = ""; goTo(at(ev)); draw();
    };
    el.timeline.addEventListener("pointerdown", function (ev) {
      drag = true;
      try { el.timeline.setPointerCapture(ev.pointerId); } catch (e) { /* no capture */ }
      move(ev);
      ev.preventDefault();
    });
    el.timeline.addEventListener("pointermove", function (ev) { if (drag) { move(ev); } });
    el.timeline.addEventListener("pointerup", function () { drag = false; });
    el.timeline.addEventListener("pointercancel", function () { drag = false; });
  }
  // timelineDraw draws the bar again when its width changed.
  function timelineDraw() {
    if (!TL.canvas || !N) { return; }
    var w = Math.max(50, TL.canvas.clientWidth), h = TL.canvas.clientHeight || 28;
    var dpr = window.devicePixelRatio || 1;
    var b = Math.max(1, Math.min(N, Math.floor(w)));
    if (TL.w !== w || TL.dark !== theme()) {
      TL.w = w; TL.dark = theme();
      timelineTheme();
      TL.canvas.width = Math.round(w * dpr); TL.canvas.height = Math.round(h * dpr);
      if (TL.bins !== b) { TL.bins = b; TL.counts = tlCount(b); }
      var g = TL.canvas.getContext("2d"), c = TL.counts, bw = w / b, top = TLBAND + TLGAP, kh = h - top;
      g.setTransform(dpr, 0, 0, dpr, 0, 0);
      g.clearRect(0, 0, w, h);
      // The shades span the columns' mean depths, shallowest to deepest,
      // so a run that stays deep still shows its dives and climbs.
      var dlo = Infinity, dhi = 0;
      for (var j = 0; j < b; j++) {
        if (c[j * TLW + 18]) { var m = c[j * TLW + 19] / c[j * TLW + 18]; dlo = Math.min(dlo, m); dhi = Math.max(dhi, m); }
      }
      var dspan = Math.max(1, dhi - dlo);
      for (var i = 0; i < b; i++) {
        var o = i * TLW, all = c[o + 18], x = i * bw, y = h;
        if (!all) { continue; }
        // The depth band: the mean depth of the column's steps.
        g.globalAlpha = 0.06 + 0.94 * Math.max(0, Math.min(1, (c[o + 19] / all - dlo) / dspan));
        g.fillStyle = TLC.depth; g.fillRect(x, 0, Math.max(bw, 1), TLBAND);
        g.globalAlpha = 1;
        // Solutions fill their column: a rare event, never lost in a bin.
        if (c[o + 17] > 0) { g.fillStyle = TLC.sol; g.fillRect(x, top, Math.max(bw, 1), kh); continue; }
        var put = function (n, col) {
          if (!n) { return; }
          var hh = Math.max(1, n * kh / all);
          g.fillStyle = col; g.fillRect(x, y - hh, Math.max(bw, 1), hh); y -= hh;
        };
        for (var r = 0; r < 16; r++) { put(c[o + r], ruleColor(r)); }
        put(c[o + 16], TLC.ret);
        if (y > top) { g.fillStyle = TLC.other; g.fillRect(x, top, Math.max(bw, 1), y - top); }
      }
    }
    // The fog: in predict mode, from the first bin that holds a step not
    // shown yet to the end.
    var fog = PQ.on && S.k < N;
    if (TL.fog.hidden === fog) { TL.fog.hidden = !fog; }
    if (fog) {
      var fx = Math.floor(Math.floor(S.k * b / N) * w / b), fs = TL.fog.style;
      fs.left = (TL.canvas.offsetLeft + TL.canvas.clientLeft + fx) + "px";
      fs.top = (TL.canvas.offsetTop + TL.canvas.clientTop) + "px";
      fs.width = (w - fx) + "px";
      fs.height = h + "px";
    }
    var k = Math.max(1, S.k);
    TL.mark.style.left = Math.round((tlBin(k, b) + 0.5) * w / b) + "px";
    el.timeline.setAttribute("aria-valuenow", String(S.k));
    el.timeline.setAttribute("aria-valuemax", String(N));
  }
  // timelineLegend is the key to the bar's colours in the page's language.
  function timelineLegend() {
    var lg = $("tllegend");
    if (!lg) { return; }
    var chip = function (col, word) { return '<span><span class="tlchip" style="background:' + col + '"></span>' + esc(word) + "</span>"; };
    var h = usedRules().map(function (r) { return chip("var(--tl-r" + (Math.max(0, usedRules().indexOf(r)) % 6) + ")", D.kinds[L][KIND.reject] + (L ? "：" : ": ") + ruleName(r)); });
    h.push(chip("var(--tl-ret)", D.kinds[L][KIND["return"]]));
    h.push(chip("var(--tl-sol)", D.kinds[L][KIND.solution]));
    h.push('<span><span class="tlchip tldepth"></span>' + esc(qw().depthBand) + "</span>");
    if (PQ.on) { h.push('<span id="tlfogkey"><span class="tlchip tlfogchip"></span>' + esc(qw().fogBand) + "</span>"); }
    lg.innerHTML = h.join("");
  }
  // timelineBins, for tests: the bins' counts as drawn.
  function timelineBins() {
    var out = [], c = TL.counts;
    for (var i = 0; i < TL.bins; i++) {
      var o = i * TLW, rules = [];
      for (var r = 0; r < 16; r++) { rules.push(c[o + r]); }
      out.push({ rules: rules, ret: c[o + 16], sol: c[o + 17], all: c[o + 18], depth: c[o + 19], deepest: c[o + 20] });
    }
    return out;
  }

  // For tests and for the lockstep page: the state the page shows, and
  // moves.
  window.backtrackPlayer = {
    kind: function () { return kindAt(S.k); },
    kindAt: kindAt,
    kindName: function (kind) { return D.kinds[L][KIND[kind]]; },
    counts: function () { return S.counts.slice(0, 5); },
    countWords: function () { return D.words[L].counters.slice(0, 5); },
    counters: function () { return el.counters.textContent; },
    runTo: function (kind, dir) { stop(); return runTo(KIND[kind], dir < 0 ? -1 : 1); },
    setLang: function (l) { if ((l === "zh" ? 1 : 0) !== L) { setLang(l === "zh" ? 1 : 0); draw(); } },
    embed: embedMode,
    lockstep: lockstepMode,
    step: function () { return S.k; },
    steps: function () { return N; },
    lang: function () { return L ? "zh" : "en"; },
    theme: theme,
    go: function (k) { goTo(k); draw(); },
    treeBoxes: function () { return D.tree ? treeBoxes() : []; },
    // redrawTree, for tests: the tree pane drawn afresh, every box and
    // edge made anew (a step keeps those it can).
    redrawTree: function () { if (D.tree) { buildTree(); drawTree(); } },
    question: function () {
      var q = PQ.q;
      return q ? { k: q.k, kind: q.kind, text: q.text, answer: q.answer, say: q.say, options: q.options, cells: q.cells, depths: q.depths || [] } : null;
    },
    questionAt: function (k) { var q = questionAt(k); return q ? { kind: q.kind, answer: q.answer, options: q.options, cells: q.cells } : null; },
    predict: function () { return { on: PQ.on, right: PQ.right, asked: PQ.asked, every: PQ.every, ask: PQ.ask }; },
    timelineBins: timelineBins,
    // timelineColors: the bar's colours as "r,g,b", the rules' by rule code.
    timelineColors: function () {
      var triple = function (h) { return [1, 3, 5].map(function (i) { return parseInt(h.substr(i, 2), 16); }).join(","); };
      var rules = [];
      for (var r = 0; r < 16; r++) { rules.push(triple(ruleColor(r))); }
      return { rules: rules, ret: triple(TLC.ret), sol: triple(TLC.sol), other: triple(TLC.other) };
    },
    timing: timing
  };

  load();
})();
