// The planner's answer in the page's core (issue 41): `plan_answer` of the core worker's wasm
// (crates/memcalc-worker) for each goal of crates/memcalc-core/examples/plan_bench.rs, warmed,
// best and median of 7 calls, in Node's V8 (as the page's worker). The page's target is under
// 150 ms for the search over every device (docs/performance.md, "The planner (issue 41)").
// Usage: node bench/plan-answer.mjs [dist dir or .wasm file = dist] [runs = 7]
// A wasm straight from cargo works too (not shrunk by wasm-opt, so a little slower or faster):
//   cargo build --release -p memcalc-worker --target wasm32-unknown-unknown
//   node bench/plan-answer.mjs $CARGO_TARGET_DIR/wasm32-unknown-unknown/release/memcalc_worker.wasm
import { readFileSync, readdirSync } from "node:fs";
import { createHash } from "node:crypto";

const where = process.argv[2] ?? "dist";
const runs = Number(process.argv[3] ?? 7);
const path = where.endsWith(".wasm")
  ? where
  : `${where}/${readdirSync(where).find((f) => /^memcalc-worker-[0-9a-f]+\.wasm$/.test(f))}`;
const source = readFileSync("crates/memcalc-core/examples/plan_bench.rs", "utf8");
// As the page's links: at the schema's version (the example reads them as typed queries).
const version = readFileSync("crates/memcalc-core/src/schema/url.rs", "utf8").match(/SCHEMA_VERSION: u32 = (\d+)/)[1];
const cases = [...source.matchAll(/\(\s*"([a-z0-9_]+)",\s*"([^"]+)",\s*"([^"]+)",?\s*\)/g)].map((m) => [m[1], `v=${version}&${m[2]}&${m[3]}`]);
if (!cases.length) throw new Error("no goals read from crates/memcalc-core/examples/plan_bench.rs");
const { instance } = await WebAssembly.instantiate(readFileSync(path));
const x = instance.exports;
function answer(query) {
  // Each call may grow the memory, detaching the buffer read before it (crates/memcalc-build/src/core-worker.js).
  const b = new TextEncoder().encode(query), at = x.core_input(b.length);
  new Uint8Array(x.memory.buffer, at, b.length).set(b);
  const n = x.plan_answer(b.length);
  return new TextDecoder().decode(new Uint8Array(x.memory.buffer, x.core_output(), n));
}
for (const [name, query] of cases) {
  const text = answer(query);
  const first = JSON.parse(text);
  // The answer's digest: a faster search must give the same answer, byte for byte.
  const digest = createHash("sha256").update(text).digest("hex").slice(0, 12);
  // Wall time, and the process's CPU time (user + system), which a machine shared with other
  // builds inflates much less.
  const t = [], cpu = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now(), c = process.cpuUsage();
    answer(query);
    const used = process.cpuUsage(c);
    t.push(performance.now() - s);
    cpu.push((used.user + used.system) / 1e3);
  }
  t.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const tried = first?.sentences?.find?.((s) => s[0] === "tried")?.[1] ?? "";
  console.log(`${name.padEnd(24)} best ${t[0].toFixed(1).padStart(7)} ms  median ${t[t.length >> 1].toFixed(1).padStart(7)} ms  CPU ${cpu[0].toFixed(1).padStart(7)} ms  answer ${digest}  ${tried}`);
}
