import { test, expect, ready, totalBytes, partRows, ARTIFACTS } from "./fixtures";

// Issue 29, point 2: a bad value never shows another scenario, and a half-typed one is stale.

test("a link with an unknown model shows the link's inference estimate, naming the model as left out", async ({ page }, testInfo) => {
  await page.goto("./?v=2&model_id=llama3&mode=infer");
  await ready(page);
  const verdict = page.getByTestId("verdict");
  await expect(page.locator("#field-model_id-error")).toContainText("closest known ids");
  await expect(page.locator("#field-model_id")).toHaveValue("llama3");
  await expect(page.getByTestId("left-out")).toContainText("Estimate without Released model: its value is not valid");
  await expect(page.getByTestId("left-out")).toContainText("Released model taken as empty");
  // Stale: neither the green nor the red verdict, and the old "last valid result" never shown.
  await expect(verdict).toHaveAttribute("data-stale", "true");
  await expect(verdict).toHaveAttribute("data-fits", /^(true|false)$/);
  await expect(verdict).not.toHaveClass(/\b(fits|short)\b/);
  await expect(verdict).not.toContainText("Showing the last valid result");
  // An inference breakdown (a KV cache, no optimizer states): the link's mode, not the default training.
  await expect(page.locator('[data-component="kv_cache"]')).toHaveCount(1);
  await expect(page.locator('[data-component="optimizer"]')).toHaveCount(0);
  await expect(page.locator("#field-mode")).toHaveValue("infer");
  const rows = await partRows(page);
  const total = await totalBytes(page);
  await page.screenshot({ path: `${ARTIFACTS}/bad-link-${testInfo.project.name}.png`, fullPage: true });
  // The same figures as the link without the bad value, which is not stale.
  await page.goto("./?v=2&mode=infer");
  await ready(page);
  expect(await totalBytes(page)).toBe(total);
  expect(await partRows(page)).toEqual(rows);
  await expect(page.getByTestId("verdict")).toHaveAttribute("data-stale", "false");
  await expect(page.getByTestId("left-out")).toHaveCount(0);
});

test("an unknown GPU keeps the link's model and mode; common spellings are read", async ({ page }) => {
  await page.goto("./?v=2&mode=infer&model_id=meta-llama/Llama-3.1-70B&gpu=h1OO&tp=2&gpus=2");
  await ready(page);
  await expect(page.locator("#field-gpu-error")).toContainText("not a known GPU");
  await expect(page.getByTestId("left-out")).toContainText("GPU taken as NVIDIA H100 80GB");
  const total = await totalBytes(page);
  // The Instruct id, `gpu=H100` and `dtype=bfloat16` are the catalog's values: no error, no stale verdict, same figures.
  await page.goto("./?v=2&mode=infer&model_id=meta-llama/Llama-3.1-70B-Instruct&gpu=H100&dtype=bfloat16&tp=2&gpus=2");
  await ready(page);
  await expect(page.getByTestId("verdict")).toHaveAttribute("data-stale", "false");
  for (const key of ["model_id", "gpu", "dtype"]) await expect(page.locator(`#field-${key}-error`)).toBeEmpty();
  expect(await totalBytes(page)).toBe(total);
  // The selects show the option the spelling stands for.
  await expect(page.locator("#field-gpu")).toHaveValue("h100-80");
  await expect(page.locator("#field-dtype")).toHaveValue("bf16");
});

test("a half-typed count shows a stale verdict, never a fresh one for the digits typed so far", async ({ page }) => {
  await page.goto("./?v=2&mode=infer&params=70B");
  await ready(page);
  const verdict = page.getByTestId("verdict");
  await expect(verdict).toHaveAttribute("data-stale", "false");
  const params = page.locator("#field-params");
  await params.fill("");
  await params.pressSequentially("70,6B");
  await expect(params).toHaveValue("70,6B");
  await expect(page.locator("#field-params-error")).toContainText("ambiguous");
  await expect(verdict).toHaveAttribute("data-stale", "true");
  await expect(verdict).not.toHaveClass(/\b(fits|short)\b/);
  await expect(page.getByTestId("left-out")).toContainText("Estimate without Parameters");
  // Not the 70-parameter model of the keystrokes before the comma: the base's count, billions of parameters.
  expect(await totalBytes(page)).toBeGreaterThan(10e9);
  await page.screenshot({ path: `${ARTIFACTS}/bad-link-typing-${test.info().project.name}.png`, fullPage: true });
  await params.fill("70.6B");
  await expect(verdict).toHaveAttribute("data-stale", "false");
  await expect(verdict).toHaveClass(/\b(fits|short)\b/);
  await expect(page.getByTestId("left-out")).toHaveCount(0);
});

test("a mistyped preset is an input error naming the closest, with no estimate of another scenario", async ({ page }, testInfo) => {
  // Issue 39: `preset=lammps-rhodo` estimated the default 7B training run under a notice.
  await page.goto("./?v=2&preset=lammps-rhodo");
  // No `ready`: there is no total to wait for, only the live verdict's word.
  await expect(page.getByTestId("total")).toHaveText("No estimate");
  const alert = page.locator('.query-notices[role="alert"]');
  await expect(alert).toContainText("'lammps-rhodo' is not a known preset (did you mean lammps-rhodopsin?)");
  const verdict = page.getByTestId("verdict");
  await expect(verdict).toHaveAttribute("data-stale", "true");
  await expect(verdict).not.toHaveClass(/\b(fits|short)\b/);
  await expect(page.getByTestId("left-out")).toContainText("No estimate for this link");
  // No figure of the defaults (another scenario) anywhere: no total, chart, table, time or pill.
  await expect(page.getByTestId("total")).toHaveText("No estimate");
  await expect(page.getByTestId("total")).toHaveAttribute("data-bytes", "");
  await expect(verdict).toHaveAttribute("data-fits", "false");
  await expect(page.getByTestId("breakdown-chart")).toBeHidden();
  await expect(page.locator("[data-component]").first()).toBeHidden();
  await expect(page.getByTestId("speed")).toBeHidden();
  await expect(page.getByTestId("mobile-summary")).toBeHidden();
  // What shows (innerText leaves the hidden parts out) holds no size at all.
  expect(await page.locator("section.results").first().innerText()).not.toMatch(/\d(\.\d+)? (GiB|GB)/);
  // The address bar keeps the link as given: no link of the defaults is written over it.
  await page.waitForTimeout(400);
  await expect(page).toHaveURL(/preset=lammps-rhodo$/);
  await page.screenshot({ path: `${ARTIFACTS}/mistyped-preset-${testInfo.project.name}.png`, fullPage: true });
  // Choosing the preset meant gives its estimate, no longer stale.
  await page.getByLabel("Start from a preset").selectOption("lammps-rhodopsin");
  await expect(verdict).toHaveAttribute("data-stale", "false");
  await expect(page.getByTestId("left-out")).toHaveCount(0);
  await expect(page.getByTestId("total")).toHaveText(/\d/);
  await expect(page.getByTestId("breakdown-chart")).toBeVisible();
  await expect(page).toHaveURL(/preset=lammps-rhodopsin/);
});
