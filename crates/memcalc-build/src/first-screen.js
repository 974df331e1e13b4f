// index.html's first script, written by memcalc-post-build in place of <!-- prerender --> before
// the body's first screen: applies the visitor's or the link's theme and decides what the first
// screen shows. Its function's last statement, "return Promise.resolve();", ends it without a
// first-answer wasm; where there is one, first-screen-wasm.js takes its place. __DEFAULT_LINK__
// becomes the default calculation's query. This opening comment (up to the first blank line) is
// not sent, and each line is indented as the script's place in index.html needs.

window.memcalcFirst = (function () {
  var root = document.documentElement, q = location.search.replace(/^\?/, ""), start = "";
  try {
    var t = localStorage.getItem("memcalc:theme");
    if (t === "light" || t === "dark") root.setAttribute("data-theme", t);
    // As the app: the link's query, else the calculation this browser remembers.
    start = q !== "" ? q : localStorage.getItem("memcalc:last") || "";
  } catch (e) { start = q; }
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
  // The small wasm's screen: its number's Element Timing entry.
  var shown = function () {
    return presented("element", function (e) { return e.identifier === "total" || e.identifier === "table-total"; }, 250);
  };
  // The prerendered answer is the page's first contentful paint (on a phone its total may
  // be below the fold, where Element Timing reports nothing), reported by every current
  // browser unless the page is hidden: 1 s at most, so that a slow first frame is not raced.
  if (start === "" || start === "__DEFAULT_LINK__") return presented("paint", function (e) { return e.name === "first-contentful-paint"; }, 1000);
  root.classList.add(/(^|&)embed=(1|true|on)(&|$)/.test(start) ? "pre-none" : "pre-skeleton");
  return Promise.resolve();
})();
