// Which functions a cold load runs until the live app has mounted: V8's sampling profiler
// (100 µs) from before navigation to the mount, self and total time by function. Use a dist whose
// app wasm keeps its names (see bench/profile-input.mjs).
// Usage: node bench/profile-load.mjs [query = ""] [dist = dist] [top = 40]
import { launch } from "./observe.mjs";
import { spawn } from "node:child_process";

const QUERY = process.argv[2] ?? "";
const DIST = process.argv[3] ?? "dist";
const TOP = Number(process.argv[4] ?? 40);
const PORT = Number(process.env.BENCH_PORT ?? 4196);
const server = spawn("node", ["scripts/serve-dist.mjs", DIST, String(PORT)], { stdio: "ignore" });
await new Promise((r) => setTimeout(r, 500));
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
await page.goto(`http://127.0.0.1:${PORT}/examples/none`).catch(() => {});
const cdp = await page.context().newCDPSession(page);
await cdp.send("Profiler.enable");
await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
await cdp.send("Profiler.start");
await page.goto(`http://127.0.0.1:${PORT}/${QUERY ? "?" + QUERY : ""}`);
await page.waitForSelector("main.calculator:not([data-prerender])");
const { profile } = await cdp.send("Profiler.stop");
await browser.close();
server.kill();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map(), total = new Map();
profile.samples.forEach((id, i) => {
  const d = (profile.timeDeltas[i + 1] ?? 0) / 1000;
  const n = byId.get(id);
  const name = n.callFrame.functionName || `(${n.callFrame.url.split("/").pop() || "anon"})`;
  if (name === "(idle)" || name === "(program)") return;
  self.set(name, (self.get(name) ?? 0) + d);
  const seen = new Set();
  for (let p = id; p !== undefined; p = parent.get(p)) {
    const nm = byId.get(p).callFrame.functionName || "(anon)";
    if (!seen.has(nm)) { seen.add(nm); total.set(nm, (total.get(nm) ?? 0) + d); }
  }
});
const show = (m, title) => {
  console.log(`-- ${title} (ms)`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${v.toFixed(1).padStart(8)}  ${k.replace(/::h[0-9a-f]{16}/, "").slice(0, 140)}`);
};
show(self, "self");
show(new Map([...total].filter(([k]) => /memcalc_|leptos|tachys|__wbg_init|instantiate|compile/.test(k))), "ours, total");
