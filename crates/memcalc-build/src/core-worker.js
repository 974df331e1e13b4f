// The core worker's script (issue 36), written into the build by memcalc-post-build as
// memcalc-worker-<hash>.js with __CORE_WASM__ set to the core's wasm (crates/memcalc-worker).
// index.html's first script starts it (window.memcalcCore) and posts {id, run, query}; it
// answers {id, text}: a time answer (or a first screen, where the page asks). Its first message
// may hand it the core's module compiled by the page ({module}: a link's first screen was
// written with it), else it fetches the wasm itself. After a first screen, or on "warm" (the
// plain page once its prerendered answer is painted, a link once its first screen is), it works
// out the time of the link the app will hold when it mounts (`start_link`) and keeps it, so
// the app's first time request is answered at once. This opening comment is not sent.

// The core: the module the page compiled, where its first message hands one over, else fetched.
var core = null;
var load = function (module) {
  if (module) return WebAssembly.instantiate(module).then(function (i) { return i.exports; });
  var get = function () { return fetch("./__CORE_WASM__"); };
  return (WebAssembly.instantiateStreaming ? WebAssembly.instantiateStreaming(get()) : Promise.reject())
    .catch(function () { return get().then(function (r) { return r.arrayBuffer(); }).then(function (b) { return WebAssembly.instantiate(b); }); })
    .then(function (m) { return m.instance.exports; });
};
// The same calls as the first script's own on the page's thread, where no worker starts.
var call = function (x, run, query) {
  // Each call may grow the memory, detaching the buffer read before it.
  var b = new TextEncoder().encode(query), at = x.core_input(b.length);
  new Uint8Array(x.memory.buffer, at, b.length).set(b);
  var n = x[run](b.length);
  return new TextDecoder().decode(new Uint8Array(x.memory.buffer, x.core_output(), n));
};
// The time answer worked out ahead: {link, text}.
var ahead = null;
var warm = function (x, query) {
  var link = call(x, "start_link", query);
  if (!ahead || ahead.link !== link) ahead = { link: link, text: call(x, "time_answer", link) };
};
onmessage = function (e) {
  var m = e.data;
  if (m.module) {
    core = core || load(m.module);
    return;
  }
  core = core || load(null);
  core.then(function (x) {
    if (m.run === "warm") return warm(x, m.query);
    var text = m.run === "time_answer" && ahead && ahead.link === m.query ? ahead.text : call(x, m.run, m.query);
    postMessage({ id: m.id, text: text });
    if (m.run === "first_screen") warm(x, m.query);
  }).catch(function () {
    if (m.run !== "warm") postMessage({ id: m.id, text: null });
  });
};
