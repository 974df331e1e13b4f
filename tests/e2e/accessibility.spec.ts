import AxeBuilder from "@axe-core/playwright";
import { test, expect, ready, watch, ARTIFACTS } from "./fixtures";

const PAGES = [
  ["training", "./"],
  ["inference", "./?mode=infer&params=&layers=32&hidden=4096&heads=32&kv_heads=8&ffn=14336&vocab=128256&seq=8192"],
  ["simulation", "./?mode=sim&method=lbm&nx=512&ny=512&nz=512&sim_device=gpu&ranks=1&dtype=fp32"],
  ["invalid input", "./?params=banana&colour=blue"],
];

for (const [name, url] of PAGES) {
  test(`axe finds no serious or critical violation: ${name}`, async ({ page }) => {
    await page.goto(url);
    await ready(page);
    // Open every fold so hidden fields are checked too.
    await page.locator("details").evaluateAll((els) => els.forEach((d) => ((d as HTMLDetailsElement).open = true)));
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
  });
}

test("axe finds no serious or critical violation in the dark theme, with the embed dialog open", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("./?preset=llama-3-8b-serve&measured=60&measured_kind=reserved");
  await ready(page);
  await page.waitForTimeout(400);
  await page.locator("details").evaluateAll((els) => els.forEach((d) => ((d as HTMLDetailsElement).open = true)));
  let results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.getByTestId("embed-code").click();
  results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test("phone width with reduced motion: usable, no overflow, no violations", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 760 }, reducedMotion: "reduce", deviceScaleFactor: 3 });
  const page = await context.newPage();
  const problems: string[] = [];
  watch(page, problems);
  await page.goto("./?mode=sim&method=particles&particles=32000&density=0.8442&cutoff=2.5&skin=0.3&ranks=4");
  await ready(page);
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-phone-sim.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

test("the keyboard alone reaches every control", async ({ page }) => {
  await page.goto("./");
  await ready(page);
  // The time answer brings controls of its own (the launch settings' Copy buttons): counted once
  // it has arrived, or the Tabs below stop short of them.
  await expect(page.getByTestId("speed")).toHaveAttribute("data-bound", /.+/);
  // Every fold open, those a fold renders once it opens included (the layout rows' "Launch"
  // folds, issue 40): a closed fold's content still has client rects (Chromium hides it with
  // content-visibility), so it would count as reachable below without taking a Tab stop.
  await expect
    .poll(async () => {
      await page.locator("details").evaluateAll((els) => els.forEach((d) => ((d as HTMLDetailsElement).open = true)));
      return page.locator("details:not([open])").count();
    })
    .toBe(0);
  // Text areas take a Tab stop too (the config.json and log boxes).
  const controls = await page.locator("select, input, button, summary, textarea").count();
  const seen = new Set<string>();
  for (let i = 0; i < controls + 5; i++) {
    await page.keyboard.press("Tab");
    const id = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? `${el.tagName}#${el.id}|${el.textContent?.slice(0, 20)}` : "";
    });
    seen.add(id);
  }
  // Every control a sighted keyboard user can see (a closed dialog's buttons are not on screen).
  const reachable = await page.locator("select, input, button, summary, textarea").evaluateAll((els) =>
    els.filter((el) => el.getClientRects().length > 0).map((el) => `${el.tagName}#${el.id}|${el.textContent?.slice(0, 20)}`),
  );
  for (const r of reachable) expect(seen, `not reachable by Tab: ${r}`).toContain(r);
});

test("text that looks like markup in a link stays inert text", async ({ page }) => {
  let dialogs = 0;
  page.on("dialog", (d) => {
    dialogs++;
    d.dismiss();
  });
  const evil = encodeURIComponent('<img src=x onerror="alert(1)"><script>alert(2)</script>');
  await page.goto(`./?params=${evil}&${evil}=1`);
  await ready(page);
  await expect(page.getByLabel("Parameters", { exact: true })).toHaveValue('<img src=x onerror="alert(1)"><script>alert(2)</script>');
  await expect(page.getByRole("alert").filter({ hasText: "<img src=x" }).first()).toBeVisible();
  expect(await page.locator("main img, main script, .query-notices img").count()).toBe(0);
  expect(dialogs).toBe(0);
});

test("if the WebAssembly cannot load, the page says so in plain HTML", async ({ page }) => {
  await page.route(/\.wasm$/, (route) => route.abort());
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("./");
  await expect(page.getByText("Loading the memory calculator")).toBeVisible();
  await expect(page.getByText("The calculator could not start")).toBeVisible({ timeout: 15_000 });
  // The app never mounted; what stands is the prerendered default answer (memcalc-post-build).
  await expect(page.locator("main.calculator:not([data-prerender])")).toHaveCount(0);
});
