// Which functions an edit runs: the same 20 edits of the batch field as bench/trace-input.mjs,
// under V8's sampling profiler (100 µs), self and total time by function over all edits. Give it
// a dist whose app wasm keeps its names (copy dist/ and put target/wasm-bindgen/release's
// memcalc-app_bg.wasm, from before wasm-opt, in place of the built one).
// Usage: node bench/profile-input.mjs [query = ""] [dist = dist] [top = 40]
import { launch } from "./observe.mjs";
import { byFunction, show } from "./profile.mjs";
import { spawn } from "node:child_process";

const QUERY = process.argv[2] ?? "";
const DIST = process.argv[3] ?? "dist";
const TOP = Number(process.argv[4] ?? 40);
const PORT = Number(process.env.BENCH_PORT ?? 4192);
const server = spawn("node", ["scripts/serve-dist.mjs", DIST, String(PORT)], { stdio: "ignore" });
await new Promise((r) => setTimeout(r, 500));
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
await page.goto(`http://127.0.0.1:${PORT}/${QUERY ? "?" + QUERY : ""}`);
await page.waitForSelector('main.calculator:not([data-prerender]) input[name="batch"]');
await page.waitForTimeout(2500);
const cdp = await page.context().newCDPSession(page);
await cdp.send("Profiler.enable");
await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
await cdp.send("Profiler.start");
await page.evaluate(async () => {
  const input = document.querySelector('main.calculator:not([data-prerender]) input[name="batch"]');
  const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set;
  const base = parseInt(input.value, 10) || 1;
  for (let i = 1; i <= 20; i++) {
    await new Promise((r) => setTimeout(r, 60 + ((i * 7) % 17)));
    set.call(input, String(base + i));
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }
  await new Promise((r) => setTimeout(r, 300));
});
const { profile } = await cdp.send("Profiler.stop");
await browser.close();
server.kill();
const { self, total, byId, parent } = byFunction(profile);
const dt = profile.timeDeltas;
show(self, "self (ms over 20 edits)", TOP);
show(total, "total (ms over 20 edits)", TOP);
show(new Map([...total].filter(([k]) => /memcalc_|draw|derive|estimate/.test(k))), "ours, total (ms over 20 edits)", TOP);
// CALLERS=regex: the call paths (3 frames up) that lead to matching functions, by self time.
if (process.env.CALLERS) {
  const re = new RegExp(process.env.CALLERS);
  const paths = new Map();
  profile.samples.forEach((id, i) => {
    const d = (dt[i + 1] ?? 0) / 1000;
    let n = byId.get(id);
    if (!re.test(n.callFrame.functionName)) return;
    const chain = [];
    for (let p = parent.get(id); p !== undefined && chain.length < 4; p = parent.get(p)) chain.push(byId.get(p).callFrame.functionName.replace(/::h[0-9a-f]{16}/, "").slice(0, 90));
    const k = chain.join(" <- ");
    paths.set(k, (paths.get(k) ?? 0) + d);
  });
  for (const [k, v] of [...paths].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`${v.toFixed(1).padStart(7)}  ${k}`);
}
