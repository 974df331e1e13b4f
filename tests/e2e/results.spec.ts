import { test, expect, ready, rowBytes, totalBytes, chartPixels, ARTIFACTS } from "./fixtures";

const SCENARIOS = [
  ["training", "./?params=&layers=32&hidden=4096&heads=32&vocab=32000&seq=4096&gpus=8&zero=1&recompute=selective"],
  ["inference", "./?preset=llama-3-8b-serve"],
  ["simulation", "./?preset=atmosphere-25km"],
];

for (const theme of ["light", "dark"]) {
  for (const [name, url] of SCENARIOS) {
    test(`screenshot: ${name}, ${theme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme as "light" | "dark" });
      await page.goto(url);
      await ready(page);
      await expect(page.locator("html")).toHaveJSProperty("dataset.theme", undefined);
      // The chart is drawn from the theme's CSS variables: its background is the panel's.
      const bg = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--panel").trim());
      const corner = await page.getByTestId("breakdown-chart").evaluate((c: HTMLCanvasElement) => {
        const copy = document.createElement("canvas");
        copy.width = c.width;
        copy.height = c.height;
        const ctx = copy.getContext("2d", { willReadFrequently: true })!;
        ctx.drawImage(c, 0, 0);
        const d = ctx.getImageData(c.width - 2, c.height - 2, 1, 1).data;
        return "#" + [d[0], d[1], d[2]].map((v) => v.toString(16).padStart(2, "0")).join("");
      });
      expect(corner).toBe(bg);
      await page.waitForTimeout(400);
      await expect(page.getByTestId("scaling-chart")).toBeVisible();
      await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-${name}-${theme}.png`, fullPage: true });
    });
  }
}

