// Page benchmarks in headless Chromium against the release build (dist/), for three entry
// points: the plain page, a shared link with parameters, and an embed. For each: the bytes the
// page had received when its first number was painted, when that number was painted (Element
// Timing on the total), when the page became interactive, and input → next frame (p50/p95).
// Then the long tasks an edit leaves behind (issue 39: 102 ms on the EAM ranks field): 20 edits of
// a simulation's ranks and of a model's batch, each followed for 800 ms.
// Usage: node bench/page.mjs [cold loads per entry point = 11] [dist dir = dist]   (after `make build`)
// BENCH_ONLY=edits runs the long-task part alone.
import { INIT, LINK, LIVE, launch, load } from "./observe.mjs";
import { firstCallMs } from "./machine.mjs";
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename } from "node:path";
import { gzipSync, brotliCompressSync } from "node:zlib";

const PORT = Number(process.env.BENCH_PORT ?? 4190);
const RUNS = Number(process.argv[2] ?? 11);
const DIST = process.argv[3] ?? "dist";
// The floor: a static page of a few hundred bytes holding one number, served by the same server
// (as its examples dir). Its first paint is what this browser and machine take for any page;
// the three entry points are read against it.
const FLOOR = mkdtempSync(`${tmpdir()}/memcalc-floor-`);
writeFileSync(
  `${FLOOR}/floor.html`,
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>floor</title></head><body><main class="calculator"><p>Total <strong data-testid="total" data-bytes="1" elementtiming="total">23.59 GiB</strong></p></main></body></html>`,
);
const server = spawn("node", ["scripts/serve-dist.mjs", DIST, String(PORT), "/", FLOOR], { stdio: "ignore" });
await new Promise((r) => setTimeout(r, 500));

// Each entry point: its query and the input a user changes there (a form field, or on an embed
// without the form, the units).
const ENTRIES = [
  { name: "plain page", query: "", input: { field: "field-params", values: (i) => `${1 + (i % 40)}B` } },
  {
    name: "shared link",
    query: `?${LINK}`,
    input: { field: "field-layers", values: (i) => String(20 + (i % 40)) },
  },
  { name: "embed", query: "?embed=1&show=chart,table", input: { units: true } },
  { name: "floor", query: "examples/floor.html", input: null },
];

const pct = (xs, p) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const fmt = (x) => (Number.isFinite(x) ? x.toFixed(1) : "—");

// gzip -9 size of every file the server can send, by name (what a static host would transfer).
const gz = new Map();
let gzTotal = 0, brTotal = 0;
for (const f of readdirSync(DIST)) {
  if (!statSync(`${DIST}/${f}`).isFile()) continue;
  const b = readFileSync(`${DIST}/${f}`);
  const g = gzipSync(b, { level: 9 }).length;
  gz.set(f, g);
  if (/\.(wasm|js|css|html)$/.test(f) && f !== "embed.js") {
    gzTotal += g;
    brTotal += brotliCompressSync(b).length;
  }
}


const ONLY_EDITS = process.env.BENCH_ONLY === "edits";
// Edits whose work after the answer (the time model, the charts, the sweeps) ran as one long task.
const EDITS = [
  { name: "EAM ranks", query: "?preset=eam-copper", field: "field-ranks", values: (i) => String(2 + (i % 6) * 2) },
  { name: "serving batch", query: "?preset=llama-3-8b-serve", field: "field-batch", values: (i) => String(8 + (i % 8) * 4) },
];

async function edits(browser) {
  console.log("long tasks after an edit (20 edits after 3 warm-up, each followed for 800 ms): longest task per edit p50 / max, edits with a task over 50 ms, total blocking (time over 50 ms) p50");
  for (const e of EDITS) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await page.addInitScript(INIT);
    await page.goto(`http://127.0.0.1:${PORT}/${e.query}`);
    await page.waitForSelector(LIVE);
    await page.waitForTimeout(1500);
    const longest = [], blocking = [];
    for (let i = 0; i < 23; i++) {
      const tasks = await page.evaluate(async ({ field, value }) => {
        const el = document.getElementById(field);
        const t0 = performance.now();
        el.value = value;
        el.dispatchEvent(new Event("input", { bubbles: true }));
        el.dispatchEvent(new Event("change", { bubbles: true }));
        await new Promise((r) => setTimeout(r, 800));
        return window.__mc.long.filter((t) => t.s >= t0 - 1).map((t) => t.e - t.s);
      }, { field: e.field, value: e.values(i) });
      if (i < 3) continue;
      longest.push(Math.max(0, ...tasks));
      blocking.push(tasks.reduce((s, d) => s + Math.max(0, d - 50), 0));
    }
    console.log(`${e.name.padEnd(13)} | longest ${fmt(pct(longest, 50))} / ${fmt(Math.max(...longest))} ms | over 50 ms: ${longest.filter((d) => d > 50).length} of ${longest.length} | blocking ${fmt(pct(blocking, 50))} ms`);
    await ctx.close();
  }
}

