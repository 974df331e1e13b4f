// The app's loader, written into index.html's head by memcalc-post-build (Trunk injects none:
// `inject_scripts = false` in Trunk.toml). It requests the app's JavaScript glue, which then
// fetches the app's wasm, only once `window.memcalcFirst` has settled (once the first answer is
// painted; at once on the plain page, whose answer is in the HTML), so nothing the app needs
// competes with the first answer. __APP_JS__ and __APP_WASM__ become the built files' names. A
// failed import stays an unhandled rejection, which index.html's first script reads as a
// sandboxed frame's CORS failure. The app's time answers come from the page's core, which the
// first script has started by then (window.memcalcCore, src/time.js). This opening comment is
// not sent.

(window.memcalcFirst || Promise.resolve())
  .then(function () { return import("./__APP_JS__"); })
  .then(async function (bindings) {
    var wasm = await bindings.default({ module_or_path: "./__APP_WASM__" });
    window.wasmBindings = bindings;
    dispatchEvent(new CustomEvent("TrunkApplicationStarted", { detail: { wasm: wasm } }));
  });
