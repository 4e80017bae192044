// The lockstep page: two player pages (iframes written with srcdoc, so of
// this page's origin) driven by one bar of controls through the API each
// player exposes as window.backtrackPlayer.
(function () {
  "use strict";
  var UI = {
    en: {
      prev: "◀ previous", next: "next ▶", lang: "中文",
      fork: function (k) { return "◆ the runs part at step " + k; },
      work: function (k, a, b) { return "≠ the same moves; the checks' work first differs at step " + k + " (check cost " + a + " vs " + b + ")"; },
      forkTitle: function (a, b) { return "left: " + a + "\nright: " + b; },
      same: "the two runs take the same steps", sameCut: "the same steps as far as both pages go",
      noLater: "neither run has a later ", noEarlier: "neither run has an earlier ",
      step: "step", count: "", loading: "…", kinds: "kinds"
    },
    zh: {
      prev: "◀ 上一个", next: "下一个 ▶", lang: "English",
      fork: function (k) { return "◆ 两次运行在第 " + k + " 步分开"; },
      work: function (k, a, b) { return "≠ 每一步走法相同；检查的工作量从第 " + k + " 步起不同（检查代价 " + a + " 对 " + b + "）"; },
      forkTitle: function (a, b) { return "左：" + a + "\n右：" + b; },
      same: "两次运行的每一步都相同", sameCut: "在两页收录的步数内，两次运行的每一步都相同",
      noLater: "两边后面都没有", noEarlier: "两边前面都没有",
      step: "第", count: "", loading: "…", kinds: "种类"
    }
  };
  var KINDS = ["call", "try", "reject", "place", "undo", "solution", "return"];
  var RUNKEYS = { c: "call", r: "reject", u: "undo", s: "solution", t: "return" };
  var D = JSON.parse(document.getElementById("lockdata").textContent);
  var $ = function (id) { return document.getElementById(id); };
  var frames = [$("A"), $("B")], sides = [$("sideA"), $("sideB")];
  var P = [null, null];
  var L = pickLang();

  function pickLang() {
    var m = location.hash.match(/lang=(en|zh)/);
    if (m) { return m[1]; }
    if (document.documentElement.dataset.follow === "browser") {
      var ls = navigator.languages || [navigator.language || ""];
      return /^zh/i.test(ls[0] || "") ? "zh" : "en";
    }
    return D.lang;
  }
  function ui() { return UI[L]; }
  function say(s) { $("msg").textContent = s; }

  // ---- moving both ---------------------------------------------------
  function goBoth(f) {
    say("");
    for (var i = 0; i < 2; i++) { P[i].go(Math.max(0, Math.min(P[i].steps(), f(i)))); }
    refresh();
  }
  function runBoth(kind, dir) {
    say("");
    var moved = false;
    for (var i = 0; i < 2; i++) { if (P[i].runTo(kind, dir)) { moved = true; } }
    if (!moved) { say((dir > 0 ? ui().noLater : ui().noEarlier) + P[0].kindName(kind)); }
    refresh();
  }
  function toFork() { if (D.diverge) { goBoth(function () { return D.diverge; }); } }

  // ---- drawing -------------------------------------------------------
  function pct(k) {
    var most = Math.max(D.steps[0], D.steps[1], 1);
    return (100 * k / most) + "%";
  }
  function refresh() {
    if (!P[0] || !P[1]) { return; }
    var u = ui();
    for (var i = 0; i < 2; i++) {
      var k = P[i].step(), kind = P[i].kind(), where = sides[i].querySelector(".where");
      where.textContent = (L === "zh" ? u.step + " " + k + " 步 / " + P[i].steps() : u.step + " " + k + " / " + P[i].steps()) +
        (kind ? " · " + P[i].kindName(kind) : "");
      where.classList.toggle("parted", D.diverge > 0 && k >= D.diverge);
      where.dataset.step = String(k);
      $(i ? "dotB" : "dotA").style.left = pct(k);
    }
    writeHash();
    $("fork").classList.toggle("here", D.diverge > 0 && P[0].step() === D.diverge && P[1].step() === D.diverge);
    drawCounts();
  }
  // drawCounts writes the running counts of both sides, a row a side, the
  // larger of each pair in bold.
  function drawCounts() {
    var words = P[0].countWords(), c = [P[0].counts(), P[1].counts()], li = L === "zh" ? 1 : 0;
    var head = "<tr><th></th>";
    for (var i = 0; i < words.length; i++) { head += "<th>" + esc(words[i]) + "</th>"; }
    head += "</tr>";
    var body = "";
    for (var s = 0; s < 2; s++) {
      body += '<tr class="side' + (s ? "B" : "A") + '"><th>' + esc(D.titles[s][li]) + " <small>" + esc(D.strategies[s]) + "</small></th>";
      for (var j = 0; j < words.length; j++) {
        body += "<td" + (c[s][j] > c[1 - s][j] ? ' class="more"' : "") + ">" + c[s][j] + "</td>";
      }
      body += "</tr>";
    }
    var t = $("counts");
    if (t.tHead.innerHTML !== head) { t.tHead.innerHTML = head; }
    t.tBodies[0].innerHTML = body;
  }
  function esc(s) {
    return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }
  function relabel() {
    var u = ui(), li = L === "zh" ? 1 : 0;
    document.documentElement.lang = L;
    document.title = "backtrack" + (L === "zh" ? "：" : ": ") + D.titles[0][li] + " | " + D.titles[1][li];
    $("prevkind").textContent = u.prev;
    $("nextkind").textContent = u.next;
    $("lang").textContent = u.lang;
    for (var j = 0; j < 2; j++) { P[j].setLang(L); }
    var sel = $("kindsel"), v = sel.value || "call";
    sel.innerHTML = "";
    KINDS.forEach(function (k) {
      var o = document.createElement("option");
      o.value = k;
      o.textContent = P[0].kindName(k);
      sel.appendChild(o);
    });
    sel.value = v;
    sel.setAttribute("aria-label", u.kinds);
    for (var i = 0; i < 2; i++) {
      sides[i].querySelector(".title").textContent = D.titles[i][li];
      sides[i].querySelector(".strategy").textContent = D.strategies[i];
    }
    var fork = $("fork");
    if (D.diverge) {
      fork.hidden = false;
      fork.textContent = D.moves ? u.fork(D.diverge) : u.work(D.diverge, D.costs[0], D.costs[1]);
      fork.title = u.forkTitle(D.notes[0][li], D.notes[1][li]);
      fork.dataset.step = String(D.diverge);
      $("forkmark").hidden = false;
      $("forkmark").style.left = pct(D.diverge);
    } else if (D.same) {
      say(D.cut ? u.sameCut : u.same);
    }
    refresh();
  }
  function setLang(l) {
    L = l;
    relabel();
  }
  // The address follows the page: #step=K (both sides at K) or #step=A,B,
  // and #lang=en|zh, so a lesson or a slide can link to a step.
  var lastHash = "";
  function writeHash() {
    var a = P[0].step(), b = P[1].step();
    var h = "#step=" + (a === b ? a : a + "," + b) + "&lang=" + L;
    if (h !== lastHash) {
      lastHash = h;
      try { history.replaceState(null, "", h); } catch (e) { /* a sandboxed page */ }
    }
  }
  var HASH0 = location.hash; // the address the page was opened at
  function readHash(h) {
    var m = h.match(/step=(\d+)(?:,(\d+))?/);
    if (m) {
      var a = parseInt(m[1], 10), b = m[2] === undefined ? a : parseInt(m[2], 10);
      goBoth(function (i) { return i ? b : a; });
    }
  }

  // fit draws a player narrower than WIDE at WIDE px and scales it down, so
  // that a side keeps the player's wide layout (board, code and tree at
  // once) on a laptop's screen instead of its one-column phone layout:
  // at 1280×720 by 0.87, so that its 14-px text stays at 12 px; at
  // 1920×1080 not at all.
  var WIDE = 720;
  function fit() {
    for (var i = 0; i < 2; i++) {
      var box = frames[i].parentNode, w = box.clientWidth, h = box.clientHeight;
      var s = Math.min(1, w / WIDE);
      frames[i].style.width = (w / s) + "px";
      frames[i].style.height = (h / s) + "px";
      frames[i].style.transform = s < 1 ? "scale(" + s + ")" : "";
    }
  }
  fit();
  window.addEventListener("resize", fit);
  try { new ResizeObserver(fit).observe($("sides")); } catch (e) { /* an old browser: resize only */ }

  // ---- keys and buttons ------------------------------------------------
  function key(k) {
    switch (k) {
      case "ArrowRight": case "ArrowDown": case " ": case "n": case "Enter":
        goBoth(function (i) { return P[i].step() + 1; }); return true;
      case "ArrowLeft": case "ArrowUp": case "b": case "Backspace":
        goBoth(function (i) { return P[i].step() - 1; }); return true;
      case "Home": case "0": goBoth(function () { return 0; }); return true;
      case "End": case "$": goBoth(function (i) { return P[i].steps(); }); return true;
      case "k": runBoth($("kindsel").value, 1); return true;
      case "K": runBoth($("kindsel").value, -1); return true;
      case "d": toFork(); return true;
      case "l": setLang(L === "zh" ? "en" : "zh"); return true;
    }
    var lower = k.toLowerCase();
    if (RUNKEYS[lower]) { runBoth(RUNKEYS[lower], k === lower ? 1 : -1); return true; }
    return false;
  }
  function bind() {
    $("next").onclick = function () { key("ArrowRight"); };
    $("back").onclick = function () { key("ArrowLeft"); };
    $("home").onclick = function () { key("Home"); };
    $("end").onclick = function () { key("End"); };
    $("nextkind").onclick = function () { key("k"); };
    $("prevkind").onclick = function () { key("K"); };
    $("fork").onclick = toFork;
    $("lang").onclick = function () { key("l"); };
    document.addEventListener("keydown", function (ev) {
      if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.target.tagName === "SELECT") { return; }
      if (key(ev.key)) { ev.preventDefault(); }
    });
    // A click in one player (its tree, its stack) moves that side alone:
    // the bar follows it.
    setInterval(refresh, 400);
  }

  // The players are ready when each has drawn its first step.
  function ready() {
    for (var i = 0; i < 2; i++) {
      var w = frames[i].contentWindow, doc = frames[i].contentDocument;
      if (!w || !doc || !w.backtrackPlayer || !doc.getElementById("loading") || !doc.getElementById("loading").hidden) {
        setTimeout(ready, 30);
        return;
      }
    }
    for (var j = 0; j < 2; j++) {
      P[j] = frames[j].contentWindow.backtrackPlayer;
      P[j].lockstep(true, function (k) { return key(k); });
    }
    bind();
    relabel();
    readHash(HASH0);
    window.addEventListener("hashchange", function () {
      var m = location.hash.match(/lang=(en|zh)/);
      if (m && m[1] !== L) { setLang(m[1]); }
      readHash(location.hash);
    });
    document.body.dataset.ready = "1";
  }
  ready();
  window.backtrackLockstep = { key: key, players: function () { return P; }, data: D };
})();
