// The end of first-screen.js's function where the build has a first-answer wasm (memcalc-
// prerender's second argument; __FIRST_WASM__ becomes its file name): fetches it, has it write
// this calculation's first screen and puts that in place of the prerendered one. Its `return`
// is the function's (`node --check` accepts it: it reads a .js file as CommonJS, whose module
// body is a function). This opening comment is not sent.

// Nothing shows until the answer, for 250 ms at most: a shell painted first delays the
// answer's own frame (its glyphs rastered and its frame drawn on the same two cores,
// about 15 ms, docs/performance.md "Nothing before the answer"), and a shell seen for
// a few frames is a flash, not a help. A slow network or device sees the shell at 250 ms.
root.classList.add("pre-wait");
setTimeout(function () { root.classList.remove("pre-wait"); }, 250);
// The small wasm's interface: crates/memcalc-first/src/lib.rs (mod wasm).
var url = "./__FIRST_WASM__", get = function () { return fetch(url); };
var ready = new Promise(function (r) {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", r); else r();
});
return (WebAssembly.instantiateStreaming ? WebAssembly.instantiateStreaming(get()) : Promise.reject())
  .catch(function () { return get().then(function (r) { return r.arrayBuffer(); }).then(function (b) { return WebAssembly.instantiate(b); }); })
  .then(function (m) {
    // Each call may grow the memory, detaching the buffer read before it.
    var x = m.instance.exports, b = new TextEncoder().encode(start), at = x.first_input(b.length);
    new Uint8Array(x.memory.buffer, at, b.length).set(b);
    var n = x.first_screen(b.length);
    var html = new TextDecoder().decode(new Uint8Array(x.memory.buffer, x.first_output(), n));
    return ready.then(function () {
      var old = document.getElementById("prerender");
      if (!old) return;
      old.outerHTML = html;
      var t = document.getElementById("prerender").getAttribute("data-pre-theme");
      if (t) root.setAttribute("data-theme", t);
      root.classList.remove("pre-wait", "pre-skeleton", "pre-none");
      return shown();
    });
  })
  // Blocked or failed: the app writes the answer as it mounts, as without this script.
  .catch(function () {});