const browser = await launch();
const results = Object.fromEntries(ENTRIES.map((e) => [e.name, { first: [], interactive: [], bytes: [], frame: [], work: [] }]));
try {
  await edits(browser);
  // Cold loads, interleaved between the entry points so that machine noise hits all alike.
  for (let i = 0; ONLY_EDITS ? false : i < RUNS; i++) {
    for (const entry of ENTRIES) {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await ctx.newPage();
      await page.addInitScript(INIT);
      await load(page, `http://127.0.0.1:${PORT}/${entry.query}`);
      await page.waitForTimeout(300); // the entries of the last frames
      const m = await page.evaluate((floor) => {
        const mc = window.__mc;
        // The floor's number is all it paints: its first contentful paint.
        const painted = floor || mc.prerendered === true ? mc.fcp : Infinity;
        const first = Math.min(...mc.element.filter((e) => e.id === "total" || e.id === "table-total").map((e) => e.t), painted);
        // Interactive: the live app has mounted and the task that mounted it has ended.
        let interactive = mc.mounted;
        for (const t of mc.long) if (t.s <= mc.mounted && t.e > interactive) interactive = t.e;
        const got = performance
          .getEntriesByType("resource")
          .filter((r) => r.responseEnd <= first)
          .map((r) => new URL(r.name).pathname);
        return { first, interactive, got };
      }, !entry.input);
      const r = results[entry.name];
      r.first.push(m.first);
      r.interactive.push(m.interactive);
      r.bytes.push(
        entry.input
          ? gz.get("index.html") + m.got.reduce((s, p) => s + (gz.get(basename(p)) ?? 0), 0)
          : gzipSync(readFileSync(`${FLOOR}/floor.html`), { level: 9 }).length,
      );
      await ctx.close();
    }
  }
  // Input to next frame: 60 changes after the page settled, the first 10 as warm-up.
  for (const entry of ONLY_EDITS ? [] : ENTRIES) {
    if (!entry.input) continue;
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(`http://127.0.0.1:${PORT}/${entry.query}`);
    await page.waitForSelector(LIVE);
    await page.waitForTimeout(500);
    for (let i = 0; i < 60; i++) {
      const value = entry.input.field ? entry.input.values(i) : i % 2 === 0 ? "GB" : "GiB";
      const s = await page.evaluate(async ({ field, value }) => {
        const el = field
          ? document.getElementById(field)
          : document.querySelector(`[data-testid=units] input[value=${value}]`);
        const watched = document.querySelector("[data-testid=total]") ?? document.querySelector("table.breakdown tfoot");
        let tWork = 0;
        const seen = new Promise((res) => {
          const mo = new MutationObserver(() => {
            tWork = performance.now();
            mo.disconnect();
            res(true);
          });
          mo.observe(watched, { attributes: true, childList: true, characterData: true, subtree: true });
          setTimeout(() => res(false), 1000);
        });
        const t0 = performance.now();
        if (field) {
          el.value = value;
          el.dispatchEvent(new Event("input", { bubbles: true }));
        } else {
          el.checked = true;
          el.dispatchEvent(new Event("change", { bubbles: true }));
        }
        const changed = await seen;
        await new Promise((r) => requestAnimationFrame(() => r()));
        return { work: tWork - t0, frame: performance.now() - t0, changed };
      }, { field: entry.input.field, value });
      if (i >= 10 && s.changed) {
        results[entry.name].work.push(s.work);
        results[entry.name].frame.push(s.frame);
      }
    }
    await ctx.close();
  }

  if (!ONLY_EDITS) report();
} finally {
  await browser.close();
  server.kill();
  rmSync(FLOOR, { recursive: true, force: true });
}

function report() {
  console.log(`${RUNS} cold loads per entry point (fresh context each), medians; input: 50 changes after 10 warm-up`);
  console.log("entry point   | bytes before first number (gzip -9) | first number visible | interactive | input → DOM p50/p95 | input → next frame p50/p95");
  for (const entry of ENTRIES) {
    const r = results[entry.name];
    console.log(
      `${entry.name.padEnd(13)} | ${String(pct(r.bytes, 50)).padStart(9)} B | ${fmt(pct(r.first, 50))} ms (p95 ${fmt(pct(r.first, 95))}) | ${fmt(pct(r.interactive, 50))} ms | ${fmt(pct(r.work, 50))} / ${fmt(pct(r.work, 95))} ms (${r.work.length}) | ${fmt(pct(r.frame, 50))} / ${fmt(pct(r.frame, 95))} ms`,
    );
  }
  console.log(`all files of the page: ${gzTotal} B gzip -9, ${brTotal} B brotli`);
  console.log("floor: a static page with one number and no script or style, from the same server (what any page takes here)");
  console.log(`machine: the small wasm's first call in Node, median of 5 processes: ${firstCallMs(DIST).toFixed(1)} ms (bench/machine.mjs; 8-10 ms on a quiet day here)`);
}
