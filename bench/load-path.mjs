// A cold load's path to an interactive page, from the page's own timestamps (no tracing): when
// the first number was painted, when each file's request started and its response ended, the
// long tasks (over 50 ms) on the page's thread, and when the live app mounted; N loads of one
// entry point, each on a fresh context. All in ms from navigation.
// Usage: node bench/load-path.mjs [query = ""] [loads = 5] [dist = dist]
import { INIT, launch, load } from "./observe.mjs";
import { spawn } from "node:child_process";

const QUERY = process.argv[2] ?? "";
const N = Number(process.argv[3] ?? 5);
const DIST = process.argv[4] ?? "dist";
const PORT = Number(process.env.BENCH_PORT ?? 4194);
const server = spawn("node", ["scripts/serve-dist.mjs", DIST, String(PORT)], { stdio: "ignore" });
await new Promise((r) => setTimeout(r, 500));
const browser = await launch();
for (let i = 0; i < N; i++) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await ctx.newPage();
  await page.addInitScript(INIT);
  await load(page, `http://127.0.0.1:${PORT}/${QUERY ? "?" + QUERY : ""}`);
  await page.waitForTimeout(300);
  const r = await page.evaluate(() => {
    const mc = window.__mc;
    const first = mc.element.filter((e) => e.id === "total" || e.id === "table-total").map((e) => e.t).sort((a, b) => a - b)[0];
    const res = performance.getEntriesByType("resource").map((e) => `${e.name.split("/").pop().replace(/-[0-9a-f]{16}/, "").slice(0, 24)} ${e.startTime.toFixed(0)}→${e.responseEnd.toFixed(0)}`);
    const long = mc.long.map((l) => `${l.s.toFixed(0)}+${(l.e - l.s).toFixed(0)}`);
    return { first: first?.toFixed(0), fcp: mc.fcp.toFixed(0), mounted: mc.mounted.toFixed(0), res, long };
  });
  console.log(`load ${i + 1}: first ${r.first} fcp ${r.fcp} mounted ${r.mounted} | long ${r.long.join(" ")} | ${r.res.join(", ")}`);
  await ctx.close();
}
await browser.close();
server.kill();
