import { test, expect, ready, watch, ARTIFACTS } from "./fixtures";

// The first screen prerendered into index.html at build time (memcalc-post-build,
// memcalc-post-build) must be the live default answer: read it with scripts off, then compare
// every number with the app's.
test("the prerendered first screen is the live default answer, and gives way to the app", async ({ browser, page }) => {
  const off = await browser.newContext({ javaScriptEnabled: false });
  const still = await off.newPage();
  await still.goto("./");
  const pre = still.locator("#prerender");
  await expect(pre.locator(".total")).toBeVisible();
  const preTotal = await pre.locator(".total").innerText();
  const preVerdict = await pre.locator(".verdict-text").innerText();
  const preRows = await pre.locator("tbody tr").evaluateAll((rows) =>
    rows.map((r) => [r.getAttribute("data-pre-component"), r.querySelector("th")!.textContent!.trim(), r.querySelector("td.num")!.textContent!.trim(), r.querySelector(".formula")!.textContent!.trim()]),
  );
  await off.close();

  await page.goto("./");
  await ready(page);
  // Gone as the app mounts: one total on the page, the live one.
  await expect(page.locator("#prerender")).toHaveCount(0);
  await expect(page.getByTestId("total")).toHaveText(preTotal);
  await expect(page.locator(".verdict-text")).toHaveText(preVerdict);
  const liveRows = await page.locator("table.breakdown tbody tr").evaluateAll((rows) =>
    rows.map((r) => [r.getAttribute("data-component"), r.querySelector("th")!.textContent!.trim(), r.querySelector("td.num")!.textContent!.trim(), r.querySelector(".formula")!.textContent!.trim()]),
  );
  expect(preRows.length).toBeGreaterThan(3);
  expect(liveRows).toEqual(preRows);
});

