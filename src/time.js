// The time wasm's loader (src/time.rs). The interface is memcalc-first's
// (crates/memcalc-wasm-io): write the query, run, read the JSON. The wasm's file name is in
// index.html's `memcalc-time` meta (memcalc-post-build). Instantiated once, after one
// frame: the first answer's paint is not raced. Failures resolve to null, never a rejection,
// which index.html's first script reads as a frame's CORS failure.
let time;

// The app's loader (crates/memcalc-build/src/app-loader.js) has usually fetched and compiled
// the wasm while the app's own downloaded (`window.memcalcTimeModule`, null on failure): then it
// is only instantiated; else it is fetched here.
function load() {
  const url = document.querySelector('meta[name="memcalc-time"]').content;
  const get = () => fetch(url);
  const fetched = () => new Promise((r) => { requestAnimationFrame(() => setTimeout(r)); setTimeout(r, 100); })
    .then(() => (WebAssembly.instantiateStreaming ? WebAssembly.instantiateStreaming(get()) : Promise.reject()))
    .catch(() => get().then((r) => r.arrayBuffer()).then((b) => WebAssembly.instantiate(b)))
    .then((m) => m.instance.exports);
  return Promise.resolve(window.memcalcTimeModule)
    .then((m) => (m ? WebAssembly.instantiate(m).then((i) => i.exports) : fetched()))
    .catch(fetched);
}

// Each answer is worked out in a task of its own after the edit's frame, and only for the
// newest query: run in the promise's microtask, it and the redraw of what it answers (the speed
// line, the savings' times, the scaling lines) joined the edit's task, and every keystroke paid
// it (issue 39, docs/performance.md); a superseded query answers null, which the page never
// reads (it drops answers to an older query).
let latest;
const frame = () => new Promise((r) => { requestAnimationFrame(() => setTimeout(r)); setTimeout(r, 100); });

export function time_answer(query) {
  time ||= load();
  latest = query;
  return time.then((x) => frame().then(() => x)).then((x) => {
    if (query !== latest) return null;
    // Each call may grow the memory, detaching the buffer read before it.
    const b = new TextEncoder().encode(query), at = x.time_input(b.length);
    new Uint8Array(x.memory.buffer, at, b.length).set(b);
    const n = x.time_answer(b.length);
    return new TextDecoder().decode(new Uint8Array(x.memory.buffer, x.time_output(), n));
  }).catch(() => null);
}
