import { test, expect, ready, ARTIFACTS } from "./fixtures";

// Issue 40, launch settings per suggestion and per layout: each row of "What would save the most
// memory" and of the layout search has a "Launch" fold with the settings that realise it,
// written by the page's core with the current setup's writers on the row's patched scenario
// (`report::launch_rows`, `report::emit::rows`), each with a copy button. They are asked of the
// page's core only when a row's fold first opens (issue 41/36, `time::rows_of`): the fold says
// "Writing the launch settings…" until they come, and the time answer does not carry them.

const SERVE = "./?v=4&mode=infer&model_id=meta-llama/Llama-3.1-70B&gpus=4&tp=4&seq=32768&batch=8&engine=vllm";

test("a suggestion's Launch fold copies the vLLM command that applies it", async ({ page, context }, testInfo) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto(SERVE);
  await ready(page);
  const row = page.locator('li[data-saving="kv_dtype=fp8"]');
  await row.scrollIntoViewIfNeeded();
  const fold = row.getByTestId("row-launch");
  await fold.locator("> summary").click();
  const vllm = fold.locator('details[data-target="vllm"]');
  await vllm.locator("summary").click();
  const code = vllm.locator("pre code");
  await expect(code).toContainText("vllm serve meta-llama/Llama-3.1-70B \\\n");
  await expect(code).toContainText("  --kv-cache-dtype fp8");
  await expect(code).toContainText("# --kv-cache-dtype fp8: the KV cache in FP8");
  // The scenario's own command (the share panel's) keeps the model's dtype.
  const own = page.getByTestId("launch").locator('details[data-target="vllm"] pre code');
  await expect(own).not.toContainText("--kv-cache-dtype fp8");
  await vllm.getByTestId("copy-launch").click();
  await expect(row.getByTestId("row-copied")).toHaveText("Launch settings copied.");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await code.textContent());
  await row.screenshot({ path: `${ARTIFACTS}/launch-suggestion-${testInfo.project.name}.png` });
});

test("each layout row offers the DeepSpeed config of its ZeRO stage", async ({ page }, testInfo) => {
  await page.goto("./?params=7B&gpus=8&seq=4096&framework=deepspeed&zero=3");
  await ready(page);
  const layouts = page.getByTestId("layouts");
  await layouts.scrollIntoViewIfNeeded();
  await layouts.locator("> summary").click();
  const rows = layouts.locator("li[data-layout]");
  await expect(rows.first()).toBeVisible();
  const n = await rows.count();
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) {
    const row = rows.nth(i);
    const zero = /zero=(\d)/.exec((await row.getAttribute("data-layout")) ?? "")![1];
    const fold = row.getByTestId("row-launch");
    await fold.locator("> summary").click();
    const ds = fold.locator('details[data-target="deepspeed"]');
    await ds.locator("summary").click();
    await expect(ds.locator("pre code")).toContainText(`"stage": ${zero}`);
    await expect(fold.locator('details[data-target="sbatch"] pre code')).toContainText("#SBATCH --gpus-per-node=8", { useInnerText: false });
  }
  await rows.first().screenshot({ path: `${ARTIFACTS}/launch-layout-${testInfo.project.name}.png` });
});
