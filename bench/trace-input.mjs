// Where an edit's time goes on the page's main thread: loads the release build, waits for the live
// app, then traces (Chromium's devtools.timeline categories) 20 edits of the batch field, each as
// peers-bench makes it (set the value, dispatch `input`, 60-76 ms apart), and sums, per edit, the
// main thread's work from the input to the frame after the result's text changed: script
// (wasm and JS), style, layout, paint, and the rest. Each edit's figures and the medians.
// Usage: node bench/trace-input.mjs [query = ""] [dist = dist]
import { launch } from "./observe.mjs";
import { spawn } from "node:child_process";

const QUERY = process.argv[2] ?? "";
const DIST = process.argv[3] ?? "dist";
const PORT = Number(process.env.BENCH_PORT ?? 4191);
const server = spawn("node", ["scripts/serve-dist.mjs", DIST, String(PORT)], { stdio: "ignore" });
await new Promise((r) => setTimeout(r, 500));
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
await page.goto(`http://127.0.0.1:${PORT}/${QUERY ? "?" + QUERY : ""}`);
await page.waitForSelector('main.calculator:not([data-prerender]) input[name="batch"], main.calculator:not([data-prerender]) input#batch');
await page.waitForTimeout(2500);
const cdp = await page.context().newCDPSession(page);
const events = [];
cdp.on("Tracing.dataCollected", (d) => events.push(...d.value));
const done = new Promise((r) => cdp.once("Tracing.tracingComplete", r));
await cdp.send("Tracing.start", { categories: "devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing", transferMode: "ReportEvents" });
const marks = await page.evaluate(async () => {
  const live = document.querySelector("main.calculator:not([data-prerender])");
  const input = live.querySelector('input[name="batch"], input#batch');
  const text = () => ["[data-testid=total]", "[data-testid=verdict] .verdict-text", "[data-testid=serving]"].map((q) => live.querySelector(q)?.textContent ?? "").join("|");
  const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set;
  const base = parseInt(input.value, 10) || 1;
  const out = [];
  for (let i = 1; i <= 20; i++) {
    await new Promise((r) => setTimeout(r, 60 + ((i * 7) % 17)));
    const before = text();
    out.push(await new Promise((resolve) => {
      let dom = null;
      const mo = new MutationObserver(() => {
        if (dom !== null || text() === before) return;
        dom = performance.now();
        mo.disconnect();
        requestAnimationFrame(() => { const ch = new MessageChannel(); ch.port1.onmessage = () => resolve({ t0, dom: dom - t0, frame: performance.now() - t0 }); ch.port2.postMessage(0); });
      });
      mo.observe(document.body, { childList: true, subtree: true, characterData: true });
      const t0 = performance.now();
      performance.mark(`edit-${i}`);
      set.call(input, String(base + i));
      input.dispatchEvent(new Event("input", { bubbles: true }));
      setTimeout(() => resolve({ t0, dom: null, frame: null }), 2000);
    }));
  }
  return { out, origin: performance.timeOrigin };
});
await cdp.send("Tracing.end");
await done;
await browser.close();
server.kill();

// Main thread: the renderer's CrRendererMain.
const names = new Map();
for (const e of events) if (e.ph === "M" && e.name === "thread_name") names.set(`${e.pid}:${e.tid}`, e.args.name);
const main = events.filter((e) => names.get(`${e.pid}:${e.tid}`) === "CrRendererMain" && e.ph === "X");
const editMarks = events.filter((e) => e.ph !== "M" && /^edit-\d+$/.test(e.name)).sort((a, b) => a.ts - b.ts);
const bucket = (n) => {
  if (/^(FunctionCall|EventDispatch|TimerFire|FireAnimationFrame|v8\.|RunMicrotasks|EvaluateScript|V8\.)/.test(n)) return "script";
  if (/UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet/.test(n)) return "style";
  if (/^Layout$|UpdateLayerTree|IntersectionObserver/.test(n)) return "layout";
  if (/Paint|Layerize|PrePaint|Commit|Raster|Composite/.test(n)) return "paint";
  return null;
};
const rows = [];
marks.out.forEach((m, i) => {
  const mk = editMarks[i];
  if (!mk || m.frame === null) return;
  const t0 = mk.ts, t1 = mk.ts + m.frame * 1000;
  const sums = { script: 0, style: 0, layout: 0, paint: 0, busy: 0 };
  // Top-level tasks in the window give "busy"; categories from their direct children by name.
  for (const e of main) {
    if (e.ts + (e.dur ?? 0) < t0 || e.ts > t1) continue;
    const d = (Math.min(t1, e.ts + (e.dur ?? 0)) - Math.max(t0, e.ts)) / 1000;
    if (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask") sums.busy += d;
    const b = bucket(e.name);
    if (b) sums[b] += d;
  }
  rows.push({ edit: i + 1, dom: m.dom, frame: m.frame, ...sums });
});
const med = (k) => { const s = rows.map((r) => r[k]).sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const p95 = (k) => { const s = rows.map((r) => r[k]).sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(0.95 * s.length))]; };
for (const r of rows) console.log(Object.entries(r).map(([k, v]) => `${k}=${typeof v === "number" ? v.toFixed(1) : v}`).join(" "));
console.log(["dom", "frame", "busy", "script", "style", "layout", "paint"].map((k) => `${k} p50 ${med(k).toFixed(1)} p95 ${p95(k).toFixed(1)}`).join(" | "));
// DETAIL=1: each edit's main-thread events over 1 ms inside its window, in order.
if (process.env.DETAIL) {
  marks.out.forEach((m, i) => {
    const mk = editMarks[i];
    if (!mk || m.frame === null || i % 4) return;
    const t0 = mk.ts, t1 = mk.ts + m.frame * 1000;
    const evs = main.filter((e) => e.ts + (e.dur ?? 0) >= t0 && e.ts <= t1 && (e.dur ?? 0) > 1000 && !/RunTask/.test(e.name));
    console.log(`edit ${i + 1} (dom ${m.dom.toFixed(1)}, frame ${m.frame.toFixed(1)}): ` + evs.map((e) => `@${((e.ts - t0) / 1000).toFixed(1)} ${e.name}${e.args?.data?.type ? ":" + e.args.data.type : ""}${e.args?.data?.functionName ? ":" + e.args.data.functionName : ""} ${(e.dur / 1000).toFixed(1)}`).join(" | "));
  });
}
