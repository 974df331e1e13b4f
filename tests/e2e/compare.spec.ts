import { test, expect, ready, ARTIFACTS } from "./fixtures";

// Issue 41: setups side by side. Keep the form's setup, change the form, and both show part by
// part with what moved; the link reopens every column; a bad kept setup is named, the good
// ones stay.

const SERVE = "./?v=4&mode=infer&model_id=meta-llama/Llama-3.1-70B&gpus=4&tp=4&seq=32768&batch=8&engine=vllm";

test("keep a setup, change the form: both side by side with what moved, and the link reopens them", async ({ page }, testInfo) => {
  await page.goto(SERVE);
  await ready(page);
  const view = page.getByTestId("compare");
  await view.scrollIntoViewIfNeeded();
  await view.getByTestId("compare-keep").click();
  // The form is the kept setup: one column would compare nothing, so the button waits.
  await expect(view.getByTestId("compare-keep")).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]cmp=v%3D\d/);

  // SGLang instead of vLLM: its smaller share moves the KV pool most.
  await page.locator("#field-engine").selectOption("sglang");
  const table = view.getByTestId("compare-table");
  await expect(table.locator("thead th")).toHaveText(["", "Setup 1", "Setup 2 (the form)"]);
  const kv = table.locator('tr[data-compare-part="kv_cache"]');
  await expect(kv).toHaveClass(/moves/);
  await expect(kv.locator("td").nth(1)).toContainText("(−");
  await expect(table.locator("tbody tr").first().locator("th")).toHaveText("Total");
  await expect(view.getByTestId("compare-sentence-2")).toContainText(
    "Changes from setup 1: engine vllm → sglang. Moves most: KV cache pool −",
  );
  await expect(view.getByTestId("compare-sentence-2")).toContainText("The KV pool holds");
  await view.screenshot({ path: `${ARTIFACTS}/compare-two-${testInfo.project.name}.png` });

  // The link reopens both columns.
  await page.waitForURL(/engine=sglang/);
  const url = page.url();
  await page.goto(url);
  await ready(page);
  const again = page.getByTestId("compare");
  await again.scrollIntoViewIfNeeded();
  await expect(again.getByTestId("compare-table").locator("thead th")).toHaveText(["", "Setup 1", "Setup 2 (the form)"]);

  // Removing the kept setup leaves the form alone and the link without it.
  await again.getByRole("button", { name: "Remove setup 1" }).click();
  await expect(again.getByTestId("compare-table")).toHaveCount(0);
  await expect(page).not.toHaveURL(/cmp=/);
});

test("four setups at most, and a bad kept setup is named while the good ones stay", async ({ page }, testInfo) => {
  const keep = (q: string) => `&cmp=${encodeURIComponent(q)}`;
  await page.goto(
    `./?v=3&params=7B${keep("v=3&params=7B&zero=3&gpus=8")}${keep("v=3&params=7B&dtyp=bf16")}${keep("v=3&params=7B&optimizer=adam8bit")}`,
  );
  await ready(page);
  await expect(page.getByRole("alert").first()).toContainText("Kept setup 2 of this link was left out of the comparison: Unknown parameter 'dtyp'");
  const view = page.getByTestId("compare");
  await view.scrollIntoViewIfNeeded();
  await expect(view.getByTestId("compare-table").locator("thead th")).toHaveText(["", "Setup 1", "Setup 2", "Setup 3 (the form)"]);
  // One more fits (four columns), then the button goes.
  await page.locator("#field-recompute").selectOption("full");
  await view.getByTestId("compare-keep").click();
  await expect(view.getByTestId("compare-table").locator("thead th")).toHaveCount(5);
  await expect(view.getByTestId("compare-keep")).toHaveCount(0);
  await view.screenshot({ path: `${ARTIFACTS}/compare-four-${testInfo.project.name}.png` });
});

