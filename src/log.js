// The log box's wasm loader (src/log.rs). The interface is the core worker's (crates/memcalc-worker)
// (crates/memcalc-wasm-io): write a call, run, read the answer; the calls are
// crates/memcalc-log's `call`: `feed\n<slice>` reads one more slice of the log,
// `finish\n<query>` answers the log read so far for the page's query (JSON). The wasm's file
// name is in index.html's `memcalc-log` meta (memcalc-post-build). It is fetched on first use
// only (the box opened, a log read or dropped), never at page load, so no visitor who does not
// use the box pays for the log reading. Failures resolve to null, never a rejection (the box
// then says the reader did not load), and the next use tries again.
let log;

function load() {
  const url = document.querySelector('meta[name="memcalc-log"]').content;
  const get = () => fetch(url).then((r) => (r.ok ? r : Promise.reject(r.status)));
  return (WebAssembly.instantiateStreaming ? WebAssembly.instantiateStreaming(get()) : Promise.reject())
    .catch(() => get().then((r) => r.arrayBuffer()).then((b) => WebAssembly.instantiate(b)))
    .then((m) => m.instance.exports);
}

// The wasm's exports, fetched and instantiated once; null when it did not load.
export function log_load() {
  log ||= Promise.resolve().then(load).catch(() => {
    log = undefined;
    return null;
  });
  return log;
}

function call(x, text) {
  // Each call may grow the memory, detaching the buffer read before it.
  const b = new TextEncoder().encode(text), at = x.log_input(b.length);
  new Uint8Array(x.memory.buffer, at, b.length).set(b);
  const n = x.log_answer(b.length);
  return new TextDecoder().decode(new Uint8Array(x.memory.buffer, x.log_output(), n));
}

// UTF-16 code units read per timer tick: a large log is read a slice per task, so the page
// stays responsive (a 20 MB log is about 80 slices); `progress` gets the percent read.
const SLICE = 256 * 1024;

// The answer (JSON of memcalc_core::report::log_check::LogView) to `text` for the page's
// `query`; null when the wasm did not load or failed.
export function log_answer(query, text, progress) {
  return log_load().then((x) => x && new Promise((resolve) => {
    let at = 0;
    const step = () => {
      try {
        let end = Math.min(at + SLICE, text.length);
        // Never between the halves of a surrogate pair.
        if (end < text.length && (text.charCodeAt(end - 1) & 0xfc00) === 0xd800) end += 1;
        call(x, "feed\n" + text.slice(at, end));
        at = end;
        if (at >= text.length) return resolve(call(x, "finish\n" + query));
        progress(Math.floor((at * 100) / text.length));
        setTimeout(step);
      } catch {
        // A trapped wasm is not used again.
        log = undefined;
        resolve(null);
      }
    };
    step();
  })).catch(() => null);
}
