// What one change costs the page's core (crates/memcalc-worker, in its worker since issue 36; on
// the page's thread before): its time answer for each preset's query, warmed, median of 21
// calls, in Node's V8 (as the page's). The core reads the query and estimates again what the app
// already estimated; the split of that cost is in crates/memcalc-worker/examples/cost.rs (native).
// Usage: node bench/time-answer.mjs [dist dir = dist] [call = time_answer]
// With `launch_rows` as the call: the rows' launch settings the page asks apart when a row's
// "Launch" fold first opens (issue 41/36); each answer's JSON bytes are printed too.
import { readFileSync, readdirSync } from "node:fs";

const dist = process.argv[2] ?? "dist";
const run = process.argv[3] ?? "time_answer";
const file = readdirSync(dist).find((f) => /^memcalc-worker-[0-9a-f]+\.wasm$/.test(f));
if (!file) throw new Error(`no memcalc-worker-<hash>.wasm in ${dist}`);
const presets = readFileSync("crates/memcalc-core/src/schema/presets.rs", "utf8");
const queries = [...presets.matchAll(/query: "([^"]+)"/g)].map((m) => `${m[1]}&scaling_y=time`);
const { instance } = await WebAssembly.instantiate(readFileSync(`${dist}/${file}`));
const x = instance.exports;
function answer(query) {
  // Each call may grow the memory, detaching the buffer read before it (crates/memcalc-build/src/core-worker.js).
  const b = new TextEncoder().encode(query), at = x.core_input(b.length);
  new Uint8Array(x.memory.buffer, at, b.length).set(b);
  const n = x[run](b.length);
  return new TextDecoder().decode(new Uint8Array(x.memory.buffer, x.core_output(), n));
}
const median = (v) => v.sort((a, b) => a - b)[v.length >> 1];
const bytes = [];
const rows = queries.map((q) => {
  bytes.push(new TextEncoder().encode(answer(q)).length);
  const t = [];
  for (let i = 0; i < 21; i++) {
    const s = performance.now();
    answer(q);
    t.push(performance.now() - s);
  }
  return median(t);
});
for (const [i, ms] of rows.entries()) console.log(`${queries[i].slice(0, 60).padEnd(60)} ${ms.toFixed(2)} ms ${bytes[i]} B`);
console.log(`${queries.length} presets, ${run}: median ${median([...rows]).toFixed(2)} ms, max ${Math.max(...rows).toFixed(2)} ms per answer; JSON median ${median([...bytes])} B, max ${Math.max(...bytes)} B`);