test("each setup's step time and bound, and a suggestion and a layout row added to the comparison", async ({ page }, testInfo) => {
  // 7B on 8 GPUs: suggestions (ZeRO stages…) and layouts to keep beside the form.
  await page.goto("./?v=4&params=7B&gpus=8&seq=4096&framework=megatron");
  await ready(page);
  // A suggestion's "Compare" keeps its setup: the form and it side by side.
  const saving = page.locator("li[data-saving]").first();
  await saving.scrollIntoViewIfNeeded();
  await saving.locator("[data-compare-add]").click();
  await expect(page).toHaveURL(/[?&]cmp=v%3D\d/);
  const view = page.getByTestId("compare");
  await view.scrollIntoViewIfNeeded();
  const table = view.getByTestId("compare-table");
  await expect(table.locator("thead th")).toHaveText(["", "Setup 1", "Setup 2 (the form)"]);
  // Each column's time comes from the lazily loaded time wasm, with its bound.
  const times = table.getByTestId("compare-time").locator("td");
  await expect(times).toHaveCount(2);
  await expect(times.nth(0)).toHaveText(/^\d[\d.]* (ns|µs|ms|s|min|h) \(.+\)$/);
  await expect(times.nth(1)).toHaveText(/^\d[\d.]* (ns|µs|ms|s|min|h) \(.+\)$/);
  await expect(view.getByTestId("compare-sentence-2")).toContainText(" Step ");
  // A layout row's "Compare" adds a third column.
  const layouts = page.getByTestId("layouts");
  await layouts.scrollIntoViewIfNeeded();
  await layouts.locator("summary").click();
  const row = layouts.locator("li[data-layout]").first();
  await row.locator("[data-compare-add]").click();
  await expect(table.locator("thead th")).toHaveText(["", "Setup 1", "Setup 2", "Setup 3 (the form)"]);
  await expect(table.getByTestId("compare-time").locator("td")).toHaveCount(3);
  await expect(table.getByTestId("compare-time").locator("td").nth(1)).toHaveText(/ \(.+\)$/);
  await view.screenshot({ path: `${ARTIFACTS}/compare-times-${testInfo.project.name}.png` });
});

test("every time term side by side with its difference, and the time bars on one axis", async ({ page }, testInfo) => {
  // Issue 41 (h-compare): ZeRO-1 kept, ZeRO-3 in the form: the parameters' gathers move the
  // data-parallel term; each term's row has a cell per setup with the difference from setup 1.
  const keep = encodeURIComponent("v=4&params=7B&gpus=8&zero=1");
  await page.goto(`./?v=4&params=7B&gpus=8&zero=3&cmp=${keep}`);
  await ready(page);
  const view = page.getByTestId("compare");
  await view.scrollIntoViewIfNeeded();
  const table = view.getByTestId("compare-table");
  await expect(table.locator("thead th")).toHaveText(["", "Setup 1", "Setup 2 (the form)"]);
  // The time section: a heading row, then one row per term, the ones that move most first.
  await expect(table.locator("tr.compare-section th")).toHaveText("Time terms (per step)");
  const terms = table.locator("tr[data-compare-term]");
  expect(await terms.count()).toBeGreaterThan(1);
  const first = terms.first();
  await expect(first).toHaveClass(/moves/);
  await expect(first.locator("td")).toHaveCount(2);
  await expect(first.locator("td").nth(0)).toHaveText(/^\d[\d.]* (ns|µs|ms|s|min|h)$/);
  await expect(first.locator("td").nth(1)).toHaveText(/^\d[\d.]* (ns|µs|ms|s|min|h) \([+−][\d.]+ (ns|µs|ms|s|min|h), [+−][\d.]+ %\)$/);
  await expect(first).toHaveAttribute("data-compare-term", "data_parallel_exposed");
  await expect(table.locator('tr[data-compare-term="train_compute"]')).not.toHaveClass(/moves/);
  // The time bars: the step and the terms of both setups on one axis, read aloud.
  const chart = view.getByTestId("compare-time-chart");
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute("aria-label", /^Step time and the time terms that move most, each setup on one axis\. Step: setup 1 [\d.]+ (ns|µs|ms|s), setup 2 /);
  const box = await chart.boundingBox();
  expect(box!.width).toBeGreaterThan(200);
  expect(box!.height).toBeGreaterThan(150);
  await table.scrollIntoViewIfNeeded();
  await view.screenshot({ path: `${ARTIFACTS}/compare-time-terms-${testInfo.project.name}.png` });
  await chart.scrollIntoViewIfNeeded();
  await chart.screenshot({ path: `${ARTIFACTS}/compare-time-chart-${testInfo.project.name}.png` });
});
