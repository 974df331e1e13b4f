// What bench/page.mjs and bench/first-number.mjs share: the browser they launch and the
// observers they install in every page before its scripts run.
import { chromium } from "@playwright/test";

// The shared link the benches load (its answer needs the small first-answer wasm): a 7B-sized
// architecture without a parameter count, ZeRO-3 over 8 GPUs.
export const LINK = "params=&layers=32&hidden=4096&heads=32&vocab=32000&gpus=8&zero=3";

// The live app (not the prerendered first screen) with its first result drawn.
export const LIVE = "main.calculator:not([data-prerender]) [data-testid=total][data-bytes], main.calculator:not([data-prerender]) table.breakdown tfoot";

export const launch = () =>
  chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run"],
  });

// Installed before any of the page's scripts: Element Timing, long tasks, and when the live
// app (not the prerendered first screen) mounted.
export const INIT = () => {
  const mc = (window.__mc = { element: [], long: [], mounted: NaN, fcp: NaN, prerendered: null });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (e.name === "first-contentful-paint") mc.fcp = e.startTime;
  }).observe({ type: "paint", buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) mc.element.push({ id: e.identifier, t: e.renderTime || e.loadTime });
  }).observe({ type: "element", buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) mc.long.push({ s: e.startTime, e: e.startTime + e.duration });
  }).observe({ type: "longtask", buffered: true });
  // Element Timing on the total: the attribute is added as the element is inserted (a mutation
  // observer runs before the next paint), so the same bench measures any build of the page.
  // Without the verdict (an embed showing chart and table), the table's total is the first number:
  // the footer's first cell, not its share ("100 %", which a link's skeleton shows as it is).
  const mo = new MutationObserver(() => {
    for (const [sel, id] of [["[data-testid=total]", "total"], ["table.breakdown tfoot td:first-of-type", "table-total"]]) {
      for (const el of document.querySelectorAll(sel)) if (!el.hasAttribute("elementtiming")) el.setAttribute("elementtiming", id);
    }
    if (Number.isNaN(mc.mounted) && document.querySelector("main.calculator:not([data-prerender])")) {
      mc.mounted = performance.now();
      console.debug("memcalc-bench: mounted"); // for load() below
    }
    // The prerendered total (memcalc-post-build) is in the HTML, so in the first contentful
    // paint when the page shows it; Chromium may report no Element Timing for it, because the
    // app can remove it before the entry is delivered. Shown unless the inline script hid it,
    // decided when the HTML's copy is parsed: a first screen the small first-answer wasm writes
    // later (a link, an embed) has its own Element Timing entry.
    const cl = document.documentElement.classList;
    if (mc.prerendered === null && document.querySelector("#prerender .total")) mc.prerendered = !cl.contains("pre-skeleton") && !cl.contains("pre-none");
  });
  mo.observe(document, { childList: true, subtree: true });
};

// A cold load of `url`, settled once the live app has mounted. Until then the page is not
// touched: Playwright's selector waits evaluate its own script in the page, and started right
// after the load event that compile ran during the first screen's frame and delayed the number it
// shows by 10-30 ms (docs/performance.md "The bench's own script").
export async function load(page, url) {
  const mounted = page.waitForEvent("console", { predicate: (m) => m.text() === "memcalc-bench: mounted", timeout: 20000 });
  await page.goto(url);
  await mounted;
  await page.waitForSelector(LIVE);
}