test("without any WebAssembly, a link with a query or a remembered calculation shows nothing for 250 ms, then the shell without anything of the default's answer; an embed shows none of it", async ({ browser }) => {
  const off = await browser.newContext({ javaScriptEnabled: true });
  const page = await off.newPage();
  // Hold back both wasm files (the first answer's and the app's), to see what the HTML alone paints.
  await page.route(/\.wasm$/, () => {});
  // For its first 250 ms a link shows nothing (its answer usually comes within them, and a shell
  // painted first delays it); the page's timers are held (paused, not only faked) to see that state.
  const now = Date.now();
  await page.clock.install({ time: now });
  await page.clock.pauseAt(now + 1000);
  await page.goto("./?params=70B&gpus=8&zero=3");
  await expect(page.locator("html")).toHaveClass(/pre-wait/);
  await expect(page.locator("#prerender")).toBeHidden();
  await expect(page.locator("#boot")).toBeHidden();
  await page.clock.runFor(250);
  await expect(page.locator("#prerender .inputs h2")).toBeVisible();
  // Nothing of the default's answer: its total, its verdict and warnings, its rows and their
  // names are not the link's.
  for (const part of [".total", ".verdict-text", ".warnings li", "tbody th", "tfoot td"]) {
    await expect(page.locator(`#prerender ${part}`).first()).toBeHidden();
  }
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-prerender-skeleton.png` });
  await page.goto("./?embed=1&show=chart,table");
  await expect(page.locator("#boot")).toBeHidden();
  await page.clock.runFor(250);
  await expect(page.locator("#prerender")).toBeHidden();
  await expect(page.getByText("Loading the memory calculator")).toBeVisible();
  // A dark embed is dark from its first paint, before its answer (the link's theme wins, the last
  // one given, as the app reads it; auto leaves the visitor's).
  const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  const light = await background();
  await page.goto("./?theme=light&embed=1&theme=dark");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(await background()).not.toEqual(light);
  await page.goto("./?theme=dark&embed=1&theme=auto");
  await expect(page.locator("html")).not.toHaveAttribute("data-theme", /./);
  await page.goto("./");
  await expect(page.locator("#prerender .total")).toBeVisible();
  await page.evaluate(() => localStorage.setItem("memcalc:last", "v=2&params=70B"));
  await page.goto("./");
  await expect(page.locator("#prerender .total")).toBeHidden();
  await off.close();
});

// The plain page requests the app once its prerendered answer has been presented (its first
// contentful paint), not one frame earlier: requested after the frame's main-thread work, the
// app's script and wasm compile raced that frame's raster and draw, and the answer showed about
// 35 ms later (docs/performance.md, "The bench's own script"). On a phone the answer's total is
// below the form's box, so the first contentful paint, not the total's Element Timing, is the signal.
test("the plain page requests the app only once its prerendered answer has been presented", async ({ page }) => {
  await page.goto("./");
  await ready(page);
  const t = await page.evaluate(() => ({
    fcp: performance.getEntriesByType("paint").find((e) => e.name === "first-contentful-paint")?.startTime ?? NaN,
    app: performance.getEntriesByType("resource").find((e) => /memcalc-app-[^/]*\.js$/.test(e.name))?.startTime ?? NaN,
  }));
  expect(t.fcp).toBeGreaterThan(0);
  expect(t.app).toBeGreaterThanOrEqual(t.fcp);
});

// A link's, a remembered calculation's and an embed's first answer is written by the page's core
// (crates/memcalc-worker, in its worker, with crates/memcalc-first's writer) before the app's
// files are even requested: with the app's wasm and JS held back, it must show, and equal the
// live app's numbers.
const LINK = "params=70B&gpus=8&zero=3&units=decimal";
const EMBED = "embed=1&show=chart,table";
type Row = (string | null)[];
const rowsOf = (rows: Element[], attr: string): Row[] =>
  rows.map((r) => [r.getAttribute(attr), r.querySelector("th")!.textContent!.trim(), r.querySelector("td.num")!.textContent!.trim(), r.querySelector(".formula")!.textContent!.trim()]);

test("a link's, a remembered calculation's and an embed's first answer comes from the page's core, before the app is requested, with the live numbers", async ({ browser, page }) => {
  const ctx = await browser.newContext();
  const pre = await ctx.newPage();
  const problems: string[] = [];
  watch(pre, problems);
  const early: string[] = [];
  await pre.route(/memcalc-app-[^/]*\.(wasm|js)$/, async (route) => {
    // The app is requested only once the first answer is on screen (crates/memcalc-build/src/app-loader.js).
    const shown = await pre
      .evaluate(() => !!document.querySelector("#prerender .total, #prerender tfoot td.num") && !document.documentElement.className.includes("pre-"))
      .catch(() => true); // navigated away meanwhile
    if (!shown) early.push(route.request().url());
    // Never answered: whatever shows is the core's.
  });
  const seen: { [q: string]: { total: string; rows: Row[]; verdict: string | null } } = {};
  const project = test.info().project.name;
  for (const [q, name] of [[LINK, "link"], [EMBED, "embed"]]) {
    await pre.goto(`./?${q}`);
    const screen = pre.locator("#prerender");
    const total = name === "embed" ? screen.locator("tfoot td.num").first() : screen.locator(".total");
    await expect(total).toBeVisible();
    await pre.screenshot({ path: `${ARTIFACTS}/${project}-first-answer-${name}.png` });
    // A phone stacks the form's box (640 px until the form comes) above the answer: the live
    // form's pill, sticky at the bottom of that box, shows the link's total at once.
    if (project === "phone" && name === "link") {
      await expect(screen.locator(".mobile-summary")).toBeInViewport();
      await expect(screen.locator(".mobile-summary")).toContainText(await total.innerText());
    }
    await expect(screen.locator("[data-testid], [data-component]")).toHaveCount(0);
    seen[q] = {
      total: await total.innerText(),
      rows: await screen.locator("tbody tr").evaluateAll(rowsOf, "data-pre-component"),
      verdict: (await screen.locator(".verdict-text").count()) ? await screen.locator(".verdict-text").innerText() : null,
    };
    expect(seen[q].rows.length).toBeGreaterThan(3);
  }
  // An embed shows what show= asks for: no header, no form, no verdict.
  expect(seen[EMBED].verdict).toBeNull();
  // The calculation this browser remembers, on the plain page.
  await pre.evaluate((q) => localStorage.setItem("memcalc:last", q), LINK);
  await pre.goto("./");
  await expect(pre.locator("#prerender .total")).toHaveText(seen[LINK].total);
  expect(early).toEqual([]);
  expect(problems).toEqual([]);
  await ctx.close();

  for (const q of [LINK, EMBED]) {
    await page.goto(`./?${q}`);
    const live = page.locator("main.calculator:not([data-prerender])");
    await expect(live.locator("table.breakdown tbody tr[data-component]").first()).toBeVisible();
    await expect(page.locator("#prerender")).toHaveCount(0);
    await expect(live.locator("table.breakdown tfoot td.num").first()).toHaveText(seen[q].total);
    if (seen[q].verdict !== null) {
      await expect(page.getByTestId("total")).toHaveText(seen[q].total);
      await expect(live.locator(".verdict-text")).toHaveText(seen[q].verdict!);
    }
    expect(await live.locator("table.breakdown tbody tr").evaluateAll(rowsOf, "data-component")).toEqual(seen[q].rows);
  }
});

// Each size of each face ("strike") the first screen uses is set up inside its first layout: a
// font lookup and, on Linux, a render-style query to the browser process, about 1-2 ms each on
// this machine. With 9 strikes in 3 faces that layout took ~25 ms, with 4 in 2 ~10 ms
// (docs/performance.md, "Fewer font strikes"); the type scale (style/main.css) keeps it so.
test("the first screen of the plain page, a link and an embed uses at most 4 font strikes in 2 faces", async ({ browser }) => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  // The app held back: what is measured is the first screen alone.
  await page.route(/memcalc-app-[^/]*\.(wasm|js)$/, () => {});
  for (const q of ["", `?${LINK}`, `?${EMBED}`, "?params=13B&gpus=8&zero=2&offload=optimizer&host_mem=1024&dataset=40GB&dataset_on=host"]) {
    await page.goto(`./${q}`);
    await expect(page.locator("#prerender .total, #prerender tfoot td.num").first()).toBeVisible();
    const strikes = await page.locator("#prerender").evaluate((root) => {
      const seen = new Set<string>();
      const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        const el = n.parentElement!;
        if (!n.textContent!.trim() || el.getClientRects().length === 0) continue;
        const s = getComputedStyle(el);
        const face = `${s.fontFamily.split(",")[0]} ${Number(s.fontWeight) >= 600 ? "bold" : "regular"} ${s.fontStyle}`;
        seen.add(`${face} @ ${s.fontSize}`);
      }
      return [...seen].sort();
    });
    expect(strikes.length, `${q || "plain page"}: ${strikes.join("; ")}`).toBeLessThanOrEqual(4);
    expect(new Set(strikes.map((s) => s.split(" @ ")[0])).size, strikes.join("; ")).toBeLessThanOrEqual(2);
  }
  await ctx.close();
});
