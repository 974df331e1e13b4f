// Page benchmarks in headless Chromium against the release build (dist/):
// cold load to first result, input-to-paint latency (p50/p95), and the transferred size.
// Usage: node bench/page.mjs   (after `make build`)
import { chromium } from "@playwright/test";
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { gzipSync, brotliCompressSync } from "node:zlib";

const PORT = 4190;
const server = spawn("node", ["scripts/serve-dist.mjs", "dist", String(PORT), "/"], { stdio: "ignore" });
await new Promise((r) => setTimeout(r, 500));

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const fmt = (x) => x.toFixed(2);

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run"],
});
try {
  // Cold load: a fresh context each time (no cache), navigation start to the total shown.
  const loads = [];
  for (let i = 0; i < 10; i++) {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto(`http://127.0.0.1:${PORT}/`);
    await page.waitForSelector("[data-testid=total][data-bytes]");
    loads.push(await page.evaluate(() => performance.now()));
    await ctx.close();
  }
  // Input to next frame: set the parameter count, dispatch input, wait for the next animation
  // frame after the result changed.
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(`http://127.0.0.1:${PORT}/?params=&layers=32&hidden=4096&heads=32&vocab=32000`);
  await page.waitForSelector("[data-testid=total][data-bytes]");
  const samples = [];
  for (let i = 0; i < 60; i++) {
    const r = await page.evaluate(async (v) => {
      const el = document.getElementById("field-layers");
      const total = document.querySelector("[data-testid=total]");
      const before = total.dataset.bytes;
      // Work: until the total's attribute changes (a MutationObserver sees it in a microtask).
      let tWork = 0;
      const seen = new Promise((res) => {
        const mo = new MutationObserver(() => {
          tWork = performance.now();
          mo.disconnect();
          res();
        });
        mo.observe(total, { attributes: true });
      });
      const t0 = performance.now();
      el.value = String(v);
      el.dispatchEvent(new Event("input", { bubbles: true }));
      await seen;
      // Frame: the next animation frame after the update (aligned to the display's refresh).
      await new Promise((r) => requestAnimationFrame(() => r()));
      return { work: tWork - t0, frame: performance.now() - t0, changed: total.dataset.bytes !== before };
    }, 20 + (i % 40));
    if (i >= 10 && r.changed) samples.push(r); // the first runs warm up the JIT
  }
  await ctx.close();

  let gz = 0, br = 0;
  for (const f of readdirSync("dist")) {
    if (!/\.(wasm|js|css|html)$/.test(f) || !statSync(`dist/${f}`).isFile()) continue;
    const b = readFileSync(`dist/${f}`);
    gz += gzipSync(b, { level: 9 }).length;
    br += brotliCompressSync(b).length;
  }
  console.log(`cold load to first result (ms, 10 runs): p50 ${fmt(pct(loads, 50))}, p95 ${fmt(pct(loads, 95))}`);
  const work = samples.map((r) => r.work);
  const frame = samples.map((r) => r.frame);
  console.log(`input to updated DOM (ms, ${samples.length} runs): p50 ${fmt(pct(work, 50))}, p95 ${fmt(pct(work, 95))}`);
  console.log(`input to next animation frame (ms): p50 ${fmt(pct(frame, 50))}, p95 ${fmt(pct(frame, 95))}`);
  console.log(`transfer: ${gz} B gzip -9, ${br} B brotli`);
} finally {
  await browser.close();
  server.kill();
}
