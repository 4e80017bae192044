// The backtrack player: steps through one recorded search. Everything a
// step shows was worked out by backtrack (in Go) and packed into the data
// below the page; this script unpacks it, keeps the state as it steps and
// draws it. No network, no server: the page works from a file.
(function () {
  "use strict";

  var UI = {
    en: {
      step: "step", follow: "follow", fit: "fit", gotoWord: "go to", tree: "search tree (click a box to jump to it)",
      stack: "call stack, root first: depth · call · move · doing · choices (legal, untried) · tried",
      play: "▶▶", pause: "❚❚", noLater: "no later ", noEarlier: "no earlier ",
      speeds: ["½ step/s", "1 step/s", "2 steps/s", "4 steps/s", "8 steps/s", "20 steps/s", "60 steps/s"],
      start: "Step 0: nothing has happened yet. Press → or Space for the first step.",
      end: "(end of the run)",
      prev: "◀ previous", next: "next ▶",
      key: { given: "given", placed: "placed earlier", "try": "candidate being tried", place: "placed at this step",
        placeCall: "the move that led to this call", placeReturn: "the move that led to the returning call",
        clash: "clashes with the candidate", slot: "the cell being decided", choice: "still to try in this row" },
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
      stack: "递归栈（从根开始）：深度 · 调用 · 走法 · 在做什么 · 可供选择的列表 · 已试",
      play: "▶▶", pause: "❚❚", noLater: "后面没有", noEarlier: "前面没有",
      speeds: ["每秒半步", "每秒 1 步", "每秒 2 步", "每秒 4 步", "每秒 8 步", "每秒 20 步", "每秒 60 步"],
      start: "第 0 步：什么都还没发生。按 → 或空格键走第一步。",
      end: "（运行结束）",
      prev: "◀ 上一个", next: "下一个 ▶",
      key: { given: "预设数字", placed: "之前放置的", "try": "正在尝试的候选", place: "本步放置",
        placeCall: "引出本次调用的一步", placeReturn: "引出正在返回的调用的一步",
        clash: "与候选冲突", slot: "本层要决定的位置", choice: "这一行还可以试的位置" },
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
  var view = { x: 0, y: 0, w: 100, h: 100 };
  var boxEls = [], edgeEls = [], curMark = null;

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
  // typed arrays: per step D.k, D.rule, D.line, D.box; and the byte
  // streams D.bd, D.sk (per step) and D.fr (per frame), read with rd.
  function attach(buf) {
    var b = D.bin;
    D.k = new Uint8Array(buf, b.k[0], b.k[1]);
    D.rule = new Int8Array(buf, b.rule[0], b.rule[1]);
    D.line = new Int16Array(buf, b.line[0], b.line[1]);
    D.box = new Int32Array(buf, b.box[0], b.box[1]);
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
    var lang = lm ? lm[1] : document.documentElement.lang;
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
  var noteBlocks = [{}, {}];
  function noteBlock(l, c) {
    var have = noteBlocks[l][c];
    if (have) { return have.promise; }
    var node = $("n-" + (l ? "zh" : "en") + "-" + c);
    var p = node ? unpack(node.textContent) : Promise.resolve([]);
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
    L = D.lang === "zh" ? 1 : 0;
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
    var h = parseHash();
    if (h.lang !== undefined) { L = h.lang; }
    goTo(h.step !== undefined ? h.step : 0);
    relabel();
    layout();
    fitTree(true);
    draw();
  }

  // index computes the offsets of every frame, and of every step's board
  // and stack changes (apply notes where each step's end), and a
  // checkpoint of the whole state every CK steps.
  function index() {
    var a = D.fr, nf = D.nframes, i, j, n;
    frOff = new Int32Array(nf + 1);
    P = 0;
    for (j = 0; j < nf; j++) {
      frOff[j] = P;
      rd(a);
      deepest = Math.max(deepest, rd(a)); // the stack pane's rows (layout)
      rd(a); rd(a); rd(a); rd(a);
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
    for (var k = 1; k <= N; k++) {
      apply(k);
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
  var BASES = ["", "given", "placed"];
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
  // then).
  function keyHTML(l, kind) {
    var k = (l ? UI.zh : UI.en).key, items = [];
    var chip = function (cls, word) { return '<span><span class="chip ' + cls + '"></span>' + esc(word) + "</span>"; };
    if (!D.board.pieces) {
      var g = D.board.glyphs.length > 1 ? D.board.glyphs[1] : "1";
      if (hasGivens) { items.push('<span><b class="sample">' + esc(g) + "</b> " + esc(k.given) + "</span>"); }
      items.push('<span><b class="sample placed">' + esc(g) + "</b> " + esc(k.placed) + "</span>");
    }
    items.push(chip("c-try", k["try"]));
    items.push(chip("c-place", kind === KIND.call ? k.placeCall : kind === KIND["return"] ? k.placeReturn : k.place));
    items.push(chip("c-clash", k.clash));
    if (D.board.pieces) {
      items.push(chip("c-choice", k.choice));
    } else {
      items.push(chip("c-slot", k.slot));
    }
    return items.join("");
  }
  var hasGivens = false, keyShown = "";
  function drawKey() {
    var h = keyHTML(L, S.k > 0 ? D.k[S.k - 1] : -1);
    if (h !== keyShown) { keyShown = h; el.key.innerHTML = h; }
  }

  // ---- the tree ------------------------------------------------------
  var SVGNS = "http://www.w3.org/2000/svg";
  function svgEl(name, attrs, parent) {
    var e = document.createElementNS(SVGNS, name);
    for (var a in attrs) { e.setAttribute(a, attrs[a]); }
    if (parent) { parent.appendChild(e); }
    return e;
  }
  // tree is the tree in the language shown (the boxes' labels, and so
  // their sizes and places, differ by language).
  function tree() { return D.tree ? D.tree[Math.min(L, D.tree.length - 1)] : null; }
  var treeLang = -1;
  function buildTree() {
    if (!D.tree) {
      el.tree.parentNode.removeChild(el.tree);
      $("treebar").hidden = true;
      return;
    }
    var t = tree(), svg = el.svg;
    treeLang = L;
    while (svg.firstChild) { svg.removeChild(svg.firstChild); }
    boxEls = []; edgeEls = [];
    var edges = svgEl("g", {}, svg), boxes = svgEl("g", {}, svg);
    t.edges.forEach(function (e) {
      var g = svgEl("g", { "class": "edge hid" }, edges);
      svgEl("path", { d: e[2], "class": "e-" + e[3] }, g);
      var tx = e[4], ty = e[5], dx = e[6], dy = e[7], len = 5, hw = 1.75;
      var bx = tx - dx * len, by = ty - dy * len;
      var pts = [bx - dy * hw, by + dx * hw, tx, ty, bx + dy * hw, by - dx * hw];
      svgEl("polygon", { points: pts.map(function (v) { return Math.round(v * 10) / 10; }).join(" "), "class": "arrow a-" + e[3] }, g);
      edgeEls.push({ g: g, to: e[1] });
    });
    t.boxes.forEach(function (b, i) {
      var g = svgEl("g", { "class": "box hid" }, boxes);
      var r = svgEl("rect", { x: b.x - b.w / 2, y: b.y - b.h / 2, width: b.w, height: b.h, rx: b.call ? Math.min(12, Math.min(b.w, b.h) / 3) : 0, "class": "b-" + b.c }, g);
      // As Graphviz places the lines (its y grows upward, ours downward).
      var lh = b.f * 1.2, y = b.y - b.l.length * lh / 2 + 0.9 * b.f;
      var texts = [];
      b.l.forEach(function (line) {
        var tx = svgEl("text", { x: b.x, y: y, "text-anchor": "middle", "font-size": b.f, "class": "t-" + b.c }, g);
        tx.textContent = line;
        texts.push(tx);
        y += lh;
      });
      var title = svgEl("title", {}, g);
      title.textContent = b.id;
      g.addEventListener("click", function () { if (!dragMoved) { stop(); goTo(b.s); draw(); } });
      boxEls.push({ g: g, r: r, texts: texts, b: b, cls: "" });
    });
    curMark = svgEl("rect", { "class": "curmark", visibility: "hidden" }, svg);
  }
  // fitText narrows a line of text that the browser's font draws wider
  // than its box (the boxes are sized with the Go font's measures).
  function fitText() {
    boxEls.forEach(function (x) {
      x.texts.forEach(function (tx) {
        var max = x.b.w - 4;
        try {
          if (tx.getComputedTextLength() > max) {
            tx.setAttribute("textLength", max);
            tx.setAttribute("lengthAdjust", "spacingAndGlyphs");
          }
        } catch (e) { /* not laid out */ }
      });
    });
  }
  function drawTree() {
    if (!D.tree) { return; }
    var k = S.k, i;
    for (i = 0; i < boxEls.length; i++) {
      var x = boxEls[i], b = x.b, cls;
      if (b.s > k || k === 0) {
        cls = "hid";
      } else if (b.call && (b.e === undefined || k < b.e)) {
        cls = "run";
      } else {
        cls = b.c;
      }
      if (b.m && cls !== "hid") {
        // A group counts its rejects so far, as --at-step draws it.
        var cnt = 0;
        while (cnt < b.m.length && b.m[cnt] <= k) { cnt++; }
        if (cnt > 0 && x.count !== cnt) {
          x.count = cnt;
          for (var li = 0; li < x.texts.length; li++) {
            x.texts[li].textContent = b.cl[cnt - 1][li] || "";
            x.texts[li].removeAttribute("textLength");
          }
        }
      }
      if (x.cls === cls) { continue; }
      x.cls = cls;
      x.g.setAttribute("class", cls === "hid" ? "box hid" : "box");
      x.r.setAttribute("class", cls === "hid" ? "" : cls === "run" ? "b-running" : "b-" + b.c);
      for (var j = 0; j < x.texts.length; j++) { x.texts[j].setAttribute("class", cls === "run" ? "" : "t-" + b.c); }
    }
    for (i = 0; i < edgeEls.length; i++) {
      var h = boxEls[edgeEls[i].to].cls === "hid";
      if (edgeEls[i].hid !== h) {
        edgeEls[i].hid = h;
        edgeEls[i].g.setAttribute("class", h ? "edge hid" : "edge");
      }
    }
    var cur = k > 0 ? D.box[k - 1] : -1;
    if (cur >= 0 && boxEls[cur].cls !== "hid") {
      var b2 = boxEls[cur].b, pad = 3;
      curMark.setAttribute("x", b2.x - b2.w / 2 - pad);
      curMark.setAttribute("y", b2.y - b2.h / 2 - pad);
      curMark.setAttribute("width", b2.w + 2 * pad);
      curMark.setAttribute("height", b2.h + 2 * pad);
      curMark.setAttribute("rx", 4);
      curMark.setAttribute("visibility", "visible");
      if (el.follow.checked) { followBox(b2); }
    } else {
      curMark.setAttribute("visibility", "hidden");
    }
  }
  function setView() {
    el.svg.setAttribute("viewBox", [view.x, view.y, view.w, view.h].map(function (v) { return Math.round(v * 10) / 10; }).join(" "));
  }
  // scale is the tree's pixels per point; the view follows the pane's size.
  var scale = 1;
  function paneSize() {
    var rect = el.tree.getBoundingClientRect();
    return { w: Math.max(rect.width, 100), h: Math.max(rect.height, 100) };
  }
  function fitTree(initial) {
    if (!D.tree) { return; }
    var p = paneSize(), tw = tree().w + 20, th = tree().h + 20;
    scale = Math.min(p.w / tw, p.h / th);
    var big = initial && scale < 0.9;
    if (big) {
      // A big tree: boxes big enough to read from the back of the room,
      // following the step.
      scale = 1.4;
    }
    view.w = p.w / scale; view.h = p.h / scale;
    view.x = (tw - view.w) / 2 - 10; view.y = (th - view.h) / 2 - 10;
    if (big) { view.x = -10; view.y = -10; }
    setView();
  }
  // resized keeps the scale and the view's centre.
  function resized() {
    if (!D.tree) { return; }
    var p = paneSize(), cx = view.x + view.w / 2, cy = view.y + view.h / 2;
    view.w = p.w / scale; view.h = p.h / scale;
    view.x = cx - view.w / 2; view.y = cy - view.h / 2;
    setView();
  }
  function followBox(b) {
    var m = Math.min(view.w, view.h) * 0.08;
    if (b.x - b.w / 2 < view.x + m || b.x + b.w / 2 > view.x + view.w - m ||
        b.y - b.h / 2 < view.y + m || b.y + b.h / 2 > view.y + view.h - m) {
      view.x = b.x - view.w / 2; view.y = b.y - view.h / 2;
      setView();
    }
  }
  function zoom(f, cx, cy) {
    if (cx === undefined) { cx = view.x + view.w / 2; cy = view.y + view.h / 2; }
    view.x = cx - (cx - view.x) / f; view.y = cy - (cy - view.y) / f;
    view.w /= f; view.h /= f;
    scale *= f;
    setView();
  }
  var dragMoved = false;
  function bindTreeView() {
    var svg = el.svg, start = null;
    function point(ev) {
      var r = svg.getBoundingClientRect();
      return { x: view.x + (ev.clientX - r.left) / r.width * view.w, y: view.y + (ev.clientY - r.top) / r.height * view.h };
    }
    el.tree.addEventListener("wheel", function (ev) {
      ev.preventDefault();
      var p = point(ev);
      zoom(ev.deltaY < 0 ? 1.15 : 1 / 1.15, p.x, p.y);
    }, { passive: false });
    el.tree.addEventListener("pointerdown", function (ev) {
      start = { x: ev.clientX, y: ev.clientY, vx: view.x, vy: view.y };
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
      var r = svg.getBoundingClientRect();
      view.x = start.vx - dx / r.width * view.w;
      view.y = start.vy - dy / r.height * view.h;
      setView();
    });
    window.addEventListener("pointerup", function () {
      start = null;
      el.tree.classList.remove("drag");
      setTimeout(function () { dragMoved = false; }, 0);
    });
    el.zoomin.onclick = function () { zoom(1.25); };
    el.zoomout.onclick = function () { zoom(1 / 1.25); };
    el.zoomfit.onclick = function () { fitTree(false); };
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
    var tried = triedOf(i).map(function (t) {
      if (t[1] === 0) { return '<span class="fail">✗' + esc(t[0]) + " " + esc(w.rulemarks[t[2]]) + "</span>"; }
      if (t[1] === 1) { return '<span class="on">' + CHECK + esc(t[0]) + "</span>"; }
      return '<span class="back">↩' + esc(t[0]) + "</span>";
    }).join(" ");
    var path = typeof f.p === "string" ? f.p : f.p[L];
    var state = f.r !== undefined ? w.returns[f.r] : (w.states[f.s] || "");
    return "<span>d" + f.d + "</span><span>#" + f.n + "</span><span>" + esc(path) + "</span><span>" + esc(state) +
      "</span><span>" + choices + "</span><span>" + tried + "</span>";
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
    if (L) { el.stepword.textContent = u.step; } else { el.stepword.textContent = u.step; }
    var kind = k > 0 ? D.k[k - 1] : -1;
    txt(el.kind, kind >= 0 ? D.kinds[L][kind] : "");
    el.kind.className = kind >= 0 ? "k-" + KINDNAMES[kind] : "";
    var note = k > 0 ? noteOf(L, k) : u.start;
    if (note === null) {
      note = "…"; // its block is being unpacked: drawn again when it is there
    } else if (k === N && N > 0) {
      note += " " + u.end;
    }
    txt(el.note, note);
    var c = S.counts, w = D.words[L], parts = [];
    for (var i = 0; i < 4; i++) { parts.push(w.counters[i] + " " + c[i]); }
    var rules = [];
    for (var r = 0; r < 16; r++) { if (c[5 + r] > 0) { rules.push(D.rules[L][r] + " ×" + c[5 + r]); } }
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
    txt(el.followword, u.follow);
    txt(el.zoomfit, u.fit);
    txt(el.gotoword, u.gotoWord);
    txt(el.treetitle, u.tree);
    txt(el.stackhead, u.stack);
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
    var rows = u.help.map(function (h) { return "<tr><td><kbd>" + h[0].split("  ").map(esc).join("</kbd> <kbd>") + "</kbd></td><td>" + esc(h[1]) + "</td></tr>"; });
    el.helpbox.innerHTML = "<h2>" + esc(u.helpTitle) + "</h2><table>" + rows.join("") + "</table><p>" + esc(u.helpLink) + "</p>";
    codeEls.lang = -1;
    if (D.tree && treeLang !== L) {
      // The other language's layout: keep the step's box in the middle.
      var cur = S.k > 0 ? D.box[S.k - 1] : -1;
      buildTree();
      if (cur >= 0) { var bx = tree().boxes[cur]; view.x = bx.x - view.w / 2; view.y = bx.y - view.h / 2; setView(); }
      drawTree();
      setTimeout(fitText, 0);
    }
    drawKey();
    drawStack();
    drawCode();
    drawText();
    keepInView();
    setTimeout(fitText, 0);
  }

  function draw() {
    drawBoard();
    drawKey();
    drawTree();
    drawStack();
    drawCode();
    drawText();
    keepInView();
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
  var deepest = -1;
  function layout() {
    var rows = D.board.rows, cols = D.board.cols, gap = 8;
    var narrow = window.matchMedia("(max-width: 900px)").matches;
    el.left.classList.remove("keyside");
    var colW = el.left.clientWidth, colH = el.left.clientHeight;
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
  function setTheme(t) { document.documentElement.dataset.theme = t; }
  function toggleTheme() { themeChosen = true; setTheme(theme() === "dark" ? "light" : "dark"); }
  try {
    matchMedia("(prefers-color-scheme: dark)").addEventListener("change", function (ev) {
      if (!themeChosen) { setTheme(ev.matches ? "dark" : "light"); }
    });
  } catch (e) { /* an old browser: no following */ }

  // ---- moving --------------------------------------------------------
  function say(s) { txt(el.msg, s); }
  function step(d) { say(""); goTo(S.k + d); draw(); }
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
      if (S.k >= N) { stop(); return; }
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
    var h = "#step=" + S.k + "&lang=" + (L ? "zh" : "en");
    if (h !== lastHash) {
      lastHash = h;
      try { history.replaceState(null, "", h); } catch (e) { /* a sandboxed frame */ }
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
      if (D.tree) { resized(); drawTree(); }
      keepInView();
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
      draw();
    });
    document.addEventListener("keydown", function (ev) {
      if (ev.ctrlKey || ev.metaKey || ev.altKey) { return; }
      var k = ev.key, handled = true;
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
        case "[": el.speed.value = Math.max(0, +el.speed.value - 1); el.speed.oninput(); break;
        case "]": el.speed.value = Math.min(6, +el.speed.value + 1); el.speed.oninput(); break;
        case "+": case "=": zoom(1.25); break;
        case "-": zoom(1 / 1.25); break;
        case "f": fitTree(false); break;
        case "l": setLang(1 - L); break;
        case "c": toggleTheme(); break;
        case "?": case "h": toggleHelp(); break;
        case "Escape": toggleHelp(false); break;
        default: handled = false;
      }
      if (handled) { ev.preventDefault(); }
    });
  }

  // For tests: the state the page shows.
  window.backtrackPlayer = {
    step: function () { return S.k; },
    steps: function () { return N; },
    lang: function () { return L ? "zh" : "en"; },
    theme: theme,
    go: function (k) { goTo(k); draw(); },
    timing: timing
  };

  load();
})();
