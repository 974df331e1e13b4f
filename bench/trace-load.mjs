// Where a cold load's time goes until the live app has mounted: traces one load (Chromium's
// devtools.timeline and v8 categories) and prints the page's main-thread tasks over 3 ms with
// their start, duration and what they ran (the longest events inside), and the requests with
// their start and end, all in ms from navigation. With a dist whose app wasm keeps its names
// (see bench/profile-input.mjs), PROFILE=1 adds the wasm functions that took longest.
// Usage: node bench/trace-load.mjs [query = ""] [dist = dist]
import { launch } from "./observe.mjs";
import { spawn } from "node:child_process";

const QUERY = process.argv[2] ?? "";
const DIST = process.argv[3] ?? "dist";
const PORT = Number(process.env.BENCH_PORT ?? 4193);
const server = spawn("node", ["scripts/serve-dist.mjs", DIST, String(PORT)], { stdio: "ignore" });
await new Promise((r) => setTimeout(r, 500));
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
const cdp = await page.context().newCDPSession(page);
const events = [];
cdp.on("Tracing.dataCollected", (d) => events.push(...d.value));
const done = new Promise((r) => cdp.once("Tracing.tracingComplete", r));
await cdp.send("Tracing.start", { categories: "devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,v8.wasm,loading,blink.user_timing,navigation", transferMode: "ReportEvents" });
await page.goto(`http://127.0.0.1:${PORT}/${QUERY ? "?" + QUERY : ""}`);
await page.waitForSelector("main.calculator:not([data-prerender])");
await page.waitForTimeout(800);
await cdp.send("Tracing.end");
await done;
await browser.close();
server.kill();
const names = new Map();
for (const e of events) if (e.ph === "M" && e.name === "thread_name") names.set(`${e.pid}:${e.tid}`, e.args.name);
const nav = events.find((e) => e.name === "navigationStart" || e.name === "NavigationTiming" ) ?? events.find((e) => e.name === "ResourceSendRequest");
const t0 = nav.ts;
const ms = (ts) => ((ts - t0) / 1000).toFixed(1);
const main = events.filter((e) => names.get(`${e.pid}:${e.tid}`) === "CrRendererMain" && e.ph === "X");
const tasks = main.filter((e) => (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask") && e.dur > 3000);
for (const t of tasks) {
  const inner = main.filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur && e.dur > 1000 && !/RunTask/.test(e.name))
    .sort((a, b) => b.dur - a.dur).slice(0, 4).map((e) => `${e.name}${e.args?.data?.url ? "(" + e.args.data.url.split("/").pop().slice(0, 30) + ")" : ""}${e.args?.data?.functionName ? "(" + e.args.data.functionName + ")" : ""} ${(e.dur / 1000).toFixed(1)}`);
  console.log(`task @${ms(t.ts)} ${(t.dur / 1000).toFixed(1)} ms: ${inner.join(", ")}`);
}
for (const e of events.filter((e) => e.name === "ResourceSendRequest")) {
  const id = e.args.data.requestId;
  const fin = events.find((f) => f.name === "ResourceFinish" && f.args.data.requestId === id);
  console.log(`req ${e.args.data.url.split("/").pop().slice(0, 40).padEnd(40)} @${ms(e.ts)} → ${fin ? ms(fin.ts) : "?"}`);
}
const marks = events.filter((e) => /firstContentfulPaint|firstPaint|domContentLoaded|loadEventEnd/.test(e.name));
for (const m of marks) console.log(`${m.name} @${ms(m.ts)}`);
