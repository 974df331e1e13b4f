import { test, expect, ready, ARTIFACTS } from "./fixtures";

const L8 = "layers=32&hidden=4096&heads=32&kv_heads=8&ffn=14336&vocab=128256";

test("framework= sets its defaults, lists them with their sources, and a link keeps only later changes", async ({ page }) => {
  await page.goto(`./?v=1&framework=torchtune&${L8}&batch=2`);
  await ready(page);
  const implied = page.getByTestId("framework-implied");
  await expect(implied).toBeVisible();
  await expect(implied.locator('li[data-key="loss_chunks"]')).toContainText("loss_chunks=8");
  await expect(implied.locator('li[data-key="loss_chunks"]')).toContainText("CEWithChunkedOutputLoss");
  await expect(page.getByLabel("Framework", { exact: true })).toHaveValue("torchtune");
  await expect(page.getByLabel("Activation recomputation", { exact: true })).toHaveValue("full");
  const logits = page.locator('[data-component="logits"]');
  const logitBytes = async () => Number(await logits.getAttribute("data-bytes"));
  const before = await logitBytes();

  // Overriding one implied setting is shown as such, changes the total, and stays in the link.
  await page.locator("fieldset", { has: page.locator("legend", { hasText: "Framework and training mechanics" }) }).locator("summary").click();
  const chunks = page.getByLabel("Loss computed in chunks", { exact: true });
  await chunks.fill("1");
  await expect(implied.locator('li[data-key="loss_chunks"]')).toHaveAttribute("data-overridden", "true");
  // One chunk holds every logit's FP32 copies at once: the loss row grows.
  await expect.poll(logitBytes).toBeGreaterThan(before);
  await expect.poll(() => page.url()).toContain("loss_chunks=1");
  expect(page.url()).toMatch(/\?v=\d+&framework=torchtune&/);
  expect(page.url()).not.toContain("recompute=");

  // Switching framework moves the implied values and keeps the user's.
  await page.getByLabel("Framework", { exact: true }).selectOption("torchtitan");
  await expect(page.getByLabel("Activation recomputation", { exact: true })).toHaveValue("selective_op");
  await expect(chunks).toHaveValue("1");
  await expect(page.locator('[data-component="gathered_layers"]')).toHaveCount(0);
  await page.getByLabel("Framework", { exact: true }).selectOption("none");
  await expect(page.getByTestId("framework-implied")).toHaveCount(0);
  await expect(page.getByLabel("Activation recomputation", { exact: true })).toHaveValue("none");
});

test("the layout search lists layouts that fit on the GPUs and applies one", async ({ page }) => {
  await page.goto(`./?v=1&${L8}&seq=4096&gpus=8`);
  await ready(page);
  await expect(page.getByTestId("verdict")).toHaveAttribute("data-fits", "false");
  const layouts = page.getByTestId("layouts");
  await layouts.locator("summary").click();
  const first = layouts.locator("li[data-layout]").first();
  await expect(first).toBeVisible();
  await first.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("verdict")).toHaveAttribute("data-fits", "true");
});

test("variable-length batches show the allocator's stranded blocks until expandable segments are on", async ({ page }) => {
  await page.goto(`./?v=1&mode=finetune&${L8}&batch=2&seq=2048&lora_rank=8&batching=variable`);
  await ready(page);
  const frag = page.locator('[data-component="fragmentation"]');
  await expect(frag).toHaveCount(1);
  expect(Number(await frag.getAttribute("data-bytes"))).toBeGreaterThan(0);
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-fragmentation.png`, fullPage: true });
  await page.locator("fieldset", { has: page.locator("legend", { hasText: "Framework and training mechanics" }) }).locator("summary").click();
  await page.getByLabel("Expandable segments (PYTORCH_CUDA_ALLOC_CONF)", { exact: true }).check();
  await expect(frag).toHaveCount(0);
  await expect.poll(() => page.url()).toContain("expandable_segments=on");
});

test("torchtitan with pipeline parallelism keeps each stage unsharded, and the two settings undo it", async ({ page }) => {
  await page.goto(`./?v=2&mode=train&${L8}&framework=torchtitan&gpu_mem=95&gpus=64&tp=2&pp=4&batch=1&seq=4096`);
  await ready(page);
  const row = page.locator('[data-component="gathered_layers"]');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Unsharded stage");
  const bytes = async () => Number(await row.getAttribute("data-bytes"));
  const kept = await bytes();
  await page.locator("fieldset", { has: page.locator("legend", { hasText: "Framework and training mechanics" }) }).locator("summary").click();
  const reshard = page.getByLabel("Reshard after forward (ZeRO-3/FSDP)", { exact: true });
  await expect(reshard).toHaveValue("except_pp");
  await reshard.selectOption("always");
  await page.getByLabel("Gradient reduce-scatter with pipelining", { exact: true }).selectOption("each");
  await expect.poll(bytes).toBeLessThan(kept / 4);
  await expect(row).toContainText("Unsharded layers in flight");
  await expect.poll(() => page.url()).toContain("reshard_after_forward=always");
  await expect(page.getByTestId("framework-implied").locator('li[data-key="pp_grad_sync"]')).toHaveAttribute("data-overridden", "true");
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-pipeline-fsdp.png`, fullPage: true });
});

test("under torchtitan the layout search lists what torchtitan runs, as many as the CLI", async ({ page }) => {
  await page.goto(`./?v=2&mode=train&params=70B&gpus=64&seq=4096&framework=torchtitan`);
  await ready(page);
  const layouts = page.getByTestId("layouts");
  await layouts.locator("summary").click();
  const rows = layouts.locator("li[data-layout]");
  // `memcalc --layouts params=70B gpus=64 seq=4096 framework=torchtitan` lists 12.
  await expect(rows).toHaveCount(12);
  for (const q of await rows.evaluateAll((els) => els.map((e) => e.getAttribute("data-layout") ?? ""))) {
    expect(q).toContain("zero=3");
  }
  await expect(layouts.locator('li[data-layout*="recompute=selective_op"]').first()).toBeVisible();
  await expect(page.getByTestId("layouts-scope")).toContainText("Only what torchtitan runs");
});

test("TRL checkpoints every layer, as its SFTConfig does: QLoRA of Llama 3.1 8B fits a 4090", async ({ page }) => {
  await page.goto(`./?v=2&mode=finetune&model_id=meta-llama/Llama-3.1-8B&lora_rank=64&quant=nf4&gpu=rtx4090&seq=2048&framework=trl`);
  await ready(page);
  await expect(page.getByLabel("Activation recomputation", { exact: true })).toHaveValue("full");
  await expect(page.getByTestId("framework-implied").locator('li[data-key="recompute"]')).toContainText("huggingface/trl#3510");
  await expect(page.getByTestId("verdict")).toHaveAttribute("data-fits", "true");
});
