// What the planner's own worker costs (issue 41/36): index.html's first script sends
// "plan_answer" to a second core worker, started when the page first plans and handed the module
// the page compiled (else it fetches the wasm: the browser's cache serves it). This times, in
// Node's V8, the core wasm's compile (paid once by the page, not again by the second worker),
// one more instantiate (what the second worker adds) and that instance's first plan and time
// answers (cold) against warmed ones, median of 7.
// Usage: node bench/plan-lane.mjs [dist dir = dist]
import { readFileSync, readdirSync } from "node:fs";

const dist = process.argv[2] ?? "dist";
const file = readdirSync(dist).find((f) => /^memcalc-worker-[0-9a-f]+\.wasm$/.test(f));
if (!file) throw new Error(`no memcalc-worker-<hash>.wasm in ${dist}`);
const bytes = readFileSync(`${dist}/${file}`);
const median = (v) => v.sort((a, b) => a - b)[v.length >> 1];
const version = readFileSync("crates/memcalc-core/src/schema/url.rs", "utf8").match(/SCHEMA_VERSION: u32 = (\d+)/)[1];
const plan = `v=${version}&params=7B&seq=4096&plan_tokens=1B&plan_deadline_h=72`;
const time = `v=${version}&params=7B&seq=4096`;
function call(x, run, query) {
  const b = new TextEncoder().encode(query), at = x.core_input(b.length);
  new Uint8Array(x.memory.buffer, at, b.length).set(b);
  const n = x[run](b.length);
  return new TextDecoder().decode(new Uint8Array(x.memory.buffer, x.core_output(), n));
}
const timed = async (f) => { const s = performance.now(); const r = await f(); return [performance.now() - s, r]; };
const compile = [], inst = [], coldPlan = [], warmPlan = [], warmTime = [];
for (let i = 0; i < 7; i++) {
  const [c, m] = await timed(() => WebAssembly.compile(bytes));
  const [n, instance] = await timed(() => WebAssembly.instantiate(m));
  const x = instance.exports;
  coldPlan.push((await timed(() => call(x, "plan_answer", plan)))[0]);
  warmPlan.push((await timed(() => call(x, "plan_answer", plan)))[0]);
  call(x, "time_answer", time);
  warmTime.push((await timed(() => call(x, "time_answer", time)))[0]);
  compile.push(c);
  inst.push(n);
}
const f = (v) => `${median(v).toFixed(1)} ms`;
console.log(`${file} (${bytes.length} B)`);
console.log(`compile ${f(compile)} (once per page); instantiate ${f(inst)} (the plan worker's extra)`);
console.log(`first plan on a fresh instance ${f(coldPlan)}, warmed ${f(warmPlan)}; a time answer warmed ${f(warmTime)}`);