test("hovering or focusing a chart segment shows its name, bytes and share", async ({ page }) => {
  await page.goto("./");
  await ready(page);
  const weights = await rowBytes(page, "weights");
  await page.locator('.chart-hits .hit[data-segment="weights"]').hover();
  const tip = page.getByTestId("chart-tooltip");
  await expect(tip).toBeVisible();
  await expect(tip).toHaveAttribute("data-bytes", String(weights));
  await expect(tip).toContainText("Weights");
  await expect(tip).toContainText("13.04 GiB");
  await expect(tip).toContainText("14,000,000,000 bytes");
  const total = await totalBytes(page);
  const share = ((weights / total) * 100).toFixed(1);
  await expect(tip).toContainText(`${share} % of GPU memory per device`);
  await page.mouse.move(0, 0);
  await expect(tip).toHaveCount(0);

  // The keyboard reaches the same information.
  await page.locator('.chart-hits .hit[data-segment="optimizer"]').focus();
  await expect(tip).toContainText("Optimizer states");
  await expect(tip).toHaveAttribute("data-bytes", (await page.locator('[data-component="optimizer"]').getAttribute("data-bytes"))!);
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-tooltip.png` });
});

test("units switch between GiB and GB everywhere at once and travel in the link", async ({ page }) => {
  await page.goto("./?mode=infer&params=7B");
  await ready(page);
  await expect(page.getByTestId("total")).toContainText("GiB");
  const before = await chartPixels(page);
  await page.getByRole("radio", { name: "GB", exact: true }).check();
  await expect(page.getByTestId("total")).toContainText(" GB");
  await expect(page.locator('[data-component="weights"] td.num').first()).toHaveText("14.00 GB");
  await expect(page.locator(".verdict-text")).toContainText(" GB");
  await expect.poll(async () => (await chartPixels(page)).hash).not.toBe(before.hash);
  await expect(page).toHaveURL(/units=decimal/);
  await page.reload();
  await ready(page);
  await expect(page.getByTestId("total")).toContainText(" GB");
});

test("the theme toggle switches to dark and back, and is remembered", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("./");
  await ready(page);
  const light = await chartPixels(page);
  await page.getByTestId("theme").selectOption("dark");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect.poll(async () => (await chartPixels(page)).hash).not.toBe(light.hash);
  await page.reload();
  await ready(page);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.getByTestId("theme").selectOption("auto");
  await expect(page.locator("html")).not.toHaveAttribute("data-theme", /./);
});

test("applying a suggested change makes the verdict turn to fits", async ({ page }) => {
  await page.goto("./?params=13B&gpus=8");
  await ready(page);
  await expect(page.getByTestId("verdict")).toHaveAttribute("data-fits", "false");
  await page.waitForTimeout(400);
  const fitting = page.locator(".savings li.fits").first();
  await expect(fitting).toBeVisible();
  await fitting.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("verdict")).toHaveAttribute("data-fits", "true");
});

test("a preset fills the form and survives a reload through the URL", async ({ page }) => {
  await page.goto("./");
  await ready(page);
  await page.getByLabel("Start from a preset").selectOption("lj-melt");
  await expect(page.getByLabel("Particles", { exact: true })).toHaveValue("32000");
  await expect(page).toHaveURL(/preset=lj-melt/);
  // A change after the preset travels with it.
  await page.getByLabel("MPI ranks", { exact: true }).fill("8");
  await expect(page).toHaveURL(/preset=lj-melt&ranks=8/);
  const total = await totalBytes(page);
  await page.reload();
  await ready(page);
  // Edited after the preset: the picker says where it started.
  await expect(page.getByLabel("Start from a preset").locator("option:checked")).toHaveText(/^Changed from Lennard-Jones melt/);
  await expect(page.getByLabel("Particles", { exact: true })).toHaveValue("32000");
  await expect(page.getByLabel("MPI ranks", { exact: true })).toHaveValue("8");
  expect(await totalBytes(page)).toBe(total);
});

test("an invalid field shows its message and leaves the rest working", async ({ page }) => {
  await page.goto("./?mode=infer&params=7B");
  await ready(page);
  const total = await totalBytes(page);
  await page.getByLabel("Parameters", { exact: true }).fill("7 bananas");
  await expect(page.locator("#field-params-error")).toHaveAttribute("role", "alert");
  await expect(page.locator("#field-params-error")).toContainText("7 bananas");
  await expect(page.getByLabel("Parameters", { exact: true })).toHaveValue("7 bananas");
  expect(await totalBytes(page)).toBe(total);
  // Other controls still work, and the units toggle still applies to the last valid result.
  await page.getByRole("radio", { name: "GB", exact: true }).check();
  await expect(page.getByTestId("total")).toContainText(" GB");
  await page.getByLabel("Parameters", { exact: true }).fill("3B");
  await expect.poll(() => totalBytes(page)).toBeLessThan(total);
});

test("a measured peak is set beside the rows it counts, and the difference can be kept", async ({ page }) => {
  await page.goto("./?mode=infer&params=7B&dtype=fp16");
  await ready(page);
  await page.getByLabel("Peak you measured", { exact: true }).fill("20");
  await page.getByLabel("Reported by", { exact: true }).selectOption("reserved");
  const check = page.getByTestId("check");
  await expect(check).toContainText("max_memory_reserved");
  await expect(check).toContainText("without the CUDA context");
  expect(Number(await check.getAttribute("data-error-bp"))).toBeLessThan(0);
  await page.getByTestId("keep-calibration").click();
  await expect(page.locator('[data-component="calibration"]')).toHaveAttribute("data-bytes", /^[1-9]\d*$/);
  await expect(check).toHaveAttribute("data-error-bp", "0");
  await expect(page).toHaveURL(/calibration=/);
  await page.reload();
  await ready(page);
  await expect(page.getByTestId("check")).toHaveAttribute("data-error-bp", "0");
});

test("the scaling chart marks where it stops fitting, for batches and for nodes", async ({ page }) => {
  await page.goto("./?params=1B&gpu=a100-40&seq=4096");
  await ready(page);
  await page.waitForTimeout(400);
  await expect(page.locator(".scaling-summary")).toContainText(/fits up to \d+, not at \d+/);
  const inked = await page.getByTestId("scaling-chart").evaluate((c: HTMLCanvasElement) => c.width * c.height);
  expect(inked).toBeGreaterThan(10000);
  await page.goto("./?preset=spectral-1024");
  await ready(page);
  await page.waitForTimeout(400);
  await expect(page.locator("#scaling-heading")).toContainText("scales with nodes");
  await page.locator(".scaling-numbers summary").click();
  await expect(page.getByTestId("scaling-table").locator("thead")).toContainText("Strong scaling");
  await expect(page.getByTestId("scaling-table").locator("thead")).toContainText("Weak scaling");
});

test("every row explains itself, and the FAQ answers with this scenario's numbers", async ({ page }) => {
  await page.goto("./");
  await ready(page);
  const row = page.locator('[data-component="optimizer"]');
  await row.locator("details.explain summary").click();
  await expect(row.locator(".answer")).toBeVisible();
  await expect(row.locator(".source")).toContainText("ZeRO");
  const faq = page.locator('[data-faq="drivers"]');
  await faq.locator("summary").click();
  await expect(faq).toContainText("Optimizer states");
  await expect(faq).toContainText("52.15 GiB");
  // What was opened stays open while the numbers in it change.
  await page.getByLabel("Parameters", { exact: true }).fill("3B");
  await expect(faq).toContainText("22.35 GiB");
  await expect(faq).toHaveJSProperty("open", true);
  await expect(row.locator("details.explain")).toHaveJSProperty("open", true);
  await expect(row.locator(".formula")).toContainText("3,000,000,000");
});

test("a CPU node preset fills the memory per node", async ({ page }) => {
  await page.goto("./?preset=cfd-10m");
  await ready(page);
  await page.getByLabel("CPU node", { exact: true }).selectOption("fugaku");
  await expect(page.locator("#field-node_mem")).toHaveValue("32");
  await expect(page.getByTestId("verdict")).toContainText("32.00 GiB");
  // The link names the node (`node=`); its memory follows from it, so no node_mem is written.
  await expect(page).toHaveURL(/node=fugaku/);
  await expect(page).not.toHaveURL(/node_mem=/);
});
