import { test, expect, ready, totalBytes, chartPixels, partRows, ARTIFACTS, watch, SUBPATH_PORT } from "./fixtures";

test("loads without console errors and shows a full breakdown", async ({ page }) => {
  await page.goto("./");
  await ready(page);
  for (const id of ["weights", "master_weights", "gradients", "optimizer", "activations", "logits", "overhead", "runtime"]) {
    await expect(page.locator(`[data-component="${id}"]`)).toHaveAttribute("data-bytes", /^\d+$/);
  }
  // The total is the sum of the device rows, never the largest one.
  const rows = await page.locator('[data-component][data-location="device"]').evaluateAll((els) =>
    els.reduce((sum, e) => sum + Number(e.getAttribute("data-bytes")), 0),
  );
  expect(await totalBytes(page)).toBe(rows);
  // 7B, BF16 mixed precision, AdamW: 16 bytes per parameter of model states.
  const states = await page.locator('[data-component="weights"], [data-component="master_weights"], [data-component="gradients"], [data-component="optimizer"]').evaluateAll((els) =>
    els.reduce((sum, e) => sum + Number(e.getAttribute("data-bytes")), 0),
  );
  expect(states).toBe(112e9);
  await expect(page.getByTestId("verdict")).toHaveAttribute("data-fits", "false");
  await expect(page.locator("[data-component=optimizer] .formula")).toContainText("2 × 7,000,000,000 × 4 B");
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-desktop.png`, fullPage: true });
});

test("changing an input updates the total, the rows and the chart pixels", async ({ page }) => {
  await page.goto("./");
  await ready(page);
  const before = await totalBytes(page);
  const chartBefore = await chartPixels(page);
  expect(chartBefore.inked, "the chart is drawn").toBeGreaterThan(1000);

  await page.getByLabel("Parameters", { exact: true }).fill("1.5B");
  await expect(page.locator("[data-component=weights]")).toHaveAttribute("data-bytes", "3000000000");
  expect(await totalBytes(page)).toBeLessThan(before);
  await expect.poll(async () => (await chartPixels(page)).hash).not.toBe(chartBefore.hash);

  await page.getByLabel("Mode", { exact: true }).selectOption("infer");
  await expect(page.locator("[data-component=gradients]")).toHaveCount(0);
  await expect(page.getByTestId("verdict")).toHaveAttribute("data-fits", "true");
});

test("the chart is crisp on a HiDPI screen: backing store is CSS size × devicePixelRatio", async ({ browser }) => {
  const context = await browser.newContext({ deviceScaleFactor: 2, viewport: { width: 1100, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  watch(page, problems);
  await page.goto("./");
  await ready(page);
  await expect.poll(async () => (await chartPixels(page)).width).toBeGreaterThan(0);
  const px = await chartPixels(page);
  expect(px.dpr).toBe(2);
  expect(Math.abs(px.width - Math.round(px.cssWidth * 2))).toBeLessThanOrEqual(2);
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-desktop-2x.png` });
  expect(problems).toEqual([]);
  await context.close();
});

test("a copied URL reopens the same calculation in a fresh page", async ({ page, browser }) => {
  await page.goto("./");
  await ready(page);
  await page.getByLabel("Parameters", { exact: true }).fill("13B");
  await page.getByLabel("Optimizer", { exact: true }).selectOption("momentum");
  await page.getByLabel("Precision", { exact: true }).selectOption("fp16");
  await page.getByLabel("GPU", { exact: true }).selectOption("a100-80");
  await expect(page).toHaveURL(/params=13B/);
  await expect(page).toHaveURL(/optimizer=momentum/);
  // The address bar follows a pause in typing: wait for the last change to reach it.
  await expect(page).toHaveURL(/gpu=a100-80/);
  const url = page.url();
  const rows = await partRows(page);
  const total = await totalBytes(page);

  const context = await browser.newContext();
  const fresh = await context.newPage();
  const problems: string[] = [];
  watch(fresh, problems);
  await fresh.goto(url);
  await ready(fresh);
  expect(await totalBytes(fresh)).toBe(total);
  const freshRows = await partRows(fresh);
  expect(freshRows).toEqual(rows);
  await expect(fresh.getByLabel("Parameters", { exact: true })).toHaveValue("13B");
  await expect(fresh.getByLabel("Optimizer", { exact: true })).toHaveValue("momentum");
  await expect(fresh.getByLabel("GPU", { exact: true })).toHaveValue("a100-80");
  expect(problems).toEqual([]);
  await context.close();
});

test("a nonsense query gives specific messages and a page that still works", async ({ page }) => {
  await page.goto("./?params=banana&colour=blue&v=1");
  await ready(page);
  const alerts = page.getByRole("alert");
  await expect(alerts.filter({ hasText: "'banana' is not a count" })).toBeVisible();
  await expect(alerts.filter({ hasText: "Unknown parameter 'colour' was ignored" })).toBeVisible();
  await expect(page.getByLabel("Parameters", { exact: true })).toHaveValue("banana");
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-nonsense-query.png`, fullPage: true });

  await page.getByLabel("Parameters", { exact: true }).fill("3B");
  await expect(page.locator("[data-component=weights]")).toHaveAttribute("data-bytes", "6000000000");
  await expect(alerts.filter({ hasText: "'banana'" })).toHaveCount(0);
  await expect(page).toHaveURL(/params=3B/);
});

test("phone width: the layout stacks and nothing overflows", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const problems: string[] = [];
  watch(page, problems);
  await page.goto("./?mode=infer&params=8B");
  await ready(page);
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-phone.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(problems).toEqual([]);
  await context.close();
});

test("typing key by key keeps focus and every character", async ({ page }) => {
  await page.goto("./");
  await ready(page);
  const field = page.getByLabel("Parameters", { exact: true });
  await field.click();
  await field.press("Control+a");
  await page.keyboard.type("13.5B", { delay: 30 });
  await expect(field).toHaveValue("13.5B");
  await expect(field).toBeFocused();
  await expect(page.locator("[data-component=weights]")).toHaveAttribute("data-bytes", "27000000000");
});

test("the same build works from a sub-path and its links keep the path", async ({ page }) => {
  await page.goto(`http://127.0.0.1:${SUBPATH_PORT}/tools/memcalc/?params=13B`);
  await ready(page);
  await expect(page.locator("[data-component=weights]")).toHaveAttribute("data-bytes", "26000000000");
  await page.getByLabel("Parameters", { exact: true }).fill("3B");
  await expect(page).toHaveURL(/\/tools\/memcalc\/\?v=7&params=3B&shape=dense$/);
});
