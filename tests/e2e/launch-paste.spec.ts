import { test, expect, ready, ARTIFACTS } from "./fixtures";

// Issue 40 (h-trip): launch settings round-trip on the page. The text a target's "Launch
// settings" fold shows (and its copy button copies) pasted into the "Paste a log" box of a page
// left at its defaults gives back the keys it was written from (log/launch.rs in the log wasm).

async function launchText(page, target: string): Promise<string> {
  const launch = page.getByTestId("launch");
  await launch.scrollIntoViewIfNeeded();
  const fold = launch.locator(`details[data-target="${target}"]`);
  await fold.locator("summary").click();
  return (await fold.locator("pre code").textContent()) ?? "";
}

async function paste(page, text: string) {
  const fold = page.getByTestId("log-paste");
  if (!(await fold.evaluate((d: HTMLDetailsElement) => d.open))) await fold.locator("> summary").click();
  await page.getByTestId("log-text").fill(text);
  await page.getByTestId("log-read").click();
  await expect(page.getByTestId("log-answer")).toBeVisible();
}

test("a llama-server command from the Launch fold, pasted back, sets the same keys", async ({ page }, testInfo) => {
  await page.goto("./?mode=infer&engine=llamacpp&model_id=meta-llama/Llama-3.1-8B&quant=q4_k_m&seq=8192&batch=4&kv_dtype=q8_0&flash_attention=off");
  await ready(page);
  const text = await launchText(page, "llamacpp");
  expect(text).toContain("-m Llama-3.1-8B-Q4_K_M.gguf");
  await page.goto("./");
  await ready(page);
  await paste(page, text);
  await expect(page.getByTestId("log-headline")).toContainText("llama.cpp");
  for (const k of [/engine=llamacpp/, /quant=q4_k_m/, /seq=8192/, /batch=4/, /kv_dtype=q8_0/, /flash_attention=off/, /Llama-3\.1-8B/]) {
    await expect(page).toHaveURL(k);
  }
  await expect(page.locator('[data-testid="log-filled"] li[data-key="quant"]')).toContainText("Llama-3.1-8B-Q4_K_M.gguf");
  await page.getByTestId("log-answer").screenshot({ path: `${ARTIFACTS}/${testInfo.project.name}-launch-paste-llamacpp.png` });
});

test("a ds_config.json and an sbatch script from the Launch folds, pasted back, set the same keys", async ({ page }, testInfo) => {
  const q = "./?mode=train&model_id=meta-llama/Llama-3.1-8B&framework=deepspeed&zero=3&offload=all&gpus=16&batch=2&micro_batches=4";
  await page.goto(q);
  await ready(page);
  const ds = await launchText(page, "deepspeed");
  const sbatch = await launchText(page, "sbatch");
  await page.goto("./?mode=train");
  await ready(page);
  await paste(page, ds);
  await expect(page.getByTestId("log-headline")).toContainText("DeepSpeed");
  for (const k of [/zero=3/, /offload=all/, /batch=2/, /micro_batches=4/]) await expect(page).toHaveURL(k);
  await page.getByTestId("log-answer").screenshot({ path: `${ARTIFACTS}/${testInfo.project.name}-launch-paste-deepspeed.png` });
  await page.goto("./?mode=infer");
  await ready(page);
  await paste(page, sbatch);
  await expect(page.getByTestId("log-headline")).toContainText("Recognised launch settings: Slurm");
  for (const k of [/framework=deepspeed/, /zero=3/, /offload=all/, /gpus=16/]) await expect(page).toHaveURL(k);
  expect(page.url()).not.toMatch(/mode=infer/);
});

// Issue 40 (h-fsdp): the training launches — torchrun with the FSDP arguments, and Hugging Face
// TrainingArguments — read back by log/trainer.rs in the log wasm.
test("a torchrun/FSDP launch and TrainingArguments from the Launch folds, pasted back, set the same keys", async ({ page }, testInfo) => {
  await page.goto("./?mode=train&model_id=meta-llama/Llama-3.1-8B&framework=fsdp&zero=3&sharding=hybrid&gpus=16&dtype=bf16&recompute=full");
  await ready(page);
  const fsdp = await launchText(page, "fsdp");
  expect(fsdp).toContain("torchrun");
  await page.goto("./?mode=infer");
  await ready(page);
  await paste(page, fsdp);
  await expect(page.getByTestId("log-headline")).toContainText("Recognised launch settings: PyTorch FSDP under torchrun");
  await expect(page.getByTestId("log-answer").locator("h3").first()).toHaveText("Filled from the launch settings");
  for (const k of [/framework=fsdp/, /sharding=hybrid/, /gpus=16/, /recompute=full/]) await expect(page).toHaveURL(k);
  expect(page.url()).not.toMatch(/mode=infer/);
  await expect(page.locator('[data-testid="log-filled"] li[data-key="sharding"]')).toContainText("ShardingStrategy.HYBRID_SHARD");
  await page.getByTestId("log-answer").screenshot({ path: `${ARTIFACTS}/${testInfo.project.name}-launch-paste-fsdp.png` });
  await page.goto("./?mode=train&model_id=meta-llama/Llama-3.1-8B&framework=hf_trainer&batch=4&micro_batches=8&optimizer=adam8bit&recompute=full");
  await ready(page);
  const hf = await launchText(page, "hf");
  expect(hf).toContain("TrainingArguments(");
  await page.goto("./?mode=train");
  await ready(page);
  await paste(page, hf);
  for (const k of [/framework=hf_trainer/, /batch=4/, /micro_batches=8/, /optimizer=adam8bit/, /recompute=full/]) await expect(page).toHaveURL(k);
  await expect(page.locator('[data-testid="log-filled"] li[data-key="optimizer"]')).toContainText("adamw_bnb_8bit");
});
