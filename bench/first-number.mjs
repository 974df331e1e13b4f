// First number visible, for several builds side by side: cold loads interleaved between the
// builds and the entry points (plain page, shared link, embed), so machine noise hits all alike.
// The first number is read as bench/page.mjs reads it (Element Timing on the total, or the first
// contentful paint when it holds the prerendered total).
// Usage: node bench/first-number.mjs [loads = 11] <dist dir>...   (ONLY=plain|link|embed: one entry)
import { INIT, LINK, launch, load } from "./observe.mjs";
import { spawn } from "node:child_process";

const RUNS = Number(process.argv[2] ?? 11);
const DISTS = process.argv.slice(3);
if (DISTS.length === 0) throw new Error("usage: node bench/first-number.mjs [loads] <dist dir>...");
const PORT = Number(process.env.BENCH_PORT ?? 4300);
const servers = DISTS.map((d, i) => spawn("node", ["scripts/serve-dist.mjs", d, String(PORT + i), "/"], { stdio: "ignore" }));
await new Promise((r) => setTimeout(r, 600));
const ENTRIES = [
  ["plain", ""],
  ["link", `?${LINK}`],
  ["embed", "?embed=1&show=chart,table"],
].filter(([n]) => !process.env.ONLY || process.env.ONLY === n);


const browser = await launch();
const results = new Map();
try {
  for (let i = 0; i < RUNS; i++) {
    for (const [name, query] of ENTRIES) {
      for (let d = 0; d < DISTS.length; d++) {
        const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        const page = await ctx.newPage();
        await page.addInitScript(INIT);
        await load(page, `http://127.0.0.1:${PORT + d}/${query}`);
        await page.waitForTimeout(250);
        const m = await page.evaluate(() => {
          const mc = window.__mc;
          return { first: Math.min(...mc.element.map((e) => e.t), mc.prerendered === true ? mc.fcp : Infinity), fcp: mc.fcp };
        });
        const key = `${name.padEnd(6)} ${DISTS[d]}`;
        if (!results.has(key)) results.set(key, { first: [], fcp: [] });
        results.get(key).first.push(m.first);
        results.get(key).fcp.push(m.fcp);
        await ctx.close();
      }
    }
  }
  const sorted = (xs) => [...xs].sort((a, b) => a - b);
  const median = (xs) => sorted(xs)[Math.floor(xs.length / 2)];
  console.log(`${RUNS} cold loads each, interleaved; first number and first contentful paint, medians (ms), then every load sorted`);
  for (const [key, r] of results) {
    console.log(`${key} | first ${median(r.first).toFixed(0)} | fcp ${median(r.fcp).toFixed(0)} | ${sorted(r.first).map(Math.round).join(", ")}`);
  }
} finally {
  await browser.close();
  servers.forEach((s) => s.kill());
}
