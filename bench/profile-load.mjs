// Which functions a cold load runs until the live app has mounted: V8's sampling profiler
// (100 µs) from before navigation to the mount, self and total time by function. Use a dist whose
// app wasm keeps its names (see bench/profile-input.mjs).
// Usage: node bench/profile-load.mjs [query = ""] [dist = dist] [top = 40]
import { launch } from "./observe.mjs";
import { byFunction, show } from "./profile.mjs";
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
const { self, total } = byFunction(profile);
show(self, "self (ms)", TOP);
show(new Map([...total].filter(([k]) => /memcalc_|leptos|tachys|__wbg_init|instantiate|compile/.test(k))), "ours, total (ms)", TOP);
