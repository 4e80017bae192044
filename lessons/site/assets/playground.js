(function () {
  "use strict";
  function $(id) { return document.getElementById(id); }
  var problems = [], busy = false, pageURL = "";
  // bad holds what the address asked of a list that has no such choice
  // (#problem=chess): sent as it is, so that the engine refuses it by
  // name instead of running the first choice.
  var bad = {};
  // The state a test reads: ready, the last page made, the last error.
  var state = window.playground = { ready: false, busy: false, page: "", error: "", ms: 0, progress: 0 };

  function status(s) { $("status").textContent = s; }
  function fail(msg) {
    state.error = msg;
    var e = $("error");
    e.textContent = msg;
    e.hidden = !msg;
  }
  function fmt(s) {
    var a = Array.prototype.slice.call(arguments, 1), i = 0;
    return s.replace(/%[ds]/g, function () { var v = a[i++]; return typeof v === "number" ? v.toLocaleString("en-US") : v; });
  }

  // The WebAssembly: fetched where the page is served; from a script that
  // carries it in base64 where the page is a file (no fetch of files).
  function wasmBytes() {
    var url = "../playground/playground.wasm";
    var viaScript = function () {
      return new Promise(function (resolve, reject) {
        var s = document.createElement("script");
        s.src = "../playground/playground-wasm.js";
        s.onload = function () {
          var bin = atob(window.backtrackWasmBase64), out = new Uint8Array(bin.length);
          for (var i = 0; i < bin.length; i++) { out[i] = bin.charCodeAt(i); }
          window.backtrackWasmBase64 = "";
          resolve(out.buffer);
        };
        s.onerror = function () { reject(new Error(url)); };
        document.head.appendChild(s);
      });
    };
    if (location.protocol === "file:") { return viaScript(); }
    return fetch(url).then(function (r) {
      if (!r.ok) { throw new Error(url + ": " + r.status); }
      return r.arrayBuffer();
    }).catch(viaScript);
  }

  function hashParams() {
    var out = {};
    location.hash.replace(/^#/, "").split("&").forEach(function (kv) {
      var i = kv.indexOf("=");
      if (i > 0) { out[kv.slice(0, i)] = decodeURIComponent(kv.slice(i + 1)); }
    });
    return out;
  }

  function options(sel, values, labels) {
    sel.textContent = "";
    values.forEach(function (v, i) {
      var o = document.createElement("option");
      o.value = v;
      o.textContent = labels ? labels[i] : (i === 0 ? v + " " + W["default"] : v);
      sel.appendChild(o);
    });
  }
  function current() {
    var name = $("problem").value;
    for (var i = 0; i < problems.length; i++) { if (problems[i].name === name) { return problems[i]; } }
    return problems[0];
  }
  function showProblem() {
    var p = current();
    delete bad.order;
    delete bad.check;
    options($("order"), p.orders);
    options($("check"), p.checks);
    $("nrow").hidden = !p.size;
    if (p.size) {
      $("n").title = p.size[1] + "–" + p.size[2];
      $("n").value = Math.min(p.size[0], 8);
    }
    $("puzzlerow").hidden = !p.puzzle;
    if (p.puzzle) {
      options($("example"), [p.puzzle], ["LeetCode 37"]);
      $("puzzle").value = p.puzzle;
    }
  }

  function fill() {
    problems = JSON.parse(window.backtrackProblems());
    options($("problem"), problems.map(function (p) { return p.name; }),
      problems.map(function (p) { return p.title[PLANG === "zh" ? 1 : 0]; }));
    $("lang").value = PLANG;
    var h = hashParams();
    var choose = function (id, v) {
      $(id).value = v;
      if ($(id).value !== v) { bad[id] = v; }
    };
    if (h.problem) { choose("problem", h.problem); }
    showProblem();
    if (h.n) { $("n").value = h.n; }
    if (h.order) { choose("order", h.order); }
    if (h.check) { choose("check", h.check); }
    if (h.puzzle) { $("puzzle").value = h.puzzle; }
    if (h.lang) { choose("lang", h.lang); }
    if (h.steps) { $("maxsteps").value = h.steps; }
    ["order", "check", "lang"].forEach(function (id) { $(id).onchange = function () { delete bad[id]; }; });
    $("problem").onchange = function () { delete bad.problem; showProblem(); };
    $("example").onchange = function () { $("puzzle").value = $("example").value; };
    $("run").onclick = run;
    $("run").disabled = false;
  }

  // request is the form as the command's flags, every field as its text
  // (the engine refuses "0", "abc" or "" by the field's name, in the
  // page's language): what backtrackPlay takes.
  function request() {
    var p = current(), pick = function (id) { return id in bad ? bad[id] : $(id).value; }, r = {
      problem: "problem" in bad ? bad.problem : p.name, order: pick("order"), check: pick("check"),
      lang: pick("lang"), maxSteps: $("maxsteps").value, ui: PLANG
    };
    if (p.size) { r.n = $("n").value; }
    if (p.puzzle && $("puzzle").value !== p.puzzle) { r.puzzle = $("puzzle").value; }
    return r;
  }

  function run() {
    if (busy) { return; }
    busy = state.busy = true;
    $("run").disabled = true;
    fail("");
    $("links").hidden = true;
    var t0 = performance.now();
    status(fmt(W.running, 0));
    state.progress = 0;
    window.backtrackPlay(request(), function (steps) { state.progress = steps; status(fmt(W.running, steps)); }).then(function (page) {
      state.ms = performance.now() - t0;
      state.page = page;
      if (pageURL) { URL.revokeObjectURL(pageURL); }
      pageURL = URL.createObjectURL(new Blob([page], { type: "text/html" }));
      $("open").href = pageURL;
      $("save").href = pageURL;
      $("links").hidden = false;
      var f = $("player");
      f.hidden = false;
      f.src = pageURL;
      status(fmt(W.done, (page.length / 1024).toFixed(0), (state.ms / 1000).toFixed(1)));
    }, function (err) {
      state.ms = performance.now() - t0;
      status("");
      fail(String(err && err.message || err));
    }).then(function () {
      busy = state.busy = false;
      $("run").disabled = false;
    });
  }

  window.backtrackReady = function () {
    state.ready = true;
    status(W.ready);
    fill();
  };
  var t0 = performance.now();
  wasmBytes().then(function (buf) {
    var go = new Go();
    return WebAssembly.instantiate(buf, go.importObject).then(function (r) {
      state.loadMs = performance.now() - t0;
      go.run(r.instance);
    });
  }).catch(function (e) {
    status("");
    fail(W.noload + (e && e.message || e));
  });
})();
