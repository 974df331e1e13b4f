// index.html's first script, written by memcalc-post-build in place of <!-- prerender --> before
// the body's first screen: applies the visitor's or the link's theme, starts the page's core
// (`window.memcalcCore`) and decides what the first screen shows. __DEFAULT_LINK__ becomes the
// default calculation's query, __WORKER_JS__ the core worker's script and __CORE_WASM__ its wasm
// (crates/memcalc-worker). This opening comment (up to the first blank line) is not sent, and
// each line is indented as the script's place in index.html needs.

window.memcalcFirst = (function () {
  var root = document.documentElement, q = location.search.replace(/^\?/, ""), start = "";
  try {
    var t = localStorage.getItem("memcalc:theme");
    if (t === "light" || t === "dark") root.setAttribute("data-theme", t);
    // As the app: the link's query, else the calculation this browser remembers.
    start = q !== "" ? q : localStorage.getItem("memcalc:last") || "";
  } catch (e) { start = q; }
  // The page's core (issue 36): one wasm, fetched and compiled once, that writes a link's first
  // screen and answers every time query (src/time.js). memcalcCore(run, query) resolves to the
  // text of `run` ("first_screen", "time_answer", "plan_answer", "launch_rows"; "warm" works out the time of
  // the link the app will ask for first and answers nothing), or to null where the wasm could not run. A link's
  // first screen is written on the page's thread, by the module this script compiles as the
  // page loads: a worker's start, its script's and its wasm's requests one after the other put
  // ~200 ms before a link's first number on this machine (docs/performance.md). Every time
  // answer runs in a Web Worker (core-worker.js), handed that compiled module where there is
  // one (else it fetches the wasm itself), so that typing never waits on it. Where no worker
  // starts (a sandboxed frame's opaque origin may not start one from the page's files) or the
  // started one fails, the calls run on the page's thread.
  // Two lanes (issue 41/36): the planner's search ("plan_answer") runs in a second worker of
  // the same script and wasm, started when a goal is first planned, so a time answer never
  // waits behind a plan; every other call runs in the first. The second worker is handed the
  // compiled module too (instantiating it took ~2 ms on this machine, docs/performance.md).
  var lanes = {}, next = 0, compiled = null, onThread = null;
  var get = function () { return fetch("./__CORE_WASM__"); };
  var compile = function () {
    compiled = compiled || (WebAssembly.compileStreaming ? WebAssembly.compileStreaming(get()) : Promise.reject())
      .catch(function () { return get().then(function (r) { return r.arrayBuffer(); }).then(function (b) { return WebAssembly.compile(b); }); });
    return compiled;
  };
  var call = function (x, run, query) {
    // Each call may grow the memory, detaching the buffer read before it.
    var b = new TextEncoder().encode(query), at = x.core_input(b.length);
    new Uint8Array(x.memory.buffer, at, b.length).set(b);
    var n = x[run](b.length);
    return new TextDecoder().decode(new Uint8Array(x.memory.buffer, x.core_output(), n));
  };
  var here = function (run, query) {
    onThread = onThread || compile().then(function (m) { return WebAssembly.instantiate(m); });
    return onThread.then(function (i) { return run === "warm" ? null : call(i.exports, run, query); })
      .catch(function () { return null; });
  };
  var startLane = function () {
    var l = { worker: null, sent: Promise.resolve(), pending: {} };
    try {
      l.worker = new Worker("./__WORKER_JS__");
      l.worker.onmessage = function (e) {
        var p = l.pending[e.data.id];
        delete l.pending[e.data.id];
        if (p) p.done(e.data.text);
      };
      l.worker.onerror = function () {
        l.worker = null;
        var held = l.pending;
        l.pending = {};
        for (var id in held) here(held[id].run, held[id].query).then(held[id].done);
      };
      if (compiled) l.sent = compiled.then(function (m) { l.worker && l.worker.postMessage({ module: m }); }, function () {});
    } catch (e) { l.worker = null; }
    return l;
  };
  window.memcalcCore = function (run, query) {
    var name = run === "plan_answer" ? "plan" : "core";
    var l = (lanes[name] = lanes[name] || startLane());
    if (!l.worker) return here(run, query);
    return new Promise(function (done) {
      var id = ++next;
      if (run !== "warm") l.pending[id] = { run: run, query: query, done: done };
      else done(null);
      l.sent.then(function () { l.worker && l.worker.postMessage({ id: id, run: run, query: query }); });
    });
  };
  // The link's own theme, read as the app reads it (crates/memcalc-core/src/schema/page.rs:
  // the last light, dark or auto; auto or empty leave the visitor's), applied at once: a
  // dark embed's page is dark before its answer, not the light default's background.
  var linkTheme = "";
  start.replace(/(?:^|&)theme=([^&]*)/g, function (m, v) {
    if (v === "light" || v === "dark" || v === "auto" || v === "") linkTheme = v;
    return m;
  });
  if (linkTheme === "light" || linkTheme === "dark") root.setAttribute("data-theme", linkTheme);
  // One frame: where the browser reports no presentation (below), or a hidden or throttled
  // frame, which never paints (100 ms).
  var painted = function () {
    return new Promise(function (r) {
      requestAnimationFrame(function () { setTimeout(r); });
      setTimeout(r, 100);
    });
  };
  // Settles once the first screen's frame has been presented, when the browser delivers an
  // entry of `type` that `hit` accepts; after `wait` ms without one (a hidden tab, a screen
  // without a number); where the type is unsupported, after one frame. The app is requested
  // then: requested one frame earlier (after the frame's main-thread work, before its raster
  // and draw), its download and compile raced them on this machine's two cores and the
  // plain page's prerendered answer showed ~35 ms later, the small wasm's ~40 ms later
  // (docs/performance.md).
  var presented = function (type, hit, wait) {
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (types.indexOf(type) < 0) return painted();
    return new Promise(function (r) {
      var o = new PerformanceObserver(function (list) {
        if (list.getEntries().some(hit)) done();
      }), done = function () { o.disconnect(); r(); };
      o.observe({ type: type, buffered: true });
      setTimeout(done, wait);
    });
  };
  // The core's screen: its number's Element Timing entry.
  var shown = function () {
    return presented("element", function (e) { return e.identifier === "total" || e.identifier === "table-total"; }, 250);
  };
  // The prerendered answer is the page's first contentful paint (on a phone its total may
  // be below the fold, where Element Timing reports nothing), reported by every current
  // browser unless the page is hidden: 1 s at most, so that a slow first frame is not raced.
  // Once it is presented, the core starts and works out the default link's time while the app
  // downloads.
  if (start === "" || start === "__DEFAULT_LINK__") {
    return presented("paint", function (e) { return e.name === "first-contentful-paint"; }, 1000)
      .then(function () { window.memcalcCore("warm", start); });
  }
  root.classList.add(/(^|&)embed=(1|true|on)(&|$)/.test(start) ? "pre-none" : "pre-skeleton");
  // Nothing shows until the answer, for 250 ms at most: a shell painted first delays the
  // answer's own frame (its glyphs rastered and its frame drawn on the same two cores,
  // about 15 ms, docs/performance.md "Nothing before the answer"), and a shell seen for
  // a few frames is a flash, not a help. A slow network or device sees the shell at 250 ms.
  root.classList.add("pre-wait");
  setTimeout(function () { root.classList.remove("pre-wait"); }, 250);
  var ready = new Promise(function (r) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", r); else r();
  });
  // The core writes this calculation's first screen here; then the worker, handed the compiled
  // module, works out the time of its link while the app downloads.
  return here("first_screen", start).then(function (html) {
    // Not written: the app writes the answer as it mounts, as without this script.
    if (html === null) return;
    return ready.then(function () {
      var old = document.getElementById("prerender");
      if (!old) return;
      old.outerHTML = html;
      var t = document.getElementById("prerender").getAttribute("data-pre-theme");
      if (t) root.setAttribute("data-theme", t);
      root.classList.remove("pre-wait", "pre-skeleton", "pre-none");
      return shown();
    });
  }).catch(function () {}).then(function () { window.memcalcCore("warm", start); });
})();
