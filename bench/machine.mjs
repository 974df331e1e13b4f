// How fast this shared machine is right now, for reading the page figures of different days side
// by side: the floor page measures the browser's own navigation, not the CPU, and the CPU here
// varies by 1.5-2x from day to day (the same build's numbers move with it). The figure is the core's
// (crates/memcalc-worker) first first-screen call in a fresh Node process (V8 compiles what it
// reaches on that call, as the page does): median of 5 processes. Figures before issue 36's core
// came from the first-answer wasm alone (memcalc-first), which reached less code.
// Usage: node bench/machine.mjs [dist dir = dist]   (also printed by bench/page.mjs)
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { LINK } from "./observe.mjs";

// Run in the child: instantiate the wasm, call it once, print the call's milliseconds.
const child = `
const b = require("fs").readFileSync(process.argv[1]);
WebAssembly.instantiate(b).then((m) => {
  const x = m.instance.exports, q = new TextEncoder().encode(process.argv[2]);
  const at = x.core_input(q.length); // may grow the memory: its buffer read after
  new Uint8Array(x.memory.buffer, at, q.length).set(q);
  const t = performance.now();
  x.first_screen(q.length);
  console.log(performance.now() - t);
});`;

export function firstCallMs(dist = "dist") {
  const wasm = readdirSync(dist).find((f) => /^memcalc-worker-.*\.wasm$/.test(f));
  if (!wasm) return NaN;
  const runs = Array.from({ length: 5 }, () => Number(execFileSync(process.execPath, ["-e", child, `${dist}/${wasm}`, LINK]).toString()));
  return runs.sort((a, b) => a - b)[2];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`machine: the core's first first-screen call in Node, median of 5 processes: ${firstCallMs(process.argv[2] ?? "dist").toFixed(1)} ms`);
}
